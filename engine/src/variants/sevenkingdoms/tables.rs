//! Tables built once for Seven Kingdoms: the 19 × 19 grid and the Zobrist keys.

use super::{CellCode, KINGDOMS};
use crate::bitboard::Wide384;
use crate::geometry::Grid;
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
    TABLES.get_or_init(|| Tables {
        grid: Grid::new(19, 19),
        keys: zobrist::keys(0x0037_4b49_4e47_444d, KEY_COUNT),
    })
}
