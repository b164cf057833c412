//! Pieces of the position-string grammar shared by the variants (docs/rules/conventions.md, "Position
//! string"): fields separated by whitespace, a board written rank by rank from the
//! highest down with runs of empty cells as decimal numbers, decimal counters.

use crate::bitboard::Bitboard;
use crate::game::{PositionError, PositionErrorKind};
use crate::geometry::Hexagon;
use std::ops::Range;

/// Why no from-cell starts a move token: a cell-like name (letters, then digits, such as
/// `e2`) that is not on `board`, or nothing like a cell at all.
pub fn from_cell_problem(token: &str, board: &str) -> String {
    let letters = token.bytes().take_while(u8::is_ascii_lowercase).count();
    let digits = token[letters..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    if letters > 0 && digits > 0 {
        format!(
            "'{}' is not a cell of the {board} board",
            &token[..letters + digits]
        )
    } else {
        "expected a from-cell such as e3".to_string()
    }
}

/// Splits a string into whitespace-separated fields with their byte offsets.
pub fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in text.char_indices() {
        match (ch.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

/// Reads a board field made of one-character pieces.
///
/// `ranks` lists the cells of every rank from the lowest rank up, each in file order;
/// the field lists them from the highest rank down, separated by `/`. `piece` maps a
/// character to a piece or `None` for an unknown letter. Runs of empty cells are decimal
/// numbers without leading zero; two runs are never adjacent. Returns one entry per cell
/// (indexed by cell), `offset` being the field's offset in the whole string.
pub fn parse_board<P: Copy>(
    field: &str,
    offset: usize,
    ranks: &[Range<usize>],
    cell_count: usize,
    piece: impl Fn(char) -> Option<P>,
) -> Result<Vec<Option<P>>, PositionError> {
    let rank_texts: Vec<&str> = field.split('/').collect();
    if rank_texts.len() != ranks.len() {
        return Err(PositionError::new(
            PositionErrorKind::RankCount {
                expected: ranks.len(),
                found: rank_texts.len(),
            },
            field,
            offset,
        ));
    }
    let mut board = vec![None; cell_count];
    let mut rank_offset = offset;
    for (i, text) in rank_texts.iter().enumerate() {
        let rank_index = ranks.len() - 1 - i;
        let cells = ranks[rank_index].clone();
        let expected = cells.len();
        let mut filled = 0usize;
        let bytes = text.as_bytes();
        let mut pos = 0;
        let mut last_was_run = false;
        while pos < bytes.len() {
            let at = rank_offset + pos;
            if bytes[pos].is_ascii_digit() {
                let (run, len) = read_run(text, pos, expected, last_was_run, at)?;
                filled += run;
                pos += len;
                last_was_run = true;
            } else {
                let ch = text[pos..].chars().next().unwrap_or('?');
                let p = piece(ch).ok_or_else(|| {
                    PositionError::new(PositionErrorKind::UnknownPiece, &ch.to_string(), at)
                })?;
                if filled < expected {
                    board[cells.start + filled] = Some(p);
                }
                filled += 1;
                pos += ch.len_utf8();
                last_was_run = false;
            }
            if filled > expected {
                break;
            }
        }
        if filled != expected {
            return Err(PositionError::new(
                PositionErrorKind::RankLength {
                    rank: rank_index + 1,
                    expected,
                    found: filled,
                },
                text,
                rank_offset,
            ));
        }
        rank_offset += text.len() + 1;
    }
    Ok(board)
}

/// Reads the run of empty cells that starts at byte `pos` of a rank's `text`: the run and
/// the bytes its digits take. A run is at least 1, has no leading zero, does not follow
/// another run (`after_run`) and is not longer than the rank's `cells`; `at` is its offset
/// in the whole position string, for the error.
pub fn read_run(
    text: &str,
    pos: usize,
    cells: usize,
    after_run: bool,
    at: usize,
) -> Result<(usize, usize), PositionError> {
    let len = text.as_bytes()[pos..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    let digits = &text[pos..pos + len];
    let run: usize = digits.parse().unwrap_or(usize::MAX);
    if digits.starts_with('0') || after_run || run > cells {
        return Err(PositionError::new(PositionErrorKind::BadRun, digits, at));
    }
    Ok((run, len))
}

/// Writes a board field from one character (or `None`) per cell.
pub fn write_board(ranks: &[Range<usize>], piece: impl Fn(usize) -> Option<char>) -> String {
    let mut out = String::new();
    for (i, cells) in ranks.iter().rev().enumerate() {
        if i > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for cell in cells.clone() {
            match piece(cell) {
                Some(ch) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(ch);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
    }
    out
}

/// Draws a hexagonal board as its spec does: highest rank on top, each row indented by
/// half a cell more than the longer row next to it, each cell's label (one or two
/// characters) in a column of four, `.` for an empty cell. Rank numbers stand on the
/// left; each file's letter stands one step beyond its lowest cell, down the file, so the
/// letters of the lower files run along the lower-left edge and the rest below the board.
/// A slash after the letter points up its file (and tells it from a piece letter).
pub fn hexagon_diagram<B: Bitboard, L: std::fmt::Display>(
    hex: &Hexagon<B>,
    label: impl Fn(usize) -> Option<L>,
) -> String {
    let radius = hex.side() as i32 - 1;
    // Row 0 is the highest rank; the last row holds the letters below the lowest rank.
    let mut rows = vec![Vec::<char>::new(); hex.ranks() + 1];
    let mut put = |q: i32, r: i32, text: &str| {
        let row = &mut rows[(radius - r) as usize];
        let column = 5 + 2 * (2 * q + r + 2 * radius) as usize;
        for (i, ch) in text.chars().enumerate() {
            if row.len() <= column + i {
                row.resize(column + i + 1, ' ');
            }
            row[column + i] = ch;
        }
    };
    for rank in (0..hex.ranks()).rev() {
        for cell in hex.rank_cells(rank) {
            let (q, r) = hex.coords(cell);
            let text = label(cell).map_or_else(|| ".".to_string(), |l| l.to_string());
            put(q, r, &text);
        }
    }
    for q in -radius..=radius {
        let lowest = (-radius).max(-radius - q);
        let letter = (b'a' + (q + radius) as u8) as char;
        put(q, lowest - 1, &format!("{letter}/"));
    }
    let mut out = String::new();
    for (row, text) in rows.iter().enumerate() {
        let rank = hex.ranks() - row;
        let number = if rank > 0 {
            rank.to_string()
        } else {
            String::new()
        };
        let body: String = text.iter().skip(2).collect();
        out.push_str(format!("{number:>2}{body}").trim_end());
        out.push('\n');
    }
    out
}

/// Reads a decimal counter of at least `min`: ASCII digits only, no sign.
pub fn parse_counter(field: &str, offset: usize, min: u32) -> Result<u32, PositionError> {
    let bad = || PositionError::new(PositionErrorKind::BadNumber, field, offset);
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let value: u32 = field.parse().map_err(|_| bad())?;
    if value < min {
        return Err(bad());
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hexagon_diagram_names_every_rank_and_file() {
        let hex = Hexagon::<u128>::new(2);
        let text = hexagon_diagram(&hex, |cell| (cell == 0).then_some("K"));
        let expected = [
            " 3     .   .",
            " 2   .   .   .",
            " 1 a/  K   .",
            "     b/  c/",
        ];
        assert_eq!(text, expected.join("\n") + "\n");
    }

    #[test]
    fn fields_keep_their_offsets() {
        assert_eq!(fields("  ab c\td  "), vec![(2, "ab"), (5, "c"), (7, "d")]);
        assert!(fields("   ").is_empty());
    }

    #[test]
    fn board_round_trip_and_errors() {
        let ranks = [0..3, 3..5];
        let piece = |c: char| "xyz".contains(c).then_some(c);
        let board = parse_board("x1/2y", 0, &ranks, 5, piece).unwrap();
        assert_eq!(board, vec![None, None, Some('y'), Some('x'), None]);
        assert_eq!(write_board(&ranks, |c| board[c]), "x1/2y");
        let err = |s: &str| parse_board(s, 0, &ranks, 5, piece).unwrap_err().kind;
        assert_eq!(
            err("x1"),
            PositionErrorKind::RankCount {
                expected: 2,
                found: 1
            }
        );
        assert_eq!(
            err("x/3"),
            PositionErrorKind::RankLength {
                rank: 2,
                expected: 2,
                found: 1
            }
        );
        assert_eq!(err("11/3"), PositionErrorKind::BadRun);
        assert_eq!(err("01x/3"), PositionErrorKind::BadRun);
        assert_eq!(err("xw/3"), PositionErrorKind::UnknownPiece);
        assert_eq!(
            err("xxx/3"),
            PositionErrorKind::RankLength {
                rank: 2,
                expected: 2,
                found: 3
            }
        );
    }

    #[test]
    fn counters() {
        assert_eq!(parse_counter("012", 0, 0), Ok(12));
        assert!(parse_counter("-1", 0, 0).is_err());
        assert!(parse_counter("+1", 0, 0).is_err());
        assert!(parse_counter("0", 0, 1).is_err());
        assert!(parse_counter("99999999999", 0, 0).is_err());
    }
}
