//! Tessera's static evaluations, one module per variant, each implementing
//! [`engine::search::Evaluator`] for its game type.

pub mod hexmate;

pub use hexmate::HexmateEval;
