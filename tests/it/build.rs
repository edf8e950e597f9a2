//! The foundation: fixture sites built in memory and with the real binary; the pages, the
//! errors, atomic output and determinism.

use std::fs;

use crate::support::{Fixture, page, snapshot_dir};

const FRONT: &str = "title = \"Kubernetes 1.32: SIG-Node\"\nslug = \"k8s-1-32-node\"\ndate = 2024-12-11\nrelease = \"1.32\"\nsigs = [\"node\"]";

#[test]
fn the_repository_content_builds_into_three_article_pages() {
    let f = Fixture::with_repo_content();
    let out = f.build();
    for slug in [
        "k8s-1-32-sig-api-machinery",
        "k8s-1-31-whats-new",
        "k8s-1-29-sig-node",
    ] {
        let html = page(&out, &format!("articles/{slug}/index.html"));
        assert!(html.contains("<html lang=\"ja\""), "{slug}");
        assert!(
            html.contains("class=\"toc\""),
            "{slug} has a table of contents"
        );
        assert!(html.contains("出典"), "{slug} states where it came from");
    }
    let a132 = page(&out, "articles/k8s-1-32-sig-api-machinery/index.html");
    assert!(
        a132.contains(
            "<h2 id=\"deprecation-非推奨になったapi\">Deprecation (非推奨になったAPI)</h2>"
        )
    );
    assert!(
        a132.contains("markdown-alert-note"),
        "📝 notes are a distinct block"
    );
    assert!(a132.contains("<li id=\"li-1\">"));
    let a131 = page(&out, "articles/k8s-1-31-whats-new/index.html");
    assert!(
        a131.contains("https://sysdig.com/blog/whats-new-kubernetes-1-31/"),
        "the source URL is on the page"
    );
    // KEP headings keep their number and id; the number links to the KEP page.
    assert!(a131.contains("<h3 id=\"3962ミューテーティングアドミッションポリシー\"><a class=\"ref ref-kep\" href=\"../../keps/3962/\" title=\"KEP-3962: Mutating Admission Policies\">#3962</a>ミューテーティングアドミッションポリシー</h3>"), "KEP headings keep their number");
    // Home lists releases newest first.
    let home = page(&out, "index.html");
    let (p32, p31, p29) = (
        home.find("Kubernetes 1.32").unwrap(),
        home.find("Kubernetes 1.31").unwrap(),
        home.find("Kubernetes 1.29").unwrap(),
    );
    assert!(p32 < p31 && p31 < p29, "newest release first");
    for f in [
        "releases/1.32/index.html",
        "releases/index.html",
        "404.html",
        "atom.xml",
        "sitemap.xml",
        "robots.txt",
        "api/articles.json",
        "static/style.css",
        "static/highlight.css",
    ] {
        assert!(out.files.contains_key(f), "missing {f}");
    }
}

#[test]
fn article_page_shows_japanese_character_count_and_reading_time() {
    // 監査 / ログ / を / 有効 / に / し / ます: 7 words, 11 characters, 33 bytes.
    let f = Fixture::with_article(
        "a",
        FRONT,
        &format!("{}\n", "監査ログを、有効にします。".repeat(100)),
    );
    let html = page(&f.build(), "articles/k8s-1-32-node/index.html");
    assert!(html.contains("1300字"), "characters, not bytes");
    assert!(html.contains("約3分"), "700 words at 300 a minute");
}

