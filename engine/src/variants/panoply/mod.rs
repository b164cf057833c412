//! Panoply: `docs/rules/panoply.md`.
//!
//! Files: `tables` (geometry and keys), `attacks` (freezing R14 and the attack test
//! R49–R51), `barricade` (the two-cell piece, R40–R48), `movegen` (every other piece and
//! legality R50–R54), `mobility` (the evaluation's count of moves), `end` (R61–R68),
//! `notation` (position strings §9 and moves §10).

mod attacks;
mod barricade;
mod end;
mod mobility;
mod movegen;
mod notation;
mod packing;
mod tables;
mod view;

use crate::bitboard::Bitboard;
use crate::game::{Game, MoveCounter, MoveError, MoveSink, PositionError, Seat, Status};
use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
pub use tables::{tables, Tables};

/// White (seat 0) or Black (seat 1).
pub type Color = usize;
pub const WHITE: Color = 0;
pub const BLACK: Color = 1;

/// Piece kinds, indices into `Panoply::by_kind`.
pub const KING: usize = 0;
pub const PAWN: usize = 1;
pub const RIDER: usize = 2;
pub const SKIRMISHER: usize = 3;
pub const CATAPULT: usize = 4;
pub const HERALD: usize = 5;
pub const GUARD: usize = 6;
/// A Barricade end; the other end is `partner[cell]`.
pub const BARRICADE: usize = 7;
/// Upper-case letters of the one-cell kinds (the Barricade is written B or D, R71).
pub const LETTERS: &[u8; 7] = b"KPRSCHG";
/// The kinds a Pawn may promote to (R21), in notation order `r s c h g`.
pub const PROMOTIONS: [usize; 5] = [RIDER, SKIRMISHER, CATAPULT, HERALD, GUARD];

/// Number of cells of the board.
pub const CELLS: usize = 127;
/// Marks "no cell" in compact move fields.
const NONE: u8 = u8::MAX;

/// A piece on a cell: `1 + 8·colour + kind`; 0 is an empty cell.
type PieceCode = u8;

const fn piece_code(color: Color, kind: usize) -> PieceCode {
    (1 + 8 * color + kind) as PieceCode
}
const fn code_color(code: PieceCode) -> Color {
    (code as usize - 1) / 8
}
const fn code_kind(code: PieceCode) -> usize {
    (code as usize - 1) % 8
}

/// The two cells of a Barricade, lower cell index first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement(pub u8, pub u8);

impl Placement {
    pub fn new(a: usize, b: usize) -> Placement {
        Placement(a.min(b) as u8, a.max(b) as u8)
    }
    pub fn cells(self) -> [usize; 2] {
        [self.0 as usize, self.1 as usize]
    }
    /// The two cells as a bitboard.
    pub fn mask(self) -> u128 {
        (1 << self.0) | (1 << self.1)
    }
    pub fn contains(self, cell: usize) -> bool {
        self.0 as usize == cell || self.1 as usize == cell
    }
}

/// A move (R77–R81).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A one-cell piece moves from `from` to `to`: slide, step, capture by replacement,
    /// Pawn jump or Catapult leap, with `promotion` the new kind or `NONE`. `capture` is
    /// the cell of the captured piece or `NONE`; the notation leaves it out because the
    /// rules determine it (R77).
    Piece {
        from: u8,
        to: u8,
        promotion: u8,
        capture: u8,
    },
    /// A Skirmisher capture by retreat to `to` of the piece on `capture` (R27, R80).
    Skirmish { from: u8, to: u8, capture: u8 },
    /// A Barricade's one or two steps: start and end placement and the cells entered by
    /// capturing advances in the order made (`NONE` where absent).
    Barricade {
        from: Placement,
        to: Placement,
        captures: [u8; 2],
    },
}

impl Move {
    /// A one-cell move without promotion capturing on `capture` (`NONE`: no capture).
    fn piece(from: usize, to: usize, capture: u8) -> Move {
        Move::Piece {
            from: from as u8,
            to: to as u8,
            promotion: NONE,
            capture,
        }
    }

