//! Pages of the reference graph (render stage): one page per KEP (`keps/<n>/`), feature gate
//! (`feature-gates/<Name>/`) and SIG (`sigs/<name>/`), an index page per kind with a table
//! that filters by release × stage × SIG. The changes of a release are [`super::changes`].
//!
//! Takes the `RenderCtx` (its `graph`, `registry` and articles) and gives rendered pages. This
//! module only shapes template contexts; the facts come from the link stage, and the templates
//! (`kep.html`, `feature_gate.html`, `sig.html`, `keps.html`, `feature_gates.html`,
//! `sigs.html`) decide how they look. Every URL handed to a template is site-relative; the
//! templates prefix it with `root`.
//!
//! Each index row carries `data-rs` (the release:stage pairs its mentions state, e.g.
//! `1.31:alpha 1.32:none`; a bare `1.29:` is a release with no stage claim) and `data-sig`.
//! `static/filters.js` shows a row when one pair matches both the release and stage facets and
//! its SIG matches the SIG facet: AND across facets, OR within one. Without JavaScript the
//! whole table shows.
use std::collections::{BTreeMap, BTreeSet};

use rayon::prelude::*;
use serde::Serialize;

use crate::graph::{Disagreement, GateNode, KepNode, Mention};
use crate::model::Article;
use crate::model::ids::{Dated, FeatureGateName, KepNumber, Release, SigName, Slug, Stage};
use crate::registry::Registry;
use crate::render::RenderCtx;
use crate::render::context::{Card, SigLink};
use crate::render::entity_links::kep_title;
use crate::text::truncate_chars;

use super::Page;
use crate::model::urls;

/// How a stage reads on the pages ([`Stage::label`]); `None` is a mention that states no stage.
pub(crate) fn stage_label(stage: Option<Stage>) -> &'static str {
    stage.map_or("段階の記載なし", Stage::label)
}

/// The facet value of a stage in `data-rs` and in the URL query (`stage=none`).
pub(crate) fn stage_key(stage: Option<Stage>) -> &'static str {
    stage.map(Stage::as_str).unwrap_or("none")
}

/// The distinct (release, stage) pairs a list of mentions states, in order.
fn pairs<'m>(
    mentions: impl IntoIterator<Item = &'m Mention>,
) -> BTreeSet<(Option<Release>, Option<Stage>)> {
    let mut out: BTreeSet<(Option<Release>, Option<Stage>)> =
        mentions.into_iter().map(|m| (m.release, m.stage)).collect();
    // A release with a stated stage needs no "no stage" entry beside it.
    let stated: BTreeSet<Option<Release>> = out
        .iter()
        .filter(|(_, s)| s.is_some())
        .map(|(r, _)| *r)
        .collect();
    out.retain(|(r, s)| s.is_some() || !stated.contains(r));
    out
}

fn rs_attr(
    pairs: &BTreeSet<(Option<Release>, Option<Stage>)>,
    extra_releases: &[Release],
) -> String {
    let mut v: Vec<String> = pairs
        .iter()
        .map(|(r, s)| {
            format!(
                "{}:{}",
                r.map(|r| r.to_string()).unwrap_or_default(),
                stage_key(*s)
            )
        })
        .collect();
    v.extend(extra_releases.iter().map(|r| format!("{r}:")));
    v.sort();
    v.dedup();
    v.join(" ")
}

/// A (release, stage) pair of an index row, a SIG page's KEP or gate.
#[derive(Serialize)]
struct StagePair {
    release: Option<Release>,
    stage: Option<Stage>,
    label: &'static str,
}

fn stage_pairs(pairs: &BTreeSet<(Option<Release>, Option<Stage>)>) -> Vec<StagePair> {
    pairs
        .iter()
        .map(|&(release, stage)| StagePair {
            release,
            stage,
            label: stage_label(stage),
        })
        .collect()
}

