//! The render context: [`RenderCtx`] is what every page renderer (`render::pages`) and the
//! index stage (`search`) are given once link and glossary are done, and its helpers are what
//! every page goes through: the template context each page starts from ([`RenderCtx::base_ctx`]),
//! a template rendered to its output file ([`RenderCtx::render`]) and an article's card
//! ([`RenderCtx::card`]). `pipeline::build` makes it.
//!
//! Template contexts are typed: each page builder fills small structs that derive `Serialize`
//! (beside it in `render::pages`), borrowing what the graph and the articles hold; the ones
//! several pages share, the article card ([`Card`]) and the SIG link ([`SigLink`]), are here.
//! Their field names are what the templates read.
use crate::write::FileBytes;
use serde::Serialize;
use tera::Context;

use crate::glossary::Glossary;
use crate::graph::RefGraph;
use crate::model::config::Config;
use crate::model::diag::Diagnostic;
use crate::model::ids::{Release, SigName};
use crate::model::{Article, urls};
use std::hash::Hash;

use crate::registry::Registry;
use crate::render::PageCache;
use crate::render::templates::Templates;
use crate::text::fingerprint;

/// What every page renderer gets: the configuration, the templates, the articles (newest
/// first), the registry, the reference graph and the glossary. Entity, glossary and search
/// pages are rendered through the same helpers.
pub struct RenderCtx<'a> {
    pub config: &'a Config,
    pub templates: &'a Templates,
    pub articles: &'a [std::sync::Arc<Article>],
    pub registry: &'a Registry,
    pub graph: &'a RefGraph,
    pub glossary: &'a Glossary,
    /// The previous build's pages, when the dev server rebuilds (see [`PageCache`]).
    pub pages: Option<&'a PageCache>,
}

impl RenderCtx<'_> {
    /// Context every page gets: `site`, `root`, `title`, `description`, `canonical`, `version`.
    pub fn base_ctx(&self, page: &str, title: &str, description: &str) -> Context {
        let mut c = Context::new();
        c.insert(
            "site",
            &Site {
                title: &self.config.title,
                description: &self.config.description,
                base_url: self.config.base(),
                language: &self.config.language,
                default_base: self.config.has_default_base(),
            },
        );
        c.insert("root", &urls::root_of(page));
        c.insert("page_path", page);
        c.insert("title", title);
        c.insert("description", description);
        c.insert("canonical", &format!("{}{}", self.config.base(), page));
        c.insert("og_type", "website");
        // Only a page with highlighted code loads the code colours (`has_code`).
        c.insert("has_code", &false);
        c.insert("version", env!("CARGO_PKG_VERSION"));
        c
    }

    pub fn render(
        &self,
        template: &str,
        page: &str,
        ctx: &Context,
    ) -> Result<(String, FileBytes), Diagnostic> {
        let file = urls::file_of(page);
        let render = || self.templates.render(template, ctx);
        let bytes = match self.pages {
            None => std::sync::Arc::new(render()?),
            Some(cache) => cache.get_or_render(&file, self.page_key(template, ctx, ()), render)?,
        };
        Ok((file, bytes))
    }

    /// The fingerprint of what a page is made from: the template set, the template's name, the
    /// whole template context and `more` (what the context leaves out, such as the inputs of an
    /// article's HTML when the page cache decides before making it).
    pub(crate) fn page_key(&self, template: &str, ctx: &Context, more: impl Hash) -> u64 {
        let context = ctx.clone().into_json().to_string();
        fingerprint(&(self.templates.fingerprint(), template, context, more))
    }

    /// The card of `a`, as lists of articles show it.
    pub(crate) fn card<'a>(&self, a: &'a Article) -> Card<'a> {
        Card {
            title: &a.front.title,
            url: a.url(),
            date: a.front.date.as_deref(),
            release: a.front.release,
            sigs: a.front.sigs.iter().map(SigLink::new).collect(),
            chars: a.chars,
            minutes: a.minutes,
            words: a.words,
            summary: &a.summary,
        }
    }
}

/// The `site` of every page: the site's configuration as templates read it.
#[derive(Serialize)]
struct Site<'a> {
    title: &'a str,
    description: &'a str,
    base_url: String,
    language: &'a str,
    /// `base_url` is still the dev server's: pages do not print it.
    default_base: bool,
}

/// An article as lists of articles show it (home, release and SIG pages); the article page
/// adds to it (`pages::article`).
#[derive(Serialize)]
pub(crate) struct Card<'a> {
    title: &'a str,
    url: String,
    date: Option<&'a str>,
    release: Option<Release>,
    sigs: Vec<SigLink<'a>>,
    chars: usize,
    minutes: usize,
    words: usize,
    summary: &'a str,
}

/// A link to a SIG's page, with the name it is shown by.
#[derive(Serialize)]
pub(crate) struct SigLink<'a> {
    name: &'a SigName,
    display: String,
    url: String,
}

impl<'a> SigLink<'a> {
    pub(crate) fn new(sig: &'a SigName) -> Self {
        SigLink {
            name: sig,
            display: sig.display_name(),
            url: urls::sig(sig),
        }
    }
}
