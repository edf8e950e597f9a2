//! Study-session pages without a browser: what a release's changes say (the sentence that
//! says what changed, the Japanese title the articles give), what changed since the previous
//! release, the previous/next links, the handout, the glossary sheet, the article slides, and
//! `build --offline` (every internal link of every page names a file that exists).

use std::path::Path;

use crate::support::{Fixture, page};

/// A site with its own small registry (no built-in one), so the expected stages are the ones
/// written here: FooGate alpha 1.31 → beta 1.32, BarGate new in 1.32 as alpha, OldGate GA in
/// 1.31 and removed in 1.32, KEP-9001 alpha in 1.31 and beta in 1.32, SameGate beta in both.
fn registry_site() -> Fixture {
    let f = Fixture::new();
    f.write(
        "site.toml",
        "title = \"t\"\nbase_url = \"https://example.org/k8s/\"\nbuiltin_registry = false\n",
    );
    f.write(
        "glossary/keps.toml",
        "[[kep]]\nnumber = 9001\ntitle = \"Foo Things\"\nsig = \"node\"\nalpha = \"1.31\"\nbeta = \"1.32\"\n",
    );
    f.write(
        "glossary/feature-gates.toml",
        r#"[[gate]]
name = "FooGate"
kep = 9001
stages = [
  { stage = "alpha", from = "1.31", to = "1.31", default = false },
  { stage = "beta", from = "1.32", default = true },
]

[[gate]]
name = "BarGate"
stages = [{ stage = "alpha", from = "1.32", default = false }]

[[gate]]
name = "OldGate"
stages = [{ stage = "stable", from = "1.29", default = true }]
removed = "1.32"

[[gate]]
name = "SameGate"
stages = [{ stage = "beta", from = "1.30", default = true }]
"#,
    );
    f.article(
        "k31",
        "title = \"1.31 の変更\"\nslug = \"k31\"\nrelease = \"1.31\"",
        "## 新機能\n\nFooGate フィーチャーゲートがアルファとして追加されました。\n",
    );
    f.article(
        "k32",
        "title = \"1.32 の変更\"\nslug = \"k32\"\nrelease = \"1.32\"",
        "## 昇格\n\n- FooGate フィーチャーゲートがベータに昇格しました。\n- SameGate フィーチャーゲートは引き続きベータです。\n\n\
         ## 新機能\n\nBarGate フィーチャーゲートがアルファとして追加されました。\n\n\
         ## 削除\n\nOldGate フィーチャーゲートが削除されました。\n\n\
         ### KEP-9001: フーの機能\n\nフーの機能がベータになりました。詳しくはKEP-9001を参照してください。\n",
    );
    f.article(
        "k33",
        "title = \"1.33 の変更\"\nslug = \"k33\"\nrelease = \"1.33\"",
        "本文。\n",
    );
    f
}

/// The part of `html` from `start` to the next `end`.
fn between<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let i = html
        .find(start)
        .unwrap_or_else(|| panic!("no {start:?} in page"));
    let rest = &html[i..];
    &rest[..rest.find(end).unwrap_or(rest.len())]
}

