//! Glossary tooltips in headless Chromium, on the repository's site written to disk and opened
//! from `file://`: a term's tooltip must become visible when the term link gets keyboard focus
//! (a real Tab key press) and when it is tapped, be what the link's `aria-describedby` points
//! at, close on Escape, and let a second tap follow the link.
//!
//! `cargo test --test glossary_browser -- --ignored screenshot` regenerates
//! `docs/screenshots/glossary.png`.
//!
//! Needs `chromium` and `chromedriver` (scripts/test installs them); see `support::webdriver`.
mod support;

use std::path::Path;

use serde_json::{Value, json};
use support::Fixture;
use support::webdriver::{ESCAPE, TAB, WebDriver};

const ARTICLE: &str = "articles/k8s-1-32-sig-api-machinery/index.html";
const TERM_HREF: &str = "../../glossary/mutating-admission-policy/";

fn built_site() -> Fixture {
    let f = Fixture::with_repo_content();
    let built = f.run(&["build"]);
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    f
}

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

fn tip_state(wd: &WebDriver) -> Value {
    wd.exec(TIP_STATE, json!([TERM_HREF]))
}

/// Waits until the tooltip is visible (or hidden): computed visibility, and full opacity once
/// the fade is over.
fn is_shown(wd: &WebDriver) -> bool {
    wd.wait_for(TIP_SHOWN, json!([TERM_HREF, true]))
}

fn is_hidden(wd: &WebDriver) -> bool {
    wd.wait_for(TIP_SHOWN, json!([TERM_HREF, false]))
}

const TIP_SHOWN: &str = r#"
const a = document.querySelector(`.term > a[href^="${arguments[0]}"]`);
const cs = getComputedStyle(a.parentElement.querySelector(".term-tip"));
const shown = cs.visibility === "visible" && cs.opacity === "1";
return arguments[1] ? shown : cs.visibility === "hidden";
"#;

#[test]
fn a_tooltip_shows_on_keyboard_focus_and_is_announced() {
    let f = built_site();
    let wd = WebDriver::start(1280, 900);
    wd.goto(&file_url(&f, ARTICLE));
    let before = tip_state(&wd);
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
    wd.exec(
        r#"const a = document.querySelector(`.term > a[href^="${arguments[0]}"]`);
           const all = Array.from(document.querySelectorAll("a[href], button, input, summary"));
           all[all.indexOf(a) - 1].focus();"#,
        json!([TERM_HREF]),
    );
    wd.press(TAB);
    assert!(is_shown(&wd), "{}", tip_state(&wd));
    let focused = tip_state(&wd);
    assert_eq!(focused["focused"], true, "{focused}");
    assert_eq!(focused["display"], "block");
    assert!(focused["width"].as_f64().unwrap() > 100.0, "{focused}");
    assert_eq!(focused["in_window"], true, "{focused}");

    wd.press(ESCAPE);
    assert!(is_hidden(&wd), "Escape closes it: {}", tip_state(&wd));
    assert_eq!(tip_state(&wd)["focused"], true, "and keeps the focus");

    // Tab on: the next link's tip (if any) opens and this one is gone.
    wd.press(TAB);
    assert!(is_hidden(&wd), "{}", tip_state(&wd));
}

#[test]
fn a_tap_opens_the_tooltip_and_a_second_tap_follows_the_link() {
    let f = built_site();
    let wd = WebDriver::start(1280, 900);
    let url = file_url(&f, ARTICLE);
    wd.goto(&url);
    let link = wd.find(&format!(".term > a[href^=\"{TERM_HREF}\"]"));
    wd.exec(
        "arguments[0].scrollIntoView({block: 'center'});",
        json!([link]),
    );
    wd.tap(&link);
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert_eq!(wd.current_url(), url, "the first tap does not navigate");
    assert!(is_shown(&wd), "{}", tip_state(&wd));
    assert_eq!(
        wd.exec(
            "return document.querySelectorAll('.term.open').length;",
            json!([])
        ),
        json!(1)
    );

    // A tap elsewhere closes it.
    let heading = wd.find("h1");
    wd.exec(
        "arguments[0].scrollIntoView({block: 'center'});",
        json!([heading]),
    );
    wd.tap(&heading);
    assert!(is_hidden(&wd), "{}", tip_state(&wd));

    // Tap, tap: the second tap follows the link to the term page.
    wd.exec(
        "arguments[0].scrollIntoView({block: 'center'});",
        json!([link]),
    );
    wd.tap(&link);
    assert!(is_shown(&wd));
    wd.tap(&link);
    assert!(
        wd.wait_for(
            "return location.href.endsWith('/glossary/mutating-admission-policy/index.html') || location.href.endsWith('/glossary/mutating-admission-policy/');",
            json!([])
        ),
        "{}",
        wd.current_url()
    );
}

