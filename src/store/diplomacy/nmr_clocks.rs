//! The start of an NMR's clock (D.VII.6a): its 48 (96) hours run from the publication of the
//! adjudication, which comes after the deadline that recorded the NMR.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

/// Sets when the player's time to contact the GM after the NMR `nmr` runs out.
pub async fn set_due(
    conn: &mut SqliteConnection,
    nmr: i64,
    due: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE dip_nmrs SET due = ? WHERE id = ?")
        .bind(due)
        .bind(nmr)
        .execute(conn)
        .await?;
    Ok(())
}
