//! The search kernel: Lazy SMP and the one per-thread [`Worker`] of every algorithm.
//!
//! Every thread searches the same root with its own position copy, history and killers;
//! they share the transposition table, through which they help each other: at each depth
//! every thread starts on other root moves (`root.rs`, `root_order`), and finds the
//! moves the others searched already in the table. Helper threads never report; they
//! publish what they found at the root (`Finding`). The main thread checks the limits,
//! decides the move (the deepest and best any thread found) and stops the helpers. With
//! one thread nothing is shared but the table, so node counts are deterministic.
//!
//! The two-player search and the multi-player ones (best-reply, paranoid, max-n) run on
//! this kernel alike: a [`Worker`] is generic over the move of its lines (`L`: the game's
//! move, or a multi-player [`Reply`](super::multiplayer::Reply)), and an algorithm adds
//! only how the root's moves are searched ([`RootSearch`]) and how a node's children are
//! searched and backed up, in its own file.

use super::multiplayer::{self, Algorithm, SeatScores};
use super::ordering::{History, Killers, ScoredMove};
use super::score::{self, MAX_PLY};
use super::time::TimeBudget;
use super::tt::TranspositionTable;
use super::{Control, Evaluator, Limits, Options, Report, Score, SearchResult};
use crate::game::{Game, Seat};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Barrier, Mutex, MutexGuard};
use std::thread::JoinHandle;
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

/// A job for a pool thread.
type Task = Box<dyn FnOnce() + Send>;

/// The threads of a searcher and what each of them learns, kept between searches: the
/// pool's threads are spawned when the `Threads` option is set, not per search (issue 19
/// F4: spawning hundreds of threads per `go` cost seconds). Search thread 0 is the
/// caller's; the pool holds the helpers (1, 2, …) and the watch thread.
pub struct ThreadPool<M> {
    data: Vec<Arc<Mutex<ThreadData<M>>>>,
    senders: Vec<mpsc::Sender<Task>>,
    handles: Vec<JoinHandle<()>>,
    /// Where the threads of the last search say they have ended it, and how many will.
    unwinding: Mutex<Option<(mpsc::Receiver<()>, usize)>>,
}

impl<M: Copy + Eq + Send + 'static> ThreadPool<M> {
    /// A pool for `threads` search threads (at least one).
    pub fn new(threads: usize) -> Self {
        let mut pool = ThreadPool {
            data: Vec::new(),
            senders: Vec::new(),
            handles: Vec::new(),
            unwinding: Mutex::new(None),
        };
        pool.resize(threads);
        pool
    }

    /// Changes the number of search threads; the first ones keep what they learnt.
    pub fn resize(&mut self, threads: usize) {
        self.wait_until_idle();
        let threads = threads.max(1);
        self.data
            .resize_with(threads, || Arc::new(Mutex::new(ThreadData::default())));
        self.stop_threads();
        for _ in 0..threads {
            let (sender, receiver) = mpsc::channel::<Task>();
            self.senders.push(sender);
            self.handles.push(std::thread::spawn(move || {
                while let Ok(task) = receiver.recv() {
                    task();
                }
            }));
        }
    }

    /// Search threads, the caller's included.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Forgets what every thread learnt.
    pub fn clear(&self) {
        self.wait_until_idle();
        for data in &self.data {
            lock(data).clear();
        }
    }

    /// Runs `task` on pool thread `index` (0 is the watch thread, `i` helper `i`).
    fn execute(&self, index: usize, task: Task) {
        self.senders[index]
            .send(task)
            .expect("the pool's threads live as long as the pool");
    }
}

impl<M> ThreadPool<M> {
    /// Waits until the helpers and the watch thread of the last search have unwound (see
    /// [`run`]), so that nothing but the caller holds the table or the threads' data.
    pub fn wait_until_idle(&self) {
        let unwinding = self
            .unwinding
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take();
        if let Some((finished, threads)) = unwinding {
            assert_eq!(finished.iter().count(), threads, "a search thread panicked");
        }
    }

    /// The threads of the search that just answered are still unwinding; they report on
    /// `finished`.
    fn unwind_later(&self, finished: mpsc::Receiver<()>, threads: usize) {
        *self
            .unwinding
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some((finished, threads));
    }

    /// Closes the threads' queues and waits until each has ended.
    fn stop_threads(&mut self) {
        self.senders.clear();
        for handle in self.handles.drain(..) {
            // A thread that panicked has said so on stderr, and its search has failed.
            let _ = handle.join();
        }
    }
}

