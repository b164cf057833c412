//! The Barricade (R40–R48): steps, and moves of one or two steps.

use super::tables::{tables, StepShape, PLACEMENTS};
use super::{Board, Color, Move, MoveSink, Placement, NONE};
use arrayvec::ArrayVec;

/// One step of a Barricade that the board allows (R42).
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    pub shape: &'static StepShape,
    /// Whether the entered cell held an enemy piece, which the advance captures (R43).
    pub captures: bool,
}

impl Step {
    fn entered(&self) -> usize {
        self.shape.entered as usize
    }

    fn is_advance_into(&self, target: usize) -> bool {
        self.shape.advance.is_some() && self.entered() == target
    }
}

/// The board as a Barricade move sees it between its steps: occupied cells and enemy
/// cells, with pieces captured by a first step already removed.
#[derive(Clone, Copy, Debug)]
pub(super) struct View {
    pub occupied: u128,
    pub enemy: u128,
}

/// A set of Barricade placements, one bit per placement index.
#[derive(Default)]
struct PlacementSet([u64; PLACEMENTS.div_ceil(64)]);

impl PlacementSet {
    /// Adds the placement numbered `index`; whether it was new.
    fn insert(&mut self, index: usize) -> bool {
        let (word, bit) = (&mut self.0[index / 64], 1u64 << (index % 64));
        let new = *word & bit == 0;
        *word |= bit;
        new
    }
}

impl Board {
    /// The steps of the Barricade on the placement numbered `index` in `view`.
    pub(super) fn barricade_steps(
        &self,
        index: usize,
        view: View,
    ) -> impl Iterator<Item = Step> + '_ {
        tables().step_shapes[index]
            .iter()
            .filter_map(move |shape| self.allowed_step(shape, view))
    }

    /// The step `shape` if `view` allows it (R41–R43, with R16 for an enemy Barricade on
    /// the entered cell).
    #[inline]
    pub(super) fn allowed_step(&self, shape: &'static StepShape, view: View) -> Option<Step> {
        let entered = shape.entered_bit;
        let empty = view.occupied & entered == 0;
        let captures = match shape.advance {
            Some(dir) => {
                view.enemy & entered != 0
                    && self.capturable_in_line(shape.entered as usize, dir as usize)
            }
            None => false,
        };
        (empty || captures).then_some(Step { shape, captures })
    }

    /// R16: a piece entering `target` while moving in direction `dir` may capture it
    /// unless it is a Barricade end whose other end is not the next cell beyond.
    #[inline]
    pub(super) fn capturable_in_line(&self, target: usize, dir: usize) -> bool {
        match self.partner_of(target) {
            None => true,
            Some(other) => tables().hex.step(target, dir) == Some(other),
        }
    }

    /// The view after `step` from the placement on `cells`: the Barricade moved, a
    /// captured piece (a whole Barricade, R13) gone.
    pub(super) fn view_after(&self, view: View, cells: u128, step: &Step) -> View {
        let mut occupied = view.occupied & !cells;
        let mut enemy = view.enemy;
        if step.captures {
            let mut captured = step.shape.entered_bit;
            if let Some(other) = self.partner_of(step.entered()) {
                captured |= 1 << other;
            }
            occupied &= !captured;
            enemy &= !captured;
        }
        View {
            occupied: occupied | step.shape.cells,
            enemy,
        }
    }

    /// Every move of the Barricade of `color` on `placement` (R44–R47): one step, or two
    /// steps not returning to the start unless the first captured; sequences with the same
    /// end placement and captures are one move.
    pub(super) fn barricade_moves(
        &self,
        placement: Placement,
        color: Color,
        moves: &mut impl MoveSink<Move>,
    ) {
        if self.enemy_in_reach(placement, color) {
            self.barricade_sequences(placement, color, false, moves);
        } else {
            self.quiet_barricade_moves(placement, moves);
        }
    }

    /// The capturing moves among `barricade_moves`, in the same order.
    pub(super) fn barricade_captures(
        &self,
        placement: Placement,
        color: Color,
        moves: &mut impl MoveSink<Move>,
    ) {
        if self.enemy_in_reach(placement, color) {
            self.barricade_sequences(placement, color, true, moves);
        }
    }

    /// Whether an enemy stands within two cells of an end of the Barricade of `color` on
    /// `placement`: every cell its steps enter does, so without one it cannot capture.
    fn enemy_in_reach(&self, placement: Placement, color: Color) -> bool {
        step_reach(placement) & self.by_color[1 - color] != 0
    }

    /// `barricade_moves` of a Barricade that cannot capture: every step is quiet, so a
    /// sequence is open when the cells it enters are empty (`Tables::quiet_sequences`).
    fn quiet_barricade_moves(&self, placement: Placement, moves: &mut impl MoveSink<Move>) {
        let t = tables();
        let occupied = self.occupied();
        // R47: quiet moves are told apart by their end placement alone.
        let mut ends = PlacementSet::default();
        for sequence in &t.quiet_sequences[t.placement_index(placement)] {
            if occupied & sequence.entered == 0 && ends.insert(sequence.end_index as usize) {
                moves.push(Move::Barricade {
                    from: placement,
                    to: sequence.end,
                    captures: [NONE; 2],
                });
            }
        }
    }

    fn barricade_sequences(
        &self,
        placement: Placement,
        color: Color,
        captures_only: bool,
        moves: &mut impl MoveSink<Move>,
    ) {
        let start = View {
            occupied: self.occupied(),
            enemy: self.by_color[1 - color],
        };
        let (start_index, start_cells) = (tables().placement_index(placement), placement.mask());
        // R47: quiet moves are told apart by their end placement alone.
        let mut quiet_ends = PlacementSet::default();
        let mut capturing = ArrayVec::<Move, 42>::new();
        let mut add = |to: &StepShape, captures: [u8; 2]| {
            let mv = Move::Barricade {
                from: placement,
                to: to.placement,
                captures,
            };
            let new = if captures[0] == NONE {
                !captures_only && quiet_ends.insert(to.index as usize)
            } else if capturing.contains(&mv) {
                false
            } else {
                capturing.push(mv);
                true
            };
            if new {
                moves.push(mv);
            }
        };
        for first in self.barricade_steps(start_index, start) {
            let capture1 = if first.captures {
                first.shape.entered
            } else {
                NONE
            };
            add(first.shape, [capture1, NONE]);
            let index = first.shape.index as usize;
            if captures_only && !first.captures && !advance_meets(index, start.enemy) {
                continue;
            }
            let view = self.view_after(start, start_cells, &first);
            for second in self.barricade_steps(index, view) {
                // R45: no null move; back to the start only after a capture.
                if second.shape.index as usize == start_index && !first.captures {
                    continue;
                }
                let capture2 = if second.captures {
                    second.shape.entered
                } else {
                    NONE
                };
                let captures = if first.captures {
                    [capture1, capture2]
                } else {
                    [capture2, NONE]
                };
                add(second.shape, captures);
            }
        }
    }

    /// Whether the Barricade on `placement` could capture on `target` with an advance as
    /// its first step or as the second step after any first step (R51). `view` has
    /// `target` occupied by an enemy of the Barricade.
    pub(super) fn barricade_reaches(
        &self,
        placement: Placement,
        view: View,
        target: usize,
    ) -> bool {
        let index = tables().placement_index(placement);
        self.barricade_steps(index, view).any(|first| {
            first.is_advance_into(target)
                || self
                    .barricade_steps(
                        first.shape.index as usize,
                        self.view_after(view, placement.mask(), &first),
                    )
                    .any(|second| second.is_advance_into(target))
        })
    }
}

