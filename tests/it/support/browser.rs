//! A small WebDriver client: starts `chromedriver` on a port of its own on 127.0.0.1, opens a
//! headless Chromium session and speaks W3C WebDriver JSON over HTTP (ureq).
//!
//! Missing `chromium` or `chromedriver` is a test failure with the install command in the
//! message, never a silent skip: a skipped browser test looks exactly like a passing one.
//! `SHIORI_CHROMIUM` names another Chromium binary. Every browser test (search, filters,
//! glossary) goes through this one harness.
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub const CHROMIUM: &str = "/usr/bin/chromium";

/// The Chromium binary: `SHIORI_CHROMIUM`, else Debian's.
pub fn chromium() -> String {
    std::env::var("SHIORI_CHROMIUM").unwrap_or_else(|_| CHROMIUM.to_string())
}
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// WebDriver key codes for `keys()`.
pub mod key {
    pub const TAB: &str = "\u{E004}";
    pub const ENTER: &str = "\u{E007}";
    pub const ESCAPE: &str = "\u{E00C}";
    pub const ARROW_UP: &str = "\u{E013}";
    pub const ARROW_DOWN: &str = "\u{E015}";
}

pub struct Browser {
    driver: Child,
    base: String,
    session: String,
    agent: ureq::Agent,
    _profile: tempfile::TempDir,
}

#[derive(Debug, Clone)]
pub struct Element(String);

impl Element {
    /// The W3C element reference, for passing the element to `execute` as an argument.
    pub fn json(&self) -> Value {
        json!({ ELEMENT_KEY: self.0 })
    }
}

fn find_program(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")?
        .to_str()?
        .split(':')
        .map(|dir| Path::new(dir).join(name))
        .find(|p| p.is_file())
}

/// Starts chromedriver on a port of the kernel's choosing (`--port=0`) and returns it with its
/// URL once it says it listens. No port is picked here and handed over later, so browser tests
/// running side by side in one process (or in other processes) never race for the same port,
/// and never talk to one another's driver.
fn start_driver() -> (Child, String) {
    let mut driver = Command::new("chromedriver")
        .arg("--port=0")
        .arg("--allowed-ips=127.0.0.1")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let stdout = driver.stdout.take().expect("chromedriver's stdout");
    let (tx, rx) = mpsc::channel();
    // Reads chromedriver's stdout to its end, so a chatty driver never blocks on a full pipe.
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    const STARTED: &str = "ChromeDriver was started successfully on port ";
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut said = Vec::new();
    let port = loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) => match line.strip_prefix(STARTED) {
                Some(rest) => {
                    break rest
                        .trim_end_matches('.')
                        .parse::<u16>()
                        .unwrap_or_else(|_| panic!("chromedriver's port in {line:?}"));
                }
                None => said.push(line),
            },
            Err(_) => {
                let _ = driver.kill();
                let _ = driver.wait();
                panic!("chromedriver did not start; it said:\n{}", said.join("\n"));
            }
        }
    };
    (driver, format!("http://127.0.0.1:{port}"))
}

impl Browser {
    /// Starts chromedriver and a headless Chromium with a window of `width` x `height`.
    #[track_caller]
    pub fn start(width: u32, height: u32) -> Browser {
        Browser::start_with(width, height, true)
    }

    /// A Chromium that runs no page script (the reader who turned JavaScript off); WebDriver's
    /// own commands still work.
    #[track_caller]
    pub fn start_without_javascript(width: u32, height: u32) -> Browser {
        Browser::start_with(width, height, false)
    }

