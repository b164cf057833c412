use clap::Parser;
use protocol::cli::{execute, Cli};
use protocol::driver;
use protocol::output::Output;
use std::process::ExitCode;

fn main() -> ExitCode {
    match Cli::parse().command {
        Some(command) => execute(command),
        None => {
            driver::run(std::io::stdin().lock(), &Output::stdout());
            ExitCode::SUCCESS
        }
    }
}