impl<M> Drop for ThreadPool<M> {
    fn drop(&mut self) {
        self.stop_threads();
    }
}

/// Locks a thread's data or findings (a search that panicked leaves them usable: they
/// are only heuristics and root moves).
pub(super) fn lock<T>(data: &Mutex<T>) -> MutexGuard<'_, T> {
    data.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// What a helper thread found out at the root, published for the main thread's choice
/// of move (`root.rs`); `L` is the move of its lines.
#[derive(Clone, Debug)]
pub struct Finding<L> {
    /// The last depth it completed, and the best root move of that depth.
    pub completed: Option<(i32, RootMove<L>)>,
    /// A root move that beat the first one in a later iteration, cut short, and the
    /// depth of that iteration.
    pub partial: Option<(i32, RootMove<L>)>,
}

impl<L> Default for Finding<L> {
    fn default() -> Self {
        Finding {
            completed: None,
            partial: None,
        }
    }
}

/// What all threads of one search share, as each thread sees it; `L` is the move of the
/// lines of its [`Worker`]s.
pub struct Shared<'a, G: Game, E, L> {
    pub tt: &'a TranspositionTable,
    pub eval: &'a E,
    pub limits: &'a Limits<G::Move>,
    pub control: &'a Control,
    pub options: &'a Options,
    /// The algorithm of positions of more than two seats (the two-player search has one).
    pub algorithm: Algorithm,
    pub start: Instant,
    /// Set when the search must unwind: a limit was reached or `stop` arrived.
    pub abort: &'a AtomicBool,
    /// Node counts of the threads, published every `POLL_INTERVAL` nodes.
    pub nodes: &'a [AtomicU64],
    /// The hard time limit in milliseconds after `start` (`NO_DEADLINE` while none
    /// applies), set by the main thread and watched by the watch thread (`watch`).
    pub deadline_ms: &'a AtomicU64,
    /// What each thread found out at the root (helpers publish, the main thread reads).
    pub findings: &'a [Mutex<Finding<L>>],
}

/// What all threads of one search share, owned, so that the pool's threads can hold it
/// ([`Shared`] is its view).
struct Common<G: Game, E, L> {
    tt: Arc<TranspositionTable>,
    eval: Arc<E>,
    limits: Limits<G::Move>,
    control: Control,
    options: Options,
    algorithm: Algorithm,
    start: Instant,
    abort: AtomicBool,
    nodes: Vec<AtomicU64>,
    deadline_ms: AtomicU64,
    findings: Vec<Mutex<Finding<L>>>,
}

impl<G: Game, E, L> Common<G, E, L> {
    fn view(&self) -> Shared<'_, G, E, L> {
        Shared {
            tt: &self.tt,
            eval: &self.eval,
            limits: &self.limits,
            control: &self.control,
            options: &self.options,
            algorithm: self.algorithm,
            start: self.start,
            abort: &self.abort,
            nodes: &self.nodes,
            deadline_ms: &self.deadline_ms,
            findings: &self.findings,
        }
    }
}

/// The value of `Shared::deadline_ms` when no time limit applies.
const NO_DEADLINE: u64 = u64::MAX;

impl<G: Game, E, L> Shared<'_, G, E, L> {
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

/// A root move with what the iterations found out about it; `L` is the move as the
/// algorithm plays it.
#[derive(Clone, Debug)]
pub struct RootMove<L> {
    pub mv: L,
    /// Score of the current iteration, `-INFINITE` until the move was searched and raised
    /// alpha (moves that fail low keep it, so sorting puts them after the good ones); in
    /// max-n the root seat's share.
    pub score: i32,
    pub previous_score: i32,
    pub pv: Vec<L>,
    pub seldepth: usize,
    /// Every seat's score at the end of `pv` (multi-player searches; empty otherwise).
    pub seats: SeatScores,
}

impl<L: Copy> RootMove<L> {
    /// A move not searched yet.
    pub fn new(mv: L) -> Self {
        RootMove {
            mv,
            score: -score::INFINITE,
            previous_score: -score::INFINITE,
            pv: Vec::new(),
            seldepth: 0,
            seats: SeatScores::new(),
        }
    }

    /// The principal variation, or the move alone before it was searched (the list is
    /// copied into every thread, so it starts without allocations).
    pub fn line(&self) -> Vec<L> {
        if self.pv.is_empty() {
            vec![self.mv]
        } else {
            self.pv.clone()
        }
    }
}

