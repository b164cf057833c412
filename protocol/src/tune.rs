//! `tessera tune`: fits a variant's evaluation weights to `tessera datagen` data
//! (`docs/training.md`) and writes them in the form the evaluator reads, the generated
//! `evaluation/src/<variant>/weights.rs`.

use crate::datagen::Sample as Line;
use crate::variant::AnyGame;
use clap::Args;
use engine::game::{Game, Points};
use engine::variants::hepta::Hepta;
use engine::variants::hexian::HexianGame;
use engine::variants::hexmate::Hexmate;
use engine::variants::panoply::Panoply;
use engine::variants::sevenkingdoms::SevenKingdoms;
use engine::variants::Variant;
use evaluation::tune::{fit, fit_scale, rounded, Descent, Features, Sample};
use evaluation::weights::{Tunable, Weights};
use evaluation::{HeptaEval, HexianEval, HexmateEval, PanoplyEval, SevenKingdomsEval};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

/// The self-play data a fit reads (`tessera tune`, `tessera wdl-fit`): the variant, its
/// division and the `tessera datagen` files.
#[derive(Args, Debug, Clone)]
pub struct DataArgs {
    /// Variant id: hexmate, panoply, hepta, sevenkingdoms, hexian.
    #[arg(long, value_parser = crate::cli::parse_variant)]
    pub variant: Variant,
    /// Who owns which armies, as the data was made (sevenkingdoms, hexian).
    #[arg(long)]
    pub players: Option<String>,
    /// Data files written by `tessera datagen`.
    #[arg(long, num_args = 1.., required = true)]
    pub data: Vec<PathBuf>,
}

impl DataArgs {
    /// The `Players` value the data was made with ("" for the variant's default).
    pub fn players(&self) -> &str {
        self.players.as_deref().unwrap_or("")
    }

    /// Calls `each` with every line of the data files, one at a time (so that a caller
    /// can keep only what it makes of a line), and the line's place for error messages.
    pub fn for_each_line(
        &self,
        mut each: impl FnMut(Line, &dyn Fn() -> String) -> Result<(), String>,
    ) -> Result<(), String> {
        for file in &self.data {
            let text =
                std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
            for (index, line) in text.lines().enumerate() {
                let place = || format!("{} line {}", file.display(), index + 1);
                let line = Line::parse(line).map_err(|e| format!("{}: {e}", place()))?;
                each(line, &place)?;
            }
        }
        Ok(())
    }
}

#[derive(Args, Debug, Clone)]
pub struct TuneArgs {
    #[command(flatten)]
    pub source: DataArgs,
    /// Gradient passes over the data per round.
    #[arg(long, default_value = "1000")]
    pub passes: usize,
    /// First step size of the descent, in centipawns.
    #[arg(long, default_value = "1.0")]
    pub rate: f64,
    /// Rounds: the evaluation is linearised again at each round's weights.
    #[arg(long, default_value = "2")]
    pub rounds: usize,
    /// Pull of every weight towards the compiled-in one: the loss adds this times the sum
    /// of the squared changes in pawns (0: the weights are free).
    #[arg(long, default_value = "0")]
    pub pull: f64,
    /// Keep the compiled-in value of each weight that changes the score of fewer
    /// positions than this.
    #[arg(long, default_value = "0")]
    pub min_positions: usize,
    /// Fit only the weights whose names (as the report prints them, e.g. `values[2].mg`)
    /// start with one of these, e.g. `--only values passed`, or equal one that ends in `$`
    /// (`king$`); the others keep their values.
    #[arg(long, num_args = 1..)]
    pub only: Vec<String>,
    /// Threads of the passes.
    #[arg(long, default_value = "1", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// Write the weights file here (e.g. evaluation/src/hepta/weights.rs); default: print it.
    #[arg(short = 'o', long)]
    pub output: Option<PathBuf>,
}

/// The points of each seat as shares of one.
fn shares(result: &[Points]) -> Vec<f64> {
    result.iter().map(|p| p.as_f64()).collect()
}