#[test]
fn links_are_relative_so_the_site_works_under_a_sub_path_and_from_file() {
    let f = Fixture::with_article("a", FRONT, "本文\n");
    let out = f.build();
    let html = page(&out, "articles/k8s-1-32-node/index.html");
    assert!(html.contains("href=\"../../static/style.css\""));
    assert!(html.contains("data-root=\"../../\""));
    for href in html
        .split("href=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap())
    {
        assert!(
            !href.starts_with('/'),
            "absolute path {href} breaks under a sub-path"
        );
    }
    // Machines get absolute URLs from base_url.
    assert!(
        page(&out, "atom.xml")
            .contains("<link href=\"https://example.org/k8s/articles/k8s-1-32-node/\"/>")
    );
    assert!(
        page(&out, "sitemap.xml").contains("<loc>https://example.org/k8s/releases/1.32/</loc>")
    );
    assert!(html.contains(
        "<meta property=\"og:url\" content=\"https://example.org/k8s/articles/k8s-1-32-node/\">"
    ));
    // 404 is served at any depth: it links from the site's absolute path.
    assert!(page(&out, "404.html").contains("href=\"/k8s/static/style.css\""));
}

#[test]
fn hugo_shortcodes_degrade_to_text() {
    let f = Fixture::with_article(
        "a",
        FRONT,
        "{{< glossary_tooltip text=\"Pod\" term_id=\"pod\" >}}を削除します。\n\n{{< note >}}\n注意\n{{< /note >}}\n",
    );
    let html = page(&f.build(), "articles/k8s-1-32-node/index.html");
    // The text stays; Pod is a term of the official glossary, so it is linked with its tooltip.
    assert!(
        html.contains(">Pod</a>") && html.contains("</span>を削除します。"),
        "{html}"
    );
    assert!(!html.contains("{{"), "no shortcode leaks into the page");
}

#[test]
fn yaml_front_matter_from_hugo_builds_with_a_warning() {
    let f = Fixture::new();
    f.write(
        "content/kubernetes-v1-31-release.md",
        "---\ntitle: 'Kubernetes v1.31'\ndate: 2024-08-13\nsidebar_position: 3\n---\n本文\n",
    );
    let out = f.build();
    assert!(
        out.files
            .contains_key("articles/kubernetes-v1-31-release/index.html")
    );
    let warnings: Vec<String> = out
        .warnings
        .iter()
        .filter(|w| !w.is_note())
        .map(|w| w.to_string())
        .collect();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains(
        "content/kubernetes-v1-31-release.md:4: warning: unknown front-matter key `sidebar_position`"
    ));
}

#[test]
fn kubernetes_io_blog_front_matter_builds_without_warnings_and_infers_the_release() {
    let f = Fixture::new();
    f.write(
        "content/blog/kubernetes-v1-31-release.md",
        "\n---\nlayout: blog\ntitle: 'Kubernetes v1.31: Elli'\ndate: 2024-08-13T10:00:00+09:00\nslug: kubernetes-v1-31-release\nevergreen: true\ncanonicalUrl: https://kubernetes.io/blog/2024/08/13/kubernetes-v1-31-release/\nauthor: >\n  [Kubernetes v1.31 Release Team](https://github.com/kubernetes/sig-release)\ntranslator: >\n  [Taisuke Okamoto](https://github.com/b1gb4by)\n---\n本文は[チュートリアル](/ja/docs/tutorials/)へ。\n",
    );
    let out = f.build();
    // Its `layout: blog` makes it kubernetes.io's page: the site-absolute link is that site's.
    let html = page(&out, "articles/kubernetes-v1-31-release/index.html");
    assert!(
        html.contains("href=\"https://kubernetes.io/ja/docs/tutorials/\""),
        "{html}"
    );
    let loud: Vec<String> = out
        .warnings
        .iter()
        .filter(|w| !w.is_note())
        .map(|w| w.to_string())
        .collect();
    assert!(loud.is_empty(), "{loud:?}");
    let notes: Vec<String> = out.warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(
        notes,
        [
            "content/blog/kubernetes-v1-31-release.md:3: note: release 1.31 inferred from the title `Kubernetes v1.31: Elli`\n  help: add `release = \"1.31\"` (or `release: \"1.31\"`) to the front matter to state it, or another release to correct it",
            "content/blog/kubernetes-v1-31-release.md:3: note: site-absolute links point at https://kubernetes.io: `layout` is kubernetes/website's key\n  help: add `[source]` with `url = \"https://kubernetes.io/...\"` (the page it comes from) to state it, or another site's URL to correct it"
        ]
    );
    let articles: serde_json::Value =
        serde_json::from_slice(&out.files["api/articles.json"]).unwrap();
    assert_eq!(articles["articles"][0]["release"], "1.31");
    assert_eq!(articles["articles"][0]["date"], "2024-08-13");
    let html = page(&out, "articles/kubernetes-v1-31-release/index.html");
    assert!(
        html.contains("Kubernetes v1.31 Release Team"),
        "author as text"
    );
    assert!(
        html.contains("<dt>翻訳</dt><dd>Taisuke Okamoto</dd>"),
        "translator shown"
    );
}

