//! Japanese text: the one lindera segmenter of the process, NFKC normalization, katakana
//! spelling-variant folding and the character counts a reader sees.
//!
//! Every stage that looks at Japanese goes through here: extraction normalizes before it
//! matches, the glossary asks for readings and noun compounds, search folds variants the same
//! way on both sides, and article pages show a character count and reading time.
//! The IPADIC dictionary is compiled by `build.rs` and embedded into the binary; it is loaded
//! once (zero-copy) on first use.
use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::LazyLock;

use lindera::mode::Mode;
use lindera::segmenter::Segmenter;
use unicode_normalization::UnicodeNormalization;

mod ipadic {
    lindera_dictionary::embedded_dictionary!("/lindera-ipadic", IpadicLoader);
}

static SEGMENTER: LazyLock<Segmenter> = LazyLock::new(|| {
    let dictionary = ipadic::load().expect("the IPADIC embedded at build time loads");
    Segmenter::new(Mode::Normal, dictionary, None)
});

/// One token of segmented text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    pub surface: String,
    /// IPADIC part of speech (品詞), e.g. `名詞`.
    pub pos: String,
    /// First subcategory (品詞細分類1), e.g. `一般`, `サ変接続`, `固有名詞`.
    pub pos_detail: String,
    /// Katakana reading when the dictionary knows it (unknown words have none).
    pub reading: Option<String>,
    /// Byte offset of the word in the segmented text.
    pub start: usize,
}

impl Word {
    pub fn is_noun(&self) -> bool {
        self.pos == "名詞"
    }
}

/// One token of segmented text, borrowed: the surface from the text, the part of speech and
/// the reading from the dictionary (which lives as long as the process). Segmenting into these
/// allocates nothing per token, which makes it about three times as fast as [`words`]; the
/// build segments every article this way, once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WordRef<'t> {
    pub surface: &'t str,
    /// IPADIC part of speech (品詞), e.g. `名詞`.
    pub pos: &'static str,
    /// First subcategory (品詞細分類1), e.g. `一般`, `サ変接続`, `固有名詞`.
    pub pos_detail: &'static str,
    /// Katakana reading when the dictionary knows it (unknown words have none).
    pub reading: Option<&'static str>,
    /// Byte offset of the word in the segmented text.
    pub start: usize,
}

impl WordRef<'_> {
    pub fn is_noun(&self) -> bool {
        self.pos == "名詞"
    }

    /// Byte offset just past the word.
    pub fn end(&self) -> usize {
        self.start + self.surface.len()
    }

    /// Whether the word counts towards reading time: punctuation and symbols do not.
    pub fn counts(&self) -> bool {
        counts_as_word(self.surface)
    }

    pub fn to_owned(&self) -> Word {
        Word {
            surface: self.surface.to_string(),
            pos: self.pos.to_string(),
            pos_detail: self.pos_detail.to_string(),
            reading: self.reading.map(str::to_string),
            start: self.start,
        }
    }
}

thread_local! {
    // The Viterbi lattice is scratch space; one per thread saves allocating it for every call.
    static LATTICE: std::cell::RefCell<lindera_dictionary::viterbi::Lattice> =
        std::cell::RefCell::new(Default::default());
}

