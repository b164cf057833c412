use clap::Parser;
use protocol::cli::{execute, refuse_arguments, Cli};
use protocol::driver;
use protocol::output::Output;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return refuse_arguments(error),
    };
    match cli.command {
        Some(command) => execute(command),
        None => {
            driver::run(std::io::stdin().lock(), &Output::stdout());
            ExitCode::SUCCESS
        }
    }
}
