-- Rules whose number or day is a parameter (Terms §0 Act 5, §II Acts 1 and 9.2; Nomic 205,
-- 207, 210, 211): an adopted amendment whose new text does not state its new value plainly
-- waits here, not yet in effect, until the parameter is set with /procedure set. The values
-- themselves are kept in procedure_parameters beside the Nomic ones.
CREATE TABLE parameter_waits (
    name      TEXT    PRIMARY KEY,
    rule      TEXT    NOT NULL,
    proposal  INTEGER NOT NULL,
    since     TEXT    NOT NULL
);
