//! Move tokens (§10, R130, R131): reading a token into a [`Move`] with typed errors, and
//! writing a move's token. Reading checks the grammar only; whether the move is legal in
//! a position is for move generation.

use super::moves::{Move, PieceMove, Spell};
use super::piece::Kind;
use super::tables::tables;
use crate::game::{MoveError, MoveErrorKind};
use crate::geometry::ALL_DIRECTIONS;

/// A cursor over a move token.
struct Reader<'a> {
    token: &'a str,
    rest: &'a str,
}

impl<'a> Reader<'a> {
    fn new(token: &'a str) -> Self {
        Reader { token, rest: token }
    }

    fn syntax(&self, detail: &str) -> MoveError {
        MoveError::new(MoveErrorKind::Syntax, self.token, detail)
    }

    /// Consumes `ch` if it comes next.
    fn eat(&mut self, ch: char) -> bool {
        match self.rest.strip_prefix(ch) {
            Some(after) => {
                self.rest = after;
                true
            }
            None => false,
        }
    }

    fn expect(&mut self, ch: char, detail: &str) -> Result<(), MoveError> {
        if self.eat(ch) {
            Ok(())
        } else {
            Err(self.syntax(detail))
        }
    }

    /// The next cell, if one comes next.
    fn try_cell(&mut self) -> Option<u8> {
        let (cell, used) = tables().hex.parse_cell_prefix(self.rest)?;
        self.rest = &self.rest[used..];
        Some(cell as u8)
    }

    fn cell(&mut self) -> Result<u8, MoveError> {
        self.try_cell()
            .ok_or_else(|| self.syntax("expected a cell name (R130)"))
    }

    /// A type letter `Z H I G F D M` (R131): the types Summon, Polymorph and deployment
    /// can create.
    fn creatable_kind(&mut self) -> Result<Kind, MoveError> {
        let kind = self
            .rest
            .bytes()
            .next()
            .and_then(Kind::from_letter)
            .filter(|k| !matches!(k, Kind::Archwizard | Kind::Illusion))
            .ok_or_else(|| self.syntax("expected a piece type Z H I G F D M (R131)"))?;
        self.rest = &self.rest[1..];
        Ok(kind)
    }

    fn end(&self) -> Result<(), MoveError> {
        if self.rest.is_empty() {
            Ok(())
        } else {
            Err(self.syntax("unexpected text at the end"))
        }
    }
}

/// Reads a move token (§10).
pub fn parse_move_token(token: &str) -> Result<Move, MoveError> {
    let mut r = Reader::new(token);
    let mv = if r.eat('^') {
        Move::Rise(r.cell()?)
    } else if r.eat('x') {
        Move::Dispatch(r.cell()?)
    } else if r.eat('*') {
        Move::Spell(casterless_spell(&mut r)?)
    } else if token == "0000" {
        r.rest = "";
        Move::Pass
    } else if r.rest.as_bytes().get(1) == Some(&b'@') {
        placement(&mut r)?
    } else {
        let from = r.cell()?;
        if r.eat('*') {
            Move::Spell(spell_with_caster(&mut r, from)?)
        } else {
            Move::Piece(piece_move_after(&mut r, from)?)
        }
    };
    r.end()?;
    Ok(mv)
}

/// `G@<start>:[~]<cell>` (R79) or `<T>@<cell>` (R106).
fn placement(r: &mut Reader) -> Result<Move, MoveError> {
    if r.eat('G') {
        r.expect('@', "expected '@'")?;
        let start = r.cell()?;
        r.expect(':', "a Ghost return names its sacrifice after ':' (R79)")?;
        let fallen = r.eat('~');
        let sacrifice = r.cell()?;
        return Ok(Move::GhostReturn {
            start,
            sacrifice,
            fallen,
        });
    }
    let kind = r.creatable_kind()?;
    r.expect('@', "expected '@'")?;
    Ok(Move::Deploy {
        kind,
        cell: r.cell()?,
    })
}

