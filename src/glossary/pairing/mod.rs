//! Automatic English↔Japanese pairing, each pair with its evidence and a confidence: step 2 of
//! the glossary build (after `candidates`, before the terms are merged in `glossary`).
//!
//! Takes the [`Corpus`] from `candidates`, the curated [`Terms`] and the English names of the
//! registry (feature gates, KEP titles); gives [`Pairing`]: the pairs, the frequent
//! candidates nobody paired (for curation), and abbreviations (`CRI (Container Runtime
//! Interface)`). Evidence (a) is read in `parens`, the English side of (b) is gathered in
//! `english` and ranked in `transliteration`; [`pair`] here puts it together.
//!
//! # Evidence
//!
//! **(a) Parentheses.** `Deprecation (非推奨になったAPI)`, `Goクライアントコード(client-go)`,
//! half- or full-width brackets, either order ([`parens_in`]). The English side is the run of
//! plain English words (at most five) right before `(` or the whole inside; the Japanese side
//! is the noun compound right before `(`, or the inside when it is a short noun phrase
//! (nouns joined by `の`, at most 12 characters); when the inside goes on with a verb
//! (`非推奨になったAPI`) only its leading noun compound is taken and the pair is marked
//! *trimmed*. Lists, versions, paths, numbers and `(?)` are not pairs, and neither are brackets
//! that explain rather than translate (`parens::is_gloss`): katakana that does not sound like
//! the English next to it (`サンドボックス(pause)`, `システム管理者（root）`), an abbreviation
//! next to katakana that starts with none of its letters (`VM(インスタンス)`), Japanese that
//! names the English again (`IP(宛先IPとして)`), one native word next to several English words
//! (`Job spec(仕様)`).
//!
//! **(b) Transliteration.** Each katakana candidate is romanized and compared
//! ([`romanize::similarity`]) with every English word, phrase and split identifier of the
//! corpus, the registry names and the curated English forms, within the same bucket of
//! leading consonants. English spellings that differ only in case, separators or a final
//! plural (`SidecarContainers`, `sidecar container`) are one *English form*. The best form at
//! similarity ≥ [`MIN_SIMILARITY`] is the pair; the next best are kept too (up to three
//! English candidates per katakana term in all) and compete with it when drafts are merged.
//!
//! **(c) Curation.** Curated entries always win: a pair whose sides both name one curated
//! term confirms it; a pair whose English names a curated term and whose Japanese is new is a
//! *variant* of that term; a pair that contradicts a curated term is kept only as a record
//! ([`PairStatus::Conflict`]), never as a term.
//!
//! # Confidence
//!
//! Every piece of evidence gets a confidence in [0, 1]; a pair's confidence is their
//! noisy-OR, `1 − Π(1 − cᵢ)` (independent witnesses; at most three parentheses count, since
//! copies of one article are not independent), capped at 0.99. Curated terms are 1.
//!
//! - parentheses: 0.8; × 0.75 when trimmed; then half the remaining doubt is removed when
//!   either side is seen elsewhere in the corpus too (`c ← 1 − (1 − c) × 0.5`).
//! - transliteration: `0.5 + 0.5 × (s − 0.85) / 0.15` for similarity `s`, so 0.85 → 0.5 and
//!   1.0 → 1.0; × 1.0 when the English form occurs in an article that also has the katakana,
//!   × 0.9 when only elsewhere in the corpus, × 0.85 when only in the registry or the
//!   curated data; × 0.7 when a different English form is within 0.05 of the best
//!   (ambiguous); × 0.75 when the katakana has two strong consonants or fewer (`ポッド`, `ログ`),
//!   × 0.9 when it has three.
//!
//! A new pair enters the glossary as an extracted term (a candidate) at
//! [`MIN_TERM_CONFIDENCE`] when its evidence makes it trustworthy ([`is_trustworthy`]: a sound
//! match of a compound must hold word by word); below that it stays in [`Pairing::pairs`] for
//! `shiori glossary suggest`. A new spelling of a curated term is recorded on that term as a
//! candidate variant at [`MIN_VARIANT_CONFIDENCE`]. Neither is linked from articles until a
//! person curates it.
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use crate::model::ids::TermId;
use crate::text::japanese::{WordRef, is_kana_or_kanji, is_katakana};

type Word<'t> = WordRef<'t>;

