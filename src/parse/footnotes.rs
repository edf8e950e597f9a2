//! Hatena Blog's inline footnotes, `本文((脚注の文))`, become Markdown footnotes before Markdown
//! parsing: the note is replaced by a reference `[^hatena-1]` and its text defined at the end of
//! the body, so an article written on Hatena shows numbered notes instead of double brackets.
//!
//! A note counts on one line, outside fenced code and code spans, with text between the
//! brackets; `(((` is not one (Hatena's own escape for a literal `((`). Every line stays where it
//! was; the definitions follow the last line.
use std::borrow::Cow;

/// The label of the `n`th note (from 1): a prefix of its own, so it never meets a label the
/// author wrote (`[^1]`).
fn label(n: usize) -> String {
    format!("hatena-{n}")
}

/// `text` with its Hatena footnotes as Markdown footnotes; text without them is returned as is.
pub fn expand(text: &str) -> Cow<'_, str> {
    if !text.contains("((") {
        return Cow::Borrowed(text);
    }
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let in_code = super::code_fence_lines(&lines);
    // Definitions after a fence left open would be code.
    if in_code.last() == Some(&true) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 64);
    let mut notes: Vec<&str> = Vec::new();
    for (line, code) in lines.into_iter().zip(in_code) {
        if code {
            out.push_str(line);
        } else {
            replace_notes(line, &mut notes, &mut out);
        }
    }
    if notes.is_empty() {
        return Cow::Borrowed(text);
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    for (i, note) in notes.iter().enumerate() {
        out.push_str(&format!("\n[^{}]: {}\n", label(i + 1), note.trim()));
    }
    Cow::Owned(out)
}

/// Appends `line` to `out` with each note outside code spans replaced by its reference, the
/// note's text pushed to `notes`.
fn replace_notes<'t>(line: &'t str, notes: &mut Vec<&'t str>, out: &mut String) {
    let mut rest = line;
    while let Some(at) = next_note(rest) {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        match note_end(from) {
            Some(end) if !from[2..end].trim().is_empty() => {
                notes.push(&from[2..end]);
                out.push_str(&format!("[^{}]", label(notes.len())));
                rest = &from[end + 2..];
            }
            _ => {
                out.push_str(&from[..2]);
                rest = &from[2..];
            }
        }
    }
    out.push_str(rest);
}

/// Where the text of the note opening `from` (at its `((`) ends: before the `))` that balances
/// it, so a link inside it keeps its own brackets (`((詳細は[KEP](https://kep.k8s.io/753)))`).
fn note_end(from: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, b) in from.bytes().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return (from.as_bytes()[i - 1] == b')').then(|| i - 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// Where the next `((` outside a code span starts in `line`, if one does; `(((` is skipped.
fn next_note(line: &str) -> Option<usize> {
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
            b'(' if bytes.get(i + 1) == Some(&b'(') => {
                if bytes.get(i + 2) == Some(&b'(') {
                    i += bytes[i..].iter().take_while(|&&b| b == b'(').count();
                } else {
                    return Some(i);
                }
            }
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn code_escapes_and_empty_brackets_stay_as_written() {
        let text = "`f((x))` と (((そのまま))) と (()) \n```\ng((y))\n```\n";
        assert!(matches!(expand(text), Cow::Borrowed(_)), "{}", expand(text));
    }

    #[test]
    fn a_fence_left_open_gets_no_definitions_inside_it() {
        let text = "注((a))\n```\ncode\n";
        assert_eq!(expand(text), text);
    }
}
