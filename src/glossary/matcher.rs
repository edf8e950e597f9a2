//! Finding glossary terms in running text, for tooltips and for the occurrence lists.
//!
//! Takes the surface forms of every term (ja, en, aliases, typos, discovered variants) and
//! gives a [`Matcher`] whose [`Matcher::find`] returns byte ranges *of the original text*.
//!
//! Both the patterns and the text are folded the same way before matching, one character at a
//! time so that every folded byte remembers which original bytes it came from:
//!
//! - NFKC (full-width `ＰＯＤ` and half-width `ｸﾗｽﾀｰ` meet their ordinary forms; a half-width
//!   voiced mark `ﾞ` is composed onto the kana before it),
//! - lowercase,
//! - katakana variants as in [`crate::text::japanese::fold_variants`]: `ー` and `・` vanish (they
//!   widen the previous character's span, so a match on `クラスタ` still covers the `ー` of
//!   `クラスター`), `ヴァ` → `バ`, `ヂ` → `ジ`, `ヅ` → `ズ`,
//! - runs of whitespace become one space, and a space between two katakana vanishes
//!   (`コンテナ ランタイム` = `コンテナランタイム`).
//!
//! Aho-Corasick finds every pattern occurrence (overlapping); then boundary rules drop the
//! ones inside a longer word — an ASCII form needs a non-word character on each side (`Pod`
//! never matches inside `PodLevelResources` or `kube-proxy`'s `proxy`), a plural `s` is taken
//! along, a katakana form of one or two characters (`ログ`) must not touch other katakana, and a
//! kanji form of one or two (`認証`) must not have kanji on both sides (`構造化認証設定`) — and
//! the leftmost-longest non-overlapping matches are kept.
use std::ops::Range;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use unicode_normalization::UnicodeNormalization;

use crate::text::japanese::{fold_kana_char, is_kanji, is_katakana, nfkc_keeps, vu_with};

/// Text folded for matching, with the original byte span of every folded byte.
#[derive(Debug, Clone, Default)]
pub struct Folded {
    pub text: String,
    starts: Vec<u32>,
    ends: Vec<u32>,
}

impl Folded {
    /// The original byte range of folded bytes `r`.
    pub fn original(&self, r: Range<usize>) -> Range<usize> {
        self.starts[r.start] as usize..self.ends[r.end - 1] as usize
    }

    fn push(&mut self, c: char, start: usize, end: usize) {
        let mut buf = [0u8; 4];
        let s = c.encode_utf8(&mut buf);
        self.text.push_str(s);
        for _ in 0..s.len() {
            self.starts.push(start as u32);
            self.ends.push(end as u32);
        }
    }

    /// Replaces the last folded char by `c` and widens its original span to `end`.
    fn replace_last(&mut self, c: char, end: usize) {
        let Some(last) = self.text.pop() else {
            return;
        };
        let n = last.len_utf8();
        let start = self.starts[self.starts.len() - n] as usize;
        self.starts.truncate(self.starts.len() - n);
        self.ends.truncate(self.ends.len() - n);
        self.push(c, start, end);
    }

    /// Widens the last folded char's original span to `end` (a dropped `ー` after it).
    fn extend_last(&mut self, end: usize) {
        let Some(last) = self.text.chars().next_back() else {
            return;
        };
        let n = last.len_utf8();
        let len = self.ends.len();
        for e in &mut self.ends[len - n..] {
            *e = end as u32;
        }
    }

    fn last(&self) -> Option<char> {
        self.text.chars().next_back()
    }
}

/// Lowercase (the katakana fold comes after, from `text::japanese`).
fn fold_case(c: char) -> char {
    match c {
        _ if c.is_ascii() => c.to_ascii_lowercase(),
        // Most of the text: no case, no Unicode table.
        _ if crate::text::is_caseless_cjk(c) => c,
        _ => c.to_lowercase().next().unwrap_or(c),
    }
}