use super::candidates::{
    Candidate, CandidateKind, CandidateOccurrence, Corpus, is_stop_word, most_frequent,
};
use super::romanize::{self, Key};
use super::terms::{Terms, form_key};

mod english;
mod parens;
mod transliteration;

pub use english::english_compact;
use english::{english_forms, is_acronym};
pub use parens::parens_in;
use transliteration::transliterations;

pub const MIN_SIMILARITY: f32 = 0.85;
pub const MIN_TERM_CONFIDENCE: f32 = 0.6;
/// A discovered spelling of a curated term is recorded as a variant from here.
pub const MIN_VARIANT_CONFIDENCE: f32 = 0.85;
const PAREN_BASE: f32 = 0.8;
const MAX_PAREN_WITNESSES: usize = 3;
const MAX_EVIDENCE: usize = 6;
const MAX_UNPAIRED: usize = 300;

/// Which side stood outside the brackets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ParenOrder {
    /// `Deprecation (非推奨になったAPI)`
    EnglishFirst,
    /// `Goクライアントコード(client-go)`
    JapaneseFirst,
    /// `CRI (Container Runtime Interface)`: an abbreviation and its expansion.
    Abbreviation,
}

/// A pair read from brackets. For an abbreviation, `ja` holds the expansion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParenPair {
    pub en: String,
    pub ja: String,
    pub order: ParenOrder,
    pub trimmed: bool,
}

/// Whether a parenthesized pair puts a code name next to what it is rather than its
/// translation: a CamelCase identifier is kept as written or transliterated, never translated,
/// so Japanese that does not sound like it describes it (`コールバック関数(QueueingHint)`).
pub fn describes_identifier(p: &ParenPair) -> bool {
    !p.en.contains(' ')
        && super::candidates::is_identifier(&p.en)
        && romanize::match_score(&p.ja, &p.en) < MIN_SIMILARITY
}

/// Actions a Japanese section title adds to what it is about (`バグ修正`, `機能追加`).
const SECTION_ACTIONS: [(&str, &[&str]); 6] = [
    ("修正", &["fix"]),
    ("追加", &["add", "new"]),
    ("変更", &["change"]),
    ("改善", &["improve"]),
    ("削除", &["remov", "delet"]),
    ("更新", &["updat"]),
];

/// Whether a parenthesized pair in a heading is the two halves of a section title rather than
/// one term in two languages: its Japanese says more than its English, an action the English
/// does not name (`Bug or Regression (バグ修正)`, `Features (機能追加)`, `Others (その他修正)`)
/// or a phrase joined by `の` (`API Changes (API周りの変更)`). A pair whose halves sound
/// alike is a term wherever it stands (`サイドカーコンテナ (Sidecar Containers)`), and so is
/// a plain translation (`Deprecation (非推奨になったAPI)` → 非推奨).
pub fn section_title_pair(p: &ParenPair) -> bool {
    if romanize::match_score(&p.ja, &p.en) >= MIN_SIMILARITY {
        return false;
    }
    let en = p.en.to_ascii_lowercase();
    p.ja.contains('の')
        || SECTION_ACTIONS
            .iter()
            .any(|(action, words)| p.ja.ends_with(action) && !words.iter().any(|w| en.contains(w)))
}

/// Where an English form was seen, strongest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Context {
    SameArticle,
    Corpus,
    Registry,
    Curated,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Evidence {
    Parenthesized {
        article: usize,
        block: usize,
        snippet: String,
        order: ParenOrder,
        trimmed: bool,
        confidence: f32,
    },
    Transliteration {
        romaji: String,
        english: String,
        similarity: f32,
        context: Context,
        runner_up: Option<(String, f32)>,
        confidence: f32,
    },
}

impl Evidence {
    pub fn confidence(&self) -> f32 {
        match self {
            Evidence::Parenthesized { confidence, .. }
            | Evidence::Transliteration { confidence, .. } => *confidence,
        }
    }

