//! Tests of proposals: numbering, who may propose and when, and the checks on the changes
//! a proposal makes; `voting` holds the tests of its vote and effect.

use super::super::turns::tests::{date, rule_201, ALEX_T, ALEX_W, BEN, CHRIS, DAVE};
use super::super::INITIAL_RULES_JSON;
use super::*;
use chrono::TimeZone;
use chrono_tz::Europe::London;

mod voting;

fn game() -> Nomic {
    Nomic::new(rule_201(), date(2026, 11, 23), London)
}

fn book() -> Rulebook {
    Rulebook::from_nomic_json(INITIAL_RULES_JSON).unwrap()
}

/// Club time in London on a November day (GMT, so UTC too).
fn at(day: u32, h: u32, m: u32) -> DateTime<Utc> {
    London
        .with_ymd_and_hms(2026, 11, day, h, m, 0)
        .unwrap()
        .with_timezone(&Utc)
}

fn enact(text: &str) -> Vec<RuleChange> {
    vec![RuleChange::Enact {
        text: vec![text.into()],
    }]
}

/// Chris proposes on Monday 23 Nov at noon.
fn monday_proposal() -> Proposal {
    game()
        .propose(
            &book(),
            None,
            CHRIS,
            enact("Players may pass."),
            at(23, 12, 0),
        )
        .unwrap()
}

#[test]
fn numbers_start_at_301_and_defeated_proposals_keep_theirs() {
    // Nomic 109: every proper proposal takes the next integer, adopted or not.
    let g = game();
    let b = book();
    let mut first = monday_proposal();
    assert_eq!(first.number.get(), 301);
    g.vote(&mut first, DAVE, Ballot::No, at(23, 13, 0)).unwrap();
    let done = g.complete(&mut first, &b, &[], at(24, 0, 0)).unwrap();
    assert_eq!(done.outcome, Outcome::Defeated);
    let second = g
        .propose(
            &b,
            Some(&first),
            DAVE,
            enact("Players may rest."),
            at(24, 9, 0),
        )
        .unwrap();
    assert_eq!(second.number.get(), 302);
    assert_eq!(first.number.get(), 301);
}

#[test]
fn a_proposal_made_at_the_weekend_is_void() {
    // Nomic 201. 28 Nov 2026 is a Saturday.
    let e = game()
        .propose(&book(), None, CHRIS, enact("x"), at(28, 12, 0))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "A proposal made on a Saturday or Sunday is void (Nomic 201)."
    );
}

#[test]
fn a_player_proposes_only_on_their_own_day() {
    // Nomic 202: Tuesday belongs to Dave.
    let e = game()
        .propose(&book(), None, CHRIS, enact("x"), at(24, 12, 0))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "You may propose only on your allocated day, Monday (Nomic 202)."
    );
}

#[test]
fn a_proposal_after_seven_pm_is_refused() {
    // Nomic 202: before 7pm UK time. In summer 19:00 BST is 18:00 UTC.
    let g = game();
    assert!(g
        .propose(&book(), None, CHRIS, enact("x"), at(23, 18, 59))
        .is_ok());
    let e = g
        .propose(&book(), None, CHRIS, enact("x"), at(23, 19, 0))
        .unwrap_err();
    assert_eq!(
        e,
        ProposeError::AfterCutoff {
            cutoff: g.params.proposal_cutoff
        }
    );
    assert!(e.to_string().contains("before 19:00 UK time"));
    let summer = Utc.with_ymd_and_hms(2026, 6, 1, 18, 30, 0).unwrap();
    assert!(matches!(
        g.propose(&book(), None, CHRIS, enact("x"), summer),
        Err(ProposeError::AfterCutoff { .. })
    ));
}

#[test]
fn only_the_first_proposal_of_the_day_is_proper() {
    // Nomic 202.
    let first = monday_proposal();
    let e = game()
        .propose(&book(), Some(&first), CHRIS, enact("y"), at(23, 15, 0))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Only the first rule-change submitted on a day is proper, and today's is Proposal 301 (Nomic 202)."
    );
}

#[test]
fn strangers_and_forfeited_players_cannot_propose() {
    // Nomic 105, 115.
    let mut g = game();
    assert_eq!(
        g.propose(&book(), None, 99, enact("x"), at(23, 12, 0)),
        Err(ProposeError::NotAPlayer)
    );
    g.turns.forfeit(CHRIS).unwrap();
    assert_eq!(
        g.propose(&book(), None, CHRIS, enact("x"), at(23, 12, 0)),
        Err(ProposeError::Forfeited)
    );
}

