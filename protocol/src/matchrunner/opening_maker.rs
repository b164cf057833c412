//! `tessera openings`: opening sets for matches, made of short random but sane move
//! sequences from the start position. A sequence is kept when none of its moves captures
//! or promotes, the game is not over at its end, the side to move there is not in check
//! and can neither capture nor promote (so nobody loses material at once), and its final
//! position differs from every other kept one. The same seed gives the same set.

use super::rules;
use crate::cli::parse_variant;
use crate::output::QuietStdout;
use clap::Args;
use engine::game::Status;
use engine::variants::Variant;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use std::ops::RangeInclusive;

/// Tries in a row without a new opening before giving up: the variant has no more
/// openings of that length, or hardly any (ply counts past the quiet opening moves).
const FRUITLESS_TRIES: usize = 1000;
/// Random plies played in all before giving up: bounds the work of long sequences in
/// variants with slow move generation.
const MAX_PLIES_PLAYED: usize = 1_000_000;

#[derive(Args, Debug)]
pub struct OpeningsArgs {
    /// Variant id: hexmate, hexchoice, …
    #[arg(long, default_value = "hexmate", value_parser = parse_variant)]
    pub variant: Variant,
    /// Number of openings (at least 1).
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..))]
    pub count: u32,
    /// Random plies per opening: a number, or a range such as 4-8.
    #[arg(long, default_value = "4-8", value_parser = parse_plies)]
    pub plies: RangeInclusive<usize>,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// `4` or `4-8`, at least one ply.
pub fn parse_plies(text: &str) -> Result<RangeInclusive<usize>, String> {
    let (low, high) = text.split_once('-').unwrap_or((text, text));
    let number = |t: &str| {
        t.parse::<usize>()
            .map_err(|_| format!("'{text}' is not a number of plies or a range such as 4-8"))
    };
    let (low, high) = (number(low)?, number(high)?);
    if low == 0 || low > high {
        return Err(format!(
            "'{text}': plies must be at least 1, the range low to high"
        ));
    }
    Ok(low..=high)
}

/// Prints the opening file: a header that says how it was made, then one `moves …` line
/// per opening.
pub fn run_command(args: OpeningsArgs) -> Result<(), String> {
    let count = args.count as usize;
    let openings = make_openings(args.variant, count, args.plies.clone(), args.seed)?;
    let plies = if args.plies.start() == args.plies.end() {
        args.plies.start().to_string()
    } else {
        format!("{}-{}", args.plies.start(), args.plies.end())
    };
    let variant = args.variant.id();
    let mut lines = vec![
        format!(
            "# Openings for {variant}: {} sequences of {plies} random plies from the start position.",
            openings.len()
        ),
        "# No move captures or promotes; at the end the side to move is not in check and can"
            .to_string(),
        "# neither capture nor promote; all final positions differ. Made with:".to_string(),
        format!(
            "# tessera openings --variant {variant} --count {} --plies {plies} --seed {}",
            args.count, args.seed
        ),
    ];
    lines.extend(
        openings
            .iter()
            .map(|moves| format!("moves {}", moves.join(" "))),
    );
    super::write_lines(&mut QuietStdout, &lines)
}

/// `count` openings of `variant`, each a list of moves from the start position.
pub fn make_openings(
    variant: Variant,
    count: usize,
    plies: RangeInclusive<usize>,
    seed: u64,
) -> Result<Vec<Vec<String>>, String> {
    let start = rules::start_position(variant, None)?;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::new();
    let (mut tries, mut fruitless, mut played) = (0, 0, 0);
    while openings.len() < count && fruitless < FRUITLESS_TRIES && played < MAX_PLIES_PLAYED {
        tries += 1;
        fruitless += 1;
        let length = rng.gen_range(plies.clone());
        played += length;
        let mut game = start.clone();
        let moves: Option<Vec<String>> = (0..length)
            .map(|_| rules::play_random_quiet_move(&mut game, &mut rng))
            .collect();
        let Some(moves) = moves else { continue };
        let sane = game.status() == Status::Ongoing && rules::is_quiet(&game);
        if sane && seen.insert(game.hash()) {
            openings.push(moves);
            fruitless = 0;
        }
    }
    if openings.len() < count {
        let why = if played >= MAX_PLIES_PLAYED {
            format!("{played} random plies played")
        } else {
            format!("the last {FRUITLESS_TRIES} tries found no new one")
        };
        return Err(format!(
            "found only {} of {count} {} openings in {tries} tries ({why}); ask for fewer or shorter ones",
            openings.len(),
            variant.id()
        ));
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ply_ranges() {
        assert_eq!(parse_plies("6"), Ok(6..=6));
        assert_eq!(parse_plies("4-8"), Ok(4..=8));
        assert!(parse_plies("0").is_err());
        assert!(parse_plies("8-4").is_err());
        assert!(parse_plies("x").is_err());
    }

    #[test]
    fn the_same_seed_gives_the_same_distinct_openings() {
        let first = make_openings(Variant::Hexmate, 20, 4..=8, 7).unwrap();
        assert_eq!(
            first,
            make_openings(Variant::Hexmate, 20, 4..=8, 7).unwrap()
        );
        assert!(first.iter().all(|m| (4..=8).contains(&m.len())));
        assert_ne!(
            first,
            make_openings(Variant::Hexmate, 20, 4..=8, 8).unwrap()
        );
    }
}
