-- A Judgement's stated effect, as JSON, carried out when it is invoked (Nomic 214): whether the
-- proposal its Point concerns takes effect or is void, the rule it changes, the proposer's
-- award, and the winner of a tie for the win.
ALTER TABLE order_judgeships ADD COLUMN ruling TEXT;
