//! Text helpers shared by every stage, with no stage of their own: Japanese text ([`japanese`]:
//! the one lindera segmenter, NFKC, kana and spelling-variant folding, the character and word
//! counts a reader sees), cutting text to a length ([`truncate_chars`]) and escaping text for
//! HTML and XML ([`escape_html`], [`escape_xml`]): every page, feed and export escapes here;
//! and the fingerprint caches compare inputs by ([`fingerprint`]); lowering case ([`lowercase`]); where a long CamelCase name
//! may break ([`escape_html_camel_breaks`]); the built-in stylesheets without their comments
//! ([`compact_css`]).
pub mod japanese;

/// A 64-bit fingerprint of `value` (SipHash with fixed keys: the same in every build of this
/// binary). Caches compare fingerprints of what a result was made from.
pub(crate) fn fingerprint(value: &impl std::hash::Hash) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(value)
}

/// `s.to_lowercase()`. Kana, kanji and the CJK punctuation (U+3000 to U+9FFF) have no case, so
/// text of those and ASCII is lowered byte by byte, without a case-table search per character.
/// The edit distance between `a` and `b`, in characters (insertions, deletions, substitutions).
pub(crate) fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, x) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &y) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(x != y))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

pub(crate) fn lowercase(s: &str) -> String {
    if s.chars().all(|c| c.is_ascii() || is_caseless_cjk(c)) {
        s.to_ascii_lowercase()
    } else {
        s.to_lowercase()
    }
}

/// CJK punctuation, kana and kanji (U+3000 to U+9FFF): characters without case, which text
/// lowering can leave as they are without searching the Unicode case tables.
pub(crate) fn is_caseless_cjk(c: char) -> bool {
    ('\u{3000}'..='\u{9FFF}').contains(&c)
}

