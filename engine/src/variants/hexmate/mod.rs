//! Hexmate (Hero's Hex) and its placement variant Hexchoice: `docs/rules/hexmate.md`.
//!
//! Files: `tables` (precomputed geometry and keys), `attacks` (R30 attack test and pins),
//! `movegen` (R14–R29 and R32 legality), `placement` (Hexchoice, R37–R45), `end` (R46–R53),
//! `notation` (position strings §9 and moves §10).

mod attacks;
mod end;
mod movegen;
mod notation;
mod packing;
mod placement;
mod tables;
mod view;

use crate::game::{Game, MoveError, PositionError, Seat, Status};
use arrayvec::ArrayVec;
use movegen::Wanted;

pub use tables::{tables, Tables};

/// White (seat 0) or Black (seat 1).
pub type Color = usize;
pub const WHITE: Color = 0;
pub const BLACK: Color = 1;

/// Piece kinds, indices into `Hexmate::by_kind`.
pub const KING: usize = 0;
pub const QUEEN: usize = 1;
pub const DUKE: usize = 2;
pub const PALADIN: usize = 3;
pub const ROOK: usize = 4;
pub const BISHOP: usize = 5;
pub const KNIGHT: usize = 6;
pub const PAWN: usize = 7;
/// Upper-case letters of the kinds, in index order.
pub const LETTERS: &[u8; 8] = b"KQDARBNP";

/// Number of cells of the board.
pub const CELLS: usize = 127;

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

/// Which game the position follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ruleset {
    /// `hexmate`: the fixed start array.
    #[default]
    Hexmate,
    /// `hexchoice`: the placement phase first (R37–R45).
    Hexchoice,
}

/// A move: an ordinary move `from → to` with an optional promotion kind, or a Hexchoice
/// placement of `unit` on the placement cell `to` (R40).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
    /// Promotion kind or placed unit, 0 when none (KING never promotes, so 0 is free).
    kind: u8,
}

impl Move {
    const PLACEMENT: u8 = u8::MAX;
    /// The search's null move (never legal in the rules, R43); a0 → a0 is no real move.
    const NULL: Move = Move {
        from: 0,
        to: 0,
        kind: 0,
    };

    pub(crate) const fn normal(from: usize, to: usize) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            kind: 0,
        }
    }
    pub(crate) const fn promotion(from: usize, to: usize, kind: usize) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            kind: kind as u8,
        }
    }
    pub(crate) const fn placement(unit: usize, cell: usize) -> Move {
        Move {
            from: Self::PLACEMENT,
            to: cell as u8,
            kind: unit as u8,
        }
    }
    /// Whether this is a Hexchoice placement.
    pub fn is_placement(self) -> bool {
        self.from == Self::PLACEMENT
    }
    /// The from-cell of an ordinary move.
    pub fn from(self) -> usize {
        self.from as usize
    }
    /// The to-cell, or the placement cell.
    pub fn to(self) -> usize {
        self.to as usize
    }
    /// The promotion kind of a promotion.
    pub fn promotion_kind(self) -> Option<usize> {
        (!self.is_placement() && self.kind != 0).then_some(self.kind as usize)
    }
    /// The placed unit of a placement.
    pub fn unit(self) -> Option<usize> {
        self.is_placement().then_some(self.kind as usize)
    }
}

/// Legal moves of one position: a King with every type on g7 alone has 66 moves, and a
/// position with many promoting pawns and compound pieces stays well below 512.
pub type MoveList = ArrayVec<Move, 512>;

/// The movement types a King borrows (R26).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BorrowedTypes {
    pub knight: bool,
    pub bishop: bool,
    pub rook: bool,
}

/// What `unmake_move` needs to restore.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    captured: PieceCode,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
}

/// A Hexmate or Hexchoice position with its game history.
#[derive(Clone, Debug)]
pub struct Hexmate {
    ruleset: Ruleset,
    by_kind: [u128; 8],
    by_color: [u128; 2],
    board: [PieceCode; CELLS],
    side: Color,
    /// Hexchoice placement phase (R44); always false in `hexmate`.
    placing: bool,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    history: Vec<Undo>,
}

