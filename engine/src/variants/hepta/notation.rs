//! Position strings (§9) and move tokens (§10).

use super::state::bit;
use super::{
    Colour, Move, MoveList, Pending, Piece, Side, State, BLACK, COLOURS, COLOUR_LETTERS, ELIMINATE,
    PILLAR_LETTERS, POWER, TACTIC, WHITE,
};
use crate::bitboard::Bitboard;
use crate::game::{MoveBuffer, MoveError, MoveErrorKind, PositionError, PositionErrorKind};
use crate::geometry::hepta::{hepta_board, rank_cells, CELLS};
use crate::notation::{fields, parse_counter, read_run};

/// The true start, Black to arrange the Heptagram (§9.4, R49).
pub const TRUE_START: &str = "krm*kym*kbm*kc/nrnrnrkonynynykgnbnbnbkpncncnc/2nonono1ngngng1npnpnp2/15/1Sy1Sg1Sb1Sp1Sc1Sr1So1/15/3No3Ng3Np3/1NrNoKoNoNyNgKgNgNbNpKpNpNc1/NrKrNrM*NyKyNyM*NbKbNbM*NcKcNc b -/-/-/-/- -/-/-/-/- ------- setup - 0 1";

/// The default start position, after `Hroygbpc` (§9.4, R50).
pub const START: &str = "krm*kym*kbm*kc/nrnrnrkonynynykgnbnbnbkpncncnc/2nonono1ngngng1npnpnp2/15/1Sy1Sg1Sb1Sp1Sc1Sr1So1/15/3No3Ng3Np3/1NrNoKoNoNyNgKgNgNbNpKpNpNc1/NrKrNrM*NyKyNyM*NbKbNbM*NcKcNc w -/-/-/-/- -/-/-/-/- roygbpc - - 0 1";

fn colour_of(letter: u8) -> Option<Colour> {
    COLOUR_LETTERS
        .iter()
        .position(|&l| l == letter)
        .map(|c| c as Colour)
}

fn letter(colour: Colour) -> char {
    COLOUR_LETTERS[usize::from(colour)] as char
}

/// A board token of §3.1 (two characters).
fn piece_from_token(token: &[u8]) -> Option<Piece> {
    match token {
        b"M*" => return Some(Piece::Master(WHITE)),
        b"m*" => return Some(Piece::Master(BLACK)),
        [_, _] => {}
        _ => return None,
    }
    let colour = colour_of(token[1])?;
    Some(match token[0] {
        b'S' => Piece::Soul(colour),
        b'N' => Piece::Knight(WHITE, colour),
        b'n' => Piece::Knight(BLACK, colour),
        b'K' => Piece::King(WHITE, colour),
        b'k' => Piece::King(BLACK, colour),
        b'Z' => Piece::Berserk(WHITE, colour),
        b'z' => Piece::Berserk(BLACK, colour),
        _ => return None,
    })
}

pub(super) fn piece_token(piece: Piece) -> String {
    let (kind, side, colour) = match piece {
        Piece::Soul(c) => return format!("S{}", letter(c)),
        Piece::Master(WHITE) => return "M*".into(),
        Piece::Master(_) => return "m*".into(),
        Piece::Knight(s, c) => ('N', s, c),
        Piece::King(s, c) => ('K', s, c),
        Piece::Berserk(s, c) => ('Z', s, c),
    };
    let kind = if side == WHITE {
        kind
    } else {
        kind.to_ascii_lowercase()
    };
    format!("{kind}{}", letter(colour))
}

