//! Hugo shortcodes (`{{< glossary_tooltip text="X" >}}`, `{{< note >}}`, `{{% code_sample %}}`)
//! become Markdown before Markdown parsing, so pages written for the kubernetes.io site build
//! without raw `{{<` leaking into them, and read as they do there: a callout is a GFM alert
//! box, a tab with `codelang` a fenced code block, `{{% heading "whatsnext" %}}` the Japanese
//! heading, `{{< param "version" >}}` the article's release, `{{% code_sample %}}` a link to
//! the file on k8s.io/examples, `{{< figure … >}}` a `<figure>` (raw HTML, sanitized like any
//! other), `{{< feature-state feature_gate_name="X" >}}` the gate's state from the registry (in
//! the article's release, else its latest) and `フィーチャーゲート \`X\``, so the gate is a
//! mention like any other; `{{< glossary_tooltip term_id="etcd" >}}` without a `text` the term's
//! name, `{{< highlight yaml >}}` a fenced code block and `{{< mermaid >}}` one in language
//! `mermaid`, `{{< table caption="…" >}}` its caption in bold above the table, and what
//! `{{< comment >}}` holds nothing at all (the author's note is never published). A parameter
//! is escaped for where it lands.
//!
//! The rewrite keeps every line where it was (a shortcode spanning lines leaves its newlines
//! behind, a callout quotes its lines in place, a code tab's fences take its tags' lines), so
//! diagnostics still point at the right line of the file. Only a box or code tab whose tag
//! shares its line with content needs a line of its own.
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::sync::LazyLock;

use regex::Regex;

use crate::model::ids::Release;

/// What a `feature-state` shortcode's line begins with: the extract stage reads the stage and
/// release of the section from it.
pub const FEATURE_STATE_LABEL: &str = "FEATURE STATE:";

static SHORTCODE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?s)\{\{([<%])(/\*)?\s*(/?)\s*([A-Za-z0-9_\-]+)((?:[^>%}"]|"(?:[^"\\]|\\.)*"|[>%][^}]|\}[^}])*?)\s*(\*/)?[>%]\}\}"#).unwrap()
});

/// Blockquotes nested deeper than this are cut: the rest of the `>` markers of the line stay
/// as text. The Markdown parser keeps a node per level, and a line of ten million `>` made a
/// tree of gigabytes; no article quotes this deep.
const MAX_QUOTE_DEPTH: usize = 32;

/// A paragraph with more inline markup characters than this (`*`, `_`, `[`, `]`, `` ` ``, `<`,
/// `!`, and `$`, math where the article writes math) is shown as code: the Markdown parser keeps a node of about a hundred bytes per such
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
            .filter(|b| matches!(b, b'*' | b'_' | b'[' | b']' | b'`' | b'<' | b'!' | b'$'))
            .count()
    };
    // Paragraphs are runs of non-blank lines; a dense one is indented four spaces (an indented
    // code block), which adds no line.
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    // Code fences hold code, not markup: lines in or of a fence are never touched.
    let in_code = super::code_fence_lines(&lines);
    let mut dense = vec![false; lines.len()];
    for run in super::paragraph_runs(&lines) {
        if !in_code[run.clone()].contains(&true)
            && lines[run.clone()].iter().map(|l| markup(l)).sum::<usize>() > MAX_PARAGRAPH_MARKUP
        {
            dense[run].iter_mut().for_each(|d| *d = true);
        }
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
            let params = Params::parse(&c[5]);
            let param = |key: &str| params.get(key).map(|v| v.trim().to_string());
            Some(GlossaryTooltip {
                term_id: param("term_id").filter(|s| !s.is_empty())?,
                text: param("text").filter(|s| !s.is_empty())?,
            })
        })
        .collect()
}

/// What a shortcode may read of the page it stands in and the site it is built into: the
/// release the article is about (for `{{< param "version" >}}`, `{{< skew currentVersion >}}`,
/// `{{< latest-version >}}`, which on kubernetes.io print the release its docs are for) and the
/// glossary's definitions (for `{{< glossary_definition term_id="…" >}}`).
#[derive(Debug, Clone, Default)]
pub struct Page<'a> {
    pub release: Option<Release>,
    pub definitions: Option<&'a Definitions>,
    /// For `{{< feature-state feature_gate_name="X" >}}`, which on kubernetes.io shows the
    /// gate's state from its data.
    pub registry: Option<&'a crate::registry::Registry>,
    /// The term ids whose definitions the shortcodes asked for: all the page's text depends on
    /// of the glossary, so a parse kept between builds is made again only when one of these
    /// definitions changes ([`Definitions::fingerprint_of`]), not on every glossary edit.
    asked: RefCell<BTreeSet<String>>,
}

impl<'a> Page<'a> {
    /// What the article's front matter and the site's glossary tell its shortcodes.
    pub fn of(
        front: &crate::parse::frontmatter::FrontMatter,
        definitions: &'a Definitions,
        registry: &'a crate::registry::Registry,
    ) -> Page<'a> {
        Page {
            release: front.release,
            definitions: Some(definitions),
            registry: Some(registry),
            asked: RefCell::default(),
        }
    }

    /// The stage row of gate `name` a `feature-state` shortcode shows: the one in effect in the
    /// page's release, else the gate's latest; `None` for a gate the registry does not know.
    fn gate_state(&self, name: &str) -> Option<(crate::model::ids::Stage, Release)> {
        let registry = self.registry?;
        let gate = registry
            .gate(name)
            .or_else(|| registry.gate_ignore_case(name))?;
        let row = match self.release {
            Some(r) => gate.stage_row_at(r),
            None => gate.stages.last(),
        }?;
        Some((row.stage, row.from))
    }

    /// The term ids the shortcodes asked the definitions for, sorted.
    pub fn definitions_asked(self) -> Vec<String> {
        self.asked.into_inner().into_iter().collect()
    }

    fn definition(&self, term_id: &str) -> Option<&'a str> {
        let definitions = self.definitions?;
        self.asked.borrow_mut().insert(term_id.to_string());
        definitions.get(term_id)
    }

    /// The name a `glossary_tooltip` without `text` shows: the glossary's for the term, else
    /// the id as written (`etcd`, `kube-proxy`).
    fn term_name(&self, term_id: &str) -> String {
        let id = term_id.trim().to_ascii_lowercase();
        let known = self.definitions.and_then(|d| {
            self.asked.borrow_mut().insert(id.clone());
            d.name(&id)
        });
        known.map_or_else(|| term_id.trim().to_string(), str::to_string)
    }
}

/// The glossary's Japanese definitions by term id (`configmap`, the id kubernetes.io's glossary
/// pages and `term_id` parameters use), for `{{< glossary_definition >}}`, which on
/// kubernetes.io prints the term's definition where a page opens with it.
#[derive(Debug, Clone, Default, Hash)]
pub struct Definitions {
    definitions: std::collections::BTreeMap<String, String>,
    /// The term's name by id, which `{{< glossary_tooltip term_id="etcd" >}}` without a `text`
    /// prints on kubernetes.io.
    names: std::collections::BTreeMap<String, String>,
}

