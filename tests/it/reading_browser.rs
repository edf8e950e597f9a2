//! What a reader sees on an article page, in headless Chromium over HTTP: glossary, reference
//! and external links look different; the term-link switch turns them off and on and the
//! choice outlives a reload; KEP, PR and SIG labels never break and gate names break only
//! between their words at 390 px; search loads when the reader first goes to the box; and no
//! request fails (the favicon). The build-side facts are in `reading.rs`.
//!
//! Needs `chromium` and `chromedriver` (scripts/test installs them); see `support::browser`.

use serde_json::{Value, json};

use crate::support::Fixture;
use crate::support::browser::Browser;
use crate::support::http::StaticServer;

const A132: &str = "articles/k8s-1-32-sig-api-machinery/";

fn open_article(width: u32, height: u32) -> (Fixture, StaticServer, Browser) {
    let f = Fixture::built_repo_site();
    let server = StaticServer::start(&f.public(), "/k8s/");
    let b = Browser::start(width, height);
    b.open(&format!("{}{A132}", server.url()));
    b.wait_for("document.readyState === 'complete'", "the article", 10);
    (f, server, b)
}

const LOOKS: &str = r#"
function look(sel, pseudo) {
  const el = document.querySelector(sel);
  if (!el) return null;
  const cs = getComputedStyle(el, pseudo || null);
  return { color: cs.color, style: cs.textDecorationStyle, line: cs.textDecorationLine, content: cs.content };
}
return {
  text: getComputedStyle(document.querySelector(".prose p")).color,
  term: look(".prose .term > a"),
  kep: look(".prose a.ref-kep"),
  gate: look(".prose a.ref-gate"),
  pr: look(".prose a.ref-pr"),
  pr_mark: look(".prose a.ref-pr", "::after"),
  gate_mark: look(".prose a.ref-gate", "::after"),
};
"#;

#[test]
fn glossary_reference_and_external_links_look_different() {
    let (_f, _s, b) = open_article(1280, 900);
    let v = b.execute(LOOKS, vec![]);
    let term = &v["term"];
    let (kep, gate, pr) = (&v["kep"], &v["gate"], &v["pr"]);
    // A term reads as text with a dotted line; a reference is link-coloured with a solid one.
    assert_eq!(term["style"], "dotted", "{v}");
    assert_eq!(
        term["color"], v["text"],
        "a term keeps the text's colour: {v}"
    );
    for r in [kep, gate, pr] {
        assert_eq!(r["style"], "solid", "{v}");
        assert_ne!(r["color"], term["color"], "{v}");
    }
    // A PR leaves the site: it carries the external mark; a gate page link does not.
    assert!(
        v["pr_mark"]["content"].as_str().unwrap().contains('↗'),
        "{v}"
    );
    assert!(
        !v["gate_mark"]["content"]
            .as_str()
            .unwrap_or("")
            .contains('↗'),
        "{v}"
    );
}

const TERMS_STATE: &str = r#"
const a = document.querySelector(".prose .term > a");
const b = document.querySelector(".terms-toggle");
return {
  off: document.documentElement.classList.contains("terms-off"),
  pressed: b.getAttribute("aria-pressed"),
  button_shown: !b.hidden && b.getBoundingClientRect().height >= 24,
  pointer: getComputedStyle(a).pointerEvents,
  line: getComputedStyle(a).textDecorationLine,
  tabindex: a.getAttribute("tabindex"),
  stored: localStorage.getItem("shiori-terms"),
};
"#;

