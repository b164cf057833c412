//! Lazy SMP and the per-thread worker.
//!
//! Every thread searches the same root with its own position copy, history and killers;
//! they share only the transposition table, through which they help each other. Helper
//! threads skip some depths (so that they are usually one iteration apart from the main
//! thread) and never report. The main thread checks the limits, decides the move and
//! stops the helpers. With one thread nothing is shared but the table, so node counts are
//! deterministic.

use super::ordering::{self, History, Killers, OrderingContext, ScoredMove};
use super::score::{self, MAX_PLY};
use super::time::TimeBudget;
use super::tt::TranspositionTable;
use super::{Control, Evaluator, Limits, Options, Report, Score, SearchResult};
use crate::game::{Game, Status};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Barrier;
use std::time::{Duration, Instant};

/// How many nodes pass between two looks at the clock and the stop flag.
const POLL_INTERVAL: u64 = 1024;

/// How often the watch thread looks at `stop` and the clock.
const WATCH_PERIOD: Duration = Duration::from_millis(1);

/// Entries of the per-thread evaluation cache (a power of two).
const EVAL_CACHE_SIZE: usize = 1 << 14;

/// What a thread learns and keeps between searches.
pub struct ThreadData<M> {
    pub history: History,
    pub killers: Killers<M>,
    /// Direct-mapped cache of static evaluations by position hash: the same positions
    /// recur at the leaves of neighbouring subtrees, and evaluating one costs about as
    /// much as generating its moves.
    pub eval_cache: Vec<(u64, i32)>,
}

impl<M: Copy + Eq> Default for ThreadData<M> {
    fn default() -> Self {
        ThreadData {
            history: History::default(),
            killers: Killers::default(),
            eval_cache: vec![(0, 0); EVAL_CACHE_SIZE],
        }
    }
}

impl<M: Copy + Eq> ThreadData<M> {
    pub fn clear(&mut self) {
        self.history.clear();
        self.killers.clear();
        self.eval_cache.fill((0, 0));
    }
}

/// What all threads of one search share.
pub struct Shared<'a, G: Game, E> {
    pub tt: &'a TranspositionTable,
    pub eval: &'a E,
    pub limits: &'a Limits<G::Move>,
    pub control: &'a Control,
    pub options: &'a Options,
    pub start: Instant,
    /// Set when the search must unwind: a limit was reached or `stop` arrived.
    pub abort: AtomicBool,
    /// Node counts of the threads, published every `POLL_INTERVAL` nodes.
    pub nodes: Vec<AtomicU64>,
    /// The hard time limit in milliseconds after `start` (`NO_DEADLINE` while none
    /// applies), set by the main thread and watched by the watch thread (`watch`).
    pub deadline_ms: AtomicU64,
}

/// The value of `Shared::deadline_ms` when no time limit applies.
const NO_DEADLINE: u64 = u64::MAX;

impl<G: Game, E> Shared<'_, G, E> {
    pub fn aborted(&self) -> bool {
        self.abort.load(Ordering::Relaxed)
    }

    /// Ends the search on `stop` or once the hard time limit has passed.
    fn check_stop_and_deadline(&self) {
        let deadline = self.deadline_ms.load(Ordering::Relaxed);
        if self.control.stop.load(Ordering::Relaxed)
            || (deadline != NO_DEADLINE && self.start.elapsed().as_millis() as u64 >= deadline)
        {
            self.abort.store(true, Ordering::Relaxed);
        }
    }

    /// Nodes of all threads, the caller's own count exact and the others as published.
    pub fn total_nodes(&self, id: usize, own: u64) -> u64 {
        self.nodes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                if i == id {
                    own
                } else {
                    n.load(Ordering::Relaxed)
                }
            })
            .sum()
    }
}

/// A root move with what the iterations found out about it.
#[derive(Clone, Debug)]
pub struct RootMove<M> {
    pub mv: M,
    /// Score of the current iteration, `-INFINITE` until the move was searched and raised
    /// alpha (moves that fail low keep it, so sorting puts them after the good ones).
    pub score: i32,
    pub previous_score: i32,
    pub pv: Vec<M>,
    pub seldepth: usize,
}

impl<M: Copy> RootMove<M> {
    /// The principal variation, or the move alone before it was searched (the list is
    /// copied into every thread, so it starts without allocations).
    pub fn line(&self) -> Vec<M> {
        if self.pv.is_empty() {
            vec![self.mv]
        } else {
            self.pv.clone()
        }
    }
}

