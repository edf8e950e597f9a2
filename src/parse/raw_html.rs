//! Reading an author's raw HTML: its tags ([`html_tags`], shared with the sanitizer in
//! `render::markdown`), and the text of block-level raw HTML as paragraphs of the block map
//! ([`html_text_as_paragraphs`]).
//!
//! CommonMark passes an HTML block (`<table>…</table>`, `<div class="note">…</div>`,
//! `<details>…`) through as one raw string, so the references, terms and words written in it
//! would reach no KEP page, no glossary and no search. Here the text between its block-level
//! tags becomes a paragraph (`Start(Paragraph)`, the text, the inline tags it holds as inline
//! HTML, `End(Paragraph)`), and the tags stay raw HTML around it. Every later pass then reads it
//! as it reads a Markdown paragraph: the inline passes of `blocks` make `<code>` a code span
//! and `<a href>` a link, extraction finds its mentions, the renderer gives it an anchor
//! (a `<span id>`, so the author's layout is unchanged; see `Block::in_html`). The text of
//! elements whose content is not prose (`<pre>`, `<script>`, `<style>`, `<svg>`, ...) stays raw.
use std::ops::Range;

use pulldown_cmark::{CowStr, Event, Tag, TagEnd};

/// One tag of raw HTML as the cheap scans read it (no attribute parsing).
pub(crate) struct HtmlTag {
    /// The element's name, lowercased; empty for `<!-- … -->`, `<!doctype>`, a stray `<`.
    pub name: String,
    pub closing: bool,
    /// A void element or one closed in its own tag (`<br>`, `<img … />`).
    pub void: bool,
    /// Byte range of the whole tag in the scanned text.
    pub range: Range<usize>,
}

/// HTML's void elements: they never have content or a closing tag.
pub(crate) const VOID: [&str; 14] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

/// The tags of `html` in order: each `<` up to the next `>` (or the end); a comment up to its
/// `-->`.
pub(crate) fn html_tags(html: &str) -> impl Iterator<Item = HtmlTag> + '_ {
    let mut from = 0;
    std::iter::from_fn(move || {
        let mut at = from + html[from..].find('<')?;
        // A `<` that opens no tag (`a < b`) is text.
        while !html[at + 1..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, '/' | '!' | '?'))
        {
            at = at + 1 + html[at + 1..].find('<')?;
        }
        let end = if html[at..].starts_with("<!--") {
            html[at..].find("-->").map_or(html.len(), |e| at + e + 3)
        } else {
            html[at..].find('>').map_or(html.len(), |e| at + e + 1)
        };
        let inner = html[at + 1..end].trim_end_matches('>');
        from = end;
        let (closing, body) = match inner.strip_prefix('/') {
            Some(body) => (true, body),
            None => (false, inner),
        };
        let name = tag_name(body);
        let void = !closing && (body.ends_with('/') || VOID.contains(&name.as_str()));
        Some(HtmlTag {
            name,
            closing,
            void,
            range: at..end,
        })
    })
}

/// The lowercased element name a tag's text starts with (`div class="x"` → `div`).
pub(crate) fn tag_name(body: &str) -> String {
    body.chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase()
}

/// Elements that sit inside a line of prose: their tags stay inside the paragraph.
const INLINE: [&str; 33] = [
    "a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "data", "del", "dfn", "em", "font", "i",
    "img", "ins", "kbd", "mark", "q", "rp", "rt", "ruby", "s", "samp", "small", "span", "strong",
    "sub", "sup", "time", "u", "var", "wbr",
];

/// Elements whose content is not prose: left raw up to their closing tag.
const OPAQUE: [&str; 12] = [
    "pre", "script", "style", "textarea", "svg", "math", "template", "iframe", "object",
    "noscript", "select", "title",
];

/// A piece of a run of prose in an HTML block.
enum Piece<'h> {
    Text(&'h str),
    Inline(&'h str),
}

impl<'h> Piece<'h> {
    fn text(&self) -> &'h str {
        let (Piece::Text(t) | Piece::Inline(t)) = self;
        t
    }
}

