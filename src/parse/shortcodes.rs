//! Hugo shortcodes (`{{< glossary_tooltip text="X" >}}`, `{{< note >}}`, `{{% code_sample %}}`)
//! degrade to their text before Markdown parsing, so pages written for the kubernetes.io site
//! build without raw `{{<` leaking into them. Two render as a Hugo user expects:
//! `{{< figure src=… alt=… caption=… >}}` becomes a `<figure>` with its image, alt text and
//! caption (raw HTML, sanitized like any other), and `{{< feature-state feature_gate_name="X" >}}`
//! says `フィーチャーゲート \`X\``, so the gate is a mention like any other.
//!
//! The rewrite keeps every line where it was (a shortcode spanning lines leaves its newlines
//! behind), so diagnostics still point at the right line of the file.
use std::sync::LazyLock;

use regex::Regex;

/// What a `feature-state` shortcode's line begins with: the extract stage reads the stage and
/// release of the section from it.
pub const FEATURE_STATE_LABEL: &str = "FEATURE STATE:";

static SHORTCODE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?s)\{\{([<%])(/\*)?\s*(/?)([A-Za-z0-9_\-]+)((?:[^>%}"]|"[^"]*"|[>%][^}]|\}[^}])*?)\s*(\*/)?[>%]\}\}"#).unwrap()
});
static PARAM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"([A-Za-z_][A-Za-z0-9_\-]*)\s*=\s*"([^"]*)""#).unwrap());

/// Blockquotes nested deeper than this are cut: the rest of the `>` markers of the line stay
/// as text. The Markdown parser keeps a node per level, and a line of ten million `>` made a
/// tree of gigabytes; no article quotes this deep.
const MAX_QUOTE_DEPTH: usize = 32;

/// A paragraph with more inline markup characters than this (`*`, `_`, `[`, `]`, `` ` ``, `<`,
/// `!`) is shown as code: the Markdown parser keeps a node of about a hundred bytes per such
/// character until the paragraph is parsed, and ten million of them took more than a gigabyte.
/// No prose paragraph comes near it.
const MAX_PARAGRAPH_MARKUP: usize = 100_000;

/// The bounds applied before parsing: blockquote depth and inline markup per paragraph. Lines
/// are kept where they are, so diagnostics still point at the right line.
pub fn bound_markup(text: &str) -> std::borrow::Cow<'_, str> {
    let text = bound_nesting(text);
    if text.len() < MAX_PARAGRAPH_MARKUP {
        return text;
    }
    let markup = |line: &str| {
        line.bytes()
            .filter(|b| matches!(b, b'*' | b'_' | b'[' | b']' | b'`' | b'<' | b'!'))
            .count()
    };
    // Paragraphs are runs of non-blank lines; a dense one is indented four spaces (an indented
    // code block), which adds no line.
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    // Code fences hold code, not markup: lines in or of a fence are never touched.
    let mut in_code = vec![false; lines.len()];
    let mut fence = false;
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim_start();
        let is_fence = t.starts_with("```") || t.starts_with("~~~");
        in_code[i] = fence || is_fence;
        if is_fence {
            fence = !fence;
        }
    }
    let mut dense = vec![false; lines.len()];
    let mut start = 0;
    while start < lines.len() {
        if lines[start].trim().is_empty() {
            start += 1;
            continue;
        }
        let end = (start..lines.len())
            .find(|&i| lines[i].trim().is_empty())
            .unwrap_or(lines.len());
        if !in_code[start..end].contains(&true)
            && lines[start..end].iter().map(|l| markup(l)).sum::<usize>() > MAX_PARAGRAPH_MARKUP
        {
            dense[start..end].iter_mut().for_each(|d| *d = true);
        }
        start = end;
    }
    if !dense.contains(&true) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 64);
    for (line, d) in lines.iter().zip(&dense) {
        if *d {
            out.push_str("    ");
        }
        out.push_str(line);
    }
    std::borrow::Cow::Owned(out)
}