    /// One line for people: what was seen and why it counts.
    pub fn describe(&self, article_slug: impl Fn(usize) -> String) -> String {
        match self {
            Evidence::Parenthesized {
                article,
                snippet,
                trimmed,
                confidence,
                ..
            } => format!(
                "parenthesized `{}` in {}{} ({confidence:.2})",
                snippet.replace('\n', " "),
                article_slug(*article),
                if *trimmed { ", trimmed" } else { "" }
            ),
            Evidence::Transliteration {
                romaji,
                english,
                similarity,
                context,
                runner_up,
                confidence,
            } => {
                let ctx = match context {
                    Context::SameArticle => "in the same article",
                    Context::Corpus => "elsewhere in the articles",
                    Context::Registry => "in the registry",
                    Context::Curated => "in the curated glossary",
                };
                let runner = runner_up
                    .as_ref()
                    .map(|(e, s)| format!("; next best `{e}` {s:.2}"))
                    .unwrap_or_default();
                format!(
                    "transliteration `{romaji}` ~ `{english}` (similarity {similarity:.2}, English seen {ctx}{runner}) ({confidence:.2})"
                )
            }
        }
    }
}

/// How a pair relates to the curated glossary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairStatus {
    /// Neither side is curated: a new (extracted) term.
    New,
    /// Both sides are forms of this curated term.
    Confirms(TermId),
    /// The English names this curated term; the Japanese is a spelling it does not list.
    Variant(TermId),
    /// Contradicts this curated term (curation wins; the pair is not used).
    Conflict(TermId),
}

#[derive(Debug, Clone)]
pub struct Pair {
    pub en: String,
    pub ja: String,
    /// Other English and Japanese spellings folded into this pair.
    pub en_forms: Vec<String>,
    pub ja_forms: Vec<String>,
    /// How often the Japanese side occurs (0 when only seen in brackets).
    pub count: usize,
    pub evidence: Vec<Evidence>,
    pub confidence: f32,
    pub status: PairStatus,
    /// The first occurrence of the Japanese side and its sentence.
    pub example: Option<CandidateOccurrence>,
    pub example_sentence: String,
}

/// A frequent candidate with no pair and no curated entry.
#[derive(Debug, Clone)]
pub struct Unpaired {
    pub kind: CandidateKind,
    pub surface: String,
    pub count: usize,
    pub article_count: usize,
    pub example: Option<CandidateOccurrence>,
    pub example_sentence: String,
}

#[derive(Debug, Clone)]
pub struct Abbreviation {
    pub short: String,
    pub long: String,
    pub count: usize,
}

#[derive(Debug, Clone, Default)]
pub struct Pairing {
    /// Sorted by confidence (highest first), then Japanese.
    pub pairs: Vec<Pair>,
    /// Sorted by count (highest first), then surface.
    pub unpaired: Vec<Unpaired>,
    pub abbreviations: Vec<Abbreviation>,
}

// Putting it together: drafts from both kinds of evidence, merged per Japanese key, checked
// against the curated terms.

fn noisy_or(evidence: &[Evidence]) -> f32 {
    let mut doubt = 1.0;
    let mut parens = 0;
    for e in evidence {
        if matches!(e, Evidence::Parenthesized { .. }) {
            parens += 1;
            if parens > MAX_PAREN_WITNESSES {
                continue;
            }
        }
        doubt *= 1.0 - e.confidence();
    }
    (1.0 - doubt).min(0.99)
}

struct Draft {
    ja_key: String,
    en_surfaces: BTreeMap<String, usize>,
    ja_surfaces: BTreeMap<String, usize>,
    evidence: Vec<Evidence>,
    paren_count: usize,
}

fn draft<'a>(
    drafts: &'a mut BTreeMap<(String, String), Draft>,
    ja_key: &str,
    en_compact: &str,
) -> &'a mut Draft {
    drafts
        .entry((ja_key.to_string(), en_compact.to_string()))
        .or_insert_with(|| Draft {
            ja_key: ja_key.to_string(),
            en_surfaces: BTreeMap::new(),
            ja_surfaces: BTreeMap::new(),
            evidence: Vec::new(),
            paren_count: 0,
        })
}

