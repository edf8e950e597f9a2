//! The term-tooltip pass: the first occurrence of each glossary term in an article links to the
//! term's page, with a tooltip giving the English/Japanese pair and the short definition.
//! Produces `Annotation`s for `markdown::to_html`, like the entity pass.
//!
//! Takes the site's `Glossary`, the article's hits, whether the article is written for
//! beginners, the page's `root` and the annotations already taken (the entity links); gives one
//! annotation per term:
//!
//! ```html
//! <span class="term"><a href="../../glossary/finalizer/" aria-describedby="tip-3">ファイナライ
//! ザー</a><span class="term-tip" role="tooltip" id="tip-3"><span lang="en">Finalizer</span> /
//! ファイナライザー <span class="tip-def">削除の前に…</span></span></span>
//! ```
//!
//! - A term of a feature (with a gate or a KEP) says, after its definition, where the feature
//!   stood in the article's release, from the registry: `1.33 ではGA（SidecarContainers）`.
//!   A definition is written once for every article, so it cannot say that; a tooltip on a
//!   1.29 article and one on a 1.33 article each tell their reader's release.
//!
//! - Only curated terms link (`Term::linkable`); matching is the glossary's
//!   (variant-folded, NFKC, whole English words).
//! - Once per article, not per section: a changelog digest names `ノード` and `GA` in every
//!   section, and a link on each drowns the text. So each term's tooltip is in the page once.
//! - Everyday words (`common = true`: `Pod`, `ノード`, `API`) link only in articles written for
//!   beginners (`FrontMatter::beginner`): a reader of a release digest knows them.
//! - Only plain prose is searched (`Glossary::hits`, recorded by the glossary build, the same
//!   as `Glossary::find_in_doc`): never code, link text or headings.
//! - Entity links win: an occurrence overlapping one is skipped, and the term's next
//!   occurrence gets the tooltip instead.
//! - Tooltip ids are `tip-1`, `tip-2`, … in document order: unique on the page and the same on
//!   every build. `aria-describedby` makes screen readers announce the tooltip with the link;
//!   CSS shows it on hover and keyboard focus, `static/terms.js` on tap and closes it on Escape.
use std::collections::BTreeSet;
use std::fmt::Write;
use std::ops::Range;

use super::markdown::Annotation;
use crate::glossary::{Glossary, Term, TermKind};
use crate::model::ids::{Release, TermId};
use crate::model::urls;
use crate::registry::Registry;
use crate::text::escape_html_into as escape_into;

/// The tooltip annotations of `doc`; see the module doc. `hits` are the linkable terms of the
/// document in order (`Glossary::hits` of the article, or `Glossary::find_in_doc`); `taken`
/// are annotations already placed (any order); `as_of` the registry and the article's release,
/// when it has one, for the stage of a feature's term.
pub(crate) fn annotations<'g>(
    glossary: &'g Glossary,
    hits: impl IntoIterator<Item = (usize, Range<usize>, &'g TermId)>,
    beginner: bool,
    root: &str,
    taken: &[Annotation],
    as_of: Option<(&Registry, Release)>,
) -> Vec<Annotation> {
    let mut taken: Vec<(usize, Range<usize>)> =
        taken.iter().map(|a| (a.block, a.range.clone())).collect();
    taken.sort_by_key(|(b, r)| (*b, r.start));
    let mut linked: BTreeSet<&str> = BTreeSet::new();
    let mut out = Vec::new();
    for (block, range, id) in hits {
        if linked.contains(id.0.as_str()) || overlaps(&taken, block, &range) {
            continue;
        }
        let Some(term) = glossary.term(&id.0) else {
            continue;
        };
        if !links_in(term, beginner) {
            continue;
        }
        linked.insert(id.0.as_str());
        let n = out.len() + 1;
        let stage = as_of.and_then(|(registry, release)| stage_in(term, registry, release));
        let (open, close) = markup(term, root, n, stage.as_deref());
        out.push(Annotation {
            block,
            range,
            open,
            close,
            text_html: None,
        });
    }
    out
}

/// Whether `term` links in an article (`beginner`: written for beginners): everyday words
/// (`common = true`) only for beginners. The glossary sheet of a release lists what links.
pub(crate) fn links_in(term: &Term, beginner: bool) -> bool {
    !term.common || beginner
}

