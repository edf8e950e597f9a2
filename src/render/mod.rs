//! The render stage: from the render context ([`RenderCtx`]: articles, reference graph,
//! glossary, templates) to every page of the site as bytes.
//!
//! Markdown to HTML as small passes over the event stream ([`markdown`], code colouring in
//! [`highlight`]), with in-place links to entity pages ([`entity_links`]) and glossary term
//! tooltips ([`term_tips`]) put in at the ranges extract and the glossary found; pages through
//! tera templates ([`templates`]), one module per kind under [`pages`]; the JSON API ([`api`]);
//! the Atom feed, sitemap and robots.txt ([`feeds`]). Runs after link and glossary, beside the
//! index stage (`search`); gives (path, bytes) pairs for the write stage.
pub mod api;
pub mod context;
pub mod entity_links;
pub mod feeds;
pub mod highlight;
pub mod markdown;
pub mod page_cache;
pub mod pages;
pub mod templates;
pub mod term_tips;

pub use context::RenderCtx;
pub use page_cache::PageCache;

/// A JSON document as the files of the site hold it: pretty-printed, with a final newline.
pub fn json_bytes(v: &serde_json::Value) -> Vec<u8> {
    let mut s = serde_json::to_string_pretty(v).expect("JSON values serialize");
    s.push('\n');
    s.into_bytes()
}
