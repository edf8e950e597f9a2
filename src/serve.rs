//! `shiori serve`: builds the site into memory, serves it on loopback, rebuilds when a watched
//! file changes (see `load::WATCHED`) and reloads open pages.
//!
//! Pages get a small script that long-polls `/__shiori/reload?since=<version>`; the request
//! returns as soon as a rebuild finishes, so a page reloads right after the save. When a
//! rebuild fails, the last good site is still served (its styles and scripts too) and every
//! page shows the diagnostics over it, until the next good build; the terminal says the build
//! failed, never "rebuilt".
use std::io;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use notify::{RecursiveMode, Watcher};

use crate::load;
use crate::site::{self, BuildOptions, Output};

struct State {
    version: u64,
    /// The last build that succeeded, if any did.
    good: Option<Output>,
    /// The diagnostics of the last build, when it failed.
    error: Option<String>,
}

impl State {
    fn record(&mut self, result: Result<Output, String>) {
        match result {
            Ok(out) => {
                self.good = Some(out);
                self.error = None;
            }
            Err(e) => self.error = Some(e),
        }
    }
}

type Shared = Arc<(Mutex<State>, Condvar)>;

pub struct ServeOptions {
    pub root: PathBuf,
    pub bind: String,
    pub port: u16,
    pub drafts: bool,
}

pub fn run(opts: ServeOptions) -> io::Result<()> {
    if !opts.root.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!(
                "site root `{}` is not a folder; give the folder with site.toml and content/ as --root",
                opts.root.display()
            ),
        ));
    }
    let server = tiny_http::Server::http((opts.bind.as_str(), opts.port)).map_err(|e| {
        io::Error::other(format!("cannot listen on {}:{}: {e}", opts.bind, opts.port))
    })?;
    let addr = server
        .server_addr()
        .to_ip()
        .map(|a| a.to_string())
        .unwrap_or_default();
    let build_opts = BuildOptions {
        drafts: Some(opts.drafts),
        base_url: Some(format!("http://{addr}/")),
    };
    let mut state = State {
        version: 1,
        good: None,
        error: None,
    };
    state.record(rebuild(&opts.root, &build_opts));
    let shared: Shared = Arc::new((Mutex::new(state), Condvar::new()));
    eprintln!(
        "serving {} at http://{addr}/ (Ctrl-C stops)",
        opts.root.display()
    );

    let (tx, rx) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |ev: notify::Result<notify::Event>| {
        if let Ok(ev) = ev
            && !matches!(ev.kind, notify::EventKind::Access(_))
        {
            let _ = tx.send(());
        }
    })
    .map_err(io::Error::other)?;
    for name in load::WATCHED {
        let p = opts.root.join(name);
        if p.exists() {
            watcher
                .watch(&p, RecursiveMode::Recursive)
                .map_err(io::Error::other)?;
        }
    }
    {
        let shared = shared.clone();
        let root = opts.root.clone();
        std::thread::spawn(move || {
            while rx.recv().is_ok() {
                // Editors write a file in several steps: let them finish, then build once.
                std::thread::sleep(Duration::from_millis(30));
                while rx.try_recv().is_ok() {}
                let started = Instant::now();
                let result = rebuild(&root, &build_opts);
                let ok = result.is_ok();
                let (lock, cvar) = &*shared;
                let mut state = lock.lock().unwrap();
                state.version += 1;
                state.record(result);
                if ok {
                    eprintln!("rebuilt in {} ms", started.elapsed().as_millis());
                } else if state.good.is_some() {
                    eprintln!(
                        "rebuild failed; serving the last good build with the errors over each page"
                    );
                } else {
                    eprintln!("rebuild failed; pages show the errors");
                }
                cvar.notify_all();
            }
        });
    }
    for request in server.incoming_requests() {
        let shared = shared.clone();
        std::thread::spawn(move || {
            let _ = respond(request, &shared);
        });
    }
    drop(watcher);
    Ok(())
}

fn rebuild(root: &Path, opts: &BuildOptions) -> Result<Output, String> {
    let sources = load::load(root).map_err(|e| {
        let message = format!("error: reading the site: {e}");
        eprintln!("{message}");
        message
    })?;
    match site::build(&sources, opts) {
        Ok(out) => {
            for w in out.warnings.iter().filter(|w| !w.is_note()) {
                eprintln!("{w}");
            }
            Ok(out)
        }
        Err(diags) => {
            eprint!("{diags}");
            Err(diags.to_string())
        }
    }
}

