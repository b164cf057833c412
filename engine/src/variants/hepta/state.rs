//! The position: main board, Temples, Heptagram, pending state and berserk stacks, with
//! setters that keep the bitboards and the Zobrist hash up to date.

use super::tables::keys;
use super::{Colour, Piece, Side, BLACK, COLOURS, ELIMINATE, WHITE};
use crate::bitboard::Bitboard;
use crate::geometry::hepta::{hepta_board, CELLS};

/// The state of R51, as the pending field writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pending {
    /// `-`
    Normal,
    /// `setup`: Black arranges the Heptagram (R50).
    Setup,
    /// `hdrop:c` (R63).
    Drop(Colour),
    /// `hshift:c` (R64).
    Shift(Colour),
    /// `rec:c:n`, n = 1…8 (R72–R75).
    Recovery(Colour, u8),
    /// `smr:1`, `smr:2` (R88, R89).
    MasterPlacement(u8),
}

/// Kind indices of `State::kinds`.
pub const SOULS: usize = 0;
pub const KNIGHTS: usize = 1;
pub const KINGS: usize = 2;
pub const BERSERKS: usize = 3;
pub const MASTERS: usize = 4;

/// Everything a position string says (§9.1).
#[derive(Clone, Debug)]
pub struct State {
    pub(super) board: [Option<Piece>; CELLS],
    /// Cells by piece kind (indices above).
    pub(super) kinds: [u128; 5],
    /// Cells of pieces owned by each side.
    pub(super) owned: [u128; 2],
    /// Each side's five Pillars as colour sets (bit c for colour c).
    pub(super) temples: [[u8; 5]; 2],
    /// The colour on each Heptagram spot.
    pub(super) heptagram: [Option<Colour>; 7],
    pub(super) pending: Pending,
    /// Berserk stack size per colour, 0 when the colour is not berserking.
    pub(super) stacks: [u8; COLOURS],
    pub(super) side: Side,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) hash: u64,
}

/// The set holding only `colour`.
#[inline]
pub fn bit(colour: Colour) -> u8 {
    1 << colour
}

fn kind_index(piece: Piece) -> usize {
    match piece {
        Piece::Soul(_) => SOULS,
        Piece::Knight(..) => KNIGHTS,
        Piece::King(..) => KINGS,
        Piece::Berserk(..) => BERSERKS,
        Piece::Master(_) => MASTERS,
    }
}

