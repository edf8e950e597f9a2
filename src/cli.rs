//! The command line: `shiori build`, `serve`, `check` and `registry import`.
//! Exit codes: 0 ok, 1 content errors (and, for `check --strict`, any finding), 2 usage or I/O
//! errors.
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::diag::Diagnostic;
use crate::{check, load, registry, serve, site, write};

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
    /// Build in memory without writing and report broken internal links, KEPs and feature gates
    /// unknown to the registry, and stages an article states that the registry contradicts.
    Check {
        /// Site root: the folder with site.toml and content/.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Exit with 1 when there is any finding, not only on errors.
        #[arg(long)]
        strict: bool,
        /// Include articles marked `draft = true`.
        #[arg(long)]
        drafts: bool,
    },
    /// The KEP and feature-gate registry in glossary/.
    Registry {
        #[command(subcommand)]
        command: RegistryCommand,
    },
}

#[derive(Debug, Subcommand)]
pub enum RegistryCommand {
    /// Regenerate glossary/keps.toml and glossary/feature-gates.toml from local checkouts of
    /// kubernetes/enhancements and kubernetes/website.
    Import {
        /// A kubernetes/enhancements checkout (its keps/**/kep.yaml are read).
        #[arg(long)]
        enhancements: PathBuf,
        /// A kubernetes/website checkout (its feature-gate pages are read).
        #[arg(long)]
        website: PathBuf,
        /// Site root: the registry files go into its glossary/ folder.
        #[arg(long, default_value = ".")]
        root: PathBuf,
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
        Command::Check {
            root,
            strict,
            drafts,
        } => run_check(&root, strict, drafts),
        Command::Registry {
            command:
                RegistryCommand::Import {
                    enhancements,
                    website,
                    root,
                },
        } => registry_import(&enhancements, &website, &root),
    }
}

/// `shiori check`: everything a build would say, plus the findings about references and links.
fn run_check(root: &Path, strict: bool, drafts: bool) -> ExitCode {
    let sources = match load::load(root) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let opts = site::BuildOptions {
        drafts: drafts.then_some(true),
        base_url: None,
    };
    let out = match site::build(&sources, &opts) {
        Ok(out) => out,
        Err(diags) => {
            eprint!("{diags}");
            let n = diags.errors().count();
            eprintln!("check failed: {n} error{}", if n == 1 { "" } else { "s" });
            return ExitCode::from(1);
        }
    };
    let broken: Vec<Diagnostic> = check::broken_links(&out.files)
        .iter()
        .map(check::BrokenLink::diagnostic)
        .collect();
    for d in out.warnings.iter().chain(&out.findings).chain(&broken) {
        eprintln!("{d}");
    }
    let total = out.warnings.len() + out.findings.len() + broken.len();
    let pages = out.files.keys().filter(|p| p.ends_with(".html")).count();
    eprintln!(
        "checked {} articles and {pages} pages: {} broken link{}, {} reference finding{}, {} other warning{}",
        out.articles,
        broken.len(),
        plural(broken.len()),
        out.findings.len(),
        plural(out.findings.len()),
        out.warnings.len(),
        plural(out.warnings.len()),
    );
    if strict && total > 0 {
        eprintln!("--strict: findings are fatal");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `shiori registry import`: both files are written atomically, one after the other.
fn registry_import(enhancements: &Path, website: &Path, root: &Path) -> ExitCode {
    let imported = match registry::import(enhancements, website) {
        Ok(i) => i,
        Err(d) => {
            eprintln!("{d}");
            return ExitCode::from(2);
        }
    };
    for w in &imported.warnings {
        eprintln!("{w}");
    }
    let dir = root.join("glossary");
    for (name, text) in [
        (site::KEPS_FILE, &imported.keps),
        (site::GATES_FILE, &imported.gates),
    ] {
        let path = dir.join(name);
        if let Err(e) = write::write_file_atomic(&path, text.as_bytes()) {
            eprintln!("error: writing {}: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    eprintln!(
        "imported {} KEPs into {} and {} feature gates into {} ({} file{} skipped)",
        imported.kep_count,
        dir.join(site::KEPS_FILE).display(),
        imported.gate_count,
        dir.join(site::GATES_FILE).display(),
        imported.warnings.len(),
        plural(imported.warnings.len()),
    );
    ExitCode::SUCCESS
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
    if !out.findings.is_empty() {
        // Shown in full by `check`; a build on every save should not repeat them.
        eprintln!(
            "note: {} reference finding{} (unknown KEPs or gates, stages the registry contradicts); run `shiori check` to see them",
            out.findings.len(),
            plural(out.findings.len())
        );
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
