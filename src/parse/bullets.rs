//! Lines led by a middle dot (`・`) or a bullet (`•`), the way Japanese posts (note, Hatena,
//! text pasted from Word or Slack) write a list, as Markdown list items before Markdown parsing:
//! `・\`KubeletTracing\`（KEP-2831）` becomes `- \`KubeletTracing\`（KEP-2831）`. CommonMark would
//! join such lines into one paragraph (`・A ・B` on one line), and every later stage would read
//! a list of changes as one sentence; as items, each line is a list item of its own, as it reads.
//!
//! A line's indentation is kept (a dot under a list item nests in it). Left as written: a run of
//! dots (`・・・`, an ellipsis) and a dot alone; a dot before what Markdown would read as more
//! structure (`・---`, `・# x`, `・> x`, `・1. x`, `・[ ] x`); and every line of code, of raw HTML
//! (a paragraph that holds a line opening with `<`, and what `<pre>`, `<script>`, `<style>`,
//! `<textarea>` and comments enclose), of a table written without its outer pipes, and of a
//! paragraph underlined as a heading.
use std::borrow::Cow;

/// `text` with its dot-led lines as list items; text without them is returned as is.
pub(crate) fn expand(text: &str) -> Cow<'_, str> {
    // Most dots stand inside a line (`A・B`): nothing to do unless one leads a line.
    let leads = |line: &str| {
        line.trim_start_matches([' ', '\t'])
            .starts_with(['・', '•'])
    };
    if !text.contains(['・', '•']) || !text.lines().any(leads) {
        return Cow::Borrowed(text);
    }
    super::rewrite_prose_lines_but(text, kept_runs, item)
}

/// Which lines stand where a dot leads no item: raw HTML, a table without outer pipes, a
/// paragraph underlined as a heading (see the module doc).
fn kept_runs(lines: &[&str], in_code: &[bool]) -> Vec<bool> {
    let mut kept = vec![false; lines.len()];
    // Raw HTML whose content runs across blank lines, until its closing tag.
    let mut enclosed: Option<&str> = None;
    for (i, line) in lines.iter().enumerate() {
        if in_code[i] {
            continue;
        }
        if let Some(close) = enclosed {
            kept[i] = true;
            if line.to_ascii_lowercase().contains(close) {
                enclosed = None;
            }
            continue;
        }
        if !line.contains('<') {
            continue;
        }
        let lower = line.to_ascii_lowercase();
        for (open, close) in [
            ("<pre", "</pre>"),
            ("<script", "</script>"),
            ("<style", "</style>"),
            ("<textarea", "</textarea>"),
            ("<!--", "-->"),
        ] {
            if let Some(at) = lower.find(open)
                && !lower[at..].contains(close)
            {
                kept[i] = true;
                enclosed = Some(close);
            }
        }
    }
    // Paragraphs of raw HTML, a table or a setext heading.
    for run in super::paragraph_runs(lines) {
        let lines = &lines[run.clone()];
        let structured = lines.iter().any(|l| {
            let t = l.trim();
            t.starts_with('<') || t.contains('|')
        }) || lines.iter().skip(1).any(|l| is_underline(l.trim()));
        if structured {
            kept[run].fill(true);
        }
    }
    kept
}

/// `===` or `---` alone on its line: what makes the lines above it a heading.
fn is_underline(line: &str) -> bool {
    !line.is_empty() && (line.bytes().all(|b| b == b'=') || line.bytes().all(|b| b == b'-'))
}

/// The list item a dot-led line stands for.
fn item(line: &str) -> Option<String> {
    let body = line.trim_start_matches([' ', '\t']);
    let indent = &line[..line.len() - body.len()];
    let rest = body.strip_prefix(['・', '•'])?;
    let rest = rest.trim_start_matches([' ', '　', '\t']);
    if rest.is_empty() || rest.starts_with(['・', '•']) || opens_a_block(rest) {
        return None;
    }
    Some(format!("{indent}- {rest}"))
}

/// Whether Markdown would read more structure at the start of `rest`: a quote or table row, a
/// rule or underline, or a marker followed by a blank or the end (a list item, heading or
/// numbered item); not `**KubeletPSI**`, `#128266` or `1.33 でベータ`, which are text.
fn opens_a_block(rest: &str) -> bool {
    let blank_after = |marker: usize| {
        rest[marker..]
            .chars()
            .next()
            .is_none_or(|c| c == ' ' || c == '\t')
    };
    let first = rest.chars().next().unwrap_or(' ');
    let rule =
        matches!(first, '-' | '*' | '_' | '=') && rest.chars().all(|c| c == first || c == ' ');
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    rest.starts_with(['>', '|'])
        || rule
        || (matches!(first, '-' | '*' | '+') && blank_after(1))
        || (rest.starts_with('#') && blank_after(rest.bytes().take_while(|&b| b == b'#').count()))
        || ["[ ]", "[x]", "[X]"].iter().any(|b| rest.starts_with(b))
        || (digits > 0 && rest[digits..].starts_with(['.', ')']) && blank_after(digits + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_led_lines_are_list_items() {
        assert_eq!(
            expand(
                "## GAになった機能\n\n・`PodLifecycleSleepAction`（KEP-3960）\n・ `KubeletTracing`\n"
            ),
            "## GAになった機能\n\n- `PodLifecycleSleepAction`（KEP-3960）\n- `KubeletTracing`\n"
        );
        assert_eq!(expand("■ベータ\n•　NodeSwap\n"), "■ベータ\n- NodeSwap\n");
        // Under a list item, the dot nests.
        assert_eq!(expand("- 親\n  ・子\n"), "- 親\n  - 子\n");
    }

    #[test]
    fn dots_that_lead_no_item_stay() {
        for text in [
            "A・B・C の三つです。\n",
            "・・・と続きます。\n",
            "・\n",
            "```\n・コードの中\n```\n",
            "    ・インデントされたコード\n",
            // Raw HTML, and what a `<pre>` encloses across a blank line.
            "<div>\n・HTML の中\n</div>\n",
            "<details><summary>詳細</summary>\n・中身\n</details>\n",
            "<pre>\n・pre の中\n\n・まだ pre\n</pre>\n",
            // A table without its outer pipes, a heading underlined.
            "機能 | 段階\n---|---\n・`KubeletPSI` | ベータ\n",
            "・タイトル風\n---\n",
            // More Markdown after the dot.
            "・---\n",
            "・# 見出し\n",
            "・> 引用\n",
            "・1. 番号\n",
            "・[ ] タスク\n",
        ] {
            assert_eq!(expand(text), text, "{text}");
        }
    }

    #[test]
    fn text_that_only_looks_like_markdown_after_the_dot_is_an_item() {
        for (text, want) in [
            ("・**KubeletPSI**: 説明\n", "- **KubeletPSI**: 説明\n"),
            ("・1.33 でベータ\n", "- 1.33 でベータ\n"),
            ("・#128266 の修正\n", "- #128266 の修正\n"),
            ("・--feature-gates=X=true\n", "- --feature-gates=X=true\n"),
        ] {
            assert_eq!(expand(text), want, "{text}");
        }
    }
}
