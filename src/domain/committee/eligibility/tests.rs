//! Eligibility for the Diplomacy offices, as A.2, A.4, A.6, A.8 and A.10 put it.

use super::*;

/// The house rules as published.
const B: Bars = Bars::PUBLISHED;

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
    may_hold(office, who, None, Numbers::default(), 8, &B)
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
        &B,
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
        may_hold(Office::Observer, &who, Some(&ties), n, 8, &B),
        Err(Ineligible::ObserverPlays { .. })
    ));
    ties.plays = false;
    ties.gms = true;
    assert!(matches!(
        may_hold(Office::Observer, &who, Some(&ties), n, 8, &B),
        Err(Ineligible::ObserverGms { .. })
    ));
    ties.gms = false;
    // A.10: Observers may be players, captains or GMs, of other games.
    assert_eq!(
        may_hold(Office::Observer, &on_team(), Some(&ties), n, 8, &B),
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
            8,
            &B
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
        may_hold(Office::TournamentDirector, &who, None, taken, 8, &B),
        Err(Ineligible::DirectorTaken)
    );
    assert_eq!(
        may_hold(Office::AssistantDirector, &who, None, taken, 8, &B),
        Err(Ineligible::AssistantsFull(2))
    );
}

#[test]
fn the_tmc_takes_no_more_than_its_most_a2() {
    let eight = Numbers {
        tmc: 8,
        ..Numbers::default()
    };
    assert_eq!(
        may_hold(Office::TmcMember, &candidate(&[]), None, eight, 8, &B),
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
        may_hold(Office::ActingDirector, &atd, None, one, 8, &B),
        Err(Ineligible::ActingTaken)
    );
}

#[test]
fn the_td_and_tmc_members_may_not_be_seated_to_play_a4_a8() {
    let td = Offices::new(vec![Office::TournamentDirector]);
    assert!(may_play("Ann", &td, &B).is_err());
    let tmc = Offices::new(vec![Office::TmcMember]);
    assert!(may_play("Ann", &tmc, &B).is_err());
    assert_eq!(
        may_play("Ann", &Offices::new(vec![Office::Observer]), &B),
        Ok(())
    );
}

fn board(f: impl FnOnce(&mut GameTies)) -> GameTies {
    let mut ties = GameTies {
        game: "R1 Board 1".into(),
        ..GameTies::default()
    };
    f(&mut ties);
    ties
}

#[test]
fn a_player_may_not_be_the_gm_of_his_own_board_a12_a1() {
    let ties = board(|t| t.plays = true);
    let refusal = game_master(&candidate(&[]), &ties, &B).unwrap_err();
    assert_eq!(
        refusal.to_string(),
        "Ann may not be the GM of R1 Board 1: Ann plays in it, and the GM is a neutral party who \
         does not play (house rules A.12, A.1)."
    );
    // The other way round: the GM is not seated on the board.
    let gm = board(|t| t.gms = true);
    assert!(matches!(
        may_sit("Ann", &Offices::default(), &gm, &B),
        Err(Ineligible::PlayerGms { .. })
    ));
    assert_eq!(
        may_sit("Ann", &Offices::default(), &board(|_| ()), &B),
        Ok(())
    );
}

#[test]
fn the_observer_of_a_game_may_not_be_its_gm_a10() {
    let ties = board(|t| t.observes = true);
    assert!(matches!(
        game_master(&candidate(&[Office::Observer]), &ties, &B),
        Err(Ineligible::GmObserves { .. })
    ));
    assert!(matches!(
        may_sit("Ann", &Offices::default(), &ties, &B),
        Err(Ineligible::PlayerObserved { .. })
    ));
}

#[test]
fn one_person_at_a_time_holds_the_tds_powers_a2_a6() {
    let td_in_post = Numbers {
        directors: 1,
        ..Numbers::default()
    };
    assert_eq!(
        room(Office::ActingDirector, td_in_post, 8, &B),
        Err(Ineligible::DirectorInPost)
    );
    let acting = Numbers {
        acting: 1,
        ..Numbers::default()
    };
    assert_eq!(
        room(Office::TournamentDirector, acting, 8, &B),
        Err(Ineligible::ActingInPost)
    );
}

#[test]
fn who_may_not_be_td_may_not_act_as_td_a4_a6() {
    let player = Candidate {
        teams: vec!["Lions".into()],
        ..candidate(&[Office::AssistantDirector])
    };
    assert!(matches!(
        acting_director(&player, &B),
        Err(Ineligible::DirectorOnTeam { .. })
    ));
    // Nor may the Acting TD, or an Assistant TD, join a team or play.
    for office in [Office::ActingDirector, Office::AssistantDirector] {
        assert!(may_play("Ann", &Offices::new(vec![office]), &B).is_err());
    }
}

#[test]
fn an_assistant_td_is_held_to_the_tmcs_conditions_a6_a8() {
    let player = Candidate {
        plays: true,
        ..candidate(&[])
    };
    assert!(matches!(
        assistant(&player, &B),
        Err(Ineligible::AssistantPlays { .. })
    ));
    assert!(matches!(
        assistant(&on_team(), &B),
        Err(Ineligible::AssistantOnTeam { .. })
    ));
}

#[test]
fn the_td_and_assistant_tds_are_not_tmc_members_a2_a6() {
    for office in [
        Office::TournamentDirector,
        Office::AssistantDirector,
        Office::ActingDirector,
    ] {
        assert!(matches!(
            tmc_member(&candidate(&[office]), &B),
            Err(Ineligible::HoldsOther { .. })
        ));
    }
    assert!(matches!(
        director(&candidate(&[Office::TmcMember]), &B),
        Err(Ineligible::HoldsOther { .. })
    ));
    assert!(matches!(
        assistant(&candidate(&[Office::TmcMember]), &B),
        Err(Ineligible::HoldsOther { .. })
    ));
}

#[test]
fn an_amended_a10_lets_tmc_members_observe_and_an_amended_a2_a_third_assistant_a2_a10() {
    let amended = Bars {
        observer_tmc: false,
        assistants_most: 3,
        ..Bars::PUBLISHED
    };
    let tmc = candidate(&[Office::TmcMember]);
    assert_eq!(observer(&tmc, None, &amended), Ok(()));
    assert_eq!(
        tmc_member(&candidate(&[Office::Observer]), &amended),
        Ok(())
    );
    assert!(observer(&candidate(&[Office::AssistantDirector]), None, &amended).is_err());
    let two = Numbers {
        assistants: 2,
        ..Numbers::default()
    };
    assert_eq!(room(Office::AssistantDirector, two, 8, &amended), Ok(()));
    assert_eq!(
        room(Office::AssistantDirector, two, 8, &B),
        Err(Ineligible::AssistantsFull(2))
    );
}
