//! Position strings (§9, R69–R75) and move notation (§10, R76–R81).

use super::tables::tables;
use super::{
    code_color, code_kind, piece_code, Color, Move, MoveList, Panoply, Placement, BARRICADE, BLACK,
    CELLS, KING, LETTERS, NONE, PAWN, PROMOTIONS, WHITE,
};
use crate::game::{MoveError, MoveErrorKind, PositionError, PositionErrorKind};
use crate::notation::{
    fields, from_cell_problem, hexagon_diagram, parse_board, parse_counter, write_board,
};

/// The start position (§4, reconstructed: A1).
pub const START: &str =
    "gcrkrcg/shbbddhs/ppppppppp/10/11/12/13/12/11/10/PPPPPPPPP/SHBBDDHS/GCRKRCG w 0 1";

/// A board character: a one-cell piece, or a Barricade end labelled `B`/`D` (R71).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Item {
    Piece(Color, usize),
    Barricade(Color, char),
}

fn item_from_char(ch: char) -> Option<Item> {
    let color = if ch.is_ascii_uppercase() {
        WHITE
    } else {
        BLACK
    };
    let upper = ch.to_ascii_uppercase();
    if upper == 'B' || upper == 'D' {
        return Some(Item::Barricade(color, upper));
    }
    LETTERS
        .iter()
        .position(|&l| l as char == upper)
        .map(|kind| Item::Piece(color, kind))
}

fn rank_ranges() -> Vec<std::ops::Range<usize>> {
    let hex = tables().hex;
    (0..hex.ranks()).map(|r| hex.rank_cells(r)).collect()
}

/// Reads a position string (R69–R75).
pub fn parse_position(text: &str) -> Result<Panoply, PositionError> {
    let parts = fields(text);
    if parts.len() != 4 {
        let (offset, token) = parts.get(4).copied().unwrap_or((text.len(), ""));
        return Err(PositionError::new(
            PositionErrorKind::FieldCount {
                expected: 4,
                found: parts.len(),
            },
            token,
            offset,
        ));
    }
    let (board_at, board_field) = parts[0];
    let items = parse_board(board_field, board_at, &rank_ranges(), CELLS, item_from_char)?;
    let mut pos = Panoply::empty();
    let invalid =
        |rule| PositionError::new(PositionErrorKind::Invalid(rule), board_field, board_at);
    let mut ends: [[Vec<usize>; 2]; 2] = Default::default();
    for (cell, item) in items.iter().enumerate() {
        match *item {
            Some(Item::Piece(color, kind)) => {
                let code = piece_code(color, kind);
                pos.board.toggle(cell, code);
                pos.board.cells[cell] = code;
            }
            Some(Item::Barricade(color, label)) => {
                ends[color][usize::from(label == 'D')].push(cell)
            }
            None => {}
        }
    }
    for (color, labels) in ends.iter().enumerate() {
        for cells in labels.iter().filter(|c| !c.is_empty()) {
            // R72: each label marks exactly two adjacent cells, the ends of one Barricade.
            let adjacent = cells.len() == 2 && tables().adjacent[cells[0]] & (1 << cells[1]) != 0;
            if !adjacent {
                return Err(invalid(
                    "a Barricade letter must mark exactly two adjacent cells (R72)",
                ));
            }
            let code = piece_code(color, BARRICADE);
            for (&cell, &other) in cells.iter().zip(cells.iter().rev()) {
                pos.board.toggle(cell, code);
                pos.board.cells[cell] = code;
                pos.board.partner[cell] = other as u8;
            }
        }
    }
    let (side_at, side) = parts[1];
    pos.side = match side {
        "w" => WHITE,
        "b" => BLACK,
        _ => {
            return Err(PositionError::new(
                PositionErrorKind::BadSide,
                side,
                side_at,
            ))
        }
    };
    pos.halfmove = parse_counter(parts[2].1, parts[2].0, 0)?;
    pos.fullmove = parse_counter(parts[3].1, parts[3].0, 1)?;
    validate(&pos).map_err(invalid)?;
    pos.hash = pos.compute_hash();
    Ok(pos)
}

/// R73: one King per colour, no Pawn on its last rank, the side not to move not in check.
fn validate(pos: &Panoply) -> Result<(), &'static str> {
    let t = tables();
    for color in [WHITE, BLACK] {
        if pos.pieces(color, KING).count_ones() != 1 {
            return Err("each colour needs exactly one King (R73)");
        }
        if pos.pieces(color, PAWN) & t.last_rank[color] != 0 {
            return Err("a Pawn stands on its last rank (R73)");
        }
    }
    let them = 1 - pos.side;
    if pos.board.is_attacked(pos.king(them), pos.side) {
        return Err("the side not to move is in check (R73)");
    }
    Ok(())
}

/// The letter of every cell, Barricade ends labelled canonically (R74): per colour, the
/// Barricade met first in the string (highest rank first, then file order) is `B`, the
/// other `D`.
pub(super) fn cell_letters(pos: &Panoply) -> [Option<char>; CELLS] {
    let mut letters = [None; CELLS];
    let mut barricades_seen = [0; 2];
    for cell in rank_ranges().into_iter().rev().flatten() {
        let code = pos.board.cells[cell];
        if code == 0 || letters[cell].is_some() {
            continue;
        }
        let color = code_color(code);
        let upper = if code_kind(code) == BARRICADE {
            barricades_seen[color] += 1;
            if barricades_seen[color] == 1 {
                'B'
            } else {
                'D'
            }
        } else {
            LETTERS[code_kind(code)] as char
        };
        let letter = if color == WHITE {
            upper
        } else {
            upper.to_ascii_lowercase()
        };
        letters[cell] = Some(letter);
        if let Some(other) = pos.board.partner_of(cell) {
            letters[other] = Some(letter);
        }
    }
    letters
}

