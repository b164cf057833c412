//! The searches, generic over [`Game`] and an [`Evaluator`], monomorphised per variant:
//! the two-player alpha-beta search here, the multi-player ones in `multiplayer`, all on
//! one kernel (`threads`, `root`).
//!
//! One file per technique:
//! - `alphabeta`: the principal-variation search with its numbered pruning steps;
//! - `quiescence`: captures and promotions (all moves in check) below the horizon;
//! - `threads` and `root`: the kernel every search runs on, two-player and multi-player:
//!   Lazy SMP, the per-thread worker, the stop / limit checks, iterative deepening,
//!   MultiPV and the reports;
//! - `aspiration`: the two-player root: aspiration windows and `searchmoves`;
//! - `plain`: plain alpha-beta, the baseline of strength tests (`Options::plain`);
//! - `tt`: the lock-free transposition table; `ordering`: move ordering (TT move,
//!   MVV-LVA, killers, history); `time`: time management; `score`: mate and result
//!   scores; `pruning`: the pruning helpers every search shares; `bench`: the
//!   fixed-depth benchmark behind the protocol's `bench`; `skill`: weakened play for
//!   people (`Skill Level`).
//!
//! Turns need not alternate: a child's score is negated, and its window swapped, only
//! when the seat to move changes between parent and child.

mod alphabeta;
mod aspiration;
pub mod bench;
pub mod multiplayer;
pub mod ordering;
mod plain;
mod pruning;
mod quiescence;
mod root;
pub mod score;
pub mod skill;
mod threads;
pub mod time;
pub mod tt;

use crate::game::{Game, Status};
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use threads::ThreadPool;
use tt::TranspositionTable;

pub use bench::{bench, BenchResult};

/// A variant's static evaluation: one trait for every search, two-player and multi-player.
///
/// Its one required score is [`Evaluator::evaluate_seats`], a score per seat; the two-player
/// search's view, the side to move's score, is derived from it by [`Evaluator::evaluate`].
pub trait Evaluator<G: Game>: Send + Sync + Default + 'static {
    /// One centipawn score per seat, in seat order: higher is better for that seat, 0 for a
    /// seat exactly as well placed as the field. With two seats the scores are opposite
    /// ([`two_seats`]). A seat that can no longer win scores about `-score::EVAL_LIMIT`.
    /// Values lie within `±score::EVAL_LIMIT`.
    fn evaluate_seats(&self, pos: &G) -> multiplayer::SeatScores;
    /// Static score in centipawns from the point of view of the side to move: its entry
    /// of [`Evaluator::evaluate_seats`].
    fn evaluate(&self, pos: &G) -> i32 {
        self.evaluate_seats(pos)[pos.to_move()]
    }
    /// The terms for the protocol's `eval` command, one per line, and the total.
    fn explain(&self, pos: &G) -> String;
    /// What a tactical move gains its mover: the value of the piece it captures (for a
    /// capture that takes a whole army, the army's) plus what a promotion gains, for
    /// MVV-LVA ordering and quiescence's delta pruning (0 if none).
    fn capture_value(&self, pos: &G, mv: G::Move) -> i32;
    /// Value of the piece that makes the move (the "least valuable attacker" of MVV-LVA).
    fn moving_piece_value(&self, _pos: &G, _mv: G::Move) -> i32 {
        0
    }
    /// Whether a capture most likely loses material: a more valuable piece takes a
    /// defended one (a cheap stand-in for static exchange evaluation). Quiescence search
    /// skips such captures.
    fn is_losing_capture(&self, _pos: &G, _mv: G::Move) -> bool {
        false
    }
    /// Whether the side to move has material besides pawns and King, so that passing is
    /// unlikely to be its best option (null-move pruning's zugzwang guard).
    fn has_non_pawn_material(&self, _pos: &G) -> bool {
        true
    }
    /// What winning the cheapest piece is worth to its taker in this evaluation's scores:
    /// the pawn in which weakened levels count the loss they allow (`skill.rs`). A
    /// centipawn evaluation's pawn is 100.
    fn pawn(&self) -> i32 {
        100
    }
}

/// The scores of a two-seat game from seat 0's score: the other seat's is its opposite.
pub fn two_seats(seat_zero: i32) -> multiplayer::SeatScores {
    [seat_zero, -seat_zero].into_iter().collect()
}

/// A score as the protocol prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's point of view.
    Cp(i32),
    /// Mate in `n` moves: `n > 0` the side to move mates, `n < 0` it is mated.
    Mate(i32),
}

/// What kind of value a score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true value is at least the score (fail high).
    Lower,
    /// The true value is at most the score (fail low).
    Upper,
}

/// The `go` parameters.
#[derive(Clone, Debug)]
pub struct Limits<M> {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime_ms: Option<u64>,
    /// Stop once a mate in at most this many moves is proven.
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
    /// The clock of the side to move.
    pub time_left_ms: Option<u64>,
    pub increment_ms: u64,
    pub moves_to_go: Option<u32>,
    /// Only these root moves are searched (all when empty).
    pub search_moves: Vec<M>,
}

/// No limit at all (derived `Default` would needlessly require `M: Default`).
impl<M> Default for Limits<M> {
    fn default() -> Self {
        Limits {
            depth: None,
            nodes: None,
            movetime_ms: None,
            mate: None,
            infinite: false,
            ponder: false,
            time_left_ms: None,
            increment_ms: 0,
            moves_to_go: None,
            search_moves: Vec::new(),
        }
    }
}

