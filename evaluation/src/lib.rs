//! Tessera's static evaluations, one module per variant, each implementing
//! [`engine::search::Evaluator`] (one score per seat) for its game type.

pub mod hepta;
pub mod hexian;
pub mod hexmate;
pub mod panoply;
pub mod sevenkingdoms;
mod terms;
pub mod tune;
pub mod wdl;
pub mod weights;

pub use hepta::HeptaEval;
pub use hexian::HexianEval;
pub use hexmate::HexmateEval;
pub use panoply::PanoplyEval;
pub use sevenkingdoms::SevenKingdomsEval;

use engine::search::multiplayer::SeatScores;
use engine::search::score::EVAL_LIMIT;

/// Strengths relative to the field: each seat's strength minus the average of the
/// strongest other seat's and the other seats' mean strength, so that an even field scores
/// 0, the leader is the one to catch and two seats score exact opposites. Seats whose
/// strength is `out` (out of the game) keep it and are left out of the field.
pub fn relative_to_field(strength: &[i32], out: i32) -> SeatScores {
    let limit = EVAL_LIMIT - 1;
    (0..strength.len())
        .map(|seat| {
            if strength[seat] == out {
                return out;
            }
            let others = (0..strength.len())
                .filter(|&s| s != seat && strength[s] != out)
                .map(|s| strength[s]);
            let count = others.clone().count() as i32;
            let field = match others.clone().max() {
                Some(strongest) => (strongest + others.sum::<i32>() / count) / 2,
                None => 0,
            };
            (strength[seat] - field).clamp(-limit, limit)
        })
        .collect()
}