#[test]
fn the_glossary_index_filters_by_kind_from_a_shared_link() {
    let f = built_site();
    let wd = WebDriver::start(1280, 900);
    wd.goto(&format!(
        "{}?kind=api_kind",
        file_url(&f, "glossary/index.html")
    ));
    let counts = wd.exec(
        r##"const shown = new Set(), kinds = new Set();
           document.querySelectorAll("#glossary-index li[data-id]").forEach(li => {
             if (li.offsetParent !== null) { shown.add(li.dataset.id); kinds.add(li.dataset.kind); }
           });
           return {shown: shown.size, kinds: Array.from(kinds),
                   count: document.querySelector(".filter-count").textContent,
                   boxes: document.querySelectorAll("input[name=kind]:checked").length};"##,
        json!([]),
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

/// Writes `docs/screenshots/glossary.png`: an article with a tooltip open (1280 pixels wide),
/// and below it the glossary index and a term page (800 wide, scaled), in one picture.
#[test]
#[ignore]
fn screenshot() {
    let f = built_site();
    let wd = WebDriver::start(1280, 1000);
    let shot = |width: u32, page: &str, prepare: &str| -> String {
        wd.set_size(width, 1000);
        wd.goto(&file_url(&f, page));
        wd.exec(prepare, json!([TERM_HREF]));
        std::thread::sleep(std::time::Duration::from_millis(400));
        base64_of(&wd.screenshot())
    };
    let article = shot(
        1280,
        ARTICLE,
        r#"const a = document.querySelector(`.term > a[href^="${arguments[0]}"]`);
           a.scrollIntoView({block: "center"}); window.scrollBy(0, -40);
           a.focus({preventScroll: true});"#,
    );
    let index = shot(
        800,
        "glossary/index.html",
        "document.querySelector('h1').scrollIntoView(); window.scrollBy(0, -16);",
    );
    let term = shot(
        800,
        "glossary/mutating-admission-policy/index.html",
        "document.querySelector('h1').scrollIntoView(); window.scrollBy(0, -16);",
    );
    // Composed in the browser itself: no image library needed.
    let html = format!(
        r#"<!DOCTYPE html><html><body style="margin:0;background:#cfc9bc">
<div style="display:grid;grid-template-columns:1fr 1fr;gap:10px;padding:10px;width:1260px">
<img style="width:100%;grid-column:1/3;height:420px;object-fit:cover;object-position:50% 42%;border-radius:6px" src="data:image/png;base64,{article}">
<img style="width:100%;height:660px;object-fit:cover;object-position:top;border-radius:6px" src="data:image/png;base64,{index}">
<img style="width:100%;height:660px;object-fit:cover;object-position:top;border-radius:6px" src="data:image/png;base64,{term}">
</div></body></html>"#
    );
    let compose = f.root().join("compose.html");
    std::fs::write(&compose, html).unwrap();
    wd.set_size(1280, 1050);
    wd.goto(&format!("file://{}", compose.display()));
    let height = wd.exec("return document.body.scrollHeight;", json!([]));
    wd.set_size(1280, height.as_u64().unwrap() as u32);
    std::thread::sleep(std::time::Duration::from_millis(300));
    let png = wd.screenshot();
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots/glossary.png");
    std::fs::write(&out, &png).unwrap();
    // Fewer colours when pngquant is there, so the picture stays small.
    let _ = std::process::Command::new("pngquant")
        .args(["--force", "--skip-if-larger", "--quality=70-95", "--output"])
        .arg(&out)
        .arg(&out)
        .status();
    let size = std::fs::metadata(&out).unwrap().len();
    eprintln!("wrote {} ({size} bytes)", out.display());
    assert!(size <= 300 * 1024, "{size} bytes");
}

fn base64_of(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}
