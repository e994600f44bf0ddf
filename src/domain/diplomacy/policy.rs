//! The GM's policies for a game (D.I.1(b)): D.VII.3's alternative (orders accepted until the
//! start of adjudication) and D.X.1's press alternatives A, B or C. Each may be used only if the
//! GM states it at the outset of the game, so a policy is stated before the first turn is
//! published and not changed after.

use super::press::{PressRule, RuleName};

/// Why a policy was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PolicyError {
    #[error("A GM states the game's policy at its outset, before the first turn is published; {board} has begun (D.I.1(b), D.VII.3, D.X.1).")]
    NotAtOutset { board: String },
    #[error("`{0}` is not a press rule: write standard, a, b or c (D.X.1).")]
    UnknownPress(String),
}

/// The policy a GM states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    pub press: PressRule,
    /// D.VII.3's alternative: orders are accepted until the start of adjudication.
    pub late_orders: bool,
}

/// Whether the GM may state the policy of `board` now: only at the outset, before its first
/// turn is published (D.I.1(b)).
pub fn may_state(board: &str, first_turn_published: bool) -> Result<(), PolicyError> {
    if first_turn_published {
        Err(PolicyError::NotAtOutset {
            board: board.to_owned(),
        })
    } else {
        Ok(())
    }
}

/// Reads the press rule the GM names.
pub fn press_rule(text: &str) -> Result<PressRule, PolicyError> {
    PressRule::parse(text).ok_or_else(|| PolicyError::UnknownPress(text.trim().to_owned()))
}

/// The policy as the announcement states it.
pub fn describe(p: Policy) -> String {
    format!(
        "press under {} (D.X.1); {} (D.VII.3)",
        RuleName(p.press),
        if p.late_orders {
            "orders are accepted until the start of adjudication, the alternative rule"
        } else {
            "orders are not accepted after the deadline"
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_policy_is_stated_at_the_outset_of_the_game_d_i_1b_d_vii_3_d_x_1() {
        assert!(may_state("R1 Board 1", false).is_ok());
        assert_eq!(
            may_state("R1 Board 1", true),
            Err(PolicyError::NotAtOutset {
                board: "R1 Board 1".into()
            })
        );
    }

    #[test]
    fn the_gm_chooses_the_standard_press_rule_or_alternative_a_b_or_c_d_x_1() {
        assert_eq!(press_rule("B"), Ok(PressRule::AlternativeB));
        assert!(press_rule("black").is_err());
        assert_eq!(
            describe(Policy {
                press: PressRule::AlternativeA,
                late_orders: true
            }),
            "press under Alternative Rule A (D.X.1); orders are accepted until the start of adjudication, the alternative rule (D.VII.3)"
        );
    }
}
