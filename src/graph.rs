//! The link stage for references: from every article's extracted references (plus the
//! registry) to the entity graph the KEP, feature-gate, SIG, pull-request and release pages and
//! the JSON API are rendered from. Runs after extract, over all articles at once
//! (`pipeline::link_articles`); the glossary, render and index stages read the [`RefGraph`].
//!
//! For each KEP, gate, SIG and pull request: every mention with its article, release, the
//! anchor of the block it stands in, the stage stated there and the sentence; for each gate a
//! stage timeline across releases (what articles state, next to what the registry records);
//! and every disagreement between an article and the registry. Deterministic: maps are
//! BTreeMaps, mention lists are in (release, article, document) order.
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;
use std::sync::Arc;

use serde::Serialize;

use crate::extract::Mentions;
use crate::model::ids::{
    Dated, FeatureGateName, GitHubHandle, KepNumber, PullRequest, Release, SigName, Slug, Stage,
};
use crate::model::urls;
use crate::parse::blocks::Doc;
use crate::parse::blocks::{BlockKind, SpanKind};
use crate::registry::{GateStage, GateStatus, Registry, contradiction};

/// What the link stage needs to know about an article.
#[derive(Debug, Clone)]
pub struct ArticleMeta {
    pub slug: Slug,
    /// Shared by every mention the article makes.
    pub title: Arc<str>,
    pub release: Option<Release>,
    /// Path relative to the site root, for diagnostics.
    pub path: PathBuf,
}

/// One place an article mentions an entity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mention {
    pub article: Slug,
    pub article_title: Arc<str>,
    pub release: Option<Release>,
    /// Anchor of the paragraph, list item or heading (`li-12`, `3962-ミューテーティング...`).
    pub anchor: String,
    /// Site-relative URL of the block: `articles/<slug>/#<anchor>`.
    pub url: String,
    pub stage: Option<Stage>,
    pub default_on: Option<bool>,
    /// The sentence around the mention, as written.
    pub sentence: String,
    /// What the block, else its section, says changed, when `sentence` says nothing of it: it
    /// points elsewhere (`詳しくはKEP-2837を参照してください。`), credits who did the work or
    /// only names the KEP. See [`own_statement`].
    pub lead: Option<String>,
    /// The title of the section the block stands in (empty before the first heading).
    pub section: String,
    pub line: usize,
    /// The article says the release did not do it (a KEP whose section says it was deferred):
    /// shown on the KEP's page, left out of the release's changes.
    pub deferred: bool,
    /// Stages the sentence states for other releases than `release` (`1.28でアルファ、…`):
    /// rows of a gate's timeline, not mentions of those releases.
    pub history: Vec<Dated>,
}

impl Mention {
    /// The sentence that says what the article says about the entity: the block's own
    /// statement when the quoted sentence only points to the KEP.
    pub fn statement(&self) -> &str {
        self.lead.as_deref().unwrap_or(&self.sentence)
    }
}

/// The most places one article gets on one entity's page (and in its API entry): a table of a
/// hundred thousand rows naming one gate is not a hundred thousand entries on the gate's page.
pub const MENTIONS_PER_ARTICLE: usize = 100;

/// One article's mentions of one entity as they join the graph: one per block (a block that
/// names an entity twice is one place to read, and a line naming a KEP ten thousand times must
/// not hold ten thousand quotes), and at most `MENTIONS_PER_ARTICLE` blocks. This is the one
/// place the rule lives: every list of mentions in the graph is one per block.
#[derive(Default)]
struct BlockMentions {
    list: Vec<Mention>,
    /// Block → its mention's place in `list`.
    at: HashMap<usize, usize>,
}

impl BlockMentions {
    /// Whether a mention in `block` would be kept (to skip building it).
    fn wants(&self, block: usize) -> bool {
        self.at.contains_key(&block) || self.list.len() < MENTIONS_PER_ARTICLE
    }

    /// Adds `m`, or merges it into the mention of the same block: the first stands, with the
    /// first stage (its release and sentence too) and default any of them states, unless a
    /// later one states a stage for a
    /// later release (`` `NodeSwap` は v1.28 でベータに…そして v1.34 で `NodeSwap` は GA ``): where
    /// the story stands is that one, and the earlier stage is its history.
    fn add(&mut self, block: usize, mut m: Mention) {
        match self.at.get(&block) {
            Some(&i) => {
                let o = &mut self.list[i];
                match (o.stage, m.stage, o.release, m.release) {
                    (Some(old), Some(_), Some(was), Some(now)) if now > was => {
                        let mut history = std::mem::take(&mut o.history);
                        history.push(Dated {
                            release: was,
                            stage: old,
                        });
                        history.extend(std::mem::take(&mut m.history));
                        history.retain(|d| d.release != now);
                        history.sort();
                        history.dedup_by_key(|d| d.release);
                        let default_on = m.default_on;
                        o.take_statement(m, history, default_on);
                    }
                    // (The later release told first: the earlier stage is its history.)
                    (Some(_), Some(earlier), Some(was), Some(then)) if then < was => {
                        if !o.history.iter().any(|d| d.release == then) {
                            o.history.push(Dated {
                                release: then,
                                stage: earlier,
                            });
                            o.history.sort();
                        }
                    }
                    // (The first names it, a later one states its stage: `\`KMSv2\` を使って
                    // いました。\`KMSv2\` は 1.32 で削除されました。` is removed in 1.32.)
                    (None, Some(_), _, _) => {
                        let default_on = o.default_on.or(m.default_on);
                        let history = std::mem::take(&mut m.history);
                        o.take_statement(m, history, default_on);
                    }
                    _ => {
                        o.default_on = o.default_on.or(m.default_on);
                    }
                }
            }
            None if self.list.len() < MENTIONS_PER_ARTICLE => {
                self.at.insert(block, self.list.len());
                self.list.push(m);
            }
            None => {}
        }
    }
}

impl Mention {
    /// Takes what `m`, a later mention of the same block, states: its stage with its release,
    /// sentence and lead, with `history` and `default_on` as the merge settles them.
    fn take_statement(&mut self, m: Mention, history: Vec<Dated>, default_on: Option<bool>) {
        self.stage = m.stage;
        self.release = m.release;
        self.default_on = default_on;
        self.sentence = m.sentence;
        self.lead = m.lead;
        self.deferred = m.deferred;
        self.history = history;
    }
}

