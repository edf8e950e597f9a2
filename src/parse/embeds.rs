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
//!
//! The same services' raw-HTML embeds, as Qiita, Hatena and pasted share buttons write them
//! (`<iframe src="https://www.youtube.com/embed/ID">`, `<script class="speakerdeck-embed"
//! data-id="ID">`), are read here too ([`html_embed`]): no author's frame or script runs on this
//! site, so the sanitizer shows each as the link a Zenn embed of the same id gets.
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
    let (name, url) = id_embed(&kind, arg)?;
    Some(format!("[{name}]({url})"))
}

/// The service an embed of an id shows (`youtube`, `speakerdeck`, `slideshare`) and the URL of
/// what it shows; `None` for another kind or an id that is not letters, digits, `-` and `_`.
fn id_embed(kind: &str, id: &str) -> Option<(&'static str, String)> {
    if !is_plain_id(id) {
        return None;
    }
    Some(match kind {
        "youtube" => ("YouTube", format!("https://www.youtube.com/watch?v={id}")),
        "speakerdeck" => (
            "Speaker Deck",
            format!("https://speakerdeck.com/player/{id}"),
        ),
        "slideshare" => (
            "SlideShare",
            format!("https://www.slideshare.net/slideshow/embed_code/key/{id}"),
        ),
        _ => return None,
    })
}

/// What a raw-HTML embed becomes on a page where no author's frame or script runs.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum HtmlEmbed {
    /// A link to what it showed: its text and its URL (`http` or `https`).
    Link { text: String, url: String },
    /// A script that only dresses up markup the article keeps (Twitter's `widgets.js` after a
    /// tweet's `<blockquote>`): nothing the author wrote is lost without it.
    Loader,
    /// Nothing says what it showed (a script of the author's own, a script of an unknown
    /// service, a frame without an `http(s)` `src`): the sanitizer drops it, and the build
    /// reports it.
    Dropped,
}

/// Where Twitter's (X's) embed script is served: it turns the `<blockquote class="twitter-tweet">`
/// before it, which keeps the tweet's text and link, into a card.
const LOADERS: [&str; 2] = [
    "https://platform.twitter.com/widgets.js",
    "https://platform.x.com/widgets.js",
];

/// Whether raw HTML `html` may open a frame or a script: what [`html_embed`] reads, looked for
/// cheaply before any tag is.
pub(crate) fn may_embed(html: &str) -> bool {
    static EMBED: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)<(?:iframe|script)[\s>/]").expect("valid regex")
    });
    EMBED.is_match(html)
}

/// What the opening tag `tag` (`<iframe …>` or `<script …>`, as written) embeds; `None` for any
/// other tag.
///
/// A frame of YouTube, Speaker Deck or SlideShare is the link its id's Zenn embed gets (with
/// the frame's `title`, when it has one, after the service's name); any other frame with an
/// `http(s)` `src` a link to that page, its text the title or else the URL. A script is a link
/// when it names what it shows: Speaker Deck's `data-id`, a GitHub gist's `.js`.
pub(crate) fn html_embed(tag: &str) -> Option<HtmlEmbed> {
    let name = super::raw_html::tag_name(tag.strip_prefix('<')?);
    if name != "iframe" && name != "script" {
        return None;
    }
    let attr = |wanted: &str| html_attribute(tag, wanted);
    let src = attr("src").and_then(|src| web_url(&src));
    let title = attr("title").filter(|t| !t.trim().is_empty());
    let titled = |service: &str| match &title {
        Some(title) => format!("{service}: {}", title.trim()),
        None => service.to_string(),
    };
    let link = |(service, url): (&str, String)| HtmlEmbed::Link {
        text: titled(service),
        url,
    };
    if name == "iframe" {
        let Some(src) = src else {
            return Some(HtmlEmbed::Dropped);
        };
        let known = framed_id(&src).and_then(|(kind, id)| id_embed(kind, id));
        return Some(match known {
            Some(embed) => link(embed),
            None => HtmlEmbed::Link {
                text: title.map_or_else(|| src.clone(), |t| t.trim().to_string()),
                url: src,
            },
        });
    }
    let speakerdeck = attr("class")
        .is_some_and(|c| c.split_whitespace().any(|c| c == "speakerdeck-embed"))
        .then(|| attr("data-id"))
        .flatten()
        .and_then(|id| id_embed("speakerdeck", id.trim()));
    if let Some(embed) = speakerdeck {
        return Some(link(embed));
    }
    Some(match src {
        Some(src) if LOADERS.contains(&src.as_str()) => HtmlEmbed::Loader,
        Some(src) => match gist_page(&src) {
            Some(page) => link(("GitHub Gist", page)),
            None => HtmlEmbed::Dropped,
        },
        None => HtmlEmbed::Dropped,
    })
}

