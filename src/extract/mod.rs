//! The extract stage for references: from a parsed article (`Doc` + `FrontMatter`) to the KEPs,
//! pull requests, feature gates, SIGs and GitHub handles it mentions, each with the block and
//! byte range where it stands, so the render stage can wrap exactly that text in a link.
//!
//! Pure functions; the only outside knowledge is the `Registry` (known gate names, for gates the
//! text names without saying "feature gate"). Per block the work is one NFKC pass with an offset
//! map (`normalize`), one pass of one precompiled regex (`scan`), then small decisions over the
//! tokens (`refs`, `gates`, `stage`). Only tokens inside one `plain` range become links, so
//! code spans, code blocks and link text are never linked twice (a reference in a code span or
//! link text is a mention with a chip after it: a KEP, a gate, a pull request's number alone); URLs in prose are tokens of
//! their own and are skipped, and a `#1275b13` is one token that is not a number.
//!
//! # Forms
//!
//! * KEPs: `KEP-4603`, `KEP 3962`, `KEP #4358`, `KEP-4191はこちら`, `KEP-3157: allow informers ...` (the
//!   ASCII text after the colon is kept as the title), and the heading form `### #3962 Title`
//!   whose title is the rest of the heading, whose stage comes from a following
//!   `Stage: Graduating to Stable` / `Net New to Alpha` line and whose SIG from a following
//!   `Feature group: sig-apps` line in the same section; `KEP 番号: 4639`, `KEP No.4639`,
//!   `KEP（3962）`, `KEP-4205・4818`, the KEP's folder `keps/sig-node/2400-node-swap`.
//! * Pull requests: `(#128266)`, `(#119026, @AxeZhan)` (the handle becomes the author),
//!   `[#126503]`, `#128318のclient-go側の修正です`, `kubernetes/website#123`, `` `#128308` ``;
//!   issues by their word or a closing verb (`Issue: #N`, `Fixes #N`).
//! * Handles `@pohly` (not the `@` of an e-mail address); SIGs `[sig/node,sig/api-machinery]`,
//!   `Feature group: sig-apps`, `SIG-Node`, `SIG-API Machinery`, `SIG: Node`, `SIG Arch`, and
//!   the names in a column headed `SIG`.
//! * Feature gates: see `gates`.
//! * Full-width forms (`ＫＥＰ－３１５７`, `＃１２８２６６`) match after NFKC; ranges point at the
//!   full-width original.
//!
//! # Is a bare `#N` a KEP or a pull request?
//!
//! In this order:
//! 1. `#N` that opens a heading (`### #3962 ミューテーティング...`) is a KEP: release-highlight
//!    articles title each enhancement by its enhancements issue (one digit is the heading's own
//!    numbering, `## #1 はじめに`). Front matter `refs = "pr"`
//!    turns this off.
//! 2. `(#N, @user)` is a pull request: that is the CHANGELOG shape.
//! 3. `N >= 10000` is a pull request: enhancements issues have not reached five digits, while
//!    kubernetes/kubernetes passed #10000 in 2015.
//! 4. Otherwise the front-matter hint decides (`refs = "kep"` or `refs = "pr"`); with no hint a
//!    bare `#N` is a pull request, because CHANGELOG digests are what most articles quote.
//!
//! `KEP-N` is always a KEP.
//!
//! # Stages
//!
//! A mention's stage is what its sentence says (see `stage`); when the sentence says nothing,
//! what its block says if the block names exactly one stage. Heading-form KEPs take only their
//! `Stage:` line.
use std::collections::HashMap;
use std::ops::Range;

use serde::Serialize;

use crate::model::ids::{
    Dated, FeatureGateName, GitHubHandle, ItemKind, KepNumber, PullRequest, Release, SigName,
    Stage, UserHandle,
};
use crate::parse::blocks::{Block, BlockKind, Doc};
use crate::parse::frontmatter::FrontMatter;
use crate::registry::Registry;

mod gates;
mod normalize;
mod refs;
mod scan;
mod stage;
mod targets;

pub use normalize::Normalized;
pub(crate) use refs::numbers_its_own_versions;

/// Words that say a stage changed without naming the stage (`GAに昇格`, `graduates`): a stage
/// heading or a release item that says one speaks of a graduation.
pub(crate) const PROMOTION_WORDS: [&str; 3] = ["昇格", "graduat", "promot"];

/// Whether a sentence only says who did the work and under which KEP: it names the doer (a SIG
/// or WG, or leading it: 主導, `led by`) or speaks of "this work" (この作業, この取り組み,
/// `This work`), frames the work (一環, 一部として, にわたって, `as part of`, `delivered by`), says
/// it was done (行われ, 実施, 開発, 主導, `done`, `led`), and states no change itself (a sentence
/// that also says 昇格 or GA is a statement; `この機能はPodの一部として設定します` does no work):
/// the quote rules leave such a sentence for its section's statement, and the stage rules give its
/// KEP its section's stage.
pub(crate) fn credits_work(sentence: &str) -> bool {
    let lower = crate::text::lowercase(sentence);
    const DOER: [&str; 6] = ["SIG ", "SIG-", "sig-", "WG ", "主導", "ワーキンググループ"];
    const THIS_WORK: [&str; 7] = [
        "この作業",
        "この取り組み",
        "この取組",
        "この機能",
        "この変更",
        "この改善",
        "これらの作業",
    ];
    const FRAME_JA: [&str; 4] = ["一環", "一部として", "にわたって", "主導"];
    const FRAME_EN: [&str; 6] = [
        "as part of",
        "led by",
        "delivered by",
        "driven by",
        "developed by",
        "done by",
    ];
    const THIS_WORK_EN: [&str; 5] = [
        "this work",
        "this effort",
        "this feature",
        "this change",
        "the work",
    ];
    let doer = DOER.iter().any(|w| sentence.contains(w))
        || THIS_WORK.iter().any(|w| sentence.contains(w))
        || THIS_WORK_EN.iter().any(|w| lower.contains(w))
        || ["working group", "led by"]
            .iter()
            .any(|w| lower.contains(w));
    let frame = || {
        FRAME_JA.iter().any(|w| sentence.contains(w)) || FRAME_EN.iter().any(|w| lower.contains(w))
    };
    const DONE: [&str; 7] = ["行われ", "実施", "開発", "進め", "主導", "取り組", "貢献"];
    const DONE_EN: [&str; 6] = ["done", "deliver", "led ", "develop", "driven", "implement"];
    let done =
        || DONE.iter().any(|w| sentence.contains(w)) || DONE_EN.iter().any(|w| lower.contains(w));
    // A sentence that names a stage says what changed, whoever it credits.
    doer && frame() && done() && !crate::extract::names_stage(sentence)
}

