//! The JSON API, exactly as DESIGN.md specifies. DESIGN.md counts it in the index stage; it is
//! made from the reference graph and the articles (never from pages) and written out with the
//! pages by `render::pages`:
//!
//! * `api/articles.json`: `{"version": 1, "articles": [{slug, title, release, date, url, sigs}]}`
//! * `api/keps.json`: `{"version": 1, "keps": [{number, url, title, sig, mentions}]}`
//! * `api/feature-gates.json`: `{"version": 1, "feature_gates": [{name, url, mentions}]}`
//! * `api/pull-requests.json`: `{"version": 1, "pull_requests": [{repo, number, kind, url, mentions}]}`, `kind` `pull` or `issue`
//!
//! A mention is `{article, release, url, stage}`: `url` is the site-relative URL of the
//! paragraph or list item (`articles/<slug>/#li-3`), `stage` the stage stated there or `null`.
//! A block that names an entity twice is one mention (the graph holds them so, see `graph`). Entity `url`s are
//! site-relative page paths like `articles.json`'s (`keps/3962/`); a pull request has no page,
//! so its `url` is the one on GitHub.
//!
//! `keps.json` and `feature-gates.json` list the KEPs and gates the articles mention; the pages
//! every other registry entry gets are not in them (they have no mentions to offer). Lists are
//! sorted: KEPs by number, gates by name, pull requests by repository, number and kind.
use serde::Serialize;

use crate::graph::{Mention, RefGraph};
use crate::model::ids::{FeatureGateName, KepNumber, SigName};
use crate::model::urls;
use crate::render::{RenderCtx, json_bytes};

/// (output path, bytes) of every reference API file, each made only when the iterator reaches
/// it: the pull-request file of a large site is a hundred megabytes. Documents are written from
/// borrowed records rather than built as `serde_json::Value`s (several times the size of the
/// file), so a file is in memory only as its bytes.
pub(crate) fn reference_files(
    graph: &RefGraph,
) -> impl Iterator<Item = (&'static str, Vec<u8>)> + '_ {
    type Make = fn(&RefGraph) -> Vec<u8>;
    let files: [(&'static str, Make); 3] = [
        ("api/keps.json", |g| json_bytes(&keps(g))),
        ("api/feature-gates.json", |g| json_bytes(&feature_gates(g))),
        ("api/pull-requests.json", |g| json_bytes(&pull_requests(g))),
    ];
    files
        .into_iter()
        .map(move |(path, make)| (path, make(graph)))
}

/// `{<key>: list, "version": 1}`: every API document. Keys are written in the order of their
/// names, as the files have always had them (objects with sorted keys), so consumers that diff
/// the files see no change: every list's key sorts before `version`, and every record's fields
/// below are declared in name order.
pub(crate) struct ApiDoc<T> {
    key: &'static str,
    list: Vec<T>,
}

impl<T: Serialize> Serialize for ApiDoc<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(2))?;
        map.serialize_entry(self.key, &self.list)?;
        map.serialize_entry("version", &1)?;
        map.end()
    }
}

#[derive(Serialize)]
struct MentionOut<'a> {
    article: &'a crate::model::ids::Slug,
    release: Option<crate::model::ids::Release>,
    stage: Option<crate::model::ids::Stage>,
    url: &'a str,
}

#[derive(Serialize)]
pub(crate) struct KepOut<'a> {
    mentions: Vec<MentionOut<'a>>,
    number: KepNumber,
    sig: &'a Option<SigName>,
    title: &'a Option<String>,
    url: String,
}

#[derive(Serialize)]
pub(crate) struct GateOut<'a> {
    mentions: Vec<MentionOut<'a>>,
    name: &'a FeatureGateName,
    url: String,
}

#[derive(Serialize)]
pub(crate) struct PullRequestOut<'a> {
    kind: crate::model::ids::ItemKind,
    mentions: Vec<MentionOut<'a>>,
    number: u32,
    repo: &'a str,
    url: &'a str,
}

#[derive(Serialize)]
pub(crate) struct ArticleOut<'a> {
    date: &'a Option<String>,
    release: Option<crate::model::ids::Release>,
    sigs: &'a [SigName],
    slug: &'a crate::model::ids::Slug,
    title: &'a str,
    url: String,
}

fn mentions(list: &[Mention]) -> Vec<MentionOut<'_>> {
    list.iter()
        .map(|m| MentionOut {
            article: &m.article,
            release: m.release,
            stage: m.stage,
            url: &m.url,
        })
        .collect()
}

pub(crate) fn keps(graph: &RefGraph) -> ApiDoc<KepOut<'_>> {
    let list = graph
        .keps
        .values()
        .filter(|k| !k.mentions.is_empty())
        .map(|k| KepOut {
            mentions: mentions(&k.mentions),
            number: k.number,
            sig: &k.sig,
            title: &k.title,
            url: urls::kep(k.number),
        })
        .collect();
    ApiDoc { key: "keps", list }
}

pub(crate) fn feature_gates(graph: &RefGraph) -> ApiDoc<GateOut<'_>> {
    let list = graph
        .gates
        .values()
        .filter(|g| !g.mentions.is_empty())
        .map(|g| GateOut {
            mentions: mentions(&g.mentions),
            name: &g.name,
            url: urls::feature_gate(&g.name),
        })
        .collect();
    ApiDoc {
        key: "feature_gates",
        list,
    }
}

