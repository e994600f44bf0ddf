//! `/board replace` and `/board return`: a replacement takes a position, permanently or for a
//! declared period (B.7), chosen by the team's captain in the team rounds within 48 (96) hours
//! of an NMR and after that by the TD from the reserve pool (B.8), by the board's GM or the TD
//! otherwise, within B.9's three games and the committees' eligibility (A.4, A.8); a position
//! held under a 1901 NMR is released, so the results may follow (D.VII.6b). Every handover is
//! recorded, to pro-rate the position's points (C.14).

use sqlx::SqliteConnection;

use super::Diplomacy;
use super::{board, DiplomacyError, DiplomacyOutcome};
use crate::app::committee::eligibility::check_may_sit;
use crate::app::{Actor, App, Call, PersonRef};
use crate::domain::diplomacy::handover::{self, Handover, Kind};
use crate::domain::diplomacy::replacement::{
    captain_notice_given, check_load_within, check_seasons, chooser, Chooser, ReplacementError,
};
use crate::domain::diplomacy::season::Season;
use crate::domain::diplomacy::states::ChosenBy;
use crate::domain::diplomacy::Power;
use crate::domain::kernel::authority::Power as Authority;
use crate::domain::kernel::office::Office;
use crate::store;
use crate::store::diplomacy::boards::BoardStatus;
use crate::store::diplomacy::boards::{Board, Position};
use crate::store::diplomacy::handovers::KindName;
use crate::store::diplomacy::handovers::{self as stored, New};

/// A position's handovers as the domain reads them.
pub(crate) fn handovers_of(rows: &[stored::Row]) -> Vec<Handover<i64>> {
    rows.iter()
        .map(|r| Handover {
            outgoing: r.outgoing_id,
            incoming: r.incoming_id,
            from: Season::parse(&r.from_season).unwrap_or(Season::spring(1901)),
            kind: match (r.kind, r.until_season.as_deref().and_then(Season::parse)) {
                (KindName::Temporary, Some(until)) => Kind::Temporary { until },
                (KindName::Return, _) => Kind::Return,
                // A temporary handover always has its season (the table's check); one that
                // could not be read stands as permanent.
                (KindName::Permanent, _) | (KindName::Temporary, None) => Kind::Permanent,
            },
        })
        .collect()
}

/// The season a handover made now takes effect from (C.14).
fn taking_over_from(b: &Board) -> Season {
    handover::taking_over_from(b.turn)
}

/// Who may choose this replacement, and as whom (B.8(a), B.8(d)).
async fn chosen_by(
    app: &App,
    conn: &mut SqliteConnection,
    actor: &Actor,
    b: &Board,
    position: &Position,
    temporary: bool,
) -> Result<ChosenBy, DiplomacyError> {
    let gm = store::offices::holds_for(conn, actor.id, Office::GameMaster, Some(&b.name)).await?
        || Authority::Director.held_by(&actor.offices);
    let round = store::diplomacy::rounds::get(conn, b.round).await?;
    let team_round = round.as_ref().is_some_and(|r| r.team_round);
    let captain = match position.team_id {
        Some(t) if team_round => store::diplomacy::rounds::is_captain(conn, t, actor.id).await?,
        _ => false,
    };
    // The captain's window follows the player's own 48 (96) hours after the position's last
    // NMR (D.VII.6a, B.8(d)); a 1901 NMR starts it at once (D.VII.6b). With no NMR, the
    // player asked to be replaced (B.7) and the captain chooses.
    let last_nmr = store::diplomacy::record::nmrs(conn)
        .await?
        .into_iter()
        .filter(|n| n.board_id == b.id && n.power == position.power)
        .max_by_key(|n| n.id);
    let window = last_nmr.as_ref().map(|n| {
        let due = if n.replace_now {
            Some(n.recorded_at)
        } else {
            n.due
        };
        (n.turn, chooser(b.round as u8, due, app.now()))
    });
    if let Some((turn, Chooser::PlayersGrace { until })) = &window {
        if captain || gm {
            let until = match until {
                Some(t) => format!("until {}", super::gmt(*t, app.tz())),
                None => "48 hours (96 over a weekend) from the publication of the adjudication, not yet published,".into(),
            };
            return Err(DiplomacyError::Refused(format!(
                "{}'s player on {} has {until} to contact the GM after the NMR for {turn}; only then does the replacement procedure of B.8 begin (D.VII.6a).",
                position.power,
                b.name
            )));
        }
    }
    let window = window.map(|(_, w)| w);
    if captain {
        return match window {
            Some(Chooser::ReservePool) => Err(DiplomacyError::Refused(format!(
                "The captain's 48 hours (96 over a weekend) to choose a replacement for {} on {} have passed: the TD takes one from the reserve pool (B.8(d)).",
                position.power,
                b.name
            ))),
            _ => Ok(ChosenBy::Captain),
        };
    }
    if gm {
        if !(team_round && position.team_id.is_some()) {
            return Ok(ChosenBy::Gm);
        }
        return match window {
            Some(Chooser::ReservePool) => Ok(ChosenBy::ReservePool),
            _ => Err(DiplomacyError::Refused(format!(
                "In the team rounds the right to choose a replacement for {} on {} is the team's captain's (B.8(a)); {}",
                position.power,
                b.name,
                if b.round == 1 {
                    "in round 1 the captain is the default replacement and there is no reserve pool (B.8(c))."
                } else {
                    "the GM or the TD takes one from the reserve pool only after an NMR, once the player's and then the captain's 48 hours (96 over a weekend) have passed (D.VII.6a, B.8(d))."
                }
            ))),
        };
    }
    if actor.id == position.person_id && temporary {
        return Ok(ChosenBy::Player);
    }
    Err(DiplomacyError::Refused(format!(
        "Only the GM of {}, the TD, or in the team rounds the team's captain may replace a player; a player may name a temporary replacement for themself (B.7, B.8(a)).",
        b.name
    )))
}

