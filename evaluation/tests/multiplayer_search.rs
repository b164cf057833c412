//! The multi-player searches (best reply, paranoid, max-n) on Seven Kingdoms, and the
//! two-player search behind the same `MultiSearcher` for two-player divisions: immediate
//! wins, avoiding an immediate loss, limits and `stop`, determinism, legal moves from the
//! start, and what the reports carry.

use engine::game::Game;
use engine::search::multiplayer::{Algorithm, MultiSearcher};
use engine::search::{Control, Info, Limits, Options, Report, Score, SearchResult};
use engine::variants::sevenkingdoms::{Move, MoveList, Players, SevenKingdoms};
use evaluation::SevenKingdomsEval;
use std::sync::atomic::Ordering;

type Searcher = MultiSearcher<SevenKingdoms, SevenKingdomsEval>;

const SEVEN: &str = "w/r/o/b/g/p/d";
/// Example 10: Red has 29 captures; `e2e7` is the thirtieth.
const THIRTY: &str = "5dQ7pQ5/19/19/19/19/18gQ/19/19/19/wQ18/19/4pS14/19/18bQ/19/19/4rR14/19/5rQ7oQ5 r rw9,rb9,rg8,rp3 - - 4 20";
/// Example 11: Orange holds Blue; `k3p8` takes Green's General, the second kingdom.
const TWO_KINGDOMS: &str = "5dQ7pQ5/19/19/19/19/19/16gG2/17gS1/18gC/wQ18/15gQ3/19/19/19/18oR/10oB8/19/19/5rQ7oQ5 o ob17,og2 ob - 9 31";
/// White's General on a9 stands on the a-file of Orange's Chancellor (a2). Orange holds
/// Purple, so taking the General would be its second kingdom. Red (a Swordsman far away,
/// so that it cannot hand Orange a kingdom of its own) moves between White and Orange.
const THREATENED: &str =
    "18rS/19/19/19/19/19/19/19/19/wQ18/19/19/19/19/19/19/oR18/19/13oQ5 w op17 op - 0 30";

fn position(text: &str, players: &str) -> SevenKingdoms {
    SevenKingdoms::from_position_string(text, &Players::parse(players).unwrap()).unwrap()
}

fn searcher(algorithm: Algorithm) -> Searcher {
    searcher_with(algorithm, Options::default())
}

fn searcher_with(algorithm: Algorithm, options: Options) -> Searcher {
    let mut s = Searcher::new(Options {
        hash_mb: 4,
        ..options
    });
    s.set_algorithm(algorithm);
    s
}

/// Searches with a fresh searcher; returns the outcome and the iteration reports.
fn search(
    pos: &SevenKingdoms,
    algorithm: Algorithm,
    limits: &Limits<Move>,
) -> (SearchResult<Move>, Vec<Info<Move>>) {
    search_with(pos, algorithm, Options::default(), limits)
}

/// [`search`] with `options`.
fn search_with(
    pos: &SevenKingdoms,
    algorithm: Algorithm,
    options: Options,
    limits: &Limits<Move>,
) -> (SearchResult<Move>, Vec<Info<Move>>) {
    let mut infos = Vec::new();
    let mut s = searcher_with(algorithm, options);
    let outcome = s.search(pos, limits, &Control::default(), &mut |r| {
        if let Report::Iteration(info) = r {
            infos.push(info.clone());
        }
    });
    (outcome, infos)
}

