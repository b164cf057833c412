//! Hepta: `docs/rules/hepta.md`.
//!
//! Files: `tables` (Zobrist keys), `state` (the position and its hashed setters),
//! `movegen` (every ply of §3–§6 by state, R51), `make` (the effect of each ply),
//! `end` (R90–R93), `notation` (position strings §9 and move tokens §10).
//!
//! Positions are copy-made: the history keeps every earlier `State`, so unmaking is a
//! pop and the history's hashes serve the repetition rule.

mod end;
mod make;
mod movegen;
mod notation;
mod packing;
mod state;
mod tables;
mod view;

use crate::game::{Game, MoveError, PositionError, Seat, SpillList, Status};
pub use movegen::BACKWARD;
pub use notation::{START, TRUE_START};
pub use state::{Pending, State, BERSERKS, KINGS, KNIGHTS, MASTERS, SOULS};

/// White (seat 0) or Black (seat 1).
pub type Side = usize;
pub const WHITE: Side = 0;
pub const BLACK: Side = 1;

/// A clan colour, `0..7` in the canonical order `r o y g b p c`.
pub type Colour = u8;
pub const COLOURS: usize = 7;
/// Colour letters in canonical order.
pub const COLOUR_LETTERS: &[u8; 7] = b"roygbpc";

/// The five Pillars of a Temple (R13), in notation order `R P L T E`.
pub const RECEIVE: usize = 0;
pub const POWER: usize = 1;
pub const LIFE: usize = 2;
pub const TACTIC: usize = 3;
pub const ELIMINATE: usize = 4;
pub const PILLAR_LETTERS: &[u8; 5] = b"RPLTE";

/// A piece on the main board (§3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    Soul(Colour),
    Knight(Side, Colour),
    King(Side, Colour),
    Berserk(Side, Colour),
    Master(Side),
}

impl Piece {
    /// A number `0..PIECE_CODES` for the Zobrist keys.
    pub fn code(self) -> usize {
        let c = |side: Side, colour: Colour| 7 * side + usize::from(colour);
        match self {
            Piece::Soul(colour) => usize::from(colour),
            Piece::Knight(side, colour) => 7 + c(side, colour),
            Piece::King(side, colour) => 21 + c(side, colour),
            Piece::Berserk(side, colour) => 35 + c(side, colour),
            Piece::Master(side) => 49 + side,
        }
    }

    /// The owner; `None` for a Soul.
    pub fn owner(self) -> Option<Side> {
        match self {
            Piece::Soul(_) => None,
            Piece::Knight(s, _) | Piece::King(s, _) | Piece::Berserk(s, _) | Piece::Master(s) => {
                Some(s)
            }
        }
    }

    /// The colour; `None` for a Soul Master.
    pub fn colour(self) -> Option<Colour> {
        match self {
            Piece::Soul(c) | Piece::Knight(_, c) | Piece::King(_, c) | Piece::Berserk(_, c) => {
                Some(c)
            }
            Piece::Master(_) => None,
        }
    }
}

/// Number of distinct `Piece::code` values.
pub const PIECE_CODES: usize = 51;

/// A ply (§10). Cells are cell indices of `geometry::hepta`, spots `0..7` (spot 1 is 0),
/// Pillars the indices above.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// R50: the colour on each spot.
    Arrange([Colour; 7]),
    /// Every `<from><to>` move: the pieces on the two cells decide its kind (R96).
    Board { from: u8, to: u8 },
    /// R79 `<hex>^`.
    Dematerialise { from: u8 },
    /// R81 `<from><to>^<X>`.
    Steal { from: u8, to: u8, pillar: u8 },
    /// R82 `<from><to>=<d>`.
    Recolour { from: u8, to: u8, colour: Colour },
    /// R55 `<hex>=<d>`.
    Replace { at: u8, colour: Colour },
    /// R85 `<from><to>+<hex>`.
    Duplicate { from: u8, to: u8, extra: u8 },
    /// R56, R57 `T<c><X>`.
    Temple { colour: Colour, pillar: u8 },
    /// R61 `H<c>`.
    Announce { colour: Colour },
    /// R63 `S<c>@<hex>`.
    Drop { colour: Colour, at: u8 },
    /// R64 and R75 `H<c><k>`.
    Shift { colour: Colour, spot: u8 },
    /// R65 and R73 `N<c>@<hex>`.
    Summon { colour: Colour, at: u8 },
    /// R74 `K<c>@<hex>`.
    RecoveryKing { colour: Colour, at: u8 },
    /// R67 `E<c>`.
    Eliminate { colour: Colour },
    /// R86 `MR`.
    MasterRecovery,
    /// R88, R89 `M@<hex>`.
    PlaceMaster { at: u8 },
}

/// Legal moves: inline up to 256, on the heap beyond, because the arrangement ply has
/// 5040 (R50, §13). An `ArrayVec` of that capacity takes 40 KB, and the search keeps one
/// list per ply on threads with the default 2 MB stack; a `Vec` would allocate at every
/// node.
pub type MoveList = SpillList<Move, 256>;

/// A Hepta position with its game history.
#[derive(Clone, Debug)]
pub struct Hepta {
    state: State,
    history: Vec<State>,
}

impl Hepta {
    /// The current position's fields.
    pub fn state(&self) -> &State {
        &self.state
    }

    fn from_state(state: State) -> Hepta {
        Hepta {
            state,
            history: Vec::new(),
        }
    }
}

impl Game for Hepta {
    type Move = Move;
    type MoveList = MoveList;
    type Config = ();

    fn pack_move(mv: Move) -> u32 {
        mv.pack()
    }

    fn table_move(&self, packed: u32) -> Option<Move> {
        self.legal_packed_move(packed)
    }

    /// The true start, Black to arrange the Heptagram (§9.4): the protocol's `startpos`.
    fn start(_: &()) -> Hepta {
        Hepta::from_position_string(TRUE_START, &()).expect("the start position is valid")
    }

    fn from_position_string(text: &str, _: &()) -> Result<Hepta, PositionError> {
        notation::parse_position(text).map(Hepta::from_state)
    }

    fn position_string(&self) -> String {
        notation::write_position(&self.state)
    }

    fn seats(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        self.state.side
    }

    fn generate_moves(&self, moves: &mut MoveList) {
        self.state.generate(moves);
    }

    fn make_move(&mut self, mv: Move) {
        self.history.push(self.state.clone());
        self.state.play(mv);
    }

    fn unmake_move(&mut self) {
        self.state = self
            .history
            .pop()
            .expect("unmake_move without a move to take back");
    }

    /// Hepta has no check (R33). A sequence ply (drop, shift, recovery, Soul Master
    /// placement) is the only kind of ply allowed (R51) and a static evaluation in the
    /// middle of a sequence misleads (§13 "Sequence states"): the search treats these
    /// positions like a check, searching every ply instead of standing pat.
    fn in_check(&self) -> bool {
        !matches!(self.state.pending, Pending::Normal | Pending::Setup)
    }

    fn is_tactical(&self, mv: Move) -> bool {
        self.state.is_tactical(mv)
    }

    fn repetitions(&self) -> usize {
        Hepta::repetitions(self)
    }

    fn hash(&self) -> u64 {
        self.state.hash
    }

    fn recompute_hash(&self) -> u64 {
        self.state.compute_hash()
    }

    fn status(&self) -> Status {
        self.game_status()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(&self.state, text)
    }

    fn move_string(&self, mv: Move) -> String {
        notation::move_string(mv)
    }

    fn board_text(&self) -> String {
        notation::board_diagram(&self.state)
    }
}
