-- Members' reports of a message to the Moderators (Discord's "Report to Moderators"): private,
-- posted only to the Moderators' channel and the mod log. Open until a Moderator acts on it
-- (the case it opened) or dismisses it (with a reason).
CREATE TABLE reports (
    id           INTEGER PRIMARY KEY,
    reporter_id  INTEGER NOT NULL REFERENCES people(id),
    author_id    INTEGER NOT NULL REFERENCES people(id),
    link         TEXT,
    excerpt      TEXT,
    text         TEXT    NOT NULL,
    filed_at     TEXT    NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('open', 'acted on', 'dismissed')),
    case_id      INTEGER REFERENCES actions(id),
    answered_by  INTEGER REFERENCES people(id),
    answered_at  TEXT,
    answer       TEXT,
    CHECK ((status = 'acted on') = (case_id IS NOT NULL)),
    CHECK ((status = 'open') = (answered_at IS NULL))
);
CREATE INDEX reports_open ON reports(status) WHERE status = 'open';
