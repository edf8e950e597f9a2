//! The article page (`articles/<slug>/`, render stage): the article's HTML from its block map
//! with entity links ([`crate::render::entity_links`]) and term tooltips
//! ([`crate::render::term_tips`]) put in, its table of contents, chips and metadata, through
//! `article.html`. The same HTML, made once, is the content of the article's slides
//! ([`super::session`]).
use crate::write::FileBytes;
use std::cell::OnceCell;
use std::hash::Hash;

use serde::Serialize;

use crate::model::diag::Diagnostic;
use crate::model::ids::TermId;
use crate::model::{Article, urls};
use crate::parse::frontmatter::Attribution;
use crate::render::context::Card;
use crate::render::entity_links::Chip;
use crate::render::markdown::{Annotation, Insertion};
use crate::render::{RenderCtx, entity_links, highlight, markdown, term_tips};

/// The `article` of `article.html`: the article as its page shows it.
#[derive(Serialize)]
struct ArticleView<'a> {
    #[serde(flatten)]
    about: &'a About<'a>,
    content: &'a str,
}

/// All of [`ArticleView`] but the HTML, which is made last (and only when the page cache
/// misses): the card and what only the page shows.
#[derive(Serialize)]
struct About<'a> {
    #[serde(flatten)]
    card: Card<'a>,
    toc: Vec<TocEntry<'a>>,
    release_url: Option<String>,
    tags: &'a [String],
    source: &'a Attribution,
    path: String,
    chips: Vec<Chip>,
}

/// A section in the table of contents.
#[derive(Serialize)]
struct TocEntry<'a> {
    level: u8,
    anchor: &'a str,
    title: &'a str,
}

/// An article's HTML and what it is made from (the Markdown with its entity-link and
/// term-tooltip annotations and chips), shared by the article page and its slides: made at most
/// once, and only when a page that shows it is not in the page cache.
pub(super) struct ArticleHtml<'a> {
    article: &'a Article,
    annotations: Vec<Annotation>,
    chips: Vec<Insertion>,
    options: markdown::Options,
    /// The path of the site's `base_url`, which the author's site-absolute links may begin with.
    base_path: String,
    /// The relative path from the article's page back to the site root.
    root: String,
    html: OnceCell<String>,
}

impl ArticleHtml<'_> {
    /// What stands for the HTML in a page key: it is `to_html` of exactly these.
    pub(super) fn inputs(&self) -> impl Hash + '_ {
        let a = self.article;
        (
            (&a.body, a.body_line, self.options.trust_html),
            self.annotations
                .iter()
                .map(|x| (x.block, x.range.clone(), &x.open, &x.close, &x.text_html))
                .collect::<Vec<_>>(),
            self.chips
                .iter()
                .map(|c| (c.after, &c.html))
                .collect::<Vec<_>>(),
            self.article.source_origin(),
            &self.base_path,
        )
    }

    /// The HTML, made on first use (the article is parsed again for it).
    pub(super) fn get(&self) -> &str {
        self.html.get_or_init(|| {
            let html = markdown::to_html(
                &self.article.parsed(),
                self.annotations.clone(),
                self.chips.clone(),
                &self.options,
            );
            // Both rewrites below touch only attribute values that start with `/`; most
            // articles have none, and their HTML is not copied once more.
            if !html.contains("=\"/") {
                return html;
            }
            let origin = self.article.source_origin();
            urls::map_attributes(&html, &["href", "src"], |u| match origin {
                // An article from another site (its `[source]` URL) writes that site's paths
                // (`/ja/docs/tutorials/`); published here they are that site's pages.
                Some(origin) => urls::resolve_site_absolute(u, origin),
                // This site's own `/keps/3157/` works under a sub-path and from disk only as a
                // relative link.
                None => urls::site_absolute_to_relative(u, &self.base_path, &self.root),
            })
        })
    }
}

