//! `go`: from the GUI's parameters to the search's limits, and from the search's reports
//! to `info` and `bestmove` lines.

use crate::job::JobControl;
use crate::output::Output;
use crate::uci::GoParams;
use crate::variant::Search;
use engine::game::{Game, Status};
use engine::search::{Bound, Info, Limits, Report, Score, SearchResult};
use evaluation::wdl::{self, WdlModels};

/// The search limits of `params` in `game`. The clocks of two-player games belong to the
/// first player (`w…`) and the second (`b…`), and games of more players ignore them;
/// `time` and `inc`, the clock of the player to move in any game, win over them. Search
/// moves were checked before.
pub fn limits<G: Game>(params: &GoParams, game: &G) -> Limits<G::Move> {
    let (clock, increment) = match (game.seats(), game.to_move()) {
        (2, 0) => (params.wtime, params.winc),
        (2, 1) => (params.btime, params.binc),
        _ => (None, None),
    };
    Limits {
        depth: params.depth,
        nodes: params.nodes,
        movetime_ms: params.movetime,
        mate: params.mate,
        infinite: params.infinite,
        ponder: params.ponder,
        time_left_ms: params.time.or(clock),
        increment_ms: params.inc.or(increment).unwrap_or(0),
        moves_to_go: params.movestogo,
        search_moves: params
            .searchmoves
            .iter()
            .filter_map(|text| game.parse_move(text).ok())
            .collect(),
    }
}

/// Runs one `go` on the job thread: the search with its `info` lines, then `bestmove`.
/// A finished game answers `info string result …` and `bestmove (none)` instead; in
/// infinite or ponder mode that answer, too, waits for `stop` (or `ponderhit`). In debug
/// mode the limits are shown first. With `wdl` (`UCI_ShowWDL`) every `info` line with a
/// score carries the chances of the variant's model.
pub fn run<G: Game, S: Search<G>>(
    searcher: &mut S,
    game: &G,
    params: &GoParams,
    control: &JobControl,
    out: &Output,
    debug: bool,
    wdl: Option<WdlModels>,
) {
    if let Status::Over(outcome) = game.status() {
        out.line(&format!(
            "info string result {} {}",
            outcome.result_string(),
            outcome.reason
        ));
        let infinite = params.infinite;
        control.wait_until(|c| {
            !(infinite || params.ponder)
                || c.stop_requested()
                || (c.ponderhit_received() && !infinite)
        });
        control.mark_finished();
        out.line("bestmove (none)");
        return;
    }
    let limits = limits(params, game);
    if debug {
        out.line(&format!("info string debug: {}", describe_limits(&limits)));
    }
    let outcome = searcher.search(game, &limits, &control.search, &mut |report| {
        out.line(&report_line(game, report, wdl.as_ref()));
    });
    control.mark_finished();
    out.line(&bestmove_line(game, &outcome));
}

/// The limits as the search receives them, for debug mode.
fn describe_limits<M>(limits: &Limits<M>) -> String {
    let show = |value: Option<u64>| value.map_or("-".to_string(), |v| v.to_string());
    format!(
        "depth {} nodes {} movetime {} mate {} time_left {} increment {} movestogo {} \
         infinite {} ponder {} searchmoves {}",
        show(limits.depth.map(u64::from)),
        show(limits.nodes),
        show(limits.movetime_ms),
        show(limits.mate.map(u64::from)),
        show(limits.time_left_ms),
        limits.increment_ms,
        show(limits.moves_to_go.map(u64::from)),
        limits.infinite,
        limits.ponder,
        limits.search_moves.len()
    )
}

/// An `info` line for a search report, with the chances of `wdl`'s models if given.
pub fn report_line<G: Game>(
    game: &G,
    report: Report<'_, G::Move>,
    wdl: Option<&WdlModels>,
) -> String {
    match report {
        Report::Iteration(info) => info_line(game, info, wdl),
        Report::CurrMove { mv, number, .. } => format!(
            "info currmove {} currmovenumber {number}",
            game.move_string(mv)
        ),
    }
}

