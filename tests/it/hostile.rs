//! Hostile but fair input: every way a build could lose a user's files or run an author's
//! script, each reproduced with the real binary and checked byte for byte (every file and
//! folder under the site's parent, before and after).
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Command;

use crate::support::{self, Fixture};

/// Every entry under `dir` (folders as `None`, files with their bytes).
fn tree(dir: &Path) -> BTreeMap<String, Option<Vec<u8>>> {
    let mut m = BTreeMap::new();
    for e in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let e = e.unwrap();
        let rel = e
            .path()
            .strip_prefix(dir)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let bytes = e.file_type().is_file().then(|| fs::read(e.path()).unwrap());
        m.insert(rel, bytes);
    }
    m
}

fn shiori(cwd: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_shiori"))
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const FRONT: &str = "title = \"記事\"\nslug = \"a\"\nrelease = \"1.32\"";

/// A site in `<tmp>/site`, so the folder around it can be watched too.
fn site() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("site");
    fs::create_dir_all(root.join("content")).unwrap();
    fs::create_dir_all(root.join("static")).unwrap();
    fs::create_dir_all(root.join("glossary")).unwrap();
    fs::create_dir_all(root.join("templates")).unwrap();
    fs::write(root.join("site.toml"), "title = \"t\"\n").unwrap();
    fs::write(
        root.join("content/a.md"),
        format!("+++\n{FRONT}\n+++\n本文。\n"),
    )
    .unwrap();
    fs::write(root.join("static/logo.txt"), "logo").unwrap();
    (dir, root)
}

/// Runs a build that must be refused: exit 2, a message naming the reason and a way out, and
/// not one byte changed anywhere under the site's parent.
fn refused(dir: &Path, root: &Path, output: &str, reason: &str) {
    let before = tree(dir);
    let (code, stderr) = shiori(root, &["build", "--output", output]);
    assert_eq!(code, Some(2), "--output {output}: {stderr}");
    assert!(stderr.contains(reason), "--output {output}: {stderr}");
    assert!(stderr.contains("help:"), "says what to do: {stderr}");
    assert_eq!(tree(dir), before, "--output {output} changed files");
}

#[test]
fn output_inside_or_around_the_sources_is_refused_and_nothing_changes() {
    let (dir, root) = site();
    for source in ["content", "glossary", "static", "templates", "site.toml"] {
        refused(
            dir.path(),
            &root,
            source,
            "is, holds or lies inside the site's",
        );
    }
    refused(
        dir.path(),
        &root,
        "static/public",
        "lies inside the site's `static`",
    );
    refused(
        dir.path(),
        &root,
        "content/out",
        "lies inside the site's `content`",
    );
    refused(dir.path(), &root, ".", "holds the site root");
    refused(dir.path(), &root, "..", "holds the site root");
    let outside = dir.path().to_string_lossy().into_owned();
    refused(dir.path(), &root, &outside, "holds the site root");
}

#[test]
fn an_existing_file_is_never_replaced_by_a_folder() {
    let (dir, root) = site();
    fs::write(dir.path().join("notes.txt"), "mine").unwrap();
    refused(
        dir.path(),
        &root,
        "content/a.md",
        "lies inside the site's `content`",
    );
    refused(dir.path(), &root, "../notes.txt", "is a file, not a folder");
    assert_eq!(
        fs::read_to_string(dir.path().join("notes.txt")).unwrap(),
        "mine"
    );
}

