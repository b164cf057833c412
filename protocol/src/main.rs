use clap::Parser;
use protocol::cli::{run_perft, setup, Cli, Command};
use protocol::driver;
use protocol::matchrunner;
use protocol::output::Output;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Perft {
            variant,
            fen,
            moves,
            depth,
            divide,
            threads,
            no_bulk,
        }) => match setup(variant, fen.as_deref(), &moves) {
            Ok(game) => {
                print!("{}", run_perft(&game, depth, divide, threads, !no_bulk));
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Match(args)) => exit_status(matchrunner::run_command(*args)),
        Some(Command::Openings(args)) => exit_status(matchrunner::opening_maker::run_command(args)),
        None => {
            driver::run(std::io::stdin().lock(), &Output::stdout());
            ExitCode::SUCCESS
        }
    }
}

/// Prints a subcommand's error and turns it into the exit status.
fn exit_status(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
