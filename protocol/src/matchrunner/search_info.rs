//! What the runner reads from an engine's search output: the last score and depth of
//! its `info` lines (for adjudication and the PGN) and the move of `bestmove`, each line
//! read whatever bytes it holds.

use std::io::BufRead;

/// A score from the point of view of the engine to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many moves; negative when the engine is being mated.
    Mate(i32),
}

/// The centipawn value given to a mate score, so that it passes any threshold.
const MATE_CP: i32 = 100_000;

impl Score {
    /// Centipawns; a mate counts as a huge score of its sign.
    pub fn centipawns(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(moves) if moves > 0 => MATE_CP,
            Score::Mate(_) => -MATE_CP,
        }
    }

    /// As in PGN comments: `+0.31`, `-1.05`, `+M3`, `-M2`.
    pub fn pgn_text(self) -> String {
        match self {
            Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
            Score::Mate(moves) if moves > 0 => format!("+M{moves}"),
            Score::Mate(moves) => format!("-M{}", moves.unsigned_abs()),
        }
    }
}

/// The last score and depth an engine reported for the current move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchInfo {
    pub score: Option<Score>,
    pub depth: Option<u32>,
}

impl SearchInfo {
    /// Takes the score and depth of an `info` line of the first principal variation;
    /// other lines change nothing.
    pub fn read(&mut self, line: &str) {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.first() != Some(&"info")
            || value_after(&tokens, "multipv").is_some_and(|k| k != "1")
        {
            return;
        }
        if let Some(depth) = value_after(&tokens, "depth").and_then(|d| d.parse().ok()) {
            self.depth = Some(depth);
        }
        if let Some(score) = score_of(&tokens) {
            self.score = Some(score);
        }
    }
}

/// Where `key` is among the key-value pairs of an `info` line: `pv` and `string` run to
/// the end of the line, so only the part before them is searched.
fn key_index(tokens: &[&str], key: &str) -> Option<usize> {
    tokens
        .iter()
        .take_while(|&&t| t != "pv" && t != "string")
        .position(|&t| t == key)
}

fn value_after<'a>(tokens: &[&'a str], key: &str) -> Option<&'a str> {
    tokens.get(key_index(tokens, key)? + 1).copied()
}

/// `score cp <x>` or `score mate <n>`.
fn score_of(tokens: &[&str]) -> Option<Score> {
    let at = key_index(tokens, "score")?;
    let value: i32 = tokens.get(at + 2)?.parse().ok()?;
    match *tokens.get(at + 1)? {
        "cp" => Some(Score::Cp(value)),
        "mate" => Some(Score::Mate(value)),
        _ => None,
    }
}

/// The next line of an engine's output without its line end, invalid UTF-8 shown as
/// U+FFFD: a stray byte in an `info string` is no reason to forfeit a game. `None` at the
/// end of the output or when reading fails.
pub fn read_line_lossy(reader: &mut impl BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    match reader.read_until(b'\n', &mut bytes) {
        Ok(0) | Err(_) => None,
        Ok(_) => {
            let line = String::from_utf8_lossy(&bytes);
            Some(line.trim_end_matches(['\n', '\r']).to_string())
        }
    }
}

/// The move of a `bestmove <m> [ponder <m>]` line.
pub fn bestmove(line: &str) -> Option<&str> {
    let mut tokens = line.split_whitespace();
    match (tokens.next(), tokens.next()) {
        (Some("bestmove"), Some(mv)) => Some(mv),
        (Some("bestmove"), None) => Some(""),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_score_and_depth_of_the_first_line_only() {
        let mut info = SearchInfo::default();
        info.read("info depth 7 seldepth 9 multipv 1 score cp -35 nodes 100 pv e2e4 cp 5");
        assert_eq!(info.score, Some(Score::Cp(-35)));
        assert_eq!(info.depth, Some(7));
        info.read("info depth 7 multipv 2 score cp 50 nodes 100");
        info.read("info string score cp 900");
        info.read("info currmove a1a2 currmovenumber 3");
        assert_eq!(info.score, Some(Score::Cp(-35)));
        info.read("info depth 8 score mate -3 lowerbound nodes 5");
        assert_eq!(info.score, Some(Score::Mate(-3)));
        assert_eq!(info.depth, Some(8));
    }

    #[test]
    fn scores_in_centipawns_and_pgn() {
        assert_eq!(Score::Cp(31).pgn_text(), "+0.31");
        assert_eq!(Score::Cp(-105).pgn_text(), "-1.05");
        assert_eq!(Score::Mate(3).pgn_text(), "+M3");
        assert_eq!(Score::Mate(-2).pgn_text(), "-M2");
        assert_eq!(Score::Mate(-2).centipawns(), -100_000);
    }

    #[test]
    fn bestmove_lines() {
        assert_eq!(bestmove("bestmove e2e4 ponder e7e5"), Some("e2e4"));
        assert_eq!(bestmove("bestmove (none)"), Some("(none)"));
        assert_eq!(bestmove("bestmove"), Some(""));
        assert_eq!(bestmove("info depth 1"), None);
    }
}