#[test]
fn drafts_are_left_out_unless_asked_for() {
    let f = Fixture::with_article("a", &format!("{FRONT}\ndraft = true"), "下書き\n");
    assert!(
        !f.build()
            .files
            .contains_key("articles/k8s-1-32-node/index.html")
    );
    f.run(&["build", "--drafts"]);
    assert!(
        f.public()
            .join("articles/k8s-1-32-node/index.html")
            .exists()
    );
}

#[test]
fn all_content_problems_are_reported_together_with_file_and_line() {
    let f = Fixture::new();
    f.article("a", "slug = \"a\"", "本文\n");
    f.article("b", "title = \"B\"\nslug = b\n", "本文\n");
    f.article("c", "title = \"C\"\nslug = \"same\"", "本文\n");
    f.article("d", "title = \"D\"\nslug = \"same\"", "本文\n");
    let errors = f.try_build().unwrap_err().to_string();
    assert!(
        errors.contains("content/a.md:2: error: the article has no `title`"),
        "{errors}"
    );
    assert!(
        errors.contains("content/b.md:3: error: front matter is not valid TOML"),
        "{errors}"
    );
    // Both articles of the shared slug, whichever was just edited.
    assert!(
        errors.contains("content/d.md:3: error: slug `same` is also used by content/c.md"),
        "{errors}"
    );
    assert!(
        errors.contains("content/c.md:3: error: slug `same` is also used by content/d.md"),
        "{errors}"
    );
}

#[test]
fn unknown_template_variable_names_the_template_line() {
    let f = Fixture::with_article("a", FRONT, "本文\n");
    f.write("templates/article.html", "{% extends \"base.html\" %}\n{% block content %}\n{{ article.titel }}\n{% endblock content %}\n");
    let errors = f.try_build().unwrap_err().to_string();
    assert!(
        errors
            .contains("templates/article.html:3: error: unknown template variable `article.titel`"),
        "{errors}"
    );
}

#[test]
fn a_site_template_overrides_the_builtin_one() {
    let f = Fixture::new();
    f.write("templates/404.html", "<p>独自の404</p>");
    assert_eq!(page(&f.build(), "404.html"), "<p>独自の404</p>");
}

#[test]
fn raw_html_is_sanitized_unless_the_site_trusts_it() {
    let f = Fixture::with_article("a", FRONT, "<script>alert(1)</script>\n\n本文\n");
    assert!(!page(&f.build(), "articles/k8s-1-32-node/index.html").contains("alert(1)"));
    f.write("site.toml", "trust_html = true\n");
    assert!(
        page(&f.build(), "articles/k8s-1-32-node/index.html").contains("<script>alert(1)</script>")
    );
}

#[test]
fn two_builds_are_byte_identical() {
    let f = Fixture::with_repo_content();
    assert!(f.run(&["build", "--output", "one"]).status.success());
    assert!(f.run(&["build", "--output", "two"]).status.success());
    let (one, two) = (
        snapshot_dir(&f.root().join("one")),
        snapshot_dir(&f.root().join("two")),
    );
    assert!(one.len() > 10);
    assert_eq!(
        one.keys().collect::<Vec<_>>(),
        two.keys().collect::<Vec<_>>()
    );
    for (k, v) in &one {
        assert!(v == &two[k], "{k} differs between two builds");
    }
}

