//! Who sits: the panel of three the Chief Justice chooses (Terms §III Acts 3.3, 3.7), the
//! conflicts that keep a Justice off it (Act 3.5) and when they are set aside (Acts 3.5.1,
//! 3.5.2), a suggestion anyone can re-check, and the benches an appeal can be heard by.

use chrono::{DateTime, Utc};

use super::standing::{Conflict, Conflicts};

/// Justices on a panel (Terms §III Act 3.3).
pub const PANEL_SIZE: usize = 3;

/// A member of the Court, as the panel rules see them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Justice {
    pub id: i64,
    pub chief: bool,
    /// When they were appointed: the earlier, the more senior.
    pub appointed_at: DateTime<Utc>,
    /// When they last sat on a bench, if ever.
    pub last_sat: Option<DateTime<Utc>>,
}

impl Justice {
    /// Seniority: the Chief Justice heads the Court, then the earliest appointed; the id only
    /// breaks exact ties so the order is total.
    fn seniority(&self) -> (bool, DateTime<Utc>, i64) {
        (!self.chief, self.appointed_at, self.id)
    }

    /// The rotation order: never sat first, then least recently sat, then by seniority.
    fn rotation(&self) -> (Option<DateTime<Utc>>, (bool, DateTime<Utc>, i64)) {
        (self.last_sat, self.seniority())
    }
}

/// Why a Justice was left off a suggested panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeftOut {
    /// Free, but others sat less recently.
    Rotation,
    /// Free, with the same turn in the rotation as those chosen (nobody has sat yet, say), but
    /// others are more senior.
    Seniority,
    /// A conflict, and enough free Justices to sit without them (§III Act 3.5).
    Conflict(Conflict),
    /// The Chief Justice does not sit with a conflict while a panel can be formed without them
    /// (§III Acts 3.5.1, 3.5.2).
    ChiefJusticeConflict(Conflict),
}

impl LeftOut {
    pub fn describe(self) -> String {
        match self {
            LeftOut::Rotation => "free, but others sat less recently".into(),
            LeftOut::Seniority => {
                "free, but others are more senior (none has sat more recently)".into()
            }
            LeftOut::Conflict(c) => format!("a conflict: {} (Terms §III Act 3.5)", c.describe()),
            LeftOut::ChiefJusticeConflict(c) => format!(
                "the Chief Justice does not sit with a conflict while a panel can be formed without them: {} (Terms §III Acts 3.5.1, 3.5.2)",
                c.describe()
            ),
        }
    }
}

/// A suggested panel, with everyone left out and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    /// In rotation order; fewer than three only if the Court has too few Justices who may sit.
    pub panel: Vec<i64>,
    pub left_out: Vec<(i64, LeftOut)>,
    /// Conflicted Justices seated because too few were free (§III Act 3.5.1).
    pub conflicts_set_aside: Vec<(i64, Conflict)>,
}

impl Suggestion {
    pub fn is_full(&self) -> bool {
        self.panel.len() == PANEL_SIZE
    }
}

/// The panel the rules suggest: the free Justices who have sat least recently (never sat
/// first), ties by seniority; if fewer than three are free, conflicted Justices fill the seats
/// in the same order, their conflicts set aside and recorded (Terms §III Act 3.5.1), the Chief
/// Justice last: their conflict keeps them off a panel (Act 3.5.2) unless none can be formed
/// without them.
pub fn suggest_panel(court: &[Justice], conflicts: &Conflicts) -> Suggestion {
    let mut order: Vec<&Justice> = court.iter().collect();
    order.sort_by_key(|j| j.rotation());
    let (free, mut conflicted): (Vec<&Justice>, Vec<&Justice>) = order
        .into_iter()
        .partition(|j| conflicts.of(j.id).is_none());
    conflicted.sort_by_key(|j| j.chief); // stable: the Chief Justice last, the rest in rotation

    let mut suggestion = Suggestion {
        panel: Vec::new(),
        left_out: Vec::new(),
        conflicts_set_aside: Vec::new(),
    };
    let mut last_chosen_sat: Option<Option<DateTime<Utc>>> = None;
    for j in free {
        if suggestion.panel.len() < PANEL_SIZE {
            suggestion.panel.push(j.id);
            last_chosen_sat = Some(j.last_sat);
        } else if last_chosen_sat == Some(j.last_sat) {
            // Chosen over them on seniority alone: say so, not that others sat less recently.
            suggestion.left_out.push((j.id, LeftOut::Seniority));
        } else {
            suggestion.left_out.push((j.id, LeftOut::Rotation));
        }
    }
    for j in conflicted {
        let why = conflicts.of(j.id).expect("partitioned on it");
        if suggestion.panel.len() < PANEL_SIZE {
            suggestion.panel.push(j.id);
            suggestion.conflicts_set_aside.push((j.id, why));
        } else if j.chief {
            suggestion
                .left_out
                .push((j.id, LeftOut::ChiefJusticeConflict(why)));
        } else {
            suggestion.left_out.push((j.id, LeftOut::Conflict(why)));
        }
    }
    suggestion
}

