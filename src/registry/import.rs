//! `shiori registry import`: regenerates `glossary/keps.toml` and `glossary/feature-gates.toml`
//! from local checkouts of kubernetes/enhancements (`keps/**/kep.yaml`) and kubernetes/website
//! (`content/en/docs/reference/command-line-tools-reference/feature-gates/*.md`).
//!
//! `import` only walks and reads the two trees; `import_from_sources` does the work on
//! (path, text) pairs and is what the tests call. Output is deterministic: entries sorted by
//! KEP number and gate name, files visited in path order.
//!
//! Real checkouts are untidy, and the importer takes what it can: templates (`kep-number:
//! NNNN`) are skipped, a KEP that kept the template's `title: KEP Template` (or has no title) is
//! titled by its folder name (`4940-psa-block-host-field-in-probes` → `Psa block host field in
//! probes`) with a warning, milestones written `v1.27`, `1.27` or `""` are all read, patch versions
//! (`1.31.1`) count as their minor release, gate pages without `content_type: feature_gate` are
//! not gates. What it cannot read (malformed YAML, an unquoted milestone `1.30` that YAML turned
//! into the number 1.3) is skipped with a warning naming the file and line.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_yaml::Value;

use super::{GateEntry, GateStage, KepEntry, render_gates, render_keps};
use crate::model::diag::Diagnostic;
use crate::model::ids::{FeatureGateName, KepNumber, Release, SigName, Stage};

/// Where the gate pages live in a kubernetes/website checkout.
pub const WEBSITE_GATES_DIR: &str =
    "content/en/docs/reference/command-line-tools-reference/feature-gates";

/// The two generated files and what was skipped on the way.
#[derive(Debug, Clone)]
pub struct Imported {
    pub keps: String,
    pub gates: String,
    pub kep_count: usize,
    pub gate_count: usize,
    pub warnings: Vec<Diagnostic>,
}

/// Reads both checkouts and renders the two registry files. Fails only when a checkout is not
/// where it was said to be.
pub fn import(enhancements: &Path, website: &Path) -> Result<Imported, Diagnostic> {
    let keps_dir = enhancements.join("keps");
    if !keps_dir.is_dir() {
        return Err(Diagnostic::error(
            enhancements,
            None,
            "this is not a kubernetes/enhancements checkout: it has no `keps/` folder",
        )
        .help("pass the folder of `git clone https://github.com/kubernetes/enhancements`"));
    }
    let gates_dir = [website.join(WEBSITE_GATES_DIR), website.to_path_buf()]
        .into_iter()
        .find(|d| d.is_dir() && d.file_name().is_some_and(|n| n == "feature-gates"))
        .ok_or_else(|| {
            Diagnostic::error(
                website,
                None,
                format!("this is not a kubernetes/website checkout: it has no `{WEBSITE_GATES_DIR}/` folder"),
            )
            .help("pass the folder of `git clone https://github.com/kubernetes/website`")
        })?;
    let mut kep_files = Vec::new();
    for entry in walkdir::WalkDir::new(&keps_dir)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
    {
        if entry.file_type().is_file() && entry.file_name() == "kep.yaml" {
            let path = entry.path().to_path_buf();
            let text = read(&path)?;
            kep_files.push((path, text));
        }
    }
    let mut gate_files = Vec::new();
    for entry in walkdir::WalkDir::new(&gates_dir)
        .max_depth(1)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
    {
        if entry.file_type().is_file() && entry.path().extension().is_some_and(|e| e == "md") {
            let path = entry.path().to_path_buf();
            let text = read(&path)?;
            gate_files.push((path, text));
        }
    }
    Ok(import_from_sources(&kep_files, &gate_files))
}

fn read(path: &Path) -> Result<String, Diagnostic> {
    std::fs::read_to_string(path)
        .map_err(|e| Diagnostic::error(path, None, format!("cannot read the file: {e}")))
}

