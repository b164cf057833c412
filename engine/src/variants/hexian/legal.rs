//! The legal moves of the side to move (R61, R68, R69).
//!

use super::moves::{Move, PieceMove, Spell};
use super::{Hexian, Patron, PlayerCount, Players};
use crate::bitboard::Bitboard;
use crate::game::{MoveCounter, MoveSink};
use std::cell::RefCell;

/// Per thread, what legal move generation reuses from node to node, so that it allocates
/// nothing once warm: the position candidate moves are tried on, and the candidate lists.
struct Workspace {
    trial: Hexian,
    candidates: Vec<Move>,
    piece_moves: Vec<PieceMove>,
}

impl Workspace {
    fn new() -> Workspace {
        Workspace {
            trial: Hexian::empty(Players::new(PlayerCount::Six), Patron::default()),
            candidates: Vec::new(),
            piece_moves: Vec::new(),
        }
    }
}

thread_local! {
    static WORKSPACE: RefCell<Workspace> = RefCell::new(Workspace::new());
}

impl Hexian {
    /// The legal moves of the side to move; the pass when nothing else is legal and the
    /// side is not in check (R69); none when the game is over (R112).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.generate_legal_moves(&mut moves);
        moves
    }

    /// Appends the legal moves of [`Hexian::legal_moves`] to `out`.
    pub fn generate_legal_moves(&self, out: &mut impl MoveSink<Move>) {
        if self.is_over() {
            return;
        }
        WORKSPACE.with(|workspace| match workspace.try_borrow_mut() {
            Ok(mut workspace) => self.legal_moves_with(&mut workspace, out),
            // Generation inside generation (not done today) gets a workspace of its own.
            Err(_) => self.legal_moves_with(&mut Workspace::new(), out),
        });
    }

    fn legal_moves_with(&self, workspace: &mut Workspace, out: &mut impl MoveSink<Move>) {
        let Workspace {
            trial,
            candidates,
            piece_moves,
        } = workspace;
        candidates.clear();
        for cell in self.standing_by_army[self.side].cells() {
            piece_moves.clear();
            self.piece_moves(cell, piece_moves);
            candidates.extend(piece_moves.iter().map(|&mv| Move::Piece(mv)));
        }
        self.special_moves(candidates);
        self.spell_moves(candidates);
        let mut any = false;
        if !candidates.is_empty() {
            trial.copy_from(self);
            for &mv in candidates.iter() {
                if trial.is_legal(mv) {
                    out.push(mv);
                    any = true;
                }
            }
        }
        if !any && !self.in_check(self.side) {
            out.push(Move::Pass);
        }
    }

    /// Whether the side to move has a legal move (the pass counts).
    pub fn has_legal_move(&self) -> bool {
        let mut count = MoveCounter::default();
        self.generate_legal_moves(&mut count);
        count.0 > 0
    }

    /// The legal moves of the standing piece on `cell` of the side to move (R68).
    pub fn legal_piece_moves(&self, cell: usize) -> Vec<PieceMove> {
        let mut moves = Vec::new();
        if self.standing[cell].is_some_and(|p| p.army == self.side) {
            self.piece_moves(cell, &mut moves);
        }
        let mut trial = self.clone();
        moves.retain(|&mv| trial.is_legal(Move::Piece(mv)));
        moves
    }

    /// R68: after the move and end-of-ply steps 1–3 the mover's Archwizard is not in
    /// check; the pass is always legal (R69). The move is played and taken back.
    fn is_legal(&mut self, mv: Move) -> bool {
        if mv == Move::Pass {
            return true;
        }
        let mover = self.side;
        let before = self.checkpoint();
        self.play_through_step_three(mv);
        let legal = !self.in_check(mover);
        self.rewind(&before);
        legal
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
