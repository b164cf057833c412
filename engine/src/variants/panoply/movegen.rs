//! Moves of the one-cell pieces (R18–R39) and legality (R50, R54).
//!
//! Pseudo-legal moves come from the pieces that are not frozen (R14); each is then played
//! on a scratch copy of the board and kept if the mover's King is not attacked (R50).
//! That test is skipped for moves that cannot expose the King: the King is not in check,
//! the mover is neither the King nor a Herald (freezing stays as it was), and no cell the
//! move empties is one where emptying could open an attack (`Board::sensitive_cells`).
//! Emptying a cell is the only way a move can create an attack: Riders, Skirmishers,
//! Guards, Catapults and Pawns reach the King along its lines, and a Barricade's two-step
//! reach passes within two cells of it; filling a cell never opens an attack (R42, R51).

use super::tables::{tables, FORWARD};
use super::{
    code_color, code_kind, Board, Color, Move, MoveList, Panoply, BARRICADE, CATAPULT, GUARD,
    HERALD, KING, NONE, PAWN, PROMOTIONS, RIDER, SKIRMISHER,
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
                if self.cells[to] == 0 {
                    moves.push(Move::piece(from, to, NONE));
                } else if self.is_enemy(to, color) && self.capturable_in_line(to, d) {
                    moves.push(Move::piece(from, to, to as u8));
                }
            }
        }
    }

    /// R18–R21: slides forward over empty cells; jumps over an adjacent enemy onto an
    /// empty cell; promotion on the last rank.
    fn pawn_moves(&self, from: usize, color: Color, moves: &mut MoveList) {
        let t = tables();
        let push = |to: usize, capture: u8, moves: &mut MoveList| {
            if t.last_rank[color] & (1 << to) != 0 {
                for kind in PROMOTIONS {
                    let promotion = kind as u8;
                    moves.push(Move::Piece {
                        from: from as u8,
                        to: to as u8,
                        promotion,
                        capture,
                    });
                }
            } else {
                moves.push(Move::piece(from, to, capture));
            }
        };
        for d in FORWARD[color] {
            let ray = &t.rays[from][d];
            for &cell in ray.iter().take_while(|&&c| self.cells[c as usize] == 0) {
                push(cell as usize, NONE, moves);
            }
            if let [target, landing, ..] = ray[..] {
                let (target, landing) = (target as usize, landing as usize);
                if self.is_enemy(target, color)
                    && self.cells[landing] == 0
                    && self.capturable_in_line(target, d)
                {
                    push(landing, target as u8, moves);
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
                    moves.push(Move::piece(from, cell, NONE));
                    continue;
                }
                if captures && self.is_enemy(cell, color) && self.capturable_in_line(cell, d) {
                    moves.push(Move::piece(from, cell, cell as u8));
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
                let (from, to, capture) = (from as u8, retreat[k], target as u8);
                moves.push(Move::Skirmish { from, to, capture });
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
                    moves.push(Move::piece(from, landing, target as u8));
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
            match first_other {
                Some(to) if self.cells[to] == 0 => moves.push(Move::piece(from, to, NONE)),
                Some(to) if self.capturable_in_line(to, d) => {
                    moves.push(Move::piece(from, to, to as u8))
                }
                _ => {}
            }
        }
    }
}

impl Panoply {
    /// Every legal move of the side to move (R54).
    pub(super) fn generate_legal(&self, moves: &mut MoveList) {
        self.for_each_legal(|mv| moves.push(mv));
    }

    /// The number of legal moves (perft's bulk count).
    pub(super) fn count_legal(&self) -> usize {
        let mut count = 0;
        self.for_each_legal(|_| count += 1);
        count
    }

    fn for_each_legal(&self, mut visit: impl FnMut(Move)) {
        let us = self.side;
        let mut pseudo = MoveList::new();
        self.board.pseudo_moves(us, &mut pseudo);
        let king = self.king(us);
        let in_check = self.board.is_attacked(king, 1 - us);
        let sensitive = if in_check {
            !0
        } else {
            self.board.sensitive_cells(king, 1 - us)
        };
        // One scratch copy per position: each tested move is played on it and taken back.
        let mut scratch: Option<Board> = None;
        for &mv in pseudo.iter() {
            if self.needs_test(mv, sensitive) {
                let board = scratch.get_or_insert(self.board);
                if !leaves_king_safe(board, mv, us) {
                    continue;
                }
            }
            visit(mv);
        }
    }

    /// Whether the move could expose the mover's King (see the module comment).
    fn needs_test(&self, mv: Move, sensitive: u128) -> bool {
        let vacated = match mv {
            Move::Barricade { from, captures, .. } => captures
                .iter()
                .filter(|&&c| c != NONE)
                .fold((1u128 << from.0) | (1u128 << from.1), |bb, &c| {
                    bb | self.captured_cells(c as usize)
                }),
            Move::Piece { from, .. } | Move::Skirmish { from, .. } => {
                let kind = code_kind(self.board.cells[from as usize]);
                if kind == KING || kind == HERALD {
                    return true;
                }
                (1u128 << from) | mv.captured_cell().map_or(0, |c| self.captured_cells(c))
            }
        };
        vacated & sensitive != 0
    }

    /// The cells a capture on `cell` empties: the cell, and the other end of a Barricade.
    fn captured_cells(&self, cell: usize) -> u128 {
        (1u128 << cell) | self.board.partner_of(cell).map_or(0, |o| 1u128 << o)
    }
}

/// Plays `mv` for `us` on `board`, asks whether `us`'s King is attacked (R50), and takes
/// the move back.
fn leaves_king_safe(board: &mut Board, mv: Move, us: Color) -> bool {
    let (mut log, mut hash) = (super::ChangeLog::new(), 0);
    board.apply(mv, us, &mut log, &mut hash);
    let king = board.pieces(us, KING).trailing_zeros() as usize;
    let safe = !board.is_attacked(king, 1 - us);
    board.restore(&log);
    safe
}

impl Board {
    /// The cells whose emptying could expose the King of `us` on `king` to a piece of
    /// `them`: each line through the King that holds an enemy Rider, Skirmisher, Catapult
    /// or Guard (their attacks run along that line, a Catapult's landing cell and a
    /// Skirmisher's retreat included); the King's neighbours when an enemy Pawn is next to
    /// it (its landing cell is one of them); and every cell within two of the King when an
    /// enemy Barricade is within four (a two-step reach passes there).
    fn sensitive_cells(&self, king: usize, them: Color) -> u128 {
        let t = tables();
        let enemy = self.by_color[them];
        let liners = enemy
            & (self.by_kind[RIDER]
                | self.by_kind[SKIRMISHER]
                | self.by_kind[CATAPULT]
                | self.by_kind[GUARD]);
        let mut cells = t.axes[king]
            .iter()
            .filter(|&&axis| axis & liners != 0)
            .fold(0, |bb, &axis| bb | axis);
        if t.adjacent[king] & enemy & self.by_kind[PAWN] != 0 {
            cells |= t.adjacent[king];
        }
        if t.within4[king] & enemy & self.by_kind[BARRICADE] != 0 {
            cells |= t.within2[king];
        }
        cells
    }
}
