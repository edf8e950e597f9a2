//! The conductor: the whole build as one function from `Sources` (the load stage's output) to
//! `Output` (files in memory, for the write stage): registry → parse + extract + segment (per
//! article, in parallel) → link + glossary → render ∥ index. Each stage is its own module
//! (`registry`, `parse`, `extract`, `graph`, `glossary`, `render`, `search`, `check`); this file
//! only calls them in order and gathers their diagnostics. Only `load` reads and only `write`
//! writes, so tests, `shiori check` and the dev server run this in memory.
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
use crate::write::FileBytes;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use crate::extract::{self, Mentions};
use crate::glossary::{self, Glossary, Terms, candidates::ArticleScan};
use crate::graph::{self, ArticleMeta, RefGraph};
use crate::load::{SourceFile, Sources};
use crate::model::Article;
use crate::model::article::PackedText;
use crate::model::config::Config;
use crate::model::diag::{Diagnostic, Diagnostics};
use crate::parse::blocks::Doc;
use crate::parse::frontmatter::{self, FrontMatter};
use crate::parse::shortcodes::{self, Definitions};
use crate::registry::Registry;
use crate::render::templates::Templates;
use crate::render::{PageCache, RenderCtx, feeds, highlight};
use crate::search;
use crate::text::{fingerprint, japanese};
use crate::write::Sink;

#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    /// Overrides `site.toml`'s `drafts`.
    pub drafts: Option<bool>,
    /// Overrides `site.toml`'s `base_url`.
    pub base_url: Option<String>,
    /// `--offline`: every internal link names its file (`keps/3962/index.html`), so the site
    /// works from a folder on disk with JavaScript off.
    pub offline: bool,
}

/// The built site: output path (relative, `/`-separated) → bytes, plus the warnings.
#[derive(Debug, Clone, Default)]
pub struct Output {
    pub files: BTreeMap<String, FileBytes>,
    pub warnings: Vec<Diagnostic>,
    /// KEPs and gates unknown to the registry, and stages it contradicts: warnings that
    /// `shiori check` reports (and `--strict` makes fatal).
    pub findings: Vec<Diagnostic>,
    pub articles: usize,
    /// Output paths articles link or show that the build did not make ([`Report::unreached`]).
    pub unreached: BTreeSet<String>,
    /// When each stage ended ([`Report::stages`]).
    pub stages: Vec<StageEnd>,
}

/// Static files shipped with shiori; a site's `static/` may replace or add files.
pub const BUILTIN_STATIC: &[(&str, &[u8])] = &[
    ("static/style.css", include_bytes!("../static/style.css")),
    ("static/filters.js", include_bytes!("../static/filters.js")),
    ("static/terms.js", include_bytes!("../static/terms.js")),
    ("static/search.js", include_bytes!("../static/search.js")),
    ("static/search.css", include_bytes!("../static/search.css")),
    (
        "static/session.css",
        include_bytes!("../static/session.css"),
    ),
    ("static/slides.js", include_bytes!("../static/slides.js")),
    ("static/session.js", include_bytes!("../static/session.js")),
    (
        "static/favicon.svg",
        include_bytes!("../static/favicon.svg"),
    ),
];

/// A built-in static file as it ships: stylesheets and scripts without their comments (every
/// page loads `style.css`, and its comments are a tenth of it; a third of `terms.js` is
/// comments), the rest as they are.
fn builtin_static_bytes(path: &str, bytes: &[u8]) -> Vec<u8> {
    match std::str::from_utf8(bytes) {
        Ok(css) if path.ends_with(".css") => crate::text::compact_css(css).into_bytes(),
        Ok(js) if path.ends_with(".js") => crate::text::compact_js(js).into_bytes(),
        _ => bytes.to_vec(),
    }
}

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

/// A fingerprint of everything [`registry`] reads: what an article's extraction depends on
/// besides its own text.
fn registry_fingerprint(sources: &Sources, config: &Config) -> u64 {
    let text = |name: &str| sources.glossary_file(name).map(|f| f.text.as_str());
    fingerprint(&(text(KEPS_FILE), text(GATES_FILE), config.builtin_registry))
}

/// The official glossary a site may keep (`shiori glossary import` writes it) in place of the
/// built-in one.
pub const OFFICIAL_FILE: &str = "official.toml";

