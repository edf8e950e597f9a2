//! The glossary on the built site: the repository's articles and small fixture sites, built in
//! memory and with the real binary. Term pages for both spellings of a term, keyword-in-context
//! lines that land on anchors that exist, the exports (JSON contract, CSV/TSV with BOM, TBX
//! structure), tooltips only where they belong (never in code, links or headings; the first
//! occurrence per section), `shiori glossary suggest`, and errors in `glossary/terms.toml`.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

use crate::support::{Fixture, json, page};
use shiori::check::links::broken_links;
use shiori::pipeline::Output;

const A131: &str = "articles/k8s-1-31-whats-new/index.html";
const A132: &str = "articles/k8s-1-32-sig-api-machinery/index.html";
const MAP: &str = "glossary/mutating-admission-policy/index.html";

static REPO: LazyLock<Output> = LazyLock::new(|| Fixture::with_repo_content().build());

/// (href, link text) of every tooltip link of a page.
fn term_links(html: &str) -> Vec<(&str, &str)> {
    html.split("<span class=\"term\"><a href=\"")
        .skip(1)
        .map(|s| {
            let href = s.split('"').next().unwrap();
            let text = s.split_once("\">").unwrap().1.split("</a>").next().unwrap();
            (href, text)
        })
        .collect()
}

/// The element that starts at `start` (`<li ...>` or `<p ...>`), through its matching end tag.
fn element_at<'a>(html: &'a str, start: usize, tag: &str) -> &'a str {
    let (open, close) = (format!("<{tag}"), format!("</{tag}>"));
    let mut depth = 0;
    let mut i = start;
    loop {
        let next_open = html[i + 1..].find(&open).map(|p| p + i + 1);
        let next_close = html[i..].find(&close).map(|p| p + i).unwrap();
        match next_open {
            Some(o) if o < next_close => {
                depth += 1;
                i = o;
            }
            _ if depth == 0 => return &html[start..next_close + close.len()],
            _ => {
                depth -= 1;
                i = next_close + 1;
            }
        }
    }
}

fn element_containing<'a>(html: &'a str, tag: &str, text: &str) -> &'a str {
    let at = html.find(text).unwrap_or_else(|| panic!("no {text}"));
    let start = html[..at].rfind(&format!("<{tag} ")).unwrap();
    element_at(html, start, tag)
}

#[test]
fn both_spellings_lead_to_the_same_term_page_which_links_the_kep_and_the_gate() {
    let out = &*REPO;
    let href = "../../glossary/mutating-admission-policy/";
    let a131 = page(out, A131);
    assert!(
        term_links(&a131).contains(&(href, "ミューテーティングアドミッションポリシー")),
        "1.31 writes it in katakana"
    );
    // The 1.32 article links the term once, at its first plain occurrence; where it names the
    // feature gate, the gate's link wins.
    let a132 = page(out, A132);
    assert_eq!(
        term_links(&a132).iter().filter(|(h, _)| *h == href).count(),
        1
    );
    let li = element_containing(&a132, "li", "に v1alpha1 API が導入され");
    assert!(li.contains("href=\"../../feature-gates/MutatingAdmissionPolicy/\""));
    // The gate page leads to the term too.
    let gate = page(out, "feature-gates/MutatingAdmissionPolicy/index.html");
    assert!(gate.contains(href), "the gate page links the term");

    let term = page(out, MAP);
    assert!(term.contains("<span class=\"term-ja\" lang=\"ja\">ミューテーティングアドミッションポリシー</span> <span class=\"term-en\" lang=\"en\">MutatingAdmissionPolicy</span>"));
    assert!(term.contains("href=\"../../keps/3962/\""), "the KEP page");
    assert!(
        term.contains("href=\"../../feature-gates/MutatingAdmissionPolicy/\""),
        "the gate page"
    );
    for alias in ["mutating admission policy", "変更アドミッションポリシー"] {
        assert!(term.contains(&format!("<li>{alias}</li>")), "{alias}");
    }
    assert!(term.contains("CEL式でリクエストのオブジェクトを書き換える"));
    assert!(term.contains("An admission policy that mutates request objects"));
    // Its occurrences come from both articles.
    for a in ["k8s-1-31-whats-new", "k8s-1-32-sig-api-machinery"] {
        assert!(
            term.contains(&format!("href=\"../../articles/{a}/#")),
            "{a}"
        );
    }
}

