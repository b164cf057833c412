//! `tessera datagen`: training positions from self-play with the in-process search, for
//! the tuner (`tessera tune`) and the win/draw/loss models. The line format is in
//! `docs/datagen.md`:
//!
//! ```text
//! <position string> | <seat to move> <score> | <points of seat 1> … <points of seat N>
//! ```
//!
//! Game `i` starts from opening `i` of the set (cycling), plays `--random-plies` random
//! quiet moves chosen with a generator seeded by `--seed` and `i`, then searches every
//! move to `--nodes` nodes with one thread and a table cleared for the game: each game
//! is a function of the seed and its number alone, so the output does not depend on
//! `--threads`, and the shards of `--shard K/N` (contiguous slices of the games, as the
//! match runner cuts them) concatenated in order are the unsharded output.

use crate::matchrunner::openings::{read_openings, Opening};
use crate::matchrunner::{shard_games, shard_spec};
use crate::variant::{AnyGame, AnySearcher, Search, SearchSettings};
use crate::with_searcher;
use clap::Args;
use engine::game::{random_move, Game, Points, Seat, Status};
use engine::search::{Control, Limits, Options, Score};
use engine::variants::Variant;
use rand::rngs::StdRng;
use rand::SeedableRng;
use rayon::prelude::*;
use std::collections::HashSet;
use std::fmt;
use std::io::Write;
use std::ops::Range;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Args, Debug, Clone)]
pub struct DatagenArgs {
    /// Variant id: hexmate, panoply, hepta, sevenkingdoms, hexian.
    #[arg(long, value_parser = crate::cli::parse_variant)]
    pub variant: Variant,
    /// Who owns which armies (sevenkingdoms: e.g. wrob/gpd; hexian: 2, 3 or 6).
    #[arg(long)]
    pub players: Option<String>,
    /// Number of self-play games (all shards together).
    #[arg(long)]
    pub games: usize,
    /// Nodes searched per move.
    #[arg(long, default_value = "1000", value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Opening file (as for `tessera match`); default: the start position.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Random quiet moves played after the opening, so that games differ.
    #[arg(long, default_value = "4")]
    pub random_plies: usize,
    /// A game still running after this many plies ends as the rules' draw ("capped");
    /// default 2000 for Hepta, whose won games end between plies 400 and 1,900, else 400.
    #[arg(long)]
    pub max_plies: Option<usize>,
    /// Seed of the random moves.
    #[arg(long, default_value = "1")]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value = "1", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: u64,
    /// Transposition table of each game's search, in MiB.
    #[arg(long, default_value = "4")]
    pub hash: usize,
    /// Play only slice K of N of the games (K/N, e.g. 2/8); concatenate the files after.
    #[arg(long)]
    pub shard: Option<String>,
    /// Output file.
    #[arg(short = 'o', long)]
    pub output: PathBuf,
}

/// One training position: the position string, the seat to move with the search's
/// score for it, and the game's final points per seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    pub position: String,
    pub seat: Seat,
    pub score: i32,
    pub result: Vec<Points>,
}

impl fmt::Display for Sample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let points: Vec<String> = self.result.iter().map(Points::to_string).collect();
        write!(
            f,
            "{} | {} {} | {}",
            self.position,
            self.seat + 1,
            self.score,
            points.join(" ")
        )
    }
}

impl Sample {
    /// Reads a line of the format above; the error names the part that is wrong.
    pub fn parse(line: &str) -> Result<Sample, String> {
        let parts: Vec<&str> = line.split(" | ").collect();
        let [position, scored, result] = parts[..] else {
            return Err(format!("expected three parts separated by ' | ': {line}"));
        };
        let (seat, score) = scored
            .split_once(' ')
            .ok_or_else(|| format!("expected '<seat> <score>', found '{scored}'"))?;
        let seat: Seat = seat
            .parse()
            .ok()
            .filter(|&s| s >= 1)
            .ok_or_else(|| format!("bad seat '{seat}'"))?;
        let score = score.parse().map_err(|_| format!("bad score '{score}'"))?;
        let result = result
            .split(' ')
            .map(parse_points)
            .collect::<Result<Vec<_>, _>>()?;
        if seat > result.len() {
            return Err(format!("seat {seat} of {} seats", result.len()));
        }
        Ok(Sample {
            position: position.to_string(),
            seat: seat - 1,
            score,
            result,
        })
    }
}