type Details = (&'static str, &'static str, Option<&'static str>);

/// A fast hasher for hash maps on the per-token paths (word ids, spellings), where SipHash,
/// the default, costs more than the lookup it serves. Not DoS-resistant, which is fine for a
/// site's own articles.
#[derive(Default, Clone, Copy)]
pub struct FastHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FastHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let mut tail = [0u8; 8];
        let rest = chunks.remainder();
        tail[..rest.len()].copy_from_slice(rest);
        self.add(u64::from_le_bytes(tail) ^ ((rest.len() as u64) << 56));
    }

    fn write_u8(&mut self, n: u8) {
        self.add(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
}

/// A `HashMap` with [`FastHasher`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

thread_local! {
    // What `details` read for each word id, per thread (see there).
    static SEEN: std::cell::RefCell<FastMap<u64, Details>> =
        std::cell::RefCell::new(HashMap::default());
}

/// Part of speech, subcategory and reading of a dictionary entry. Read from the 'static
/// dictionary, not through the token, so that they outlive it; remembered per thread by word
/// id in `seen` (the thread's `SEEN`, borrowed once per piece of text rather than once per
/// token), because an entry's fields sit at a random place in a 50 MB table (a cache miss
/// each) while prose uses a few thousand distinct words.
fn details(
    dictionary: &'static lindera_dictionary::dictionary::Dictionary,
    id: lindera_dictionary::viterbi::WordId,
    seen: &mut FastMap<u64, Details>,
) -> Details {
    let key = ((id.is_unknown() as u64) << 32) | id.id() as u64;
    if let Some(&d) = seen.get(&key) {
        return d;
    }
    let mut fields = if id.is_unknown() {
        dictionary.unknown_word_details_iter(id.id() as usize)
    } else {
        dictionary.word_details_iter(id.id() as usize)
    };
    let pos = fields.next().unwrap_or("");
    let pos_detail = fields.next().unwrap_or("");
    // Fields 2–6 are subcategories, conjugation and base form; 7 is the reading.
    let reading = fields.nth(5).filter(|r| !r.is_empty() && *r != "*");
    let d = (pos, pos_detail, reading);
    seen.insert(key, d);
    d
}

/// Text longer than this is segmented in pieces cut after a sentence end, a comma, a space or
/// a line break: lindera's lattice and token list grow with the text it is given, and a block
/// of one 10 MB line must not hold a lattice of 10 MB (the thread-local lattice keeps its
/// largest size).
const SEGMENT_PIECE: usize = 16 * 1024;

/// Segments `text` into borrowed words with part of speech and reading; see [`WordRef`].
pub fn word_refs(text: &str) -> Vec<WordRef<'_>> {
    let segmenter: &'static Segmenter = &SEGMENTER;
    let dictionary = &segmenter.dictionary;
    let mut out = Vec::new();
    for (offset, piece) in pieces(text, SEGMENT_PIECE) {
        let Ok(tokens) =
            LATTICE.with_borrow_mut(|l| segmenter.segment_with_lattice(Cow::Borrowed(piece), l))
        else {
            continue;
        };
        SEEN.with_borrow_mut(|seen| {
            out.extend(tokens.iter().map(|token| {
                let (pos, pos_detail, reading) = details(dictionary, token.word_id, seen);
                WordRef {
                    surface: &text[offset + token.byte_start..offset + token.byte_end],
                    pos,
                    pos_detail,
                    reading,
                    start: offset + token.byte_start,
                }
            }))
        });
    }
    out
}

/// `text` cut into pieces of at most about `max` bytes, each ending after a natural break
/// (`。`, `、`, `！`, `？`, a space, a line break) when one lies in the second half of the piece,
/// else at a character boundary; with each piece's byte offset.
fn pieces(text: &str, max: usize) -> impl Iterator<Item = (usize, &str)> {
    let mut start = 0;
    std::iter::from_fn(move || {
        if start >= text.len() {
            return None;
        }
        let rest = &text[start..];
        let piece = if rest.len() <= max {
            rest
        } else {
            let mut end = max;
            while !rest.is_char_boundary(end) {
                end -= 1;
            }
            let window = &rest[..end];
            let cut = window
                .char_indices()
                .rev()
                .take_while(|(i, _)| *i >= end / 2)
                .find(|(_, c)| matches!(c, '。' | '、' | '！' | '？' | ' ' | '\n' | '　'))
                .map_or(end, |(i, c)| i + c.len_utf8());
            &rest[..cut]
        };
        let at = start;
        start += piece.len();
        Some((at, piece))
    })
}

/// Segments `text` into words with part of speech and reading (owned; see [`word_refs`] for
/// the allocation-free form).
pub fn words(text: &str) -> Vec<Word> {
    word_refs(text).iter().map(WordRef::to_owned).collect()
}

/// Segments `text` into surfaces only (cheaper: no part-of-speech strings).
pub fn surfaces(text: &str) -> Vec<String> {
    match SEGMENTER.segment(Cow::Borrowed(text)) {
        Ok(tokens) => tokens.iter().map(|t| t.surface.to_string()).collect(),
        Err(_) => Vec::new(),
    }
}

#[cfg(test)]
mod piece_tests {
    use super::pieces;

