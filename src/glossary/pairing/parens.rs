//! Evidence (a), parentheses: pairs read from `English (日本語)` and `日本語(English)`, half- or
//! full-width, in either order, and abbreviations with their expansion (`CRI (Container Runtime
//! Interface)`). [`parens_in`] runs on an article's tokens in the candidates scan; the rules are
//! in the module doc of [`pairing`](super).
use super::*;

fn is_open(c: char) -> bool {
    c == '(' || c == '（'
}

fn is_close(c: char) -> bool {
    c == ')' || c == '）'
}

/// Plain English words only: letters with inner hyphens, 1–6 words.
fn english_phrase(s: &str) -> Option<String> {
    let words: Vec<&str> = s.split_whitespace().collect();
    if words.is_empty() || words.len() > 6 {
        return None;
    }
    let ok = words.iter().all(|w| {
        w.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && w.chars().last().is_some_and(|c| c.is_ascii_alphabetic())
            && w.chars().all(|c| c.is_ascii_alphabetic() || c == '-')
    });
    (ok && words.iter().any(|w| w.len() >= 2)).then(|| words.join(" "))
}

/// The plain English words right before byte `end` of `text` (at most five, leading stop
/// words dropped): `🌏 API Changes ` → `API Changes`.
fn english_before(text: &str, end: usize) -> Option<String> {
    let before = text[..end].trim_end_matches([' ', '\u{3000}']);
    let mut words: Vec<&str> = Vec::new();
    let mut rest = before;
    while words.len() < 5 {
        let start = rest
            .char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_ascii_alphabetic() || c == '-'))
            .map(|(i, c)| i + c.len_utf8())
            .unwrap_or(0);
        let w = &rest[start..];
        if w.is_empty() || !w.chars().next().unwrap().is_ascii_alphabetic() {
            break;
        }
        words.push(w);
        rest = &rest[..start];
        // Continue only over a single space to another word.
        match rest.strip_suffix(' ') {
            Some(r) if r.chars().last().is_some_and(|c| c.is_ascii_alphabetic()) => rest = r,
            _ => break,
        }
    }
    while words.last().is_some_and(|w| is_stop_word(w)) {
        words.pop();
    }
    words.reverse();
    english_phrase(&words.join(" "))
}

fn is_noun_like(w: &Word) -> bool {
    w.pos == "名詞" && !w.surface.chars().any(|c| c.is_ascii_punctuation())
}

fn trimmed_end(text: &str, end: usize) -> usize {
    text[..end].trim_end_matches([' ', '\u{3000}']).len()
}

/// The Japanese noun compound ending at byte `end` (kana/kanji nouns, an opening prefix).
fn japanese_before(text: &str, words: &[Word], end: usize) -> Option<String> {
    let end = trimmed_end(text, end);
    let last = words
        .iter()
        .rposition(|w| w.start + w.surface.len() == end)?;
    let part = |w: &Word| {
        is_noun_like(w) && w.surface.chars().all(is_kana_or_kanji) && w.pos_detail != "非自立"
    };
    if !part(&words[last]) {
        return None;
    }
    let mut first = last;
    while first > 0 {
        let w = &words[first - 1];
        if w.start + w.surface.len() != words[first].start {
            break;
        }
        if part(w) {
            first -= 1;
            continue;
        }
        if w.pos == "接頭詞" && w.surface.chars().all(is_kana_or_kanji) {
            first -= 1;
        }
        break;
    }
    while first <= last && matches!(words[first].pos_detail, "接尾" | "副詞可能") {
        first += 1;
    }
    if first > last {
        return None;
    }
    let s = &text[words[first].start..end];
    (s.chars().count() >= 2).then(|| s.to_string())
}

/// `削除保護ファイナライザー (finalizer)`: when the compound ends in katakana that sounds like
/// the English, that katakana is the translation and the rest a modifier.
fn katakana_tail_matching(ja: &str, en: &str) -> Option<String> {
    let tail_start = ja
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_katakana(c) || c == ' ')
        .last()
        .map(|(i, _)| i)?;
    let tail = ja[tail_start..].trim_start();
    (tail.len() < ja.len() && romanize::match_score(tail, en) >= MIN_SIMILARITY)
        .then(|| tail.to_string())
}

