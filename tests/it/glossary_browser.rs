//! Glossary tooltips in headless Chromium, on the repository's site written to disk and opened
//! from `file://`: a term's tooltip must become visible when the term link gets keyboard focus
//! (a real Tab key press) and when it is tapped, be what the link's `aria-describedby` points
//! at, close on Escape, and let a second tap follow the link.
//!
//! `examples/glossary_screenshot.rs` regenerates `docs/screenshots/glossary.png`.
//!
//! Needs `chromium` and `chromedriver` (scripts/test installs them); see `support::browser`.

use std::time::{Duration, Instant};

use crate::support::Fixture;
use crate::support::browser::{Browser, key};
use serde_json::{Value, json};

const ARTICLE: &str = "articles/k8s-1-32-sig-api-machinery/index.html";
const TERM_HREF: &str = "../../glossary/mutating-admission-policy/";

fn file_url(f: &Fixture, page: &str) -> String {
    format!("file://{}", f.public().join(page).display())
}

/// Facts about the tooltip of the first term link to `href`: the link's `aria-describedby`,
/// the tooltip's id, role and computed visibility, opacity and display, and whether the link
/// has focus.
const TIP_STATE: &str = r#"
const a = document.querySelector(`.term > a[href^="${arguments[0]}"]`);
const tip = a.parentElement.querySelector(".term-tip");
const cs = getComputedStyle(tip);
const r = tip.getBoundingClientRect();
return {
  describedby: a.getAttribute("aria-describedby"),
  tip_id: tip.id,
  role: tip.getAttribute("role"),
  visibility: cs.visibility,
  opacity: cs.opacity,
  display: cs.display,
  width: r.width,
  in_window: r.left >= 0 && r.right <= document.documentElement.clientWidth,
  focused: document.activeElement === a,
  text: tip.textContent,
};
"#;

fn tip_state(b: &Browser) -> Value {
    b.execute(TIP_STATE, vec![json!(TERM_HREF)])
}

/// Waits (at most 5 s) until the tooltip is visible (or hidden): computed visibility, and full
/// opacity once the fade is over.
fn is_shown(b: &Browser) -> bool {
    tip_becomes(b, true)
}

fn is_hidden(b: &Browser) -> bool {
    tip_becomes(b, false)
}

fn tip_becomes(b: &Browser, shown: bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        if b.execute(TIP_SHOWN, vec![json!(TERM_HREF), json!(shown)]) == json!(true) {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(30));
    }
}

const TIP_SHOWN: &str = r#"
const a = document.querySelector(`.term > a[href^="${arguments[0]}"]`);
const cs = getComputedStyle(a.parentElement.querySelector(".term-tip"));
const shown = cs.visibility === "visible" && cs.opacity === "1";
return arguments[1] ? shown : cs.visibility === "hidden";
"#;

#[test]
fn a_tooltip_shows_on_keyboard_focus_and_is_announced() {
    let f = Fixture::built_repo_site();
    let b = Browser::start(1280, 900);
    b.open(&file_url(&f, ARTICLE));
    let before = tip_state(&b);
    assert_eq!(before["visibility"], "hidden", "{before}");
    assert_eq!(before["role"], "tooltip");
    assert_eq!(before["describedby"], before["tip_id"], "{before}");
    assert!(
        before["text"]
            .as_str()
            .unwrap()
            .starts_with("MutatingAdmissionPolicy / ミューテーティングアドミッションポリシー"),
        "{before}"
    );

    // Focus whatever comes before the term link in tab order, then press Tab: the browser's
    // own focus navigation lands on the term.
    b.execute(
        r#"const a = document.querySelector(`.term > a[href^="${arguments[0]}"]`);
           const all = Array.from(document.querySelectorAll("a[href], button, input, summary"));
           all[all.indexOf(a) - 1].focus();"#,
        vec![json!(TERM_HREF)],
    );
    b.keys(key::TAB);
    assert!(is_shown(&b), "{}", tip_state(&b));
    let focused = tip_state(&b);
    assert_eq!(focused["focused"], true, "{focused}");
    assert_eq!(focused["display"], "block");
    assert!(focused["width"].as_f64().unwrap() > 100.0, "{focused}");
    assert_eq!(focused["in_window"], true, "{focused}");

    b.keys(key::ESCAPE);
    assert!(is_hidden(&b), "Escape closes it: {}", tip_state(&b));
    assert_eq!(tip_state(&b)["focused"], true, "and keeps the focus");

    // Tab on: the next link's tip (if any) opens and this one is gone.
    b.keys(key::TAB);
    assert!(is_hidden(&b), "{}", tip_state(&b));
}

#[test]
fn a_tap_opens_the_tooltip_and_a_second_tap_follows_the_link() {
    let f = Fixture::built_repo_site();
    let b = Browser::start(1280, 900);
    let url = file_url(&f, ARTICLE);
    b.open(&url);
    let link = b
        .find(&format!(".term > a[href^=\"{TERM_HREF}\"]"))
        .expect("the term link");
    b.execute(
        "arguments[0].scrollIntoView({block: 'center'});",
        vec![link.json()],
    );
    b.tap(&link);
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert_eq!(b.url(), url, "the first tap does not navigate");
    assert!(is_shown(&b), "{}", tip_state(&b));
    assert_eq!(
        b.execute(
            "return document.querySelectorAll('.term.open').length;",
            vec![]
        ),
        json!(1)
    );

    // A tap elsewhere closes it.
    let heading = b.find("h1").expect("the heading");
    b.execute(
        "arguments[0].scrollIntoView({block: 'center'});",
        vec![heading.json()],
    );
    b.tap(&heading);
    assert!(is_hidden(&b), "{}", tip_state(&b));

    // Tap, tap: the second tap follows the link to the term page.
    b.execute(
        "arguments[0].scrollIntoView({block: 'center'});",
        vec![link.json()],
    );
    b.tap(&link);
    assert!(is_shown(&b));
    b.tap(&link);
    // Polled for 5 s like the tooltip; panics with the current URL if it never gets there.
    b.wait_for(
        "location.href.endsWith('/glossary/mutating-admission-policy/index.html') || location.href.endsWith('/glossary/mutating-admission-policy/')",
        "the second tap to follow the link to the term page",
        5,
    );
}

#[test]
fn the_glossary_index_filters_by_kind_from_a_shared_link() {
    let f = Fixture::built_repo_site();
    let b = Browser::start(1280, 900);
    b.open(&format!(
        "{}?kind=api_kind",
        file_url(&f, "glossary/index.html")
    ));
    let counts = b.execute(
        r##"const shown = new Set(), kinds = new Set();
           document.querySelectorAll("#glossary-index li[data-id]").forEach(li => {
             if (li.offsetParent !== null) { shown.add(li.dataset.id); kinds.add(li.dataset.kind); }
           });
           return {shown: shown.size, kinds: Array.from(kinds),
                   count: document.querySelector(".filter-count").textContent,
                   boxes: document.querySelectorAll("input[name=kind]:checked").length};"##,
        vec![],
    );
    assert_eq!(counts["kinds"], json!(["api_kind"]), "{counts}");
    assert_eq!(counts["boxes"], 1);
    let n = counts["shown"].as_u64().unwrap();
    assert!(n >= 10, "{counts}");
    assert!(
        counts["count"]
            .as_str()
            .unwrap()
            .ends_with(&format!(" {n}件を表示")),
        "the count counts each term once, not once per index: {counts}"
    );
}
