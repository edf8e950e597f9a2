//! Code highlighting with syntect: classes in the HTML, colours in one generated stylesheet
//! holding a light theme and a dark theme (under `prefers-color-scheme: dark`).
//!
//! The syntax and theme sets load once per process; loading them is the slow part.
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::LazyLock;

use syntect::highlighting::ThemeSet;
use syntect::html::{ClassStyle, css_for_theme_with_class_style};
use syntect::parsing::{
    BasicScopeStackOp, ParseState, Scope, ScopeStack, SyntaxReference, SyntaxSet,
};
use syntect::util::LinesWithEndings;

use crate::text::escape_html_into;

static SYNTAXES: LazyLock<SyntaxSet> = LazyLock::new(SyntaxSet::load_defaults_newlines);
static THEMES: LazyLock<ThemeSet> = LazyLock::new(ThemeSet::load_defaults);

/// The prefix of every class a highlighted block and the stylesheet use.
const CLASS_PREFIX: &str = "hl-";
const CLASS_STYLE: ClassStyle = ClassStyle::SpacedPrefixed {
    prefix: CLASS_PREFIX,
};

/// Names of the themes `site.toml` may choose from.
pub(crate) fn theme_names() -> Vec<String> {
    THEMES.themes.keys().cloned().collect()
}

/// Short names people write after ``` that syntect knows by another token.
fn alias(lang: &str) -> &str {
    match lang {
        session if is_terminal_session(session) => "bash",
        "shell" | "sh" | "zsh" => "bash",
        "yml" => "yaml",
        "golang" => "go",
        "dockerfile" => "Dockerfile",
        "text" | "plain" | "none" | "" => "txt",
        other => other,
    }
}

/// Whether rendered HTML holds a highlighted code block (one [`code_block`] made), so its page
/// needs the code colours of `static/highlight.css`.
pub(crate) fn has_code(html: &str) -> bool {
    html.contains(CODE_OPEN)
}

/// How every block [`code_block`] makes begins.
const CODE_OPEN: &str = "<pre class=\"code\" data-lang=\"";

/// An info string's word as the language and the file the code is: `yaml:deployment.yaml`
/// (Qiita, Zenn) is both, `yaml` (or `yaml:`) the language alone.
fn language_and_file(word: &str) -> (&str, Option<&str>) {
    let word = word.trim();
    match word.split_once(':') {
        Some((lang, file)) if !file.trim().is_empty() => (lang, Some(file.trim())),
        _ => (word.trim_end_matches(':'), None),
    }
}

/// Highlighted HTML for a fenced block: `<pre class="code" data-lang=...><code>...</code></pre>`.
pub(crate) fn code_block(info: &str, code: &str) -> String {
    let mut words = info.split([',', ' ', '{']).filter(|w| !w.trim().is_empty());
    let (lang, mut file) = language_and_file(words.next().unwrap_or(""));
    let mut lang = lang.to_ascii_lowercase();
    // A diff of a file in a language: Zenn's `diff yaml:manifest.yaml` (the file after the
    // language) and Qiita's `diff_yaml` (`diff_yaml:manifest.yaml`). The diff is what is
    // highlighted, its lines coloured as added and removed.
    if lang == "diff" && file.is_none() {
        file = words.next().and_then(|w| language_and_file(w).1);
    } else if lang.starts_with("diff_") {
        lang.truncate("diff".len());
    }
    let syntax = SYNTAXES
        .find_syntax_by_token(alias(&lang))
        .unwrap_or_else(|| SYNTAXES.find_syntax_plain_text());
    // The highlighted code is about three times the size of the code (its spans).
    let mut html = String::with_capacity(CODE_OPEN.len() + 64 + code.len() * 3);
    html.push_str(CODE_OPEN);
    escape_html_into(&mut html, &lang);
    html.push('"');
    // `yaml title="マニフェスト"`: a Hugo tab's name (see `parse::shortcodes`), shown above.
    if let Some(title) = info
        .split_once("title=\"")
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(title, _)| title)
        .or(file)
    {
        html.push_str(" data-title=\"");
        escape_html_into(&mut html, title.trim());
        html.push('"');
    }
    html.push_str("><code>");
    let body = html.len();
    let signs = Prompts::of(code);
    let highlighted = if is_terminal_session(&lang) && signs != Prompts::None {
        session_html(syntax, code, signs, &mut html)
    } else {
        classed_html(syntax, code, &mut html)
    };
    if highlighted.is_none() {
        // A grammar that chokes on a line still gets the code shown, unhighlighted.
        html.truncate(body);
        escape_html_into(&mut html, code);
    }
    html.push_str("</code></pre>\n");
    html
}

