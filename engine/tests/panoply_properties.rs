//! Properties of Panoply's implementation checked along seeded random playouts from the
//! start position: incremental hashing, position strings (§9) and move tokens (§10)
//! round-tripping, make/unmake, move counting, King safety after every legal move (R50),
//! and the board's symmetries (the rules are the same mirrored left–right, and with the
//! colours swapped and the board turned through 180°, §4).
//!
//! The playouts are biased towards captures and Barricade moves part of the time so that
//! captured Barricades, promotions and crowded Barricade moves occur often.

use engine::game::{Game, Status};
use engine::variants::panoply::{Move, MoveList, Panoply, BARRICADE, BLACK, WHITE};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

/// Games per test function and their longest length in plies.
const GAMES: u64 = 50;
const MAX_PLIES: usize = 200;
/// Every legal move's token is parsed back, and the position string compared after each
/// move is taken back, at every `PARSE_ALL_EVERY`-th ply; at the other plies
/// `PARSE_SAMPLE` random moves are parsed and the cheaper `Snapshot` is compared (parsing
/// regenerates the legal moves and writing allocates: all of it at every ply would take
/// a minute).
const PARSE_ALL_EVERY: usize = 5;
const PARSE_SAMPLE: usize = 4;

/// A cell's piece (colour, kind) and, for a Barricade end, its partner.
type CellContents = (Option<(usize, usize)>, Option<usize>);

/// What a position string shows except the fullmove number, read without allocating:
/// every cell's piece and Barricade partner, the side to move, the clock and the hash.
#[derive(Debug, PartialEq, Eq)]
struct Snapshot {
    cells: [CellContents; 127],
    side: usize,
    clock: u32,
    hash: u64,
}

fn snapshot(p: &Panoply) -> Snapshot {
    Snapshot {
        cells: std::array::from_fn(|c| (p.piece_at(c), p.partner(c))),
        side: p.side(),
        clock: p.halfmove_clock(),
        hash: p.hash(),
    }
}

fn legal_moves(p: &Panoply) -> Vec<Move> {
    let mut moves = MoveList::new();
    p.generate_moves(&mut moves);
    moves.to_vec()
}

/// The cells of a board field in string order (rank 13 first), `None` for empty, with
/// the rank lengths: the inverse of the run-length writing (R70).
fn expand(board: &str) -> Vec<Vec<Option<char>>> {
    board
        .split('/')
        .map(|rank| {
            let mut cells = Vec::new();
            let mut run = 0;
            for ch in rank.chars() {
                if let Some(d) = ch.to_digit(10) {
                    run = run * 10 + d as usize;
                } else {
                    cells.extend(std::iter::repeat_n(None, run));
                    run = 0;
                    cells.push(Some(ch));
                }
            }
            cells.extend(std::iter::repeat_n(None, run));
            cells
        })
        .collect()
}

