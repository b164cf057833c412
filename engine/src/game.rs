//! The `Game` trait: what the search, perft, the protocol and the match runner need from a
//! variant, and the value types they share (seats, points, outcomes, parse errors).
//!
//! Design points, from the five rule specs:
//! - Turns need not alternate (Hepta's sequences, Hexian's armies of one player, Seven
//!   Kingdoms' skipped kingdoms): the position says which seat is to move.
//! - Seats are players, not armies: a player owning several armies or kingdoms is one
//!   seat, and results are one score per seat, fractional where the rules share points.
//! - Moves are a variant's own small `Copy` type; legal moves go into a list the variant
//!   chooses: a fixed-capacity `arrayvec` list, or a `SpillList` that moves to the heap
//!   past its inline capacity (Hepta's arrangement ply has 5040).
//! - Positions are changed by make/unmake; the variant keeps its own undo stack, which
//!   is also its game history for repetition.

use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;
use std::hash::Hash;
use std::ops::{Deref, DerefMut};

/// The largest number of seats (players) any variant has: Seven Kingdoms' seven.
pub const MAX_SEATS: usize = 7;

/// A player's index, `0..seats()`, in the variant's player order.
pub type Seat = usize;

/// Points scored by one player, exact: stored in units of 1/420, the least common multiple
/// of every denominator the rules use (halves, thirds, quarters, fifths, sixths, sevenths).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(u16);

impl Points {
    const UNIT: u16 = 420;
    pub const ZERO: Points = Points(0);
    pub const ONE: Points = Points(Self::UNIT);
    pub const HALF: Points = Points(Self::UNIT / 2);

    /// `numerator / denominator` of a point; the denominator must divide 420.
    pub const fn fraction(numerator: u16, denominator: u16) -> Points {
        assert!(Self::UNIT % denominator == 0);
        Points(numerator * (Self::UNIT / denominator))
    }

    /// The value as a float in `[0, 1]` (for search scores and statistics).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / f64::from(Self::UNIT)
    }
}

impl fmt::Display for Points {
    /// `0`, `1`, or a reduced fraction such as `3/4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn gcd(a: u16, b: u16) -> u16 {
            if b == 0 {
                a
            } else {
                gcd(b, a % b)
            }
        }
        let g = gcd(self.0, Self::UNIT);
        let (n, d) = (self.0 / g, Self::UNIT / g);
        if d == 1 {
            write!(f, "{n}")
        } else {
            write!(f, "{n}/{d}")
        }
    }
}

/// How a finished game ended: one score per seat and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub points: ArrayVec<Points, MAX_SEATS>,
    /// The rule that ended the game, e.g. `checkmate`, `stalemate`, `baring`.
    pub reason: &'static str,
}

impl Outcome {
    /// A two-seat outcome.
    pub fn two(first: Points, second: Points, reason: &'static str) -> Outcome {
        Outcome {
            points: [first, second].into_iter().collect(),
            reason,
        }
    }

    /// The result in the shared notation: scores in seat order joined by `-`
    /// (`1-0`, `3/4-1/4`, `1/2-1/2`, `0-0-1`).
    pub fn result_string(&self) -> String {
        let parts: Vec<String> = self.points.iter().map(Points::to_string).collect();
        parts.join("-")
    }
}

/// Whether the game goes on, or how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Ongoing,
    Over(Outcome),
}

/// A list of moves on the stack; implemented by `ArrayVec<M, N>` for every `N`.
pub trait MoveBuffer<M>: Default + Deref<Target = [M]> + DerefMut + Send {
    fn push_move(&mut self, mv: M);
    fn clear_moves(&mut self);
}

/// A heap list, for variants whose position strings allow more moves than any fixed
/// capacity (Seven Kingdoms: readers accept any army on the board, R52).
impl<M: Send> MoveBuffer<M> for Vec<M> {
    #[inline]
    fn push_move(&mut self, mv: M) {
        self.push(mv);
    }
    #[inline]
    fn clear_moves(&mut self) {
        self.clear();
    }
}

impl<M: Send, const N: usize> MoveBuffer<M> for ArrayVec<M, N> {
    #[inline]
    fn push_move(&mut self, mv: M) {
        self.push(mv);
    }
    #[inline]
    fn clear_moves(&mut self) {
        self.clear();
    }
}

/// A move list kept inline up to `N` moves and moved to the heap beyond: no allocation in
/// the common case, and any length for a ply with very many moves (Hepta's arrangement
/// ply has 5040).
#[derive(Clone, Debug)]
pub enum SpillList<M, const N: usize> {
    Inline(ArrayVec<M, N>),
    Heap(Vec<M>),
}