/// `info depth … seldepth … multipv … score … [wdl W D L] [scores … [wins …]] nodes … nps
/// … hashfull … time … pv …`; the `scores` list, one per player in seat order, comes from
/// searches of more than two players. With `wdl`, two-player lines carry `wdl` (win, draw
/// and loss per mille for the side to move) and lines of more players `wins` (each seat's
/// chance of first place per mille).
pub fn info_line<G: Game>(game: &G, info: &Info<G::Move>, wdl: Option<&WdlModels>) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score_text(info.score)
    );
    match info.bound {
        Bound::Exact => {}
        Bound::Lower => line.push_str(" lowerbound"),
        Bound::Upper => line.push_str(" upperbound"),
    }
    if let (Some(models), true) = (wdl, info.seat_scores.is_empty()) {
        let [w, d, l] = two_player_chances(models, &game.position_string(), info.score);
        line.push_str(&format!(" wdl {w} {d} {l}"));
    }
    if !info.seat_scores.is_empty() {
        line.push_str(" scores");
        for score in &info.seat_scores {
            line.push_str(&format!(" {score}"));
        }
        if let Some(t) = wdl.and_then(|m| m.temperature) {
            line.push_str(" wins");
            for chance in wdl::first_places(&info.seat_scores, t) {
                line.push_str(&format!(" {chance}"));
            }
        }
    }
    line.push_str(&format!(
        " nodes {} nps {} hashfull {} time {}",
        info.nodes, info.nps, info.hashfull, info.time_ms
    ));
    if !info.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&line_text(game, &info.pv).join(" "));
    }
    line
}

/// Win, draw and loss per mille for the side to move of `position` with `score`: a mate
/// is certain; otherwise the variant's two-player model, or for a division of a game of
/// more armies into two players its first-place model over the two opposite scores.
fn two_player_chances(models: &WdlModels, position: &str, score: Score) -> [u32; 3] {
    match (score, models.two_players, models.temperature) {
        (Score::Mate(n), _, _) if n > 0 => [1000, 0, 0],
        (Score::Mate(_), _, _) => [0, 0, 1000],
        (Score::Cp(cp), Some(model), _) => {
            let phase = wdl::phase(wdl::material(position), model.start_material);
            model.per_mille(cp, phase)
        }
        (Score::Cp(cp), None, Some(t)) => {
            let wins = wdl::first_places(&[cp, -cp], t);
            [wins[0], 0, wins[1]]
        }
        (Score::Cp(_), None, None) => [0, 1000, 0],
    }
}

/// `cp <x>` or `mate <n>`.
pub fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(moves) => format!("mate {moves}"),
    }
}

/// The moves of a line in notation, each written in the position it is played in.
pub fn line_text<G: Game>(game: &G, moves: &[G::Move]) -> Vec<String> {
    let mut pos = game.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = pos.move_string(mv);
            pos.make_move(mv);
            text
        })
        .collect()
}

/// `bestmove <m> [ponder <m>]`, or `bestmove (none)` when the root has no move.
pub fn bestmove_line<G: Game>(game: &G, outcome: &SearchResult<G::Move>) -> String {
    let Some(best) = outcome.best else {
        return "bestmove (none)".to_string();
    };
    match outcome.ponder {
        Some(ponder) => {
            let texts = line_text(game, &[best, ponder]);
            format!("bestmove {} ponder {}", texts[0], texts[1])
        }
        None => format!("bestmove {}", game.move_string(best)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::variants::sevenkingdoms::{Players, SevenKingdoms};

    #[test]
    fn the_two_player_clocks_apply_to_games_of_two_seats_only() {
        let params = GoParams {
            wtime: Some(1000),
            btime: Some(2000),
            ..GoParams::default()
        };
        let seven = SevenKingdoms::start(&Players::default());
        assert_eq!(limits(&params, &seven).time_left_ms, None);
        let two = SevenKingdoms::start(&Players::parse("wrob/gpd").unwrap());
        assert_eq!(limits(&params, &two).time_left_ms, Some(1000));
        let own_clock = GoParams {
            time: Some(300),
            ..params
        };
        assert_eq!(limits(&own_clock, &seven).time_left_ms, Some(300));
    }
}
