//! The index-table filters (`static/filters.js`) in headless Chromium, on the repository's site
//! written to disk and opened from `file://` with a query string, the way a shared link opens:
//! the rows shown must be exactly those the facets select (AND across facets, OR within one,
//! release and stage holding for the same mention), and the count must say so.
//!
//! Drives Chromium through the shared WebDriver harness (`tests/it/support/browser.rs`); needs
//! `chromium` and `chromium-driver` (scripts/test installs them).

use std::collections::BTreeSet;

use crate::support::Fixture;
use crate::support::browser::Browser;
use serde_json::Value;

/// The DOM of `url` once `filters.js` has applied the query (it reveals the form when done).
fn dom_after_filters(b: &Browser, url: &str) -> String {
    b.open(url);
    b.wait_for(
        "document.querySelector('form.filters') && !document.querySelector('form.filters').hidden",
        "filters.js to reveal the form",
        10,
    );
    b.execute("return document.documentElement.outerHTML;", vec![])
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// KEP labels of the rows the page shows.
fn shown(dom: &str) -> BTreeSet<String> {
    dom.split("<tr data-rs=")
        .skip(1)
        .filter(|row| !row.split('>').next().unwrap().contains("hidden"))
        .map(|row| {
            row.split("\">KEP-")
                .nth(1)
                .unwrap()
                .split('<')
                .next()
                .unwrap()
                .to_string()
        })
        .collect()
}

/// The same selection computed from `api/keps.json`, independently of the script.
fn expected(keps: &Value, releases: &[&str], stages: &[&str], sigs: &[&str]) -> BTreeSet<String> {
    keps["keps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|k| sigs.is_empty() || sigs.contains(&k["sig"].as_str().unwrap_or("")))
        .filter(|k| {
            (releases.is_empty() && stages.is_empty())
                || k["mentions"].as_array().unwrap().iter().any(|m| {
                    let r = m["release"].as_str().unwrap_or("");
                    let s = m["stage"].as_str().unwrap_or("none");
                    (releases.is_empty() || releases.contains(&r))
                        && (stages.is_empty() || stages.contains(&s))
                })
        })
        .map(|k| k["number"].to_string())
        .collect()
}

/// (query string, releases, stages, SIGs it selects, rows expected).
type FilterCase<'a> = (&'a str, &'a [&'a str], &'a [&'a str], &'a [&'a str], usize);

#[test]
fn shared_filter_links_show_exactly_the_selected_rows() {
    let f = Fixture::built_repo_site();
    let index = f.public().join("keps/index.html");
    let b = Browser::start(1200, 900);
    let keps: Value =
        serde_json::from_slice(&std::fs::read(f.public().join("api/keps.json")).unwrap()).unwrap();

    let cases: &[FilterCase] = &[
        ("", &[], &[], &[], 31),
        // 11 KEPs of the 1.31 article name alpha or beta in their `Stage:` line; two of them
        // (#4706, #3314) were deferred or dropped from the milestone, says their section.
        (
            "?release=1.31&stage=alpha&stage=beta",
            &["1.31"],
            &["alpha", "beta"],
            &[],
            9,
        ),
        ("?release=1.29&sig=node", &["1.29"], &[], &["node"], 3),
        (
            "?sig=node&sig=storage&stage=stable",
            &[],
            &["stable"],
            &["node", "storage"],
            4,
        ),
        // 2837 and 4603 are alpha in the 1.32 article; 3962 too, as its gate
        // MutatingAdmissionPolicy is in the same item (its v1alpha1 API).
        ("?release=1.32&stage=alpha", &["1.32"], &["alpha"], &[], 3),
    ];
    for (query, releases, stages, sigs, count) in cases {
        let url = format!("file://{}{query}", index.display());
        let dom = dom_after_filters(&b, &url);
        let got = shown(&dom);
        assert_eq!(got, expected(&keps, releases, stages, sigs), "{query}");
        assert_eq!(got.len(), *count, "{query}: {got:?}");
        assert!(
            dom.contains(&format!("31件中 {count}件を表示")),
            "{query}: the count says what shows"
        );
        assert!(
            !dom.contains("<form class=\"filters\" data-filter=\"keps-table\" hidden"),
            "the script reveals the form"
        );
    }
}
