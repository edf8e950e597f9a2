//! The search tokenizer: the one definition of the keys the index stores and a query produces.
//!
//! The browser cannot run lindera, so the keys are ones a few lines of JavaScript can compute
//! exactly: `static/search.js` (`units()`) mirrors this file rule for rule, and the vectors in
//! `tests/search-vectors.json` are checked by a unit test here and by the browser test.
//!
//! Rules, applied to NFKC-normalized text:
//! - **ASCII words** (runs of `[A-Za-z0-9]`) give the whole word lowercased; a word made of
//!   several parts (CamelCase, `HTTPServer`, letters next to digits as in `v1alpha3`) also gives
//!   each part, except one-letter parts, so `PodLevelResources` is found by `pod`.
//! - **Numbers** (all-digit words) are one exact token. The query side never prefix-matches
//!   them, so `3157` never finds `31570`.
//! - **CJK runs** (kana, kanji, ー, ・) are folded with [`fold_kana`] (クラスター → クラスタ,
//!   ヴァ → バ, ー and ・ dropped) and give character bigrams, or the single character when the
//!   folded run has one.
//! - Everything else (spaces, punctuation, 、。「」, emoji, non-ASCII letters) separates.
use std::borrow::Cow;

use unicode_normalization::{IsNormalized, is_nfkc_quick};

use crate::text::japanese::{fold_kana, fold_kana_into, nfkc, nfkc_keeps};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitKind {
    /// An ASCII word with at least one letter.
    Word,
    /// An all-digit word.
    Number,
    /// A run of kana and kanji.
    Cjk,
}

/// One word or CJK run of the input and the tokens it gives, in order. A query is scored unit
/// by unit (a unit is "covered" when its tokens match), so the browser needs this grouping.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    pub kind: UnitKind,
    /// The lowercased word or the folded CJK run.
    pub text: String,
    pub tokens: Vec<String>,
}

/// Characters that make up CJK runs. `static/search.js` (`isCjk`) lists the same ranges.
pub fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{3005}' | '\u{3006}'          // 々 〆
        | '\u{3041}'..='\u{309F}'        // hiragana
        | '\u{30A0}'..='\u{30FF}'        // katakana, ・, ー
        | '\u{31F0}'..='\u{31FF}'        // small katakana extension
        | '\u{3400}'..='\u{4DBF}'        // CJK extension A
        | '\u{4E00}'..='\u{9FFF}'        // CJK unified ideographs
        | '\u{F900}'..='\u{FAFF}') // compatibility ideographs left by NFKC
}

/// Splits `text` into units; see the module docs for the rules.
pub fn units(text: &str) -> Vec<Unit> {
    let text = nfkc(text);
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_alphanumeric() {
            let end = run_end(&chars, i, |c| c.is_ascii_alphanumeric());
            out.push(word_unit(&chars[i..end]));
            i = end;
        } else if is_cjk(c) {
            let end = run_end(&chars, i, is_cjk);
            let run: String = chars[i..end].iter().collect();
            if let Some(unit) = cjk_unit(&run) {
                out.push(unit);
            }
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

/// All tokens of `text`, unit after unit. The index counts them; the query dedupes them.
pub fn tokenize(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for_each_token(text, |t| out.push(t.to_string()));
    out
}

/// Calls `emit` with every token of `text`, in the order of [`units`], without allocating a
/// string per token: the index tokenizes every section of every article with this. The unit
/// tests hold it equal to the flattened [`units`].
pub fn for_each_token(text: &str, mut emit: impl FnMut(&str)) {
    let normalized = fast_nfkc(text);
    let s = normalized.as_ref();
    let bytes = s.as_bytes();
    let mut buf = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_alphanumeric() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_alphanumeric() {
                i += 1;
            }
            word_tokens(&s[start..i], &mut buf, &mut emit);
        } else if b.is_ascii() {
            i += 1;
        } else {
            let start = i;
            for c in s[start..].chars() {
                if !is_cjk(c) {
                    break;
                }
                i += c.len_utf8();
            }
            if i == start {
                i += s[start..].chars().next().map_or(1, char::len_utf8);
            } else {
                cjk_tokens(&s[start..i], &mut buf, &mut emit);
            }
        }
    }
}