impl<M, const N: usize> SpillList<M, N> {
    pub fn new() -> Self {
        SpillList::Inline(ArrayVec::new())
    }

    #[inline]
    pub fn push(&mut self, mv: M) {
        match self {
            SpillList::Heap(list) => list.push(mv),
            SpillList::Inline(list) => {
                if let Err(full) = list.try_push(mv) {
                    let mut heap = Vec::with_capacity(2 * N);
                    heap.extend(list.drain(..));
                    heap.push(full.element());
                    *self = SpillList::Heap(heap);
                }
            }
        }
    }
}

impl<M, const N: usize> Default for SpillList<M, N> {
    fn default() -> Self {
        SpillList::new()
    }
}

impl<M, const N: usize> Deref for SpillList<M, N> {
    type Target = [M];
    #[inline]
    fn deref(&self) -> &[M] {
        match self {
            SpillList::Inline(list) => list,
            SpillList::Heap(list) => list,
        }
    }
}

impl<M, const N: usize> DerefMut for SpillList<M, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [M] {
        match self {
            SpillList::Inline(list) => list,
            SpillList::Heap(list) => list,
        }
    }
}

impl<M: Send, const N: usize> MoveBuffer<M> for SpillList<M, N> {
    #[inline]
    fn push_move(&mut self, mv: M) {
        self.push(mv);
    }
    #[inline]
    fn clear_moves(&mut self) {
        match self {
            SpillList::Inline(list) => list.clear(),
            SpillList::Heap(list) => list.clear(),
        }
    }
}

/// Where a move generator puts its moves: a move list, or a `MoveCounter` when only their
/// number matters (mobility).
pub trait MoveSink<M> {
    fn push(&mut self, mv: M);

    /// Whether the sink wants no more moves, so that a generator may stop early.
    #[inline]
    fn is_satisfied(&self) -> bool {
        false
    }
}

impl<M, B: MoveBuffer<M>> MoveSink<M> for B {
    #[inline]
    fn push(&mut self, mv: M) {
        self.push_move(mv);
    }
}

/// Counts the moves it receives.
#[derive(Default)]
pub struct MoveCounter(pub usize);

impl<M> MoveSink<M> for MoveCounter {
    #[inline]
    fn push(&mut self, _: M) {
        self.0 += 1;
    }
}

/// What is wrong with a position string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionErrorKind {
    /// The string has the wrong number of space-separated fields.
    FieldCount { expected: usize, found: usize },
    /// The board field has the wrong number of ranks.
    RankCount { expected: usize, found: usize },
    /// A rank describes more or fewer cells than it has.
    RankLength {
        rank: usize,
        expected: usize,
        found: usize,
    },
    /// A character that is no piece letter of the variant.
    UnknownPiece,
    /// A run of empty cells written with a leading zero, as zero, or next to another run.
    BadRun,
    /// The side-to-move field is not one of the variant's sides.
    BadSide,
    /// A counter field is not a decimal number in its range.
    BadNumber,
    /// A variant-specific field is malformed.
    BadField,
    /// The string is well formed but breaks a validity rule of the spec (rule cited).
    Invalid(&'static str),
}

impl PositionErrorKind {
    /// The kind's name without its fields (`FieldCount`, `BadRun`, …), as the files of
    /// invalid position strings under `positions/` write it.
    pub fn name(&self) -> &'static str {
        match self {
            PositionErrorKind::FieldCount { .. } => "FieldCount",
            PositionErrorKind::RankCount { .. } => "RankCount",
            PositionErrorKind::RankLength { .. } => "RankLength",
            PositionErrorKind::UnknownPiece => "UnknownPiece",
            PositionErrorKind::BadRun => "BadRun",
            PositionErrorKind::BadSide => "BadSide",
            PositionErrorKind::BadNumber => "BadNumber",
            PositionErrorKind::BadField => "BadField",
            PositionErrorKind::Invalid(_) => "Invalid",
        }
    }
}

/// A rejected position string: what is wrong, the offending token and its byte offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub kind: PositionErrorKind,
    pub token: String,
    pub offset: usize,
}

