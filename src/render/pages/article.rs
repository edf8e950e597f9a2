//! The article page (`articles/<slug>/`, render stage): the article's HTML from its block map
//! with entity links ([`crate::render::entity_links`]) and term tooltips
//! ([`crate::render::term_tips`]) put in, its table of contents, chips and metadata, through
//! `article.html`.
use serde_json::{Value, json};

use crate::model::diag::Diagnostic;
use crate::model::{Article, urls};
use crate::render::{RenderCtx, entity_links, markdown, term_tips};

impl RenderCtx<'_> {
    /// The page of `a`, the `i`-th article (its index in the glossary too).
    pub(super) fn article_page(
        &self,
        i: usize,
        a: &Article,
    ) -> Result<(String, Vec<u8>), Diagnostic> {
        let page = a.url();
        let root = urls::root_of(&page);
        let entity_links::EntityLinks {
            mut annotations,
            chips,
        } = entity_links::annotations(&a.doc, &a.refs, self.graph, &root);
        // Term tooltips go where no entity link is: entity links win.
        let tips = term_tips::annotations(
            &a.doc,
            self.glossary,
            self.glossary.hits(i),
            &root,
            &annotations,
        );
        annotations.extend(tips);
        let content = markdown::to_html(
            &a.doc,
            annotations,
            chips,
            &markdown::Options {
                trust_html: self.config.trust_html,
            },
        );
        let toc: Vec<Value> = a
            .doc
            .sections
            .iter()
            .filter(|s| (2..=3).contains(&s.level))
            // A table of contents is for finding one's way: a few hundred entries at most.
            .take(500)
            .map(|s| json!({"level": s.level, "anchor": s.anchor, "title": s.title}))
            .collect();
        let mut article = self.card(a);
        let obj = article.as_object_mut().expect("card is an object");
        obj.insert("content".into(), Value::String(content));
        obj.insert("toc".into(), Value::Array(toc));
        obj.insert(
            "release_url".into(),
            json!(a.front.release.map(urls::release)),
        );
        obj.insert("tags".into(), json!(a.front.tags));
        obj.insert("source".into(), json!(a.front.source));
        obj.insert(
            "path".into(),
            json!(a.path.to_string_lossy().replace('\\', "/")),
        );
        obj.insert(
            "chips".into(),
            json!(entity_links::chips(&a.refs, self.graph)),
        );
        let description = if a.front.description.is_some() {
            a.front.description.clone().unwrap_or_default()
        } else {
            a.summary.clone()
        };
        let mut ctx = self.base_ctx(&page, &a.front.title, &description);
        ctx.insert("og_type", "article");
        ctx.insert("article", &article);
        self.render("article.html", &page, &ctx)
    }
}