/// Whether `text` names a stage (`ベータ`, `GA`, `安定版`, `非推奨`, `削除`, `deprecated`, as the
/// scanner reads stage words) or a promotion ([`PROMOTION_WORDS`]).
pub(crate) fn names_stage(text: &str) -> bool {
    let lower = crate::text::lowercase(text);
    if PROMOTION_WORDS.iter().any(|w| lower.contains(w)) {
        return true;
    }
    let norm = Normalized::new(text, &[]);
    let whole = 0..norm.text.len();
    let is_stage_word = |t: &scan::Token| {
        matches!(t.kind, scan::TokenKind::StageWord(_)) && !scan::is_future_removal(&norm.text, t)
    };
    scan::scan_until(&norm.text, std::slice::from_ref(&whole), &[], is_stage_word)
        .last()
        .is_some_and(is_stage_word)
}

/// Where a mention stands, which decides how the render stage links it: a mention is not a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// Plain prose: the text itself becomes the link.
    Prose,
    /// Inside a code span or the author's link (`Doc::spans` index): the text stays as written
    /// and a chip right after the span links the page.
    Span(usize),
    /// A URL written out in prose: a chip right after it.
    Url,
}

/// How a KEP was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KepForm {
    /// `KEP-3157`, `KEP 3962`.
    Prefixed,
    /// `### #3962 Title`.
    Heading,
    /// A bare `#N` read as a KEP because of `refs = "kep"`.
    Hash,
    /// A link or URL to the KEP (`kep.k8s.io/N`, an enhancements issue or KEP folder).
    Url,
    /// The KEP's title as the registry writes it, the subject of a sentence stating its stage
    /// (`Pod Scheduling Readiness は今回のリリースで安定版に昇格しました`).
    Title,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KepMention {
    pub kep: KepNumber,
    pub block: usize,
    pub place: Place,
    /// Byte range of `KEP-3157` / `#3962` in `doc.blocks[block].text`.
    pub range: Range<usize>,
    /// Byte range of the sentence around it (for quoting on the KEP page).
    pub sentence: Range<usize>,
    pub form: KepForm,
    /// `KEP-3157: allow informers ...` or the heading after `#3962`.
    pub title: Option<String>,
    /// From `Feature group: sig-apps` under a heading-form KEP.
    pub sig: Option<SigName>,
    pub stage: Option<Stage>,
    /// The release the sentence states the stage for when it names one (`v1.26でアルファ`);
    /// else the stage is for the article's release.
    pub stage_release: Option<Release>,
    /// The section says the change was postponed (`このアップデートは、Kubernetes 1.31 リリースから
    /// 延期されました`) although its `Stage:` line names the planned stage: not a change of the
    /// release.
    pub deferred: bool,
    /// The stage is the enclosing list's or section's (`stage::Facts::inherited`).
    #[serde(skip)]
    pub(crate) inherited: bool,
    /// The stage is the block's, from other sentences (`stage::Facts::borrowed`).
    #[serde(skip)]
    pub(crate) borrowed: Option<stage::Borrowed>,
    /// Stages the sentence states for other releases (`1.28でアルファ、1.29でベータ、1.33でGA`
    /// gives 1.28 alpha and 1.29 beta here, 1.33 stable above), oldest first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<Dated>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrMention {
    pub pr: PullRequest,
    pub block: usize,
    pub place: Place,
    pub range: Range<usize>,
    pub sentence: Range<usize>,
    /// `@AxeZhan` of `(#119026, @AxeZhan)`.
    pub author: Option<GitHubHandle>,
    /// Whether the text says issue or pull request (a URL's `/issues/`, a label `Issue #1`),
    /// rather than the short form's assumed pull request (`kubernetes/kubernetes#1`, `#1`).
    pub kind_said: bool,
    /// The stage the pull request brought: the one the KEPs and gates its sentence names state
    /// there of their own (`Promoted \`X\` to GA. (#131549, @carlory)`); see
    /// `stage::for_pull_requests`.
    pub stage: Option<Stage>,
    /// The release that stage is stated for, when the text names one.
    pub stage_release: Option<Release>,
}