/// Builds both files from `kep.yaml` texts and gate-page texts.
pub fn import_from_sources(
    kep_files: &[(PathBuf, String)],
    gate_files: &[(PathBuf, String)],
) -> Imported {
    let mut warnings = Vec::new();
    let mut keps: BTreeMap<KepNumber, (KepEntry, &Path)> = BTreeMap::new();
    // Gate name → KEPs that list it in `feature-gates:`.
    let mut gate_keps: BTreeMap<String, Vec<KepNumber>> = BTreeMap::new();
    for (path, text) in kep_files {
        let Some((entry, gates)) = read_kep_yaml(path, text, &mut warnings) else {
            continue;
        };
        if let Some((_, first)) = keps.get(&entry.number) {
            warnings.push(Diagnostic::warning(
                path,
                None,
                format!(
                    "`{}` is also in `{}`; kept that one",
                    entry.number.label(),
                    first.display()
                ),
            ));
            continue;
        }
        for g in gates {
            gate_keps.entry(g).or_default().push(entry.number);
        }
        keps.insert(entry.number, (entry, path));
    }
    let mut gates = Vec::new();
    for (path, text) in gate_files {
        if let Some(mut g) = read_gate_page(path, text, &mut warnings) {
            // The KEP that introduced a gate usually has the smallest number of those listing it.
            g.kep = gate_keps
                .get(&g.name.0)
                .and_then(|v| v.iter().min().copied());
            gates.push(g);
        }
    }
    let keps: Vec<KepEntry> = keps.into_values().map(|(k, _)| k).collect();
    Imported {
        keps: render_keps(&keps),
        gates: render_gates(&gates),
        kep_count: keps.len(),
        gate_count: gates.len(),
        warnings,
    }
}

/// Whether a `kep.yaml` title is a placeholder left from the template (`keps/NNNN-kep-template`
/// says `title: KEP Template`; six real KEPs kept it), not the KEP's name.
fn is_placeholder_title(title: &str) -> bool {
    let words: Vec<String> = title
        .split(|c: char| c.is_whitespace() || c == '-' || c == '_')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    matches!(
        words
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .as_slice(),
        ["template"] | ["kep", "template"] | ["kep", "title"] | ["title"] | ["tbd"] | ["todo"]
    )
}

/// The KEP's folder name made readable, for a KEP with no title of its own:
/// `keps/sig-auth/4940-psa-block-host-field-in-probes/kep.yaml` → `Psa block host field in
/// probes`. The number in front is dropped (the page shows it); `None` when nothing is left.
fn folder_title(path: &Path, number: KepNumber) -> Option<String> {
    let folder = path.parent()?.file_name()?.to_str()?;
    let rest = folder
        .strip_prefix(number.0.to_string().as_str())
        .and_then(|r| r.strip_prefix(['-', '_']))
        .unwrap_or(folder);
    let words: Vec<&str> = rest.split(['-', '_']).filter(|w| !w.is_empty()).collect();
    let (first, more) = words.split_first()?;
    let mut out: String = first
        .chars()
        .next()
        .map(|c| c.to_uppercase().chain(first.chars().skip(1)).collect())
        .unwrap_or_default();
    for w in more {
        out.push(' ');
        out.push_str(w);
    }
    Some(out)
}

pub(crate) fn yaml_error(path: &Path, e: &serde_yaml::Error, line_offset: usize) -> Diagnostic {
    let line = e.location().map(|l| l.line() + line_offset);
    Diagnostic::warning(path, line, format!("skipped: not valid YAML ({e})"))
}

fn read_kep_yaml(
    path: &Path,
    text: &str,
    warnings: &mut Vec<Diagnostic>,
) -> Option<(KepEntry, Vec<String>)> {
    let v: Value = match serde_yaml::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            warnings.push(yaml_error(path, &e, 0));
            return None;
        }
    };
    // Templates and drafts say `kep-number: NNNN` or nothing: not KEPs yet, skipped silently.
    let number = match v.get("kep-number")? {
        Value::Number(n) => n.as_u64()?,
        Value::String(s) => s.trim().parse().ok()?,
        _ => return None,
    };
    let number = KepNumber(u32::try_from(number).ok()?);
    let written = v
        .get("title")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let title = match written {
        Some(t) if !is_placeholder_title(t) => t.to_string(),
        _ => {
            let title = folder_title(path, number).unwrap_or_else(|| "(untitled)".to_string());
            if let Some(t) = written {
                warnings.push(Diagnostic::warning(
                    path,
                    line_of_key(text, "title"),
                    format!(
                        "`{}`: title `{t}` was left from the KEP template; titled `{title}` after its folder",
                        number.label()
                    ),
                ));
            }
            title
        }
    };
    let sig = v
        .get("owning-sig")
        .and_then(Value::as_str)
        .and_then(SigName::parse);
    let mut milestones = BTreeMap::new();
    if let Some(Value::Mapping(m)) = v.get("milestone") {
        for (stage, key) in [
            (Stage::Alpha, "alpha"),
            (Stage::Beta, "beta"),
            (Stage::Stable, "stable"),
            (Stage::Deprecated, "deprecated"),
            (Stage::Removed, "removed"),
        ] {
            match m.get(key) {
                Some(Value::String(s)) if !s.trim().is_empty() => match s.parse::<Release>() {
                    Ok(r) => {
                        milestones.insert(stage, r);
                    }
                    Err(_) => warnings.push(Diagnostic::warning(
                        path,
                        line_of_key(text, key),
                        format!("`{}`: milestone `{key}: {s}` is not a release; left out", number.label()),
                    )),
                },
                Some(Value::Number(n)) => warnings.push(
                    Diagnostic::warning(
                        path,
                        line_of_key(text, key),
                        format!("`{}`: milestone `{key}: {n}` is a YAML number (1.30 reads as 1.3); left out", number.label()),
                    )
                    .help(format!("quote it upstream: `{key}: \"v{n}\"`")),
                ),
                _ => {}
            }
        }
    }
    let gates = match v.get("feature-gates") {
        Some(Value::Sequence(list)) => list
            .iter()
            .filter_map(|g| g.get("name").and_then(Value::as_str))
            .map(str::trim)
            .filter(|n| n.parse::<FeatureGateName>().is_ok())
            .map(str::to_string)
            .collect(),
        _ => Vec::new(),
    };
    Some((
        KepEntry {
            number,
            title,
            sig,
            milestones,
            line: 0,
        },
        gates,
    ))
}

