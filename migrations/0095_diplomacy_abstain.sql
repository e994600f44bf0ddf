-- An explicit abstention (D.IX.1): a negative vote in every case, unlike a vote never cast,
-- which D.IX.1's NMR case may deem in favour. SQLite cannot widen a CHECK in place, so the
-- secret ballots' table is made again with 'abstain' allowed and its rows copied.
CREATE TABLE dip_ballots_new (
    proposal_id   INTEGER NOT NULL REFERENCES dip_proposals(id),
    -- A power, or 'GM' on a house-rule change (D.IX.5).
    voter         TEXT    NOT NULL,
    ballot        TEXT    NOT NULL CHECK (ballot IN ('yes', 'no', 'abstain', 'unclear')),
    cast_at       TEXT    NOT NULL,
    PRIMARY KEY (proposal_id, voter)
);
INSERT INTO dip_ballots_new (proposal_id, voter, ballot, cast_at)
    SELECT proposal_id, voter, ballot, cast_at FROM dip_ballots;
DROP TABLE dip_ballots;
ALTER TABLE dip_ballots_new RENAME TO dip_ballots;
