-- The weekly review and removal eligibility (Terms §II Act 6, 7) read the weeks of a frame, and
-- a member's last presence and last game before it, by index rather than the whole history.
CREATE INDEX club_sessions_by_date ON club_sessions(club_date);
CREATE INDEX games_by_club_date ON games(club_date);
CREATE INDEX presence_by_person ON presence(person_id);