/// Whether a block's language is a terminal session (Chroma's `console`): commands typed after
/// a prompt, and what they print.
fn is_terminal_session(lang: &str) -> bool {
    matches!(
        lang,
        "console" | "shell-session" | "shellsession" | "sh-session" | "terminal"
    )
}

/// The length in bytes of the prompt that opens `line` (without its line break) of a terminal
/// session: `$ `, `% `, `❯ `, `> ` (a continued command), with the user, host and folder a
/// shell may print before the sign (`user@host:~$ `, `[root@node ~]# `, `/ # `, `PS C:\> `);
/// a bare `# ` only when `signs` says the block's prompts are all root's (`# ` otherwise opens
/// output as often: `# HELP` of metrics, `# Source:` of `helm template`). `None` for a line of
/// output.
fn prompt_len(line: &str, signs: Prompts) -> Option<usize> {
    static PROMPT: LazyLock<regex::Regex> = LazyLock::new(|| {
        regex::Regex::new(
            r"^(?:[\w.-]+@[\w.-]+(?::\S*)?\s?|\[[^\]\n]+\]\s?|[~/]\S*\s|PS [^>\n]*)?[$#%>❯](?: |$)",
        )
        .expect("the prompt pattern compiles")
    });
    let line = line.trim_end_matches(['\n', '\r']);
    let m = PROMPT.find(line)?;
    let bare_hash = m.as_str().trim_end() == "#";
    (!bare_hash || signs == Prompts::RootOnly).then_some(m.end())
}

/// Which prompts a terminal session's lines open with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Prompts {
    /// None at all: the block is all commands.
    None,
    /// Only a bare `# `: root's shell, each such line a command.
    RootOnly,
    /// Others (`$ `, `user@host:~# `): a bare `# ` line is output.
    Others,
}

impl Prompts {
    fn of(code: &str) -> Prompts {
        let mut root = false;
        for line in code.lines() {
            match prompt_len(line, Prompts::RootOnly) {
                Some(n) if line[..n].trim_end() == "#" => root = true,
                Some(_) => return Prompts::Others,
                None => {}
            }
        }
        if root {
            Prompts::RootOnly
        } else {
            Prompts::None
        }
    }
}

/// A terminal session as HTML, appended to `out`: each prompt in a `prompt` span, the command
/// after it (with the lines it continues onto after a trailing `\`) highlighted with `syntax`
/// on its own, and every other line, the command's output, escaped as it is. Output is not
/// shell: read as shell, `<none>` in `kubectl get` columns would be a redirection. `None` when
/// the grammar fails on a command.
fn session_html(
    syntax: &SyntaxReference,
    code: &str,
    signs: Prompts,
    out: &mut String,
) -> Option<()> {
    let mut lines = LinesWithEndings::from(code).peekable();
    while let Some(line) = lines.next() {
        let Some(prompt) = prompt_len(line, signs) else {
            escape_html_into(out, line);
            continue;
        };
        out.push_str("<span class=\"prompt\">");
        escape_html_into(out, &line[..prompt]);
        out.push_str("</span>");
        let start = line[prompt..].as_ptr() as usize - code.as_ptr() as usize;
        let mut end = start + line[prompt..].len();
        while code[..end].trim_end_matches(['\n', '\r']).ends_with('\\') {
            let Some(next) = lines.next() else { break };
            end += next.len();
        }
        // The line break after the command is written outside its spans, so that every line
        // of output opens on a line of its own.
        let command = code[start..end].trim_end_matches(['\n', '\r']);
        classed_html(syntax, command, out)?;
        out.push_str(&code[start + command.len()..end]);
    }
    Some(())
}

/// `code` as syntect's `ClassedHTMLGenerator` writes it with [`CLASS_STYLE`] (the same
/// bytes), appended to `out`: each line's spans are written straight into `out` rather than
/// into a string of their own, and the text between them escaped in runs. `None` when the
/// grammar fails on a line (`out` then holds part of the code).
fn classed_html(syntax: &SyntaxReference, code: &str, out: &mut String) -> Option<()> {
    let mut state = ParseState::new(syntax);
    let mut stack = ScopeStack::new();
    let mut open_spans = 0isize;
    for line in LinesWithEndings::from(code) {
        let ops = state.parse_line(line, &SYNTAXES).ok()?;
        let mut at = 0;
        // An inner span that would hold nothing is not written (taken back on its `Pop`).
        let mut span_empty = false;
        let mut span_start = 0;
        for (i, op) in &ops {
            if *i > at {
                span_empty = false;
                escape_html_into(out, &line[at..*i]);
                at = *i;
            }
            stack
                .apply_with_hook(op, |basic, _| match basic {
                    BasicScopeStackOp::Push(scope) => {
                        span_start = out.len();
                        span_empty = true;
                        out.push_str("<span class=\"");
                        push_classes(out, scope);
                        out.push_str("\">");
                        open_spans += 1;
                    }
                    BasicScopeStackOp::Pop => {
                        if span_empty {
                            out.truncate(span_start);
                        } else {
                            out.push_str("</span>");
                        }
                        open_spans -= 1;
                        span_empty = false;
                    }
                })
                .ok()?;
        }
        escape_html_into(out, &line[at..]);
    }
    for _ in 0..open_spans {
        out.push_str("</span>");
    }
    Some(())
}

