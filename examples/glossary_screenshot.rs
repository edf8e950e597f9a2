//! The glossary screenshot for the README: an article with a term's tooltip open (1280 pixels
//! wide), and below it the glossary index and a term page (800 wide, scaled), in one picture.
//!
//! ```text
//! cargo run --example glossary_screenshot -- OUT_DIR [PNG]
//! ```
//!
//! e.g. `shiori build --output /tmp/site` in the repository, then
//! `cargo run --example glossary_screenshot -- /tmp/site docs/screenshots/glossary.png`.

// The test support this example includes is private to it (see tests/it/main.rs).
#![allow(unreachable_pub)]
#[path = "../tests/it/support/browser.rs"]
#[allow(dead_code)]
mod browser;
#[path = "support/png.rs"]
mod png;

use std::path::{Path, PathBuf};
use std::time::Duration;

use base64::Engine;
use serde_json::json;

const ARTICLE: &str = "articles/k8s-1-32-sig-api-machinery/index.html";
const TERM_HREF: &str = "../../glossary/mutating-admission-policy/";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        eprintln!("usage: glossary_screenshot OUT_DIR [PNG]");
        std::process::exit(2);
    }
    let out = std::fs::canonicalize(&args[0]).expect("OUT_DIR exists");
    let png = args.get(1).map(PathBuf::from).unwrap_or_else(|| {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots/glossary.png")
    });
    let b = browser::Browser::start(1280, 1000);
    let shot = |width: u32, page: &str, prepare: &str| -> String {
        b.set_window(width, 1000);
        b.open(&format!("file://{}", out.join(page).display()));
        b.execute(prepare, vec![json!(TERM_HREF)]);
        std::thread::sleep(Duration::from_millis(400));
        base64::engine::general_purpose::STANDARD.encode(b.screenshot_png())
    };
    let article = shot(
        1280,
        ARTICLE,
        r#"const a = document.querySelector(`.term > a[href^="${arguments[0]}"]`);
           a.scrollIntoView({block: "center"}); window.scrollBy(0, -40);
           a.focus({preventScroll: true});"#,
    );
    let index = shot(
        800,
        "glossary/index.html",
        "document.querySelector('h1').scrollIntoView(); window.scrollBy(0, -16);",
    );
    let term = shot(
        800,
        "glossary/mutating-admission-policy/index.html",
        "document.querySelector('h1').scrollIntoView(); window.scrollBy(0, -16);",
    );
    // Composed in the browser itself: no image library needed.
    let html = format!(
        r#"<!DOCTYPE html><html><body style="margin:0;background:#cfc9bc">
<div style="display:grid;grid-template-columns:1fr 1fr;gap:10px;padding:10px;width:1260px">
<img style="width:100%;grid-column:1/3;height:420px;object-fit:cover;object-position:50% 42%;border-radius:6px" src="data:image/png;base64,{article}">
<img style="width:100%;height:660px;object-fit:cover;object-position:top;border-radius:6px" src="data:image/png;base64,{index}">
<img style="width:100%;height:660px;object-fit:cover;object-position:top;border-radius:6px" src="data:image/png;base64,{term}">
</div></body></html>"#
    );
    let dir = tempfile::tempdir().expect("a temp dir");
    let compose = dir.path().join("compose.html");
    std::fs::write(&compose, html).expect("write the composed page");
    b.set_window(1280, 1050);
    b.open(&format!("file://{}", compose.display()));
    let height = b.execute("return document.body.scrollHeight;", vec![]);
    b.set_window(1280, height.as_u64().expect("a height") as u32);
    std::thread::sleep(Duration::from_millis(300));
    let size = png::write_small_png(&png, &b.screenshot_png());
    if size > 300 * 1024 {
        eprintln!("warning: {size} bytes is more than 300 KiB");
    }
}
