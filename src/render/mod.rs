//! The render stage: from the render context ([`RenderCtx`]: articles, reference graph,
//! glossary, templates) to every page of the site as bytes.
//!
//! Markdown to HTML as small passes over the event stream ([`markdown`], code colouring in
//! [`highlight`]), with in-place links to entity pages ([`entity_links`]) and glossary term
//! tooltips ([`term_tips`]) put in at the ranges extract and the glossary found; pages through
//! tera templates ([`templates`]), one module per kind under [`pages`]; the JSON API ([`api`]);
//! the Atom feed, sitemap and robots.txt ([`feeds`]). Runs after link and glossary, beside the
//! index stage (`search`); gives (path, bytes) pairs for the write stage.
pub(crate) mod api;
pub(crate) mod context;
pub(crate) mod entity_links;
pub(crate) mod feeds;
pub(crate) mod highlight;
pub(crate) mod markdown;
pub(crate) mod math;
pub(crate) mod page_cache;
pub(crate) mod pages;
pub(crate) mod templates;
pub(crate) mod term_tips;

pub(crate) use context::RenderCtx;
pub(crate) use page_cache::PageCache;

/// A JSON document as the files of the site hold it: pretty-printed, with a final newline.
pub(crate) fn json_bytes(doc: &impl serde::Serialize) -> Vec<u8> {
    let mut out = serde_json::to_vec_pretty(doc).expect("site documents serialize");
    out.push(b'\n');
    out
}
