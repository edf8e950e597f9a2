//! Zenn's and Qiita's container blocks (`:::message`, `:::message alert`, `:::details タイトル`,
//! `:::note info|warn|alert`), Docusaurus' admonitions (`:::tip`, `:::caution[タイトル]`,
//! `:::danger タイトル`) and MyST's (`:::{warning}`) become the Markdown that looks the same, before Markdown parsing,
//! so articles written on those platforms build without `:::` lines leaking into the text:
//! a message or note is a GFM alert box (alert → 警告, warn → 注意, else 補足), an admonition
//! the alert box of its kind with its title on the marker's line (see `blocks::titled_callouts`),
//! a details block a fold (`> [!details] タイトル`, which `blocks` reads as a quote folded under
//! its title; its content stays Markdown, code blocks included).
//!
//! Every line stays where it was (the opening line becomes the box's first line, the closing
//! line an empty one), so diagnostics still point at the right line. A block closes at a line
//! of as many colons as opened it (Zenn nests `::::details` around `:::message`), and keeps the
//! quote markers, indentation or list item it was opened in (`> :::message`, `- :::message`,
//! `   :::message` under `1. 手順`); one never
//! closed ends with the text. A line of colons that opens or closes nothing is escaped, so it
//! shows as written instead of being read as a definition list's `:`. Lines inside fenced code blocks are left alone.
use std::borrow::Cow;

/// One open container: how many colons opened it.
struct Open {
    colons: usize,
}

/// The lead a container line may have before its colons: quote markers, indentation and one
/// list marker (`> :::message`, `   :::message` in a list item, `- :::message`).
static LEAD: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"^(?:[ \t]*>)*[ \t]*(?:(?:[-*+]|[0-9]{1,9}[.)])[ \t]+)?")
        .expect("valid regex")
});

/// What the lines inside a container opened after `lead` start with: its quote markers and
/// indentation, a list marker as spaces (the item's continuation lines are indented so).
fn continuation(lead: &str) -> String {
    lead.chars()
        .map(|c| {
            if c == '>' || c.is_whitespace() {
                c
            } else {
                ' '
            }
        })
        .collect()
}

/// `line` without the container's continuation `cont`: as written, or with less indentation
/// (a lazy continuation line), or without the quote markers.
fn inside<'a>(line: &'a str, cont: &str) -> &'a str {
    if let Some(rest) = line.strip_prefix(cont) {
        return rest;
    }
    if cont.contains('>') {
        LEAD.find(line).map_or(line, |m| {
            // Quote markers and indentation only: a list marker inside is the content's.
            let lead = m.as_str();
            let markers = lead.rfind('>').map_or(0, |i| i + 1);
            &line[markers..]
        })
    } else {
        line.trim_start()
    }
}

/// Rewrites the container blocks of `text`; text without them is returned as is.
pub fn expand(text: &str) -> Cow<'_, str> {
    if !text.contains(":::") {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 64);
    let mut open: Vec<Open> = Vec::new();
    // What the lines inside the outermost open container start with (see `continuation`).
    let mut cont = String::new();
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let in_code = super::code_fence_lines(&lines);
    for (line, code) in lines.into_iter().zip(in_code) {
        let (body, end) = match line.strip_suffix('\n') {
            Some(b) => (b.strip_suffix('\r').unwrap_or(b), &line[b.len()..]),
            None => (line, ""),
        };
        // A line inside a container stands after its continuation; any other line may have a
        // lead of its own before the colons that open one.
        let (prefix, body) = if open.is_empty() {
            if !body.contains(":::") {
                push_line(&mut out, "", body, end);
                continue;
            }
            let lead = LEAD.find(body).map_or("", |m| m.as_str());
            let after = &body[lead.len()..];
            if after.starts_with(":::") && !super::indented_as_code(body) {
                (lead.to_string(), after)
            } else {
                (String::new(), body)
            }
        } else {
            (cont.clone(), inside(body, &cont))
        };
        let quote = format!("{prefix}{}", "> ".repeat(open.len()));
        let trimmed = body.trim_start();
        if code {
            push_line(&mut out, &quote, body, end);
            continue;
        }
        let colons = trimmed.chars().take_while(|&c| c == ':').count();
        if colons >= 3 {
            let rest = trimmed[colons..].trim();
            if rest.is_empty() {
                if let Some(i) = open.iter().rposition(|o| o.colons == colons) {
                    open.truncate(i);
                    // The closing line is an empty one: in the container around, or in the
                    // quote or item the outermost one stood in.
                    let outer = if open.is_empty() {
                        prefix.trim_end()
                    } else {
                        prefix.as_str()
                    };
                    out.push_str(outer);
                    out.push_str(&"> ".repeat(open.len()));
                    out.push_str(end);
                    continue;
                }
            } else if let Some(first) = opening_line(rest) {
                push_line(&mut out, &quote, &first, end);
                if open.is_empty() {
                    cont = continuation(&prefix);
                }
                open.push(Open { colons });
                continue;
            }
            // A fence of a container shiori does not know: shown as written, not read as
            // a definition (`: …` is one in Markdown). Indented as code, it is code already.
            if !super::indented_as_code(body) {
                let indent = &body[..body.len() - trimmed.len()];
                push_line(&mut out, &quote, &format!("{indent}\\{trimmed}"), end);
                continue;
            }
        }
        push_line(&mut out, &quote, body, end);
    }
    Cow::Owned(out)
}

fn push_line(out: &mut String, quote: &str, body: &str, end: &str) {
    out.push_str(quote);
    out.push_str(body);
    out.push_str(end);
}

