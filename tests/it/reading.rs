//! What a reader meets on an article page, checked on built sites: each glossary term linked
//! once per article (everyday terms only for beginners), each tooltip once per page, IDs kept
//! whole (gate names with `<wbr>` between their words), code colours only where there is code,
//! a favicon, the weight budget of the 1.32 seed article page, and other platforms' notation
//! read as it is there (Hatena's notes, code, quotes and photos, Zenn's embeds and images,
//! Hugo's diagrams, table captions and versions). The browser half (what the page looks like
//! and does) is `reading_browser.rs`.

use std::collections::BTreeMap;

use crate::support::{Fixture, copy_tree, json, page};
use shiori::pipeline::Output;

const A132: &str = "articles/k8s-1-32-sig-api-machinery/index.html";

/// The glossary hrefs of the term links of a page, in order.
fn term_links(html: &str) -> Vec<String> {
    html.split("<span class=\"term\"><a href=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap().to_string())
        .collect()
}

#[test]
fn each_glossary_term_links_at_most_once_per_article() {
    let out = Fixture::with_all_repo_content().build();
    let mut articles = 0;
    for (path, bytes) in &out.files {
        if !(path.starts_with("articles/") && path.ends_with("/index.html")) {
            continue;
        }
        articles += 1;
        let html = String::from_utf8_lossy(bytes);
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        for href in term_links(&html) {
            *seen.entry(href).or_default() += 1;
        }
        let twice: Vec<_> = seen.iter().filter(|(_, n)| **n > 1).collect();
        assert!(
            twice.is_empty(),
            "{path} links terms more than once: {twice:?}"
        );
    }
    assert!(articles >= 14, "only {articles} article pages");
    // The 1.32 digest names CBOR in three sections (API Changes, Features, Others): one link.
    let html = page(&out, A132);
    let cbor = term_links(&html)
        .iter()
        .filter(|h| h.ends_with("glossary/cbor/"))
        .count();
    assert_eq!(cbor, 1, "CBOR links {cbor} times");
}

/// `body` as a digest (`digest`) and as an article for beginners (`intro`).
fn digest_and_intro(f: &Fixture, body: &str) {
    f.article(
        "digest",
        "title = \"ダイジェスト\"\nslug = \"digest\"",
        body,
    );
    f.article(
        "intro",
        "title = \"入門\"\nslug = \"intro\"\nbeginner = true",
        body,
    );
}

#[test]
fn everyday_terms_link_only_in_articles_for_beginners() {
    let f = Fixture::new();
    // Pod, an everyday word, beside the one-term glossary of `glossary.rs` (Finalizer).
    let pod = "[[term]]\nid = \"pod\"\nen = \"Pod\"\nja = \"ポッド\"\nkind = \"api_kind\"\ncommon = true\ndef_ja = \"コンテナをまとめて動かす最小の単位。\"\ndef_en = \"The smallest unit that runs containers.\"\n";
    f.write(
        "glossary/terms.toml",
        &format!("{pod}{}", crate::glossary::TERMS),
    );
    let body = "Pod にファイナライザーを付ける。\n\n## 次\n\nPod とファイナライザーをもう一度。\n";
    digest_and_intro(&f, body);
    f.article(
        "tagged",
        "title = \"タグで入門\"\nslug = \"tagged\"\ntags = [\"入門\"]",
        body,
    );
    let out = f.build();
    let links = |slug: &str| term_links(&page(&out, &format!("articles/{slug}/index.html")));
    assert_eq!(links("digest"), ["../../glossary/finalizer/"]);
    for slug in ["intro", "tagged"] {
        assert_eq!(
            links(slug),
            ["../../glossary/pod/", "../../glossary/finalizer/"],
            "{slug}"
        );
    }
    // The switch is offered only where there are term links.
    assert!(page(&out, "articles/digest/index.html").contains("class=\"terms-toggle\""));
}

#[test]
fn everyday_words_of_the_official_glossary_link_only_for_beginners() {
    // kubernetes.io tags contributor.md `community` (a role of the community) and configmap.md
    // `core-object`: the first is everyday to a reader of release articles, the second is looked up.
    let f = Fixture::new();
    let body = "コントリビューターがConfigMapを更新しました。\n";
    digest_and_intro(&f, body);
    let out = f.build();
    let links = |slug: &str| term_links(&page(&out, &format!("articles/{slug}/index.html")));
    assert_eq!(links("digest"), ["../../glossary/configmap/"]);
    assert_eq!(
        links("intro"),
        ["../../glossary/contributor/", "../../glossary/configmap/"]
    );
    // The everyday word keeps its entry and page.
    assert!(page(&out, "glossary/contributor/index.html").contains("コントリビューター"));
}

#[test]
fn the_seed_glossary_marks_everyday_words_common() {
    let out = Fixture::with_repo_content().build();
    let html = page(&out, A132);
    let links = term_links(&html);
    for everyday in [
        "pod",
        "node",
        "cluster",
        "service",
        "ga",
        "graduation",
        "kube-apiserver",
    ] {
        let href = format!("../../glossary/{everyday}/");
        assert!(
            !links.contains(&href),
            "{everyday} is an everyday term and should not link in the 1.32 digest"
        );
    }
    // A term a reader may not know still links: the 1.32 article's MutatingAdmissionPolicy.
    assert!(links.contains(&"../../glossary/mutating-admission-policy/".to_string()));
}

#[test]
fn each_tooltip_is_in_the_page_once() {
    let out = Fixture::with_repo_content().build();
    let html = page(&out, A132);
    let links = term_links(&html);
    assert!(links.len() >= 20, "{} term links", links.len());
    assert_eq!(html.matches("class=\"term-tip\"").count(), links.len());
    for n in 1..=links.len() {
        assert_eq!(
            html.matches(&format!(" id=\"tip-{n}\"")).count(),
            1,
            "tip-{n}"
        );
    }
}

#[test]
fn long_gate_names_break_between_words_and_ids_carry_no_break_points() {
    let out = Fixture::with_repo_content().build();
    let html = page(&out, A132);
    // In prose, and as a chip in the header.
    assert!(
        html.contains(">Allow<wbr>Unsafe<wbr>Malformed<wbr>Object<wbr>Deletion</a>"),
        "the gate name has no break points"
    );
    let gate = page(
        &out,
        "feature-gates/AllowUnsafeMalformedObjectDeletion/index.html",
    );
    assert!(gate.contains("<code>Allow<wbr>Unsafe<wbr>Malformed<wbr>Object<wbr>Deletion</code>"));
    // KEP and PR links hold their ID as one run of text.
    assert!(html.contains("\">#128266</a>"));
    assert!(!html.contains("KEP-<wbr>"));
}

#[test]
fn code_colours_load_only_on_pages_with_code() {
    let f = Fixture::new();
    f.article(
        "code",
        "title = \"コード\"\nslug = \"code\"",
        "例:\n\n```yaml\nkind: Pod\n```\n",
    );
    f.article(
        "prose",
        "title = \"文章\"\nslug = \"prose\"",
        "コードはない。\n",
    );
    let out = f.build();
    let css = "static/highlight.css";
    assert!(page(&out, "articles/code/index.html").contains(css));
    assert!(!page(&out, "articles/prose/index.html").contains(css));
    assert!(!page(&out, "index.html").contains(css));
    assert!(out.files.contains_key(css));
}

#[test]
fn every_page_names_the_favicon_it_ships() {
    let out = Fixture::with_repo_content().build();
    let svg = page(&out, "static/favicon.svg");
    assert!(svg.starts_with("<svg"), "{svg}");
    for p in [
        A132,
        "index.html",
        "keps/index.html",
        "404.html",
        "search/index.html",
    ] {
        assert!(
            page(&out, p).contains("rel=\"icon\" href=\"")
                && page(&out, p).contains("static/favicon.svg\" type=\"image/svg+xml\""),
            "{p} names no favicon"
        );
    }
}

/// The stylesheets and scripts a page loads when it opens (`<link rel="stylesheet">` and
/// `<script src>`), as output paths.
fn loaded_at_start(html: &str, page_path: &str) -> Vec<String> {
    let dir = page_path.rsplit_once('/').map_or("", |(d, _)| d);
    let mut out = Vec::new();
    for (open, attr) in [
        ("<link rel=\"stylesheet\" href=\"", ""),
        ("<script src=\"", ""),
    ] {
        for s in html.split(open).skip(1) {
            let href = s.split('"').next().unwrap().to_string() + attr;
            out.push(resolve(dir, &href));
        }
    }
    out
}

fn resolve(dir: &str, href: &str) -> String {
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for seg in href.split('/') {
        match seg {
            ".." => {
                parts.pop();
            }
            "." | "" => {}
            s => parts.push(s),
        }
    }
    parts.join("/")
}

/// The weight budget: the 1.32 seed article page, HTML and every stylesheet and script it
/// loads when it opens, at most 150 KB uncompressed. Search loads on first use and is not part
/// of it (`reading_browser::search_loads_when_the_reader_goes_to_the_box`).
#[test]
fn the_1_32_article_page_weighs_at_most_150_kb() {
    // As this repository's site serves it: every article, and its own `static/` (a copy of the
    // built-in files, which ship compacted all the same).
    let f = Fixture::with_all_repo_content();
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_tree(&repo.join("static"), &f.root().join("static"));
    let out = f.build();
    let html = page(&out, A132);
    let assets = loaded_at_start(&html, A132);
    assert!(
        assets.contains(&"static/style.css".to_string()),
        "{assets:?}"
    );
    let mut total = html.len();
    let mut parts = vec![format!("{A132}: {}", html.len())];
    for a in &assets {
        let n = out
            .files
            .get(a)
            .unwrap_or_else(|| panic!("{a} is loaded but not built"))
            .len();
        total += n;
        parts.push(format!("{a}: {n}"));
    }
    assert!(
        total <= 150_000,
        "the page weighs {total} bytes: {}",
        parts.join(", ")
    );
    assert!(!assets.iter().any(|a| a.ends_with("search.js")));
    assert!(!assets.iter().any(|a| a.ends_with("highlight.css")));
}

#[test]
fn a_build_with_the_default_base_url_warns_and_prints_no_local_address() {
    let f = Fixture::new();
    f.write("site.toml", "title = \"テスト\"\n");
    f.article("a", "title = \"A\"\nslug = \"a\"", "本文。\n");
    let run = f.run(&["build"]);
    assert!(run.status.success());
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains(
            "site.toml: warning: `base_url` is still the default `http://127.0.0.1:1111/`"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("--base-url"), "the help says how: {stderr}");
    let html = std::fs::read_to_string(f.public().join("articles/a/index.html")).unwrap();
    assert!(!html.contains("class=\"print-url\""), "{html}");

    // Set, by site.toml or on the command line: no warning, and the handout prints the URL.
    let run = f.run(&["build", "--base-url", "https://example.org/k8s/"]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(!stderr.contains("base_url"), "{stderr}");
    let html = std::fs::read_to_string(f.public().join("articles/a/index.html")).unwrap();
    assert!(html.contains("<p class=\"print-url\">https://example.org/k8s/articles/a/</p>"));
}

/// The part of `releases/` about release `name`.
fn release_entry<'a>(html: &'a str, name: &str) -> &'a str {
    let start = html
        .find(&format!("<h2><a href=\"../releases/{name}/\">"))
        .unwrap_or_else(|| panic!("no {name} on releases/"));
    let end = html[start..]
        .find("</li>\n<li>")
        .map_or(html.len(), |e| start + e);
    &html[start..end]
}

