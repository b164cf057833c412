//! Position strings (§9, R119–R129): reading with typed errors, and canonical writing.

use super::armies::{army_letter, army_of_letter, ghost_start_owner, ARMIES};
use super::piece::{parse_token, write_token, TokenError};
use super::tables::tables;
use super::{Hexian, Kind, Patron, Piece, Players, Reserve, SpellList, Spells};
use crate::bitboard::{Bitboard, Wide256};
use crate::game::{PositionError, PositionErrorKind};
use crate::notation::{fields, parse_counter};

/// Number of fields of a position string (§9).
const FIELDS: usize = 11;

/// A field's text and its byte offset in the whole string.
type Field<'a> = (usize, &'a str);

fn error(kind: PositionErrorKind, token: &str, offset: usize) -> PositionError {
    PositionError::new(kind, token, offset)
}

fn bad_field(token: &str, offset: usize) -> PositionError {
    error(PositionErrorKind::BadField, token, offset)
}

fn invalid(rule: &'static str, field: Field) -> PositionError {
    error(PositionErrorKind::Invalid(rule), field.1, field.0)
}

/// Reads a position string and settles it by R60 (a) to (c) (§13 "Settling").
pub fn parse_position(text: &str) -> Result<Hexian, PositionError> {
    let parts = fields(text);
    if parts.len() != FIELDS {
        let (offset, token) = parts.get(FIELDS).copied().unwrap_or((text.len(), ""));
        let kind = PositionErrorKind::FieldCount {
            expected: FIELDS,
            found: parts.len(),
        };
        return Err(error(kind, token, offset));
    }
    let players = Players::parse(parts[3].1).ok_or_else(|| bad_field(parts[3].1, parts[3].0))?;
    let patron = parse_patron(parts[4])?;
    let mut position = Hexian::empty(players, patron);
    parse_board(&mut position, parts[0])?;
    parse_fallen(&mut position, parts[2])?;
    position.side = parse_side(parts[1])?;
    position.holdings.spells = parse_spells(parts[5], patron)?;
    position.holdings.checks = parse_checks(parts[6])?;
    position.holdings.reserves = parse_reserves(parts[7])?;
    position.holdings.ghost_pool = parse_ghost_pool(parts[8])?;
    position.halfmove = parse_counter(parts[9].1, parts[9].0, 0)?;
    position.fullmove = parse_counter(parts[10].1, parts[10].0, 1)?;
    validate(&position, &parts)?;
    position.erase_marks_and_shields_of(position.side);
    position.eliminate_checkmated();
    position.refresh_hash();
    position.clear_journal();
    Ok(position)
}

/// Maps a token error at `offset` to a position error.
fn token_error(e: TokenError, token: &str, offset: usize) -> PositionError {
    let kind = match e {
        TokenError::UnknownPiece => PositionErrorKind::UnknownPiece,
        TokenError::BadAttributes => PositionErrorKind::BadField,
        TokenError::Invalid(rule) => PositionErrorKind::Invalid(rule),
    };
    error(kind, token, offset)
}

/// Reads the board field (R119): ranks 17 down to 1, standing piece tokens and runs of
/// cells without a standing piece.
fn parse_board(position: &mut Hexian, (offset, field): Field) -> Result<(), PositionError> {
    let hex = &tables().hex;
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != hex.ranks() {
        let kind = PositionErrorKind::RankCount {
            expected: hex.ranks(),
            found: ranks.len(),
        };
        return Err(error(kind, field, offset));
    }
    let mut rank_offset = offset;
    for (i, text) in ranks.iter().enumerate() {
        let rank = hex.ranks() - 1 - i;
        parse_rank(position, rank, text, rank_offset)?;
        rank_offset += text.len() + 1;
    }
    Ok(())
}