/// An article stating, for its release, a stage the registry contradicts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Disagreement {
    pub article: Slug,
    pub release: Release,
    pub url: String,
    pub stated: Stage,
    /// The registry's stage in that release (`None`: not yet at any stage).
    pub registry: Option<Stage>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KepNode {
    pub number: KepNumber,
    /// The registry's title, else the first title an article gives.
    pub title: Option<String>,
    /// Titles articles give it (`ミューテーティングアドミッションポリシー`), distinct, in order.
    pub article_titles: Vec<String>,
    /// The registry's owning SIG, else the `Feature group:` an article gives.
    pub sig: Option<SigName>,
    /// The registry's milestones.
    pub milestones: BTreeMap<Stage, Release>,
    /// Gates the registry ties to this KEP.
    pub gates: Vec<FeatureGateName>,
    pub mentions: Vec<Mention>,
    pub disagreements: Vec<Disagreement>,
    pub issue_url: String,
}

/// One release on a gate's timeline: a release some article was written for, or one in which
/// the registry records a change (a stage begins, the gate is removed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TimelineRow {
    pub release: Release,
    /// Stages the articles of that release state, distinct and ordered.
    pub stated: Vec<Stage>,
    pub articles: Vec<Slug>,
    /// The registry's stage and default in that release.
    pub registry: Option<Stage>,
    pub registry_default_on: Option<bool>,
    /// The registry records a change at this release.
    pub registry_change: bool,
    /// An article states a stage the registry does not have in this release.
    pub disagrees: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GateNode {
    pub name: FeatureGateName,
    pub kep: Option<KepNumber>,
    /// The SIG of the gate's KEP.
    pub sig: Option<SigName>,
    pub known: bool,
    pub registry_stages: Vec<RegistryStage>,
    pub removed: Option<Release>,
    pub timeline: Vec<TimelineRow>,
    pub mentions: Vec<Mention>,
    pub disagreements: Vec<Disagreement>,
}

/// A row of the registry's stage history, serializable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RegistryStage {
    pub stage: Stage,
    pub from: Release,
    pub to: Option<Release>,
    pub default_on: Option<bool>,
    pub locked: bool,
}

