//! English forms: the English spellings of the corpus, the registry names and the curated terms,
//! folded so that spellings differing only in case, separators or a final plural
//! (`SidecarContainers`, `sidecar container`) are one form, each with its consonant keys for
//! transliteration and where it was seen (same article, corpus, registry, curated).
use super::*;

/// Spellings that differ only in case, separators or a final plural share this key:
/// `SidecarContainers`, `sidecar container` → `sidecarcontainer`.
pub fn english_compact(s: &str) -> String {
    let words: Vec<String> = romanize::split_identifier(s)
        .into_iter()
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let n = words.len();
    let mut out = String::new();
    for (i, w) in words.iter().enumerate() {
        match romanize::singular(w).filter(|_| i + 1 == n) {
            Some(one) => out.push_str(&one),
            None => out.push_str(w),
        }
    }
    out
}

/// `CSI`, `CRD`, `IP` in `IPAddress`.
pub(super) fn is_acronym(w: &str) -> bool {
    w.len() >= 2
        && w.chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

/// One capitalized word ending in a plural `s` (`Windows`, `Editors`), not `Pods` in
/// `PodsReady` nor `Ingress`.
fn is_capitalized_plural(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && chars.all(|c| c.is_ascii_lowercase())
        && romanize::singular(s).is_some()
}

fn is_title_case(s: &str) -> bool {
    s.split_whitespace()
        .all(|w| w.chars().next().is_some_and(|c| c.is_ascii_uppercase()))
}

pub(super) struct EnglishForm {
    pub(super) compact: String,
    pub(super) surfaces: BTreeMap<String, usize>,
    pub(super) count: usize,
    pub(super) articles: Vec<usize>,
    pub(super) best_source: Context,
    pub(super) keys: Vec<Key>,
}

impl EnglishForm {
    pub(super) fn display(&self) -> String {
        most_frequent(&self.surfaces)
    }
}

pub(super) fn english_forms(
    corpus: &Corpus,
    curated: &Terms,
    names: &[String],
) -> Vec<EnglishForm> {
    let mut forms: BTreeMap<String, EnglishForm> = BTreeMap::new();
    // `known_only`: add to a form that exists, never make one.
    let mut add =
        |surface: &str, count: usize, articles: &[usize], source: Context, known_only: bool| {
            let compact = english_compact(surface);
            if known_only && !forms.contains_key(&compact) {
                return;
            }
            // Acronyms are spelled out in Japanese (CSI = シーエスアイ), never transliterated.
            if compact.len() < 3
                || romanize::split_identifier(surface)
                    .iter()
                    .any(|w| is_acronym(w))
            {
                return;
            }
            let f = forms.entry(compact.clone()).or_insert_with(|| EnglishForm {
                compact,
                surfaces: BTreeMap::new(),
                count: 0,
                articles: Vec::new(),
                best_source: source,
                keys: Vec::new(),
            });
            *f.surfaces.entry(surface.to_string()).or_insert(0) += count.max(1);
            f.count += count;
            f.articles.extend_from_slice(articles);
            f.best_source = f.best_source.min(source);
        };
    let mut parts: Vec<(&str, usize, &[usize])> = Vec::new();
    for c in corpus.candidates.values() {
        match c.kind {
            CandidateKind::EnglishWord => {}
            // A lowercase phrase seen once is usually a piece of a sentence (`ttl node`);
            // Title Case (`Container Runtime`) names something.
            CandidateKind::EnglishPhrase
                if c.count < 2 && !c.surfaces.keys().any(|s| is_title_case(s)) =>
            {
                continue;
            }
            CandidateKind::EnglishPhrase => {}
            CandidateKind::Identifier => {
                for (s, n) in &c.surfaces {
                    for part in romanize::split_identifier(s) {
                        if part.len() >= 3 && !is_acronym(part) && !is_stop_word(part) {
                            parts.push((part, *n, &c.articles));
                        }
                    }
                }
            }
            _ => continue,
        }
        for (s, n) in &c.surfaces {
            add(s, *n, &c.articles, Context::Corpus, false);
        }
    }
    for n in names {
        add(n, 0, &[], Context::Registry, false);
    }
    for t in &curated.terms {
        for f in [t.en.as_str()]
            .into_iter()
            .chain(t.aliases.iter().map(String::as_str))
        {
            if f.is_ascii() {
                add(f, 0, &[], Context::Curated, false);
            }
        }
    }
    // The words of an identifier count for a form the articles also write on its own
    // (`MatchLabelKeys` → `Label`), but are no form by themselves: `Shares` of
    // `ConcurrencyShares` or `Breaking` of `…ClusterBreakingPotential` would pair with any
    // katakana of the same consonants (`シェル`, `ブロッキング`).
    for (part, n, articles) in parts {
        add(part, n, articles, Context::Corpus, true);
    }
    forms
        .into_values()
        .map(|mut f| {
            f.articles.sort_unstable();
            f.articles.dedup();
            // A capitalized plural the articles never write otherwise is a name (`Windows`):
            // its singular (`window`, ウィンドウ) is another word.
            let name = f.surfaces.keys().all(|s| is_capitalized_plural(s));
            let mut keys: Vec<Key> = f
                .surfaces
                .keys()
                .flat_map(|s| {
                    let keys = romanize::english_keys(s);
                    let n = if name { 1 } else { keys.len() };
                    keys.into_iter().take(n)
                })
                .collect();
            keys.sort();
            keys.dedup();
            f.keys = keys;
            f
        })
        .collect()
}