/// One search thread.
pub struct Worker<'a, 's, G: Game, E: Evaluator<G>> {
    pub shared: &'s Shared<'a, G, E>,
    pub id: usize,
    pub pos: G,
    pub nodes: u64,
    pub seldepth: usize,
    /// The depth of the current iteration.
    pub root_depth: i32,
    pub data: &'s mut ThreadData<G::Move>,
    /// Triangular principal-variation table: `pv[ply]` is the best line from `ply`.
    pub pv: Vec<Vec<G::Move>>,
    /// Static evaluation per ply (`None` in check), for the "improving" heuristic.
    pub static_eval: Vec<Option<i32>>,
    /// Whether the side to move at a ply is in check, when its parent already tested it.
    pub known_check: Vec<Option<bool>>,
    /// Hash of the position at each ply and whether a null move led to it.
    pub path: Vec<(u64, bool)>,
    /// Move lists per ply, reused to avoid allocation.
    pub move_pool: Vec<Vec<ScoredMove<G::Move>>>,
    /// The quiet moves tried per ply (for the history malus), reused likewise.
    pub quiet_pool: Vec<Vec<G::Move>>,
    pub root_moves: Vec<RootMove<G::Move>>,
    /// Main thread: the clock, and whether `ponderhit` is still awaited.
    pub budget: TimeBudget,
    pub pondering: bool,
    /// A root move that beat the previous best in an iteration that was then aborted.
    pub partial_best: Option<RootMove<G::Move>>,
    pub last_currmove_ms: u64,
}

impl<'a, 's, G: Game, E: Evaluator<G>> Worker<'a, 's, G, E> {
    fn new(
        shared: &'s Shared<'a, G, E>,
        id: usize,
        root: &G,
        data: &'s mut ThreadData<G::Move>,
        root_moves: Vec<RootMove<G::Move>>,
    ) -> Self {
        let limits = shared.limits;
        Worker {
            shared,
            id,
            pos: root.clone(),
            nodes: 0,
            seldepth: 0,
            root_depth: 0,
            data,
            pv: vec![Vec::new(); MAX_PLY + 2],
            static_eval: vec![None; MAX_PLY + 2],
            known_check: vec![None; MAX_PLY + 2],
            path: vec![(root.hash(), false); MAX_PLY + 2],
            move_pool: vec![Vec::new(); MAX_PLY + 2],
            quiet_pool: vec![Vec::new(); MAX_PLY + 2],
            root_moves,
            budget: TimeBudget::new(limits, shared.options.move_overhead_ms, shared.start),
            pondering: limits.ponder,
            partial_best: None,
            last_currmove_ms: 0,
        }
    }