/// No panel of three can be formed, even with every conflict set aside (Terms §III Acts 3.3,
/// 3.5.1): the Court has fewer than three Justices.
pub fn no_panel_possible(court: &[Justice], conflicts: &Conflicts) -> bool {
    !suggest_panel(court, conflicts).is_full()
}

/// No bench can hear a panel-route appeal: no panel of three can be formed, and the Chief
/// Justice, who never hears an appeal alone with a conflict (Act 3.5.2), cannot hear it alone.
/// Then the Chief Justice may still refuse it, so that it does not wait for a bench for ever.
pub fn no_bench_possible(court: &[Justice], conflicts: &Conflicts) -> bool {
    let chief_free = court
        .iter()
        .any(|j| j.chief && conflicts.of(j.id).is_none());
    no_panel_possible(court, conflicts) && !chief_free
}

/// Whether the Chief Justice's conflict is set aside for deciding whether the Court hears an
/// appeal (Terms §III Acts 3.5, 3.5.1, 3.6): a conflicted Chief Justice does not refuse it while
/// two Justices free of conflict could grant it instead; with fewer, "their conflict may be
/// ignored", or the appeal would wait for ever for a grant nobody else can give.
pub fn too_few_to_grant_without_the_chief(court: &[Justice], conflicts: &Conflicts) -> bool {
    court
        .iter()
        .filter(|j| !j.chief && conflicts.of(j.id).is_none())
        .count()
        < 2
}

/// A panel that passed `check_panel`; only that function makes one.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatedPanel {
    justices: [i64; PANEL_SIZE],
    conflicts_set_aside: Vec<(i64, Conflict)>,
}

impl SeatedPanel {
    /// A panel seated earlier, as the store recorded it. Only for reading back what
    /// `check_panel` passed: the Court may have changed since, and the seat stands.
    pub fn restore(justices: [i64; PANEL_SIZE], conflicts_set_aside: Vec<(i64, Conflict)>) -> Self {
        Self {
            justices,
            conflicts_set_aside,
        }
    }

    pub fn justices(&self) -> [i64; PANEL_SIZE] {
        self.justices
    }

    pub fn conflicts_set_aside(&self) -> &[(i64, Conflict)] {
        &self.conflicts_set_aside
    }
}

/// Why the Chief Justice's choice of panel was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PanelRefusal {
    #[error("A panel is three Justices; {chosen} were chosen (Terms §III Act 3.3).")]
    NotThree { chosen: usize },
    #[error("The same Justice was chosen twice; a panel is three different Justices (Terms §III Act 3.3).")]
    ChosenTwice { justice: i64 },
    #[error("Someone chosen is not a Justice of the Court (Terms §III Act 3.2, 3.3).")]
    NotAJustice { person: i64 },
    #[error("The Chief Justice does not sit on a panel with a conflict while one can be formed without them, and {} (Terms §III Acts 3.5.1, 3.5.2).", .conflict.describe())]
    ChiefJusticeConflict { conflict: Conflict },
    #[error("A chosen Justice has a conflict ({}), and {free} Justices are free of conflict; a conflict is set aside only when too few are free (Terms §III Act 3.5, 3.5.1).", .conflict.describe())]
    ConflictNotNeeded {
        justice: i64,
        conflict: Conflict,
        free: usize,
    },
    #[error("A chosen Justice has a conflict ({}) while a Justice free of conflict was left out; seat every free Justice before setting a conflict aside (Terms §III Act 3.5.1).", .conflict.describe())]
    FreeJusticeLeftOut {
        justice: i64,
        conflict: Conflict,
        left_out: i64,
    },
}

