//! Pages through tera templates. The built-in templates (`templates/*.html` in this
//! repository) are compiled into the binary; a site's own `templates/` folder overrides them
//! file by file, so a site changes only what it wants.
//!
//! Template problems become diagnostics naming the template file and line, e.g. an unknown
//! variable: tera says which variable, we find the line that uses it.
use std::path::PathBuf;

use tera::{Context, Tera};

use crate::load::SourceFile;
use crate::model::diag::Diagnostic;

/// The templates shipped with shiori: (name, source).
pub(crate) const BUILTIN: &[(&str, &str)] = &[
    ("base.html", include_str!("../../templates/base.html")),
    ("macros.html", include_str!("../../templates/macros.html")),
    ("home.html", include_str!("../../templates/home.html")),
    ("article.html", include_str!("../../templates/article.html")),
    ("release.html", include_str!("../../templates/release.html")),
    (
        "releases.html",
        include_str!("../../templates/releases.html"),
    ),
    ("404.html", include_str!("../../templates/404.html")),
    ("kep.html", include_str!("../../templates/kep.html")),
    (
        "feature_gate.html",
        include_str!("../../templates/feature_gate.html"),
    ),
    ("sig.html", include_str!("../../templates/sig.html")),
    ("keps.html", include_str!("../../templates/keps.html")),
    (
        "feature_gates.html",
        include_str!("../../templates/feature_gates.html"),
    ),
    ("sigs.html", include_str!("../../templates/sigs.html")),
    (
        "glossary.html",
        include_str!("../../templates/glossary.html"),
    ),
    ("term.html", include_str!("../../templates/term.html")),
    ("search.html", include_str!("../../templates/search.html")),
    (
        "release_nav.html",
        include_str!("../../templates/release_nav.html"),
    ),
    (
        "release_since.html",
        include_str!("../../templates/release_since.html"),
    ),
    ("deck.html", include_str!("../../templates/deck.html")),
    (
        "release_slides.html",
        include_str!("../../templates/release_slides.html"),
    ),
    (
        "article_slides.html",
        include_str!("../../templates/article_slides.html"),
    ),
    ("sheet.html", include_str!("../../templates/sheet.html")),
    ("handout.html", include_str!("../../templates/handout.html")),
    (
        "glossary_sheet.html",
        include_str!("../../templates/glossary_sheet.html"),
    ),
];

pub struct Templates {
    tera: Tera,
    /// (name, where it came from, source) for locating errors.
    sources: Vec<(String, PathBuf, String)>,
    /// A fingerprint of every template's name and source: a page's inputs include it.
    fingerprint: u64,
}

impl Templates {
    /// Built-in templates, overridden by `overrides` (files under the site's `templates/`).
    pub fn new(overrides: &[SourceFile]) -> Result<Templates, Vec<Diagnostic>> {
        let mut sources: Vec<(String, PathBuf, String)> = BUILTIN
            .iter()
            .map(|(n, s)| {
                (
                    n.to_string(),
                    PathBuf::from(format!("templates/{n}")),
                    s.to_string(),
                )
            })
            .collect();
        for f in overrides {
            let name = f
                .path
                .strip_prefix("templates")
                .unwrap_or(&f.path)
                .to_string_lossy()
                .replace('\\', "/");
            match sources.iter_mut().find(|(n, _, _)| *n == name) {
                Some(slot) => *slot = (name, f.path.clone(), f.text.clone()),
                None => sources.push((name, f.path.clone(), f.text.clone())),
            }
        }
        let mut tera = Tera::default();
        tera.autoescape_on(vec![".html", ".xml"]);
        // tera's default also escapes `/`, which makes every URL in a page unreadable.
        tera.set_escape_fn(crate::text::escape_html);
        tera.register_filter("stage_badge", stage_badge);
        tera.register_filter("camel_breaks", camel_breaks);
        let mut errors = Vec::new();
        if let Err(e) =
            tera.add_raw_templates(sources.iter().map(|(n, _, s)| (n.clone(), s.clone())))
        {
            let msg = chain(&e);
            // tera: "Failed to parse 'article.html': --> 3:5 ..." or an inheritance problem.
            let name = between(&msg, "'", "'").unwrap_or("");
            let path = sources
                .iter()
                .find(|(n, _, _)| n == name)
                .map(|(_, p, _)| p.clone())
                .unwrap_or_else(|| PathBuf::from("templates"));
            errors.push(
                Diagnostic::error(
                    path,
                    line_in_message(&msg),
                    format!("template does not parse: {msg}"),
                )
                .help("fix the tera syntax at this line"),
            );
        }
        if errors.is_empty() {
            let fingerprint = crate::text::fingerprint(&sources);
            Ok(Templates {
                tera,
                sources,
                fingerprint,
            })
        } else {
            Err(errors)
        }
    }

    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// The page `name` makes of `ctx`, as the bytes of its file: a page is written, not read
    /// again, and the text tera assembles from strings needs no second check that it is UTF-8.
    pub fn render(&self, name: &str, ctx: &Context) -> Result<Vec<u8>, Diagnostic> {
        let mut out = Vec::with_capacity(16 * 1024);
        self.tera
            .render_to(name, ctx, &mut out)
            .map_err(|e| self.diagnose(name, &e))?;
        Ok(out)
    }

