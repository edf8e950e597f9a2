//! A static file server on 127.0.0.1 for tests: serves a directory under a URL prefix
//! (`http://127.0.0.1:PORT/sub/`) so tests see the site the way a GitHub Pages project site
//! serves it. Stops when dropped.
//!
//! Plain `std::net`, one thread per connection and `Connection: close` on every answer: with
//! kept-alive connections Chromium now and then waited 30 s for a script under tiny_http.
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

pub struct StaticServer {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    pub port: u16,
    pub prefix: String,
}

impl StaticServer {
    /// Serves `root` at `http://127.0.0.1:PORT{prefix}`; `prefix` starts and ends with `/`.
    pub fn start(root: &Path, prefix: &str) -> StaticServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
        let port = listener.local_addr().expect("a local address").port();
        let stop = Arc::new(AtomicBool::new(false));
        let (root, pre, flag) = (root.to_path_buf(), prefix.to_string(), Arc::clone(&stop));
        let thread = std::thread::spawn(move || {
            for stream in listener.incoming() {
                if flag.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let (root, pre) = (root.clone(), pre.clone());
                std::thread::spawn(move || serve_one(stream, &root, &pre));
            }
        });
        StaticServer {
            stop,
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
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag.
        let _ = TcpStream::connect(("127.0.0.1", self.port));
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn serve_one(mut stream: TcpStream, root: &Path, prefix: &str) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let mut reader = BufReader::new(match stream.try_clone() {
        Ok(s) => s,
        Err(_) => return,
    });
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).is_err() {
        return;
    }
    // Read (and ignore) the headers up to the blank line.
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
        line.clear();
    }
    let target = request_line.split_whitespace().nth(1).unwrap_or("/");
    let (status, content_type, body) = respond(root, prefix, target);
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&body);
    let _ = stream.flush();
}

fn respond(root: &Path, prefix: &str, url: &str) -> (&'static str, &'static str, Vec<u8>) {
    let path = url.split(['?', '#']).next().unwrap_or("");
    let not_found = ("404 Not Found", "text/plain", b"not found".to_vec());
    let Some(rel) = path.strip_prefix(prefix) else {
        return not_found;
    };
    let rel = shiori::model::urls::percent_decode(rel);
    if rel.split('/').any(|part| part == "..") {
        return not_found;
    }
    let mut file: PathBuf = root.join(&rel);
    if rel.is_empty() || rel.ends_with('/') {
        file = file.join("index.html");
    }
    match std::fs::read(&file) {
        Ok(bytes) => ("200 OK", content_type(&file), bytes),
        Err(_) => not_found,
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
