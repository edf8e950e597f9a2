//! Katakana → romaji, and how well a katakana loanword matches an English word, phrase or
//! CamelCase identifier.
//!
//! Two outputs per side:
//!
//! - [`romanize`] gives readable Hepburn-style romaji (`ファイナライザー` → `fainaraizaa`), shown
//!   as evidence next to an automatic pair.
//! - [`kana_key`] and [`english_key`] give a *consonant skeleton* of [`Sym`]s, which is what is
//!   compared. Katakana adds a vowel after every consonant (`クラスター` = ku-ra-su-tā) and
//!   English spells vowels irregularly, so vowels are dropped on both sides; what stays are
//!   consonant classes folded the way loanwords fold them: l/r → `R`, v/b → `B`, th/s/sh → `S`,
//!   soft c → `S`, soft g → `J`, ph → `F`. Two marks keep the cheap differences cheap:
//!   the long-vowel mark `ー` and an English post-vocalic `r` (`-er`, `-ar`, `gar-`) both become
//!   `OptR`, which matches `r`/`OptR` for free and costs little to drop (`コレクター` ↔
//!   `collector`, `ポリシー` ↔ `policy`); a leading vowel becomes `V`.
//!
//! [`similarity`] is a weighted edit distance over the two skeletons, normalized to [0, 1]:
//! same class 0, related classes (k/g, t/d, s/z, f/h, n/m, ...) 0.3–0.5, `OptR` 0.2, a
//! weak `V`/`H`/`W` 0.5, anything else 1. Short skeletons (two strong consonants or fewer, like
//! `ポッド` = p-d) must match exactly and agree on their first vowel, because one substitution
//! there is half the word (`ポッド` ↔ `node` is 0.5 and must not pair). Where the skeleton is
//! silent, the vowels decide: a consonant `y` is written ヤ/ユ/ヨ/イ, a first vowel spelled long
//! is not cut short by ッ, and a `ー` inside the katakana needs an English vowel that may be
//! heard long (the consonants aligned as the edit distance aligns them), and キャ/ギャ are an `a`.
//!
//! Where it sits: `pairing` calls [`kana_key`] on every katakana candidate and [`english_keys`]
//! on every English word, phrase and identifier of the corpus; [`Key::block_key`] is the bucket
//! that keeps that comparison from being quadratic.

/// One symbol of a consonant skeleton.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Sym {
    P,
    B,
    T,
    D,
    K,
    G,
    S,
    /// sh: シ, English `sh`, `-tion`, `-sion`, `si`/`ci` before a vowel sound.
    X,
    Z,
    J,
    /// ch, チ.
    C,
    F,
    H,
    M,
    N,
    R,
    W,
    /// A long vowel (ー) or an English post-vocalic r: matches `R` for free, cheap to drop.
    OptR,
    /// A katakana word ending in a long vowel (`ポリシー`, `コレクター`): the English usually ends
    /// in -er/-or/-y/-ee there, so dropping it costs more than a long vowel inside the word.
    Long,
    /// The word starts with a vowel.
    V,
}

impl Sym {
    fn is_strong(self) -> bool {
        !matches!(self, Sym::OptR | Sym::Long | Sym::V | Sym::W)
    }

    fn indel_cost(self) -> f32 {
        match self {
            Sym::OptR => 0.2,
            Sym::Long => 0.6,
            Sym::V | Sym::H | Sym::W => 0.8,
            _ => 1.0,
        }
    }

    /// Class used for blocking: related consonants share a bucket so the comparison still
    /// sees `k`/`g` or `t`/`d` variants.
    fn block_class(self) -> u8 {
        match self {
            Sym::P | Sym::B => 0,
            Sym::T | Sym::D | Sym::C => 1,
            Sym::K | Sym::G => 2,
            Sym::S | Sym::X | Sym::Z | Sym::J => 3,
            Sym::F | Sym::H => 4,
            Sym::M | Sym::N => 5,
            Sym::R | Sym::OptR | Sym::Long => 6,
            Sym::W => 7,
            Sym::V => 8,
        }
    }
}

fn subst_cost(a: Sym, b: Sym) -> f32 {
    use Sym::*;
    if a == b {
        return 0.0;
    }
    let pair = if a <= b { (a, b) } else { (b, a) };
    match pair {
        (OptR, Long) => 0.0,
        // A long vowel stands for an English r only after a vowel (`-er`, `gar-`); against a
        // real r or l (`split` vs `サポート`) it is a different sound.
        (R, OptR) | (R, Long) => 0.7,
        (S, Z) | (Z, J) | (F, H) => 0.3,
        (T, D) | (K, G) | (P, B) | (N, M) | (S, C) | (T, C) | (D, J) | (G, J) => 0.4,
        (S, X) | (X, J) | (X, C) => 0.4,
        (S, J) | (F, P) | (B, W) | (T, S) | (C, J) => 0.5,
        _ => 1.0,
    }
}

/// A consonant skeleton plus the vowels as heard (epenthetic katakana vowels and silent
/// English ones left out).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key {
    pub syms: Vec<Sym>,
    pub vowels: Vec<char>,
    /// Made from katakana (vowel agreement is read English → katakana).
    pub kana: bool,
    /// The word ends on a vowel that is heard: English `committee`, `data`, `policy`,
    /// `balancer` (a final `-er` is ー or ア in katakana); katakana `コミッティー`, `データ`,
    /// `バランサー`, but not `コミット` or `バランス`, whose last vowel only carries the consonant.
    pub open_end: bool,
    /// How the word opens, where the consonant skeleton is silent: English opens with a
    /// consonant `y` (`yaml`, `yes`, `yield`); katakana opens with a mora of the ア or ヤ row
    /// (ヤ, ユ, ヨ, イ, エ), which is how a `y` is written (ヤムル, イエス, イールド).
    pub y_onset: bool,
    /// The first vowel's length: English spells it long with two letters or a silent `e`
    /// (`reason`, `seed`, `mail`, `boat`, `make`); katakana closes its syllable with ッ, which
    /// only follows a short vowel (`リッスン` is `listen`, not `reason`).
    pub first_long: bool,
    /// English only, one per symbol: whether the vowel after this consonant may be heard long
    /// ([`vowel_may_be_long`]); what a katakana `ー` after the same consonant needs.
    pub long_after: Vec<bool>,
    /// How the word opens on its first two consonants, which the skeleton does not say
    /// (`scale` and `secure` are both s-k-r); see [`Onset`].
    pub onset: Onset,
}

/// How a word opens, where a consonant cluster and a consonant-vowel-consonant look the same
/// in the skeleton.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Onset {
    /// Two consonants an English word can begin with, together ([`cluster_syms`]: `sk`, `st`,
    /// `pr`, `cl`, `thr`, `shr`). Katakana writes them with the carrier vowel of its first mora
    /// (`ス`ケール, `ト`ラフィック, `プ`ル), given here; English gives `None`.
    Cluster(Option<char>),
    /// A vowel heard after the first consonant (`secure`, `セ`キュア): the English vowel letter,
    /// or the katakana vowel.
    Vowel(char),
    /// A vowel first, one consonant, or letters that say nothing here (`cgroup`, `switch`).
    Other,
}

/// Whether consonants `a` then `b` open an English word together: `s` before k, p, t, m, n
/// or l (`sk`, `sp`, `st`, `sm`, `sn`, `sl`), and a stop or `f`, `th`, `sh` before `r` or `l`
/// (`pr`, `bl`, `cl`, `gr`, `fl`, `tr`, `dr`, `thr`, `shr`). The symbols are the skeleton's,
/// so `l` is `R` and `th` is `S`.
fn cluster_syms(a: Sym, b: Sym) -> bool {
    use Sym::*;
    matches!(
        (a, b),
        (S, K | P | T | M | N | R) | (P | B | K | G | F | T | D | X, R)
    )
}

impl Key {
    pub fn strong_len(&self) -> usize {
        self.syms.iter().filter(|s| s.is_strong()).count()
    }

