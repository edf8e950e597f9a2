//! The study-session screenshots for the README: a release slide on a 1920×1080 screen
//! (`slide.png`, scaled to half), the 1.32 handout as it prints (print media at A4 width,
//! `handout.png`), and the release page's "since the previous release" section
//! (`release-since.png`).
//!
//! ```text
//! cargo run --example session_screenshots -- OUT_DIR [PNG_DIR]
//! ```
//!
//! e.g. `shiori build --output /tmp/site` in the repository, then
//! `cargo run --example session_screenshots -- /tmp/site docs/screenshots`.

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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        eprintln!("usage: session_screenshots OUT_DIR [PNG_DIR]");
        std::process::exit(2);
    }
    let out = std::fs::canonicalize(&args[0]).expect("OUT_DIR exists");
    let dir = args
        .get(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots"));
    let url = |page: &str| format!("file://{}", out.join(page).display());
    let b = browser::Browser::start(1920, 1080);
    let save = |name: &str| {
        std::thread::sleep(Duration::from_millis(400));
        let png = dir.join(name);
        png::write_small_png(&png, &b.screenshot_png());
    };

    // A change slide: KEP-2837's, at 1920×1080 shown at half size.
    b.open(&url("releases/1.32/slides/index.html"));
    let n = b.execute(
        "var s = Array.from(document.querySelectorAll('main.deck > section.slide'));\
         return s.findIndex(function (x) { return x.getAttribute('data-item') === 'kep-2837'; }) + 1;",
        vec![],
    );
    b.open(&url(&format!(
        "releases/1.32/slides/index.html#{}",
        n.as_u64().expect("a slide about KEP-2837")
    )));
    b.cdp(
        "Emulation.setDeviceMetricsOverride",
        json!({"width": 1920, "height": 1080, "deviceScaleFactor": 0.5, "mobile": false}),
    );
    save("slide.png");
    b.cdp("Emulation.clearDeviceMetricsOverride", json!({}));

    // The handout as printed: print media at the width of A4 (210 mm at 96 dpi), whole page.
    b.emulate_media("print");
    b.set_window(794, 1123);
    b.open(&url("releases/1.32/handout/index.html"));
    let height = b.execute("return document.documentElement.scrollHeight;", vec![]);
    b.set_window(794, height.as_u64().expect("a height") as u32 + 40);
    save("handout.png");
    b.emulate_media("");

    // The release page from its header into "since the previous release" (at most 1600 high).
    b.set_window(1280, 1000);
    b.open(&url("releases/1.32/index.html"));
    let height = b.execute(
        "return document.querySelector('.release-since').getBoundingClientRect().bottom + 24;",
        vec![],
    );
    b.set_window(1280, (height.as_f64().expect("a height") as u32).min(1600));
    save("release-since.png");
}
