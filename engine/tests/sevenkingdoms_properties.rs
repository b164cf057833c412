//! Properties of Seven Kingdoms positions over seeded random playouts from the start:
//! hashing, position strings, move strings, make/unmake, the line occupancy that line
//! walks read, the counts of moves and pieces that make keeps, and invariants of the
//! rules (R28, R30, R36–R43, R51.7). Half of the moves prefer a capture so that armies
//! change hands; now and then a kingdom is put out with the record token `x<colour>` (R55).

use engine::bitboard::{Bitboard, Wide384};
use engine::game::{Game, Status};
use engine::variants::sevenkingdoms::{
    tables, Label, Move, Players, Reach, SevenKingdoms, WalkSink, COLOUR_LETTERS, EMPEROR_CELL,
    GENERAL, GO_BETWEEN, KINGDOMS,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Pieces at the start without the Emperor (R25): 7 × 17.
const START_PIECES: u32 = 119;
const MAX_PLIES: usize = 400;
/// Chance per ply that some kingdom in the game is put out (R34).
const RESIGN_CHANCE: f64 = 0.004;

fn legal_moves(p: &SevenKingdoms) -> Vec<Move> {
    let mut list = Default::default();
    p.generate_moves(&mut list);
    list.to_vec()
}

fn pieces_on_board(p: &SevenKingdoms) -> u32 {
    (0..361).filter(|&c| p.piece_at(c).is_some()).count() as u32
}

fn pieces_of(p: &SevenKingdoms, kingdom: usize) -> u32 {
    (0..361)
        .filter(|&c| p.piece_at(c).is_some_and(|(k, _)| k == kingdom))
        .count() as u32
}

fn held(p: &SevenKingdoms, kingdom: usize) -> usize {
    p.captured_kingdoms()
        .iter()
        .filter(|&&(h, _)| usize::from(h) == kingdom)
        .count()
}

fn field(text: &str, index: usize) -> &str {
    text.split(' ').nth(index).expect("seven fields")
}

/// Counts of what the playouts went through, so the test can say it exercised the rules.
#[derive(Default, Debug)]
struct Seen {
    plies: usize,
    captures: usize,
    general_transfers: usize,
    ten_loss_transfers: usize,
    resignations: usize,
    finished: usize,
    skipped_turns: usize,
}

/// Hash, string round trip, move strings, make/unmake and move count at one position.
/// The string is compared after every unmake when `each_string`, else once after all of
/// them (a state spoilt by one unmake would stay spoilt: the hash is compared every time).
fn check_position(p: &mut SevenKingdoms, moves: &[Move], each_string: bool) {
    let text = p.position_string();
    let hash = p.hash();
    assert_eq!(hash, p.recompute_hash(), "incremental hash: {text}");
    let again = SevenKingdoms::from_position_string(&text, p.players())
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(again.position_string(), text, "round trip");
    assert_eq!(again.hash(), hash, "hash after round trip: {text}");
    assert_eq!(p.count_moves(), moves.len(), "count_moves: {text}");
    for &mv in moves {
        let token = p.move_string(mv);
        assert_eq!(p.parse_move(&token), Ok(mv), "{token} in {text}");
        p.make_move(mv);
        assert_eq!(p.hash(), p.recompute_hash(), "after {token} in {text}");
        p.unmake_move();
        assert_eq!(p.hash(), hash, "unmake {token} in {text}");
        if each_string {
            assert_eq!(p.position_string(), text, "unmake {token}");
        }
    }
    assert_eq!(p.position_string(), text, "after unmaking every move");
}

/// Rule invariants: R28 (captured kingdoms have no pieces and never return), R36/R40
/// (losses are the pieces taken plus the pieces transferred), R30/R32 (the side to move
/// is in the game and can move), R43/R48 (the game is over exactly when a condition holds).
fn check_invariants(p: &SevenKingdoms, transferred: u32, was_in_game: &mut [bool; KINGDOMS]) {
    let text = p.position_string();
    let losses: u32 = (0..KINGDOMS).map(|k| p.losses(k)).sum();
    let captures: u32 = (0..KINGDOMS).map(|k| p.captures(k)).sum();
    assert_eq!(losses, captures);
    assert_eq!(
        losses,
        START_PIECES - pieces_on_board(p) + transferred,
        "losses = pieces taken + pieces transferred: {text}"
    );
    for &(_, captured) in p.captured_kingdoms() {
        assert_eq!(pieces_of(p, usize::from(captured)), 0, "R28: {text}");
    }
    for (k, was) in was_in_game.iter_mut().enumerate() {
        assert!(
            p.in_game(k) <= *was,
            "nothing brings a kingdom back: {text}"
        );
        *was = p.in_game(k);
        assert_eq!(pieces_of(p, k), p.pieces_of(k).count(), "{text}");
    }
    let in_game: Vec<usize> = (0..KINGDOMS).filter(|&k| p.in_game(k)).collect();
    // With one kingdom per player R44 is R43.1 (default Players).
    let condition =
        in_game.len() == 1 || (0..KINGDOMS).any(|k| held(p, k) >= 2 || p.captures(k) >= 30);
    match p.ending() {
        None => {
            assert!(!condition, "R43 holds but the game goes on: {text}");
            assert_eq!(p.status(), Status::Ongoing);
            assert!(p.in_game(p.side()), "R32: {text}");
            assert!(p.count_moves() > 0, "R32: {text}");
        }
        Some(ending) => {
            assert!(condition, "over without a condition of R43: {text}");
            assert!(matches!(p.status(), Status::Over(_)));
            assert_eq!(p.count_moves(), 0);
            let w = ending.winner.expect("a winning kingdom");
            let label = if in_game == [w] {
                Label::LastKingdomRemaining
            } else if p.captures(w) >= 30 {
                Label::CapturedEnoughPieces
            } else {
                assert!(held(p, w) >= 2, "{text}");
                Label::CapturedEnoughKingdoms
            };
            assert_eq!(ending.label, label, "R48: {text}");
        }
    }
}

/// The kingdom that receives `victim`'s army when the side to move takes a piece of
/// `kind` from it, computed from the position before the move: the mover for a General
/// (R37); else, once losses reach 10 (R38), the candidate with the most captures, ties
/// going to the mover, then backwards in turn order from it (R39); `None` if no transfer.
fn recipient(p: &SevenKingdoms, victim: usize, kind: usize) -> Option<usize> {
    let mover = p.side();
    if kind == GENERAL {
        return Some(mover);
    }
    if p.losses(victim) + 1 < 10 {
        return None;
    }
    let captures = |k: usize| p.captures(k) + u32::from(k == mover);
    let candidates: Vec<usize> = (0..KINGDOMS)
        .filter(|&k| k != victim && p.in_game(k))
        .collect();
    let most = candidates.iter().map(|&k| captures(k)).max()?;
    (0..KINGDOMS)
        .map(|back| (mover + KINGDOMS - back) % KINGDOMS)
        .find(|k| candidates.contains(k) && captures(*k) == most)
}

/// The line occupancy that make keeps up to date agrees with the board: from every cell in
/// every direction, the walk meets the piece (or the Emperor) that a walk cell by cell
/// meets (R9).
fn check_reach(p: &SevenKingdoms) {
    let grid = &tables().grid;
    let occupied = |c: usize| c == EMPEROR_CELL || p.piece_at(c).is_some();
    for cell in 0..361 {
        for d in 0..8 {
            let ray = grid.ray(cell, d);
            let empty = ray
                .iter()
                .take_while(|&&c| !occupied(usize::from(c)))
                .count();
            let blocker = ray.get(empty).map(|&c| usize::from(c));
            let found = p.reach(cell, d);
            let text = || p.position_string();
            assert_eq!(found, Reach { empty, blocker }, "{cell} {d}: {}", text());
        }
    }
}

/// Moves per piece type and the cells of the captures, from the move generator's walks.
#[derive(Default)]
struct MovesByKind {
    kind: usize,
    moves: [u16; 10],
    targets: Wide384,
}

impl WalkSink for MovesByKind {
    fn piece(&mut self, _: usize, kind: usize) {
        self.kind = kind;
    }
    fn quiet(&mut self, _: usize, _: usize, _: isize, count: usize) {
        self.moves[self.kind] += count as u16;
    }
    fn capture(&mut self, _: usize, to: usize) {
        self.moves[self.kind] += 1;
        self.targets |= Wide384::cell(to);
    }
}

/// The counts that make keeps up to date agree with the board: the moves (by the move
/// generator) and the pieces of every kingdom by type, and the cells of the Generals. The
/// attackers looked for backwards from each piece (a Go-Between cannot be taken, R21) are
/// the other kingdoms whose generated moves capture it.
fn check_counts(p: &SevenKingdoms) {
    let text = || p.position_string();
    let mut attackers = [0u8; 361];
    for kingdom in 0..KINGDOMS {
        let mut generated = MovesByKind::default();
        p.visit_moves_of(kingdom, &mut generated);
        for cell in generated.targets.cells() {
            attackers[cell] |= 1 << kingdom;
        }
        assert_eq!(
            p.moves_by_kind(kingdom),
            generated.moves,
            "{kingdom}: {}",
            text()
        );
        let mut pieces = [0; 10];
        for (_, kind) in (0..361)
            .filter_map(|c| p.piece_at(c))
            .filter(|&(k, _)| k == kingdom)
        {
            pieces[kind] += 1;
        }
        assert_eq!(p.pieces_by_kind(kingdom), pieces, "{kingdom}: {}", text());
    }
    let generals: Vec<usize> = (0..361)
        .filter(|&c| p.piece_at(c).is_some_and(|(_, kind)| kind == GENERAL))
        .collect();
    assert_eq!(
        p.generals().cells().collect::<Vec<_>>(),
        generals,
        "{}",
        text()
    );
    for (cell, &expected) in attackers.iter().enumerate() {
        if let Some((owner, kind)) = p.piece_at(cell).filter(|&(_, kind)| kind != GO_BETWEEN) {
            let found = p.attackers(cell) & !(1 << owner);
            assert_eq!(found, expected, "{cell} ({kind}): {}", text());
        }
    }
}

/// A random move: a capture half of the time when there is one.
fn choose(p: &SevenKingdoms, moves: &[Move], rng: &mut StdRng) -> Move {
    let captures: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| p.is_tactical(m))
        .collect();
    if !captures.is_empty() && rng.gen_bool(0.5) {
        captures[rng.gen_range(0..captures.len())]
    } else {
        moves[rng.gen_range(0..moves.len())]
    }
}