/// Where the main thread sends its reports; helpers have none.
pub type Reporter<'r, M> = Option<&'r mut dyn FnMut(Report<'_, M>)>;

/// What an algorithm adds to the kernel at the root. The kernel runs iterative deepening,
/// MultiPV, the limits and the reports; the algorithm searches the root's moves and says
/// how a root move reads in the protocol.
pub trait RootSearch<G: Game, L> {
    /// The legal root moves (restricted to `searchmoves` when it names any legal move) in
    /// a first order for the first iteration.
    fn first_root_moves(&mut self) -> Vec<RootMove<L>>;
    /// Searches the root moves from index `line` on at `depth` (earlier ones are better
    /// lines already decided), leaving the best of them with an exact score and the
    /// others with scores that do not sort above it.
    fn search_line(&mut self, depth: i32, line: usize, report: &mut Reporter<'_, G::Move>);
    /// The root player's score of a root move as the protocol prints it.
    fn protocol_score(&self, rm: &RootMove<L>) -> Score;
    /// A root move's line as the protocol prints it (moves of the game only).
    fn protocol_line(&self, rm: &RootMove<L>) -> Vec<G::Move>;
    /// Whether the best move's value can no longer change with depth (a proven win).
    fn result_settled(&self, depth: i32) -> bool;
    /// A reply to ponder on after `best`.
    fn ponder_move(&self, best: &RootMove<L>) -> Option<G::Move>;
}

/// Which family of searches a worker runs, and so the move of its lines.
pub trait SearchKind: 'static {
    type Line<G: Game>: Copy + Send + Sync + std::fmt::Debug + 'static;
}

/// The two-player search: its lines are the game's moves.
pub struct TwoPlayer;

impl SearchKind for TwoPlayer {
    type Line<G: Game> = G::Move;
}

/// One search thread of any algorithm; `K` says which family of searches (the
/// two-player search or the multi-player ones) and so the move of its lines.
pub struct Worker<'a, 's, G: Game, E, K: SearchKind = TwoPlayer> {
    pub shared: &'s Shared<'a, G, E, K::Line<G>>,
    pub id: usize,
    pub pos: G,
    pub nodes: u64,
    pub seldepth: usize,
    /// The depth of the current iteration.
    pub root_depth: i32,
    pub data: &'s mut ThreadData<G::Move>,
    /// Triangular principal-variation table: `pv[ply]` is the best line from `ply`.
    pub pv: Vec<Vec<K::Line<G>>>,
    /// Static evaluation per ply (`None` in check), for the "improving" heuristic.
    pub static_eval: Vec<Option<i32>>,
    /// Whether the side to move at a ply is in check, when its parent already tested it.
    pub known_check: Vec<Option<bool>>,
    /// Hash of the position at each ply and whether a null move led to it.
    pub path: Vec<(u64, bool)>,
    /// Move lists per ply, reused to avoid allocation.
    pub move_pool: Vec<Vec<ScoredMove<K::Line<G>>>>,
    /// The quiet moves tried per ply (for the history malus), reused likewise.
    pub quiet_pool: Vec<Vec<K::Line<G>>>,
    pub root_moves: Vec<RootMove<K::Line<G>>>,
    /// Main thread: the clock, and whether `ponderhit` is still awaited.
    pub budget: TimeBudget,
    pub pondering: bool,
    /// A root move that beat the previous best in an iteration that was then aborted.
    pub partial_best: Option<RootMove<K::Line<G>>>,
    pub last_currmove_ms: u64,
    /// The seat to move at the root, whose value paranoid and best-reply search maximise.
    pub root_seat: Seat,
    /// Mixed into the multi-player searches' table keys: their values depend on the
    /// algorithm and the root seat.
    pub salt: u64,
    /// Turns handed over out of the rules' order on the path from the root (best-reply
    /// search's `play`).
    pub hand_overs: usize,
    /// Every seat's score where `pv[ply]` ends (multi-player searches).
    pub pv_seats: Vec<SeatScores>,
}

impl<'a, 's, G: Game, E, K: SearchKind> Worker<'a, 's, G, E, K> {
    fn new(
        shared: &'s Shared<'a, G, E, K::Line<G>>,
        id: usize,
        root: &G,
        data: &'s mut ThreadData<G::Move>,
        root_moves: Vec<RootMove<K::Line<G>>>,
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
            root_seat: root.to_move(),
            salt: multiplayer::table_salt(shared.algorithm, root.to_move()),
            hand_overs: 0,
            pv_seats: vec![SeatScores::new(); MAX_PLY + 2],
        }
    }

    pub fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Whether the search must unwind.
    pub fn aborted(&self) -> bool {
        self.shared.aborted()
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
fn watch<G: Game, E, L>(shared: &Shared<'_, G, E, L>) {
    while !shared.aborted() {
        shared.check_stop_and_deadline();
        std::thread::sleep(WATCH_PERIOD);
    }
}

/// Runs one search of the family `K` on the pool's threads; see
/// [`super::Searcher::search`]. `no_move` is the result at a root without legal moves
/// (the game is over). The clock starts before anything else.
#[allow(clippy::too_many_arguments)]
pub fn run<G: Game, E: Evaluator<G>, K: SearchKind>(
    root: &G,
    limits: &Limits<G::Move>,
    control: &Control,
    options: &Options,
    algorithm: Algorithm,
    tt: &Arc<TranspositionTable>,
    eval: &Arc<E>,
    pool: &ThreadPool<G::Move>,
    no_move: Score,
    report: &mut dyn FnMut(Report<'_, G::Move>),
) -> SearchResult<G::Move>
where
    for<'a, 's> Worker<'a, 's, G, E, K>: RootSearch<G, K::Line<G>>,
{
    let common = Arc::new(Common {
        start: Instant::now(),
        tt: Arc::clone(tt),
        eval: Arc::clone(eval),
        limits: limits.clone(),
        control: control.clone(),
        options: options.clone(),
        algorithm,
        abort: AtomicBool::new(false),
        nodes: (0..pool.len()).map(|_| AtomicU64::new(0)).collect(),
        deadline_ms: AtomicU64::new(NO_DEADLINE),
        findings: (0..pool.len()).map(|_| Mutex::default()).collect(),
    });
    pool.wait_until_idle();
    tt.new_search();
    let shared = common.view();
    let mut main_data = lock(&pool.data[0]);
    let mut main = Worker::<G, E, K>::new(&shared, 0, root, &mut main_data, Vec::new());
    main.publish_deadline();
    let moves = main.first_root_moves();
    if moves.is_empty() {
        main.wait_for_stop();
        return SearchResult {
            best: None,
            ponder: None,
            score: no_move,
            nodes: 0,
            depth: 0,
        };
    }
    main.root_moves = moves.clone();
    let (done, finished) = mpsc::channel::<()>();
    // Helpers wait at the gate until all have their task, so that with more threads than
    // cores the main thread is not starved while it hands them out.
    let gate = Arc::new(Barrier::new(pool.len()));
    {
        let (common, done) = (Arc::clone(&common), done.clone());
        pool.execute(
            0,
            Box::new(move || {
                watch(&common.view());
                // The table's last other owner goes before the search is told it ended.
                drop(common);
                let _ = done.send(());
            }),
        );
    }
    for id in 1..pool.len() {
        let (common, done, gate) = (Arc::clone(&common), done.clone(), Arc::clone(&gate));
        let (data, root, moves) = (Arc::clone(&pool.data[id]), root.clone(), moves.clone());
        pool.execute(
            id,
            Box::new(move || {
                gate.wait();
                {
                    let shared = common.view();
                    let mut data = lock(&data);
                    let mut helper = Worker::<G, E, K>::new(&shared, id, &root, &mut data, moves);
                    helper.iterate(None);
                    shared.nodes[id].store(helper.nodes, Ordering::Relaxed);
                }
                drop(common);
                let _ = done.send(());
            }),
        );
    }
    drop(done);
    gate.wait();
    let mut outcome = main.iterate(Some(report));
    main.wait_for_stop();
    shared.abort.store(true, Ordering::Relaxed);
    // The move is decided: answer now and let the helpers and the watch thread unwind on
    // their own. With hundreds of threads on a few cores, waiting until each had been
    // scheduled once more cost up to a second after `stop` (issue 19 F4). The next search,
    // and anything that changes the table or the threads' data, waits for them first
    // (`wait_until_idle`). Helpers count the nodes published so far (every
    // `POLL_INTERVAL`), so with several threads the total is a slight undercount.
    outcome.nodes = shared.total_nodes(0, main.nodes);
    pool.unwind_later(finished, pool.len());
    outcome
}
