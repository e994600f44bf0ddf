-- The adjudication check (issue 27): the units on a board at the start of a turn, as its GM
-- records them, one row a power; and each check the GM ran of their adjudication against the
-- orders, with what gavel flagged. A check stays private to the GM until the turn is past.

CREATE TABLE dip_units (
    board_id      INTEGER NOT NULL REFERENCES dip_boards(id),
    turn          TEXT    NOT NULL,
    power         TEXT    NOT NULL CHECK (power IN ('A', 'E', 'F', 'G', 'I', 'R', 'T')),
    -- "A Par, F Bre, A Mar"; empty when the power has no units.
    units         TEXT    NOT NULL,
    recorded_at   TEXT    NOT NULL,
    PRIMARY KEY (board_id, turn, power)
);

CREATE TABLE dip_checks (
    id            INTEGER PRIMARY KEY,
    board_id      INTEGER NOT NULL REFERENCES dip_boards(id),
    turn          TEXT    NOT NULL,
    -- The GM's results as given.
    results       TEXT    NOT NULL,
    merged        INTEGER NOT NULL CHECK (merged IN (0, 1)),
    units         INTEGER NOT NULL,
    flagged       INTEGER NOT NULL,
    -- The check as the GM was shown it.
    report        TEXT    NOT NULL,
    checked_at    TEXT    NOT NULL
);
CREATE INDEX dip_checks_by_board ON dip_checks(board_id, turn);
