use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    shiori::cmd::run(shiori::cli::Cli::parse())
}
