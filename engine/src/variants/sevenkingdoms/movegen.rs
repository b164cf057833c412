//! Moves of every piece (R7–R24). There is no check (R10): every destination is legal.
//!
//! A line walk (R9) reads the first occupied cell of its line from the line occupancy
//! (`lines`), so a piece's moves come one walk at a time: a run of quiet moves and at most
//! one capture. Walks are made in the order of the rules' description, nearest cell first,
//! so the move list keeps one fixed order.

use super::lines::STEPS;
use super::{
    code_kind, code_kingdom, Move, MoveList, SevenKingdoms, State, ARCHER, CANNON, CHANCELLOR,
    CROSSBOWMAN, DAGGER, DIPLOMAT, EMPEROR, GENERAL, GO_BETWEEN, KINGDOMS, KNIGHT, SWORDSMAN,
};
use crate::bitboard::Bitboard;
use crate::game::SpillList;
use crate::geometry::{DIAGONAL_DIRECTIONS, ORTHOGONAL_DIRECTIONS};

/// "Any distance": the longest walk on a 19-cell line (R9).
const ANY: usize = 18;
const ALL_DIRECTIONS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
/// Per type, how far its line walks go along orthogonal and along diagonal lines
/// (R12–R24, as `visit_piece` walks them): a Cannon's quiet moves like a Chancellor's (its
/// capture over a screen is looked for separately), none for a Knight (its walks start
/// off the line, R22).
pub(super) const WALK_LENGTH: [[usize; 2]; 10] = {
    let mut table = [[0; 2]; 10];
    table[GENERAL] = [ANY, ANY];
    table[CHANCELLOR] = [ANY, 0];
    table[DIPLOMAT] = [0, ANY];
    table[CANNON] = [ANY, 0];
    table[GO_BETWEEN] = [ANY, ANY];
    table[ARCHER] = [4, 4];
    table[CROSSBOWMAN] = [5, 5];
    table[DAGGER] = [0, 1];
    table[SWORDSMAN] = [1, 0];
    table
};

/// For each orthogonal direction (N, S, E, W) the two diagonals that keep going that way:
/// the Knight's "outward" diagonals (R22).
const OUTWARD: [[usize; 2]; 4] = [[4, 5], [6, 7], [4, 6], [5, 7]];

/// `CAPTURABLE[kingdom][code]`: whether a piece of `kingdom` may take what stands on a
/// cell of that code: a piece of another kingdom (R7) but neither the Emperor (R8) nor a
/// Go-Between (R21).
static CAPTURABLE: [[bool; 256]; KINGDOMS] = {
    let mut table = [[false; 256]; KINGDOMS];
    let mut kingdom = 0;
    while kingdom < KINGDOMS {
        let mut code = 1;
        while code < EMPEROR {
            table[kingdom][code as usize] = code_kingdom(code) < KINGDOMS
                && code_kingdom(code) != kingdom
                && code_kind(code) != GO_BETWEEN;
            code += 1;
        }
        kingdom += 1;
    }
    table
};

/// Where the moves of a kingdom's pieces go, piece by piece, one line walk at a time.
pub trait WalkSink {
    /// The moves of the piece of type `kind` on `cell` come next.
    #[inline]
    fn piece(&mut self, _cell: usize, _kind: usize) {}
    /// The quiet moves from `from` to `start + k·step` for k = 1, …, `count`.
    fn quiet(&mut self, from: usize, start: usize, step: isize, count: usize);
    /// The capture from `from` on `to`.
    fn capture(&mut self, from: usize, to: usize);
}

impl WalkSink for MoveList {
    #[inline]
    fn quiet(&mut self, from: usize, start: usize, step: isize, count: usize) {
        let moves = (1..=count as isize).map(|k| Move::Step {
            from: from as u16,
            to: start.wrapping_add_signed(k * step) as u16,
        });
        match self {
            SpillList::Inline(list) if list.remaining_capacity() >= count => list.extend(moves),
            _ => moves.for_each(|mv| self.push(mv)),
        }
    }
    #[inline]
    fn capture(&mut self, from: usize, to: usize) {
        self.push(Move::Step {
            from: from as u16,
            to: to as u16,
        });
    }
}

/// Counts moves.
#[derive(Default)]
pub(super) struct Counter {
    pub(super) moves: usize,
}

impl WalkSink for Counter {
    #[inline]
    fn quiet(&mut self, _: usize, _: usize, _: isize, count: usize) {
        self.moves += count;
    }
    #[inline]
    fn capture(&mut self, _: usize, _: usize) {
        self.moves += 1;
    }
}

impl State {
    /// Gives `sink` the moves of `kingdom`'s pieces, piece by piece in cell order.
    pub(super) fn visit_moves(&self, kingdom: usize, sink: &mut impl WalkSink) {
        for from in self.by_kingdom[kingdom].cells() {
            let kind = code_kind(self.cells[from]);
            sink.piece(from, kind);
            self.visit_piece(from, kind, kingdom, sink);
        }
    }

