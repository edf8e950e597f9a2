//! Display math between `$$` lines, as Zenn, Qiita, Hatena (with MathJax) and Hugo themes write
//! it, becomes a ```` ```math ```` fence before Markdown parsing, in every article:
//!
//! ```text
//! $$
//! \sum_i c_i
//! $$
//! ```
//!
//! Markdown would otherwise read the TeX as prose, eating its backslashes (`\{`, `\\`) and
//! making its `*` emphasis. A line that is `$$` alone says math in any article (a price or a
//! shell variable never stands alone so), so this needs no platform; `$…$` inside a line does,
//! and is read by the Markdown parser only where the front matter says math (see
//! `FrontMatter::math`). The lines between stay exactly as written, the fence takes the `$$`
//! lines' places, and the renderer draws a `math` fence, the author's own too, as math
//! (`render::math`). A `$$` line with no `$$` line after it, and lines in code, stay as written.
use std::borrow::Cow;

/// `text` with each `$$` … `$$` block outside code as a ```` ```math ```` fence; text without
/// one is returned as is.
pub(crate) fn display_blocks_as_fences(text: &str) -> Cow<'_, str> {
    if !text.contains("$$") {
        return Cow::Borrowed(text);
    }
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let in_code = super::code_fence_lines(&lines);
    let is_marker =
        |i: usize| !in_code[i] && lines[i].trim() == "$$" && !super::indented_as_code(lines[i]);
    let mut out = String::with_capacity(text.len() + 16);
    let mut changed = false;
    let mut i = 0;
    while i < lines.len() {
        let close = is_marker(i)
            .then(|| (i + 1..lines.len()).find(|&k| is_marker(k)))
            .flatten();
        let Some(close) = close else {
            out.push_str(lines[i]);
            i += 1;
            continue;
        };
        let indent = &lines[i][..lines[i].len() - lines[i].trim_start().len()];
        super::push_fenced(&mut out, indent, "math", &lines[i..=close]);
        changed = true;
        i = close + 1;
    }
    if changed {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_between_dollar_lines_is_a_math_fence_with_its_lines_as_written() {
        let text = "前\n\n$$\n\\begin{aligned}\nS &= \\{ p \\mid p \\in P \\} \\\\\n2*3*4\n\\end{aligned}\n$$\r\n後 $$ と $x$\n";
        assert_eq!(
            display_blocks_as_fences(text),
            "前\n\n```math\n\\begin{aligned}\nS &= \\{ p \\mid p \\in P \\} \\\\\n2*3*4\n\\end{aligned}\n```\r\n後 $$ と $x$\n"
        );
        // Backticks in the TeX get a longer fence.
        assert_eq!(
            display_blocks_as_fences("  $$\n\\text{```}\n  $$"),
            "  ````math\n\\text{```}\n  ````"
        );
    }

    #[test]
    fn dollars_that_open_no_block_stay() {
        for text in [
            "echo $$ は PID\n",
            "$$\nx\n",
            "```sh\n$$\necho $$\n$$\n```\n",
            "    $$\n    x\n    $$\n",
            "価格は $5 と $$10\n",
        ] {
            assert!(
                matches!(display_blocks_as_fences(text), Cow::Borrowed(_)),
                "{text}"
            );
        }
    }
}
