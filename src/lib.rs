//! shiori turns Japanese articles about Kubernetes releases into a cross-linked static study
//! site. The pipeline runs one way, one module (or folder) per stage:
//!
//! ```text
//! load -> parse -> extract -> link -> render -> index -> write
//! load    parse    extract    graph   render    search   write
//! ```
//!
//! [`pipeline`] conducts the stages between `load` and `write`; the glossary is built between
//! link and render ([`glossary`]), and [`check`] looks over the references and the built output
//! for `shiori check`. `load` is the only stage that reads the disk and `write` the only one
//! that writes; everything between is a function from data to data, so tests and the dev server
//! run it in memory. [`model`] and [`text`] hold what the stages share; [`cli`] is the command
//! line's shape and [`cmd`] runs its commands.
pub mod check;
pub mod cli;
pub mod cmd;
pub mod extract;
pub mod glossary;
pub mod graph;
pub mod load;
pub mod model;
pub mod parse;
pub mod pipeline;
pub mod registry;
pub(crate) mod render;
pub mod search;
pub mod text;
pub(crate) mod write;
