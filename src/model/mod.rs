//! The data every stage shares, with no stage of its own: identifiers parsed once at the
//! boundary ([`ids`]), the URL scheme ([`urls`]), the site's settings from `site.toml`
//! ([`config`]), the diagnostics every stage collects ([`diag`]) and the parsed [`Article`]
//! ([`article`]). Nothing here reads or writes the disk.
pub mod article;
pub mod config;
pub mod diag;
pub mod ids;
pub mod urls;

pub use article::Article;
