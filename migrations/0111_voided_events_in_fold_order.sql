-- The void events in fold order, and nothing else: a full re-derivation (a rebuild, a change far
-- back in the history) takes the steps of the events that are void now out of `score_steps`,
-- and `gavel check` looks for such steps, without reading the million live events once more.
CREATE INDEX score_events_voided ON score_events(at, id) WHERE voided_at IS NOT NULL;
