-- A result recorded by a player waits for the opponent's confirmation (ACWC Format: "confirmed
-- by the opponent"), or the Director's entry: one pending result per match.
ALTER TABLE tournament_matches ADD COLUMN pending_kind TEXT;      -- 'game' or 'score'
ALTER TABLE tournament_matches ADD COLUMN pending_result TEXT;    -- 'first'|'second'|'draw', or halves 'a-b'
ALTER TABLE tournament_matches ADD COLUMN pending_by INTEGER REFERENCES tournament_entrants(id);
ALTER TABLE tournament_matches ADD COLUMN pending_at TEXT;