/// Whether `range` of `block` overlaps a taken range (`taken` sorted by block and start).
fn overlaps(taken: &[(usize, Range<usize>)], block: usize, range: &Range<usize>) -> bool {
    let from = taken.partition_point(|(b, _)| *b < block);
    taken[from..]
        .iter()
        .take_while(|(b, _)| *b == block)
        .any(|(_, r)| r.start < range.end && range.start < r.end)
}

/// Where the feature `term` names stood in `release`, as its tooltip says it: the stage of the
/// first of the term's gates (its own first; the others are parts of it) that the registry
/// knows in that release, else of its first KEP (DRA before its gate's first release is
/// KEP-3063's), a gate removed after GA leaving its feature GA
/// ([`crate::registry::GateEntry::feature_stage_at`]). `None` for a term of no feature, or one the
/// registry does not date that far back.
fn stage_in(term: &Term, registry: &Registry, release: Release) -> Option<String> {
    if !is_a_feature(term) {
        return None;
    }
    let of_gate = term.gates.iter().find_map(|g| {
        let stage = registry.gate(&g.0)?.feature_stage_at(release)?;
        Some((stage, g.to_string()))
    });
    let (stage, whose) = of_gate.or_else(|| {
        let kep = registry.kep(*term.keps.first()?)?;
        Some((kep.stage_at(release)?, kep.number.label()))
    })?;
    Some(format!("{release} では{}（{whose}）", stage.label()))
}

/// Whether `term` is a feature, whose stage is its own: a term of kind feature, feature gate or
/// KEP, or an API kind or field named as its first gate (`MutatingAdmissionPolicy`). Other
/// terms list the gates and KEPs that changed them (`Job` lists `JobSuccessPolicy`, a
/// finalizer `HonorPVReclaimPolicy`): their stage is not the term's.
fn is_a_feature(term: &Term) -> bool {
    match term.kind {
        TermKind::Feature | TermKind::FeatureGate | TermKind::Kep => true,
        TermKind::ApiKind | TermKind::Field => term
            .gates
            .first()
            .is_some_and(|g| g.0.eq_ignore_ascii_case(&term.en.replace([' ', '-'], ""))),
        _ => false,
    }
}

/// The opening and closing HTML around the term's text, tooltip id `tip-<n>`, with the
/// feature's `stage` in the article's release ([`stage_in`]). Kept short: an article of a
/// changelog digest carries a hundred of these. Each part is written into one buffer of about
/// its final size.
pub(crate) fn markup(term: &Term, root: &str, n: usize, stage: Option<&str>) -> (String, String) {
    let href = format!("{root}{}", urls::term(&term.id));
    let mut open = String::with_capacity(href.len() + 64);
    open.push_str("<span class=\"term\"><a href=\"");
    escape_into(&mut open, &href);
    let _ = write!(open, "\" aria-describedby=\"tip-{n}\">");
    let def = term.definition();
    let mut close = String::with_capacity(term.en.len() + term.ja.len() + def.len() + 140);
    let _ = write!(
        close,
        "</a><span class=\"term-tip\" role=\"tooltip\" id=\"tip-{n}\">"
    );
    push_tip_text(&mut close, term);
    if let Some(stage) = stage {
        close.push_str(" <span class=\"tip-stage\">");
        escape_into(&mut close, stage);
        close.push_str("</span>");
    }
    close.push_str("</span></span>");
    (open, close)
}

