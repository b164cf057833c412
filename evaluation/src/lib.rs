//! Tessera's static evaluations, one module per variant, each implementing
//! [`engine::search::Evaluator`] for its game type (and, for games of more than two
//! players, [`engine::search::multiplayer::SeatEvaluator`]).

pub mod hepta;
pub mod hexmate;
pub mod panoply;
pub mod sevenkingdoms;
mod terms;

pub use hepta::HeptaEval;
pub use hexmate::HexmateEval;
pub use panoply::PanoplyEval;
pub use sevenkingdoms::SevenKingdomsEval;