/// Plays one seeded game to its end or `MAX_PLIES`, checking at every ply, then takes
/// every move back.
fn playout(seed: u64, seen: &mut Seen) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut p = SevenKingdoms::start(&Players::default());
    let mut history = vec![p.position_string()];
    let mut transferred = 0;
    let mut was_in_game = [true; KINGDOMS];
    for ply in 0..MAX_PLIES {
        let moves = legal_moves(&p);
        check_position(&mut p, &moves, ply % 4 == 0);
        check_invariants(&p, transferred, &mut was_in_game);
        check_reach(&p);
        check_counts(&p);
        if p.ending().is_some() {
            seen.finished += 1;
            break;
        }
        let before = p.position_string();
        let (side, halfmove) = (p.side(), field(&before, 5).to_string());
        let resigned = rng.gen_bool(RESIGN_CHANCE);
        if resigned {
            // R55: any kingdom in the game is put out, the side to move included (R34).
            let in_game: Vec<usize> = (0..KINGDOMS).filter(|&k| p.in_game(k)).collect();
            let kingdom = in_game[rng.gen_range(0..in_game.len())];
            let token = format!("x{}", COLOUR_LETTERS[kingdom] as char);
            let mv = p.parse_move(&token).unwrap();
            assert_eq!(p.move_string(mv), token);
            p.make_move(mv);
            seen.resignations += 1;
            assert!(!p.in_game(kingdom));
            assert_eq!(field(&p.position_string(), 5), halfmove, "R55: not a move");
        } else {
            let mv = choose(&p, &moves, &mut rng);
            let Move::Step { to, .. } = mv else {
                panic!("generated a record token")
            };
            let target = p.piece_at(usize::from(to));
            let army = target.map_or(0, |(v, _)| pieces_of(&p, v));
            let records = p.captured_kingdoms().len();
            let expected_recipient = target.map(|(v, kind)| recipient(&p, v, kind));
            p.make_move(mv);
            let after = p.position_string();
            if let Some((v, _)) = target {
                seen.captures += 1;
                assert_eq!(field(&after, 5), "0", "R51.6");
                if p.captured_kingdoms().len() > records {
                    // R42: only the captured piece's kingdom; R40: all its other pieces.
                    let &(holder, captured) = p.captured_kingdoms().last().unwrap();
                    assert_eq!(usize::from(captured), v, "R42: {before} {mv:?}");
                    let (holder, expected) = (usize::from(holder), expected_recipient.unwrap());
                    assert_eq!(Some(holder), expected, "R37/R39: {before} {mv:?}");
                    assert_eq!(pieces_of(&p, v), 0, "R40: {after}");
                    transferred += army - 1;
                    if target.is_some_and(|(_, kind)| kind == GENERAL) {
                        seen.general_transfers += 1;
                    } else {
                        seen.ten_loss_transfers += 1;
                    }
                } else {
                    assert_eq!(expected_recipient, Some(None), "R37/R38: {before} {mv:?}");
                }
            } else {
                let clock: u32 = halfmove.parse().unwrap();
                assert_eq!(field(&after, 5), (clock + 1).to_string(), "R51.6");
            }
        }
        let after = p.position_string();
        let turn_passed = !resigned || p.side() != side;
        if turn_passed && p.ending().is_none() {
            // R30: every kingdom passed over is out of the game or cannot move; the
            // reader's R32 confirms a kingdom that cannot move.
            let new_side = p.side();
            let mut k = (side + 1) % KINGDOMS;
            while k != new_side {
                if p.in_game(k) {
                    seen.skipped_turns += 1;
                    let named = after.replacen(
                        &format!(" {} ", COLOUR_LETTERS[new_side] as char),
                        &format!(" {} ", COLOUR_LETTERS[k] as char),
                        1,
                    );
                    let reread = SevenKingdoms::from_position_string(&named, p.players()).unwrap();
                    assert_ne!(reread.side(), k, "R30: {k} could move: {after}");
                }
                k = (k + 1) % KINGDOMS;
            }
        }
        if !resigned && p.ending().is_some() {
            // R31: after the last move the side field names the first kingdom after the
            // mover that is in the game (the mover itself last).
            let first = (1..=KINGDOMS)
                .map(|i| (side + i) % KINGDOMS)
                .find(|&k| p.in_game(k));
            assert_eq!(Some(p.side()), first, "R31: {after}");
        }
        // R51.7: the round number grows exactly when the turn passed and wrapped round to
        // an earlier or the same kingdom; a resignation that leaves the side to move in
        // the game does not pass the turn.
        let wrapped = turn_passed && p.side() <= side;
        let (old_round, new_round): (u32, u32) = (
            field(&before, 6).parse().unwrap(),
            field(&after, 6).parse().unwrap(),
        );
        assert_eq!(new_round, old_round + u32::from(wrapped), "R51.7: {before}");
        history.push(after);
        seen.plies += 1;
    }
    // Take everything back, checking each earlier position on the way.
    history.pop();
    while let Some(text) = history.pop() {
        p.unmake_move();
        assert_eq!(p.position_string(), text);
        assert_eq!(p.hash(), p.recompute_hash());
    }
    assert_eq!(
        p.position_string(),
        SevenKingdoms::start(&Players::default()).position_string()
    );
}

