//! Curated glossary data: `glossary/terms.toml` parsed and validated into [`Terms`].
//!
//! Takes the file's path (for messages) and text (the load stage read it); gives the entries
//! in file order plus every problem found, each with file and line: a malformed entry, an id
//! that is not kebab-case or is used twice, an unknown `kind`, a feature gate that is not
//! CamelCase, a `related` id that does not exist, and a surface form (en, ja, alias, typo)
//! that folds to the same key as another term's (`クラスタ` and `クラスター` fold together, so
//! they may be listed on one term but not on two). Missing definitions are warnings.
//!
//! The file format is documented at the top of `glossary/terms.toml` itself.
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::TermSource;
use crate::model::diag::{Diagnostic, LineIndex, line_of};

use crate::model::ids::{FeatureGateName, KepNumber, TermId};

/// What sort of thing a term names; the glossary index filters by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TermKind {
    /// A concept (`ファイナライザー`, `監査ログ`).
    Term,
    /// A Kubernetes API kind (`Pod`, `StatefulSet`, `MutatingAdmissionPolicy`).
    ApiKind,
    /// A program or part of the control plane (`kubelet`, `kube-apiserver`).
    Component,
    /// A maturity word (`アルファ`, `ベータ`, `GA`, `非推奨`).
    Stage,
    /// A named feature that spans a KEP and gates (`Dynamic Resource Allocation`).
    Feature,
    /// A feature gate name used as a term.
    FeatureGate,
    /// A KEP used as a term.
    Kep,
    /// A command-line tool or library (`kubectl`, `client-go`).
    Tool,
    /// An API field (`terminationGracePeriodSeconds`).
    Field,
}

impl TermKind {
    pub const ALL: [TermKind; 9] = [
        TermKind::Term,
        TermKind::ApiKind,
        TermKind::Component,
        TermKind::Stage,
        TermKind::Feature,
        TermKind::FeatureGate,
        TermKind::Kep,
        TermKind::Tool,
        TermKind::Field,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TermKind::Term => "term",
            TermKind::ApiKind => "api_kind",
            TermKind::Component => "component",
            TermKind::Stage => "stage",
            TermKind::Feature => "feature",
            TermKind::FeatureGate => "feature_gate",
            TermKind::Kep => "kep",
            TermKind::Tool => "tool",
            TermKind::Field => "field",
        }
    }

    pub fn parse(s: &str) -> Option<TermKind> {
        TermKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// Japanese label for the index filter.
    pub fn label_ja(self) -> &'static str {
        match self {
            TermKind::Term => "用語",
            TermKind::ApiKind => "APIの種類",
            TermKind::Component => "コンポーネント",
            TermKind::Stage => "ステージ",
            TermKind::Feature => "機能",
            TermKind::FeatureGate => "フィーチャーゲート",
            TermKind::Kep => "KEP",
            TermKind::Tool => "ツール",
            TermKind::Field => "フィールド",
        }
    }
}

impl fmt::Display for TermKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One curated entry.
#[derive(Debug, Clone, PartialEq)]
pub struct CuratedTerm {
    pub id: TermId,
    pub en: String,
    pub ja: String,
    /// Other accepted spellings, shown and exported.
    pub aliases: Vec<String>,
    /// Misspellings seen in articles: linked to the term, never shown or exported as forms.
    pub typos: Vec<String>,
    pub kind: TermKind,
    pub def_ja: String,
    pub def_en: String,
    pub keps: Vec<KepNumber>,
    pub gates: Vec<FeatureGateName>,
    pub related: Vec<TermId>,
    /// Topics the term belongs to (kubernetes.io's glossary tags: `fundamental`,
    /// `networking`…); the glossary index filters by them.
    pub tags: Vec<String>,
    /// Where the term is documented (the official glossary's entry on kubernetes.io).
    pub link: Option<String>,
    /// `Curated` for `glossary/terms.toml`, `Official` for the built-in official glossary.
    pub source: TermSource,
    /// Whether a definition was filled in from the official glossary under a site's entry that
    /// had none (the term page credits kubernetes.io for it).
    pub official_definition: bool,
    /// An everyday word of the field (`Pod`, `ノード`, `API`): articles link it only when
    /// written for beginners.
    pub common: bool,
    /// 1-based line of the `[[term]]` header.
    pub line: usize,
}