/// Checks the Chief Justice's choice against the Terms (not against the suggestion: the choice
/// is theirs, §III Act 3.7). A conflicted Justice may sit only when fewer than three Justices
/// are free and every free one sits (Act 3.5.1); the Chief Justice sits with a conflict only
/// when no panel can be formed without them (Act 3.5.2).
pub fn check_panel(
    chosen: &[i64],
    court: &[Justice],
    conflicts: &Conflicts,
) -> Result<SeatedPanel, PanelRefusal> {
    let justices: [i64; PANEL_SIZE] = chosen.try_into().map_err(|_| PanelRefusal::NotThree {
        chosen: chosen.len(),
    })?;
    for (i, id) in justices.iter().enumerate() {
        if justices[..i].contains(id) {
            return Err(PanelRefusal::ChosenTwice { justice: *id });
        }
    }
    let mut seats = Vec::with_capacity(PANEL_SIZE);
    for id in justices {
        let justice = court
            .iter()
            .find(|j| j.id == id)
            .ok_or(PanelRefusal::NotAJustice { person: id })?;
        seats.push(justice);
    }
    let free: Vec<i64> = court
        .iter()
        .filter(|j| conflicts.of(j.id).is_none())
        .map(|j| j.id)
        .collect();
    let mut set_aside = Vec::new();
    for j in seats {
        let Some(conflict) = conflicts.of(j.id) else {
            continue;
        };
        let others = court.iter().filter(|c| !c.chief).count();
        if j.chief && others >= PANEL_SIZE {
            return Err(PanelRefusal::ChiefJusticeConflict { conflict });
        }
        if free.len() >= PANEL_SIZE {
            return Err(PanelRefusal::ConflictNotNeeded {
                justice: j.id,
                conflict,
                free: free.len(),
            });
        }
        if let Some(left_out) = free.iter().find(|f| !justices.contains(f)) {
            return Err(PanelRefusal::FreeJusticeLeftOut {
                justice: j.id,
                conflict,
                left_out: *left_out,
            });
        }
        set_aside.push((j.id, conflict));
    }
    Ok(SeatedPanel {
        justices,
        conflicts_set_aside: set_aside,
    })
}

/// The bench that hears an appeal.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Bench {
    Panel(SeatedPanel),
    /// The Chief Justice exercising discretionary powers (§III Act 3.3).
    Solo(i64),
    /// Every Justice of the Court when seated; conflicts do not apply (§III Act 3.5.3).
    EnBanc(Vec<i64>),
}

impl Bench {
    /// The whole Court, as it stands when the en banc hearing is seated.
    pub fn whole_court(court: &[Justice]) -> Bench {
        let mut ids: Vec<i64> = court.iter().map(|j| j.id).collect();
        ids.sort_unstable();
        ids.dedup();
        Bench::EnBanc(ids)
    }

    pub fn seats(&self) -> Vec<i64> {
        match self {
            Bench::Panel(p) => p.justices.to_vec(),
            Bench::Solo(id) => vec![*id],
            Bench::EnBanc(ids) => ids.clone(),
        }
    }

    pub fn sits(&self, justice: i64) -> bool {
        self.seats().contains(&justice)
    }

    /// Votes needed to decide: a majority of the bench (two of a panel of three; of the whole
    /// Court en banc, §III Act 3.9).
    pub fn majority(&self) -> usize {
        self.seats().len() / 2 + 1
    }

