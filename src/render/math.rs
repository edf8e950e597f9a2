//! TeX math as MathML, for the render stage: an article's `$…$`, `$$…$$` and ```` ```math ````
//! (read by `parse::blocks` and `parse::math`) become `<math>` elements, which browsers draw
//! without a script (MathML Core), with the TeX kept in an `<annotation>` for copying and for
//! readers that do not draw MathML.
//!
//! The MathML comes from pulldown-latex and is then cleaned by a sanitizer that knows MathML's
//! elements and their presentation attributes only: nothing that links, loads or runs, and no
//! `style`. TeX that could make the converter work without bound (a macro definition, nesting
//! deeper than [`MAX_NESTING`], more than [`MAX_TEX`] bytes) or that it fails on is shown as
//! written, in a code element, as is math when the converter panics, and every formula of an
//! article past its [`MAX_FORMULAS`]th.
use std::sync::LazyLock;

use pulldown_latex::config::{DisplayMode, RenderConfig};
use pulldown_latex::{Parser, Storage, push_mathml};

use crate::text::escape_html;

/// The longest TeX converted; a longer formula is shown as written. The longest formula of a
/// real article is a few hundred bytes.
const MAX_TEX: usize = 8 * 1024;

/// The deepest nesting of groups (`{`, `\left`, `\begin`) converted: the converter descends
/// once per level, and a thread's stack is finite.
const MAX_NESTING: usize = 64;

/// Commands that define macros: one that expands to two of another, repeated, doubles the work
/// with every line (a "macro bomb").
const DEFINITIONS: [&str; 8] = [
    "\\def",
    "\\gdef",
    "\\edef",
    "\\xdef",
    "\\let",
    "\\newcommand",
    "\\renewcommand",
    "\\providecommand",
];

/// The most formulas of one article drawn; the rest are shown as written. Each is converted
/// and then sanitized (an HTML parse of its own), so a hostile article of a million `$x$`
/// would take minutes; a real one has a few hundred at most.
const MAX_FORMULAS: usize = 2000;

/// The formulas one article has drawn so far, against [`MAX_FORMULAS`].
#[derive(Default)]
pub(crate) struct Formulas {
    drawn: usize,
}

impl Formulas {
    /// `tex` as [`to_html`] gives it, or as written once the article has drawn its share.
    pub(crate) fn draw(&mut self, tex: &str, display: bool) -> String {
        if self.drawn >= MAX_FORMULAS {
            return as_written(tex.trim(), display);
        }
        self.drawn += 1;
        to_html(tex, display)
    }
}

/// `tex` as a MathML `<math>` element (`display` for a block of its own), cleaned; or, when it
/// cannot be converted safely, `tex` as written in `<code class="math">`.
pub(crate) fn to_html(tex: &str, display: bool) -> String {
    let tex = tex.trim();
    convert(tex, display)
        .map(|mathml| MATHML.clean(&mathml).to_string())
        .filter(|clean| clean.starts_with("<math"))
        .unwrap_or_else(|| as_written(tex, display))
}

/// `tex` as written, for math that is not converted: a code span, or a code block on its own.
fn as_written(tex: &str, display: bool) -> String {
    let code = format!("<code class=\"math\">{}</code>", escape_html(tex));
    if display {
        format!("<pre class=\"math\">{code}</pre>")
    } else {
        code
    }
}

/// pulldown-latex's MathML for `tex`, or `None` when the TeX is beyond the limits above or the
/// converter fails.
fn convert(tex: &str, display: bool) -> Option<String> {
    if tex.is_empty()
        || tex.len() > MAX_TEX
        || nesting(tex) > MAX_NESTING
        || DEFINITIONS.iter().any(|d| defines(tex, d))
    {
        return None;
    }
    // The annotation is written into the MathML as given: escaped here.
    let annotation = escape_html(tex);
    let config = RenderConfig {
        display_mode: if display {
            DisplayMode::Block
        } else {
            DisplayMode::Inline
        },
        annotation: Some(&annotation),
        ..RenderConfig::default()
    };
    // A panic in the converter costs the formula its drawing, not the build its article.
    std::panic::catch_unwind(|| {
        let storage = Storage::new();
        let mut out = String::with_capacity(tex.len() * 8);
        push_mathml(&mut out, Parser::new(tex, &storage), config).ok()?;
        Some(out)
    })
    .ok()
    .flatten()
}

/// Whether `tex` uses the command `command` (`\def`, not `\default`).
fn defines(tex: &str, command: &str) -> bool {
    tex.match_indices(command).any(|(at, _)| {
        !tex[at + command.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
    })
}

/// The deepest nesting of `{`, `\left` and `\begin` in `tex` (an over-estimate: escaped braces
/// count too).
fn nesting(tex: &str) -> usize {
    let (mut depth, mut max) = (0usize, 0usize);
    let bytes = tex.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let rest = &bytes[i..];
        if b == b'{' || rest.starts_with(b"\\left") || rest.starts_with(b"\\begin") {
            depth += 1;
            max = max.max(depth);
        } else if b == b'}' || rest.starts_with(b"\\right") || rest.starts_with(b"\\end") {
            depth = depth.saturating_sub(1);
        }
    }
    max
}

