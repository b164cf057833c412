//! Position strings (§9, R50–R53) and move notation (§10, R54–R55).

use super::tables::tables;
use super::{
    code_kind, code_kingdom, piece_code, Lines, Mobility, Move, Players, SevenKingdoms, State,
    CELLS, COLOUR_LETTERS, EMPEROR, EMPEROR_CELL, GENERAL, KINGDOMS, TYPE_LETTERS,
};
use crate::bitboard::{Bitboard, Wide384};
use crate::game::{MoveError, MoveErrorKind, PositionError, PositionErrorKind};
use crate::notation::{fields, parse_counter};
use arrayvec::ArrayVec;

/// The start position (R25).
pub const START: &str = "2dNdSdBdQdRdSdN1pNpSpBpQpRpSpN2/3dNdSdCdSdN3pNpSpCpSpN3/4dAdWdA5pApWpA3gN/5dH7pH3gNgS/5dG7pG2gAgSgB/14gGgHgWgCgQ/wN15gAgSgR/wSwN15gNgS/wRwSwA15gN/wQwCwWwHwG14/wBwSwA15bN/wSwN15bNbS/wN15bAbSbB/14bGbHbWbCbQ/5rG7oG2bAbSbR/5rH7oH3bNbS/4rArWrA5oAoWoA3bN/3rNrSrCrSrN3oNoSoCoSoN3/2rNrSrBrQrRrSrN1oNoSoBoQoRoSoN2 w - - - 0 1";

/// Defaults of the optional trailing fields (R52): side, captures, kingdoms, out, clocks.
const DEFAULTS: [&str; 6] = ["w", "-", "-", "-", "0", "1"];

fn kingdom_of_letter(letter: u8) -> Option<usize> {
    COLOUR_LETTERS
        .iter()
        .position(|&l| l == letter.to_ascii_lowercase())
}

/// Reads the board field: 19 ranks from y = 18 down, two characters per piece (colour,
/// type; either case), runs of empty cells with the Emperor's cell inside a run (R51.1).
fn parse_board(state: &mut State, field: &str, offset: usize) -> Result<(), PositionError> {
    let grid = &tables().grid;
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 19 {
        let kind = PositionErrorKind::RankCount {
            expected: 19,
            found: ranks.len(),
        };
        return Err(PositionError::new(kind, field, offset));
    }
    let mut at = offset;
    for (i, rank) in ranks.iter().enumerate() {
        let y = 18 - i;
        let bytes = rank.as_bytes();
        let (mut x, mut pos) = (0usize, 0usize);
        while pos < bytes.len() {
            let here = at + pos;
            if bytes[pos].is_ascii_digit() {
                let len = bytes[pos..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                let digits = &rank[pos..pos + len];
                if digits.starts_with('0') {
                    return Err(PositionError::new(PositionErrorKind::BadRun, digits, here));
                }
                x += digits.parse::<usize>().unwrap_or(usize::MAX).min(100);
                pos += len;
                continue;
            }
            let token = rank.get(pos..pos + 2).unwrap_or(&rank[pos..]);
            let piece = match token.as_bytes() {
                [c, t] => kingdom_of_letter(*c).zip(
                    TYPE_LETTERS
                        .iter()
                        .position(|l| *l == t.to_ascii_uppercase()),
                ),
                _ => None,
            };
            let (kingdom, kind) = piece
                .ok_or_else(|| PositionError::new(PositionErrorKind::UnknownPiece, token, here))?;
            if x < 19 {
                let cell = grid.cell(x as i32, y as i32).expect("inside the board");
                if cell == EMPEROR_CELL {
                    let rule = PositionErrorKind::Invalid(
                        "no piece may stand on the Emperor's cell j9 (R51)",
                    );
                    return Err(PositionError::new(rule, token, here));
                }
                let code = piece_code(kingdom, kind);
                state.cells[cell] = code;
                state.by_kingdom[kingdom] |= Wide384::cell(cell);
                state.lines.toggle(cell);
                state.pieces_by_kind[kingdom][kind] += 1;
                if kind == GENERAL {
                    state.generals |= Wide384::cell(cell);
                }
            }
            x += 1;
            pos += token.len();
        }
        if x != 19 {
            let kind = PositionErrorKind::RankLength {
                rank: y,
                expected: 19,
                found: x,
            };
            return Err(PositionError::new(kind, rank, at));
        }
        at += rank.len() + 1;
    }
    Ok(())
}

/// R50's counters: `"0"` or a count without leading zero.
fn parse_count(field: &str, offset: usize, min: u32) -> Result<u32, PositionError> {
    if field.len() > 1 && field.starts_with('0') {
        return Err(PositionError::new(
            PositionErrorKind::BadNumber,
            field,
            offset,
        ));
    }
    parse_counter(field, offset, min)
}

/// Reads the captures field (R51.3): `-` or entries capturer, victim, count.
fn parse_captures(state: &mut State, field: &str, offset: usize) -> Result<(), PositionError> {
    if field == "-" {
        return Ok(());
    }
    let mut at = offset;
    for entry in field.split(',') {
        let bad = |rule| PositionError::new(rule, entry, at);
        let bytes = entry.as_bytes();
        let letters = (
            bytes.first().copied().and_then(kingdom_of_letter),
            bytes.get(1).copied().and_then(kingdom_of_letter),
        );
        let (Some(a), Some(v)) = letters else {
            return Err(bad(PositionErrorKind::BadField));
        };
        let count = &entry[2..];
        if count.is_empty() || count.starts_with('0') || !count.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(bad(PositionErrorKind::BadField));
        }
        if a == v || state.matrix[a][v] != 0 {
            return Err(bad(PositionErrorKind::Invalid(
                "a capture entry names one kingdom twice, or a pair twice (R51.3)",
            )));
        }
        state.matrix[a][v] = count
            .parse::<u16>()
            .map_err(|_| bad(PositionErrorKind::BadField))?;
        at += entry.len() + 1;
    }
    Ok(())
}

