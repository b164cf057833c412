//! Searches for games of three or more seats, generic over [`Game`] and an [`Evaluator`]
//! that scores every seat at once.
//!
//! Three algorithms, chosen by the protocol's `Multiplayer Search` option ([`Algorithm`]):
//! - `brs` (default), best-reply search (Schadd & Winands 2011, `brs`): the root player
//!   against the single strongest reply of all its opponents together;
//! - `paranoid`: the root player against the coalition of all others, who move in the
//!   rules' order (`paranoid`);
//! - `maxn`: every seat maximises its own share of a fixed total, with shallow pruning
//!   (`maxn`).
//!
//! What they share (`worker`): iterative deepening with the node, time, `stop` and
//! `ponderhit` checks of the two-player search and its time manager (`time.rs`); the
//! lock-free transposition table (`tt.rs`); move ordering by the table's move, captures
//! by gain (MVV-LVA), two killers per ply and history (`ordering.rs`); a capture-only
//! quiescence search below the horizon; one `info` per iteration whose score is the
//! root seat's and whose `seat_scores` are every seat's scores at the end of the
//! principal variation (`values` converts finished games and scores). Paranoid and
//! best-reply search add principal-variation search, late-move reductions and pruning
//! and futility pruning, because the stacked plies of six opponents multiply the tree.
//!
//! A position with two seats is searched by the two-player [`Searcher`], which the
//! [`MultiSearcher`] holds for that purpose, so one searcher serves every division of a
//! game into players. The multi-player searches run on one thread (the `Threads` option
//! applies to the two-player search only); their node counts are deterministic. MultiPV
//! is not supported: one line is reported.

mod brs;
mod maxn;
mod paranoid;
mod values;
mod worker;

use super::bench::BenchResult;
use super::ordering::{History, Killers};
use super::tt::TranspositionTable;
use super::{Control, Evaluator, Limits, Options, Report, SearchResult, Searcher};
use crate::game::{Game, MAX_SEATS};
use arrayvec::ArrayVec;
use std::marker::PhantomData;
use std::time::Instant;

pub use values::{SHARE_TEMPERATURE, SHARE_TOTAL};

/// One score per seat, in seat order.
pub type SeatScores = ArrayVec<i32, MAX_SEATS>;

/// The search used for positions of more than two seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Best-reply search.
    #[default]
    BestReply,
    /// Paranoid alpha-beta.
    Paranoid,
    /// Max-n with shallow pruning.
    MaxN,
}

impl Algorithm {
    pub const ALL: [Algorithm; 3] = [Algorithm::BestReply, Algorithm::Paranoid, Algorithm::MaxN];

    /// The option value: `brs`, `paranoid`, `maxn`.
    pub fn id(self) -> &'static str {
        match self {
            Algorithm::BestReply => "brs",
            Algorithm::Paranoid => "paranoid",
            Algorithm::MaxN => "maxn",
        }
    }

    /// The depth of a `bench` without one: a few seconds for the Seven Kingdoms bench
    /// positions on one thread (max-n prunes little, paranoid search stacks the plies
    /// of six opponents, best-reply search sees the root player's moves deepest).
    pub fn bench_depth(self) -> u32 {
        match self {
            Algorithm::BestReply | Algorithm::Paranoid => 3,
            Algorithm::MaxN => 2,
        }
    }

    /// The algorithm of an option value (case-insensitive).
    pub fn from_id(id: &str) -> Option<Algorithm> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.id().eq_ignore_ascii_case(id))
    }
}

/// Killers and history, kept between searches like the two-player search's thread data.
pub(crate) struct Heuristics<M> {
    pub history: History,
    pub killers: Killers<M>,
}

impl<M: Copy + Eq> Default for Heuristics<M> {
    fn default() -> Self {
        Heuristics {
            history: History::default(),
            killers: Killers::default(),
        }
    }
}