#[test]
fn term_links_switch_off_and_on_and_the_choice_is_kept() {
    let (_f, _s, b) = open_article(1280, 900);
    let on = b.execute(TERMS_STATE, vec![]);
    assert_eq!(on["off"], false, "{on}");
    assert_eq!(on["pressed"], "true", "{on}");
    assert_eq!(on["button_shown"], true, "{on}");
    assert_eq!(on["line"], "underline", "{on}");

    b.find(".terms-toggle").map(|t| b.tap(&t)).unwrap();
    let off = b.execute(TERMS_STATE, vec![]);
    assert_eq!(off["off"], true, "{off}");
    assert_eq!(off["pressed"], "false", "{off}");
    assert_eq!(off["pointer"], "none", "{off}");
    assert_eq!(off["line"], "none", "{off}");
    assert_eq!(
        off["tabindex"], "-1",
        "off, a term is out of the tab order: {off}"
    );
    assert_eq!(off["stored"], "off", "{off}");

    // Another page of the site, and the same page again: still off, from the first paint.
    b.execute("location.reload();", vec![]);
    b.wait_for(
        "document.readyState === 'complete' && document.documentElement.classList.contains('terms-off')",
        "term links to stay off after a reload",
        10,
    );
    let again = b.execute(TERMS_STATE, vec![]);
    assert_eq!(again["pressed"], "false", "{again}");

    b.find(".terms-toggle").map(|t| b.tap(&t)).unwrap();
    let back = b.execute(TERMS_STATE, vec![]);
    assert_eq!(back["off"], false, "{back}");
    assert_eq!(back["tabindex"], Value::Null, "{back}");
    assert_eq!(back["stored"], "on", "{back}");
}

/// For every KEP, PR and SIG link in the article: how many line boxes it takes; for every gate
/// link: the words (text between `<wbr>`) that take more than one.
const WHOLE: &str = r#"
const broken = [];
for (const a of document.querySelectorAll(".prose a.ref-kep, .prose a.ref-pr, .prose a.ref-sig")) {
  if (a.getClientRects().length > 1) broken.push(a.textContent);
}
const words = [];
let gates = 0, wrapped = 0;
for (const a of document.querySelectorAll(".prose a.ref-gate, .chips .chip.gate, .prose code.ident")) {
  gates++;
  if (a.getClientRects().length > 1 || a.getBoundingClientRect().height > 40) wrapped++;
  for (const n of a.childNodes) {
    if (n.nodeType !== 3) continue;
    const r = document.createRange();
    r.selectNodeContents(n);
    const lines = new Set(Array.from(r.getClientRects()).map(x => Math.round(x.top)));
    if (lines.size > 1) words.push(n.textContent);
  }
}
return { broken, words, gates, width: document.documentElement.scrollWidth, view: window.innerWidth };
"#;

#[test]
fn ids_stay_whole_on_a_phone() {
    let (_f, _s, b) = open_article(390, 844);
    let v = b.execute(WHOLE, vec![]);
    assert_eq!(v["broken"], json!([]), "KEP, PR or SIG labels broken: {v}");
    assert_eq!(
        v["words"],
        json!([]),
        "gate names broken inside a word: {v}"
    );
    assert!(v["gates"].as_u64().unwrap() > 20, "{v}");
    assert!(
        v["width"].as_f64().unwrap() <= v["view"].as_f64().unwrap(),
        "the page is wider than the phone: {v}"
    );
}

#[test]
fn search_loads_when_the_reader_goes_to_the_box() {
    let (_f, _s, b) = open_article(1280, 900);
    let before = b.execute(
        "return [typeof window.shioriSearch, document.querySelectorAll('script[src*=\"search.js\"]').length];",
        vec![],
    );
    assert_eq!(
        before,
        json!(["undefined", 0]),
        "search.js loaded before use"
    );
    b.keys("/");
    b.wait_for("window.shioriSearch", "search.js to load on `/`", 10);
    b.keys("3157");
    b.wait_for(
        "!document.getElementById('search-listbox').hidden && document.querySelector('#search-listbox .search-result a[href*=\"keps/3157/\"]')",
        "KEP-3157 in the box's suggestions",
        10,
    );
    // Nothing the page asked for failed, the favicon included.
    let severe: Vec<String> = b
        .console()
        .into_iter()
        .filter(|l| l.starts_with("SEVERE"))
        .collect();
    assert!(severe.is_empty(), "{severe:?}");
}

