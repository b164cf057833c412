//! What the match prints: a line per finished game, a progress line as it goes, and the
//! standings with the SPRT's state at the end.

use super::adjudication::Verdict;
use super::config::SprtSpec;
use super::game::{Ending, GameRecord};
use super::standings::{SeatRecord, Standings, Tally};
use super::stats::{elo_estimate, likelihood_of_superiority, Sample, SprtState, SprtVerdict};
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

/// The end of a match: how many games it took, and the standings.
pub fn closing_lines(
    standings: &Standings,
    names: &[String],
    seats: usize,
    sprt: Option<&SprtSpec>,
    total_games: usize,
    stopped_by_sprt: bool,
) -> Vec<String> {
    let games = standings.games;
    let mut lines = vec![if stopped_by_sprt {
        format!("Finished match after {games} of {total_games} games: stopped by the SPRT")
    } else {
        format!("Finished match after {games} games")
    }];
    lines.extend(standings_lines(standings, names, seats, sprt));
    lines
}

/// The standings: for two engines in two seats the score, the Elo difference, LOS, the
/// pentanomial counts and the SPRT; otherwise each engine's points against an equal
/// share and its record per seat.
fn standings_lines(
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
    let pairs = &standings.pairs;
    let mut lines = vec![format!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
        names[0],
        names[1],
        first.wins,
        first.losses,
        first.draws,
        score_fraction(first),
        standings.games
    )];
    lines.push(format!(
        "Points: {} {:.2}, {} {:.2}",
        names[0], standings.tallies[0].points, names[1], standings.tallies[1].points
    ));
    lines.push(match elo_text(standings) {
        Some(elo) => format!(
            "{elo}, DrawRatio: {:.1} %",
            100.0 * first.draws as f64 / standings.games as f64
        ),
        None => "Elo difference: no complete game pair yet".to_string(),
    });
    let [ll, ld, dd_wl, wd, ww] = pairs.pentanomial;
    let mut pentanomial = format!("Ptnml(0-2): {ll}, {ld}, {dd_wl}, {wd}, {ww}");
    if !pairs.other.is_empty() {
        pentanomial.push_str(&format!(
            " (and {} pairs with quarter points)",
            pairs.other.len()
        ));
    }
    lines.push(pentanomial);
    if let Some(spec) = sprt {
        lines.push(sprt_line(&pairs.sprt_state(spec), spec));
    }
    lines
}

/// The first engine's points per game; ½ before the first game.
fn score_fraction(tally: &Tally) -> f64 {
    if tally.seat_games == 0 {
        0.5
    } else {
        tally.points / tally.seat_games as f64
    }
}

/// `Elo difference: 12.3 +/- 20.1, LOS: 88.4 %` over the complete game pairs.
fn elo_text(standings: &Standings) -> Option<String> {
    elo_and_los(&standings.pairs.sample).map(|text| format!("Elo difference: {text}"))
}

/// `12.3 +/- 20.1, LOS: 88.4 %`; `None` for an empty sample.
fn elo_and_los(sample: &Sample) -> Option<String> {
    let estimate = elo_estimate(sample)?;
    let los = likelihood_of_superiority(sample)?;
    Some(format!(
        "{:.1} +/- {:.1}, LOS: {:.1} %",
        estimate.elo,
        estimate.error,
        100.0 * los
    ))
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
        lines.push(format!(
            "  {name}: {:.2} points in {} seats, {:.3} per seat; above/below/at share: {} / {} / {}",
            tally.points,
            tally.seat_games,
            score_fraction(tally),
            tally.wins,
            tally.losses,
            tally.draws
        ));
    }
    lines.push(format!(
        "Elo against the other engines (rounds of {seats} games, one opening each):"
    ));
    for (name, field) in names.iter().zip(&standings.field) {
        lines.push(format!(
            "  {name}: {}",
            elo_and_los(&field.sample).unwrap_or_else(|| "no complete round yet".to_string())
        ));
    }
    lines.push("Per seat: average points / average place (1 = best)".to_string());
    let width = names.iter().map(String::len).max().unwrap_or(0);
    let header: String = (0..seats)
        .map(|seat| format!(" {:>13}", seat_name(seat, seats)))
        .collect();
    lines.push(format!("  {:width$}{header}", ""));
    for (name, records) in names.iter().zip(&standings.seat_records) {
        let cells: String = records
            .iter()
            .map(|r| format!(" {:>13}", seat_cell(r)))
            .collect();
        lines.push(format!("  {name:width$}{cells}"));
    }
    lines
}

/// `0.412 / 1.80`, or `-` for a seat the engine never played.
fn seat_cell(record: &SeatRecord) -> String {
    if record.games == 0 {
        "-".to_string()
    } else {
        format!(
            "{:.3} / {:.2}",
            record.average_points(),
            record.average_place()
        )
    }
}