    /// The cell of the piece a one-cell move captures.
    /// Whether the move captures or promotes: what quiescence search looks at.
    fn is_tactical(self) -> bool {
        match self {
            Move::Barricade { captures, .. } => captures[0] != NONE,
            Move::Skirmish { .. } => true,
            Move::Piece { promotion, .. } => promotion != NONE || self.captured_cell().is_some(),
        }
    }

    fn captured_cell(self) -> Option<usize> {
        match self {
            Move::Piece { capture, .. } | Move::Skirmish { capture, .. } if capture != NONE => {
                Some(capture as usize)
            }
            _ => None,
        }
    }

    /// The move as its notation sees it: without the captured cell, which the rules
    /// determine (used to match a parsed token against the legal moves).
    fn notation_key(self) -> Move {
        match self {
            Move::Piece {
                from,
                to,
                promotion,
                ..
            } => Move::Piece {
                from,
                to,
                promotion,
                capture: NONE,
            },
            Move::Skirmish { from, to, .. } => Move::Skirmish {
                from,
                to,
                capture: NONE,
            },
            barricade => barricade,
        }
    }
}

/// Legal moves of one position. A Barricade alone has at most 24 moves (R48) and each of
/// the 18 one-cell pieces at most ~60; 512 leaves a wide margin.
pub type MoveList = ArrayVec<Move, 512>;

/// One cell as it was before a move: restored by `unmake_move`.
#[derive(Clone, Copy, Debug)]
struct CellChange {
    cell: u8,
    code: PieceCode,
    partner: u8,
}

/// The cells a move changed, in order (a Barricade move changes at most 8).
type ChangeLog = ArrayVec<CellChange, 12>;

/// What `unmake_move` needs: the changed cells, the clock and the hash before the move.
#[derive(Clone, Debug)]
struct Undo {
    changes: ChangeLog,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
}

/// The pieces on the board: bitboards by kind and colour, the mailbox and the pairing of
/// Barricade ends. `Copy`, so that legality can be tested on a scratch copy.
#[derive(Clone, Copy, Debug)]
struct Board {
    by_kind: [u128; 8],
    by_color: [u128; 2],
    cells: [PieceCode; CELLS],
    /// For a Barricade end, the cell of its other end; `NONE` elsewhere.
    partner: [u8; CELLS],
}

impl Board {
    const EMPTY: Board = Board {
        by_kind: [0; 8],
        by_color: [0; 2],
        cells: [0; CELLS],
        partner: [NONE; CELLS],
    };

    fn occupied(&self) -> u128 {
        self.by_color[0] | self.by_color[1]
    }

    fn pieces(&self, color: Color, kind: usize) -> u128 {
        self.by_kind[kind] & self.by_color[color]
    }

    fn partner_of(&self, cell: usize) -> Option<usize> {
        (self.partner[cell] != NONE).then_some(self.partner[cell] as usize)
    }

    /// Flips the bitboard bits of `code` on `cell` (nothing for an empty cell).
    #[inline]
    fn toggle(&mut self, cell: usize, code: PieceCode) {
        if code != 0 {
            let bit = 1u128 << cell;
            self.by_kind[code_kind(code)] ^= bit;
            self.by_color[code_color(code)] ^= bit;
        }
    }

    /// Writes `code` (0 for empty) and `partner` on `cell`, logging the old contents.
    #[inline]
    fn set_cell(&mut self, log: &mut ChangeLog, cell: usize, code: PieceCode, partner: u8) {
        let old = self.cells[cell];
        log.push(CellChange {
            cell: cell as u8,
            code: old,
            partner: self.partner[cell],
        });
        self.toggle(cell, old);
        self.toggle(cell, code);
        self.cells[cell] = code;
        self.partner[cell] = partner;
    }

    /// Puts back the contents a log recorded, newest change first.
    fn restore(&mut self, log: &ChangeLog) {
        for change in log.iter().rev() {
            let cell = change.cell as usize;
            self.toggle(cell, self.cells[cell]);
            self.toggle(cell, change.code);
            self.cells[cell] = change.code;
            self.partner[cell] = change.partner;
        }
    }

