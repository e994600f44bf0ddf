-- The Discord users a post may ping, space-separated (a Point of Order's Judge, Nomic 214; the
-- players reminded to vote when the club turns reminder pings on). Every other post pings no one.
ALTER TABLE outbox ADD COLUMN pings TEXT;
