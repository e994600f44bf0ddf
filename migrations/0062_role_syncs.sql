-- Roles that follow offices (`[discord.roles]`): a durable queue of the people whose Discord
-- roles must be brought in line with gavel's record. A row is written in the transaction that
-- changes an office or a ban (by the triggers below, so no path that changes one is missed);
-- the bot reads the member's roles, adds and removes the roles it manages, and deletes the row.
-- A row that failed keeps its error (a 403: Manage Roles missing, or a role above gavel's own)
-- for `gavel status`, and is tried again later.

CREATE TABLE role_syncs (
    person_id        INTEGER PRIMARY KEY REFERENCES people(id),
    attempts         INTEGER NOT NULL DEFAULT 0,
    -- NULL: due now
    next_attempt_at  TEXT,
    last_error       TEXT
);

CREATE TRIGGER role_sync_office_begins AFTER INSERT ON office_terms
BEGIN
    INSERT OR REPLACE INTO role_syncs (person_id) VALUES (NEW.person_id);
END;

CREATE TRIGGER role_sync_office_ends AFTER UPDATE OF ended_at ON office_terms
BEGIN
    INSERT OR REPLACE INTO role_syncs (person_id) VALUES (NEW.person_id);
END;

CREATE TRIGGER role_sync_ban_recorded AFTER INSERT ON actions
WHEN NEW.target_id IS NOT NULL AND NEW.kind IN ('ban', 'violation')
BEGIN
    INSERT OR REPLACE INTO role_syncs (person_id) VALUES (NEW.target_id);
END;

CREATE TRIGGER role_sync_ban_changed AFTER UPDATE ON actions
WHEN NEW.target_id IS NOT NULL AND NEW.kind IN ('ban', 'violation')
BEGIN
    INSERT OR REPLACE INTO role_syncs (person_id) VALUES (NEW.target_id);
END;
