//! Which cells of each line of the board are occupied, one bit mask per line and way of
//! walking it, so that the first occupied cell of a line walk (R9) is one bit scan away
//! instead of a walk cell by cell.
//!
//! The lines: 19 ranks (position x), 19 files (position y), 37 diagonals running NE–SW
//! (x − y constant, position x) and 37 running NW–SE (x + y constant, position x). Each
//! line has two masks: bit p for the cell at position p, read by walks that raise the
//! position (N, E, NE, SE), and bit 18 − p, read by walks that lower it (S, W, SW, NW);
//! either way the cells ahead of a walk are the bits above its start. The Emperor's cell
//! is occupied like any other (R4, R8).

use super::CELLS;
use crate::geometry::GRID_DIRECTIONS;

const SIDE: usize = 19;
const RANKS: usize = 0;
const FILES: usize = RANKS + SIDE;
const DIAGONALS: usize = FILES + SIDE;
const ANTI_DIAGONALS: usize = DIAGONALS + 2 * SIDE - 1;
const LINES: usize = ANTI_DIAGONALS + 2 * SIDE - 1;
/// The masks of walks that lower the position come after those that raise it.
const LOWERING: usize = LINES;

/// The change of cell index one step in each direction (N, S, E, W, NE, NW, SE, SW) makes,
/// with cells numbered 19·y + x.
pub const STEPS: [isize; 8] = [19, -19, 1, -1, 20, 18, -18, -20];

/// A cell's place in the mask that walks from it in one direction read: the mask, the
/// cell's bit in it, and how many cells the board has beyond it that way.
#[derive(Clone, Copy)]
struct Span {
    mask: u8,
    bit: u8,
    edge: u8,
}

const fn span(cell: usize, d: usize) -> Span {
    let (x, y) = (cell % SIDE, cell / SIDE);
    let (line, position) = match d {
        0 | 1 => (FILES + x, y),
        2 | 3 => (RANKS + y, x),
        4 | 7 => (DIAGONALS + x + SIDE - 1 - y, x),
        _ => (ANTI_DIAGONALS + x + y, x),
    };
    // N, E, NE and SE (the even directions of `GRID_DIRECTIONS`) raise the position.
    let (mask, bit) = if d.is_multiple_of(2) {
        (line, position)
    } else {
        (LOWERING + line, SIDE - 1 - position)
    };
    let (dx, dy) = GRID_DIRECTIONS[d];
    Span {
        mask: mask as u8,
        bit: bit as u8,
        edge: min(room(x, dx), room(y, dy)) as u8,
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
        mask: 0,
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

/// The cell next to `cell` in direction `d`, if on the board.
#[inline]
pub(super) fn neighbour(cell: usize, d: usize) -> Option<usize> {
    (SPANS[cell][d].edge > 0).then(|| cell.wrapping_add_signed(STEPS[d]))
}

/// What a line walk from a cell meets: the number of empty cells before the first
/// occupied one or the edge, and that occupied cell if there is one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    pub empty: usize,
    pub blocker: Option<usize>,
}

/// The occupancy of every line, both ways.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Lines([u32; 2 * LINES]);

impl Lines {
    pub(super) const EMPTY: Lines = Lines([0; 2 * LINES]);

    /// Marks an empty `cell` occupied, or an occupied one empty: in each direction's mask.
    #[inline]
    pub(super) fn toggle(&mut self, cell: usize) {
        for span in SPANS[cell] {
            self.0[usize::from(span.mask)] ^= 1 << span.bit;
        }
    }

    /// The walk from `cell` in direction `d` (R9).
    #[inline]
    pub(super) fn reach(&self, cell: usize, d: usize) -> Reach {
        let span = SPANS[cell][d];
        let ahead = self.0[usize::from(span.mask)] >> (span.bit + 1);
        // Steps to the nearest occupied cell that way; more than `edge` if there is none.
        let distance = ahead.trailing_zeros() as usize + 1;
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
