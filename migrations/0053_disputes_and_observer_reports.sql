-- Disputes about a game (house rules D.I.2, A.3.v, A.12): raised by a player or a GM of the
-- game, resolved by the TD or referred to the TMC as a motion, whose ruling binds once both the
-- player and a GM of the game confirm the question put. And Observers' reports to the TD (A.9),
-- which are private: they go to the TD's channel only.
CREATE TABLE disputes (
    id                   INTEGER PRIMARY KEY,
    game                 TEXT    NOT NULL,
    question             TEXT    NOT NULL,
    raised_by            INTEGER NOT NULL REFERENCES people(id),
    player_id            INTEGER NOT NULL REFERENCES people(id),
    raised_at            TEXT    NOT NULL,
    status               TEXT    NOT NULL CHECK (status IN ('raised', 'resolved', 'referred')),
    resolution           TEXT,
    resolved_by          INTEGER REFERENCES people(id),
    resolved_at          TEXT,
    motion_id            INTEGER REFERENCES motions(id),
    player_confirmed_at  TEXT,
    gm_confirmed_by      INTEGER REFERENCES people(id),
    gm_confirmed_at      TEXT
);
CREATE INDEX disputes_by_motion ON disputes(motion_id) WHERE motion_id IS NOT NULL;

CREATE TABLE observer_reports (
    id           INTEGER PRIMARY KEY,
    game         TEXT    NOT NULL,
    observer_id  INTEGER NOT NULL REFERENCES people(id),
    text         TEXT    NOT NULL,
    at           TEXT    NOT NULL
);
