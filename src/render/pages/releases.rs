//! The home page (the articles grouped by release, newest first) and the release pages
//! (`releases/` and `releases/<x.y>/`, with the changes of the release grouped by stage, see
//! [`super::changes`]); render stage, through `home.html`, `releases.html`
//! and `release.html`.
use std::collections::BTreeMap;

use serde::Serialize;

use crate::model::diag::Diagnostic;
use crate::model::ids::Release;
use crate::model::urls;
use crate::render::RenderCtx;
use crate::render::context::Card;

/// A release and its articles: an entry of `releases` (home and `releases/`) and the
/// `release` of a release page.
#[derive(Serialize)]
struct ReleaseGroup<'a> {
    #[serde(skip)]
    release: Release,
    name: String,
    url: String,
    articles: Vec<Card<'a>>,
}

impl<'a> RenderCtx<'a> {
    /// The articles grouped by release, newest first, and those of no release.
    fn releases(&self) -> (Vec<ReleaseGroup<'a>>, Vec<Card<'a>>) {
        let mut by: BTreeMap<std::cmp::Reverse<Release>, Vec<Card>> = BTreeMap::new();
        let mut none = Vec::new();
        for a in self.articles {
            match a.front.release {
                Some(r) => by
                    .entry(std::cmp::Reverse(r))
                    .or_default()
                    .push(self.card(a)),
                None => none.push(self.card(a)),
            }
        }
        let groups = by
            .into_iter()
            .map(|(r, articles)| ReleaseGroup {
                release: r.0,
                name: r.0.to_string(),
                url: urls::release(r.0),
                articles,
            })
            .collect();
        (groups, none)
    }

    pub(super) fn home(&self) -> Result<(String, Vec<u8>), Diagnostic> {
        let (groups, none) = self.releases();
        let mut ctx = self.base_ctx("", &self.config.title, &self.config.description);
        ctx.insert("releases", &groups);
        ctx.insert("unreleased", &none);
        self.render("home.html", "", &ctx)
    }

    pub(super) fn release_pages(&self) -> Vec<Result<(String, Vec<u8>), Diagnostic>> {
        let (groups, _) = self.releases();
        let mut pages = Vec::new();
        let mut ctx = self.base_ctx("releases/", "リリース", "リリースごとの記事");
        ctx.insert("releases", &groups);
        pages.push(self.render("releases.html", "releases/", &ctx));
        for g in &groups {
            let title = format!("Kubernetes {}", g.name);
            let mut ctx = self.base_ctx(
                &g.url,
                &title,
                &format!("Kubernetes {} の変更を扱う記事", g.name),
            );
            ctx.insert("release", g);
            ctx.insert("changes", &self.release_changes(g.release));
            ctx.insert("since", &self.since_previous(g.release));
            ctx.insert("neighbours", &self.neighbours(g.release));
            pages.push(self.render("release.html", &g.url, &ctx));
            let articles: Vec<&crate::model::Article> = self
                .articles
                .iter()
                .filter(|a| a.front.release == Some(g.release))
                .map(|a| &**a)
                .collect();
            pages.extend(self.session_pages(g.release, &articles));
        }
        pages
    }
}