    #[test]
    fn long_text_is_cut_after_natural_breaks_and_covers_everything() {
        let text = "あいう。えお、かき ".repeat(1000);
        let got: Vec<(usize, &str)> = pieces(&text, 100).collect();
        assert_eq!(got.iter().map(|(_, p)| *p).collect::<String>(), text);
        for (at, p) in &got {
            assert_eq!(&text[*at..*at + p.len()], *p);
            assert!(p.len() <= 100);
        }
        assert!(
            got[..got.len() - 1]
                .iter()
                .all(|(_, p)| p.ends_with(['。', '、', ' ']))
        );
        let solid = "漢".repeat(100);
        assert!(pieces(&solid, 10).all(|(_, p)| p.len() <= 10 && !p.is_empty()));
        assert_eq!(pieces("短い", 100).count(), 1);
    }
}

/// NFKC: full-width letters and digits become ASCII, half-width katakana become full-width.
pub fn nfkc(text: &str) -> String {
    if is_nfkc(text) {
        return text.to_string();
    }
    text.nfkc().collect()
}

/// Whether `text` is surely NFKC already (`false` may still be NFKC): most text is (ASCII,
/// kana, kanji), and this says so without running the normalizer. The characters
/// [`nfkc_keeps`] names are left out of Unicode's quick check, which would look each one up in
/// its tables: they are NFKC whatever stands next to them, and leaving out a character of
/// combining class 0 can only make the check stricter.
pub fn is_nfkc(text: &str) -> bool {
    text.is_ascii()
        || unicode_normalization::is_nfkc_quick(text.chars().filter(|&c| !nfkc_keeps(c)))
            == unicode_normalization::IsNormalized::Yes
}

/// Characters NFKC leaves alone whatever stands next to them (ASCII, CJK punctuation, kana,
/// kanji): most of the text, told apart without asking the normalizer's tables.
pub fn nfkc_keeps(c: char) -> bool {
    matches!(c,
        '\0'..='\u{7F}'
        | '\u{3001}'..='\u{3003}' | '\u{3005}'..='\u{3007}' | '\u{3008}'..='\u{3011}'
        | '\u{3014}'..='\u{301F}'
        | '\u{3041}'..='\u{3096}'          // hiragana
        | '\u{30A1}'..='\u{30FE}'          // katakana, ・, ー, ヽ, ヾ
        | '\u{3400}'..='\u{4DBF}'          // CJK unified ideographs extension A
        | '\u{4E00}'..='\u{9FFF}') // CJK unified ideographs
}

/// Number of characters (not bytes) a reader sees.
pub fn char_count(text: &str) -> usize {
    // Kana and kanji (most of the text) lie above every white-space character but U+3000:
    // answered without the Unicode table.
    text.chars()
        .filter(|&c| c > '\u{3000}' || !c.is_whitespace())
        .count()
}

/// Words as the tokenizer sees them, leaving out punctuation and spaces: the unit of reading
/// time, since a character count overweights kana-heavy prose and underweights English.
pub fn word_count(text: &str) -> usize {
    let Ok(tokens) = SEGMENTER.segment(Cow::Borrowed(text)) else {
        return 0;
    };
    tokens.iter().filter(|t| counts_as_word(&t.surface)).count()
}

/// [`word_count`] of text without kana or kanji, counted without the tokenizer, as it counts:
/// a run of letters is a word, a run of digits another (`v1.32` is three), punctuation and
/// spaces are none. Kana or kanji in it (a code span in Japanese) count a word per 1.7
/// characters, IPADIC's average.
pub fn latin_word_count(text: &str) -> usize {
    #[derive(PartialEq, Clone, Copy)]
    enum Run {
        None,
        Letters,
        Digits,
        Japanese,
    }
    let mut words = 0;
    let mut japanese: usize = 0;
    let mut run = Run::None;
    for c in text.chars() {
        let now = if c.is_ascii_digit() {
            Run::Digits
        } else if is_kana_or_kanji(c) {
            Run::Japanese
        } else if c.is_alphanumeric() {
            Run::Letters
        } else {
            Run::None
        };
        if now == Run::Japanese {
            japanese += 1;
        } else if now != run && now != Run::None {
            words += 1;
        }
        run = now;
    }
    words + (japanese * 10).div_ceil(17)
}

/// Whether a token counts as a word for [`word_count`]: it has a letter or a digit.
pub fn counts_as_word(surface: &str) -> bool {
    // Kana and kanji are letters: answered without the slow Unicode table lookup.
    surface.chars().any(|c| {
        matches!(c, '\u{3041}'..='\u{3096}' | '\u{30A1}'..='\u{30FA}' | '\u{4E00}'..='\u{9FFF}')
            || c.is_alphanumeric()
    })
}

