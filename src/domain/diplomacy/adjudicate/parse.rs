//! Reads one written order ("A Par - Bur", "F Mid-Atlantic Ocean S A Gascony - Spain",
//! "Fleet StP/sc hold", "A Lon - Nth - Nwy") as words: the unit, where it stands, and what it is
//! told. Unit types and nationalities may be left out (D.IV.1, D.IV.2); coasts are read when
//! given and left to the normaliser when not (D.IV.3).

use diplomacy::geo::Coast;
use diplomacy::UnitType;

use super::names::space;

/// A space as written, with the coast if one was given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spot {
    pub space: &'static str,
    pub coast: Option<Coast>,
}

impl Spot {
    pub fn new(space: &'static str) -> Spot {
        Spot { space, coast: None }
    }
}

/// What a unit is told to do, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written {
    Hold,
    /// A move; `via_convoy` when the order says so or names a route (D.VI.2, D.VI.3).
    Move {
        to: Spot,
        via_convoy: bool,
    },
    SupportHold {
        unit: Option<UnitType>,
        at: Spot,
    },
    SupportMove {
        unit: Option<UnitType>,
        from: Spot,
        to: Spot,
    },
    Convoy {
        from: Spot,
        to: Spot,
    },
    /// A removal in an adjustment turn.
    Remove,
}

/// One order as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenOrder {
    pub unit: Option<UnitType>,
    pub at: Spot,
    pub command: Written,
}

/// Why a line could not be read as an order; the unit it meant holds (D.III.4).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    #[error("names no unit")]
    Empty,
    #[error("`{0}` is no space, or could be more than one (D.III.1)")]
    NoSpace(String),
    #[error("`{0}` is not an order word")]
    Unknown(String),
    #[error("stops before the order is complete")]
    Incomplete,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Word {
    Dash,
    Hold,
    Support,
    Convoy,
    Via,
    Remove,
    Nation,
    Unit(UnitType),
    Other,
}

fn word(t: &str) -> Word {
    match t.trim_end_matches(':') {
        "-" | "to" | "move" | "moves" | "m" => Word::Dash,
        "h" | "hold" | "holds" | "stand" | "stands" => Word::Hold,
        "s" | "sup" | "supp" | "support" | "supports" => Word::Support,
        "c" | "cvy" | "convoy" | "convoys" => Word::Convoy,
        "via" | "by" => Word::Via,
        "d" | "disband" | "disbands" | "remove" | "removes" => Word::Remove,
        "a" | "army" => Word::Unit(UnitType::Army),
        "f" | "fleet" => Word::Unit(UnitType::Fleet),
        "austria" | "austrian" | "england" | "english" | "british" | "france" | "french"
        | "germany" | "german" | "italy" | "italian" | "russia" | "russian" | "turkey"
        | "turkish" => Word::Nation,
        _ => Word::Other,
    }
}

/// "nc", "(sc)", "/ec"; a bare letter only after "(" or "/" (a bare "s" is "supports").
fn coast_word(t: &str) -> Option<Coast> {
    let marked = t.starts_with(['(', '/']);
    match t.trim_matches(['(', ')', '/', '.']) {
        "nc" => Some(Coast::North),
        "sc" => Some(Coast::South),
        "ec" => Some(Coast::East),
        "wc" => Some(Coast::West),
        "n" if marked => Some(Coast::North),
        "s" if marked => Some(Coast::South),
        "e" if marked => Some(Coast::East),
        "w" if marked => Some(Coast::West),
        _ => None,
    }
}

fn long_coast(a: &str, b: Option<&String>) -> Option<Coast> {
    if b.is_none_or(|b| b.trim_matches(['(', ')', '/']) != "coast") {
        return None;
    }
    match a.trim_matches(['(', '/']) {
        "north" => Some(Coast::North),
        "south" => Some(Coast::South),
        "east" => Some(Coast::East),
        "west" => Some(Coast::West),
        _ => None,
    }
}

/// The words of a line: lower case, with "-" and "->" apart and coasts split from spaces.
fn words(line: &str) -> Vec<String> {
    let t = line
        .to_ascii_lowercase()
        .replace("mid-atlantic", "mid atlantic")
        .replace("->", " - ")
        .replace('-', " - ")
        .replace('(', " (")
        .replace('/', " /")
        .replace(',', " ");
    t.split_whitespace().map(str::to_owned).collect()
}

struct Cursor {
    w: Vec<String>,
    i: usize,
}

impl Cursor {
    fn peek(&self) -> Option<Word> {
        self.w.get(self.i).map(|t| word(t))
    }

    fn skip_nations(&mut self) {
        while self.peek() == Some(Word::Nation) {
            self.i += 1;
        }
    }

    fn unit(&mut self) -> Option<UnitType> {
        self.skip_nations();
        match self.peek() {
            Some(Word::Unit(u)) => {
                self.i += 1;
                self.skip_nations();
                Some(u)
            }
            _ => None,
        }
    }

    /// A space's words up to the next order word, then its coast if one follows.
    fn spot(&mut self) -> Result<Spot, OrderError> {
        let start = self.i;
        while self.i < self.w.len() && self.peek() == Some(Word::Other) {
            let t = &self.w[self.i];
            if self.i > start
                && (coast_word(t).is_some() || long_coast(t, self.w.get(self.i + 1)).is_some())
            {
                break;
            }
            self.i += 1;
        }
        if self.i == start {
            return Err(match self.w.get(self.i) {
                Some(t) => OrderError::Unknown(t.clone()),
                None => OrderError::Incomplete,
            });
        }
        let typed: Vec<&str> = self.w[start..self.i].iter().map(String::as_str).collect();
        let found = space(&typed).ok_or_else(|| OrderError::NoSpace(typed.join(" ")))?;
        let mut coast = None;
        if let Some(t) = self.w.get(self.i) {
            if let Some(c) = long_coast(t, self.w.get(self.i + 1)) {
                coast = Some(c);
                self.i += 2;
            } else if let Some(c) = coast_word(t) {
                coast = Some(c);
                self.i += 1;
            }
        }
        self.skip_nations();
        Ok(Spot {
            space: found,
            coast,
        })
    }

