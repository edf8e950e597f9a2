//! The entity-link pass: turns the references the extract stage found in an article into
//! in-place links, as `Annotation`s for `markdown::to_html`, and the article's KEP and gate
//! chips.
//!
//! Takes the article's `Doc`, its `Mentions`, the site's `RefGraph` (for titles) and the
//! page's `root`; gives one annotation per mention:
//!
//! | mention | link | class |
//! |---|---|---|
//! | `KEP-3962`, `#3962` (heading) | `<root>keps/3962/` | `ref ref-kep` |
//! | `WatchList` (a gate) | `<root>feature-gates/WatchList/` | `ref ref-gate` |
//! | `#128266` (a PR) | `https://github.com/kubernetes/kubernetes/pull/128266` | `ref ref-pr` |
//! | `@pohly` | `https://github.com/pohly` (in a Qiita article `https://qiita.com/pohly`) | `ref ref-handle` |
//! | `sig/node`, `SIG-Node` | `<root>sigs/node/` | `ref ref-sig` |
//!
//! KEP and SIG links have a `title` saying what they are (`KEP-3962: Mutating Admission
//! Policies`), so a reader knows before clicking; gate, PR and handle links show their ID as
//! their text, and a title would repeat it (a PR of a repository other than
//! kubernetes/kubernetes names it). A long gate name gets `<wbr>` between its words
//! (`text::escape_html_camel_breaks`). Heading-form KEPs are linked inside their heading; the heading
//! keeps its id (ids are assigned at parse time from the text, which is unchanged).
//!
//! **A mention is not a link.** A KEP or gate inside a code span or the author's link
//! (`[KEP-4381](https://kep.k8s.io/4381)`, `` `WatchList` フィーチャーゲート ``), or a KEP URL
//! written out in prose, is left exactly as written, and a small chip right after it links
//! the page: `<a class="ref-chip ref-chip-kep" href="…/keps/4381/">KEP-4381</a>` or
//! `<a class="ref-chip ref-chip-gate" href="…/feature-gates/WatchList/">ゲート</a>` (`→` when the
//! author's next word already says ゲート). One chip per
//! span and entity; never an anchor inside an anchor or inside code. Pull requests in the
//! author's links need no chip: the link already goes to GitHub.
use std::collections::HashMap;

use serde::Serialize;

use super::markdown::{Annotation, Insertion};
use crate::extract::{Mentions, Place};
use crate::graph::RefGraph;
use crate::model::ids::{KepNumber, Stage};
use crate::model::urls;
use crate::parse::blocks::Doc;
use crate::text::{self, escape_html as escape};

/// The most links to one KEP, gate, PR, handle or SIG that one paragraph or list item gets.
const LINKS_PER_BLOCK: usize = 10;
/// ... and that one article gets (a table of thousands of rows naming one gate links the
/// first ones; the rest stay text).
const LINKS_PER_ARTICLE: usize = 300;

/// How the article's mentions are linked: in place, or by a chip after a span.
#[derive(Debug, Default)]
pub(crate) struct EntityLinks {
    pub annotations: Vec<Annotation>,
    pub chips: Vec<Insertion>,
}

