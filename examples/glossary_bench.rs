//! Times the glossary stages on N copies of the seed articles (the benchmark corpus is
//! generated from them the same way), so a change can be compared with the previous one:
//!
//!     cargo run --release --example glossary_bench -- 3000
//!     cargo run --release --example glossary_bench -- /work/shared/corpus   # real articles
//!
//! Prints wall times for parsing, lindera segmentation (shared with other stages in a
//! pipeline that segments once), candidate scanning, pairing, the whole `build_segmented`
//! and `find_in` over every article, and the sizes of what came out.
use std::path::Path;
use std::time::Instant;

use shiori::glossary::{self, Terms};
use shiori::ids::Slug;
use shiori::{doc, frontmatter, shortcodes};

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "300".into());
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Either N copies of the seed articles or every Markdown file under a directory.
    let sources: Vec<(std::path::PathBuf, String)> = match arg.parse::<usize>() {
        Ok(n) => {
            let mut paths: Vec<_> = std::fs::read_dir(root.join("content"))
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "md"))
                .collect();
            paths.sort();
            let seeds: Vec<_> = paths
                .iter()
                .map(|p| (p.clone(), std::fs::read_to_string(p).unwrap()))
                .collect();
            (0..n).map(|i| seeds[i % seeds.len()].clone()).collect()
        }
        Err(_) => walkdir::WalkDir::new(&arg)
            .sort_by_file_name()
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == "md"))
            .map(|e| {
                (
                    e.path().to_path_buf(),
                    std::fs::read_to_string(e.path()).unwrap(),
                )
            })
            .collect(),
    };
    let n = sources.len();
    let t = Instant::now();
    let mut bytes = 0;
    let docs: Vec<(Slug, doc::Doc)> = sources
        .iter()
        .enumerate()
        .map(|(i, (p, text))| {
            bytes += text.len();
            let mut w = Vec::new();
            let (body, line) = match frontmatter::split(p, text, &mut w) {
                Ok(split) => (split.body, split.body_line),
                Err(_) => (text.as_str(), 1),
            };
            let body = shortcodes::degrade(body);
            let slug = Slug::parse(&format!("a-{i}")).unwrap();
            (slug, doc::parse(&body, line))
        })
        .collect();
    let parse = t.elapsed();
    if std::env::args().nth(2).as_deref() == Some("parse-only") {
        println!("parsed {n} in {parse:.2?}");
        return;
    }
    let refs: Vec<(&Slug, &doc::Doc)> = docs.iter().map(|(s, d)| (s, d)).collect();
    let text = std::fs::read_to_string(root.join("glossary/terms.toml")).unwrap();
    let (terms, _) = Terms::parse(Path::new("glossary/terms.toml"), &text);

    use rayon::prelude::*;
    let t = Instant::now();
    let words: Vec<glossary::candidates::DocWords> = refs
        .par_iter()
        .map(|(_, d)| glossary::candidates::segment(d))
        .collect();
    let segment = t.elapsed();
    let t = Instant::now();
    let corpus = glossary::candidates::scan_segmented(&refs, &words);
    let scan = t.elapsed();
    let t = Instant::now();
    let pairing = glossary::pairing::pair(&corpus, &terms, &[]);
    let pair = t.elapsed();
    let t = Instant::now();
    let g = glossary::build_segmented(&terms, &refs, &words, &[]);
    let build = t.elapsed();
    let t = Instant::now();
    let mut hits = 0;
    for (_, d) in &refs {
        hits += g.find_in_doc(d).len();
    }
    let find = t.elapsed();
    let occurrences: usize = g.terms.iter().map(|t| t.occurrences.len()).sum();
    println!(
        "articles {n} ({:.1} MiB); parse {parse:.2?}; lindera words {segment:.2?}; scan {scan:.2?}; pair {pair:.2?}; build_segmented (scan+pair+occurrences) {build:.2?}; find_in over all articles {find:.2?}",
        bytes as f64 / 1048576.0
    );
    println!(
        "candidates {}; pairs {}; terms {}; occurrences {occurrences}; linkable hits {hits}",
        corpus.candidates.len(),
        pairing.pairs.len(),
        g.terms.len()
    );
}
