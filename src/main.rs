//! The `shiori` binary: parses the command line ([`shiori::cli::Cli`]) and runs it
//! ([`shiori::cmd::run`]); everything else is in the library.
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    shiori::cmd::run(shiori::cli::Cli::parse())
}
