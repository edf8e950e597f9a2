//! The index stage of search: search documents, ID entries and synonyms in; the files under
//! `search/` out, as (path, bytes) pairs for the write stage.
//!
//! Everything is a JavaScript file that calls
//! `(self.__shioriSearch=self.__shioriSearch||[]).push([name, data])`, because browsers refuse
//! `fetch()` of JSON from `file://` but run `<script src>` there. A query loads only what it
//! needs, so the bytes a browser fetches stay small at thousands of articles:
//!
//! | file | name | holds | a query loads |
//! |---|---|---|---|
//! | `search/manifest.js` | `manifest` | doc count, shard bit widths, BM25 constants | once |
//! | `search/t/<h>.js` | `t/<h>` | postings of the tokens whose FNV-1a hash falls in shard `h`, and the synonyms whose first token does | one per query token |
//! | `search/v/<h>.js` | `v/<h>` | completions: tokens by prefix (3 ASCII chars or 1 CJK char) with their document frequency | one, for the word being typed |
//! | `search/i/<h>.js` | `i/<h>` | ID entries `[kind, value, url, title, detail?]` (`kep:3157`, `pr:128266`, `gate:podlevelresources`, `release:1.33`) bucketed by number, by release (`@1.33`) or by the first 3 characters of a name | one |
//! | `search/d/<h>.js` | `d/<h>` | up to [`SLOTS`] documents (about [`DOC_FILE_BYTES`]): `{"a": [[page url, title]], "d": [[page, fragment, section, kind, text]]}`, each page's URL and title once per file | one per result shown |
//!
//! A document's id is `file * SLOTS + slot`, so the browser finds its doc file without a table.
//! Documents come in site order, so the sections of an article share doc files (and a query
//! that finds several of them loads one file).
//! Postings are (doc id delta, impact) pairs in a base-64 varint string: each character carries
//! 5 bits (low bits first) plus a "more follows" bit, and a pair is `delta << 3 | impact`, where
//! impact is BM25's term-frequency part quantized to 0..=7. Tokens found in more than
//! [`POSTING_CAP`] documents keep only their strongest postings: such tokens barely separate
//! documents, and uncapped they would be most of the bytes of every query.
//! Shard counts grow with the index (powers of two), so shards stay a few KB each.
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::io::Write;

use rayon::prelude::*;
use serde_json::{Value, json};

use super::tokenize::{for_each_token, is_cjk, tokenize};
use crate::text::japanese::fold_variants;

/// Folder of the index under the site root.
pub const DIR: &str = "search";
/// Documents per doc file at most (a doc id is `file * SLOTS + slot`).
pub const SLOTS: u32 = 8;
/// Documents are packed into a doc file while it stays under this many bytes. Every file costs
/// the build a file creation (slow on small VMs) and a result costs the browser its whole doc
/// file: this balances the two (see README, Search).
pub const DOC_FILE_BYTES: usize = 6000;
/// Characters of text kept per document for snippets.
const TEXT_CHARS: usize = 800;
/// Postings kept per token (the strongest ones).
pub const POSTING_CAP: usize = 400;
/// Completions kept per prefix (the most frequent ones).
const COMPLETIONS_PER_PREFIX: usize = 100;
/// ID entries kept per key (a PR mentioned by many articles lists the first ones).
pub const ENTRIES_PER_ID: usize = 20;
/// What a token shard should weigh; the shard count is chosen from the total. A query loads
/// one shard per token, so this is about what each query token costs beyond its own postings.
const TOKEN_SHARD_BYTES: usize = 4000;
/// The same for completion and ID shards (one of each per query).
const SHARD_BYTES: usize = 4000;
const K1: f64 = 1.2;
const B: f64 = 0.75;
/// A section-title token counts as this many occurrences in the text.
const SECTION_WEIGHT: u32 = 3;
/// An article-title token (shared by all sections of the article) counts this many.
const TITLE_WEIGHT: u32 = 1;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DocKind {
    /// A heading-level section of an article (or a part of a long one).
    Section,
    Article,
    Kep,
    FeatureGate,
    PullRequest,
    Release,
    Sig,
    Glossary,
}

impl DocKind {
    /// The code the browser sees (and may show as a label).
    pub fn code(self) -> &'static str {
        match self {
            DocKind::Section => "section",
            DocKind::Article => "article",
            DocKind::Kep => "kep",
            DocKind::FeatureGate => "gate",
            DocKind::PullRequest => "pr",
            DocKind::Release => "release",
            DocKind::Sig => "sig",
            DocKind::Glossary => "glossary",
        }
    }
}

/// One searchable unit: usually a section of an article.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchDoc<'a> {
    /// Site-relative URL, e.g. `articles/x/#li-3`.
    pub url: String,
    /// Title of the page (the article title for a section).
    pub title: String,
    /// Section heading, empty for a whole page.
    pub section: String,
    pub kind: DocKind,
    pub text: DocText<'a>,
    /// Words (lindera nouns, glossary terms) whose tokens get one extra count, so bigrams
    /// inside real words outrank bigrams that straddle two.
    pub boost_words: Vec<String>,
}

/// A document's text: its own, or lines borrowed from the article's block map and joined with
/// `\n` when read. Every article's text is in the index, so a copy of it all would be held for
/// the whole index stage; borrowed, the lines cost a slice each.
#[derive(Debug, Clone)]
pub enum DocText<'a> {
    Own(String),
    Lines(Vec<&'a str>),
}

impl DocText<'_> {
    /// The text's lines, as the index reads them (tokens and the stored text alike): never
    /// joined, since a line break only separates words.
    pub fn lines(&self) -> impl Iterator<Item = &str> {
        let (own, lines) = match self {
            DocText::Own(s) => (Some(s.as_str()), &[][..]),
            DocText::Lines(lines) => (None, lines.as_slice()),
        };
        own.into_iter().chain(lines.iter().copied())
    }

    /// The whole text, its lines joined with `\n`.
    pub fn get(&self) -> std::borrow::Cow<'_, str> {
        match self {
            DocText::Own(s) => std::borrow::Cow::Borrowed(s),
            DocText::Lines(lines) => match lines.as_slice() {
                [one] => std::borrow::Cow::Borrowed(one),
                _ => std::borrow::Cow::Owned(lines.join("\n")),
            },
        }
    }
}

impl PartialEq for DocText<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.get() == other.get()
    }
}

impl Eq for DocText<'_> {}

impl From<String> for DocText<'_> {
    fn from(s: String) -> Self {
        DocText::Own(s)
    }
}

impl From<&str> for DocText<'_> {
    fn from(s: &str) -> Self {
        DocText::Own(s.to_string())
    }
}

