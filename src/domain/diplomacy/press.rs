//! Press (D.X.1): white press names its author; gray press is anonymous; dark-gray press is
//! attributed unofficially to anyone; black press (attributed officially by the GM) is never
//! accepted. The GM chooses the standard rule or alternative A, B or C at the outset. The author
//! of gray or dark-gray press is never revealed (D.X.2).

use std::fmt;

use crate::domain::kernel::words::Words;

/// A kind of press.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PressKind {
    White,
    Gray,
    DarkGray,
}

impl PressKind {
    pub fn parse(text: &str) -> Option<PressKind> {
        match text
            .trim()
            .to_ascii_lowercase()
            .replace(['-', ' ', '_'], "")
            .as_str()
        {
            "white" => Some(PressKind::White),
            "gray" | "grey" => Some(PressKind::Gray),
            "darkgray" | "darkgrey" => Some(PressKind::DarkGray),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        self.word()
    }

    /// True when the author stays secret (D.X.2).
    pub fn anonymous(self) -> bool {
        self != PressKind::White
    }
}

/// The press rule a GM states at the outset of a game (D.X.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PressRule {
    /// White, gray and dark-gray press.
    #[default]
    Standard,
    /// Alternative Rule A: white and gray.
    AlternativeA,
    /// Alternative Rule B: white only.
    AlternativeB,
    /// Alternative Rule C: none published by the GM.
    AlternativeC,
}

impl PressRule {
    pub fn parse(text: &str) -> Option<PressRule> {
        match text.trim().to_ascii_lowercase().as_str() {
            "standard" => Some(PressRule::Standard),
            "a" => Some(PressRule::AlternativeA),
            "b" => Some(PressRule::AlternativeB),
            "c" => Some(PressRule::AlternativeC),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        self.word()
    }
}

crate::offered_as_words! {
    PressKind {
        PressKind::White => "white",
        PressKind::Gray => "gray",
        PressKind::DarkGray => "darkgray",
    }
    PressRule {
        PressRule::Standard => "standard",
        PressRule::AlternativeA => "a",
        PressRule::AlternativeB => "b",
        PressRule::AlternativeC => "c",
    }
}

/// Why press was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PressError {
    #[error("This board plays under {rule}, which does not accept {kind} press (D.X.1).")]
    NotAccepted { rule: RuleName, kind: &'static str },
    #[error("Dark-gray press needs the name it is attributed to (as:\"...\") (D.X.1).")]
    NoAttribution,
    #[error("Only dark-gray press is attributed to someone else; white press names you and gray press no one (D.X.1).")]
    AttributionNotAllowed,
    #[error("Press attributed officially by the GM (black press) is never accepted (D.X.1).")]
    Black,
}

/// A rule's name as the refusal writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleName(pub PressRule);

impl fmt::Display for RuleName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            PressRule::Standard => "the standard press rule",
            PressRule::AlternativeA => "Alternative Rule A",
            PressRule::AlternativeB => "Alternative Rule B",
            PressRule::AlternativeC => "Alternative Rule C (no press through the GM)",
        })
    }
}

/// Whether `rule` accepts press of `kind`, attributed to `attributed` (dark gray only).
pub fn accept(
    rule: PressRule,
    kind: PressKind,
    attributed: Option<&str>,
) -> Result<(), PressError> {
    let accepted = match rule {
        PressRule::Standard => true,
        PressRule::AlternativeA => kind != PressKind::DarkGray,
        PressRule::AlternativeB => kind == PressKind::White,
        PressRule::AlternativeC => false,
    };
    if !accepted {
        return Err(PressError::NotAccepted {
            rule: RuleName(rule),
            kind: kind.name(),
        });
    }
    match (kind, attributed.map(str::trim).filter(|s| !s.is_empty())) {
        (PressKind::DarkGray, None) => Err(PressError::NoAttribution),
        (PressKind::DarkGray, Some(a)) if a.eq_ignore_ascii_case("gm") => Err(PressError::Black),
        (PressKind::White | PressKind::Gray, Some(_)) => Err(PressError::AttributionNotAllowed),
        _ => Ok(()),
    }
}

/// The heading press is published under (D.X.1): white press with its author's orders, the
/// rest in "Anonymous or Unofficial Press" ("Anonymous Press" under Alternative A).
pub fn heading(rule: PressRule, kind: PressKind, author: &str, attributed: Option<&str>) -> String {
    match kind {
        PressKind::White => format!("Press from {author}"),
        PressKind::Gray if rule == PressRule::AlternativeA => "Anonymous Press".to_string(),
        PressKind::Gray => "Anonymous or Unofficial Press".to_string(),
        PressKind::DarkGray => format!(
            "Anonymous or Unofficial Press, signed \"{}\"",
            attributed.unwrap_or("")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_rule_accepts_white_gray_and_dark_gray_press_d_x_1() {
        assert!(accept(PressRule::Standard, PressKind::White, None).is_ok());
        assert!(accept(PressRule::Standard, PressKind::Gray, None).is_ok());
        assert!(accept(PressRule::Standard, PressKind::DarkGray, Some("the Kaiser")).is_ok());
    }

    #[test]
    fn the_alternative_rules_narrow_what_is_accepted_d_x_1() {
        assert!(accept(PressRule::AlternativeA, PressKind::DarkGray, Some("x")).is_err());
        assert!(accept(PressRule::AlternativeA, PressKind::Gray, None).is_ok());
        let e = accept(PressRule::AlternativeB, PressKind::Gray, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "This board plays under Alternative Rule B, which does not accept gray press (D.X.1)."
        );
        assert!(accept(PressRule::AlternativeC, PressKind::White, None).is_err());
    }

    #[test]
    fn black_press_and_dark_gray_press_without_a_name_are_refused_d_x_1() {
        assert_eq!(
            accept(PressRule::Standard, PressKind::DarkGray, Some("GM")),
            Err(PressError::Black)
        );
        assert_eq!(
            accept(PressRule::Standard, PressKind::DarkGray, None),
            Err(PressError::NoAttribution)
        );
        assert_eq!(
            accept(PressRule::Standard, PressKind::Gray, Some("x")),
            Err(PressError::AttributionNotAllowed)
        );
    }

    #[test]
    fn gray_press_is_published_without_its_author_d_x_2() {
        let h = heading(PressRule::Standard, PressKind::Gray, "alice", None);
        assert!(!h.contains("alice"));
        let h = heading(
            PressRule::Standard,
            PressKind::DarkGray,
            "alice",
            Some("Bob"),
        );
        assert!(!h.contains("alice") && h.contains("Bob"));
        assert!(PressKind::DarkGray.anonymous() && !PressKind::White.anonymous());
    }
}