fn respond(request: tiny_http::Request, shared: &Shared) -> io::Result<()> {
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    if path == "/__shiori/reload" {
        let since: u64 = query
            .strip_prefix("since=")
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        let (lock, cvar) = &**shared;
        let state = lock.lock().unwrap();
        let (state, _) = cvar
            .wait_timeout_while(state, Duration::from_secs(25), |s| s.version <= since)
            .unwrap();
        let v = state.version;
        drop(state);
        return request.respond(
            tiny_http::Response::from_string(v.to_string())
                .with_header(header("Content-Type", "text/plain")),
        );
    }
    let decoded = percent_decode(path.trim_start_matches('/'));
    let (lock, _) = &**shared;
    let state = lock.lock().unwrap();
    let version = state.version;
    let error = state.error.clone();
    let (status, body, ctype) = match &state.good {
        None => (
            500,
            error_page(error.as_deref().unwrap_or("no build yet")).into_bytes(),
            "text/html; charset=utf-8",
        ),
        Some(out) => {
            let candidates = [
                decoded.clone(),
                format!("{decoded}index.html"),
                format!("{decoded}/index.html"),
            ];
            match candidates
                .iter()
                .find_map(|c| out.files.get(c.as_str()).map(|b| (c, b)))
            {
                Some((name, bytes))
                    if !decoded.is_empty()
                        && !decoded.ends_with('/')
                        && name.ends_with("/index.html")
                        && !decoded.ends_with("index.html") =>
                {
                    // `/articles/x` → `/articles/x/` so relative links resolve.
                    let _ = bytes;
                    drop(state);
                    // One leading slash: `//search/` would name a host.
                    let to = format!("/{}/", path.trim_start_matches('/'));
                    return request.respond(
                        tiny_http::Response::empty(301).with_header(header("Location", &to)),
                    );
                }
                Some((name, bytes)) => (200, bytes.clone(), content_type(name)),
                None => (
                    404,
                    out.files.get("404.html").cloned().unwrap_or_default(),
                    "text/html; charset=utf-8",
                ),
            }
        }
    };
    drop(state);
    let body = if ctype.starts_with("text/html") {
        let body = match &error {
            Some(e) if status != 500 => with_error_over(body, e),
            _ => body,
        };
        inject_reload(body, version)
    } else {
        body
    };
    request.respond(
        tiny_http::Response::from_data(body)
            .with_status_code(status)
            .with_header(header("Content-Type", ctype))
            .with_header(header("Cache-Control", "no-store"))
            // One request per connection: a browser holding a kept-alive connection while the
            // reload poll waits must not stall its next stylesheet or script.
            .with_header(header("Connection", "close")),
    )
}

/// The last good page with the failed build's diagnostics shown over it.
fn with_error_over(body: Vec<u8>, errors: &str) -> Vec<u8> {
    let overlay = format!(
        "<div role=\"alert\" id=\"shiori-build-error\" style=\"position:fixed;inset:0 0 auto 0;max-height:60vh;overflow:auto;z-index:99999;margin:0;padding:1rem 1.5rem;background:#3b0d0d;color:#fff;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap\"><strong>ビルドに失敗しました(下は前回成功したビルドです)</strong>\n{}</div>",
        crate::render::highlight::escape(errors)
    );
    let html = String::from_utf8_lossy(&body);
    match html
        .find("<body")
        .and_then(|i| html[i..].find('>').map(|j| i + j + 1))
    {
        Some(at) => format!("{}{overlay}{}", &html[..at], &html[at..]).into_bytes(),
        None => format!("{overlay}{html}").into_bytes(),
    }
}

fn header(k: &str, v: &str) -> tiny_http::Header {
    tiny_http::Header::from_bytes(k.as_bytes(), v.as_bytes()).expect("valid header")
}

pub fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "xml" => "application/xml",
        "txt" => "text/plain; charset=utf-8",
        "csv" => "text/csv; charset=utf-8",
        "tsv" => "text/tab-separated-values; charset=utf-8",
        "tbx" => "application/x-tbx+xml",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

fn inject_reload(body: Vec<u8>, version: u64) -> Vec<u8> {
    let script = format!(
        "<script>(function poll(v){{fetch('/__shiori/reload?since='+v).then(function(r){{return r.text()}}).then(function(n){{if(+n>v)location.reload();else poll(v)}}).catch(function(){{setTimeout(function(){{poll(v)}},1000)}})}})({version});</script>"
    );
    let html = String::from_utf8_lossy(&body);
    match html.rfind("</body>") {
        Some(i) => format!("{}{script}{}", &html[..i], &html[i..]).into_bytes(),
        None => format!("{html}{script}").into_bytes(),
    }
}

fn error_page(errors: &str) -> String {
    let esc = crate::render::highlight::escape(errors);
    format!(
        "<!DOCTYPE html><html lang=\"ja\"><head><meta charset=\"utf-8\"><title>ビルドエラー</title>\
<style>body{{font-family:system-ui,sans-serif;margin:2rem;line-height:1.6}}pre{{background:#fff3f3;border-left:4px solid #c00;padding:1rem;white-space:pre-wrap}}</style></head>\
<body><h1>ビルドに失敗しました</h1><p>ファイルを直して保存すると、このページは自動で更新されます。</p><pre>{esc}</pre></body></html>"
    )
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let (Some(h), Some(l)) = (
                bytes.get(i + 1).and_then(|&b| hex(b)),
                bytes.get(i + 2).and_then(|&b| hex(b)),
            )
        {
            out.push(h * 16 + l);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_decoding_handles_japanese_paths() {
        assert_eq!(percent_decode("glossary/%E3%82%A2/"), "glossary/ア/");
        assert_eq!(percent_decode("a%2"), "a%2");
        // A `%` before a multi-byte character is not an escape (and must not split the character).
        assert_eq!(percent_decode("%あ"), "%あ");
    }

    #[test]
    fn reload_script_goes_before_body_end() {
        let out =
            String::from_utf8(inject_reload(b"<html><body>x</body></html>".to_vec(), 3)).unwrap();
        assert!(
            out.contains("since='+v") && out.ends_with("</script></body></html>"),
            "{out}"
        );
    }
}
