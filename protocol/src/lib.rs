//! The `tessera` program: the command-line tool and (by default) the engine protocol.

pub mod cli;
pub mod variant;
