//! `tessera match --merge <files>`: the result files of a match's shards combined into
//! the report the whole match would have printed. The games are counted in the order
//! of their numbers, as an unsharded run counts them, so the statistics are the same.

use super::config::MergeConfig;
use super::report::closing_lines;
use super::results::{read_results_file, GameResult, ResultsFile};
use super::standings::Standings;
use super::write_lines;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::PathBuf;

/// Reads the files of `config`, checks that they belong to one match and do not
/// overlap, and writes the combined report to `out`.
pub fn run_merge(config: &MergeConfig, out: &mut impl Write) -> Result<Standings, String> {
    let files = config
        .files
        .iter()
        .map(|path| read_results_file(path).map(|file| (path, file)))
        .collect::<Result<Vec<_>, _>>()?;
    let (first_path, first) = &files[0];
    for (path, file) in &files[1..] {
        if file.identity != first.identity {
            return Err(format!(
                "{} and {} are not of the same match (their headers differ)",
                first_path.display(),
                path.display()
            ));
        }
    }
    let identity = &first.identity;
    let (seats, names) = (identity.seats, &identity.names);
    if config.sprt.is_some() && !(seats == 2 && names.len() == 2) {
        return Err(format!(
            "--sprt needs a two-seat game of two engines; the files have {seats} seats"
        ));
    }
    let games = games_in_order(&files)?;
    if !config.allow_partial {
        check_complete(&files, games.len(), identity.games)?;
    }
    let mut standings = Standings::new(names.len(), seats);
    for game in games.values() {
        standings.add_game(game.index, &game.seat_engines, &game.points);
    }
    let mut lines = vec![format!(
        "Merged {} result files of {} ({}, {seats} seats): {} of {} games",
        files.len(),
        names.join(" vs "),
        identity.variant,
        games.len(),
        identity.games
    )];
    lines.extend(closing_lines(
        &standings,
        names,
        seats,
        config.sprt.as_ref(),
        identity.games,
        false,
    ));
    write_lines(out, &lines)?;
    Ok(standings)
}

/// Refuses a merge that lacks games: it names the shards with no file, or says that the
/// files hold fewer games than the match has (a shard stopped early).
fn check_complete(
    files: &[(&PathBuf, ResultsFile)],
    found: usize,
    total: usize,
) -> Result<(), String> {
    let counts: BTreeSet<usize> = files.iter().map(|(_, f)| f.shard.count).collect();
    if counts.len() > 1 {
        let counts: Vec<String> = counts.iter().map(usize::to_string).collect();
        return Err(format!(
            "the files are shards of different splits (into {} shards)",
            counts.join(" and ")
        ));
    }
    let count = counts.first().copied().unwrap_or(1);
    let present: BTreeSet<usize> = files.iter().map(|(_, f)| f.shard.index).collect();
    let missing: Vec<String> = (0..count)
        .filter(|k| !present.contains(k))
        .map(|k| format!("{}/{count}", k + 1))
        .collect();
    let advice = "give every shard's file, or --allow-partial to report the games there are";
    if !missing.is_empty() {
        return Err(format!(
            "incomplete merge: no file of shard {} ({found} of {total} games); {advice}",
            missing.join(", ")
        ));
    }
    if found < total {
        return Err(format!(
            "incomplete merge: the files hold {found} of {total} games (a shard ended early); {advice}"
        ));
    }
    Ok(())
}

/// Every game of the files by its number; a game in two files is refused.
fn games_in_order<'a>(
    files: &'a [(&PathBuf, ResultsFile)],
) -> Result<BTreeMap<usize, &'a GameResult>, String> {
    let mut games: BTreeMap<usize, (&PathBuf, &GameResult)> = BTreeMap::new();
    for (path, file) in files {
        for game in &file.games {
            if let Some((other, _)) = games.insert(game.index, (path, game)) {
                return Err(format!(
                    "game {} is in both {} and {}",
                    game.index + 1,
                    other.display(),
                    path.display()
                ));
            }
        }
    }
    Ok(games.into_iter().map(|(i, (_, g))| (i, g)).collect())
}
