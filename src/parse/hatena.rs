//! Hatena Blog's notation (and Zenn's inline footnotes), as Markdown before Markdown parsing,
//! so an article written on Hatena or Zenn shows its code, quotes, images, numbered notes and
//! working links instead of brackets:
//!
//! - super-pre code, `>|yaml|` … `||<` (`>||` and `>|?|` name no language): a fenced code block
//!   in that language, its lines exactly as written (the fence is longer than any run of
//!   backticks in them). An opening line with no `||<` line after it stays as written. Plain
//!   pre, `>|` … `|<`, is the same block with no language: preformatted, not highlighted.
//!   [`pre_as_fences`] does this alone, and the pipeline runs it before any other pass, so no
//!   pass reads a pre block's lines (a `:::` or `[:contents]` in its code stays code).
//! - quotes, `>>` … `<<` each alone on its line: a blockquote of the lines between, which stay
//!   Markdown; a quote may hold a quote. A `>>` right under a Markdown quote line is that
//!   quote's blank line, and a `>>` or `<<` without its pair stays as written. A quote that
//!   names its source, `>https://example.com/>` (or `>[URL:title=出典]>`), ends with that
//!   source: `<footer><cite><a href="URL">URL</a></cite></footer>` in the quote, on the `<<`
//!   line (an HTML block, so the line after the quote is not read as the quote's).
//! - inline footnotes, Hatena's `本文((脚注の文))` and Zenn's `本文^[脚注の文]`: a reference
//!   `[^hatena-1]` (`[^zenn-1]`), its text defined at the end of the body. A note counts on one
//!   line, with text between the brackets; `(((` is not one (Hatena's own escape for a literal
//!   `((`), and neither is shell arithmetic, `$((i+1))`.
//! - links, `[https://kep.k8s.io/2400:embed:cite]`, `[URL:title]`, `[URL:bookmark]`: the URL as
//!   an autolink; `[URL:title=テキスト]`: a link with that text (option words after it,
//!   `:bookmark`, `:embed`, `:cite`, are options, not text).
//! - Fotolife images, `[f:id:USER:20250830123456p:plain]` (`p` a PNG, `j` a JPEG, `g` a GIF;
//!   `:image`, `:w300`, `:title=…`, `:alt=…` or nothing after the id): the image on Hatena's
//!   server, `https://cdn-ak.f.st-hatena.com/images/fotolife/U/USER/20250830/20250830123456.png`,
//!   its alt text the `alt=` given, else its title, else empty.
//!
//! Nothing in fenced code, code spans or the code of a Hugo code shortcode
//! (`{{< highlight >}}`, `{{< mermaid >}}`) is touched, and a link's or image's text reads as the
//! author wrote it (its Markdown and HTML characters escaped). Every line stays where it was;
//! the notes' definitions follow the last line.
use std::borrow::Cow;

use super::line_break;
use super::shortcodes::{code_shortcode_lines, markdown_text};

/// Hatena quotes nest at most this deep; a `>>` deeper still, and the `<<` closing it, stay as
/// written. Each line of a quote repeats its depth in `> ` markers, so a hostile article of
/// short lines deep in quotes would grow by that many times; no article quotes a quote of a
/// quote of a quote.
const MAX_HATENA_QUOTE_DEPTH: usize = 4;

/// `text` with Hatena's notation (and Zenn's inline footnotes) as Markdown; text without any
/// is returned as is. Its pre blocks are code already ([`pre_as_fences`], the pipeline's first
/// pass, so that no pass reads their lines); quotes come before links, so a quote's source
/// (`>[URL:title]>`) is read as a source.
pub fn expand(text: &str) -> Cow<'_, str> {
    let quoted = then(Cow::Borrowed(text), quotes_as_blockquotes);
    then(quoted, notes_links_and_images)
}

/// `text` after `pass`, or `text` itself, as borrowed as it came, when the pass changed nothing.
fn then<'a>(text: Cow<'a, str>, pass: impl Fn(&str) -> Cow<'_, str>) -> Cow<'a, str> {
    let changed = match pass(&text) {
        Cow::Owned(changed) => Some(changed),
        Cow::Borrowed(_) => None,
    };
    changed.map_or(text, Cow::Owned)
}

/// `line` without its line break.
fn without_break(line: &str) -> &str {
    line.trim_end_matches(['\n', '\r'])
}