impl CuratedTerm {
    /// Every form the articles may use: ja, en, aliases and typos.
    pub fn forms(&self) -> impl Iterator<Item = &str> {
        [self.ja.as_str(), self.en.as_str()]
            .into_iter()
            .chain(self.aliases.iter().map(String::as_str))
            .chain(self.typos.iter().map(String::as_str))
    }
}

/// The curated glossary, in file order.
#[derive(Debug, Clone, Default)]
pub struct Terms {
    pub path: PathBuf,
    pub terms: Vec<CuratedTerm>,
    /// Folded surface form → index into `terms`.
    by_form: BTreeMap<String, usize>,
}

/// The key two surface forms share when they are spellings of one term: NFKC, lowercase,
/// katakana variants folded, spaces, hyphens and `ー` dropped (`クラスタ`/`クラスター`,
/// `Garbage-Collector`/`garbage collector`).
pub fn form_key(s: &str) -> String {
    crate::text::japanese::fold_variants(s)
        .chars()
        .filter(|c| !matches!(c, '_' | '.' | '　'))
        .collect()
}

#[derive(Deserialize)]
struct RawFile {
    #[serde(default)]
    term: Vec<Spanned<RawTerm>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerm {
    id: Spanned<String>,
    en: Spanned<String>,
    ja: Spanned<String>,
    #[serde(default)]
    aliases: Vec<Spanned<String>>,
    #[serde(default)]
    typos: Vec<Spanned<String>>,
    kind: Spanned<String>,
    #[serde(default)]
    def_ja: String,
    #[serde(default)]
    def_en: String,
    #[serde(default)]
    keps: Vec<u32>,
    #[serde(default)]
    gates: Vec<Spanned<String>>,
    #[serde(default)]
    related: Vec<Spanned<String>>,
    #[serde(default)]
    tags: Vec<Spanned<String>>,
    #[serde(default)]
    link: Option<Spanned<String>>,
    #[serde(default)]
    common: bool,
}

impl Terms {
    pub fn empty() -> Terms {
        Terms::default()
    }

    /// Parses and validates the text of `path` (a site's `glossary/terms.toml`). Entries with
    /// errors are left out; the diagnostics say which and why.
    pub fn parse(path: &Path, text: &str) -> (Terms, Vec<Diagnostic>) {
        Terms::parse_as(path, text, TermSource::Curated)
    }