fn depth(d: u32) -> Limits<Move> {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn nodes(n: u64) -> Limits<Move> {
    Limits {
        nodes: Some(n),
        ..Limits::default()
    }
}

fn is_legal(pos: &SevenKingdoms, mv: Move) -> bool {
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    moves.contains(&mv)
}

/// Whether `mv` ends the game with a win for the kingdom that plays it (in Example 10
/// both `e2e7` and `f0f18`, which takes Black's General on the open f-file, do).
fn wins_at_once(pos: &SevenKingdoms, mv: Move) -> bool {
    let mut after = pos.clone();
    after.make_move(mv);
    after.ending().is_some_and(|e| e.winner == Some(pos.side()))
}

#[test]
fn every_algorithm_takes_an_immediate_win() {
    for algorithm in Algorithm::ALL {
        for text in [THIRTY, TWO_KINGDOMS] {
            let pos = position(text, SEVEN);
            let (outcome, infos) = search(&pos, algorithm, &depth(3));
            assert!(wins_at_once(&pos, outcome.best.unwrap()), "{algorithm:?}");
            assert_eq!(outcome.score, Score::Mate(1), "{algorithm:?}");
            let last = infos.last().unwrap();
            assert_eq!(last.score, Score::Mate(1));
            assert_eq!(Some(last.pv[0]), outcome.best);
            // The winner's seat scores a win, every other seat a loss.
            let winner = pos.to_move();
            for (seat, &s) in last.seat_scores.iter().enumerate() {
                assert_eq!(
                    s > 0,
                    seat == winner,
                    "{algorithm:?} {:?}",
                    last.seat_scores
                );
            }
        }
    }
}

#[test]
fn the_two_player_search_takes_an_immediate_win_for_a_two_player_division() {
    for text in [THIRTY, TWO_KINGDOMS] {
        let pos = position(text, "wrob/gpd");
        let (outcome, infos) = search(&pos, Algorithm::BestReply, &depth(3));
        assert!(wins_at_once(&pos, outcome.best.unwrap()));
        assert_eq!(outcome.score, Score::Mate(1));
        assert!(infos.iter().all(|i| i.seat_scores.is_empty()));
    }
}

/// Whether, after `mv`, Orange can win with its next move whatever Red plays first.
fn orange_can_win_after(pos: &SevenKingdoms, mv: Move) -> bool {
    let mut pos = pos.clone();
    pos.make_move(mv);
    let mut red_moves = MoveList::new();
    pos.generate_moves(&mut red_moves);
    red_moves.iter().any(|&red| {
        pos.make_move(red);
        let mut orange_moves = MoveList::new();
        pos.generate_moves(&mut orange_moves);
        let wins = orange_moves.iter().any(|&orange| {
            pos.make_move(orange);
            let won = pos.ending().is_some_and(|e| e.winner == Some(2));
            pos.unmake_move();
            won
        });
        pos.unmake_move();
        wins
    })
}

#[test]
fn every_algorithm_avoids_an_immediate_loss() {
    let pos = position(THREATENED, SEVEN);
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    let losing = moves
        .iter()
        .filter(|&&mv| orange_can_win_after(&pos, mv))
        .count();
    assert!(
        losing > 0 && losing < moves.len(),
        "{losing} of {}",
        moves.len()
    );
    for algorithm in Algorithm::ALL {
        for d in [2, 3] {
            let (outcome, _) = search(&pos, algorithm, &depth(d));
            let best = outcome.best.unwrap();
            assert!(
                !orange_can_win_after(&pos, best),
                "{algorithm:?} depth {d} plays {}",
                pos.move_string(best)
            );
        }
    }
    // Two players, White with Red against Orange: the two-player search.
    let two_players = position(THREATENED, "pdwr/obg");
    let (outcome, _) = search(&two_players, Algorithm::BestReply, &depth(3));
    assert!(!orange_can_win_after(&two_players, outcome.best.unwrap()));
}

#[test]
fn depth_and_node_limits_are_respected() {
    let pos = SevenKingdoms::start(&Players::default());
    for algorithm in Algorithm::ALL {
        let (outcome, infos) = search(&pos, algorithm, &depth(2));
        assert_eq!(outcome.depth, 2);
        let depths: Vec<u32> = infos.iter().map(|i| i.depth).collect();
        assert_eq!(depths, [1, 2]);
        let (outcome, _) = search(&pos, algorithm, &nodes(3000));
        assert!(outcome.nodes <= 3000, "{algorithm:?}: {}", outcome.nodes);
        assert!(is_legal(&pos, outcome.best.unwrap()));
    }
}

#[test]
fn stop_ends_even_an_infinite_search() {
    let pos = SevenKingdoms::start(&Players::default());
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    for algorithm in Algorithm::ALL {
        let control = Control::default();
        control.stop.store(true, Ordering::Relaxed);
        let outcome = searcher(algorithm).search(&pos, &limits, &control, &mut |_| {});
        assert!(is_legal(&pos, outcome.best.unwrap()));
        assert!(outcome.nodes <= 1024);
    }
}

#[test]
fn node_counts_are_deterministic() {
    let pos = position(
        "2dNdSdBdQdRdSdN1pNpSpBpQpRpSpN2/3dNdSdCdSdN3pNpSpCpSpN3/4dAdWdA5pApWpA3gN/5dH7pH3gNgS/3wN6dG5gAgSgB/15gHgWgCgQ/wN14gGgAgSgR/wS17gS/wRwSwA8bW1pG1gN2gN/wQwCwWwH15/wBwSwA15bN/wSwN15bNbS/wN15bAbSbB/15bH1bCbQ/4wGrGrHoW5oG2bAbSbR/13oH2bGbNbS/4rArWrA4rNoA1oA3bN/3rNrSrCrSrN3oNoSoCoSoN3/2rNrSrBrQrRrS2oNoSoBoQoRoSoN2 p - - - 12 2",
        SEVEN,
    );
    for (algorithm, d) in [
        (Algorithm::BestReply, 3),
        (Algorithm::Paranoid, 2),
        (Algorithm::MaxN, 2),
    ] {
        let (first, _) = search(&pos, algorithm, &depth(d));
        let (second, _) = search(&pos, algorithm, &depth(d));
        assert_eq!(first.nodes, second.nodes, "{algorithm:?}");
        assert_eq!(first.best, second.best, "{algorithm:?}");
    }
}

/// 20,000 nodes are enough for a real iteration from the start in every division and
/// algorithm: the move played is the first of the last reported line (not the fallback
/// of a search that finished nothing), legal, and the limit is kept.
#[test]
fn a_legal_move_from_the_start_within_a_small_budget() {
    for players in [SEVEN, "wr/ob/gp/d", "wrob/gpd"] {
        let pos = SevenKingdoms::start(&Players::parse(players).unwrap());
        for algorithm in Algorithm::ALL {
            let (outcome, infos) = search(&pos, algorithm, &nodes(20_000));
            let case = format!("{players} {algorithm:?}");
            assert!(outcome.depth >= 1, "{case}: no iteration finished");
            assert!(
                outcome.nodes <= 20_000 + 64,
                "{case}: {} nodes",
                outcome.nodes
            );
            let last = infos.last().expect("an info line");
            assert_eq!(outcome.best, last.pv.first().copied(), "{case}");
            assert!(is_legal(&pos, outcome.best.unwrap()), "{case}");
        }
    }
}

#[test]
fn reports_carry_one_score_per_seat_and_a_playable_line() {
    for players in [SEVEN, "wr/ob/gp/d"] {
        let pos = SevenKingdoms::start(&Players::parse(players).unwrap());
        for algorithm in Algorithm::ALL {
            let (outcome, infos) = search(&pos, algorithm, &depth(2));
            let info = infos.last().unwrap();
            assert_eq!(info.seat_scores.len(), pos.seats());
            assert_eq!(info.score, Score::Cp(info.seat_scores[0]), "{algorithm:?}");
            assert_eq!(outcome.score, info.score);
            assert_eq!(Some(info.pv[0]), outcome.best);
            // The line is a game: every move legal where it is played.
            let mut line = pos.clone();
            for &mv in &info.pv {
                assert!(is_legal(&line, mv), "{algorithm:?}");
                line.make_move(mv);
            }
            if let Some(ponder) = outcome.ponder {
                assert_eq!(Some(&ponder), info.pv.get(1));
            }
        }
    }
}

#[test]
fn searchmoves_restrict_the_root() {
    let pos = SevenKingdoms::start(&Players::default());
    let only = pos.parse_move("c8d7").unwrap();
    let limits = Limits {
        depth: Some(2),
        search_moves: vec![only],
        ..Limits::default()
    };
    for algorithm in Algorithm::ALL {
        let (outcome, _) = search(&pos, algorithm, &limits);
        assert_eq!(outcome.best, Some(only));
    }
}

#[test]
fn a_finished_game_has_no_move() {
    let over = "5dQ7pQ5/19/19/19/19/18gQ/19/19/19/wQ18/19/4rR14/19/18bQ/19/19/19/19/5rQ7oQ5 o rw9,rb9,rg8,rp4 - - 0 20";
    let pos = position(over, SEVEN);
    for algorithm in Algorithm::ALL {
        let (outcome, infos) = search(&pos, algorithm, &depth(3));
        assert_eq!(outcome.best, None);
        assert!(infos.is_empty());
        // Orange (to move, by R31) has lost.
        assert!(matches!(outcome.score, Score::Mate(n) if n < 0));
    }
}

#[test]
fn algorithms_are_named_as_the_option_values() {
    for algorithm in Algorithm::ALL {
        assert_eq!(Algorithm::from_id(algorithm.id()), Some(algorithm));
    }
    assert_eq!(Algorithm::from_id("MAXN"), Some(Algorithm::MaxN));
    assert_eq!(Algorithm::from_id("minimax"), None);
    assert_eq!(Algorithm::default(), Algorithm::BestReply);
}

/// Issue 17 item 5: MultiPV 3 gives, at every depth, lines 1 to 3 with three different
/// legal first moves, each with one score per seat and searched to its end; the move
/// played is line 1's. In
/// best-reply and paranoid search the lines come best first by the root seat's score
/// (max-n orders them by the root seat's share, which the score need not follow).
#[test]
fn multipv_gives_k_lines_of_different_moves_with_every_seats_scores() {
    let pos = SevenKingdoms::start(&Players::default());
    for algorithm in Algorithm::ALL {
        let options = Options {
            multipv: 3,
            ..Options::default()
        };
        let (outcome, infos) = search_with(&pos, algorithm, options, &depth(2));
        let numbers: Vec<(u32, usize)> = infos.iter().map(|i| (i.depth, i.multipv)).collect();
        assert_eq!(
            numbers,
            [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)],
            "{algorithm:?}"
        );
        let last = &infos[3..];
        let firsts: Vec<Move> = last.iter().map(|i| i.pv[0]).collect();
        assert!(
            firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
            "{algorithm:?}: {firsts:?}"
        );
        assert!(firsts.iter().all(|&mv| is_legal(&pos, mv)), "{algorithm:?}");
        // Every line was searched to its end: its score is the root seat's (White, seat
        // 0) where the line ends.
        for info in &infos {
            assert_eq!(info.seat_scores.len(), pos.seats(), "{algorithm:?}");
            assert_eq!(
                info.score,
                Score::Cp(info.seat_scores[0]),
                "{algorithm:?}: {info:?}"
            );
        }
        assert_eq!(outcome.best, Some(firsts[0]), "{algorithm:?}");
        if algorithm != Algorithm::MaxN {
            let cp: Vec<i32> = last
                .iter()
                .map(|i| match i.score {
                    Score::Cp(cp) => cp,
                    Score::Mate(n) => panic!("{algorithm:?}: mate {n} from the start"),
                })
                .collect();
            assert!(cp[0] >= cp[1] && cp[1] >= cp[2], "{algorithm:?}: {cp:?}");
        }
    }
}