/// Writes the position string (R69–R75).
pub fn write_position(pos: &Panoply) -> String {
    let letters = cell_letters(pos);
    let board = write_board(&rank_ranges(), |cell| letters[cell]);
    let side = if pos.side == WHITE { "w" } else { "b" };
    format!("{board} {side} {} {}", pos.halfmove, pos.fullmove)
}

fn name(cell: usize) -> String {
    tables().hex.name(cell)
}

/// A placement written as R81 orders its cells: by file letter, then by rank number.
fn pair_string(p: Placement) -> String {
    let hex = tables().hex;
    let mut cells = p.cells();
    cells.sort_by_key(|&c| hex.coords(c));
    name(cells[0]) + &name(cells[1])
}

/// Writes a move (R77–R81).
pub fn move_string(mv: Move) -> String {
    match mv {
        Move::Piece {
            from,
            to,
            promotion,
            ..
        } => {
            let mut text = name(from as usize) + &name(to as usize);
            if promotion != NONE {
                text.push((LETTERS[promotion as usize] as char).to_ascii_lowercase());
            }
            text
        }
        Move::Skirmish { from, to, .. } => format!("{}x{}", name(from as usize), name(to as usize)),
        Move::Barricade { from, to, captures } => {
            let mut text = format!("{}-{}", pair_string(from), pair_string(to));
            for c in captures.iter().filter(|&&c| c != NONE) {
                text.push('x');
                text.push_str(&name(*c as usize));
            }
            text
        }
    }
}

/// Reads cells one after another from the start of `text`; returns them and the rest.
fn leading_cells(text: &str, count: usize) -> Option<(Vec<usize>, &str)> {
    let hex = tables().hex;
    let mut rest = text;
    let mut cells = Vec::new();
    for _ in 0..count {
        let (cell, used) = hex.parse_cell_prefix(rest)?;
        cells.push(cell);
        rest = &rest[used..];
    }
    Some((cells, rest))
}

/// The move a token names, before it is checked against the legal moves.
fn tokenize(text: &str) -> Result<Move, MoveError> {
    let syntax = |detail: &str| MoveError::new(MoveErrorKind::Syntax, text, detail);
    if let Some((before, after)) = text.split_once('-') {
        let (from, _) = leading_cells(before, 2)
            .filter(|(_, r)| r.is_empty())
            .ok_or_else(|| syntax("a Barricade move starts with its two cells, e.g. i6j6-"))?;
        let (to, mut rest) =
            leading_cells(after, 2).ok_or_else(|| syntax("two cells must follow '-'"))?;
        let mut captures = [NONE; 2];
        for slot in captures.iter_mut() {
            let Some(tail) = rest.strip_prefix('x') else {
                break;
            };
            let (cells, tail) =
                leading_cells(tail, 1).ok_or_else(|| syntax("a cell must follow 'x'"))?;
            *slot = cells[0] as u8;
            rest = tail;
        }
        if !rest.is_empty() {
            return Err(syntax("unexpected characters after the Barricade move"));
        }
        return Ok(Move::Barricade {
            from: Placement::new(from[0], from[1]),
            to: Placement::new(to[0], to[1]),
            captures,
        });
    }
    let (from, rest) =
        leading_cells(text, 1).ok_or_else(|| syntax(&from_cell_problem(text, "Panoply")))?;
    if let Some(rest) = rest.strip_prefix('x') {
        let (to, _) = leading_cells(rest, 1)
            .filter(|(_, t)| t.is_empty())
            .ok_or_else(|| syntax("a single landing cell must follow 'x'"))?;
        return Ok(Move::Skirmish {
            from: from[0] as u8,
            to: to[0] as u8,
            capture: NONE,
        });
    }
    let (to, tail) =
        leading_cells(rest, 1).ok_or_else(|| syntax("expected a to-cell after the from-cell"))?;
    let promotion = match tail {
        "" => NONE,
        _ => PROMOTIONS
            .iter()
            .find(|&&k| tail.len() == 1 && tail.as_bytes()[0] == LETTERS[k].to_ascii_lowercase())
            .map(|&k| k as u8)
            .ok_or_else(|| syntax("only r, s, c, h or g may follow the to-cell"))?,
    };
    Ok(Move::Piece {
        from: from[0] as u8,
        to: to[0] as u8,
        promotion,
        capture: NONE,
    })
}

/// Reads a move token and returns the legal move it names.
pub fn parse_move(pos: &Panoply, text: &str) -> Result<Move, MoveError> {
    let wanted = tokenize(text)?;
    let from = match wanted {
        Move::Piece { from, .. } | Move::Skirmish { from, .. } => from as usize,
        Move::Barricade { from, .. } => from.0 as usize,
    };
    let mut moves = MoveList::new();
    pos.generate_legal_from(from, &mut moves);
    if let Some(&mv) = moves.iter().find(|m| m.notation_key() == wanted) {
        return Ok(mv);
    }
    if !pos.has_legal() {
        return Err(MoveError::new(MoveErrorKind::GameOver, text, ""));
    }
    let detail = match pos.piece_at(from) {
        Some((color, _)) if color == pos.side => "not a legal move of that piece",
        _ => "no piece of the side to move there",
    };
    Err(MoveError::new(MoveErrorKind::Illegal, text, detail))
}

/// The board as §2.4 draws it, Barricade ends labelled as in the position string.
pub fn board_diagram(pos: &Panoply) -> String {
    let letters = cell_letters(pos);
    hexagon_diagram(tables().hex, |cell| letters[cell])
}