impl Definitions {
    pub fn new(pairs: impl IntoIterator<Item = (String, String)>) -> Definitions {
        Definitions {
            definitions: pairs
                .into_iter()
                .filter(|(_, d)| !d.trim().is_empty())
                .collect(),
            names: Default::default(),
        }
    }

    /// These definitions, with the terms' names by id.
    pub fn with_names(mut self, names: impl IntoIterator<Item = (String, String)>) -> Definitions {
        self.names = names
            .into_iter()
            .filter(|(_, n)| !n.trim().is_empty())
            .collect();
        self
    }

    fn get(&self, term_id: &str) -> Option<&str> {
        self.definitions.get(term_id).map(String::as_str)
    }

    fn name(&self, term_id: &str) -> Option<&str> {
        self.names.get(term_id).map(String::as_str)
    }

    /// What `term_ids` are defined as, in one number: equal for two glossaries that define each
    /// of them alike (or leave it undefined alike).
    pub fn fingerprint_of(&self, term_ids: &[String]) -> u64 {
        let defined: Vec<(&str, Option<&str>, Option<&str>)> = term_ids
            .iter()
            .map(|id| (id.as_str(), self.get(id), self.name(id)))
            .collect();
        crate::text::fingerprint(&defined)
    }
}

/// `{{< glossary_definition term_id="configmap" prepend="ConfigMapは、" >}}`: the prepended words
/// and the term's definition, as kubernetes.io opens a concept page with them. A term the
/// glossary lacks leaves its id in view, never a sentence that stops at `prepend`.
fn glossary_definition(params: &Params, page: &Page) -> String {
    let prepend = params.get("prepend").unwrap_or_default();
    let id = params.get("term_id").unwrap_or_default();
    let definition = page.definition(&id);
    match definition {
        Some(d) => format!("{}{}", markdown_text(&prepend), markdown_text(d)),
        None if id.is_empty() => markdown_text(&prepend),
        None => format!("{}`{}`", markdown_text(&prepend), id.replace('`', "'")),
    }
}

/// kubernetes.io's fixed notes, each as the site's meaning in a sentence of shiori's own: the
/// version check under a task's prerequisites, the prerequisites every task page includes, and
/// the notes on third-party links, the legacy package repositories and dockershim (a note as a
/// quoted box when `alone` on its line, else led by its label). `None` for a shortcode or an
/// included file that is not one of them.
fn fixed_text(name: &str, params: &Params, alone: bool) -> Option<String> {
    let include = || {
        params
            .nth(0)
            .unwrap_or_default()
            .trim_start_matches("included/")
    };
    let (label, text) = match name {
        "version-check" => (
            None,
            "バージョンを確認するには`kubectl version`を実行します。",
        ),
        "include" if include().starts_with("task-tutorial-prereqs") => (
            None,
            "Kubernetesクラスターが必要です。また、そのクラスターと通信できるよう`kubectl`コマンドラインツールを設定しておく必要があります。",
        ),
        "include" if include() == "default-storage-class-prereqs.md" => (
            None,
            "デフォルトのStorageClassでPersistentVolumeを動的にプロビジョニングできるクラスターが必要です。",
        ),
        "thirdparty-content" => (
            Some("備考"),
            "この節はKubernetesが必要とする機能を提供するサードパーティーのプロジェクトにリンクしています。Kubernetesプロジェクトはそれらのプロジェクトに責任を負いません。",
        ),
        "legacy-repos-deprecation" => (
            Some("備考"),
            "旧パッケージリポジトリ（`apt.kubernetes.io`と`yum.kubernetes.io`）は2023年9月13日から非推奨で凍結されています。`pkgs.k8s.io`の新しいパッケージリポジトリを使ってください。",
        ),
        "dockershim-removal" => (
            Some("備考"),
            "dockershimはKubernetes 1.24でKubernetesプロジェクトから削除されました。",
        ),
        _ => return None,
    };
    Some(match label {
        // Alone on its line, a note reads as a quoted box there.
        Some(label) if alone => format!("> **{label}:** {text}"),
        Some(label) => format!("**{label}:** {text}"),
        None => text.to_string(),
    })
}

/// `{{< api-reference page="workload-resources/job-v1" anchor="JobSpec" >}}`: a link to the
/// kind's page of the Kubernetes API reference on kubernetes.io, named by `text` or by the kind
/// the page is about (`job-v1` → Job, `persistent-volume-claim-v1` → PersistentVolumeClaim).
fn api_reference(params: &Params) -> String {
    let page = params.get("page").unwrap_or_default();
    let path_ok = !page.is_empty()
        && page.split('/').all(|p| !p.is_empty() && p != "..")
        && page
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'/'));
    let kind = || -> String {
        let last = page.rsplit('/').next().unwrap_or_default();
        let words: Vec<&str> = last.split('-').collect();
        let keep = words
            .iter()
            .rposition(|w| !is_api_version(w))
            .map_or(words.len(), |i| i + 1);
        words[..keep]
            .iter()
            .map(|w| {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect::<String>())
                    .unwrap_or_default()
            })
            .collect()
    };
    let text = params.get("text").unwrap_or_else(kind);
    if !path_ok {
        return markdown_text(&text);
    }
    let anchor = params
        .get("anchor")
        .filter(|a| {
            a.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'))
        })
        .map(|a| format!("#{a}"))
        .unwrap_or_default();
    format!(
        "[{}](https://kubernetes.io/docs/reference/kubernetes-api/{page}/{anchor})",
        markdown_text(&text)
    )
}

/// An API version segment of a reference page's name: `v1`, `v2`, `v1beta1`, `v1alpha3`.
fn is_api_version(word: &str) -> bool {
    let Some(rest) = word.strip_prefix('v') else {
        return false;
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let tail = &rest[digits..];
    digits > 0
        && (tail.is_empty()
            || ["alpha", "beta"].iter().any(|s| {
                tail.strip_prefix(s)
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            }))
}

/// One shortcode's parameters, named (`file="pods/pod.yaml"`) and positional (`"whatsnext"`,
/// `currentVersion`), in order. Quoted values may hold `\"` (`alt="\"引用\"の図"`).
struct Params(Vec<(Option<String>, String)>);

impl Params {
    fn parse(s: &str) -> Params {
        static ONE: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r#"(?:([A-Za-z_][A-Za-z0-9_\-]*)\s*=\s*)?(?:"((?:[^"\\]|\\.)*)"|`([^`]*)`|([^\s"`=]+))"#)
                .unwrap()
        });
        Params(
            ONE.captures_iter(s)
                .map(|c| {
                    let value = match (c.get(2), c.get(3), c.get(4)) {
                        (Some(q), _, _) => unescape(q.as_str()),
                        (_, Some(raw), _) => raw.as_str().to_string(),
                        (_, _, Some(bare)) => bare.as_str().to_string(),
                        _ => String::new(),
                    };
                    (c.get(1).map(|k| k.as_str().to_string()), value)
                })
                .collect(),
        )
    }

    fn get(&self, key: &str) -> Option<String> {
        self.0
            .iter()
            .find(|(k, _)| k.as_deref() == Some(key))
            .map(|(_, v)| v.clone())
    }

    /// The `n`th positional parameter (Hugo's `.Get 0`).
    fn nth(&self, n: usize) -> Option<&str> {
        self.0
            .iter()
            .filter(|(k, _)| k.is_none())
            .nth(n)
            .map(|(_, v)| v.as_str())
    }
}

