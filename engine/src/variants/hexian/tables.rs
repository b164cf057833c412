//! Tables built once for Hexian: the 217-cell hexagon (R1) and each army's cells (§4.1).

use super::armies::{ArmyCells, ARMIES};
use crate::bitboard::{Bitboard, Wide256};
use crate::geometry::Hexagon;
use std::sync::OnceLock;

pub struct Tables {
    /// The hexagon of side 9 (R1, R2).
    pub hex: Hexagon<Wide256>,
    /// Corner, start cells, Ghost and edge start cells, promotion zone of each army.
    pub armies: [ArmyCells; ARMIES],
    /// Every cell in cell order, by file letter then rank number (§6.7, R121, R127).
    pub cell_order: Vec<usize>,
    /// Per cell, the cells from which any piece could attack it: those at distance 4 or
    /// less (the farthest short attack is the Imp form's double diagonal step, R34) and
    /// those on its 12 lines (the sliders, R26, R29, R34).
    pub attacker_cells: Vec<Wide256>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The Hexian tables, built on first use.
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(|| {
        let hex = Hexagon::new(9);
        let armies = std::array::from_fn(|army| ArmyCells::new(&hex, army));
        let mut cell_order: Vec<usize> = (0..hex.len()).collect();
        cell_order.sort_by_key(|&cell| hex.coords(cell));
        let attacker_cells = (0..hex.len())
            .map(|cell| attacker_cells(&hex, cell))
            .collect();
        Tables {
            hex,
            armies,
            cell_order,
            attacker_cells,
        }
    })
}

/// The farthest any piece attacks other than along a line (R6 distance).
const SHORT_ATTACK_DISTANCE: i32 = 4;

/// The cells from which a piece could attack `cell`, see [`Tables::attacker_cells`].
fn attacker_cells(hex: &Hexagon<Wide256>, cell: usize) -> Wide256 {
    let (q, r) = hex.coords(cell);
    let near = (0..hex.len())
        .filter(|&other| {
            let (oq, or) = hex.coords(other);
            let (dq, dr) = (oq - q, or - r);
            dq.abs().max(dr.abs()).max((dq + dr).abs()) <= SHORT_ATTACK_DISTANCE
        })
        .fold(Wide256::EMPTY, |bb, other| bb | Wide256::cell(other));
    (0..12).fold(near, |bb, d| bb | hex.ray(d, cell))
}
