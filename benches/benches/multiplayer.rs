//! Seven Kingdoms: the seat evaluation, and each multi-player search to a fixed depth
//! from a middlegame position (seven players).

use criterion::{criterion_group, criterion_main, Criterion};
use engine::game::Game;
use engine::search::multiplayer::{Algorithm, MultiSearcher};
use engine::search::{Control, Evaluator, Limits, Options};
use engine::variants::sevenkingdoms::{Players, SevenKingdoms};
use evaluation::SevenKingdomsEval;
use std::hint::black_box;

/// The reference game `ZsI0ZktgJ0rs` after 55 moves (a bench position).
const MIDDLEGAME: &str = "2dNdSdBdQdRdSdN1pS1pBpQpRpS3/3dNdS1dSdN3pN1pCpSpN3/10gWpHpA1pApN2gN/1bG1dA1dA3dH7gNgS/4dG3pNpW3pG2gAgSgB/15bB1gCgQ/16gAgSgR/wSwN15gNgS/wRwSwA15gN/wQwCwW4wG10bN/wBwS2wN13bN/wSwN1wA1dC11bSbS/16bA2/11gG3bHbWbCbQ/2rG13bAbSbR/2wNrH5oN3oH3bNbS/4rA1rA5oAoW2oA1bN/3rNrSrCrSrN3rWoSoCoSoN3/2rNrSrBrQrRrSrN1oGoSoBoQoRoSoN2 d ro1,bg1,pd1,dw1,dp1 - - 2 8";

fn middlegame() -> SevenKingdoms {
    SevenKingdoms::from_position_string(MIDDLEGAME, &Players::default()).expect("valid position")
}

fn evaluation(c: &mut Criterion) {
    let pos = middlegame();
    c.bench_function("sevenkingdoms/evaluate_seats", |b| {
        b.iter(|| SevenKingdomsEval.evaluate_seats(black_box(&pos)))
    });
}

fn searches(c: &mut Criterion) {
    let pos = middlegame();
    let mut group = c.benchmark_group("sevenkingdoms/search");
    group.sample_size(10);
    for algorithm in Algorithm::ALL {
        let limits = Limits {
            depth: Some(algorithm.bench_depth() - 1),
            ..Limits::default()
        };
        group.bench_function(algorithm.id(), |b| {
            b.iter(|| {
                let mut searcher =
                    MultiSearcher::<SevenKingdoms, SevenKingdomsEval>::new(Options::default());
                searcher.set_algorithm(algorithm);
                searcher.search(&pos, &limits, &Control::default(), &mut |_| {})
            })
        });
    }
    group.finish();
}

criterion_group!(benches, evaluation, searches);
criterion_main!(benches);
