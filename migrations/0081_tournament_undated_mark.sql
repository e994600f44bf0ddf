-- Lichess shows that an account is marked for a violation of its terms but not when: such an
-- account is held back until the Director records the mark's date, which decides whether it
-- disqualifies or is reviewed (ACWC Player eligibility).
ALTER TABLE tournament_entrants ADD COLUMN mark_undated INTEGER NOT NULL DEFAULT 0;
