//! Properties of Hepta's implementation checked along seeded random playouts: make/unmake
//! restores the position and its hash, the incremental hash equals the recomputed one,
//! position strings (§9) round-trip, every generated move parses back from its own token
//! (§10, R96), and the board's symmetries (the reflection across the middle rank with the
//! sides swapped, R49; the left–right mirror) keep the number of legal moves.
//!
//! Playouts start from both start positions and from the spec's worked examples, so that
//! Temples, eliminations, berserk Kings, recoveries and promotions all occur; moves other
//! than plain `<from><to>` moves are preferred half the time.

use engine::game::{Game, Status};
use engine::geometry::hepta::{cell_index, file_height, hepta_board, CELLS};
use engine::variants::hepta::{Hepta, Move, MoveList, Pending, START, TRUE_START};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::{HashMap, HashSet};

const GAMES_PER_START: u64 = 6;
const MAX_PLIES: usize = 150;

/// Worked examples of §12 (and a few positions after their plies) as extra starts.
const STARTS: [&str; 12] = [
    START,
    TRUE_START,
    "3m*3/zb14/15/7Sr4nc2/9So5/6npM*7/7NrSy6/4Sg5Sgm*3/14Kr w -/-/-/-/- -/-/-/-/- royg-pc - b8 0 1",
    "6kc/13nbKy/14nb/15/7Ko7/15/15/ngng11npnp/M*ng11npKr w oy/rg/ro/r/r -/-/-/-/- roygbpc - - 0 1",
    "3m*3/15/15/15/7Kr7/15/15/nb14/nbNy5M*6Sg w r/-/-/-/- -/-/-/-/- roygbpc - - 0 1",
    "3kg3/14m*/6ng8/7nb7/6nbKgnb6/6SrSyNy6/7Ng7/ncnc13/M*nc13 w -/g/g/g/g g/-/-/-/- roygbpc - - 0 1",
    "7/nc6nr7/15/10Sg4/7Zg7/SgSgSgSg11/4Ny6kb3/7m*7/15 w -/-/-/-/- -/-/-/-/- roy-bpc - g3 0 1",
    "3m*3/15/15/10Sg4/7Zg7/SgSgSgSgSg10/15/12Sg2/7M*7 w -/-/-/-/- -/-/-/-/- roy-bpc - g1 0 1",
    "2Nr4/6Sr8/15/10Sr4/15/2Sr12/15/15/14M* w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1",
    "4Kb2/8nr6/15/9Sb5/15/15/15/9Sg5/Kr8M*5 w -/-/-/-/- b/b/b/b/b roygbpc - - 0 1",
    "1M*5/3nbnb10/15/15/15/15/3Sy11/15/3Sr10M* w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1",
    "3m*3/14m*/15/15/15/15/15/Sc14/NrSy5Sg6nb w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1",
];