/// `1`, `0` or a fraction `n/d` of a point, as [`Points`] prints it.
fn parse_points(text: &str) -> Result<Points, String> {
    let bad = || format!("bad points '{text}'");
    let (n, d) = text.split_once('/').unwrap_or((text, "1"));
    let (n, d): (u16, u16) = (n.parse().map_err(|_| bad())?, d.parse().map_err(|_| bad())?);
    if d == 0 || 420 % d != 0 || n > d {
        return Err(bad());
    }
    Ok(Points::fraction(n, d))
}

/// One self-play game's samples and how it ended.
struct GameData {
    samples: Vec<Sample>,
    capped: bool,
}

/// What every game of a run is played with.
struct Plan {
    variant: Variant,
    players: Option<String>,
    openings: Vec<Opening>,
    settings: SearchSettings,
    nodes: u64,
    random_plies: usize,
    max_plies: usize,
    seed: u64,
}

impl Plan {
    fn from_args(args: &DatagenArgs) -> Result<Plan, String> {
        let players = args.players.as_deref();
        let openings = match &args.openings {
            Some(file) => {
                let text = std::fs::read_to_string(file)
                    .map_err(|e| format!("{}: {e}", file.display()))?;
                read_openings(&text, args.variant, players)
                    .map_err(|e| format!("{}: {e}", file.display()))?
            }
            None => vec![Opening::default()],
        };
        Opening::default()
            .position(args.variant, players)
            .map_err(|e| format!("--players: {e}"))?;
        Ok(Plan {
            variant: args.variant,
            players: args.players.clone(),
            openings,
            settings: SearchSettings {
                options: Options {
                    hash_mb: args.hash.max(1),
                    ..Options::default()
                },
                ..SearchSettings::default()
            },
            nodes: args.nodes,
            random_plies: args.random_plies,
            max_plies: args
                .max_plies
                .unwrap_or_else(|| default_max_plies(args.variant)),
            seed: args.seed,
        })
    }

    /// Game `index`, played with `searcher` (cleared first).
    fn play(&self, index: usize, searcher: &mut AnySearcher) -> GameData {
        let opening = &self.openings[index % self.openings.len()];
        let mut game = opening
            .position(self.variant, self.players.as_deref())
            .expect("openings are checked when read");
        let mut rng = StdRng::seed_from_u64(self.seed ^ (index as u64).wrapping_mul(GOLDEN));
        searcher.clear();
        with_searcher!(searcher, &mut game, (s, g) => self_play(s, g, self, &mut rng))
    }
}

/// The cap of a self-play game when `--max-plies` is not given: long enough for a won game
/// to end. Hepta has no draw by move count (hepta R94): Knights capture only forwards
/// (R26, R27 of hepta) and a side loses only once it has no ply left (hepta R90), so its
/// won self-play games at 1,000 nodes a move end between plies 400 and 1,900 (median 832,
/// 44 of 369 after ply 1,200; docs/training.md), and a lower cap draws games the rules do not.
fn default_max_plies(variant: Variant) -> usize {
    match variant {
        Variant::Hepta => 2000,
        _ => 400,
    }
}

