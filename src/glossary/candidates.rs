//! Candidate glossary terms found in the articles, with their counts and the sentences they
//! stand in.
//!
//! Takes the parsed articles (only `Block::plain` ranges are read: never code, link text or
//! URLs) and gives a [`Corpus`]:
//!
//! - **katakana compounds**: runs of adjacent katakana nouns, a single space allowed between
//!   two of them (`サイドカー`+`コンテナ`, `コンテナ ランタイム`, and lindera's unknown-word
//!   runs such as `ミューテーティングアドミッションポリシー`);
//! - **noun compounds**: runs of two or more adjacent kana/kanji nouns with at least one kanji
//!   (`監査`+`ログ`, `暗号`+`化`+`設定`, `非`+`推奨`). A run may open with a prefix (接頭詞) but
//!   not with a suffix or a dependent noun (接尾, 非自立); numbers and pronouns break it;
//!   adverbial nouns (副詞可能: `前`, `全体`) are trimmed from its ends; it is 2–16 characters;
//! - **English phrases**: 2–3 adjacent plain English words that neither start nor end with a
//!   stop word (`watch cache`, `garbage collector`); listed for curation when seen twice;
//! - **identifiers**: CamelCase and hyphenated names (`SidecarContainers`, `client-go`);
//! - **English words**: single words, the vocabulary transliteration is matched against;
//! - **parenthesized pairs**, found by [`super::pairing::parens_in`] on the same tokens.
//!
//! Each plain range is segmented by lindera exactly once, articles in parallel; the merge is
//! in article order, so the result does not depend on scheduling. Counts are exact; each
//! candidate keeps its first [`MAX_OCCURRENCES`] occurrences (at most three per article) and
//! up to [`MAX_ARTICLES`] article indices, which bounds memory on large sites. [`analyze`] is
//! the one segmentation of an article (the pipeline runs it in its parse stage and keeps the
//! compact [`ArticleScan`]); [`merge`] turns the scans into the [`Corpus`], and [`scan`] does both
//! for documents not scanned yet.
use std::collections::BTreeMap;
use std::ops::Range;

use rayon::prelude::*;

use crate::model::ids::Slug;
use crate::parse::blocks::Doc;
use crate::text::japanese::{self, WordRef, fold_kana_chars, is_kana_or_kanji, is_katakana};

/// A token as the candidate rules see it (borrowed from the article's text).
type Word<'t> = WordRef<'t>;

use super::pairing::{self, ParenPair};
use super::terms::form_key;

pub const MAX_OCCURRENCES: usize = 20;
pub const MAX_ARTICLES: usize = 256;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CandidateKind {
    Katakana,
    NounCompound,
    EnglishPhrase,
    Identifier,
    EnglishWord,
}

impl CandidateKind {
    pub fn is_japanese(self) -> bool {
        matches!(self, CandidateKind::Katakana | CandidateKind::NounCompound)
    }
}

/// Where a candidate stands: article index (into the input slice), block index, byte range
/// in `Block::text`, and the byte range of the sentence around it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CandidateOccurrence {
    pub article: usize,
    pub block: usize,
    pub range: Range<usize>,
    pub sentence: Range<usize>,
}

#[derive(Debug, Clone)]
pub struct Candidate {
    pub kind: CandidateKind,
    /// Folded form shared by all spellings (`form_key` for Japanese, lowercase for English).
    pub key: String,
    /// The most frequent spelling.
    pub surface: String,
    pub surfaces: BTreeMap<String, usize>,
    pub count: usize,
    pub article_count: usize,
    /// Ascending, at most [`MAX_ARTICLES`].
    pub articles: Vec<usize>,
    pub occurrences: Vec<CandidateOccurrence>,
    /// The sentence of the first occurrence, as text.
    pub example: String,
}

impl Candidate {
    pub fn in_article(&self, article: usize) -> bool {
        self.articles.binary_search(&article).is_ok()
    }
}

/// A parenthesized pair and where it was found.
#[derive(Debug, Clone)]
pub struct FoundParen {
    pub pair: ParenPair,
    pub at: CandidateOccurrence,
    /// The whole `X (Y)` text.
    pub snippet: String,
}

#[derive(Debug, Clone, Default)]
pub struct Corpus {
    pub candidates: BTreeMap<(CandidateKind, String), Candidate>,
    pub parens: Vec<FoundParen>,
    pub articles: usize,
    /// Every article's `glossary_tooltip` (term id, spelling), once each, sorted.
    pub tooltips: std::collections::BTreeSet<crate::parse::shortcodes::GlossaryTooltip>,
}