/// Why a name was read as a feature gate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GateEvidence {
    /// Next to `FeatureGate` / `フィーチャーゲート` (or listed with such a name).
    Keyword,
    /// Inside `--feature-gates=X=true`.
    Flag,
    /// A name the registry knows.
    Registry,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GateMention {
    pub gate: FeatureGateName,
    pub block: usize,
    pub place: Place,
    pub range: Range<usize>,
    pub sentence: Range<usize>,
    pub evidence: GateEvidence,
    pub stage: Option<Stage>,
    /// `デフォルトで有効` → `Some(true)`, `デフォルト無効` → `Some(false)`; `=true` in a flag is
    /// not a default and says nothing here.
    pub default_on: Option<bool>,
    /// As `KepMention::stage_release`.
    pub stage_release: Option<Release>,
    /// As `KepMention::inherited`.
    #[serde(skip)]
    pub(crate) inherited: bool,
    /// As `KepMention::borrowed`.
    #[serde(skip)]
    pub(crate) borrowed: Option<stage::Borrowed>,
    /// As `KepMention::history`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<Dated>,
    /// Said in passing (a name the registry knows, in a code span of its own, that no rule
    /// makes what a stage was stated of): it takes only what its own sentence, block, row or
    /// heading states, never a stage its list, section or group lends.
    #[serde(skip)]
    passing: bool,
}

/// How a SIG was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SigForm {
    /// `[sig/node]` CHANGELOG labels.
    Label,
    /// `Feature group: sig-apps`.
    FeatureGroup,
    /// `SIG-Node`, `SIG API Machinery` in prose.
    Prose,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SigMention {
    pub sig: SigName,
    pub block: usize,
    pub range: Range<usize>,
    pub form: SigForm,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HandleMention {
    pub handle: UserHandle,
    pub block: usize,
    pub range: Range<usize>,
}

/// Everything one article refers to, in document order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Mentions {
    pub keps: Vec<KepMention>,
    pub prs: Vec<PrMention>,
    pub gates: Vec<GateMention>,
    pub sigs: Vec<SigMention>,
    pub handles: Vec<HandleMention>,
    /// SIGs the author links to (`[SIG Node](https://github.com/kubernetes/community/tree/master/sig-node)`).
    pub linked_sigs: Vec<SigName>,
    /// Front-matter `sigs` plus every SIG the text names or links, sorted.
    pub article_sigs: Vec<SigName>,
}

impl Mentions {
    /// Distinct KEP numbers, sorted.
    pub fn kep_numbers(&self) -> Vec<KepNumber> {
        let mut v: Vec<KepNumber> = self.keps.iter().map(|m| m.kep).collect();
        v.sort();
        v.dedup();
        v
    }

    /// Distinct gate names, sorted.
    pub fn gate_names(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.gates.iter().map(|m| m.gate.0.as_str()).collect();
        v.sort();
        v.dedup();
        v
    }

    /// Distinct pull-request numbers in `kubernetes/kubernetes`, sorted (issues left out).
    pub fn pr_numbers(&self) -> Vec<u32> {
        let mut v: Vec<u32> = self
            .prs
            .iter()
            .filter(|m| m.pr.repo == PullRequest::DEFAULT_REPO && m.pr.kind == ItemKind::Pull)
            .map(|m| m.pr.number)
            .collect();
        v.sort();
        v.dedup();
        v
    }
}

/// Extracts every reference of one article.
pub fn extract(doc: &Doc, front: &FrontMatter, registry: &Registry) -> Mentions {
    let mut out = Mentions::default();
    let mut views = Views::new(doc, front.release);
    let mut leads = stage::Leads::default();
    let gate_columns = gates::gate_columns(doc);
    let gate_rows = gates::gate_rows(doc);
    let kep_columns = refs::kep_columns(doc);
    let sig_columns = refs::sig_columns(doc);
    let pr_columns = refs::pr_columns(doc);
    let row_stages = stage::row_stages(&views);
    let items_over_stages = stage::items_over_stages(&views);
    views.timelines = stage::section_timelines(doc, &row_stages.stage, &gate_columns, &kep_columns);
    for (section, (steps, items)) in stage::list_timelines(&views) {
        if let std::collections::hash_map::Entry::Vacant(e) = views.timelines.entry(section) {
            e.insert(steps);
            views.timeline_items.extend(items);
        }
    }
    let views = views;
    // Whether each section's heading is about feature gates, asked once per section.
    let gate_sections: Vec<std::cell::OnceCell<bool>> =
        vec![Default::default(); doc.sections.len()];
    for (index, block) in doc.blocks.iter().enumerate() {
        let view = views.get(index);
        leads.visit(&views, view);
        view.gate_column.set(block.cell.is_some_and(|c| {
            !c.head
                && (gate_columns.contains(&(c.table, c.column))
                    || (c.column > 0 && gate_rows.contains(&(c.table, c.row))))
        }));
        view.kep_column.set(
            block
                .cell
                .is_some_and(|c| !c.head && kep_columns.contains(&(c.table, c.column))),
        );
        view.sig_column.set(
            block
                .cell
                .is_some_and(|c| !c.head && sig_columns.contains(&(c.table, c.column))),
        );
        view.pr_column.set(
            block
                .cell
                .filter(|c| !c.head)
                .and_then(|c| pr_columns.get(&(c.table, c.column)).copied()),
        );
        view.gate_item.set(
            block.kind == BlockKind::ListItem
                && *gate_sections[block.section].get_or_init(|| {
                    let title = &doc.sections[block.section].title;
                    stage::names_gates(title) && !gates::of_another_project(title)
                }),
        );
        view.row_stage.set(
            block
                .cell
                .and_then(|c| row_stages.stage.get(&(c.table, c.row)).copied()),
        );
        view.row_default.set(
            block
                .cell
                .and_then(|c| row_stages.default.get(&(c.table, c.row)).copied()),
        );
        // A cell's history is its row's columns per release.
        if let Some(steps) = block
            .cell
            .and_then(|c| row_stages.dated.get(&(c.table, c.row)))
        {
            view.timeline.replace(steps.clone());
        }
        // A loose item's text is its paragraph's.
        let item = match block.kind {
            BlockKind::Paragraph => block.parent_item,
            _ => Some(index),
        };
        view.over_stages
            .set(item.is_some_and(|i| items_over_stages.contains(&i)));
        refs::extract_block(view, doc, front, &mut out);
        refs::titled_keps(view, registry, &mut out);
        refs::titled_whole(view, registry, &mut out);
        targets::extract_block(view, doc, &mut out);
        gates::extract_block(view, doc, registry, &out.keps, &mut out.gates);
    }
    dedup_span_mentions(&mut out);
    settle_item_kinds(&mut out.prs);
    stage::stated_for_others(doc, &mut out, registry);
    stage::from_nested_items(&views, &mut out, registry);
    stage::from_key_values(&views, &mut out, registry);
    stage::shared_by_tied(&views, &mut out, registry);
    stage::prefer_own_statements(doc, &mut out);
    stage::removal_sections(&views, &mut out);
    stage::headings_told_as_plans(&views, &mut out);
    stage::from_answers(&views, &mut out, registry);
    stage::from_inline_answers(&views, &mut out, registry);
    stage::from_subject_headings(&views, &mut out, registry);
    stage::from_timeline_steps(&views, &mut out);
    stage::from_section_text(&views, &mut out, registry);
    stage::under_planning_headings(doc, &mut out);
    stage::for_pull_requests(&views, &mut out);
    let mut sigs: Vec<SigName> = front.sigs.clone();
    sigs.extend(out.sigs.iter().map(|m| m.sig.clone()));
    sigs.extend(out.linked_sigs.iter().cloned());
    sigs.sort();
    sigs.dedup();
    out.article_sigs = sigs;
    out
}