/// An identifier a query can name directly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdEntry {
    /// `kind:value`: `kep:3157`, `pr:128266`, `gate:PodLevelResources` (the value is
    /// normalized here: NFKC, lowercase, katakana folding, only letters, digits and CJK kept).
    pub key: String,
    /// Site-relative URL of the entity page or the mention.
    pub url: String,
    pub title: String,
    /// Shown under the title (a pull request's sentence); empty for none.
    pub detail: String,
}

/// Builds the index files. `synonyms` are groups of equivalent terms (`finalizer` with
/// `ファイナライザー`); the browser widens a query containing one member to the others.
pub fn build(
    docs: &[SearchDoc],
    ids: &[IdEntry],
    synonyms: &[(String, Vec<String>)],
) -> Vec<(String, Vec<u8>)> {
    let files = std::sync::Mutex::new(Vec::new());
    build_into(docs, ids, synonyms, None, &|path, bytes| {
        files
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((path, bytes))
    });
    let mut files = files.into_inner().unwrap_or_else(|e| e.into_inner());
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files
}

/// [`build`], handing each file to `emit` as soon as its group is made, and dropping the
/// postings before the doc files are made: the index's peak memory is one group's, not the
/// whole index's.
pub fn build_into(
    docs: &[SearchDoc],
    ids: &[IdEntry],
    synonyms: &[(String, Vec<String>)],
    cache: Option<&mut IndexCache>,
    emit: &(dyn Fn(String, Vec<u8>) + Sync),
) {
    let emit_all = |files: Vec<(String, Vec<u8>)>| {
        files
            .into_par_iter()
            .for_each(|(path, bytes)| emit(path, bytes))
    };
    let doc_ids = assign_doc_ids(docs);
    let entries = match cache {
        Some(cache) => cache.postings(docs, &doc_ids),
        None => collect_postings(docs, &doc_ids),
    };
    let encoded: Vec<String> = entries.par_iter().map(|e| encode_list(&e.list)).collect();

    let token_bits = shard_bits(
        entries
            .iter()
            .zip(&encoded)
            .map(|(e, p)| e.token.len() + p.len() + 12),
        TOKEN_SHARD_BYTES,
    );
    token_shards(&entries, &encoded, synonyms, token_bits, emit);
    drop(encoded);
    let completions = completions(&entries);
    drop(entries);
    let vocab_bits = shard_bits(
        completions
            .values()
            .flatten()
            .map(|(token, _)| token.len() + 8),
        SHARD_BYTES,
    );
    emit_all(vocab_shards(&completions, vocab_bits));
    drop(completions);
    let (id_bits, id_files) = id_shards(ids);
    // Whether any ID is spelled in kana or kanji: when none is, the browser skips the ID lookup
    // for Japanese queries.
    let cjk_ids = ids.iter().any(|e| e.key.chars().any(is_cjk));
    emit_all(id_files);
    doc_files(docs, &doc_ids, emit);

    let manifest = json!({
        "v": 1,
        "docs": docs.len(),
        "slots": SLOTS,
        "tb": token_bits,
        "vb": vocab_bits,
        "ib": id_bits,
        "icjk": cjk_ids,
        "cap": POSTING_CAP,
        "k1": K1,
    });
    emit(format!("{DIR}/manifest.js"), script("manifest", &manifest));
}

/// FNV-1a over the UTF-8 bytes; `static/search.js` (`fnv`) computes the same.
pub fn fnv1a(s: &str) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for b in s.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

fn bucket(key: &str, bits: u32) -> u32 {
    fnv1a(key) & ((1u32 << bits) - 1)
}

/// The smallest power-of-two shard count that keeps shards near `target` bytes.
fn shard_bits(sizes: impl Iterator<Item = usize>, target: usize) -> u32 {
    let total: usize = sizes.sum();
    let shards = total.div_ceil(target).max(1);
    shards.next_power_of_two().trailing_zeros().clamp(2, 14)
}

/// What every index script starts with; `[name, data]` and `);` follow.
const SCRIPT_START: &str = "(self.__shioriSearch=self.__shioriSearch||[]).push(";

fn script(name: &str, data: &Value) -> Vec<u8> {
    let payload = serde_json::to_string(&json!([name, data])).expect("JSON values serialize");
    format!("{SCRIPT_START}{payload});\n").into_bytes()
}

fn hex_path(folder: &str, n: u32) -> (String, String) {
    let name = format!("{folder}/{n:x}");
    (format!("{DIR}/{name}.js"), name)
}

/// A URL split into the page and the fragment: `articles/x/#li-3` → (`articles/x/`, `li-3`).
fn split_url(url: &str) -> (&str, &str) {
    url.split_once('#').unwrap_or((url, ""))
}

/// Packs documents in input order into doc files of at most [`SLOTS`] documents and about
/// [`DOC_FILE_BYTES`] bytes; returns each document's id.
fn assign_doc_ids(docs: &[SearchDoc]) -> Vec<u32> {
    // What each document weighs in its file, and what its page (URL and title, stored once per
    // file) adds when the file does not hold it yet.
    let sizes: Vec<(usize, usize)> = docs
        .par_iter()
        .map(|d| {
            let (page, fragment) = split_url(&d.url);
            let own = fragment.len() + d.section.len() + stored_len(&d.text) + 24;
            (own, page.len() + d.title.len() + 8)
        })
        .collect();
    let mut ids = Vec::with_capacity(docs.len());
    let (mut file, mut slot, mut bytes) = (0u32, 0u32, 0usize);
    let mut pages: Vec<(&str, &str)> = Vec::new();
    for (i, (doc, &(own, page_size))) in docs.iter().zip(&sizes).enumerate() {
        let page = (split_url(&doc.url).0, doc.title.as_str());
        let new_page = !pages.contains(&page);
        let size = own + if new_page { page_size } else { 0 };
        if i > 0 && (slot == SLOTS || bytes + size > DOC_FILE_BYTES) {
            file += 1;
            slot = 0;
            bytes = 0;
            pages.clear();
        }
        if !pages.contains(&page) {
            pages.push(page);
            bytes += page_size;
        }
        ids.push(file * SLOTS + slot);
        slot += 1;
        bytes += own;
    }
    ids
}

/// Whitespace collapsed, at most [`TEXT_CHARS`] characters (then an ellipsis).
fn stored_text(text: &DocText) -> String {
    let len: usize = text.lines().map(str::len).sum();
    let mut out = String::with_capacity(len.min(TEXT_CHARS * 3 + 3));
    stored_chars(text, |c| out.push(c));
    out
}

/// The bytes of [`stored_text`], without building it.
fn stored_len(text: &DocText) -> usize {
    let mut n = 0;
    stored_chars(text, |c| n += c.len_utf8());
    n
}