/// V1: reads the board field (ranks 9 down to 1).
fn parse_board(field: &str, offset: usize) -> Result<[Option<Piece>; CELLS], PositionError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 9 {
        return Err(PositionError::new(
            PositionErrorKind::RankCount {
                expected: 9,
                found: ranks.len(),
            },
            field,
            offset,
        ));
    }
    let mut board = [None; CELLS];
    let mut rank_offset = offset;
    for (i, text) in ranks.iter().enumerate() {
        let rank = 9 - i;
        let cells = rank_cells(rank);
        let expected = cells.len();
        let bytes = text.as_bytes();
        let (mut pos, mut filled, mut last_was_run) = (0, 0, false);
        while pos < bytes.len() && filled <= expected {
            let at = rank_offset + pos;
            if bytes[pos].is_ascii_digit() {
                // §9.2: a run is at least 1, has no leading zero and never follows a run;
                // one longer than its rank is a bad run too, as the other variants' readers
                // report it.
                let (run, len) = read_run(text, pos, expected, last_was_run, at)?;
                filled += run;
                pos += len;
                last_was_run = true;
            } else {
                let token = text.get(pos..pos + 2).unwrap_or(&text[pos..]);
                let piece = piece_from_token(token.as_bytes()).ok_or_else(|| {
                    PositionError::new(PositionErrorKind::UnknownPiece, token, at)
                })?;
                if filled < expected {
                    board[cells.start + filled] = Some(piece);
                }
                filled += 1;
                pos += 2;
                last_was_run = false;
            }
        }
        if filled != expected || pos < bytes.len() {
            return Err(PositionError::new(
                PositionErrorKind::RankLength {
                    rank,
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

/// A set of colours written in canonical order without repeats (Pillars, §9.1). More
/// than four letters read as a set and are rejected by V3 in `validate`.
fn parse_colour_set(text: &str) -> Option<u8> {
    if text == "-" {
        return Some(0);
    }
    let mut set = 0u8;
    let mut last: Option<Colour> = None;
    for &b in text.as_bytes() {
        let c = colour_of(b)?;
        if last.is_some_and(|l| l >= c) {
            return None;
        }
        last = Some(c);
        set |= bit(c);
    }
    (set != 0).then_some(set)
}

fn write_colour_set(set: u8) -> String {
    if set == 0 {
        return "-".into();
    }
    (0..COLOURS as u8)
        .filter(|&c| set & bit(c) != 0)
        .map(letter)
        .collect()
}

/// Fields 3 and 4: `R/P/L/T/E`.
fn parse_temple(field: &str, offset: usize) -> Result<[u8; 5], PositionError> {
    let bad = || PositionError::new(PositionErrorKind::BadField, field, offset);
    let parts: Vec<&str> = field.split('/').collect();
    if parts.len() != 5 {
        return Err(bad());
    }
    let mut temple = [0u8; 5];
    for (pillar, part) in parts.iter().enumerate() {
        temple[pillar] = parse_colour_set(part).ok_or_else(bad)?;
    }
    Ok(temple)
}

/// Field 5: seven spots.
fn parse_heptagram(field: &str, offset: usize) -> Result<[Option<Colour>; 7], PositionError> {
    let bad = || PositionError::new(PositionErrorKind::BadField, field, offset);
    let bytes = field.as_bytes();
    if bytes.len() != 7 {
        return Err(bad());
    }
    let mut spots = [None; 7];
    for (spot, &b) in bytes.iter().enumerate() {
        spots[spot] = match b {
            b'-' => None,
            _ => Some(colour_of(b).ok_or_else(bad)?),
        };
    }
    Ok(spots)
}

/// Field 6.
fn parse_pending(field: &str, offset: usize) -> Result<Pending, PositionError> {
    let bad = || PositionError::new(PositionErrorKind::BadField, field, offset);
    let colour = |text: &str| match text.as_bytes() {
        [b] => colour_of(*b),
        _ => None,
    };
    let parts: Vec<&str> = field.split(':').collect();
    let pending = match parts[..] {
        ["-"] => Some(Pending::Normal),
        ["setup"] => Some(Pending::Setup),
        ["hdrop", c] => colour(c).map(Pending::Drop),
        ["hshift", c] => colour(c).map(Pending::Shift),
        ["rec", c, n] => match (colour(c), n.as_bytes()) {
            (Some(c), [d @ b'1'..=b'8']) => Some(Pending::Recovery(c, d - b'0')),
            _ => None,
        },
        ["smr", "1"] => Some(Pending::MasterPlacement(1)),
        ["smr", "2"] => Some(Pending::MasterPlacement(2)),
        _ => None,
    };
    pending.ok_or_else(bad)
}

fn write_pending(pending: Pending) -> String {
    match pending {
        Pending::Normal => "-".into(),
        Pending::Setup => "setup".into(),
        Pending::Drop(c) => format!("hdrop:{}", letter(c)),
        Pending::Shift(c) => format!("hshift:{}", letter(c)),
        Pending::Recovery(c, n) => format!("rec:{}:{n}", letter(c)),
        Pending::MasterPlacement(n) => format!("smr:{n}"),
    }
}

/// Field 7: `-` or `<c><n>,…` in canonical order, n from 1 to 8.
fn parse_berserk(field: &str, offset: usize) -> Result<[u8; COLOURS], PositionError> {
    let bad = || PositionError::new(PositionErrorKind::BadField, field, offset);
    let mut stacks = [0u8; COLOURS];
    if field == "-" {
        return Ok(stacks);
    }
    let mut last: Option<Colour> = None;
    for entry in field.split(',') {
        let (c, n) = match entry.as_bytes() {
            [c, n @ b'1'..=b'8'] => (colour_of(*c).ok_or_else(bad)?, n - b'0'),
            _ => return Err(bad()),
        };
        if last.is_some_and(|l| l >= c) {
            return Err(bad());
        }
        last = Some(c);
        stacks[usize::from(c)] = n;
    }
    Ok(stacks)
}

fn write_berserk(stacks: &[u8; COLOURS]) -> String {
    let entries: Vec<String> = (0..COLOURS as u8)
        .filter(|&c| stacks[usize::from(c)] > 0)
        .map(|c| format!("{}{}", letter(c), stacks[usize::from(c)]))
        .collect();
    if entries.is_empty() {
        "-".into()
    } else {
        entries.join(",")
    }
}

/// Reads a position string (§9.1–§9.3).
pub fn parse_position(text: &str) -> Result<State, PositionError> {
    let parts = fields(text);
    if parts.len() != 9 {
        let (offset, token) = parts.get(9).copied().unwrap_or((text.len(), ""));
        return Err(PositionError::new(
            PositionErrorKind::FieldCount {
                expected: 9,
                found: parts.len(),
            },
            token,
            offset,
        ));
    }
    // V10: exactly one ASCII space between fields, nothing around them.
    let canonical: Vec<&str> = parts.iter().map(|p| p.1).collect();
    if canonical.join(" ") != text {
        return Err(PositionError::new(PositionErrorKind::BadField, text, 0));
    }
    let (board_at, board_field) = parts[0];
    let board = parse_board(board_field, board_at)?;
    let (side_at, side_field) = parts[1];
    let side = match side_field {
        "w" => WHITE,
        "b" => BLACK,
        _ => {
            return Err(PositionError::new(
                PositionErrorKind::BadSide,
                side_field,
                side_at,
            ))
        }
    };
    let white_temple = parse_temple(parts[2].1, parts[2].0)?;
    let black_temple = parse_temple(parts[3].1, parts[3].0)?;
    let heptagram = parse_heptagram(parts[4].1, parts[4].0)?;
    let pending = parse_pending(parts[5].1, parts[5].0)?;
    let stacks = parse_berserk(parts[6].1, parts[6].0)?;
    let halfmove = parse_counter(parts[7].1, parts[7].0, 0)?;
    let fullmove = parse_counter(parts[8].1, parts[8].0, 1)?;

    let mut state = State::empty();
    for (cell, piece) in board.iter().enumerate() {
        state.put(cell, *piece);
    }
    state.temples = [white_temple, black_temple];
    state.heptagram = heptagram;
    state.pending = pending;
    state.stacks = stacks;
    state.side = side;
    state.halfmove = halfmove;
    state.fullmove = fullmove;
    state.hash = state.compute_hash();
    state
        .validate()
        .map_err(|rule| PositionError::new(PositionErrorKind::Invalid(rule), text, 0))?;
    Ok(state)
}

impl State {
    /// How many pieces equal to `piece` stand on the board.
    fn count(&self, piece: Piece) -> usize {
        self.board.iter().filter(|&&p| p == Some(piece)).count()
    }

    /// V2–V9 (V1, V8 and V10 are checked while reading).
    fn validate(&self) -> Result<(), &'static str> {
        for side in [WHITE, BLACK] {
            if self.masters(side) > 3 {
                return Err("V2: at most three Soul Masters per player");
            }
            for c in 0..COLOURS as u8 {
                if self.count(Piece::King(side, c)) + self.count(Piece::Berserk(side, c)) > 1 {
                    return Err("V2: at most one King per player and colour");
                }
                if self.count(Piece::Knight(side, c)) > 3 {
                    return Err("V2: at most three Knights per player and colour");
                }
            }
            let temple = self.temples[side];
            if temple.iter().any(|p| p.count_ones() > 4) {
                return Err("V3: a Pillar holds at most four Souls");
            }
            let supported = temple[POWER..=TACTIC].iter().fold(0x7f, |s, p| s & p);
            if temple[ELIMINATE] & !supported != 0 {
                return Err("V3: the Eliminate invariant R48");
            }
        }
        let mut in_heptagram = 0u8;
        for c in self.heptagram.iter().flatten() {
            if in_heptagram & bit(*c) != 0 {
                return Err("V4: a colour appears twice in the Heptagram");
            }
            in_heptagram |= bit(*c);
        }
        self.validate_berserk()?;
        self.validate_heptagram_completeness(in_heptagram)?;
        self.validate_sequence()
    }

    /// V5.
    fn validate_berserk(&self) -> Result<(), &'static str> {
        let in_temples = self.temples.iter().flatten().fold(0u8, |s, p| s | p);
        for c in 0..COLOURS as u8 {
            let kings = self.count(Piece::Berserk(WHITE, c)) + self.count(Piece::Berserk(BLACK, c));
            let stack = self.stacks[usize::from(c)];
            if (kings > 0) != (stack > 0) {
                return Err("V5: the berserk field lists exactly the berserking colours");
            }
            if stack == 0 {
                continue;
            }
            let others = [WHITE, BLACK]
                .iter()
                .any(|&s| self.count(Piece::King(s, c)) + self.count(Piece::Knight(s, c)) > 0);
            if kings != 1 || others {
                return Err("V5: a berserking colour has one berserk King, no King or Knight");
            }
            if in_temples & bit(c) != 0 || self.spot_of(c).is_some() {
                return Err("V5: a berserking colour is in no Pillar and not in the Heptagram");
            }
            if self.count(Piece::Soul(c)) + usize::from(stack) != 8 {
                return Err("V5: 8 - n Souls of a berserking colour on the board");
            }
        }
        Ok(())
    }

    /// V6.
    fn validate_heptagram_completeness(&self, in_heptagram: u8) -> Result<(), &'static str> {
        if self.pending == Pending::Setup {
            if in_heptagram != 0 || self.berserking() != 0 || self.side != BLACK {
                return Err("V6: in setup the Heptagram is empty, nobody berserks, Black moves");
            }
            return Ok(());
        }
        let recovering = match self.pending {
            Pending::Recovery(c, _) => bit(c),
            _ => 0,
        };
        if !in_heptagram & 0x7f != self.berserking() | recovering {
            return Err(
                "V6: a colour is missing from the Heptagram exactly when it berserks or recovers",
            );
        }
        Ok(())
    }

    /// V7 and V9.
    fn validate_sequence(&self) -> Result<(), &'static str> {
        let board_full = self.occupied().count() as usize == CELLS;
        match self.pending {
            Pending::Drop(c) | Pending::Shift(c) => {
                if self.spot_of(c).is_none() {
                    return Err("V7: the colour of a Heptagram move is in the Heptagram");
                }
                if matches!(self.pending, Pending::Drop(_)) && board_full {
                    return Err("V9: a drop needs an empty hex");
                }
            }
            Pending::Recovery(c, step) => self.validate_recovery(c, step)?,
            Pending::MasterPlacement(step) => {
                let (announcer, placer) = if step == 1 {
                    (1 - self.side, self.side)
                } else {
                    (self.side, 1 - self.side)
                };
                if self.masters(announcer) != 0 || (step == 1 && self.masters(placer) > 2) {
                    return Err("V7: Soul Master Recovery needs an announcer without Soul Masters");
                }
                if board_full {
                    return Err("V9: a Soul Master placement needs an empty hex");
                }
            }
            Pending::Normal | Pending::Setup => {}
        }
        Ok(())
    }

    /// V7 for `rec:c:n`.
    fn validate_recovery(&self, c: Colour, step: u8) -> Result<(), &'static str> {
        let in_temples = self.temples.iter().flatten().fold(0u8, |s, p| s | p);
        if self.berserking() & bit(c) != 0 || in_temples & bit(c) != 0 {
            return Err("V7: a recovering colour neither berserks nor is in a Pillar");
        }
        let kings = [WHITE, BLACK].map(|s| self.count(Piece::King(s, c)));
        let knights = [WHITE, BLACK].map(|s| self.count(Piece::Knight(s, c)));
        let souls = self.count(Piece::Soul(c));
        if step == 8 {
            let spot_free = self.heptagram.iter().any(Option::is_none);
            if kings != [1, 1] || souls != 1 || knights[0] + knights[1] != 6 || !spot_free {
                return Err("V7: rec:c:8 needs both Kings, one Soul, six Knights, a free spot");
            }
            return Ok(());
        }
        // The calmed King's owner C is not to move at odd steps and to move at even ones.
        let calmed = if step % 2 == 1 {
            1 - self.side
        } else {
            self.side
        };
        let n = usize::from(step);
        let ok = kings[calmed] == 1
            && kings[1 - calmed] == 0
            && souls == 9 - n
            && knights[1 - calmed] == n / 2
            && knights[calmed] == (n - 1) / 2;
        if !ok {
            return Err("V7: rec:c:n needs the calmed King, 9 - n Souls and n - 1 Knights");
        }
        Ok(())
    }
}