/// A piece move token after its from-cell: `<to>[h]` or `<land1><land2>…` (R130).
fn piece_move_after(r: &mut Reader, from: u8) -> Result<PieceMove, MoveError> {
    let to = r.cell()?;
    let mut mv = PieceMove::new(usize::from(from), usize::from(to));
    // Spec decision (R130): the suffix `h` ends the token; an `h` followed by a digit is
    // a hop landing on file h (`b10d10h8`). R130's grammar leaves this open; a cell name
    // always has digits, so reading it this way is the only one that accepts both.
    if r.rest == "h" {
        r.rest = "";
        mv.promotes = true;
        return Ok(mv);
    }
    let mut previous = to;
    while let Some(landing) = r.try_cell() {
        if mv.tail.is_empty() {
            hop_direction(r, from, to)?;
        }
        let d = hop_direction(r, previous, landing)?;
        mv.tail = mv
            .tail
            .push(d)
            .ok_or_else(|| r.syntax("hop chain longer than the engine represents"))?;
        previous = landing;
    }
    Ok(mv)
}

/// The direction of a hop from `a` to `b`: two steps along one of the 12 directions
/// (R74); a chain's cells must be such hops.
fn hop_direction(r: &Reader, a: u8, b: u8) -> Result<usize, MoveError> {
    let hex = &tables().hex;
    (0..ALL_DIRECTIONS.len())
        .find(|&d| {
            hex.step(usize::from(a), d)
                .and_then(|mid| hex.step(mid, d))
                .is_some_and(|land| land == usize::from(b))
        })
        .ok_or_else(|| r.syntax("each hop of a chain lands two cells away in a line (R74, R76)"))
}

/// Charm, Deflect and Mirror Image, written without a caster (R83).
fn casterless_spell(r: &mut Reader) -> Result<Spell, MoveError> {
    if r.eat('C') {
        let from = r.cell()?;
        return Ok(Spell::Charm(piece_move_after(r, from)?));
    }
    if r.eat('D') {
        return Ok(Spell::Deflect { target: r.cell()? });
    }
    if r.eat('M') {
        let (first, second, real) = (r.cell()?, r.cell()?, r.cell()?);
        if cell_order(first) >= cell_order(second) {
            return Err(r.syntax("Mirror Image cells are two cells in cell order (R93)"));
        }
        return Ok(Spell::MirrorImage {
            first,
            second,
            real,
        });
    }
    Err(r.syntax("only Charm, Deflect and Mirror Image are written without a caster (R83)"))
}

/// A spell written `<caster>*<letter><arguments>` (R130).
fn spell_with_caster(r: &mut Reader, caster: u8) -> Result<Spell, MoveError> {
    let letter = r.rest.chars().next().unwrap_or(' ');
    if !r.eat(letter) {
        return Err(r.syntax("expected a spell letter"));
    }
    Ok(match letter {
        'B' => Spell::Banish {
            caster,
            target: r.cell()?,
        },
        'F' => burning_hands(r, caster)?,
        'H' => haste(r, caster)?,
        'K' => Spell::StinkingCloud { caster },
        'L' => Spell::LightningBolt {
            caster,
            target: r.cell()?,
        },
        'P' => Spell::Petrify {
            caster,
            target: r.cell()?,
        },
        'R' => Spell::Reanimate {
            caster,
            target: r.cell()?,
        },
        'S' => Spell::Shield { caster },
        'T' => Spell::Teleport {
            caster,
            target: r.cell()?,
        },
        'U' => {
            let kind = r.creatable_kind()?;
            Spell::Summon {
                caster,
                kind,
                target: r.cell()?,
            }
        }
        'Y' => {
            let target = r.cell()?;
            Spell::Polymorph {
                caster,
                target,
                kind: r.creatable_kind()?,
            }
        }
        'C' | 'D' | 'M' => {
            return Err(r.syntax("Charm, Deflect and Mirror Image have no caster (R83)"))
        }
        _ => return Err(r.syntax("unknown spell letter (§6.7)")),
    })
}

