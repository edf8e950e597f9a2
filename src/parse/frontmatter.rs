//! Front matter: TOML between `+++` lines (ours) or YAML between `---` lines (Hugo's), read
//! into `FrontMatter`. Unknown keys are warnings, not errors, so Hugo pages build; the keys Hugo
//! sites commonly use (kubernetes.io's blog: `layout`, `translator`, `evergreen`,
//! `canonicalUrl`, ...) are read or ignored quietly.
//!
//! **The release an article is about**: `release` when given; else inferred, in this order,
//! from the title (`Kubernetes v1.31: Elli`, `Kubernetes v1.30をそっと覗く`), the slug
//! (`kubernetes-v1-34-release`, `kubernetes-1-30-upcoming-changes`) and the file path (a
//! `v1.28/` folder), with a note saying what was inferred (`shiori check` shows it).
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::LazyLock;

use regex::Regex;
use serde::Deserialize;

use crate::model::diag::{Diagnostic, line_of};
use crate::model::ids::{Release, SigName, Slug};

/// How a bare `#N` in an article is to be read (see `extract`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RefHint {
    Kep,
    Pr,
}

/// Where an article comes from (front matter `[source]`): shown as its attribution line, with
/// the licence.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, serde::Serialize)]
pub struct Attribution {
    pub url: Option<String>,
    pub author: Option<String>,
    pub translator: Option<String>,
    pub name: Option<String>,
    /// `CC BY 4.0`, `Apache-2.0`: shown with the attribution.
    pub license: Option<String>,
    pub original_author: Option<String>,
    #[serde(default, deserialize_with = "optional_date")]
    pub original_date: Option<String>,
    /// Keys shiori does not know: warned about like unknown keys elsewhere, never fatal.
    #[serde(flatten, skip_serializing)]
    pub unknown: BTreeMap<String, serde_json::Value>,
}

fn optional_date<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    match Option::<DateValue>::deserialize(d)? {
        None => Ok(None),
        Some(DateValue::Toml(t)) => Ok(t
            .date
            .map(|d| format!("{:04}-{:02}-{:02}", d.year, d.month, d.day))),
        Some(DateValue::Text(s)) => parse_date(&s).map(Some).ok_or_else(|| {
            serde::de::Error::custom(format!("`{s}` is not a date; write `2024-07-26`"))
        }),
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct FrontMatter {
    pub title: String,
    pub slug: Slug,
    /// `YYYY-MM-DD`.
    pub date: Option<String>,
    pub release: Option<Release>,
    pub sigs: Vec<SigName>,
    pub tags: Vec<String>,
    pub draft: bool,
    /// Hugo's `_build: {render: never}` (or `false`, or `link`): a page Hugo builds no HTML
    /// for (an include, a section's data). It is never published, not even with `--drafts`.
    pub unrendered: bool,
    pub refs: Option<RefHint>,
    pub description: Option<String>,
    pub source: Attribution,
    /// Written for newcomers (`beginner = true`, or a tag `入門`, `初心者`, `beginner`): the
    /// everyday glossary terms (`common = true`) get their links and tooltips too.
    pub beginner: bool,
    /// A Marp deck (`marp: true`): its images' alt texts may hold Marp's keywords.
    pub marp: bool,
    /// Written for a platform that shows each line break of a paragraph as one (Zenn, Qiita,
    /// Marp: their Markdown is set to `breaks`), so the page shows them too.
    pub line_breaks: bool,
    /// Written where a `$` opens inline math (`$x^2$`), as on Zenn, Qiita and Marp, or in a
    /// page that says so (`math: true`, `katex: true`, `mathjax: true`, as Hugo themes read it).
    /// Elsewhere a `$` is a dollar (`$HOME`, `$ kubectl`), and only blocks between `$$` lines
    /// and ```` ```math ```` are math (see `parse::math`).
    pub math: bool,
    /// Written for Qiita (see `is_qiita`): its `@name` is a Qiita user, not a GitHub login.
    pub qiita: bool,
    /// The site whose pages the article's site-absolute links (`/ja/docs/tutorials/`) name:
    /// `[source] url`'s origin, else `https://kubernetes.io` for a page of kubernetes/website
    /// (see [`KUBERNETES_WEBSITE_KEYS`]), else none (they are this site's paths).
    pub link_origin: Option<String>,
}

impl FrontMatter {
    /// The front matter of an article that says no more than its title and slug: the rest as
    /// a file without front matter gets it (no date, release, SIGs or tags; published).
    pub fn new(title: String, slug: Slug) -> FrontMatter {
        FrontMatter {
            title,
            slug,
            date: None,
            release: None,
            sigs: Vec::new(),
            tags: Vec::new(),
            draft: false,
            unrendered: false,
            refs: None,
            description: None,
            source: Attribution::default(),
            beginner: false,
            marp: false,
            line_breaks: false,
            math: false,
            qiita: false,
            link_origin: None,
        }
    }
}

/// The site of kubernetes/website's pages, which its blog posts and docs link site-absolute.
const KUBERNETES_WEBSITE: &str = "https://kubernetes.io";

/// Front-matter keys only kubernetes/website's Hugo pages carry: its blog posts'
/// `layout: blog` and its docs' `content_type` and `reviewers`. An article copied from there
/// keeps links such as `/ja/docs/concepts/` that name kubernetes.io's pages.
const KUBERNETES_WEBSITE_KEYS: &[(&str, Option<&str>)] = &[
    ("layout", Some("blog")),
    ("content_type", None),
    ("reviewers", None),
];

/// The key that makes `unknown` a kubernetes/website page, if one does.
fn kubernetes_website_key(unknown: &BTreeMap<String, serde_json::Value>) -> Option<&'static str> {
    KUBERNETES_WEBSITE_KEYS
        .iter()
        .find(|(key, value)| {
            unknown.get(*key).is_some_and(|v| match value {
                Some(want) => v.as_str() == Some(*want),
                None => true,
            })
        })
        .map(|(key, _)| *key)
}

/// Tags that mark an article written for newcomers, as `beginner = true` does.
const BEGINNER_TAGS: &[&str] = &["入門", "初心者", "初心者向け", "beginner", "beginners"];

/// Whether `beginner = true` or one of the tags says the article is for newcomers.
fn for_beginners(flag: bool, tags: &[String]) -> bool {
    flag || tags
        .iter()
        .any(|t| BEGINNER_TAGS.contains(&t.trim().to_lowercase().as_str()))
}

/// The raw shape: everything optional so that missing fields get our own messages.
#[derive(Debug, Deserialize)]
struct Raw {
    title: Option<String>,
    slug: Option<String>,
    /// Zenn writes the date as `published_at: 2024-08-14 09:00`.
    #[serde(alias = "published_at")]
    date: Option<DateValue>,
    /// An exported Qiita post's day of writing, the date when there is no `date`.
    created_at: Option<DateValue>,
    /// Qiita CLI's only date (`updated_at: '2025-01-01T00:00:00+09:00'`), the date when there
    /// is neither `date` nor `created_at`.
    updated_at: Option<DateValue>,
    release: Option<Release>,
    #[serde(default)]
    sigs: Vec<SigName>,
    /// Zenn's `topics` are tags.
    #[serde(default, alias = "topics", deserialize_with = "tag_list")]
    tags: Vec<String>,
    #[serde(default)]
    draft: bool,
    /// Zenn's `published: false` is a draft.
    published: Option<bool>,
    #[serde(default)]
    beginner: bool,
    refs: Option<RefHint>,
    description: Option<String>,
    #[serde(default)]
    source: Attribution,
    author: Option<String>,
    translator: Option<String>,
    #[serde(flatten)]
    unknown: BTreeMap<String, serde_json::Value>,
}

/// Tags as the tools authors come from write them: a list (`[a, b]`), one string of words as
/// Hugo and Jekyll take it (`tags: kubernetes k8s`, `tags: "kubernetes, k8s"`), or Qiita's
/// API export, a list of `{name, versions}` maps.
fn tag_list<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    use serde_json::Value;
    let wrong = || {
        serde::de::Error::custom(
            "`tags` is neither a list of words nor one string of them; write `tags: [\"kubernetes\", \"k8s\"]`",
        )
    };
    // A word as YAML may read it: `1.30` is a number, `true` a boolean.
    let word = |v: Value| match v {
        Value::String(s) => Some(s),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Object(mut m) => match m.remove("name") {
            Some(Value::String(s)) => Some(s),
            _ => None,
        },
        _ => None,
    };
    match Value::deserialize(d)? {
        // `tags:` with nothing after it.
        Value::Null => Ok(Vec::new()),
        Value::String(words) => Ok(words
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | '、'))
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()),
        Value::Array(list) => list
            .into_iter()
            .map(|v| word(v).ok_or_else(wrong))
            .collect(),
        _ => Err(wrong()),
    }
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum DateValue {
    Toml(toml::value::Datetime),
    Text(String),
}