    /// Bucket for blocking: the classes of the first two strong consonants. Two keys in
    /// different buckets are never compared.
    pub fn block_key(&self) -> (u8, u8) {
        let mut it = self
            .syms
            .iter()
            .filter(|s| s.is_strong())
            .map(|s| s.block_class());
        (it.next().unwrap_or(9), it.next().unwrap_or(9))
    }

    pub fn is_empty(&self) -> bool {
        self.syms.is_empty()
    }

    pub fn first_vowel(&self) -> Option<char> {
        self.vowels.first().copied()
    }
}

/// Weight of the vowels in [`similarity`]: consonants carry a loanword, vowels break ties
/// (`セキュリティ` is `security`, not `secret`; `ラベル` is `label`, not `level`).
const VOWEL_WEIGHT: f32 = 0.2;

/// Similarity of two keys in [0, 1]: 0.8 × consonant similarity + 0.2 × vowel similarity.
pub fn similarity(a: &Key, b: &Key) -> f32 {
    if a.syms.is_empty() || b.syms.is_empty() {
        return 0.0;
    }
    let d = weighted_distance(&a.syms, &b.syms);
    let len = a.syms.len().max(b.syms.len()) as f32;
    let consonants = (1.0 - d / len).max(0.0);
    // Read vowels from the English side to the katakana side.
    let (en, ka) = if a.kana && !b.kana { (b, a) } else { (a, b) };
    let vowels = vowel_similarity(&en.vowels, &ka.vowels, !(a.kana ^ b.kana));
    let sim = (1.0 - VOWEL_WEIGHT) * consonants + VOWEL_WEIGHT * vowels;
    // One changed consonant in a two-consonant word is a different word.
    let short = a.strong_len().min(b.strong_len()) <= 2;
    let first_ok = match (en.first_vowel(), ka.first_vowel()) {
        (Some(x), Some(y)) => vowel_ok(x, y) || (!(a.kana ^ b.kana) && vowel_ok(y, x)),
        _ => true,
    };
    // ...and its vowel must be one a loanword really writes it with: `ロック` is `lock`, `ラック`
    // is not (`rack`); `エンド` is `end`, `インド` is not.
    let first_strict = match (en.first_vowel(), ka.first_vowel()) {
        // The English `i` written ア is the diphthong アイ (`line` → ライン, `file` → ファイル):
        // `マナー` is `manner`, not `minor` (マイナー).
        (Some('i'), Some('a')) if a.kana != b.kana => ka.vowels.get(1) == Some(&'i'),
        (Some(x), Some(y)) => short_vowel_ok(x, y) || (!(a.kana ^ b.kana) && short_vowel_ok(y, x)),
        _ => true,
    };
    if short && (d > 0.41 || !first_ok || !first_strict) {
        return sim.min(0.5);
    }
    // A consonant `y` is written ヤ, ユ, ヨ or イ (`yaml` → ヤムル); katakana that opens on
    // another consonant is another word (`メール` is `mail`).
    if a.kana != b.kana && en.y_onset && !ka.y_onset {
        return sim.min(0.5);
    }
    // A first vowel spelled long (`reason`, `ea` heard イー) is never cut short by ッ: `リッスン`
    // is `listen`. (The same letters read short are another vowel, `head` → ヘッド.)
    if a.kana != b.kana && en.first_long && ka.first_long && en.first_vowel() == ka.first_vowel() {
        return sim.min(0.5);
    }
    if a.kana != b.kana && !long_vowels_agree(ka, en) {
        return sim.min(0.8);
    }
    // A loanword keeps the voicing of its first consonant (`ブロック` is `block`, `プル` is
    // `pull`): `バインディング` is `binding`, not `pending`.
    let first = |k: &Key| k.syms.iter().copied().find(|s| s.is_strong());
    if a.kana != b.kana
        && let (Some(x), Some(y)) = (first(a), first(b))
        && matches!(
            (x.min(y), x.max(y)),
            (Sym::P, Sym::B) | (Sym::T, Sym::D) | (Sym::K, Sym::G)
        )
    {
        return sim.min(0.8);
    }
    // English `f` is written with フ (ファ, フィ, フェ, フォ); katakana whose first consonant is
    // that of ハ, ヒ, ヘ or ホ writes an `h` (`ヘルス` is `health`, not `false`). Old spellings
    // (`ヒューズ` for `fuse`) are given up for it.
    if a.kana != b.kana && first(en) == Some(Sym::F) && first(ka) == Some(Sym::H) {
        return sim.min(0.8);
    }
    // Two consonants opening a word together are written with a carrier vowel (`スケール` is
    // `scale`): English that puts another vowel between them is another word (`secure` is
    // セキュア), as is katakana that puts a vowel of its own between the two consonants of an
    // English cluster (`サポート` is not `sport`). The carrier may be the English vowel itself
    // (`プル` is `pull`, `トレランス` is `tolerance`).
    if a.kana != b.kana {
        match (ka.onset, en.onset) {
            (Onset::Cluster(Some(c)), Onset::Vowel(v)) if v != c => return sim.min(0.8),
            (Onset::Vowel(_), Onset::Cluster(_)) => return sim.min(0.8),
            _ => {}
        }
    }
    // A heard final vowel in English is heard in its loanword (`committee` → コミッティー);
    // katakana that stops on a bare consonant is another word (`コミット` is `commit`).
    if a.kana != b.kana && en.open_end && !ka.open_end {
        return sim.min(0.8);
    }
    sim
}

/// Whether every `ー` inside the katakana lengthens a vowel the English may hear long: the
/// consonants are aligned as [`similarity`] aligns them, and a `ー` after a katakana consonant
/// needs the English consonant it stands for to be followed by a long vowel or an `r`
/// ([`vowel_may_be_long`]). A final `ー` is the English ending's (`-er`, `-y`) and is not read
/// here; neither is a consonant the alignment only replaces by a different one.
fn long_vowels_agree(ka: &Key, en: &Key) -> bool {
    alignment(&ka.syms, &en.syms).into_iter().all(|(i, j)| {
        ka.syms.get(i + 1) != Some(&Sym::OptR)
            || subst_cost(ka.syms[i], en.syms[j]) >= 1.0
            || matches!(ka.syms[i], Sym::OptR | Sym::Long)
            || en.syms.get(j + 1) == Some(&Sym::OptR)
            || en.long_after.get(j).copied().unwrap_or(true)
    })
}

/// The pairs `(i, j)` that one cheapest edit path of [`weighted_distance`] substitutes (or
/// keeps), in order.
fn alignment(a: &[Sym], b: &[Sym]) -> Vec<(usize, usize)> {
    let (n, m) = (a.len(), b.len());
    let mut d = vec![vec![0.0f32; m + 1]; n + 1];
    for i in 1..=n {
        d[i][0] = d[i - 1][0] + a[i - 1].indel_cost();
    }
    for j in 1..=m {
        d[0][j] = d[0][j - 1] + b[j - 1].indel_cost();
    }
    for i in 1..=n {
        for j in 1..=m {
            d[i][j] = (d[i - 1][j - 1] + subst_cost(a[i - 1], b[j - 1]))
                .min(d[i - 1][j] + a[i - 1].indel_cost())
                .min(d[i][j - 1] + b[j - 1].indel_cost());
        }
    }
    let mut out = Vec::new();
    let (mut i, mut j) = (n, m);
    while i > 0 && j > 0 {
        if (d[i][j] - (d[i - 1][j - 1] + subst_cost(a[i - 1], b[j - 1]))).abs() < 1e-6 {
            out.push((i - 1, j - 1));
            i -= 1;
            j -= 1;
        } else if (d[i][j] - (d[i - 1][j] + a[i - 1].indel_cost())).abs() < 1e-6 {
            i -= 1;
        } else {
            j -= 1;
        }
    }
    out.reverse();
    out
}

