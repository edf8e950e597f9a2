//! `shiori glossary import`: reads the official Kubernetes glossary of a local
//! kubernetes/website checkout (`glossary::official::import`) and writes the site's
//! `glossary/official.toml` atomically (`write::write_file_atomic`).
use std::path::Path;
use std::process::ExitCode;

use super::{imported, plural};
use crate::{glossary, pipeline, write};

/// `shiori glossary import`: one file, written atomically; a summary on stderr.
pub fn run(website: &Path, root: &Path) -> ExitCode {
    let imported = match imported(glossary::official::import(website), |i| &i.warnings) {
        Ok(i) => i,
        Err(code) => return code,
    };
    let path = root.join("glossary").join(pipeline::OFFICIAL_FILE);
    if let Err(e) = write::write_file_atomic(&path, imported.text.as_bytes()) {
        eprintln!("error: writing {}: {e}", path.display());
        return ExitCode::from(2);
    }
    eprintln!(
        "imported {} glossary terms ({} with a Japanese page) into {} ({} file{} skipped)",
        imported.count,
        imported.ja_count,
        path.display(),
        imported.warnings.len(),
        plural(imported.warnings.len()),
    );
    ExitCode::SUCCESS
}
