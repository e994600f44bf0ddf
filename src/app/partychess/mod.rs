//! Party Chess (Rules 1230.1-1230.21) with gavel doing the Chess-Umpire's duties in the
//! umpire's name: the Rule Suite and which of its rules define pieces, the game's set-up, the
//! plays and their legality, Check and the play list, turns that time out, the Weights, and the
//! board. The rules are `domain::partychess`'s; every play is announced.

mod adopted;
mod aftermath;
mod create;
mod office;
mod rules;
mod setup;
mod turn;
mod views;
mod warm;

use std::collections::BTreeMap;

use sqlx::SqliteConnection;

use crate::app::{App, UseCaseError};
use crate::domain::kernel::authority::Unauthorised;
use crate::domain::partychess::defs;
use crate::domain::partychess::kind::Kind;
use crate::domain::partychess::legal::PlayError;
use crate::domain::partychess::position::{Position, Seat};
use crate::domain::partychess::stock::ChoiceError;
use crate::domain::partychess::turns::TurnLimits;
use crate::domain::partychess::turns::{ExtendError, Turns};
use crate::store::partychess::games::GameStage;
use crate::store::{self, partychess::games::GameRow, partychess::games::SwingerRow};

pub use rules::SuiteImported;
pub use turn::Typed;
pub use views::GameRecord;

