//! Front matter: TOML between `+++` lines (ours) or YAML between `---` lines (Hugo's), read
//! into `FrontMatter`. Unknown keys are warnings, not errors, so Hugo pages build.
use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::diag::{Diagnostic, line_of};
use crate::ids::{Release, SigName, Slug};

/// How a bare `#N` in an article is to be read (see `extract`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RefHint {
    Kep,
    Pr,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    pub url: Option<String>,
    pub author: Option<String>,
    pub name: Option<String>,
    pub original_author: Option<String>,
    #[serde(default, deserialize_with = "optional_date")]
    pub original_date: Option<String>,
}

fn optional_date<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    match Option::<DateValue>::deserialize(d)? {
        None => Ok(None),
        Some(DateValue::Toml(t)) => Ok(t
            .date
            .map(|d| format!("{:04}-{:02}-{:02}", d.year, d.month, d.day))),
        Some(DateValue::Text(s)) => parse_date(&s).map(Some).ok_or_else(|| {
            serde::de::Error::custom(format!("`{s}` is not a date; write `2024-07-26`"))
        }),
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct FrontMatter {
    pub title: String,
    pub slug: Slug,
    /// `YYYY-MM-DD`.
    pub date: Option<String>,
    pub release: Option<Release>,
    pub sigs: Vec<SigName>,
    pub tags: Vec<String>,
    pub draft: bool,
    pub refs: Option<RefHint>,
    pub description: Option<String>,
    pub source: Source,
}

/// The raw shape: everything optional so that missing fields get our own messages.
#[derive(Debug, Deserialize)]
struct Raw {
    title: Option<String>,
    slug: Option<String>,
    date: Option<DateValue>,
    release: Option<Release>,
    #[serde(default)]
    sigs: Vec<SigName>,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default)]
    draft: bool,
    refs: Option<RefHint>,
    description: Option<String>,
    #[serde(default)]
    source: Source,
    author: Option<String>,
    #[serde(flatten)]
    unknown: BTreeMap<String, serde_json::Value>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum DateValue {
    Toml(toml::value::Datetime),
    Text(String),
}

/// An article split into its front matter and its Markdown body.
#[derive(Debug, Clone)]
pub struct Split<'a> {
    pub front: FrontMatter,
    pub body: &'a str,
    /// 1-based line of the first body line in the file.
    pub body_line: usize,
}

/// Splits and parses the front matter of `text` (the file at `path`). Warnings (unknown keys)
/// go to `warnings`; the first error is returned.
pub fn split<'a>(
    path: &Path,
    text: &'a str,
    warnings: &mut Vec<Diagnostic>,
) -> Result<Split<'a>, Diagnostic> {
    let text_nobom = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bom = text.len() - text_nobom.len();
    let (fence, format) = if text_nobom.starts_with("+++") {
        ("+++", Format::Toml)
    } else if text_nobom.starts_with("---") {
        ("---", Format::Yaml)
    } else {
        return Err(Diagnostic::error(path, Some(1), "the file has no front matter")
            .help("start the file with a `+++` line, `title = \"...\"`, `slug = \"...\"`, and a closing `+++` line"));
    };
    let after_open = match text_nobom[3..].find('\n') {
        Some(i) if text_nobom[3..3 + i].trim().is_empty() => 3 + i + 1,
        _ => {
            return Err(Diagnostic::error(
                path,
                Some(1),
                format!("the opening `{fence}` must stand alone on the first line"),
            ));
        }
    };
    // Find the closing fence: a line that is exactly the fence.
    let mut pos = after_open;
    let close = loop {
        if pos >= text_nobom.len() {
            return Err(Diagnostic::error(
                path,
                Some(1),
                format!("the front matter opened with `{fence}` is never closed"),
            )
            .help(format!(
                "add a line with only `{fence}` after the last front-matter key"
            )));
        }
        let end = text_nobom[pos..]
            .find('\n')
            .map(|i| pos + i + 1)
            .unwrap_or(text_nobom.len());
        if text_nobom[pos..end].trim_end() == fence {
            break (pos, end);
        }
        pos = end;
    };
    let raw_text = &text_nobom[after_open..close.0];
    let raw_line = line_of(text_nobom, after_open);
    let raw: Raw = match format {
        Format::Toml => toml::from_str(raw_text).map_err(|e| {
            let line = e.span().map(|s| raw_line + line_of(raw_text, s.start) - 1).unwrap_or(raw_line);
            Diagnostic::error(path, Some(line), format!("front matter is not valid TOML: {}", e.message()))
                .help("TOML strings need quotes (`title = \"...\"`), dates are `2024-12-12`, lists are `[\"a\", \"b\"]`")
        })?,
        Format::Yaml => serde_yaml::from_str(raw_text).map_err(|e| {
            let line = e.location().map(|l| raw_line + l.line() - 1).unwrap_or(raw_line);
            Diagnostic::error(path, Some(line), format!("front matter is not valid YAML: {e}"))
                .help("check the indentation and quoting of this line")
        })?,
    };
    for key in raw.unknown.keys() {
        let line = find_key_line(raw_text, key).map(|l| raw_line + l - 1);
        warnings.push(
            Diagnostic::warning(path, line, format!("unknown front-matter key `{key}` is ignored"))
                .help("known keys: title, slug, date, release, sigs, tags, draft, refs, description, source, author"),
        );
    }
    let Some(title) = raw.title.filter(|t| !t.trim().is_empty()) else {
        return Err(
            Diagnostic::error(path, Some(raw_line), "the article has no `title`")
                .help("add `title = \"Kubernetes 1.32: ...\"` to the front matter"),
        );
    };
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let slug = match raw.slug {
        Some(s) => Slug::parse(&s).map_err(|m| {
            Diagnostic::error(
                path,
                find_key_line(raw_text, "slug").map(|l| raw_line + l - 1),
                m,
            )
        })?,
        // Hugo bundles are `<name>/index.md`: the folder names the page.
        None => {
            let stem = if stem == "index" || stem == "_index" {
                path.parent()
                    .and_then(|p| p.file_name())
                    .and_then(|s| s.to_str())
                    .unwrap_or(stem)
            } else {
                stem
            };
            Slug::from_stem(stem).ok_or_else(|| {
                Diagnostic::error(
                    path,
                    Some(raw_line),
                    "the article has no `slug` and its file name is not ASCII",
                )
                .help("add `slug = \"k8s-1-32-sig-node\"` (ASCII; URLs never romanize Japanese)")
            })?
        }
    };
    let date = match raw.date {
        None => None,
        Some(DateValue::Toml(d)) => d
            .date
            .map(|d| format!("{:04}-{:02}-{:02}", d.year, d.month, d.day)),
        Some(DateValue::Text(s)) => Some(parse_date(&s).ok_or_else(|| {
            Diagnostic::error(
                path,
                find_key_line(raw_text, "date").map(|l| raw_line + l - 1),
                format!("`{s}` is not a date"),
            )
            .help("write dates as `2024-12-12`")
        })?),
    };
    let mut source = raw.source;
    if source.author.is_none() {
        source.author = raw.author;
    }
    Ok(Split {
        front: FrontMatter {
            title: title.trim().to_string(),
            slug,
            date,
            release: raw.release,
            sigs: raw.sigs,
            tags: raw.tags,
            draft: raw.draft,
            refs: raw.refs,
            description: raw.description,
            source,
        },
        body: &text[bom + close.1..],
        body_line: line_of(text_nobom, close.1),
    })
}

