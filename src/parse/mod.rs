//! The parse stage: from an article's source text to its front matter and its block map.
//!
//! Front matter is split off and read first ([`frontmatter`]: TOML `+++` or YAML `---`, the
//! release inferred when not given), Zenn's and Qiita's `:::` containers become Markdown
//! ([`containers`]), Hugo shortcodes in the body degrade to their text ([`shortcodes`]), then
//! the Markdown body is parsed into the block map every later stage shares ([`blocks`]).
//! `pipeline::parse_articles` runs these per article, in parallel; problems are diagnostics
//! with file and line.
pub mod blocks;
pub mod containers;
pub mod frontmatter;
pub mod shortcodes;
