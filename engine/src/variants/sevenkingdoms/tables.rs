//! Tables built once for Seven Kingdoms: the 19 × 19 grid and the Zobrist keys.

use super::lines::neighbour;
use super::mobility::KNIGHT_WAYS_BACK;
use super::{CellCode, KINGDOMS};
use crate::bitboard::{Bitboard, Wide384};
use crate::geometry::Grid;
use crate::geometry::ORTHOGONAL_DIRECTIONS;
use crate::zobrist;
use std::sync::OnceLock;

const PIECE_KEYS: usize = 70 * super::CELLS;
const SIDE_KEYS: usize = PIECE_KEYS;
/// One key per (capturer, victim, count mod 256) of the capture matrix.
const MATRIX_KEYS: usize = SIDE_KEYS + KINGDOMS;
const RECORD_KEYS: usize = MATRIX_KEYS + KINGDOMS * KINGDOMS * 256;
const OUT_KEYS: usize = RECORD_KEYS + KINGDOMS * KINGDOMS;
const KEY_COUNT: usize = OUT_KEYS + KINGDOMS;

pub struct Tables {
    pub grid: Grid<Wide384>,
    /// Per cell, where a Knight whose moves pass the cell can stand (R22): next to it
    /// orthogonally (the cell is its leg), or one orthogonal step from a cell up to three
    /// steps back along an outward diagonal (the cell is on its walk).
    pub knights_near: Vec<Wide384>,
    /// Per cell, way back (`KNIGHT_WAYS_BACK`) and number of legs (0 to 3): where a
    /// Knight stands whose walk from one of the first that many cells back that way passes
    /// the cell (R22).
    pub knights_by_legs: Vec<[[Wide384; 4]; 4]>,
    /// Per cell, its orthogonal neighbours: the Knights whose leg it is (R22).
    pub orthogonal_neighbours: Vec<Wide384>,
    /// Per cell, the other cells of its rank and file: where a Cannon that captures on
    /// it or screens for it can stand (R19).
    pub ranks_and_files: Vec<Wide384>,
    keys: Vec<u64>,
}

impl Tables {
    /// The key of a piece on a cell.
    #[inline]
    pub fn piece_key(&self, code: CellCode, cell: usize) -> u64 {
        self.keys[(code as usize - 1) * super::CELLS + cell]
    }

    /// The key of the kingdom to move.
    #[inline]
    pub fn side_key(&self, kingdom: usize) -> u64 {
        self.keys[SIDE_KEYS + kingdom]
    }

    /// The key of one entry of the capture matrix (R53: the counts matter for the future).
    #[inline]
    pub fn matrix_key(&self, capturer: usize, victim: usize, count: u16) -> u64 {
        self.keys[MATRIX_KEYS + (capturer * KINGDOMS + victim) * 256 + usize::from(count % 256)]
    }

    /// The key of a pair (holder, captured) of the captured-kingdoms record.
    #[inline]
    pub fn record_key(&self, holder: usize, captured: usize) -> u64 {
        self.keys[RECORD_KEYS + holder * KINGDOMS + captured]
    }

    /// The key of a kingdom in the out set.
    #[inline]
    pub fn out_key(&self, kingdom: usize) -> u64 {
        self.keys[OUT_KEYS + kingdom]
    }
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The Seven Kingdoms tables, built on first use.
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(|| {
        let grid = Grid::new(19, 19);
        let ranks_and_files = (0..super::CELLS)
            .map(|cell| {
                ORTHOGONAL_DIRECTIONS
                    .iter()
                    .fold(Wide384::EMPTY, |bb, &d| bb | grid.ray_mask(cell, d))
            })
            .collect();
        let knights_by_legs: Vec<_> = (0..super::CELLS).map(knights_by_legs).collect();
        let orthogonal_neighbours: Vec<_> = (0..super::CELLS)
            .map(|cell| next_to(cell, &ORTHOGONAL_DIRECTIONS))
            .collect();
        let knights_near = (0..super::CELLS)
            .map(|cell| {
                knights_by_legs[cell]
                    .iter()
                    .fold(orthogonal_neighbours[cell], |bb, by_legs| bb | by_legs[3])
            })
            .collect();
        Tables {
            grid,
            knights_near,
            knights_by_legs,
            orthogonal_neighbours,
            ranks_and_files,
            keys: zobrist::keys(0x0037_4b49_4e47_444d, KEY_COUNT),
        }
    })
}

fn next_to(cell: usize, directions: &[usize]) -> Wide384 {
    directions
        .iter()
        .filter_map(|&d| neighbour(cell, d))
        .fold(Wide384::EMPTY, |bb, n| bb | Wide384::cell(n))
}

fn knights_by_legs(cell: usize) -> [[Wide384; 4]; 4] {
    std::array::from_fn(|way| {
        let (back, to_knight) = KNIGHT_WAYS_BACK[way];
        let mut by_legs = [Wide384::EMPTY; 4];
        let mut leg = Some(cell);
        for legs in 1..4 {
            leg = leg.and_then(|l| neighbour(l, back));
            let beside = leg.map_or(Wide384::EMPTY, |l| next_to(l, &to_knight));
            by_legs[legs] = by_legs[legs - 1] | beside;
        }
        by_legs
    })
}
