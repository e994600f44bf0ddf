//! Plays and turns: `/partychess move|capture|place|pass|surrender` judged and made on the
//! Swinger's turn (Rule 1230.2 §6, §7); after each, instance limits, the Checks begun announced
//! with the newly checked moving up the play list (§3.C/D) and the Weights (Rule 1230.3); each
//! turn announced with its deadline, Warm Offices and skipped Swingers settled one at a time
//! (§4.B), the typed job making the default play at expiry (§4), and the umpire's extension
//! (§4.A).

use sqlx::SqliteConnection;

use super::PartyChess;
use super::{Game, PartyChessError, PartyChessReply};
use crate::app::Call;
use crate::domain::partychess::board::Square;
use crate::domain::partychess::check;
use crate::domain::partychess::generate::default_play;
use crate::domain::partychess::kind::Kind;
use crate::domain::partychess::legal::judge;
use crate::domain::partychess::play::{apply, DemonPromotion, Play};
use crate::domain::partychess::position::{Position, Seat};
use crate::domain::partychess::settle;
use crate::domain::partychess::stock;
use crate::domain::partychess::turns::{self, Auto};
use crate::jobs::{self, Job};
use crate::store;
use crate::store::partychess::games::PlayHow;

/// A play as typed, read once the pieces in force are known.
pub enum Typed<'a> {
    Move {
        from: &'a str,
        to: &'a str,
        promote: Option<&'a str>,
    },
    Capture {
        from: &'a str,
        to: &'a str,
        promote: Option<&'a str>,
    },
    Place {
        piece: &'a str,
        at: &'a str,
        /// Which off-board HarfyBlob, by its Hn.
        hn: Option<i64>,
    },
    Pass,
    Surrender,
}

fn kind(text: &str, defined: &[Kind]) -> Result<Kind, PartyChessError> {
    let t = text.trim();
    let mut chars = t.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Kind::by_letter(c, defined),
        _ => defined
            .iter()
            .copied()
            .find(|k| k.name().eq_ignore_ascii_case(t)),
    }
    .ok_or_else(|| PartyChessError::UnknownPiece(t.to_owned()))
}

/// `promote:` as typed: the type the playing piece becomes (`R`), and each Demon that did not
/// make the play promoted after it (`f7=R`, Rule 1230.18 §3), separated by commas.
fn promotions(
    text: Option<&str>,
    defined: &[Kind],
) -> Result<(Option<Kind>, Vec<DemonPromotion>), PartyChessError> {
    let mut own = None;
    let mut demons = Vec::new();
    let bad = || PartyChessError::BadPromote(text.unwrap_or_default().to_owned());
    for item in text
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        match item.split_once('=') {
            Some((at, k)) => demons.push(DemonPromotion {
                at: Square::parse(at.trim()).map_err(|_| bad())?,
                to: kind(k, defined)?,
            }),
            None if own.is_none() => own = Some(kind(item, defined)?),
            None => return Err(bad()),
        }
    }
    Ok((own, demons))
}

impl Typed<'_> {
    fn read(&self, defined: &[Kind]) -> Result<Play, PartyChessError> {
        let promote = |p: Option<&str>| promotions(p, defined);
        Ok(match self {
            Typed::Move {
                from,
                to,
                promote: p,
            } => {
                let (promote, demons) = promote(*p)?;
                Play::Move {
                    from: Square::parse(from)?,
                    to: Square::parse(to)?,
                    promote,
                    demons,
                }
            }
            Typed::Capture {
                from,
                to,
                promote: p,
            } => {
                let path = to
                    .split([',', ' '])
                    .filter(|s| !s.is_empty())
                    .map(Square::parse)
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|_| PartyChessError::BadPath((*to).to_owned()))?;
                if path.is_empty() {
                    return Err(PartyChessError::BadPath((*to).to_owned()));
                }
                let (promote, demons) = promote(*p)?;
                Play::Capture {
                    from: Square::parse(from)?,
                    path,
                    promote,
                    demons,
                }
            }
            Typed::Place { piece, at, hn } => Play::Place {
                kind: kind(piece, defined)?,
                at: Square::parse(at)?,
                hn: hn.and_then(|h| u8::try_from(h).ok()),
            },
            Typed::Pass => Play::Pass,
            Typed::Surrender => Play::Surrender,
        })
    }
}

