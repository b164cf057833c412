//! A search (`go`) runs as a job on a thread of its own, so that the reader thread keeps
//! answering `isready`, `stop`, `ponderhit` and `quit`.

use engine::search::Control;
use std::sync::atomic::{AtomicBool, Ordering};
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

/// A job running on its own thread; `T` is what the thread hands back.
pub struct Job<T> {
    pub control: Arc<JobControl>,
    /// An infinite or pondering search keeps its `bestmove` until `stop` (or `ponderhit`),
    /// even when it finishes early.
    pub waits_for_release: bool,
    handle: JoinHandle<T>,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on a new thread with a fresh control.
    pub fn spawn(
        waits_for_release: bool,
        work: impl FnOnce(&JobControl) -> T + Send + 'static,
    ) -> Job<T> {
        let control = Arc::new(JobControl::default());
        let shared = Arc::clone(&control);
        let handle = std::thread::spawn(move || work(&shared));
        Job {
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
                eprintln!("tessera: the search thread panicked");
                None
            }
        }
    }
}
