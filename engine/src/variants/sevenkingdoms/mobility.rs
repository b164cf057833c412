//! The number of moves of every piece (R7–R24, as the move generator makes them), kept up
//! to date by make, so that move counts, the turn order's "can move" (R30) and the
//! evaluation's mobility cost no move generation.
//!
//! A move changes what stands on two cells (its origin and destination). The moves of
//! other pieces change only where those cells are on their way, so after a move only
//! these pieces are counted again: the first piece each way from a changed cell if its
//! walks along that line are long enough to reach the cell (a line walk ends there or now
//! goes on), the Cannon beyond it along ranks and files (a Cannon
//! whose screen or target it was, R19), and the Knights whose leg is a changed cell or an
//! empty cell up to three steps back along an outward diagonal from one (R22). An army transfer recolours a
//! whole army, which changes what many pieces can take: everything is counted again.

use super::movegen::Counter;
use super::movegen::WALK_LENGTH;
use super::tables::tables;
use super::{code_kind, code_kingdom, State, CANNON, CELLS, EMPEROR, KINGDOMS, KNIGHT};
use crate::bitboard::{Bitboard, Wide384};
use crate::geometry::ORTHOGONAL_DIRECTIONS;

/// R22 backwards, per diagonal (NE, NW, SE, SW) a Knight's walk can take: the direction
/// back to its leg, and from the leg the two directions back to the Knight (the legs
/// whose outward diagonals include it: N or E, N or W, S or E, S or W).
pub(super) const KNIGHT_WAYS_BACK: [(usize, [usize; 2]); 4] =
    [(7, [1, 3]), (6, [1, 2]), (5, [0, 3]), (4, [0, 2])];

/// Moves per piece and per kingdom and type.
#[derive(Clone, Debug)]
pub(super) struct Mobility {
    /// Moves of the piece on each cell (0 for an empty cell and the Emperor's).
    by_cell: [u8; CELLS],
    /// Moves of each kingdom's pieces of each type.
    by_kind: [[u16; 10]; KINGDOMS],
    /// The cells of the Knights, of every kingdom: the pieces whose moves depend on cells
    /// off their lines (R22), kept by make.
    knights: Wide384,
    /// The cells of the Cannons, of every kingdom: the pieces whose captures depend on
    /// cells beyond the first piece of a line (R19), kept by make.
    cannons: Wide384,
}

impl Mobility {
    pub(super) const EMPTY: Mobility = Mobility {
        by_cell: [0; CELLS],
        by_kind: [[0; 10]; KINGDOMS],
        knights: Wide384::EMPTY,
        cannons: Wide384::EMPTY,
    };

    /// The moves of `kingdom`'s pieces by type.
    pub(super) fn by_kind(&self, kingdom: usize) -> [u16; 10] {
        self.by_kind[kingdom]
    }

    /// The cells of the Knights.
    pub(super) fn knights(&self) -> Wide384 {
        self.knights
    }

    /// The cells of the Cannons.
    pub(super) fn cannons(&self) -> Wide384 {
        self.cannons
    }

    /// A piece of type `kind` arrives on or leaves `cell`: Knights and Cannons are kept.
    pub(super) fn toggle(&mut self, kind: usize, cell: usize) {
        match kind {
            KNIGHT => self.knights ^= Wide384::cell(cell),
            CANNON => self.cannons ^= Wide384::cell(cell),
            _ => {}
        }
    }

    /// The moves of all `kingdom`'s pieces.
    pub(super) fn total(&self, kingdom: usize) -> usize {
        self.by_kind[kingdom].iter().map(|&n| usize::from(n)).sum()
    }
}

impl State {
    /// Counts the moves of every piece afresh.
    pub(super) fn recount_all(&mut self) {
        self.mobility = Mobility::EMPTY;
        for kingdom in 0..KINGDOMS {
            for cell in self.by_kingdom[kingdom].cells() {
                self.mobility.toggle(code_kind(self.cells[cell]), cell);
                self.recount(cell);
            }
        }
    }

    /// Takes the piece on `cell` out of the counts, before it leaves the cell or is taken.
    pub(super) fn uncount(&mut self, cell: usize) {
        let code = self.cells[cell];
        let moves = std::mem::take(&mut self.mobility.by_cell[cell]);
        self.mobility.by_kind[code_kingdom(code)][code_kind(code)] -= u16::from(moves);
    }

    /// Counts again the pieces whose moves may have changed with what stands on `changed`
    /// (the pieces that stood there taken out of the counts beforehand).
    pub(super) fn recount_around(&mut self, changed: [usize; 2]) {
        let stale = self.dependants(changed[0]) | self.dependants(changed[1]);
        for cell in stale.cells() {
            if !matches!(self.cells[cell], 0 | EMPEROR) {
                self.recount(cell);
            }
        }
    }

    /// Counts the moves of the piece on `cell` afresh.
    fn recount(&mut self, cell: usize) {
        let code = self.cells[cell];
        let (kingdom, kind) = (code_kingdom(code), code_kind(code));
        let mut counter = Counter::default();
        self.visit_piece(cell, kind, kingdom, &mut counter);
        let moves = counter.moves as u8;
        let old = std::mem::replace(&mut self.mobility.by_cell[cell], moves);
        let total = &mut self.mobility.by_kind[kingdom][kind];
        *total = *total - u16::from(old) + u16::from(moves);
    }

    /// Whether a line walk (R9) of the piece on `piece_cell`, `empty` free cells away from
    /// a cell in direction `d` from it, reaches that cell: the piece walks along that line
    /// (back towards the cell) at least `empty + 1` cells.
    fn walks_to(&self, piece_cell: usize, d: usize, empty: usize) -> bool {
        let code = self.cells[piece_cell];
        code != EMPEROR && empty < WALK_LENGTH[code_kind(code)][usize::from(d >= 4)]
    }

    /// The Knights whose walks, from a leg up to three free cells back along an outward
    /// diagonal, reach `cell` (R22).
    pub(super) fn knights_passing(&self, cell: usize) -> Wide384 {
        let by_legs = &tables().knights_by_legs[cell];
        let candidates = KNIGHT_WAYS_BACK
            .iter()
            .zip(by_legs)
            .fold(Wide384::EMPTY, |bb, ((back, _), by_legs)| {
                bb | by_legs[self.lines.reach(cell, *back).empty.min(3)]
            });
        candidates & self.mobility.knights
    }

    /// The cell itself and every piece whose moves can depend on what stands on `cell`.
    fn dependants(&self, cell: usize) -> Wide384 {
        let mut found = Wide384::cell(cell);
        let cannon_in_line = (self.mobility.cannons & tables().ranks_and_files[cell]).any();
        for d in 0..8 {
            let reach = self.lines.reach(cell, d);
            let Some(first) = reach.blocker else {
                continue;
            };
            if self.walks_to(first, d, reach.empty) {
                found |= Wide384::cell(first);
            }
            if cannon_in_line && ORTHOGONAL_DIRECTIONS.contains(&d) {
                let second = self.lines.reach(first, d).blocker;
                if let Some(cannon) = second.filter(|&c| self.mobility.cannons.has(c)) {
                    found |= Wide384::cell(cannon);
                }
            }
        }
        let knights = self.mobility.knights & tables().knights_near[cell];
        if knights.any() {
            found |= (self.knights_passing(cell) | tables().orthogonal_neighbours[cell]) & knights;
        }
        found
    }
}
