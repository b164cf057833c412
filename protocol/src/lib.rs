//! The `tessera` program: the command-line tool and (by default) the engine protocol.
//!
//! Protocol modules: `uci` parses lines into typed commands, `options` holds the option
//! table, `session` keeps the state and dispatches, `job` runs long commands on their
//! own thread, `output` is the single writer, `driver` is the stdin loop.
//! `matchrunner` plays engine-against-engine matches as a client of the protocol.

pub mod cli;
pub mod driver;
pub mod job;
pub mod matchrunner;
pub mod options;
pub mod output;
pub mod session;
pub mod uci;
pub mod variant;
