-- Replies to the reserve pool's call (B.8(d)): a member of the pool for a board says they will
-- take a position there; the draw takes the highest ranked who replied.
CREATE TABLE dip_pool_replies (
    id            INTEGER PRIMARY KEY,
    board_id      INTEGER NOT NULL REFERENCES dip_boards(id),
    person_id     INTEGER NOT NULL REFERENCES people(id),
    at            TEXT    NOT NULL,
    UNIQUE (board_id, person_id)
);
