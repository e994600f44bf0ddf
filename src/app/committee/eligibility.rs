//! Gathers what the eligibility rules need about a candidate for a Diplomacy office and asks
//! the domain (house rules A.2, A.4, A.6, A.8, A.10).

use sqlx::SqliteConnection;

use crate::app::committee::bound::house_bars;
use crate::app::offices::OfficeError;
use crate::app::App;
use crate::domain::committee::eligibility::{self, Candidate, GameTies, Numbers};
use crate::domain::committee::sitting::{Reason, Seat};
use crate::domain::kernel::office::Office;
use crate::store;
use crate::store::people::Person;

/// The most TMC members when no committee says otherwise (A.2: "between 5 and 8").
pub const TMC_MOST: u32 = 8;

impl App {
    /// Refuses an appointment the house rules forbid, naming the rule.
    pub(crate) async fn check_eligible(
        &self,
        conn: &mut SqliteConnection,
        person: &Person,
        office: Office,
        game: Option<&str>,
    ) -> Result<(), OfficeError> {
        let candidate = candidate(conn, person.id, &person.name).await?;
        let ties = match game {
            Some(game) => Some(game_ties(conn, person.id, game).await?),
            None => None,
        };
        let mut numbers = Numbers::default();
        for (held, slot) in [
            (Office::TournamentDirector, &mut numbers.directors),
            (Office::AssistantDirector, &mut numbers.assistants),
            (Office::ActingDirector, &mut numbers.acting),
            (Office::TmcMember, &mut numbers.tmc),
            (Office::ChiefGm, &mut numbers.chief_gms),
        ] {
            *slot = store::offices::holders_of(conn, held).await?.len() as u32;
        }
        let most = store::committee::committees::most_seated_by(conn, Office::TmcMember.key())
            .await?
            .unwrap_or(TMC_MOST);
        let bars = house_bars(conn).await?;
        eligibility::may_hold(office, &candidate, ties.as_ref(), numbers, most, &bars)?;
        Ok(())
    }
}

/// What the eligibility rules need to know of someone.
pub(crate) async fn candidate(
    conn: &mut SqliteConnection,
    person: i64,
    name: &str,
) -> sqlx::Result<Candidate> {
    Ok(Candidate {
        name: name.to_owned(),
        offices: store::offices::offices_of(conn, person).await?,
        teams: store::committee::teams::teams_of(conn, person).await?,
        plays: store::committee::teams::plays_anywhere(conn, person).await?,
    })
}

/// Why someone seated on a motion's sitting body as it opened may no longer decide it: they no
/// longer hold the office that seated them, act as TD now (A.6), or have since become
/// ineligible for it (A.8, A.10). `None` while they still may.
pub(crate) async fn no_longer_sits(
    conn: &mut SqliteConnection,
    seats: Office,
    seat: &Seat,
) -> sqlx::Result<Option<String>> {
    let office = match seat.reason {
        Reason::Member => seats,
        Reason::AssistantDirector => Office::AssistantDirector,
        _ => return Ok(None),
    };
    let who = candidate(conn, seat.person, &seat.name).await?;
    if !who.offices.holds(office) {
        return Ok(Some(format!(
            "{} is no longer {}",
            seat.name,
            office.with_article()
        )));
    }
    if office == Office::AssistantDirector && who.offices.holds(Office::ActingDirector) {
        return Ok(Some(format!(
            "{} now acts as TD, and is not part of the sitting body (house rules A.6)",
            seat.name
        )));
    }
    if !office.is_tournament_office() {
        return Ok(None);
    }
    let bars = house_bars(conn).await?;
    Ok(eligibility::conflicts(office, &who, None, &bars)
        .err()
        .map(|e| e.to_string().trim_end_matches('.').to_owned()))
}

/// Why, at a motion's close, someone listed on its sitting body as it opened no longer holds
/// what put them there: a sitting member as `no_longer_sits` says; the TD no longer the TD; an
/// Assistant TD no longer acting as TD. `None` while they still do.
pub(crate) async fn seat_left(
    conn: &mut SqliteConnection,
    seats: Office,
    seat: &Seat,
) -> sqlx::Result<Option<String>> {
    let held = match seat.reason {
        Reason::Member | Reason::AssistantDirector => {
            return no_longer_sits(conn, seats, seat).await
        }
        Reason::Director => Office::TournamentDirector,
        Reason::ActingAsDirector => Office::ActingDirector,
    };
    let offices = store::offices::offices_of(conn, seat.person).await?;
    Ok((!offices.holds(held))
        .then(|| format!("{} is no longer {}", seat.name, held.with_article())))
}