    pub fn is_en_banc(&self) -> bool {
        matches!(self, Bench::EnBanc(_))
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn no_bench_only_when_the_court_is_too_small_for_a_panel_and_the_chief_is_conflicted() {
        // Terms §III Acts 3.3, 3.5.1, 3.5.2: with two other Justices the conflicted Chief
        // Justice's conflict is set aside and a panel of three sits; with one, no panel can be
        // formed, and the Chief Justice never hears their own conflict alone.
        let chief = Justice {
            chief: true,
            ..justice(1, 1, None)
        };
        let small = vec![chief.clone(), justice(2, 2, None), justice(3, 3, None)];
        let chief_acted = Conflicts::new([(1, Conflict::Acted)]);
        assert!(!no_bench_possible(&small, &chief_acted));
        let tiny = vec![chief, justice(2, 2, None)];
        assert!(no_bench_possible(&tiny, &chief_acted));
        assert!(!no_bench_possible(&tiny, &Conflicts::default()));
        assert!(!no_bench_possible(&court(), &chief_acted));
    }

    #[test]
    fn a_conflicted_chief_justice_refuses_only_when_two_others_could_not_grant() {
        // Terms §III Acts 3.5.1, 3.6: two independent Justices may grant instead.
        let chief_acted = Conflicts::new([(1, Conflict::Acted)]);
        assert!(!too_few_to_grant_without_the_chief(
            &court()[..3],
            &chief_acted
        ));
        assert!(too_few_to_grant_without_the_chief(
            &court()[..2],
            &chief_acted
        ));
        let also_two = Conflicts::new([(1, Conflict::Acted), (2, Conflict::PlayedInGame)]);
        assert!(too_few_to_grant_without_the_chief(&court()[..3], &also_two));
    }

    pub fn day(d: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, d, 12, 0, 0).unwrap()
    }

    pub fn justice(id: i64, appointed: u32, last_sat: Option<u32>) -> Justice {
        Justice {
            id,
            chief: false,
            appointed_at: day(appointed),
            last_sat: last_sat.map(day),
        }
    }

    /// The Chief Justice (1) and Justices 2 to 5, appointed in that order; 2 and 3 sat lately.
    pub fn court() -> Vec<Justice> {
        vec![
            Justice {
                chief: true,
                ..justice(1, 1, Some(20))
            },
            justice(2, 2, Some(25)),
            justice(3, 3, Some(10)),
            justice(4, 4, None),
            justice(5, 5, None),
        ]
    }

    fn conflicts(list: &[(i64, Conflict)]) -> Conflicts {
        Conflicts::new(list.iter().copied())
    }

    #[test]
    fn when_nobody_has_sat_those_left_out_are_left_out_for_seniority_and_told_so() {
        // Terms §III Act 3.7: a new Court, nobody has sat; the report must not say that
        // others sat less recently.
        let fresh: Vec<Justice> = (1..=4).map(|i| justice(i, i as u32, None)).collect();
        let s = suggest_panel(&fresh, &Conflicts::default());
        assert_eq!(s.panel, vec![1, 2, 3]);
        assert_eq!(s.left_out, vec![(4, LeftOut::Seniority)]);
        assert!(s.left_out[0].1.describe().contains("more senior"));
    }

    #[test]
    fn the_suggestion_rotates_to_those_who_sat_least_recently_ties_by_seniority() {
        // Terms §III Act 3.7: the Chief Justice chooses; the suggestion is re-checkable.
        let s = suggest_panel(&court(), &Conflicts::default());
        assert_eq!(s.panel, vec![4, 5, 3]);
        assert_eq!(
            s.left_out,
            vec![(1, LeftOut::Rotation), (2, LeftOut::Rotation)]
        );
        assert!(s.conflicts_set_aside.is_empty() && s.is_full());
    }

    #[test]
    fn a_justice_with_a_conflict_is_left_out_and_the_report_says_why() {
        // Terms §III Act 3.5.
        let s = suggest_panel(&court(), &conflicts(&[(4, Conflict::PlayedInGame)]));
        assert_eq!(s.panel, vec![5, 3, 1]);
        assert_eq!(
            s.left_out,
            vec![
                (2, LeftOut::Rotation),
                (4, LeftOut::Conflict(Conflict::PlayedInGame))
            ]
        );
        assert_eq!(
            s.left_out[1].1.describe(),
            "a conflict: they played in the game concerned (Terms §III Act 3.5)"
        );
    }

