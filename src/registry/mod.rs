//! The registry of known facts about KEPs and feature gates, curated in `glossary/keps.toml`
//! and `glossary/feature-gates.toml` (formats at the top of each file and in `KEPS_HEADER` /
//! `GATES_HEADER`), so that a KEP page has a title and a gate page a stage history even when no
//! article states them, and so that `shiori check` can report an article whose stage for a
//! release disagrees with the registry.
//!
//! Takes the text of the two files (the load stage reads them) and gives a `Registry` with
//! lookups, plus the problems found, each with file and line. `import` regenerates both files
//! from local checkouts of kubernetes/enhancements and kubernetes/website. Read first in a
//! build (`pipeline::registry`): extract asks it for gate names, link and render for titles and
//! stage histories, `check::references` for the facts it compares.
//!
//! **Built in.** The same import of the whole of kubernetes/enhancements and kubernetes/website
//! ships inside the binary (`builtin`, from `src/registry/builtin/`), so a site with an empty
//! `glossary/` knows every KEP and gate. A site's own files add to it and override it entry by
//! entry (`over`); `builtin_registry = false` in `site.toml` leaves it out.
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::model::diag::{Diagnostic, LineIndex, line_of};
use crate::model::ids::{FeatureGateName, KepNumber, Release, SigName, Stage};

pub mod import;

pub use import::{Imported, import};

/// The comment that opens `glossary/keps.toml` (also written by `import`).
pub const KEPS_HEADER: &str = "\
# KEP registry: what shiori knows about Kubernetes Enhancement Proposals, whatever the
# articles say. One [[kep]] table per KEP, sorted by number:
#
#   [[kep]]
#   number = 3962                          # the enhancements issue number (KEP-3962)
#   title = \"Mutating Admission Policies\"  # as in the KEP's kep.yaml
#   sig = \"api-machinery\"                  # owning SIG (`sig-x`, `sig/x` or `x`)
#   alpha = \"1.32\"                         # release the KEP reached each stage in;
#   beta = \"1.34\"                          # any of alpha, beta, stable, deprecated, removed
#
# Refresh from a kubernetes/enhancements checkout with
#   shiori registry import --enhancements PATH --website PATH
";

/// The comment that opens `glossary/feature-gates.toml` (also written by `import`).
pub const GATES_HEADER: &str = "\
# Feature-gate registry: the stage history of each gate, as kubernetes/website documents it.
# One [[gate]] table per gate, sorted by name:
#
#   [[gate]]
#   name = \"WatchList\"     # exactly as Kubernetes spells it
#   kep = 3157             # the KEP that introduced it (optional)
#   stages = [             # in release order; `to` is the last release at that stage
#     { stage = \"alpha\", from = \"1.27\", to = \"1.31\", default = false },
#     { stage = \"beta\", from = \"1.32\", default = true },
#   ]
#   removed = \"1.36\"       # first release without the gate (optional)
#
# `stage` is alpha, beta, stable or deprecated; `default` is whether the gate is on by
# default; `locked = true` marks a gate that can no longer be switched off.
# Refresh from a kubernetes/website checkout with
#   shiori registry import --enhancements PATH --website PATH
";

/// Where the built-in registry's entries live, as diagnostics name them.
pub const BUILTIN_KEPS: &str = "the built-in registry (src/registry/builtin/keps.toml)";
pub const BUILTIN_GATES: &str = "the built-in registry (src/registry/builtin/feature-gates.toml)";

/// A registry entry with a stage history: a KEP's milestones or a gate's stages.
pub trait StageHistory {
    /// The entry's stage in `release` (`Some(None)`: none yet), or `None` when the entry keeps
    /// no history to compare with (a KEP listed without milestones).
    fn recorded_stage(&self, release: Release) -> Option<Option<Stage>>;

    /// Whether the entry's history could say `stated` at all (else it keeps nothing to compare
    /// a claim of `stated` with).
    fn records(&self, _stated: Stage) -> bool {
        true
    }
}

/// The registry's stage for `entry` in `release` when an article that states `stated` for that
/// release contradicts it (`Some(None)`: the registry has no stage for it yet); `None` when they
/// agree or the registry keeps nothing to compare with. The one rule of a disagreement: the
/// KEP and gate pages (`graph`) and `shiori check` (`check::references`) both ask it.
pub fn contradiction(
    entry: &impl StageHistory,
    release: Release,
    stated: Stage,
) -> Option<Option<Stage>> {
    if !entry.records(stated) {
        return None;
    }
    let known = entry.recorded_stage(release)?;
    (known != Some(stated)).then_some(known)
}

impl StageHistory for KepEntry {
    fn recorded_stage(&self, release: Release) -> Option<Option<Stage>> {
        (!self.milestones.is_empty()).then(|| self.stage_at(release))
    }

