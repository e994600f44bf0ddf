//! The Party Chess Rule Suite: `gavel rules import` of its text, each rule kept with every
//! version it has had; `/partychess pieces`, the five criteria judged for each rule; and a
//! change of the suite reaching the game: pieces of a type no longer defined go off-board
//! (Rule 1230.1 §3.E) and instance limits are enforced (§3.G), the Checks and Weights following.

use std::fmt;

use sqlx::SqliteConnection;

use super::PartyChess;
use super::{PartyChessError, PartyChessReply};
use crate::app::{system_actor, Call};
use crate::domain::partychess::stock::{self, StockChange};
use crate::domain::partychess::suite;
use crate::domain::partychess::{defs, read_texts};
use crate::store;
use crate::store::partychess::games::PlayHow;

/// The reply to an import of the suite.
#[derive(Debug, Clone)]
pub struct SuiteImported {
    pub rules: usize,
    pub changed: Vec<String>,
    pub defined: usize,
    pub game: Vec<String>,
    /// The rules gavel follows beyond the pieces (turns, Weights) whose text in force is not
    /// the one gavel reads: what of gavel's is not yet in effect by them.
    pub not_in_effect: Vec<String>,
}

impl fmt::Display for SuiteImported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Imported the Party Chess Rule Suite: {} rules, {} of them PartyChessPieceDef rules (/partychess pieces shows why).",
            self.rules, self.defined
        )?;
        if !self.changed.is_empty() {
            write!(f, " Changed: {}.", self.changed.join(", "))?;
        }
        for line in &self.not_in_effect {
            write!(f, " {line}.")?;
        }
        for line in &self.game {
            write!(f, "\n{line}")?;
        }
        Ok(())
    }
}

