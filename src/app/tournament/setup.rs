//! Setting a tournament up: `/tournament create` and `director` (the Chief Justice), `enter`
//! (members, with their Lichess account), `facts` and `except` (the Director), and `start`.

use chrono::NaiveDate;

use super::{parameters, standing, FactsRecorded, TournamentError, TournamentOutcome, Verdict};
use crate::app::{Call, PersonRef};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::words::Words;
use crate::domain::tournament::eligibility::{self, AccountFacts, Ineligible, Recorded};
use crate::domain::tournament::parameters::{Format, Parameters};
use crate::domain::tournament::stages::{Shape, Stage};
use crate::domain::tournament::{offices, swiss};
use crate::store::tournament::entrants::EntrantStatus;
use crate::store::{self, tournament::entrants::EntrantRow};

/// 00:00 UTC on a date: the ACWC's dates are in UTC.
fn utc(day: NaiveDate) -> chrono::DateTime<chrono::Utc> {
    day.and_hms_opt(0, 0, 0).expect("midnight").and_utc()
}

impl super::Tournament<'_> {
    /// `/tournament create`: a numbered tournament with its format's numbers.
    pub async fn create(
        &self,
        call: &Call,
        name: &str,
        format: Format,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            Power::ChiefJustice.require(
                &actor.offices,
                "create a tournament",
                "ACWC Organization",
            )?;
            let params = Parameters::of_format(format);
            let json = serde_json::to_string(&params).expect("parameters serialise");
            let id = store::tournament::tournaments::insert(conn, name.trim(), format, &json, self.now())
                .await?;
            let shape = match Parameters::shape(format) {
                Shape::ThreeStages => format!(
                    "matches of {} games, at least {} Swiss rounds, {} to the Candidates, a Final of {} games",
                    params.games_per_match, params.min_rounds, params.qualifiers, params.final_games
                ),
                Shape::SwissOnly => format!(
                    "a Swiss of at least {} rounds, matches of {} games",
                    params.min_rounds, params.games_per_match
                ),
                Shape::RoundRobinOnly => format!(
                    "a round robin, matches of {} games played out",
                    params.games_per_match
                ),
            };
            let text = format!(
                "Tournament #{id}, {}, is created ({}: {shape}). The Chief Justice names its Director with /tournament director; /tournament show lists its numbers.",
                name.trim(),
                format.word(),
            );
            // The news that a tournament exists is the club's; its play has its own channel.
            self.announce(conn, &text).await?;
            Ok(TournamentOutcome::of_tournament(id, text))
        })
        .await
    }

    /// `/tournament director`: the Chief Justice names the Director, who may not play.
    pub async fn name_director(
        &self,
        call: &Call,
        id: i64,
        who: &PersonRef,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            Power::ChiefJustice.require(
                &actor.offices,
                "name a Tournament Director",
                "ACWC Organization",
            )?;
            let t = self.load(conn, id).await?;
            let person = who.resolve(conn, self.now()).await?;
            offices::may_direct(&standing(conn, &t, person.id, &person.name).await?)?;
            store::tournament::tournaments::set_director(conn, t.id, person.id).await?;
            let text = format!(
                "{} is the Tournament Director of tournament #{id}; in a dispute the Director makes the final call (ACWC Organization).",
                person.name
            );
            self.tournament_post(conn, text.clone()).await?;
            Ok(TournamentOutcome::of_tournament(id, text))
        })
        .await
    }

    /// `/tournament enter`: a member enters with their account. A second account of the same
    /// member disqualifies both (ACWC Player eligibility).
    pub async fn enter(
        &self,
        call: &Call,
        id: i64,
        account: &str,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let t = self.load(conn, id).await?;
            if t.stage != Stage::Entries {
                return Err(TournamentError::Started(id));
            }
            offices::may_enter(&standing(conn, &t, actor.id, &actor.name).await?)?;
            let account = account.trim();
            if store::tournament::entrants::by_account(conn, id, account)
                .await?
                .is_some()
            {
                return Err(TournamentError::AccountTaken(account.to_owned()));
            }
            let earlier = store::tournament::entrants::of_person(conn, id, actor.id).await?;
            let entrant =
                store::tournament::entrants::insert(conn, id, actor.id, account, self.now()).await?;
            if earlier.is_empty() {
                let text = format!(
                    "{} enters tournament #{id} with the account {account}.",
                    actor.name
                );
                self.tournament_post(conn, text.clone()).await?;
                return Ok(TournamentOutcome::of_tournament(id, text));
            }
            let reason = "entered with two accounts (ACWC Player eligibility)";
            let mut names = vec![account.to_owned()];
            let mut both = vec![entrant];
            for e in &earlier {
                both.push(e.id);
                names.push(e.account.clone());
            }
            for e in both {
                store::tournament::entrants::set_status(conn, e, EntrantStatus::Disqualified, Some(reason))
                    .await?;
                // Left during the entries: a reinstatement puts them back there only.
                store::tournament::entrants::set_left_in(conn, e, Stage::Entries).await?;
            }
            let text = format!(
                "{} tried to enter tournament #{id} with a second account: {} are all disqualified (ACWC Player eligibility).",
                actor.name,
                names.join(" and ")
            );
            self.tournament_post(conn, text.clone()).await?;
            Ok(TournamentOutcome::of_tournament(id, text))
        })
        .await
    }

    /// `/tournament facts`: the Director records what Lichess shows of an account; gavel says
    /// whether it may play, exactly as the rules are written.
    #[allow(clippy::too_many_arguments)]
    pub async fn record_facts(
        &self,
        call: &Call,
        id: i64,
        account: &str,
        created: NaiveDate,
        rated_games: i64,
        rating: i64,
        peak: i64,
        marked: Option<NaiveDate>,
    ) -> Result<FactsRecorded, TournamentError> {
        self.record_facts_seen(
            call,
            id,
            account,
            created,
            rated_games,
            rating,
            peak,
            marked,
            None,
        )
        .await
    }

    /// Records an account's facts; `undated` is whether Lichess shows a mark without its date,
    /// when Lichess was asked (a mark's date, once recorded, replaces it).
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn record_facts_seen(
        &self,
        call: &Call,
        id: i64,
        account: &str,
        created: NaiveDate,
        rated_games: i64,
        rating: i64,
        peak: i64,
        marked: Option<NaiveDate>,
        undated: Option<bool>,
    ) -> Result<FactsRecorded, TournamentError> {
        self.execute(call, async |conn, actor| {
            let t = self
                .directed(conn, id, actor, "record an account's facts")
                .await?;
            if t.stage != Stage::Entries {
                return Err(TournamentError::FactsFrozen(id));
            }
            let e = self.entrant(conn, id, account).await?;
            let created = utc(created);
            let marked = marked.map(utc);
            let params = parameters(&t);
            let wrong = eligibility::impossible(
                Recorded {
                    created,
                    rated_games,
                    rating,
                    peak,
                    mark: marked,
                },
                self.now(),
                params.games_before,
            );
            if !wrong.is_empty() {
                let said: Vec<String> = wrong.iter().map(ToString::to_string).collect();
                return Err(TournamentError::Impossible(e.account, said.join("; ")));
            }
            store::tournament::entrants::set_facts(
                conn,
                e.id,
                created,
                rated_games,
                rating,
                peak,
                marked,
            )
            .await?;
            let from_lichess = undated.is_some();
            let undated = match (marked, undated) {
                (Some(_), _) => false,
                (None, Some(seen)) => seen,
                (None, None) => e.mark_undated,
            };
            store::tournament::entrants::set_mark_undated(conn, e.id, undated).await?;
            let verdict = match params.requirements() {
                None => Verdict::NoRequirements,
                Some(req) => {
                    let facts = AccountFacts {
                        created,
                        rated_games: u32::try_from(rated_games).unwrap_or(0),
                        mark: marked,
                        undated_mark: undated,
                    };
                    let failed = eligibility::failures(req, facts);
                    if failed.is_empty() {
                        Verdict::Eligible
                    } else if e.excepted.is_some() && eligibility::admit(req, facts, true).is_ok() {
                        Verdict::Excepted(failed)
                    } else {
                        Verdict::Ineligible(failed)
                    }
                }
            };
            Ok(FactsRecorded {
                tournament: id,
                account: e.account,
                verdict,
                seeding_x2: eligibility::seed_x2(rating, peak),
                from_lichess,
            })
        })
        .await
    }

    /// `/tournament except`: the Director admits an account the requirements would refuse.
    pub async fn except_account(
        &self,
        call: &Call,
        id: i64,
        account: &str,
        reason: &str,
    ) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let t = self.directed(conn, id, actor, "make an exception").await?;
            if t.stage != Stage::Entries {
                return Err(TournamentError::Started(id));
            }
            let e = self.entrant(conn, id, account).await?;
            // Exceptions are to the entry requirements, never to a disqualifying mark (ACWC
            // Player eligibility); the refusal names every requirement the account fails.
            let failed = entry_check(&parameters(&t), &e, false).err().unwrap_or_default();
            if failed.iter().any(|f| !f.waivable()) {
                return Err(TournamentError::NoException(
                    e.account,
                    eligibility::listed(&failed),
                ));
            }
            store::tournament::entrants::set_exception(conn, e.id, reason.trim()).await?;
            let waived = if failed.is_empty() {
                String::new()
            } else {
                format!(" It waives: {}", eligibility::listed(&failed))
            };
            let text = format!(
                "The Director admits {} to tournament #{id} by exception: {} (ACWC Player eligibility).{waived}",
                e.account,
                reason.trim()
            );
            self.tournament_post(conn, text.clone()).await?;
            Ok(TournamentOutcome::of_tournament(id, text))
        })
        .await
    }

    /// `/tournament start`: entries close; those eligible (or admitted by exception) play;
    /// the number of Swiss rounds is fixed and round 1 is paired.
    pub async fn start(&self, call: &Call, id: i64) -> Result<TournamentOutcome, TournamentError> {
        self.execute(call, async |conn, actor| {
            let t = self.directed(conn, id, actor, "start it").await?;
            if t.stage != Stage::Entries {
                return Err(TournamentError::Started(id));
            }
            let params = parameters(&t);
            let mut lines = Vec::new();
            let mut playing = 0;
            for e in store::tournament::entrants::of_tournament(conn, id).await? {
                if e.status != EntrantStatus::Entered {
                    continue;
                }
                match entry_verdict(&params, &e) {
                    Ok(()) => {
                        store::tournament::entrants::set_status(conn, e.id, EntrantStatus::Playing, None).await?;
                        playing += 1;
                    }
                    Err(why) => {
                        store::tournament::entrants::set_status(
                            conn,
                            e.id,
                            EntrantStatus::Ineligible,
                            Some(&why),
                        )
                        .await?;
                        lines.push(format!("{} may not play: {why}", e.account));
                    }
                }
            }
            if playing < 2 {
                return Err(TournamentError::TooFew(playing));
            }
            let seeded = store::tournament::entrants::of_tournament(conn, id)
                .await?
                .into_iter()
                .filter(|e| e.status == EntrantStatus::Playing && e.seeded.is_some())
                .count();
            let shape = Parameters::shape(t.format_played());
            let swiss_players = playing - seeded;
            let rounds = swiss::rounds_for(swiss_players, params.min_rounds, params.rounds_above);
            store::tournament::tournaments::start(conn, id, i64::from(rounds), self.now()).await?;
            let mut text = if shape.first() == Stage::Swiss {
                format!(
                    "Tournament #{id} starts: {swiss_players} players, {rounds} Swiss round{} (ACWC Qualification){}.",
                    if rounds == 1 { "" } else { "s" },
                    if seeded > 0 { format!("; {seeded} seeded past the Swiss (ACWC Format)") } else { String::new() }
                )
            } else {
                format!("Tournament #{id} starts: {playing} players, a round robin.")
            };
            for l in &lines {
                text.push('\n');
                text.push_str(l);
            }
            self.tournament_post(conn, text.clone()).await?;
            let first = if shape.first() == Stage::Swiss {
                self.pair_next_round(conn, id, 1).await?
            } else {
                let all: Vec<i64> = store::tournament::entrants::of_tournament(conn, id)
                    .await?
                    .into_iter()
                    .filter(|e| e.status == EntrantStatus::Playing)
                    .map(|e| e.id)
                    .collect();
                self.start_round_robin(conn, id, &all).await?
            };
            Ok(TournamentOutcome::of_tournament(id, format!("{text}\n{first}")))
        })
        .await
    }

    /// An entrant by account.
    pub(super) async fn entrant(
        &self,
        conn: &mut sqlx::SqliteConnection,
        id: i64,
        account: &str,
    ) -> Result<EntrantRow, TournamentError> {
        store::tournament::entrants::by_account(conn, id, account.trim())
            .await?
            .ok_or_else(|| TournamentError::NoAccount {
                tournament: id,
                account: account.trim().to_owned(),
            })
    }
}

/// Whether an entrant may play: the format's requirements on the facts the Director recorded,
/// unless the Director made an exception.
pub(crate) fn entry_verdict(params: &Parameters, e: &EntrantRow) -> Result<(), String> {
    if params.requirements().is_some() && (e.created.is_none() || e.rated_games.is_none()) {
        if e.excepted.is_some() {
            return Ok(());
        }
        return Err("the Director has recorded no facts for the account".into());
    }
    entry_check(params, e, e.excepted.is_some()).map_err(|why| eligibility::listed(&why))
}

/// The format's requirements on the recorded facts, with or without the Director's exception
/// (which never waives a disqualifying mark): every failure.
pub(crate) fn entry_check(
    params: &Parameters,
    e: &EntrantRow,
    excepted: bool,
) -> Result<(), Vec<Ineligible>> {
    let Some(req) = params.requirements() else {
        return Ok(());
    };
    let (Some(created), Some(games)) = (e.created, e.rated_games) else {
        return Ok(());
    };
    eligibility::admit(
        req,
        AccountFacts {
            created,
            rated_games: u32::try_from(games).unwrap_or(0),
            mark: e.marked,
            undated_mark: e.mark_undated,
        },
        excepted,
    )
}
