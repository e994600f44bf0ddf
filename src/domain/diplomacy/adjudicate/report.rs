//! One check of a GM's adjudication, start to end: the orders read (D.III-D.VI), adjudicated,
//! compared with the GM's results, and written up for the GM alone.

use super::adjust::adjust;
use super::compare::{differences, parse_results, Difference, ResultsError};
use super::judge::judge;
use super::normalise::{normalise, Note};
use super::units::Unit;
use crate::domain::diplomacy::{Centres, Power};

/// What the GM is shown.
#[derive(Debug, Clone)]
pub struct CheckReport {
    pub units: usize,
    pub differences: Vec<Difference>,
    pub notes: Vec<Note>,
}

/// Checks the GM's `results` for a movement turn against each power's orders (`sets`, in the
/// order they count).
pub fn check(
    units: &[Unit],
    sets: &[(Power, Vec<String>)],
    results: &str,
) -> Result<CheckReport, ResultsError> {
    let claims = parse_results(results)?;
    let normalised = normalise(units, sets);
    let (judged, illegal) = judge(units, &normalised);
    let mut notes = normalised.notes;
    notes.extend(illegal);
    Ok(CheckReport {
        units: units.len(),
        differences: differences(&judged, &claims),
        notes,
    })
}

/// Checks the GM's removals for an adjustment turn, with the Fall's centre counts.
pub fn check_removals(
    units: &[Unit],
    centres: &Centres,
    sets: &[(Power, Vec<String>)],
    results: &str,
) -> Result<CheckReport, ResultsError> {
    let claims = parse_results(results)?;
    let (judged, notes) = adjust(units, centres, sets);
    Ok(CheckReport {
        units: units.len(),
        differences: differences(&judged, &claims),
        notes,
    })
}

impl CheckReport {
    /// The lines after the heading: each flagged unit, then how the orders were read.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if self.differences.is_empty() {
            lines.push(format!(
                "Every unit's outcome agrees with gavel's adjudication ({} units).",
                self.units
            ));
        } else {
            lines.push(format!(
                "{} of {} units differ:",
                self.differences.len(),
                self.units
            ));
            for d in &self.differences {
                lines.push(format!(
                    "⚑ {}: order {}; gavel: {}; you: {}",
                    d.unit, d.order, d.gavel, d.gm
                ));
            }
        }
        if !self.notes.is_empty() {
            lines.push("How gavel read the orders:".into());
            for n in &self.notes {
                lines.push(format!("· {} `{}`: {}", n.power, n.line, n.reading));
            }
        }
        lines
    }
}