const PRINT_STATE: &str = r#"
const shown = el => !!el && getComputedStyle(el).display !== "none" && el.getBoundingClientRect().height > 0;
const folds = document.querySelector("details.gate-chips");
return {
  open: folds.open,
  chips_shown: shown(folds.querySelector("ul.chips")),
  file_shown: shown(document.querySelector(".provenance .source-file")),
  provenance_shown: shown(document.querySelector(".provenance")),
  keeps_with_article: getComputedStyle(document.querySelector(".article-footer")).breakBefore,
  print_url: (document.querySelector(".print-url") || {}).textContent || null,
  toggle_shown: shown(document.querySelector(".terms-toggle")),
  slides_link_shown: shown(document.querySelector(".slides-link")),
};
"#;

#[test]
fn an_article_prints_its_folds_open_and_not_its_file_path() {
    let (_f, _s, b) = open_article(1280, 900);
    let screen = b.execute(PRINT_STATE, vec![]);
    assert_eq!(
        screen["open"], false,
        "39 gate chips start folded: {screen}"
    );
    assert_eq!(screen["file_shown"], true, "{screen}");

    b.execute("window.dispatchEvent(new Event('beforeprint'));", vec![]);
    b.emulate_media("print");
    let paper = b.execute(PRINT_STATE, vec![]);
    assert_eq!(paper["open"], true, "{paper}");
    assert_eq!(paper["chips_shown"], true, "{paper}");
    assert_eq!(paper["file_shown"], false, "{paper}");
    assert_eq!(paper["provenance_shown"], true, "{paper}");
    assert_eq!(paper["keeps_with_article"], "avoid", "{paper}");
    assert_eq!(paper["toggle_shown"], false, "{paper}");
    assert_eq!(screen["slides_link_shown"], true, "{screen}");
    assert_eq!(
        paper["slides_link_shown"], false,
        "no link to the slides on paper: {paper}"
    );
    // The fixture's base_url is set, so the handout says where the page lives.
    assert_eq!(
        paper["print_url"], "https://example.org/k8s/articles/k8s-1-32-sig-api-machinery/",
        "{paper}"
    );

    b.emulate_media("");
    b.execute("window.dispatchEvent(new Event('afterprint'));", vec![]);
    let back = b.execute(PRINT_STATE, vec![]);
    assert_eq!(back["open"], false, "the screen gets its fold back: {back}");
}

#[test]
fn a_filtered_table_prints_its_filter_and_the_count_it_shows() {
    let f = Fixture::built_repo_site();
    let server = StaticServer::start(&f.public(), "/k8s/");
    let b = Browser::start(1280, 900);
    b.open(&format!("{}keps/?stage=alpha", server.url()));
    b.wait_for(
        "document.querySelector('.filter-count') && document.querySelector('.filter-count').textContent",
        "the filter to apply",
        10,
    );
    let rows = b.execute(
        "return [document.querySelectorAll('#keps-table tbody tr:not([hidden])').length, document.querySelectorAll('#keps-table tbody tr').length];",
        vec![],
    );
    b.emulate_media("print");
    let v = b.execute(
        r#"const p = document.querySelector(".filter-print");
           return { text: p.textContent, shown: getComputedStyle(p).display !== "none",
                    form: getComputedStyle(document.querySelector("form.filters")).display };"#,
        vec![],
    );
    assert_eq!(v["form"], "none", "{v}");
    assert_eq!(v["shown"], true, "{v}");
    let text = v["text"].as_str().unwrap();
    let (shown, all) = (rows[0].as_u64().unwrap(), rows[1].as_u64().unwrap());
    assert!(shown > 0 && shown < all, "{rows}");
    assert_eq!(
        text,
        format!("絞り込み: 段階 alpha — {all}件中 {shown}件を表示"),
        "{v}"
    );
}

