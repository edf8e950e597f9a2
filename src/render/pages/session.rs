//! The study-session pages (render stage): a release's slides (`releases/<x.y>/slides/`), its
//! printable handout (`releases/<x.y>/handout/`, with a QR code of the release page's hosted
//! URL), its glossary sheet (`releases/<x.y>/glossary/`) and an article's slides
//! (`articles/<slug>/slides/`), through `release_slides.html`, `handout.html`,
//! `glossary_sheet.html` and `article_slides.html`.
//!
//! The release pages read the release-change model ([`super::changes`]), so a change reads the
//! same on the release page, the projector and paper. `static/slides.js` steps through the
//! slides (an article's are cut from its HTML in the browser, one section or changelog item
//! each); `static/session.js` keeps the checklist of the release page and the handout.
use serde::Serialize;

use crate::model::diag::Diagnostic;
use crate::model::ids::Release;
use crate::model::{Article, urls};
use crate::render::{RenderCtx, highlight, term_tips};
use crate::text::truncate_chars;

use super::Page;
use super::article::ArticleHtml;
use super::changes::StageChanges;

/// The longest one-line summary of a change a handout row shows, in characters: two A4 pages
/// hold a release of about sixty changes at one line each.
const HANDOUT_LINE_CHARS: usize = 40;
/// The longest title a handout row shows, in characters.
const HANDOUT_TITLE_CHARS: usize = 24;

/// The release a session page is about (`release` of the session templates).
#[derive(Serialize)]
struct SessionRelease {
    #[serde(skip)]
    release: Release,
    name: String,
    /// The release page, site-relative.
    url: String,
    /// The release page where the site is hosted (`base_url`), as the QR code says it.
    hosted_url: String,
    articles: usize,
}

/// A row of the handout's table.
#[derive(Serialize)]
struct HandoutRow<'a> {
    id: &'a str,
    stage: Option<crate::model::ids::Stage>,
    stage_label: &'static str,
    kind: &'static str,
    label: &'a str,
    url: &'a str,
    item_url: &'a str,
    title: String,
    line: String,
    section: String,
    gates: &'a [super::changes::GateChip<'a>],
}

/// A term of the glossary sheet: a term the release's articles link (curated or official;
/// an everyday word only from an article for beginners).
#[derive(Serialize)]
struct SheetTerm<'a> {
    en: &'a str,
    ja: &'a str,
    def: &'a str,
    url: String,
    uses: usize,
}

/// The QR code of `url` as inline SVG (no XML declaration), made at build time.
fn qr_svg(url: &str) -> String {
    match qrcode::QrCode::new(url.as_bytes()) {
        Ok(code) => {
            let svg = code
                .render::<qrcode::render::svg::Color>()
                .min_dimensions(160, 160)
                .quiet_zone(true)
                .build();
            // An inline <svg> in HTML takes no XML declaration.
            match svg.find("<svg") {
                Some(i) => svg[i..].to_string(),
                None => svg,
            }
        }
        // A URL too long for any QR version: the handout prints the URL alone.
        Err(_) => String::new(),
    }
}

impl<'a> RenderCtx<'a> {
    fn session_release(&self, r: Release, articles: usize) -> SessionRelease {
        let url = urls::release(r);
        SessionRelease {
            release: r,
            name: r.to_string(),
            hosted_url: format!("{}{url}", self.config.base()),
            url,
            articles,
        }
    }

    /// The slides, handout and glossary sheet of release `r`, whose articles are `articles`.
    pub(super) fn session_pages(&self, r: Release, articles: &[&Article]) -> Vec<Page> {
        let changes = self.release_changes(r);
        let release = self.session_release(r, articles.len());
        vec![
            self.release_slides(&release, &changes),
            self.handout(&release, &changes),
            self.glossary_sheet(&release, articles),
        ]
    }

    /// The page `release.url` + `sub` and its template context: `title` and `description`
    /// follow `Kubernetes <x.y> `; the context has `release`.
    fn session_ctx(
        &self,
        release: &SessionRelease,
        sub: &str,
        title: &str,
        description: &str,
    ) -> (String, tera::Context) {
        let page = format!("{}{sub}", release.url);
        let name = format!("Kubernetes {}", release.name);
        let mut ctx = self.base_ctx(
            &page,
            &format!("{name} {title}"),
            &format!("{name} {description}"),
        );
        ctx.insert("release", release);
        (page, ctx)
    }