#[test]
fn the_releases_page_shows_each_releases_headline_changes() {
    let out = Fixture::with_repo_content().build();
    let html = page(&out, "releases/index.html");
    // The 1.32 seed article states GA, beta, alpha and removed changes: each stage gets a
    // headline (at most two of one stage while others wait), GA first.
    let r132 = release_entry(&html, "1.32");
    let headlines = &r132[r132.find("<ul class=\"headlines\"").expect("headlines")..];
    let stages: Vec<&str> = headlines
        .split("<li><span class=\"stage stage-")
        .skip(1)
        .map(|s| s.split('"').next().unwrap())
        .collect();
    assert_eq!(
        stages,
        ["stable", "stable", "beta", "beta", "alpha", "removed"],
        "{r132}"
    );
    // The count of a stage is what the release page lists under it, and links there.
    let release = page(&out, "releases/1.32/index.html");
    let alpha = &release[release.find("<h3 id=\"stage-alpha\">").unwrap()..];
    let alpha = &alpha[..alpha.find("</ul>").unwrap()];
    // Each change is an `<li data-item=…>` (the session checklist's item).
    let n = alpha.matches("<li ").count();
    assert!(
        r132.contains(&format!("href=\"../releases/1.32/#stage-alpha\"><span class=\"stage stage-alpha\">alpha</span> <span class=\"n\">{n}</span>")),
        "{r132}"
    );
    assert!(r132.matches("<li>").count() <= 6, "{r132}");
    // Each headline links to the item that states it, which exists.
    let a132 = page(&out, A132);
    for item in r132
        .split("href=\"../articles/k8s-1-32-sig-api-machinery/#")
        .skip(1)
    {
        let anchor = item.split('"').next().unwrap();
        assert!(a132.contains(&format!(" id=\"{anchor}\"")), "{anchor}");
    }
}