/// Spreads the game numbers over the seeds' bits.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// Plays `pos` to its end: random quiet moves first, then the search's best moves. A
/// position is kept when its side is not in check, the best move is quiet and the score
/// is not a mate: a quiet position whose static score the search agrees with.
fn self_play<G: Game, S: Search<G>>(
    searcher: &mut S,
    pos: &mut G,
    plan: &Plan,
    rng: &mut StdRng,
) -> GameData {
    let mut kept = Vec::new();
    let mut plies = 0;
    let limits = Limits {
        nodes: Some(plan.nodes),
        ..Limits::default()
    };
    let control = Control::default();
    let outcome = loop {
        if let Status::Over(outcome) = pos.status() {
            break Some(outcome);
        }
        if plies >= plan.max_plies {
            break None;
        }
        let mv = if plies < plan.random_plies {
            random_move(pos, 0.0, rng).expect("a game not over has a legal move")
        } else {
            let result = searcher.search(pos, &limits, &control, &mut |_| {});
            let best = result.best.expect("a game not over has a legal move");
            if let Score::Cp(score) = result.score {
                if !pos.in_check() && !pos.is_tactical(best) {
                    kept.push((pos.position_string(), pos.to_move(), score));
                }
            }
            best
        };
        pos.make_move(mv);
        plies += 1;
    };
    let capped = outcome.is_none();
    let result: Vec<Points> = match outcome {
        Some(outcome) => outcome.points.to_vec(),
        None => pos.draw_points().to_vec(),
    };
    let samples = kept
        .into_iter()
        .map(|(position, seat, score)| Sample {
            position,
            seat,
            score,
            result: result.clone(),
        })
        .collect();
    GameData { samples, capped }
}

/// What a run produced, for the closing line.
#[derive(Default)]
struct Totals {
    games: usize,
    capped: usize,
    positions: usize,
    distinct: HashSet<String>,
}

/// Plays the games of `range`, `threads` at a time, and writes their samples in game
/// order to `out`; a progress line after every batch goes to `progress`.
fn generate(
    plan: &Plan,
    range: Range<usize>,
    threads: usize,
    out: &mut dyn Write,
    progress: &mut dyn Write,
) -> Result<Totals, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    let total = range.len();
    let mut totals = Totals::default();
    let start = Instant::now();
    let batch = (threads * 4).max(1);
    let games: Vec<usize> = range.collect();
    for chunk in games.chunks(batch) {
        let played: Vec<GameData> = pool.install(|| {
            chunk
                .par_iter()
                .map_init(
                    || AnySearcher::for_game(&start_position(plan), &plan.settings),
                    |searcher, &index| plan.play(index, searcher),
                )
                .collect()
        });
        for game in played {
            totals.games += 1;
            totals.capped += usize::from(game.capped);
            for sample in game.samples {
                writeln!(out, "{sample}").map_err(|e| e.to_string())?;
                totals.positions += 1;
                totals.distinct.insert(sample.position);
            }
        }
        let seconds = start.elapsed().as_secs_f64().max(1e-9);
        let _ = writeln!(
            progress,
            "datagen: {}/{total} games, {} positions, {:.0} positions/s",
            totals.games,
            totals.positions,
            totals.positions as f64 / seconds
        );
    }
    Ok(totals)
}

fn start_position(plan: &Plan) -> AnyGame {
    plan.openings[0]
        .position(plan.variant, plan.players.as_deref())
        .expect("openings are checked when read")
}

