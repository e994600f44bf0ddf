-- Committee votes read as the house rules speak of them (A.6, A.7): an abstention is either a
-- vote, counted toward turnout and toward the majority alike, or not a vote, counted toward
-- neither. A committee chooses (`count` or `ignore`); each motion keeps the reading it was
-- opened under. Motions that closed under the reading gavel applied before (counted toward
-- turnout, left out of the majority) keep it as `turnout_only`, so their record re-derives;
-- motions still open are decided by the committee's reading.
ALTER TABLE committees ADD COLUMN abstentions TEXT NOT NULL DEFAULT 'count'
    CHECK (abstentions IN ('count', 'ignore'));
UPDATE committees SET abstentions = CASE abstentions_count WHEN 0 THEN 'ignore' ELSE 'count' END;
ALTER TABLE committees DROP COLUMN abstentions_count;

ALTER TABLE motions ADD COLUMN abstentions TEXT NOT NULL DEFAULT 'count'
    CHECK (abstentions IN ('count', 'ignore', 'turnout_only'));
UPDATE motions SET abstentions = CASE
    WHEN abstentions_count = 0 THEN 'ignore'
    WHEN status = 'open' THEN 'count'
    ELSE 'turnout_only' END;
ALTER TABLE motions DROP COLUMN abstentions_count;

-- A vote set aside at the close (its voter left the sitting body or became ineligible, A.6,
-- A.8) stays on the record, marked, instead of vanishing; and each seat records, at the close,
-- why its holder no longer held what seated them (a dismissed member, a former TD).
ALTER TABLE motion_votes ADD COLUMN set_aside TEXT;
ALTER TABLE motion_seats ADD COLUMN left_why TEXT;
