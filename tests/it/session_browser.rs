//! Study sessions in headless Chromium, on the seed site written to disk and opened from
//! `file://` (a study lead's laptop): the slides step with the keys and keep the slide in the
//! URL; the 1.32 handout prints on at most two A4 pages; the checklist survives a reload,
//! exports Markdown and CSV and shares the items to discuss as a URL; an `--offline` build
//! with JavaScript off opens a page, not a folder listing, from every link.
//!
//! Drives Chromium through the shared WebDriver harness (`tests/it/support/browser.rs`).

use crate::support::Fixture;
use crate::support::browser::{Browser, key};

fn file_url(f: &Fixture, rel: &str) -> String {
    format!("file://{}/{rel}", f.public().display())
}

/// Opens the deck `rel` (with its `#n`) and waits for slides.js to show one slide.
fn open_deck(b: &Browser, f: &Fixture, rel: &str) {
    b.open(&file_url(f, rel));
    b.wait_for(
        "document.documentElement.classList.contains('deck-on')",
        "slides.js",
        10,
    );
}

/// How many slides the release deck `releases/<r>/slides/` has, read from the file.
fn release_slide_count(f: &Fixture, r: &str) -> usize {
    let html = std::fs::read_to_string(f.public().join(format!("releases/{r}/slides/index.html")))
        .unwrap();
    html.matches("<section class=\"slide ").count()
}

/// The 1-based number of the slide on screen (the one not hidden), and how many there are.
fn on_screen(b: &Browser) -> (u64, u64) {
    let v = b.execute(
        "var s = Array.from(document.querySelectorAll('main.deck > section.slide'));\
         var shown = s.filter(function (x) { return !x.hidden && x.offsetHeight > 0; });\
         return [shown.length === 1 ? s.indexOf(shown[0]) + 1 : -shown.length, s.length];",
        vec![],
    );
    (v[0].as_i64().unwrap() as u64, v[1].as_u64().unwrap())
}

fn hash(b: &Browser) -> String {
    b.execute("return location.hash;", vec![])
        .as_str()
        .unwrap()
        .to_string()
}

const PAGE_UP: &str = "\u{E00E}";
const PAGE_DOWN: &str = "\u{E00F}";
const HOME: &str = "\u{E011}";
const END: &str = "\u{E010}";
const ARROW_LEFT: &str = "\u{E012}";
const ARROW_RIGHT: &str = "\u{E014}";

#[test]
fn release_slides_step_with_the_keys_and_keep_the_slide_in_the_url() {
    let f = Fixture::built_repo_site();
    let total = release_slide_count(&f, "1.32") as u64;
    let b = Browser::start(1920, 1080);
    open_deck(&b, &f, "releases/1.32/slides/index.html#3");
    assert_eq!(on_screen(&b), (3, total), "a link to #3 lands on slide 3");
    b.keys(ARROW_RIGHT);
    assert_eq!((on_screen(&b).0, hash(&b)), (4, "#4".into()));
    b.keys(" ");
    assert_eq!((on_screen(&b).0, hash(&b)), (5, "#5".into()));
    b.keys(PAGE_DOWN);
    assert_eq!(on_screen(&b).0, 6);
    b.keys(PAGE_UP);
    b.keys(ARROW_LEFT);
    assert_eq!((on_screen(&b).0, hash(&b)), (4, "#4".into()));
    b.keys(END);
    assert_eq!((on_screen(&b).0, hash(&b)), (total, format!("#{total}")));
    b.keys(ARROW_RIGHT);
    assert_eq!(on_screen(&b).0, total, "the last slide stays the last");
    b.keys(HOME);
    assert_eq!((on_screen(&b).0, hash(&b)), (1, "#1".into()));
    // A reload lands on the same slide.
    b.keys(ARROW_RIGHT);
    b.keys(ARROW_RIGHT);
    b.execute("location.reload();", vec![]);
    b.wait_for(
        "document.documentElement.getAttribute('data-slide') === '3'",
        "the reloaded deck on slide 3",
        10,
    );
    assert_eq!(on_screen(&b).0, 3);
    // The large type fills the projector: the slide is the whole window.
    let fills = b.execute(
        "var r = document.querySelector('main.deck > section.slide:not([hidden])').getBoundingClientRect();\
         return [r.width >= window.innerWidth - 20, r.height >= window.innerHeight - 1];",
        vec![],
    );
    assert_eq!(fills, serde_json::json!([true, true]));
    // `f` asks for full screen, `f` again leaves it.
    b.keys("f");
    b.wait_for("document.fullscreenElement", "full screen after f", 10);
    b.keys("f");
    b.wait_for(
        "!document.fullscreenElement",
        "no full screen after f again",
        10,
    );
    // Escape goes back to the release page.
    b.keys(key::ESCAPE);
    b.wait_for(
        "location.pathname.endsWith('/releases/1.32/index.html')",
        "the release page after Escape",
        10,
    );
}

