//! `shiori serve`: builds the site into memory, serves it on loopback, rebuilds when a watched
//! file changes (see `load::WATCHED`) and reloads open pages.
//!
//! Pages get a small script that long-polls `/__shiori/reload?since=<version>`; the request
//! returns as soon as a rebuild finishes, so a page reloads right after the save. The HTTP side
//! is a few lines over `std::net`: GET only, one request per connection, and a request head of
//! more than 64 KiB refused with 431 before it is held. When a
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
use crate::pipeline::{self, BuildOptions, Output};

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
    let server = std::net::TcpListener::bind((opts.bind.as_str(), opts.port)).map_err(|e| {
        io::Error::other(format!("cannot listen on {}:{}: {e}", opts.bind, opts.port))
    })?;
    let addr = server
        .local_addr()
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
    for stream in server.incoming().flatten() {
        let shared = shared.clone();
        std::thread::spawn(move || {
            let _ = serve_connection(stream, &shared);
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
    match pipeline::build(&sources, opts) {
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

/// The most a request's line and headers may take: a browser sends a few kilobytes; more is
/// refused with 431 before it is held.
const MAX_HEAD: usize = 64 * 1024;

/// One request per connection (`Connection: close`): a browser holding a kept-alive connection
/// while the reload poll waits must not stall its next stylesheet or script.
struct Request {
    url: String,
    stream: std::net::TcpStream,
}

struct Response {
    status: u16,
    headers: Vec<(&'static str, String)>,
    body: Vec<u8>,
}

impl Response {
    fn new(status: u16, content_type: &str, body: Vec<u8>) -> Response {
        Response {
            status,
            headers: vec![("Content-Type", content_type.to_string())],
            body,
        }
    }

    fn with(mut self, name: &'static str, value: &str) -> Response {
        self.headers.push((name, value.to_string()));
        self
    }
}

impl Request {
    fn respond(mut self, r: Response) -> io::Result<()> {
        use std::io::Write;
        let reason = match r.status {
            200 => "OK",
            301 => "Moved Permanently",
            404 => "Not Found",
            405 => "Method Not Allowed",
            400 => "Bad Request",
            431 => "Request Header Fields Too Large",
            _ => "Internal Server Error",
        };
        let mut head = format!("HTTP/1.1 {} {reason}\r\n", r.status);
        for (k, v) in &r.headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str(&format!(
            "Content-Length: {}\r\nConnection: close\r\n\r\n",
            r.body.len()
        ));
        self.stream.write_all(head.as_bytes())?;
        self.stream.write_all(&r.body)?;
        self.stream.flush()
    }
}

/// Reads the request head (bounded by `MAX_HEAD`), then answers it.
fn serve_connection(stream: std::net::TcpStream, shared: &Shared) -> io::Result<()> {
    use std::io::Read;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut head = Vec::with_capacity(1024);
    let mut buf = [0u8; 4096];
    let mut reader = stream.try_clone()?;
    let end = loop {
        let n = reader.read(&mut buf)?;
        if n == 0 {
            return Ok(());
        }
        head.extend_from_slice(&buf[..n]);
        if let Some(i) = head.windows(4).position(|w| w == b"\r\n\r\n") {
            break i;
        }
        if head.len() > MAX_HEAD {
            let request = Request {
                url: String::new(),
                stream,
            };
            return request.respond(Response::new(
                431,
                "text/plain; charset=utf-8",
                b"request headers too large\n".to_vec(),
            ));
        }
    };
    let text = String::from_utf8_lossy(&head[..end]);
    let mut parts = text.lines().next().unwrap_or("").split_whitespace();
    let (method, url) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let request = Request {
        url: url.to_string(),
        stream,
    };
    if method != "GET" || !url.starts_with('/') {
        return request.respond(Response::new(
            if url.starts_with('/') { 405 } else { 400 },
            "text/plain; charset=utf-8",
            b"shiori serve answers GET requests for site paths\n".to_vec(),
        ));
    }
    respond(request, shared)
}

fn respond(request: Request, shared: &Shared) -> io::Result<()> {
    let url = request.url.clone();
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
        return request.respond(Response::new(200, "text/plain", v.to_string().into_bytes()));
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
                        Response::new(301, "text/plain", Vec::new()).with("Location", &to),
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
    request.respond(Response::new(status, ctype, body).with("Cache-Control", "no-store"))
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