    /// Gives `sink` the moves of the piece of `kingdom` and type `kind` on `from`.
    pub(super) fn visit_piece(
        &self,
        from: usize,
        kind: usize,
        kingdom: usize,
        sink: &mut impl WalkSink,
    ) {
        match kind {
            GENERAL => self.walks(from, kingdom, &ALL_DIRECTIONS, ANY, true, sink),
            CHANCELLOR => self.walks(from, kingdom, &ORTHOGONAL_DIRECTIONS, ANY, true, sink),
            DIPLOMAT => self.walks(from, kingdom, &DIAGONAL_DIRECTIONS, ANY, true, sink),
            GO_BETWEEN => self.walks(from, kingdom, &ALL_DIRECTIONS, ANY, false, sink),
            ARCHER => self.walks(
                from,
                kingdom,
                &ALL_DIRECTIONS,
                WALK_LENGTH[ARCHER][0],
                true,
                sink,
            ),
            CROSSBOWMAN => self.walks(
                from,
                kingdom,
                &ALL_DIRECTIONS,
                WALK_LENGTH[CROSSBOWMAN][0],
                true,
                sink,
            ),
            DAGGER => self.walks(
                from,
                kingdom,
                &DIAGONAL_DIRECTIONS,
                WALK_LENGTH[DAGGER][1],
                true,
                sink,
            ),
            SWORDSMAN => self.walks(
                from,
                kingdom,
                &ORTHOGONAL_DIRECTIONS,
                WALK_LENGTH[SWORDSMAN][0],
                true,
                sink,
            ),
            CANNON => self.cannon(from, kingdom, sink),
            KNIGHT => self.knight(from, kingdom, sink),
            _ => {}
        }
    }

    /// Line walks from `from` (R9) in each of `directions`.
    #[inline]
    fn walks(
        &self,
        from: usize,
        kingdom: usize,
        directions: &[usize],
        length: usize,
        may_capture: bool,
        sink: &mut impl WalkSink,
    ) {
        for &d in directions {
            self.walk(from, from, d, length, kingdom, may_capture, sink);
        }
    }

    /// One line walk of `length` cells from `start` in direction `d` for a piece of
    /// `kingdom` standing on `from` (R9): the empty cells up to the first occupied one,
    /// which it may capture (R8: never the Emperor, R21: never a Go-Between).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn walk(
        &self,
        from: usize,
        start: usize,
        d: usize,
        length: usize,
        kingdom: usize,
        may_capture: bool,
        sink: &mut impl WalkSink,
    ) {
        let reach = self.lines.reach(start, d);
        sink.quiet(from, start, STEPS[d], reach.empty.min(length));
        if let Some(blocker) = reach.blocker {
            if may_capture && reach.empty < length && self.capturable(blocker, kingdom) {
                sink.capture(from, blocker);
            }
        }
    }

    /// Whether a piece of `kingdom` may take what stands on the occupied `cell`.
    #[inline]
    fn capturable(&self, cell: usize, kingdom: usize) -> bool {
        CAPTURABLE[kingdom][usize::from(self.cells[cell])]
    }

    /// R19: quiet moves like a Chancellor; a capture of the first piece beyond exactly one
    /// screen (any piece or the Emperor).
    fn cannon(&self, from: usize, kingdom: usize, sink: &mut impl WalkSink) {
        for d in ORTHOGONAL_DIRECTIONS {
            let reach = self.lines.reach(from, d);
            sink.quiet(from, from, STEPS[d], reach.empty);
            let Some(screen) = reach.blocker else {
                continue;
            };
            if let Some(target) = self.lines.reach(screen, d).blocker {
                if self.capturable(target, kingdom) {
                    sink.capture(from, target);
                }
            }
        }
    }

    /// R22: an empty orthogonal leg, then walks of up to three cells along the two
    /// outward diagonals.
    fn knight(&self, from: usize, kingdom: usize, sink: &mut impl WalkSink) {
        for (i, d) in ORTHOGONAL_DIRECTIONS.into_iter().enumerate() {
            if self.lines.reach(from, d).empty == 0 {
                continue;
            }
            let leg = from.wrapping_add_signed(STEPS[d]);
            for diagonal in OUTWARD[i] {
                self.walk(from, leg, diagonal, 3, kingdom, true, sink);
            }
        }
    }
}

impl SevenKingdoms {
    /// Gives `sink` the moves of `kingdom`'s pieces as the move generator makes them,
    /// whether or not it is that kingdom's turn.
    pub fn visit_moves_of(&self, kingdom: usize, sink: &mut impl WalkSink) {
        self.state.visit_moves(kingdom, sink);
    }

    /// What a line walk from `cell` in direction `d` meets (R9): the number of empty cells
    /// before the first occupied cell (a piece or the Emperor) or the edge, and that cell.
    pub fn reach(&self, cell: usize, d: usize) -> super::Reach {
        self.state.lines.reach(cell, d)
    }
}
