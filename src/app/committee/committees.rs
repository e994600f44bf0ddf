//! `/committee create` and `/committee list`: a committee's own rules (house rules A.2, A.6).

use std::fmt;

use crate::app::committee::bound::committee_value;
use crate::app::committee::Committee;
use crate::app::{App, Call};
use crate::domain::committee::bound;
use crate::domain::committee::rules::{
    Abstentions, CommitteeRules, Fraction, Majority, RulesError, Seats, Sitting, SizeRange,
    TieBreak, VoteRules,
};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::office::Office;
use crate::store;
use crate::store::committee::committees::CommitteeRow;

use super::CommitteeError;

/// What `/committee create` is given, read and typed at the edge. A size range or a fraction
/// that could not be read carries why, refused once the caller's authority is checked.
#[derive(Debug, Clone)]
pub struct NewCommittee {
    pub name: String,
    pub members: Result<SizeRange, RulesError>,
    /// The TMC office's holders when not given.
    pub seats: Option<Seats>,
    pub turnout: Result<Fraction, RulesError>,
    pub majority: Majority,
    pub tie_break: TieBreak,
    /// When not given, the TMC's sitting body includes the Assistant TDs (A.6), any other's
    /// is its members.
    pub sitting: Option<Sitting>,
    /// An abstention is a vote when not given.
    pub abstentions: Option<Abstentions>,
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
            match r.vote.tie_break {
                TieBreak::Director => "broken by the TD",
                TieBreak::Rejects => "reject the motion",
            },
            match r.sitting {
                Sitting::Members => "its members",
                Sitting::MembersAndAssistants => {
                    "its members and the Assistant TDs, except one acting as TD (A.6)"
                }
            },
            if r.members_open {
                "; members may open motions"
            } else {
                ""
            }
        )
    }
}

/// What `/committee set` is given, read and typed at the edge: the rules to change (a size
/// range or a fraction that could not be read carries why, as in `NewCommittee`).
#[derive(Debug, Clone, Default)]
pub struct CommitteeChange {
    pub name: String,
    pub members: Option<Result<SizeRange, RulesError>>,
    pub turnout: Option<Result<Fraction, RulesError>>,
    pub majority: Option<Majority>,
    pub tie_break: Option<TieBreak>,
    pub sitting: Option<Sitting>,
    pub abstentions: Option<Abstentions>,
    pub members_open: Option<bool>,
}

impl CommitteeChange {
    /// Each rule given, as stored.
    fn stored(&self) -> Result<Vec<(&'static str, String)>, CommitteeError> {
        let mut out = Vec::new();
        if let Some(r) = &self.members {
            let r = r.clone()?;
            out.push(("members", format!("{}-{}", r.least, r.most)));
        }
        if let Some(t) = &self.turnout {
            out.push(("turnout", t.clone()?.to_string()));
        }
        if let Some(m) = self.majority {
            out.push(("majority", m.key()));
        }
        if let Some(t) = self.tie_break {
            out.push(("tie_break", t.key().to_owned()));
        }
        if let Some(s) = self.sitting {
            out.push(("sitting", s.key().to_owned()));
        }
        if let Some(a) = self.abstentions {
            // Kept only for motions that closed under it; no committee chooses it.
            if a == Abstentions::TurnoutOnly {
                return Err(RulesError::Abstentions(a.key().to_owned()).into());
            }
            out.push(("abstentions", a.key().to_owned()));
        }
        if let Some(open) = self.members_open {
            out.push(("members_open", open.to_string()));
        }
        Ok(out)
    }
}

/// One of a committee's rules in words.
fn shown(option: &str, value: &str) -> String {
    let kind = match option {
        "members" => bound::Kind::Size,
        "turnout" => bound::Kind::Fraction,
        "majority" => bound::Kind::Majority,
        "tie_break" => bound::Kind::TieBreak,
        "sitting" => bound::Kind::Sitting,
        _ => return value.to_owned(),
    };
    kind.show(value)
}

/// What `/committee set` did: the change to the committee's rules, as announced (its words are
/// the announcement's).
#[derive(Debug, Clone)]
pub struct CommitteeChanged {
    pub committee: String,
    pub announced: String,
}

/// What `/committee create` did: the committee, as created.
#[derive(Debug, Clone)]
pub struct Created(pub CommitteeRow);

/// What `/committee list` found: every committee, each with its rules.
#[derive(Debug, Clone)]
pub struct CommitteeList(pub Vec<CommitteeRow>);

