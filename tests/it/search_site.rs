//! Search over the real site: the repository's `content/` built by the `shiori` binary, its
//! `/search/` page opened in headless Chromium from `file://` and from an HTTP server under a
//! sub-path. Every ID form of issue 5 must land on its entity first, the Japanese, English and
//! mixed queries must find their article in the top 3, a bare number must never match a longer
//! one, and the search box must work from the keyboard.
//!
//! Needs `chromium` and `chromium-driver` (scripts/test installs them); fails, not skips,
//! without them.

use std::path::Path;

use crate::support::Fixture;
use crate::support::browser::Browser;
use crate::support::http::StaticServer;
use crate::support::search::{
    assert_no_failures, check_keyboard, check_vectors, results, start_search,
};
use serde_json::Value;

const A129: &str = "articles/k8s-1-29-sig-node/";
const A131: &str = "articles/k8s-1-31-whats-new/";
const A132: &str = "articles/k8s-1-32-sig-api-machinery/";

/// The list item of the site's first mention of pull request `n`: the JSON API gives the block
/// (a paragraph of a loose list item, or the item itself); the item is found in the page.
fn pr_item_url(public: &Path, n: u64) -> String {
    let api: Value =
        serde_json::from_slice(&std::fs::read(public.join("api/pull-requests.json")).unwrap())
            .unwrap();
    let pr = api["pull_requests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["number"] == n)
        .unwrap_or_else(|| panic!("#{n} in pull-requests.json"));
    let url = pr["mentions"][0]["url"].as_str().unwrap();
    let (page, anchor) = url.split_once('#').unwrap();
    if anchor.starts_with("li-") {
        return url.to_string();
    }
    let html = std::fs::read_to_string(public.join(page).join("index.html")).unwrap();
    let at = html.find(&format!(" id=\"{anchor}\"")).unwrap();
    let item_start = html[..at]
        .rfind("<li id=\"li-")
        .expect("the mention is in a list item");
    assert!(
        !html[item_start..at].contains("</li>"),
        "{url} is not inside the list item before it"
    );
    let id = html[item_start + 8..].split('"').next().unwrap();
    assert!(
        html[item_start..]
            .split("</li>")
            .next()
            .unwrap()
            .contains(&format!("pull/{n}")),
        "the item links the pull request"
    );
    format!("{page}#{id}")
}

/// Queries whose first result must be exactly this page (`None`: the PR's first mention).
const ID_CASES: &[(&str, Option<&str>)] = &[
    ("3157", Some("keps/3157/")),
    ("KEP-3157", Some("keps/3157/")),
    ("kep 3157", Some("keps/3157/")),
    ("ＫＥＰ－３１５７", Some("keps/3157/")),
    ("#3962", Some("keps/3962/")),
    ("#128266", None),
    ("128266", None),
    (
        "PodLevelResources",
        Some("feature-gates/PodLevelResources/"),
    ),
    ("podlevelres", Some("feature-gates/PodLevelResources/")),
    ("PODLEVELRES", Some("feature-gates/PodLevelResources/")),
    // A glossary term's names land on the KEP the term is about (glossary/terms.toml:
    // `sidecar-container`, aliases `sidecar` and `サイドカー`, keps = [753]).
    ("サイドカーコンテナ", Some("keps/753/")),
    ("サイドカー", Some("keps/753/")),
    ("sidecar", Some("keps/753/")),
    // `dynamic-resource-allocation` (alias `DRA`, keps = [3063, 4381]): the newer KEP first,
    // before the gates whose names start with the letters (`DRAAdminAccess`).
    ("DRA", Some("keps/4381/")),
    ("動的リソース割り当て", Some("keps/4381/")),
    // A misspelling the glossary lists (`deprecation`: typos = ["deperecate"]).
    ("deperecate", Some("glossary/deprecation/")),
    // A pasted pull-request URL lands on the PR's first mention; a KEP's issue on the KEP.
    ("https://github.com/kubernetes/kubernetes/pull/128266", None),
    (
        "https://github.com/kubernetes/enhancements/issues/3157",
        Some("keps/3157/"),
    ),
    ("sig-node", Some("sigs/node/")),
    ("SIG API Machinery", Some("sigs/api-machinery/")),
];

/// Queries and the article one of the top 3 text results (after the pages a name lands on:
/// KEP, gate, SIG and glossary pages) must belong to.
const TEXT_CASES: &[(&str, &str)] = &[
    ("サイドカー", A129),
    ("ガベージコレクター", A132),
    ("破損したリソース", A132),
    ("監査ログ", A132),
    ("sidecar", A129),
    ("watch cache", A132),
    ("DRA 削除", A132),
    ("クラスタ", A132),
];

fn article_of(url: &str) -> &str {
    url.split('#').next().unwrap_or(url)
}

fn marks(b: &Browser) -> Vec<String> {
    b.find_all("#search-results mark")
        .iter()
        .map(|m| b.text(m))
        .collect()
}

fn check_site(b: &Browser, root: &str, pr_url: &str) -> Vec<String> {
    let mut failures = Vec::new();
    for (q, want) in ID_CASES {
        let want = want.unwrap_or(pr_url);
        let got = results(b, root, q);
        if got.first().map(String::as_str) != Some(want) {
            failures.push(format!("{q:?}: first result should be {want}, got {got:?}"));
        }
    }
    for (q, want) in TEXT_CASES {
        let got = results(b, root, q);
        let text: Vec<&String> = got.iter().filter(|u| u.starts_with("articles/")).collect();
        if !text.iter().take(3).any(|u| article_of(u) == *want) {
            failures.push(format!(
                "{q:?}: a section of {want} should be in the top 3, got {got:?}"
            ));
        }
        if marks(b).is_empty() {
            failures.push(format!("{q:?}: no word is highlighted in the snippets"));
        }
    }
    // クラスタ finds the other spelling, and the snippet marks it as written.
    results(b, root, "クラスタ");
    let m = marks(b);
    if !m.iter().any(|m| m == "クラスター") {
        failures.push(format!(
            "\"クラスタ\" should highlight クラスター, marks: {m:?}"
        ));
    }
    // A bare number never prefix-matches a longer one: KEP-24 (AppArmor) and KEP-2400 (swap)
    // both have pages; `24` lands on KEP-24 and never on KEP-2400.
    let got = results(b, root, "24");
    if got.first().map(String::as_str) != Some("keps/24/") {
        failures.push(format!(
            "\"24\": first result should be keps/24/, got {got:?}"
        ));
    }
    if got.iter().any(|u| u == "keps/2400/") {
        failures.push(format!("\"24\" matched KEP-2400 by prefix: {got:?}"));
    }
    failures
}

/// `finalizer` finds ファイナライザー through the synonyms hook (`search::index_site`'s
/// `synonyms`). The pair comes from this fixture list until the glossary feeds the hook.
fn check_synonyms(b: &Browser, root: &str) -> Vec<String> {
    let mut failures = Vec::new();
    let got = results(b, root, "finalizer");
    if !got.iter().take(3).any(|u| article_of(u) == A131) {
        failures.push(format!(
            "\"finalizer\": a section of {A131} (ファイナライザー) should be in the top 3, got {got:?}"
        ));
    }
    let m = marks(b);
    if !m.iter().any(|m| m == "ファイナライザー") {
        failures.push(format!(
            "\"finalizer\" should highlight ファイナライザー, marks: {m:?}"
        ));
    }
    failures
}

#[test]
fn search_on_the_repository_site_from_file_urls() {
    let f = Fixture::built_repo_site();
    let public = f.public();
    let root = format!("file://{}/", public.display());
    let pr_url = pr_item_url(&public, 128266);
    assert!(
        pr_url.starts_with(&format!("{A132}#li-")),
        "#128266 is a list item of the 1.32 article: {pr_url}"
    );
    let b = Browser::start(1200, 900);
    let mut failures = check_vectors(&b, &format!("{root}{A132}index.html"));
    failures.extend(check_site(&b, &root, &pr_url));
    failures.extend(check_keyboard(
        &b,
        &format!("{root}{A129}index.html"),
        "podlevelres",
        "feature-gates/PodLevelResources/",
    ));

    // Glossary pairs widen the query: the English name finds the katakana one.
    failures.extend(check_synonyms(&b, &root));
    assert_no_failures(failures);
}

#[test]
fn search_on_the_repository_site_under_a_sub_path() {
    let f = Fixture::built_repo_site();
    let public = f.public();
    let pr_url = pr_item_url(&public, 128266);
    let server = StaticServer::start(&public, "/k8s/");
    let root = server.url();
    let b = Browser::start(390, 844);
    let mut failures = check_site(&b, &root, &pr_url);
    failures.extend(check_keyboard(
        &b,
        &format!("{root}keps/"),
        "3157",
        "keps/3157/",
    ));
    // The box on the 404 page, which links from the site's absolute path.
    b.open(&format!("{root}404.html"));
    start_search(&b);
    let search_root = b.execute("return window.shioriSearch.root;", vec![]);
    if search_root != Value::String(root.clone()) {
        failures.push(format!(
            "the 404 page finds the index under {search_root}, not {root}"
        ));
    }
    assert_no_failures(failures);
}

#[test]
fn every_url_in_the_search_index_leads_to_a_page_and_anchor() {
    use shiori::check::links::broken_links;
    let out = Fixture::with_repo_content().build();
    // All URLs of ID entries and documents, as links of one page at the site root.
    let mut html = String::from("<!DOCTYPE html><html><body>\n");
    let mut count = 0;
    for (path, bytes) in &out.files {
        if !(path.starts_with("search/i/") || path.starts_with("search/d/")) {
            continue;
        }
        let js = std::str::from_utf8(bytes).unwrap();
        let start = js.find(".push(").unwrap() + 6;
        let end = js.rfind(");").unwrap();
        let data: Value = serde_json::from_str(&js[start..end]).unwrap();
        let urls: Vec<String> = if path.starts_with("search/i/") {
            let rows = data[1]["i"].as_array().unwrap();
            rows.iter()
                .map(|r| r[2].as_str().unwrap().to_string())
                .collect()
        } else {
            // [page, fragment, …] rows over the file's [page url, title] table.
            let pages = data[1]["a"].as_array().unwrap();
            let rows = data[1]["d"].as_array().unwrap();
            rows.iter()
                .map(|r| {
                    let page = pages[r[0].as_u64().unwrap() as usize][0].as_str().unwrap();
                    match r[1].as_str().unwrap() {
                        "" => page.to_string(),
                        fragment => format!("{page}#{fragment}"),
                    }
                })
                .collect()
        };
        for url in urls {
            html.push_str(&format!("<a href=\"{url}\">x</a>\n"));
            count += 1;
        }
    }
    html.push_str("</body></html>\n");
    assert!(count > 100, "only {count} URLs in the index");
    let mut files = out.files.clone();
    files.insert("search-urls.html".into(), html.into_bytes().into());
    let broken: Vec<String> = broken_links(&files)
        .into_iter()
        .filter(|l| l.page == "search-urls.html")
        .map(|l| format!("{}: {}", l.href, l.problem))
        .collect();
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}
