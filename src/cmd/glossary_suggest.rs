//! `shiori glossary suggest`: builds the glossary of a site without rendering it
//! (`pipeline::glossary_only`) and prints the pairs worth curating as `[[term]]` TOML on stdout,
//! a summary on stderr. Writes nothing.
use std::path::Path;
use std::process::ExitCode;

use super::run_stage;
use crate::{glossary, pipeline};

/// `shiori glossary suggest`: TOML on stdout, a summary on stderr.
pub fn run(root: &Path, limit: usize, drafts: bool) -> ExitCode {
    let opts = pipeline::BuildOptions {
        drafts: drafts.then_some(true),
        base_url: None,
        offline: false,
    };
    let (g, official) = match run_stage(root, "glossary suggest failed", |s| {
        pipeline::glossary_only(&s, &opts)
    }) {
        Ok(built) => built,
        Err(code) => return code,
    };
    // `shiori glossary suggest | head` closes the pipe early: that is the reader's choice, not
    // an error (and `print!` would panic on it).
    // Against the official glossary the build used: the site's own `glossary/official.toml`
    // when it has one.
    let toml = glossary::suggest::suggest_limited(&g, official.as_deref(), limit, limit);
    match std::io::Write::write_all(&mut std::io::stdout().lock(), toml.as_bytes()) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: writing the suggestions: {e}");
            return ExitCode::from(2);
        }
    }
    let curated = g
        .terms
        .iter()
        .filter(|t| t.source == glossary::TermSource::Curated)
        .count();
    eprintln!(
        "{} curated terms, {} automatic pairs from {} articles; paste what is right into {}",
        curated,
        g.pairing.pairs.len(),
        g.articles.len(),
        root.join("glossary").join(pipeline::TERMS_FILE).display()
    );
    ExitCode::SUCCESS
}
