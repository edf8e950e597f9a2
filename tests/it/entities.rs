//! KEPs, feature gates, pull requests and SIGs on the built site: the repository's articles and
//! small fixture sites built in memory and with the real binary; pages, in-place links, the
//! JSON API, the filter tables, `shiori check` and `shiori registry import`.

use std::collections::BTreeSet;
use std::path::Path;

use crate::support::{Fixture, json, page};
use serde_json::Value;
use shiori::check::links::broken_links;
use shiori::pipeline::Output;

const A131: &str = "articles/k8s-1-31-whats-new/index.html";
const A132: &str = "articles/k8s-1-32-sig-api-machinery/index.html";

fn repo_site() -> Output {
    Fixture::with_repo_content().build()
}

/// The `<main>` element of a page: what a person reviews in a snapshot (header, footer and
/// version string left out).
fn main_of(html: &str) -> &str {
    let start = html.find("<main").expect("a <main> element");
    let end = html.find("</main>").expect("</main>") + "</main>".len();
    &html[start..end]
}

/// Every `href` value of a page.
fn hrefs(html: &str) -> Vec<&str> {
    html.split("href=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap())
        .collect()
}

/// Whether `file` in the output has an element with id `id`.
fn has_id(out: &Output, file: &str, id: &str) -> bool {
    page(out, file).contains(&format!(" id=\"{id}\""))
}

#[test]
fn kep_3962_page_lists_both_articles_with_anchors_that_exist() {
    let out = repo_site();
    let html = page(&out, "keps/3962/index.html");
    assert!(
        html.contains("<h1>Mutating Admission Policies</h1>"),
        "registry title"
    );
    assert!(html.contains("href=\"https://github.com/kubernetes/enhancements/issues/3962\""));
    assert!(
        html.contains("href=\"../../sigs/api-machinery/\""),
        "owning SIG"
    );
    assert!(
        html.contains("href=\"../../feature-gates/MutatingAdmissionPolicy/\""),
        "related gate"
    );
    let article_links: Vec<&str> = hrefs(&html)
        .into_iter()
        .filter(|h| h.starts_with("../../articles/") && h.contains('#'))
        .collect();
    let mut articles = BTreeSet::new();
    for href in &article_links {
        let (path, id) = href.trim_start_matches("../../").split_once('#').unwrap();
        let file = format!("{path}index.html");
        assert!(has_id(&out, &file, id), "{href}: no id `{id}` in {file}");
        articles.insert(path);
    }
    assert_eq!(
        articles.into_iter().collect::<Vec<_>>(),
        [
            "articles/k8s-1-31-whats-new/",
            "articles/k8s-1-32-sig-api-machinery/"
        ]
    );
    // The 1.31 preview says alpha in 1.31; the registry has alpha from 1.32: shown, not hidden.
    assert!(html.contains("class=\"disagreements\""), "disagreement box");
    assert!(
        html.contains("1.32 から"),
        "the registry's release for the stated stage"
    );
    let (p131, p132) = (
        html.find("Kubernetes 1.31</a>").unwrap(),
        html.find("Kubernetes 1.32</a>").unwrap(),
    );
    assert!(p131 < p132, "releases oldest first");
}

#[test]
fn in_place_pod_vertical_scaling_timeline_spans_releases() {
    let out = repo_site();
    let html = page(&out, "feature-gates/InPlacePodVerticalScaling/index.html");
    let table = &html[html.find("timeline-table").unwrap()..];
    let table = &table[..table.find("</table>").unwrap()];
    let releases: Vec<&str> = table
        .split("<th scope=\"row\">")
        .skip(1)
        .map(|s| {
            let s = s.split("</th>").next().unwrap();
            // `<a href="../../releases/1.32/">1.32</a>` or a bare `1.27`.
            s.rsplit('>')
                .nth(1)
                .map_or(s, |x| x.trim_end_matches("</a"))
        })
        .collect();
    assert!(releases.len() > 1, "{releases:?}");
    assert!(releases.contains(&"1.27"), "registry alpha: {releases:?}");
    assert!(releases.contains(&"1.32"), "the 1.32 article: {releases:?}");
    // The related KEP has a page of its own, from the built-in registry.
    assert!(html.contains("href=\"../../keps/1287/\""), "{html}");
    // WatchList is told by the 1.32 article and recorded from 1.27 by the registry.
    let watch = page(&out, "feature-gates/WatchList/index.html");
    assert!(
        watch.contains("href=\"../../keps/3157/\""),
        "related KEP page"
    );
    assert!(watch.contains("有効（on）"), "current default");
}

#[test]
fn pull_requests_link_to_github_in_place_and_a_commit_hash_does_not() {
    let out = repo_site();
    let a132 = page(&out, A132);
    assert!(a132.contains(
        "(<a class=\"ref ref-pr\" href=\"https://github.com/kubernetes/kubernetes/pull/128266\">#128266</a>)"
    ));
    assert!(a132.contains("(#1275b13)"), "left as written");
    assert!(!a132.contains(">#1275b13</a>"));
    let a129 = page(&out, "articles/k8s-1-29-sig-node/index.html");
    assert!(
        a129.contains(
            "<a class=\"ref ref-handle\" href=\"https://github.com/AxeZhan\">@AxeZhan</a>"
        ),
        "handles link to profiles"
    );
    assert!(a129.contains("class=\"ref ref-sig\" href=\"../../sigs/node/\""));
    assert!(a132.contains(
        "<a class=\"ref ref-kep\" href=\"../../keps/4603/\" title=\"KEP-4603: Tune Crashloop Backoff\">KEP-4603</a>"
    ));
    assert!(a132.contains("<a class=\"ref ref-gate\" href=\"../../feature-gates/WatchList/\""));
}

#[test]
fn article_pages_show_chips_for_their_keps_and_gates() {
    let out = repo_site();
    let a131 = page(&out, A131);
    assert!(a131.contains(
        "<a class=\"chip kep stage-alpha\" href=\"../../keps/3962/\" title=\"KEP-3962: Mutating Admission Policies\">KEP-3962</a>"
    ));
    let a132 = page(&out, A132);
    assert!(
        a132.contains("この記事のフィーチャーゲート 39件"),
        "gates fold away"
    );
    assert!(
        a132.contains("<a class=\"chip gate stage-beta\" href=\"../../feature-gates/WatchList/\"")
    );
}

#[test]
fn keps_json_has_31_keps_and_32_mentions_with_existing_anchors() {
    let out = repo_site();
    let keps = json(&out, "api/keps.json");
    assert_eq!(keps["version"], 1);
    let list = keps["keps"].as_array().unwrap();
    let mentions: Vec<&Value> = list
        .iter()
        .flat_map(|k| k["mentions"].as_array().unwrap())
        .collect();
    assert_eq!((list.len(), mentions.len()), (31, 32));
    let numbers: Vec<u64> = list.iter().map(|k| k["number"].as_u64().unwrap()).collect();
    let mut sorted = numbers.clone();
    sorted.sort();
    assert_eq!(numbers, sorted, "sorted by number");
    let k3962 = list.iter().find(|k| k["number"] == 3962).unwrap();
    assert_eq!(k3962["url"], "keps/3962/");
    assert_eq!(k3962["title"], "Mutating Admission Policies");
    assert_eq!(k3962["sig"], "api-machinery");
    let rel: Vec<(&str, &str, &Value)> = k3962["mentions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["article"].as_str().unwrap(),
                m["release"].as_str().unwrap(),
                &m["stage"],
            )
        })
        .collect();
    assert_eq!(
        rel,
        [
            ("k8s-1-31-whats-new", "1.31", &Value::from("alpha")),
            ("k8s-1-32-sig-api-machinery", "1.32", &Value::from("alpha")),
        ]
    );
    // Every mention URL of every API file points at an element that exists.
    let gates = json(&out, "api/feature-gates.json");
    let prs = json(&out, "api/pull-requests.json");
    let all = mentions
        .into_iter()
        .chain(
            gates["feature_gates"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|g| g["mentions"].as_array().unwrap()),
        )
        .chain(
            prs["pull_requests"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|p| p["mentions"].as_array().unwrap()),
        );
    let mut n = 0;
    for m in all {
        let url = m["url"].as_str().unwrap();
        let (path, id) = url.split_once('#').unwrap();
        assert!(has_id(&out, &format!("{path}index.html"), id), "{url}");
        n += 1;
    }
    assert!(n > 200, "{n} mentions checked");
}