/// A Go string literal's escapes, as Hugo reads a quoted parameter.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => out.push('\\'),
            },
            c => out.push(c),
        }
    }
    out
}

/// A callout (`{{< note >}}`, `{{< caution >}}`, `{{< warning >}}`) as the GFM alert that looks
/// and reads the same: kubernetes.io's ja labels are 備考, 注意 and 警告, and its caution is the
/// milder, yellow box, its warning the red one; the site's alerts are 補足 (NOTE), 注意 (WARNING,
/// yellow) and 警告 (CAUTION, red). So caution becomes `[!WARNING]` and warning `[!CAUTION]`.
fn callout(name: &str) -> Option<(&'static str, &'static str)> {
    match name {
        "note" => Some(("NOTE", "備考")),
        "caution" => Some(("WARNING", "注意")),
        "warning" => Some(("CAUTION", "警告")),
        _ => None,
    }
}

/// The heading `{{% heading "whatsnext" %}}` prints: kubernetes.io's ja i18n string
/// `<name>_heading`. A name it lacks is shown as written, never as an empty heading.
fn heading(name: &str) -> String {
    let ja = match name {
        "whatsnext" => "次の項目",
        "prerequisites" => "始める前に",
        "objectives" => "目標",
        "cleanup" => "クリーンアップ",
        "synopsis" => "概要",
        "options" => "オプション",
        "parentoptions" => "親オプションから継承",
        "seealso" => "関連項目",
        "envvars" => "環境変数",
        "examples" => "例",
        "feedback" => "フィードバック",
        other => return markdown_text(other),
    };
    ja.to_string()
}

/// What `{{< param "version" >}}`, `{{< latest-version >}}` and `{{< skew … >}}` print: the
/// page's release (`v1.34` for the first two, `1.34` for skew, `v1.34.0` for `param
/// "fullversion"` and `1.34.0` for `skew currentPatchVersion`, as kubernetes.io's site params
/// are written), or with no release a visible placeholder of the same form (`vX.Y`, `X.Y`,
/// `X.Y.Z`; every minor version `X.Y`, as no other can be told from it), so a URL built of it
/// never has a silent hole.
fn version(name: &str, params: &Params, page: &Page) -> String {
    let offset: Option<i32> = match (name, params.nth(0).unwrap_or_default()) {
        ("param", "version") | ("latest-version", _) => {
            return page.release.map_or("vX.Y".into(), |r| format!("v{r}"));
        }
        // The first release of the minor: a download URL built of it names a file that exists.
        ("param", "fullversion") => {
            return page.release.map_or("vX.Y.Z".into(), |r| format!("v{r}.0"));
        }
        ("skew", "currentPatchVersion") => {
            return page.release.map_or("X.Y.Z".into(), |r| format!("{r}.0"));
        }
        ("param", other) => return markdown_text(other),
        (_, "currentVersion" | "latestVersion") => Some(0),
        (_, "nextMinorVersion") => Some(1),
        (_, "prevMinorVersion") => Some(-1),
        (_, "oldestMinorVersion") => Some(-2),
        (_, "currentVersionAddMinor") => params.nth(1).and_then(|n| n.parse().ok()),
        _ => None,
    };
    let Some(offset) = offset else {
        return markdown_text(params.nth(0).unwrap_or(name));
    };
    // `{{< skew currentVersionAddMinor -1 "-" >}}`: `1-33`, as the docs' versioned URLs write it.
    let separator = match (params.nth(0), params.nth(2)) {
        (Some("currentVersionAddMinor"), Some("-")) => '-',
        _ => '.',
    };
    match page.release {
        Some(r) => {
            let minor = (i32::from(r.minor) + offset).max(0);
            format!("{}{separator}{minor}", r.major)
        }
        None => format!("X{separator}Y"),
    }
}

/// `s` as Markdown text that reads as itself: the characters that would make markup or HTML
/// are escaped.
pub(crate) fn markdown_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii_punctuation() && !matches!(c, '.' | '-' | '/' | ',' | ':' | '"' | '\'') {
            out.push('\\');
        }
        if c == '\n' {
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// `{{% code_sample file="pods/pod.yaml" %}}` as kubernetes.io shows its header: a link to the
/// file under `https://k8s.io/examples/`. A path that is not a plain relative file path stays
/// code, unlinked.
fn code_sample(params: &Params) -> String {
    let Some(file) = params
        .get("file")
        .or_else(|| params.nth(0).map(str::to_string))
    else {
        return String::new();
    };
    let plain = !file.is_empty()
        && !file.starts_with('/')
        && file.split('/').all(|part| !part.is_empty() && part != "..")
        && file
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'/'));
    if plain {
        format!("[`{file}`](https://k8s.io/examples/{file})")
    } else {
        format!("`{}`", file.replace('`', "'").replace('\n', " "))
    }
}

/// A shortcode that makes markup of its own (a box, a figure, a code block): inside a code span
/// it is shown as written, as an author quoting it means (Hugo would fail the page).
fn makes_markup(name: &str) -> bool {
    callout(name).is_some() || matches!(name, "tab" | "tabs" | "figure" | "alert")
}

/// The language of the code block a paired shortcode's content becomes (`""` when it names
/// none): `highlight`'s first parameter, `mermaid` for a diagram (shown as its source, as a
/// fenced `mermaid` block is), a tab's `codelang`; `None` for a shortcode whose content stays
/// Markdown.
fn code_block_language(name: &str, params: &Params) -> Option<String> {
    match name {
        "highlight" => Some(params.nth(0).unwrap_or_default().to_string()),
        "mermaid" => Some("mermaid".to_string()),
        "tab" => params.get("codelang").filter(|l| !l.trim().is_empty()),
        _ => None,
    }
}