fn stored_chars(text: &DocText, mut push: impl FnMut(char)) {
    let mut count = 0;
    for word in text.lines().flat_map(str::split_whitespace) {
        if count > 0 {
            push(' ');
            count += 1;
        }
        for c in word.chars() {
            if count == TEXT_CHARS {
                push('…');
                return;
            }
            push(c);
            count += 1;
        }
    }
}

/// FNV-1a as a `Hasher`: the index hashes millions of short tokens, where SipHash's
/// DoS resistance buys nothing and costs a third of the time.
#[derive(Clone, Copy)]
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type FnvMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;

/// The hash of a packed token (see [`packed`]): one multiply, its high half folded into the
/// low half so that every bit of the key reaches both the bits that pick a bucket and the
/// ones the table tags it with. FNV's loop over the eight bytes costs several times as much,
/// on the lookup indexing makes for every token occurrence.
#[derive(Clone, Copy, Default)]
struct PackedHash(u64);

impl Hasher for PackedHash {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut k = [0u8; 8];
            k[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(k));
        }
    }
    fn write_u64(&mut self, n: u64) {
        let m = u128::from(self.0 ^ n) * 0x9e37_79b9_7f4a_7c15;
        self.0 = (m as u64) ^ ((m >> 64) as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Token → id, for the per-occurrence lookups of indexing. A token of at most 8 bytes (every
/// CJK bigram, most words) is keyed by its bytes packed into an integer, which sits in the
/// table itself and compares in one step; longer tokens are keyed by their string.
#[derive(Default)]
struct TokenIds {
    short: HashMap<u64, u32, BuildHasherDefault<PackedHash>>,
    long: FnvMap<String, u32>,
}

impl TokenIds {
    fn get(&self, token: &str) -> Option<u32> {
        match packed(token) {
            Some(k) => self.short.get(&k).copied(),
            None => self.long.get(token).copied(),
        }
    }

    fn insert(&mut self, token: &str, id: u32) {
        match packed(token) {
            Some(k) => self.short.insert(k, id),
            None => self.long.insert(token.to_string(), id),
        };
    }
}

/// The bytes of a token of at most 8 bytes as one integer. Tokens hold no NUL byte, so the
/// zero padding tells `ab` from `ab\0`.
fn packed(token: &str) -> Option<u64> {
    let bytes = token.as_bytes();
    let mut k = [0u8; 8];
    k.get_mut(..bytes.len())?.copy_from_slice(bytes);
    Some(u64::from_le_bytes(k))
}

/// A token of the index: its true document frequency and its postings (doc id, impact
/// 0..=7) sorted by doc id, capped at [`POSTING_CAP`].
struct TokenEntry {
    token: String,
    df: u32,
    list: Vec<(u32, u8)>,
}

/// Calls `add(text, weight)` for every field of a document that is indexed: the text, the
/// section heading ([`SECTION_WEIGHT`]), the page title ([`TITLE_WEIGHT`]) and the boost words.
fn for_each_field(doc: &SearchDoc, mut add: impl FnMut(&str, u32)) {
    for line in doc.text.lines() {
        add(line, 1);
    }
    add(&doc.section, SECTION_WEIGHT);
    add(&doc.title, TITLE_WEIGHT);
    for w in &doc.boost_words {
        add(w, 1);
    }
}

/// About how many tokens a document gives (each counted with its field's weight), from one
/// scan without normalizing or allocating: a word per ASCII run, a bigram per CJK character
/// after the first of its run. Only the average over all documents is taken from this (BM25
/// needs it before the first impact); each document's own length is counted exactly.
fn approx_len(doc: &SearchDoc) -> u64 {
    let bigrams = |run: u64| if run > 1 { run - 1 } else { run };
    let mut len = 0;
    for_each_field(doc, |text, weight| {
        let (mut n, mut run, mut prev) = (0u64, 0u64, ' ');
        for c in text.chars() {
            if is_cjk(c) {
                run += 1;
            } else {
                n += bigrams(run);
                run = 0;
                if c.is_ascii_alphanumeric() && !prev.is_ascii_alphanumeric() {
                    n += 1;
                }
            }
            prev = c;
        }
        len += (n + bigrams(run)) * u64::from(weight);
    });
    len
}

/// The average document length BM25 normalizes by, from [`approx_len`].
fn average_len(docs: &[SearchDoc]) -> f64 {
    let total: u64 = docs.par_iter().map(approx_len).sum();
    (total as f64 / docs.len().max(1) as f64).max(1.0)
}

/// Documents per run tokenized at once (a run shares one table of the vocabulary's ids).
const PIECE: usize = 256;

/// A token of a run of documents: its id in the vocabulary the run was given, or the token
/// itself when that vocabulary does not hold it yet.
enum PieceToken {
    Known(u32),
    New(String),
}

/// The tokens of the index by id, and each id's token: what runs of documents are looked up in.
#[derive(Default)]
struct Vocab {
    ids: TokenIds,
    names: Vec<String>,
}

impl Vocab {
    fn get(&self, token: &str) -> Option<u32> {
        self.ids.get(token)
    }

    fn len(&self) -> usize {
        self.names.len()
    }

    /// The id of `token`, given the next id when it is new to the vocabulary.
    fn intern(&mut self, token: PieceToken) -> u32 {
        match token {
            PieceToken::Known(id) => id,
            PieceToken::New(name) => self.get(&name).unwrap_or_else(|| {
                let id = self.names.len() as u32;
                self.ids.insert(&name, id);
                self.names.push(name);
                id
            }),
        }
    }
}

/// A run of documents tokenized: each token with [(position of the document in the run,
/// weighted count)] in document order, and each document's length (its weighted token count).
struct PieceCounts {
    tokens: Vec<(PieceToken, Vec<(u32, u32)>)>,
    lens: Vec<u32>,
}

/// Tokenizes a run of documents, counting each token once per document with its field's
/// weight. Tokens are looked up in `vocab` (the tokens merged before), so a token the index
/// already holds costs no string of its own here and no string lookup in the merge; only
/// tokens new to the index are kept as strings.
fn count_piece<'a: 'd, 'd>(
    docs: impl IntoIterator<Item = &'d SearchDoc<'a>>,
    vocab: &Vocab,
) -> PieceCounts {
    // Each token's place in `tokens`: by vocabulary id for known tokens, by token for new ones.
    let mut known = vec![u32::MAX; vocab.len()];
    let mut new = TokenIds::default();
    let mut tokens: Vec<(PieceToken, Vec<(u32, u32)>)> = Vec::new();
    // The current document's weighted count of each token (by place in `tokens`), and the
    // tokens it has counted: its counts are appended when it ends, so an occurrence touches
    // one counter instead of the end of its token's list.
    let mut counts: Vec<u32> = Vec::new();
    let mut counted: Vec<u32> = Vec::new();
    let mut lens = Vec::new();
    for (at, doc) in docs.into_iter().enumerate() {
        let at = at as u32;
        let mut len = 0;
        for_each_field(doc, |text, weight| {
            for_each_token(text, |t| {
                len += weight;
                let i = match vocab.get(t) {
                    Some(id) => {
                        let slot = &mut known[id as usize];
                        if *slot == u32::MAX {
                            *slot = tokens.len() as u32;
                            tokens.push((PieceToken::Known(id), Vec::new()));
                            counts.push(0);
                        }
                        *slot
                    }
                    None => match new.get(t) {
                        Some(i) => i,
                        None => {
                            let i = tokens.len() as u32;
                            new.insert(t, i);
                            tokens.push((PieceToken::New(t.to_string()), Vec::new()));
                            counts.push(0);
                            i
                        }
                    },
                };
                let count = &mut counts[i as usize];
                if *count == 0 {
                    counted.push(i);
                }
                *count += weight;
            });
        });
        for i in counted.drain(..) {
            let count = std::mem::take(&mut counts[i as usize]);
            tokens[i as usize].1.push((at, count));
        }
        lens.push(len);
    }
    PieceCounts { tokens, lens }
}

/// Tokenizes a run of documents and gives each token's postings with their impacts (the run
/// knows its documents' exact lengths): this is the part of indexing that runs in parallel.
fn index_piece(
    docs: &[SearchDoc],
    ids: &[u32],
    avg_len: f64,
    vocab: &Vocab,
) -> Vec<(PieceToken, Vec<u32>)> {
    let PieceCounts { tokens, lens } = count_piece(docs, vocab);
    tokens
        .into_iter()
        .map(|(token, list)| {
            let packed = list
                .into_iter()
                .map(|(at, tf)| {
                    let at = at as usize;
                    pack(ids[at], impact(tf, lens[at], avg_len))
                })
                .collect();
            (token, packed)
        })
        .collect()
}

/// A posting packed as `id << 3 | impact`, the way it is encoded.
fn pack(id: u32, impact: u8) -> u32 {
    (id << 3) | u32::from(impact)
}

/// Keeps the [`POSTING_CAP`] strongest postings (highest impact, then lowest id). Applied to
/// a list whenever it doubles the cap, the result is the same as applying it once at the end,
/// and no list ever holds more than twice the cap: the common tokens (`した`, `pod`) would
/// otherwise hold most of the memory of the build.
fn keep_strongest(list: &mut Vec<u32>) {
    if list.len() > POSTING_CAP {
        list.select_nth_unstable_by_key(POSTING_CAP - 1, |&p| (7 - (p & 7), p >> 3));
        list.truncate(POSTING_CAP);
    }
}

/// Every token's postings, sorted by token.
fn collect_postings(docs: &[SearchDoc], doc_ids: &[u32]) -> Vec<TokenEntry> {
    let avg_len = average_len(docs);

    // Pieces of documents are tokenized in parallel, a batch at a time, and merged in document
    // order (so a list that was never cut stays sorted by doc id); a batch bounds the memory
    // held in pieces. A batch looks tokens up in the vocabulary of the batches before it.
    const BATCH: usize = 16;
    let mut vocab = Vocab::default();
    let mut lists: Vec<Vec<u32>> = Vec::new();
    let mut dfs: Vec<u32> = Vec::new();
    let pieces: Vec<(&[SearchDoc], &[u32])> =
        docs.chunks(PIECE).zip(doc_ids.chunks(PIECE)).collect();
    for batch in pieces.chunks(BATCH) {
        let pieces: Vec<Vec<(PieceToken, Vec<u32>)>> = batch
            .par_iter()
            .map(|(d, i)| index_piece(d, i, avg_len, &vocab))
            .collect();
        for piece in pieces {
            for (token, list) in piece {
                // A token new to this batch may be new in several of its pieces.
                let t = vocab.intern(token) as usize;
                if t == lists.len() {
                    lists.push(Vec::new());
                    dfs.push(0);
                }
                dfs[t] += list.len() as u32;
                let out = &mut lists[t];
                if out.is_empty() {
                    *out = list;
                } else {
                    out.extend(list);
                }
                keep_bounded(out);
            }
        }
    }
    token_entries(vocab.names.into_iter().zip(dfs).zip(lists).collect())
}

/// Each token with its true document frequency and its packed postings (cut as they grew or
/// not) as the index's entries: sorted by token, each list cut to its strongest and in doc
/// order. Tokens without postings are left out.
fn token_entries(tokens: Vec<((String, u32), Vec<u32>)>) -> Vec<TokenEntry> {
    let mut owned: Vec<(String, u32, Vec<u32>)> = tokens
        .into_iter()
        .filter(|((_, df), _)| *df > 0)
        .map(|((token, df), list)| (token, df, list))
        .collect();
    // Tokens are distinct, so this order is the same in every build.
    owned.par_sort_unstable_by(|a, b| a.0.cmp(&b.0));
    owned
        .into_par_iter()
        .map(|(token, df, mut list)| {
            if list.len() > POSTING_CAP {
                keep_strongest(&mut list);
            }
            // Cut lists lost their doc order; ids are unique in a list, so this restores it.
            list.sort_unstable();
            TokenEntry {
                token,
                df,
                list: list.into_iter().map(|p| (p >> 3, (p & 7) as u8)).collect(),
            }
        })
        .collect()
}

/// Cuts a list to its strongest once it holds twice the cap (see [`keep_strongest`]).
fn keep_bounded(list: &mut Vec<u32>) {
    if list.len() >= 2 * POSTING_CAP {
        keep_strongest(list);
    }
}

/// What the dev server's rebuilds keep of the index: each document's weighted token counts,
/// by a fingerprint of the fields that are tokenized, over one vocabulary kept across builds.
/// A rebuild tokenizes only the documents that are new or changed; impacts are computed again
/// from the kept counts (the average length moves with every edit), so the entries are those
/// [`collect_postings`] gives for the same documents.
#[derive(Default)]
pub struct IndexCache {
    vocab: Vocab,
    docs: HashMap<u64, DocCounts>,
}

/// A document's length (weighted token count) and each of its tokens (vocabulary id) with its
/// weighted count.
#[derive(Default)]
struct DocCounts {
    len: u32,
    counts: Vec<(u32, u32)>,
}

impl IndexCache {
    /// [`collect_postings`] of `docs`, tokenizing only those the cache does not hold; what
    /// the cache holds afterwards is these documents' counts.
    fn postings(&mut self, docs: &[SearchDoc], doc_ids: &[u32]) -> Vec<TokenEntry> {
        let keys: Vec<u64> = docs.par_iter().map(doc_key).collect();
        let mut kept = std::collections::HashSet::new();
        let missing: Vec<usize> = (0..docs.len())
            .filter(|&i| kept.insert(keys[i]) && !self.docs.contains_key(&keys[i]))
            .collect();
        self.docs.retain(|key, _| kept.contains(key));
        // Tokenized in runs, as a build from nothing does, then split back into documents.
        let vocab = &self.vocab;
        let counted: Vec<PieceCounts> = missing
            .par_chunks(PIECE)
            .map(|run| count_piece(run.iter().map(|&i| &docs[i]), vocab))
            .collect();
        for (run, piece) in missing.chunks(PIECE).zip(counted) {
            let mut split: Vec<DocCounts> = piece
                .lens
                .iter()
                .map(|&len| DocCounts {
                    len,
                    counts: Vec::new(),
                })
                .collect();
            for (token, list) in piece.tokens {
                let id = self.vocab.intern(token);
                for (at, tf) in list {
                    split[at as usize].counts.push((id, tf));
                }
            }
            for (&i, counts) in run.iter().zip(split) {
                self.docs.insert(keys[i], counts);
            }
        }

        let avg_len = average_len(docs);
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); self.vocab.len()];
        let mut dfs: Vec<u32> = vec![0; self.vocab.len()];
        for (key, &id) in keys.iter().zip(doc_ids) {
            let doc = &self.docs[key];
            for &(token, tf) in &doc.counts {
                dfs[token as usize] += 1;
                let list = &mut lists[token as usize];
                list.push(pack(id, impact(tf, doc.len, avg_len)));
                keep_bounded(list);
            }
        }
        token_entries(
            self.vocab
                .names
                .iter()
                .cloned()
                .zip(dfs)
                .zip(lists)
                .collect(),
        )
    }
}

