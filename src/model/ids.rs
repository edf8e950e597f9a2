//! Identifiers, parsed once at the boundary.
//!
//! Past the parse and extract stages no code handles a raw `"KEP-1287"` or `"1.32"`: they are
//! `KepNumber`, `Release`, `FeatureGateName`, ... with one `Display` each, which is also the
//! form that appears in URLs and the JSON API.
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A Kubernetes Enhancement Proposal number (`KEP-3157` → `3157`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct KepNumber(pub u32);

impl fmt::Display for KepNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl KepNumber {
    /// `KEP-3157`: how every page, export, index and message names a KEP (`Display` is the
    /// bare number, the form in URLs and the JSON API).
    pub fn label(self) -> String {
        format!("KEP-{}", self.0)
    }

    pub fn issue_url(self) -> String {
        format!(
            "https://github.com/kubernetes/enhancements/issues/{}",
            self.0
        )
    }
}

/// A pull request, or an issue when an article links one (`kind`): repository
/// (`kubernetes/kubernetes` unless the text says otherwise) and number. Issues share the type and
/// the API file because articles cite both the same way; `kind` keeps them apart.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct PullRequest {
    pub repo: String,
    pub number: u32,
    pub kind: ItemKind,
}

/// What a GitHub number names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    Pull,
    Issue,
}

impl PullRequest {
    pub const DEFAULT_REPO: &'static str = "kubernetes/kubernetes";

    pub fn kubernetes(number: u32) -> Self {
        PullRequest::pull(Self::DEFAULT_REPO, number)
    }

    pub fn pull(repo: &str, number: u32) -> Self {
        PullRequest {
            repo: repo.to_string(),
            number,
            kind: ItemKind::Pull,
        }
    }

    pub fn issue(repo: &str, number: u32) -> Self {
        PullRequest {
            repo: repo.to_string(),
            number,
            kind: ItemKind::Issue,
        }
    }

    /// An issue when `is_issue`, else a pull request.
    pub fn item(repo: &str, number: u32, is_issue: bool) -> Self {
        if is_issue {
            Self::issue(repo, number)
        } else {
            Self::pull(repo, number)
        }
    }

    pub fn url(&self) -> String {
        let path = match self.kind {
            ItemKind::Pull => "pull",
            ItemKind::Issue => "issues",
        };
        format!("https://github.com/{}/{path}/{}", self.repo, self.number)
    }

    /// `kubernetes/website#123` (the same for a pull request and an issue).
    pub fn label(&self) -> String {
        format!("{}#{}", self.repo, self.number)
    }
}

/// A feature gate name, CamelCase as Kubernetes spells it (`PodLevelResources`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct FeatureGateName(pub String);

impl fmt::Display for FeatureGateName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FeatureGateName {
    /// Words KEP files write where a gate name would go (`feature-gates: - name: None`).
    const PLACEHOLDERS: [&'static str; 3] = ["None", "TBD", "NA"];
}

/// The one rule of what a gate name is, for the registry, its import, the glossary and the
/// extract stage: ASCII letters and digits, at least two, the first a capital (`KMSv2`,
/// `AllAlpha`, `PodLevelResources`), and not a placeholder. Whether a word in prose is likely
/// a gate is a further guess of the extract stage's (`gates::gate_shaped`).
impl FromStr for FeatureGateName {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let b = s.as_bytes();
        if b.len() >= 2
            && b[0].is_ascii_uppercase()
            && b.iter().all(u8::is_ascii_alphanumeric)
            && !Self::PLACEHOLDERS.contains(&s)
        {
            Ok(FeatureGateName(s.to_string()))
        } else {
            Err(format!(
                "`{s}` is not a feature-gate name: gate names are CamelCase letters and digits, e.g. `PodLevelResources`"
            ))
        }
    }
}

/// A SIG short name, lowercase kebab-case (`api-machinery`, `node`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct SigName(String);

