//! Moves of the one-cell pieces (R18–R39) and legality (R50, R54).
//!
//! Pseudo-legal moves come from the pieces that are not frozen (R14); each is then played
//! on a scratch copy of the board and kept if the mover's King is not attacked (R50).
//! That test is skipped for moves that cannot expose the King: the King is not in check,
//! the mover is neither the King nor a Herald (freezing stays as it was), and no cell the
//! move empties lies on a line through the King or within two cells of it. Emptying a
//! cell is the only way a move can create an attack: Riders, Skirmishers, Guards,
//! Catapults and Pawns reach the King along its lines, and a Barricade's two-step reach
//! passes within two cells of it; filling a cell never opens an attack (R42, R51).

use super::tables::{tables, FORWARD};
use super::{
    code_color, code_kind, Board, Color, Move, MoveList, Panoply, CATAPULT, GUARD, HERALD, KING,
    NONE, PAWN, PROMOTIONS, RIDER, SKIRMISHER,
};
use crate::bitboard::Bitboard;

const fn opposite(d: usize) -> usize {
    (d + 3) % 6
}

impl Board {
    /// Pseudo-legal moves of the pieces of `color` that are not frozen.
    pub(super) fn pseudo_moves(&self, color: Color, moves: &mut MoveList) {
        let zone = self.herald_zone(1 - color);
        for from in (self.by_color[color] & !zone).cells() {
            match code_kind(self.cells[from]) {
                KING => self.king_moves(from, color, moves),
                PAWN => self.pawn_moves(from, color, moves),
                RIDER => self.slider_moves(from, color, true, moves),
                HERALD => self.slider_moves(from, color, false, moves),
                SKIRMISHER => {
                    self.slider_moves(from, color, false, moves);
                    self.skirmisher_captures(from, color, moves);
                }
                CATAPULT => {
                    self.slider_moves(from, color, false, moves);
                    self.catapult_captures(from, color, moves);
                }
                GUARD => self.guard_moves(from, color, moves),
                _ => {}
            }
        }
        for placement in self
            .barricades_outside(color, zone)
            .collect::<arrayvec::ArrayVec<_, 4>>()
        {
            self.barricade_moves(placement, color, moves);
        }
    }

    /// Whether `cell` holds a piece of the colour other than `color`.
    #[inline]
    fn is_enemy(&self, cell: usize, color: Color) -> bool {
        self.cells[cell] != 0 && code_color(self.cells[cell]) != color
    }

    /// R23: one step to an empty cell or onto a capturable enemy.
    fn king_moves(&self, from: usize, color: Color, moves: &mut MoveList) {
        let hex = tables().hex;
        for d in 0..6 {
            if let Some(to) = hex.step(from, d) {
                if self.cells[to] == 0
                    || (self.is_enemy(to, color) && self.capturable_in_line(to, d))
                {
                    moves.push(Move::piece(from, to));
                }
            }
        }
    }

    /// R18–R21: slides forward over empty cells; jumps over an adjacent enemy onto an
    /// empty cell; promotion on the last rank.
    fn pawn_moves(&self, from: usize, color: Color, moves: &mut MoveList) {
        let t = tables();
        let push = |to: usize, moves: &mut MoveList| {
            if t.last_rank[color] & (1 << to) != 0 {
                for kind in PROMOTIONS {
                    moves.push(Move::Piece {
                        from: from as u8,
                        to: to as u8,
                        promotion: kind as u8,
                    });
                }
            } else {
                moves.push(Move::piece(from, to));
            }
        };
        for d in FORWARD[color] {
            let ray = &t.rays[from][d];
            for &cell in ray.iter().take_while(|&&c| self.cells[c as usize] == 0) {
                push(cell as usize, moves);
            }
            if let [target, landing, ..] = ray[..] {
                let (target, landing) = (target as usize, landing as usize);
                if self.is_enemy(target, color)
                    && self.cells[landing] == 0
                    && self.capturable_in_line(target, d)
                {
                    push(landing, moves);
                }
            }
        }
    }

    /// Slides over empty cells in all six directions (R25, R26, R31, R35); a Rider may
    /// also capture the first piece if it is a capturable enemy (R25).
    fn slider_moves(&self, from: usize, color: Color, captures: bool, moves: &mut MoveList) {
        let t = tables();
        for d in 0..6 {
            for &cell in t.rays[from][d].iter() {
                let cell = cell as usize;
                if self.cells[cell] == 0 {
                    moves.push(Move::piece(from, cell));
                    continue;
                }
                if captures && self.is_enemy(cell, color) && self.capturable_in_line(cell, d) {
                    moves.push(Move::piece(from, cell));
                }
                break;
            }
        }
    }

