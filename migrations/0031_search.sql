-- The portal's full-text search (SQLite FTS5) over what is public: each rule as its latest
-- version, proposals, the Court's published opinions, the declarations of declared cases, and
-- the posts that reached their channel. Triggers keep it as the record changes; the rows
-- already there are indexed here. `kind` and `ref` say what a row is (a rule's label, a number).
CREATE VIRTUAL TABLE search_index USING fts5(
    kind UNINDEXED,
    ref UNINDEXED,
    body,
    tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER search_rule AFTER INSERT ON rule_changes
BEGIN
    DELETE FROM search_index WHERE kind = 'rule' AND ref = new.label;
    INSERT INTO search_index (kind, ref, body) SELECT 'rule', new.label, new.text
        WHERE new.change <> 'repealed';
END;

CREATE TRIGGER search_proposal AFTER INSERT ON proposals
BEGIN
    INSERT INTO search_index (kind, ref, body) VALUES ('proposal', new.number, new.text);
END;

CREATE TRIGGER search_opinion AFTER UPDATE OF opinions ON appeals
BEGIN
    DELETE FROM search_index WHERE kind = 'opinion' AND ref = new.id;
    INSERT INTO search_index (kind, ref, body)
        SELECT 'opinion', new.id, json_extract(o.value, '$.text')
        FROM json_each(new.opinions) o WHERE json_extract(o.value, '$.text') IS NOT NULL;
END;

CREATE TRIGGER search_declaration AFTER UPDATE OF declaration, declared_at ON actions
    WHEN new.declared_at IS NOT NULL AND new.declaration IS NOT NULL
BEGIN
    DELETE FROM search_index WHERE kind = 'case' AND ref = new.id;
    INSERT INTO search_index (kind, ref, body) VALUES ('case', new.id, new.declaration);
END;

CREATE TRIGGER search_post AFTER UPDATE OF sent_at ON outbox
    WHEN old.sent_at IS NULL AND new.sent_at IS NOT NULL AND new.edits IS NULL
BEGIN
    INSERT INTO search_index (kind, ref, body) VALUES ('post', new.id, new.content);
END;

INSERT INTO search_index (kind, ref, body)
    SELECT 'rule', c.label, c.text FROM rule_changes c
    WHERE c.id = (SELECT MAX(id) FROM rule_changes WHERE label = c.label)
      AND c.change <> 'repealed';
INSERT INTO search_index (kind, ref, body) SELECT 'proposal', number, text FROM proposals;
INSERT INTO search_index (kind, ref, body)
    SELECT 'opinion', a.id, json_extract(o.value, '$.text')
    FROM appeals a, json_each(a.opinions) o WHERE json_extract(o.value, '$.text') IS NOT NULL;
INSERT INTO search_index (kind, ref, body)
    SELECT 'case', id, declaration FROM actions
    WHERE declared_at IS NOT NULL AND declaration IS NOT NULL;
INSERT INTO search_index (kind, ref, body)
    SELECT 'post', id, content FROM outbox WHERE sent_at IS NOT NULL AND edits IS NULL;
