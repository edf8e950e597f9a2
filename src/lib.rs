//! shiori turns Japanese articles about Kubernetes releases into a cross-linked static study
//! site. The pipeline runs one way:
//!
//! ```text
//! load -> parse -> extract -> link -> render -> index -> write
//! ```
//!
//! `load` is the only stage that reads the disk and `write` the only one that writes; everything
//! between is a function from data to data, so tests and the dev server run it in memory.
pub mod api;
pub mod check;
pub mod cli;
pub mod config;
pub mod diag;
pub mod doc;
pub mod extract;
pub mod feeds;
pub mod frontmatter;
pub mod glossary;
pub mod glossary_pages;
pub mod ids;
pub mod japanese;
pub mod link;
pub mod load;
pub mod ref_pages;
pub mod registry;
pub mod render;
pub mod search;
pub mod serve;
pub mod shortcodes;
pub mod site;
pub mod urls;
pub mod write;
