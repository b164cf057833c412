//! Long work (a search, `perft`, `bench`) runs as a job on a thread of its own, so that
//! the session keeps answering `isready`, `stop`, `ponderhit` and `quit` meanwhile.

use engine::search::Control;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

/// What the session and a running job share.
#[derive(Default)]
pub struct JobControl {
    /// The flags the search itself watches.
    pub search: Control,
    /// Set by the job just before its last line, so that a command sent in answer to that
    /// line finds the job over (joining it then waits only for the thread to return).
    finished: AtomicBool,
    gate: Mutex<()>,
    wake: Condvar,
}

impl JobControl {
    pub fn stop_requested(&self) -> bool {
        self.search.stop.load(Ordering::Acquire)
    }

    pub fn ponderhit_received(&self) -> bool {
        self.search.ponderhit.load(Ordering::Acquire)
    }

    pub fn request_stop(&self) {
        self.signal(&self.search.stop);
    }

    pub fn receive_ponderhit(&self) {
        self.signal(&self.search.ponderhit);
    }

    /// Sets a flag under the gate so that [`JobControl::wait_until`] cannot miss it.
    fn signal(&self, flag: &AtomicBool) {
        let _gate = self.gate.lock().unwrap_or_else(|p| p.into_inner());
        flag.store(true, Ordering::Release);
        self.wake.notify_all();
    }

    /// Blocks until `released` holds; it is re-checked after every stop or ponderhit.
    pub fn wait_until(&self, released: impl Fn(&JobControl) -> bool) {
        let mut gate = self.gate.lock().unwrap_or_else(|p| p.into_inner());
        while !released(self) {
            gate = self.wake.wait(gate).unwrap_or_else(|p| p.into_inner());
        }
    }

    /// Called by the job before it writes its last line.
    pub fn mark_finished(&self) {
        self.finished.store(true, Ordering::Release);
    }

    pub fn is_finished(&self) -> bool {
        self.finished.load(Ordering::Acquire)
    }
}

/// What a job does, for the messages that name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    Search,
    Perft,
    Bench,
}

impl JobKind {
    /// How an error message names the job: "… while a search runs".
    pub fn describe(self) -> &'static str {
        match self {
            JobKind::Search => "a search",
            JobKind::Perft => "perft",
            JobKind::Bench => "bench",
        }
    }
}

/// What the reader thread shares with the session thread: the control of the running job,
/// so that `quit` (or the end of the input) stops it at once, and how many long lines the
/// session has still to handle, during which the reader answers `isready` itself.
#[derive(Default)]
pub struct Interrupts {
    running: Mutex<Running>,
    long_lines_pending: AtomicUsize,
}

#[derive(Default)]
struct Running {
    control: Option<Arc<JobControl>>,
    quitting: bool,
}

impl Interrupts {
    fn running(&self) -> std::sync::MutexGuard<'_, Running> {
        self.running.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// `quit` or the end of the input: stops the running job and every job started later.
    pub fn quit(&self) {
        let mut running = self.running();
        running.quitting = true;
        if let Some(control) = &running.control {
            control.request_stop();
        }
    }

    /// Makes `control` the running job's; after `quit` it is stopped at once. Both happen
    /// under one lock, so a `quit` arriving meanwhile cannot miss the new job.
    fn register(&self, control: &Arc<JobControl>) {
        let mut running = self.running();
        if running.quitting {
            control.request_stop();
        }
        running.control = Some(Arc::clone(control));
    }

    /// The reader passed a long line on to the session.
    pub fn long_line_sent(&self) {
        self.long_lines_pending.fetch_add(1, Ordering::AcqRel);
    }

    /// The session has handled a long line.
    pub fn long_line_handled(&self) {
        self.long_lines_pending.fetch_sub(1, Ordering::AcqRel);
    }

    pub fn is_handling_long_line(&self) -> bool {
        self.long_lines_pending.load(Ordering::Acquire) > 0
    }
}

/// A job running on its own thread; `T` is what the thread hands back.
pub struct Job<T> {
    pub kind: JobKind,
    pub control: Arc<JobControl>,
    /// An infinite or pondering search keeps its `bestmove` until `stop` (or `ponderhit`),
    /// even when it finishes early.
    pub waits_for_release: bool,
    handle: JoinHandle<T>,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on a new thread with a fresh control, registered with `interrupts`.
    pub fn spawn(
        kind: JobKind,
        waits_for_release: bool,
        interrupts: &Interrupts,
        work: impl FnOnce(&JobControl) -> T + Send + 'static,
    ) -> Job<T> {
        let control = Arc::new(JobControl::default());
        interrupts.register(&control);
        let shared = Arc::clone(&control);
        let handle = std::thread::spawn(move || work(&shared));
        Job {
            kind,
            control,
            waits_for_release,
            handle,
        }
    }

    /// Waits for the thread and returns what it handed back. A job that panicked is
    /// reported on stderr and yields `None`.
    pub fn join(self) -> Option<T> {
        match self.handle.join() {
            Ok(value) => Some(value),
            Err(_) => {
                eprintln!("tessera: the {} thread panicked", self.kind.describe());
                None
            }
        }
    }
}
