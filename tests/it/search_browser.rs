//! Search in headless Chromium: a small hand-written site (a few sections, KEP and feature-gate
//! pages, ID entries, synonyms) is indexed with `search::index::build`, written to a temp dir
//! with `static/search.js`, and queried from `file://` and from an HTTP server under a
//! sub-path. Needs `chromium` and `chromium-driver` (Debian); fails, not skips, without them.

use std::path::Path;

use crate::support::browser::Browser;
use crate::support::http::StaticServer;
use crate::support::search::{assert_no_failures, check_keyboard, check_vectors, results};
use shiori::search::index::{DocKind, IdEntry, SearchDoc, build};

fn section(url: &str, title: &str, section: &str, text: &str) -> SearchDoc<'static> {
    SearchDoc {
        url: url.into(),
        title: title.into(),
        section: section.into(),
        kind: DocKind::Section,
        text: text.into(),
        boost_words: vec![],
    }
}

fn entity(url: &str, kind: DocKind, title: &str, text: &str) -> SearchDoc<'static> {
    SearchDoc {
        url: url.into(),
        title: title.into(),
        section: String::new(),
        kind,
        text: text.into(),
        boost_words: vec![],
    }
}

fn id(key: &str, url: &str, title: &str) -> IdEntry {
    IdEntry {
        key: key.into(),
        url: url.into(),
        title: title.into(),
        detail: String::new(),
    }
}

const API: &str = "Kubernetes 1.32: SIG-API Machineryの変更内容";
const NODE: &str = "Kubernetes 1.29: SIG-Nodeの変更内容";
const NEWS: &str = "Kubernetes 1.31 の新機能";

fn fixture_docs() -> Vec<SearchDoc<'static>> {
    vec![
        section(
            "articles/k8s-1-32-sig-api-machinery/#api-changes",
            API,
            "API Changes (API周りの変更)",
            "新しい /resize サブリソースが追加され、Podリソースのサイズ変更をリクエストできるようになりました。 (#128266) \
             破損したリソースの安全でない削除を許可する新機能が追加されました。オプション --feature-gates=AllowUnsafeMalformedObjectDeletion=true を設定することで有効にできます。",
        ),
        section(
            "articles/k8s-1-32-sig-api-machinery/#feature",
            API,
            "Feature",
            "監査ログにリクエストの送信元が記録されるようになりました。kube-apiserver の watch cache から一貫性のある読み取りを提供します。",
        ),
        section(
            "articles/k8s-1-32-sig-api-machinery/#dra",
            API,
            "DRA",
            "DRA: ResourceClaim の削除時にファイナライザーが正しく外されるようになりました。詳しくはドキュメントを参照してください。",
        ),
        section(
            "articles/k8s-1-29-sig-node/#sidecar",
            NODE,
            "サイドカーコンテナ",
            "サイドカーコンテナ (sidecar containers) がベータになり、デフォルトで有効になりました。Pod の終了時にはサイドカーが最後に停止します。",
        ),
        section(
            "articles/k8s-1-29-sig-node/#gc",
            NODE,
            "イメージのガベージコレクション",
            "ガベージコレクターが未使用のイメージを最大期間で削除できるようになりました。クラスター全体のディスク使用量が減ります。",
        ),
        section(
            "articles/k8s-1-29-sig-node/#resize",
            NODE,
            "Pod のリサイズ",
            "In-place な Pod のリサイズがアルファになりました。",
        ),
        // The second part of the long #gc section: the same section, found once.
        section(
            "articles/k8s-1-29-sig-node/#p-7",
            NODE,
            "イメージのガベージコレクション",
            "削除を始めるディスク使用率は kubelet の設定で変えられます。",
        ),
        section(
            "articles/k8s-1-31-whats-new/#other",
            NEWS,
            "その他の変更",
            "PR 31570 で kubelet の起動が速くなりました。監視と通知の改善。",
        ),
        entity(
            "keps/3157/",
            DocKind::Kep,
            "KEP-3157: Allow informers for getting a stream of data instead of chunking",
            "WatchList: watch cache からのストリーミング。",
        ),
        entity(
            "keps/3962/",
            DocKind::Kep,
            "KEP-3962: Mutating Admission Policies",
            "MutatingAdmissionPolicy の実装。",
        ),
        entity(
            "feature-gates/PodLevelResources/",
            DocKind::FeatureGate,
            "PodLevelResources",
            "Pod レベルでリソースを指定する機能。",
        ),
        entity(
            "feature-gates/PodLifecycleSleepAction/",
            DocKind::FeatureGate,
            "PodLifecycleSleepAction",
            "preStop フックで sleep を使う。",
        ),
    ]
}