impl Committee<'_> {
    /// `/committee create` (Chief Justice).
    pub async fn create(&self, call: &Call, new: &NewCommittee) -> Result<Created, CommitteeError> {
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
            let office = Office::from(new.seats.unwrap_or(Seats::Tmc));
            let rules = CommitteeRules {
                size: new.members.clone()?,
                vote: VoteRules {
                    turnout: new.turnout.clone()?,
                    majority: new.majority,
                    tie_break: new.tie_break,
                    abstentions: new.abstentions.unwrap_or(Abstentions::Count),
                },
                sitting: match new.sitting {
                    Some(s) => s,
                    // The TMC's sitting body includes the Assistant TDs (A.6).
                    None if office == Office::TmcMember => Sitting::MembersAndAssistants,
                    None => Sitting::Members,
                },
                members_open: new.members_open,
            };
            if store::committee::committees::by_name(conn, name)
                .await?
                .is_some()
            {
                return Err(CommitteeError::Exists(name.to_owned()));
            }
            // A TMC has the rules the house rules in force give it (A.2, A.6).
            if office == Office::TmcMember && self.house_rules_loaded(conn).await? {
                let row = CommitteeRow::proposed(name, office.key(), &rules);
                for b in bound::BOUND {
                    let Some(option) = b.committee else { continue };
                    let value = self.house_value(conn, b.key).await?;
                    if committee_value(&row, option) != value {
                        return Err(CommitteeError::AgainstHouseRules {
                            what: b.what,
                            value: b.kind.show(&value),
                            item: b.item,
                        });
                    }
                }
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

    /// `/committee set`: changes a committee's own rules after it was created, audited and
    /// announced. The Chief Justice changes any committee's; the TD (or the Assistant TD acting
    /// as TD) the TMC's, whose size, turnout, majority, tie-break and sitting body follow the
    /// house rules in force (A.2, A.6): a value their text states otherwise is refused, quoting
    /// it, and a value an adopted change left waiting is set, putting the change in effect.
    /// Motions already open keep the rules they opened under.
    pub async fn set(
        &self,
        call: &Call,
        change: &CommitteeChange,
    ) -> Result<CommitteeChanged, CommitteeError> {
        self.execute(call, async |conn, actor| {
            let row = store::committee::committees::by_name(conn, &change.name)
                .await?
                .ok_or_else(|| CommitteeError::NoSuchCommittee(change.name.clone()))?;
            let tmc = row.seats == Office::TmcMember.key();
            let may = actor.offices.is_chief_justice() || (tmc && actor.offices.is_director());
            if !may {
                return Err(CommitteeError::MayChange);
            }
            let given = change.stored()?;
            if given.is_empty() {
                return Err(CommitteeError::NothingToChange);
            }
            let loaded = tmc && self.house_rules_loaded(conn).await?;
            let mut done = Vec::new();
            let mut in_effect = Vec::new();
            for (option, value) in &given {
                let old = committee_value(&row, option);
                let binding = bound::BOUND.iter().find(|b| b.committee == Some(*option));
                match binding.filter(|_| loaded) {
                    Some(b) => {
                        if self.officer_sets(conn, b, value, actor.id).await? {
                            in_effect.push(b.item);
                        }
                        // Every committee the TMC office seats follows the same rule.
                        for other in self.tmc_committees(conn).await? {
                            self.set_committee_rule(
                                conn,
                                &other,
                                option,
                                value,
                                Some(actor.id),
                                None,
                            )
                            .await?;
                        }
                    }
                    None => {
                        self.set_committee_rule(conn, &row, option, value, Some(actor.id), None)
                            .await?;
                    }
                }
                if old != *value {
                    done.push(format!(
                        "{option}: {} (it was {})",
                        shown(option, value),
                        shown(option, &old)
                    ));
                }
            }
            if done.is_empty() && in_effect.is_empty() {
                return Err(CommitteeError::Unchanged(row.name.clone()));
            }
            let row = store::committee::committees::by_id(conn, row.id).await?;
            let mut text = format!(
                "{} changed the rules of {}: {}.",
                actor.name,
                row.name,
                done.join("; ")
            );
            in_effect.dedup();
            for item in in_effect {
                text.push_str(&format!(
                    " The change to house rule {item} is now in effect in gavel."
                ));
            }
            text.push_str(&format!(
                " Motions already open keep the rules they opened under. {}",
                Described(&row)
            ));
            self.announce(conn, &text).await?;
            Ok(CommitteeChanged {
                committee: row.name.clone(),
                announced: text,
            })
        })
        .await
    }

    /// `/committee list`. Reads only.
    pub async fn list(&self) -> Result<CommitteeList, CommitteeError> {
        let mut conn = self.pool().acquire().await?;
        Ok(CommitteeList(
            store::committee::committees::all(&mut conn).await?,
        ))
    }
}

impl App {
    /// Whether the house rules are loaded.
    pub(crate) async fn house_rules_loaded(
        &self,
        conn: &mut sqlx::SqliteConnection,
    ) -> sqlx::Result<bool> {
        Ok(!store::committee::house_rules::current(conn)
            .await?
            .is_empty())
    }
}