#[test]
fn feature_gate_and_pull_request_apis_follow_the_contract() {
    let out = repo_site();
    let gates = json(&out, "api/feature-gates.json");
    assert_eq!(gates["version"], 1);
    let list = gates["feature_gates"].as_array().unwrap();
    let names: Vec<&str> = list.iter().map(|g| g["name"].as_str().unwrap()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    let watch = list.iter().find(|g| g["name"] == "WatchList").unwrap();
    assert_eq!(watch["url"], "feature-gates/WatchList/");
    let first = &watch["mentions"][0];
    let keys: BTreeSet<&str> = first
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, BTreeSet::from(["article", "release", "stage", "url"]));
    assert_eq!(first["stage"], "beta");

    let prs = json(&out, "api/pull-requests.json");
    assert_eq!(prs["version"], 1);
    let list = prs["pull_requests"].as_array().unwrap();
    let pr = list.iter().find(|p| p["number"] == 128266).unwrap();
    assert_eq!(pr["repo"], "kubernetes/kubernetes");
    assert_eq!(
        pr["url"],
        "https://github.com/kubernetes/kubernetes/pull/128266"
    );
    assert_eq!(pr["mentions"][0]["article"], "k8s-1-32-sig-api-machinery");
    assert_eq!(pr["mentions"][0]["release"], "1.32");
    // The list item holds a note, so its text is a paragraph: the anchor is that paragraph's.
    assert_eq!(
        pr["mentions"][0]["url"],
        "articles/k8s-1-32-sig-api-machinery/#p-5"
    );
    assert!(
        list.iter().all(|p| p["number"] != 1275),
        "no PR from #1275b13"
    );
    // `- FeatureGate StatefulSetAutoDeletePVC がBeta版からGAに昇格しました。 (#128247)`: the pull
    // request brought the stage its sentence states of the gate.
    let stage_of = |number: u32| {
        let pr = list.iter().find(|p| p["number"] == number).unwrap();
        pr["mentions"][0]["stage"].clone()
    };
    assert_eq!(stage_of(128247), "stable");
    // `- GAしているFeatureGate HPAContainerMetrics が削除されました。 (#126862)`
    assert_eq!(stage_of(126862), "removed");
}

