//! The Nomic procedure for changing the rules (Nomic 101-118, 201-215): who may propose and
//! when, what a proposal may change, voting and its close, adoption, points, and when an adopted
//! change takes effect. Points of Order are in [`crate::domain::nomic::order`].
//!
//! The app layer loads a [`Nomic`] (the parameters, the players and their days, the time
//! zone, UK time (Nomic 106), and the day the game began), the [`Rulebook`], the proposal and its related Points of
//! Order, calls one method here, and stores what comes back.
//!
//! The numbers the rules fix (the 19:00 cut-off, 25 mutable rules, the points, the 200 to win,
//! the one-hour windows) are [`NomicParameters`], whose defaults are the Initial Set's.
//!
//! # Readings
//!
//! Where the rules leave a question open, gavel reads them as follows.
//!
//! - **UK time.** Every day, "7pm" and "end of the day" is in UK time ([`UK_TIME`], Nomic
//!   106), whatever the club's own time zone; deadlines are computed on UK dates, so a clock
//!   change never moves them.
//! - **Weekends.** Anything posted in the voting thread on a Saturday or Sunday is void
//!   (Nomic 201): proposals, votes, Points of Order, Judgements, disputes and opinions alike.
//!   Allocated days are therefore Monday to Friday, one player each.
//! - **Proper proposals.** Only the player whose day it is may propose, before 19:00, and only
//!   the first proper proposal of the day counts (Nomic 202). A submission refused for its
//!   content (say, amending an immutable rule) is not a rule-change at all (Nomic 103), so it
//!   neither takes a number nor uses up the day.
//! - **Fixed once proposed.** A proposal has no method to edit or withdraw it: once submitted
//!   it "may not be modified or withdrawn" (Nomic 107), and a vote may not be withdrawn either
//!   (Nomic 113).
//! - **One rule per proposal.** A proposal enacts one new rule, or makes one or more changes to
//!   one existing rule (for example, transmute 103 to mutable and then amend it). Nomic 109
//!   gives the changed rule the proposal's number, which two rules could not share, and the
//!   proposal's changes together make one new version of it.
//! - **Transmutation first.** An immutable rule may be amended or repealed only by a proposal
//!   that explicitly transmutes it into a mutable rule first; transmutation is never implied
//!   (Nomic 103, 111). New rules are enacted mutable (Nomic 103 and its note).
//! - **Counting rules.** The limits of 25 mutable rules (Nomic 211) and at least one (Nomic 116)
//!   are checked on the rulebook as the proposal would leave it, when it is proposed and again
//!   when it takes effect. A change that does not add to the mutable rules is never refused
//!   for their number, so a lowered limit cannot make every rule-change impermissible
//!   (Nomic 116).
//! - **Closing.** Voting completes at the end of the club day the proposal was submitted
//!   (Nomic 113); a late-running job still completes it at that instant.
//! - **No votes.** A proposal on which nobody votes has not received the votes it needs
//!   (Nomic 104): it is defeated, earns its proposer nothing under Nomic 203 (there is no Y/V
//!   to take) and costs them 10 under Nomic 207. Under a simple majority a tie is a defeat.
//! - **Rule 204's own change.** The switch to a simple majority happens at the end of the
//!   second complete circuit of turns from the day the game began (a circuit is one allocated
//!   day of each player still playing), if the rule that began as 204 stands then and has never
//!   been amended, whatever its number: a transmutation renumbers it (Nomic 109) but is not an
//!   amendment (Nomic 103). A vote completing at
//!   that very instant is still decided by unanimity: it could itself be the amendment. Once
//!   switched, adoption follows `later_adoption`: a later amendment means what its text says,
//!   which the Chief Justice applies to that parameter, and never brings back unanimity by
//!   itself.
//! - **Eligible voters.** Every player still in the game (Nomic 105); a transmutation of an
//!   immutable rule into a mutable one needs a Yes from every one of them (Nomic 111).
//! - **R in Nomic 203** is the highest numbered rule as the rulebook stood when the vote
//!   completed, before this proposal's own change, as the rule's note says the first player's
//!   award lies between 0 and 10.
//! - **Points for dissent** (Nomic 205) go to every player who voted No on an adopted proposal
//!   while the general rule of adoption is not unanimity.
//! - **Postings.** One posting per player per completed vote, with the net change; a player
//!   whose total did not change posts nothing (Nomic 209). Totals may go below zero.
//! - **Winning.** The first player to reach 200 wins (Nomic 210). When one completed vote takes
//!   several players there at once, the proposer wins if among them (their award is the move,
//!   Nomic 203); otherwise the tie is left to a Judge (Nomic 214, 215).
//! - **Forfeit.** A player who forfeits (Nomic 115) leaves the game: they no longer propose,
//!   vote, raise Points of Order or judge, their day falls vacant, and votes they already cast
//!   stand (Nomic 113). Their points no longer change: they earn nothing, not even for a vote
//!   cast before, and cannot win.
//! - **Effect.** An adopted change takes effect at the completion of its vote (Nomic 108, 206),
//!   unless a related Judgement is still pending: then when the last related Judgement is
//!   invoked (Nomic 214 over 206). The enacted, amended or transmuted rule takes the proposal's
//!   number and references to its old number follow (Nomic 109, 110).

