//! Typed ids for the objects scheduled work refers to, so a case number is never taken for a
//! session or a request to leave.

use std::fmt;

use serde::{Deserialize, Serialize};

macro_rules! id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl $name {
            pub fn get(self) -> i64 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

id!(
    /// A moderation case (a row of `actions`), as numbered for members: "case #12".
    CaseId
);
id!(
    /// An appeal to the Court (Terms §III Act 3), as numbered for members: "appeal #3".
    AppealId
);
id!(
    /// A club session.
    SessionId
);
id!(
    /// A request to leave the Leaderboard (Terms §II Act 8).
    LeaveRequestId
);
