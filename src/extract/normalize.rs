//! NFKC with a way back: extraction matches on the NFKC form of a block (so `ＫＥＰ－３１５７`
//! reads as `KEP-3157`), but mentions are reported as byte ranges of the *original* block text,
//! which the render stage wraps in links. NFKC changes byte lengths (a full-width digit is 3
//! bytes, its ASCII form 1), so offsets are mapped back cluster by cluster.
//!
//! A cluster is one character plus the combining marks after it (dakuten and handakuten,
//! including the half-width `ﾞ` `ﾟ`), so `ｶﾞ` normalizes to `ガ` as a whole. The result is the
//! same string `crate::text::japanese::nfkc` gives (tested below); pieces (the plain ranges and the
//! gaps between them) are normalized separately so that no cluster straddles a code span.
use std::ops::Range;

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::canonical_combining_class;

use crate::text::japanese::nfkc_keeps;

/// The NFKC form of a block's text and the map back to the original.
#[derive(Debug, Clone)]
pub struct Normalized {
    pub text: String,
    /// `(normalized start, original start)` of every cluster, in order; `None` when the text
    /// was already NFKC and offsets are the identity.
    clusters: Option<Vec<(u32, u32)>>,
    orig_len: usize,
}

impl Normalized {
    /// Normalizes `text`, cutting clusters at every boundary in `cuts` (byte offsets of `text`).
    pub fn new(text: &str, cuts: &[usize]) -> Normalized {
        if crate::text::japanese::is_nfkc(text) {
            return Normalized {
                text: text.to_string(),
                clusters: None,
                orig_len: text.len(),
            };
        }
        let mut out = String::with_capacity(text.len());
        let mut clusters = Vec::with_capacity(text.len() / 2);
        let mut iter = text.char_indices().peekable();
        let mut cut_i = 0;
        while let Some((start, c)) = iter.next() {
            while cut_i < cuts.len() && cuts[cut_i] <= start {
                cut_i += 1;
            }
            let next_cut = cuts.get(cut_i).copied().unwrap_or(usize::MAX);
            clusters.push((out.len() as u32, start as u32));
            if c.is_ascii() {
                out.push(c);
                continue;
            }
            let mut end = start + c.len_utf8();
            while let Some(&(i, m)) = iter.peek() {
                if i >= next_cut || !is_combining(m) {
                    break;
                }
                end = i + m.len_utf8();
                iter.next();
            }
            if end == start + c.len_utf8() && nfkc_keeps(c) {
                out.push(c);
            } else {
                out.extend(text[start..end].nfkc());
            }
        }
        Normalized {
            text: out,
            clusters: Some(clusters),
            orig_len: text.len(),
        }
    }

    /// The original byte offset of normalized offset `at`: the start of the cluster it falls in.
    pub fn orig_start(&self, at: usize) -> usize {
        match &self.clusters {
            None => at,
            Some(c) => {
                if at >= self.text.len() {
                    return self.orig_len;
                }
                let i = c.partition_point(|&(n, _)| n as usize <= at) - 1;
                c[i].1 as usize
            }
        }
    }

    /// The original byte offset of normalized end offset `at`: the end of the cluster that
    /// contains byte `at - 1`.
    pub fn orig_end(&self, at: usize) -> usize {
        match &self.clusters {
            None => at,
            Some(c) => {
                if at >= self.text.len() {
                    return self.orig_len;
                }
                let i = c.partition_point(|&(n, _)| (n as usize) < at);
                if i < c.len() {
                    c[i].1 as usize
                } else {
                    self.orig_len
                }
            }
        }
    }

    /// Maps a normalized range back to the original text.
    pub fn orig_range(&self, r: Range<usize>) -> Range<usize> {
        self.orig_start(r.start)..self.orig_end(r.end)
    }

    /// Maps an original offset (a cluster boundary) to the normalized text.
    pub fn norm_offset(&self, orig: usize) -> usize {
        match &self.clusters {
            None => orig,
            Some(c) => {
                if orig >= self.orig_len {
                    return self.text.len();
                }
                let i = c.partition_point(|&(_, o)| (o as usize) < orig);
                if i < c.len() {
                    c[i].0 as usize
                } else {
                    self.text.len()
                }
            }
        }
    }
}

/// Marks that NFKC may compose with the character before them.
fn is_combining(c: char) -> bool {
    // No mark lies below U+0300 or among the kept kana, kanji and punctuation: the common characters skip
    // the table lookup.
    if (c as u32) < 0x300 || nfkc_keeps(c) {
        return false;
    }
    matches!(c, '\u{3099}' | '\u{309A}' | '\u{FF9E}' | '\u{FF9F}')
        || canonical_combining_class(c) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_text_as_japanese_nfkc() {
        for s in [
            "ＫＥＰ－３１５７：ａｌｌｏｗ",
            "＃１２８２６６のｻｲﾄﾞｶｰ（注）",
            "ｶﾞｰﾍﾞｼﾞ コレクター",
            "plain ASCII (#128266)",
            "か\u{3099}と ㍻ ① ｱﾙﾌｧ",
        ] {
            assert_eq!(
                Normalized::new(s, &[]).text,
                crate::text::japanese::nfkc(s),
                "{s}"
            );
        }
    }

    #[test]
    fn stable_characters_are_no_marks() {
        for c in (char::MIN..='\u{2FF}').chain('\u{3000}'..='\u{9FFF}') {
            if (c as u32) < 0x300 || nfkc_keeps(c) {
                assert_eq!(canonical_combining_class(c), 0, "{c:?}");
            }
        }
    }

    #[test]
    fn offsets_map_back_to_full_width_text() {
        let s = "詳細はＫＥＰ－３１５７を";
        let n = Normalized::new(s, &[]);
        assert_eq!(n.text, "詳細はKEP-3157を");
        let start = n.text.find("KEP").unwrap();
        let r = n.orig_range(start..start + "KEP-3157".len());
        assert_eq!(&s[r], "ＫＥＰ－３１５７");
    }

    #[test]
    fn half_width_katakana_with_dakuten_is_one_cluster() {
        let s = "xｶﾞy";
        let n = Normalized::new(s, &[]);
        assert_eq!(n.text, "xガy");
        let g = n.text.find('ガ').unwrap();
        assert_eq!(&s[n.orig_range(g..g + 'ガ'.len_utf8())], "ｶﾞ");
    }

    #[test]
    fn identity_when_already_normalized() {
        let s = "サイドカーコンテナ KEP-753";
        let n = Normalized::new(s, &[]);
        assert!(n.clusters.is_none());
        assert_eq!(n.orig_range(3..9), 3..9);
        assert_eq!(n.norm_offset(6), 6);
    }

    #[test]
    fn norm_offset_round_trips_cluster_starts() {
        let s = "ａ（#１）ｂ";
        let n = Normalized::new(s, &[]);
        for (o, _) in s.char_indices() {
            assert_eq!(n.orig_start(n.norm_offset(o)), o);
        }
    }
}
