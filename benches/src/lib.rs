//! What the Criterion benchmarks in `benches/` share: the make/unmake, evaluation and
//! fixed-depth search groups, run the same way for every two-player variant.

use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup, Criterion, Throughput};
use engine::game::Game;
use engine::perft::{perft, Counting};
use engine::search::{Control, Evaluator, Limits, Options, Searcher};
use std::hint::black_box;

/// `generate/<name>` in `group`: generating the legal moves of each position.
pub fn generate<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, positions: &[(&str, G)]) {
    for (name, pos) in positions {
        group.bench_function(format!("generate/{name}"), |b| {
            b.iter(|| {
                let mut moves = G::MoveList::default();
                black_box(pos).generate_moves(&mut moves);
                moves.len()
            })
        });
    }
}

/// `group/<prefix>depth<depth>/<label>`: perft of `start` to `depth`, once per way of
/// counting (`bulk`, `make_unmake`), with the leaves as throughput.
pub fn perft_from<G: Game>(
    c: &mut Criterion,
    group: &str,
    prefix: &str,
    start: &G,
    depth: u32,
    countings: &[(&str, Counting)],
) {
    let mut group = c.benchmark_group(group);
    group.sample_size(10);
    for &(label, counting) in countings {
        let mut pos = start.clone();
        let leaves = perft(&mut pos, depth, counting);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{prefix}depth{depth}/{label}"), |b| {
            b.iter(|| perft(&mut pos, depth, counting))
        });
    }
    group.finish();
}

/// Both ways of counting perft's leaves.
pub const BULK_AND_MAKE_UNMAKE: [(&str, Counting); 2] = [
    ("bulk", Counting::Bulk),
    ("make_unmake", Counting::MakeUnmake),
];

/// `group/<name>`: every legal move of each position made and taken back.
pub fn make_unmake<G: Game>(c: &mut Criterion, group: &str, positions: &[(&str, G)]) {
    let mut group = c.benchmark_group(group);
    for (name, pos) in positions {
        let mut moves = G::MoveList::default();
        pos.generate_moves(&mut moves);
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(*name, |b| {
            b.iter_batched_ref(
                || pos.clone(),
                |p| {
                    for &mv in moves.iter() {
                        p.make_move(mv);
                        p.unmake_move();
                    }
                },
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

/// `<label> evaluate <name>`: the static evaluation of each position.
pub fn evaluate<G: Game, E: Evaluator<G>>(c: &mut Criterion, label: &str, positions: &[(&str, G)]) {
    let eval = E::default();
    for (name, pos) in positions {
        c.bench_function(&format!("{label} evaluate {name}"), |b| {
            b.iter(|| eval.evaluate(black_box(pos)))
        });
    }
}

/// `group/depth <depth> <name>`: a one-thread search of each position to `depth`, from
/// an empty table.
pub fn search_to_depth<G: Game, E: Evaluator<G>>(
    c: &mut Criterion,
    group: &str,
    depth: u32,
    positions: &[(&str, G)],
) {
    let mut group = c.benchmark_group(group);
    group.sample_size(10);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    for (name, pos) in positions {
        group.bench_function(format!("depth {depth} {name}"), |b| {
            let mut searcher = Searcher::<G, E>::new(Options::default());
            b.iter(|| {
                searcher.clear();
                searcher.search(black_box(pos), &limits, &Control::default(), &mut |_| {})
            })
        });
    }
    group.finish();
}
