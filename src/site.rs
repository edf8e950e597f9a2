//! The whole build as one function from `Sources` to `Output` (files in memory):
//! registry → parse + extract + segment (per article, in parallel) → link + glossary → render
//! ∥ index. Only `load` reads and only `write` writes, so tests, `check` and the dev server
//! run this in memory.
//!
//! lindera is the expensive part of a build, so each article is segmented exactly once, in the
//! parallel parse stage (`glossary::candidates::analyze`): that one pass gives the article's
//! word count (reading time) and its glossary candidates, and the tokens are dropped right
//! after. The glossary build merges those compact per-article results.
//!
//! Content problems are collected across all articles and returned together; a build with any
//! error returns no output at all. What `shiori check` reports about references (KEPs and gates
//! the registry does not know, stages it contradicts) comes back in `Output::findings`, apart
//! from the warnings, so a build does not repeat them on every save.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;
use serde_json::{Value, json};
use tera::Context;

use crate::config::Config;
use crate::diag::{Diagnostic, Diagnostics};
use crate::doc::{BlockKind, Doc};
use crate::extract::{self, ArticleRefs};
use crate::frontmatter::{self, FrontMatter};
use crate::glossary::{self, Glossary, Terms, candidates::ArticleScan};
use crate::ids::Release;
use crate::link::{self, ArticleMeta, RefGraph};
use crate::load::Sources;
use crate::registry::Registry;
use crate::render::markdown;
use crate::render::templates::Templates;
use crate::render::terms as term_tips;
use crate::render::{entities, highlight};
use crate::{api, feeds, japanese, search, shortcodes, urls};

/// One parsed article.
#[derive(Debug, Clone)]
pub struct Article {
    /// Path relative to the site root (`content/x.md`).
    pub path: PathBuf,
    pub front: FrontMatter,
    pub doc: Doc,
    /// Characters a reader sees (not bytes), and the reading time from them.
    pub chars: usize,
    /// Words by the Japanese tokenizer (punctuation left out), from the article's one lindera
    /// pass.
    pub words: usize,
    pub minutes: usize,
    /// The first paragraph, cut to 120 characters.
    pub summary: String,
    /// KEPs, pull requests, gates, SIGs and handles the article mentions (extract stage).
    pub refs: ArticleRefs,
    /// What the article contributes to the glossary (candidates, parenthesized pairs), from the
    /// same lindera pass; taken (left empty) when the glossary is built.
    pub glossary: ArticleScan,
}

impl Article {
    /// The folder of a page bundle (`content/release/` of `content/release/index.md`).
    pub fn bundle_dir(&self) -> Option<&Path> {
        let name = self.path.file_name()?.to_str()?;
        matches!(name, "index.md" | "index.markdown")
            .then(|| self.path.parent())
            .flatten()
    }

    pub fn url(&self) -> String {
        urls::article(&self.front.slug)
    }
}

#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    /// Overrides `site.toml`'s `drafts`.
    pub drafts: Option<bool>,
    /// Overrides `site.toml`'s `base_url`.
    pub base_url: Option<String>,
}

/// The built site: output path (relative, `/`-separated) → bytes, plus the warnings.
#[derive(Debug, Clone, Default)]
pub struct Output {
    pub files: BTreeMap<String, Vec<u8>>,
    pub warnings: Vec<Diagnostic>,
    /// KEPs and gates unknown to the registry, and stages it contradicts: warnings that
    /// `shiori check` reports (and `--strict` makes fatal).
    pub findings: Vec<Diagnostic>,
    pub articles: usize,
}

/// Static files shipped with shiori; a site's `static/` may replace or add files.
pub const BUILTIN_STATIC: &[(&str, &[u8])] = &[
    ("static/style.css", include_bytes!("../static/style.css")),
    ("static/filters.js", include_bytes!("../static/filters.js")),
    ("static/terms.js", include_bytes!("../static/terms.js")),
    ("static/search.js", include_bytes!("../static/search.js")),
    ("static/search.css", include_bytes!("../static/search.css")),
];

/// Where the registry lives; the load stage reads both files with the rest of `glossary/`.
pub const KEPS_FILE: &str = "keps.toml";
pub const GATES_FILE: &str = "feature-gates.toml";
/// The curated glossary, `glossary/terms.toml`.
pub const TERMS_FILE: &str = "terms.toml";

