use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    shiori::cli::run(shiori::cli::Cli::parse())
}