    /// [`Terms::parse`] of a file whose entries come from `source` (the built-in official
    /// glossary is the same format).
    pub fn parse_as(path: &Path, text: &str, source: TermSource) -> (Terms, Vec<Diagnostic>) {
        let mut diags = Vec::new();
        let raw: RawFile = match toml::from_str(text) {
            Ok(r) => r,
            Err(e) => {
                let line = e.span().map(|s| line_of(text, s.start));
                diags.push(
                    Diagnostic::error(path, line, format!("glossary is not valid TOML: {}", e.message()))
                        .help("each entry starts with `[[term]]` and needs `id`, `en`, `ja` and `kind`; see the comments at the top of the file"),
                );
                return (
                    Terms {
                        path: path.to_path_buf(),
                        ..Terms::default()
                    },
                    diags,
                );
            }
        };
        let lines = LineIndex::new(text);
        let line = |pos: usize| Some(lines.line(pos));
        let mut terms: Vec<CuratedTerm> = Vec::new();
        let mut id_lines: BTreeMap<String, usize> = BTreeMap::new();
        for entry in &raw.term {
            let header_line = lines.line(entry.span().start);
            let r = entry.get_ref();
            let mut ok = true;
            let id = r.id.get_ref().trim().to_string();
            if !is_kebab(&id) {
                diags.push(
                    Diagnostic::error(
                        path,
                        line(r.id.span().start),
                        format!("term id `{id}` is not ASCII kebab-case"),
                    )
                    .help(format!(
                        "write it like `{}` (lowercase letters, digits and single `-`)",
                        to_kebab(&id)
                    )),
                );
                ok = false;
            } else if let Some(&first) = id_lines.get(&id) {
                diags.push(
                    Diagnostic::error(path, line(r.id.span().start), format!("term id `{id}` is used twice"))
                        .help(format!("the first `{id}` is on line {first}; merge the two entries or rename this one")),
                );
                ok = false;
            }
            let kind = match TermKind::parse(r.kind.get_ref().trim()) {
                Some(k) => k,
                None => {
                    let names: Vec<&str> = TermKind::ALL.iter().map(|k| k.as_str()).collect();
                    diags.push(
                        Diagnostic::error(
                            path,
                            line(r.kind.span().start),
                            format!("`{}` is not a term kind", r.kind.get_ref()),
                        )
                        .help(format!("use one of: {}", names.join(", "))),
                    );
                    ok = false;
                    TermKind::Term
                }
            };
            for (field, value) in [("en", &r.en), ("ja", &r.ja)] {
                if value.get_ref().trim().is_empty() {
                    diags.push(
                        Diagnostic::error(
                            path,
                            line(value.span().start),
                            format!("term `{id}` has an empty `{field}`"),
                        )
                        .help(format!(
                            "write the {} form of the term",
                            if field == "en" { "English" } else { "Japanese" }
                        )),
                    );
                    ok = false;
                }
            }
            let mut gates = Vec::new();
            for g in &r.gates {
                let name = g.get_ref().trim();
                if let Ok(gate) = name.parse::<FeatureGateName>() {
                    gates.push(gate);
                } else {
                    diags.push(
                        Diagnostic::error(path, line(g.span().start), format!("`{name}` is not a feature gate name"))
                            .help("feature gates are CamelCase, as Kubernetes spells them: `MutatingAdmissionPolicy`"),
                    );
                }
            }
            let link = r.link.as_ref().and_then(|l| {
                let url = l.get_ref().trim();
                let web = url.starts_with("https://") || url.starts_with("http://");
                if !web || !crate::model::urls::is_allowed(url) {
                    diags.push(
                        Diagnostic::error(path, line(l.span().start), format!("`link` of term `{id}` is not a web address: `{url}`"))
                            .help("write the full address of the page that documents the term: `https://kubernetes.io/docs/...`"),
                    );
                    return None;
                }
                Some(url.to_string())
            });
            let mut tags: Vec<String> = Vec::new();
            for t in &r.tags {
                let tag = t.get_ref().trim();
                if !is_kebab(tag) {
                    diags.push(
                        Diagnostic::error(
                            path,
                            line(t.span().start),
                            format!("tag `{tag}` of term `{id}` is not ASCII kebab-case"),
                        )
                        .help(format!(
                            "write it like `{}` (lowercase letters, digits and single `-`)",
                            to_kebab(tag)
                        )),
                    );
                } else if !tags.iter().any(|x| x == tag) {
                    tags.push(tag.to_string());
                }
            }
            // The official glossary leaves a definition out where the localization has none.
            let defs = [("def_ja", &r.def_ja), ("def_en", &r.def_en)];
            for (field, def) in defs.into_iter().filter(|_| source == TermSource::Curated) {
                if def.trim().is_empty() {
                    diags.push(
                        Diagnostic::warning(
                            path,
                            Some(header_line),
                            format!("term `{id}` has no `{field}`"),
                        )
                        .help("the tooltip and the term page show this one-sentence definition"),
                    );
                }
            }
            if !ok {
                continue;
            }
            id_lines.insert(id.clone(), header_line);
            let clean = |v: &[Spanned<String>]| -> Vec<String> {
                let mut out: Vec<String> = Vec::new();
                for s in v {
                    let s = s.get_ref().trim().to_string();
                    if !s.is_empty() && !out.contains(&s) {
                        out.push(s);
                    }
                }
                out
            };
            terms.push(CuratedTerm {
                id: TermId(id),
                en: r.en.get_ref().trim().to_string(),
                ja: r.ja.get_ref().trim().to_string(),
                aliases: clean(&r.aliases),
                typos: clean(&r.typos),
                kind,
                def_ja: r.def_ja.trim().to_string(),
                def_en: r.def_en.trim().to_string(),
                keps: r.keps.iter().map(|&n| KepNumber(n)).collect(),
                gates,
                related: Vec::new(),
                tags,
                link,
                source,
                official_definition: false,
                common: r.common,
                line: header_line,
            });
        }
        // `related` needs every id known first.
        let known: BTreeMap<&str, ()> = terms.iter().map(|t| (t.id.0.as_str(), ())).collect();
        let mut related_of: Vec<Vec<TermId>> = vec![Vec::new(); terms.len()];
        let mut by_id: BTreeMap<String, usize> = BTreeMap::new();
        for (i, t) in terms.iter().enumerate() {
            by_id.insert(t.id.0.clone(), i);
        }
        for entry in &raw.term {
            let r = entry.get_ref();
            let Some(&i) = by_id.get(r.id.get_ref().trim()) else {
                continue;
            };
            if terms[i].line != lines.line(entry.span().start) {
                continue; // a rejected duplicate with the same id
            }
            for rel in &r.related {
                let rid = rel.get_ref().trim();
                if !known.contains_key(rid) {
                    diags.push(
                        Diagnostic::error(
                            path,
                            line(rel.span().start),
                            format!("related term `{rid}` does not exist"),
                        )
                        .help("use the `id` of another entry in this file"),
                    );
                } else if rid == terms[i].id.0 {
                    diags.push(Diagnostic::warning(
                        path,
                        line(rel.span().start),
                        format!("term `{rid}` lists itself as related"),
                    ));
                } else if !related_of[i].iter().any(|t| t.0 == rid) {
                    related_of[i].push(TermId(rid.to_string()));
                }
            }
        }
        for (t, rel) in terms.iter_mut().zip(related_of) {
            t.related = rel;
        }
        let by_form = check_forms(path, &lines, &raw, &terms, &by_id, &mut diags);
        (
            Terms {
                path: path.to_path_buf(),
                terms,
                by_form,
            },
            diags,
        )
    }

