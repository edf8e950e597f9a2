//! The pages of the site (render stage), one module per kind: articles ([`article`]), the home
//! and release pages ([`releases`], their changes in [`changes`], their slides, handout and
//! glossary sheet and an article's slides in [`session`]), KEP, feature-gate and SIG pages ([`entities`]), the glossary
//! ([`glossary`]) and the 404 and search pages ([`site`]).
//!
//! `RenderCtx::render_all` takes the render context and gives every page and JSON file as
//! (output path, bytes), or the template error of a page; `pipeline::build` runs it beside the
//! index stage. The modules only shape template contexts: the facts come from the link stage
//! (`graph`) and the glossary, and the templates decide how pages look.
use crate::model::diag::Diagnostic;
use crate::write::FileBytes;
use rayon::prelude::*;

use crate::model::urls;
use crate::render::{RenderCtx, api, json_bytes};

pub(crate) mod article;
pub(crate) mod changes;
pub(crate) mod entities;
pub(crate) mod glossary;
pub(crate) mod releases;
pub(crate) mod session;
pub(crate) mod site;

/// A rendered file: (output path, bytes), or the diagnostic of the template that failed.
type Page = Result<(String, FileBytes), Diagnostic>;

impl RenderCtx<'_> {
    /// Renders every page and JSON file, handing each to `emit` as soon as it is made (from
    /// several threads: article pages are rendered in parallel, and so are the entity and
    /// glossary pages), and gives the template errors.
    pub(crate) fn render_all(&self, emit: &(dyn Fn(String, FileBytes) + Sync)) -> Vec<Diagnostic> {
        let errors = std::sync::Mutex::new(Vec::new());
        let offline = self.config.offline;
        let take = |page: Page| match page {
            // `--offline`: one pass over every page, after the templates, so no template or
            // Markdown pass needs to know (and a site's own templates get it too).
            Ok((path, bytes)) if offline && path.ends_with(".html") => {
                let html = String::from_utf8_lossy(&bytes);
                emit(path, urls::offline_page(&html).into_bytes().into())
            }
            Ok((path, bytes)) => emit(path, bytes),
            Err(d) => errors.lock().unwrap_or_else(|e| e.into_inner()).push(d),
        };
        self.articles
            .par_iter()
            .enumerate()
            .for_each(|(i, a)| self.article_pages(i, a).into_iter().for_each(take));
        take(self.home());
        self.release_pages(&take);
        self.ref_pages(&take);
        self.glossary_pages(&take);
        take(self.not_found());
        take(self.search_page());
        take(Ok((
            "api/articles.json".into(),
            json_bytes(&self.articles_api()).into(),
        )));
        for (path, bytes) in api::reference_files(self.graph) {
            take(Ok((path.into(), bytes.into())));
        }
        errors.into_inner().unwrap_or_else(|e| e.into_inner())
    }
}
