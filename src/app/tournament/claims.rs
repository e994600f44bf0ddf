//! Claims against an absent opponent (ACWC Match rules): a no-show, reported at the agreed
//! time and again when the 10-minute grace ends, then claimed or rescheduled; a player who
//! left the match while it was ongoing, whose opponent may claim the win after the 10 minutes
//! they have to come back. One claim stands per match at a time: the opponent's counter-claim
//! puts both before the Director (ACWC Organization).

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use super::read;
use super::{TournamentError, TournamentOutcome};
use crate::app::{Actor, Call};
use crate::domain::tournament::negotiation::{self, utc, NoShow};
use crate::store;
use crate::store::tournament::claims::{ClaimKind, ClaimRow, ClaimState};
use crate::store::tournament::matches::MatchRow;

impl super::Tournament<'_> {
    /// The claims of a match that still stand.
    async fn live_claims(
        conn: &mut SqliteConnection,
        number: i64,
    ) -> Result<Vec<ClaimRow>, TournamentError> {
        Ok(store::tournament::claims::of_match(conn, number)
            .await?
            .into_iter()
            .filter(ClaimRow::live)
            .collect())
    }

    /// The opponent of entrant `me` in `m`.
    fn opponent_of(m: &MatchRow, me: i64) -> Option<i64> {
        if m.first_id == me {
            m.second_id
        } else {
            Some(m.first_id)
        }
    }

    /// A claim `me` makes against the opponent when the opponent has a claim of their own
    /// standing against `me`: a counter-claim; both go to the Director (ACWC Organization).
    #[allow(clippy::too_many_arguments)]
    async fn counter_claim(
        &self,
        conn: &mut SqliteConnection,
        m: &MatchRow,
        theirs: &ClaimRow,
        me: i64,
        kind: ClaimKind,
        starts_at: Option<DateTime<Utc>>,
        actor: &Actor,
    ) -> Result<String, TournamentError> {
        if theirs.state == ClaimState::Countered {
            return Err(TournamentError::BeforeDirector(m.id));
        }
        store::tournament::claims::insert(
            conn,
            m.id,
            kind,
            me,
            theirs.by_id,
            starts_at,
            self.now(),
            ClaimState::Countered,
        )
        .await?;
        store::tournament::claims::set_state(conn, theirs.id, ClaimState::Countered, self.now())
            .await?;
        let t = self.load(conn, m.tournament_id).await?;
        let names = read::entrant_names(conn, t.id).await?;
        let said = format!(
            "Match #{}: {} claims that {} {}, who had already claimed the same of them at {}. One claim stands at a time: both go to the Director, who decides (/match forfeit, /match assign for a new time, /tournament ruling) (ACWC Match rules, Organization).",
            m.id,
            actor.name,
            names[&theirs.by_id],
            match kind {
                ClaimKind::NoShow => "did not show up",
                ClaimKind::Left => "left the match",
            },
            utc(theirs.first_at)
        );
        self.tournament_post(conn, said).await
    }

    /// `/match noshow`: the appearing player reports the opponent absent, from the agreed time
    /// and again ten minutes later; then they claim the win or reschedule. One claim stands per
    /// match: the opponent's counter-claim goes to the Director.
    pub async fn report_no_show(
        &self,
        call: &Call,
        number: i64,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (m, _, me) = self.negotiating_player(conn, number, actor).await?;
            let Some(start) = m.starts_at else {
                return Err(TournamentError::NoTime(number));
            };
            let live = Self::live_claims(conn, number).await?;
            let mine = live.iter().find(|c| c.by_id == me && c.kind == ClaimKind::NoShow);
            if live.iter().any(|c| c.state == ClaimState::Countered) {
                return Err(TournamentError::BeforeDirector(number));
            }
            if live.iter().any(|c| c.by_id == me && c.kind != ClaimKind::NoShow) {
                return Err(TournamentError::Reported(number));
            }
            if let Some(theirs) = live.iter().find(|c| c.by_id != me) {
                if let NoShow::Early(until) = negotiation::no_show(start, None, self.now()) {
                    return Err(TournamentError::Grace(utc(until)));
                }
                return self
                    .counter_claim(conn, &m, theirs, me, ClaimKind::NoShow, Some(start), actor)
                    .await
                    .map(|told| TournamentOutcome::of_match(number, told));
            }
            let against = Self::opponent_of(&m, me).ok_or(TournamentError::NoTime(number))?;
            let said = match negotiation::no_show(start, mine.map(|c| c.first_at), self.now()) {
                NoShow::Early(until) => return Err(TournamentError::Grace(utc(until))),
                NoShow::Wait(until) => return Err(TournamentError::SecondReport(utc(until))),
                NoShow::First => {
                    store::tournament::claims::insert(conn, number, ClaimKind::NoShow, me, against, Some(start), self.now(), ClaimState::Open).await?;
                    format!("Match #{number}: {} reports that their opponent has not shown up at the agreed time; the opponent has a 10-minute grace period, and the second report is due from {} (ACWC Match rules).", actor.name, utc(self.now() + negotiation::GRACE))
                }
                NoShow::Second => {
                    let c = mine.expect("a first report");
                    if c.second_at.is_some() {
                        return Err(TournamentError::Reported(number));
                    }
                    store::tournament::claims::second_report(conn, c.id, self.now()).await?;
                    format!("Match #{number}: {} reports again that their opponent has not shown up. They choose: /match claim match:{number} to claim the win, or /match reschedule match:{number}; if rescheduling fails, the match is theirs (ACWC Match rules).", actor.name)
                }
            };
            Ok(TournamentOutcome::of_match(number, self.tournament_post(conn, said).await?))
        })
        .await
    }

    /// `/match left`: a player reports that the opponent left the match while it was still
    /// ongoing; the opponent has 10 minutes to come back (their break), then the player may
    /// claim the win (ACWC Match rules).
    pub async fn report_left(
        &self,
        call: &Call,
        number: i64,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (m, _, me) = self.negotiating_player(conn, number, actor).await?;
            let begun = m.starts_at.is_some_and(|s| s <= self.now())
                || m.first_halves + m.second_halves > 0;
            if !begun {
                return Err(TournamentError::NotBegun(number));
            }
            let live = Self::live_claims(conn, number).await?;
            if live.iter().any(|c| c.state == ClaimState::Countered) {
                return Err(TournamentError::BeforeDirector(number));
            }
            if let Some(theirs) = live.iter().find(|c| c.by_id != me) {
                return self
                    .counter_claim(conn, &m, theirs, me, ClaimKind::Left, None, actor)
                    .await
                    .map(|told| TournamentOutcome::of_match(number, told));
            }
            if live.iter().any(|c| c.by_id == me) {
                return Err(TournamentError::Reported(number));
            }
            let against = Self::opponent_of(&m, me).ok_or(TournamentError::NotBegun(number))?;
            store::tournament::claims::insert(conn, number, ClaimKind::Left, me, against, None, self.now(), ClaimState::Open).await?;
            let t = self.load(conn, m.tournament_id).await?;
            let names = read::entrant_names(conn, t.id).await?;
            let said = format!(
                "Match #{number}: {} reports that {} left the match while it was ongoing. They have 10 minutes to come back, which counts as their break; if they do not, {} may claim the win with /match claim match:{number} from {} (ACWC Match rules).",
                actor.name,
                names[&against],
                actor.name,
                utc(self.now() + negotiation::GRACE)
            );
            Ok(TournamentOutcome::of_match(number, self.tournament_post(conn, said).await?))
        })
        .await
    }

    /// The caller's claim that may now be acted on: a no-show reported twice, or an opponent
    /// gone for the 10 minutes they had to come back.
    async fn ripe_claim(
        &self,
        conn: &mut SqliteConnection,
        m: &MatchRow,
        actor: &Actor,
        kinds: &[ClaimKind],
    ) -> Result<ClaimRow, TournamentError> {
        let me = read::side(conn, m, actor.id).await?.map(|s| s.0);
        let claims = store::tournament::claims::of_match(conn, m.id).await?;
        let Some(c) = claims
            .into_iter()
            .find(|c| c.live() && Some(c.by_id) == me && kinds.contains(&c.kind))
        else {
            return Err(TournamentError::NoNoShow(m.id));
        };
        if c.state == ClaimState::Countered {
            return Err(TournamentError::BeforeDirector(m.id));
        }
        match c.kind {
            ClaimKind::NoShow if c.second_at.is_none() => Err(TournamentError::NoNoShow(m.id)),
            ClaimKind::Left if self.now() < c.first_at + negotiation::GRACE => Err(
                TournamentError::ComeBack(utc(c.first_at + negotiation::GRACE)),
            ),
            _ => Ok(c),
        }
    }

    /// `/match claim`: after two no-show reports, or 10 minutes after the opponent left the
    /// match, the appearing player claims the win.
    pub async fn claim_win(
        &self,
        call: &Call,
        number: i64,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (t, m, _) = self.agreeing(conn, number).await?;
            let c = self
                .ripe_claim(conn, &m, actor, &[ClaimKind::NoShow, ClaimKind::Left])
                .await?;
            let e = store::tournament::entrants::by_id(conn, c.against_id)
                .await?
                .ok_or(TournamentError::NoNoShow(number))?;
            store::tournament::claims::set_state(conn, c.id, ClaimState::Claimed, self.now())
                .await?;
            let why = match c.kind {
                ClaimKind::NoShow => "did not show up (a no-show claimed by the opponent)",
                ClaimKind::Left => {
                    "left the match and did not come back within 10 minutes (claimed by the opponent)"
                }
            };
            self.forfeit_against(conn, &t, &m, &e, why)
                .await
                .map(|told| TournamentOutcome::of_match(number, told))
        })
        .await
    }

    /// `/match reschedule`: after two no-show reports, the appearing player reschedules; if
    /// that fails, the match is forfeited in their favour at the week's end.
    pub async fn reschedule_match(
        &self,
        call: &Call,
        number: i64,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let (_, m, week) = self.agreeing(conn, number).await?;
            let c = self.ripe_claim(conn, &m, actor, &[ClaimKind::NoShow]).await?;
            let me = c.by_id;
            store::tournament::claims::set_state(conn, c.id, ClaimState::Rescheduled, self.now())
                .await?;
            store::tournament::negotiation::set_reschedule(conn, number, me).await?;
            // The Final has no week's end: a reschedule that fails is the Director's to forfeit.
            let Some(week) = week else {
                let said = format!(
                    "Match #{number}, the Final: {} chooses to reschedule; the finalists agree a new session with /match offer and /match accept. If rescheduling fails, the Director forfeits the match in {}'s favour with /match forfeit (ACWC Match rules).",
                    actor.name,
                    actor.name
                );
                return Ok(TournamentOutcome::of_match(number, self.tournament_post(conn, said).await?));
            };
            let said = format!(
                "Match #{number}: {} chooses to reschedule; the players agree a new time with /match offer and /match accept. If the match is not played by {}, it is forfeited in {}'s favour (ACWC Match rules).",
                actor.name,
                utc(week.end()),
                actor.name
            );
            Ok(TournamentOutcome::of_match(number, self.tournament_post(conn, said).await?))
        })
        .await
    }
}
