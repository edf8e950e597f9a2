//! Emoji shortcodes (`:tada:`, `:white_check_mark:`, `:+1:`), as GitHub, Qiita, Zenn and Slack
//! show them, become the emoji in an article's prose, so text pasted from those places reads
//! as written there. Only the shortcodes of GitHub's list (gemoji, through the `emojis` crate)
//! count, and only standing apart from ASCII letters and digits: `10:00:00`, `std::io` and
//! `key:a:value` stay. Code is never touched (the caller passes prose only).
use std::borrow::Cow;

/// `text` with its shortcodes as emoji; text without any is returned as is.
pub(super) fn expand(text: &str) -> Cow<'_, str> {
    if !text.contains(':') {
        return Cow::Borrowed(text);
    }
    let mut out = String::new();
    // Copied up to here.
    let mut done = 0;
    let mut from = 0;
    let bytes = text.as_bytes();
    while let Some(open) = text[from..].find(':').map(|i| from + i) {
        let name_len = text[open + 1..]
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'-'))
            .count();
        let close = open + 1 + name_len;
        let apart = |at: Option<&u8>| at.is_none_or(|b| !b.is_ascii_alphanumeric());
        let emoji = (name_len > 0
            && bytes.get(close) == Some(&b':')
            && apart(open.checked_sub(1).and_then(|i| bytes.get(i)))
            && apart(bytes.get(close + 1)))
        .then(|| emojis::get_by_shortcode(&text[open + 1..close]))
        .flatten();
        match emoji {
            Some(e) => {
                out.push_str(&text[done..open]);
                out.push_str(e.as_str());
                done = close + 1;
                from = close + 1;
            }
            // The closing colon may open the next shortcode (`:tada::rocket:`).
            None => from = if name_len > 0 { close } else { open + 1 },
        }
    }
    if done == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[done..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::expand;

    #[test]
    fn known_shortcodes_become_emoji() {
        assert_eq!(expand("GAになりました:tada:"), "GAになりました🎉");
        assert_eq!(expand(":white_check_mark: 完了 :+1:"), "✅ 完了 👍");
        assert_eq!(expand(":tada::rocket:"), "🎉🚀");
    }

    #[test]
    fn colons_that_are_not_shortcodes_stay() {
        for text in [
            "10:00:00",
            "std::io::Result",
            "key:a:value",
            ":not_an_emoji_name:",
            "比率は 1:2:3",
            "::",
            "末尾のコロン:",
        ] {
            assert_eq!(expand(text), text);
        }
    }
}