/// `text` with each pre block outside code, super-pre (`>|yaml|` … `||<`) and plain (`>|` …
/// `|<`), as a fenced code block; the fences take the lines of the block's first and last lines.
pub fn pre_as_fences(text: &str) -> Cow<'_, str> {
    if !text.contains(">|") {
        return Cow::Borrowed(text);
    }
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let kept = code_shortcode_lines(&lines);
    // The first closing line of each kind at or after each line, so finding where a block ends
    // costs nothing however many opening lines are never closed.
    let next_close = |closer: &str| {
        let mut next = vec![None; lines.len() + 1];
        for i in (0..lines.len()).rev() {
            next[i] = if lines[i].trim_end() == closer {
                Some(i)
            } else {
                next[i + 1]
            };
        }
        next
    };
    let (next_super, next_plain) = (next_close("||<"), next_close("|<"));
    let mut fences = Fences::default();
    let mut out = String::with_capacity(text.len() + 16);
    let mut changed = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let in_code = fences.holds_code(line) || kept[i];
        let block = match super_pre_language(line) {
            Some(lang) => Some((lang, next_super[i + 1])),
            None => (line.trim_end() == ">|").then_some(("", next_plain[i + 1])),
        };
        match (in_code, block) {
            (false, Some((lang, Some(close)))) => {
                super::push_fenced(&mut out, "", lang, &lines[i..=close]);
                changed = true;
                i = close + 1;
            }
            _ => {
                out.push_str(line);
                i += 1;
            }
        }
    }
    if changed {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(text)
    }
}

/// The language a super-pre block's opening line names (`yaml` for `>|yaml|`; `""` for `>||`
/// and for `>|?|`, Hatena's "guess it"); `None` for any other line.
fn super_pre_language(line: &str) -> Option<&str> {
    let lang = line.trim_end().strip_prefix(">|")?.strip_suffix('|')?;
    if lang == "?" {
        return Some("");
    }
    lang.bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'.' | b'-'))
        .then_some(lang)
}

/// Fenced code, read a line at a time by the one rule [`super::code_fence_lines`] keeps: the
/// super-pre pass skips a block's lines, which must neither open nor close a fence.
#[derive(Default)]
struct Fences<'a> {
    /// The line that opened the fence the lines read so far end in.
    opener: Option<&'a str>,
}

impl<'a> Fences<'a> {
    /// Whether `line`, read after the lines before it, opens, is inside or closes a fence.
    fn holds_code(&mut self, line: &'a str) -> bool {
        match self.opener {
            None => {
                let opens = super::code_fence_lines(&[line])[0];
                if opens {
                    self.opener = Some(line);
                }
                opens
            }
            Some(opener) => {
                // `line` closed the fence when a blank line after it is outside the fence.
                if !super::code_fence_lines(&[opener, line, ""])[2] {
                    self.opener = None;
                }
                true
            }
        }
    }
}

/// How a Hatena quote's marker line is read.
#[derive(Clone)]
enum QuoteMark {
    Open,
    /// The `<<` of a quote, with the HTML of the source its `>URL>` named, if it did.
    Close(Option<String>),
}

/// The source a quote's opening line names: `>https://example.com/>` (the URL is the text) or
/// `>[https://example.com/:title=出典]>`, as the HTML of its citation; `None` for any other line.
fn quote_source(line: &str) -> Option<String> {
    let inner = line.trim_end().strip_prefix('>')?.strip_suffix('>')?;
    let (url, title) = match inner.strip_prefix('[').and_then(|i| i.strip_suffix(']')) {
        Some(link) => hatena_link_parts(link)?,
        None => (inner, None),
    };
    if !is_hatena_url(url) {
        return None;
    }
    Some(format!(
        "<footer><cite><a href=\"{}\">{}</a></cite></footer>",
        crate::text::escape_html(url),
        crate::text::escape_html(title.unwrap_or(url))
    ))
}

