-- Presence that only a game made (the registrant of a game who had not checked in, or the players
-- of a game a Moderator adjudicated) remembers that game, so voiding or reversing the game takes
-- the presence with it (Terms §0 Act 9, §II Act 5). A check-in or a Moderator's mark clears it.
ALTER TABLE presence ADD COLUMN by_game_id INTEGER REFERENCES games(id);
CREATE INDEX presence_by_game ON presence(by_game_id) WHERE by_game_id IS NOT NULL;