impl Corpus {
    pub fn get(&self, kind: CandidateKind, key: &str) -> Option<&Candidate> {
        self.candidates.get(&(kind, key.to_string()))
    }

    pub fn of_kind(&self, kind: CandidateKind) -> impl Iterator<Item = &Candidate> {
        self.candidates.values().filter(move |c| c.kind == kind)
    }
}

/// A place in an article: block index and byte range in `Block::text`. Small, because an
/// article keeps a few of these per candidate from the parse stage to the glossary build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Spot {
    pub block: u32,
    pub start: u32,
    pub end: u32,
}

impl Spot {
    fn new(block: usize, range: Range<usize>) -> Spot {
        Spot {
            block: block as u32,
            start: range.start as u32,
            end: range.end as u32,
        }
    }

    fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    fn text(self, doc: &Doc) -> &str {
        &doc.blocks[self.block as usize].text[self.range()]
    }
}

/// Occurrences one article contributes to a candidate (spreads examples over articles).
const MAX_PER_ARTICLE: usize = 3;

/// One spelling of one kind in one article: how often, and where first. The spelling itself
/// is the article's text at `spots[0]`, so nothing is copied out of the article.
#[derive(Debug, Clone, Copy)]
struct Found {
    kind: CandidateKind,
    count: u32,
    spots: [Spot; MAX_PER_ARTICLE],
    kept: u8,
}

/// What one article gives the glossary and the page, from one lindera pass over it (see
/// [`analyze`]): its word count and its candidates. The tokens themselves are dropped as soon
/// as the article is scanned; this is what stays on the article until the glossary is built.
#[derive(Debug, Clone, Default)]
pub struct ArticleScan {
    /// Words by the tokenizer, punctuation left out (as [`japanese::word_count`] of
    /// `Doc::plain_text`): the unit of reading time.
    pub words: usize,
    /// Sorted by (kind, spelling): the order the merge sees them in.
    found: Vec<Found>,
    /// `at.article` is filled in by the merge.
    parens: Vec<FoundParen>,
    /// The article's `glossary_tooltip` shortcodes (read from its source, before they are
    /// degraded to their text): spellings its author gave glossary terms.
    pub tooltips: Vec<crate::parse::shortcodes::GlossaryTooltip>,
}

impl ArticleScan {
    /// Distinct (kind, spelling) candidates of the article.
    pub fn len(&self) -> usize {
        self.found.len()
    }

    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }
}

/// Segments every block of `doc` once with lindera, counts its words, and collects its
/// candidates and parenthesized pairs from the plain ranges; see the module doc.
///
/// A block is segmented whole (code spans and link text included, as the reader sees them),
/// which gives the word count; a plain range then takes the tokens that lie inside it. A range
/// without kana or kanji is scanned for English only.
pub fn analyze(doc: &Doc) -> ArticleScan {
    let mut words = 0;
    let mut found: japanese::FastMap<(CandidateKind, &str), Found> = Default::default();
    let mut parens = Vec::new();
    let mut in_range: Vec<Word> = Vec::new();
    for (b, block) in doc.blocks.iter().enumerate() {
        if block.text.trim().is_empty() {
            continue;
        }
        // Which prose ranges the tokenizer reads, decided once for the block.
        let read: Vec<bool> = block
            .plain
            .iter()
            .map(|r| holds_japanese(&block.text[r.clone()]))
            .collect();
        let tokens = segment_japanese(&block.text, &block.plain, &read);
        words += tokens.iter().filter(|w| w.counts()).count();
        words += latin_words_outside(&block.text, &block.plain, &read);
        let heading = matches!(block.kind, crate::parse::blocks::BlockKind::Heading(_));
        let mut next = 0;
        for (r, &japanese) in block.plain.iter().zip(&read) {
            let text = &block.text[r.clone()];
            // Tokens are in order: skip those before the range, take those inside it.
            while next < tokens.len() && tokens[next].start < r.start {
                next += 1;
            }
            in_range.clear();
            if japanese {
                in_range.extend(
                    tokens[next..]
                        .iter()
                        .take_while(|w| w.end() <= r.end)
                        .map(|w| Word {
                            start: w.start - r.start,
                            ..*w
                        }),
                );
            }
            if text.trim().is_empty() {
                continue;
            }
            let mut add = |kind: CandidateKind, range: Range<usize>| {
                let surface = &text[range.clone()];
                let spot = Spot::new(b, r.start + range.start..r.start + range.end);
                let f = found.entry((kind, surface)).or_insert(Found {
                    kind,
                    count: 0,
                    spots: [Spot::default(); MAX_PER_ARTICLE],
                    kept: 0,
                });
                f.count += 1;
                if (f.kept as usize) < MAX_PER_ARTICLE {
                    f.spots[f.kept as usize] = spot;
                    f.kept += 1;
                }
            };
            for (kind, range) in japanese_compounds(text, &in_range) {
                add(kind, range);
            }
            for (kind, range) in english_terms(text) {
                add(kind, range);
            }
            if text.contains(['(', '（']) {
                for (pair, range) in pairing::parens_in(text, &in_range) {
                    if (heading && pairing::section_title_pair(&pair))
                        || pairing::describes_identifier(&pair)
                    {
                        continue;
                    }
                    let snippet = text[range.clone()].to_string();
                    let range = r.start + range.start..r.start + range.end;
                    parens.push(FoundParen {
                        pair,
                        at: CandidateOccurrence {
                            article: 0,
                            block: b,
                            sentence: sentence_around(&block.text, range.clone()),
                            range,
                        },
                        snippet,
                    });
                }
            }
        }
    }
    let mut found: Vec<((CandidateKind, &str), Found)> = found.into_iter().collect();
    // Sorted so that first-seen order in the merge never depends on hashing.
    found.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    ArticleScan {
        words,
        found: found.into_iter().map(|(_, f)| f).collect(),
        parens,
        tooltips: Vec::new(),
    }
}

