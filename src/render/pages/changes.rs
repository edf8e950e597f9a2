//! The release-change model (render stage): which changes a release has, by the stage its
//! articles state, each with the Japanese title the articles give and the sentence that says
//! what changed ([`RenderCtx::release_changes`]); what changed since the previous release
//! (new alphas, promotions, deprecations, removals: [`RenderCtx::since_previous`]); and the
//! releases before and after ([`RenderCtx::neighbours`]).
//!
//! The release page, its slides and its handout all read these, so a change reads the same on
//! the screen, the projector and paper. The facts come from the link stage (`graph`: what the
//! articles state) and the registry (what each KEP and gate was in a release); this module
//! only chooses and shapes them.
use serde::Serialize;

use crate::graph::{Change, KepNode, Mention};
use crate::model::ids::{KepNumber, Release, Stage};
use crate::model::urls;
use crate::render::RenderCtx;
use crate::text::truncate_chars;

use super::entities::{stage_key, stage_label};

/// The longest sentence a change item shows, in characters.
const SENTENCE_CHARS: usize = 160;

/// The changes of a release the articles state one stage for (`changes` of `release.html`).
#[derive(Serialize)]
pub(crate) struct StageChanges<'a> {
    pub(crate) stage: Option<Stage>,
    pub(crate) key: &'static str,
    pub(crate) label: &'static str,
    pub(crate) items: Vec<ChangeItem<'a>>,
}

/// A KEP or gate of a release's changes, with the item of an article that states it.
#[derive(Serialize)]
pub(crate) struct ChangeItem<'a> {
    /// `kep-2837`, `gate-PodLevelResources`: the item's key in the session checklist.
    pub(crate) id: String,
    pub(crate) kind: &'static str,
    pub(crate) label: String,
    /// The title the articles give (Japanese first), else the registry's.
    pub(crate) title: Option<&'a str>,
    /// The registry's (English) title, when it is not `title`.
    pub(crate) title_en: Option<&'a str>,
    pub(crate) url: &'a str,
    pub(crate) item_url: &'a str,
    pub(crate) article_title: &'a str,
    /// The title of the article section the item stands in.
    pub(crate) section: &'a str,
    pub(crate) sentence: String,
    pub(crate) disagreement: Option<String>,
    /// The gates of a KEP item that the articles state at the same stage in the release: one
    /// change, told once (a gate alone is an item of its own).
    pub(crate) gates: Vec<GateChip<'a>>,
    /// The KEP a KEP item is, or a gate item's KEP in the registry (what [`merge_gates`] joins).
    #[serde(skip)]
    kep: Option<KepNumber>,
}

/// A gate shown on its KEP's change item.
#[derive(Serialize)]
pub(crate) struct GateChip<'a> {
    pub(crate) name: String,
    pub(crate) url: &'a str,
}

/// Folds each gate item into the item of its KEP when both stand in one stage group: an article
/// naming `KEP-753（\`SidecarContainers\`）` states one change, not two. A gate whose KEP is not
/// among the group's items stays an item of its own.
fn merge_gates(items: Vec<ChangeItem<'_>>) -> Vec<ChangeItem<'_>> {
    let keps: std::collections::BTreeSet<KepNumber> = items
        .iter()
        .filter(|c| c.kind == "kep")
        .filter_map(|c| c.kep)
        .collect();
    let (gates, mut kept): (Vec<_>, Vec<_>) = items
        .into_iter()
        .partition(|c| c.kind == "gate" && c.kep.is_some_and(|k| keps.contains(&k)));
    for g in gates {
        if let Some(k) = kept.iter_mut().find(|c| c.kind == "kep" && c.kep == g.kep) {
            k.gates.push(GateChip {
                name: g.label,
                url: g.url,
            });
        }
    }
    kept
}

/// One kind of change since the previous release (`since` of `release.html`).
#[derive(Serialize)]
pub(crate) struct SinceGroup<'a> {
    key: &'static str,
    label: &'static str,
    items: Vec<SinceItem<'a>>,
}