    /// A KEP's milestones are when the enhancement reached alpha, beta and GA; when an article
    /// says a KEP removed or deprecated something (`gitRepo`ボリュームドライバーの削除 by KEP-5040,
    /// itself beta) and the entry keeps no such milestone, the registry has nothing to say.
    fn records(&self, stated: Stage) -> bool {
        !matches!(stated, Stage::Removed | Stage::Deprecated)
            || self.milestones.contains_key(&stated)
    }
}

impl StageHistory for GateEntry {
    fn recorded_stage(&self, release: Release) -> Option<Option<Stage>> {
        Some(self.stage_at(release).map(|s| s.stage))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KepEntry {
    pub number: KepNumber,
    pub title: String,
    pub sig: Option<SigName>,
    /// The release in which the KEP reached each stage.
    pub milestones: BTreeMap<Stage, Release>,
    /// 1-based line of the entry in its file.
    pub line: usize,
}

impl KepEntry {
    /// The stage the KEP was at in `release`: the latest milestone not after it.
    pub fn stage_at(&self, release: Release) -> Option<Stage> {
        self.milestones
            .iter()
            .filter(|(_, r)| **r <= release)
            .max_by_key(|(s, r)| (**r, **s))
            .map(|(s, _)| *s)
    }

    pub fn milestone(&self, stage: Stage) -> Option<Release> {
        self.milestones.get(&stage).copied()
    }
}

/// One row of a gate's stage history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GateStage {
    pub stage: Stage,
    pub from: Release,
    /// Last release at this stage; `None` while it lasts.
    pub to: Option<Release>,
    pub default_on: Option<bool>,
    pub locked: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GateEntry {
    pub name: FeatureGateName,
    pub kep: Option<KepNumber>,
    /// In release order.
    pub stages: Vec<GateStage>,
    /// First release without the gate.
    pub removed: Option<Release>,
    pub line: usize,
}

/// A gate's stage and default in one release.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GateStatus {
    pub stage: Stage,
    pub default_on: Option<bool>,
}

impl GateEntry {
    /// The gate's stage in `release`: `Removed` from its removal on, else the last history row
    /// that began at or before `release`; `None` before the gate existed.
    pub fn stage_at(&self, release: Release) -> Option<GateStatus> {
        if self.removed.is_some_and(|r| release >= r) {
            return Some(GateStatus {
                stage: Stage::Removed,
                default_on: None,
            });
        }
        self.stage_row_at(release).map(|s| GateStatus {
            stage: s.stage,
            default_on: s.default_on,
        })
    }

    /// The stage of the gate's feature in `release`: [`GateEntry::stage_at`], except that a gate
    /// removed after its feature went GA leaves the feature GA (on for good; only the switch is
    /// gone, as with `KMSv2` in 1.32).
    pub fn feature_stage_at(&self, release: Release) -> Option<Stage> {
        match self.stage_at(release)?.stage {
            Stage::Removed if self.stages.last().is_some_and(|s| s.stage == Stage::Stable) => {
                Some(Stage::Stable)
            }
            stage => Some(stage),
        }
    }

    /// The history row in effect in `release`: the last one that began at or before it.
    pub fn stage_row_at(&self, release: Release) -> Option<&GateStage> {
        self.stages.iter().rfind(|s| s.from <= release)
    }

