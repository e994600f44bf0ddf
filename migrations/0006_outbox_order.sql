-- The outbox delivers each channel's posts strictly in order: the poster reads a channel's
-- leading unsent entries by id, so the pending index is on (channel, id). It covers only
-- unsent rows, so the poster's work grows with the backlog, not with the history.
DROP INDEX IF EXISTS outbox_pending;
CREATE INDEX outbox_unsent ON outbox(channel, id) WHERE sent_at IS NULL;