/// Whether a prose range of a block is one the tokenizer reads: the candidates taken from
/// words (compounds, brackets) are all in Japanese prose.
fn holds_japanese(text: &str) -> bool {
    text.chars().any(is_kana_or_kanji)
}

/// The words of the block's prose ranges that hold Japanese, each range segmented on its own
/// (so no word crosses into a code span or link), with offsets into the block's text. lindera
/// is the build's largest single cost, and English sentences, code spans and link texts need
/// no dictionary.
fn segment_japanese<'t>(
    text: &'t str,
    plain: &[Range<usize>],
    read: &[bool],
) -> Vec<japanese::WordRef<'t>> {
    let mut out = Vec::new();
    for (r, _) in plain.iter().zip(read).filter(|(_, read)| **read) {
        let piece = &text[r.clone()];
        out.extend(
            japanese::word_refs(piece)
                .into_iter()
                .map(|w| japanese::WordRef {
                    start: w.start + r.start,
                    ..w
                }),
        );
    }
    out
}

/// The words of the block's text that [`segment_japanese`] does not read (the prose ranges
/// whose `read` is false, and everything outside the prose ranges), counted without the
/// tokenizer.
fn latin_words_outside(text: &str, plain: &[Range<usize>], read: &[bool]) -> usize {
    let mut words = 0;
    let mut at = 0;
    for (r, _) in plain.iter().zip(read).filter(|(_, read)| **read) {
        words += japanese::latin_word_count(&text[at..r.start]);
        at = r.end;
    }
    words + japanese::latin_word_count(&text[at..])
}

/// Articles scanned in parallel per chunk, then merged in order: bounds the memory held by
/// per-article results on large sites.
const CHUNK: usize = 64;

/// Scans every article (segmenting it) and merges the results; see the module doc.
pub fn scan(docs: &[(&Slug, &Doc)]) -> Corpus {
    let mut acc = Accumulator::default();
    let indices: Vec<usize> = (0..docs.len()).collect();
    for chunk in indices.chunks(CHUNK) {
        let scans: Vec<ArticleScan> = chunk.par_iter().map(|&a| analyze(docs[a].1)).collect();
        for (&a, s) in chunk.iter().zip(&scans) {
            acc.merge(a, docs[a].1, s);
        }
    }
    acc.finish(docs)
}

/// Merges articles scanned earlier (`scans[i]` is [`analyze`] of `docs[i]`), for a pipeline
/// that segments each article once, in its parse stage.
pub fn merge(docs: &[(&Slug, &Doc)], scans: &[&ArticleScan]) -> Corpus {
    assert_eq!(docs.len(), scans.len(), "one ArticleScan per article");
    let mut acc = Accumulator::default();
    for (a, s) in scans.iter().enumerate() {
        acc.merge(a, docs[a].1, s);
    }
    let mut corpus = acc.finish(docs);
    corpus.tooltips = scans
        .iter()
        .flat_map(|s| s.tooltips.iter().cloned())
        .collect();
    corpus
}