/// Folds `text` for matching (see the module doc), keeping the offset map.
pub fn fold_with_offsets(text: &str) -> Folded {
    let mut out = Folded {
        text: String::with_capacity(text.len()),
        starts: Vec::with_capacity(text.len()),
        ends: Vec::with_capacity(text.len()),
    };
    let mut last_was_vu = false;
    let mut iter = text.char_indices().peekable();
    let mut buf: Vec<char> = Vec::with_capacity(4);
    while let Some((i, c)) = iter.next() {
        let j = i + c.len_utf8();
        buf.clear();
        if nfkc_keeps(c) {
            buf.push(c);
        } else {
            buf.extend(std::iter::once(c).nfkc());
        }
        for &d in &buf {
            let d = fold_case(d);
            if last_was_vu && let Some(v) = vu_with(d) {
                out.replace_last(v, j);
                last_was_vu = false;
                continue;
            }
            match d {
                '\u{3099}' | '\u{309A}' => {
                    let composed = out
                        .last()
                        .and_then(|p| unicode_normalization::char::compose(p, d));
                    match composed {
                        Some(v) => out.replace_last(v, j),
                        None => out.extend_last(j),
                    }
                }
                _ if d.is_whitespace() => {
                    let next_kata = iter.peek().is_some_and(|&(_, n)| is_katakana(n));
                    let prev = out.last();
                    if prev == Some(' ') {
                        out.extend_last(j);
                    } else if prev.is_some_and(is_katakana) && next_kata {
                        // Dropped, and given to neither neighbour: a match of the word before
                        // it alone (`コンテナ` in `コンテナ ランタイム`) ends at that word, and one
                        // across it covers it anyway.
                    } else if prev.is_some() {
                        out.push(' ', i, j);
                    }
                }
                // `ー` and `・` widen the previous character's span.
                _ => match fold_kana_char(d) {
                    Some(k) => out.push(k, i, j),
                    None => out.extend_last(j),
                },
            }
            last_was_vu = d == 'ヴ';
        }
    }
    out
}