/// A KEP or gate whose stage changed in the release: from what (`None`: it is new), to what.
#[derive(Serialize)]
struct SinceItem<'a> {
    kind: &'static str,
    label: String,
    title: Option<&'a str>,
    url: &'a str,
    from: Option<Stage>,
    to: Stage,
}

/// The kinds of [`SinceGroup`], in the order a study session reads them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Shift {
    NewAlpha,
    Promoted,
    Deprecated,
    Removed,
}

impl Shift {
    /// The kind of change from stage `from` (in the release before) to `to`, if it is one.
    fn of(from: Option<Stage>, to: Stage) -> Option<Shift> {
        match to {
            Stage::Alpha => from.is_none().then_some(Shift::NewAlpha),
            Stage::Beta | Stage::Stable => from.is_none_or(|f| f < to).then_some(Shift::Promoted),
            Stage::Deprecated => (from != Some(to)).then_some(Shift::Deprecated),
            Stage::Removed => (from != Some(to)).then_some(Shift::Removed),
        }
    }

    fn key(self) -> &'static str {
        match self {
            Shift::NewAlpha => "new-alpha",
            Shift::Promoted => "promoted",
            Shift::Deprecated => "deprecated",
            Shift::Removed => "removed",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Shift::NewAlpha => "新しいアルファ",
            Shift::Promoted => "昇格",
            Shift::Deprecated => "非推奨",
            Shift::Removed => "削除",
        }
    }
}

/// The previous and next releases that have articles (`neighbours` of `release.html`).
#[derive(Serialize)]
pub(crate) struct Neighbours {
    previous: Option<ReleaseLink>,
    next: Option<ReleaseLink>,
}

#[derive(Serialize)]
struct ReleaseLink {
    name: String,
    url: String,
}

impl ReleaseLink {
    fn new(r: Release) -> Self {
        ReleaseLink {
            name: r.to_string(),
            url: urls::release(r),
        }
    }
}

/// The title a change shows: the first title an article gives in Japanese, else the first an
/// article gives, else the registry's.
fn article_title(k: &KepNode) -> Option<&str> {
    k.article_titles
        .iter()
        .find(|t| !t.is_ascii())
        .or(k.article_titles.first())
        .or(k.title.as_ref())
        .map(String::as_str)
}

/// The release just before `r` (`1.31` before `1.32`; none before `x.0`).
fn release_before(r: Release) -> Option<Release> {
    r.minor.checked_sub(1).map(|minor| Release { minor, ..r })
}

/// What a KEP or gate is called on the release's pages: (kind, label, title, registry title).
type Naming<'a> = (&'static str, String, Option<&'a str>, Option<&'a str>);