    fn release_slides(&self, release: &SessionRelease, changes: &[StageChanges<'a>]) -> Page {
        let (page, mut ctx) = self.session_ctx(
            release,
            "slides/",
            "の変更（スライド）",
            "の変更を段階ごとに一枚ずつ",
        );
        ctx.insert("changes", changes);
        ctx.insert(
            "count",
            &changes.iter().map(|g| g.items.len()).sum::<usize>(),
        );
        ctx.insert("since", &self.since_previous(release.release));
        self.render("release_slides.html", &page, &ctx)
    }

    fn handout(&self, release: &SessionRelease, changes: &[StageChanges<'a>]) -> Page {
        let rows: Vec<HandoutRow> = changes
            .iter()
            .flat_map(|g| {
                g.items.iter().map(move |c| HandoutRow {
                    id: &c.id,
                    stage: g.stage,
                    stage_label: g.label,
                    kind: c.kind,
                    label: &c.label,
                    url: c.url,
                    item_url: c.item_url,
                    title: truncate_chars(c.title.unwrap_or(""), HANDOUT_TITLE_CHARS),
                    line: truncate_chars(&c.sentence, HANDOUT_LINE_CHARS),
                    section: truncate_chars(c.section, HANDOUT_TITLE_CHARS),
                    gates: &c.gates,
                })
            })
            .collect();
        let (page, mut ctx) =
            self.session_ctx(release, "handout/", "配布資料", "の変更の一覧（A4 印刷用）");
        ctx.insert("rows", &rows);
        ctx.insert("qr", &qr_svg(&release.hosted_url));
        self.render("handout.html", &page, &ctx)
    }

    fn glossary_sheet(&self, release: &SessionRelease, articles: &[&Article]) -> Page {
        let mut uses: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
        for (i, a) in self.articles.iter().enumerate() {
            if !articles.iter().any(|x| std::ptr::eq(*x, &**a)) {
                continue;
            }
            for (_, _, id) in self.glossary.hits(i) {
                // The terms the article links: an everyday word only where it is linked.
                if self
                    .glossary
                    .term(&id.0)
                    .is_some_and(|t| term_tips::links_in(t, a.front.beginner))
                {
                    *uses.entry(id.0.as_str()).or_default() += 1;
                }
            }
        }
        let mut terms: Vec<SheetTerm> = uses
            .into_iter()
            .filter_map(|(id, n)| {
                let t = self.glossary.term(id)?;
                Some(SheetTerm {
                    en: &t.en,
                    ja: &t.ja,
                    def: t.definition(),
                    url: t.url(),
                    uses: n,
                })
            })
            .collect();
        terms.sort_by(|a, b| {
            a.en.to_lowercase()
                .cmp(&b.en.to_lowercase())
                .then(a.en.cmp(b.en))
        });
        let (page, mut ctx) = self.session_ctx(
            release,
            "glossary/",
            "用語シート",
            "の記事が使う用語（英語・日本語・定義）",
        );
        ctx.insert("terms", &terms);
        self.render("glossary_sheet.html", &page, &ctx)
    }

    /// `articles/<slug>/slides/`: the article's HTML (`html`, made for the article page),
    /// which `static/slides.js` cuts into one slide per section or changelog item, or a Marp
    /// deck's at its `---` breaks.
    pub(super) fn article_slides(&self, a: &Article, html: &ArticleHtml<'_>) -> Page {
        let page = format!("{}slides/", a.url());
        let mut ctx = self.base_ctx(&page, &a.front.title, &a.summary);
        ctx.insert("article", &self.card(a));
        // A Marp deck is cut at its own `---` slide breaks.
        ctx.insert("marp", &a.front.marp);
        let file = urls::file_of(&page);
        let key = self
            .pages
            .map(|_| self.page_key("article_slides.html", &ctx, html.inputs()));
        let render = move || -> Result<Vec<u8>, Diagnostic> {
            // The HTML links from the article's folder (where a page bundle's images and the
            // author's relative links point from); the slides are one folder down.
            let content = urls::map_attributes(html.get(), &["href", "src"], |u| {
                if urls::is_relative_path(u) {
                    format!("../{u}")
                } else {
                    u.to_string()
                }
            });
            let mut ctx = ctx;
            ctx.insert("has_code", &highlight::has_code(&content));
            ctx.insert("content", &content);
            self.templates.render("article_slides.html", &ctx)
        };
        let bytes = match (self.pages, key) {
            (Some(cache), Some(key)) => cache.get_or_render(&file, key, render)?,
            _ => render()?.into(),
        };
        Ok((file, bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_qr_code_is_inline_svg_of_the_url() {
        let svg = qr_svg("https://example.org/k8s/releases/1.32/");
        assert!(svg.starts_with("<svg"), "{}", &svg[..40]);
        assert!(svg.contains("<path") || svg.contains("<rect"));
        // The same URL gives the same picture: the handout is deterministic.
        assert_eq!(svg, qr_svg("https://example.org/k8s/releases/1.32/"));
        assert_ne!(svg, qr_svg("https://example.org/k8s/releases/1.31/"));
    }
}
