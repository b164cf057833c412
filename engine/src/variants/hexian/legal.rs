//! The legal moves of the side to move (R61, R68, R69). A candidate is legal when the
//! mover's Archwizard is not in check after it and end-of-ply steps 1–3; most plain
//! piece moves are judged without playing them (`quick_legality`), the others are played
//! on a per-thread trial position and taken back.

use super::attacks::{opposite, steps_along, ALL_DIRECTION_INDICES};
use super::moves::{Move, PieceMove, Spell};
use super::tables::tables;
use super::{Hexian, Kind, Patron, PlayerCount, Players};
use crate::bitboard::{Bitboard, Wide256};
use crate::game::MoveSink;
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

/// The mover's Archwizard, the occupied cells and the Archwizard's state, for the quick
/// legality test.
struct Exposure {
    archwizard: usize,
    occupied: Wide256,
    /// The Archwizard bears no mark.
    unmarked: bool,
    /// The Archwizard is attacked now.
    in_check: bool,
    /// When the Archwizard is unmarked and not in check, the pieces whose move may open
    /// a line to it ([`Hexian::pinned_to`]); else empty.
    pinned: Wide256,
}

/// A sink satisfied by the first move.
struct FirstMove(bool);

impl MoveSink<Move> for FirstMove {
    fn push(&mut self, _: Move) {
        self.0 = true;
    }

    fn is_satisfied(&self) -> bool {
        self.0
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
        self.generate_legal_moves_where(out, |_| true);
    }

    /// Appends the legal moves that `keep` accepts to `out` (`keep` judges a move in this
    /// position, before it is played), stopping early when `out` is satisfied.
    pub fn generate_legal_moves_where(
        &self,
        out: &mut impl MoveSink<Move>,
        keep: impl Fn(Move) -> bool,
    ) {
        if self.is_over() {
            return;
        }
        WORKSPACE.with(|workspace| match workspace.try_borrow_mut() {
            Ok(mut workspace) => self.legal_moves_with(&mut workspace, out, keep),
            // Generation inside generation (not done today) gets a workspace of its own.
            Err(_) => self.legal_moves_with(&mut Workspace::new(), out, keep),
        });
    }

    fn legal_moves_with(
        &self,
        workspace: &mut Workspace,
        out: &mut impl MoveSink<Move>,
        keep: impl Fn(Move) -> bool,
    ) {
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
        let exposure = self.archwizard_exposure();
        let mut trial_ready = false;
        let mut any = false;
        for &mv in candidates.iter().filter(|&&mv| keep(mv)) {
            let quick = exposure
                .as_ref()
                .and_then(|exposure| self.quick_legality(exposure, mv));
            let legal = quick.unwrap_or_else(|| {
                if !trial_ready {
                    trial.copy_from(self);
                    trial_ready = true;
                }
                trial.is_legal(mv)
            });
            if legal {
                out.push(mv);
                any = true;
                if out.is_satisfied() {
                    return;
                }
            }
        }
        if keep(Move::Pass) && !any && !self.in_check(self.side) {
            out.push(Move::Pass);
        }
    }

    /// What the quick legality test needs, when a plain piece move changes nothing that
    /// attacks depend on beyond its own cells: no summoned piece of the side to move
    /// stands (none expires, R63 step 1) and no illusion stands (none vanishes, step 3).
    /// `None` when either fails, or the side has no Archwizard.
    fn archwizard_exposure(&self) -> Option<Exposure> {
        let side = self.side;
        let archwizard = self.archwizard_of(side)?;
        let steady = !self.flagged.cells().any(|cell| {
            self.standing[cell]
                .is_some_and(|p| p.kind == Kind::Illusion || (p.summoned && p.army() == side))
        });
        steady.then(|| {
            let unmarked = self.standing[archwizard].is_some_and(|p| p.mark.is_none());
            let in_check = self.is_attacked(archwizard, side);
            let pinned = if unmarked && !in_check {
                self.pinned_to(archwizard)
            } else {
                Wide256::EMPTY
            };
            Exposure {
                archwizard,
                occupied: self.occupied(),
                unmarked,
                in_check,
                pinned,
            }
        })
    }

