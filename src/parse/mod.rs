//! The parse stage: from an article's source text to its front matter and its block map.
//!
//! Front matter is split off and read first ([`frontmatter`]: TOML `+++` or YAML `---`, the
//! release inferred when not given), Zenn's and Qiita's `:::` containers become Markdown
//! ([`containers`]), other platforms' table-of-contents markers leave ([`markers`]), Hatena's
//! footnotes and links become Markdown ([`hatena`]), Zenn's `@[card](URL)` embeds links
//! ([`embeds`]), Hugo shortcodes in the body degrade to
//! their text ([`shortcodes`]), then
//! the Markdown body is parsed into the block map every later stage shares ([`blocks`]; the
//! text of raw HTML blocks becomes paragraphs of it, [`raw_html`]; emoji shortcodes in its
//! prose become emoji, [`emoji`]).
//! `pipeline::parse_articles` runs these per article, in parallel; problems are diagnostics
//! with file and line.
pub mod blocks;
pub mod containers;
pub(crate) mod embeds;
mod emoji;
pub mod frontmatter;
pub mod hatena;
pub mod markers;
pub(crate) mod raw_html;
pub mod shortcodes;

/// Which of `lines` hold code: a code fence's opening or closing line or a line inside it. As
/// in CommonMark, a run of three or more backticks or tildes at a line's start opens a fence,
/// and only a run of the same character at least as long, with nothing after it, closes it.
/// The passes that rewrite the text before Markdown parsing leave these lines alone.
pub(crate) fn code_fence_lines(lines: &[&str]) -> Vec<bool> {
    let run = |line: &str, c: char| line.chars().take_while(|&x| x == c).count();
    let mut open: Option<(char, usize)> = None;
    lines
        .iter()
        .map(|line| {
            let t = line.trim_start();
            match open {
                Some((c, n)) => {
                    let r = run(t, c);
                    if r >= n && t[r * c.len_utf8()..].trim().is_empty() {
                        open = None;
                    }
                }
                None => {
                    open = t
                        .chars()
                        .next()
                        .filter(|c| matches!(c, '`' | '~'))
                        .map(|c| (c, run(t, c)))
                        .filter(|&(_, n)| n >= 3);
                    return open.is_some();
                }
            }
            true
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::code_fence_lines;

    #[test]
    fn a_fence_closes_only_with_its_own_character_at_least_as_long() {
        let lines = [
            "前\n", "````md\n", "```\n", "~~~\n", "````\n", "後\n", "  ~~~\n", "x\n", "~~~ x\n",
            "~~~\n",
        ];
        assert_eq!(
            code_fence_lines(&lines),
            [false, true, true, true, true, false, true, true, true, true]
        );
    }
}
