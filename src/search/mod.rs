//! Client-side search, the index stage of the pipeline: the tokenizer shared with the browser
//! ([`tokenize`]), what the site contributes ([`collect`]: section documents, entity pages, ID
//! entries, synonyms) and the builder of the sharded script files under `search/` ([`index`]).
//!
//! Runs after link, beside render (it reads the articles and the reference graph, never the
//! rendered HTML), and gives (path, bytes) pairs for the write stage. The browser half is
//! `static/search.js`; the file formats it reads are described in [`index`].
pub mod collect;
pub mod index;
pub mod tokenize;

use crate::render::RenderCtx;

/// The search files of the site, `search/manifest.js` and the shards under `search/`, each handed
/// to `emit` as soon as it is made.
///
/// `synonyms` are groups of equivalent terms: a query naming one member also finds the others.
/// The build passes [`collect::site_synonyms`] (KEP titles in English and Japanese); this is
/// the place to add glossary pairs and spelling variants (`("finalizer", ["ファイナライザー"])`).
///
/// `cache` is the dev server's: documents it holds the tokens of are not tokenized again.
pub fn index_site(
    site: &RenderCtx,
    synonyms: &[(String, Vec<String>)],
    cache: Option<&mut index::IndexCache>,
    emit: &(dyn Fn(String, Vec<u8>) + Sync),
) {
    let docs = collect::documents(site);
    let ids = collect::id_entries(site);
    index::build_into(&docs, &ids, synonyms, cache, emit)
}