/// The value of attribute `wanted` in the opening tag `tag`, its entities decoded.
fn html_attribute(tag: &str, wanted: &str) -> Option<String> {
    static ATTRIBUTE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"\s([A-Za-z][A-Za-z0-9_:.-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>`=]+)))?"#,
        )
        .expect("valid regex")
    });
    ATTRIBUTE.captures_iter(tag).find_map(|c| {
        c[1].eq_ignore_ascii_case(wanted).then(|| {
            let value = c
                .get(2)
                .or(c.get(3))
                .or(c.get(4))
                .map_or("", |m| m.as_str());
            crate::text::unescape_html(value)
        })
    })
}

/// `src` as a URL a reader may follow: `http(s)`, or protocol-relative (`//speakerdeck.com/…`,
/// as share buttons write it) read as `https`; `None` for any other scheme, a relative path or
/// a URL with blanks or angle brackets in it.
fn web_url(src: &str) -> Option<String> {
    let src = src.trim();
    let url = match src.strip_prefix("//") {
        Some(rest) => format!("https://{rest}"),
        None => src.to_string(),
    };
    let lower = url.get(..8)?.to_ascii_lowercase();
    ((lower.starts_with("http://") || lower == "https://")
        && !url.contains(|c: char| c.is_whitespace() || c == '<' || c == '>'))
    .then_some(url)
}

/// The kind and id of a known service's player URL: `youtube` for
/// `https://www.youtube.com/embed/ID` (also `youtube-nocookie.com`), `speakerdeck` for
/// `https://speakerdeck.com/player/ID`, `slideshare` for its `embed_code/key/KEY`.
fn framed_id(url: &str) -> Option<(&'static str, &str)> {
    let rest = url.split_once("://")?.1;
    let (host, path) = rest.split_once('/')?;
    let host = host.strip_prefix("www.").unwrap_or(host);
    let path = path.split(['?', '#']).next()?;
    let (kind, id) = match host {
        // `embed/videoseries?list=…` is a playlist, no video's id: a link to the frame's page.
        "youtube.com" | "youtube-nocookie.com" => (
            "youtube",
            path.strip_prefix("embed/")
                .filter(|id| *id != "videoseries")?,
        ),
        "speakerdeck.com" => ("speakerdeck", path.strip_prefix("player/")?),
        "slideshare.net" => (
            "slideshare",
            path.strip_prefix("slideshow/embed_code/key/")?,
        ),
        _ => return None,
    };
    Some((kind, id.trim_end_matches('/')))
}

/// The page of a gist its embed script shows (`https://gist.github.com/USER/ID.js` →
/// `https://gist.github.com/USER/ID`).
fn gist_page(src: &str) -> Option<String> {
    let path = src
        .strip_prefix("https://gist.github.com/")?
        .split(['?', '#'])
        .next()?;
    let page = path.strip_suffix(".js")?;
    let mut parts = page.split('/');
    (parts.next().is_some_and(is_plain_id)
        && parts.next().is_some_and(is_plain_id)
        && parts.next().is_none())
    .then(|| format!("https://gist.github.com/{page}"))
}

