//! Checking a GM's adjudication (issue 27, "beyond the paperwork"): the units on the board, the
//! orders as written read into the `diplomacy` crate's orders under the house rules' conventions
//! (D.III-D.VI), the crate's adjudication of a movement turn, civil-disorder removals by distance
//! from home (D.V.4), and the comparison with the GM's results. Pure: the app loads and stores.

pub mod adjust;
pub mod compare;
pub mod judge;
pub mod map;
pub mod names;
pub mod normalise;
pub mod parse;
pub mod removal;
pub mod report;
pub mod units;

#[cfg(test)]
mod cases;

pub use parse::Spot;
pub use units::{parse_units, standard_start, Unit};

use diplomacy::Nation;

use super::Power;

/// The crate's name for a power.
pub fn nation(power: Power) -> Nation {
    Nation::from(match power {
        Power::Austria => "AUS",
        Power::England => "ENG",
        Power::France => "FRA",
        Power::Germany => "GER",
        Power::Italy => "ITA",
        Power::Russia => "RUS",
        Power::Turkey => "TUR",
    })
}
