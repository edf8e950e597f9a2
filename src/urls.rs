//! The URL scheme (a contract, see DESIGN.md): site-relative paths of every page, ending in `/`.
//! Templates prefix them with `root`, the relative way back to the site root, so the site works
//! under a sub-path and from `file://`.
use crate::ids::{FeatureGateName, KepNumber, Release, SigName, Slug, TermId};

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

#[cfg(test)]
mod tests {
    use super::*;

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
