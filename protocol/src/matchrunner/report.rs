//! What the match prints: a line per finished game, the standings every few games and
//! at the end, and the SPRT's state.

use super::adjudication::Verdict;
use super::config::SprtSpec;
use super::game::{Ending, GameRecord};
use super::stats::{elo_estimate, sprt_state, SprtState, SprtVerdict, Standings};
use engine::game::{Points, Seat};

/// `White`/`Black` in two-seat games, `Seat k` (from 1) in games of more seats.
pub fn seat_name(seat: Seat, seats: usize) -> String {
    match (seats, seat) {
        (2, 0) => "White".to_string(),
        (2, _) => "Black".to_string(),
        _ => format!("Seat {}", seat + 1),
    }
}

/// The points of every seat joined by `-`, as the variants write results (`1-0`,
/// `1/2-1/2`, `0-1/6-1/6-…`).
pub fn result_text(points: &[Points]) -> String {
    let parts: Vec<String> = points.iter().map(Points::to_string).collect();
    parts.join("-")
}

/// Why the game ended, in words: the rule, the forfeit or the adjudication.
pub fn ending_text(record: &GameRecord, names: &[String]) -> String {
    let seats = record.plan.seat_engines.len();
    let who = |seat: Seat| {
        let engine = &names[record.plan.seat_engines[seat]];
        format!("{} ({engine})", seat_name(seat, seats))
    };
    match &record.ending {
        Ending::Rules(reason) => reason.to_string(),
        Ending::Forfeit { seat, fault } => format!("{} loses: {fault}", who(*seat)),
        Ending::Adjudicated(Verdict::Resign(seat)) => {
            format!("{} resigns (adjudication)", who(*seat))
        }
        Ending::Adjudicated(Verdict::DrawByScore) => {
            "draw by adjudication: level scores".to_string()
        }
        Ending::Adjudicated(Verdict::DrawByLength(moves)) => {
            format!("draw by adjudication: {moves} moves")
        }
    }
}

/// `Finished game 3 (new vs old): 1-0 {checkmate}`.
pub fn finished_line(record: &GameRecord, names: &[String]) -> String {
    let players: Vec<&str> = record
        .plan
        .seat_engines
        .iter()
        .map(|&e| names[e].as_str())
        .collect();
    format!(
        "Finished game {} ({}): {} {{{}}}",
        record.plan.index + 1,
        players.join(" vs "),
        result_text(&record.points),
        ending_text(record, names)
    )
}

/// The standings: for two engines in two seats the score, the Elo difference and the
/// SPRT; otherwise each engine's points per seat against an equal share.
pub fn standings_lines(
    standings: &Standings,
    names: &[String],
    seats: usize,
    sprt: Option<&SprtSpec>,
) -> Vec<String> {
    if seats == 2 && names.len() == 2 {
        head_to_head_lines(standings, names, sprt)
    } else {
        share_lines(standings, names, seats)
    }
}

fn head_to_head_lines(
    standings: &Standings,
    names: &[String],
    sprt: Option<&SprtSpec>,
) -> Vec<String> {
    let first = &standings.tallies[0];
    let sample = &standings.head_to_head;
    let mut lines = vec![format!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
        names[0],
        names[1],
        first.wins,
        first.losses,
        first.draws,
        if sample.games == 0 {
            0.5
        } else {
            sample.mean()
        },
        sample.games
    )];
    lines.push(format!(
        "Points: {} {:.2}, {} {:.2}",
        names[0], standings.tallies[0].points, names[1], standings.tallies[1].points
    ));
    if let Some(estimate) = elo_estimate(sample) {
        lines.push(format!(
            "Elo difference: {:.1} +/- {:.1}, DrawRatio: {:.1} %",
            estimate.elo,
            estimate.error,
            100.0 * first.draws as f64 / sample.games as f64
        ));
    }
    if let Some(spec) = sprt {
        lines.push(sprt_line(&sprt_state(sample, spec), spec));
    }
    lines
}

/// `SPRT (elo0 0, elo1 5): llr 1.23, lbound -2.94, ubound 2.94` and the verdict once
/// there is one.
fn sprt_line(state: &SprtState, spec: &SprtSpec) -> String {
    let verdict = match state.verdict() {
        Some(SprtVerdict::AcceptH0) => " - H0 accepted",
        Some(SprtVerdict::AcceptH1) => " - H1 accepted",
        None => "",
    };
    format!(
        "SPRT (elo0 {}, elo1 {}, alpha {}, beta {}): llr {:.2}, lbound {:.2}, ubound {:.2}{verdict}",
        spec.elo0, spec.elo1, spec.alpha, spec.beta, state.llr, state.lower, state.upper
    )
}

fn share_lines(standings: &Standings, names: &[String], seats: usize) -> Vec<String> {
    let share = 1.0 / seats as f64;
    let mut lines = vec![format!(
        "Standings after {} games ({seats} seats; an equal share is {share:.3} per seat):",
        standings.games
    )];
    for (name, tally) in names.iter().zip(&standings.tallies) {
        let per_seat = if tally.seat_games == 0 {
            0.0
        } else {
            tally.points / tally.seat_games as f64
        };
        lines.push(format!(
            "  {name}: {:.2} points in {} seats, {per_seat:.3} per seat; above/below/at share: {} / {} / {}",
            tally.points, tally.seat_games, tally.wins, tally.losses, tally.draws
        ));
    }
    lines
}
