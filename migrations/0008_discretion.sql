-- A Moderator who chooses a lesser step of the ladder says why, as its own option (Terms §II
-- Act 5: "Moderators may use discretion"); the declaration records it.
ALTER TABLE actions ADD COLUMN discretion TEXT;