    /// These terms (a site's) over `base` (the official glossary): every entry here is kept as
    /// written; an entry of `base` with the same id, or whose English or Japanese form is a
    /// spelling of an entry here, only fills in what that entry left out (its definitions, its
    /// tags and link); any other entry of `base` is added, without the spellings an entry here
    /// already has (one spelling leads to one term).
    pub fn over(mut self, base: &Terms) -> Terms {
        for b in &base.terms {
            let here = self.terms.iter().position(|t| t.id == b.id).or_else(|| {
                [&b.en, &b.ja]
                    .into_iter()
                    .find_map(|f| self.by_form.get(&form_key(f)).copied())
            });
            match here {
                Some(i) => {
                    let t = &mut self.terms[i];
                    for (own, theirs) in [(&mut t.def_ja, &b.def_ja), (&mut t.def_en, &b.def_en)] {
                        if own.is_empty() && !theirs.is_empty() {
                            own.clone_from(theirs);
                            t.official_definition = true;
                        }
                    }
                    for tag in &b.tags {
                        if !t.tags.contains(tag) {
                            t.tags.push(tag.clone());
                        }
                    }
                    if t.link.is_none() {
                        t.link.clone_from(&b.link);
                    }
                }
                None => {
                    let mut t = b.clone();
                    let free = |f: &String| !self.by_form.contains_key(&form_key(f));
                    t.aliases.retain(free);
                    t.typos.retain(free);
                    t.related
                        .retain(|r| self.get(&r.0).is_some() || base.get(&r.0).is_some());
                    let i = self.terms.len();
                    for f in t.forms() {
                        self.by_form.entry(form_key(f)).or_insert(i);
                    }
                    self.terms.push(t);
                }
            }
        }
        self
    }

    /// These terms with the spellings authors gave them in `glossary_tooltip` shortcodes: an
    /// author's own link from a surface form to a term id is strong evidence that the form is a
    /// spelling of that term, so it becomes an alias (after the term's own forms, which stay
    /// the ones shown first: the localization's `クラスター` before an author's `クラスタ`).
    /// A spelling another term already has, or text that is not a term's name (a phrase with
    /// kana particles or verb endings, `Kubernetes APIを使用して退避するように`; more than
    /// three words or 24 characters), is not taken.
    pub fn with_author_spellings<'a>(
        mut self,
        tooltips: impl IntoIterator<Item = &'a crate::parse::shortcodes::GlossaryTooltip>,
    ) -> Terms {
        for tip in tooltips {
            let spelling = crate::text::japanese::nfkc(tip.text.trim());
            let phrase = spelling.chars().any(|c| matches!(c, 'ぁ'..='ゖ'))
                || spelling.chars().count() > 24
                || spelling.split_whitespace().count() > 3;
            let key = form_key(&spelling);
            if phrase || key.is_empty() || self.by_form.contains_key(&key) {
                continue;
            }
            // The id is kubernetes.io's: a site entry that took the official one in keeps its
            // link (`…#term-cluster`).
            let id = to_kebab(&tip.term_id);
            let anchor = format!("#term-{}", tip.term_id);
            let named = |t: &CuratedTerm| {
                t.id.0 == id || t.link.as_deref().is_some_and(|l| l.ends_with(&anchor))
            };
            if let Some(i) = self.terms.iter().position(named) {
                self.terms[i].aliases.push(spelling);
                self.by_form.insert(key, i);
            }
        }
        self
    }

