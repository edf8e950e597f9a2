//! Zenn's embeds, a line of its own such as `@[card](https://kep.k8s.io/753)`,
//! `@[tweet](URL)` or `@[youtube](dQw4w9WgXcQ)`, and its image sizes (`![](URL =250x)`, also
//! after a title: `![](URL "title" =250x)`), as Markdown before Markdown parsing, so an article
//! written on Zenn shows a working link instead of `@[card]` and a bare link text, and its
//! images (with their titles) instead of their source:
//!
//! - an embed of a URL (`card`, `tweet`, `gist`, `github`, `codepen`, `figma`, `docswell`, any
//!   kind) is the URL as an autolink, so a KEP or PR it points at is that reference;
//! - an embed of an id is a link to the page it shows: `youtube` (the video), `speakerdeck`
//!   (the player), `slideshare` (the slides), with the service's name as its text.
//!
//! Only `http:` and `https:` URLs are linked; any other embed stays as written. Nothing in fenced or
//! indented code is touched, and every line stays where it was.
use std::borrow::Cow;

/// `text` with its embed lines as links and its images without Zenn's size; text without them
/// is returned as is. Zenn shows an embed only at a line's start, so a line indented as code is
/// kept as written.
pub(crate) fn expand(text: &str) -> Cow<'_, str> {
    if !text.contains("@[") && !text.contains(" =") {
        return Cow::Borrowed(text);
    }
    super::rewrite_prose_lines(text, |line| {
        let indent = &line[..line.len() - line.trim_start().len()];
        match embed_link(line) {
            Some(link) => Some(format!("{indent}{link}")),
            None => without_image_sizes(line),
        }
    })
}

/// `line` with Zenn's image width (`![alt](URL =250x)`, `=250x100`, after a title too:
/// `![alt](URL "title" =250x)`) taken out of each image, so the Markdown parser reads an image
/// with its title (the size is Zenn's; the page's style fits an image to the column); `None`
/// when the line has none.
fn without_image_sizes(line: &str) -> Option<String> {
    static SIZED: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"(!\[[^\]]*\]\([^\s()]+(?:\s+(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'))?)\s+=[0-9]*x[0-9]*\)"#,
        )
        .unwrap()
    });
    SIZED
        .is_match(line)
        .then(|| SIZED.replace_all(line, "$1)").into_owned())
}

/// The Markdown link for one embed line (`@[kind](arg)` and nothing else), if it is one.
fn embed_link(line: &str) -> Option<String> {
    let rest = line.trim().strip_prefix("@[")?;
    let (kind, rest) = rest.split_once("](")?;
    let arg = rest.strip_suffix(')')?.trim();
    if arg.is_empty() || arg.contains(char::is_whitespace) {
        return None;
    }
    let kind = kind.trim().to_ascii_lowercase();
    if arg.starts_with("https://") || arg.starts_with("http://") {
        return (!arg.contains(['<', '>'])).then(|| format!("<{arg}>"));
    }
    if !arg
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
    {
        return None;
    }
    let (name, url) = match kind.as_str() {
        "youtube" => ("YouTube", format!("https://www.youtube.com/watch?v={arg}")),
        "speakerdeck" => (
            "Speaker Deck",
            format!("https://speakerdeck.com/player/{arg}"),
        ),
        "slideshare" => (
            "SlideShare",
            format!("https://www.slideshare.net/slideshow/embed_code/key/{arg}"),
        ),
        _ => return None,
    };
    Some(format!("[{name}]({url})"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_zenn_image_width_is_taken_out() {
        assert_eq!(
            super::expand("前 ![](https://x.example/a.png =400x) と ![図](b.png =250x100)\n"),
            "前 ![](https://x.example/a.png) と ![図](b.png)\n"
        );
        // After a title too, which stays the image's.
        assert_eq!(
            super::expand(
                "![構成図](https://example.com/c.png \"クラスタ構成\" =300x) ![b](b.png 'x \\' y' =20x30)\n"
            ),
            "![構成図](https://example.com/c.png \"クラスタ構成\") ![b](b.png 'x \\' y')\n"
        );
        // Code and text that only looks alike stay.
        let text = "    ![](a.png =400x)\n`x =400x` と a =b\n";
        assert_eq!(super::expand(text), text);
    }

    use super::expand;

    #[test]
    fn url_embeds_become_autolinks_and_id_embeds_links_line_for_line() {
        let text = "前\n@[card](https://kep.k8s.io/753)\n  @[tweet](https://x.com/k8s/status/1)\r\n@[youtube](dQw4w9WgXcQ)\n@[speakerdeck](a1b2c3)\n後";
        assert_eq!(
            expand(text),
            "前\n<https://kep.k8s.io/753>\n  <https://x.com/k8s/status/1>\r\n\
             [YouTube](https://www.youtube.com/watch?v=dQw4w9WgXcQ)\n\
             [Speaker Deck](https://speakerdeck.com/player/a1b2c3)\n後"
        );
    }

    #[test]
    fn what_is_not_an_embed_line_stays() {
        for text in [
            "文中の @[card](https://kep.k8s.io/753) は埋め込みではない",
            "@[card](javascript:alert(1))",
            "@[youtube](<script>)",
            "@[unknown](abc)",
            "@[card]()",
            "```md\n@[card](https://kep.k8s.io/753)\n```\n",
            "例:\n\n    @[card](https://kep.k8s.io/753)\n",
            "例:\n\n\t@[card](https://kep.k8s.io/753)\n",
        ] {
            assert_eq!(expand(text), text);
        }
    }
}