#[test]
fn a_broken_build_leaves_the_previous_output_untouched() {
    let f = Fixture::with_article("a", FRONT, "本文\n");
    let ok = f.run(&["build"]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let before = snapshot_dir(&f.public());
    f.write("content/a.md", "+++\ntitle = \"壊れた\nslug = \"a\"\n+++\n");
    f.article("b", "slug = \"b\"", "本文\n");
    let failed = f.run(&["build"]);
    assert_eq!(failed.status.code(), Some(1), "content errors exit with 1");
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert!(stderr.contains("content/a.md:2"), "{stderr}");
    assert!(
        stderr.contains("content/b.md"),
        "both problems reported: {stderr}"
    );
    assert!(stderr.contains("left as it was"), "{stderr}");
    assert_eq!(snapshot_dir(&f.public()), before, "output unchanged");
    let leftovers: Vec<_> = fs::read_dir(f.root())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.contains("shiori-"))
        .collect();
    assert!(
        leftovers.is_empty(),
        "no staging folders left: {leftovers:?}"
    );
}

#[test]
fn the_binary_speaks_version_help_and_exit_codes() {
    let f = Fixture::new();
    let v = f.run(&["--version"]);
    assert!(String::from_utf8_lossy(&v.stdout).starts_with("shiori "));
    let help = String::from_utf8_lossy(&f.run(&["build", "--help"]).stdout).into_owned();
    for flag in ["--root", "--output", "--base-url", "--drafts"] {
        assert!(help.contains(flag), "build --help documents {flag}");
    }
    let serve_help = String::from_utf8_lossy(&f.run(&["serve", "--help"]).stdout).into_owned();
    assert!(serve_help.contains("--port") && serve_help.contains("--bind"));
    assert_eq!(
        f.run(&["build", "--no-such-flag"]).status.code(),
        Some(2),
        "usage errors exit with 2"
    );
    assert_eq!(
        f.run(&["build", "--root", "/no/such/dir"]).status.code(),
        Some(2),
        "I/O errors exit with 2"
    );
}

#[test]
fn an_article_without_front_matter_builds_with_a_note() {
    let f = Fixture::new();
    f.write(
        "content/atoato88-k8s-release-memo__v1.28__blog.md",
        "本ドキュメントは意訳になります。\n\n原文: https://kubernetes.io/blog/2023/08/15/kubernetes-v1-28-release/\n\n## Graduations\n\n- [KEP-3935](https://kep.k8s.io/3935)\n",
    );
    f.write(
        "content/notes.md",
        "# 勉強会メモ\n\nKubernetes v1.30 の話。\n",
    );
    let out = f.build();
    let articles: serde_json::Value =
        serde_json::from_slice(&out.files["api/articles.json"]).unwrap();
    let got: Vec<(String, String, Option<String>)> = articles["articles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["slug"].as_str().unwrap().to_string(),
                a["title"].as_str().unwrap().to_string(),
                a["release"].as_str().map(str::to_string),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (
                "atoato88-k8s-release-memo--v1-28--blog".to_string(),
                "atoato88 k8s release memo v1.28 blog".to_string(),
                Some("1.28".to_string())
            ),
            (
                "notes".to_string(),
                "勉強会メモ".to_string(),
                Some("1.30".to_string())
            ),
        ]
    );
    let notes: Vec<String> = out.warnings.iter().map(|w| w.to_string()).collect();
    assert!(
        notes.iter().all(|n| n.contains(": note: no front matter")),
        "{notes:?}"
    );
    assert!(
        notes[1].contains("release 1.30 inferred from the first lines of the body"),
        "{notes:?}"
    );
    let keps: serde_json::Value = serde_json::from_slice(&out.files["api/keps.json"]).unwrap();
    assert_eq!(keps["keps"][0]["number"], 3935);
    // The opening heading is the title: shown once, as the page's heading, not again in the body.
    let page = page(&out, "articles/notes/index.html");
    assert_eq!(page.matches("<h1").count(), 1, "{page}");
    assert!(page.contains("<h1>勉強会メモ</h1>"), "{page}");
    assert!(page.contains("Kubernetes v1.30 の話。"), "{page}");
}

