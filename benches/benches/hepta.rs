//! Hepta: move generation, make/unmake, perft, evaluation and search to a fixed depth.

use criterion::{criterion_group, criterion_main, Criterion};
use engine::game::Game;
use engine::perft::Counting;
use engine::variants::hepta::{Hepta, START, TRUE_START};
use evaluation::HeptaEval;

/// A depth-3 self-play game from `startpos` after 72 plies (positions/hepta/bench.txt).
const MIDDLEGAME: &str = "kr1kym*kbm*kc/1nr1m*3kg1nb3nc1/2ko3ny1ng1kp1np2/nrNonr1nonyngnb1Npnb1nc1nc/1Sy1SgngSb1Sp1Sc1SrNcSo1/2noNyNg1Ng3npNp1Nc1/NrnoNrny1NoNy1Nb1Nb2np1/NrKrNoKo1NyKg1NgNbNp1KpKcNc/3M*1Ky1M*1Kb1M*3 b -/-/-/-/- -/-/-/-/- roygbpc - - 71 36";
/// E7: Temple moves, Life summons and an elimination available.
const TEMPLE: &str =
    "6kc/13nbKy/14nb/15/7Ko7/15/15/ngng11npnp/M*ng11npKr w oy/rg/ro/r/r -/-/-/-/- roygbpc - - 0 1";

fn positions() -> Vec<(&'static str, Hepta)> {
    let read = |text| Hepta::from_position_string(text, &()).expect("a valid position");
    vec![
        ("start", read(START)),
        ("middlegame", read(MIDDLEGAME)),
        ("temple", read(TEMPLE)),
    ]
}

fn move_generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("hepta/movegen");
    let mut positions = positions();
    positions.push(("arrangement", Hepta::start(&())));
    benches::generate(&mut group, &positions);
    group.finish();
}

fn make_unmake(c: &mut Criterion) {
    benches::make_unmake(c, "hepta/make_unmake", &positions());
}

fn perft_start(c: &mut Criterion) {
    let start = Hepta::from_position_string(TRUE_START, &()).expect("valid");
    let bulk = [("bulk", Counting::Bulk)];
    benches::perft_from(c, "hepta/perft", "true start ", &start, 3, &bulk);
}

fn evaluation_and_search(c: &mut Criterion) {
    let positions = positions();
    benches::evaluate::<_, HeptaEval>(c, "hepta", &positions);
    benches::search_to_depth::<_, HeptaEval>(c, "hepta search", 5, &positions);
}

criterion_group!(
    benches,
    move_generation,
    make_unmake,
    perft_start,
    evaluation_and_search
);
criterion_main!(benches);