    /// R27–R29: capture the first piece on a ray by retreating as far the other way.
    fn skirmisher_captures(&self, from: usize, color: Color, moves: &mut MoveList) {
        let t = tables();
        for d in 0..6 {
            let ray = &t.rays[from][d];
            let Some(k) = ray.iter().position(|&c| self.cells[c as usize] != 0) else {
                continue;
            };
            let target = ray[k] as usize;
            if !self.is_enemy(target, color) || !self.capturable_in_line(target, d) {
                continue;
            }
            let retreat = &t.rays[from][opposite(d)];
            if retreat.len() > k && retreat[..=k].iter().all(|&c| self.cells[c as usize] == 0) {
                moves.push(Move::Skirmish {
                    from: from as u8,
                    to: retreat[k],
                });
            }
        }
    }

    /// R32–R34: leap over any enemy on a ray onto the empty cell as far beyond it.
    fn catapult_captures(&self, from: usize, color: Color, moves: &mut MoveList) {
        let t = tables();
        for d in 0..6 {
            let ray = &t.rays[from][d];
            for k in 0..ray.len() / 2 {
                let (target, landing) = (ray[k] as usize, ray[2 * k + 1] as usize);
                if self.is_enemy(target, color)
                    && self.cells[landing] == 0
                    && self.capturable_in_line(target, d)
                {
                    moves.push(Move::piece(from, landing));
                }
            }
        }
    }

    /// R38: in each direction, pass over friendly pieces to the first other cell.
    fn guard_moves(&self, from: usize, color: Color, moves: &mut MoveList) {
        let t = tables();
        for d in 0..6 {
            let first_other = t.rays[from][d]
                .iter()
                .map(|&c| c as usize)
                .find(|&c| self.cells[c] == 0 || code_color(self.cells[c]) != color);
            if let Some(to) = first_other {
                if self.cells[to] == 0 || self.capturable_in_line(to, d) {
                    moves.push(Move::piece(from, to));
                }
            }
        }
    }
}

impl Panoply {
    /// Every legal move of the side to move (R54).
    pub(super) fn generate_legal(&self, moves: &mut MoveList) {
        let us = self.side;
        let mut pseudo = MoveList::new();
        self.board.pseudo_moves(us, &mut pseudo);
        let king = self.king(us);
        let in_check = self.board.is_attacked(king, 1 - us);
        let sensitive = if in_check { !0 } else { sensitive_cells(king) };
        for &mv in pseudo.iter() {
            if self.needs_test(mv, sensitive) && !self.leaves_king_safe(mv) {
                continue;
            }
            moves.push(mv);
        }
    }

    /// Whether the move could expose the mover's King (see the module comment).
    fn needs_test(&self, mv: Move, sensitive: u128) -> bool {
        let vacated = match mv {
            Move::Barricade { from, captures, .. } => {
                let captured = captures
                    .iter()
                    .filter(|&&c| c != NONE)
                    .fold(0u128, |bb, &c| bb | self.captured_cells(c as usize));
                (1u128 << from.0) | (1u128 << from.1) | captured
            }
            Move::Piece { from, .. } | Move::Skirmish { from, .. } => {
                let kind = code_kind(self.board.cells[from as usize]);
                if kind == KING || kind == HERALD {
                    return true;
                }
                let captured = self
                    .board
                    .captured_cell(mv)
                    .map_or(0, |c| self.captured_cells(c));
                (1u128 << from) | captured
            }
        };
        vacated & sensitive != 0
    }

    /// The cells a capture on `cell` empties: the cell, and the other end of a Barricade.
    fn captured_cells(&self, cell: usize) -> u128 {
        (1u128 << cell) | self.board.partner_of(cell).map_or(0, |o| 1u128 << o)
    }

    /// Plays `mv` on a scratch copy and asks whether the mover's King is attacked (R50).
    fn leaves_king_safe(&self, mv: Move) -> bool {
        let mut board = self.board;
        let (mut log, mut hash) = (super::ChangeLog::new(), 0);
        board.apply(mv, self.side, &mut log, &mut hash);
        let king = board.pieces(self.side, KING).trailing_zeros() as usize;
        !board.is_attacked(king, 1 - self.side)
    }
}

/// The cells whose emptying could expose a King on `king`: its six lines and every cell
/// within distance two.
fn sensitive_cells(king: usize) -> u128 {
    let t = tables();
    let lines = (0..6).fold(0u128, |bb, d| bb | t.hex.ray(d, king));
    let near = t.adjacent[king] | t.adjacent[king].cells().fold(0, |bb, c| bb | t.adjacent[c]);
    lines | near
}
