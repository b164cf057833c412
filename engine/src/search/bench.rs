//! The fixed-depth benchmark behind the protocol's `bench`: every position is searched to
//! the same depth with a fresh table, history and killers, so that with one thread the
//! node count is the same on every run and every machine (a signature of the search).

use super::{Control, Evaluator, Limits, Options, Searcher};
use crate::game::Game;
use std::time::Instant;

/// What a bench run measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// Nodes searched over all positions (deterministic with one thread).
    pub nodes: u64,
    /// Wall-clock time of the searches, in milliseconds (at least 1).
    pub time_ms: u64,
}

impl BenchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.time_ms.max(1)
    }
}

/// Searches each of `positions` to `depth` with `options` (threads, hash; MultiPV is
/// honoured too) and returns the total node count and time. Used by `bench [depth]
/// [threads] [hash]`: print `Total time (ms)`, `Nodes searched` and `Nodes/second` from it.
pub fn bench<G: Game, E: Evaluator<G>>(
    positions: &[G],
    depth: u32,
    options: Options,
) -> BenchResult {
    let mut searcher = Searcher::<G, E>::new(options);
    measure(positions, depth, |pos, limits, control| {
        searcher.clear();
        searcher.search(pos, limits, control, &mut |_| {}).nodes
    })
}

/// Runs `search` (which starts from an empty table, history and killers and returns its
/// node count) on each of `positions` to `depth`, and adds up nodes and time.
pub(crate) fn measure<G: Game>(
    positions: &[G],
    depth: u32,
    mut search: impl FnMut(&G, &Limits<G::Move>, &Control) -> u64,
) -> BenchResult {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let control = Control::default();
    let start = Instant::now();
    let nodes = positions
        .iter()
        .map(|pos| search(pos, &limits, &control))
        .sum();
    BenchResult {
        nodes,
        time_ms: (start.elapsed().as_millis() as u64).max(1),
    }
}
