-- The active Points of Order in number order (`/order list`, a forfeiting Judge's Points) read
-- through a partial index holding only the active ones, instead of scanning every Point ever
-- raised; and the first session opened after an instant (a monitor's "session immediately
-- following", Terms §II Act 10.5) found by time instead of by scanning every session.
CREATE INDEX points_of_order_open ON points_of_order(id) WHERE status NOT IN ('invoked', 'unsettled');
CREATE INDEX club_sessions_by_opening ON club_sessions(opened_at, id);