#[test]
fn keyword_in_context_lines_link_to_anchors_that_exist() {
    let out = &*REPO;
    let terms = json(out, "api/glossary.json");
    let mut lines = 0;
    for t in terms["terms"].as_array().unwrap() {
        let file = format!("{}index.html", t["url"].as_str().unwrap());
        let html = page(out, &file);
        let kwic: Vec<&str> = html
            .split("<ol class=\"kwic\">")
            .skip(1)
            .flat_map(|ol| {
                ol.split("</ol>")
                    .next()
                    .unwrap()
                    .split("<li><a href=\"")
                    .skip(1)
                    .map(|s| s.split('"').next().unwrap())
            })
            .collect();
        let mentions = t["mentions"].as_u64().unwrap() as usize;
        assert_eq!(kwic.len(), mentions.min(200), "{file}");
        for href in kwic {
            let (path, anchor) = href
                .strip_prefix("../../")
                .unwrap()
                .split_once('#')
                .unwrap();
            let target = page(out, &format!("{path}index.html"));
            assert!(
                target.contains(&format!(" id=\"{anchor}\"")),
                "{file}: {href}"
            );
            lines += 1;
        }
    }
    assert!(lines > 1000, "{lines} lines");
    let broken: Vec<_> = broken_links(&out.files)
        .into_iter()
        .filter(|b| b.page.starts_with("glossary/") || b.page.starts_with("articles/"))
        .collect();
    assert!(broken.is_empty(), "{broken:#?}");
}

#[test]
fn glossary_json_follows_the_contract() {
    let out = &*REPO;
    let j = json(out, "api/glossary.json");
    assert_eq!(
        j.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["terms", "version"]
    );
    assert_eq!(j["version"], 1);
    let terms = j["terms"].as_array().unwrap();
    assert!(terms.len() >= 116, "{}", terms.len());
    let ids: Vec<&str> = terms.iter().map(|t| t["id"].as_str().unwrap()).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(ids, sorted, "sorted by id, unique");
    let kinds = [
        "term",
        "api_kind",
        "component",
        "stage",
        "feature",
        "feature_gate",
        "kep",
        "tool",
        "field",
    ];
    let mut sources = BTreeMap::new();
    for t in terms {
        let keys: BTreeSet<&str> = t.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            BTreeSet::from([
                "id", "en", "ja", "aliases", "kind", "source", "url", "mentions"
            ]),
            "{t}"
        );
        let id = t["id"].as_str().unwrap();
        assert_eq!(t["url"], format!("glossary/{id}/"));
        assert!(out.files.contains_key(&format!("glossary/{id}/index.html")));
        assert!(kinds.contains(&t["kind"].as_str().unwrap()), "{t}");
        assert!(t["aliases"].is_array() && t["mentions"].is_u64(), "{t}");
        *sources
            .entry(t["source"].as_str().unwrap().to_string())
            .or_insert(0) += 1;
    }
    assert_eq!(
        sources.keys().collect::<Vec<_>>(),
        ["curated", "extracted", "official"],
        "{sources:?}"
    );
    assert_eq!(sources["curated"], 117);
    // Everyday loanwords the articles pair perfectly (Set/セット, Version/バージョン) are no
    // glossary candidates.
    for t in j["terms"].as_array().unwrap() {
        if t["source"] == "extracted" {
            let ja = t["ja"].as_str().unwrap();
            assert!(
                !["セット", "バージョン", "デフォルト", "サポート", "リリース"].contains(&ja),
                "{t}"
            );
        }
    }
    // The official glossary's 160 entries fill in under the curated ones: those a curated
    // entry already names (Pod, クラスター, kubelet…) merge into it, the rest are their own.
    assert!((60..160).contains(&sources["official"]), "{sources:?}");
    let map = terms
        .iter()
        .find(|t| t["id"] == "mutating-admission-policy")
        .unwrap();
    assert_eq!(map["en"], "MutatingAdmissionPolicy");
    assert_eq!(map["ja"], "ミューテーティングアドミッションポリシー");
    assert_eq!(map["kind"], "api_kind");
    assert!(map["mentions"].as_u64().unwrap() >= 7, "{map}");
}

