-- The Diplomacy house rules' offices (section A) beside the Terms': the Tournament Director,
-- Assistant TDs, the acting TD, TMC members, the Chief-GM, and GMs and Observers of one game
-- each. office_terms gains the game an office is held for (NULL for club-wide offices), so it
-- is rebuilt with the wider list of offices; its rows and ids are kept.

CREATE TABLE office_terms_new (
    id            INTEGER PRIMARY KEY,
    person_id     INTEGER NOT NULL REFERENCES people(id),
    office        TEXT    NOT NULL CHECK (office IN ('chief_justice', 'justice', 'moderator', 'staff',
                      'td', 'atd', 'acting_td', 'tmc', 'chief_gm', 'gm', 'observer')),
    started_at    TEXT    NOT NULL,
    appointed_by  INTEGER REFERENCES people(id),
    ended_at      TEXT,
    -- The game a GM or Observer serves (house rules A.9, A.12); NULL for other offices.
    game          TEXT
);
INSERT INTO office_terms_new (id, person_id, office, started_at, appointed_by, ended_at)
    SELECT id, person_id, office, started_at, appointed_by, ended_at FROM office_terms;
DROP TABLE office_terms;
ALTER TABLE office_terms_new RENAME TO office_terms;
CREATE UNIQUE INDEX office_terms_one_open
    ON office_terms(person_id, office, COALESCE(game, '')) WHERE ended_at IS NULL;
CREATE INDEX office_terms_by_game ON office_terms(game) WHERE game IS NOT NULL;

-- Teams of a tournament and who belongs to them (house rules A.1, B.2): affiliation is what
-- A.4, A.8 and A.10 test. The tournament's own commands fill these.
CREATE TABLE teams (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL UNIQUE,
    created_at  TEXT    NOT NULL
);

CREATE TABLE team_members (
    id          INTEGER PRIMARY KEY,
    team_id     INTEGER NOT NULL REFERENCES teams(id),
    person_id   INTEGER NOT NULL REFERENCES people(id),
    -- player, captain, gm (a non-playing GM) or reserve (house rules A.1).
    role        TEXT    NOT NULL CHECK (role IN ('player', 'captain', 'gm', 'reserve')),
    joined_at   TEXT    NOT NULL,
    left_at     TEXT
);
CREATE UNIQUE INDEX team_members_one_open ON team_members(team_id, person_id) WHERE left_at IS NULL;
CREATE INDEX team_members_by_person ON team_members(person_id);

-- Who plays in which game (a game is named, e.g. "R1 Board 3"): what A.4, A.8 and A.10 test
-- as "plays in the tournament" and "plays in a game".
CREATE TABLE game_seats (
    id          INTEGER PRIMARY KEY,
    game        TEXT    NOT NULL,
    person_id   INTEGER NOT NULL REFERENCES people(id),
    seated_at   TEXT    NOT NULL,
    left_at     TEXT
);
CREATE UNIQUE INDEX game_seats_one_open ON game_seats(game, person_id) WHERE left_at IS NULL;
CREATE INDEX game_seats_by_person ON game_seats(person_id);
