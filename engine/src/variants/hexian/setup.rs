//! Start positions (R51, R55) and the options that shape them (§13: `Patron`, `Players`).

use super::armies::ARMIES;
use super::tables::tables;
use super::{Hexian, Kind, Patron, Piece, PlayerCount, Players};

/// The game options of §13: the patron (default Astaroth) and the number of players
/// (default 6). Spells are chosen only through a full position string.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config {
    pub patron: Patron,
    pub players: PlayerCount,
}

/// The start position (R55): all 96 pieces on their start cells (R51), each Ghost with
/// its own cell as start cell (R27), white to move, empty spell lists.
pub fn start(config: &Config) -> Hexian {
    let mut position = Hexian::empty(Players::new(config.players), config.patron);
    for army in 0..ARMIES {
        for (kind, cell) in tables().armies[army].start {
            let mut piece = Piece::new(army, kind);
            if kind == Kind::Ghost {
                piece.ghost_start = Some(cell as u8);
            }
            position.put_standing(cell, piece);
        }
    }
    position.refresh_hash();
    position.clear_journal();
    position
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Bitboard;

    /// The start position string of R55 (six players, Astaroth, no spells).
    const R55: &str = "uG(@a17)uMuFuZ1pZpFpApG(@i17)/uAuG(@b16)uIuZ2pZpIpG(@i16)pM/uFuIuDuZ3pZpDpIpF/uZuZuZuH4pHpZpZpZ/13/bZ12gZ/bFbZ11gZgF/bMbIbZ10gZgIgA/bG(@a9)bG(@b9)bDbH9gHgDgG(@p9)gG(@q9)/bAbIbZ10gZgIgM/bFbZ11gZgF/bZ12gZ/13/wZwZwZwH4yHyZyZyZ/wFwIwDwZ3yZyDyIyF/wMwG(@i2)wIwZ2yZyIyG(@p2)yA/wG(@i1)wAwFwZ1yZyFyMyG(@q1) w - w.b.u.p.g.y 1 - 000000 - - 0 1";

    fn names(cells: impl Iterator<Item = usize>) -> Vec<String> {
        cells.map(|c| tables().hex.name(c)).collect()
    }

    /// The cells of `army`'s pieces of `kind` in the order R51 lists them.
    fn start_cells(army: usize, kind: Kind) -> Vec<String> {
        let start = tables().armies[army].start;
        names(start.iter().filter(|(k, _)| *k == kind).map(|&(_, c)| c))
    }

    #[test]
    fn r51_start_cells_of_every_army() {
        // Rows of the R51 table: Ghosts, A, M, Fungoids, Imps, D, H, Zombies.
        let table = [
            "i1 i2|j1|h2|k1 g3|j2 h3|i3|i4|l1 k2 j3 h4 g4 f4",
            "a9 b9|b8|a10|c7 a11|c8 b10|c9|d9|d6 d7 d8 c10 b11 a12",
            "a17 b16|a16|b17|a15 c17|b15 c16|c15|d14|a14 b14 c14 d15 d16 d17",
            "i17 i16|h17|j16|g17 k15|h16 j15|i15|i14|f17 g16 h15 j14 k14 l14",
            "q9 p9|p10|q8|o11 q7|o10 p8|o9|n9|n12 n11 n10 o8 p7 q6",
            "q1 p2|q2|p1|q3 o1|p3 o2|o3|n4|q4 p4 o4 n3 n2 n1",
        ];
        let kinds = [
            Kind::Ghost,
            Kind::Archwizard,
            Kind::Familiar,
            Kind::Fungoid,
            Kind::Imp,
            Kind::Doppelganger,
            Kind::Ghoul,
            Kind::Zombie,
        ];
        for (army, row) in table.iter().enumerate() {
            for (kind, expected) in kinds.iter().zip(row.split('|')) {
                let mut got = start_cells(army, *kind);
                let mut want: Vec<String> = expected.split(' ').map(String::from).collect();
                got.sort();
                want.sort();
                assert_eq!(got, want, "army {army} {kind:?}");
            }
        }
    }

    #[test]
    fn r52_r53_ghost_and_edge_start_cells() {
        let edges = [
            "f4 g3 h2 i1 j1 k1 l1",
            "a9 a10 a11 a12 b8 c7 d6",
            "a14 a15 a16 a17 b17 c17 d17",
            "f17 g17 h17 i17 j16 k15 l14",
            "n12 o11 p10 q6 q7 q8 q9",
            "n1 o1 p1 q1 q2 q3 q4",
        ];
        let ghosts = ["i1 i2", "a9 b9", "a17 b16", "i17 i16", "q9 p9", "q1 p2"];
        for army in 0..ARMIES {
            let cells = &tables().armies[army];
            let mut edge = names(cells.edge_starts.cells());
            edge.sort_by_key(|n| (n.as_bytes()[0], n[1..].parse::<u32>().unwrap_or(0)));
            assert_eq!(edge.join(" "), edges[army], "army {army}");
            assert_eq!(
                names(cells.ghost_starts.into_iter()).join(" "),
                ghosts[army]
            );
        }
    }

    #[test]
    fn r17_promotion_zone_of_white_is_the_two_far_edges() {
        let zone = names(tables().armies[0].promotion_zone.cells());
        assert_eq!(zone.len(), 17);
        for cell in ["a17", "e17", "i17", "j16", "q9"] {
            assert!(zone.contains(&cell.to_string()), "{cell}");
        }
        assert!(!zone.contains(&"q8".to_string()));
    }

    #[test]
    fn r50_directions_of_every_army() {
        use super::super::{clockwise, forward, widdershins};
        use crate::geometry::ORTHOGONAL;
        let rows = [
            ("NE", "E", "NW"),
            ("E", "SE", "NE"),
            ("SE", "SW", "E"),
            ("SW", "W", "SE"),
            ("W", "NW", "SW"),
            ("NW", "NE", "W"),
        ];
        for (army, (f, w, k)) in rows.into_iter().enumerate() {
            let name = |d: usize| ORTHOGONAL[d].name;
            assert_eq!(
                (
                    name(forward(army)),
                    name(widdershins(army)),
                    name(clockwise(army))
                ),
                (f, w, k)
            );
        }
    }

    #[test]
    fn r54_one_empty_edge_cell_between_neighbouring_armies() {
        let hex = &tables().hex;
        let position = start(&Config::default());
        let edge: Vec<usize> = (0..hex.len())
            .filter(|&c| (0..6).any(|d| hex.step(c, d).is_none()))
            .collect();
        let empty = names(edge.into_iter().filter(|&c| position.standing(c).is_none()));
        let mut empty = empty;
        empty.sort();
        assert_eq!(empty, ["a13", "e17", "e5", "m1", "m13", "q5"]);
    }

    #[test]
    fn r55_start_position_strings() {
        let six = start(&Config::default());
        assert_eq!(six.position_string(), R55);
        assert_eq!(six.occupied().count(), 96);
        let three = Config {
            patron: Patron::Orobas,
            players: PlayerCount::Three,
        };
        let two = Config {
            patron: Patron::Lilith,
            players: PlayerCount::Two,
        };
        assert_eq!(
            start(&three).position_string(),
            R55.replace("w.b.u.p.g.y 1", "wp.bg.uy 6")
        );
        assert_eq!(
            start(&two).position_string(),
            R55.replace("w.b.u.p.g.y 1", "wug.bpy 4")
        );
        let read = Hexian::from_position_string(R55).expect("R55 is valid");
        assert_eq!(read, six);
    }
}
