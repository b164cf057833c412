//! Perft: the number of legal move sequences of a given length (docs/rules/conventions.md, "Perft").
//! Positions over by the game's own end conditions have no moves; draws by rule are
//! ignored, because `Game::generate_moves` already works that way.

use crate::game::Game;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// How leaves are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Count the moves at the last ply without playing them.
    Bulk,
    /// Play and take back every move down to the leaves.
    MakeUnmake,
}

/// Leaf count of `pos` to `depth`.
pub fn perft<G: Game>(pos: &mut G, depth: u32, counting: Counting) -> u64 {
    perft_until(pos, depth, counting, &AtomicBool::new(false))
        .expect("a flag nobody sets never stops the count")
}

/// Leaf count of `pos` to `depth`, or `None` once `stop` is seen (it is checked at every
/// node above the last ply, so a stop is noticed within microseconds).
pub fn perft_until<G: Game>(
    pos: &mut G,
    depth: u32,
    counting: Counting,
    stop: &AtomicBool,
) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    if depth == 1 && counting == Counting::Bulk {
        return Some(pos.count_moves() as u64);
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut moves = G::MoveList::default();
    pos.generate_moves(&mut moves);
    let mut total = 0;
    for &mv in moves.iter() {
        pos.make_move(mv);
        let below = perft_until(pos, depth - 1, counting, stop);
        pos.unmake_move();
        total += below?;
    }
    Some(total)
}

/// Per-root-move counts, sorted by the moves' text, and their total. A count stopped
/// early holds only the root moves counted to the end (`root_moves` says how many there
/// are in all).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divide {
    pub entries: Vec<(String, u64)>,
    pub total: u64,
    pub root_moves: usize,
}

impl Divide {
    /// Whether every root move was counted.
    pub fn is_complete(&self) -> bool {
        self.entries.len() == self.root_moves
    }
}

/// Perft split by root move; the root moves are shared out over `threads` threads.
pub fn divide<G: Game>(pos: &G, depth: u32, threads: usize, counting: Counting) -> Divide {
    divide_until(pos, depth, threads, counting, &AtomicBool::new(false))
}

/// [`divide`] that ends as soon as `stop` is set, keeping the root moves counted so far.
pub fn divide_until<G: Game>(
    pos: &G,
    depth: u32,
    threads: usize,
    counting: Counting,
    stop: &AtomicBool,
) -> Divide {
    if depth == 0 {
        return Divide {
            entries: Vec::new(),
            total: 1,
            root_moves: 0,
        };
    }
    let mut list = G::MoveList::default();
    pos.generate_moves(&mut list);
    let moves: Vec<G::Move> = list.to_vec();
    let count_one = |mv: &G::Move| {
        let mut child = pos.clone();
        child.make_move(*mv);
        let count = perft_until(&mut child, depth - 1, counting, stop)?;
        Some((pos.move_string(*mv), count))
    };
    let counted: Vec<Option<(String, u64)>> = if threads > 1 {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
        match pool {
            Ok(pool) => pool.install(|| moves.par_iter().map(count_one).collect()),
            Err(_) => moves.iter().map(count_one).collect(),
        }
    } else {
        moves.iter().map(count_one).collect()
    };
    let mut entries: Vec<(String, u64)> = counted.into_iter().flatten().collect();
    entries.sort();
    let total = entries.iter().map(|e| e.1).sum();
    Divide {
        entries,
        total,
        root_moves: moves.len(),
    }
}

/// One position line of a perft suite file (`positions/<variant>/perft.txt`).
///
/// File format: blank lines are skipped; a comment `# <name>: <what it exercises>` with a
/// one-word name names the position line after it (other comments are notes); every other
/// line is `<position string>;D1 <n>;D2 <n>;...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteEntry {
    /// 1-based line number in the file.
    pub line: usize,
    /// The name from the comment line before it (empty if none).
    pub name: String,
    pub position: String,
    /// `(depth, leaf count)` in file order.
    pub counts: Vec<(u32, u64)>,
}

/// Parses one `D<depth> <count>` field.
fn parse_count(field: &str) -> Result<(u32, u64), String> {
    let bad = || format!("expected `D<depth> <count>`, found `{field}`");
    let (depth, count) = field.trim().split_once(' ').ok_or_else(bad)?;
    let depth = depth.strip_prefix('D').ok_or_else(bad)?;
    let depth = depth.parse().map_err(|_| bad())?;
    let count = count.trim().parse().map_err(|_| bad())?;
    Ok((depth, count))
}

/// The name a comment gives the next position: `<name>: …` with a name of one word;
/// other comments are notes.
fn position_name(comment: &str) -> Option<&str> {
    let (word, _) = comment.trim_start().split_once(':')?;
    (!word.is_empty() && !word.contains(char::is_whitespace)).then_some(word)
}

/// Parses the text of a perft suite file; an error names the 1-based line at fault.
pub fn parse_suite(text: &str) -> Result<Vec<SuiteEntry>, String> {
    let mut entries = Vec::new();
    let mut name = String::new();
    for (index, raw) in text.lines().enumerate() {
        let raw = raw.trim();
        if let Some(comment) = raw.strip_prefix('#') {
            if let Some(word) = position_name(comment) {
                name = word.to_string();
            }
            continue;
        }
        if raw.is_empty() {
            continue;
        }
        let mut fields = raw.split(';');
        let position = fields.next().unwrap_or_default().trim().to_string();
        let counts = fields
            .map(parse_count)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("line {}: {e}", index + 1))?;
        if counts.is_empty() {
            return Err(format!("line {}: no counts", index + 1));
        }
        entries.push(SuiteEntry {
            line: index + 1,
            name: std::mem::take(&mut name),
            position,
            counts,
        });
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_fields_parse() {
        assert_eq!(parse_count("D3 50734"), Ok((3, 50734)));
        assert!(parse_count("3 50734").is_err());
        assert!(parse_count("D3").is_err());
        assert!(parse_count("Dx 1").is_err());
    }

    #[test]
    fn suites_parse_with_names_and_counts() {
        let text = "# header: about the file\n\n# start: the start\nabc w;D1 2;D2 4\n";
        assert_eq!(
            parse_suite(text),
            Ok(vec![SuiteEntry {
                line: 4,
                name: "start".to_string(),
                position: "abc w".to_string(),
                counts: vec![(1, 2), (2, 4)],
            }])
        );
        assert_eq!(parse_suite("abc w\n"), Err("line 1: no counts".to_string()));
        assert!(parse_suite("abc w;D1\n")
            .unwrap_err()
            .starts_with("line 1: "));
    }

    #[test]
    fn note_comments_keep_the_name() {
        let text = "# start: the start\n#   by hand: D1 = 2\nabc w;D1 2\n";
        let entries = parse_suite(text).expect("a well-formed suite");
        assert_eq!(entries[0].name, "start");
    }
}