/// One principal variation of a finished iteration.
#[derive(Clone, Debug)]
pub struct Info<M> {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based index of the line (MultiPV).
    pub multipv: usize,
    pub score: Score,
    pub bound: Bound,
    pub nodes: u64,
    pub nps: u64,
    pub hashfull: u32,
    pub time_ms: u64,
    pub pv: Vec<M>,
    /// In games of more than two players: one centipawn-like score per seat, in seat
    /// order (the protocol's `scores` list); empty in two-player searches.
    pub seat_scores: Vec<i32>,
}

/// What the search tells the protocol while it runs (always from the calling thread).
pub enum Report<'a, M> {
    /// A line of an iteration (one per MultiPV line), or a fail high / low of the
    /// aspiration window (`bound` not exact) in searches longer than a second.
    Iteration(&'a Info<M>),
    /// The root move being searched: sent at most once per second, after the first second.
    CurrMove { mv: M, number: usize, depth: u32 },
}

/// The engine options the search uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub threads: usize,
    pub hash_mb: usize,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    /// Search with plain alpha-beta (`plain.rs`) instead of the full search: the baseline
    /// that strength tests compare the full search with.
    pub plain: bool,
    /// The playing level in hundredths of a `Skill Level` (0 … 2000); below 2000 the
    /// search is weakened (`skill.rs`), at 2000 it is the full search.
    pub skill_hundredths: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            hash_mb: 16,
            multipv: 1,
            move_overhead_ms: 10,
            plain: false,
            skill_hundredths: skill::MAX_LEVEL * 100,
        }
    }
}

/// Shared with the protocol thread to stop a running search or end pondering. A clone
/// shares the flags (the search's watch thread holds one).
#[derive(Clone, Default)]
pub struct Control {
    pub stop: Arc<AtomicBool>,
    /// While `Limits::ponder` is set the search ignores time limits until this becomes
    /// true, then applies them counted from that moment.
    pub ponderhit: Arc<AtomicBool>,
}

/// The result of a search (the game's result is `game::Outcome`).
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// `None` only when the root has no legal move.
    pub best: Option<M>,
    pub ponder: Option<M>,
    pub score: Score,
    pub nodes: u64,
    /// The last completed depth.
    pub depth: u32,
}

/// A search engine for one game type: the transposition table, the per-thread history
/// and killers, and the evaluator. Keep one per game and reuse it between moves.
pub struct Searcher<G: Game, E: Evaluator<G>> {
    options: Options,
    tt: Arc<TranspositionTable>,
    eval: Arc<E>,
    threads: ThreadPool<G::Move>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    pub fn new(options: Options) -> Self {
        let options = sanitize(options);
        Searcher {
            tt: Arc::new(TranspositionTable::new(options.hash_mb)),
            threads: ThreadPool::new(options.threads),
            options,
            eval: Arc::new(E::default()),
            _game: PhantomData,
        }
    }

    /// Applies new options: the table is rebuilt (emptied) only if its size changes.
    pub fn set_options(&mut self, options: Options) {
        let options = sanitize(options);
        if options.hash_mb != self.options.hash_mb {
            self.tt = Arc::new(TranspositionTable::new(options.hash_mb));
        }
        if options.threads != self.options.threads {
            self.threads.resize(options.threads);
        }
        self.options = options;
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The evaluator (for the protocol's `eval`).
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// Forgets everything learnt: empties the table, history and killers.
    pub fn clear(&mut self) {
        self.threads.wait_until_idle();
        Arc::get_mut(&mut self.tt)
            .expect("no search runs while the searcher is borrowed mutably")
            .clear();
        self.threads.clear();
    }

    /// Per mille of the table used by the current search.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// The move the table holds for `pos`, if it is legal there (read back without
    /// generating the list).
    pub fn table_move(&self, pos: &G) -> Option<G::Move> {
        pos.table_move(self.tt.probe(pos.hash())?.mv?)
    }

    /// Searches `root` (which carries the game history for repetition) until a limit or
    /// `control.stop`. Calls `report` from the calling thread only. Returns `best = None`
    /// only when the root has no legal move. In `infinite` and ponder mode it does not
    /// return before `stop` (or `ponderhit` and then a limit).
    pub fn search(
        &mut self,
        root: &G,
        limits: &Limits<G::Move>,
        control: &Control,
        report: &mut dyn FnMut(Report<'_, G::Move>),
    ) -> SearchResult<G::Move> {
        threads::run::<G, E, threads::TwoPlayer>(
            root,
            limits,
            control,
            &self.options,
            multiplayer::Algorithm::default(),
            &self.tt,
            &self.eval,
            &self.threads,
            terminal_root_score(root),
            report,
        )
    }
}

/// The score of a root without legal moves (the game is over).
fn terminal_root_score<G: Game>(root: &G) -> Score {
    match root.status() {
        Status::Over(outcome) => {
            score::to_protocol(score::points_score(outcome.points[root.to_move()], 0))
        }
        Status::Ongoing => Score::Cp(0),
    }
}

/// At least one thread, one MiB and one line.
fn sanitize(mut options: Options) -> Options {
    options.threads = options.threads.max(1);
    options.hash_mb = options.hash_mb.max(1);
    options.multipv = options.multipv.max(1);
    options.skill_hundredths = options.skill_hundredths.min(skill::MAX_LEVEL * 100);
    options
}
