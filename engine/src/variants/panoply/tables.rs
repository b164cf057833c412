//! Tables built once for Panoply: the shared 127-cell hexagon, neighbours, forward
//! directions, promotion ranks and Zobrist keys.

use super::{Color, PieceCode, Placement, BLACK, CELLS, WHITE};
use crate::bitboard::{slide_down, slide_up, Bitboard};
use crate::geometry::{hex127, Hexagon, ORTHOGONAL};
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
    /// `ray_masks[cell][d]`: the cells of `rays[cell][d]`.
    pub ray_masks: Vec<[u128; 6]>,
    /// The three lines through a cell (E–W, NE–SW, NW–SE), without the cell.
    pub axes: Vec<[u128; 3]>,
    /// The cells within distance two, and four, of a cell.
    pub within2: Vec<u128>,
    pub within4: Vec<u128>,
    /// The last rank of each colour (R10).
    pub last_rank: [u128; 2],
    /// `step_shapes[placement index]`: the steps a Barricade there may make where the
    /// board allows them, in generation order (R41, R42).
    pub step_shapes: Vec<ArrayVec<StepShape, 6>>,
    /// `quiet_sequences[placement index]`: the Barricade moves of quiet steps from there
    /// in generation order, one per step sequence.
    pub quiet_sequences: Vec<ArrayVec<QuietSequence, 36>>,
    keys: Vec<u64>,
    pub side_key: u64,
}

/// One step of a Barricade as the geometry allows it; the board decides whether it may be
/// made: a rotation needs its entered cell empty, an advance empty or capturable (R42,
/// R43).
#[derive(Clone, Copy, Debug)]
pub struct StepShape {
    pub placement: Placement,
    /// The two cells of `placement`.
    pub cells: u128,
    /// `placement`'s index (`Tables::placement_index`).
    pub index: u16,
    pub entered: u8,
    /// The entered cell as a bitboard, kept to spare a 128-bit shift per step tested.
    pub entered_bit: u128,
    /// The direction of an advance; `None` for a rotation.
    pub advance: Option<u8>,
}

/// One or two quiet steps of a Barricade (R44, R45): where they end, and the cells they
/// enter, which must be empty.
#[derive(Clone, Copy, Debug)]
pub struct QuietSequence {
    pub end: Placement,
    /// `end`'s index (`Tables::placement_index`).
    pub end_index: u16,
    pub entered: u128,
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
        let ray_masks = (0..CELLS)
            .map(|c| std::array::from_fn(|d| hex.ray(d, c)))
            .collect();
        let axes = (0..CELLS)
            .map(|c| std::array::from_fn(|a| hex.ray(a, c) | hex.ray(a + 3, c)))
            .collect();
        let within = |c: usize, n: i32| {
            (0..CELLS)
                .filter(|&o| hex.distance(c, o) <= n)
                .fold(0u128, |bb, o| bb | u128::cell(o))
        };
        let step_shapes: Vec<_> = (0..PLACEMENTS)
            .map(|index| placement_of(hex, index).map_or_else(ArrayVec::new, step_shapes))
            .collect();
        let quiet_sequences = (0..PLACEMENTS)
            .map(|index| quiet_sequences(&step_shapes, index))
            .collect();
        Tables {
            hex,
            adjacent,
            rays,
            ray_masks,
            axes,
            within2: (0..CELLS).map(|c| within(c, 2)).collect(),
            within4: (0..CELLS).map(|c| within(c, 4)).collect(),
            last_rank,
            step_shapes,
            quiet_sequences,
            keys,
            side_key,
        }
    }

    /// The line of a slider on `from` in direction `d`, given the `occupied` cells.
    #[inline(always)]
    pub fn line(&self, from: usize, d: usize, occupied: u128) -> Line {
        let ray = self.ray_masks[from][d];
        let reach = if ORTHOGONAL[d].increases_index() {
            slide_up(ray, occupied)
        } else {
            slide_down(ray, occupied)
        };
        Line {
            empty: reach & !occupied,
            blocker: reach & occupied,
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
        index_of(self.hex, placement)
    }
}

/// The placement numbered `index`, if both its cells are on the board.
fn placement_of(hex: &Hexagon<u128>, index: usize) -> Option<Placement> {
    let low = index / 3;
    (low < CELLS)
        .then(|| hex.step(low, index % 3))
        .flatten()
        .map(|high| Placement::new(low, high))
}

/// The steps of a Barricade on `placement` on an empty board: the rotations of R41 (an
/// end moves to the cell `M` adjacent to both, first end `A` then end `B`, for `M+` then
/// `M−`), then the advances from end `B` along `d` and from end `A` against it.
fn step_shapes(placement: Placement) -> ArrayVec<StepShape, 6> {
    let hex = hex127();
    let [a, b] = placement.cells();
    let d = (0..6)
        .find(|&d| hex.step(a, d) == Some(b))
        .expect("Barricade ends are adjacent");
    let shape = |placement: Placement, entered: usize, advance: Option<usize>| StepShape {
        placement,
        cells: placement.mask(),
        index: index_of(hex, placement) as u16,
        entered: entered as u8,
        entered_bit: 1 << entered,
        advance: advance.map(|d| d as u8),
    };
    let mut shapes = ArrayVec::new();
    for turn in [(d + 1) % 6, (d + 5) % 6] {
        if let Some(m) = hex.step(a, turn) {
            shapes.push(shape(Placement::new(m, b), m, None));
            shapes.push(shape(Placement::new(a, m), m, None));
        }
    }
    for (end, dir) in [(b, d), (a, (d + 3) % 6)] {
        if let Some(entered) = hex.step(end, dir) {
            shapes.push(shape(Placement::new(end, entered), entered, Some(dir)));
        }
    }
    shapes
}

/// The quiet step sequences from the placement numbered `start` in the order of
/// `Board::barricade_sequences`: each first step, then the second steps after it, but
/// none back to the start (R45). A second step may enter the start cell the first left.
fn quiet_sequences(
    step_shapes: &[ArrayVec<StepShape, 6>],
    start: usize,
) -> ArrayVec<QuietSequence, 36> {
    let mut sequences = ArrayVec::new();
    let Some(start_cells) = placement_of(hex127(), start).map(Placement::mask) else {
        return sequences;
    };
    for first in &step_shapes[start] {
        sequences.push(QuietSequence {
            end: first.placement,
            end_index: first.index,
            entered: first.entered_bit,
        });
        for second in &step_shapes[first.index as usize] {
            if second.index as usize != start {
                sequences.push(QuietSequence {
                    end: second.placement,
                    end_index: second.index,
                    entered: first.entered_bit | (second.entered_bit & !start_cells),
                });
            }
        }
    }
    sequences
}

/// See `Tables::placement_index`.
fn index_of(hex: &Hexagon<u128>, placement: Placement) -> usize {
    let [low, high] = placement.cells();
    let direction = (0..3)
        .find(|&d| hex.step(low, d) == Some(high))
        .expect("Barricade ends are adjacent");
    low * 3 + direction
}

/// A slider's line in one direction: the empty cells it crosses and the first piece.
#[derive(Clone, Copy)]
pub struct Line {
    pub empty: u128,
    pub blocker: u128,
}

impl Line {
    pub fn blocker_cell(self) -> Option<usize> {
        (self.blocker != 0).then(|| self.blocker.trailing_zeros() as usize)
    }
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The Panoply tables, built on first use.
#[inline]
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(Tables::build)
}
