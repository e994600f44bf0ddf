-- The points a held proposal's vote moved (Nomic 203, 205, 207), as JSON: paid when it takes
-- effect, and never if it does not ("All other actions under dispute are delayed until all
-- relevant Judgements are invoked", Nomic 214).
ALTER TABLE proposals ADD COLUMN held_points TEXT;