#[test]
fn index_pages_carry_the_filter_markup() {
    let out = repo_site();
    let keps = page(&out, "keps/index.html");
    assert!(keps.contains("<form class=\"filters\" data-filter=\"keps-table\" hidden"));
    assert!(keps.contains("<table class=\"data filterable\" id=\"keps-table\">"));
    for input in [
        "name=\"release\" value=\"1.29\"",
        "name=\"release\" value=\"1.31\"",
        "name=\"release\" value=\"1.32\"",
        "name=\"stage\" value=\"alpha\"",
        "name=\"stage\" value=\"removed\"",
        "name=\"stage\" value=\"none\"",
        "name=\"sig\" value=\"api-machinery\"",
        "name=\"sig\" value=\"node\"",
    ] {
        assert!(keps.contains(input), "{input}");
    }
    assert!(keps.contains("<tr data-rs=\"1.31:alpha 1.32:alpha\" data-sig=\"api-machinery\">"));
    assert!(keps.contains("src=\"../static/filters.js\""));
    assert_eq!(keps.matches("<tr data-rs=").count(), 31);
    let gates = page(&out, "feature-gates/index.html");
    assert!(gates.contains("data-filter=\"gates-table\""));
    assert!(
        gates.contains("<tr data-rs=\"1.32:beta\" data-sig=\"api-machinery\">"),
        "WatchList"
    );
    let sigs = page(&out, "sigs/index.html");
    assert!(sigs.contains("data-filter=\"sigs-table\""));
    assert!(
        !sigs.contains("name=\"sig\""),
        "no SIG facet on the SIG table"
    );
    assert!(out.files.contains_key("static/filters.js"));
    let base = page(&out, "index.html");
    for nav in [
        "href=\"keps/\">KEP</a>",
        "href=\"feature-gates/\">フィーチャーゲート</a>",
        "href=\"sigs/\">SIG</a>",
    ] {
        assert!(base.contains(nav), "{nav}");
    }
}