/// The links of every mention of the article: in place in prose, as chips after code spans,
/// the author's links and written-out URLs.
pub(crate) fn annotations(doc: &Doc, refs: &Mentions, graph: &RefGraph, root: &str) -> EntityLinks {
    let mut out = Vec::new();
    let mut chips = Vec::new();
    let valid = |block: usize| block < doc.blocks.len();
    // At most `LINKS_PER_BLOCK` links to one entity in one block: more is noise to a reader
    // and, in a hostile line naming a KEP a hundred thousand times, memory.
    let mut per_block: HashMap<(usize, String), usize> = HashMap::new();
    let mut per_article: HashMap<String, usize> = HashMap::new();
    let mut room = |block: usize, key: String| {
        let a = per_article.entry(key.clone()).or_insert(0);
        *a += 1;
        let n = per_block.entry((block, key)).or_insert(0);
        *n += 1;
        *n <= LINKS_PER_BLOCK && *a <= LINKS_PER_ARTICLE
    };
    let mut seen = std::collections::HashSet::new();
    let mut place_chip = |out: &mut Vec<Annotation>,
                          place: Place,
                          block: usize,
                          range: std::ops::Range<usize>,
                          html: String| {
        match place {
            Place::Span(i) => {
                if seen.insert((i, html.clone())) {
                    chips.push(Insertion {
                        after: doc.spans[i].end,
                        html,
                    });
                }
            }
            // After a URL in prose: an empty wrap whose closing part is the chip.
            _ => out.push(Annotation {
                block,
                range,
                open: String::new(),
                close: html,
                text_html: None,
            }),
        }
    };
    for m in refs
        .keps
        .iter()
        .filter(|m| valid(m.block) && room(m.block, format!("k{}", m.kep)))
    {
        let href = format!("{root}{}", urls::kep(m.kep));
        let title = kep_title(m.kep, graph);
        match m.place {
            Place::Prose => out.push(link(
                m.block,
                m.range.clone(),
                "ref ref-kep",
                &href,
                Some(&title),
            )),
            place => {
                let id = m.kep.label();
                let label = if span_shows(doc, place, &m.kep.to_string()) {
                    "KEP"
                } else {
                    &id
                };
                let html = chip("ref-chip ref-chip-kep", &href, &title, label);
                place_chip(&mut out, place, m.block, m.range.clone(), html)
            }
        }
    }
    // A span naming several gates (`--feature-gates=A=true,B=false`) gets a chip per gate, each
    // labelled with its name: two chips saying ゲート could be told apart only by hovering.
    let mut gates_per_span: HashMap<usize, std::collections::BTreeSet<&str>> = HashMap::new();
    for m in &refs.gates {
        if let Place::Span(i) = m.place {
            gates_per_span
                .entry(i)
                .or_default()
                .insert(m.gate.0.as_str());
        }
    }
    let shared = |place: Place| match place {
        Place::Span(i) => gates_per_span.get(&i).is_some_and(|g| g.len() > 1),
        _ => false,
    };
    for m in refs
        .gates
        .iter()
        .filter(|m| valid(m.block) && room(m.block, format!("g{}", m.gate)))
    {
        if !graph.gates.contains_key(&m.gate) {
            continue;
        }
        let href = format!("{root}{}", urls::feature_gate(&m.gate));
        let title = format!("フィーチャーゲート {}", m.gate);
        match m.place {
            Place::Prose => {
                // The link's text is the gate's name: a title would only repeat it. A long
                // name may break between its words, never inside one.
                let mut a = link(m.block, m.range.clone(), "ref ref-gate", &href, None);
                let written = &doc.blocks[m.block].text[m.range.clone()];
                let html = text::escape_html_camel_breaks(written);
                if html.contains("<wbr>") {
                    a.text_html = Some(html);
                }
                out.push(a)
            }
            place => {
                let label = if !span_shows(doc, place, &m.gate.0) || shared(place) {
                    &m.gate.0
                } else if says_gate_after(doc, place) {
                    // `` `KubeletPSI` ゲートで ``: the author's word follows; the chip need not
                    // say it again.
                    "→"
                } else {
                    "ゲート"
                };
                let html = chip("ref-chip ref-chip-gate", &href, &title, label);
                place_chip(&mut out, place, m.block, m.range.clone(), html)
            }
        }
    }
    for m in refs.prs.iter().filter(|m| {
        valid(m.block) && m.place == Place::Prose && room(m.block, format!("p{}", m.pr.label()))
    }) {
        // `#128266` is a kubernetes/kubernetes PR to every reader, and the author stands next to
        // it (`(#128266, @user)`): a title only names another repository.
        let title = (m.pr.repo != "kubernetes/kubernetes").then(|| {
            let kind = match m.pr.kind {
                crate::model::ids::ItemKind::Issue => "Issue",
                crate::model::ids::ItemKind::Pull => "Pull Request",
            };
            format!("{kind} {}#{}", m.pr.repo, m.pr.number)
        });
        out.push(link(
            m.block,
            m.range.clone(),
            "ref ref-pr",
            &m.pr.url(),
            title.as_deref(),
        ));
    }
    for m in refs
        .handles
        .iter()
        .filter(|m| valid(m.block) && room(m.block, format!("h{}", m.handle.name())))
    {
        // `@pohly` says what it is; the external mark says where it goes.
        out.push(link(
            m.block,
            m.range.clone(),
            "ref ref-handle",
            &m.handle.url(),
            None,
        ));
    }
    for m in refs
        .sigs
        .iter()
        .filter(|m| valid(m.block) && room(m.block, format!("s{}", m.sig)))
    {
        let href = format!("{root}{}", urls::sig(&m.sig));
        let title = format!("SIG {}", m.sig.display_name());
        out.push(link(
            m.block,
            m.range.clone(),
            "ref ref-sig",
            &href,
            Some(&title),
        ));
    }
    EntityLinks {
        annotations: out,
        chips,
    }
}