/// A stage with how it reads (a gate's timeline row states them).
#[derive(Serialize)]
struct StageLabel {
    stage: Stage,
    label: &'static str,
}

impl StageLabel {
    fn new(stage: Stage) -> Self {
        StageLabel {
            stage,
            label: stage_label(Some(stage)),
        }
    }
}

/// A mention as pages show it: where, what stage, the sentence, and whether the registry
/// disagrees with the stage stated there.
#[derive(Serialize)]
struct MentionRow<'a> {
    article: &'a Slug,
    article_title: &'a str,
    article_url: String,
    release: Option<Release>,
    url: &'a str,
    anchor: &'a str,
    stage: Option<Stage>,
    stage_label: &'static str,
    default_on: Option<bool>,
    sentence: String,
    line: usize,
    disagrees: bool,
    /// What the sentence states for other releases, shown next to the stage.
    history: &'a [Dated],
}

fn mention<'a>(m: &'a Mention, disagreements: &[Disagreement]) -> MentionRow<'a> {
    let disagrees = m.stage.is_some_and(|s| {
        disagreements
            .iter()
            .any(|d| d.article == m.article && d.stated == s)
    });
    MentionRow {
        article: &m.article,
        article_title: &m.article_title,
        article_url: urls::article(&m.article),
        release: m.release,
        url: &m.url,
        anchor: &m.anchor,
        stage: m.stage,
        stage_label: stage_label(m.stage),
        default_on: m.default_on,
        // A credit line (`この取り組みは…KEP #127の一環として行われました。`) is quoted by what its
        // section says changed.
        sentence: truncate_chars(&m.statement().replace('\n', " "), 240),
        line: m.line,
        disagrees,
        history: &m.history,
    }
}

/// The mentions of one release on a KEP or gate page, with what the registry records for it.
#[derive(Serialize)]
struct ReleaseMentions<'a> {
    release: Option<Release>,
    release_url: Option<String>,
    registry_stage: Option<Stage>,
    registry_label: Option<&'static str>,
    /// The registry knows the entity but records no stage for it yet in this release.
    registry_none: bool,
    mentions: Vec<MentionRow<'a>>,
}

/// Mentions (one per block) grouped by release, oldest first; mentions of articles with no
/// release last.
fn by_release<'a>(
    mentions: &'a [Mention],
    disagreements: &[Disagreement],
    registry_known: bool,
    registry_stage: impl Fn(Release) -> Option<Stage>,
    has_page: impl Fn(Release) -> bool,
) -> Vec<ReleaseMentions<'a>> {
    let mut groups: BTreeMap<(bool, Option<Release>), Vec<MentionRow>> = BTreeMap::new();
    // The graph holds one mention per block already (`graph`, the link stage).
    for m in mentions {
        groups
            .entry((m.release.is_none(), m.release))
            .or_default()
            .push(mention(m, disagreements));
    }
    groups
        .into_iter()
        .map(|((_, r), mentions)| {
            let registry = r.and_then(&registry_stage);
            ReleaseMentions {
                release: r,
                release_url: r.filter(|r| has_page(*r)).map(urls::release),
                registry_stage: registry,
                registry_label: registry.map(|s| stage_label(Some(s))),
                registry_none: registry_known && r.is_some() && registry.is_none(),
                mentions,
            }
        })
        .collect()
}

/// A disagreement with the article's title and, when the registry has the stated stage at
/// all, the release it records for it (`alpha` from 1.32).
#[derive(Serialize)]
struct DisagreementView<'a> {
    registry_since: Option<Release>,
    article: &'a Slug,
    article_title: Option<&'a str>,
    release: Release,
    url: &'a str,
    stated: Stage,
    stated_label: &'static str,
    registry: Option<Stage>,
    registry_label: &'static str,
}

