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
use serde::Serialize;

use crate::glossary::{self, Evidence, Term, TermSource, pairing::Context};
use crate::model::ids::{FeatureGateName, KepNumber, Release, Stage, TermId};
use crate::render::entity_links::kep_title;
use crate::render::pages::entities::{gate_current, stage_label};
use crate::render::{RenderCtx, json_bytes};

use super::Page;
use crate::model::urls;

/// Articles listed with a count (and a link to their first occurrence) after the lines.
pub(crate) const MAX_MORE_ARTICLES: usize = 100;

/// The export files: (output path, label, what it is for).
pub(crate) const EXPORTS: [(&str, &str, &str); 4] = [
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
#[derive(Serialize)]
struct Entry<'a> {
    id: &'a TermId,
    url: String,
    en: &'a str,
    ja: &'a str,
    reading: &'a str,
    kind: &'static str,
    kind_label: &'static str,
    source: &'static str,
    candidate: bool,
    confidence: u32,
    mentions: usize,
    definition: &'a str,
    /// Space-separated, for the index's tag filter (`data-tag`).
    tags: String,
}

fn entry(t: &Term) -> Entry<'_> {
    Entry {
        id: &t.id,
        url: t.url(),
        en: &t.en,
        ja: &t.ja,
        reading: &t.reading,
        kind: t.kind.as_str(),
        kind_label: t.kind.label_ja(),
        source: t.source.as_str(),
        candidate: t.source == TermSource::Extracted,
        confidence: percent(t.confidence),
        mentions: t.mentions,
        definition: t.definition(),
        tags: t.tags.join(" "),
    }
}

/// A section of the glossary index (a letter of `az`, a 五十音 row of `kana`) and its terms.
#[derive(Serialize)]
struct IndexSection<'a> {
    key: String,
    anchor: String,
    label: String,
    terms: Vec<Entry<'a>>,
}

/// A value of one of the index's filters (a kind, a tag, a source), with how many terms have it.
#[derive(Serialize)]
struct FacetCount {
    value: &'static str,
    label: &'static str,
    count: usize,
}

/// kubernetes.io's glossary tags, as the index's tag filter names them (in this order).
const TAG_LABELS: [(&str, &str); 12] = [
    ("fundamental", "基本"),
    ("core-object", "主要なオブジェクト"),
    ("workload", "ワークロード"),
    ("architecture", "アーキテクチャ"),
    ("networking", "ネットワーク"),
    ("storage", "ストレージ"),
    ("security", "セキュリティ"),
    ("operation", "運用"),
    ("extension", "拡張"),
    ("tool", "ツール"),
    ("user-type", "利用者の種類"),
    ("community", "コミュニティ"),
];

/// The labels of the index's source filter.
fn source_label(s: TermSource) -> &'static str {
    match s {
        TermSource::Curated => "サイトの用語集",
        TermSource::Official => "Kubernetes公式用語集",
        TermSource::Extracted => "記事からの候補",
    }
}

/// Where a term page's definition comes from, when it is kubernetes.io's.
#[derive(Serialize)]
struct Attribution<'a> {
    url: Option<&'a str>,
    license: &'static str,
    license_url: &'static str,
}

/// A download of the glossary.
#[derive(Serialize)]
struct Export {
    url: &'static str,
    label: &'static str,
    note: &'static str,
}

/// The `term` of `term.html`: the entry and all the page shows of it.
#[derive(Serialize)]
struct TermView<'a> {
    #[serde(flatten)]
    entry: Entry<'a>,
    aliases: &'a [String],
    variants: &'a [String],
    def_ja: &'a str,
    def_en: &'a str,
    /// Set when the definition is the official glossary's (CC BY 4.0, credited).
    attribution: Option<Attribution<'a>>,
    link: Option<&'a str>,
    source_label: &'static str,
    tag_labels: Vec<&'static str>,
    keps: Vec<KepLink<'a>>,
    gates: Vec<GateLink<'a>>,
    related: Vec<Entry<'a>>,
    evidence: Vec<EvidenceView<'a>>,
    line: Option<usize>,
    occurrences: Occurrences<'a>,
}

