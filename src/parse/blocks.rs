//! The parse stage for an article body: Markdown events (pulldown-cmark) plus the block map
//! every later stage shares.
//!
//! A *block* is a heading, paragraph, list item or table cell: the unit a mention links to.
//! Each gets a stable anchor (`p-3`, `li-12`, or the heading id) in document order, and its
//! inline text is recorded with the byte ranges that are plain prose (not code, not a link,
//! not a URL), which is where extraction may look first, and its *spans*: the code spans and the
//! author's links (with their targets), where a reference is still a mention but may not become
//! a link of ours (see `Span`). Extraction reports mentions as
//! (block, byte range); the render stage wraps exactly those ranges, because it walks the same
//! events with the `TextPos` table recorded here.
use std::collections::HashMap;
use std::ops::Range;
use std::sync::LazyLock;

use pulldown_cmark::{
    BlockQuoteKind, CowStr, Event, HeadingLevel, LinkType, Options, Parser, Tag, TagEnd,
};
use regex::Regex;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockKind {
    Heading(u8),
    Paragraph,
    ListItem,
    TableCell,
}

#[derive(Debug, Clone)]
pub struct Block {
    /// The `id` attribute of the element, without `#`.
    pub anchor: String,
    pub kind: BlockKind,
    /// Inline text: text, code spans and link text, soft breaks as `\n`.
    pub text: String,
    /// Byte ranges of `text` that are plain prose (one `Text` event each).
    pub plain: Vec<Range<usize>>,
    /// 1-based line in the article file.
    pub line: usize,
    /// Index into `Doc::sections` of the section the block stands in.
    pub section: usize,
    /// Whether the block is inside a `> [!NOTE]` note or blockquote.
    pub in_note: bool,
    /// Indices into `Doc::spans` of the code spans and links that stand in this block.
    pub spans: Vec<usize>,
    /// Where a table cell stands in its table.
    pub cell: Option<Cell>,
    /// The list item this block stands in (a nested item's parent item, a loose item's
    /// paragraph's item).
    pub parent_item: Option<usize>,
    /// A paragraph of text inside the author's raw HTML (`parse::raw_html`): its anchor is a
    /// `<span>`, not a `<p>`, so the author's elements keep their layout.
    pub in_html: bool,
    /// The title of a fold (the first paragraph of a `:::details` quote, shown as its
    /// `<summary>`): a title, as a heading is, where a glossary link would only get in the way
    /// of the click that opens the fold.
    pub fold_title: bool,
}

impl Block {
    /// Whether the block titles what follows it: a heading or a fold's title.
    pub fn is_title(&self) -> bool {
        matches!(self.kind, BlockKind::Heading(_)) || self.fold_title
    }
}

/// A table cell's place: which table of the document, which column, and whether it is in the
/// header row (a column's header says what the cells below it are: `機能名`, `Feature gate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub table: usize,
    /// The row in its table, the header row 0: the cells of one row state facts of one thing
    /// (a gate and its stage).
    pub row: usize,
    pub column: usize,
    pub head: bool,
    /// The rows the cell covers (a raw `<td rowspan="2">`; 1 in Markdown): what it says holds
    /// for each of them.
    pub rows: usize,
}

/// A code span or an author's link inside a block: text the render stage must leave as it is.
/// A reference inside one is still a mention; the link to its page goes right after the span
/// (`SpanEnd` says where), never inside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    pub kind: SpanKind,
    pub block: usize,
    /// Byte range of the span's text in `Block::text` (a link's text, a code span's content).
    pub range: Range<usize>,
    pub end: SpanEnd,
}

impl Span {
    /// Whether the span is the author's link (not a code span).
    pub fn is_link(&self) -> bool {
        matches!(self.kind, SpanKind::Link { .. })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpanKind {
    Code,
    /// `[text](dest)`, `<https://...>`, reference-style links: `dest` as written.
    Link {
        dest: String,
    },
}

/// The event that closes a span, counted the way the render stage walks the events: the k-th
/// `Event::Code` or the k-th `End(Link)` of the document. Raw-HTML sanitizing merges only HTML
/// events, so these counts survive every pass before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SpanEnd {
    Code(usize),
    Link(usize),
}

/// A heading-delimited part of the document. Section 0 is what precedes the first heading.
#[derive(Debug, Clone)]
pub struct Section {
    pub anchor: String,
    pub title: String,
    pub level: u8,
}

/// Where a `Text` event's text sits in the block map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextPos {
    pub block: usize,
    pub start: usize,
}

#[derive(Debug, Clone)]
pub struct Doc {
    pub events: Vec<Event<'static>>,
    pub blocks: Vec<Block>,
    pub sections: Vec<Section>,
    /// Code spans and links, in the order they close.
    pub spans: Vec<Span>,
    /// Every image the article shows (`![alt](src)`, `<img src>`, a `figure` shortcode), as
    /// written, with its 1-based line, so `shiori check` can report one that is missing.
    pub images: Vec<(String, usize)>,
    /// Link and image targets dropped because a browser could run them (`javascript:`, ...),
    /// with their 1-based line.
    pub refused_urls: Vec<(String, usize)>,
    /// Raw-HTML frames and scripts the sanitizer drops with nothing in their place (see
    /// `embeds::HtmlEmbed::Dropped`), their opening tag (cut to 80 characters) with its 1-based
    /// line.
    pub dropped_embeds: Vec<(String, usize)>,
    /// Parallel to `events`: the block position of every plain `Text` event.
    pub text_pos: Vec<Option<TextPos>>,
    /// The quotes shown folded under their first paragraph (Zenn's `:::details`), as ordinals
    /// among the document's quotes (`Start(BlockQuote)` events), ascending.
    pub folds: Vec<usize>,
}

impl Doc {
    /// Drops the Markdown events (and their text positions), keeping the block map: what every
    /// stage after extract needs of an article except the renderer, which parses it again. What
    /// is kept gives back its spare capacity: it is kept for the whole build, and texts grown
    /// piece by piece hold up to twice their length.
    pub fn drop_events(&mut self) {
        self.events = Vec::new();
        self.text_pos = Vec::new();
        self.folds = Vec::new();
        for b in &mut self.blocks {
            b.anchor.shrink_to_fit();
            b.text.shrink_to_fit();
            b.plain.shrink_to_fit();
            b.spans.shrink_to_fit();
        }
        self.blocks.shrink_to_fit();
        self.sections.shrink_to_fit();
        self.spans.shrink_to_fit();
        self.images.shrink_to_fit();
    }

    /// All plain and code text of the article, for counts and reading time.
    pub fn plain_text(&self) -> String {
        let mut s = String::new();
        for b in &self.blocks {
            s.push_str(&b.text);
            s.push('\n');
        }
        s
    }

