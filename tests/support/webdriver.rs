//! Headless Chromium for browser tests: `dump_dom` (the DOM after the page's scripts ran, for
//! checks that need no interaction) and `WebDriver`, a minimal W3C WebDriver client over
//! `chromedriver`, for keyboard, touch and computed-style checks and screenshots.
//!
//! Needs `chromium` and `chromedriver` (scripts/test installs both); `SHIORI_CHROMIUM` and
//! `SHIORI_CHROMEDRIVER` name other binaries. The tests fail, not skip, without them.
#![allow(dead_code)]

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{Value, json};

pub fn chromium() -> String {
    std::env::var("SHIORI_CHROMIUM").unwrap_or_else(|_| "chromium".into())
}

fn chromedriver() -> String {
    std::env::var("SHIORI_CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into())
}

/// The DOM of `url` after its scripts ran.
pub fn dump_dom(url: &str) -> String {
    let out = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--allow-file-access-from-files",
            "--virtual-time-budget=2000",
            "--dump-dom",
            url,
        ])
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run `{}` (run scripts/test, which installs it): {e}",
                chromium()
            )
        });
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The key WebDriver uses for Tab.
pub const TAB: &str = "\u{E004}";
pub const ESCAPE: &str = "\u{E00C}";

/// One headless Chromium session driven through its own `chromedriver`; both end when this is
/// dropped.
pub struct WebDriver {
    driver: Child,
    base: String,
    session: String,
}

/// The JSON key of an element reference (W3C WebDriver).
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

impl WebDriver {
    /// Starts `chromedriver` on a free port and a headless session `width`×`height`.
    pub fn start(width: u32, height: u32) -> WebDriver {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let driver = Command::new(chromedriver())
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot run `{}` (run scripts/test, which installs chromium-driver): {e}",
                    chromedriver()
                )
            });
        let base = format!("http://127.0.0.1:{port}");
        let mut wd = WebDriver {
            driver,
            base,
            session: String::new(),
        };
        let started = Instant::now();
        while ureq::get(&format!("{}/status", wd.base)).call().is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let mut options = json!({
            "args": [
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--allow-file-access-from-files",
                "--force-device-scale-factor=1",
                "--hide-scrollbars",
                "--lang=ja",
                format!("--window-size={width},{height}"),
            ]
        });
        if let Ok(bin) = std::env::var("SHIORI_CHROMIUM") {
            options["binary"] = json!(bin);
        }
        let created = wd.post(
            "/session",
            json!({"capabilities": {"alwaysMatch": {"goog:chromeOptions": options}}}),
        );
        wd.session = created["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {created}"))
            .to_string();
        wd
    }

    fn url(&self, path: &str) -> String {
        format!("{}/session/{}{path}", self.base, self.session)
    }

    fn post(&self, path: &str, body: Value) -> Value {
        let url = if path == "/session" {
            format!("{}/session", self.base)
        } else {
            self.url(path)
        };
        let resp = match ureq::post(&url).send_json(body) {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("{url}: {e}"),
        };
        let v: Value = resp.into_json().unwrap();
        assert!(
            v["value"].get("error").is_none(),
            "WebDriver {path}: {}",
            v["value"]
        );
        v["value"].clone()
    }

    fn get(&self, path: &str) -> Value {
        let v: Value = ureq::get(&self.url(path))
            .call()
            .unwrap()
            .into_json()
            .unwrap();
        v["value"].clone()
    }

    pub fn goto(&self, url: &str) {
        self.post("/url", json!({ "url": url }));
    }

    pub fn current_url(&self) -> String {
        self.get("/url").as_str().unwrap_or_default().to_string()
    }

    /// Runs `script` (a function body; `arguments[i]` are `args`) and gives its return value.
    pub fn exec(&self, script: &str, args: Value) -> Value {
        self.post("/execute/sync", json!({ "script": script, "args": args }))
    }

    /// The element reference of the first match of a CSS selector.
    pub fn find(&self, css: &str) -> Value {
        let v = self.post("/element", json!({"using": "css selector", "value": css}));
        assert!(v.get(ELEMENT).is_some(), "not an element reference: {v}");
        v
    }

    /// Presses and releases `key` (e.g. [`TAB`]) on whatever has focus.
    pub fn press(&self, key: &str) {
        self.post(
            "/actions",
            json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
                {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}
            ]}]}),
        );
        self.release();
    }

    /// A finger tap on the middle of `element` (touch pointer events, then the click a tap
    /// makes).
    pub fn tap(&self, element: &Value) {
        self.post(
            "/actions",
            json!({"actions": [{"type": "pointer", "id": "finger",
            "parameters": {"pointerType": "touch"},
            "actions": [
                {"type": "pointerMove", "duration": 0, "origin": element, "x": 0, "y": 0},
                {"type": "pointerDown", "button": 0},
                {"type": "pause", "duration": 50},
                {"type": "pointerUp", "button": 0}
            ]}]}),
        );
        self.release();
    }

    fn release(&self) {
        let _ = ureq::delete(&self.url("/actions")).call();
    }

    pub fn set_size(&self, width: u32, height: u32) {
        self.post("/window/rect", json!({"width": width, "height": height}));
    }

    /// A PNG of the window.
    pub fn screenshot(&self) -> Vec<u8> {
        let b64 = self.get("/screenshot");
        base64::engine::general_purpose::STANDARD
            .decode(b64.as_str().unwrap())
            .unwrap()
    }

    /// Waits until `script` returns true (at most 5 s), for transitions and late scripts.
    pub fn wait_for(&self, script: &str, args: Value) -> bool {
        let started = Instant::now();
        loop {
            if self.exec(script, args.clone()) == json!(true) {
                return true;
            }
            if started.elapsed() > Duration::from_secs(5) {
                return false;
            }
            std::thread::sleep(Duration::from_millis(30));
        }
    }
}

impl Drop for WebDriver {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = ureq::delete(&format!("{}/session/{}", self.base, self.session)).call();
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
