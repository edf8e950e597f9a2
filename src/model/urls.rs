//! The URL scheme (a contract, see DESIGN.md): site-relative paths of every page, ending in `/`.
//! Templates prefix them with `root`, the relative way back to the site root, so the site works
//! under a sub-path and from `file://`.
use crate::model::ids::{FeatureGateName, KepNumber, Release, SigName, Slug, TermId};

pub fn article(slug: &Slug) -> String {
    format!("articles/{slug}/")
}

pub fn release(r: Release) -> String {
    format!("releases/{r}/")
}

pub fn kep(n: KepNumber) -> String {
    format!("keps/{n}/")
}

pub fn feature_gate(name: &FeatureGateName) -> String {
    format!("feature-gates/{name}/")
}

pub fn sig(name: &SigName) -> String {
    format!("sigs/{name}/")
}

pub fn term(id: &TermId) -> String {
    format!("glossary/{id}/")
}

/// `../../` for `articles/x/`, `` for the home page.
pub fn root_of(page: &str) -> String {
    "../".repeat(page.trim_end_matches("index.html").matches('/').count())
}

/// The output file of a page path: `articles/x/` → `articles/x/index.html`.
pub fn file_of(page: &str) -> String {
    if page.is_empty() || page.ends_with('/') {
        format!("{page}index.html")
    } else {
        page.to_string()
    }
}

/// Whether `url` is a relative path (`../keps/3962/`, `logo.png`, `""`): no scheme, not a
/// `#fragment`, not site-absolute.
pub fn is_relative_path(url: &str) -> bool {
    let has_scheme = url
        .split_once(':')
        .is_some_and(|(head, _)| !head.is_empty() && !head.contains(['/', '?', '#']));
    !has_scheme && !url.starts_with(['#', '/'])
}

/// The path of `base_url` (`/k8s/` of `https://example.org/k8s/`); `/` when it has none.
pub fn base_path(base_url: &str) -> &str {
    base_url
        .split_once("://")
        .and_then(|(_, rest)| rest.find('/').map(|i| &rest[i..]))
        .unwrap_or("/")
}

/// The site path a site-absolute link of this site's author names (`keps/3157/` for
/// `/keps/3157/`, and for `/k8s/keps/3157/` on a site served from `/k8s/`); `None` for any
/// other URL (relative, `#fragment`, `//host`, with a scheme).
pub fn site_path<'u>(url: &'u str, base_path: &str) -> Option<&'u str> {
    if !url.starts_with('/') || url.starts_with("//") {
        return None;
    }
    Some(
        url.strip_prefix(base_path)
            .filter(|_| base_path != "/")
            .or_else(|| url.strip_prefix('/'))
            .unwrap_or(url),
    )
}

/// The output file a site-absolute link of this site's author names ([`site_path`]), without its
/// `#fragment` and `?query`, percent-decoded: `/k8s/keps/3157/#p-2` → `keps/3157/index.html`.
pub fn site_file(url: &str, base_path: &str) -> Option<String> {
    let path = site_path(url, base_path)?;
    let path = path.split(['#', '?']).next().unwrap_or("");
    Some(file_of(&percent_decode(path)))
}

/// A site-absolute link of this site's author ([`site_path`]) as a path from the page whose root
/// is `root` (`../../`), so it leads to the page wherever the site is served from and from a
/// folder on disk; any other URL as it is.
pub fn site_absolute_to_relative(url: &str, base_path: &str, root: &str) -> String {
    match site_path(url, base_path) {
        Some("") => {
            if root.is_empty() {
                "./".to_string()
            } else {
                root.to_string()
            }
        }
        Some(path) => format!("{root}{path}"),
        None => url.to_string(),
    }
}

/// The origin (`https://kubernetes.io`) of an `http(s)` URL, without a trailing slash.
pub fn origin_of(url: &str) -> Option<&str> {
    let (scheme, rest) = url.split_once("://")?;
    if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
        return None;
    }
    let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    (host_end > 0).then(|| &url[..scheme.len() + 3 + host_end])
}

/// A site-absolute link (`/ja/docs/tutorials/`) of an article written for another site, as
/// that site means it (`https://kubernetes.io/ja/docs/tutorials/`): published here, it would
/// point at this site's root instead. Other links stay.
pub fn resolve_site_absolute(url: &str, origin: &str) -> String {
    if url.starts_with('/') && !url.starts_with("//") {
        format!("{origin}{url}")
    } else {
        url.to_string()
    }
}

/// A page's internal link with its file name, for `build --offline` (`../keps/3962/#p-1` →
/// `../keps/3962/index.html#p-1`, `""` → `index.html`): opened from disk, a link to a folder
/// shows a folder listing. External links, `#fragments` and site-absolute paths stay.
pub fn offline_link(href: &str) -> String {
    if !is_relative_path(href) {
        return href.to_string();
    }
    let cut = href.find(['?', '#']).unwrap_or(href.len());
    let (path, rest) = href.split_at(cut);
    let file = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else if path == "." || path == ".." || path.ends_with("/..") || path.ends_with("/.") {
        format!("{path}/index.html")
    } else {
        return href.to_string();
    };
    format!("{file}{rest}")
}