/// Issue 17 item 4: `Threads` applies to the multi-player searches. With one thread the
/// node count of a fixed depth is the same on every run; with two the helper's nodes
/// are added to it (and its table entries change the main thread's count), so the total
/// differs, while the move stays legal and every depth is reported once. On a loaded
/// machine the helper may not have been scheduled yet when a search of a few milliseconds
/// ends, so each search is tried up to five times: a helper that never searches fails all
/// five.
#[test]
fn two_threads_search_the_multi_player_games_together() {
    let pos = SevenKingdoms::start(&Players::default());
    let two_threads = || Options {
        threads: 2,
        ..Options::default()
    };
    for algorithm in Algorithm::ALL {
        // Depths of tens of milliseconds (max-n's depth 3 takes seconds).
        let deepest = if algorithm == Algorithm::MaxN { 2 } else { 4 };
        let limits = depth(deepest);
        let (one, _) = search(&pos, algorithm, &limits);
        let helped = (0..5).any(|_| {
            let (two, infos) = search_with(&pos, algorithm, two_threads(), &limits);
            assert!(is_legal(&pos, two.best.unwrap()), "{algorithm:?}");
            let depths: Vec<u32> = infos.iter().map(|i| i.depth).collect();
            assert_eq!(depths, (1..=deepest).collect::<Vec<_>>());
            two.nodes != one.nodes
        });
        assert!(
            helped,
            "{algorithm:?}: the helper did nothing in five searches"
        );
    }
}