/// Escapes the `>` markers past `MAX_QUOTE_DEPTH` at the start of a line (`\>` reads as text).
fn bound_nesting(text: &str) -> std::borrow::Cow<'_, str> {
    let deep = |line: &str| {
        line.trim_start_matches([' ', '\t'])
            .bytes()
            .take_while(|b| matches!(b, b'>' | b' '))
            .filter(|&b| b == b'>')
            .nth(MAX_QUOTE_DEPTH)
            .is_some()
    };
    if !text.lines().any(deep) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.split_inclusive('\n') {
        if !deep(line) {
            out.push_str(line);
            continue;
        }
        let mut seen = 0;
        let mut rest = line.char_indices();
        let mut cut = line.len();
        for (i, c) in rest.by_ref() {
            match c {
                '>' if seen == MAX_QUOTE_DEPTH => {
                    cut = i;
                    break;
                }
                '>' => seen += 1,
                ' ' | '\t' => {}
                _ => {
                    cut = i;
                    break;
                }
            }
        }
        out.push_str(&line[..cut]);
        out.push('\\');
        out.push_str(&line[cut..]);
    }
    std::borrow::Cow::Owned(out)
}

/// An author's own English/Japanese link in Hugo content: `{{< glossary_tooltip text="コンテナ"
/// term_id="container" >}}` says that `コンテナ` is a spelling of the glossary term
/// `container`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct GlossaryTooltip {
    pub term_id: String,
    pub text: String,
}

/// Every `glossary_tooltip` shortcode of `text` with both a `text` and a `term_id`, in order
/// (commented-out `{{</* … */>}}` ones are examples, not links).
pub fn glossary_tooltips(text: &str) -> Vec<GlossaryTooltip> {
    if !text.contains("glossary_tooltip") {
        return Vec::new();
    }
    SHORTCODE
        .captures_iter(text)
        .filter(|c| c.get(2).is_none() && &c[4] == "glossary_tooltip")
        .filter_map(|c| {
            let param = |key: &str| {
                PARAM
                    .captures_iter(&c[5])
                    .find(|p| &p[1] == key)
                    .map(|p| p[2].trim().to_string())
            };
            Some(GlossaryTooltip {
                term_id: param("term_id").filter(|s| !s.is_empty())?,
                text: param("text").filter(|s| !s.is_empty())?,
            })
        })
        .collect()
}

/// Replaces each shortcode in `text` by what a reader should see of it.
pub fn degrade(text: &str) -> String {
    if !text.contains("{{") {
        return text.to_string();
    }
    SHORTCODE
        .replace_all(text, |c: &regex::Captures| {
            let whole = &c[0];
            let newlines = "\n".repeat(whole.matches('\n').count());
            // `{{</* note */>}}` is Hugo's way to show a shortcode literally.
            if c.get(2).is_some() {
                let inner = whole.replacen("/*", "", 1).replacen("*/", "", 1);
                return inner;
            }
            let closing = !c[3].is_empty();
            let name = &c[4];
            let params = &c[5];
            let param = |key: &str| {
                PARAM
                    .captures_iter(params)
                    .find(|p| &p[1] == key)
                    .map(|p| p[2].to_string())
            };
            let shown = if closing {
                String::new()
            } else {
                match name {
                    "glossary_tooltip" | "link" | "tooltip" => param("text").unwrap_or_default(),
                    "feature-state" => {
                        let version = param("for_k8s_version").unwrap_or_default();
                        let state = param("state").unwrap_or_default();
                        match param("feature_gate_name") {
                            Some(gate) if version.is_empty() => {
                                format!("{FEATURE_STATE_LABEL} フィーチャーゲート `{gate}`")
                            }
                            Some(gate) => format!(
                                "{FEATURE_STATE_LABEL} `Kubernetes {version} [{state}]` (フィーチャーゲート `{gate}`)"
                            ),
                            None => format!("{FEATURE_STATE_LABEL} `Kubernetes {version} [{state}]`"),
                        }
                    }
                    "figure" => figure(&param),
                    "tab" => param("name")
                        .map(|n| format!("**{n}**"))
                        .unwrap_or_default(),
                    "code_sample" | "codenew" => {
                        param("file").map(|f| format!("`{f}`")).unwrap_or_default()
                    }
                    "param" => param("name").unwrap_or_default(),
                    "skew" => String::new(),
                    _ => param("text").or_else(|| param("title")).unwrap_or_default(),
                }
            };
            shown + &newlines
        })
        .into_owned()
}

/// `<figure>` with the image, its alt text and caption (Hugo's `figure` shortcode), every
/// value escaped for its attribute or element.
fn figure(param: &dyn Fn(&str) -> Option<String>) -> String {
    let esc = crate::text::escape_html;
    let Some(src) = param("src") else {
        return String::new();
    };
    let alt = param("alt").unwrap_or_default();
    let caption = param("caption").or_else(|| param("title"));
    let mut html = format!("<figure><img src=\"{}\" alt=\"{}\">", esc(&src), esc(&alt));
    if let Some(c) = caption {
        html.push_str(&format!("<figcaption>{}</figcaption>", esc(&c)));
    }
    html.push_str("</figure>");
    html
}