#[test]
fn the_search_status_counts_the_results_it_lists_and_kind_badges_have_no_stray_dot() {
    let f = Fixture::built_repo_site();
    let server = StaticServer::start(&f.public(), "/k8s/");
    let b = Browser::start(1280, 900);
    // `3157` is an ID match and a text hit of the same KEP page: one result, counted once.
    for q in ["3157", "3962", "サイドカー"] {
        let mut listed = crate::support::search::results(&b, &server.url(), q).len();
        while let Some(more) = b.find("#search-more") {
            b.tap(&more);
            b.wait_for(
                &format!("document.querySelectorAll('#search-results > li').length > {listed} || !document.getElementById('search-more')"),
                "more results",
                10,
            );
            listed = b.find_all("#search-results > li").len();
        }
        let status = b.text(&b.find("#search-status").unwrap());
        assert!(
            status.ends_with(&format!("の検索結果: {listed}件")),
            "{q:?}: {status:?} with {listed} listed"
        );
    }
    let before = b.execute(
        "var k = document.querySelector('#search-results .kind'); return k ? getComputedStyle(k, '::before').content : null;",
        vec![],
    );
    assert!(
        before == json!("none") || before == json!("normal"),
        "a kind badge begins with {before}"
    );
}

#[test]
fn search_snippets_show_the_words_that_matched_and_both_words_rank_first() {
    let f = Fixture::new();
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for d in ["content", "glossary"] {
        crate::support::copy_tree(&repo.join(d), &f.root().join(d));
    }
    assert!(f.run(&["build"]).status.success());
    let server = StaticServer::start(&f.public(), "/k8s/");
    let b = Browser::start(1280, 900);
    for q in ["DRA 削除", "監査ログ", "サイドカー", "ファイナライザー"] {
        let got = crate::support::search::results(&b, &server.url(), q);
        assert!(!got.is_empty(), "{q:?}");
        let unmarked = b.execute(
            "return Array.from(document.querySelectorAll('#search-results > li')).filter(function (li) { return !li.querySelector('mark'); }).map(function (li) { return li.textContent; });",
            vec![],
        );
        assert_eq!(unmarked, json!([]), "{q:?}: results without a matched word");
    }
    // `DRA 削除`: results holding both words as written come before any that reaches one of
    // them only through a synonym or a shared bigram.
    let written = b.execute(
        "return window.shioriSearch.search('DRA 削除', { typing: false }).then(function (r) { return r.hits.slice(0, 30).map(function (h) { return h.written; }); });",
        vec![],
    );
    let written: Vec<u64> = written
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert!(written.iter().take(3).all(|&w| w == 2), "{written:?}");
    assert!(written.windows(2).all(|p| p[0] >= p[1]), "{written:?}");
}

const BAR: &str = r#"
const bar = document.querySelector(".reading-nav"), toc = document.querySelector("nav.toc");
const r = bar.getBoundingClientRect(), t = toc.getBoundingClientRect();
const button = document.querySelector(".toc-button");
return {
  bar_shown: !bar.hidden && r.height > 0 && r.bottom <= innerHeight && r.top >= innerHeight / 2,
  button_size: [button.getBoundingClientRect().width, button.getBoundingClientRect().height],
  expanded: button.getAttribute("aria-expanded"),
  toc_in_view: t.height > 100 && t.top >= 0 && t.bottom <= innerHeight,
  y: Math.round(scrollY),
  hash: decodeURIComponent(location.hash),
};
"#;

#[test]
fn a_phone_reader_has_the_contents_and_the_top_one_tap_away() {
    let (_f, _s, b) = open_article(390, 844);
    let top = b.execute(
        "return document.querySelector('.reading-nav').hidden;",
        vec![],
    );
    assert_eq!(
        top,
        json!(true),
        "at the top there is nothing to go back to"
    );
    b.execute(
        "window.scrollTo(0, document.body.scrollHeight / 2);",
        vec![],
    );
    b.wait_for(
        "!document.querySelector('.reading-nav').hidden",
        "the reading bar",
        5,
    );
    let v = b.execute(BAR, vec![]);
    assert_eq!(v["bar_shown"], true, "{v}");
    assert!(v["button_size"][1].as_f64().unwrap() >= 44.0, "{v}");
    assert_eq!(v["toc_in_view"], false, "{v}");

    b.tap(&b.find(".toc-button").unwrap());
    let open = b.execute(BAR, vec![]);
    assert_eq!(open["expanded"], "true", "{open}");
    assert_eq!(
        open["toc_in_view"], true,
        "the contents open over the page: {open}"
    );
    // Choosing a section goes there and closes the sheet.
    let link = b.find_all("nav.toc a")[2].clone();
    let anchor = b.attribute(&link, "href").unwrap();
    b.tap(&link);
    b.wait_for(
        "!document.documentElement.classList.contains('toc-sheet')",
        "the sheet to close",
        5,
    );
    let went = b.execute(BAR, vec![]);
    assert_eq!(went["hash"], anchor, "{went}");
    assert_eq!(went["expanded"], "false", "{went}");

    b.tap(&b.find(".to-top").unwrap());
    b.wait_for("window.scrollY < 5", "the page to go back to the top", 5);
}