/// The KEP and feature-gate registry: `glossary/keps.toml` and `glossary/feature-gates.toml`
/// over the built-in one (unless `builtin_registry = false`). A missing file is an empty one;
/// problems in a file are errors with its path and line.
pub fn registry(sources: &Sources, config: &Config) -> (Registry, Vec<Diagnostic>) {
    let text = |name: &str| {
        sources
            .glossary_file(name)
            .map(|f| f.text.as_str())
            .unwrap_or("")
    };
    let (own, diags) = Registry::parse(
        &Path::new("glossary").join(KEPS_FILE),
        text(KEPS_FILE),
        &Path::new("glossary").join(GATES_FILE),
        text(GATES_FILE),
    );
    if config.builtin_registry {
        (own.over(Registry::builtin()), diags)
    } else {
        (own, diags)
    }
}

/// The curated glossary from `glossary/terms.toml`. A missing file means no curated terms;
/// problems are diagnostics with the file and line (errors fail the build, a missing
/// definition is a warning).
pub fn curated_terms(sources: &Sources) -> (Terms, Vec<Diagnostic>) {
    match sources.glossary_file(TERMS_FILE) {
        Some(f) => Terms::parse(&f.path, &f.text),
        None => (Terms::empty(), Vec::new()),
    }
}

/// Builds the glossary from the curated terms and the articles' scans, taking the scans out
/// of the articles (they are not needed after this).
pub fn build_glossary(curated: &Terms, articles: &mut [Article], registry: &Registry) -> Glossary {
    let scans: Vec<ArticleScan> = articles
        .iter_mut()
        .map(|a| std::mem::take(&mut a.glossary))
        .collect();
    let docs: Vec<(&crate::ids::Slug, &Doc)> =
        articles.iter().map(|a| (&a.front.slug, &a.doc)).collect();
    let refs: Vec<&ArticleScan> = scans.iter().collect();
    glossary::build_scanned(curated, &docs, &refs, &glossary::registry_names(registry))
}

/// The glossary of a site without rendering it (for `shiori glossary suggest`): config,
/// registry, curated terms, articles, glossary. Content errors come back together, as from
/// [`build`].
pub fn glossary_only(sources: &Sources, opts: &BuildOptions) -> Result<Glossary, Diagnostics> {
    let config = config(sources, opts).map_err(|d| Diagnostics(vec![d]))?;
    let mut diags = Diagnostics::default();
    let (registry, registry_diags) = registry(sources, &config);
    diags.extend(registry_diags);
    let (curated, terms_diags) = curated_terms(sources);
    diags.extend(terms_diags);
    let (mut articles, parse_diags) = parse_articles(sources, &config, &registry);
    diags.extend(parse_diags);
    if diags.has_errors() {
        diags.sort();
        return Err(diags);
    }
    Ok(build_glossary(&curated, &mut articles, &registry))
}

/// Reads `site.toml` (defaults when absent) and applies command-line overrides.
pub fn config(sources: &Sources, opts: &BuildOptions) -> Result<Config, Diagnostic> {
    let mut config = match &sources.site_toml {
        Some(text) => Config::parse(text)?,
        None => Config::default(),
    };
    if let Some(d) = opts.drafts {
        config.drafts = d;
    }
    if let Some(b) = &opts.base_url {
        config.base_url = b.clone();
        if !crate::config::is_absolute_http(b) {
            return Err(Diagnostic::error(
                "--base-url",
                None,
                format!("`--base-url {b}` is not an absolute http(s) URL"),
            )
            .help("give the URL the site will be served from, e.g. `--base-url https://example.org/k8s/`"));
        }
    }
    Ok(config)
}

