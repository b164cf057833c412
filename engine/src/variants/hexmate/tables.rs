//! Tables built once for Hexmate: the side-7 hexagon, pawn steps, line masks, Zobrist keys.

use super::{PieceCode, BLACK, CELLS, WHITE};
use crate::bitboard::{slide_down, slide_up, Bitboard};
use crate::geometry::{hex127, Hexagon, ALL_DIRECTIONS};
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
    /// `lines[cell]`: the six orthogonal lines from the cell (0 … 5), then the six
    /// diagonal ones (6 … 11); in each group the three lines of increasing cell index
    /// come first, as the branch-free `slides` expects.
    lines: [[u128; 12]; CELLS],
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
            lines: [[0; 12]; CELLS],
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
        for (cell, lines) in t.lines.iter_mut().enumerate() {
            *lines = ordered_lines(hex, cell);
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
        slides(&self.lines[cell][..6], occ)
    }

    /// Cells a bishop reaches from `cell` with occupancy `occ` (R18: only cells of the
    /// line block; the flanking cells are never looked at).
    #[inline]
    pub fn bishop_attacks(&self, cell: usize, occ: u128) -> u128 {
        slides(&self.lines[cell][6..], occ)
    }
}

/// The twelve lines from `cell` in the order of `Tables::lines`.
fn ordered_lines(hex: &Hexagon<u128>, cell: usize) -> [u128; 12] {
    let mut lines = [0; 12];
    for (group, directions) in [(0, 0..6), (6, 6..12)] {
        let (up, down): (Vec<usize>, Vec<usize>) =
            directions.partition(|&d| ALL_DIRECTIONS[d].increases_index());
        assert_eq!((up.len(), down.len()), (3, 3), "three lines each way");
        for (i, d) in up.into_iter().chain(down).enumerate() {
            lines[group + i] = hex.ray(d, cell);
        }
    }
    lines
}

/// Slides along three lines of increasing and three of decreasing cell index, without a
/// branch per line (a slide is the hottest operation of move generation and evaluation).
#[inline]
fn slides(lines: &[u128], occ: u128) -> u128 {
    slide_up(lines[0], occ)
        | slide_up(lines[1], occ)
        | slide_up(lines[2], occ)
        | slide_down(lines[3], occ)
        | slide_down(lines[4], occ)
        | slide_down(lines[5], occ)
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The Hexmate tables, built on first use.
#[inline]
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(Tables::build)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The branch-free slides give the same sets as the geometry's slide per direction,
    /// on an empty board, a full one, and random occupancies.
    #[test]
    fn slides_match_the_geometry() {
        let t = tables();
        let mut occupancies = vec![0, u128::MAX >> 1];
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..64 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let spread = u128::from(state) | u128::from(state.rotate_left(29)) << 64;
            occupancies.push(spread & (u128::MAX >> 1));
        }
        for occ in occupancies {
            for cell in 0..CELLS {
                let by_direction = |dirs: std::ops::Range<usize>| {
                    dirs.fold(0, |bb, d| bb | t.hex.slide(d, cell, occ))
                };
                assert_eq!(t.rook_attacks(cell, occ), by_direction(0..6));
                assert_eq!(t.bishop_attacks(cell, occ), by_direction(6..12));
            }
        }
    }
}
