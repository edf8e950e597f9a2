//! Text helpers shared by every stage, with no stage of their own: Japanese text ([`japanese`]:
//! the one lindera segmenter, NFKC, kana and spelling-variant folding, the character and word
//! counts a reader sees), cutting text to a length ([`truncate_chars`]) and escaping text for
//! HTML and XML ([`escape_html`], [`escape_xml`]): every page, feed and export escapes here;
//! and the fingerprint caches compare inputs by ([`fingerprint`]).
pub mod japanese;

/// A 64-bit fingerprint of `value` (SipHash with fixed keys: the same in every build of this
/// binary). Caches compare fingerprints of what a result was made from.
pub(crate) fn fingerprint(value: &impl std::hash::Hash) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(value)
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
