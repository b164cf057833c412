//! The legal moves of the side to move (R61, R68, R69).
//!

use super::moves::{Move, PieceMove, Spell};
use super::Hexian;
use crate::bitboard::Bitboard;

impl Hexian {
    /// The legal moves of the side to move; the pass when nothing else is legal and the
    /// side is not in check (R69); none when the game is over (R112).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves: Vec<Move> = Vec::new();
        if self.is_over() {
            return moves;
        }
        let mut piece_moves = Vec::new();
        for cell in self.standing_by_army[self.side].cells() {
            self.piece_moves(cell, &mut piece_moves);
        }
        moves.extend(piece_moves.into_iter().map(Move::Piece));
        self.special_moves(&mut moves);
        self.spell_moves(&mut moves);
        moves.retain(|&mv| self.is_legal(mv));
        if moves.is_empty() && !self.in_check(self.side) {
            moves.push(Move::Pass);
        }
        moves
    }

    /// The legal moves of the standing piece on `cell` of the side to move (R68).
    pub fn legal_piece_moves(&self, cell: usize) -> Vec<PieceMove> {
        let mut moves = Vec::new();
        if self.standing[cell].is_some_and(|p| p.army == self.side) {
            self.piece_moves(cell, &mut moves);
        }
        moves.retain(|&mv| self.is_legal(Move::Piece(mv)));
        moves
    }

    /// R68: after the move and end-of-ply steps 1–3 the mover's Archwizard is not in
    /// check; the pass is always legal (R69).
    fn is_legal(&self, mv: Move) -> bool {
        if mv == Move::Pass {
            return true;
        }
        let mut after = self.clone();
        after.play_through_step_three(mv);
        !after.in_check(self.side)
    }

    /// Plays `mv` and end-of-ply steps 1–3 (R63): what the legality test looks at (steps
    /// 5–7, Astaroth, checkmate and clocks, come after it and do not bear on it).
    pub fn play_through_step_three(&mut self, mv: Move) {
        let mover = self.side;
        self.play_move_effects(mv);
        self.finish_ply_board(mover, summoned_cell(mv));
    }

    /// What a move does, before the end of the ply.
    pub(super) fn play_move_effects(&mut self, mv: Move) {
        match mv {
            Move::Piece(piece_move) => self.play_piece_move(piece_move, self.side),
            Move::Rise(cell) => self.rise(usize::from(cell)),
            Move::Dispatch(cell) => self.dispatch(usize::from(cell)),
            Move::GhostReturn {
                start,
                sacrifice,
                fallen,
            } => self.return_ghost(usize::from(start), usize::from(sacrifice), fallen),
            Move::Deploy { kind, cell } => self.deploy(kind, usize::from(cell)),
            Move::Spell(spell) => self.cast(spell),
            Move::Pass => {}
        }
    }
}

/// The cell of the piece a move summons (R63 step 1 spares it).
pub(super) fn summoned_cell(mv: Move) -> Option<usize> {
    match mv {
        Move::Spell(Spell::Summon { target, .. }) => Some(usize::from(target)),
        _ => None,
    }
}
