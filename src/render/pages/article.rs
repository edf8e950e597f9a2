//! The article page (`articles/<slug>/`, render stage): the article's HTML from its block map
//! with entity links ([`crate::render::entity_links`]) and term tooltips
//! ([`crate::render::term_tips`]) put in, its table of contents, chips and metadata, through
//! `article.html`.
use serde_json::{Value, json};

use crate::model::diag::Diagnostic;
use crate::model::ids::TermId;
use crate::model::{Article, urls};
use crate::pipeline::fingerprint;
use crate::render::{RenderCtx, entity_links, insert_owned, markdown, term_tips};

impl RenderCtx<'_> {
    /// The page of `a`, the `i`-th article (its index in the glossary too).
    pub(super) fn article_page(
        &self,
        i: usize,
        a: &Article,
    ) -> Result<(String, Vec<u8>), Diagnostic> {
        self.article_page_with(a, self.glossary.hits(i))
    }

    /// The page of `a` with the glossary's linkable `hits` in it (`Glossary::hits` of the
    /// article, or `Glossary::find_in_doc` of an article the glossary was not built from).
    pub fn article_page_with<'g>(
        &'g self,
        a: &Article,
        hits: impl IntoIterator<Item = (usize, std::ops::Range<usize>, &'g TermId)>,
    ) -> Result<(String, Vec<u8>), Diagnostic> {
        let page = a.url();
        let root = urls::root_of(&page);
        let entity_links::EntityLinks {
            mut annotations,
            chips,
        } = entity_links::annotations(&a.doc, &a.refs, self.graph, &root);
        // Term tooltips go where no entity link is: entity links win.
        let tips = term_tips::annotations(&a.doc, self.glossary, hits, &root, &annotations);
        annotations.extend(tips);
        let ctx = self.article_ctx(a, &page);
        let file = urls::file_of(&page);
        let options = markdown::Options {
            trust_html: self.config.trust_html,
        };
        let render = |annotations, chips| {
            let mut ctx = ctx.clone();
            let content = markdown::to_html(&a.parsed(), annotations, chips, &options);
            let mut article = ctx.remove("article").unwrap_or_default();
            if let Some(obj) = article.as_object_mut() {
                obj.insert("content".into(), Value::String(content));
            }
            insert_owned(&mut ctx, "article", article);
            Ok(self.templates.render("article.html", &ctx)?.into_bytes())
        };
        let bytes = match self.pages {
            None => render(annotations, chips)?,
            Some(cache) => {
                // The content is `to_html` of the Markdown with these annotations and chips.
                let inputs = (
                    (&a.body, a.body_line, options.trust_html),
                    annotations
                        .iter()
                        .map(|x| (x.block, x.range.clone(), &x.open, &x.close))
                        .collect::<Vec<_>>(),
                    chips.iter().map(|c| (c.after, &c.html)).collect::<Vec<_>>(),
                    ctx.clone().into_json().to_string(),
                );
                let key = fingerprint(&(self.templates.fingerprint(), "article.html", inputs));
                cache.get_or_render(&file, key, || render(annotations, chips))?
            }
        };
        Ok((file, bytes))
    }

    /// The template context of `a`'s page, all but the content.
    fn article_ctx(&self, a: &Article, page: &str) -> tera::Context {
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
        let mut ctx = self.base_ctx(page, &a.front.title, &description);
        ctx.insert("og_type", "article");
        insert_owned(&mut ctx, "article", article);
        ctx
    }
}