/// An article split into its front matter and its Markdown body.
#[derive(Debug, Clone)]
pub struct Split<'a> {
    pub front: FrontMatter,
    pub body: &'a str,
    /// 1-based line of the first body line in the file.
    pub body_line: usize,
    /// 1-based line of the `slug` key, or of the front matter's start when the slug comes from
    /// the file name: where an error about the slug points.
    pub slug_line: usize,
}

/// Splits and parses the front matter of `text` (the file at `path`). Warnings (unknown keys)
/// go to `warnings`; the first error is returned.
pub fn split<'a>(
    path: &Path,
    text: &'a str,
    warnings: &mut Vec<Diagnostic>,
) -> Result<Split<'a>, Diagnostic> {
    let text_nobom = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Hugo reads front matter after blank lines (kubernetes.io's blog has such files); lines are
    // still counted from the top of the file.
    let blank = text_nobom.len() - text_nobom.trim_start_matches(['\n', '\r', ' ', '\t']).len();
    let blank = text_nobom[..blank].rfind('\n').map_or(0, |i| i + 1);
    let lead_lines = text_nobom[..blank].matches('\n').count();
    let text_nobom = &text_nobom[blank..];
    let bom = text.len() - text_nobom.len();
    let (fence, format) = if text_nobom.starts_with("+++") {
        ("+++", Format::Toml)
    } else if text_nobom.starts_with("---") {
        ("---", Format::Yaml)
    } else {
        return without_front_matter(path, text, warnings);
    };
    let after_open = match text_nobom[3..].find('\n') {
        Some(i) if text_nobom[3..3 + i].trim().is_empty() => 3 + i + 1,
        _ => {
            return Err(Diagnostic::error(
                path,
                Some(1),
                format!("the opening `{fence}` must stand alone on the first line"),
            ));
        }
    };
    // Find the closing fence: a line that is exactly the fence.
    let mut pos = after_open;
    let close = loop {
        if pos >= text_nobom.len() {
            return Err(Diagnostic::error(
                path,
                Some(1),
                format!("the front matter opened with `{fence}` is never closed"),
            )
            .help(format!(
                "add a line with only `{fence}` after the last front-matter key"
            )));
        }
        let end = text_nobom[pos..]
            .find('\n')
            .map(|i| pos + i + 1)
            .unwrap_or(text_nobom.len());
        if text_nobom[pos..end].trim_end() == fence {
            break (pos, end);
        }
        pos = end;
    };
    let raw_text = &text_nobom[after_open..close.0];
    let raw_line = line_of(text_nobom, after_open) + lead_lines;
    let quoted = release_as_written(raw_text);
    let raw_text = quoted.as_ref();
    let raw: Raw = match format {
        Format::Toml => toml::from_str(raw_text).map_err(|e| {
            let line = e.span().map(|s| raw_line + line_of(raw_text, s.start) - 1).unwrap_or(raw_line);
            // A release written as a number reached us as a float (`1.30` is `1.3`): say it as
            // it was written.
            let written = e.span().and_then(|s| raw_text.get(s)).map(str::trim).unwrap_or("");
            if e.message().contains("is a number; quote it") && !written.is_empty() {
                return Diagnostic::error(
                    path,
                    Some(line),
                    format!("release `{written}` is a number, so `1.30` would read as `1.3`"),
                )
                .help(format!("quote it: `release = \"{written}\"`"));
            }
            Diagnostic::error(path, Some(line), format!("front matter is not valid TOML: {}", e.message()))
                .help("TOML strings need quotes (`title = \"...\"`), dates are `2024-12-12`, lists are `[\"a\", \"b\"]`")
        })?,
        Format::Yaml => serde_yaml::from_str(raw_text).map_err(|e| {
            let line = e.location().map(|l| raw_line + l.line() - 1).unwrap_or(raw_line);
            // serde_yaml counts lines from the front matter's start; the diagnostic's line is
            // the file's, so its own "at line N column M" would name a second, wrong line.
            let message = e.to_string();
            let message = message.split(" at line ").next().unwrap_or(&message).to_string();
            let help = if message.contains("invalid type") || message.contains("neither a list") {
                "this key's value has the wrong shape; README.md (section `Writing an article`) shows what each key takes"
            } else {
                "check the indentation and quoting of this line"
            };
            Diagnostic::error(path, Some(line), format!("front matter is not valid YAML: {message}"))
                .help(help)
        })?,
    };
    for key in raw
        .unknown
        .keys()
        .filter(|k| !QUIET_KEYS.contains(&k.as_str()))
    {
        let line = find_key_line(raw_text, key).map(|l| raw_line + l - 1);
        warnings.push(
            Diagnostic::warning(path, line, format!("unknown front-matter key `{key}` is ignored"))
                .help("known keys: title, slug, date, release, sigs, tags, draft, beginner, refs, description, source, author, translator"),
        );
    }
    let Some(title) = raw.title.filter(|t| !t.trim().is_empty()) else {
        return Err(
            Diagnostic::error(path, Some(raw_line), "the article has no `title`")
                .help("add `title = \"Kubernetes 1.32: ...\"` to the front matter"),
        );
    };
    let slug = match raw.slug {
        Some(s) => Slug::parse(&s).map_err(|m| {
            Diagnostic::error(
                path,
                find_key_line(raw_text, "slug").map(|l| raw_line + l - 1),
                m,
            )
        })?,
        None => {
            let stem = page_name(path);
            Slug::from_stem(stem).ok_or_else(|| {
                Diagnostic::error(
                    path,
                    Some(raw_line),
                    "the article has no `slug` and its file name is not ASCII",
                )
                .help("add `slug = \"k8s-1-32-sig-node\"` (ASCII; URLs never romanize Japanese)")
            })?
        }
    };
    // The first of the keys that give a day, in the order they are trusted.
    let (date_key, date_value) = [
        ("date", raw.date),
        ("created_at", raw.created_at),
        ("updated_at", raw.updated_at),
    ]
    .into_iter()
    // `qiita new` writes `updated_at: ''`: an empty value gives no day.
    .find(|(_, v)| match v {
        None => false,
        Some(DateValue::Text(t)) => !t.trim().is_empty(),
        Some(DateValue::Toml(_)) => true,
    })
    .unwrap_or(("date", None));
    let date_error = |shown: &str| {
        let line = find_key_line(raw_text, date_key)
            .or_else(|| (date_key == "date").then(|| find_key_line(raw_text, "published_at"))?);
        Diagnostic::error(
            path,
            line.map(|l| raw_line + l - 1),
            format!("`{shown}` is not a date"),
        )
        .help("write dates as `2024-12-12` (a time may follow: `2024-12-12T10:00:00+09:00`)")
    };
    let date = match date_value {
        None => None,
        // A time alone (`date = 10:00:00`) has no day to show or sort by.
        Some(DateValue::Toml(d)) => Some(
            d.date
                .map(|d| format!("{:04}-{:02}-{:02}", d.year, d.month, d.day))
                .ok_or_else(|| date_error(&d.to_string()))?,
        ),
        Some(DateValue::Text(s)) => Some(parse_date(&s).ok_or_else(|| date_error(&s))?),
    };
    let mut source = raw.source;
    for key in std::mem::take(&mut source.unknown).keys() {
        let line = find_key_line(raw_text, key).map(|l| raw_line + l - 1);
        warnings.push(
            Diagnostic::warning(path, line, format!("unknown key `{key}` in `[source]` is ignored"))
                .help("known keys of `[source]`: url, author, translator, name, license, original_author, original_date"),
        );
    }
    if let Some(url) = source.url.as_deref()
        && !crate::model::urls::is_allowed(url)
    {
        warnings.push(crate::model::urls::refused(
            path,
            find_key_line(raw_text, "url")
                .map(|l| raw_line + l - 1)
                .unwrap_or(raw_line),
            url,
        ));
        source.url = None;
    }
    if source.author.is_none() {
        source.author = raw.author.map(|a| markdown_text(&a));
    }
    if source.translator.is_none() {
        source.translator = raw.translator.map(|a| markdown_text(&a));
    }
    let title = title.trim().to_string();
    let release = match raw.release {
        Some(r) => Some(r),
        None => {
            let inferred = infer_release(&title, slug.as_str(), path);
            if let Some((r, from)) = &inferred {
                warnings.push(
                    Diagnostic::note(path, Some(raw_line), format!("release {r} inferred from {from}"))
                        .help(format!("add `release = \"{r}\"` (or `release: \"{r}\"`) to the front matter to state it, or another release to correct it")),
                );
            }
            inferred.map(|(r, _)| r)
        }
    };
    let link_origin = match source.url.as_deref() {
        Some(url) => crate::model::urls::origin_of(url).map(str::to_string),
        None => kubernetes_website_key(&raw.unknown).map(|key| {
            let line = find_key_line(raw_text, key).map_or(raw_line, |l| raw_line + l - 1);
            warnings.push(
                Diagnostic::note(
                    path,
                    Some(line),
                    format!("site-absolute links point at {KUBERNETES_WEBSITE}: `{key}` is kubernetes/website's key"),
                )
                .help("add `[source]` with `url = \"https://kubernetes.io/...\"` (the page it comes from) to state it, or another site's URL to correct it"),
            );
            KUBERNETES_WEBSITE.to_string()
        }),
    };
    let body = &text[bom + close.1..];
    let body_line = line_of(text_nobom, close.1) + lead_lines;
    // A body opening with the title again (`# タイトル`, as exported posts do) would show it twice
    // under the page's `<h1>`.
    let (body, body_line) = match opening_heading(body) {
        Some(h) if same_title(&h, &title) => without_opening_line(body, body_line),
        _ => (body, body_line),
    };
    let marp = is_marp(&raw.unknown);
    let qiita = is_qiita(&raw.unknown);
    let line_breaks = marp || keeps_line_breaks(&raw.unknown, qiita);
    Ok(Split {
        front: FrontMatter {
            title,
            slug,
            date,
            release,
            beginner: for_beginners(raw.beginner, &raw.tags),
            sigs: raw.sigs,
            tags: raw.tags,
            draft: raw.draft || raw.published == Some(false),
            unrendered: unrendered(&raw.unknown),
            marp,
            line_breaks,
            math: line_breaks || says_math(&raw.unknown),
            qiita,
            refs: raw.refs,
            description: raw.description,
            source,
            link_origin,
        },
        body,
        body_line,
        slug_line: find_key_line(raw_text, "slug").map_or(raw_line, |l| raw_line + l - 1),
    })
}