#[test]
fn home_cards_summarize_with_the_first_sentences_that_say_what_changed() {
    let out = Fixture::with_repo_content().build();
    let home = page(&out, "index.html");
    // The 1.31 article opens with a note on its translation that cites the original's URL.
    assert!(!home.contains("class=\"summary\">本文の内容は"), "{home}");
    assert!(home.contains(
        "class=\"summary\">Kubernetes 1.31が間もなく登場します。このリリースでは、プロジェクトに大きな変更が加えられます。"
    ));
}

#[test]
fn a_sites_own_static_file_replaces_the_built_in_one_but_a_copy_ships_as_built_in() {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let shipped = std::fs::read_to_string(repo.join("static/style.css")).unwrap();
    let f = Fixture::with_article("a", "title = \"A\"\nslug = \"a\"", "本文。\n");
    // A copy of shiori's terms.js, and a style.css of the site's own.
    copy_tree(&repo.join("static"), &f.root().join("static"));
    f.write("static/style.css", "/* mine */\nbody { color: red; }\n");
    let out = f.build();
    let css = String::from_utf8(out.files["static/style.css"].to_vec()).unwrap();
    assert_eq!(
        css, "/* mine */\nbody { color: red; }\n",
        "the site's own, as written"
    );
    // An unchanged copy ships as the built-in one: a script without its comment lines, and
    // (on a second site whose style.css is the copy too) a stylesheet without its comments.
    let source = std::fs::read_to_string(repo.join("static/terms.js")).unwrap();
    let script = String::from_utf8(out.files["static/terms.js"].to_vec()).unwrap();
    assert!(source.lines().any(|l| l.trim_start().starts_with("//")));
    assert!(
        !script.lines().any(|l| l.trim_start().starts_with("//")),
        "{script}"
    );
    // Every line of code is kept, in order.
    let code = |js: &str| -> Vec<String> {
        js.lines()
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty() && !l.starts_with("//"))
            .collect()
    };
    assert_eq!(code(&script), code(&source));
    let g = Fixture::with_article("a", "title = \"A\"\nslug = \"a\"", "本文。\n");
    copy_tree(&repo.join("static"), &g.root().join("static"));
    let copied = String::from_utf8(g.build().files["static/style.css"].to_vec()).unwrap();
    assert!(shipped.contains("/*"), "the source has comments");
    assert!(
        !copied.contains("/*"),
        "a copy ships compacted, as the built-in one"
    );
    assert!(copied.len() < shipped.len());
}

