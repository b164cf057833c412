//! The legal moves of the side to move (R61, R68, R69).
//!
//! Unfinished: spells (§6.7) are not generated yet. The pass is generated only when the
//! side has no spell left, because only then is the list without spells complete.

use super::moves::{Move, PieceMove};
use super::Hexian;
use crate::bitboard::Bitboard;

impl Hexian {
    /// The legal moves of the side to move other than spells; the pass when nothing else
    /// is legal and the side is not in check (R69) and has no spells.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves: Vec<Move> = Vec::new();
        let mut piece_moves = Vec::new();
        for cell in self.standing_by_army[self.side].cells() {
            self.piece_moves(cell, &mut piece_moves);
        }
        moves.extend(piece_moves.into_iter().map(Move::Piece));
        self.special_moves(&mut moves);
        moves.retain(|&mv| self.is_legal(mv));
        let no_spells = self.spells[self.side].left.is_empty();
        if moves.is_empty() && no_spells && !self.in_check(self.side) {
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
        let mover = self.side;
        let mut after = self.clone();
        after.play_move_effects(mv);
        after.finish_ply_board(mover);
        !after.in_check(mover)
    }

    /// What a move other than a spell does to the board, before the end of the ply.
    pub fn play_move_effects(&mut self, mv: Move) {
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
            Move::Spell(_) | Move::Pass => {}
        }
    }
}
