//! The jobs after an NMR (D.VII.6a, B.8): at the end of the player's own 48 (96) hours the
//! replacement procedure begins, and in the team rounds after the first the captain's 48 (96)
//! hours follow; when those pass with no choice the reserve pool is called (B.8(d)).

use sqlx::SqliteConnection;

use super::gmt;
use crate::app::App;
use crate::domain::diplomacy::nmr;
use crate::jobs::{self, Job};
use crate::store;
use crate::store::diplomacy::boards::Board;
use crate::store::diplomacy::boards::BoardStatus;
use crate::store::diplomacy::record::Nmr;

/// How the reserve pool is called (B.8(d)).
const POOL_CALLED: &str = "the reserve pool is called: its members reply with /diplomacy standby, and the GM or the TD takes the highest ranked who replied, in the order /diplomacy reserves shows, with /board replace naming no member (B.8(d)).";

impl App {
    /// The NMR `nmr` and its board while the board plays and the player has neither come back
    /// nor been replaced since it.
    async fn nmr_still_open(
        &self,
        conn: &mut SqliteConnection,
        nmr: i64,
    ) -> sqlx::Result<Result<(Nmr, Board), &'static str>> {
        let all = store::diplomacy::record::nmrs(conn).await?;
        let Some(n) = all.into_iter().find(|x| x.id == nmr) else {
            return Ok(Err("no such NMR"));
        };
        let Some(b) = store::diplomacy::boards::by_id(conn, n.board_id).await? else {
            return Ok(Err("no such board"));
        };
        if b.status != BoardStatus::Playing {
            return Ok(Err("the board is finished"));
        }
        // The player came back: orders sent after the NMR.
        let back = store::diplomacy::record::orders(conn, b.id, b.turn)
            .await?
            .iter()
            .any(|o| o.power == n.power && o.sent_at > n.recorded_at);
        if back {
            return Ok(Err("the player has sent orders since"));
        }
        let position = store::diplomacy::boards::positions(conn, b.id)
            .await?
            .into_iter()
            .find(|p| p.power == n.power);
        if let Some(p) = position {
            let replaced = store::diplomacy::handovers::of_position(conn, p.id)
                .await?
                .iter()
                .any(|h| h.at > n.recorded_at);
            if replaced {
                return Ok(Err("the position has been replaced since"));
            }
        }
        Ok(Ok((n, b)))
    }

    /// The job at the end of an NMR's 48 or 96 hours (D.VII.6a, B.8).
    pub(crate) async fn nmr_clock(
        &self,
        conn: &mut SqliteConnection,
        nmr: i64,
    ) -> anyhow::Result<String> {
        let (n, b) = match self.nmr_still_open(conn, nmr).await? {
            Ok(found) => found,
            Err(why) => return Ok(why.into()),
        };
        let team_round = store::diplomacy::rounds::get(conn, b.round)
            .await?
            .is_some_and(|r| r.team_round);
        let next = if b.round == 1 {
            "the team's captain chooses first (B.8(a)).".to_owned()
        } else if team_round {
            let (hours, until) = nmr::window(self.now());
            jobs::schedule_once(conn, &Job::DiplomacyCaptainWindow { nmr: n.id }, until).await?;
            format!(
                "the team's captain has {hours} hours, until {}, to choose a replacement with /board replace (B.8(a), B.8(d)); after that the reserve pool is called.",
                gmt(until, self.tz())
            )
        } else {
            format!("this is no team round, so {POOL_CALLED}")
        };
        let text = format!(
            "{}: {}'s player has not contacted the GM since the NMR for {}: the replacement procedure begins (D.VII.6a, B.8); {next}",
            b.name,
            n.power,
            n.turn,
        );
        self.announce(conn, &text).await?;
        Ok(text)
    }

    /// The job at the end of the captain's 48 or 96 hours after an NMR's own (B.8(d)).
    pub(crate) async fn captain_window(
        &self,
        conn: &mut SqliteConnection,
        nmr: i64,
    ) -> anyhow::Result<String> {
        let (n, b) = match self.nmr_still_open(conn, nmr).await? {
            Ok(found) => found,
            Err(why) => return Ok(why.into()),
        };
        let text = format!(
            "{}: the captain's 48 hours (96 over a weekend) to replace {}'s player after the NMR for {} have passed with no choice, so {POOL_CALLED}",
            b.name,
            n.power,
            n.turn,
        );
        self.announce(conn, &text).await?;
        Ok(text)
    }
}

impl App {
    /// The adjudication of `b`'s turn is published now: the clocks of its NMRs start, each
    /// the player's 48 (96) hours to contact the GM (D.VII.6a). Returns a line for each.
    pub(super) async fn start_nmr_clocks(
        &self,
        conn: &mut SqliteConnection,
        b: &Board,
    ) -> sqlx::Result<Vec<String>> {
        let waiting: Vec<Nmr> = store::diplomacy::record::nmrs(conn)
            .await?
            .into_iter()
            .filter(|n| n.board_id == b.id && !n.replace_now && n.due.is_none())
            .collect();
        let mut lines = Vec::new();
        for n in waiting {
            let (hours, due) = nmr::window(self.now());
            store::diplomacy::nmr_clocks::set_due(conn, n.id, due).await?;
            jobs::schedule_once(conn, &Job::DiplomacyNmrClock { nmr: n.id }, due).await?;
            lines.push(format!(
                "{}'s player, with an NMR for {}, has {hours} hours from this publication, until {}, to contact the GM before the replacement procedure begins (D.VII.6a, B.8).",
                n.power,
                n.turn,
                gmt(due, self.tz())
            ));
        }
        Ok(lines)
    }
}
