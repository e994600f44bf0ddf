-- Moderation: every action a Moderator (or the Chief Justice, or Staff) takes, as a numbered case.

CREATE TABLE actions (
    id                     INTEGER PRIMARY KEY,
    -- violation, ban, monitor, deduction, award, clock, technical
    kind                   TEXT    NOT NULL,
    target_id              INTEGER REFERENCES people(id),
    actor_id               INTEGER NOT NULL REFERENCES people(id),
    reason                 TEXT    NOT NULL,
    -- what the penalty is for, so the same offence is never penalised twice: game:N or incident:...
    offence                TEXT,
    game_id                INTEGER REFERENCES games(id),
    -- the step of the fraud ladder applied (1-5), for violations
    step                   INTEGER,
    -- for a first violation that reversed its game: the game's status before, to restore it
    -- exactly if this case is voided or overturned
    reversed_game_status   TEXT,
    points                 INTEGER,
    -- when the action was taken (up to 7 days before it was recorded, for actions outside gavel)
    taken_at               TEXT    NOT NULL,
    recorded_at            TEXT    NOT NULL,
    -- the public declaration (Terms §III Act 2.4): its reasoning, its post, and when Discord confirmed it
    declaration            TEXT,
    declaration_outbox_id  INTEGER REFERENCES outbox(id),
    declared_at            TEXT,
    deadline_at            TEXT    NOT NULL,
    -- for bans, monitors and clock requirements: when the restriction ends (NULL: until lifted, or permanent)
    ends_at                TEXT,
    ended_at               TEXT,
    appealable             INTEGER NOT NULL DEFAULT 1,
    -- in_force, expired, lifted, void, overturned, remanded
    status                 TEXT    NOT NULL DEFAULT 'in_force',
    status_reason          TEXT
);
CREATE INDEX actions_target ON actions(target_id, kind);
CREATE INDEX actions_declaration ON actions(declaration_outbox_id);