fn kind_index(kind: CandidateKind) -> usize {
    kind as usize
}

/// The merged candidates, in first-seen order, with a spelling → candidate index per kind so
/// that each spelling is folded to its key once for the whole site.
#[derive(Default)]
struct Accumulator {
    candidates: Vec<Candidate>,
    /// The article that last added to each candidate (+1; 0 = none yet).
    last_article: Vec<usize>,
    by_key: [japanese::FastMap<String, usize>; 5],
    by_spelling: [japanese::FastMap<String, usize>; 5],
    parens: Vec<FoundParen>,
    articles: usize,
}

impl Accumulator {
    fn index_of(&mut self, kind: CandidateKind, spelling: &str) -> usize {
        let k = kind_index(kind);
        if let Some(&i) = self.by_spelling[k].get(spelling) {
            return i;
        }
        let key = if kind.is_japanese() {
            form_key(spelling)
        } else {
            spelling.to_ascii_lowercase()
        };
        let i = match self.by_key[k].get(&key) {
            Some(&i) => i,
            None => {
                self.candidates.push(Candidate {
                    kind,
                    key: key.clone(),
                    surface: String::new(),
                    surfaces: BTreeMap::new(),
                    count: 0,
                    article_count: 0,
                    articles: Vec::new(),
                    occurrences: Vec::new(),
                    example: String::new(),
                });
                self.last_article.push(0);
                self.by_key[k].insert(key, self.candidates.len() - 1);
                self.candidates.len() - 1
            }
        };
        self.by_spelling[k].insert(spelling.to_string(), i);
        i
    }

    fn merge(&mut self, article: usize, doc: &Doc, scan: &ArticleScan) {
        self.articles = self.articles.max(article + 1);
        for f in &scan.found {
            let spelling = f.spots[0].text(doc);
            let i = self.index_of(f.kind, spelling);
            let c = &mut self.candidates[i];
            let count = f.count as usize;
            c.count += count;
            match c.surfaces.get_mut(spelling) {
                Some(n) => *n += count,
                None => {
                    c.surfaces.insert(spelling.to_string(), count);
                }
            }
            // Several spellings of one key in one article count it once.
            if self.last_article[i] != article + 1 {
                self.last_article[i] = article + 1;
                c.article_count += 1;
                if c.articles.len() < MAX_ARTICLES {
                    c.articles.push(article);
                }
            }
            let room = MAX_OCCURRENCES.saturating_sub(c.occurrences.len());
            c.occurrences
                .extend(f.spots[..f.kept as usize].iter().take(room).map(|s| {
                    CandidateOccurrence {
                        article,
                        block: s.block as usize,
                        range: s.range(),
                        sentence: s.range(),
                    }
                }));
        }
        self.parens.extend(scan.parens.iter().map(|p| {
            let mut p = p.clone();
            p.at.article = article;
            p
        }));
    }

    fn finish(self, docs: &[(&Slug, &Doc)]) -> Corpus {
        let mut corpus = Corpus {
            articles: docs.len(),
            parens: self.parens,
            candidates: BTreeMap::new(),
            tooltips: Default::default(),
        };
        for mut c in self.candidates {
            c.surface = most_frequent(&c.surfaces);
            // Sentences only for the occurrences kept.
            for o in &mut c.occurrences {
                o.sentence =
                    sentence_around(&docs[o.article].1.blocks[o.block].text, o.range.clone());
            }
            if let Some(o) = c.occurrences.first() {
                c.example = docs[o.article].1.blocks[o.block].text[o.sentence.clone()].to_string();
            }
            corpus.candidates.insert((c.kind, c.key.clone()), c);
        }
        corpus
    }
}

/// Highest count; ties go to the alphabetically first spelling (deterministic).
pub fn most_frequent(surfaces: &BTreeMap<String, usize>) -> String {
    surfaces
        .iter()
        .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
        .map(|(s, _)| s.clone())
        .unwrap_or_default()
}

/// The sentence around `r` in `text`: from after the previous sentence end
/// ([`crate::text::ends_sentence`]) or line break to the
/// next one (inclusive of a closing 。).
pub fn sentence_around(text: &str, r: Range<usize>) -> Range<usize> {
    let is_end = |c: char| crate::text::ends_sentence(c) || c == '\n';
    let start = text[..r.start]
        .char_indices()
        .rev()
        .find(|&(_, c)| is_end(c))
        .map(|(i, c)| i + c.len_utf8())
        .unwrap_or(0);
    let end = text[r.end..]
        .char_indices()
        .find(|&(_, c)| is_end(c))
        .map(|(i, c)| r.end + i + if c == '\n' { 0 } else { c.len_utf8() })
        .unwrap_or(text.len());
    let s = &text[start..end];
    let lead = s.len() - s.trim_start().len();
    let trail = s.len() - s.trim_end().len();
    start + lead..end - trail
}