/// Why a Party Chess command was refused.
#[derive(Debug, thiserror::Error)]
pub enum PartyChessError {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error("No game of Party Chess has been set up: the Chief Justice names a Chess-Umpire with /partychess umpire.")]
    NoGame,
    #[error("The Party Chess Rule Suite has not been imported: `gavel rules import party-chess-rules.txt` loads it.")]
    NoSuite,
    #[error("The game of Party Chess is suspended: there is no Chess-Umpire (Rule 1230.2 §1.A).")]
    Suspended,
    #[error(transparent)]
    NotEligible(#[from] crate::domain::partychess::umpire::NotEligible),
    #[error("Only the Chess-Umpire, {0}, may {1} (Rule 1230.2 §1).")]
    NotUmpire(String, &'static str),
    #[error("You are already a Swinger, in seat {0}.")]
    AlreadySwinger(i64),
    #[error("{}: naming the sitting Chess-Umpire again changes nothing, and the turn and its time limit stay as they are (Rule 1230.2 §1.A, §4).", .0.as_deref().map_or("There is no Chess-Umpire already".to_owned(), |n| format!("{n} is the Chess-Umpire already")))]
    UmpireUnchanged(Option<String>),
    #[error("{0} holds the Office of Swinger {1} already.")]
    HoldsOffice(String, i64),
    #[error("With the pieces created for your Office already, this choice would give it more than {1} {0}, its instance limit (Rule 1230.1 §3.G).")]
    ChoiceOverLimit(Kind, usize),
    #[error("The game has no Office of Swinger {0}.")]
    NoSuchOffice(i64),
    #[error("{0} holds that Office: only an Office nobody holds may be destroyed or filled.")]
    OfficeHeld(String),
    #[error("You hold no Office of Swinger in this game: /partychess join takes one.")]
    NotSwinger,
    #[error("You hold no Office of Swinger and left none Warm in this game: a Surrender is a Swinger's play, or the notice of the last holder of a Warm Office (Rule 1230.2 §4.B(iv), §6.E).")]
    NoWarmOffice,
    #[error("{0} has no piece on the board, so its Surrender would change nothing: a Surrender moves the Swinger's pieces off-board (Rule 1230.2 §6.E).")]
    NothingToSurrender(String),
    #[error("The game has started: {0}")]
    Started(&'static str),
    #[error("The game has not started yet: the Chess-Umpire starts it with /partychess start.")]
    NotStarted,
    #[error("A game needs at least two Swingers; it has {0}.")]
    TooFew(usize),
    #[error("{0} has not chosen eir five pieces yet (/partychess choose, Rule 1230.2 §2.B).")]
    NotChosen(String),
    #[error("{0} has no holder and no pieces chosen, so the game cannot start (Rule 1230.2 §2.B, §3.A): the Chess-Umpire destroys the Office with /partychess office seat:{1}, or seats a member in it with /partychess office seat:{1} member:@name.")]
    VacantUnchosen(String, i64),
    #[error("{0} is not a Swinger of this game.")]
    NoSuchSwinger(String),
    #[error("It is {0}'s turn, not yours (Rule 1230.2 §3.B).")]
    NotYourTurn(String),
    #[error("“{0}” is the character of no piece defined by a PartyChessPieceDef rule now (Rule 1230.1 §3.A); /partychess pieces lists them.")]
    UnknownPiece(String),
    #[error(
        "“{0}” is not a list of squares: write them as e7 or, for a Tornado's segments, e7,g9,g12."
    )]
    BadPath(String),
    #[error("“{0}” is not a promotion: write the character of the piece the playing piece becomes (promote:R) and, for a Demon that did not make the play, its square and the character (promote:\"f7=R\", Rule 1230.18 §3), separated by commas.")]
    BadPromote(String),
    #[error("{0}")]
    Square(#[from] crate::domain::partychess::board::SquareError),
    #[error("{0}")]
    Play(#[from] PlayError),
    #[error("{0}")]
    Choice(#[from] ChoiceError),
    #[error("{0}")]
    Extend(#[from] ExtendError),
    #[error("{0}")]
    Create(#[from] crate::domain::partychess::create::CreateError),
    #[error("The rule suite could not be read: {0}")]
    Suite(String),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for PartyChessError {
    fn is_internal(&self) -> bool {
        matches!(self, PartyChessError::Store(_))
    }
}

/// The Weights posted after an entry of the history, as it keeps them: the types defined then
/// and each Swinger's Weight in halves (Rule 1230.3).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(crate) struct Posted {
    pub defined: Vec<Kind>,
    pub x2: BTreeMap<Seat, u32>,
}

/// A position as the history keeps it.
pub(crate) fn position_json(pos: &Position) -> String {
    serde_json::to_string(pos).expect("a position serialises")
}

/// Party Chess's use cases (gavel as its Chess-Umpire): `app.partychess().play(...)`.
pub struct PartyChess<'a>(&'a App);

impl App {
    /// The use cases of Party Chess.
    pub fn partychess(&self) -> PartyChess<'_> {
        PartyChess(self)
    }
}

impl std::ops::Deref for PartyChess<'_> {
    type Target = App;
    fn deref(&self) -> &App {
        self.0
    }
}

/// What the Chess-Umpire said: as umpire gavel answers a play, a change or a question with the
/// words it announces to the game (or shows, for the board, the pieces and the Weights), so the
/// outcome is those words, presented in `commands/partychess_said.rs`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartyChessReply(pub String);

/// The game as loaded: its row, the position, the play list and the Swingers by seat.
pub(crate) struct Game {
    pub row: GameRow,
    pub pos: Position,
    pub turns: Turns,
    pub swingers: Vec<SwingerRow>,
    /// The names of the Swingers' holders by seat ("seat 3 (Warm)" for a vacant office).
    pub names: BTreeMap<Seat, String>,
    /// The piece types defined by PartyChessPieceDef rules now (Rule 1230.1 §3.A).
    pub defined: Vec<Kind>,
    /// The turn's time limits, as Rule 1230.2 in force sets them and gavel reads them (§4).
    pub limits: TurnLimits,
}

impl Game {
    pub fn seats(&self) -> Vec<Seat> {
        self.swingers.iter().map(|s| s.seat as Seat).collect()
    }

    pub fn name(&self, seat: Seat) -> String {
        self.names
            .get(&seat)
            .cloned()
            .unwrap_or_else(|| format!("Swinger {seat}"))
    }

    pub fn playing(&self) -> bool {
        self.row.stage == GameStage::Playing
    }

    /// The pieces an Office is still to receive: its King and the five it chose, until the
    /// game is on and it has chosen (Rule 1230.2 §2.B, §2.C).
    pub fn to_come(&self, seat: Seat, defined: &[Kind]) -> Vec<Kind> {
        let Some(row) = self.swingers.iter().find(|s| s.seat == i64::from(seat)) else {
            return Vec::new();
        };
        if self.playing() && row.chosen.is_some() {
            return Vec::new();
        }
        let chosen = row
            .chosen
            .as_deref()
            .and_then(|c| crate::domain::partychess::stock::choose(c, defined).ok())
            .unwrap_or_default();
        std::iter::once(Kind::King).chain(chosen).collect()
    }

    pub fn seat_of(&self, person: i64) -> Option<Seat> {
        self.swingers
            .iter()
            .find(|s| s.person_id == Some(person))
            .map(|s| s.seat as Seat)
    }
}

impl PartyChess<'_> {
    /// The current game.
    pub(crate) async fn game(&self, conn: &mut SqliteConnection) -> Result<Game, PartyChessError> {
        let row = store::partychess::games::current(conn)
            .await?
            .ok_or(PartyChessError::NoGame)?;
        let pos: Position = serde_json::from_str(&row.position).unwrap_or_default();
        let mut turns: Turns = serde_json::from_str(&row.turns).unwrap_or_default();
        let swingers = store::partychess::games::swingers(conn, row.id).await?;
        if !row.turns.contains("\"checked\"") {
            // A play list saved before it recorded who is in Check: the Checks on the board now
            // were announced by the play that made them.
            let seats: Vec<Seat> = swingers.iter().map(|s| s.seat as Seat).collect();
            turns.checked = crate::domain::partychess::check::checked(&pos, &seats);
        }
        let mut names = BTreeMap::new();
        for s in &swingers {
            let name = match s.person_id {
                Some(id) => format!(
                    "{} (Swinger {})",
                    store::people::by_id(conn, id).await?.name,
                    s.seat
                ),
                None => format!("Swinger {} (Warm)", s.seat),
            };
            names.insert(s.seat as Seat, name);
        }
        let defined = match self.defined_pieces(conn).await {
            Ok(d) => d,
            Err(PartyChessError::NoSuite) => Vec::new(),
            Err(e) => return Err(e),
        };
        let rules: Vec<_> = store::partychess::rules::in_force(conn)
            .await?
            .iter()
            .map(|r| r.to_rule())
            .collect();
        let limits = crate::domain::partychess::read_texts::limits_in_force(&rules);
        Ok(Game {
            row,
            pos,
            turns,
            swingers,
            names,
            defined,
            limits,
        })
    }

    /// Saves the position and the play list.
    pub(crate) async fn save_game(
        &self,
        conn: &mut SqliteConnection,
        g: &Game,
    ) -> sqlx::Result<()> {
        let pos = serde_json::to_string(&g.pos).expect("a position serialises");
        let turns = serde_json::to_string(&g.turns).expect("turns serialise");
        store::partychess::games::save_state(conn, g.row.id, &pos, &turns).await
    }

    /// The piece types defined by PartyChessPieceDef rules now (Rule 1230.1 §3.A).
    pub(crate) async fn defined_pieces(
        &self,
        conn: &mut SqliteConnection,
    ) -> Result<Vec<Kind>, PartyChessError> {
        let rules: Vec<_> = store::partychess::rules::in_force(conn)
            .await?
            .iter()
            .map(|r| r.to_rule())
            .collect();
        if rules.is_empty() {
            return Err(PartyChessError::NoSuite);
        }
        Ok(defs::defined(&defs::judge(&rules)))
    }

    /// The umpire's name, refusing while there is none (Rule 1230.2 §1.A).
    pub(crate) async fn umpire_name(
        &self,
        conn: &mut SqliteConnection,
        g: &Game,
    ) -> Result<String, PartyChessError> {
        let id = g.row.umpire_id.ok_or(PartyChessError::Suspended)?;
        Ok(store::people::by_id(conn, id).await?.name)
    }

    /// Whether someone may be the Chess-Umpire now (Rule 1230.2 §1.B).
    pub(crate) async fn umpire_eligibility(
        &self,
        conn: &mut SqliteConnection,
        person: i64,
        name: &str,
    ) -> sqlx::Result<Result<(), crate::domain::partychess::umpire::NotEligible>> {
        let player = crate::domain::partychess::umpire::Player {
            name: name.to_owned(),
            member: store::people::open_membership(conn, person)
                .await?
                .is_some(),
            banned: self
                .moderation()
                .restrictions(conn, person, self.now())
                .await?
                .banned(),
        };
        Ok(crate::domain::partychess::umpire::may_umpire(&player))
    }

    /// Refuses anyone but the Chess-Umpire.
    pub(crate) async fn require_umpire(
        &self,
        conn: &mut SqliteConnection,
        g: &Game,
        actor: i64,
        what: &'static str,
    ) -> Result<String, PartyChessError> {
        let name = self.umpire_name(conn, g).await?;
        if g.row.umpire_id != Some(actor) {
            return Err(PartyChessError::NotUmpire(name, what));
        }
        Ok(name)
    }
}
