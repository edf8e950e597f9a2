//! `shiori serve` as a user meets it: the real binary on a free port, a page fetched over
//! HTTP, an article saved, the long-poll reload answering, the new text served.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::support::Fixture;

struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `shiori serve` of `root` on a free port: the running server, its `http://host:port`, and the
/// lines it prints after its address.
fn start(root: &std::path::Path) -> (Server, String, mpsc::Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shiori"))
        .args(["serve", "--port", "0", "--root"])
        .arg(root)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let server = Server(child);
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let addr = loop {
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("serve prints its address");
        if let Some(i) = line.find("http://") {
            break line[i..]
                .split_whitespace()
                .next()
                .unwrap()
                .trim_end_matches('/')
                .to_string();
        }
    };
    (server, addr, rx)
}

/// The body of `path` on the server at `addr`, which must answer 200.
#[track_caller]
fn page_text(addr: &str, path: &str) -> String {
    ureq::get(&format!("{addr}{path}"))
        .call()
        .unwrap_or_else(|e| panic!("GET {path}: {e}"))
        .into_string()
        .unwrap()
}

#[test]
fn serve_rebuilds_on_save_and_wakes_the_reload_poll() {
    let f = Fixture::with_article(
        "a",
        "title = \"最初\"\nslug = \"a\"\nrelease = \"1.32\"",
        "最初の本文\n",
    );
    let (_server, addr, rx) = start(f.root());
    let get = |path: &str| page_text(&addr, path);
    let page = get("/articles/a/");
    assert!(page.contains("最初の本文"));
    assert!(
        page.contains("/__shiori/reload?since="),
        "pages get the reload script"
    );
    let version: u64 = page
        .rsplit("/__shiori/reload?since=")
        .next()
        .and_then(|tail| tail.split("})(").nth(1))
        .and_then(|v| v.split(',').next())
        .and_then(|v| v.parse().ok())
        .expect("the reload script carries the build version");
    assert!(
        page.contains(r#","articles/a/index.html");"#)
            || page.contains(r#","articles/a/index.html");"#),
        "and the file the page came from"
    );

    // Without a trailing slash the server redirects, so relative links keep working.
    let agent = ureq::AgentBuilder::new().redirects(0).build();
    let r = agent.get(&format!("{addr}/articles/a")).call().unwrap();
    assert_eq!(r.status(), 301);

    let poll = {
        let addr = addr.clone();
        std::thread::spawn(move || {
            ureq::get(&format!(
                "{addr}/__shiori/reload?since={version}&file=articles%2Fa%2Findex.html"
            ))
            .call()
            .unwrap()
            .into_string()
            .unwrap()
        })
    };
    std::thread::sleep(Duration::from_millis(200));
    f.article(
        "a",
        "title = \"最初\"\nslug = \"a\"\nrelease = \"1.32\"",
        "書き換えた本文\n",
    );
    assert_eq!(
        poll.join().unwrap(),
        "reload",
        "the poll wakes when its page changed"
    );
    assert!(get("/articles/a/").contains("書き換えた本文"));

    // `//search` must not redirect to `//search/`, which a browser reads as host `search`.
    let r = agent.get(&format!("{addr}//search")).call().unwrap();
    assert_eq!(r.status(), 301);
    assert_eq!(r.header("Location"), Some("/search/"));

    // A broken save shows the diagnostics over the last good page, whose styles still load;
    // the terminal says the build failed. The save is slow, as from an editor that truncates
    // the file and writes it a while later: the empty file in between is not built as the
    // last good page.
    f.write("content/a.md", "");
    std::thread::sleep(Duration::from_millis(150));
    f.write("content/a.md", "+++\nslug = \"a\"\n+++\n");
    let mut shown = String::new();
    for _ in 0..100 {
        std::thread::sleep(Duration::from_millis(100));
        let page = get("/articles/a/");
        if page.contains("shiori-build-error") {
            shown = page;
            break;
        }
    }
    assert!(
        shown.contains("content/a.md:2: error: the article has no `title`"),
        "{shown}"
    );
    assert!(
        shown.contains("書き換えた本文"),
        "the last good page stays under the errors"
    );
    let css = ureq::get(&format!("{addr}/static/style.css"))
        .call()
        .unwrap();
    assert_eq!(
        css.status(),
        200,
        "assets of the last good build are still served"
    );
    let mut said = Vec::new();
    while let Ok(line) = rx.recv_timeout(Duration::from_secs(5)) {
        let done = line.contains("rebuild failed");
        said.push(line);
        if done {
            break;
        }
    }
    let status: Vec<&String> = said
        .iter()
        .filter(|l| l.starts_with("rebuilt in") || l.contains("rebuild failed"))
        .collect();
    assert!(
        status.last().is_some_and(|l| l.contains("rebuild failed")),
        "a failed build is reported as failed, not rebuilt: {said:?}"
    );
}

#[test]
fn serve_refuses_a_root_that_is_not_a_folder() {
    let out = Command::new(env!("CARGO_BIN_EXE_shiori"))
        .args(["serve", "--port", "0", "--root", "/nonexistent/site"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a folder"));
}

#[test]
fn serve_refuses_oversized_headers_and_other_methods() {
    use std::io::{Read, Write};
    let f = Fixture::with_article(
        "a",
        "title = \"記事\"\nslug = \"a\"\nrelease = \"1.32\"",
        "本文\n",
    );
    let (_server, url, _rx) = start(f.root());
    let addr = url.trim_start_matches("http://").to_string();
    let ask = |request: &[u8]| {
        let mut s = std::net::TcpStream::connect(&addr).unwrap();
        // The server may answer and close before the whole request is sent.
        let _ = s.write_all(request);
        let mut answer = String::new();
        let _ = s.read_to_string(&mut answer);
        answer
    };
    let mut huge = b"GET /articles/a/ HTTP/1.1\r\nHost: x\r\nX-Big: ".to_vec();
    huge.extend(std::iter::repeat_n(b'a', 200 * 1024));
    huge.extend_from_slice(b"\r\n\r\n");
    assert!(
        ask(&huge).starts_with("HTTP/1.1 431"),
        "headers are bounded"
    );
    assert!(ask(b"POST /articles/a/ HTTP/1.1\r\nHost: x\r\n\r\n").starts_with("HTTP/1.1 405"));
    let ok = ask(b"GET /articles/a/ HTTP/1.1\r\nHost: x\r\n\r\n");
    assert!(
        ok.starts_with("HTTP/1.1 200") && ok.contains("本文"),
        "{}",
        &ok[..ok.len().min(200)]
    );
}

#[test]
fn serve_without_drafts_flag_shows_drafts_when_site_toml_says_so() {
    let f = Fixture::new();
    f.write(
        "site.toml",
        "title = \"テストサイト\"\nbase_url = \"https://example.org/k8s/\"\ndrafts = true\n",
    );
    f.article(
        "d",
        "title = \"下書き\"\nslug = \"d\"\ndraft = true",
        "まだ下書きの本文\n",
    );
    let (_server, addr, _rx) = start(f.root());
    let page = page_text(&addr, "/articles/d/");
    assert!(page.contains("まだ下書きの本文"));
}

#[test]
fn an_edited_article_is_served_before_the_whole_site_is_rebuilt_and_other_pages_follow() {
    let f = Fixture::with_article(
        "a",
        "title = \"最初\"\nslug = \"a\"\nrelease = \"1.32\"",
        "最初の本文\n",
    );
    let (_server, addr, rx) = start(f.root());
    let get = |path: &str| page_text(&addr, path);
    assert!(get("/articles/a/").contains("最初の本文"));
    f.article(
        "a",
        "title = \"最初\"\nslug = \"a\"\nrelease = \"1.32\"",
        "KEP-3962 の本文\n",
    );
    // The terminal says the page was made first, then the site rebuilt.
    let mut said = Vec::new();
    while !said.iter().any(|l: &String| l.starts_with("rebuilt in")) {
        said.push(
            rx.recv_timeout(Duration::from_secs(60))
                .expect("serve reports the rebuild"),
        );
    }
    assert!(
        said.iter()
            .any(|l| l.starts_with("updated articles/a/index.html in")),
        "{said:?}"
    );
    assert!(get("/articles/a/").contains("KEP-3962"));
    // The KEP page, which the quick page did not touch, has the new mention after the rebuild.
    assert!(get("/keps/3962/").contains("articles/a/"));
}

/// Polls `path` until its body contains `want` (ten seconds at most).
#[track_caller]
fn await_text(addr: &str, path: &str, want: &str) -> String {
    let mut body = String::new();
    for _ in 0..100 {
        body = ureq::get(&format!("{addr}{path}"))
            .call()
            .ok()
            .and_then(|r| r.into_string().ok())
            .unwrap_or_default();
        if body.contains(want) {
            return body;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("{path} never showed {want:?}: {body}");
}

/// Saves that replace a file or folder instead of writing into it: `site.toml` renamed over
/// (as `sed -i`, vim and editors' safe writes do), again and again, and a source folder created
/// after start or replaced by another. Every one of them is seen and rebuilt.
#[test]
fn saves_that_replace_files_and_folders_are_seen() {
    let f = Fixture::with_article("a", "title = \"記事\"\nslug = \"a\"", "本文\n");
    let (_server, addr, _rx) = start(f.root());
    let root = f.root();
    let replace = |path: &str, text: &str| {
        let tmp = root.join(format!("{path}.tmp-save"));
        std::fs::write(&tmp, text).unwrap();
        std::fs::rename(&tmp, root.join(path)).unwrap();
    };
    for title in ["一回目", "二回目", "三回目"] {
        replace(
            "site.toml",
            &format!("title = \"{title}\"\nbase_url = \"https://example.org/k8s/\"\n"),
        );
        await_text(&addr, "/", &format!("<title>{title}"));
    }
    // `static/` made after start, then a file in it.
    std::fs::create_dir(root.join("static")).unwrap();
    std::fs::write(root.join("static/hello.txt"), "こんにちは").unwrap();
    await_text(&addr, "/static/hello.txt", "こんにちは");
    std::fs::write(root.join("static/hello.txt"), "さようなら").unwrap();
    await_text(&addr, "/static/hello.txt", "さようなら");
    // `content/` replaced by another folder: its articles, and saves in it after.
    let new = root.join("content-new");
    std::fs::create_dir(&new).unwrap();
    std::fs::write(
        new.join("a.md"),
        "+++\ntitle = \"置き換えた\"\nslug = \"a\"\n+++\n本文\n",
    )
    .unwrap();
    std::fs::remove_dir_all(root.join("content")).unwrap();
    std::fs::rename(&new, root.join("content")).unwrap();
    await_text(&addr, "/articles/a/", "置き換えた");
    f.write(
        "content/a.md",
        "+++\ntitle = \"その後の保存\"\nslug = \"a\"\n+++\n本文\n",
    );
    await_text(&addr, "/articles/a/", "その後の保存");
}

/// A save that changes nothing (`touch`, an edit undone) rebuilds nothing: the site served is
/// already what a build of those sources makes.
#[test]
fn a_save_that_changes_nothing_rebuilds_nothing() {
    let f = Fixture::with_article("a", "title = \"記事\"\nslug = \"a\"", "本文\n");
    let (_server, addr, rx) = start(f.root());
    let text = std::fs::read_to_string(f.root().join("content/a.md")).unwrap();
    std::fs::write(f.root().join("content/a.md"), &text).unwrap();
    let said = |want: &str| {
        let mut seen = Vec::new();
        while let Ok(line) = rx.recv_timeout(Duration::from_secs(10)) {
            let done = line.contains(want);
            seen.push(line);
            if done {
                return seen;
            }
        }
        panic!("serve never said {want:?}: {seen:?}");
    };
    let seen = said("no change since the last build");
    assert!(
        !seen.iter().any(|l| l.starts_with("rebuilt in")),
        "{seen:?}"
    );
    // A real change after it is built.
    f.write(
        "content/a.md",
        "+++\ntitle = \"変えた\"\nslug = \"a\"\n+++\n本文\n",
    );
    said("rebuilt in");
    await_text(&addr, "/", "変えた");
}