pub mod bound;
pub mod order;
pub mod parameters;
pub mod points;
pub mod proposal;
pub mod proposal_record;
pub mod reading;
pub mod revision;
pub mod rulebook;
pub mod session_text;
pub mod tally;
pub mod turns;

use chrono::{DateTime, Datelike, NaiveDate, NaiveTime, TimeDelta, Utc};
use chrono_tz::Tz;

use self::rulebook::{RuleId, Rulebook};
use crate::domain::kernel::calendar;
pub use points::{PointsChange, Posting, Scores, Win};
pub use proposal::{ChangeError, Proposal, ProposalNumber, ProposeError, RuleChange, Stage};
pub use tally::{Ballot, Outcome, Tally, Threshold};
pub use turns::Turns;

/// A player, by their member id.
pub type PlayerId = i64;

/// The time of the rules: "All times specified in rules in UK time. Days are considered to
/// start and end in UK time" (Nomic 106). A club in another time zone still runs Nomic's
/// 7pm, its midnights and its weekends in UK time.
pub const UK_TIME: Tz = chrono_tz::Europe::London;

/// The Initial Set in the JSON format of [`Rulebook::from_nomic_json`].
pub const INITIAL_RULES_JSON: &str = include_str!("initial-rules.json");

/// The numbers the procedure runs on; the defaults are the Initial Set's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NomicParameters {
    /// The first proposal's number (Nomic 109).
    pub first_proposal: u32,
    /// Proposals must be submitted before this time of day, UK time (Nomic 106, 202).
    pub proposal_cutoff: NaiveTime,
    /// At no time more than this many mutable rules (Nomic 211).
    pub max_mutable_rules: usize,
    /// How adoption is decided at first (Nomic 204).
    pub initial_adoption: Threshold,
    /// How it is decided after the switch, if rule 204 still stands (Nomic 204).
    pub later_adoption: Threshold,
    /// The switch comes at the end of this many complete circuits of turns; `None` once the
    /// club's rules no longer have it (Nomic 204).
    pub circuits_before_switch: Option<u32>,
    /// The least most a proposer can earn, and the offset from R (Nomic 203).
    pub award_minimum: i64,
    pub award_offset: i64,
    /// What a defeated proposal costs its proposer (Nomic 207).
    pub defeat_penalty: i64,
    /// What each player who voted against an adopted proposal gains without unanimity
    /// (Nomic 205).
    pub dissent_award: i64,
    /// Every player's points at the start (Nomic 201).
    pub initial_points: i64,
    /// The points that win (Nomic 210).
    pub winning_points: i64,
    /// How many Points of Order a player may have active at once (Nomic 214).
    pub max_active_points: usize,
    /// How long after a Judgement anyone may dispute it (Nomic 214).
    pub dispute_window: TimeDelta,
    /// How long after a dispute players may agree or disagree (Nomic 214).
    pub opinion_window: TimeDelta,
}