/// The first line of the box a container opens with `rest` (what follows its colons), or
/// `None` when `rest` names no container (`:::` in prose stays as written).
fn opening_line(rest: &str) -> Option<String> {
    // MyST writes the kind in braces (`:::{warning}`); Docusaurus its title in brackets
    // (`:::tip[既知の問題]`) or after a space (`:::tip 既知の問題`).
    let (name, arg) = match rest.strip_prefix('{') {
        Some(r) => r.split_once('}').unwrap_or((r, "")),
        None => rest
            .split_once(|c: char| c.is_whitespace() || c == '[')
            .map_or((rest, ""), |(n, a)| (n, a)),
    };
    let arg = arg.trim();
    let arg = arg
        .strip_suffix(']')
        .filter(|_| rest.contains('['))
        .unwrap_or(arg)
        .trim();
    let alert = |kind: &str| Some(format!("> [!{kind}]"));
    let titled = |kind: &str| {
        Some(if arg.is_empty() {
            format!("> [!{kind}]")
        } else {
            format!("> [!{kind}] {}", escape_inline(arg))
        })
    };
    match name {
        "message" | "note" => match arg {
            "alert" => alert("CAUTION"),
            "warn" => alert("WARNING"),
            "info" | "" => alert("NOTE"),
            _ if name == "note" => titled("NOTE"),
            _ => alert("NOTE"),
        },
        // Docusaurus' and MyST's admonitions.
        "tip" | "hint" | "success" => titled("TIP"),
        "info" | "seealso" => titled("NOTE"),
        "important" => titled("IMPORTANT"),
        "warning" | "attention" | "caution" => titled("WARNING"),
        "danger" | "error" => titled("CAUTION"),
        // Zenn shows `詳細` on a details block without a title, too.
        "details" => Some(format!(
            "> [!details] {}",
            if arg.is_empty() {
                "詳細".to_string()
            } else {
                escape_inline(arg)
            }
        )),
        _ => None,
    }
}

/// A details title as Markdown text: its own markup characters are shown, not applied.
fn escape_inline(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(
            c,
            '*' | '_' | '`' | '[' | ']' | '<' | '>' | '\\' | '#' | '!'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::expand;

    #[test]
    fn messages_and_notes_are_alert_boxes_line_for_line() {
        let md = "前\n:::message alert\n**注意**: v1.32で削除\n:::\n後\n";
        assert_eq!(
            expand(md),
            "前\n> [!CAUTION]\n> **注意**: v1.32で削除\n\n後\n"
        );
        assert_eq!(expand(":::note warn\nx\n:::\n"), "> [!WARNING]\n> x\n\n");
        assert_eq!(expand(":::message\nx\n:::\n"), "> [!NOTE]\n> x\n\n");
    }

    #[test]
    fn details_keep_their_title_and_markdown_and_nest() {
        let md =
            "::::details 設定 *例*\n```yaml\nfeatureGates:\n:::\n```\n:::message\nx\n:::\n::::\n";
        assert_eq!(
            expand(md),
            "> [!details] 設定 \\*例\\*\n> ```yaml\n> featureGates:\n> :::\n> ```\n> > [!NOTE]\n> > x\n> \n\n"
        );
    }

    #[test]
    fn a_details_block_without_a_title_is_titled_as_zenn_titles_it() {
        assert_eq!(expand(":::details\nx\n:::\n"), "> [!details] 詳細\n> x\n\n");
    }

    #[test]
    fn a_container_in_a_list_item_or_a_quote_stays_there() {
        assert_eq!(
            expand("1. 手順\n   :::message\n   中身\n   :::\n2. 次\n"),
            "1. 手順\n   > [!NOTE]\n   > 中身\n\n2. 次\n"
        );
        assert_eq!(
            expand("- :::message alert\n  中身\n  :::\n"),
            "- > [!CAUTION]\n  > 中身\n\n"
        );
        assert_eq!(
            expand("> :::details 設定\n> 中身\n> :::\n> 後\n"),
            "> > [!details] 設定\n> > 中身\n>\n> 後\n"
        );
        // A lone fence in a quote shows as written there.
        assert_eq!(expand("> :::\n"), "> \\:::\n");
    }

    #[test]
    fn colons_that_open_nothing_stay_as_text() {
        for md in ["a ::: b\n", "比率は 1:::2\n"] {
            assert_eq!(expand(md), md, "{md}");
        }
        // A line of colons alone would be a definition in Markdown: it is escaped to show.
        assert_eq!(expand(":::\n"), "\\:::\n");
        assert_eq!(expand(":::unknown\nx\n:::\n"), "\\:::unknown\nx\n\\:::\n");
        assert_eq!(expand("例:\n\n    :::unknown\n"), "例:\n\n    :::unknown\n");
    }

    #[test]
    fn docusaurus_and_myst_admonitions_are_alert_boxes_with_their_title() {
        assert_eq!(expand(":::tip\nx\n:::\n"), "> [!TIP]\n> x\n\n");
        assert_eq!(
            expand(":::caution[既知の問題]\nx\n:::\n"),
            "> [!WARNING] 既知の問題\n> x\n\n"
        );
        assert_eq!(
            expand(":::danger 危険\nx\n:::\n"),
            "> [!CAUTION] 危険\n> x\n\n"
        );
        assert_eq!(
            expand(":::note[タイトル]\nx\n:::\n"),
            "> [!NOTE] タイトル\n> x\n\n"
        );
        assert_eq!(expand(":::{warning}\nx\n:::\n"), "> [!WARNING]\n> x\n\n");
        assert_eq!(expand(":::info\nx\n:::\n"), "> [!NOTE]\n> x\n\n");
    }
}