/// Pairs the corpus; see the module doc.
pub fn pair(corpus: &Corpus, curated: &Terms, english_names: &[String]) -> Pairing {
    let forms = english_forms(corpus, curated, english_names);
    let form_by_compact: BTreeMap<&str, usize> = forms
        .iter()
        .enumerate()
        .map(|(i, f)| (f.compact.as_str(), i))
        .collect();
    let mut drafts: BTreeMap<(String, String), Draft> = BTreeMap::new();
    // (b) transliteration
    for t in transliterations(corpus, &forms) {
        let c = corpus
            .get(CandidateKind::Katakana, &t.ja_key)
            .expect("a scanned candidate");
        let f = &forms[t.form];
        let d = draft(&mut drafts, &t.ja_key, &f.compact);
        for (s, n) in &c.surfaces {
            *d.ja_surfaces.entry(s.clone()).or_insert(0) += n;
        }
        for (s, n) in &f.surfaces {
            // Shown in the singular; the articles' plural stays a spelling the matcher finds.
            match romanize::singular(s).filter(|_| t.singular) {
                Some(one) => {
                    *d.en_surfaces.entry(one).or_insert(0) += n;
                    d.en_surfaces.entry(s.clone()).or_insert(0);
                }
                None => *d.en_surfaces.entry(s.clone()).or_insert(0) += n,
            }
        }
        for &e in &t.equivalents {
            for s in forms[e].surfaces.keys() {
                d.en_surfaces.entry(s.clone()).or_insert(0);
            }
        }
        d.evidence.push(t.evidence);
    }

    // (a) parentheses
    let mut abbreviations: BTreeMap<(String, String), Abbreviation> = BTreeMap::new();
    for found in &corpus.parens {
        let p = &found.pair;
        if p.order == ParenOrder::Abbreviation {
            abbreviations
                .entry((p.en.clone(), p.ja.to_ascii_lowercase()))
                .or_insert_with(|| Abbreviation {
                    short: p.en.clone(),
                    long: p.ja.clone(),
                    count: 0,
                })
                .count += 1;
            continue;
        }
        let ja_key = form_key(&p.ja);
        let en_compact = english_compact(&p.en);
        if ja_key.is_empty() || en_compact.len() < 2 {
            continue;
        }
        if parens::is_gloss(p, &found.snippet) {
            continue;
        }
        let mut c = PAREN_BASE;
        if p.trimmed {
            c *= 0.75;
        }
        let seen_elsewhere = [CandidateKind::Katakana, CandidateKind::NounCompound]
            .iter()
            .any(|&k| corpus.get(k, &ja_key).is_some_and(|x| x.count >= 2))
            || form_by_compact
                .get(en_compact.as_str())
                .is_some_and(|&i| forms[i].count >= 2);
        if seen_elsewhere {
            c = 1.0 - (1.0 - c) * 0.5;
        }
        let d = draft(&mut drafts, &ja_key, &en_compact);
        *d.ja_surfaces.entry(p.ja.clone()).or_insert(0) += 1;
        *d.en_surfaces.entry(p.en.clone()).or_insert(0) += 1;
        d.paren_count += 1;
        if d.paren_count <= MAX_EVIDENCE {
            d.evidence.push(Evidence::Parenthesized {
                article: found.at.article,
                block: found.at.block,
                snippet: found.snippet.clone(),
                order: p.order,
                trimmed: p.trimmed,
                confidence: c,
            });
        }
    }

    // One-to-one, most confident first: a Japanese term gets one English form, and an English
    // form one Japanese term, unless the second is a spelling variant of the first
    // (`インターフェース`/`インターフェイス`).
    let mut order: Vec<((String, String), f32)> = drafts
        .iter()
        .map(|(k, d)| (k.clone(), noisy_or(&d.evidence)))
        .collect();
    order.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut ja_taken: BTreeSet<String> = BTreeSet::new();
    let mut en_owner: BTreeMap<String, String> = BTreeMap::new(); // en compact → first ja key
    let mut by_en: BTreeMap<String, Vec<Draft>> = BTreeMap::new();
    for (k, _) in order {
        let (ja_key, en_compact) = &k;
        if ja_taken.contains(ja_key) {
            continue;
        }
        if let Some(owner) = en_owner.get(en_compact)
            && !is_spelling_variant(owner, ja_key, corpus)
        {
            continue;
        }
        ja_taken.insert(ja_key.clone());
        en_owner
            .entry(en_compact.clone())
            .or_insert_with(|| ja_key.clone());
        let d = drafts.remove(&k).expect("each draft is visited once");
        by_en.entry(en_compact.clone()).or_default().push(d);
    }
    let mut pairs: Vec<Pair> = by_en
        .into_values()
        .map(|ds| merge_drafts(ds, corpus, curated))
        .collect();
    pairs.sort_by(|a, b| {
        b.confidence
            .total_cmp(&a.confidence)
            .then(a.ja.cmp(&b.ja))
            .then(a.en.cmp(&b.en))
    });

    let unpaired = unpaired(corpus, curated, &pairs, english_names);
    let mut abbreviations: Vec<Abbreviation> = abbreviations.into_values().collect();
    abbreviations.sort_by(|a, b| b.count.cmp(&a.count).then(a.short.cmp(&b.short)));
    Pairing {
        pairs,
        unpaired,
        abbreviations,
    }
}

