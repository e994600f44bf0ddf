//! The World Masters Diplomacy tournament (house rules B, C and D, "WM"): the powers, seasons
//! and centre counts of a board, its score (C.1-C.5), pro-rating (C.14-C.15), the size of round
//! 2 (B.4), the deal of players to boards (B.6), advancement and titles (C.6-C.13), deadlines,
//! extensions and NMRs (D.VII), secret votes (D.IX), replacements (B.7-B.10) and press (D.X).
//! Pure rules: the app loads, calls these and stores.
//!
//! Points are exact fractions ([`Points`]); nothing here uses floating point.

pub mod adjudicate;
pub mod advance;
pub mod assign;
pub mod centres;
pub mod correction;
pub mod deadline;
pub mod extension;
pub mod grouping;
pub mod handover;
pub mod holiday;
pub mod nmr;
pub mod policy;
pub mod pool;
pub mod power;
pub mod press;
pub mod prorate;
pub mod replacement;
pub mod rng;
pub mod round_size;
pub mod score;
pub mod season;
pub mod stage;
pub mod states;
pub mod titles;
pub mod vote;

pub use centres::Centres;
pub use power::Power;
pub use season::Season;

/// The longest set of orders typed.
pub const ORDERS_MAX: usize = 1500;

/// The longest piece of press typed.
pub const PRESS_MAX: usize = 1500;

/// The longest team or board name typed.
pub const NAME_MAX: usize = 60;

/// Points as an exact fraction: a shared bonus of (32 + 16 + 8) / 3 is 56/3, not 18.666...
pub type Points = num_rational::Ratio<i64>;

/// Whole points.
pub fn whole(n: i64) -> Points {
    Points::from_integer(n)
}

/// Points shown to two decimals, rounded half away from zero: 56/3 is "18.67".
pub fn shown(p: Points) -> String {
    let hundredths = (p * 100).round().to_integer();
    let sign = if hundredths < 0 { "-" } else { "" };
    let h = hundredths.abs();
    format!("{sign}{}.{:02}", h / 100, h % 100)
}

/// Points written exactly: "56/3", or "22" when whole.
pub fn exact(p: Points) -> String {
    if p.is_integer() {
        p.to_integer().to_string()
    } else {
        format!("{}/{}", p.numer(), p.denom())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_of_three_bonuses_shows_two_decimals_and_keeps_the_exact_fraction_c3() {
        let share = Points::new(32 + 16 + 8, 3);
        assert_eq!(shown(share), "18.67");
        assert_eq!(exact(share), "56/3");
        assert_eq!(shown(whole(22)), "22.00");
        assert_eq!(exact(whole(22)), "22");
        assert_eq!(shown(Points::new(1, 200)), "0.01");
    }
}