fn check(changes: Vec<RuleChange>) -> Result<Rulebook, ChangeError> {
    let p = NomicParameters::default();
    apply_changes(
        &book(),
        ProposalNumber::next(None, &p),
        &changes,
        date(2026, 11, 23),
        &p,
    )
}

#[test]
fn repealing_the_last_mutable_rule_is_refused() {
    // Nomic 116: there must always be at least one mutable rule.
    let book = Rulebook::from_markdown(
        "# Small\n\n## Rule 101 [immutable]\n\nObey.\n\n## Rule 201\n\nThe only mutable rule.\n",
    )
    .unwrap();
    let p = NomicParameters::default();
    let refused = apply_changes(
        &book,
        ProposalNumber::next(None, &p),
        &[RuleChange::Repeal { rule: 201 }],
        date(2026, 11, 23),
        &p,
    );
    assert_eq!(refused, Err(ChangeError::NoMutableLeft));
    assert_eq!(
        ChangeError::NoMutableLeft.to_string(),
        "There must always be at least one mutable rule (Nomic 116)."
    );
}

#[test]
fn amending_or_repealing_an_immutable_rule_is_refused() {
    // Nomic 103.
    let amend = check(vec![RuleChange::Amend {
        rule: 103,
        text: vec!["x".into()],
    }]);
    assert_eq!(
        amend.unwrap_err().to_string(),
        "Rule 103 is immutable: it may not be amended unless the same proposal first explicitly transmutes it into a mutable rule (Nomic 103, 111)."
    );
    assert_eq!(
        check(vec![RuleChange::Repeal { rule: 116 }]),
        Err(ChangeError::Immutable {
            rule: 116,
            done: "repealed"
        })
    );
}

#[test]
fn an_explicit_transmutation_lets_an_immutable_rule_be_amended() {
    // Nomic 111: stated explicitly, first. The rule takes the proposal's number (109).
    let b = check(vec![
        RuleChange::Transmute {
            rule: 103,
            to: Mutability::Mutable,
        },
        RuleChange::Amend {
            rule: 103,
            text: vec!["A rule-change is any change to the rules.".into()],
        },
    ])
    .unwrap();
    assert!(b.get(&RuleId::Number(103)).is_none());
    let r = b.get(&RuleId::Number(301)).unwrap();
    assert!(r.is_mutable());
    // One proposal is one new version: the immutable first version, then this one.
    assert_eq!(r.version, 2);
    assert_eq!(r.history.len(), 1);
    assert_eq!(r.history[0].mutability, Mutability::Immutable);
    // The other order amends an immutable rule and is refused.
    assert!(matches!(
        check(vec![
            RuleChange::Amend {
                rule: 103,
                text: vec!["x".into()]
            },
            RuleChange::Transmute {
                rule: 103,
                to: Mutability::Mutable
            },
        ]),
        Err(ChangeError::Immutable { .. })
    ));
}

#[test]
fn a_mutable_rule_is_amended_and_transmuted_into_an_immutable_one_together() {
    // Nomic 103, 111: the rule is mutable as the proposal finds it, so it may be amended;
    // the transmutation makes the new version immutable.
    let b = check(vec![
        RuleChange::Transmute {
            rule: 201,
            to: Mutability::Immutable,
        },
        RuleChange::Amend {
            rule: 201,
            text: vec!["Each player has one day.".into()],
        },
    ])
    .unwrap();
    let r = b.get(&RuleId::Number(301)).unwrap();
    assert_eq!(r.mutability, Mutability::Immutable);
    assert_eq!(r.paragraphs, vec!["Each player has one day.".to_owned()]);
    assert_eq!(r.version, 2);
}

#[test]
fn a_transmutation_must_change_the_rule_and_the_rule_must_exist() {
    assert_eq!(
        check(vec![RuleChange::Transmute {
            rule: 201,
            to: Mutability::Mutable
        }]),
        Err(ChangeError::AlreadyIs {
            rule: 201,
            mutability: Mutability::Mutable
        })
    );
    assert_eq!(
        check(vec![RuleChange::Repeal { rule: 250 }]),
        Err(ChangeError::NoSuchRule(250))
    );
}