/// Reads one rank of the board field; `offset` is where it starts in the whole string.
fn parse_rank(
    position: &mut Hexian,
    rank: usize,
    text: &str,
    offset: usize,
) -> Result<(), PositionError> {
    let cells = tables().hex.rank_cells(rank);
    let expected = cells.len();
    let (mut filled, mut pos, mut last_was_run) = (0usize, 0usize, false);
    while pos < text.len() && filled <= expected {
        let rest = &text[pos..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 {
            let run = &rest[..digits];
            let length: usize = run.parse().unwrap_or(usize::MAX);
            if run.starts_with('0') || last_was_run || length > expected {
                return Err(error(PositionErrorKind::BadRun, run, offset + pos));
            }
            filled += length;
            pos += digits;
            last_was_run = true;
            continue;
        }
        let (piece, used) =
            parse_token(rest).map_err(|e| token_error(e, token_text(rest), offset + pos))?;
        if filled < expected {
            position.put_standing(cells.start + filled, piece);
        }
        filled += 1;
        pos += used;
        last_was_run = false;
    }
    if filled != expected {
        let kind = PositionErrorKind::RankLength {
            rank: rank + 1,
            expected,
            found: filled,
        };
        return Err(error(kind, text, offset));
    }
    Ok(())
}

/// The text of the (possibly malformed) piece token at the start of `rest`, for error
/// messages: up to its closing parenthesis if it has attributes, else its two letters.
fn token_text(rest: &str) -> &str {
    let end = match rest.as_bytes().get(2) {
        Some(b'(') => rest.find(')').map_or(rest.len(), |i| i + 1),
        _ => rest.char_indices().nth(2).map_or(rest.len(), |(i, _)| i),
    };
    &rest[..end]
}

/// Reads the fallen field (R121): `-` or `<cell><token>` entries separated by commas, in
/// any order (R129).
fn parse_fallen(position: &mut Hexian, (offset, field): Field) -> Result<(), PositionError> {
    if field == "-" {
        return Ok(());
    }
    let mut at = offset;
    for entry in field.split(',') {
        let (cell, piece) = parse_fallen_entry(entry, at)?;
        let entry_field = (at, entry);
        if position.fallen[cell].is_some() {
            return Err(invalid(
                "a cell holds at most one fallen piece (R9)",
                entry_field,
            ));
        }
        if matches!(piece.kind, Kind::Archwizard | Kind::Illusion) {
            return Err(invalid(
                "Archwizards and illusions never fall (R42)",
                entry_field,
            ));
        }
        if piece.shielded || piece.mark.is_some() {
            return Err(invalid(
                "fallen pieces carry no shield and no arrival mark (R41, R121)",
                entry_field,
            ));
        }
        position.put_fallen(cell, piece);
        at += entry.len() + 1;
    }
    Ok(())
}

/// Reads one fallen entry, a cell name followed by exactly one piece token.
fn parse_fallen_entry(entry: &str, offset: usize) -> Result<(usize, Piece), PositionError> {
    let (cell, used) = tables()
        .hex
        .parse_cell_prefix(entry)
        .ok_or_else(|| bad_field(entry, offset))?;
    let (piece, token_len) =
        parse_token(&entry[used..]).map_err(|e| token_error(e, entry, offset))?;
    if used + token_len != entry.len() {
        return Err(bad_field(entry, offset));
    }
    Ok((cell, piece))
}

/// Reads the side to move (R120).
fn parse_side((offset, field): Field) -> Result<usize, PositionError> {
    match field.as_bytes() {
        [letter] => army_of_letter(*letter),
        _ => None,
    }
    .ok_or_else(|| error(PositionErrorKind::BadSide, field, offset))
}

/// Reads the patron digit (R123).
fn parse_patron((offset, field): Field) -> Result<Patron, PositionError> {
    let digit = match field.as_bytes() {
        [d @ b'1'..=b'6'] => Patron::from_number(u32::from(d - b'0')),
        _ => None,
    };
    digit.ok_or_else(|| error(PositionErrorKind::BadNumber, field, offset))
}

/// Splits a per-army field into its six `/`-separated entries with their offsets; the
/// whole field `-` stands for six empty entries.
fn six_entries((offset, field): Field) -> Result<Option<[Field; ARMIES]>, PositionError> {
    if field == "-" {
        return Ok(None);
    }
    let mut entries = Vec::with_capacity(ARMIES);
    let mut at = offset;
    for entry in field.split('/') {
        entries.push((at, entry));
        at += entry.len() + 1;
    }
    let entries: [Field; ARMIES] = entries.try_into().map_err(|_| bad_field(field, offset))?;
    Ok(Some(entries))
}

/// Reads the spells field (R124): six entries, each the spells left and, under
/// Demogorgon, `:` and the grimoire; under other patrons a grimoire is read and ignored.
/// Spec decision (R124, A58): under Demogorgon an entry without a grimoire is malformed
/// (R124 says each entry has one; guessing it would be arbitrary), and an ignored
/// grimoire must still be well formed.
fn parse_spells(field: Field, patron: Patron) -> Result<[Spells; ARMIES], PositionError> {
    let mut spells = [Spells::default(); ARMIES];
    let Some(entries) = six_entries(field)? else {
        return Ok(spells);
    };
    for (army, (at, entry)) in entries.into_iter().enumerate() {
        let (left, grimoire) = match entry.split_once(':') {
            Some((left, grimoire)) => (left, Some(grimoire)),
            None => (entry, None),
        };
        let list = |text: &str| SpellList::parse(text).ok_or_else(|| bad_field(entry, at));
        spells[army].left = list(left)?;
        let grimoire = match (grimoire, patron) {
            (Some(text), _) => list(text)?,
            (None, Patron::Demogorgon) => return Err(bad_field(entry, at)),
            (None, _) => SpellList::default(),
        };
        if patron == Patron::Demogorgon {
            spells[army].grimoire = grimoire;
        }
    }
    Ok(spells)
}

/// Reads the check counters (R125): six digits `0`–`3`.
fn parse_checks((offset, field): Field) -> Result<[u8; ARMIES], PositionError> {
    let bytes = field.as_bytes();
    if bytes.len() != ARMIES || !bytes.iter().all(|b| (b'0'..=b'3').contains(b)) {
        return Err(bad_field(field, offset));
    }
    Ok(std::array::from_fn(|army| bytes[army] - b'0'))
}

/// Reads the reserves field (R126).
fn parse_reserves(field: Field) -> Result<[Reserve; ARMIES], PositionError> {
    let mut reserves = [Reserve::default(); ARMIES];
    if let Some(entries) = six_entries(field)? {
        for (army, (at, entry)) in entries.into_iter().enumerate() {
            reserves[army] = Reserve::parse(entry).ok_or_else(|| bad_field(entry, at))?;
        }
    }
    Ok(reserves)
}

/// Reads the Ghost pools (R127): `-` or Ghost start cells separated by commas, in any
/// order (R129), each at most once.
fn parse_ghost_pool((offset, field): Field) -> Result<Wide256, PositionError> {
    let mut pool = Wide256::EMPTY;
    if field == "-" {
        return Ok(pool);
    }
    let mut at = offset;
    for name in field.split(',') {
        let cell = tables()
            .hex
            .parse_cell(name)
            .ok_or_else(|| bad_field(name, at))?;
        if ghost_start_owner(cell).is_none() {
            return Err(invalid(
                "a Ghost pool entry is a Ghost start cell (R52, R127)",
                (at, name),
            ));
        }
        if pool.has(cell) {
            return Err(invalid(
                "a Ghost start cell is in the pool at most once (R28)",
                (at, name),
            ));
        }
        pool |= Wide256::cell(cell);
        at += name.len() + 1;
    }
    Ok(pool)
}

/// The rules that tie the fields together. Spec decision: a reader rejects what no game
/// can reach when a rule fixes it (R40, R102, R105, R110, R120); the lenient cases of A58
/// are accepted.
fn validate(position: &Hexian, parts: &[Field]) -> Result<(), PositionError> {
    let players = position.players;
    if players.armies_in_play().next().is_none() {
        return Err(invalid("at least one army is in play (R112)", parts[3]));
    }
    if !players.in_play(position.side) {
        return Err(invalid(
            "the side to move is an army in play (R60, R120)",
            parts[1],
        ));
    }
    validate_pieces(position, parts)?;
    validate_eliminated(position, parts)?;
    validate_ghost_starts(position, parts[8])?;
    if position.patron != Patron::Astaroth && position.holdings.checks.iter().any(|&n| n != 0) {
        return Err(invalid(
            "check counters stay 0 under patrons other than Astaroth (R102, R125)",
            parts[6],
        ));
    }
    if position.patron != Patron::Lilith && position.holdings.reserves.iter().any(|r| !r.is_empty())
    {
        return Err(invalid(
            "reserves exist only under Lilith (R105, R126)",
            parts[7],
        ));
    }
    Ok(())
}

/// Every piece on the board, standing and fallen.
fn all_pieces(position: &Hexian) -> impl Iterator<Item = &Piece> {
    position.standing.iter().chain(&position.fallen).flatten()
}

/// R40: one Archwizard per army in play; R110: no piece of an eliminated army and no
/// mark of one (R65).
fn validate_pieces(position: &Hexian, parts: &[Field]) -> Result<(), PositionError> {
    let players = position.players;
    if all_pieces(position).any(|p| !players.in_play(p.army())) {
        return Err(invalid(
            "an eliminated army has no pieces on the board (R110)",
            parts[0],
        ));
    }
    if all_pieces(position).any(|p| p.mark_army().is_some_and(|m| !players.in_play(m))) {
        return Err(invalid(
            "the arrival marks of an eliminated army are erased (R65, R110)",
            parts[0],
        ));
    }
    for army in players.armies_in_play() {
        let archwizards = position
            .standing_of(army)
            .cells()
            .filter(|&c| position.standing[c].is_some_and(|p| p.kind == Kind::Archwizard))
            .count();
        if archwizards != 1 {
            return Err(invalid(
                "an army in play has exactly one Archwizard (R40)",
                parts[0],
            ));
        }
    }
    Ok(())
}

/// R110: an eliminated army's spells, counter, reserve and Ghost pool entries are empty.
fn validate_eliminated(position: &Hexian, parts: &[Field]) -> Result<(), PositionError> {
    for army in (0..ARMIES).filter(|&a| !position.players.in_play(a)) {
        if position.holdings.spells[army] != Spells::default() {
            return Err(invalid(
                "an eliminated army has no spells (R110, R124)",
                parts[5],
            ));
        }
        if position.holdings.checks[army] != 0 {
            return Err(invalid(
                "an eliminated army's check counter is 0 (R110)",
                parts[6],
            ));
        }
        if !position.holdings.reserves[army].is_empty() {
            return Err(invalid(
                "an eliminated army's reserve is empty (R110)",
                parts[7],
            ));
        }
        let starts = tables().armies[army].ghost_starts;
        if starts
            .iter()
            .any(|&cell| position.holdings.ghost_pool.has(cell))
        {
            return Err(invalid(
                "an eliminated army's Ghost pool is empty (R110)",
                parts[8],
            ));
        }
    }
    Ok(())
}

/// R27, R28: a Ghost start cell belongs to at most one Ghost on the board, and is in the
/// pool only while its Ghost is off the board.
fn validate_ghost_starts(position: &Hexian, pool_field: Field) -> Result<(), PositionError> {
    let mut seen = position.holdings.ghost_pool;
    for cell in all_pieces(position).filter_map(|p| p.start_cell()) {
        if seen.has(cell) {
            return Err(invalid(
                "a Ghost start cell belongs to one Ghost, on the board or in the pool (R27, R28)",
                pool_field,
            ));
        }
        seen |= Wide256::cell(cell);
    }
    Ok(())
}

/// Writes the canonical position string (R129).
pub fn write_position(position: &Hexian) -> String {
    [
        write_board(position),
        army_letter(position.side).to_string(),
        write_fallen(position),
        position.players.to_string(),
        (position.patron as u8).to_string(),
        write_spells(position),
        position
            .holdings
            .checks
            .iter()
            .map(|n| n.to_string())
            .collect(),
        write_reserves(position),
        write_ghost_pool(position),
        position.halfmove.to_string(),
        position.fullmove.to_string(),
    ]
    .join(" ")
}

/// The board field (R119).
fn write_board(position: &Hexian) -> String {
    let hex = &tables().hex;
    let ranks: Vec<String> = (0..hex.ranks())
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut run = 0;
            for cell in hex.rank_cells(rank) {
                match position.standing[cell] {
                    Some(piece) => {
                        if run > 0 {
                            text.push_str(&run.to_string());
                            run = 0;
                        }
                        text.push_str(&write_token(&piece));
                    }
                    None => run += 1,
                }
            }
            if run > 0 {
                text.push_str(&run.to_string());
            }
            text
        })
        .collect();
    ranks.join("/")
}

