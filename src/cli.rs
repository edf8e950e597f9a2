//! The command line: `shiori build`, `serve`, `check`, `registry import` and
//! `glossary suggest`.
//! Exit codes: 0 ok, 1 content errors (and, for `check --strict`, any finding), 2 usage or I/O
//! errors.
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::diag::Diagnostic;
use crate::{check, glossary, load, registry, serve, site, write};

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
        /// Output folder, replaced atomically (relative paths are taken from the site root). Only
        /// a folder shiori made is replaced; it may not be or hold the site's sources.
        #[arg(long, default_value = "public")]
        output: PathBuf,
        /// Replace the output folder even though shiori did not make it (it and everything in
        /// it is deleted). Never overrides the refusal to touch the site's sources.
        #[arg(long)]
        force: bool,
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
    /// The bilingual glossary (glossary/terms.toml).
    Glossary {
        #[command(subcommand)]
        command: GlossaryCommand,
    },
}

#[derive(Debug, Subcommand)]
pub enum GlossaryCommand {
    /// Print the strongest English/Japanese pairs the articles yield that glossary/terms.toml
    /// does not have yet, with their evidence and confidence, as [[term]] TOML ready to paste
    /// (then spellings found for curated terms and frequent terms with no pair).
    Suggest {
        /// Site root: the folder with site.toml, content/ and glossary/.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// At most this many new pairs (strongest first) and this many unpaired terms.
        #[arg(long, default_value_t = 40)]
        limit: usize,
        /// Include articles marked `draft = true`.
        #[arg(long)]
        drafts: bool,
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
            force,
            base_url,
            drafts,
        } => build(root, output, force, base_url, drafts),
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
        Command::Glossary {
            command:
                GlossaryCommand::Suggest {
                    root,
                    limit,
                    drafts,
                },
        } => glossary_suggest(&root, limit, drafts),
    }
}

/// Loads the site at `root` and runs `stage` on it. An unreadable site exits with 2; content
/// errors are all printed, then a count under `failed`, and exit with 1.
fn run_stage<T>(
    root: &Path,
    failed: &str,
    stage: impl FnOnce(&load::Sources) -> Result<T, crate::diag::Diagnostics>,
) -> Result<T, ExitCode> {
    let sources = load::load(root).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })?;
    stage(&sources).map_err(|diags| {
        eprint!("{diags}");
        let n = diags.errors().count();
        eprintln!("{failed}: {n} error{}", plural(n));
        ExitCode::from(1)
    })
}

/// `shiori glossary suggest`: TOML on stdout, a summary on stderr.
fn glossary_suggest(root: &Path, limit: usize, drafts: bool) -> ExitCode {
    let opts = site::BuildOptions {
        drafts: drafts.then_some(true),
        base_url: None,
    };
    let g = match run_stage(root, "glossary suggest failed", |s| {
        site::glossary_only(s, &opts)
    }) {
        Ok(g) => g,
        Err(code) => return code,
    };
    print!("{}", glossary::suggest::suggest_limited(&g, limit, limit));
    let curated = g
        .terms
        .iter()
        .filter(|t| t.source == glossary::Source::Curated)
        .count();
    eprintln!(
        "{} curated terms, {} automatic pairs from {} articles; paste what is right into {}",
        curated,
        g.pairing.pairs.len(),
        g.articles.len(),
        root.join("glossary").join(site::TERMS_FILE).display()
    );
    ExitCode::SUCCESS
}

/// `shiori check`: everything a build would say, plus the findings about references and links.
fn run_check(root: &Path, strict: bool, drafts: bool) -> ExitCode {
    let opts = site::BuildOptions {
        drafts: drafts.then_some(true),
        base_url: None,
    };
    let out = match run_stage(root, "check failed", |s| site::build(s, &opts)) {
        Ok(out) => out,
        Err(code) => return code,
    };
    let broken: Vec<Diagnostic> = check::broken_links(&out.files)
        .iter()
        .map(check::BrokenLink::diagnostic)
        .collect();
    for d in out.warnings.iter().chain(&out.findings).chain(&broken) {
        eprintln!("{d}");
    }
    let warnings = out.warnings.iter().filter(|d| !d.is_note()).count();
    let notes = out.warnings.len() - warnings;
    let total = warnings + out.findings.len() + broken.len();
    let pages = out.files.keys().filter(|p| p.ends_with(".html")).count();
    eprintln!(
        "checked {} articles and {pages} pages: {} broken link{}, {} reference finding{}, {} other warning{}, {} note{}",
        out.articles,
        broken.len(),
        plural(broken.len()),
        out.findings.len(),
        plural(out.findings.len()),
        warnings,
        plural(warnings),
        notes,
        plural(notes),
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

fn build(
    root: PathBuf,
    output: PathBuf,
    force: bool,
    base_url: Option<String>,
    drafts: bool,
) -> ExitCode {
    let started = Instant::now();
    let target = if output.is_absolute() {
        output
    } else {
        root.join(output)
    };
    // Before anything is built: a refused output is never touched.
    if let Err(refusal) = write::check_target(&root, &target, force) {
        eprintln!("error: {refusal}");
        return ExitCode::from(2);
    }
    let opts = site::BuildOptions {
        drafts: drafts.then_some(true),
        base_url,
    };
    let failed = "build failed (the output folder was left as it was)";
    let out = match run_stage(&root, failed, |s| site::build(s, &opts)) {
        Ok(out) => out,
        Err(code) => return code,
    };
    for w in out.warnings.iter().filter(|w| !w.is_note()) {
        eprintln!("{w}");
    }
    let notes = out.warnings.iter().filter(|w| w.is_note()).count();
    if notes > 0 {
        eprintln!(
            "note: {notes} thing{} inferred (such as an article's release from its title); run `shiori check` to see them",
            plural(notes)
        );
    }
    if !out.findings.is_empty() {
        // Shown in full by `check`; a build on every save should not repeat them.
        eprintln!(
            "note: {} reference finding{} (unknown KEPs or gates, stages the registry contradicts); run `shiori check` to see them",
            out.findings.len(),
            plural(out.findings.len())
        );
    }
    if let Err(e) = write::write_atomic(&out.files, &target) {
        eprintln!("error: {e} (the output folder was left as it was)");
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
