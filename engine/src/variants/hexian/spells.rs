//! Spell lists (R58, R82, R124), Demogorgon's grimoire (R104), Lilith's reserves (R105,
//! R126) and the patron (§6.8): the per-army lists the position string records.

use super::piece::Kind;

/// The fourteen spell letters in alphabetical order (§6.7).
pub const SPELL_LETTERS: &[u8; 14] = b"BCDFHKLMPRSTUY";

/// A multiset of spells (repeats allowed, R58): a count per letter of [`SPELL_LETTERS`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SpellList([u8; 14]);

impl SpellList {
    /// Reads a list: `-` for none, or spell letters in any order (R124, R129). Counts
    /// saturate at 255 copies of a letter.
    pub fn parse(text: &str) -> Option<SpellList> {
        let mut list = SpellList::default();
        if text == "-" {
            return Some(list);
        }
        if text.is_empty() {
            return None;
        }
        for letter in text.bytes() {
            let spell = SPELL_LETTERS.iter().position(|&l| l == letter)?;
            list.0[spell] = list.0[spell].saturating_add(1);
        }
        Some(list)
    }

    /// Whether the list holds no spell.
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// One copy of spell `letter` fewer (R82); nothing if there is none.
    pub fn remove(&mut self, letter: u8) {
        if let Some(spell) = SPELL_LETTERS.iter().position(|&l| l == letter) {
            self.0[spell] = self.0[spell].saturating_sub(1);
        }
    }

    /// How many spells the list holds, repeats counted.
    pub fn len(self) -> usize {
        self.0.iter().map(|&n| usize::from(n)).sum()
    }

    /// How many copies of spell `letter` the list holds.
    pub fn count(self, letter: u8) -> u8 {
        SPELL_LETTERS
            .iter()
            .position(|&l| l == letter)
            .map_or(0, |spell| self.0[spell])
    }
}

impl std::fmt::Display for SpellList {
    /// Letters in alphabetical order, repeats written out; `-` when empty (R124).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_empty() {
            return write!(f, "-");
        }
        for (spell, &count) in self.0.iter().enumerate() {
            for _ in 0..count {
                write!(f, "{}", SPELL_LETTERS[spell] as char)?;
            }
        }
        Ok(())
    }
}

/// The piece types a Lilith reserve can hold (R105): never Ghosts, Archwizards or
/// illusions. In alphabetical order, the order the reserves field writes them (R126).
const RESERVE_KINDS: [Kind; 6] = [
    Kind::Doppelganger,
    Kind::Fungoid,
    Kind::Ghoul,
    Kind::Imp,
    Kind::Familiar,
    Kind::Zombie,
];

/// A Lilith reserve: a count per type of [`RESERVE_KINDS`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Reserve([u8; 6]);

impl Reserve {
    /// Reads a reserve: `-`, or type letters `Z H I F D M` in any order (R126, R129).
    pub fn parse(text: &str) -> Option<Reserve> {
        let mut reserve = Reserve::default();
        if text == "-" {
            return Some(reserve);
        }
        if text.is_empty() {
            return None;
        }
        for letter in text.bytes() {
            let kind = Kind::from_letter(letter)?;
            let slot = RESERVE_KINDS.iter().position(|&k| k == kind)?;
            reserve.0[slot] = reserve.0[slot].saturating_add(1);
        }
        Some(reserve)
    }

    /// Whether the reserve is empty.
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// One more piece of `kind` (R105); types a reserve cannot hold are ignored.
    pub fn add(&mut self, kind: Kind) {
        if let Some(slot) = RESERVE_KINDS.iter().position(|&k| k == kind) {
            self.0[slot] = self.0[slot].saturating_add(1);
        }
    }

    /// One piece of `kind` fewer (R106); nothing if there is none.
    pub fn remove(&mut self, kind: Kind) {
        if let Some(slot) = RESERVE_KINDS.iter().position(|&k| k == kind) {
            self.0[slot] = self.0[slot].saturating_sub(1);
        }
    }

    /// How many pieces of `kind` the reserve holds.
    pub fn count(self, kind: Kind) -> u8 {
        RESERVE_KINDS
            .iter()
            .position(|&k| k == kind)
            .map_or(0, |slot| self.0[slot])
    }
}

impl std::fmt::Display for Reserve {
    /// Type letters in alphabetical order; `-` when empty (R126).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_empty() {
            return write!(f, "-");
        }
        for (slot, &count) in self.0.iter().enumerate() {
            for _ in 0..count {
                write!(f, "{}", RESERVE_KINDS[slot].letter())?;
            }
        }
        Ok(())
    }
}

/// The Demoniac Patron of the game (§6.8), field 5 as its digit `1`–`6`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Patron {
    #[default]
    Astaroth = 1,
    Belphegor = 2,
    Demogorgon = 3,
    Lilith = 4,
    Merihem = 5,
    Orobas = 6,
}

impl Patron {
    /// The six patrons, in die-roll order.
    pub const ALL: [Patron; 6] = [
        Patron::Astaroth,
        Patron::Belphegor,
        Patron::Demogorgon,
        Patron::Lilith,
        Patron::Merihem,
        Patron::Orobas,
    ];

    /// The patron of die roll `n` (1–6).
    pub fn from_number(n: u32) -> Option<Patron> {
        Patron::ALL.into_iter().find(|&p| p as u32 == n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r124_spell_lists_are_multisets_written_alphabetically() {
        let list = SpellList::parse("UTSSCB").expect("valid");
        assert_eq!(list.to_string(), "BCSSTU");
        assert_eq!((list.count(b'S'), list.count(b'K')), (2, 0));
        assert_eq!(
            SpellList::parse("-").map(|l| l.to_string()),
            Some("-".into())
        );
        assert_eq!(
            SpellList::parse("YYYYYYYYY").map(|l| l.to_string()),
            Some("YYYYYYYYY".into())
        );
        for bad in ["", "A", "c", "B-", "--", "B C"] {
            assert_eq!(SpellList::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn r126_reserves_hold_no_ghost_archwizard_or_illusion() {
        let reserve = Reserve::parse("IZFIMDH").expect("valid");
        assert_eq!(reserve.to_string(), "DFHIIMZ");
        assert_eq!(reserve.count(Kind::Imp), 2);
        for bad in ["", "G", "A", "X", "i", "F-"] {
            assert_eq!(Reserve::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn patron_digits() {
        assert_eq!(Patron::from_number(4), Some(Patron::Lilith));
        assert_eq!(Patron::from_number(0), None);
        assert_eq!(Patron::from_number(7), None);
        assert_eq!(Patron::Orobas as u32, 6);
    }
}