/// 1-based line of the first line whose key is `key` (indented or not).
fn line_of_key(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .position(|l| {
            l.trim_start()
                .strip_prefix(key)
                .is_some_and(|r| r.trim_start().starts_with(':'))
        })
        .map(|i| i + 1)
}

/// The YAML front matter of a kubernetes/website page (between its opening `---` lines) and the
/// body after it; `None` when the page has none.
pub(crate) fn front_matter(text: &str) -> Option<(&str, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rest = text.strip_prefix("---")?;
    let rest = rest
        .strip_prefix("\r\n")
        .or_else(|| rest.strip_prefix('\n'))?;
    let end = rest.find("\n---")?;
    let body = rest[end + 4..].split_once('\n').map_or("", |(_, b)| b);
    Some((&rest[..end + 1], body))
}

fn read_gate_page(path: &Path, text: &str, warnings: &mut Vec<Diagnostic>) -> Option<GateEntry> {
    let (front, _) = front_matter(text)?;
    let v: Value = match serde_yaml::from_str(front) {
        Ok(v) => v,
        Err(e) => {
            warnings.push(yaml_error(path, &e, 1));
            return None;
        }
    };
    // Index pages and anything else that is not a gate.
    if v.get("content_type").and_then(Value::as_str) != Some("feature_gate") {
        return None;
    }
    let name = v
        .get("title")
        .and_then(Value::as_str)
        .map(str::trim)
        .unwrap_or("");
    if name.parse::<FeatureGateName>().is_err() {
        warnings.push(Diagnostic::warning(
            path,
            Some(2),
            format!("skipped: `{name}` is not a feature-gate name"),
        ));
        return None;
    }
    let mut stages = Vec::new();
    for (i, s) in v
        .get("stages")
        .and_then(Value::as_sequence)
        .map(Vec::as_slice)
        .unwrap_or(&[])
        .iter()
        .enumerate()
    {
        let stage = s
            .get("stage")
            .and_then(Value::as_str)
            .map(|s| s.trim().parse::<Stage>());
        let from = s.get("fromVersion").and_then(yaml_release);
        match (stage, from) {
            (Some(Ok(stage)), Some(from)) => stages.push(GateStage {
                stage,
                from,
                to: s.get("toVersion").and_then(yaml_release),
                default_on: s.get("defaultValue").and_then(Value::as_bool),
                locked: s.get("locked").and_then(Value::as_bool).unwrap_or(false),
            }),
            _ => warnings.push(Diagnostic::warning(
                path,
                None,
                format!(
                    "`{name}`: stage {} has no readable `stage` and `fromVersion`; left out",
                    i + 1
                ),
            )),
        }
    }
    if stages.is_empty() {
        warnings.push(Diagnostic::warning(
            path,
            None,
            format!("skipped: `{name}` has no stages"),
        ));
        return None;
    }
    // Pages list stages in release order; keep that order when two share a release.
    stages.sort_by_key(|s| s.from);
    let removed = if v.get("removed").and_then(Value::as_bool) == Some(true) {
        let last = stages.last().and_then(|s| s.to);
        if last.is_none() {
            warnings.push(Diagnostic::warning(
                path,
                None,
                format!("`{name}` is marked removed but its last stage has no `toVersion`; removal release unknown"),
            ));
        }
        last.map(|r| Release {
            major: r.major,
            minor: r.minor + 1,
        })
    } else {
        None
    };
    Some(GateEntry {
        name: FeatureGateName(name.to_string()),
        kep: None,
        stages,
        removed,
        line: 0,
    })
}

