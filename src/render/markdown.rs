//! Article HTML from the parsed Markdown, as small named passes over the event stream:
//!
//! 1. `sanitize_raw_html`: raw HTML is cleaned by ammonia unless `trust_html` is set; an
//!    embedded frame or script that says what it shows (a YouTube `<iframe>`, Speaker Deck's
//!    `<script data-id>`) is a link to it first (`embeds_as_links`), since neither may run;
//! 2. `annotate`: mentions found by the extract stage (KEPs, PRs, gates, glossary terms) are
//!    wrapped in place, using the block positions recorded by `blocks::parse`, and the chips of
//!    mentions inside a code span or an author's link go right after that span (`Insertion`);
//! 3. `anchor_blocks`: every paragraph and list item gets its `id` (`p-3`, `li-12`), table
//!    cells an anchor, so any mention can be linked to exactly; the ids are the block map's;
//!    `fold_quotes`: a quote the block map marks as a fold (Zenn's `:::details`) is a
//!    `<details>` under its first paragraph, which keeps its id;
//! 4. `highlight_code`: fenced code goes through syntect, and math, a ```` ```math ```` fence or
//!    `$…$` in a line, is drawn as a formula (`render::math`);
//!    `break_long_names`: a long CamelCase name in a code span breaks between its words;
//! 5. `line_breaks`: a paragraph's line breaks shown or joined as the platform shows them;
//! 6. `notes_in_reference_order`: the footnotes listed at the end in the order they are
//!    referenced; `footnote_links`: footnotes get ids of their own (`fn-1`, `fnref-1`) that no
//!    block anchor or heading takes, numbers in that order, and each note a link back to where
//!    it is referenced.
//!
//! Heading ids were assigned at parse time; pulldown-cmark writes them.
use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, CowStr, Event, Tag, TagEnd};

use super::{highlight, math};
use crate::parse::blocks::{Block, BlockKind, Doc, SpanEnd, TextPos};
use crate::parse::embeds::{HtmlEmbed, html_embed};
use crate::parse::raw_html::{html_tags, tag_name};

/// HTML to wrap around a byte range of a block's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Annotation {
    pub block: usize,
    pub range: Range<usize>,
    pub open: String,
    pub close: String,
    /// HTML that stands for the range's text (already escaped), or `None` to keep the text:
    /// a long gate name with its `<wbr>` break points.
    pub text_html: Option<String>,
}

/// HTML to put right after a code span or link, which must stay as the author wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Insertion {
    pub after: SpanEnd,
    pub html: String,
}

/// The default: the author's raw HTML sanitized, line breaks joined as the language joins them.
#[derive(Default)]
pub(crate) struct Options {
    pub trust_html: bool,
    /// Each line break in a paragraph is shown as one (`FrontMatter::line_breaks`).
    pub line_breaks: bool,
}

/// Renders `doc` with `annotations` (any order; overlapping ones keep the first by position,
/// then the longest) and `insertions` (any order; several after one span keep their order).
pub(crate) fn to_html(
    doc: &Doc,
    mut annotations: Vec<Annotation>,
    insertions: Vec<Insertion>,
    opts: &Options,
) -> String {
    annotations.sort_by(|a, b| {
        (a.block, a.range.start, std::cmp::Reverse(a.range.end)).cmp(&(
            b.block,
            b.range.start,
            std::cmp::Reverse(b.range.end),
        ))
    });
    // One stream from the parsed events to the HTML: no pass holds a copy of the article.
    let events = sanitize_raw_html(doc.events.iter().cloned(), opts.trust_html);
    let events = annotate(events, &doc.events, &doc.text_pos, &mut annotations);
    let events = insert_after_spans(events, &insertions);
    let events = anchor_blocks(events, &doc.blocks);
    let events = fold_quotes(events, &doc.folds);
    let events = highlight_code(events);
    let events = break_long_names(events);
    let events = line_breaks(events, &doc.events, opts.line_breaks);
    let order = reference_order(&doc.events);
    let events = notes_in_reference_order(events, &order);
    let events = footnote_links(events, order.into_iter().collect());
    let mut html = String::with_capacity(doc.events.len() * 16);
    pulldown_cmark::html::push_html(&mut html, events);
    html
}

/// ammonia with the URL rule every other author URL follows (`urls::ALLOWED_SCHEMES`): its
/// default list admits schemes such as `data` handlers never meant for a reader's browser.
static SANITIZER: std::sync::LazyLock<ammonia::Builder<'static>> = std::sync::LazyLock::new(|| {
    let mut b = ammonia::Builder::default();
    b.url_schemes(crate::model::urls::ALLOWED_SCHEMES.into_iter().collect());
    // `<div class="note">`: the note and warning boxes authors write in raw HTML keep their
    // class (styled as the `> [!NOTE]` boxes are); any other class is dropped.
    let boxes: std::collections::HashSet<&str> = NOTE_CLASSES.into_iter().collect();
    b.allowed_classes(["div", "p", "aside"].map(|tag| (tag, boxes.clone())).into());
    // `<details open>`: the author chose to show the fold opened.
    b.add_tag_attributes("details", ["open"]);
    b
});

/// The classes of note and warning boxes a sanitized `<div>`, `<p>` or `<aside>` keeps.
const NOTE_CLASSES: [&str; 13] = [
    "note",
    "info",
    "tip",
    "hint",
    "message",
    "important",
    "admonition",
    "callout",
    "warning",
    "caution",
    "alert",
    "danger",
    "success",
];

/// Nesting the sanitizer is asked to rebuild at most. An HTML parser's work per tag grows with
/// the depth of the open elements (100,000 nested `<div>` took 16 s), so deeper raw HTML is
/// shown as text instead: no real article nests that deep.
const MAX_HTML_DEPTH: usize = 256;

/// One raw HTML block, sanitized; shown escaped as text when it nests deeper than
/// `MAX_HTML_DEPTH`.
///
/// A blank line ends a raw HTML block, so an element often opens in one block and closes in a
/// later one, with Markdown between (`<details><summary>…</summary>`, a paragraph,
/// `</details>`). Cleaning each block alone would close the element at once and drop its
/// closing tag, leaving the folded text outside. So `open` carries the elements the author's
/// earlier blocks left open: they are reopened before this block is cleaned, and the block's
/// cleaned text is cut out between two markers.
fn clean_block(html: &str, open: &mut Vec<String>) -> String {
    // The elements left open count too: the text of raw HTML is cut into pieces
    // (`parse::raw_html`), and each piece reopens them.
    if open.len() + html_depth(html) > MAX_HTML_DEPTH {
        return format!(
            "<pre class=\"raw-html\">{}</pre>",
            crate::text::escape_html(html)
        );
    }
    const START: char = '\u{E000}';
    const END: char = '\u{E001}';
    // Text right inside a table's structure would be moved out of it by the HTML parser, and
    // the markers with it.
    let in_table_structure = open
        .last()
        .is_some_and(|n| matches!(n.as_str(), "table" | "thead" | "tbody" | "tfoot" | "tr"));
    if !in_table_structure {
        let html: String = html
            .chars()
            .filter(|c| !matches!(*c, START | END))
            .collect();
        // `<a id="x" />` is an anchor the author meant to close at once; HTML would read it as
        // an opening tag and run it to the end of the article.
        static SELF_CLOSED: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
            regex::Regex::new(r"<([A-Za-z][A-Za-z0-9]*)(\s[^<>]*?)?/>").expect("valid regex")
        });
        let html = SELF_CLOSED.replace_all(&html, "<$1$2></$1>");
        let html = embeds_as_links(&html, open.is_empty());
        let reopen: String = open.iter().map(|n| format!("<{n}>")).collect();
        let cleaned = SANITIZER
            .clean(&format!("{reopen}{START}{html}{END}"))
            .to_string();
        if let (Some(a), Some(b)) = (cleaned.find(START), cleaned.find(END))
            && a < b
        {
            let inner = &cleaned[a + START.len_utf8()..b];
            *open = open_after(open, inner);
            return inner.to_string();
        }
    }
    SANITIZER.clean(&embeds_as_links(html, false)).to_string()
}