fn read(text: &str) -> Hepta {
    Hepta::from_position_string(text, &()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal_moves(p: &Hepta) -> Vec<Move> {
    let mut moves = MoveList::new();
    p.generate_moves(&mut moves);
    moves.to_vec()
}

/// The board field as a map from cell to token, and back.
fn board_tokens(board: &str) -> Vec<Option<String>> {
    let mut cells = vec![None; CELLS];
    for (i, rank_text) in board.split('/').enumerate() {
        let rank = 9 - i;
        let mut file = if rank == 9 { 1 } else { 0 };
        let step = if rank == 9 { 2 } else { 1 };
        let mut rest = rank_text;
        while !rest.is_empty() {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 {
                file += step * rest[..digits].parse::<usize>().expect("a run");
                rest = &rest[digits..];
            } else {
                let cell = cell_index(file, rank).expect("a cell");
                cells[cell] = Some(rest[..2].to_string());
                rest = &rest[2..];
                file += step;
            }
        }
    }
    cells
}

fn write_board(cells: &[Option<String>]) -> String {
    (1..=9)
        .rev()
        .map(|rank| {
            let mut out = String::new();
            let mut run = 0;
            for file in 0..15 {
                let Some(cell) = cell_index(file, rank) else {
                    continue;
                };
                match &cells[cell] {
                    None => run += 1,
                    Some(token) => {
                        if run > 0 {
                            out.push_str(&run.to_string());
                            run = 0;
                        }
                        out.push_str(token);
                    }
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            out
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The image of a position under a map of cells and a rewrite of the other fields.
fn image(p: &Hepta, cell_map: impl Fn(usize, usize) -> (usize, usize), swap_sides: bool) -> Hepta {
    let text = p.position_string();
    let fields: Vec<&str> = text.split(' ').collect();
    let cells = board_tokens(fields[0]);
    let mut mapped = vec![None; CELLS];
    for (cell, token) in cells.into_iter().enumerate() {
        let (file, rank) = hepta_board().file_rank[cell];
        let (file, rank) = cell_map(usize::from(file), usize::from(rank));
        let token = token.map(|t| {
            if !swap_sides || t.starts_with('S') {
                return t;
            }
            let kind = t.as_bytes()[0] as char;
            let kind = if kind.is_ascii_uppercase() {
                kind.to_ascii_lowercase()
            } else {
                kind.to_ascii_uppercase()
            };
            format!("{kind}{}", &t[1..])
        });
        mapped[cell_index(file, rank).expect("a mapped cell")] = token;
    }
    let mut out: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
    out[0] = write_board(&mapped);
    if swap_sides {
        out[1] = if fields[1] == "w" { "b" } else { "w" }.into();
        out.swap(2, 3);
    }
    let text = out.join(" ");
    Hepta::from_position_string(&text, &()).unwrap_or_else(|e| panic!("image {text}: {e}"))
}

/// The reflection across the middle rank (file kept; long-file rank k to 10 − k, short
/// k to 9 − k) with the sides swapped: R49's relation between the two armies.
fn reflection(p: &Hepta) -> Hepta {
    image(p, |file, rank| (file, file_height(file) + 1 - rank), true)
}

/// The left–right mirror: file `i` to file `14 − i`, rank kept.
fn mirror(p: &Hepta) -> Hepta {
    image(p, |file, rank| (14 - file, rank), false)
}

fn check_position(p: &mut Hepta, rng: &mut StdRng, at: &str) {
    let text = p.position_string();
    let hash = p.hash();
    assert_eq!(hash, p.recompute_hash(), "{at}: incremental hash of {text}");
    let again = read(&text);
    assert_eq!(again.position_string(), text, "{at}: round trip");
    assert_eq!(again.hash(), hash, "{at}: hash of the reread {text}");

    let moves = legal_moves(p);
    assert_eq!(p.count_moves(), moves.len(), "{at}: count_moves");
    let tokens: HashSet<String> = moves.iter().map(|&m| p.move_string(m)).collect();
    assert_eq!(
        tokens.len(),
        moves.len(),
        "{at}: R96 unique tokens in {text}"
    );
    // Every token parses back; the arrangement ply's 5040 only by sample.
    let sample: Vec<Move> = if moves.len() > 200 {
        (0..20)
            .map(|_| moves[rng.gen_range(0..moves.len())])
            .collect()
    } else {
        moves.clone()
    };
    for &mv in &sample {
        let token = p.move_string(mv);
        assert_eq!(p.parse_move(&token), Ok(mv), "{at}: {token} in {text}");
        p.make_move(mv);
        assert_eq!(
            p.hash(),
            p.recompute_hash(),
            "{at}: child hash after {token}"
        );
        let child = p.position_string();
        assert_eq!(read(&child).hash(), p.hash(), "{at}: {token} gives {child}");
        p.unmake_move();
        assert_eq!(p.position_string(), text, "{at}: unmake {token}");
        assert_eq!(p.hash(), hash, "{at}: hash after unmake {token}");
    }

    match p.status() {
        Status::Over(outcome) if outcome.reason == "no legal move" => {
            assert!(moves.is_empty(), "{at}: {text}")
        }
        _ => assert!(
            !moves.is_empty() || p.repetitions() >= 2,
            "{at}: no moves but not over in {text}"
        ),
    }

    // V6: only Black arranges the Heptagram, so the setup state has no reflection.
    let mut images = vec![("mirror", mirror(p))];
    if p.state().pending() != Pending::Setup {
        images.push(("reflection", reflection(p)));
    }
    for (name, other) in images {
        assert_eq!(
            other.count_moves(),
            moves.len(),
            "{at}: {name} {} of {text}",
            other.position_string()
        );
    }
}

/// The kind of a move for the statistics: its token's shape.
fn kind(p: &Hepta, mv: Move) -> &'static str {
    match mv {
        Move::Board { .. } if p.is_tactical(mv) => "capture",
        Move::Board { .. } => "plain",
        Move::Arrange(_) => "arrange",
        Move::Dematerialise { .. } => "dematerialise",
        Move::Steal { .. } => "steal",
        Move::Recolour { .. } => "recolour",
        Move::Replace { .. } => "replace",
        Move::Duplicate { .. } => "duplicate",
        Move::Temple { .. } => "temple",
        Move::Announce { .. } => "announce",
        Move::Drop { .. } => "drop",
        Move::Shift { .. } => "shift",
        Move::Summon { .. } => "summon",
        Move::RecoveryKing { .. } => "recovery king",
        Move::Eliminate { .. } => "eliminate",
        Move::MasterRecovery => "soul master recovery",
        Move::PlaceMaster { .. } => "soul master placement",
    }
}

fn pick(p: &Hepta, moves: &[Move], rng: &mut StdRng) -> Move {
    let special: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| !matches!(kind(p, m), "plain" | "replace"))
        .collect();
    if !special.is_empty() && rng.gen_bool(0.5) {
        special[rng.gen_range(0..special.len())]
    } else {
        moves[rng.gen_range(0..moves.len())]
    }
}

fn playouts(first_seed: u64) -> HashMap<&'static str, usize> {
    let mut stats = HashMap::new();
    for (index, start) in STARTS.iter().enumerate() {
        for game in 0..GAMES_PER_START {
            let seed = first_seed + 100 * index as u64 + game;
            let mut rng = StdRng::seed_from_u64(seed);
            let mut p = read(start);
            let mut played = Vec::new();
            for ply in 0..MAX_PLIES {
                let at = format!(
                    "seed {seed} ply {ply} from {start} after {}",
                    played.join(" ")
                );
                check_position(&mut p, &mut rng, &at);
                let moves = legal_moves(&p);
                if moves.is_empty() {
                    break;
                }
                let mv = pick(&p, &moves, &mut rng);
                *stats.entry(kind(&p, mv)).or_insert(0) += 1;
                played.push(p.move_string(mv));
                p.make_move(mv);
            }
            for _ in 0..played.len() {
                p.unmake_move();
            }
            assert_eq!(p.position_string(), read(start).position_string());
        }
    }
    stats
}

#[test]
fn playouts_keep_every_property_and_reach_every_move_kind() {
    let stats = playouts(0);
    eprintln!("{stats:?}");
    for kind in [
        "capture",
        "plain",
        "arrange",
        "dematerialise",
        "steal",
        "recolour",
        "replace",
        "duplicate",
        "temple",
        "announce",
        "drop",
        "shift",
        "summon",
        "recovery king",
        "eliminate",
        "soul master recovery",
        "soul master placement",
    ] {
        assert!(
            stats.get(kind).is_some_and(|&n| n > 0),
            "no {kind}: {stats:?}"
        );
    }
}

#[test]
fn r49_the_start_is_its_own_reflection_and_its_mirror_has_as_many_moves() {
    let start = read(START);
    assert_eq!(
        reflection(&start).position_string(),
        START.replace(" w ", " b ")
    );
    assert_eq!(reflection(&start).count_moves(), 47);
    let mirrored = mirror(&start);
    assert_ne!(mirrored.position_string(), START);
    assert_eq!(mirrored.count_moves(), 47);
}