/// Folds without keeping offsets (for patterns and keys).
pub fn fold(text: &str) -> String {
    fold_with_offsets(text).text.trim_end().to_string()
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

#[derive(Debug, Clone)]
struct Pattern {
    /// Index of the term (the caller's numbering).
    term: usize,
    ascii_start: bool,
    ascii_end: bool,
    /// Ends in an ASCII letter, so a plural `s` may follow.
    pluralizable: bool,
    /// Katakana of one or two characters: must stand alone.
    short_kana: bool,
    /// Kanji of one or two characters: must not stand inside a run of kanji.
    short_kanji: bool,
}

/// Finds term forms in text; see the module doc.
#[derive(Debug, Clone)]
pub struct Matcher {
    ac: Option<AhoCorasick>,
    patterns: Vec<Pattern>,
    /// The folded form of each pattern, by pattern index.
    folded: Vec<String>,
}

impl Matcher {
    /// `forms` are (term index, surface form); the first term to claim a folded form keeps it.
    pub fn new<'a>(forms: impl IntoIterator<Item = (usize, &'a str)>) -> Matcher {
        let mut seen = std::collections::HashSet::new();
        let mut texts: Vec<String> = Vec::new();
        let mut patterns = Vec::new();
        for (term, form) in forms {
            let f = fold(form.trim());
            if f.is_empty() || !seen.insert(f.clone()) {
                continue;
            }
            let first = f.chars().next().unwrap();
            let last = f.chars().next_back().unwrap();
            let chars = f.chars().count();
            patterns.push(Pattern {
                term,
                ascii_start: is_word_char(first),
                ascii_end: is_word_char(last),
                pluralizable: last.is_ascii_lowercase() && last != 's',
                short_kana: chars <= 2 && f.chars().all(is_katakana),
                short_kanji: chars <= 2 && f.chars().all(is_kanji),
            });
            texts.push(f);
        }
        let ac = if texts.is_empty() {
            None
        } else {
            Some(
                AhoCorasickBuilder::new()
                    .match_kind(MatchKind::Standard)
                    .build(&texts)
                    .expect("glossary patterns build an automaton"),
            )
        };
        Matcher {
            ac,
            patterns,
            folded: texts,
        }
    }

    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// Non-overlapping leftmost-longest matches in `text`, as (original byte range, term).
    pub fn find(&self, text: &str) -> Matches {
        if self.ac.is_none() {
            return Vec::new();
        }
        self.find_folded(&fold_with_offsets(text))
    }

    /// [`Matcher::find`] on text folded already, so that several matchers share one fold.
    pub fn find_folded(&self, folded: &Folded) -> Matches {
        let Some(ac) = &self.ac else {
            return Vec::new();
        };
        self.leftmost_longest(self.occurrences(ac, &folded.text), folded)
    }

    /// Every occurrence of a pattern in folded text `f` that stands as a word of its own (the
    /// boundary rules of the module doc), overlapping, as (start, end, pattern).
    fn occurrences(&self, ac: &AhoCorasick, f: &str) -> Vec<(usize, usize, usize)> {
        let mut hits = Vec::new();
        for m in ac.find_overlapping_iter(f) {
            let p = &self.patterns[m.pattern().as_usize()];
            let (s, mut e) = (m.start(), m.end());
            let before = f[..s].chars().next_back();
            let mut after_iter = f[e..].chars();
            let after = after_iter.next();
            let after2 = after_iter.next();
            if p.ascii_start
                && before.is_some_and(|b| {
                    is_word_char(b)
                        || (matches!(b, '-' | '.')
                            && f[..s - 1].chars().next_back().is_some_and(is_word_char))
                })
            {
                continue;
            }
            if p.ascii_end {
                if p.pluralizable && after == Some('s') && !after2.is_some_and(is_word_char) {
                    e += 1;
                } else if after.is_some_and(|a| {
                    is_word_char(a) || (matches!(a, '-' | '.') && after2.is_some_and(is_word_char))
                }) {
                    continue;
                }
            }
            if p.short_kana && (before.is_some_and(is_katakana) || after.is_some_and(is_katakana)) {
                continue;
            }
            // `認証` in `構造化認証設定` is a part of a longer name, not the word; at one end of
            // a run (`認証方式`, `Pod の認証`) it is the word a compound is made from.
            if p.short_kanji && before.is_some_and(is_kanji) && after.is_some_and(is_kanji) {
                continue;
            }
            hits.push((s, e, m.pattern().as_usize()));
        }
        hits
    }

    /// The leftmost-longest non-overlapping of `hits` (this matcher's patterns), as (original
    /// byte range, term).
    fn leftmost_longest(&self, mut hits: Vec<(usize, usize, usize)>, folded: &Folded) -> Matches {
        hits.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
        let mut out = Vec::new();
        let mut end = 0;
        for (s, e, p) in hits {
            if s < end {
                continue;
            }
            end = e;
            out.push((folded.original(s..e), self.patterns[p].term));
        }
        out
    }
}

/// Matches as (original byte range, term), leftmost-longest and not overlapping.
pub type Matches = Vec<(Range<usize>, usize)>;

/// A matcher over every form and one over the forms of the terms a filter keeps, searched in
/// one pass: what the second would find is read from the first's occurrences. The two agree
/// on every form they share, since a pattern's boundary rules follow from its folded form
/// alone; only which term claims a form, and the order of patterns (the tie-break), differ.
#[derive(Debug, Clone)]
pub struct MatcherPair {
    pub all: Matcher,
    pub kept: Matcher,
    /// Per pattern of `all`, the pattern of `kept` with the same folded form.
    kept_of: Vec<Option<usize>>,
}

