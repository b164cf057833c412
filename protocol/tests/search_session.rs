//! Scripted sessions with the real binary that search: `go` and its limits, `stop`,
//! `isready` and `ponderhit` during a search, `info` grammar, `eval`, `quit`.

mod common;

use common::*;

/// Checks the spec's grammar: `info depth d seldepth s multipv k score cp x|score mate n
/// [lowerbound|upperbound] nodes n nps n hashfull h time t pv …`.
fn assert_info_grammar(line: &str) {
    let tokens: Vec<&str> = line.split(' ').collect();
    let number = |i: usize| {
        assert!(
            tokens.get(i).is_some_and(|t| t.parse::<i64>().is_ok()),
            "token {i} of {line:?} is no number"
        )
    };
    for (i, word) in ["info", "depth"].iter().enumerate() {
        assert_eq!(tokens[i], *word, "{line}");
    }
    number(2);
    assert_eq!(tokens[3], "seldepth", "{line}");
    number(4);
    assert_eq!(tokens[5], "multipv", "{line}");
    number(6);
    assert_eq!(tokens[7], "score", "{line}");
    assert!(tokens[8] == "cp" || tokens[8] == "mate", "{line}");
    number(9);
    let mut at = 10;
    if tokens[at] == "lowerbound" || tokens[at] == "upperbound" {
        at += 1;
    }
    for word in ["nodes", "nps", "hashfull", "time"] {
        assert_eq!(tokens[at], word, "{line}");
        number(at + 1);
        at += 2;
    }
    if at < tokens.len() {
        assert_eq!(tokens[at], "pv", "{line}");
        assert!(tokens.len() > at + 1, "{line}: empty pv");
    }
}

fn bestmove_of(lines: &[String]) -> String {
    let last = lines.last().expect("a bestmove line");
    let tokens: Vec<&str> = last.split(' ').collect();
    assert_eq!(tokens[0], "bestmove", "{last}");
    assert!(
        tokens.len() == 2 || (tokens.len() == 4 && tokens[2] == "ponder"),
        "{last}"
    );
    tokens[1].to_string()
}

#[test]
fn go_depth_returns_a_legal_bestmove_after_info_lines() {
    let mut engine = Engine::start();
    engine.ask("position startpos moves h5h6");
    let legal = engine.ask("moves")[0].clone();
    engine.send("go depth 3");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 3, "{lines:#?}");
    infos.iter().for_each(|l| assert_info_grammar(l));
    let best = bestmove_of(&lines);
    assert!(legal.split(' ').any(|m| m == best), "{best} not in {legal}");
    engine.quit();
}

#[test]
fn stop_ends_an_infinite_search_and_isready_is_answered_during_it() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    engine.read_until(|l| l.starts_with("info depth 1 "));
    engine.send("isready");
    let during = engine.read_until(|l| l == "readyok");
    assert!(
        during.iter().all(|l| !l.starts_with("bestmove")),
        "{during:#?}"
    );
    engine.send("stop");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    let best = bestmove_of(&lines);
    assert!(engine.ask("moves")[0].split(' ').any(|m| m == best));
    engine.quit();
}

/// A pondering search keeps its `bestmove` until `ponderhit`, even when its depth is
/// done: an ordinary `go depth 1` answers right after its `info depth 1` line, and a
/// third of a second later the pondering one still has not. After `ponderhit` the limit
/// applies and exactly one `bestmove` follows without `stop`.
#[test]
fn ponderhit_turns_pondering_into_a_normal_search() {
    let mut engine = Engine::start();
    assert!(engine.ask("setoption name Ponder value true").is_empty());
    engine.send("go ponder depth 1");
    engine.read_until(|l| l.starts_with("info depth 1 "));
    std::thread::sleep(std::time::Duration::from_millis(300));
    let meanwhile = engine.ask("isready");
    assert!(
        meanwhile.iter().all(|l| !l.starts_with("bestmove")),
        "{meanwhile:#?}"
    );
    engine.send("ponderhit");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    bestmove_of(&lines);
    assert!(engine.ask("isready").is_empty(), "a second bestmove");
    engine.quit();
}

#[test]
fn commands_that_change_the_state_are_refused_during_a_search() {
    let mut engine = Engine::start();
    engine.ask("position startpos moves h5h6");
    let before = engine.state();
    engine.send("go infinite");
    engine.read_until(|l| l.starts_with("info depth 1 "));
    for line in [
        "position startpos",
        "go depth 1",
        "setoption name Hash value 1",
        "setoption name UCI_Variant value hexchoice",
        "ucinewgame",
        "perft 1",
        "bench 1",
    ] {
        let reply: Vec<String> = engine
            .ask(line)
            .into_iter()
            .filter(|l| !l.starts_with("info depth") && !l.starts_with("info currmove"))
            .collect();
        assert_eq!(reply.len(), 1, "{line}: {reply:#?}");
        assert!(
            reply[0].starts_with("info string error: ")
                && reply[0].ends_with("is not allowed while a search runs (send stop first)"),
            "{line}: {}",
            reply[0]
        );
    }
    assert_eq!(engine.state(), before);
    engine.send("stop");
    engine.read_until(|l| l.starts_with("bestmove"));
    assert_eq!(engine.state(), before);
    assert!(
        engine.ask("ucinewgame").is_empty(),
        "accepted again after the search"
    );
    engine.quit();
}