fn merge_drafts(mut ds: Vec<Draft>, corpus: &Corpus, curated: &Terms) -> Pair {
    let mut en_s: BTreeMap<String, usize> = BTreeMap::new();
    let mut ja_s: BTreeMap<String, usize> = BTreeMap::new();
    let mut evidence = Vec::new();
    let mut count = 0;
    let mut example = None;
    let mut example_sentence = String::new();
    ds.sort_by(|a, b| {
        noisy_or(&b.evidence)
            .total_cmp(&noisy_or(&a.evidence))
            .then(a.ja_key.cmp(&b.ja_key))
    });
    for d in &ds {
        for (s, n) in &d.en_surfaces {
            *en_s.entry(s.clone()).or_insert(0) += n;
        }
        for (s, n) in &d.ja_surfaces {
            *ja_s.entry(s.clone()).or_insert(0) += n;
        }
        if let Some(c) = [CandidateKind::Katakana, CandidateKind::NounCompound]
            .iter()
            .find_map(|&k| corpus.get(k, &d.ja_key))
        {
            count += c.count;
            if example.is_none() {
                example = c.occurrences.first().cloned();
                example_sentence = c.example.clone();
            }
        }
    }
    // The pair's confidence and its display forms are those of its best-supported spelling.
    let best = &ds[0];
    let confidence = noisy_or(&best.evidence);
    let best_en = best.en_surfaces.clone();
    let best_ja = best.ja_surfaces.clone();
    for d in ds {
        evidence.extend(d.evidence);
    }
    evidence.truncate(MAX_EVIDENCE);
    let en = most_frequent(&best_en);
    let ja = most_frequent(&best_ja);
    let en_forms: Vec<String> = en_s.keys().filter(|s| **s != en).cloned().collect();
    let ja_forms: Vec<String> = ja_s.keys().filter(|s| **s != ja).cloned().collect();
    let status = status_of(&ja, &ja_forms, &en, &en_forms, curated);
    Pair {
        en,
        ja,
        en_forms,
        ja_forms,
        count,
        evidence,
        confidence,
        status,
        example,
        example_sentence,
    }
}

/// Whether a new pair's evidence is strong enough to show it as a candidate (in the index, on
/// a term page, in tooltips and search synonyms). A pair that is not stays in
/// [`Pairing::pairs`], so `shiori glossary suggest` still offers it to a curator.
///
/// Brackets an author wrote state that the two sides mean one thing (brackets that explain
/// rather than translate never get this far: `parens::is_gloss`). A match by sound is shown
/// when it also holds word by word ([`romanize::matches_word_by_word`]): the skeleton of a
/// whole compound can be close to a phrase one of whose words the katakana does not say
/// (`ネットワークフロー` ~ `Network File`).
pub fn is_trustworthy(p: &Pair) -> bool {
    p.evidence.iter().any(|e| match e {
        Evidence::Parenthesized { .. } => true,
        Evidence::Transliteration { english, .. } => std::iter::once(&p.ja)
            .chain(&p.ja_forms)
            .any(|ja| romanize::matches_word_by_word(ja, english)),
    })
}

/// Two Japanese keys are spellings of one word: equal after folding, or katakana that sounds
/// the same (`インターフェース`/`インターフェイス`).
fn is_spelling_variant(a: &str, b: &str, corpus: &Corpus) -> bool {
    if a == b {
        return true;
    }
    let surface = |k: &str| {
        corpus
            .get(CandidateKind::Katakana, k)
            .map(|c| c.surface.clone())
    };
    let (Some(x), Some(y)) = (surface(a), surface(b)) else {
        return false;
    };
    // Same consonants (long vowels aside) and nearly the same vowels: `フェース`/`フェイス`
    // are one word, `ラベル`/`レベル` are two.
    let (kx, ky) = (romanize::kana_key(&x), romanize::kana_key(&y));
    let strong = |k: &romanize::Key| -> Vec<romanize::Sym> {
        k.syms
            .iter()
            .copied()
            .filter(|s| !matches!(s, romanize::Sym::OptR | romanize::Sym::Long))
            .collect()
    };
    strong(&kx) == strong(&ky) && romanize::same_vowels(&kx, &ky) >= 0.75
}