/// `kubernetes/kubernetes#125367` in an article that links `…/issues/125367` or writes
/// `Issue #125367`: the short form takes the kind the article says elsewhere for the same number
/// of the same repository (an issue and a pull request never share a number).
fn settle_item_kinds(prs: &mut [PrMention]) {
    let said: std::collections::HashMap<(String, u32), crate::model::ids::ItemKind> = prs
        .iter()
        .filter(|m| m.kind_said)
        .map(|m| ((m.pr.repo.to_ascii_lowercase(), m.pr.number), m.pr.kind))
        .collect();
    for m in prs.iter_mut().filter(|m| !m.kind_said) {
        if let Some(&kind) = said.get(&(m.pr.repo.to_ascii_lowercase(), m.pr.number)) {
            m.pr.kind = kind;
        }
    }
}

/// A link's text and its target often name the same KEP or PR (`[KEP-4381](https://kep.k8s.io/4381)`,
/// `[#128266](.../pull/128266)`): one mention per span and entity, the first found.
fn dedup_span_mentions(out: &mut Mentions) {
    let mut seen = std::collections::HashSet::new();
    out.keps.retain(|m| match m.place {
        Place::Span(i) => seen.insert((i, m.kep.0, String::new())),
        _ => true,
    });
    out.prs.retain(|m| match m.place {
        Place::Span(i) => seen.insert((i, m.pr.number, m.pr.repo.clone())),
        _ => true,
    });
    seen.clear();
    out.gates.retain(|m| match m.place {
        Place::Span(i) => seen.insert((i, 0, m.gate.0.clone())),
        _ => true,
    });
    out.keps.sort_by_key(|m| (m.block, m.range.start));
    out.prs.sort_by_key(|m| (m.block, m.range.start));
}

/// The views of one document's blocks, each made once, when first asked for: a block's
/// extractors and the stage rules that read other blocks (a heading's section, a list's lead, a
/// table's stage column) share them.
pub(crate) struct Views<'a> {
    pub doc: &'a Doc,
    /// The article's release.
    release: Option<Release>,
    views: Vec<std::cell::OnceCell<BlockView<'a>>>,
    /// By section, the stages a table or list of releases and stages in it states for what its
    /// heading names (`stage::section_timelines`, `stage::list_timelines`).
    timelines: HashMap<usize, Vec<Dated>>,
    /// The list items that are such a list's steps: history, no statement of the section's.
    timeline_items: std::collections::HashSet<usize>,
    /// By (table, column), the release its header names (`stage::column_releases`).
    column_releases: HashMap<(usize, usize), Release>,
}

impl<'a> Views<'a> {
    fn new(doc: &'a Doc, release: Option<Release>) -> Views<'a> {
        Views {
            doc,
            release,
            views: (0..doc.blocks.len()).map(|_| Default::default()).collect(),
            timelines: HashMap::new(),
            timeline_items: Default::default(),
            column_releases: stage::column_releases(doc),
        }
    }

    /// The stages a table or list of releases and stages in section `section` states, oldest
    /// first.
    pub(crate) fn timeline(&self, section: usize) -> &[Dated] {
        self.timelines.get(&section).map_or(&[], Vec::as_slice)
    }

    /// Whether block `index` is a step of a list of releases and stages.
    pub(crate) fn is_timeline_item(&self, index: usize) -> bool {
        self.timeline_items.contains(&index)
    }

    /// The view of block `index`.
    pub(crate) fn get(&self, index: usize) -> &BlockView<'a> {
        self.views[index].get_or_init(|| {
            let block = &self.doc.blocks[index];
            let mut view = BlockView::new(index, block, self.doc, self.release);
            view.column_release = block
                .cell
                .filter(|c| !c.head)
                .and_then(|c| self.column_releases.get(&(c.table, c.column)).copied());
            view
        })
    }
}