fn fixture_ids() -> Vec<IdEntry> {
    vec![
        id("kep:3157", "keps/3157/", "KEP-3157: WatchList"),
        id(
            "kep:3962",
            "keps/3962/",
            "KEP-3962: Mutating Admission Policies",
        ),
        id(
            "pr:128266",
            "articles/k8s-1-32-sig-api-machinery/#li-3",
            "#128266 /resize サブリソース",
        ),
        id("pr:31570", "articles/k8s-1-31-whats-new/#li-9", "#31570"),
        id(
            "gate:PodLevelResources",
            "feature-gates/PodLevelResources/",
            "PodLevelResources",
        ),
        id(
            "gate:PodLifecycleSleepAction",
            "feature-gates/PodLifecycleSleepAction/",
            "PodLifecycleSleepAction",
        ),
        id(
            "gate:SidecarContainers",
            "feature-gates/SidecarContainers/",
            "SidecarContainers",
        ),
        id(
            "gate:InPlacePodVerticalScaling",
            "feature-gates/InPlacePodVerticalScaling/",
            "InPlacePodVerticalScaling",
        ),
        id("release:1.32", "releases/1.32/", "Kubernetes 1.32"),
        id("release:1.3", "releases/1.3/", "Kubernetes 1.3"),
        id("glossary:認証", "glossary/authentication/", "認証"),
    ]
}

fn fixture_synonyms() -> Vec<(String, Vec<String>)> {
    vec![
        ("finalizer".into(), vec!["ファイナライザー".into()]),
        (
            "garbage collector".into(),
            vec!["ガベージコレクター".into()],
        ),
    ]
}

fn page(root: &str, title: &str, main: &str) -> String {
    format!(
        r#"<!doctype html>
<html lang="ja" data-root="{root}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>{title}</title>
<link rel="stylesheet" href="{root}static/search.css">
<script src="{root}static/search.js" defer></script>
</head>
<body>
<header>
<form class="search" role="search" action="{root}search/">
<input id="search-input" name="q" type="search" placeholder="検索 ( / )" aria-label="サイト内検索">
</form>
</header>
<main><h1>{title}</h1>{main}</main>
</body>
</html>
"#
    )
}

/// Writes the fixture site: index files, the search page, the static files and a stub page
/// for every URL a result can point at.
fn write_site(dir: &Path) {
    let files = build(&fixture_docs(), &fixture_ids(), &fixture_synonyms());
    for (path, bytes) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir_all(dir.join("static")).unwrap();
    for f in ["search.js", "search.css"] {
        std::fs::copy(repo.join("static").join(f), dir.join("static").join(f)).unwrap();
    }
    let mut pages: Vec<String> = fixture_docs()
        .iter()
        .map(|d| d.url.split('#').next().unwrap().to_string())
        .collect();
    pages.sort();
    pages.dedup();
    for url in pages {
        let depth = url.matches('/').count();
        let root = "../".repeat(depth);
        let p = dir.join(&url).join("index.html");
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, page(&root, &url, "<p>stub</p>")).unwrap();
    }
    std::fs::write(dir.join("index.html"), page("", "shiori", "<p>home</p>")).unwrap();
    std::fs::create_dir_all(dir.join("search")).unwrap();
    std::fs::write(
        dir.join("search/index.html"),
        page("../", "検索", r#"<ol id="search-results"></ol>"#),
    )
    .unwrap();
}

/// Every ID form of the issue lands on its entity first.
const ID_CASES: &[(&str, &str)] = &[
    ("3157", "keps/3157/"),
    ("KEP-3157", "keps/3157/"),
    ("kep 3157", "keps/3157/"),
    ("ＫＥＰ－３１５７", "keps/3157/"),
    ("#3962", "keps/3962/"),
    ("#128266", "articles/k8s-1-32-sig-api-machinery/#li-3"),
    ("128266", "articles/k8s-1-32-sig-api-machinery/#li-3"),
    ("PodLevelResources", "feature-gates/PodLevelResources/"),
    ("podlevelres", "feature-gates/PodLevelResources/"),
    ("inplacepod", "feature-gates/InPlacePodVerticalScaling/"),
    ("PODLEVELRES", "feature-gates/PodLevelResources/"),
    // A release as readers write it, never the number 132 or the release 1.3.
    ("1.32", "releases/1.32/"),
    ("v1.32", "releases/1.32/"),
    ("Kubernetes 1.32", "releases/1.32/"),
    ("k8s v1.32.4", "releases/1.32/"),
    // A term's name of two characters is found whole.
    ("認証", "glossary/authentication/"),
    // Pasted GitHub URLs: a pull request, a KEP's issue, a KEP's folder.
    (
        "https://github.com/kubernetes/kubernetes/pull/128266",
        "articles/k8s-1-32-sig-api-machinery/#li-3",
    ),
    (
        "https://github.com/kubernetes/enhancements/issues/3157",
        "keps/3157/",
    ),
    (
        "github.com/kubernetes/enhancements/tree/master/keps/sig-api-machinery/3157-watch-list",
        "keps/3157/",
    ),
];