impl PartyChess<'_> {
    /// A play by the Swinger whose turn it is, judged by the rules; an illegal play is refused
    /// with the rule that forbids it.
    pub async fn play(
        &self,
        call: &Call,
        typed: Typed<'_>,
    ) -> Result<PartyChessReply, PartyChessError> {
        self.execute(call, async |conn, actor| {
            let mut g = self.game(conn).await?;
            if !g.playing() {
                return Err(PartyChessError::NotStarted);
            }
            self.umpire_name(conn, &g).await?;
            let Some(seat) = g.seat_of(actor.id) else {
                if matches!(typed, Typed::Surrender) {
                    return self.warm_surrender(conn, g, &actor.name, actor.id).await;
                }
                return Err(PartyChessError::NotSwinger);
            };
            let top = g.turns.top().unwrap_or(seat);
            if top != seat {
                return Err(PartyChessError::NotYourTurn(g.name(top)));
            }
            let defined = self.defined_pieces(conn).await?;
            let play = typed.read(&defined)?;
            let judged = judge(&g.pos, seat, &play, &defined)?;
            let written = play.written(&g.pos);
            let before = std::mem::replace(&mut g.pos, judged.after);
            let text = self
                .after_play(
                    conn,
                    g,
                    seat,
                    (&play, &written, &before),
                    PlayHow::Announced,
                    judged.effects.lines,
                )
                .await?;
            Ok(PartyChessReply(text))
        })
        .await
    }

    /// What follows every play: its record, instance limits, Check, the play list, the Weights,
    /// the announcement, and the next turn.
    pub(super) async fn after_play(
        &self,
        conn: &mut SqliteConnection,
        mut g: Game,
        seat: Seat,
        (play, written, before): (&Play, &str, &Position),
        how: PlayHow,
        effects: Vec<String>,
    ) -> Result<String, PartyChessError> {
        let now = self.now();
        let who = g.name(seat);
        let manner = match how {
            PlayHow::Default => " by default, the turn's time having run out (Rule 1230.2 §4)",
            PlayHow::Announced | PlayHow::Warm | PlayHow::Skipped | PlayHow::Umpire => "",
        };
        let mut lines = vec![format!("Party Chess: {who} plays {written}{manner}.")];
        lines.extend(effects);
        let number = store::partychess::games::plays(conn, g.row.id).await?.len() as u64;
        let changes = stock::enforce_limits(&mut g.pos, (g.row.seed as u64).wrapping_add(number));
        lines.extend(changes.iter().map(|c| super::rules::describe_change(&g, c)));
        let json = serde_json::to_string(play).expect("a play serialises");
        store::partychess::games::add_play(
            conn,
            g.row.id,
            Some(i64::from(seat)),
            Some(&json),
            how,
            &lines.join(" "),
            now,
            (&super::position_json(before), &super::position_json(&g.pos)),
        )
        .await?;
        g.turns.end_turn();
        let (words, posted) = g.after_change();
        lines.extend(words);
        store::partychess::games::set_weights_last(conn, g.row.id, &posted).await?;
        let text = lines.join("\n");
        self.announce(conn, &text).await?;
        let next = self.begin_turn(conn, g).await?;
        Ok(format!("{text}\n{next}"))
    }

    /// Begins the next turn: settles Warm Offices and skipped Swingers one at a time, each
    /// automatic play followed by its Checks and the Weights; announces whose turn it is with
    /// its deadline, and schedules the default play.
    pub(super) async fn begin_turn(
        &self,
        conn: &mut SqliteConnection,
        mut g: Game,
    ) -> Result<String, PartyChessError> {
        let now = self.now();
        if g.row.umpire_id.is_none() {
            self.save_game(conn, &g).await?;
            return Ok(
                "The game is suspended: there is no Chess-Umpire (Rule 1230.2 §1.A).".into(),
            );
        }
        let seats = g.seats();
        let mut before = g.pos.clone();
        let steps = settle::settle(&mut g.turns, &mut g.pos, &seats, &g.defined);
        let mut lines = Vec::new();
        for step in steps {
            let (how, why) = match step.auto {
                Auto::Skipped(_) => (PlayHow::Skipped, "is skipped: 7 or more Swingers have pieces on the board and e has none (Rule 1230.2 §4.B(iii))"),
                Auto::WarmPass(_) => (PlayHow::Warm, "passes: the Office is Warm and not checked (Rule 1230.2 §4.B(i))"),
                Auto::WarmSurrender(_) => (PlayHow::Warm, "surrenders: the Office has been Warm for two whole Rounds (Rule 1230.2 §4.B(i))"),
            };
            let seat = step.auto.seat();
            let line = format!("{} {why}.", g.name(seat));
            let json = step
                .play()
                .map(|p| serde_json::to_string(&p).expect("serialises"));
            store::partychess::games::add_play(
                conn,
                g.row.id,
                Some(i64::from(seat)),
                json.as_deref(),
                how,
                &line,
                now,
                (
                    &super::position_json(&before),
                    &super::position_json(&step.after),
                ),
            )
            .await?;
            before = step.after.clone();
            lines.push(line);
            if let Some(checks) = &step.checks {
                // An automatic play is a play: its Checks and the Weights follow (§1.C(iv), (v)).
                lines.extend(g.check_lines(checks));
                lines.push(g.weights_words(&step.weights));
                let posted = g.posted(&step.weights);
                store::partychess::games::set_weights_last(conn, g.row.id, &posted).await?;
            }
        }
        let number = g.row.turn_number + 1;
        // Rule 1230.2 §4's time limit as the rule in force sets it (an amendment gavel reads
        // is followed from the next turn announced).
        let deadline = turns::deadline(now, g.limits.days, self.tz());
        store::partychess::games::begin_turn(conn, g.row.id, number, Some(now), Some(deadline))
            .await?;
        jobs::schedule(
            conn,
            &Job::PartyChessTurn {
                game: g.row.id,
                turn: number,
            },
            deadline,
        )
        .await?;
        self.save_game(conn, &g).await?;
        let top = g.turns.top().map(|s| g.name(s)).unwrap_or_default();
        let list: Vec<String> = g.turns.list.iter().map(|s| g.name(*s)).collect();
        let mut text = format!(
            "Turn {number} (Round {}): it is {top}'s turn, until {}; then e passes if that is legal, or else surrenders (Rule 1230.2 §4). The play list: {}.",
            g.turns.round_count + 1,
            crate::domain::kernel::calendar::show_club(deadline, self.tz()),
            list.join(", ")
        );
        if let Some(s) = g.turns.top().filter(|s| check::in_check(&g.pos, *s)) {
            text.push_str(&format!(" {} is in Check.", g.name(s)));
        }
        if let Some(url) = &self.config().portal.public_url {
            text.push_str(&format!(
                " The board: {}/partychess/{}/board.png",
                url.trim_end_matches('/'),
                g.row.id
            ));
        }
        let turn_line = text.clone();
        lines.push(text);
        let text = lines.join("\n");
        self.announce(conn, &text).await?;
        let holder = g.turns.top().and_then(|top| {
            g.swingers
                .iter()
                .find(|s| s.seat as Seat == top)
                .and_then(|s| s.person_id)
        });
        if let Some(person) = holder {
            let notice = crate::domain::notify::Notice::PartyChess;
            self.send_notice(conn, person, notice, &turn_line, &[])
                .await?;
        }
        Ok(text)
    }

    /// The turn's time ran out (the `PartyChessTurn` job): the Swinger makes the default play,
    /// a Pass if legal, otherwise a Surrender (Rule 1230.2 §4). Nothing if the turn was played,
    /// the game is over or suspended.
    pub(crate) async fn turn_expired(
        &self,
        conn: &mut SqliteConnection,
        game: i64,
        turn: i64,
    ) -> anyhow::Result<String> {
        let g = match self.game(conn).await {
            Ok(g) if g.row.id == game => g,
            _ => return Ok("the game is no longer the current one".into()),
        };
        if !g.playing() || g.row.turn_number != turn {
            return Ok("the turn was already played".into());
        }
        if g.row.umpire_id.is_none() {
            return Ok("the game is suspended: there is no Chess-Umpire".into());
        }
        let Some(seat) = g.turns.top() else {
            return Ok("nobody is on the play list".into());
        };
        let play = default_play(&g.pos, seat);
        let mut g = g;
        let before = g.pos.clone();
        let effects = apply(&mut g.pos, seat, &play).lines;
        let written = play.to_string();
        self.after_play(
            conn,
            g,
            seat,
            (&play, &written, &before),
            PlayHow::Default,
            effects,
        )
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))
    }

    /// `/partychess extend`: the Chess-Umpire extends the turn to up to seven days after the
    /// announcement of the game's state (Rule 1230.2 §4.A), or the number the rule in force
    /// sets.
    pub async fn extend_turn(
        &self,
        call: &Call,
        days: i64,
    ) -> Result<PartyChessReply, PartyChessError> {
        self.execute(call, async |conn, actor| {
            let g = self.game(conn).await?;
            self.require_umpire(conn, &g, actor.id, "extend a turn").await?;
            if !g.playing() {
                return Err(PartyChessError::NotStarted);
            }
            let announced = g.row.announced_at.unwrap_or(self.now());
            // The turn as it stands: a second extension only lengthens it further (§4.A).
            let has = g.row.deadline.map_or(g.limits.days, |d| {
                turns::days_given(announced, d, self.tz())
            });
            turns::check_extension(days, has, g.limits)?;
            let deadline = turns::deadline(announced, days, self.tz());
            store::partychess::games::set_deadline(conn, g.row.id, deadline).await?;
            jobs::schedule(conn, &Job::PartyChessTurn { game: g.row.id, turn: g.row.turn_number }, deadline).await?;
            let top = g.turns.top().map(|s| g.name(s)).unwrap_or_default();
            let text = format!(
                "The Chess-Umpire extends {top}'s turn to {days} days after the announcement: until {} (Rule 1230.2 §4.A).",
                crate::domain::kernel::calendar::show_club(deadline, self.tz())
            );
            self.announce(conn, &text).await?;
            Ok(PartyChessReply(text))
        })
        .await
    }
}