fn yaml_release(v: &Value) -> Option<Release> {
    match v {
        Value::String(s) => s.trim().parse().ok(),
        // `fromVersion: 1.27` unquoted: trust it only when it cannot have lost a trailing zero.
        Value::Number(n) => {
            let s = n.to_string();
            let minor = s.split('.').nth(1)?;
            (minor.len() == 2).then(|| s.parse().ok()).flatten()
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kep(path: &str, text: &str) -> (PathBuf, String) {
        (PathBuf::from(path), text.to_string())
    }

    #[test]
    fn milestones_in_every_spelling() {
        let i = import_from_sources(
            &[kep(
                "keps/sig-cli/3104-introduce-kuberc/kep.yaml",
                "title: Introduce kuberc\nkep-number: 3104\nowning-sig: sig-cli\nmilestone:\n  alpha: \"v1.33\"\n  beta: \"1.34\"\n  stable: \"\"\nfeature-gates:\n  - name: KUBECTL_KUBERC\n",
            )],
            &[],
        );
        assert!(i.warnings.is_empty(), "{:?}", i.warnings);
        assert!(i.keps.contains("number = 3104\ntitle = \"Introduce kuberc\"\nsig = \"cli\"\nalpha = \"1.33\"\nbeta = \"1.34\"\n"), "{}", i.keps);
    }

    #[test]
    fn unquoted_milestone_is_a_warning_not_a_wrong_release() {
        let i = import_from_sources(
            &[kep(
                "k/kep.yaml",
                "title: T\nkep-number: 9\nmilestone:\n  alpha: 1.30\n",
            )],
            &[],
        );
        assert_eq!(i.warnings.len(), 1);
        assert_eq!(i.warnings[0].line, Some(4));
        assert!(!i.keps.contains("\nalpha ="));
    }

    #[test]
    fn templates_are_skipped_silently() {
        let i = import_from_sources(
            &[kep("k/kep.yaml", "title: KEP Template\nkep-number: NNNN\n")],
            &[],
        );
        assert!(i.warnings.is_empty());
        assert_eq!(i.kep_count, 0);
    }

    #[test]
    fn a_title_left_from_the_template_gives_way_to_the_folder_name() {
        let i = import_from_sources(
            &[
                kep(
                    "keps/sig-auth/4940-psa-block-host-field-in-probes/kep.yaml",
                    "title: KEP Template\nkep-number: 4940\nowning-sig: sig-auth\n",
                ),
                kep(
                    "keps/sig-apps/85-Graduate-PDB-to-Stable/kep.yaml",
                    "title: \" kep template \"\nkep-number: 85\n",
                ),
                kep(
                    "keps/sig-node/753-sidecar-containers/kep.yaml",
                    "kep-number: 753\n",
                ),
                kep(
                    "keps/sig-node/3000-x/kep.yaml",
                    "title: Pod Template Hash\nkep-number: 3000\n",
                ),
            ],
            &[],
        );
        assert!(
            i.keps
                .contains("number = 4940\ntitle = \"Psa block host field in probes\"\n"),
            "{}",
            i.keps
        );
        assert!(
            i.keps
                .contains("number = 85\ntitle = \"Graduate PDB to Stable\"\n")
        );
        assert!(
            i.keps
                .contains("number = 753\ntitle = \"Sidecar containers\"\n")
        );
        assert!(
            i.keps
                .contains("number = 3000\ntitle = \"Pod Template Hash\"\n")
        );
        // The two leftovers are reported, with the line of `title:`.
        assert_eq!(i.warnings.len(), 2, "{:?}", i.warnings);
        assert_eq!(i.warnings[0].line, Some(1));
    }

    #[test]
    fn removal_release_follows_the_last_stage() {
        let page = "---\ntitle: HPAContainerMetrics\ncontent_type: feature_gate\nbuild:\n  list: never\n\nstages:\n  - stage: stable\n    defaultValue: true\n    fromVersion: \"1.30\"\n    toVersion: \"1.31\"\n\nremoved: true\n---\nAllow HPAs.\n";
        let i = import_from_sources(&[], &[kep("g/HPAContainerMetrics.md", page)]);
        assert!(i.gates.contains("removed = \"1.32\""), "{}", i.gates);
    }
}