impl Hexmate {
    fn empty(ruleset: Ruleset) -> Hexmate {
        Hexmate {
            ruleset,
            by_kind: [0; 8],
            by_color: [0; 2],
            board: [0; CELLS],
            side: WHITE,
            placing: false,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            history: Vec::new(),
        }
    }

    /// The rules this position follows.
    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }

    /// Whether the Hexchoice placement phase is running.
    pub fn is_placing(&self) -> bool {
        self.placing
    }

    /// The side to move.
    pub fn side(&self) -> Color {
        self.side
    }

    /// The halfmove clock of R51.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The colour and kind of the piece on `cell`.
    pub fn piece_at(&self, cell: usize) -> Option<(Color, usize)> {
        let code = self.board[cell];
        (code != 0).then(|| (code_color(code), code_kind(code)))
    }

    /// Cells holding pieces of `color` and `kind`.
    pub fn pieces(&self, color: Color, kind: usize) -> u128 {
        self.by_kind[kind] & self.by_color[color]
    }

    /// Cells holding pieces of `color`.
    pub fn occupied_by(&self, color: Color) -> u128 {
        self.by_color[color]
    }

    /// The King of `color`, if on the board (it may be missing only during placement).
    pub fn king(&self, color: Color) -> Option<usize> {
        (self.by_kind[KING] & self.by_color[color]).first_cell()
    }

    /// The fullmove number (R57).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The movement types the King of `color` borrows now (R26): knight, bishop, rook.
    pub fn borrowed_types(&self, color: Color) -> BorrowedTypes {
        let own = self.by_color[color];
        BorrowedTypes {
            knight: self.knight_movers(own) != 0,
            bishop: self.bishop_movers(own) != 0,
            rook: self.rook_movers(own) != 0,
        }
    }

    /// Whether `cell` is attacked by `by` in this position (R30).
    pub fn is_attacked(&self, cell: usize, by: Color) -> bool {
        self.attacked_by(
            cell,
            by,
            self.by_color[0] | self.by_color[1],
            self.by_color[by],
        )
    }

    /// The cells a King of `color` on `cell` reaches with its step and borrowed types
    /// (own pieces included; the caller masks them).
    pub fn king_reach(&self, cell: usize, color: Color) -> u128 {
        self.king_targets(cell, color, self.by_color[0] | self.by_color[1])
    }

    /// Whether the side to move is in check (R31).
    pub fn in_check(&self) -> bool {
        self.king(self.side).is_some_and(|k| {
            self.attacked_by(
                k,
                1 - self.side,
                self.by_color[0] | self.by_color[1],
                self.by_color[1 - self.side],
            )
        })
    }

    /// Flips the bitboard bits of a piece on a cell (the mailbox and hash are untouched).
    #[inline(always)]
    fn toggle(&mut self, cell: usize, code: PieceCode) {
        let bit = 1u128 << cell;
        self.by_kind[code_kind(code)] ^= bit;
        self.by_color[code_color(code)] ^= bit;
    }

    /// Puts a piece on an empty cell, updating the hash.
    #[inline(always)]
    fn put(&mut self, cell: usize, code: PieceCode) {
        self.toggle(cell, code);
        self.board[cell] = code;
        self.hash ^= tables().piece_key(code, cell);
    }

    /// Removes the piece on an occupied cell, updating the hash.
    #[inline(always)]
    fn remove(&mut self, cell: usize) -> PieceCode {
        let code = self.board[cell];
        self.toggle(cell, code);
        self.board[cell] = 0;
        self.hash ^= tables().piece_key(code, cell);
        code
    }

    fn compute_hash(&self) -> u64 {
        let t = tables();
        let mut hash = (0..CELLS)
            .filter(|&c| self.board[c] != 0)
            .fold(0, |h, c| h ^ t.piece_key(self.board[c], c));
        if self.side == BLACK {
            hash ^= t.side_key;
        }
        if self.placing {
            hash ^= t.placing_key;
        }
        hash
    }
}

/// Lowest set cell of a `u128` (helper used across the module).
trait FirstCell {
    fn first_cell(self) -> Option<usize>;
}

impl FirstCell for u128 {
    #[inline]
    fn first_cell(self) -> Option<usize> {
        (self != 0).then(|| self.trailing_zeros() as usize)
    }
}