/// The vowel of キャ and ギャ: loanwords write them for an English `a` after `c` or `g` (`cache`
/// → キャッシュ, `gap` → ギャップ), never for another vowel (`キャンセル` is `cancel`, not
/// `Consul`).
const PALATAL_A: char = 'æ';

/// English vowel → the katakana vowels it is written with (`data` → デ, `file` → ファ,
/// `cluster` → ラ, `node` → ノ, `all` → オ, `key` → キ). `U` is the long `oo` (`pool` → プー).
fn vowel_ok(en: char, ka: char) -> bool {
    en == ka
        || (ka == PALATAL_A && en == 'a')
        || match en {
            'U' => ka == 'u',
            'A' => ka == 'a',
            'a' => matches!(ka, 'e' | 'o'),
            'e' => ka == 'i',
            'i' => ka == 'a',
            'o' => matches!(ka, 'a' | 'u'),
            'u' => matches!(ka, 'a' | 'o'),
            _ => false,
        }
}

/// The first vowel of a short word (two strong consonants or fewer), where one vowel is half
/// the word: only the spellings loanwords use for a stressed vowel (`data` → デ, `bug` → バ,
/// `line` → ラ, `all` → オ); an `o` written `ア` (`lock`/`ラック`), an `e` written `イ`
/// (`end`/`インド`) or a long `oo` written `ア` (`loop`/`ラップ`) is another word.
fn short_vowel_ok(en: char, ka: char) -> bool {
    en == ka
        || matches!(
            (en, ka),
            ('a', 'e' | 'o' | PALATAL_A) | ('u', 'a') | ('i', 'a') | ('U', 'u') | ('A', 'a')
        )
}