/// `text` with each Hatena quote outside code (`>>` … `<<`, paired like brackets) as a
/// blockquote: its lines quoted in place, a blank one as `>` so the quote goes on, and its
/// marker lines blank (at the depth of the quote around it), so the quote starts and ends there.
fn quotes_as_blockquotes(text: &str) -> Cow<'_, str> {
    // Every quote, with a source or not, ends with a line that is `<<` (a shell heredoc,
    // `cat <<EOF`, is none).
    if !text.contains("<<") || !text.lines().any(|l| l.trim_end() == "<<") {
        return Cow::Borrowed(text);
    }
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let in_code = super::code_fence_lines(&lines);
    let kept = code_shortcode_lines(&lines);
    let mut marks: Vec<Option<QuoteMark>> = vec![None; lines.len()];
    let mut open = Vec::new();
    // Quotes opened past `MAX_HATENA_QUOTE_DEPTH` stay as written, with the `<<` that close them.
    let mut too_deep = 0;
    for (i, line) in lines.iter().enumerate() {
        if in_code[i] || kept[i] {
            continue;
        }
        let trimmed = line.trim_end();
        // Under a Markdown quote line (`>> 引用の引用`), `>>` is that quote's blank line.
        let opens = (trimmed == ">>" && (i == 0 || !is_markdown_quote_line(lines[i - 1])))
            .then_some(None)
            .or_else(|| quote_source(trimmed).map(Some));
        match (opens, trimmed) {
            (Some(source), _) => {
                if open.len() < MAX_HATENA_QUOTE_DEPTH {
                    open.push((i, source));
                } else {
                    too_deep += 1;
                }
            }
            (None, "<<") if too_deep > 0 => too_deep -= 1,
            (None, "<<") => {
                if let Some((o, source)) = open.pop() {
                    marks[o] = Some(QuoteMark::Open);
                    marks[i] = Some(QuoteMark::Close(source));
                }
            }
            _ => {}
        }
    }
    if marks.iter().all(Option::is_none) {
        return Cow::Borrowed(text);
    }
    let blank_at = |depth: usize| match depth {
        0 => String::new(),
        d => format!("{}>", "> ".repeat(d - 1)),
    };
    let mut out = String::with_capacity(text.len() + 64);
    let mut depth = 0;
    for (line, mark) in lines.iter().zip(marks) {
        let body = without_break(line);
        match mark {
            Some(QuoteMark::Open) => {
                out.push_str(&blank_at(depth));
                depth += 1;
            }
            // The source stands last in the quote, on the `<<` line; an HTML block, it ends
            // there, where a paragraph would take the next line in.
            Some(QuoteMark::Close(Some(source))) => {
                out.push_str(&"> ".repeat(depth));
                out.push_str(&source);
                depth -= 1;
            }
            Some(QuoteMark::Close(None)) => {
                depth -= 1;
                out.push_str(&blank_at(depth));
            }
            None if depth == 0 => out.push_str(body),
            None if body.trim().is_empty() => out.push_str(&blank_at(depth)),
            None => {
                out.push_str(&"> ".repeat(depth));
                out.push_str(body);
            }
        }
        out.push_str(line_break(line));
    }
    Cow::Owned(out)
}

/// Whether `line` is a Markdown blockquote's, not a Hatena quote's own `>>`.
fn is_markdown_quote_line(line: &str) -> bool {
    line.trim_start().starts_with('>') && line.trim_end() != ">>"
}

/// The label of the `n`th note (from 1) written in `notation` (`hatena`, `zenn`): a prefix of its
/// own, so it never meets a label the author wrote (`[^1]`).
fn label(notation: &str, n: usize) -> String {
    format!("{notation}-{n}")
}

/// An inline note found in a line: the notation's name, where its text is, and where the line
/// goes on after it.
struct Note {
    notation: &'static str,
    text: std::ops::Range<usize>,
    after: usize,
}

/// `text` with its inline footnotes, Hatena links and Fotolife images outside code as Markdown;
/// text without them is returned as is.
fn notes_links_and_images(text: &str) -> Cow<'_, str> {
    if !["((", "^[", "[http", "[f:id:"]
        .iter()
        .any(|marker| text.contains(marker))
    {
        return Cow::Borrowed(text);
    }
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let in_code = super::code_fence_lines(&lines);
    let kept = code_shortcode_lines(&lines);
    // Definitions after a fence or a code shortcode left open would be code.
    if in_code.last() == Some(&true) || kept.last() == Some(&true) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 64);
    let mut notes: Vec<(&str, String)> = Vec::new();
    let mut changed = false;
    for (i, line) in lines.into_iter().enumerate() {
        if in_code[i] || kept[i] {
            out.push_str(line);
            continue;
        }
        let linked = replace_links_and_images(line);
        changed |= matches!(linked, Cow::Owned(_));
        replace_notes(&linked, &mut notes, &mut out);
    }
    if notes.is_empty() && !changed {
        return Cow::Borrowed(text);
    }
    if !notes.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    for (i, (notation, note)) in notes.iter().enumerate() {
        out.push_str(&format!(
            "\n[^{}]: {}\n",
            label(notation, i + 1),
            note.trim()
        ));
    }
    Cow::Owned(out)
}

