//! Playing strength for people: `Skill Level`, or `UCI_LimitStrength` with `UCI_Elo`,
//! turned into the search's level (`engine::search::skill`). `UCI_Elo` means a measured
//! difference: each variant's ladder below holds the Elo the calibration matches measured
//! for some levels (level 0 = [`MIN_ELO`] in every variant), and an Elo between two of
//! them maps to the level in between, by straight-line interpolation
//! (`docs/protocol.md`, "Strength levels", gives the matches).

use crate::options::OptionValues;
use engine::search::skill::MAX_LEVEL;
use engine::variants::Variant;

/// The Elo of level 0, the anchor of every variant's scale.
pub const MIN_ELO: u32 = 1000;
/// The top of `UCI_Elo`'s range: the highest level-20 Elo of the variants' ladders (a
/// variant whose level 20 measured less plays at full strength above its own).
pub const MAX_ELO: u32 =
    highest_level_20_elo(&[&HEXMATE, &PANOPLY, &HEPTA, &SEVEN_KINGDOMS, &HEXIAN]);

/// Hexmate's ladder: matches of 100 games at 2,000 nodes a move (levels 0-8: 4,000)
/// between levels 0, 4, 8, 12, 16 and 20, each level's Elo the sum of the measured
/// differences up the ladder, measured with the tuned piece values.
const HEXMATE: [(u32, u32); 6] = [
    (0, 1000),
    (4, 1063),
    (8, 1073),
    (12, 1112),
    (16, 1122),
    (20, 1600),
];

/// Panoply's ladder: matches of 60 games at 2,000 nodes a move between levels 0, 8, 16
/// and 20.
const PANOPLY: [(u32, u32); 4] = [(0, 1000), (8, 1053), (16, 1111), (20, 1380)];

/// Hepta's ladder: matches of 120 games (every opening once per side) at 2,000 nodes a
/// move between levels 0, 4, 8, 12, 16 and 20, capped at 200 moves (a draw), a side
/// resigning when its own score stays at -800 or below for three moves, measured with the
/// fitted weights.
const HEPTA: [(u32, u32); 6] = [
    (0, 1000),
    (4, 1041),
    (8, 1102),
    (12, 1352),
    (16, 1367),
    (20, 1733),
];

/// Seven Kingdoms' ladder, seven players: matches of 2,100 games (300 openings, each in
/// its seven seat rotations) at 2,000 nodes a move between levels 0, 4, 8, 12, 16 and
/// 20, scored by the match runner's Elo against the other engine's seats, each level's
/// Elo the sum of the steps up the ladder (+6.7, +3.3, +6.2, +12.2 and +3.1, ± 3.9 to
/// 4.4 each). More search is worth little in this game (8 times the nodes: +24.7), so the
/// whole ladder spans about 30.
const SEVEN_KINGDOMS: [(u32, u32); 6] = [
    (0, 1000),
    (4, 1007),
    (8, 1010),
    (12, 1016),
    (16, 1028),
    (20, 1032),
];

/// Hexian's ladder, measured with three players: matches of 180 games (every opening in
/// the three seat rotations, each engine holding two seats in turn) at 2,000 nodes a move
/// with the tuned piece values, scored as Seven Kingdoms'. Levels 8, 16 and 20 are the
/// sums of the steps 8 vs 0, 16 vs 8 and 20 vs 16; level 4 is the step 4 vs 0 (+43) and
/// level 12 the step 12 vs 8 (+74.5) above level 8. Two and six players play on it too
/// (two players measured a flatter ladder, `docs/protocol.md`).
const HEXIAN: [(u32, u32); 6] = [
    (0, 1000),
    (4, 1043),
    (8, 1048),
    (12, 1122),
    (16, 1138),
    (20, 1207),
];