    /// The first release at `stage`, if the gate ever reached it.
    pub fn first_release_at(&self, stage: Stage) -> Option<Release> {
        if stage == Stage::Removed {
            return self.removed;
        }
        self.stages
            .iter()
            .find(|s| s.stage == stage)
            .map(|s| s.from)
    }
}

/// Known KEPs and gates, with lookups by number and name.
#[derive(Debug, Clone, Default)]
pub struct Registry {
    keps: BTreeMap<KepNumber, KepEntry>,
    gates: BTreeMap<String, GateEntry>,
    /// Lower-cased name → name; for lookups only, never iterated.
    gates_folded: HashMap<String, String>,
    kep_gates: BTreeMap<KepNumber, Vec<FeatureGateName>>,
    /// Entries that come from the built-in registry (after `over`), so diagnostics name the
    /// file an entry really lives in.
    builtin_keps: std::collections::HashSet<KepNumber>,
    builtin_gates: std::collections::HashSet<String>,
    /// Where the entries came from, for diagnostics that point at the registry.
    pub keps_path: PathBuf,
    pub gates_path: PathBuf,
    /// The matcher of the phrases naming KEPs in prose, made on first use (entries never change after a
    /// registry is built).
    kep_phrases: std::sync::OnceLock<KepPhrases>,
}

/// The phrases of the registry that name a KEP in prose: its titles of two words or more and
/// ten characters or more, ASCII (`Pod Scheduling Readiness`, `kubectl debug`; not `Sidecar`),
/// and the names of its gates of three words or more written as words, each naming the KEP the
/// registry ties the gate to (`InPlacePodVerticalScaling` as `In-Place Pod Vertical Scaling`).
/// Matched with ASCII case ignored and a hyphen read as a space.
#[derive(Debug, Clone)]
struct KepPhrases {
    matcher: Option<aho_corasick::AhoCorasick>,
    keps: Vec<KepNumber>,
    /// The same phrases by their letters and digits alone, lower case (`LoadBalancer` and
    /// `load balancer`, `non-graceful` and `non graceful` are one): for a whole heading.
    by_letters: HashMap<String, KepNumber>,
}

/// A phrase's letters and digits (of any script: a heading's Japanese is more than the title),
/// lower case: how [`Registry::kep_titled`] compares a heading with a title.
fn letters_of(phrase: &str) -> String {
    phrase
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

impl KepPhrases {
    fn new(keps: &BTreeMap<KepNumber, KepEntry>, gates: &BTreeMap<String, GateEntry>) -> Self {
        let titles = keps.values().filter_map(|k| {
            let t = k.title.trim();
            (t.is_ascii() && t.len() >= 10 && t.split_whitespace().nth(1).is_some())
                .then(|| (t.to_string(), k.number))
        });
        let gate_words = gates.values().filter_map(|g| {
            let words = crate::text::camel_words(&g.name.0);
            let kep = g.kep.filter(|_| words.len() >= 3)?;
            Some((words.join(" "), kep))
        });
        // By phrase, lower case with a hyphen as a space: a phrase of two KEPs names neither.
        let mut by_phrase: BTreeMap<String, std::collections::BTreeSet<KepNumber>> =
            BTreeMap::new();
        for (phrase, kep) in titles.chain(gate_words) {
            let folded = phrase.to_ascii_lowercase().replace('-', " ");
            by_phrase.entry(folded).or_default().insert(kep);
        }
        let unique: Vec<(String, KepNumber)> = by_phrase
            .into_iter()
            .filter(|(_, keps)| keps.len() == 1)
            .filter_map(|(phrase, keps)| Some((phrase, *keps.first()?)))
            .collect();
        let mut by_letters: HashMap<String, std::collections::BTreeSet<KepNumber>> = HashMap::new();
        for (phrase, kep) in &unique {
            by_letters
                .entry(letters_of(phrase))
                .or_default()
                .insert(*kep);
        }
        let by_letters = by_letters
            .into_iter()
            .filter(|(_, keps)| keps.len() == 1)
            .filter_map(|(letters, keps)| Some((letters, *keps.first()?)))
            .collect();
        let matcher = aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .match_kind(aho_corasick::MatchKind::LeftmostLongest)
            // Every block of every article is searched: a DFA (built once) is the fastest.
            .kind(Some(aho_corasick::AhoCorasickKind::DFA))
            .build(unique.iter().map(|(p, _)| p))
            .ok();
        KepPhrases {
            matcher,
            keps: unique.into_iter().map(|(_, n)| n).collect(),
            by_letters,
        }
    }
}

impl Registry {
    /// Builds a registry from the text of both files; problems come back as errors with file
    /// and line, and the entries they concern are left out.
    pub fn parse(
        keps_path: &Path,
        keps_text: &str,
        gates_path: &Path,
        gates_text: &str,
    ) -> (Registry, Vec<Diagnostic>) {
        let mut diags = Vec::new();
        let mut reg = Registry {
            keps_path: keps_path.to_path_buf(),
            gates_path: gates_path.to_path_buf(),
            ..Registry::default()
        };
        for k in parse_keps(keps_path, keps_text, &mut diags) {
            if let Some(prev) = reg.keps.get(&k.number) {
                diags.push(
                    Diagnostic::error(
                        keps_path,
                        Some(k.line),
                        format!(
                            "`{}` is listed twice (first on line {})",
                            k.number.label(),
                            prev.line
                        ),
                    )
                    .help("merge the two [[kep]] tables into one"),
                );
                continue;
            }
            reg.keps.insert(k.number, k);
        }
        for g in parse_gates(gates_path, gates_text, &mut diags) {
            if let Some(prev) = reg.gates.get(&g.name.0) {
                diags.push(
                    Diagnostic::error(
                        gates_path,
                        Some(g.line),
                        format!(
                            "gate `{}` is listed twice (first on line {})",
                            g.name, prev.line
                        ),
                    )
                    .help("merge the two [[gate]] tables into one"),
                );
                continue;
            }
            reg.insert_gate(g);
        }
        (reg, diags)
    }

    /// The registry compiled into shiori (see `src/registry/builtin/SOURCES.md`).
    pub fn builtin() -> &'static Registry {
        static BUILTIN: std::sync::LazyLock<Registry> = std::sync::LazyLock::new(|| {
            let (reg, diags) = Registry::parse(
                Path::new(BUILTIN_KEPS),
                include_str!("builtin/keps.toml"),
                Path::new(BUILTIN_GATES),
                include_str!("builtin/feature-gates.toml"),
            );
            // A test keeps the shipped files clean; a stray problem only drops its entry.
            debug_assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
            reg
        });
        &BUILTIN
    }

    /// This registry over `base`: an entry here replaces `base`'s entry of the same KEP
    /// number or gate name; `base`'s other entries stay.
    pub fn over(self, base: &Registry) -> Registry {
        let mut merged = Registry {
            keps_path: self.keps_path.clone(),
            gates_path: self.gates_path.clone(),
            ..Registry::default()
        };
        for k in base.keps.values() {
            if !self.keps.contains_key(&k.number) {
                merged.keps.insert(k.number, k.clone());
                merged.builtin_keps.insert(k.number);
            }
        }
        for g in base.gates.values() {
            if !self.gates.contains_key(&g.name.0) {
                merged.insert_gate(g.clone());
                merged.builtin_gates.insert(g.name.0.clone());
            }
        }
        for (n, k) in self.keps {
            merged.keps.insert(n, k);
        }
        for g in self.gates.into_values() {
            merged.insert_gate(g);
        }
        merged
    }

    /// A registry holding exactly these entries (for tests and the importer).
    pub fn from_entries(keps: Vec<KepEntry>, gates: Vec<GateEntry>) -> Registry {
        let mut reg = Registry::default();
        for k in keps {
            reg.keps.insert(k.number, k);
        }
        for g in gates {
            reg.insert_gate(g);
        }
        reg
    }

    fn insert_gate(&mut self, g: GateEntry) {
        self.gates_folded
            .insert(g.name.0.to_ascii_lowercase(), g.name.0.clone());
        if let Some(k) = g.kep {
            let list = self.kep_gates.entry(k).or_default();
            list.push(g.name.clone());
            list.sort();
        }
        self.gates.insert(g.name.0.clone(), g);
    }

    /// The file KEP `n`'s entry comes from: the site's `glossary/keps.toml` or the built-in one.
    pub fn kep_file(&self, n: KepNumber) -> &Path {
        if self.builtin_keps.contains(&n) {
            Path::new(BUILTIN_KEPS)
        } else {
            &self.keps_path
        }
    }

    /// The file gate `name`'s entry comes from.
    pub fn gate_file(&self, name: &str) -> &Path {
        if self.gate_is_builtin(name) {
            Path::new(BUILTIN_GATES)
        } else {
            &self.gates_path
        }
    }

    /// Gate `name`'s entry is the built-in registry's, not the site's file's.
    pub fn gate_is_builtin(&self, name: &str) -> bool {
        self.builtin_gates.contains(name)
    }

    pub fn kep(&self, n: KepNumber) -> Option<&KepEntry> {
        self.keps.get(&n)
    }

    /// The KEPs whose titles, or whose gates' names written as words, `text` writes out
    /// ([`KepPhrases`]; whole words), with their byte ranges, leftmost-longest and not
    /// overlapping.
    pub fn kep_phrases_in(&self, text: &str) -> Vec<(std::ops::Range<usize>, KepNumber)> {
        let phrases = self
            .kep_phrases
            .get_or_init(|| KepPhrases::new(&self.keps, &self.gates));
        let Some(matcher) = &phrases.matcher else {
            return Vec::new();
        };
        // (Case is the matcher's to ignore; only a hyphen needs a copy of the text, one byte
        // for one byte, so that its offsets are the text's.)
        let folded: std::borrow::Cow<str> = if text.contains('-') {
            text.replace('-', " ").into()
        } else {
            text.into()
        };
        let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
        matcher
            .find_iter(folded.as_ref())
            .filter(|m| {
                !word(text[..m.start()].chars().next_back())
                    && !word(text[m.end()..].chars().next())
            })
            .map(|m| (m.range(), phrases.keps[m.pattern().as_usize()]))
            .collect()
    }

    /// The KEP whose title, or whose gate's name written as words ([`KepPhrases`]), `text` is,
    /// whole, its letters and digits compared (`Make Kubernetes aware of the LoadBalancer
    /// behaviour` is KEP-1860's `…the load balancer behaviour`).
    pub fn kep_titled(&self, text: &str) -> Option<KepNumber> {
        let phrases = self
            .kep_phrases
            .get_or_init(|| KepPhrases::new(&self.keps, &self.gates));
        phrases.by_letters.get(&letters_of(text)).copied()
    }

    /// All KEPs by number.
    pub fn keps(&self) -> impl Iterator<Item = &KepEntry> {
        self.keps.values()
    }

    pub fn gate(&self, name: &str) -> Option<&GateEntry> {
        self.gates.get(name)
    }

    /// `Customresourcefieldselectors` → `CustomResourceFieldSelectors`.
    pub fn gate_ignore_case(&self, name: &str) -> Option<&GateEntry> {
        self.gates_folded
            .get(&name.to_ascii_lowercase())
            .and_then(|n| self.gates.get(n))
    }

    /// All gates by name.
    pub fn gates(&self) -> impl Iterator<Item = &GateEntry> {
        self.gates.values()
    }

    /// The gates whose registry entry names KEP `n`, sorted.
    pub fn gates_of_kep(&self, n: KepNumber) -> &[FeatureGateName] {
        self.kep_gates.get(&n).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn is_empty(&self) -> bool {
        self.keps.is_empty() && self.gates.is_empty()
    }

    /// [`contradiction`] for KEP `n`, but once the KEP has a stage, a stage one of its gates has
    /// in `release` is no contradiction: kep.yaml's milestones are often moved to a later release
    /// (UserNamespaces' `beta: v1.35`, when beta came on by default) while the gate's page
    /// records the release it shipped in (beta from 1.30), and an article stating either is
    /// right. Before the KEP's first milestone its gate says nothing of it: a gate is often
    /// registered a release or two before the feature ships (MutatingAdmissionPolicy's is alpha
    /// from 1.30; KEP-3962 reached alpha in 1.32).
    pub fn kep_contradiction(
        &self,
        n: KepNumber,
        release: Release,
        stated: Stage,
    ) -> Option<Option<Stage>> {
        let known = contradiction(self.kep(n)?, release, stated)?;
        let a_gate_agrees = self.gates_of_kep(n).iter().any(|g| {
            self.gate(&g.0)
                .and_then(|e| e.stage_at(release))
                .is_some_and(|s| s.stage == stated)
        });
        (known.is_none() || !a_gate_agrees).then_some(known)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KepsFile {
    #[serde(default)]
    kep: Vec<toml::Spanned<RawKep>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKep {
    number: u32,
    title: String,
    sig: Option<String>,
    alpha: Option<String>,
    beta: Option<String>,
    stable: Option<String>,
    deprecated: Option<String>,
    removed: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GatesFile {
    #[serde(default)]
    gate: Vec<toml::Spanned<RawGate>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGate {
    name: String,
    kep: Option<u32>,
    #[serde(default)]
    stages: Vec<RawGateStage>,
    removed: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGateStage {
    stage: String,
    from: String,
    to: Option<String>,
    default: Option<bool>,
    #[serde(default)]
    locked: bool,
}

fn toml_error(path: &Path, text: &str, e: toml::de::Error, example: &str) -> Diagnostic {
    let line = e.span().map(|s| line_of(text, s.start));
    Diagnostic::error(
        path,
        line,
        format!("registry file is not valid: {}", e.message().trim()),
    )
    .help(format!("entries look like:\n{example}"))
}

fn parse_keps(path: &Path, text: &str, diags: &mut Vec<Diagnostic>) -> Vec<KepEntry> {
    let file: KepsFile = match toml::from_str(text) {
        Ok(f) => f,
        Err(e) => {
            diags.push(toml_error(path, text, e, "[[kep]]\nnumber = 3962\ntitle = \"Mutating Admission Policies\"\nsig = \"api-machinery\"\nalpha = \"1.32\""));
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    let lines = LineIndex::new(text);
    for spanned in file.kep {
        let line = lines.line(spanned.span().start);
        let raw = spanned.into_inner();
        let mut ok = true;
        let sig = match raw.sig.as_deref().map(|s| (s, SigName::parse(s))) {
            None => None,
            Some((_, Some(sig))) => Some(sig),
            Some((s, None)) => {
                ok = false;
                diags.push(
                    Diagnostic::error(
                        path,
                        Some(line),
                        format!(
                            "`{s}` in `{}` is not a SIG name",
                            KepNumber(raw.number).label()
                        ),
                    )
                    .help("write the owning SIG like `sig = \"api-machinery\"`"),
                );
                None
            }
        };
        let mut milestones = BTreeMap::new();
        for (stage, value) in [
            (Stage::Alpha, &raw.alpha),
            (Stage::Beta, &raw.beta),
            (Stage::Stable, &raw.stable),
            (Stage::Deprecated, &raw.deprecated),
            (Stage::Removed, &raw.removed),
        ] {
            let Some(v) = value else { continue };
            match v.parse::<Release>() {
                Ok(r) => {
                    milestones.insert(stage, r);
                }
                Err(m) => {
                    ok = false;
                    diags.push(Diagnostic::error(
                        path,
                        Some(line),
                        format!("`{stage}` of `{}`: {m}", KepNumber(raw.number).label()),
                    ));
                }
            }
        }
        if raw.title.trim().is_empty() {
            ok = false;
            diags.push(
                Diagnostic::error(
                    path,
                    Some(line),
                    format!("`{}` has an empty title", KepNumber(raw.number).label()),
                )
                .help("copy the `title` of the KEP's kep.yaml"),
            );
        }
        if ok {
            out.push(KepEntry {
                number: KepNumber(raw.number),
                title: raw.title.trim().to_string(),
                sig,
                milestones,
                line,
            });
        }
    }
    out
}

fn parse_gates(path: &Path, text: &str, diags: &mut Vec<Diagnostic>) -> Vec<GateEntry> {
    let file: GatesFile = match toml::from_str(text) {
        Ok(f) => f,
        Err(e) => {
            diags.push(toml_error(path, text, e, "[[gate]]\nname = \"WatchList\"\nkep = 3157\nstages = [\n  { stage = \"alpha\", from = \"1.27\", to = \"1.31\", default = false },\n]"));
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    let lines = LineIndex::new(text);
    for spanned in file.gate {
        let line = lines.line(spanned.span().start);
        let raw = spanned.into_inner();
        let name = raw.name.trim();
        let mut ok = true;
        let mut err = |msg: String, help: &str| {
            ok = false;
            diags.push(Diagnostic::error(path, Some(line), msg).help(help));
        };
        if name.parse::<FeatureGateName>().is_err() {
            err(
                format!("`{name}` is not a feature-gate name"),
                "gate names are CamelCase letters and digits, e.g. `name = \"PodLevelResources\"`",
            );
        }
        let mut stages = Vec::new();
        for s in &raw.stages {
            let stage = s.stage.parse::<Stage>();
            let from = s.from.parse::<Release>();
            let to = s.to.as_deref().map(str::parse::<Release>).transpose();
            match (stage, from, to) {
                (Ok(stage), Ok(from), Ok(to)) => {
                    if to.is_some_and(|t| t < from) {
                        err(
                            format!(
                                "stage `{stage}` of `{name}` ends ({}) before it starts ({from})",
                                to.unwrap()
                            ),
                            "`to` is the last release at that stage",
                        );
                    }
                    stages.push(GateStage {
                        stage,
                        from,
                        to,
                        default_on: s.default,
                        locked: s.locked,
                    });
                }
                (Err(m), _, _) | (_, Err(m), _) | (_, _, Err(m)) => err(
                    format!("stage of `{name}`: {m}"),
                    "stages look like `{ stage = \"beta\", from = \"1.32\", default = true }`",
                ),
            }
        }
        if stages.windows(2).any(|w| w[1].from < w[0].from) {
            err(
                format!("the stages of `{name}` are not in release order"),
                "list the stages from the oldest release to the newest",
            );
        }
        let removed = match raw
            .removed
            .as_deref()
            .map(str::parse::<Release>)
            .transpose()
        {
            Ok(r) => r,
            Err(m) => {
                err(
                    format!("`removed` of `{name}`: {m}"),
                    "write the first release without the gate, e.g. `removed = \"1.32\"`",
                );
                None
            }
        };
        if ok {
            out.push(GateEntry {
                name: FeatureGateName(name.to_string()),
                kep: raw.kep.map(KepNumber),
                stages,
                removed,
                line,
            });
        }
    }
    out
}

/// Renders KEP entries as `keps.toml` (header comment, sorted by number).
pub fn render_keps(keps: &[KepEntry]) -> String {
    let mut sorted: Vec<&KepEntry> = keps.iter().collect();
    sorted.sort_by_key(|k| k.number);
    let mut out = String::from(KEPS_HEADER);
    for k in sorted {
        out.push_str("\n[[kep]]\n");
        out.push_str(&format!("number = {}\n", k.number));
        out.push_str(&format!("title = {}\n", toml_string(&k.title)));
        if let Some(sig) = &k.sig {
            out.push_str(&format!("sig = {}\n", toml_string(sig.as_str())));
        }
        for (stage, release) in &k.milestones {
            out.push_str(&format!("{stage} = \"{release}\"\n"));
        }
    }
    out
}

/// Renders gate entries as `feature-gates.toml` (header comment, sorted by name).
pub fn render_gates(gates: &[GateEntry]) -> String {
    let mut sorted: Vec<&GateEntry> = gates.iter().collect();
    sorted.sort_by(|a, b| a.name.cmp(&b.name));
    let mut out = String::from(GATES_HEADER);
    for g in sorted {
        out.push_str("\n[[gate]]\n");
        out.push_str(&format!("name = {}\n", toml_string(&g.name.0)));
        if let Some(k) = g.kep {
            out.push_str(&format!("kep = {k}\n"));
        }
        out.push_str("stages = [\n");
        for s in &g.stages {
            out.push_str(&format!(
                "  {{ stage = \"{}\", from = \"{}\"",
                s.stage, s.from
            ));
            if let Some(to) = s.to {
                out.push_str(&format!(", to = \"{to}\""));
            }
            if let Some(d) = s.default_on {
                out.push_str(&format!(", default = {d}"));
            }
            if s.locked {
                out.push_str(", locked = true");
            }
            out.push_str(" },\n");
        }
        out.push_str("]\n");
        if let Some(r) = g.removed {
            out.push_str(&format!("removed = \"{r}\"\n"));
        }
    }
    out
}

pub(crate) fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stated_stage_contradicts_the_registry_only_where_it_keeps_one() {
        let r = |s: &str| s.parse::<Release>().unwrap();
        let kep = |milestones: &[(Stage, &str)]| KepEntry {
            number: KepNumber(3962),
            title: "Mutating Admission Policies".into(),
            sig: None,
            milestones: milestones.iter().map(|(s, v)| (*s, r(v))).collect(),
            line: 1,
        };
        let k = kep(&[(Stage::Alpha, "1.30"), (Stage::Beta, "1.32")]);
        assert_eq!(contradiction(&k, r("1.31"), Stage::Alpha), None);
        assert_eq!(
            contradiction(&k, r("1.32"), Stage::Alpha),
            Some(Some(Stage::Beta))
        );
        assert_eq!(contradiction(&k, r("1.29"), Stage::Alpha), Some(None));
        // Without milestones there is nothing to contradict.
        assert_eq!(contradiction(&kep(&[]), r("1.32"), Stage::Stable), None);
        // KEP-5040 (beta in 1.36) removes the gitRepo driver: its milestones say nothing of a
        // removal; one it records is compared.
        assert_eq!(contradiction(&k, r("1.32"), Stage::Removed), None);
        assert_eq!(contradiction(&k, r("1.32"), Stage::Deprecated), None);
        let gone = kep(&[(Stage::Stable, "1.20"), (Stage::Removed, "1.30")]);
        assert_eq!(
            contradiction(&gone, r("1.25"), Stage::Removed),
            Some(Some(Stage::Stable))
        );

        let g = GateEntry {
            name: FeatureGateName("WatchList".into()),
            kep: None,
            stages: vec![GateStage {
                stage: Stage::Alpha,
                from: r("1.27"),
                to: None,
                default_on: Some(false),
                locked: false,
            }],
            removed: Some(r("1.33")),
            line: 1,
        };
        assert_eq!(contradiction(&g, r("1.28"), Stage::Alpha), None);
        assert_eq!(contradiction(&g, r("1.26"), Stage::Alpha), Some(None));
        assert_eq!(contradiction(&g, r("1.33"), Stage::Removed), None);
        assert_eq!(
            contradiction(&g, r("1.33"), Stage::Alpha),
            Some(Some(Stage::Removed))
        );
    }

    fn parse(keps: &str, gates: &str) -> (Registry, Vec<Diagnostic>) {
        Registry::parse(
            Path::new("glossary/keps.toml"),
            keps,
            Path::new("glossary/feature-gates.toml"),
            gates,
        )
    }

    const KEPS: &str = "[[kep]]\nnumber = 3962\ntitle = \"Mutating Admission Policies\"\nsig = \"sig-api-machinery\"\nalpha = \"1.32\"\nbeta = \"1.34\"\n";
    const GATES: &str = "[[gate]]\nname = \"WatchList\"\nkep = 3157\nstages = [\n  { stage = \"alpha\", from = \"1.27\", to = \"1.31\", default = false },\n  { stage = \"beta\", from = \"1.32\", to = \"1.32\", default = true },\n  { stage = \"beta\", from = \"1.33\", to = \"1.33\", default = false },\n]\n\n[[gate]]\nname = \"HPAContainerMetrics\"\nstages = [\n  { stage = \"stable\", from = \"1.30\", to = \"1.31\", default = true, locked = true },\n]\nremoved = \"1.32\"\n";

    fn r(s: &str) -> Release {
        s.parse().unwrap()
    }

    #[test]
    fn kep_lookups_and_stage_by_release() {
        let (reg, d) = parse(KEPS, "");
        assert!(d.is_empty(), "{d:?}");
        let k = reg.kep(KepNumber(3962)).unwrap();
        assert_eq!(k.title, "Mutating Admission Policies");
        assert_eq!(k.sig.as_ref().unwrap().as_str(), "api-machinery");
        assert_eq!(k.stage_at(r("1.31")), None);
        assert_eq!(k.stage_at(r("1.32")), Some(Stage::Alpha));
        assert_eq!(k.stage_at(r("1.35")), Some(Stage::Beta));
        assert_eq!(k.line, 1);
    }

    #[test]
    fn a_kep_stage_its_gate_has_in_that_release_is_no_contradiction() {
        // kep.yaml moved beta to 1.35; the gate's page says beta from 1.30.
        let keps = "[[kep]]\nnumber = 127\ntitle = \"Support User Namespaces\"\nalpha = \"1.25\"\nbeta = \"1.35\"\n";
        let gates = "[[gate]]\nname = \"UserNamespacesSupport\"\nkep = 127\nstages = [\n  { stage = \"alpha\", from = \"1.28\", to = \"1.29\", default = false },\n  { stage = \"beta\", from = \"1.30\", default = false },\n]\n";
        let (reg, d) = parse(keps, gates);
        assert!(d.is_empty(), "{d:?}");
        let n = KepNumber(127);
        assert_eq!(reg.kep_contradiction(n, r("1.33"), Stage::Beta), None);
        assert_eq!(reg.kep_contradiction(n, r("1.33"), Stage::Alpha), None);
        assert_eq!(
            reg.kep_contradiction(n, r("1.33"), Stage::Stable),
            Some(Some(Stage::Alpha))
        );
        assert_eq!(reg.kep_contradiction(n, r("1.24"), Stage::Beta), Some(None));
        // Before the KEP's first milestone, its gate's stage does not speak for it.
        let early = "[[gate]]\nname = \"UserNamespacesSupport\"\nkep = 127\nstages = [ { stage = \"alpha\", from = \"1.23\", default = false } ]\n";
        let (early, _) = parse(keps, early);
        assert_eq!(
            early.kep_contradiction(n, r("1.24"), Stage::Alpha),
            Some(None)
        );
        assert_eq!(
            reg.kep_contradiction(KepNumber(1), r("1.33"), Stage::Beta),
            None
        );
    }

    #[test]
    fn gate_history_by_release() {
        let (reg, d) = parse("", GATES);
        assert!(d.is_empty(), "{d:?}");
        let w = reg.gate("WatchList").unwrap();
        assert_eq!(w.stage_at(r("1.26")), None);
        assert_eq!(w.stage_at(r("1.30")).unwrap().stage, Stage::Alpha);
        assert_eq!(w.stage_at(r("1.32")).unwrap().default_on, Some(true));
        assert_eq!(w.stage_at(r("1.33")).unwrap().default_on, Some(false));
        assert_eq!(w.first_release_at(Stage::Beta), Some(r("1.32")));
        let h = reg.gate("HPAContainerMetrics").unwrap();
        assert_eq!(h.stage_at(r("1.32")).unwrap().stage, Stage::Removed);
        assert_eq!(h.line, 10);
        assert_eq!(reg.gates_of_kep(KepNumber(3157))[0].0, "WatchList");
        assert_eq!(
            reg.gate_ignore_case("watchlist").unwrap().name.0,
            "WatchList"
        );
    }

    #[test]
    fn malformed_toml_points_at_the_line() {
        let (_, d) = parse("[[kep]]\nnumber = 1\ntitle = \"x\"\nalpha = 1.27\n", "");
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].line, Some(4), "{}", d[0]);
        assert!(d[0].path.ends_with("keps.toml"));
    }

    #[test]
    fn unknown_keys_are_errors_with_the_entry_line() {
        let (_, d) = parse(
            "",
            "[[gate]]\nname = \"A\"\n\n[[gate]]\nname = \"Bb\"\nstage = []\n",
        );
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0].message.contains("stage"), "{}", d[0]);
    }

    #[test]
    fn semantic_errors_name_the_entry_and_line() {
        let (reg, d) = parse(
            "[[kep]]\nnumber = 1\ntitle = \"ok\"\n\n[[kep]]\nnumber = 2\ntitle = \"bad\"\nsig = \"ノード\"\nbeta = \"one\"\n",
            "[[gate]]\nname = \"Bad Name\"\n\n[[gate]]\nname = \"Good\"\nstages = [ { stage = \"beta\", from = \"1.30\" }, { stage = \"alpha\", from = \"1.20\" } ]\n",
        );
        assert!(reg.kep(KepNumber(1)).is_some());
        assert!(reg.kep(KepNumber(2)).is_none());
        let lines: Vec<(String, Option<usize>)> = d
            .iter()
            .map(|d| (d.path.display().to_string(), d.line))
            .collect();
        assert_eq!(
            lines,
            [
                ("glossary/keps.toml".to_string(), Some(5)),
                ("glossary/keps.toml".to_string(), Some(5)),
                ("glossary/feature-gates.toml".to_string(), Some(1)),
                ("glossary/feature-gates.toml".to_string(), Some(4)),
            ]
        );
        assert!(d[3].message.contains("release order"));
    }

    #[test]
    fn duplicates_are_reported() {
        let (_, d) = parse(&format!("{KEPS}\n{KEPS}"), "");
        assert_eq!(d.len(), 1);
        assert!(d[0].message.contains("twice"));
        assert_eq!(d[0].line, Some(8));
    }

    #[test]
    fn render_round_trips() {
        let (reg, d) = parse(KEPS, GATES);
        assert!(d.is_empty());
        let keps: Vec<KepEntry> = reg.keps().cloned().collect();
        let gates: Vec<GateEntry> = reg.gates().cloned().collect();
        let (again, d) = parse(&render_keps(&keps), &render_gates(&gates));
        assert!(d.is_empty(), "{d:?}");
        let strip = |mut k: KepEntry| {
            k.line = 0;
            k
        };
        assert_eq!(
            again.keps().cloned().map(strip).collect::<Vec<_>>(),
            keps.into_iter().map(strip).collect::<Vec<_>>()
        );
        assert_eq!(
            again.gate("WatchList").unwrap().stages,
            reg.gate("WatchList").unwrap().stages
        );
        assert_eq!(
            again.gate("HPAContainerMetrics").unwrap().removed,
            Some(r("1.32"))
        );
    }

    #[test]
    fn the_seeded_glossary_files_load_cleanly() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let keps = std::fs::read_to_string(root.join("glossary/keps.toml")).unwrap();
        let gates = std::fs::read_to_string(root.join("glossary/feature-gates.toml")).unwrap();
        let (reg, d) = parse(&keps, &gates);
        assert!(
            d.is_empty(),
            "{}",
            d.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        );
        assert!(reg.kep(KepNumber(3962)).is_some());
        assert!(reg.gate("PodLevelResources").is_some());
    }
}