/// One block, normalized and tokenized, with its sentences, and (set when extraction reaches
/// the block) the stages and gate context around it.
pub(crate) struct BlockView<'a> {
    pub index: usize,
    pub block: &'a Block,
    /// The article's release: a stage stated for it is the release's fact.
    pub release: Option<Release>,
    /// For a table cell under a release's header (`| 項目 | v1.32 まで | v1.33 |`), that release:
    /// a stage the cell states with no release of its own is for it.
    pub column_release: Option<Release>,
    pub norm: Normalized,
    pub tokens: Vec<scan::Token>,
    /// Normalized byte ranges of the sentences, covering the text.
    pub sentences: Vec<Range<usize>>,
    /// For a list item of one name (`* [AppArmor support](https://kep.k8s.io/24)`, `` - `X` ``), the
    /// stage its lead paragraph or section heading states (`### GAへの昇格`).
    pub list_stage: std::cell::Cell<Option<stage::Stated>>,
    /// The stage the section's `feature-state` line or the nearest enclosing heading states
    /// (`## GAに昇格した機能のハイライト` over `### SizeMemoryBackedVolumesのサポート`); for a
    /// heading, its parents'.
    pub section_stage: std::cell::Cell<Option<stage::Stated>>,
    /// For a heading, the stage its section's text states for what it names (`stage::body_stage`).
    pub heading_stage: std::cell::Cell<Option<stage::Stated>>,
    /// For a heading, the stages a table of releases and stages in its section states for what
    /// it names (`` ## `SidecarContainers` `` over `| v1.28 | アルファ |`); for a table cell, its
    /// row's stages in columns per release (`| 1.30 | 1.31 |`); oldest first.
    pub timeline: std::cell::RefCell<Vec<Dated>>,
    /// For a table cell, the stage its row states in a stage column.
    pub row_stage: std::cell::Cell<Option<stage::Stated>>,
    /// For a table cell, the default its row states in a column of defaults.
    pub row_default: std::cell::Cell<Option<bool>>,
    /// In an article of no release of its own (a weekly roundup), the one release the nearest
    /// heading naming one names (`## 🚀 v1.31 の注目機能`): the release of the stages its section
    /// states without one.
    pub section_release: std::cell::Cell<Option<Release>>,
    /// A list item that is only a name, right under a heading that states the stage of a
    /// subject of its own (`## インプレースの Pod リサイズ（ベータ）` / `` - `InPlacePodVerticalScaling` ``):
    /// the name is that subject's, no name said in passing (`stage::from_subject_headings`
    /// lends it the stage).
    pub names_the_subject: std::cell::Cell<bool>,
    /// A table cell in a column of gate names (its header says so, or says `機能名` under a
    /// heading about feature gates).
    pub gate_column: std::cell::Cell<bool>,
    /// A list item under a heading about feature gates (`### フィーチャーゲート`).
    pub gate_item: std::cell::Cell<bool>,
    /// A table cell in a column headed `KEP` (`| KEP | 機能 |`): a `#N` there is the KEP.
    pub kep_column: std::cell::Cell<bool>,
    /// A table cell in a column headed `SIG` (`| 機能 | 担当SIG |`): its names are SIGs.
    pub sig_column: std::cell::Cell<bool>,
    /// A table cell in a column headed `PR` or `Issue` (`| PR | 内容 |`): a number alone there is
    /// that pull request (`Some(false)`) or issue (`Some(true)`) of kubernetes/kubernetes.
    pub pr_column: std::cell::Cell<Option<bool>>,
    /// A list item or definition term whose nested items or definitions state a stage
    /// (`stage::items_over_stages`).
    pub over_stages: std::cell::Cell<bool>,
    /// The first paragraph of its section (`stage::Leads`): a release post's first words under a
    /// feature's heading name the feature.
    pub opens_section: std::cell::Cell<bool>,
    /// The normalized ranges of the block's code spans and links.
    span_ranges: Vec<Range<usize>>,
    /// What each sentence states, by sentence start, computed once: a block of one huge
    /// sentence (a line without `。`) with many mentions must not be read once per mention.
    facts: std::cell::RefCell<std::collections::HashMap<usize, stage::SentenceFacts>>,
    /// The one stage the whole block names and where its words stand (`stage::block_stage`),
    /// computed once.
    block_stage: std::cell::OnceCell<Option<(stage::Stated, Vec<usize>)>>,
    /// The default the block's sentences of no KEP or gate state (`stage::nameless_default`),
    /// computed once.
    nameless_default: std::cell::OnceCell<Option<bool>>,
    /// The tokens that state no fact of the release, and of those the ones a guess muted
    /// (`stage::muted_tokens`), computed once.
    muted: std::cell::OnceCell<stage::Muted>,
}