pub(crate) fn pull_requests(graph: &RefGraph) -> ApiDoc<PullRequestOut<'_>> {
    let list = graph
        .prs
        .values()
        .map(|p| PullRequestOut {
            kind: p.pr.kind,
            mentions: mentions(&p.mentions),
            number: p.pr.number,
            repo: &p.pr.repo,
            url: &p.url,
        })
        .collect();
    ApiDoc {
        key: "pull_requests",
        list,
    }
}

impl RenderCtx<'_> {
    /// `api/articles.json`: `{"version": 1, "articles": [{slug, title, release, date, url, sigs}]}`
    /// (`sigs`: the SIGs the front matter names and those the text mentions or links, as the SIG
    /// pages list the article),
    /// sorted by slug.
    pub(crate) fn articles_api(&self) -> ApiDoc<ArticleOut<'_>> {
        let mut list: Vec<ArticleOut> = self
            .articles
            .iter()
            .map(|a| ArticleOut {
                date: &a.front.date,
                release: a.front.release,
                sigs: &a.refs.article_sigs,
                slug: &a.front.slug,
                title: &a.front.title,
                url: a.url(),
            })
            .collect();
        list.sort_by(|a, b| a.slug.as_str().cmp(b.slug.as_str()));
        ApiDoc {
            key: "articles",
            list,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{ArticleMeta, link};
    use crate::parse::frontmatter::FrontMatter;
    use crate::registry::Registry;
    use serde_json::{Value, json};

    fn graph(articles: &[(&str, &str, &str)]) -> RefGraph {
        let (reg, d) = Registry::parse(
            "k.toml".as_ref(),
            "[[kep]]\nnumber = 3962\ntitle = \"Mutating Admission Policies\"\nsig = \"api-machinery\"\nalpha = \"1.32\"\n\n[[kep]]\nnumber = 3157\ntitle = \"Watch list\"\nsig = \"api-machinery\"\n",
            "g.toml".as_ref(),
            "[[gate]]\nname = \"WatchList\"\nkep = 3157\nstages = [ { stage = \"beta\", from = \"1.32\", default = true } ]\n",
        );
        assert!(d.is_empty());
        let parsed: Vec<(
            ArticleMeta,
            crate::parse::blocks::Doc,
            crate::extract::Mentions,
        )> = articles
            .iter()
            .map(|(slug, release, md)| {
                let text = format!(
                    "+++\ntitle = \"{slug}\"\nslug = \"{slug}\"\nrelease = \"{release}\"\n+++\n{md}"
                );
                let front: FrontMatter =
                    crate::parse::frontmatter::split("c.md".as_ref(), &text, &mut Vec::new())
                        .unwrap()
                        .front;
                let doc = crate::parse::blocks::parse(md, 1);
                let refs = crate::extract::extract(&doc, &front, &reg);
                let meta = ArticleMeta {
                    slug: front.slug.clone(),
                    title: front.title.as_str().into(),
                    release: front.release,
                    path: "c.md".into(),
                };
                (meta, doc, refs)
            })
            .collect();
        let inputs: Vec<_> = parsed.iter().map(|(m, d, r)| (m.clone(), d, r)).collect();
        link(&inputs, &reg)
    }

    #[test]
    fn keps_json_has_the_contract_fields_and_one_mention_per_block() {
        let g = graph(&[
            (
                "b",
                "1.32",
                "- KEP-3962 はアルファ。KEP-3962 をもう一度。\n- WatchList FeatureGate (#128053)\n",
            ),
            ("a", "1.31", "KEP-24 です。\n"),
        ]);
        let v = serde_json::to_value(keps(&g)).unwrap();
        assert_eq!(v["version"], 1);
        let list = v["keps"].as_array().unwrap();
        // 3157 has a page (WatchList's KEP) but no mention: not listed.
        let numbers: Vec<u64> = list.iter().map(|k| k["number"].as_u64().unwrap()).collect();
        assert_eq!(numbers, [24, 3962]);
        assert_eq!(
            list[1],
            json!({
                "number": 3962,
                "url": "keps/3962/",
                "title": "Mutating Admission Policies",
                "sig": "api-machinery",
                "mentions": [{"article": "b", "release": "1.32", "url": "articles/b/#li-1", "stage": "alpha"}],
            })
        );
        assert_eq!(list[0]["title"], Value::Null, "no title known");
    }

    #[test]
    fn gates_and_pull_requests_are_sorted_with_their_mentions() {
        let g = graph(&[(
            "b",
            "1.32",
            "- WatchList FeatureGate がベータに (#128053)\n- 修正 (#120000, @alice) と kubernetes/website#48000\n",
        )]);
        let gates = serde_json::to_value(feature_gates(&g)).unwrap();
        assert_eq!(
            gates["feature_gates"][0],
            json!({"name": "WatchList", "url": "feature-gates/WatchList/", "mentions": [
                {"article": "b", "release": "1.32", "url": "articles/b/#li-1", "stage": "beta"}
            ]})
        );
        let prs = serde_json::to_value(pull_requests(&g)).unwrap();
        let got: Vec<(String, u64, String)> = prs["pull_requests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["repo"].as_str().unwrap().to_string(),
                    p["number"].as_u64().unwrap(),
                    p["url"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                (
                    "kubernetes/kubernetes".into(),
                    120000,
                    "https://github.com/kubernetes/kubernetes/pull/120000".into()
                ),
                (
                    "kubernetes/kubernetes".into(),
                    128053,
                    "https://github.com/kubernetes/kubernetes/pull/128053".into()
                ),
                (
                    "kubernetes/website".into(),
                    48000,
                    "https://github.com/kubernetes/website/pull/48000".into()
                ),
            ]
        );
        assert_eq!(prs["pull_requests"][0]["mentions"][0]["stage"], Value::Null);
    }
}
