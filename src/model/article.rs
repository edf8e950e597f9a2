//! [`Article`]: one article as the pipeline carries it from the parse stage on: its path, front
//! matter, block map, counts, summary, the references extract found and what it gives the
//! glossary. `pipeline::parse_articles` makes them (parse + extract + segment, per article);
//! link, glossary, render and index read them.
use std::path::{Path, PathBuf};

use crate::extract::Mentions;
use crate::glossary::candidates::ArticleScan;
use crate::model::urls;
use crate::parse::blocks::Doc;
use crate::parse::frontmatter::FrontMatter;

/// One parsed article.
#[derive(Debug, Clone)]
pub struct Article {
    /// Path relative to the site root (`content/x.md`).
    pub path: PathBuf,
    pub front: FrontMatter,
    /// The block map. Its Markdown events are dropped once extract has run (they are most of an
    /// article's memory); the render stage parses them again from `body`, see [`Article::parsed`].
    pub doc: Doc,
    /// The Markdown after the front matter, shortcodes resolved, as the parse stage read it.
    pub body: String,
    /// The 1-based line of `body`'s first line in the file.
    pub body_line: usize,
    /// The 1-based line of the front matter's `slug` (see `frontmatter::Split::slug_line`).
    pub slug_line: usize,
    /// Characters a reader sees (not bytes), and the reading time from them.
    pub chars: usize,
    /// Words by the Japanese tokenizer (punctuation left out), from the article's one lindera
    /// pass.
    pub words: usize,
    pub minutes: usize,
    /// The first paragraph, cut to 120 characters.
    pub summary: String,
    /// KEPs, pull requests, gates, SIGs and handles the article mentions (extract stage).
    pub refs: Mentions,
    /// What the article contributes to the glossary (candidates, parenthesized pairs), from the
    /// same lindera pass; emptied after the glossary is built unless a [`crate::pipeline::BuildCache`]
    /// keeps the article for the next build.
    pub glossary: ArticleScan,
}

impl Article {
    /// The folder of a page bundle (`content/release/` of `content/release/index.md`).
    pub fn bundle_dir(&self) -> Option<&Path> {
        let name = self.path.file_name()?.to_str()?;
        matches!(name, "index.md" | "index.markdown")
            .then(|| self.path.parent())
            .flatten()
    }

    /// The article's block map with its Markdown events, parsed again from `body`: the same
    /// `Doc` the parse stage made (parsing is deterministic), for the one article being rendered.
    pub fn parsed(&self) -> Doc {
        crate::parse::blocks::parse(&self.body, self.body_line)
    }

    pub fn url(&self) -> String {
        urls::article(&self.front.slug)
    }
}
