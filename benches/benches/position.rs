//! The protocol's `position startpos moves …` with 100,000 plies in every variant: a
//! repeatable cycle of legal moves (protocol::shuttle) sent as one line to a session,
//! which tokenizes it, replays every move and keeps the result. Throughput is plies.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::variants::Variant;
use protocol::output::Output;
use protocol::session::Session;
use protocol::shuttle::long_line;
use protocol::variant::AnyGame;

const PLIES: usize = 100_000;

fn long_position_lines(c: &mut Criterion) {
    let mut group = c.benchmark_group("position/100000-plies");
    group.sample_size(10);
    for variant in Variant::ALL {
        let start = AnyGame::start(variant).expect("implemented");
        let moves = long_line(&start, PLIES).expect("a cycle of legal moves");
        let line = format!("position startpos moves {}", moves.join(" "));
        let mut session = Session::new(Output::memory());
        session.handle_line(&format!(
            "setoption name UCI_Variant value {}",
            variant.id()
        ));
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_function(variant.id(), |b| {
            b.iter(|| {
                let reply = session.handle_line(&line);
                assert!(reply.is_empty(), "{reply:?}");
            })
        });
    }
    group.finish();
}

criterion_group!(benches, long_position_lines);
criterion_main!(benches);