#[test]
fn printed_slides_put_one_slide_on_a_page() {
    let f = Fixture::built_repo_site();
    let slides = release_slide_count(&f, "1.32");
    let b = Browser::start(1280, 800);
    open_deck(&b, &f, "releases/1.32/slides/index.html#7");
    // All of them, though the screen shows one.
    assert_eq!(pdf_pages(&b.print_pdf()), slides);
}

#[test]
fn slides_fit_a_phone() {
    let f = Fixture::built_repo_site();
    let b = Browser::start(390, 844);
    for page in [
        "releases/1.32/slides/index.html#4",
        "articles/k8s-1-32-sig-api-machinery/slides/index.html#12",
    ] {
        open_deck(&b, &f, page);
        b.wait_for(
            "document.documentElement.classList.contains('deck-on')",
            "slides.js",
            10,
        );
        let fits = b.execute(
            "var s = document.querySelector('main.deck > section.slide:not([hidden])');\
             return [document.documentElement.scrollWidth <= window.innerWidth,\
                     parseFloat(getComputedStyle(s).fontSize) >= 16,\
                     getComputedStyle(document.querySelector('.deck-controls')).display !== 'none'];",
            vec![],
        );
        assert_eq!(fits, serde_json::json!([true, true, true]), "{page}");
    }
}

#[test]
fn article_slides_show_one_changelog_item_per_slide() {
    let f = Fixture::built_repo_site();
    let b = Browser::start(1280, 800);
    open_deck(
        &b,
        &f,
        "articles/k8s-1-32-sig-api-machinery/slides/index.html",
    );
    // Every changelog item of the article is a slide of its own: the list items of the article
    // page (top level of each list) each stand alone in a `.slide-one` list.
    let items = b.execute(
        "return document.querySelectorAll('section.slide-item ul.slide-one > li, section.slide-item ol.slide-one > li').length;",
        vec![],
    );
    let one_each = b.execute(
        "return Array.from(document.querySelectorAll('section.slide-item')).every(function (s) { return s.querySelectorAll('.slide-one > li').length === 1; });",
        vec![],
    );
    assert!(items.as_u64().unwrap() > 20, "{items}");
    assert_eq!(one_each, true);
    let wanted = "Pod APIがPodレベルのリソースに対して spec レベルでの resources をサポートするように変更されました。";
    let n = b.execute(
        "var w = arguments[0];\
         function prose(x) { var c = x.cloneNode(true); c.querySelectorAll('.term-tip').forEach(function (t) { t.remove(); }); return c.textContent; }\
         var s = Array.from(document.querySelectorAll('main.deck > section.slide'));\
         return s.findIndex(function (x) { return prose(x).indexOf(w) >= 0; }) + 1;",
        vec![serde_json::json!(wanted)],
    );
    let n = n.as_u64().unwrap();
    assert!(n > 1, "the item is on a slide");
    open_deck(
        &b,
        &f,
        &format!("articles/k8s-1-32-sig-api-machinery/slides/index.html#{n}"),
    );
    let shown = b.execute(
        // The prose without the term tooltips the article's HTML carries.
        "var c = document.querySelector('main.deck > section.slide:not([hidden])').cloneNode(true);\
         c.querySelectorAll('.term-tip').forEach(function (t) { t.remove(); });\
         return c.textContent;",
        vec![],
    );
    assert!(shown.as_str().unwrap().contains(wanted), "{shown}");
}