/// `html` with each embedded frame or script that names what it shows (see
/// `parse::embeds::html_embed`) as a link to that, its closing tag right after it included; the
/// sanitizer would drop the element and leave nothing where the video or slides were. Other
/// scripts stay for the sanitizer to drop (the build has reported them). An embed that is a
/// whole block of its own (`alone`: outside the author's elements) is a paragraph, as a Zenn
/// embed line is.
fn embeds_as_links(html: &str, alone: bool) -> std::borrow::Cow<'_, str> {
    if !crate::parse::embeds::may_embed(html) {
        return std::borrow::Cow::Borrowed(html);
    }
    let mut out = String::with_capacity(html.len() + 64);
    let mut copied = 0;
    let mut tags = html_tags(html).peekable();
    while let Some(tag) = tags.next() {
        if tag.closing {
            continue;
        }
        let Some(HtmlEmbed::Link { text, url }) = html_embed(&html[tag.range.clone()]) else {
            continue;
        };
        let mut end = tag.range.end;
        if let Some(close) = tags.next_if(|t| t.closing && t.name == tag.name) {
            end = close.range.end;
        }
        let paragraph =
            alone && html[..tag.range.start].trim().is_empty() && html[end..].trim().is_empty();
        let (open, close) = if paragraph { ("<p>", "</p>") } else { ("", "") };
        out.push_str(&html[copied..tag.range.start]);
        out.push_str(open);
        out.push_str("<a href=\"");
        crate::text::escape_html_into(&mut out, &url);
        out.push_str("\">");
        crate::text::escape_html_into(&mut out, &text);
        out.push_str("</a>");
        out.push_str(close);
        copied = end;
    }
    if copied == 0 {
        return std::borrow::Cow::Borrowed(html);
    }
    out.push_str(&html[copied..]);
    std::borrow::Cow::Owned(out)
}

/// The elements still open after sanitized `html`, given those open before it.
fn open_after(before: &[String], html: &str) -> Vec<String> {
    let mut open = before.to_vec();
    for tag in html_tags(html).filter(|t| !t.name.is_empty()) {
        if tag.closing {
            if let Some(k) = open.iter().rposition(|n| *n == tag.name) {
                open.truncate(k);
            }
        } else if !tag.void {
            open.push(tag.name);
        }
    }
    open
}

/// The deepest nesting of elements in `html`, counted from its tags alone (a cheap, linear
/// over-estimate: void elements and `/>` do not nest, closing tags pop).
fn html_depth(html: &str) -> usize {
    let (mut depth, mut max) = (0usize, 0usize);
    for tag in html_tags(html) {
        if tag.name.is_empty() {
            continue;
        }
        if tag.closing {
            depth = depth.saturating_sub(1);
        } else if !tag.void {
            depth += 1;
            max = max.max(depth);
        }
    }
    max
}

/// Pass 1. Consecutive raw HTML events are cleaned together so a tag opened on one line and
/// closed on the next survives as a unit.
pub(crate) fn sanitize_raw_html<'e>(
    events: impl Iterator<Item = Event<'static>> + 'e,
    trust: bool,
) -> Box<dyn Iterator<Item = Event<'static>> + 'e> {
    if trust {
        return Box::new(events);
    }
    let mut events = events.peekable();
    // The elements the author's raw HTML blocks have left open (see `clean_block`); what is
    // still open when the article ends is closed there.
    let mut open: Vec<String> = Vec::new();
    Box::new(std::iter::from_fn(move || {
        let Some(event) = events.next() else {
            let closers: String = open.drain(..).rev().map(|n| format!("</{n}>")).collect();
            return (!closers.is_empty()).then(|| Event::Html(CowStr::from(closers)));
        };
        Some(match event {
            Event::Html(h) => {
                let mut html = h.to_string();
                while let Some(Event::Html(more)) = events.next_if(|e| matches!(e, Event::Html(_)))
                {
                    html.push_str(&more);
                }
                Event::Html(CowStr::from(clean_block(&html, &mut open)))
            }
            Event::InlineHtml(h) => Event::InlineHtml(CowStr::from(clean_inline_tag(&h))),
            other => other,
        })
    }))
}

/// Inline HTML arrives one tag at a time (`<b>`, text, `</b>`), so cleaning each piece as a
/// document would close every tag at once. Opening tags are cleaned with a sentinel and their
/// closing tag appended, then cut at the sentinel; closing tags stay when the tag is allowed.
fn clean_inline_tag(tag: &str) -> String {
    static ALLOWED: std::sync::LazyLock<std::collections::HashSet<String>> =
        std::sync::LazyLock::new(|| {
            ammonia::Builder::default()
                .clone_tags()
                .into_iter()
                .map(str::to_string)
                .collect()
        });
    let t = tag.trim();
    let name = tag_name(t.trim_start_matches('<').trim_start_matches('/'));
    if t.starts_with("</") {
        return if ALLOWED.contains(&name) {
            format!("</{name}>")
        } else {
            String::new()
        };
    }
    if name.is_empty() || !t.starts_with('<') {
        return SANITIZER.clean(t).to_string();
    }
    // A frame in a line of prose: its link stands there, and its `</iframe>` is dropped below.
    if let std::borrow::Cow::Owned(linked) = embeds_as_links(t, false) {
        return SANITIZER.clean(&linked).to_string();
    }
    let cleaned = SANITIZER
        .clean(&format!("{t}\u{E000}</{name}>"))
        .to_string();
    cleaned.split('\u{E000}').next().unwrap_or("").to_string()
}

