//! `shiori serve`: builds the site into memory, serves it on loopback, rebuilds when a watched
//! file changes (see `load::WATCHED`) and reloads open pages.
//!
//! A save is answered twice. At once, the page of each edited article is made against the last
//! good build (`pipeline::LastBuild::article_page`: the one file parsed, extracted, segmented
//! and rendered, in milliseconds) and served. Meanwhile the whole site is rebuilt with a
//! `pipeline::BuildCache` (unchanged files are not parsed again, pages whose inputs did not
//! change are not rendered again) and published when done: KEP, gate, release and glossary
//! pages, the home page, the feeds and the search index follow the edit, and the edited page
//! becomes the one a full build makes. Saves during a rebuild are gathered into the next one.
//! A source a save has just emptied (an article, `site.toml`, a glossary file, a template) is
//! waited for (`REFILL`) before anything reads it: a save in place truncates first, and the
//! empty file would build. The root is watched too (not recursively), for the sources a save
//! replaces rather than writes into: a watch follows the file or folder it was set on, so
//! `site.toml` renamed over and a source folder created or replaced are seen there, and such a
//! folder is watched from then on. A rebuild whose sources are the last good build's
//! (their fingerprint, after a `touch` or an edit undone) builds nothing.
//!
//! Pages get a small script that long-polls `/__shiori/reload?since=<version>&file=<its file>`;
//! the request returns as soon as that file changes (or a build fails or recovers), so a page
//! reloads right after the save, and only pages that changed reload. The HTTP side is a few
//! lines over `std::net`: GET only, one request per connection, and a request head of more than
//! 64 KiB refused with 431 before it is held. When a rebuild fails, the last good site is still
//! served (its styles and scripts too) and every page shows the diagnostics over it, until the
//! next good build; the terminal says the build failed, never "rebuilt". A panic in a build is
//! reported as a failed build; the server goes on.
use crate::write::FileBytes;
use std::collections::{BTreeSet, HashMap};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use notify::{RecursiveMode, Watcher};

use crate::load;
use crate::pipeline::{self, BuildCache, BuildOptions, LastBuild, Output};

struct State {
    version: u64,
    /// The last build that succeeded, if any did.
    good: Option<Output>,
    /// The diagnostics of the last build, when it failed.
    error: Option<String>,
    /// The version at which each file last changed: an open page reloads when its own file
    /// changed (or the build failed or recovered), not on every rebuild.
    changed_at: HashMap<String, u64>,
    /// The version at which the build last failed or recovered.
    error_at: u64,
    /// Pages made ahead of the build (edited articles), with the version they were published
    /// at: a build that began before then read the article as it was, and does not replace them.
    ahead: HashMap<String, u64>,
    /// What the last good build rendered from, for pages made ahead.
    last: Option<Arc<LastBuild>>,
    /// Whether files changed since the rebuild under way (or the last one) began.
    dirty: bool,
}

impl State {
    /// Publishes a finished build that began at version `began` (or its failure), marking the
    /// files it changed.
    fn record(&mut self, result: Result<Output, String>, began: u64) {
        self.version += 1;
        let v = self.version;
        match result {
            Ok(mut out) => {
                let ahead = std::mem::take(&mut self.ahead);
                for (path, at) in ahead {
                    match self.good.as_ref().and_then(|g| g.files.get(&path)) {
                        Some(bytes) if at > began => {
                            out.files.insert(path.clone(), bytes.clone());
                            self.ahead.insert(path, at);
                        }
                        _ => {}
                    }
                }
                let old = self.good.as_ref().map(|o| &o.files);
                for (path, bytes) in &out.files {
                    if old.and_then(|o| o.get(path)) != Some(bytes) {
                        self.changed_at.insert(path.clone(), v);
                    }
                }
                if let Some(old) = old {
                    for path in old.keys().filter(|p| !out.files.contains_key(*p)) {
                        self.changed_at.insert(path.clone(), v);
                    }
                }
                self.good = Some(out);
                if self.error.take().is_some() {
                    self.error_at = v;
                }
            }
            Err(e) => {
                self.error = Some(e);
                self.error_at = v;
            }
        }
    }