#[test]
fn a_folder_shiori_did_not_make_is_replaced_only_with_force() {
    let (dir, root) = site();
    let theirs = dir.path().join("photos");
    fs::create_dir_all(&theirs).unwrap();
    fs::write(theirs.join("cat.jpg"), "meow").unwrap();
    refused(dir.path(), &root, "../photos", "shiori did not make it");
    let (code, stderr) = shiori(&root, &["build", "--output", "../photos", "--force"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(theirs.join("articles/a/index.html").is_file());
    assert!(
        !theirs.join("cat.jpg").exists(),
        "--force replaces it whole"
    );
    assert!(
        theirs.join(".shiori-output").is_file(),
        "and marks it as shiori's"
    );
    // --force never reaches the sources.
    refused(
        dir.path(),
        &root,
        "content",
        "is, holds or lies inside the site's",
    );
    let (code, _) = shiori(&root, &["build", "--output", "content", "--force"]);
    assert_eq!(code, Some(2));
    assert!(root.join("content/a.md").is_file());
}

#[test]
fn shiori_replaces_its_own_folder_and_an_empty_one() {
    let (dir, root) = site();
    fs::create_dir_all(root.join("public")).unwrap();
    let (code, stderr) = shiori(&root, &["build"]);
    assert_eq!(code, Some(0), "an empty folder: {stderr}");
    fs::write(
        root.join("content/b.md"),
        format!("+++\n{}\n+++\n二つ目。\n", FRONT.replace("\"a\"", "\"b\"")),
    )
    .unwrap();
    let (code, stderr) = shiori(&root, &["build"]);
    assert_eq!(code, Some(0), "its own folder: {stderr}");
    assert!(root.join("public/articles/b/index.html").is_file());
    let names: Vec<String> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(names.is_empty(), "no staging folder left behind: {names:?}");
    drop(dir);
}

#[test]
fn folders_named_like_staging_folders_are_the_users() {
    let (dir, root) = site();
    for name in [".public.shiori-old", ".public.shiori-new"] {
        fs::create_dir_all(root.join(name)).unwrap();
        fs::write(root.join(name).join("keep.txt"), name).unwrap();
    }
    let (code, stderr) = shiori(&root, &["build"]);
    assert_eq!(code, Some(0), "{stderr}");
    let (code, stderr) = shiori(&root, &["build"]);
    assert_eq!(code, Some(0), "{stderr}");
    for name in [".public.shiori-old", ".public.shiori-new"] {
        assert_eq!(
            fs::read_to_string(root.join(name).join("keep.txt")).unwrap(),
            name,
            "{name} survives"
        );
    }
    drop(dir);
}

#[test]
fn a_failed_build_changes_nothing() {
    let (dir, root) = site();
    let (code, _) = shiori(&root, &["build"]);
    assert_eq!(code, Some(0));
    fs::write(root.join("content/bad.md"), "+++\ntitle = \n+++\n").unwrap();
    let before = tree(dir.path());
    let (code, stderr) = shiori(&root, &["build"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("content/bad.md:2"), "{stderr}");
    assert_eq!(tree(dir.path()), before);
}

#[test]
fn the_fixture_site_builds_into_public_by_default() {
    let f = Fixture::with_article("a", FRONT, "本文。\n");
    let out = f.run(&["build"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(f.public().join(".shiori-output").is_file());
}

#[test]
fn no_author_url_that_a_browser_would_run_reaches_an_href_or_src() {
    let f = Fixture::new();
    let body = "\
1 [直接](javascript:alert(1))
2 [大文字](JaVaScRiPt:alert(2))
3 [実体参照](javascript&#58;alert(3))
4 [参照形式][r]
5 <javascript:alert(5)>
6 ![画像](javascript:alert(6))
7 [vb](vbscript:msgbox(7))
8 [データ](data:text/html,<script>alert(8)</script>)
9 [タブ](java\tscript:alert(9))
10 <a href=\"javascript:alert(10)\">生のHTML</a> <img src=\"data:text/html,x\" alt=\"x\">
11 [安全](https://kubernetes.io/) [相対](../b/) [断片](#p-1) [メール](mailto:a@example.com)

[r]: javascript:alert(4)
";
    f.write(
        "content/a.md",
        &format!("+++\n{FRONT}\n[source]\nurl = \"javascript:alert('source')\"\n+++\n{body}"),
    );
    let out = f.build();
    let html = support::page(&out, "articles/a/index.html");
    let attr = regex::Regex::new(r#"(?i)\b(?:href|src)\s*=\s*"([^"]*)""#).unwrap();
    let urls: Vec<&str> = attr
        .captures_iter(&html)
        .map(|c| c.get(1).unwrap().as_str())
        .collect();
    for u in &urls {
        let l = u.to_ascii_lowercase().replace(['\t', '\n'], "");
        assert!(
            !l.starts_with("javascript:") && !l.starts_with("vbscript:") && !l.starts_with("data:"),
            "{u} reached the page"
        );
    }
    for ok in [
        "https://kubernetes.io/",
        "../b/",
        "#p-1",
        "mailto:a@example.com",
    ] {
        assert!(urls.contains(&ok), "{ok} is kept: {urls:?}");
    }
    // The text of a dropped link stays; each Markdown drop is reported at its line (the body
    // starts on line 8; `java<TAB>script:` is no link in Markdown, and raw HTML is cleaned by
    // the sanitizer under the same scheme rule).
    assert!(
        html.contains("直接") && html.contains("参照形式"),
        "text kept"
    );
    let warnings: Vec<String> = out.warnings.iter().map(|w| w.to_string()).collect();
    for line in 8..=15 {
        assert!(
            warnings
                .iter()
                .any(|w| w.starts_with(&format!("content/a.md:{line}: warning: the link target"))),
            "line {line}: {warnings:#?}"
        );
    }
    assert!(
        warnings.iter().any(|w| w
            .starts_with("content/a.md:6: warning: the link target `javascript:alert('source')`")),
        "front matter: {warnings:#?}"
    );
}

#[test]
fn impossible_dates_are_errors_with_file_and_line_and_nothing_is_written() {
    for (date, shown) in [
        ("\"2023-13-45\"", "2023-13-45"),
        ("\"2024-12-12garbage\"", "2024-12-12garbage"),
        ("10:00:00", "10:00:00"),
    ] {
        let (dir, root) = site();
        fs::write(
            root.join("content/a.md"),
            format!("+++\ntitle = \"記事\"\nslug = \"a\"\ndate = {date}\n+++\n本文。\n"),
        )
        .unwrap();
        let before = tree(dir.path());
        let (code, stderr) = shiori(&root, &["build"]);
        assert_eq!(code, Some(1), "{date}: {stderr}");
        assert!(
            stderr.contains(&format!("content/a.md:4: error: `{shown}` is not a date")),
            "{date}: {stderr}"
        );
        assert_eq!(tree(dir.path()), before);
    }
}

#[test]
fn control_characters_never_reach_the_feed_and_csv_cells_never_start_a_formula() {
    let f = Fixture::new();
    f.write(
        "content/a.md",
        "+++\ntitle = \"記事\\u0001\\u0008タイトル\"\nslug = \"a\"\nrelease = \"1.32\"\n+++\n本文\u{1}に制御文字\u{7}があります。十分に長い段落です。\n",
    );
    f.write(
        "glossary/terms.toml",
        "[[term]]\nid = \"minus\"\nen = \"-1+1\"\nja = \"マイナス\"\nkind = \"term\"\ndef_ja = \"=SUM(A1)\"\ndef_en = \"@x\"\n",
    );
    let out = f.build();
    let atom = String::from_utf8(out.files["atom.xml"].to_vec()).unwrap();
    assert!(
        !atom
            .chars()
            .any(|c| c.is_control() && !matches!(c, '\n' | '\t' | '\r')),
        "{atom}"
    );
    assert!(atom.contains("記事タイトル"));
    quick_xml_well_formed(&atom);
    let csv = String::from_utf8(out.files["glossary.csv"].to_vec()).unwrap();
    let row = csv.lines().find(|l| l.starts_with("minus")).unwrap();
    for cell in ["'-1+1", "'=SUM(A1)", "'@x"] {
        assert!(row.contains(cell), "{cell} neutralized: {row}");
    }
}

fn quick_xml_well_formed(xml: &str) {
    let mut r = quick_xml::Reader::from_str(xml);
    loop {
        match r.read_event() {
            Ok(quick_xml::events::Event::Eof) => break,
            Ok(_) => {}
            Err(e) => panic!("atom.xml is not well-formed: {e}"),
        }
    }
}

#[test]
fn every_article_that_is_not_utf8_is_a_content_error_with_its_place() {
    let (dir, root) = site();
    fs::write(
        root.join("content/sjis.md"),
        b"+++\ntitle = \"x\"\n+++\n\x82\xa0\n",
    )
    .unwrap();
    fs::write(root.join("content/latin1.md"), b"caf\xe9\n").unwrap();
    let before = tree(dir.path());
    let (code, stderr) = shiori(&root, &["build"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("content/latin1.md:1: error: the file is not UTF-8 text (the first byte that is not is at byte 3)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("content/sjis.md:4: error: the file is not UTF-8"),
        "{stderr}"
    );
    assert_eq!(tree(dir.path()), before);
}

#[test]
fn a_paragraph_of_pathological_markup_builds_as_code_and_the_rest_as_prose() {
    let f = Fixture::new();
    let dense = "*a*_b_[c]".repeat(20_000);
    f.article(
        "a",
        FRONT,
        &format!("前の段落です。\n\n{dense}\n\n後の段落も **太字** のままです。\n"),
    );
    let out = f.build();
    let html = support::page(&out, "articles/a/index.html");
    assert!(
        html.contains("<p id=\"p-1\">前の段落です。</p>"),
        "prose before"
    );
    assert!(
        html.contains("後の段落も <strong>太字</strong> のままです。"),
        "prose after"
    );
    assert!(
        !html.contains("<em>a</em>"),
        "the dense paragraph is not parsed as markup"
    );
    assert!(html.contains("*a*_b_[c]*a*"), "it is shown as written");
}
