//! Client-side search: the tokenizer shared with the browser, and the index stage that turns
//! search documents, ID entries and synonyms into sharded JavaScript files under `search/`.
//!
//! The browser half is `static/search.js`; the file formats it reads are described in
//! [`index`].
pub mod index;
pub mod tokenize;