    fn eat(&mut self, w: Word) -> bool {
        if self.peek() == Some(w) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn done(&self) -> bool {
        self.i >= self.w.len()
    }
}

/// Reads one order.
pub fn parse_order(line: &str) -> Result<WrittenOrder, OrderError> {
    let mut c = Cursor {
        w: words(line),
        i: 0,
    };
    c.skip_nations();
    if c.done() {
        return Err(OrderError::Empty);
    }
    let removal_first = c.eat(Word::Remove);
    let unit = c.unit();
    let at = c.spot()?;
    if removal_first {
        return Ok(WrittenOrder {
            unit,
            at,
            command: Written::Remove,
        });
    }
    let command = match c.peek() {
        None | Some(Word::Hold) => Written::Hold,
        Some(Word::Remove) => Written::Remove,
        Some(Word::Dash) => {
            let mut route = Vec::new();
            while c.eat(Word::Dash) {
                route.push(c.spot()?);
            }
            let mut via_convoy = route.len() > 1;
            if c.eat(Word::Via) {
                if !c.eat(Word::Convoy) {
                    return Err(OrderError::Incomplete);
                }
                via_convoy = true;
            }
            let to = *route.last().ok_or(OrderError::Incomplete)?;
            Written::Move { to, via_convoy }
        }
        Some(Word::Support) => {
            c.i += 1;
            let unit = c.unit();
            let from = c.spot()?;
            if c.eat(Word::Dash) {
                let to = c.spot()?;
                Written::SupportMove { unit, from, to }
            } else {
                Written::SupportHold { unit, at: from }
            }
        }
        Some(Word::Convoy) => {
            c.i += 1;
            let _army = c.unit();
            let from = c.spot()?;
            if !c.eat(Word::Dash) {
                return Err(OrderError::Incomplete);
            }
            let to = c.spot()?;
            Written::Convoy { from, to }
        }
        Some(_) => return Err(OrderError::Unknown(c.w[c.i].clone())),
    };
    Ok(WrittenOrder { unit, at, command })
}

/// The lines of an order set: separated by new lines or semicolons, blanks dropped.
pub fn lines(body: &str) -> impl Iterator<Item = &str> {
    body.split([';', '\n'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(line: &str) -> WrittenOrder {
        parse_order(line).unwrap()
    }

    #[test]
    fn a_move_reads_with_or_without_spaces_round_the_dash() {
        let o = p("A Par-Bur");
        assert_eq!(o.unit, Some(UnitType::Army));
        assert_eq!(o.at, Spot::new("par"));
        assert_eq!(
            o.command,
            Written::Move {
                to: Spot::new("bur"),
                via_convoy: false
            }
        );
        assert_eq!(p("a paris -> burgundy").command, o.command);
    }

    #[test]
    fn full_names_and_coasts_read_in_their_usual_forms_d_iii_1_d_iv_3() {
        let o = p("F Mid-Atlantic Ocean - Spain (nc)");
        assert_eq!(o.at, Spot::new("mao"));
        let Written::Move { to, .. } = o.command else {
            panic!()
        };
        assert_eq!(to.coast, Some(Coast::North));
        assert_eq!(p("F StP/sc H").at.coast, Some(Coast::South));
        assert_eq!(
            p("F St Petersburg south coast holds").at.coast,
            Some(Coast::South)
        );
    }

    #[test]
    fn a_unit_type_or_a_nationality_may_be_left_out_d_iv_1_d_iv_2() {
        let o = p("Mun S Russian A Sil - Ber");
        assert_eq!(o.unit, None);
        assert_eq!(
            o.command,
            Written::SupportMove {
                unit: Some(UnitType::Army),
                from: Spot::new("sil"),
                to: Spot::new("ber")
            }
        );
    }

    #[test]
    fn a_route_or_via_convoy_marks_a_move_by_convoy_d_vi_2_d_vi_3() {
        let via = |l: &str| match p(l).command {
            Written::Move { via_convoy, .. } => via_convoy,
            _ => panic!(),
        };
        assert!(via("A Lon - Nth - Nwy"));
        assert!(via("A Lon - Nwy via convoy"));
        assert!(!via("A Lon - Nwy"));
        assert_eq!(
            p("F Nth C A Lon - Nwy").command,
            Written::Convoy {
                from: Spot::new("lon"),
                to: Spot::new("nwy")
            }
        );
    }

    #[test]
    fn unreadable_lines_say_why() {
        assert_eq!(
            parse_order("A Xyz - Bur"),
            Err(OrderError::NoSpace("xyz".into()))
        );
        assert_eq!(parse_order("A Par -"), Err(OrderError::Incomplete));
        assert!(matches!(
            parse_order("A Par attacks Bur"),
            Err(OrderError::NoSpace(_))
        ));
        assert_eq!(parse_order("  "), Err(OrderError::Empty));
    }

    #[test]
    fn a_removal_reads_either_way_round() {
        assert_eq!(p("Remove F Bre").command, Written::Remove);
        assert_eq!(p("A Mos disband").command, Written::Remove);
    }
}
