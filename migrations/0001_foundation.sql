-- The foundation: people, memberships, offices, the audit log, the outbox and the scheduler.
-- Times are UTC text written by sqlx (whole seconds), so they compare correctly as text.

CREATE TABLE people (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL UNIQUE,
    discord_id  INTEGER UNIQUE,
    created_at  TEXT    NOT NULL
);

-- One row per stretch of membership: leaving and rejoining opens a new row.
CREATE TABLE memberships (
    id          INTEGER PRIMARY KEY,
    person_id   INTEGER NOT NULL REFERENCES people(id),
    joined_at   TEXT    NOT NULL,
    ended_at    TEXT,
    end_reason  TEXT
);
CREATE UNIQUE INDEX memberships_one_open ON memberships(person_id) WHERE ended_at IS NULL;

-- One row per term of office; dismissal closes the row.
CREATE TABLE office_terms (
    id            INTEGER PRIMARY KEY,
    person_id     INTEGER NOT NULL REFERENCES people(id),
    office        TEXT    NOT NULL CHECK (office IN ('chief_justice', 'justice', 'moderator', 'staff')),
    started_at    TEXT    NOT NULL,
    appointed_by  INTEGER REFERENCES people(id),
    ended_at      TEXT
);
CREATE UNIQUE INDEX office_terms_one_open ON office_terms(person_id, office) WHERE ended_at IS NULL;

-- Every state-changing command, done or refused. Rows are never changed or removed.
CREATE TABLE audit_log (
    id                INTEGER PRIMARY KEY,
    at                TEXT    NOT NULL,
    actor_name        TEXT    NOT NULL,
    actor_discord_id  INTEGER,
    command           TEXT    NOT NULL,
    arguments         TEXT    NOT NULL,
    outcome           TEXT    NOT NULL CHECK (outcome IN ('done', 'refused', 'failed')),
    detail            TEXT    NOT NULL
);
CREATE TRIGGER audit_log_is_append_only_update BEFORE UPDATE ON audit_log
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER audit_log_is_append_only_delete BEFORE DELETE ON audit_log
BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;

-- Posts waiting for (or delivered to) a channel, written with the change they announce.
CREATE TABLE outbox (
    id               INTEGER PRIMARY KEY,
    channel          TEXT    NOT NULL,
    content          TEXT    NOT NULL,
    created_at       TEXT    NOT NULL,
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  TEXT    NOT NULL,
    last_error       TEXT,
    sent_at          TEXT,
    message_id       INTEGER
);
CREATE INDEX outbox_pending ON outbox(next_attempt_at) WHERE sent_at IS NULL;

-- Due work: deadlines and recurring tasks. The idempotency key makes scheduling repeatable.
CREATE TABLE jobs (
    id               INTEGER PRIMARY KEY,
    kind             TEXT    NOT NULL,
    due_at           TEXT    NOT NULL,
    idempotency_key  TEXT    NOT NULL UNIQUE,
    payload          TEXT    NOT NULL DEFAULT '{}',
    done_at          TEXT,
    outcome          TEXT,
    attempts         INTEGER NOT NULL DEFAULT 0,
    last_error       TEXT,
    retry_at         TEXT
);
CREATE INDEX jobs_due ON jobs(due_at) WHERE done_at IS NULL;

-- The score history: every event that moves a score. Scores are a fold over the events that
-- are not void, in order of (at, id); voiding an event re-derives every later score.
CREATE TABLE score_events (
    id           INTEGER PRIMARY KEY,
    at           TEXT    NOT NULL,
    kind         TEXT    NOT NULL,
    person_id    INTEGER REFERENCES people(id),
    game_id      INTEGER,
    action_id    INTEGER,
    amount       INTEGER,
    reason       TEXT    NOT NULL,
    voided_at    TEXT,
    void_reason  TEXT
);
CREATE INDEX score_events_order ON score_events(at, id);
CREATE INDEX score_events_person ON score_events(person_id);
