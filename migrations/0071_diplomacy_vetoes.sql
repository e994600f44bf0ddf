-- The TD's veto of a replacement for a conflict of interest (B.10): the person may not replace
-- anyone on the board, neither when named nor when drawn from the reserve pool (B.8(d)).
CREATE TABLE dip_vetoes (
    id            INTEGER PRIMARY KEY,
    board_id      INTEGER NOT NULL REFERENCES dip_boards(id),
    person_id     INTEGER NOT NULL REFERENCES people(id),
    reason        TEXT    NOT NULL,
    at            TEXT    NOT NULL,
    UNIQUE (board_id, person_id)
);