#[test]
fn hatena_footnotes_are_numbered_notes_and_a_qiita_fence_names_its_file() {
    let f = Fixture::with_article(
        "hatena",
        "title = \"はてなから\"\nslug = \"hatena\"\nrelease = \"1.33\"",
        "サイドカー((KEP-753 で導入されました))は便利です((詳細は[公式ブログ](https://kubernetes.io/blog/)))。\n\n\
         ```yaml:pod.yaml\nkind: Pod\n```\n\n`f((x))` はコードのままです。\n",
    );
    let out = f.build();
    let html = page(&out, "articles/hatena/index.html");
    // Two notes, numbered in order, each linking back to its reference.
    assert!(html.contains("<code>f((x))</code>"), "{html}");
    assert!(
        !html.replace("<code>f((x))</code>", "").contains("(("),
        "no Hatena brackets left outside code: {html}"
    );
    for (n, label) in [(1, "hatena-1"), (2, "hatena-2")] {
        assert!(
            html.contains(&format!(
                "id=\"fnref-{label}\"><a href=\"#fn-{label}\">{n}</a></sup>"
            )),
            "reference {n}: {html}"
        );
        assert!(
            html.contains(&format!("href=\"#fnref-{label}\"")),
            "back link {n}"
        );
    }
    // The note's KEP is a mention like any other; its link inside the note stays the author's.
    assert!(html.contains("href=\"../../keps/753/\""), "{html}");
    assert!(
        html.contains("<a href=\"https://kubernetes.io/blog/\">公式ブログ</a>"),
        "{html}"
    );
    // `yaml:pod.yaml`: highlighted as YAML, the file name above it.
    assert!(
        html.contains(
            "<pre class=\"code\" data-lang=\"yaml\" data-title=\"pod.yaml\"><code><span class=\"hl-"
        ),
        "{html}"
    );
}