/// The classes of `scope` (`hl-source hl-yaml`), appended to `out`: each atom of the scope
/// with the [`CLASS_STYLE`] prefix, space-separated. A grammar has a few hundred scopes, so each
/// thread spells each scope once (spelling one takes syntect's global scope lock).
fn push_classes(out: &mut String, scope: Scope) {
    thread_local! {
        static CLASSES: RefCell<HashMap<Scope, Box<str>>> = RefCell::new(HashMap::new());
    }
    CLASSES.with_borrow_mut(|classes| {
        let spelled = classes.entry(scope).or_insert_with(|| {
            let mut c = String::new();
            if !scope.is_empty() {
                for atom in scope.build_string().split('.') {
                    if !c.is_empty() {
                        c.push(' ');
                    }
                    c.push_str(CLASS_PREFIX);
                    c.push_str(atom);
                }
            }
            c.into_boxed_str()
        });
        out.push_str(spelled);
    });
}

/// The stylesheet for both themes. Unknown theme names are a config error with the list.
pub(crate) fn stylesheet(light: &str, dark: &str) -> Result<String, String> {
    let get = |name: &str| {
        THEMES.themes.get(name).ok_or_else(|| {
            format!(
                "highlight theme `{name}` does not exist; choose one of: {}",
                theme_names().join(", ")
            )
        })
    };
    let light_css =
        css_for_theme_with_class_style(get(light)?, CLASS_STYLE).map_err(|e| e.to_string())?;
    let dark_css =
        css_for_theme_with_class_style(get(dark)?, CLASS_STYLE).map_err(|e| e.to_string())?;
    Ok(format!(
        "/* Code colours: {light} (light) and {dark} (dark), generated by syntect. Each theme sits\n   in its own media query: a light rule the dark theme lacks must not leak into dark mode. */\n@media not (prefers-color-scheme: dark) {{\n{light_css}\n}}\n@media (prefers-color-scheme: dark) {{\n{dark_css}\n}}\n"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_console_block_highlights_commands_and_leaves_their_output_alone() {
        let code = "$ kubectl get nodes\nNAME     STATUS   ROLES    AGE\nnode-1   Ready    <none>   25s\nuser@host:~$ echo a \\\n  > out.txt\n";
        let html = code_block("console", code);
        let body = html
            .split_once("<code>")
            .and_then(|(_, rest)| rest.split_once("</code>"))
            .map(|(body, _)| body)
            .unwrap();
        let lines: Vec<&str> = body.lines().collect();
        assert_eq!(lines.len(), 5, "{body}");
        assert!(
            lines[0].starts_with("<span class=\"prompt\">$ </span><span class=\"hl-"),
            "the command is highlighted: {}",
            lines[0]
        );
        assert_eq!(lines[1], "NAME     STATUS   ROLES    AGE");
        assert_eq!(lines[2], "node-1   Ready    &lt;none&gt;   25s");
        assert!(
            lines[3].starts_with("<span class=\"prompt\">user@host:~$ </span>"),
            "{}",
            lines[3]
        );
        assert!(
            lines[4].contains("<span class=\"hl-"),
            "a continued command is still a command: {}",
            lines[4]
        );
        assert!(!lines[4].contains("prompt"), "{}", lines[4]);
    }

    #[test]
    fn a_console_block_without_prompts_is_all_commands() {
        let html = code_block("console", "kubectl get pods > pods.txt\n");
        assert!(!html.contains("prompt"), "{html}");
        assert!(html.contains("<span class=\"hl-"), "{html}");
        // Metrics printed after a `$` prompt are output, `# HELP` lines included; and every
        // session language is highlighted as shell.
        for lang in ["console", "shell-session", "terminal"] {
            let html = code_block(lang, "$ kubectl get --raw /metrics\n# HELP x y\n");
            assert!(html.contains("\n# HELP x y\n"), "{lang}: {html}");
            assert!(html.contains("<span class=\"hl-"), "{lang}: {html}");
        }
        // A bare prompt line is a prompt.
        let html = code_block("console", "$\nkubectl get pods\n");
        assert!(html.contains("<span class=\"prompt\">$</span>"), "{html}");
        // A shell block's `$` is a shell's, not a prompt.
        let html = code_block("bash", "$ echo $HOME\n");
        assert!(!html.contains("class=\"prompt\""), "{html}");
    }

    #[test]
    fn prompts_are_the_signs_shells_print() {
        for (line, prompt) in [
            ("$ ls", Some("$ ")),
            ("$ ls\n", Some("$ ")),
            ("$\n", Some("$")),
            ("/ # ls", Some("/ # ")),
            ("% make", Some("% ")),
            ("> --flag", Some("> ")),
            ("$", Some("$")),
            ("user@host:~/k8s$ kubectl", Some("user@host:~/k8s$ ")),
            ("[root@node-1 ~]# systemctl", Some("[root@node-1 ~]# ")),
            ("PS C:\\> kubectl", Some("PS C:\\> ")),
            ("NAME   READY", None),
            ("$HOME is set", None),
            ("pod/x created", None),
        ] {
            assert_eq!(
                prompt_len(line, Prompts::Others).map(|n| &line[..n]),
                prompt,
                "{line}"
            );
        }
        // A bare `# ` is root's prompt only in a block whose prompts are all root's.
        assert_eq!(prompt_len("# apt install x", Prompts::RootOnly), Some(2));
        assert_eq!(
            prompt_len("# HELP apiserver_request_total", Prompts::Others),
            None
        );
        assert_eq!(
            Prompts::of("# apt update\n# apt install x\n"),
            Prompts::RootOnly
        );
        assert_eq!(
            Prompts::of("$ kubectl get --raw /metrics\n# HELP x\n"),
            Prompts::Others
        );
        assert_eq!(Prompts::of("kubectl get pods\n"), Prompts::None);
    }

    #[test]
    fn yaml_gets_classes_not_inline_styles() {
        let html = code_block("yaml", "kind: Pod\nmetadata:\n  name: x\n");
        assert!(
            html.starts_with("<pre class=\"code\" data-lang=\"yaml\"><code>"),
            "{html}"
        );
        assert!(html.contains("class=\"hl-"), "{html}");
        assert!(!html.contains("style="), "{html}");
    }

    #[test]
    fn a_title_in_the_info_string_is_shown_escaped() {
        let html = code_block("yaml title=\"<b>マニフェスト</b>\"", "kind: Pod\n");
        assert!(
            html.starts_with(
                "<pre class=\"code\" data-lang=\"yaml\" data-title=\"&lt;b&gt;マニフェスト&lt;/b&gt;\"><code>"
            ),
            "{html}"
        );
    }

    #[test]
    fn a_qiita_file_name_after_the_language_is_the_title() {
        let html = code_block("yaml:deployment.yaml", "kind: Pod\n");
        assert!(
            html.starts_with(
                "<pre class=\"code\" data-lang=\"yaml\" data-title=\"deployment.yaml\"><code>"
            ),
            "{html}"
        );
        assert!(html.contains("class=\"hl-"), "highlighted as YAML: {html}");
        let html = code_block("diff:a<b>.go", "+x\n");
        assert!(html.contains("data-title=\"a&lt;b&gt;.go\""), "{html}");
    }

    #[test]
    fn a_diff_of_a_file_in_a_language_is_a_diff_under_its_file_name() {
        let removed = "<span class=\"hl-markup hl-deleted hl-diff\">";
        for info in ["diff yaml:manifest.yaml", "diff_yaml:manifest.yaml"] {
            let html = code_block(info, "-    cpu: \"500m\"\n+    cpu: \"800m\"\n");
            assert!(
                html.starts_with(
                    "<pre class=\"code\" data-lang=\"diff\" data-title=\"manifest.yaml\"><code>"
                ),
                "{info}: {html}"
            );
            assert!(html.contains(removed), "{info}: {html}");
        }
        for info in ["diff_yaml", "diff yaml", "DIFF_YAML"] {
            let html = code_block(info, "-a\n+b\n");
            assert!(
                html.starts_with("<pre class=\"code\" data-lang=\"diff\"><code>"),
                "{info}: {html}"
            );
            assert!(html.contains(removed), "{info}: {html}");
        }
    }

    #[test]
    fn unknown_language_is_escaped_plain_text() {
        let html = code_block("nosuchlang", "<b>&</b>");
        assert!(html.contains("&lt;b&gt;&amp;&lt;/b&gt;"), "{html}");
    }

    #[test]
    fn stylesheet_has_both_themes_and_rejects_unknown_names() {
        let css = stylesheet("InspiredGitHub", "base16-ocean.dark").unwrap();
        assert!(
            css.contains("@media not (prefers-color-scheme: dark) {"),
            "light rules stay out of dark mode"
        );
        assert!(css.contains("@media (prefers-color-scheme: dark) {"));
        assert!(css.contains(".hl-"));
        let err = stylesheet("Nope", "base16-ocean.dark").unwrap_err();
        assert!(
            err.contains("`Nope`") && err.contains("InspiredGitHub"),
            "{err}"
        );
    }
}