impl From<&GateStage> for RegistryStage {
    fn from(s: &GateStage) -> Self {
        RegistryStage {
            stage: s.stage,
            from: s.from,
            to: s.to,
            default_on: s.default_on,
            locked: s.locked,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrNode {
    pub pr: PullRequest,
    pub url: String,
    pub authors: Vec<GitHubHandle>,
    pub mentions: Vec<Mention>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct SigNode {
    pub articles: Vec<Slug>,
    pub keps: Vec<KepNumber>,
    pub gates: Vec<FeatureGateName>,
}

/// A KEP or gate with the stage an article of the release states for it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    Kep { number: KepNumber, url: String },
    Gate { name: FeatureGateName, url: String },
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ReleaseNode {
    pub articles: Vec<Slug>,
    /// Changes by the stage stated for them, alpha first; those stated with no stage last.
    pub by_stage: Vec<StageGroup>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StageGroup {
    /// `None`: the articles state no stage for these.
    pub stage: Option<Stage>,
    pub changes: Vec<Change>,
}

impl ReleaseNode {
    pub fn changes_at(&self, stage: Option<Stage>) -> &[Change] {
        self.by_stage
            .iter()
            .find(|g| g.stage == stage)
            .map(|g| g.changes.as_slice())
            .unwrap_or(&[])
    }
}

/// The reference graph of the whole site.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct RefGraph {
    pub keps: BTreeMap<KepNumber, KepNode>,
    pub gates: BTreeMap<FeatureGateName, GateNode>,
    pub sigs: BTreeMap<SigName, SigNode>,
    /// Serialized as a list (a pull request is not a JSON key).
    #[serde(serialize_with = "values")]
    pub prs: BTreeMap<PullRequest, PrNode>,
    pub releases: BTreeMap<Release, ReleaseNode>,
}

fn values<S: serde::Serializer, K, V: Serialize>(
    m: &BTreeMap<K, V>,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(m.values())
}

/// What one article adds to the graph, entity by entity in the order the article first names
/// them: its mentions (see [`BlockMentions`]) and its disagreements with the
/// registry, and for KEPs the titles and SIG the article gives, for pull requests the authors.
/// It depends on nothing but the article and the registry, so the dev server keeps it for an
/// article that did not change ([`link_kept`]).
pub struct ArticleLinks {
    keps: Entries<KepNumber, EntityLinks>,
    gates: Entries<FeatureGateName, EntityLinks>,
    prs: Entries<PullRequest, PrLinks>,
}

#[derive(Default)]
struct EntityLinks {
    mentions: BlockMentions,
    disagreements: Vec<Disagreement>,
    titles: Vec<String>,
    /// The first SIG a mention gives.
    sig: Option<SigName>,
}

#[derive(Default)]
struct PrLinks {
    mentions: BlockMentions,
    authors: Vec<GitHubHandle>,
}

/// Entries by key in the order their keys came first.
struct Entries<K, V> {
    list: Vec<(K, V)>,
    at: HashMap<K, usize>,
}

impl<K: std::hash::Hash + Eq + Clone, V: Default> Entries<K, V> {
    fn new() -> Self {
        Entries {
            list: Vec::new(),
            at: HashMap::new(),
        }
    }

    /// The entry of `key`, added at the end when there is none.
    fn of(&mut self, key: &K) -> &mut V {
        let next = self.list.len();
        let at = match self.at.get(key) {
            Some(&at) => at,
            None => {
                self.at.insert(key.clone(), next);
                self.list.push((key.clone(), V::default()));
                next
            }
        };
        &mut self.list[at].1
    }
}

fn article_links(
    meta: &ArticleMeta,
    doc: &Doc,
    refs: &Mentions,
    registry: &Registry,
) -> ArticleLinks {
    let mut out = ArticleLinks {
        keps: Entries::new(),
        gates: Entries::new(),
        prs: Entries::new(),
    };
    let sections = SectionStatements::of_doc(doc);
    // A block's own statement, read once however many mentions it holds.
    let own: Vec<std::cell::OnceCell<Option<String>>> =
        vec![std::cell::OnceCell::new(); doc.blocks.len()];
    // A sentence that names another release for its stage (`v1.26でアルファ`) is a mention
    // for that release.
    let mention = |block: usize,
                   sentence: &std::ops::Range<usize>,
                   at: &std::ops::Range<usize>,
                   stage,
                   default_on,
                   stage_release: Option<Release>| {
        let b = &doc.blocks[block];
        let sentence = row_quote(doc, block).unwrap_or_else(|| quote(&b.text, sentence, at));
        Mention {
            article: meta.slug.clone(),
            article_title: meta.title.clone(),
            release: stage_release.or(meta.release),
            anchor: b.anchor.clone(),
            url: format!("{}#{}", urls::article(&meta.slug), b.anchor),
            stage,
            default_on,
            // A title-only item still says nothing of the change (a mention that does is preferred
            // to it) but is quoted by itself.
            lead: if titles_an_item(doc, block, &sentence) {
                Some(sentence.clone())
            } else if says_nothing(doc, block, &sentence) {
                own[block]
                    .get_or_init(|| own_statement(doc, block, &sections))
                    .clone()
            } else {
                None
            },
            section: doc
                .sections
                .get(b.section)
                .map(|s| s.title.clone())
                .unwrap_or_default(),
            sentence,
            line: b.line,
            deferred: false,
            history: Vec::new(),
        }
    };
    for m in &refs.keps {
        let e = out.keps.of(&m.kep);
        if !e.mentions.wants(m.block) {
            continue;
        }
        if let Some(t) = &m.title
            && !e.titles.contains(t)
        {
            e.titles.push(t.clone());
        }
        if e.sig.is_none() {
            e.sig = m.sig.clone();
        }
        // A deferred enhancement's planned stage is not what the release did.
        let stage = m.stage.filter(|_| !m.deferred);
        let mut mref = mention(m.block, &m.sentence, &m.range, stage, None, m.stage_release);
        mref.deferred = m.deferred;
        if !m.deferred {
            mref.history = m.history.clone();
        }
        if matches!(doc.blocks[m.block].kind, BlockKind::Heading(_))
            && let Some(lead) = sections.of(doc.blocks[m.block].section)
        {
            // A heading says only the name (`### #3962 …`, `### … ([KEP-1610](…))`); what
            // the article says is the section's text.
            mref.sentence = lead.to_string();
        }
        if let (Some(stated), Some(release)) = (stage, mref.release)
            && let Some(known) = registry.kep_contradiction(m.kep, release, stated)
        {
            push_disagreement(&mut e.disagreements, &mref, release, stated, known);
        }
        e.mentions.add(m.block, mref);
    }
    for m in &refs.gates {
        let e = out.gates.of(&m.gate);
        if !e.mentions.wants(m.block) {
            continue;
        }
        let mut mref = mention(
            m.block,
            &m.sentence,
            &m.range,
            m.stage,
            m.default_on,
            m.stage_release,
        );
        mref.history = m.history.clone();
        if let (Some(stated), Some(release), Some(entry)) =
            (m.stage, mref.release, registry.gate(&m.gate.0))
            && let Some(known) = contradiction(entry, release, stated)
        {
            push_disagreement(&mut e.disagreements, &mref, release, stated, known);
        }
        e.mentions.add(m.block, mref);
    }
    for m in &refs.prs {
        let e = out.prs.of(&m.pr);
        if let Some(a) = &m.author
            && !e.authors.contains(a)
        {
            e.authors.push(a.clone());
        }
        if e.mentions.wants(m.block) {
            let mref = mention(
                m.block,
                &m.sentence,
                &m.range,
                m.stage,
                None,
                m.stage_release,
            );
            e.mentions.add(m.block, mref);
        }
    }
    out
}

/// Links every article's references into one graph.
pub fn link(articles: &[(ArticleMeta, &Doc, &Mentions)], registry: &Registry) -> RefGraph {
    link_in_chunks(articles, registry, &|_| None, false).0
}

/// [`link`], taking what `kept` gives for article `i` as its contribution instead of making it
/// again (the caller vouches that the article and the registry are the ones it was made from);
/// with every article's contribution, in the order of `articles`, for the next build to keep.
pub fn link_kept(
    articles: &[(ArticleMeta, &Doc, &Mentions)],
    registry: &Registry,
    kept: &(dyn Fn(usize) -> Option<Arc<ArticleLinks>> + Sync),
) -> (RefGraph, Vec<Arc<ArticleLinks>>) {
    let (graph, made) = link_in_chunks(articles, registry, kept, true);
    (
        graph,
        made.into_iter()
            .map(|m| m.expect("every article linked"))
            .collect(),
    )
}

/// Articles whose contributions are made (in parallel) before they join the graph: what one
/// article adds is about as large as what the graph keeps of it, so holding every article's at
/// once would double the stage's memory.
const LINK_CHUNK: usize = 128;

/// The link stage: each article's contribution made on its own, in chunks, and joined in site
/// order (oldest release first, then by slug); contributions are returned only when `keep`.
fn link_in_chunks(
    articles: &[(ArticleMeta, &Doc, &Mentions)],
    registry: &Registry,
    kept: &(dyn Fn(usize) -> Option<Arc<ArticleLinks>> + Sync),
    keep: bool,
) -> (RefGraph, Vec<Option<Arc<ArticleLinks>>>) {
    let mut order: Vec<usize> = (0..articles.len()).collect();
    // Mentions read oldest release first; then by slug for a stable order.
    order.sort_by(|&a, &b| {
        let (ma, mb) = (&articles[a].0, &articles[b].0);
        (ma.release, &ma.slug).cmp(&(mb.release, &mb.slug))
    });
    use rayon::prelude::*;
    let mut made: Vec<Option<Arc<ArticleLinks>>> =
        vec![None; if keep { articles.len() } else { 0 }];
    let mut g = RefGraph::default();
    for chunk in order.chunks(LINK_CHUNK) {
        let links: Vec<Arc<ArticleLinks>> = chunk
            .par_iter()
            .map(|&i| {
                kept(i).unwrap_or_else(|| {
                    let (meta, doc, refs) = &articles[i];
                    Arc::new(article_links(meta, doc, refs, registry))
                })
            })
            .collect();
        // The graph copies what it takes, so each article's pieces go whole once linked:
        // moving them instead left them scattered over the workers' heap pages (about 5% more
        // peak memory at 3000 articles, measured) for no time saved.
        for (&i, links) in chunk.iter().zip(links) {
            join_article(&mut g, &articles[i], &links, registry);
            if keep {
                made[i] = Some(links);
            }
        }
    }
    // Every KEP and gate the registry knows has a page, mentioned or not, so searching any KEP
    // number or gate name lands on one.
    for k in registry.keps() {
        g.keps
            .entry(k.number)
            .or_insert_with(|| kep_node(k.number, registry));
    }
    for gate in registry.gates() {
        g.gates
            .entry(gate.name.clone())
            .or_insert_with(|| gate_node(&gate.name, registry));
    }
    for node in g.gates.values_mut() {
        node.timeline = timeline(&node.name, &node.mentions, registry);
        node.sig = node
            .kep
            .and_then(|k| g.keps.get(&k))
            .and_then(|k| k.sig.clone());
    }
    for node in g.keps.values_mut() {
        if node.title.is_none() {
            node.title = node.article_titles.first().cloned();
        }
    }
    // Every SIG that owns a KEP has a page (KEP pages link it); the page is about what the
    // articles say: it lists the mentioned KEPs and gates, and the KEPs of mentioned gates.
    for node in g.keps.values() {
        if let Some(sig) = &node.sig {
            g.sigs.entry(sig.clone()).or_default();
        }
    }
    let gate_keps: std::collections::BTreeSet<KepNumber> = g
        .gates
        .values()
        .filter(|n| !n.mentions.is_empty())
        .filter_map(|n| n.kep)
        .collect();
    for (n, node) in g
        .keps
        .iter()
        .filter(|(n, k)| !k.mentions.is_empty() || gate_keps.contains(n))
    {
        if let Some(sig) = &node.sig {
            g.sigs.entry(sig.clone()).or_default().keps.push(*n);
        }
    }
    for (name, node) in g.gates.iter().filter(|(_, k)| !k.mentions.is_empty()) {
        if let Some(sig) = &node.sig {
            g.sigs
                .entry(sig.clone())
                .or_default()
                .gates
                .push(name.clone());
        }
    }
    g.releases = releases(&g);
    (g, made)
}

/// Joins what one article adds (`links`) to the graph.
fn join_article(
    g: &mut RefGraph,
    (meta, _, refs): &(ArticleMeta, &Doc, &Mentions),
    links: &ArticleLinks,
    registry: &Registry,
) {
    if let Some(r) = meta.release {
        g.releases
            .entry(r)
            .or_default()
            .articles
            .push(meta.slug.clone());
    }
    for (kep, e) in &links.keps.list {
        let node = g
            .keps
            .entry(*kep)
            .or_insert_with(|| kep_node(*kep, registry));
        for t in &e.titles {
            if !node.article_titles.contains(t) {
                node.article_titles.push(t.clone());
            }
        }
        if node.sig.is_none() {
            node.sig.clone_from(&e.sig);
        }
        node.mentions.extend_from_slice(&e.mentions.list);
        node.disagreements.extend_from_slice(&e.disagreements);
    }
    for (gate, e) in &links.gates.list {
        let node = g
            .gates
            .entry(gate.clone())
            .or_insert_with(|| gate_node(gate, registry));
        node.mentions.extend_from_slice(&e.mentions.list);
        node.disagreements.extend_from_slice(&e.disagreements);
    }
    for (pr, e) in &links.prs.list {
        let node = g.prs.entry(pr.clone()).or_insert_with(|| PrNode {
            url: pr.url(),
            pr: pr.clone(),
            authors: Vec::new(),
            mentions: Vec::new(),
        });
        for a in &e.authors {
            if !node.authors.contains(a) {
                node.authors.push(a.clone());
            }
        }
        node.mentions.extend_from_slice(&e.mentions.list);
    }
    for sig in &refs.article_sigs {
        let node = g.sigs.entry(sig.clone()).or_default();
        // Articles are linked one after another: this one, if already listed, is last.
        if node.articles.last() != Some(&meta.slug) {
            node.articles.push(meta.slug.clone());
        }
    }
}

/// The longest quote a mention keeps of its sentence, in characters on each side of the
/// mention: a line without `。` is one sentence, and a mention must not copy all of it.
const QUOTE_SIDE: usize = 160;

/// For a mention in a table's body cell, its row (`#1287 | \`InPlacePodVerticalScaling\` |
/// ベータ`): a cell alone (`#1287`, `GA`) says nothing of what it is about. Cut to a quote's
/// length; `None` outside a table's body.
fn row_quote(doc: &Doc, block: usize) -> Option<String> {
    let cell = doc.blocks.get(block)?.cell.filter(|c| !c.head)?;
    let same_row = |i: &usize| {
        doc.blocks[*i]
            .cell
            .is_some_and(|c| c.table == cell.table && c.row == cell.row)
    };
    let first = (0..block)
        .rev()
        .take_while(same_row)
        .last()
        .unwrap_or(block);
    let cells: Vec<&str> = (first..doc.blocks.len())
        .take_while(same_row)
        .map(|i| doc.blocks[i].text.trim())
        .filter(|t| !t.is_empty())
        .collect();
    if cells.len() < 2 {
        return None;
    }
    Some(crate::text::truncate_chars(
        &cells.join(" | "),
        QUOTE_SIDE * 2,
    ))
}

/// The sentence `sentence` of `text`, or, when it is long, the part around the mention `at`
/// with `…` where it was cut. Memory stays linear however many mentions a line holds.
fn quote(text: &str, sentence: &std::ops::Range<usize>, at: &std::ops::Range<usize>) -> String {
    let s = &text[sentence.clone()];
    // Counting stops at the limit: a huge sentence is not walked once per mention.
    if s.chars().take(QUOTE_SIDE * 2 + 1).count() <= QUOTE_SIDE * 2 {
        return s.to_string();
    }
    let at_start = at.start.clamp(sentence.start, sentence.end);
    let at_end = at.end.clamp(at_start, sentence.end);
    let before: usize = text[sentence.start..at_start]
        .char_indices()
        .rev()
        .nth(QUOTE_SIDE - 1)
        .map_or(sentence.start, |(i, _)| sentence.start + i);
    let after: usize = text[at_end..sentence.end]
        .char_indices()
        .nth(QUOTE_SIDE)
        .map_or(sentence.end, |(i, _)| at_end + i);
    let mut q = String::new();
    if before > sentence.start {
        q.push('…');
    }
    q.push_str(&text[before..after]);
    if after < sentence.end {
        q.push('…');
    }
    q
}

/// Whether a sentence says nothing about what changed: it only sends the reader elsewhere
/// (`詳しくはKEP-2837を参照してください。`, `See KEP-3157 for details.`) or only credits who did
/// the work (`この作業はSIG Nodeが主導したKEP #753の一環として行われました。`). Such a sentence
/// names the KEP, but the release pages must quote what the article says changed.
fn points_elsewhere(sentence: &str) -> bool {
    const JA: [&str; 5] = ["参照", "詳しくは", "詳細は", "詳細について", "ご覧ください"];
    if JA.iter().any(|w| sentence.contains(w)) {
        return true;
    }
    let lower = crate::text::lowercase(sentence);
    lower.contains("see ")
        || lower.contains("for details")
        || lower.contains("for more")
        || crate::extract::credits_work(sentence)
}

/// Words that say something is new in the release (導入, 追加, できるようになり, `introduces`).
const NEW_WORDS: [&str; 10] = [
    "導入",
    "追加",
    "可能にな",
    "できるようにな",
    "新たに",
    "有効化",
    "introduc",
    "added",
    "adds ",
    "now ",
];

/// Whether a sentence says something is new in the release. A section's opening often gives the
/// background (`アプリケーション開発者は長い間…求めてきました。`); the sentence a release item
/// quotes is the one that says what the release did.
fn says_new(sentence: &str) -> bool {
    let lower = crate::text::lowercase(sentence);
    NEW_WORDS.iter().any(|w| lower.contains(w))
}

/// Whether `sentence` of block `block` says nothing of what changed: it points elsewhere or
/// only names the KEP.
fn says_nothing(doc: &Doc, block: usize, sentence: &str) -> bool {
    points_elsewhere(sentence) || only_names(doc, block, sentence)
}

/// Whether `sentence` is only the text of a link in block `block`: a list of KEPs by title
/// (`* [DRA: structured parameters](https://kep.k8s.io/4381)`) names each KEP and says nothing
/// of what changed, like a heading that names one.
fn only_names(doc: &Doc, block: usize, sentence: &str) -> bool {
    let Some(b) = doc.blocks.get(block) else {
        return false;
    };
    let said = sentence.trim().trim_end_matches(crate::text::ends_sentence);
    b.spans
        .iter()
        .filter_map(|&i| doc.spans.get(i))
        .any(|span| {
            matches!(span.kind, SpanKind::Link { .. })
                && b.text.get(span.range.clone()).map(str::trim) == Some(said)
        })
}

/// Whether `sentence` is a list item that is only a KEP's title as a link (`- [Portworx file
/// in-tree to CSI driver migration](…/2589)` under `これは安定版に昇格したすべての機能の一覧です。`):
/// the title says which change it is, where the list's lead says only that the list follows,
/// so the item is its own quote (its lead is itself: a mention whose sentence says what changed
/// is still preferred to it).
fn titles_an_item(doc: &Doc, block: usize, sentence: &str) -> bool {
    doc.blocks
        .get(block)
        .is_some_and(|b| b.kind == BlockKind::ListItem)
        && !points_elsewhere(sentence)
        && only_names(doc, block, sentence)
}

/// What block `block` itself says changed: inside a note (`> [!NOTE]` under a changelog item)
/// the first sentence of the item the note comments on, else the block's first sentence that
/// does not point elsewhere, else its section's statement ([`SectionStatements`]); `None`
/// when there is none.
fn own_statement(doc: &Doc, block: usize, sections: &SectionStatements) -> Option<String> {
    let b = doc.blocks.get(block)?;
    let host = if b.in_note {
        (0..block)
            .rev()
            .take_while(|&o| doc.blocks[o].section == b.section)
            .find(|&o| !doc.blocks[o].in_note && doc.blocks[o].kind != BlockKind::TableCell)
            .unwrap_or(block)
    } else {
        block
    };
    statement_in(doc, host).or_else(|| sections.of(b.section).map(str::to_string))
}

/// The first sentence of block `block` that says something ([`says_nothing`]), cut to a
/// quote's length.
fn statement_in(doc: &Doc, block: usize) -> Option<String> {
    statements(doc, block)
        .next()
        .map(|s| crate::text::truncate_chars(s.trim(), QUOTE_SIDE * 2))
}

/// The sentences of block `block` that say something ([`says_nothing`]).
fn statements(doc: &Doc, block: usize) -> impl Iterator<Item = &str> {
    let text = doc.blocks.get(block).map_or("", |b| b.text.as_str());
    crate::text::sentences(text)
        // A lone mark (`。` after a link) is no statement.
        .filter(|s| s.chars().count() > 1)
        .filter(move |s| !says_nothing(doc, block, s))
}

/// What each section of a document says: the first sentence of its paragraphs that names a
/// stage (`…APIはGAに昇格し、…`), else the first that says something is new ([`says_new`]:
/// `` `EnvFiles`フィーチャーゲートによって、Kubernetes v1.34では…を導入します。 ``), else the first
/// that does not point elsewhere (a section's opening paragraph says what the
/// feature is; its closing `この作業は…の一環として行われました。` only credits it). A heading that
/// names a KEP, and a block that only points to one, are quoted by it. Section 0 (before the
/// first heading) has none: an article's opening is not about one KEP. A section's statement is
/// read when first asked for (most mentions are quoted from their own block), each paragraph
/// at most once.
struct SectionStatements<'d> {
    doc: &'d Doc,
    found: Vec<std::cell::OnceCell<Option<String>>>,
}

impl<'d> SectionStatements<'d> {
    fn of_doc(doc: &'d Doc) -> SectionStatements<'d> {
        SectionStatements {
            doc,
            found: vec![std::cell::OnceCell::new(); doc.sections.len()],
        }
    }

    fn of(&self, section: usize) -> Option<&str> {
        self.found
            .get(section)?
            .get_or_init(|| self.read(section))
            .as_deref()
    }

    /// The statement of `section`: the first sentence of its paragraphs that names a stage,
    /// else that says something is new, else that says anything.
    fn read(&self, section: usize) -> Option<String> {
        if section == 0 {
            return None;
        }
        let doc = self.doc;
        let mut slots: [Option<String>; 3] = Default::default();
        for (i, b) in doc.blocks.iter().enumerate() {
            if b.section != section || b.kind != BlockKind::Paragraph || b.in_note {
                continue;
            }
            for s in statements(doc, i) {
                let rank = if crate::extract::names_stage(s) {
                    0
                } else if says_new(s) {
                    1
                } else {
                    2
                };
                for slot in &mut slots[rank..] {
                    if slot.is_none() {
                        *slot = Some(crate::text::truncate_chars(s.trim(), QUOTE_SIDE * 2));
                    }
                }
                if rank == 0 {
                    let [stage, ..] = slots;
                    return stage;
                }
            }
        }
        let [stage, change, first] = slots;
        stage.or(change).or(first)
    }
}

fn kep_node(n: KepNumber, registry: &Registry) -> KepNode {
    let entry = registry.kep(n);
    KepNode {
        number: n,
        title: entry.map(|e| e.title.clone()),
        article_titles: Vec::new(),
        sig: entry.and_then(|e| e.sig.clone()),
        milestones: entry.map(|e| e.milestones.clone()).unwrap_or_default(),
        gates: registry.gates_of_kep(n).to_vec(),
        mentions: Vec::new(),
        disagreements: Vec::new(),
        issue_url: n.issue_url(),
    }
}

fn gate_node(name: &FeatureGateName, registry: &Registry) -> GateNode {
    let entry = registry.gate(&name.0);
    GateNode {
        name: name.clone(),
        kep: entry.and_then(|e| e.kep),
        sig: None,
        known: entry.is_some(),
        registry_stages: entry
            .map(|e| e.stages.iter().map(RegistryStage::from).collect())
            .unwrap_or_default(),
        removed: entry.and_then(|e| e.removed),
        timeline: Vec::new(),
        mentions: Vec::new(),
        disagreements: Vec::new(),
    }
}

/// One disagreement per (article, stated stage).
fn push_disagreement(
    list: &mut Vec<Disagreement>,
    m: &Mention,
    release: Release,
    stated: Stage,
    registry: Option<Stage>,
) {
    // The list is one article's (see `article_links`): a KEP that many articles contradict the
    // registry on must not cost a scan of all of them per mention.
    if list
        .iter()
        .rev()
        .take_while(|d| d.article == m.article)
        .any(|d| d.stated == stated)
    {
        return;
    }
    list.push(Disagreement {
        article: m.article.clone(),
        release,
        url: m.url.clone(),
        stated,
        registry,
    });
}

/// Per release with mentions or a registry change: stages stated, articles, and the
/// registry's view, oldest release first.
fn timeline(name: &FeatureGateName, mentions: &[Mention], registry: &Registry) -> Vec<TimelineRow> {
    let entry = registry.gate(&name.0);
    let mut rows: BTreeMap<Release, (BTreeSet<Stage>, Vec<Slug>)> = BTreeMap::new();
    let changes: BTreeSet<Release> = entry
        .map(|e| e.stages.iter().map(|s| s.from).chain(e.removed).collect())
        .unwrap_or_default();
    for r in &changes {
        rows.entry(*r).or_default();
    }
    let mut listed: std::collections::HashSet<(Release, &Slug)> = std::collections::HashSet::new();
    let stated = mentions.iter().flat_map(|m| {
        let history = m.history.iter().map(|d| (Some(d.release), Some(d.stage)));
        std::iter::once((m.release, m.stage))
            .chain(history)
            .map(move |(r, s)| (r, s, &m.article))
    });
    for (release, stage, article) in stated {
        let Some(r) = release else { continue };
        let (stages, articles) = rows.entry(r).or_default();
        stages.extend(stage);
        if listed.insert((r, article)) {
            articles.push(article.clone());
        }
    }
    rows.into_iter()
        .map(|(release, (stated, articles))| {
            let status: Option<GateStatus> = entry.and_then(|e| e.stage_at(release));
            let registry = status.map(|s| s.stage);
            TimelineRow {
                release,
                disagrees: entry.is_some_and(|e| {
                    stated
                        .iter()
                        .any(|s| contradiction(e, release, *s).is_some())
                }),
                stated: stated.into_iter().collect(),
                articles,
                registry,
                registry_default_on: status.and_then(|s| s.default_on),
                registry_change: changes.contains(&release),
            }
        })
        .collect()
}

/// Each release's KEPs and gates grouped by the stage its articles state (the first stated
/// one per entity and release; entities mentioned with no stage go under `None`).
fn releases(g: &RefGraph) -> BTreeMap<Release, ReleaseNode> {
    let mut out = g.releases.clone();
    let mut placed: BTreeMap<(Release, Change), Option<Stage>> = BTreeMap::new();
    // A release has a page when an article is about it; a stage an article states for another
    // release (`v1.26でアルファ`) shows on the KEP or gate page, not on a page of its own.
    let article_releases: std::collections::BTreeSet<Release> = out.keys().copied().collect();
    let mut note = |release: Option<Release>, change: Change, stage: Option<Stage>| {
        let Some(r) = release.filter(|r| article_releases.contains(r)) else {
            return;
        };
        let slot = placed.entry((r, change)).or_insert(stage);
        if slot.is_none() {
            *slot = stage;
        }
    };
    for (n, node) in &g.keps {
        for m in node.mentions.iter().filter(|m| !m.deferred) {
            note(
                m.release,
                Change::Kep {
                    number: *n,
                    url: urls::kep(*n),
                },
                m.stage,
            );
        }
    }
    for (name, node) in &g.gates {
        for m in &node.mentions {
            note(
                m.release,
                Change::Gate {
                    name: name.clone(),
                    url: urls::feature_gate(name),
                },
                m.stage,
            );
        }
    }
    // Per release: (stage missing?, stage) → changes, so stated stages sort first.
    type Groups = BTreeMap<(bool, Option<Stage>), Vec<Change>>;
    let mut grouped: BTreeMap<Release, Groups> = BTreeMap::new();
    for ((r, change), stage) in placed {
        // `(false, Some(alpha))` < ... < `(true, None)`: stated stages first, in stage order.
        grouped
            .entry(r)
            .or_default()
            .entry((stage.is_none(), stage))
            .or_default()
            .push(change);
    }
    for (r, groups) in grouped {
        out.entry(r).or_default().by_stage = groups
            .into_iter()
            .map(|((_, stage), changes)| StageGroup { stage, changes })
            .collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::frontmatter::{FrontMatter, RefHint};

    fn article(
        slug: &str,
        release: &str,
        md: &str,
        refs: Option<RefHint>,
        reg: &Registry,
    ) -> (ArticleMeta, Doc, Mentions) {
        let front = FrontMatter {
            release: Some(release.parse().unwrap()),
            refs,
            ..FrontMatter::new(slug.to_uppercase(), Slug::parse(slug).unwrap())
        };
        let doc = crate::parse::blocks::parse(md, 1);
        let r = crate::extract::extract(&doc, &front, reg);
        let meta = ArticleMeta {
            slug: front.slug.clone(),
            title: front.title.as_str().into(),
            release: front.release,
            path: format!("content/{slug}.md").into(),
        };
        (meta, doc, r)
    }

    fn registry() -> Registry {
        let (reg, d) = Registry::parse(
            "k.toml".as_ref(),
            "[[kep]]\nnumber = 3962\ntitle = \"Mutating Admission Policies\"\nsig = \"api-machinery\"\nalpha = \"1.32\"\n\n[[kep]]\nnumber = 3157\ntitle = \"Watch list\"\nsig = \"api-machinery\"\nalpha = \"1.27\"\nbeta = \"1.32\"\n",
            "g.toml".as_ref(),
            "[[gate]]\nname = \"MutatingAdmissionPolicy\"\nkep = 3962\nstages = [ { stage = \"alpha\", from = \"1.30\", default = false } ]\n\n[[gate]]\nname = \"WatchList\"\nkep = 3157\nstages = [ { stage = \"alpha\", from = \"1.27\", to = \"1.31\", default = false }, { stage = \"beta\", from = \"1.32\", default = true } ]\n",
        );
        assert!(d.is_empty(), "{d:?}");
        reg
    }

    fn graph() -> RefGraph {
        let reg = registry();
        let a = article(
            "a-131",
            "1.31",
            "### #3962 ミューテーティングアドミッションポリシー\n\n- Stage: Net New to Alpha\n- Feature group: sig-api-machinery\n\nWatchList FeatureGate はまだアルファです。 (#120000, @alice) [sig/api-machinery]\n",
            Some(RefHint::Kep),
            &reg,
        );
        let b = article(
            "b-132",
            "1.32",
            "- MutatingAdmissionPolicy FeatureGateを有効にします(KEP 3962: mutating admission policy)。まだアルファです。\n- ついに WatchList がベータに昇格しました。 (#128053)\n",
            None,
            &reg,
        );
        let list = [(b.0.clone(), &b.1, &b.2), (a.0.clone(), &a.1, &a.2)];
        link(&list, &reg)
    }

    #[test]
    fn a_long_sentence_is_quoted_around_the_mention() {
        let text = format!("{}KEP-1{}", "あ".repeat(1000), "い".repeat(1000));
        let at = 3000..3005;
        let q = quote(&text, &(0..text.len()), &at);
        assert_eq!(q.chars().count(), QUOTE_SIDE * 2 + 5 + 2, "{q}");
        assert!(q.starts_with('…') && q.ends_with('…') && q.contains("KEP-1"));
        assert_eq!(quote("短い文。", &(0..12), &(0..3)), "短い文。");
    }

    #[test]
    fn kep_pages_gather_mentions_by_release_with_anchors() {
        let g = graph();
        let k = &g.keps[&KepNumber(3962)];
        assert_eq!(k.title.as_deref(), Some("Mutating Admission Policies"));
        assert_eq!(
            k.article_titles,
            [
                "ミューテーティングアドミッションポリシー",
                "mutating admission policy"
            ]
        );
        let m: Vec<(&str, &str, Option<Stage>)> = k
            .mentions
            .iter()
            .map(|m| (m.article.as_str(), m.url.as_str(), m.stage))
            .collect();
        assert_eq!(
            m,
            [
                (
                    "a-131",
                    "articles/a-131/#3962-ミューテーティングアドミッションポリシー",
                    Some(Stage::Alpha)
                ),
                ("b-132", "articles/b-132/#li-1", Some(Stage::Alpha)),
            ]
        );
        // 1.31 says alpha; the registry has alpha from 1.32.
        assert_eq!(k.disagreements.len(), 1);
        assert_eq!(
            (
                k.disagreements[0].release.to_string(),
                k.disagreements[0].registry
            ),
            ("1.31".into(), None)
        );
        assert_eq!(k.gates[0].0, "MutatingAdmissionPolicy");
        assert_eq!(
            k.issue_url,
            "https://github.com/kubernetes/enhancements/issues/3962"
        );
    }

    #[test]
    fn a_heading_kep_is_quoted_by_the_first_sentence_of_its_section() {
        let g = graph();
        let m = &g.keps[&KepNumber(3962)].mentions[0];
        assert_eq!(m.anchor, "3962-ミューテーティングアドミッションポリシー");
        assert_eq!(m.sentence, "WatchList FeatureGate はまだアルファです。");
    }

    /// The statement each KEP of `md` (a 1.40 article) is quoted by on its release page.
    fn statements(md: &str) -> BTreeMap<u32, String> {
        let reg = registry();
        let a = article("credit", "1.40", md, None, &reg);
        link(&[(a.0.clone(), &a.1, &a.2)], &reg)
            .keps
            .into_iter()
            .filter_map(|(n, k)| Some((n.0, k.mentions.first()?.statement().to_string())))
            .collect()
    }

    #[test]
    fn a_credit_line_is_quoted_by_its_sections_statement() {
        let s = statements(
            "## GAに昇格した機能\n\n### サイドカー\n\nサイドカーコンテナがGAに昇格しました。\n\nこの作業はSIG Nodeが主導した[KEP #753](https://kep.k8s.io/753)の一環として行われました。\n\n### ジョブ\n\nJobの成功ポリシーを定義できるようになりました。\n\nこの作業は、[SIG Apps](https://github.com/kubernetes/community/tree/master/sig-apps)により[KEP #3998](https://github.com/kubernetes/enhancements/issues/3998)の一部として実施されました。\n\n### 取り組み\n\nPodの再起動が速くなりました。\n\nこの取り組みは、SIG SchedulingとSIG Appsが主導した複数のKEP([#4671](https://kep.k8s.io/4671)、[#5547](https://kep.k8s.io/5547)を含む)の一環として行われました。\n\n### English\n\nPods restart faster now.\n\nThis work was done as part of KEP-5000, led by SIG Node.\n",
        );
        assert_eq!(s[&753], "サイドカーコンテナがGAに昇格しました。");
        assert_eq!(s[&3998], "Jobの成功ポリシーを定義できるようになりました。");
        assert_eq!(s[&4671], "Podの再起動が速くなりました。");
        assert_eq!(s[&5547], "Podの再起動が速くなりました。");
        assert_eq!(s[&5000], "Pods restart faster now.");
    }

    #[test]
    fn a_pointer_alone_in_its_paragraph_is_quoted_by_its_sections_statement() {
        let s = statements(
            "## 主な変更\n\n### SELinux\n\nSELinuxのラベル付けが高速化されました。\n\nこの機能強化の詳細については、[KEP-1710: Speed up](https://kep.k8s.io/1710)をご参照ください。\n\n### 削除\n\n詳細はリリースノートをご覧ください。\n\n`gitRepo`ボリュームプラグインが無効化されました。\n\n詳細は[KEP-5040](https://kep.k8s.io/5040)を参照してください。\n",
        );
        assert_eq!(s[&1710], "SELinuxのラベル付けが高速化されました。");
        // The section's first paragraph is itself a pointer: the next one speaks.
        assert_eq!(s[&5040], "gitRepoボリュームプラグインが無効化されました。");
    }

    #[test]
    fn a_list_item_of_a_kep_title_is_its_own_quote() {
        // The lead says only that the list follows (every page shows the stage beside the quote);
        // the title says which change the item is.
        let s = statements(
            "## GAへの昇格\n\n以下の機能がGAに昇格しました。\n\n* [DRA: structured parameters](https://kep.k8s.io/4381)\n",
        );
        assert_eq!(s[&4381], "DRA: structured parameters");
        // A heading that only names its KEP is still quoted by its section's text.
        let s = statements(
            "## [DRA: structured parameters](https://kep.k8s.io/4381)\n\n構造化パラメーターがGAに昇格しました。\n",
        );
        assert_eq!(s[&4381], "構造化パラメーターがGAに昇格しました。");
    }

    #[test]
    fn a_sentence_that_credits_and_states_a_change_is_a_statement() {
        for said in [
            "この作業はKEP-753の一環として行われ、サイドカーはGAに昇格しました。",
            "この機能はPod仕様の一部として設定します。",
            "SIG Nodeは新しいAPIを追加しました。",
        ] {
            assert!(!points_elsewhere(said), "{said}");
        }
        for credit in [
            "この機能は、[SIG Network](https://github.com/kubernetes/community/tree/master/sig-network)が[KEP #3866](https://github.com/kubernetes/enhancements/issues/3866)の一環として開発しました。",
            "この取り組みは、SIG SchedulingとSIG Nodeが主導した複数のKEPにわたって行われました。",
            "This feature was delivered by SIG Node as part of KEP-753.",
        ] {
            assert!(points_elsewhere(credit), "{credit}");
        }
    }

    #[test]
    fn gate_timelines_span_releases() {
        let g = graph();
        let w = &g.gates[&FeatureGateName("WatchList".into())];
        let rows: Vec<(String, Vec<Stage>, Option<Stage>)> = w
            .timeline
            .iter()
            .map(|r| (r.release.to_string(), r.stated.clone(), r.registry))
            .collect();
        // The registry's alpha (1.27) and beta (1.32) next to what the articles state.
        assert_eq!(
            rows,
            [
                ("1.27".into(), vec![], Some(Stage::Alpha)),
                ("1.31".into(), vec![Stage::Alpha], Some(Stage::Alpha)),
                ("1.32".into(), vec![Stage::Beta], Some(Stage::Beta)),
            ]
        );
        let changes: Vec<bool> = w.timeline.iter().map(|r| r.registry_change).collect();
        assert_eq!(changes, [true, false, true]);
        assert!(w.timeline.iter().all(|r| !r.disagrees));
        assert!(w.disagreements.is_empty());
        assert_eq!(w.kep, Some(KepNumber(3157)));
        assert_eq!(w.sig.as_ref().unwrap().as_str(), "api-machinery");
        // The gate's KEP gets a page although no article names it.
        assert!(g.keps[&KepNumber(3157)].mentions.is_empty());
    }

    #[test]
    fn prs_sigs_and_releases() {
        let g = graph();
        let pr = &g.prs[&PullRequest::kubernetes(120000)];
        assert_eq!(pr.authors[0].0, "alice");
        assert_eq!(
            pr.url,
            "https://github.com/kubernetes/kubernetes/pull/120000"
        );
        let sig = &g.sigs[&SigName::parse("api-machinery").unwrap()];
        assert_eq!(
            sig.articles.iter().map(Slug::as_str).collect::<Vec<_>>(),
            ["a-131"]
        );
        assert_eq!(sig.keps, [KepNumber(3157), KepNumber(3962)]);
        let r132 = &g.releases[&"1.32".parse().unwrap()];
        assert!(r132.changes_at(Some(Stage::Beta)).contains(&Change::Gate {
            name: FeatureGateName("WatchList".into()),
            url: "feature-gates/WatchList/".into()
        }));
    }

    #[test]
    fn linking_is_deterministic_whatever_the_article_order() {
        let reg = registry();
        let a = article(
            "a-131",
            "1.31",
            "WatchList FeatureGate はアルファ。KEP-3962\n",
            None,
            &reg,
        );
        let b = article(
            "b-132",
            "1.32",
            "WatchList FeatureGate はベータ。KEP-3962\n",
            None,
            &reg,
        );
        let one = link(
            &[(a.0.clone(), &a.1, &a.2), (b.0.clone(), &b.1, &b.2)],
            &reg,
        );
        let two = link(
            &[(b.0.clone(), &b.1, &b.2), (a.0.clone(), &a.1, &a.2)],
            &reg,
        );
        assert_eq!(one, two);
        assert_eq!(
            serde_json::to_string(&one).unwrap(),
            serde_json::to_string(&two).unwrap()
        );
    }
}