/// Parses every article, extracts its references and segments it (once) for its word count
/// and glossary candidates; problems of all files are returned together.
pub fn parse_articles(
    sources: &Sources,
    config: &Config,
    registry: &Registry,
) -> (Vec<Article>, Vec<Diagnostic>) {
    let results: Vec<(Option<Article>, Vec<Diagnostic>)> = sources
        .content
        .par_iter()
        .map(|file| {
            let mut diags = Vec::new();
            match frontmatter::split(&file.path, &file.text, &mut diags) {
                Ok(split) => {
                    let body = shortcodes::degrade(&shortcodes::bound_markup(split.body));
                    let doc = crate::doc::parse(&body, split.body_line);
                    for (url, line) in &doc.refused_urls {
                        diags.push(crate::urls::refused(&file.path, *line, url));
                    }
                    let refs = extract::extract(&doc, &split.front, registry);
                    let scan = glossary::candidates::analyze(&doc);
                    (
                        Some(article(file.path.clone(), split.front, doc, refs, scan)),
                        diags,
                    )
                }
                Err(e) => {
                    diags.push(e);
                    (None, diags)
                }
            }
        })
        .collect();
    let mut articles = Vec::new();
    let mut diags = Vec::new();
    for (a, d) in results {
        diags.extend(d);
        articles.extend(a);
    }
    diags.extend(duplicate_slugs(&articles));
    for (path, at, line) in &sources.not_utf8 {
        diags.push(
            Diagnostic::error(
                path,
                Some(*line),
                format!("the file is not UTF-8 text (the first byte that is not is at byte {at})"),
            )
            .help("save it as UTF-8 (in most editors: Save with Encoding → UTF-8)"),
        );
    }
    articles.retain(|a| config.drafts || !a.front.draft);
    // Newest first; ties by slug so the order never depends on the file system.
    articles.sort_by(|a, b| {
        (b.front.release, &b.front.date, &a.front.slug).cmp(&(
            a.front.release,
            &a.front.date,
            &b.front.slug,
        ))
    });
    (articles, diags)
}

fn article(
    path: PathBuf,
    front: FrontMatter,
    doc: Doc,
    refs: ArticleRefs,
    scan: ArticleScan,
) -> Article {
    let chars: usize = doc
        .blocks
        .iter()
        .map(|b| japanese::char_count(&b.text))
        .sum();
    let words = scan.words;
    let summary = doc
        .blocks
        .iter()
        .find(|b| b.kind == BlockKind::Paragraph && japanese::char_count(&b.text) > 20)
        .map(|b| truncate_chars(&b.text.replace('\n', ""), 120))
        .unwrap_or_default();
    Article {
        path,
        front,
        minutes: japanese::reading_minutes(words),
        chars,
        words,
        summary,
        doc,
        refs,
        glossary: scan,
    }
}

/// The link stage over all articles.
pub fn link_articles(articles: &[Article], registry: &Registry) -> RefGraph {
    let inputs: Vec<(ArticleMeta, &Doc, &ArticleRefs)> = articles
        .iter()
        .map(|a| {
            let meta = ArticleMeta {
                slug: a.front.slug.clone(),
                title: a.front.title.clone(),
                release: a.front.release,
                path: a.path.clone(),
            };
            (meta, &a.doc, &a.refs)
        })
        .collect();
    link::link(&inputs, registry)
}

/// What `shiori check` says about the references of every article: unknown KEPs and gates,
/// stages the registry contradicts.
pub fn reference_findings(articles: &[Article], registry: &Registry) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for a in articles {
        out.extend(extract::check_unknown_refs(
            &a.path, &a.doc, &a.refs, registry,
        ));
        out.extend(extract::check_stage_disagreements(
            &a.path, &a.doc, &a.front, &a.refs, registry,
        ));
    }
    let mut d = Diagnostics(out);
    d.sort();
    d.0
}