#[test]
fn a_proposal_changes_one_rule_and_an_enactment_stands_alone() {
    // Nomic 109: the changed rule takes the proposal's number, which two rules cannot share.
    assert_eq!(
        check(vec![
            RuleChange::Repeal { rule: 205 },
            RuleChange::Repeal { rule: 207 }
        ]),
        Err(ChangeError::OneRule)
    );
    assert_eq!(
        check(vec![
            RuleChange::Enact {
                text: vec!["x".into()]
            },
            RuleChange::Repeal { rule: 205 }
        ]),
        Err(ChangeError::EnactAlone)
    );
    assert_eq!(
        check(vec![
            RuleChange::Repeal { rule: 205 },
            RuleChange::Amend {
                rule: 205,
                text: vec!["x".into()]
            }
        ]),
        Err(ChangeError::AfterRepeal(205))
    );
    assert_eq!(check(vec![]), Err(ChangeError::Empty));
    assert_eq!(
        check(vec![RuleChange::Enact {
            text: vec![" ".into()]
        }]),
        Err(ChangeError::NoText)
    );
}

#[test]
fn a_proposal_leaving_more_than_twenty_five_mutable_rules_is_refused() {
    // Nomic 211. The Initial Set has 15 mutable rules; make it 25.
    let p = NomicParameters::default();
    let mut b = book();
    for n in 0..10 {
        b.insert(Rule::new(
            RuleId::Number(400 + n),
            Mutability::Mutable,
            vec!["x".into()],
        ))
        .unwrap();
    }
    let number = ProposalNumber::new(500, &p).unwrap();
    let e = apply_changes(&b, number, &enact("one more"), date(2026, 11, 23), &p).unwrap_err();
    assert_eq!(
        e.to_string(),
        "This would leave 26 mutable rules; at no time may there be more than 25 (Nomic 211)."
    );
    // Transmuting an immutable rule into a mutable one counts too.
    let transmute = vec![RuleChange::Transmute {
        rule: 101,
        to: Mutability::Mutable,
    }];
    assert!(matches!(
        apply_changes(&b, number, &transmute, date(2026, 11, 23), &p),
        Err(ChangeError::TooManyMutable { count: 26, .. })
    ));
}

#[test]
fn a_change_that_does_not_add_a_mutable_rule_passes_a_limit_already_exceeded() {
    // Nomic 116: rule-changes must never become impermissible; Nomic 211's limit, lowered
    // below the 15 mutable rules there are, refuses only what would add to them.
    let p = NomicParameters {
        max_mutable_rules: 1,
        ..NomicParameters::default()
    };
    let number = ProposalNumber::new(301, &p).unwrap();
    let on = date(2026, 11, 23);
    let repeal = [RuleChange::Repeal { rule: 215 }];
    assert_eq!(
        apply_changes(&book(), number, &repeal, on, &p)
            .unwrap()
            .mutable_count(),
        14
    );
    let amend = [RuleChange::Amend {
        rule: 215,
        text: vec!["Changed.".into()],
    }];
    assert!(apply_changes(&book(), number, &amend, on, &p).is_ok());
    assert!(matches!(
        apply_changes(&book(), number, &enact("one more"), on, &p),
        Err(ChangeError::TooManyMutable { count: 16, max: 1 })
    ));
}

#[test]
fn a_proposal_leaving_no_mutable_rule_is_refused() {
    // Nomic 116: there must always be at least one mutable rule.
    let p = NomicParameters::default();
    let mut b = Rulebook::new("Nomic");
    b.insert(Rule::new(
        RuleId::Number(101),
        Mutability::Immutable,
        vec!["x".into()],
    ))
    .unwrap();
    b.insert(Rule::new(
        RuleId::Number(201),
        Mutability::Mutable,
        vec!["y".into()],
    ))
    .unwrap();
    let number = ProposalNumber::next(None, &p);
    for last in [
        RuleChange::Repeal { rule: 201 },
        RuleChange::Transmute {
            rule: 201,
            to: Mutability::Immutable,
        },
    ] {
        assert_eq!(
            apply_changes(&b, number, &[last], date(2026, 11, 23), &p)
                .unwrap_err()
                .to_string(),
            "There must always be at least one mutable rule (Nomic 116)."
        );
    }
}
