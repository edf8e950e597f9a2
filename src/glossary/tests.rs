//! Glossary tests over the three seed articles (`content/*.md`) and the curated data.
use std::path::Path;

use super::*;
use crate::doc;
use crate::frontmatter;
use crate::shortcodes;

/// The seed articles, parsed as the pipeline does: front matter, shortcodes, Markdown.
fn seeds() -> Vec<(Slug, Doc)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("content/ holds the seed articles")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            let mut w = Vec::new();
            let split = frontmatter::split(p, &text, &mut w).unwrap();
            let body = shortcodes::degrade(split.body);
            (split.front.slug.clone(), doc::parse(&body, split.body_line))
        })
        .collect()
}

fn refs(docs: &[(Slug, Doc)]) -> Vec<(&Slug, &Doc)> {
    docs.iter().map(|(s, d)| (s, d)).collect()
}

#[test]
fn dump_pairs() {
    let docs = seeds();
    let g = build(&Terms::empty(), &refs(&docs), &["garbage collector".to_string()]);
    for p in &g.pairing.pairs {
        println!("{:.2} {:?} {} <-> {} {:?} {:?}", p.confidence, p.status, p.ja, p.en, p.ja_forms, p.en_forms);
        for e in &p.evidence { println!("      {}", e.describe(|a| g.articles[a].to_string())); }
    }
    println!("--- unpaired");
    for u in g.pairing.unpaired.iter().take(80) {
        println!("{:?} {} {}", u.kind, u.surface, u.count);
    }
    println!("--- abbr");
    for a in &g.pairing.abbreviations { println!("{} = {}", a.short, a.long); }
}