/// Every `href` and `action` of an HTML page through [`offline_link`].
pub fn offline_page(html: &str) -> String {
    map_attributes(html, &["href", "action"], offline_link)
}

/// Every double-quoted value of the attributes `names` in `html` through `f` (values as
/// written, entities and all: the URLs shiori writes need no decoding to be classified). One
/// pass: each `="` is looked at once, whatever the attribute.
pub fn map_attributes(html: &str, names: &[&str], f: impl Fn(&str) -> String) -> String {
    let bytes = html.as_bytes();
    let mut out = String::with_capacity(html.len() + html.len() / 16);
    // `html[..copied]` is in `out`; `="` is looked for from `from` on.
    let mut copied = 0;
    let mut from = 0;
    let opens = memchr::memmem::Finder::new("=\"");
    while let Some(eq) = opens.find(&bytes[from..]).map(|i| from + i) {
        let start = eq + 2;
        let end = memchr::memchr(b'"', &bytes[start..]).map_or(html.len(), |e| start + e);
        let head = &html[..eq];
        let wanted = names.iter().any(|n| {
            head.strip_suffix(n)
                .is_some_and(|before| before.ends_with([' ', '\n', '\t']))
        });
        if wanted {
            out.push_str(&html[copied..start]);
            out.push_str(&f(&html[start..end]));
            copied = end;
        }
        from = end;
    }
    out.push_str(&html[copied..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_authors_site_absolute_link_is_a_path_of_this_site_after_base_urls_path() {
        assert_eq!(base_path("https://example.org/k8s/"), "/k8s/");
        assert_eq!(base_path("https://example.org"), "/");
        assert_eq!(site_path("/keps/3157/", "/k8s/"), Some("keps/3157/"));
        assert_eq!(site_path("/k8s/keps/3157/", "/k8s/"), Some("keps/3157/"));
        assert_eq!(site_path("/keps/3157/", "/"), Some("keps/3157/"));
        for other in [
            "//cdn.example/x.js",
            "../keps/1/",
            "#p-3",
            "https://k8s.io/",
            "logo.png",
        ] {
            assert_eq!(site_path(other, "/"), None, "{other}");
        }
        assert_eq!(
            site_absolute_to_relative("/k8s/releases/1.32/#p-1", "/k8s/", "../../"),
            "../../releases/1.32/#p-1"
        );
        assert_eq!(site_absolute_to_relative("/", "/", "../../"), "../../");
        assert_eq!(site_absolute_to_relative("/", "/", ""), "./");
        assert_eq!(
            site_absolute_to_relative("https://x.org/a", "/", "../../"),
            "https://x.org/a"
        );
    }

    #[test]
    fn site_absolute_links_resolve_against_the_origin_of_their_source() {
        let origin = origin_of("https://kubernetes.io/ja/blog/2024/12/11/x/").unwrap();
        assert_eq!(origin, "https://kubernetes.io");
        assert_eq!(origin_of("http://example.org"), Some("http://example.org"));
        assert_eq!(origin_of("mailto:a@b.c"), None);
        assert_eq!(origin_of("file:///x"), None);
        assert_eq!(
            resolve_site_absolute("/ja/docs/tutorials/#a", origin),
            "https://kubernetes.io/ja/docs/tutorials/#a"
        );
        for kept in ["//cdn.example/x", "../x/", "x.png", "#top", "https://a.b/c"] {
            assert_eq!(resolve_site_absolute(kept, origin), kept);
        }
    }

    #[test]
    fn offline_links_name_their_files() {
        assert_eq!(offline_link(""), "index.html");
        assert_eq!(offline_link("../../"), "../../index.html");
        assert_eq!(
            offline_link("../keps/3962/#p-1"),
            "../keps/3962/index.html#p-1"
        );
        assert_eq!(
            offline_link("keps/?release=1.32"),
            "keps/index.html?release=1.32"
        );
        assert_eq!(offline_link(".."), "../index.html");
        assert_eq!(offline_link("static/style.css"), "static/style.css");
        assert_eq!(offline_link("atom.xml"), "atom.xml");
        assert_eq!(offline_link("#top"), "#top");
        assert_eq!(offline_link("/k8s/"), "/k8s/");
        assert_eq!(
            offline_link("https://kep.k8s.io/4381/"),
            "https://kep.k8s.io/4381/"
        );
        assert_eq!(offline_link("mailto:a@b.c"), "mailto:a@b.c");
        assert_eq!(
            offline_page(
                r#"<a href="../">x</a><form action="search/"><a class="c" href="https://x/">"#
            ),
            r#"<a href="../index.html">x</a><form action="search/index.html"><a class="c" href="https://x/">"#
        );
    }

    #[test]
    fn roots_climb_back() {
        assert_eq!(root_of(""), "");
        assert_eq!(root_of("articles/x/"), "../../");
        assert_eq!(root_of("glossary/"), "../");
        assert_eq!(file_of("articles/x/"), "articles/x/index.html");
        assert_eq!(file_of(""), "index.html");
        assert_eq!(file_of("404.html"), "404.html");
    }
}

/// The schemes an author's URL may use where it reaches an `href` or `src`: the web and mail.
/// Everything else (`javascript:`, `vbscript:`, `data:`, `file:`, any scheme a browser may run
/// or hand to another program) is dropped wherever the URL comes from: Markdown links, images
/// and autolinks, raw HTML, front matter.
pub const ALLOWED_SCHEMES: [&str; 3] = ["http", "https", "mailto"];

/// Whether an author's URL may reach an `href` or `src`: a relative URL, a `#fragment`, or one
/// of `ALLOWED_SCHEMES`. Read the way a browser reads it: leading and trailing whitespace and
/// control characters ignored, tabs and newlines inside removed (`java\tscript:` is
/// `javascript:`), the scheme in any case; entities are already decoded by the Markdown parser.
pub fn is_allowed(url: &str) -> bool {
    let cleaned: String = url
        .trim_matches(|c: char| c.is_whitespace() || c.is_control())
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    // A scheme is letters, digits, `+`, `-`, `.` before the first `:`, and only if that `:`
    // comes before any `/`, `?` or `#` (`a/b:c` is a relative path).
    let Some(colon) = cleaned.find(':') else {
        return true;
    };
    let head = &cleaned[..colon];
    if head.contains(['/', '?', '#']) {
        return true;
    }
    let scheme = head.to_ascii_lowercase();
    ALLOWED_SCHEMES.contains(&scheme.as_str())
}

/// The warning for an author URL that `is_allowed` refused: dropped (the link's text stays),
/// said where it stands.
pub fn refused(path: &std::path::Path, line: usize, url: &str) -> crate::model::diag::Diagnostic {
    let mut shown: String = url.chars().take(80).collect();
    if shown.len() < url.len() {
        shown.push('…');
    }
    crate::model::diag::Diagnostic::warning(
        path,
        Some(line),
        format!(
            "the link target `{shown}` was dropped: only http, https, mailto, relative links and #fragments may be followed"
        ),
    )
    .help("write the link as `https://...` or a relative path; a `javascript:` or `data:` link would run in a reader's browser")
}

#[cfg(test)]
mod scheme_tests {
    use super::is_allowed;

    #[test]
    fn the_web_mail_relative_and_fragments_pass() {
        for url in [
            "https://kep.k8s.io/4381",
            "http://example.com",
            "HTTPS://EXAMPLE.COM",
            "mailto:a@example.com",
            "../keps/3962/",
            "/docs/concepts/",
            "#p-3",
            "k8s-1.32.png",
            "a/b:c",
            "?q=1",
            "",
        ] {
            assert!(is_allowed(url), "{url}");
        }
    }

    #[test]
    fn scripts_and_other_schemes_are_refused_in_any_spelling() {
        for url in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            " javascript:alert(1)",
            "java\tscript:alert(1)",
            "java\nscript:alert(1)",
            "\u{1}javascript:alert(1)",
            "vbscript:msgbox(1)",
            "data:text/html,<script>alert(1)</script>",
            "data:image/svg+xml,<svg onload=alert(1)>",
            "file:///etc/passwd",
        ] {
            assert!(!is_allowed(url), "{url:?}");
        }
    }
}

/// `s` with every `%XX` escape decoded (`glossary/%E3%82%A2/` → `glossary/ア/`): how the dev
/// server, `shiori check` and the test server read a URL's path and fragment. A `%` not
/// followed by two hex digits stays as it is; bytes that are not UTF-8 become U+FFFD. `+` is
/// left alone: it means a space only in a query string, and no caller decodes one.
pub fn percent_decode(s: &str) -> String {
    if !s.contains('%') {
        return s.to_string();
    }
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let (Some(h), Some(l)) = (
                bytes.get(i + 1).and_then(|&b| hex(b)),
                bytes.get(i + 2).and_then(|&b| hex(b)),
            )
        {
            out.push(h * 16 + l);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod percent_tests {
    use super::percent_decode;

    #[test]
    fn japanese_paths_and_fragments_decode() {
        assert_eq!(percent_decode("glossary/%E3%82%A2/"), "glossary/ア/");
        assert_eq!(
            percent_decode("#%E6%A6%82%E8%A6%81"),
            "#概要",
            "a heading anchor as a browser sends it"
        );
        assert_eq!(percent_decode("%e3%82%a2"), "ア", "lower-case hex");
        assert_eq!(
            percent_decode("ア/%20b"),
            "ア/ b",
            "already decoded text stays"
        );
        assert_eq!(percent_decode("a+b"), "a+b");
    }

    #[test]
    fn a_percent_that_is_not_an_escape_stays() {
        assert_eq!(percent_decode("a%2"), "a%2");
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz"), "%zz");
        // A `%` before a multi-byte character must not split the character.
        assert_eq!(percent_decode("%あ"), "%あ");
        // Half a UTF-8 sequence is not text.
        assert_eq!(percent_decode("%E3%82"), "\u{FFFD}");
    }
}