fn disagreements<'a>(
    list: &'a [Disagreement],
    graph_titles: &'a BTreeMap<String, String>,
    registry_since: impl Fn(Stage) -> Option<Release>,
) -> Vec<DisagreementView<'a>> {
    list.iter()
        .map(|d| DisagreementView {
            registry_since: registry_since(d.stated),
            article: &d.article,
            article_title: graph_titles.get(d.article.as_str()).map(String::as_str),
            release: d.release,
            url: &d.url,
            stated: d.stated,
            stated_label: stage_label(Some(d.stated)),
            registry: d.registry,
            registry_label: stage_label(d.registry),
        })
        .collect()
}

/// The facet choices of an index page (`facets`), from the values its rows carry.
#[derive(Serialize)]
struct Facets {
    releases: Vec<String>,
    stages: Vec<StageFacet>,
    /// `None` on the SIG index, whose rows are the SIGs.
    sigs: Option<Vec<SigFacet>>,
}

#[derive(Serialize)]
struct StageFacet {
    value: &'static str,
    label: &'static str,
    stage: Option<Stage>,
}

#[derive(Serialize)]
struct SigFacet {
    label: String,
    value: SigName,
}

fn facets(releases: BTreeSet<Release>, sigs: Option<BTreeSet<SigName>>) -> Facets {
    Facets {
        releases: releases.iter().rev().map(Release::to_string).collect(),
        stages: Stage::ALL
            .iter()
            .map(|s| Some(*s))
            .chain([None])
            .map(|stage| StageFacet {
                value: stage_key(stage),
                label: stage_label(stage),
                stage,
            })
            .collect(),
        sigs: sigs.map(|s| {
            s.into_iter()
                .map(|value| SigFacet {
                    label: value.display_name(),
                    value,
                })
                .collect()
        }),
    }
}

fn releases_of(
    p: &BTreeSet<(Option<Release>, Option<Stage>)>,
) -> impl Iterator<Item = Release> + '_ {
    p.iter().filter_map(|(r, _)| *r)
}

/// A gate's stage and default now: after its last registry row (or removal).
pub(crate) fn gate_current(
    registry: &Registry,
    name: &FeatureGateName,
) -> (Option<Stage>, Option<bool>) {
    let Some(entry) = registry.gate(&name.0) else {
        return (None, None);
    };
    if entry.removed.is_some() {
        return (Some(Stage::Removed), None);
    }
    entry
        .stages
        .last()
        .map(|s| (Some(s.stage), s.default_on))
        .unwrap_or((None, None))
}

/// A KEP's latest registry milestone.
fn kep_current(node: &KepNode) -> Option<Stage> {
    node.milestones
        .iter()
        .max_by_key(|(s, r)| (**r, **s))
        .map(|(s, _)| *s)
}

/// A curated glossary term that names the entity, as a link.
#[derive(Serialize)]
struct TermLink<'a> {
    url: String,
    en: &'a str,
    ja: &'a str,
}

/// The `kep` of `kep.html`.
#[derive(Serialize)]
struct KepView<'a> {
    terms: Vec<TermLink<'a>>,
    number: KepNumber,
    label: String,
    title: Option<&'a str>,
    article_titles: Vec<&'a str>,
    sig: Option<SigLink<'a>>,
    known: bool,
    milestones: Vec<Milestone>,
    current: Option<Stage>,
    issue_url: &'a str,
    gates: Vec<KepGate<'a>>,
    article_count: usize,
    mention_count: usize,
    disagreements: Vec<DisagreementView<'a>>,
    releases: Vec<ReleaseMentions<'a>>,
}

/// A KEP's registry milestone: the release a stage was reached in.
#[derive(Serialize)]
struct Milestone {
    stage: Stage,
    label: &'static str,
    release: Release,
}

/// A gate of a KEP.
#[derive(Serialize)]
struct KepGate<'a> {
    name: &'a FeatureGateName,
    /// A gate no article mentions has no page.
    url: Option<String>,
    stage: Option<Stage>,
}

