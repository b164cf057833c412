//! Pictures: `tessera svg`'s drawing of one position of each variant, from the position
//! to the finished SVG text (the board view, the moves' cells, the rendering). Target:
//! under 5 ms a picture.

use criterion::{criterion_group, criterion_main, Criterion};
use engine::variants::Variant;
use protocol::svg::{draw, Request};
use protocol::variant::AnyGame;
use std::hint::black_box;

/// The position after `plies` moves, each the `7·ply`-th legal move (modulo their number)
/// in sorted order: a deterministic middlegame with captures and promotions possible.
fn played(variant: Variant, plies: usize) -> AnyGame {
    let mut game = AnyGame::start(variant).expect("a start position");
    for ply in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let token = &moves[(7 * ply) % moves.len()];
        game.play_tokens([token.as_str()]).expect("a legal move");
    }
    game
}

fn pictures(c: &mut Criterion) {
    let mut group = c.benchmark_group("svg/draw");
    for variant in Variant::ALL {
        let game = played(variant, 30);
        let legal = game.legal_moves();
        // The last move marked, one arrow and two highlighted cells: a full picture.
        let request = Request {
            arrows: legal.first().cloned().into_iter().collect(),
            highlights: vec!["h5".to_string(), "h6".to_string()],
            size: 640,
            ..Request::default()
        };
        group.bench_function(variant.id(), |b| {
            b.iter(|| draw(black_box(&game), &request).expect("a picture").len())
        });
    }
    group.finish();
}

criterion_group!(benches, pictures);
criterion_main!(benches);
