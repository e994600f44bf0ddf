-- An online game in progress (`/game start`) has no result yet: `games.result` becomes
-- nullable, NULL exactly while a game is in progress (or for a game voided before it ended), and
-- the games already in progress lose the "draw" they were stored with. The fold reads a game
-- event's result from the game and moves nobody for a game without one.
--
-- SQLite changes a column's constraints only by rebuilding the table. `games` is referenced by
-- rematches, actions, presence and itself, so its rows are set aside in a temporary table, the
-- table is made again, and the rows come back with their ids: the references to it are checked
-- once, at commit (defer_foreign_keys lasts for this transaction only).
PRAGMA defer_foreign_keys = ON;

CREATE TEMP TABLE games_before_0110 AS SELECT * FROM games;
DROP TABLE games;

CREATE TABLE games (
    id                 INTEGER PRIMARY KEY,
    session_id         INTEGER REFERENCES club_sessions(id),
    white_id           INTEGER NOT NULL REFERENCES people(id),
    black_id           INTEGER NOT NULL REFERENCES people(id),
    -- NULL while the game is in progress: it has no result until it is registered.
    result             TEXT    CHECK (result IN ('white', 'black', 'draw')),
    online             INTEGER NOT NULL DEFAULT 0,
    clock_used         INTEGER NOT NULL DEFAULT 0,
    played_at          TEXT    NOT NULL,
    club_date          TEXT    NOT NULL,
    registered_by      INTEGER NOT NULL REFERENCES people(id),
    status             TEXT    NOT NULL,
    ended_by           TEXT    NOT NULL DEFAULT 'play',
    adjudicated_by     INTEGER REFERENCES people(id),
    material_white     INTEGER,
    material_black     INTEGER,
    rematch_of         INTEGER REFERENCES games(id),
    approved_by        INTEGER REFERENCES people(id),
    void_reason        TEXT,
    voided_at          TEXT,
    CHECK (result IS NOT NULL OR status IN ('in_progress', 'voided'))
);

INSERT INTO games (id, session_id, white_id, black_id, result, online, clock_used, played_at,
                   club_date, registered_by, status, ended_by, adjudicated_by, material_white,
                   material_black, rematch_of, approved_by, void_reason, voided_at)
    SELECT id, session_id, white_id, black_id,
           CASE WHEN status = 'in_progress' THEN NULL ELSE result END,
           online, clock_used, played_at, club_date, registered_by, status, ended_by,
           adjudicated_by, material_white, material_black, rematch_of, approved_by, void_reason,
           voided_at
    FROM games_before_0110 ORDER BY id;
DROP TABLE games_before_0110;

CREATE INDEX games_players ON games(white_id, black_id);
CREATE INDEX games_black ON games(black_id);
CREATE INDEX games_in_progress ON games(id) WHERE status = 'in_progress';
CREATE INDEX games_waiting_join ON games(id) WHERE status = 'waiting_join';
CREATE INDEX games_white_by_date ON games(white_id, club_date);
CREATE INDEX games_black_by_date ON games(black_id, club_date);
