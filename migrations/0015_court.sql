-- The Court of Appeals (Terms §III Act 3): appeals, the people they involve, who sat, and the
-- history of each appeal as members read it.

CREATE TABLE appeals (
    id               INTEGER PRIMARY KEY,
    appellant_id     INTEGER NOT NULL REFERENCES people(id),
    -- what is appealed: a numbered case, a weekly absence or inactivity deduction (a score
    -- event, §II Act 6.3), or another matter in words
    case_id          INTEGER REFERENCES actions(id),
    deduction_id     INTEGER REFERENCES score_events(id),
    matter           TEXT,
    grounds          TEXT    NOT NULL,
    filed_at         TEXT    NOT NULL,
    -- awaiting_grant, refused, granted, hearing, decided, en_banc, final (store::keys)
    stage            TEXT    NOT NULL,
    -- a Court hearing in progress involving its parties (§II Act 8.1)
    in_hearing       INTEGER NOT NULL,
    -- on the docket: a hearing in progress, or an opinion, answer or re-decision still owed
    active           INTEGER NOT NULL,
    next_deadline    TEXT,
    -- the filing as made and the appeal's lifecycle, as the store maps them (JSON)
    filing           TEXT    NOT NULL,
    lifecycle        TEXT    NOT NULL,
    -- the majority opinions, one per judgement (JSON), and the Moderator's answer to a
    -- petition against a monitor (§II Act 10.5)
    opinions         TEXT    NOT NULL DEFAULT '[]',
    response         TEXT,
    -- what the decisions did to the record, in words
    effects          TEXT    NOT NULL DEFAULT '[]',
    -- a remand: the Moderator re-decides and declares by then, or the penalty is void
    redecide_due_at  TEXT,
    redecided_at     TEXT,
    -- the Court refused further appeals on this ban until then (§II Act 9.5)
    closed_until     TEXT
);
CREATE INDEX appeals_case ON appeals(case_id);
CREATE INDEX appeals_deduction ON appeals(deduction_id);
CREATE INDEX appeals_active ON appeals(active);

CREATE TABLE appeal_parties (
    appeal_id  INTEGER NOT NULL REFERENCES appeals(id),
    person_id  INTEGER NOT NULL REFERENCES people(id),
    PRIMARY KEY (appeal_id, person_id)
);
CREATE INDEX appeal_parties_person ON appeal_parties(person_id);

-- Who sat on which appeal and when: the rotation of the suggested panel reads it.
CREATE TABLE appeal_seats (
    appeal_id   INTEGER NOT NULL REFERENCES appeals(id),
    justice_id  INTEGER NOT NULL REFERENCES people(id),
    at          TEXT    NOT NULL
);
CREATE INDEX appeal_seats_justice ON appeal_seats(justice_id, at);

CREATE TABLE appeal_steps (
    id         INTEGER PRIMARY KEY,
    appeal_id  INTEGER NOT NULL REFERENCES appeals(id),
    at         TEXT    NOT NULL,
    text       TEXT    NOT NULL
);
CREATE INDEX appeal_steps_appeal ON appeal_steps(appeal_id, id);
