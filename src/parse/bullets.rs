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
    if !text.contains('・') && !text.contains('•') {
        return Cow::Borrowed(text);
    }
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let in_code = super::code_fence_lines(&lines);
    let kept = kept_runs(&lines, &in_code);
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    for (i, line) in lines.iter().enumerate() {
        let b = line.trim_end_matches(['\n', '\r']);
        match (!in_code[i] && !kept[i] && !super::indented_as_code(b))
            .then(|| item(b))
            .flatten()
        {
            Some(new) => {
                out.push_str(&new);
                out.push_str(&line[b.len()..]);
                changed = true;
            }
            None => out.push_str(line),
        }
    }
    if changed {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(text)
    }
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
        let lower = line.to_ascii_lowercase();
        if let Some(close) = enclosed {
            kept[i] = true;
            if lower.contains(close) {
                enclosed = None;
            }
            continue;
        }
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
    // Paragraphs (runs of lines between blank ones) of raw HTML, a table or a setext heading.
    let mut start = 0;
    while start < lines.len() {
        if lines[start].trim().is_empty() {
            start += 1;
            continue;
        }
        let end = (start..lines.len())
            .find(|&j| lines[j].trim().is_empty())
            .unwrap_or(lines.len());
        let run = &lines[start..end];
        let structured = run.iter().any(|l| {
            let t = l.trim();
            t.starts_with('<') || t.contains('|')
        }) || run.iter().skip(1).any(|l| is_underline(l.trim()));
        if structured {
            kept[start..end].fill(true);
        }
        start = end;
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

/// Whether Markdown would read more structure at the start of `rest`: a rule, heading, quote,
/// list item, task box or table row.
fn opens_a_block(rest: &str) -> bool {
    if rest.starts_with(['-', '*', '+', '#', '>', '|', '=', '_'])
        || rest.starts_with("[ ]")
        || rest.starts_with("[x]")
        || rest.starts_with("[X]")
    {
        return true;
    }
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && rest[digits..].starts_with(['.', ')'])
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
}
