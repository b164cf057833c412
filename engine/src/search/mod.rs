//! Two-player alpha-beta search, generic over [`Game`] and an [`Evaluator`], monomorphised
//! per variant.
//!
//! One file per technique:
//! - `alphabeta`: the principal-variation search with its numbered pruning steps;
//! - `quiescence`: captures and promotions (all moves in check) below the horizon;
//! - `root`: iterative deepening, aspiration windows, MultiPV and `searchmoves`;
//! - `threads`: Lazy SMP, the per-thread worker and the stop / limit checks;
//! - `plain`: plain alpha-beta, the baseline of strength tests (`Options::plain`);
//! - `tt`: the lock-free transposition table; `ordering`: move ordering (TT move,
//!   MVV-LVA, killers, history); `time`: time management; `score`: mate and result
//!   scores; `pruning`: the pruning helpers every search shares; `bench`: the
//!   fixed-depth benchmark behind the protocol's `bench`.
//!
//! Turns need not alternate: a child's score is negated, and its window swapped, only
//! when the seat to move changes between parent and child.

mod alphabeta;
pub mod bench;
pub mod multiplayer;
pub mod ordering;
mod plain;
mod pruning;
mod quiescence;
mod root;
pub mod score;
mod threads;
pub mod time;
pub mod tt;

use crate::game::Game;
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;
use threads::ThreadData;
use tt::TranspositionTable;

pub use bench::{bench, BenchResult};

/// A variant's static evaluation, as the search uses it.
pub trait Evaluator<G: Game>: Send + Sync + Default + 'static {
    /// Static score in centipawns from the point of view of the side to move.
    fn evaluate(&self, pos: &G) -> i32;
    /// The terms for the protocol's `eval` command, one per line, and the total.
    fn explain(&self, pos: &G) -> String;
    /// Value of the piece a tactical move captures plus what a promotion gains, for
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
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            hash_mb: 16,
            multipv: 1,
            move_overhead_ms: 10,
            plain: false,
        }
    }
}

/// Shared with the protocol thread (via `Arc`) to stop a running search or end pondering.
#[derive(Default)]
pub struct Control {
    pub stop: AtomicBool,
    /// While `Limits::ponder` is set the search ignores time limits until this becomes
    /// true, then applies them counted from that moment.
    pub ponderhit: AtomicBool,
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
    tt: TranspositionTable,
    eval: E,
    thread_data: Vec<ThreadData<G::Move>>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    pub fn new(options: Options) -> Self {
        let options = sanitize(options);
        Searcher {
            tt: TranspositionTable::new(options.hash_mb),
            thread_data: (0..options.threads)
                .map(|_| ThreadData::default())
                .collect(),
            options,
            eval: E::default(),
            _game: PhantomData,
        }
    }

    /// Applies new options: the table is rebuilt (emptied) only if its size changes.
    pub fn set_options(&mut self, options: Options) {
        let options = sanitize(options);
        if options.hash_mb != self.options.hash_mb {
            self.tt = TranspositionTable::new(options.hash_mb);
        }
        self.thread_data
            .resize_with(options.threads, ThreadData::default);
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
        self.tt.clear();
        for data in &mut self.thread_data {
            data.clear();
        }
    }

    /// Per mille of the table used by the current search.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// The move the table holds for `pos`, if it is legal there.
    pub fn table_move(&self, pos: &G) -> Option<G::Move> {
        ordering::legal_move_named(pos, self.tt.probe(pos.hash())?.mv?)
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
        threads::run(
            root,
            limits,
            control,
            &self.options,
            &self.tt,
            &self.eval,
            &mut self.thread_data,
            report,
        )
    }
}

/// At least one thread, one MiB and one line.
fn sanitize(mut options: Options) -> Options {
    options.threads = options.threads.max(1);
    options.hash_mb = options.hash_mb.max(1);
    options.multipv = options.multipv.max(1);
    options
}