    #[track_caller]
    fn start_with(width: u32, height: u32, javascript: bool) -> Browser {
        let binary = chromium();
        let missing: Vec<&str> = [
            ("chromium", binary.as_str()),
            ("chromedriver", "chromedriver"),
        ]
        .into_iter()
        .filter(|(_, p)| {
            if p.starts_with('/') {
                !Path::new(p).is_file()
            } else {
                find_program(p).is_none()
            }
        })
        .map(|(n, _)| n)
        .collect();
        assert!(
            missing.is_empty(),
            "browser tests need {} (install with `apt-get install -y chromium chromium-driver`)",
            missing.join(" and ")
        );
        let (driver, base) = start_driver();
        let agent = ureq::AgentBuilder::new()
            .timeout(Duration::from_secs(90))
            .build();
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let ready = agent
                .get(&format!("{base}/status"))
                .call()
                .ok()
                .and_then(|r| r.into_json::<Value>().ok())
                .is_some_and(|v| v["value"]["ready"] == true);
            if ready {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "chromedriver did not answer on {base}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let profile = tempfile::tempdir().expect("a temp dir for the Chromium profile");
        let mut browser = Browser {
            driver,
            base,
            session: String::new(),
            agent,
            _profile: profile,
        };
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:loggingPrefs": {"browser": "ALL"},
            "goog:chromeOptions": {
                "binary": binary,
                "prefs": {"profile.managed_default_content_settings.javascript":
                    if javascript { 1 } else { 2 }},
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage",
                    format!("--window-size={width},{height}"),
                    format!("--user-data-dir={}", browser._profile.path().display()),
                ]
            }
        }}});
        let v = browser.call("POST", "/session", Some(caps));
        browser.session = v["sessionId"]
            .as_str()
            .expect("a WebDriver session id")
            .to_string();
        // A page that never finishes loading fails the call instead of hanging the test.
        browser.call(
            "POST",
            "/timeouts",
            Some(json!({"pageLoad": 30_000, "script": 30_000, "implicit": 0})),
        );
        browser
    }

    #[track_caller]
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        match self.try_call(method, path, body) {
            Ok(v) => v,
            Err(e) => panic!("WebDriver {method} {path}: {e}"),
        }
    }

    fn try_call(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let url = if path == "/session" {
            format!("{}{path}", self.base)
        } else {
            format!("{}/session/{}{path}", self.base, self.session)
        };
        let req = self.agent.request(method, &url);
        let res = match body {
            Some(b) => req.send_json(b),
            None if method == "POST" => req.send_json(json!({})),
            None => req.call(),
        };
        match res {
            Ok(r) => r
                .into_json::<Value>()
                .map(|v| v["value"].clone())
                .map_err(|e| format!("answer is not JSON: {e}")),
            Err(ureq::Error::Status(code, r)) => Err(format!(
                "failed ({code}): {}",
                r.into_string().unwrap_or_default()
            )),
            Err(e) => Err(e.to_string()),
        }
    }

    #[track_caller]
    pub fn open(&self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": url })));
    }

    #[track_caller]
    pub fn url(&self) -> String {
        self.call("GET", "/url", None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    #[track_caller]
    pub fn find(&self, css: &str) -> Option<Element> {
        self.find_all(css).into_iter().next()
    }

    #[track_caller]
    pub fn find_all(&self, css: &str) -> Vec<Element> {
        let v = self.call(
            "POST",
            "/elements",
            Some(json!({"using": "css selector", "value": css})),
        );
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|e| e[ELEMENT_KEY].as_str().map(|s| Element(s.to_string())))
                    .collect()
            })
            .unwrap_or_default()
    }

    #[track_caller]
    pub fn text(&self, el: &Element) -> String {
        let v = self.call("GET", &format!("/element/{}/text", el.0), None);
        v.as_str().unwrap_or_default().to_string()
    }

    /// A DOM property (`href` is absolute, `value` is what was typed).
    #[track_caller]
    pub fn property(&self, el: &Element, name: &str) -> Value {
        self.call("GET", &format!("/element/{}/property/{name}", el.0), None)
    }

    #[track_caller]
    pub fn attribute(&self, el: &Element, name: &str) -> Option<String> {
        let v = self.call("GET", &format!("/element/{}/attribute/{name}", el.0), None);
        v.as_str().map(str::to_string)
    }

    /// Types into whatever has focus (key codes from [`key`] allowed).
    #[track_caller]
    pub fn keys(&self, text: &str) {
        let mut actions = Vec::new();
        for c in text.chars() {
            actions.push(json!({"type": "keyDown", "value": c.to_string()}));
            actions.push(json!({"type": "keyUp", "value": c.to_string()}));
        }
        self.call(
            "POST",
            "/actions",
            Some(json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})),
        );
    }

    /// A finger tap on the middle of `el`: touch pointer events, then the click a tap makes.
    #[track_caller]
    pub fn tap(&self, el: &Element) {
        let actions = json!([
            {"type": "pointerMove", "duration": 0, "origin": el.json(), "x": 0, "y": 0},
            {"type": "pointerDown", "button": 0},
            {"type": "pause", "duration": 50},
            {"type": "pointerUp", "button": 0},
        ]);
        self.call(
            "POST",
            "/actions",
            Some(json!({"actions": [{"type": "pointer", "id": "finger",
                "parameters": {"pointerType": "touch"}, "actions": actions}]})),
        );
        self.call("DELETE", "/actions", None);
    }

    #[track_caller]
    pub fn execute(&self, script: &str, args: Vec<Value>) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": args})),
        )
    }

    /// Polls `script` (an expression) until it is truthy; panics with `what` after `secs`.
    /// Errors while a navigation is under way (the document is being replaced) are retried.
    #[track_caller]
    pub fn wait_for(&self, script: &str, what: &str, secs: u64) -> Value {
        let deadline = Instant::now() + Duration::from_secs(secs);
        let body = json!({"script": format!("return ({script});"), "args": []});
        let mut last_error = String::new();
        loop {
            match self.try_call("POST", "/execute/sync", Some(body.clone())) {
                Ok(v) if !(v.is_null() || v == false || v == "" || v == 0) => return v,
                Ok(_) => {}
                Err(e) => last_error = e,
            }
            if Instant::now() >= deadline {
                panic!(
                    "timed out waiting for {what} on {} (last error: {last_error}); browser console:\n{}",
                    self.url(),
                    self.console().join("\n")
                );
            }
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// Console messages and uncaught errors since the last call (chromedriver's log endpoint).
    #[track_caller]
    pub fn console(&self) -> Vec<String> {
        let v = self.call("POST", "/se/log", Some(json!({"type": "browser"})));
        v.as_array()
            .map(|a| {
                a.iter()
                    .map(|e| {
                        format!(
                            "{} {}",
                            e["level"].as_str().unwrap_or(""),
                            e["message"].as_str().unwrap_or("")
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Renders the page for `media` (`"print"`, or `""` for the screen again), as Chromium's
    /// print preview does, through the DevTools protocol.
    #[track_caller]
    #[allow(dead_code, reason = "not every test binary module prints")]
    pub fn emulate_media(&self, media: &str) {
        self.cdp("Emulation.setEmulatedMedia", json!({"media": media}));
    }

    /// A DevTools protocol command (`Emulation.setEmulatedMedia`, …) through chromedriver.
    #[track_caller]
    #[allow(dead_code, reason = "not every test binary module uses it")]
    pub fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.call(
            "POST",
            "/goog/cdp/execute",
            Some(json!({"cmd": cmd, "params": params})),
        )
    }

    #[track_caller]
    #[allow(dead_code, reason = "the screenshot examples use it")]
    pub fn screenshot_png(&self) -> Vec<u8> {
        let v = self.call("GET", "/screenshot", None);
        base64_decode(v.as_str().expect("screenshot data"))
    }

    /// The page printed to PDF by Chromium (A4 portrait, the page's own `@page` rules apply).
    #[track_caller]
    #[allow(dead_code, reason = "the screenshot examples do not print")]
    pub fn print_pdf(&self) -> Vec<u8> {
        let v = self.call(
            "POST",
            "/print",
            Some(json!({"page": {"width": 21.0, "height": 29.7}, "background": true})),
        );
        base64_decode(v.as_str().expect("PDF data"))
    }

    #[track_caller]
    #[allow(dead_code, reason = "examples/glossary_screenshot.rs uses it")]
    pub fn set_window(&self, width: u32, height: u32) {
        self.call(
            "POST",
            "/window/rect",
            Some(json!({"width": width, "height": height})),
        );
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let url = format!("{}/session/{}", self.base, self.session);
            let _ = self.agent.delete(&url).call();
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

fn base64_decode(s: &str) -> Vec<u8> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for v in s.bytes().filter_map(value) {
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}