fn word_end(w: &Word) -> usize {
    w.start + w.surface.len()
}

fn is_katakana_word(w: &Word) -> bool {
    w.pos == "名詞"
        && w.surface.chars().all(is_katakana)
        && w.surface.chars().any(|c| !matches!(c, 'ー' | '・'))
}

/// A noun that may stand inside a compound: kana/kanji (not hiragana only), not a number,
/// pronoun or dependent noun.
fn is_noun_part(w: &Word) -> bool {
    w.pos == "名詞"
        && !matches!(w.pos_detail, "数" | "代名詞" | "非自立")
        && !w.surface.is_empty()
        && w.surface.chars().all(is_kana_or_kanji)
        && !w
            .surface
            .chars()
            .all(|c| matches!(c, '\u{3041}'..='\u{309F}'))
}

fn is_prefix(w: &Word) -> bool {
    w.pos == "接頭詞" && w.surface.chars().all(is_kana_or_kanji)
}

fn has_kanji(s: &str) -> bool {
    s.chars().any(japanese::is_kanji)
}

/// Katakana and noun compounds in one plain range, as (kind, byte range in `text`).
pub fn japanese_compounds(text: &str, words: &[Word]) -> Vec<(CandidateKind, Range<usize>)> {
    let mut out = Vec::new();
    let mut run: Vec<usize> = Vec::new();
    let flush = |run: &mut Vec<usize>, out: &mut Vec<(CandidateKind, Range<usize>)>| {
        emit_run(text, words, run, out);
        run.clear();
    };
    for (i, w) in words.iter().enumerate() {
        let adjacent = run.last().is_some_and(|&p| {
            let prev = &words[p];
            let gap = &text[word_end(prev).min(w.start)..w.start];
            // コンテナ ランタイム: one space joins two katakana nouns, nothing else.
            gap.is_empty() || (gap == " " && is_katakana_word(prev) && is_katakana_word(w))
        });
        let part = is_noun_part(w);
        if part && (run.is_empty() || adjacent) {
            run.push(i);
        } else {
            flush(&mut run, &mut out);
            if part || is_prefix(w) {
                run.push(i);
            }
        }
    }
    flush(&mut run, &mut out);
    out
}

/// Characters of a katakana run once folded (`form_key(s).chars().count()`, without building
/// the key): spaces and hyphens go as in `fold_variants`, then the katakana fold.
fn folded_len(s: &str) -> usize {
    fold_kana_chars(s.chars().filter(|c| !matches!(c, ' ' | '-'))).count()
}

/// Suffixes that end a term rather than belong to it (`監査ログ用`, `Pod単位`).
fn is_closing_suffix(w: &Word) -> bool {
    w.pos_detail == "接尾"
        && matches!(
            w.surface,
            "用" | "向け"
                | "等"
                | "中"
                | "時"
                | "後"
                | "前"
                | "内"
                | "毎"
                | "ごと"
                | "別"
                | "済み"
                | "間"
                | "単位"
                | "全体"
                | "以上"
                | "以下"
                | "以外"
                | "側"
                | "たち"
                | "達"
        )
}