/// A KEP the term names.
#[derive(Serialize)]
struct KepLink<'a> {
    number: KepNumber,
    label: String,
    title: Option<&'a str>,
    long_title: String,
    url: Option<String>,
    issue_url: String,
}

/// A feature gate the term names.
#[derive(Serialize)]
struct GateLink<'a> {
    name: &'a FeatureGateName,
    /// A gate no article mentions has no page.
    url: Option<String>,
    stage: Option<Stage>,
    stage_label: Option<&'static str>,
}

/// A piece of pairing evidence; `kind` tells which.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum EvidenceView<'a> {
    Parenthesized {
        label: &'static str,
        snippet: String,
        trimmed: bool,
        article_title: Option<&'a str>,
        url: Option<String>,
        confidence: u32,
    },
    Transliteration {
        label: &'static str,
        romaji: &'a str,
        english: &'a str,
        similarity: u32,
        context: &'static str,
        runner_up: Option<RunnerUp<'a>>,
        confidence: u32,
    },
}

/// The English a transliteration was next most like.
#[derive(Serialize)]
struct RunnerUp<'a> {
    english: &'a str,
    similarity: u32,
}

/// The `occurrences` of a term page.
#[derive(Serialize)]
struct Occurrences<'a> {
    count: usize,
    article_count: usize,
    articles: Vec<OccurrenceArticle<'a>>,
    more_articles: Vec<MoreArticle<'a>>,
    rest_articles: usize,
    rest_occurrences: usize,
    limit: usize,
    truncated: bool,
}

/// An article with keyword-in-context lines of the term.
#[derive(Serialize)]
struct OccurrenceArticle<'a> {
    title: &'a str,
    url: String,
    release: Option<Release>,
    count: usize,
    more: usize,
    lines: Vec<Line<'a>>,
}

/// A keyword-in-context line, linked to its block.
#[derive(Serialize)]
struct Line<'a> {
    left: String,
    hit: &'a str,
    right: String,
    anchor: &'a str,
    url: String,
    line: usize,
}

/// An article past the lines: its count and a link to its first occurrence.
#[derive(Serialize)]
struct MoreArticle<'a> {
    title: &'a str,
    release: Option<Release>,
    count: usize,
    url: String,
}

impl<'a> RenderCtx<'a> {
    /// The index, every term page, and the four exports, each handed to `take` as soon as it
    /// is made.
    pub fn glossary_pages(&self, take: &(dyn Fn(Page) + Sync)) {
        let g = self.glossary;
        take(self.glossary_index());
        // Hundreds of term pages, each independent: rendered in parallel, written as they come.
        g.terms.par_iter().for_each(|t| take(self.term_page(t)));
        take(Ok((
            "api/glossary.json".into(),
            json_bytes(&glossary::to_json(g)).into(),
        )));
        take(Ok((
            "glossary.csv".into(),
            glossary::to_csv(g).into_bytes().into(),
        )));
        take(Ok((
            "glossary.tsv".into(),
            glossary::to_tsv(g).into_bytes().into(),
        )));
        take(Ok((
            "glossary.tbx".into(),
            glossary::to_tbx(g).into_bytes().into(),
        )));
    }