/// The `gate` of `feature_gate.html`.
#[derive(Serialize)]
struct GateView<'a> {
    terms: Vec<TermLink<'a>>,
    name: &'a FeatureGateName,
    known: bool,
    kep: Option<GateKep<'a>>,
    sig: Option<SigLink<'a>>,
    current: Option<Stage>,
    current_label: Option<&'static str>,
    default_on: Option<bool>,
    registry_stages: Vec<RegistryStageView>,
    /// The site's registry file the stages come from (`None`: the built-in registry's).
    registry_file: Option<String>,
    removed: Option<Release>,
    mention_count: usize,
    disagreements: Vec<DisagreementView<'a>>,
    timeline: Vec<TimelineEntry<'a>>,
    releases: Vec<ReleaseMentions<'a>>,
}

/// The KEP a gate belongs to.
#[derive(Serialize)]
struct GateKep<'a> {
    number: KepNumber,
    label: String,
    title: Option<&'a str>,
    url: Option<String>,
    issue_url: String,
}

/// A stage of a gate in the registry, from one release to another.
#[derive(Serialize)]
struct RegistryStageView {
    stage: Stage,
    label: &'static str,
    from: Release,
    to: Option<Release>,
    default_on: Option<bool>,
    locked: bool,
}

/// A release of a gate's timeline: the registry's stage and what the articles state.
#[derive(Serialize)]
struct TimelineEntry<'a> {
    release: Release,
    release_url: Option<String>,
    registry: Option<Stage>,
    registry_label: Option<&'static str>,
    registry_default_on: Option<bool>,
    registry_change: bool,
    stated: Vec<StageLabel>,
    articles: Vec<TimelineArticle<'a>>,
    disagrees: bool,
}

/// An article of a timeline entry, linked to its first mention of the gate.
#[derive(Serialize)]
struct TimelineArticle<'a> {
    title: Option<&'a str>,
    url: Option<&'a str>,
}

/// The `sig` of `sig.html`.
#[derive(Serialize)]
struct SigView<'a> {
    name: &'a SigName,
    display: String,
    community_url: String,
    keps: Vec<SigKep<'a>>,
    gates: Vec<SigGate<'a>>,
    articles: Vec<Card<'a>>,
}

#[derive(Serialize)]
struct SigKep<'a> {
    label: String,
    title: Option<&'a str>,
    url: String,
    stages: Vec<StagePair>,
    current: Option<Stage>,
}

#[derive(Serialize)]
struct SigGate<'a> {
    name: &'a FeatureGateName,
    url: String,
    stages: Vec<StagePair>,
    current: Option<Stage>,
}

/// A KEP of the KEP index that no article mentions (`others`); a row has the same and more.
#[derive(Serialize)]
struct KepEntry<'a> {
    label: String,
    url: String,
    title: Option<&'a str>,
    sig: Option<SigLink<'a>>,
    current: Option<Stage>,
}

/// A row of the KEP index table (`rows`).
#[derive(Serialize)]
struct KepRow<'a> {
    #[serde(flatten)]
    entry: KepEntry<'a>,
    number: KepNumber,
    stages: Vec<StagePair>,
    mentions: usize,
    disagrees: bool,
    rs: String,
    sigs: String,
}

/// A gate of the gate index that no article mentions (`others`); a row has the same and more.
#[derive(Serialize)]
struct GateEntry<'a> {
    name: &'a FeatureGateName,
    url: String,
    current: Option<Stage>,
    default_on: Option<bool>,
}

/// A row of the gate index table (`rows`).
#[derive(Serialize)]
struct GateRow<'a> {
    #[serde(flatten)]
    entry: GateEntry<'a>,
    kep: Option<RowKep>,
    sig: Option<SigLink<'a>>,
    stages: Vec<StagePair>,
    known: bool,
    mentions: usize,
    disagrees: bool,
    rs: String,
    sigs: String,
}

/// The KEP of a gate index row.
#[derive(Serialize)]
struct RowKep {
    label: String,
    url: Option<String>,
}