pub fn truncate_chars(s: &str, n: usize) -> String {
    let mut it = s.chars();
    let head: String = it.by_ref().take(n).collect();
    if it.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

fn duplicate_slugs(articles: &[Article]) -> Vec<Diagnostic> {
    let mut seen: BTreeMap<&str, &Path> = BTreeMap::new();
    let mut out = Vec::new();
    for a in articles {
        if let Some(first) = seen.insert(a.front.slug.as_str(), &a.path) {
            let line = a.doc.blocks.first().map(|_| 1);
            out.push(
                Diagnostic::error(
                    &a.path,
                    line.or(Some(1)),
                    format!(
                        "slug `{}` is already used by {}",
                        a.front.slug,
                        first.display()
                    ),
                )
                .help("give one of the two articles another `slug` in its front matter"),
            );
            seen.insert(a.front.slug.as_str(), first);
        }
    }
    out
}

/// Builds the whole site in memory.
pub fn build(sources: &Sources, opts: &BuildOptions) -> Result<Output, Diagnostics> {
    let mut diags = Diagnostics::default();
    let config = config(sources, opts).map_err(|d| Diagnostics(vec![d]))?;
    let templates = match Templates::new(&sources.templates) {
        Ok(t) => Some(t),
        Err(e) => {
            diags.extend(e);
            None
        }
    };
    let (registry, registry_diags) = registry(sources, &config);
    diags.extend(registry_diags);
    let (curated, terms_diags) = curated_terms(sources);
    diags.extend(terms_diags);
    let (mut articles, parse_diags) = parse_articles(sources, &config, &registry);
    diags.extend(parse_diags);
    let highlight_css =
        highlight::stylesheet(&config.highlight.light_theme, &config.highlight.dark_theme).map_err(
            |m| {
                Diagnostic::error("site.toml", None, m)
                    .help("set `[highlight] light_theme` / `dark_theme` to one of the listed names")
            },
        );
    if let Err(d) = &highlight_css {
        diags.push(d.clone());
    }
    let (Some(templates), Ok(highlight_css)) = (templates, highlight_css) else {
        diags.sort();
        return Err(diags);
    };
    if diags.has_errors() {
        diags.sort();
        return Err(diags);
    }
    let graph = link_articles(&articles, &registry);
    let glossary = build_glossary(&curated, &mut articles, &registry);
    let site = SiteCtx {
        config: &config,
        templates: &templates,
        articles: &articles,
        registry: &registry,
        graph: &graph,
        glossary: &glossary,
    };
    let mut out = Output {
        articles: articles.len(),
        findings: reference_findings(&articles, &registry),
        ..Output::default()
    };
    // Search reads the articles and the graph, not the pages: it indexes beside rendering.
    let synonyms = search::collect::site_synonyms(&site);
    let (rendered, search_files) = rayon::join(
        || site.render_all(),
        || search::index_site(&site, &synonyms),
    );
    out.files.extend(search_files);
    for r in rendered {
        match r {
            Ok((path, bytes)) => {
                out.files.insert(path, bytes);
            }
            Err(d) => diags.push(d),
        }
    }
    if diags.has_errors() {
        diags.sort();
        return Err(diags);
    }
    out.files
        .insert("static/highlight.css".into(), highlight_css.into_bytes());
    for (path, bytes) in BUILTIN_STATIC {
        out.files.insert(path.to_string(), bytes.to_vec());
    }
    for (path, bytes) in &sources.static_files {
        out.files
            .insert(path.to_string_lossy().replace('\\', "/"), bytes.clone());
    }
    // A page bundle's files are published beside its page (`articles/<slug>/logo.png`), so the
    // article's relative `![](logo.png)` works as it does in Hugo.
    for a in &articles {
        let Some(dir) = a.bundle_dir() else { continue };
        for (path, bytes) in sources
            .bundle_files
            .iter()
            .filter(|(p, _)| p.starts_with(dir))
        {
            let rel = path.strip_prefix(dir).expect("filtered by prefix");
            let rel = rel.to_string_lossy().replace('\\', "/");
            out.files.insert(format!("{}{rel}", a.url()), bytes.clone());
        }
    }
    feeds::add(&mut out.files, &config, &articles);
    for a in &articles {
        out.findings.extend(crate::check::missing_images(
            &a.path,
            &a.doc,
            &a.url(),
            &out.files,
        ));
    }
    diags.sort();
    out.warnings = diags.0;
    Ok(out)
}

/// What every page renderer gets: the configuration, the templates, the articles (newest
/// first), the registry, the reference graph and the glossary. Entity, glossary and search
/// pages are rendered through the same helpers.
pub struct SiteCtx<'a> {
    pub config: &'a Config,
    pub templates: &'a Templates,
    pub articles: &'a [Article],
    pub registry: &'a Registry,
    pub graph: &'a RefGraph,
    pub glossary: &'a Glossary,
}

#[derive(Serialize)]
struct ReleaseGroup {
    #[serde(skip)]
    release: Release,
    name: String,
    url: String,
    articles: Vec<Value>,
}