/// The fallen field (R121), in cell order.
fn write_fallen(position: &Hexian) -> String {
    let t = tables();
    let entries: Vec<String> = t
        .cell_order
        .iter()
        .filter_map(|&cell| {
            let piece = position.fallen[cell]?;
            Some(format!("{}{}", t.hex.name(cell), write_token(&piece)))
        })
        .collect();
    dash_if_empty(entries.join(","))
}

/// The spells field (R124): grimoires only under Demogorgon.
fn write_spells(position: &Hexian) -> String {
    if position
        .holdings
        .spells
        .iter()
        .all(|s| *s == Spells::default())
    {
        return "-".to_string();
    }
    let entries: Vec<String> = position
        .holdings
        .spells
        .iter()
        .map(|s| match position.patron {
            Patron::Demogorgon => format!("{}:{}", s.left, s.grimoire),
            _ => s.left.to_string(),
        })
        .collect();
    entries.join("/")
}

/// The reserves field (R126).
fn write_reserves(position: &Hexian) -> String {
    if position.holdings.reserves.iter().all(|r| r.is_empty()) {
        return "-".to_string();
    }
    let entries: Vec<String> = position
        .holdings
        .reserves
        .iter()
        .map(Reserve::to_string)
        .collect();
    entries.join("/")
}

/// The Ghost pools field (R127), in cell order.
fn write_ghost_pool(position: &Hexian) -> String {
    let t = tables();
    let cells: Vec<String> = t
        .cell_order
        .iter()
        .filter(|&&cell| position.holdings.ghost_pool.has(cell))
        .map(|&cell| t.hex.name(cell))
        .collect();
    dash_if_empty(cells.join(","))
}

fn dash_if_empty(text: String) -> String {
    if text.is_empty() {
        "-".to_string()
    } else {
        text
    }
}