#[test]
fn csv_and_tsv_are_utf8_with_a_bom_and_one_row_per_term() {
    let out = &*REPO;
    let n = json(out, "api/glossary.json")["terms"]
        .as_array()
        .unwrap()
        .len();
    for (file, sep) in [("glossary.csv", ','), ("glossary.tsv", '\t')] {
        let bytes = &out.files[file];
        assert_eq!(&bytes[..3], b"\xEF\xBB\xBF", "{file} starts with a BOM");
        let text = std::str::from_utf8(&bytes[3..]).unwrap();
        let header = text.lines().next().unwrap();
        assert!(
            header.starts_with(&format!("id{sep}en{sep}ja{sep}aliases{sep}kind")),
            "{header}"
        );
        // One record per line: no field holds a line break in these terms.
        assert_eq!(text.split("\r\n").filter(|l| !l.is_empty()).count(), n + 1);
        assert!(text.contains(&format!(
            "mutating-admission-policy{sep}MutatingAdmissionPolicy{sep}ミューテーティングアドミッションポリシー{sep}"
        )));
    }
    let index = page(out, "glossary/index.html");
    for export in [
        "glossary.csv",
        "glossary.tsv",
        "glossary.tbx",
        "api/glossary.json",
    ] {
        assert!(
            index.contains(&format!("href=\"../{export}\"")),
            "/glossary/ links {export}"
        );
    }
}

