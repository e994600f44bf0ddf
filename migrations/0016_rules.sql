-- Rule changes: the players of a Nomic game and their allocated days (Nomic 201), the rulebook
-- and every version of it, proposals and their votes (Nomic 103-113, 201-208; Terms §IV), the
-- players' points (Nomic 203-210) and the procedure's parameters.

-- A player of the game. `day` is the allocated weekday, Monday 0 to Friday 4 (Nomic 201); a
-- forfeited player keeps it until someone else is given it (Nomic 115).
CREATE TABLE players (
    person_id     INTEGER PRIMARY KEY REFERENCES people(id),
    day           INTEGER UNIQUE CHECK (day BETWEEN 0 AND 4),
    team          INTEGER,
    points        INTEGER NOT NULL DEFAULT 0,
    joined_at     TEXT    NOT NULL,
    forfeited_at  TEXT
);

-- The game itself: the club day it began (circuits of turns count from it, Nomic 204), when
-- rule 204's switch to a simple majority was announced, and the winner (Nomic 210).
CREATE TABLE nomic_game (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    started_on   TEXT    NOT NULL,
    switched_at  TEXT,
    winner_id    INTEGER REFERENCES people(id),
    won_at       TEXT
);

-- The procedure's numbers (the cut-off, limits, points, the winning total), by name; a name
-- without a row takes the configured or the Initial Set's value.
CREATE TABLE procedure_parameters (
    name    TEXT    PRIMARY KEY,
    value   TEXT    NOT NULL,
    set_at  TEXT    NOT NULL,
    set_by  INTEGER REFERENCES people(id)
);

-- The rulebook: each row is the whole book, in the Markdown format, as one change left it.
-- The newest row is the rulebook in force.
CREATE TABLE rulebook_versions (
    id        INTEGER PRIMARY KEY,
    markdown  TEXT    NOT NULL,
    summary   TEXT    NOT NULL,
    proposal  INTEGER,
    by_id     INTEGER REFERENCES people(id),
    at        TEXT    NOT NULL
);

-- Each rule's versions: one row per change to one rule, for `/rule history`. A renumbered
-- rule's row names the label it had before, so its earlier rows are found by that label.
CREATE TABLE rule_changes (
    id        INTEGER PRIMARY KEY,
    label     TEXT    NOT NULL,
    former    TEXT,
    change    TEXT    NOT NULL,
    version   INTEGER NOT NULL,
    mutable   INTEGER NOT NULL,
    text      TEXT    NOT NULL,
    proposal  INTEGER,
    by_id     INTEGER REFERENCES people(id),
    at        TEXT    NOT NULL
);
CREATE INDEX rule_changes_by_label ON rule_changes(label, id);

-- A proposal (Nomic), or a suggestion or drafted change (Terms §IV). Only proper proposals are
-- stored, so Nomic numbers have no gaps (Nomic 109).
CREATE TABLE proposals (
    number        INTEGER PRIMARY KEY,
    procedure     TEXT    NOT NULL,
    kind          TEXT    NOT NULL,
    proposer_id   INTEGER NOT NULL REFERENCES people(id),
    rule          TEXT,
    text          TEXT    NOT NULL,
    changes       TEXT    NOT NULL,
    submitted_at  TEXT    NOT NULL,
    closes_at     TEXT,
    status        TEXT    NOT NULL,
    result        TEXT,
    decided_at    TEXT,
    decided_by    INTEGER REFERENCES people(id),
    reason        TEXT,
    post_id       INTEGER
);
CREATE INDEX proposals_by_procedure ON proposals(procedure, number);
CREATE INDEX proposals_by_status ON proposals(status, number);

-- One vote per voter per proposal, never changed (Nomic 113, 208).
CREATE TABLE votes (
    proposal  INTEGER NOT NULL REFERENCES proposals(number),
    voter_id  INTEGER NOT NULL REFERENCES people(id),
    choice    TEXT    NOT NULL CHECK (choice IN ('yes', 'no')),
    cast_at   TEXT    NOT NULL,
    PRIMARY KEY (proposal, voter_id)
);

-- Every change of a player's points, as posted (Nomic 209).
CREATE TABLE points_changes (
    id         INTEGER PRIMARY KEY,
    player_id  INTEGER NOT NULL REFERENCES people(id),
    proposal   INTEGER REFERENCES proposals(number),
    change     INTEGER NOT NULL,
    total      INTEGER NOT NULL,
    reason     TEXT    NOT NULL,
    at         TEXT    NOT NULL
);
CREATE INDEX points_changes_by_player ON points_changes(player_id, id);
CREATE INDEX points_changes_by_proposal ON points_changes(proposal);