/// Reads the captured-kingdoms field (R51.4): `-` or (holder, captured) pairs.
fn parse_record(state: &mut State, field: &str, offset: usize) -> Result<(), PositionError> {
    if field == "-" {
        return Ok(());
    }
    let mut at = offset;
    for pair in field.split(',') {
        let bad = |rule| PositionError::new(rule, pair, at);
        let (holder, captured) = match pair.as_bytes() {
            [h, c] => (kingdom_of_letter(*h), kingdom_of_letter(*c)),
            _ => (None, None),
        };
        let (Some(holder), Some(captured)) = (holder, captured) else {
            return Err(bad(PositionErrorKind::BadField));
        };
        if holder == captured || state.is_captured(captured) {
            return Err(bad(PositionErrorKind::Invalid(
                "a kingdom is captured at most once, never by itself (R51.4)",
            )));
        }
        if state.by_kingdom[captured].any() {
            return Err(bad(PositionErrorKind::Invalid(
                "a captured kingdom still has pieces on the board (R52)",
            )));
        }
        state.record.push((holder as u8, captured as u8));
        at += pair.len() + 1;
    }
    Ok(())
}

/// Reads the out field (R51.5): `-` or distinct colour letters.
fn parse_out(state: &mut State, field: &str, offset: usize) -> Result<(), PositionError> {
    if field == "-" {
        return Ok(());
    }
    for (i, ch) in field.char_indices() {
        let letter = u8::try_from(ch).ok().and_then(kingdom_of_letter);
        let kingdom = letter.filter(|&k| state.out & (1 << k) == 0);
        let token = &field[i..i + ch.len_utf8()];
        let bad_letter = || PositionError::new(PositionErrorKind::BadField, token, offset + i);
        state.out |= 1 << kingdom.ok_or_else(bad_letter)?;
    }
    Ok(())
}

fn empty_state() -> State {
    let mut cells = [0; CELLS];
    cells[EMPEROR_CELL] = EMPEROR;
    let mut lines = Lines::EMPTY;
    lines.toggle(EMPEROR_CELL);
    State {
        cells,
        by_kingdom: [Wide384::EMPTY; KINGDOMS],
        lines,
        mobility: Mobility::EMPTY,
        pieces_by_kind: [[0; 10]; KINGDOMS],
        generals: Wide384::EMPTY,
        matrix: [[0; KINGDOMS]; KINGDOMS],
        record: ArrayVec::new(),
        out: 0,
        side: 0,
        halfmove: 0,
        fullmove: 1,
        hash: 0,
        ending: None,
    }
}