/// `(level, Elo)` pairs of a variant's calibration, both increasing, from level 0 to 20.
/// Hexchoice, Hexmate with a choice of setup, plays on Hexmate's.
fn ladder(variant: Variant) -> &'static [(u32, u32)] {
    match variant {
        Variant::Hexmate | Variant::Hexchoice => &HEXMATE,
        Variant::Panoply => &PANOPLY,
        Variant::Hepta => &HEPTA,
        Variant::SevenKingdoms => &SEVEN_KINGDOMS,
        Variant::Hexian => &HEXIAN,
    }
}

/// The highest last Elo of `ladders` (a `const fn`, so that `UCI_Elo`'s range follows
/// the tables).
const fn highest_level_20_elo(ladders: &[&[(u32, u32)]]) -> u32 {
    let mut highest = 0;
    let mut i = 0;
    while i < ladders.len() {
        let top = ladders[i][ladders[i].len() - 1].1;
        if top > highest {
            highest = top;
        }
        i += 1;
    }
    highest
}

/// The level `elo` means in `variant`, in hundredths of a level: interpolated between
/// the two calibrated levels around it, full strength above the ladder.
pub fn level_for_elo(variant: Variant, elo: u32) -> u32 {
    let steps = ladder(variant);
    let above = steps.iter().position(|&(_, e)| e >= elo);
    match above {
        None => MAX_LEVEL * 100,
        Some(0) => steps[0].0 * 100,
        Some(i) => {
            let ((l0, e0), (l1, e1)) = (steps[i - 1], steps[i]);
            l0 * 100 + (elo - e0) * (l1 - l0) * 100 / (e1 - e0)
        }
    }
}

/// The search's level for the option values: `UCI_Elo`'s when `UCI_LimitStrength` is
/// on, `Skill Level`'s otherwise.
pub fn skill_hundredths(values: &OptionValues) -> u32 {
    if values.limit_strength {
        level_for_elo(values.variant, values.elo)
    } else {
        values.skill_level * 100
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ladder_rises_from_the_anchor_to_level_20() {
        for variant in Variant::ALL {
            let steps = ladder(variant);
            assert_eq!(steps[0], (0, MIN_ELO), "{variant:?}");
            assert_eq!(steps[steps.len() - 1].0, MAX_LEVEL, "{variant:?}");
            assert!(steps.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 < w[1].1));
            assert!(steps.iter().all(|&(_, elo)| elo <= MAX_ELO));
        }
    }

    #[test]
    fn the_top_of_the_range_is_the_highest_level_20() {
        let tops = Variant::ALL.map(|variant| ladder(variant).last().unwrap().1);
        assert_eq!(tops.into_iter().max(), Some(MAX_ELO));
        assert_eq!(MAX_ELO, 1733, "Hepta's level 20");
    }

    #[test]
    fn each_game_maps_elo_by_its_own_ladder() {
        let levels_at = |elo| Variant::ALL.map(|variant| level_for_elo(variant, elo));
        // Hexmate, Hexchoice, Panoply, Hepta, Seven Kingdoms, Hexian.
        assert_eq!(levels_at(1010), [63, 63, 150, 97, 800, 93]);
        assert_eq!(levels_at(1100), [1076, 1076, 1448, 786, 2000, 1081]);
    }

    #[test]
    fn elo_maps_to_levels_by_the_ladder() {
        for variant in Variant::ALL {
            let steps = ladder(variant);
            assert_eq!(level_for_elo(variant, MIN_ELO), 0);
            for &(level, elo) in steps {
                assert_eq!(level_for_elo(variant, elo), level * 100, "{variant:?}");
            }
            let (l0, e0) = steps[0];
            let (l1, e1) = steps[1];
            let middle = level_for_elo(variant, (e0 + e1) / 2);
            assert!(
                middle > l0 * 100 && middle < l1 * 100,
                "{variant:?}: {middle}"
            );
            assert_eq!(level_for_elo(variant, MAX_ELO + 1), 2000);
        }
    }
}