    /// The standing pieces whose move alone may let an enemy attack the side's Archwizard
    /// on `archwizard` along a line: on each of its 12 lines, the first piece, when the
    /// next one beyond it attacks the Archwizard along that line (R11, R13).
    fn pinned_to(&self, archwizard: usize) -> Wide256 {
        let hex = &tables().hex;
        ALL_DIRECTION_INDICES
            .filter_map(|d| {
                let first = hex.first_blocker(d, archwizard, self.occupied)?;
                let beyond = hex.first_blocker(d, first, self.occupied)?;
                self.enemy_attacks_along(beyond, d, archwizard)
                    .then_some(first)
            })
            .fold(Wide256::EMPTY, |bb, cell| bb | Wide256::cell(cell))
    }

    /// Whether the standing piece on `from`, on the line from `archwizard` in direction
    /// `d` with no standing piece between, is an enemy of the side to move that attacks
    /// the Archwizard along that line (R13).
    fn enemy_attacks_along(&self, from: usize, d: usize, archwizard: usize) -> bool {
        let steps = steps_along(d, tables().hex.distance(from, archwizard) as usize);
        self.standing[from].is_some_and(|p| {
            !p.petrified
                && self.are_enemies(p.army(), self.side)
                && self.attacks_along(&p, opposite(d), steps)
        })
    }

    /// The legality of a plain piece move decided without playing it, given `exposure`:
    /// a move that hops nothing (R74) and does not capture a Fungoid (R30: no knock-over)
    /// leaves its cell empty and fills its target, and changes nothing else that attacks
    /// depend on. The Archwizard's own step is judged on its target. Another piece's
    /// move, the Archwizard bearing no mark (so that no Imp attacks it after the ply,
    /// R25, R66), is illegal when the Archwizard is in check exactly when an enemy other
    /// than the captured piece still attacks it, and otherwise exactly when the move
    /// opens a line to it. `None` for the other moves.
    fn quick_legality(&self, exposure: &Exposure, mv: Move) -> Option<bool> {
        let Move::Piece(piece_move) = mv else {
            return None;
        };
        let (from, to) = (usize::from(piece_move.from), usize::from(piece_move.to));
        let piece = self.standing[from]?;
        let hop = piece.kind == Kind::Imp && self.hopped_cell(from, to).is_some();
        let fungoid_victim = self.standing[to].is_some_and(|p| p.kind == Kind::Fungoid);
        if hop || fungoid_victim || !piece_move.tail.is_empty() {
            return None;
        }
        if piece.kind == Kind::Archwizard {
            return Some(!self.archwizard_attacked_after_step(exposure, from, to));
        }
        if !exposure.unmarked {
            return None;
        }
        if exposure.in_check {
            return Some(!self.archwizard_attacked_after_move(exposure, from, to));
        }
        // A piece that is not pinned opens no line: the Archwizard is not in check, so
        // the first piece on each of its lines does not attack it.
        Some(!(exposure.pinned.has(from) && self.opens_line(exposure, from, to)))
    }

    /// Whether the unmarked, unmoving Archwizard is attacked after a move from `from` to
    /// `to`: `from` left empty, `to` holding the mover's piece (its victim, if any, gone).
    fn archwizard_attacked_after_move(&self, exposure: &Exposure, from: usize, to: usize) -> bool {
        let occupied = (exposure.occupied & !Wide256::cell(from)) | Wide256::cell(to);
        let mover = Wide256::cell(to);
        self.attacked_with(exposure.archwizard, self.side, occupied, mover, |_| false)
    }

