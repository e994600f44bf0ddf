//! A movement turn adjudicated by the `diplomacy` crate (its 1982 rulebook: a move adjacent by
//! land goes by convoy only when its own power's fleet convoys it or the order says so, D.VI.2;
//! paradoxical convoys fail, D.VI.6), and each unit's fate read back: moved, stayed or dislodged.
//! An order the crate finds illegal is no order and the unit holds (D.III.4).

use std::borrow::Cow;

use diplomacy::geo::RegionKey;
use diplomacy::judge::{
    AttackOutcome, ConvoyOutcome, HoldOutcome, IllegalOrder, MappedMainOrder, OrderOutcome,
    Rulebook, Submission, SupportOutcome,
};
use diplomacy::order::{MainCommand, SupportedOrder};
use diplomacy::{ShortName, UnitPosition, UnitType};

use super::map::map;
use super::names::full_name;
use super::nation;
use super::normalise::{Normalised, Note};
use super::units::{place, Unit};

/// What became of a unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fate {
    /// It moved into this space.
    Moved(String),
    Stayed,
    Dislodged,
    /// Removed in an adjustment turn.
    Removed,
}

impl Fate {
    pub fn describe(&self, unit: &Unit) -> String {
        match self {
            Fate::Moved(to) => format!("moves to {}", full_name(to)),
            Fate::Stayed => format!("stays in {}", full_name(unit.at.space)),
            Fate::Dislodged => "is dislodged".into(),
            Fate::Removed => "is removed".into(),
        }
    }
}

/// One unit's adjudication.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judged {
    pub unit: Unit,
    /// The order adjudicated, written back ("A Par - Bur"); "H (no order)" when it had none.
    pub order: String,
    pub fate: Fate,
    /// Why, in the crate's terms made words ("bounced with A Mun - Bur").
    pub why: String,
}

/// An order written back for people: "A Par - Bur", "F Mao S F Gas - Spa(nc)".
pub fn show(o: &MappedMainOrder) -> String {
    let kind = |k: UnitType| if k == UnitType::Army { "A" } else { "F" };
    let head = format!("{} {}", kind(o.unit_type), place(&o.region));
    match &o.command {
        MainCommand::Hold => format!("{head} H"),
        MainCommand::Move(m) => format!(
            "{head} - {}{}",
            place(m.dest()),
            if m.mandates_convoy() {
                " via convoy"
            } else {
                ""
            }
        ),
        MainCommand::Support(SupportedOrder::Hold(k, at)) => {
            format!("{head} S {} {}", kind(*k), place(at))
        }
        MainCommand::Support(SupportedOrder::Move(k, from, to)) => {
            format!("{head} S {} {} - {}", kind(*k), place(from), place(to))
        }
        MainCommand::Convoy(c) => format!("{head} C A {} - {}", place(c.from()), place(c.to())),
    }
}

fn illegal(reason: IllegalOrder) -> &'static str {
    match reason {
        IllegalOrder::NoUnit => "no such unit there",
        IllegalOrder::ForeignUnit => "the unit is another power's",
        IllegalOrder::MultipleToSameUnit => "a second order to one unit",
        IllegalOrder::UnreachableDestination => "it cannot reach that space, even by convoy",
    }
}

fn why(outcome: &OrderOutcome<&MappedMainOrder>) -> String {
    match outcome {
        OrderOutcome::Illegal(r) => format!("illegal: {}", illegal(*r)),
        OrderOutcome::Hold(HoldOutcome::Succeeds) => "holds".into(),
        OrderOutcome::Hold(HoldOutcome::Dislodged(by)) => format!("dislodged by {}", show(by)),
        OrderOutcome::Move(m) => match m {
            AttackOutcome::Succeeds => "the move succeeds".into(),
            AttackOutcome::Prevented(by) => format!("bounced with {}", show(by)),
            AttackOutcome::OccupierDefended => "the unit there held it off".into(),
            AttackOutcome::LostHeadToHead => "lost a head-to-head battle".into(),
            AttackOutcome::NoPath => "no convoy carried it".into(),
            AttackOutcome::FriendlyFire => "its own power's unit stands there".into(),
            AttackOutcome::MoveToSelf => "a move to where it stands".into(),
        },
        OrderOutcome::Support(s) => match s {
            SupportOutcome::NotDisrupted => "the support is given".into(),
            SupportOutcome::CutBy(by) => format!("support cut by {}", show(by)),
            SupportOutcome::CantReach => "the support cannot reach that space".into(),
            SupportOutcome::SupportingSelf => "a unit cannot support itself".into(),
        },
        OrderOutcome::Convoy(c) => match c {
            ConvoyOutcome::NotDisrupted => "the convoy stands".into(),
            ConvoyOutcome::Dislodged(by) => format!("convoy broken by {}", show(by)),
            ConvoyOutcome::Paradox => "a paradox: the convoy fails (D.VI.6)".into(),
            ConvoyOutcome::NotAtSea => "a fleet on a coast cannot convoy".into(),
        },
    }
}

/// Adjudicates the normalised orders for the units on the board; returns each unit's fate and
/// a note for each order the crate found illegal.
pub fn judge(units: &[Unit], orders: &Normalised) -> (Vec<Judged>, Vec<Note>) {
    let positions: Vec<UnitPosition<'static, RegionKey>> = units
        .iter()
        .map(|u| {
            UnitPosition::new(
                diplomacy::Unit::new(Cow::Owned(nation(u.power)), u.kind),
                u.region(),
            )
        })
        .collect();
    let submitted: Vec<MappedMainOrder> = orders.orders.values().cloned().collect();
    let submission = Submission::new(map(), &positions, submitted);
    let outcome = submission.adjudicate(Rulebook::edition_1982());
    let start = outcome.to_retreat_start();
    let mut notes = Vec::new();
    let mut judged = Vec::new();
    for (i, unit) in units.iter().enumerate() {
        let region = unit.region();
        let mine = |o: &&MappedMainOrder| o.region == region && o.nation == nation(unit.power);
        if let Some((o, OrderOutcome::Illegal(r))) = outcome
            .all_orders_with_outcomes()
            .find(|(o, oc)| mine(o) && matches!(oc, OrderOutcome::Illegal(_)))
        {
            notes.push(Note {
                power: unit.power,
                line: orders.written.get(&i).cloned().unwrap_or_else(|| show(o)),
                reading: format!("illegal ({}): the unit holds (D.III.4)", illegal(*r)),
            });
        }
        let Some(order) = outcome.orders().find(mine) else {
            continue;
        };
        let result = outcome.get(order).map(why).unwrap_or_default();
        let fate = if start.dislodged().keys().any(|o| o.region == region) {
            Fate::Dislodged
        } else {
            match (&order.command, outcome.get(order)) {
                (MainCommand::Move(m), Some(OrderOutcome::Move(AttackOutcome::Succeeds))) => {
                    Fate::Moved(m.dest().province().short_name().into_owned())
                }
                _ => Fate::Stayed,
            }
        };
        let dislodger = start
            .dislodged()
            .iter()
            .find(|(o, _)| o.region == region)
            .filter(|_| !result.starts_with("dislodged"))
            .map(|(_, by)| format!("; dislodged by {}", show(by)))
            .unwrap_or_default();
        let shown = if orders.orders.get(&i) == Some(order) {
            show(order)
        } else {
            format!("{} (no valid order)", show(order))
        };
        judged.push(Judged {
            unit: *unit,
            order: shown,
            fate,
            why: format!("{result}{dislodger}"),
        });
    }
    (judged, notes)
}
