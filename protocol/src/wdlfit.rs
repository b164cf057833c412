//! `tessera wdl-fit`: fits a variant's win/draw/loss model (`evaluation::wdl`,
//! `UCI_ShowWDL`) to `tessera datagen` data and writes it as the generated
//! `evaluation/src/wdl/<variant>.rs` (`docs/training.md`).
//!
//! Data of two players fit the two-player model (the search's score and the phase
//! against the result of the side to move); data of more players fit the first-place
//! softmax's temperature (every seat's static evaluation against who came first). The
//! variant's other model, if it has one, is kept as compiled in.

use crate::datagen::Sample as Line;
use crate::tune::{command_line, emit, DataArgs};
use crate::variant::AnyGame;
use clap::Args;
use engine::game::Game;
use engine::search::Evaluator;
use evaluation::wdl::{self, Result3, SeatsSample, TwoPlayerModel, TwoPlayerSample, WdlModels};
use evaluation::{HeptaEval, HexianEval, HexmateEval, PanoplyEval, SevenKingdomsEval};
use std::path::PathBuf;

#[derive(Args, Debug, Clone)]
pub struct WdlFitArgs {
    #[command(flatten)]
    pub source: DataArgs,
    /// Gradient steps of the two-player fit.
    #[arg(long, default_value = "1500")]
    pub steps: usize,
    /// Write the model file here (e.g. evaluation/src/wdl/hepta.rs); default: print it.
    #[arg(short = 'o', long)]
    pub output: Option<PathBuf>,
}

/// Reads every line of the data files; errors name the file and line.
fn read_lines(source: &DataArgs) -> Result<Vec<Line>, String> {
    let mut lines = Vec::new();
    source.for_each_line(|line, _| {
        lines.push(line);
        Ok(())
    })?;
    if lines.is_empty() {
        return Err("no positions in the data".to_string());
    }
    Ok(lines)
}

/// The side to move's result of a two-player line.
fn result_of(line: &Line) -> Result3 {
    let points = line.result[line.seat].as_f64();
    if points >= 1.0 {
        Result3::Win
    } else if points <= 0.0 {
        Result3::Loss
    } else {
        Result3::Draw
    }
}

/// Every seat's static evaluation of a position of any variant.
fn seat_scores(game: &AnyGame) -> Vec<i32> {
    fn by<G: Game, E: Evaluator<G>>(pos: &G) -> Vec<i32> {
        E::default().evaluate_seats(pos).to_vec()
    }
    match game {
        AnyGame::Hexmate(g) => by::<_, HexmateEval>(g),
        AnyGame::Panoply(g) => by::<_, PanoplyEval>(g),
        AnyGame::Hepta(g) => by::<_, HeptaEval>(g),
        AnyGame::SevenKingdoms(g) => by::<_, SevenKingdomsEval>(g),
        AnyGame::Hexian(g) => by::<_, HexianEval>(g),
    }
}

/// Each seat's share of first place: 1 for the winner, 1/k each for k seats tied first.
fn first_place(line: &Line) -> Vec<f64> {
    let points: Vec<f64> = line.result.iter().map(|p| p.as_f64()).collect();
    let top = points.iter().copied().fold(f64::MIN, f64::max);
    let tied = points.iter().filter(|&&p| p == top).count() as f64;
    points
        .iter()
        .map(|&p| if p == top { 1.0 / tied } else { 0.0 })
        .collect()
}

/// The generated model file of `models`, headed by how it was made.
fn model_file(models: &WdlModels, made: &str) -> String {
    let two = match models.two_players {
        Some(TwoPlayerModel {
            a,
            b,
            start_material,
        }) => format!(
            "Some(TwoPlayerModel {{\n        a: [{:.4}, {:.4}],\n        b: [{:.4}, {:.4}],\n        \
             start_material: {start_material},\n    }})",
            a[0], a[1], b[0], b[1]
        ),
        None => "None".to_string(),
    };
    let temperature = match models.temperature {
        Some(t) => format!("Some({t:.1})"),
        None => "None".to_string(),
    };
    let uses = if models.two_players.is_some() {
        "use super::{TwoPlayerModel, WdlModels};"
    } else {
        "use super::WdlModels;"
    };
    let header: String = made.lines().map(|l| format!("//! {l}\n")).collect();
    format!(
        "{header}\n{uses}\n\npub const MODELS: WdlModels = WdlModels {{\n    two_players: {two},\n    \
         temperature: {temperature},\n}};\n"
    )
}

