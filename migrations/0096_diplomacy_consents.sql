-- Each surviving player's consent to a turn shorter than D.VII.4(a)'s minimums, given for the
-- GM's next publication on the board: the turn the board was on when it was given.
CREATE TABLE dip_consents (
    board_id      INTEGER NOT NULL REFERENCES dip_boards(id),
    person_id     INTEGER NOT NULL REFERENCES people(id),
    turn          TEXT    NOT NULL,
    at            TEXT    NOT NULL,
    PRIMARY KEY (board_id, person_id, turn)
);
