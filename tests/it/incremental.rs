//! The dev server's rebuilds: a build with a `BuildCache` (which reuses the previous build's
//! parses and pages) must give exactly the files a build from nothing gives, after every kind
//! of save; and the page of an edited article made at once against the last build
//! (`LastBuild::article_page`) must be the page the full build makes, when the edit moves
//! neither the reference graph nor the glossary.

use std::collections::BTreeMap;

use crate::support::{self, Fixture};
use shiori::load;
use shiori::pipeline::{self, BuildCache, BuildOptions};

const SEED: &str = "content/k8s-1-32-sig-api-machinery.md";

fn options() -> BuildOptions {
    BuildOptions::default()
}

/// Builds the fixture with the cache and from nothing, and asserts the two agree file by file.
#[track_caller]
fn assert_cached_equals_full(f: &Fixture, cache: &mut BuildCache, what: &str) {
    let sources = load::load(f.root()).unwrap();
    let cached = pipeline::build_cached(&sources, &options(), cache)
        .unwrap_or_else(|d| panic!("{what}: {d}"))
        .files;
    let full = pipeline::build(&sources, &options()).unwrap().files;
    assert_same_files(&cached, &full, what);
}

#[track_caller]
fn assert_same_files(
    cached: &BTreeMap<String, std::sync::Arc<Vec<u8>>>,
    full: &BTreeMap<String, std::sync::Arc<Vec<u8>>>,
    what: &str,
) {
    let only_cached: Vec<&String> = cached.keys().filter(|k| !full.contains_key(*k)).collect();
    let only_full: Vec<&String> = full.keys().filter(|k| !cached.contains_key(*k)).collect();
    assert!(
        only_cached.is_empty() && only_full.is_empty(),
        "{what}: files only in the cached build {only_cached:?}, only in the full build {only_full:?}"
    );
    let differing: Vec<&String> = full.keys().filter(|k| cached[*k] != full[*k]).collect();
    assert!(
        differing.is_empty(),
        "{what}: files that differ: {differing:?}"
    );
}

fn read(f: &Fixture, rel: &str) -> String {
    std::fs::read_to_string(f.root().join(rel)).unwrap()
}

