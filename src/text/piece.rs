//! A sentence the page marks up in places: plain words, a share of the hardware the page writes
//! as a readout of its own, or words a file stated, which the page isolates (`<bdi>`) so that
//! text in another direction cannot reorder the sentence around it.

use crate::format;
use crate::state::Param;

#[derive(Clone, Debug, PartialEq)]
pub enum Piece {
    Words(String),
    /// A share of the hardware reached: [`Param::Mbu`] or [`Param::Mfu`], and the share.
    Share(Param, f64),
    /// Words as a file stated them.
    Stated(String),
}

impl Piece {
    pub fn words(words: impl Into<String>) -> Piece {
        Piece::Words(words.into())
    }

    /// The pieces as plain text.
    pub fn plain(pieces: &[Piece]) -> String {
        pieces
            .iter()
            .map(|p| match p {
                Piece::Words(words) | Piece::Stated(words) => words.clone(),
                Piece::Share(_, share) => format::percent(*share),
            })
            .collect()
    }
}
