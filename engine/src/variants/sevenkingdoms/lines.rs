//! Which cells of each line of the board are occupied, one bit mask per line, so that the
//! first occupied cell of a line walk (R9) is one bit scan away instead of a walk cell by
//! cell.
//!
//! The lines: 19 ranks (bit = x), 19 files (bit = y), 37 diagonals running NE–SW
//! (x − y constant, bit = x) and 37 running NW–SE (x + y constant, bit = x). The
//! Emperor's cell is occupied like any other (R4, R8).

use super::CELLS;
use crate::geometry::GRID_DIRECTIONS;

const SIDE: usize = 19;
const RANKS: usize = 0;
const FILES: usize = RANKS + SIDE;
const DIAGONALS: usize = FILES + SIDE;
const ANTI_DIAGONALS: usize = DIAGONALS + 2 * SIDE - 1;
const LINES: usize = ANTI_DIAGONALS + 2 * SIDE - 1;

/// The change of cell index one step in each direction (N, S, E, W, NE, NW, SE, SW) makes,
/// with cells numbered 19·y + x.
pub const STEPS: [isize; 8] = [19, -19, 1, -1, 20, 18, -18, -20];

/// Where a cell stands on the line through it in one direction, and how many cells the
/// board has beyond it that way.
#[derive(Clone, Copy)]
struct Span {
    line: u8,
    bit: u8,
    edge: u8,
}

/// Whether walking in direction `d` raises the bit index along its line: N, E, NE and SE
/// do (the even directions of `GRID_DIRECTIONS`), S, W, SW and NW lower it.
const fn raises_bit(d: usize) -> bool {
    d.is_multiple_of(2)
}

const fn span(cell: usize, d: usize) -> Span {
    let (x, y) = (cell % SIDE, cell / SIDE);
    let (line, bit) = match d {
        0 | 1 => (FILES + x, y),
        2 | 3 => (RANKS + y, x),
        4 | 7 => (DIAGONALS + x + SIDE - 1 - y, x),
        _ => (ANTI_DIAGONALS + x + y, x),
    };
    let (dx, dy) = GRID_DIRECTIONS[d];
    let edge = min(room(x, dx), room(y, dy));
    Span {
        line: line as u8,
        bit: bit as u8,
        edge: edge as u8,
    }
}

/// Cells left on a coordinate `v` moving by `dv` (any number when it does not move).
const fn room(v: usize, dv: i32) -> usize {
    match dv {
        1 => SIDE - 1 - v,
        -1 => v,
        _ => SIDE,
    }
}

const fn min(a: usize, b: usize) -> usize {
    if a < b {
        a
    } else {
        b
    }
}

const fn spans() -> [[Span; 8]; CELLS] {
    let mut table = [[Span {
        line: 0,
        bit: 0,
        edge: 0,
    }; 8]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let mut d = 0;
        while d < 8 {
            table[cell][d] = span(cell, d);
            d += 1;
        }
        cell += 1;
    }
    table
}

static SPANS: [[Span; 8]; CELLS] = spans();

/// One direction of each of the four line families: N (files), E (ranks), NE and NW.
const FAMILIES: [usize; 4] = [0, 2, 4, 5];

/// What a line walk from a cell meets: the number of empty cells before the first
/// occupied one or the edge, and that occupied cell if there is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    pub empty: usize,
    pub blocker: Option<usize>,
}

/// The occupancy of every line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Lines([u32; LINES]);

impl Lines {
    pub(super) const EMPTY: Lines = Lines([0; LINES]);

    /// Marks an empty `cell` occupied, or an occupied one empty.
    #[inline]
    pub(super) fn toggle(&mut self, cell: usize) {
        for d in FAMILIES {
            let span = SPANS[cell][d];
            self.0[usize::from(span.line)] ^= 1 << span.bit;
        }
    }

    /// The walk from `cell` in direction `d` (R9).
    #[inline]
    pub(super) fn reach(&self, cell: usize, d: usize) -> Reach {
        let span = SPANS[cell][d];
        let line = self.0[usize::from(span.line)];
        let bit = u32::from(span.bit);
        // Steps to the nearest occupied cell of the line that way; more than `edge` if none.
        let distance = if raises_bit(d) {
            (line >> (bit + 1)).trailing_zeros() + 1
        } else {
            (line & ((1 << bit) - 1)).leading_zeros() + bit - 31
        } as usize;
        let edge = usize::from(span.edge);
        if distance <= edge {
            Reach {
                empty: distance - 1,
                blocker: Some(cell.wrapping_add_signed(distance as isize * STEPS[d])),
            }
        } else {
            Reach {
                empty: edge,
                blocker: None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Wide384;
    use crate::geometry::Grid;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The walk cell by cell that `reach` replaces.
    fn walked(grid: &Grid<Wide384>, occupied: &[bool; CELLS], cell: usize, d: usize) -> Reach {
        let ray = grid.ray(cell, d);
        let empty = ray
            .iter()
            .take_while(|&&c| !occupied[usize::from(c)])
            .count();
        Reach {
            empty,
            blocker: ray.get(empty).map(|&c| usize::from(c)),
        }
    }

    #[test]
    fn reach_is_the_walk_cell_by_cell_on_random_boards() {
        let grid = Grid::<Wide384>::new(19, 19);
        let mut rng = StdRng::seed_from_u64(7);
        for density in [0.0, 0.05, 0.3, 0.7, 1.0] {
            let mut occupied = [false; CELLS];
            let mut lines = Lines::EMPTY;
            for (cell, occ) in occupied.iter_mut().enumerate() {
                if rng.gen_bool(density) {
                    *occ = true;
                    lines.toggle(cell);
                }
            }
            for cell in 0..CELLS {
                for d in 0..8 {
                    assert_eq!(
                        lines.reach(cell, d),
                        walked(&grid, &occupied, cell, d),
                        "cell {cell} direction {d} density {density}"
                    );
                }
            }
        }
    }
}
