-- Points of Order (Nomic 214): one row per Point, numbered from 1, holding where it is now; one
-- row per Judge it has had (in order, with how each ended and the Judgement each gave); and one
-- row per dispute, agreement or disagreement, attached to the Judge's turn it answered.
CREATE TABLE points_of_order (
    id INTEGER PRIMARY KEY,
    raised_by INTEGER NOT NULL REFERENCES people(id),
    raised_at TEXT NOT NULL,
    statement TEXT NOT NULL,
    proposal INTEGER,
    status TEXT NOT NULL,
    -- The end of the current window (the Judge's day, the hour to dispute, the hour for
    -- opinions), when the deadline job has something to do.
    deadline_at TEXT,
    invoked_at TEXT,
    settled_at TEXT,
    outbox_id INTEGER REFERENCES outbox(id)
);
CREATE INDEX points_of_order_active ON points_of_order(raised_by) WHERE status NOT IN ('invoked', 'unsettled');
CREATE INDEX points_of_order_proposal ON points_of_order(proposal) WHERE proposal IS NOT NULL;

CREATE TABLE order_judgeships (
    point_id INTEGER NOT NULL REFERENCES points_of_order(id),
    seq INTEGER NOT NULL,
    judge_id INTEGER NOT NULL REFERENCES people(id),
    from_at TEXT NOT NULL,
    judgement TEXT,
    judged_at TEXT,
    ended_at TEXT,
    ended_how TEXT,
    PRIMARY KEY (point_id, seq)
);

CREATE TABLE order_opinions (
    point_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    person_id INTEGER NOT NULL REFERENCES people(id),
    opinion TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (point_id, seq, person_id),
    FOREIGN KEY (point_id, seq) REFERENCES order_judgeships(point_id, seq)
);
