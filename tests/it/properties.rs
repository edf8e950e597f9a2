//! Property tests over the stages that read what an author writes: front matter, the Markdown
//! block map, extraction, the render passes and the search tokenizer. Inputs are arbitrary
//! text built from the characters that matter here (Markdown punctuation, Japanese, full-width
//! forms, references, HTML), and each property says what must hold for all of them: no panic,
//! every mention range inside its block at character boundaries, no anchor inside an anchor,
//! no script URL in the output.
//!
//! CI runs 256 cases per property (64 for the whole-site one). A longer run:
//! `PROPTEST_CASES=20000 cargo test --release --test it properties::`.
//!
//! Failing cases proptest found are kept in `tests/it/properties.proptest-regressions` and run
//! first, every time.
use std::path::Path;

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// `config` with the persisted cases read from (and new ones written to) the file beside this
/// one. Proptest's default (`SourceParallel`) would look in `tests/proptest-regressions/`
/// instead, now that this file sits next to the binary's `main.rs`.
fn persisted(config: ProptestConfig) -> ProptestConfig {
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..config
    }
}

/// Text from pieces that exercise every pass: Markdown syntax, references, Japanese, HTML.
fn article_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("KEP-3962".to_string()),
        Just("ＫＥＰ－３１５７".to_string()),
        Just("#128266".to_string()),
        Just("(#119026, @AxeZhan)".to_string()),
        Just("`WatchList`".to_string()),
        Just("フィーチャーゲート".to_string()),
        Just("FeatureGate".to_string()),
        Just("feature gate".to_string()),
        Just("ベータに昇格しました。".to_string()),
        Just("GA".to_string()),
        Just("v1.31で".to_string()),
        Just("[KEP-4381](https://kep.k8s.io/4381)".to_string()),
        Just("[x](javascript:alert(1))".to_string()),
        Just("<https://github.com/kubernetes/kubernetes/pull/1>".to_string()),
        Just("<div>".to_string()),
        Just("</div>".to_string()),
        Just("<script>alert(1)</script>".to_string()),
        Just("{{< figure src=\"a.png\" alt=\"x\" >}}".to_string()),
        Just("{{< feature-state feature_gate_name=\"NodeSwap\" >}}".to_string()),
        Just("\n".to_string()),
        Just("\n\n".to_string()),
        Just("- ".to_string()),
        Just("## ".to_string()),
        Just("> ".to_string()),
        Just("```\n".to_string()),
        Just("| a | b |\n|---|---|\n".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just("*".to_string()),
        Just("&amp;".to_string()),
        Just("ｶﾞ".to_string()),
        Just("\u{3099}".to_string()),
        "[a-zA-Z0-9 ]{0,8}",
        "[ぁ-んァ-ヶ一-龥、。]{0,6}",
        any::<char>().prop_map(|c| c.to_string()),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

fn front_matter_text() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        Just("title = \"t\"".to_string()),
        Just("slug = \"a\"".to_string()),
        Just("release = \"1.32\"".to_string()),
        Just("release = 1.30".to_string()),
        Just("date = 2024-12-12".to_string()),
        Just("date = \"2023-13-45\"".to_string()),
        Just("[source]".to_string()),
        Just("url = \"javascript:x\"".to_string()),
        Just("title: 't'".to_string()),
        Just("---".to_string()),
        Just("+++".to_string()),
        "[a-z_]{1,6} = \"[^\"\n]{0,6}\"",
        any::<String>(),
    ];
    prop::collection::vec(line, 0..8).prop_map(|v| v.join("\n"))
}

proptest! {
    #![proptest_config(persisted(ProptestConfig::default()))]
    #[test]
    fn front_matter_never_panics(text in front_matter_text(), body in article_text()) {
        let mut warnings = Vec::new();
        let _ = shiori::parse::frontmatter::split(Path::new("content/a.md"), &format!("{text}\n{body}"), &mut warnings);
    }

    #[test]
    fn extraction_ranges_lie_inside_their_blocks(body in article_text()) {
        let text = format!("+++\ntitle = \"t\"\nslug = \"a\"\nrelease = \"1.32\"\n+++\n{body}");
        let mut warnings = Vec::new();
        let split = shiori::parse::frontmatter::split(Path::new("content/a.md"), &text, &mut warnings).unwrap();
        let body = shiori::parse::shortcodes::degrade(
            split.body,
            &shiori::parse::shortcodes::Page::of(&split.front, &Default::default(), shiori::registry::Registry::builtin()),
        );
        let doc = shiori::parse::blocks::parse(&body, split.body_line);
        let refs = shiori::extract::extract(&doc, &split.front, shiori::registry::Registry::builtin());
        let ranges = refs.keps.iter().map(|m| (m.block, m.range.clone(), m.sentence.clone()))
            .chain(refs.prs.iter().map(|m| (m.block, m.range.clone(), m.sentence.clone())))
            .chain(refs.gates.iter().map(|m| (m.block, m.range.clone(), m.sentence.clone())));
        for (block, range, sentence) in ranges {
            let t = &doc.blocks[block].text;
            prop_assert!(range.start <= range.end && range.end <= t.len());
            prop_assert!(t.is_char_boundary(range.start) && t.is_char_boundary(range.end));
            prop_assert!(sentence.end <= t.len() && t.is_char_boundary(sentence.start) && t.is_char_boundary(sentence.end));
        }
    }

}

proptest! {
    // A whole site build per case: fewer cases in CI, the same property.
    #![proptest_config(persisted(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(64)
    )))]
    #[test]
    fn rendered_articles_nest_no_anchor_and_run_no_script(body in article_text()) {
        let f = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(f.path().join("content")).unwrap();
        std::fs::write(
            f.path().join("content/a.md"),
            format!("+++\ntitle = \"t\"\nslug = \"a\"\nrelease = \"1.32\"\n+++\n{body}"),
        ).unwrap();
        std::fs::write(f.path().join("site.toml"), "builtin_registry = false\n").unwrap();
        let sources = shiori::load::load(f.path()).unwrap();
        let out = shiori::pipeline::build(&sources, &shiori::pipeline::BuildOptions::default()).unwrap();
        let html = String::from_utf8(out.files["articles/a/index.html"].to_vec()).unwrap();
        // The article element: the author's content and what shiori put around it.
        let start = html.find("<article").unwrap();
        let main = &html[start..html[start..].find("</article>").map_or(html.len(), |e| start + e)];
        // No `<a` opens while another is open.
        let mut depth = 0i32;
        let mut rest = main;
        while let Some(i) = rest.find(['<']) {
            rest = &rest[i..];
            if rest.starts_with("<a ") || rest.starts_with("<a>") {
                depth += 1;
                prop_assert!(depth <= 1, "an anchor inside an anchor");
            } else if rest.starts_with("</a>") {
                depth -= 1;
            }
            rest = &rest[1..];
        }
        let lower = main.to_ascii_lowercase();
        prop_assert!(!lower.contains("href=\"javascript:"), "a script URL reached the page");
        prop_assert!(!lower.contains("<script"), "a script element reached the page");
    }

    #[test]
    fn the_search_tokenizer_never_panics(text in article_text()) {
        let tokens = shiori::search::tokenize::tokenize(&text);
        prop_assert!(tokens.iter().all(|t| !t.is_empty()));
    }
}