/// NFKC of `text`, cheaply for the common case of Japanese prose: characters NFKC leaves alone
/// ([`nfkc_keeps`]: ASCII, kana, kanji, CJK punctuation) are kept, full-width ASCII (`（`,
/// `：`, `Ｐ`) and the ideographic space map to ASCII as NFKC maps them, and any other
/// character (half-width kana, combining marks, ligatures…) sends the whole text through the
/// full normalization, since NFKC may compose it with its neighbours. The unit tests hold it equal to [`nfkc`].
pub fn fast_nfkc(text: &str) -> Cow<'_, str> {
    fn full_width(c: char) -> Option<char> {
        match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0),
            '\u{3000}' => Some(' '),
            _ => None,
        }
    }
    let Some(first) = text.char_indices().find(|&(_, c)| !nfkc_keeps(c)) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..first.0]);
    for c in text[first.0..].chars() {
        if nfkc_keeps(c) {
            out.push(c);
        } else if let Some(a) = full_width(c) {
            out.push(a);
        } else if is_nfkc_quick(std::iter::once(c)) == IsNormalized::Yes
            && !is_combining_neighbour(c)
        {
            out.push(c);
        } else {
            return Cow::Owned(nfkc(text));
        }
    }
    Cow::Owned(out)
}

/// Characters that NFKC leaves alone on their own but that may compose with a neighbour
/// (Hangul jamo, the voiced sound marks); a text holding one is normalized whole.
fn is_combining_neighbour(c: char) -> bool {
    matches!(c, '\u{1100}'..='\u{11FF}' | '\u{3099}' | '\u{309A}' | '\u{AC00}'..='\u{D7A3}')
        || unicode_normalization::char::canonical_combining_class(c) != 0
}

fn word_tokens(word: &str, buf: &mut String, emit: &mut impl FnMut(&str)) {
    buf.clear();
    buf.push_str(word);
    buf.make_ascii_lowercase();
    emit(buf);
    let w = word.as_bytes();
    if w.iter().all(u8::is_ascii_digit) {
        return;
    }
    let boundary = |i: usize| {
        let (prev, cur) = (w[i - 1], w[i]);
        prev.is_ascii_digit() != cur.is_ascii_digit()
            || (prev.is_ascii_lowercase() && cur.is_ascii_uppercase())
            || (prev.is_ascii_uppercase()
                && cur.is_ascii_uppercase()
                && w.get(i + 1).is_some_and(u8::is_ascii_lowercase))
    };
    if !(1..w.len()).any(boundary) {
        return;
    }
    let mut start = 0;
    for end in (1..w.len()).filter(|&i| boundary(i)).chain([w.len()]) {
        let part = &buf[start..end];
        if part.len() > 1 || w[start].is_ascii_digit() {
            emit(part);
        }
        start = end;
    }
}

fn cjk_tokens(run: &str, buf: &mut String, emit: &mut impl FnMut(&str)) {
    buf.clear();
    fold_kana_into(run, buf);
    let mut starts = buf.char_indices().map(|(i, _)| i).chain([buf.len()]);
    let (Some(mut a), Some(mut b)) = (starts.next(), starts.next()) else {
        return;
    };
    match starts.next() {
        None => emit(&buf[a..b]),
        Some(mut c) => loop {
            emit(&buf[a..c]);
            match starts.next() {
                Some(d) => (a, b, c) = (b, c, d),
                None => break,
            }
        },
    }
}

fn run_end(chars: &[char], start: usize, class: impl Fn(char) -> bool) -> usize {
    chars[start..]
        .iter()
        .position(|&c| !class(c))
        .map_or(chars.len(), |n| start + n)
}

fn word_unit(word: &[char]) -> Unit {
    let whole: String = word.iter().collect::<String>().to_ascii_lowercase();
    if word.iter().all(|c| c.is_ascii_digit()) {
        return Unit {
            kind: UnitKind::Number,
            tokens: vec![whole.clone()],
            text: whole,
        };
    }
    let mut tokens = vec![whole.clone()];
    let parts = word_parts(word);
    if parts.len() > 1 {
        tokens.extend(
            parts
                .into_iter()
                .filter(|p| p.len() > 1 || p.chars().all(|c| c.is_ascii_digit())),
        );
    }
    Unit {
        kind: UnitKind::Word,
        text: whole,
        tokens,
    }
}

/// Lowercased parts of an ASCII word: a part ends where a digit meets a letter, where a
/// lowercase letter meets an uppercase one (`podLevel`), and before the last capital of a run
/// of capitals followed by a lowercase letter (`HTTPServer` → `http`, `server`).
fn word_parts(word: &[char]) -> Vec<String> {
    let mut parts = Vec::new();
    let mut start = 0;
    for i in 1..word.len() {
        let (prev, cur) = (word[i - 1], word[i]);
        let next = word.get(i + 1).copied();
        let boundary = prev.is_ascii_digit() != cur.is_ascii_digit()
            || (prev.is_ascii_lowercase() && cur.is_ascii_uppercase())
            || (prev.is_ascii_uppercase()
                && cur.is_ascii_uppercase()
                && next.is_some_and(|n| n.is_ascii_lowercase()));
        if boundary {
            parts.push(
                word[start..i]
                    .iter()
                    .collect::<String>()
                    .to_ascii_lowercase(),
            );
            start = i;
        }
    }
    parts.push(
        word[start..]
            .iter()
            .collect::<String>()
            .to_ascii_lowercase(),
    );
    parts
}

