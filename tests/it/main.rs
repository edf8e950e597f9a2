//! The integration tests, one binary: `tests/it/` holds a module per area (each compiled once,
//! against one build of `support`), and data files stay under `tests/` (`data/`, `fixtures/`,
//! `search-vectors.json`), except insta snapshots (`tests/it/snapshots/`) and proptest's
//! persisted cases (`tests/it/properties.proptest-regressions`), which live by their code.
//!
//! `cargo test --test it MODULE::` runs one area, e.g. `cargo test --test it hostile::`.

// Everything here is private to the test binary: `pub` in a module means "shared with the other
// test modules", which is what `unreachable_pub` cannot tell.
#![allow(unreachable_pub)]

mod support;

mod build;
mod entities;
mod extract_seeds;
mod filters_browser;
mod glossary;
mod glossary_browser;
mod glossary_quality;
mod hostile;
mod hugo_content;
mod incremental;
mod ja_docs;
mod properties;
mod reading;
mod reading_browser;
mod real_articles;
mod registry_import;
mod search_browser;
mod search_site;
mod serve;
mod session;
mod session_browser;
mod stages;