/// The official Kubernetes glossary a site builds with: its own `glossary/official.toml`
/// (`shiori glossary import` writes it), else the built-in one; none with `official_glossary =
/// false`. Problems in the site's file are diagnostics with its file and line. The one place
/// that says which: the build ([`curated_and_official`]) and `shiori glossary suggest` both ask here.
pub fn official_terms(
    sources: &Sources,
    config: &Config,
) -> (Option<Cow<'static, Terms>>, Vec<Diagnostic>) {
    if !config.official_glossary {
        return (None, Vec::new());
    }
    match sources.glossary_file(OFFICIAL_FILE) {
        Some(f) => {
            let (official, d) = Terms::parse_as(&f.path, &f.text, glossary::TermSource::Official);
            (Some(Cow::Owned(official)), d)
        }
        None => (
            Some(Cow::Borrowed(glossary::official::builtin())),
            Vec::new(),
        ),
    }
}

/// The curated glossary: `glossary/terms.toml` over the official Kubernetes glossary
/// ([`official_terms`]), and that official glossary. A missing file means no curated terms;
/// problems are diagnostics with the file and line (errors fail the build, a missing
/// definition is a warning).
fn curated_and_official(
    sources: &Sources,
    config: &Config,
) -> (Terms, Option<Cow<'static, Terms>>, Vec<Diagnostic>) {
    let (own, mut diags) = match sources.glossary_file(TERMS_FILE) {
        Some(f) => Terms::parse(&f.path, &f.text),
        None => (Terms::empty(), Vec::new()),
    };
    let (official, d) = official_terms(sources, config);
    diags.extend(d);
    let curated = match &official {
        Some(o) => own.over(o),
        None => own,
    };
    (curated, official, diags)
}

/// The definitions `{{< glossary_definition term_id="…" >}}` prints, by term id: the official
/// glossary's (its ids are kubernetes.io's `term_id`s), each replaced by the curated
/// glossary's definition of a term of the same id.
fn definitions(curated: &Terms, official: Option<&Terms>) -> Definitions {
    let of = |terms: &Terms| {
        terms
            .terms
            .iter()
            .map(|t| (t.id.0.clone(), t.def_ja.clone()))
            .collect::<Vec<_>>()
    };
    let names = |terms: &Terms| {
        terms
            .terms
            .iter()
            .map(|t| {
                // kubernetes.io's Japanese pages mostly keep an API kind's name in English (Pod,
                // DaemonSet) and write other terms in Japanese (コンテナランタイム).
                let api_kind = t.kind == crate::glossary::terms::TermKind::ApiKind;
                let name = if api_kind || t.ja.is_empty() {
                    &t.en
                } else {
                    &t.ja
                };
                (t.id.0.clone(), name.clone())
            })
            .collect::<Vec<_>>()
    };
    let mut pairs = official.map(of).unwrap_or_default();
    pairs.extend(of(curated));
    let mut named = official.map(names).unwrap_or_default();
    named.extend(names(curated));
    Definitions::new(pairs).with_names(named)
}

/// Builds the glossary from the curated terms and the articles' scans.
pub fn build_glossary(
    curated: &Terms,
    articles: &[Arc<Article>],
    registry: &Registry,
    cache: Option<&mut glossary::OccurrenceCache>,
) -> Glossary {
    let docs: Vec<(&crate::model::ids::Slug, &Doc)> =
        articles.iter().map(|a| (&a.front.slug, &a.doc)).collect();
    let scans: Vec<&ArticleScan> = articles.iter().map(|a| &a.glossary).collect();
    glossary::build_scanned(
        curated,
        &docs,
        &scans,
        &glossary::registry_names(registry),
        cache,
    )
}

/// Empties the articles' glossary scans once the glossary is built, unless a cache shares the
/// article (the next build needs its scan again).
fn drop_scans(articles: &mut [Arc<Article>]) {
    for a in articles {
        if let Some(a) = Arc::get_mut(a) {
            a.glossary = ArticleScan::default();
        }
    }
}