/// Vowel agreement of two katakana keys, letter for letter (no loanword leniency).
pub fn same_vowels(a: &Key, b: &Key) -> f32 {
    let (x, y) = (&a.vowels, &b.vowels);
    if x.is_empty() && y.is_empty() {
        return 1.0;
    }
    let mut prev: Vec<f32> = (0..=y.len()).map(|j| j as f32 * 0.5).collect();
    let mut cur = vec![0.0f32; y.len() + 1];
    for (i, &p) in x.iter().enumerate() {
        cur[0] = (i + 1) as f32 * 0.5;
        for (j, &q) in y.iter().enumerate() {
            cur[j + 1] = (prev[j] + if p == q { 0.0 } else { 1.0 })
                .min(prev[j + 1] + 0.5)
                .min(cur[j] + 0.5);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    (1.0 - prev[y.len()] / x.len().max(y.len()) as f32).max(0.0)
}

fn vowel_similarity(en: &[char], ka: &[char], symmetric: bool) -> f32 {
    if en.is_empty() && ka.is_empty() {
        return 1.0;
    }
    let ok = |x: char, y: char| vowel_ok(x, y) || (symmetric && vowel_ok(y, x));
    let mut prev: Vec<f32> = (0..=ka.len()).map(|j| j as f32 * 0.5).collect();
    let mut cur = vec![0.0f32; ka.len() + 1];
    for (i, &x) in en.iter().enumerate() {
        cur[0] = (i + 1) as f32 * 0.5;
        for (j, &y) in ka.iter().enumerate() {
            let sub = prev[j] + if ok(x, y) { 0.0 } else { 1.0 };
            cur[j + 1] = sub.min(prev[j + 1] + 0.5).min(cur[j] + 0.5);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    let len = en.len().max(ka.len()) as f32;
    (1.0 - prev[ka.len()] / len).max(0.0)
}

fn weighted_distance(a: &[Sym], b: &[Sym]) -> f32 {
    let mut prev: Vec<f32> = Vec::with_capacity(b.len() + 1);
    prev.push(0.0);
    for &s in b {
        let last = *prev.last().unwrap();
        prev.push(last + s.indel_cost());
    }
    let mut cur = vec![0.0f32; b.len() + 1];
    for &x in a {
        cur[0] = prev[0] + x.indel_cost();
        for (j, &y) in b.iter().enumerate() {
            let sub = prev[j] + subst_cost(x, y);
            let del = prev[j + 1] + x.indel_cost();
            let ins = cur[j] + y.indel_cost();
            cur[j + 1] = sub.min(del).min(ins);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

// ---------------------------------------------------------------------------------------------
// Katakana

/// The consonant, vowel and romaji of one basic katakana.
fn kana(c: char) -> Option<(Option<Sym>, char, &'static str)> {
    use Sym::*;
    let r = match c {
        'ア' => (None, 'a', "a"),
        'イ' => (None, 'i', "i"),
        'ウ' => (None, 'u', "u"),
        'エ' => (None, 'e', "e"),
        'オ' => (None, 'o', "o"),
        'カ' => (Some(K), 'a', "ka"),
        'キ' => (Some(K), 'i', "ki"),
        'ク' => (Some(K), 'u', "ku"),
        'ケ' => (Some(K), 'e', "ke"),
        'コ' => (Some(K), 'o', "ko"),
        'ガ' => (Some(G), 'a', "ga"),
        'ギ' => (Some(G), 'i', "gi"),
        'グ' => (Some(G), 'u', "gu"),
        'ゲ' => (Some(G), 'e', "ge"),
        'ゴ' => (Some(G), 'o', "go"),
        'サ' => (Some(S), 'a', "sa"),
        'シ' => (Some(X), 'i', "shi"),
        'ス' => (Some(S), 'u', "su"),
        'セ' => (Some(S), 'e', "se"),
        'ソ' => (Some(S), 'o', "so"),
        'ザ' => (Some(Z), 'a', "za"),
        'ジ' => (Some(J), 'i', "ji"),
        'ズ' => (Some(Z), 'u', "zu"),
        'ゼ' => (Some(Z), 'e', "ze"),
        'ゾ' => (Some(Z), 'o', "zo"),
        'タ' => (Some(T), 'a', "ta"),
        'チ' => (Some(C), 'i', "chi"),
        'ツ' => (Some(T), 'u', "tsu"),
        'テ' => (Some(T), 'e', "te"),
        'ト' => (Some(T), 'o', "to"),
        'ダ' => (Some(D), 'a', "da"),
        'ヂ' => (Some(J), 'i', "ji"),
        'ヅ' => (Some(Z), 'u', "zu"),
        'デ' => (Some(D), 'e', "de"),
        'ド' => (Some(D), 'o', "do"),
        'ナ' => (Some(N), 'a', "na"),
        'ニ' => (Some(N), 'i', "ni"),
        'ヌ' => (Some(N), 'u', "nu"),
        'ネ' => (Some(N), 'e', "ne"),
        'ノ' => (Some(N), 'o', "no"),
        'ハ' => (Some(H), 'a', "ha"),
        'ヒ' => (Some(H), 'i', "hi"),
        'フ' => (Some(F), 'u', "fu"),
        'ヘ' => (Some(H), 'e', "he"),
        'ホ' => (Some(H), 'o', "ho"),
        'バ' => (Some(B), 'a', "ba"),
        'ビ' => (Some(B), 'i', "bi"),
        'ブ' => (Some(B), 'u', "bu"),
        'ベ' => (Some(B), 'e', "be"),
        'ボ' => (Some(B), 'o', "bo"),
        'パ' => (Some(P), 'a', "pa"),
        'ピ' => (Some(P), 'i', "pi"),
        'プ' => (Some(P), 'u', "pu"),
        'ペ' => (Some(P), 'e', "pe"),
        'ポ' => (Some(P), 'o', "po"),
        'マ' => (Some(M), 'a', "ma"),
        'ミ' => (Some(M), 'i', "mi"),
        'ム' => (Some(M), 'u', "mu"),
        'メ' => (Some(M), 'e', "me"),
        'モ' => (Some(M), 'o', "mo"),
        'ヤ' => (None, 'a', "ya"),
        'ユ' => (None, 'u', "yu"),
        'ヨ' => (None, 'o', "yo"),
        'ラ' => (Some(R), 'a', "ra"),
        'リ' => (Some(R), 'i', "ri"),
        'ル' => (Some(R), 'u', "ru"),
        'レ' => (Some(R), 'e', "re"),
        'ロ' => (Some(R), 'o', "ro"),
        'ワ' => (Some(W), 'a', "wa"),
        'ヰ' => (Some(W), 'i', "wi"),
        'ヱ' => (Some(W), 'e', "we"),
        'ヲ' => (None, 'o', "o"),
        'ヴ' => (Some(B), 'u', "vu"),
        _ => return None,
    };
    Some(r)
}

/// The vowel of a small kana, and whether it makes a palatal (ャュョ) or a vowel change
/// (ァィゥェォ).
fn small(c: char) -> Option<(char, bool)> {
    match c {
        'ァ' => Some(('a', false)),
        'ィ' => Some(('i', false)),
        'ゥ' => Some(('u', false)),
        'ェ' => Some(('e', false)),
        'ォ' => Some(('o', false)),
        'ャ' => Some(('a', true)),
        'ュ' => Some(('u', true)),
        'ョ' => Some(('o', true)),
        'ヮ' => Some(('a', false)),
        _ => None,
    }
}

fn to_katakana(c: char) -> char {
    match c {
        'ぁ'..='ゖ' => char::from_u32(c as u32 + 0x60).unwrap_or(c),
        _ => c,
    }
}

/// One mora: consonant symbol, vowel and romaji.
struct Mora {
    sym: Option<Sym>,
    vowel: char,
    romaji: String,
}

/// Splits katakana into morae, folding small kana into the mora before them
/// (`ティ` = ti, `ファ` = fa, `ウィ` = wi, `シェ` = she, `キャ` = kya, `ヴァ` = va).
/// `ー`, `ッ` and `ン` come out as their own entries with an empty vowel.
fn morae(text: &str) -> Vec<Mora> {
    let chars: Vec<char> = crate::text::japanese::nfkc(text)
        .chars()
        .map(to_katakana)
        .collect();
    let mut out: Vec<Mora> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'ー' | 'ッ' | 'ン' => out.push(Mora {
                sym: match c {
                    'ー' => Some(Sym::OptR),
                    'ン' => Some(Sym::N),
                    _ => None,
                },
                vowel: c,
                romaji: String::new(),
            }),
            _ => {
                if let Some((sym, vowel, romaji)) = kana(c) {
                    let mut m = Mora {
                        sym,
                        vowel,
                        romaji: romaji.to_string(),
                    };
                    if let Some((v, palatal)) = chars.get(i + 1).and_then(|&n| small(n)) {
                        combine(&mut m, c, v, palatal);
                        i += 1;
                    }
                    out.push(m);
                } else if let Some((v, _)) = small(c) {
                    // A stray small vowel: read it as the vowel itself.
                    out.push(Mora {
                        sym: None,
                        vowel: v,
                        romaji: v.to_string(),
                    });
                }
                // anything else (・, spaces, kanji) is not part of a loanword's sound
            }
        }
        i += 1;
    }
    out
}

/// Applies a following small kana to a mora: `キ`+`ャ` → kya, `テ`+`ィ` → ti, `ウ`+`ェ` → we,
/// `シ`+`ェ` → she, `ヴ`+`ァ` → va, `ク`+`ァ` → kwa.
fn combine(m: &mut Mora, base: char, v: char, palatal: bool) {
    // The consonant part of the base's romaji: "k", "sh", "ch", "ts", "f", "v", "" ...
    let consonant = m
        .romaji
        .trim_end_matches(['a', 'i', 'u', 'e', 'o'])
        .to_string();
    let onset = if palatal {
        match base {
            'シ' | 'ジ' | 'ヂ' | 'チ' => consonant,
            _ => format!("{consonant}y"),
        }
    } else {
        match base {
            'ウ' => {
                m.sym = Some(Sym::W);
                "w".to_string()
            }
            'イ' => "y".to_string(),
            'ク' => "kw".to_string(),
            'グ' => "gw".to_string(),
            _ => consonant,
        }
    };
    m.vowel = v;
    m.romaji = format!("{onset}{v}");
}

/// Hepburn-style romaji of katakana (hiragana is read as katakana): long vowels doubled
/// (`コレクター` → `korekutaa`), `ッ` doubles the next consonant (`ポッド` → `poddo`), small kana
/// join the mora before them (`ティ` → `ti`, `ファ` → `fa`, `シェ` → `she`).
pub fn romanize(text: &str) -> String {
    let ms = morae(text);
    let mut out = String::new();
    let mut last_vowel: Option<char> = None;
    let mut geminate = false;
    for m in &ms {
        match m.vowel {
            'ー' => {
                if let Some(v) = last_vowel {
                    out.push(v);
                }
            }
            'ッ' => geminate = true,
            'ン' => {
                out.push('n');
                last_vowel = None;
            }
            v => {
                if geminate {
                    // ッチ → tchi (Hepburn), otherwise double the first letter.
                    if m.romaji.starts_with("ch") {
                        out.push('t');
                    } else if let Some(first) =
                        m.romaji.chars().next().filter(|c| !"aiueo".contains(*c))
                    {
                        out.push(first);
                    }
                    geminate = false;
                }
                out.push_str(&m.romaji);
                last_vowel = Some(v);
            }
        }
    }
    out
}

/// Whether katakana ends on a heard vowel (see [`Key::open_end`]): a long vowel mark, or a
/// last mora whose vowel is more than the carrier of its consonant (`タ`, `リ`, `ナ`; not the
/// `u` of `ス`/`ク`/`ル`, nor the `o` of `ト`/`ド`).
fn open_end(ms: &[Mora]) -> bool {
    let Some(m) = ms.last() else {
        return false;
    };
    if m.sym == Some(Sym::OptR) {
        return true;
    }
    let carrier = m.vowel == 'u' || (m.vowel == 'o' && matches!(m.sym, Some(Sym::T | Sym::D)));
    "aiueo".contains(m.vowel) && (m.sym.is_none() || !carrier || m.romaji.contains('y'))
}

/// Whether the last English word ends on a heard vowel: a final `a`, `i`, `o`, `u`, `ee`, a
/// `y` after a consonant, or an r-coloured `-er`/`-or`/`-ar` (never a silent `e`).
fn english_open_end(w: &[u8]) -> bool {
    let n = w.len();
    let Some(&last) = w.last() else {
        return false;
    };
    n >= 3
        && (matches!(last, b'a' | b'i' | b'o' | b'u')
            || w.ends_with(b"ee")
            || (last == b'y' && !is_vowel(w[n - 2]))
            || (last == b'r' && matches!(w[n - 2], b'e' | b'o' | b'a') && !is_vowel(w[n - 3])))
}

/// How katakana opens ([`Onset`]): its first mora's vowel, or the cluster that vowel only
/// carries (the `u` of ス, ク, プ, the `o` of ト, ド before a consonant the first one can open
/// an English word with).
fn kana_onset(ms: &[Mora]) -> Onset {
    let (Some(m0), Some(m1)) = (ms.first(), ms.get(1)) else {
        return Onset::Other;
    };
    let Some(s0) = m0.sym.filter(|s| s.is_strong() && *s != Sym::N) else {
        return Onset::Other;
    };
    if !"aiueo".contains(m0.vowel) {
        return Onset::Other;
    }
    let carrier = (m0.vowel == 'u' || (m0.vowel == 'o' && matches!(s0, Sym::T | Sym::D)))
        && !m0.romaji.contains('y');
    if carrier && m1.sym.is_some_and(|s1| cluster_syms(s0, s1)) {
        Onset::Cluster(Some(m0.vowel))
    } else {
        Onset::Vowel(m0.vowel)
    }
}

/// The key of a katakana word or compound (spaces and `・` are ignored).
pub fn kana_key(text: &str) -> Key {
    let ms = morae(text);
    let mut syms = Vec::new();
    let mut vowels = Vec::new();
    for (i, m) in ms.iter().enumerate() {
        // ユ opens a word as an English `u` does (`user` → ユーザー, `unit` → ユニット); ヤ and ヨ
        // are a `y`.
        if i == 0
            && m.sym.is_none()
            && "aiueo".contains(m.vowel)
            && (!m.romaji.starts_with('y') || m.romaji == "yu")
        {
            syms.push(Sym::V);
        }
        // The u of ス/ク/ツ (and the o of ト/ド) before another consonant or at the end only
        // carries a cluster (ス-ト-リーム = str, ツ-リー = tr, ファイ-ル = file); it is not heard
        // in the English.
        let next_strong = ms
            .get(i + 1)
            .and_then(|n| n.sym)
            .is_some_and(|s| s.is_strong() && s != Sym::N);
        let epenthetic = (m.vowel == 'u'
            || (m.vowel == 'o' && matches!(m.sym, Some(Sym::T | Sym::D))))
            && m.sym.is_some_and(|s| s != Sym::N && s != Sym::OptR)
            && !m.romaji.contains('y')
            && (next_strong || i + 1 == ms.len());
        if "aiueo".contains(m.vowel) && !epenthetic {
            vowels.push(if matches!(m.romaji.as_str(), "kya" | "gya") {
                PALATAL_A
            } else {
                m.vowel
            });
        }
        if let Some(s) = m.sym {
            // ー right after ン or ッ has no vowel to lengthen, and in an opening ユー it is the
            // long u of `user` or `usage`, never an r.
            if s == Sym::OptR && (syms.is_empty() || (i == 1 && ms[0].romaji == "yu")) {
                continue;
            }
            syms.push(s);
        }
    }
    if let Some(last) = syms.last_mut().filter(|s| **s == Sym::OptR) {
        *last = Sym::Long;
    }
    let first_voiced = ms.iter().position(|m| "aiueo".contains(m.vowel));
    Key {
        onset: kana_onset(&ms),
        open_end: open_end(&ms),
        y_onset: ms
            .first()
            .is_some_and(|m| m.sym.is_none() && "aiueo".contains(m.vowel)),
        first_long: first_voiced.is_some_and(|i| ms.get(i + 1).is_some_and(|m| m.vowel == 'ッ')),
        long_after: Vec::new(),
        syms,
        vowels,
        kana: true,
    }
}

// ---------------------------------------------------------------------------------------------
// English

/// Splits a CamelCase or lowerCamel identifier into words, keeping acronyms together:
/// `MutatingAdmissionPolicy` → `Mutating Admission Policy`, `CBORServingAndStorage` →
/// `CBOR Serving And Storage`, `KMSv2` → `KMSv2`. Hyphens, underscores, dots and spaces also
/// split.
pub fn split_identifier(ident: &str) -> Vec<&str> {
    let mut words = Vec::new();
    for part in ident.split(|c: char| !c.is_ascii_alphanumeric()) {
        if part.is_empty() {
            continue;
        }
        let b = part.as_bytes();
        let mut start = 0;
        for i in 1..b.len() {
            let (p, c) = (b[i - 1], b[i]);
            let next_lower = b.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            let boundary = (p.is_ascii_lowercase() && c.is_ascii_uppercase())
                || (p.is_ascii_uppercase() && c.is_ascii_uppercase() && next_lower)
                || (p.is_ascii_digit() && c.is_ascii_uppercase() && next_lower);
            if boundary {
                words.push(&part[start..i]);
                start = i;
            }
        }
        words.push(&part[start..]);
    }
    words
}

fn is_vowel(c: u8) -> bool {
    matches!(c, b'a' | b'e' | b'i' | b'o' | b'u' | b'y')
}

/// Plural forms katakana usually drops: `containers` → `container`, `policies` → `policy`
/// (`Domains` → `Domain`: the letters' case is kept).
pub(crate) fn singular(w: &str) -> Option<String> {
    if w.len() <= 3 {
        return None;
    }
    if let Some(stem) = w.strip_suffix("ies") {
        return Some(format!("{stem}y"));
    }
    if w.ends_with("ss") || w.ends_with("us") || w.ends_with("is") {
        return None;
    }
    // `classes`, `boxes`, `batches`, `pushes`: `-es` after a hissing sound (`caches`, `bases`
    // are `cache` and `base` with an `s`).
    let lower = w.to_ascii_lowercase();
    if let Some(stem) = lower.strip_suffix("es")
        && ["ss", "x", "z", "sh", "tch", "nch", "rch"]
            .iter()
            .any(|end| stem.ends_with(end))
    {
        return Some(w[..w.len() - 2].to_string());
    }
    w.strip_suffix('s').map(str::to_string)
}

/// Appends the skeleton of one lowercase ASCII word.
/// The vowels of one lowercase English word as katakana would hear them: one per vowel
/// group, a final silent `e` dropped, `er`/`ir`/`ur` heard as `a` (`server` → サーバー),
/// `ee`/`ea`/final `y` as `i`, `oo` as `u`, `io` as `o` (`-tion` → ション).
fn english_vowels(w: &[u8], out: &mut Vec<char>) {
    let n = w.len();
    let is_v = |i: usize| {
        w.get(i)
            .is_some_and(|&c| matches!(c, b'a' | b'e' | b'i' | b'o' | b'u') || (c == b'y' && i > 0))
    };
    let mut i = 0;
    while i < n {
        if !is_v(i) {
            i += 1;
            continue;
        }
        let start = i;
        while is_v(i) {
            i += 1;
        }
        let group = &w[start..i];
        // silent final e (`file`, `node`) and plural -es (`shares`), but not in short words
        if group == b"e" && n > 3 && (i == n || (i + 1 == n && w[i] == b's')) {
            continue;
        }
        let r_colored = w.get(i) == Some(&b'r') && !is_v(i + 1);
        // `a` before one consonant and a silent final `e` is the long a of `make`, `name`,
        // `image`: katakana writes it エ (メイク, ネーム, イメージ).
        let magic_e = n > 3
            && group == b"a"
            && i + 1 < n
            && !is_v(i)
            && w[i + 1] == b'e'
            && (i + 2 == n || (i + 3 == n && w[i + 2] == b's'));
        let v = match group {
            _ if magic_e => 'e',
            b"ee" | b"ea" | b"ie" => 'i',
            // A final `ey` is heard イー (`key` → キー, `journey` → ジャーニー): `keys` is not ケース.
            b"ey" if i == n || (i + 1 == n && w[i] == b's') => 'i',
            b"oo" => 'U',
            b"ue" | b"ui" => 'u',
            b"io" => 'o',
            b"ai" | b"ay" => 'e',
            // `count` → カウント; but `au` is an o-sound (`pause` → ポーズ, `auto` → オート,
            // `default` → デフォルト), so `パス` is `path`, not `pause`.
            b"ou" => 'a',
            b"au" => 'o',
            [b'y'] => 'i',
            // `A`: the r-coloured vowel of `server`, `curl`, only ever written ア (サーバー).
            [b'e' | b'i' | b'u'] if r_colored => 'A',
            // ...and so is an `a` before r and a consonant (`vars`, `start` → スタート), but for
            // the `wa` of `warning`, `swarm` (ワーニング, スウォーム).
            [b'a'] if r_colored && (start == 0 || w[start - 1] != b'w') => 'A',
            g => g[0] as char,
        };
        out.push(v);
    }
}

/// Whether the first vowel of a lowercase English word is spelled long: a pair of letters that
/// spells a long vowel (`ee`, `ea`, `ie`, `ai`, `ay`, `oa`, `au`) or a vowel before one consonant
/// and a silent final `e` (`make`, `node`). (`oo` and `ou` are short as often: `book`, `touch`.)
fn english_first_long(w: &[u8]) -> bool {
    let Some(start) = w
        .iter()
        .position(|&c| matches!(c, b'a' | b'e' | b'i' | b'o' | b'u'))
    else {
        return false;
    };
    let n = w.len();
    let pair = w.get(start..start + 2);
    let digraph =
        pair.is_some_and(|p| matches!(p, b"ee" | b"ea" | b"ie" | b"ai" | b"ay" | b"oa" | b"au"));
    let magic_e = start + 3 == n && !is_vowel(w[start + 1]) && w[start + 2] == b'e';
    digraph || magic_e
}

/// Whether the vowel letters starting at `pos` of a lowercase English word may be heard long,
/// as katakana writes with `ー`: a pair of vowel letters (`feature`, `route`), a vowel before
/// `r` or `w` (`server`, `owner`), `a` or `o` before `l` (`call`, `control`), a vowel at the
/// end, or an open syllable, before one consonant (or a consonant with `l` or `r`, or `th`,
/// `sh`, `ch`, `ph`) and another vowel (`data`, `node`, `table`, `secret`, `father`). A vowel
/// closed by consonants is short (`dot`, `consul`, `pull`): `データファイル` is no `dotfile`,
/// `コンソール` no `Consul`. No vowel at `pos` (a consonant cluster) is not long either.
fn vowel_may_be_long(w: &[u8], pos: usize) -> bool {
    let n = w.len();
    if pos >= n || !is_vowel(w[pos]) {
        return false;
    }
    let mut after = pos;
    while after < n && is_vowel(w[after]) {
        after += 1;
    }
    if after - pos >= 2 || after == n {
        return true;
    }
    let c = w[after];
    if matches!(c, b'r' | b'w') || (c == b'l' && matches!(w[pos], b'a' | b'o')) {
        return true;
    }
    let Some(&d) = w.get(after + 1) else {
        return false;
    };
    let then_vowel = w.get(after + 2).is_some_and(|&v| is_vowel(v));
    is_vowel(d)
        || (then_vowel && matches!(d, b'l' | b'r') && !matches!(c, b'l' | b'r'))
        || (then_vowel && d == b'h' && matches!(c, b't' | b's' | b'c' | b'p'))
}

fn english_word(w: &[u8], syms: &mut Vec<Sym>, long: &mut Vec<bool>, first: bool) {
    use Sym::*;
    let n = w.len();
    let at = |i: usize| w.get(i).copied().unwrap_or(0);
    let soft = |c: u8| matches!(c, b'e' | b'i' | b'y');
    if first && n > 0 && matches!(w[0], b'a' | b'e' | b'i' | b'o' | b'u') {
        syms.push(V);
        long.push(vowel_may_be_long(w, 0));
    }
    let mut i = 0;
    while i < n {
        let c = w[i];
        let next = at(i + 1);
        // Doubled consonants are one sound (`admission`, `collector`), except `cc` before a
        // soft vowel (`access` = k-s).
        if c == next && !is_vowel(c) && !(c == b'c' && soft(at(i + 2))) {
            i += 1;
            continue;
        }
        let (emit, step): (&[Sym], usize) = match c {
            b'a' | b'e' | b'i' | b'o' | b'u' | b'y' => (&[], 1),
            b'p' if next == b'h' => (&[F], 2),
            b't' if next == b'h' => (&[S], 2),
            b't' if next == b'i' && matches!(at(i + 2), b'a' | b'o' | b'u') && i > 0 => (&[X], 2),
            b's' if next == b'h' => (&[X], 2),
            // `session`, `version`, `signal`, `system`: katakana writes si as シ.
            b's' if matches!(next, b'i' | b'y') => (&[X], 1),
            b's' if next == b'c' && at(i + 2) == b'h' => (&[S, K], 3),
            b'c' if next == b'h' => (&[C], 2),
            b'c' if next == b'k' => (&[K], 2),
            b'c' if matches!(next, b'i' | b'y') => (&[X], 1),
            b'c' if soft(next) => (&[S], 1),
            b'c' | b'k' | b'q' => {
                if c == b'k' && i == 0 && next == b'n' {
                    (&[], 1)
                } else {
                    (&[K], 1)
                }
            }
            b'g' if next == b'h' => (&[], 2),
            b'g' if soft(next) => (&[J], 1),
            b'g' => (&[G], 1),
            b'd' if next == b'g' && soft(at(i + 2)) => (&[J], 2),
            b'x' => (&[K, S], 1),
            b'w' if is_vowel(next) && next != b'y' => (&[W], 1),
            b'w' => (&[], 1),
            b'h' if is_vowel(next) => (&[H], 1),
            b'h' => (&[], 1),
            b'r' if is_vowel(next) => (&[R], 1),
            b'r' => (&[OptR], 1),
            b'l' => (&[R], 1),
            b'v' | b'b' => (&[B], 1),
            b'f' => (&[F], 1),
            b'j' => (&[J], 1),
            b'z' => (&[Z], 1),
            b'm' => (&[M], 1),
            b'n' => (&[N], 1),
            b'p' => (&[P], 1),
            b't' => (&[T], 1),
            b'd' => (&[D], 1),
            b's' => (&[S], 1),
            _ => (&[], 1),
        };
        syms.extend_from_slice(emit);
        // The vowel after a consonant belongs to the last symbol it gives (`x` = k-s).
        for k in 0..emit.len() {
            long.push(k + 1 == emit.len() && vowel_may_be_long(w, i + step));
        }
        i += step;
    }
    // policy → ポリシー, tree → ツリー, key → キー, queue → キュー: a final long vowel in katakana.
    let long_end = (n >= 2 && w[n - 1] == b'y' && !is_vowel(w[n - 2]))
        || w.ends_with(b"ee")
        || w.ends_with(b"ey")
        || w.ends_with(b"ue");
    if long_end {
        syms.push(OptR);
        long.push(false);
    }
}

/// How a lowercase English word opens ([`Onset`]): the vowel letter after its first consonant
/// (`th`, `sh`, `ch`, `ph` are one), or a cluster of [`cluster_syms`]. A soft `sc` (`scenario`),
/// a `y` (`system`), a silent letter (`knot`, `psych`) and other pairs say nothing.
fn english_onset(w: &[u8]) -> Onset {
    let vowel = |c: u8| matches!(c, b'a' | b'e' | b'i' | b'o' | b'u');
    let (Some(&first), Some(&next)) = (w.first(), w.get(1)) else {
        return Onset::Other;
    };
    if vowel(first) || first == b'y' {
        return Onset::Other;
    }
    let digraph = next == b'h' && matches!(first, b's' | b't' | b'c' | b'p');
    let unit = if digraph { &w[..2] } else { &w[..1] };
    let Some(&second) = w.get(unit.len()) else {
        return Onset::Other;
    };
    if vowel(second) {
        return Onset::Vowel(second as char);
    }
    let soft_sc = unit == b"s" && second == b'c' && w.get(2).is_some_and(|c| b"eiy".contains(c));
    let cluster = match unit {
        b"s" => b"ckptmnlq".contains(&second) && !soft_sc,
        b"p" | b"b" | b"c" | b"k" | b"g" | b"f" | b"ph" => matches!(second, b'r' | b'l'),
        b"t" | b"d" | b"th" | b"sh" | b"ch" => second == b'r',
        _ => false,
    };
    if cluster {
        Onset::Cluster(None)
    } else {
        Onset::Other
    }
}

/// Skeletons of an English word, phrase or identifier: one as written and, when the last
/// word is a plural, one for the singular (`SidecarContainers` → also `sidecar container`).
/// Digits and punctuation are ignored.
pub fn english_keys(text: &str) -> Vec<Key> {
    let words: Vec<String> = split_identifier(text)
        .into_iter()
        .map(|w| {
            w.chars()
                .filter(|c| c.is_ascii_alphabetic())
                .collect::<String>()
                .to_ascii_lowercase()
        })
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() {
        return Vec::new();
    }
    let build = |last: &str| {
        let mut syms = Vec::new();
        let mut vowels = Vec::new();
        let mut long_after = Vec::new();
        for (i, w) in words.iter().enumerate() {
            let w = if i + 1 == words.len() {
                last
            } else {
                w.as_str()
            };
            english_word(w.as_bytes(), &mut syms, &mut long_after, i == 0);
            english_vowels(w.as_bytes(), &mut vowels);
        }
        let first = words[0].as_bytes();
        Key {
            onset: english_onset(first),
            open_end: english_open_end(last.as_bytes()),
            y_onset: first.len() > 1 && first[0] == b'y' && is_vowel(first[1]),
            first_long: english_first_long(first),
            long_after,
            syms,
            vowels,
            kana: false,
        }
    };
    let last = words.last().unwrap();
    let mut keys = vec![build(last)];
    if let Some(s) = singular(last) {
        let k = build(&s);
        if k != keys[0] {
            keys.push(k);
        }
    }
    keys
}

/// The first skeleton of [`english_keys`] (as written).
pub fn english_key(text: &str) -> Key {
    english_keys(text).into_iter().next().unwrap_or(Key {
        syms: Vec::new(),
        vowels: Vec::new(),
        kana: false,
        open_end: false,
        y_onset: false,
        first_long: false,
        long_after: Vec::new(),
        onset: Onset::Other,
    })
}

/// How well a katakana term matches an English word, phrase or identifier, in [0, 1].
pub fn match_score(katakana: &str, english: &str) -> f32 {
    let k = kana_key(katakana);
    english_keys(english)
        .iter()
        .map(|e| similarity(&k, e))
        .fold(0.0, f32::max)
}

/// How well each piece must sound like its word in [`matches_word_by_word`]: below
/// [`MIN_SIMILARITY`](super::pairing::MIN_SIMILARITY), since a piece of a compound is read
/// without its neighbours, and above what the short-word checks leave a different word (0.5).
const PIECE_SIMILARITY: f32 = 0.7;

/// Whether katakana can be cut, in order, into pieces that each sound like one word of an
/// English phrase or identifier: `ネットワークサービス` is `Network`+`Service`, while
/// `ネットワークフロー` is not `Network File` (`フロー` is no `file`) and `レプリカボリューム`
/// is not `Raw Block Volumes`, though the skeletons of the wholes are close. An English side
/// of one word is not cut (`ファイルシステム` ↔ `filesystem`).
pub fn matches_word_by_word(katakana: &str, english: &str) -> bool {
    let words: Vec<&str> = split_identifier(english);
    if words.len() < 2 {
        return true;
    }
    let kana: Vec<char> = katakana
        .chars()
        .filter(|&c| c != ' ' && c != '・')
        .collect();
    let n = kana.len();
    // reach[i]: the first `j` words can be read in `kana[..i]`; one word at a time.
    let mut reach = vec![false; n + 1];
    reach[0] = true;
    for word in &words {
        let keys = english_keys(word);
        let mut next = vec![false; n + 1];
        // A small word of a phrase is said in many ways or not at all (`end-to-end` →
        // エンドツーエンド, `out of memory`): it takes up to three kana, or none.
        let small = super::candidates::is_stop_word(word);
        for start in (0..=n).filter(|&i| reach[i]) {
            if small {
                next[start..=(start + 3).min(n)].fill(true);
                continue;
            }
            // A word of a compound is two kana or more (`プル`, `ツー`): one kana is a sound.
            for end in start + 2..=n {
                let piece = kana_key(&kana[start..end].iter().collect::<String>());
                if keys
                    .iter()
                    .any(|k| similarity(&piece, k) >= PIECE_SIMILARITY)
                {
                    next[end] = true;
                }
            }
        }
        reach = next;
    }
    reach[n]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compounds_match_phrases_word_by_word() {
        for (k, e) in [
            ("ネットワークサービス", "Network Service"),
            (
                "グレースフル・ノードシャットダウン",
                "Graceful Node Shutdown",
            ),
            ("ボリュームサブパス", "VolumeSubpath"),
            ("クラウドネイティブ", "Cloud Native"),
            ("イメージプル", "image pull"),
            ("ファイルシステム", "filesystem"),
            ("エフェメラルストレージ", "ephemeral-storage"),
            ("エンドツーエンド", "end-to-end"),
            ("コンテナユーザー", "ContainerUser"),
        ] {
            assert!(matches_word_by_word(k, e), "{k} {e}");
        }
        for (k, e) in [
            ("ネットワークフロー", "Network File"),
            ("レプリカボリューム", "Raw Block Volumes"),
        ] {
            assert!(!matches_word_by_word(k, e), "{k} {e}");
        }
    }

    #[test]
    fn plurals_lose_their_ending() {
        for (plural, one) in [
            ("containers", "container"),
            ("Policies", "Policy"),
            ("IngressClasses", "IngressClass"),
            ("processes", "process"),
            ("batches", "batch"),
            ("boxes", "box"),
            ("pushes", "push"),
            ("caches", "cache"),
            ("bases", "base"),
            ("VolumeMounts", "VolumeMount"),
        ] {
            assert_eq!(singular(plural).as_deref(), Some(one), "{plural}");
        }
        for word in ["status", "Ingress", "analysis", "ops"] {
            assert_eq!(singular(word), None, "{word}");
        }
    }

    #[test]
    fn romaji_table() {
        let cases = [
            // long vowels
            ("ファイナライザー", "fainaraizaa"),
            ("コレクター", "korekutaa"),
            ("ポリシー", "porishii"),
            ("ノード", "noodo"),
            // small kana and sokuon
            ("ミューテーティング", "myuuteetingu"),
            ("アドミッション", "adomisshon"),
            ("ポッド", "poddo"),
            ("キャッシュ", "kyasshu"),
            ("マッチ", "matchi"),
            ("ジョブ", "jobu"),
            // ヴ and the foreign-sound combinations
            ("ヴォリューム", "voryuumu"),
            ("ヴァリデーション", "varideeshon"),
            ("ティ", "ti"),
            ("ディスク", "disuku"),
            ("ファイル", "fairu"),
            ("フィールド", "fiirudo"),
            ("フェーズ", "feezu"),
            ("フォワーダ", "fowaada"),
            ("ウィンドウズ", "windouzu"),
            ("ウェブフック", "webufukku"),
            ("ウォッチ", "wotchi"),
            ("シェル", "sheru"),
            ("ジェネレーター", "jenereetaa"),
            ("チェック", "chekku"),
            ("デュアル", "dyuaru"),
            // hiragana and half-width forms are read as katakana
            ("ぽっど", "poddo"),
            ("ｻｲﾄﾞｶｰ", "saidokaa"),
        ];
        for (kana, want) in cases {
            assert_eq!(romanize(kana), want, "{kana}");
        }
    }

    #[test]
    fn camel_case_splits_keep_acronyms() {
        assert_eq!(
            split_identifier("MutatingAdmissionPolicy"),
            ["Mutating", "Admission", "Policy"]
        );
        assert_eq!(
            split_identifier("CBORServingAndStorage"),
            ["CBOR", "Serving", "And", "Storage"]
        );
        assert_eq!(
            split_identifier("ignoreStoreReadError"),
            ["ignore", "Store", "Read", "Error"]
        );
        assert_eq!(split_identifier("client-go"), ["client", "go"]);
        assert_eq!(
            split_identifier("HPAContainerMetrics"),
            ["HPA", "Container", "Metrics"]
        );
    }

    #[test]
    fn loanwords_match_their_english() {
        let must = [
            ("ファイナライザー", "finalizer"),
            ("ファイナライザー", "Finalizers"),
            ("サイドカーコンテナ", "SidecarContainers"),
            ("サイドカーコンテナ", "sidecar container"),
            (
                "ミューテーティングアドミッションポリシー",
                "MutatingAdmissionPolicy",
            ),
            ("ガーベジコレクター", "garbage collector"),
            ("ガベージコレクター", "garbage collector"),
            ("コンテナランタイム", "container runtime"),
            ("コンテナ ランタイム", "Container Runtime"),
            ("クラスター", "cluster"),
            ("クラスタ", "cluster"),
            ("ポッド", "Pod"),
            ("ノード", "node"),
            ("ウェブフック", "webhook"),
            ("スケジューリング", "scheduling"),
            ("ストリーミング", "streaming"),
            ("メトリクス", "metrics"),
            ("アドミッションコントローラー", "admission controller"),
            ("ヴォリューム", "volume"),
            ("ボリューム", "volume"),
            ("ディスク", "disk"),
            ("ティント", "tint"),
            ("ファイル", "file"),
            ("ロードバランサー", "load balancer"),
            ("クラウドプロバイダー", "cloud-provider"),
            ("サービスアカウント", "ServiceAccount"),
            ("インフォーマー", "informer"),
            ("アノテーション", "annotation"),
        ];
        for (k, e) in must {
            let s = match_score(k, e);
            assert!(
                s >= 0.85,
                "{k} ↔ {e}: {s} ({:?} vs {:?})",
                kana_key(k),
                english_keys(e)
            );
        }
    }

    #[test]
    fn different_words_do_not_match() {
        let must_not = [
            ("ポッド", "node"),
            ("ノード", "pod"),
            ("ポッド", "port"),
            ("コンテナ", "controller"),
            ("ウェブフック", "workload"),
            ("クラスター", "cluster autoscaler"),
            ("ログ", "lock"),
            ("サービス", "server"),
            ("ポリシー", "priority"),
            // a long vowel is not a real l or r
            ("サポート", "split"),
            // a leading w is a sound of its own
            ("ワークロード", "cloud"),
            ("サイト", "set"),
        ];
        for (k, e) in must_not {
            let s = match_score(k, e);
            assert!(s < 0.85, "{k} ↔ {e}: {s}");
        }
    }

    #[test]
    fn the_agent_noun_outranks_the_verb() {
        // ファイナライザー is "finalizer", not "finalize": the final ー counts.
        let noun = match_score("ファイナライザー", "finalizer");
        let verb = match_score("ファイナライザー", "finalize");
        assert!(noun - verb >= 0.1, "{noun} vs {verb}");
        assert!(match_score("ポリシー", "policy") > 0.95);
        assert!(match_score("ツリー", "tree") > 0.95);
    }

    #[test]
    fn vowels_break_consonant_ties() {
        for (kana, right, wrong) in [
            ("セキュリティ", "security", "secret"),
            ("ラベル", "label", "level"),
            ("サーバー", "server", "sober"),
        ] {
            let r = match_score(kana, right);
            let w = match_score(kana, wrong);
            assert!(r > w, "{kana}: {right} {r} vs {wrong} {w}");
        }
    }

    #[test]
    fn spelling_variants_have_close_keys() {
        // クラスタ/クラスター, ガベージ/ガーベジ, ヴォ/ボ score high against each other too.
        for (a, b) in [
            ("クラスタ", "クラスター"),
            ("ガベージコレクター", "ガーベジコレクター"),
            ("ヴォリューム", "ボリューム"),
            ("コントローラ", "コントローラー"),
        ] {
            let s = similarity(&kana_key(a), &kana_key(b));
            assert!(s >= 0.85, "{a} ~ {b}: {s}");
        }
    }

    #[test]
    fn block_keys_agree_for_pairs_that_should_meet() {
        for (k, e) in [
            ("ファイナライザー", "finalizer"),
            ("ガベージコレクター", "garbage collector"),
            ("サイドカーコンテナ", "SidecarContainers"),
        ] {
            assert_eq!(
                kana_key(k).block_key(),
                english_key(e).block_key(),
                "{k} {e}"
            );
        }
    }

    #[test]
    fn a_vowel_heard_in_english_is_written_in_its_loanword() {
        // Each was a candidate on unseen pages: the consonants agree, the vowels cannot.
        for (k, e) in [
            // an `i` written ア is the diphthong アイ
            ("マナー", "minor"),
            // the r-coloured `ar` is ア
            ("ベース", "vars"),
            // a consonant `y` is written ヤ, ユ, ヨ or イ
            ("メール", "yaml"),
            // a first vowel spelled long is not cut short by ッ
            ("リッスン", "Reason"),
            // a ー needs a vowel the English may hear long
            ("コンソール", "Consul"),
            ("データファイル", "dotfile"),
            // キャ is an English `a`
            ("キャンセル", "Consul"),
        ] {
            assert!(match_score(k, e) < 0.85, "{k} {e}: {}", match_score(k, e));
        }
        for (k, e) in [
            ("マイナー", "minor"),
            ("ライン", "line"),
            ("ファイル", "file"),
            ("スター", "star"),
            ("ターゲット", "target"),
            ("ワーニング", "warning"),
            ("ヤムル", "yaml"),
            ("ユーザー", "user"),
            ("リーズン", "reason"),
            ("シート", "sheet"),
            ("ブック", "book"),
            ("コンソール", "console"),
            ("コントローラー", "controller"),
            ("インストール", "install"),
            ("ステーブル", "stable"),
            ("シークレット", "secret"),
            ("オーナー", "owner"),
            ("ボリューム", "volume"),
            ("コールバック", "callback"),
            ("キャパシティ", "capacity"),
            ("キャンセル", "cancel"),
            ("ギャップ", "gap"),
        ] {
            assert!(match_score(k, e) >= 0.85, "{k} {e}: {}", match_score(k, e));
        }
    }

    #[test]
    fn katakana_of_another_word_with_the_same_consonants_is_no_match() {
        // Each wrong pair was a glossary candidate: a short word's vowel written the way no
        // loanword writes it, or a heard final vowel the katakana drops.
        for (k, e) in [
            ("インド", "end"),
            ("ラック", "lock"),
            ("ラップ", "loop"),
            ("マーク", "make"),
            ("コール", "curl"),
            ("コミット", "committee"),
            ("バランス", "balancer"),
            ("パス", "pause"),
            ("バインディング", "pending"),
            ("ゲート", "kate"),
            ("ヘルス", "false"),
            ("ホールド", "fold"),
            // a final `ey` is heard イー
            ("ケース", "keys"),
            // a cluster against a heard vowel, either way round
            ("スケーラ", "secure"),
            ("スケール", "secure"),
            ("サポート", "sport"),
            ("セキュア", "scale"),
        ] {
            assert!(match_score(k, e) < 0.85, "{k} {e}: {}", match_score(k, e));
        }
        // ...while the loanwords themselves still match.
        for (k, e) in [
            ("エンド", "end"),
            ("ロック", "lock"),
            ("ループ", "loop"),
            ("メイク", "make"),
            ("カール", "curl"),
            ("コミッティー", "committee"),
            ("バランサー", "balancer"),
            ("ネーム", "name"),
            ("イメージ", "image"),
            ("データ", "data"),
            ("サーバー", "server"),
            ("アクセラレータ", "accelerator"),
            ("ポリシー", "policy"),
            ("デフォルト", "default"),
            ("オートスケーラー", "autoscaler"),
            ("マウント", "mount"),
            ("ユーザー", "user"),
            ("フック", "hook"),
            ("フォールト", "fault"),
            ("キー", "key"),
            ("キー", "keys"),
            ("ジャーニー", "journey"),
            ("ケース", "case"),
            ("スケーラー", "scaler"),
            ("サポート", "support"),
            ("スクリプト", "script"),
            ("ステータス", "status"),
            ("スケジューラー", "scheduler"),
            ("スループット", "throughput"),
            ("シュリンク", "shrink"),
            ("トラフィック", "traffic"),
            ("ツリー", "tree"),
            ("フラグ", "flag"),
            ("クライアント", "client"),
            // the carrier vowel is the English one
            ("プル", "pull"),
            ("トレランス", "tolerance"),
            ("トポロジー", "topology"),
            ("クバネティス", "kubernetes"),
        ] {
            assert!(match_score(k, e) >= 0.85, "{k} {e}: {}", match_score(k, e));
        }
    }
}