/// The Japanese inside brackets: the whole of a short noun phrase, or the leading noun
/// compound of a short phrase that goes on with a verb (trimmed). `words` are the tokens of
/// `inner` (offsets relative to it), taken from the segmentation of the whole range.
fn japanese_inside(inner: &str, words: &[Word]) -> Option<(String, bool)> {
    let chars = inner.chars().count();
    let japanese = inner.chars().filter(|&c| is_kana_or_kanji(c)).count();
    // `Fedora (31以降)`, `Nacho (右)`: versions, positions and single characters are notes.
    if chars > 12
        || japanese < 2
        || inner.chars().any(|c| c.is_ascii_digit())
        || inner.contains(['、', ',', '：', ':', '。'])
        || inner.ends_with(['降', '前', '上', '下', '等', 'ど'])
    {
        return None;
    }
    let noun_phrase = words.iter().all(|w| {
        is_noun_like(w)
            || w.pos == "接頭詞"
            || (w.pos == "助詞" && w.surface == "の")
            || w.surface.trim().is_empty()
    });
    if noun_phrase && words.last().is_none_or(|w| w.surface != "の") {
        return Some((inner.trim().to_string(), false));
    }
    let mut end = 0;
    for (i, w) in words.iter().enumerate() {
        let ok = (is_noun_like(w) && w.surface.chars().all(is_kana_or_kanji))
            || (w.pos == "接頭詞" && i == 0);
        if !ok {
            break;
        }
        end = w.start + w.surface.len();
    }
    let lead = &inner[..end];
    (lead.chars().count() >= 2).then(|| (lead.to_string(), true))
}

/// `CRI (Container Runtime Interface)`, `Classic Dynamic Resource Allocation (DRA)`,
/// `UVM (Utility VM)`, `PodDisruptionBudget (PDB)`: returns (short, long) when the letters of
/// the short form are the initials of the (tail of the) long form.
pub(super) fn abbreviation(a: &str, b: &str) -> Option<(String, String)> {
    let (short, long) = if a.len() < b.len() { (a, b) } else { (b, a) };
    if !(2..=6).contains(&short.len()) || !short.chars().all(|c| c.is_ascii_uppercase()) {
        return None;
    }
    let words: Vec<&str> = long
        .split_whitespace()
        .flat_map(romanize::split_identifier)
        .collect();
    // Initials: a word in capitals contributes all its letters (`VM`).
    let initials = |ws: &[&str]| -> String {
        ws.iter()
            .map(|w| {
                if w.len() > 1 && w.chars().all(|c| c.is_ascii_uppercase()) {
                    w.to_string()
                } else {
                    w.chars()
                        .next()
                        .map(|c| c.to_ascii_uppercase().to_string())
                        .unwrap_or_default()
                }
            })
            .collect()
    };
    for skip in 0..words.len() {
        if initials(&words[skip..]) == short {
            let tail: Vec<&str> = long.split_whitespace().collect();
            let long = if tail.len() == words.len() {
                tail[skip..].join(" ")
            } else {
                long.to_string()
            };
            return Some((short.to_string(), long));
        }
    }
    None
}

/// The tokens lying inside `at..at + len`, with offsets relative to `at`.
fn tokens_within<'t>(words: &[Word<'t>], at: usize, len: usize) -> Vec<Word<'t>> {
    words
        .iter()
        .filter(|w| w.start >= at && w.end() <= at + len)
        .map(|w| Word {
            start: w.start - at,
            ..*w
        })
        .collect()
}

/// Parenthesized pairs in one plain range; `words` are its lindera tokens (empty when it has
/// no Japanese). Gives each pair with the byte range of the whole `X (Y)`.
pub fn parens_in(text: &str, words: &[Word]) -> Vec<(ParenPair, Range<usize>)> {
    let mut out = Vec::new();
    for (open, c) in text.char_indices() {
        if !is_open(c) {
            continue;
        }
        let inner_start = open + c.len_utf8();
        let Some((close_rel, close_char)) = text[inner_start..]
            .char_indices()
            .take_while(|&(_, ch)| !is_open(ch))
            .find(|&(_, ch)| is_close(ch))
        else {
            continue;
        };
        let close = inner_start + close_rel;
        let untrimmed = &text[inner_start..close];
        let inner = untrimmed.trim();
        let inner_at = inner_start + (untrimmed.len() - untrimmed.trim_start().len());
        if inner.is_empty() || inner.chars().count() > 40 {
            continue;
        }
        let span_end = close + close_char.len_utf8();
        let inner_en = english_phrase(inner);
        let before_en = english_before(text, open);
        if let Some(en) = &inner_en {
            // X (English): Japanese before, or an abbreviation.
            if let Some(ja) = japanese_before(text, words, open) {
                let ja = katakana_tail_matching(&ja, en).unwrap_or(ja);
                let start = trimmed_end(text, open) - ja.len();
                out.push((
                    ParenPair {
                        en: en.clone(),
                        ja,
                        order: ParenOrder::JapaneseFirst,
                        trimmed: false,
                    },
                    start..span_end,
                ));
            } else if let Some(b) = &before_en
                && let Some((short, long)) = abbreviation(b, en)
            {
                let start = trimmed_end(text, open) - b.len();
                out.push((
                    ParenPair {
                        en: short,
                        ja: long,
                        order: ParenOrder::Abbreviation,
                        trimmed: false,
                    },
                    start..span_end,
                ));
            }
        } else if let Some(en) = &before_en
            && let Some((ja, trimmed)) =
                japanese_inside(inner, &tokens_within(words, inner_at, inner.len()))
        {
            let start = trimmed_end(text, open) - en.len();
            out.push((
                ParenPair {
                    en: en.clone(),
                    ja,
                    order: ParenOrder::EnglishFirst,
                    trimmed,
                },
                start..span_end,
            ));
        }
    }
    out
}

