-- The World Masters Diplomacy tournament (house rules B, C, D): rounds, boards and their
-- positions, the GM's centre counts by season, orders with every version, NMRs, extensions,
-- declared unavailable periods, proposals with secret ballots, and press. Teams and who sits
-- in a game are the committees' (teams, team_members, game_seats); a board's name is its game.

CREATE TABLE dip_rounds (
    number        INTEGER PRIMARY KEY CHECK (number BETWEEN 1 AND 4),
    last_year     INTEGER NOT NULL,
    team_round    INTEGER NOT NULL CHECK (team_round IN (0, 1)),
    stage         TEXT    NOT NULL CHECK (stage IN ('open', 'assigned', 'advanced')),
    -- The published seed of the deal (B.6) and what it relaxed, as published.
    deal_seed     INTEGER,
    deal_notes    TEXT,
    -- The published seed of the d100 (C.7(f)) and the advancement as published.
    advance_seed  INTEGER,
    advancement   TEXT,
    opened_at     TEXT    NOT NULL
);

CREATE TABLE dip_boards (
    id            INTEGER PRIMARY KEY,
    round         INTEGER NOT NULL REFERENCES dip_rounds(number),
    name          TEXT    NOT NULL UNIQUE,
    -- The current turn, "S1901M".
    turn          TEXT    NOT NULL,
    deadline      TEXT,
    -- The last adjudication published (D.VII.2's 24 hours).
    published_at  TEXT,
    status        TEXT    NOT NULL CHECK (status IN ('playing', 'finished')),
    -- How it ended (C.5): played, draw (with members) or conceded (to members).
    ending        TEXT    CHECK (ending IN ('played', 'draw', 'conceded')),
    ending_powers TEXT,
    press_rule    TEXT    NOT NULL DEFAULT 'standard'
                      CHECK (press_rule IN ('standard', 'a', 'b', 'c')),
    -- D.VII.3's alternative rule: orders until adjudication starts.
    late_orders   INTEGER NOT NULL DEFAULT 0,
    -- D.VII.6b: results held while a 1901 NMR stands.
    results_held  INTEGER NOT NULL DEFAULT 0,
    created_at    TEXT    NOT NULL
);

CREATE TABLE dip_positions (
    id            INTEGER PRIMARY KEY,
    board_id      INTEGER NOT NULL REFERENCES dip_boards(id),
    power         TEXT    NOT NULL CHECK (power IN ('A', 'E', 'F', 'G', 'I', 'R', 'T')),
    person_id     INTEGER NOT NULL REFERENCES people(id),
    team_id       INTEGER REFERENCES teams(id),
    -- Extensions so far (D.VII.5).
    guaranteed_used INTEGER NOT NULL DEFAULT 0,
    extension_days  INTEGER NOT NULL DEFAULT 0,
    UNIQUE (board_id, power)
);
CREATE INDEX dip_positions_by_person ON dip_positions(person_id);

CREATE TABLE dip_centres (
    board_id      INTEGER NOT NULL REFERENCES dip_boards(id),
    season        TEXT    NOT NULL,
    power         TEXT    NOT NULL,
    centres       INTEGER NOT NULL CHECK (centres BETWEEN 0 AND 34),
    recorded_at   TEXT    NOT NULL,
    PRIMARY KEY (board_id, season, power)
);

-- Every version of a power's orders for a turn (D.VII.7's confirmation mailbox).
CREATE TABLE dip_orders (
    id            INTEGER PRIMARY KEY,
    board_id      INTEGER NOT NULL REFERENCES dip_boards(id),
    power         TEXT    NOT NULL,
    turn          TEXT    NOT NULL,
    version       INTEGER NOT NULL,
    body          TEXT    NOT NULL,
    final         INTEGER NOT NULL CHECK (final IN (0, 1)),
    sent_at       TEXT    NOT NULL,
    UNIQUE (board_id, power, turn, version)
);

CREATE TABLE dip_nmrs (
    id            INTEGER PRIMARY KEY,
    board_id      INTEGER NOT NULL REFERENCES dip_boards(id),
    power         TEXT    NOT NULL,
    turn          TEXT    NOT NULL,
    recorded_at   TEXT    NOT NULL,
    replace_now   INTEGER NOT NULL CHECK (replace_now IN (0, 1)),
    -- When the replacement procedure begins (D.VII.6a), for the others.
    due           TEXT,
    UNIQUE (board_id, power, turn)
);

CREATE TABLE dip_extensions (
    id            INTEGER PRIMARY KEY,
    board_id      INTEGER NOT NULL REFERENCES dip_boards(id),
    power         TEXT    NOT NULL,
    turn          TEXT    NOT NULL,
    days          INTEGER NOT NULL,
    kind          TEXT    NOT NULL CHECK (kind IN ('guaranteed', 'discretionary', 'holiday', 'next_turn')),
    asked_at      TEXT    NOT NULL
);

-- One declared 64-hour period a week per player (D.VII.2): minutes from Monday 00:00 GMT.
CREATE TABLE dip_unavailable (
    person_id     INTEGER PRIMARY KEY REFERENCES people(id),
    start_minute  INTEGER NOT NULL CHECK (start_minute BETWEEN 0 AND 10079),
    declared_at   TEXT    NOT NULL
);

CREATE TABLE dip_proposals (
    id            INTEGER PRIMARY KEY,
    board_id      INTEGER NOT NULL REFERENCES dip_boards(id),
    kind          TEXT    NOT NULL CHECK (kind IN ('draw', 'concede', 'rule')),
    powers        TEXT    NOT NULL DEFAULT '',
    body          TEXT    NOT NULL DEFAULT '',
    -- The turn the votes are due with (D.IX.2).
    turn          TEXT    NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('open', 'passed', 'failed')),
    opened_at     TEXT    NOT NULL,
    decided_at    TEXT
);

-- Secret ballots (D.IX.2): read only to decide the proposal; never shown, counted or exported.
CREATE TABLE dip_ballots (
    proposal_id   INTEGER NOT NULL REFERENCES dip_proposals(id),
    -- A power, or 'GM' on a house-rule change (D.IX.5).
    voter         TEXT    NOT NULL,
    ballot        TEXT    NOT NULL CHECK (ballot IN ('yes', 'no', 'unclear')),
    cast_at       TEXT    NOT NULL,
    PRIMARY KEY (proposal_id, voter)
);

-- Press as published (D.X.1). The author is kept for white press only; gray and dark-gray
-- press keep no author at all (D.X.2).
CREATE TABLE dip_press (
    id            INTEGER PRIMARY KEY,
    board_id      INTEGER NOT NULL REFERENCES dip_boards(id),
    kind          TEXT    NOT NULL CHECK (kind IN ('white', 'gray', 'darkgray')),
    body          TEXT    NOT NULL,
    author_id     INTEGER REFERENCES people(id),
    attributed    TEXT,
    turn          TEXT    NOT NULL,
    sent_at       TEXT    NOT NULL,
    CHECK ((kind = 'white') = (author_id IS NOT NULL))
);

-- How much press each player sent a turn, to refuse a flood: a count, linked to no message.
CREATE TABLE dip_press_counts (
    board_id      INTEGER NOT NULL REFERENCES dip_boards(id),
    person_id     INTEGER NOT NULL REFERENCES people(id),
    turn          TEXT    NOT NULL,
    sent          INTEGER NOT NULL,
    PRIMARY KEY (board_id, person_id, turn)
);
