//! The render stage: Markdown to HTML (`markdown`, `highlight`), in-place entity links
//! (`entities`) and pages through tera templates (`templates`).
pub mod entities;
pub mod highlight;
pub mod markdown;
pub mod templates;