impl<'a> BlockView<'a> {
    pub(crate) fn new(
        index: usize,
        block: &'a Block,
        doc: &Doc,
        release: Option<Release>,
    ) -> BlockView<'a> {
        let mut cuts: Vec<usize> = Vec::with_capacity(block.plain.len() * 2);
        for r in &block.plain {
            cuts.push(r.start);
            cuts.push(r.end);
        }
        for &i in &block.spans {
            cuts.push(doc.spans[i].range.start);
            cuts.push(doc.spans[i].range.end);
        }
        cuts.sort_unstable();
        let norm = Normalized::new(&block.text, &cuts);
        let plain: Vec<Range<usize>> = block
            .plain
            .iter()
            .map(|r| norm.norm_offset(r.start)..norm.norm_offset(r.end))
            .collect();
        let mut spans: Vec<scan::SpanRange> = block
            .spans
            .iter()
            .map(|&i| {
                let s = &doc.spans[i];
                let r = norm.norm_offset(s.range.start)..norm.norm_offset(s.range.end);
                (r, i, s.is_link())
            })
            .collect();
        // By start, an enclosing link before the code span it holds.
        spans.sort_by_key(|(r, _, is_link)| (r.start, !*is_link));
        let mut tokens = scan::scan(&norm.text, &plain, &spans);
        // Text neither prose nor a code span or link (struck through, an image's alt text) names
        // things but states nothing of them. (A token across two prose ranges, as pulldown-cmark
        // may cut its text events, is prose.)
        let touches_prose = |r: &Range<usize>| {
            let i = plain.partition_point(|p| p.end <= r.start);
            plain.get(i).is_some_and(|p| p.start < r.end)
        };
        tokens.retain(|t| t.mentionable() || !t.kind.states() || touches_prose(&t.range));
        if let Some(r) = release {
            scan::date_this_release(&norm.text, &plain, &mut tokens, r);
        }
        if matches!(block.kind, BlockKind::Heading(_))
            && let Some(word) = scan::removal_title(&norm.text, &tokens)
        {
            tokens = vec![word];
        }
        let sentences = split_sentences(&norm.text, &tokens);
        BlockView {
            index,
            block,
            release,
            column_release: None,
            norm,
            tokens,
            sentences,
            list_stage: Default::default(),
            section_stage: Default::default(),
            heading_stage: Default::default(),
            timeline: Default::default(),
            row_stage: Default::default(),
            row_default: Default::default(),
            section_release: Default::default(),
            muted: std::cell::OnceCell::new(),
            nameless_default: std::cell::OnceCell::new(),
            gate_column: Default::default(),
            names_the_subject: Default::default(),
            kep_column: Default::default(),
            sig_column: Default::default(),
            pr_column: Default::default(),
            over_stages: Default::default(),
            opens_section: Default::default(),
            gate_item: Default::default(),
            span_ranges: spans.iter().map(|(r, _, _)| r.clone()).collect(),
            facts: Default::default(),
            block_stage: std::cell::OnceCell::new(),
        }
    }

    pub(crate) fn text(&self) -> &str {
        &self.norm.text
    }

    /// The whole text of the code span or link token `t` stands in.
    pub(crate) fn span_text(&self, t: &scan::Token) -> Option<&str> {
        let r = self
            .span_ranges
            .iter()
            .rfind(|r| r.start <= t.range.start && t.range.end <= r.end)?;
        Some(self.norm.text[r.clone()].trim())
    }

    pub(crate) fn is_heading(&self) -> bool {
        matches!(self.block.kind, BlockKind::Heading(_))
    }

    /// Whether normalized offset `at` lies in one of the block's code spans or links.
    pub(crate) fn in_span(&self, at: usize) -> bool {
        self.span_ranges.iter().any(|r| r.contains(&at))
    }

    /// The tokens lying inside normalized range `r`, found by binary search (tokens are in
    /// text order and do not overlap).
    pub(crate) fn tokens_in(&self, r: &Range<usize>) -> &[scan::Token] {
        let a = self.tokens.partition_point(|t| t.range.start < r.start);
        let b = a + self.tokens[a..].partition_point(|t| t.range.end <= r.end);
        &self.tokens[a..b]
    }

    /// The default the block states in its sentences of no KEP or gate.
    pub(crate) fn nameless_default(&self) -> Option<bool> {
        *self
            .nameless_default
            .get_or_init(|| stage::nameless_default(self))
    }

    /// The tokens in normalized range `r` and whether each is muted (`stage::muted_tokens`).
    pub(crate) fn tokens_and_muted_in(&self, r: &Range<usize>) -> (&[scan::Token], &[bool]) {
        let first = self.tokens.partition_point(|t| t.range.start < r.start);
        let tokens = self.tokens_in(r);
        (tokens, &self.muted()[first..first + tokens.len()])
    }

    /// What the sentence containing `at` states, computed once per sentence.
    pub(crate) fn sentence_facts(&self, at: usize) -> stage::SentenceFacts {
        let s = self.sentence_at(at);
        if let Some(f) = self.facts.borrow().get(&s.start) {
            return f.clone();
        }
        let f = stage::SentenceFacts::of(self, s.clone());
        self.facts.borrow_mut().insert(s.start, f.clone());
        f
    }

    /// The one stage the whole block names, if it names exactly one.
    pub(crate) fn block_stage(&self) -> Option<stage::Stated> {
        self.block_stage_words().map(|(s, _)| *s)
    }

    /// The original offsets of the sentences stating the block's one stage.
    pub(crate) fn block_stage_sentences(&self) -> Vec<usize> {
        let mut starts: Vec<usize> = self
            .block_stage_words()
            .map(|(_, at)| at.iter().map(|&a| self.orig_sentence(a).start).collect())
            .unwrap_or_default();
        starts.dedup();
        starts
    }

    /// Where the words stating the block's one stage stand (normalized offsets).
    pub(crate) fn block_stage_at(&self) -> &[usize] {
        self.block_stage_words()
            .map_or(&[], |(_, at)| at.as_slice())
    }

    fn block_stage_words(&self) -> Option<&(stage::Stated, Vec<usize>)> {
        self.block_stage
            .get_or_init(|| stage::block_stage(self))
            .as_ref()
    }

    /// Per token, whether it states no fact of the release (a plan, the past).
    pub(crate) fn muted(&self) -> &[bool] {
        &self.muted.get_or_init(|| stage::muted_tokens(self)).all
    }

    /// Per token, whether the writer took it back (`「…」と書いたのは間違い`): muted too.
    pub(crate) fn taken_back(&self) -> &[bool] {
        &self
            .muted
            .get_or_init(|| stage::muted_tokens(self))
            .taken_back
    }

    /// Per token, whether a guess muted it (`たぶん 1.34 で GA`, `GA は 1.35 だと思う`).
    pub(crate) fn guessed(&self) -> &[bool] {
        &self.muted.get_or_init(|| stage::muted_tokens(self)).guessed
    }

    /// The index in `sentences` of the sentence containing normalized offset `at`.
    pub(crate) fn sentence_index(&self, at: usize) -> usize {
        self.sentences.partition_point(|s| s.end <= at)
    }

    /// The normalized sentence range containing normalized offset `at`.
    pub(crate) fn sentence_at(&self, at: usize) -> Range<usize> {
        self.sentences
            .get(self.sentence_index(at))
            .cloned()
            .unwrap_or(0..self.norm.text.len())
    }

    /// The original byte range of the sentence containing normalized offset `at`, trimmed.
    pub(crate) fn orig_sentence(&self, at: usize) -> Range<usize> {
        let r = self.norm.orig_range(self.sentence_at(at));
        let s = &self.block.text[r.clone()];
        let start = r.start + (s.len() - s.trim_start().len());
        let end = r.end - (s.len() - s.trim_end().len());
        start..end.max(start)
    }
}