impl SiteCtx<'_> {
    fn render_all(&self) -> Vec<Result<(String, Vec<u8>), Diagnostic>> {
        let mut pages: Vec<Result<(String, Vec<u8>), Diagnostic>> = self
            .articles
            .par_iter()
            .enumerate()
            .map(|(i, a)| self.article_page(i, a))
            .collect();
        pages.push(self.home());
        pages.extend(self.release_pages());
        pages.extend(self.ref_pages());
        pages.extend(self.glossary_pages());
        pages.push(self.not_found());
        pages.push(self.search_page());
        pages.push(Ok((
            "api/articles.json".into(),
            json_bytes(&self.articles_api()),
        )));
        for (path, value) in api::reference_files(self.graph) {
            pages.push(Ok((path.into(), json_bytes(&value))));
        }
        pages
    }

    /// Context every page gets: `site`, `root`, `title`, `description`, `canonical`, `version`.
    pub fn base_ctx(&self, page: &str, title: &str, description: &str) -> Context {
        let mut c = Context::new();
        c.insert(
            "site",
            &json!({
                "title": self.config.title,
                "description": self.config.description,
                "base_url": self.config.base(),
                "language": self.config.language,
            }),
        );
        c.insert("root", &urls::root_of(page));
        c.insert("page_path", page);
        c.insert("title", title);
        c.insert("description", description);
        c.insert("canonical", &format!("{}{}", self.config.base(), page));
        c.insert("og_type", "website");
        c.insert("version", env!("CARGO_PKG_VERSION"));
        c
    }

    pub fn render(
        &self,
        template: &str,
        page: &str,
        ctx: &Context,
    ) -> Result<(String, Vec<u8>), Diagnostic> {
        let html = self.templates.render(template, ctx)?;
        Ok((urls::file_of(page), html.into_bytes()))
    }

    pub fn card(&self, a: &Article) -> Value {
        json!({
            "title": a.front.title,
            "url": a.url(),
            "date": a.front.date,
            "release": a.front.release,
            "sigs": a.front.sigs.iter().map(|s| json!({"name": s, "display": s.display_name(), "url": urls::sig(s)})).collect::<Vec<_>>(),
            "chars": a.chars,
            "minutes": a.minutes,
            "words": a.words,
            "summary": a.summary,
        })
    }

    /// The page of `a`, the `i`-th article (its index in the glossary too).
    fn article_page(&self, i: usize, a: &Article) -> Result<(String, Vec<u8>), Diagnostic> {
        let page = a.url();
        let root = urls::root_of(&page);
        let entities::EntityLinks {
            mut annotations,
            chips,
        } = entities::annotations(&a.doc, &a.refs, self.graph, &root);
        // Term tooltips go where no entity link is: entity links win.
        let tips = term_tips::annotations(
            &a.doc,
            self.glossary,
            self.glossary.hits(i),
            &root,
            &annotations,
        );
        annotations.extend(tips);
        let content = markdown::to_html(
            &a.doc,
            annotations,
            chips,
            &markdown::Options {
                trust_html: self.config.trust_html,
            },
        );
        let toc: Vec<Value> = a
            .doc
            .sections
            .iter()
            .filter(|s| (2..=3).contains(&s.level))
            // A table of contents is for finding one's way: a few hundred entries at most.
            .take(500)
            .map(|s| json!({"level": s.level, "anchor": s.anchor, "title": s.title}))
            .collect();
        let mut article = self.card(a);
        let obj = article.as_object_mut().expect("card is an object");
        obj.insert("content".into(), Value::String(content));
        obj.insert("toc".into(), Value::Array(toc));
        obj.insert(
            "release_url".into(),
            json!(a.front.release.map(urls::release)),
        );
        obj.insert("tags".into(), json!(a.front.tags));
        obj.insert("source".into(), json!(a.front.source));
        obj.insert(
            "path".into(),
            json!(a.path.to_string_lossy().replace('\\', "/")),
        );
        obj.insert("chips".into(), json!(entities::chips(&a.refs, self.graph)));
        let description = if a.front.description.is_some() {
            a.front.description.clone().unwrap_or_default()
        } else {
            a.summary.clone()
        };
        let mut ctx = self.base_ctx(&page, &a.front.title, &description);
        ctx.insert("og_type", "article");
        insert_owned(&mut ctx, "article", article);
        self.render("article.html", &page, &ctx)
    }

    fn releases(&self) -> (Vec<ReleaseGroup>, Vec<Value>) {
        let mut by: BTreeMap<std::cmp::Reverse<Release>, Vec<Value>> = BTreeMap::new();
        let mut none = Vec::new();
        for a in self.articles {
            match a.front.release {
                Some(r) => by
                    .entry(std::cmp::Reverse(r))
                    .or_default()
                    .push(self.card(a)),
                None => none.push(self.card(a)),
            }
        }
        let groups = by
            .into_iter()
            .map(|(r, articles)| ReleaseGroup {
                release: r.0,
                name: r.0.to_string(),
                url: urls::release(r.0),
                articles,
            })
            .collect();
        (groups, none)
    }

    fn home(&self) -> Result<(String, Vec<u8>), Diagnostic> {
        let (groups, none) = self.releases();
        let mut ctx = self.base_ctx("", &self.config.title, &self.config.description);
        ctx.insert("releases", &groups);
        ctx.insert("unreleased", &none);
        self.render("home.html", "", &ctx)
    }

    fn release_pages(&self) -> Vec<Result<(String, Vec<u8>), Diagnostic>> {
        let (groups, _) = self.releases();
        let mut pages = Vec::new();
        let mut ctx = self.base_ctx("releases/", "リリース", "リリースごとの記事");
        ctx.insert("releases", &groups);
        pages.push(self.render("releases.html", "releases/", &ctx));
        for g in &groups {
            let title = format!("Kubernetes {}", g.name);
            let mut ctx = self.base_ctx(
                &g.url,
                &title,
                &format!("Kubernetes {} の変更を扱う記事", g.name),
            );
            ctx.insert("release", g);
            ctx.insert("changes", &self.release_changes(g.release));
            pages.push(self.render("release.html", &g.url, &ctx));
        }
        pages
    }

    fn not_found(&self) -> Result<(String, Vec<u8>), Diagnostic> {
        let mut ctx = self.base_ctx("", "ページが見つかりません", "");
        // Hosts serve 404.html at any missing path, where relative links would not resolve:
        // this page links from the site's absolute path instead.
        let path = self
            .config
            .base()
            .splitn(4, '/')
            .nth(3)
            .map(|p| format!("/{p}"))
            .unwrap_or_else(|| "/".into());
        ctx.insert("root", &path);
        let html = self.templates.render("404.html", &ctx)?;
        Ok(("404.html".into(), html.into_bytes()))
    }

    /// `search/`: the results of `?q=`, filled in by `static/search.js`.
    fn search_page(&self) -> Result<(String, Vec<u8>), Diagnostic> {
        let ctx = self.base_ctx(
            "search/",
            "検索",
            "KEP・PR 番号、フィーチャーゲート名、語句で記事を検索",
        );
        self.render("search.html", "search/", &ctx)
    }

    fn articles_api(&self) -> Value {
        let mut list: Vec<Value> = self
            .articles
            .iter()
            .map(|a| {
                json!({
                    "slug": a.front.slug,
                    "title": a.front.title,
                    "release": a.front.release,
                    "date": a.front.date,
                    "url": a.url(),
                    "sigs": a.front.sigs,
                })
            })
            .collect();
        list.sort_by(|a, b| a["slug"].as_str().cmp(&b["slug"].as_str()));
        api::document("articles", list)
    }
}

/// Puts `value` into `ctx` as it is. `Context::insert` serializes its argument into a new
/// value, which for a page's tree (an article's HTML, a gate's every mention) is a deep copy.
pub fn insert_owned(ctx: &mut Context, key: &str, value: Value) {
    let one = serde_json::Map::from_iter([(key.to_string(), value)]);
    ctx.extend(Context::from_value(Value::Object(one)).expect("an object makes a context"));
}

pub fn json_bytes(v: &Value) -> Vec<u8> {
    let mut s = serde_json::to_string_pretty(v).expect("JSON values serialize");
    s.push('\n');
    s.into_bytes()
}