#[test]
fn searchmoves_restricts_the_root_and_multipv_reports_several_lines() {
    let mut engine = Engine::start();
    engine.send("go depth 3 searchmoves h5h6");
    assert_eq!(
        bestmove_of(&engine.read_until(|l| l.starts_with("bestmove"))),
        "h5h6"
    );
    engine.ask("setoption name MultiPV value 3");
    engine.send("go depth 2");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    for k in 1..=3 {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info depth 2 ") && l.contains(&format!(" multipv {k} "))),
            "no line {k}: {lines:#?}"
        );
    }
    engine.quit();
}

#[test]
fn the_clock_of_the_side_to_move_is_used() {
    let mut engine = Engine::start();
    engine.ask("debug on");
    engine.ask("position startpos moves h5h6");
    engine.send("go wtime 100 btime 5000 winc 1 binc 7 movestogo 9 depth 1");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    assert!(
        lines.iter().any(|l| l.starts_with("info string debug: ")
            && l.contains("time_left 5000 increment 7 movestogo 9")),
        "{lines:#?}"
    );
    engine.send("go time 300 inc 2 wtime 100 btime 5000 depth 1");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    assert!(
        lines
            .iter()
            .any(|l| l.contains("time_left 300 increment 2")),
        "{lines:#?}"
    );
    engine.quit();
}

#[test]
fn a_finished_game_keeps_its_answer_until_stop_in_infinite_mode() {
    let mut engine = Engine::start();
    engine.ask(&format!("position fen {CHECKMATE}"));
    engine.send("go infinite");
    engine.send("isready");
    let lines = engine.read_until(|l| l == "readyok");
    assert!(
        lines.iter().all(|l| !l.starts_with("bestmove")),
        "{lines:#?}"
    );
    engine.send("stop");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    assert_eq!(lines.last().map(String::as_str), Some("bestmove (none)"));
    engine.quit();
}

#[test]
fn eval_prints_terms_and_the_total() {
    let mut engine = Engine::start();
    let lines = engine.ask("eval");
    assert!(lines.len() >= 2, "{lines:#?}");
    assert!(
        lines
            .last()
            .is_some_and(|l| l.starts_with("Evaluation: ") && l.ends_with(" cp for white")),
        "{lines:#?}"
    );
    engine.quit();
}

#[test]
fn quit_during_a_search_ends_the_process() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    engine.read_until(|l| l.starts_with("info depth 1 "));
    engine.quit();
}

#[test]
fn a_finite_search_in_a_script_finishes_before_the_engine_exits() {
    let lines = run_script("position startpos\ngo depth 2\n");
    assert!(
        lines.last().is_some_and(|l| l.starts_with("bestmove ")),
        "{lines:#?}"
    );
    let lines = run_script("go infinite\n");
    assert!(
        lines.last().is_some_and(|l| l.starts_with("bestmove ")),
        "{lines:#?}"
    );
}

/// The largest `Threads` value the engine advertises.
fn max_threads(engine: &mut Engine) -> String {
    let line = engine
        .ask("uci")
        .into_iter()
        .find(|l| l.starts_with("option name Threads "))
        .expect("a Threads option");
    word_after(&line, "max").expect("a maximum").to_string()
}

/// Sends `go …` (and, when `stop` is set, `isready` and after its `readyok` `stop`),
/// then expects exactly one `bestmove`: nothing more arrives before the next `readyok`.
fn exactly_one_bestmove(engine: &mut Engine, go: &str, stop: bool, case: &str) {
    engine.send(go);
    if stop {
        engine.send("isready");
        let lines = engine.read_until(|l| l == "readyok");
        assert!(lines.iter().all(|l| !l.starts_with("bestmove")), "{case}");
        engine.send("stop");
    }
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    bestmove_of(&lines);
    let after: Vec<String> = engine
        .ask("isready")
        .into_iter()
        .filter(|l| l.starts_with("bestmove"))
        .collect();
    assert!(after.is_empty(), "{case} {go}: {after:?}");
}