/// Words a reader gets through in a minute of technical Japanese: about 500 characters a
/// minute at IPADIC's average of 1.7 characters a word.
pub const WORDS_PER_MINUTE: usize = 300;

/// Reading time in whole minutes (at least 1) for `words` words.
pub fn reading_minutes(words: usize) -> usize {
    words.div_ceil(WORDS_PER_MINUTE).max(1)
}

pub fn is_hiragana(c: char) -> bool {
    matches!(c, '\u{3041}'..='\u{309F}')
}

pub fn is_katakana(c: char) -> bool {
    matches!(
        c,
        '\u{30A1}'..='\u{30FA}' | 'ー' | '・' | '\u{30FD}' | '\u{30FE}'
    )
}

/// Whether a line break between two such characters is no space: Japanese writes no spaces
/// between words, so a paragraph wrapped in the middle of a sentence (kubernetes.io's pages
/// are) must join its lines without one. Kana, kanji, CJK punctuation (、。「」) and full-width
/// forms (（）！？).
pub fn joins_without_space(c: char) -> bool {
    matches!(c,
        '\u{3000}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{FF01}'..='\u{FF60}'
        | '\u{FFE0}'..='\u{FFE6}')
}

/// `text`'s lines joined as a paragraph shows them: without a space between two characters
/// that join without one ([`joins_without_space`]), else with one.
pub fn join_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut lines = text.split('\n').peekable();
    while let Some(line) = lines.next() {
        out.push_str(line);
        if let Some(next) = lines.peek() {
            let wide = |c: Option<char>| c.is_some_and(joins_without_space);
            if !(wide(line.chars().last()) && wide(next.chars().next())) {
                out.push(' ');
            }
        }
    }
    out
}

/// A kanji: a CJK unified ideograph (with extension A) or the repetition mark `々`.
pub fn is_kanji(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '々')
}

pub fn is_kana_or_kanji(c: char) -> bool {
    matches!(c,
        '\u{3041}'..='\u{309F}' | '\u{30A0}'..='\u{30FF}' | '\u{4E00}'..='\u{9FFF}'
        | '\u{3400}'..='\u{4DBF}' | '々' | '〆')
}

/// Folds katakana spelling variants to one key: NFKC, lowercase, drop the long-vowel mark and
/// middle dot, ヴァ→バ etc., so クラスタ/クラスター and ガベージ/ガーベジ meet. Hyphens and spaces
/// go too, so `kube-apiserver` and `kube apiserver` meet.
pub fn fold_variants(text: &str) -> String {
    let n = nfkc(text).to_lowercase();
    let kept: String = n.chars().filter(|c| !matches!(c, '-' | ' ')).collect();
    fold_kana(&kept)
}

/// The katakana part of [`fold_variants`], without NFKC or lowercasing: drops ー and ・, and
/// maps ヴァ/ヴィ/ヴェ/ヴォ/ヴ → バ/ビ/ベ/ボ/ブ, ヂ → ジ, ヅ → ズ. Other characters pass through.
///
/// Search (`search::tokenize`) folds every CJK run with this, and `static/search.js` mirrors it
/// character for character (`foldKana`); change both together, the shared test vectors in
/// `tests/search-vectors.json` catch a drift.
pub fn fold_kana(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    fold_kana_into(text, &mut out);
    out
}

/// [`fold_kana`] appending to `out` (the search index folds millions of runs into one buffer).
/// The text between the characters the fold changes is copied a stretch at a time: most runs
/// hold none of them.
pub fn fold_kana_into(text: &str, out: &mut String) {
    let mut copied = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let folded = fold_kana_char(c);
        if folded == Some(c) {
            continue;
        }
        out.push_str(&text[copied..i]);
        copied = i + c.len_utf8();
        if c == 'ヴ'
            && let Some(&(j, small)) = chars.peek()
            && let Some(merged) = vu_with(small)
        {
            chars.next();
            out.push(merged);
            copied = j + small.len_utf8();
        } else if let Some(f) = folded {
            out.push(f);
        }
    }
    out.push_str(&text[copied..]);
}

