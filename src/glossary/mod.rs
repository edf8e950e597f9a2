//! The bilingual glossary: curated English/Japanese term pairs merged with pairs the articles
//! yield on their own, every occurrence of every term, and the matcher the renderer uses to
//! put a tooltip on a term's first occurrence in each section.
//!
//! Its one lindera pass per article runs in the parse stage; the build itself sits between link
//! and render (`pipeline::build_glossary`, after the reference graph is made): [`build`] takes
//! the curated entries (`glossary/terms.toml`, parsed by [`terms`]), the parsed articles and the
//! English names of the registry, and gives a [`Glossary`], which render (term pages, tooltips)
//! and index (synonyms) read. The steps, each its own module:
//!
//! 1. [`candidates`]: segment each article once with lindera and collect katakana compounds,
//!    noun compounds, English phrases, identifiers and parenthesized pairs (the pipeline does
//!    this per article in its parse stage, [`candidates::analyze`], and hands the compact
//!    results to [`build_scanned`]);
//! 2. [`pairing`]: pair English and Japanese by parentheses and by transliteration
//!    ([`romanize`]), with evidence and a confidence; curated entries win;
//! 3. here: add the spellings authors gave terms with `glossary_tooltip` shortcodes
//!    ([`Terms::with_author_spellings`]), merge curated terms and confident new pairs into one sorted term list, attach
//!    readings (lindera) for the 五十音 index, and find every occurrence with [`matcher`];
//! 4. [`export`] and [`suggest`](mod@suggest): JSON, CSV, TSV, TBX, and TOML for curators.
pub mod candidates;
pub mod common;
pub mod export;
pub mod matcher;
pub mod official;
pub mod pairing;
pub mod romanize;
pub mod suggest;
pub mod terms;

use std::collections::BTreeMap;
use std::ops::Range;

use rayon::prelude::*;
use serde::Serialize;

use crate::model::ids::{FeatureGateName, KepNumber, Slug, TermId};
use crate::parse::blocks::Doc;
use crate::text::japanese;

pub use export::{to_csv, to_json, to_tbx, to_tsv};
pub use pairing::{Evidence, Pair, PairStatus, Pairing};
pub use suggest::suggest;
pub use terms::{CuratedTerm, TermKind, Terms};

use matcher::MatcherPair;
use pairing::{MIN_TERM_CONFIDENCE, MIN_VARIANT_CONFIDENCE};

/// Where a term comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TermSource {
    /// Written by a person in `glossary/terms.toml`.
    Curated,
    /// From the official Kubernetes glossary (kubernetes.io and its Japanese localization).
    Official,
    /// Paired automatically; shown as a candidate.
    Extracted,
}

impl TermSource {
    pub fn as_str(self) -> &'static str {
        match self {
            TermSource::Curated => "curated",
            TermSource::Official => "official",
            TermSource::Extracted => "extracted",
        }
    }
}

/// One occurrence of a term: article index (into [`Glossary::articles`]), block index, byte
/// range in `Block::text` (inside one plain range), the block's section, and a window of
/// context around it for a keyword-in-context line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermOccurrence {
    pub article: usize,
    pub block: usize,
    pub range: Range<usize>,
    pub section: usize,
    pub context: Range<usize>,
}

/// A keyword-in-context line: `left` + `hit` + `right`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kwic<'a> {
    pub left: &'a str,
    pub hit: &'a str,
    pub right: &'a str,
}

impl TermOccurrence {
    /// The keyword-in-context parts, given the text of the occurrence's block.
    pub fn kwic<'a>(&self, block_text: &'a str) -> Kwic<'a> {
        Kwic {
            left: &block_text[self.context.start..self.range.start],
            hit: &block_text[self.range.clone()],
            right: &block_text[self.range.end..self.context.end],
        }
    }
}

/// Characters of context on each side of a keyword-in-context line.
pub const KWIC_CHARS: usize = 30;

/// Occurrences a term keeps with their places (all are counted): bounds memory on large sites.
pub const MAX_KEPT_OCCURRENCES: usize = 200;

