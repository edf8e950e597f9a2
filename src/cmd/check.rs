//! `shiori check`: builds the site in memory (nothing is written), then prints everything a
//! build would say, the reference findings (`check::references`) and the broken internal links
//! (`check::links`), with a count; `--strict` makes any finding fatal.
use std::path::Path;
use std::process::ExitCode;

use super::{plural, run_stage};
use crate::check::links::{self, BrokenLink};
use crate::model::diag::Diagnostic;
use crate::pipeline;

/// `shiori check`: everything a build would say, plus the findings about references and links.
pub fn run(root: &Path, strict: bool, drafts: bool) -> ExitCode {
    let opts = pipeline::BuildOptions {
        drafts: drafts.then_some(true),
        base_url: None,
        offline: false,
    };
    let out = match run_stage(root, "check failed", |s| pipeline::build(&s, &opts)) {
        Ok(out) => out,
        Err(code) => return code,
    };
    // A link an article's finding already names at its line is not told again per page.
    let broken: Vec<Diagnostic> = links::broken_links(&out.files)
        .iter()
        .filter(
            |b| !matches!(&b.problem, links::Problem::MissingFile(t) if out.unreached.contains(t)),
        )
        .map(BrokenLink::diagnostic)
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