#[test]
fn a_marp_decks_slides_are_its_own_slides() {
    let f = crate::support::Fixture::new();
    // Two slides: an agenda of four items (which a changelog list would cut into four), then
    // a summary with a heading of its own.
    f.write(
        "content/deck.md",
        "---\ntitle: 1.33 勉強会\nmarp: true\n---\n\n# 1.33 勉強会\n\n- 一つ目\n- 二つ目\n- 三つ目\n- 四つ目\n\n---\n\n## まとめ\n\nおしまい\n",
    );
    let built = f.run(&["build"]);
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let b = Browser::start(1280, 800);
    open_deck(&b, &f, "articles/deck/slides/index.html#2");
    // The title slide shiori adds, then the deck's two.
    assert_eq!(on_screen(&b), (2, 3));
    let texts = b.execute(
        "return Array.from(document.querySelectorAll('main.deck > section.slide')).slice(1)\
           .map(function (s) { return s.textContent.replace(/\\s+/g, ' ').trim(); });",
        vec![],
    );
    let texts: Vec<&str> = texts
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert!(
        texts[0].contains("一つ目") && texts[0].contains("四つ目"),
        "{texts:?}"
    );
    assert!(
        texts[1].contains("まとめ") && texts[1].contains("おしまい"),
        "{texts:?}"
    );
    assert_eq!(
        b.execute(
            "return document.querySelectorAll('main.deck hr').length;",
            vec![]
        ),
        0
    );
}

/// The number of pages of a PDF: its page objects (`/Type /Page`, not `/Pages`).
fn pdf_pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.match_indices("/Type /Page")
        .filter(|(i, _)| !text[i + 11..].starts_with('s'))
        .count()
}

#[test]
fn the_1_32_handout_of_the_seeds_prints_on_at_most_two_a4_pages() {
    let f = Fixture::built_repo_site();
    let b = Browser::start(1200, 900);
    b.open(&file_url(&f, "releases/1.32/handout/index.html"));
    b.wait_for("document.querySelector('.session-tools')", "session.js", 10);
    let rows = b.execute(
        "return document.querySelectorAll('table.handout tbody tr').length;",
        vec![],
    );
    // (A KEP and its gate stated at one stage are one row.)
    assert!(rows.as_u64().unwrap() > 30, "{rows}");
    let pdf = b.print_pdf();
    assert!(pdf.starts_with(b"%PDF"), "a PDF");
    let pages = pdf_pages(&pdf);
    assert!((1..=2).contains(&pages), "{pages} pages");
    // The long release page, by contrast, takes more: the count is not stuck at one.
    b.open(&file_url(
        &f,
        "articles/k8s-1-32-sig-api-machinery/index.html",
    ));
    // Printed only once laid out with its fonts (under load, navigation can return sooner).
    b.wait_for(
        "document.readyState === 'complete' && document.fonts.status === 'loaded'",
        "the article to finish loading",
        10,
    );
    assert!(pdf_pages(&b.print_pdf()) > 2);
}