#[test]
fn a_zenn_post_shows_its_embeds_as_links_its_emoji_as_emoji_and_an_env_var_names_its_gate() {
    let f = Fixture::new();
    f.write(
        "content/zenn.md",
        "---\ntitle: \"client-go の WatchList\"\nemoji: \"🎉\"\ntype: \"tech\"\ntopics: [\"kubernetes\"]\npublished: true\nupdated_at: '2025-05-02T10:00:00+09:00'\n---\n\
         v1.33でベータになりました :tada:\n\n\
         @[card](https://github.com/kubernetes/enhancements/issues/3157)\n\n\
         @[youtube](dQw4w9WgXcQ)\n\n\
         環境変数 `KUBE_FEATURE_WatchListClient=true` で有効にできます。\n\n\
         ```sh\necho ':tada:'\n```\n",
    );
    let out = f.build();
    let html = page(&out, "articles/zenn/index.html");
    assert!(html.contains("v1.33でベータになりました 🎉"), "{html}");
    assert!(
        !html.contains("@[card]") && !html.contains("@[youtube]"),
        "{html}"
    );
    // The card is the KEP's link, so the KEP is mentioned; the video a link to its page.
    assert!(
        html.contains("href=\"https://github.com/kubernetes/enhancements/issues/3157\""),
        "{html}"
    );
    assert!(
        html.contains("<a href=\"https://www.youtube.com/watch?v=dQw4w9WgXcQ\">YouTube</a>"),
        "{html}"
    );
    // In code the shortcode stays as written.
    assert!(html.contains(":tada:"), "code keeps its text: {html}");
    let keps = json(&out, "api/keps.json");
    let kep = keps["keps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["number"] == 3157)
        .expect("the card's KEP is mentioned");
    assert_eq!(kep["mentions"][0]["article"], "zenn");
    assert_ne!(kep["title"], "card");
    let gates = json(&out, "api/feature-gates.json");
    assert!(
        gates["feature_gates"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["name"] == "WatchListClient" && g["mentions"][0]["article"] == "zenn"),
        "KUBE_FEATURE_WatchListClient names the gate"
    );
    // Qiita CLI's and Zenn's updated_at is the date when nothing else gives one.
    assert!(html.contains("2025-05-02"), "{html}");
}

#[test]
fn a_zenn_details_block_folds_under_its_title_and_keeps_its_markdown_and_mentions() {
    let f = Fixture::new();
    f.write(
        "content/fold.md",
        "---\ntitle: \"NodeSwap の設定\"\ntype: \"tech\"\ntopics: [\"kubernetes\"]\npublished: true\n---\n\
         前置き。\n\n\
         :::details ノードの設定例\n\
         ```yaml\nfeatureGates:\n  NodeSwap: true\n```\n\
         `NodeSwap` は v1.34 で GA になりました。\n\
         :::\n\n\
         ::::details\n:::message alert\n中の警告\n:::\n::::\n\n\
         > 普通の引用\n",
    );
    let out = f.build();
    let html = page(&out, "articles/fold/index.html");
    // Folded under its title, as Zenn shows it; the title keeps its paragraph's anchor.
    assert!(
        html.contains(
            "<details class=\"fold\">\n<summary><span id=\"p-2\"><strong>ノードの設定例</strong></span></summary>"
        ),
        "{html}"
    );
    // Its content is still Markdown: highlighted code, a paragraph with its own anchor.
    let fold = &html[html.find("<details class=\"fold\">").unwrap()..];
    let fold = &fold[..fold.find("</details>").unwrap()];
    assert!(
        fold.contains("<pre class=\"code\" data-lang=\"yaml\">"),
        "{fold}"
    );
    assert!(
        fold.contains("<p id=\"p-3\"><code>NodeSwap</code>"),
        "{fold}"
    );
    // Untitled, it is titled 詳細 as on Zenn, and a box inside stays a box.
    assert!(
        html.contains("<summary><span id=\"p-4\"><strong>詳細</strong></span></summary>\n<blockquote class=\"markdown-alert-caution\">"),
        "{html}"
    );
    assert_eq!(
        html.matches("<details class=\"fold\">").count(),
        2,
        "{html}"
    );
    assert!(html.matches("</details>").count() >= 2, "{html}");
    // A quote the author wrote is a quote.
    assert!(
        html.contains("<blockquote>\n<p id=\"p-6\">普通の引用</p>"),
        "{html}"
    );
    // The gate inside the fold is mentioned there, GA in 1.34.
    let gates = json(&out, "api/feature-gates.json");
    let gate = gates["feature_gates"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "NodeSwap")
        .expect("NodeSwap is mentioned");
    let m = &gate["mentions"][0];
    assert!(m["url"].as_str().unwrap().ends_with("#p-3"), "{m}");
    assert_eq!(m["stage"], "stable", "{m}");
    assert_eq!(m["release"], "1.34", "{m}");
}

#[test]
fn a_marp_decks_image_keywords_leave_the_alt_text_and_other_articles_keep_theirs() {
    let f = Fixture::new();
    f.write(
        "content/deck.md",
        "---\nmarp: true\ntitle: 'Kubernetes 1.33 勉強会'\n---\n\
         ![bg right:40%](node.png)\n\n---\n\n![w:320 Pod の図](pod.png)\n",
    );
    f.write(
        "content/plain.md",
        "---\ntitle: '図の記事'\n---\n![bg](x.png)\n",
    );
    let out = f.build();
    let deck = page(&out, "articles/deck/index.html");
    assert!(deck.contains(r#"alt="""#), "{deck}");
    assert!(deck.contains(r#"alt="Pod の図""#), "{deck}");
    assert!(
        !deck.contains("right:40%") && !deck.contains("w:320"),
        "{deck}"
    );
    let plain = page(&out, "articles/plain/index.html");
    assert!(plain.contains(r#"alt="bg""#), "{plain}");
}

#[test]
fn a_mention_in_a_table_is_quoted_with_its_row() {
    let f = Fixture::new();
    f.write(
        "content/t.md",
        "---\ntitle: \"表の記事\"\nrelease: \"1.33\"\n---\n## ベータに昇格した機能\n\n\
         | KEP | ゲート | ステージ |\n|---|---|---|\n\
         | [#1287](https://github.com/kubernetes/enhancements/issues/1287) | `InPlacePodVerticalScaling` | ベータ |\n",
    );
    let out = f.build();
    let row = "#1287 | InPlacePodVerticalScaling | ベータ";
    for path in [
        "keps/1287/index.html",
        "feature-gates/InPlacePodVerticalScaling/index.html",
        "releases/1.33/index.html",
    ] {
        let html = page(&out, path);
        assert!(html.contains(row), "{path}: {html}");
    }
}

/// Asserts that the build warned about `file` at `line`.
fn assert_warned_at(out: &Output, file: &str, line: usize) {
    let warnings: Vec<String> = out.warnings.iter().map(|w| w.to_string()).collect();
    assert!(
        warnings
            .iter()
            .any(|w| w.contains(&format!("{file}:{line}: warning"))),
        "{file}:{line}: {warnings:?}"
    );
}

/// The text of the code block of `lang` on `html`, as a reader copies it: tags gone, entities read.
fn code_text(html: &str, lang: &str) -> String {
    let open = format!("<pre class=\"code\" data-lang=\"{lang}\">");
    let start = html
        .find(&open)
        .unwrap_or_else(|| panic!("no {lang} code: {html}"))
        + open.len();
    let inner = &html[start..start + html[start..].find("</pre>").unwrap()];
    let mut text = String::new();
    let mut in_tag = false;
    for c in inner.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

#[test]
fn hatena_code_quotes_and_photos_hugo_diagrams_captions_and_patch_versions_read_as_written() {
    let f = Fixture::new();
    let hatena = "+++\ntitle = \"はてなから\"\nslug = \"hatena\"\nrelease = \"1.33\"\n+++\n\
                  >|yaml|\nkind: DeviceClass\nspec:\n  selectors:\n  - cel: ((x))\n||<\n\n\
                  >>\nリリースノートは毎回読みましょう。\n<<\n\n\
                  [f:id:k8s_taro:20250830123456p:plain:alt=構成図]\n\n\
                  [https://kubernetes.io/docs/concepts/:title=公式ドキュメント:bookmark]\n\n\
                  ループでは $((i+1)) のように使います((算術展開です))。\n\n\
                  [戻る](javascript:alert(1))\n";
    f.write("content/hatena.md", hatena);
    f.write(
        "content/kubectl.md",
        "---\ntitle: kubectlのインストール\nslug: kubectl\nrelease: \"1.33\"\n---\n\
         {{< mermaid >}}\ngraph LR;\n  A((Pod)) --> B[Service];\n{{< /mermaid >}}\n\n\
         {{< table caption=\"リサイズポリシーとQoSクラスの組み合わせ\" >}}\n\
         | リソース | 再起動 |\n|---|---|\n| CPU | なし |\n{{< /table >}}\n\n\
         ```shell\ncurl -LO \"https://dl.k8s.io/release/v{{< skew currentPatchVersion >}}/bin/linux/amd64/kubectl\"\n```\n",
    );
    f.write(
        "content/norelease.md",
        "---\ntitle: リソースの変更\nslug: norelease\n---\n\
         v{{< skew currentVersion >}} のクラスターと、v{{< skew currentVersionAddMinor -1 >}} のkubectl。\n",
    );
    f.write(
        "content/zenn.md",
        "---\ntitle: \"Zenn 画像\"\nslug: zenn\ntype: \"tech\"\ntopics: [\"kubernetes\"]\n---\n\
         ![構成図](https://example.com/c.png \"クラスタ構成\" =300x)\n",
    );
    let out = f.build();

    let html = page(&out, "articles/hatena/index.html");
    // Super-pre: YAML code exactly as written, no note or term link taken out of it.
    assert_eq!(
        code_text(&html, "yaml"),
        "kind: DeviceClass\nspec:\n  selectors:\n  - cel: ((x))\n"
    );
    assert!(
        html.contains(
            "<blockquote>\n<p id=\"p-1\">リリースノートは毎回読みましょう。</p>\n</blockquote>"
        ),
        "{html}"
    );
    assert!(
        !html.contains("||&lt;") && !html.contains("&lt;&lt;"),
        "{html}"
    );
    assert!(
        html.contains("<img src=\"https://cdn-ak.f.st-hatena.com/images/fotolife/k/k8s_taro/20250830/20250830123456.png\" alt=\"構成図\""),
        "{html}"
    );
    assert!(
        html.contains("<a href=\"https://kubernetes.io/docs/concepts/\">公式ドキュメント</a>"),
        "{html}"
    );
    // Shell arithmetic stays; the one real note is the only one.
    assert!(html.contains("ループでは $((i+1)) のように"), "{html}");
    assert!(html.contains("算術展開です"), "{html}");
    assert!(
        html.contains("href=\"#fn-hatena-1\"") && !html.contains("hatena-2"),
        "{html}"
    );
    // Every line stayed on its line: the dropped link is reported where it is written.
    let line = 1 + hatena
        .lines()
        .position(|l| l.contains("javascript:"))
        .unwrap();
    assert_warned_at(&out, "hatena.md", line);

    let html = page(&out, "articles/kubectl/index.html");
    assert_eq!(
        code_text(&html, "mermaid"),
        "graph LR;\n  A((Pod)) --> B[Service];\n"
    );
    assert!(
        html.contains("<strong>リサイズポリシーとQoSクラスの組み合わせ</strong></p>\n<table>"),
        "{html}"
    );
    assert!(
        code_text(&html, "shell")
            .contains("\"https://dl.k8s.io/release/v1.33.0/bin/linux/amd64/kubectl\""),
        "{html}"
    );
    let html = page(&out, "articles/norelease/index.html");
    assert!(
        html.contains("vX.Y のクラスターと、vX.Y のkubectl。"),
        "{html}"
    );
    let html = page(&out, "articles/zenn/index.html");
    assert!(
        html.contains(
            "<img src=\"https://example.com/c.png\" alt=\"構成図\" title=\"クラスタ構成\""
        ),
        "{html}"
    );
}

#[test]
fn a_qiita_articles_video_and_slides_are_links_and_a_script_of_its_own_is_reported() {
    let f = Fixture::new();
    let text = "---\ntitle: \"埋め込み\"\ntags: [Kubernetes]\n---\n\nスライドはこちら。\n\n\
                <script defer class=\"speakerdeck-embed\" data-id=\"a1b2c3d4e5f64789a0b1c2d3e4f5a6b7\" src=\"//speakerdeck.com/assets/embed.js\"></script>\n\n\
                動画:\n\n\
                <iframe width=\"560\" height=\"315\" src=\"https://www.youtube.com/embed/dQw4w9WgXcQ\" title=\"KubeCon\" allowfullscreen></iframe>\n\n\
                <iframe src=\"javascript:alert(1)\"></iframe>\n\n\
                <script>\ndocument.title = 'x';\n</script>\n";
    f.write("content/embeds.md", text);
    let out = f.build();
    let html = page(&out, "articles/embeds/index.html");
    assert!(
        html.contains(
            "<p><a href=\"https://speakerdeck.com/player/a1b2c3d4e5f64789a0b1c2d3e4f5a6b7\" rel=\"noopener noreferrer\">Speaker Deck</a></p>"
        ),
        "{html}"
    );
    assert!(
        html.contains(
            "<p><a href=\"https://www.youtube.com/watch?v=dQw4w9WgXcQ\" rel=\"noopener noreferrer\">YouTube: KubeCon</a></p>"
        ),
        "{html}"
    );
    let prose =
        &html[html.find("<div class=\"prose\">").unwrap()..html.find("article-footer").unwrap()];
    for gone in ["<iframe", "<script", "javascript:", "document.title"] {
        assert!(!prose.contains(gone), "{gone}: {prose}");
    }
    // What was dropped with nothing in its place is reported at its line.
    for written in ["<iframe src=\"javascript:alert(1)\"></iframe>", "<script>"] {
        let line = 1 + text.lines().position(|l| l == written).unwrap();
        assert_warned_at(&out, "embeds.md", line);
    }
    assert_eq!(
        out.warnings
            .iter()
            .filter(|w| w.to_string().contains("embeds.md"))
            .count(),
        2,
        "{:?}",
        out.warnings
    );
}

/// Each `<math>…</math>` element of `html`.
fn formulas(html: &str) -> Vec<&str> {
    html.split("<math ")
        .skip(1)
        .map(|s| &s[..s.find("</math>").unwrap()])
        .collect()
}

#[test]
fn math_is_drawn_with_its_tex_kept_and_a_dollar_elsewhere_is_a_dollar() {
    let f = Fixture::new();
    let tex = "\\begin{aligned}\n\\mathrm{CPU}_{total} &= \\sum_i c_i \\\\\nS &= \\{ p \\mid p \\in \\mathrm{Pods} \\}\n\\end{aligned}";
    f.write(
        "content/zenn.md",
        &format!(
            "---\ntitle: \"数式\"\nslug: zenn-math\nemoji: \"🧮\"\ntype: \"tech\"\n---\n\n\
             $$\n{tex}\n$$\n\nインライン $2*3*4$ と $\\{{a, b\\}}$、$\\text{{Pod}} \\ne \\text{{KEP-3157}}$。\n\n\
             ```math\nx^2\n```\n"
        ),
    );
    f.write(
        "content/shell.md",
        &format!(
            "---\ntitle: \"シェル\"\nslug: shell\n---\n\n$HOME と $PATH を使い、$((i+1)) と数えます。\n\n$$\n{tex}\n$$\n"
        ),
    );
    let out = f.build();

    let html = page(&out, "articles/zenn-math/index.html");
    let math = formulas(&html);
    assert_eq!(math.len(), 5, "{html}");
    // The display block, drawn, its TeX exactly as written in its annotation.
    assert!(math[0].starts_with("display=\"block\">"), "{}", math[0]);
    assert!(
        math[0].contains("<mtable class=\"menv-alignlike"),
        "{}",
        math[0]
    );
    assert!(
        math[0].contains(&format!(
            "<annotation encoding=\"application/x-tex\">{}</annotation>",
            tex.replace('&', "&amp;")
        )),
        "{}",
        math[0]
    );
    assert!(
        html.contains("インライン <math display=\"inline\">"),
        "{html}"
    );
    assert!(
        math[1].contains("<mn>2</mn><mo>∗</mo><mn>3</mn><mo>∗</mo><mn>4</mn>"),
        "{}",
        math[1]
    );
    assert!(math[2].contains(">\\{a, b\\}</annotation>"), "{}", math[2]);
    // Nothing of ours goes inside: no glossary term, no KEP link.
    assert!(
        math.iter()
            .all(|m| !m.contains("<a ") && !m.contains("class=\"term")),
        "{math:?}"
    );
    assert!(!html.contains("<em>3</em>"), "{html}");
    assert!(math[4].starts_with("display=\"block\">"), "{}", math[4]);

    let html = page(&out, "articles/shell/index.html");
    assert!(
        html.contains("$HOME と $PATH を使い、$((i+1)) と数えます。"),
        "{html}"
    );
    let math = formulas(&html);
    assert_eq!(math.len(), 1, "{html}");
    assert!(math[0].contains("∑"), "{}", math[0]);
}

#[test]
fn a_diff_of_a_named_file_shows_the_name_and_a_qiita_diff_lang_is_a_diff() {
    let f = Fixture::new();
    f.write(
        "content/diff.md",
        "---\ntitle: \"diff\"\nslug: diff\n---\n\n\
         ```diff yaml:manifest.yaml\n-    cpu: \"500m\"\n+    cpu: \"800m\"\n```\n\n\
         ```diff_yaml\n-    memory: 1Gi\n+    memory: 2Gi\n```\n",
    );
    let out = f.build();
    let html = page(&out, "articles/diff/index.html");
    assert!(
        html.contains("<pre class=\"code\" data-lang=\"diff\" data-title=\"manifest.yaml\"><code>"),
        "{html}"
    );
    assert_eq!(
        code_text(&html, "diff\" data-title=\"manifest.yaml"),
        "-    cpu: \"500m\"\n+    cpu: \"800m\"\n"
    );
    // Both are diffs: each removed and added line coloured as such.
    assert_eq!(
        html.matches("<pre class=\"code\" data-lang=\"diff\"")
            .count(),
        2,
        "{html}"
    );
    assert_eq!(
        html.matches("hl-markup hl-deleted hl-diff").count(),
        2,
        "{html}"
    );
    assert_eq!(
        html.matches("hl-markup hl-inserted hl-diff").count(),
        2,
        "{html}"
    );
}

#[test]
fn mixed_zenn_hatena_and_markdown_notes_are_listed_in_the_order_they_are_referenced() {
    let f = Fixture::new();
    f.write(
        "content/notes.md",
        "---\ntitle: \"脚注の順序\"\nslug: notes\n---\n\n\
         インライン脚注^[インラインの注]と通常の脚注[^1]、はてなの注((はてなの注))。\n\n\
         [^1]: 通常の注\n\n最後の段落。\n",
    );
    let out = f.build();
    let html = page(&out, "articles/notes/index.html");
    // The numbers in the text run 1, 2, 3 ...
    let numbers: Vec<&str> = html
        .split("<sup class=\"footnote-reference\"")
        .skip(1)
        .map(|s| s.split("</a>").next().unwrap().rsplit('>').next().unwrap())
        .collect();
    assert_eq!(numbers, ["1", "2", "3"], "{html}");
    // ... and so does the list, after the last paragraph, each number with its note.
    let listed: Vec<(&str, &str)> = html
        .split("<sup class=\"footnote-definition-label\">")
        .skip(1)
        .map(|s| {
            let (n, rest) = s.split_once("</sup>").unwrap();
            (
                n,
                rest.split('>').nth(1).unwrap().split('<').next().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            ("1", "インラインの注"),
            ("2", "通常の注"),
            ("3", "はてなの注")
        ],
        "{html}"
    );
    assert!(
        html.find("最後の段落").unwrap() < html.find("footnote-definition").unwrap(),
        "{html}"
    );
}

#[test]
fn hatena_pre_blocks_are_code_no_other_pass_reads_and_a_quote_cites_its_source() {
    let f = Fixture::new();
    f.write(
        "content/hatena.md",
        "---\ntitle: \"はてな\"\nslug: hatena\n---\n\n[:contents]\n\n\
         >|yaml|\n# :::message\n[:contents]\n:::\nkind: Pod\n||<\n\n\
         >|\n  $ kubectl get pods\n  NAME   READY\n|<\n\n\
         >https://kubernetes.io/releases/notes/>\nリリースノートは毎回必ず読みましょう。\n<<\n後の段落。\n",
    );
    let out = f.build();
    let html = page(&out, "articles/hatena/index.html");
    // The `:::` and `[:contents]` lines are the YAML's, not a box or a contents marker.
    assert_eq!(
        code_text(&html, "yaml"),
        "# :::message\n[:contents]\n:::\nkind: Pod\n"
    );
    // Plain pre: preformatted as written, no language.
    assert_eq!(
        code_text(&html, ""),
        "  $ kubectl get pods\n  NAME   READY\n"
    );
    assert!(!html.contains("補足") && !html.contains("|&lt;"), "{html}");
    // The quote ends with its source, and the next line is a paragraph of its own.
    assert!(
        html.contains(
            "<p id=\"p-1\">リリースノートは毎回必ず読みましょう。</p>\n<footer><span id=\"h-1\"><cite><a href=\"https://kubernetes.io/releases/notes/\">https://kubernetes.io/releases/notes/</a></cite></span></footer>\n</blockquote>\n<p id=\"p-2\">後の段落。</p>"
        ),
        "{html}"
    );
}

#[test]
fn in_a_qiita_article_an_at_name_links_to_qiita_and_elsewhere_to_github() {
    let f = Fixture::new();
    let body =
        "詳しくは @nakamura さんと @k8s_taro さんの記事が参考になりました (#118653, @pohly)。\n";
    f.write(
        "content/qiita.md",
        &format!(
            "---\ntitle: \"謝辞\"\nslug: qiita\ntags: [Kubernetes]\nprivate: false\n---\n\n{body}"
        ),
    );
    f.write(
        "content/blog.md",
        &format!("---\ntitle: \"謝辞\"\nslug: blog\n---\n\n{body}"),
    );
    let out = f.build();
    let html = page(&out, "articles/qiita/index.html");
    for (name, url) in [
        ("nakamura", "https://qiita.com/nakamura"),
        ("k8s_taro", "https://qiita.com/k8s_taro"),
        // A pull request's author is GitHub's wherever it is written.
        ("pohly", "https://github.com/pohly"),
    ] {
        assert!(
            html.contains(&format!(
                "<a class=\"ref ref-handle\" href=\"{url}\">@{name}</a>"
            )),
            "{name}: {html}"
        );
    }
    let html = page(&out, "articles/blog/index.html");
    assert!(
        html.contains(
            "<a class=\"ref ref-handle\" href=\"https://github.com/nakamura\">@nakamura</a>"
        ),
        "{html}"
    );
    // Not a GitHub login (it has a `_`): no link.
    assert!(!html.contains("github.com/k8s"), "{html}");
}
