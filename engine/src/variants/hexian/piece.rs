//! Piece types (§3) and the state a piece carries (§3.10): army, type, Doppelganger form,
//! Ghost start cell, the flags petrified, shielded, summoned, and the arrival mark. The
//! position-string token of a piece (R119) is read and written here.

use super::armies::{army_letter, army_of_letter};
use super::tables::tables;

/// A piece type; the discriminant is the index of its letter in [`KIND_LETTERS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Zombie,
    Ghoul,
    Imp,
    Ghost,
    Fungoid,
    Doppelganger,
    Familiar,
    Archwizard,
    Illusion,
}

/// Type letters (§3.1), in the order of [`Kind`].
pub const KIND_LETTERS: &[u8; 9] = b"ZHIGFDMAX";

impl Kind {
    pub const ALL: [Kind; 9] = [
        Kind::Zombie,
        Kind::Ghoul,
        Kind::Imp,
        Kind::Ghost,
        Kind::Fungoid,
        Kind::Doppelganger,
        Kind::Familiar,
        Kind::Archwizard,
        Kind::Illusion,
    ];

    /// The upper-case type letter.
    pub fn letter(self) -> char {
        KIND_LETTERS[self as usize] as char
    }

    /// The type of an upper-case type letter.
    pub fn from_letter(letter: u8) -> Option<Kind> {
        KIND_LETTERS
            .iter()
            .position(|&l| l == letter)
            .map(|i| Kind::ALL[i])
    }

    /// Whether a Doppelganger can have this form (R31: `Z H I G F M`).
    pub fn is_form(self) -> bool {
        matches!(
            self,
            Kind::Zombie | Kind::Ghoul | Kind::Imp | Kind::Ghost | Kind::Fungoid | Kind::Familiar
        )
    }
}

/// One piece, standing or fallen (whether it stands is where the position keeps it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The army it belongs to now (R8), in a byte: a piece has no padding, so a copy
    /// moves whole words (copies that skipped padding bytes stalled store forwarding).
    pub(crate) army: u8,
    pub kind: Kind,
    /// A Doppelganger's form (R31); `None` when native and for every other type.
    pub form: Option<Kind>,
    /// A Ghost's start cell (R27); `None` for a Ghost created in play and other types.
    /// Cells and armies are kept in a byte each, so that a piece copies cheaply.
    pub ghost_start: Option<u8>,
    /// Petrified (R45).
    pub petrified: bool,
    /// Shielded (R47).
    pub shielded: bool,
    /// Summoned (R48).
    pub summoned: bool,
    /// The army whose ply last moved it (R49, R64).
    pub mark: Option<u8>,
}

impl Piece {
    /// A plain piece: native, no start cell, no flags, no mark.
    pub fn new(army: usize, kind: Kind) -> Piece {
        Piece {
            army: army as u8,
            kind,
            form: None,
            ghost_start: None,
            petrified: false,
            shielded: false,
            summoned: false,
            mark: None,
        }
    }

    /// The army it belongs to now (R8).
    pub fn army(&self) -> usize {
        usize::from(self.army)
    }

    /// Passes it to `army` (R8).
    pub fn set_army(&mut self, army: usize) {
        self.army = army as u8;
    }

    /// The Ghost's start cell (R27).
    pub fn start_cell(&self) -> Option<usize> {
        self.ghost_start.map(usize::from)
    }

    /// The army whose mark it bears (R64).
    pub fn mark_army(&self) -> Option<usize> {
        self.mark.map(usize::from)
    }

    /// Gives it the arrival mark of `army` (R64).
    pub fn set_mark(&mut self, army: usize) {
        self.mark = Some(army as u8);
    }
}

/// What is wrong with a piece token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenError {
    /// No army letter and type letter at the start (an unknown piece).
    UnknownPiece,
    /// The parenthesised attribute list is malformed (order, syntax, empty).
    BadAttributes,
    /// An attribute the piece's type cannot carry; the rule is cited.
    Invalid(&'static str),
}

/// Reads the piece token at the start of `text` (R119): army letter, type letter, then
/// optionally `(` attributes `)` in the order `=T`, `@cell`, `P`, `S`, `U`, `^c`, each at
/// most once. Returns the piece and the number of bytes read.
pub fn parse_token(text: &str) -> Result<(Piece, usize), TokenError> {
    let bytes = text.as_bytes();
    let army = bytes.first().and_then(|&b| army_of_letter(b));
    let kind = bytes.get(1).and_then(|&b| Kind::from_letter(b));
    let (Some(army), Some(kind)) = (army, kind) else {
        return Err(TokenError::UnknownPiece);
    };
    let mut piece = Piece::new(army, kind);
    if bytes.get(2) != Some(&b'(') {
        return Ok((piece, 2));
    }
    let close = text.find(')').ok_or(TokenError::BadAttributes)?;
    parse_attributes(&text[3..close], &mut piece)?;
    check_attributes(&piece)?;
    Ok((piece, close + 1))
}