/// What a document's counts are made from: the fields [`for_each_field`] tokenizes.
fn doc_key(doc: &SearchDoc) -> u64 {
    crate::text::fingerprint(&(&*doc.text.get(), &doc.section, &doc.title, &doc.boost_words))
}

/// BM25's term-frequency part, quantized to 0..=7 (the browser reads it as `(q + 0.5) / 8`
/// of its maximum, `K1 + 1`).
fn impact(tf: u32, len: u32, avg_len: f64) -> u8 {
    let tf = f64::from(tf);
    let w = tf * (K1 + 1.0) / (tf + K1 * (1.0 - B + B * f64::from(len) / avg_len));
    ((w / (K1 + 1.0) * 8.0).floor() as u8).min(7)
}

const DIGITS: &[u8; 64] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";

fn push_varint(out: &mut String, mut v: u64) {
    loop {
        let low = (v & 31) as usize;
        v >>= 5;
        if v == 0 {
            out.push(DIGITS[low] as char);
            return;
        }
        out.push(DIGITS[low | 32] as char);
    }
}

fn encode_list(list: &[(u32, u8)]) -> String {
    let mut out = String::new();
    let mut prev = 0u32;
    for &(id, q) in list {
        push_varint(&mut out, (u64::from(id - prev) << 3) | u64::from(q));
        prev = id;
    }
    out
}

