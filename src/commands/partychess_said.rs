//! The words of Party Chess's answers: the Chess-Umpire's own words, announced to the game or
//! shown, about Party Chess (its card).

use crate::app::partychess::PartyChessReply;
use crate::commands::said::{displayed_as_said, Kind, Present, Said};

displayed_as_said!(PartyChessReply);

impl Present for PartyChessReply {
    fn present(&self) -> Said {
        Said::about_kind(Kind::PartyChess, self.0.clone())
    }
}