/// Whether brackets put an explanation next to a word rather than its translation: the pair
/// is not evidence. Three forms, each checked on the pair alone (no article is special):
///
/// - katakana that does not sound like the English: all of the Japanese
///   (`サンドボックス(pause)`, `WordPress (ウェブアプリケーション)`) or a loanword inside it
///   (`システム管理者（root）`: システム is no part of `root`). A translation of an English
///   word or phrase uses katakana only for the English it transliterates;
/// - an abbreviation next to katakana that starts with none of its letters (`VM(インスタンス)`,
///   `バイナリセキュリティ識別子（SID）`): an expansion spelled in katakana begins with a word
///   one of the letters stands for (`セキュリティアカウントマネージャー(SAM)`,
///   `メモリ不足(OOM)`, out of memory, in Japanese order);
/// - Japanese in brackets that names the English again (`IP(宛先IPとして)`): it says what the
///   word is used as, not what it means;
/// - one native word against a phrase of several English words (`Job spec(仕様)`): a
///   translation says each word (`ボリューム拡張(Volume Expansion)`), so one word glosses only
///   one of them (仕様 is the spec).
pub(super) fn is_gloss(p: &ParenPair, snippet: &str) -> bool {
    let content_words = p.en.split_whitespace().filter(|w| !is_stop_word(w)).count();
    if content_words >= 2 && is_one_native_word(&p.ja) {
        return true;
    }
    if p.order == ParenOrder::EnglishFirst
        && let Some(open) = snippet.find(is_open)
        && snippet[open..]
            .to_ascii_lowercase()
            .contains(&p.en.to_ascii_lowercase())
    {
        return true;
    }
    if is_acronym(&p.en) {
        return p
            .ja
            .chars()
            .next()
            .is_some_and(|c| is_katakana(c) && !starts_with_a_letter_of(&p.ja, &p.en));
    }
    katakana_runs(&p.ja).any(|run| {
        let best =
            p.en.split_whitespace()
                .chain(std::iter::once(p.en.as_str()))
                .map(|w| romanize::match_score(run, w))
                .fold(0.0, f32::max);
        best < 0.6
    })
}

/// Whether `ja` is a single word written in kanji (`仕様`, `拡張`): one token, no kana.
fn is_one_native_word(ja: &str) -> bool {
    ja.chars()
        .all(|c| is_kana_or_kanji(c) && !c.is_ascii() && !is_kana(c))
        && crate::text::japanese::word_refs(ja).len() == 1
}

fn is_kana(c: char) -> bool {
    matches!(c, '\u{3041}'..='\u{30FF}')
}

/// The runs of two or more katakana in `ja` (`システム` in `システム管理者`).
fn katakana_runs(ja: &str) -> impl Iterator<Item = &str> {
    ja.split(|c: char| !is_katakana(c) || c == '・')
        .filter(|r| r.chars().count() >= 2)
}

/// Whether katakana `ja` opens with a sound one of the letters of `acronym` is read or
/// spelled with (`C` is コ or セ, `L` is ラ row, `V` is バ or ヴ rows).
fn starts_with_a_letter_of(ja: &str, acronym: &str) -> bool {
    let Some(first) = romanize::romanize(ja).chars().next() else {
        return false;
    };
    acronym.chars().any(|letter| {
        let sounds: &[char] = match letter.to_ascii_uppercase() {
            'A' => &['a', 'e'],
            'B' => &['b'],
            'C' => &['k', 's', 'c'],
            'D' => &['d'],
            'E' => &['e', 'i'],
            'F' => &['f', 'h'],
            'G' => &['g', 'j'],
            'H' => &['h'],
            'I' => &['i', 'a'],
            'J' => &['j'],
            'K' | 'Q' => &['k'],
            'L' | 'R' => &['r'],
            'M' => &['m'],
            'N' => &['n'],
            'O' => &['o', 'a'],
            'P' => &['p'],
            'S' => &['s'],
            'T' => &['t', 'c'],
            'U' => &['u', 'y', 'a'],
            'V' => &['b', 'v'],
            'W' => &['w', 'u'],
            'X' => &['e', 'k'],
            'Y' => &['y', 'w'],
            'Z' => &['z', 'j'],
            _ => &[],
        };
        sounds.contains(&first)
    })
}
