//! Lines led by a middle dot (`・`) or a bullet (`•`), the way Japanese posts (note, Hatena,
//! text pasted from Word or Slack) write a list, as Markdown list items before Markdown parsing:
//! `・\`KubeletTracing\`（KEP-2831）` becomes `- \`KubeletTracing\`（KEP-2831）`. CommonMark would
//! join such lines into one paragraph (`・A ・B` on one line), and every later stage would read
//! a list of changes as one sentence; as items, each line is a list item of its own, as it reads.
//!
//! A line's indentation is kept (a dot under a list item nests in it); a run of dots
//! (`・・・`, an ellipsis) and a dot alone stay as written, and so does every line in code.
use std::borrow::Cow;

/// `text` with its dot-led lines as list items; text without them is returned as is.
pub(crate) fn expand(text: &str) -> Cow<'_, str> {
    if !text.contains('・') && !text.contains('•') {
        return Cow::Borrowed(text);
    }
    super::rewrite_prose_lines(text, item)
}

/// The list item a dot-led line stands for.
fn item(line: &str) -> Option<String> {
    let body = line.trim_start_matches([' ', '\t']);
    let indent = &line[..line.len() - body.len()];
    let rest = body.strip_prefix(['・', '•'])?;
    let rest = rest.trim_start_matches([' ', '　', '\t']);
    if rest.is_empty() || rest.starts_with(['・', '•']) {
        return None;
    }
    Some(format!("{indent}- {rest}"))
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
        ] {
            assert_eq!(expand(text), text, "{text}");
        }
    }
}