fn cjk_unit(run: &str) -> Option<Unit> {
    let folded = fold_kana(run);
    let chars: Vec<char> = folded.chars().collect();
    let tokens: Vec<String> = match chars.len() {
        0 => return None,
        1 => vec![folded.clone()],
        _ => chars.windows(2).map(|w| w.iter().collect()).collect(),
    };
    Some(Unit {
        kind: UnitKind::Cjk,
        text: folded,
        tokens,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<String> {
        tokenize(s)
    }

    #[test]
    fn shared_vectors_match() {
        let raw = include_str!("../../tests/search-vectors.json");
        let vectors: Vec<serde_json::Value> = serde_json::from_str(raw).unwrap();
        assert!(vectors.len() > 20, "the vector file has its cases");
        let mut failures = Vec::new();
        for v in &vectors {
            let input = v["input"].as_str().unwrap();
            let want: Vec<String> = serde_json::from_value(v["tokens"].clone()).unwrap();
            let got = toks(input);
            if got != want {
                failures.push(format!("{input:?}: want {want:?}, got {got:?}"));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn the_fast_tokenizer_matches_the_units() {
        let raw = include_str!("../../tests/search-vectors.json");
        let vectors: Vec<serde_json::Value> = serde_json::from_str(raw).unwrap();
        let mut inputs: Vec<String> = vectors
            .iter()
            .map(|v| v["input"].as_str().unwrap().to_string())
            .collect();
        inputs.push(inputs.join(" / "));
        inputs.push(inputs.concat());
        for input in inputs {
            let flat: Vec<String> = units(&input).into_iter().flat_map(|u| u.tokens).collect();
            assert_eq!(tokenize(&input), flat, "{input:?}");
        }
    }

    #[test]
    fn fast_nfkc_is_nfkc() {
        let cases = [
            "サイドカーコンテナ（sidecar）：ＫＥＰ－３１５７、　全角スペース",
            "ｻｲﾄﾞｶｰ と ｶﾞ",
            "か\u{3099} と が",
            "e\u{301}té café",
            "①②③ ㍿ ﬁ ｶﾞﾍﾞｰｼﾞ",
            "한국어 ㄱㅏ",
            "plain ASCII only",
            "監査ログ 📝 ⭐ — “quotes” …",
            "",
        ];
        for c in cases {
            assert_eq!(fast_nfkc(c), nfkc(c), "{c:?}");
        }
        assert!(matches!(
            fast_nfkc("監査ログ、サイドカー"),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn a_number_is_one_exact_token() {
        assert_eq!(toks("KEP-3157"), ["kep", "3157"]);
        assert_eq!(toks("ＫＥＰ－３１５７"), ["kep", "3157"]);
        assert_eq!(toks("#128266"), ["128266"]);
    }

    #[test]
    fn camel_case_gives_the_word_and_its_parts() {
        assert_eq!(
            toks("PodLevelResources"),
            ["podlevelresources", "pod", "level", "resources"]
        );
        assert_eq!(toks("HTTPServer"), ["httpserver", "http", "server"]);
        assert_eq!(toks("v1alpha3"), ["v1alpha3", "1", "alpha", "3"]);
    }

    #[test]
    fn katakana_variants_give_the_same_tokens() {
        assert_eq!(toks("クラスタ"), toks("クラスター"));
        assert_eq!(toks("ガベージコレクター"), toks("ガーベジコレクタ"));
        assert_eq!(toks("ｻｲﾄﾞｶｰ"), toks("サイドカー"));
        assert_eq!(toks("ヴォリューム"), toks("ボリューム"));
    }

    #[test]
    fn cjk_runs_give_bigrams_or_one_character() {
        assert_eq!(toks("監査ログ"), ["監査", "査ロ", "ログ"]);
        assert_eq!(toks("DRA 削除"), ["dra", "削除"]);
        assert_eq!(toks("Pod鍵"), ["pod", "鍵"]);
        assert_eq!(toks("ー・"), Vec::<String>::new());
    }

    #[test]
    fn units_keep_the_grouping() {
        let u = units("DRA 削除 3157");
        let kinds: Vec<UnitKind> = u.iter().map(|u| u.kind).collect();
        assert_eq!(kinds, [UnitKind::Word, UnitKind::Cjk, UnitKind::Number]);
        assert_eq!(u[1].text, "削除");
    }
}
