-- Party Chess: who last held a Warm Office, so that e may notify a Surrender of it at any time
-- (Rule 1230.2 §4.B(iv)).
ALTER TABLE partychess_swingers ADD COLUMN left_by INTEGER REFERENCES people(id);