    /// Publishes one page made ahead of the rebuild (an edited article's page); whether it
    /// changed what is served.
    fn record_page(&mut self, path: String, bytes: FileBytes) -> bool {
        let Some(good) = &mut self.good else {
            return false;
        };
        if good.files.get(&path) == Some(&bytes) {
            return false;
        }
        self.version += 1;
        self.changed_at.insert(path.clone(), self.version);
        self.ahead.insert(path.clone(), self.version);
        good.files.insert(path, bytes);
        true
    }

    /// Whether the page served from `file` at version `since` is out of date.
    fn stale(&self, file: &str, since: u64) -> bool {
        self.error_at > since || self.changed_at.get(file).is_some_and(|&v| v > since)
    }
}

type Shared = Arc<(Mutex<State>, Condvar)>;

pub struct ServeOptions {
    pub root: PathBuf,
    pub bind: String,
    pub port: u16,
    /// `--drafts`: show drafts whatever `site.toml` says (without it, `site.toml` decides).
    pub drafts: bool,
    /// `--timings`: print when each stage of every rebuild ended.
    pub timings: bool,
}

/// How long a save is given to finish (editors write a file in several steps) before the
/// rebuild starts.
const SETTLE: Duration = Duration::from_millis(15);

/// How long a source a save has just emptied is waited for. Editors and tools that save in
/// place truncate the file, then write it; a slow writer can leave it empty for longer than
/// `SETTLE`, and an empty file builds (an article titled by its name, a `site.toml` of
/// defaults, a glossary without its terms), so a build that read it then would publish that
/// site and make it the last good build. A file emptied longer ago than this was emptied on
/// purpose.
const REFILL: Duration = Duration::from_secs(1);

/// Watches the source folders of `root` that exist (recursively), or of those only the ones
/// `changed` names (a folder created or replaced: a watch follows the folder it was set on, so
/// one that replaced it needs its own).
fn watch_source_folders(
    watcher: &mut notify::RecommendedWatcher,
    root: &Path,
    changed: Option<&BTreeSet<PathBuf>>,
) -> io::Result<()> {
    // (A folder gone again before it is watched does not keep the others unwatched.)
    let mut first_error = None;
    for name in load::WATCHED {
        let p = root.join(name);
        if p.is_dir()
            && changed.is_none_or(|c| c.contains(&p))
            && let Err(e) = watcher.watch(&p, RecursiveMode::Recursive)
        {
            first_error.get_or_insert(io::Error::other(e));
        }
    }
    first_error.map_or(Ok(()), Err)
}

/// Whether the source at `path` (absolute) is empty and was written within `REFILL`: a save
/// that has truncated it and not yet written it.
fn being_saved(root: &Path, path: &Path) -> bool {
    // The size and age first: a save touching many files reads none of them here.
    std::fs::metadata(path).is_ok_and(|m| {
        m.len() == 0
            && m.modified()
                .is_ok_and(|t| t.elapsed().is_ok_and(|age| age < REFILL))
    }) && load::is_source(root, path)
}