/// The cells within two of an end of `placement`: every cell a Barricade's one or two
/// steps from there can enter.
pub(super) fn step_reach(placement: Placement) -> u128 {
    let t = tables();
    let [a, b] = placement.cells();
    t.within2[a] | t.within2[b]
}

/// Whether an advance from the placement numbered `index` would enter one of the `enemy`
/// cells: the only way a step captures (R43).
fn advance_meets(index: usize, enemy: u128) -> bool {
    tables().step_shapes[index]
        .iter()
        .any(|shape| shape.advance.is_some() && enemy & shape.entered_bit != 0)
}

#[cfg(test)]
mod tests {
    use super::super::{MoveList, BARRICADE};
    use super::*;
    use crate::bitboard::Bitboard;
    use crate::game::Game;

    /// For every Barricade out of the enemy's reach along random playouts, the table of
    /// quiet sequences gives the moves of the step search, in its order.
    #[test]
    fn quiet_sequences_agree_with_the_step_search() {
        let mut compared = 0;
        super::super::playouts::play(3, 30, 100, |pos, moves, rng| {
            let board = &pos.board;
            for color in [0, 1] {
                for a in board.pieces(color, BARRICADE).cells() {
                    let placement = Placement::new(a, board.partner[a] as usize);
                    if a > placement.0 as usize || board.enemy_in_reach(placement, color) {
                        continue;
                    }
                    let (mut fast, mut searched) = (MoveList::new(), MoveList::new());
                    board.quiet_barricade_moves(placement, &mut fast);
                    board.barricade_sequences(placement, color, false, &mut searched);
                    assert_eq!(fast, searched, "{}", pos.position_string());
                    compared += 1;
                }
            }
            super::super::playouts::any(moves, rng)
        });
        assert!(compared > 2000, "{compared}");
    }
}