/// Pass 2. Splits plain text events at annotation boundaries.
///
/// `text_pos` is parallel to the events as parsed. Pass 1 may merge raw HTML events, which
/// shifts indices, but it never touches text events, so the k-th text event here is the k-th
/// text event of the parse; that is how positions are matched up.
pub(crate) fn annotate<'e>(
    events: impl Iterator<Item = Event<'static>> + 'e,
    doc_events: &[Event<'static>],
    text_pos: &[Option<TextPos>],
    annotations: &'e mut [Annotation],
) -> impl Iterator<Item = Event<'static>> + 'e {
    let positions: Vec<Option<TextPos>> = doc_events
        .iter()
        .zip(text_pos)
        .filter(|(e, _)| matches!(e, Event::Text(_)))
        .map(|(_, p)| *p)
        .collect();
    let mut nth_text = 0;
    let mut ai = 0;
    let mut last_end: Option<(usize, usize)> = None; // (block, end) of the last annotation used
    events.flat_map(move |ev| {
        // Most events pass through as they are: only an annotated text event is split (and
        // only then is a list allocated).
        let Event::Text(text) = &ev else {
            return Split::One(Some(ev));
        };
        let pos = positions.get(nth_text).copied().flatten();
        nth_text += 1;
        // Code-block text and link text have no position: they are never annotated.
        let Some(pos) = pos else {
            return Split::One(Some(ev));
        };
        let (start, end) = (pos.start, pos.start + text.len());
        while ai < annotations.len()
            && (annotations[ai].block, annotations[ai].range.start) < (pos.block, start)
        {
            ai += 1;
        }
        let mut cursor = start;
        let mut out: Vec<Event<'static>> = Vec::new();
        while ai < annotations.len()
            && annotations[ai].block == pos.block
            && annotations[ai].range.start < end
        {
            let a = &mut annotations[ai];
            ai += 1;
            let overlaps_previous =
                last_end.is_some_and(|(b, e)| b == a.block && a.range.start < e);
            let fits = a.range.end <= end
                && a.range.start >= cursor
                && text.is_char_boundary(a.range.start - start)
                && text.is_char_boundary(a.range.end - start);
            if !fits || overlaps_previous {
                continue;
            }
            if a.range.start > cursor {
                out.push(Event::Text(CowStr::from(
                    text[cursor - start..a.range.start - start].to_string(),
                )));
            }
            // Each annotation is used once: its HTML moves into the event, no copy.
            out.push(Event::InlineHtml(CowStr::from(std::mem::take(&mut a.open))));
            out.push(match a.text_html.take() {
                Some(html) => Event::InlineHtml(CowStr::from(html)),
                None => Event::Text(CowStr::from(
                    text[a.range.start - start..a.range.end - start].to_string(),
                )),
            });
            out.push(Event::InlineHtml(CowStr::from(std::mem::take(
                &mut a.close,
            ))));
            cursor = a.range.end;
            last_end = Some((a.block, a.range.end));
        }
        if cursor == start {
            return Split::One(Some(ev));
        }
        if cursor < end {
            out.push(Event::Text(CowStr::from(
                text[cursor - start..].to_string(),
            )));
        }
        Split::Many(out.into_iter())
    })
}

/// What pass 2 makes of one event: the event itself, or the pieces of a split text.
enum Split {
    One(Option<Event<'static>>),
    Many(std::vec::IntoIter<Event<'static>>),
}

impl Iterator for Split {
    type Item = Event<'static>;

    fn next(&mut self) -> Option<Event<'static>> {
        match self {
            Split::One(e) => e.take(),
            Split::Many(it) => it.next(),
        }
    }
}

/// Pass 2b. HTML right after the k-th code span or link, counted as `blocks::SpanEnd` counts them.
/// Passes from here on are iterators, so the article's events are not copied once per pass.
pub(crate) fn insert_after_spans<'e>(
    events: impl Iterator<Item = Event<'static>> + 'e,
    insertions: &'e [Insertion],
) -> impl Iterator<Item = Event<'static>> + 'e {
    let mut by_span: std::collections::HashMap<SpanEnd, Vec<&str>> = Default::default();
    for ins in insertions {
        by_span.entry(ins.after).or_default().push(&ins.html);
    }
    let (mut codes, mut links) = (0usize, 0usize);
    events.flat_map(move |ev| {
        let end = match &ev {
            Event::Code(_) => {
                codes += 1;
                Some(SpanEnd::Code(codes - 1))
            }
            Event::End(TagEnd::Link) => {
                links += 1;
                Some(SpanEnd::Link(links - 1))
            }
            _ => None,
        };
        let after: Vec<Event<'static>> = end
            .and_then(|e| by_span.get(&e))
            .map(|html| {
                html.iter()
                    .map(|h| Event::InlineHtml(CowStr::from(h.to_string())))
                    .collect()
            })
            .unwrap_or_default();
        std::iter::once(ev).chain(after)
    })
}

/// Pass 3. Paragraphs and list items get their ids; table cells an empty anchor inside them,
/// because pulldown-cmark's table writer must see the cell events to pick `th` or `td`.
///
/// The ids are the block map's (`Block::anchor`), not counted again here: a mention's URL is
/// built from the block map, so a second count that drifted would send every link to the
/// wrong place. The passes before this one add only HTML events, so the k-th paragraph, item
/// or cell of the stream is the k-th such block of `blocks`.
pub(crate) fn anchor_blocks<'a>(
    events: impl Iterator<Item = Event<'static>> + 'a,
    blocks: &'a [Block],
) -> impl Iterator<Item = Event<'static>> + 'a {
    let mut anchored = blocks
        .iter()
        .filter(|b| !matches!(b.kind, BlockKind::Heading(_)));
    let mut next_anchor = move |kind: BlockKind| -> (&'a str, bool) {
        let b = anchored.next();
        debug_assert_eq!(
            b.map(|b| b.kind),
            Some(kind),
            "the block map and the events disagree"
        );
        b.map_or(("", false), |b| (b.anchor.as_str(), b.in_html))
    };
    // Whether each open paragraph is one of text in raw HTML (closed by `</span>`).
    let mut in_html: Vec<bool> = Vec::new();
    events.flat_map(
        move |ev| -> std::iter::Chain<
            std::option::IntoIter<Event<'static>>,
            std::option::IntoIter<Event<'static>>,
        > {
            let one = |e: Event<'static>| Some(e).into_iter().chain(None);
            match ev {
                Event::Start(Tag::Paragraph) => {
                    let (id, raw) = next_anchor(BlockKind::Paragraph);
                    in_html.push(raw);
                    let tag = if raw { "span" } else { "p" };
                    one(Event::Html(CowStr::from(format!("<{tag} id=\"{id}\">"))))
                }
                Event::End(TagEnd::Paragraph) => {
                    let end = if in_html.pop().unwrap_or(false) {
                        "</span>"
                    } else {
                        "</p>\n"
                    };
                    one(Event::Html(CowStr::from(end)))
                }
                Event::Start(Tag::Item) => {
                    let (id, _) = next_anchor(BlockKind::ListItem);
                    one(Event::Html(CowStr::from(format!("<li id=\"{id}\">"))))
                }
                Event::End(TagEnd::Item) => one(Event::Html(CowStr::from("</li>\n"))),
                Event::Start(Tag::DefinitionListTitle | Tag::DefinitionListDefinition) => {
                    let (id, _) = next_anchor(BlockKind::ListItem);
                    let tag = if matches!(ev, Event::Start(Tag::DefinitionListTitle)) {
                        "dt"
                    } else {
                        "dd"
                    };
                    one(Event::Html(CowStr::from(format!("<{tag} id=\"{id}\">"))))
                }
                Event::End(TagEnd::DefinitionListTitle) => {
                    one(Event::Html(CowStr::from("</dt>\n")))
                }
                Event::End(TagEnd::DefinitionListDefinition) => {
                    one(Event::Html(CowStr::from("</dd>\n")))
                }
                Event::Start(Tag::TableCell) => {
                    let (id, _) = next_anchor(BlockKind::TableCell);
                    Some(Event::Start(Tag::TableCell))
                        .into_iter()
                        .chain(Some(Event::InlineHtml(CowStr::from(format!(
                            "<span class=\"anchor\" id=\"{id}\"></span>"
                        )))))
                }
                other => one(other),
            }
        },
    )
}

