//! The parse stage: from an article's source text to its front matter and its block map.
//!
//! Front matter is split off and read first ([`frontmatter`]: TOML `+++` or YAML `---`, the
//! release inferred when not given). Then, in this order, each a rewrite of the Markdown text
//! that keeps every line where it was: Hatena's pre blocks become code first of all, so no later
//! pass reads their lines ([`hatena::pre_as_fences`]), display math between `$$` lines becomes a
//! math fence ([`math`]), Zenn's and Qiita's `:::` containers become Markdown
//! ([`containers`]), other platforms' table-of-contents markers leave ([`markers`]), Hatena's
//! quotes, footnotes and links become Markdown ([`hatena`]), Zenn's `@[card](URL)` embeds links
//! ([`embeds`]), lines led by `・` become list items ([`bullets`]), a Marp deck's image keywords
//! leave its alt texts ([`marp`]), Hugo shortcodes in the body degrade to their text
//! ([`shortcodes`]). Then the Markdown body is parsed into the block map every later stage
//! shares ([`blocks`]; the text of raw HTML blocks becomes paragraphs of it, [`raw_html`]; emoji
//! shortcodes in its prose become emoji, [`emoji`]).
//! `pipeline::parse_articles` runs these per article, in parallel; problems are diagnostics
//! with file and line.
pub mod blocks;
pub(crate) mod bullets;
pub mod containers;
pub(crate) mod embeds;
mod emoji;
pub mod frontmatter;
pub mod hatena;
pub mod markers;
pub(crate) mod marp;
pub(crate) mod math;
pub(crate) mod raw_html;
pub mod shortcodes;

/// Which of `lines` hold code: a code fence's opening or closing line or a line inside it. As
/// in CommonMark, a run of three or more backticks or tildes at a line's start opens a fence,
/// and only a run of the same character at least as long, with nothing after it, closes it.
/// The passes that rewrite the text before Markdown parsing leave these lines alone.
pub(crate) fn code_fence_lines(lines: &[&str]) -> Vec<bool> {
    let run = |line: &str, c: char| line.chars().take_while(|&x| x == c).count();
    let mut open: Option<(char, usize)> = None;
    lines
        .iter()
        .map(|line| {
            let t = line.trim_start();
            match open {
                Some((c, n)) => {
                    let r = run(t, c);
                    if r >= n && t[r * c.len_utf8()..].trim().is_empty() {
                        open = None;
                    }
                }
                None => {
                    open = t
                        .chars()
                        .next()
                        .filter(|c| matches!(c, '`' | '~'))
                        .map(|c| (c, run(t, c)))
                        .filter(|&(_, n)| n >= 3);
                    return open.is_some();
                }
            }
            true
        })
        .collect()
}

/// `text` with each line outside code (fenced, or indented four columns as Markdown may read
/// as code) replaced by what `rewrite` gives for it (the line without its line break), if
/// anything; the line break stays, so every line stays where it was. Text where nothing was
/// rewritten is returned as is.
pub(crate) fn rewrite_prose_lines<'a>(
    text: &'a str,
    rewrite: impl Fn(&str) -> Option<String>,
) -> std::borrow::Cow<'a, str> {
    rewrite_prose_lines_but(text, |_, _| Vec::new(), rewrite)
}

/// [`rewrite_prose_lines`], leaving alone also the lines `kept` marks (it is given the text's
/// lines and which of them hold code; a shorter answer keeps none past its end).
pub(crate) fn rewrite_prose_lines_but<'a>(
    text: &'a str,
    kept: impl Fn(&[&str], &[bool]) -> Vec<bool>,
    rewrite: impl Fn(&str) -> Option<String>,
) -> std::borrow::Cow<'a, str> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let in_code = code_fence_lines(&lines);
    let kept = kept(&lines, &in_code);
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    for (i, (line, code)) in lines.into_iter().zip(in_code).enumerate() {
        let body = line.trim_end_matches(['\n', '\r']);
        match (!code && !kept.get(i).copied().unwrap_or(false) && !indented_as_code(body))
            .then(|| rewrite(body))
            .flatten()
        {
            Some(new) => {
                out.push_str(&new);
                out.push_str(&line[body.len()..]);
                changed = true;
            }
            None => out.push_str(line),
        }
    }
    if changed {
        std::borrow::Cow::Owned(out)
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// A code fence for `code`'s lines: backticks, one more than the longest run of them in the
/// code (three at least), so no line of it closes the fence.
fn fence_for(code: &[&str]) -> String {
    let ticks = code
        .iter()
        .flat_map(|l| l.split(|c| c != '`'))
        .map(str::len)
        .max()
        .unwrap_or(0);
    "`".repeat(ticks.max(2) + 1)
}

/// Appends `block` (its opening line, its code, its closing line) to `out` as a fenced code
/// block in `lang`, each fence at `indent` and in the place of the line it stands for, the code's
/// lines exactly as written.
pub(crate) fn push_fenced(out: &mut String, indent: &str, lang: &str, block: &[&str]) {
    let (open, rest) = block.split_first().expect("an opening line");
    let (close, code) = rest.split_last().expect("a closing line");
    let fence = fence_for(code);
    out.push_str(indent);
    out.push_str(&fence);
    out.push_str(lang);
    out.push_str(line_break(open));
    code.iter().for_each(|l| out.push_str(l));
    out.push_str(indent);
    out.push_str(&fence);
    out.push_str(line_break(close));
}

/// `line`'s line break (`\n`, `\r\n`, or nothing at the text's end).
pub(crate) fn line_break(line: &str) -> &str {
    &line[line.trim_end_matches(['\n', '\r']).len()..]
}

/// The paragraphs of `lines`: each run of lines between blank ones, as a range of line indices.
pub(crate) fn paragraph_runs(lines: &[&str]) -> impl Iterator<Item = std::ops::Range<usize>> {
    let mut start = 0;
    std::iter::from_fn(move || {
        while start < lines.len() && lines[start].trim().is_empty() {
            start += 1;
        }
        if start >= lines.len() {
            return None;
        }
        let end = (start..lines.len())
            .find(|&i| lines[i].trim().is_empty())
            .unwrap_or(lines.len());
        let run = start..end;
        start = end;
        Some(run)
    })
}

/// Whether `line` starts with four columns of blanks, what Markdown may read as indented code.
pub(crate) fn indented_as_code(line: &str) -> bool {
    let mut columns = 0;
    for c in line.chars() {
        match c {
            ' ' => columns += 1,
            '\t' => columns += 4 - columns % 4,
            _ => break,
        }
        if columns >= 4 {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::code_fence_lines;

    #[test]
    fn a_fence_closes_only_with_its_own_character_at_least_as_long() {
        let lines = [
            "前\n", "````md\n", "```\n", "~~~\n", "````\n", "後\n", "  ~~~\n", "x\n", "~~~ x\n",
            "~~~\n",
        ];
        assert_eq!(
            code_fence_lines(&lines),
            [false, true, true, true, true, false, true, true, true, true]
        );
    }
}
