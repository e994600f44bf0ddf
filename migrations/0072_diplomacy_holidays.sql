-- Holiday extensions the TD decrees (D.VII.5): every board's deadline, or one board's, moves by
-- the hours given, charged to no one. One row a board moved, with the turn and both deadlines.
CREATE TABLE dip_holidays (
    id            INTEGER PRIMARY KEY,
    board_id      INTEGER NOT NULL REFERENCES dip_boards(id),
    turn          TEXT    NOT NULL,
    hours         INTEGER NOT NULL CHECK (hours > 0),
    reason        TEXT    NOT NULL,
    old_deadline  TEXT    NOT NULL,
    new_deadline  TEXT    NOT NULL,
    at            TEXT    NOT NULL
);