/// Whether Hugo's build options (`_build`, or the older `build`) say the page is not rendered:
/// `render: never`, `render: false` or `render: link` (a URL but no page).
fn unrendered(unknown: &BTreeMap<String, serde_json::Value>) -> bool {
    ["_build", "build"].iter().any(
        |key| match unknown.get(*key).and_then(|b| b.get("render")) {
            Some(serde_json::Value::Bool(b)) => !b,
            Some(serde_json::Value::String(s)) => {
                matches!(s.to_ascii_lowercase().as_str(), "never" | "link" | "false")
            }
            _ => false,
        },
    )
}

/// Whether the front matter sets `key` to `true`.
fn says_true(unknown: &BTreeMap<String, serde_json::Value>, key: &str) -> bool {
    unknown.get(key) == Some(&serde_json::Value::Bool(true))
}

fn is_marp(unknown: &BTreeMap<String, serde_json::Value>) -> bool {
    says_true(unknown, "marp")
}

/// Whether the front matter turns math on, as Hugo themes read it: `math`, `katex` or
/// `mathjax` true.
fn says_math(unknown: &BTreeMap<String, serde_json::Value>) -> bool {
    ["math", "katex", "mathjax"]
        .iter()
        .any(|k| says_true(unknown, k))
}

/// Whether the front matter is Zenn's (`emoji`, `type: tech` or `idea`) or Qiita's (`qiita`,
/// see [`is_qiita`]): both show a paragraph's line breaks.
fn keeps_line_breaks(unknown: &BTreeMap<String, serde_json::Value>, qiita: bool) -> bool {
    qiita
        || unknown.contains_key("emoji")
        || matches!(
            unknown.get("type").and_then(|t| t.as_str()),
            Some("tech" | "idea")
        )
}

/// Whether the front matter is Qiita's, as Qiita CLI writes it: `private`,
/// `organization_url_name`, `ignorePublish` or `slide` (its `title`, `tags`, `id` and
/// `updated_at` are every platform's).
fn is_qiita(unknown: &BTreeMap<String, serde_json::Value>) -> bool {
    const QIITA: [&str; 4] = ["private", "organization_url_name", "ignorePublish", "slide"];
    QIITA.iter().any(|k| unknown.contains_key(*k))
}

/// Front-matter keys of Hugo sites (kubernetes.io's among them), Zenn, Qiita and Marp slides
/// that shiori has no use for and reads quietly.
const QUIET_KEYS: &[&str] = &[
    "emoji",
    "private",
    "id",
    "organization_url_name",
    "slide",
    "ignorePublish",
    "layout",
    "evergreen",
    "canonicalUrl",
    "canonicalURL",
    "reviewers",
    "aliases",
    "weight",
    "content_type",
    "linkTitle",
    "math",
    "type",
    "categories",
    "images",
    "summary",
    "publishDate",
    "lastmod",
    "expiryDate",
    "keywords",
    "toc_hide",
    "no_list",
    "main_menu",
    "hide_summary",
    "url",
    "authors",
    "feature",
    "card",
    "api_metadata",
    "simple_list",
    "showToc",
    "toc",
    "series",
    "cid",
    "release_announcement",
    "sitemap",
    "outputs",
    "_build",
    "min-kubernetes-server-version",
    "stages",
    "removed",
    "build",
    "headless",
    "params",
    "menu",
    "slug_aliases",
    // Hugo themes' page settings (PaperMod, Hugo's own docs theme, Jekyll themes).
    "image",
    "cover",
    "thumbnail",
    "featured_image",
    "featuredImage",
    "comments",
    "ShowToc",
    "TocOpen",
    "ShowReadingTime",
    "ShowBreadCrumbs",
    "ShowPostNavLinks",
    "ShowWordCount",
    "ShowShareButtons",
    "ShowCodeCopyButtons",
    "disableShare",
    "hidemeta",
    "searchHidden",
    "editPost",
    "excerpt",
    "permalink",
    "mermaid",
    "katex",
    "mathjax",
    // Marp's directives.
    "marp",
    "theme",
    "paginate",
    "size",
    "header",
    "footer",
    "class",
    "backgroundColor",
    "backgroundImage",
    "color",
    "style",
    "headingDivider",
    "transition",
];

/// Text of a one-line Markdown value: `[Name](https://x) (Org)` → `Name (Org)`; lines joined.
fn markdown_text(s: &str) -> String {
    static LINK: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\[([^\]]*)\]\([^)]*\)").unwrap());
    let joined = s.split_whitespace().collect::<Vec<_>>().join(" ");
    LINK.replace_all(&joined, "$1")
        .trim()
        .trim_end_matches(',')
        .to_string()
}