fn status_of(
    ja: &str,
    ja_forms: &[String],
    en: &str,
    en_forms: &[String],
    curated: &Terms,
) -> PairStatus {
    let find = |main: &str, others: &[String]| {
        std::iter::once(main)
            .chain(others.iter().map(String::as_str))
            .find_map(|s| curated.lookup(s))
            .map(|t| t.id.clone())
    };
    match (find(ja, ja_forms), find(en, en_forms)) {
        (None, None) => PairStatus::New,
        (Some(a), Some(b)) if a == b => PairStatus::Confirms(a),
        (None, Some(b)) => PairStatus::Variant(b),
        (Some(a), _) => PairStatus::Conflict(a),
    }
}

fn unpaired(
    corpus: &Corpus,
    curated: &Terms,
    pairs: &[Pair],
    english_names: &[String],
) -> Vec<Unpaired> {
    let mut used: BTreeSet<String> = BTreeSet::new();
    for p in pairs {
        for s in std::iter::once(&p.ja).chain(&p.ja_forms) {
            used.insert(form_key(s));
        }
        for s in std::iter::once(&p.en).chain(&p.en_forms) {
            used.insert(s.to_ascii_lowercase());
        }
    }
    let names: BTreeSet<String> = english_names
        .iter()
        .map(|n| n.to_ascii_lowercase())
        .collect();
    let mut out: Vec<Unpaired> = corpus
        .candidates
        .values()
        .filter(|c| match c.kind {
            CandidateKind::Katakana | CandidateKind::NounCompound => c.count >= 2,
            CandidateKind::EnglishPhrase => c.count >= 2,
            CandidateKind::Identifier => c.count >= 2 && !names.contains(&c.key),
            CandidateKind::EnglishWord => false,
        })
        .filter(|c| !used.contains(&c.key) && curated.lookup(&c.surface).is_none())
        .map(|c| Unpaired {
            kind: c.kind,
            surface: c.surface.clone(),
            count: c.count,
            article_count: c.article_count,
            example: c.occurrences.first().cloned(),
            example_sentence: c.example.clone(),
        })
        .collect();
    out.sort_by(|a, b| b.count.cmp(&a.count).then(a.surface.cmp(&b.surface)));
    out.truncate(MAX_UNPAIRED);
    out
}

#[cfg(test)]
mod tests {
    use super::transliteration::transliteration_confidence;
    use super::*;

    fn gloss(en: &str, ja: &str, order: ParenOrder, snippet: &str) -> bool {
        let p = ParenPair {
            en: en.into(),
            ja: ja.into(),
            order,
            trimmed: false,
        };
        parens::is_gloss(&p, snippet)
    }

    #[test]
    fn brackets_that_explain_are_no_pairs() {
        use ParenOrder::*;
        // An abbreviation next to katakana that opens with none of its letters.
        assert!(gloss(
            "VM",
            "インスタンス",
            EnglishFirst,
            "VM(インスタンス)"
        ));
        assert!(gloss(
            "SID",
            "バイナリセキュリティ識別子",
            JapaneseFirst,
            "バイナリセキュリティ識別子（SID）"
        ));
        // A loanword inside the Japanese that is no part of the English.
        assert!(gloss(
            "root",
            "システム管理者",
            JapaneseFirst,
            "システム管理者（root）"
        ));
        assert!(gloss(
            "pause",
            "サンドボックス",
            JapaneseFirst,
            "サンドボックス(pause)"
        ));
        // The Japanese inside names the English again: what it is used as.
        assert!(gloss("IP", "宛先", EnglishFirst, "IP(宛先IPとして)"));
        // One native word against a phrase: it glosses one of its words.
        assert!(gloss("Job spec", "仕様", EnglishFirst, "Job spec(仕様)"));
        // Translations and expansions stay pairs.
        for (en, ja, order, snippet) in [
            (
                "SAM",
                "セキュリティアカウントマネージャー",
                JapaneseFirst,
                "セキュリティアカウントマネージャー(SAM)",
            ),
            ("OOM", "メモリ不足", JapaneseFirst, "メモリ不足(OOM)"),
            (
                "UDR",
                "ユーザー定義ルート",
                JapaneseFirst,
                "ユーザー定義ルート(UDR)",
            ),
            ("CA", "認証局", JapaneseFirst, "認証局(CA)"),
            (
                "Indexed",
                "インデックス付き",
                JapaneseFirst,
                "インデックス付き(Indexed)",
            ),
            ("Running", "実行中", EnglishFirst, "Running(実行中)"),
            (
                "load balancing",
                "負荷分散",
                EnglishFirst,
                "load balancing(負荷分散)",
            ),
            (
                "Volume Expansion",
                "ボリューム拡張",
                JapaneseFirst,
                "ボリューム拡張(Volume Expansion)",
            ),
        ] {
            assert!(!gloss(en, ja, order, snippet), "{snippet}");
        }
    }