/// Appends `s` as a JSON string, escaped as serde_json escapes the rest of the index.
fn push_json_str(out: &mut Vec<u8>, s: &str) {
    serde_json::to_writer(out, s).expect("strings serialize");
}

/// Token shards, each handed to `emit` as soon as it is made: together they are as large as
/// the postings, and never held all at once.
fn token_shards(
    entries: &[TokenEntry],
    encoded: &[String],
    synonyms: &[(String, Vec<String>)],
    bits: u32,
    emit: &(dyn Fn(String, Vec<u8>) + Sync),
) {
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); 1 << bits];
    for (i, e) in entries.iter().enumerate() {
        members[bucket(&e.token, bits) as usize].push(i);
    }
    let mut syns: Vec<SynonymMap> = vec![SynonymMap::new(); 1 << bits];
    for (first, list) in synonym_entries(synonyms) {
        syns[bucket(&first, bits) as usize].insert(first, list);
    }
    members
        .into_par_iter()
        .zip(syns)
        .enumerate()
        .for_each(|(h, (tokens, syns))| {
            let (path, name) = hex_path("t", h as u32);
            // Written by hand rather than through serde_json::Value: shards are thousands of
            // files, and entries are already in token order.
            let mut js = Vec::with_capacity(2 * TOKEN_SHARD_BYTES);
            js.extend_from_slice(SCRIPT_START.as_bytes());
            js.push(b'[');
            push_json_str(&mut js, &name);
            js.extend_from_slice(b", {\"t\":{");
            for (k, &i) in tokens.iter().enumerate() {
                if k > 0 {
                    js.push(b',');
                }
                let e = &entries[i];
                push_json_str(&mut js, &e.token);
                write!(js, ":[{},\"{}\"]", e.df, encoded[i]).expect("a Vec takes every write");
            }
            js.push(b'}');
            if !syns.is_empty() {
                js.extend_from_slice(b",\"s\":");
                serde_json::to_writer(&mut js, &syns).expect("synonyms serialize");
            }
            js.extend_from_slice(b"}]);\n");
            emit(path, js);
        });
}

/// First token of a term → [(term, the other members of its group)].
type SynonymMap = BTreeMap<String, Vec<(String, Vec<String>)>>;

fn synonym_entries(synonyms: &[(String, Vec<String>)]) -> SynonymMap {
    let mut map = SynonymMap::new();
    for (term, alternatives) in synonyms {
        let mut members: Vec<&String> = std::iter::once(term).chain(alternatives).collect();
        members.sort();
        members.dedup_by_key(|m| tokenize(m));
        for m in &members {
            let tokens = tokenize(m);
            let Some(first) = tokens.first() else {
                continue;
            };
            let others: Vec<String> = members
                .iter()
                .filter(|o| tokenize(o) != tokens)
                .map(|o| o.to_string())
                .collect();
            if !others.is_empty() {
                map.entry(first.clone())
                    .or_default()
                    .push((m.to_string(), others));
            }
        }
    }
    for entries in map.values_mut() {
        entries.sort();
        entries.dedup();
    }
    map
}

/// The prefix under which a token is offered as a completion: its first 3 characters when it
/// starts with ASCII, its first character when CJK; `None` for numbers (never prefix-matched)
/// and for tokens no longer than their prefix.
pub fn completion_prefix(token: &str) -> Option<String> {
    let first = token.chars().next()?;
    if token.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let n = if is_cjk(first) { 1 } else { 3 };
    (token.chars().count() > n).then(|| token.chars().take(n).collect())
}