/// Reads the data files into positions of the game type `unwrap` takes out of an
/// [`AnyGame`] of `--variant`, one line at a time; errors name the file and line.
/// Every position must have as many seats as the first: the model fits one scale `K` and
/// one softmax width to the data (a Hexian position keeps its own players field, so
/// three- and six-player files would otherwise be read together).
fn read_data<G: Game>(
    args: &TuneArgs,
    unwrap: impl Fn(AnyGame) -> Option<G>,
) -> Result<Vec<Sample<G>>, String> {
    let source = &args.source;
    let mut samples: Vec<Sample<G>> = Vec::new();
    source.for_each_line(|line, place| {
        let game = AnyGame::from_position_string_with_players(
            source.variant,
            &line.position,
            source.players(),
        )
        .map_err(|e| format!("{}: {e}", place()))?;
        let pos = unwrap(game).expect("a position of --variant has its game type");
        let seats = samples.first().map_or(pos.seats(), |first| first.pos.seats());
        if pos.seats() != seats || line.result.len() != seats {
            return Err(format!(
                "{}: {} seats and {} results where the data's first position has {seats} seats: fit one player count at a time",
                place(),
                pos.seats(),
                line.result.len()
            ));
        }
        samples.push(Sample {
            pos,
            result: shares(&line.result),
        });
        Ok(())
    })?;
    match samples.first() {
        None => Err("no positions in the data".to_string()),
        // Nothing to tell the weights apart: the scale would fall to 0 and every weight
        // with it.
        Some(first) if samples.iter().all(|s| s.result == first.result) => Err(format!(
            "every position of the data has the same result ({:?}): nothing to fit",
            first.result
        )),
        Some(_) => Ok(samples),
    }
}

/// Fits the weights of `E` and returns the report and the new weights file.
fn tune<G: Game + Sync, E: Tunable<G>>(
    samples: &[Sample<G>],
    args: &TuneArgs,
) -> Result<(String, String), String> {
    let names = E::Weights::value_names();
    let free = free_weights(&names, &args.only)?;
    let mut report = String::new();
    let start = E::weights();
    let clock = Instant::now();
    let features = Features::extract::<G, E>(&start, samples, &free);
    let extracted = clock.elapsed().as_secs_f64();
    let k = fit_scale(&features);
    let before = features.loss(k);
    let unmeasured: Vec<&str> = features
        .positions_moved()
        .iter()
        .zip(&names)
        .zip(&free)
        .filter(|((&count, _), &free)| free && count < args.min_positions)
        .map(|((_, name), _)| name.as_str())
        .collect();
    let descent = Descent {
        passes: args.passes,
        rate: args.rate,
        pull: args.pull,
        min_positions: args.min_positions,
    };
    let clock = Instant::now();
    let fitted = fit::<G, E>(&start, samples, features, k, descent, args.rounds, &free);
    let fitting = clock.elapsed().as_secs_f64();
    let weights = rounded(&start, &fitted);
    let after = Features::scores_only::<G, E>(&weights, samples).loss(k);
    let n = samples.len();
    let threads = args.threads as f64;
    let pass_rate = (n * args.passes * args.rounds.max(1)) as f64 / fitting.max(1e-9);
    let _ = writeln!(report, "positions: {n}, weights: {}", start.flat().len());
    let _ = writeln!(report, "scale K: {k:.6} (softmax over seats of K × score)");
    let _ = writeln!(
        report,
        "loss: {before:.6} with the compiled-in weights, {after:.6} tuned"
    );
    let _ = writeln!(
        report,
        "linearised in {extracted:.1} s ({:.0} positions/s per thread); passes: {:.0} positions/s per thread",
        n as f64 / extracted.max(1e-9) / threads,
        pass_rate / threads
    );
    if !unmeasured.is_empty() {
        let _ = writeln!(
            report,
            "kept (fewer than {} positions): {}",
            args.min_positions,
            unmeasured.join(" ")
        );
    }
    for ((name, old), new) in names.iter().zip(start.flat()).zip(weights.flat()) {
        if old != new {
            let _ = writeln!(report, "{name}: {old} -> {new}");
        }
    }
    let header = format!(
        "Evaluation weights written by `tessera tune` ({n} positions; scale K {k:.6};\nloss {before:.6} with the previous weights, {after:.6} tuned):\n{}",
        command_line()
    );
    Ok((report, weights.to_rust(&header)))
}