fn emit_run(
    text: &str,
    words: &[Word],
    run: &[usize],
    out: &mut Vec<(CandidateKind, Range<usize>)>,
) {
    let mut toks: &[usize] = run;
    // Trim what cannot open or close a term.
    loop {
        let Some((&first, rest)) = toks.split_first() else {
            return;
        };
        let f = &words[first];
        if matches!(f.pos_detail, "接尾" | "副詞可能") {
            toks = rest;
        } else {
            break;
        }
    }
    loop {
        let Some((&last, rest)) = toks.split_last() else {
            return;
        };
        let l = &words[last];
        if is_prefix(l) || l.pos_detail == "副詞可能" || is_closing_suffix(l) {
            toks = rest;
        } else {
            break;
        }
    }
    // Katakana sub-runs.
    let mut i = 0;
    while i < toks.len() {
        if !is_katakana_word(&words[toks[i]]) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j + 1 < toks.len() && is_katakana_word(&words[toks[j + 1]]) {
            j += 1;
        }
        let range = words[toks[i]].start..word_end(&words[toks[j]]);
        // A name on its own (`アメリカ`, `ポーランド`, a person) transliterates perfectly and is
        // still no term; in a compound (`グーグルクラウド…`) it may be part of one.
        // (A dictionary name: lindera also tags unknown katakana `固有名詞`, without a reading.)
        let w = &words[toks[i]];
        let lone_name = i == j && w.pos_detail == "固有名詞" && w.reading.is_some();
        // Katakana written against a Latin word is the rest of a mixed compound
        // (`Podレベルリソース` → not `レベルリソース`).
        let glued = text[..range.start]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric())
            || text[range.end..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric());
        if folded_len(&text[range.clone()]) >= 2 && !lone_name && !glued {
            out.push((CandidateKind::Katakana, range));
        }
        i = j + 1;
    }
    let content = toks.len();
    let range = words[toks[0]].start..word_end(&words[*toks.last().unwrap()]);
    let s = &text[range.clone()];
    let chars = s.chars().count();
    if content >= 2 && has_kanji(s) && (2..=16).contains(&chars) {
        out.push((CandidateKind::NounCompound, range));
    }
}

/// The ASCII words of `text`, leftmost first, as byte ranges: what the regex
/// `[A-Za-z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)*` finds, scanned by hand (every plain range of
/// the site goes through here, and most of it holds no ASCII at all).
fn ascii_words(text: &str) -> impl Iterator<Item = Range<usize>> {
    let b = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        let start = at + b[at..].iter().position(u8::is_ascii_alphabetic)?;
        let alnum_end = |from: usize| {
            b[from..]
                .iter()
                .position(|c| !c.is_ascii_alphanumeric())
                .map_or(b.len(), |n| from + n)
        };
        let mut end = alnum_end(start + 1);
        while end + 1 < b.len()
            && matches!(b[end], b'-' | b'_' | b'.')
            && b[end + 1].is_ascii_alphanumeric()
        {
            end = alnum_end(end + 2);
        }
        at = end;
        Some(start..end)
    })
}

/// Words that never open or close a phrase and are not vocabulary.
pub fn is_stop_word(w: &str) -> bool {
    const STOP: &[&str] = &[
        "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "does", "e", "eg", "etc",
        "for", "from", "g", "has", "have", "i", "ie", "if", "in", "into", "is", "it", "its", "may",
        "no", "not", "of", "on", "or", "our", "per", "so", "than", "that", "the", "their", "then",
        "there", "these", "this", "to", "via", "vs", "was", "we", "were", "when", "which", "will",
        "with", "you", "your",
        // Adverbs, auxiliaries and pronouns: no term starts or ends with one (`now set`,
        // `also supports`), and alone they are not terms.
        "about", "after", "all", "already", "also", "any", "been", "before", "being", "both", "but",
        "could", "each", "even", "how", "just", "more", "most", "must", "now", "only", "other",
        "should", "some", "still", "such", "they", "them", "very", "what", "where", "while", "who",
        "why", "would", "yet",
        // Quantifiers, time and linking words of English prose (bilingual articles quote whole
        // paragraphs): katakana that sounds like one is another word (`マナー` is not `many`,
        // `ライター` not `later`).
        "again", "always", "because", "did", "during", "either", "ever", "every", "few", "had",
        "her", "here", "his", "however", "instead", "later", "less", "like", "many", "might",
        "much", "never", "often", "once", "own", "same", "several", "since", "soon", "those",
        "though", "through", "thus", "until", "upon", "usually", "whether", "within", "without",
    ];
    STOP.iter().any(|s| s.eq_ignore_ascii_case(w))
}

/// `SidecarContainers`, `lowerCamel`, `HPAContainerMetrics`, `client-go`, `kube_apiserver`.
pub fn is_identifier(w: &str) -> bool {
    let b = w.as_bytes();
    let camel = b
        .windows(2)
        .any(|p| p[0].is_ascii_lowercase() && p[1].is_ascii_uppercase())
        || b.windows(3).any(|p| {
            p[0].is_ascii_uppercase() && p[1].is_ascii_uppercase() && p[2].is_ascii_lowercase()
        }) && b.iter().filter(|c| c.is_ascii_lowercase()).count() >= 2;
    let joined = w.contains(['-', '_'])
        && w.split(['-', '_'])
            .all(|p| p.chars().any(|c| c.is_ascii_alphabetic()));
    camel || joined
}

