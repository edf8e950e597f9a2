//! `shiori glossary suggest`: the strongest uncurated pairs with their evidence, as
//! `[[term]]` entries ready to paste into `glossary/terms.toml`, then spellings the pairing
//! found for curated terms, then frequent terms nobody paired, as commented-out stubs.
//!
//! Takes a built [`Glossary`]; gives TOML text. The uncommented part parses with
//! [`super::terms::Terms::parse`] (a test checks it), so a curator only has to fill in the
//! definitions.
use std::collections::BTreeMap;

use super::pairing::{Pair, PairStatus};
use super::terms::{Terms, to_kebab};
use super::{Glossary, TermSource};

/// New pairs shown, strongest first.
pub const MAX_PAIRS: usize = 100;
/// Unpaired candidates shown, most frequent first.
pub const MAX_UNPAIRED: usize = 40;
/// Pairs below this are noise, not suggestions.
pub const MIN_SUGGEST_CONFIDENCE: f32 = 0.5;

fn q(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn list(v: &[String]) -> String {
    format!(
        "[{}]",
        v.iter().map(|s| q(s)).collect::<Vec<_>>().join(", ")
    )
}

/// Curated terms whose Japanese form is not the official glossary's Japanese title for the
/// same term (same id, or the official title or English is one of its forms): (id, ja,
/// official ja, kubernetes.io link). Only entries the localization has (a Japanese page) count.
fn official_disagreements<'a>(
    g: &'a Glossary,
    official: &'a Terms,
) -> Vec<(&'a str, &'a str, &'a str, &'a str)> {
    let nfkc = crate::text::japanese::nfkc;
    g.terms
        .iter()
        .filter(|t| t.source == TermSource::Curated)
        .filter_map(|t| {
            let o = official.get(&t.id.0).or_else(|| official.lookup(&t.en))?;
            let link = o.link.as_deref().filter(|l| l.contains("/ja/"))?;
            (nfkc(&o.ja).to_lowercase() != nfkc(&t.ja).to_lowercase()).then_some((
                t.id.0.as_str(),
                t.ja.as_str(),
                o.ja.as_str(),
                link,
            ))
        })
        .collect()
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Renders the suggestions against the built-in official glossary; see the module doc.
pub fn suggest(g: &Glossary) -> String {
    suggest_limited(g, Some(super::official::builtin()), MAX_PAIRS, MAX_UNPAIRED)
}

/// [`suggest`] against the official glossary the site was built with (`None` when it leaves
/// it out: no disagreements to flag), with at most `pairs` new pairs and `unpaired` unpaired
/// terms.
pub fn suggest_limited(
    g: &Glossary,
    official: Option<&Terms>,
    pairs: usize,
    unpaired: usize,
) -> String {
    let slug = |a: usize| {
        g.articles
            .get(a)
            .map(|s| s.to_string())
            .unwrap_or_else(|| format!("article {a}"))
    };
    let new: Vec<&Pair> = g
        .pairing
        .pairs
        .iter()
        .filter(|p| {
            p.status == PairStatus::New
                && p.confidence >= MIN_SUGGEST_CONFIDENCE
                && !super::common::is_everyday(&p.ja)
        })
        .take(pairs)
        .collect();
    let variants: Vec<&Pair> = g
        .pairing
        .pairs
        .iter()
        .filter(|p| matches!(p.status, PairStatus::Variant(_)))
        .collect();
    let unpaired = &g.pairing.unpaired[..g.pairing.unpaired.len().min(unpaired)];

    let mut out = String::new();
    out.push_str(&format!(
        "# shiori glossary suggest: {} new pairs, {} spellings of curated terms, {} frequent unpaired terms.\n",
        new.len(),
        variants.len(),
        unpaired.len()
    ));
    out.push_str("# Review each entry, write def_ja and def_en, set kind, and paste it into glossary/terms.toml.\n");
    out.push_str("# Confidence and evidence are explained in src/glossary/pairing/mod.rs.\n");

    // Ids the extracted terms already got, so the suggestion matches the glossary page.
    let ids: BTreeMap<(&str, &str), &str> = g
        .terms
        .iter()
        .filter(|t| t.source == TermSource::Extracted)
        .map(|t| ((t.en.as_str(), t.ja.as_str()), t.id.0.as_str()))
        .collect();
    if !new.is_empty() {
        out.push_str("\n# ---- New pairs, strongest first ----\n");
    }
    for p in &new {
        out.push('\n');
        out.push_str(&format!(
            "# confidence {:.2}; {} occurrence{}\n",
            p.confidence,
            p.count,
            if p.count == 1 { "" } else { "s" }
        ));
        for e in &p.evidence {
            out.push_str(&format!("# evidence: {}\n", e.describe(slug)));
        }
        if let Some(o) = &p.example {
            out.push_str(&format!(
                "# e.g. {}: 「{}」\n",
                slug(o.article),
                one_line(&p.example_sentence)
            ));
        }
        let id = ids
            .get(&(p.en.as_str(), p.ja.as_str()))
            .map(|s| s.to_string())
            .unwrap_or_else(|| to_kebab(&p.en));
        let mut aliases: Vec<String> = p.ja_forms.iter().chain(&p.en_forms).cloned().collect();
        aliases.sort();
        out.push_str("[[term]]\n");
        out.push_str(&format!("id = {}\n", q(&id)));
        out.push_str(&format!("en = {}\n", q(&p.en)));
        out.push_str(&format!("ja = {}\n", q(&p.ja)));
        out.push_str(&format!("aliases = {}\n", list(&aliases)));
        out.push_str("kind = \"term\"\n");
        out.push_str("def_ja = \"\"\n");
        out.push_str("def_en = \"\"\n");
    }

    if !variants.is_empty() {
        out.push_str(
            "\n# ---- Spellings of curated terms (add them to that term's aliases) ----\n",
        );
        for p in &variants {
            let PairStatus::Variant(id) = &p.status else {
                continue;
            };
            let forms: Vec<&str> = std::iter::once(p.ja.as_str())
                .chain(p.ja_forms.iter().map(String::as_str))
                .collect();
            out.push_str(&format!(
                "# {id}: {} (= {}; confidence {:.2}; {})\n",
                forms.join(", "),
                p.en,
                p.confidence,
                p.evidence
                    .first()
                    .map(|e| e.describe(slug))
                    .unwrap_or_default()
            ));
        }
    }

    let disagreements = official.map_or_else(Vec::new, |o| official_disagreements(g, o));
    if !disagreements.is_empty() {
        out.push_str("\n# ---- Curated entries whose Japanese differs from the official glossary's title ----\n");
        for (id, ja, official, link) in disagreements {
            out.push_str(&format!(
                "# {id}: ja = {}; the Japanese localization writes {} ({link}); consider ja = {} and the old spelling in aliases\n",
                q(ja),
                q(official),
                q(official)
            ));
        }
    }

    if !unpaired.is_empty() {
        out.push_str("\n# ---- Frequent terms with no pair yet (fill in the other language, then uncomment) ----\n");
        for u in unpaired {
            let japanese = u.kind.is_japanese();
            out.push('\n');
            out.push_str(&format!(
                "# {} ({}x in {} article{}), e.g. 「{}」\n",
                u.surface,
                u.count,
                u.article_count,
                if u.article_count == 1 { "" } else { "s" },
                one_line(&u.example_sentence)
            ));
            out.push_str("# [[term]]\n");
            if japanese {
                out.push_str("# id = \"\"\n# en = \"\"\n");
                out.push_str(&format!("# ja = {}\n", q(&u.surface)));
            } else {
                out.push_str(&format!("# id = {}\n", q(&to_kebab(&u.surface))));
                out.push_str(&format!("# en = {}\n", q(&u.surface)));
                out.push_str("# ja = \"\"\n");
            }
            out.push_str("# kind = \"term\"\n");
        }
    }
    out
}
