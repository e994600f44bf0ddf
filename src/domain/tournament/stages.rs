//! A tournament's stages and who goes from one to the next (ACWC Format): entries, the
//! Qualification (Swiss), the Candidates (round robin) and the Final; `format:swiss` ends after
//! the Swiss and `format:roundrobin` is one round robin of everyone. Also who plays the Final
//! when a finalist withdraws or is disqualified (ACWC Disqualification and withdrawals, Finals).

use super::EntrantId;

/// Where a tournament stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Entries,
    Swiss,
    Candidates,
    Final,
    Finished,
}

impl Stage {
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Entries => "entries",
            Stage::Swiss => "swiss",
            Stage::Candidates => "candidates",
            Stage::Final => "final",
            Stage::Finished => "finished",
        }
    }

    pub fn parse(text: &str) -> Option<Stage> {
        [
            Stage::Entries,
            Stage::Swiss,
            Stage::Candidates,
            Stage::Final,
            Stage::Finished,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }

    /// The stage's name in the rules' words.
    pub fn written(self) -> &'static str {
        match self {
            Stage::Entries => "entries",
            Stage::Swiss => "the Qualification (Swiss)",
            Stage::Candidates => "the Candidates",
            Stage::Final => "the Final",
            Stage::Finished => "finished",
        }
    }

    /// Whether matches are played in this stage.
    pub fn is_play(self) -> bool {
        matches!(self, Stage::Swiss | Stage::Candidates | Stage::Final)
    }
}

/// How a format runs its stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// The ACWC's three stages.
    ThreeStages,
    /// A Swiss and nothing after it.
    SwissOnly,
    /// One round robin of everyone, played as the Candidates are.
    RoundRobinOnly,
}

impl Shape {
    /// The stage play starts in.
    pub fn first(self) -> Stage {
        match self {
            Shape::ThreeStages | Shape::SwissOnly => Stage::Swiss,
            Shape::RoundRobinOnly => Stage::Candidates,
        }
    }

    /// The stage after `stage` once it is over.
    pub fn after(self, stage: Stage) -> Stage {
        match (self, stage) {
            (_, Stage::Entries) => self.first(),
            (Shape::ThreeStages, Stage::Swiss) => Stage::Candidates,
            (Shape::ThreeStages, Stage::Candidates) => Stage::Final,
            _ => Stage::Finished,
        }
    }
}

/// The Candidates: the Swiss's qualifiers and those seeded into the Candidates, each once, in
/// that order (ACWC Format: "Ogul1, as 2018 runner-up, automatically proceeds to the
/// Candidates"; Qualification: "The three players that scored most points").
pub fn candidates(qualifiers: &[EntrantId], seeded: &[EntrantId]) -> Vec<EntrantId> {
    let mut all: Vec<EntrantId> = qualifiers.to_vec();
    for s in seeded {
        if !all.contains(s) {
            all.push(*s);
        }
    }
    all
}

/// The two finalists: the seeded champion against the Candidates' winner (the Challenger), or,
/// with no champion, the Candidates' winner against their runner-up, which is also what the
/// rules do when the champion is out (ACWC Final; Disqualification and withdrawals, Finals).
/// `ranking` is the Candidates' order with those out left out. `None` when fewer than two
/// remain.
pub fn finalists(
    champion: Option<EntrantId>,
    ranking: &[EntrantId],
) -> Option<(EntrantId, EntrantId)> {
    match champion {
        Some(c) => ranking
            .iter()
            .find(|p| **p != c)
            .map(|challenger| (c, *challenger)),
        None => match ranking {
            [a, b, ..] => Some((*a, *b)),
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_acwc_runs_swiss_then_candidates_then_the_final() {
        let s = Shape::ThreeStages;
        assert_eq!(s.after(Stage::Entries), Stage::Swiss);
        assert_eq!(s.after(Stage::Swiss), Stage::Candidates);
        assert_eq!(s.after(Stage::Candidates), Stage::Final);
        assert_eq!(s.after(Stage::Final), Stage::Finished);
        assert_eq!(Shape::SwissOnly.after(Stage::Swiss), Stage::Finished);
        assert_eq!(Shape::RoundRobinOnly.first(), Stage::Candidates);
        assert_eq!(
            Shape::RoundRobinOnly.after(Stage::Candidates),
            Stage::Finished
        );
    }

    #[test]
    fn the_runner_up_seeded_joins_the_three_qualifiers() {
        // ACWC Format: the 2018 runner-up "automatically proceeds to the Candidates".
        assert_eq!(candidates(&[4, 2, 9], &[7]), vec![4, 2, 9, 7]);
        assert_eq!(candidates(&[4, 2, 9], &[]), vec![4, 2, 9]);
    }

    #[test]
    fn the_champion_meets_the_challenger_and_without_them_the_runner_up_steps_in() {
        // ACWC Final: "A 12-game match between arimakat and the Candidates winner".
        assert_eq!(finalists(Some(1), &[5, 6, 7]), Some((1, 5)));
        // ACWC Finals: "If arimakat withdraws ..., the Challenger plays the Candidates
        // runner-up"; "If the Challenger withdraws ..., the Candidates runner-up becomes the
        // new Challenger" (the ranking then no longer holds the Challenger).
        assert_eq!(finalists(None, &[5, 6, 7]), Some((5, 6)));
        assert_eq!(finalists(Some(1), &[6, 7]), Some((1, 6)));
        assert_eq!(finalists(None, &[6]), None);
    }

    #[test]
    fn stages_are_stored_by_name() {
        for s in ["entries", "swiss", "candidates", "final", "finished"] {
            assert_eq!(Stage::parse(s).map(Stage::as_str), Some(s));
        }
        assert_eq!(Stage::parse("semi"), None);
    }
}
