//! The state of the game's pieces: every piece with its owner and place (on a square or
//! off-board, Rule 1230.1 §2.C), a HarfyBlob's Hn, and each Swinger's last Move or Capture (which
//! an Echo copies, Rule 1230.10).

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::board::{Square, SIZE};
use super::kind::Kind;
use super::squares::SquareSet;

thread_local! {
    /// Whether `Position::at` records the squares it is asked about (see `probe`).
    static PROBING: Cell<bool> = const { Cell::new(false) };
    static PROBED: RefCell<SquareSet> = RefCell::new(SquareSet::default());
}

/// Runs `f`, returning with its result every square whose occupant it looked at: a question
/// about the position whose answer cannot change while those squares do not.
pub fn probe<T>(f: impl FnOnce() -> T) -> (T, SquareSet) {
    let was = PROBING.with(|p| p.replace(true));
    let before = PROBED.with(|s| std::mem::take(&mut *s.borrow_mut()));
    let out = f();
    let seen = PROBED.with(|s| std::mem::replace(&mut *s.borrow_mut(), before));
    PROBING.with(|p| p.set(was));
    if was {
        // An enclosing probe saw these squares too.
        PROBED.with(|s| {
            for sq in seen.iter() {
                s.borrow_mut().insert(sq);
            }
        });
    }
    (out, seen)
}

/// Records `squares` as looked at, when a probe listens: for a caller that read them
/// without `Position::at`.
pub fn record(squares: &SquareSet) {
    if PROBING.with(Cell::get) {
        PROBED.with(|s| {
            let mut probed = s.borrow_mut();
            for sq in squares.iter() {
                probed.insert(sq);
            }
        });
    }
}

/// A Swinger's seat in the game (the app maps it to the office and its holder).
pub type Seat = u32;

/// One piece.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    pub id: u32,
    pub kind: Kind,
    pub owner: Seat,
    /// Its square, or `None` off-board.
    pub at: Option<Square>,
    /// A HarfyBlob's Hn (Rule 1230.14); 1 for every other piece.
    pub hn: u8,
}

impl Piece {
    /// The piece as lists write it: its character, and a HarfyBlob's Hn, which is its own
    /// (Rule 1230.14): `R`, `H(Hn3)`.
    pub fn label(&self) -> String {
        if self.kind == Kind::HarfyBlob {
            format!("{}(Hn{})", self.kind.letter(), self.hn)
        } else {
            self.kind.letter().to_string()
        }
    }

    /// The piece by its type's name, with a HarfyBlob's Hn: `Rook`, `HarfyBlob (Hn 3)`.
    pub fn named(&self) -> String {
        if self.kind == Kind::HarfyBlob {
            format!("{} (Hn {})", self.kind.name(), self.hn)
        } else {
            self.kind.name().to_owned()
        }
    }
}

/// What an Echo of a Swinger moves as (Rule 1230.10 §2): the type that made the Swinger's most
/// recent play, if it was a Move or a Capture, and that piece's Hn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Copied {
    pub kind: Kind,
    pub hn: u8,
}

/// Every piece of the game and where it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Stored", into = "Stored")]
pub struct Position {
    pieces: Vec<Piece>,
    /// For each square, the index in `pieces` of the piece on it.
    grid: Vec<Option<u16>>,
    /// Each Swinger's most recent play, as an Echo reads it.
    pub last: BTreeMap<Seat, Copied>,
    next_id: u32,
}

#[derive(Serialize, Deserialize)]
struct Stored {
    pieces: Vec<Piece>,
    #[serde(default)]
    last: BTreeMap<Seat, Copied>,
    next_id: u32,
}

impl From<Stored> for Position {
    fn from(s: Stored) -> Position {
        let mut p = Position {
            pieces: s.pieces,
            grid: Vec::new(),
            last: s.last,
            next_id: s.next_id,
        };
        p.reindex();
        p
    }
}