    pub fn block_by_anchor(&self, anchor: &str) -> Option<&Block> {
        self.blocks.iter().find(|b| b.anchor == anchor)
    }
}

pub fn options() -> Options {
    // Definition lists (`用語` then `: 説明`), as Hugo's goldmark renders them by default.
    Options::ENABLE_DEFINITION_LIST
        | Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_GFM
        | Options::ENABLE_HEADING_ATTRIBUTES
}

/// Parses `body` (front matter removed; `first_line` is its 1-based line in the file), where a
/// `$` is a dollar (see [`parse_article`]).
pub fn parse(body: &str, first_line: usize) -> Doc {
    parse_article(body, first_line, false)
}

/// Parses an article's `body`; with `math` (`FrontMatter::math`), `$…$` and `$$…$$` in a line
/// are math (`Event::InlineMath`, `Event::DisplayMath`): neither text nor code, so nothing is
/// looked for in them and nothing of ours goes inside.
pub fn parse_article(body: &str, first_line: usize, math: bool) -> Doc {
    let options = if math {
        options() | Options::ENABLE_MATH
    } else {
        options()
    };
    let mut events: Vec<Event<'static>> = Vec::new();
    let mut offsets = Vec::new();
    // Adjacent text events are one run of prose to the later passes. They are gathered in one
    // buffer: joining them pairwise copied the run again for every piece (`a&amp;` × 100,000
    // in one paragraph is 200,000 pieces).
    let mut run: Option<(String, usize)> = None;
    // A run is flushed as it stands when the next event comes; `prose` says whether it is text
    // (not a code block's), where emoji shortcodes are read, and `linkable` whether it is prose
    // bare URLs may be linked in (not inside a link or an image either).
    let flush = |run: &mut Option<(String, usize)>,
                 prose: bool,
                 linkable: bool,
                 events: &mut Vec<Event<'static>>,
                 offsets: &mut Vec<usize>| {
        if let Some((mut text, at)) = run.take() {
            if prose && let Some(e) = emoji_outside_urls(&text) {
                text = e;
            }
            if linkable && text.contains("://") {
                push_linked(&text, at, events, offsets);
            } else {
                events.push(Event::Text(CowStr::from(text)));
                offsets.push(at);
            }
        }
    };
    // Links and images whose target a browser could run are dropped, text kept (see
    // `urls::is_allowed`); their (target, offset) are reported.
    let mut refused: Vec<(String, usize)> = Vec::new();
    let mut dropped_ends: Vec<bool> = Vec::new();
    let (mut in_link, mut in_code) = (0usize, false);
    let mut embeds = EmbedScan::default();
    let parsed = html_code_as_code_spans(html_anchors_as_links(
        super::raw_html::html_text_as_paragraphs(Parser::new_ext(body, options).into_offset_iter()),
    ));
    for (event, range) in parsed {
        match &event {
            Event::Html(h) => embeds.html(h, range.start),
            Event::InlineHtml(h) => {
                embeds.flush();
                embeds.html(h, range.start);
                embeds.flush();
            }
            _ => embeds.flush(),
        }
        match &event {
            Event::Text(t) => {
                match &mut run {
                    Some((text, _)) => text.push_str(t),
                    None => run = Some((t.to_string(), range.start)),
                }
                continue;
            }
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                let drop = !crate::model::urls::is_allowed(dest_url);
                dropped_ends.push(drop);
                if drop {
                    refused.push((dest_url.to_string(), range.start));
                    continue;
                }
            }
            Event::End(TagEnd::Link | TagEnd::Image) if dropped_ends.pop().unwrap_or(false) => {
                continue;
            }
            _ => {}
        }
        flush(
            &mut run,
            !in_code,
            in_link == 0 && !in_code,
            &mut events,
            &mut offsets,
        );
        match &event {
            Event::Start(Tag::Link { .. } | Tag::Image { .. }) => in_link += 1,
            Event::End(TagEnd::Link | TagEnd::Image) => in_link = in_link.saturating_sub(1),
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            _ => {}
        }
        events.push(event.into_static());
        offsets.push(range.start);
    }
    flush(
        &mut run,
        !in_code,
        in_link == 0 && !in_code,
        &mut events,
        &mut offsets,
    );
    embeds.flush();
    let fold_starts = titled_callouts(&mut events, &mut offsets);
    let folds = quote_ordinals(&events, &fold_starts);
    assign_heading_ids(&mut events);
    demote_section_h1s(&mut events);
    let lines = crate::model::diag::LineIndex::new(body);
    let line_of_offset = |o: usize| first_line + lines.line(o) - 1;
    let line_at = |i: usize| line_of_offset(offsets[i]);
    let refused_urls = refused
        .into_iter()
        .map(|(url, at)| (url, line_of_offset(at)))
        .collect();
    let dropped_embeds = embeds
        .dropped
        .into_iter()
        .map(|(tag, at)| (tag, line_of_offset(at)))
        .collect();
    let BlockMap {
        blocks,
        sections,
        spans,
        images,
        text_pos,
    } = map_blocks(&events, &fold_starts, line_at);
    Doc {
        events,
        blocks,
        sections,
        spans,
        images,
        refused_urls,
        dropped_embeds,
        text_pos,
        folds,
    }
}

/// Finds the raw-HTML frames and scripts the sanitizer will drop with nothing in their place.
/// It reads consecutive HTML events as one, as the sanitizer cleans them (a tag may run over
/// lines), and an inline tag alone.
#[derive(Default)]
struct EmbedScan {
    /// The run of HTML read so far, and where each event of it starts in the run and the body.
    run: String,
    starts: Vec<(usize, usize)>,
    /// Each dropped embed's opening tag and its offset in the body.
    dropped: Vec<(String, usize)>,
}

impl EmbedScan {
    /// Adds an HTML event to the run. A run is kept only from an event that opens a frame or a
    /// script on (a tag's name never spans two events; its attributes may): most HTML is none.
    fn html(&mut self, html: &str, at: usize) {
        if self.run.is_empty() && !super::embeds::may_embed(html) {
            return;
        }
        self.starts.push((self.run.len(), at));
        self.run.push_str(html);
    }

    fn flush(&mut self) {
        if self.run.is_empty() {
            return;
        }
        for tag in super::raw_html::html_tags(&self.run).filter(|t| !t.closing) {
            let text = &self.run[tag.range.clone()];
            if super::embeds::html_embed(text) != Some(super::embeds::HtmlEmbed::Dropped) {
                continue;
            }
            let k = self.starts.partition_point(|&(s, _)| s <= tag.range.start) - 1;
            let (event_start, body_at) = self.starts[k];
            let offset = body_at + (tag.range.start - event_start);
            self.dropped
                .push((crate::text::truncate_chars(text, 80), offset));
        }
        self.run.clear();
        self.starts.clear();
    }
}

