//! The `tessera` program: the command-line tool and (by default) the engine protocol.
//!
//! Protocol modules: `uci` parses lines into typed commands, `options` holds the option
//! table, `session` keeps the state and dispatches, `go` turns `go` into a search and its
//! reports into `info` lines, `job` runs the search on its own thread, `bench` runs the
//! bench positions, `output` is the single writer, `driver` is the stdin loop, `variant`
//! the switch over the game types. `cli` and `analyse` are the command-line tool;
//! `matchrunner` plays engine-against-engine matches as a client of the protocol; `svg`
//! draws positions as pictures (`tessera svg`, and the browser GUI); `gui` serves the
//! browser GUI (`tessera gui`); `datagen` writes training positions from self-play and
//! `tune` fits the evaluation's weights to them.

pub mod analyse;
pub mod bench;
pub mod cli;
pub mod datagen;
pub mod driver;
pub mod go;
pub mod gui;
pub mod job;
pub mod matchrunner;
pub mod options;
pub mod output;
pub mod session;
pub mod shuttle;
pub mod strength;
pub mod svg;
pub mod tune;
pub mod uci;
pub mod variant;
pub mod wdlfit;
