//! `shiori serve` as a user meets it: the real binary on a free port, a page fetched over
//! HTTP, an article saved, the long-poll reload answering, the new text served.
mod support;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use support::Fixture;

struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn serve_rebuilds_on_save_and_wakes_the_reload_poll() {
    let f = Fixture::new();
    f.article(
        "a",
        "title = \"最初\"\nslug = \"a\"\nrelease = \"1.32\"",
        "最初の本文\n",
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_shiori"))
        .args(["serve", "--port", "0", "--root"])
        .arg(f.root())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let _server = Server(child);
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
    let get = |path: &str| {
        ureq::get(&format!("{addr}{path}"))
            .call()
            .unwrap()
            .into_string()
            .unwrap()
    };
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
        .and_then(|v| v.split(')').next())
        .and_then(|v| v.parse().ok())
        .expect("the reload script carries the build version");

    // Without a trailing slash the server redirects, so relative links keep working.
    let agent = ureq::AgentBuilder::new().redirects(0).build();
    let r = agent.get(&format!("{addr}/articles/a")).call().unwrap();
    assert_eq!(r.status(), 301);

    let poll = {
        let addr = addr.clone();
        std::thread::spawn(move || {
            ureq::get(&format!("{addr}/__shiori/reload?since={version}"))
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
    let new_version: u64 = poll.join().unwrap().trim().parse().unwrap();
    assert!(new_version > version);
    assert!(get("/articles/a/").contains("書き換えた本文"));

    // A broken save shows the diagnostics in the browser, and the next good save recovers.
    f.write("content/a.md", "+++\nslug = \"a\"\n+++\n");
    let mut shown = String::new();
    for _ in 0..100 {
        std::thread::sleep(Duration::from_millis(100));
        shown = match ureq::get(&format!("{addr}/articles/a/")).call() {
            Err(ureq::Error::Status(500, r)) => r.into_string().unwrap(),
            _ => continue,
        };
        break;
    }
    assert!(
        shown.contains("content/a.md:2: error: the article has no `title`"),
        "{shown}"
    );
}
