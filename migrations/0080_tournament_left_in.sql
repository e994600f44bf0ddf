-- The stage a player was in when they withdrew or were disqualified: a Candidate who leaves
-- the Candidates has all their games disregarded, but a Challenger who leaves the Final keeps
-- them, so that the Candidates' runner-up is named as the Candidates ended (ACWC
-- Disqualification and withdrawals).
ALTER TABLE tournament_entrants ADD COLUMN left_in TEXT;