/// `待望の(?)`: a question mark in brackets ends nothing.
fn is_parenthetical(text: &str, r: Range<usize>) -> bool {
    let before = text[..r.start].chars().next_back();
    let after = text[r.end..].chars().next();
    matches!(before, Some('(' | '（')) || matches!(after, Some(')' | '）'))
}

/// Sentences end after `。！？!?`, `. ` in English, or a line break that ends one (see
/// [`ends_a_line_of_its_own`]).
fn split_sentences(text: &str, tokens: &[scan::Token]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let full_stops = tokens.iter().any(|t| {
        t.kind == scan::TokenKind::SentenceEnd && !text[t.range.clone()].starts_with('\n')
    });
    for (k, t) in tokens.iter().enumerate() {
        if t.kind == scan::TokenKind::SentenceEnd
            && !is_parenthetical(text, t.range.clone())
            && !labels_a_question_or_answer(&text[start..t.range.start])
            && (!full_stops
                || !text[t.range.clone()].starts_with('\n')
                || ends_a_line_of_its_own(text, t.range.clone(), tokens.get(k + 1)))
        {
            let end = if text[t.range.clone()].starts_with('.') {
                t.range.start + 1
            } else {
                t.range.end
            };
            if end > start {
                out.push(start..end);
            }
            start = end;
        }
    }
    if start < text.len() || out.is_empty() {
        out.push(start..text.len());
    }
    // Most blocks have no arrow: their sentences are not read again.
    if text.contains(['→', '⇒']) {
        out = out
            .into_iter()
            .flat_map(|s| split_at_new_subjects(text, tokens, s))
            .collect();
    }
    // Most blocks have no emoji either.
    if text.chars().any(is_emoji) {
        out = out
            .into_iter()
            .flat_map(|s| split_after_emoji(text, s))
            .collect();
    }
    let mut out = merge_citations(text, tokens, out);
    for s in &mut out {
        s.start += note_mark_len(&text[s.clone()]);
    }
    out
}

/// A pictograph (`🎉`, `👏`, `✨`, `✅`, [`crate::text::is_pictograph`]) or a joiner inside one.
fn is_emoji(c: char) -> bool {
    crate::text::is_pictograph(c) || c == '\u{200D}'
}

/// `KEP-2400 がついに GA 🎉 1.30 で beta だったので長かった。`: an emoji after words and before a
/// space and more words ends a statement, as a chat line or a post writes it without a full stop.
fn split_after_emoji(text: &str, sentence: Range<usize>) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = sentence.start;
    let body = &text[sentence.clone()];
    let mut chars = body.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if !is_emoji(c) || chars.peek().is_some_and(|&(_, n)| is_emoji(n)) {
            continue;
        }
        let end = sentence.start + i + c.len_utf8();
        let before = &text[start..sentence.start + i];
        let after = &text[end..sentence.end];
        let words_before = before.trim_end_matches(is_emoji).trim().chars().count() > 0;
        let rest = after.trim_start_matches([' ', '\u{3000}']);
        if words_before
            && rest.len() < after.len()
            && rest.starts_with(|n: char| !n.is_whitespace() && !is_emoji(n))
        {
            out.push(start..end);
            start = end;
        }
    }
    out.push(start..sentence.end);
    out
}

/// How a writer marks a note of their own: `📝`, `💡`, `※`, `補足:`, `Note:` (NFKC-normalized).
const NOTE_LABELS: [&str; 14] = [
    "補足",
    "注",
    "注意",
    "メモ",
    "備考",
    "追記",
    "筆者注",
    "訳注",
    "所感",
    "感想",
    "Note",
    "NOTE",
    "Tip",
    "TIP",
];

/// The length of the white space and note mark opening sentence text `s`
/// (`📝 v1.32 では…`, `※ ゲート自体は…`, `補足: v1.32 では…`): the sentence is what follows it,
/// so that what opens a sentence (a release as its topic, `ゲート自体は`) opens it after a mark.
pub(super) fn note_mark_len(s: &str) -> usize {
    let body = s.trim_start();
    let marks = body.trim_start_matches(|c: char| {
        matches!(c, '※' | '\u{FE0F}' | '\u{200D}' | '\u{2600}'..='\u{27BF}' | '\u{1F300}'..='\u{1FAFF}')
    });
    let label = NOTE_LABELS
        .iter()
        .find_map(|l| marks.strip_prefix(l)?.strip_prefix(':'))
        .unwrap_or(marks);
    if label.len() == body.len() {
        return 0;
    }
    s.len() - label.trim_start().len()
}