impl From<Position> for Stored {
    fn from(p: Position) -> Stored {
        Stored {
            pieces: p.pieces,
            last: p.last,
            next_id: p.next_id,
        }
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// No pieces (Rule 1230.2 §2.A).
    pub fn new() -> Position {
        Position {
            pieces: Vec::new(),
            grid: vec![None; usize::from(SIZE) * usize::from(SIZE)],
            last: BTreeMap::new(),
            next_id: 1,
        }
    }

    fn reindex(&mut self) {
        self.grid = vec![None; usize::from(SIZE) * usize::from(SIZE)];
        for (i, p) in self.pieces.iter().enumerate() {
            if let Some(sq) = p.at {
                self.grid[sq.index()] = Some(i as u16);
            }
        }
    }

    /// Creates a piece off-board for `owner` and returns its id (Rule 1230.1 §2.D).
    pub fn create(&mut self, kind: Kind, owner: Seat) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.pieces.push(Piece {
            id,
            kind,
            owner,
            at: None,
            hn: 1,
        });
        id
    }

    /// Creates a piece straight onto a square (for tests and the bench).
    pub fn put(&mut self, kind: Kind, owner: Seat, sq: Square) -> u32 {
        let id = self.create(kind, owner);
        self.set_square(id, Some(sq));
        id
    }

    /// The piece on a square.
    #[inline]
    pub fn at(&self, sq: Square) -> Option<&Piece> {
        if PROBING.with(Cell::get) {
            PROBED.with(|s| s.borrow_mut().insert(sq));
        }
        self.grid[sq.index()].map(|i| &self.pieces[usize::from(i)])
    }

    /// Whether a probe is recording the squares `at` is asked about.
    #[inline]
    pub fn probing() -> bool {
        PROBING.with(Cell::get)
    }

    /// `at` without recording the square: for a caller that asks about many squares and has
    /// checked that no probe is listening.
    #[inline]
    pub fn at_unrecorded(&self, sq: Square) -> Option<&Piece> {
        self.grid[sq.index()].map(|i| &self.pieces[usize::from(i)])
    }

    /// A piece by id.
    pub fn piece(&self, id: u32) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.id == id)
    }

    fn index_of(&self, id: u32) -> Option<usize> {
        self.pieces.iter().position(|p| p.id == id)
    }

    /// Every piece.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The pieces on the board.
    pub fn on_board(&self) -> impl Iterator<Item = &Piece> {
        self.pieces.iter().filter(|p| p.at.is_some())
    }

    /// A Swinger's pieces.
    pub fn of(&self, seat: Seat) -> impl Iterator<Item = &Piece> {
        self.pieces.iter().filter(move |p| p.owner == seat)
    }

    /// A Swinger's King on the board.
    pub fn king_of(&self, seat: Seat) -> Option<Square> {
        self.of(seat)
            .find(|p| p.kind == Kind::King && p.at.is_some())
            .and_then(|p| p.at)
    }

    /// Moves a piece to a square or off-board.
    pub fn set_square(&mut self, id: u32, to: Option<Square>) {
        let Some(i) = self.index_of(id) else { return };
        if let Some(old) = self.pieces[i].at {
            self.grid[old.index()] = None;
        }
        self.pieces[i].at = to;
        if let Some(new) = to {
            self.grid[new.index()] = Some(i as u16);
        }
    }

    /// Gives a piece to another Swinger.
    pub fn set_owner(&mut self, id: u32, owner: Seat) {
        if let Some(i) = self.index_of(id) {
            self.pieces[i].owner = owner;
        }
    }

    /// Changes a piece's type (a promotion, Rule 1230.1 §3.C).
    pub fn set_kind(&mut self, id: u32, kind: Kind) {
        if let Some(i) = self.index_of(id) {
            self.pieces[i].kind = kind;
        }
    }

    /// Sets a HarfyBlob's Hn.
    pub fn set_hn(&mut self, id: u32, hn: u8) {
        if let Some(i) = self.index_of(id) {
            self.pieces[i].hn = hn;
        }
    }

    /// Destroys a piece: it leaves the game.
    pub fn destroy(&mut self, id: u32) {
        self.set_square(id, None);
        self.pieces.retain(|p| p.id != id);
        self.reindex();
    }
}
