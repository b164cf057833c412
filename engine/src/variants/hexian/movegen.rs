//! Piece moves (§3, R15–R38, R74–R78, R94, R108): the moves one standing piece can make
//! from the board, before the legality test (R68). Spells, rising, dispatching, Ghost
//! returns, deployment and the pass are not generated here.

use super::armies::{clockwise, forward, widdershins};
use super::attacks::{ALL_DIRECTION_INDICES, DIAGONAL_DIRECTIONS, ORTHOGONAL_DIRECTIONS};
use super::moves::PieceMove;
use super::tables::tables;
use super::{Hexian, Kind, Piece};
use crate::bitboard::{Bitboard, Wide256};

impl Hexian {
    /// The moves of the standing piece on `cell` as its own army would make them, before
    /// the legality test: none if it may not act (R14). Freshness for Imp hops is judged
    /// for the piece's army with play order from the side to move (R77).
    pub fn piece_moves(&self, cell: usize, out: &mut Vec<PieceMove>) {
        if self.may_act(cell) {
            self.movement(cell, out);
        }
    }

    /// The moves of the standing piece on `cell` whether or not it may act: for the
    /// second move of a Haste, whose acting is judged at the start of the ply (R71, R91).
    pub(super) fn movement(&self, cell: usize, out: &mut Vec<PieceMove>) {
        let Some(piece) = self.standing[cell] else {
            return;
        };
        match (piece.kind, piece.form) {
            (Kind::Zombie, _) => self.zombie_moves(cell, &piece, true, out),
            (Kind::Ghoul, _) => self.ghoul_moves(cell, piece.army(), true, out),
            (Kind::Imp, _) => self.imp_moves(cell, piece.army(), out),
            (Kind::Doppelganger, None) => {
                self.leaps(cell, piece.army(), tables().hex.knight(cell), out)
            }
            (Kind::Doppelganger, Some(form)) => self.form_moves(cell, &piece, form, out),
            (Kind::Ghost, _) => self.slides(cell, piece.army(), DIAGONAL_DIRECTIONS, true, out),
            (Kind::Fungoid, _) => self.slides(cell, piece.army(), ORTHOGONAL_DIRECTIONS, true, out),
            // R36: a Familiar slides in the 12 directions and never captures.
            (Kind::Familiar, _) => {
                self.slides(cell, piece.army(), ALL_DIRECTION_INDICES, false, out)
            }
            (Kind::Archwizard, _) => self.steps(cell, piece.army(), true, out),
            // R94: an illusion steps like an Archwizard but never captures.
            (Kind::Illusion, _) => self.steps(cell, piece.army(), false, out),
        }
    }

    /// R34: a Doppelganger with a form moves like that type, capturing by displacement,
    /// without the type's special rules (no promotion, provocation or hop).
    fn form_moves(&self, cell: usize, piece: &Piece, form: Kind, out: &mut Vec<PieceMove>) {
        match form {
            Kind::Zombie => self.zombie_moves(cell, piece, false, out),
            Kind::Ghoul => self.ghoul_moves(cell, piece.army(), false, out),
            Kind::Imp => self.leaps(cell, piece.army(), self.double_steps(cell), out),
            Kind::Ghost => self.slides(cell, piece.army(), DIAGONAL_DIRECTIONS, true, out),
            Kind::Fungoid => self.slides(cell, piece.army(), ORTHOGONAL_DIRECTIONS, true, out),
            _ => self.slides(cell, piece.army(), ALL_DIRECTION_INDICES, true, out),
        }
    }

    /// Moves to the cells of `reach` (a line with its first standing piece, R11): every
    /// free cell, and the standing piece if it is capturable and `captures` is set.
    fn moves_along(
        &self,
        cell: usize,
        army: usize,
        reach: Wide256,
        captures: bool,
        out: &mut Vec<PieceMove>,
    ) {
        for to in reach.cells() {
            let free = self.standing[to].is_none();
            if free || (captures && self.is_capturable_by(to, army)) {
                out.push(PieceMove::new(cell, to));
            }
        }
    }

    /// A sliding piece (R11) along `directions`.
    fn slides(
        &self,
        cell: usize,
        army: usize,
        directions: std::ops::Range<usize>,
        captures: bool,
        out: &mut Vec<PieceMove>,
    ) {
        let reach = self.lines(cell, directions, usize::MAX);
        self.moves_along(cell, army, reach, captures, out);
    }

    /// One step to each of the 12 adjacent cells (R38, R94).
    fn steps(&self, cell: usize, army: usize, captures: bool, out: &mut Vec<PieceMove>) {
        let reach = self.lines(cell, ALL_DIRECTION_INDICES, 1);
        self.moves_along(cell, army, reach, captures, out);
    }

    /// A leaper to the cells of `targets`, landing on a free cell or capturing (R32, R34).
    fn leaps(&self, cell: usize, army: usize, targets: Wide256, out: &mut Vec<PieceMove>) {
        self.moves_along(cell, army, targets, true, out);
    }

