//! Other platforms' table-of-contents markers, left out before Markdown parsing: Hatena Blog's
//! `[:contents]`, the `[TOC]` of esa, Typora and Markdown extensions, GitLab's `[[_TOC_]]`,
//! Joplin's `${toc}`. On this site the article page shows its own contents, and the marker
//! would be printed as text. A marker counts only alone on its line and outside code; the line
//! stays, empty, so diagnostics keep their lines.
use std::borrow::Cow;

/// The markers, compared case-insensitively with the trimmed line.
const TOC_MARKERS: [&str; 5] = ["[:contents]", "[toc]", "[[_toc_]]", "${toc}", "[[toc]]"];

fn is_marker(line: &str) -> bool {
    let t = line.trim();
    t.len() <= 12 && TOC_MARKERS.iter().any(|m| t.eq_ignore_ascii_case(m))
}

/// `text` without its table-of-contents marker lines; text without them is returned as is.
pub fn without_toc_markers(text: &str) -> Cow<'_, str> {
    // Every article passes here: lines are collected only for one that has a marker.
    if !text.lines().any(is_marker) {
        return Cow::Borrowed(text);
    }
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let in_code = super::code_fence_lines(&lines);
    let mut out = String::with_capacity(text.len());
    for (line, code) in lines.into_iter().zip(in_code) {
        if !code && is_marker(line) {
            out.push_str(if line.ends_with('\n') { "\n" } else { "" });
        } else {
            out.push_str(line);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_alone_on_their_line_leave_it_empty_and_code_keeps_them() {
        let text = "前\n[:contents]\n\n  [TOC]  \n```\n[TOC]\n```\n本文の [TOC] はそのまま\n${toc}";
        assert_eq!(
            without_toc_markers(text),
            "前\n\n\n\n```\n[TOC]\n```\n本文の [TOC] はそのまま\n"
        );
        assert!(matches!(without_toc_markers("なし\n"), Cow::Borrowed(_)));
    }
}
