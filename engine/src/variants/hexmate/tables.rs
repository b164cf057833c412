//! Tables built once for Hexmate: the side-7 hexagon, pawn steps, line masks, Zobrist keys.

use super::{PieceCode, BLACK, CELLS, WHITE};
use crate::bitboard::Bitboard;
use crate::geometry::{hex127, Hexagon};
use crate::zobrist;
use std::sync::OnceLock;

/// Direction indices (into `geometry::ALL_DIRECTIONS`) of the pawns' forward steps (R23).
const WHITE_FORWARD: [usize; 2] = [2, 1]; // NW, NE
const BLACK_FORWARD: [usize; 2] = [4, 5]; // SW, SE

pub struct Tables {
    pub hex: &'static Hexagon<u128>,
    /// The six edge-adjacent cells (the King's step, R25).
    pub adjacent: [u128; CELLS],
    /// `pawn_steps[c][cell]`: where a pawn of colour `c` on `cell` may go (R23).
    pub pawn_steps: [[u128; CELLS]; 2],
    /// `pawn_attackers[c][cell]`: cells from which a pawn of colour `c` attacks `cell`.
    pub pawn_attackers: [[u128; CELLS]; 2],
    /// Union of the six orthogonal (resp. diagonal) lines through a cell.
    pub orthogonal_lines: [u128; CELLS],
    pub diagonal_lines: [u128; CELLS],
    /// The promotion rank of each colour (R24): rank 13 for White, rank 1 for Black.
    pub last_rank: [u128; 2],
    keys: Vec<u64>,
    pub side_key: u64,
    pub placing_key: u64,
}

impl Tables {
    fn build() -> Tables {
        let mut t = Tables {
            adjacent: [0; CELLS],
            pawn_steps: [[0; CELLS]; 2],
            pawn_attackers: [[0; CELLS]; 2],
            orthogonal_lines: [0; CELLS],
            diagonal_lines: [0; CELLS],
            last_rank: [0; 2],
            keys: zobrist::keys(0x0048_4558_4d41_5445, 16 * CELLS + 2),
            side_key: 0,
            placing_key: 0,
            hex: hex127(),
        };
        let hex = t.hex;
        let from_steps = |dirs: &[usize], cell: usize| {
            dirs.iter()
                .filter_map(|&d| hex.step(cell, d))
                .fold(0u128, |bb, t| bb | u128::cell(t))
        };
        let mut adjacent = [0; CELLS];
        let mut pawn_steps = [[0; CELLS]; 2];
        let mut orthogonal_lines = [0; CELLS];
        let mut diagonal_lines = [0; CELLS];
        for cell in 0..CELLS {
            adjacent[cell] = from_steps(&[0, 1, 2, 3, 4, 5], cell);
            pawn_steps[WHITE][cell] = from_steps(&WHITE_FORWARD, cell);
            pawn_steps[BLACK][cell] = from_steps(&BLACK_FORWARD, cell);
            orthogonal_lines[cell] = (0..6).fold(0, |bb, d| bb | hex.ray(d, cell));
            diagonal_lines[cell] = (6..12).fold(0, |bb, d| bb | hex.ray(d, cell));
        }
        t.adjacent = adjacent;
        t.pawn_steps = pawn_steps;
        t.orthogonal_lines = orthogonal_lines;
        t.diagonal_lines = diagonal_lines;
        for color in [WHITE, BLACK] {
            for cell in 0..CELLS {
                for target in t.pawn_steps[color][cell].cells() {
                    t.pawn_attackers[color][target] |= u128::cell(cell);
                }
            }
        }
        t.last_rank[WHITE] = t.hex.rank_cells(12).fold(0, |bb, c| bb | u128::cell(c));
        t.last_rank[BLACK] = t.hex.rank_cells(0).fold(0, |bb, c| bb | u128::cell(c));
        t.side_key = t.keys[16 * CELLS];
        t.placing_key = t.keys[16 * CELLS + 1];
        t
    }

    /// The Zobrist key of a piece on a cell.
    #[inline]
    pub fn piece_key(&self, code: PieceCode, cell: usize) -> u64 {
        self.keys[(code as usize - 1) * CELLS + cell]
    }

    /// Cells a rook reaches from `cell` with occupancy `occ` (R17).
    #[inline]
    pub fn rook_attacks(&self, cell: usize, occ: u128) -> u128 {
        (0..6).fold(0, |bb, d| bb | self.hex.slide(d, cell, occ))
    }

    /// Cells a bishop reaches from `cell` with occupancy `occ` (R18: only cells of the
    /// line block; the flanking cells are never looked at).
    #[inline]
    pub fn bishop_attacks(&self, cell: usize, occ: u128) -> u128 {
        (6..12).fold(0, |bb, d| bb | self.hex.slide(d, cell, occ))
    }
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The Hexmate tables, built on first use.
#[inline]
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(Tables::build)
}