impl PositionError {
    pub fn new(kind: PositionErrorKind, token: &str, offset: usize) -> Self {
        PositionError {
            kind,
            token: token.to_string(),
            offset,
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionErrorKind::*;
        match &self.kind {
            FieldCount { expected, found } => {
                write!(f, "expected {expected} fields, found {found}")?
            }
            RankCount { expected, found } => write!(f, "expected {expected} ranks, found {found}")?,
            RankLength {
                rank,
                expected,
                found,
            } => write!(f, "rank {rank} needs {expected} cells, got {found}")?,
            UnknownPiece => write!(f, "unknown piece letter")?,
            BadRun => write!(f, "bad run of empty cells")?,
            BadSide => write!(f, "bad side to move")?,
            BadNumber => write!(f, "bad number")?,
            BadField => write!(f, "malformed field")?,
            Invalid(rule) => write!(f, "invalid position: {rule}")?,
        }
        write!(f, " at character {} ('{}')", self.offset + 1, self.token)
    }
}

impl std::error::Error for PositionError {}

/// What is wrong with a move token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveErrorKind {
    /// The token does not follow the variant's move grammar.
    Syntax,
    /// The token is well formed but is not a legal move in the position.
    Illegal,
    /// The game is over: no move is legal.
    GameOver,
}

/// A rejected move token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    pub kind: MoveErrorKind,
    pub token: String,
    pub detail: String,
}

impl MoveError {
    pub fn new(kind: MoveErrorKind, token: &str, detail: impl Into<String>) -> Self {
        MoveError {
            kind,
            token: token.to_string(),
            detail: detail.into(),
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            MoveErrorKind::Syntax => "malformed move",
            MoveErrorKind::Illegal => "illegal move",
            MoveErrorKind::GameOver => "game over, no move possible",
        };
        write!(f, "{what} '{}'", self.token)?;
        if !self.detail.is_empty() {
            write!(f, ": {}", self.detail)?;
        }
        Ok(())
    }
}

impl std::error::Error for MoveError {}

/// How often `current` occurred before in a game whose earlier position hashes are
/// `history` (oldest first), when only the last `reversible` of them can repeat (those
/// after the last irreversible move) and turns alternate, so only every second one has
/// the same side to move.
pub fn count_repetitions(
    history: impl DoubleEndedIterator<Item = u64>,
    current: u64,
    reversible: usize,
) -> usize {
    history
        .rev()
        .take(reversible)
        .skip(1)
        .step_by(2)
        .filter(|&h| h == current)
        .count()
}

/// A random legal move of `pos`, `None` when there is none: with probability
/// `tactical_odds` a tactical one when there are some, otherwise a quiet one (any move
/// when none is quiet). Self-play data starts its games with quiet ones; tests thin the
/// board out with captures.
pub fn random_move<G: Game>(pos: &G, tactical_odds: f64, rng: &mut impl Rng) -> Option<G::Move> {
    let mut list = G::MoveList::default();
    pos.generate_moves(&mut list);
    let (tactical, quiet): (Vec<G::Move>, Vec<G::Move>) =
        list.iter().partition(|&&m| pos.is_tactical(m));
    let take_tactical = tactical_odds > 0.0 && !tactical.is_empty() && rng.gen_bool(tactical_odds);
    let pool = if take_tactical || quiet.is_empty() {
        &tactical
    } else {
        &quiet
    };
    pool.choose(rng).copied()
}

