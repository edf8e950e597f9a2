//! `site.toml`: the site's settings, each with a documented default so that a site with an
//! empty (or missing) `site.toml` builds.
use serde::Deserialize;

use crate::model::diag::Diagnostic;

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Site title, shown in the header and the feed.
    pub title: String,
    /// One line under the title on the home page.
    pub description: String,
    /// Absolute URL the site is served from, e.g. `https://example.org/k8s/`. Used for the feed,
    /// the sitemap and OpenGraph; pages link relatively so the output also works from `file://`.
    pub base_url: String,
    /// `lang` of the pages.
    pub language: String,
    /// Author for the Atom feed when an article names none.
    pub author: String,
    /// Include articles with `draft = true`.
    pub drafts: bool,
    /// Keep raw HTML in articles as written. Off: raw HTML is sanitized (ammonia).
    pub trust_html: bool,
    /// Whether the registry compiled into shiori (every KEP and gate) is used under the site's
    /// own `glossary/keps.toml` and `glossary/feature-gates.toml`.
    pub builtin_registry: bool,
    /// Whether the official Kubernetes glossary compiled into shiori (or the site's
    /// `glossary/official.toml`, when it has one) fills in under `glossary/terms.toml`.
    pub official_glossary: bool,
    pub highlight: HighlightConfig,
    /// `shiori build --offline` (not a `site.toml` key): internal links name their files.
    #[serde(skip)]
    pub offline: bool,
}

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct HighlightConfig {
    /// syntect theme for light mode.
    pub light_theme: String,
    /// syntect theme for dark mode (`prefers-color-scheme: dark`).
    pub dark_theme: String,
}

impl Default for HighlightConfig {
    fn default() -> Self {
        HighlightConfig {
            light_theme: "InspiredGitHub".into(),
            dark_theme: "base16-ocean.dark".into(),
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            title: "shiori".into(),
            description: "Kubernetes リリースの変更内容を読む".into(),
            base_url: DEFAULT_BASE_URL.into(),
            language: "ja".into(),
            author: "shiori".into(),
            drafts: false,
            trust_html: false,
            builtin_registry: true,
            official_glossary: true,
            highlight: HighlightConfig::default(),
            offline: false,
        }
    }
}

/// The `base_url` of a site that sets none: the dev server's address.
pub const DEFAULT_BASE_URL: &str = "http://127.0.0.1:1111/";

impl Config {
    /// Whether `base_url` is still the dev server's address, which a published site's feed,
    /// sitemap and printed pages must not carry.
    pub fn has_default_base(&self) -> bool {
        self.base() == DEFAULT_BASE_URL
    }

    /// The warning `shiori build` gives a site whose `base_url` is still the default: printed
    /// handouts would show `http://127.0.0.1:1111/…` and the feed would point at this machine.
    pub fn default_base_warning(&self) -> Option<Diagnostic> {
        self.has_default_base().then(|| {
            Diagnostic::warning(
                "site.toml",
                None,
                format!(
                    "`base_url` is still the default `{DEFAULT_BASE_URL}`: the feed, the sitemap, link previews and printed pages point at this machine"
                ),
            )
            .help("set `base_url = \"https://example.org/k8s/\"` in site.toml (or pass `--base-url`) to the URL the site is served from")
        })
    }

    pub fn parse(text: &str) -> Result<Config, Diagnostic> {
        let config: Config = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|s| crate::model::diag::line_of(text, s.start));
            Diagnostic::error("site.toml", line, e.message().to_string())
                .help("see the documented keys in README.md (section `site.toml`)")
        })?;
        config.check_base_url(text)?;
        Ok(config)
    }

    /// `base_url` is where the site is served from: feeds, the sitemap and QR codes print it,
    /// so it must be an absolute `http(s)://host/...` URL.
    fn check_base_url(&self, text: &str) -> Result<(), Diagnostic> {
        if is_absolute_http(&self.base_url) {
            return Ok(());
        }
        let line = text
            .lines()
            .position(|l| l.trim_start().starts_with("base_url"))
            .map(|i| i + 1);
        Err(Diagnostic::error(
            "site.toml",
            line,
            format!(
                "`base_url = \"{}\"` is not an absolute http(s) URL",
                self.base_url.trim()
            ),
        )
        .help(
            "write the URL the site is served from, e.g. `base_url = \"https://example.org/k8s/\"`",
        ))
    }

    /// `base_url` with exactly one trailing slash.
    pub fn base(&self) -> String {
        format!("{}/", self.base_url.trim_end_matches('/'))
    }

    /// The path the site is served from (`/k8s/` of `https://example.org/k8s`), with its
    /// trailing slash: what this site's site-absolute links begin with.
    pub fn base_path(&self) -> String {
        crate::model::urls::base_path(&self.base()).to_string()
    }
}

/// `https://host/...` or `http://host/...` with a host.
pub fn is_absolute_http(url: &str) -> bool {
    let url = url.trim();
    url.strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .map(|rest| rest.split(['/', '?', '#']).next().unwrap_or(""))
        .is_some_and(|host| !host.is_empty() && !host.contains(char::is_whitespace))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_base_path_ends_with_a_slash_whether_base_url_does_or_not() {
        for (url, path) in [
            ("https://example.org/k8s/", "/k8s/"),
            ("https://example.org/k8s", "/k8s/"),
            ("https://example.org", "/"),
        ] {
            let c = Config {
                base_url: url.into(),
                ..Config::default()
            };
            assert_eq!(c.base_path(), path, "{url}");
        }
    }

    #[test]
    fn empty_site_toml_gives_defaults() {
        assert_eq!(Config::parse("").unwrap(), Config::default());
    }

    #[test]
    fn base_url_must_be_an_absolute_http_url() {
        for bad in [
            "not a url",
            "example.org",
            "https://",
            "javascript:alert(1)",
            "ftp://x/",
        ] {
            let d = Config::parse(&format!("title = \"x\"\nbase_url = \"{bad}\"\n")).unwrap_err();
            assert_eq!(d.line, Some(2), "{bad}");
        }
        assert!(Config::parse("base_url = \"https://example.org/k8s/\"\n").is_ok());
    }

    #[test]
    fn unknown_key_names_the_line() {
        let d = Config::parse("title = \"x\"\ntitel = \"y\"\n").unwrap_err();
        assert_eq!(d.line, Some(2));
        assert!(d.message.contains("titel"), "{}", d.message);
    }
}