    fn parens(text: &str) -> Vec<(String, String, ParenOrder, bool)> {
        let words = if text.chars().any(is_kana_or_kanji) {
            crate::text::japanese::word_refs(text)
        } else {
            Vec::new()
        };
        parens_in(text, &words)
            .into_iter()
            .map(|(p, _)| (p.en, p.ja, p.order, p.trimmed))
            .collect()
    }

    fn one(
        en: &str,
        ja: &str,
        order: ParenOrder,
        trimmed: bool,
    ) -> Vec<(String, String, ParenOrder, bool)> {
        vec![(en.to_string(), ja.to_string(), order, trimmed)]
    }

    use ParenOrder::*;

    #[test]
    fn english_then_japanese_in_brackets() {
        assert_eq!(
            parens("Deprecation (非推奨になったAPI)"),
            one("Deprecation", "非推奨", EnglishFirst, true)
        );
        assert_eq!(
            parens("🌏 API Changes (API周りの変更)"),
            one("API Changes", "API周りの変更", EnglishFirst, false)
        );
        assert_eq!(
            parens("✨ Features（機能追加）"),
            one("Features", "機能追加", EnglishFirst, false)
        );
        assert_eq!(
            parens("Bug or Regression (バグ修正)"),
            one("Bug or Regression", "バグ修正", EnglishFirst, false)
        );
    }

    #[test]
    fn japanese_then_english_in_brackets() {
        assert_eq!(
            parens("Go クライアントコード(client-go)ライブラリ"),
            one("client-go", "クライアントコード", JapaneseFirst, false)
        );
        assert_eq!(
            parens("監査ログ（audit log）を見る"),
            one("audit log", "監査ログ", JapaneseFirst, false)
        );
        assert_eq!(
            parens("削除保護ファイナライザー (finalizer) を通じて"),
            one("finalizer", "ファイナライザー", JapaneseFirst, false)
        );
    }

    #[test]
    fn abbreviations_are_not_translations() {
        assert_eq!(
            parens("CRI (Container Runtime Interface) は"),
            one("CRI", "Container Runtime Interface", Abbreviation, false)
        );
        assert_eq!(
            parens("Classic Dynamic Resource Allocation (DRA) のサポート"),
            one("DRA", "Dynamic Resource Allocation", Abbreviation, false)
        );
        assert_eq!(
            parens("UVM (Utility VM) の"),
            one("UVM", "Utility VM", Abbreviation, false)
        );
        assert_eq!(
            parens("PodDisruptionBudget (PDB) 用の"),
            one("PDB", "PodDisruptionBudget", Abbreviation, false)
        );
        assert!(parens("UUID (JTI) が含まれ").is_empty());
    }

    #[test]
    fn explanations_lists_versions_and_numbers_are_not_pairs() {
        for text in [
            "runtime class (コンテナランタイムの設定を指定する機能) ごとに",
            "形式(protobuf、JSON、CBOR など)でエンコード",
            "サブプロトコル バージョン (v5.channel.k8s.io) を使用",
            "更新してください。 (#128266)",
            "待望の(?)MutatingAdmissionPolicy",
            "正常 (準備完了) ではない",
            "ログストリーム(stdoutまたはstderr)をリクエスト",
            "フィールド名として (CEL) 予約語",
            "検証されるようになりました(EnableStrict)。",
            "406 (Not Acceptable) エラー",
            "Fedora (31以降)",
            "Nacho (右)",
            "(KEP 3962: mutating admission policy)",
        ] {
            assert!(parens(text).is_empty(), "{text}: {:?}", parens(text));
        }
    }

    fn pairs_of(markdown: &str) -> Vec<(String, String)> {
        let d = crate::parse::blocks::parse(markdown, 1);
        let slug = crate::model::ids::Slug::parse("a").unwrap();
        let corpus = super::super::candidates::scan(&[(&slug, &d)]);
        pair(&corpus, &Terms::empty(), &[])
            .pairs
            .into_iter()
            .map(|p| (p.ja, p.en))
            .collect()
    }