    /// The hash key of whatever stands on `cell`: a one-cell piece, or a Barricade keyed
    /// by its placement on its lower end only (so its end labels never matter, R67).
    fn key_at(&self, cell: usize) -> u64 {
        let code = self.cells[cell];
        match (code, self.partner_of(cell)) {
            (0, _) => 0,
            (_, Some(other)) if other < cell => 0,
            (_, Some(other)) => {
                tables().barricade_key(code_color(code), Placement::new(cell, other))
            }
            (_, None) => tables().piece_key(code, cell),
        }
    }

    /// Removes the piece on `cell` — a whole Barricade if it is one of its ends (R13).
    fn capture_at(&mut self, log: &mut ChangeLog, hash: &mut u64, cell: usize) {
        let code = self.cells[cell];
        match self.partner_of(cell) {
            Some(other) => {
                *hash ^= tables().barricade_key(code_color(code), Placement::new(cell, other));
                self.set_cell(log, other, 0, NONE);
            }
            None => *hash ^= tables().piece_key(code, cell),
        }
        self.set_cell(log, cell, 0, NONE);
    }

    /// Plays `mv` for `color`, logging every changed cell and updating `hash` for the
    /// pieces (not the side). Returns whether the move was irreversible (R66).
    fn apply(&mut self, mv: Move, color: Color, log: &mut ChangeLog, hash: &mut u64) -> bool {
        let t = tables();
        match mv {
            Move::Barricade { from, to, captures } => {
                for cell in from.cells() {
                    self.set_cell(log, cell, 0, NONE);
                }
                *hash ^= t.barricade_key(color, from);
                for cell in captures.into_iter().filter(|&c| c != NONE) {
                    self.capture_at(log, hash, cell as usize);
                }
                let [a, b] = to.cells();
                let code = piece_code(color, BARRICADE);
                self.set_cell(log, a, code, b as u8);
                self.set_cell(log, b, code, a as u8);
                *hash ^= t.barricade_key(color, to);
                captures[0] != NONE
            }
            Move::Piece { from, to, .. } | Move::Skirmish { from, to, .. } => {
                let (from, to) = (from as usize, to as usize);
                let captured = mv.captured_cell();
                if let Some(target) = captured {
                    self.capture_at(log, hash, target);
                }
                let mover = self.cells[from];
                *hash ^= t.piece_key(mover, from);
                self.set_cell(log, from, 0, NONE);
                let placed = match mv {
                    Move::Piece { promotion, .. } if promotion != NONE => {
                        piece_code(color, promotion as usize)
                    }
                    _ => mover,
                };
                self.set_cell(log, to, placed, NONE);
                *hash ^= t.piece_key(placed, to);
                captured.is_some() || code_kind(mover) == PAWN
            }
        }
    }
}

/// A Panoply position with its game history.
#[derive(Clone, Debug)]
pub struct Panoply {
    board: Board,
    side: Color,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    history: Vec<Undo>,
    check: CheckMemo,
}

/// Whether the side to move is in check, kept once known: the search asks before it
/// generates the moves, which need the answer again. Atomic only because positions are
/// `Sync`; each search thread has its own position, so a relaxed load is all it costs.
#[derive(Debug, Default)]
struct CheckMemo(AtomicU8);

impl CheckMemo {
    const UNKNOWN: u8 = 0;
    const NO: u8 = 1;
    const YES: u8 = 2;

    /// The answer kept, or `compute`'s, which is then kept.
    #[inline]
    fn get_or(&self, compute: impl FnOnce() -> bool) -> bool {
        match self.0.load(Relaxed) {
            CheckMemo::NO => false,
            CheckMemo::YES => true,
            _ => {
                let check = compute();
                let kept = if check { CheckMemo::YES } else { CheckMemo::NO };
                self.0.store(kept, Relaxed);
                check
            }
        }
    }

    /// Forgets the answer: the position changed.
    #[inline]
    fn forget(&mut self) {
        *self.0.get_mut() = CheckMemo::UNKNOWN;
    }
}

impl Clone for CheckMemo {
    fn clone(&self) -> Self {
        CheckMemo(AtomicU8::new(self.0.load(Relaxed)))
    }
}

impl Panoply {
    fn empty() -> Panoply {
        Panoply {
            board: Board::EMPTY,
            side: WHITE,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            history: Vec::new(),
            check: CheckMemo::default(),
        }
    }