/// A row of the SIG index table (`rows`): the SIG and how much the site has about it.
#[derive(Serialize)]
struct SigRow<'a> {
    #[serde(flatten)]
    link: SigLink<'a>,
    articles: usize,
    keps: usize,
    gates: usize,
    rs: String,
    sigs: String,
}

impl<'a> RenderCtx<'a> {
    /// Curated glossary terms that name an entity (`keps`/`gates` of the term), as links: a
    /// KEP or gate page leads to the term that explains it.
    fn glossary_terms(&self, names: impl Fn(&crate::glossary::Term) -> bool) -> Vec<TermLink<'a>> {
        self.glossary
            .terms
            .iter()
            .filter(|t| names(t))
            .map(|t| TermLink {
                url: t.url(),
                en: &t.en,
                ja: &t.ja,
            })
            .collect()
    }

    fn article_titles(&self) -> BTreeMap<String, String> {
        self.articles
            .iter()
            .map(|a| (a.front.slug.to_string(), a.front.title.clone()))
            .collect()
    }

    /// Every KEP, gate and SIG page and the three index pages, each handed to `take` as soon as
    /// it is made.
    pub fn ref_pages(&self, take: &(dyn Fn(Page) + Sync)) {
        let titles = self.article_titles();
        // A thousand pages and more, each independent of the others: rendered in parallel and
        // written as they come (the sink orders nothing), not held until the last is done.
        self.graph
            .keps
            .par_iter()
            .for_each(|(_, k)| take(self.kep_page(k, &titles)));
        self.graph
            .gates
            .par_iter()
            .for_each(|(_, g)| take(self.gate_page(g, &titles)));
        self.graph
            .sigs
            .par_iter()
            .for_each(|(s, _)| take(self.sig_page(s)));
        take(self.keps_index());
        take(self.gates_index());
        take(self.sigs_index());
    }

    fn kep_page(&self, k: &KepNode, titles: &BTreeMap<String, String>) -> Page {
        let page = urls::kep(k.number);
        let entry = self.registry.kep(k.number);
        let mut milestones: Vec<Milestone> = k
            .milestones
            .iter()
            .map(|(&stage, &release)| Milestone {
                stage,
                label: stage_label(Some(stage)),
                release,
            })
            .collect();
        milestones.sort_by_key(|m| (m.release, m.stage));
        let gates = k
            .gates
            .iter()
            .map(|g| KepGate {
                name: g,
                url: self
                    .graph
                    .gates
                    .contains_key(g)
                    .then(|| urls::feature_gate(g)),
                stage: gate_current(self.registry, g).0,
            })
            .collect();
        let other_titles = k
            .article_titles
            .iter()
            .map(String::as_str)
            .filter(|t| Some(*t) != k.title.as_deref())
            .collect();
        let known_stages = entry.is_some_and(|e| !e.milestones.is_empty());
        let articles: BTreeSet<&str> = k.mentions.iter().map(|m| m.article.as_str()).collect();
        let kep = KepView {
            terms: self.glossary_terms(|t| t.keps.contains(&k.number)),
            number: k.number,
            label: k.number.label(),
            title: k.title.as_deref(),
            article_titles: other_titles,
            sig: k.sig.as_ref().map(SigLink::new),
            known: entry.is_some(),
            milestones,
            current: kep_current(k),
            issue_url: &k.issue_url,
            gates,
            article_count: articles.len(),
            mention_count: k.mentions.len(),
            disagreements: disagreements(&k.disagreements, titles, |s| {
                entry.and_then(|e| e.milestone(s))
            }),
            releases: by_release(
                &k.mentions,
                &k.disagreements,
                known_stages,
                |r| entry.and_then(|e| e.stage_at(r)),
                |r| self.graph.releases.contains_key(&r),
            ),
        };
        let title = kep_title(k.number, self.graph);
        let description = format!(
            "{title}：{}本の記事での記述をリリースごとに",
            articles.len()
        );
        let mut ctx = self.base_ctx(&page, &title, &description);
        ctx.insert("kep", &kep);
        self.render("kep.html", &page, &ctx)
    }

    fn gate_page(&self, g: &GateNode, titles: &BTreeMap<String, String>) -> Page {
        let page = urls::feature_gate(&g.name);
        let entry = self.registry.gate(&g.name.0);
        let kep = g.kep.map(|n| GateKep {
            number: n,
            label: n.label(),
            title: self.graph.keps.get(&n).and_then(|k| k.title.as_deref()),
            url: self.graph.keps.contains_key(&n).then(|| urls::kep(n)),
            issue_url: n.issue_url(),
        });
        // The first mention of the gate in each article, for a direct link; looked up once per
        // timeline entry, and a gate may have thousands of both.
        let mut first_mention: BTreeMap<&Slug, &str> = BTreeMap::new();
        for m in &g.mentions {
            first_mention.entry(&m.article).or_insert(&m.url);
        }
        let timeline = g
            .timeline
            .iter()
            .map(|row| TimelineEntry {
                release: row.release,
                release_url: self
                    .graph
                    .releases
                    .contains_key(&row.release)
                    .then(|| urls::release(row.release)),
                registry: row.registry,
                registry_label: row.registry.map(|s| stage_label(Some(s))),
                registry_default_on: row.registry_default_on,
                registry_change: row.registry_change,
                stated: row.stated.iter().copied().map(StageLabel::new).collect(),
                articles: row
                    .articles
                    .iter()
                    .map(|slug| TimelineArticle {
                        title: titles.get(slug.as_str()).map(String::as_str),
                        url: first_mention.get(slug).copied(),
                    })
                    .collect(),
                disagrees: row.disagrees,
            })
            .collect();
        let (current, default_on) = gate_current(self.registry, &g.name);
        let gate = GateView {
            terms: self.glossary_terms(|t| t.gates.contains(&g.name)),
            name: &g.name,
            known: g.known,
            kep,
            sig: g.sig.as_ref().map(SigLink::new),
            current,
            current_label: current.map(|s| stage_label(Some(s))),
            default_on,
            registry_stages: g
                .registry_stages
                .iter()
                .map(|s| RegistryStageView {
                    stage: s.stage,
                    label: stage_label(Some(s.stage)),
                    from: s.from,
                    to: s.to,
                    default_on: s.default_on,
                    locked: s.locked,
                })
                .collect(),
            registry_file: (!self.registry.gate_is_builtin(&g.name.0))
                .then(|| self.registry.gate_file(&g.name.0).display().to_string()),
            removed: g.removed,
            mention_count: g.mentions.len(),
            disagreements: disagreements(&g.disagreements, titles, |s| {
                entry.and_then(|e| e.first_release_at(s))
            }),
            timeline,
            releases: by_release(
                &g.mentions,
                &g.disagreements,
                g.known,
                |r| entry.and_then(|e| e.stage_at(r)).map(|s| s.stage),
                |r| self.graph.releases.contains_key(&r),
            ),
        };
        let title = format!("フィーチャーゲート {}", g.name);
        let description = format!("フィーチャーゲート {} の段階の推移と、記事での記述", g.name);
        let mut ctx = self.base_ctx(&page, &title, &description);
        ctx.insert("gate", &gate);
        self.render("feature_gate.html", &page, &ctx)
    }

    /// The site's articles whose slugs are among `slugs`, in site order. A SIG lists up to every
    /// article: a set, so this is not articles × slugs comparisons.
    fn articles_among<'s>(&'s self, slugs: &'s [Slug]) -> impl Iterator<Item = &'s Article> + 's {
        let slugs: std::collections::HashSet<&Slug> = slugs.iter().collect();
        self.articles
            .iter()
            .filter(move |a| slugs.contains(&a.front.slug))
            .map(|a| &**a)
    }

    fn sig_page(&self, sig: &SigName) -> Page {
        let page = urls::sig(sig);
        let node = &self.graph.sigs[sig];
        let value = SigView {
            name: sig,
            display: sig.display_name(),
            community_url: format!("https://github.com/kubernetes/community/tree/master/sig-{sig}"),
            keps: node
                .keps
                .iter()
                .filter_map(|n| self.graph.keps.get(n))
                .map(|k| SigKep {
                    label: k.number.label(),
                    title: k.title.as_deref(),
                    url: urls::kep(k.number),
                    stages: stage_pairs(&pairs(&k.mentions)),
                    current: kep_current(k),
                })
                .collect(),
            gates: node
                .gates
                .iter()
                .filter_map(|n| self.graph.gates.get(n))
                .map(|g| SigGate {
                    name: &g.name,
                    url: urls::feature_gate(&g.name),
                    stages: stage_pairs(&pairs(&g.mentions)),
                    current: gate_current(self.registry, &g.name).0,
                })
                .collect(),
            articles: self
                .articles_among(&node.articles)
                .map(|a| self.card(a))
                .collect(),
        };
        let title = format!("SIG {}", sig.display_name());
        let description = format!("SIG {} の記事・KEP・フィーチャーゲート", sig.display_name());
        let mut ctx = self.base_ctx(&page, &title, &description);
        ctx.insert("sig", &value);
        self.render("sig.html", &page, &ctx)
    }

    fn keps_index(&self) -> Page {
        let page = "keps/";
        let mut releases = BTreeSet::new();
        let mut sigs = BTreeSet::new();
        let (mentioned, rest): (Vec<&KepNode>, Vec<&KepNode>) = self
            .graph
            .keps
            .values()
            .partition(|k| !k.mentions.is_empty());
        let entry = |k: &'a KepNode| KepEntry {
            label: k.number.label(),
            url: urls::kep(k.number),
            title: k.title.as_deref(),
            sig: k.sig.as_ref().map(SigLink::new),
            current: kep_current(k),
        };
        let others: Vec<KepEntry> = rest.into_iter().map(entry).collect();
        let rows: Vec<KepRow> = mentioned
            .into_iter()
            .map(|k| {
                let p = pairs(&k.mentions);
                releases.extend(releases_of(&p));
                sigs.extend(k.sig.clone());
                KepRow {
                    entry: entry(k),
                    number: k.number,
                    stages: stage_pairs(&p),
                    mentions: k.mentions.len(),
                    disagrees: !k.disagreements.is_empty(),
                    rs: rs_attr(&p, &[]),
                    sigs: k.sig.as_ref().map(|s| s.to_string()).unwrap_or_default(),
                }
            })
            .collect();
        let mut ctx = self.base_ctx(
            page,
            "KEP 一覧",
            "記事が触れている KEP の一覧（リリース・段階・SIG で絞り込み）",
        );
        ctx.insert("rows", &rows);
        ctx.insert("others", &others);
        ctx.insert("facets", &facets(releases, Some(sigs)));
        self.render("keps.html", page, &ctx)
    }

    fn gates_index(&self) -> Page {
        let page = "feature-gates/";
        let mut releases = BTreeSet::new();
        let mut sigs = BTreeSet::new();
        let (mentioned, rest): (Vec<&GateNode>, Vec<&GateNode>) = self
            .graph
            .gates
            .values()
            .partition(|g| !g.mentions.is_empty());
        let entry = |g: &'a GateNode| {
            let (current, default_on) = gate_current(self.registry, &g.name);
            GateEntry {
                name: &g.name,
                url: urls::feature_gate(&g.name),
                current,
                default_on,
            }
        };
        let others: Vec<GateEntry> = rest.into_iter().map(entry).collect();
        let rows: Vec<GateRow> = mentioned
            .into_iter()
            .map(|g| {
                let p = pairs(&g.mentions);
                releases.extend(releases_of(&p));
                sigs.extend(g.sig.clone());
                GateRow {
                    entry: entry(g),
                    kep: g.kep.map(|n| RowKep {
                        label: n.label(),
                        url: self.graph.keps.contains_key(&n).then(|| urls::kep(n)),
                    }),
                    sig: g.sig.as_ref().map(SigLink::new),
                    stages: stage_pairs(&p),
                    known: g.known,
                    mentions: g.mentions.len(),
                    disagrees: !g.disagreements.is_empty(),
                    rs: rs_attr(&p, &[]),
                    sigs: g.sig.as_ref().map(|s| s.to_string()).unwrap_or_default(),
                }
            })
            .collect();
        let mut ctx = self.base_ctx(
            page,
            "フィーチャーゲート一覧",
            "記事が触れているフィーチャーゲートの一覧（リリース・段階・SIG で絞り込み）",
        );
        ctx.insert("rows", &rows);
        ctx.insert("others", &others);
        ctx.insert("facets", &facets(releases, Some(sigs)));
        self.render("feature_gates.html", page, &ctx)
    }

    fn sigs_index(&self) -> Page {
        let page = "sigs/";
        let mut releases = BTreeSet::new();
        let rows: Vec<SigRow> = self
            .graph
            .sigs
            .iter()
            .map(|(sig, node)| {
                let kep_mentions = node
                    .keps
                    .iter()
                    .filter_map(|n| self.graph.keps.get(n))
                    .flat_map(|k| &k.mentions);
                let gate_mentions = node
                    .gates
                    .iter()
                    .filter_map(|n| self.graph.gates.get(n))
                    .flat_map(|g| &g.mentions);
                let p = pairs(kep_mentions.chain(gate_mentions));
                let article_releases: Vec<Release> = self
                    .articles_among(&node.articles)
                    .filter_map(|a| a.front.release)
                    .collect();
                releases.extend(releases_of(&p));
                releases.extend(article_releases.iter().copied());
                SigRow {
                    link: SigLink::new(sig),
                    articles: node.articles.len(),
                    keps: node.keps.len(),
                    gates: node.gates.len(),
                    rs: rs_attr(&p, &article_releases),
                    sigs: sig.to_string(),
                }
            })
            .collect();
        let mut ctx = self.base_ctx(page, "SIG 一覧", "SIG ごとの記事・KEP・フィーチャーゲート");
        ctx.insert("rows", &rows);
        ctx.insert("facets", &facets(releases, None));
        self.render("sigs.html", page, &ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ids::Slug;

    fn m(release: &str, anchor: &str, stage: Option<Stage>) -> Mention {
        Mention {
            article: Slug::parse("a").unwrap(),
            article_title: "A".into(),
            release: Some(release.parse().unwrap()),
            anchor: anchor.into(),
            url: format!("articles/a/#{anchor}"),
            stage,
            default_on: None,
            sentence: "s".into(),
            lead: None,
            deferred: false,
            section: String::new(),
            line: 1,
            history: Vec::new(),
        }
    }

    #[test]
    fn row_pairs_drop_no_stage_where_a_stage_is_stated() {
        use Stage::*;
        let p = pairs(&[
            m("1.31", "li-1", None),
            m("1.31", "li-2", Some(Alpha)),
            m("1.32", "li-3", None),
            m("1.32", "li-3", Some(Beta)), // same block: one mention, stage beta
            m("1.33", "li-4", None),
        ]);
        assert_eq!(rs_attr(&p, &[]), "1.31:alpha 1.32:beta 1.33:none");
        assert_eq!(
            rs_attr(&BTreeSet::new(), &["1.29".parse().unwrap()]),
            "1.29:"
        );
    }

    #[test]
    fn stage_labels_are_japanese_and_spell_out_no_stage() {
        assert_eq!(stage_label(Some(Stage::Alpha)), "アルファ");
        assert_eq!(stage_label(None), "段階の記載なし");
        assert_eq!(stage_key(None), "none");
        assert_eq!(stage_key(Some(Stage::Stable)), "stable");
    }
}
