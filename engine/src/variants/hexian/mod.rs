//! Hexian Hexchess: `docs/rules/hexian.md` (six armies, two to six players, patrons
//! and spells on the 217-cell hexagon).
//!
//! Implemented: the board, the armies and their start setups, the pieces with their
//! states, players, patron, spell lists, check counters, reserves and Ghost pools (§2–§4,
//! §6.8 data); position strings (§9, read and settled by R60) and move tokens (§10);
//! attack, freshness, check and Belphegor's paralysis (R13, R25, R66, R67, R103); every
//! move kind with its effects: piece moves (R14–R38, R74–R78, R94, R108), rising,
//! dispatching, Ghost returns with possession, deployment (R72–R80, R105, R106), the
//! fourteen spells and Demogorgon's refill (R82–R101, R104), the pass (R69); the whole ply
//! (R63): legality (R68), Astaroth counting (R102), checkmate, claims and elimination
//! (R60 c, R70, R110, R111), the clocks (R116, R117); results and draws (R112–R118);
//! Zobrist hashing; the `Game` trait (`HexianGame`).
//!
//! The evaluation is `evaluation::hexian`; the protocol plays it as `UCI_Variant hexian`.
//! The perft suite (`positions/hexian/perft.txt`) was cross-checked move by move against
//! an independent model of the spec.
//!
//! Files: `armies` (R50–R54), `piece` (types and states, R119 tokens), `players` (R56,
//! R122), `spells` (spell lists, reserves, patron), `tables` (the hexagon, per-army cells),
//! `setup` (start positions, R55), `notation` (position strings, §9), `moves` (the move
//! kinds, R61), `move_notation` (move tokens, §10), `attacks` (R13, R66, R67, R103),
//! `movegen` (piece moves), `effects` (what a piece move does, end-of-ply steps 1–3),
//! `special_moves` (rise, dispatch, Ghost return, deployment), `spellcasting` (§6.7),
//! `legal` (legal moves), `ply` (a whole ply, eliminations, end of game), `hashing`
//! (Zobrist keys), `threats` (which moves give a check Astaroth counts, for the search),
//! `game` (the `Game` trait: history, results, draws).

mod armies;
mod attacks;
mod effects;
mod game;
mod hashing;
mod journal;
mod legal;
mod move_notation;
mod movegen;
mod moves;
mod notation;
mod packing;
mod piece;
mod players;
mod ply;
mod setup;
mod special_moves;
mod spellcasting;
mod spells;
mod tables;
mod threats;
mod view;

use crate::bitboard::{Bitboard, Wide256};
use crate::game::PositionError;
pub use armies::{
    army_letter, army_of_letter, clockwise, forward, ghost_start_owner, widdershins, ARMIES,
    ARMY_NAMES,
};
pub use game::{HexianGame, TACTICAL_CHECK_COUNTER};
pub use journal::Checkpoint;
pub use move_notation::{move_token, parse_move_token};
pub use moves::{HopTail, Move, PieceMove, Spell};
pub use piece::{Kind, Piece};
pub use players::{PlayerCount, Players};
pub use setup::Config;
pub use spells::{Patron, Reserve, SpellList};
pub use tables::{tables, Tables};

/// Number of cells (R1).
pub const CELLS: usize = 217;

/// An army's spells: the list left to cast and, under Demogorgon, its grimoire (R104).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Spells {
    pub left: SpellList,
    pub grimoire: SpellList,
}

/// The fields of a position that few plies change (spells cast, counted checks,
/// reserves, Ghost pools): a ply that changes them saves them in the journal first
/// ([`Hexian::holdings_mut`]), so that a checkpoint need not copy them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Holdings {
    spells: [Spells; ARMIES],
    /// Astaroth check counters (R102, R125).
    checks: [u8; ARMIES],
    reserves: [Reserve; ARMIES],
    /// The start cells in the Ghost pools; the army is the one whose start cell it is.
    ghost_pool: Wide256,
}