#[test]
fn index_tables_on_a_phone_keep_their_first_column_and_say_they_scroll() {
    let f = Fixture::built_repo_site();
    let server = StaticServer::start(&f.public(), "/k8s/");
    let b = Browser::start(390, 844);
    for page in ["keps/", "feature-gates/"] {
        b.open(&format!("{}{page}", server.url()));
        b.wait_for("document.readyState === 'complete'", page, 10);
        let state = r#"
const box = document.querySelector(".table-scroll"), hint = box.nextElementSibling;
const first = box.querySelector("tbody tr td:first-child"), stage = box.querySelector("thead th:nth-child(4)");
const box_r = box.getBoundingClientRect();
const cb = document.querySelector(".filters input[type=checkbox]").getBoundingClientRect();
return {
  hint: !hint.hidden && getComputedStyle(hint).display !== "none",
  first_left: Math.round(first.getBoundingClientRect().left - box_r.left),
  stage_visible: stage.getBoundingClientRect().right <= box_r.right,
  checkbox: [cb.width, cb.height],
};
"#;
        let before = b.execute(state, vec![]);
        assert_eq!(before["hint"], true, "{page}: {before}");
        assert_eq!(before["stage_visible"], false, "{page}: {before}");
        assert!(
            before["checkbox"][0].as_f64().unwrap() >= 24.0
                && before["checkbox"][1].as_f64().unwrap() >= 24.0,
            "{page}: {before}"
        );
        b.execute(
            "var box = document.querySelector('.table-scroll'); box.scrollLeft = box.scrollWidth; box.dispatchEvent(new Event('scroll'));",
            vec![],
        );
        let after = b.execute(state, vec![]);
        assert_eq!(
            after["first_left"], 0,
            "the first column stays: {page}: {after}"
        );
        assert_eq!(after["stage_visible"], true, "{page}: {after}");
        assert_eq!(after["hint"], false, "scrolled to the end: {page}: {after}");
    }
}

#[test]
fn a_hugo_tabs_code_blocks_show_their_tab_names_not_only_their_language() {
    // kubernetes.io's install pages: the same command for two machines, told apart only by the
    // tab's name.
    let f = Fixture::with_article(
        "tabs",
        "title = \"kubectl のインストール\"\nslug = \"tabs\"",
        "{{< tabs name=\"download\" >}}\n{{< tab name=\"Intel\" codelang=\"bash\" >}}\ncurl -LO https://dl.k8s.io/release/v1.34.0/bin/darwin/amd64/kubectl\n{{< /tab >}}\n{{< tab name=\"Appleシリコン\" codelang=\"bash\" >}}\ncurl -LO https://dl.k8s.io/release/v1.34.0/bin/darwin/arm64/kubectl\n{{< /tab >}}\n{{< /tabs >}}\n",
    );
    assert!(f.run(&["build"]).status.success());
    let server = StaticServer::start(&f.public(), "/k8s/");
    let b = Browser::start(1280, 900);
    b.open(&format!("{}articles/tabs/", server.url()));
    b.wait_for("document.readyState === 'complete'", "the article", 10);
    let names = b.execute(
        "return Array.from(document.querySelectorAll('.prose pre')).map(function (p) { return getComputedStyle(p, '::before').content; });",
        vec![],
    );
    assert_eq!(names, json!(["\"Intel\"", "\"Appleシリコン\""]));
}