/// The ordinals, among the document's quotes, of the quotes starting at `starts` (event
/// indices, ascending): the render stage finds a quote by its ordinal, since it sees the
/// events after passes that merge some of them.
fn quote_ordinals(events: &[Event<'static>], starts: &[usize]) -> Vec<usize> {
    let mut ordinals = Vec::with_capacity(starts.len());
    let mut quotes = 0;
    let mut wanted = starts.iter().peekable();
    for (i, e) in events.iter().enumerate() {
        if wanted.peek().is_none() {
            break;
        }
        if matches!(e, Event::Start(Tag::BlockQuote(_))) {
            if wanted.peek() == Some(&&i) {
                ordinals.push(quotes);
                wanted.next();
            }
            quotes += 1;
        }
    }
    ordinals
}

/// An inline raw-HTML tag that opens or closes a link.
enum HtmlAnchor {
    /// `<a href="…">`, with the target unescaped.
    Open(String),
    Close,
}

/// Whether `html` is an anchor tag with a target (`<a href="https://kep.k8s.io/3998">`) or an
/// anchor's end tag. Such an anchor becomes a Markdown link at parse: every later stage then
/// sees the author's link (a reference in its target is read, a mention inside its text gets
/// its chip after it, not a link of ours nested inside), and its other attributes go, as the
/// sanitizer drops them anyway. `<a id="…">` without `href` stays HTML.
fn html_anchor(html: &str) -> Option<HtmlAnchor> {
    static OPEN: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r#"(?is)^<a\s(?:[^>]*?\s)?href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>`=]+))[^>]*>$"#,
        )
        .expect("valid regex")
    });
    static CLOSE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(?i)^</a\s*>$").expect("valid regex"));
    let html = html.trim();
    if CLOSE.is_match(html) {
        return Some(HtmlAnchor::Close);
    }
    let c = OPEN.captures(html)?;
    let dest = c
        .get(1)
        .or(c.get(2))
        .or(c.get(3))
        .map_or("", |m| m.as_str());
    Some(HtmlAnchor::Open(crate::text::unescape_html(dest.trim())))
}

/// Raw-HTML anchors as Markdown links: `<a href="…">` and its `</a>` become a link's start and
/// end (see `html_anchor`), so the rest of `parse` treats them as it treats the author's
/// Markdown links (a target a browser could run is dropped there). An anchor left open closes
/// with the element it was opened in, as a browser closes it.
fn html_anchors_as_links<'a>(
    events: impl Iterator<Item = (Event<'a>, Range<usize>)>,
) -> impl Iterator<Item = (Event<'a>, Range<usize>)> {
    let mut open = 0usize;
    events.flat_map(move |(event, range)| {
        let (closes, event) = match event {
            Event::InlineHtml(h) => match html_anchor(&h) {
                Some(HtmlAnchor::Open(dest)) => {
                    open += 1;
                    let link = Tag::Link {
                        link_type: LinkType::Inline,
                        dest_url: CowStr::from(dest),
                        title: CowStr::from(""),
                        id: CowStr::from(""),
                    };
                    (0, Event::Start(link))
                }
                Some(HtmlAnchor::Close) if open > 0 => {
                    open -= 1;
                    (0, Event::End(TagEnd::Link))
                }
                _ => (0, Event::InlineHtml(h)),
            },
            Event::End(
                end @ (TagEnd::Paragraph
                | TagEnd::Heading(_)
                | TagEnd::Item
                | TagEnd::DefinitionListTitle
                | TagEnd::DefinitionListDefinition
                | TagEnd::TableCell
                | TagEnd::Link
                | TagEnd::Image),
            ) => (std::mem::take(&mut open), Event::End(end)),
            event => (0, event),
        };
        std::iter::repeat_n((Event::End(TagEnd::Link), range.clone()), closes)
            .chain(std::iter::once((event, range)))
    })
}

/// Raw-HTML `<code>…</code>` around plain text is a code span, as `` `…` `` is: a gate named
/// `<code>NodeSwap</code>` gets its chip after the span, and no link of ours goes inside the
/// author's code. Code holding more than text (`<code>a<b>c</b></code>`) stays HTML.
fn html_code_as_code_spans<'a>(
    events: impl Iterator<Item = (Event<'a>, Range<usize>)>,
) -> impl Iterator<Item = (Event<'a>, Range<usize>)> {
    fn is_tag(h: &str, name: &str) -> bool {
        h.trim().eq_ignore_ascii_case(name)
    }
    // The `<code>` event and the text events after it, while they may still make a span.
    let mut held: Vec<(Event<'a>, Range<usize>)> = Vec::new();
    let mut events = events.fuse();
    std::iter::from_fn(move || {
        loop {
            let Some((event, range)) = events.next() else {
                return (!held.is_empty())
                    .then(|| std::mem::take(&mut held))
                    .map(|h| h.into_iter());
            };
            match &event {
                Event::InlineHtml(h) if is_tag(h, "<code>") => {
                    let before = std::mem::replace(&mut held, vec![(event, range)]);
                    if !before.is_empty() {
                        return Some(before.into_iter());
                    }
                }
                Event::Text(_) if !held.is_empty() => held.push((event, range)),
                Event::InlineHtml(h) if is_tag(h, "</code>") && held.len() > 1 => {
                    let start = held[0].1.start;
                    let text: String = held[1..]
                        .iter()
                        .filter_map(|(e, _)| match e {
                            Event::Text(t) => Some(t.as_ref()),
                            _ => None,
                        })
                        .collect();
                    held.clear();
                    return Some(
                        vec![(Event::Code(CowStr::from(text)), start..range.end)].into_iter(),
                    );
                }
                _ => {
                    let mut out = std::mem::take(&mut held);
                    out.push((event, range));
                    return Some(out.into_iter());
                }
            }
        }
    })
    .flatten()
}

/// Bare `http://` and `https://` URLs in prose become links (GitHub's and Hugo's autolinks):
/// `原文: https://kubernetes.io/blog/…` is a link the reader can follow, and no glossary term or
/// reference is marked inside a URL. A URL ends at whitespace, at `<`, or at the first
/// character that is not ASCII (Japanese prose runs on without a space: `…/3157/を参照`);
/// trailing punctuation (`.,:;!?'"*_~`) and a `)` without its `(` are left out. `text` is a
/// run of prose outside links, images and code blocks, at source offset `at`.
fn push_linked(text: &str, at: usize, events: &mut Vec<Event<'static>>, offsets: &mut Vec<usize>) {
    let mut rest = 0;
    for url in bare_urls(text) {
        if url.start > rest {
            events.push(Event::Text(CowStr::from(text[rest..url.start].to_string())));
            offsets.push(at);
        }
        let href = text[url.clone()].to_string();
        events.extend([
            Event::Start(Tag::Link {
                link_type: LinkType::Autolink,
                dest_url: CowStr::from(href.clone()),
                title: CowStr::from(""),
                id: CowStr::from(""),
            }),
            Event::Text(CowStr::from(href)),
            Event::End(TagEnd::Link),
        ]);
        offsets.extend([at; 3]);
        rest = url.end;
    }
    if rest < text.len() {
        events.push(Event::Text(CowStr::from(text[rest..].to_string())));
        offsets.push(at);
    }
}

/// `text` with its emoji shortcodes as emoji, except inside the URLs it holds (a path may hold
/// `:100:`, and an autolink's text is its URL); `None` when nothing changed.
fn emoji_outside_urls(text: &str) -> Option<String> {
    let urls = if text.contains("://") {
        bare_urls(text)
    } else {
        Vec::new()
    };
    let mut out = String::new();
    let mut changed = false;
    let mut rest = 0;
    for gap_end in urls.iter().map(|u| u.start).chain([text.len()]) {
        let gap = &text[rest..gap_end];
        let expanded = super::emoji::expand(gap);
        changed |= matches!(expanded, std::borrow::Cow::Owned(_));
        out.push_str(&expanded);
        if let Some(url) = urls.iter().find(|u| u.start == gap_end) {
            out.push_str(&text[url.clone()]);
            rest = url.end;
        }
    }
    changed.then_some(out)
}

/// The byte ranges of the bare URLs in `text`; see [`push_linked`].
fn bare_urls(text: &str) -> Vec<Range<usize>> {
    static URL: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)(?-u:\b)https?://[A-Za-z0-9][A-Za-z0-9.\-]*(?::[0-9]+)?(?:[/?#][!-;=?-~&&[^<>\x22\x27`]]*)?")
            .expect("valid regex")
    });
    URL.find_iter(text)
        .map(|m| {
            let url = trim_url_end(m.as_str());
            m.start()..m.start() + url.len()
        })
        .collect()
}