impl State {
    /// An empty board, White to move, normal state.
    pub(super) fn empty() -> State {
        State {
            board: [None; CELLS],
            kinds: [0; 5],
            owned: [0; 2],
            temples: [[0; 5]; 2],
            heptagram: [None; 7],
            pending: Pending::Normal,
            stacks: [0; COLOURS],
            side: WHITE,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    /// The piece on `cell`.
    pub fn piece_at(&self, cell: usize) -> Option<Piece> {
        self.board[cell]
    }

    /// The side to move.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The pending state.
    pub fn pending(&self) -> Pending {
        self.pending
    }

    /// Pillar `pillar` of `side` as a colour set.
    pub fn pillar(&self, side: Side, pillar: usize) -> u8 {
        self.temples[side][pillar]
    }

    /// The colour on each Heptagram spot.
    pub fn heptagram(&self) -> [Option<Colour>; 7] {
        self.heptagram
    }

    /// The berserk stack of `colour` (0: not berserking).
    pub fn stack(&self, colour: Colour) -> u8 {
        self.stacks[usize::from(colour)]
    }

    /// Occupied cells.
    #[inline]
    pub fn occupied(&self) -> u128 {
        self.kinds.iter().fold(0, |bb, &k| bb | k)
    }

    /// Cells of `side`'s pieces of kind `kind` (a `KNIGHTS`… index).
    #[inline]
    pub fn pieces(&self, side: Side, kind: usize) -> u128 {
        self.kinds[kind] & self.owned[side]
    }

    /// Cells holding Souls.
    #[inline]
    pub fn souls(&self) -> u128 {
        self.kinds[SOULS]
    }

    /// Number of `side`'s Soul Masters on the board.
    pub fn masters(&self, side: Side) -> u32 {
        self.pieces(side, MASTERS).count()
    }

    /// R45: 1 + the side's Soul Masters on the board.
    pub fn capacity(&self, side: Side) -> u32 {
        1 + self.masters(side)
    }

    /// R45: whether a Soul of `colour` may enter Pillar `pillar` of `side` now.
    pub fn may_enter(&self, side: Side, pillar: usize, colour: Colour) -> bool {
        let held = self.temples[side][pillar];
        held & bit(colour) == 0 && held.count_ones() < self.capacity(side)
    }

    /// The colours of the Kings (ordinary or berserk) `side` has on the board (R47).
    pub fn king_colours(&self, side: Side) -> u8 {
        let kings = self.pieces(side, KINGS) | self.pieces(side, BERSERKS);
        kings.cells().fold(0, |set, cell| {
            set | self.board[cell].and_then(Piece::colour).map_or(0, bit)
        })
    }

    /// The cell of `side`'s ordinary King of `colour`.
    pub fn ordinary_king(&self, side: Side, colour: Colour) -> Option<usize> {
        self.pieces(side, KINGS)
            .cells()
            .find(|&cell| self.board[cell] == Some(Piece::King(side, colour)))
    }

    /// The colours that are berserking (R69).
    pub fn berserking(&self) -> u8 {
        (0..COLOURS as u8).fold(0, |set, c| {
            if self.stacks[usize::from(c)] > 0 {
                set | bit(c)
            } else {
                set
            }
        })
    }

    /// The Heptagram spot of `colour`.
    pub fn spot_of(&self, colour: Colour) -> Option<usize> {
        self.heptagram.iter().position(|&c| c == Some(colour))
    }

    /// The colours at distance `distance` from `colour` in the Heptagram (R15); empty
    /// when `colour` is not in it.
    pub fn colours_at_distance(&self, colour: Colour, distance: usize) -> u8 {
        let Some(spot) = self.spot_of(colour) else {
            return 0;
        };
        [(spot + distance) % 7, (spot + 7 - distance) % 7]
            .into_iter()
            .filter_map(|s| self.heptagram[s])
            .fold(0, |set, c| set | bit(c))
    }

    /// R20: whether two colours are at peace.
    pub fn at_peace(&self, a: Colour, b: Colour) -> bool {
        a != b && self.colours_at_distance(a, 1) & bit(b) != 0
    }

    /// R12: for `side`, the backwardmost of `empty_of_file`, the empty hexes of one file
    /// (cell indices grow with the rank inside a file).
    pub fn backwardmost_empty(&self, side: Side, empty_of_file: u128) -> Option<usize> {
        if side == WHITE {
            empty_of_file.first()
        } else {
            empty_of_file.last()
        }
    }

    /// R12: for `side`, the forwardmost of `empty_of_file`.
    pub fn forwardmost_empty(&self, side: Side, empty_of_file: u128) -> Option<usize> {
        self.backwardmost_empty(1 - side, empty_of_file)
    }

    /// Puts `piece` (or nothing) on `cell`.
    pub(super) fn put(&mut self, cell: usize, piece: Option<Piece>) {
        let k = keys();
        let bit = u128::cell(cell);
        if let Some(old) = self.board[cell] {
            self.hash ^= k.piece(old, cell);
            self.kinds[kind_index(old)] ^= bit;
            if let Some(owner) = old.owner() {
                self.owned[owner] ^= bit;
            }
        }
        if let Some(new) = piece {
            self.hash ^= k.piece(new, cell);
            self.kinds[kind_index(new)] ^= bit;
            if let Some(owner) = new.owner() {
                self.owned[owner] ^= bit;
            }
        }
        self.board[cell] = piece;
    }

    /// Adds `colour` to, or removes it from, Pillar `pillar` of `side`.
    pub(super) fn toggle_pillar(&mut self, side: Side, pillar: usize, colour: Colour) {
        self.temples[side][pillar] ^= bit(colour);
        self.hash ^= keys().pillar(side, pillar, colour);
    }

    /// Puts `colour` (or nothing) on Heptagram spot `spot`.
    pub(super) fn set_spot(&mut self, spot: usize, colour: Option<Colour>) {
        if let Some(old) = self.heptagram[spot] {
            self.hash ^= keys().spot(spot, old);
        }
        if let Some(new) = colour {
            self.hash ^= keys().spot(spot, new);
        }
        self.heptagram[spot] = colour;
    }

    pub(super) fn set_pending(&mut self, pending: Pending) {
        self.hash ^= keys().pending(self.pending) ^ keys().pending(pending);
        self.pending = pending;
    }

    pub(super) fn set_stack(&mut self, colour: Colour, size: u8) {
        let c = usize::from(colour);
        self.hash ^= keys().stack(colour, self.stacks[c]) ^ keys().stack(colour, size);
        self.stacks[c] = size;
    }

    pub(super) fn pass_turn(&mut self) {
        self.side = 1 - self.side;
        self.hash ^= keys().side;
    }

    /// The hash from scratch.
    pub(super) fn compute_hash(&self) -> u64 {
        let k = keys();
        let mut hash = 0;
        for (cell, piece) in self.board.iter().enumerate() {
            if let Some(p) = piece {
                hash ^= k.piece(*p, cell);
            }
        }
        for side in [WHITE, BLACK] {
            for pillar in 0..=ELIMINATE {
                for c in 0..COLOURS as u8 {
                    if self.temples[side][pillar] & bit(c) != 0 {
                        hash ^= k.pillar(side, pillar, c);
                    }
                }
            }
        }
        for (spot, colour) in self.heptagram.iter().enumerate() {
            if let Some(c) = colour {
                hash ^= k.spot(spot, *c);
            }
        }
        for c in 0..COLOURS as u8 {
            hash ^= k.stack(c, self.stacks[usize::from(c)]);
        }
        hash ^= k.pending(self.pending);
        if self.side == BLACK {
            hash ^= k.side;
        }
        hash
    }

    /// The cells of `file` that are empty.
    pub fn empty_of_file(&self, file: usize) -> u128 {
        hepta_board().file_mask[file] & !self.occupied()
    }
}