    /// R15, R16, R108: forward to free cells, captures in the two capture directions, one
    /// cell (two, sliding, under Orobas); promotion (R17) only for a real Zombie.
    fn zombie_moves(&self, cell: usize, piece: &Piece, promotes: bool, out: &mut Vec<PieceMove>) {
        let army = piece.army();
        let reach = self.short_reach();
        let zone = tables().armies[army].promotion_zone;
        let mut push = |to: usize| {
            let mut mv = PieceMove::new(cell, to);
            mv.promotes = promotes && zone.has(to);
            out.push(mv);
        };
        for to in self.reach(cell, forward(army), reach).cells() {
            if self.standing[to].is_none() {
                push(to);
            }
        }
        for d in [widdershins(army), clockwise(army)] {
            for to in self.reach(cell, d, reach).cells() {
                if self.is_capturable_by(to, army) {
                    push(to);
                }
            }
        }
    }

    /// R20, R21, R108: one orthogonal cell (two, sliding, under Orobas); a provoked Ghoul
    /// (one with a capture) may only capture. A Doppelganger in Ghoul form is never
    /// provoked (R34).
    fn ghoul_moves(&self, cell: usize, army: usize, provocable: bool, out: &mut Vec<PieceMove>) {
        let reach = self.lines(cell, ORTHOGONAL_DIRECTIONS, self.short_reach());
        let captures = reach & self.capturable_cells(army);
        if provocable && captures.any() {
            self.moves_along(cell, army, captures, true, out);
        } else {
            self.moves_along(cell, army, reach, true, out);
        }
    }

    /// Whether a standing Fungoid is on `cell` (capturing it knocks the capturer over,
    /// R30, which ends an Imp's chain, R76).
    fn is_fungoid(&self, cell: usize) -> bool {
        self.standing[cell].is_some_and(|p| p.kind == Kind::Fungoid)
    }

    /// The cells holding a piece army `army` may capture (R10): enemy pieces but
    /// Archwizards, and among the flagged ones not the illusions and shielded pieces.
    fn capturable_cells(&self, army: usize) -> Wide256 {
        let enemies = self.enemy_pieces(army);
        let archwizards = self
            .archwizards
            .iter()
            .flatten()
            .fold(Wide256::EMPTY, |bb, &c| bb | Wide256::cell(usize::from(c)));
        (enemies & self.flagged)
            .cells()
            .filter(|&c| self.is_capturable_by(c, army))
            .fold(enemies & !self.flagged & !archwizards, |bb, c| {
                bb | Wide256::cell(c)
            })
    }

    /// R23: plain Imp leaps; R74–R76: hops and hop chains.
    fn imp_moves(&self, cell: usize, army: usize, out: &mut Vec<PieceMove>) {
        let hex = &tables().hex;
        for d in ALL_DIRECTION_INDICES {
            let Some(middle) = hex.step(cell, d) else {
                continue;
            };
            let Some(landing) = hex.step(middle, d) else {
                continue;
            };
            if self.standing[landing].is_some() {
                continue;
            }
            let enemy_in_middle =
                self.standing[middle].is_some_and(|p| self.are_enemies(p.army(), army));
            if !enemy_in_middle {
                out.push(PieceMove::new(cell, landing));
            } else if self.is_capturable_by(middle, army)
                && self.standing[middle].is_some_and(|p| self.is_fresh_for(&p, army))
            {
                let first = PieceMove::new(cell, landing);
                out.push(first);
                if !self.is_fungoid(middle) {
                    let gone = Wide256::cell(cell) | Wide256::cell(middle);
                    self.continue_chain(first, landing, army, gone, out);
                }
            }
        }
    }

    /// R76: after a hop the Imp may hop again over any capturable piece, unless it fell
    /// (it captured a Fungoid, R30). `gone` holds the cells the Imp and its victims have
    /// left (victims are captured at once); every prefix is a move.
    fn continue_chain(
        &self,
        chain: PieceMove,
        at: usize,
        army: usize,
        gone: Wide256,
        out: &mut Vec<PieceMove>,
    ) {
        let hex = &tables().hex;
        for d in ALL_DIRECTION_INDICES {
            let Some(middle) = hex.step(at, d) else {
                continue;
            };
            let Some(landing) = hex.step(middle, d) else {
                continue;
            };
            let standing_there = |c: usize| self.standing[c].is_some() && !gone.has(c);
            if gone.has(middle) || standing_there(landing) || !self.is_capturable_by(middle, army) {
                continue;
            }
            let Some(tail) = chain.tail.push(d) else {
                continue;
            };
            let next = PieceMove { tail, ..chain };
            out.push(next);
            if !self.is_fungoid(middle) {
                self.continue_chain(next, landing, army, gone | Wide256::cell(middle), out);
            }
        }
    }
}
