//! Tests of the rulebook: both import formats and the Markdown round trip, labels, word
//! search, renumbering with its references, removal and versions.

use chrono::NaiveDate;

use super::*;

const NOMIC_JSON: &str = include_str!("../initial-rules.json");
const TERMS: &str = include_str!("../../../../examples/chess-club-terms.md");

fn nomic() -> Rulebook {
    Rulebook::from_nomic_json(NOMIC_JSON).unwrap()
}

fn act(section: u32, path: &[u32]) -> RuleId {
    RuleId::Act {
        section,
        path: path.to_vec(),
    }
}

#[test]
fn the_initial_set_imports_as_immutable_101_to_118_and_mutable_201_to_215() {
    // Nomic 101, 102: the Initial Set is Rules 101-118 (immutable) and 201-215 (mutable).
    let book = nomic();
    assert_eq!(book.len(), 33);
    for rule in book.rules() {
        let n = rule.id.number().unwrap();
        let expected = if (101..=118).contains(&n) {
            Mutability::Immutable
        } else {
            assert!((201..=215).contains(&n), "{n}");
            Mutability::Mutable
        };
        assert_eq!(rule.mutability, expected, "{n}");
        assert_eq!(rule.version, 1);
        assert_eq!(rule.since, NaiveDate::from_ymd_opt(2019, 2, 11));
    }
    assert_eq!(book.mutable_count(), 15);
    assert_eq!(book.highest_number(), Some(215));
}

#[test]
fn imported_rules_keep_their_notes_and_paragraphs() {
    let book = nomic();
    let r107 = book.find("107").unwrap();
    assert_eq!(r107.notes.len(), 3);
    assert_eq!(r107.notes[0].author, "Ben");
    assert_eq!(
        r107.notes[0].text,
        "The voting procedure is described in Rule 113."
    );
    let r201 = book.find("Rule 201").unwrap();
    assert_eq!(r201.paragraphs[1], "Chris B Monday");
    assert_eq!(r201.paragraphs.len(), 7);
    // Hard-wrapped lines read as sentences.
    assert!(book.find("Nomic 214").unwrap().paragraphs[0]
        .contains("the Judge and decide the question."));
}

#[test]
fn a_json_label_that_is_not_a_number_is_refused() {
    let bad = r#"{"rules": {"0": {"text": ["x"], "label": "10I"}}}"#;
    assert_eq!(
        Rulebook::from_nomic_json(bad).unwrap_err().to_string(),
        "Rule 0: “10I” is not a rule label such as 101 or 101[I]."
    );
    assert!(matches!(
        Rulebook::from_nomic_json("[]"),
        Err(ImportError::Json(_))
    ));
}

#[test]
fn labels_read_numbers_and_section_acts() {
    assert_eq!(RuleId::parse("214"), Ok(RuleId::Number(214)));
    assert_eq!(RuleId::parse("Nomic 214"), Ok(RuleId::Number(214)));
    assert_eq!(RuleId::parse("§II 5"), Ok(act(2, &[5])));
    assert_eq!(RuleId::parse("Terms §II Act 6.3"), Ok(act(2, &[6, 3])));
    assert_eq!(RuleId::parse("§0 5"), Ok(act(0, &[5])));
    assert_eq!(act(3, &[3, 5, 1]).label(), "§III 3.5.1");
    assert_eq!(RuleId::Number(103).to_string(), "Rule 103");
    assert_eq!(
        RuleId::parse("§Q 1").unwrap_err().to_string(),
        "“§Q 1” is not a rule label: write a number such as 214, or a Section and Act such as §II 5."
    );
    assert!(RuleId::parse("twelve").is_err());
}

