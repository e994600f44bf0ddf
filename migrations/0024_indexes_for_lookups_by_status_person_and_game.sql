-- Lookups that scanned a table growing with the club's history now search an index: the games
-- in progress or waiting for a join (a registration finishing a started game, a session's
-- close), each through a partial index holding only those games (an index on every game's
-- status would tempt SQLite away from the players' indexes); the oldest undelivered post
-- (`gavel status`); a person's latest membership (joining again, registering a non-Member); and
-- the violations that reversed a game (voiding one of them).
CREATE INDEX games_in_progress ON games(id) WHERE status = 'in_progress';
CREATE INDEX games_waiting_join ON games(id) WHERE status = 'waiting_join';
CREATE INDEX outbox_unsent_in_order ON outbox(id) WHERE sent_at IS NULL;
CREATE INDEX memberships_by_person ON memberships(person_id, id);
CREATE INDEX actions_by_game ON actions(game_id);
