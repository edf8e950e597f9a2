//! Times the glossary stages on N copies of the seed articles (the benchmark corpus is
//! generated from them the same way), so a change can be compared with the previous one:
//!
//!     cargo run --release --example glossary_bench -- 3000
//!     cargo run --release --example glossary_bench -- /work/shared/corpus   # real articles
//!
//! Prints wall times for parsing, `candidates::analyze` (the one lindera pass per article the
//! build's parse stage makes, with the word count and the candidates; `word_count` alone, the
//! segmentation the build made before the glossary, is timed beside it), the merge, pairing,
//! the whole `build_scanned`, and `find_in_doc` (the tooltip pass) over every article, and the
//! sizes of what came out.
use std::path::Path;
use std::time::Instant;

use shiori::glossary::{self, Terms};
use shiori::model::ids::Slug;
use shiori::parse::{blocks, frontmatter, shortcodes};

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
    let docs: Vec<(Slug, blocks::Doc)> = sources
        .iter()
        .enumerate()
        .map(|(i, (p, text))| {
            bytes += text.len();
            let mut w = Vec::new();
            let (body, line) = match frontmatter::split(p, text, &mut w) {
                Ok(split) => (split.body, split.body_line),
                Err(_) => (text.as_str(), 1),
            };
            let body = shortcodes::degrade(body, &Default::default());
            let slug = Slug::parse(&format!("a-{i}")).unwrap();
            (slug, blocks::parse(&body, line))
        })
        .collect();
    let parse = t.elapsed();
    if std::env::args().nth(2).as_deref() == Some("parse-only") {
        println!("parsed {n} in {parse:.2?}");
        return;
    }
    let refs: Vec<(&Slug, &blocks::Doc)> = docs.iter().map(|(s, d)| (s, d)).collect();
    let text = std::fs::read_to_string(root.join("glossary/terms.toml")).unwrap();
    let (terms, _) = Terms::parse(Path::new("glossary/terms.toml"), &text);

    use rayon::prelude::*;
    let t = Instant::now();
    let scans: Vec<glossary::candidates::ArticleScan> = refs
        .par_iter()
        .map(|(_, d)| glossary::candidates::analyze(d))
        .collect();
    let analyze = t.elapsed();
    let scan_refs: Vec<&glossary::candidates::ArticleScan> = scans.iter().collect();
    let t = Instant::now();
    let corpus = glossary::candidates::merge(&refs, &scan_refs);
    let merge = t.elapsed();
    let t = Instant::now();
    let pairing = glossary::pairing::pair(&corpus, &terms, &[]);
    let pair = t.elapsed();
    let t = Instant::now();
    let g = glossary::build_scanned(&terms, &refs, &scan_refs, &[], None);
    let build = t.elapsed();
    let t = Instant::now();
    let hits: usize = refs.par_iter().map(|(_, d)| g.find_in_doc(d).len()).sum();
    let find = t.elapsed();
    let t = Instant::now();
    let counted: usize = refs
        .par_iter()
        .map(|(_, d)| shiori::text::japanese::word_count(&d.plain_text()))
        .sum();
    let word_count = t.elapsed();
    let words: usize = scans.iter().map(|s| s.words).sum();
    assert_eq!(words, counted, "the scan counts words as word_count does");
    let occurrences: usize = g.terms.iter().map(|t| t.mentions).sum();
    println!(
        "articles {n} ({:.1} MiB); parse {parse:.2?}; analyze (lindera once + candidates, per article, parallel) {analyze:.2?} [word_count alone {word_count:.2?}]; merge {merge:.2?}; pair {pair:.2?}; build_scanned (merge+pair+occurrences) {build:.2?}; find_in_doc over all articles (parallel) {find:.2?}",
        bytes as f64 / 1048576.0
    );
    println!(
        "words {words}; candidates {}; pairs {}; terms {}; occurrences {occurrences}; linkable hits {hits}",
        corpus.candidates.len(),
        pairing.pairs.len(),
        g.terms.len()
    );
}