/// A Hexian position: everything the position string records (§9).
///
/// Pieces live in two mailboxes, standing and fallen (R9: at most one of each per cell),
/// mirrored by per-army bitboards of standing pieces and one of fallen pieces. Every change
/// of a piece goes through `put_*` and `take_*`, the single place where an incremental
/// hash will be updated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hexian {
    standing: [Option<Piece>; CELLS],
    fallen: [Option<Piece>; CELLS],
    standing_by_army: [Wide256; ARMIES],
    /// The standing pieces with a shield or the summoned flag, and the illusions: the
    /// few that a change of turn may touch besides marks (R60, R63 steps 1 and 3).
    flagged: Wide256,
    /// Per army, the standing pieces bearing its arrival mark (R64), which R60 (a) and
    /// R65 erase.
    marked: [Wide256; ARMIES],
    fallen_cells: Wide256,
    /// The standing Ghosts, Fungoids and Doppelgangers: the only pieces that can attack
    /// a cell beyond two steps along a line or by a leap (R26, R29, R32, R34).
    far_attackers: Wide256,
    /// The cells holding a standing piece: the union of `standing_by_army`.
    occupied: Wide256,
    /// The cell of each army's Archwizard (R40: exactly one per army in play), kept by
    /// the changes of standing pieces.
    archwizards: [Option<u8>; ARMIES],
    side: usize,
    players: Players,
    patron: Patron,
    /// Spells, check counters, reserves and Ghost pools, which few plies change.
    holdings: Holdings,
    /// Under Astaroth, the armies in play in check now (bit = army), kept by every ply so
    /// that the next one finds which checks are new (R102) without testing them again;
    /// empty under the other patrons.
    checked: u8,
    halfmove: u32,
    fullmove: u32,
    /// The Zobrist keys of the pieces, updated by `put_*` and `take_*` (`hashing`).
    pieces_hash: u64,
    /// The Zobrist keys of the other fields but the clocks, refreshed once per ply.
    fields_hash: u64,
    /// The changes of pieces, for taking plies back (`journal`).
    journal: journal::Journal,
}

impl Hexian {
    /// An empty board, white to move, every army in play under `players`.
    fn empty(players: Players, patron: Patron) -> Hexian {
        Hexian {
            standing: [None; CELLS],
            fallen: [None; CELLS],
            standing_by_army: [Wide256::EMPTY; ARMIES],
            flagged: Wide256::EMPTY,
            marked: [Wide256::EMPTY; ARMIES],
            fallen_cells: Wide256::EMPTY,
            far_attackers: Wide256::EMPTY,
            occupied: Wide256::EMPTY,
            archwizards: [None; ARMIES],
            side: 0,
            players,
            patron,
            holdings: Holdings::default(),
            checked: 0,
            halfmove: 0,
            fullmove: 1,
            pieces_hash: 0,
            fields_hash: 0,
            journal: journal::Journal::default(),
        }
    }

    /// The start position of R55 for `config` (patron, number of players, no spells).
    pub fn start(config: &Config) -> Hexian {
        setup::start(config)
    }

    /// Reads a position string (§9), settling it by R60 (a) and (b).
    pub fn from_position_string(text: &str) -> Result<Hexian, PositionError> {
        notation::parse_position(text)
    }

    /// Writes the canonical position string (R129).
    pub fn position_string(&self) -> String {
        notation::write_position(self)
    }

    /// The standing piece on `cell`.
    pub fn standing(&self, cell: usize) -> Option<Piece> {
        self.standing[cell]
    }

    /// The fallen piece on `cell`.
    pub fn fallen(&self, cell: usize) -> Option<Piece> {
        self.fallen[cell]
    }

    /// The cells of `army`'s standing pieces.
    pub fn standing_of(&self, army: usize) -> Wide256 {
        self.standing_by_army[army]
    }

    /// The cells holding a standing piece (the cells that are not free, §1).
    pub fn occupied(&self) -> Wide256 {
        self.occupied
    }

    /// The cells holding a fallen piece.
    pub fn fallen_cells(&self) -> Wide256 {
        self.fallen_cells
    }