#[test]
fn since_the_previous_release_lists_new_alphas_promotions_and_removals() {
    let out = registry_site().build();
    let html = page(&out, "releases/1.32/index.html");
    let since = between(&html, "id=\"since-title\"", "</table>");
    let group =
        |key: &str| between(since, &format!("class=\"since-{key}\""), "</tbody>").to_string();
    let new_alpha = group("new-alpha");
    assert!(new_alpha.contains("feature-gates/BarGate/"), "{new_alpha}");
    let promoted = group("promoted");
    assert!(promoted.contains("feature-gates/FooGate/"), "{promoted}");
    assert!(
        promoted.contains("stage-alpha") && promoted.contains("stage-beta"),
        "alpha → beta: {promoted}"
    );
    assert!(promoted.contains("keps/9001/"), "{promoted}");
    let removed = group("removed");
    assert!(removed.contains("feature-gates/OldGate/"), "{removed}");
    // Beta before and beta now is no change.
    assert!(!since.contains("SameGate"), "{since}");
    assert!(!since.contains("since-deprecated"), "{since}");

    let nav = between(&html, "class=\"release-nav\"", "</nav>");
    assert!(
        nav.contains("rel=\"prev\" href=\"../../releases/1.31/\""),
        "{nav}"
    );
    assert!(
        nav.contains("rel=\"next\" href=\"../../releases/1.33/\""),
        "{nav}"
    );
    assert!(nav.contains("href=\"../../keps/?release=1.32\""), "{nav}");
    let first = page(&out, "releases/1.31/index.html");
    assert!(
        !first.contains("rel=\"prev\""),
        "1.31 has no release before it"
    );
}

#[test]
fn a_change_reads_what_changed_not_where_to_read_more() {
    let out = registry_site().build();
    let html = page(&out, "releases/1.32/index.html");
    let item = between(&html, "data-item=\"kep-9001\"", "</li>");
    assert!(item.contains("フーの機能がベータになりました。"), "{item}");
    assert!(!item.contains("参照"), "{item}");
    // The title the article gives, before the registry's English one.
    assert!(item.contains("フーの機能"), "{item}");

    // The seed 1.32 article: KEP-2837 is named only in a note that says 詳しくは…を参照; the
    // changelog item the note is under says what changed (content/k8s-1-32-sig-api-machinery.md:48).
    let seeds = Fixture::with_repo_content().build();
    let html = page(&seeds, "releases/1.32/index.html");
    let item = between(&html, "data-item=\"kep-2837\"", "</li>");
    assert!(
        item.contains("Pod APIがPodレベルのリソースに対して spec レベルでの resources をサポートするように変更されました。"),
        "{item}"
    );
    assert!(!item.contains("詳しくは"), "{item}");
}

