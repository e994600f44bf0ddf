-- The Leaderboard: club sessions, presence and games.

CREATE TABLE club_sessions (
    id         INTEGER PRIMARY KEY,
    opened_at  TEXT    NOT NULL,
    opened_by  INTEGER NOT NULL REFERENCES people(id),
    closed_at  TEXT,
    closed_by  INTEGER REFERENCES people(id),
    -- the club-local date the session belongs to
    club_date  TEXT    NOT NULL
);
CREATE UNIQUE INDEX club_sessions_one_open ON club_sessions((closed_at IS NULL)) WHERE closed_at IS NULL;

CREATE TABLE presence (
    session_id  INTEGER NOT NULL REFERENCES club_sessions(id),
    person_id   INTEGER NOT NULL REFERENCES people(id),
    at          TEXT    NOT NULL,
    marked_by   INTEGER REFERENCES people(id),
    PRIMARY KEY (session_id, person_id)
);

-- status: waiting_join (a player must join within the session), pending_approval (monitored),
-- counted, voided, lapsed (the join never came).
CREATE TABLE games (
    id                 INTEGER PRIMARY KEY,
    session_id         INTEGER REFERENCES club_sessions(id),
    white_id           INTEGER NOT NULL REFERENCES people(id),
    black_id           INTEGER NOT NULL REFERENCES people(id),
    result             TEXT    NOT NULL CHECK (result IN ('white', 'black', 'draw')),
    online             INTEGER NOT NULL DEFAULT 0,
    clock_used         INTEGER NOT NULL DEFAULT 0,
    played_at          TEXT    NOT NULL,
    club_date          TEXT    NOT NULL,
    registered_by      INTEGER NOT NULL REFERENCES people(id),
    status             TEXT    NOT NULL,
    ended_by           TEXT    NOT NULL DEFAULT 'play',
    adjudicated_by     INTEGER REFERENCES people(id),
    material_white     INTEGER,
    material_black     INTEGER,
    rematch_of         INTEGER REFERENCES games(id),
    approved_by        INTEGER REFERENCES people(id),
    void_reason        TEXT,
    voided_at          TEXT
);
CREATE INDEX games_players ON games(white_id, black_id);

-- A player's objection to an adjudicated ending, and the rematch it calls for (Terms §I Act 6).
CREATE TABLE rematches (
    id             INTEGER PRIMARY KEY,
    game_id        INTEGER NOT NULL UNIQUE REFERENCES games(id),
    petitioner_id  INTEGER NOT NULL REFERENCES people(id),
    filed_at       TEXT    NOT NULL,
    time_limited   INTEGER NOT NULL DEFAULT 1,
    status         TEXT    NOT NULL DEFAULT 'due',
    rematch_game   INTEGER REFERENCES games(id),
    settled_at     TEXT
);

-- Requests to leave the Leaderboard (Terms §II Act 8).
CREATE TABLE leave_requests (
    id            INTEGER PRIMARY KEY,
    person_id     INTEGER NOT NULL REFERENCES people(id),
    requested_at  TEXT    NOT NULL,
    due_at        TEXT    NOT NULL,
    carried_out   TEXT,
    withdrawn     TEXT
);
