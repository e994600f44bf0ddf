//! `/committee create` and `/committee list`: a committee's own rules (house rules A.2, A.6).

use std::fmt;

use crate::app::{App, Call};
use crate::domain::committee::rules::{Abstentions, CommitteeRules, VoteRules};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::office::Office;
use crate::store;
use crate::store::committee::committees::CommitteeRow;

use super::CommitteeError;

/// What `/committee create` is given, as typed.
#[derive(Debug, Clone)]
pub struct NewCommittee {
    pub name: String,
    pub members: String,
    pub seats: Option<String>,
    pub turnout: String,
    pub majority: String,
    pub tie_break: String,
    pub sitting: Option<String>,
    pub abstentions: Option<String>,
    pub members_open: bool,
}

/// A committee's rules in words.
pub struct Described<'a>(pub &'a CommitteeRow);

impl fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.0;
        let r = c.rules();
        write!(
            f,
            "{}: {} members ({} office holders); {}; ties {}; sitting: {}{}.",
            c.name,
            r.size,
            c.seats,
            crate::app::committee::motion::rules_needs(&r.vote),
            match r.vote.tie_break.key() {
                "director" => "broken by the TD",
                _ => "reject the motion",
            },
            match r.sitting.key() {
                "members" => "its members",
                _ => "its members and the Assistant TDs, except one acting as TD (A.6)",
            },
            if r.members_open {
                "; members may open motions"
            } else {
                ""
            }
        )
    }
}

/// The reply to `/committee create`.
pub struct Created(pub CommitteeRow);

impl fmt::Display for Created {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Committee created. {}", Described(&self.0))
    }
}

/// The reply to `/committee list`.
pub struct CommitteeList(pub Vec<CommitteeRow>);

impl fmt::Display for CommitteeList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("There are no committees yet.");
        }
        let lines: Vec<String> = self.0.iter().map(|c| Described(c).to_string()).collect();
        f.write_str(&lines.join("\n"))
    }
}

impl App {
    /// `/committee create` (Chief Justice).
    pub async fn create_committee(
        &self,
        call: &Call,
        new: &NewCommittee,
    ) -> Result<Created, CommitteeError> {
        self.execute(call, async |conn, actor| {
            Power::ChiefJustice.require(
                &actor.offices,
                "create a committee",
                "Terms §III Act 4; house rules A.2",
            )?;
            let name = new.name.trim();
            if name.is_empty() {
                return Err(CommitteeError::NoText);
            }
            let seats = new.seats.as_deref().unwrap_or("tmc");
            let office = Office::from_key(seats)
                .filter(|o| !o.per_game() && *o != Office::ActingDirector)
                .ok_or_else(|| CommitteeError::Seats(seats.to_owned()))?;
            let rules = CommitteeRules {
                size: new.members.parse()?,
                vote: VoteRules {
                    turnout: new.turnout.parse()?,
                    majority: new.majority.parse()?,
                    tie_break: new.tie_break.parse()?,
                    abstentions: match &new.abstentions {
                        Some(a) => a.parse()?,
                        None => Abstentions::Count,
                    },
                },
                sitting: match &new.sitting {
                    Some(s) => s.parse()?,
                    // The TMC's sitting body includes the Assistant TDs (A.6).
                    None if office == Office::TmcMember => {
                        crate::domain::committee::rules::Sitting::MembersAndAssistants
                    }
                    None => crate::domain::committee::rules::Sitting::Members,
                },
                members_open: new.members_open,
            };
            if store::committee::committees::by_name(conn, name)
                .await?
                .is_some()
            {
                return Err(CommitteeError::Exists(name.to_owned()));
            }
            let id = store::committee::committees::create(
                conn,
                name,
                office.key(),
                &rules,
                actor.id,
                self.now(),
            )
            .await?;
            let row = store::committee::committees::by_id(conn, id).await?;
            // The description ends its own sentence.
            let text = format!("{} created the committee {}", actor.name, Described(&row));
            self.announce(conn, &text).await?;
            Ok(Created(row))
        })
        .await
    }

    /// `/committee list`. Reads only.
    pub async fn committee_list(&self) -> Result<CommitteeList, CommitteeError> {
        let mut conn = self.pool().acquire().await?;
        Ok(CommitteeList(
            store::committee::committees::all(&mut conn).await?,
        ))
    }
}
