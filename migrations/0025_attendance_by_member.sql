-- The weekly review (Terms §II Act 6) and removal eligibility (Act 7) look up one member's
-- latest presence and games by date, instead of reading every session's presence and every
-- game of the club's history.
CREATE INDEX presence_by_person ON presence(person_id, session_id);
CREATE INDEX games_white_by_date ON games(white_id, club_date);
CREATE INDEX games_black_by_date ON games(black_id, club_date);
CREATE INDEX club_sessions_by_date ON club_sessions(club_date);
