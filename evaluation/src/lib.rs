//! Tessera's static evaluations, one module per variant, each implementing
//! [`engine::search::Evaluator`] for its game type.

pub mod hexmate;
pub mod panoply;

pub use hexmate::HexmateEval;
pub use panoply::PanoplyEval;
