-- Tournaments as the ACWC 2019 rules run them: the tournament and its Director, entrants with
-- their Lichess accounts and the facts of their eligibility, and matches with their games.

CREATE TABLE tournaments (
    id             INTEGER PRIMARY KEY,
    name           TEXT    NOT NULL,
    format         TEXT    NOT NULL,
    -- The rules' numbers and dates, as JSON (domain::tournament's Parameters).
    parameters     TEXT    NOT NULL,
    director_id    INTEGER REFERENCES people(id),
    stage          TEXT    NOT NULL,
    rounds         INTEGER,
    created_at     TEXT    NOT NULL,
    started_at     TEXT
);

CREATE TABLE tournament_entrants (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    person_id      INTEGER NOT NULL REFERENCES people(id),
    account        TEXT    NOT NULL,
    entered_at     TEXT    NOT NULL,
    -- The Director's facts about the account (ACWC Player eligibility).
    created        TEXT,
    rated_games    INTEGER,
    rating         INTEGER,
    peak           INTEGER,
    marked         TEXT,
    excepted       TEXT,
    status         TEXT    NOT NULL,
    status_reason  TEXT,
    UNIQUE (tournament_id, account)
);
CREATE INDEX tournament_entrants_by_person ON tournament_entrants(tournament_id, person_id);

CREATE TABLE tournament_matches (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id),
    stage          TEXT    NOT NULL,
    round          INTEGER NOT NULL,
    first_id       INTEGER NOT NULL REFERENCES tournament_entrants(id),
    -- NULL for a bye.
    second_id      INTEGER REFERENCES tournament_entrants(id),
    first_halves   INTEGER NOT NULL DEFAULT 0,
    second_halves  INTEGER NOT NULL DEFAULT 0,
    over           INTEGER NOT NULL DEFAULT 0,
    -- The match points each took when it ended, in halves.
    first_points   INTEGER,
    second_points  INTEGER,
    created_at     TEXT    NOT NULL
);
CREATE INDEX tournament_matches_by_round ON tournament_matches(tournament_id, stage, round);

CREATE TABLE tournament_games (
    id             INTEGER PRIMARY KEY,
    match_id       INTEGER NOT NULL REFERENCES tournament_matches(id),
    result         TEXT    NOT NULL CHECK (result IN ('first', 'second', 'draw')),
    recorded_by    INTEGER NOT NULL REFERENCES people(id),
    at             TEXT    NOT NULL
);
CREATE INDEX tournament_games_by_match ON tournament_games(match_id);
