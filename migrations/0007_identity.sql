-- Identity: on Discord a person is their user id; the name shown is the one Discord shows (their
-- server nickname or display name), refreshed whenever gavel sees them. `name` stays the unique
-- handle the console and the config use; `display_name` (when set) is what everyone reads.
ALTER TABLE people ADD COLUMN display_name TEXT;