    pub fn has(&self, name: &str) -> bool {
        self.sources.iter().any(|(n, _, _)| n == name)
    }

    fn diagnose(&self, name: &str, e: &tera::Error) -> Diagnostic {
        let msg = chain(e);
        // tera: "Variable `article.titel` not found in context while rendering 'article.html'"
        if let Some(var) = between(&msg, "Variable `", "` not found") {
            let (path, line) = self.locate(var, &msg, name);
            let top = var.split('.').next().unwrap_or(var);
            return Diagnostic::error(path, line, format!("unknown template variable `{var}`"))
                .help(format!("check the spelling; the variables a page gets are listed in README.md (section `Templates`); `{top}` may not exist on this page"));
        }
        let (path, line) = self.locate("", &msg, name);
        Diagnostic::error(path, line, format!("template failed: {msg}"))
    }

    /// The template (possibly an included or parent one) that uses `needle`, and its line.
    fn locate(&self, needle: &str, msg: &str, name: &str) -> (PathBuf, Option<usize>) {
        let rendering = between(msg, "while rendering '", "'").unwrap_or(name);
        let mut order: Vec<&(String, PathBuf, String)> = self
            .sources
            .iter()
            .filter(|(n, _, _)| n == rendering || n == name)
            .collect();
        order.extend(self.sources.iter());
        for (_, path, src) in order {
            if needle.is_empty() {
                return (path.clone(), None);
            }
            if let Some(i) = src.lines().position(|l| l.contains(needle)) {
                return (path.clone(), Some(i + 1));
            }
        }
        (PathBuf::from(format!("templates/{name}")), None)
    }
}

/// `{{ s | stage_badge }}`: a stage key's badge text ([`Stage::badge`]), so that templates name
/// no stage themselves; anything else comes back as it is.
fn stage_badge(
    value: &tera::Value,
    _: &std::collections::HashMap<String, tera::Value>,
) -> tera::Result<tera::Value> {
    Ok(
        match value.as_str().map(str::parse::<crate::model::ids::Stage>) {
            Some(Ok(stage)) => tera::Value::from(stage.badge()),
            _ => value.clone(),
        },
    )
}

/// `{{ gate.name | camel_breaks | safe }}`: the name escaped, with `<wbr>` between its
/// CamelCase words (`text::escape_html_camel_breaks`), so it breaks only there.
fn camel_breaks(
    value: &tera::Value,
    _: &std::collections::HashMap<String, tera::Value>,
) -> tera::Result<tera::Value> {
    match value.as_str() {
        Some(s) => Ok(tera::Value::from(crate::text::escape_html_camel_breaks(s))),
        None => Err(tera::Error::msg(
            "the `camel_breaks` filter takes a text (a feature-gate name)",
        )),
    }
}

fn chain(e: &tera::Error) -> String {
    let mut parts = vec![e.to_string()];
    let mut src = std::error::Error::source(e);
    while let Some(s) = src {
        parts.push(s.to_string());
        src = s.source();
    }
    parts.join(": ")
}

fn between<'a>(s: &'a str, a: &str, b: &str) -> Option<&'a str> {
    let i = s.find(a)? + a.len();
    let j = s[i..].find(b)? + i;
    Some(&s[i..j])
}

fn line_in_message(msg: &str) -> Option<usize> {
    // tera/pest: " --> 3:5"
    let i = msg.find("--> ")? + 4;
    msg[i..].split(':').next()?.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn over(name: &str, text: &str) -> Vec<SourceFile> {
        vec![SourceFile {
            path: PathBuf::from(format!("templates/{name}")),
            text: text.into(),
        }]
    }

    #[test]
    fn builtin_templates_parse() {
        assert!(Templates::new(&[]).is_ok());
    }

    #[test]
    fn override_replaces_one_template() {
        let t = Templates::new(&over("404.html", "missing {{ x }}")).unwrap();
        let mut c = Context::new();
        c.insert("x", "page");
        assert_eq!(t.render("404.html", &c).unwrap(), b"missing page");
    }

    #[test]
    fn unknown_variable_names_file_and_line() {
        let t = Templates::new(&over("404.html", "a\nb {{ page.titel }}\n")).unwrap();
        let mut c = Context::new();
        c.insert("page", &serde_json::json!({"title": "x"}));
        let d = t.render("404.html", &c).unwrap_err();
        assert_eq!(d.path, PathBuf::from("templates/404.html"));
        assert_eq!(d.line, Some(2));
        assert!(d.message.contains("`page.titel`"), "{}", d.message);
    }

    #[test]
    fn syntax_error_names_file() {
        let Err(e) = Templates::new(&over("404.html", "{% if %}")) else {
            panic!("accepted a broken template")
        };
        assert_eq!(e[0].path, PathBuf::from("templates/404.html"));
    }
}