/// `s` cut to its first `n` characters (not bytes), with `…` when anything was cut.
pub fn truncate_chars(s: &str, n: usize) -> String {
    let mut it = s.chars();
    let head: String = it.by_ref().take(n).collect();
    if it.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

/// Whether `c` ends a sentence: 。．！？ and the ASCII `!` `?` NFKC makes of the full-width ones.
/// A `.` does not: in these articles it is in versions, file names and API groups.
pub(crate) fn ends_sentence(c: char) -> bool {
    matches!(c, '。' | '．' | '！' | '？' | '!' | '?')
}

/// Whether `c` is a pictograph written as emoji (🎉, 🎊, ✨, ⭐, ✅, ❌), or the variation selector
/// that asks for one (`✔️`): in posts and chat, what closes a line as `！` does, and what digests
/// open items with (`⭐ `, `🚀 `).
pub(crate) fn is_pictograph(c: char) -> bool {
    matches!(c,
        '\u{1F000}'..='\u{1FAFF}'      // mahjong to symbols and pictographs extended-A
        | '\u{2600}'..='\u{27BF}'      // miscellaneous symbols, dingbats
        | '\u{2B00}'..='\u{2BFF}'      // arrows and symbols: ⭐ ⭕ ⬆
        | '\u{FE0F}')
}

/// The sentences of `text`, each with its end mark ([`ends_sentence`]) and trimmed; text after
/// the last mark is a sentence too.
pub(crate) fn sentences(text: &str) -> impl Iterator<Item = &str> {
    text.split_inclusive(ends_sentence)
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// Text or an attribute value of raw HTML as it reads: the HTML spec's named references
/// (`&amp;`, `&nbsp;`, `&copy;`, with their semicolon) and numeric ones (`&#12354;`,
/// `&#x3042;`) decoded; anything else left as written.
pub(crate) fn unescape_html(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        // `&name;` or `&#N;` / `&#xN;`, with its semicolon.
        let entity = rest[1..]
            .find(';')
            .filter(|&e| e <= 32)
            .map(|e| &rest[1..e + 2]);
        let decoded: Option<[Option<char>; 2]> = entity.and_then(|e| {
            let number = e.strip_suffix(';').and_then(|e| e.strip_prefix('#'));
            match number {
                Some(n) => {
                    let n = match n.strip_prefix(['x', 'X']) {
                        Some(hex) => u32::from_str_radix(hex, 16).ok(),
                        None => n.parse().ok(),
                    };
                    let c = n.and_then(char::from_u32).filter(|&c| c != '\0')?;
                    Some([Some(c), None])
                }
                None => markup5ever::data::NAMED_ENTITIES
                    .get(e)
                    .filter(|(first, _)| *first != 0)
                    .map(|&(a, b)| [char::from_u32(a), char::from_u32(b).filter(|&c| c != '\0')]),
            }
        });
        match (entity, decoded) {
            (Some(e), Some(chars)) => {
                out.extend(chars.into_iter().flatten());
                rest = &rest[e.len() + 1..];
            }
            _ => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `s` with `& < > " '` as entities: safe in element text and in a quoted attribute.
pub fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 8);
    escape_html_into(&mut out, s);
    out
}

/// [`escape_html`], appended to `out`. Every text a page shows passes through here (tera's
/// escaping too), so the runs between special characters are copied whole, not char by char.
pub fn escape_html_into(out: &mut String, s: &str) {
    let mut from = 0;
    // The five are ASCII, so a byte index found here is always a char boundary.
    for (i, b) in s.bytes().enumerate() {
        let entity = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        out.push_str(&s[from..i]);
        out.push_str(entity);
        from = i + 1;
    }
    out.push_str(&s[from..]);
}

/// [`escape_html`] of a CamelCase name with `<wbr>` at its word boundaries, so a long gate
/// name (`AllowUnsafeMalformedObjectDeletion`) breaks between words on a narrow screen, never
/// inside one: before an upper-case letter after a lower-case letter or a digit, before the
/// last capital of a run that a lower-case letter follows (`HTTP<wbr>Server`), and before a
/// digit run after letters (`CSIMigration<wbr>AWS`, `Windows<wbr>1809`). Names shorter than
/// [`CAMEL_BREAK_FROM`] characters stay whole.
pub fn escape_html_camel_breaks(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 24);
    if name.chars().count() < CAMEL_BREAK_FROM {
        escape_html_into(&mut out, name);
        return out;
    }
    for (k, word) in camel_words(name).into_iter().enumerate() {
        if k > 0 {
            out.push_str("<wbr>");
        }
        escape_html_into(&mut out, word);
    }
    out
}

/// The words of a CamelCase name, cut where [`escape_html_camel_breaks`] breaks it:
/// `InPlacePodVerticalScaling` → `In Place Pod Vertical Scaling`, `HPAScaleToZero` → `HPA Scale
/// To Zero`, `CloudDualStackNodeIPs` → `… Node IPs`, `WindowsHostNetwork1809` → `… Network 1809`.
pub fn camel_words(name: &str) -> Vec<&str> {
    let chars: Vec<(usize, char)> = name.char_indices().collect();
    let plain: Vec<char> = chars.iter().map(|&(_, c)| c).collect();
    let mut words = Vec::new();
    let mut start = 0;
    for (i, &(at, c)) in chars.iter().enumerate().skip(1) {
        let p = plain[i - 1];
        let next = plain.get(i + 1).copied();
        let boundary = (c.is_ascii_uppercase() && (p.is_ascii_lowercase() || p.is_ascii_digit()))
            || (c.is_ascii_uppercase()
                && p.is_ascii_uppercase()
                && next.is_some_and(|n| n.is_ascii_lowercase())
                // `IPs`, `CIDRs`: an acronym's plural is one word.
                && !acronym_plural(&plain, i + 1))
            || (c.is_ascii_digit() && p.is_ascii_alphabetic());
        if boundary {
            words.push(&name[start..at]);
            start = at;
        }
    }
    words.push(&name[start..]);
    words
}

/// `chars[at]` is an `s` ending a word right after an acronym (`NodeIPs`, `ServiceCIDRsAllowed`).
fn acronym_plural(chars: &[char], at: usize) -> bool {
    chars.get(at) == Some(&'s')
        && chars
            .get(at + 1)
            .is_none_or(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

/// Names this long or longer get [`escape_html_camel_breaks`]' break points: a shorter one
/// fits any line.
pub const CAMEL_BREAK_FROM: usize = 16;

/// A stylesheet without its comments and indentation: what the built-in `static/*.css` ship
/// as (the sources keep their comments for whoever edits them). Quoted strings and `url()`
/// are kept as written; a `/*` inside one is not a comment.
pub fn compact_css(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut chars = css.chars().peekable();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        if let Some(q) = quote {
            out.push(c);
            if c == '\\' {
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '"' | '\'' => {
                quote = Some(c);
                out.push(c);
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for n in chars.by_ref() {
                    if last == '*' && n == '/' {
                        break;
                    }
                    last = n;
                }
            }
            _ => out.push(c),
        }
    }
    out.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// A script without its comment lines and indentation: what the built-in `static/*.js` ship as
/// (the sources keep their comments for whoever edits them). Only a line that is a `//`
/// comment from its first character on is dropped: a `//` after code may be in a string
/// (`"https://…"`), and line breaks are kept, since a script's statements may end at them.
pub fn compact_js(js: &str) -> String {
    js.lines()
        .map(str::trim_start)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// [`escape_html`] (its entities are XML's too) without the characters XML 1.0 forbids or
/// discourages: control characters other than tab, newline and carriage return, and U+FFFE,
/// U+FFFF. An article or a term may hold one, and one would make the whole feed or TBX file
/// unreadable.
pub fn escape_xml(s: &str) -> String {
    if !s.chars().any(not_xml) {
        return escape_html(s);
    }
    let kept: String = s.chars().filter(|&c| !not_xml(c)).collect();
    escape_html(&kept)
}

fn not_xml(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) || matches!(c, '\u{FFFE}' | '\u{FFFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_compact_script_keeps_its_code_and_line_breaks_and_drops_comment_lines() {
        let js = "// What the file does.\n(function () {\n  // Why.\n  var u = \"https://k8s.io\"; // kept\n\n  return u\n})();\n";
        assert_eq!(
            compact_js(js),
            "(function () {\nvar u = \"https://k8s.io\"; // kept\nreturn u\n})();\n"
        );
    }

    #[test]
    fn raw_html_decodes_named_and_numeric_references_and_keeps_the_rest() {
        assert_eq!(
            unescape_html("a &amp; b &lt;c&gt; &copy;2024&nbsp;&#12354;&#x3044; &bogus; & x"),
            "a & b <c> ©2024\u{a0}あい &bogus; & x"
        );
        assert_eq!(unescape_html("&#0; &#xD800; &amp"), "&#0; &#xD800; &amp");
    }

    #[test]
    fn lowercase_is_to_lowercase() {
        for c in '\u{3000}'..='\u{9FFF}' {
            assert!(c.to_lowercase().eq([c]), "{c:?} has a lower case");
        }
        for s in [
            "KEP-3157 と GA へ",
            "Σ ΑΣ Kelvin \u{212A}",
            "ＧＡに昇格",
            "İstanbul",
        ] {
            assert_eq!(lowercase(s), s.to_lowercase(), "{s}");
        }
    }

    #[test]
    fn camel_case_names_break_between_words_only() {
        assert_eq!(
            escape_html_camel_breaks("AllowUnsafeMalformedObjectDeletion"),
            "Allow<wbr>Unsafe<wbr>Malformed<wbr>Object<wbr>Deletion"
        );
        assert_eq!(
            escape_html_camel_breaks("HPAScaleToZeroPolicyForHTTPServer"),
            "HPA<wbr>Scale<wbr>To<wbr>Zero<wbr>Policy<wbr>For<wbr>HTTP<wbr>Server"
        );
        assert_eq!(
            escape_html_camel_breaks("CSIMigrationvSphere"),
            "CSI<wbr>Migrationv<wbr>Sphere"
        );
        // The words are the gate-name words of the registry too.
        assert_eq!(
            camel_words("InPlacePodVerticalScaling"),
            ["In", "Place", "Pod", "Vertical", "Scaling"]
        );
        assert_eq!(
            camel_words("HPAScaleToZero"),
            ["HPA", "Scale", "To", "Zero"]
        );
        assert_eq!(camel_words("NodeSwap"), ["Node", "Swap"]);
        // An acronym's plural stays one word.
        assert_eq!(
            escape_html_camel_breaks("CloudDualStackNodeIPs"),
            "Cloud<wbr>Dual<wbr>Stack<wbr>Node<wbr>IPs"
        );
        assert_eq!(
            escape_html_camel_breaks("MultiCIDRServiceAllocator"),
            "Multi<wbr>CIDR<wbr>Service<wbr>Allocator"
        );
        assert_eq!(
            escape_html_camel_breaks("WindowsHostNetwork1809"),
            "Windows<wbr>Host<wbr>Network<wbr>1809"
        );
        // Short names stay whole; the text is escaped.
        assert_eq!(escape_html_camel_breaks("WatchList"), "WatchList");
        assert_eq!(escape_html_camel_breaks("a<b>"), "a&lt;b&gt;");
    }

    #[test]
    fn compact_css_drops_comments_but_not_strings() {
        let css = "/* head */\n.a {\n  content: \"/* kept */\";\n  color: red; /* why */\n}\n\n.b{background:url('x/*y.png')}\n";
        assert_eq!(
            compact_css(css),
            ".a {\ncontent: \"/* kept */\";\ncolor: red;\n}\n.b{background:url('x/*y.png')}\n"
        );
    }

    #[test]
    fn html_escaping_covers_the_five_characters() {
        assert_eq!(
            escape_html(r#"<a href="x?a=1&b='2'">ア</a>"#),
            "&lt;a href=&quot;x?a=1&amp;b=&#39;2&#39;&quot;&gt;ア&lt;/a&gt;"
        );
        assert_eq!(escape_html("クラスター"), "クラスター");
        let mut out = String::from("前:");
        escape_html_into(&mut out, "a<b");
        assert_eq!(out, "前:a&lt;b");
    }

    #[test]
    fn xml_escaping_drops_what_xml_forbids() {
        assert_eq!(escape_xml("a\u{1}b\u{7f}c\u{FFFE}d"), "abcd");
        assert_eq!(escape_xml("行1\n行2\t&"), "行1\n行2\t&amp;");
        assert_eq!(escape_xml("it's"), "it&#39;s");
    }
}