    pub fn get(&self, id: &str) -> Option<&CuratedTerm> {
        self.terms.iter().find(|t| t.id.0 == id)
    }

    /// The curated term one of whose forms folds to the same key as `surface`.
    pub fn lookup(&self, surface: &str) -> Option<&CuratedTerm> {
        self.by_form
            .get(&form_key(surface))
            .map(|&i| &self.terms[i])
    }

    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    pub fn len(&self) -> usize {
        self.terms.len()
    }
}

/// Every form must fold to a key no other term uses. Returns the key → term map.
fn check_forms(
    path: &Path,
    lines: &LineIndex,
    raw: &RawFile,
    terms: &[CuratedTerm],
    by_id: &BTreeMap<String, usize>,
    diags: &mut Vec<Diagnostic>,
) -> BTreeMap<String, usize> {
    let mut owner: BTreeMap<String, (usize, usize, String)> = BTreeMap::new(); // key → (term, line, form)
    for entry in &raw.term {
        let r = entry.get_ref();
        let Some(&i) = by_id.get(r.id.get_ref().trim()) else {
            continue;
        };
        if terms[i].line != lines.line(entry.span().start) {
            continue;
        }
        let forms = [&r.ja, &r.en]
            .into_iter()
            .chain(r.aliases.iter())
            .chain(r.typos.iter());
        for f in forms {
            let form = f.get_ref().trim();
            let l = lines.line(f.span().start);
            let key = form_key(form);
            if key.is_empty() {
                if !form.is_empty() {
                    diags.push(
                        Diagnostic::error(
                            path,
                            Some(l),
                            format!("`{form}` has no letters to match"),
                        )
                        .help("remove it; forms must contain letters or kana/kanji"),
                    );
                }
                continue;
            }
            match owner.get(&key) {
                Some((j, first_line, first_form)) if *j != i => {
                    diags.push(
                        Diagnostic::error(
                            path,
                            Some(l),
                            format!(
                                "`{form}` of term `{}` is also `{first_form}` of term `{}` (line {first_line})",
                                terms[i].id, terms[*j].id
                            ),
                        )
                        .help("one spelling can lead to only one term: keep it on the term it names and remove it here"),
                    );
                }
                Some(_) => {}
                None => {
                    owner.insert(key, (i, l, form.to_string()));
                }
            }
        }
    }
    owner.into_iter().map(|(k, (i, _, _))| (k, i)).collect()
}

