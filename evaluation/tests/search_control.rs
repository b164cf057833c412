//! The search's limits and controls: depth, nodes, movetime, stop from another thread,
//! ponder, MultiPV, searchmoves, thread determinism, and the transposition table's mate
//! adjustment. No test asserts a duration.

use engine::game::Game;
use engine::search::score::{from_tt, mate_in, mated_in, to_tt};
use engine::search::tt::{Entry, TranspositionTable};
use engine::search::{bench, Bound, Control, Info, Limits, Options, Report, Score, Searcher};
use engine::variants::hexmate::{Hexmate, Move, Ruleset};
use evaluation::HexmateEval;
use std::sync::atomic::Ordering;
use std::sync::{mpsc, Arc};
use std::time::Duration;

const MIDDLEGAME: &str = "daq1qbd/bb1rr1b1/1nnr1r2k/ppppp1pppp/p2pp1p1ppp/1p1p1pNp4/3P9/P2NP2P1P2/P1PAPNRPBPP/1PPPPQ1BPP/3R5/BB2RB2/D1K2AD w 5 41";
const ENDGAME: &str = "3k3/8/2n6/10/1p3p5/12/13/12/4P1P4/10/3R5/8/3K3 w 0 1";

fn position(text: &str) -> Hexmate {
    Hexmate::from_position_string(text, &Ruleset::Hexmate).expect("a valid position")
}

fn searcher(options: Options) -> Searcher<Hexmate, HexmateEval> {
    Searcher::new(options)
}

/// Runs a search and collects its iteration reports.
fn run(
    s: &mut Searcher<Hexmate, HexmateEval>,
    pos: &Hexmate,
    limits: &Limits<Move>,
    control: &Control,
) -> (engine::search::SearchResult<Move>, Vec<Info<Move>>) {
    let mut infos = Vec::new();
    let out = s.search(pos, limits, control, &mut |r| {
        if let Report::Iteration(info) = r {
            infos.push(info.clone());
        }
    });
    (out, infos)
}

/// How long a search with a time limit of a fraction of a second may run before the
/// watchdog stops it: a generous guard against a hang, not a timing assertion.
const WATCHDOG: Duration = Duration::from_secs(20);

/// Runs a search while a watchdog thread waits; if the search has not ended by itself
/// after `WATCHDOG` the watchdog sends `stop`. Returns also whether it had to.
fn run_watched(
    s: &mut Searcher<Hexmate, HexmateEval>,
    pos: &Hexmate,
    limits: &Limits<Move>,
) -> (engine::search::SearchResult<Move>, Vec<Info<Move>>, bool) {
    let control = Arc::new(Control::default());
    let (done, finished) = mpsc::channel::<()>();
    let watchdog = {
        let control = Arc::clone(&control);
        std::thread::spawn(move || {
            let fired = finished.recv_timeout(WATCHDOG).is_err();
            if fired {
                control.stop.store(true, Ordering::Relaxed);
            }
            fired
        })
    };
    let (out, infos) = run(s, pos, limits, &control);
    done.send(()).expect("the watchdog waits");
    let fired = watchdog.join().expect("the watchdog ends");
    (out, infos, fired)
}

/// The move of a search is the first move of its last reported line.
fn assert_plays_its_reported_line(out: &engine::search::SearchResult<Move>, infos: &[Info<Move>]) {
    let last = infos.last().expect("at least one info line");
    assert_eq!(out.best, last.pv.first().copied());
}

#[test]
fn depth_limit_is_respected() {
    let mut s = searcher(Options::default());
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let (out, infos) = run(&mut s, &position(MIDDLEGAME), &limits, &Control::default());
    assert_eq!(out.depth, 4);
    assert_eq!(infos.last().unwrap().depth, 4);
    assert!(infos
        .iter()
        .all(|i| i.depth <= 4 && i.bound == Bound::Exact));
    let depths: Vec<u32> = infos.iter().map(|i| i.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4]);
    assert!(out.best.is_some() && out.ponder.is_some());
}

#[test]
fn node_limit_stops_at_the_count() {
    let mut s = searcher(Options::default());
    let limits = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    let (out, _) = run(&mut s, &position(MIDDLEGAME), &limits, &Control::default());
    assert!(
        out.nodes >= 20_000 && out.nodes <= 20_000 + 64,
        "{}",
        out.nodes
    );
    assert!(out.best.is_some());
}

#[test]
fn movetime_ends_the_search_by_itself() {
    let mut s = searcher(Options::default());
    let limits = Limits {
        movetime_ms: Some(100),
        ..Limits::default()
    };
    let (out, infos, stopped) = run_watched(&mut s, &position(MIDDLEGAME), &limits);
    assert!(!stopped, "the search ran on until the watchdog stopped it");
    assert!(out.depth >= 1);
    assert_plays_its_reported_line(&out, &infos);
}