/// English phrases, identifiers and words in one plain range.
pub fn english_terms(text: &str) -> Vec<(CandidateKind, Range<usize>)> {
    let mut out = Vec::new();
    // Current run of plain words separated by single spaces.
    let mut run: Vec<Range<usize>> = Vec::new();
    let flush = |run: &mut Vec<Range<usize>>, out: &mut Vec<(CandidateKind, Range<usize>)>| {
        // The words of a Title Case name (`Pull Request`, `Security Response Committee`,
        // `Kirti Goyal`) are pieces of it, not terms of their own; in running English each word
        // is vocabulary.
        let title_case_name = run.len() >= 2
            && run
                .iter()
                .all(|r| text[r.clone()].starts_with(|c: char| c.is_ascii_uppercase()));
        if !title_case_name {
            for r in run.iter() {
                let w = &text[r.clone()];
                if w.len() >= 3 && !is_stop_word(w) {
                    out.push((CandidateKind::EnglishWord, r.clone()));
                }
            }
        }
        for n in 2..=3 {
            for win in run.windows(n) {
                let first = &text[win[0].clone()];
                let last = &text[win[n - 1].clone()];
                if !is_stop_word(first) && !is_stop_word(last) {
                    out.push((CandidateKind::EnglishPhrase, win[0].start..win[n - 1].end));
                }
            }
        }
        run.clear();
    };
    for m in ascii_words(text) {
        let w = &text[m.clone()];
        // `@handle`, `/path/part`, `--flag-name`, `sig-node` are names of other things.
        let before = text[..m.start].chars().next_back();
        let after = text[m.end..].chars().next();
        if matches!(before, Some('@' | '/' | '-' | '$' | '.' | '_'))
            || after == Some('/')
            || w.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("sig-"))
        {
            flush(&mut run, &mut out);
            continue;
        }
        let plain = w.chars().all(|c| c.is_ascii_alphabetic());
        let ident = !plain
            && !w.contains('.')
            && !w.chars().any(|c| c.is_ascii_digit())
            && is_identifier(w);
        let camel = plain && is_identifier(w);
        let continues = run.last().is_some_and(|p| &text[p.end..m.start] == " ");
        if !continues {
            flush(&mut run, &mut out);
        }
        if ident || camel {
            out.push((CandidateKind::Identifier, m));
            flush(&mut run, &mut out);
        } else if plain {
            run.push(m);
        } else {
            flush(&mut run, &mut out);
        }
    }
    flush(&mut run, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ja(text: &str) -> Vec<(CandidateKind, &str)> {
        let words = japanese::word_refs(text);
        japanese_compounds(text, &words)
            .into_iter()
            .map(|(k, r)| (k, &text[r]))
            .collect()
    }

    fn en(text: &str) -> Vec<(CandidateKind, &str)> {
        english_terms(text)
            .into_iter()
            .map(|(k, r)| (k, &text[r]))
            .collect()
    }

    use CandidateKind::*;

    #[test]
    fn english_fragments_around_adverbs_are_no_phrases() {
        let got = en("The default is now set to true and also supports sidecar containers");
        for (k, s) in &got {
            assert!(
                !s.split(' ').any(|w| ["now", "also"].contains(&w)),
                "{k:?} {s}"
            );
        }
        assert!(
            got.contains(&(EnglishPhrase, "sidecar containers")),
            "{got:?}"
        );
    }

    #[test]
    fn katakana_compounds_join_adjacent_katakana_nouns() {
        assert_eq!(
            ja("サイドカーコンテナを使う"),
            [(Katakana, "サイドカーコンテナ")]
        );
        assert_eq!(
            ja("コンテナ ランタイムによって"),
            [(Katakana, "コンテナ ランタイム")]
        );
        assert_eq!(
            ja("ミューテーティングアドミッションポリシーを追加"),
            [(Katakana, "ミューテーティングアドミッションポリシー")]
        );
    }

    #[test]
    fn noun_compounds_need_kanji_and_two_parts() {
        let got = ja("監査ログ用に暗号化設定を使う。削除保護ファイナライザーを通じて");
        assert!(got.contains(&(NounCompound, "監査ログ")), "{got:?}");
        assert!(got.contains(&(NounCompound, "暗号化設定")), "{got:?}");
        assert!(got.contains(&(Katakana, "ログ")), "{got:?}");
        assert!(
            got.contains(&(NounCompound, "削除保護ファイナライザー")),
            "{got:?}"
        );
        assert!(got.contains(&(Katakana, "ファイナライザー")), "{got:?}");
        assert!(!got.iter().any(|(_, s)| *s == "用"), "{got:?}");
    }

    #[test]
    fn compounds_open_with_a_prefix_and_stop_at_numbers() {
        let got = ja("久しぶりに非推奨APIが無くなりました。最大16倍速くなりました");
        assert!(got.contains(&(NounCompound, "非推奨")), "{got:?}");
        assert!(!got.iter().any(|(_, s)| s.contains("16")), "{got:?}");
    }

    #[test]
    fn no_compound_starts_with_a_suffix_or_ends_with_an_adverbial_noun() {
        for (_, s) in ja("アップグレード前にクラスター全体の管理者が確認") {
            assert!(!s.ends_with('前') && !s.ends_with("全体"), "{s}");
            assert!(!s.starts_with('者'), "{s}");
        }
    }

    #[test]
    fn english_phrases_identifiers_and_words() {
        let got = en(
            "the watch cache と garbage collector, SidecarContainers と client-go v1.29 k8s.io @haircommander /metrics/slis --feature-gates sig-node",
        );
        assert!(got.contains(&(EnglishPhrase, "watch cache")), "{got:?}");
        assert!(
            got.contains(&(EnglishPhrase, "garbage collector")),
            "{got:?}"
        );
        assert!(!got.contains(&(EnglishPhrase, "the watch")), "{got:?}");
        assert!(got.contains(&(Identifier, "SidecarContainers")), "{got:?}");
        assert!(got.contains(&(Identifier, "client-go")), "{got:?}");
        assert!(got.contains(&(EnglishWord, "garbage")), "{got:?}");
        for skipped in [
            "v1",
            "k8s",
            "haircommander",
            "metrics",
            "slis",
            "feature-gates",
            "sig-node",
        ] {
            assert!(
                !got.iter().any(|(_, s)| s.contains(skipped)),
                "{skipped}: {got:?}"
            );
        }
        // a phrase never crosses punctuation
        assert!(
            !got.iter().any(|(_, s)| *s == "collector SidecarContainers"),
            "{got:?}"
        );
    }

    #[test]
    fn ascii_words_are_what_the_word_regex_finds() {
        let re = regex::Regex::new(r"[A-Za-z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)*").unwrap();
        for text in [
            "the watch cache と garbage collector, SidecarContainers と client-go v1.29",
            "k8s.io @haircommander /metrics/slis --feature-gates sig-node 9abc a- b_ c. d-e-",
            "x.y.z_1-2 ab--cd a.-b 42 Ｐｏｄ PodLevelResources。",
            "",
            "-",
            "a",
        ] {
            let want: Vec<Range<usize>> = re.find_iter(text).map(|m| m.range()).collect();
            assert_eq!(ascii_words(text).collect::<Vec<_>>(), want, "{text:?}");
        }
    }

    #[test]
    fn folded_length_is_the_length_of_the_form_key() {
        for s in [
            "ログ",
            "ー",
            "ヴァ",
            "ヴォリューム",
            "コンテナ ランタイム",
            "・ー",
            "ノード",
        ] {
            assert_eq!(folded_len(s), form_key(s).chars().count(), "{s}");
        }
    }

    #[test]
    fn sentences_are_cut_at_japanese_full_stops() {
        let t = "前の文。ファイナライザーを追加します。次の文";
        let i = t.find("ファイナ").unwrap();
        let r = sentence_around(t, i..i + "ファイナライザー".len());
        assert_eq!(&t[r], "ファイナライザーを追加します。");
    }

    #[test]
    fn scan_counts_and_keeps_occurrences_in_plain_text_only() {
        let d1 = crate::parse::blocks::parse(
            "ファイナライザーと`ファイナライザー`と[ファイナライザー](x)\n\n- ファイナライザー\n",
            1,
        );
        let d2 = crate::parse::blocks::parse("ファイナライザ\n", 1);
        let s1 = Slug::parse("a").unwrap();
        let s2 = Slug::parse("b").unwrap();
        let c = scan(&[(&s1, &d1), (&s2, &d2)]);
        let f = c.get(Katakana, &form_key("ファイナライザー")).unwrap();
        assert_eq!(f.count, 3);
        assert_eq!(f.article_count, 2);
        assert_eq!(f.articles, [0, 1]);
        assert_eq!(f.surface, "ファイナライザー");
        let o = &f.occurrences[1];
        assert_eq!((o.article, o.block), (0, 1));
        assert_eq!(&d1.blocks[1].text[o.range.clone()], "ファイナライザー");
    }
}