#[test]
fn a_cached_rebuild_gives_the_files_of_a_full_build_after_every_kind_of_save() {
    let f = Fixture::with_repo_content();
    let mut cache = BuildCache::default();
    assert_cached_equals_full(&f, &mut cache, "the first build");
    assert_cached_equals_full(&f, &mut cache, "nothing changed");

    // Prose only: the article's own page, its search documents and the glossary's contexts.
    let seed = read(&f, SEED);
    f.write(
        SEED,
        &seed.replace(
            "久しぶりに非推奨APIが無くなりました",
            "久しぶりに非推奨APIがなくなりました",
        ),
    );
    assert_cached_equals_full(&f, &mut cache, "a sentence reworded");

    // A new reference: a KEP page gains a mention, the article a chip.
    let seed = read(&f, SEED);
    f.write(
        SEED,
        &format!("{seed}\n## 追記\n\nKEP-4222 のCBOR対応もアルファになりました。\n"),
    );
    assert_cached_equals_full(&f, &mut cache, "a KEP mention added");

    // Front matter: the title every entity page quotes, and the article's release.
    let seed = read(&f, SEED);
    f.write(
        SEED,
        &seed.replace("SIG-API Machineryの変更内容", "SIG-API Machineryの主な変更"),
    );
    assert_cached_equals_full(&f, &mut cache, "the title changed");

    // A new article, then the same article removed.
    f.article(
        "extra",
        "title = \"追加の記事\"\nslug = \"extra\"\nrelease = \"1.33\"",
        "`PodLevelResources` フィーチャーゲートがベータに昇格しました。\n",
    );
    assert_cached_equals_full(&f, &mut cache, "an article added");
    std::fs::remove_file(f.root().join("content/extra.md")).unwrap();
    assert_cached_equals_full(&f, &mut cache, "an article removed");

    // Site data: a curated term (tooltips on every page that uses it), the registry, a template.
    let terms = read(&f, "glossary/terms.toml");
    f.write(
        "glossary/terms.toml",
        &format!("{terms}\n[[term]]\nid = \"opt-out\"\nen = \"opt-out\"\nja = \"オプトアウト\"\nkind = \"term\"\ndef_ja = \"既定で有効な機能を、使わないと選ぶこと。\"\ndef_en = \"Choosing not to use a feature that is on by default.\"\n"),
    );
    assert_cached_equals_full(&f, &mut cache, "a curated term added");

    // A definition an article prints (`glossary_definition`) reworded: that article follows.
    f.article(
        "defined",
        "title = \"定義を引く記事\"\nslug = \"defined\"\nrelease = \"1.33\"",
        "{{< glossary_definition term_id=\"opt-out\" prepend=\"オプトアウトは、\" >}}\n",
    );
    assert_cached_equals_full(&f, &mut cache, "an article printing a definition added");
    let terms = read(&f, "glossary/terms.toml");
    f.write(
        "glossary/terms.toml",
        &terms.replace(
            "既定で有効な機能を、使わないと選ぶこと。",
            "有効な機能を自分で外すこと。",
        ),
    );
    assert_cached_equals_full(&f, &mut cache, "the printed definition reworded");
    let sources = load::load(f.root()).unwrap();
    let page = pipeline::build_cached(&sources, &options(), &mut cache)
        .unwrap()
        .files
        .remove("articles/defined/index.html")
        .expect("the article's page");
    assert!(
        String::from_utf8(page.to_vec())
            .unwrap()
            .contains("オプトアウトは、有効な機能を自分で外すこと。"),
        "the page prints the new definition"
    );
    std::fs::remove_file(f.root().join("content/defined.md")).unwrap();
    f.write(
        "glossary/keps.toml",
        "[[kep]]\nnumber = 4222\ntitle = \"CBOR Serializer\"\nsig = \"api-machinery\"\n",
    );
    assert_cached_equals_full(&f, &mut cache, "a site registry entry");
    f.write(
        "templates/404.html",
        "<!DOCTYPE html><title>{{ title }}</title><p>見つかりません</p>\n",
    );
    assert_cached_equals_full(&f, &mut cache, "a template overridden");
    f.write(
        "site.toml",
        "title = \"別の名前\"\nbase_url = \"https://example.org/k8s/\"\n",
    );
    assert_cached_equals_full(&f, &mut cache, "site.toml changed");

    // A broken save, then the fix: the failed build leaves the cache usable.
    let seed = read(&f, SEED);
    f.write(
        SEED,
        "+++\nslug = \"k8s-1-32-sig-api-machinery\"\n+++\n本文\n",
    );
    let sources = load::load(f.root()).unwrap();
    assert!(pipeline::build_cached(&sources, &options(), &mut cache).is_err());
    f.write(SEED, &seed);
    assert_cached_equals_full(&f, &mut cache, "the article fixed");
}

#[test]
fn an_edited_articles_page_made_at_once_is_the_page_the_full_build_makes() {
    let f = Fixture::with_repo_content();
    let mut cache = BuildCache::default();
    let sources = load::load(f.root()).unwrap();
    pipeline::build_cached(&sources, &options(), &mut cache).unwrap();
    let last = cache.last().expect("a good build is kept");

    let seed = read(&f, SEED);
    let edited = seed.replace(
        "Kubernetes v1.32 がリリースされました",
        "Kubernetes v1.32 が無事リリースされました",
    );
    assert_ne!(seed, edited, "the edit is in the article");
    f.write(SEED, &edited);
    let file = load::article(f.root(), &f.root().join(SEED)).expect("an article");
    let (path, quick) = last.article_page(&file).expect("made from the last build");
    assert_eq!(path, "articles/k8s-1-32-sig-api-machinery/index.html");
    let quick = String::from_utf8(quick.to_vec()).unwrap();
    assert!(quick.contains("無事リリースされました"));

    let full = pipeline::build(&load::load(f.root()).unwrap(), &options()).unwrap();
    assert_eq!(
        quick,
        support::page(&full, &path),
        "the same bytes as the full build's page"
    );

    // A new article, or one whose slug changed, is left to the full build.
    f.article("new", "title = \"新しい記事\"\nslug = \"new\"", "本文。\n");
    let new = load::article(f.root(), &f.root().join("content/new.md")).unwrap();
    assert!(last.article_page(&new).is_none());
    f.write(
        SEED,
        &seed.replace(
            "slug = \"k8s-1-32-sig-api-machinery\"",
            "slug = \"renamed\"",
        ),
    );
    let renamed = load::article(f.root(), &f.root().join(SEED)).unwrap();
    assert!(last.article_page(&renamed).is_none());
    // Files that are not articles are not read as one.
    assert!(load::article(f.root(), &f.root().join("glossary/terms.toml")).is_none());
}
