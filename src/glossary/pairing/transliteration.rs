//! Evidence (b), transliteration: every katakana candidate ranked against the English forms of
//! its bucket of leading consonants by [`romanize::similarity`](crate::glossary::romanize::similarity),
//! up to [`TRANSLIT_CHOICES`] English candidates per katakana term, each with its confidence
//! (formula in the module doc of [`pairing`](super)).
use super::english::EnglishForm;
use super::*;

pub(super) fn transliteration_confidence(
    sim: f32,
    context: Context,
    ambiguous: bool,
    consonants: usize,
) -> f32 {
    let mut c = 0.5 + 0.5 * ((sim - MIN_SIMILARITY) / (1.0 - MIN_SIMILARITY)).clamp(0.0, 1.0);
    c *= match context {
        Context::SameArticle => 1.0,
        Context::Corpus => 0.9,
        Context::Registry | Context::Curated => 0.85,
    };
    if ambiguous {
        c *= 0.7;
    }
    // Few consonants leave room for chance (`ツール` and `true` are both t-r).
    c *= match consonants {
        0..=2 => 0.75,
        3 => 0.9,
        _ => 1.0,
    };
    c
}

fn shares_article(a: &Candidate, articles: &[usize]) -> bool {
    a.articles.iter().any(|x| articles.binary_search(x).is_ok())
}

/// One English candidate for a katakana term.
pub(super) struct Translit {
    pub(super) ja_key: String,
    pub(super) form: usize,
    /// English forms that sound the same (`Fainalizer` next to `Finalizer`): kept as spellings.
    pub(super) equivalents: Vec<usize>,
    /// The katakana is the singular of what the articles write (`ベース` for `bases`): the term is
    /// shown in the singular, as a glossary lists words.
    pub(super) singular: bool,
    pub(super) evidence: Evidence,
}

/// Up to [`TRANSLIT_CHOICES`] English candidates per katakana term, best first.
const TRANSLIT_CHOICES: usize = 3;

pub(super) fn transliterations(corpus: &Corpus, forms: &[EnglishForm]) -> Vec<Translit> {
    let mut buckets: BTreeMap<(u8, u8), Vec<(usize, usize)>> = BTreeMap::new(); // → (form, key)
    for (fi, f) in forms.iter().enumerate() {
        for (ki, k) in f.keys.iter().enumerate() {
            if k.strong_len() >= 2 {
                buckets.entry(k.block_key()).or_default().push((fi, ki));
            }
        }
    }
    let kata: Vec<&Candidate> = corpus.of_kind(CandidateKind::Katakana).collect();
    use rayon::prelude::*;
    let per_kata: Vec<Vec<Translit>> = kata
        .par_iter()
        .map(|c| rank_for(c, forms, &buckets))
        .collect();
    per_kata.into_iter().flatten().collect()
}

fn rank_for(
    c: &Candidate,
    forms: &[EnglishForm],
    buckets: &BTreeMap<(u8, u8), Vec<(usize, usize)>>,
) -> Vec<Translit> {
    let key = romanize::kana_key(&c.surface);
    let n = key.strong_len();
    // Two-kana words seen once are as often onomatopoeia (`サラっと`) as loanwords.
    if n < 2 || (n == 2 && c.count < 2 && c.surface.chars().count() <= 2) {
        return Vec::new();
    }
    let Some(bucket) = buckets.get(&key.block_key()) else {
        return Vec::new();
    };
    let mut per_form: BTreeMap<usize, (f32, usize)> = BTreeMap::new(); // form → (sim, key)
    for &(fi, ki) in bucket {
        let k = &forms[fi].keys[ki];
        if k.strong_len().abs_diff(n) > (n / 3).max(2) {
            continue;
        }
        let s = romanize::similarity(&key, k);
        if s >= MIN_SIMILARITY {
            let e = per_form.entry(fi).or_insert((s, ki));
            if s > e.0 {
                *e = (s, ki);
            }
        }
    }
    let mut ranked: Vec<(f32, usize, usize)> = per_form
        .into_iter()
        .map(|(fi, (s, ki))| (s, fi, ki))
        .collect();
    // Highest similarity; ties go to the form seen more often, then to its spelling.
    ranked.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then(forms[b.1].count.cmp(&forms[a.1].count))
            .then(forms[a.1].compact.cmp(&forms[b.1].compact))
    });
    // Fold a misspelling (`Fainalizer`: same consonants, one letter off) into the better form.
    let mut groups: Vec<(f32, usize, Vec<usize>)> = Vec::new();
    for (s, fi, ki) in ranked {
        let syms = &forms[fi].keys[ki].syms;
        match groups.iter_mut().find(|g| {
            forms[g.1].keys.iter().any(|k| &k.syms == syms)
                && forms[fi].compact.len() >= 5
                && crate::text::levenshtein(&forms[g.1].compact, &forms[fi].compact) <= 1
        }) {
            Some(g) => g.2.push(fi),
            None => groups.push((s, fi, Vec::new())),
        }
    }
    let romaji = romanize::romanize(&c.surface);
    let mut out = Vec::new();
    for (rank, (sim, fi, equivalents)) in groups.iter().enumerate().take(TRANSLIT_CHOICES) {
        let f = &forms[*fi];
        let competitor = if rank == 0 {
            groups.get(1)
        } else {
            groups.first()
        };
        let runner_up = competitor.map(|g| (forms[g.1].display(), g.0));
        let ambiguous = runner_up.as_ref().is_some_and(|(_, s)| *s >= sim - 0.05);
        let context = if f.best_source == Context::Corpus && shares_article(c, &f.articles) {
            Context::SameArticle
        } else {
            f.best_source
        };
        let confidence = transliteration_confidence(*sim, context, ambiguous, n);
        // Read against the plural spellings as written, the katakana sounds less alike than
        // against their singular: the katakana is the singular (`リミット` is `limit`, though
        // the articles write `limits` more often than `limit`).
        let as_written = f
            .surfaces
            .keys()
            .filter(|s| romanize::singular(s).is_some())
            .map(|s| romanize::similarity(&key, &romanize::english_key(s)))
            .fold(0.0, f32::max);
        out.push(Translit {
            ja_key: c.key.clone(),
            form: *fi,
            equivalents: equivalents.clone(),
            singular: as_written + 1e-4 < *sim,
            evidence: Evidence::Transliteration {
                romaji: romaji.clone(),
                english: f.display(),
                similarity: *sim,
                context,
                runner_up,
                confidence,
            },
        });
    }
    out
}