#[test]
fn site_absolute_links_of_an_article_from_another_site_point_at_that_site() {
    // A kubernetes.io blog post writes kubernetes.io's paths; its `[source]` says where it is from.
    let body = "[チュートリアル](/ja/docs/tutorials/#start)と[相対](other/)と[外](https://example.org/x)。\n\n![ロゴ](/images/logo.png)\n";
    let f = Fixture::with_article(
        "from-k8s-io",
        "title = \"A\"\nslug = \"a\"\n[source]\nurl = \"https://kubernetes.io/ja/blog/2024/12/11/a/\"",
        body,
    );
    f.article("own", "title = \"B\"\nslug = \"b\"", body);
    let out = f.build();
    let a = page(&out, "articles/a/index.html");
    assert!(
        a.contains("href=\"https://kubernetes.io/ja/docs/tutorials/#start\""),
        "{a}"
    );
    assert!(a.contains("src=\"https://kubernetes.io/images/logo.png\""));
    assert!(a.contains("href=\"other/\"") && a.contains("href=\"https://example.org/x\""));
    // The slides carry the same HTML.
    let slides = page(&out, "articles/a/slides/index.html");
    assert!(slides.contains("href=\"https://kubernetes.io/ja/docs/tutorials/#start\""));
    // In an article of this site's own, a site-absolute link is a path of this site, written
    // relative to the page so it works under a sub-path and from disk.
    let b = page(&out, "articles/b/index.html");
    assert!(b.contains("href=\"../../ja/docs/tutorials/#start\""), "{b}");
    assert!(b.contains("src=\"../../images/logo.png\""), "{b}");
}

#[test]
fn an_authors_site_absolute_links_lead_to_this_sites_pages_and_check_names_those_that_lead_nowhere()
{
    // Served from a sub-path: `/k8s/glossary/` and `/releases/1.32/` both mean this site's pages.
    let f = Fixture::with_article(
        "own",
        FRONT,
        "[リリース](/releases/1.32/)と[用語集](/k8s/glossary/#main)を見てください。\n\n[存在しないKEP](/keps/99999/)もあります。\n\n![図](/static/missing.png)\n",
    );
    f.write(
        "site.toml",
        "title = \"t\"\nbase_url = \"https://example.org/k8s/\"\n",
    );
    f.article(
        "from-k8s-io",
        "title = \"B\"\nslug = \"b\"\n[source]\nurl = \"https://kubernetes.io/ja/blog/2024/12/11/b/\"",
        "[ドキュメント](/docs/concepts/)です。\n",
    );
    let out = f.build();
    let a = page(&out, "articles/k8s-1-32-node/index.html");
    assert!(a.contains("href=\"../../releases/1.32/\""), "{a}");
    assert!(a.contains("href=\"../../glossary/#main\""), "{a}");
    assert!(
        out.files.contains_key("releases/1.32/index.html")
            && out.files.contains_key("glossary/index.html")
    );
    // The slides are one folder down and carry the same links from there.
    let slides = page(&out, "articles/k8s-1-32-node/slides/index.html");
    assert!(
        slides.contains("href=\"../../../releases/1.32/\""),
        "{slides}"
    );

    let check = f.run(&["check"]);
    let stderr = String::from_utf8_lossy(&check.stderr);
    // Each link that leads nowhere is told once, at its line of the article (the body starts
    // on line 8 of content/own.md: 7 lines of front matter between `+++` lines).
    let at = |line: usize, what: &str| {
        stderr
            .lines()
            .filter(|l| {
                l.starts_with(&format!("content/own.md:{line}: warning")) && l.contains(what)
            })
            .count()
    };
    assert_eq!(
        at(10, "`/keps/99999/` leads to no page of this site"),
        1,
        "{stderr}"
    );
    assert_eq!(
        at(12, "image `/static/missing.png` is missing"),
        1,
        "{stderr}"
    );
    assert!(
        !stderr.contains("broken link `../../keps/99999/`"),
        "not told again per page: {stderr}"
    );
    assert!(
        !stderr.contains("broken link `../../../keps/99999/`"),
        "{stderr}"
    );
    // Found pages are not findings, nor the other site's paths of an article from that site.
    assert!(
        !stderr.contains("/releases/1.32/` leads") && !stderr.contains("/k8s/glossary/"),
        "{stderr}"
    );
    assert!(!stderr.contains("/docs/concepts/"), "{stderr}");
    assert!(stderr.contains("0 broken links"), "{stderr}");
}