/// Reads a position string; trailing fields may be left out (R52). A position that is not
/// over gets its side to move normalised (R32).
pub fn parse_position(text: &str, players: &Players) -> Result<SevenKingdoms, PositionError> {
    let given = fields(text);
    if given.is_empty() || given.len() > 7 {
        let (offset, token) = given.get(7).copied().unwrap_or((0, text));
        let kind = PositionErrorKind::FieldCount {
            expected: 7,
            found: given.len(),
        };
        return Err(PositionError::new(kind, token, offset));
    }
    let field = |i: usize| {
        given
            .get(i)
            .copied()
            .unwrap_or((text.len(), DEFAULTS[i - 1]))
    };
    let mut state = empty_state();
    parse_board(&mut state, given[0].1, given[0].0)?;
    state.recount_all();
    let (side_at, side) = field(1);
    state.side = match side.as_bytes() {
        [letter] => kingdom_of_letter(*letter),
        _ => None,
    }
    .ok_or_else(|| PositionError::new(PositionErrorKind::BadSide, side, side_at))?;
    let (at, captures) = field(2);
    parse_captures(&mut state, captures, at)?;
    let (at, record) = field(3);
    parse_record(&mut state, record, at)?;
    let (at, out) = field(4);
    parse_out(&mut state, out, at)?;
    let (at, halfmove) = field(5);
    state.halfmove = parse_count(halfmove, at, 0)?;
    let (at, fullmove) = field(6);
    state.fullmove = parse_count(fullmove, at, 1)?;
    if !(0..KINGDOMS).any(|k| state.in_game(k)) {
        let rule = PositionErrorKind::Invalid("no kingdom is left in the game (R28)");
        return Err(PositionError::new(rule, text, 0));
    }
    settle(&mut state, players);
    state.hash = state.compute_hash();
    Ok(SevenKingdoms {
        state,
        players: players.clone(),
        history: Vec::new(),
        handed_over: Vec::new(),
    })
}

/// Judges a position read from a string: R43–R44, then R32 (the side to move becomes the
/// first kingdom from the named one on that is in the game and can move), then R45.
fn settle(state: &mut State, players: &Players) {
    let before_side = (state.side + KINGDOMS - 1) % KINGDOMS;
    state.ending = state.victory(before_side, players);
    if state.ending.is_none() {
        match state.next_kingdom(before_side, true) {
            Some(kingdom) => state.side = kingdom,
            None => state.ending = Some(super::Ending::no_legal_moves()),
        }
    }
}

impl State {
    pub(super) fn compute_hash(&self) -> u64 {
        let t = tables();
        let mut hash = t.side_key(self.side);
        for (cell, &code) in self.cells.iter().enumerate() {
            if code != 0 && code != EMPEROR {
                hash ^= t.piece_key(code, cell);
            }
        }
        for a in 0..KINGDOMS {
            for v in 0..KINGDOMS {
                hash ^= t.matrix_key(a, v, self.matrix[a][v]);
            }
        }
        for &(holder, captured) in &self.record {
            hash ^= t.record_key(usize::from(holder), usize::from(captured));
        }
        for kingdom in (0..KINGDOMS).filter(|&k| self.out & (1 << k) != 0) {
            hash ^= t.out_key(kingdom);
        }
        hash
    }
}

fn letter(kingdom: usize) -> char {
    COLOUR_LETTERS[kingdom] as char
}

/// Writes the full position string (R50, R51).
pub fn write_position(pos: &SevenKingdoms) -> String {
    let state = &pos.state;
    let mut ranks = Vec::new();
    for y in (0..19).rev() {
        let mut rank = String::new();
        let mut empty = 0;
        for x in 0..19 {
            match state.cells[y * 19 + x] {
                0 | EMPEROR => empty += 1,
                code => {
                    if empty > 0 {
                        rank.push_str(&empty.to_string());
                        empty = 0;
                    }
                    rank.push(letter(code_kingdom(code)));
                    rank.push(TYPE_LETTERS[code_kind(code)] as char);
                }
            }
        }
        if empty > 0 {
            rank.push_str(&empty.to_string());
        }
        ranks.push(rank);
    }
    let or_dash = |items: Vec<String>, separator: &str| {
        if items.is_empty() {
            "-".to_string()
        } else {
            items.join(separator)
        }
    };
    let mut captures = Vec::new();
    for a in 0..KINGDOMS {
        for v in (0..KINGDOMS).filter(|&v| state.matrix[a][v] != 0) {
            captures.push(format!("{}{}{}", letter(a), letter(v), state.matrix[a][v]));
        }
    }
    let record = state
        .record
        .iter()
        .map(|&(h, c)| format!("{}{}", letter(h.into()), letter(c.into())))
        .collect();
    let out = (0..KINGDOMS)
        .filter(|&k| state.out & (1 << k) != 0)
        .map(|k| letter(k).to_string())
        .collect();
    format!(
        "{} {} {} {} {} {} {}",
        ranks.join("/"),
        letter(state.side),
        or_dash(captures, ","),
        or_dash(record, ","),
        or_dash(out, ""),
        state.halfmove,
        state.fullmove
    )
}

