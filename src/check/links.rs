//! The internal-link checker of `shiori check`: every relative `href` and `src` of every
//! generated HTML page, resolved against the page's own path, must name a file of the output,
//! and a `#fragment` must name an `id` in that file.
//!
//! Takes the built output (path → bytes, in memory; nothing is written) and gives the broken
//! links in page order. External URLs (`https:`, `mailto:`, `//host`) are not fetched, and
//! absolute paths (`/k8s/...`, which only `404.html` uses, on purpose) are left alone: both
//! depend on where the site is served. A link to a folder must end in `/` (then
//! `index.html` is meant), because a static host may redirect `dir` to `dir/` but `file://`
//! cannot.
//!
//! [`broken_links`] runs on the output of `pipeline::build` before anything is written (from
//! `cmd::check`); [`missing_images`] and [`missing_pages`] (an author's site-absolute links)
//! run inside the build, per article, and their findings go into `Output::findings`.
use crate::write::FileBytes;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::sync::LazyLock;

use regex::Regex;

use crate::model::diag::Diagnostic;

/// A link of a generated page that leads nowhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrokenLink {
    /// Output path of the page (`keps/3962/index.html`).
    pub page: String,
    /// The attribute value as written.
    pub href: String,
    pub problem: Problem,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// No such file in the output (the resolved path).
    MissingFile(String),
    /// The file exists, the `id` does not.
    MissingAnchor { file: String, id: String },
    /// `dir` where `dir/` was meant.
    FolderWithoutSlash(String),
    /// `../` above the site root.
    OutsideSite,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::MissingFile(p) => write!(f, "there is no `{p}` in the output"),
            Problem::MissingAnchor { file, id } => {
                write!(f, "`{file}` has no element with id `{id}`")
            }
            Problem::FolderWithoutSlash(p) => {
                write!(f, "`{p}` is a folder; the link needs a trailing `/`")
            }
            Problem::OutsideSite => write!(f, "it climbs above the site root"),
        }
    }
}

impl BrokenLink {
    pub fn diagnostic(&self) -> Diagnostic {
        Diagnostic::warning(
            &self.page,
            None,
            format!("broken link `{}`: {}", self.href, self.problem),
        )
        .help(match &self.problem {
            Problem::MissingAnchor { .. } => {
                "link to an anchor the page has (paragraphs are `#p-N`, list items `#li-N`, headings their id)"
            }
            Problem::FolderWithoutSlash(_) => "end the link with `/`",
            _ => "fix the link in the article or template that produced it",
        })
    }
}