/// `<span lang="en">Finalizer</span> / ファイナライザー <span class="tip-def">…</span>`,
/// escaped; one form only when both are spelled the same (`CEL`). The space before the
/// definition is what a screen reader pauses on; on screen the definition is its own line.
fn push_tip_text(out: &mut String, term: &Term) {
    out.push_str("<span lang=\"en\">");
    escape_into(out, &term.en);
    out.push_str("</span>");
    if term.ja != term.en {
        out.push_str(" / ");
        escape_into(out, &term.ja);
    }
    let def = term.definition();
    if !def.is_empty() {
        out.push_str(" <span class=\"tip-def\">");
        escape_into(out, def);
        out.push_str("</span>");
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::glossary::{self, Terms};
    use crate::model::ids::Slug;
    use crate::parse::blocks::Doc;
    use crate::render::markdown::{Options, to_html};

    const TERMS: &str = r#"
[[term]]
id = "finalizer"
en = "Finalizer"
ja = "ファイナライザー"
kind = "term"
def_ja = "削除の前に片付けを済ませるための印。"
def_en = "A mark that holds deletion until clean-up is done."

[[term]]
id = "cel"
en = "CEL"
ja = "CEL"
kind = "term"
def_ja = "式言語 <Common Expression Language>。"
def_en = "An expression language."

[[term]]
id = "pod"
en = "Pod"
ja = "ポッド"
kind = "api_kind"
common = true
def_ja = "コンテナをまとめて動かす最小の単位。"
def_en = "The smallest unit that runs containers together."
"#;

    fn glossary_of(md: &str) -> (Doc, Glossary) {
        glossary_from(TERMS, md)
    }

    /// `md` as one article, and the glossary of `terms` (a terms.toml) built from it.
    fn glossary_from(terms: &str, md: &str) -> (Doc, Glossary) {
        let (terms, diags) = Terms::parse(Path::new("glossary/terms.toml"), terms);
        assert!(diags.is_empty(), "{diags:?}");
        let doc = crate::parse::blocks::parse(md, 1);
        let slug = Slug::parse("a").unwrap();
        let g = glossary::build(&terms, &[(&slug, &doc)], &[]);
        (doc, g)
    }

    fn render(md: &str, taken: impl Fn(&Doc) -> Vec<Annotation>) -> String {
        render_for(md, false, taken)
    }

    fn render_for(md: &str, beginner: bool, taken: impl Fn(&Doc) -> Vec<Annotation>) -> String {
        let (doc, g) = glossary_of(md);
        let mut ann = taken(&doc);
        let tips = annotations(&g, g.hits(0), beginner, "../../", &ann, None);
        ann.extend(tips);
        to_html(&doc, ann, vec![], &Options::default())
    }

    #[test]
    fn first_occurrence_per_article_gets_the_tooltip() {
        let html = render(
            "ファイナライザーとファイナライザー。\n\n- Finalizer\n\n## 次の節\n\nfinalizer をもう一度\n",
            |_| vec![],
        );
        assert_eq!(html.matches("<span class=\"term\">").count(), 1, "{html}");
        assert!(
            html.contains("<p id=\"p-1\"><span class=\"term\"><a href=\"../../glossary/finalizer/\" aria-describedby=\"tip-1\">ファイナライザー</a><span class=\"term-tip\" role=\"tooltip\" id=\"tip-1\"><span lang=\"en\">Finalizer</span> / ファイナライザー <span class=\"tip-def\">削除の前に片付けを済ませるための印。</span></span></span>とファイナライザー。</p>"),
            "{html}"
        );
        assert!(html.contains("<li id=\"li-1\">Finalizer</li>"), "{html}");
        assert!(
            html.contains("<p id=\"p-2\">finalizer をもう一度</p>"),
            "the next section does not link it again: {html}"
        );
    }

    #[test]
    fn everyday_terms_link_only_for_beginners() {
        let md = "Pod とファイナライザー\n";
        let html = render(md, |_| vec![]);
        assert!(
            html.contains("<p id=\"p-1\">Pod と<span class=\"term\">"),
            "{html}"
        );
        assert_eq!(html.matches("class=\"term\"").count(), 1, "{html}");
        let html = render_for(md, true, |_| vec![]);
        assert!(
            html.contains("<span class=\"term\"><a href=\"../../glossary/pod/\""),
            "{html}"
        );
        assert_eq!(html.matches("class=\"term\"").count(), 2, "{html}");
    }

    #[test]
    fn never_in_code_links_or_headings() {
        let html = render(
            "## ファイナライザー\n\n`ファイナライザー` と [ファイナライザー](https://x) と ```CEL```\n",
            |_| vec![],
        );
        assert!(!html.contains("class=\"term\""), "{html}");
    }

    #[test]
    fn entity_links_win_and_the_next_occurrence_takes_the_tooltip() {
        let html = render(
            "ファイナライザーとファイナライザー\n",
            |_| {
                vec![Annotation {
                    block: 0,
                    range: 0.."ファイナライザー".len(),
                    open: "<a class=\"ref\">".into(),
                    close: "</a>".into(),
                    text_html: None,
                }]
            },
        );
        assert_eq!(html.matches("class=\"term\"").count(), 1, "{html}");
        assert!(
            html.contains("<a class=\"ref\">ファイナライザー</a>と<span class=\"term\">"),
            "{html}"
        );
    }

    #[test]
    fn one_form_when_both_are_spelled_alike_and_text_is_escaped() {
        let html = render("CEL を使う\n", |_| vec![]);
        assert!(
            html.contains("id=\"tip-1\"><span lang=\"en\">CEL</span> <span class=\"tip-def\">"),
            "{html}"
        );
        assert!(html.contains("式言語 &lt;Common Expression Language&gt;。"));
    }

    #[test]
    fn tooltip_ids_are_unique_and_in_document_order() {
        let html = render(
            "CEL と ファイナライザー\n\n## b\n\nCEL と ファイナライザー\n",
            |_| vec![],
        );
        let ids: Vec<&str> = html
            .split("aria-describedby=\"")
            .skip(1)
            .map(|s| s.split('"').next().unwrap())
            .collect();
        assert_eq!(ids, ["tip-1", "tip-2"]);
        for id in ids {
            assert_eq!(html.matches(&format!(" id=\"{id}\"")).count(), 1);
        }
    }

    #[test]
    fn a_feature_term_says_where_its_gate_stood_in_the_articles_release() {
        // The built-in registry: SidecarContainers (KEP-753) alpha 1.28, beta 1.29–1.32,
        // stable from 1.33; KEP-753 alpha 1.28, beta 1.29, stable 1.33. The second term names
        // the KEP and no gate.
        const FEATURES: &str = r#"
[[term]]
id = "sidecar-container"
en = "sidecar container"
ja = "サイドカーコンテナ"
kind = "feature"
def_ja = "メインのコンテナと同じ期間だけ動き続ける補助コンテナ。"
def_en = "A helper container."
keps = [753]
gates = ["SidecarContainers"]

[[term]]
id = "kep-only"
en = "sidecar lifecycle"
ja = "サイドカーライフサイクル"
kind = "feature"
def_ja = "ゲートのない機能。"
def_en = "A feature with no gate."
keps = [753]
"#;
        let (doc, g) = glossary_from(FEATURES, "サイドカーコンテナとサイドカーライフサイクル。\n");
        let registry = Registry::builtin();
        let tip = |release: Option<&str>| {
            let as_of = release.map(|r| (registry, r.parse::<Release>().unwrap()));
            let ann = annotations(&g, g.hits(0), false, "../../", &[], as_of);
            to_html(&doc, ann, vec![], &Options::default())
        };
        let html = tip(Some("1.33"));
        assert!(
            html.contains("補助コンテナ。</span> <span class=\"tip-stage\">1.33 ではGA（SidecarContainers）</span></span>"),
            "{html}"
        );
        assert!(
            html.contains("<span class=\"tip-stage\">1.33 ではGA（KEP-753）</span>"),
            "a term with a KEP and no gate takes the KEP's stage: {html}"
        );
        let html = tip(Some("1.30"));
        assert!(
            html.contains("<span class=\"tip-stage\">1.30 ではベータ（SidecarContainers）</span>"),
            "{html}"
        );
        // KMSv2 (built-in registry): stable 1.29–1.31, its gate removed in 1.32; the feature
        // stays GA. A gate removed before GA (DRAControlPlaneController, alpha 1.26–1.31,
        // removed in 1.32) is removed.
        let removed = |gate: &str| {
            let mut t = g.term("sidecar-container").unwrap().clone();
            t.gates = vec![crate::model::ids::FeatureGateName(gate.into())];
            stage_in(&t, registry, "1.32".parse().unwrap())
        };
        assert_eq!(removed("KMSv2").as_deref(), Some("1.32 ではGA（KMSv2）"));
        assert_eq!(
            removed("DRAControlPlaneController").as_deref(),
            Some("1.32 では削除（DRAControlPlaneController）")
        );
        // A term that only lists a gate that changed it has no stage of its own.
        let mut job = g.term("sidecar-container").unwrap().clone();
        job.kind = TermKind::ApiKind;
        job.en = "Job".into();
        job.gates = vec![crate::model::ids::FeatureGateName(
            "JobSuccessPolicy".into(),
        )];
        assert_eq!(stage_in(&job, registry, "1.32".parse().unwrap()), None);
        job.en = "JobSuccessPolicy".into();
        assert!(stage_in(&job, registry, "1.32".parse().unwrap()).is_some());
        // Before the gate and the KEP existed, and in an article of no release: no stage.
        assert!(!tip(Some("1.27")).contains("tip-stage"));
        assert!(!tip(None).contains("tip-stage"));
    }
}
