//! The real Japanese release articles in `content/` (kubernetes.io's ja blog and a release-note
//! translation, see each file's `source`) against what a careful reader finds in them:
//! `tests/data/real/<slug>.toml` lists every KEP, pull request, issue and feature gate each
//! article names, in whatever form (bare text, link text, link target, code span), and the
//! release it is about. The lists were written from reading the articles, line by line, with a
//! comment per entry saying where and how it is written; they are not the extractor's output.
//!
//! The assertions go through the built site's JSON API, which is what the KEP, gate and PR
//! pages are made from: an entry that reaches the API reaches its page.
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

use crate::support::{Fixture, json};

#[derive(Deserialize)]
#[allow(dead_code)]
struct Expected {
    source: String,
    release: String,
    keps: Vec<u32>,
    prs: Vec<String>,
    issues: Vec<String>,
    gates: Vec<String>,
    #[serde(default)]
    not_gates: Vec<String>,
}

fn expected() -> BTreeMap<String, Expected> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/real");
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let slug = path.file_stem().unwrap().to_string_lossy().to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            let e: Expected =
                toml::from_str(&text).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
            out.insert(slug, e);
        }
    }
    assert_eq!(out.len(), 11, "one expectation file per real article");
    out
}

/// What the built site's API says each article mentions.
#[derive(Default, Debug)]
struct Found {
    keps: BTreeSet<u32>,
    prs: BTreeSet<String>,
    issues: BTreeSet<String>,
    gates: BTreeSet<String>,
    release: String,
}

fn found() -> BTreeMap<String, Found> {
    found_in(&Fixture::with_all_repo_content())
}

fn found_in(site: &Fixture) -> BTreeMap<String, Found> {
    let out = site.build();
    let mut by: BTreeMap<String, Found> = BTreeMap::new();
    let slugs_of = |mentions: &Value| -> BTreeSet<String> {
        mentions
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["article"].as_str().unwrap().to_string())
            .collect()
    };
    for k in json(&out, "api/keps.json")["keps"].as_array().unwrap() {
        for slug in slugs_of(&k["mentions"]) {
            by.entry(slug)
                .or_default()
                .keps
                .insert(k["number"].as_u64().unwrap() as u32);
        }
    }
    for p in json(&out, "api/pull-requests.json")["pull_requests"]
        .as_array()
        .unwrap()
    {
        let id = format!("{}#{}", p["repo"].as_str().unwrap(), p["number"]);
        for slug in slugs_of(&p["mentions"]) {
            let f = by.entry(slug).or_default();
            match p["kind"].as_str().unwrap() {
                "pull" => f.prs.insert(id.clone()),
                "issue" => f.issues.insert(id.clone()),
                other => panic!("unknown kind {other}"),
            };
        }
    }
    for g in json(&out, "api/feature-gates.json")["feature_gates"]
        .as_array()
        .unwrap()
    {
        for slug in slugs_of(&g["mentions"]) {
            by.entry(slug)
                .or_default()
                .gates
                .insert(g["name"].as_str().unwrap().to_string());
        }
    }
    for a in json(&out, "api/articles.json")["articles"]
        .as_array()
        .unwrap()
    {
        let slug = a["slug"].as_str().unwrap().to_string();
        by.entry(slug).or_default().release = a["release"].as_str().unwrap_or("").to_string();
    }
    by
}

fn diff<T: Ord + std::fmt::Debug + Clone>(want: &BTreeSet<T>, got: &BTreeSet<T>) -> String {
    let missing: Vec<T> = want.difference(got).cloned().collect();
    let extra: Vec<T> = got.difference(want).cloned().collect();
    format!("missing {missing:?}, not in the article {extra:?}")
}

#[test]
fn every_reference_of_every_real_article_reaches_its_page() {
    assert_matches(&found());
}

