//! Who may hold a Diplomacy office (house rules A.2, A.4, A.6, A.8, A.10): the TD and TMC
//! members neither play nor belong to a team; Assistant TDs and TMC members do not observe; an
//! Observer does not observe a game that they, or a team-mate, play in or GM; and the offices'
//! numbers (one TD, at most two Assistant TDs, at most eight TMC members, one acting TD who is an
//! Assistant TD, one Chief-GM).

use crate::domain::kernel::office::{Office, Offices};

/// What the app knows of a candidate for an office.
#[derive(Debug, Clone, Default)]
pub struct Candidate {
    pub name: String,
    pub offices: Offices,
    /// The teams they belong to (as player, captain, non-playing GM or reserve).
    pub teams: Vec<String>,
    /// Whether they play in any game of the tournament.
    pub plays: bool,
}

/// The game an Observer or GM would be appointed to, as it touches the candidate.
#[derive(Debug, Clone, Default)]
pub struct GameTies {
    pub game: String,
    /// The candidate plays in it.
    pub plays: bool,
    /// The candidate is its GM.
    pub gms: bool,
    /// A team-mate of the candidate who plays in it or is its GM.
    pub team_mate: Option<String>,
    /// An Observer of it who is the candidate's team-mate.
    pub observing_mate: Option<String>,
}

/// How many hold each office now (the candidate excluded).
#[derive(Debug, Clone, Copy, Default)]
pub struct Numbers {
    pub directors: u32,
    pub assistants: u32,
    pub acting: u32,
    pub tmc: u32,
    pub chief_gms: u32,
}

/// The most Assistant TDs (A.2).
pub const ASSISTANTS_MAX: u32 = 2;

