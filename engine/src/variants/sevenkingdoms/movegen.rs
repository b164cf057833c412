//! Moves of every piece (R7–R24). There is no check (R10): every destination is legal.

use super::tables::tables;
use super::{
    code_kind, code_kingdom, Move, MoveList, State, ARCHER, CANNON, CHANCELLOR, CROSSBOWMAN,
    DAGGER, DIPLOMAT, EMPEROR, GENERAL, GO_BETWEEN, KNIGHT, SWORDSMAN,
};
use crate::bitboard::Bitboard;
use crate::geometry::{DIAGONAL_DIRECTIONS, ORTHOGONAL_DIRECTIONS};

/// "Any distance": the longest walk on a 19-cell line (R9).
const ANY: usize = 18;
const ALL_DIRECTIONS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
/// For each orthogonal direction (N, S, E, W) the two diagonals that keep going that way:
/// the Knight's "outward" diagonals (R22).
const OUTWARD: [[usize; 2]; 4] = [[4, 5], [6, 7], [4, 6], [5, 7]];

impl State {
    /// Appends every move of `kingdom`'s pieces.
    pub(super) fn moves_of(&self, kingdom: usize, moves: &mut MoveList) {
        self.visit_moves(kingdom, &mut |from, to| {
            moves.push(Move::Step {
                from: from as u16,
                to: to as u16,
            });
            true
        });
    }

    /// The number of moves of `kingdom`'s pieces.
    pub(super) fn count_moves_of(&self, kingdom: usize) -> usize {
        let mut count = 0;
        self.visit_moves(kingdom, &mut |_, _| {
            count += 1;
            true
        });
        count
    }

    /// Whether `kingdom` has at least one move (R30).
    pub(super) fn has_moves(&self, kingdom: usize) -> bool {
        let mut found = false;
        self.visit_moves(kingdom, &mut |_, _| {
            found = true;
            false
        });
        found
    }

    /// Calls `visit(from, to)` for every move of `kingdom` until it returns false.
    fn visit_moves(&self, kingdom: usize, visit: &mut dyn FnMut(usize, usize) -> bool) {
        for from in self.by_kingdom[kingdom].cells() {
            let keep_going = match code_kind(self.cells[from]) {
                GENERAL => self.walks(from, kingdom, &ALL_DIRECTIONS, ANY, true, visit),
                CHANCELLOR => self.walks(from, kingdom, &ORTHOGONAL_DIRECTIONS, ANY, true, visit),
                DIPLOMAT => self.walks(from, kingdom, &DIAGONAL_DIRECTIONS, ANY, true, visit),
                GO_BETWEEN => self.walks(from, kingdom, &ALL_DIRECTIONS, ANY, false, visit),
                ARCHER => self.walks(from, kingdom, &ALL_DIRECTIONS, 4, true, visit),
                CROSSBOWMAN => self.walks(from, kingdom, &ALL_DIRECTIONS, 5, true, visit),
                DAGGER => self.walks(from, kingdom, &DIAGONAL_DIRECTIONS, 1, true, visit),
                SWORDSMAN => self.walks(from, kingdom, &ORTHOGONAL_DIRECTIONS, 1, true, visit),
                CANNON => self.cannon(from, kingdom, visit),
                KNIGHT => self.knight(from, kingdom, visit),
                _ => true,
            };
            if !keep_going {
                return;
            }
        }
    }

    /// Line walks from `from` (R9) in each of `directions`; false once `visit` says stop.
    fn walks(
        &self,
        from: usize,
        kingdom: usize,
        directions: &[usize],
        length: usize,
        may_capture: bool,
        visit: &mut dyn FnMut(usize, usize) -> bool,
    ) -> bool {
        directions
            .iter()
            .all(|&d| self.walk(from, from, d, length, kingdom, may_capture, visit))
    }

    /// One line walk of `length` cells from `start` in direction `d` for a piece of
    /// `kingdom` standing on `from` (R9).
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        from: usize,
        start: usize,
        d: usize,
        length: usize,
        kingdom: usize,
        may_capture: bool,
        visit: &mut dyn FnMut(usize, usize) -> bool,
    ) -> bool {
        for &cell in tables().grid.ray(start, d).iter().take(length) {
            let cell = cell as usize;
            match self.cells[cell] {
                0 => {
                    if !visit(from, cell) {
                        return false;
                    }
                }
                EMPEROR => break,
                code => {
                    let capturable = code_kingdom(code) != kingdom && code_kind(code) != GO_BETWEEN;
                    if capturable && may_capture && !visit(from, cell) {
                        return false;
                    }
                    break;
                }
            }
        }
        true
    }

    /// R19: quiet moves like a Chancellor; a capture over exactly one screen.
    fn cannon(
        &self,
        from: usize,
        kingdom: usize,
        visit: &mut dyn FnMut(usize, usize) -> bool,
    ) -> bool {
        for d in ORTHOGONAL_DIRECTIONS {
            let mut beyond_screen = false;
            for &cell in tables().grid.ray(from, d) {
                let cell = cell as usize;
                let code = self.cells[cell];
                match (code, beyond_screen) {
                    (0, false) => {
                        if !visit(from, cell) {
                            return false;
                        }
                    }
                    (0, true) => {}
                    (_, false) => beyond_screen = true,
                    (EMPEROR, true) => break,
                    (_, true) => {
                        let capturable =
                            code_kingdom(code) != kingdom && code_kind(code) != GO_BETWEEN;
                        if capturable && !visit(from, cell) {
                            return false;
                        }
                        break;
                    }
                }
            }
        }
        true
    }

    /// R22: an empty orthogonal leg, then walks of up to three cells along the two
    /// outward diagonals.
    fn knight(
        &self,
        from: usize,
        kingdom: usize,
        visit: &mut dyn FnMut(usize, usize) -> bool,
    ) -> bool {
        let grid = &tables().grid;
        for (i, d) in ORTHOGONAL_DIRECTIONS.into_iter().enumerate() {
            let Some(&leg) = grid.ray(from, d).first() else {
                continue;
            };
            let leg = leg as usize;
            if self.cells[leg] != 0 {
                continue;
            }
            for diagonal in OUTWARD[i] {
                if !self.walk(from, leg, diagonal, 3, kingdom, true, visit) {
                    return false;
                }
            }
        }
        true
    }
}