    /// Whether the Archwizard, stepping from `from` to `to`, is attacked there after the
    /// ply: on the board without it on `from`, and bearing the mover's mark, which makes
    /// it fresh for every other army in play (R64, R66), so that an Imp next to it attacks
    /// it when the cell beyond is free (R25).
    fn archwizard_attacked_after_step(&self, exposure: &Exposure, from: usize, to: usize) -> bool {
        let occupied = exposure.occupied & !Wide256::cell(from);
        self.attacked_with(to, self.side, occupied, Wide256::EMPTY, |_| true)
    }

    /// Whether moving the piece on `from` to `to` lets an enemy attack the Archwizard
    /// along the line through `from`.
    fn opens_line(&self, exposure: &Exposure, from: usize, to: usize) -> bool {
        let t = tables();
        let hex = &t.hex;
        let archwizard = exposure.archwizard;
        let Some(d) = t.line_direction[archwizard][from].map(usize::from) else {
            return false;
        };
        let occupied = (exposure.occupied & !Wide256::cell(from)) | Wide256::cell(to);
        let Some(blocker) = hex.first_blocker(d, archwizard, occupied) else {
            return false;
        };
        blocker != to && self.enemy_attacks_along(blocker, d, archwizard)
    }

    /// Whether the side to move has a legal move (the pass counts); stops at the first.
    pub fn has_legal_move(&self) -> bool {
        let mut first = FirstMove(false);
        self.generate_legal_moves(&mut first);
        first.0
    }

    /// Whether `mv`, a candidate of move generation here, is legal (R68), judged alone:
    /// what reading a move token needs. Not for the pass, which is legal only when no
    /// other move is (R69).
    pub fn is_legal_candidate(&self, mv: Move) -> bool {
        let quick = self
            .archwizard_exposure()
            .and_then(|exposure| self.quick_legality(&exposure, mv));
        quick.unwrap_or_else(|| {
            WORKSPACE.with(|workspace| match workspace.try_borrow_mut() {
                Ok(mut workspace) => {
                    workspace.trial.copy_from(self);
                    workspace.trial.is_legal(mv)
                }
                Err(_) => self.clone().is_legal(mv),
            })
        })
    }

    /// The legal moves of the standing piece on `cell` of the side to move (R68).
    pub fn legal_piece_moves(&self, cell: usize) -> Vec<PieceMove> {
        let mut moves = Vec::new();
        if self.standing[cell].is_some_and(|p| p.army() == self.side) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{rngs::StdRng, Rng, SeedableRng};

    /// The candidate moves of the side to move, before the legality test.
    fn candidates(p: &Hexian) -> Vec<Move> {
        let mut moves = Vec::new();
        let mut piece_moves = Vec::new();
        for cell in p.standing_of(p.side()).cells() {
            p.piece_moves(cell, &mut piece_moves);
        }
        moves.extend(piece_moves.into_iter().map(Move::Piece));
        p.special_moves(&mut moves);
        p.spell_moves(&mut moves);
        moves
    }

    #[test]
    fn r68_the_quick_test_agrees_with_playing_the_move() {
        let bench = include_str!("../../../../positions/hexian/bench.txt");
        let mut rng = StdRng::seed_from_u64(68);
        let (mut quick, mut illegal, mut in_check) = (0, 0, 0);
        for (line, text) in bench.lines().filter(|l| !l.starts_with('#')).enumerate() {
            let mut p = Hexian::from_position_string(text).expect("a bench position");
            for ply in 0..16 {
                let mut trial = p.clone();
                if let Some(exposure) = p.archwizard_exposure() {
                    for mv in candidates(&p) {
                        let Some(verdict) = p.quick_legality(&exposure, mv) else {
                            continue;
                        };
                        assert_eq!(verdict, trial.is_legal(mv), "line {line} ply {ply} {mv:?}");
                        quick += 1;
                        illegal += usize::from(!verdict);
                        in_check += usize::from(exposure.in_check);
                    }
                }
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p.play(moves[rng.gen_range(0..moves.len())]);
            }
        }
        assert!(
            quick > 5_000 && illegal > 0 && in_check > 0,
            "{quick} quick verdicts, {illegal} illegal, {in_check} in check"
        );
    }
}