#[test]
fn release_pages_group_changes_by_stage_with_links_to_the_item() {
    let out = repo_site();
    let html = page(&out, "releases/1.32/index.html");
    let order: Vec<usize> = [
        "id=\"stage-alpha\"",
        "id=\"stage-beta\"",
        "id=\"stage-stable\"",
        "id=\"stage-removed\"",
        "id=\"stage-none\"",
    ]
    .iter()
    .map(|id| html.find(id).unwrap_or_else(|| panic!("{id}")))
    .collect();
    assert!(
        order.windows(2).all(|w| w[0] < w[1]),
        "alpha … removed, unstated last"
    );
    let beta = &html[order[1]..order[2]];
    assert!(
        beta.contains("href=\"../../keps/3157/\""),
        "KEP-3157 went beta"
    );
    let item = beta
        .split("href=\"../../articles/k8s-1-32-sig-api-machinery/#")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    assert!(has_id(&out, A132, item), "#{item}");
}

#[test]
fn sig_pages_list_articles_keps_and_gates() {
    let out = repo_site();
    let html = page(&out, "sigs/node/index.html");
    assert!(html.contains("<h1>SIG Node</h1>"));
    assert!(html.contains("href=\"../../articles/k8s-1-29-sig-node/\""));
    assert!(html.contains("href=\"../../keps/753/\""));
    assert!(html.contains("href=\"../../feature-gates/SidecarContainers/\""));
}

#[test]
fn the_repository_site_has_no_broken_internal_links() {
    let out = repo_site();
    let broken = broken_links(&out.files);
    assert!(broken.is_empty(), "{broken:#?}");
    // And the checker does look: every article links to its KEPs.
    let pages = out.files.keys().filter(|p| p.ends_with(".html")).count();
    assert!(pages > 100, "{pages} pages");
}

#[test]
fn kep_page_snapshot() {
    let out = repo_site();
    insta::assert_snapshot!(
        "kep_3962_main",
        main_of(&page(&out, "keps/3962/index.html"))
    );
}

#[test]
fn gate_page_snapshot() {
    let out = repo_site();
    insta::assert_snapshot!(
        "gate_watchlist_main",
        main_of(&page(&out, "feature-gates/WatchList/index.html"))
    );
}

const FRONT: &str = "title = \"1.32 の変更\"\nslug = \"k8s-1-32\"\nrelease = \"1.32\"";

#[test]
fn a_site_without_registry_files_still_gets_pages_from_the_text() {
    let f = Fixture::with_article(
        "a",
        FRONT,
        "- KEP-1234: shiny things を追加しました。FooBar FeatureGate はアルファです。 (#120000)\n",
    );
    let out = f.build();
    let kep = page(&out, "keps/1234/index.html");
    // `KEP-1234: shiny things` gives the title (the ASCII text after the colon).
    assert!(
        kep.contains("<h1>shiny things</h1>"),
        "title from the article"
    );
    assert!(kep.contains("glossary/keps.toml</code> にありません"));
    let gate = page(&out, "feature-gates/FooBar/index.html");
    assert!(gate.contains("<code>FooBar</code>"));
    let unknown: Vec<String> = out.findings.iter().map(|d| d.message.clone()).collect();
    assert_eq!(
        unknown,
        [
            "`KEP-1234` is not in glossary/keps.toml",
            "feature gate `FooBar` is not in glossary/feature-gates.toml"
        ]
    );
    assert!(out.warnings.is_empty(), "findings are not build warnings");
    assert!(broken_links(&out.files).is_empty());
}

#[test]
fn registry_problems_are_build_errors_with_file_and_line() {
    let f = Fixture::with_article("a", FRONT, "本文\n");
    f.write(
        "glossary/keps.toml",
        "[[kep]]\nnumber = 1\ntitle = \"a\"\n\n[[kep]]\nnumber = 1\ntitle = \"b\"\n",
    );
    let errors = f.try_build().unwrap_err().to_string();
    assert!(
        errors.contains("glossary/keps.toml:5: error: `KEP-1` is listed twice"),
        "{errors}"
    );
}

