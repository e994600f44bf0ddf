-- Party Chess (Rules 1230.1-1230.21): the Rule Suite as imported with every version it has had,
-- the game (its Chess-Umpire, its published seed, the position and play list as JSON of
-- domain::partychess's types), its Swingers, the history of every play, and the ledger of
-- pieces created.

CREATE TABLE partychess_rules (
    id             INTEGER PRIMARY KEY,
    number         INTEGER NOT NULL,
    revision       INTEGER NOT NULL,
    title          TEXT    NOT NULL,
    author         TEXT    NOT NULL,
    text           TEXT    NOT NULL,
    origin         TEXT    NOT NULL,
    imported_at    TEXT    NOT NULL,
    -- When a later import replaced or dropped this version; NULL while it is in force.
    superseded_at  TEXT
);
CREATE INDEX partychess_rules_in_force ON partychess_rules(number, superseded_at);

CREATE TABLE partychess_games (
    id             INTEGER PRIMARY KEY,
    umpire_id      INTEGER REFERENCES people(id),
    stage          TEXT    NOT NULL CHECK (stage IN ('gathering', 'playing')),
    -- The published seed of the Chess-Umpire's random determinations.
    seed           INTEGER NOT NULL,
    position       TEXT    NOT NULL,
    turns          TEXT    NOT NULL,
    -- Counts the turns begun, so a turn's expiry job knows whether its turn is still on.
    turn_number    INTEGER NOT NULL DEFAULT 0,
    announced_at   TEXT,
    deadline       TEXT,
    created_at     TEXT    NOT NULL,
    started_at     TEXT
);

CREATE TABLE partychess_swingers (
    id             INTEGER PRIMARY KEY,
    game_id        INTEGER NOT NULL REFERENCES partychess_games(id),
    seat           INTEGER NOT NULL,
    person_id      INTEGER REFERENCES people(id),
    warm           INTEGER NOT NULL DEFAULT 0,
    -- The starting choice of five pieces, by their characters.
    chosen         TEXT,
    joined_at      TEXT    NOT NULL,
    UNIQUE (game_id, seat)
);
CREATE INDEX partychess_swingers_by_person ON partychess_swingers(game_id, person_id);

CREATE TABLE partychess_plays (
    id             INTEGER PRIMARY KEY,
    game_id        INTEGER NOT NULL REFERENCES partychess_games(id),
    number         INTEGER NOT NULL,
    -- The Swinger's seat; NULL for the Chess-Umpire's own entries (rules, limits).
    seat           INTEGER,
    -- The play as JSON (domain::partychess::play::Play), or NULL for the umpire's entries.
    play           TEXT,
    how            TEXT    NOT NULL CHECK (how IN ('announced', 'default', 'warm', 'skipped', 'umpire')),
    summary        TEXT    NOT NULL,
    at             TEXT    NOT NULL,
    UNIQUE (game_id, number)
);

CREATE TABLE partychess_ledger (
    id             INTEGER PRIMARY KEY,
    game_id        INTEGER NOT NULL REFERENCES partychess_games(id),
    seat           INTEGER NOT NULL,
    kind           TEXT    NOT NULL,
    -- In A$: 1 + 7 x the material value for a piece created (Rule 1230.1 §2.D); 0 for the
    -- starting pieces, created free of charge (Rule 1230.2 §2.B).
    cost           INTEGER NOT NULL,
    reason         TEXT    NOT NULL,
    at             TEXT    NOT NULL
);
