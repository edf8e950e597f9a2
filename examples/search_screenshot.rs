//! Screenshots of the search in use, for the README: the `/search/` page of a built site with
//! the results of a query, and the same page with the dropdown of the search box open for a
//! second query typed into it.
//!
//! ```text
//! cargo run --example search_screenshot -- OUT_DIR PNG QUERY [TYPED] [WIDTH HEIGHT]
//! ```
//!
//! e.g. `shiori build --output /tmp/site` in the repository, then
//! `cargo run --example search_screenshot -- /tmp/site docs/screenshots/search.png サイドカー 監査`.

// The test support this example includes is private to it (see tests/it/main.rs).
#![allow(unreachable_pub)]
#[path = "../tests/it/support/browser.rs"]
#[allow(dead_code)]
mod browser;
#[path = "../tests/it/support/http.rs"]
#[allow(dead_code)]
mod http;

use std::path::PathBuf;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: search_screenshot OUT_DIR PNG QUERY [TYPED] [WIDTH HEIGHT]");
        std::process::exit(2);
    }
    let (out, png, query) = (PathBuf::from(&args[0]), PathBuf::from(&args[1]), &args[2]);
    let typed = args.get(3).filter(|t| !t.is_empty());
    let size = |i: usize, d: u32| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (width, height) = (size(4, 1100), size(5, 760));
    let server = http::StaticServer::start(&out, "/k8s/");
    let b = browser::Browser::start(width, height);
    let q: String = query
        .bytes()
        .map(|c| match c {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' => (c as char).to_string(),
            _ => format!("%{c:02X}"),
        })
        .collect();
    b.open(&format!("{}search/?q={q}", server.url()));
    b.wait_for(
        "document.getElementById('search-results').dataset.state === 'done'",
        "the results",
        30,
    );
    if let Some(t) = typed {
        b.execute(
            "var i = document.getElementById('search-input'); i.value = ''; i.focus();",
            vec![],
        );
        b.keys(t);
        b.wait_for(
            "!document.getElementById('search-listbox').hidden && document.querySelectorAll('#search-listbox .search-result').length > 0",
            "the dropdown",
            30,
        );
        b.keys(browser::key::ARROW_DOWN);
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    std::fs::write(&png, b.screenshot_png()).expect("write the PNG");
    println!("{}", png.display());
}
