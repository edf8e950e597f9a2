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

static SHORTCODE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?s)\{\{([<%])(/\*)?\s*(/?)([A-Za-z0-9_\-]+)((?:[^>%}"]|"[^"]*"|[>%][^}]|\}[^}])*?)\s*(\*/)?[>%]\}\}"#).unwrap()
});
static PARAM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"([A-Za-z_][A-Za-z0-9_\-]*)\s*=\s*"([^"]*)""#).unwrap());

/// Blockquotes nested deeper than this are cut: the rest of the `>` markers of the line stay
/// as text. The Markdown parser keeps a node per level, and a line of ten million `>` made a
/// tree of gigabytes; no article quotes this deep.
const MAX_QUOTE_DEPTH: usize = 32;

/// Escapes the `>` markers past `MAX_QUOTE_DEPTH` at the start of a line (`\>` reads as text).
pub fn bound_nesting(text: &str) -> std::borrow::Cow<'_, str> {
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
                                format!("FEATURE STATE: フィーチャーゲート `{gate}`")
                            }
                            Some(gate) => format!(
                                "FEATURE STATE: `Kubernetes {version} [{state}]` (フィーチャーゲート `{gate}`)"
                            ),
                            None => format!("FEATURE STATE: `Kubernetes {version} [{state}]`"),
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
    let esc = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    };
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
    use super::degrade;

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
