-- Lookups that scanned a table growing with the club's history now search an index:
-- games by status (a registration finishing a started game, games waiting for a join at a
-- session's close), the oldest undelivered post (`gavel status`), a person's latest membership
-- (joining again, registering a non-Member) and the violations that reversed a game (voiding
-- one of them).
CREATE INDEX games_by_status ON games(status, id);
CREATE INDEX outbox_unsent_in_order ON outbox(id) WHERE sent_at IS NULL;
CREATE INDEX memberships_by_person ON memberships(person_id, id);
CREATE INDEX actions_by_game ON actions(game_id);