/// Which of `lines` hold the code of a shortcode that becomes a code block (`{{< highlight >}}`,
/// `{{< mermaid >}}`, `{{< tab codelang="…" >}}`, its opening tag alone on its line): the lines
/// after that tag, up to the line of its closing tag (to the text's end when it is never closed,
/// as [`degrade`] reads it). The passes that rewrite an article before its shortcodes degrade
/// (Hatena's notation) leave these lines alone, as they leave fenced code.
pub(crate) fn code_shortcode_lines(lines: &[&str]) -> Vec<bool> {
    let mut open: Option<String> = None;
    lines
        .iter()
        .map(|line| {
            if !line.contains("{{") {
                return open.is_some();
            }
            match &open {
                Some(name) => {
                    if SHORTCODE
                        .captures_iter(line)
                        .any(|c| c.get(2).is_none() && !c[3].is_empty() && &c[4] == name)
                    {
                        open = None;
                    }
                    true
                }
                None => {
                    let line = line.trim();
                    open = SHORTCODE
                        .captures(line)
                        .filter(|c| {
                            c[0].len() == line.len() && c.get(2).is_none() && c[3].is_empty()
                        })
                        .filter(|c| code_block_language(&c[4], &Params::parse(&c[5])).is_some())
                        .map(|c| c[4].to_string());
                    false
                }
            }
        })
        .collect()
}

/// Docsy's `{{% alert title="注意" color="warning" %}}` (kubernetes.io's box with a title of its
/// own) as the GFM alert of its colour: `warning` the yellow box, `danger` the red one, any
/// other colour the note.
fn alert_kind(color: &str) -> &'static str {
    match color {
        "warning" => "WARNING",
        "danger" => "CAUTION",
        _ => "NOTE",
    }
}

/// Hugo's `{{< youtube abc123 >}}` (or `id="abc123"`, with an optional `title`): a link to the
/// video, as Zenn's `@[youtube](id)` becomes; an id with any other character stays text.
fn youtube(params: &Params) -> String {
    let id = params
        .get("id")
        .or_else(|| params.nth(0).map(str::to_string))
        .unwrap_or_default();
    let title = params
        .get("title")
        .map(|t| markdown_text(&t))
        .filter(|t| !t.trim().is_empty())
        .unwrap_or_else(|| "YouTube".to_string());
    if id.is_empty()
        || !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
    {
        return title;
    }
    format!("[{title}](https://www.youtube.com/watch?v={id})")
}

/// A paired shortcode waiting for its closing tag, with where its content starts in the output.
struct Open {
    name: String,
    start: usize,
    kind: OpenKind,
}

enum OpenKind {
    /// `> ` goes before every line of the content, after this indentation; a title of the
    /// box's own (Docsy's `alert`) leads its first line.
    Callout {
        indent: String,
        title: Option<String>,
    },
    /// The content becomes a code block in this language, under this tab name.
    CodeTab { lang: String, name: String },
    /// Nothing to do at the close.
    Plain,
    /// Hugo's `comment`: the content is the author's note to themselves, never shown; its line
    /// breaks stay.
    Hidden,
}

/// Replaces each shortcode in `text` by what a reader should see of it.
pub fn degrade(text: &str, page: &Page) -> String {
    if !text.contains("{{") {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 64);
    let mut open: Vec<Open> = Vec::new();
    let mut last = 0;
    for c in SHORTCODE.captures_iter(text) {
        let m = c.get(0).expect("group 0");
        out.push_str(&text[last..m.start()]);
        last = m.end();
        let whole = m.as_str();
        let newlines = "\n".repeat(whole.matches('\n').count());
        // `{{</* note */>}}` is Hugo's way to show a shortcode literally.
        if c.get(2).is_some() {
            out.push_str(&whole.replacen("/*", "", 1).replacen("*/", "", 1));
            continue;
        }
        let closing = !c[3].is_empty();
        let name = &c[4];
        if makes_markup(name)
            && text[..m.start()].ends_with('`')
            && text[m.end()..].starts_with('`')
        {
            out.push_str(whole);
            continue;
        }
        if closing {
            if let Some(i) = open.iter().rposition(|o| o.name == name) {
                // Tags opened inside and never closed end here too.
                while open.len() > i {
                    let o = open.pop().expect("an open tag");
                    close(&mut out, o);
                }
            }
            out.push_str(&newlines);
            continue;
        }
        let params = Params::parse(&c[5]);
        let line_start = out.rfind('\n').map_or(0, |i| i + 1);
        let before = &out[line_start..];
        let alone = before.trim().is_empty()
            && text[m.end()..]
                .split('\n')
                .next()
                .is_some_and(|rest| rest.trim().is_empty());
        let shown = match name {
            n if callout(n).is_some() || n == "alert" => {
                // A callout's box has its kind's label; Docsy's alert the title it is given.
                let (kind, boxed, inline) = match callout(n) {
                    Some((kind, label)) => (kind, None, Some(label.to_string())),
                    None => {
                        let title = params
                            .get("title")
                            .map(|t| markdown_text(&t))
                            .filter(|t| !t.trim().is_empty());
                        let kind = alert_kind(&params.get("color").unwrap_or_default());
                        (kind, title.clone(), title)
                    }
                };
                if alone {
                    let indent = before.to_string();
                    out.push_str(&format!("> [!{kind}]"));
                    open.push(Open {
                        name: n.to_string(),
                        start: out.len(),
                        kind: OpenKind::Callout {
                            indent,
                            title: boxed,
                        },
                    });
                    String::new()
                } else {
                    // Inside a line there is no room for a box: the label leads the text.
                    open.push(Open {
                        name: n.to_string(),
                        start: out.len(),
                        kind: OpenKind::Plain,
                    });
                    inline.map(|l| format!("**{l}:** ")).unwrap_or_default()
                }
            }
            "youtube" => youtube(&params),
            "tab" => {
                let tab = params.get("name").unwrap_or_default();
                match code_block_language(name, &params) {
                    Some(lang) => {
                        open.push(Open {
                            name: name.to_string(),
                            start: out.len(),
                            kind: OpenKind::CodeTab { lang, name: tab },
                        });
                        String::new()
                    }
                    None => {
                        open.push(Open {
                            name: name.to_string(),
                            start: out.len(),
                            kind: OpenKind::Plain,
                        });
                        if tab.trim().is_empty() {
                            String::new()
                        } else {
                            format!("**{}**", markdown_text(tab.trim()))
                        }
                    }
                }
            }
            "glossary_tooltip" => params
                .get("text")
                .filter(|t| !t.trim().is_empty())
                .unwrap_or_else(|| {
                    markdown_text(&page.term_name(&params.get("term_id").unwrap_or_default()))
                }),
            "link" | "tooltip" => params.get("text").unwrap_or_default(),
            "feature-state" => {
                let version = params.get("for_k8s_version").unwrap_or_default();
                let state = params.get("state").unwrap_or_default();
                match params.get("feature_gate_name") {
                    Some(gate) if version.is_empty() => match page.gate_state(&gate) {
                        // As kubernetes.io shows it, from the gate's data.
                        Some((stage, from)) => format!(
                            "{FEATURE_STATE_LABEL} `Kubernetes v{from} [{stage}]` (フィーチャーゲート `{gate}`)"
                        ),
                        None => format!("{FEATURE_STATE_LABEL} フィーチャーゲート `{gate}`"),
                    },
                    Some(gate) => format!(
                        "{FEATURE_STATE_LABEL} `Kubernetes {version} [{state}]` (フィーチャーゲート `{gate}`)"
                    ),
                    None => format!("{FEATURE_STATE_LABEL} `Kubernetes {version} [{state}]`"),
                }
            }
            "figure" => figure(&|k| params.get(k)),
            "code_sample" | "codenew" => code_sample(&params),
            "glossary_definition" => glossary_definition(&params, page),
            "api-reference" => api_reference(&params),
            // A section's name, a parent's name, a file shiori cannot read: nothing to show.
            "include" => fixed_text(name, &params, alone).unwrap_or_default(),
            "capture" | "tabs" => String::new(),
            // kubernetes.io shows the caption above the table; a bold line there reads the same
            // (a table may follow a paragraph's line directly).
            "table" => params
                .get("caption")
                .filter(|c| !c.trim().is_empty())
                .map(|c| format!("**{}**", markdown_text(c.trim())))
                .unwrap_or_default(),
            // `{{< highlight yaml "linenos=table" >}}…{{< /highlight >}}` and `{{< mermaid >}}…` on
            // lines of their own: a code block (in a line, its text stays, as a code span could
            // not hold its lines).
            "highlight" | "mermaid" if alone => {
                open.push(Open {
                    name: name.to_string(),
                    start: out.len(),
                    kind: OpenKind::CodeTab {
                        lang: code_block_language(name, &params).unwrap_or_default(),
                        name: String::new(),
                    },
                });
                String::new()
            }
            "highlight" | "mermaid" => {
                open.push(Open {
                    name: name.to_string(),
                    start: out.len(),
                    kind: OpenKind::Plain,
                });
                String::new()
            }
            "comment" => {
                open.push(Open {
                    name: name.to_string(),
                    start: out.len(),
                    kind: OpenKind::Hidden,
                });
                String::new()
            }
            "heading" => heading(params.nth(0).unwrap_or_default()),
            n if n.ends_with("_heading") || n.ends_with("-heading") => {
                heading(&n[..n.len() - "_heading".len()])
            }
            "param" | "skew" | "latest-version" => version(name, &params, page),
            _ => fixed_text(name, &params, alone).unwrap_or_else(|| {
                params
                    .get("text")
                    .or_else(|| params.get("title"))
                    .map(|t| markdown_text(&t))
                    .or_else(|| params.nth(0).map(markdown_text))
                    .unwrap_or_default()
            }),
        };
        out.push_str(&shown);
        out.push_str(&newlines);
    }
    out.push_str(&text[last..]);
    while let Some(o) = open.pop() {
        close(&mut out, o);
    }
    out
}