impl RenderCtx<'_> {
    /// The page of `a`, the `i`-th article (its index in the glossary too), and its slides,
    /// from one making of its HTML.
    pub(super) fn article_pages(
        &self,
        i: usize,
        a: &Article,
    ) -> [Result<(String, FileBytes), Diagnostic>; 2] {
        let html = self.article_html(a, self.glossary.hits(i));
        [
            self.article_page_from(a, &html),
            self.article_slides(a, &html),
        ]
    }

    /// The page of `a` with the glossary's linkable `hits` in it (`Glossary::hits` of the
    /// article, or `Glossary::find_in_doc` of an article the glossary was not built from).
    pub fn article_page_with<'g>(
        &'g self,
        a: &Article,
        hits: impl IntoIterator<Item = (usize, std::ops::Range<usize>, &'g TermId)>,
    ) -> Result<(String, FileBytes), Diagnostic> {
        let html = self.article_html(a, hits);
        self.article_page_from(a, &html)
    }

    /// What `a`'s HTML is made from, as its page (`articles/<slug>/`) links: entity links and,
    /// where none is, term tooltips for `hits`.
    fn article_html<'g, 'a>(
        &'g self,
        a: &'a Article,
        hits: impl IntoIterator<Item = (usize, std::ops::Range<usize>, &'g TermId)>,
    ) -> ArticleHtml<'a> {
        let root = urls::root_of(&a.url());
        let entity_links::EntityLinks {
            mut annotations,
            chips,
        } = entity_links::annotations(&a.doc, &a.refs, self.graph, &root);
        // Term tooltips go where no entity link is: entity links win.
        let as_of = a.front.release.map(|release| (self.registry, release));
        let tips = term_tips::annotations(
            self.glossary,
            hits,
            a.front.beginner,
            &root,
            &annotations,
            as_of,
        );
        annotations.extend(tips);
        ArticleHtml {
            article: a,
            annotations,
            chips,
            options: markdown::Options {
                trust_html: self.config.trust_html,
                line_breaks: a.front.line_breaks,
            },
            base_path: self.config.base_path(),
            root,
            html: OnceCell::new(),
        }
    }

    fn article_page_from(
        &self,
        a: &Article,
        html: &ArticleHtml<'_>,
    ) -> Result<(String, FileBytes), Diagnostic> {
        let page = a.url();
        let (ctx, about) = self.article_ctx(a, &page);
        let file = urls::file_of(&page);
        // The content is made from the HTML's inputs, so they stand for it in the key, and the
        // HTML is made only when the cache misses.
        let key = self.pages.map(|_| {
            let about = serde_json::to_string(&about).expect("an article's context serializes");
            self.page_key("article.html", &ctx, (html.inputs(), about))
        });
        let render = move || {
            let mut ctx = ctx;
            let article = ArticleView {
                about: &about,
                content: html.get(),
            };
            ctx.insert("article", &article);
            ctx.insert("has_code", &highlight::has_code(html.get()));
            self.templates.render("article.html", &ctx)
        };
        let bytes = match (self.pages, key) {
            (Some(cache), Some(key)) => cache.get_or_render(&file, key, render)?,
            _ => std::sync::Arc::new(render()?),
        };
        Ok((file, bytes))
    }

    /// The template context of `a`'s page but its `article`, and the `article` all but the
    /// content.
    fn article_ctx<'a>(&self, a: &'a Article, page: &str) -> (tera::Context, About<'a>) {
        let toc = a
            .doc
            .sections
            .iter()
            .filter(|s| (2..=3).contains(&s.level))
            // A table of contents is for finding one's way: a few hundred entries at most.
            .take(500)
            .map(|s| TocEntry {
                level: s.level,
                anchor: &s.anchor,
                title: &s.title,
            })
            .collect();
        let about = About {
            card: self.card(a),
            toc,
            release_url: a.front.release.map(urls::release),
            tags: &a.front.tags,
            source: &a.front.source,
            path: a.path.to_string_lossy().replace('\\', "/"),
            chips: entity_links::chips(&a.refs, self.graph),
        };
        let description = a.front.description.as_deref().unwrap_or(&a.summary);
        let mut ctx = self.base_ctx(page, &a.front.title, description);
        ctx.insert("og_type", "article");
        (ctx, about)
    }
}
