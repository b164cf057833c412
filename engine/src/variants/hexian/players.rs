//! Players and the armies they own (R56), and which armies are eliminated (R110, R122).

use super::armies::{army_letter, ARMIES, ARMY_LETTERS};

/// How many players share the six armies (R56), the `Players` option (§13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PlayerCount {
    Two,
    Three,
    #[default]
    Six,
}

impl PlayerCount {
    /// The count for the option value `2`, `3` or `6`.
    pub fn from_number(n: usize) -> Option<PlayerCount> {
        match n {
            2 => Some(PlayerCount::Two),
            3 => Some(PlayerCount::Three),
            6 => Some(PlayerCount::Six),
            _ => None,
        }
    }

    /// Number of players.
    pub fn number(self) -> usize {
        match self {
            PlayerCount::Two => 2,
            PlayerCount::Three => 3,
            PlayerCount::Six => 6,
        }
    }

    /// Each player's armies in play order (R56): six players one army each; three players
    /// opposite corners; two players alternate corners.
    fn groups(self) -> &'static [&'static [usize]] {
        match self {
            PlayerCount::Two => &[&[0, 2, 4], &[1, 3, 5]],
            PlayerCount::Three => &[&[0, 3], &[1, 4], &[2, 5]],
            PlayerCount::Six => &[&[0], &[1], &[2], &[3], &[4], &[5]],
        }
    }
}

/// The players field: who owns which army, and which armies are eliminated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Players {
    count: PlayerCount,
    /// Eliminated armies, bit = army.
    eliminated: u8,
}

impl Players {
    /// Every army in play.
    pub fn new(count: PlayerCount) -> Players {
        Players {
            count,
            eliminated: 0,
        }
    }

    /// Reads the players field (R122): the groups of one of the three divisions of R56,
    /// separated by `.`, each army letter in lower case, or upper case when eliminated.
    pub fn parse(field: &str) -> Option<Players> {
        let lower = field.to_ascii_lowercase();
        let count = [PlayerCount::Six, PlayerCount::Three, PlayerCount::Two]
            .into_iter()
            .find(|&count| Players::new(count).to_string() == lower)?;
        let eliminated = field
            .bytes()
            .filter(|b| b.is_ascii_uppercase())
            .map(|b| {
                ARMY_LETTERS
                    .iter()
                    .position(|&l| l == b.to_ascii_lowercase())
            })
            .fold(0u8, |mask, army| mask | army.map_or(0, |a| 1 << a));
        Some(Players { count, eliminated })
    }

    /// How many players the game has.
    pub fn count(self) -> PlayerCount {
        self.count
    }

    /// The player (seat, `0..count`) owning `army`: the army's number modulo the number
    /// of players (R56), read from a table (the attack tests ask it for every piece met).
    pub fn seat_of(self, army: usize) -> usize {
        const SEATS: [[u8; ARMIES]; 3] =
            [[0, 1, 0, 1, 0, 1], [0, 1, 2, 0, 1, 2], [0, 1, 2, 3, 4, 5]];
        usize::from(SEATS[self.count as usize][army])
    }

    /// Whether two armies belong to one player (allies never capture, check or possess
    /// each other, §1, A5).
    pub fn same_player(self, a: usize, b: usize) -> bool {
        self.seat_of(a) == self.seat_of(b)
    }

    /// Whether `army` is still in play.
    pub fn in_play(self, army: usize) -> bool {
        self.eliminated & (1 << army) == 0
    }

    /// Marks `army` eliminated (R110).
    pub fn eliminate(&mut self, army: usize) {
        self.eliminated |= 1 << army;
    }

    /// The armies in play, in play order.
    pub fn armies_in_play(self) -> impl Iterator<Item = usize> {
        (0..ARMIES).filter(move |&army| self.in_play(army))
    }

    /// The next army in play after `army` in play order (R59); `army` itself if it is the
    /// only one.
    pub fn next_in_play(self, army: usize) -> usize {
        (1..=ARMIES)
            .map(|i| (army + i) % ARMIES)
            .find(|&a| self.in_play(a))
            .unwrap_or(army)
    }
}

impl std::fmt::Display for Players {
    /// The players field (R122): `w.b.u.p.g.y`, `wp.bg.uy`, `wug.bpy`, eliminated armies in
    /// upper case.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let groups: Vec<String> = self
            .count
            .groups()
            .iter()
            .map(|armies| {
                armies
                    .iter()
                    .map(|&army| match self.in_play(army) {
                        true => army_letter(army),
                        false => army_letter(army).to_ascii_uppercase(),
                    })
                    .collect()
            })
            .collect();
        write!(f, "{}", groups.join("."))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r56_divisions_and_seats() {
        let six = Players::new(PlayerCount::Six);
        let three = Players::new(PlayerCount::Three);
        let two = Players::new(PlayerCount::Two);
        assert_eq!(six.to_string(), "w.b.u.p.g.y");
        assert_eq!(three.to_string(), "wp.bg.uy");
        assert_eq!(two.to_string(), "wug.bpy");
        assert_eq!(
            (0..6).map(|a| six.seat_of(a)).collect::<Vec<_>>(),
            [0, 1, 2, 3, 4, 5]
        );
        assert_eq!(
            (0..6).map(|a| three.seat_of(a)).collect::<Vec<_>>(),
            [0, 1, 2, 0, 1, 2]
        );
        assert_eq!(
            (0..6).map(|a| two.seat_of(a)).collect::<Vec<_>>(),
            [0, 1, 0, 1, 0, 1]
        );
        assert!(three.same_player(0, 3) && !three.same_player(0, 1));
        assert!(two.same_player(1, 5) && !two.same_player(4, 5));
        assert_eq!(PlayerCount::from_number(3), Some(PlayerCount::Three));
        assert_eq!(PlayerCount::from_number(4), None);
        assert_eq!(PlayerCount::Two.number(), 2);
    }

    #[test]
    fn r122_players_field() {
        let p = Players::parse("w.B.u.P.G.Y").expect("valid");
        assert_eq!(p.count(), PlayerCount::Six);
        assert_eq!(p.armies_in_play().collect::<Vec<_>>(), [0, 2]);
        assert_eq!(p.to_string(), "w.B.u.P.G.Y");
        assert_eq!((p.next_in_play(0), p.next_in_play(2)), (2, 0));
        let p = Players::parse("wP.bg.Uy").expect("valid");
        assert_eq!(p.armies_in_play().collect::<Vec<_>>(), [0, 1, 4, 5]);
        for bad in [
            "",
            "w.b.u.p.g",
            "pw.bg.uy",
            "wp.bg.yu",
            "wug.bpy.",
            "w.b.u.p.g.x",
            "wub.gpy",
        ] {
            assert_eq!(Players::parse(bad), None, "{bad}");
        }
    }
}
