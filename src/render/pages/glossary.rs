//! The glossary on the site (render and index stages): the index page `glossary/` (an English
//! A–Z index and a Japanese 五十音 index by reading, filterable by kind), one page per term
//! (`glossary/<id>/`), and the exports `api/glossary.json`, `glossary.csv`, `glossary.tsv` and
//! `glossary.tbx`.
//!
//! Takes the `RenderCtx` (its `glossary`, the articles the occurrences point into, and the
//! reference graph, to link a term's KEPs and gates only where their pages exist) and gives
//! rendered files. This module only shapes template contexts (`glossary.html`, `term.html`);
//! the facts come from `glossary::build`. URLs handed to templates are site-relative.
//!
//! A term page lists every occurrence as a keyword-in-context line linked to the exact
//! paragraph or list item, grouped by article (newest first), up to
//! [`glossary::MAX_KEPT_OCCURRENCES`] lines.
//! Past that (a common word on a site of thousands of articles) further articles are listed
//! with their counts and a link to their first occurrence, up to [`MAX_MORE_ARTICLES`], and the
//! rest are counted: a page stays readable and small whatever the size of the site.
use std::collections::BTreeMap;

use rayon::prelude::*;
use serde_json::{Value, json};

use crate::glossary::{self, Evidence, Term, TermSource, pairing::Context};
use crate::model::ids::KepNumber;
use crate::render::entity_links::kep_title;
use crate::render::pages::entities::{gate_current, stage_label};
use crate::render::{RenderCtx, insert_owned, json_bytes};

use super::Page;
use crate::model::urls;

/// Articles listed with a count (and a link to their first occurrence) after the lines.
pub const MAX_MORE_ARTICLES: usize = 100;

/// The export files: (output path, label, what it is for).
pub const EXPORTS: [(&str, &str, &str); 4] = [
    ("glossary.csv", "CSV", "表計算ソフト用（UTF-8、BOM付き）"),
    ("glossary.tsv", "TSV", "タブ区切り（UTF-8、BOM付き）"),
    (
        "glossary.tbx",
        "TBX",
        "翻訳支援ツール用（TermBase eXchange）",
    ),
    ("api/glossary.json", "JSON", "JSON API"),
];

/// The anchor and heading of a 五十音 row (`None` = terms whose Japanese form starts with a
/// Latin letter or a digit).
fn kana_row(row: Option<char>) -> (&'static str, String) {
    match row {
        Some('あ') => ("kana-a", "あ行".into()),
        Some('か') => ("kana-ka", "か行".into()),
        Some('さ') => ("kana-sa", "さ行".into()),
        Some('た') => ("kana-ta", "た行".into()),
        Some('な') => ("kana-na", "な行".into()),
        Some('は') => ("kana-ha", "は行".into()),
        Some('ま') => ("kana-ma", "ま行".into()),
        Some('や') => ("kana-ya", "や行".into()),
        Some('ら') => ("kana-ra", "ら行".into()),
        Some('わ') => ("kana-wa", "わ行".into()),
        Some(_) => ("kana-other", "その他".into()),
        None => ("kana-latin", "英数字".into()),
    }
}

/// The letter of a 五十音 row's jump link (`あ`, …, `A` for Latin).
fn kana_key(row: Option<char>) -> String {
    row.map(String::from).unwrap_or_else(|| "A–Z".into())
}

fn percent(c: f32) -> u32 {
    (c * 100.0).round() as u32
}

/// A term as index entries and links show it.
fn entry(t: &Term) -> Value {
    json!({
        "id": t.id,
        "url": t.url(),
        "en": t.en,
        "ja": t.ja,
        "reading": t.reading,
        "kind": t.kind.as_str(),
        "kind_label": t.kind.label_ja(),
        "source": t.source.as_str(),
        "candidate": t.source == TermSource::Extracted,
        "confidence": percent(t.confidence),
        "mentions": t.mentions,
        "definition": t.definition(),
    })
}

