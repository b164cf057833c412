//! The Game of the Seven Kingdoms: `docs/rules/sevenkingdoms.md`, compatible with
//! the reference implementation (elephantchess `seven-kingdoms-core`).
//!
//! Files: `tables` (the 19 × 19 grid and keys), `attacks` (who could capture on a cell), `players` (the `Players` option, R46),
//! `lines` (the occupancy of every line, for line walks), `movegen` (R7–R24), `mobility`
//! (every piece's number of moves, kept by make), `capture` (captures, elimination and army transfer, R36–R42, and
//! the turn order R27–R34), `end` (R43–R48), `notation` (§9, §10).

mod attacks;
mod capture;
mod end;
mod lines;
mod mobility;
mod movegen;
mod notation;
mod packing;
mod players;
mod tables;
mod view;

use crate::bitboard::Wide384;
use crate::game::{Game, MoveError, PositionError, Seat, SpillList, Status};
use arrayvec::ArrayVec;
pub use end::{Ending, Label};
use lines::Lines;
pub use lines::{Reach, STEPS};
use mobility::Mobility;
pub use movegen::WalkSink;
pub use players::Players;
pub use tables::{tables, Tables};

/// Number of kingdoms; a kingdom is its colour index in turn order.
pub const KINGDOMS: usize = 7;
/// Colour letters in turn order (R27): White, Red, Orange, Blue, Green, Purple, Black.
pub const COLOUR_LETTERS: &[u8; KINGDOMS] = b"wrobgpd";
/// Colour names as the reference data writes them.
pub const COLOUR_NAMES: [&str; KINGDOMS] =
    ["WHITE", "RED", "ORANGE", "BLUE", "GREEN", "PURPLE", "BLACK"];
/// Piece type letters, indices are the type constants below.
pub const TYPE_LETTERS: &[u8; 10] = b"QRBCGHWNAS";
pub const GENERAL: usize = 0;
pub const CHANCELLOR: usize = 1;
pub const DIPLOMAT: usize = 2;
pub const CANNON: usize = 3;
pub const GO_BETWEEN: usize = 4;
pub const ARCHER: usize = 5;
pub const CROSSBOWMAN: usize = 6;
pub const KNIGHT: usize = 7;
pub const DAGGER: usize = 8;
pub const SWORDSMAN: usize = 9;

/// Number of cells; the Emperor stands on `EMPEROR_CELL` (`j9`, R4).
pub const CELLS: usize = 361;
pub const EMPEROR_CELL: usize = 180;

/// A cell of the mailbox: 0 empty, `EMPEROR`, or `1 + 10·kingdom + type`.
type CellCode = u8;
const EMPEROR: CellCode = u8::MAX;

const fn piece_code(kingdom: usize, kind: usize) -> CellCode {
    (1 + 10 * kingdom + kind) as CellCode
}
const fn code_kingdom(code: CellCode) -> usize {
    (code as usize - 1) / 10
}
const fn code_kind(code: CellCode) -> usize {
    (code as usize - 1) % 10
}

/// A move (R54), or the record token that puts kingdoms out by resignation or time (R55).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Step {
        from: u16,
        to: u16,
    },
    /// The kingdoms of the bit mask (bit = turn index) are put out (R34).
    PutOut(u8),
}

/// Legal moves of one kingdom: 96 at the start and a few hundred in play, but a position
/// string may put any army on the board (R52), so no fixed capacity is safe: the list
/// moves to the heap past 512 moves.
pub type MoveList = SpillList<Move, 512>;

/// Everything a position string records, plus the derived end of the game. `Clone` so
/// that make pushes a copy and unmake pops it (copy-make: an army transfer recolours up
/// to a hundred pieces, which a copy restores for free).
#[derive(Clone, Debug)]
struct State {
    cells: [CellCode; CELLS],
    by_kingdom: [Wide384; KINGDOMS],
    /// The occupied cells, the Emperor's included, line by line.
    lines: Lines,
    /// The number of moves of every piece.
    mobility: Mobility,
    /// The number of each kingdom's pieces of each type.
    pieces_by_kind: [[u16; 10]; KINGDOMS],
    /// The cells of the Generals, of every kingdom.
    generals: Wide384,
    /// `matrix[a][v]`: pieces of colour v captured by kingdom a (R36, R40).
    matrix: [[u16; KINGDOMS]; KINGDOMS],
    /// Captured-kingdoms record: (holder, captured) in chronological order.
    record: ArrayVec<(u8, u8), KINGDOMS>,
    /// Kingdoms put out by resignation or time (bit = turn index).
    out: u8,
    side: usize,
    halfmove: u32,
    fullmove: u32,
    hash: u64,
    ending: Option<Ending>,
}

/// A Seven Kingdoms position with its history and the division of kingdoms into players.
#[derive(Clone, Debug)]
pub struct SevenKingdoms {
    state: State,
    players: Players,
    history: Vec<State>,
    /// The side to move before each hand-over still in force (`pass_turn_to`).
    handed_over: Vec<u8>,
}

impl SevenKingdoms {
    /// The kingdom to move.
    pub fn side(&self) -> usize {
        self.state.side
    }

    /// The division of kingdoms into players.
    pub fn players(&self) -> &Players {
        &self.players
    }

    /// The kingdom and type of the piece on `cell` (`None` for empty and the Emperor).
    pub fn piece_at(&self, cell: usize) -> Option<(usize, usize)> {
        match self.state.cells[cell] {
            0 | EMPEROR => None,
            code => Some((code_kingdom(code), code_kind(code))),
        }
    }

