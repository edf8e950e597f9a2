//! `shiori registry import`: reads local checkouts of kubernetes/enhancements and
//! kubernetes/website (`registry::import`) and writes `glossary/keps.toml` and
//! `glossary/feature-gates.toml` of the site, each atomically (`write::write_file_atomic`).
use std::path::Path;
use std::process::ExitCode;

use super::{imported, plural};
use crate::{pipeline, registry, write};

/// `shiori registry import`: both files are written atomically, one after the other.
pub fn run(enhancements: &Path, website: &Path, root: &Path) -> ExitCode {
    let imported = match imported(registry::import(enhancements, website), |i| &i.warnings) {
        Ok(i) => i,
        Err(code) => return code,
    };
    let dir = root.join("glossary");
    for (name, text) in [
        (pipeline::KEPS_FILE, &imported.keps),
        (pipeline::GATES_FILE, &imported.gates),
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
        dir.join(pipeline::KEPS_FILE).display(),
        imported.gate_count,
        dir.join(pipeline::GATES_FILE).display(),
        imported.warnings.len(),
        plural(imported.warnings.len()),
    );
    ExitCode::SUCCESS
}