#[test]
fn clock_limits_end_the_search_by_itself() {
    let mut s = searcher(Options::default());
    let limits = Limits {
        time_left_ms: Some(2_000),
        increment_ms: 10,
        moves_to_go: Some(20),
        ..Limits::default()
    };
    let (out, infos, stopped) = run_watched(&mut s, &position(MIDDLEGAME), &limits);
    assert!(!stopped, "the search ran on until the watchdog stopped it");
    assert!(out.depth >= 1);
    assert_plays_its_reported_line(&out, &infos);
}

/// `stop` is sent from another thread once depth 3 is reported; the search then ends
/// (on a thread of its own, so that one ignoring `stop` fails the test instead of
/// hanging it) and plays the move of its last reported line.
#[test]
fn stop_from_another_thread_ends_an_infinite_search() {
    let control = Arc::new(Control::default());
    let (depth_reached, reached) = mpsc::channel::<()>();
    let stopper = {
        let control = Arc::clone(&control);
        std::thread::spawn(move || {
            reached.recv().expect("depth 3 is reported");
            control.stop.store(true, Ordering::Relaxed);
        })
    };
    let (result, searched) = mpsc::channel();
    {
        let control = Arc::clone(&control);
        std::thread::spawn(move || {
            let mut s = searcher(Options {
                threads: 2,
                ..Options::default()
            });
            let limits = Limits {
                infinite: true,
                ..Limits::default()
            };
            let mut infos = Vec::new();
            let out = s.search(&position(MIDDLEGAME), &limits, &control, &mut |r| {
                if let Report::Iteration(info) = r {
                    if info.depth == 3 {
                        let _ = depth_reached.send(());
                    }
                    infos.push(info.clone());
                }
            });
            let _ = result.send((out, infos));
        });
    }
    let (out, infos) = searched
        .recv_timeout(WATCHDOG)
        .expect("the search did not end after stop");
    stopper.join().unwrap();
    assert!(out.depth >= 3, "depth {}", out.depth);
    assert_plays_its_reported_line(&out, &infos);
}

#[test]
fn infinite_search_waits_for_stop_after_its_depth_limit() {
    let control = Arc::new(Control::default());
    let stopper = {
        let control = Arc::clone(&control);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            control.stop.store(true, Ordering::Relaxed);
        })
    };
    let mut s = searcher(Options::default());
    let limits = Limits {
        depth: Some(1),
        infinite: true,
        ..Limits::default()
    };
    let (out, _) = run(&mut s, &position(ENDGAME), &limits, &control);
    // The search cannot have returned before `stop` was set.
    assert!(control.stop.load(Ordering::Relaxed));
    stopper.join().unwrap();
    assert_eq!(out.depth, 1);
}

#[test]
fn ponder_search_returns_after_ponderhit() {
    let control = Arc::new(Control::default());
    let hitter = {
        let control = Arc::clone(&control);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            control.ponderhit.store(true, Ordering::Relaxed);
        })
    };
    let mut s = searcher(Options::default());
    let limits = Limits {
        ponder: true,
        movetime_ms: Some(50),
        ..Limits::default()
    };
    let (out, _) = run(&mut s, &position(MIDDLEGAME), &limits, &control);
    assert!(control.ponderhit.load(Ordering::Relaxed));
    assert!(!control.stop.load(Ordering::Relaxed));
    hitter.join().unwrap();
    assert!(out.best.is_some());
}

