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
/// The top of `UCI_Elo`'s range: the highest level-20 Elo of the variants' ladders
/// (Hexmate's; a variant whose level 20 measured less plays at full strength above it).
pub const MAX_ELO: u32 = HEXMATE[HEXMATE.len() - 1].1;

/// Hexmate's ladder: matches of 100 games at 2,000 nodes a move (levels 0-8: 4,000)
/// between levels 0, 4, 8, 12, 16 and 20, each level's Elo the sum of the measured
/// differences up the ladder. Level 16 measured 14 Elo below level 12 (48-52, ±70) and
/// is left out, so that the scale rises.
const HEXMATE: [(u32, u32); 5] = [(0, 1000), (4, 1049), (8, 1112), (12, 1161), (20, 1477)];

/// Panoply's ladder: matches of 60 games at 2,000 nodes a move between levels 0, 8, 16
/// and 20.
const PANOPLY: [(u32, u32); 4] = [(0, 1000), (8, 1053), (16, 1111), (20, 1380)];

/// `(level, Elo)` pairs of a variant's calibration, both increasing, from level 0 to 20.
/// Hepta, Seven Kingdoms and Hexian have no ladder measured yet: Hexmate's stands in.
fn ladder(variant: Variant) -> &'static [(u32, u32)] {
    match variant {
        Variant::Panoply => &PANOPLY,
        Variant::Hexmate
        | Variant::Hexchoice
        | Variant::Hepta
        | Variant::SevenKingdoms
        | Variant::Hexian => &HEXMATE,
    }
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
