//! Who may hold a Diplomacy office (house rules A.1, A.2, A.4, A.6, A.8, A.10, A.12): one
//! function per office states every conflict the house rules name, and `may_play` /
//! `may_sit` state the same conflicts seen from the other side (joining a team, taking a seat),
//! so that a conflict is refused whichever change comes first. The offices' numbers (one TD, at
//! most two Assistant TDs, at most eight TMC members, one person with the TD's powers, one
//! Chief-GM) are checked apart, in `room`.

use super::bound::Bars;
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

/// The game an Observer or GM would be appointed to, or a player seated in, as it touches the
/// candidate.
#[derive(Debug, Clone, Default)]
pub struct GameTies {
    pub game: String,
    /// The candidate plays in it.
    pub plays: bool,
    /// The candidate is its GM.
    pub gms: bool,
    /// The candidate is its Observer.
    pub observes: bool,
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
    #[error("{name} may not be {office}: an Assistant TD sits on the TMC's votes (A.6), and those who decide them should not play in the tournament (house rules A.8).")]
    AssistantPlays { name: String, office: &'static str },
    #[error("{name} may not be {office}: {name} belongs to the team {team}; an Assistant TD sits on the TMC's votes (A.6), and those who decide them should have no affiliation with a team (house rules A.8).")]
    AssistantOnTeam {
        name: String,
        office: &'static str,
        team: String,
    },
    #[error("{name} may not be {office} while {held} ({rule}).")]
    HoldsOther {
        name: String,
        office: &'static str,
        held: &'static str,
        rule: &'static str,
    },
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
    #[error("{name} may not be the GM of {game}: {name} plays in it, and the GM is a neutral party who does not play (house rules A.12, A.1).")]
    GmPlays { name: String, game: String },
    #[error("{name} may not be the GM of {game}: {name} is its Tournament Observer, who may not observe a game they GM (house rules A.10).")]
    GmObserves { name: String, game: String },
    #[error("{name} may not be the GM of {game}: its Observer {observer} is their team-mate (house rules A.10).")]
    GmObservedByTeamMate {
        name: String,
        game: String,
        observer: String,
    },
    #[error("{name} may not play in {game}: {name} is its GM, and the GM is a neutral party who does not play (house rules A.12, A.1).")]
    PlayerGms { name: String, game: String },
    #[error("{player} may not play in {game}: {observer} observes it, and no one observes a game in which they or a team-mate play (house rules A.10).")]
    PlayerObserved {
        player: String,
        game: String,
        observer: String,
    },
    #[error("There is already a Tournament Director; dismiss them first (house rules A.2).")]
    DirectorTaken,
    #[error("An Assistant TD is acting as TD; one person at a time holds the TD's powers, so dismiss the Acting TD first (house rules A.2, A.6).")]
    ActingInPost,
    #[error("The Tournament Director is in post; an Assistant TD acts as TD only while no one holds the TD post (house rules A.2, A.6).")]
    DirectorInPost,
    #[error("There are already {0} Assistant TDs, the most there may be (house rules A.2).")]
    AssistantsFull(u32),
    #[error("The TMC already has {0} members, the most it may have (house rules A.2).")]
    TmcFull(u32),
    #[error("Only an Assistant TD may act as TD (house rules A.6).")]
    ActingNotAssistant,
    #[error("An Assistant TD is already acting as TD (house rules A.6).")]
    ActingTaken,
    #[error("There is already a Chief-GM (house rules A.11).")]
    ChiefGmTaken,
}

/// Decides whether `who` may take `office` (for `game` when the office is held per game): its
/// conflicts, then room in the office.
pub fn may_hold(
    office: Office,
    who: &Candidate,
    game: Option<&GameTies>,
    numbers: Numbers,
    tmc_most: u32,
    bars: &Bars,
) -> Result<(), Ineligible> {
    conflicts(office, who, game, bars)?;
    room(office, numbers, tmc_most, bars)
}

/// Every conflict the house rules name for `office`, one function per office: what
/// `gavel check` runs over the record and what a vote asks of a sitting member.
pub fn conflicts(
    office: Office,
    who: &Candidate,
    game: Option<&GameTies>,
    bars: &Bars,
) -> Result<(), Ineligible> {
    match office {
        Office::TournamentDirector => director(who, bars),
        Office::AssistantDirector => assistant(who, bars),
        Office::ActingDirector => acting_director(who, bars),
        Office::TmcMember => tmc_member(who, bars),
        Office::GameMaster => game.map_or(Ok(()), |g| game_master(who, g, bars)),
        Office::Observer => observer(who, game, bars),
        _ => Ok(()),
    }
}

/// The TD (A.4): does not play and has no team; holds no seat on the TMC, whose votes the TD
/// only breaks (A.2, A.6); is not also an Assistant TD (A.2).
pub fn director(who: &Candidate, bars: &Bars) -> Result<(), Ineligible> {
    not_playing_or_on_team(who, "the Tournament Director", bars)?;
    not_holding(
        who,
        "the Tournament Director",
        &[
            (Office::TmcMember, "a TMC member", "house rules A.2, A.6"),
            (
                Office::AssistantDirector,
                "an Assistant TD",
                "house rules A.2",
            ),
        ],
    )
}

/// An Assistant TD sits on the TMC's votes (A.6), so is held to what the TMC is (A.8); does not
/// observe (A.10); is neither the TD nor a TMC member, so that no one sits twice (A.2).
pub fn assistant(who: &Candidate, bars: &Bars) -> Result<(), Ineligible> {
    let office = "an Assistant TD";
    if who.plays && bars.tmc_plays {
        return Err(Ineligible::AssistantPlays {
            name: who.name.clone(),
            office,
        });
    }
    if let Some(team) = who.teams.first().filter(|_| bars.tmc_team) {
        return Err(Ineligible::AssistantOnTeam {
            name: who.name.clone(),
            office,
            team: team.clone(),
        });
    }
    not_observing(who, office, bars.observer_assistants)?;
    not_holding(
        who,
        office,
        &[
            (
                Office::TournamentDirector,
                "the Tournament Director",
                "house rules A.2",
            ),
            (Office::TmcMember, "a TMC member", "house rules A.2, A.6"),
        ],
    )
}

/// The Acting TD holds the TD's powers (A.6): an Assistant TD who may be TD (A.4).
pub fn acting_director(who: &Candidate, bars: &Bars) -> Result<(), Ineligible> {
    if !who.offices.holds(Office::AssistantDirector) {
        return Err(Ineligible::ActingNotAssistant);
    }
    not_playing_or_on_team(who, "the Acting TD", bars)?;
    assistant(who, bars)
}

/// A TMC member (A.8): does not play and has no team; does not observe (A.10); is not the TD,
/// an Assistant TD or the Acting TD, who are counted apart from the TMC (A.2, A.6).
pub fn tmc_member(who: &Candidate, bars: &Bars) -> Result<(), Ineligible> {
    if who.plays && bars.tmc_plays {
        return Err(Ineligible::TmcPlays {
            name: who.name.clone(),
        });
    }
    if let Some(team) = who.teams.first().filter(|_| bars.tmc_team) {
        return Err(Ineligible::TmcOnTeam {
            name: who.name.clone(),
            team: team.clone(),
        });
    }
    not_observing(who, "a TMC member", bars.observer_tmc)?;
    not_holding(
        who,
        "a TMC member",
        &[
            (
                Office::TournamentDirector,
                "the Tournament Director",
                "house rules A.2, A.6",
            ),
            (
                Office::AssistantDirector,
                "an Assistant TD",
                "house rules A.2, A.6",
            ),
            (
                Office::ActingDirector,
                "the Acting TD",
                "house rules A.2, A.6",
            ),
        ],
    )
}

/// The GM of a game is a neutral party (A.12; a team's GM is non-playing, A.1): not one of its
/// players; not its Observer, nor observed by a team-mate (A.10).
pub fn game_master(who: &Candidate, ties: &GameTies, bars: &Bars) -> Result<(), Ineligible> {
    let name = || who.name.clone();
    let game = || ties.game.clone();
    if ties.plays {
        return Err(Ineligible::GmPlays {
            name: name(),
            game: game(),
        });
    }
    if ties.observes && bars.observer_own_game {
        return Err(Ineligible::GmObserves {
            name: name(),
            game: game(),
        });
    }
    if let Some(observer) = ties
        .observing_mate
        .as_ref()
        .filter(|_| bars.observer_own_game)
    {
        return Err(Ineligible::GmObservedByTeamMate {
            name: name(),
            game: game(),
            observer: observer.clone(),
        });
    }
    Ok(())
}

/// A Tournament Observer (A.10): not an Assistant TD or TMC member; not for a game they or a
/// team-mate play in or GM.
pub fn observer(who: &Candidate, game: Option<&GameTies>, bars: &Bars) -> Result<(), Ineligible> {
    let name = || who.name.clone();
    for (held, office, barred) in [
        (
            Office::AssistantDirector,
            "an Assistant TD",
            bars.observer_assistants,
        ),
        (Office::TmcMember, "a TMC member", bars.observer_tmc),
    ] {
        if barred && who.offices.holds(held) {
            return Err(Ineligible::ObserverHoldsOffice {
                name: name(),
                office,
            });
        }
    }
    let Some(ties) = game.filter(|_| bars.observer_own_game) else {
        return Ok(());
    };
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
    Ok(())
}

/// Room in the office: one TD, and one person at a time with the TD's powers (A.2, A.6); at
/// most two Assistant TDs (A.2); the TMC's most (A.2); one Chief-GM (A.11).
pub fn room(
    office: Office,
    numbers: Numbers,
    tmc_most: u32,
    bars: &Bars,
) -> Result<(), Ineligible> {
    match office {
        Office::TournamentDirector if numbers.directors > 0 => Err(Ineligible::DirectorTaken),
        Office::TournamentDirector if numbers.acting > 0 => Err(Ineligible::ActingInPost),
        Office::AssistantDirector if numbers.assistants >= bars.assistants_most => {
            Err(Ineligible::AssistantsFull(bars.assistants_most))
        }
        Office::ActingDirector if numbers.directors > 0 => Err(Ineligible::DirectorInPost),
        Office::ActingDirector if numbers.acting > 0 => Err(Ineligible::ActingTaken),
        Office::TmcMember if numbers.tmc >= tmc_most => Err(Ineligible::TmcFull(numbers.tmc)),
        Office::ChiefGm if numbers.chief_gms > 0 => Err(Ineligible::ChiefGmTaken),
        _ => Ok(()),
    }
}

/// Whether someone holding `offices` may join a team, enter or play (A.4, A.6, A.8): the
/// offices that may neither play nor be affiliated, seen from the team's side.
///
/// The house rules bar playing and a team alike for each office (A.4, A.8); where an amendment
/// allows one and not the other, both doors (playing, joining a team) are refused only while
/// either is barred, since gavel's doors seat a player and put them on a team together.
pub fn may_play(name: &str, offices: &Offices, bars: &Bars) -> Result<(), Ineligible> {
    let name = name.to_owned();
    let director = bars.director_plays || bars.director_team;
    let tmc = bars.tmc_plays || bars.tmc_team;
    if director && offices.holds(Office::TournamentDirector) {
        return Err(Ineligible::DirectorPlays {
            name,
            office: "a player or on a team",
        });
    }
    if director && offices.holds(Office::ActingDirector) {
        return Err(Ineligible::DirectorPlays {
            name,
            office: "a player or on a team while acting as TD",
        });
    }
    if tmc && offices.holds(Office::AssistantDirector) {
        return Err(Ineligible::AssistantPlays {
            name,
            office: "a player or on a team while an Assistant TD",
        });
    }
    if tmc && offices.holds(Office::TmcMember) {
        return Err(Ineligible::TmcPlays { name });
    }
    Ok(())
}

/// Whether someone may take a seat in one game: `may_play`, and not the game's GM (A.12), nor
/// observed by themself or a team-mate (A.10).
pub fn may_sit(
    name: &str,
    offices: &Offices,
    ties: &GameTies,
    bars: &Bars,
) -> Result<(), Ineligible> {
    may_play(name, offices, bars)?;
    if ties.gms {
        return Err(Ineligible::PlayerGms {
            name: name.to_owned(),
            game: ties.game.clone(),
        });
    }
    let observer = if !bars.observer_own_game {
        None
    } else if ties.observes {
        Some(name.to_owned())
    } else {
        ties.observing_mate.clone()
    };
    if let Some(observer) = observer {
        return Err(Ineligible::PlayerObserved {
            player: name.to_owned(),
            game: ties.game.clone(),
            observer,
        });
    }
    Ok(())
}

fn not_playing_or_on_team(
    who: &Candidate,
    office: &'static str,
    bars: &Bars,
) -> Result<(), Ineligible> {
    if who.plays && bars.director_plays {
        return Err(Ineligible::DirectorPlays {
            name: who.name.clone(),
            office,
        });
    }
    if let Some(team) = who.teams.first().filter(|_| bars.director_team) {
        return Err(Ineligible::DirectorOnTeam {
            name: who.name.clone(),
            office,
            team: team.clone(),
        });
    }
    Ok(())
}

fn not_observing(who: &Candidate, office: &'static str, barred: bool) -> Result<(), Ineligible> {
    if barred && who.offices.holds(Office::Observer) {
        return Err(Ineligible::OfficeWhileObserver {
            name: who.name.clone(),
            office,
        });
    }
    Ok(())
}

fn not_holding(
    who: &Candidate,
    office: &'static str,
    others: &[(Office, &'static str, &'static str)],
) -> Result<(), Ineligible> {
    match others.iter().find(|(o, ..)| who.offices.holds(*o)) {
        Some((_, held, rule)) => Err(Ineligible::HoldsOther {
            name: who.name.clone(),
            office,
            held,
            rule,
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests;