    #[test]
    fn katakana_that_does_not_sound_like_the_english_explains_it() {
        let got = pairs_of("WordPress (ウェブアプリケーション) と サンドボックス(pause)コンテナ\n");
        assert!(
            !got.iter()
                .any(|(ja, _)| ja == "ウェブアプリケーション" || ja == "サンドボックス"),
            "{got:?}"
        );
        let got = pairs_of("監査ログ（audit log）を見る\n");
        assert_eq!(got, [("監査ログ".to_string(), "audit log".to_string())]);
    }

    #[test]
    fn a_capitalized_plural_is_a_name_not_the_plural_of_its_loanword() {
        // `Windows` is the system, ウィンドウ a window: the singular is not tried for a word the
        // articles only write capitalized and plural...
        let got = pairs_of(
            "Windows ノードではウィンドウを使います。Windows のコンテナとウィンドウの設定。\n",
        );
        assert!(!got.iter().any(|(ja, _)| ja == "ウィンドウ"), "{got:?}");
        // ...while a plural also written in lowercase is one.
        let got = pairs_of("windows を開き、ウィンドウを閉じます。Windows のウィンドウ。\n");
        assert!(got.iter().any(|(ja, _)| ja == "ウィンドウ"), "{got:?}");
    }

    #[test]
    fn katakana_sounding_like_an_english_function_word_is_not_its_translation() {
        // A bilingual memo quotes English prose: `many` and `later` are no terms, and マナー
        // (manner) and ライター (writer) are other words.
        let got = pairs_of(
            "Many users upgrade later.\n\n共通のマナーに沿って書きます。ライターの記事。マナーを守る。ライターが書く。\n",
        );
        assert!(
            !got.iter().any(|(ja, _)| ja == "マナー" || ja == "ライター"),
            "{got:?}"
        );
    }

    #[test]
    fn katakana_for_a_plural_is_shown_in_the_singular() {
        // ベース is `base`: the articles write only `bases`, and the term is listed as a
        // glossary lists words; `metrics` is what メトリクス says, plural and all.
        let got = pairs_of("複数の bases を持ちます。ベースを選びます。ベースの設定。\n");
        assert!(
            got.contains(&("ベース".to_string(), "base".to_string())),
            "{got:?}"
        );
        // ...also where the articles write the plural more often than the singular.
        let got = pairs_of("limits と limits と limit。リミットを決めます。リミットの値。\n");
        assert!(
            got.contains(&("リミット".to_string(), "limit".to_string())),
            "{got:?}"
        );
        let got = pairs_of("metrics を集めます。メトリクスを見ます。メトリクスの一覧。\n");
        assert!(
            got.contains(&("メトリクス".to_string(), "metrics".to_string())),
            "{got:?}"
        );
    }

    #[test]
    fn english_spellings_share_a_compact_key() {
        assert_eq!(english_compact("SidecarContainers"), "sidecarcontainer");
        assert_eq!(english_compact("sidecar container"), "sidecarcontainer");
        assert_eq!(english_compact("Policies"), "policy");
        assert_eq!(english_compact("kube-apiserver"), "kubeapiserver");
        assert_eq!(english_compact("status"), "status");
    }

    #[test]
    fn confidence_follows_the_documented_formula() {
        assert!(
            (transliteration_confidence(1.0, Context::SameArticle, false, 5) - 1.0).abs() < 1e-6
        );
        assert!(
            (transliteration_confidence(0.85, Context::SameArticle, false, 5) - 0.5).abs() < 1e-6
        );
        assert!((transliteration_confidence(1.0, Context::Corpus, true, 5) - 0.63).abs() < 1e-6);
        assert!(
            (transliteration_confidence(1.0, Context::SameArticle, false, 2) - 0.75).abs() < 1e-6
        );
        let e = |c| Evidence::Transliteration {
            romaji: String::new(),
            english: String::new(),
            similarity: 1.0,
            context: Context::Corpus,
            runner_up: None,
            confidence: c,
        };
        assert!((noisy_or(&[e(0.5), e(0.5)]) - 0.75).abs() < 1e-6);
        assert_eq!(noisy_or(&[e(1.0)]), 0.99);
    }
}