fn is_kebab(s: &str) -> bool {
    !s.is_empty()
        && s.split('-').all(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
}

/// A kebab-case id for `s`: `SidecarContainers` → `sidecar-containers`,
/// `garbage collector` → `garbage-collector`. Empty when `s` has no ASCII letters or digits.
pub fn to_kebab(s: &str) -> String {
    super::romanize::split_identifier(s)
        .iter()
        .map(|w| w.to_ascii_lowercase())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (Terms, Vec<Diagnostic>) {
        Terms::parse(Path::new("glossary/terms.toml"), text)
    }

    const TWO: &str = r#"
[[term]]
id = "cluster"
en = "cluster"
ja = "クラスター"
aliases = ["クラスタ", "clusters"]
kind = "term"
def_ja = "ノードの集まり。"
def_en = "A set of nodes."

[[term]]
id = "finalizer"
en = "Finalizer"
ja = "ファイナライザー"
typos = ["Fainalizer"]
kind = "term"
def_ja = "削除の前に済ませる処理の印。"
def_en = "A key that holds deletion until a controller has cleaned up."
related = ["cluster"]
keps = [2644]
gates = ["HonorPVReclaimPolicy"]
"#;

    #[test]
    fn a_valid_file_parses_with_lines() {
        let (t, d) = parse(TWO);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(t.len(), 2);
        assert_eq!(t.terms[0].line, 2);
        assert_eq!(t.terms[1].line, 11);
        assert_eq!(t.terms[1].related, [TermId("cluster".into())]);
        assert_eq!(t.terms[1].keps, [KepNumber(2644)]);
        assert_eq!(t.lookup("クラスタ").unwrap().id.0, "cluster");
        assert_eq!(t.lookup("ｸﾗｽﾀｰ").unwrap().id.0, "cluster");
        assert_eq!(t.lookup("Clusters").unwrap().id.0, "cluster");
        assert_eq!(t.lookup("fainalizer").unwrap().id.0, "finalizer");
        assert!(t.lookup("ノード").is_none());
    }

    #[test]
    fn duplicate_ids_point_at_both_lines() {
        let text = format!(
            "{TWO}\n[[term]]\nid = \"cluster\"\nen = \"Cluster2\"\nja = \"群\"\nkind = \"term\"\ndef_ja = \"x\"\ndef_en = \"x\"\n"
        );
        let (t, d) = parse(&text);
        assert_eq!(t.len(), 2);
        let e: Vec<&Diagnostic> = d.iter().filter(|d| d.is_error()).collect();
        assert_eq!(e.len(), 1, "{d:?}");
        assert_eq!(e[0].line, Some(24));
        assert!(e[0].message.contains("`cluster` is used twice"));
        assert!(e[0].help.as_ref().unwrap().contains("line 2"));
    }

    #[test]
    fn alias_collision_across_terms_is_an_error() {
        // クラスター folds to the same key as クラスタ, which `cluster` already owns.
        let text = format!(
            "{TWO}\n[[term]]\nid = \"cluster-2\"\nen = \"Kubernetes cluster\"\nja = \"k8sクラスタ\"\naliases = [\"クラスター\"]\nkind = \"term\"\ndef_ja = \"x\"\ndef_en = \"x\"\n"
        );
        let (_, d) = parse(&text);
        let e: Vec<&Diagnostic> = d.iter().filter(|d| d.is_error()).collect();
        assert_eq!(e.len(), 1, "{d:?}");
        assert_eq!(e[0].line, Some(27));
        assert!(
            e[0].message.contains("`cluster-2`") && e[0].message.contains("`cluster`"),
            "{}",
            e[0].message
        );
        assert!(e[0].message.contains("line 5"), "{}", e[0].message);
    }

    #[test]
    fn bad_fields_are_reported_with_a_fix() {
        let text = r#"[[term]]
id = "Watch_List"
en = "WatchList"
ja = "ウォッチリスト"
kind = "feature"
def_ja = "x"
def_en = "x"

[[term]]
id = "audit-log"
en = "audit log"
ja = "監査ログ"
kind = "concept"
gates = ["not a gate"]
related = ["nowhere"]
"#;
        let (t, d) = parse(text);
        assert!(t.is_empty());
        let msgs: Vec<String> = d
            .iter()
            .map(|d| format!("{}:{}", d.line.unwrap_or(0), d.message))
            .collect();
        assert!(
            msgs.iter()
                .any(|m| m.starts_with("2:") && m.contains("kebab-case")),
            "{msgs:?}"
        );
        assert!(
            msgs.iter()
                .any(|m| m.starts_with("13:") && m.contains("`concept` is not a term kind")),
            "{msgs:?}"
        );
        assert!(
            msgs.iter()
                .any(|m| m.starts_with("14:") && m.contains("`not a gate`")),
            "{msgs:?}"
        );
        // missing definitions are warnings
        assert!(
            d.iter()
                .any(|d| !d.is_error() && d.message.contains("no `def_ja`"))
        );
        let help = d
            .iter()
            .find(|d| d.message.contains("kebab"))
            .unwrap()
            .help
            .clone()
            .unwrap();
        assert!(help.contains("`watch-list`"), "{help}");
    }

    #[test]
    fn unknown_related_id_is_an_error() {
        let text = TWO.replace("related = [\"cluster\"]", "related = [\"clustr\"]");
        let (_, d) = parse(&text);
        let e: Vec<&Diagnostic> = d.iter().filter(|d| d.is_error()).collect();
        assert_eq!(e.len(), 1);
        assert!(e[0].message.contains("`clustr`"));
        assert_eq!(e[0].line, Some(19));
    }

    #[test]
    fn broken_toml_is_one_error_with_a_line() {
        let (t, d) = parse("[[term]]\nid = \"a\"\nen = oops\n");
        assert!(t.is_empty());
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].line, Some(3));
    }

    #[test]
    fn kebab_ids_from_english() {
        assert_eq!(to_kebab("SidecarContainers"), "sidecar-containers");
        assert_eq!(to_kebab("garbage collector"), "garbage-collector");
        assert_eq!(to_kebab("kube-apiserver"), "kube-apiserver");
        assert_eq!(
            to_kebab("CBORServingAndStorage"),
            "cbor-serving-and-storage"
        );
    }
}