/// `tessera datagen`.
pub fn run_command(args: DatagenArgs) -> Result<(), String> {
    let plan = Plan::from_args(&args)?;
    let range = match args.shard.as_deref() {
        Some(text) => shard_games(args.games, 1, shard_spec(text).map_err(|e| e.to_string())?),
        None => 0..args.games,
    };
    let file = std::fs::File::create(&args.output)
        .map_err(|e| format!("{}: {e}", args.output.display()))?;
    let mut out = std::io::BufWriter::new(file);
    let totals = generate(
        &plan,
        range,
        args.threads as usize,
        &mut out,
        &mut std::io::stderr(),
    )?;
    out.flush().map_err(|e| e.to_string())?;
    eprintln!(
        "datagen: {} games ({} capped at {} plies), {} positions, {} distinct ({:.1} %)",
        totals.games,
        totals.capped,
        plan.max_plies,
        totals.positions,
        totals.distinct.len(),
        100.0 * totals.distinct.len() as f64 / totals.positions.max(1) as f64
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(games: usize, shard: Option<&str>) -> DatagenArgs {
        DatagenArgs {
            variant: Variant::Hexmate,
            players: None,
            games,
            nodes: 60,
            openings: None,
            random_plies: 4,
            max_plies: Some(24),
            seed: 5,
            threads: 1,
            hash: 1,
            shard: shard.map(str::to_string),
            output: PathBuf::new(),
        }
    }

    /// The output of a run and its totals.
    fn run(args: &DatagenArgs, threads: usize) -> (String, Totals) {
        let plan = Plan::from_args(args).unwrap();
        let range = match args.shard.as_deref() {
            Some(text) => shard_games(args.games, 1, shard_spec(text).unwrap()),
            None => 0..args.games,
        };
        let mut out = Vec::new();
        let totals = generate(&plan, range, threads, &mut out, &mut std::io::sink()).unwrap();
        (String::from_utf8(out).unwrap(), totals)
    }

    #[test]
    fn a_seed_gives_the_same_lines_with_any_thread_count() {
        let (one, totals) = run(&args(6, None), 1);
        let (two, _) = run(&args(6, None), 2);
        assert_eq!(one, two);
        assert_eq!(totals.games, 6);
        assert_eq!(one.lines().count(), totals.positions);
        assert!(totals.positions >= 6 * 5, "{}", totals.positions);
        let mut other = args(6, None);
        other.seed = 6;
        assert_ne!(run(&other, 1).0, one);
    }

    #[test]
    fn shards_concatenated_are_the_whole_run() {
        let (whole, _) = run(&args(5, None), 1);
        let parts: String = ["1/3", "2/3", "3/3"]
            .iter()
            .map(|shard| run(&args(5, Some(shard)), 1).0)
            .collect();
        assert_eq!(parts, whole);
    }

    #[test]
    fn hepta_games_are_capped_at_2000_plies_unless_told() {
        let cap = |variant, max_plies| {
            let mut a = args(1, None);
            a.variant = variant;
            a.max_plies = max_plies;
            Plan::from_args(&a).unwrap().max_plies
        };
        assert_eq!(cap(Variant::Hepta, None), 2000);
        assert_eq!(cap(Variant::Hexmate, None), 400);
        assert_eq!(cap(Variant::SevenKingdoms, None), 400);
        assert_eq!(cap(Variant::Hepta, Some(300)), 300);
    }

    #[test]
    fn games_differ_by_their_random_plies() {
        let (_, totals) = run(&args(6, None), 1);
        // 24-ply games of 20 kept positions each: random starts make nearly all distinct.
        assert!(
            totals.distinct.len() * 10 >= totals.positions * 9,
            "{} of {}",
            totals.distinct.len(),
            totals.positions
        );
    }

    #[test]
    fn lines_round_trip_and_set_up_their_position() {
        let (text, _) = run(&args(2, None), 1);
        for line in text.lines() {
            let sample = Sample::parse(line).unwrap();
            assert_eq!(sample.to_string(), line);
            assert_eq!(sample.result.len(), 2);
            let pos = AnyGame::from_position_string(Variant::Hexmate, &sample.position).unwrap();
            assert_eq!(pos.position_string(), sample.position);
        }
        let sample = Sample {
            position: "x y".to_string(),
            seat: 2,
            score: -35,
            result: vec![Points::fraction(1, 3); 3],
        };
        assert_eq!(sample.to_string(), "x y | 3 -35 | 1/3 1/3 1/3");
        assert_eq!(Sample::parse(&sample.to_string()), Ok(sample));
    }

    #[test]
    fn bad_lines_are_refused_naming_the_part() {
        for (line, error) in [
            ("a b | 1 20", "expected three parts"),
            ("a b | 1x20 | 1 0", "expected '<seat> <score>'"),
            ("a b | 0 20 | 1 0", "bad seat '0'"),
            ("a b | 3 20 | 1 0", "seat 3 of 2 seats"),
            ("a b | 1 2.5 | 1 0", "bad score '2.5'"),
            ("a b | 1 20 | 1 2/0", "bad points '2/0'"),
            ("a b | 1 20 | 1 3/2", "bad points '3/2'"),
        ] {
            let refused = Sample::parse(line).unwrap_err();
            assert!(refused.contains(error), "{line}: {refused}");
        }
    }
}