/// Issue 19 F4: at the largest allowed thread count every game and division into
/// players answers `go movetime` by itself and `stop` at once, with exactly one
/// `bestmove` each. (The harness's read timeout only guards against a hang; the latency
/// is measured by hand, not here.)
#[test]
fn the_largest_thread_count_answers_movetime_and_stop_with_one_bestmove() {
    for (variant, players) in [
        ("hexmate", None),
        ("hexchoice", None),
        ("panoply", None),
        ("hepta", None),
        ("sevenkingdoms", Some("wrob/gpd")),
        ("sevenkingdoms", None),
        ("hexian", Some("3")),
        ("hexian", None),
    ] {
        let mut engine = Engine::start();
        let threads = max_threads(&mut engine);
        for line in [
            format!("setoption name UCI_Variant value {variant}"),
            format!("setoption name Threads value {threads}"),
        ]
        .into_iter()
        .chain(players.map(|p| format!("setoption name Players value {p}")))
        .chain(["position startpos".to_string()])
        {
            assert!(engine.ask(&line).is_empty(), "{line}");
        }
        let case = format!("{variant} Threads {threads}");
        exactly_one_bestmove(&mut engine, "go movetime 300", false, &case);
        exactly_one_bestmove(&mut engine, "go infinite", true, &case);
        // Straight after `bestmove` the helpers may still be unwinding: emptying the
        // table and changing the thread count wait for them instead of failing.
        for line in ["ucinewgame", "setoption name Threads value 2"] {
            assert!(engine.ask(line).is_empty(), "{case}: {line}");
        }
        exactly_one_bestmove(&mut engine, "go depth 1", false, &case);
        engine.quit();
    }
}

/// Issue 19 F4: the search threads are spawned when `Threads` is set, not by each `go`:
/// setting 16 threads adds 15 to the process at once, and a search adds at most one
/// (the job that runs the main search thread) besides.
#[cfg(target_os = "linux")]
#[test]
fn search_threads_are_spawned_by_the_threads_option_not_by_go() {
    for variant in ["hexmate", "sevenkingdoms"] {
        let mut engine = Engine::start();
        let line = format!("setoption name UCI_Variant value {variant}");
        assert!(engine.ask(&line).is_empty(), "{line}");
        let one = engine.os_threads();
        assert!(engine.ask("setoption name Threads value 16").is_empty());
        let sixteen = engine.os_threads();
        assert_eq!(sixteen, one + 15, "{variant}");
        engine.send("go infinite");
        engine.read_until(|l| l.starts_with("info depth 1 "));
        let searching = engine.os_threads();
        engine.send("stop");
        bestmove_of(&engine.read_until(|l| l.starts_with("bestmove")));
        assert!(
            searching <= sixteen + 1,
            "{variant}: {searching} threads while searching, {sixteen} before"
        );
        engine.quit();
    }
}

/// The words of an `info` line between `from` and the next of `to`.
fn words_between<'a>(line: &'a str, from: &str, to: &str) -> Vec<&'a str> {
    line.split(' ')
        .skip_while(|w| *w != from)
        .skip(1)
        .take_while(|w| *w != to)
        .collect()
}

/// Issue 17 item 5: `MultiPV` in games of more than two players gives K lines of K
/// different first moves, best first by the root player's score, each with one score
/// per player, and nothing that says it is unsupported.
#[test]
fn multipv_in_games_of_more_than_two_players_reports_k_lines_with_every_players_scores() {
    for (variant, players, seats) in [("sevenkingdoms", "", 7), ("hexian", "3", 3)] {
        let mut engine = Engine::start();
        for line in [
            format!("setoption name UCI_Variant value {variant}"),
            format!("setoption name Players value {players}"),
            "position startpos".to_string(),
            "setoption name MultiPV value 3".to_string(),
        ] {
            assert!(engine.ask(&line).is_empty(), "{line}");
        }
        engine.send("go depth 2");
        let lines = engine.read_until(|l| l.starts_with("bestmove "));
        assert!(
            lines.iter().all(|l| !l.starts_with("info string")),
            "{variant}: {lines:#?}"
        );
        let last: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth 2 "))
            .collect();
        let numbers: Vec<Vec<&str>> = last
            .iter()
            .map(|l| words_between(l, "multipv", "score"))
            .collect();
        assert_eq!(numbers, [["1"], ["2"], ["3"]], "{variant}: {last:#?}");
        let firsts: Vec<&str> = last.iter().map(|l| words_between(l, "pv", "")[0]).collect();
        assert!(
            firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
            "{variant}: {firsts:?}"
        );
        assert_eq!(bestmove_of(&lines), firsts[0], "{variant}");
        let mut previous = i64::MAX;
        for line in &last {
            let scores = words_between(line, "scores", "nodes");
            assert_eq!(scores.len(), seats, "{variant}: {line}");
            let cp: i64 = words_between(line, "cp", "scores")[0].parse().unwrap();
            assert!(cp <= previous, "{variant}: lines out of order: {last:#?}");
            previous = cp;
        }
        engine.quit();
    }
}