#[test]
fn the_checklist_survives_a_reload_exports_and_shares_the_items_to_discuss() {
    let f = Fixture::built_repo_site();
    let b = Browser::start(1200, 900);
    let url = file_url(&f, "releases/1.32/index.html");
    b.open(&url);
    b.wait_for("document.querySelector('.session-tools')", "session.js", 10);
    let click = |css: &str| {
        b.execute(
            "document.querySelector(arguments[0]).click();",
            vec![serde_json::json!(css)],
        );
    };
    click("[data-item='kep-2837'] input[data-mark='read']");
    click("[data-item='kep-3157'] input[data-mark='discuss']");
    b.execute(
        "var i = document.querySelector(\"[data-item='kep-3157'] input[data-mark='owner']\");\
         i.value = '田中'; i.dispatchEvent(new Event('input'));",
        vec![],
    );
    b.execute("location.reload();", vec![]);
    b.wait_for(
        "document.querySelector('.session-tools')",
        "session.js after reload",
        10,
    );
    let state = b.execute(
        "return [document.querySelector(\"[data-item='kep-2837'] input[data-mark='read']\").checked,\
                 document.querySelector(\"[data-item='kep-3157'] input[data-mark='discuss']\").checked,\
                 document.querySelector(\"[data-item='kep-3157'] input[data-mark='owner']\").value,\
                 document.querySelector(\"[data-item='kep-2837'] input[data-mark='discuss']\").checked];",
        vec![],
    );
    assert_eq!(state, serde_json::json!([true, true, "田中", false]));
    // The handout shares the release's marks.
    b.open(&file_url(&f, "releases/1.32/handout/index.html"));
    b.wait_for(
        "document.querySelector('.session-tools')",
        "session.js on the handout",
        10,
    );
    let on_handout = b.execute(
        "return document.querySelector(\"tr[data-item='kep-3157'] input[data-mark='owner']\").value;",
        vec![],
    );
    assert_eq!(on_handout, "田中");

    b.open(&url);
    b.wait_for("document.querySelector('.session-tools')", "session.js", 10);
    let export = |act: &str| {
        click(&format!(".session-tools button[data-act='{act}']"));
        b.execute(
            "return document.querySelector('.session-tools textarea').value;",
            vec![],
        )
        .as_str()
        .unwrap()
        .to_string()
    };
    let md = export("md");
    assert!(md.starts_with("# Kubernetes 1.32 勉強会メモ"), "{md}");
    assert!(md.contains("- [x] KEP-2837"), "{md}");
    assert!(
        md.contains("KEP-3157") && md.contains("議論する、担当: 田中"),
        "{md}"
    );
    let csv = export("csv");
    assert!(
        // A textarea's value reads line ends as \n; the downloaded file has \r\n.
        csv.starts_with("stage,id,label,title,read,discuss,owner\n"),
        "{csv}"
    );
    assert!(csv.contains(",kep-3157,KEP-3157,"), "{csv}");
    assert!(csv.contains(",0,1,田中\n"), "{csv}");
    let share = export("share");
    assert!(
        share.ends_with("releases/1.32/index.html?discuss=kep-3157"),
        "{share}"
    );

    // The shared link, opened in a fresh browser: the item is marked and shown alone.
    let other = Browser::start(1200, 900);
    other.open(&share);
    other.wait_for("document.querySelector('.session-tools')", "session.js", 10);
    let shown = other.execute(
        "return Array.from(document.querySelectorAll('.release-changes [data-item]')).filter(function (e) { return !e.hidden; }).map(function (e) { return e.getAttribute('data-item'); });",
        vec![],
    );
    assert_eq!(shown, serde_json::json!(["kep-3157"]));
}

