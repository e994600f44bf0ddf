//! Eligibility for the Diplomacy offices, as A.2, A.4, A.6, A.8 and A.10 put it.

use super::*;

fn candidate(offices: &[Office]) -> Candidate {
    Candidate {
        name: "Ann".into(),
        offices: Offices::new(offices.to_vec()),
        teams: vec![],
        plays: false,
    }
}

fn on_team() -> Candidate {
    Candidate {
        teams: vec!["Hanseatic".into()],
        ..candidate(&[])
    }
}

fn check(office: Office, who: &Candidate) -> Result<(), Ineligible> {
    may_hold(office, who, None, Numbers::default(), 8)
}

#[test]
fn the_td_may_not_play_nor_belong_to_a_team_a4() {
    let player = Candidate {
        plays: true,
        ..candidate(&[])
    };
    assert!(matches!(
        check(Office::TournamentDirector, &player),
        Err(Ineligible::DirectorPlays { .. })
    ));
    let refusal = check(Office::TournamentDirector, &on_team()).unwrap_err();
    assert_eq!(
        refusal.to_string(),
        "Ann may not be the Tournament Director: Ann belongs to the team Hanseatic, and the \
         Tournament Director may have no affiliation with a team (house rules A.4)."
    );
    assert_eq!(check(Office::TournamentDirector, &candidate(&[])), Ok(()));
}

#[test]
fn tmc_members_may_not_play_nor_belong_to_a_team_a8() {
    assert!(matches!(
        check(Office::TmcMember, &on_team()),
        Err(Ineligible::TmcOnTeam { .. })
    ));
    let player = Candidate {
        plays: true,
        ..candidate(&[])
    };
    assert!(matches!(
        check(Office::TmcMember, &player),
        Err(Ineligible::TmcPlays { .. })
    ));
}

#[test]
fn an_assistant_td_or_tmc_member_may_not_observe_a10() {
    for office in [Office::AssistantDirector, Office::TmcMember] {
        assert!(matches!(
            check(Office::Observer, &candidate(&[office])),
            Err(Ineligible::ObserverHoldsOffice { .. })
        ));
        assert!(matches!(
            check(office, &candidate(&[Office::Observer])),
            Err(Ineligible::OfficeWhileObserver { .. })
        ));
    }
}

#[test]
fn an_observer_is_refused_for_a_team_mates_game_a10() {
    let ties = GameTies {
        game: "Board 3".into(),
        team_mate: Some("Bob".into()),
        ..GameTies::default()
    };
    let refusal = may_hold(
        Office::Observer,
        &on_team(),
        Some(&ties),
        Numbers::default(),
        8,
    )
    .unwrap_err();
    assert_eq!(
        refusal.to_string(),
        "Ann may not observe Board 3: their team-mate Bob plays in it or is its GM (house rules A.10)."
    );
}

#[test]
fn an_observer_is_refused_for_a_game_they_play_or_gm_and_welcome_elsewhere_a10() {
    let mut ties = GameTies {
        game: "Board 3".into(),
        plays: true,
        ..GameTies::default()
    };
    let who = candidate(&[]);
    let n = Numbers::default();
    assert!(matches!(
        may_hold(Office::Observer, &who, Some(&ties), n, 8),
        Err(Ineligible::ObserverPlays { .. })
    ));
    ties.plays = false;
    ties.gms = true;
    assert!(matches!(
        may_hold(Office::Observer, &who, Some(&ties), n, 8),
        Err(Ineligible::ObserverGms { .. })
    ));
    ties.gms = false;
    // A.10: Observers may be players, captains or GMs, of other games.
    assert_eq!(
        may_hold(Office::Observer, &on_team(), Some(&ties), n, 8),
        Ok(())
    );
}

#[test]
fn a_gm_is_refused_for_a_game_a_team_mate_observes_a10() {
    let ties = GameTies {
        game: "Board 3".into(),
        observing_mate: Some("Obe".into()),
        ..GameTies::default()
    };
    assert!(matches!(
        may_hold(
            Office::GameMaster,
            &on_team(),
            Some(&ties),
            Numbers::default(),
            8
        ),
        Err(Ineligible::GmObservedByTeamMate { .. })
    ));
}

#[test]
fn there_is_one_td_and_at_most_two_assistants_a2() {
    let taken = Numbers {
        directors: 1,
        assistants: 2,
        ..Numbers::default()
    };
    let who = candidate(&[]);
    assert_eq!(
        may_hold(Office::TournamentDirector, &who, None, taken, 8),
        Err(Ineligible::DirectorTaken)
    );
    assert_eq!(
        may_hold(Office::AssistantDirector, &who, None, taken, 8),
        Err(Ineligible::AssistantsFull)
    );
}

#[test]
fn the_tmc_takes_no_more_than_its_most_a2() {
    let eight = Numbers {
        tmc: 8,
        ..Numbers::default()
    };
    assert_eq!(
        may_hold(Office::TmcMember, &candidate(&[]), None, eight, 8),
        Err(Ineligible::TmcFull(8))
    );
}

#[test]
fn only_an_assistant_td_acts_as_td_and_one_at_a_time_a6() {
    assert_eq!(
        check(Office::ActingDirector, &candidate(&[])),
        Err(Ineligible::ActingNotAssistant)
    );
    let atd = candidate(&[Office::AssistantDirector]);
    assert_eq!(check(Office::ActingDirector, &atd), Ok(()));
    let one = Numbers {
        acting: 1,
        ..Numbers::default()
    };
    assert_eq!(
        may_hold(Office::ActingDirector, &atd, None, one, 8),
        Err(Ineligible::ActingTaken)
    );
}

#[test]
fn the_td_and_tmc_members_may_not_be_seated_to_play_a4_a8() {
    let td = Offices::new(vec![Office::TournamentDirector]);
    assert!(may_play("Ann", &td).is_err());
    let tmc = Offices::new(vec![Office::TmcMember]);
    assert!(may_play("Ann", &tmc).is_err());
    assert_eq!(
        may_play("Ann", &Offices::new(vec![Office::Observer])),
        Ok(())
    );
}