/// The release named by the title (the later of an upgrade's, `v1.32 から v1.33 へ`), else the
/// slug, else the path: `v1.31`, `1.31`,
/// `v1-34`, `1-30`, a `v1.28` folder; a patch release after `Kubernetes`, `CHANGELOG` or a
/// component (`Kubernetes v1.31.0`, `kubernetes-v1-31-2`, `CHANGELOG-1.32`, `kubelet 1.30.2`)
/// or as a folder names its minor release (a bare `v1.22.3` is as likely Go's, and
/// `v1.15.0 リリースノート` Cilium's); after a platform or a cluster and its particles, the
/// release it runs or is upgraded to (`EKS を 1.30 に上げたときの記録`, `EKS Auto Mode で 1.32 を
/// 試す`; not a ratio, `GKE で 1.5 倍速く`). Only 1.x releases from 1.0 to 1.99.
fn infer_release(title: &str, slug: &str, path: &Path) -> Option<(Release, String)> {
    static IN_TITLE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)(?:kubernetes|k8s|(?:^|[^A-Za-z0-9])(?:eks|gke|aks)|クラスタ)ー?(?:\s|を|の|で|auto\s*mode|autopilot|standard|クラスタ|ー|バージョン|version|ver\.?)*v?(1)\.([0-9]{1,2})(?:\.[0-9]{1,3})?(?:\s*[^0-9A-Za-z.\s倍秒万%％年]|\s+[0-9A-Za-z]|\.?$)|(?:^|[^0-9A-Za-z.])v(1)\.([0-9]{1,2})(?:[^0-9A-Za-z.]|\.?$)|(?:^|[^A-Za-z0-9\-])(?:changelog-|(?:kubelet|kubeadm|kubectl|kube-apiserver|kube-proxy|kube-scheduler|kube-controller-manager)\s*v?)(1)\.([0-9]{1,2})(?:\.[0-9]{1,3})?(?:[^0-9A-Za-z.]|\.?$)")
            .unwrap()
    });
    static IN_SLUG: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)(?:kubernetes|k8s|^changelog|(?:^|[-_])(?:eks|gke|aks))[-_]v?(1)[-._]([0-9]{1,2})(?:[-._][0-9]{1,3})?(?:[-_/]|$)|(?:^|[-_])v(1)[-._]([0-9]{1,2})(?:[-_/]|$)|(?:^|[-_])(?:upgrade[-_](?:to[-_])?|update[-_]to[-_])v?(1)[-._]([0-9]{1,2})(?:[-_/]|$)",
        )
        .unwrap()
    });
    static IN_PATH: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)(?:^|[/\\])(?:release-|kubernetes-|k8s-)?v?(1)\.([0-9]{1,2})(?:\.[0-9]{1,3})?(?:[/\\])|(?:^|[_\-./\\])v(1)\.([0-9]{1,2})(?:\.[0-9]{1,3})?(?:[_\-./\\]|$)",
        )
        .unwrap()
    });
    // The first two groups that matched are the major and minor (patterns have alternatives).
    let release = |c: regex::Captures| {
        let mut groups = c.iter().skip(1).flatten();
        let (major, minor) = (groups.next()?, groups.next()?);
        format!("{}.{}", major.as_str(), minor.as_str())
            .parse::<Release>()
            .ok()
    };
    // `v1.32 から v1.33 へのアップグレード`, `from 1.32 to 1.33`: the release upgraded to.
    static UPGRADE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)v?1\.[0-9]{1,2}(?:\.[0-9]{1,3})?\s*(?:から|→|->|⇒|to)\s*v?(1)\.([0-9]{1,2})(?:\.[0-9]{1,3})?(?:[^0-9A-Za-z.]|\.?$)|v?1\.[0-9]{1,2}\s*[〜~]\s*v?(1)\.([0-9]{1,2})\s*へ",
        )
        .unwrap()
    });
    // `1.30 から 1.34 まで`, `v1.30〜v1.34`, `1.30-1.34`: an article about several releases,
    // none of them its own (each section's heading may name one); not after a post's own
    // `Kubernetes v1.33:`, and not a later release before an earlier one (`1.33 – 1.32 との違い`).
    static SPAN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)(?:^|[^0-9A-Za-z.])v?1\.([0-9]{1,2})\s*(?:から\s*v?1\.([0-9]{1,2})\s*(?:まで|にかけて)|(?:〜|~|-|–|—)\s*v?1\.([0-9]{1,2})(?:[^0-9A-Za-z.]|$))",
        )
        .unwrap()
    });
    static OWN_RELEASE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)^\s*(?:kubernetes|k8s)\s*v?(1)\.([0-9]{1,2})(?:\.[0-9]{1,3})?\s*[:：]",
        )
        .unwrap()
    });
    let title = crate::text::japanese::nfkc(title);
    if let Some(r) = OWN_RELEASE.captures(&title).and_then(release) {
        return Some((r, format!("the title `{title}`")));
    }
    let span = SPAN.captures_iter(&title).any(|c| {
        let minor = |g: usize| c.get(g).and_then(|m| m.as_str().parse::<u32>().ok());
        let (from, to) = (minor(1), minor(2).or(minor(3)));
        // `v1.31 ~ v1.32 へ`: an upgrade, to the later one.
        let upgrade = c
            .get(3)
            .is_some_and(|g| title[g.end()..].trim_start().starts_with('へ'));
        !upgrade && matches!((from, to), (Some(a), Some(b)) if b > a)
    });
    if span {
        return None;
    }
    // `Karpenter v1.0 から v1.1 へ`, `VPC CNI v1.19 の変更点`, `Istio 1.22 から 1.23 への移行`: the
    // version of another project named right before it.
    let of_kubernetes = |c: &regex::Captures| {
        let before = &title[..c.get(0).map_or(0, |m| m.start())];
        !versioned_by_another_project(before, |c| !(c.is_ascii_alphanumeric() || c == '-'))
    };
    // `1.31 と 1.32 の違い`, `v1.32 vs v1.33 比較`: two releases compared, the later one new.
    static COMPARED: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)(?:^|[^0-9A-Za-z.])v?1\.([0-9]{1,2})(?:\.[0-9]{1,3})?\s*(?:と|vs\.?)\s*v?1\.([0-9]{1,2})(?:\.[0-9]{1,3})?\s*(?:の|を|で)?\s*(?:違い|比較|差分|差|変更点|新機能)",
        )
        .unwrap()
    });
    if let Some(c) = COMPARED.captures(&title).filter(of_kubernetes) {
        let minor = |g: usize| c.get(g).and_then(|m| m.as_str().parse::<u32>().ok());
        if let Some(r) = minor(1)
            .max(minor(2))
            .and_then(|m| format!("1.{m}").parse::<Release>().ok())
        {
            return Some((r, format!("the title `{title}`")));
        }
    }
    let (upgrades, others): (Vec<_>, Vec<_>) = UPGRADE
        .captures_iter(&title)
        .partition(|c| of_kubernetes(c));
    if let Some(r) = upgrades.into_iter().next().and_then(release) {
        return Some((r, format!("the title `{title}`")));
    }
    // The version another project is upgraded to is that project's too.
    let others: Vec<std::ops::Range<usize>> = others
        .iter()
        .filter_map(|c| c.get(0).map(|m| m.range()))
        .collect();
    if let Some(r) = IN_TITLE
        .captures_iter(&title)
        .filter(|c| {
            c.get(0)
                .is_none_or(|m| !others.iter().any(|o| o.contains(&m.start())))
        })
        .find(of_kubernetes)
        .and_then(release)
    {
        return Some((r, format!("the title `{title}`")));
    }
    // `gateway-api-v1-2-vs-ingress`: another project's version, as in the title.
    let of_kubernetes_in_slug = |c: &regex::Captures| {
        let before = &slug[..c.get(0).map_or(0, |m| m.start())];
        !versioned_by_another_project(before, |c| matches!(c, '-' | '_'))
    };
    if let Some(r) = IN_SLUG
        .captures_iter(slug)
        .find(of_kubernetes_in_slug)
        .and_then(release)
    {
        return Some((r, format!("the slug `{slug}`")));
    }
    let p = path.to_string_lossy();
    IN_PATH
        .captures(&p)
        .and_then(release)
        .map(|r| (r, format!("the path `{p}`")))
}

/// Whether the one or two words `before` a version, split at `split`, name another project that
/// numbers its own versions (`Karpenter`, `VPC CNI`, the slug's `gateway-api`).
fn versioned_by_another_project(before: &str, split: impl Fn(char) -> bool) -> bool {
    let words: Vec<String> = before
        .rsplit(split)
        .filter(|w| !w.is_empty())
        .take(2)
        .map(str::to_ascii_lowercase)
        .collect();
    let named = crate::extract::numbers_its_own_versions;
    match words.as_slice() {
        [] => false,
        [last] => named(last),
        [last, first, ..] => {
            named(last) || named(&format!("{first} {last}")) || named(&format!("{first}-{last}"))
        }
    }
}

