//! The `shiori` binary: parses the command line ([`shiori::cli::Cli`]) and runs it
//! ([`shiori::cmd::run`]); everything else is in the library.
use std::process::ExitCode;

use clap::Parser;

/// A build allocates for every token, block and page on both cores at once; mimalloc's
/// per-thread heaps take a fifth of the build's time off glibc's malloc. Built without its
/// transparent huge pages (Cargo.toml's `no_thp`): each first touch of a huge page zeroes 2 MiB,
/// and a build's short-lived buffers touch many; at 3000 articles that cost a second of system
/// time and 9% of the peak memory.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    shiori::cmd::run(shiori::cli::Cli::parse())
}