/// Why someone may not hold an office; each names its rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Ineligible {
    #[error("{name} may not be {office}: the Tournament Director may not play in the tournament (house rules A.4).")]
    DirectorPlays { name: String, office: &'static str },
    #[error("{name} may not be {office}: {name} belongs to the team {team}, and the Tournament Director may have no affiliation with a team (house rules A.4).")]
    DirectorOnTeam {
        name: String,
        office: &'static str,
        team: String,
    },
    #[error("{name} may not be a TMC member: TMC members should not play in the tournament (house rules A.8).")]
    TmcPlays { name: String },
    #[error("{name} may not be a TMC member: {name} belongs to the team {team}, and TMC members should have no affiliation with a team (house rules A.8).")]
    TmcOnTeam { name: String, team: String },
    #[error("{name} may not be a Tournament Observer while {office} (house rules A.10).")]
    ObserverHoldsOffice { name: String, office: &'static str },
    #[error("{name} may not be {office} while a Tournament Observer (house rules A.10).")]
    OfficeWhileObserver { name: String, office: &'static str },
    #[error("{name} may not observe {game}: {name} plays in it (house rules A.10).")]
    ObserverPlays { name: String, game: String },
    #[error("{name} may not observe {game}: {name} is its GM (house rules A.10).")]
    ObserverGms { name: String, game: String },
    #[error("{name} may not observe {game}: their team-mate {mate} plays in it or is its GM (house rules A.10).")]
    ObserverTeamMate {
        name: String,
        game: String,
        mate: String,
    },
    #[error("{name} may not be the GM of {game}: its Observer {observer} is their team-mate (house rules A.10).")]
    GmObservedByTeamMate {
        name: String,
        game: String,
        observer: String,
    },
    #[error("There is already a Tournament Director; dismiss them first (house rules A.2).")]
    DirectorTaken,
    #[error("There are already two Assistant TDs, the most there may be (house rules A.2).")]
    AssistantsFull,
    #[error("The TMC already has {0} members, the most it may have (house rules A.2).")]
    TmcFull(u32),
    #[error("Only an Assistant TD may act as TD (house rules A.6).")]
    ActingNotAssistant,
    #[error("An Assistant TD is already acting as TD (house rules A.6).")]
    ActingTaken,
    #[error("There is already a Chief-GM (house rules A.11).")]
    ChiefGmTaken,
}

/// Decides whether `who` may take `office` (for `game` when the office is held per game).
pub fn may_hold(
    office: Office,
    who: &Candidate,
    game: Option<&GameTies>,
    numbers: Numbers,
    tmc_most: u32,
) -> Result<(), Ineligible> {
    let name = || who.name.clone();
    match office {
        Office::TournamentDirector => {
            not_playing_or_on_team(who, "the Tournament Director")?;
            if numbers.directors > 0 {
                return Err(Ineligible::DirectorTaken);
            }
        }
        Office::AssistantDirector => {
            not_observing(who, "an Assistant TD")?;
            if numbers.assistants >= ASSISTANTS_MAX {
                return Err(Ineligible::AssistantsFull);
            }
        }
        Office::ActingDirector => {
            if !who.offices.holds(Office::AssistantDirector) {
                return Err(Ineligible::ActingNotAssistant);
            }
            if numbers.acting > 0 {
                return Err(Ineligible::ActingTaken);
            }
        }
        Office::TmcMember => {
            if who.plays {
                return Err(Ineligible::TmcPlays { name: name() });
            }
            if let Some(team) = who.teams.first() {
                return Err(Ineligible::TmcOnTeam {
                    name: name(),
                    team: team.clone(),
                });
            }
            not_observing(who, "a TMC member")?;
            if numbers.tmc >= tmc_most {
                return Err(Ineligible::TmcFull(numbers.tmc));
            }
        }
        Office::ChiefGm if numbers.chief_gms > 0 => return Err(Ineligible::ChiefGmTaken),
        Office::GameMaster => {
            if let Some((ties, observer)) =
                game.and_then(|t| t.observing_mate.as_ref().map(|o| (t, o)))
            {
                return Err(Ineligible::GmObservedByTeamMate {
                    name: name(),
                    game: ties.game.clone(),
                    observer: observer.clone(),
                });
            }
        }
        Office::Observer => {
            for (held, office) in [
                (Office::AssistantDirector, "an Assistant TD"),
                (Office::TmcMember, "a TMC member"),
            ] {
                if who.offices.holds(held) {
                    return Err(Ineligible::ObserverHoldsOffice {
                        name: name(),
                        office,
                    });
                }
            }
            if let Some(ties) = game {
                if ties.plays {
                    return Err(Ineligible::ObserverPlays {
                        name: name(),
                        game: ties.game.clone(),
                    });
                }
                if ties.gms {
                    return Err(Ineligible::ObserverGms {
                        name: name(),
                        game: ties.game.clone(),
                    });
                }
                if let Some(mate) = &ties.team_mate {
                    return Err(Ineligible::ObserverTeamMate {
                        name: name(),
                        game: ties.game.clone(),
                        mate: mate.clone(),
                    });
                }
            }
        }
        _ => {}
    }
    Ok(())
}

/// Whether someone holding `offices` may join a team or play (A.4, A.8): for the tournament's
/// own commands, which seat players and form teams.
pub fn may_play(name: &str, offices: &Offices) -> Result<(), Ineligible> {
    if offices.holds(Office::TournamentDirector) {
        return Err(Ineligible::DirectorPlays {
            name: name.to_owned(),
            office: "a player or on a team",
        });
    }
    if offices.holds(Office::TmcMember) {
        return Err(Ineligible::TmcPlays {
            name: name.to_owned(),
        });
    }
    Ok(())
}

fn not_playing_or_on_team(who: &Candidate, office: &'static str) -> Result<(), Ineligible> {
    if who.plays {
        return Err(Ineligible::DirectorPlays {
            name: who.name.clone(),
            office,
        });
    }
    if let Some(team) = who.teams.first() {
        return Err(Ineligible::DirectorOnTeam {
            name: who.name.clone(),
            office,
            team: team.clone(),
        });
    }
    Ok(())
}

fn not_observing(who: &Candidate, office: &'static str) -> Result<(), Ineligible> {
    if who.offices.holds(Office::Observer) {
        return Err(Ineligible::OfficeWhileObserver {
            name: who.name.clone(),
            office,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests;