/// MathML Core's elements (and `menclose`, `semantics`' `annotation`): what a formula is drawn
/// with. Nothing here links (`href` is not allowed on any of them) or loads.
const ELEMENTS: [&str; 31] = [
    "math",
    "annotation",
    "semantics",
    "merror",
    "mfrac",
    "mi",
    "mmultiscripts",
    "mn",
    "mo",
    "mover",
    "mpadded",
    "mphantom",
    "mprescripts",
    "mroot",
    "mrow",
    "ms",
    "mspace",
    "msqrt",
    "mstyle",
    "msub",
    "msubsup",
    "msup",
    "mtable",
    "mtd",
    "mtext",
    "mtr",
    "munder",
    "munderover",
    "none",
    "menclose",
    "mlabeledtr",
];

/// The presentation attributes a formula's elements keep: how it is laid out, never a URL,
/// an event handler or a style.
const ATTRIBUTES: [&str; 26] = [
    "display",
    "displaystyle",
    "scriptlevel",
    "mathvariant",
    "stretchy",
    "symmetric",
    "largeop",
    "movablelimits",
    "accent",
    "accentunder",
    "fence",
    "separator",
    "form",
    "lspace",
    "rspace",
    "minsize",
    "maxsize",
    "linethickness",
    "width",
    "height",
    "depth",
    "voffset",
    "columnspan",
    "rowspan",
    "notation",
    "encoding",
];

/// The classes pulldown-latex lays out tables and operators with, which `static/style.css`
/// styles (alignment of `aligned` and `cases` columns, rules of `array`).
const CLASSES: [&str; 21] = [
    "menv-alignlike",
    "menv-matrix",
    "menv-border-only",
    "mop-negated",
    "small",
    "menv-align",
    "menv-arraylike",
    "menv-cells-left",
    "menv-cells-right",
    "menv-cases",
    "menv-multline",
    "menv-with-eqn",
    "menv-nonumber",
    "menv-hline",
    "menv-hdashline",
    "menv-left-solid",
    "menv-left-dashed",
    "menv-right-solid",
    "menv-right-dashed",
    "cell-left",
    "cell-right",
];

/// The sanitizer of converted math (see the module's notes).
static MATHML: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut b = ammonia::Builder::empty();
    b.tags(ELEMENTS.into_iter().collect())
        .generic_attributes(ATTRIBUTES.into_iter().collect())
        .allowed_classes(
            ["mtable", "mtr", "mtd", "mo", "mrow"]
                .map(|tag| (tag, CLASSES.into_iter().collect()))
                .into(),
        )
        .link_rel(None);
    b
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tex_becomes_mathml_with_its_source_in_an_annotation() {
        let html = to_html(r"2*3*4 = \{a, b\}", false);
        assert!(html.starts_with("<math display=\"inline\">"), "{html}");
        assert!(html.contains("<mn>2</mn>"), "{html}");
        assert!(
            html.contains(
                "<annotation encoding=\"application/x-tex\">2*3*4 = \\{a, b\\}</annotation>"
            ),
            "{html}"
        );
        let html = to_html(
            "\\begin{aligned}\n\\mathrm{CPU}_{total} &= \\sum_i c_i \\\\\nS &= \\{ p \\mid p \\in \\mathrm{Pods} \\}\n\\end{aligned}",
            true,
        );
        assert!(html.starts_with("<math display=\"block\">"), "{html}");
        assert!(html.contains("<mtable class=\"menv-alignlike"), "{html}");
        assert!(html.contains("∑</mo>"), "{html}");
    }

    #[test]
    fn the_mathml_never_links_loads_runs_or_styles() {
        for tex in [
            r"\href{javascript:alert(1)}{x}",
            r"\text{<script>alert(1)</script>} <img src=x onerror=alert(1)>",
            r"\color{red}{x} \colorbox{blue}{y}",
            r"\operatorname{</math><script>alert(1)</script>}",
            r"\class{x}{y} \style{position:fixed}{z}",
            "x</annotation><img src=x onerror=alert(1)>",
        ] {
            let html = to_html(tex, false);
            // Attributes as the serializer writes them: what is left of the TeX in an error
            // message is text.
            for gone in [
                "<script",
                "<img",
                "<a ",
                " href=\"",
                " style=\"",
                "onerror=\"",
            ] {
                assert!(!html.contains(gone), "{tex}: {gone} in {html}");
            }
        }
    }

    #[test]
    fn what_cannot_be_converted_safely_is_shown_as_written() {
        let bomb = (0..30)
            .map(|i| format!("\\def\\m{i}{{\\m{}\\m{}}}", i + 1, i + 1))
            .collect::<String>();
        let deep = format!("{}x{}", "{".repeat(200), "}".repeat(200));
        let long = "x+".repeat(MAX_TEX);
        for tex in [bomb.as_str(), &deep, &long, r"\newcommand{\a}{b} \a"] {
            assert_eq!(
                to_html(tex, false),
                format!("<code class=\"math\">{}</code>", escape_html(tex))
            );
        }
        assert!(to_html("a<b", true).starts_with("<math display=\"block\">"));
        assert_eq!(
            to_html(r"\let\x=y", true),
            "<pre class=\"math\"><code class=\"math\">\\let\\x=y</code></pre>"
        );
        // `\default` is no `\def`.
        assert!(!defines(r"\default", "\\def"));
        // An article draws its first formulas; the rest stay as written.
        let mut formulas = Formulas::default();
        let drawn: Vec<bool> = (0..MAX_FORMULAS + 2)
            .map(|_| formulas.draw("x^2", false).starts_with("<math"))
            .collect();
        assert!(drawn[..MAX_FORMULAS].iter().all(|d| *d));
        assert_eq!(drawn[MAX_FORMULAS..], [false, false]);
    }
}