    pub fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Counts a node and tells whether the search must unwind. The main thread checks
    /// the node limit at every node (so `nodes N` is exact with one thread); every
    /// `POLL_INTERVAL` nodes each thread publishes its count, and the main thread looks
    /// at `ponderhit`, `stop` and the clock (which the watch thread also does).
    #[inline]
    pub fn visit_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            self.shared.nodes[self.id].store(self.nodes, Ordering::Relaxed);
            if self.is_main() {
                self.poll();
            }
        }
        if self.is_main() {
            if let Some(limit) = self.shared.limits.nodes {
                if self.shared.total_nodes(0, self.nodes) >= limit {
                    self.shared.abort.store(true, Ordering::Relaxed);
                }
            }
        }
        self.shared.aborted()
    }

    /// Main thread: reacts to `ponderhit` (the clock starts then), `stop` and the hard
    /// time limit.
    pub fn poll(&mut self) {
        if self.pondering && self.shared.control.ponderhit.load(Ordering::Relaxed) {
            self.pondering = false;
            self.budget = TimeBudget::new(
                self.shared.limits,
                self.shared.options.move_overhead_ms,
                Instant::now(),
            );
            self.publish_deadline();
        }
        self.shared.check_stop_and_deadline();
    }

    /// Main thread: tells every thread when the time is up, if time limits apply.
    fn publish_deadline(&self) {
        let deadline = match self.budget.deadline() {
            Some(at) if self.time_applies() => {
                at.saturating_duration_since(self.shared.start).as_millis() as u64
            }
            _ => NO_DEADLINE,
        };
        self.shared.deadline_ms.store(deadline, Ordering::Relaxed);
    }

    /// Whether time limits are in force: not in `infinite` mode, not before `ponderhit`.
    pub fn time_applies(&self) -> bool {
        !self.shared.limits.infinite && !self.pondering
    }

    /// Main thread, after its iterations ended by themselves: `infinite` and ponder mode
    /// must not return before `stop` (or `ponderhit`, after which nothing is left to do).
    fn wait_for_stop(&mut self) {
        let control = self.shared.control;
        while (self.shared.limits.infinite || self.pondering)
            && !control.stop.load(Ordering::Relaxed)
        {
            if self.pondering && control.ponderhit.load(Ordering::Relaxed) {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.shared.start.elapsed().as_millis() as u64
    }
}

/// The watch thread: looks at `stop` and the clock every `WATCH_PERIOD` until the search
/// ends. With many more threads than cores the main thread may run seldom and a helper
/// may take long to count `POLL_INTERVAL` nodes, but a thread that wakes from sleep is
/// scheduled at once, so `stop` and the time limit are obeyed within milliseconds.
fn watch<G: Game, E>(shared: &Shared<'_, G, E>) {
    while !shared.aborted() {
        shared.check_stop_and_deadline();
        std::thread::sleep(WATCH_PERIOD);
    }
}

/// The legal root moves, restricted to `search_moves` when it names any legal move, in
/// a first order for the first iteration: the table's move, then captures and promotions
/// by MVV-LVA, then the rest in generation order.
fn root_moves<G: Game, E: Evaluator<G>>(
    root: &G,
    search_moves: &[G::Move],
    tt: &TranspositionTable,
    eval: &E,
) -> Vec<RootMove<G::Move>> {
    let mut list = G::MoveList::default();
    root.generate_moves(&mut list);
    let ctx = OrderingContext {
        tt_move: tt.probe(root.hash()).and_then(|e| e.mv),
        killers: [None, None],
        history: &History::default(),
        seat: root.to_move(),
    };
    let mut scored = Vec::new();
    ordering::score_moves(root, eval, &list, &ctx, &mut scored);
    let restricted = scored.iter().any(|m| search_moves.contains(&m.mv));
    scored.retain(|m| !restricted || search_moves.contains(&m.mv));
    scored.sort_by_key(|m| std::cmp::Reverse(m.key));
    scored
        .into_iter()
        .map(|m| RootMove {
            mv: m.mv,
            score: -score::INFINITE,
            previous_score: -score::INFINITE,
            pv: Vec::new(),
            seldepth: 0,
        })
        .collect()
}

/// A reply to ponder on when the principal variation is a single move: the table's best
/// move in the position after it.
fn ponder_from_table<G: Game>(root: &G, best: G::Move, tt: &TranspositionTable) -> Option<G::Move> {
    let mut pos = root.clone();
    pos.make_move(best);
    ordering::legal_move_named(&pos, tt.probe(pos.hash())?.mv?)
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

/// Runs one search on `options.threads` threads; see [`super::Searcher::search`].
#[allow(clippy::too_many_arguments)]
pub fn run<G: Game, E: Evaluator<G>>(
    root: &G,
    limits: &Limits<G::Move>,
    control: &Control,
    options: &Options,
    tt: &TranspositionTable,
    eval: &E,
    thread_data: &mut [ThreadData<G::Move>],
    report: &mut dyn FnMut(Report<'_, G::Move>),
) -> SearchResult<G::Move> {
    tt.new_search();
    let shared = Shared {
        tt,
        eval,
        limits,
        control,
        options,
        start: Instant::now(),
        abort: AtomicBool::new(false),
        nodes: (0..thread_data.len()).map(|_| AtomicU64::new(0)).collect(),
        deadline_ms: AtomicU64::new(NO_DEADLINE),
    };
    let moves = root_moves(root, &limits.search_moves, tt, eval);
    let (main_data, helper_data) = thread_data
        .split_first_mut()
        .expect("a searcher has at least one thread");
    let mut main = Worker::new(&shared, 0, root, main_data, moves.clone());
    main.publish_deadline();
    if moves.is_empty() {
        main.wait_for_stop();
        return SearchResult {
            best: None,
            ponder: None,
            score: terminal_root_score(root),
            nodes: 0,
            depth: 0,
        };
    }
    // Helpers wait at the gate until all are spawned, so that with more threads than
    // cores the spawning main thread is not starved by searching helpers.
    let gate = Barrier::new(helper_data.len() + 1);
    std::thread::scope(|scope| {
        scope.spawn(|| watch(&shared));
        let helpers: Vec<_> = helper_data
            .iter_mut()
            .enumerate()
            .map(|(i, data)| {
                let (shared, gate) = (&shared, &gate);
                let moves = moves.clone();
                scope.spawn(move || {
                    gate.wait();
                    let mut helper = Worker::new(shared, i + 1, root, data, moves);
                    helper.iterate(None);
                    helper.nodes
                })
            })
            .collect();
        gate.wait();
        let mut outcome = main.iterate(Some(report));
        main.wait_for_stop();
        if let (Some(best), None) = (outcome.best, outcome.ponder) {
            outcome.ponder = ponder_from_table(root, best, tt);
        }
        shared.abort.store(true, Ordering::Relaxed);
        outcome.nodes = main.nodes
            + helpers
                .into_iter()
                .map(|h| h.join().expect("a search thread panicked"))
                .sum::<u64>();
        outcome
    })
}