/// Each HTML block's text as paragraphs (see the module doc); the other events pass as they
/// are. The offsets of the new events are those of the raw line they come from.
pub(crate) fn html_text_as_paragraphs<'a>(
    events: impl Iterator<Item = (Event<'a>, Range<usize>)>,
) -> impl Iterator<Item = (Event<'a>, Range<usize>)> {
    let mut events = events.peekable();
    let mut pending: std::collections::VecDeque<(Event<'a>, Range<usize>)> = Default::default();
    std::iter::from_fn(move || {
        if let Some(e) = pending.pop_front() {
            return Some(e);
        }
        let (event, range) = events.next()?;
        if !matches!(event, Event::Start(Tag::HtmlBlock)) {
            return Some((event, range));
        }
        // The block's raw lines, joined, with where each line starts in the joined text and
        // in the source.
        let mut html = String::new();
        let mut starts: Vec<(usize, usize)> = Vec::new();
        while let Some((Event::Html(h), r)) = events.next_if(|(e, _)| matches!(e, Event::Html(_))) {
            starts.push((html.len(), r.start));
            html.push_str(&h);
        }
        let source_at = |at: usize| {
            let k = starts.partition_point(|(s, _)| *s <= at).saturating_sub(1);
            starts.get(k).map_or(range.start, |(s, src)| src + (at - s))
        };
        for (e, at) in lower(&html) {
            let o = source_at(at);
            pending.push_back((e, o..o));
        }
        Some((event, range))
    })
}

/// The events of one HTML block's joined text, each with its byte offset in `html`.
fn lower(html: &str) -> Vec<(Event<'static>, usize)> {
    let mut out = Vec::new();
    let mut run: Vec<(Piece, usize)> = Vec::new();
    let mut from = 0;
    let mut opaque: Option<(String, usize)> = None;
    for tag in html_tags(html) {
        if let Some((name, depth)) = &mut opaque {
            if tag.name == *name && !tag.void {
                if tag.closing {
                    *depth -= 1;
                } else {
                    *depth += 1;
                }
            }
            if *depth == 0 {
                out.push((raw(&html[from..tag.range.end]), from));
                from = tag.range.end;
                opaque = None;
            }
            continue;
        }
        if from < tag.range.start {
            run.push((Piece::Text(&html[from..tag.range.start]), from));
        }
        let text = &html[tag.range.clone()];
        let name = tag.name.as_str();
        if INLINE.contains(&name) {
            run.push((Piece::Inline(text), tag.range.start));
        } else {
            flush(html, &mut run, &mut out);
            if OPAQUE.contains(&name) && !tag.closing && !tag.void {
                opaque = Some((tag.name.clone(), 1));
                from = tag.range.start;
                continue;
            }
            out.push((raw(text), tag.range.start));
        }
        from = tag.range.end;
    }
    if opaque.is_none() && from < html.len() {
        run.push((Piece::Text(&html[from..]), from));
    } else if from < html.len() {
        out.push((raw(&html[from..]), from));
    }
    flush(html, &mut run, &mut out);
    out
}

fn raw(s: &str) -> Event<'static> {
    Event::Html(CowStr::from(s.to_string()))
}

