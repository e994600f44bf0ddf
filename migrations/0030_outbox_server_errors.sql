-- The poster's backoff after a server error doubles with the server errors a post has met, and
-- only with those: a 429 waits its own `retry_after` and does not lengthen the wait after a
-- later 500 (`attempts` still counts every attempt, for `gavel status`).
ALTER TABLE outbox ADD COLUMN server_errors INTEGER NOT NULL DEFAULT 0;