/// A game position with its history: everything the engine needs from a variant.
pub trait Game: Clone + Send + Sync + 'static {
    /// A move, small and `Copy`.
    type Move: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;
    /// The fixed-capacity list legal moves are generated into.
    type MoveList: MoveBuffer<Self::Move>;
    /// Game options that shape the start position and the seats (e.g. `Players`).
    type Config: Clone + Default + Send + Sync + 'static;

    /// The variant's start position under `config`.
    fn start(config: &Self::Config) -> Self;
    /// Reads a position string; the result has no history before it.
    fn from_position_string(text: &str, config: &Self::Config) -> Result<Self, PositionError>;
    /// Writes the position string.
    fn position_string(&self) -> String;

    /// Number of seats (players).
    fn seats(&self) -> usize;
    /// The seat to move. Consecutive plies may belong to the same seat.
    fn to_move(&self) -> Seat;

    /// Appends every legal move to `moves`. Empty when the game is over by one of its
    /// own end conditions (draws by rule — repetition, move counters — are not applied).
    fn generate_moves(&self, moves: &mut Self::MoveList);
    /// Appends the legal moves that `is_tactical` accepts (captures and promotions): all
    /// quiescence search looks at when the side to move is not in check. Variants override
    /// it to skip generating quiet moves; the default filters the full list.
    fn generate_tactical_moves(&self, moves: &mut Self::MoveList) {
        let mut all = Self::MoveList::default();
        self.generate_moves(&mut all);
        for &mv in all.iter().filter(|&&mv| self.is_tactical(mv)) {
            moves.push_move(mv);
        }
    }
    /// Number of legal moves (perft's bulk count); may be faster than generating them.
    fn count_moves(&self) -> usize {
        let mut moves = Self::MoveList::default();
        self.generate_moves(&mut moves);
        moves.len()
    }
    /// Whether there is a legal move (the search's test for a game over by stalemate or
    /// checkmate); may stop at the first one found.
    fn has_legal_move(&self) -> bool {
        self.count_moves() > 0
    }
    /// The move in 32 bits, as the transposition table stores it: never an index into a
    /// generated list, so it names the same move in a full list, a list of captures only,
    /// or another seat's list. Two legal moves of one position pack differently; each
    /// variant documents its layout in its `packing.rs`.
    fn pack_move(mv: Self::Move) -> u32;
    /// The legal move `packed` names here, read back and tested for legality without
    /// generating the list (a piece's own moves at most): `None` if it names no legal
    /// move. The search tries the table's move before it generates the others, and
    /// takes the ponder move from the table.
    fn table_move(&self, packed: u32) -> Option<Self::Move>;
    /// Plays a legal move.
    fn make_move(&mut self, mv: Self::Move);
    /// Takes back the last move played by `make_move`.
    fn unmake_move(&mut self);

    /// Whether the side to move is in check (variants without check answer false).
    fn in_check(&self) -> bool {
        false
    }

    /// Whether the move just made gave a check that the rules count on another side than
    /// the one now to move (Hexian's Astaroth counter, hexian.md R102), which the search
    /// extends like a check on the side to move.
    fn gave_counted_check(&self) -> bool {
        false
    }
    /// Whether a legal move captures or promotes (or makes a threat the variant counts as
    /// material, as a check Hexian's Astaroth counts): the moves quiescence search looks at.
    fn is_tactical(&self, mv: Self::Move) -> bool;
    /// Passes the turn without moving, for null-move pruning in the search (never a rule
    /// move). Returns false, changing nothing, where the variant cannot pass here.
    fn make_null_move(&mut self) -> bool {
        false
    }
    /// Takes back `make_null_move` or `pass_turn_to`.
    fn unmake_null_move(&mut self) {}
    /// Hands the turn, as a null move for search only (never a rule move), to the first
    /// army of `seat` in turn order that is in the game and has a legal move, so that
    /// best-reply search can let any opponent reply out of turn and then give the turn
    /// back to its own player. Taken back by `unmake_null_move`. Returns false, changing
    /// nothing, where the variant does not support it, where the game is over or where no
    /// army of `seat` can move (the search then keeps the rules' turn order).
    fn pass_turn_to(&mut self, _seat: Seat) -> bool {
        false
    }
    /// How often the current position occurred earlier in the game, counting only
    /// positions a repetition rule compares (0 in variants without one).
    fn repetitions(&self) -> usize {
        0
    }
    /// Each seat's points if the game were drawn by rule here (repetition, move count):
    /// by default an equal share for every seat. The searches score a repetition inside
    /// their tree with it.
    fn draw_points(&self) -> ArrayVec<Points, MAX_SEATS> {
        let share = Points::fraction(1, self.seats() as u16);
        (0..self.seats()).map(|_| share).collect()
    }
    /// Whether a move-count rule (such as the fifty-move rule) draws the game now,
    /// provided no other end condition applies first.
    fn move_count_draw(&self) -> bool {
        false
    }

    /// The Zobrist hash, updated incrementally.
    fn hash(&self) -> u64;
    /// The Zobrist hash computed from scratch (a check of the incremental one).
    fn recompute_hash(&self) -> u64;

    /// Whether the game is over, applying every end rule including draws by rule.
    fn status(&self) -> Status;

    /// Reads a move token and returns it if it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;
    /// Writes a move in the variant's notation.
    fn move_string(&self, mv: Self::Move) -> String;
    /// The board as text for humans (the protocol's `d`).
    fn board_text(&self) -> String;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_print_as_reduced_fractions() {
        assert_eq!(Points::ONE.to_string(), "1");
        assert_eq!(Points::ZERO.to_string(), "0");
        assert_eq!(Points::HALF.to_string(), "1/2");
        assert_eq!(Points::fraction(3, 4).to_string(), "3/4");
        assert_eq!(Points::fraction(1, 3).to_string(), "1/3");
        assert_eq!(Points::fraction(2, 6).to_string(), "1/3");
        assert_eq!(Points::fraction(1, 7).to_string(), "1/7");
    }

    #[test]
    fn outcome_result_strings() {
        let o = Outcome::two(Points::fraction(3, 4), Points::fraction(1, 4), "stalemate");
        assert_eq!(o.result_string(), "3/4-1/4");
        assert_eq!(
            Outcome::two(Points::ONE, Points::ZERO, "checkmate").result_string(),
            "1-0"
        );
    }

    #[test]
    fn a_spill_list_keeps_its_order_past_the_inline_capacity() {
        let mut list = SpillList::<u32, 4>::new();
        for mv in 0..3 {
            list.push_move(mv);
        }
        assert!(matches!(list, SpillList::Inline(_)));
        for mv in 3..10 {
            list.push_move(mv);
        }
        assert!(matches!(list, SpillList::Heap(_)));
        assert_eq!(&list[..], &(0..10).collect::<Vec<_>>()[..]);
        list[0] = 42;
        assert_eq!(list.first(), Some(&42));
        list.clear_moves();
        assert!(list.is_empty());
    }

    /// `random_move` takes a tactical move as often as asked when there is one, and a
    /// quiet one otherwise.
    #[test]
    fn random_moves_are_tactical_as_often_as_asked() {
        use crate::variants::panoply::{MoveList, Panoply};
        use rand::{rngs::StdRng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(1);
        let has_both_kinds = |pos: &Panoply| {
            let mut moves = MoveList::new();
            pos.generate_moves(&mut moves);
            let tactical = moves.iter().filter(|&&m| pos.is_tactical(m)).count();
            tactical > 0 && tactical < moves.len()
        };
        let mut pos = Panoply::start(&());
        while !has_both_kinds(&pos) {
            let quiet = random_move(&pos, 0.0, &mut rng).expect("a legal move");
            assert!(!pos.is_tactical(quiet));
            pos.make_move(quiet);
        }
        let mut tactical_draws = |odds: f64| {
            (0..400)
                .filter(|_| pos.is_tactical(random_move(&pos, odds, &mut rng).expect("a move")))
                .count()
        };
        assert_eq!(tactical_draws(0.0), 0);
        assert_eq!(tactical_draws(1.0), 400);
        let half = tactical_draws(0.5);
        assert!((160..=240).contains(&half), "{half} of 400");
    }
}

