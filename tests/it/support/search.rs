//! Search helpers shared by the browser tests: run a query on the `/search/` page, check the
//! browser tokenizer against the shared vectors, drive the search box with the keyboard, and
//! index a site folder with extra synonyms through `search::index_site` (the synonyms hook).

use serde_json::{Value, json};

use super::browser::{Browser, key};

/// Percent-encodes a query for `?q=`.
pub fn encode(q: &str) -> String {
    q.bytes()
        .map(|c| match c {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (c as char).to_string(),
            _ => format!("%{c:02X}"),
        })
        .collect()
}

/// The search page URL for `q` under a site root URL (`file:///…/` or `http://…/sub/`).
pub fn search_url(root: &str, q: &str) -> String {
    let page = if root.starts_with("file:") {
        "search/index.html"
    } else {
        "search/"
    };
    format!("{root}{page}?q={}", encode(q))
}

/// Opens the search page for `q` and returns the result hrefs, relative to the site root and
/// without `index.html`, best first. Fails on a console error.
#[track_caller]
pub fn results(b: &Browser, root: &str, q: &str) -> Vec<String> {
    b.open(&search_url(root, q));
    b.wait_for(
        "document.getElementById('search-results').dataset.state !== 'loading' && document.getElementById('search-results').dataset.state",
        &format!("results for {q:?}"),
        20,
    );
    // A site without a favicon makes the browser log a 404 for it: not the search's doing.
    let console: Vec<String> = b
        .console()
        .into_iter()
        .filter(|l| !l.contains("favicon.ico"))
        .collect();
    assert!(
        !console.iter().any(|l| l.starts_with("SEVERE")),
        "errors while searching {q:?}:\n{}",
        console.join("\n")
    );
    b.find_all("#search-results > li > a")
        .iter()
        .map(|a| {
            let href = b.property(a, "href");
            let href = href.as_str().unwrap_or_default();
            href.strip_prefix(root)
                .unwrap_or(href)
                .replace("index.html", "")
        })
        .collect()
}

/// Taps the search box of the open page, which is when a page loads `static/search.js`, and
/// waits for it.
pub fn start_search(b: &Browser) {
    let input = b.find("#search-input").expect("a search box");
    b.tap(&input);
    b.wait_for("window.shioriSearch", "search.js to load", 10);
}

/// The browser tokenizer against `tests/search-vectors.json`, on any page with the search box.
pub fn check_vectors(b: &Browser, page_url: &str) -> Vec<String> {
    b.open(page_url);
    start_search(b);
    let raw = include_str!("../../search-vectors.json");
    let vectors: Value = serde_json::from_str(raw).unwrap();
    let got = b.execute(
        "return arguments[0].map(function (v) { return window.shioriSearch.tokenize(v.input); });",
        vec![vectors.clone()],
    );
    let mut failures = Vec::new();
    for (v, g) in vectors
        .as_array()
        .unwrap()
        .iter()
        .zip(got.as_array().unwrap())
    {
        if &v["tokens"] != g {
            failures.push(format!(
                "browser tokenizer: {}: want {}, got {}",
                v["input"], v["tokens"], g
            ));
        }
    }
    if failures.is_empty() && vectors.as_array().unwrap().len() < 20 {
        failures.push("the vector file lost its cases".into());
    }
    failures
}

/// The search box by keyboard on `page_url`: `/` focuses it, typing `query` opens the listbox
/// (ARIA combobox and listbox), the arrows move the selection, Escape closes, Enter opens the
/// selected result, which must be the page whose URL contains `lands_on`.
pub fn check_keyboard(b: &Browser, page_url: &str, query: &str, lands_on: &str) -> Vec<String> {
    let mut failures = Vec::new();
    b.open(page_url);
    // The page's loader (an inline script) must have run: under load, navigation can return
    // before the document has finished loading.
    b.wait_for(
        "document.readyState === 'complete'",
        "the page to finish loading",
        10,
    );
    // `/` before search.js is there: the page's loader focuses the box and loads it.
    b.keys("/");
    let focused = b.execute("return document.activeElement.id;", vec![]);
    if focused != json!("search-input") {
        failures.push(format!(
            "`/` should focus #search-input, focus is on {focused}"
        ));
        return failures;
    }
    b.wait_for("window.shioriSearch", "search.js to load", 10);
    b.keys(query);
    b.wait_for(
        "!document.getElementById('search-listbox').hidden && document.querySelectorAll('#search-listbox .search-result').length > 0",
        "the listbox to open",
        10,
    );
    let input = b.find("#search-input").unwrap();
    let attr = |name: &str| b.attribute(&input, name);
    for (name, want) in [
        ("role", "combobox"),
        ("aria-expanded", "true"),
        ("aria-controls", "search-listbox"),
        ("aria-autocomplete", "list"),
    ] {
        if attr(name).as_deref() != Some(want) {
            failures.push(format!(
                "#search-input {name} should be {want:?}, is {:?}",
                attr(name)
            ));
        }
    }
    let roles = b.execute(
        "var l = document.getElementById('search-listbox'); return [l.getAttribute('role'), Array.from(l.children).every(function (o) { return o.getAttribute('role') === 'option' && o.id; })];",
        vec![],
    );
    if roles != json!(["listbox", true]) {
        failures.push(format!(
            "the listbox should be role=listbox of role=option items with ids: {roles}"
        ));
    }
    b.keys(key::ARROW_DOWN);
    if attr("aria-activedescendant").as_deref() != Some("search-opt-0") {
        failures.push(format!(
            "ArrowDown should select the first option, got {:?}",
            attr("aria-activedescendant")
        ));
    }
    b.keys(key::ARROW_DOWN);
    b.keys(key::ARROW_UP);
    let selected = b.execute(
        "var o = document.querySelectorAll('#search-listbox [aria-selected=\"true\"]'); return o.length === 1 && o[0].id;",
        vec![],
    );
    if selected != json!("search-opt-0") {
        failures.push(format!(
            "ArrowDown, ArrowUp should come back to the first option alone, got {selected}"
        ));
    }
    b.keys(key::ESCAPE);
    let hidden = b.execute(
        "return document.getElementById('search-listbox').hidden;",
        vec![],
    );
    if hidden != json!(true) || attr("aria-expanded").as_deref() != Some("false") {
        failures.push("Escape should close the listbox".into());
    }
    b.keys(key::ARROW_DOWN);
    b.wait_for(
        "!document.getElementById('search-listbox').hidden",
        "ArrowDown to reopen the listbox",
        5,
    );
    b.keys(key::ARROW_DOWN);
    b.keys(key::ENTER);
    b.wait_for(
        &format!("location.href.indexOf({}) >= 0", json!(lands_on)),
        "Enter to open the selected result",
        10,
    );
    failures
}

#[track_caller]
pub fn assert_no_failures(failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
