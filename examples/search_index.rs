//! Builds only the search index of a site folder (e.g. one made by `scripts/gen-corpus`) and
//! prints its size, for measuring shard sizes before the index is wired into the site build.
//!
//! ```text
//! cargo run --example search_index -- SITE_DIR OUT_DIR
//! ```
//!
//! Documents are the sections of every `content/*.md` (long sections in parts of about
//! 700 characters, each linking to its first block); ID entries are `KEP-n` and `#n`
//! mentions and CamelCase words, found with regexes (the real build uses `extract`).
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

use regex::Regex;
use shiori::parse::{blocks, frontmatter, shortcodes};
use shiori::search::index::{DocKind, IdEntry, SearchDoc, build};

const PART_CHARS: usize = 700;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (site, out) = match args.as_slice() {
        [_, site, out] => (Path::new(site), Path::new(out)),
        _ => {
            eprintln!("usage: search_index SITE_DIR OUT_DIR");
            std::process::exit(2);
        }
    };
    let t0 = Instant::now();
    let mut paths: Vec<_> = std::fs::read_dir(site.join("content"))
        .expect("SITE_DIR/content")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    paths.sort();
    let kep = Regex::new(r"(?i)KEP[-\s#]?(\d{2,5})").unwrap();
    let pr = Regex::new(r"#(\d{5,6})\b").unwrap();
    let gate = Regex::new(r"\b[A-Z][a-z]+(?:[A-Z][a-z0-9]+){2,}\b").unwrap();
    let mut docs = Vec::new();
    let mut ids: BTreeMap<String, IdEntry> = BTreeMap::new();
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        let mut warnings = Vec::new();
        let split = match frontmatter::split(path, &text, &mut warnings) {
            Ok(split) => split,
            Err(e) => {
                eprintln!("skipped {}: {e:?}", path.display());
                continue;
            }
        };
        let slug = split.front.slug.as_str().to_string();
        let title = split.front.title.clone();
        let parsed = blocks::parse(
            &shortcodes::degrade(split.body, &Default::default()),
            split.body_line,
        );
        let mut by_section: BTreeMap<usize, Vec<&blocks::Block>> = BTreeMap::new();
        for b in &parsed.blocks {
            if !matches!(b.kind, blocks::BlockKind::Heading(_)) {
                by_section.entry(b.section).or_default().push(b);
            }
        }
        for (s, blocks) in by_section {
            let sec = &parsed.sections[s];
            let mut part = String::new();
            let mut anchor = sec.anchor.clone();
            let flush = |part: &mut String, anchor: &str, docs: &mut Vec<SearchDoc>| {
                if !part.trim().is_empty() {
                    docs.push(SearchDoc {
                        url: format!("articles/{slug}/#{anchor}"),
                        title: title.clone(),
                        section: sec.title.clone(),
                        kind: DocKind::Section,
                        text: std::mem::take(part).into(),
                        boost_words: vec![],
                    });
                }
                part.clear();
            };
            for b in blocks {
                if part.chars().count() > PART_CHARS {
                    flush(&mut part, &anchor, &mut docs);
                    anchor = b.anchor.clone();
                }
                part.push_str(&b.text);
                part.push('\n');
                let url = format!("articles/{slug}/#{}", b.anchor);
                for c in kep.captures_iter(&b.text) {
                    let n = &c[1];
                    ids.entry(format!("kep:{n}")).or_insert(IdEntry {
                        key: format!("kep:{n}"),
                        url: format!("keps/{n}/"),
                        title: format!("KEP-{n}"),
                        detail: String::new(),
                    });
                }
                for c in pr.captures_iter(&b.text) {
                    let n = &c[1];
                    ids.entry(format!("pr:{n}:{url}")).or_insert(IdEntry {
                        key: format!("pr:{n}"),
                        url: url.clone(),
                        title: format!("#{n} ({title})"),
                        detail: String::new(),
                    });
                }
                for m in gate.find_iter(&b.text) {
                    let name = m.as_str();
                    ids.entry(format!("gate:{name}")).or_insert(IdEntry {
                        key: format!("gate:{name}"),
                        url: format!("feature-gates/{name}/"),
                        title: name.to_string(),
                        detail: String::new(),
                    });
                }
            }
            flush(&mut part, &anchor, &mut docs);
        }
    }
    let ids: Vec<IdEntry> = ids.into_values().collect();
    let t_parse = t0.elapsed();
    let synonyms = vec![
        (
            "finalizer".to_string(),
            vec!["ファイナライザー".to_string()],
        ),
        (
            "garbage collector".to_string(),
            vec!["ガベージコレクター".to_string()],
        ),
        ("sidecar".to_string(), vec!["サイドカー".to_string()]),
    ];
    let t1 = Instant::now();
    let files = build(&docs, &ids, &synonyms);
    let t_index = t1.elapsed();
    let mut by_folder: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    for (path, bytes) in &files {
        let folder = path.rsplit_once('/').map_or("", |p| p.0).to_string();
        let e = by_folder.entry(folder).or_default();
        e.0 += 1;
        e.1 += bytes.len();
        e.2 = e.2.max(bytes.len());
        let p = out.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
    println!(
        "{} articles, {} docs, {} ids; parse {:.2?}, index {:.2?}",
        paths.len(),
        docs.len(),
        ids.len(),
        t_parse,
        t_index
    );
    let total: usize = files.iter().map(|f| f.1.len()).sum();
    println!("{} files, {} bytes total", files.len(), total);
    for (folder, (n, bytes, max)) in by_folder {
        println!(
            "  {folder:<12} {n:>6} files {bytes:>11} bytes  avg {:>6}  max {max:>7}",
            bytes / n.max(1)
        );
    }
}