/// The labels of the notes `events` reference (lowercased: pulldown-cmark matches labels
/// whatever their case), each once, in the order a reader meets them: first the references in
/// the text, then those made only inside another note.
fn reference_order(events: &[Event<'static>]) -> Vec<String> {
    let mut in_text = Vec::new();
    let mut in_notes = Vec::new();
    let mut in_note = false;
    for e in events {
        match e {
            Event::Start(Tag::FootnoteDefinition(_)) => in_note = true,
            Event::End(TagEnd::FootnoteDefinition) => in_note = false,
            Event::FootnoteReference(label) => {
                let list = if in_note { &mut in_notes } else { &mut in_text };
                list.push(label.to_lowercase());
            }
            _ => {}
        }
    }
    let mut seen = std::collections::HashSet::new();
    in_text
        .into_iter()
        .chain(in_notes)
        .filter(|label| seen.insert(label.clone()))
        .collect()
}

/// Pass 6. The footnotes listed at the article's end in the order their notes are referenced
/// (`order`, see [`reference_order`]), so the numbers `footnote_links` gives them run 1, 2, 3
/// down the list. Where they were written says nothing: pulldown-cmark keeps each definition
/// where it stands, and the Hatena and Zenn notes `parse::hatena` turns into definitions follow
/// the last line, after the author's `[^1]: …`. A note nothing references follows the others,
/// as written. After every pass that counts events against the parse (`line_breaks` last):
/// the definitions' blocks already carry their anchors.
pub(crate) fn notes_in_reference_order<'e>(
    events: impl Iterator<Item = Event<'static>> + 'e,
    order: &[String],
) -> impl Iterator<Item = Event<'static>> + 'e {
    let rank: std::collections::HashMap<String, usize> = order
        .iter()
        .enumerate()
        .map(|(i, label)| (label.clone(), i))
        .collect();
    let mut events = events;
    // Each definition's events, with its place in the list.
    let mut notes: Vec<(usize, Vec<Event<'static>>)> = Vec::new();
    let mut listed: Option<std::vec::IntoIter<Event<'static>>> = None;
    std::iter::from_fn(move || {
        loop {
            if let Some(list) = &mut listed {
                return list.next();
            }
            match events.next() {
                Some(Event::Start(Tag::FootnoteDefinition(label))) => {
                    let place = rank
                        .get(&label.to_lowercase())
                        .copied()
                        .unwrap_or(usize::MAX);
                    let mut note = vec![Event::Start(Tag::FootnoteDefinition(label))];
                    for e in events.by_ref() {
                        let end = matches!(e, Event::End(TagEnd::FootnoteDefinition));
                        note.push(e);
                        if end {
                            break;
                        }
                    }
                    notes.push((place, note));
                }
                Some(other) => return Some(other),
                None => {
                    // Stable: notes of one place (none referenced) keep the order written.
                    notes.sort_by_key(|(place, _)| *place);
                    let all: Vec<Event<'static>> =
                        notes.drain(..).flat_map(|(_, note)| note).collect();
                    listed = Some(all.into_iter());
                }
            }
        }
    })
}

/// Pass 6b. Footnote references and definitions as HTML with prefixed ids: pulldown-cmark's
/// own ids are the bare labels (`[^1]` is `id="1"`, `[^toc]` would be the contents' `toc`). A
/// note is numbered where the stream first meets it, reference or definition: after
/// `notes_in_reference_order`, at its first reference, so the list runs in order; a
/// label referenced twice gets `fnref-x` and `fnref-x-2`, and the note links back to the first;
/// a note no text references (`referenced`: the labels that are) has no link back.
pub(crate) fn footnote_links(
    events: impl Iterator<Item = Event<'static>>,
    referenced: std::collections::HashSet<String>,
) -> impl Iterator<Item = Event<'static>> {
    let mut numbers: std::collections::HashMap<String, (usize, usize)> =
        std::collections::HashMap::new();
    // The note being written: its id, when a reference to link back to exists.
    let mut open: Vec<Option<String>> = Vec::new();
    events.map(move |ev| {
        let mut number = |label: &str, reference: bool| {
            let next = numbers.len() + 1;
            let e = numbers.entry(label.to_lowercase()).or_insert((next, 0));
            if reference {
                e.1 += 1;
            }
            *e
        };
        match ev {
            Event::FootnoteReference(label) => {
                let (n, seen) = number(&label, true);
                let id = footnote_id(&label);
                let suffix = if seen > 1 {
                    format!("-{seen}")
                } else {
                    String::new()
                };
                Event::InlineHtml(CowStr::from(format!(
                    "<sup class=\"footnote-reference\" id=\"fnref-{id}{suffix}\"><a href=\"#fn-{id}\">{n}</a></sup>"
                )))
            }
            Event::Start(Tag::FootnoteDefinition(label)) => {
                let (n, _) = number(&label, false);
                let id = footnote_id(&label);
                // Labels match whatever their case, as pulldown-cmark matches them.
                open.push(referenced.contains(&label.to_lowercase()).then(|| id.clone()));
                Event::Html(CowStr::from(format!(
                    "<div class=\"footnote-definition\" id=\"fn-{id}\"><sup class=\"footnote-definition-label\">{n}</sup>"
                )))
            }
            Event::End(TagEnd::FootnoteDefinition) => {
                Event::Html(CowStr::from(match open.pop().flatten() {
                    Some(id) => format!(
                        "<a class=\"footnote-back\" href=\"#fnref-{id}\" aria-label=\"本文の参照箇所へ戻る\">↩</a></div>\n"
                    ),
                    None => "</div>\n".to_string(),
                }))
            }
            other => other,
        }
    })
}

/// A footnote label as an id: escaped for the attribute, whitespace as `-` (an id has none),
/// lowercased, so `[^B]` links to the note `[^b]:` defines, as pulldown-cmark matches them.
fn footnote_id(label: &str) -> String {
    let joined: String = label
        .to_lowercase()
        .chars()
        .map(|c| if c.is_whitespace() { '-' } else { c })
        .collect();
    crate::text::escape_html(&joined)
}

/// Pass 3b. Each quote whose ordinal is in `folds` becomes `<details class="fold">`, its first
/// paragraph (the title `containers` put there) the `<summary>`. The paragraph keeps its anchor
/// as a `<span>` (a summary holds phrasing content only), so a mention in the title still has
/// its place to link to. Runs after `anchor_blocks`, whose `<p id>` it rewrites.
pub(crate) fn fold_quotes<'a>(
    events: impl Iterator<Item = Event<'static>> + 'a,
    folds: &'a [usize],
) -> impl Iterator<Item = Event<'static>> + 'a {
    type Two = std::iter::Chain<
        std::option::IntoIter<Event<'static>>,
        std::option::IntoIter<Event<'static>>,
    >;
    let html = |h: &str| Event::Html(CowStr::from(h.to_string()));
    let mut quotes = 0usize;
    // Per open quote: whether it is a fold.
    let mut open: Vec<bool> = Vec::new();
    // Right after a fold opened (its title is the next paragraph), then inside that title.
    let (mut title_next, mut in_title) = (false, false);
    events.flat_map(move |ev| -> Two {
        let one = |e: Event<'static>| Some(e).into_iter().chain(None);
        if std::mem::take(&mut title_next) {
            if let Event::Html(h) = &ev
                && let Some(rest) = h.strip_prefix("<p ")
            {
                in_title = true;
                return one(html(&format!("<summary><span {rest}")));
            }
            // No title paragraph: the fold is titled as Zenn titles an untitled one.
            return Some(html("<summary>詳細</summary>\n"))
                .into_iter()
                .chain(Some(ev));
        }
        match ev {
            Event::Html(h) if in_title && h.starts_with("</p>") => {
                in_title = false;
                one(html("</span></summary>\n"))
            }
            Event::Start(Tag::BlockQuote(kind)) => {
                let fold = folds.binary_search(&quotes).is_ok();
                quotes += 1;
                open.push(fold);
                if fold {
                    title_next = true;
                    one(html("<details class=\"fold\">\n"))
                } else {
                    one(Event::Start(Tag::BlockQuote(kind)))
                }
            }
            Event::End(TagEnd::BlockQuote(kind)) => {
                if open.pop().unwrap_or(false) {
                    one(html("</details>\n"))
                } else {
                    one(Event::End(TagEnd::BlockQuote(kind)))
                }
            }
            other => one(other),
        }
    })
}