/// Emits a run of text and inline tags (contiguous in `html`): as a paragraph when it holds
/// text, the whitespace around that text raw; all raw when it is only whitespace and tags.
fn flush(html: &str, run: &mut Vec<(Piece, usize)>, out: &mut Vec<(Event<'static>, usize)>) {
    let pieces = std::mem::take(run);
    let (Some(&(_, start)), Some((last, at))) = (pieces.first(), pieces.last()) else {
        return;
    };
    let end = at + last.text().len();
    let whole = &html[start..end];
    let has_text = pieces
        .iter()
        .any(|(p, _)| matches!(p, Piece::Text(t) if !t.trim().is_empty()));
    if !has_text {
        out.push((raw(whole), start));
        return;
    }
    // Whitespace is never inside a tag, so trimming cuts only text pieces.
    let s = start + (whole.len() - whole.trim_start().len());
    let e = start + whole.trim_end().len();
    if start < s {
        out.push((raw(&html[start..s]), start));
    }
    out.push((Event::Start(Tag::Paragraph), s));
    for (p, at) in &pieces {
        let (a, b) = ((*at).max(s), (at + p.text().len()).min(e));
        if a < b {
            out.push(match p {
                Piece::Text(_) => (
                    Event::Text(CowStr::from(crate::text::unescape_html(&html[a..b]))),
                    a,
                ),
                Piece::Inline(_) => (Event::InlineHtml(CowStr::from(html[a..b].to_string())), a),
            });
        }
    }
    out.push((Event::End(TagEnd::Paragraph), e));
    if e < end {
        out.push((raw(&html[e..end]), e));
    }
}

/// Where the paragraphs of raw HTML tables stand, read from the tags of the HTML blocks around
/// them (`<table>`, `<thead>`, `<tr>`, `<th>`, `<td>`), so a `<td>`'s text is a table cell to
/// the rules that read tables (a gate column, a stage column) as a Markdown table's cell is.
/// The first row is the header row, as in Markdown; `colspan` is not read.
#[derive(Default)]
pub(crate) struct HtmlTables {
    /// The open tables, innermost last.
    open: Vec<HtmlTable>,
}

struct HtmlTable {
    index: usize,
    /// The current row (the first is 0) and the next cell's column; `None` before the first row.
    row: Option<usize>,
    column: usize,
    in_head: bool,
    /// The cell open now.
    cell: Option<super::blocks::Cell>,
    /// For each column, how many rows, the current one counted, a cell placed in it covers
    /// (`rowspan`): a later row skips the columns still covered.
    covered: Vec<usize>,
}

impl HtmlTable {
    /// Places a cell of `colspan` columns and `rowspan` rows in the current row: at the first
    /// column no cell above covers. Returns its first column.
    fn place(&mut self, colspan: usize, rowspan: usize) -> usize {
        while self.covered.get(self.column).is_some_and(|&n| n > 0) {
            self.column += 1;
        }
        let first = self.column;
        self.column += colspan;
        if self.covered.len() < self.column {
            self.covered.resize(self.column, 0);
        }
        for c in &mut self.covered[first..self.column] {
            *c = rowspan;
        }
        first
    }

    /// Starts a row: the cells above cover one row fewer.
    fn next_row(&mut self) {
        self.row = Some(self.row.map_or(0, |r| r + 1));
        self.column = 0;
        for c in &mut self.covered {
            *c = c.saturating_sub(1);
        }
    }
}

/// The value of a cell's `colspan` or `rowspan` attribute in its tag's text: 1 when absent or
/// not a number, and at most 1000, as browsers cap it.
fn span_attribute(tag: &str, name: &str) -> usize {
    let lower = tag.to_ascii_lowercase();
    let Some(at) = lower
        .match_indices(name)
        .find(|&(i, _)| lower[..i].ends_with(|c: char| c.is_ascii_whitespace()))
        .map(|(i, _)| i + name.len())
    else {
        return 1;
    };
    let value = lower[at..].trim_start();
    let Some(value) = value.strip_prefix('=') else {
        return 1;
    };
    let digits: String = value
        .trim_start()
        .trim_start_matches(['"', '\''])
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().map_or(1, |n: usize| n.clamp(1, 1000))
}

impl HtmlTables {
    /// Reads the tags of one raw HTML event; `tables` counts the document's tables, Markdown's
    /// and raw HTML's alike.
    pub(crate) fn read(&mut self, html: &str, tables: &mut usize) {
        for tag in html_tags(html) {
            match (tag.name.as_str(), tag.closing) {
                ("table", false) => {
                    *tables += 1;
                    self.open.push(HtmlTable {
                        index: *tables - 1,
                        row: None,
                        column: 0,
                        in_head: false,
                        cell: None,
                        covered: Vec::new(),
                    });
                }
                ("table", true) => {
                    self.open.pop();
                }
                (name, closing) => {
                    let Some(t) = self.open.last_mut() else {
                        continue;
                    };
                    match (name, closing) {
                        ("thead", open) => t.in_head = !open,
                        ("tr", false) => t.next_row(),
                        ("td" | "th", false) => {
                            let text = &html[tag.range.clone()];
                            let rows = span_attribute(text, "rowspan");
                            let column = t.place(span_attribute(text, "colspan"), rows);
                            t.cell = Some(super::blocks::Cell {
                                table: t.index,
                                row: t.row.unwrap_or(0),
                                column,
                                head: t.in_head || name == "th",
                                rows,
                            });
                        }
                        ("td" | "th" | "tr", true) => t.cell = None,
                        _ => {}
                    }
                }
            }
        }
    }

    /// The cell text read now stands in.
    pub(crate) fn cell(&self) -> Option<super::blocks::Cell> {
        self.open.last().and_then(|t| t.cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lowered events of `html`, written compactly: `[P` and `P]` for the paragraph,
    /// `raw:`/`inline:`/`text:` for the rest.
    fn lowered(html: &str) -> Vec<String> {
        lower(html)
            .into_iter()
            .map(|(e, _)| match e {
                Event::Start(Tag::Paragraph) => "[P".to_string(),
                Event::End(TagEnd::Paragraph) => "P]".to_string(),
                Event::Html(h) => format!("raw:{h}"),
                Event::InlineHtml(h) => format!("inline:{h}"),
                Event::Text(t) => format!("text:{t}"),
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn text_between_block_tags_is_a_paragraph_with_its_inline_tags() {
        assert_eq!(
            lowered("<div class=\"note\">KEP-753 で<code>SidecarContainers</code>がGAに</div>\n"),
            [
                "raw:<div class=\"note\">",
                "[P",
                "text:KEP-753 で",
                "inline:<code>",
                "text:SidecarContainers",
                "inline:</code>",
                "text:がGAに",
                "P]",
                "raw:</div>",
                "raw:\n",
            ]
        );
    }

    #[test]
    fn each_table_cell_is_its_own_paragraph_and_whitespace_between_tags_stays_raw() {
        assert_eq!(
            lowered("<table>\n<tr><td> KEP-1287 </td><td>ベータ &amp; GA</td></tr>\n</table>"),
            [
                "raw:<table>",
                "raw:\n",
                "raw:<tr>",
                "raw:<td>",
                "raw: ",
                "[P",
                "text:KEP-1287",
                "P]",
                "raw: ",
                "raw:</td>",
                "raw:<td>",
                "[P",
                "text:ベータ & GA",
                "P]",
                "raw:</td>",
                "raw:</tr>",
                "raw:\n",
                "raw:</table>",
            ]
        );
    }

    #[test]
    fn code_scripts_comments_and_tag_only_runs_stay_raw() {
        assert_eq!(
            lowered(
                "<pre><code>KEP-1 <b>x</b></code></pre><!-- a > b --><p><img src=\"a.png\"></p>"
            ),
            [
                "raw:<pre><code>KEP-1 <b>x</b></code></pre>",
                "raw:<!-- a > b -->",
                "raw:<p>",
                "raw:<img src=\"a.png\">",
                "raw:</p>",
            ]
        );
        // Whitespace after the run's last inline tag stays, raw.
        assert_eq!(
            lowered("<div><b>x</b>\n</div>"),
            [
                "raw:<div>",
                "[P",
                "inline:<b>",
                "text:x",
                "inline:</b>",
                "P]",
                "raw:\n",
                "raw:</div>"
            ]
        );
        // A `<` that opens no tag is text.
        assert_eq!(
            lowered("<p>a < b</p>"),
            ["raw:<p>", "[P", "text:a < b", "P]", "raw:</p>"]
        );
    }

    #[test]
    fn raw_table_cells_know_their_table_row_column_and_header() {
        let mut t = HtmlTables::default();
        let mut tables = 1; // a Markdown table came first
        t.read("<table><tr><th>", &mut tables);
        let head = t.cell().unwrap();
        assert_eq!(
            (head.table, head.row, head.column, head.head),
            (1, 0, 0, true)
        );
        t.read("</th><th>", &mut tables);
        assert_eq!(t.cell().unwrap().column, 1);
        t.read("</th></tr><tr><td>", &mut tables);
        let cell = t.cell().unwrap();
        assert_eq!((cell.row, cell.column, cell.head), (1, 0, false));
        t.read("</td></tr></table>", &mut tables);
        assert!(t.cell().is_none());
        assert_eq!(tables, 2);
    }

    #[test]
    fn cells_are_placed_past_the_rows_and_columns_other_cells_span() {
        let mut t = HtmlTables::default();
        let mut tables = 0;
        let mut columns = Vec::new();
        // Row 0: A spans two rows, B two columns. Row 1: A's column is taken, so C is column 1.
        for piece in [
            "<table><tr><td rowspan=\"2\">",
            "</td><td COLSPAN='2'>",
            "</td><td>",
            "</td></tr><tr><td>",
            "</td><td>",
            "</td></tr><tr><td colspan=x>",
            "</td><td>",
        ] {
            t.read(piece, &mut tables);
            let c = t.cell().unwrap();
            columns.push((c.row, c.column));
        }
        assert_eq!(
            columns,
            [(0, 0), (0, 1), (0, 3), (1, 1), (1, 2), (2, 0), (2, 1)]
        );
        assert_eq!(span_attribute("<td data-rowspan=\"3\">", "rowspan"), 1);
        assert_eq!(span_attribute("<td rowspan = 3>", "rowspan"), 3);
    }
}