/// Refuses a seat in `game` to someone who may not play in it (A.4, A.6, A.8, A.10, A.12): the
/// one check every door that seats a player calls (seating, a replacement).
pub(crate) async fn check_may_sit(
    conn: &mut SqliteConnection,
    person: &Person,
    game: &str,
) -> Result<(), CheckError> {
    let offices = store::offices::offices_of(conn, person.id).await?;
    let ties = game_ties(conn, person.id, game).await?;
    let bars = house_bars(conn).await?;
    eligibility::may_sit(&person.name, &offices, &ties, &bars)?;
    Ok(())
}

/// Refuses someone joining `team` (A.4, A.6, A.8), and a joining that would make an Observer
/// observe a game a team-mate plays in or GMs (A.10): the one check every door that adds to a
/// team calls.
pub(crate) async fn check_may_join(
    conn: &mut SqliteConnection,
    team: i64,
    person: &Person,
) -> Result<(), CheckError> {
    let offices = store::offices::offices_of(conn, person.id).await?;
    let bars = house_bars(conn).await?;
    eligibility::may_play(&person.name, &offices, &bars)?;
    if !bars.observer_own_game {
        return Ok(());
    }
    if let Some(clash) = observer_clash(conn, team, person.id).await? {
        return Err(CheckError::ObserverClash(clash));
    }
    Ok(())
}

/// Why a seat or a joining is refused.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error(transparent)]
    Ineligible(#[from] eligibility::Ineligible),
    #[error("{0} (house rules A.10).")]
    ObserverClash(String),
    #[error(transparent)]
    Store(#[from] sqlx::Error),
}

/// Whether `person` joining `team` would make an Observer observe a game that a team-mate plays
/// in or GMs (A.10): in words, if so.
async fn observer_clash(
    conn: &mut SqliteConnection,
    team: i64,
    person: i64,
) -> sqlx::Result<Option<String>> {
    let mut side = vec![person];
    side.extend(store::committee::teams::members_of(conn, team).await?);
    for (observer, name, game) in store::offices::holders_of(conn, Office::Observer).await? {
        let Some(game) = game else { continue };
        if !side.contains(&observer) {
            continue;
        }
        let mut involved = store::committee::teams::players_of(conn, &game).await?;
        involved.extend(store::offices::holders_for_game(conn, Office::GameMaster, &game).await?);
        // Only pairs this joining creates: the newcomer with a member, either way round.
        let clash = involved.iter().any(|(id, _)| {
            (observer == person && *id != person && side.contains(id))
                || (observer != person && *id == person)
        });
        if clash {
            return Ok(Some(format!(
                "{name} observes {game}, and the team would then have a player or GM of it"
            )));
        }
    }
    Ok(None)
}

/// How a game touches someone: they play in it, GM it, or a team-mate does (A.10).
pub(crate) async fn game_ties(
    conn: &mut SqliteConnection,
    person: i64,
    game: &str,
) -> sqlx::Result<GameTies> {
    let players = store::committee::teams::players_of(conn, game).await?;
    let gms = store::offices::holders_for_game(conn, Office::GameMaster, game).await?;
    let mates = store::committee::teams::team_mates(conn, person).await?;
    let team_mate = players
        .iter()
        .chain(gms.iter())
        .find(|(id, _)| mates.iter().any(|(m, _)| m == id))
        .map(|(_, name)| name.clone());
    let observing_mate = store::offices::holders_for_game(conn, Office::Observer, game)
        .await?
        .into_iter()
        .find(|(id, _)| *id != person && mates.iter().any(|(m, _)| m == id))
        .map(|(_, name)| name);
    let observes = store::offices::holds_for(conn, person, Office::Observer, Some(game)).await?;
    Ok(GameTies {
        game: game.to_owned(),
        plays: players.iter().any(|(id, _)| *id == person),
        gms: gms.iter().any(|(id, _)| *id == person),
        observes,
        team_mate,
        observing_mate,
    })
}
