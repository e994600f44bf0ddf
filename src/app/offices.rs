//! Appointing and dismissing office holders: Moderators, Justices and Staff (Terms §III Act 2,
//! 3.2, 4, 6), and the Diplomacy house rules' offices, whose eligibility `app::committee`
//! checks (A.2, A.4, A.6, A.8, A.10).

use crate::app::PersonRef;
use crate::domain::kernel::authority::{Power, Unauthorised};
use crate::domain::kernel::office::{Appointable, Office};
use crate::store;

use super::{App, Call, UseCaseError};

#[derive(Debug, thiserror::Error)]
pub enum OfficeError {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error("{name} already holds the office of {office}.")]
    AlreadyHolds { name: String, office: Office },
    #[error("{name} does not hold the office of {office}.")]
    DoesNotHold { name: String, office: Office },
    #[error("{0} is held for one game: give game:NAME (house rules A.9, A.12).")]
    NeedsGame(Office),
    #[error("There is no board called {0}; a GM or an Observer serves a real game, chosen from the list (house rules A.9, A.12).")]
    NoSuchGame(String),
    #[error("{0} is not held for a game; leave game out.")]
    NoGameFor(Office),
    #[error(transparent)]
    Ineligible(#[from] crate::domain::committee::eligibility::Ineligible),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for OfficeError {
    fn is_internal(&self) -> bool {
        matches!(self, OfficeError::Store(_))
    }
}

/// An appointment or a dismissal, as it was recorded.
#[derive(Debug, Clone)]
pub struct OfficeChanged {
    pub name: String,
    pub office: Office,
    pub game: Option<String>,
    pub appointed: bool,
}

/// Who holds an office; for an office held per game, the game (house rules A.9, A.12).
#[derive(Debug, Clone)]
pub struct Holder {
    pub name: String,
    pub game: Option<String>,
}

/// `/office list`: who holds each office, and the games in play that have no Tournament
/// Observer, which the TD makes sure each game has (house rules A.9).
#[derive(Debug, Clone)]
pub struct OfficeList {
    pub offices: Vec<(Office, Vec<Holder>)>,
    pub unobserved: Vec<String>,
}

/// Where a tournament office's rule is, for announcements.
fn rule_of(office: Office) -> &'static str {
    match office {
        Office::TournamentDirector | Office::AssistantDirector | Office::TmcMember => {
            "house rules A.2"
        }
        Office::ActingDirector => "house rules A.6",
        Office::ChiefGm => "house rules A.11",
        Office::GameMaster => "house rules A.12",
        Office::Observer => "house rules A.9",
        _ => "Terms §III Act 2",
    }
}

impl App {
    /// `/office appoint`: the Chief Justice appoints a Moderator, Justice or Staff member.
    pub async fn appoint(
        &self,
        call: &Call,
        target: &PersonRef,
        office: Appointable,
        game: Option<&str>,
    ) -> Result<OfficeChanged, OfficeError> {
        self.change_office(call, target, office, game, true).await
    }

    /// `/office dismiss`: the Chief Justice ends someone's term of office.
    pub async fn dismiss(
        &self,
        call: &Call,
        target: &PersonRef,
        office: Appointable,
        game: Option<&str>,
    ) -> Result<OfficeChanged, OfficeError> {
        self.change_office(call, target, office, game, false).await
    }

    async fn change_office(
        &self,
        call: &Call,
        target: &PersonRef,
        office: Appointable,
        game: Option<&str>,
        appoint: bool,
    ) -> Result<OfficeChanged, OfficeError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let office = Office::from(office);
            // The TD appoints the Chief-GM, the GMs and the Observers too (A.9, A.11).
            let td_may = matches!(
                office,
                Office::ChiefGm | Office::GameMaster | Office::Observer
            ) && actor.offices.is_director();
            if !td_may {
                Power::ChiefJustice.require(
                    &actor.offices,
                    "appoint or dismiss office holders",
                    "Terms §III Act 2 and Act 4",
                )?;
            }
            let game = game.map(str::trim).filter(|g| !g.is_empty());
            match (office.per_game(), game) {
                (true, None) => return Err(OfficeError::NeedsGame(office)),
                (false, Some(_)) => return Err(OfficeError::NoGameFor(office)),
                _ => {}
            }
            let person = target.resolve(conn, now).await?;
            // A game is a real board, under its own name (A.9, A.12). One that is not may
            // still be dismissed as it was typed, so an old record can be put right.
            let board = match game {
                Some(g) => store::diplomacy::boards::own_name(conn, g).await?,
                None => None,
            };
            if appoint && game.is_some() && board.is_none() {
                // Who may not hold the office at all is told so first.
                self.check_eligible(conn, &person, office, None).await?;
                return Err(OfficeError::NoSuchGame(game.unwrap_or_default().to_owned()));
            }
            let game = board.as_deref().or(game);
            let holds = store::offices::holds_for(conn, person.id, office, game).await?;
            let name = person.name.clone();
            let of = game.map(|g| format!(" of {g}")).unwrap_or_default();
            match (appoint, holds) {
                (true, true) => return Err(OfficeError::AlreadyHolds { name, office }),
                (false, false) => return Err(OfficeError::DoesNotHold { name, office }),
                (true, false) => {
                    if office.is_tournament_office() {
                        self.check_eligible(conn, &person, office, game).await?;
                    }
                    store::offices::appoint_for(conn, person.id, office, game, Some(actor.id), now)
                        .await?;
                    let text = format!(
                        "{} appointed {name} as {office}{of} ({}).",
                        actor.name,
                        rule_of(office)
                    );
                    self.announce_logged(conn, &text).await?;
                }
                (false, true) => {
                    store::offices::dismiss_for(conn, person.id, office, game, now).await?;
                    if office == Office::AssistantDirector {
                        // An Assistant TD no longer holds the TD post either (A.6).
                        store::offices::dismiss(conn, person.id, Office::ActingDirector, now)
                            .await?;
                    }
                    let text = format!("{} dismissed {name} as {office}{of}.", actor.name);
                    self.announce_logged(conn, &text).await?;
                }
            }
            Ok(OfficeChanged {
                name,
                office,
                game: game.map(str::to_owned),
                appointed: appoint,
            })
        })
        .await
    }

    /// `/office list`: who holds what. Reads only.
    pub async fn office_list(&self) -> Result<OfficeList, OfficeError> {
        let mut conn = self.pool().acquire().await?;
        let holders = store::offices::holders(&mut conn).await?;
        let mut list: Vec<(Office, Vec<Holder>)> = Office::ALL
            .into_iter()
            .filter(|o| !o.per_game())
            .map(|office| {
                let names = holders
                    .iter()
                    .filter(|(o, ..)| *o == office)
                    .map(|(_, _, name, _)| Holder {
                        name: name.clone(),
                        game: None,
                    })
                    .collect();
                (office, names)
            })
            .collect();
        for office in [Office::GameMaster, Office::Observer] {
            let names = store::offices::holders_of(&mut conn, office)
                .await?
                .into_iter()
                .map(|(_, name, game)| Holder {
                    name,
                    game: Some(game.unwrap_or_default()),
                })
                .collect();
            list.push((office, names));
        }
        // A club without a tournament is not shown its empty offices.
        list.retain(|(office, names)| !office.is_tournament_office() || !names.is_empty());
        let unobserved = crate::store::committee::teams::games_without_observer(&mut conn).await?;
        Ok(OfficeList {
            offices: list,
            unobserved,
        })
    }
}