impl MatcherPair {
    /// `forms` as for [`Matcher::new`]; `keep` says which terms the second matcher holds.
    pub fn new(forms: &[(usize, &str)], keep: impl Fn(usize) -> bool) -> MatcherPair {
        let all = Matcher::new(forms.iter().copied());
        let kept = Matcher::new(forms.iter().copied().filter(|&(t, _)| keep(t)));
        let index: std::collections::HashMap<&str, usize> = kept
            .folded
            .iter()
            .enumerate()
            .map(|(i, f)| (f.as_str(), i))
            .collect();
        let kept_of = all
            .folded
            .iter()
            .map(|f| index.get(f.as_str()).copied())
            .collect();
        MatcherPair { all, kept, kept_of }
    }

    /// `all.find_folded(folded)`, and `kept.find_folded(folded)` when `with_kept`.
    pub fn find_folded(&self, folded: &Folded, with_kept: bool) -> (Matches, Matches) {
        let Some(ac) = &self.all.ac else {
            return (Vec::new(), Vec::new());
        };
        let hits = self.all.occurrences(ac, &folded.text);
        let kept = if with_kept {
            let kept_hits = hits
                .iter()
                .filter_map(|&(s, e, p)| self.kept_of[p].map(|q| (s, e, q)))
                .collect();
            self.kept.leftmost_longest(kept_hits, folded)
        } else {
            Vec::new()
        };
        (self.all.leftmost_longest(hits, folded), kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(forms: &[(usize, &str)]) -> Matcher {
        Matcher::new(forms.iter().copied())
    }

    fn found<'a>(matcher: &Matcher, text: &'a str) -> Vec<(&'a str, usize)> {
        matcher
            .find(text)
            .into_iter()
            .map(|(r, t)| (&text[r], t))
            .collect()
    }

    #[test]
    fn katakana_folding_agrees_with_fold_variants() {
        for s in [
            "クラスター",
            "ガーベジコレクター",
            "ヴォリューム",
            "サイドカー・コンテナ",
            "ヂヅ",
            "ｸﾗｽﾀｰ",
            "ｶﾞﾍﾞｰｼﾞ",
        ] {
            assert_eq!(fold(s), crate::text::japanese::fold_variants(s), "{s}");
        }
    }

    #[test]
    fn spelling_variants_find_one_term() {
        let t = m(&[
            (0, "クラスター"),
            (1, "ガベージコレクター"),
            (2, "ボリューム"),
        ]);
        assert_eq!(found(&t, "クラスタ管理者"), [("クラスタ", 0)]);
        // the match covers the long-vowel mark of the text
        assert_eq!(found(&t, "クラスターの利用"), [("クラスター", 0)]);
        assert_eq!(
            found(&t, "ガーベジコレクターは"),
            [("ガーベジコレクター", 1)]
        );
        assert_eq!(found(&t, "ヴォリュームを"), [("ヴォリューム", 2)]);
        assert_eq!(found(&t, "ｸﾗｽﾀｰを"), [("ｸﾗｽﾀｰ", 0)]);
    }

    #[test]
    fn english_is_case_insensitive_with_word_boundaries() {
        let t = m(&[
            (0, "Pod"),
            (1, "MutatingAdmissionPolicy"),
            (2, "proxy"),
            (3, "garbage collector"),
        ]);
        assert_eq!(
            found(&t, "Podレベルのpodと PODS"),
            [("Pod", 0), ("pod", 0), ("PODS", 0)]
        );
        assert!(found(&t, "PodLevelResources").is_empty());
        assert!(found(&t, "kube-proxy の設定").is_empty());
        assert_eq!(
            found(&t, "mutatingadmissionpolicy と MutatingAdmissionPolicy"),
            [
                ("mutatingadmissionpolicy", 1),
                ("MutatingAdmissionPolicy", 1)
            ]
        );
        assert_eq!(
            found(&t, "The Garbage  Collector runs"),
            [("Garbage  Collector", 3)]
        );
        assert_eq!(found(&t, "ＰＯＤ"), [("ＰＯＤ", 0)]);
    }

    #[test]
    fn longest_match_wins() {
        let t = m(&[
            (0, "コンテナ"),
            (1, "サイドカーコンテナ"),
            (2, "コンテナランタイム"),
            (3, "監査ログ"),
            (4, "ログ"),
        ]);
        assert_eq!(
            found(&t, "サイドカーコンテナとコンテナ ランタイム"),
            [("サイドカーコンテナ", 1), ("コンテナ ランタイム", 2)]
        );
        assert_eq!(found(&t, "監査ログとログ"), [("監査ログ", 3), ("ログ", 4)]);
    }

    #[test]
    fn short_katakana_must_stand_alone() {
        let t = m(&[(0, "ログ")]);
        assert!(found(&t, "カタログを見る").is_empty());
        assert_eq!(found(&t, "ログを見る"), [("ログ", 0)]);
    }

    #[test]
    fn short_kanji_inside_a_run_of_kanji_is_part_of_a_longer_name() {
        let t = m(&[(0, "認証"), (1, "名前空間")]);
        assert!(found(&t, "構造化認証設定を使う").is_empty());
        assert_eq!(found(&t, "認証方式とPodの認証"), [("認証", 0), ("認証", 0)]);
        assert_eq!(found(&t, "クライアント認証"), [("認証", 0)]);
        // A longer kanji form is a word of its own wherever it stands.
        assert_eq!(found(&t, "新名前空間内"), [("名前空間", 1)]);
    }

    #[test]
    fn offsets_map_back_through_nfkc_and_dropped_marks() {
        let t = m(&[(0, "ガベージ")]);
        let text = "x ｶﾞﾍﾞｰｼﾞ y";
        let r = t.find(text);
        assert_eq!(&text[r[0].0.clone()], "ｶﾞﾍﾞｰｼﾞ");
    }

    #[test]
    fn an_empty_matcher_finds_nothing() {
        assert!(Matcher::new(std::iter::empty()).find("Pod").is_empty());
    }

    /// The pair's one search gives what each of its matchers finds alone.
    #[test]
    fn a_pair_finds_what_each_matcher_finds() {
        // Term 0 is not kept; it claims `pod` first, so among all forms `Pod` is term 0's and
        // among the kept forms term 2's. `pod` + plural and `pods` meet at the same range.
        let forms = [
            (0, "pod"),
            (1, "Pods"),
            (2, "Pod"),
            (3, "コンテナ"),
            (4, "コンテナランタイム"),
            (5, "ログ"),
        ];
        let keep = |t: usize| t != 0 && t != 4;
        let pair = MatcherPair::new(&forms, keep);
        let text = "Pods と Pod の コンテナ ランタイム、コンテナのログとカタログ";
        let folded = fold_with_offsets(text);
        let (all, kept) = pair.find_folded(&folded, true);
        let show = |v: Vec<(Range<usize>, usize)>| -> Vec<(&str, usize)> {
            v.into_iter().map(|(r, t)| (&text[r], t)).collect()
        };
        // Read from the text: every form as a word of its own, longest first.
        assert_eq!(
            show(all),
            vec![
                ("Pods", 0),
                ("Pod", 0),
                ("コンテナ ランタイム", 4),
                ("コンテナ", 3),
                ("ログ", 5)
            ]
        );
        // Without term 4, `コンテナ ランタイム` holds only `コンテナ`; `Pod` is term 2's, and
        // `Pods` term 1's (`pods` comes before `pod` among the kept forms).
        assert_eq!(
            show(kept),
            vec![
                ("Pods", 1),
                ("Pod", 2),
                ("コンテナ", 3),
                ("コンテナ", 3),
                ("ログ", 5)
            ]
        );
        let alone: Vec<(usize, &str)> = forms.iter().copied().filter(|&(t, _)| keep(t)).collect();
        assert_eq!(
            pair.find_folded(&folded, true).1,
            Matcher::new(alone.iter().copied()).find_folded(&folded)
        );
        assert!(pair.find_folded(&folded, false).1.is_empty());
    }
}