enum Format {
    Toml,
    Yaml,
}

fn find_key_line(raw: &str, key: &str) -> Option<usize> {
    raw.lines()
        .position(|l| {
            let t = l.trim_start();
            t.starts_with(key) && t[key.len()..].trim_start().starts_with(['=', ':'])
        })
        .map(|i| i + 1)
}

/// Accepts `2024-12-12`, `2024-12-12T10:00:00Z`, `2024-12-12 10:00`.
fn parse_date(s: &str) -> Option<String> {
    let s = s.trim();
    let d = s.get(..10)?;
    let b = d.as_bytes();
    let ok = b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && d.chars()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    ok.then(|| d.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<(FrontMatter, usize, Vec<Diagnostic>), Diagnostic> {
        let mut w = Vec::new();
        let s = split(Path::new("content/a.md"), text, &mut w)?;
        Ok((s.front, s.body_line, w))
    }

    #[test]
    fn toml_front_matter() {
        let (f, line, w) = parse("+++\ntitle = \"T\"\nslug = \"a-b\"\ndate = 2024-12-12\nrelease = \"1.32\"\nsigs = [\"sig/node\"]\nrefs = \"kep\"\n[source]\nurl = \"https://x\"\n+++\nbody\n").unwrap();
        assert_eq!(f.title, "T");
        assert_eq!(f.date.as_deref(), Some("2024-12-12"));
        assert_eq!(f.release.unwrap().to_string(), "1.32");
        assert_eq!(f.sigs[0].as_str(), "node");
        assert_eq!(f.refs, Some(RefHint::Kep));
        assert_eq!(line, 11);
        assert!(w.is_empty());
    }

    #[test]
    fn hugo_yaml_with_unknown_keys_warns() {
        let (f, _, w) = parse("---\ntitle: 'Kubernetes v1.31'\ndate: 2024-08-13\nslug: kubernetes-1-31-release\nevergreen: true\n---\n本文\n").unwrap();
        assert_eq!(f.slug.as_str(), "kubernetes-1-31-release");
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].line, Some(5));
        assert!(w[0].message.contains("`evergreen`"));
    }

    #[test]
    fn missing_title_is_an_error_with_a_fix() {
        let e = parse("+++\nslug = \"a\"\n+++\n").unwrap_err();
        assert!(e.message.contains("`title`"));
        assert!(e.help.unwrap().contains("title ="));
    }

    #[test]
    fn malformed_toml_points_at_the_line() {
        let e = parse("+++\ntitle = \"T\"\nslug = a-b\n+++\n").unwrap_err();
        assert_eq!(e.line, Some(3), "{e}");
    }

    #[test]
    fn japanese_slug_is_refused() {
        let e = parse("+++\ntitle = \"T\"\nslug = \"変更\"\n+++\n").unwrap_err();
        assert_eq!(e.line, Some(3));
        assert!(e.message.contains("ASCII"));
    }

    #[test]
    fn unclosed_front_matter() {
        let e = parse("+++\ntitle = \"T\"\n").unwrap_err();
        assert!(e.message.contains("never closed"));
    }
}