/// Writes the position string.
pub fn write_position(state: &State) -> String {
    let board = (1..=9)
        .rev()
        .map(|rank| {
            let mut out = String::new();
            let mut empty = 0;
            for cell in rank_cells(rank) {
                match state.board[cell] {
                    Some(piece) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push_str(&piece_token(piece));
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect::<Vec<_>>()
        .join("/");
    let temple = |side: Side| {
        state.temples[side]
            .iter()
            .map(|&p| write_colour_set(p))
            .collect::<Vec<_>>()
            .join("/")
    };
    let heptagram: String = state
        .heptagram
        .iter()
        .map(|s| s.map_or('-', letter))
        .collect();
    format!(
        "{board} {} {} {} {heptagram} {} {} {} {}",
        if state.side == WHITE { "w" } else { "b" },
        temple(WHITE),
        temple(BLACK),
        write_pending(state.pending),
        write_berserk(&state.stacks),
        state.halfmove,
        state.fullmove
    )
}

/// Writes a move token (§10).
pub fn move_string(mv: Move) -> String {
    let board = hepta_board();
    let cell = |c: u8| board.name(usize::from(c));
    let pillar = |p: u8| PILLAR_LETTERS[usize::from(p)] as char;
    match mv {
        Move::Arrange(spots) => {
            format!("H{}", spots.iter().map(|&c| letter(c)).collect::<String>())
        }
        Move::Board { from, to } => format!("{}{}", cell(from), cell(to)),
        Move::Dematerialise { from } => format!("{}^", cell(from)),
        Move::Steal {
            from,
            to,
            pillar: p,
        } => format!("{}{}^{}", cell(from), cell(to), pillar(p)),
        Move::Recolour { from, to, colour } => {
            format!("{}{}={}", cell(from), cell(to), letter(colour))
        }
        Move::Replace { at, colour } => format!("{}={}", cell(at), letter(colour)),
        Move::Duplicate { from, to, extra } => {
            format!("{}{}+{}", cell(from), cell(to), cell(extra))
        }
        Move::Temple { colour, pillar: p } => format!("T{}{}", letter(colour), pillar(p)),
        Move::Announce { colour } => format!("H{}", letter(colour)),
        Move::Drop { colour, at } => format!("S{}@{}", letter(colour), cell(at)),
        Move::Shift { colour, spot } => format!("H{}{}", letter(colour), spot + 1),
        Move::Summon { colour, at } => format!("N{}@{}", letter(colour), cell(at)),
        Move::RecoveryKing { colour, at } => format!("K{}@{}", letter(colour), cell(at)),
        Move::Eliminate { colour } => format!("E{}", letter(colour)),
        Move::MasterRecovery => "MR".into(),
        Move::PlaceMaster { at } => format!("M@{}", cell(at)),
    }
}

/// Reads a token by the grammar of §10 alone; `None` if it does not follow it.
fn tokenize(text: &str) -> Option<Move> {
    let board = hepta_board();
    let bytes = text.as_bytes();
    let cell = |range: std::ops::Range<usize>| -> Option<u8> {
        board.parse_cell(text.get(range)?).map(|c| c as u8)
    };
    let colour_at = |i: usize| bytes.get(i).and_then(|&b| colour_of(b));
    let at_cell = || -> Option<u8> {
        (bytes.len() == 5 && bytes[2] == b'@').then_some(())?;
        cell(3..5)
    };
    match *bytes.first()? {
        b'H' => match bytes.len() {
            2 => Some(Move::Announce {
                colour: colour_at(1)?,
            }),
            3 => match bytes[2] {
                d @ b'1'..=b'7' => Some(Move::Shift {
                    colour: colour_at(1)?,
                    spot: d - b'1',
                }),
                _ => None,
            },
            8 => {
                let mut spots = [0; 7];
                for (spot, colour) in spots.iter_mut().enumerate() {
                    *colour = colour_at(spot + 1)?;
                }
                Some(Move::Arrange(spots))
            }
            _ => None,
        },
        b'S' => Some(Move::Drop {
            colour: colour_at(1)?,
            at: at_cell()?,
        }),
        b'N' => Some(Move::Summon {
            colour: colour_at(1)?,
            at: at_cell()?,
        }),
        b'K' => Some(Move::RecoveryKing {
            colour: colour_at(1)?,
            at: at_cell()?,
        }),
        b'E' => (bytes.len() == 2).then_some(Move::Eliminate {
            colour: colour_at(1)?,
        }),
        b'T' => {
            let pillar = PILLAR_LETTERS[1..]
                .iter()
                .position(|&p| Some(&p) == bytes.get(2))?;
            (bytes.len() == 3).then_some(Move::Temple {
                colour: colour_at(1)?,
                pillar: pillar as u8 + 1,
            })
        }
        b'M' if text == "MR" => Some(Move::MasterRecovery),
        b'M' => {
            (bytes.len() == 4 && bytes[1] == b'@').then_some(Move::PlaceMaster { at: cell(2..4)? })
        }
        _ => tokenize_from_cell(text),
    }
}

/// Tokens that start with a cell name: `<from><to>` and its suffixed forms, `<hex>^`,
/// `<hex>=<d>`.
fn tokenize_from_cell(text: &str) -> Option<Move> {
    let board = hepta_board();
    let from = board.parse_cell(text.get(0..2)?)? as u8;
    let rest = &text[2..];
    let colour_suffix = |s: &str| match s.as_bytes() {
        [b'=', c] => colour_of(*c),
        _ => None,
    };
    match rest {
        "^" => return Some(Move::Dematerialise { from }),
        _ if rest.starts_with('=') => {
            return Some(Move::Replace {
                at: from,
                colour: colour_suffix(rest)?,
            })
        }
        _ => {}
    }
    let to = board.parse_cell(rest.get(0..2)?)? as u8;
    let suffix = &rest[2..];
    match suffix.as_bytes() {
        [] => Some(Move::Board { from, to }),
        [b'^', p] => {
            let pillar = PILLAR_LETTERS.iter().position(|l| l == p)? as u8;
            Some(Move::Steal { from, to, pillar })
        }
        [b'=', _] => Some(Move::Recolour {
            from,
            to,
            colour: colour_suffix(suffix)?,
        }),
        [b'+', ..] => Some(Move::Duplicate {
            from,
            to,
            extra: board.parse_cell(&suffix[1..])? as u8,
        }),
        _ => None,
    }
}

/// The cell a move starts on, for the moves `State::generate_from` makes.
fn from_cell(mv: Move) -> Option<usize> {
    match mv {
        Move::Board { from, .. }
        | Move::Dematerialise { from }
        | Move::Steal { from, .. }
        | Move::Recolour { from, .. }
        | Move::Duplicate { from, .. }
        | Move::Replace { at: from, .. } => Some(usize::from(from)),
        _ => None,
    }
}

/// Reads a move token and returns it if it is legal here (§10).
pub fn parse_move(state: &State, text: &str) -> Result<Move, MoveError> {
    let wanted =
        tokenize(text).ok_or_else(|| MoveError::new(MoveErrorKind::Syntax, text, "see §10"))?;
    let mut moves = MoveList::new();
    if let Some(from) = from_cell(wanted) {
        state.generate_from(from, &mut moves);
        if moves.contains(&wanted) {
            return Ok(wanted);
        }
        moves.clear_moves();
    }
    state.generate(&mut moves);
    if moves.is_empty() {
        return Err(MoveError::new(MoveErrorKind::GameOver, text, ""));
    }
    if moves.contains(&wanted) {
        return Ok(wanted);
    }
    let detail = match state.pending {
        Pending::Normal => "not a legal move here",
        Pending::Setup => "an arrangement H<7 colours> is due (R50)",
        Pending::Drop(_) => "a drop S<c>@<hex> on a forwardmost empty hex is due (R63)",
        Pending::Shift(_) => "a shift H<c><k> is due (R64)",
        Pending::Recovery(..) => "a recovery ply is due (R73-R75)",
        Pending::MasterPlacement(_) => {
            "a Soul Master placement M@<hex> on a backwardmost empty hex is due (R88, R89)"
        }
    };
    Err(MoveError::new(MoveErrorKind::Illegal, text, detail))
}

/// The board as §2.2 draws it (long-file rows indented), then the other fields.
pub fn board_diagram(state: &State) -> String {
    let mut out = String::new();
    for rank in (1..=9).rev() {
        for long in [false, true] {
            if rank == 9 && !long {
                continue;
            }
            let cells: Vec<String> = rank_cells(rank)
                .filter(|&c| hepta_board().is_long_file(c) == long)
                .map(|c| state.board[c].map_or("..".into(), piece_token))
                .collect();
            let label = if long { 'L' } else { 'S' };
            let indent = if long { "    " } else { "" };
            out.push_str(&format!(
                "{label}{rank}  {indent}{}\n",
                cells.join("      ")
            ));
        }
    }
    out.push_str("    a   b   c   d   e   f   g   h   i   j   k   l   m   n   o\n");
    let text = write_position(state);
    let rest: Vec<&str> = text.split(' ').skip(1).collect();
    out.push_str(&format!(
        "side {}  white temple {}  black temple {}  heptagram {}  pending {}  berserk {}\n",
        rest[0], rest[1], rest[2], rest[3], rest[4], rest[5]
    ));
    out
}
