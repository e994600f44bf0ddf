-- Individuals who sign up without a team (B.2) and what the TD's grouping made of them: a
-- place in a team of seven, or a rank on the official reserve list. Each grouping keeps its
-- published seed, and each team it made the captain appointed from among its seven players.
CREATE TABLE dip_individuals (
    person_id     INTEGER PRIMARY KEY REFERENCES people(id),
    signed_at     TEXT    NOT NULL,
    outcome       TEXT    NOT NULL DEFAULT 'waiting' CHECK (outcome IN ('waiting', 'teamed', 'reserve')),
    -- The reserve list's order (1 first), as drawn.
    reserve_rank  INTEGER,
    CHECK ((outcome = 'reserve') = (reserve_rank IS NOT NULL))
);

CREATE TABLE dip_groupings (
    id            INTEGER PRIMARY KEY,
    seed          INTEGER NOT NULL,
    published     TEXT    NOT NULL,
    at            TEXT    NOT NULL
);

CREATE TABLE dip_grouped_teams (
    team_id       INTEGER PRIMARY KEY REFERENCES teams(id),
    grouping_id   INTEGER NOT NULL REFERENCES dip_groupings(id),
    -- A playing captain: one of the team's seven players (B.2).
    captain_id    INTEGER NOT NULL REFERENCES people(id)
);