fn kwic_window(text: &str, r: &Range<usize>) -> Range<usize> {
    let start = text[..r.start]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| c != '\n')
        .take(KWIC_CHARS)
        .last()
        .map(|(i, _)| i)
        .unwrap_or(r.start);
    let end = text[r.end..]
        .char_indices()
        .take_while(|&(_, c)| c != '\n')
        .take(KWIC_CHARS)
        .last()
        .map(|(i, c)| r.end + i + c.len_utf8())
        .unwrap_or(r.end);
    start..end
}

#[derive(Debug, Clone)]
pub struct Term {
    pub id: TermId,
    pub en: String,
    pub ja: String,
    /// Accepted other spellings (curated aliases, or the other spellings of an extracted pair).
    pub aliases: Vec<String>,
    /// Misspellings that still link here; never shown as forms or exported.
    pub typos: Vec<String>,
    /// Japanese spellings of a curated term found by pairing, not (yet) curated: shown as
    /// candidates and suggested for `aliases`, never matched.
    pub variants: Vec<String>,
    pub kind: TermKind,
    pub source: TermSource,
    pub def_ja: String,
    pub def_en: String,
    /// Katakana reading of `ja` (lindera), for sorting.
    pub reading: String,
    /// The 五十音 row of the reading (`あ か さ た な は ま や ら わ`); `None` when `ja`
    /// starts with a Latin letter or a digit.
    pub gojuon: Option<char>,
    /// The A–Z index letter of `en` (`#` when it starts with something else).
    pub initial: char,
    pub keps: Vec<KepNumber>,
    pub gates: Vec<FeatureGateName>,
    pub related: Vec<TermId>,
    /// Topics (kubernetes.io's glossary tags), the index's tag filter.
    pub tags: Vec<String>,
    /// Where the term is documented (its kubernetes.io glossary entry).
    pub link: Option<String>,
    /// Whether the definitions are the official glossary's (credited on the term page).
    pub official_definition: bool,
    /// An everyday word (`common = true` in terms.toml): linked only in beginners' articles.
    pub common: bool,
    /// 1 for curated terms; the pair's confidence for extracted ones.
    pub confidence: f32,
    pub evidence: Vec<Evidence>,
    /// The first [`MAX_KEPT_OCCURRENCES`] occurrences, in article order (the keyword-in-context
    /// lines of the term page; a common word on a large site has far more).
    pub occurrences: Vec<TermOccurrence>,
    /// How many occurrences there are in all.
    pub mentions: usize,
    /// (article, occurrences there) of every article the term occurs in, in article order.
    pub articles: Vec<(usize, usize)>,
    /// Line in `glossary/terms.toml` (curated terms) or in the official glossary file.
    pub line: Option<usize>,
}

impl Term {
    /// `glossary/<id>/`, relative to the site root like every page URL (see `urls`).
    pub fn url(&self) -> String {
        crate::model::urls::term(&self.id)
    }

    /// Whether articles link this term and show its tooltip: curated and official terms only.
    /// An extracted pair has no definition, and the confident ones are mostly everyday
    /// loanwords (`デフォルト`/`Default`): a tooltip on them would be noise. They are listed on
    /// the glossary pages, marked as candidates.
    pub fn linkable(&self) -> bool {
        self.source != TermSource::Extracted
    }

    /// Every form the matcher looks for: ja, en, aliases and typos. Discovered `variants`
    /// are not among them: curation decides what links (`カスタマイズ` sounds like
    /// `Kustomize` but means "customize").
    pub fn forms(&self) -> impl Iterator<Item = &str> {
        [self.ja.as_str(), self.en.as_str()]
            .into_iter()
            .chain(self.aliases.iter().map(String::as_str))
            .chain(self.typos.iter().map(String::as_str))
    }

    /// The term's page title: `サイドカーコンテナ（sidecar container）`, one form when the other is
    /// empty or the same.
    pub fn title(&self) -> String {
        if self.en.is_empty() || self.en == self.ja {
            self.ja.clone()
        } else if self.ja.is_empty() {
            self.en.clone()
        } else {
            format!("{}（{}）", self.ja, self.en)
        }
    }

    /// The short definition a tooltip shows: Japanese, else English.
    pub fn definition(&self) -> &str {
        if self.def_ja.is_empty() {
            &self.def_en
        } else {
            &self.def_ja
        }
    }
}

