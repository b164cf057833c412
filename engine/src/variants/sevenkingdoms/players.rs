//! The division of kingdoms into players: the `Players` option (R46, §13.2).

use super::{COLOUR_LETTERS, KINGDOMS};
use arrayvec::ArrayVec;

/// Blocks of kingdoms consecutive in the cyclic turn order, one block per player, in the
/// order the option lists them (that order numbers the players and the result, R47).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Players {
    /// Each player's kingdoms as a bit mask (bit = turn index).
    blocks: ArrayVec<u8, KINGDOMS>,
    seat_of: [u8; KINGDOMS],
}

impl Default for Players {
    /// One kingdom per player: `w/r/o/b/g/p/d`.
    fn default() -> Self {
        Players::parse("w/r/o/b/g/p/d").expect("the default division is valid")
    }
}

impl Players {
    /// Reads a division such as `wrob/gpd` or `dw/ro/bg/p`: at least two blocks of 1–4
    /// colour letters, each block consecutive in turn order (wrapping from `d` to `w`),
    /// every colour exactly once.
    pub fn parse(text: &str) -> Result<Players, String> {
        let mut blocks = ArrayVec::new();
        let mut seat_of = [u8::MAX; KINGDOMS];
        for (seat, block) in text.split('/').enumerate() {
            if block.is_empty() || block.len() > 4 {
                return Err(format!("block '{block}' must hold 1 to 4 kingdoms"));
            }
            let mut mask = 0u8;
            let mut previous: Option<usize> = None;
            for letter in block.bytes() {
                let kingdom = COLOUR_LETTERS
                    .iter()
                    .position(|&l| l == letter)
                    .ok_or_else(|| {
                        format!(
                            "'{}' is not a kingdom letter (w r o b g p d)",
                            letter as char
                        )
                    })?;
                if previous.is_some_and(|p| (p + 1) % KINGDOMS != kingdom) {
                    return Err(format!("block '{block}' is not consecutive in turn order"));
                }
                if seat_of[kingdom] != u8::MAX {
                    return Err(format!("kingdom '{}' is listed twice", letter as char));
                }
                seat_of[kingdom] = seat as u8;
                mask |= 1 << kingdom;
                previous = Some(kingdom);
            }
            if blocks.try_push(mask).is_err() {
                return Err("more than seven blocks".to_string());
            }
        }
        if blocks.len() < 2 {
            return Err("at least two players are needed".to_string());
        }
        if let Some(missing) = seat_of.iter().position(|&s| s == u8::MAX) {
            return Err(format!(
                "kingdom '{}' belongs to no player",
                COLOUR_LETTERS[missing] as char
            ));
        }
        Ok(Players { blocks, seat_of })
    }

    /// Number of players.
    pub fn count(&self) -> usize {
        self.blocks.len()
    }

    /// The player (seat) owning `kingdom`.
    pub fn seat_of(&self, kingdom: usize) -> usize {
        usize::from(self.seat_of[kingdom])
    }

    /// The kingdoms of a player as a bit mask.
    pub fn kingdoms_of(&self, seat: usize) -> u8 {
        self.blocks[seat]
    }

    /// The kingdoms of a player in turn order, from the first kingdom of its block (the
    /// one whose predecessor in the cycle belongs to another player).
    pub fn block_of(&self, seat: usize) -> impl Iterator<Item = usize> + Clone {
        let mask = self.blocks[seat];
        let first = (0..KINGDOMS)
            .find(|&k| mask & (1 << k) != 0 && mask & (1 << ((k + KINGDOMS - 1) % KINGDOMS)) == 0)
            .unwrap_or(0);
        (0..KINGDOMS)
            .map(move |i| (first + i) % KINGDOMS)
            .filter(move |&k| mask & (1 << k) != 0)
    }
}

impl std::fmt::Display for Players {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Each block in turn order starting from its first kingdom.
        let blocks: Vec<String> = (0..self.count())
            .map(|seat| {
                self.block_of(seat)
                    .map(|k| COLOUR_LETTERS[k] as char)
                    .collect()
            })
            .collect();
        write!(f, "{}", blocks.join("/"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divisions_of_section_13_2() {
        for ok in [
            "w/r/o/b/g/p/d",
            "wrob/gpd",
            "wr/ob/gp/d",
            "dw/ro/bg/p",
            "pdw/robg",
        ] {
            let players = Players::parse(ok).unwrap();
            assert_eq!(players.to_string(), ok);
        }
        for bad in [
            "",
            "wrobgpd",
            "wrob/gp",
            "wro/bgpdw",
            "wo/rbgpd",
            "wr/ob/gp/dd",
            "wrobg/pd",
            "w/r/o/b/g/p/d/",
            "x/wrobgpd",
        ] {
            assert!(Players::parse(bad).is_err(), "{bad}");
        }
        let p = Players::parse("dw/ro/bg/p").unwrap();
        assert_eq!((p.seat_of(6), p.seat_of(0), p.seat_of(5)), (0, 0, 3));
        assert_eq!(p.block_of(0).collect::<Vec<_>>(), [6, 0]);
        assert_eq!(p.block_of(3).collect::<Vec<_>>(), [5]);
    }
}