/// The power named `power` and its position on board `b`.
async fn held(
    conn: &mut SqliteConnection,
    b: &Board,
    power: Power,
) -> Result<(Power, Position), DiplomacyError> {
    let position = store::diplomacy::boards::positions(conn, b.id)
        .await?
        .into_iter()
        .find(|p| p.power == power)
        .ok_or_else(|| DiplomacyError::Refused(format!("No one holds {power} on {}.", b.name)))?;
    Ok((power, position))
}

impl Diplomacy<'_> {
    /// `/board replace board power [member] [until]`: permanent, or temporary to the season
    /// `until`; with no member, after the captain's window, the reserve pool's draw (B.8(d)).
    pub async fn replace(
        &self,
        call: &Call,
        name: &str,
        power: Power,
        member: Option<&PersonRef>,
        until: Option<Season>,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            let b = board(conn, name).await?;
            let (power, position) = held(conn, &b, power).await?;
            let by = chosen_by(self, conn, actor, &b, &position, until.is_some()).await?;
            if by == ChosenBy::Captain && b.round == 1 && !captain_notice_given(self.now(), b.deadline) {
                let deadline = b.deadline.map(|d| super::gmt(d, self.tz())).unwrap_or_default();
                return Err(DiplomacyError::Refused(
                    ReplacementError::CaptainNotice { deadline }.to_string(),
                ));
            }
            if b.status == BoardStatus::Finished {
                return Err(DiplomacyError::Finished(
                    b.name,
                    "no more replacements".into(),
                ));
            }
            let from = taking_over_from(&b);
            let (person, drawn) = match member {
                Some(m) => (m.resolve(conn, self.now()).await?, None),
                None => {
                    let (id, note) = self.pool_draw(conn, &b, &position, by, until.is_some()).await?;
                    (store::people::by_id(conn, id).await?, Some(note))
                }
            };
            if let Some(v) = store::diplomacy::vetoes::of_board(conn, b.id)
                .await?
                .into_iter()
                .find(|v| v.person_id == person.id)
            {
                return Err(DiplomacyError::Refused(format!(
                    "The TD has vetoed {} as a replacement on {}: {} (B.10).",
                    person.name, b.name, v.reason
                )));
            }
            if person.id == position.person_id {
                return Err(DiplomacyError::Refused(format!(
                    "{} already holds {power} on {}.",
                    person.name, b.name
                )));
            }
            check_may_sit(conn, &person, &b.name).await?;
            let held = store::diplomacy::boards::held_in_round(conn, person.id, b.round).await?;
            check_load_within(&person.name, held as u32, held as u32, until.is_none(), self.game_limits(conn).await?)
                .map_err(|e| DiplomacyError::Refused(e.to_string()))?;
            if let Some(u) = until {
                if u < from {
                    return Err(DiplomacyError::Refused(format!(
                        "A temporary replacement from {from} cannot end with {u} (B.7)."
                    )));
                }
                let mut used = 0;
                for p in store::diplomacy::boards::all_positions(conn).await? {
                    let round = store::diplomacy::boards::by_id(conn, p.board_id)
                        .await?
                        .map(|x| x.round);
                    if round == Some(b.round) {
                        let rows = stored::of_position(conn, p.id).await?;
                        used += handover::seasons_replaced(&handovers_of(&rows), &position.person_id);
                    }
                }
                check_seasons(&position.person_name, used, Season::count(from, u))
                    .map_err(|e| DiplomacyError::Refused(e.to_string()))?;
            }
            let team_provided = match position.team_id {
                // A replacement drawn from the pool is not the team's (B.8(e)).
                Some(_) if drawn.is_some() => false,
                Some(t) => store::committee::teams::members_of(conn, t)
                    .await?
                    .contains(&person.id),
                None => true,
            };
            let from_text = from.to_string();
            let until_text = until.map(|u| u.to_string());
            stored::insert(
                conn,
                &New {
                    position: position.id,
                    outgoing: position.person_id,
                    incoming: person.id,
                    from: &from_text,
                    kind: if until.is_some() { KindName::Temporary } else { KindName::Permanent },
                    until: until_text.as_deref(),
                    chosen_by: by,
                    team_provided,
                },
                self.now(),
            )
            .await?;
            self.hand_over(conn, &b, &position, person.id).await?;
            let released = b.results_held;
            if released {
                store::diplomacy::boards::set_held(conn, b.id, false).await?;
            }
            let how = match until {
                Some(u) => format!("temporarily, from {from} to {u}; a longer stay makes it permanent (B.7)"),
                None => format!("permanently from {from} (B.7, B.8)"),
            };
            let forfeit = match (team_provided, until) {
                (true, _) => "",
                (false, Some(_)) => "; they are not from the team, which keeps the position's points while they stand in for the declared period, and loses them if they stay past it (D.VII.5, B.7, B.8(e))",
                (false, None) => "; they are not from the team, which loses the position's points, and they score only as an individual permanent replacement (B.8(e))",
            };
            let text = format!(
                "{}: {}{} replaces {} as {power}, {how}{forfeit}{}.",
                b.name,
                drawn.as_deref().unwrap_or(""),
                person.name,
                position.person_name,
                if released {
                    "; the results of 1901 may now be published (D.VII.6b)"
                } else {
                    ""
                }
            );
            self.announce(conn, &text).await?;
            Ok(DiplomacyOutcome::Announced(text))
        })
        .await
    }

    /// `/board return board power` (the GM, the TD, or the player stood in for): a temporary
    /// replacement ends and the player takes the position back, unless its declared period has
    /// run out, which made it permanent (B.7).
    pub async fn return_player(
        &self,
        call: &Call,
        name: &str,
        power: Power,
    ) -> Result<DiplomacyOutcome, DiplomacyError> {
        self.execute(call, async |conn, actor| {
            let b = board(conn, name).await?;
            let (power, position) = held(conn, &b, power).await?;
            let rows = stored::of_position(conn, position.id).await?;
            let current = handover::current_temporary(&handovers_of(&rows));
            let gm = store::offices::holds_for(conn, actor.id, Office::GameMaster, Some(&b.name))
                .await?
                || Authority::Director.held_by(&actor.offices);
            if !gm && current.as_ref().is_none_or(|(_, player, _)| *player != actor.id) {
                return Err(DiplomacyError::Refused(format!(
                    "Only the GM of {}, the TD or the player a temporary replacement stands in for may end it (B.7).",
                    b.name
                )));
            }
            if b.status == BoardStatus::Finished {
                return Err(DiplomacyError::Finished(b.name, "no more replacements".into()));
            }
            let Some((_, player, until)) = current else {
                return Err(DiplomacyError::Refused(format!(
                    "{power} on {} is not held by a temporary replacement (B.7).",
                    b.name
                )));
            };
            let from = taking_over_from(&b);
            if crate::domain::diplomacy::replacement::becomes_permanent(until, from) {
                return Err(DiplomacyError::Refused(format!(
                    "{}'s replacement on {} was declared to end with {until}; it has run past that and is permanent (B.7).",
                    position.person_name, b.name
                )));
            }
            let from_text = from.to_string();
            stored::insert(
                conn,
                &New {
                    position: position.id,
                    outgoing: position.person_id,
                    incoming: player,
                    from: &from_text,
                    kind: KindName::Return,
                    until: None,
                    chosen_by: ChosenBy::Player,
                    team_provided: true,
                },
                self.now(),
            )
            .await?;
            self.hand_over(conn, &b, &position, player).await?;
            let back = store::people::name_of(conn, Some(player)).await?.unwrap_or_default();
            let text = format!(
                "{}: {back} takes {power} back from {} from {from} (B.7).",
                b.name, position.person_name
            );
            self.announce(conn, &text).await?;
            Ok(DiplomacyOutcome::Announced(text))
        })
        .await
    }
}

impl App {
    /// Hands the position and the game's seat to `person`.
    async fn hand_over(
        &self,
        conn: &mut SqliteConnection,
        b: &Board,
        position: &Position,
        person: i64,
    ) -> sqlx::Result<()> {
        store::diplomacy::boards::replace_holder(conn, position.id, person).await?;
        store::committee::teams::unseat(conn, &b.name, position.person_id, self.now()).await?;
        store::committee::teams::seat(conn, &b.name, person, self.now()).await
    }
}