impl Game for Hexmate {
    type Move = Move;
    type MoveList = MoveList;
    type Config = Ruleset;

    fn start(config: &Ruleset) -> Hexmate {
        let text = match config {
            Ruleset::Hexmate => notation::HEXMATE_START,
            Ruleset::Hexchoice => notation::HEXCHOICE_START,
        };
        Hexmate::from_position_string(text, config).expect("the start position is valid")
    }

    fn from_position_string(text: &str, config: &Ruleset) -> Result<Hexmate, PositionError> {
        notation::parse_position(text, *config)
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
        if self.placing {
            placement::generate(self, moves);
        } else {
            self.generate_legal(moves, Wanted::All);
        }
    }

    fn generate_tactical_moves(&self, moves: &mut MoveList) {
        // Placements (Hexchoice's first phase) capture nothing.
        if !self.placing {
            self.generate_legal(moves, Wanted::Tactical);
        }
    }

    fn count_moves(&self) -> usize {
        if self.placing {
            let mut moves = MoveList::new();
            placement::generate(self, &mut moves);
            moves.len()
        } else {
            self.count_legal()
        }
    }

    fn pack_move(mv: Move) -> u32 {
        mv.pack()
    }

    fn table_move(&self, packed: u32) -> Option<Move> {
        self.legal_packed_move(packed)
    }

    fn make_move(&mut self, mv: Move) {
        let undo = Undo {
            mv,
            captured: 0,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
        };
        if mv.is_placement() {
            placement::make(self, mv);
            self.history.push(undo);
            return;
        }
        let (from, to) = (mv.from(), mv.to());
        let captured = if self.board[to] != 0 {
            self.remove(to)
        } else {
            0
        };
        let mover = self.remove(from);
        let placed = match mv.promotion_kind() {
            Some(kind) => piece_code(self.side, kind),
            None => mover,
        };
        self.put(to, placed);
        self.history.push(Undo { captured, ..undo });
        // R51: captures and pawn moves (promotions included) reset the clock. The counters
        // stop at their largest value instead of wrapping.
        self.halfmove = if captured != 0 || code_kind(mover) == PAWN {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.side == BLACK {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = 1 - self.side;
        self.hash ^= tables().side_key;
    }

    fn unmake_move(&mut self) {
        let undo = self
            .history
            .pop()
            .expect("unmake_move without a move to take back");
        let mv = undo.mv;
        self.side = 1 - self.side;
        if mv.is_placement() {
            placement::unmake(self, mv);
        } else {
            // The hash comes back from the undo record, so only the board is restored here.
            let (from, to) = (mv.from(), mv.to());
            let moved = self.board[to];
            self.toggle(to, moved);
            let original = match mv.promotion_kind() {
                Some(_) => piece_code(self.side, PAWN),
                None => moved,
            };
            self.toggle(from, original);
            self.board[from] = original;
            self.board[to] = undo.captured;
            if undo.captured != 0 {
                self.toggle(to, undo.captured);
            }
        }
        self.halfmove = undo.halfmove;
        self.fullmove = undo.fullmove;
        self.hash = undo.hash;
    }

    fn in_check(&self) -> bool {
        Hexmate::in_check(self)
    }

    fn is_tactical(&self, mv: Move) -> bool {
        !mv.is_placement() && (self.board[mv.to()] != 0 || mv.promotion_kind().is_some())
    }

    fn make_null_move(&mut self) -> bool {
        if self.placing {
            return false;
        }
        self.history.push(Undo {
            mv: Move::NULL,
            captured: 0,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            hash: self.hash,
        });
        self.halfmove = self.halfmove.saturating_add(1);
        self.side = 1 - self.side;
        self.hash ^= tables().side_key;
        true
    }

    fn unmake_null_move(&mut self) {
        let undo = self
            .history
            .pop()
            .expect("unmake_null_move without a null move");
        debug_assert_eq!(undo.mv, Move::NULL);
        self.side = 1 - self.side;
        self.halfmove = undo.halfmove;
        self.hash = undo.hash;
    }

    fn repetitions(&self) -> usize {
        Hexmate::repetitions(self)
    }

    fn move_count_draw(&self) -> bool {
        !self.placing && self.halfmove >= 100
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