impl Default for NomicParameters {
    fn default() -> Self {
        NomicParameters {
            first_proposal: 301,
            proposal_cutoff: NaiveTime::from_hms_opt(19, 0, 0).expect("19:00"),
            max_mutable_rules: 25,
            initial_adoption: Threshold::Unanimity,
            later_adoption: Threshold::SimpleMajority,
            circuits_before_switch: Some(2),
            award_minimum: 10,
            award_offset: 290,
            defeat_penalty: 10,
            dissent_award: 10,
            initial_points: 0,
            winning_points: 200,
            max_active_points: 3,
            dispute_window: TimeDelta::hours(1),
            opinion_window: TimeDelta::hours(1),
        }
    }
}

/// A game of Nomic as the procedure needs it: its parameters, players, time zone and start.
#[derive(Debug, Clone)]
pub struct Nomic {
    pub params: NomicParameters,
    pub turns: Turns,
    pub tz: Tz,
    /// The club day the game began, from which circuits of turns count (Nomic 204).
    pub started: NaiveDate,
    /// When rule 204 changed itself to the later rule of adoption, once it has (Nomic 204).
    pub switched_at: Option<DateTime<Utc>>,
    /// Every Judge overruled on a Point of Order, and when: once overruled, a Judge settles no
    /// more questions that day (Nomic 214).
    pub overruled: Vec<(PlayerId, DateTime<Utc>)>,
}

impl Nomic {
    /// A game with the Initial Set's parameters.
    pub fn new(turns: Turns, started: NaiveDate, tz: Tz) -> Self {
        Nomic {
            params: NomicParameters::default(),
            turns,
            tz,
            started,
            switched_at: None,
            overruled: Vec::new(),
        }
    }

    /// True when `player` was overruled as a Judge on club day `day`: "Unless a Judge is
    /// overruled, one Judge settles all questions arising from the game until the next turn is
    /// begun" (Nomic 214), so an overruled Judge takes no Point that day.
    pub fn overruled_on(&self, player: PlayerId, day: NaiveDate) -> bool {
        self.overruled
            .iter()
            .any(|(judge, at)| *judge == player && self.day_of(*at) == day)
    }

    /// The club day of an instant (Nomic 106).
    pub fn day_of(&self, at: DateTime<Utc>) -> NaiveDate {
        calendar::local_date(at, self.tz)
    }

    /// True when a message posted at `at` is void for falling on a weekend (Nomic 201).
    pub fn is_weekend(&self, at: DateTime<Utc>) -> bool {
        turns::is_weekend(self.day_of(at).weekday())
    }

    /// When voting on a proposal submitted at `submitted` completes: the end of that club day
    /// (Nomic 113, 106).
    pub fn voting_closes_at(&self, submitted: DateTime<Utc>) -> DateTime<Utc> {
        calendar::end_of_day(self.day_of(submitted), self.tz)
    }

    /// The last moment to propose on a club day: the cut-off, exclusive (Nomic 202).
    pub fn proposal_cutoff_on(&self, day: NaiveDate) -> DateTime<Utc> {
        calendar::local_to_utc(day.and_time(self.params.proposal_cutoff), self.tz)
    }

    /// When rule 204 turns itself into a simple majority, if it still stands (Nomic 204).
    pub fn adoption_switch_at(&self) -> Option<DateTime<Utc>> {
        self.params
            .circuits_before_switch
            .map(|n| self.turns.end_of_circuits(self.started, n, self.tz))
    }

    /// True while the rule that began as Rule 204 stands unamended, whatever number it has
    /// now: a transmutation renumbers it (Nomic 109) but is not an amendment (Nomic 103), and
    /// only an amendment stops its switch (Nomic 204).
    pub fn rule_204_unamended(book: &Rulebook) -> bool {
        descendant_of(book, 204).is_some_and(|rule| !rule.amended)
    }

    /// The general rule of adoption for a vote completing at `close` (Nomic 204). Once rule
    /// 204 has changed itself, the rule in force is the later one: an amendment made after
    /// that means what its text says, which the Chief Justice applies to `later_adoption` like
    /// any number an adopted change alters, and does not bring back the rule 204 replaced.
    pub fn threshold_at(&self, close: DateTime<Utc>, book: &Rulebook) -> Threshold {
        if self.switched_at.is_some_and(|switched| close > switched) {
            return self.params.later_adoption;
        }
        let rule_204_stands = Self::rule_204_unamended(book);
        match self.adoption_switch_at() {
            Some(switch) if rule_204_stands && close > switch => self.params.later_adoption,
            _ => self.params.initial_adoption,
        }
    }