    /// The army to move.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Who owns which army, and which are eliminated.
    pub fn players(&self) -> Players {
        self.players
    }

    pub fn patron(&self) -> Patron {
        self.patron
    }

    /// `army`'s spells left and grimoire.
    pub fn spells(&self, army: usize) -> Spells {
        self.holdings.spells[army]
    }

    /// `army`'s Astaroth check counter.
    pub fn check_counter(&self, army: usize) -> u8 {
        self.holdings.checks[army]
    }

    /// `army`'s Lilith reserve.
    pub fn reserve(&self, army: usize) -> Reserve {
        self.holdings.reserves[army]
    }

    /// The start cells in the Ghost pools (R28).
    pub fn ghost_pool(&self) -> Wide256 {
        self.holdings.ghost_pool
    }

    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// Stands `piece` on the free `cell`.
    fn put_standing(&mut self, cell: usize, piece: Piece) {
        debug_assert!(self.standing[cell].is_none());
        self.place_standing(cell, piece);
        self.pieces_hash ^= hashing::piece_key(0, cell, &piece);
        self.journal
            .changes
            .push(journal::Change::Stood(cell as u8));
    }

    /// Removes and returns the standing piece on `cell`.
    fn take_standing(&mut self, cell: usize) -> Option<Piece> {
        let piece = self.remove_standing(cell)?;
        self.pieces_hash ^= hashing::piece_key(0, cell, &piece);
        self.journal
            .changes
            .push(journal::Change::TookStanding(cell as u8, piece));
        Some(piece)
    }

    /// Lays `piece` down on `cell`, which holds no fallen piece.
    fn put_fallen(&mut self, cell: usize, piece: Piece) {
        debug_assert!(self.fallen[cell].is_none());
        self.place_fallen(cell, piece);
        self.pieces_hash ^= hashing::piece_key(1, cell, &piece);
        self.journal.changes.push(journal::Change::Fell(cell as u8));
    }

    /// Removes and returns the fallen piece on `cell`.
    fn take_fallen(&mut self, cell: usize) -> Option<Piece> {
        let piece = self.remove_fallen(cell)?;
        self.pieces_hash ^= hashing::piece_key(1, cell, &piece);
        self.journal
            .changes
            .push(journal::Change::TookFallen(cell as u8, piece));
        Some(piece)
    }

    /// R60 (a) and (b): when `army` becomes the side to move its arrival marks are erased
    /// from every piece and the shields of its standing pieces are removed.
    fn erase_marks_and_shields_of(&mut self, army: usize) {
        self.erase_marks_of(army);
        for cell in (self.standing_by_army[army] & self.flagged).cells() {
            self.update_standing_where(cell, |p| p.shielded, |p| p.shielded = false);
        }
    }

    /// R65: the arrival marks of `army` are erased from every piece (fallen pieces carry
    /// none, R41).
    fn erase_marks_of(&mut self, army: usize) {
        for cell in self.marked[army].cells() {
            self.update_standing_where(cell, |_| true, |p| p.mark = None);
        }
    }

    /// Changes the standing piece on `cell` by `change` if `test` holds for it (through
    /// `take_standing` and `put_standing`, which keep the hash).
    fn update_standing_where(
        &mut self,
        cell: usize,
        test: impl Fn(&Piece) -> bool,
        change: impl Fn(&mut Piece),
    ) {
        if self.standing[cell].is_some_and(|p| test(&p)) {
            if let Some(mut piece) = self.take_standing(cell) {
                change(&mut piece);
                self.put_standing(cell, piece);
            }
        }
    }
}

/// Whether a standing piece belongs in [`Hexian::far_attackers`].
fn attacks_from_afar(piece: &Piece) -> bool {
    matches!(piece.kind, Kind::Ghost | Kind::Fungoid | Kind::Doppelganger)
}

/// Whether a standing piece belongs in [`Hexian::flagged`].
fn is_flagged(piece: &Piece) -> bool {
    piece.shielded || piece.summoned || piece.kind == Kind::Illusion
}
