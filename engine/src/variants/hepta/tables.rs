//! Zobrist keys of Hepta: every field that R93 compares (§13 "Hashing and repetition").

use super::{Colour, Pending, Piece, Side, COLOURS, PIECE_CODES};
use crate::geometry::hepta::CELLS;
use crate::zobrist;
use std::sync::OnceLock;

/// Number of pending states with a key (`Normal` has none): `setup`, seven `hdrop`,
/// seven `hshift`, 7 × 8 `rec`, two `smr`.
const PENDING_KEYS: usize = 1 + 7 + 7 + 56 + 2;

pub struct Keys {
    pieces: Vec<u64>,
    pub side: u64,
    pillars: Vec<u64>,
    spots: Vec<u64>,
    pending: Vec<u64>,
    stacks: Vec<u64>,
}

impl Keys {
    fn build() -> Keys {
        let mut all = zobrist::keys(
            0x4845_5054_4100_0007,
            PIECE_CODES * CELLS + 1 + 2 * 5 * COLOURS + 7 * COLOURS + PENDING_KEYS + 8 * COLOURS,
        )
        .into_iter();
        let mut take = |n: usize| all.by_ref().take(n).collect::<Vec<u64>>();
        Keys {
            pieces: take(PIECE_CODES * CELLS),
            side: take(1)[0],
            pillars: take(2 * 5 * COLOURS),
            spots: take(7 * COLOURS),
            pending: take(PENDING_KEYS),
            stacks: take(8 * COLOURS),
        }
    }

    /// `piece` on `cell`.
    #[inline]
    pub fn piece(&self, piece: Piece, cell: usize) -> u64 {
        self.pieces[piece.code() * CELLS + cell]
    }

    /// A Soul of `colour` on Pillar `pillar` of `side`.
    #[inline]
    pub fn pillar(&self, side: Side, pillar: usize, colour: Colour) -> u64 {
        self.pillars[(side * 5 + pillar) * COLOURS + usize::from(colour)]
    }

    /// `colour` on Heptagram spot `spot` (0-based).
    #[inline]
    pub fn spot(&self, spot: usize, colour: Colour) -> u64 {
        self.spots[spot * COLOURS + usize::from(colour)]
    }

    /// The pending state (0 for the normal state).
    pub fn pending(&self, pending: Pending) -> u64 {
        let index = match pending {
            Pending::Normal => return 0,
            Pending::Setup => 0,
            Pending::Drop(c) => 1 + usize::from(c),
            Pending::Shift(c) => 8 + usize::from(c),
            Pending::Recovery(c, step) => 15 + 8 * usize::from(c) + usize::from(step - 1),
            Pending::MasterPlacement(step) => 70 + usize::from(step),
        };
        self.pending[index]
    }

    /// A berserk stack of `size` (1–8) Souls of `colour` (0 for no stack).
    pub fn stack(&self, colour: Colour, size: u8) -> u64 {
        if size == 0 {
            0
        } else {
            self.stacks[usize::from(colour) * 8 + usize::from(size - 1)]
        }
    }
}

pub fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(Keys::build)
}