/// Fits the model the data calls for; returns the report and the model file.
fn fit(args: &WdlFitArgs, lines: &[Line]) -> Result<(String, String), String> {
    let players = args.source.players();
    let mut models = wdl::models(args.source.variant);
    let n = lines.len();
    let (report, made) = if lines.iter().all(|l| l.result.len() == 2) {
        let start = AnyGame::start_with_players(args.source.variant, players)
            .map_err(|e| e.to_string())?
            .position_string();
        let start_material = wdl::material(&start);
        let samples: Vec<TwoPlayerSample> = lines
            .iter()
            .map(|l| TwoPlayerSample {
                cp: l.score,
                phase: wdl::phase(wdl::material(&l.position), start_material),
                result: result_of(l),
            })
            .collect();
        let count = |r| samples.iter().filter(|s| s.result == r).count();
        let (wins, draws, losses) = (
            count(Result3::Win),
            count(Result3::Draw),
            count(Result3::Loss),
        );
        let model = wdl::fit_two_players(&samples, start_material, args.steps);
        let loss = wdl::two_player_log_loss(&model, &samples);
        models.two_players = Some(model);
        let summary = format!(
            "{n} positions ({wins} wins, {draws} draws, {losses} losses for the side to move); \
             log loss {loss:.4}"
        );
        (format!("{summary}\n{model:?}\n"), summary)
    } else {
        let samples = lines
            .iter()
            .map(|l| {
                let game = AnyGame::from_position_string_with_players(
                    args.source.variant,
                    &l.position,
                    players,
                )
                .map_err(|e| format!("{}: {e}", l.position))?;
                Ok(SeatsSample {
                    scores: seat_scores(&game),
                    first: first_place(l),
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let t = wdl::fit_temperature(&samples);
        let loss = wdl::first_place_loss(&samples, t);
        models.temperature = Some(t);
        let summary = format!(
            "{n} positions {}; temperature {t:.1}; first-place log loss {loss:.4}",
            seat_counts(lines)
        );
        (format!("{summary}\n"), summary)
    };
    let made = format!(
        "Win/draw/loss models of {} written by `tessera wdl-fit` ({made}):\n{}",
        args.source.variant.id(),
        command_line()
    );
    Ok((report, model_file(&models, &made)))
}

/// How many seats the positions have: "of 3 seats", or for data of games with different
/// numbers of seats (the first-place model has one temperature for all of them) "(24184
/// of 3 seats, 21422 of 6 seats)".
fn seat_counts(lines: &[Line]) -> String {
    let mut counts = std::collections::BTreeMap::new();
    for line in lines {
        *counts.entry(line.result.len()).or_insert(0usize) += 1;
    }
    match counts.len() {
        1 => format!("of {} seats", lines[0].result.len()),
        _ => {
            let parts: Vec<String> = counts
                .iter()
                .map(|(seats, n)| format!("{n} of {seats} seats"))
                .collect();
            format!("({})", parts.join(", "))
        }
    }
}

/// `tessera wdl-fit`.
pub fn run_command(args: WdlFitArgs) -> Result<(), String> {
    let lines = read_lines(&args.source)?;
    let (report, file) = fit(&args, &lines)?;
    emit(&report, &file, args.output.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::DataArgs;
    use engine::variants::hexian::{Config, Hexian, PlayerCount};
    use engine::variants::Variant;

    fn hexian_start(players: usize) -> String {
        let config = Config {
            players: PlayerCount::from_number(players).unwrap(),
            ..Default::default()
        };
        Hexian::start(&config).position_string()
    }

    /// Three- and six-player Hexian data share the first-place model's one temperature;
    /// the report says how many positions of each seat count it was fitted on.
    #[test]
    fn the_report_counts_the_positions_of_each_seat_count() {
        let (three, six) = (hexian_start(3), hexian_start(6));
        let lines: Vec<Line> = [
            format!("{three} | 1 0 | 1 0 0"),
            format!("{six} | 1 0 | 0 1 0 0 0 0"),
            format!("{three} | 1 0 | 0 0 1"),
        ]
        .iter()
        .map(|l| Line::parse(l).unwrap())
        .collect();
        let args = WdlFitArgs {
            source: DataArgs {
                variant: Variant::Hexian,
                players: None,
                data: Vec::new(),
            },
            steps: 10,
            output: None,
        };
        let (report, file) = fit(&args, &lines).unwrap();
        assert!(
            report.starts_with("3 positions (2 of 3 seats, 1 of 6 seats); temperature "),
            "{report}"
        );
        assert!(file.contains("temperature: Some("), "{file}");
        let uniform = fit(&args, &lines[..1]).unwrap().0;
        assert!(uniform.starts_with("1 positions of 3 seats; "), "{uniform}");
    }
}