/// Waits, a `SETTLE` at a time and for at most `REFILL`, while `saving()` says a save is half
/// done. Returns whether it waited.
fn await_saves(saving: impl Fn() -> bool) -> bool {
    let started = Instant::now();
    let mut waited = false;
    while started.elapsed() < REFILL && saving() {
        std::thread::sleep(SETTLE);
        waited = true;
    }
    waited
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
    // Watched paths come back as they were given: absolute ones can be matched to articles.
    let root = opts.root.canonicalize()?;
    let server = std::net::TcpListener::bind((opts.bind.as_str(), opts.port)).map_err(|e| {
        io::Error::other(format!("cannot listen on {}:{}: {e}", opts.bind, opts.port))
    })?;
    let addr = server
        .local_addr()
        .map(|a| a.to_string())
        .unwrap_or_default();
    let build_opts = BuildOptions {
        drafts: opts.drafts.then_some(true),
        base_url: Some(format!("http://{addr}/")),
        offline: false,
    };
    let mut state = State {
        version: 0,
        good: None,
        error: None,
        changed_at: HashMap::new(),
        error_at: 0,
        ahead: HashMap::new(),
        last: None,
        dirty: false,
    };
    let mut cache = BuildCache::default();
    let timings = opts.timings;
    let mut built_from = None;
    state.record(
        rebuild(&root, &build_opts, &mut cache, &mut built_from, timings)
            .and_then(|out| out.ok_or_else(|| "nothing was built".to_string())),
        0,
    );
    state.last = cache.last();
    let shared: Shared = Arc::new((Mutex::new(state), Condvar::new()));
    let (tx, rx) = mpsc::channel::<Vec<PathBuf>>();
    let sources_root = root.clone();
    let mut watcher = notify::recommended_watcher(move |ev: notify::Result<notify::Event>| {
        if let Ok(ev) = ev
            && !matches!(ev.kind, notify::EventKind::Access(_))
        {
            // Only what the build reads: not the output folder or `.git` beside the sources
            // (the root is watched for them), nor an editor's swap and backup files.
            let paths: Vec<PathBuf> = ev
                .paths
                .into_iter()
                .filter(|p| load::is_source(&sources_root, p))
                .collect();
            if !paths.is_empty() {
                let _ = tx.send(paths);
            }
        }
    })
    .map_err(io::Error::other)?;
    // The root itself, not recursively: `site.toml` replaced by a rename (`sed -i`, vim, an
    // editor's safe write) and a source folder created or replaced after start are events of
    // the root; a watch on the file or folder itself would follow the old one away.
    watcher
        .watch(&root, RecursiveMode::NonRecursive)
        .map_err(io::Error::other)?;
    watch_source_folders(&mut watcher, &root, None)?;
    let watcher = Arc::new(Mutex::new(watcher));
    // (Said once the sources are watched: a save after this line is seen.)
    eprintln!(
        "serving {} at http://{addr}/ (Ctrl-C stops)",
        opts.root.display()
    );
    // Two threads: one answers saves at once with the pages of edited articles, the other
    // rebuilds the whole site (again, if more saves came meanwhile).
    {
        let (shared, root, watcher) = (shared.clone(), root.clone(), watcher.clone());
        std::thread::spawn(move || {
            while let Ok(first) = rx.recv() {
                std::thread::sleep(SETTLE);
                let mut changed: BTreeSet<PathBuf> = first.into_iter().collect();
                // Saves reported while one is waited for are gathered, and waited for too.
                loop {
                    while let Ok(more) = rx.try_recv() {
                        changed.extend(more);
                    }
                    if !await_saves(|| changed.iter().any(|p| being_saved(&root, p))) {
                        break;
                    }
                }
                // A source folder created or replaced since: watched from now on (what it
                // already holds is read by the rebuild this change starts).
                let mut w = watcher.lock().unwrap_or_else(|e| e.into_inner());
                if let Err(e) = watch_source_folders(&mut w, &root, Some(&changed)) {
                    eprintln!("warning: cannot watch a new source folder: {e}");
                }
                drop(w);
                let (lock, cvar) = &*shared;
                let last = lock.lock().unwrap_or_else(|e| e.into_inner()).last.clone();
                if let Some(last) = last {
                    pages_ahead(&root, &last, &changed, &shared);
                }
                lock.lock().unwrap_or_else(|e| e.into_inner()).dirty = true;
                cvar.notify_all();
            }
        });
    }
    {
        let shared = shared.clone();
        std::thread::spawn(move || {
            loop {
                {
                    let (lock, cvar) = &*shared;
                    let state = lock.lock().unwrap_or_else(|e| e.into_inner());
                    let mut state = cvar
                        .wait_while(state, |s| !s.dirty)
                        .unwrap_or_else(|e| e.into_inner());
                    state.dirty = false;
                }
                rebuild_and_publish(
                    &root,
                    &build_opts,
                    &mut cache,
                    &mut built_from,
                    &shared,
                    timings,
                );
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

/// The pages of the edited articles among `changed`, made at once against the last good build
/// (`LastBuild::article_page`) and published ahead of the rebuild.
fn pages_ahead(root: &Path, last: &LastBuild, changed: &BTreeSet<PathBuf>, shared: &Shared) {
    let started = Instant::now();
    let made = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        changed
            .iter()
            .filter_map(|p| load::article(root, p))
            .filter_map(|file| last.article_page(&file))
            .collect::<Vec<_>>()
    }));
    let Ok(pages) = made else { return };
    if pages.is_empty() {
        return;
    }
    let (lock, cvar) = &**shared;
    let mut state = lock.lock().unwrap_or_else(|e| e.into_inner());
    let updated: Vec<String> = pages
        .into_iter()
        .filter_map(|(path, bytes)| state.record_page(path.clone(), bytes).then_some(path))
        .collect();
    cvar.notify_all();
    drop(state);
    // (A save that changed nothing the page shows updates nothing, and says nothing.)
    if !updated.is_empty() {
        eprintln!(
            "updated {} in {} ms",
            updated.join(", "),
            started.elapsed().as_millis()
        );
    }
}

/// Rebuilds the whole site with the cache and publishes it. A panic in the build is reported
/// like a failed build (and the cache, which it may have left half-updated, is dropped), so the
/// server keeps serving.
fn rebuild_and_publish(
    root: &Path,
    opts: &BuildOptions,
    cache: &mut BuildCache,
    built_from: &mut Option<u64>,
    shared: &Shared,
    timings: bool,
) {
    let started = Instant::now();
    let (lock, cvar) = &**shared;
    let began = {
        let state = lock.lock().unwrap_or_else(|e| e.into_inner());
        // Pages made ahead of a build are replaced only by a build that starts after them.
        if !state.ahead.is_empty() {
            *built_from = None;
        }
        state.version
    };
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        rebuild(root, opts, cache, built_from, timings)
    }))
    .unwrap_or_else(|panic| {
        *cache = BuildCache::default();
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let message = format!(
            "error: the build stopped on an internal error (a bug in shiori; please report it): {what}"
        );
        eprintln!("{message}");
        Err(message)
    });
    // (`touch`, a save that changed nothing back: the site served is already that build.)
    let result = match result {
        Ok(None) => {
            eprintln!(
                "no change since the last build (read in {} ms)",
                started.elapsed().as_millis()
            );
            return;
        }
        Ok(Some(out)) => Ok(out),
        Err(e) => Err(e),
    };
    let ok = result.is_ok();
    let mut state = lock.lock().unwrap_or_else(|e| e.into_inner());
    state.record(result, began);
    state.last = cache.last();
    if ok {
        eprintln!("rebuilt in {} ms", started.elapsed().as_millis());
    } else if state.good.is_some() {
        eprintln!("rebuild failed; serving the last good build with the errors over each page");
    } else {
        eprintln!("rebuild failed; pages show the errors");
    }
    cvar.notify_all();
}

