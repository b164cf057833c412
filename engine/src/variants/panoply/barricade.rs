//! The Barricade (R40–R48): steps, and moves of one or two steps.

use super::tables::{tables, PLACEMENTS};
use super::{Board, Color, Move, Placement, NONE};
use arrayvec::ArrayVec;

/// One step of a Barricade (R42).
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    pub placement: Placement,
    pub entered: usize,
    /// Whether the step is an advance (only advances capture, R43).
    pub advance: bool,
    /// Whether the entered cell held an enemy piece, which the advance captures.
    pub captures: bool,
}

/// The board as a Barricade move sees it between its steps: occupied cells and enemy
/// cells, with pieces captured by a first step already removed.
#[derive(Clone, Copy, Debug)]
pub(super) struct View {
    pub occupied: u128,
    pub enemy: u128,
}

/// The moves of one Barricade: at most 6 one-step and 6·6 two-step sequences (R44).
pub(super) type BarricadeMoves = ArrayVec<Move, 42>;

/// A set of Barricade placements, one bit per placement index.
#[derive(Default)]
struct PlacementSet([u128; PLACEMENTS.div_ceil(128)]);

impl PlacementSet {
    /// Adds `placement`; whether it was new.
    fn insert(&mut self, placement: Placement) -> bool {
        let index = tables().placement_index(placement);
        let (word, bit) = (&mut self.0[index / 128], 1u128 << (index % 128));
        let new = *word & bit == 0;
        *word |= bit;
        new
    }
}

const fn opposite(d: usize) -> usize {
    (d + 3) % 6
}

impl Board {
    /// The steps of the Barricade on `placement` in `view` (R41–R43, with R16 for an
    /// enemy Barricade on the entered cell).
    pub(super) fn barricade_steps(&self, placement: Placement, view: View) -> ArrayVec<Step, 6> {
        let hex = tables().hex;
        let [a, b] = placement.cells();
        let d = (0..6)
            .find(|&d| hex.step(a, d) == Some(b))
            .expect("Barricade ends are adjacent");
        let mut steps = ArrayVec::new();
        // Rotations: an end moves to a cell adjacent to both ends (R41).
        for turn in [(d + 1) % 6, (d + 5) % 6] {
            if let Some(m) = hex.step(a, turn).filter(|&m| view.occupied & (1 << m) == 0) {
                for placement in [Placement::new(m, b), Placement::new(a, m)] {
                    steps.push(Step {
                        placement,
                        entered: m,
                        advance: false,
                        captures: false,
                    });
                }
            }
        }
        // Advances along the Barricade's own line, in both directions.
        for (end, dir) in [(b, d), (a, opposite(d))] {
            let Some(entered) = hex.step(end, dir) else {
                continue;
            };
            let captures = view.enemy & (1 << entered) != 0;
            let enterable = view.occupied & (1 << entered) == 0
                || (captures && self.capturable_in_line(entered, dir));
            if enterable {
                steps.push(Step {
                    placement: Placement::new(end, entered),
                    entered,
                    advance: true,
                    captures,
                });
            }
        }
        steps
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

    /// The view after `step` from `placement`: the Barricade moved, a captured piece
    /// (a whole Barricade, R13) gone.
    pub(super) fn view_after(&self, view: View, placement: Placement, step: &Step) -> View {
        let mut occupied = view.occupied;
        let mut enemy = view.enemy;
        for c in placement.cells() {
            occupied &= !(1u128 << c);
        }
        if step.captures {
            let mut captured = 1u128 << step.entered;
            if let Some(other) = self.partner_of(step.entered) {
                captured |= 1 << other;
            }
            occupied &= !captured;
            enemy &= !captured;
        }
        for c in step.placement.cells() {
            occupied |= 1 << c;
        }
        View { occupied, enemy }
    }

    /// Every move of the Barricade of `color` on `placement` (R44–R47): one step, or two
    /// steps not returning to the start unless the first captured; sequences with the same
    /// end placement and captures are one move.
    pub(super) fn barricade_moves(&self, placement: Placement, color: Color) -> BarricadeMoves {
        let start = View {
            occupied: self.occupied(),
            enemy: self.by_color[1 - color],
        };
        let mut moves = BarricadeMoves::new();
        // R47: quiet moves are told apart by their end placement alone.
        let mut quiet_ends = PlacementSet::default();
        let mut add = |to: Placement, captures: [u8; 2]| {
            let mv = Move::Barricade {
                from: placement,
                to,
                captures,
            };
            let new = if captures[0] == NONE {
                quiet_ends.insert(to)
            } else {
                !moves.contains(&mv)
            };
            if new {
                moves.push(mv);
            }
        };
        for first in self.barricade_steps(placement, start) {
            let capture1 = if first.captures {
                first.entered as u8
            } else {
                NONE
            };
            add(first.placement, [capture1, NONE]);
            let view = self.view_after(start, placement, &first);
            for second in self.barricade_steps(first.placement, view) {
                // R45: no null move; back to the start only after a capture.
                if second.placement == placement && !first.captures {
                    continue;
                }
                let capture2 = if second.captures {
                    second.entered as u8
                } else {
                    NONE
                };
                let captures = if first.captures {
                    [capture1, capture2]
                } else {
                    [capture2, NONE]
                };
                add(second.placement, captures);
            }
        }
        moves
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
        self.barricade_steps(placement, view).iter().any(|first| {
            (first.advance && first.entered == target)
                || self
                    .barricade_steps(first.placement, self.view_after(view, placement, first))
                    .iter()
                    .any(|second| second.advance && second.entered == target)
        })
    }
}