impl PartyChess<'_> {
    /// `gavel rules import` of the Party Chess suite: new and amended rules are recorded as new
    /// versions, rules left out are repealed, and the game follows.
    pub async fn import_suite(
        &self,
        origin: &str,
        text: &str,
    ) -> Result<SuiteImported, PartyChessError> {
        let call = Call::new(
            system_actor(),
            "rules import",
            serde_json::json!({ "file": origin, "suite": "party chess" }),
        );
        self.execute(&call, async |conn, _| {
            self.record_suite(conn, origin, text).await
        })
        .await
    }

    /// Records the suite's rules: new and amended ones as new versions, ones left out repealed;
    /// then the game follows.
    pub(super) async fn record_suite(
        &self,
        conn: &mut SqliteConnection,
        origin: &str,
        text: &str,
    ) -> Result<SuiteImported, PartyChessError> {
        let rules = suite::parse(text).map_err(|e| PartyChessError::Suite(e.to_string()))?;
        self.record_rules(conn, origin, &rules).await
    }

    /// Records the suite as `rules` leave it: new and amended rules as new versions, rules left
    /// out repealed; then the game follows.
    pub(super) async fn record_rules(
        &self,
        conn: &mut SqliteConnection,
        origin: &str,
        rules: &[suite::SuiteRule],
    ) -> Result<SuiteImported, PartyChessError> {
        let now = self.now();
        let old = store::partychess::rules::in_force(conn).await?;
        let mut changed = Vec::new();
        let mut touched: Vec<u32> = Vec::new();
        for r in rules {
            match old.iter().find(|o| o.number as u32 == r.number) {
                Some(o)
                    if o.revision as u32 == r.revision
                        && o.text == r.text
                        && o.title == r.title =>
                {
                    continue
                }
                Some(o) => {
                    store::partychess::rules::supersede(conn, o.id, now).await?;
                    let limits = (r.number == 2 && !read_texts::is_read(2, &r.text))
                        .then(|| read_texts::turn_limits(&r.text))
                        .flatten();
                    changed.push(match limits {
                        // The new time limits gavel reads are followed (Rule 1230.2 §4, §4.A).
                        Some(l) => format!(
                            "{} amended (in effect in gavel: a turn expires {} days after the announcement of the game's state, extensible to {}, from the next turn announced)",
                            r.label(),
                            l.days,
                            l.max_days
                        ),
                        None => format!("{} amended", r.label()),
                    });
                    touched.push(r.number);
                }
                None if !old.is_empty() => changed.push(format!("{} enacted", r.label())),
                None => {}
            }
            store::partychess::rules::insert(conn, r, origin, now).await?;
        }
        for o in &old {
            if !rules.iter().any(|r| i64::from(r.number) == o.number) {
                store::partychess::rules::supersede(conn, o.id, now).await?;
                changed.push(format!("Rule 1230.{} repealed", o.number));
                touched.push(o.number as u32);
            }
        }
        let defined = defs::defined(&defs::judge(rules));
        let game = self.suite_reaches_game(conn, &changed).await?;
        // Only what this change touched is announced; `gavel status` lists all that waits.
        let not_in_effect = read_texts::unread_bound(rules)
            .into_iter()
            .filter(|(number, _)| touched.contains(number))
            .map(|(_, line)| line)
            .collect();
        Ok(SuiteImported {
            rules: rules.len(),
            changed,
            defined: defined.len(),
            game,
            not_in_effect,
        })
    }

    /// After the suite changed: pieces no longer defined go off-board (§3.E), excess over an
    /// instance limit is destroyed (§3.G); recorded in the game's history and announced.
    async fn suite_reaches_game(
        &self,
        conn: &mut SqliteConnection,
        changed: &[String],
    ) -> Result<Vec<String>, PartyChessError> {
        let Ok(mut g) = self.game(conn).await else {
            return Ok(Vec::new());
        };
        let defined = self.defined_pieces(conn).await?;
        g.defined = defined.clone();
        let mut before = super::position_json(&g.pos);
        let mut changes = stock::undefined_off_board(&mut g.pos, &defined);
        changes.extend(stock::enforce_limits(
            &mut g.pos,
            g.row.seed as u64 ^ g.row.turn_number as u64,
        ));
        let lines: Vec<String> = changes.iter().map(|c| describe_change(&g, c)).collect();
        if lines.is_empty() {
            return Ok(lines);
        }
        let after = super::position_json(&g.pos);
        for l in &lines {
            store::partychess::games::add_play(
                conn,
                g.row.id,
                None,
                None,
                PlayHow::Umpire,
                l,
                self.now(),
                (&before, &after),
            )
            .await?;
            // The whole change is the first entry's; the others follow from where it left.
            before.clone_from(&after);
        }
        let head = format!(
            "Party Chess: the Rule Suite changed{}.",
            if changed.is_empty() {
                String::new()
            } else {
                format!(" ({})", changed.join(", "))
            }
        );
        let board_moved = changes.iter().any(|c| match c {
            StockChange::OffBoard { .. } => true,
            StockChange::Destroyed { was_on_board, .. } => *was_on_board,
        });
        if !(board_moved && g.playing()) {
            self.save_game(conn, &g).await?;
            self.announce(conn, &format!("{head}\n{}", lines.join("\n")))
                .await?;
            return Ok(lines);
        }
        // The board changed outside anyone's turn: the Checks it begins and the Weights follow
        // (Rule 1230.2 §1.C(iv), (v), §3.C/D).
        let announced = std::iter::once(head).chain(lines).collect();
        let text = self.off_turn_change(conn, g, announced).await?;
        Ok(text.lines().skip(1).map(str::to_owned).collect())
    }

    /// `/partychess pieces`: each rule of the suite, and whether it is a PartyChessPieceDef rule
    /// and why (Rule 1230.1 §3.A).
    pub async fn pieces(&self) -> Result<PartyChessReply, PartyChessError> {
        let mut conn = self.pool().acquire().await?;
        let rules: Vec<_> = store::partychess::rules::in_force(&mut conn)
            .await?
            .iter()
            .map(|r| r.to_rule())
            .collect();
        if rules.is_empty() {
            return Err(PartyChessError::NoSuite);
        }
        let mut lines = vec![
            "The Party Chess Rule Suite, judged by Rule 1230.1 §3.A's five criteria:".to_owned(),
        ];
        for (r, v) in rules.iter().zip(defs::judge(&rules)) {
            let head = match v.defines {
                Some(k) => format!(
                    "{} {}: {} `{}`, value {}, costs A${}; moves {}.",
                    r.label(),
                    r.title,
                    k,
                    k.letter(),
                    k.value(),
                    stock::cost(k),
                    k.moves_described()
                ),
                None => format!("{} {}: {}", r.label(), r.title, v.reason),
            };
            lines.push(head);
        }
        Ok(PartyChessReply(lines.join("\n")))
    }
}

/// A change to the stock in words.
pub(super) fn describe_change(g: &super::Game, c: &StockChange) -> String {
    match c {
        StockChange::OffBoard { kind, owner, .. } => format!(
            "{}'s {kind} goes off-board, still eirs: no PartyChessPieceDef rule defines it now (Rule 1230.1 §3.E).",
            g.name(*owner)
        ),
        StockChange::Destroyed { kind, owner, was_on_board, .. } => format!(
            "{}'s {kind} ({}) is destroyed: it is over the instance limit (Rule 1230.1 §3.G).",
            g.name(*owner),
            if *was_on_board { "on the board" } else { "off-board" }
        ),
    }
}