/// The glossary of a site without rendering it (for `shiori glossary suggest`): config,
/// registry, curated terms, articles, glossary; with the official glossary it was built with
/// ([`official_terms`]). Content errors come back together, as from [`build`].
pub fn glossary_only(
    sources: &Sources,
    opts: &BuildOptions,
) -> Result<(Glossary, Option<Cow<'static, Terms>>), Diagnostics> {
    let config = config(sources, opts).map_err(|d| Diagnostics(vec![d]))?;
    let mut diags = Diagnostics::default();
    let (registry, registry_diags) = registry(sources, &config);
    diags.extend(registry_diags);
    let (curated, official, terms_diags) = curated_and_official(sources, &config);
    diags.extend(terms_diags);
    let definitions = definitions(&curated, official.as_deref());
    let (articles, parse_diags) = parse_articles(sources, &config, &registry, &definitions, None);
    diags.extend(parse_diags);
    if diags.has_errors() {
        return Err(diags.for_a_failure());
    }
    Ok((
        build_glossary(&curated, &articles, &registry, None),
        official,
    ))
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
    config.offline = opts.offline;
    if let Some(b) = &opts.base_url {
        config.base_url = b.clone();
        if !crate::model::config::is_absolute_http(b) {
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
/// and glossary candidates; problems of all files are returned together. With a cache, an
/// article whose text, registry and glossary definitions are those of the cached parse is
/// taken from it.
pub fn parse_articles(
    sources: &Sources,
    config: &Config,
    registry: &Registry,
    definitions: &Definitions,
    cache: Option<&mut ParseCache>,
) -> (Vec<Arc<Article>>, Vec<Diagnostic>) {
    let files = sources.content.par_iter();
    parse_files(files, sources, config, registry, definitions, cache)
}

/// [`parse_articles`] of `files`, the content of `sources` or taken from it: taken, each file is
/// let go as soon as it is parsed (its `Article` holds the text it needs), so the site's
/// Markdown is not held twice while the rest parses.
fn parse_files<F: std::borrow::Borrow<SourceFile> + Send>(
    files: impl IndexedParallelIterator<Item = F>,
    sources: &Sources,
    config: &Config,
    registry: &Registry,
    definitions: &Definitions,
    cache: Option<&mut ParseCache>,
) -> (Vec<Arc<Article>>, Vec<Diagnostic>) {
    let registry_key = registry_fingerprint(sources, config);
    let cached = cache.as_deref();
    let results: Vec<(PathBuf, (u64, ParsedFile))> = files
        .map(|file| {
            let file = file.borrow();
            let key = fingerprint(&(registry_key, &file.text));
            let parsed = match cached.and_then(|c| c.files.get(&file.path)) {
                Some((k, p)) if *k == key && p.definitions_unchanged(definitions) => p.clone(),
                _ => parse_file(file, registry, definitions),
            };
            (file.path.clone(), (key, parsed))
        })
        .collect();
    let mut articles = Vec::new();
    let mut diags = Vec::new();
    for (_, (_, p)) in &results {
        diags.extend(p.diags.iter().cloned());
        // Only the sanitizer drops them: with `trust_html` they run as written.
        if let Some(a) = p.article.as_ref().filter(|_| !config.trust_html) {
            diags.extend(
                a.doc
                    .dropped_embeds
                    .iter()
                    .map(|(tag, line)| dropped_embed(&a.path, *line, tag)),
            );
        }
        articles.extend(p.article.clone());
    }
    if let Some(cache) = cache {
        cache.files = results.into_iter().collect();
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
    articles.retain(|a| !a.front.unrendered && (config.drafts || !a.front.draft));
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

/// The warning for a raw-HTML frame or script the sanitizer drops with nothing in its place.
fn dropped_embed(path: &Path, line: usize, tag: &str) -> Diagnostic {
    Diagnostic::warning(
        path,
        Some(line),
        format!("`{tag}` was dropped: no script or frame of an article runs on this site, and nothing in it says what it shows"),
    )
    .help("link to what it shows instead (`[スライド](https://…)`), or write a Zenn embed line: `@[youtube](ID)`, `@[speakerdeck](ID)`, `@[card](URL)`")
}

/// Parse, extract and segment of one Markdown file, with the problems found in it.
#[derive(Clone)]
struct ParsedFile {
    article: Option<Arc<Article>>,
    diags: Vec<Diagnostic>,
    /// The glossary definitions its shortcodes printed (`glossary_definition`), by term id, and
    /// their fingerprint then: the one part of the glossary a parse depends on.
    definitions: (Vec<String>, u64),
}

impl ParsedFile {
    /// Whether the definitions this parse printed are still the same in `definitions`.
    fn definitions_unchanged(&self, definitions: &Definitions) -> bool {
        let (asked, then) = &self.definitions;
        definitions.fingerprint_of(asked) == *then
    }
}

/// The parse stage's results by file, kept between builds (see [`BuildCache`]), each with the
/// fingerprint of what it was made from: the file's text and the registry (and, within the
/// result, the glossary definitions it printed).
#[derive(Default)]
pub struct ParseCache {
    files: HashMap<PathBuf, (u64, ParsedFile)>,
}

fn parse_file(file: &SourceFile, registry: &Registry, definitions: &Definitions) -> ParsedFile {
    let mut diags = Vec::new();
    let mut asked = Vec::new();
    let article = match frontmatter::split(&file.path, &file.text, &mut diags) {
        Ok(split) => {
            let page = shortcodes::Page::of(&split.front, definitions, registry);
            // Hatena's pre blocks are code first: no later pass may rewrite their lines.
            let body = crate::parse::hatena::pre_as_fences(split.body);
            let body = crate::parse::math::display_blocks_as_fences(&body);
            let body = crate::parse::containers::expand(&body);
            let body = crate::parse::markers::without_toc_markers(&body);
            let body = crate::parse::hatena::expand(&body);
            let body = crate::parse::embeds::expand(&body);
            let body = crate::parse::bullets::expand(&body);
            let body = if split.front.marp {
                crate::parse::marp::without_image_keywords(&body)
            } else {
                body
            };
            let body = shortcodes::degrade(&shortcodes::bound_markup(&body), &page);
            asked = page.definitions_asked();
            let mut doc =
                crate::parse::blocks::parse_article(&body, split.body_line, split.front.math);
            for (url, line) in &doc.refused_urls {
                diags.push(crate::model::urls::refused(&file.path, *line, url));
            }
            let refs = extract::extract(&doc, &split.front, registry);
            let mut scan = glossary::candidates::analyze(&doc);
            scan.tooltips = shortcodes::glossary_tooltips(split.body);
            doc.drop_events();
            Some(Arc::new(article(
                file.path.clone(),
                split.front,
                Parsed {
                    doc,
                    body: PackedText::new(&body),
                    body_line: split.body_line,
                    slug_line: split.slug_line,
                },
                refs,
                scan,
            )))
        }
        Err(e) => {
            diags.push(e);
            None
        }
    };
    let then = definitions.fingerprint_of(&asked);
    ParsedFile {
        article,
        diags,
        definitions: (asked, then),
    }
}

/// An article's block map and the Markdown it was parsed from.
struct Parsed {
    doc: Doc,
    body: PackedText,
    body_line: usize,
    slug_line: usize,
}

fn article(
    path: PathBuf,
    front: FrontMatter,
    parsed: Parsed,
    refs: Mentions,
    scan: ArticleScan,
) -> Article {
    let Parsed {
        doc,
        body,
        body_line,
        slug_line,
    } = parsed;
    let chars: usize = doc
        .blocks
        .iter()
        .map(|b| japanese::char_count(&b.text))
        .sum();
    let words = scan.words;
    let summary = crate::model::article::summary_of(&doc);
    Article {
        path,
        front,
        minutes: japanese::reading_minutes(words),
        chars,
        words,
        summary,
        doc,
        body,
        body_line,
        slug_line,
        refs,
        glossary: scan,
    }
}

/// The link stage over all articles; with a cache, an article kept from the last build (the
/// same parse, so the same `Arc`) keeps what it added to the graph then.
pub fn link_articles(
    articles: &[Arc<Article>],
    registry: &Registry,
    cache: Option<&mut LinkCache>,
) -> RefGraph {
    let inputs: Vec<(ArticleMeta, &Doc, &Mentions)> = articles
        .iter()
        .map(|a| {
            let meta = ArticleMeta {
                slug: a.front.slug.clone(),
                title: a.front.title.as_str().into(),
                release: a.front.release,
                path: a.path.clone(),
            };
            (meta, &a.doc, &a.refs)
        })
        .collect();
    let Some(cache) = cache else {
        return graph::link(&inputs, registry);
    };
    let kept = |i: usize| {
        let a = &articles[i];
        cache
            .articles
            .get(&a.path)
            .filter(|(before, _)| Arc::ptr_eq(before, a))
            .map(|(_, links)| links.clone())
    };
    let (graph, made) = graph::link_kept(&inputs, registry, &kept);
    cache.articles = articles
        .iter()
        .zip(made)
        .map(|(a, links)| (a.path.clone(), (a.clone(), links)))
        .collect();
    graph
}

/// What each article added to the reference graph in the last build, with the article it was
/// made from: an article is made again by the parse stage whenever its text, the registry or a
/// glossary definition it printed changes, and the contribution depends on nothing else.
#[derive(Default)]
pub struct LinkCache {
    articles: HashMap<PathBuf, (Arc<Article>, Arc<graph::ArticleLinks>)>,
}

/// What `shiori check` says about the references of every article: unknown KEPs and gates,
/// stages the registry contradicts.
pub fn reference_findings(articles: &[Arc<Article>], registry: &Registry) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for a in articles {
        out.extend(crate::check::references::check_unknown_refs(
            &a.path, &a.doc, &a.front, &a.refs, registry,
        ));
        out.extend(crate::check::references::check_stage_disagreements(
            &a.path, &a.doc, &a.front, &a.refs, registry,
        ));
    }
    let mut d = Diagnostics(out);
    d.sort();
    d.0
}

fn duplicate_slugs(articles: &[Arc<Article>]) -> Vec<Diagnostic> {
    let mut by_slug: BTreeMap<&str, Vec<&Article>> = BTreeMap::new();
    for a in articles {
        by_slug.entry(a.front.slug.as_str()).or_default().push(a);
    }
    // Each article of a shared slug gets the error, naming the others: the one the writer just
    // edited may be any of them.
    let mut out = Vec::new();
    for (slug, sharing) in by_slug.into_iter().filter(|(_, v)| v.len() > 1) {
        for a in &sharing {
            let others: Vec<String> = sharing
                .iter()
                .filter(|o| o.path != a.path)
                .map(|o| o.path.display().to_string())
                .collect();
            out.push(
                Diagnostic::error(
                    &a.path,
                    Some(a.slug_line),
                    format!("slug `{slug}` is also used by {}", others.join(", ")),
                )
                .help("give one of these articles another `slug` in its front matter"),
            );
        }
    }
    out
}

/// What a build keeps for the next one: the dev server builds with one, so a save parses again
/// only the files that changed and renders again only the pages whose inputs changed. A build
/// with a cache gives exactly the files a build without one gives.
#[derive(Default)]
pub struct BuildCache {
    parsed: ParseCache,
    pages: PageCache,
    index: search::index::IndexCache,
    occurrences: glossary::OccurrenceCache,
    links: LinkCache,
    /// What the last good build rendered from.
    last: Option<Arc<LastBuild>>,
}

/// The render inputs of the last good build: what an edited article's page can be made from
/// at once ([`LastBuild::article_page`]), while the next build runs.
pub struct LastBuild {
    config: Config,
    templates: Templates,
    registry: Registry,
    definitions: Definitions,
    articles: Vec<Arc<Article>>,
    graph: RefGraph,
    glossary: Glossary,
}

impl BuildCache {
    /// What the last good build rendered from, if there was one.
    pub fn last(&self) -> Option<Arc<LastBuild>> {
        self.last.clone()
    }
}

impl LastBuild {
    /// The page of an article that changed since the last good build, made at once: parsed,
    /// extracted and segmented anew, rendered with that build's reference graph and glossary.
    /// It is the page the next full build makes unless the change moves the graph or the
    /// glossary (a new KEP title, a new term); that build then brings the final page. `None`
    /// when the last build cannot stand in: there is none, the file is new to it, its slug or
    /// draft state changed, or it has errors.
    pub fn article_page(&self, file: &SourceFile) -> Option<(String, FileBytes)> {
        let before = self.articles.iter().find(|a| a.path == file.path)?;
        let parsed = parse_file(file, &self.registry, &self.definitions);
        let article = parsed.article?;
        if parsed.diags.iter().any(Diagnostic::is_error)
            || article.front.slug != before.front.slug
            || article.front.draft != before.front.draft
            || article.front.unrendered
        {
            return None;
        }
        let site = RenderCtx {
            config: &self.config,
            templates: &self.templates,
            articles: &self.articles,
            registry: &self.registry,
            graph: &self.graph,
            glossary: &self.glossary,
            pages: None,
        };
        site.article_page_with(&article, self.glossary.find_in_doc(&article.doc))
            .ok()
    }
}

/// What a build reports besides its files.
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub warnings: Vec<Diagnostic>,
    /// KEPs and gates unknown to the registry, and stages it contradicts: warnings that
    /// `shiori check` reports (and `--strict` makes fatal).
    pub findings: Vec<Diagnostic>,
    pub articles: usize,
    pub files: usize,
    /// Output paths articles link or show that the build did not make, each reported in
    /// `findings` at the article's line (see `check::links::Unreached`).
    pub unreached: BTreeSet<String>,
    /// When each stage ended, from the start of the build (`shiori build --timings`).
    pub stages: Vec<StageEnd>,
}

/// The end of a stage as `--timings` prints it: when, counted from the start of the build, and
/// the process's memory then.
#[derive(Debug, Clone, Copy)]
pub struct StageEnd {
    pub name: &'static str,
    pub at: std::time::Duration,
    pub memory: Option<Memory>,
}

impl StageEnd {
    /// `name` ends now, `started` being when the build (or the command) started.
    pub fn now(name: &'static str, started: std::time::Instant) -> StageEnd {
        StageEnd {
            name,
            at: started.elapsed(),
            memory: Memory::now(),
        }
    }
}

/// The process's memory at a moment, in bytes: what is resident then, and the most that was
/// resident so far (the peak `/usr/bin/time` reports at the end). Read from `/proc/self/status`,
/// so `None` where there is no such file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Memory {
    pub resident: u64,
    pub peak: u64,
}

impl Memory {
    pub fn now() -> Option<Memory> {
        Memory::parse(&std::fs::read_to_string("/proc/self/status").ok()?)
    }

    /// The `VmRSS` and `VmHWM` lines of a `/proc/<pid>/status` (kB, as the kernel writes them).
    fn parse(status: &str) -> Option<Memory> {
        let kb = |key: &str| -> Option<u64> {
            let line = status.lines().find_map(|l| l.strip_prefix(key))?;
            let n = line.trim().strip_suffix("kB")?.trim().parse::<u64>().ok()?;
            Some(n * 1024)
        };
        Some(Memory {
            resident: kb("VmRSS:")?,
            peak: kb("VmHWM:")?,
        })
    }
}

/// Why a build gave no site: problems in the sources (each with file and line), or the sink
/// could not take a file (a full disk, a folder that cannot be created).
#[derive(Debug)]
pub enum BuildError {
    Content(Diagnostics),
    Write(std::io::Error),
}

impl From<Diagnostics> for BuildError {
    fn from(d: Diagnostics) -> BuildError {
        BuildError::Content(d)
    }
}

/// Builds the whole site in memory.
pub fn build(sources: &Sources, opts: &BuildOptions) -> Result<Output, Diagnostics> {
    in_memory(|sink| run(Cow::Borrowed(sources), opts, sink, None))
}

/// Builds the whole site in memory, reusing what `cache` holds of the previous build and
/// keeping this one's for the next.
pub fn build_cached(
    sources: &Sources,
    opts: &BuildOptions,
    cache: &mut BuildCache,
) -> Result<Output, Diagnostics> {
    in_memory(|sink| run(Cow::Borrowed(sources), opts, sink, Some(cache)))
}

/// Builds the whole site into `sink`, each file as soon as it is made. On an error, some files
/// may have reached the sink: the caller drops them (`write::Staging` does). The sources are
/// taken: the articles' text is let go once they are parsed.
pub(crate) fn build_into(
    sources: Sources,
    opts: &BuildOptions,
    sink: &dyn Sink,
) -> Result<Report, BuildError> {
    run(Cow::Owned(sources), opts, sink, None)
}

fn in_memory(
    build: impl FnOnce(&dyn Sink) -> Result<Report, BuildError>,
) -> Result<Output, Diagnostics> {
    let sink = Mutex::new(BTreeMap::new());
    let report = build(&sink).map_err(|e| match e {
        BuildError::Content(d) => d,
        // Memory takes every file.
        BuildError::Write(e) => Diagnostics(vec![Diagnostic::error("output", None, e.to_string())]),
    })?;
    Ok(Output {
        files: sink.into_inner().unwrap_or_else(|e| e.into_inner()),
        warnings: report.warnings,
        findings: report.findings,
        articles: report.articles,
        unreached: report.unreached,
        stages: report.stages,
    })
}

/// Hands files to the sink and remembers their paths (the sitemap lists the pages, and
/// `check` looks up the images articles show); the first I/O error stops nothing but is
/// returned at the end.
struct Emitter<'a> {
    sink: &'a dyn Sink,
    paths: Mutex<BTreeSet<String>>,
    error: Mutex<Option<std::io::Error>>,
}

impl Emitter<'_> {
    fn put(&self, path: String, bytes: impl Into<FileBytes>) {
        self.paths
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(path.clone());
        if let Err(e) = self.sink.put(path, bytes.into()) {
            self.error
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(e);
        }
    }
}

