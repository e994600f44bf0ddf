//! A match's week in UTC: the negotiation of its time (offers, acceptance, the fault at
//! Wednesday's deadline, the arbiter after the weekend, the time assigned), no-shows with the
//! claim or the reschedule, and the jobs that carry the week's deadlines out (ACWC Timeline,
//! Match negotiations, Match rules).

use chrono::{DateTime, Duration, Utc};
use sqlx::SqliteConnection;

use super::read;
use super::{TournamentError, TournamentOutcome};
use crate::app::{Actor, Call, PersonRef};
use crate::domain::tournament::negotiation::{self, utc, Fault, Week};
use crate::domain::tournament::stages::Stage;
use crate::jobs::{self, Job, MatchStep};
use crate::store::tournament::claims::ClaimState;
use crate::store::tournament::entrants::EntrantStatus;
use crate::store::tournament::matches::AtFault;
use crate::store::tournament::matches::TimeBy;
use crate::store::{self, tournament::matches::MatchRow, tournament::tournaments::Tournament};

impl super::Tournament<'_> {
    /// Gives a new match its week: the deadline and the jobs of each step.
    pub(super) async fn schedule_week(
        &self,
        conn: &mut SqliteConnection,
        a_match: i64,
        week: Week,
    ) -> Result<(), TournamentError> {
        store::tournament::negotiation::set_week(conn, a_match, week.start).await?;
        for step in MatchStep::ALL {
            let due = match step {
                MatchStep::OffersDue => week.offers_due(),
                MatchStep::Weekend => week.weekend(),
                MatchStep::Reminder => week.end() - Duration::days(1),
                MatchStep::Due => week.end(),
            };
            if due > self.now() {
                jobs::schedule(conn, &Job::MatchWeek { a_match, step }, due).await?;
            }
        }
        Ok(())
    }

    /// Whether the caller is the match arbiter: the one the Director named, else the Director.
    fn is_arbiter(t: &Tournament, actor: &Actor) -> bool {
        t.arbiter_id.or(t.director_id) == Some(actor.id) || t.director_id == Some(actor.id)
    }

    /// A match being negotiated, with its tournament and week.
    async fn negotiated(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
    ) -> Result<(Tournament, MatchRow, Week), TournamentError> {
        let (t, m) = self.open_match(conn, number).await?;
        let Some(start) = m.week_start else {
            return Err(TournamentError::NoWeek(number));
        };
        Ok((t, m, Week { start }))
    }

    /// A match whose time is agreed: a round's match with its week, or a Final's session, which
    /// has none (ACWC Match rules apply "at all stages").
    pub(super) async fn agreeing(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
    ) -> Result<(Tournament, MatchRow, Option<Week>), TournamentError> {
        let (t, m) = self.open_match(conn, number).await?;
        match m.week_start {
            Some(start) => Ok((t, m, Some(Week { start }))),
            None if m.stage == Stage::Final && m.second_id.is_some() => Ok((t, m, None)),
            None => Err(TournamentError::NoWeek(number)),
        }
    }

    /// A match being agreed, its week (none in the Final) and the caller's entrant in it;
    /// refused to anyone who does not play in it.
    pub(super) async fn negotiating_player(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
        actor: &Actor,
    ) -> Result<(MatchRow, Option<Week>, i64), TournamentError> {
        let (_, m, week) = self.agreeing(conn, number).await?;
        let Some((me, _)) = read::side(conn, &m, actor.id).await? else {
            return Err(TournamentError::NotYourMatch(number));
        };
        Ok((m, week, me))
    }

    /// `/match offer`: a player offers a start time, in UTC.
    pub async fn offer_time(
        &self,
        call: &Call,
        number: i64,
        at: DateTime<Utc>,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (m, week, me) = self.negotiating_player(conn, number, actor).await?;
            let offers = store::tournament::negotiation::offers(conn, number).await?;
            let mine: Vec<DateTime<Utc>> =
                offers.iter().filter(|o| o.entrant_id == me).map(|o| o.at).collect();
            let Some(week) = week else {
                negotiation::check_session_offer(at, self.now(), m.starts_at)?;
                store::tournament::negotiation::offer(conn, number, me, at, self.now()).await?;
                let k = offers.len() + 1;
                let said = format!(
                    "Match #{number}, the Final: {} offers a session at {} (offer {k}); the opponent accepts with /match accept match:{number} offer:{k}.",
                    actor.name,
                    utc(at)
                );
                return Ok(TournamentOutcome::of_match(number, self.tournament_post(conn, said).await?));
            };
            // A time assigned (to a player at fault, or by the arbiter) may still be replaced
            // by one both players agree: a change needs the opponent (ACWC Match negotiations).
            negotiation::check_offer(&mine, at, self.now(), week.end(), m.time_by == Some(TimeBy::Agreed))?;
            store::tournament::negotiation::offer(conn, number, me, at, self.now()).await?;
            let k = offers.len() + 1;
            let made = mine.len() + 1;
            let owed = if self.now() <= week.offers_due() && made < negotiation::OFFERS_OWED {
                format!(
                    " {} more owed by {} (ACWC Match negotiations).",
                    negotiation::OFFERS_OWED - made,
                    utc(week.offers_due())
                )
            } else {
                String::new()
            };
            let said = format!(
                "Match #{number}: {} offers {} (offer {k}); the opponent accepts with /match accept match:{number} offer:{k}.{owed}",
                actor.name,
                utc(at)
            );
            Ok(TournamentOutcome::of_match(number, self.tournament_post(conn, said).await?))
        })
        .await
    }

    /// `/match accept`: the opponent of an offer accepts it; the time is agreed.
    pub async fn accept_offer(
        &self,
        call: &Call,
        number: i64,
        k: i64,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (m, week, me) = self.negotiating_player(conn, number, actor).await?;
            let open = match week {
                Some(_) => m.time_by != Some(TimeBy::Agreed),
                None => negotiation::session_open(m.starts_at, self.now()),
            };
            if !open {
                return Err(negotiation::OfferRefused::Agreed.into());
            }
            let offers = store::tournament::negotiation::offers(conn, number).await?;
            let offer = usize::try_from(k - 1)
                .ok()
                .and_then(|i| offers.get(i))
                .ok_or(TournamentError::NoOffer(number, k))?;
            if offer.entrant_id == me {
                return Err(TournamentError::OwnOffer(k));
            }
            if offer.at <= self.now() {
                return Err(negotiation::OfferRefused::Past.into());
            }
            store::tournament::negotiation::accept(conn, offer.id, self.now()).await?;
            store::tournament::negotiation::set_time(conn, number, Some(offer.at), Some(TimeBy::Agreed))
                .await?;
            store::tournament::claims::close_all(conn, number, self.now()).await?;
            let said = format!(
                "Match #{number}: {} accepts offer {k}; the match starts {} (ACWC Match negotiations).",
                actor.name,
                utc(offer.at)
            );
            Ok(TournamentOutcome::of_match(number, self.tournament_post(conn, said).await?))
        })
        .await
    }

    /// `/match assign`: the time chosen by the opponent of a player at fault (once, with a
    /// day's notice), by the arbiter when the negotiation has failed, or changed by the
    /// Director (ACWC Match negotiations; Organization: the Director's final call).
    pub async fn assign_time(
        &self,
        call: &Call,
        number: i64,
        at: DateTime<Utc>,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (t, m, week) = self.negotiated(conn, number).await?;
            let chooser = match m.fault {
                Some(AtFault::First) => m.second_id,
                Some(AtFault::Second) => Some(m.first_id),
                Some(AtFault::Nobody | AtFault::Neither | AtFault::Both) | None => None,
            };
            let mine = read::side(conn, &m, actor.id).await?.map(|s| s.0);
            let director = t.director_id == Some(actor.id);
            let countered = store::tournament::claims::of_match(conn, number)
                .await?
                .iter()
                .any(|c| c.state == ClaimState::Countered);
            if chooser.is_some() && mine == chooser {
                // The player not at fault chooses, once, with the notice a player has to
                // answer an offer; a change needs the opponent (an offer they accept) or the
                // Director.
                if m.time_by == Some(TimeBy::Agreed) {
                    return Err(negotiation::OfferRefused::Agreed.into());
                }
                if m.time_by == Some(TimeBy::Assigned) {
                    return Err(TournamentError::ChosenOnce(number));
                }
                negotiation::check_chosen(at, self.now(), week.end())?;
            } else if Self::is_arbiter(&t, actor) {
                let failed = matches!(m.fault, Some(AtFault::Both | AtFault::Nobody));
                let changing = m.time_by == Some(TimeBy::Assigned);
                let director_may = director
                    && (countered
                        || changing
                        || matches!(m.fault, Some(AtFault::First | AtFault::Second)));
                if !(director_may || (failed && m.time_by.is_none())) {
                    if m.time_by == Some(TimeBy::Agreed) && !countered {
                        return Err(negotiation::OfferRefused::Agreed.into());
                    }
                    if changing {
                        return Err(TournamentError::ChosenOnce(number));
                    }
                    return Err(TournamentError::NotFailed(number));
                }
                negotiation::check_offer(&[], at, self.now(), week.end(), false)?;
            } else {
                return Err(TournamentError::NotChooser(number));
            }
            store::tournament::negotiation::set_time(conn, number, Some(at), Some(TimeBy::Assigned))
                .await?;
            store::tournament::claims::close_all(conn, number, self.now()).await?;
            let said = format!(
                "Match #{number}: {} assigns the time: the match starts {} (ACWC Match negotiations).",
                actor.name,
                utc(at)
            );
            Ok(TournamentOutcome::of_match(number, self.tournament_post(conn, said).await?))
        })
        .await
    }

    /// `/match fault`: after a weekend reached with no agreement though both made their offers,
    /// the arbiter says which of the match's players is at fault (or nobody), once.
    pub async fn find_fault(
        &self,
        call: &Call,
        number: i64,
        who: Option<&PersonRef>,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (t, m, week) = self.negotiated(conn, number).await?;
            if !Self::is_arbiter(&t, actor) {
                return Err(TournamentError::NotArbiter(t.id));
            }
            if self.now() < week.weekend() || m.starts_at.is_some() {
                return Err(TournamentError::NotForArbiter(number, utc(week.weekend())));
            }
            if m.fault != Some(AtFault::Neither) {
                return Err(TournamentError::NotForArbiter(number, utc(week.weekend())));
            }
            let names = read::entrant_names(conn, t.id).await?;
            let (fault, said) = match who {
                None => (
                    AtFault::Nobody,
                    format!("Match #{number}: the arbiter finds no player at fault; the arbiter assigns the time with /match assign (ACWC Match negotiations)."),
                ),
                Some(w) => {
                    let person = w.resolve(conn, self.now()).await?;
                    let Some((_, is_first)) = read::seat(conn, &m, person.id).await? else {
                        return Err(TournamentError::NotAPlayer(person.name, number));
                    };
                    let opponent = if is_first { m.second_id } else { Some(m.first_id) };
                    let opponent = opponent.map_or(String::new(), |o| names[&o].clone());
                    (
                        if is_first { AtFault::First } else { AtFault::Second },
                        format!("Match #{number}: the arbiter finds {} at fault; {opponent} decides the match time with /match assign, giving a day's notice (ACWC Match negotiations).", person.name),
                    )
                }
            };
            store::tournament::negotiation::set_fault(conn, number, fault).await?;
            Ok(TournamentOutcome::of_match(number, self.tournament_post(conn, said).await?))
        })
        .await
    }

    /// `/tournament arbiter`: the Director names the match arbiter.
    pub async fn name_arbiter(
        &self,
        call: &Call,
        id: i64,
        who: &PersonRef,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            self.directed(conn, id, actor, "name the match arbiter").await?;
            let person = who.resolve(conn, self.now()).await?;
            let t = self.load(conn, id).await?;
            crate::domain::tournament::offices::may_arbitrate(
                &super::standing(conn, &t, person.id, &person.name).await?,
            )?;
            store::tournament::negotiation::set_arbiter(conn, id, person.id).await?;
            let said = format!(
                "{} is the match arbiter of tournament #{id}: they assign times and find fault when players cannot agree (ACWC Match negotiations).",
                person.name
            );
            Ok(TournamentOutcome::of_tournament(id, self.tournament_post(conn, said).await?))
        })
        .await
    }

    /// A step of a match's week, as the job runs it; nothing when the match is over.
    pub(crate) async fn match_week(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
        step: MatchStep,
    ) -> Result<String, TournamentError> {
        let Some(m) = store::tournament::matches::by_id(conn, number).await? else {
            return Ok(format!("match #{number} does not exist"));
        };
        if m.over {
            return Ok(format!("match #{number} is over"));
        }
        let Some(start) = m.week_start else {
            return Ok(format!("match #{number} has no week"));
        };
        let week = Week { start };
        let t = self.load(conn, m.tournament_id).await?;
        let names = read::entrant_names(conn, t.id).await?;
        let first = names[&m.first_id].clone();
        let second = m.second_id.map_or(String::new(), |s| names[&s].clone());
        let said = match step {
            MatchStep::OffersDue => {
                let offers = store::tournament::negotiation::offers(conn, number).await?;
                let by = |e: i64| {
                    offers
                        .iter()
                        .filter(|o| o.entrant_id == e && o.made_at <= week.offers_due())
                        .count()
                };
                // An offer accepted before the deadline settles it, even if a no-show later
                // sent the players back to rescheduling.
                let agreed =
                    m.starts_at.is_some() || offers.iter().any(|o| o.accepted_at.is_some());
                let fault = negotiation::fault_at_offers_due(
                    by(m.first_id),
                    m.second_id.map_or(0, by),
                    agreed,
                );
                let (key, said) = match fault {
                    Fault::Agreed => return Ok(format!("match #{number} has its time")),
                    Fault::Neither => (AtFault::Neither, format!("Match #{number}: both players made their 3 offers but no time is agreed. Without agreement before the weekend ({}), the arbiter decides who is at fault (ACWC Match negotiations).", utc(week.weekend()))),
                    Fault::One { first: f } => {
                        let (late, other) = if f { (&first, &second) } else { (&second, &first) };
                        (if f { AtFault::First } else { AtFault::Second }, format!("Match #{number}: {late} did not make 3 offers by the deadline, so must accept a time chosen by {other}, who sets it with /match assign (ACWC Match negotiations)."))
                    }
                    Fault::Both => (AtFault::Both, format!("Match #{number}: neither {first} nor {second} made 3 offers by the deadline; the arbiter assigns a time with /match assign (ACWC Match negotiations).")),
                };
                store::tournament::negotiation::set_fault(conn, number, key).await?;
                said
            }
            MatchStep::Weekend => {
                if m.starts_at.is_some() || m.fault != Some(AtFault::Neither) {
                    return Ok(format!("match #{number} needs no arbiter"));
                }
                format!("Match #{number}: no time is agreed before the weekend. The arbiter determines whether a player is at fault with /match fault (ACWC Match negotiations).")
            }
            MatchStep::Reminder => format!(
                "Match #{number}, {first} – {second}: it must be complete by {} (ACWC Timeline).",
                utc(week.end())
            ),
            MatchStep::Due => {
                if let Some(winner) = m.reschedule_by {
                    let absent = if m.first_id == winner {
                        m.second_id
                    } else {
                        Some(m.first_id)
                    };
                    let absent = match absent {
                        Some(a) => store::tournament::entrants::by_id(conn, a).await?,
                        None => None,
                    };
                    if let Some(e) = absent.filter(|e| e.status == EntrantStatus::Playing) {
                        let done = self
                            .forfeit_against(
                                conn,
                                &t,
                                &m,
                                &e,
                                "the rescheduled match was not played by the end of the week",
                            )
                            .await?;
                        return Ok(done);
                    }
                }
                format!("Match #{number}, {first} – {second}, was not completed by {}: the Director settles it (/match report, /match forfeit or /tournament ruling) (ACWC Timeline).", utc(week.end()))
            }
        };
        if step == MatchStep::Reminder {
            // Each player may have asked to be told of their match privately too.
            for entrant in [Some(m.first_id), m.second_id].into_iter().flatten() {
                if let Some(e) = store::tournament::entrants::by_id(conn, entrant).await? {
                    let notice = crate::domain::notify::Notice::Turn;
                    self.send_notice(conn, e.person_id, notice, &said, &[])
                        .await?;
                }
            }
        }
        self.tournament_post(conn, said).await
    }
}