#[test]
fn an_offline_build_opens_pages_from_disk_with_javascript_off() {
    let f = Fixture::built_repo_site_with(&["--offline"]);
    let b = Browser::start_without_javascript(1200, 900);
    for start in [
        "index.html",
        "releases/1.32/index.html",
        "keps/3962/index.html",
        "articles/k8s-1-32-sig-api-machinery/index.html",
        "404.html",
    ] {
        b.open(&file_url(&f, start));
        // session.js would add its tools to the release page: no page script runs.
        let ran = b.execute("return !!document.querySelector('.session-tools');", vec![]);
        assert_eq!(ran, false, "{start}: a page script ran");
        let mut internal = 0;
        for a in b.find_all("a[href]") {
            let href = b.property(&a, "href");
            let href = href.as_str().unwrap();
            let Some(path) = href.strip_prefix("file://") else {
                continue;
            };
            let path = path.split(['#', '?']).next().unwrap();
            let decoded = shiori::model::urls::percent_decode(path);
            assert!(
                std::path::Path::new(&decoded).is_file(),
                "{start}: {href} is not a file"
            );
            internal += 1;
        }
        assert!(internal > 5, "{start}: {internal} internal links");
    }
    // Following a link opens the page itself, not a folder listing.
    b.open(&file_url(&f, "index.html"));
    let link = b
        .find("a[href$='releases/index.html']")
        .expect("a link to the releases");
    b.execute("arguments[0].click();", vec![link.json()]);
    b.wait_for("document.querySelector('h1')", "the releases page", 10);
    let title = b.execute("return document.title;", vec![]);
    assert!(title.as_str().unwrap().contains("リリース"), "{title}");
}

/// For every element `arguments[0]` selects (gate names): how many there are, and the words
/// (text between `<wbr>`) that take more than one line box; the page's width and the window's.
const GATE_WORDS: &str = r#"
const words = [];
let gates = 0;
for (const a of document.querySelectorAll(arguments[0])) {
  gates++;
  for (const n of a.childNodes) {
    if (n.nodeType !== 3 || !n.textContent.trim()) continue;
    const r = document.createRange();
    r.selectNodeContents(n);
    const lines = new Set(Array.from(r.getClientRects()).map(x => Math.round(x.top)));
    if (lines.size > 1) words.push(n.textContent);
  }
}
return { words, gates, width: document.documentElement.scrollWidth, view: window.innerWidth };
"#;

#[test]
fn gate_names_on_the_session_pages_break_between_their_words() {
    let f = Fixture::built_repo_site();
    // The handout as printed on A4 (794 CSS pixels wide): its narrow KEP / gate column.
    let b = Browser::start(794, 1123);
    b.open(&file_url(&f, "releases/1.32/handout/index.html"));
    b.emulate_media("print");
    let v = b.execute(
        GATE_WORDS,
        vec![serde_json::json!(
            "table.handout tr[data-item^='gate-'] th a"
        )],
    );
    // The seeds' 1.32 changes name gates such as AllowOverwriteTerminationGracePeriodSeconds,
    // longer than the column is wide.
    assert!(v["gates"].as_u64().unwrap() > 10, "{v}");
    assert_eq!(
        v["words"],
        serde_json::json!([]),
        "handout: gate names broken inside a word: {v}"
    );
    // The release page's "since the previous release" table and a gate's slide, on a phone.
    let phone = Browser::start(390, 844);
    phone.open(&file_url(&f, "releases/1.32/index.html"));
    let v = phone.execute(
        GATE_WORDS,
        vec![serde_json::json!(".release-since a.chip.gate")],
    );
    assert!(v["gates"].as_u64().unwrap() > 5, "{v}");
    assert_eq!(v["words"], serde_json::json!([]), "release page: {v}");
    assert!(
        v["width"].as_f64().unwrap() <= v["view"].as_f64().unwrap(),
        "the release page is wider than the phone: {v}"
    );
    let html = std::fs::read_to_string(f.public().join("releases/1.32/slides/index.html")).unwrap();
    let at = html
        .find("data-item=\"gate-AllowOverwriteTerminationGracePeriodSeconds\"")
        .expect("a slide of the gate");
    let n = html[..at].matches("<section class=\"slide ").count();
    open_deck(&phone, &f, &format!("releases/1.32/slides/index.html#{n}"));
    let v = phone.execute(
        GATE_WORDS,
        vec![serde_json::json!(
            "main.deck > section.slide:not([hidden]) h2 .id"
        )],
    );
    assert_eq!(v["gates"], 1, "{v}");
    assert_eq!(v["words"], serde_json::json!([]), "slide: {v}");
}

