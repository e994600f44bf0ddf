-- Scores materialised beside the history, so a command's cost does not grow with the club's
-- age. The history (score_events) stays the truth: everything below is derived from it, kept
-- up to date in the transaction that changes it, proven by `gavel check` and rebuilt from the
-- events by `gavel rebuild`.

-- A game's events and an action's events are found without reading the whole history.
CREATE INDEX score_events_game ON score_events(game_id);
CREATE INDEX score_events_action ON score_events(action_id);
-- A member's games as Black (games_players already serves White).
CREATE INDEX games_black ON games(black_id);

-- The fold's bookkeeping, one row: the rules the state was folded with (NULL until it is
-- built), the position (at, id) of the newest live event folded, how many live events were
-- folded since the last checkpoint, and how many live events lie between two checkpoints.
CREATE TABLE score_fold (
    id                INTEGER PRIMARY KEY CHECK (id = 1),
    initial           INTEGER,
    floor             INTEGER,
    k                 REAL,
    online_weight     REAL,
    last_at           TEXT,
    last_id           INTEGER,
    since_checkpoint  INTEGER NOT NULL DEFAULT 0,
    checkpoint_every  INTEGER NOT NULL DEFAULT 2048 CHECK (checkpoint_every > 0)
);
-- An empty history needs no building; an existing one is folded when gavel next opens it.
INSERT INTO score_fold (id, initial, floor, k, online_weight)
SELECT 1, 100, 100, 32.0, 0.5 WHERE NOT EXISTS (SELECT 1 FROM score_events);
INSERT OR IGNORE INTO score_fold (id) VALUES (1);

-- The current score of everyone the fold has on the Leaderboard: the whole of the fold's
-- state, since a step needs nothing but the scores of the members it concerns.
CREATE TABLE standings (
    person_id  INTEGER PRIMARY KEY,
    score      INTEGER NOT NULL
);
CREATE INDEX standings_by_score ON standings(score DESC, person_id);

-- How each live event moved the scores (`/history`, a profile's last games, a reply): member
-- a (the person, or White) and member b (Black), before and after. 0 stands for "not on the
-- Leaderboard", as in the fold. Events that moved nobody have no row.
CREATE TABLE score_steps (
    event_id  INTEGER PRIMARY KEY,
    a_id      INTEGER NOT NULL,
    a_before  INTEGER NOT NULL,
    a_after   INTEGER NOT NULL,
    b_id      INTEGER,
    b_before  INTEGER,
    b_after   INTEGER
);

-- The fold's state after every 2048 live events, so a change to an older event is
-- re-derived from the checkpoint before it rather than from the club's first day. `events`
-- counts the live events folded into it; `state` is the scores, compactly encoded.
CREATE TABLE score_checkpoints (
    at        TEXT    NOT NULL,
    event_id  INTEGER NOT NULL,
    events    INTEGER NOT NULL,
    state     BLOB    NOT NULL,
    PRIMARY KEY (at, event_id)
);
