//! Measures the search of a built site in headless Chromium: the size of the index, and for each
//! query the index files the browser fetched, their bytes and the time to the first result.
//!
//! ```text
//! cargo run --release --example search_size -- OUT_DIR [QUERY ...]
//! ```
//!
//! OUT_DIR is the output of `shiori build` (scripts/search-size builds generated corpora and
//! runs this). The site is served over HTTP from 127.0.0.1 under a sub-path, each query opens
//! `search/?q=` afresh, and the browser's resource timing lists what the query loaded:
//! "index bytes" are the bytes of the `search/*.js` files it loaded (what a cold cache fetches
//! from `file://` or a host that does not compress), "gzip" what they weigh gzipped one by one
//! (`gzip -6`, as a host that compresses sends them). "first result" is the time from the start of the
//! navigation until the results are in the page (median of 3 runs), "query" the part of it
//! after `search.js` started the query. Needs `chromium` and `chromium-driver`.

// The test support this example includes is private to it (see tests/it/main.rs).
#![allow(unreachable_pub)]
#[path = "../tests/it/support/browser.rs"]
#[allow(dead_code)]
mod browser;
#[path = "../tests/it/support/http.rs"]
#[allow(dead_code)]
mod http;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const QUERIES: &[&str] = &[
    "3157",
    "#128266",
    "PodLevelResources",
    "サイドカー",
    "破損したリソース",
    "監査ログ",
    "watch cache",
    "DRA 削除",
];

const RUNS: usize = 3;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(out) = args.first().map(PathBuf::from) else {
        eprintln!("usage: search_size OUT_DIR [QUERY ...]");
        std::process::exit(2);
    };
    let queries: Vec<String> = if args.len() > 1 {
        args[1..].to_vec()
    } else {
        QUERIES.iter().map(|q| q.to_string()).collect()
    };
    let (files, bytes) = folder_size(&out.join("search"));
    let script = std::fs::metadata(out.join("static/search.js"))
        .map(|m| m.len())
        .unwrap_or(0);
    println!(
        "index: {files} files, {bytes} bytes ({:.1} MiB); static/search.js {script} bytes",
        bytes as f64 / 1048576.0,
    );

    let server = http::StaticServer::start(&out, "/site/");
    let b = browser::Browser::start(1200, 900);
    println!();
    println!("| query | results | index files | index bytes | gzip | first result | query |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for q in &queries {
        let mut runs = Vec::new();
        for _ in 0..RUNS {
            runs.push(measure(&b, &server.url(), q, &out));
        }
        runs.sort_by(|a, b| a.total_ms.total_cmp(&b.total_ms));
        let m = &runs[RUNS / 2];
        println!(
            "| `{q}` | {} | {} | {} | {} | {:.0} ms | {:.0} ms |",
            m.results, m.files, m.bytes, m.gzip, m.total_ms, m.query_ms
        );
    }
}

struct Measure {
    results: usize,
    files: usize,
    bytes: u64,
    gzip: u64,
    total_ms: f64,
    query_ms: f64,
}

fn measure(b: &browser::Browser, root: &str, q: &str, out: &Path) -> Measure {
    let url = format!("{root}search/?q={}", encode(q));
    b.open("about:blank");
    b.open(&url);
    b.wait_for(
        "document.getElementById('search-results').dataset.state === 'done'",
        &format!("results for {q:?}"),
        60,
    );
    let v = b.execute(
        r#"var list = document.getElementById('search-results');
           var index = performance.getEntriesByType('resource')
             .filter(function (e) { return e.name.indexOf('/search/') >= 0 && /\.js$/.test(new URL(e.name).pathname); })
             .map(function (e) { return new URL(e.name).pathname; });
           return { results: list.children.length, files: index,
                    total: +list.dataset.done, query: +list.dataset.ms };"#,
        vec![],
    );
    let paths: Vec<String> = v["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().trim_start_matches("/site/").to_string())
        .collect();
    let bytes = paths
        .iter()
        .map(|p| std::fs::metadata(out.join(p)).map(|m| m.len()).unwrap_or(0))
        .sum();
    let gzip = paths.iter().map(|p| gzip_size(&out.join(p))).sum();
    Measure {
        results: v["results"].as_u64().unwrap_or(0) as usize,
        files: paths.len(),
        bytes,
        gzip,
        total_ms: v["total"].as_f64().unwrap_or(f64::NAN),
        query_ms: v["query"].as_f64().unwrap_or(f64::NAN),
    }
}

fn encode(q: &str) -> String {
    q.bytes()
        .map(|c| match c {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (c as char).to_string(),
            _ => format!("%{c:02X}"),
        })
        .collect()
}

fn folder_size(dir: &Path) -> (usize, u64) {
    let mut files = 0;
    let mut bytes = 0;
    for e in walk(dir) {
        files += 1;
        bytes += std::fs::metadata(&e).map(|m| m.len()).unwrap_or(0);
    }
    (files, bytes)
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if dir.is_file() {
        out.push(dir.to_path_buf());
        return out;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in entries.flatten() {
        out.extend(walk(&e.path()));
    }
    out
}

/// Bytes of the files under `path` gzipped one by one (`gzip -c`, level 6 as hosts use).
fn gzip_size(path: &Path) -> u64 {
    walk(path)
        .iter()
        .map(|f| {
            let data = std::fs::read(f).unwrap_or_default();
            let mut child = Command::new("gzip")
                .args(["-c", "-6"])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("gzip runs");
            let mut stdin = child.stdin.take().unwrap();
            let writer = std::thread::spawn(move || stdin.write_all(&data));
            let out = child.wait_with_output().unwrap();
            writer.join().unwrap().unwrap();
            out.stdout.len() as u64
        })
        .sum()
}