/// Builds the site at `root` again, or, when its sources are those of the last good build
/// (`built_from`, their fingerprint), nothing (`Ok(None)`).
fn rebuild(
    root: &Path,
    opts: &BuildOptions,
    cache: &mut BuildCache,
    built_from: &mut Option<u64>,
    timings: bool,
) -> Result<Option<Output>, String> {
    let started = Instant::now();
    // Set again only by a good build: after a failed one (a file unreadable, a content error)
    // the same sources are built again, so the errors clear once they are fixed.
    let last_good = built_from.take();
    let read = || {
        load::load(root).map_err(|e| {
            let message = format!("error: reading the site: {e}");
            eprintln!("{message}");
            message
        })
    };
    let mut sources = read()?;
    // A save may be under way in a file the watcher has not reported yet.
    let emptied: Vec<PathBuf> = sources.empty_files().iter().map(|p| root.join(p)).collect();
    if await_saves(|| emptied.iter().any(|p| being_saved(root, p))) {
        sources = read()?;
    }
    let loaded = pipeline::StageEnd::now("load", started);
    let fingerprint = crate::text::fingerprint(&sources);
    if last_good == Some(fingerprint) {
        *built_from = last_good;
        return Ok(None);
    }
    match pipeline::build_cached(&sources, opts, cache) {
        Ok(out) => {
            *built_from = Some(fingerprint);
            if timings {
                super::print_timings(loaded, &out.stages, None);
            }
            for w in out.warnings.iter().filter(|w| !w.is_note()) {
                eprintln!("{w}");
            }
            Ok(Some(out))
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
        let param = |name: &str| {
            query
                .split('&')
                .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('='))
                .unwrap_or("")
        };
        let since: u64 = param("since").parse().unwrap_or(0);
        let file = crate::model::urls::percent_decode(param("file"));
        let (lock, cvar) = &**shared;
        let state = lock.lock().unwrap_or_else(|e| e.into_inner());
        let (state, _) = cvar
            .wait_timeout_while(state, Duration::from_secs(25), |s| !s.stale(&file, since))
            .unwrap_or_else(|e| e.into_inner());
        let answer = if state.stale(&file, since) {
            "reload"
        } else {
            "same"
        };
        drop(state);
        return request.respond(Response::new(200, "text/plain", answer.into()));
    }
    let decoded = crate::model::urls::percent_decode(path.trim_start_matches('/'));
    let (lock, _) = &**shared;
    let state = lock.lock().unwrap_or_else(|e| e.into_inner());
    let version = state.version;
    let error = state.error.clone();
    let (status, body, ctype, file) = match &state.good {
        None => (
            500,
            error_page(error.as_deref().unwrap_or("no build yet")).into_bytes(),
            "text/html; charset=utf-8",
            String::new(),
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
                Some((name, bytes)) => (200, bytes.to_vec(), content_type(name), name.clone()),
                None => (
                    404,
                    out.files
                        .get("404.html")
                        .map(|b| b.to_vec())
                        .unwrap_or_default(),
                    "text/html; charset=utf-8",
                    "404.html".to_string(),
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
        inject_reload(body, version, &file)
    } else {
        body
    };
    request.respond(Response::new(status, ctype, body).with("Cache-Control", "no-store"))
}

/// The last good page with the failed build's diagnostics shown over it.
fn with_error_over(body: Vec<u8>, errors: &str) -> Vec<u8> {
    let overlay = format!(
        "<div role=\"alert\" id=\"shiori-build-error\" style=\"position:fixed;inset:0 0 auto 0;max-height:60vh;overflow:auto;z-index:99999;margin:0;padding:1rem 1.5rem;background:#3b0d0d;color:#fff;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap\"><strong>ビルドに失敗しました(下は前回成功したビルドです)</strong>\n{}</div>",
        crate::text::escape_html(errors)
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

/// The reload script: it asks whether the file the page came from changed since `version`
/// (the server answers as soon as it does, or after a while that it did not) and reloads when
/// it did.
fn inject_reload(body: Vec<u8>, version: u64, file: &str) -> Vec<u8> {
    let file = serde_json::to_string(file)
        .unwrap_or_default()
        .replace('<', "\\u003c");
    let script = format!(
        "<script>(function poll(v,f){{fetch('/__shiori/reload?since='+v+'&file='+encodeURIComponent(f)).then(function(r){{return r.text()}}).then(function(a){{if(a==='reload')location.reload();else poll(v,f)}}).catch(function(){{setTimeout(function(){{poll(v,f)}},1000)}})}})({version},{file});</script>"
    );
    let html = String::from_utf8_lossy(&body);
    match html.rfind("</body>") {
        Some(i) => format!("{}{script}{}", &html[..i], &html[i..]).into_bytes(),
        None => format!("{html}{script}").into_bytes(),
    }
}

fn error_page(errors: &str) -> String {
    let esc = crate::text::escape_html(errors);
    format!(
        "<!DOCTYPE html><html lang=\"ja\"><head><meta charset=\"utf-8\"><title>ビルドエラー</title>\
<style>body{{font-family:system-ui,sans-serif;margin:2rem;line-height:1.6}}pre{{background:#fff3f3;border-left:4px solid #c00;padding:1rem;white-space:pre-wrap}}</style></head>\
<body><h1>ビルドに失敗しました</h1><p>ファイルを直して保存すると、このページは自動で更新されます。</p><pre>{esc}</pre></body></html>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site_with_article(text: &str) -> (tempfile::TempDir, PathBuf, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir(root.join("content")).unwrap();
        let article = root.join("content/a.md");
        std::fs::write(&article, text).unwrap();
        (dir, root, article)
    }

    #[test]
    fn an_article_just_emptied_is_a_save_under_way_until_it_is_written() {
        let (_dir, root, article) = site_with_article("");
        assert!(being_saved(&root, &article));
        let writer = {
            let article = article.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                std::fs::write(&article, "+++\ntitle = \"t\"\n+++\n本文\n").unwrap();
            })
        };
        assert!(await_saves(|| being_saved(&root, &article)));
        writer.join().unwrap();
        assert!(
            !std::fs::read_to_string(&article).unwrap().is_empty(),
            "the wait ends when the save has written the file, not before"
        );
        assert!(!being_saved(&root, &article));
    }

    #[test]
    fn a_site_toml_or_glossary_file_just_emptied_is_a_save_under_way_too() {
        let (_dir, root, _article) = site_with_article("本文\n");
        std::fs::create_dir(root.join("glossary")).unwrap();
        for name in ["site.toml", "glossary/terms.toml", "templates/base.html"] {
            let path = root.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, "").unwrap();
            assert!(being_saved(&root, &path), "{name}");
        }
        let sources = load::load(&root).unwrap();
        let mut emptied = sources.empty_files();
        emptied.sort();
        let want: Vec<PathBuf> = ["glossary/terms.toml", "site.toml", "templates/base.html"]
            .into_iter()
            .map(PathBuf::from)
            .collect();
        assert_eq!(
            emptied, want,
            "the rebuild asks about every empty file it read"
        );
    }

    #[test]
    fn an_article_emptied_long_ago_or_a_file_the_build_does_not_read_is_not_waited_for() {
        let (_dir, root, article) = site_with_article("");
        let file = std::fs::File::options().write(true).open(&article).unwrap();
        file.set_modified(std::time::SystemTime::now() - 2 * REFILL)
            .unwrap();
        assert!(!being_saved(&root, &article));
        for name in [
            "notes.txt",
            "public/index.html",
            "content/.a.md.swp",
            "content/a.md~",
        ] {
            let other = root.join(name);
            std::fs::create_dir_all(other.parent().unwrap()).unwrap();
            std::fs::write(&other, "").unwrap();
            assert!(!being_saved(&root, &other), "{name} is not built");
        }
        assert!(!await_saves(|| false));
    }

    #[test]
    fn reload_script_goes_before_body_end() {
        let out = String::from_utf8(inject_reload(
            b"<html><body>x</body></html>".to_vec(),
            3,
            "a/index.html",
        ))
        .unwrap();
        assert!(
            out.contains("since='+v") && out.ends_with("</script></body></html>"),
            "{out}"
        );
    }
}