/// The same articles as they were published, dropped into `content/` with nothing added: the
/// kubernetes.io posts with their own Hugo front matter (no `source`), the release-memo
/// translations with none at all (their release comes from the file name).
#[test]
fn the_articles_as_published_give_the_same_references() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let site = Fixture::new();
    let mut n = 0;
    for dir in ["kubernetes-io-ja-blog", "k8s-release-memo"] {
        for entry in walk(&repo.join(dir)) {
            if entry.extension().is_none_or(|e| e != "md") {
                continue;
            }
            let text = std::fs::read_to_string(&entry).unwrap();
            let (name, published) = if dir == "k8s-release-memo" {
                // `+++ ... +++` added here; the file had no front matter.
                let body = text.splitn(3, "+++\n").nth(2).unwrap();
                let release = entry
                    .parent()
                    .unwrap()
                    .file_name()
                    .unwrap()
                    .to_string_lossy();
                (
                    format!("release-memo-{}-blog.md", release.replace('.', "-")),
                    body.to_string(),
                )
            } else {
                let start = text.find("# Added by shiori").unwrap();
                let end = start + text[start..].find("\n---").unwrap() + 1;
                let name = entry
                    .strip_prefix(repo.join(dir))
                    .unwrap()
                    .to_string_lossy()
                    .to_string();
                (name, format!("{}{}", &text[..start], &text[end..]))
            };
            site.write(&format!("content/{name}"), &published);
            n += 1;
        }
    }
    assert_eq!(n, 11);
    assert_matches(&found_in(&site));
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out.sort();
    out
}

