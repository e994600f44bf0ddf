-- Every handover of a Diplomacy position (B.7, B.8): who took it from whom, from which season,
-- permanent, temporary (with its declared last season) or the player's return; who chose, and
-- whether the team provided the replacement (B.8(e)). Read in order, they are the stints that
-- pro-rate a position's points (C.14) and the games a person is permanent in (C.15).
CREATE TABLE dip_handovers (
    id            INTEGER PRIMARY KEY,
    position_id   INTEGER NOT NULL REFERENCES dip_positions(id),
    outgoing_id   INTEGER NOT NULL REFERENCES people(id),
    incoming_id   INTEGER NOT NULL REFERENCES people(id),
    from_season   TEXT    NOT NULL,
    kind          TEXT    NOT NULL CHECK (kind IN ('permanent', 'temporary', 'return')),
    until_season  TEXT,
    chosen_by     TEXT    NOT NULL CHECK (chosen_by IN ('player', 'captain', 'gm', 'reserve')),
    team_provided INTEGER NOT NULL CHECK (team_provided IN (0, 1)),
    at            TEXT    NOT NULL,
    CHECK ((kind = 'temporary') = (until_season IS NOT NULL))
);
CREATE INDEX dip_handovers_by_position ON dip_handovers(position_id, id);