static ATTR: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"\s(?:href|src)="([^"]*)""#).expect("valid regex"));
static ID: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"\sid="([^"]*)""#).expect("valid regex"));

/// Images an article shows that the output does not have, each at its line in the article:
/// a relative `src` is resolved against the article's page (`articles/<slug>/`), a `/path` as
/// [`urls::site_file`](crate::model::urls::site_file) takes it after `base_path`; external and
/// `data:` images are not checked, nor `/path` ones of an article from another site
/// (`base_path` `None`: they are that site's).
pub fn missing_images(
    path: &std::path::Path,
    doc: &crate::parse::blocks::Doc,
    page: &str,
    base_path: Option<&str>,
    files: &std::collections::BTreeSet<String>,
) -> Vec<Unreached> {
    let page_file = format!("{page}index.html");
    let mut out = Vec::new();
    for (src, line) in &doc.images {
        let s = src.trim();
        if s.is_empty() || s.contains("://") || s.starts_with("//") || s.starts_with("data:") {
            continue;
        }
        let target = if s.starts_with('/') {
            base_path.and_then(|b| crate::model::urls::site_file(s, b))
        } else {
            resolve(&page_file, s.split(['#', '?']).next().unwrap_or(""))
        };
        let Some(target) = target else { continue };
        if files.contains(&target) {
            continue;
        }
        let diagnostic = Diagnostic::warning(
            path,
            Some(*line),
            format!("image `{src}` is missing: there is no `{target}` in the output"),
        )
        .help(
            "make the article a page bundle (`content/<name>/index.md` with the image beside it) and write the file name, or put the image under `static/` and write `/static/<file>`",
        );
        out.push(Unreached { target, diagnostic });
    }
    out
}

/// An output path an article links or shows that the build did not make, with the finding
/// that says so at the article's line. `shiori check` reports it there, not once more as a
/// broken link of each page that carries the article's HTML.
pub struct Unreached {
    pub target: String,
    pub diagnostic: Diagnostic,
}

/// Site-absolute links an article's author wrote (`[KEP](/keps/3157/)`) that lead to no page
/// of this site, each at its line in the article. Such a path is taken from the site's root:
/// after `base_path` (the path of `base_url`) when it starts with it (`/k8s/keps/3157/` on a site served from
/// `https://example.org/k8s/`), else from `/`. The caller leaves out articles from another site
/// (their `/…` links are that site's pages).
pub fn missing_pages(
    path: &std::path::Path,
    doc: &crate::parse::blocks::Doc,
    base_path: &str,
    files: &std::collections::BTreeSet<String>,
) -> Vec<Unreached> {
    let mut out = Vec::new();
    for span in &doc.spans {
        let crate::parse::blocks::SpanKind::Link { dest } = &span.kind else {
            continue;
        };
        let dest = dest.trim();
        let Some(target) = crate::model::urls::site_file(dest, base_path) else {
            continue;
        };
        if files.contains(&target) || files.contains(&format!("{target}/index.html")) {
            continue;
        }
        let diagnostic = Diagnostic::warning(
            path,
            Some(doc.blocks[span.block].line),
            format!("link `{dest}` leads to no page of this site: there is no `{target}` in the output"),
        )
        .help(
                "write the path of a page the site has (`/keps/3157/`) or the full URL of a page elsewhere; an article from another site (`/docs/…` of kubernetes.io) says so in its front matter (`[source]` `url = \"https://kubernetes.io/ja/docs/…\"`), and its `/…` links then lead there",
        );
        out.push(Unreached { target, diagnostic });
    }
    out
}

/// Every broken internal link of the HTML pages in `files`.
pub fn broken_links(files: &BTreeMap<String, FileBytes>) -> Vec<BrokenLink> {
    // Lookups only; the output order follows `files` (a BTreeMap) and each page's text.
    let mut ids: HashMap<&str, HashSet<String>> = HashMap::new();
    let mut out = Vec::new();
    for (page, bytes) in files {
        if !page.ends_with(".html") {
            continue;
        }
        let html = String::from_utf8_lossy(bytes);
        for cap in ATTR.captures_iter(&html) {
            let href = &cap[1];
            let Some(problem) = check_one(page, href, files, &mut ids) else {
                continue;
            };
            out.push(BrokenLink {
                page: page.clone(),
                href: href.to_string(),
                problem,
            });
        }
    }
    out
}

fn check_one<'f>(
    page: &str,
    href: &str,
    files: &'f BTreeMap<String, FileBytes>,
    ids: &mut HashMap<&'f str, HashSet<String>>,
) -> Option<Problem> {
    let href = crate::text::unescape_html(href);
    if is_external(&href) {
        return None;
    }
    let (path, fragment) = match href.split_once('#') {
        Some((p, f)) => (p, Some(f)),
        None => (href.as_str(), None),
    };
    let path = path.split('?').next().unwrap_or("");
    let target = if path.is_empty() {
        page.to_string()
    } else {
        match resolve(page, &crate::model::urls::percent_decode(path)) {
            Some(t) => t,
            None => return Some(Problem::OutsideSite),
        }
    };
    let (key, bytes) = match files.get_key_value(&target) {
        Some(kv) => kv,
        None if files.contains_key(&format!("{target}/index.html")) => {
            return Some(Problem::FolderWithoutSlash(target));
        }
        None => return Some(Problem::MissingFile(target)),
    };
    let fragment = fragment.filter(|f| !f.is_empty())?;
    if !key.ends_with(".html") {
        return None;
    }
    let id = crate::model::urls::percent_decode(fragment);
    let known = ids
        .entry(key.as_str())
        .or_insert_with(|| ids_of(&String::from_utf8_lossy(bytes)));
    if known.contains(&id) {
        None
    } else {
        Some(Problem::MissingAnchor { file: target, id })
    }
}

fn is_external(href: &str) -> bool {
    let scheme = href.split_once(':').is_some_and(|(s, _)| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
            && s.starts_with(|c: char| c.is_ascii_alphabetic())
    });
    scheme || href.starts_with('/')
}

/// `keps/3962/index.html` + `../../articles/a/` → `articles/a/index.html`; `None` above the root.
pub fn resolve(page: &str, href: &str) -> Option<String> {
    let mut parts: Vec<&str> = page.split('/').collect();
    parts.pop(); // the page's own file name
    for seg in href.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    let mut joined = parts.join("/");
    if href.ends_with('/') || href.is_empty() {
        if !joined.is_empty() {
            joined.push('/');
        }
        joined.push_str("index.html");
    }
    Some(joined)
}

fn ids_of(html: &str) -> HashSet<String> {
    ID.captures_iter(html)
        .map(|c| crate::text::unescape_html(&c[1]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(pages: &[(&str, &str)]) -> BTreeMap<String, FileBytes> {
        pages
            .iter()
            .map(|(p, h)| (p.to_string(), h.as_bytes().to_vec().into()))
            .collect()
    }

    #[test]
    fn resolves_relative_to_the_page() {
        let cases = [
            (
                "keps/3962/index.html",
                "../../articles/a/",
                Some("articles/a/index.html"),
            ),
            ("index.html", "keps/", Some("keps/index.html")),
            ("index.html", "", Some("index.html")),
            ("articles/a/index.html", "../../", Some("index.html")),
            (
                "articles/a/index.html",
                "../../static/style.css",
                Some("static/style.css"),
            ),
            ("articles/a/index.html", "./", Some("articles/a/index.html")),
            ("index.html", "../x/", None),
        ];
        for (page, href, want) in cases {
            assert_eq!(resolve(page, href).as_deref(), want, "{page} + {href}");
        }
    }

    #[test]
    fn finds_each_kind_of_broken_link() {
        let files = site(&[
            (
                "index.html",
                "<a href=\"keps/\">ok</a> <a href=\"keps/1/#li-2\">ok</a> <a href=\"keps/1/#li-9\">no id</a> \
                 <a href=\"nowhere/\">missing</a> <a href=\"keps\">folder</a> <a href=\"../up/\">outside</a> \
                 <a href=\"https://example.org/x\">external</a> <a href=\"/k8s/abs/\">absolute</a> \
                 <a href=\"#top\">self</a> <script src=\"static/x.js\"></script>",
            ),
            ("keps/index.html", "<h1 id=\"top\">KEP</h1>"),
            ("keps/1/index.html", "<li id=\"li-2\">x</li>"),
        ]);
        let got: Vec<(String, Problem)> = broken_links(&files)
            .into_iter()
            .map(|b| (b.href, b.problem))
            .collect();
        assert_eq!(
            got,
            [
                (
                    "keps/1/#li-9".to_string(),
                    Problem::MissingAnchor {
                        file: "keps/1/index.html".into(),
                        id: "li-9".into()
                    }
                ),
                (
                    "nowhere/".into(),
                    Problem::MissingFile("nowhere/index.html".into())
                ),
                ("keps".into(), Problem::FolderWithoutSlash("keps".into())),
                ("../up/".into(), Problem::OutsideSite),
                (
                    "#top".into(),
                    Problem::MissingAnchor {
                        file: "index.html".into(),
                        id: "top".into()
                    }
                ),
                (
                    "static/x.js".into(),
                    Problem::MissingFile("static/x.js".into())
                ),
            ]
        );
    }

    #[test]
    fn japanese_heading_anchors_match_raw_or_percent_encoded() {
        let files = site(&[
            (
                "a/index.html",
                "<h3 id=\"3962ミューテーティング\">x</h3><a href=\"#3962ミューテーティング\">raw</a>\
                 <a href=\"#3962%E3%83%9F%E3%83%A5%E3%83%BC%E3%83%86%E3%83%BC%E3%83%86%E3%82%A3%E3%83%B3%E3%82%B0\">encoded</a>\
                 <a href=\"../b/?q=1&amp;r=2#x\">query</a>",
            ),
            ("b/index.html", "<p id=\"x\">"),
        ]);
        assert_eq!(broken_links(&files), []);
    }

    #[test]
    fn diagnostics_name_the_page_and_the_link() {
        let b = BrokenLink {
            page: "keps/1/index.html".into(),
            href: "../../articles/a/#li-9".into(),
            problem: Problem::MissingAnchor {
                file: "articles/a/index.html".into(),
                id: "li-9".into(),
            },
        };
        let text = b.diagnostic().to_string();
        assert!(
            text.starts_with("keps/1/index.html: warning: broken link `../../articles/a/#li-9`: `articles/a/index.html` has no element with id `li-9`"),
            "{text}"
        );
    }
}
