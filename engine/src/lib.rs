//! Tessera's engine library: board geometry, bitboards, Zobrist keys, the [`Game`] trait,
//! the rules of each variant (`variants/<id>/`) and perft.

pub mod bitboard;
pub mod game;
pub mod geometry;
pub mod notation;
pub mod perft;
pub mod search;
pub mod variants;
pub mod view;
pub mod zobrist;

pub use game::{
    Game, MoveError, MoveErrorKind, Outcome, Points, PositionError, PositionErrorKind, Seat, Status,
};