    /// The parameter that holds the rule of adoption in force at `at`: `later_adoption` once
    /// rule 204 has changed itself, `initial_adoption` before (Nomic 204).
    pub fn adoption_parameter(&self, at: DateTime<Utc>) -> &'static str {
        if self.switched_at.is_some_and(|switched| at > switched) {
            "later_adoption"
        } else {
            "initial_adoption"
        }
    }
}

/// The rule that began as Rule `number`, under whatever number amendments and transmutations
/// have since given it (Nomic 109), if it still stands.
pub fn descendant_of(
    book: &Rulebook,
    number: u32,
) -> Option<&crate::domain::nomic::rulebook::Rule> {
    book.get(&RuleId::Number(number))
        .filter(|rule| rule.began_as.is_none())
        .or_else(|| book.rules().find(|rule| rule.began_as == Some(number)))
}

/// `text` with its citations of rules ("Nomic 202", "Nomic 108, 206") given the numbers the
/// cited rules have now: an amendment or transmutation gives a rule the proposal's number and
/// references to it follow (Nomic 109, 110). A rule that no longer stands keeps its number, and
/// ranges such as "Nomic 101-118" are left alone.
pub fn cite(book: &Rulebook, text: &str) -> String {
    const MARK: &str = "Nomic ";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(MARK) {
        out.push_str(&rest[..at + MARK.len()]);
        rest = &rest[at + MARK.len()..];
        // A list of numbers: "202" or "108, 206".
        loop {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                break;
            }
            let (number, after) = rest.split_at(digits);
            let in_range = after.starts_with('-');
            match number.parse::<u32>().ok().filter(|_| !in_range) {
                Some(n) => match descendant_of(book, n) {
                    Some(rule) => out.push_str(&rule.id.number().unwrap_or(n).to_string()),
                    None => out.push_str(number),
                },
                None => out.push_str(number),
            }
            rest = after;
            if in_range {
                break;
            }
            match rest.strip_prefix(", ") {
                Some(more) if more.starts_with(|c: char| c.is_ascii_digit()) => {
                    out.push_str(", ");
                    rest = more;
                }
                _ => break,
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::turns::tests::{date, rule_201};
    use super::*;
    use chrono::TimeZone;
    use chrono_tz::Europe::London;

    #[test]
    fn voting_closes_at_the_end_of_the_uk_day_across_the_clock_change() {
        // Nomic 113, 106. British Summer Time starts on Sunday 29 March 2026.
        let game = Nomic::new(rule_201(), date(2026, 3, 23), London);
        let before = Utc.with_ymd_and_hms(2026, 3, 27, 10, 0, 0).unwrap();
        assert_eq!(
            game.voting_closes_at(before),
            Utc.with_ymd_and_hms(2026, 3, 28, 0, 0, 0).unwrap()
        );
        // On the Monday after, midnight in London is 23:00 UTC; a proposal at 00:30 BST was
        // made on Monday even though it was still Sunday in UTC.
        let after = Utc.with_ymd_and_hms(2026, 3, 29, 23, 30, 0).unwrap();
        assert_eq!(game.day_of(after), date(2026, 3, 30));
        assert_eq!(
            game.voting_closes_at(after),
            Utc.with_ymd_and_hms(2026, 3, 30, 23, 0, 0).unwrap()
        );
    }

    #[test]
    fn adoption_needs_unanimity_until_the_end_of_the_second_circuit() {
        // Nomic 204. The game begins on Monday 23 Nov 2026; the second circuit ends when
        // Friday 4 Dec ends.
        let game = Nomic::new(rule_201(), date(2026, 11, 23), London);
        let book = Rulebook::from_nomic_json(INITIAL_RULES_JSON).unwrap();
        let switch = game.adoption_switch_at().unwrap();
        assert_eq!(switch, Utc.with_ymd_and_hms(2026, 12, 5, 0, 0, 0).unwrap());
        assert_eq!(game.threshold_at(switch, &book), Threshold::Unanimity);
        let monday = Utc.with_ymd_and_hms(2026, 12, 8, 0, 0, 0).unwrap();
        assert_eq!(game.threshold_at(monday, &book), Threshold::SimpleMajority);
    }

    #[test]
    fn citations_follow_a_renumbered_rule() {
        // Nomic 109, 110: amended by Proposal 301, Rule 202 is Rule 301, and gavel cites it so.
        let mut book = Rulebook::from_nomic_json(INITIAL_RULES_JSON).unwrap();
        let on = date(2026, 11, 24);
        book.amend(&RuleId::Number(202), vec!["Before 20:00.".into()], on)
            .unwrap();
        book.renumber(202, 301).unwrap();
        assert_eq!(
            cite(&book, "today's chance has passed (Nomic 202)."),
            "today's chance has passed (Nomic 301)."
        );
        assert_eq!(
            cite(
                &book,
                "(Nomic 201, 202) and Nomic 202; Nomic 101-118, 201-215"
            ),
            "(Nomic 201, 301) and Nomic 301; Nomic 101-118, 201-215"
        );
        // A repealed rule keeps its number in a citation.
        book.remove(&RuleId::Number(215)).unwrap();
        assert_eq!(cite(&book, "(Nomic 215)"), "(Nomic 215)");
    }

    #[test]
    fn a_transmuted_rule_204_still_switches_itself() {
        // Nomic 204 "if this rule is not amended"; Nomic 103 tells transmutation from
        // amendment. Transmuted, it stands as Rule 301 with its text unchanged.
        let game = Nomic::new(rule_201(), date(2026, 11, 23), London);
        let mut book = Rulebook::from_nomic_json(INITIAL_RULES_JSON).unwrap();
        let on = date(2026, 11, 24);
        book.transmute(
            &RuleId::Number(204),
            crate::domain::nomic::rulebook::Mutability::Immutable,
            on,
        )
        .unwrap();
        book.renumber(204, 301).unwrap();
        let later = Utc.with_ymd_and_hms(2027, 1, 4, 12, 0, 0).unwrap();
        assert_eq!(game.threshold_at(later, &book), Threshold::SimpleMajority);
        // Amended, it does not.
        book.amend(&RuleId::Number(301), vec!["Unanimity, always.".into()], on)
            .unwrap();
        book.renumber(301, 302).unwrap();
        assert_eq!(game.threshold_at(later, &book), Threshold::Unanimity);
    }

    #[test]
    fn an_amendment_after_the_switch_does_not_bring_back_unanimity() {
        // Nomic 204: switched at the end of the second circuit, adoption needs a simple
        // majority. An amendment afterwards that says "simple majority" keeps it so; what an
        // amendment says is applied to the parameter, not undone by the amendment itself.
        let mut game = Nomic::new(rule_201(), date(2026, 11, 23), London);
        let switch = game.adoption_switch_at().unwrap();
        game.switched_at = Some(switch);
        let mut book = Rulebook::from_nomic_json(INITIAL_RULES_JSON).unwrap();
        let on = date(2026, 12, 8);
        book.amend(
            &RuleId::Number(204),
            vec!["A rule-change is adopted by a simple majority of the votes cast.".into()],
            on,
        )
        .unwrap();
        book.renumber(204, 305).unwrap();
        let later = Utc.with_ymd_and_hms(2026, 12, 9, 12, 0, 0).unwrap();
        assert_eq!(game.threshold_at(later, &book), Threshold::SimpleMajority);
        assert_eq!(game.adoption_parameter(later), "later_adoption");
        assert_eq!(game.threshold_at(switch, &book), Threshold::Unanimity);
        assert_eq!(game.adoption_parameter(switch), "initial_adoption");
    }

    #[test]
    fn an_amended_rule_204_does_not_switch_itself() {
        // Nomic 204, 109: amended, it stands under the amending proposal's number.
        let game = Nomic::new(rule_201(), date(2026, 11, 23), London);
        let mut book = Rulebook::from_nomic_json(INITIAL_RULES_JSON).unwrap();
        let on = date(2026, 11, 24);
        book.amend(&RuleId::Number(204), vec!["Unanimity, always.".into()], on)
            .unwrap();
        book.renumber(204, 303).unwrap();
        let later = Utc.with_ymd_and_hms(2027, 1, 4, 12, 0, 0).unwrap();
        assert_eq!(game.threshold_at(later, &book), Threshold::Unanimity);
    }
}
