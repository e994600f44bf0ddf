//! Values stored as they are written, such as a Diplomacy turn ("S1901M") or season ("F1909"):
//! read back through the domain's own parser, so a row the parser cannot read is an error of
//! the store, never a silent default in a use case.

use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::sqlite::{Sqlite, SqliteArgumentValue, SqliteValueRef};

use super::keys::text_column;

use crate::domain::diplomacy::season::{Season, Turn};

/// Stores each listed type as TEXT through its `Display` and reads it with `$parse`.
macro_rules! stored_as_written {
    ($($ty:ty => $parse:path),+ $(,)?) => {$(
        text_column!($ty);

        impl<'q> sqlx::Encode<'q, Sqlite> for $ty {
            fn encode_by_ref(
                &self,
                args: &mut Vec<SqliteArgumentValue<'q>>,
            ) -> Result<IsNull, BoxDynError> {
                <String as sqlx::Encode<'q, Sqlite>>::encode(self.to_string(), args)
            }
        }

        impl<'r> sqlx::Decode<'r, Sqlite> for $ty {
            fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
                let text = <&str as sqlx::Decode<'r, Sqlite>>::decode(value)?;
                $parse(text).ok_or_else(|| {
                    format!("`{text}` is not a stored {}", stringify!($ty)).into()
                })
            }
        }

        /// Written as stored, so an exported row spells it as the database does.
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
    )+};
}

stored_as_written! {
    Turn => Turn::parse,
    Season => Season::parse,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_turn_of_a_game_reads_back_as_written() {
        let mut turn = Turn::FIRST;
        for _ in 0..40 {
            assert_eq!(Turn::parse(&turn.to_string()), Some(turn), "{turn}");
            assert_eq!(
                Season::parse(&turn.season.to_string()),
                Some(turn.season),
                "{}",
                turn.season
            );
            turn = turn.next();
        }
    }
}
