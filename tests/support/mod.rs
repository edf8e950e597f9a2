//! Helpers shared by the integration tests: a WebDriver client for Debian's headless Chromium
//! and a static HTTP server for serving a built site under a sub-path.
#![allow(dead_code)]
pub mod browser;
pub mod http;