/// Whether the text the chip follows already shows `id`: then the chip says only the kind.
fn span_shows(doc: &Doc, place: Place, id: &str) -> bool {
    match place {
        Place::Span(i) => {
            let s = &doc.spans[i];
            doc.blocks[s.block].text[s.range.clone()].contains(id)
        }
        _ => true,
    }
}

/// The author's text right after the span already says it is a gate (`` `X` ゲート ``,
/// `` `X` フィーチャーゲート ``, `` `X` feature gate ``).
fn says_gate_after(doc: &Doc, place: Place) -> bool {
    let Place::Span(i) = place else {
        return false;
    };
    let s = &doc.spans[i];
    let after = doc.blocks[s.block].text[s.range.end..].trim_start();
    let lower = after.to_ascii_lowercase();
    ["ゲート", "フィーチャーゲート", "機能ゲート"]
        .iter()
        .any(|w| after.starts_with(w))
        || ["feature gate", "featuregate"]
            .iter()
            .any(|w| lower.starts_with(w))
}

/// A chip: a small link after text that must stay as written. `aria-label` says where it
/// goes, since the label alone (`ゲート`) would not.
fn chip(class: &str, href: &str, title: &str, label: &str) -> String {
    format!(
        "<a class=\"{class}\" href=\"{}\" title=\"{}\" aria-label=\"{}のページ\">{}</a>",
        escape(href),
        escape(title),
        escape(title),
        escape(label)
    )
}

/// `KEP-3962: Mutating Admission Policies`, or `KEP-3962` when no title is known.
pub(crate) fn kep_title(n: KepNumber, graph: &RefGraph) -> String {
    match graph.keps.get(&n).and_then(|k| k.title.as_deref()) {
        Some(t) => format!("{}: {t}", n.label()),
        None => n.label(),
    }
}

fn link(
    block: usize,
    range: std::ops::Range<usize>,
    class: &str,
    href: &str,
    title: Option<&str>,
) -> Annotation {
    let title = title
        .map(|t| format!(" title=\"{}\"", escape(t)))
        .unwrap_or_default();
    Annotation {
        block,
        range,
        open: format!("<a class=\"{class}\" href=\"{}\"{title}>", escape(href)),
        close: "</a>".into(),
        text_html: None,
    }
}

/// A chip in the article header (`article.chips` in `article.html`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Chip {
    /// `kep` or `gate`.
    pub kind: &'static str,
    pub label: String,
    /// Site-relative URL of the entity page.
    pub url: String,
    /// The first stage the article states for it.
    pub stage: Option<Stage>,
    /// What the chip stands for, for the `title` attribute.
    pub title: String,
}