/// Games per thread and threads: 60 games in all.
const THREADS: u64 = 4;
const GAMES_PER_THREAD: u64 = 15;

#[test]
fn random_playouts_keep_hash_strings_moves_and_rule_invariants() {
    let seen: Vec<Seen> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..THREADS)
            .map(|t| {
                scope.spawn(move || {
                    let mut seen = Seen::default();
                    for game in 0..GAMES_PER_THREAD {
                        playout(0x5EED_0000 + t * GAMES_PER_THREAD + game, &mut seen);
                    }
                    seen
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let total = seen.iter().fold(Seen::default(), |a, s| Seen {
        plies: a.plies + s.plies,
        captures: a.captures + s.captures,
        general_transfers: a.general_transfers + s.general_transfers,
        ten_loss_transfers: a.ten_loss_transfers + s.ten_loss_transfers,
        resignations: a.resignations + s.resignations,
        finished: a.finished + s.finished,
        skipped_turns: a.skipped_turns + s.skipped_turns,
    });
    println!("{total:?}");
    // The playouts went through what the properties are about.
    assert!(total.captures > 1000, "{total:?}");
    assert!(total.general_transfers > 20, "{total:?}");
    assert!(total.ten_loss_transfers > 0, "{total:?}");
    assert!(total.resignations > 5, "{total:?}");
    assert!(total.finished > 30, "{total:?}");
}