#[test]
fn the_terms_in_markdown_hold_every_act_including_sub_acts() {
    let book = Rulebook::from_markdown(TERMS).unwrap();
    assert_eq!(book.title, "Chess Terms and Conditions");
    let ii5 = book.find("§II 5").unwrap();
    assert!(ii5.paragraphs[0].starts_with("Attempting to fraudulently gain points"));
    assert!(ii5
        .text()
        .contains("Any fifth violation results in a permanent ban"));
    let iii351 = book.find("§III 3.5.1").unwrap();
    assert!(iii351.text().contains("conflict may be ignored"));
    assert!(book.find("§II 6.3").is_ok());
    assert!(book.find("§I 9.4.3").is_ok());
    assert!(book.find("§0 14").is_ok());
    assert_eq!(book.find("§IV 5").unwrap().id, act(4, &[5]));
    assert_eq!(book.section_title(2), Some("Leaderboard"));
    let latest = book.version().unwrap();
    assert_eq!(latest.version, Version { major: 2, minor: 4 });
    assert_eq!(latest.summary, "Introduced online chess");
    assert_eq!(book.versions.len(), 15);
}

#[test]
fn a_book_survives_a_markdown_round_trip() {
    let terms = Rulebook::from_markdown(TERMS).unwrap();
    assert_eq!(
        Rulebook::from_markdown(&terms.to_markdown()).unwrap(),
        terms
    );
    let nomic = nomic();
    let text = nomic.to_markdown();
    assert!(text.contains("## Rule 101 [immutable, since 2019-02-11]"));
    assert!(
        text.contains("> Note (Ben, 2019-02-11): The voting procedure is described in Rule 113.")
    );
    assert_eq!(Rulebook::from_markdown(&text).unwrap(), nomic);
}

#[test]
fn markdown_mistakes_are_refused_with_their_line() {
    let cases = [
        ("no title\n", 1, "starts with its title"),
        ("# T\n\n## Rule 1\n\n## Rule 1\n", 5, ""),
        ("# T\n\n## Chapter 1\n", 3, "a heading is"),
        ("# T\n\n## Rule 1 [frozen]\n", 3, "“frozen” is not a tag"),
        (
            "# T\n\n## Rule 1\n\n> Note by Ben: hello\n",
            5,
            "a note is written",
        ),
        ("# T\n\n## Versions\n\nversion two\n", 5, "change log"),
    ];
    for (text, line, says) in cases {
        let e = Rulebook::from_markdown(text).unwrap_err();
        match &e {
            ImportError::Markdown { line: at, problem } => {
                assert_eq!(*at, line, "{text}");
                assert!(problem.contains(says), "{problem}");
            }
            ImportError::Duplicate(id) => assert_eq!(*id, RuleId::Number(1)),
            other => panic!("{other}"),
        }
    }
}

#[test]
fn word_search_finds_every_word_in_any_case_in_label_order() {
    let book = nomic();
    let found: Vec<u32> = book
        .search("judge OVERRULED")
        .iter()
        .filter_map(|r| r.id.number())
        .collect();
    assert_eq!(found, vec![214, 215]);
    // Notes are searched too: only a note of 210 mentions non-correspondence games.
    let found: Vec<u32> = book
        .search("non-correspondence")
        .iter()
        .filter_map(|r| r.id.number())
        .collect();
    assert_eq!(found, vec![210]);
    assert!(book.search("  ").is_empty());
}

#[test]
fn references_follow_a_renumbered_rule_but_ranges_and_rule_changes_do_not() {
    // Nomic 110: any reference to a changed rule number is also changed.
    let text = "Proper submissions are defined in Rule 202. See Rules 113 and 202, or rule 202; \
                Rules 101-118 and 201-215 are the Initial Set; a rule-change 202 times; Rule 2021.";
    assert_eq!(
        renumber_references(text, 202, 305),
        "Proper submissions are defined in Rule 305. See Rules 113 and 305, or rule 305; \
         Rules 101-118 and 201-215 are the Initial Set; a rule-change 202 times; Rule 2021."
    );
    assert_eq!(
        renumber_references("in the order of Rule\n201.", 201, 301),
        "in the order of Rule\n301."
    );
}

