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

/// A stage of play as a command names it: the standings asked for (`/tournament standings`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayStage {
    Swiss,
    Candidates,
    Final,
}

/// The stage a player is seeded into, past the Swiss (`/tournament seed`; ACWC Format).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedStage {
    Candidates,
    Final,
}

crate::offered_as_words! {
    PlayStage {
        PlayStage::Swiss => "swiss",
        PlayStage::Candidates => "candidates",
        PlayStage::Final => "final",
    }
    SeedStage {
        SeedStage::Candidates => "candidates",
        SeedStage::Final => "final",
    }
}

impl PlayStage {
    pub fn stage(self) -> Stage {
        match self {
            PlayStage::Swiss => Stage::Swiss,
            PlayStage::Candidates => Stage::Candidates,
            PlayStage::Final => Stage::Final,
        }
    }
}

impl SeedStage {
    pub fn stage(self) -> Stage {
        match self {
            SeedStage::Candidates => Stage::Candidates,
            SeedStage::Final => Stage::Final,
        }
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
/// `ranking` is the Candidates' order as they ended (those who left the Candidates left out
/// with their games); `gone` are those who have left since, who are passed over without the
/// table changing: the runner-up is the runner-up of the Candidates. `None` when fewer than two
/// remain.
pub fn finalists(
    champion: Option<EntrantId>,
    ranking: &[EntrantId],
    gone: &[EntrantId],
) -> Option<(EntrantId, EntrantId)> {
    let mut left = ranking
        .iter()
        .copied()
        .filter(|p| Some(*p) != champion && !gone.contains(p));
    match champion {
        Some(c) => left.next().map(|challenger| (c, challenger)),
        None => match (left.next(), left.next()) {
            (Some(a), Some(b)) => Some((a, b)),
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
        assert_eq!(finalists(Some(1), &[5, 6, 7], &[]), Some((1, 5)));
        // ACWC Finals: "If arimakat withdraws ..., the Challenger plays the Candidates
        // runner-up"; "If the Challenger withdraws ..., the Candidates runner-up becomes the
        // new Challenger".
        assert_eq!(finalists(None, &[5, 6, 7], &[]), Some((5, 6)));
        assert_eq!(finalists(Some(1), &[5, 6, 7], &[5]), Some((1, 6)));
        assert_eq!(finalists(None, &[5, 6, 7], &[1]), Some((5, 6)));
        assert_eq!(finalists(None, &[6], &[]), None);
    }

    #[test]
    fn the_candidates_runner_up_as_the_candidates_ended_replaces_the_challenger_finals() {
        // ACWC Disqualification and withdrawals, Finals: "If the Challenger withdraws or gets
        // disqualified, the Candidates runner-up becomes the new Challenger". A's games count:
        // A–B 5.5–4.5, A–C 8–2, A–D 6–4, B–C 5–5, B–D 6–4, C–D 7–3 rank A, B (1.5 pts, 15.5),
        // C (1.5, 14), D. Without A's games C would lead B (12 to 11); the runner-up is B.
        use crate::domain::tournament::round_robin::{ranking, Finished};
        let (champ, a, b, c, d) = (9, 1, 2, 3, 4);
        let m = |first, second, x, y| Finished {
            first,
            second,
            first_games: x,
            second_games: y,
            forfeited_by: None,
        };
        let games = [
            m(a, b, 11, 9),
            m(a, c, 16, 4),
            m(a, d, 12, 8),
            m(b, c, 10, 10),
            m(b, d, 12, 8),
            m(c, d, 14, 6),
        ];
        let ended: Vec<EntrantId> = ranking(&[a, b, c, d], &games, &[])
            .iter()
            .map(|r| r.0)
            .collect();
        assert_eq!(ended, [a, b, c, d]);
        assert_eq!(finalists(Some(champ), &ended, &[a]), Some((champ, b)));
    }

    #[test]
    fn stages_are_stored_by_name() {
        for s in ["entries", "swiss", "candidates", "final", "finished"] {
            assert_eq!(Stage::parse(s).map(Stage::as_str), Some(s));
        }
        assert_eq!(Stage::parse("semi"), None);
    }
}
