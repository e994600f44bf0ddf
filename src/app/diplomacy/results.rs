//! `/board centres` (the GM): a season's counts, kept for the count-backs; the last year's
//! Fall, or a solo, ends the game, and its score is published with its working (C.1-C.5).

use std::collections::{BTreeMap, BTreeSet};

use sqlx::SqliteConnection;

use super::Diplomacy;
use super::Given;
use super::{board, require_gm, DiplomacyError, DiplomacyOutcome};
use crate::app::{App, Call};
use crate::domain::diplomacy::centres::Centres;
use crate::domain::diplomacy::correction::{ends_game, may_record};
use crate::domain::diplomacy::score::{score, year_ends, BoardScore, Ending};
use crate::domain::diplomacy::season::Season;
use crate::domain::diplomacy::Power;
use crate::domain::kernel::authority::Power as Authority;
use crate::store;
use crate::store::diplomacy::boards::{BoardEnding, BoardStatus};

/// A board's record, read for scoring.
pub struct Scored {
    pub score: BoardScore,
    /// Centres at the end of each year, as the count-backs read them (C.5).
    pub years: BTreeMap<u16, Centres>,
    /// The years whose counts are known: those the GM recorded, and those after the game
    /// stopped, which carry its last counts (C.5). A count-back does not read the others.
    pub known: BTreeSet<u16>,
}