#[test]
fn tbx_has_one_entry_per_term_with_both_languages() {
    use quick_xml::Reader;
    use quick_xml::events::Event;
    let out = &*REPO;
    let n = json(out, "api/glossary.json")["terms"]
        .as_array()
        .unwrap()
        .len();
    let tbx = std::str::from_utf8(&out.files["glossary.tbx"]).unwrap();
    let mut r = Reader::from_str(tbx);
    let mut path: Vec<String> = Vec::new();
    let mut entries = 0;
    let mut langs: Vec<String> = Vec::new();
    let mut terms_in_lang = 0;
    let mut martif_type = String::new();
    loop {
        match r.read_event().unwrap() {
            Event::Start(e) => {
                let name = e.name().as_ref().to_string();
                let attr = |k: &str| {
                    e.attributes()
                        .flatten()
                        .find(|a| a.key.as_ref() == k)
                        .map(|a| a.value.to_string())
                };
                match name.as_str() {
                    "martif" => martif_type = attr("type").unwrap_or_default(),
                    "termEntry" => {
                        assert_eq!(path, ["martif", "text", "body"]);
                        assert!(attr("id").is_some());
                        entries += 1;
                        langs.clear();
                    }
                    "langSet" => {
                        assert_eq!(path.last().map(String::as_str), Some("termEntry"));
                        langs.push(attr("xml:lang").unwrap());
                        terms_in_lang = 0;
                    }
                    "term" => {
                        assert_eq!(path.last().map(String::as_str), Some("tig"));
                        terms_in_lang += 1;
                    }
                    _ => {}
                }
                path.push(name);
            }
            Event::End(e) => {
                let name = e.name().as_ref().to_string();
                assert_eq!(path.pop().as_deref(), Some(name.as_str()), "well nested");
                match name.as_str() {
                    "langSet" => assert!(terms_in_lang >= 1, "a langSet has a term"),
                    "termEntry" => assert_eq!(langs, ["en", "ja"]),
                    _ => {}
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert!(path.is_empty());
    assert_eq!(martif_type, "TBX-Basic");
    assert_eq!(entries, n);
}

/// Open elements at each tooltip, by a small HTML walk (the pages are generated: every tag
/// is closed, attribute values are quoted).
fn ancestors_of_tooltips(html: &str) -> Vec<Vec<String>> {
    const VOID: [&str; 7] = ["br", "img", "input", "meta", "link", "hr", "wbr"];
    let mut stack: Vec<String> = Vec::new();
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        rest = &rest[lt..];
        let end = rest.find('>').unwrap();
        let tag = &rest[1..end];
        if tag.starts_with('!') {
            rest = &rest[end + 1..];
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            let popped = stack.pop();
            assert_eq!(popped.as_deref(), Some(name.trim()), "nesting");
        } else {
            let name: String = tag
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            if tag.starts_with("span class=\"term\"") {
                out.push(stack.clone());
            }
            if name == "script" || name == "style" {
                let close = format!("</{name}>");
                rest = &rest[rest.find(&close).unwrap() + close.len()..];
                continue;
            }
            if !VOID.contains(&name.as_str()) && !tag.ends_with('/') {
                stack.push(name);
            }
        }
        rest = &rest[end + 1..];
    }
    out
}

#[test]
fn tooltips_never_stand_in_code_links_or_headings_and_their_ids_are_unique() {
    let out = &*REPO;
    let mut total = 0;
    for file in [A131, A132, "articles/k8s-1-29-sig-node/index.html"] {
        let html = page(out, file);
        let body = &html[html.find("<div class=\"prose\">").unwrap()..];
        let body = &body[..body.find("<footer class=\"article-footer\">").unwrap()];
        for ancestors in ancestors_of_tooltips(body) {
            for bad in ["a", "code", "pre", "h1", "h2", "h3", "h4", "h5", "h6"] {
                assert!(
                    !ancestors.iter().any(|a| a == bad),
                    "{file}: a tooltip inside <{bad}>: {ancestors:?}"
                );
            }
            total += 1;
        }
        // Every link names its tooltip, which exists once and is a tooltip.
        let ids: Vec<&str> = html
            .split("aria-describedby=\"")
            .skip(1)
            .map(|s| s.split('"').next().unwrap())
            .collect();
        assert_eq!(ids.len(), term_links(&html).len());
        let unique: BTreeSet<&str> = ids.iter().copied().collect();
        assert_eq!(unique.len(), ids.len(), "{file}: ids are unique");
        for id in ids {
            assert_eq!(
                html.matches(&format!("role=\"tooltip\" id=\"{id}\""))
                    .count(),
                1,
                "{file}: {id}"
            );
        }
        assert!(
            html.contains("static/terms.js"),
            "{file} loads the tap script"
        );
    }
    assert!(total > 90, "{total} tooltips");
}

#[test]
fn each_term_is_linked_once_per_article_in_the_repository_articles() {
    let out = &*REPO;
    for file in [A131, A132] {
        let html = page(out, file);
        let body = &html[html.find("<div class=\"prose\">").unwrap()..];
        let mut seen = BTreeSet::new();
        for (href, _) in term_links(body) {
            assert!(seen.insert(href), "{file}: {href} twice");
        }
        assert!(seen.len() > 30, "{file}: {}", seen.len());
    }
}

/// A one-term glossary (Finalizer), also used by `reading.rs` and `session.rs`.
pub const TERMS: &str = r#"
[[term]]
id = "finalizer"
en = "Finalizer"
ja = "ファイナライザー"
kind = "term"
def_ja = "削除の前に片付けを済ませるための印。"
def_en = "A mark that holds deletion until clean-up is done."
keps = [2644]
"#;

#[test]
fn the_first_plain_occurrence_in_the_article_gets_the_tooltip() {
    let f = Fixture::new();
    f.write("glossary/terms.toml", TERMS);
    f.article(
        "a",
        "title = \"ファイナライザーの話\"\nslug = \"a\"\nrelease = \"1.32\"",
        "## ファイナライザー\n\n`ファイナライザー` と [ファイナライザー](https://example.com) の後に、最初のファイナライザー。\n\n- 二つ目の finalizer\n\n### 次の節\n\n```\nファイナライザー\n```\n\nここでも Finalizers。\n",
    );
    let out = f.build();
    let html = page(&out, "articles/a/index.html");
    let links = term_links(&html);
    assert_eq!(
        links,
        [("../../glossary/finalizer/", "ファイナライザー")],
        "{html}"
    );
    // Once per article: the next section's `Finalizers` stays text.
    assert!(html.contains("ここでも Finalizers。"), "{html}");
    // The first is the one after the code span and the link, in the first paragraph.
    assert!(
        html.contains("の後に、最初の<span class=\"term\">"),
        "{html}"
    );
    assert!(html.contains("<li id=\"li-1\">二つ目の finalizer</li>"));
    assert!(html.contains("<h2 id=\"ファイナライザー\">ファイナライザー</h2>"));
    // A KEP that no article mentions still has its page (from the built-in registry).
    let term = page(&out, "glossary/finalizer/index.html");
    assert!(term.contains("href=\"../../keps/2644/\""), "{term}");
    assert!(out.files.contains_key("keps/2644/index.html"));
    assert!(broken_links(&out.files).is_empty());
}

#[test]
fn a_site_without_terms_toml_builds_with_candidates_only() {
    let f = Fixture::with_article(
        "a",
        "title = \"A\"\nslug = \"a\"",
        "ファイナライザー(finalizer)を追加しました。ファイナライザーは便利です。\n",
    );
    f.write("site.toml", "official_glossary = false\n");
    let out = f.build();
    let j = json(&out, "api/glossary.json");
    let terms = j["terms"].as_array().unwrap();
    assert!(
        terms.iter().all(|t| t["source"] == "extracted"),
        "{terms:?}"
    );
    assert!(
        terms
            .iter()
            .any(|t| t["ja"] == "ファイナライザー" && t["en"] == "finalizer"),
        "{terms:?}"
    );
    // Candidates are not linked from articles; they are marked on the pages.
    assert!(term_links(&page(&out, "articles/a/index.html")).is_empty());
    let index = page(&out, "glossary/index.html");
    assert!(index.contains("class=\"candidate\"") && index.contains("候補"));
    let term = page(&out, "glossary/finalizer/index.html");
    assert!(term.contains("class=\"candidate-note\""));
    assert!(term.contains("括弧書き"), "the evidence is shown");
    // In words, not the pairing's internals (romaji, 類似度).
    assert!(term.contains("記事が括弧で並べて書いています"), "{term}");
    assert!(!term.contains("類似度") && !term.contains("≈"), "{term}");
}

#[test]
fn problems_in_terms_toml_are_build_errors_with_file_and_line() {
    let f = Fixture::new();
    f.write(
        "glossary/terms.toml",
        &format!("{TERMS}\n[[term]]\nid = \"pod\"\nen = \"Pod\"\nja = \"ポッド\"\nkind = \"creature\"\ndef_ja = \"x\"\ndef_en = \"x\"\n"),
    );
    f.article("a", "title = \"A\"\nslug = \"a\"", "本文\n");
    let err = f.try_build().unwrap_err();
    let d = err.errors().next().unwrap();
    assert_eq!(d.path.to_string_lossy(), "glossary/terms.toml");
    assert_eq!(d.line, Some(15), "{d}");
    assert!(d.message.contains("creature"), "{d}");
}

/// `shiori glossary suggest --limit N` on the fixture: stdout and stderr of a run that
/// succeeded.
fn suggest(f: &Fixture, limit: &str) -> (String, String) {
    let run = f.run(&["glossary", "suggest", "--limit", limit]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    (
        String::from_utf8(run.stdout).unwrap(),
        String::from_utf8(run.stderr).unwrap(),
    )
}

#[test]
fn glossary_suggest_prints_toml_ready_to_paste() {
    let f = Fixture::with_repo_content();
    let (stdout, stderr) = suggest(&f, "3");
    assert_eq!(stdout.matches("\n[[term]]\n").count(), 3, "{stdout}");
    assert!(stdout.contains("# evidence: "), "{stdout}");
    // What is not commented out parses as terms.toml entries.
    let parsed: toml::Value = toml::from_str(&stdout).unwrap();
    let entries = parsed["term"].as_array().unwrap();
    assert_eq!(entries.len(), 3);
    for e in entries {
        for key in ["id", "en", "ja", "kind"] {
            assert!(e.get(key).is_some(), "{e}");
        }
    }
    assert!(stderr.contains("117 curated terms"), "{stderr}");
    // glossary/terms.toml writes pod as ポッド; content/ja/docs/reference/glossary/pod.md's
    // title is Pod.
    assert!(
        stdout.contains("# pod: ja = \"ポッド\"; the Japanese localization writes \"Pod\""),
        "{stdout}"
    );
    // kubelet/Kubelet differ only in case: no disagreement.
    assert!(!stdout.contains("# kubelet: ja ="), "{stdout}");
    let (all, _) = suggest(&f, "400");
    for everyday in ["セット", "テキスト", "バージョン", "デフォルト", "リリース"]
    {
        assert!(
            !all.contains(&format!("\nja = \"{everyday}\"\n")),
            "{everyday} suggested"
        );
    }

    let bad = f.run(&["glossary", "suggest", "--root", "no-such-dir"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn glossary_suggest_compares_with_the_sites_own_official_glossary() {
    // A site that imported its own official glossary (`shiori glossary import`) builds with it
    // in place of the built-in one, and suggest flags what disagrees with that one.
    let f = Fixture::with_repo_content();
    f.write(
        "glossary/official.toml",
        r#"[[term]]
id = "pod"
en = "Pod"
ja = "ポッド"
kind = "api_kind"
def_ja = "コンテナのまとまり。"
def_en = "A set of running containers."
link = "https://kubernetes.io/ja/docs/reference/glossary/?all=true#term-pod"

[[term]]
id = "node"
en = "Node"
ja = "ワーカーマシン"
kind = "api_kind"
def_ja = "Kubernetesのワーカーマシン。"
def_en = "A worker machine in Kubernetes."
link = "https://kubernetes.io/ja/docs/reference/glossary/?all=true#term-node"
"#,
    );
    let (stdout, _) = suggest(&f, "3");
    // The built-in glossary's Pod would disagree with terms.toml's ポッド; the site's agrees.
    assert!(!stdout.contains("# pod: ja ="), "{stdout}");
    assert!(
        stdout.contains(
            "# node: ja = \"ノード\"; the Japanese localization writes \"ワーカーマシン\""
        ),
        "{stdout}"
    );

    // `official_glossary = false`: no official glossary, nothing to disagree with.
    f.write("site.toml", "official_glossary = false\n");
    let (off, _) = suggest(&f, "3");
    assert!(!off.contains("the Japanese localization writes"), "{off}");
}

#[test]
fn glossary_suggest_into_a_pipe_closed_early_ends_quietly() {
    // `shiori glossary suggest | head -1`: the reader goes away before the TOML is written.
    let f = Fixture::with_repo_content();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_shiori"))
        .args(["glossary", "suggest"])
        .current_dir(f.root())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

#[test]
fn the_index_has_both_orders_kind_filters_and_marked_candidates() {
    let out = &*REPO;
    let html = page(out, "glossary/index.html");
    assert!(html.contains("id=\"az-title\"") && html.contains("id=\"kana-title\""));
    assert!(html.contains("<h3 id=\"az-M\">M</h3>"));
    assert!(html.contains("<h3 id=\"kana-ma\">ま行</h3>"));
    assert!(html.contains("<form class=\"filters\" data-filter=\"glossary-index\" hidden"));
    assert!(html.contains("name=\"kind\" value=\"api_kind\""));
    // ミューテーティング… is under ま行 (its reading starts with ミ), MutatingAdmissionPolicy
    // under M.
    let kana = &html[html.find("id=\"kana-ma\"").unwrap()..];
    let kana = &kana[..kana.find("</section>").unwrap()];
    assert!(kana.contains("ミューテーティングアドミッションポリシー"));
    let az = &html[html.find("id=\"az-M\"").unwrap()..];
    let az = &az[..az.find("</section>").unwrap()];
    assert!(az.contains("<span class=\"primary\" lang=\"en\">MutatingAdmissionPolicy</span>"));
    // Every term is in both indexes once.
    let n = json(out, "api/glossary.json")["terms"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(html.matches("<li data-id=\"").count(), 2 * n);
    assert!(html.contains("class=\"candidate\"") && html.contains("class=\"candidate-mark\""));
    assert!(
        page(out, "index.html").contains("href=\"glossary/\""),
        "the nav links it"
    );
}

#[test]
fn tooltip_in_the_1_32_list_item_snapshot() {
    let html = page(&REPO, A132);
    insta::assert_snapshot!(
        "li_mutating_admission_policy_1_32",
        element_containing(&html, "li", "に v1alpha1 API が導入され")
    );
}

#[test]
fn tooltip_in_the_1_31_paragraph_snapshot() {
    let html = page(&REPO, A131);
    insta::assert_snapshot!(
        "p_mutating_admission_policy_1_31",
        element_containing(&html, "p", "で始まった作業を引き継ぎ")
    );
}

#[test]
fn a_site_without_terms_toml_knows_the_official_glossary_and_credits_its_definitions() {
    let f = Fixture::with_article(
        "a",
        "title = \"A\"\nslug = \"a\"",
        "サイドカーコンテナを使うPodを作ります。\n",
    );
    let out = f.build();
    let j = json(&out, "api/glossary.json");
    let terms = j["terms"].as_array().unwrap();
    // content/ja/docs/reference/glossary/sidecar-container.md: title サイドカーコンテナ.
    let sidecar = terms
        .iter()
        .find(|t| t["id"] == "sidecar-container")
        .unwrap();
    assert_eq!(sidecar["source"], "official");
    assert_eq!(sidecar["ja"], "サイドカーコンテナ");
    assert_eq!(sidecar["en"], "Sidecar Container");
    assert_eq!(sidecar["mentions"], 1);
    // It links from the article, with its tooltip.
    assert!(
        term_links(&page(&out, "articles/a/index.html"))
            .iter()
            .any(|(href, _)| href.contains("glossary/sidecar-container/")),
        "{:?}",
        term_links(&page(&out, "articles/a/index.html"))
    );
    let term = page(&out, "glossary/sidecar-container/index.html");
    // The Japanese short description of sidecar-container.md, and the CC BY 4.0 credit.
    assert!(
        term.contains("Podのライフサイクル全体を通して実行を続ける補助コンテナ。"),
        "{term}"
    );
    assert!(term.contains("class=\"attribution\""), "{term}");
    assert!(term.contains("CC BY 4.0") && term.contains("creativecommons.org/licenses/by/4.0/"));
    assert!(term.contains(
        "https://kubernetes.io/ja/docs/reference/glossary/?all=true#term-sidecar-container"
    ));
    // Tags are filters on the index.
    let index = page(&out, "glossary/index.html");
    assert!(
        index.contains("name=\"tag\" value=\"fundamental\""),
        "the tag filter"
    );
    assert!(
        index.contains("name=\"source\" value=\"official\""),
        "the source filter"
    );
    assert!(broken_links(&out.files).is_empty());
}

#[test]
fn a_curated_entry_wins_over_the_official_one_and_borrows_its_missing_definition() {
    let f = Fixture::with_article("a", "title = \"A\"\nslug = \"a\"", "クラスタを作ります。\n");
    f.write(
        "glossary/terms.toml",
        "[[term]]\nid = \"my-cluster\"\nen = \"cluster\"\nja = \"クラスタ\"\nkind = \"term\"\n",
    );
    let out = f.build();
    let j = json(&out, "api/glossary.json");
    let terms = j["terms"].as_array().unwrap();
    assert!(
        terms.iter().all(|t| t["id"] != "cluster"),
        "merged into my-cluster"
    );
    let mine = terms.iter().find(|t| t["id"] == "my-cluster").unwrap();
    assert_eq!(
        (&mine["ja"], &mine["source"]),
        (&"クラスタ".into(), &"curated".into())
    );
    let term = page(&out, "glossary/my-cluster/index.html");
    // An author's tooltip to kubernetes.io's `cluster` reaches the entry that took it in.
    let f2 = Fixture::with_article(
        "a",
        "title = \"A\"\nslug = \"a\"",
        "{{< glossary_tooltip text=\"Kubernetesクラスター群\" term_id=\"cluster\" >}}\n",
    );
    f2.write(
        "glossary/terms.toml",
        "[[term]]\nid = \"my-cluster\"\nen = \"cluster\"\nja = \"クラスタ\"\nkind = \"term\"\n",
    );
    let j2 = json(&f2.build(), "api/glossary.json");
    let mine2 = j2["terms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == "my-cluster")
        .unwrap()
        .clone();
    assert!(
        mine2["aliases"]
            .as_array()
            .unwrap()
            .contains(&"Kubernetesクラスター群".into()),
        "{mine2}"
    );
    // cluster.md's Japanese definition fills the one the entry lacks, credited.
    assert!(term.contains("ワーカーマシンの集合"), "{term}");
    assert!(term.contains("class=\"attribution\""));
}

#[test]
fn an_authors_glossary_tooltip_makes_its_text_a_spelling_of_the_term() {
    // 名前空間 is how ja-docs pages write namespace in a tooltip; the official title is Namespace.
    let f = Fixture::with_article(
        "a",
        "title = \"A\"\nslug = \"a\"",
        "{{< glossary_tooltip text=\"名前空間\" term_id=\"namespace\" >}}を分けます。\n\n別の節の名前空間。\n\n{{< glossary_tooltip text=\"Kubernetes APIを使用して退避するように\" term_id=\"api-eviction\" >}}\n",
    );
    let out = f.build();
    let j = json(&out, "api/glossary.json");
    let terms = j["terms"].as_array().unwrap();
    let ns = terms.iter().find(|t| t["id"] == "namespace").unwrap();
    assert_eq!(
        ns["ja"], "Namespace",
        "the localization's own title stays first"
    );
    assert!(
        ns["aliases"]
            .as_array()
            .unwrap()
            .contains(&"名前空間".into()),
        "{ns}"
    );
    assert_eq!(ns["mentions"], 2);
    // A sentence in a tooltip is no spelling.
    let eviction = terms.iter().find(|t| t["id"] == "api-eviction").unwrap();
    assert!(
        !eviction["aliases"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a.as_str().unwrap().contains("使用して")),
        "{eviction}"
    );
}

#[test]
fn glossary_import_writes_the_sites_official_glossary_which_replaces_the_built_in_one() {
    let website = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/registry-import/website");
    let f = Fixture::with_article(
        "a",
        "title = \"A\"\nslug = \"a\"",
        "コンテナとPodを使います。\n",
    );
    let run = f.run(&["glossary", "import", "--website", website.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    // container.md, sidecar-container.md (English only) and broken.md, whose YAML is malformed.
    assert!(
        stderr.contains("imported 2 glossary terms (1 with a Japanese page)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("broken.md") && stderr.contains("not valid YAML"),
        "{stderr}"
    );
    let written = std::fs::read_to_string(f.root().join("glossary/official.toml")).unwrap();
    assert!(written.contains("ja = \"コンテナ\""), "{written}");

    let out = f.build();
    let j = json(&out, "api/glossary.json");
    let terms = j["terms"].as_array().unwrap();
    let official: Vec<&str> = terms
        .iter()
        .filter(|t| t["source"] == "official")
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    // The site's file, not the built-in glossary (which also has pod, node, …).
    assert_eq!(official, ["container", "sidecar-container"]);

    // Not a checkout: exit 2, and the file stays as it was.
    let bad = f.run(&[
        "glossary",
        "import",
        "--website",
        f.root().to_str().unwrap(),
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("kubernetes/website"));
    assert_eq!(
        std::fs::read_to_string(f.root().join("glossary/official.toml")).unwrap(),
        written
    );
}
