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
//! They run on the kernel of the two-player search (`threads.rs`, `root.rs`): the same
//! worker, Lazy SMP over `Threads` threads sharing the table, iterative deepening with
//! MultiPV, the node, time, `stop` and `ponderhit` checks and the reports. What they
//! share besides (`worker`): the moves of a node as [`Reply`]s with their order keys
//! (the table's move, captures by gain (MVV-LVA), two killers per ply and history, as in
//! `ordering.rs`), playing a move out of turn for best-reply search, and the root's
//! [`RootSearch`](super::threads::RootSearch): each `info` line's score is the root
//! seat's and its `seat_scores` are every seat's scores at the end of the principal
//! variation (`values` converts finished games and scores). Paranoid and best-reply
//! search add principal-variation search, late-move reductions and pruning and futility
//! pruning, because the stacked plies of six opponents multiply the tree.
//!
//! A position with two seats is searched by the two-player search of the same
//! [`Searcher`], so one searcher serves every division of a game into players. With one
//! thread node counts are deterministic.

mod brs;
mod maxn;
mod paranoid;
mod values;
mod worker;

use super::bench::BenchResult;
use super::threads;
use super::{Control, Evaluator, Limits, Options, Report, SearchResult, Searcher};
use crate::game::{Game, Seat, MAX_SEATS};
use arrayvec::ArrayVec;

pub use values::{SHARE_TEMPERATURE, SHARE_TOTAL};
pub use worker::{MultiPlayer, Reply};

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

/// Mixed into a multi-player search's table keys: its values depend on the algorithm
/// and the root seat (splitmix64 spreads the small number over all 64 bits).
pub(crate) fn table_salt(algorithm: Algorithm, root_seat: Seat) -> u64 {
    let mut x = ((algorithm as u64) << 8) | root_seat as u64;
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A search engine for one game type and every division into seats: multi-player
/// searches for three or more seats, the two-player search for two, on one [`Searcher`]
/// (one table, one set of threads' history and killers). Keep one per game and reuse it
/// between moves.
pub struct MultiSearcher<G: Game, E: Evaluator<G>> {
    searcher: Searcher<G, E>,
    algorithm: Algorithm,
}

impl<G: Game, E: Evaluator<G>> MultiSearcher<G, E> {
    pub fn new(options: Options) -> Self {
        MultiSearcher {
            searcher: Searcher::new(options),
            algorithm: Algorithm::default(),
        }
    }

    /// Applies new options (a table of another size is rebuilt, emptied).
    pub fn set_options(&mut self, options: Options) {
        self.searcher.set_options(options);
    }

    pub fn options(&self) -> &Options {
        self.searcher.options()
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
        self.searcher.evaluator()
    }

    /// Forgets everything learnt: empties the table, history and killers.
    pub fn clear(&mut self) {
        self.searcher.clear();
    }

    /// Per mille of the table used by the last search.
    pub fn hashfull(&self) -> u32 {
        self.searcher.hashfull()
    }

    /// Searches `root` until a limit or `control.stop`, like [`Searcher::search`]: with
    /// two seats by the two-player search, otherwise by the chosen algorithm. `report`
    /// receives the lines of each completed depth (with `seat_scores` filled in games of
    /// more than two seats) and `CurrMove` at most once per second after the first.
    pub fn search(
        &mut self,
        root: &G,
        limits: &Limits<G::Move>,
        control: &Control,
        report: &mut dyn FnMut(Report<'_, G::Move>),
    ) -> SearchResult<G::Move> {
        if root.seats() == 2 {
            return self.searcher.search(root, limits, control, report);
        }
        let s = &mut self.searcher;
        threads::run::<G, E, MultiPlayer>(
            root,
            limits,
            control,
            &s.options,
            self.algorithm,
            &s.tt,
            &s.eval,
            &s.threads,
            worker::terminal_score(root),
            report,
        )
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
    super::bench::measure(positions, depth, |pos, limits, control| {
        searcher.clear();
        searcher.search(pos, limits, control, &mut |_| {}).nodes
    })
}