/// Where a linkable term stands in an article: block, byte range in `Block::text` (inside one
/// plain range, outside headings) and the term's index in [`Glossary::terms`]. Recorded by the
/// build for the tooltip pass, which then needs no matching of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    pub block: u32,
    pub start: u32,
    pub end: u32,
    pub term: u32,
}

impl Hit {
    pub fn range(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

#[derive(Debug, Clone)]
pub struct Glossary {
    /// Sorted by id.
    pub terms: Vec<Term>,
    /// The articles occurrences refer to, by index.
    pub articles: Vec<Slug>,
    /// Every automatic pair with its evidence and status, and the unpaired candidates.
    pub pairing: Pairing,
    /// Per article (same index as `articles`), its linkable hits in document order.
    hits: Vec<Vec<Hit>>,
    /// Every term's forms (`all`), and the linkable terms' (`kept`).
    matchers: MatcherPair,
}

impl Glossary {
    pub fn term(&self, id: &str) -> Option<&Term> {
        self.terms
            .binary_search_by(|t| t.id.0.as_str().cmp(id))
            .ok()
            .map(|i| &self.terms[i])
    }

    /// Linkable terms in `text` (one plain range of a block): leftmost-longest, variant-folded,
    /// NFKC-aware, case-insensitive English with word boundaries; ranges are bytes of `text`.
    pub fn find_in(&self, text: &str) -> Vec<(Range<usize>, &TermId)> {
        self.matchers
            .kept
            .find(text)
            .into_iter()
            .map(|(r, t)| (r, &self.terms[t].id))
            .collect()
    }

    /// Terms by 五十音 row of their reading (`None` = Latin letters and digits), each row in
    /// reading order.
    pub fn gojuon_index(&self) -> BTreeMap<Option<char>, Vec<&Term>> {
        let mut idx: BTreeMap<Option<char>, Vec<&Term>> = BTreeMap::new();
        for t in &self.terms {
            idx.entry(t.gojuon).or_default().push(t);
        }
        for v in idx.values_mut() {
            v.sort_by(|a, b| (&a.reading, &a.id).cmp(&(&b.reading, &b.id)));
        }
        idx
    }

    /// Terms by the first letter of their English form, each letter in English order.
    pub fn alphabet_index(&self) -> BTreeMap<char, Vec<&Term>> {
        let mut idx: BTreeMap<char, Vec<&Term>> = BTreeMap::new();
        for t in &self.terms {
            idx.entry(t.initial).or_default().push(t);
        }
        for v in idx.values_mut() {
            v.sort_by(|a, b| (a.en.to_lowercase(), &a.id).cmp(&(b.en.to_lowercase(), &b.id)));
        }
        idx
    }
}

/// The katakana reading of Japanese text: lindera's readings, katakana for unknown kana,
/// other unknown words as written.
pub fn reading_of(ja: &str) -> String {
    japanese::word_refs(ja)
        .into_iter()
        .map(|w| {
            w.reading.map(str::to_string).unwrap_or_else(|| {
                w.surface
                    .chars()
                    .map(|c| match c {
                        'ぁ'..='ゖ' => char::from_u32(c as u32 + 0x60).unwrap_or(c),
                        _ => c,
                    })
                    .collect()
            })
        })
        .collect()
}

/// The 五十音 row (`あ か さ た な は ま や ら わ`) of a katakana or hiragana reading.
pub fn gojuon_row(reading: &str) -> Option<char> {
    let c = reading.chars().next()?;
    let c = match c {
        'ぁ'..='ゖ' => char::from_u32(c as u32 + 0x60)?,
        _ => c,
    };
    Some(match c {
        'ァ'..='オ' | 'ヴ' => 'あ',
        'カ'..='ゴ' | 'ヵ' | 'ヶ' => 'か',
        'サ'..='ゾ' => 'さ',
        'タ'..='ド' => 'た',
        'ナ'..='ノ' => 'な',
        'ハ'..='ポ' => 'は',
        'マ'..='モ' => 'ま',
        'ャ'..='ヨ' => 'や',
        'ラ'..='ロ' => 'ら',
        'ヮ'..='ン' | 'ヷ'..='ヺ' => 'わ',
        _ => return None,
    })
}

fn initial_of(en: &str) -> char {
    match en.chars().next() {
        Some(c) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
        _ => '#',
    }
}

fn from_curated(c: &CuratedTerm) -> Term {
    let reading = reading_of(&c.ja);
    Term {
        id: c.id.clone(),
        en: c.en.clone(),
        ja: c.ja.clone(),
        aliases: c.aliases.clone(),
        typos: c.typos.clone(),
        variants: Vec::new(),
        kind: c.kind,
        source: c.source,
        def_ja: c.def_ja.clone(),
        def_en: c.def_en.clone(),
        gojuon: gojuon_row(&reading),
        reading,
        initial: initial_of(&c.en),
        keps: c.keps.clone(),
        gates: c.gates.clone(),
        related: c.related.clone(),
        tags: c.tags.clone(),
        link: c.link.clone(),
        official_definition: c.source == TermSource::Official || c.official_definition,
        common: c.common,
        confidence: 1.0,
        evidence: Vec::new(),
        occurrences: Vec::new(),
        mentions: 0,
        articles: Vec::new(),
        line: Some(c.line),
    }
}

fn from_pair(p: &Pair, id: TermId) -> Term {
    let reading = reading_of(&p.ja);
    let mut aliases: Vec<String> = p.ja_forms.iter().chain(&p.en_forms).cloned().collect();
    aliases.sort();
    aliases.dedup();
    Term {
        id,
        en: p.en.clone(),
        ja: p.ja.clone(),
        aliases,
        typos: Vec::new(),
        variants: Vec::new(),
        kind: TermKind::Term,
        source: TermSource::Extracted,
        def_ja: String::new(),
        def_en: String::new(),
        gojuon: gojuon_row(&reading),
        reading,
        initial: initial_of(&p.en),
        keps: Vec::new(),
        gates: Vec::new(),
        related: Vec::new(),
        tags: Vec::new(),
        link: None,
        official_definition: false,
        common: false,
        confidence: p.confidence,
        evidence: p.evidence.clone(),
        occurrences: Vec::new(),
        mentions: 0,
        articles: Vec::new(),
        line: None,
    }
}

/// An id for an extracted term that no other term has: from the English, made unique.
fn fresh_id(en: &str, taken: &BTreeMap<String, ()>) -> TermId {
    let base = terms::to_kebab(en);
    let base = if base.is_empty() {
        "term".to_string()
    } else {
        base
    };
    let mut id = base.clone();
    let mut n = 2;
    while taken.contains_key(&id) {
        id = format!("{base}-{n}");
        n += 1;
    }
    TermId(id)
}

/// The English names the registry knows (KEP titles, feature-gate names), sorted: the
/// vocabulary `build` matches katakana against besides the articles' own English.
pub fn registry_names(registry: &crate::registry::Registry) -> Vec<String> {
    let mut names: Vec<String> = registry
        .keps()
        .map(|k| k.title.clone())
        .chain(registry.gates().map(|g| g.name.0.clone()))
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Builds the glossary, segmenting the articles; see the module doc.
pub fn build(curated: &Terms, docs: &[(&Slug, &Doc)], english_names: &[String]) -> Glossary {
    build_from(curated, docs, candidates::scan(docs), english_names, None)
}

/// Builds the glossary from articles segmented earlier (`scans[i]` is
/// [`candidates::analyze`] of `docs[i]`): the pipeline segments each article once, in its
/// parallel parse stage, and keeps only that compact result. With `cache` (the dev server's),
/// an article the cache holds is not searched for terms again while the terms stay the same.
pub fn build_scanned(
    curated: &Terms,
    docs: &[(&Slug, &Doc)],
    scans: &[&candidates::ArticleScan],
    english_names: &[String],
    cache: Option<&mut OccurrenceCache>,
) -> Glossary {
    build_from(
        curated,
        docs,
        candidates::merge(docs, scans),
        english_names,
        cache,
    )
}

/// What the dev server's rebuilds keep of the glossary: each article's occurrences and
/// tooltip hits, by a fingerprint of the text they were found in, valid while the terms'
/// forms (what the matchers search for) stay the same. Occurrences depend on nothing else, so
/// a rebuild that takes them from here gives the glossary a build from nothing gives.
#[derive(Default)]
pub struct OccurrenceCache {
    /// The fingerprint of the forms the kept occurrences were found with.
    forms: u64,
    articles: std::collections::HashMap<u64, Scanned>,
}

impl OccurrenceCache {
    /// The occurrences of the `article`-th article, `doc`: kept ones when the forms are those
    /// of `forms`, else found now; with the key the caller keeps them under.
    fn occurrences(
        &self,
        forms: u64,
        article: usize,
        doc: &Doc,
        find: impl FnOnce() -> Scanned,
    ) -> (u64, Scanned) {
        let key = scanned_key(doc);
        match self.articles.get(&key).filter(|_| self.forms == forms) {
            Some(kept) => {
                let mut found = kept.clone();
                for (_, o) in &mut found.occurrences {
                    o.article = article;
                }
                (key, found)
            }
            None => (key, find()),
        }
    }
}

/// What [`occurrences_in`] reads of an article.
fn scanned_key(doc: &Doc) -> u64 {
    crate::text::fingerprint(
        &doc.blocks
            .iter()
            .map(|b| (b.is_title(), &b.text, &b.plain, b.section))
            .collect::<Vec<_>>(),
    )
}

fn build_from(
    curated: &Terms,
    docs: &[(&Slug, &Doc)],
    corpus: candidates::Corpus,
    english_names: &[String],
    cache: Option<&mut OccurrenceCache>,
) -> Glossary {
    let with_authors;
    let curated = if corpus.tooltips.is_empty() {
        curated
    } else {
        with_authors = curated.clone().with_author_spellings(&corpus.tooltips);
        &with_authors
    };
    let pairing = pairing::pair(&corpus, curated, english_names);
    drop(corpus);

    let mut terms: Vec<Term> = curated.terms.iter().map(from_curated).collect();
    let index: BTreeMap<TermId, usize> = terms
        .iter()
        .enumerate()
        .map(|(i, t)| (t.id.clone(), i))
        .collect();
    let mut taken: BTreeMap<String, ()> = terms.iter().map(|t| (t.id.0.clone(), ())).collect();
    for p in &pairing.pairs {
        match &p.status {
            PairStatus::Confirms(id) => {
                terms[index[id]].evidence.extend(p.evidence.iter().cloned());
            }
            PairStatus::Variant(id) => {
                let t = &mut terms[index[id]];
                t.evidence.extend(p.evidence.iter().cloned());
                if p.confidence >= MIN_VARIANT_CONFIDENCE {
                    for ja in std::iter::once(&p.ja).chain(&p.ja_forms) {
                        if curated.lookup(ja).is_none() && !t.variants.contains(ja) {
                            t.variants.push(ja.clone());
                        }
                    }
                }
            }
            PairStatus::Conflict(_) => {}
            PairStatus::New
                if p.confidence >= MIN_TERM_CONFIDENCE
                    && !common::is_everyday(&p.ja)
                    && pairing::is_trustworthy(p) =>
            {
                let id = fresh_id(&p.en, &taken);
                taken.insert(id.0.clone(), ());
                terms.push(from_pair(p, id));
            }
            PairStatus::New => {}
        }
    }
    for t in &mut terms {
        t.evidence.truncate(8);
        t.variants.sort();
    }
    terms.sort_by(|a, b| a.id.cmp(&b.id));

    // Curated forms first, so an extracted spelling never takes a curated one's place.
    let order: Vec<usize> = {
        let mut o: Vec<usize> = (0..terms.len()).collect();
        o.sort_by_key(|&i| (terms[i].source, i));
        o
    };
    let all_forms: Vec<(usize, &str)> = order
        .iter()
        .flat_map(|&i| terms[i].forms().map(move |f| (i, f)))
        .collect();
    let linkable_forms: Vec<(usize, &str)> = all_forms
        .iter()
        .copied()
        .filter(|&(i, _)| terms[i].linkable())
        .collect();
    let forms = crate::text::fingerprint(&(&all_forms, &linkable_forms));
    let matchers = MatcherPair::new(&all_forms, |t| terms[t].linkable());

    // In chunks, merged in article order: bounded memory, deterministic order.
    let indices: Vec<usize> = (0..docs.len()).collect();
    let mut hits = Vec::with_capacity(docs.len());
    let mut kept = std::collections::HashMap::new();
    for chunk in indices.chunks(64) {
        let per_article: Vec<(Option<u64>, Scanned)> = chunk
            .par_iter()
            .map(|&a| {
                let find = || occurrences_in(a, docs[a].1, &matchers);
                match cache.as_deref() {
                    Some(cache) => {
                        let (key, found) = cache.occurrences(forms, a, docs[a].1, find);
                        (Some(key), found)
                    }
                    None => (None, find()),
                }
            })
            .collect();
        for (key, found) in per_article {
            if let Some(key) = key {
                kept.insert(key, found.clone());
            }
            for (t, o) in found.occurrences {
                let term = &mut terms[t];
                term.mentions += 1;
                match term.articles.last_mut() {
                    Some((a, n)) if *a == o.article => *n += 1,
                    _ => term.articles.push((o.article, 1)),
                }
                if term.occurrences.len() < MAX_KEPT_OCCURRENCES {
                    term.occurrences.push(o);
                }
            }
            hits.push(found.hits);
        }
    }

    if let Some(cache) = cache {
        cache.forms = forms;
        cache.articles = kept;
    }
    Glossary {
        terms,
        articles: docs.iter().map(|(s, _)| (*s).clone()).collect(),
        pairing,
        hits,
        matchers,
    }
}

/// One article's occurrences of every term, and its linkable hits.
#[derive(Clone)]
struct Scanned {
    occurrences: Vec<(usize, TermOccurrence)>,
    hits: Vec<Hit>,
}

/// Every plain range is folded once and searched once for both matchers: all terms for the
/// occurrence lists, linkable ones (outside headings) for the tooltips.
fn occurrences_in(article: usize, doc: &Doc, matchers: &MatcherPair) -> Scanned {
    let mut out = Scanned {
        occurrences: Vec::new(),
        hits: Vec::new(),
    };
    for (b, block) in doc.blocks.iter().enumerate() {
        let heading = block.is_title();
        for r in &block.plain {
            let folded = matcher::fold_with_offsets(&block.text[r.clone()]);
            let (all, linkable) = matchers.find_folded(&folded, !heading);
            for (m, t) in all {
                let range = r.start + m.start..r.start + m.end;
                out.occurrences.push((
                    t,
                    TermOccurrence {
                        article,
                        block: b,
                        context: kwic_window(&block.text, &range),
                        range,
                        section: block.section,
                    },
                ));
            }
            for (m, t) in linkable {
                out.hits.push(Hit {
                    block: b as u32,
                    start: (r.start + m.start) as u32,
                    end: (r.start + m.end) as u32,
                    term: t as u32,
                });
            }
        }
    }
    out
}

impl Glossary {
    /// The linkable hits of article `article` (an index into `articles`) found by the build:
    /// what `find_in_doc` gives for its document, without matching again.
    pub fn hits(&self, article: usize) -> impl Iterator<Item = (usize, Range<usize>, &TermId)> {
        self.hits
            .get(article)
            .into_iter()
            .flatten()
            .map(|h| (h.block as usize, h.range(), &self.terms[h.term as usize].id))
    }

    /// Linkable terms in every plain range of `doc` outside headings, as (block, byte range in
    /// `Block::text`, term): what the tooltip pass walks. Code and link text are never plain,
    /// so they are never searched.
    pub fn find_in_doc(&self, doc: &Doc) -> Vec<(usize, Range<usize>, &TermId)> {
        let mut out = Vec::new();
        for (b, block) in doc.blocks.iter().enumerate() {
            if block.is_title() {
                continue;
            }
            for r in &block.plain {
                for (m, id) in self.find_in(&block.text[r.clone()]) {
                    out.push((b, r.start + m.start..r.start + m.end, id));
                }
            }
        }
        out
    }

    /// The matcher over every term (linkable or not), as used for occurrences.
    pub fn find_all_in(&self, text: &str) -> Vec<(Range<usize>, &TermId)> {
        self.matchers
            .all
            .find(text)
            .into_iter()
            .map(|(r, t)| (r, &self.terms[t].id))
            .collect()
    }
}

#[cfg(test)]
mod tests;