/// Writes a move: `e9e14`, or the record token `xob` (R54, R55).
pub fn move_string(mv: Move) -> String {
    let grid = &tables().grid;
    match mv {
        Move::Step { from, to } => grid.name(from as usize) + &grid.name(to as usize),
        Move::PutOut(mask) => std::iter::once('x')
            .chain((0..KINGDOMS).filter(|&k| mask & (1 << k) != 0).map(letter))
            .collect(),
    }
}

fn tokenize(text: &str) -> Result<Move, MoveError> {
    let syntax = |detail: &str| MoveError::new(MoveErrorKind::Syntax, text, detail);
    if let Some(letters) = text.strip_prefix('x') {
        let mut mask = 0u8;
        for byte in letters.bytes() {
            let kingdom = COLOUR_LETTERS
                .iter()
                .position(|&l| l == byte)
                .ok_or_else(|| syntax("x must be followed by kingdom letters"))?;
            mask |= 1 << kingdom;
        }
        return if mask == 0 {
            Err(syntax("x must be followed by kingdom letters"))
        } else {
            Ok(Move::PutOut(mask))
        };
    }
    let grid = &tables().grid;
    let (from, used) = grid
        .parse_cell_prefix(text)
        .ok_or_else(|| syntax("expected an origin cell such as e9"))?;
    let to = grid
        .parse_cell(&text[used..])
        .ok_or_else(|| syntax("expected a destination cell after the origin"))?;
    Ok(Move::Step {
        from: from as u16,
        to: to as u16,
    })
}

/// Reads a move token; a step must be legal, a record token is accepted while the game
/// goes on.
pub fn parse_move(pos: &SevenKingdoms, text: &str) -> Result<Move, MoveError> {
    let mv = tokenize(text)?;
    if pos.state.ending.is_some() {
        return Err(MoveError::new(MoveErrorKind::GameOver, text, ""));
    }
    if let Move::PutOut(mask) = mv {
        // R34 puts players out; a token that would leave no kingdom in the game describes
        // no game the rules define (every player resigned), so it is refused.
        let stays = (0..KINGDOMS).any(|k| pos.in_game(k) && mask & (1 << k) == 0);
        return if stays {
            Ok(mv)
        } else {
            Err(MoveError::new(
                MoveErrorKind::Illegal,
                text,
                "at least one kingdom must stay in the game",
            ))
        };
    }
    let Move::Step { from, to } = mv else {
        unreachable!("record tokens returned above")
    };
    pos.check_step(from, to)
        .map(|()| mv)
        .map_err(|detail| MoveError::new(MoveErrorKind::Illegal, text, detail))
}

/// The board as §4 draws it: rank 18 on top, `EM` for the Emperor.
pub fn board_diagram(pos: &SevenKingdoms) -> String {
    let mut out = String::new();
    for y in (0..19).rev() {
        out.push_str(&format!("{y:>2} "));
        for x in 0..19 {
            let text = match pos.state.cells[y * 19 + x] {
                0 => " .".to_string(),
                EMPEROR => "EM".to_string(),
                code => format!(
                    "{}{}",
                    letter(code_kingdom(code)),
                    TYPE_LETTERS[code_kind(code)] as char
                ),
            };
            out.push(' ');
            out.push_str(&text);
        }
        out.push('\n');
    }
    out.push_str("    ");
    for x in 0..19u8 {
        out.push_str(&format!("  {}", (b'a' + x) as char));
    }
    out.push('\n');
    out
}
