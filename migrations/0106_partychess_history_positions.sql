-- Party Chess: each entry of the game's history keeps the position before and after it, and
-- the Weights posted after it with the types defined then, so that `gavel check` replays every
-- play on the board it was made on and recomputes every posted Weight (Rule 1230.2 §1.C(v),
-- (vi); Rule 1230.3). NULL for entries recorded before this.
ALTER TABLE partychess_plays ADD COLUMN position_before TEXT;
ALTER TABLE partychess_plays ADD COLUMN position_after TEXT;
ALTER TABLE partychess_plays ADD COLUMN weights TEXT;
