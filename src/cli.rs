//! The command line's shape: the clap argument types of `shiori build`, `serve`, `check`,
//! `registry import` and `glossary suggest`, and nothing else.
//!
//! `main` parses a [`Cli`] and hands it to [`crate::cmd::run`], which runs the command; the
//! exit codes are documented there.
use std::path::PathBuf;

use clap::{Parser, Subcommand};

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
        /// Write every internal link with its file name (`keps/3962/index.html`), so the site
        /// works from a folder on disk or a USB stick (`file://`) with JavaScript off.
        #[arg(long)]
        offline: bool,
        /// Include articles marked `draft = true`.
        #[arg(long)]
        drafts: bool,
        /// Print when each stage of the build ended (to standard error).
        #[arg(long)]
        timings: bool,
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
        /// Print when each stage of every rebuild ended (to standard error).
        #[arg(long)]
        timings: bool,
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
    /// The bilingual glossary (glossary/terms.toml, the official Kubernetes glossary).
    Glossary {
        #[command(subcommand)]
        command: GlossaryCommand,
    },
}

#[derive(Debug, Subcommand)]
pub enum GlossaryCommand {
    /// Write glossary/official.toml from the official Kubernetes glossary of a local
    /// kubernetes/website checkout (content/{en,ja}/docs/reference/glossary/*.md); the site
    /// then uses it in place of the one built into shiori.
    Import {
        /// A kubernetes/website checkout.
        #[arg(long)]
        website: PathBuf,
        /// Site root: the file goes into its glossary/ folder.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
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