/// Appends `line` to `out` with each note outside code spans replaced by its reference, the
/// note's text pushed to `notes`.
fn replace_notes(line: &str, notes: &mut Vec<(&'static str, String)>, out: &mut String) {
    let mut rest = line;
    while let Some(at) = next_note(rest) {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        match note_at(from) {
            Some(note) if !from[note.text.clone()].trim().is_empty() => {
                notes.push((note.notation, from[note.text].to_string()));
                out.push_str(&format!("[^{}]", label(note.notation, notes.len())));
                rest = &from[note.after..];
            }
            _ => {
                out.push_str(&from[..2]);
                rest = &from[2..];
            }
        }
    }
    out.push_str(rest);
}

/// The note opening `from` (at its `((` or `^[`), ended by the bracket that balances its
/// opening, so a link inside it keeps its own brackets (`((詳細は[KEP](https://kep.k8s.io/753)))`,
/// `^[詳細は[KEP](https://kep.k8s.io/753)]`).
fn note_at(from: &str) -> Option<Note> {
    let zenn = from.starts_with("^[");
    let (open, close) = if zenn { (b'[', b']') } else { (b'(', b')') };
    let mut depth = 0usize;
    for (i, b) in from.bytes().enumerate().skip(usize::from(zenn)) {
        if b == open {
            depth += 1;
        } else if b == close {
            depth = depth.checked_sub(1)?;
            if depth > 0 {
                continue;
            }
            return if zenn {
                Some(Note {
                    notation: "zenn",
                    text: 2..i,
                    after: i + 1,
                })
            } else {
                (from.as_bytes()[i - 1] == b')').then(|| Note {
                    notation: "hatena",
                    text: 2..i - 1,
                    after: i + 1,
                })
            };
        }
    }
    None
}

/// `line` with its Hatena links (`[URL:title]`, `[URL:title=テキスト]`, `[URL:embed:cite]`,
/// `[URL:bookmark]`) and Fotolife images (`[f:id:USER:20250830123456p:plain]`) outside code
/// spans as Markdown links and images.
fn replace_links_and_images(line: &str) -> Cow<'_, str> {
    if !line.contains("[http") && !line.contains("[f:id:") {
        return Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    let mut changed = false;
    while let Some(at) = next_outside_code(rest, |b, i| {
        b[i] == b'[' && (b[i + 1..].starts_with(b"http") || b[i + 1..].starts_with(b"f:id:"))
    }) {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        // A tag holds no bracket of its own: looking no further than the next `[` keeps a line
        // of a million openings linear.
        let markdown = from[1..]
            .find(['[', ']'])
            .map(|i| i + 1)
            .filter(|&end| from.as_bytes()[end] == b']')
            .and_then(|end| {
                let inner = &from[1..end];
                Some((end, hatena_link(inner).or_else(|| fotolife_image(inner))?))
            });
        match markdown {
            Some((end, markdown)) => {
                out.push_str(&markdown);
                rest = &from[end + 1..];
                changed = true;
            }
            None => {
                out.push('[');
                rest = &from[1..];
            }
        }
    }
    if !changed {
        return Cow::Borrowed(line);
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// The words Hatena's link notation takes after the URL, each after a colon.
const LINK_OPTIONS: [&str; 4] = ["title", "embed", "cite", "bookmark"];

/// The Markdown for the inside of one Hatena link, `URL:title=テキスト` or `URL:embed:cite`; `None`
/// when it is no Hatena link (a Markdown link's text that is a URL, `[https://x](https://x)`).
fn hatena_link(inner: &str) -> Option<String> {
    let (url, title) = hatena_link_parts(inner)?;
    Some(match title {
        // In angle brackets a `)` in the URL cannot end the link early.
        Some(title) => format!("[{}](<{url}>)", markdown_text(title)),
        None => format!("<{url}>"),
    })
}

/// Whether `url`, written in a Hatena link or quote, is one: `http(s)://` and a host, no
/// blanks or angle brackets.
fn is_hatena_url(url: &str) -> bool {
    crate::model::urls::origin_of(url).is_some()
        && !url.contains(|c: char| c.is_whitespace() || c == '<' || c == '>')
}

/// The URL of one Hatena link (the inside of its brackets) and its `title=` text, if given.
fn hatena_link_parts(inner: &str) -> Option<(&str, Option<&str>)> {
    // The URL ends at the first option (it has colons of its own: `https:`, `:8080`).
    let cut = inner.match_indices(':').map(|(i, _)| i).find(|&i| {
        LINK_OPTIONS.iter().any(|option| {
            inner[i + 1..].strip_prefix(option).is_some_and(|after| {
                after.is_empty()
                    || after.starts_with(':')
                    || (*option == "title" && after.starts_with('='))
            })
        })
    })?;
    let url = &inner[..cut];
    if !is_hatena_url(url) {
        return None;
    }
    let options = &inner[cut + 1..];
    let title = options
        .strip_prefix("title=")
        .or_else(|| options.split_once(":title=").map(|(_, title)| title))
        .map(without_trailing_link_options)
        .map(str::trim)
        .filter(|title| !title.is_empty());
    Some((url, title))
}

/// A link's `title=` text without the option words written after it (`公式:bookmark`,
/// `公式:embed:cite`).
fn without_trailing_link_options(mut title: &str) -> &str {
    while let Some(shorter) = LINK_OPTIONS[1..]
        .iter()
        .find_map(|option| title.strip_suffix(option).and_then(|t| t.strip_suffix(':')))
    {
        title = shorter;
    }
    title
}

/// The Markdown image for the inside of one Fotolife tag, `f:id:USER:20250830123456p:plain`
/// (the id is the upload's time and its file type); `None` when it is no Fotolife tag.
fn fotolife_image(inner: &str) -> Option<String> {
    let (user, rest) = inner.strip_prefix("f:id:")?.split_once(':')?;
    let mut chars = user.chars();
    let user_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'));
    let time = rest
        .get(..14)
        .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))?;
    let extension = match rest.as_bytes().get(14) {
        Some(b'p') => "png",
        Some(b'j') => "jpg",
        Some(b'g') => "gif",
        _ => return None,
    };
    let options = &rest[15..];
    if !user_ok || !(options.is_empty() || options.starts_with(':')) {
        return None;
    }
    // `title=` and `alt=` run to the next option word: their text may hold colons.
    let mut named: [Option<String>; 2] = [None, None];
    let mut continued = None;
    for segment in options.split(':').skip(1) {
        let value = ["title=", "alt="]
            .iter()
            .enumerate()
            .find_map(|(k, key)| Some((k, segment.strip_prefix(key)?)));
        match value {
            Some((k, value)) => {
                named[k] = Some(value.to_string());
                continued = Some(k);
            }
            None if segment.split(',').all(is_fotolife_option) => continued = None,
            None => {
                if let Some(value) = continued.and_then(|k| named[k].as_mut()) {
                    value.push(':');
                    value.push_str(segment);
                }
            }
        }
    }
    let [title, alt] = named.map(|v| v.map(|v| v.trim().to_string()).filter(|v| !v.is_empty()));
    let url = format!(
        "https://cdn-ak.f.st-hatena.com/images/fotolife/{}/{user}/{}/{time}.{extension}",
        &user[..1],
        &time[..8]
    );
    let title_part = title
        .as_deref()
        .map(|t| format!(" \"{}\"", markdown_text(t).replace('"', "\\\"")))
        .unwrap_or_default();
    let alt = alt.or(title).unwrap_or_default();
    Some(format!("![{}]({url}{title_part})", markdown_text(&alt)))
}

/// Whether `word` is one of a Fotolife tag's display options: its kind (`plain`, `image`,
/// `original`), its size (`w300`, `h200`) or its place (`left`, `right`, `center`).
fn is_fotolife_option(word: &str) -> bool {
    let sized = |prefix: char| {
        word.strip_prefix(prefix)
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    matches!(
        word,
        "plain" | "image" | "original" | "left" | "right" | "center"
    ) || sized('w')
        || sized('h')
}

/// Where the next note outside a code span starts in `line`, if one does: `((` or `^[`. A `(((`
/// is skipped, and so is `$((`, shell arithmetic (`$((i+1))`), never a note.
fn next_note(line: &str) -> Option<usize> {
    next_outside_code(line, |b, i| {
        (b[i] == b'('
            && b.get(i + 1) == Some(&b'(')
            && (i == 0 || !matches!(b[i - 1], b'$' | b'(')))
            || (b[i] == b'^' && b.get(i + 1) == Some(&b'['))
    })
}

/// Where the first byte outside code spans that `wanted` accepts stands in `line`; a run of
/// `((((` is skipped whole, so `(((` never opens a note.
fn next_outside_code(line: &str, wanted: impl Fn(&[u8], usize) -> bool) -> Option<usize> {
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'`' => {
                // A code span: a run of backticks up to the same run (or the line's end).
                let run = bytes[i..].iter().take_while(|&&b| b == b'`').count();
                let ticks = &line[i..i + run];
                i += run;
                match line[i..].find(ticks) {
                    Some(close) => i += close + run,
                    None => return None,
                }
            }
            _ if !wanted(bytes, i) => i += 1,
            b'(' if bytes.get(i + 2) == Some(&b'(') => {
                i += bytes[i..].iter().take_while(|&&b| b == b'(').count();
            }
            _ => return Some(i),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Hatena passes as the pipeline runs them: pre blocks first, then [`super::expand`].
    fn expand(text: &str) -> Cow<'_, str> {
        match pre_as_fences(text) {
            Cow::Borrowed(_) => super::expand(text),
            Cow::Owned(coded) => Cow::Owned(super::expand(&coded).into_owned()),
        }
    }

    #[test]
    fn a_note_becomes_a_reference_and_a_definition_at_the_end() {
        let text = "本文((一つ目の注))と((二つ目 [KEP](https://kep.k8s.io/753)))。\n次の行\n";
        assert_eq!(
            expand(text),
            "本文[^hatena-1]と[^hatena-2]。\n次の行\n\n[^hatena-1]: 一つ目の注\n\n\
             [^hatena-2]: 二つ目 [KEP](https://kep.k8s.io/753)\n"
        );
    }

    #[test]
    fn a_zenn_inline_note_becomes_a_footnote_too() {
        let text = "本文^[KEP-753 で導入されました]と^[詳細は[KEP](https://kep.k8s.io/753)]。\n";
        assert_eq!(
            expand(text),
            "本文[^zenn-1]と[^zenn-2]。\n\n[^zenn-1]: KEP-753 で導入されました\n\n\
             [^zenn-2]: 詳細は[KEP](https://kep.k8s.io/753)\n"
        );
        // A footnote reference the author wrote, an empty note and code stay as written.
        let text = "本文[^1]、^[] と `^[x]`\n\n[^1]: 注\n";
        assert_eq!(expand(text), text);
    }

    #[test]
    fn hatena_links_become_markdown_links() {
        let text = "[https://kep.k8s.io/2400:embed:cite]\nPR は [https://github.com/kubernetes/kubernetes/pull/123738:title] と \
                    [https://github.com/kubernetes/kubernetes/pull/118764:title=ベータ化の PR]、\
                    [https://example.org:8080/a:bookmark]。\n\
                    [https://kep.k8s.io/753](https://kep.k8s.io/753) と `[https://x:title]`\n";
        assert_eq!(
            expand(text),
            "<https://kep.k8s.io/2400>\nPR は <https://github.com/kubernetes/kubernetes/pull/123738> と \
             [ベータ化の PR](<https://github.com/kubernetes/kubernetes/pull/118764>)、\
             <https://example.org:8080/a>。\n\
             [https://kep.k8s.io/753](https://kep.k8s.io/753) と `[https://x:title]`\n"
        );
    }

    #[test]
    fn code_escapes_and_empty_brackets_stay_as_written() {
        let text = "`f((x))` と (((そのまま))) と (()) \n```\ng((y))\n```\n";
        assert!(matches!(expand(text), Cow::Borrowed(_)), "{}", expand(text));
    }

    #[test]
    fn a_fence_left_open_gets_no_definitions_inside_it() {
        let text = "注((a))\n```\ncode\n";
        assert_eq!(expand(text), text);
    }

    #[test]
    fn a_super_pre_block_is_fenced_code_in_its_language_with_its_lines_as_written() {
        let text = "前\n>|yaml|\nkind: DeviceClass\nspec:\n  selectors:\n  - cel: ((x)) [https://x.example:title=y]\n||<\n後((注))\n";
        assert_eq!(
            expand(text),
            "前\n```yaml\nkind: DeviceClass\nspec:\n  selectors:\n  - cel: ((x)) [https://x.example:title=y]\n```\n\
             後[^hatena-1]\n\n[^hatena-1]: 注\n"
        );
        // `>||` and `>|?|` name no language; backticks in the code get a longer fence.
        assert_eq!(
            expand(">||\necho ```\n||<\r\n>|?|\nx\n||<"),
            "````\necho ```\n````\r\n```\nx\n```"
        );
    }

    #[test]
    fn a_plain_pre_block_is_code_with_no_language_and_its_lines_as_written() {
        let text = "前\n>|\n  インデント ((注ではない))\n:::message\n[:contents]\n|<\n後\n";
        assert_eq!(
            pre_as_fences(text),
            "前\n```\n  インデント ((注ではない))\n:::message\n[:contents]\n```\n後\n"
        );
        // Its closing line is its own: a super-pre's `||<` does not close it, nor it a super-pre.
        assert_eq!(
            pre_as_fences(">|\na\n||<\nb\n|<\n>|sh|\nc\n|<\n||<\n"),
            "```\na\n||<\nb\n```\n```sh\nc\n|<\n```\n"
        );
        for text in [
            ">|\nclosed by nothing\n",
            "> |\nx\n|<\n",
            "```\n>|\nx\n|<\n```\n",
        ] {
            assert_eq!(pre_as_fences(text), text);
        }
    }

    #[test]
    fn a_quote_that_names_its_source_ends_with_it() {
        assert_eq!(
            expand(
                ">https://kubernetes.io/releases/notes/>\nUrgent Upgrade Notes は必ず読む。\n<<\n後\n"
            ),
            "\n> Urgent Upgrade Notes は必ず読む。\n> <footer><cite><a href=\"https://kubernetes.io/releases/notes/\">\
             https://kubernetes.io/releases/notes/</a></cite></footer>\n後\n"
        );
        // A title names it; nested, it stays in its own quote.
        assert_eq!(
            expand(">>\n外\n>[https://x.example/a?b=1&c=2:title=出典 <1>]>\n内\n<<\n<<\n"),
            "\n> 外\n>\n> > 内\n> > <footer><cite><a href=\"https://x.example/a?b=1&amp;c=2\">出典 &lt;1&gt;</a></cite></footer>\n\n"
        );
        // Only a web URL is a source; unpaired, the line stays.
        for text in [
            ">javascript:alert(1)>\nx\n<<\n",
            ">https://x.example/>\n閉じない\n",
        ] {
            assert_eq!(expand(text), text);
        }
    }

    #[test]
    fn a_fence_opened_inside_a_super_pre_block_is_its_code_not_a_fence() {
        let text = ">|md|\n```yaml\n||<\n本文((注))\n";
        assert_eq!(
            expand(text),
            "````md\n```yaml\n````\n本文[^hatena-1]\n\n[^hatena-1]: 注\n"
        );
    }

    #[test]
    fn what_only_looks_like_a_super_pre_block_stays() {
        for text in [
            "```\n>|yaml|\nkind: Pod\n||<\n```\n",
            ">|yaml|\nkind: Pod\n",
            "> |yaml|\nkind: Pod\n||<\n",
            ">|ya ml|\nkind: Pod\n||<\n",
            "    >|yaml|\n    kind: Pod\n    ||<\n",
        ] {
            assert_eq!(expand(text), text);
        }
    }

    #[test]
    fn a_hatena_quote_is_a_blockquote_of_its_lines() {
        let text = "前\n>>\nリリースノートの((注))を読む。\n\n二段落目\n<<\n後\n";
        assert_eq!(
            expand(text),
            "前\n\n> リリースノートの[^hatena-1]を読む。\n>\n> 二段落目\n\n後\n\n[^hatena-1]: 注\n"
        );
        // A quote in a quote, and code in a quote.
        assert_eq!(
            expand(">>\n外\n>>\n内\n<<\n```\n<<\n```\n<<\n"),
            "\n> 外\n>\n> > 内\n>\n> ```\n> <<\n> ```\n\n"
        );
    }

    #[test]
    fn hatena_quotes_nest_four_deep_at_most() {
        let text = format!("{}x\n{}", ">>\n".repeat(5), "<<\n".repeat(5));
        // The fifth opens nothing and stays, quoted, with the `<<` that would close it.
        assert_eq!(
            expand(&text),
            "\n>\n> >\n> > >\n> > > > >>\n> > > > x\n> > > > <<\n> > >\n> >\n>\n\n"
        );
    }

    #[test]
    fn markdown_quotes_and_unpaired_markers_stay() {
        for text in [
            "> 引用\n>> 引用の引用\n>>\n>> 続き\n<<\n",
            ">>\n閉じない\n",
            "本文\n<<\n",
            "```\n>>\nx\n<<\n```\n",
        ] {
            assert_eq!(expand(text), text);
        }
    }

    #[test]
    fn a_fotolife_tag_is_its_image_on_hatenas_server() {
        let image = |file: &str| {
            format!("https://cdn-ak.f.st-hatena.com/images/fotolife/k/k8s_taro/20250830/{file}")
        };
        assert_eq!(
            expand("[f:id:k8s_taro:20250830123456p:plain]\n"),
            format!("![]({})\n", image("20250830123456.png"))
        );
        assert_eq!(
            expand(
                "図: [f:id:k8s_taro:20250830123456j:plain:w300:alt=構成図] と [f:id:k8s_taro:20250830123456g]"
            ),
            format!(
                "図: ![構成図]({}) と ![]({})",
                image("20250830123456.jpg"),
                image("20250830123456.gif")
            )
        );
        // A title holds colons, is the alt text when none is given, and reads as written.
        assert_eq!(
            expand("[f:id:k8s_taro:20250830123456p:image,w300:title=図 1: <全体> \"案\"]"),
            format!(
                "![図 1: \\<全体\\> \"案\"]({} \"図 1: \\<全体\\> \\\"案\\\"\")",
                image("20250830123456.png")
            )
        );
        for text in [
            "`[f:id:k8s_taro:20250830123456p:plain]`",
            "[f:id:k8s_taro:2025p:plain]",
            "[f:id:k8s_taro:20250830123456x:plain]",
            "[f:id:../x:20250830123456p]",
            "[f:id:k8s_taro:20250830123456p.png]",
        ] {
            assert_eq!(expand(text), text);
        }
    }

    #[test]
    fn link_options_never_reach_the_link_text() {
        assert_eq!(
            expand(
                "[https://kubernetes.io/docs/concepts/:title=公式ドキュメント:bookmark] \
                 [https://kep.k8s.io/753:title=KEP *753*:embed:cite] \
                 [https://x.example/a:embed:title=X] [https://x.example/b:bookmark:embed]"
            ),
            "[公式ドキュメント](<https://kubernetes.io/docs/concepts/>) \
             [KEP \\*753\\*](<https://kep.k8s.io/753>) [X](<https://x.example/a>) <https://x.example/b>"
        );
        // A tag holds no bracket: this is text with brackets, not a link.
        let text = "[https://x.example:title=a[b] と [https://y.example:title=c";
        assert_eq!(expand(text), text);
    }

    #[test]
    fn shell_arithmetic_is_no_note() {
        let text = "ループでは $((i+1)) のように算術展開を使います。\n";
        assert!(matches!(expand(text), Cow::Borrowed(_)), "{}", expand(text));
        assert_eq!(
            expand("$(( a + b )) と $(((c))) と本文((注))\n"),
            "$(( a + b )) と $(((c))) と本文[^hatena-1]\n\n[^hatena-1]: 注\n"
        );
    }

    #[test]
    fn the_code_of_a_hugo_code_shortcode_is_left_alone() {
        let text = "{{< mermaid >}}\ngraph LR;\n  A((Pod)) --> B\n{{< /mermaid >}}\n本文((注))\n";
        assert_eq!(
            expand(text),
            "{{< mermaid >}}\ngraph LR;\n  A((Pod)) --> B\n{{< /mermaid >}}\n本文[^hatena-1]\n\n\
             [^hatena-1]: 注\n"
        );
    }
}
