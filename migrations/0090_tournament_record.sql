-- A tournament match's record as history (ACWC Format, Match rules, Organization): its games
-- numbered, at most one result a game; its whole-match entries (a reported score, a forfeit, a
-- walkover when a player leaves, a disregard); each entry voided, never deleted, by the
-- Director's audited corrections; the match's state is derived from what stands. Also the
-- claims against an absent opponent (no-shows, a player who left mid-match), and each Swiss
-- round's pairing explanation as it was made.

CREATE TABLE tournament_corrections (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    -- 'reverse' (a result or forfeit), 'reinstate' (a player), 'account', 'white'.
    kind           TEXT    NOT NULL CHECK (kind IN ('reverse', 'reinstate', 'account', 'white')),
    match_id       INTEGER REFERENCES tournament_matches(id),
    entrant_id     INTEGER REFERENCES tournament_entrants(id),
    -- What the record said, and what it says now, in words.
    before         TEXT    NOT NULL,
    after          TEXT    NOT NULL,
    reason         TEXT    NOT NULL,
    director_id    INTEGER NOT NULL REFERENCES people(id),
    at             TEXT    NOT NULL
);
CREATE INDEX tournament_corrections_by_tournament ON tournament_corrections(tournament_id);

-- Each game's number in its match, whether it is the Final's Armageddon game, and the
-- correction that voided it.
ALTER TABLE tournament_games ADD COLUMN number INTEGER;
ALTER TABLE tournament_games ADD COLUMN armageddon INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournament_games ADD COLUMN voided_by INTEGER REFERENCES tournament_corrections(id);
UPDATE tournament_games SET number = (
    SELECT COUNT(*) FROM tournament_games g
     WHERE g.match_id = tournament_games.match_id AND g.id <= tournament_games.id);
UPDATE tournament_games SET armageddon = 1 WHERE id IN (
    SELECT MAX(g.id) FROM tournament_games g JOIN tournament_matches m ON m.id = g.match_id
     WHERE m.stage = 'final' AND m.white_id IS NOT NULL AND m.over = 1 AND m.decided IS NULL
     GROUP BY g.match_id);
-- At most one result a game.
CREATE UNIQUE INDEX tournament_games_one_result
    ON tournament_games(match_id, number) WHERE voided_by IS NULL;

CREATE TABLE tournament_results (
    id             INTEGER PRIMARY KEY,
    match_id       INTEGER NOT NULL REFERENCES tournament_matches(id),
    kind           TEXT    NOT NULL CHECK (kind IN ('score', 'forfeit', 'walkover', 'disregarded')),
    -- The whole match's score, for a 'score'.
    first_halves   INTEGER,
    second_halves  INTEGER,
    -- Who forfeited, who left the tournament (a walkover or a disregard).
    against_id     INTEGER REFERENCES tournament_entrants(id),
    -- Who recorded it: a player (confirmed by the opponent) or the Director; NULL for gavel
    -- itself (a withdrawal, a job).
    recorded_by    INTEGER REFERENCES people(id),
    reason         TEXT,
    at             TEXT    NOT NULL,
    voided_by      INTEGER REFERENCES tournament_corrections(id)
);
CREATE INDEX tournament_results_by_match ON tournament_results(match_id);
-- At most one standing score and one standing decision a match.
CREATE UNIQUE INDEX tournament_results_one_of_each
    ON tournament_results(match_id, kind = 'score') WHERE voided_by IS NULL;

-- The record so far: a score that is not the sum of the games was reported; a decided match
-- was forfeited or disregarded.
INSERT INTO tournament_results (match_id, kind, first_halves, second_halves, at)
    SELECT m.id, 'score', m.first_halves, m.second_halves, m.created_at FROM tournament_matches m
     WHERE m.second_id IS NOT NULL
       AND (m.first_halves != (SELECT COALESCE(SUM(CASE g.result WHEN 'first' THEN 2 WHEN 'draw' THEN 1 ELSE 0 END), 0)
                                 FROM tournament_games g WHERE g.match_id = m.id AND g.armageddon = 0)
         OR m.second_halves != (SELECT COALESCE(SUM(CASE g.result WHEN 'second' THEN 2 WHEN 'draw' THEN 1 ELSE 0 END), 0)
                                 FROM tournament_games g WHERE g.match_id = m.id AND g.armageddon = 0));
INSERT INTO tournament_results (match_id, kind, against_id, at)
    SELECT id, 'forfeit', forfeited_id, created_at FROM tournament_matches WHERE decided = 'forfeit';
INSERT INTO tournament_results (match_id, kind, at)
    SELECT id, 'disregarded', created_at FROM tournament_matches WHERE decided = 'disregarded';

-- A claim against an absent opponent (ACWC Match rules): a no-show, reported at the agreed
-- time and again when the grace period ends, or a player who left mid-match. One open claim a
-- match; a counter-claim puts both before the Director.
CREATE TABLE tournament_claims (
    id             INTEGER PRIMARY KEY,
    match_id       INTEGER NOT NULL REFERENCES tournament_matches(id),
    kind           TEXT    NOT NULL CHECK (kind IN ('noshow', 'left')),
    by_id          INTEGER NOT NULL REFERENCES tournament_entrants(id),
    against_id     INTEGER NOT NULL REFERENCES tournament_entrants(id),
    -- The agreed time a no-show is reported against.
    starts_at      TEXT,
    first_at       TEXT    NOT NULL,
    second_at      TEXT,
    state          TEXT    NOT NULL CHECK (state IN ('open', 'countered', 'claimed', 'rescheduled', 'closed')),
    closed_at      TEXT
);
CREATE INDEX tournament_claims_by_match ON tournament_claims(match_id);
INSERT INTO tournament_claims (match_id, kind, by_id, against_id, starts_at, first_at, state)
    SELECT id, 'noshow', noshow_by,
           CASE WHEN noshow_by = first_id THEN second_id ELSE first_id END,
           starts_at, noshow_at, 'open'
      FROM tournament_matches
     WHERE noshow_by IS NOT NULL AND noshow_at IS NOT NULL AND over = 0 AND second_id IS NOT NULL;

-- Each Swiss round's pairing as it was made: the ranking, the bye, the pairs and every step
-- (JSON, domain::tournament::swiss::RoundPairing).
CREATE TABLE tournament_pairings (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    round          INTEGER NOT NULL,
    explanation    TEXT    NOT NULL,
    made_at        TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, round)
);
