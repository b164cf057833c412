//! Position strings (§9, R55–R61) and move notation (§10, R62–R65).

use super::tables::tables;
use super::{
    code_color, code_kind, piece_code, placement, Hexmate, Move, MoveList, Ruleset, BLACK, CELLS,
    KING, LETTERS, PAWN, WHITE,
};
use crate::game::{Game, MoveError, MoveErrorKind, PositionError, PositionErrorKind};
use crate::notation::{
    fields, from_cell_problem, hexagon_diagram, parse_board, parse_counter, write_board,
};

/// R35.
pub const HEXMATE_START: &str =
    "daqkqad/bbbrrbbb/nnnrarnnn/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/NNNRARNNN/BBBRRBBB/DAQKQAD w 0 1";
/// R37.
pub const HEXCHOICE_START: &str =
    "7/8/9/pppppppppp/ppppppppppp/12/13/12/PPPPPPPPPPP/PPPPPPPPPP/9/8/7 b place 0 1";

fn piece_from_letter(ch: char) -> Option<u8> {
    let kind = LETTERS
        .iter()
        .position(|&l| l == ch.to_ascii_uppercase() as u8)?;
    let color = if ch.is_ascii_uppercase() {
        WHITE
    } else {
        BLACK
    };
    Some(piece_code(color, kind))
}

fn letter_of(code: u8) -> char {
    let letter = LETTERS[code_kind(code)] as char;
    if code_color(code) == WHITE {
        letter
    } else {
        letter.to_ascii_lowercase()
    }
}

fn rank_ranges() -> Vec<std::ops::Range<usize>> {
    let hex = &tables().hex;
    (0..hex.ranks()).map(|r| hex.rank_cells(r)).collect()
}

