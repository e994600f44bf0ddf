//! A position's stints and pro-rated shares (C.14), read from its recorded handovers (B.7,
//! B.8): for the score's working, the standings, the export and the portal.

use sqlx::SqliteConnection;

use super::replace::handovers_of;
use crate::domain::diplomacy::handover::{permanent_holders, stints, team_provided, termination};
use crate::domain::diplomacy::prorate::{shares, Share};
use crate::domain::diplomacy::season::Season;
use crate::domain::diplomacy::Points;
use crate::store;
use crate::store::diplomacy::boards::Position;

/// A position's shares of `total`, and whether the team provided every replacement (B.8(e)).
pub(crate) struct PositionShares {
    pub shares: Vec<Share<i64>>,
    /// Those who hold the position permanently (C.15), first holder first.
    pub permanent: Vec<i64>,
    pub team_provided: bool,
    pub replaced: bool,
}

/// The last season with counts recorded on the board: where an early end stopped it (C.14).
async fn ended(conn: &mut SqliteConnection, board: i64, last_year: u16) -> sqlx::Result<Season> {
    Ok(store::diplomacy::record::counts(conn, board)
        .await?
        .iter()
        .filter_map(|c| Season::parse(&c.season))
        .max()
        .unwrap_or(Season::fall(last_year)))
}

/// Shares `total` among the position's holders (C.14).
pub(crate) async fn position_shares(
    conn: &mut SqliteConnection,
    position: &Position,
    total: Points,
    last_year: u16,
) -> sqlx::Result<PositionShares> {
    let rows = store::diplomacy::handovers::of_position(conn, position.id).await?;
    let first = rows.first().map_or(position.person_id, |r| r.outgoing_id);
    let hs = handovers_of(&rows);
    let st = stints(&first, &hs, last_year);
    let end = termination(&st, ended(conn, position.board_id, last_year).await?);
    Ok(PositionShares {
        shares: shares(total, &st, last_year, end),
        permanent: permanent_holders(&first, &hs, end),
        team_provided: team_provided(
            &hs,
            &rows.iter().map(|r| r.team_provided).collect::<Vec<_>>(),
            end,
        ),
        replaced: !rows.is_empty(),
    })
}