#[test]
fn escape_on_an_article_slide_closes_a_term_tooltip_before_it_leaves_the_deck() {
    let f = Fixture::built_repo_site();
    let b = Browser::start(1280, 800);
    let deck = "articles/k8s-1-32-sig-api-machinery/slides/index.html";
    open_deck(&b, &f, deck);
    // The first slide with a glossary term .
    let n = b.execute(
        "var s = Array.from(document.querySelectorAll('main.deck > section.slide'));\
         return s.findIndex(function (x) { return !!x.querySelector('.term > a'); }) + 1;",
        vec![],
    );
    let n = n.as_u64().unwrap();
    assert!(n > 1, "a slide with a term");
    open_deck(&b, &f, &format!("{deck}#{n}"));
    const TIP: &str = "var t = document.querySelector('main.deck > section.slide:not([hidden]) .term');\
         if (arguments[0]) t.querySelector('a').focus();\
         return getComputedStyle(t.querySelector('.term-tip')).visibility;";
    assert_eq!(b.execute(TIP, vec![serde_json::json!(true)]), "visible");
    // The first Escape closes the tooltip the reader is looking at, on the same slide.
    b.keys(key::ESCAPE);
    b.wait_for(
        "(function () { var t = document.querySelector('main.deck > section.slide:not([hidden]) .term');\
         return !!t && getComputedStyle(t.querySelector('.term-tip')).visibility === 'hidden'; })()",
        "the tooltip closed",
        10,
    );
    assert!(
        b.url().ends_with(&format!("{deck}#{n}")),
        "still on the slide: {}",
        b.url()
    );
    // The next one goes back to the article.
    b.keys(key::ESCAPE);
    b.wait_for(
        "location.pathname.endsWith('/articles/k8s-1-32-sig-api-machinery/index.html')",
        "the article after a second Escape",
        10,
    );
}

/// On every slide of the deck, shown one at a time: the KEP, PR and SIG links that take more
/// than one line box, how many there are, and the looks of a term, a KEP link and a PR link
/// (the PR's `::after` mark: it leaves the site).
const SLIDE_LINKS: &str = r#"
const slides = Array.from(document.querySelectorAll("main.deck > section.slide"));
const broken = [];
let refs = 0;
for (const s of slides) {
  slides.forEach(x => { x.hidden = x !== s; });
  for (const a of s.querySelectorAll("a.ref-kep, a.ref-pr, a.ref-sig")) {
    refs++;
    if (a.getClientRects().length > 1) broken.push(a.textContent);
  }
}
const look = (sel, pseudo) => {
  const cs = getComputedStyle(document.querySelector(sel), pseudo || null);
  return { style: cs.textDecorationStyle, content: cs.content };
};
return { broken, refs, term: look(".term > a"), kep: look("a.ref-kep"), pr_mark: look("a.ref-pr", "::after") };
"#;

#[test]
fn article_slides_keep_the_articles_link_looks_and_ids_whole_on_a_phone() {
    let f = Fixture::built_repo_site();
    let b = Browser::start(390, 844);
    open_deck(
        &b,
        &f,
        "articles/k8s-1-32-sig-api-machinery/slides/index.html",
    );
    let v = b.execute(SLIDE_LINKS, vec![]);
    // The digest names a KEP or PR in nearly every changelog item.
    assert!(v["refs"].as_u64().unwrap() > 20, "{v}");
    assert_eq!(
        v["broken"],
        serde_json::json!([]),
        "KEP, PR or SIG labels broken: {v}"
    );
    // As on the article page: a term has a dotted line, a reference a solid one, and a link
    // that leaves the site its mark.
    assert_eq!(v["term"]["style"], "dotted", "{v}");
    assert_eq!(v["kep"]["style"], "solid", "{v}");
    assert!(
        v["pr_mark"]["content"].as_str().unwrap().contains('↗'),
        "{v}"
    );
}

