-- Committees and their motions (house rules A.2, A.6, A.7 made general): a committee's own
-- rules, each motion with the rules it was opened under, the sitting body fixed when it opened
-- (with why each person sits or not), its votes, and for a rule change the TD's approval or
-- veto and the override.

CREATE TABLE committees (
    id                 INTEGER PRIMARY KEY,
    name               TEXT    NOT NULL UNIQUE COLLATE NOCASE,
    -- The office whose holders are its members (`tmc` for the TMC).
    seats              TEXT    NOT NULL,
    size_least         INTEGER NOT NULL,
    size_most          INTEGER NOT NULL,
    turnout            TEXT    NOT NULL,
    majority           TEXT    NOT NULL,
    tie_break          TEXT    NOT NULL CHECK (tie_break IN ('director', 'rejects')),
    sitting            TEXT    NOT NULL CHECK (sitting IN ('members', 'members_and_assistants')),
    abstentions_count  INTEGER NOT NULL,
    members_open       INTEGER NOT NULL,
    created_by         INTEGER REFERENCES people(id),
    created_at         TEXT    NOT NULL
);

-- The motion's id is its number.
CREATE TABLE motions (
    id                 INTEGER PRIMARY KEY,
    committee_id       INTEGER NOT NULL REFERENCES committees(id),
    kind               TEXT    NOT NULL CHECK (kind IN ('plain', 'rule-change', 'override', 'dispute')),
    text               TEXT    NOT NULL,
    -- A rule change's item of the house rules ("A.7") and its new text.
    item               TEXT,
    new_text           TEXT,
    -- An override's rule-change motion.
    parent_id          INTEGER REFERENCES motions(id),
    status             TEXT    NOT NULL CHECK (status IN ('open', 'tied', 'adopted', 'rejected', 'not_binding')),
    opened_by          INTEGER NOT NULL REFERENCES people(id),
    opened_at          TEXT    NOT NULL,
    closes_at          TEXT    NOT NULL,
    closed_at          TEXT,
    -- The rules it is voted under, fixed when it opened.
    turnout            TEXT    NOT NULL,
    majority           TEXT    NOT NULL,
    tie_break          TEXT    NOT NULL,
    abstentions_count  INTEGER NOT NULL,
    -- The count at the close.
    yes                INTEGER,
    no                 INTEGER,
    abstain            INTEGER,
    sitting_size       INTEGER NOT NULL,
    tie_broken_by      INTEGER REFERENCES people(id),
    tie_choice         TEXT,
    -- A rule change's way through the TD (A.7).
    approval           TEXT    CHECK (approval IN ('pending', 'approved', 'vetoed', 'overridden', 'veto_stands', 'lapsed', 'took_effect')),
    approval_due       TEXT,
    approval_by        INTEGER REFERENCES people(id),
    approval_at        TEXT,
    veto_reason        TEXT,
    -- The voting post in the outbox, edited as votes come in.
    post_id            INTEGER
);
CREATE INDEX motions_by_committee ON motions(committee_id, id);
CREATE INDEX motions_open ON motions(status) WHERE status IN ('open', 'tied');

CREATE TABLE motion_seats (
    motion_id   INTEGER NOT NULL REFERENCES motions(id),
    person_id   INTEGER NOT NULL REFERENCES people(id),
    reason      TEXT    NOT NULL CHECK (reason IN ('member', 'assistant_td', 'acting_td', 'td')),
    sits        INTEGER NOT NULL,
    PRIMARY KEY (motion_id, person_id)
);

-- One vote per sitting person; changed only while the motion is open.
CREATE TABLE motion_votes (
    motion_id   INTEGER NOT NULL REFERENCES motions(id),
    person_id   INTEGER NOT NULL REFERENCES people(id),
    choice      TEXT    NOT NULL CHECK (choice IN ('yes', 'no', 'abstain')),
    cast_at     TEXT    NOT NULL,
    PRIMARY KEY (motion_id, person_id)
);
