//! The command line: `shiori build`, `serve`, and the subcommands later stages add.
//! Exit codes: 0 ok, 1 content errors, 2 usage or I/O errors.
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::{load, serve, site, write};

#[derive(Debug, Parser)]
#[command(
    name = "shiori",
    version,
    about = "Builds a cross-linked study site from Japanese articles about Kubernetes releases"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Build the site into the output folder.
    Build {
        /// Site root: the folder with site.toml and content/.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Output folder, replaced atomically (relative paths are taken from the site root).
        #[arg(long, default_value = "public")]
        output: PathBuf,
        /// Absolute URL the site will be served from (overrides site.toml's base_url).
        #[arg(long)]
        base_url: Option<String>,
        /// Include articles marked `draft = true`.
        #[arg(long)]
        drafts: bool,
    },
    /// Build into memory, serve on loopback, rebuild and reload pages on every save.
    Serve {
        /// Site root: the folder with site.toml and content/.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Port to listen on.
        #[arg(long, default_value_t = 1111)]
        port: u16,
        /// Address to bind (loopback by default; the dev server is not for the internet).
        #[arg(long, default_value = "127.0.0.1")]
        bind: String,
        /// Include articles marked `draft = true`.
        #[arg(long)]
        drafts: bool,
    },
}

pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Build {
            root,
            output,
            base_url,
            drafts,
        } => build(root, output, base_url, drafts),
        Command::Serve {
            root,
            port,
            bind,
            drafts,
        } => match serve::run(serve::ServeOptions {
            root,
            bind,
            port,
            drafts,
        }) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
    }
}

fn build(root: PathBuf, output: PathBuf, base_url: Option<String>, drafts: bool) -> ExitCode {
    let started = Instant::now();
    let sources = match load::load(&root) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let opts = site::BuildOptions {
        drafts: drafts.then_some(true),
        base_url,
    };
    let out = match site::build(&sources, &opts) {
        Ok(out) => out,
        Err(diags) => {
            eprint!("{diags}");
            let n = diags.errors().count();
            eprintln!(
                "build failed: {n} error{}; the output folder was left as it was",
                if n == 1 { "" } else { "s" }
            );
            return ExitCode::from(1);
        }
    };
    for w in &out.warnings {
        eprintln!("{w}");
    }
    let target = if output.is_absolute() {
        output
    } else {
        root.join(output)
    };
    if let Err(e) = write::write_atomic(&out.files, &target) {
        eprintln!("error: writing {}: {e}", target.display());
        return ExitCode::from(2);
    }
    eprintln!(
        "built {} articles, {} files into {} in {} ms",
        out.articles,
        out.files.len(),
        target.display(),
        started.elapsed().as_millis()
    );
    ExitCode::SUCCESS
}