    #[test]
    fn conflicts_are_set_aside_only_when_too_few_justices_are_free() {
        // Terms §III Act 3.5.1.
        let small = &court()[..4]; // the Chief Justice and Justices 2, 3, 4
        let c = conflicts(&[(2, Conflict::Acted), (3, Conflict::Party)]);
        let s = suggest_panel(small, &c);
        assert_eq!(s.panel, vec![4, 1, 3]);
        assert_eq!(s.conflicts_set_aside, vec![(3, Conflict::Party)]);
        assert_eq!(s.left_out, vec![(2, LeftOut::Conflict(Conflict::Acted))]);

        let seated = check_panel(&[4, 1, 3], small, &c).unwrap();
        assert_eq!(seated.conflicts_set_aside(), &[(3, Conflict::Party)]);
        // With five Justices, three are free: the conflict may not be set aside.
        let refusal = check_panel(&[4, 1, 3], &court(), &c).unwrap_err();
        assert_eq!(
            refusal,
            PanelRefusal::ConflictNotNeeded {
                justice: 3,
                conflict: Conflict::Party,
                free: 3
            }
        );
        assert!(refusal.to_string().contains("Terms §III Act 3.5, 3.5.1"));
    }

    #[test]
    fn a_conflict_is_not_set_aside_while_a_free_justice_is_left_out() {
        // Terms §III Act 3.5.1: only "not enough Justices" justifies it.
        let small = &court()[..4];
        let c = conflicts(&[(2, Conflict::Acted), (3, Conflict::Party)]);
        assert_eq!(
            check_panel(&[2, 1, 3], small, &c),
            Err(PanelRefusal::FreeJusticeLeftOut {
                justice: 2,
                conflict: Conflict::Acted,
                left_out: 4
            })
        );
    }

    #[test]
    fn the_chief_justice_sits_with_a_conflict_only_when_no_panel_forms_without_them() {
        // Terms §III Acts 3.5.1, 3.5.2: the Chief Justice's conflict keeps them off a panel,
        // unless there are not enough Justices to empanel without them.
        let small = &court()[..3];
        let c = conflicts(&[(1, Conflict::Acted)]);
        let s = suggest_panel(small, &c);
        assert_eq!(s.panel, vec![3, 2, 1]);
        assert!(s.is_full());
        assert_eq!(s.conflicts_set_aside, vec![(1, Conflict::Acted)]);
        let seated = check_panel(&[1, 2, 3], small, &c).unwrap();
        assert_eq!(seated.conflicts_set_aside(), &[(1, Conflict::Acted)]);

        // Justices 2 and 3 conflicted too, 4 free: they are set aside before the Chief Justice.
        let four = &court()[..4];
        let many = conflicts(&[
            (1, Conflict::Acted),
            (2, Conflict::Party),
            (3, Conflict::Party),
        ]);
        let s = suggest_panel(four, &many);
        assert_eq!(s.panel, vec![4, 3, 2]);
        assert_eq!(
            s.left_out,
            vec![(1, LeftOut::ChiefJusticeConflict(Conflict::Acted))]
        );
        let refusal = check_panel(&[1, 2, 4], four, &many).unwrap_err();
        assert_eq!(
            refusal.to_string(),
            "The Chief Justice does not sit on a panel with a conflict while one can be formed without them, and they took the action appealed (Terms §III Acts 3.5.1, 3.5.2)."
        );
    }

    #[test]
    fn a_panel_is_three_different_justices_of_the_court() {
        // Terms §III Act 3.3.
        let none = Conflicts::default();
        assert_eq!(
            check_panel(&[2, 3], &court(), &none),
            Err(PanelRefusal::NotThree { chosen: 2 })
        );
        assert_eq!(
            check_panel(&[2, 3, 2], &court(), &none),
            Err(PanelRefusal::ChosenTwice { justice: 2 })
        );
        assert_eq!(
            check_panel(&[2, 3, 99], &court(), &none),
            Err(PanelRefusal::NotAJustice { person: 99 })
        );
        // The Chief Justice's choice need not follow the suggestion.
        assert_eq!(
            check_panel(&[1, 2, 3], &court(), &none).unwrap().justices(),
            [1, 2, 3]
        );
    }

    #[test]
    fn a_panel_decides_by_two_and_the_whole_court_by_its_majority() {
        // Terms §III Acts 3.3, 3.9.
        let panel = Bench::Panel(check_panel(&[1, 2, 3], &court(), &Conflicts::default()).unwrap());
        assert_eq!(panel.majority(), 2);
        assert_eq!(Bench::whole_court(&court()).majority(), 3);
        assert_eq!(Bench::whole_court(&court()[..4]).majority(), 3);
        assert_eq!(Bench::Solo(1).majority(), 1);
    }
}
