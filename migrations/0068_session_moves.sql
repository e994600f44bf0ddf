-- One-off moves of a club session from one date to another (/session move): the session of
-- from_date is held on to_date instead. Dates are club dates (YYYY-MM-DD).
CREATE TABLE session_moves (
    id         INTEGER PRIMARY KEY,
    from_date  TEXT    NOT NULL UNIQUE,
    to_date    TEXT    NOT NULL UNIQUE,
    moved_by   INTEGER NOT NULL REFERENCES people(id),
    reason     TEXT,
    moved_at   TEXT    NOT NULL
);
