-- Who granted the hearing of an appeal (Terms §III Act 3.6), kept once the hearing opens so the
-- export still names them: a JSON list of person ids (the Chief Justice, or two Justices).
ALTER TABLE appeals ADD COLUMN granted_by TEXT;