#[test]
fn check_exit_codes_from_the_real_binary() {
    // The repository: stage disagreements are findings (warnings): 0, and 1 with --strict.
    let repo = Fixture::with_repo_content();
    let ok = repo.run(&["check"]);
    let stderr = String::from_utf8_lossy(&ok.stderr);
    assert_eq!(ok.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("the article says `KEP-3962` is `alpha` in 1.31"),
        "{stderr}"
    );
    assert!(
        stderr.contains("0 broken links, 6 reference findings"),
        "{stderr}"
    );
    assert!(!repo.public().exists(), "check writes nothing");
    assert_eq!(repo.run(&["check", "--strict"]).status.code(), Some(1));

    // A clean site passes even --strict.
    let clean = Fixture::with_article("a", FRONT, "本文です。\n");
    let r = clean.run(&["check", "--strict"]);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );

    // A broken link in an article is a finding.
    let broken = Fixture::with_article("a", FRONT, "[前回](../k8s-1-31/) を参照。\n");
    let r = broken.run(&["check"]);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("articles/k8s-1-32/index.html: warning: broken link `../k8s-1-31/`: there is no `articles/k8s-1-31/index.html` in the output"),
        "{stderr}"
    );
    assert_eq!(broken.run(&["check", "--strict"]).status.code(), Some(1));

    // Content errors fail with or without --strict.
    let bad = Fixture::with_article("a", "slug = \"a\"", "本文\n");
    assert_eq!(bad.run(&["check"]).status.code(), Some(1));
}

#[test]
fn registry_import_writes_both_files_from_the_binary() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/registry-import");
    let f = Fixture::new();
    let r = f.run(&[
        "registry",
        "import",
        "--enhancements",
        fixtures.join("enhancements").to_str().unwrap(),
        "--website",
        fixtures.join("website").to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("imported 4 KEPs"), "{stderr}");
    assert!(stderr.contains("6 feature gates"), "{stderr}");
    assert!(
        stderr.contains("4603-tune-crashloopbackoff/kep.yaml"),
        "skipped file named: {stderr}"
    );
    let keps = std::fs::read_to_string(f.root().join("glossary/keps.toml")).unwrap();
    assert!(keps.contains("number = 3962"));
    let gates = std::fs::read_to_string(f.root().join("glossary/feature-gates.toml")).unwrap();
    assert!(gates.contains("name = \"WatchList\""));
    // The imported registry builds.
    f.article("a", FRONT, "KEP-3962 です。\n");
    assert!(page(&f.build(), "keps/3962/index.html").contains("Mutating Admission Policies"));
    // A folder that is not a checkout: usage error, nothing written.
    let g = Fixture::new();
    let r = g.run(&[
        "registry",
        "import",
        "--enhancements",
        "/no/such",
        "--website",
        "/no/such",
    ]);
    assert_eq!(r.status.code(), Some(2));
    assert!(!g.root().join("glossary").exists());
}

#[test]
fn a_kep_page_quotes_what_the_section_says_changed_not_its_credit_line() {
    // kubernetes.io's release posts close each feature with who did the work under which KEP;
    // the KEP's page quotes the section's statement of the change instead.
    let f = Fixture::with_article(
        "r",
        "title = \"Kubernetes v1.36\"\nslug = \"r\"\nrelease = \"1.36\"",
        "## GAに昇格した機能\n\n### ユーザー名前空間\n\nユーザー名前空間のサポートがGAに昇格しました。\n\nこの取り組みは、SIG Nodeが主導した[KEP #127](https://github.com/kubernetes/enhancements/issues/127)の一環として行われました。\n",
    );
    let out = f.build();
    let html = page(&out, "keps/127/index.html");
    assert!(
        html.contains("<p>ユーザー名前空間のサポートがGAに昇格しました。</p>"),
        "{html}"
    );
    assert!(!html.contains("一環として行われました"), "{html}");
}
