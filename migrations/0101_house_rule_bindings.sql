-- What gavel enforces by the house rules follows them (house rules A.7: the TMC changes them).
-- Each number or condition gavel enforces is bound to its item (`domain::committee::bound`):
-- `house_settings` holds its value as gavel enforces it and the item's version that value
-- stands for (read from that version's text, or set by an officer where the text does not
-- state it plainly); `house_waits` holds each adopted change whose value the text does not
-- state plainly: adopted, but not yet in effect in gavel until an officer sets it.
CREATE TABLE house_settings (
    key        TEXT    PRIMARY KEY,
    value      TEXT    NOT NULL,
    item       TEXT    NOT NULL,
    version    INTEGER NOT NULL,
    -- Read from the text ('text'), or set by an officer ('officer').
    source     TEXT    NOT NULL CHECK (source IN ('text', 'officer')),
    motion_id  INTEGER REFERENCES motions(id),
    set_by     INTEGER REFERENCES people(id),
    at         TEXT    NOT NULL
);

CREATE TABLE house_waits (
    key        TEXT    PRIMARY KEY,
    item       TEXT    NOT NULL,
    version    INTEGER NOT NULL,
    motion_id  INTEGER REFERENCES motions(id),
    since      TEXT    NOT NULL
);

-- Every change to a committee's rules after it was created: by `/committee set` (an officer,
-- audited), or by following an amended house rule (its motion). A motion is voted under the
-- rules its committee had when it opened, which these changes let `gavel check` re-derive.
CREATE TABLE committee_changes (
    id            INTEGER PRIMARY KEY,
    committee_id  INTEGER NOT NULL REFERENCES committees(id),
    field         TEXT    NOT NULL,
    old           TEXT    NOT NULL,
    new           TEXT    NOT NULL,
    by_id         INTEGER REFERENCES people(id),
    motion_id     INTEGER REFERENCES motions(id),
    -- The last motion opened before the change: those up to it opened under the old rule.
    after_motion  INTEGER NOT NULL,
    at            TEXT    NOT NULL
);
CREATE INDEX committee_changes_by_committee ON committee_changes(committee_id, id);

-- Room for additions between items (A.7: "change or addition"): an item's position leaves
-- a thousand places after it.
UPDATE house_rule_versions SET position = position * 1000;