/// Reads the text between the parentheses into `piece`.
fn parse_attributes(mut rest: &str, piece: &mut Piece) -> Result<(), TokenError> {
    if rest.is_empty() {
        return Err(TokenError::BadAttributes);
    }
    if let Some(after) = rest.strip_prefix('=') {
        let form = after.bytes().next().and_then(Kind::from_letter);
        piece.form = Some(form.ok_or(TokenError::BadAttributes)?);
        rest = &after[1..];
    }
    if let Some(after) = rest.strip_prefix('@') {
        let (cell, used) = tables()
            .hex
            .parse_cell_prefix(after)
            .ok_or(TokenError::BadAttributes)?;
        piece.ghost_start = Some(cell as u8);
        rest = &after[used..];
    }
    for (flag, letter) in [
        (&mut piece.petrified, 'P'),
        (&mut piece.shielded, 'S'),
        (&mut piece.summoned, 'U'),
    ] {
        if let Some(after) = rest.strip_prefix(letter) {
            *flag = true;
            rest = after;
        }
    }
    if let Some(after) = rest.strip_prefix('^') {
        let mark = after.bytes().next().and_then(army_of_letter);
        piece.mark = Some(mark.ok_or(TokenError::BadAttributes)? as u8);
        rest = &after[1..];
    }
    if rest.is_empty() {
        Ok(())
    } else {
        Err(TokenError::BadAttributes)
    }
}

/// The attributes a piece's type can carry.
fn check_attributes(piece: &Piece) -> Result<(), TokenError> {
    if let Some(form) = piece.form {
        if piece.kind != Kind::Doppelganger || !form.is_form() {
            return Err(TokenError::Invalid(
                "only a Doppelganger has a form, one of Z H I G F M (R31, R119)",
            ));
        }
    }
    if let Some(cell) = piece.start_cell() {
        let own_starts = tables().armies[piece.army()].ghost_starts;
        if piece.kind != Kind::Ghost || !own_starts.contains(&cell) {
            return Err(TokenError::Invalid(
                "a start cell belongs to a Ghost and is a Ghost start cell of its army (R27, R52)",
            ));
        }
    }
    // R39, R94: no spell affects an Archwizard or an illusion, and neither is summoned.
    let untouchable = matches!(piece.kind, Kind::Archwizard | Kind::Illusion);
    if untouchable && (piece.petrified || piece.shielded || piece.summoned) {
        return Err(TokenError::Invalid(
            "an Archwizard or illusion is never petrified, shielded or summoned (R39, R94)",
        ));
    }
    Ok(())
}

/// Writes the token of a piece (R119), attributes only where they apply.
pub fn write_token(piece: &Piece) -> String {
    let mut attributes = String::new();
    if let Some(form) = piece.form {
        attributes.push('=');
        attributes.push(form.letter());
    }
    if let Some(cell) = piece.start_cell() {
        attributes.push('@');
        attributes.push_str(&tables().hex.name(cell));
    }
    for (flag, letter) in [
        (piece.petrified, 'P'),
        (piece.shielded, 'S'),
        (piece.summoned, 'U'),
    ] {
        if flag {
            attributes.push(letter);
        }
    }
    if let Some(mark) = piece.mark_army() {
        attributes.push('^');
        attributes.push(army_letter(mark));
    }
    let core = format!("{}{}", army_letter(piece.army()), piece.kind.letter());
    if attributes.is_empty() {
        core
    } else {
        format!("{core}({attributes})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(token: &str) -> Piece {
        let (piece, used) = parse_token(token).unwrap_or_else(|e| panic!("{token}: {e:?}"));
        assert_eq!(used, token.len(), "{token}");
        assert_eq!(write_token(&piece), token);
        piece
    }

    #[test]
    fn r119_token_examples_round_trip() {
        for token in [
            "wZ", "bG(@a9)", "uD(=I^p)", "gF(PS)", "wG(@i2S)", "yM(U^y)", "pX(^p)",
        ] {
            round_trip(token);
        }
        let piece = round_trip("uD(=I^p)");
        assert_eq!(
            (piece.army(), piece.kind, piece.form, piece.mark),
            (2, Kind::Doppelganger, Some(Kind::Imp), Some(3u8))
        );
        let ghost = round_trip("wG(@i2S)");
        assert_eq!(ghost.start_cell(), tables().hex.parse_cell("i2"));
        assert!(ghost.shielded && !ghost.petrified && !ghost.summoned);
    }

    #[test]
    fn r119_a_token_ends_where_its_attributes_end() {
        assert_eq!(parse_token("wZbI").map(|(_, n)| n), Ok(2));
        assert_eq!(parse_token("bG(@a9)2wF").map(|(_, n)| n), Ok(7));
    }

    #[test]
    fn r119_malformed_tokens_are_rejected() {
        for (token, error) in [
            ("xZ", TokenError::UnknownPiece),
            ("wQ", TokenError::UnknownPiece),
            ("Wz", TokenError::UnknownPiece),
            ("w", TokenError::UnknownPiece),
            ("wZ()", TokenError::BadAttributes),
            ("wZ(P", TokenError::BadAttributes),
            ("gF(SP)", TokenError::BadAttributes),
            ("gF(PP)", TokenError::BadAttributes),
            ("wZ(^x)", TokenError::BadAttributes),
            ("wZ(^w^b)", TokenError::BadAttributes),
            ("wG(@z9)", TokenError::BadAttributes),
            ("wD(=Q)", TokenError::BadAttributes),
            ("wG(@i9)", TokenError::Invalid("")),
            ("wG(@a9)", TokenError::Invalid("")),
            ("wZ(@i1)", TokenError::Invalid("")),
            ("wZ(=G)", TokenError::Invalid("")),
            ("wD(=D)", TokenError::Invalid("")),
            ("wD(=A)", TokenError::Invalid("")),
            ("wA(S)", TokenError::Invalid("")),
            ("wX(P)", TokenError::Invalid("")),
            ("wA(U)", TokenError::Invalid("")),
        ] {
            let got = parse_token(token).map(|(p, _)| p);
            match (got, error) {
                (Err(TokenError::Invalid(_)), TokenError::Invalid(_)) => {}
                (got, _) => assert_eq!(got, Err(error), "{token}"),
            }
        }
    }
}
