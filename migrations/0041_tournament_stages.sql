-- Tournaments after the Swiss (ACWC Candidates, Final), withdrawals and disqualifications, the
-- Director's rulings, private cheating reports, and the Final's Armageddon bids.

-- 'candidates' or 'final' for a player the Director seeds past the Swiss (ACWC Format).
ALTER TABLE tournament_entrants ADD COLUMN seeded TEXT;
-- Disqualified for an engine mark: their finished Swiss games go to their opponents.
ALTER TABLE tournament_entrants ADD COLUMN engine INTEGER NOT NULL DEFAULT 0;

-- How a match ended other than by its games: 'forfeit' (by `forfeited_id`), or 'disregarded'
-- (a Candidates match of a player who left, ACWC Disqualification and withdrawals).
ALTER TABLE tournament_matches ADD COLUMN decided TEXT;
ALTER TABLE tournament_matches ADD COLUMN forfeited_id INTEGER REFERENCES tournament_entrants(id);
-- The Final's Armageddon game: who plays White, with how many seconds.
ALTER TABLE tournament_matches ADD COLUMN white_id INTEGER REFERENCES tournament_entrants(id);
ALTER TABLE tournament_matches ADD COLUMN white_seconds INTEGER;

CREATE TABLE tournament_bids (
    match_id    INTEGER NOT NULL REFERENCES tournament_matches(id),
    entrant_id  INTEGER NOT NULL REFERENCES tournament_entrants(id),
    seconds     INTEGER NOT NULL,
    at          TEXT    NOT NULL,
    PRIMARY KEY (match_id, entrant_id)
);

CREATE TABLE tournament_rulings (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    match_id       INTEGER REFERENCES tournament_matches(id),
    director_id    INTEGER NOT NULL REFERENCES people(id),
    text           TEXT    NOT NULL,
    at             TEXT    NOT NULL
);
CREATE INDEX tournament_rulings_by_tournament ON tournament_rulings(tournament_id);

-- Accusations of cheating, made privately to the Director and never posted (ACWC Reporting
-- cheats).
CREATE TABLE tournament_reports (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    reporter_id    INTEGER NOT NULL REFERENCES people(id),
    accused_id     INTEGER NOT NULL REFERENCES people(id),
    text           TEXT    NOT NULL,
    at             TEXT    NOT NULL
);
CREATE INDEX tournament_reports_by_tournament ON tournament_reports(tournament_id);
