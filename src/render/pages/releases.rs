//! The home page (the articles grouped by release, newest first) and the release pages
//! (`releases/` and `releases/<x.y>/`, with the changes of the release grouped by stage, see
//! [`super::changes`]); render stage, through `home.html`, `releases.html`
//! and `release.html`. `releases/` shows each release's headline changes: taken from the
//! changes its page lists, the stages that matter most first (see [`headlines`]).
use crate::write::FileBytes;
use std::collections::BTreeMap;

use rayon::prelude::*;
use serde::Serialize;

use crate::model::diag::Diagnostic;
use crate::model::ids::{Release, Stage};
use crate::model::urls;
use crate::render::RenderCtx;
use crate::render::context::Card;
use crate::render::pages::changes::{ChangeItem, StageChanges};

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

/// How many changes `releases/` shows per release.
const HEADLINES: usize = 6;
/// The order in which a release's changes make its headlines: what became GA first, then what
/// moved on, then what is new, then what goes away.
const HEADLINE_ORDER: [Stage; 5] = [
    Stage::Stable,
    Stage::Beta,
    Stage::Alpha,
    Stage::Deprecated,
    Stage::Removed,
];

/// A release on `releases/`: its articles, how many changes each stage has, and the headline
/// changes.
#[derive(Serialize)]
struct ReleaseOverview<'g, 'a> {
    #[serde(flatten)]
    group: &'g ReleaseGroup<'a>,
    stages: Vec<StageCount>,
    headlines: Vec<Headline<'a>>,
}

/// One stage of a release and how many changes its articles state for it.
#[derive(Serialize)]
struct StageCount {
    stage: Stage,
    key: &'static str,
    count: usize,
}

/// A headline change: the change as the release page lists it, with its stage.
#[derive(Serialize)]
struct Headline<'a> {
    stage: Stage,
    #[serde(flatten)]
    item: ChangeItem<'a>,
}

/// Up to [`HEADLINES`] changes, taken one per stage in turn in [`HEADLINE_ORDER`], so every
/// stage that has changes gets one (what is removed is never crowded out by what became GA);
/// changes of no stage are left to the release page.
fn headlines(changes: Vec<StageChanges<'_>>) -> (Vec<StageCount>, Vec<Headline<'_>>) {
    let mut by_stage: Vec<(Stage, &'static str, std::collections::VecDeque<ChangeItem>)> =
        Vec::new();
    for c in changes {
        if let Some(stage) = c.stage {
            by_stage.push((stage, c.key, c.items.into()));
        }
    }
    by_stage.sort_by_key(|(s, _, _)| HEADLINE_ORDER.iter().position(|o| o == s));
    let counts = by_stage
        .iter()
        .filter(|(_, _, items)| !items.is_empty())
        .map(|(stage, key, items)| StageCount {
            stage: *stage,
            key,
            count: items.len(),
        })
        .collect();
    let mut out: Vec<Headline> = Vec::new();
    while out.len() < HEADLINES && by_stage.iter().any(|(_, _, items)| !items.is_empty()) {
        for (stage, _, items) in &mut by_stage {
            if out.len() < HEADLINES
                && let Some(item) = items.pop_front()
            {
                out.push(Headline {
                    stage: *stage,
                    item,
                });
            }
        }
    }
    // Shown grouped by stage, in the order above.
    out.sort_by_key(|h| HEADLINE_ORDER.iter().position(|o| *o == h.stage));
    (counts, out)
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

    pub(super) fn home(&self) -> Result<(String, FileBytes), Diagnostic> {
        let (groups, none) = self.releases();
        let mut ctx = self.base_ctx("", &self.config.title, &self.config.description);
        ctx.insert("releases", &groups);
        ctx.insert("unreleased", &none);
        self.render("home.html", "", &ctx)
    }

    /// The releases index, and each release's page and study-session pages, each handed to
    /// `take` as soon as it is made: the releases are rendered in parallel.
    pub(super) fn release_pages(&self, take: &(dyn Fn(super::Page) + Sync)) {
        let (groups, _) = self.releases();
        let mut ctx = self.base_ctx("releases/", "リリース", "リリースごとの記事と主な変更");
        let overviews: Vec<ReleaseOverview> = groups
            .iter()
            .map(|g| {
                let (stages, headlines) = headlines(self.release_changes(g.release));
                ReleaseOverview {
                    group: g,
                    stages,
                    headlines,
                }
            })
            .collect();
        ctx.insert("releases", &overviews);
        take(self.render("releases.html", "releases/", &ctx));
        groups.par_iter().for_each(|g| {
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
            take(self.render("release.html", &g.url, &ctx));
            let articles: Vec<&crate::model::Article> = self
                .articles
                .iter()
                .filter(|a| a.front.release == Some(g.release))
                .map(|a| &**a)
                .collect();
            self.session_pages(g.release, &articles)
                .into_iter()
                .for_each(take);
        });
    }
}