fn run(
    mut sources: Cow<'_, Sources>,
    opts: &BuildOptions,
    sink: &dyn Sink,
    mut cache: Option<&mut BuildCache>,
) -> Result<Report, BuildError> {
    let started = std::time::Instant::now();
    let mut stages = Vec::new();
    let mut ended = |stage: &'static str| stages.push(StageEnd::now(stage, started));
    let mut diags = Diagnostics::default();
    if let Some(cache) = cache.as_deref_mut() {
        cache.pages.begin();
    }
    let config = config(&sources, opts).map_err(|d| Diagnostics(vec![d]))?;
    let templates = match Templates::new(&sources.templates) {
        Ok(t) => Some(t),
        Err(e) => {
            diags.extend(e);
            None
        }
    };
    let (registry, registry_diags) = registry(&sources, &config);
    diags.extend(registry_diags);
    let (curated, official, terms_diags) = curated_and_official(&sources, &config);
    diags.extend(terms_diags);
    let definitions = definitions(&curated, official.as_deref());
    drop(official);
    let parse_cache = cache.as_deref_mut().map(|c| &mut c.parsed);
    // Past parse, an article is its `Article` (whose `body` the renderer reads); the file's text
    // is a second copy of it, as large as the site's Markdown: taken sources let each file go
    // once it is parsed.
    let (mut articles, parse_diags) = match &mut sources {
        Cow::Owned(owned) => {
            let files = std::mem::take(&mut owned.content).into_par_iter();
            parse_files(files, owned, &config, &registry, &definitions, parse_cache)
        }
        Cow::Borrowed(borrowed) => {
            parse_articles(borrowed, &config, &registry, &definitions, parse_cache)
        }
    };
    diags.extend(parse_diags);
    let sources = &*sources;
    ended("parse, extract, segment");
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
        return Err(diags.for_a_failure().into());
    };
    if diags.has_errors() {
        return Err(diags.for_a_failure().into());
    }
    let (occurrences, links) = match cache.as_deref_mut() {
        Some(c) => (Some(&mut c.occurrences), Some(&mut c.links)),
        None => (None, None),
    };
    let (graph, glossary) = rayon::join(
        || link_articles(&articles, &registry, links),
        || build_glossary(&curated, &articles, &registry, occurrences),
    );
    drop_scans(&mut articles);
    ended("link ∥ glossary");
    let out = Emitter {
        sink,
        paths: Mutex::new(BTreeSet::new()),
        error: Mutex::new(None),
    };
    let mut report = Report {
        articles: articles.len(),
        findings: reference_findings(&articles, &registry),
        ..Report::default()
    };
    let (pages, index_cache) = match cache.as_deref_mut() {
        Some(c) => (Some(&c.pages), Some(&mut c.index)),
        None => (None, None),
    };
    let site = RenderCtx {
        config: &config,
        templates: &templates,
        articles: &articles,
        registry: &registry,
        graph: &graph,
        glossary: &glossary,
        pages,
    };
    // Search reads the articles and the graph, not the pages: it indexes beside rendering.
    let synonyms = search::collect::site_synonyms(&site);
    ended("findings, synonyms");
    // Each side's own end is measured where it ends; the join ends with the later of the two.
    let (render, index) = rayon::join(
        || {
            let errors = site.render_all(&|path, bytes| out.put(path, bytes));
            (errors, StageEnd::now("render (beside index)", started))
        },
        || {
            search::index_site(&site, &synonyms, index_cache, &|path, bytes| {
                out.put(path, bytes)
            });
            StageEnd::now("index (beside render)", started)
        },
    );
    let (errors, rendered) = render;
    stages.push(rendered);
    stages.push(index);
    let mut ended = |stage: &'static str| stages.push(StageEnd::now(stage, started));
    diags.extend(errors);
    if diags.has_errors() {
        return Err(diags.for_a_failure().into());
    }
    out.put("static/highlight.css".into(), highlight_css.into_bytes());
    // A site's own `static/` file of the same name replaces the built-in one, except a copy of
    // it (this repository's own `static/`, or a site that copied shiori's files), which ships
    // as the built-in one does (stylesheets and scripts compacted).
    let is_builtin_copy = |path: &Path, bytes: &[u8]| {
        BUILTIN_STATIC
            .iter()
            .any(|(p, b)| Path::new(p) == path && *b == bytes)
    };
    for (path, bytes) in BUILTIN_STATIC {
        let own = sources
            .static_files
            .iter()
            .find(|(p, _)| p == Path::new(path));
        if own.is_none_or(|(p, b)| is_builtin_copy(p, b)) {
            out.put(path.to_string(), builtin_static_bytes(path, bytes));
        }
    }
    for (path, bytes) in &sources.static_files {
        if !is_builtin_copy(path, bytes) {
            out.put(path.to_string_lossy().replace('\\', "/"), bytes.clone());
        }
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
            out.put(format!("{}{rel}", a.url()), bytes.clone());
        }
    }
    let feed_files = feeds::files(
        &config,
        &articles,
        &out.paths.lock().unwrap_or_else(|e| e.into_inner()),
    );
    for (path, bytes) in feed_files {
        out.put(path, bytes);
    }
    let paths = out.paths.into_inner().unwrap_or_else(|e| e.into_inner());
    let site_base_path = config.base_path();
    for a in &articles {
        let base_path = a
            .source_origin()
            .is_none()
            .then_some(site_base_path.as_str());
        let mut unreached =
            crate::check::links::missing_images(&a.path, &a.doc, &a.url(), base_path, &paths);
        if let Some(base_path) = base_path {
            unreached.extend(crate::check::links::missing_pages(
                &a.path, &a.doc, base_path, &paths,
            ));
        }
        for u in unreached {
            report.findings.push(u.diagnostic);
            report.unreached.insert(u.target);
        }
    }
    if let Some(e) = out.error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(BuildError::Write(e));
    }
    ended("static, bundles, feeds, image check");
    diags.sort();
    report.warnings = diags.0;
    report.files = paths.len();
    report.stages = stages;
    if let Some(cache) = cache {
        cache.pages.finish();
        cache.last = Some(Arc::new(LastBuild {
            config,
            templates,
            registry,
            definitions,
            articles,
            graph,
            glossary,
        }));
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(articles: &[(&str, &str)]) -> Sources {
        Sources {
            content: articles
                .iter()
                .map(|(name, body)| SourceFile {
                    path: PathBuf::from(format!("content/{name}.md")),
                    text: format!("+++\ntitle = \"{name}\"\n+++\n{body}\n"),
                })
                .collect(),
            ..Sources::default()
        }
    }

    fn defined(pairs: &[(&str, &str)]) -> Definitions {
        Definitions::new(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())))
    }

    /// The article parsed from `name`, by pointer: equal pointers are one parse, kept.
    fn parse(
        sources: &Sources,
        definitions: &Definitions,
        cache: &mut ParseCache,
    ) -> Vec<Arc<Article>> {
        let config = config(sources, &BuildOptions::default()).unwrap();
        let (registry, _) = registry(sources, &config);
        let (mut articles, diags) =
            parse_articles(sources, &config, &registry, definitions, Some(cache));
        assert!(diags.is_empty(), "{diags:?}");
        articles.sort_by(|a, b| a.path.cmp(&b.path));
        articles
    }

    #[test]
    fn memory_is_read_from_the_kernels_resident_and_high_water_lines() {
        let status = "Name:\tshiori\nVmPeak:\t  900000 kB\nVmHWM:\t  654321 kB\nVmRSS:\t  123456 kB\nThreads:\t3\n";
        assert_eq!(
            Memory::parse(status),
            Some(Memory {
                resident: 123456 * 1024,
                peak: 654321 * 1024,
            })
        );
        assert_eq!(Memory::parse("Name:\tshiori\nVmRSS:\t 12 kB\n"), None);
        // This process: what it holds now is at most the most it has held.
        if let Some(m) = Memory::now() {
            assert!(m.resident > 0 && m.resident <= m.peak, "{m:?}");
        }
    }

    #[test]
    fn a_kept_parse_is_made_again_only_when_a_definition_it_printed_changes() {
        let sources = site(&[
            (
                "a",
                r#"{{< glossary_definition term_id="configmap" prepend="ConfigMapは、" >}}"#,
            ),
            ("b", "Podの話です。"),
        ]);
        let mut cache = ParseCache::default();
        let first = parse(
            &sources,
            &defined(&[
                ("configmap", "設定を保存するAPIオブジェクトです。"),
                ("pod", "最小単位。"),
            ]),
            &mut cache,
        );
        assert!(
            first[0]
                .body
                .text()
                .contains("ConfigMapは、設定を保存するAPIオブジェクトです。")
        );

        // Another term's definition changed: both parses are kept.
        let other = parse(
            &sources,
            &defined(&[
                ("configmap", "設定を保存するAPIオブジェクトです。"),
                ("pod", "コンテナの集まり。"),
            ]),
            &mut cache,
        );
        assert!(Arc::ptr_eq(&first[0], &other[0]) && Arc::ptr_eq(&first[1], &other[1]));

        // The printed definition changed: that article is parsed again and prints it.
        let printed = parse(
            &sources,
            &defined(&[
                ("configmap", "キーと値のペアを保存します。"),
                ("pod", "コンテナの集まり。"),
            ]),
            &mut cache,
        );
        assert!(!Arc::ptr_eq(&other[0], &printed[0]));
        assert!(
            printed[0]
                .body
                .text()
                .contains("ConfigMapは、キーと値のペアを保存します。")
        );
        assert!(Arc::ptr_eq(&other[1], &printed[1]));

        // The definition removed: the shortcode falls back to the id, so it is parsed again.
        let removed = parse(
            &sources,
            &defined(&[("pod", "コンテナの集まり。")]),
            &mut cache,
        );
        assert!(!Arc::ptr_eq(&printed[0], &removed[0]));
        assert!(removed[0].body.text().contains("ConfigMapは、`configmap`"));
    }
}