impl SigName {
    /// Accepts `sig/node`, `sig-node`, `SIG-Node`, `SIG Node`, `SIG: Node`, `API Machinery`, `node`,
    /// and the short `SIG Arch`, `SIG ContribEx`.
    pub fn parse(raw: &str) -> Option<SigName> {
        let mut s = crate::text::japanese::nfkc(raw.trim()).to_lowercase();
        for prefix in ["sig/", "sig-", "sig ", "sig_", "sig:"] {
            if let Some(rest) = s.strip_prefix(prefix) {
                s = rest.trim_start_matches([' ', ':']).to_string();
                break;
            }
        }
        // `SIG Arch`, `SIG ContribEx`, `sig apimachinery`: the short names the community uses.
        match s.trim() {
            "arch" => s = "architecture".into(),
            "contribex" => s = "contributor-experience".into(),
            "apimachinery" => s = "api-machinery".into(),
            _ => {}
        }
        let name: String = s
            .trim()
            .split(|c: char| c.is_whitespace() || c == '_' || c == '-')
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return None;
        }
        Some(SigName(name))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Display name as the community writes it: `api-machinery` → `API Machinery`.
    pub fn display_name(&self) -> String {
        self.0
            .split('-')
            .map(|w| match w {
                "api" | "cli" | "k8s" => w.to_uppercase(),
                "ui" => "UI".into(),
                _ => {
                    let mut c = w.chars();
                    c.next()
                        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                        .unwrap_or_default()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl fmt::Display for SigName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for SigName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        SigName::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "`{s}` is not a SIG name (write it like `api-machinery` or `sig/node`)"
            ))
        })
    }
}

/// A Kubernetes minor release, `1.32`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Release {
    pub major: u16,
    pub minor: u16,
}

impl Release {
    /// `1.32`, `v1.32`, `1.32.4` → 1.32; `None` when `s` is no release. The scanner asks this of
    /// every word, so a refusal costs no error message.
    pub fn read(s: &str) -> Option<Release> {
        let t = s.trim().trim_start_matches(['v', 'V']);
        let mut parts = t.split('.');
        let (Some(a), Some(b)) = (parts.next(), parts.next()) else {
            return None;
        };
        Some(Release {
            major: a.parse().ok()?,
            minor: b.parse().ok()?,
        })
    }
}

impl FromStr for Release {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Release::read(s).ok_or_else(|| format!("`{s}` is not a release; write it as `\"1.32\"`"))
    }
}

impl fmt::Display for Release {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

impl Serialize for Release {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Release {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            S(String),
            F(f64),
        }
        match Raw::deserialize(d)? {
            Raw::S(s) => s.parse().map_err(serde::de::Error::custom),
            Raw::F(f) => Err(serde::de::Error::custom(format!(
                "release `{f}` is a number; quote it (`release = \"1.30\"`) so that 1.30 stays 1.30"
            ))),
        }
    }
}

/// A stage stated for a named release (`1.28でアルファ`), ordered by release.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Dated {
    pub release: Release,
    pub stage: Stage,
}

/// The maturity a text states for a feature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    Alpha,
    Beta,
    Stable,
    Deprecated,
    Removed,
}

impl Stage {
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Alpha => "alpha",
            Stage::Beta => "beta",
            Stage::Stable => "stable",
            Stage::Deprecated => "deprecated",
            Stage::Removed => "removed",
        }
    }

    /// How the pages name the stage, the one place they do: facets, tooltips, warnings (the
    /// `stage_label` of the page values) and, through [`Stage::badge`], the badges.
    pub fn label(self) -> &'static str {
        match self {
            Stage::Alpha => "アルファ",
            Stage::Beta => "ベータ",
            Stage::Stable => "GA",
            Stage::Deprecated => "非推奨",
            Stage::Removed => "削除",
        }
    }

    /// The text of a stage badge (the templates' `badge` macro, through the `stage_badge`
    /// filter): alpha and beta as their keys, which the stylesheet sets in capitals as the
    /// Kubernetes docs write them, the others as [`Stage::label`].
    pub fn badge(self) -> &'static str {
        match self {
            Stage::Alpha | Stage::Beta => self.as_str(),
            _ => self.label(),
        }
    }

    pub const ALL: [Stage; 5] = [
        Stage::Alpha,
        Stage::Beta,
        Stage::Stable,
        Stage::Deprecated,
        Stage::Removed,
    ];
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Stage {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "alpha" => Ok(Stage::Alpha),
            "beta" => Ok(Stage::Beta),
            "stable" | "ga" => Ok(Stage::Stable),
            "deprecated" => Ok(Stage::Deprecated),
            "removed" => Ok(Stage::Removed),
            _ => Err(format!(
                "`{s}` is not a stage (alpha, beta, stable, deprecated, removed)"
            )),
        }
    }
}

/// An article slug: ASCII letters, digits and `-`, used as `/articles/<slug>/`. Shared, not
/// copied: every mention in the reference graph and every list of articles names its article by
/// slug, and a large site has millions of them.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Slug(std::sync::Arc<str>);

impl Slug {
    pub fn parse(s: &str) -> Result<Slug, String> {
        let ok = !s.is_empty()
            && s.chars().all(|c| {
                c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_' || c == '.'
            })
            && !s.starts_with(['-', '.']);
        if ok {
            Ok(Slug(s.into()))
        } else {
            Err(format!(
                "slug `{s}` must be lowercase ASCII letters, digits and `-` (URLs never romanize Japanese); e.g. `slug = \"k8s-1-32-sig-node\"`"
            ))
        }
    }

