//! Appointing and dismissing Moderators, Justices and Staff (Terms §III Act 2, 3.2, 4, 6).

use crate::app::PersonRef;
use std::fmt;

use crate::domain::kernel::authority::{Power, Unauthorised};
use crate::domain::kernel::office::Office;
use crate::store;

use super::{App, Call, UseCaseError};

#[derive(Debug, thiserror::Error)]
pub enum OfficeError {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error("The Chief Justice is set in the configuration (chief_justice), not by command.")]
    ChiefJusticeByConfig,
    #[error("{name} already holds the office of {office}.")]
    AlreadyHolds { name: String, office: Office },
    #[error("{name} does not hold the office of {office}.")]
    DoesNotHold { name: String, office: Office },
    #[error("`{0}` is not an office; choose moderator, justice or staff.")]
    UnknownOffice(String),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for OfficeError {
    fn is_internal(&self) -> bool {
        matches!(self, OfficeError::Store(_))
    }
}

/// Parses an office typed in a command.
pub fn parse_office(text: &str) -> Result<Office, OfficeError> {
    Office::from_key(&text.trim().to_lowercase().replace([' ', '-'], "_"))
        .ok_or_else(|| OfficeError::UnknownOffice(text.to_owned()))
}

/// The reply to an appointment or dismissal.
#[derive(Debug, Clone)]
pub struct OfficeChanged {
    pub name: String,
    pub office: Office,
    pub appointed: bool,
}

impl fmt::Display for OfficeChanged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.appointed {
            write!(f, "{} is now {}.", self.name, self.office.with_article())
        } else {
            write!(
                f,
                "{} is no longer {}.",
                self.name,
                self.office.with_article()
            )
        }
    }
}

/// The reply to `/office list`.
#[derive(Debug, Clone)]
pub struct OfficeList(pub Vec<(Office, Vec<String>)>);

impl fmt::Display for OfficeList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self
            .0
            .iter()
            .map(|(office, names)| {
                let who = if names.is_empty() {
                    "none".to_owned()
                } else {
                    names.join(", ")
                };
                format!("{office}: {who}")
            })
            .collect();
        f.write_str(&lines.join("\n"))
    }
}

impl App {
    /// `/office appoint`: the Chief Justice appoints a Moderator, Justice or Staff member.
    pub async fn appoint(
        &self,
        call: &Call,
        target: &PersonRef,
        office: &str,
    ) -> Result<OfficeChanged, OfficeError> {
        self.change_office(call, target, office, true).await
    }

    /// `/office dismiss`: the Chief Justice ends someone's term of office.
    pub async fn dismiss(
        &self,
        call: &Call,
        target: &PersonRef,
        office: &str,
    ) -> Result<OfficeChanged, OfficeError> {
        self.change_office(call, target, office, false).await
    }

    async fn change_office(
        &self,
        call: &Call,
        target: &PersonRef,
        office: &str,
        appoint: bool,
    ) -> Result<OfficeChanged, OfficeError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            Power::ChiefJustice.require(
                &actor.offices,
                "appoint or dismiss office holders",
                "Terms §III Act 2 and Act 4",
            )?;
            let office = parse_office(office)?;
            if !office.appointable() {
                return Err(OfficeError::ChiefJusticeByConfig);
            }
            let person = target.resolve(conn, now).await?;
            let holds = store::offices::offices_of(conn, person.id)
                .await?
                .holds(office);
            let name = person.name;
            match (appoint, holds) {
                (true, true) => return Err(OfficeError::AlreadyHolds { name, office }),
                (false, false) => return Err(OfficeError::DoesNotHold { name, office }),
                (true, false) => {
                    store::offices::appoint(conn, person.id, office, Some(actor.id), now).await?;
                    let text = format!(
                        "{} appointed {name} as {office} (Terms §III Act 2).",
                        actor.name
                    );
                    self.announce(conn, &text).await?;
                }
                (false, true) => {
                    store::offices::dismiss(conn, person.id, office, now).await?;
                    let text = format!("{} dismissed {name} as {office}.", actor.name);
                    self.announce(conn, &text).await?;
                }
            }
            Ok(OfficeChanged {
                name,
                office,
                appointed: appoint,
            })
        })
        .await
    }

    /// `/office list`: who holds what. Reads only.
    pub async fn office_list(&self) -> Result<OfficeList, OfficeError> {
        let mut conn = self.pool().acquire().await?;
        let holders = store::offices::holders(&mut conn).await?;
        let list = Office::ALL
            .into_iter()
            .map(|office| {
                let names = holders
                    .iter()
                    .filter(|(o, ..)| *o == office)
                    .map(|(_, _, name, _)| name.clone())
                    .collect();
                (office, names)
            })
            .collect();
        Ok(OfficeList(list))
    }
}