fn completions(entries: &[TokenEntry]) -> BTreeMap<String, Vec<(String, u32)>> {
    let mut map: BTreeMap<String, Vec<(String, u32)>> = BTreeMap::new();
    for e in entries {
        if let Some(prefix) = completion_prefix(&e.token) {
            map.entry(prefix).or_default().push((e.token.clone(), e.df));
        }
    }
    for list in map.values_mut() {
        list.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        list.truncate(COMPLETIONS_PER_PREFIX);
    }
    map
}

fn vocab_shards(
    completions: &BTreeMap<String, Vec<(String, u32)>>,
    bits: u32,
) -> Vec<(String, Vec<u8>)> {
    let mut shards: BTreeMap<u32, serde_json::Map<String, Value>> =
        (0..1u32 << bits).map(|h| (h, Default::default())).collect();
    for (prefix, list) in completions {
        let shard = shards
            .get_mut(&bucket(prefix, bits))
            .expect("all shards exist");
        shard.insert(prefix.clone(), json!(list));
    }
    shards
        .into_iter()
        .map(|(h, v)| {
            let (path, name) = hex_path("v", h);
            (path, script(&name, &json!({ "v": v })))
        })
        .collect()
}

/// The normalized value of an ID key: NFKC, lowercase, katakana folded, only ASCII letters and
/// digits and CJK characters kept (`Pod-Level Resources` → `podlevelresources`).
/// `static/search.js` (`idValue`) does the same to the query.
pub fn id_value(raw: &str) -> String {
    fold_variants(raw)
        .chars()
        .filter(|&c| c.is_ascii_alphanumeric() || is_cjk(c))
        .collect()
}

/// The bucket key of an ID value: `#` and the number for numbers (exact match only), else the
/// first 3 characters (the shortest prefix the browser looks up).
pub fn id_bucket_key(value: &str) -> String {
    if value.chars().all(|c| c.is_ascii_digit()) {
        format!("#{value}")
    } else {
        value.chars().take(3).collect()
    }
}

/// The value an ID row is matched by: a release as written (`1.33`: its dot is what tells
/// it from the number 133), anything else as [`id_value`] normalizes it.
fn id_row_value(kind: &str, raw: &str) -> String {
    if kind == RELEASE_KIND {
        raw.to_string()
    } else {
        id_value(raw)
    }
}

/// The bucket of an ID row: `@` and the release for a release (`static/search.js` reads a
/// query such as `v1.33` or `Kubernetes 1.33` as one), else [`id_bucket_key`].
fn id_row_bucket_key(kind: &str, value: &str) -> String {
    if kind == RELEASE_KIND {
        format!("@{value}")
    } else {
        id_bucket_key(value)
    }
}

/// The kind of the ID rows of Kubernetes releases (`release:1.33`).
pub(crate) const RELEASE_KIND: &str = "release";

fn id_shards(ids: &[IdEntry]) -> (u32, Vec<(String, Vec<u8>)>) {
    let mut rows: Vec<(String, String, usize)> = ids
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let (kind, value) = e.key.split_once(':').unwrap_or(("", e.key.as_str()));
            let kind = kind.to_ascii_lowercase();
            let value = id_row_value(&kind, value);
            (!value.is_empty()).then_some((kind, value, i))
        })
        .collect();
    rows.sort_by(|a, b| (&a.1, &a.0, a.2).cmp(&(&b.1, &b.0, b.2)));
    let mut kept: Vec<(String, String, usize)> = Vec::new();
    let mut run = 0;
    for row in rows {
        let same = kept
            .last()
            .is_some_and(|last| last.0 == row.0 && last.1 == row.1);
        run = if same { run + 1 } else { 1 };
        if run <= ENTRIES_PER_ID {
            kept.push(row);
        }
    }
    let bits = shard_bits(
        kept.iter().map(|(k, v, i)| {
            let e = &ids[*i];
            k.len() + v.len() + e.url.len() + e.title.len() + e.detail.len() + 12
        }),
        SHARD_BYTES,
    );
    let mut shards: BTreeMap<u32, Vec<Value>> =
        (0..1u32 << bits).map(|h| (h, Vec::new())).collect();
    for (kind, value, i) in &kept {
        let h = bucket(&id_row_bucket_key(kind, value), bits);
        let e = &ids[*i];
        let mut row = vec![json!(kind), json!(value), json!(e.url), json!(e.title)];
        if !e.detail.is_empty() {
            row.push(json!(e.detail));
        }
        shards
            .get_mut(&h)
            .expect("all shards exist")
            .push(Value::Array(row));
    }
    let files = shards
        .into_iter()
        .map(|(h, rows)| {
            let (path, name) = hex_path("i", h);
            (path, script(&name, &json!({ "i": rows })))
        })
        .collect();
    (bits, files)
}

