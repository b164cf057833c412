//! `tessera svg`: writes the picture of a position to a file or to standard output.
//! A bad position string, move or cell name stops it with one line naming the token and
//! exit status 2, and no file is written: the picture is drawn whole first, then written
//! under a temporary name and renamed into place.

use super::{draw, Request};
use crate::cli::{parse_variant, setup};
use engine::variants::Variant;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Exit status for input that names nothing drawable (clap uses 2 for bad arguments too).
const BAD_INPUT: u8 = 2;

#[derive(clap::Args, Debug)]
pub struct SvgArgs {
    /// Variant id: hexmate, hexchoice, panoply, hepta, sevenkingdoms, hexian.
    #[arg(long, default_value = "hexmate", value_parser = parse_variant)]
    pub variant: Variant,
    /// Position string (default: the variant's start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves played from the position; the last one is marked.
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    /// Who owns which armies (sevenkingdoms: e.g. wrob/gpd; hexian: 2, 3 or 6).
    #[arg(long, default_value = "")]
    pub players: String,
    /// Arrows for moves of the position shown, each legal there (a best move, a piece's choices).
    #[arg(long, value_delimiter = ',')]
    pub arrows: Vec<String>,
    /// Arrows for a line of moves, each played after the previous one (a principal variation).
    #[arg(long, value_delimiter = ',')]
    pub pv: Vec<String>,
    /// Cells to highlight, by name.
    #[arg(long, value_delimiter = ',')]
    pub highlight: Vec<String>,
    /// Turn the board by 180°.
    #[arg(long)]
    pub flip: bool,
    /// Write each cell's name in it.
    #[arg(long)]
    pub names: bool,
    /// Width of the picture in pixels.
    #[arg(long, default_value_t = 640, value_parser = clap::value_parser!(u32).range(64..=16384))]
    pub size: u32,
    /// The file to write (default: standard output).
    #[arg(short = 'o', long)]
    pub output: Option<PathBuf>,
}

/// Draws the picture the arguments describe.
fn picture(args: &SvgArgs) -> Result<String, String> {
    let game =
        setup(args.variant, args.fen.as_deref(), &[], &args.players).map_err(|e| e.to_string())?;
    let request = Request {
        moves: args.moves.clone(),
        arrows: args.arrows.clone(),
        pv: args.pv.clone(),
        highlights: args.highlight.clone(),
        rotation: if args.flip { 180 } else { 0 },
        size: args.size,
        cell_names: args.names,
        title: format!("{} position", args.variant.id()),
    };
    draw(&game, &request).map_err(|e| e.to_string())
}

/// Writes `text` to `path` through a temporary file beside it, so that a failed write
/// leaves no partial picture.
fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map_or_else(|| "picture".into(), |n| n.to_string_lossy().into_owned());
    let temporary = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let written = std::fs::write(&temporary, text).and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// Runs `tessera svg`.
pub fn run(args: SvgArgs) -> ExitCode {
    let svg = match picture(&args) {
        Ok(svg) => svg,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(BAD_INPUT);
        }
    };
    let written = match &args.output {
        Some(path) => write_atomically(path, &svg)
            .map_err(|e| format!("cannot write {}: {e}", path.display())),
        None => std::io::stdout()
            .lock()
            .write_all(svg.as_bytes())
            .map_err(|e| e.to_string()),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
