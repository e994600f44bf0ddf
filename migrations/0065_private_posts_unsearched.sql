-- The portal's search indexes only public posts: never the TD's channel (Observers' reports),
-- the Moderators' channel (members' reports), the mod log nor a member's direct messages, which
-- the portal never shows.
DROP TRIGGER search_post;

CREATE TRIGGER search_post AFTER UPDATE OF sent_at ON outbox
    WHEN old.sent_at IS NULL AND new.sent_at IS NOT NULL AND new.edits IS NULL
     AND new.channel NOT IN ('td-reports', 'moderators', 'modlog')
     AND new.channel NOT LIKE 'dm:%'
BEGIN
    INSERT INTO search_index (kind, ref, body) VALUES ('post', new.id, new.content);
END;

DELETE FROM search_index
WHERE kind = 'post'
  AND CAST(ref AS INTEGER) IN
      (SELECT id FROM outbox
        WHERE channel IN ('td-reports', 'moderators', 'modlog') OR channel LIKE 'dm:%');