    fn glossary_index(&self) -> Page {
        let page = "glossary/";
        let g = self.glossary;
        let az: Vec<IndexSection> = g
            .alphabet_index()
            .into_iter()
            .map(|(letter, terms)| {
                let anchor = if letter.is_ascii_alphabetic() {
                    format!("az-{letter}")
                } else {
                    "az-other".into()
                };
                IndexSection {
                    key: letter.to_string(),
                    anchor,
                    label: if letter.is_ascii_alphabetic() {
                        letter.to_string()
                    } else {
                        "記号・数字".into()
                    },
                    terms: terms.iter().map(|t| entry(t)).collect(),
                }
            })
            .collect();
        let mut kana_rows: Vec<(Option<char>, Vec<&Term>)> = g.gojuon_index().into_iter().collect();
        // あ行 … わ行 first, terms written in Latin letters last.
        kana_rows.sort_by_key(|(row, _)| (row.is_none(), *row));
        let kana: Vec<IndexSection> = kana_rows
            .into_iter()
            .map(|(row, terms)| {
                let (anchor, label) = kana_row(row);
                IndexSection {
                    key: kana_key(row),
                    anchor: anchor.into(),
                    label,
                    terms: terms.iter().map(|t| entry(t)).collect(),
                }
            })
            .collect();
        let mut kinds: BTreeMap<glossary::TermKind, usize> = BTreeMap::new();
        let mut sources: BTreeMap<TermSource, usize> = BTreeMap::new();
        for t in &g.terms {
            *kinds.entry(t.kind).or_default() += 1;
            *sources.entry(t.source).or_default() += 1;
        }
        let kinds: Vec<FacetCount> = kinds
            .into_iter()
            .map(|(k, count)| FacetCount {
                value: k.as_str(),
                label: k.label_ja(),
                count,
            })
            .collect();
        let sources: Vec<FacetCount> = sources
            .into_iter()
            .map(|(s, count)| FacetCount {
                value: s.as_str(),
                label: source_label(s),
                count,
            })
            .collect();
        let tags: Vec<FacetCount> = TAG_LABELS
            .iter()
            .map(|&(value, label)| FacetCount {
                value,
                label,
                count: g
                    .terms
                    .iter()
                    .filter(|t| t.tags.iter().any(|x| x == value))
                    .count(),
            })
            .filter(|f| f.count > 0)
            .collect();
        let curated = g
            .terms
            .iter()
            .filter(|t| t.source != TermSource::Extracted)
            .count();
        let exports: Vec<Export> = EXPORTS
            .iter()
            .map(|&(url, label, note)| Export { url, label, note })
            .collect();
        let mut ctx = self.base_ctx(
            page,
            "用語集",
            "記事に出てくる Kubernetes 用語の英語・日本語対訳（五十音順・アルファベット順）",
        );
        ctx.insert("az", &az);
        ctx.insert("kana", &kana);
        ctx.insert("kinds", &kinds);
        ctx.insert("tags", &tags);
        ctx.insert("sources", &sources);
        ctx.insert("term_count", &g.terms.len());
        ctx.insert("curated_count", &curated);
        ctx.insert("candidate_count", &(g.terms.len() - curated));
        ctx.insert("exports", &exports);
        self.render("glossary.html", page, &ctx)
    }

    fn term_page(&self, t: &'a Term) -> Page {
        let page = t.url();
        let g = self.glossary;
        let value = TermView {
            entry: entry(t),
            aliases: &t.aliases,
            variants: &t.variants,
            def_ja: &t.def_ja,
            def_en: &t.def_en,
            attribution: t.official_definition.then_some(Attribution {
                url: t.link.as_deref(),
                license: glossary::official::LICENSE,
                license_url: glossary::official::LICENSE_URL,
            }),
            link: t.link.as_deref(),
            source_label: source_label(t.source),
            tag_labels: t
                .tags
                .iter()
                .filter_map(|x| TAG_LABELS.iter().find(|(v, _)| v == x).map(|(_, l)| *l))
                .collect(),
            keps: t.keps.iter().map(|&n| self.kep_link(n)).collect(),
            gates: t
                .gates
                .iter()
                .map(|name| {
                    let stage = gate_current(self.registry, name).0;
                    GateLink {
                        name,
                        url: self
                            .graph
                            .gates
                            .contains_key(name)
                            .then(|| urls::feature_gate(name)),
                        stage,
                        stage_label: stage.map(|s| stage_label(Some(s))),
                    }
                })
                .collect(),
            related: t
                .related
                .iter()
                .filter_map(|id| g.term(&id.0))
                .map(entry)
                .collect(),
            evidence: self.evidence(t),
            line: t.line,
            occurrences: self.occurrences(t),
        };
        let title = t.title();
        let description = if t.definition().is_empty() {
            format!("{} / {}：記事での用例", t.en, t.ja)
        } else {
            format!("{} / {}：{}", t.en, t.ja, t.definition())
        };
        let mut ctx = self.base_ctx(&page, &title, &description);
        ctx.insert("term", &value);
        self.render("term.html", &page, &ctx)
    }