impl<'a> RenderCtx<'a> {
    /// The changes of release `r` by the stage its articles state (alpha … removed, then
    /// those with no stage), each with a link to the exact item that states it.
    pub(crate) fn release_changes(&self, r: Release) -> Vec<StageChanges<'a>> {
        let Some(node) = self.graph.releases.get(&r) else {
            return Vec::new();
        };
        node.by_stage
            .iter()
            .map(|group| StageChanges {
                stage: group.stage,
                key: stage_key(group.stage),
                label: stage_label(group.stage),
                items: merge_gates(
                    group
                        .changes
                        .iter()
                        .filter_map(|c| self.change_item(c, r, group.stage))
                        .collect(),
                ),
            })
            .collect()
    }

    /// The kind, label, titles and mentions of a change's KEP or gate.
    fn naming(&self, change: &'a Change) -> Option<(Naming<'a>, &'a [Mention])> {
        match change {
            Change::Kep { number, .. } => {
                let k = self.graph.keps.get(number)?;
                let title = article_title(k);
                let en = self.registry.kep(*number).map(|e| e.title.as_str());
                Some((
                    (
                        "kep",
                        number.label(),
                        title,
                        en.filter(|e| Some(*e) != title),
                    ),
                    &k.mentions,
                ))
            }
            Change::Gate { name, .. } => {
                let g = self.graph.gates.get(name)?;
                let kep = g.kep.and_then(|n| self.graph.keps.get(&n));
                let title = kep.and_then(article_title);
                let en = g
                    .kep
                    .and_then(|n| self.registry.kep(n))
                    .map(|e| e.title.as_str());
                Some((
                    (
                        "gate",
                        name.to_string(),
                        title,
                        en.filter(|e| Some(*e) != title),
                    ),
                    &g.mentions,
                ))
            }
        }
    }

    fn change_item(
        &self,
        change: &'a Change,
        r: Release,
        stage: Option<Stage>,
    ) -> Option<ChangeItem<'a>> {
        let ((kind, label, title, title_en), mentions) = self.naming(change)?;
        let (url, disagreements) = match change {
            Change::Kep { number, url } => (url, &self.graph.keps.get(number)?.disagreements),
            Change::Gate { name, url } => (url, &self.graph.gates.get(name)?.disagreements),
        };
        // The ⚠ of the index tables: an article's stage for this release the registry
        // contradicts, with what the registry says.
        let disagreement = disagreements
            .iter()
            .find(|d| d.release == r && Some(d.stated) == stage)
            .map(|d| match d.registry {
                Some(s) => format!("レジストリでは {r} で{}", stage_label(Some(s))),
                None => format!("レジストリでは {r} にまだ段階がありません"),
            });
        let m = statement_of(mentions, r, stage)?;
        Some(ChangeItem {
            id: match change {
                Change::Kep { number, .. } => format!("kep-{number}"),
                Change::Gate { name, .. } => format!("gate-{name}"),
            },
            kind,
            label,
            title,
            title_en,
            url,
            item_url: &m.url,
            article_title: &m.article_title,
            section: undecorated(&m.section),
            sentence: truncate_chars(
                &undecorated(m.statement()).replace('\n', " "),
                SENTENCE_CHARS,
            ),
            disagreement,
            gates: Vec::new(),
            kep: match change {
                Change::Kep { number, .. } => Some(*number),
                Change::Gate { name, .. } => self.graph.gates.get(name)?.kep,
            },
        })
    }

    /// The stage of `change` in the release before `r`: what the registry records for it,
    /// else the last stage an article states for an earlier release.
    fn stage_before(&self, change: &Change, mentions: &[Mention], r: Release) -> Option<Stage> {
        let before = release_before(r);
        let registry = match change {
            Change::Kep { number, .. } => self
                .registry
                .kep(*number)
                .filter(|e| !e.milestones.is_empty())
                .map(|e| before.and_then(|b| e.stage_at(b))),
            Change::Gate { name, .. } => self
                .registry
                .gate(&name.0)
                .map(|e| before.and_then(|b| e.stage_at(b)).map(|s| s.stage)),
        };
        registry.unwrap_or_else(|| {
            mentions
                .iter()
                .filter(|m| m.release.is_some_and(|mr| mr < r))
                .filter_map(|m| m.stage.map(|s| (m.release, s)))
                .max()
                .map(|(_, s)| s)
        })
    }

    /// The stage of `change` in `r` when no article states one: the registry's.
    fn registry_stage(&self, change: &Change, r: Release) -> Option<Stage> {
        match change {
            Change::Kep { number, .. } => self.registry.kep(*number)?.stage_at(r),
            Change::Gate { name, .. } => Some(self.registry.gate(&name.0)?.stage_at(r)?.stage),
        }
    }

    /// What changed in release `r` against the release before: new alphas, promotions,
    /// deprecations and removals, from the stage the articles state in `r` (else the
    /// registry's) and the stage the registry (else an earlier article) gives before.
    pub(crate) fn since_previous(&self, r: Release) -> Vec<SinceGroup<'a>> {
        let Some(node) = self.graph.releases.get(&r) else {
            return Vec::new();
        };
        let mut groups: std::collections::BTreeMap<Shift, Vec<SinceItem<'a>>> =
            std::collections::BTreeMap::new();
        for group in &node.by_stage {
            for change in &group.changes {
                let Some(((kind, label, title, _), mentions)) = self.naming(change) else {
                    continue;
                };
                let Some(to) = group.stage.or_else(|| self.registry_stage(change, r)) else {
                    continue;
                };
                let from = self.stage_before(change, mentions, r);
                let Some(shift) = Shift::of(from, to) else {
                    continue;
                };
                let url = match change {
                    Change::Kep { url, .. } | Change::Gate { url, .. } => url,
                };
                groups.entry(shift).or_default().push(SinceItem {
                    kind,
                    label,
                    title,
                    url,
                    from,
                    to,
                });
            }
        }
        groups
            .into_iter()
            .map(|(shift, items)| SinceGroup {
                key: shift.key(),
                label: shift.label(),
                items,
            })
            .collect()
    }

    /// The releases with articles just before and after `r`.
    pub(crate) fn neighbours(&self, r: Release) -> Neighbours {
        let releases = &self.graph.releases;
        Neighbours {
            previous: releases
                .range(..r)
                .next_back()
                .map(|(p, _)| ReleaseLink::new(*p)),
            next: releases
                .range(r..)
                .find(|(n, _)| **n != r)
                .map(|(n, _)| ReleaseLink::new(*n)),
        }
    }
}

