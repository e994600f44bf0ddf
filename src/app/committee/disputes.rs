//! Disputes (house rules D.I.2, A.3.v, A.12) and Observers' reports (A.9): a player or a GM of
//! the game raises a question with the TD (never with the GM); the TD resolves it or refers it
//! to the TMC as a motion; the ruling binds once the player and a GM of the game have both
//! confirmed that the question put was the proper and specific one. An Observer's report goes
//! to the TD's private channel only.

use sqlx::SqliteConnection;

use crate::app::committee::Committee;
use crate::app::{App, Call, PersonRef, UseCaseError};
use crate::domain::committee::dispute::{DisputeError as Rule, Party};
use crate::domain::committee::motion::{Kind, Status};
use crate::domain::kernel::authority::{Power, Unauthorised};
use crate::domain::kernel::office::Office;
use crate::store;
use crate::store::committee::disputes::DisputeRow;

use super::motion::open::Opening;
use super::CommitteeError;

#[derive(Debug, thiserror::Error)]
pub enum DisputeError {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error(transparent)]
    Rule(#[from] Rule),
    #[error(transparent)]
    Committee(#[from] CommitteeError),
    #[error("Only a player or a GM of {0} may raise a dispute about it (house rules D.I.2).")]
    NotInGame(String),
    #[error("A GM raising a dispute names the player it concerns (player:@name), who plays in {0} (house rules D.I.2).")]
    NamePlayer(String),
    #[error("Only a Tournament Observer of {0} reports on it (house rules A.9).")]
    NotObserver(String),
    #[error("There is no dispute {0}.")]
    NoSuchDispute(i64),
    #[error("There is no committee seated by the TMC office to refer it to; the Chief Justice creates one with /committee create (house rules D.I.2).")]
    NoTmc,
    #[error("A dispute, a resolution or a report needs its text.")]
    NoText,
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for DisputeError {
    fn is_internal(&self) -> bool {
        matches!(self, DisputeError::Store(_))
            || matches!(self, DisputeError::Committee(c) if c.is_internal())
    }
}

/// What a dispute's or an Observer's command did. A step the club is told of carries its
/// announcement, which is also the answer.
#[derive(Debug, Clone)]
pub enum DisputeDone {
    /// `/dispute raise`: the dispute is with the TD (D.I.2, A.3.v).
    Raised { dispute: i64 },
    /// `/dispute resolve`: the TD's resolution (A.3.v), after the referred motion that closed
    /// without binding, if one did.
    Resolved {
        dispute: i64,
        failed_motion: Option<i64>,
        announced: String,
    },
    /// `/dispute refer`: the question is put to the TMC as `motion` (D.I.2).
    Referred {
        dispute: i64,
        motion: i64,
        announced: String,
    },
    /// `/dispute confirm`: a party confirmed the question put (D.I.2).
    Confirmed { dispute: i64, announced: String },
    /// `/observer report`: the report went to the TD privately (A.9).
    Reported { report: i64, game: String },
}

fn text(t: &str) -> Result<&str, DisputeError> {
    let t = t.trim();
    if t.is_empty() {
        Err(DisputeError::NoText)
    } else {
        Ok(t)
    }
}

/// "waiting for the player (ann) and the GM" or "binding".
fn standing(d: &DisputeRow, ruled: bool) -> String {
    let dispute = d.domain(ruled, false);
    if dispute.binding() {
        return "the ruling binds player and GM (house rules D.I.2)".into();
    }
    let missing: Vec<String> = dispute
        .unconfirmed()
        .into_iter()
        .map(|p| match p {
            Party::Player => format!("the player ({})", d.player_name),
            Party::Gm => format!("a GM of {}", d.game),
        })
        .collect();
    if missing.is_empty() {
        "both have confirmed the question; the ruling binds once the TMC's vote binds (house rules D.I.2)".into()
    } else {
        format!(
            "it binds only once both confirm the question put; not yet confirmed by {} (house rules D.I.2)",
            missing.join(" and ")
        )
    }
}

impl Committee<'_> {
    /// `/dispute raise`: a player or a GM of the game brings a question to the TD.
    pub async fn raise_dispute(
        &self,
        call: &Call,
        game: &str,
        question: &str,
        player: Option<&PersonRef>,
    ) -> Result<DisputeDone, DisputeError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let typed = text(game)?;
            // The board under its own name, so every door sees the same game (A.9, A.12).
            let board = store::diplomacy::boards::own_name(conn, typed).await?;
            let game = board.as_deref().unwrap_or(typed);
            let question = text(question)?;
            let players = store::committee::teams::players_of(conn, game).await?;
            let plays = players.iter().any(|(id, _)| *id == actor.id);
            let gms = store::offices::holds_for(conn, actor.id, Office::GameMaster, Some(game)).await?;
            if !plays && !gms {
                return Err(DisputeError::NotInGame(game.to_owned()));
            }
            let player_id = if plays {
                actor.id
            } else {
                let named = match player {
                    Some(p) => p.resolve(conn, now).await?,
                    None => return Err(DisputeError::NamePlayer(game.to_owned())),
                };
                if !players.iter().any(|(id, _)| *id == named.id) {
                    return Err(DisputeError::NamePlayer(game.to_owned()));
                }
                named.id
            };
            let number =
                store::committee::disputes::raise(conn, game, question, actor.id, player_id, now)
                    .await?;
            let note = format!(
                "Dispute {number} on {game}, raised by {}: {question} (house rules D.I.2; /dispute resolve or /dispute refer).",
                actor.name
            );
            store::outbox::enqueue(conn, store::outbox::TD_REPORTS, &note, now).await?;
            Ok(DisputeDone::Raised { dispute: number })
        })
        .await
    }

    /// `/dispute resolve`: the TD settles it (A.3.v).
    pub async fn resolve_dispute(
        &self,
        call: &Call,
        number: i64,
        resolution: &str,
    ) -> Result<DisputeDone, DisputeError> {
        self.execute(call, async |conn, actor| {
            Power::Director.require(
                &actor.offices,
                "resolve a dispute",
                "house rules A.3.v, D.I.2",
            )?;
            let d = load(conn, number).await?;
            let (ruled, failed) = motion_state(conn, &d).await?;
            d.domain(ruled, failed).with_td()?;
            let resolution = text(resolution)?;
            store::committee::disputes::resolve(conn, number, resolution, actor.id, self.now())
                .await?;
            let after = match (failed, d.motion_id) {
                (true, Some(m)) => format!(", motion {m} having closed without binding"),
                _ => String::new(),
            };
            let note = format!(
                "{} resolved dispute {number} on {}{after} (house rules A.3.v): {resolution}",
                actor.name, d.game
            );
            self.announce(conn, &note).await?;
            Ok(DisputeDone::Resolved {
                dispute: number,
                failed_motion: d.motion_id.filter(|_| failed),
                announced: note,
            })
        })
        .await
    }

    /// `/dispute refer`: the TD puts the question to the TMC as a motion (D.I.2).
    pub async fn refer_dispute(
        &self,
        call: &Call,
        number: i64,
        question: &str,
    ) -> Result<DisputeDone, DisputeError> {
        self.execute(call, async |conn, actor| {
            Power::Director.require(
                &actor.offices,
                "refer a dispute to the TMC",
                "house rules A.3.v, D.I.2",
            )?;
            let d = load(conn, number).await?;
            let (ruled, failed) = motion_state(conn, &d).await?;
            d.domain(ruled, failed).with_td()?;
            let question = text(question)?;
            let committee = store::committee::committees::all(conn)
                .await?
                .into_iter()
                .find(|c| c.seats == Office::TmcMember.key())
                .ok_or(DisputeError::NoTmc)?;
            self.check_size(conn, &committee).await?;
            let closes_at = crate::domain::kernel::calendar::local_days_after(
                self.now(),
                self.config().committees.motion_days,
                self.tz(),
            );
            let motion_text = format!("Dispute {number} on {}: {question}", d.game);
            let motion = self
                .start_motion(
                    conn,
                    &Opening {
                        committee: &committee,
                        kind: Kind::Dispute,
                        text: &motion_text,
                        item: None,
                        new_text: None,
                        parent: None,
                        by: actor,
                        closes_at,
                        rules: committee.rules().vote,
                    },
                )
                .await?;
            store::committee::disputes::refer(conn, number, motion, actor.id, self.now()).await?;
            let again = match (failed, d.motion_id) {
                (true, Some(m)) => format!(" again (motion {m} closed without binding)"),
                _ => String::new(),
            };
            let note = format!(
                "{} referred dispute {number} on {} to the {}{again} as motion {motion}; {}.",
                actor.name,
                d.game,
                committee.name,
                standing(&load(conn, number).await?, false)
            );
            self.announce(conn, &note).await?;
            Ok(DisputeDone::Referred {
                dispute: number,
                motion,
                announced: note,
            })
        })
        .await
    }

    /// `/dispute confirm`: the player or a GM of the game agrees the question put was the
    /// proper and specific one (D.I.2).
    pub async fn confirm_dispute(
        &self,
        call: &Call,
        number: i64,
    ) -> Result<DisputeDone, DisputeError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let d = load(conn, number).await?;
            let is_gm = store::offices::holds_for(conn, actor.id, Office::GameMaster, Some(&d.game)).await?;
            let party = if actor.id == d.player_id && d.player_confirmed_at.is_none() {
                Some(Party::Player)
            } else if is_gm && actor.id != d.player_id {
                // The player and the GM are two parties (D.I.2(a)): one person never
                // confirms for both, whatever the record says of them.
                Some(Party::Gm)
            } else if actor.id == d.player_id {
                Some(Party::Player)
            } else {
                None
            };
            let (ruled, failed) = motion_state(conn, &d).await?;
            d.domain(ruled, failed).confirm(party)?;
            match party {
                Some(Party::Player) => store::committee::disputes::confirm_player(conn, number, now).await?,
                _ => store::committee::disputes::confirm_gm(conn, number, actor.id, now).await?,
            }
            let d = load(conn, number).await?;
            let note = format!(
                "{} confirmed that the question of dispute {number} is the proper and specific one; {}.",
                actor.name,
                standing(&d, ruled)
            );
            self.announce(conn, &note).await?;
            Ok(DisputeDone::Confirmed {
                dispute: number,
                announced: note,
            })
        })
        .await
    }

    /// `/observer report`: an Observer of the game reports a problem to the TD, privately (A.9).
    pub async fn observer_report(
        &self,
        call: &Call,
        game: &str,
        report: &str,
    ) -> Result<DisputeDone, DisputeError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let typed = text(game)?;
            let board = store::diplomacy::boards::own_name(conn, typed).await?;
            let game = board.as_deref().unwrap_or(typed);
            if !store::offices::holds_for(conn, actor.id, Office::Observer, Some(game)).await? {
                return Err(DisputeError::NotObserver(game.to_owned()));
            }
            let report = text(report)?;
            let number =
                store::committee::disputes::report(conn, game, actor.id, report, now).await?;
            let note = format!(
                "Observer report {number} on {game} from {}: {report}",
                actor.name
            );
            store::outbox::enqueue(conn, store::outbox::TD_REPORTS, &note, now).await?;
            Ok(DisputeDone::Reported {
                report: number,
                game: game.to_owned(),
            })
        })
        .await
    }
}