/// One line that sums the match up as it goes: games played, the score with Elo and
/// the SPRT for a head-to-head match, each engine's points per seat otherwise.
pub fn progress_line(
    standings: &Standings,
    names: &[String],
    seats: usize,
    total_games: usize,
    sprt: Option<&SprtSpec>,
) -> String {
    let mut line = format!("Progress: {} of {total_games} games", standings.games);
    if seats == 2 && names.len() == 2 {
        let first = &standings.tallies[0];
        line.push_str(&format!(
            ", {} vs {}: {} - {} - {} [{:.3}]",
            names[0],
            names[1],
            first.wins,
            first.losses,
            first.draws,
            score_fraction(first)
        ));
        if let Some(elo) = elo_text(standings) {
            line.push_str(&format!(", {elo}"));
        }
        if let Some(spec) = sprt {
            let state = standings.pairs.sprt_state(spec);
            line.push_str(&format!(
                ", LLR {:.2} ({:.2}, {:.2})",
                state.llr, state.lower, state.upper
            ));
        }
    } else {
        let shares: Vec<String> = names
            .iter()
            .zip(&standings.tallies)
            .map(|(name, tally)| format!("{name} {:.3}", score_fraction(tally)))
            .collect();
        line.push_str(&format!(", points per seat: {}", shares.join(", ")));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchrunner::standings::three_seat_rounds;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn three_seats_show_points_and_places_per_seat() {
        let mut standings = Standings::new(2, 3);
        let (third, half) = (Points::fraction(1, 3), Points::HALF);
        standings.add_game(0, &[0, 1, 0], &[half, Points::ZERO, half]);
        standings.add_game(1, &[1, 0, 0], &[third, third, third]);
        let names = names(&["alpha", "b"]);
        assert_eq!(
            standings_lines(&standings, &names, 3, None),
            [
                "Standings after 2 games (3 seats; an equal share is 0.333 per seat):",
                "  alpha: 1.67 points in 4 seats, 0.417 per seat; above/below/at share: 2 / 0 / 2",
                "  b: 0.33 points in 2 seats, 0.167 per seat; above/below/at share: 0 / 1 / 1",
                "Elo against the other engines (rounds of 3 games, one opening each):",
                "  alpha: no complete round yet",
                "  b: no complete round yet",
                "Per seat: average points / average place (1 = best)",
                "               Seat 1        Seat 2        Seat 3",
                "  alpha  0.500 / 1.00  0.333 / 1.00  0.417 / 1.00",
                "  b      0.333 / 1.00  0.000 / 3.00             -",
            ]
        );
        assert_eq!(
            progress_line(&standings, &names, 3, 7, None),
            "Progress: 2 of 7 games, points per seat: alpha 0.417, b 0.167"
        );
    }

    #[test]
    fn elo_against_the_others_by_rounds() {
        let mut standings = Standings::new(2, 3);
        for (index, (rotation, points)) in three_seat_rounds().iter().enumerate() {
            standings.add_game(index, rotation, points);
        }
        // Round means of a: ¾ and ⅓ (see the standings tests): s = 13/24 = 0.541_667,
        // σ² = (5/24)², σ/√2 = 0.147_314. Elo = -400 log10(11/13) = 29.0; the margin
        // 1.959_964 · 0.147_314 = 0.288_730 spans elo(0.830_397) = 275.94 to
        // elo(0.252_937) = -188.14, half of which is 232.0; LOS = Φ(0.041_667 /
        // 0.147_314) = Φ(0.282_843) = 0.611_351. b's rounds, ¼ and ⅔, mirror a's.
        let lines = standings_lines(&standings, &names(&["a", "b"]), 3, None);
        assert_eq!(
            lines[3..6],
            [
                "Elo against the other engines (rounds of 3 games, one opening each):",
                "  a: 29.0 +/- 232.0, LOS: 61.1 %",
                "  b: -29.0 +/- 232.0, LOS: 38.9 %",
            ]
        );
    }

    #[test]
    fn the_progress_line_of_a_head_to_head_match() {
        let mut standings = Standings::new(2, 2);
        let names = names(&["new", "old"]);
        standings.add_game(0, &[0, 1], &[Points::ONE, Points::ZERO]);
        let sprt = SprtSpec {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        // No complete pair yet: no Elo, and the LLR is 0.
        assert_eq!(
            progress_line(&standings, &names, 2, 10, Some(&sprt)),
            "Progress: 1 of 10 games, new vs old: 1 - 0 - 0 [1.000], LLR 0.00 (-2.94, 2.94)"
        );
        standings.add_game(1, &[1, 0], &[Points::HALF, Points::HALF]);
        standings.add_game(2, &[0, 1], &[Points::ZERO, Points::ONE]);
        standings.add_game(3, &[1, 0], &[Points::HALF, Points::HALF]);
        // Pair averages ¾ and ¼: s = ½, σ² = ¼² = 1/16, σ/√2 = 0.176_777. The margin
        // 1.959_964 · 0.176_777 = 0.346_476 gives elo(0.846_476) = -400 log10(0.181_368)
        // = 296.6 (and -296.6 below). The LLR is -0.000_83: the pairs' mean is s0, so
        // only the distribution of mean s1 costs likelihood.
        assert_eq!(
            progress_line(&standings, &names, 2, 10, Some(&sprt)),
            "Progress: 4 of 10 games, new vs old: 1 - 1 - 2 [0.500], \
             Elo difference: 0.0 +/- 296.6, LOS: 50.0 %, LLR -0.00 (-2.94, 2.94)"
        );
    }
}
