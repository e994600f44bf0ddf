//! Setting the game up: the Chief Justice names the Chess-Umpire (`/partychess umpire`),
//! members take Offices of Swinger (`join`) and choose their five pieces (`choose`, Rule 1230.2
//! §2.B), the umpire starts the game with the play list drawn from a published seed (`start`,
//! §3.A); a Swinger who leaves leaves eir Office Warm (`leave`, §4.B).

use super::PartyChess;
use super::{PartyChessError, PartyChessReply};
use crate::app::{Call, PersonRef};
use crate::domain::kernel::authority::Power;
use crate::domain::partychess::kind::Kind;
use crate::domain::partychess::position::{Position, Seat};
use crate::domain::partychess::stock;
use crate::domain::partychess::turns::Turns;
use crate::domain::partychess::SUITE_TEXT;
use crate::store;
use crate::store::partychess::games::GameStage;

impl PartyChess<'_> {
    /// `/partychess umpire`: the Chief Justice names the Chess-Umpire, or leaves the office
    /// empty (the game is then suspended, Rule 1230.2 §1.A). The first naming sets the game up.
    pub async fn name_umpire(
        &self,
        call: &Call,
        who: Option<&PersonRef>,
    ) -> Result<PartyChessReply, PartyChessError> {
        self.execute(call, async |conn, actor| {
            Power::ChiefJustice.require(&actor.offices, "name the Chess-Umpire", "Rule 1230.2 §1")?;
            let now = self.now();
            let current = store::partychess::games::current(conn).await?;
            let sitting = current.as_ref().and_then(|g| g.umpire_id);
            let id = match current {
                Some(g) => g.id,
                None => {
                    let seed = now.timestamp_millis();
                    let pos = serde_json::to_string(&Position::new()).expect("serialises");
                    let turns = serde_json::to_string(&Turns::default()).expect("serialises");
                    store::partychess::games::insert(conn, seed, &pos, &turns, now).await?
                }
            };
            if store::partychess::rules::in_force(conn).await?.is_empty() {
                // Until a club imports its own, the game is played by the published suite.
                self.record_suite(conn, "the published Party Chess Rule Suite", SUITE_TEXT).await?;
            }
            let person = match who {
                Some(p) => Some(p.resolve(conn, now).await?),
                None => None,
            };
            // Naming the umpire who sits already changes nothing: the turn and its clock stay as
            // they are (an extension included), so a re-naming cannot hold a turn open (§4).
            if person.as_ref().map(|p| p.id) == sitting {
                return Err(PartyChessError::UmpireUnchanged(
                    person.map(|p| p.name),
                ));
            }
            if let Some(p) = &person {
                self.umpire_eligibility(conn, p.id, &p.name).await??;
            }
            store::partychess::games::set_umpire(conn, id, person.as_ref().map(|p| p.id)).await?;
            let mut text = match &person {
                Some(p) => format!("{} is the Chess-Umpire of Party Chess (Rule 1230.2 §1); gavel keeps the board and judges the plays in eir name.", p.name),
                None => "There is no Chess-Umpire: the game of Party Chess is suspended (Rule 1230.2 §1.A).".to_owned(),
            };
            let g = self.game(conn).await?;
            if person.is_some() && sitting.is_none() && g.playing() {
                // The game resumes: the state is announced afresh and the turn runs from now. A
                // new umpire taking over from a sitting one leaves the turn as it is.
                text.push('\n');
                text.push_str(&self.begin_turn(conn, g).await?);
            } else {
                self.announce(conn, &text).await?;
            }
            Ok(PartyChessReply(text))
        })
        .await
    }

    /// `/partychess join`: the caller takes an Office of Swinger, at the bottom of the play
    /// list if the game is on (Rule 1230.2 §3.F).
    pub async fn join(&self, call: &Call) -> Result<PartyChessReply, PartyChessError> {
        self.execute(call, async |conn, actor| {
            let mut g = self.game(conn).await?;
            if let Some(seat) = g.seat_of(actor.id) {
                return Err(PartyChessError::AlreadySwinger(i64::from(seat)));
            }
            // A destroyed Office's seat is never given again.
            let seat = store::partychess::games::next_seat(conn, g.row.id).await?;
            store::partychess::games::add_swinger(conn, g.row.id, seat, actor.id, self.now()).await?;
            let mut text = format!(
                "{} holds the Office of Swinger {seat} in Party Chess. Choose five pieces worth at most 30 with /partychess choose (Rule 1230.2 §2.B).",
                actor.name
            );
            if g.playing() {
                // The Office is created now, so it goes on the list now (§3.F); until it has
                // chosen its pieces its turns can only Pass or Surrender.
                g.turns.join(seat as Seat);
                self.save_game(conn, &g).await?;
                text.push_str(" The game is on: the Office's name is placed at the bottom of the play list (Rule 1230.2 §3.F).");
            }
            self.announce(conn, &text).await?;
            Ok(PartyChessReply(text))
        })
        .await
    }

    /// `/partychess choose`: a Swinger's five starting pieces (Rule 1230.2 §2.B); once the game
    /// is on, a new Office receives them at once (§2.C); it went on the list when it was created
    /// (§3.F).
    pub async fn choose_pieces(
        &self,
        call: &Call,
        pieces: &str,
    ) -> Result<PartyChessReply, PartyChessError> {
        self.execute(call, async |conn, actor| {
            let mut g = self.game(conn).await?;
            let seat = g.seat_of(actor.id).ok_or(PartyChessError::NotSwinger)?;
            let row = g
                .swingers
                .iter()
                .find(|s| s.seat == i64::from(seat))
                .cloned();
            if g.playing() && row.is_some_and(|r| r.chosen.is_some()) {
                return Err(PartyChessError::Started(
                    "your pieces were created when it began.",
                ));
            }
            let defined = self.defined_pieces(conn).await?;
            let kinds = stock::choose(pieces, &defined)?;
            // A piece created for the Office before it receives these counts too (§3.G).
            for k in Kind::ALL {
                if let Some(limit) = k.instance_limit() {
                    let n = g.pos.of(seat).filter(|p| p.kind == k).count()
                        + kinds.iter().filter(|x| **x == k).count()
                        + usize::from(k == Kind::King);
                    if n > limit {
                        return Err(PartyChessError::ChoiceOverLimit(k, limit));
                    }
                }
            }
            let letters: Vec<String> = kinds.iter().map(|k| k.letter().to_string()).collect();
            store::partychess::games::set_chosen(
                conn,
                g.row.id,
                i64::from(seat),
                &letters.join(" "),
            )
            .await?;
            let total: u32 = kinds.iter().map(|k| k.value()).sum();
            let mut text = format!(
                "{} chose {} (material value {total} of at most 30).",
                actor.name,
                kinds
                    .iter()
                    .map(|k| k.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            if g.playing() {
                self.create_start_pieces(conn, &mut g, seat, &kinds).await?;
                // On the list since it was created (§3.F): `join` leaves it where it is.
                g.turns.join(seat);
                self.save_game(conn, &g).await?;
                text.push_str(" The pieces and a King are created off-board (Rule 1230.2 §2.C).");
                self.announce(conn, &text).await?;
            }
            Ok(PartyChessReply(text))
        })
        .await
    }

    /// Creates a Swinger's King and five pieces, off-board and free (Rule 1230.2 §2.B).
    async fn create_start_pieces(
        &self,
        conn: &mut sqlx::SqliteConnection,
        g: &mut super::Game,
        seat: Seat,
        kinds: &[Kind],
    ) -> sqlx::Result<()> {
        for k in std::iter::once(&Kind::King).chain(kinds) {
            g.pos.create(*k, seat);
            store::partychess::games::add_ledger(
                conn,
                g.row.id,
                i64::from(seat),
                k.name(),
                0,
                "received at the start, free of charge (Rule 1230.2 §2.B)",
                self.now(),
            )
            .await?;
        }
        Ok(())
    }

    /// `/partychess start`: the Chess-Umpire starts the game: each Swinger's King and five
    /// pieces are created off-board, and the play list is the NAP Swinger and the rest in an
    /// order drawn from the published seed (Rule 1230.2 §2, §3.A).
    pub async fn start(
        &self,
        call: &Call,
        nap: Option<&PersonRef>,
        seed: Option<i64>,
    ) -> Result<PartyChessReply, PartyChessError> {
        self.execute(call, async |conn, actor| {
            let mut g = self.game(conn).await?;
            self.require_umpire(conn, &g, actor.id, "start the game").await?;
            if g.playing() {
                return Err(PartyChessError::Started("it cannot start twice."));
            }
            if g.swingers.len() < 2 {
                return Err(PartyChessError::TooFew(g.swingers.len()));
            }
            let defined = self.defined_pieces(conn).await?;
            let mut chosen = Vec::new();
            for s in g.swingers.clone() {
                let Some(text) = &s.chosen else {
                    if s.person_id.is_none() {
                        return Err(PartyChessError::VacantUnchosen(g.name(s.seat as Seat), s.seat));
                    }
                    return Err(PartyChessError::NotChosen(g.name(s.seat as Seat)));
                };
                chosen.push((s.seat as Seat, stock::choose(text, &defined)?));
            }
            let nap_seat = match nap {
                Some(p) => {
                    let person = p.resolve(conn, self.now()).await?;
                    g.seat_of(person.id).ok_or_else(|| PartyChessError::NoSuchSwinger(person.name.clone()))?
                }
                None => g.swingers[0].seat as Seat,
            };
            let seed = seed.unwrap_or(g.row.seed);
            if seed != g.row.seed {
                sqlx::query("UPDATE partychess_games SET seed = ? WHERE id = ?").bind(seed).bind(g.row.id).execute(&mut *conn).await?;
                g.row.seed = seed;
            }
            for (seat, kinds) in &chosen {
                self.create_start_pieces(conn, &mut g, *seat, kinds).await?;
            }
            g.turns = Turns::start(nap_seat, &g.seats(), seed as u64);
            // An Office left before the start is Warm from the start (§4.B).
            for s in g.swingers.iter().filter(|s| s.warm) {
                g.turns.set_warm(s.seat as Seat, true);
            }
            store::partychess::games::start(conn, g.row.id, self.now()).await?;
            g.row.stage = GameStage::Playing;
            self.save_game(conn, &g).await?;
            let order: Vec<String> = g.turns.list.iter().map(|s| g.name(*s)).collect();
            let head = format!(
                "The game of Party Chess begins. The board is empty; each Swinger has a King and five pieces off-board (Rule 1230.2 §2). The Swinger Play List, the NAP Swinger first and the rest drawn with the published seed {seed} (Rule 1230.2 §3.A): {}.",
                order.join(", ")
            );
            self.announce(conn, &head).await?;
            let turn = self.begin_turn(conn, g).await?;
            Ok(PartyChessReply(format!("{head}\n{turn}")))
        })
        .await
    }

    /// `/partychess leave`: the Swinger gives up eir Office's seat; the Office stays, Warm, and
    /// passes by itself until it is considered to have Surrendered (Rule 1230.2 §4.B).
    pub async fn leave(&self, call: &Call) -> Result<PartyChessReply, PartyChessError> {
        self.execute(call, async |conn, actor| {
            let mut g = self.game(conn).await?;
            let seat = g.seat_of(actor.id).ok_or(PartyChessError::NotSwinger)?;
            store::partychess::games::vacate(conn, g.row.id, i64::from(seat)).await?;
            g.turns.set_warm(seat, true);
            self.save_game(conn, &g).await?;
            let text = format!(
                "{} leaves the Office of Swinger {seat}, which is now Warm: when its turn begins and it is not checked it passes, and after two whole Rounds it is considered to have Surrendered (Rule 1230.2 §4.B).",
                actor.name
            );
            self.announce(conn, &text).await?;
            Ok(PartyChessReply(text))
        })
        .await
    }
}
