//! What `shiori check` reports beyond a build's own diagnostics, run inside the build: the
//! references an article makes that the registry does not know or contradicts
//! ([`references`], over the parsed articles after extract), and the internal links and images
//! of the built output that do not resolve ([`links`], over the files in memory, before write).
//! Both give diagnostics; neither changes the site.
pub mod links;
pub mod references;
