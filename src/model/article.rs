//! [`Article`]: one article as the pipeline carries it from the parse stage on: its path, front
//! matter, block map, counts, summary, the references extract found and what it gives the
//! glossary. `pipeline::parse_articles` makes them (parse + extract + segment, per article);
//! link, glossary, render and index read them. [`summary_of`] is the rule of an article's
//! summary (its cards, its description).
use std::path::{Path, PathBuf};

use crate::extract::Mentions;
use crate::glossary::candidates::ArticleScan;
use crate::model::urls;
use crate::parse::blocks::{Block, BlockKind, Doc};
use crate::parse::frontmatter::FrontMatter;
use crate::text::{japanese, truncate_chars};

/// Text held compressed (LZ4): every article's Markdown is held from parse to render, where it
/// is read once more, and compressed it takes about half the memory for a few milliseconds of
/// a build's time. The same text always packs to the same bytes, so the packed form stands for
/// the text in a fingerprint.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PackedText(Box<[u8]>);

impl PackedText {
    pub fn new(text: &str) -> PackedText {
        PackedText(lz4_flex::compress_prepend_size(text.as_bytes()).into_boxed_slice())
    }

    /// The text as it was packed.
    pub fn text(&self) -> String {
        let bytes = lz4_flex::decompress_size_prepended(&self.0)
            .expect("bytes packed by PackedText::new unpack");
        String::from_utf8(bytes).expect("PackedText packs only text")
    }
}

impl std::fmt::Debug for PackedText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PackedText({} bytes packed)", self.0.len())
    }
}

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
    pub body: PackedText,
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
        crate::parse::blocks::parse_article(&self.body.text(), self.body_line, self.front.math)
    }

    pub fn url(&self) -> String {
        urls::article(&self.front.slug)
    }

    /// The origin of the site the article comes from (`https://kubernetes.io`), when its front
    /// matter's `[source]` URL says or its keys are kubernetes/website's: its site-absolute
    /// links (`/ja/docs/tutorials/`) are that site's pages.
    pub fn source_origin(&self) -> Option<&str> {
        self.front.link_origin.as_deref()
    }
}

/// The most characters a summary shows.
const SUMMARY_CHARS: usize = 120;

/// Credit lines an article opens with (`編集者: …`, `**著者:** …`, `Authors: …`): who, not what.
const CREDIT_LABELS: &[&str] = &[
    "著者",
    "編集者",
    "翻訳者",
    "翻訳",
    "訳者",
    "監修",
    "author",
    "authors",
    "editor",
    "editors",
    "translator",
    "translators",
];

/// The summary of an article: the first sentences, up to [`SUMMARY_CHARS`] characters, of its
/// first paragraph that says what the article is about. Passed over are paragraphs in notes,
/// credit lines, notes on the translation (`本ドキュメントは意訳になります…`) and paragraphs that
/// cite a URL (`…が投稿したブログ(https://…)を元に…`): the card of an article should not show
/// them. When no paragraph qualifies, the first long one is used.
pub(crate) fn summary_of(doc: &Doc) -> String {
    let long = |b: &&Block| b.kind == BlockKind::Paragraph && japanese::char_count(&b.text) > 20;
    let Some(block) = doc
        .blocks
        .iter()
        .filter(long)
        .find(|b| says_what(b))
        .or_else(|| doc.blocks.iter().find(long))
    else {
        return String::new();
    };
    first_sentences(&japanese::join_lines(&block.text), SUMMARY_CHARS)
}

/// Whether a paragraph is about the article's subject rather than about the article.
fn says_what(b: &Block) -> bool {
    let text = b.text.trim();
    let head: String = text.chars().take(12).collect::<String>().to_lowercase();
    let credit = CREDIT_LABELS.iter().any(|l| {
        head.strip_prefix(l)
            .is_some_and(|rest| rest.trim_start_matches(['*', ' ']).starts_with([':', '：']))
    });
    let about_translation = (text.contains("翻訳") || text.contains("意訳"))
        && ["本ドキュメント", "本記事", "本文", "原文", "ご了承"]
            .iter()
            .any(|w| text.contains(w));
    !b.in_note && !credit && !about_translation && !text.contains("://")
}

/// Whole sentences ([`crate::text::ends_sentence`]) from the start of `text` while they fit in
/// `max` characters; the first one cut to `max` when it alone is longer.
fn first_sentences(text: &str, max: usize) -> String {
    let mut end = 0;
    let mut count = 0;
    for (i, c) in text.char_indices() {
        count += 1;
        if count > max {
            break;
        }
        if crate::text::ends_sentence(c) {
            end = i + c.len_utf8();
        }
    }
    if end == 0 {
        truncate_chars(text.trim(), max)
    } else {
        text[..end].trim().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(md: &str) -> String {
        summary_of(&crate::parse::blocks::parse(md, 1))
    }

    #[test]
    fn the_summary_skips_credits_translation_notes_and_cited_urls() {
        let md = "**編集者:** Chad M. Crowell、Kirti Goyal、Sophia Ugochukwu\n\n\
                  本ドキュメントは意訳になります。解釈ミス・翻訳ミスが含まれる可能性があることをご了承ください。\n\n\
                  本文の内容は、2024年7月26日に Nigel Douglas が投稿したブログ(<https://sysdig.com/blog/x/>)を元に日本語に翻訳した内容です。\n\n\
                  Kubernetes 1.31が間もなく登場します。このリリースでは、プロジェクトに大きな変更が加えられます。\n";
        assert_eq!(
            summary(md),
            "Kubernetes 1.31が間もなく登場します。このリリースでは、プロジェクトに大きな変更が加えられます。"
        );
    }

    #[test]
    fn the_summary_ends_at_a_sentence_that_fits() {
        let first = "あ".repeat(60) + "。";
        let second = "い".repeat(70) + "。";
        assert_eq!(summary(&format!("{first}{second}\n")), first);
        // One sentence longer than the limit is cut, and says so.
        let long = "う".repeat(200) + "。";
        assert_eq!(summary(&format!("{long}\n")), "う".repeat(120) + "…");
    }

    #[test]
    fn an_article_of_credits_only_still_has_a_summary() {
        assert_eq!(
            summary("編集者: Chad M. Crowell、Kirti Goyal、Sophia Ugochukwu、Swathi Rao\n"),
            "編集者: Chad M. Crowell、Kirti Goyal、Sophia Ugochukwu、Swathi Rao"
        );
    }

    #[test]
    fn packed_text_gives_back_the_text_and_packs_the_same_text_alike() {
        let text = "## サイドカーコンテナ\n\nKEP-753 が `SidecarContainers` としてベータに昇格しました。\n".repeat(40);
        let packed = PackedText::new(&text);
        assert_eq!(packed.text(), text);
        assert!(
            packed.0.len() < text.len() / 2,
            "a repetitive text packs small"
        );
        assert_eq!(packed, PackedText::new(&text));
        assert_ne!(packed, PackedText::new(&text.replace("ベータ", "GA")));
        assert_eq!(PackedText::new("").text(), "");
    }
}
