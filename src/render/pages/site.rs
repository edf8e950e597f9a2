//! The pages of the site as a whole (render stage): `404.html`, linked from the site's absolute
//! path since hosts serve it at any missing path, and `search/`, which `static/search.js` fills
//! in from the index stage's files.
use crate::model::diag::Diagnostic;
use crate::render::RenderCtx;
use crate::write::FileBytes;

impl RenderCtx<'_> {
    pub(super) fn not_found(&self) -> Result<(String, FileBytes), Diagnostic> {
        let mut ctx = self.base_ctx("", "ページが見つかりません", "");
        // Hosts serve 404.html at any missing path, where relative links would not resolve:
        // this page links from the site's absolute path instead. An offline build is opened
        // from disk, where only relative links do, and 404.html is at the root.
        if !self.config.offline {
            let path = self
                .config
                .base()
                .splitn(4, '/')
                .nth(3)
                .map(|p| format!("/{p}"))
                .unwrap_or_else(|| "/".into());
            ctx.insert("root", &path);
        }
        Ok((
            "404.html".into(),
            self.templates.render("404.html", &ctx)?.into(),
        ))
    }

    /// `search/`: the results of `?q=`, filled in by `static/search.js`.
    pub(super) fn search_page(&self) -> Result<(String, FileBytes), Diagnostic> {
        let ctx = self.base_ctx(
            "search/",
            "検索",
            "KEP・PR 番号、フィーチャーゲート名、語句で記事を検索",
        );
        self.render("search.html", "search/", &ctx)
    }
}