/// A URL without the punctuation that ends the sentence around it: `https://a/b.` → `https://a/b`,
/// `(https://a/b)` → `https://a/b`, but `https://a/b_(c)` keeps its `)`.
fn trim_url_end(url: &str) -> &str {
    let mut url = url;
    loop {
        let Some(last) = url.chars().last() else {
            return url;
        };
        let unbalanced = last == ')' && url.matches(')').count() > url.matches('(').count();
        if matches!(last, '.' | ',' | ':' | ';' | '!' | '?' | '*' | '_' | '~') || unbalanced {
            url = &url[..url.len() - 1];
        } else {
            return url;
        }
    }
}

/// A quote whose first line is a callout's marker with more on it: Obsidian's
/// `> [!WARNING] 要注意`, `> [!tip]- 折りたたみ`, `> [!info]`, and the titled boxes `containers`
/// writes (`:::tip[タイトル]`). GFM knows a marker only alone on its line and of five kinds; these
/// become the same alert box, the title its first paragraph in bold. A fold (`> [!details] 設定`,
/// what `containers` makes of Zenn's `:::details`) stays a plain quote led by its title; the
/// event indices of the folds' quotes are returned.
fn titled_callouts(events: &mut Vec<Event<'static>>, offsets: &mut Vec<usize>) -> Vec<usize> {
    let mut folds = Vec::new();
    let mut i = 0;
    while i + 2 < events.len() {
        let (Event::Start(Tag::BlockQuote(None)), Event::Start(Tag::Paragraph), Event::Text(t)) =
            (&events[i], &events[i + 1], &events[i + 2])
        else {
            i += 1;
            continue;
        };
        let Some((callout, title)) = callout_marker(t) else {
            i += 1;
            continue;
        };
        let title = title.to_string();
        let title_only = title.trim_end().to_string();
        match callout {
            Callout::Fold => folds.push(i),
            Callout::Alert(kind) => {
                events[i] = Event::Start(Tag::BlockQuote(Some(kind)));
                let mut depth = 0usize;
                for e in events.iter_mut().skip(i) {
                    match e {
                        Event::Start(Tag::BlockQuote(_)) => depth += 1,
                        Event::End(TagEnd::BlockQuote(_)) => {
                            depth -= 1;
                            if depth == 0 {
                                *e = Event::End(TagEnd::BlockQuote(Some(kind)));
                                break;
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        let at = offsets[i + 2];
        let line_ends = matches!(
            events.get(i + 3),
            Some(Event::SoftBreak | Event::HardBreak | Event::End(TagEnd::Paragraph))
        );
        let replacement: Vec<Event<'static>> = match (title_only.is_empty(), line_ends) {
            // The marker alone: the paragraph goes on with the next line, or was only the marker.
            (true, true) => match events[i + 3] {
                Event::End(TagEnd::Paragraph) => {
                    events.drain(i + 1..i + 4);
                    offsets.drain(i + 1..i + 4);
                    i += 1;
                    continue;
                }
                _ => {
                    events.drain(i + 2..i + 4);
                    offsets.drain(i + 2..i + 4);
                    i += 1;
                    continue;
                }
            },
            // A title of its own line: a bold paragraph, the rest a paragraph after it.
            (false, true) => {
                let mut title_events = vec![
                    Event::Start(Tag::Strong),
                    Event::Text(CowStr::from(title_only)),
                    Event::End(TagEnd::Strong),
                ];
                if !matches!(events[i + 3], Event::End(TagEnd::Paragraph)) {
                    events.remove(i + 3);
                    // The body's paragraph starts where the next line's text does, so its line
                    // is the body's, not the title's.
                    let break_at = offsets.remove(i + 3);
                    let body_at = offsets.get(i + 3).copied().unwrap_or(break_at);
                    title_events
                        .extend([Event::End(TagEnd::Paragraph), Event::Start(Tag::Paragraph)]);
                    let n = title_events.len();
                    events.splice(i + 2..i + 3, title_events);
                    offsets.splice(
                        i + 2..i + 3,
                        std::iter::repeat_n(at, n - 1).chain([body_at]),
                    );
                    i += 1;
                    continue;
                }
                title_events
            }
            // Markup on the marker's line: the marker goes, the line stays as written.
            (_, false) => vec![Event::Text(CowStr::from(title))],
        };
        let n = replacement.len();
        events.splice(i + 2..i + 3, replacement);
        offsets.splice(i + 2..i + 3, std::iter::repeat_n(at, n));
        i += 1;
    }
    folds
}

/// What a callout's marker makes of its quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Callout {
    /// An alert box of one of GFM's kinds.
    Alert(BlockQuoteKind),
    /// A quote folded under its title (`<details>`).
    Fold,
}

/// The callout and the rest of a callout's first line (`[!WARNING] 要注意`, `[!tip]- 折りたたみ`),
/// Obsidian's kinds folded onto GFM's five.
fn callout_marker(text: &str) -> Option<(Callout, &str)> {
    let rest = text.strip_prefix("[!")?;
    let (name, rest) = rest.split_once(']')?;
    if name.eq_ignore_ascii_case("details") {
        return Some((Callout::Fold, rest.trim_start()));
    }
    let kind = match name.to_ascii_lowercase().as_str() {
        "note" | "info" | "abstract" | "summary" | "tldr" | "todo" | "question" | "help"
        | "faq" | "example" | "quote" | "cite" => BlockQuoteKind::Note,
        "tip" | "hint" | "success" | "check" | "done" => BlockQuoteKind::Tip,
        "important" => BlockQuoteKind::Important,
        "warning" | "attention" => BlockQuoteKind::Warning,
        "caution" | "danger" | "error" | "bug" | "failure" | "fail" | "missing" => {
            BlockQuoteKind::Caution
        }
        _ => return None,
    };
    let rest = rest.strip_prefix(['-', '+']).unwrap_or(rest);
    Some((Callout::Alert(kind), rest.trim_start()))
}

/// The page's title is its one `<h1>`. An article that writes its sections as `# ` headings
/// (as Qiita and many blogs do) has every heading moved one level down, so its sections are
/// `<h2>` under the title and in the contents, and their nesting is kept.
fn demote_section_h1s(events: &mut [Event<'static>]) {
    use pulldown_cmark::HeadingLevel;
    if !events.iter().any(|e| {
        matches!(
            e,
            Event::Start(Tag::Heading {
                level: HeadingLevel::H1,
                ..
            })
        )
    }) {
        return;
    }
    let down = |l: HeadingLevel| match l {
        HeadingLevel::H1 => HeadingLevel::H2,
        HeadingLevel::H2 => HeadingLevel::H3,
        HeadingLevel::H3 => HeadingLevel::H4,
        HeadingLevel::H4 => HeadingLevel::H5,
        HeadingLevel::H5 | HeadingLevel::H6 => HeadingLevel::H6,
    };
    for e in events.iter_mut() {
        match e {
            Event::Start(Tag::Heading { level, .. }) => *level = down(*level),
            Event::End(TagEnd::Heading(level)) => *level = down(*level),
            _ => {}
        }
    }
}

/// Heading ids keep Japanese (`#3962-ミューテーティング...`), lowercase ASCII, turn spaces into
/// `-`, drop punctuation, and are made unique with `-1`, `-2` in document order. An explicit
/// `{#id}` wins.
fn assign_heading_ids(events: &mut [Event<'static>]) {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut i = 0;
    while i < events.len() {
        if let Event::Start(Tag::Heading { id, .. }) = &events[i] {
            let explicit = id.as_ref().map(|s| s.to_string());
            let mut text = String::new();
            let mut j = i + 1;
            while j < events.len() && !matches!(events[j], Event::End(TagEnd::Heading(_))) {
                if let Event::Text(t) | Event::Code(t) = &events[j] {
                    text.push_str(t);
                }
                j += 1;
            }
            let base = explicit.unwrap_or_else(|| heading_slug(&text));
            let base = if base.is_empty() {
                "section".to_string()
            } else {
                base
            };
            let n = seen.entry(base.clone()).or_insert(0);
            let unique = if *n == 0 {
                base.clone()
            } else {
                format!("{base}-{n}")
            };
            *n += 1;
            seen.entry(unique.clone()).or_insert(1);
            if let Event::Start(Tag::Heading { id, .. }) = &mut events[i] {
                *id = Some(CowStr::from(unique));
            }
            i = j;
        }
        i += 1;
    }
}

pub fn heading_slug(text: &str) -> String {
    let n = crate::text::japanese::nfkc(text).to_lowercase();
    let mut out = String::new();
    let mut dash = false;
    for c in n.chars() {
        if c.is_alphanumeric() || c == '_' {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.push(c);
        } else if c.is_whitespace() || c == '-' || c == '.' || c == '/' || c == ':' {
            dash = true;
        }
        // other punctuation and emoji are dropped
    }
    out
}

fn heading_level(l: HeadingLevel) -> u8 {
    l as u8
}

struct BlockMap {
    blocks: Vec<Block>,
    sections: Vec<Section>,
    spans: Vec<Span>,
    images: Vec<(String, usize)>,
    text_pos: Vec<Option<TextPos>>,
}

static IMG_SRC: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r#"(?i)<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))"#).unwrap()
});

/// Whether `anchor` is a table cell's (`td-N`) or raw-HTML text's (`h-N`, often a raw table's
/// cell): text that may be a name alone, no sentence. The block map gives these anchors.
pub(crate) fn is_cell_anchor(anchor: &str) -> bool {
    anchor.starts_with("td-") || anchor.starts_with("h-")
}

/// The innermost list item among the open blocks.
fn enclosing_item(open: &[usize], blocks: &[Block]) -> Option<usize> {
    open.iter()
        .rev()
        .copied()
        .find(|&o| blocks[o].kind == BlockKind::ListItem)
}

/// `fold_starts`: the event indices of the quotes shown folded, whose first paragraph is their
/// title.
fn map_blocks(
    events: &[Event<'static>],
    fold_starts: &[usize],
    line_at: impl Fn(usize) -> usize,
) -> BlockMap {
    let mut blocks: Vec<Block> = Vec::new();
    let mut sections = vec![Section {
        anchor: String::new(),
        title: String::new(),
        level: 0,
    }];
    let mut text_pos = vec![None; events.len()];
    // Stack of open blocks (indices into `blocks`); inline text goes to the innermost.
    let mut open: Vec<usize> = Vec::new();
    let mut counters = (0usize, 0usize, 0usize, 0usize); // paragraphs, items, cells, raw HTML text
    let mut spans: Vec<Span> = Vec::new();
    let mut images: Vec<(String, usize)> = Vec::new();
    // Open links: (block, start in its text, destination).
    let mut links: Vec<(Option<usize>, usize, String)> = Vec::new();
    let (mut codes_seen, mut links_seen) = (0usize, 0usize);
    let mut in_code_block = false;
    let mut in_image = 0usize;
    // Text struck through (`~~1.29 で GA になった~~`) is what the author took back: it is shown,
    // but it is no prose of the article's (`Block::plain`), so it states nothing.
    let mut in_strike = 0usize;
    let mut quote_depth = 0usize;
    let mut in_html_block = false;
    let mut html_tables = super::raw_html::HtmlTables::default();
    // Tables seen, the current column, whether in the header row.
    let (mut tables, mut column, mut in_head) = (0usize, 0usize, false);
    let mut row = 0usize;
    // The definition list term the definitions that follow describe.
    let mut term: Option<usize> = None;
    for (i, ev) in events.iter().enumerate() {
        let new_block =
            |kind: BlockKind, anchor: String, blocks: &mut Vec<Block>, sections: &Vec<Section>| {
                blocks.push(Block {
                    anchor,
                    kind,
                    text: String::new(),
                    plain: Vec::new(),
                    line: line_at(i),
                    section: sections.len() - 1,
                    in_note: quote_depth > 0,
                    spans: Vec::new(),
                    cell: None,
                    parent_item: None,
                    in_html: in_html_block,
                    fold_title: false,
                });
                blocks.len() - 1
            };
        if in_html_block && let Event::Html(h) = ev {
            html_tables.read(h, &mut tables);
        }
        match ev {
            Event::Start(Tag::Heading { level, id, .. }) => {
                let anchor = id.as_ref().map(|s| s.to_string()).unwrap_or_default();
                sections.push(Section {
                    anchor: anchor.clone(),
                    title: String::new(),
                    level: heading_level(*level),
                });
                let b = new_block(
                    BlockKind::Heading(heading_level(*level)),
                    anchor,
                    &mut blocks,
                    &sections,
                );
                open.push(b);
            }
            Event::Start(Tag::Paragraph) => {
                // Text in raw HTML is counted apart (`h-N`), so the author's Markdown
                // paragraphs keep their `p-N` whether or not raw HTML stands before them.
                let anchor = if in_html_block {
                    counters.3 += 1;
                    format!("h-{}", counters.3)
                } else {
                    counters.0 += 1;
                    format!("p-{}", counters.0)
                };
                let b = new_block(BlockKind::Paragraph, anchor, &mut blocks, &sections);
                if in_html_block {
                    blocks[b].cell = html_tables.cell();
                }
                blocks[b].parent_item = enclosing_item(&open, &blocks);
                // A paragraph right inside a fold's quote is its title (`render::markdown`'s
                // `fold_quotes` makes the same choice).
                blocks[b].fold_title = i
                    .checked_sub(1)
                    .is_some_and(|q| fold_starts.binary_search(&q).is_ok());
                open.push(b);
            }
            // A definition list's term and each definition are entries of a list, as items
            // are (`<dt id="li-N">`, `<dd id="li-N">`); a definition stands under its term as a
            // nested item under its item, since it says what the term is.
            Event::Start(
                tag @ (Tag::Item | Tag::DefinitionListTitle | Tag::DefinitionListDefinition),
            ) => {
                counters.1 += 1;
                let b = new_block(
                    BlockKind::ListItem,
                    format!("li-{}", counters.1),
                    &mut blocks,
                    &sections,
                );
                blocks[b].parent_item = match tag {
                    Tag::DefinitionListDefinition => {
                        term.or_else(|| enclosing_item(&open, &blocks))
                    }
                    _ => enclosing_item(&open, &blocks),
                };
                if matches!(tag, Tag::DefinitionListTitle) {
                    term = Some(b);
                }
                open.push(b);
            }
            Event::End(TagEnd::DefinitionList) => term = None,
            Event::Start(Tag::Table(_)) => {
                tables += 1;
                row = 0;
            }
            Event::Start(Tag::TableHead) => {
                in_head = true;
                column = 0;
            }
            Event::End(TagEnd::TableHead) => in_head = false,
            Event::Start(Tag::TableRow) => {
                column = 0;
                row += 1;
            }
            Event::Start(Tag::TableCell) => {
                counters.2 += 1;
                let b = new_block(
                    BlockKind::TableCell,
                    format!("td-{}", counters.2),
                    &mut blocks,
                    &sections,
                );
                blocks[b].cell = Some(Cell {
                    table: tables.saturating_sub(1),
                    row,
                    column,
                    head: in_head,
                    rows: 1,
                });
                column += 1;
                open.push(b);
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some(b) = open.pop() {
                    let title = blocks[b].text.trim().to_string();
                    if let Some(s) = sections.last_mut() {
                        s.title = title;
                    }
                }
            }
            Event::End(
                TagEnd::Paragraph
                | TagEnd::Item
                | TagEnd::DefinitionListTitle
                | TagEnd::DefinitionListDefinition
                | TagEnd::TableCell,
            ) => {
                open.pop();
            }
            Event::Start(Tag::HtmlBlock) => in_html_block = true,
            Event::End(TagEnd::HtmlBlock) => in_html_block = false,
            Event::Start(Tag::BlockQuote(_)) => quote_depth += 1,
            Event::End(TagEnd::BlockQuote(_)) => quote_depth = quote_depth.saturating_sub(1),
            Event::Start(Tag::Link { dest_url, .. }) => {
                let b = open.last().copied();
                let start = b.map_or(0, |b| blocks[b].text.len());
                links.push((b, start, dest_url.to_string()));
            }
            Event::End(TagEnd::Link) => {
                let end = SpanEnd::Link(links_seen);
                links_seen += 1;
                if let Some((Some(b), start, dest)) = links.pop()
                    && b < blocks.len()
                {
                    let range = start..blocks[b].text.len();
                    push_span(
                        &mut spans,
                        &mut blocks[b],
                        b,
                        SpanKind::Link { dest },
                        range,
                        end,
                    );
                }
            }
            Event::Start(Tag::Image { dest_url, .. }) => {
                in_image += 1;
                images.push((dest_url.to_string(), line_at(i)));
            }
            Event::Html(h) | Event::InlineHtml(h) if h.contains("<img") || h.contains("<IMG") => {
                for c in IMG_SRC.captures_iter(h) {
                    let src = c
                        .get(1)
                        .or(c.get(2))
                        .or(c.get(3))
                        .map_or("", |m| m.as_str());
                    images.push((src.to_string(), line_at(i)));
                }
            }
            Event::End(TagEnd::Image) => in_image = in_image.saturating_sub(1),
            Event::Start(Tag::Strikethrough) => in_strike += 1,
            Event::End(TagEnd::Strikethrough) => in_strike = in_strike.saturating_sub(1),
            Event::Start(Tag::CodeBlock(_)) => in_code_block = true,
            Event::End(TagEnd::CodeBlock) => in_code_block = false,
            Event::Text(t) if !in_code_block => {
                if let Some(&b) = open.last() {
                    let block = &mut blocks[b];
                    let start = block.text.len();
                    block.text.push_str(t);
                    if links.is_empty() && in_image == 0 && in_strike == 0 {
                        block.plain.push(start..block.text.len());
                        text_pos[i] = Some(TextPos { block: b, start });
                    }
                }
            }
            Event::Code(t) => {
                let end = SpanEnd::Code(codes_seen);
                codes_seen += 1;
                if let Some(&b) = open.last() {
                    let start = blocks[b].text.len();
                    blocks[b].text.push_str(t);
                    let range = start..blocks[b].text.len();
                    push_span(&mut spans, &mut blocks[b], b, SpanKind::Code, range, end);
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some(&b) = open.last() {
                    blocks[b].text.push('\n');
                }
            }
            // A `<br>` breaks the line as a hard break does: `` `A`<br>`B` `` in a table cell is
            // two names, not one run of text.
            Event::InlineHtml(h) if is_line_break(h) => {
                if let Some(&b) = open.last() {
                    blocks[b].text.push('\n');
                }
            }
            _ => {}
        }
    }
    BlockMap {
        blocks,
        sections,
        spans,
        images,
        text_pos,
    }
}

/// Whether an inline HTML event is one `<br>` tag (`<br>`, `<br/>`, `<BR />`).
fn is_line_break(html: &str) -> bool {
    let mut tags = super::raw_html::html_tags(html.trim());
    tags.next().is_some_and(|t| t.name == "br" && !t.closing) && tags.next().is_none()
}

fn push_span(
    spans: &mut Vec<Span>,
    block: &mut Block,
    b: usize,
    kind: SpanKind,
    range: Range<usize>,
    end: SpanEnd,
) {
    block.spans.push(spans.len());
    spans.push(Span {
        kind,
        block: b,
        range,
        end,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_written_as_h1_move_one_level_down_under_the_title() {
        let levels = |md: &str| -> Vec<usize> {
            parse(md, 1)
                .sections
                .iter()
                .skip(1)
                .map(|s| s.level as usize)
                .collect()
        };
        assert_eq!(levels("# 概要\n\n## 詳細\n\n# まとめ\n"), [2, 3, 2]);
        assert_eq!(levels("## 概要\n\n### 詳細\n"), [2, 3]);
        assert_eq!(levels("# a\n\n###### f\n"), [2, 6]);
    }

    /// The links of `md` as (block text inside the link, target).
    fn links(md: &str) -> Vec<(String, String)> {
        let d = parse(md, 1);
        d.spans
            .iter()
            .filter_map(|s| match &s.kind {
                SpanKind::Link { dest } => Some((
                    d.blocks[s.block].text[s.range.clone()].to_string(),
                    dest.clone(),
                )),
                SpanKind::Code => None,
            })
            .collect()
    }

    fn html(md: &str) -> String {
        let mut out = String::new();
        pulldown_cmark::html::push_html(&mut out, parse(md, 1).events.into_iter());
        out
    }

    #[test]
    fn raw_html_code_around_text_is_a_code_span() {
        let d = parse(
            "詳細は<code>NodeSwap</code>を参照。<code>a<b>c</b></code>\n",
            1,
        );
        let code: Vec<&str> = d
            .spans
            .iter()
            .filter(|s| s.kind == SpanKind::Code)
            .map(|s| &d.blocks[0].text[s.range.clone()])
            .collect();
        assert_eq!(code, ["NodeSwap"]);
        assert!(
            !d.blocks[0]
                .plain
                .iter()
                .any(|r| d.blocks[0].text[r.clone()].contains("NodeSwap"))
        );
    }

    #[test]
    fn bare_urls_in_prose_are_links_that_end_where_the_sentence_goes_on() {
        let l = |url: &str| (url.to_string(), url.to_string());
        assert_eq!(
            links("原文: https://kubernetes.io/blog/2023/08/15/kubernetes-v1-28-release/"),
            [l(
                "https://kubernetes.io/blog/2023/08/15/kubernetes-v1-28-release/"
            )]
        );
        // Japanese right after the URL, closing punctuation, a parenthesis around it or in it.
        assert_eq!(
            links(
                "詳細はhttps://kep.k8s.io/3157を参照。(https://example.com/a_(b)) https://example.com/x. https://a.example:8080/p?q=1&r=2#f、"
            ),
            [
                l("https://kep.k8s.io/3157"),
                l("https://example.com/a_(b)"),
                l("https://example.com/x"),
                l("https://a.example:8080/p?q=1&r=2#f"),
            ]
        );
        // In a code span, a code block, an author's link or an autolink: left as it is.
        assert_eq!(
            links(
                "`https://code.example/` [https://a.example/](https://b.example/) <https://c.example/>\n\n```\ncurl https://block.example/\n```\n"
            ),
            [
                (
                    "https://a.example/".to_string(),
                    "https://b.example/".to_string()
                ),
                l("https://c.example/"),
            ]
        );
        assert_eq!(links("httpsではない http:/ と ftp://x.example/"), []);
        assert!(html("原文: https://a.example/b です").contains(
            r#"<p>原文: <a href="https://a.example/b">https://a.example/b</a> です</p>"#
        ));
    }

    #[test]
    fn callouts_with_a_title_or_another_kind_are_alert_boxes() {
        let h = html("> [!WARNING] 要注意\n> `NodeSwap` はまだベータです。\n");
        assert!(
            h.starts_with("<blockquote class=\"markdown-alert-warning\">\n<p><strong>要注意</strong></p>\n<p><code>NodeSwap</code> はまだベータです。</p>"),
            "{h}"
        );
        let h = html("> [!tip]- 折りたたみ\n> 本文\n");
        assert!(
            h.contains("markdown-alert-tip") && h.contains("<strong>折りたたみ</strong>"),
            "{h}"
        );
        let h = html("> [!info]\n> 本文\n");
        assert!(
            h.contains("markdown-alert-note") && !h.contains("[!info]"),
            "{h}"
        );
        assert!(h.contains("<p>本文</p>"), "{h}");
        let h = html("> [!danger] only a title\n");
        assert!(
            h.contains("markdown-alert-caution") && h.contains("<strong>only a title</strong>"),
            "{h}"
        );
        // Not a callout: another bracket, or a quote that merely starts with one.
        for md in ["> [!unknown] x\n", "> [link](https://a.example/) x\n"] {
            assert!(!html(md).contains("markdown-alert"), "{md}");
        }
        // The block text (what extraction and search read) has no marker, and the body's
        // paragraph is on its own line.
        let d = parse("> [!WARNING] 要注意\n> 本文\n", 1);
        let body = d
            .blocks
            .iter()
            .find(|b| b.text == "本文")
            .expect("the body");
        assert_eq!(body.line, 2);
        assert!(
            d.blocks.iter().all(|b| !b.text.contains("[!")),
            "{:?}",
            d.blocks
        );
    }

    #[test]
    fn emoji_shortcodes_in_a_url_stay_as_written() {
        let url = "https://example.com/a/:100:/b";
        assert_eq!(
            links(&format!(
                "リリース :tada: 詳細は{url} と <{url}> を参照 :+1:"
            )),
            [
                (url.to_string(), url.to_string()),
                (url.to_string(), url.to_string())
            ]
        );
        assert!(html(&format!(":tada: {url}")).starts_with("<p>🎉 <a "));
    }

    #[test]
    fn a_raw_html_anchor_is_the_authors_link_and_never_holds_another() {
        assert_eq!(
            links(
                r#"詳細は<a href="https://kep.k8s.io/3998" target="_blank">KEP-3998</a>を、<A HREF='https://x.example/?a=1&amp;b=2'>こちら</A>も。"#
            ),
            [
                (
                    "KEP-3998".to_string(),
                    "https://kep.k8s.io/3998".to_string()
                ),
                (
                    "こちら".to_string(),
                    "https://x.example/?a=1&b=2".to_string()
                ),
            ]
        );
        // Its text is not linkified again, an anchor without a target stays HTML, one left open
        // closes with its paragraph, and a target a browser could run is dropped (text kept).
        assert_eq!(
            html(
                r#"<a href="https://a.example/">https://b.example/</a> <a id="x"></a><a href="https://c.example/">開いたまま"#
            ),
            "<p><a href=\"https://a.example/\">https://b.example/</a> <a id=\"x\"></a><a href=\"https://c.example/\">開いたまま</a></p>\n"
        );
        let d = parse(r#"<a href="javascript:alert(1)">危険</a>です"#, 3);
        assert_eq!(d.refused_urls, [("javascript:alert(1)".to_string(), 3)]);
        assert_eq!(d.blocks[0].text, "危険です");
        assert!(d.spans.is_empty());
    }

    #[test]
    fn dollars_are_math_only_where_the_article_says_math() {
        let md = "費用 $2*3*4$ と $\\{a, b\\}$、`$HOME` の KEP-3157\n";
        let math: Vec<_> = parse_article(md, 1, true)
            .events
            .into_iter()
            .filter(|e| matches!(e, Event::InlineMath(_)))
            .collect();
        assert_eq!(
            math,
            [
                Event::InlineMath("2*3*4".into()),
                Event::InlineMath("\\{a, b\\}".into())
            ]
        );
        // The math is neither prose nor code: nothing is looked for in it.
        let d = parse_article(md, 1, true);
        assert_eq!(d.blocks[0].text, "費用  と 、$HOME の KEP-3157");
        // Elsewhere a dollar is a dollar.
        let d = parse("echo $HOME と $PATH、$((i+1))\n", 1);
        assert_eq!(d.blocks[0].text, "echo $HOME と $PATH、$((i+1))");
    }

    #[test]
    fn frames_and_scripts_the_sanitizer_drops_are_noted_at_their_line() {
        let md = "前\n\n<script>\nalert(1)\n</script>\n\n\
                  <iframe src=\"https://www.youtube.com/embed/abc\"></iframe>\n\n\
                  文中 <iframe src=\"javascript:alert(1)\"></iframe>\n\n\
                  <script async src=\"https://platform.twitter.com/widgets.js\"></script>\n\n\
                  ```html\n<script>x()</script>\n```\n\n\
                  <div\nclass=\"x\"><script\nsrc=\"https://example.com/t.js\"></script></div>\n";
        let d = parse(md, 10);
        assert_eq!(
            d.dropped_embeds,
            [
                ("<script>".to_string(), 12),
                ("<iframe src=\"javascript:alert(1)\">".to_string(), 18),
                ("<script\nsrc=\"https://example.com/t.js\">".to_string(), 27),
            ]
        );
    }

    #[test]
    fn heading_ids_keep_japanese_and_are_unique() {
        let d = parse(
            "## Deprecation (非推奨になったAPI)\n\n## #3962 ミューテーティングアドミッションポリシー\n\n## 所感\n\n## 所感\n",
            1,
        );
        let ids: Vec<&str> = d.sections[1..].iter().map(|s| s.anchor.as_str()).collect();
        assert_eq!(
            ids,
            [
                "deprecation-非推奨になったapi",
                "3962-ミューテーティングアドミッションポリシー",
                "所感",
                "所感-1"
            ]
        );
    }

    #[test]
    fn every_paragraph_and_item_gets_an_anchor_and_a_line() {
        let d = parse(
            "前文\n\n- 一つ目 (#128266)\n- 二つ目\n\n> [!NOTE]\n> 📝 補足\n",
            5,
        );
        let got: Vec<(&str, &str, usize, bool)> = d
            .blocks
            .iter()
            .map(|b| (b.anchor.as_str(), b.text.as_str(), b.line, b.in_note))
            .collect();
        assert_eq!(
            got,
            [
                ("p-1", "前文", 5, false),
                ("li-1", "一つ目 (#128266)", 7, false),
                ("li-2", "二つ目", 8, false),
                ("p-2", "📝 補足", 11, true)
            ]
        );
    }

    #[test]
    fn code_and_links_are_not_plain() {
        let d = parse("KEP-1 と `KEP-2` と [KEP-3](https://x) と KEP-4\n", 1);
        let b = &d.blocks[0];
        let plain: Vec<&str> = b.plain.iter().map(|r| &b.text[r.clone()]).collect();
        assert_eq!(plain, ["KEP-1 と ", " と ", " と KEP-4"]);
        assert_eq!(b.text, "KEP-1 と KEP-2 と KEP-3 と KEP-4");
    }

    #[test]
    fn code_spans_and_links_are_spans_with_their_targets() {
        let d = parse(
            "`WatchList` と [KEP-4381](https://kep.k8s.io/4381) と [`A`](/x)\n",
            1,
        );
        let b = &d.blocks[0];
        let got: Vec<(&str, SpanKind, SpanEnd)> = d
            .spans
            .iter()
            .map(|s| (&b.text[s.range.clone()], s.kind.clone(), s.end))
            .collect();
        let link = |d: &str| SpanKind::Link { dest: d.into() };
        assert_eq!(
            got,
            [
                ("WatchList", SpanKind::Code, SpanEnd::Code(0)),
                (
                    "KEP-4381",
                    link("https://kep.k8s.io/4381"),
                    SpanEnd::Link(0)
                ),
                ("A", SpanKind::Code, SpanEnd::Code(1)),
                ("A", link("/x"), SpanEnd::Link(1)),
            ]
        );
        assert_eq!(b.spans, [0, 1, 2, 3]);
    }

    #[test]
    fn text_positions_point_into_blocks() {
        let d = parse("a *b* c\n", 1);
        for (i, pos) in d.text_pos.iter().enumerate() {
            if let (Some(pos), Event::Text(t)) = (pos, &d.events[i]) {
                assert_eq!(
                    &d.blocks[pos.block].text[pos.start..pos.start + t.len()],
                    t.as_ref()
                );
            }
        }
        assert_eq!(d.text_pos.iter().flatten().count(), 3);
    }

    #[test]
    fn code_blocks_are_not_blocks() {
        let d = parse("```yaml\nkind: Pod\n```\n", 1);
        assert!(d.blocks.is_empty());
    }
}