#[test]
fn build_timings_name_every_stage_in_pipeline_order() {
    let f = Fixture::with_article("a", FRONT, "本文。\n");
    let out = f.run(&["build", "--timings"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    // name, ends at ms, takes ms, resident MiB, peak MiB
    let rows: Vec<(String, f64, f64, f64)> = stderr
        .lines()
        .skip_while(|l| !l.starts_with("stage"))
        .skip(1)
        .take_while(|l| !l.starts_with("built "))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let (name, numbers) = words.split_at(words.len() - 4);
            let number = |i: usize| -> f64 { numbers[i].parse().expect("a number") };
            (name.join(" "), number(0), number(2), number(3))
        })
        .collect();
    let names: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(
        names,
        [
            "load",
            "parse, extract, segment",
            "link ∥ glossary",
            "findings, synonyms",
            "render (beside index)",
            "index (beside render)",
            "static, bundles, feeds, image check",
            "write (the swap into place)",
        ],
        "{stderr}"
    );
    let ends: Vec<f64> = rows
        .iter()
        .filter(|r| !r.0.contains("beside"))
        .map(|r| r.1)
        .collect();
    assert!(
        ends.windows(2).all(|w| w[0] <= w[1]),
        "stages end in order: {stderr}"
    );
    // The memory columns (this is Linux, where /proc says): resident never above the peak so
    // far, the peak never falling, and a running build holds something.
    assert!(
        rows.iter().all(|r| r.2 > 0.0 && r.2 <= r.3),
        "resident at most the peak: {stderr}"
    );
    let in_order: Vec<f64> = rows
        .iter()
        .filter(|r| !r.0.contains("beside"))
        .map(|r| r.3)
        .collect();
    assert!(
        in_order.windows(2).all(|w| w[0] <= w[1]),
        "the peak so far never falls: {stderr}"
    );
    let plain = f.run(&["build"]);
    assert!(
        !String::from_utf8_lossy(&plain.stderr).contains("ends at ms"),
        "no table without --timings"
    );
}

#[test]
fn a_body_opening_with_the_front_matter_title_shows_it_once() {
    // Exported posts repeat their title as the body's first heading; another first heading stays.
    let f = Fixture::with_article(
        "again",
        "title = \"Kubernetes 1.31 の新機能\"\nslug = \"again\"",
        "\n# Kubernetes　1.31の新機能\n\n本文です。\n\n## 詳細\n\n続き。\n",
    );
    f.article(
        "other",
        "title = \"別のタイトル\"\nslug = \"other\"",
        "# はじめに\n\n本文です。\n",
    );
    let out = f.build();
    let again = page(&out, "articles/again/index.html");
    assert_eq!(again.matches("<h1").count(), 1, "{again}");
    let h2s: Vec<&str> = again
        .split("<h2")
        .skip(1)
        .map(|h| h.split("</h2>").next().unwrap())
        .collect();
    assert!(h2s.iter().all(|h| !h.contains("新機能")), "{h2s:?}");
    assert!(h2s.iter().any(|h| h.contains("詳細")), "{h2s:?}");
    assert!(again.contains("本文です。"), "{again}");
    let other = page(&out, "articles/other/index.html");
    assert!(other.contains(">はじめに</h"), "{other}");
}