#[test]
fn the_handout_is_a_table_of_every_change_with_a_qr_code_of_the_hosted_page() {
    let out = Fixture::with_repo_content().build();
    let release = page(&out, "releases/1.32/index.html");
    let handout = page(&out, "releases/1.32/handout/index.html");
    let on_page: Vec<&str> = release
        .split("<li data-item=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap())
        .collect();
    let in_handout: Vec<&str> = handout
        .split("<tr data-item=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap())
        .collect();
    assert!(on_page.len() > 20, "{}", on_page.len());
    assert_eq!(
        in_handout, on_page,
        "the handout lists the release's changes in order"
    );
    assert!(handout.contains("<th scope=\"col\" class=\"memo\">メモ</th>"));
    assert!(handout.contains("data-today"), "the date line");
    let qr = between(&handout, "<figure class=\"qr\"", "</figure>");
    assert!(qr.contains("<svg") && qr.contains("<path"), "{qr}");
    // The hosted URL comes from base_url (tests/it/support: https://example.org/k8s/).
    assert!(handout.contains("https://example.org/k8s/releases/1.32/"));
    assert!(release.contains("href=\"../../releases/1.32/handout/\""));
    assert!(release.contains("href=\"../../releases/1.32/slides/\""));
}

#[test]
fn the_glossary_sheet_lists_the_curated_terms_the_release_uses() {
    let f = Fixture::new();
    // Finalizer (ファイナライザー), and a second term only the 1.31 article uses.
    let terms = format!(
        "{}\n[[term]]\nid = \"sidecar\"\nen = \"sidecar container\"\nja = \"サイドカーコンテナ\"\nkind = \"term\"\n",
        crate::glossary::TERMS
    );
    f.write("glossary/terms.toml", &terms);
    f.article(
        "a",
        "title = \"A\"\nslug = \"a\"\nrelease = \"1.32\"",
        "ファイナライザーが付いたオブジェクトは消えません。\n",
    );
    f.article(
        "b",
        "title = \"B\"\nslug = \"b\"\nrelease = \"1.31\"",
        "サイドカーコンテナの話。\n",
    );
    let sheet = page(&f.build(), "releases/1.32/glossary/index.html");
    let table = between(&sheet, "<table class=\"term-sheet\">", "</table>");
    assert!(
        table.contains("Finalizer") && table.contains("ファイナライザー"),
        "{table}"
    );
    assert!(
        table.contains("削除の前に片付けを済ませるための印。"),
        "{table}"
    );
    assert!(
        !table.contains("サイドカー"),
        "a term of another release: {table}"
    );
}

#[test]
fn release_slides_have_a_title_slide_per_stage_and_a_slide_per_change() {
    let out = registry_site().build();
    let slides = page(&out, "releases/1.32/slides/index.html");
    let release = page(&out, "releases/1.32/index.html");
    let changes = release.matches("<li data-item=").count();
    let stages = release.matches("<section class=\"stage-group\"").count();
    assert_eq!(
        slides.matches("class=\"slide slide-change\"").count(),
        changes
    );
    assert_eq!(slides.matches("class=\"slide slide-stage ").count(), stages);
    // FooGate is KEP-9001's gate (the registry), and both went beta in 1.32: one change, its
    // slide the KEP's, with the gate's page linked beside it.
    assert!(!slides.contains("data-item=\"gate-FooGate\""), "{slides}");
    let foo = between(&slides, "data-item=\"kep-9001\"", "</section>");
    assert!(
        foo.contains("href=\"../../../feature-gates/FooGate/\""),
        "{foo}"
    );
    assert!(foo.contains("href=\"../../../articles/k32/#"), "{foo}");
    assert!(foo.contains("ベータになりました"), "{foo}");
    // A gate of no KEP is a change of its own.
    assert!(slides.contains("data-item=\"gate-BarGate\""));
    // The release page lists the KEP once, the gate beside it.
    assert!(!release.contains("data-item=\"gate-FooGate\""));
    let item = between(&release, "data-item=\"kep-9001\"", "</li>");
    assert!(
        item.contains("href=\"../../feature-gates/FooGate/\""),
        "{item}"
    );
    let article = page(&out, "articles/k32/slides/index.html");
    assert!(article.contains("data-deck-source"));
    assert!(article.contains("フーの機能がベータになりました。"));
    assert!(page(&out, "articles/k32/index.html").contains("href=\"../../articles/k32/slides/\""));
}

/// Every `href`, `src` and `action` of an HTML page, as written.
fn links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in [" href=\"", " src=\"", " action=\""] {
        for part in html.split(attr).skip(1) {
            out.push(part.split('"').next().unwrap().replace("&amp;", "&"));
        }
    }
    out
}

#[test]
fn an_offline_build_links_every_page_by_its_file_name() {
    let f = Fixture::built_repo_site_with(&["--offline"]);
    let public = f.public();
    let mut pages = 0;
    let mut checked = 0;
    for e in walkdir::WalkDir::new(&public) {
        let e = e.unwrap();
        if e.path().extension().is_none_or(|x| x != "html") {
            continue;
        }
        pages += 1;
        let html = std::fs::read_to_string(e.path()).unwrap();
        let dir = e.path().parent().unwrap();
        for link in links(&html) {
            let external = link.split_once(':').is_some_and(|(h, _)| !h.contains('/'));
            if external || link.starts_with('#') {
                continue;
            }
            let path = link.split(['#', '?']).next().unwrap();
            let target = crate::support::resolve(dir, path);
            assert!(
                target.is_file(),
                "{}: `{link}` is not a file ({})",
                e.path().strip_prefix(&public).unwrap().display(),
                target.display()
            );
            checked += 1;
        }
    }
    assert!(
        pages > 1000 && checked > 10_000,
        "{pages} pages, {checked} links"
    );
    // The 404 page is opened from anywhere on a host, but from disk only relative links work.
    let nf = std::fs::read_to_string(public.join("404.html")).unwrap();
    assert!(nf.contains("href=\"releases/index.html\""), "{nf}");
    assert!(Path::new(&public.join("index.html")).is_file());
}

#[test]
fn article_slides_keep_a_page_bundles_images_and_the_authors_relative_links() {
    let f = Fixture::new();
    f.write(
        "content/b/index.md",
        "+++\ntitle = \"B\"\nslug = \"b\"\nrelease = \"1.32\"\n+++\n## 図\n\n![ロゴ](logo.png)\n\n[前の記事](../a/) と KEP-3962 を見てください。\n",
    );
    f.write("content/b/logo.png", "png");
    f.write("content/a.md", "# A\n\n本文。\n");
    let out = f.build();
    let slides = page(&out, "articles/b/slides/index.html");
    let dir = Path::new("/site/articles/b/slides");
    for link in links(between(&slides, "data-deck-source", "</main>")) {
        if link.starts_with(['#', '/']) || link.contains("://") {
            continue;
        }
        let target = crate::support::resolve(dir, link.split('#').next().unwrap());
        let rel = target
            .strip_prefix("/site")
            .unwrap()
            .to_string_lossy()
            .to_string();
        let file = if rel.ends_with(".png") {
            rel
        } else {
            format!("{rel}/index.html")
        };
        assert!(
            out.files.contains_key(&file),
            "`{link}` → {file} is not in the output"
        );
    }
    assert!(
        slides.contains("src=\"../logo.png\""),
        "the bundle's image, one folder up"
    );
    assert!(
        slides.contains("href=\"../../a/\""),
        "the author's link, one folder up"
    );
    assert!(
        slides.contains("href=\"../../../keps/3962/\""),
        "the KEP link from the slides page"
    );
}

#[test]
fn the_glossary_sheet_lists_the_terms_the_articles_link_everyday_ones_for_beginners_only() {
    let f = Fixture::new();
    // Pod is an everyday word (common = true): a release digest does not link it.
    let pod = "[[term]]\nid = \"pod\"\nen = \"Pod\"\nja = \"ポッド\"\nkind = \"api_kind\"\ncommon = true\ndef_ja = \"コンテナをまとめて動かす最小の単位。\"\n";
    f.write(
        "glossary/terms.toml",
        &format!("{pod}{}", crate::glossary::TERMS),
    );
    // コントリビューター and ConfigMap come from the built-in official glossary; the first is
    // one of its everyday words.
    let body = "Pod にファイナライザーを付ける。コントリビューターがConfigMapを更新しました。\n";
    f.article(
        "digest",
        "title = \"ダイジェスト\"\nslug = \"digest\"\nrelease = \"1.32\"",
        body,
    );
    f.article(
        "intro",
        "title = \"入門\"\nslug = \"intro\"\nrelease = \"1.31\"\nbeginner = true",
        body,
    );
    let out = f.build();
    let sheet = |r: &str| page(&out, &format!("releases/{r}/glossary/index.html"));
    let digest = sheet("1.32");
    let table = between(&digest, "<table class=\"term-sheet\">", "</table>");
    for linked in ["ファイナライザー", "ConfigMap"] {
        assert!(table.contains(linked), "{linked}: {table}");
    }
    for everyday in ["ポッド", "コントリビューター"] {
        assert!(
            !table.contains(everyday),
            "{everyday} is not linked in the digest: {table}"
        );
    }
    let intro = sheet("1.31");
    let table = between(&intro, "<table class=\"term-sheet\">", "</table>");
    for linked in [
        "ファイナライザー",
        "ConfigMap",
        "ポッド",
        "コントリビューター",
    ] {
        assert!(table.contains(linked), "{linked}: {table}");
    }
}
