-- The powers a team's sign-up gives its players for round 1 (house rules B.5).
CREATE TABLE dip_signups (
    team_id       INTEGER NOT NULL REFERENCES teams(id),
    person_id     INTEGER NOT NULL REFERENCES people(id),
    power         TEXT    NOT NULL CHECK (power IN ('A', 'E', 'F', 'G', 'I', 'R', 'T')),
    PRIMARY KEY (team_id, person_id),
    UNIQUE (team_id, power)
);
