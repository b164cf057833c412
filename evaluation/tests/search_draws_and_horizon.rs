//! Two search bugs found in play (issue 17, item 6): a repetition reached inside the
//! search is a draw, and quiescence search is bounded so that depth 1 is cheap and the
//! move played always has an `info` line.

use engine::game::Game;
use engine::search::multiplayer::{Algorithm, MultiSearcher};
use engine::search::{
    Control, Evaluator, Info, Limits, Options, Report, Score, SearchResult, Searcher,
};
use engine::variants::hepta::Hepta;
use engine::variants::hexian::{Config as HexianConfig, HexianGame};
use engine::variants::hexmate::{Hexmate, Ruleset};
use engine::variants::sevenkingdoms::{Move as SkMove, Players, SevenKingdoms};
use evaluation::{HeptaEval, HexianEval, HexmateEval, SevenKingdomsEval};

/// Plays `moves` from `start`.
fn after<G: Game>(start: G, moves: &str) -> G {
    let mut pos = start;
    for token in moves.split_whitespace() {
        let mv = pos
            .parse_move(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        pos.make_move(mv);
    }
    pos
}

/// Searches `pos` with a fresh two-player searcher; the outcome and its iteration lines.
fn search<G: Game, E: Evaluator<G>>(
    pos: &G,
    limits: &Limits<G::Move>,
) -> (SearchResult<G::Move>, Vec<Info<G::Move>>) {
    let mut searcher = Searcher::<G, E>::new(Options::default());
    let mut infos = Vec::new();
    let outcome = searcher.search(pos, limits, &Control::default(), &mut |r| {
        if let Report::Iteration(info) = r {
            infos.push(info.clone());
        }
    });
    (outcome, infos)
}

fn moves_text<G: Game>(pos: &G, line: &[G::Move]) -> Vec<String> {
    let mut pos = pos.clone();
    line.iter()
        .map(|&mv| {
            let text = pos.move_string(mv);
            pos.make_move(mv);
            text
        })
        .collect()
}

const HEPTA_FAR_AHEAD: &str = "1ng5/1kg8npNc1kc1/3NoSbkyNy1Nokp1Srnp1Sb/5Sr3ng3Sonc/NgSynongSrSbSbSpSb1ncNp2Np/1NrKoNoSyNy1NgnyNgNc2Kp1/5Kg5Nb1Nc1/NrnrNrM*Ny2M*NbSpKb4/1Kr3Ky6Kc2 w -/c/-/oygc/- o/-/-/p/- gycprbo - - 12 187";

/// Hepta R93: `i6i7` repeats the position after the game's fifth ply (and `j8j7` then
/// the one after its sixth, a third time: the game is drawn). Either way the line is worth
/// exactly a draw, so the side far ahead plays another move.
#[test]
fn hepta_a_repetition_inside_the_search_is_a_draw() {
    let root = after(
        Hepta::from_position_string(HEPTA_FAR_AHEAD, &()).unwrap(),
        "f1g1 f7g6 i7i6 j7j8 i6i7 j8j7 i7i6 j7j8",
    );
    let repeat = root.parse_move("i6i7").unwrap();
    let only_repeat = Limits {
        depth: Some(2),
        search_moves: vec![repeat],
        ..Limits::default()
    };
    let (outcome, infos) = search::<Hepta, HeptaEval>(&root, &only_repeat);
    assert_eq!(outcome.score, Score::Cp(0));
    assert_eq!(moves_text(&root, &infos.last().unwrap().pv), ["i6i7"]);

    let (outcome, _) = search::<Hepta, HeptaEval>(
        &root,
        &Limits {
            depth: Some(2),
            ..Limits::default()
        },
    );
    assert_ne!(outcome.best, Some(repeat));
    assert!(
        matches!(outcome.score, Score::Cp(cp) if cp > 1000),
        "{:?}",
        outcome.score
    );
}

const HEXCHOICE_GAME: &str = "rbakabr/d1b2b2/q1r3r2/pp1pppp1pp/p1p1pnppp1p/1p2p1n2p2/9p3/1PP3PPP3/1PPPNP1d3/1P1PPP2P1/1N6q/DR6/nKBB1a1 b play 1 48";

/// Hexmate R52: `j3j5` repeats the position after the game's seventh move of this line,
/// a second occurrence, which the side to move can make a third: a draw in the search.
#[test]
fn hexchoice_a_second_occurrence_of_a_game_position_is_a_draw() {
    let root = after(
        Hexmate::from_position_string(HEXCHOICE_GAME, &Ruleset::Hexchoice).unwrap(),
        "l1f4 h1h2 j7j6 g5d7 j5j3 h2l6 j3j5 l6h2 j5j3 h2l6",
    );
    let repeat = root.parse_move("j3j5").unwrap();
    for depth in 1..=3 {
        let only_repeat = Limits {
            depth: Some(depth),
            search_moves: vec![repeat],
            ..Limits::default()
        };
        let (outcome, infos) = search::<Hexmate, HexmateEval>(&root, &only_repeat);
        assert_eq!(outcome.score, Score::Cp(0), "depth {depth}");
        // The line ends where the position repeats, not only at a third occurrence.
        assert_eq!(
            moves_text(&root, &infos.last().unwrap().pv),
            ["j3j5"],
            "depth {depth}"
        );
    }
    let (outcome, _) = search::<Hexmate, HexmateEval>(
        &root,
        &Limits {
            nodes: Some(500),
            ..Limits::default()
        },
    );
    assert_ne!(outcome.best, Some(repeat));
    assert!(
        matches!(outcome.score, Score::Cp(cp) if cp > 0),
        "{:?}",
        outcome.score
    );
}

/// Two Kings of six seats' game (the others are out): the draws share the point between
/// the two in play (hexian.md R114, R118).
const HEXIAN_TWO_KINGS: &str =
    "9/10/11/12/bA12/14/15/16/17/16/15/14/13/12/11/10/4wA4 w - w.b.U.P.G.Y 1 - 000000 - - 0 1";

/// Hexian R114 in every multi-player algorithm: after one round of back-and-forth moves,
/// `m1m2` reaches the position after the first ply a second time, worth exactly a draw:
/// half a point of six seats, (6·½ − 1)/5 of 1200 = 480 for the root seat.
#[test]
fn hexian_a_repetition_is_a_draw_in_every_multiplayer_search() {
    let root = after(
        HexianGame::from_position_string(HEXIAN_TWO_KINGS, &HexianConfig::default()).unwrap(),
        "m1m2 a13a12 m2m1 a12a13",
    );
    assert_eq!(root.seats(), 6);
    let repeat = root.parse_move("m1m2").unwrap();
    for algorithm in Algorithm::ALL {
        let mut searcher = MultiSearcher::<HexianGame, HexianEval>::new(Options::default());
        searcher.set_algorithm(algorithm);
        for depth in 1..=3 {
            let limits = Limits {
                depth: Some(depth),
                search_moves: vec![repeat],
                ..Limits::default()
            };
            let outcome = searcher.search(&root, &limits, &Control::default(), &mut |_| {});
            assert_eq!(outcome.score, Score::Cp(480), "{algorithm:?} depth {depth}");
        }
    }
}

/// Two-player Hexian under Astaroth from a game of level 20 against level 0 (issue 20),
/// black (player 2: black, pink, gold) to move with gold's check counter at 2: any check
/// of gold's Archwizard eliminates gold (docs/rules/hexian.md R102, R110). Two plies later
/// (`a11a12 b16g6`) pink is to move and green's quiet check `q4q3` is within depth 4.
const HEXIAN_GOLD_ONE_CHECK_FROM_OUT: &str = "uG(@a17)uMuFuZ1pZpFpApG(@i17)/\
uAuG(@b16)uIuZ2pZpI1pM/2uDuZ3pZpDpIpF/1uZ1uH6pZpZ/3uZ4pHpZ3/uF(^u)12gZ/bFbZ1uI9gZgF/\
bMbIbZ10gZ1gA/1bG(@b9)1bH11gG(@p9)gG(@q9)/bA1bZ10gZwG(@i1^w)gM/bFbZ1bD(=I)2yD6gZ1/\
bZ11gZ1/13/wZwZwZwH4yHyZ1gF(^g)/wF1wDwZ3yZ1yIyG(@p2^y)/wMwG(@i2)1wZwI1yZyI1yA/\
1wAwFwZ1yZyFyMyG(@q1) b a12bZ,n9gH,p4yZ,q3gD(=F),q4yZ wug.bpy 1 - 000002 - a9,i16 0 6";

/// The score of `pos` searched to `depth`, from the side to move's point of view.
fn centipawns_at_depth<G: Game, E: Evaluator<G>>(pos: &G, depth: u32) -> i32 {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    match search::<G, E>(pos, &limits).0.score {
        Score::Cp(cp) => cp,
        other => panic!("no centipawn score: {other:?}"),
    }
}

/// Level 20 saw -2.59 at depth 3 here and -29.43 two plies later, once green's
/// eliminating check came within its depth, and resigned: the quiet check is beyond
/// quiescence. The evaluation prices the counter of 2, so both scores (player 2's view:
/// black, then pink) lie within 10 points.
#[test]
fn hexian_an_army_one_check_from_elimination_is_priced_before_the_check_is_seen() {
    let before =
        HexianGame::from_position_string(HEXIAN_GOLD_ONE_CHECK_FROM_OUT, &HexianConfig::default())
            .unwrap();
    let after_two = after(before.clone(), "a11a12 b16g6");
    assert_eq!(after_two.to_move(), before.to_move());
    let seen_late = centipawns_at_depth::<_, HexianEval>(&after_two, 4);
    let seen_early = centipawns_at_depth::<_, HexianEval>(&before, 3);
    assert!(
        seen_late < -2000,
        "the elimination is seen at depth 4: {seen_late}"
    );
    assert!(
        (seen_early - seen_late).abs() < 1000,
        "depth 3 before: {seen_early}, depth 4 two plies later: {seen_late}"
    );
}

/// Green's `q4q3` takes a Zombie with its Fungoid on a cell pink attacks, which the
/// losing-capture test skipped in quiescence, and it gives yellow its third check
/// (hexian.md R102, R110): quiescence must search it, so depth 1 already sees yellow go.
#[test]
fn hexian_quiescence_sees_an_eliminating_check() {
    let before =
        HexianGame::from_position_string(HEXIAN_GOLD_ONE_CHECK_FROM_OUT, &HexianConfig::default())
            .unwrap();
    let pos = after(before, "a11a12 b16g6");
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let (outcome, infos) = search::<_, HexianEval>(&pos, &limits);
    let line = moves_text(&pos, &infos.last().expect("depth 1").pv);
    assert_eq!(line.get(1).map(String::as_str), Some("q4q3"), "{line:?}");
    assert!(
        matches!(outcome.score, Score::Cp(cp) if cp < -3000),
        "{:?}",
        outcome.score
    );
}

/// Black's lone Archwizard at a counter of 2 against White's Fungoid, black to move: every
/// step leaves a quiet check that eliminates black (hexian.md R102, R110), which only
/// quiescence can see at depth 1.
#[test]
fn hexian_quiescence_sees_a_quiet_eliminating_check() {
    let pos = HexianGame::from_position_string(
        "9/10/11/12/bA12/14/15/16/17/5wF10/15/14/13/12/11/10/4wA4 b - wUG.bPY 1 - 020000 - - 0 1",
        &HexianConfig::default(),
    )
    .unwrap();
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let (outcome, _) = search::<_, HexianEval>(&pos, &limits);
    assert!(
        matches!(outcome.score, Score::Cp(cp) if cp < -3000)
            || matches!(outcome.score, Score::Mate(n) if n < 0),
        "{:?}",
        outcome.score
    );
}

/// Seven Kingdoms divided between two players, after eleven plies: depth 1 used to cost
/// more than 1000 nodes (long capture chains in quiescence), so `go nodes 1000` finished
/// no iteration and printed no `info` at all.
fn seven_kingdoms_two_players() -> SevenKingdoms {
    after(
        SevenKingdoms::start(&Players::parse("wrob/gpd").unwrap()),
        "e9d8 e2d3 l1j2 o5o10 p13l9 k18l16 f14d16 a6b4 h1i3 n2k5 p5l9",
    )
}

/// Searches with a fresh Seven Kingdoms searcher of `algorithm`.
fn search_seven(
    pos: &SevenKingdoms,
    algorithm: Algorithm,
    limits: &Limits<SkMove>,
) -> (SearchResult<SkMove>, Vec<Info<SkMove>>) {
    let mut searcher = MultiSearcher::<SevenKingdoms, SevenKingdomsEval>::new(Options::default());
    searcher.set_algorithm(algorithm);
    let mut infos = Vec::new();
    let outcome = searcher.search(pos, limits, &Control::default(), &mut |r| {
        if let Report::Iteration(info) = r {
            infos.push(info.clone());
        }
    });
    (outcome, infos)
}

#[test]
fn quiescence_is_bounded_so_depth_one_is_cheap() {
    let pos = seven_kingdoms_two_players();
    let (outcome, infos) = search_seven(
        &pos,
        Algorithm::default(),
        &Limits {
            depth: Some(1),
            ..Limits::default()
        },
    );
    assert_eq!(outcome.depth, 1);
    assert!(outcome.nodes <= 600, "depth 1 took {} nodes", outcome.nodes);
    assert!(infos[0].seldepth <= 8, "seldepth {}", infos[0].seldepth);

    let (outcome, infos) = search_seven(
        &pos,
        Algorithm::default(),
        &Limits {
            nodes: Some(1000),
            ..Limits::default()
        },
    );
    assert!(outcome.depth >= 1);
    assert_eq!(infos[0].depth, 1);
}

/// A search stopped before its first iteration ends still shows the line of the move it
/// plays, in every algorithm, two-player or not.
#[test]
fn the_move_played_has_an_info_line_even_when_no_iteration_finished() {
    let two = seven_kingdoms_two_players();
    let seven = SevenKingdoms::start(&Players::default());
    for (pos, algorithms) in [(&two, &Algorithm::ALL[..1]), (&seven, &Algorithm::ALL[..])] {
        for &algorithm in algorithms {
            let (outcome, infos) = search_seven(
                pos,
                algorithm,
                &Limits {
                    nodes: Some(40),
                    ..Limits::default()
                },
            );
            assert_eq!(
                outcome.depth, 0,
                "{algorithm:?}: no iteration can finish in 40 nodes"
            );
            assert_eq!(infos.len(), 1, "{algorithm:?}");
            assert_eq!(infos[0].pv.first().copied(), outcome.best, "{algorithm:?}");
            assert_eq!(infos[0].depth, 1, "{algorithm:?}");
        }
    }
}