    /// The side to move.
    pub fn side(&self) -> Color {
        self.side
    }

    /// The halfmove clock of R66.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The colour and kind of the piece on `cell` (a Barricade end is `BARRICADE`).
    pub fn piece_at(&self, cell: usize) -> Option<(Color, usize)> {
        let code = self.board.cells[cell];
        (code != 0).then(|| (code_color(code), code_kind(code)))
    }

    /// The other end of the Barricade on `cell`.
    pub fn partner(&self, cell: usize) -> Option<usize> {
        self.board.partner_of(cell)
    }

    /// Cells holding pieces of `color` and `kind` (Barricades: both ends).
    pub fn pieces(&self, color: Color, kind: usize) -> u128 {
        self.board.pieces(color, kind)
    }

    /// Cells holding pieces of `color`.
    pub fn occupied_by(&self, color: Color) -> u128 {
        self.board.by_color[color]
    }

    /// The King of `color`.
    pub fn king(&self, color: Color) -> usize {
        self.board.pieces(color, KING).trailing_zeros() as usize
    }

    /// Whether the side to move is in check (R49).
    pub fn in_check(&self) -> bool {
        self.check
            .get_or(|| self.board.is_attacked(self.king(self.side), 1 - self.side))
    }

    /// The pieces of `color` frozen by an enemy Herald (R14), Barricades by either end.
    pub fn frozen(&self, color: Color) -> u128 {
        let zone = self.board.herald_zone(1 - color);
        let mut frozen = self.board.by_color[color] & zone;
        for cell in (frozen & self.board.by_kind[BARRICADE]).cells() {
            frozen |= 1 << self.board.partner[cell];
        }
        frozen
    }

    /// The number of pseudo-legal moves of `color` as if it were to move (King safety not
    /// tested), a Barricade's estimated from its single steps: the evaluation's mobility.
    pub fn mobility(&self, color: Color) -> usize {
        self.board.mobility(color)
    }

    /// Whether the piece of the other colour on `cell` (or one placed there, if it is
    /// empty) is attacked by `by` (R49, A21).
    pub fn is_attacked(&self, cell: usize, by: Color) -> bool {
        self.board.is_attacked(cell, by)
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = (0..CELLS).fold(0, |h, c| h ^ self.board.key_at(c));
        if self.side == BLACK {
            hash ^= tables().side_key;
        }
        hash
    }

    fn new_undo(&self) -> Undo {
        Undo {
            changes: ChangeLog::new(),
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
        }
    }

    /// The cells next to a Herald of `color`, where enemy pieces are frozen (R14).
    pub fn herald_zone(&self, color: Color) -> u128 {
        self.board.herald_zone(color)
    }

    /// `mobility`, given `zone`, the `herald_zone` of the other colour.
    pub fn mobility_outside(&self, color: Color, zone: u128) -> usize {
        self.board.mobility_outside(color, zone)
    }
}

impl Game for Panoply {
    type Move = Move;
    type MoveList = MoveList;
    type Config = ();

    fn pack_move(mv: Move) -> u32 {
        mv.pack()
    }

    fn table_move(&self, packed: u32) -> Option<Move> {
        self.legal_packed_move(packed)
    }

    fn start(_: &()) -> Panoply {
        Panoply::from_position_string(notation::START, &()).expect("the start position is valid")
    }

    fn from_position_string(text: &str, _: &()) -> Result<Panoply, PositionError> {
        notation::parse_position(text)
    }

    fn position_string(&self) -> String {
        notation::write_position(self)
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        self.side
    }

    fn generate_moves(&self, moves: &mut MoveList) {
        self.generate_legal(moves);
    }

    fn generate_tactical_moves(&self, moves: &mut MoveList) {
        self.generate_legal_tactical(moves);
    }

    fn count_moves(&self) -> usize {
        self.count_legal()
    }

    fn has_legal_move(&self) -> bool {
        self.has_legal()
    }