/// Pass 5. A paragraph's line breaks: each one a `<br>` where the author's platform shows
/// them (`keep`), else joined as the reader's language joins them: with a space between words,
/// with nothing between two Japanese characters (a browser would show a space there).
///
/// Which breaks join without a space is read from `doc_events`, the parse's events, by the
/// characters on either side; the passes before this one split and wrap text but add or drop
/// no line break, so the k-th break here is the k-th there.
pub(crate) fn line_breaks<'e>(
    events: impl Iterator<Item = Event<'static>> + 'e,
    doc_events: &[Event<'static>],
    keep: bool,
) -> impl Iterator<Item = Event<'static>> + 'e {
    let (joined, turns): (Vec<bool>, Vec<bool>) = if keep {
        (Vec::new(), Vec::new())
    } else {
        (
            breaks_between_wide_characters(doc_events),
            breaks_before_a_turn(doc_events),
        )
    };
    let mut nth = 0;
    events.filter_map(move |ev| match ev {
        Event::SoftBreak => {
            nth += 1;
            if keep || turns.get(nth - 1).copied().unwrap_or(false) {
                Some(Event::HardBreak)
            } else if joined.get(nth - 1).copied().unwrap_or(false) {
                None
            } else {
                Some(Event::SoftBreak)
            }
        }
        other => Some(other),
    })
}

/// For each soft break of `events`, whether the text ends before it and goes on after it with
/// characters that join without a space (`text::japanese::joins_without_space`).
fn breaks_between_wide_characters(events: &[Event<'static>]) -> Vec<bool> {
    fn text_of<'a>(e: &'a Event<'static>) -> Option<&'a str> {
        match e {
            Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
            _ => None,
        }
    }
    let wide = crate::text::japanese::joins_without_space;
    let mut out = Vec::new();
    for (i, e) in events.iter().enumerate() {
        if !matches!(e, Event::SoftBreak) {
            continue;
        }
        // The text right before and right after, within the paragraph: any other event
        // between (a link's start, emphasis) still joins, a block's end does not.
        let before = events[..i]
            .iter()
            .rev()
            .take_while(|e| !matches!(e, Event::End(_) | Event::SoftBreak) || is_inline_end(e))
            .find_map(text_of)
            .and_then(|t| t.chars().last());
        let after = events[i + 1..]
            .iter()
            .take_while(|e| !matches!(e, Event::Start(_) | Event::SoftBreak) || is_inline_start(e))
            .find_map(text_of)
            .and_then(|t| t.chars().next());
        out.push(before.is_some_and(wide) && after.is_some_and(wide));
    }
    out
}

/// For each soft break of `events`, whether the next line opens a turn of a dialogue or a
/// FAQ: a speaker in bold, then a colon (`**すずき**：`, `**すずき：**`), or a question's or
/// answer's label (`Q.`, `A:`, `A1.`). A transcript written one turn per line is read line by
/// line on any platform, so those breaks are shown.
fn breaks_before_a_turn(events: &[Event<'static>]) -> Vec<bool> {
    fn text<'a>(e: Option<&'a Event<'static>>) -> Option<&'a str> {
        match e {
            Some(Event::Text(t)) => Some(t.as_ref()),
            _ => None,
        }
    }
    let colon = |t: &str| t.starts_with([':', '：']);
    let mut out = Vec::new();
    for (i, e) in events.iter().enumerate() {
        if !matches!(e, Event::SoftBreak) {
            continue;
        }
        let next = |k: usize| events.get(i + k);
        let speaker = matches!(next(1), Some(Event::Start(Tag::Strong)))
            && text(next(2)).is_some_and(|name| {
                let name = name.trim();
                let bare = name.trim_end_matches([':', '：']);
                !bare.is_empty()
                    && bare.chars().count() <= 12
                    && !bare.contains(['。', '、'])
                    && (bare.len() < name.len() || text(next(4)).is_some_and(colon))
            })
            && matches!(next(3), Some(Event::End(TagEnd::Strong)));
        let label = text(next(1)).is_some_and(|t| {
            let mut chars = t.chars();
            matches!(chars.next(), Some('Q' | 'A'))
                && chars
                    .find(|c| !c.is_ascii_digit())
                    .is_some_and(|c| matches!(c, '.' | ':' | '：'))
        });
        out.push(speaker || label);
    }
    out
}

fn is_inline_start(e: &Event<'_>) -> bool {
    matches!(
        e,
        Event::Start(
            Tag::Emphasis | Tag::Strong | Tag::Strikethrough | Tag::Link { .. } | Tag::Image { .. }
        )
    )
}

fn is_inline_end(e: &Event<'_>) -> bool {
    matches!(
        e,
        Event::End(
            TagEnd::Emphasis
                | TagEnd::Strong
                | TagEnd::Strikethrough
                | TagEnd::Link
                | TagEnd::Image
        )
    )
}

/// Pass 4. Fenced and indented code becomes one highlighted HTML event, and math (a ```` ```math ````
/// fence, `$…$` where the article's platform writes math) MathML.
pub(crate) fn highlight_code(
    events: impl Iterator<Item = Event<'static>>,
) -> impl Iterator<Item = Event<'static>> {
    let mut code: Option<(String, String)> = None;
    let mut formulas = math::Formulas::default();
    events.filter_map(move |ev| match ev {
        Event::Start(Tag::CodeBlock(kind)) => {
            let lang = match kind {
                CodeBlockKind::Fenced(l) => l.to_string(),
                CodeBlockKind::Indented => String::new(),
            };
            code = Some((lang, String::new()));
            None
        }
        Event::End(TagEnd::CodeBlock) => code.take().map(|(lang, body)| {
            // ```` ```math ````, the author's or `parse::math`'s from `$$` lines: a formula.
            Event::Html(CowStr::from(if lang.trim() == "math" {
                formulas.draw(&body, true)
            } else {
                highlight::code_block(&lang, &body)
            }))
        }),
        Event::Text(t) if code.is_some() => {
            code.as_mut().unwrap().1.push_str(&t);
            None
        }
        // Math in a line (`$…$`, `$$…$$`, read where the article's platform writes math).
        Event::InlineMath(tex) => Some(Event::InlineHtml(CowStr::from(formulas.draw(&tex, false)))),
        Event::DisplayMath(tex) => Some(Event::InlineHtml(CowStr::from(formulas.draw(&tex, true)))),
        other => Some(other),
    })
}

/// Pass 4c. A code span that is one long CamelCase name (`` `AllowUnsafeMalformedObjectDeletion` ``)
/// gets `<wbr>` between its words and the class `ident`, which the stylesheet keeps from
/// breaking anywhere else: on a phone it breaks between words, never inside one. Other code
/// spans are left as they are. After the chips are placed, which count code spans.
pub(crate) fn break_long_names(
    events: impl Iterator<Item = Event<'static>>,
) -> impl Iterator<Item = Event<'static>> {
    events.map(|ev| match ev {
        Event::Code(code) if is_long_name(&code) => {
            let html = crate::text::escape_html_camel_breaks(&code);
            Event::InlineHtml(CowStr::from(format!("<code class=\"ident\">{html}</code>")))
        }
        other => other,
    })
}