impl App {
    /// After the TMC's vote on a referred dispute: says whether the ruling binds yet.
    pub(crate) async fn dispute_ruled(
        &self,
        conn: &mut SqliteConnection,
        motion: i64,
        status: Status,
    ) -> sqlx::Result<()> {
        let Some(d) = store::committee::disputes::by_motion(conn, motion).await? else {
            return Ok(());
        };
        let ruled = matches!(status, Status::Adopted | Status::Rejected);
        let note = if ruled {
            format!(
                "The TMC's ruling on dispute {} (motion {motion}): {status}; {}.",
                d.id,
                standing(&d, true)
            )
        } else if status == Status::NotBinding {
            format!(
                "The TMC's vote on dispute {} (motion {motion}) is not binding; there is no ruling to bind. The dispute is the TD's again, who refers it again (/dispute refer dispute:{}) or resolves it (/dispute resolve dispute:{}) (house rules A.3.v, A.6, D.I.2).",
                d.id, d.id, d.id
            )
        } else {
            format!("The TMC's vote on dispute {} (motion {motion}) is {status}; there is no ruling to bind.", d.id)
        };
        self.announce(conn, &note).await
    }
}

async fn load(conn: &mut SqliteConnection, number: i64) -> Result<DisputeRow, DisputeError> {
    store::committee::disputes::by_number(conn, number)
        .await?
        .ok_or(DisputeError::NoSuchDispute(number))
}

/// Where a referred dispute's motion stands: whether its result binds, and whether it closed
/// without binding.
async fn motion_state(conn: &mut SqliteConnection, d: &DisputeRow) -> sqlx::Result<(bool, bool)> {
    let Some(motion) = d.motion_id else {
        return Ok((false, false));
    };
    let status = store::committee::motions::by_number(conn, motion)
        .await?
        .map(|m| m.status());
    Ok((
        matches!(status, Some(Status::Adopted | Status::Rejected)),
        status == Some(Status::NotBinding),
    ))
}