#[test]
fn multipv_reports_distinct_root_moves_in_order() {
    let mut s = searcher(Options {
        multipv: 3,
        ..Options::default()
    });
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let (out, infos) = run(&mut s, &position(MIDDLEGAME), &limits, &Control::default());
    let last: Vec<&Info<Move>> = infos.iter().filter(|i| i.depth == 4).collect();
    assert_eq!(
        last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    let firsts: Vec<Move> = last.iter().map(|i| i.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    assert_eq!(out.best, Some(firsts[0]));
    let cp = |s: Score| match s {
        Score::Cp(v) => v,
        Score::Mate(n) => panic!("unexpected mate {n}"),
    };
    assert!(cp(last[0].score) >= cp(last[1].score) && cp(last[1].score) >= cp(last[2].score));
}

#[test]
fn searchmoves_restricts_the_root() {
    let pos = position(MIDDLEGAME);
    let allowed = vec![
        pos.parse_move("h3l3").unwrap(),
        pos.parse_move("c5c6").unwrap(),
    ];
    let mut s = searcher(Options::default());
    let limits = Limits {
        depth: Some(4),
        search_moves: allowed.clone(),
        ..Limits::default()
    };
    let (out, _) = run(&mut s, &pos, &limits, &Control::default());
    assert!(allowed.contains(&out.best.unwrap()));
}

#[test]
fn mate_limit_stops_once_the_mate_is_proven() {
    let pos = position("k6/8/1K7/10/6R4/12/13/12/2p8/10/9/8/7 w 0 1");
    let mut s = searcher(Options::default());
    let limits = Limits {
        mate: Some(1),
        ..Limits::default()
    };
    let (out, _) = run(&mut s, &pos, &limits, &Control::default());
    assert_eq!(out.score, Score::Mate(1));
}

#[test]
fn one_thread_node_counts_are_deterministic() {
    let positions = [
        position(MIDDLEGAME),
        position(ENDGAME),
        Hexmate::start(&Ruleset::Hexmate),
    ];
    let first = bench::<Hexmate, HexmateEval>(&positions, 5, Options::default());
    let second = bench::<Hexmate, HexmateEval>(&positions, 5, Options::default());
    assert_eq!(first.nodes, second.nodes);
    assert!(first.nodes > 0);
}

#[test]
fn two_threads_search_and_agree_on_a_legal_move() {
    let pos = position(MIDDLEGAME);
    let mut s = searcher(Options {
        threads: 2,
        ..Options::default()
    });
    let limits = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    let (out, infos) = run(&mut s, &pos, &limits, &Control::default());
    let mut list = <Hexmate as Game>::MoveList::default();
    pos.generate_moves(&mut list);
    assert!(list.contains(&out.best.unwrap()));
    assert_eq!(out.depth, 5);
    assert_eq!(
        infos.iter().map(|i| i.depth).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    assert_plays_its_reported_line(&out, &infos);

    // Where one move wins at once, one and two threads agree on it and on its score.
    let mate = position("k6/8/1K7/10/6R4/12/13/12/2p8/10/9/8/7 w 0 1");
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let (one, _) = run(
        &mut searcher(Options::default()),
        &mate,
        &limits,
        &Control::default(),
    );
    let (two, _) = run(&mut s, &mate, &limits, &Control::default());
    assert_eq!(one.score, Score::Mate(1));
    assert_eq!((two.best, two.score), (one.best, one.score));
}

#[test]
fn options_resize_the_table_and_clear_empties_it() {
    let small = Options {
        hash_mb: 1,
        ..Options::default()
    };
    let mut s = searcher(small.clone());
    let limits = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    run(&mut s, &position(MIDDLEGAME), &limits, &Control::default());
    assert!(s.hashfull() > 0);
    s.set_options(Options {
        multipv: 2,
        ..small
    });
    assert!(s.hashfull() > 0, "same size keeps the table");
    s.set_options(Options {
        hash_mb: 2,
        ..Options::default()
    });
    assert_eq!(s.hashfull(), 0);
    run(&mut s, &position(MIDDLEGAME), &limits, &Control::default());
    s.clear();
    assert_eq!(s.hashfull(), 0);
}

#[test]
fn tt_round_trip_keeps_mate_distances_relative_to_the_node() {
    let tt = TranspositionTable::new(1);
    let key = 0x1234_5678_9abc_def0;
    // A mate found 6 plies from the root, stored from a node at ply 4 ...
    let stored_at = 4;
    tt.store(
        key,
        Entry {
            mv: Some(12),
            score: to_tt(mate_in(6), stored_at),
            eval: 35,
            depth: 7,
            bound: Bound::Exact,
        },
    );
    let entry = tt.probe(key).expect("stored");
    assert_eq!(entry.mv, Some(12));
    assert_eq!(
        (entry.eval, entry.depth, entry.bound),
        (35, 7, Bound::Exact)
    );
    // ... is the same mate two plies below whichever node reaches the position.
    assert_eq!(from_tt(entry.score, stored_at), mate_in(6));
    assert_eq!(from_tt(entry.score, 10), mate_in(12));
    tt.store(
        key,
        Entry {
            mv: None,
            score: to_tt(mated_in(9), 3),
            eval: 0,
            depth: 8,
            bound: Bound::Upper,
        },
    );
    let entry = tt.probe(key).expect("stored");
    assert_eq!(entry.mv, Some(12), "the old move is kept");
    assert_eq!(from_tt(entry.score, 1), mated_in(7));
}

/// The table stores the move itself, so quiescence, whose lists hold only captures out
/// of check, stores its best capture too (an index could only name a move of a full
/// list): after a depth-1 search every position one move from the root was a quiescence
/// node, and those where a capture raised alpha hold it.
#[test]
fn quiescence_stores_its_best_capture_in_the_table() {
    let root = position(MIDDLEGAME);
    let mut s = searcher(Options::default());
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    run(&mut s, &root, &limits, &Control::default());
    let mut moves = engine::variants::hexmate::MoveList::new();
    root.generate_moves(&mut moves);
    let mut captures_stored = 0;
    for &mv in &moves {
        let mut child = root.clone();
        child.make_move(mv);
        if let Some(reply) = s.table_move(&child) {
            assert!(
                child.is_tactical(reply) || child.in_check(),
                "{mv:?} {reply:?}"
            );
            captures_stored += usize::from(!child.in_check());
        }
    }
    assert!(captures_stored > 0);
}

#[test]
fn hexchoice_placements_are_searched_like_moves() {
    let pos = Hexmate::start(&Ruleset::Hexchoice);
    let mut s = searcher(Options::default());
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let (out, infos) = run(&mut s, &pos, &limits, &Control::default());
    let best = out.best.expect("a placement");
    assert!(pos.move_string(best).contains('@'));
    assert_eq!(infos.last().unwrap().pv.len(), 3);
}