#[cfg(test)]
mod tests {
    use super::{GlossaryTooltip, degrade, glossary_tooltips};

    #[test]
    fn glossary_tooltips_are_read_as_term_spellings() {
        let text = "x {{< glossary_tooltip text=\"コンテナ\" term_id=\"container\" >}} と\n{{< glossary_tooltip\n term_id=\"node\" text=\"ノード\" >}}、{{</* glossary_tooltip text=\"例\" term_id=\"pod\" */>}} {{< glossary_tooltip term_id=\"pod\" >}}";
        let t = |id: &str, text: &str| GlossaryTooltip {
            term_id: id.into(),
            text: text.into(),
        };
        assert_eq!(
            glossary_tooltips(text),
            [t("container", "コンテナ"), t("node", "ノード")]
        );
    }

    #[test]
    fn glossary_tooltip_becomes_its_text() {
        assert_eq!(
            degrade(r#"{{< glossary_tooltip text="Pod" term_id="pod" >}}を作成します"#),
            "Podを作成します"
        );
    }

    #[test]
    fn block_shortcodes_vanish_but_keep_lines() {
        let src = "a\n{{< note >}}\n注意\n{{< /note >}}\nb";
        assert_eq!(degrade(src), "a\n\n注意\n\nb");
        let multi = "x {{< glossary_tooltip\n text=\"ノード\" term_id=\"node\" >}} y";
        assert_eq!(degrade(multi), "x ノード\n y");
    }

    #[test]
    fn feature_state_and_code_sample() {
        assert_eq!(
            degrade(r#"{{< feature-state for_k8s_version="v1.31" state="beta" >}}"#),
            "FEATURE STATE: `Kubernetes v1.31 [beta]`"
        );
        assert_eq!(
            degrade(r#"{{% code_sample file="pods/pod.yaml" %}}"#),
            "`pods/pod.yaml`"
        );
    }

    #[test]
    fn feature_state_names_its_gate() {
        assert_eq!(
            degrade(r#"{{< feature-state feature_gate_name="MixedProtocolLBService" >}}"#),
            "FEATURE STATE: フィーチャーゲート `MixedProtocolLBService`"
        );
    }

    #[test]
    fn figure_keeps_its_image_alt_text_and_caption() {
        assert_eq!(
            degrade("{{< figure src=\"k8s-1.32.png\" alt=\"ロゴ\"\nclass=\"release-logo\" >}}\n"),
            "<figure><img src=\"k8s-1.32.png\" alt=\"ロゴ\"></figure>\n\n"
        );
        assert_eq!(
            degrade(r#"{{< figure src="/images/a.svg" alt="部品" caption="<b>図</b> 1" >}}"#),
            "<figure><img src=\"/images/a.svg\" alt=\"部品\"><figcaption>&lt;b&gt;図&lt;/b&gt; 1</figcaption></figure>"
        );
    }

    #[test]
    fn a_paragraph_of_pathological_markup_is_shown_as_code() {
        use super::bound_markup;
        let dense = format!("前文\n\n{}\n\n後の段落\n", "*a*".repeat(60_000));
        let got = bound_markup(&dense);
        assert_eq!(got.lines().count(), dense.lines().count(), "no line added");
        assert!(got.lines().nth(2).unwrap().starts_with("    *a*"));
        assert_eq!(got.lines().nth(4).unwrap(), "後の段落");
        let prose = format!("{}\n", "**太字**と[リンク](https://x)。".repeat(100));
        assert_eq!(bound_markup(&prose), prose);
        let code = format!("```\n{}\n```\n", "*".repeat(200_000));
        assert_eq!(bound_markup(&code), code, "code fences are left alone");
    }

    #[test]
    fn quotes_nest_at_most_32_deep() {
        use super::bound_nesting;
        assert_eq!(bound_nesting("> > a\n"), "> > a\n");
        let deep = format!("{}x\n", ">".repeat(40));
        let got = bound_nesting(&deep);
        assert_eq!(got, format!("{}\\{}x\n", ">".repeat(32), ">".repeat(8)));
    }

    #[test]
    fn escaped_shortcode_is_shown_literally() {
        assert_eq!(degrade("{{</* note */>}}"), "{{< note >}}");
    }

    #[test]
    fn text_without_shortcodes_is_untouched() {
        assert_eq!(degrade("map[string]{{x}}"), "map[string]{{x}}");
    }
}