/// Which weights the fit may move: those named by one of the `only` patterns, or every
/// weight when there are none. A pattern that names no weight is refused.
fn free_weights(names: &[String], only: &[String]) -> Result<Vec<bool>, String> {
    if let Some(unknown) = only
        .iter()
        .find(|pattern| !names.iter().any(|name| names_weight(pattern, name)))
    {
        return Err(format!(
            "--only {unknown}: no weight of the variant is named so"
        ));
    }
    Ok(names
        .iter()
        .map(|name| only.is_empty() || only.iter().any(|pattern| names_weight(pattern, name)))
        .collect())
}

/// Whether an `--only` pattern names the weight `name`: a prefix of its name, or the
/// whole name followed by `$` (`king$` frees `king` but not `king_confinement`).
fn names_weight(pattern: &str, name: &str) -> bool {
    match pattern.strip_suffix('$') {
        Some(whole) => name == whole,
        None => name.starts_with(pattern),
    }
}

/// The command as typed, for the weights file's header, without the output file.
pub(crate) fn command_line() -> String {
    let mut words = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "-o" || arg == "--output" {
            args.next();
        } else if !arg.starts_with("--output=") {
            words.push(arg);
        }
    }
    format!("tessera {}", words.join(" "))
}

/// `tessera tune`.
pub fn run_command(args: TuneArgs) -> Result<(), String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads as usize)
        .build()
        .map_err(|e| e.to_string())?;
    let fitted: Result<(String, String), String> = pool.install(|| match args.source.variant {
        Variant::Hexmate | Variant::Hexchoice => {
            let samples = read_data(&args, |g| match g {
                AnyGame::Hexmate(p) => Some(p),
                _ => None,
            })?;
            tune::<Hexmate, HexmateEval>(&samples, &args)
        }
        Variant::Panoply => {
            let samples = read_data(&args, |g| match g {
                AnyGame::Panoply(p) => Some(p),
                _ => None,
            })?;
            tune::<Panoply, PanoplyEval>(&samples, &args)
        }
        Variant::Hepta => {
            let samples = read_data(&args, |g| match g {
                AnyGame::Hepta(p) => Some(p),
                _ => None,
            })?;
            tune::<Hepta, HeptaEval>(&samples, &args)
        }
        Variant::SevenKingdoms => {
            let samples = read_data(&args, |g| match g {
                AnyGame::SevenKingdoms(p) => Some(p),
                _ => None,
            })?;
            tune::<SevenKingdoms, SevenKingdomsEval>(&samples, &args)
        }
        Variant::Hexian => {
            let samples = read_data(&args, |g| match g {
                AnyGame::Hexian(p) => Some(p),
                _ => None,
            })?;
            tune::<HexianGame, HexianEval>(&samples, &args)
        }
    });
    let (report, file) = fitted?;
    emit(&report, &file, args.output.as_deref())
}