/// Reads a position string of `ruleset`: 4 fields for `hexmate`, 5 for `hexchoice`.
pub fn parse_position(text: &str, ruleset: Ruleset) -> Result<Hexmate, PositionError> {
    let parts = fields(text);
    let expected = match ruleset {
        Ruleset::Hexmate => 4,
        Ruleset::Hexchoice => 5,
    };
    if parts.len() != expected {
        let (offset, token) = parts
            .get(expected.min(parts.len()))
            .copied()
            .unwrap_or((text.len(), ""));
        return Err(PositionError::new(
            PositionErrorKind::FieldCount {
                expected,
                found: parts.len(),
            },
            token,
            offset,
        ));
    }
    let (board_at, board_field) = parts[0];
    let cells = parse_board(
        board_field,
        board_at,
        &rank_ranges(),
        CELLS,
        piece_from_letter,
    )?;
    let mut pos = Hexmate::empty(ruleset);
    for (cell, code) in cells.iter().enumerate() {
        if let Some(code) = *code {
            pos.put(cell, code);
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
    if ruleset == Ruleset::Hexchoice {
        let (phase_at, phase) = parts[2];
        pos.placing = match phase {
            "place" => true,
            "play" => false,
            _ => {
                return Err(PositionError::new(
                    PositionErrorKind::BadField,
                    phase,
                    phase_at,
                ))
            }
        };
    }
    let (half_at, half) = parts[expected - 2];
    let (full_at, full) = parts[expected - 1];
    pos.halfmove = parse_counter(half, half_at, 0)?;
    pos.fullmove = parse_counter(full, full_at, 1)?;
    if pos.placing {
        placement::validate(&pos, text)?;
    } else {
        validate_play(&pos, board_field, board_at)?;
    }
    pos.hash = pos.compute_hash();
    Ok(pos)
}

/// R60: one King per side, no pawn on its promotion rank, the side not to move not in check.
fn validate_play(pos: &Hexmate, board: &str, at: usize) -> Result<(), PositionError> {
    let invalid = |rule| {
        Err(PositionError::new(
            PositionErrorKind::Invalid(rule),
            board,
            at,
        ))
    };
    for color in [WHITE, BLACK] {
        if pos.pieces(color, KING).count_ones() != 1 {
            return invalid("each side needs exactly one King (R60)");
        }
        if pos.pieces(color, PAWN) & tables().last_rank[color] != 0 {
            return invalid("a pawn stands on its promotion rank (R60)");
        }
    }
    let them = 1 - pos.side;
    let their_king = pos.king(them).expect("checked above");
    let occ = pos.by_color[0] | pos.by_color[1];
    if pos.attacked_by(their_king, pos.side, occ, pos.by_color[pos.side]) {
        return invalid("the side not to move is in check (R60)");
    }
    Ok(())
}

/// Writes the position string (§9).
pub fn write_position(pos: &Hexmate) -> String {
    let board = write_board(&rank_ranges(), |cell| {
        let code = pos.board[cell];
        (code != 0).then(|| letter_of(code))
    });
    let side = if pos.side == WHITE { "w" } else { "b" };
    match pos.ruleset {
        Ruleset::Hexmate => format!("{board} {side} {} {}", pos.halfmove, pos.fullmove),
        Ruleset::Hexchoice => {
            let phase = if pos.placing { "place" } else { "play" };
            format!("{board} {side} {phase} {} {}", pos.halfmove, pos.fullmove)
        }
    }
}

/// Writes a move (§10): `e3c6`, `c12c13d`, `K@j1`.
pub fn move_string(mv: Move) -> String {
    let hex = &tables().hex;
    if let Some(unit) = mv.unit() {
        return format!("{}@{}", LETTERS[unit] as char, hex.name(mv.to()));
    }
    let mut text = hex.name(mv.from()) + &hex.name(mv.to());
    if let Some(kind) = mv.promotion_kind() {
        text.push((LETTERS[kind] as char).to_ascii_lowercase());
    }
    text
}

/// The shape of a move token, before it is matched against the legal moves.
enum Token {
    Ordinary {
        from: usize,
        to: usize,
        promotion: Option<usize>,
    },
    Placement {
        unit: usize,
        cell: usize,
    },
}

fn tokenize(text: &str) -> Result<Token, MoveError> {
    let syntax = |detail: &str| MoveError::new(MoveErrorKind::Syntax, text, detail);
    let hex = &tables().hex;
    if let Some((unit, cell)) = text.split_once('@') {
        let unit = match unit.as_bytes() {
            [letter] if *letter != b'P' => LETTERS.iter().position(|l| l == letter),
            _ => None,
        }
        .ok_or_else(|| syntax("a placement starts with one of K Q D A R B N"))?;
        let cell = hex
            .parse_cell(cell)
            .ok_or_else(|| syntax("no such cell after '@'"))?;
        return Ok(Token::Placement { unit, cell });
    }
    let (from, used) = hex
        .parse_cell_prefix(text)
        .ok_or_else(|| syntax(&from_cell_problem(text, "Hexmate")))?;
    let rest = &text[used..];
    let (to, used) = hex
        .parse_cell_prefix(rest)
        .ok_or_else(|| syntax("expected a to-cell after the from-cell"))?;
    let promotion = match &rest[used..] {
        "" => None,
        "q" => Some(super::QUEEN),
        "d" => Some(super::DUKE),
        "a" => Some(super::PALADIN),
        _ => return Err(syntax("only q, d or a may follow the to-cell")),
    };
    Ok(Token::Ordinary {
        from,
        to,
        promotion,
    })
}

/// Reads a move token and returns the legal move it names.
pub fn parse_move(pos: &Hexmate, text: &str) -> Result<Move, MoveError> {
    let token = tokenize(text)?;
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    if moves.is_empty() {
        return Err(MoveError::new(MoveErrorKind::GameOver, text, ""));
    }
    let wanted = match token {
        Token::Placement { unit, cell } => Move::placement(unit, cell),
        Token::Ordinary {
            from,
            to,
            promotion: Some(kind),
        } => Move::promotion(from, to, kind),
        Token::Ordinary {
            from,
            to,
            promotion: None,
        } => Move::normal(from, to),
    };
    if moves.contains(&wanted) {
        return Ok(wanted);
    }
    Err(MoveError::new(
        MoveErrorKind::Illegal,
        text,
        illegal_reason(pos, wanted, &moves),
    ))
}

fn illegal_reason(pos: &Hexmate, mv: Move, moves: &MoveList) -> String {
    let hex = &tables().hex;
    if pos.placing != mv.is_placement() {
        return if pos.placing {
            "the placement phase allows only placements"
        } else {
            "placements exist only in the Hexchoice placement phase"
        }
        .to_string();
    }
    if mv.is_placement() {
        return "the placement breaks R41".to_string();
    }
    match pos.piece_at(mv.from()) {
        Some((color, _)) if color == pos.side => {}
        _ => return format!("no piece of the side to move on {}", hex.name(mv.from())),
    }
    let same_cells = |m: &&Move| m.from() == mv.from() && m.to() == mv.to();
    match (moves.iter().find(same_cells), mv.promotion_kind()) {
        (Some(_), None) => "a pawn reaching the last rank must promote to q, d or a".to_string(),
        (Some(_), Some(_)) => "no such promotion".to_string(),
        (None, Some(_)) if pos.piece_at(mv.from()).map(|p| p.1) != Some(PAWN) => {
            "only a pawn moving to its last rank promotes".to_string()
        }
        _ => "the piece cannot go there, or the move leaves its King attacked".to_string(),
    }
}

/// The board as the spec draws it (§2.1): rank 13 on top, White at the bottom.
pub fn board_diagram(pos: &Hexmate) -> String {
    hexagon_diagram(tables().hex, |cell| {
        (pos.board[cell] != 0).then(|| letter_of(pos.board[cell]))
    })
}