/// Letters and digits only, long enough to get break points, and with a word boundary in it.
fn is_long_name(code: &str) -> bool {
    code.chars().all(|c| c.is_ascii_alphanumeric())
        && crate::text::escape_html_camel_breaks(code).contains("<wbr>")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::blocks;

    #[test]
    fn a_long_name_in_a_code_span_breaks_between_its_words_only() {
        let html = render(
            "`AllowUnsafeMalformedObjectDeletion` と `kubectl get pods` と `WatchList`\n",
            |_| vec![],
        );
        assert!(
            html.contains("<code class=\"ident\">Allow<wbr>Unsafe<wbr>Malformed<wbr>Object<wbr>Deletion</code> と <code>kubectl get pods</code> と <code>WatchList</code>"),
            "{html}"
        );
    }

    fn render(md: &str, ann: impl Fn(&Doc) -> Vec<Annotation>) -> String {
        let d = blocks::parse(md, 1);
        let a = ann(&d);
        to_html(&d, a, vec![], &Options::default())
    }

    #[test]
    fn a_fold_is_a_details_under_its_first_paragraph_and_other_quotes_stay_quotes() {
        let html = render(
            "> 引用\n\n> [!details] 設定\n> 中身\n>\n> > 入れ子の引用\n\n> [!details]\n> - 項目\n\n> 後\n",
            |_| vec![],
        );
        assert_eq!(
            html,
            "<blockquote>\n<p id=\"p-1\">引用</p>\n</blockquote>\n\
             <details class=\"fold\">\n<summary><span id=\"p-2\"><strong>設定</strong></span></summary>\n\
             <p id=\"p-3\">中身</p>\n<blockquote>\n<p id=\"p-4\">入れ子の引用</p>\n</blockquote>\n</details>\n\
             <details class=\"fold\">\n<summary>詳細</summary>\n<ul>\n<li id=\"li-1\">項目</li>\n</ul>\n</details>\n\
             <blockquote>\n<p id=\"p-5\">後</p>\n</blockquote>\n"
        );
    }

    #[test]
    fn a_line_break_between_japanese_characters_joins_without_a_space() {
        let md = "改行\nだけの\n**段落**\nです。English\nwords and `code`\nを含む。\n\n次\n段落\n";
        let html = render(md, |_| vec![]);
        assert_eq!(
            html,
            "<p id=\"p-1\">改行だけの<strong>段落</strong>です。English\nwords and <code>code</code>\nを含む。</p>\n<p id=\"p-2\">次段落</p>\n"
        );
        // Where the platform shows each line break, each is one.
        let d = blocks::parse("改行\nだけの\n", 1);
        let kept = to_html(
            &d,
            vec![],
            vec![],
            &Options {
                trust_html: false,
                line_breaks: true,
            },
        );
        assert_eq!(kept, "<p id=\"p-1\">改行<br />\nだけの</p>\n");
    }

    #[test]
    fn a_line_opening_a_turn_of_a_dialogue_or_faq_keeps_its_line_break() {
        let md = "**たなか**：もう GA ですよね？\n**すずき**：そうそう、1.33 で。\n**たなか：** ですよね。\n";
        assert_eq!(
            render(md, |_| vec![]),
            "<p id=\"p-1\"><strong>たなか</strong>：もう GA ですよね？<br />\n<strong>すずき</strong>：そうそう、1.33 で。<br />\n<strong>たなか：</strong> ですよね。</p>\n"
        );
        let md = "Q. 使えますか？\nA. はい。\nA1: 追記\n";
        assert_eq!(
            render(md, |_| vec![]),
            "<p id=\"p-1\">Q. 使えますか？<br />\nA. はい。<br />\nA1: 追記</p>\n"
        );
        // Bold words that are no speaker, or a sentence going on, still join.
        let md = "これは\n**重要な点**です。\nAPI も\n";
        assert_eq!(
            render(md, |_| vec![]),
            "<p id=\"p-1\">これは<strong>重要な点</strong>です。\nAPI も</p>\n"
        );
    }

    /// The `id`s of `html`, in order.
    fn ids(html: &str) -> Vec<&str> {
        html.split(" id=\"")
            .skip(1)
            .map(|rest| &rest[..rest.find('"').unwrap()])
            .collect()
    }

    #[test]
    fn anchors_are_the_block_maps_on_nested_lists_tables_and_quotes() {
        let md = "前文\n\n1. 一\n   - 一の一\n   - 一の二\n2. 二\n\n| a | b |\n|---|---|\n| c | d |\n\n> 引用\n>\n> - 引用の項目\n\n- 緩い\n\n  段落\n";
        let d = blocks::parse(md, 1);
        let html = to_html(&d, vec![], vec![], &Options::default());
        // Written from the rule: paragraphs, items and cells are numbered apart, in document
        // order, whatever they nest in.
        let expected = [
            "p-1", "li-1", "li-2", "li-3", "li-4", "td-1", "td-2", "td-3", "td-4", "p-2", "li-5",
            "li-6", "p-3", "p-4",
        ];
        assert_eq!(ids(&html), expected, "{html}");
        let map: Vec<&str> = d
            .blocks
            .iter()
            .filter(|b| !matches!(b.kind, BlockKind::Heading(_)))
            .map(|b| b.anchor.as_str())
            .collect();
        assert_eq!(map, expected);
    }

    #[test]
    fn footnote_ids_never_meet_block_anchors_and_notes_link_back() {
        let html = render(
            "本文[^toc]と[^p-1]、もう一度[^toc]。\n\n[^toc]: 一つ目\n[^p-1]: 二つ目\n",
            |_| vec![],
        );
        // Ids written from the rule: each reference `fnref-<label>` (a second one `-2`), each
        // note `fn-<label>`, beside the paragraphs' own `p-N`.
        assert_eq!(
            ids(&html),
            [
                "p-1",
                "fnref-toc",
                "fnref-p-1",
                "fnref-toc-2",
                "fn-toc",
                "p-2",
                "fn-p-1",
                "p-3"
            ],
            "{html}"
        );
        assert!(
            html.contains("<a href=\"#fn-toc\">1</a></sup>と<sup class=\"footnote-reference\" id=\"fnref-p-1\"><a href=\"#fn-p-1\">2</a>"),
            "numbered in reference order: {html}"
        );
        assert!(
            html.contains("<a class=\"footnote-back\" href=\"#fnref-toc\""),
            "{html}"
        );
    }

    /// The footnote numbers of `html` as the list shows them, each with its note's text.
    fn listed_notes(html: &str) -> Vec<(String, String)> {
        html.split("<sup class=\"footnote-definition-label\">")
            .skip(1)
            .map(|s| {
                let (n, rest) = s.split_once("</sup>").unwrap();
                let text = rest.split('>').nth(1).unwrap().split('<').next().unwrap();
                (n.to_string(), text.to_string())
            })
            .collect()
    }

    #[test]
    fn notes_are_listed_at_the_end_in_the_order_they_are_referenced() {
        // Written in another order: the author's `[^b]` mid-text before `[^a]`, the Zenn and
        // Hatena notes' definitions after the last line.
        let md = "前[^zenn-1]、次[^a]、そして[^B]と[^hatena-2]。\n\n[^b]: ビー\n\n中の段落\n\n[^a]: エー[^c]\n\n[^zenn-1]: ゼン\n\n[^hatena-2]: はてな\n\n[^unused]: 参照なし\n\n[^c]: 注の中から\n";
        let html = render(md, |_| vec![]);
        assert_eq!(
            listed_notes(&html),
            [
                ("1", "ゼン"),
                ("2", "エー"),
                ("3", "ビー"),
                ("4", "はてな"),
                ("5", "注の中から"),
                ("6", "参照なし")
            ]
            .map(|(n, t)| (n.to_string(), t.to_string()))
        );
        // The numbers in the text are the list's, and the text reads on before the notes.
        assert!(
            html.contains("前<sup class=\"footnote-reference\" id=\"fnref-zenn-1\"><a href=\"#fn-zenn-1\">1</a></sup>、次<sup class=\"footnote-reference\" id=\"fnref-a\"><a href=\"#fn-a\">2</a>"),
            "{html}"
        );
        assert!(
            html.find("中の段落").unwrap() < html.find("footnote-definition").unwrap(),
            "{html}"
        );
        // Each note keeps its paragraph's anchor from the block map.
        assert!(
            html.contains(
                "id=\"fn-b\"><sup class=\"footnote-definition-label\">3</sup><p id=\"p-2\">ビー"
            ),
            "{html}"
        );
    }

    #[test]
    fn a_footnote_nothing_references_has_no_link_back() {
        let html = render(
            "本文[^a]。\n\n[^a]: 参照される注\n[^b]: どこからも参照されない注\n",
            |_| vec![],
        );
        assert!(html.contains("href=\"#fnref-a\""), "{html}");
        assert!(
            !html.contains("#fnref-b"),
            "a link to a reference that is not there: {html}"
        );
        assert!(
            html.contains("どこからも参照されない注"),
            "the note itself stays: {html}"
        );
    }

    #[test]
    fn a_footnote_label_is_escaped_in_its_ids() {
        let html = render("注[^a\"b c]\n\n[^a\"b c]: 本文\n", |_| vec![]);
        assert!(html.contains("id=\"fnref-a&quot;b-c\""), "{html}");
        assert!(!html.contains("a\"b"), "{html}");
    }

    #[test]
    fn paragraphs_and_items_carry_ids() {
        let html = render("前文\n\n- 一\n- 二\n", |_| vec![]);
        assert_eq!(
            html,
            "<p id=\"p-1\">前文</p>\n<ul>\n<li id=\"li-1\">一</li>\n<li id=\"li-2\">二</li>\n</ul>\n"
        );
    }

    #[test]
    fn annotation_wraps_exactly_its_range() {
        let html = render("- 機能 (#128266) と KEP-3157\n", |d| {
            let t = &d.blocks[0].text;
            let s = t.find("#128266").unwrap();
            let k = t.find("KEP-3157").unwrap();
            vec![
                Annotation {
                    block: 0,
                    range: k..k + 8,
                    open: "<a href=\"k\">".into(),
                    close: "</a>".into(),
                    text_html: None,
                },
                Annotation {
                    block: 0,
                    range: s..s + 7,
                    open: "<a href=\"p\">".into(),
                    close: "</a>".into(),
                    text_html: None,
                },
            ]
        });
        assert!(
            html.contains("機能 (<a href=\"p\">#128266</a>) と <a href=\"k\">KEP-3157</a>"),
            "{html}"
        );
    }

    #[test]
    fn overlapping_annotations_keep_the_first() {
        let html = render("サイドカーコンテナ\n", |d| {
            let n = d.blocks[0].text.len();
            vec![
                Annotation {
                    block: 0,
                    range: 0..n,
                    open: "<b>".into(),
                    close: "</b>".into(),
                    text_html: None,
                },
                Annotation {
                    block: 0,
                    range: 0..15,
                    open: "<i>".into(),
                    close: "</i>".into(),
                    text_html: None,
                },
            ]
        });
        assert_eq!(html, "<p id=\"p-1\"><b>サイドカーコンテナ</b></p>\n");
    }

    #[test]
    fn annotations_never_enter_code_or_links() {
        let html = render("`KEP-1` [KEP-2](https://x) KEP-3\n", |d| {
            let t = &d.blocks[0].text;
            ["KEP-1", "KEP-2", "KEP-3"]
                .iter()
                .map(|k| {
                    let s = t.find(k).unwrap();
                    Annotation {
                        block: 0,
                        range: s..s + 5,
                        open: "<em>".into(),
                        close: "</em>".into(),
                        text_html: None,
                    }
                })
                .collect()
        });
        assert_eq!(html.matches("<em>").count(), 1, "{html}");
        assert!(html.contains("<em>KEP-3</em>"));
    }

    #[test]
    fn math_is_drawn_as_mathml_in_a_line_and_in_a_block_of_its_own() {
        let md = "インライン $2*3*4$ と $\\{a\\}$。\n\n```math\n\\sum_i c_i\n```\n";
        let html = to_html(
            &blocks::parse_article(md, 1, true),
            vec![],
            vec![],
            &Options::default(),
        );
        assert!(
            html.starts_with(
                "<p id=\"p-1\">インライン <math display=\"inline\"><semantics><mrow><mn>2</mn>"
            ),
            "{html}"
        );
        assert!(
            html.contains("<annotation encoding=\"application/x-tex\">\\{a\\}</annotation></semantics></math>。</p>"),
            "{html}"
        );
        assert!(html.contains("</p>\n<math display=\"block\">"), "{html}");
        assert!(
            !html.contains("<em>") && !html.contains("pre class=\"code"),
            "{html}"
        );
    }

    /// `d` as a site with `trust_html = true` shows it.
    fn trusted(d: &Doc) -> String {
        to_html(
            d,
            vec![],
            vec![],
            &Options {
                trust_html: true,
                ..Options::default()
            },
        )
    }

    #[test]
    fn raw_html_is_sanitized_unless_trusted() {
        let md = "<script>alert(1)</script>\n\n<b onclick=\"x()\">太字</b>\n";
        let d = blocks::parse(md, 1);
        let safe = to_html(&d, vec![], vec![], &Options::default());
        assert!(
            !safe.contains("<script") && !safe.contains("onclick"),
            "{safe}"
        );
        assert!(safe.contains("<b>太字</b>"), "{safe}");
        let raw = trusted(&d);
        assert!(raw.contains("<script>"));
    }

    #[test]
    fn an_embedded_frame_or_script_is_a_link_to_what_it_shows_and_never_runs() {
        let md = "<script defer class=\"speakerdeck-embed\" data-id=\"a1b2c3\" src=\"//speakerdeck.com/assets/embed.js\"></script>\n\n\
                  <iframe width=\"560\" src=\"https://www.youtube.com/embed/dQw4w9WgXcQ\" title=\"KubeCon\" allowfullscreen></iframe>\n\n\
                  文中の <iframe src=\"https://www.youtube.com/embed/abc\"></iframe> と <iframe src=\"javascript:alert(1)\"></iframe>。\n\n\
                  <div>\n<iframe src=\"https://example.com/demo\" onload=\"x()\"></iframe>\n</div>\n\n\
                  <script src=\"https://example.com/t.js\"></script>\n";
        let d = blocks::parse(md, 1);
        let html = to_html(&d, vec![], vec![], &Options::default());
        for shown in [
            // A block of its own is a paragraph, as a Zenn embed line is.
            "<p><a href=\"https://speakerdeck.com/player/a1b2c3\" rel=\"noopener noreferrer\">Speaker Deck</a></p>",
            "<p><a href=\"https://www.youtube.com/watch?v=dQw4w9WgXcQ\" rel=\"noopener noreferrer\">YouTube: KubeCon</a></p>",
            "文中の <a href=\"https://www.youtube.com/watch?v=abc\" rel=\"noopener noreferrer\">YouTube</a> と 。",
            "<div>\n<a href=\"https://example.com/demo\" rel=\"noopener noreferrer\">https://example.com/demo</a>\n</div>",
        ] {
            assert!(html.contains(shown), "{shown}\n{html}");
        }
        for gone in [
            "<script",
            "<iframe",
            "</iframe",
            "javascript",
            "onload",
            "t.js",
        ] {
            assert!(!html.contains(gone), "{gone}\n{html}");
        }
        // A site that trusts its authors' HTML shows the frame itself.
        let trusted = trusted(&d);
        assert!(trusted.contains("<iframe width=\"560\""), "{trusted}");
    }

    #[test]
    fn a_definition_list_is_a_dl_whose_terms_and_definitions_are_anchored_entries() {
        let html = render("前文\n\n用語\n: 説明です。\n\n- 項目\n", |_| vec![]);
        assert!(
            html.contains(
                "<dl>\n<dt id=\"li-1\">用語</dt>\n<dd id=\"li-2\">説明です。</dd>\n</dl>"
            ),
            "{html}"
        );
        assert!(html.contains("<li id=\"li-3\">項目</li>"), "{html}");
    }

    #[test]
    fn text_in_raw_html_gets_an_anchor_and_keeps_the_authors_elements() {
        let safe = |md: &str| {
            let d = blocks::parse(md, 1);
            to_html(&d, vec![], vec![], &Options::default())
        };
        let html = safe(
            "<div class=\"note\" style=\"x\">注意 &amp; 補足</div>\n\n<table>\n<tr><th>KEP</th></tr>\n<tr><td><code>A&lt;B</code></td></tr>\n</table>\n\n段落\n",
        );
        assert!(
            html.contains("<div class=\"note\"><span id=\"h-1\">注意 &amp; 補足</span></div>"),
            "{html}"
        );
        assert!(
            html.contains("<th><span id=\"h-2\">KEP</span></th>"),
            "{html}"
        );
        assert!(html.contains("<td><span id=\"h-3\"><code"), "{html}");
        assert!(html.contains("A&lt;B"), "{html}");
        // Markdown paragraphs are numbered as if the raw HTML held no text.
        assert!(html.contains("<p id=\"p-1\">段落</p>"), "{html}");
        // Any other class is dropped.
        let other = safe("<div class=\"evil note\">a</div>\n");
        assert!(other.contains("<div class=\"note\">"), "{other}");
    }

    #[test]
    fn an_element_opened_in_one_raw_html_block_closes_in_a_later_one() {
        let safe = |md: &str| {
            let d = blocks::parse(md, 1);
            to_html(&d, vec![], vec![], &Options::default())
        };
        // The folded text stays inside its `<details>`, which closes where the author closed it.
        let html = safe("<details>\n<summary>要約</summary>\n\n本文\n\n</details>\n\n後の段落\n");
        let (body, close, after) = (
            html.find("本文").unwrap(),
            html.find("</details>").unwrap(),
            html.find("後の段落").unwrap(),
        );
        assert!(body < close && close < after, "{html}");
        assert_eq!(html.matches("</details>").count(), 1, "{html}");
        // A fold the author opened stays open.
        let html = safe("<details open>\n<summary>要約</summary>\n\n本文\n\n</details>\n");
        assert!(html.starts_with("<details open=\"\">"), "{html}");
        // `<a id="x" />` closes where it stands.
        let html = safe("<a id=\"x\" />\n\n後の段落\n");
        assert!(
            html.find("</a>").unwrap() < html.find("後の段落").unwrap(),
            "{html}"
        );
        // Nothing the author opens stays open past the article, and a stray closing tag is
        // dropped (it would close the page's own elements).
        let html = safe(
            "<div onclick=\"x()\">\n\nノート\n\n</div>\n\n</div></section>\n\n<div>閉じない\n",
        );
        assert_eq!(
            html.matches("<div").count(),
            html.matches("</div>").count(),
            "{html}"
        );
        assert!(
            !html.contains("</section>") && !html.contains("onclick"),
            "{html}"
        );
        // A raw block cannot use the markers to cut itself out of its sanitizing.
        let html = safe("<div>\n\nx\n\n</div>\u{E001}<script>alert(1)</script>\n");
        assert!(!html.contains("<script"), "{html}");
    }

    #[test]
    fn deeply_nested_raw_html_is_shown_as_text() {
        assert_eq!(html_depth("<div><p>a<br></p><img src=x/></div>"), 2);
        let deep = format!("{}x{}", "<div>".repeat(300), "</div>".repeat(300));
        let html = render(&deep, |_| vec![]);
        assert!(
            html.starts_with("<pre class=\"raw-html\">&lt;div&gt;"),
            "{}",
            &html[..80]
        );
        let shallow = render("<div><b>太字</b></div>\n", |_| vec![]);
        assert!(
            shallow.contains("<div><span id=\"h-1\"><b>太字</b></span></div>"),
            "{shallow}"
        );
        // Depth left open by earlier pieces counts: text between 300 opening tags.
        let stepped = render(&format!("{}x", "<div>a".repeat(300)), |_| vec![]);
        assert!(
            stepped.contains("<pre class=\"raw-html\">&lt;div&gt;"),
            "{stepped}"
        );
    }

    #[test]
    fn fenced_code_is_highlighted() {
        let html = render("```yaml\nkind: Pod\n```\n", |_| vec![]);
        assert!(
            html.contains("data-lang=\"yaml\"") && html.contains("hl-"),
            "{html}"
        );
    }

    #[test]
    fn gfm_note_renders_as_alert() {
        let html = render("> [!NOTE]\n> 📝 補足\n", |_| vec![]);
        assert!(html.contains("markdown-alert-note"), "{html}");
        assert!(html.contains("<p id=\"p-1\">📝 補足</p>"), "{html}");
    }

    #[test]
    fn table_cells_get_anchors() {
        let html = render("| a | b |\n|---|---|\n| KEP-1 | x |\n", |_| vec![]);
        assert!(
            html.contains("<th><span class=\"anchor\" id=\"td-1\"></span>a</th>"),
            "{html}"
        );
        assert!(
            html.contains("<td><span class=\"anchor\" id=\"td-3\"></span>KEP-1</td>"),
            "{html}"
        );
    }
}
