//! Extraction throughput on the shared corpus of real Japanese Markdown.
//!
//! ```text
//! cargo bench --bench extract                 # corpus at ../shared/corpus
//! SHIORI_CORPUS=/path/to/md cargo bench --bench extract
//! ```
//!
//! Parses every `.md` file once (front matter, shortcodes, Markdown), then times `extract`
//! alone over all of them, several rounds, and prints MB/s of Markdown source per second
//! (best round and median). Parse throughput is printed too, for scale.
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use shiori::extract::extract;
use shiori::model::ids::Slug;
use shiori::parse::blocks::Doc;
use shiori::parse::frontmatter::FrontMatter;
use shiori::registry::Registry;

const ROUNDS: usize = 15;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = std::env::var_os("SHIORI_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/corpus"));
    let corpus = if corpus.is_dir() {
        corpus
    } else {
        PathBuf::from("/work/shared/corpus")
    };
    let registry = registry(root);

    let mut files: Vec<(PathBuf, String)> = walkdir::WalkDir::new(&corpus)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "md"))
        .map(|e| {
            (
                e.path().to_path_buf(),
                std::fs::read_to_string(e.path()).unwrap_or_default(),
            )
        })
        .collect();
    files.retain(|(_, t)| !t.is_empty());
    let bytes: usize = files.iter().map(|(_, t)| t.len()).sum();

    let t = Instant::now();
    let docs: Vec<(Doc, FrontMatter)> = files.iter().map(|(p, t)| parse(p, t)).collect();
    let parse_time = t.elapsed();

    let mut times: Vec<Duration> = Vec::with_capacity(ROUNDS);
    let mut mentions = 0;
    for _ in 0..ROUNDS {
        let t = Instant::now();
        let mut n = 0;
        for (doc, front) in &docs {
            let r = extract(doc, front, &registry);
            n += r.keps.len() + r.prs.len() + r.gates.len() + r.sigs.len() + r.handles.len();
        }
        times.push(t.elapsed());
        mentions = n;
    }
    times.sort();
    let mb = bytes as f64 / 1e6;
    let rate = |d: Duration| mb / d.as_secs_f64();
    println!(
        "corpus: {} ({} files, {:.2} MB of Markdown)",
        corpus.display(),
        files.len(),
        mb
    );
    println!("mentions per round: {mentions}");
    println!(
        "extract: best {:.1} MB/s, median {:.1} MB/s ({:.1} ms per round, {ROUNDS} rounds)",
        rate(times[0]),
        rate(times[ROUNDS / 2]),
        times[ROUNDS / 2].as_secs_f64() * 1e3
    );
    println!(
        "parse (front matter + shortcodes + Markdown, once): {:.1} MB/s",
        rate(parse_time)
    );
}

fn registry(root: &Path) -> Registry {
    let read = |p: &str| std::fs::read_to_string(root.join(p)).unwrap_or_default();
    let (reg, diags) = Registry::parse(
        Path::new("glossary/keps.toml"),
        &read("glossary/keps.toml"),
        Path::new("glossary/feature-gates.toml"),
        &read("glossary/feature-gates.toml"),
    );
    for d in diags {
        eprintln!("{d}");
    }
    reg
}

/// The pipeline's parse stage; files whose front matter does not suit shiori still count,
/// with a stand-in front matter, since extraction is what is measured.
fn parse(path: &Path, text: &str) -> (Doc, FrontMatter) {
    let mut warnings = Vec::new();
    match shiori::parse::frontmatter::split(path, text, &mut warnings) {
        Ok(s) => {
            let definitions = shiori::parse::shortcodes::Definitions::default();
            let page = shiori::parse::shortcodes::Page::of(
                &s.front,
                &definitions,
                shiori::registry::Registry::builtin(),
            );
            let body = shiori::parse::shortcodes::degrade(s.body, &page);
            (shiori::parse::blocks::parse(&body, s.body_line), s.front)
        }
        Err(_) => {
            let body = shiori::parse::shortcodes::degrade(text, &Default::default());
            let front = FrontMatter::new(String::new(), Slug::parse("bench").unwrap());
            (shiori::parse::blocks::parse(&body, 1), front)
        }
    }
}