/// Writes expanded ranks back as a board field.
fn compress(ranks: &[Vec<Option<char>>]) -> String {
    let texts: Vec<String> = ranks
        .iter()
        .map(|cells| {
            let mut out = String::new();
            let mut run = 0;
            for cell in cells {
                match cell {
                    None => run += 1,
                    Some(ch) => {
                        if run > 0 {
                            out.push_str(&run.to_string());
                            run = 0;
                        }
                        out.push(*ch);
                    }
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            out
        })
        .collect();
    texts.join("/")
}

/// The position mirrored left–right: every rank read backwards, `(q, r) → (−q−r, r)`.
fn mirrored(p: &Panoply) -> Panoply {
    let text = p.position_string();
    let (board, rest) = text.split_once(' ').expect("fields");
    let ranks: Vec<Vec<Option<char>>> = expand(board)
        .into_iter()
        .map(|rank| rank.into_iter().rev().collect())
        .collect();
    let mirror = format!("{} {rest}", compress(&ranks));
    Panoply::from_position_string(&mirror, &()).unwrap_or_else(|e| panic!("{mirror}: {e}"))
}

/// The position with the colours swapped and the board turned through 180°
/// (`(q, r) → (−q, −r)`): the cells in reverse string order, the other side to move.
fn colour_flipped(p: &Panoply) -> Panoply {
    let text = p.position_string();
    let fields: Vec<&str> = text.split_whitespace().collect();
    let ranks = expand(fields[0]);
    let lengths: Vec<usize> = ranks.iter().map(Vec::len).collect();
    let mut cells: Vec<Option<char>> = ranks.into_iter().flatten().rev().collect();
    for ch in cells.iter_mut().flatten() {
        *ch = if ch.is_ascii_uppercase() {
            ch.to_ascii_lowercase()
        } else {
            ch.to_ascii_uppercase()
        };
    }
    let mut flipped = Vec::new();
    for len in lengths.iter().rev() {
        flipped.push(cells.drain(..*len).collect::<Vec<_>>());
    }
    let side = if fields[1] == "w" { "b" } else { "w" };
    let flip = format!("{} {side} {} {}", compress(&flipped), fields[2], fields[3]);
    Panoply::from_position_string(&flip, &()).unwrap_or_else(|e| panic!("{flip}: {e}"))
}

/// Every property of one position of a playout; `parse_all` says whether every legal
/// move's token is parsed back or only a sample.
fn check_position(p: &mut Panoply, rng: &mut StdRng, parse_all: bool, at: &str) {
    let text = p.position_string();
    let hash = p.hash();
    assert_eq!(hash, p.recompute_hash(), "{at}: incremental hash of {text}");

    // The string reads back to the same string and hash (R69–R75).
    let again = Panoply::from_position_string(&text, &())
        .unwrap_or_else(|e| panic!("{at}: rereading {text}: {e}"));
    assert_eq!(again.position_string(), text, "{at}");
    assert_eq!(again.hash(), hash, "{at}: hash of the reread {text}");

    let moves = legal_moves(p);
    assert_eq!(p.count_moves(), moves.len(), "{at}: count_moves in {text}");
    assert_eq!(
        p.has_legal_move(),
        !moves.is_empty(),
        "{at}: has_legal_move in {text}"
    );
    // Quiescence's generator gives exactly the tactical moves, in the full list's order.
    let mut tactical = Default::default();
    p.generate_tactical_moves(&mut tactical);
    let expected: Vec<&Move> = moves.iter().filter(|&&mv| p.is_tactical(mv)).collect();
    assert!(
        tactical.iter().eq(expected),
        "{at}: tactical moves in {text}"
    );
    let distinct: HashSet<Move> = moves.iter().copied().collect();
    assert_eq!(
        distinct.len(),
        moves.len(),
        "{at}: duplicate moves in {text}"
    );
    let tokens: HashSet<String> = moves.iter().map(|&mv| p.move_string(mv)).collect();
    assert_eq!(
        tokens.len(),
        moves.len(),
        "{at}: two moves share a token in {text}"
    );

    // Tokens parse back to their moves (R76–R81).
    let sample: Vec<Move> = if parse_all {
        moves.clone()
    } else {
        (0..PARSE_SAMPLE.min(moves.len()))
            .map(|_| moves[rng.gen_range(0..moves.len())])
            .collect()
    };
    for mv in sample {
        let token = p.move_string(mv);
        assert_eq!(
            p.parse_move(&token),
            Ok(mv),
            "{at}: parsing {token} in {text}"
        );
    }

    // Every move: the child's hash is right, the mover's King is safe (R50), and
    // unmake restores the position exactly.
    let mover = p.side();
    let before = snapshot(p);
    for &mv in &moves {
        p.make_move(mv);
        let token = || format!("{at}: {} in {text}", again.move_string(mv));
        assert_eq!(p.hash(), p.recompute_hash(), "{}: child hash", token());
        assert!(
            !p.is_attacked(p.king(mover), 1 - mover),
            "{}: leaves the mover's King attacked",
            token()
        );
        p.unmake_move();
        assert!(snapshot(p) == before, "{}: unmake", token());
        if parse_all {
            assert_eq!(p.position_string(), text, "{}: unmake", token());
        }
        assert_eq!(p.hash(), hash, "{}: hash after unmake", token());
    }

    // No moves means the game is over by R61–R63, and the other way round for those.
    match p.status() {
        Status::Over(outcome)
            if ["checkmate", "stalemate", "double stalemate"].contains(&outcome.reason) =>
        {
            assert!(
                moves.is_empty(),
                "{at}: {} with moves in {text}",
                outcome.reason
            );
            assert_eq!(outcome.reason == "checkmate", p.in_check(), "{at}: {text}");
        }
        _ => assert!(!moves.is_empty(), "{at}: no moves but not over in {text}"),
    }

    // Symmetries: the same number of moves and the same check status.
    for (name, image) in [
        ("mirrored", mirrored(p)),
        ("colour-flipped", colour_flipped(p)),
    ] {
        assert_eq!(
            image.count_moves(),
            moves.len(),
            "{at}: {name} {} of {text}",
            image.position_string()
        );
        assert_eq!(
            image.in_check(),
            p.in_check(),
            "{at}: {name} check in {text}"
        );
    }
}

/// Picks the next move: half the time a capture or promotion if there is one, a
/// quarter of the time a Barricade move if there is one, otherwise any move.
fn pick(p: &Panoply, moves: &[Move], rng: &mut StdRng) -> Move {
    let roll: f64 = rng.gen();
    let pool: Vec<Move> = if roll < 0.5 {
        moves
            .iter()
            .copied()
            .filter(|&mv| p.is_tactical(mv))
            .collect()
    } else if roll < 0.75 {
        moves
            .iter()
            .copied()
            .filter(|mv| matches!(mv, Move::Barricade { .. }))
            .collect()
    } else {
        Vec::new()
    };
    let pool = if pool.is_empty() { moves } else { &pool[..] };
    pool[rng.gen_range(0..pool.len())]
}

/// What the playouts of one test function did, to show that the bias reaches the
/// rules under test.
#[derive(Debug, Default)]
struct Stats {
    plies: usize,
    captures: usize,
    barricade_moves: usize,
    barricades_captured: usize,
    promotions: usize,
    games_without_moves: usize,
}

/// Barricade ends on the board.
fn barricade_cells(p: &Panoply) -> u32 {
    (p.pieces(WHITE, BARRICADE) | p.pieces(BLACK, BARRICADE)).count_ones()
}

/// Plays `GAMES` seeded games from the start, checking every position, then takes every
/// move back. Draws by rule (R66, R67) do not stop a playout: only a position without
/// moves does.
fn playouts(first_seed: u64) {
    let mut stats = Stats::default();
    for seed in first_seed..first_seed + GAMES {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut p = Panoply::start(&());
        let start = (p.position_string(), p.hash());
        let mut played = Vec::new();
        for ply in 0..MAX_PLIES {
            let at = format!("seed {seed}, ply {ply} after {}", played.join(" "));
            check_position(&mut p, &mut rng, ply % PARSE_ALL_EVERY == 0, &at);
            let moves = legal_moves(&p);
            if moves.is_empty() {
                stats.games_without_moves += 1;
                break;
            }
            let mv = pick(&p, &moves, &mut rng);
            let token = p.move_string(mv);
            let barricades = barricade_cells(&p);
            stats.plies += 1;
            stats.captures +=
                usize::from(p.is_tactical(mv) && !token.ends_with(char::is_alphabetic));
            stats.promotions += usize::from(
                matches!(mv, Move::Piece { .. }) && token.ends_with(char::is_alphabetic),
            );
            stats.barricade_moves += usize::from(matches!(mv, Move::Barricade { .. }));
            p.make_move(mv);
            played.push(token);
            let lost = barricades - barricade_cells(&p);
            stats.barricades_captured += lost as usize / 2;
        }
        for _ in 0..played.len() {
            p.unmake_move();
        }
        assert_eq!(
            (p.position_string(), p.hash()),
            start,
            "seed {seed}: after taking back {} moves",
            played.len()
        );
    }
    eprintln!("{stats:?}");
    assert!(stats.plies > 1000, "{stats:?}");
    for (what, n) in [
        ("captures", stats.captures),
        ("Barricade moves", stats.barricade_moves),
        ("captured Barricades", stats.barricades_captured),
        ("promotions", stats.promotions),
    ] {
        assert!(n >= 10, "only {n} {what}: {stats:?}");
    }
}

#[test]
fn playouts_seeds_0_to_49() {
    playouts(0);
}

#[test]
fn playouts_seeds_1000_to_1049() {
    playouts(1000);
}

#[test]
fn playouts_seeds_2000_to_2049() {
    playouts(2000);
}

#[test]
fn symmetric_images_of_the_start_position() {
    let p = Panoply::start(&());
    assert_eq!(mirrored(&p).position_string(), p.position_string());
    let flipped = colour_flipped(&p);
    assert_eq!(
        flipped.position_string(),
        p.position_string().replace(" w ", " b ")
    );
    assert_eq!(flipped.count_moves(), 118);
}
