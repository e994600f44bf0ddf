-- Buttons on posts, and edits of posts already sent.
--
-- A post's buttons are sent with it as action rows; each button's custom_id carries the command
-- it runs and its preset options, so a press needs nothing else from the database.
CREATE TABLE outbox_buttons (
    outbox_id  INTEGER NOT NULL REFERENCES outbox(id),
    position   INTEGER NOT NULL,
    label      TEXT    NOT NULL,
    style      TEXT    NOT NULL,
    custom_id  TEXT    NOT NULL,
    PRIMARY KEY (outbox_id, position)
);

-- An edit is an outbox entry of the edited post's channel, so it is delivered in order with the
-- channel's other posts; `edits` names the entry whose message it replaces.
ALTER TABLE outbox ADD COLUMN edits INTEGER REFERENCES outbox(id);
