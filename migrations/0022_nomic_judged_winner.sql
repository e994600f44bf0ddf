-- A tie for the win left to a Judge (Nomic 210, 214, 215): the players who reached the winning
-- total at once (their ids, comma-separated), and, once the Chief Justice records the winner
-- the Judgement decided, the Point of Order that decided it.
ALTER TABLE nomic_game ADD COLUMN tied_ids TEXT;
ALTER TABLE nomic_game ADD COLUMN won_by_point INTEGER;