/// A search engine for one game type and every division into seats: multi-player
/// searches for three or more seats, the two-player [`Searcher`] for two. Keep one per
/// game and reuse it between moves. Only the table of the kind of search last run is
/// kept, so memory stays within the `Hash` option.
pub struct MultiSearcher<G: Game, E: Evaluator<G>> {
    options: Options,
    algorithm: Algorithm,
    eval: E,
    tt: Option<TranspositionTable>,
    heuristics: Heuristics<G::Move>,
    two_player: Option<Searcher<G, E>>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game, E: Evaluator<G>> MultiSearcher<G, E> {
    pub fn new(options: Options) -> Self {
        MultiSearcher {
            options,
            algorithm: Algorithm::default(),
            eval: E::default(),
            tt: None,
            heuristics: Heuristics::default(),
            two_player: None,
            _game: PhantomData,
        }
    }

    /// Applies new options (a table of another size is rebuilt, emptied).
    pub fn set_options(&mut self, options: Options) {
        if options.hash_mb != self.options.hash_mb {
            self.tt = None;
        }
        if let Some(searcher) = &mut self.two_player {
            searcher.set_options(options.clone());
        }
        self.options = options;
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Chooses the algorithm for positions of more than two seats.
    pub fn set_algorithm(&mut self, algorithm: Algorithm) {
        self.algorithm = algorithm;
    }

    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The evaluator (for the protocol's `eval`).
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// Forgets everything learnt: empties the tables, history and killers.
    pub fn clear(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
        self.heuristics.history.clear();
        self.heuristics.killers.clear();
        if let Some(searcher) = &mut self.two_player {
            searcher.clear();
        }
    }

    /// Per mille of the table of the last search used by it.
    pub fn hashfull(&self) -> u32 {
        match (&self.tt, &self.two_player) {
            (Some(tt), _) => tt.hashfull(),
            (None, Some(searcher)) => searcher.hashfull(),
            (None, None) => 0,
        }
    }

    /// Searches `root` until a limit or `control.stop`, like [`Searcher::search`]: with
    /// two seats by the two-player search, otherwise by the chosen algorithm. `report`
    /// receives one `Iteration` per completed depth (with `seat_scores` filled in games
    /// of more than two seats) and `CurrMove` at most once per second after the first.
    pub fn search(
        &mut self,
        root: &G,
        limits: &Limits<G::Move>,
        control: &Control,
        report: &mut dyn FnMut(Report<'_, G::Move>),
    ) -> SearchResult<G::Move> {
        if root.seats() == 2 {
            self.tt = None;
            let options = self.options.clone();
            let searcher = self
                .two_player
                .get_or_insert_with(|| Searcher::new(options));
            return searcher.search(root, limits, control, report);
        }
        self.two_player = None;
        let hash_mb = self.options.hash_mb;
        let tt = self
            .tt
            .get_or_insert_with(|| TranspositionTable::new(hash_mb));
        let ctx = worker::Context {
            algorithm: self.algorithm,
            eval: &self.eval,
            tt,
            limits,
            control,
            move_overhead_ms: self.options.move_overhead_ms,
        };
        worker::Worker::new(root, ctx, &mut self.heuristics).run(report)
    }
}

/// The fixed-depth benchmark for games of any number of seats: each position searched to
/// `depth` with a fresh table, history and killers by `algorithm` (two-seat positions by
/// the two-player search). With one thread the node count is deterministic.
pub fn bench<G: Game, E: Evaluator<G>>(
    positions: &[G],
    depth: u32,
    options: Options,
    algorithm: Algorithm,
) -> BenchResult {
    let mut searcher = MultiSearcher::<G, E>::new(options);
    searcher.set_algorithm(algorithm);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let control = Control::default();
    let mut nodes = 0;
    let start = Instant::now();
    for pos in positions {
        searcher.clear();
        nodes += searcher.search(pos, &limits, &control, &mut |_| {}).nodes;
    }
    BenchResult {
        nodes,
        time_ms: (start.elapsed().as_millis() as u64).max(1),
    }
}
