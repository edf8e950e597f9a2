//! What `shiori check` says about an article's references: KEPs and gates the registry does not
//! know, and stages (or defaults) the article states for its release that the registry
//! contradicts. All warnings (`--strict` makes them fatal), one per entity and claim, at the
//! line of the first mention, each with the two facts side by side and where to fix them.
//!
//! Takes an article's path, block map, front matter and extracted references, and the
//! registry; runs inside the build after extract (`pipeline::reference_findings`), and what it
//! finds goes into `Output::findings`.
use std::collections::BTreeSet;
use std::path::Path;

use crate::extract::Mentions;
use crate::model::diag::Diagnostic;
use crate::model::ids::{Release, Stage};
use crate::parse::blocks::Doc;
use crate::parse::frontmatter::FrontMatter;
use crate::registry::{Registry, contradiction};

/// Stages the article states for its release that the registry contradicts.
pub fn check_stage_disagreements(
    path: &Path,
    doc: &Doc,
    front: &FrontMatter,
    refs: &Mentions,
    registry: &Registry,
) -> Vec<Diagnostic> {
    let Some(release) = front.release else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for m in &refs.keps {
        // A stage stated for another release (`v1.26でアルファ`) is checked against that one.
        let release = m.stage_release.unwrap_or(release);
        // A deferred KEP's `Stage:` line is still the article's claim for the release; check
        // reports it (the pages leave it out of the release's changes).
        let (Some(stage), Some(entry)) = (m.stage, registry.kep(m.kep)) else {
            continue;
        };
        // One warning per KEP and stage: the first mention that contradicts the registry (an
        // agreeing mention of the same stage for another release does not hide it).
        let Some(known) = registry.kep_contradiction(m.kep, release, stage) else {
            continue;
        };
        if !seen.insert(("kep", m.kep.0.to_string(), stage)) {
            continue;
        }
        let registry_says = match (known, entry.milestone(stage)) {
            (Some(k), Some(r)) => format!("has it at `{k}` in {release} (`{stage}` from {r})"),
            (None, Some(r)) => format!("records no stage for it by {release} (`{stage}` from {r})"),
            (Some(k), None) => {
                format!("has it at `{k}` in {release} and records no `{stage}` milestone")
            }
            (None, None) => format!("records no stage for it by {release}"),
        };
        out.push(
            Diagnostic::warning(
                path,
                Some(doc.blocks[m.block].line),
                format!(
                    "the article says `{}` is `{stage}` in {release}, but {} {registry_says}",
                    m.kep.label(),
                    registry.kep_file(m.kep).display()
                ),
            )
            .help(format!(
                "if the article is right, fix the milestones of `{}` ({}:{}); otherwise correct the stage in the article",
                m.kep.label(),
                registry.kep_file(m.kep).display(),
                entry.line
            )),
        );
    }
    for m in &refs.gates {
        let Some(entry) = registry.gate(&m.gate.0) else {
            continue;
        };
        let release = m.stage_release.unwrap_or(release);
        let known = entry.stage_at(release);
        if let Some(stage) = m.stage
            && contradiction(entry, release, stage).is_some()
            && seen.insert(("gate", m.gate.0.clone(), stage))
        {
            let registry_says = match (known, entry.first_release_at(stage)) {
                (Some(k), Some(r)) => {
                    format!("has it at `{}` in {release} (`{stage}` from {r})", k.stage)
                }
                (Some(k), None) => {
                    format!("has it at `{}` in {release} and never `{stage}`", k.stage)
                }
                (None, _) => format!(
                    "has no such gate before {}",
                    first_release(entry)
                        .map(|r| r.to_string())
                        .unwrap_or_else(|| "any release".into())
                ),
            };
            out.push(
                Diagnostic::warning(
                    path,
                    Some(doc.blocks[m.block].line),
                    format!(
                        "the article says feature gate `{}` is `{stage}` in {release}, but {} {registry_says}",
                        m.gate,
                        registry.gate_file(&m.gate.0).display()
                    ),
                )
                .help(format!(
                    "if the article is right, fix the stages of `{}` ({}:{}); otherwise correct the stage in the article",
                    m.gate,
                    registry.gate_file(&m.gate.0).display(),
                    entry.line
                )),
            );
        }
        // A stated default is only comparable when the stage agrees.
        if let (Some(on), Some(k)) = (m.default_on, known)
            && m.stage.is_none_or(|s| s == k.stage)
            && k.default_on.is_some_and(|d| d != on)
            && seen.insert(("default", m.gate.0.clone(), k.stage))
        {
            let word = |b: bool| if b { "on" } else { "off" };
            out.push(
                Diagnostic::warning(
                    path,
                    Some(doc.blocks[m.block].line),
                    format!(
                        "the article says feature gate `{}` is {} by default in {release}, but {} has it {} by default",
                        m.gate,
                        word(on),
                        registry.gate_file(&m.gate.0).display(),
                        word(!on)
                    ),
                )
                .help(format!(
                    "if the article is right, fix `default` of `{}` ({}:{})",
                    m.gate,
                    registry.gate_file(&m.gate.0).display(),
                    entry.line
                )),
            );
        }
    }
    out
}