/// Letters, digits, `-` and `_`, at least one: an id that goes into a URL as it is.
fn is_plain_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
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

    use super::{HtmlEmbed, html_embed};

    fn link(text: &str, url: &str) -> Option<HtmlEmbed> {
        Some(HtmlEmbed::Link {
            text: text.to_string(),
            url: url.to_string(),
        })
    }

    #[test]
    fn a_known_services_frame_or_script_is_the_link_its_zenn_embed_gets() {
        assert_eq!(
            html_embed(
                "<iframe width=\"560\" height=\"315\" src=\"https://www.youtube.com/embed/dQw4w9WgXcQ?start=30\" title=\"KubeCon &amp; CloudNativeCon\" allowfullscreen>"
            ),
            link(
                "YouTube: KubeCon & CloudNativeCon",
                "https://www.youtube.com/watch?v=dQw4w9WgXcQ"
            )
        );
        assert_eq!(
            html_embed("<IFRAME SRC='https://www.youtube-nocookie.com/embed/abc_-1'>"),
            link("YouTube", "https://www.youtube.com/watch?v=abc_-1")
        );
        assert_eq!(
            html_embed(
                "<script defer class=\"speakerdeck-embed\" data-id=\"a1b2c3\" data-ratio=\"1.777\" src=\"//speakerdeck.com/assets/embed.js\">"
            ),
            link("Speaker Deck", "https://speakerdeck.com/player/a1b2c3")
        );
        assert_eq!(
            html_embed("<iframe src=\"//speakerdeck.com/player/a1b2c3\" title=\"1.33 の変更\">"),
            link(
                "Speaker Deck: 1.33 の変更",
                "https://speakerdeck.com/player/a1b2c3"
            )
        );
        assert_eq!(
            html_embed("<script src=\"https://gist.github.com/octocat/6cad326836d38bd3a7ae.js\">"),
            link(
                "GitHub Gist",
                "https://gist.github.com/octocat/6cad326836d38bd3a7ae"
            )
        );
        // Another page in a frame is a link to it, named by its title or else its URL; so is a
        // playlist, which has no video id.
        assert_eq!(
            html_embed("<iframe src=\"https://www.youtube.com/embed/videoseries?list=PL1\">"),
            link(
                "https://www.youtube.com/embed/videoseries?list=PL1",
                "https://www.youtube.com/embed/videoseries?list=PL1"
            )
        );
        assert_eq!(
            html_embed("<iframe src=\"https://example.com/embed/x\" frameborder=0>"),
            link("https://example.com/embed/x", "https://example.com/embed/x")
        );
        assert_eq!(
            html_embed("<iframe src=\"https://example.com/x\" title=\"デモ\">"),
            link("デモ", "https://example.com/x")
        );
    }

    #[test]
    fn a_frame_or_script_that_says_nothing_a_reader_may_follow_is_dropped() {
        for tag in [
            "<iframe src=\"javascript:alert(1)\">",
            "<iframe src=\"JaVaScRiPt&#58;alert(1)\">",
            "<iframe src=\"data:text/html,<script>alert(1)</script>\">",
            "<iframe srcdoc=\"<script>alert(1)</script>\">",
            "<iframe src=\"/local/page.html\">",
            "<script>",
            "<script src=\"https://example.com/tracker.js\">",
            "<script class=\"speakerdeck-embed\" data-id=\"../x\" src=\"//speakerdeck.com/assets/embed.js\">",
            "<script src=\"https://gist.github.com/a/b/c.js\">",
        ] {
            assert_eq!(html_embed(tag), Some(HtmlEmbed::Dropped), "{tag}");
        }
        // The tweet's quote keeps its text and link; its loader adds nothing to lose.
        assert_eq!(
            html_embed(
                "<script async src=\"https://platform.twitter.com/widgets.js\" charset=\"utf-8\">"
            ),
            Some(HtmlEmbed::Loader)
        );
        for tag in [
            "<img src=\"https://example.com/a.png\">",
            "<iframes>",
            "<a href=\"x\">",
        ] {
            assert_eq!(html_embed(tag), None, "{tag}");
        }
    }
}
