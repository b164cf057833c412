//! Tables built once for Panoply: the shared 127-cell hexagon, neighbours, forward
//! directions, promotion ranks and Zobrist keys.

use super::{Color, PieceCode, Placement, BLACK, CELLS, WHITE};
use crate::bitboard::Bitboard;
use crate::geometry::{hex127, Hexagon};
use crate::zobrist;
use arrayvec::ArrayVec;
use std::sync::OnceLock;

/// Direction indices (into `geometry::ORTHOGONAL`) of each side's forward steps (R9).
pub const FORWARD: [[usize; 2]; 2] = [[2, 1], [4, 5]];

pub struct Tables {
    pub hex: &'static Hexagon<u128>,
    /// The six edge-adjacent cells (R3).
    pub adjacent: [u128; CELLS],
    /// `rays[cell][d]`: the cells of the ray from `cell` in orthogonal direction `d`, in
    /// order of distance (R5).
    pub rays: Vec<[ArrayVec<u8, 12>; 6]>,
    /// The three lines through a cell (E–W, NE–SW, NW–SE), without the cell.
    pub axes: Vec<[u128; 3]>,
    /// The cells within distance two, and four, of a cell.
    pub within2: Vec<u128>,
    pub within4: Vec<u128>,
    /// The last rank of each colour (R10).
    pub last_rank: [u128; 2],
    keys: Vec<u64>,
    pub side_key: u64,
}

/// Keys: 16 piece codes × cells, then 2 colours × `PLACEMENTS` for Barricades, then the
/// side key.
const BARRICADE_KEYS: usize = 16 * CELLS;
/// Barricade placements are numbered by lower cell × 3 index-increasing directions.
pub const PLACEMENTS: usize = CELLS * 3;

impl Tables {
    fn build() -> Tables {
        let hex = hex127();
        let mut adjacent = [0u128; CELLS];
        for (cell, adj) in adjacent.iter_mut().enumerate() {
            *adj = (0..6)
                .filter_map(|d| hex.step(cell, d))
                .fold(0, |bb, t| bb | u128::cell(t));
        }
        let rank = |r: usize| hex.rank_cells(r).fold(0u128, |bb, c| bb | u128::cell(c));
        let keys = zobrist::keys(0x0050_414e_4f50_4c59, BARRICADE_KEYS + 2 * PLACEMENTS + 1);
        let side_key = keys[BARRICADE_KEYS + 2 * PLACEMENTS];
        let mut last_rank = [0; 2];
        last_rank[WHITE] = rank(12);
        last_rank[BLACK] = rank(0);
        let rays = (0..CELLS)
            .map(|cell| {
                std::array::from_fn(|d| {
                    std::iter::successors(hex.step(cell, d), |&c| hex.step(c, d))
                        .map(|c| c as u8)
                        .collect()
                })
            })
            .collect();
        let axes = (0..CELLS)
            .map(|c| std::array::from_fn(|a| hex.ray(a, c) | hex.ray(a + 3, c)))
            .collect();
        let within = |c: usize, n: i32| {
            (0..CELLS)
                .filter(|&o| hex.distance(c, o) <= n)
                .fold(0u128, |bb, o| bb | u128::cell(o))
        };
        Tables {
            hex,
            adjacent,
            rays,
            axes,
            within2: (0..CELLS).map(|c| within(c, 2)).collect(),
            within4: (0..CELLS).map(|c| within(c, 4)).collect(),
            last_rank,
            keys,
            side_key,
        }
    }

    /// The key of a one-cell piece on a cell.
    #[inline]
    pub fn piece_key(&self, code: PieceCode, cell: usize) -> u64 {
        self.keys[(code as usize - 1) * CELLS + cell]
    }

    /// The key of a Barricade of `color` on `placement`.
    #[inline]
    pub fn barricade_key(&self, color: Color, placement: Placement) -> u64 {
        self.keys[BARRICADE_KEYS + color * PLACEMENTS + self.placement_index(placement)]
    }

    /// A number below `PLACEMENTS` for each placement: from its lower cell and the
    /// index-increasing direction E, NE or NW towards the other end.
    #[inline]
    pub fn placement_index(&self, placement: Placement) -> usize {
        let [low, high] = placement.cells();
        let direction = (0..3)
            .find(|&d| self.hex.step(low, d) == Some(high))
            .expect("Barricade ends are adjacent");
        low * 3 + direction
    }
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The Panoply tables, built on first use.
#[inline]
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(Tables::build)
}