fn first_release(g: &crate::registry::GateEntry) -> Option<Release> {
    g.stages.first().map(|s| s.from)
}

/// KEPs and feature gates the article mentions that the registry does not know.
pub fn check_unknown_refs(
    path: &Path,
    doc: &Doc,
    front: &FrontMatter,
    refs: &Mentions,
    registry: &Registry,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for m in &refs.keps {
        if registry.kep(m.kep).is_none() && seen.insert(format!("kep {}", m.kep)) {
            let title = m.title.as_deref().unwrap_or("...");
            out.push(
                Diagnostic::warning(
                    path,
                    Some(doc.blocks[m.block].line),
                    format!("`{}` is not in {}", m.kep.label(), registry.keps_path.display()),
                )
                .help(format!(
                    "add it (or run `shiori registry import`):\n[[kep]]\nnumber = {}\ntitle = {:?}\nsig = \"...\"",
                    m.kep, title
                )),
            );
        }
    }
    for m in &refs.gates {
        if registry.gate(&m.gate.0).is_none() && seen.insert(format!("gate {}", m.gate)) {
            let stage = m.stage.unwrap_or(Stage::Alpha);
            let from = m
                .stage_release
                .or(front.release)
                .map_or_else(|| "1.xx".to_string(), |r| r.to_string());
            let add = format!(
                "add it (or run `shiori registry import`):\n[[gate]]\nname = \"{}\"\nstages = [ {{ stage = \"{stage}\", from = \"{from}\" }} ]",
                m.gate
            );
            let help = match nearest_gate(registry, &m.gate.0) {
                Some(known) => format!("did you mean `{known}`? If not, {add}"),
                None => add,
            };
            out.push(
                Diagnostic::warning(
                    path,
                    Some(doc.blocks[m.block].line),
                    format!(
                        "feature gate `{}` is not in {}",
                        m.gate,
                        registry.gate_file(&m.gate.0).display()
                    ),
                )
                .help(help),
            );
        }
    }
    out
}

/// The known gate a misspelled name most likely means: within two edits, and at most one per
/// six characters (`InPlacePodVerticalScalling` → `InPlacePodVerticalScaling`).
fn nearest_gate<'r>(registry: &'r Registry, name: &str) -> Option<&'r str> {
    let limit = (name.chars().count() / 6).clamp(1, 2);
    let lower = name.to_lowercase();
    registry
        .gates()
        .map(|g| g.name.0.as_str())
        .filter(|known| known.len().abs_diff(name.len()) <= limit)
        .map(|known| {
            (
                crate::text::levenshtein(&known.to_lowercase(), &lower),
                known,
            )
        })
        .filter(|(d, _)| *d <= limit)
        .min()
        .map(|(_, known)| known)
}
