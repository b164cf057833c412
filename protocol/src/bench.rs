//! `bench`: the variant's bench positions (`positions/<variant>/bench.txt`) searched to a
//! fixed depth, reported in Stockfish's three lines.

use crate::uci::BenchParams;
use crate::variant::{AnyGame, AnySearcher, SearchSettings, SetupError};
use crate::with_searcher;
use engine::search::multiplayer::Algorithm;
use engine::search::{BenchResult, Control, Limits, Options};
use engine::variants::Variant;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Depth of a `bench` of `variant` without one: about two seconds on this project's
/// machines, long enough for a steady nodes-per-second figure (a shallow bench spends a
/// large share of its time clearing the table between positions). Seven Kingdoms'
/// depends on the multi-player algorithm. A Hexian node is costly (spells give a
/// position hundreds of legal moves) and depth 3 takes about eight times as long as
/// depth 2, far past two seconds, so its bench stops at depth 2.
pub fn default_depth(variant: Variant, algorithm: Algorithm) -> u32 {
    match variant {
        Variant::SevenKingdoms => algorithm.bench_depth(),
        Variant::Hexian => 2,
        Variant::Panoply => 7,
        _ => 8,
    }
}

/// Why a bench could not run.
#[derive(Debug)]
pub enum BenchError {
    NoPositions(Variant),
    Unreadable(PathBuf, std::io::Error),
    BadPosition {
        path: PathBuf,
        line: usize,
        error: SetupError,
    },
}

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BenchError::NoPositions(v) => write!(
                f,
                "bench: no positions/{}/bench.txt near the executable or the current directory",
                v.id()
            ),
            BenchError::Unreadable(path, e) => write!(f, "bench: {}: {e}", path.display()),
            BenchError::BadPosition { path, line, error } => {
                write!(f, "bench: {} line {line}: {error}", path.display())
            }
        }
    }
}

impl std::error::Error for BenchError {}

/// A bench ready to run: its positions read, its searcher settings and depth chosen.
pub struct Plan {
    games: Vec<AnyGame>,
    settings: SearchSettings,
    depth: u32,
}

impl Plan {
    /// Reads the bench positions of `variant`. Seven Kingdoms positions are read with one
    /// kingdom per player and searched by `algorithm`.
    pub fn new(
        variant: Variant,
        algorithm: Algorithm,
        params: BenchParams,
    ) -> Result<Plan, BenchError> {
        let options = Options {
            threads: params.threads.unwrap_or(1),
            hash_mb: params.hash_mb.unwrap_or(16),
            ..Options::default()
        };
        Ok(Plan {
            games: load_positions(variant)?,
            settings: SearchSettings { options, algorithm },
            depth: params
                .depth
                .unwrap_or_else(|| default_depth(variant, algorithm)),
        })
    }

    /// Searches every position to the depth with one searcher, cleared before each, and
    /// returns the three lines. Once `control.stop` is set the bench ends; the nodes line
    /// then counts the nodes searched so far and says `(partial: <k> of <n> positions)`,
    /// `k` being the positions searched to the end.
    pub fn run(&self, control: &Control) -> Vec<String> {
        let mut searcher = AnySearcher::for_game(&self.games[0], &self.settings);
        let start = Instant::now();
        let (mut nodes, mut finished) = (0, 0);
        for game in &self.games {
            if control.stop.load(Ordering::Acquire) {
                break;
            }
            searcher.clear();
            nodes += with_searcher!(&mut searcher, game, (s, g) => {
                let limits = Limits {
                    depth: Some(self.depth),
                    ..Limits::default()
                };
                s.search(g, &limits, control, &mut |_| {}).nodes
            });
            if !control.stop.load(Ordering::Acquire) {
                finished += 1;
            }
        }
        let result = BenchResult {
            nodes,
            time_ms: (start.elapsed().as_millis() as u64).max(1),
        };
        let partial = if finished < self.games.len() {
            format!(" (partial: {finished} of {} positions)", self.games.len())
        } else {
            String::new()
        };
        vec![
            format!("Total time (ms) : {}", result.time_ms),
            format!("Nodes searched  : {nodes}{partial}"),
            format!("Nodes/second    : {}", result.nps()),
        ]
    }
}

/// Reads the bench file: one position string per line, `#` starts a comment.
fn load_positions(variant: Variant) -> Result<Vec<AnyGame>, BenchError> {
    let path = find_bench_file(variant).ok_or(BenchError::NoPositions(variant))?;
    let text =
        std::fs::read_to_string(&path).map_err(|e| BenchError::Unreadable(path.clone(), e))?;
    let mut games = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let game = AnyGame::from_position_string(variant, content).map_err(|error| {
            BenchError::BadPosition {
                path: path.clone(),
                line: index + 1,
                error,
            }
        })?;
        games.push(game);
    }
    if games.is_empty() {
        return Err(BenchError::NoPositions(variant));
    }
    Ok(games)
}

/// The first `positions/<variant>/bench.txt` found in a folder above the executable,
/// above the current directory, or in the workspace the binary was built from.
fn find_bench_file(variant: Variant) -> Option<PathBuf> {
    let relative = Path::new("positions").join(variant.id()).join("bench.txt");
    let executable_dir = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf));
    let current_dir = std::env::current_dir().ok();
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent();
    let candidates = executable_dir
        .iter()
        .chain(current_dir.iter())
        .flat_map(|dir| dir.ancestors().map(Path::to_path_buf).collect::<Vec<_>>())
        .chain(workspace.map(Path::to_path_buf));
    candidates
        .map(|dir| dir.join(&relative))
        .find(|path| path.is_file())
}
