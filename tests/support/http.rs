//! A static file server on 127.0.0.1 for tests: serves a directory under a URL prefix
//! (`http://127.0.0.1:PORT/sub/`) so tests see the site the way a GitHub Pages project site
//! serves it. Stops when dropped.
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::thread::JoinHandle;

pub struct StaticServer {
    server: Arc<tiny_http::Server>,
    thread: Option<JoinHandle<()>>,
    pub port: u16,
    pub prefix: String,
}

impl StaticServer {
    /// Serves `root` at `http://127.0.0.1:PORT{prefix}`; `prefix` starts and ends with `/`.
    pub fn start(root: &Path, prefix: &str) -> StaticServer {
        let server = Arc::new(tiny_http::Server::http("127.0.0.1:0").expect("bind 127.0.0.1"));
        let port = server.server_addr().to_ip().expect("an IP listener").port();
        let (root, pre) = (root.to_path_buf(), prefix.to_string());
        let s = Arc::clone(&server);
        let thread = std::thread::spawn(move || {
            for request in s.incoming_requests() {
                let response = respond(&root, &pre, request.url());
                let _ = request.respond(response);
            }
        });
        StaticServer {
            server,
            thread: Some(thread),
            port,
            prefix: prefix.to_string(),
        }
    }

    /// The site root URL, ending with `/`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}{}", self.port, self.prefix)
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        self.server.unblock();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn respond(root: &Path, prefix: &str, url: &str) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
    let path = url.split(['?', '#']).next().unwrap_or("");
    let not_found = || tiny_http::Response::from_data(b"not found".to_vec()).with_status_code(404);
    let Some(rel) = path.strip_prefix(prefix) else {
        return not_found();
    };
    let rel = percent_decode(rel);
    if rel.split('/').any(|part| part == "..") {
        return not_found();
    }
    let mut file: PathBuf = root.join(&rel);
    if rel.is_empty() || rel.ends_with('/') {
        file = file.join("index.html");
    }
    match std::fs::read(&file) {
        Ok(bytes) => {
            let header = tiny_http::Header::from_bytes("Content-Type", content_type(&file))
                .expect("a valid header");
            tiny_http::Response::from_data(bytes).with_header(header)
        }
        Err(_) => not_found(),
    }
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("json") => "application/json",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let hex = |c: u8| (c as char).to_digit(16);
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && i + 2 < b.len()
            && let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2]))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