/// `<c>*F<t1>[<t2>[<t3>]]`: one to three different cells in cell order (R88).
fn burning_hands(r: &mut Reader, caster: u8) -> Result<Spell, MoveError> {
    let mut targets = [r.cell()?, 0, 0];
    let mut count = 1;
    while let Some(cell) = r.try_cell() {
        if count == 3 || cell_order(targets[count - 1]) >= cell_order(cell) {
            return Err(r.syntax("Burning Hands takes one to three cells in cell order (R88)"));
        }
        targets[count] = cell;
        count += 1;
    }
    Ok(Spell::BurningHands {
        caster,
        targets,
        count: count as u8,
    })
}

/// `<c>*H<move1>[,<move2>]` (R91).
fn haste(r: &mut Reader, caster: u8) -> Result<Spell, MoveError> {
    let from = r.cell()?;
    let first = piece_move_after(r, from)?;
    let second = if r.eat(',') {
        let from = r.cell()?;
        Some(piece_move_after(r, from)?)
    } else {
        None
    };
    Ok(Spell::Haste {
        caster,
        first,
        second,
    })
}

/// The rank of a cell in cell order: by file letter, then rank number (§6.7).
fn cell_order(cell: u8) -> (i32, i32) {
    tables().hex.coords(usize::from(cell))
}

fn name(cell: u8) -> String {
    tables().hex.name(usize::from(cell))
}

/// Writes a move's token (§10).
pub fn move_token(mv: &Move) -> String {
    match *mv {
        Move::Piece(piece_move) => piece_move_token(&piece_move),
        Move::Rise(cell) => format!("^{}", name(cell)),
        Move::Dispatch(cell) => format!("x{}", name(cell)),
        Move::GhostReturn {
            start,
            sacrifice,
            fallen,
        } => {
            let tilde = if fallen { "~" } else { "" };
            format!("G@{}:{tilde}{}", name(start), name(sacrifice))
        }
        Move::Deploy { kind, cell } => format!("{}@{}", kind.letter(), name(cell)),
        Move::Spell(spell) => spell_token(&spell),
        Move::Pass => "0000".to_string(),
    }
}

/// `<from><to>[h]` or `<from><land1><land2>…`.
fn piece_move_token(mv: &PieceMove) -> String {
    let hex = &tables().hex;
    let mut token = format!("{}{}", name(mv.from), name(mv.to));
    let mut at = usize::from(mv.to);
    for d in mv.tail.directions() {
        at = hex
            .step(at, d)
            .and_then(|mid| hex.step(mid, d))
            .expect("a hop tail stays on the board");
        token.push_str(&hex.name(at));
    }
    if mv.promotes {
        token.push('h');
    }
    token
}

