//! The article screenshots for the README, of the 1.32 seed article: on a desk (1280 wide), on a
//! phone (390 wide, a screen down, with the reading bar), in dark mode, and printed (Chromium's
//! print rendering of the page at A4 width, first page).
//!
//! ```text
//! cargo run --example article_screenshot -- OUT_DIR [SCREENSHOT_DIR]
//! ```
//!
//! e.g. `shiori build --output /tmp/site --base-url https://example.org/k8s/` in the
//! repository, then `cargo run --example article_screenshot -- /tmp/site`; writes
//! `article.png`, `article-phone.png`, `article-dark.png` and `article-print.png` into
//! `docs/screenshots/` (or SCREENSHOT_DIR).

// The test support this example includes is private to it (see tests/it/main.rs).
#![allow(unreachable_pub)]
#[path = "../tests/it/support/browser.rs"]
#[allow(dead_code)]
mod browser;
#[path = "support/png.rs"]
mod png;

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::json;

const ARTICLE: &str = "articles/k8s-1-32-sig-api-machinery/index.html";

fn main() {
    let (out, dir) = match std::env::args().skip(1).collect::<Vec<_>>().as_slice() {
        [out] => (
            out.clone(),
            Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots"),
        ),
        [out, dir] => (out.clone(), PathBuf::from(dir)),
        _ => {
            eprintln!("usage: article_screenshot OUT_DIR [SCREENSHOT_DIR]");
            std::process::exit(2);
        }
    };
    let out = std::fs::canonicalize(out).expect("OUT_DIR exists");
    let url = format!("file://{}", out.join(ARTICLE).display());
    let b = browser::Browser::start(1280, 900);
    let save = |name: &str| {
        std::thread::sleep(Duration::from_millis(400));
        png::write_small_png(&dir.join(name), &b.screenshot_png());
    };

    // Desk: the top of the article, its contents beside it.
    b.open(&url);
    save("article.png");

    // Dark: the same, a little further down, where references, terms and PRs meet.
    b.cdp(
        "Emulation.setEmulatedMedia",
        json!({"features": [{"name": "prefers-color-scheme", "value": "dark"}]}),
    );
    b.open(&url);
    b.execute(
        "document.querySelector('.prose h2:nth-of-type(2)').scrollIntoView(); window.scrollBy(0, -20);",
        vec![],
    );
    save("article-dark.png");
    b.cdp(
        "Emulation.setEmulatedMedia",
        json!({"features": [{"name": "prefers-color-scheme", "value": "light"}]}),
    );

    // Phone: a screen down, the reading bar at the bottom.
    b.set_window(390, 844);
    b.open(&url);
    b.execute(
        "document.querySelector('.prose h2:nth-of-type(2)').scrollIntoView(); window.scrollBy(0, -10); window.dispatchEvent(new Event('scroll'));",
        vec![],
    );
    save("article-phone.png");

    // Print: what the handout's first page shows, at A4 width (210 mm at 96 dpi).
    b.set_window(794, 1123);
    b.open(&url);
    b.execute("window.dispatchEvent(new Event('beforeprint'));", vec![]);
    b.emulate_media("print");
    save("article-print.png");
}