#[test]
fn the_term_link_switch_on_article_slides_is_the_articles_switch() {
    let f = Fixture::built_repo_site();
    let b = Browser::start(1280, 800);
    let deck = "articles/k8s-1-32-sig-api-machinery/slides/index.html";
    open_deck(&b, &f, deck);
    const STATE: &str = "var t = document.querySelector('.deck-bar .terms-toggle');\
         return { shown: !!t && !t.hidden && t.getBoundingClientRect().height > 0,\
                  pressed: t && t.getAttribute('aria-pressed'),\
                  off: document.documentElement.classList.contains('terms-off') };";
    let on = b.execute(STATE, vec![]);
    assert_eq!(on["shown"], true, "{on}");
    assert_eq!(on["pressed"], "true", "{on}");
    assert_eq!(on["off"], false, "{on}");
    b.find(".deck-bar .terms-toggle")
        .map(|t| b.tap(&t))
        .unwrap();
    let off = b.execute(STATE, vec![]);
    assert_eq!(
        (off["pressed"].clone(), off["off"].clone()),
        ("false".into(), true.into()),
        "{off}"
    );
    // The choice is the reader's for the whole site: the article is off from its first paint,
    // and so are the slides opened again.
    b.open(&file_url(
        &f,
        "articles/k8s-1-32-sig-api-machinery/index.html",
    ));
    b.wait_for(
        "document.readyState === 'complete' && document.documentElement.classList.contains('terms-off')",
        "term links off on the article",
        10,
    );
    open_deck(&b, &f, deck);
    let again = b.execute(STATE, vec![]);
    assert_eq!(again["pressed"], "false", "{again}");
    assert_eq!(again["off"], true, "{again}");
}

#[test]
fn a_slide_longer_than_the_screen_starts_below_the_bar_and_is_shrunk_to_fit() {
    // A slide with more text than a 1280×720 window holds: its first line must stand below the
    // deck's bar (not be centred up off the screen), and its type shrinks until its last line is
    // on the screen too, above the buttons, down to a floor (16px) past which it scrolls.
    let f = Fixture::built_repo_site();
    let b = Browser::start(1280, 720);
    let deck = "articles/k8s-1-32-sig-api-machinery/slides/index.html";
    open_deck(&b, &f, deck);
    let n = on_screen(&b).1;
    let mut shrunk = 0;
    for i in 1..=n {
        b.execute(&format!("location.hash = '#{i}';"), vec![]);
        b.wait_for(
            &format!("document.documentElement.getAttribute('data-slide') === '{i}'"),
            "the slide",
            5,
        );
        let v = b.execute(
            "var s = document.querySelector('main.deck > section.slide:not([hidden])');\
             var bar = document.querySelector('.deck-bar').getBoundingClientRect().bottom;\
             var buttons = document.querySelector('.deck-controls').getBoundingClientRect().top;\
             var first = s.firstElementChild.getBoundingClientRect().top;\
             var last = s.lastElementChild.getBoundingClientRect().bottom;\
             var cs = getComputedStyle(s);\
             var smallest = parseFloat(cs.fontSize) < 16 / 0.9 && cs.overflowY === 'auto';\
             return [first >= bar - 1, last <= buttons + 1 || smallest, s.style.fontSize !== ''];",
            vec![],
        );
        assert_eq!(
            v[0], true,
            "slide {i}: the first line is under the bar: {v}"
        );
        // (Or the type is as small as it gets, and the slide scrolls.)
        assert_eq!(
            v[1], true,
            "slide {i}: the last line is above the buttons: {v}"
        );
        if v[2] == true {
            shrunk += 1;
        }
    }
    assert!(
        shrunk > 0,
        "some slide of the deck is long enough to be shrunk"
    );
}