    /// A slug from a file stem when the stem is already ASCII (Hugo files often are).
    pub fn from_stem(stem: &str) -> Option<Slug> {
        let s: String = stem
            .to_ascii_lowercase()
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '-'
                }
            })
            .collect();
        let s = s.trim_matches('-').to_string();
        if stem.is_ascii() && !s.is_empty() {
            Slug::parse(&s).ok()
        } else {
            None
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Slug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A glossary term id: ASCII kebab-case (`mutating-admission-policy`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TermId(pub String);

impl fmt::Display for TermId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A GitHub handle without the `@`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct GitHubHandle(pub String);

impl GitHubHandle {
    pub fn url(&self) -> String {
        format!("https://github.com/{}", self.0)
    }
}

/// A Qiita user name without the `@` (letters, digits, `-` and `_`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct QiitaUser(pub String);

/// Who an article names with `@`: a GitHub login, or, in an article written for Qiita (where
/// `@name` is a Qiita user, as Qiita links it), a Qiita user.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum UserHandle {
    GitHub(GitHubHandle),
    Qiita(QiitaUser),
}

impl UserHandle {
    /// The name, without the `@`.
    pub fn name(&self) -> &str {
        match self {
            UserHandle::GitHub(h) => &h.0,
            UserHandle::Qiita(u) => &u.0,
        }
    }

    /// The user's profile page.
    pub fn url(&self) -> String {
        match self {
            UserHandle::GitHub(h) => h.url(),
            UserHandle::Qiita(u) => format!("https://qiita.com/{}", u.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gate_names_are_capitalized_ascii_words() {
        for ok in [
            "PodLevelResources",
            "KMSv2",
            "AllAlpha",
            "CSIMigrationvSphere",
            "ABC",
            "Ab",
        ] {
            assert_eq!(
                ok.parse::<FeatureGateName>().map(|g| g.0),
                Ok(ok.to_string())
            );
        }
        for bad in [
            "",
            "A",
            "podLevelResources",
            "Pod-Level",
            "Pod Level",
            "PodLevel ",
            "Pod_Level",
            "Podレベル",
            "1Pod",
            "None",
            "TBD",
            "NA",
        ] {
            assert!(bad.parse::<FeatureGateName>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn stages_are_named_once_for_labels_and_badges() {
        let labels: Vec<_> = Stage::ALL.iter().map(|s| s.label()).collect();
        assert_eq!(labels, ["アルファ", "ベータ", "GA", "非推奨", "削除"]);
        let badges: Vec<_> = Stage::ALL.iter().map(|s| s.badge()).collect();
        assert_eq!(badges, ["alpha", "beta", "GA", "非推奨", "削除"]);
    }

    #[test]
    fn a_kep_is_labelled_kep_dash_number() {
        assert_eq!(KepNumber(3157).label(), "KEP-3157");
        assert_eq!(KepNumber(3157).to_string(), "3157");
    }

    #[test]
    fn sig_names_from_every_spelling() {
        for raw in [
            "sig/api-machinery",
            "SIG-API Machinery",
            "sig-api-machinery",
            "API Machinery",
            "ＳＩＧ－ＡＰＩ Machinery",
        ] {
            assert_eq!(
                SigName::parse(raw).unwrap().as_str(),
                "api-machinery",
                "{raw}"
            );
        }
        assert_eq!(SigName::parse("SIG-Node").unwrap().as_str(), "node");
        assert_eq!(
            SigName::parse("api-machinery").unwrap().display_name(),
            "API Machinery"
        );
        assert!(SigName::parse("ノード").is_none());
    }

    #[test]
    fn releases_parse_and_order() {
        let a: Release = "1.9".parse().unwrap();
        let b: Release = "v1.32".parse().unwrap();
        assert!(a < b);
        assert_eq!(b.to_string(), "1.32");
        assert!("1".parse::<Release>().is_err());
    }

    #[test]
    fn float_release_in_front_matter_is_refused_with_a_fix() {
        #[derive(Deserialize)]
        struct F {
            #[allow(dead_code)]
            release: Release,
        }
        let err = toml::from_str::<F>("release = 1.30")
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("quote it"), "{err}");
    }

    #[test]
    fn slugs_are_ascii() {
        assert!(Slug::parse("k8s-1-32").is_ok());
        assert!(Slug::parse("変更内容").is_err());
        assert_eq!(
            Slug::from_stem("kubernetes-v1-31-release")
                .unwrap()
                .as_str(),
            "kubernetes-v1-31-release"
        );
        assert!(Slug::from_stem("サイドカー").is_none());
    }
}