    /// A related KEP: a link to its page when the site has one, else to its issue.
    fn kep_link(&self, n: KepNumber) -> KepLink<'a> {
        let title = self
            .graph
            .keps
            .get(&n)
            .and_then(|k| k.title.as_deref())
            .or_else(|| self.registry.kep(n).map(|k| k.title.as_str()));
        KepLink {
            number: n,
            label: n.label(),
            title,
            long_title: kep_title(n, self.graph),
            url: self.graph.keps.contains_key(&n).then(|| urls::kep(n)),
            issue_url: n.issue_url(),
        }
    }

    /// The pairing evidence of an extracted term (and of a curated one the articles confirm),
    /// in the words of the page.
    fn evidence(&self, t: &'a Term) -> Vec<EvidenceView<'a>> {
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
                    EvidenceView::Parenthesized {
                        label: "括弧書き",
                        snippet: snippet.replace('\n', " "),
                        trimmed: *trimmed,
                        article_title: a.map(|a| a.front.title.as_str()),
                        url,
                        confidence: percent(*confidence),
                    }
                }
                Evidence::Transliteration {
                    romaji,
                    english,
                    similarity,
                    context,
                    runner_up,
                    confidence,
                } => EvidenceView::Transliteration {
                    label: "カタカナ表記",
                    romaji,
                    english,
                    similarity: percent(*similarity),
                    context: match context {
                        Context::SameArticle => "同じ記事",
                        Context::Corpus => "ほかの記事",
                        Context::Registry => "KEPやフィーチャーゲートの名前",
                        Context::Curated => "用語集の英語の見出し",
                    },
                    runner_up: runner_up.as_ref().map(|(english, s)| RunnerUp {
                        english,
                        similarity: percent(*s),
                    }),
                    confidence: percent(*confidence),
                },
            })
            .collect()
    }

    /// Occurrences grouped by article (in the site's article order, newest first): a
    /// keyword-in-context line for each occurrence the glossary kept
    /// ([`glossary::MAX_KEPT_OCCURRENCES`]), then up to [`MAX_MORE_ARTICLES`] further articles
    /// with their counts, then a count of the rest.
    fn occurrences(&self, t: &Term) -> Occurrences<'a> {
        let mut kept = t.occurrences.iter().peekable();
        let mut articles: Vec<OccurrenceArticle> = Vec::new();
        let mut more: Vec<MoreArticle> = Vec::new();
        let (mut rest_articles, mut rest_occurrences) = (0, 0);
        for &(i, count) in &t.articles {
            let Some(a) = self.articles.get(i) else {
                continue;
            };
            let mut lines: Vec<Line> = Vec::new();
            while let Some(o) = kept.next_if(|o| o.article == i) {
                let block = &a.doc.blocks[o.block];
                let k = o.kwic(&block.text);
                lines.push(Line {
                    left: k.left.replace('\n', " "),
                    hit: k.hit,
                    right: k.right.replace('\n', " "),
                    anchor: &block.anchor,
                    url: format!("{}#{}", a.url(), block.anchor),
                    line: block.line,
                });
            }
            if lines.is_empty() {
                if more.len() < MAX_MORE_ARTICLES {
                    more.push(MoreArticle {
                        title: &a.front.title,
                        release: a.front.release,
                        count,
                        url: a.url(),
                    });
                } else {
                    rest_articles += 1;
                    rest_occurrences += count;
                }
                continue;
            }
            articles.push(OccurrenceArticle {
                title: &a.front.title,
                url: a.url(),
                release: a.front.release,
                count,
                more: count - lines.len(),
                lines,
            });
        }
        Occurrences {
            count: t.mentions,
            article_count: t.articles.len(),
            articles,
            more_articles: more,
            rest_articles,
            rest_occurrences,
            limit: glossary::MAX_KEPT_OCCURRENCES,
            truncated: t.mentions > t.occurrences.len(),
        }
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
