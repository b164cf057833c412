//! What the runner reads from an engine's search output: the fields of an `info` line,
//! the last score and depth of the first principal variation (for adjudication, the PGN
//! and the GUI's move list) and the move of `bestmove`, each line read whatever bytes it
//! holds.

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

    /// Reads what `pgn_text` writes back: `+0.31`, `-1.05`, `+M3`, `-M2`.
    pub fn from_pgn_text(text: &str) -> Option<Score> {
        let sign = match text.as_bytes().first()? {
            b'+' => 1,
            b'-' => -1,
            _ => return None,
        };
        let magnitude = &text[1..];
        if let Some(moves) = magnitude.strip_prefix('M') {
            return Some(Score::Mate(sign * moves.parse::<i32>().ok()?));
        }
        let (whole, hundredths) = magnitude.split_once('.')?;
        if hundredths.len() != 2
            || !whole
                .bytes()
                .chain(hundredths.bytes())
                .all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let cp = whole.parse::<i32>().ok()?.checked_mul(100)? + hundredths.parse::<i32>().ok()?;
        Some(Score::Cp(sign * cp))
    }

    /// The same score from the opponent's point of view (two players).
    pub fn negated(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(-cp),
            Score::Mate(moves) => Score::Mate(-moves),
        }
    }
}

/// The fields of one `info` line of a search (docs/protocol.md, Engine output); absent
/// fields are `None` or empty. `multipv` is 1 when the line does not say.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InfoLine {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    pub multipv: usize,
    pub score: Option<Score>,
    /// One score per seat in games of more than two players.
    pub scores: Vec<i32>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    pub pv: Vec<String>,
}

impl InfoLine {
    /// The fields of `line`, or `None` when it is no `info` line or an `info string`.
    pub fn parse(line: &str) -> Option<InfoLine> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.first() != Some(&"info") || tokens.get(1) == Some(&"string") {
            return None;
        }
        let number = |key| value_after(&tokens, key).and_then(|v| v.parse().ok());
        let pv = tokens
            .iter()
            .position(|&t| t == "pv")
            .map_or(&[][..], |at| &tokens[at + 1..]);
        Some(InfoLine {
            depth: number("depth").map(|d: u64| d as u32),
            seldepth: number("seldepth").map(|d: u64| d as u32),
            multipv: number("multipv").map_or(1, |k: u64| k as usize),
            score: score_of(&tokens),
            scores: scores_of(&tokens),
            nodes: number("nodes"),
            nps: number("nps"),
            pv: pv.iter().map(|t| t.to_string()).collect(),
        })
    }
}

/// The last score (with every seat's, when more than two play) and depth an engine
/// reported for the current move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchInfo {
    pub score: Option<Score>,
    pub scores: Vec<i32>,
    pub depth: Option<u32>,
}

impl SearchInfo {
    /// Takes the score and depth of an `info` line of the first principal variation;
    /// other lines change nothing.
    pub fn read(&mut self, line: &str) {
        let Some(info) = InfoLine::parse(line).filter(|info| info.multipv == 1) else {
            return;
        };
        if info.depth.is_some() {
            self.depth = info.depth;
        }
        if info.score.is_some() {
            self.score = info.score;
            self.scores = info.scores;
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

/// The integers after `scores`, up to the next key.
fn scores_of(tokens: &[&str]) -> Vec<i32> {
    key_index(tokens, "scores").map_or_else(Vec::new, |at| {
        tokens[at + 1..]
            .iter()
            .map_while(|t| t.parse().ok())
            .collect()
    })
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
    fn pgn_score_texts_read_back_as_the_scores_that_wrote_them() {
        for score in [
            Score::Cp(31),
            Score::Cp(-105),
            Score::Cp(0),
            Score::Cp(-7),
            Score::Cp(123_456),
            Score::Mate(3),
            Score::Mate(-2),
        ] {
            assert_eq!(Score::from_pgn_text(&score.pgn_text()), Some(score));
        }
        for bad in [
            "", "0.31", "+", "+M", "+Mx", "+0.3", "+0.311", "+1.-5", "+a.bc", "+0,31",
        ] {
            assert_eq!(Score::from_pgn_text(bad), None, "{bad}");
        }
    }

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
    fn reads_every_field_of_an_info_line() {
        let line = "info depth 2 seldepth 5 multipv 3 score cp 11 scores 54 11 -68 nodes 8457 nps 46467 hashfull 2 time 182 pv f2k7 e9e10";
        let info = InfoLine::parse(line).unwrap();
        assert_eq!(
            info,
            InfoLine {
                depth: Some(2),
                seldepth: Some(5),
                multipv: 3,
                score: Some(Score::Cp(11)),
                scores: vec![54, 11, -68],
                nodes: Some(8457),
                nps: Some(46467),
                pv: vec!["f2k7".to_string(), "e9e10".to_string()],
            }
        );
        assert_eq!(InfoLine::parse("info string depth 3"), None);
        assert_eq!(InfoLine::parse("bestmove f2k7"), None);
        let mut first = SearchInfo::default();
        first.read("info depth 2 multipv 1 score cp 11 scores 54 11 -68 nodes 5 pv f2k7");
        assert_eq!(first.scores, [54, 11, -68]);
    }

    #[test]
    fn scores_in_centipawns_and_pgn() {
        assert_eq!(Score::Cp(31).pgn_text(), "+0.31");
        assert_eq!(Score::Cp(-105).pgn_text(), "-1.05");
        assert_eq!(Score::Mate(3).pgn_text(), "+M3");
        assert_eq!(Score::Mate(-2).pgn_text(), "-M2");
        assert_eq!(Score::Mate(-2).centipawns(), -100_000);
        assert_eq!(Score::Mate(3).negated(), Score::Mate(-3));
        assert_eq!(Score::Cp(-105).negated(), Score::Cp(105));
    }

    #[test]
    fn bestmove_lines() {
        assert_eq!(bestmove("bestmove e2e4 ponder e7e5"), Some("e2e4"));
        assert_eq!(bestmove("bestmove (none)"), Some("(none)"));
        assert_eq!(bestmove("bestmove"), Some(""));
        assert_eq!(bestmove("info depth 1"), None);
    }
}