impl RenderCtx<'_> {
    /// The index, every term page, and the four exports.
    pub fn glossary_pages(&self) -> Vec<Page> {
        let g = self.glossary;
        let mut pages: Vec<Page> = vec![self.glossary_index()];
        // Hundreds of term pages, each independent: rendered in parallel, in order.
        pages.par_extend(g.terms.par_iter().map(|t| self.term_page(t)));
        pages.push(Ok((
            "api/glossary.json".into(),
            json_bytes(&glossary::to_json(g)),
        )));
        pages.push(Ok((
            "glossary.csv".into(),
            glossary::to_csv(g).into_bytes(),
        )));
        pages.push(Ok((
            "glossary.tsv".into(),
            glossary::to_tsv(g).into_bytes(),
        )));
        pages.push(Ok((
            "glossary.tbx".into(),
            glossary::to_tbx(g).into_bytes(),
        )));
        pages
    }

    fn glossary_index(&self) -> Page {
        let page = "glossary/";
        let g = self.glossary;
        let az: Vec<Value> = g
            .alphabet_index()
            .into_iter()
            .map(|(letter, terms)| {
                let anchor = if letter.is_ascii_alphabetic() {
                    format!("az-{letter}")
                } else {
                    "az-other".into()
                };
                json!({
                    "key": letter.to_string(),
                    "anchor": anchor,
                    "label": if letter.is_ascii_alphabetic() { letter.to_string() } else { "記号・数字".into() },
                    "terms": terms.iter().map(|t| entry(t)).collect::<Vec<_>>(),
                })
            })
            .collect();
        let mut kana_rows: Vec<(Option<char>, Vec<&Term>)> = g.gojuon_index().into_iter().collect();
        // あ行 … わ行 first, terms written in Latin letters last.
        kana_rows.sort_by_key(|(row, _)| (row.is_none(), *row));
        let kana: Vec<Value> = kana_rows
            .into_iter()
            .map(|(row, terms)| {
                let (anchor, label) = kana_row(row);
                json!({
                    "key": kana_key(row),
                    "anchor": anchor,
                    "label": label,
                    "terms": terms.iter().map(|t| entry(t)).collect::<Vec<_>>(),
                })
            })
            .collect();
        let mut kinds: BTreeMap<glossary::TermKind, usize> = BTreeMap::new();
        for t in &g.terms {
            *kinds.entry(t.kind).or_default() += 1;
        }
        let kinds: Vec<Value> = kinds
            .into_iter()
            .map(|(k, n)| json!({"value": k.as_str(), "label": k.label_ja(), "count": n}))
            .collect();
        let curated = g
            .terms
            .iter()
            .filter(|t| t.source == TermSource::Curated)
            .count();
        let exports: Vec<Value> = EXPORTS
            .iter()
            .map(|(path, label, note)| json!({"url": path, "label": label, "note": note}))
            .collect();
        let mut ctx = self.base_ctx(
            page,
            "用語集",
            "記事に出てくる Kubernetes 用語の英語・日本語対訳（五十音順・アルファベット順）",
        );
        insert_owned(&mut ctx, "az", Value::Array(az));
        insert_owned(&mut ctx, "kana", Value::Array(kana));
        ctx.insert("kinds", &kinds);
        ctx.insert("term_count", &g.terms.len());
        ctx.insert("curated_count", &curated);
        ctx.insert("candidate_count", &(g.terms.len() - curated));
        ctx.insert("exports", &exports);
        self.render("glossary.html", page, &ctx)
    }

    fn term_page(&self, t: &Term) -> Page {
        let page = t.url();
        let g = self.glossary;
        let keps: Vec<Value> = t.keps.iter().map(|&n| self.kep_link(n)).collect();
        let gates: Vec<Value> = t
            .gates
            .iter()
            .map(|name| {
                let stage = gate_current(self.registry, name).0;
                json!({
                    "name": name,
                    // A gate no article mentions has no page.
                    "url": self.graph.gates.contains_key(name).then(|| urls::feature_gate(name)),
                    "stage": stage,
                    "stage_label": stage.map(|s| stage_label(Some(s))),
                })
            })
            .collect();
        let related: Vec<Value> = t
            .related
            .iter()
            .filter_map(|id| g.term(&id.0))
            .map(entry)
            .collect();
        let mut value = entry(t);
        let obj = value.as_object_mut().expect("entry is an object");
        obj.insert("aliases".into(), json!(t.aliases));
        obj.insert("variants".into(), json!(t.variants));
        obj.insert("def_ja".into(), json!(t.def_ja));
        obj.insert("def_en".into(), json!(t.def_en));
        obj.insert("keps".into(), json!(keps));
        obj.insert("gates".into(), json!(gates));
        obj.insert("related".into(), json!(related));
        obj.insert("evidence".into(), json!(self.evidence(t)));
        obj.insert("line".into(), json!(t.line));
        obj.insert("occurrences".into(), self.occurrences(t));
        let title = if t.en == t.ja {
            t.ja.clone()
        } else {
            format!("{}（{}）", t.ja, t.en)
        };
        let description = if t.definition().is_empty() {
            format!("{} / {}：記事での用例", t.en, t.ja)
        } else {
            format!("{} / {}：{}", t.en, t.ja, t.definition())
        };
        let mut ctx = self.base_ctx(&page, &title, &description);
        insert_owned(&mut ctx, "term", value);
        self.render("term.html", &page, &ctx)
    }

    /// A related KEP: a link to its page when the site has one, else to its issue.
    fn kep_link(&self, n: KepNumber) -> Value {
        let title = self
            .graph
            .keps
            .get(&n)
            .and_then(|k| k.title.clone())
            .or_else(|| self.registry.kep(n).map(|k| k.title.clone()));
        json!({
            "number": n,
            "label": n.label(),
            "title": title,
            "long_title": kep_title(n, self.graph),
            "url": self.graph.keps.contains_key(&n).then(|| urls::kep(n)),
            "issue_url": n.issue_url(),
        })
    }

    /// The pairing evidence of an extracted term (and of a curated one the articles confirm),
    /// in the words of the page.
    fn evidence(&self, t: &Term) -> Vec<Value> {
        t.evidence
            .iter()
            .map(|e| match e {
                Evidence::Parenthesized {
                    article,
                    block,
                    snippet,
                    trimmed,
                    confidence,
                    ..
                } => {
                    let a = self.articles.get(*article);
                    let url = a.and_then(|a| {
                        a.doc
                            .blocks
                            .get(*block)
                            .map(|b| format!("{}#{}", a.url(), b.anchor))
                    });
                    json!({
                        "kind": "parenthesized",
                        "label": "括弧書き",
                        "snippet": snippet.replace('\n', " "),
                        "trimmed": trimmed,
                        "article_title": a.map(|a| a.front.title.clone()),
                        "url": url,
                        "confidence": percent(*confidence),
                    })
                }
                Evidence::Transliteration {
                    romaji,
                    english,
                    similarity,
                    context,
                    runner_up,
                    confidence,
                } => json!({
                    "kind": "transliteration",
                    "label": "音訳",
                    "romaji": romaji,
                    "english": english,
                    "similarity": percent(*similarity),
                    "context": match context {
                        Context::SameArticle => "同じ記事の英語",
                        Context::Corpus => "他の記事の英語",
                        Context::Registry => "KEP・フィーチャーゲートの名前",
                        Context::Curated => "用語集の英語",
                    },
                    "runner_up": runner_up.as_ref().map(|(e, s)| json!({"english": e, "similarity": percent(*s)})),
                    "confidence": percent(*confidence),
                }),
            })
            .collect()
    }

    /// Occurrences grouped by article (in the site's article order, newest first): a
    /// keyword-in-context line for each occurrence the glossary kept
    /// ([`glossary::MAX_KEPT_OCCURRENCES`]), then up to [`MAX_MORE_ARTICLES`] further articles
    /// with their counts, then a count of the rest.
    fn occurrences(&self, t: &Term) -> Value {
        let mut kept = t.occurrences.iter().peekable();
        let mut articles: Vec<Value> = Vec::new();
        let mut more: Vec<Value> = Vec::new();
        let (mut rest_articles, mut rest_occurrences) = (0, 0);
        for &(i, count) in &t.articles {
            let Some(a) = self.articles.get(i) else {
                continue;
            };
            let mut lines: Vec<Value> = Vec::new();
            while let Some(o) = kept.next_if(|o| o.article == i) {
                let block = &a.doc.blocks[o.block];
                let k = o.kwic(&block.text);
                lines.push(json!({
                    "left": k.left.replace('\n', " "),
                    "hit": k.hit,
                    "right": k.right.replace('\n', " "),
                    "anchor": block.anchor,
                    "url": format!("{}#{}", a.url(), block.anchor),
                    "line": block.line,
                }));
            }
            if lines.is_empty() {
                if more.len() < MAX_MORE_ARTICLES {
                    more.push(json!({
                        "title": a.front.title,
                        "release": a.front.release,
                        "count": count,
                        "url": a.url(),
                    }));
                } else {
                    rest_articles += 1;
                    rest_occurrences += count;
                }
                continue;
            }
            articles.push(json!({
                "title": a.front.title,
                "url": a.url(),
                "release": a.front.release,
                "count": count,
                "more": count - lines.len(),
                "lines": lines,
            }));
        }
        json!({
            "count": t.mentions,
            "article_count": t.articles.len(),
            "articles": articles,
            "more_articles": more,
            "rest_articles": rest_articles,
            "rest_occurrences": rest_occurrences,
            "limit": glossary::MAX_KEPT_OCCURRENCES,
            "truncated": t.mentions > t.occurrences.len(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kana_rows_have_ascii_anchors_and_japanese_headings() {
        assert_eq!(kana_row(Some('か')), ("kana-ka", "か行".to_string()));
        assert_eq!(kana_row(None), ("kana-latin", "英数字".to_string()));
        assert_eq!(kana_key(Some('わ')), "わ");
    }

    #[test]
    fn confidence_shows_as_a_whole_percentage() {
        assert_eq!(percent(0.875), 88);
        assert_eq!(percent(1.0), 100);
    }
}