/// A Markdown file with no front matter builds, as in Hugo: the title is its opening `# `
/// heading, else its file name; the slug its file name; the release inferred from the title,
/// the file name, the path or, last, the first lines of the body (`原文: https://kubernetes.io/
/// blog/2023/08/15/kubernetes-v1-28-release/`). A note says what was assumed.
fn without_front_matter<'a>(
    path: &Path,
    text: &'a str,
    warnings: &mut Vec<Diagnostic>,
) -> Result<Split<'a>, Diagnostic> {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let stem = page_name(path);
    let Some(slug) = Slug::from_stem(stem) else {
        return Err(Diagnostic::error(
            path,
            Some(1),
            "the file has no front matter and its name is not ASCII, so it has no slug",
        )
        .help("start the file with `+++`, `title = \"...\"`, `slug = \"k8s-1-32-sig-node\"` and a closing `+++` line (URLs never romanize Japanese)"));
    };
    let heading = opening_heading(body);
    let title = heading.clone().unwrap_or_else(|| {
        stem.split(['_', '-'])
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    });
    let head: String = body.lines().take(15).collect::<Vec<_>>().join("\n");
    let release = infer_release(&title, slug.as_str(), path).or_else(|| {
        infer_release_from_text(&head).map(|r| (r, "the first lines of the body".to_string()))
    });
    let mut said = format!(
        "no front matter: the title is {}",
        if heading.is_some() {
            "the opening heading"
        } else {
            "the file name"
        }
    );
    if let Some((r, from)) = &release {
        said.push_str(&format!(", release {r} inferred from {from}"));
    }
    let link_origin = original_in(&head).and_then(crate::model::urls::origin_of);
    if let Some(origin) = link_origin {
        said.push_str(&format!(
            ", site-absolute links point at {origin}, the site of the original its first lines name"
        ));
    }
    warnings.push(Diagnostic::note(path, Some(1), said).help(
        "add front matter (`+++`, `title = \"...\"`, `release = \"1.32\"`, `+++`) to state them",
    ));
    // The opening heading is the page's title (its `<h1>`), so it leaves the body: it would be
    // shown twice.
    let (body, body_line) = match heading {
        Some(_) => without_opening_line(body, 1),
        None => (body, 1),
    };
    Ok(Split {
        front: FrontMatter {
            release: release.map(|(r, _)| r),
            link_origin: link_origin.map(str::to_string),
            ..FrontMatter::new(title, slug)
        },
        body,
        body_line,
        slug_line: 1,
    })
}

/// Labels of the line a translation or a memo opens with to name its original.
const ORIGINAL_LABELS: [&str; 6] = ["原文", "元記事", "原典", "出典", "Original", "Source"];

/// The URL of the original a translation names in its first lines (`原文:
/// https://kubernetes.io/blog/2023/08/15/kubernetes-v1-28-release/`, `元記事：<URL>`,
/// `原文: [タイトル](URL)`): the page its site-absolute links (`/docs/concepts/`) were written for.
fn original_in(head: &str) -> Option<&str> {
    head.lines().find_map(|line| {
        let line = line.trim().trim_start_matches(['>', '*', '-', ' ']);
        let rest = ORIGINAL_LABELS
            .iter()
            .find_map(|l| line.strip_prefix(l))?
            .trim_start_matches(['*', ' '])
            .strip_prefix([':', '：'])?;
        let start = rest.find("http")?;
        let url = &rest[start..];
        let end = url
            .find(|c: char| c.is_whitespace() || matches!(c, ')' | '>' | ']' | '）'))
            .unwrap_or(url.len());
        Some(&url[..end])
    })
}

/// The text of the `# ` heading a body opens with (blank lines before it allowed).
fn opening_heading(body: &str) -> Option<String> {
    let first = body.trim_start().lines().next().unwrap_or("");
    first
        .strip_prefix("# ")
        .map(|h| h.trim().trim_end_matches('#').trim().to_string())
        .filter(|h| !h.is_empty())
}

/// The body without its first non-blank line, and the file line it then starts at.
fn without_opening_line(body: &str, body_line: usize) -> (&str, usize) {
    let lead = body.len() - body.trim_start().len();
    let end = body[lead..].find('\n').map_or(body.len(), |e| lead + e + 1);
    (&body[end..], body_line + body[..end].matches('\n').count())
}

/// Whether a heading says the title again: the same words once NFKC-normalized, spaces and
/// Markdown emphasis aside.
fn same_title(heading: &str, title: &str) -> bool {
    let key = |s: &str| -> String {
        crate::text::japanese::nfkc(s)
            .chars()
            .filter(|c| !c.is_whitespace() && !matches!(c, '*' | '_' | '`'))
            .collect()
    };
    key(heading) == key(title)
}

/// A release named in running text (`Kubernetes v1.28`, `kubernetes-v1-28-release` in a URL).
fn infer_release_from_text(text: &str) -> Option<Release> {
    static IN_TEXT: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)(?:kubernetes|k8s)[\s\-_]*v?(1)[.\-]([0-9]{1,2})(?:[.\-][0-9]{1,3})?(?:[^0-9A-Za-z.]|\.?$)",
        )
        .unwrap()
    });
    let text = crate::text::japanese::nfkc(text);
    let c = IN_TEXT.captures(&text)?;
    format!("{}.{}", &c[1], &c[2]).parse().ok()
}

/// The name a file gives its page: its stem, or for a Hugo bundle (`<name>/index.md`,
/// `_index.md`) its folder's name.
fn page_name(path: &Path) -> &str {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    if stem == "index" || stem == "_index" {
        path.parent()
            .and_then(|p| p.file_name())
            .and_then(|s| s.to_str())
            .unwrap_or(stem)
    } else {
        stem
    }
}

enum Format {
    Toml,
    Yaml,
}

/// The front matter with a top-level `release` written as a bare number (`release = 1.30`,
/// `release: 1.30`) quoted, so it is read as written: TOML and YAML would read `1.30` as the
/// number 1.3. Lines stay where they are, so every diagnostic keeps its line.
fn release_as_written(raw: &str) -> Cow<'_, str> {
    // `=` in TOML, `:` in YAML; a line of the other format is an error either way.
    static RELEASE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?m)^(release[ \t]*[=:][ \t]*)(v?[0-9]+\.[0-9]+)([ \t]*(?:#.*)?\r?)$").unwrap()
    });
    RELEASE.replace(raw, "$1\"$2\"$3")
}

fn find_key_line(raw: &str, key: &str) -> Option<usize> {
    raw.lines()
        .position(|l| {
            let t = l.trim_start();
            t.starts_with(key) && t[key.len()..].trim_start().starts_with(['=', ':'])
        })
        .map(|i| i + 1)
}