/// Ends paired shortcode `o`: its content, from `o.start` to the end of `out`, is quoted or
/// fenced. Lines stay where they were.
fn close(out: &mut String, o: Open) {
    match o.kind {
        OpenKind::Plain => {}
        OpenKind::Hidden => {
            let lines = out[o.start..].matches('\n').count();
            out.truncate(o.start);
            out.push_str(&"\n".repeat(lines));
        }
        OpenKind::Callout { indent, mut title } => {
            let inner = out.split_off(o.start);
            let lines: Vec<&str> = inner.split('\n').collect();
            // The rest of the opening tag's line holds only whitespace (the tag stands alone).
            out.push_str(lines[0].trim_end());
            for (i, line) in lines.iter().enumerate().skip(1) {
                out.push('\n');
                let body = strip_indent(line, indent.len());
                if i + 1 == lines.len() && body.trim().is_empty() {
                    // The closing tag's line is left blank, so the quote ends there.
                    continue;
                }
                out.push_str(&indent);
                // A blank line inside keeps the quote going: a paragraph break within the box.
                out.push_str(if body.trim().is_empty() { ">" } else { "> " });
                if !body.trim().is_empty()
                    && let Some(t) = title.take()
                {
                    out.push_str(&format!("**{t}:** "));
                }
                out.push_str(body);
            }
        }
        OpenKind::CodeTab { lang, name } => {
            let inner = out.split_off(o.start);
            let longest = inner.split(|c| c != '`').map(str::len).max().unwrap_or(0);
            let fence = "`".repeat(longest.max(2) + 1);
            let clean = |s: &str| -> String {
                s.chars()
                    .filter(|c| !matches!(c, '`' | '"' | '\\') && !c.is_control())
                    .collect()
            };
            let lang = clean(&lang)
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_string();
            let name = clean(&name);
            out.push_str(&fence);
            out.push_str(&lang);
            if !name.trim().is_empty() {
                out.push_str(&format!(" title=\"{}\"", name.trim()));
            }
            if !inner.starts_with('\n') && !inner.starts_with("\r\n") {
                out.push('\n');
            }
            out.push_str(&inner);
            // The closing fence takes the closing tag's line, unless content shares it.
            if !inner
                .rsplit('\n')
                .next()
                .unwrap_or_default()
                .trim()
                .is_empty()
            {
                out.push('\n');
            }
            out.push_str(&fence);
        }
    }
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

/// `line` without up to `n` leading spaces or tabs (the indentation of a callout's tag).
fn strip_indent(line: &str, n: usize) -> &str {
    let cut = line
        .bytes()
        .take(n)
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .count();
    &line[cut..]
}

#[cfg(test)]
mod tests {
    use super::{Definitions, GlossaryTooltip, Page, glossary_tooltips};

    fn degrade(text: &str) -> String {
        super::degrade(text, &Page::default())
    }

    fn degrade_for(text: &str, release: &str) -> String {
        super::degrade(
            text,
            &Page {
                release: Some(release.parse().unwrap()),
                ..Page::default()
            },
        )
    }

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
        let src = "a\n{{< tabs name=\"t\" >}}\n注意\n{{< /tabs >}}\nb";
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
            "[`pods/pod.yaml`](https://k8s.io/examples/pods/pod.yaml)"
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
        // Formulas too: each `$` is markup where the article writes math.
        let formulas = format!("{}\n", "$x$ ".repeat(60_000));
        assert!(bound_markup(&formulas).starts_with("    $x$"));
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

    #[test]
    fn callouts_become_the_alerts_that_look_the_same() {
        let src = "a\n{{< note >}}\n注記です。\n\n二段落目\n{{< /note >}}\nb\n";
        assert_eq!(
            degrade(src),
            "a\n> [!NOTE]\n> 注記です。\n>\n> 二段落目\n\nb\n"
        );
        // kubernetes.io's caution is the milder box (注意), its warning the red one (警告).
        assert!(degrade("{{< caution >}}\nx\n{{< /caution >}}").starts_with("> [!WARNING]\n> x"));
        assert!(degrade("{{< warning >}}\nx\n{{< /warning >}}").starts_with("> [!CAUTION]\n> x"));
        // In a list item the box keeps the item's indentation.
        let item = "1. 手順\n   {{< note >}}\n   注記\n   {{< /note >}}\n";
        assert_eq!(degrade(item), "1. 手順\n   > [!NOTE]\n   > 注記\n\n");
        // Inside a line there is no room for a box: the label leads the text.
        assert_eq!(
            degrade("前文 {{< note >}}短い注記{{< /note >}}"),
            "前文 **備考:** 短い注記"
        );
        let src = "{{< note >}}\n`KEP-1` と {{< glossary_tooltip text=\"Pod\" term_id=\"pod\" >}}\n{{< /note >}}";
        assert_eq!(degrade(src), "> [!NOTE]\n> `KEP-1` と Pod\n");
    }

    #[test]
    fn a_closing_tag_written_with_a_space_after_the_slash_closes() {
        // `{{</ tab >}}`, `{{</ note >}}`: Hugo reads them as `{{< /tab >}}`.
        let src = "{{< tabs name=\"t\" >}}\n{{< tab name=\"Linux\" codelang=\"shell\" >}}\necho linux\n{{</ tab >}}\n{{< /tabs >}}\n## 次の見出し\nKEP-753\n";
        let got = degrade(src);
        assert!(got.ends_with("```\n\n## 次の見出し\nKEP-753\n"), "{got}");
        assert_eq!(
            degrade("{{< note >}}\n注記\n{{</ note >}}\n後の段落\n"),
            "> [!NOTE]\n> 注記\n\n後の段落\n"
        );
        assert_eq!(degrade("{{%/ alert %}}"), "");
    }

    #[test]
    fn a_docsy_alert_is_the_box_of_its_colour_with_its_title() {
        let src = "{{% alert title=\"注意\" color=\"warning\" %}}\nこの機能はアルファです。\n{{% /alert %}}\n";
        assert_eq!(
            degrade(src),
            "> [!WARNING]\n> **注意:** この機能はアルファです。\n\n"
        );
        assert!(
            degrade("{{% alert color=\"danger\" %}}\nx\n{{% /alert %}}")
                .starts_with("> [!CAUTION]\n> x")
        );
        assert!(degrade("{{% alert %}}\nx\n{{% /alert %}}").starts_with("> [!NOTE]\n> x"));
        assert_eq!(
            degrade("前文 {{% alert title=\"メモ\" %}}短い{{% /alert %}}"),
            "前文 **メモ:** 短い"
        );
    }

    #[test]
    fn a_youtube_shortcode_is_a_link_to_the_video() {
        assert_eq!(
            degrade("{{< youtube abc123XYZ >}}"),
            "[YouTube](https://www.youtube.com/watch?v=abc123XYZ)"
        );
        assert_eq!(
            degrade("{{< youtube id=\"abc-1_2\" title=\"KubeCon 動画\" >}}"),
            "[KubeCon 動画](https://www.youtube.com/watch?v=abc-1_2)"
        );
        assert_eq!(degrade("{{< youtube \"a)b\" >}}"), "YouTube");
    }

    #[test]
    fn a_tab_with_a_language_is_a_code_block() {
        let src = "{{< tabs name=\"t\" >}}\n{{< tab name=\"マニフェスト\" codelang=\"yaml\" >}}\nkind: Pod\n---\nspec: {}\n{{< /tab >}}\n{{% tab name=\"説明\" %}}\n**太字**\n{{% /tab %}}\n{{< /tabs >}}\n";
        let got = degrade(src);
        assert_eq!(
            got,
            "\n```yaml title=\"マニフェスト\"\nkind: Pod\n---\nspec: {}\n```\n**説明**\n**太字**\n\n\n"
        );
        assert_eq!(got.lines().count(), src.lines().count(), "no line added");
        // Backticks in the code get a longer fence; quotes cannot leave the title.
        let tricky = "{{< tab name=\"a\\\"b`\" codelang=\"sh\" >}}\necho ```\n{{< /tab >}}";
        assert_eq!(degrade(tricky), "````sh title=\"ab\"\necho ```\n````");
    }

    #[test]
    fn headings_print_what_the_japanese_site_prints() {
        assert_eq!(degrade("## {{% heading \"whatsnext\" %}}"), "## 次の項目");
        assert_eq!(
            degrade("## {{% heading \"prerequisites\" %}}"),
            "## 始める前に"
        );
        assert_eq!(degrade("## {{% heading \"seealso\" %}}"), "## 関連項目");
        assert_eq!(degrade("## {{% heading synopsis %}}"), "## 概要");
        assert_eq!(degrade("## {{% cleanup_heading %}}"), "## クリーンアップ");
        // One the site lacks reads as written, never an empty heading.
        assert_eq!(degrade("## {{% heading \"faq\" %}}"), "## faq");
        // Any other shortcode shows its first positional parameter, escaped.
        assert_eq!(degrade("{{< unknown \"<b>x</b>\" >}}"), "\\<b\\>x\\</b\\>");
    }

    #[test]
    fn versions_print_the_articles_release() {
        let url = "[API](/docs/reference/generated/kubernetes-api/{{< param \"version\" >}}/#node-v1-core)";
        assert_eq!(
            degrade_for(url, "1.34"),
            "[API](/docs/reference/generated/kubernetes-api/v1.34/#node-v1-core)"
        );
        assert_eq!(
            degrade(url),
            "[API](/docs/reference/generated/kubernetes-api/vX.Y/#node-v1-core)",
            "no silent hole without a release"
        );
        assert_eq!(degrade_for("{{< latest-version >}}", "1.34"), "v1.34");
        assert_eq!(
            degrade_for("kubectl {{< skew currentVersion >}}", "1.34"),
            "kubectl 1.34"
        );
        assert_eq!(
            degrade_for("v{{< skew currentVersionAddMinor -1 >}}", "1.34"),
            "v1.33"
        );
        assert_eq!(
            degrade_for(r#"v{{< skew currentVersionAddMinor -1 "-" >}}"#, "1.34"),
            "v1-33"
        );
        assert_eq!(
            degrade(r#"v{{< skew currentVersionAddMinor 0 "-" >}}"#),
            "vX-Y"
        );
        assert_eq!(degrade_for("{{< skew nextMinorVersion >}}", "1.34"), "1.35");
        assert_eq!(
            degrade_for("{{< skew oldestMinorVersion >}}", "1.34"),
            "1.32"
        );
        assert_eq!(
            degrade("kubectl {{< skew currentVersion >}} を使います"),
            "kubectl X.Y を使います"
        );
        // Without a release every minor version has the one placeholder, never `X.Y-1`.
        assert_eq!(degrade("{{< skew prevMinorVersion >}}"), "X.Y");
        assert_eq!(
            degrade("v{{< skew currentVersionAddMinor -1 >}} のkubectl"),
            "vX.Y のkubectl"
        );
    }

    #[test]
    fn skew_current_patch_version_is_the_first_patch_of_the_articles_release() {
        let url = "curl -LO \"https://dl.k8s.io/release/v{{< skew currentPatchVersion >}}/bin/linux/amd64/kubectl\"";
        assert_eq!(
            degrade_for(url, "1.33"),
            "curl -LO \"https://dl.k8s.io/release/v1.33.0/bin/linux/amd64/kubectl\""
        );
        assert_eq!(
            degrade(url),
            "curl -LO \"https://dl.k8s.io/release/vX.Y.Z/bin/linux/amd64/kubectl\""
        );
    }

    #[test]
    fn code_samples_link_to_the_examples_site() {
        assert_eq!(
            degrade(r#"{{% codenew file="application/job/job.yaml" %}}"#),
            "[`application/job/job.yaml`](https://k8s.io/examples/application/job/job.yaml)"
        );
        // Only a plain relative path becomes a link.
        for file in ["../etc/passwd", "/abs.yaml", "a b.yaml", "x)(javascript:1"] {
            let got = degrade(&format!("{{{{% code_sample file=\"{file}\" %}}}}"));
            assert!(!got.contains("]("), "{file}: {got}");
        }
    }

    #[test]
    fn figure_alt_keeps_an_escaped_quote() {
        assert_eq!(
            degrade(r#"{{< figure src="a.png" alt="\"引用\"の図" >}}"#),
            "<figure><img src=\"a.png\" alt=\"&quot;引用&quot;の図\"></figure>"
        );
    }

    #[test]
    fn a_shortcode_quoted_in_a_code_span_is_shown_as_written() {
        assert_eq!(
            degrade("`{{< note >}}` と `{{< /note >}}` で囲みます"),
            "`{{< note >}}` と `{{< /note >}}` で囲みます"
        );
        // Text shortcodes print their text there, as Hugo does.
        assert_eq!(
            degrade_for("`v{{< skew currentVersion >}}`", "1.31"),
            "`v1.31`"
        );
    }

    #[test]
    fn a_feature_state_of_a_gate_shows_the_gates_state_from_the_registry() {
        // The built-in registry: InPlacePodVerticalScaling is alpha from 1.27, beta from 1.33,
        // stable from 1.35.
        let registry = crate::registry::Registry::builtin();
        let src = r#"{{< feature-state feature_gate_name="InPlacePodVerticalScaling" >}}"#;
        let shown = |release: Option<&str>| {
            super::degrade(
                src,
                &Page {
                    release: release.map(|r| r.parse().unwrap()),
                    registry: Some(registry),
                    ..Page::default()
                },
            )
        };
        assert_eq!(
            shown(Some("1.33")),
            "FEATURE STATE: `Kubernetes v1.33 [beta]` (フィーチャーゲート `InPlacePodVerticalScaling`)"
        );
        assert_eq!(
            shown(Some("1.30")),
            "FEATURE STATE: `Kubernetes v1.27 [alpha]` (フィーチャーゲート `InPlacePodVerticalScaling`)"
        );
        assert_eq!(
            shown(None),
            "FEATURE STATE: `Kubernetes v1.35 [stable]` (フィーチャーゲート `InPlacePodVerticalScaling`)"
        );
        // A gate the registry does not know: its name alone.
        assert_eq!(
            super::degrade(
                r#"{{< feature-state feature_gate_name="NoSuchGate" >}}"#,
                &Page {
                    registry: Some(registry),
                    ..Page::default()
                }
            ),
            "FEATURE STATE: フィーチャーゲート `NoSuchGate`"
        );
    }

    #[test]
    fn a_highlight_shortcode_is_a_code_block() {
        assert_eq!(
            degrade(
                "例:\n\n{{< highlight yaml \"linenos=table\" >}}\nspec:\n  - name: a\n{{< /highlight >}}\n"
            ),
            "例:\n\n```yaml\nspec:\n  - name: a\n```\n"
        );
        // In a line: its text, and the line count kept.
        assert_eq!(
            degrade("文中 {{< highlight go >}}fmt.Println(){{< /highlight >}} です。\n次"),
            "文中 fmt.Println() です。\n次"
        );
    }

    #[test]
    fn a_comment_is_never_shown_and_keeps_its_lines() {
        assert_eq!(
            degrade(
                "前{{< comment >}}翻訳者メモ: KEP-753 を確認{{< /comment >}}後\n{{< comment >}}\n非公開\n{{< /comment >}}\n本文"
            ),
            "前後\n\n\n\n本文"
        );
        // One never closed hides the rest, as Hugo refuses to show it either.
        assert_eq!(degrade("a\n{{< comment >}}\nメモ\n"), "a\n\n\n");
    }

    #[test]
    fn a_glossary_tooltip_without_text_shows_the_terms_name() {
        let defs = Definitions::new([]).with_names([("pod".to_string(), "Pod".to_string())]);
        let page = Page {
            definitions: Some(&defs),
            ..Page::default()
        };
        let src = r#"{{< glossary_tooltip term_id="pod" >}}と{{< glossary_tooltip term_id="etcd" >}}にデータを保存します。{{< glossary_tooltip text="" term_id="Pod" >}}"#;
        assert_eq!(
            super::degrade(src, &page),
            "Podとetcdにデータを保存します。Pod"
        );
        // What the page printed depends on those names.
        assert_eq!(page.definitions_asked(), ["etcd", "pod"]);
        let renamed = Definitions::new([]).with_names([("pod".to_string(), "ポッド".to_string())]);
        assert_ne!(
            defs.fingerprint_of(&["pod".to_string()]),
            renamed.fingerprint_of(&["pod".to_string()])
        );
    }

    #[test]
    fn the_page_remembers_which_definitions_its_shortcodes_asked_for() {
        let defs = Definitions::new([("pod".to_string(), "最小単位。".to_string())]);
        let page = Page {
            definitions: Some(&defs),
            ..Page::default()
        };
        let src = r#"{{< glossary_definition term_id="service" >}} {{< glossary_definition term_id="pod" >}} {{< glossary_definition term_id="service" >}} {{< glossary_tooltip term_id="node" text="ノード" >}}"#;
        super::degrade(src, &page);
        // Asked for, defined or not; a tooltip prints no definition.
        assert_eq!(page.definitions_asked(), ["pod", "service"]);
    }

    #[test]
    fn a_glossary_definition_prints_the_prepended_words_and_the_terms_definition() {
        let defs = Definitions::new([
            (
                "configmap".to_string(),
                "機密性のないデータをキーと値のペアで保存するAPIオブジェクトです。".to_string(),
            ),
            ("empty".to_string(), " ".to_string()),
        ]);
        let page = Page {
            definitions: Some(&defs),
            ..Page::default()
        };
        let src = r#"{{< glossary_definition term_id="configmap" prepend="ConfigMapは、" length="all" >}}"#;
        assert_eq!(
            super::degrade(src, &page),
            "ConfigMapは、機密性のないデータをキーと値のペアで保存するAPIオブジェクトです。"
        );
        // Without `prepend` the definition stands alone, as the ingress page opens.
        assert!(
            super::degrade(r#"{{< glossary_definition term_id="configmap" >}}"#, &page)
                .starts_with("機密性のない")
        );
        // A term without a definition leaves its id in view, not a sentence cut short.
        for id in ["service", "empty"] {
            let src =
                format!(r#"{{{{< glossary_definition term_id="{id}" prepend="Serviceは、" >}}}}"#);
            assert_eq!(super::degrade(&src, &page), format!("Serviceは、`{id}`"));
        }
    }

    #[test]
    fn kubernetes_io_fixed_notes_read_as_a_sentence_of_their_meaning() {
        // The prerequisites list item of a task page is never an empty bullet.
        let item = degrade(r#"* {{< include "task-tutorial-prereqs.md" >}} {{< version-check >}}"#);
        assert!(
            item.starts_with("* Kubernetesクラスターが必要です。"),
            "{item}"
        );
        assert!(
            item.ends_with("バージョンを確認するには`kubectl version`を実行します。"),
            "{item}"
        );
        assert!(
            degrade(r#"{{< include "task-tutorial-prereqs-node-upgrade.md" >}}"#)
                .contains("`kubectl`")
        );
        assert!(
            degrade(r#"* {{< include "default-storage-class-prereqs.md" >}}"#)
                .contains("StorageClass")
        );
        // A file shiori cannot read shows nothing, as before.
        assert_eq!(
            degrade(r#"{{< include "generated/kubeadm_config_print.md" >}}"#),
            ""
        );
        // Alone on its line a note is a quoted box; inside a line its label leads it.
        let alone = degrade("前\n\n{{% thirdparty-content single=\"true\" %}}\n\n後");
        assert!(alone.contains("\n> **備考:** この節は"), "{alone}");
        assert_eq!(
            alone.lines().count(),
            5,
            "lines stay where they were: {alone}"
        );
        assert!(
            degrade("文 {{% legacy-repos-deprecation %}}")
                .starts_with("文 **備考:** 旧パッケージリポジトリ")
        );
        assert!(degrade("{{% dockershim-removal %}}").contains("1.24"));
    }

    #[test]
    fn an_api_reference_links_the_kinds_page_on_kubernetes_io() {
        assert_eq!(
            degrade(r#"{{< api-reference page="workload-resources/job-v1" >}}"#),
            "[Job](https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/job-v1/)"
        );
        assert_eq!(
            degrade(
                r#"{{< api-reference page="config-and-storage-resources/persistent-volume-claim-v1" anchor="PersistentVolumeClaimSpec" >}}"#
            ),
            "[PersistentVolumeClaim](https://kubernetes.io/docs/reference/kubernetes-api/config-and-storage-resources/persistent-volume-claim-v1/#PersistentVolumeClaimSpec)"
        );
        assert_eq!(
            degrade(
                r#"{{< api-reference page="policy-resources/validating-admission-policy-v1beta1" text="ポリシー" >}}"#
            ),
            "[ポリシー](https://kubernetes.io/docs/reference/kubernetes-api/policy-resources/validating-admission-policy-v1beta1/)"
        );
        // A page that is not a plain path is text, unlinked.
        assert_eq!(
            degrade(r#"{{< api-reference page="javascript:alert(1)" text="x" >}}"#),
            "x"
        );
    }

    #[test]
    fn param_fullversion_is_the_first_patch_of_the_articles_release() {
        assert_eq!(
            degrade_for(
                r#"https://dl.k8s.io/release/{{< param "fullversion" >}}/bin"#,
                "1.34"
            ),
            "https://dl.k8s.io/release/v1.34.0/bin"
        );
        assert_eq!(degrade(r#"{{< param "fullversion" >}}"#), "vX.Y.Z");
    }

    #[test]
    fn a_mermaid_shortcode_is_a_mermaid_code_block() {
        let src = "{{< mermaid >}}\ngraph LR;\n  client([client])-. Ingress-managed <br> load balancer .->ingress[Ingress];\n{{< /mermaid >}}\n後\n";
        assert_eq!(
            degrade(src),
            "```mermaid\ngraph LR;\n  client([client])-. Ingress-managed <br> load balancer .->ingress[Ingress];\n```\n後\n"
        );
        // In a line: its text, as `highlight`'s.
        assert_eq!(
            degrade("文中 {{< mermaid >}}A-->B{{< /mermaid >}} です"),
            "文中 A-->B です"
        );
    }

    #[test]
    fn a_table_shortcode_keeps_its_caption_above_the_table() {
        let src = "{{< table caption=\"リサイズポリシーとQoSクラスの組み合わせ\" >}}\n| リソース | 再起動 |\n|---|---|\n| CPU | なし |\n{{< /table >}}\n";
        assert_eq!(
            degrade(src),
            "**リサイズポリシーとQoSクラスの組み合わせ**\n| リソース | 再起動 |\n|---|---|\n| CPU | なし |\n\n"
        );
        assert_eq!(
            degrade("{{< table caption=\"<b>*注*</b>\" >}}"),
            "**\\<b\\>\\*注\\*\\</b\\>**"
        );
        assert_eq!(degrade("{{< table >}}\n{{< /table >}}"), "\n");
    }

    #[test]
    fn the_code_of_code_shortcodes_is_marked_line_by_line() {
        let lines = [
            "前\n",
            "{{< highlight go >}}\n",
            "f((x))\n",
            "{{< /highlight >}}\n",
            "  {{< mermaid >}}\n",
            "A((B))\n",
            "{{</ mermaid >}}\n",
            "{{< tab name=\"t\" codelang=\"sh\" >}}\n",
            "x\n",
            "{{< /tab >}}\n",
            "{{< tab name=\"説明\" >}}\n",
            "{{< note >}}\n",
            "y\n",
            "{{< /note >}}\n",
            "文中 {{< highlight go >}}z{{< /highlight >}}\n",
            "{{</* highlight go */>}}\n",
            "後\n",
        ];
        assert_eq!(
            super::code_shortcode_lines(&lines),
            [
                false, false, true, true, false, true, true, false, true, true, false, false,
                false, false, false, false, false
            ]
        );
        // Never closed, it holds the rest, as it does when it degrades.
        assert_eq!(
            super::code_shortcode_lines(&["{{< highlight >}}\n", "a\n", "b"]),
            [false, true, true]
        );
    }
}