/// The test every variant's packing passes (`Game::pack_move`, `Game::table_move`).
#[cfg(test)]
pub(crate) mod packing_check {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The positions of a perft suite's `text` (`positions/<variant>/perft.txt`: one
    /// position string per line before its counts, `#` comments).
    pub(crate) fn suite_positions<G: Game>(text: &str, config: &G::Config) -> Vec<G> {
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|line| {
                let position = line.split(';').next().expect("a position field");
                G::from_position_string(position, config).expect(position)
            })
            .collect()
    }

    /// Plays `playouts` random games of up to `plies` plies from each of `starts` and, on
    /// every position reached, checks that every legal move packs differently and reads
    /// back as itself, and that each of `foreign` packed moves of earlier positions reads
    /// back as the legal move of that packing here or, when there is none, as `None`. Returns how
    /// many foreign moves read back as a move and how many as `None`, so a caller can
    /// see that both kinds were tried.
    pub(crate) fn check_table_moves<G: Game>(
        starts: &[G],
        playouts: usize,
        plies: usize,
        foreign_moves: usize,
        seed: u64,
    ) -> (usize, usize) {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut foreign: Vec<u32> = Vec::new();
        let (mut legal_reads, mut none_reads) = (0, 0);
        for start in starts {
            for _ in 0..playouts {
                let mut pos = start.clone();
                for _ in 0..plies {
                    let mut moves = G::MoveList::default();
                    pos.generate_moves(&mut moves);
                    let packed: Vec<u32> = moves.iter().map(|&mv| G::pack_move(mv)).collect();
                    for (&mv, &code) in moves.iter().zip(&packed) {
                        assert_eq!(pos.table_move(code), Some(mv), "{mv:?} reads back");
                    }
                    let mut distinct = packed.clone();
                    distinct.sort_unstable();
                    distinct.dedup();
                    assert_eq!(distinct.len(), packed.len(), "two moves pack alike");
                    for &code in &foreign {
                        let expected = packed.iter().position(|&c| c == code).map(|i| moves[i]);
                        let read = pos.table_move(code);
                        assert_eq!(
                            read,
                            expected,
                            "packed {code:#x} in {}",
                            pos.position_string()
                        );
                        if read.is_some() {
                            legal_reads += 1;
                        } else {
                            none_reads += 1;
                        }
                    }
                    if moves.is_empty() {
                        break;
                    }
                    for &code in &packed {
                        if foreign.len() < foreign_moves {
                            foreign.push(code);
                        } else {
                            foreign[rng.gen_range(0..foreign_moves)] = code;
                        }
                    }
                    pos.make_move(moves[rng.gen_range(0..moves.len())]);
                }
            }
        }
        (legal_reads, none_reads)
    }
}