/// Accepts `2024-12-12`, `2024-12-12T10:00:00Z`, `2024-12-12 10:00`, `2024-08-13T10:00:00-08:00`:
/// a real calendar day, then nothing or a time (with an optional zone); anything else
/// (`2023-13-45`, `2024-12-12garbage`, a time alone) is not a date.
fn parse_date(s: &str) -> Option<String> {
    static TIME: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"^(?:[T ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?\s*(?:Z|[+-][0-9]{2}:?[0-9]{2})?)?$",
        )
        .unwrap()
    });
    let s = s.trim();
    let d = s.get(..10)?;
    let b = d.as_bytes();
    let digits = d
        .chars()
        .enumerate()
        .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    if !(b[4] == b'-' && b[7] == b'-' && digits && TIME.is_match(&s[10..])) {
        return None;
    }
    let (y, m, day): (u32, u32, u32) = (
        d[..4].parse().ok()?,
        d[5..7].parse().ok()?,
        d[8..].parse().ok()?,
    );
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (1..=days).contains(&day).then(|| d.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<(FrontMatter, usize, Vec<Diagnostic>), Diagnostic> {
        let mut w = Vec::new();
        let s = split(Path::new("content/a.md"), text, &mut w)?;
        Ok((s.front, s.body_line, w))
    }

    #[test]
    fn toml_front_matter() {
        let (f, line, w) = parse("+++\ntitle = \"T\"\nslug = \"a-b\"\ndate = 2024-12-12\nrelease = \"1.32\"\nsigs = [\"sig/node\"]\nrefs = \"kep\"\n[source]\nurl = \"https://x\"\n+++\nbody\n").unwrap();
        assert_eq!(f.title, "T");
        assert_eq!(f.date.as_deref(), Some("2024-12-12"));
        assert_eq!(f.release.unwrap().to_string(), "1.32");
        assert_eq!(f.sigs[0].as_str(), "node");
        assert_eq!(f.refs, Some(RefHint::Kep));
        assert_eq!(line, 11);
        assert!(w.is_empty());
    }

    /// The front matter of a YAML page titled `T` with the keys `keys` (lines) besides.
    fn front_of(keys: &str) -> FrontMatter {
        parse(&format!("---\ntitle: T\n{keys}---\n本文\n"))
            .unwrap()
            .0
    }

    #[test]
    fn hugos_build_options_can_say_the_page_is_not_rendered() {
        let unrendered = |fm: &str| front_of(fm).unrendered;
        assert!(unrendered("_build:\n  render: false\n"));
        assert!(unrendered("_build:\n  render: never\n  list: never\n"));
        assert!(unrendered("_build:\n  render: link\n"));
        assert!(!unrendered("_build:\n  render: always\n"));
        assert!(!unrendered("_build:\n  list: never\n"));
        assert!(!unrendered(""));
        let (f, _, _) = parse("+++\ntitle = \"T\"\n[_build]\nrender = false\n+++\n").unwrap();
        assert!(f.unrendered);
    }

    #[test]
    fn hugo_yaml_with_unknown_keys_warns() {
        let (f, _, w) = parse("---\ntitle: 'Kubernetes v1.31'\nrelease: '1.31'\ndate: 2024-08-13\nslug: kubernetes-1-31-release\nsidebar_position: 3\n---\n本文\n").unwrap();
        assert_eq!(f.slug.as_str(), "kubernetes-1-31-release");
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].line, Some(6));
        assert!(w[0].message.contains("`sidebar_position`"));
    }

    #[test]
    fn zenn_and_qiita_front_matter_builds_quietly() {
        let text = "---\ntitle: \"Kubernetes 1.34 のアップデートまとめ\"\nemoji: \"🚀\"\ntype: \"tech\"\ntopics: [\"kubernetes\", \"k8s\"]\npublished: true\npublished_at: 2025-08-28 09:00\n---\n本文\n";
        let (f, _, w) = parse(text).unwrap();
        assert_eq!(f.date.as_deref(), Some("2025-08-28"));
        assert_eq!(f.tags, ["kubernetes", "k8s"]);
        assert!(!f.draft);
        let loud: Vec<_> = w.iter().filter(|d| !d.is_note()).collect();
        assert!(loud.is_empty(), "{loud:?}");
        let (f, _, _) = parse("---\ntitle: t\npublished: false\n---\n本文\n").unwrap();
        assert!(f.draft, "an unpublished Zenn article is a draft");
        let text = "---\ntitle: t\ntags:\n  - Kubernetes\nprivate: false\nupdated_at: '2025-01-01T00:00:00+09:00'\nid: abc\norganization_url_name: null\nslide: false\nignorePublish: false\n---\n本文\n";
        let (_, _, w) = parse(text).unwrap();
        let loud: Vec<_> = w.iter().filter(|d| !d.is_note()).collect();
        assert!(loud.is_empty(), "{loud:?}");
    }

    #[test]
    fn tags_are_read_in_every_shape_authors_write() {
        let tags = |fm: &str| {
            parse(&format!("---\ntitle: t\n{fm}---\n本文\n"))
                .unwrap()
                .0
                .tags
        };
        assert_eq!(tags("tags: kubernetes k8s\n"), ["kubernetes", "k8s"]);
        assert_eq!(tags("tags: \"kubernetes, k8s\"\n"), ["kubernetes", "k8s"]);
        assert_eq!(
            tags(
                "tags:\n  - name: Kubernetes\n    versions: []\n  - name: EKS\n    versions: []\n"
            ),
            ["Kubernetes", "EKS"]
        );
        let toml = parse("+++\ntitle = \"t\"\ntags = \"a b\"\n+++\n本文\n")
            .unwrap()
            .0;
        assert_eq!(toml.tags, ["a", "b"]);
        // Nothing after the key, and words YAML reads as numbers.
        assert!(tags("tags:\n").is_empty());
        assert_eq!(tags("topics: [k8s, 1.30]\n"), ["k8s", "1.3"]);
        // A shape that is no list of words says what to write, at the key's line.
        let e = parse("---\ntitle: t\ntags:\n  a: 1\n---\n本文\n").unwrap_err();
        assert!(e.message.contains("tags"), "{}", e.message);
        assert!(
            !e.help.as_deref().unwrap_or("").contains("indentation"),
            "{:?}",
            e.help
        );
    }

    #[test]
    fn theme_keys_of_hugo_blogs_are_quiet() {
        let text = "---\ntitle: t\nimage: a.png\nShowToc: true\nTocOpen: false\ncover:\n  image: a.png\nthumbnail: a.png\ncomments: true\n---\n本文\n";
        let (_, _, w) = parse(text).unwrap();
        let loud: Vec<_> = w.iter().filter(|d| !d.is_note()).collect();
        assert!(loud.is_empty(), "{loud:?}");
    }

    #[test]
    fn a_qiita_post_takes_its_date_from_created_at_else_updated_at() {
        let date = |fm: &str| {
            parse(&format!("---\ntitle: t\n{fm}---\n本文\n"))
                .unwrap()
                .0
                .date
        };
        assert_eq!(
            date("updated_at: '2025-01-03T10:00:00+09:00'\n").as_deref(),
            Some("2025-01-03")
        );
        assert_eq!(
            date(
                "created_at: '2024-12-20T09:00:00+09:00'\nupdated_at: '2025-01-03T10:00:00+09:00'\n"
            )
            .as_deref(),
            Some("2024-12-20")
        );
        assert_eq!(
            date("date: 2024-11-01\nupdated_at: '2025-01-03T10:00:00+09:00'\n").as_deref(),
            Some("2024-11-01")
        );
        assert_eq!(
            date("updated_at: ''\nid: null\n"),
            None,
            "a new Qiita CLI post"
        );
        // A bad day is reported at the key that gave it.
        let e = parse("---\ntitle: t\nid: x\nupdated_at: '2025-13-03'\n---\n本文\n").unwrap_err();
        assert_eq!(e.line, Some(4));
        assert!(e.message.contains("2025-13-03"), "{}", e.message);
        let e = parse("---\ntitle: t\npublished_at: 2025-02-30\n---\n本文\n").unwrap_err();
        assert_eq!(e.line, Some(3));
    }

    #[test]
    fn zenn_qiita_and_marp_keep_line_breaks_and_others_do_not() {
        let breaks = |front: &str| front_of(front).line_breaks;
        assert!(breaks("emoji: \"🐳\"\ntype: \"tech\"\ntopics: [\"k8s\"]\n"));
        assert!(breaks("type: idea\n"));
        assert!(breaks("private: false\nupdated_at: ''\nid: null\n"));
        assert!(breaks("marp: true\n"));
        assert!(!breaks("type: docs\n"));
        assert!(!breaks("layout: blog\ndate: 2024-08-13\n"));
        assert!(!breaks("marp: false\n"));
    }

    #[test]
    fn zenn_qiita_marp_and_a_math_flag_turn_inline_math_on_and_others_do_not() {
        let math = |front: &str| front_of(front).math;
        assert!(math("emoji: \"🐳\"\ntype: \"tech\"\n"));
        assert!(math("private: false\n"));
        assert!(math("marp: true\n"));
        assert!(math("math: true\n"));
        assert!(math("katex: true\n"));
        assert!(math("mathjax: true\n"));
        assert!(!math("math: false\n"));
        assert!(!math("tags: [Kubernetes]\n"));
        assert!(!math("layout: blog\n"));
    }

    #[test]
    fn qiitas_front_matter_is_known_by_its_own_keys() {
        assert!(front_of("private: false\nupdated_at: ''\nid: null\n").qiita);
        assert!(front_of("organization_url_name: k8s-ja\n").qiita);
        assert!(!front_of("tags: [Kubernetes]\nid: abc\n").qiita);
        assert!(!front_of("emoji: \"🐳\"\ntype: tech\n").qiita);
    }

    #[test]
    fn marp_slides_build_quietly() {
        let text = "---\nmarp: true\ntheme: gaia\npaginate: true\nheader: 'Kubernetes 1.33 勉強会'\nfooter: '@k8s-ja'\nbackgroundColor: '#fff'\ntitle: 'Kubernetes 1.33 の変更点'\n---\n本文\n";
        let (f, _, w) = parse(text).unwrap();
        assert_eq!(f.title, "Kubernetes 1.33 の変更点");
        assert!(f.marp);
        assert!(
            !parse("---\ntitle: t\nmarp: false\n---\n本文\n")
                .unwrap()
                .0
                .marp
        );
        let loud: Vec<_> = w.iter().filter(|d| !d.is_note()).collect();
        assert!(loud.is_empty(), "{loud:?}");
    }

    #[test]
    fn a_memo_naming_its_original_links_site_absolute_to_the_originals_site() {
        for head in [
            "本ドキュメントは意訳になります。\n\n原文: https://kubernetes.io/blog/2023/08/15/kubernetes-v1-28-release/\n",
            "元記事：<https://kubernetes.io/blog/2023/08/15/kubernetes-v1-28-release/>\n",
            "> 原文: [Kubernetes v1.28](https://kubernetes.io/blog/2023/08/15/kubernetes-v1-28-release/)\n",
            "**Original**: https://kubernetes.io/blog/x/ (English)\n",
        ] {
            let url = original_in(head).unwrap_or_else(|| panic!("{head}"));
            assert_eq!(
                crate::model::urls::origin_of(url),
                Some("https://kubernetes.io"),
                "{head}"
            );
        }
        for head in [
            "原文の意図を汲んで訳しました。https://example.org/ も参照\n",
            "本文: https://x/\n",
        ] {
            assert_eq!(original_in(head), None, "{head}");
        }
    }

    #[test]
    fn a_kubernetes_website_page_links_site_absolute_to_kubernetes_io() {
        // kubernetes/website's keys: a blog post's layout, a docs page's content_type.
        for text in [
            "---\nlayout: blog\ntitle: 'Kubernetes v1.32: Penelope'\ndate: 2024-12-11\nslug: kubernetes-v1-32-release\n---\n本文\n",
            "---\ntitle: リース\ncontent_type: concept\nweight: 30\n---\n本文\n",
        ] {
            let (f, _, w) = parse(text).unwrap();
            assert_eq!(
                f.link_origin.as_deref(),
                Some("https://kubernetes.io"),
                "{text}"
            );
            assert!(
                w.iter()
                    .any(|d| d.is_note() && d.message.contains("https://kubernetes.io")),
                "{w:?}"
            );
        }
        // `[source] url` says where the article is from, whatever its keys.
        let (f, _, _) = parse("+++\ntitle = \"t\"\nlayout = \"blog\"\n[source]\nurl = \"https://example.org/posts/1/\"\n+++\n本文\n").unwrap();
        assert_eq!(f.link_origin.as_deref(), Some("https://example.org"));
        // Another Hugo site's post keeps its links this site's paths.
        let (f, _, _) = parse("---\ntitle: t\nlayout: post\n---\n本文\n").unwrap();
        assert_eq!(f.link_origin, None);
    }

    #[test]
    fn kubernetes_io_blog_front_matter_builds_quietly() {
        let text = "\n---\nlayout: blog\ntitle: 'Kubernetes v1.31: Elli'\ndate: 2024-08-13T10:00:00-08:00\nslug: kubernetes-v1-31-release\nevergreen: true\ncanonicalUrl: https://kubernetes.io/blog/x/\nauthor: >\n  [Kubernetes v1.31 Release Team](https://github.com/x)\ntranslator: >\n  [Taisuke Okamoto](https://github.com/b1gb4by) (IDC Frontier)\n---\n本文\n";
        let (f, line, w) = parse(text).unwrap();
        assert_eq!(f.date.as_deref(), Some("2024-08-13"));
        assert_eq!(
            f.source.author.as_deref(),
            Some("Kubernetes v1.31 Release Team")
        );
        assert_eq!(
            f.source.translator.as_deref(),
            Some("Taisuke Okamoto (IDC Frontier)")
        );
        assert_eq!(line, 14, "the body's line counts the leading blank line");
        assert_eq!(f.release.map(|r| r.to_string()).as_deref(), Some("1.31"));
        let loud: Vec<_> = w.iter().filter(|d| !d.is_note()).collect();
        assert!(loud.is_empty(), "{loud:?}");
        assert!(
            w[0].message
                .contains("release 1.31 inferred from the title"),
            "{w:?}"
        );
    }

    #[test]
    fn release_inferred_from_title_slug_or_path() {
        let r = |title: &str, slug: &str, path: &str| {
            infer_release(title, slug, Path::new(path)).map(|(r, _)| r.to_string())
        };
        assert_eq!(
            r("Kubernetes v1.31: Elli", "x", "content/x.md").as_deref(),
            Some("1.31")
        );
        assert_eq!(
            r("Kubernetes v1.30をそっと覗く", "x", "content/x.md").as_deref(),
            Some("1.30")
        );
        assert_eq!(
            r("Kubernetes 1.31: SPDYからWebSocketへ", "x", "content/x.md").as_deref(),
            Some("1.31")
        );
        assert_eq!(
            r("Ｋｕｂｅｒｎｅｔｅｓ　ｖ１．３２", "x", "content/x.md").as_deref(),
            Some("1.32")
        );
        // An upgrade names the release it goes to.
        for title in [
            "v1.32 から v1.33 へのアップグレードで変わったこと",
            "Kubernetes 1.32→1.33 移行メモ",
            "Upgrading from v1.32 to v1.33",
        ] {
            assert_eq!(
                r(title, "x", "content/x.md").as_deref(),
                Some("1.33"),
                "{title}"
            );
        }
        // Patch releases on both sides name their minor ones.
        for title in [
            "Kubernetes 1.30.4 から 1.31.1 へのアップグレードで詰まった話",
            "v1.30.4 から v1.31.1 へアップグレード",
            "1.30.4 → 1.31.1 アップグレード記録",
        ] {
            assert_eq!(
                r(title, "x", "content/x.md").as_deref(),
                Some("1.31"),
                "{title}"
            );
        }
        // Two releases compared: the later one.
        for (title, want) in [
            ("Kubernetes 1.31 と 1.32 の違いを表で比較してみた", "1.32"),
            ("v1.32 vs v1.33 比較", "1.33"),
            ("Kubernetes 1.33.1 と 1.32.5 の変更点まとめ", "1.33"),
        ] {
            assert_eq!(
                r(title, "x", "content/x.md").as_deref(),
                Some(want),
                "{title}"
            );
        }
        // Another project's versions compared are that project's.
        assert_eq!(r("Istio 1.22 と 1.23 の違い", "x", "content/x.md"), None);
        // A platform or cluster upgraded to a release, in the title or the slug.
        for (title, slug, want) in [
            ("EKS を 1.30 に上げたときの記録", "x", "1.30"),
            ("EKS クラスタを 1.30 にアップグレードした話", "x", "1.30"),
            ("GKE を 1.31 にアップデートしました", "x", "1.31"),
            ("Kubernetes を 1.30 に上げた", "x", "1.30"),
            ("EKS Auto Mode で 1.32 を試す", "x", "1.32"),
            ("本番クラスターを 1.29 に", "x", "1.29"),
            ("アップグレード記録", "eks-1-30-upgrade-log", "1.30"),
            ("アップグレード記録", "upgrade-to-1-30", "1.30"),
        ] {
            assert_eq!(
                r(title, slug, "content/x.md").as_deref(),
                Some(want),
                "{title} / {slug}"
            );
        }
        // Not a release of Kubernetes: another tool's version, a `weeks-` slug, a ratio, a
        // weekly update's date.
        assert_eq!(r("Go 1.22 で書く", "weeks-1-30", "content/x.md"), None);
        assert_eq!(
            r("GKE で 1.5 倍速く", "weekly-update-1-15", "content/x.md"),
            None
        );
        // An upgrade by `~ … へ`, a post's own release before a span, a descending pair, a
        // platform's release of Kubernetes and `バージョン` before the number.
        for (title, want) in [
            ("Kubernetes v1.31 ~ v1.32 へのアップグレード", "1.32"),
            (
                "Kubernetes v1.33: In-Place Pod Resize が 1.27〜1.32 を経てベータに",
                "1.33",
            ),
            (
                "Kubernetes v1.34: サイドカーコンテナ、1.28 から 1.33 までの歩み",
                "1.34",
            ),
            ("Kubernetes 1.33 – 1.32 との違い", "1.33"),
            (
                "Amazon EKS で Kubernetes バージョン 1.33 のサポートを開始しました",
                "1.33",
            ),
            ("Kubernetes version 1.33 のサポート開始", "1.33"),
            ("EKS 1.33 のサポート開始", "1.33"),
            ("Kubernetes バージョン1.33 がGKEで利用可能に", "1.33"),
        ] {
            assert_eq!(
                r(title, "x", "content/x.md").as_deref(),
                Some(want),
                "{title}"
            );
        }
        // A changelog's or a component's release, a patch release naming its minor one.
        for (title, slug, want) in [
            ("CHANGELOG-1.32 日本語ダイジェスト", "x", "1.32"),
            ("x", "changelog-1-32-digest", "1.32"),
            ("kubelet 1.30.2 でノードが NotReady になった話", "x", "1.30"),
            ("kubeadm v1.31 の新しい設定", "x", "1.31"),
        ] {
            assert_eq!(
                r(title, slug, "content/x.md").as_deref(),
                Some(want),
                "{title}"
            );
        }
        // Another project's changelog or component is none.
        for (title, slug) in [
            ("Istio CHANGELOG 1.22 の気になる変更", "x"),
            ("Cilium の changelog 1.16 まとめ", "cilium-changelog-1-16"),
            ("Kube-OVN 1.13 リリースまとめ", "x"),
            ("kube-router 1.6 の新機能", "x"),
            ("Karpenter v1.1 の変更点", "x"),
            ("Karpenter v1.0 から v1.1 へのアップグレード", "x"),
            ("VPC CNI v1.19 へのアップグレード", "x"),
            ("Istio 1.22 から 1.23 への移行", "x"),
            // Another project's version in the slug, as in the title.
            ("Ingress vs Gateway API", "gateway-api-v1-2-vs-ingress"),
            ("x", "karpenter-v1-1-upgrade"),
        ] {
            assert_eq!(r(title, slug, "content/x.md"), None, "{title}");
        }
        // Kubernetes' own tools number their versions with it; an upgrade of Kubernetes
        // beside another project's version is Kubernetes'.
        for (title, want) in [
            ("kubeadm v1.33 でクラスターを作る", "1.33"),
            ("K3s v1.31 で試す新機能", "1.31"),
            ("Karpenter v1.1 と Kubernetes 1.31 への移行", "1.31"),
            ("クラスターを v1.30 から v1.31 へ上げた", "1.31"),
        ] {
            assert_eq!(
                r(title, "x", "content/x.md").map(|r| r.to_string()),
                Some(want.to_string()),
                "{title}"
            );
        }
        // A word ending in the letters of a platform is none.
        for title in [
            "Helm chart tweaks 1.5 リリース",
            "Istio の Breaks 1.2 を読む",
        ] {
            assert_eq!(r(title, "x", "content/x.md"), None, "{title}");
        }
        // A span of releases is no one release, and the slug or path does not stand in.
        for title in [
            "Kubernetes 1.30 から 1.34 までを振り返る",
            "Kubernetes 1.30〜1.34 を振り返る",
            "v1.30 ~ v1.34 の変更まとめ",
            "Kubernetes 1.31-1.33 のサイドカー",
        ] {
            assert_eq!(r(title, "k8s-1-30-review", "content/x.md"), None, "{title}");
        }
        assert_eq!(
            r("リリース", "kubernetes-v1-34-release", "content/x.md").as_deref(),
            Some("1.34")
        );
        assert_eq!(
            r(
                "そっと覗く",
                "kubernetes-1-30-upcoming-changes",
                "content/x.md"
            )
            .as_deref(),
            Some("1.30")
        );
        assert_eq!(
            r("ブログ", "blog", "content/v1.28/blog.md").as_deref(),
            Some("1.28")
        );
        assert_eq!(
            r(
                "Client-Goへのフィーチャーゲートの導入",
                "feature-gates-in-client-go",
                "content/a.md"
            ),
            None
        );
        // A patch release names its minor release.
        for (title, slug, path) in [
            ("Kubernetes v1.31.0の新機能", "x", "content/x.md"),
            ("Kubernetes v1.31.0: Elli", "x", "content/x.md"),
            ("Kubernetes 1.31.0 リリース", "x", "content/x.md"),
            ("Kubernetes v1.31.2 パッチリリース", "x", "content/x.md"),
            ("お知らせ", "kubernetes-v1-31-2-release", "content/x.md"),
            ("お知らせ", "x", "content/v1.31.0/notes.md"),
        ] {
            assert_eq!(
                r(title, slug, path).as_deref(),
                Some("1.31"),
                "{title} {slug} {path}"
            );
        }
        assert_eq!(r("Kubernetes 1.31.1234", "a", "content/a.md"), None);
        assert_eq!(r("Kubernetes 1.5GB のメモリ", "a", "content/a.md"), None);
        assert_eq!(r("Go 1.22 への移行", "go-1-22", "content/a.md"), None);
        assert_eq!(
            r("v1.29 CHANGELOG まとめ", "x", "content/a.md").as_deref(),
            Some("1.29")
        );
        assert_eq!(
            r("リリースノート", "changelog-v1-27", "content/a.md").as_deref(),
            Some("1.27")
        );
        assert_eq!(
            r(
                "blog",
                "atoato88-k8s-release-memo--v1-29--blog",
                "content/atoato88-k8s-release-memo__v1.29__blog.md"
            )
            .as_deref(),
            Some("1.29")
        );
        assert_eq!(
            r("Go v1.22.3 への移行", "go", "content/a.md"),
            None,
            "a patch version of something else"
        );
    }

    #[test]
    fn a_release_written_as_a_number_is_read_as_written() {
        for text in [
            "+++\ntitle = \"T\"\nslug = \"a\"\nrelease = 1.30\n+++\n",
            "+++\ntitle = \"T\"\nrelease = 1.30  # the release\nslug = \"a\"\n+++\n",
            "---\ntitle: T\nslug: a\nrelease: 1.30\n---\n",
            "---\r\ntitle: T\r\nrelease: v1.30\r\n---\r\n",
        ] {
            let (front, ..) = parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(
                front.release.map(|r| r.to_string()).as_deref(),
                Some("1.30"),
                "{text:?}"
            );
        }
    }

    #[test]
    fn a_yaml_error_names_one_line_the_files() {
        let e = parse("\n---\ntitle: t\nslug: [a\n---\n").unwrap_err();
        assert!(!e.message.contains(" at line "), "{e}");
        assert!(e.line.is_some_and(|l| l >= 4), "{e}");
    }

    #[test]
    fn unknown_source_keys_warn() {
        let (f, _, w) = parse("+++\ntitle = \"T\"\nslug = \"a\"\nrelease = \"1.32\"\n[source]\nurl = \"https://x/\"\npublisher = \"y\"\n+++\n").unwrap();
        assert_eq!(f.source.url.as_deref(), Some("https://x/"));
        assert_eq!(w.len(), 1, "{w:?}");
        assert_eq!(w[0].line, Some(7));
        assert!(w[0].message.contains("`publisher`"));
    }

    #[test]
    fn dates_must_be_real_days() {
        for ok in [
            "2024-12-12",
            "2024-02-29",
            "2024-08-13T10:00:00-08:00",
            "2024-12-12 10:00",
            "2024-12-12T10:00:00.5Z",
        ] {
            assert!(parse_date(ok).is_some(), "{ok}");
        }
        for bad in [
            "2023-13-45",
            "2024-12-12garbage",
            "2023-02-29",
            "2024-04-31",
            "10:00:00",
            "2024/12/12",
            "2024-12-1",
        ] {
            assert!(parse_date(bad).is_none(), "{bad}");
        }
        let e =
            parse("+++\ntitle = \"T\"\nslug = \"a\"\ndate = \"2023-13-45\"\n+++\n").unwrap_err();
        assert_eq!(e.line, Some(4), "{e}");
        assert!(e.message.contains("`2023-13-45` is not a date"), "{e}");
        let e = parse("+++\ntitle = \"T\"\nslug = \"a\"\ndate = 10:00:00\n+++\n").unwrap_err();
        assert_eq!(e.line, Some(4), "{e}");
        let e = parse("---\ntitle: T\nslug: a\ndate: 2024-12-12garbage\n---\n").unwrap_err();
        assert_eq!(e.line, Some(4), "{e}");
    }

    #[test]
    fn missing_title_is_an_error_with_a_fix() {
        let e = parse("+++\nslug = \"a\"\n+++\n").unwrap_err();
        assert!(e.message.contains("`title`"));
        assert!(e.help.unwrap().contains("title ="));
    }

    #[test]
    fn malformed_toml_points_at_the_line() {
        let e = parse("+++\ntitle = \"T\"\nslug = a-b\n+++\n").unwrap_err();
        assert_eq!(e.line, Some(3), "{e}");
    }

    #[test]
    fn japanese_slug_is_refused() {
        let e = parse("+++\ntitle = \"T\"\nslug = \"変更\"\n+++\n").unwrap_err();
        assert_eq!(e.line, Some(3));
        assert!(e.message.contains("ASCII"));
    }

    #[test]
    fn unclosed_front_matter() {
        let e = parse("+++\ntitle = \"T\"\n").unwrap_err();
        assert!(e.message.contains("never closed"));
    }
}
