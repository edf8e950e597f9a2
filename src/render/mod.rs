//! The render stage: Markdown to HTML (`markdown`, `highlight`) and pages through tera
//! templates (`templates`).
pub mod highlight;
pub mod markdown;
pub mod templates;
