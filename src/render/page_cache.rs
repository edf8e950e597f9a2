//! The rendered pages of the previous build, for the dev server's rebuilds: each page is kept
//! with a fingerprint of everything it was made from (the template set, the template's name and
//! the whole template context; for an article page, its Markdown, the entity links and term
//! tooltips put into it and its context), so a rebuild renders again only the pages whose inputs
//! changed and takes the others' bytes as they were. A page is the same bytes whenever its
//! inputs are the same (rendering is deterministic), so a rebuild with the cache gives what a
//! build without it gives.
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::model::diag::Diagnostic;
use crate::write::FileBytes;

/// Pages by output path with the fingerprint of their inputs: those of the previous build
/// (read) and those of the build under way (written).
#[derive(Default)]
pub struct PageCache {
    previous: HashMap<String, Kept>,
    next: Mutex<HashMap<String, Kept>>,
}

/// A page's input fingerprint and bytes.
type Kept = (u64, FileBytes);

impl PageCache {
    /// The page at `file` made from inputs with fingerprint `key`: the previous build's bytes
    /// when its key was the same, else `render()`'s.
    pub(crate) fn get_or_render(
        &self,
        file: &str,
        key: u64,
        render: impl FnOnce() -> Result<Vec<u8>, Diagnostic>,
    ) -> Result<FileBytes, Diagnostic> {
        let out = match self.previous.get(file) {
            Some((k, bytes)) if *k == key => bytes.clone(),
            _ => Arc::new(render()?),
        };
        self.next
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(file.to_string(), (key, out.clone()));
        Ok(out)
    }

    /// Starts a build: what a failed build before it recorded is dropped.
    pub(crate) fn begin(&mut self) {
        self.next
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }

    /// Ends a good build: its pages become the ones the next build may reuse. Pages it did not
    /// make (deleted articles, entities no longer mentioned) are forgotten; after a failed build
    /// the previous pages stay the ones to reuse.
    pub(crate) fn finish(&mut self) {
        self.previous = std::mem::take(self.next.get_mut().unwrap_or_else(|e| e.into_inner()));
    }
}