/// `[<caster>]*<letter><arguments>`.
fn spell_token(spell: &Spell) -> String {
    let caster = spell.caster().map(name).unwrap_or_default();
    let arguments = match *spell {
        Spell::Charm(mv) => piece_move_token(&mv),
        Spell::BurningHands { targets, count, .. } => targets[..usize::from(count)]
            .iter()
            .map(|&c| name(c))
            .collect(),
        Spell::Haste { first, second, .. } => match second {
            Some(second) => format!("{},{}", piece_move_token(&first), piece_move_token(&second)),
            None => piece_move_token(&first),
        },
        Spell::StinkingCloud { .. } | Spell::Shield { .. } => String::new(),
        Spell::MirrorImage {
            first,
            second,
            real,
        } => format!("{}{}{}", name(first), name(second), name(real)),
        Spell::Summon { kind, target, .. } => format!("{}{}", kind.letter(), name(target)),
        Spell::Polymorph { target, kind, .. } => format!("{}{}", name(target), kind.letter()),
        Spell::Banish { target, .. }
        | Spell::Deflect { target }
        | Spell::LightningBolt { target, .. }
        | Spell::Petrify { target, .. }
        | Spell::Reanimate { target, .. }
        | Spell::Teleport { target, .. } => name(target),
    };
    format!("{caster}*{}{arguments}", spell.letter())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(token: &str) -> Move {
        let mv = parse_move_token(token).unwrap_or_else(|e| panic!("{token}: {e}"));
        assert_eq!(move_token(&mv), token);
        mv
    }

    #[test]
    fn r130_every_example_token_of_the_table_round_trips() {
        for token in [
            "i3k4",
            "i9j9",
            "e16d17h",
            "i9k9",
            "i9k9g11",
            "^k9",
            "xa9",
            "G@i2:l5",
            "G@i1:~c8",
            "I@h2",
            "j1*Tk9",
            "i9*Fh9h10j9",
            "a9*UFb8",
            "*Ci9j9",
            "*Dk11",
            "*Ma10c8a9",
            "a9*Hb9c9,c9b10",
            "0000",
        ] {
            round_trip(token);
        }
    }

    #[test]
    fn r130_tokens_of_the_worked_examples_round_trip() {
        for token in [
            "f4f5",
            "j2l4",
            "*Cd8e8",
            "j1*Hk2k3,k3k4",
            "h2*S",
            "e16e17h",
            "i9k9k11",
            "i9m7",
            "G@i1:l5",
            "i9*Bj9",
            "i9*Lg13",
            "i9*Fh9h10j9",
            "*Ch10d12",
            "i9*Rg10",
            "*Mb8c8b8",
            "a9*Pa10",
            "a9*UDb10",
            "a9*Ya10D",
            "a9*Yb9M",
            "i9*K",
            "i9*UFi10",
            "F@g3",
            "*Ca14d17",
            "a9*Hb9c9,c9c10",
        ] {
            round_trip(token);
        }
    }

    #[test]
    fn r130_moves_read_into_their_kinds() {
        let hex = &tables().hex;
        let c = |n: &str| hex.parse_cell(n).expect("cell") as u8;
        let Move::Piece(chain) = round_trip("i9k9g11") else {
            panic!("a piece move");
        };
        assert_eq!((chain.from, chain.to), (c("i9"), c("k9")));
        assert_eq!(chain.tail.len(), 1);
        assert!(!chain.promotes);
        assert_eq!(
            round_trip("G@i1:~c8"),
            Move::GhostReturn {
                start: c("i1"),
                sacrifice: c("c8"),
                fallen: true
            }
        );
        assert_eq!(
            round_trip("a9*UFb8"),
            Move::Spell(Spell::Summon {
                caster: c("a9"),
                kind: Kind::Fungoid,
                target: c("b8")
            })
        );
        assert_eq!(
            round_trip("*Ma10c8a9"),
            Move::Spell(Spell::MirrorImage {
                first: c("a10"),
                second: c("c8"),
                real: c("a9")
            })
        );
        let Move::Spell(Spell::Haste { second: None, .. }) = round_trip("a9*Hb9c9") else {
            panic!("a Haste without second move");
        };
    }

    #[test]
    fn r130_malformed_tokens_are_syntax_errors() {
        for token in [
            "",
            "i9",
            "i9j",
            "i9z9",
            "i9j9x",
            "i9j9hh",
            "i9k9k11h",
            "i9j9k9",
            "i9k9k10",
            "^",
            "^k",
            "xa",
            "xa9a10",
            "G@i1",
            "G@i1:",
            "G@i1l5",
            "A@h2",
            "X@h2",
            "Q@h2",
            "*",
            "*B",
            "*Bj9",
            "i9*Ck9",
            "i9*Dk9",
            "i9*Ma10b8a9",
            "*Mb8a10a9",
            "*Ma10a10a9",
            "i9*",
            "i9*Q",
            "i9*Fj9h9",
            "i9*Fh9h9",
            "i9*Fh9h10i10j9",
            "i9*UAi10",
            "i9*UXi10",
            "i9*Yj9A",
            "i9*Yj9",
            "i9*S2",
            "i9*Hb9c9,",
            "0000 ",
            "000",
            "i9é",
        ] {
            let error = parse_move_token(token).expect_err(token);
            assert_eq!(error.kind, MoveErrorKind::Syntax, "{token}");
            assert_eq!(error.token, token);
        }
    }
}