    fn make_move(&mut self, mv: Move) {
        let mut undo = self.new_undo();
        let irreversible = self
            .board
            .apply(mv, self.side, &mut undo.changes, &mut self.hash);
        // R66: captures and Pawn moves are irreversible and reset the clock. R75 allows any
        // counter value; the engine holds them as 32-bit numbers that stop at their largest
        // value instead of wrapping.
        self.halfmove = if irreversible {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.side == BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = 1 - self.side;
        self.hash ^= tables().side_key;
        self.history.push(undo);
        self.check.forget();
    }

    fn unmake_move(&mut self) {
        let undo = self
            .history
            .pop()
            .expect("unmake_move without a move to take back");
        self.board.restore(&undo.changes);
        self.side = 1 - self.side;
        self.halfmove = undo.halfmove;
        self.fullmove = undo.fullmove;
        self.hash = undo.hash;
        self.check.forget();
    }

    fn in_check(&self) -> bool {
        Panoply::in_check(self)
    }

    fn is_tactical(&self, mv: Move) -> bool {
        mv.is_tactical()
    }

    fn make_null_move(&mut self) -> bool {
        self.history.push(self.new_undo());
        self.halfmove = self.halfmove.saturating_add(1);
        self.side = 1 - self.side;
        self.hash ^= tables().side_key;
        self.check.forget();
        true
    }

    fn unmake_null_move(&mut self) {
        self.unmake_move();
    }

    fn repetitions(&self) -> usize {
        Panoply::repetitions(self)
    }

    fn move_count_draw(&self) -> bool {
        self.halfmove >= 50
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        self.compute_hash()
    }

    fn status(&self) -> Status {
        self.game_status()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn move_string(&self, mv: Move) -> String {
        notation::move_string(mv)
    }

    fn board_text(&self) -> String {
        notation::board_diagram(self)
    }
}

/// Random games for the unit tests of this variant's files.
#[cfg(test)]
mod playouts {
    use super::{Move, MoveList, Panoply};
    use crate::game::Game;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// Plays `games` games of at most `plies` plies from the start. `visit` sees every
    /// position with its legal moves and picks the next move; a game ends when it picks
    /// none.
    pub(super) fn play(
        seed: u64,
        games: usize,
        plies: usize,
        mut visit: impl FnMut(&mut Panoply, &MoveList, &mut StdRng) -> Option<Move>,
    ) {
        let mut rng = StdRng::seed_from_u64(seed);
        for _ in 0..games {
            let mut pos = Panoply::start(&());
            for _ in 0..plies {
                let mut moves = MoveList::new();
                pos.generate_moves(&mut moves);
                let Some(mv) = visit(&mut pos, &moves, &mut rng) else {
                    break;
                };
                pos.make_move(mv);
            }
        }
    }

    /// One of `moves` at random, none if there are none.
    pub(super) fn any(moves: &[Move], rng: &mut StdRng) -> Option<Move> {
        (!moves.is_empty()).then(|| moves[rng.gen_range(0..moves.len())])
    }

    /// One of `preferred` with probability `odds` if there are any, else one of `moves`.
    pub(super) fn preferring(
        preferred: &[Move],
        odds: f64,
        moves: &[Move],
        rng: &mut StdRng,
    ) -> Option<Move> {
        if !preferred.is_empty() && rng.gen_bool(odds) {
            any(preferred, rng)
        } else {
            any(moves, rng)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the side to move is in check, worked out afresh.
    fn fresh_check(pos: &Panoply) -> bool {
        pos.board.is_attacked(pos.king(pos.side), 1 - pos.side)
    }

    /// The check memo is asked before and after every change of the position: making and
    /// taking back moves and null moves must make it forget.
    #[test]
    fn the_check_memo_follows_every_change() {
        let mut checks = 0;
        playouts::play(5, 4, 100, |pos, moves, rng| {
            assert_eq!(pos.in_check(), fresh_check(pos));
            for &mv in moves {
                pos.make_move(mv);
                assert_eq!(pos.in_check(), fresh_check(pos));
                checks += usize::from(pos.in_check());
                pos.make_null_move();
                assert_eq!(pos.in_check(), fresh_check(pos));
                pos.unmake_null_move();
                assert_eq!(pos.in_check(), fresh_check(pos));
                pos.unmake_move();
                assert_eq!(pos.in_check(), fresh_check(pos));
            }
            playouts::any(moves, rng)
        });
        assert!(checks > 100, "{checks}");
    }
}