/// `Q. \`NodeSwap\` は？ A. 1.34 で GA です。`: the dot of a question's or an answer's label (`Q.`,
/// `A.`, `Q1.`, `A2.`) opening a sentence ends nothing; the label opens its sentence.
fn labels_a_question_or_answer(before_dot: &str) -> bool {
    let label = before_dot.trim();
    let mut chars = label.chars();
    matches!(chars.next(), Some('Q' | 'A')) && label.len() <= 3 && chars.all(|c| c.is_ascii_digit())
}

/// `` `KubeletCgroupDriverFromCRI` GA → kubelet の cgroupDriver 設定は非推奨へ ``: an arrow before a
/// new subject (a noun and `は` or `が`) starts another statement, as a full stop does. An arrow
/// between stages (`1.30 α → 1.32 β`) is the transition of one subject and ends nothing.
fn split_at_new_subjects(
    text: &str,
    tokens: &[scan::Token],
    sentence: Range<usize>,
) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = sentence.start;
    for (i, _) in text[sentence.clone()].match_indices(['→', '⇒']) {
        let after = sentence.start + i + '→'.len_utf8();
        let next_stage = tokens
            .iter()
            .find(|t| t.range.start >= after && matches!(t.kind, scan::TokenKind::StageWord(_)))
            .map_or(sentence.end, |t| t.range.start.min(sentence.end));
        let between = &text[after..next_stage.max(after)];
        if stage::has_a_subject(between) {
            out.push(start..after);
            start = after;
        }
    }
    out.push(start..sentence.end);
    out
}

/// In a block written with full stops, a line break (`line_break`) is where the author's editor
/// wrapped the line (`` `X` というゲートは⏎非推奨になりました。 ``), not a sentence end, unless the
/// next line opens with a reference, a list mark or a label, as a paragraph of one item per line
/// does (`[KEP-1234](…) ベータに昇格⏎[KEP-5678](…) GA になりました。`, `GA：A、B⏎ベータ：C`), or the
/// line closes with an emoji, as a post's line does (`KubeletTracing が GA🎊⏎あと…`). A block
/// without full stops is a line per statement, and every line break ends one.
fn ends_a_line_of_its_own(
    text: &str,
    line_break: Range<usize>,
    next: Option<&scan::Token>,
) -> bool {
    let line = text[line_break.end..].trim_start_matches(scan::INLINE_SPACE);
    let opens_with_reference =
        next.is_some_and(|t| t.range.start == text.len() - line.len() && t.kind.is_reference());
    let closes_with_emoji = text[..line_break.start]
        .trim_end_matches(scan::INLINE_SPACE)
        .ends_with(crate::text::is_pictograph);
    opens_with_reference || opens_with_mark(line) || opens_with_label(line) || closes_with_emoji
}

/// `ベータ：C、D`, `GA: A`, `注意：…`: a line opening with a short label and a colon heads a
/// statement of its own.
fn opens_with_label(line: &str) -> bool {
    line.find([':', '：']).is_some_and(|at| {
        let label = &line[..at];
        (1..=8).contains(&label.chars().count())
            && !label.contains(|c: char| c.is_whitespace() || "、。,.()（）「」`/".contains(c))
            && !line[at..].starts_with("://")
    })
}

/// Whether a line opens with a mark of a list or note written in prose (`・`, `※`, `→`, `■`, `【`).
fn opens_with_mark(line: &str) -> bool {
    line.starts_with([
        '・', '※', '→', '■', '□', '●', '○', '◆', '【', '*', '-', '+', '>',
    ])
}

/// Whether sentence `s` holds references and nothing else but their separators
/// (`…削除されました。[KEP-3063](…)`, `… #128266, #128270`): a citation of the sentence before.
fn only_references(text: &str, tokens: &[scan::Token], s: Range<usize>) -> bool {
    let mut at = s.start;
    let mut any = false;
    let separators = |gap: &str| {
        gap.chars().all(|c| {
            c.is_whitespace() || matches!(c, ',' | '、' | '/' | '・' | '-' | '—' | '。' | '.')
        })
    };
    for t in tokens
        .iter()
        .filter(|t| s.start <= t.range.start && t.range.end <= s.end)
    {
        if t.kind == scan::TokenKind::SentenceEnd {
            continue;
        }
        if !t.kind.is_reference() || !separators(&text[at..t.range.start]) {
            return false;
        }
        at = t.range.end;
        any = true;
    }
    any && separators(without_sig_labels(&text[at..s.end]))
}

/// `text` without the `[SIG Node]`, `[SIG API Machinery and Testing]`, `[sig/node,sig/apps]`
/// labels a release note's entry ends with (after its citation: `… (#132123) [SIG Node]`).
pub(super) fn without_sig_labels(text: &str) -> &str {
    let mut t = text.trim_end();
    while let Some(open) = t.strip_suffix(']').and_then(|r| r.rfind('['))
        && t[open + 1..]
            .get(..4)
            .is_some_and(|w| w.eq_ignore_ascii_case("sig ") || w.eq_ignore_ascii_case("sig/"))
    {
        t = t[..open].trim_end();
    }
    t
}

/// A sentence that is only a bracketed citation (`…が削除されました。([KEP-3503](…))`) cites the
/// sentence before it: it is joined to it, so the reference takes that sentence's stage and
/// its quote.
fn merge_citations(
    text: &str,
    tokens: &[scan::Token],
    sentences: Vec<Range<usize>>,
) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::with_capacity(sentences.len());
    for s in sentences {
        let t = without_sig_labels(text[s.clone()].trim()).trim_end_matches(['。', '.']);
        let citation = (t.starts_with('(') && t.ends_with(')'))
            || (t.starts_with('（') && t.ends_with('）'))
            || only_references(text, tokens, s.clone());
        match out.last_mut() {
            Some(prev) if citation => prev.end = s.end,
            _ => out.push(s),
        }
    }
    out
}

#[cfg(test)]
mod tests;