/// Full-text queries and the page (section) expected in the top 3.
const TEXT_CASES: &[(&str, &str)] = &[
    ("サイドカー", "articles/k8s-1-29-sig-node/#sidecar"),
    ("sidecar", "articles/k8s-1-29-sig-node/#sidecar"),
    ("ガベージコレクター", "articles/k8s-1-29-sig-node/#gc"),
    ("ガーベジコレクタ", "articles/k8s-1-29-sig-node/#gc"),
    ("garbage collector", "articles/k8s-1-29-sig-node/#gc"),
    (
        "破損したリソース",
        "articles/k8s-1-32-sig-api-machinery/#api-changes",
    ),
    ("監査ログ", "articles/k8s-1-32-sig-api-machinery/#feature"),
    (
        "watch cache",
        "articles/k8s-1-32-sig-api-machinery/#feature",
    ),
    ("DRA 削除", "articles/k8s-1-32-sig-api-machinery/#dra"),
    ("finalizer", "articles/k8s-1-32-sig-api-machinery/#dra"),
    ("クラスタ", "articles/k8s-1-29-sig-node/#gc"),
];

fn check_queries(b: &Browser, root: &str) -> Vec<String> {
    let mut failures = Vec::new();
    for (q, want) in ID_CASES {
        let got = results(b, root, q);
        if got.first().map(String::as_str) != Some(*want) {
            failures.push(format!("{q:?}: first result should be {want}, got {got:?}"));
        }
    }
    for (q, want) in TEXT_CASES {
        let got = results(b, root, q);
        if !got.iter().take(3).any(|u| u == want) {
            failures.push(format!("{q:?}: {want} should be in the top 3, got {got:?}"));
        }
    }
    // A bare number never prefix-matches a longer one: 3157 must not find the 31570 mention.
    let got = results(b, root, "3157");
    if got.iter().any(|u| u.contains("k8s-1-31-whats-new")) {
        failures.push(format!("\"3157\" matched the 31570 mention: {got:?}"));
    }
    // A number the site does not have finds nothing, not every page that says KEP; a short
    // word finds nothing through one bigram another word shares (ドキュ[メン]ト).
    for q in ["KEP-99999", "ラーメン"] {
        let got = results(b, root, q);
        if !got.is_empty() {
            failures.push(format!("{q:?} should find nothing, got {got:?}"));
        }
    }
    // Words with a hyphen are words, not the start of a gate's name.
    let got = results(b, root, "in-place");
    if got.first().map(String::as_str) != Some("articles/k8s-1-29-sig-node/#resize") {
        failures.push(format!(
            "\"in-place\": first result should be the resize section, got {got:?}"
        ));
    }
    // A gate's name typed in one case finds the articles that write its words
    // (`sidecar containers`), as the name typed in camel case does.
    for q in ["sidecarcontainers", "SidecarContainers"] {
        let got = results(b, root, q);
        if got.first().map(String::as_str) != Some("feature-gates/SidecarContainers/")
            || !got
                .iter()
                .any(|u| u == "articles/k8s-1-29-sig-node/#sidecar")
        {
            failures.push(format!(
                "{q:?}: the gate first and the sidecar section after it, got {got:?}"
            ));
        }
    }
    // A section indexed in two parts (both carry its title) is listed once.
    let got = results(b, root, "ガベージコレクション");
    let parts = got
        .iter()
        .filter(|u| u.starts_with("articles/k8s-1-29-sig-node/#gc") || u.ends_with("#p-7"))
        .count();
    if parts != 1 {
        failures.push(format!(
            "the two parts of #gc should give one result, got {got:?}"
        ));
    }
    // A pasted run of Japanese, however long, is searched (its snippets marked in one pass).
    let pasted = "サイドカー".repeat(400);
    let got = results(b, root, &pasted);
    if !got
        .iter()
        .take(3)
        .any(|u| u == "articles/k8s-1-29-sig-node/#sidecar")
    {
        failures.push(format!("a pasted run of サイドカー: got {got:?}"));
    }
    // Matched words are highlighted in the snippet.
    results(b, root, "監査ログ");
    let marks: Vec<String> = b
        .find_all("#search-results mark")
        .iter()
        .map(|m| b.text(m))
        .collect();
    if !marks.iter().any(|m| m == "監査ログ") {
        failures.push(format!("\"監査ログ\" is not highlighted: {marks:?}"));
    }
    failures
}

#[test]
fn search_works_from_file_urls() {
    let dir = tempfile::tempdir().unwrap();
    write_site(dir.path());
    let root = format!("file://{}/", dir.path().display());
    let b = Browser::start(1200, 900);
    let mut failures = check_vectors(&b, &format!("{root}index.html"));
    failures.extend(check_queries(&b, &root));
    failures.extend(check_keyboard(
        &b,
        &format!("{root}index.html"),
        "podlevelres",
        "feature-gates/PodLevelResources/",
    ));
    assert_no_failures(failures);
}

#[test]
fn search_works_under_a_sub_path() {
    let dir = tempfile::tempdir().unwrap();
    write_site(dir.path());
    let server = StaticServer::start(dir.path(), "/sub/");
    let root = server.url();
    let b = Browser::start(390, 844);
    let mut failures = check_queries(&b, &root);
    failures.extend(check_keyboard(
        &b,
        &root,
        "podlevelres",
        "feature-gates/PodLevelResources/",
    ));
    assert_no_failures(failures);
}