impl Diplomacy<'_> {
    /// `/board centres board season counts`.
    pub async fn record_centres(
        &self,
        call: &Call,
        name: &str,
        season: Season,
        counts: Centres,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            let b = board(conn, name).await?;
            require_gm(conn, actor, &b, "record the supply-centre counts").await?;
            if b.status == BoardStatus::Finished {
                return Err(DiplomacyError::Finished(
                    b.name,
                    "its counts are final".into(),
                ));
            }
            if b.results_held {
                return Err(DiplomacyError::Refused(format!(
                    "{}'s results wait: a 1901 NMR stands until the position is replaced, and no count is released before (D.VII.6b).",
                    b.name
                )));
            }
            let (s, c) = (season, counts);
            let round = store::diplomacy::rounds::get(conn, b.round).await?;
            let last_year = round.map_or(1909, |r| r.last_year) as u16;
            if s.year > last_year {
                return Err(DiplomacyError::Refused(format!(
                    "{} plays to Fall {last_year} (B.3).",
                    b.name
                )));
            }
            // Only the season the board has reached; a past one recorded is the TD's to
            // correct (C.1, D.VIII.1).
            let current = b
                .published_at
                .map(|_| b.turn)
                .map(|t| t.season);
            let recorded = store::diplomacy::record::counts(conn, b.id)
                .await?
                .iter()
                .any(|c| c.season == s.to_string());
            may_record(current, s, recorded).map_err(|e| DiplomacyError::Refused(e.to_string()))?;
            for p in Power::ALL {
                store::diplomacy::record::put_count(
                    conn,
                    b.id,
                    &s.to_string(),
                    p,
                    c.of(p),
                    self.now(),
                )
                .await?;
            }
            let mut text = format!("{} {s}: {c} (total {}).", b.name, c.total());
            // The game ends on its last counts: a past season filled in ends nothing.
            let ends = last_counts_end(conn, b.id, last_year).await?;
            if ends {
                // The last turn's press goes out with the game's end (D.X.1).
                for line in self.press_lines(conn, &b, b.turn).await? {
                    text.push('\n');
                    text.push_str(&line);
                }
                store::diplomacy::boards::finish(conn, b.id, BoardEnding::Played, "", self.now())
                    .await?;
                text.push('\n');
                text.push_str(&self.board_score_text(conn, b.id).await?);
            }
            self.announce(conn, &text).await?;
            Ok(DiplomacyOutcome::Announced(text))
        })
        .await
    }

    /// `/board correct board season counts` (the TD): D.VIII.1's correction of a season's
    /// counts the board has reached, made with the TD's consent by the TD; whether the game has
    /// ended is derived again from the last counts, and the score with it, announced.
    pub async fn correct_centres(
        &self,
        call: &Call,
        name: &str,
        season: Given<Season>,
        counts: Given<Centres>,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            Authority::Director.require(
                &actor.offices,
                "correct a season's counts (the GM asks the TD)",
                "house rules D.VIII.1",
            )?;
            let season = season.clone().map_err(DiplomacyError::Refused)?;
            let counts = counts.clone().map_err(DiplomacyError::Refused)?;
            let b = board(conn, name).await?;
            if b.results_held {
                return Err(DiplomacyError::Refused(format!(
                    "{}'s results wait on a 1901 NMR: the position is replaced first (D.VII.6b).",
                    b.name
                )));
            }
            let (s, c) = (season, counts);
            let last_year = store::diplomacy::rounds::get(conn, b.round)
                .await?
                .map_or(1909, |r| r.last_year) as u16;
            let current = b
                .published_at
                .map(|_| b.turn)
                .map(|t| t.season);
            if s.year > last_year || current.is_some_and(|now| s > now) {
                return Err(DiplomacyError::Refused(format!(
                    "{} has not reached {s}: a correction mends a season played (D.VIII.1).",
                    b.name
                )));
            }
            let before = store::diplomacy::record::counts(conn, b.id).await?;
            let was: Vec<String> = before
                .iter()
                .filter(|x| x.season == s.to_string())
                .map(|x| format!("{}={}", x.power.letter(), x.centres))
                .collect();
            for p in Power::ALL {
                store::diplomacy::record::put_count(conn, b.id, &s.to_string(), p, c.of(p), self.now())
                    .await?;
            }
            let mut text = format!(
                "{}: the TD corrects the counts of {s} (D.VIII.1): {} (total {}), {}.",
                b.name,
                c,
                c.total(),
                if was.is_empty() { "none were recorded".to_owned() } else { format!("were {}", was.join(" ")) }
            );
            // The game's end follows the last counts: a board a count ended reopens when the
            // corrected counts no longer end it, and one a correction ends is scored (B.3, C.4).
            let ends = last_counts_end(conn, b.id, last_year).await?;
            match (b.status, b.ending) {
                (BoardStatus::Finished, Some(BoardEnding::Played)) if !ends => {
                    store::diplomacy::boards::reopen(conn, b.id).await?;
                    text.push_str(" The counts no longer end the game: it is in play again, and its GM publishes its next turn.");
                }
                (BoardStatus::Playing, _) if ends => {
                    store::diplomacy::boards::finish(conn, b.id, BoardEnding::Played, "", self.now()).await?;
                    text.push('\n');
                    text.push_str(&self.board_score_text(conn, b.id).await?);
                }
                (BoardStatus::Finished, _) => {
                    text.push('\n');
                    text.push_str(&self.board_score_text(conn, b.id).await?);
                }
                _ => {}
            }
            self.announce(conn, &text).await?;
            Ok(DiplomacyOutcome::Announced(text))
        })
        .await
    }
}

impl App {
    /// A board's score as it stands (or ended), with its counts by year.
    pub(crate) async fn board_scored(
        &self,
        conn: &mut SqliteConnection,
        board: i64,
    ) -> sqlx::Result<Scored> {
        board_scored(conn, board).await
    }

    /// The published score of a board, line by line.
    pub(crate) async fn board_score_text(
        &self,
        conn: &mut SqliteConnection,
        board: i64,
    ) -> sqlx::Result<String> {
        let b = store::diplomacy::boards::by_id(conn, board)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        let s = self.board_scored(conn, board).await?;
        let positions = store::diplomacy::boards::positions(conn, board).await?;
        let last_year = store::diplomacy::rounds::get(conn, b.round)
            .await?
            .map_or(1909, |r| r.last_year) as u16;
        let mut lines = vec![format!("{} is scored: {}.", b.name, s.score.basis)];
        for l in &s.score.lines {
            let Some(p) = positions.iter().find(|p| p.power == l.power) else {
                lines.push(l.working.clone());
                continue;
            };
            let split = super::stints::position_shares(conn, p, l.score, last_year).await?;
            if !split.replaced {
                lines.push(format!("{} ({})", l.working, p.person_name));
                continue;
            }
            // C.14: each holder's share, by the seasons they played.
            let mut parts = Vec::new();
            for share in &split.shares {
                let name = store::people::name_of(conn, Some(share.holder))
                    .await?
                    .unwrap_or_default();
                parts.push(format!("{name}: {}", share.working));
            }
            let forfeit = if split.team_provided {
                ""
            } else {
                "; the team loses these points (B.8(e))"
            };
            lines.push(format!("{} ({}){forfeit}", l.working, parts.join("; ")));
        }
        Ok(lines.join("\n"))
    }
}