    /// The cells of `kingdom`'s pieces.
    pub fn pieces_of(&self, kingdom: usize) -> Wide384 {
        self.state.by_kingdom[kingdom]
    }

    /// Pieces of colour `victim` captured by `capturer` (R36, R40).
    pub fn captured_by(&self, capturer: usize, victim: usize) -> u32 {
        u32::from(self.state.matrix[capturer][victim])
    }

    /// captures(a): all pieces kingdom `a` has captured.
    pub fn captures(&self, kingdom: usize) -> u32 {
        self.state.captures(kingdom)
    }

    /// losses(v): all pieces of colour `v` captured.
    pub fn losses(&self, kingdom: usize) -> u32 {
        self.state.losses(kingdom)
    }

    /// The captured-kingdoms record, (holder, captured) in order of capture.
    pub fn captured_kingdoms(&self) -> &[(u8, u8)] {
        &self.state.record
    }

    /// Whether `kingdom` is in the game (R28).
    pub fn in_game(&self, kingdom: usize) -> bool {
        self.state.in_game(kingdom)
    }

    /// The number of moves `kingdom`'s pieces have, by piece type (whether or not it is
    /// the kingdom's turn).
    pub fn moves_by_kind(&self, kingdom: usize) -> [u16; 10] {
        self.state.mobility.by_kind(kingdom)
    }

    /// The number of `kingdom`'s pieces of each type.
    pub fn pieces_by_kind(&self, kingdom: usize) -> [u16; 10] {
        self.state.pieces_by_kind[kingdom]
    }

    /// The cells of the Generals, of every kingdom.
    pub fn generals(&self) -> Wide384 {
        self.state.generals
    }

    /// How the game ended, if it has (R43–R48).
    pub fn ending(&self) -> Option<&Ending> {
        self.state.ending.as_ref()
    }
}

impl State {
    fn captures(&self, kingdom: usize) -> u32 {
        self.matrix[kingdom].iter().map(|&n| u32::from(n)).sum()
    }

    fn losses(&self, kingdom: usize) -> u32 {
        self.matrix.iter().map(|row| u32::from(row[kingdom])).sum()
    }

    fn held(&self, kingdom: usize) -> usize {
        self.record
            .iter()
            .filter(|&&(holder, _)| usize::from(holder) == kingdom)
            .count()
    }

    fn is_captured(&self, kingdom: usize) -> bool {
        self.record
            .iter()
            .any(|&(_, captured)| usize::from(captured) == kingdom)
    }

    fn in_game(&self, kingdom: usize) -> bool {
        !self.is_captured(kingdom) && self.out & (1 << kingdom) == 0
    }
}

impl Game for SevenKingdoms {
    type Move = Move;
    type MoveList = MoveList;
    type Config = Players;

    fn pack_move(mv: Move) -> u32 {
        mv.pack()
    }

    fn table_move(&self, packed: u32) -> Option<Move> {
        self.legal_packed_move(packed)
    }

    fn start(players: &Players) -> SevenKingdoms {
        SevenKingdoms::from_position_string(notation::START, players)
            .expect("the start position is valid")
    }

    fn from_position_string(text: &str, players: &Players) -> Result<SevenKingdoms, PositionError> {
        notation::parse_position(text, players)
    }

    fn position_string(&self) -> String {
        notation::write_position(self)
    }

    fn seats(&self) -> usize {
        self.players.count()
    }

    fn to_move(&self) -> Seat {
        self.players.seat_of(self.state.side)
    }

    fn generate_moves(&self, moves: &mut MoveList) {
        if self.state.ending.is_none() {
            self.state.visit_moves(self.state.side, moves);
        }
    }

    fn count_moves(&self) -> usize {
        if self.state.ending.is_some() {
            return 0;
        }
        self.state.mobility.total(self.state.side)
    }

    fn make_move(&mut self, mv: Move) {
        self.history.push(self.state.clone());
        match mv {
            Move::Step { from, to } => self.play_step(from as usize, to as usize),
            Move::PutOut(mask) => self.put_out(mask),
        }
    }

    fn unmake_move(&mut self) {
        self.state = self
            .history
            .pop()
            .expect("unmake_move without a move to take back");
    }

    /// Best-reply search's hand-over: the first kingdom of `seat`'s block that is in the
    /// game and can move becomes the side to move. Only the side (and with it the hash)
    /// changes, so `unmake_null_move` needs only the side before.
    fn pass_turn_to(&mut self, seat: Seat) -> bool {
        if self.state.ending.is_some() {
            return false;
        }
        let state = &self.state;
        let Some(kingdom) = self
            .players
            .block_of(seat)
            .find(|&k| state.in_game(k) && state.mobility.total(k) > 0)
        else {
            return false;
        };
        self.handed_over.push(self.state.side as u8);
        self.state.set_side(kingdom);
        true
    }

    fn unmake_null_move(&mut self) {
        let side = self
            .handed_over
            .pop()
            .expect("unmake_null_move without a hand-over to take back");
        self.state.set_side(usize::from(side));
    }

    fn is_tactical(&self, mv: Move) -> bool {
        matches!(mv, Move::Step { to, .. } if self.state.cells[to as usize] != 0)
    }

    fn hash(&self) -> u64 {
        self.state.hash
    }

    fn recompute_hash(&self) -> u64 {
        self.state.compute_hash()
    }

    fn status(&self) -> Status {
        match &self.state.ending {
            None => Status::Ongoing,
            Some(ending) => Status::Over(ending.outcome(&self.state, &self.players)),
        }
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
