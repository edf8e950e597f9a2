//! Marp's image keywords. In a Marp deck (`marp: true` in the front matter) an image's alt text
//! also says how to show it: `![bg right:40%](node.png)`, `![w:320 h:200](pod.png)`,
//! `![bg sepia](x.png)`. Those words are Marp's, not a description of the picture, so they
//! leave the alt text before Markdown parsing; the words that describe it stay
//! (`![bg right アーキテクチャ図](a.png)` → `![アーキテクチャ図](a.png)`). Nothing in fenced or
//! indented code is touched, and every line stays where it was.
use std::borrow::Cow;

/// Marp's keywords for a background: where it goes and how it fills its part.
const BACKGROUND: &[&str] = &[
    "bg", "left", "right", "vertical", "contain", "cover", "fit", "auto",
];

/// Marp's image filters, written alone or with a value (`sepia`, `blur:10px`).
const FILTERS: &[&str] = &[
    "blur",
    "brightness",
    "contrast",
    "drop-shadow",
    "grayscale",
    "hue-rotate",
    "invert",
    "opacity",
    "saturate",
    "sepia",
];

/// Marp's keywords that take a size after a colon (`w:320`, `left:30%`).
const SIZED: &[&str] = &["w", "h", "width", "height", "left", "right"];

/// `text` with Marp's keywords taken out of every image's alt text; text without an image
/// whose alt holds one is returned as is.
pub(crate) fn without_image_keywords(text: &str) -> Cow<'_, str> {
    if !text.contains("![") {
        return Cow::Borrowed(text);
    }
    super::rewrite_prose_lines(text, line_without_keywords)
}

/// One line with the keywords out of each `![alt](` on it, if any were there.
fn line_without_keywords(line: &str) -> Option<String> {
    let mut out = String::new();
    let mut done = 0;
    let mut from = 0;
    while let Some(open) = line[from..].find("![").map(|i| from + i + 2) {
        let Some(close) = line[open..].find(']').map(|i| open + i) else {
            break;
        };
        from = close;
        if !line[close + 1..].starts_with('(') {
            continue;
        }
        let alt = &line[open..close];
        let kept: Vec<&str> = alt.split_whitespace().filter(|w| !is_keyword(w)).collect();
        if kept.len() == alt.split_whitespace().count() {
            continue;
        }
        out.push_str(&line[done..open]);
        out.push_str(&kept.join(" "));
        done = close;
    }
    (done > 0).then(|| {
        out.push_str(&line[done..]);
        out
    })
}

/// Whether `word` is one of Marp's image keywords (`bg`, `right:40%`, `w:320px`, `80%`, `x1.5`).
fn is_keyword(word: &str) -> bool {
    let word = word.to_ascii_lowercase();
    let number = |v: &str| !v.is_empty() && v.parse::<f64>().is_ok();
    if BACKGROUND.contains(&word.as_str()) || FILTERS.contains(&word.as_str()) {
        return true;
    }
    if let Some((key, value)) = word.split_once(':') {
        return (SIZED.contains(&key) || FILTERS.contains(&key)) && !value.is_empty();
    }
    // A background's size (`bg 80%`) or zoom (`bg x1.5`).
    word.strip_suffix('%').is_some_and(number) || word.strip_prefix('x').is_some_and(number)
}

#[cfg(test)]
mod tests {
    use super::without_image_keywords as strip;

    #[test]
    fn marp_keywords_leave_the_alt_text_and_the_description_stays() {
        assert_eq!(strip("![bg right:40%](node.png)\n"), "![](node.png)\n");
        assert_eq!(
            strip("前 ![w:320 h:200 Pod の図](pod.png) 後 ![bg 80% sepia](b.png)"),
            "前 ![Pod の図](pod.png) 後 ![](b.png)"
        );
        assert_eq!(
            strip("![bg left:30% x1.5 アーキテクチャ図](a.png)\r\n"),
            "![アーキテクチャ図](a.png)\r\n"
        );
    }

    #[test]
    fn what_is_no_keyword_or_is_code_stays() {
        for text in [
            "![ノードの図](node.png)",
            "```md\n![bg right](x.png)\n```\n",
            "例:\n\n    ![bg](x.png)\n",
            "[bg](link) と ![right] だけ",
            "比率 80% の図 ![80 percent](a.png)",
        ] {
            assert_eq!(strip(text), text);
        }
    }
}