/// The KEPs (by number) and gates (by name) the article mentions, each once.
pub(crate) fn chips(refs: &Mentions, graph: &RefGraph) -> Vec<Chip> {
    let mut out = Vec::new();
    for n in refs.kep_numbers() {
        let stage = refs
            .keps
            .iter()
            .filter(|m| m.kep == n)
            .find_map(|m| m.stage);
        out.push(Chip {
            kind: "kep",
            label: n.label(),
            url: urls::kep(n),
            stage,
            title: kep_title(n, graph),
        });
    }
    for name in refs.gate_names() {
        let mentions = refs.gates.iter().filter(|m| m.gate.0 == name);
        let Some(first) = mentions.clone().next() else {
            continue;
        };
        out.push(Chip {
            kind: "gate",
            label: name.to_string(),
            url: urls::feature_gate(&first.gate),
            stage: mentions.filter_map(|m| m.stage).next(),
            title: format!("フィーチャーゲート {name}"),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{ArticleMeta, link as link_graph};
    use crate::parse::frontmatter::FrontMatter;
    use crate::registry::Registry;
    use crate::render::markdown::{Options, to_html};

    fn registry() -> Registry {
        let (reg, d) = Registry::parse(
            "k.toml".as_ref(),
            "[[kep]]\nnumber = 3962\ntitle = \"Mutating Admission Policies\"\nsig = \"api-machinery\"\nalpha = \"1.32\"\n",
            "g.toml".as_ref(),
            "[[gate]]\nname = \"WatchList\"\nkep = 3157\nstages = [ { stage = \"beta\", from = \"1.32\", default = true } ]\n[[gate]]\nname = \"AllowUnsafeMalformedObjectDeletion\"\nstages = [ { stage = \"alpha\", from = \"1.32\", default = false } ]\n",
        );
        assert!(d.is_empty(), "{d:?}");
        reg
    }

    /// Renders `md` as an article page at `articles/a/` renders it.
    fn render(md: &str, front_extra: &str) -> (String, Vec<Chip>) {
        let front: FrontMatter = {
            let text = format!(
                "+++\ntitle = \"A\"\nslug = \"a\"\nrelease = \"1.32\"\n{front_extra}\n+++\n{md}"
            );
            let mut w = Vec::new();
            crate::parse::frontmatter::split("content/a.md".as_ref(), &text, &mut w)
                .unwrap()
                .front
        };
        let doc = crate::parse::blocks::parse(md, 1);
        let reg = registry();
        let refs = crate::extract::extract(&doc, &front, &reg);
        let meta = ArticleMeta {
            slug: front.slug.clone(),
            title: front.title.as_str().into(),
            release: front.release,
            path: "content/a.md".into(),
        };
        let graph = link_graph(&[(meta, &doc, &refs)], &reg);
        let links = annotations(&doc, &refs, &graph, "../../");
        (
            to_html(&doc, links.annotations, links.chips, &Options::default()),
            chips(&refs, &graph),
        )
    }

    #[test]
    fn each_kind_links_to_its_page_or_to_github() {
        let cases: &[(&str, &str, &str)] = &[
            (
                "KEP-3962 を参照。\n",
                "<a class=\"ref ref-kep\" href=\"../../keps/3962/\" title=\"KEP-3962: Mutating Admission Policies\">KEP-3962</a>",
                "prefixed KEP with the registry's title",
            ),
            (
                "KEP 4603 を参照。\n",
                "<a class=\"ref ref-kep\" href=\"../../keps/4603/\" title=\"KEP-4603\">KEP 4603</a>",
                "KEP unknown to the registry: number only",
            ),
            (
                "WatchList FeatureGate がベータに。\n",
                "<a class=\"ref ref-gate\" href=\"../../feature-gates/WatchList/\">WatchList</a>",
                "gate",
            ),
            (
                "AllowUnsafeMalformedObjectDeletion フィーチャーゲートを有効にする。\n",
                "<a class=\"ref ref-gate\" href=\"../../feature-gates/AllowUnsafeMalformedObjectDeletion/\">Allow<wbr>Unsafe<wbr>Malformed<wbr>Object<wbr>Deletion</a>",
                "a long gate name breaks between its words only",
            ),
            (
                "- 文書 kubernetes/website#123 を更新\n",
                "<a class=\"ref ref-pr\" href=\"https://github.com/kubernetes/website/pull/123\" title=\"Pull Request kubernetes/website#123\">",
                "a PR of another repository is named in the title",
            ),
            (
                "- 修正しました。 (#128266)\n",
                "(<a class=\"ref ref-pr\" href=\"https://github.com/kubernetes/kubernetes/pull/128266\">#128266</a>)",
                "parenthesized PR",
            ),
            (
                "- 修正 (#119026, @AxeZhan)\n",
                "pull/119026\">#119026</a>, <a class=\"ref ref-handle\" href=\"https://github.com/AxeZhan\">@AxeZhan</a>)",
                "CHANGELOG PR with its author",
            ),
            (
                "- 変更 [sig/node]\n",
                "<a class=\"ref ref-sig\" href=\"../../sigs/node/\" title=\"SIG Node\">sig/node</a>",
                "SIG label",
            ),
            (
                "ＫＥＰ－３９６２ です。\n",
                "<a class=\"ref ref-kep\" href=\"../../keps/3962/\" title=\"KEP-3962: Mutating Admission Policies\">ＫＥＰ－３９６２</a>",
                "full-width form links its original text",
            ),
        ];
        for (md, want, what) in cases {
            let (html, _) = render(md, "");
            assert!(html.contains(want), "{what}:\n{html}");
        }
    }

    #[test]
    fn code_spans_and_the_authors_links_keep_their_text_and_get_a_chip_after() {
        let chip = "<a class=\"ref-chip ref-chip-kep\" href=\"../../keps/3962/\" title=\"KEP-3962: Mutating Admission Policies\" aria-label=\"KEP-3962: Mutating Admission Policiesのページ\">";
        let cases: &[(&str, String)] = &[
            ("`KEP-3962` と `#128266`\n", format!("<code>KEP-3962</code>{chip}KEP</a> と <code>#128266</code>")),
            (
                "[KEP-3962](https://example.org/) を見る\n",
                format!("<a href=\"https://example.org/\">KEP-3962</a>{chip}KEP</a> を見る"),
            ),
            (
                "[変更を書き換えるポリシー](https://kep.k8s.io/3962)\n",
                format!("<a href=\"https://kep.k8s.io/3962\">変更を書き換えるポリシー</a>{chip}KEP-3962</a>"),
            ),
            // The author's word after the span says gate: the chip does not say it again.
            (
                "`WatchList` フィーチャーゲート\n",
                "<code>WatchList</code><a class=\"ref-chip ref-chip-gate\" href=\"../../feature-gates/WatchList/\" title=\"フィーチャーゲート WatchList\" aria-label=\"フィーチャーゲート WatchListのページ\">→</a> フィーチャーゲート".to_string(),
            ),
            (
                "`WatchList` を使う\n",
                "<code>WatchList</code><a class=\"ref-chip ref-chip-gate\" href=\"../../feature-gates/WatchList/\" title=\"フィーチャーゲート WatchList\" aria-label=\"フィーチャーゲート WatchListのページ\">ゲート</a> を使う".to_string(),
            ),
        ];
        // Several gates in one span: each chip says its gate.
        let (html, _) = render("`--feature-gates=WatchList=true,KMSv2=false` を指定\n", "");
        for gate in ["WatchList", "KMSv2"] {
            assert!(
                html.contains(&format!(
                    "aria-label=\"フィーチャーゲート {gate}のページ\">{gate}</a>"
                )),
                "{html}"
            );
        }
        for (md, want) in cases {
            let (html, _) = render(md, "");
            assert!(html.contains(want.as_str()), "{md:?} → {html}");
            assert!(
                !html.contains("<code><a") && !html.contains("</a></a>"),
                "{html}"
            );
        }
    }

    #[test]
    fn nothing_in_code_blocks_or_commit_hashes_is_linked() {
        for md in [
            "```\nKEP-3962 (#128266)\n```\n",
            "- 破損したリソース (#1275b13)\n",
            "<https://github.com/kubernetes/kubernetes/pull/128266>\n",
        ] {
            let (html, _) = render(md, "");
            assert!(!html.contains("class=\"ref"), "{md:?} → {html}");
        }
    }

    #[test]
    fn heading_kep_is_linked_and_the_heading_keeps_its_id() {
        let (html, chips) = render(
            "### #3962ミューテーティングアドミッションポリシー\n\n- Stage: Net New to Alpha\n",
            "refs = \"kep\"",
        );
        assert!(
            html.contains("<h3 id=\"3962ミューテーティングアドミッションポリシー\"><a class=\"ref ref-kep\" href=\"../../keps/3962/\""),
            "{html}"
        );
        assert_eq!(
            chips,
            [Chip {
                kind: "kep",
                label: "KEP-3962".into(),
                url: "keps/3962/".into(),
                stage: Some(Stage::Alpha),
                title: "KEP-3962: Mutating Admission Policies".into(),
            }]
        );
    }

    #[test]
    fn chips_list_keps_then_gates_once_each_with_the_stated_stage() {
        let (_, chips) = render(
            "WatchList FeatureGate の話。\n\nWatchList がベータに昇格。KEP-3962 と KEP-24 も。KEP-3962 再び。\n",
            "",
        );
        let got: Vec<(&str, &str, Option<Stage>)> = chips
            .iter()
            .map(|c| (c.kind, c.label.as_str(), c.stage))
            .collect();
        assert_eq!(
            got,
            [
                ("kep", "KEP-24", Some(Stage::Beta)),
                ("kep", "KEP-3962", Some(Stage::Beta)),
                ("gate", "WatchList", Some(Stage::Beta)),
            ]
        );
    }
}