/// The folded characters of `chars`, one at a time: [`fold_kana`] without a string, for callers
/// that count or drop characters first (`glossary::candidates`).
pub fn fold_kana_chars(chars: impl Iterator<Item = char>) -> impl Iterator<Item = char> {
    let mut chars = chars.peekable();
    std::iter::from_fn(move || {
        loop {
            let c = chars.next()?;
            if c == 'ヴ'
                && let Some(merged) = chars.peek().and_then(|&n| vu_with(n))
            {
                chars.next();
                return Some(merged);
            }
            if let Some(f) = fold_kana_char(c) {
                return Some(f);
            }
        }
    })
}

/// The katakana fold of one character on its own: `ー` and `・` vanish (`None`), ヴ → ブ,
/// ヂ → ジ, ヅ → ズ, anything else as it is. With [`vu_with`], the whole rule of [`fold_kana`];
/// the glossary matcher, which keeps offsets, folds with these two.
pub fn fold_kana_char(c: char) -> Option<char> {
    match c {
        'ー' | '・' => None,
        'ヴ' => Some('ブ'),
        'ヂ' => Some('ジ'),
        'ヅ' => Some('ズ'),
        _ => Some(c),
    }
}

/// What ヴ and the small vowel `small` after it fold to together (ヴァ → バ, ヴィ → ビ, ヴェ → ベ,
/// ヴォ → ボ); `None` when `small` does not merge.
pub fn vu_with(small: char) -> Option<char> {
    match small {
        'ァ' => Some('バ'),
        'ィ' => Some('ビ'),
        'ェ' => Some('ベ'),
        'ォ' => Some('ボ'),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_said_to_be_nfkc_is_what_the_normalizer_gives() {
        // Kept characters beside marks that compose with them or must be reordered, full-width
        // and half-width forms, compatibility ideographs and ligatures.
        let pieces = [
            "か", "\u{3099}", "\u{309A}", "ｶ", "ﾞ", "（", "）", "：", "Ａ", "a", "e", "\u{301}",
            "\u{316}", "漢", "\u{F900}", "ﬁ", "①", "㍻", "ー", "ヽ", "ゝ", "\u{3400}", "。", " ",
        ];
        let mut checked = 0;
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let s = format!("{a}{b}{c}");
                    let normalized: String = s.nfkc().collect();
                    if is_nfkc(&s) {
                        assert_eq!(normalized, s, "{s:?} is not NFKC");
                        checked += 1;
                    }
                    assert_eq!(nfkc(&s), normalized, "{s:?}");
                }
            }
        }
        assert!(
            checked > 1000,
            "most joins of kept characters are NFKC: {checked}"
        );
        assert!(is_nfkc("サイドカーコンテナ(KEP-753)の機能、「ベータ」へ。"));
        assert!(!is_nfkc("（ＫＥＰ）"));
        assert!(
            !is_nfkc("か\u{3099}"),
            "か and a voicing mark compose to が"
        );
    }

    #[test]
    fn segments_a_sentence_from_the_1_32_article() {
        let w = words("破損したリソースの安全でない削除を許可する新機能が追加されました。");
        let s: Vec<&str> = w.iter().map(|w| w.surface.as_str()).collect();
        assert_eq!(&s[..4], ["破損", "し", "た", "リソース"]);
        assert_eq!(w[0].pos, "名詞");
        assert_eq!(w[0].reading.as_deref(), Some("ハソン"));
    }

    #[test]
    fn unknown_katakana_and_identifiers_come_out_whole() {
        let s = surfaces(
            "FeatureGate KubeletCrashLoopBackoffMax を有効にし、ファイナライザーを使います",
        );
        assert!(
            s.contains(&"KubeletCrashLoopBackoffMax".to_string()),
            "{s:?}"
        );
        assert!(s.contains(&"ファイナライザー".to_string()), "{s:?}");
    }

    #[test]
    fn words_leave_out_punctuation() {
        // 監査 / ログ / を / 有効 / に / し / ます (the 、 and 。 do not count)
        assert_eq!(word_count("監査ログを、有効にします。"), 7);
        assert_eq!(word_count("FeatureGate KubeletCrashLoopBackoffMax"), 2);
    }

    #[test]
    fn latin_words_are_counted_as_the_tokenizer_counts_them() {
        for text in [
            "FeatureGate KubeletCrashLoopBackoffMax",
            "kubectl get pods -n kube-system",
            "KEP-3962, v1.32 and PR #128266",
            "the `--feature-gates` flag (alpha)",
        ] {
            assert_eq!(latin_word_count(text), word_count(text), "{text}");
        }
    }

    #[test]
    fn borrowed_words_are_the_owned_words() {
        let text = "KEP-3962でミューテーティングアドミッションポリシーが追加され、監査ログを有効にします。\nFeatureGate KubeletCrashLoopBackoffMax";
        let refs = word_refs(text);
        let owned = words(text);
        assert_eq!(refs.len(), owned.len());
        for (r, o) in refs.iter().zip(&owned) {
            assert_eq!(&r.to_owned(), o);
            assert_eq!(&text[r.start..r.end()], r.surface);
        }
        let kansa = refs.iter().find(|w| w.surface == "監査").unwrap();
        assert_eq!(
            (kansa.pos, kansa.pos_detail, kansa.reading),
            ("名詞", "サ変接続", Some("カンサ"))
        );
        let unknown = refs
            .iter()
            .find(|w| w.surface == "ミューテーティングアドミッションポリシー")
            .unwrap();
        assert_eq!((unknown.pos, unknown.reading), ("名詞", None));
        // The count the build takes from these tokens is `word_count`'s.
        assert_eq!(refs.iter().filter(|w| w.counts()).count(), word_count(text));
    }

    #[test]
    fn nfkc_folds_full_width_forms() {
        assert_eq!(nfkc("ＫＥＰ－３１５７"), "KEP-3157");
        assert_eq!(nfkc("＃１２８２６６"), "#128266");
        assert_eq!(nfkc("ｻｲﾄﾞｶｰ"), "サイドカー");
    }

    #[test]
    fn character_counts_are_not_byte_counts() {
        assert_eq!(char_count("監査ログ"), 4);
        assert_eq!(reading_minutes(601), 3);
        assert_eq!(reading_minutes(0), 1);
    }

    #[test]
    fn spelling_variants_fold_together() {
        assert_eq!(fold_variants("クラスタ"), fold_variants("クラスター"));
        assert_eq!(
            fold_variants("ガベージコレクター"),
            fold_variants("ガーベジコレクター")
        );
        assert_eq!(fold_variants("ヴォリューム"), fold_variants("ボリューム"));
        assert_ne!(fold_variants("ポッド"), fold_variants("ノード"));
        assert_eq!(fold_variants("kube-apiserver"), "kubeapiserver");
    }

    #[test]
    fn kana_folds_one_character_and_a_vu_pair_at_a_time() {
        assert_eq!(fold_kana_char('ー'), None);
        assert_eq!(fold_kana_char('・'), None);
        assert_eq!(fold_kana_char('ヴ'), Some('ブ'));
        assert_eq!(fold_kana_char('ア'), Some('ア'));
        assert_eq!(vu_with('ォ'), Some('ボ'));
        assert_eq!(vu_with('ア'), None);
        // A long-vowel mark between ヴ and the small vowel keeps them apart.
        assert_eq!(fold_kana("ヴーァ"), "ブァ");
        assert_eq!(fold_kana("ヴヴァ"), "ブバ");
        assert_eq!(fold_kana_chars("ヴェール".chars()).count(), 2);
        for s in [
            "ヴーァ",
            "ヴヴァ",
            "ヴ",
            "ヴァリデーション・ルール",
            "監査ログ",
            "aヴィbヂ・ヅ",
            "",
        ] {
            assert_eq!(
                fold_kana(s),
                fold_kana_chars(s.chars()).collect::<String>(),
                "{s}"
            );
        }
    }

    #[test]
    fn lines_join_without_a_space_between_japanese_characters_only() {
        assert_eq!(
            join_lines("改行\nだけの段落、English\nwords と `x`\nを含む"),
            "改行だけの段落、English words と `x` を含む"
        );
    }

    #[test]
    fn fold_kana_keeps_everything_but_katakana_variants() {
        assert_eq!(fold_kana("ヴァリデーション・ルール"), "バリデションルル");
        assert_eq!(fold_kana("ヴ"), "ブ");
        assert_eq!(fold_kana("ヅヂ"), "ズジ");
        assert_eq!(fold_kana("a-b c"), "a-b c");
    }
}
