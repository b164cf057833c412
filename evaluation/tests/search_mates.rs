//! Mates and other finished games as the search scores them: mate-in-N positions (each
//! checked by an exhaustive proof search written here, independent of the engine's
//! search), baring, stalemate, and the draws by rule.

use engine::game::{Game, Points, Status};
use engine::search::{Control, Limits, Options, Score, Searcher};
use engine::variants::hexmate::{Hexmate, Ruleset};
use evaluation::HexmateEval;

fn position(text: &str) -> Hexmate {
    Hexmate::from_position_string(text, &Ruleset::Hexmate).expect("a valid position")
}

fn search(
    pos: &Hexmate,
    limits: Limits<<Hexmate as Game>::Move>,
) -> engine::search::SearchResult<<Hexmate as Game>::Move> {
    let mut searcher = Searcher::<Hexmate, HexmateEval>::new(Options::default());
    searcher.search(pos, &limits, &Control::default(), &mut |_| {})
}

fn to_depth(depth: u32) -> Limits<<Hexmate as Game>::Move> {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

fn legal_moves(pos: &Hexmate) -> Vec<<Hexmate as Game>::Move> {
    let mut list = <Hexmate as Game>::MoveList::default();
    pos.generate_moves(&mut list);
    list.to_vec()
}

/// Whether `winner` has won the game that is over in `pos`.
fn won_by(pos: &Hexmate, winner: usize) -> Option<bool> {
    match pos.status() {
        Status::Over(outcome) => Some(outcome.points[winner] == Points::ONE),
        Status::Ongoing => None,
    }
}

/// Exhaustive proof: the side to move wins (checkmate or baring) with at most `moves`
/// moves of its own, whatever the opponent does.
fn forced_win(pos: &mut Hexmate, moves: u32) -> bool {
    let attacker = pos.side();
    moves > 0
        && legal_moves(pos).into_iter().any(|mv| {
            pos.make_move(mv);
            let wins = won_by(pos, attacker)
                .unwrap_or_else(|| moves > 1 && every_reply_loses(pos, moves - 1, attacker));
            pos.unmake_move();
            wins
        })
}

fn every_reply_loses(pos: &mut Hexmate, moves: u32, attacker: usize) -> bool {
    legal_moves(pos).into_iter().all(|mv| {
        pos.make_move(mv);
        let lost = won_by(pos, attacker).unwrap_or_else(|| forced_win(pos, moves));
        pos.unmake_move();
        lost
    })
}

/// Checks that the shortest forced win takes exactly `n` moves and that the search
/// reports exactly `Mate(n)`.
fn assert_mate_in(text: &str, n: i32) {
    let mut pos = position(text);
    assert!(forced_win(&mut pos, n as u32), "{text}: no win in {n}");
    assert!(
        !forced_win(&mut pos, n as u32 - 1),
        "{text}: a win in {}",
        n - 1
    );
    let out = search(&pos, to_depth(2 * n as u32 + 2));
    assert_eq!(out.score, Score::Mate(n), "{text}");
    // The plain alpha-beta baseline proves it at exactly 2n − 1 plies, never touching
    // the transposition table.
    let mut plain = Searcher::<Hexmate, HexmateEval>::new(Options {
        plain: true,
        ..Options::default()
    });
    let limits = to_depth(2 * n as u32 - 1);
    let plain_out = plain.search(&pos, &limits, &Control::default(), &mut |_| {});
    assert_eq!(plain_out.score, Score::Mate(n), "{text}: plain search");
    assert_eq!(plain.hashfull(), 0, "{text}: plain search used the table");
    let mut after = pos.clone();
    after.make_move(out.best.expect("a move"));
    if n == 1 {
        assert_eq!(won_by(&after, pos.side()), Some(true), "{text}");
    }
}

#[test]
fn e12a_has_mates_in_one_with_the_borrowed_rook_movement() {
    // E12a: five of White's 55 moves mate; the search must find one of them.
    let text = "k6/8/1K7/10/6R4/12/13/12/2p8/10/9/8/7 w 0 1";
    assert_mate_in(text, 1);
    let pos = position(text);
    let best = pos.move_string(search(&pos, to_depth(3)).best.unwrap());
    assert!(
        ["g9a9", "g9c13", "g9e9", "g9g7", "g9g13"].contains(&best.as_str()),
        "{best}"
    );
}

#[test]
fn baring_is_a_win_like_a_mate() {
    // E14a: g4g9 captures Black's last piece besides the King (R46 step 1).
    let text = "7/8/9/6k3/6n4/12/13/12/10P/3R6/9/8/3K3 w 0 1";
    assert_mate_in(text, 1);
    let pos = position(text);
    assert_eq!(
        pos.move_string(search(&pos, to_depth(3)).best.unwrap()),
        "g4g9"
    );
}

#[test]
fn mates_in_two() {
    // White King and Rook against the cornered King a13 and a pawn: no single move mates
    // (checked exhaustively), but a quiet move first closes the net.
    assert_mate_in("k6/8/9/10/5K5/12/13/12/11/10/p8/8/5R1 w 0 1", 2);
    assert_mate_in("k6/5K2/9/1R8/7p3/12/13/12/11/10/9/8/7 w 0 1", 2);
    assert_mate_in("k6/8/9/5K4/11/10p1/2R10/12/11/10/9/8/7 w 0 1", 2);
    // Here the second move captures the pawn: baring, as good as a mate.
    assert_mate_in("k6/8/9/5K4/11/12/11R1/12/11/3p6/9/8/7 w 0 1", 2);
    assert_mate_in("k6/8/3R5/5K4/8p2/12/13/12/11/10/9/8/7 w 0 1", 2);
}

#[test]
fn mates_in_three() {
    assert_mate_in("k6/8/9/10/11/3K8/13/12/11/3p6/9/8/4R2 w 0 1", 3);
    assert_mate_in("k6/8/9/5K4/11/12/13/11R/11/10/9/4p3/7 w 0 1", 3);
    assert_mate_in("k6/1p6/2K6/10/11/12/13/12/11/10/9/8/4R2 w 0 1", 3);
}

#[test]
fn the_mated_side_sees_its_loss() {
    // E12b: Black is checkmated; E14b: Black is bared. No move, a lost score.
    for text in [
        "k5R/8/1K7/10/11/12/13/12/2p8/10/9/8/7 b 1 1",
        "7/8/9/6k3/6R4/12/13/12/10P/10/9/8/3K3 b 0 1",
    ] {
        let out = search(&position(text), to_depth(4));
        assert_eq!(out.best, None, "{text}");
        assert_eq!(out.score, Score::Mate(0), "{text}");
    }
}

#[test]
fn stalemate_is_valued_between_a_draw_and_a_mate() {
    // E13: Black is stalemated and scores 1/4 (R3).
    let out = search(
        &position("k6/8/2K6/10/2p8/12/3B9/12/11/10/9/8/7 b 0 1"),
        to_depth(4),
    );
    assert_eq!(out.best, None);
    match out.score {
        Score::Cp(cp) => assert!(cp < 0, "{cp}"),
        Score::Mate(n) => panic!("stalemate scored as a mate in {n}"),
    }
}

#[test]
fn fifty_move_rule_draws_but_checkmate_comes_first() {
    // E15: E12a with the halfmove clock at 99. A mate still wins (R46 order) ...
    let text = "k6/8/1K7/10/6R4/12/13/12/2p8/10/9/8/7 w 99 80";
    let pos = position(text);
    assert_eq!(search(&pos, to_depth(4)).score, Score::Mate(1));
    // ... and any other move draws at once.
    let quiet = pos.parse_move("g9g8").unwrap();
    let limits = Limits {
        search_moves: vec![quiet],
        ..to_depth(4)
    };
    let out = search(&pos, limits);
    assert_eq!(out.best, Some(quiet));
    assert_eq!(out.score, Score::Cp(0));
}

#[test]
fn threefold_repetition_through_the_game_history_is_a_draw() {
    // E16: the start position occurs for the third time after k8i11.
    let mut pos = Hexmate::start(&Ruleset::Hexmate);
    for token in ["e3c6", "i11k8", "c6e3", "k8i11", "e3c6", "i11k8", "c6e3"] {
        let mv = pos.parse_move(token).unwrap();
        pos.make_move(mv);
    }
    let back = pos.parse_move("k8i11").unwrap();
    let limits = Limits {
        search_moves: vec![back],
        ..to_depth(5)
    };
    let out = search(&pos, limits);
    assert_eq!(out.best, Some(back));
    assert_eq!(out.score, Score::Cp(0));
}
