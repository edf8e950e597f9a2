//! Robustness over real Japanese documentation: the 50 pages of kubernetes.io's ja docs in
//! `tests/data/ja-docs` (CC BY 4.0, © The Kubernetes Authors; see its `SOURCES.md`), with Hugo
//! shortcodes, tabs, tables and code. They all build, with no content error, and every KEP and
//! feature-gate mention the build finds is one a reader finds too:
//!
//! * on the feature-gate index page, every name in the first column of its gate tables (read
//!   from the Markdown here, not from the build);
//! * on every other page, exactly the mentions judged right in `tests/data/ja-docs-mentions.toml`,
//!   where each was judged by reading its sentence (and none judged wrong).
use std::collections::BTreeSet;
use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

use crate::support::{Fixture, copy_tree};

#[derive(Deserialize)]
struct Judged {
    mention: Vec<Judgement>,
}

#[derive(Deserialize)]
#[allow(dead_code)]
struct Judgement {
    kind: String,
    name: String,
    page: String,
    right: bool,
    why: String,
}

fn data() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data"))
}

#[test]
fn ja_docs_build_and_every_mention_is_one() {
    let f = Fixture::new();
    copy_tree(&data().join("ja-docs"), &f.root().join("content"));
    let out = f.build();
    // Every page is an article but the one Hugo renders no page for (`_build: render: false`:
    // the InPlacePodVerticalScaling gate page, which the gate index includes).
    assert_eq!(out.articles, 49, "every rendered page is an article");
    assert!(
        !out.files
            .keys()
            .any(|k| k.contains("in-place-pod-vertical-scaling"))
    );

    let json = |p: &str| -> Value { serde_json::from_slice(&out.files[p]).unwrap() };
    let mut found: BTreeSet<(String, String, String)> = BTreeSet::new();
    for g in json("api/feature-gates.json")["feature_gates"]
        .as_array()
        .unwrap()
    {
        for m in g["mentions"].as_array().unwrap() {
            let page = m["article"].as_str().unwrap().to_string();
            found.insert(("gate".into(), g["name"].as_str().unwrap().into(), page));
        }
    }
    for k in json("api/keps.json")["keps"].as_array().unwrap() {
        for m in k["mentions"].as_array().unwrap() {
            let page = m["article"].as_str().unwrap().to_string();
            found.insert(("kep".into(), k["number"].to_string(), page));
        }
    }

    // The index page: the first column of its gate tables.
    let index = std::fs::read_to_string(
        data().join("ja-docs/reference/command-line-tools-reference/feature-gates/index.md"),
    )
    .unwrap();
    let table_names: BTreeSet<String> = index
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once('`').map(|(name, _)| name.to_string()))
        .collect();
    assert!(table_names.len() > 100, "{}", table_names.len());
    let on_index: BTreeSet<String> = found
        .iter()
        .filter(|(kind, _, page)| kind == "gate" && page == "feature-gates")
        .map(|(_, name, _)| name.clone())
        .collect();
    let missing: Vec<&String> = table_names.difference(&on_index).collect();
    assert!(
        missing.is_empty(),
        "gates of the index tables not found: {missing:?}"
    );

    // Every other page: exactly what a reader judged right.
    let judged: Judged =
        toml::from_str(&std::fs::read_to_string(data().join("ja-docs-mentions.toml")).unwrap())
            .unwrap();
    let right: BTreeSet<(String, String, String)> = judged
        .mention
        .iter()
        .filter(|j| j.right)
        .map(|j| (j.kind.clone(), j.name.clone(), j.page.clone()))
        .collect();
    let elsewhere: BTreeSet<(String, String, String)> = found
        .into_iter()
        .filter(|(_, _, page)| page != "feature-gates")
        .collect();
    let not_judged: Vec<_> = elsewhere.difference(&right).collect();
    let lost: Vec<_> = right.difference(&elsewhere).collect();
    assert!(
        not_judged.is_empty() && lost.is_empty(),
        "found but not a mention (or never judged): {not_judged:?}\njudged right but not found: {lost:?}"
    );
    for wrong in judged.mention.iter().filter(|j| !j.right) {
        assert!(
            !elsewhere.contains(&(wrong.kind.clone(), wrong.name.clone(), wrong.page.clone())),
            "{} `{}` on `{}` is not a mention: {}",
            wrong.kind,
            wrong.name,
            wrong.page,
            wrong.why
        );
    }
}

/// The text of an article page's body, tags and term tooltips left out.
fn body_text(html: &str) -> String {
    let start = html.find("<article").expect("an article");
    let mut out = String::new();
    let mut depth_tip = 0usize;
    let mut rest = &html[start..];
    while let Some(lt) = rest.find('<') {
        if depth_tip == 0 {
            out.push_str(&rest[..lt]);
        }
        let gt = rest[lt..].find('>').expect("a closed tag") + lt;
        let tag = &rest[lt..=gt];
        let opens_tip = tag.starts_with("<span class=\"term-tip\"");
        if opens_tip || (depth_tip > 0 && tag.starts_with("<span")) {
            depth_tip += 1;
        } else if depth_tip > 0 && tag == "</span>" {
            depth_tip -= 1;
        }
        rest = &rest[gt + 1..];
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn kubernetes_io_pages_open_with_their_glossary_definition_and_list_their_prerequisites() {
    let f = Fixture::new();
    copy_tree(&data().join("ja-docs"), &f.root().join("content"));
    let out = f.build();
    // configmap.md opens with `{{< glossary_definition term_id="configmap" prepend="ConfigMapは、" >}}`:
    // the prepended words, then the definition the official glossary gives the term.
    let official: toml::Value = toml::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/glossary/builtin/official.toml"
        ))
        .unwrap(),
    )
    .unwrap();
    let def = official["term"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"].as_str() == Some("configmap"))
        .and_then(|t| t["def_ja"].as_str())
        .unwrap();
    let configmap = body_text(&crate::support::page(&out, "articles/configmap/index.html"));
    assert!(
        configmap.contains(&format!("ConfigMapは、{def}")),
        "{}",
        &configmap[..configmap.len().min(600)]
    );
    // run-replicated-stateful-application.md's prerequisites are the items
    // `* {{< include "task-tutorial-prereqs.md" >}} {{< version-check >}}` and
    // `* {{< include "default-storage-class-prereqs.md" >}}`: items that say what is needed and
    // how to check the version, not empty bullets.
    let html = crate::support::page(
        &out,
        "articles/run-replicated-stateful-application/index.html",
    );
    let li = regex::Regex::new(r"(?s)<li(?:\s[^>]*)?>(.*?)</li>").unwrap();
    let items: Vec<String> = li
        .captures_iter(&html)
        .map(|c| body_text(&format!("<article>{}", &c[1])))
        .collect();
    assert!(
        items
            .iter()
            .any(|i| i.contains("クラスター") && i.contains("kubectl version")),
        "{items:?}"
    );
    assert!(
        items.iter().any(|i| i.contains("StorageClass")),
        "{items:?}"
    );
    let empty =
        regex::Regex::new(r"<li(?:\s[^>]*)?>\s*(?:<p(?:\s[^>]*)?>\s*</p>\s*)?</li>").unwrap();
    assert!(!empty.is_match(&html), "no empty list item");
}