#[test]
fn renumbering_a_rule_moves_it_and_keeps_references_in_step() {
    let mut book = nomic();
    let on = NaiveDate::from_ymd_opt(2019, 2, 13).unwrap();
    book.amend(&RuleId::Number(202), vec!["Amended.".into()], on)
        .unwrap();
    book.renumber(202, 301).unwrap();
    assert!(book.get(&RuleId::Number(202)).is_none());
    let moved = book.find("301").unwrap();
    assert_eq!(moved.version, 2);
    assert_eq!(moved.history[0].id, RuleId::Number(202));
    assert_eq!(moved.history[0].version, 1);
    assert!(book.find("113").unwrap().notes[0].text.contains("Rule 301"));
    assert!(book
        .find("214")
        .unwrap()
        .text()
        .contains("in the order of Rule 201"));
    assert_eq!(
        book.renumber(203, 301),
        Err(BookError::Exists(RuleId::Number(301)))
    );
}

#[test]
fn removing_an_act_removes_its_sub_acts() {
    let mut book = Rulebook::from_markdown(TERMS).unwrap();
    let removed = book.remove(&act(2, &[6])).unwrap();
    assert_eq!(removed.len(), 4);
    assert!(book.find("§II 6.2").is_err());
    assert!(book.find("§II 7").is_ok());
}

#[test]
fn versions_count_up_and_roll_over_after_nine() {
    // The Terms' table went from 1.9 to 2.0, and 2.4 is the latest.
    let v = Version::parse("2.4").unwrap();
    assert_eq!(v.next().to_string(), "2.5");
    assert_eq!(Version::parse("1.9").unwrap().next().to_string(), "2.0");
}

#[test]
fn a_bad_date_in_either_format_is_refused() {
    let json = r#"{"rules": {"0": {"text": ["x"], "label": "201", "date": "11 Feb 2019"}}}"#;
    assert_eq!(
        Rulebook::from_nomic_json(json).unwrap_err().to_string(),
        "“11 Feb 2019” is not a date written YYYY-MM-DD."
    );
    let md = "# T\n\n## Rule 1 [since 2019-13-01]\n";
    assert!(matches!(
        Rulebook::from_markdown(md),
        Err(ImportError::Markdown { line: 3, .. })
    ));
}

#[test]
fn a_json_key_written_twice_is_refused_rather_than_a_rule_dropped() {
    // A JSON object keeps the last of two equal keys; the first rule would vanish unsaid.
    let json = r#"{"rules": {
        "1": {"label": "201", "text": ["Each player is allocated one day a week."]},
        "1": {"label": "202", "text": ["Players may only propose on their day."]}
    }}"#;
    let e = Rulebook::from_nomic_json(json).unwrap_err();
    assert!(
        e.to_string()
            .contains("The key “1” appears twice under `rules`"),
        "{e}"
    );
}

#[test]
fn an_import_needs_text_in_every_rule_and_a_nomic_one_its_limits() {
    // Nomic 107 (a rule is its text), 109 (numbers from 301 are the proposals'), 116 (at least
    // one mutable rule), 211 (at most 25).
    let blank = r#"{"rules": {"1": {"label": "201", "text": ["   "]}, "2": {"label": "101[I]", "text": ["Obey."]}}}"#;
    let book = Rulebook::from_nomic_json(blank).unwrap();
    assert_eq!(
        book.check_import(),
        Err(ImportError::NoText(RuleId::Number(201)))
    );
    assert_eq!(nomic().check_import(), Ok(()));
    assert_eq!(nomic().check_nomic_import(25, 301), Ok(()));
    assert_eq!(
        nomic().check_nomic_import(25, 215),
        Err(ImportError::NumberTaken {
            rule: 215,
            next: 215
        })
    );
    assert_eq!(
        nomic().check_nomic_import(10, 301),
        Err(ImportError::TooManyMutable { count: 15, max: 10 })
    );
    let mut none = nomic();
    for n in 201..=215 {
        none.remove(&RuleId::Number(n)).unwrap();
    }
    assert_eq!(
        none.check_nomic_import(25, 301),
        Err(ImportError::NoMutable)
    );
    assert!(check_size(IMPORT_MAX_BYTES).is_ok());
    assert!(check_size(50_000_000).is_err());
}
