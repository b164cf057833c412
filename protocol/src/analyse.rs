//! `tessera analyse`: one search of one position, shown for a person rather than a GUI —
//! a table of the iterations as they finish, then the board, best move, score and line.

use crate::go::line_text;
use crate::variant::{AnyGame, AnySearcher, SearchSettings};
use crate::with_searcher;
use engine::game::{Game, Status};
use engine::search::{Bound, Control, Info, Limits, Report, Score};
use std::io::{self, Write};

/// Depth of an analysis without a limit …
pub const DEFAULT_DEPTH: u32 = 12;
/// … and the time it may take at most, so that it ends within seconds.
pub const DEFAULT_MOVETIME_MS: u64 = 5000;

/// How far to search; `None` everywhere means the defaults above.
#[derive(Clone, Copy, Debug, Default)]
pub struct AnalyseLimits {
    pub depth: Option<u32>,
    pub movetime_ms: Option<u64>,
    pub nodes: Option<u64>,
}

/// Analyses `game` and writes the progress and the summary to `out`.
pub fn run(
    game: &AnyGame,
    limits: AnalyseLimits,
    settings: &SearchSettings,
    out: &mut dyn Write,
) -> io::Result<()> {
    write!(out, "{}", game.board_text())?;
    writeln!(out, "Position: {}", game.position_string())?;
    writeln!(out, "To move:  {}", game.side_to_move_name())?;
    if let Status::Over(outcome) = game.status() {
        writeln!(
            out,
            "The game is over: {} ({})",
            outcome.result_string(),
            outcome.reason
        )?;
        return Ok(());
    }
    let mut searcher = AnySearcher::for_game(game, settings);
    with_searcher!(&mut searcher, game, (s, g) => {
        let limits = search_limits(limits);
        writeln!(out)?;
        writeln!(out, "{}", table_header())?;
        let mut written = Ok(());
        let mut last: Option<Info<_>> = None;
        let outcome = s.search(g, &limits, &Control::default(), &mut |report| {
            if let Report::Iteration(info) = report {
                if written.is_ok() {
                    written = writeln!(out, "{}", table_row(g, info));
                }
                if info.multipv == 1 && info.bound == Bound::Exact {
                    last = Some(info.clone());
                }
            }
        });
        written?;
        writeln!(out)?;
        let best = outcome.best.map_or("(none)".to_string(), |mv| g.move_string(mv));
        writeln!(out, "Best move: {best}")?;
        writeln!(
            out,
            "Score:     {} for {}",
            score_for_people(outcome.score),
            game.side_to_move_name()
        )?;
        if let Some(info) = last {
            if !info.seat_scores.is_empty() {
                let scores: Vec<String> =
                    info.seat_scores.iter().map(|&cp| score_for_people(Score::Cp(cp))).collect();
                writeln!(out, "Scores:    {} (players in seat order)", scores.join(" "))?;
            }
            writeln!(out, "Line:      {}", line_text(g, &info.pv).join(" "))?;
            writeln!(
                out,
                "Searched:  depth {}, {} nodes in {:.2} s",
                info.depth,
                outcome.nodes.max(info.nodes),
                info.time_ms as f64 / 1000.0
            )?;
        }
    });
    Ok(())
}

fn search_limits<M>(limits: AnalyseLimits) -> Limits<M> {
    let unlimited =
        limits.depth.is_none() && limits.movetime_ms.is_none() && limits.nodes.is_none();
    if unlimited {
        return Limits {
            depth: Some(DEFAULT_DEPTH),
            movetime_ms: Some(DEFAULT_MOVETIME_MS),
            ..Limits::default()
        };
    }
    Limits {
        depth: limits.depth,
        movetime_ms: limits.movetime_ms,
        nodes: limits.nodes,
        ..Limits::default()
    }
}

fn table_header() -> String {
    format!(
        "{:>5} {:>4} {:>10} {:>11} {:>9} {:>8}  line",
        "depth", "sel", "score", "nodes", "knps", "time"
    )
}

fn table_row<G: Game>(game: &G, info: &Info<G::Move>) -> String {
    let bound = match info.bound {
        Bound::Exact => "",
        Bound::Lower => ">=",
        Bound::Upper => "<=",
    };
    let line = line_text(game, &info.pv).join(" ");
    let line = if info.multipv > 1 {
        format!("[{}] {line}", info.multipv)
    } else {
        line
    };
    format!(
        "{:>5} {:>4} {:>10} {:>11} {:>9} {:>7.2}s  {line}",
        info.depth,
        info.seldepth,
        format!("{bound}{}", score_for_people(info.score)),
        info.nodes,
        info.nps / 1000,
        info.time_ms as f64 / 1000.0,
    )
}

/// `+1.25` pawns, `mate in 3`, `mated in 2`.
pub fn score_for_people(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mate(n) if n > 0 => format!("mate in {n}"),
        Score::Mate(n) => format!("mated in {}", -n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_pawns_or_mates() {
        assert_eq!(score_for_people(Score::Cp(125)), "+1.25");
        assert_eq!(score_for_people(Score::Cp(-40)), "-0.40");
        assert_eq!(score_for_people(Score::Cp(0)), "+0.00");
        assert_eq!(score_for_people(Score::Mate(3)), "mate in 3");
        assert_eq!(score_for_people(Score::Mate(-2)), "mated in 2");
    }
}