fn assert_matches(found: &BTreeMap<String, Found>) {
    let expected = expected();
    let mut failures = Vec::new();
    for (slug, e) in &expected {
        let f = found
            .get(slug)
            .unwrap_or_else(|| panic!("article `{slug}` ({}) was not built", e.source));
        let keps: BTreeSet<u32> = e.keps.iter().copied().collect();
        let prs: BTreeSet<String> = e.prs.iter().cloned().collect();
        let issues: BTreeSet<String> = e.issues.iter().cloned().collect();
        let gates: BTreeSet<String> = e.gates.iter().cloned().collect();
        if keps != f.keps {
            failures.push(format!("{slug}: KEPs: {}", diff(&keps, &f.keps)));
        }
        if prs != f.prs {
            failures.push(format!("{slug}: PRs: {}", diff(&prs, &f.prs)));
        }
        if issues != f.issues {
            failures.push(format!("{slug}: issues: {}", diff(&issues, &f.issues)));
        }
        if gates != f.gates {
            failures.push(format!("{slug}: gates: {}", diff(&gates, &f.gates)));
        }
        if e.release != f.release {
            failures.push(format!(
                "{slug}: release: want {:?}, got {:?}",
                e.release, f.release
            ));
        }
        for name in e.not_gates.iter().filter(|n| f.gates.contains(*n)) {
            failures.push(format!(
                "{slug}: `{name}` is not used as a gate in the article"
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// The change items of a release page: (`data-item`, the quoted sentence as shown).
fn release_items(html: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for li in html.split("<li data-item=\"").skip(1) {
        let id = li[..li.find('"').unwrap()].to_string();
        let Some(at) = li.find("<p class=\"change-where\"><a href=\"") else {
            continue;
        };
        let rest = &li[at + "<p class=\"change-where\"><a href=\"".len()..];
        let text = &rest[rest.find("\">").unwrap() + 2..rest.find("</a>").unwrap()];
        out.push((id, text.to_string()));
    }
    out
}

/// A release item quotes what changed, never the line crediting who did the work
/// (`この作業はWG Device Managementが主導したKEP #4381の一環として行われました。`) nor a sentence
/// that only points to the KEP: every kubernetes.io release article closes each section with one.
#[test]
fn release_items_of_the_real_articles_quote_no_credit_line() {
    let out = Fixture::with_all_repo_content().build();
    let credit = [
        "一環",
        "の一部として",
        "主導",
        "にわたって行われ",
        "ご参照ください",
    ];
    for r in ["1.31", "1.32", "1.34", "1.36"] {
        let html = crate::support::page(&out, &format!("releases/{r}/index.html"));
        let items = release_items(&html);
        assert!(items.len() > 20, "{r}: {} items", items.len());
        let bad: Vec<&(String, String)> = items
            .iter()
            .filter(|(_, s)| credit.iter().any(|w| s.contains(w)))
            .collect();
        assert!(
            bad.is_empty(),
            "releases/{r}/ quotes credit lines: {bad:#?}"
        );
        if r == "1.34" {
            // content/kubernetes-io-ja-blog/kubernetes-v1-34-release/index.md:66, the sentence
            // of `### GA: DRAのコア機能` that says what changed (its first, line 59, says what
            // DRA is; its last line credits KEP #4381).
            let (_, dra) = items.iter().find(|(id, _)| id == "kep-4381").unwrap();
            assert_eq!(
                dra,
                "resource.k8s.io/v1 APIはGAに昇格し、現在はデフォルトで利用可能です。"
            );
            // :511, not the background of :508 (`アプリケーション開発者は長い間…`).
            let (_, env) = items.iter().find(|(id, _)| id == "kep-3721").unwrap();
            assert!(
                env.contains("Kubernetes v1.34では実行時に環境変数を宣言する機能を導入します"),
                "{env}"
            );
        }
    }
}

/// The names an article gives a KEP (`記事での表記`) and the title its release item shows are
/// titles, never a link text that only says where the KEP is: `[KEPの図](…/3935-…#motivation)`
/// in the 1.28 release memo, `[KEP issue](https://kep.k8s.io/1710)` in the 1.30 one. And a KEP
/// whose `kep.yaml` kept the template's title is named by its folder in the built-in registry.
#[test]
fn a_link_text_that_only_says_where_is_not_a_kep_title() {
    let out = Fixture::with_all_repo_content().build();
    for (kep, text) in [(3935, "KEPの図"), (1710, "KEP issue")] {
        let html = crate::support::page(&out, &format!("keps/{kep}/index.html"));
        assert!(
            !html.contains(&format!("<span lang=\"ja\">{text}</span>")),
            "KEP-{kep} is named {text:?}"
        );
    }
    let release = crate::support::page(&out, "releases/1.28/index.html");
    assert!(release.contains("data-item=\"kep-3935\""));
    assert!(
        !release.contains("KEPの図"),
        "releases/1.28/ titles KEP-3935 `KEPの図`"
    );
    for (kep, title) in [
        (4940, "Psa block host field in probes"),
        (85, "Graduate PDB to Stable"),
    ] {
        let html = crate::support::page(&out, &format!("keps/{kep}/index.html"));
        assert!(html.contains(title), "KEP-{kep} is not titled {title:?}");
        assert!(
            !html.contains("KEP Template"),
            "KEP-{kep} is titled `KEP Template`"
        );
    }
}

/// The `<a …>` elements of `html` that open while another is still open.
fn nested_anchors(html: &str) -> Vec<String> {
    let mut open = 0usize;
    let mut nested = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        rest = &rest[at..];
        let tag_end = rest.find('>').map_or(rest.len(), |e| e + 1);
        let tag = &rest[..tag_end];
        if tag.starts_with("<a ") || tag == "<a>" {
            if open > 0 {
                nested.push(tag.to_string());
            }
            open += 1;
        } else if tag == "</a>" {
            open = open.saturating_sub(1);
        }
        rest = &rest[tag_end..];
    }
    nested
}

#[test]
fn links_written_as_raw_html_or_bare_urls_are_the_authors_and_hold_no_link_of_ours() {
    // The opening line of every release-memo digest, a raw-HTML anchor around a KEP, and one
    // around a SIG and a PR number, as kubernetes.io's ja blog writes some links.
    let f = Fixture::with_repo_content();
    f.article(
        "links",
        "title = \"リンクの書き方\"\nslug = \"links\"\nrelease = \"1.31\"",
        concat!(
            "原文: https://github.com/kubernetes/kubernetes/blob/master/CHANGELOG/CHANGELOG-1.31.md\n\n",
            "詳細は<a href=\"https://kep.k8s.io/3998\">KEP-3998</a>をご覧ください。\n\n",
            "<a href=\"https://github.com/kubernetes/kubernetes/pull/125202\">SIG Node の #125202</a> で直りました。\n",
        ),
    );
    let out = f.build();
    let page = crate::support::page(&out, "articles/links/index.html");
    assert_eq!(nested_anchors(&page), Vec::<String>::new());
    let url = "https://github.com/kubernetes/kubernetes/blob/master/CHANGELOG/CHANGELOG-1.31.md";
    assert!(
        page.contains(&format!("原文: <a href=\"{url}\">{url}</a>")),
        "the bare URL is a link, with no glossary term marked inside it"
    );
    // The KEP keeps the author's link and gets its chip right after it.
    assert!(page.contains(
        "<a href=\"https://kep.k8s.io/3998\">KEP-3998</a><a class=\"ref-chip ref-chip-kep\" href=\"../../keps/3998/\""
    ));
    // What the anchors' targets name reaches the KEP and PR lists.
    let api = |name: &str| -> Value {
        serde_json::from_slice(&out.files[&format!("api/{name}.json")]).unwrap()
    };
    let mentioned_by_links = |list: &Value, key: &str, id: u64| {
        list[key].as_array().unwrap().iter().any(|e| {
            e["number"] == id
                && e["mentions"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|m| m["article"] == "links")
        })
    };
    assert!(mentioned_by_links(&api("keps"), "keps", 3998));
    assert!(mentioned_by_links(
        &api("pull-requests"),
        "pull_requests",
        125202
    ));
}

#[test]
fn a_kep_its_section_says_was_deferred_is_not_among_the_releases_changes() {
    // A release article's KEP headings: one graduated, one pulled from the milestone.
    let f = Fixture::new();
    f.article(
        "deferred",
        "title = \"1.34 の KEP\"\nslug = \"deferred\"\nrelease = \"1.34\"",
        concat!(
            "### KEP-3962: Mutating Admission Policies\n\n",
            "Mutating Admission Policy がベータに昇格しました。\n\n",
            "### KEP-4817: Resource Claim Status\n\n",
            "この KEP はコードフリーズに間に合わず、マイルストーンから削除されました。\n",
        ),
    );
    let out = f.build();
    let release = crate::support::page(&out, "releases/1.34/index.html");
    let changes = &release[release.find("段階ごとの変更").expect("the changes section")..];
    assert!(
        changes.contains("keps/3962/"),
        "the graduated KEP is a change"
    );
    assert!(
        !changes.contains("keps/4817/"),
        "the deferred KEP is no change of the release"
    );
    // What the article says of it stays on its page and in the API, without a stage.
    let keps: Value = serde_json::from_slice(&out.files["api/keps.json"]).unwrap();
    let deferred = keps["keps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["number"] == 4817)
        .expect("KEP-4817 in the API");
    let mentions = deferred["mentions"].as_array().unwrap();
    assert_eq!(mentions.len(), 1);
    assert_eq!(mentions[0]["stage"], Value::Null);
}

#[test]
fn references_in_raw_html_reach_their_pages_with_the_stage_the_table_states() {
    // A blog post that writes its table and its note in raw HTML (trust_html is off).
    let f = Fixture::new();
    f.article(
        "raw",
        "title = \"1.33 の変更\"\nslug = \"raw\"\nrelease = \"1.33\"",
        concat!(
            "## まとめ\n\n",
            "<table>\n",
            "<tr><th>KEP</th><th>フィーチャーゲート</th><th>ステージ</th></tr>\n",
            "<tr><td><a href=\"https://kep.k8s.io/1287\">KEP-1287</a></td>",
            "<td><code>InPlacePodVerticalScaling</code></td><td>ベータ</td></tr>\n",
            "</table>\n\n",
            "<div class=\"note\" onclick=\"x()\">KEP-753 のサイドカーコンテナはGAになりました。</div>\n\n",
            "本文の段落です。\n",
        ),
    );
    let out = f.build();
    let article = crate::support::page(&out, "articles/raw/index.html");
    // The author's elements stay, the text gets its own anchors, the Markdown paragraph
    // keeps p-1, and nothing runs.
    // Six cells, then the note: h-7.
    assert!(
        article.contains("<div class=\"note\"><span id=\"h-7\">"),
        "{article}"
    );
    assert!(article.contains("<p id=\"p-1\">本文の段落です。</p>"));
    assert!(!article.contains("onclick"));
    let gates: Value = serde_json::from_slice(&out.files["api/feature-gates.json"]).unwrap();
    let gate = gates["feature_gates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "InPlacePodVerticalScaling")
        .expect("the gate in the raw table");
    assert_eq!(gate["mentions"][0]["stage"], "beta");
    assert_eq!(gate["mentions"][0]["url"], "articles/raw/#h-5");
    let keps: Value = serde_json::from_slice(&out.files["api/keps.json"]).unwrap();
    let stage_of = |n: u64| {
        keps["keps"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["number"] == n)
            .map(|k| k["mentions"][0]["stage"].clone())
    };
    assert_eq!(stage_of(1287), Some(Value::from("beta")));
    assert_eq!(stage_of(753), Some(Value::from("stable")));
    let kep = crate::support::page(&out, "keps/753/index.html");
    assert!(
        kep.contains("articles/raw/#h-7"),
        "the KEP page links into the note"
    );
}

#[test]
fn a_release_change_quotes_the_sentence_not_the_table_cell_that_names_it() {
    let f = Fixture::new();
    f.article(
        "cells",
        "title = \"1.33 の変更\"\nslug = \"cells\"\nrelease = \"1.33\"",
        concat!(
            "| フィーチャーゲート | ステージ |\n|---|---|\n| `WatchList` | GA |\n\n",
            "`WatchList` フィーチャーゲートは GA になりました。\n",
        ),
    );
    let out = f.build();
    let release = crate::support::page(&out, "releases/1.33/index.html");
    let changes = &release[release.find("段階ごとの変更").expect("the changes section")..];
    assert!(
        changes.contains("フィーチャーゲートは GA になりました。"),
        "the prose sentence is the change's quote: {changes}"
    );
}
