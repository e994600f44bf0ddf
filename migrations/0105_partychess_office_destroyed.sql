-- Party Chess: an Office of Swinger the Chess-Umpire destroyed (Rule 1230.2 §2.D, §3.E) once
-- its holder left it before the start without choosing pieces. Its row stays, so that its
-- seat number is never given again and the ledger and history still name it.
ALTER TABLE partychess_swingers ADD COLUMN destroyed_at TEXT;