/// `sentence` without the marks changelog digests open items and headings with (`⭐ `, `📝 `,
/// `🚀 `): a change item shows its own stage badge, and a handout prints no emoji.
fn undecorated(sentence: &str) -> &str {
    sentence.trim_start_matches(|c: char| c.is_whitespace() || crate::text::is_pictograph(c))
}

/// The mention of release `r` whose sentence best says what changed: one stating `stage`
/// before one that does not, and among them one whose sentence says something before one that
/// only points to the KEP or credits it (`Mention::lead`), then one whose sentence is more than
/// a table row's names (`ServiceTrafficDistribution | GA`), then the earliest: a section
/// about the KEP comes before the lists that sum a release up.
fn statement_of(mentions: &[Mention], r: Release, stage: Option<Stage>) -> Option<&Mention> {
    // A table cell (`td-N`) or raw-HTML text (`h-N`, often a cell too) whose cells (a row is
    // quoted as `a | b`) hold no sentence's marks.
    let fragment = |m: &Mention| {
        crate::parse::blocks::is_cell_anchor(&m.anchor)
            && m.statement()
                .split(" | ")
                .all(|cell| !cell.trim().contains(['。', '、', ',', '，']))
    };
    mentions
        .iter()
        .filter(|m| m.release == Some(r))
        .min_by_key(|m| (m.stage != stage, m.lead.is_some(), fragment(m)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Stage::*;

    #[test]
    fn shifts_name_what_a_stage_change_is() {
        assert!(Shift::of(None, Alpha) == Some(Shift::NewAlpha));
        assert!(Shift::of(Some(Alpha), Alpha).is_none());
        assert!(Shift::of(Some(Alpha), Beta) == Some(Shift::Promoted));
        assert!(Shift::of(Some(Beta), Stable) == Some(Shift::Promoted));
        assert!(Shift::of(None, Beta) == Some(Shift::Promoted));
        assert!(Shift::of(Some(Stable), Stable).is_none());
        assert!(Shift::of(Some(Stable), Beta).is_none());
        assert!(Shift::of(Some(Stable), Deprecated) == Some(Shift::Deprecated));
        assert!(Shift::of(Some(Deprecated), Removed) == Some(Shift::Removed));
        assert!(Shift::of(Some(Removed), Removed).is_none());
    }

    #[test]
    fn a_sentence_loses_the_marks_it_opens_with() {
        assert_eq!(
            undecorated("⭐ Pod APIが変わりました。"),
            "Pod APIが変わりました。"
        );
        assert_eq!(undecorated("📝 大きな変更"), "大きな変更");
        assert_eq!(
            undecorated("RetryGenerateName をGAに"),
            "RetryGenerateName をGAに"
        );
        assert_eq!(undecorated("かな⭐"), "かな⭐");
    }

    #[test]
    fn the_release_before_is_one_minor_earlier() {
        let r = |s: &str| s.parse::<Release>().unwrap();
        assert_eq!(release_before(r("1.32")), Some(r("1.31")));
        assert_eq!(release_before(r("2.0")), None);
    }
}
