//! The pages of the site (render stage), one module per kind: articles ([`article`]), the home
//! and release pages ([`releases`]), KEP, feature-gate and SIG pages ([`entities`]), the glossary
//! ([`glossary`]) and the 404 and search pages ([`site`]).
//!
//! `RenderCtx::render_all` takes the render context and gives every page and JSON file as
//! (output path, bytes), or the template error of a page; `pipeline::build` runs it beside the
//! index stage. The modules only shape template contexts: the facts come from the link stage
//! (`graph`) and the glossary, and the templates decide how pages look.
use crate::model::diag::Diagnostic;
use rayon::prelude::*;

use crate::render::{RenderCtx, api, json_bytes};

pub mod article;
pub mod entities;
pub mod glossary;
pub mod releases;
pub mod site;

/// A rendered file: (output path, bytes), or the diagnostic of the template that failed.
type Page = Result<(String, Vec<u8>), Diagnostic>;

impl RenderCtx<'_> {
    pub(crate) fn render_all(&self) -> Vec<Result<(String, Vec<u8>), Diagnostic>> {
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
}