/// Whether a board's last recorded counts end its game: a solo, or the last year's Fall (B.3,
/// C.4).
async fn last_counts_end(
    conn: &mut SqliteConnection,
    board: i64,
    last_year: u16,
) -> sqlx::Result<bool> {
    let mut by_season: BTreeMap<Season, Vec<(Power, u32)>> = BTreeMap::new();
    for x in store::diplomacy::record::counts(conn, board).await? {
        if let Some(at) = Season::parse(&x.season) {
            by_season
                .entry(at)
                .or_default()
                .push((x.power, x.centres as u32));
        }
    }
    Ok(by_season.iter().next_back().is_some_and(|(at, v)| {
        Centres::new(v.clone()).is_ok_and(|last| ends_game(&last, *at, last_year))
    }))
}

/// A board's score as it stands (or ended), with its counts by year: for the app, the export
/// and the portal.
pub async fn board_scored(conn: &mut SqliteConnection, board: i64) -> sqlx::Result<Scored> {
    let b = store::diplomacy::boards::by_id(conn, board)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    let last_year = store::diplomacy::rounds::get(conn, b.round)
        .await?
        .map_or(1909, |r| r.last_year) as u16;
    let mut by_season: BTreeMap<Season, Vec<(Power, u32)>> = BTreeMap::new();
    for c in store::diplomacy::record::counts(conn, board).await? {
        if let Some(s) = Season::parse(&c.season) {
            by_season
                .entry(s)
                .or_default()
                .push((c.power, c.centres as u32));
        }
    }
    let latest = by_season
        .values()
        .last()
        .and_then(|v| Centres::new(v.clone()).ok())
        .unwrap_or_default();
    // The counts at the end of each year: the Fall's, or the Spring's when no Fall yet.
    let mut recorded: BTreeMap<u16, Centres> = BTreeMap::new();
    for (s, v) in &by_season {
        if let Ok(c) = Centres::new(v.clone()) {
            recorded.insert(s.year, c);
        }
    }
    let powers: Vec<Power> = b
        .ending_powers
        .as_deref()
        .unwrap_or("")
        .chars()
        .filter_map(|c| Power::parse(&c.to_string()))
        .collect();
    let ending = match b.ending {
        Some(BoardEnding::Draw) => Ending::Draw { members: powers },
        Some(BoardEnding::Conceded) => Ending::Conceded {
            to: powers.first().copied().unwrap_or(Power::Austria),
        },
        Some(BoardEnding::Played) | None => Ending::Played,
    };
    let mut known: BTreeSet<u16> = recorded.keys().copied().collect();
    if let Some(last) = known.iter().next_back().copied() {
        known.extend(last + 1..=last_year);
    }
    let mut score = score(&latest, &ending);
    if b.status == BoardStatus::Playing {
        // A game in play has no final score yet: what stands is a standing on the last counts,
        // and before any counts nothing is scored (C.1).
        match by_season.keys().next_back() {
            Some(s) => {
                score.basis = format!(
                    "the counts of {s} as they stand: the game is in play, so this is not its final score (C.1)"
                );
            }
            None => {
                score.lines.clear();
                score.basis =
                    "nothing yet: the game is in play and no counts are recorded (C.1)".into();
            }
        }
    }
    Ok(Scored {
        score,
        years: year_ends(&recorded, last_year, &ending),
        known,
    })
}
