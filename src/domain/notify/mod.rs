//! Direct messages to a member: the fixed kinds of notice a member may choose to receive
//! privately, which of them are on until the member says otherwise, and whether one is sent.

pub mod case;

use std::fmt;

/// A kind of direct message gavel may send a member about their own affairs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Notice {
    /// A Moderator's declaration due within its 7 days (Terms §III Act 2.4).
    Declaration,
    /// A Judge's Judgement due today (Nomic 214).
    Judgement,
    /// A Justice given a seat on a bench (Terms §III Act 3.3).
    Bench,
    /// An opinion due (Terms §III Act 3.10).
    Opinion,
    /// A re-decision due after a remand (Terms §III Act 2.4, 3.7).
    Redecision,
    /// A case or an appeal about the member (Terms §III Act 2.4, Act 3).
    Case,
    /// The member's tournament match due tomorrow.
    Turn,
    /// The member's turn in Party Chess: the Chess-Umpire's duty to notify each Swinger
    /// privately whenever it becomes eir turn (Rule 1230.2 §1.C(iii)).
    PartyChess,
}

impl Notice {
    pub const ALL: [Notice; 8] = [
        Notice::Case,
        Notice::Declaration,
        Notice::Redecision,
        Notice::Bench,
        Notice::Opinion,
        Notice::Judgement,
        Notice::Turn,
        Notice::PartyChess,
    ];

    /// The name stored and typed.
    pub fn key(self) -> &'static str {
        match self {
            Notice::Declaration => "declaration",
            Notice::Judgement => "judgement",
            Notice::Bench => "bench",
            Notice::Opinion => "opinion",
            Notice::Redecision => "redecision",
            Notice::Case => "case",
            Notice::Turn => "turn",
            Notice::PartyChess => "partychess",
        }
    }

    pub fn from_key(key: &str) -> Option<Notice> {
        Notice::ALL.into_iter().find(|n| n.key() == key)
    }

    /// What the notice is about, as `/notify` lists it.
    pub fn describe(self) -> &'static str {
        match self {
            Notice::Case => "a case or appeal about you, with an Appeal button (Terms §III Act 3)",
            Notice::Declaration => "a declaration of yours due (Terms §III Act 2.4)",
            Notice::Redecision => "a re-decision of yours due after a remand (Terms §III Act 2.4)",
            Notice::Bench => "a seat for you on a bench of the Court (Terms §III Act 3.3)",
            Notice::Opinion => "an opinion of the Court due from you (Terms §III Act 3.10)",
            Notice::Judgement => "a Judgement due from you today (Nomic 214)",
            Notice::Turn => "your tournament match due tomorrow",
            Notice::PartyChess => "your turn in Party Chess (Rule 1230.2 §1.C(iii))",
        }
    }

    /// Whether the notice is sent to a member who has not chosen. Direct messages are opt-in,
    /// except the one that tells a member a case is about them and how to appeal it (a member
    /// penalised should learn of it and of their right of appeal without having asked), and a
    /// Swinger's Party Chess turn, which the Chess-Umpire has the duty to notify privately
    /// (Rule 1230.2 §1.C(iii)).
    pub fn on_by_default(self) -> bool {
        matches!(self, Notice::Case | Notice::PartyChess)
    }
}

crate::offered_as_words! {
    Notice {
        Notice::Case => "case",
        Notice::Declaration => "declaration",
        Notice::Redecision => "redecision",
        Notice::Bench => "bench",
        Notice::Opinion => "opinion",
        Notice::Judgement => "judgement",
        Notice::Turn => "turn",
        Notice::PartyChess => "partychess",
    }
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// Whether a direct message of one kind goes to a member.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    Send,
    /// The member turned this kind off, or never turned on a kind that is off by default.
    Off,
    /// Discord refused a direct message to them; nothing is sent until they run `/notify`.
    Refused,
}

/// Decides whether a notice of `kind` goes to a member whose own choice for it is `chosen`
/// (`None`: never chosen) and whom Discord has (`refused`) or has not refused to reach.
pub fn decide(kind: Notice, chosen: Option<bool>, refused: bool) -> Delivery {
    if refused {
        return Delivery::Refused;
    }
    if chosen.unwrap_or(kind.on_by_default()) {
        Delivery::Send
    } else {
        Delivery::Off
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_about_a_member_is_told_unless_they_say_otherwise_terms_iii_3() {
        assert_eq!(decide(Notice::Case, None, false), Delivery::Send);
        assert_eq!(decide(Notice::Case, Some(false), false), Delivery::Off);
    }

    #[test]
    fn a_swingers_party_chess_turn_is_told_unless_e_says_otherwise_rule_1230_2_1c_iii() {
        assert_eq!(decide(Notice::PartyChess, None, false), Delivery::Send);
        assert_eq!(
            decide(Notice::PartyChess, Some(false), false),
            Delivery::Off
        );
    }

    #[test]
    fn a_deadline_reminder_is_sent_only_to_a_member_who_asked_for_it_terms_iii_2_4() {
        for kind in [
            Notice::Declaration,
            Notice::Redecision,
            Notice::Bench,
            Notice::Opinion,
            Notice::Judgement,
            Notice::Turn,
        ] {
            assert_eq!(decide(kind, None, false), Delivery::Off, "{kind}");
            assert_eq!(decide(kind, Some(true), false), Delivery::Send, "{kind}");
        }
    }

    #[test]
    fn a_member_discord_refused_to_reach_gets_nothing_whatever_they_chose() {
        for kind in Notice::ALL {
            assert_eq!(decide(kind, Some(true), true), Delivery::Refused, "{kind}");
        }
    }

    #[test]
    fn every_kind_has_one_key_and_is_offered_in_order_under_it() {
        use crate::domain::kernel::words::Words;
        let keys: Vec<&str> = Notice::ALL.iter().map(|n| n.key()).collect();
        assert_eq!(keys, <Notice as Words>::WORDS);
        for kind in Notice::ALL {
            assert_eq!(Notice::from_key(kind.key()), Some(kind));
        }
        assert_eq!(Notice::from_key("all"), None);
    }
}