/// Doc files, each handed to `emit` as soon as it is made: they are most of the index's bytes.
fn doc_files(docs: &[SearchDoc], doc_ids: &[u32], emit: &(dyn Fn(String, Vec<u8>) + Sync)) {
    let mut files: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for (i, id) in doc_ids.iter().enumerate() {
        files.entry(id / SLOTS).or_default().push(i);
    }
    let files: Vec<(u32, Vec<usize>)> = files.into_iter().collect();
    files.into_par_iter().for_each(|(file, members)| {
        // Written by hand as `script` would write `{"a": pages, "d": records}` (keys in
        // order, no spaces): doc files are most of the bytes of the index.
        let mut pages: Vec<(&str, &str)> = Vec::new();
        let mut records = Vec::with_capacity(DOC_FILE_BYTES);
        for (k, &i) in members.iter().enumerate() {
            let d = &docs[i];
            let (page, fragment) = split_url(&d.url);
            let key = (page, d.title.as_str());
            let p = pages.iter().position(|&x| x == key).unwrap_or_else(|| {
                pages.push(key);
                pages.len() - 1
            });
            records.push(if k == 0 { b'[' } else { b',' });
            write!(records, "[{p},").expect("a Vec takes every write");
            for field in [fragment, &d.section, d.kind.code()] {
                push_json_str(&mut records, field);
                records.push(b',');
            }
            push_json_str(&mut records, &stored_text(&d.text));
            records.push(b']');
        }
        let (path, name) = hex_path("d", file);
        let mut js = Vec::with_capacity(records.len() + 256);
        js.extend_from_slice(SCRIPT_START.as_bytes());
        js.push(b'[');
        push_json_str(&mut js, &name);
        js.extend_from_slice(b",{\"a\":");
        for (k, (url, title)) in pages.iter().enumerate() {
            js.push(if k == 0 { b'[' } else { b',' });
            js.push(b'[');
            push_json_str(&mut js, url);
            js.push(b',');
            push_json_str(&mut js, title);
            js.push(b']');
        }
        js.extend_from_slice(b"],\"d\":");
        js.extend_from_slice(&records);
        js.extend_from_slice(b"]}]);\n");
        emit(path, js);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(url: &str, section: &str, text: &str) -> SearchDoc<'static> {
        SearchDoc {
            url: url.into(),
            title: "Kubernetes 1.32".into(),
            section: section.into(),
            kind: DocKind::Section,
            text: text.into(),
            boost_words: vec![],
        }
    }

    fn decode(s: &str) -> Vec<(u32, u8)> {
        let mut out = Vec::new();
        let (mut v, mut shift, mut prev) = (0u64, 0, 0u32);
        for c in s.bytes() {
            let d = DIGITS.iter().position(|&x| x == c).unwrap() as u64;
            v |= (d & 31) << shift;
            shift += 5;
            if d < 32 {
                prev += (v >> 3) as u32;
                out.push((prev, (v & 7) as u8));
                v = 0;
                shift = 0;
            }
        }
        out
    }

    fn file<'a>(files: &'a [(String, Vec<u8>)], path: &str) -> &'a str {
        let bytes = &files.iter().find(|(p, _)| p == path).expect(path).1;
        std::str::from_utf8(bytes).unwrap()
    }

    fn payload(js: &str) -> Value {
        let start = js.find(".push(").unwrap() + 6;
        let end = js.rfind(");").unwrap();
        serde_json::from_str(&js[start..end]).unwrap()
    }

    #[test]
    fn varints_round_trip() {
        let list = vec![(0, 7), (1, 0), (40, 3), (100_000, 5)];
        assert_eq!(decode(&encode_list(&list)), list);
    }

    #[test]
    fn postings_land_in_the_shard_of_their_token_hash() {
        let docs = vec![
            doc(
                "a/#s1",
                "サイドカー",
                "サイドカーコンテナが GA になりました",
            ),
            doc("a/#s2", "監査ログ", "監査ログの出力が変わります"),
        ];
        let files = build(&docs, &[], &[]);
        let manifest = payload(file(&files, "search/manifest.js"));
        let bits = manifest[1]["tb"].as_u64().unwrap() as u32;
        assert_eq!(manifest[1]["docs"], 2);
        let token = "監査";
        let path = format!("search/t/{:x}.js", bucket(token, bits));
        let shard = payload(file(&files, &path));
        let entry = &shard[1]["t"][token];
        assert_eq!(entry[0], 1, "df");
        let list = decode(entry[1].as_str().unwrap());
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].0, 1, "second doc, same doc file");
    }

    #[test]
    fn doc_files_hold_slots_in_id_order_with_each_page_once() {
        let long = "あ".repeat(900);
        let docs = vec![
            doc("a/#1", "一", &long),
            doc("a/#2", "二", &long),
            doc("a/#3", "三", &long),
            doc("b/#4", "四", "短い"),
            doc("a/#5", "五", "短い"),
        ];
        let ids = assign_doc_ids(&docs);
        // A long text is stored as 800 characters (2.4 KB): two fit in a file, the third
        // starts the next one, which the short ones join.
        assert_eq!(ids, [0, 1, SLOTS, SLOTS + 1, SLOTS + 2]);
        let files = build(&docs, &[], &[]);
        let d1 = &payload(file(&files, "search/d/1.js"))[1];
        assert_eq!(
            d1["a"],
            json!([["a/", "Kubernetes 1.32"], ["b/", "Kubernetes 1.32"]])
        );
        let fragments: Vec<&Value> = d1["d"].as_array().unwrap().iter().map(|r| &r[1]).collect();
        assert_eq!(fragments, ["3", "4", "5"]);
        assert_eq!(d1["d"][2][0], 0, "a/ again, from the file's page table");
        let text = d1["d"][0][4].as_str().unwrap();
        assert_eq!(
            text.chars().count(),
            TEXT_CHARS + 1,
            "cut, with an ellipsis"
        );
    }

    #[test]
    fn a_common_token_keeps_only_its_strongest_postings() {
        let docs: Vec<SearchDoc<'static>> = (0..POSTING_CAP + 10)
            .map(|i| {
                let text = if i == POSTING_CAP + 5 {
                    "pod pod pod pod"
                } else {
                    "pod and many other words in a longer sentence"
                };
                doc(&format!("a/#{i}"), "", text)
            })
            .collect();
        let doc_ids = assign_doc_ids(&docs);
        let postings = collect_postings(&docs, &doc_ids);
        assert!(postings.windows(2).all(|w| w[0].token < w[1].token));
        let pod = postings.iter().find(|e| e.token == "pod").unwrap();
        assert_eq!(pod.df as usize, POSTING_CAP + 10);
        assert_eq!(pod.list.len(), POSTING_CAP);
        let strong_id = doc_ids[POSTING_CAP + 5];
        assert!(pod.list.iter().any(|&(id, _)| id == strong_id));
        assert!(pod.list.windows(2).all(|w| w[0].0 < w[1].0));
    }

    /// A token's entry as (token, df, list).
    type Flat = (String, u32, Vec<(u32, u8)>);

    /// Postings as [`Flat`] entries, to compare two builds of them.
    fn flat(entries: &[TokenEntry]) -> Vec<Flat> {
        entries
            .iter()
            .map(|e| (e.token.clone(), e.df, e.list.clone()))
            .collect()
    }

    #[test]
    fn kept_counts_give_the_postings_tokenizing_everything_gives() {
        // More documents than the cap share `pod`, so lists are cut in both ways of building.
        let site = |edit: &str, extra: bool| -> Vec<SearchDoc<'static>> {
            let mut docs: Vec<SearchDoc<'static>> = (0..POSTING_CAP + 40)
                .map(|i| {
                    let pods = "pod ".repeat(1 + i % 4);
                    doc(
                        &format!("a/{}/", i / 8),
                        "概要",
                        &format!("{pods}サイドカー {i}"),
                    )
                })
                .collect();
            docs[7].text = edit.into();
            if extra {
                docs.insert(3, doc("b/", "新しい節", "ファイナライザー finalizer"));
            }
            docs
        };
        let mut cache = IndexCache::default();
        for (edit, extra) in [
            ("pod pod サイドカーコンテナ", false),
            // A changed document, a new one before it: every later id moves.
            ("kubelet だけの文", true),
            // The new document removed again: its tokens are in the vocabulary, in no list.
            ("pod pod サイドカーコンテナ", false),
        ] {
            let docs = site(edit, extra);
            let ids = assign_doc_ids(&docs);
            assert_eq!(
                flat(&cache.postings(&docs, &ids)),
                flat(&collect_postings(&docs, &ids)),
                "after editing document 7 to {edit:?}"
            );
            assert_eq!(cache.docs.len(), docs.len());
        }
        assert!(cache.vocab.names.iter().any(|t| t == "finalizer"));
        assert!(
            !flat(&cache.postings(&site("x", false), &assign_doc_ids(&site("x", false))))
                .iter()
                .any(|(t, _, _)| t == "finalizer"),
            "a token no document holds has no entry"
        );
    }

    #[test]
    fn cutting_lists_as_they_grow_keeps_what_one_cut_at_the_end_keeps() {
        // Three times the cap, with impacts of every strength, so lists are cut while merging.
        let docs: Vec<SearchDoc<'static>> = (0..3 * POSTING_CAP)
            .map(|i| {
                let pods = "pod ".repeat(1 + i * 7 % 5);
                let filler = "word ".repeat(i * 3 % 11);
                doc(&format!("a/#{i}"), "", &format!("{pods}{filler}"))
            })
            .collect();
        let doc_ids = assign_doc_ids(&docs);
        let postings = collect_postings(&docs, &doc_ids);
        let pod = postings.iter().find(|e| e.token == "pod").unwrap();
        // The same selection by brute force: every impact, strongest first, ties by id.
        let avg = average_len(&docs);
        let lens: Vec<u32> = docs
            .iter()
            .map(|d| {
                let mut n = 0;
                for_each_field(d, |text, w| for_each_token(text, |_| n += w));
                n
            })
            .collect();
        let mut all: Vec<(u32, u8)> = docs
            .iter()
            .zip(&doc_ids)
            .zip(&lens)
            .map(|((d, &id), &len)| {
                let tf = d.text.get().matches("pod").count() as u32;
                (id, impact(tf, len, avg))
            })
            .collect();
        let strengths: std::collections::BTreeSet<u8> = all.iter().map(|p| p.1).collect();
        assert!(strengths.len() > 2, "impacts vary: {strengths:?}");
        all.sort_by_key(|&(id, q)| (7 - q, id));
        all.truncate(POSTING_CAP);
        all.sort();
        assert_eq!(pod.df as usize, 3 * POSTING_CAP);
        assert_eq!(pod.list, all);
        assert_ne!(
            pod.list.last().map(|p| p.0),
            doc_ids.get(POSTING_CAP - 1).copied(),
            "the cut is by strength, not the first ids"
        );
    }

    #[test]
    fn the_length_estimate_is_close_to_the_token_count() {
        let d = doc(
            "a/#1",
            "監査ログ",
            "監査ログの出力が変わります。kube-apiserver の watch cache、PodLevelResources。ア",
        );
        let mut exact = 0;
        for_each_field(&d, |text, w| for_each_token(text, |_| exact += w));
        let approx = approx_len(&d);
        // CamelCase parts are the difference: the estimate counts words, not their parts.
        assert!(
            approx <= u64::from(exact) && approx * 10 >= u64::from(exact) * 8,
            "{approx} vs {exact}"
        );
    }

    #[test]
    fn id_values_normalize_like_the_query_side() {
        assert_eq!(id_value("PodLevelResources"), "podlevelresources");
        assert_eq!(id_value("Pod-Level Resources"), "podlevelresources");
        assert_eq!(id_value("３１５７"), "3157");
        assert_eq!(id_bucket_key("3157"), "#3157");
        assert_eq!(id_bucket_key("podlevelresources"), "pod");
    }

    #[test]
    fn kep_and_pr_with_one_number_share_a_bucket() {
        let ids = vec![
            IdEntry {
                key: "kep:3157".into(),
                url: "keps/3157/".into(),
                title: "KEP-3157".into(),
                detail: String::new(),
            },
            IdEntry {
                key: "pr:3157".into(),
                url: "articles/a/#li-1".into(),
                title: "#3157".into(),
                detail: String::new(),
            },
        ];
        let files = build(&[], &ids, &[]);
        let bits = payload(file(&files, "search/manifest.js"))[1]["ib"]
            .as_u64()
            .unwrap() as u32;
        let path = format!("search/i/{:x}.js", bucket("#3157", bits));
        let rows = &payload(file(&files, &path))[1]["i"];
        assert_eq!(rows.as_array().unwrap().len(), 2);
        assert_eq!(rows[0][0], "kep");
    }

    #[test]
    fn a_release_keeps_its_dot_and_a_bucket_of_its_own() {
        let entry = |key: &str| IdEntry {
            key: key.into(),
            url: format!("{key}/"),
            title: key.into(),
            detail: String::new(),
        };
        let ids = vec![entry("release:1.33"), entry("kep:133")];
        let files = build(&[], &ids, &[]);
        let bits = payload(file(&files, "search/manifest.js"))[1]["ib"]
            .as_u64()
            .unwrap() as u32;
        let rows = |key: &str| {
            let path = format!("search/i/{:x}.js", bucket(key, bits));
            payload(file(&files, &path))[1]["i"].clone()
        };
        let release = rows("@1.33");
        assert!(
            release
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r[0] == "release" && r[1] == "1.33"),
            "{release}"
        );
        // The number 133 is the KEP's alone.
        let number = rows("#133");
        assert!(
            number.as_array().unwrap().iter().all(|r| r[0] != "release"),
            "{number}"
        );
    }

    #[test]
    fn synonyms_are_filed_under_each_members_first_token() {
        let map = synonym_entries(&[("finalizer".into(), vec!["ファイナライザー".into()])]);
        assert_eq!(
            map["finalizer"],
            [(
                "finalizer".to_string(),
                vec!["ファイナライザー".to_string()]
            )]
        );
        assert_eq!(map["ファ"][0].1, ["finalizer"]);
    }

    #[test]
    fn completions_skip_numbers_and_short_tokens() {
        assert_eq!(completion_prefix("kubelet").as_deref(), Some("kub"));
        assert_eq!(completion_prefix("監査").as_deref(), Some("監"));
        assert_eq!(completion_prefix("31570"), None);
        assert_eq!(completion_prefix("pod"), None);
    }

    #[test]
    fn building_twice_gives_identical_bytes() {
        let docs = vec![
            doc("a/#1", "サイドカー", "sidecar containers サイドカー"),
            doc("b/#2", "watch cache", "watch cache の改善 #128266"),
        ];
        let syn = vec![(
            "finalizer".to_string(),
            vec!["ファイナライザー".to_string()],
        )];
        assert_eq!(build(&docs, &[], &syn), build(&docs, &[], &syn));
    }
}
