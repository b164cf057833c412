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
    /// Per cell, its neighbours in the 12 directions (R4): where a piece reaching one
    /// cell attacks, whatever stands there (R38).
    pub adjacent: Vec<Wide256>,
    /// Per cell, its neighbours in the 6 orthogonal directions (R4).
    pub orthogonally_adjacent: Vec<Wide256>,
    /// Per cell, every cell on its 12 lines: where a piece attacking it along a line, or
    /// a Doppelganger in Imp form, can stand (R11, R34).
    pub lines_through: Vec<Wide256>,
    /// Per cell, the cells two steps away along the 12 directions (the Imp form's leaps,
    /// R34).
    pub double_steps: Vec<Wide256>,
    /// Per cell and direction, the first two cells of the line (one at the edge): a reach
    /// of two whose first cell is free (R108).
    pub two_steps: Vec<[Wide256; 12]>,
    /// Per pair of cells, the direction from the first along which the second lies on
    /// one of its 12 lines (R5, R6); `None` off its lines.
    pub line_direction: Vec<Vec<Option<u8>>>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The Hexian tables, built on first use.
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(|| {
        let hex = Hexagon::new(9);
        let armies = std::array::from_fn(|army| ArmyCells::new(&hex, army));
        let mut cell_order: Vec<usize> = (0..hex.len()).collect();
        cell_order.sort_by_key(|&cell| hex.coords(cell));
        let neighbours = |cell: usize, directions: std::ops::Range<usize>| {
            directions
                .filter_map(|d| hex.step(cell, d))
                .fold(Wide256::EMPTY, |bb, c| bb | Wide256::cell(c))
        };
        let adjacent = (0..hex.len()).map(|c| neighbours(c, 0..12)).collect();
        let orthogonally_adjacent = (0..hex.len()).map(|c| neighbours(c, 0..6)).collect();
        let lines_through = (0..hex.len())
            .map(|c| (0..12).fold(Wide256::EMPTY, |bb, d| bb | hex.ray(d, c)))
            .collect();
        let double_steps = (0..hex.len())
            .map(|c| {
                (0..12)
                    .filter_map(|d| hex.step(c, d).and_then(|middle| hex.step(middle, d)))
                    .fold(Wide256::EMPTY, |bb, t| bb | Wide256::cell(t))
            })
            .collect();
        let two_steps = (0..hex.len())
            .map(|c| {
                std::array::from_fn(|d| {
                    let first = hex.step(c, d);
                    let second = first.and_then(|middle| hex.step(middle, d));
                    [first, second]
                        .into_iter()
                        .flatten()
                        .fold(Wide256::EMPTY, |bb, t| bb | Wide256::cell(t))
                })
            })
            .collect();
        let line_direction = (0..hex.len())
            .map(|c| {
                let mut directions = vec![None; hex.len()];
                for d in 0..12 {
                    for t in hex.ray(d, c).cells() {
                        directions[t] = Some(d as u8);
                    }
                }
                directions
            })
            .collect();
        Tables {
            hex,
            armies,
            cell_order,
            adjacent,
            orthogonally_adjacent,
            lines_through,
            double_steps,
            two_steps,
            line_direction,
        }
    })
}