/// Prints a fit's report on standard error and writes its file to `output`, or to
/// standard output when none is given (`tessera tune` and `tessera wdl-fit`).
pub fn emit(report: &str, file: &str, output: Option<&std::path::Path>) -> Result<(), String> {
    eprint!("{report}");
    match output {
        Some(path) => std::fs::write(path, file).map_err(|e| format!("{}: {e}", path.display())),
        None => {
            print!("{file}");
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn panoply(game: AnyGame) -> Option<Panoply> {
        match game {
            AnyGame::Panoply(p) => Some(p),
            _ => None,
        }
    }

    fn args(data: PathBuf) -> TuneArgs {
        TuneArgs {
            source: DataArgs {
                variant: Variant::Panoply,
                players: None,
                data: vec![data],
            },
            passes: 20,
            rate: 1.0,
            pull: 0.0,
            min_positions: 0,
            only: Vec::new(),
            rounds: 1,
            threads: 1,
            output: None,
        }
    }

    #[test]
    fn bad_data_is_refused_naming_the_file_and_line() {
        let dir = std::env::temp_dir().join(format!("tessera-tune-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let start = AnyGame::start(Variant::Panoply).unwrap().position_string();
        let cases = [
            (
                format!("{start} | 1 0 | 1/2 1/2\n{start} | 1 0 | 1 0 0 x\n"),
                "line 2: bad points 'x'",
            ),
            (
                format!("{start} | 1 0 | 1 0\nk6 w | 1 0 | 1 0\n"),
                "line 2: ",
            ),
            (String::new(), "no positions in the data"),
            (
                format!("{start} | 1 0 | 1 0\n{start} | 1 0 | 1 0 0\n"),
                "line 2: 2 seats and 3 results where the data's first position has 2 seats",
            ),
            (
                format!("{start} | 1 0 | 1/2 1/2\n{start} | 2 0 | 1/2 1/2\n"),
                "every position of the data has the same result ([0.5, 0.5]): nothing to fit",
            ),
        ];
        for (text, error) in cases {
            let file = dir.join("data.txt");
            std::fs::write(&file, &text).unwrap();
            let Err(refused) = read_data(&args(file.clone()), panoply) else {
                panic!("{text} was read");
            };
            assert!(refused.contains(error), "{refused}");
            if error.starts_with("line") {
                assert!(
                    refused.starts_with(&file.display().to_string()),
                    "{refused}"
                );
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn three_and_six_player_hexian_data_are_not_fitted_together() {
        let dir = std::env::temp_dir().join(format!("tessera-tune-hx-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let start = |players: usize| {
            let config = engine::variants::hexian::Config {
                players: engine::variants::hexian::PlayerCount::from_number(players).unwrap(),
                ..Default::default()
            };
            HexianGame::start(&config).position_string()
        };
        let file = dir.join("mixed.txt");
        let text = format!(
            "{} | 1 0 | 1 0 0\n{} | 1 0 | 0 1 0 0 0 0\n",
            start(3),
            start(6)
        );
        std::fs::write(&file, text).unwrap();
        let mut hexian = args(file.clone());
        hexian.source.variant = Variant::Hexian;
        let refused = read_data(&hexian, |g| match g {
            AnyGame::Hexian(p) => Some(p),
            _ => None,
        })
        .err()
        .expect("mixed player counts were read");
        assert_eq!(
            refused,
            format!(
                "{} line 2: 6 seats and 6 results where the data's first position has 3 seats: fit one player count at a time",
                file.display()
            )
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn only_frees_the_weights_named_by_its_patterns_and_refuses_unknown_ones() {
        let names = <PanoplyEval as Tunable<Panoply>>::Weights::value_names();
        let only = |patterns: &[&str]| {
            let patterns: Vec<String> = patterns.iter().map(|p| p.to_string()).collect();
            free_weights(&names, &patterns)
        };
        let freed = |free: Vec<bool>| -> Vec<String> {
            names
                .iter()
                .zip(free)
                .filter(|(_, free)| *free)
                .map(|(name, _)| name.clone())
                .collect()
        };
        assert_eq!(
            freed(only(&["values[2]", "tempo"]).unwrap()),
            ["values[2]", "tempo"]
        );
        assert_eq!(freed(only(&[]).unwrap()), names);
        assert_eq!(
            freed(only(&["king"]).unwrap()),
            ["king_attacker", "king_shield"]
        );
        // A `$` names one weight whole.
        assert_eq!(freed(only(&["king_shield$"]).unwrap()), ["king_shield"]);
        assert_eq!(
            only(&["king_shield$", "pawn_near$"]),
            Err("--only pawn_near$: no weight of the variant is named so".to_string())
        );
        assert_eq!(
            only(&["values", "tmepo"]),
            Err("--only tmepo: no weight of the variant is named so".to_string())
        );
        assert_eq!(
            only(&["king$"]),
            Err("--only king$: no weight of the variant is named so".to_string())
        );
    }

    #[test]
    fn the_fit_writes_every_weight_in_the_evaluators_form() {
        let samples = [Sample {
            pos: Panoply::start(&()),
            result: vec![0.5, 0.5],
        }];
        let (report, file) = tune::<Panoply, PanoplyEval>(&samples, &args(PathBuf::new())).unwrap();
        assert!(
            report.starts_with("positions: 1, weights: 19\n"),
            "{report}"
        );
        let header = <PanoplyEval as Tunable<Panoply>>::Weights::header_of(&file);
        assert!(header.starts_with("Evaluation weights written by `tessera tune` (1 positions;"));
        let fields: Vec<&str> = file
            .lines()
            .filter_map(|line| line.strip_prefix("    ")?.split_once(": "))
            .map(|(name, _)| name)
            .collect();
        assert_eq!(
            fields,
            [
                "values",
                "mobility",
                "frozen_share",
                "pawn_advance",
                "pawn_near_promotion",
                "king_attacker",
                "king_shield",
                "tempo",
                "lone_king_rim",
                "lone_king_proximity",
                "lone_king_escape",
                "fifty_turn_fade"
            ]
        );
    }
}
