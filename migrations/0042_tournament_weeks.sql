-- A tournament's weeks in UTC and the negotiation of match times (ACWC Timeline, Match
-- negotiations, Match rules): each match's deadline, the agreed or assigned time, who is at
-- fault, who chooses the time, no-show reports and a reschedule; the offers; a named arbiter.

ALTER TABLE tournaments ADD COLUMN arbiter_id INTEGER REFERENCES people(id);

-- The round's week: its Monday 00:00 UTC; the match is due by the Sunday after, 23:59:59 UTC.
ALTER TABLE tournament_matches ADD COLUMN week_start TEXT;
ALTER TABLE tournament_matches ADD COLUMN starts_at TEXT;
-- 'agreed' (an offer accepted) or 'assigned' (by the opponent of a player at fault, or the
-- arbiter).
ALTER TABLE tournament_matches ADD COLUMN time_by TEXT;
-- At Wednesday's deadline: 'neither', 'first', 'second' or 'both'; the arbiter's finding after
-- the weekend replaces 'neither'.
ALTER TABLE tournament_matches ADD COLUMN fault TEXT;
ALTER TABLE tournament_matches ADD COLUMN noshow_at TEXT;
ALTER TABLE tournament_matches ADD COLUMN noshow_by INTEGER REFERENCES tournament_entrants(id);
-- The appearing player who chose to reschedule: if rescheduling fails, the match is theirs.
ALTER TABLE tournament_matches ADD COLUMN reschedule_by INTEGER REFERENCES tournament_entrants(id);

CREATE TABLE tournament_offers (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES tournament_matches(id),
    entrant_id  INTEGER NOT NULL REFERENCES tournament_entrants(id),
    at          TEXT    NOT NULL,
    made_at     TEXT    NOT NULL,
    accepted_at TEXT
);
CREATE INDEX tournament_offers_by_match ON tournament_offers(match_id);
