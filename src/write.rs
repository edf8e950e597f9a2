//! The write stage: the only code that writes the site to disk.
//!
//! The new site is written into a sibling folder as its files are made ([`Staging`], a
//! [`Sink`]: the build hands over each page as soon as it is rendered, from several threads,
//! and keeps none of them), then swapped into place with two renames, so the output folder is
//! always either the previous complete site or the new complete site: a failed or interrupted
//! build never leaves a half-written site behind.
//!
//! **Only shiori's own folder is ever replaced.** Before a build, `check_target` refuses (the
//! build stops with exit code 2 and nothing is touched) an output that is, contains, or lies
//! inside the site's sources (`content/`, `glossary/`, `static/`, `templates/`, `site.toml`) or
//! the site root, an output that is an existing file or a symbolic link, and an existing folder
//! shiori did not make: every output folder carries a marker file (`MARKER`), and a folder
//! without it is replaced only when it is empty or with `--force`. The staging folders are named
//! with the process id and a counter and created exclusively, so they can never be a user's
//! folder, and only what this process created is ever removed.
//!
//! A file whose bytes are those of the same file in the previous output is hard-linked from
//! there instead of written: creating files is what a rebuild of thousands of pages (and the
//! search index) spends its time on, and on ext4 creating them right after the previous build
//! deleted as many is slower still (the inode allocator steps around recently deleted inodes).
use std::collections::BTreeMap;
use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, mpsc};

/// The file shiori writes into every output folder: a later build may replace a folder that
/// holds it.
pub(crate) const MARKER: &str = ".shiori-output";

const MARKER_TEXT: &[u8] =
    b"This folder is a site built by shiori; `shiori build` replaces it whole on the next build.\n";

/// The sources of a site, relative to its root: an output may be none of them, hold none of
/// them and lie inside none of them.
const SOURCES: [&str; 5] = ["content", "glossary", "static", "templates", "site.toml"];

/// Why an output folder is refused, and what to do instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refusal {
    pub message: String,
    pub help: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}\n  help: {}", self.message, self.help)
    }
}

/// Whether `out` may be replaced by a build of the site at `root`; see the module doc.
pub(crate) fn check_target(root: &Path, out: &Path, force: bool) -> Result<(), Refusal> {
    let shown = out.display();
    let refuse = |message: String, help: &str| {
        Err(Refusal {
            message,
            help: help.to_string(),
        })
    };
    let choose = "choose an output folder of its own, such as `public` (the default)";
    let (Some(root_abs), Some(out_abs)) = (absolute(root), absolute(out)) else {
        return refuse(
            format!("cannot resolve the output folder `{shown}`"),
            choose,
        );
    };
    if root_abs.starts_with(&out_abs) {
        return refuse(
            format!(
                "refusing to write the site into `{shown}`: it holds the site root `{}`, which the build would replace",
                root.display()
            ),
            choose,
        );
    }
    for source in SOURCES {
        let s = root_abs.join(source);
        if out_abs.starts_with(&s) || s.starts_with(&out_abs) {
            return refuse(
                format!(
                    "refusing to write the site into `{shown}`: it is, holds or lies inside the site's `{source}`"
                ),
                choose,
            );
        }
    }
    let meta = match fs::symlink_metadata(out) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return refuse(format!("cannot read `{shown}`: {e}"), choose),
    };
    if meta.file_type().is_symlink() {
        return refuse(
            format!("refusing to replace `{shown}`: it is a symbolic link"),
            "give the folder it points to as `--output`, or choose another output folder",
        );
    }
    if !meta.is_dir() {
        return refuse(
            format!("refusing to write the site into `{shown}`: it is a file, not a folder"),
            choose,
        );
    }
    if force || out.join(MARKER).is_file() || looks_like_an_earlier_build(out) {
        return Ok(());
    }
    let mut entries = fs::read_dir(out).map_err(|e| Refusal {
        message: format!("cannot read `{shown}`: {e}"),
        help: choose.to_string(),
    })?;
    match entries.next() {
        None => Ok(()),
        Some(first) => {
            let first = first
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .unwrap_or_default();
            refuse(
                format!(
                    "refusing to replace `{shown}`: shiori did not make it (it has no `{MARKER}`) and it is not empty (it holds `{first}`)"
                ),
                "choose another output folder, or pass `--force` to replace it and everything in it",
            )
        }
    }
}

/// An output written before shiori left a marker: its pages, API and search files.
fn looks_like_an_earlier_build(out: &Path) -> bool {
    ["index.html", "api/articles.json", "static/search.js"]
        .iter()
        .all(|f| out.join(f).is_file())
}

/// `path` made absolute with `.` and `..` resolved: the longest existing ancestor through the
/// file system (so symlinks resolve), the rest lexically.
fn absolute(path: &Path) -> Option<PathBuf> {
    let path = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().ok()?.join(path)
    };
    let mut existing = path.clone();
    let mut rest: Vec<std::ffi::OsString> = Vec::new();
    let base = loop {
        if let Ok(c) = fs::canonicalize(&existing) {
            break c;
        }
        rest.push(existing.file_name()?.to_os_string());
        existing = existing.parent()?.to_path_buf();
    };
    let mut out = base;
    for part in rest.iter().rev() {
        match Path::new(part).components().next() {
            Some(Component::ParentDir) => {
                out.pop();
            }
            Some(Component::CurDir) | None => {}
            _ => out.push(part),
        }
    }
    Some(out)
}

/// A built file's bytes, shared rather than copied: the dev server's page cache, the sink and
/// the site the server publishes hold the same page, and comparing a page with the previous
/// build's is a pointer comparison when it was taken from the cache.
pub(crate) type FileBytes = Arc<Vec<u8>>;

/// Where the build puts each file the moment it is made: pages are written while others are
/// still rendering (from several threads at once) and dropped from memory, instead of the whole
/// site being held until the end. [`Staging`] writes to disk; a `BTreeMap` collects in memory
/// (tests, `shiori check`, the dev server). A path given twice keeps the bytes given last.
pub(crate) trait Sink: Sync {
    fn put(&self, path: String, bytes: FileBytes) -> io::Result<()>;
}

/// The in-memory sink.
impl Sink for std::sync::Mutex<BTreeMap<String, FileBytes>> {
    fn put(&self, path: String, bytes: FileBytes) -> io::Result<()> {
        self.lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(path, bytes);
        Ok(())
    }
}

/// A new site being written beside the output folder `out`: files go into a fresh staging
/// folder as they come ([`Sink::put`]), and [`Staging::commit`] swaps it into place. Dropped
/// without a commit (a failed build), the staging folder is removed and `out` is left as it was.
///
/// The files are written by writer threads of their own, so the build's threads go on rendering
/// while the file system creates files (on a busy disk, creating files is the slow part). A path
/// always goes to the same writer, so a file given twice is written in the order given.
pub(crate) struct Staging {
    out: PathBuf,
    parent: PathBuf,
    tree: Arc<StagingTree>,
    writers: Vec<Writer>,
    committed: bool,
}

/// A writer thread and the queue of files it writes: (site-relative path, bytes).
type Writer = (
    mpsc::SyncSender<(String, FileBytes)>,
    std::thread::JoinHandle<()>,
);

/// The staging folder as the writer threads share it.
struct StagingTree {
    dir: PathBuf,
    previous: Option<PathBuf>,
    /// Folders already created and files already written, so each folder is made once and a
    /// file given twice is replaced, never written through a hard link into the previous site.
    made: Mutex<(HashSet<PathBuf>, HashSet<String>)>,
    /// The first error a writer met; the commit reports it.
    error: Mutex<Option<io::Error>>,
}

/// Writer threads, and files each may hold waiting (a bound on the memory pages take when
/// the disk is slower than rendering).
const WRITERS: usize = 2;
const QUEUED_PER_WRITER: usize = 64;

impl Staging {
    /// Starts a new site for `out`; the caller has checked `out` with `check_target`.
    pub(crate) fn new(out: &Path) -> io::Result<Staging> {
        refuse_dangerous_target(out)?;
        let parent = out
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .to_path_buf();
        fs::create_dir_all(&parent)?;
        let name = out
            .file_name()
            .ok_or_else(|| io::Error::other(format!("`{}` has no folder name", out.display())))?;
        let dir = fresh_sibling(&parent, name, "new")?;
        fs::write(dir.join(MARKER), MARKER_TEXT)?;
        let tree = Arc::new(StagingTree {
            dir,
            previous: out.is_dir().then(|| out.to_path_buf()),
            made: Mutex::default(),
            error: Mutex::default(),
        });
        let writers = (0..WRITERS)
            .map(|_| {
                let (tx, rx) = mpsc::sync_channel::<(String, FileBytes)>(QUEUED_PER_WRITER);
                let tree = tree.clone();
                let handle = std::thread::spawn(move || {
                    for (rel, bytes) in rx {
                        if let Err(e) = tree.write(&rel, &bytes) {
                            tree.error
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .get_or_insert(e);
                        }
                    }
                });
                (tx, handle)
            })
            .collect();
        Ok(Staging {
            out: out.to_path_buf(),
            parent,
            tree,
            writers,
            committed: false,
        })
    }

    /// Waits for the writers to finish what they were given; the first error any of them met.
    fn drain(&mut self) -> io::Result<()> {
        for (tx, handle) in self.writers.drain(..) {
            drop(tx);
            if handle.join().is_err() {
                return Err(io::Error::other("a writer thread panicked"));
            }
        }
        match self
            .tree
            .error
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
        {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Replaces `out` with the new site: the previous one is renamed aside, the new one renamed
    /// into place, then the previous one removed. On an error the previous site is put back and
    /// the staging folder removed (by `drop`, as for a build that never commits).
    pub(crate) fn commit(mut self) -> io::Result<()> {
        self.drain()?;
        let name = self.out.file_name().expect("checked in new").to_owned();
        let old = if self.out.exists() {
            // A fresh name for the previous site: reserve it, then rename over the empty folder.
            let old = fresh_sibling(&self.parent, &name, "old")?;
            fs::remove_dir(&old)?;
            fs::rename(&self.out, &old).map_err(|e| {
                io::Error::new(
                    e.kind(),
                    format!("moving `{}` aside: {e}", self.out.display()),
                )
            })?;
            Some(old)
        } else {
            None
        };
        if let Err(e) = fs::rename(&self.tree.dir, &self.out) {
            if let Some(old) = &old {
                let _ = fs::rename(old, &self.out);
            }
            return Err(io::Error::new(
                e.kind(),
                format!("moving the new site to `{}`: {e}", self.out.display()),
            ));
        }
        self.committed = true;
        match old {
            Some(old) => remove_tree(&old),
            None => Ok(()),
        }
    }
}

impl Sink for Staging {
    fn put(&self, rel: String, bytes: FileBytes) -> io::Result<()> {
        let writer = (crate::text::fingerprint(&rel) % self.writers.len() as u64) as usize;
        self.writers[writer]
            .0
            .send((rel, bytes))
            .map_err(|_| io::Error::other("the writer threads stopped"))
    }
}

impl StagingTree {
    fn write(&self, rel: &str, bytes: &[u8]) -> io::Result<()> {
        let path = self.dir.join(rel);
        let again = {
            let mut made = self.made.lock().unwrap_or_else(|e| e.into_inner());
            // Created under the lock: another writer must not find the folder recorded before
            // it exists.
            if let Some(p) = path.parent()
                && !made.0.contains(p)
            {
                fs::create_dir_all(p)?;
                made.0.insert(p.to_path_buf());
            }
            !made.1.insert(rel.to_string())
        };
        let io_err =
            |e: io::Error| io::Error::new(e.kind(), format!("writing `{}`: {e}", path.display()));
        if again {
            // It may be a hard link into the previous site: replace the link, not its contents.
            fs::remove_file(&path).map_err(io_err)?;
        } else if let Some(old) = self.previous.as_ref().map(|p| p.join(rel))
            && same_file_contents(&old, bytes)
            && fs::hard_link(&old, &path).is_ok()
        {
            return Ok(());
        }
        fs::write(&path, bytes).map_err(io_err)
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = self.drain();
            let _ = fs::remove_dir_all(&self.tree.dir);
        }
    }
}

/// Removes a previous site (a folder this process renamed aside), its top-level folders in
/// parallel: deleting tens of thousands of files is as slow as creating them.
fn remove_tree(dir: &Path) -> io::Result<()> {
    use rayon::prelude::*;
    let entries: Vec<PathBuf> = fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.par_iter().for_each(|p| {
        let _ = if p.is_dir() && !p.is_symlink() {
            fs::remove_dir_all(p)
        } else {
            fs::remove_file(p)
        };
    });
    fs::remove_dir_all(dir)
}

/// Writes one file so that readers see the old or the new contents, never a part: the bytes go
/// to a hidden sibling of a fresh name (which `load` skips), then a rename replaces the file.
pub(crate) fn write_file_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(parent)?;
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::other(format!("`{}` has no file name", path.display())))?;
    let tmp = fresh_name(parent, name, "new");
    let written = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| io::Write::write_all(&mut f, bytes));
    if let Err(e) = written.and_then(|()| fs::rename(&tmp, path)) {
        let _ = fs::remove_file(&tmp);
        return Err(io::Error::new(
            e.kind(),
            format!("writing `{}`: {e}", path.display()),
        ));
    }
    Ok(())
}

/// A name beside `name` that nobody else uses: the process id and a counter.
fn fresh_name(parent: &Path, name: &std::ffi::OsStr, what: &str) -> PathBuf {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    parent.join(format!(
        ".{}.shiori-{what}-{}-{n}",
        name.to_string_lossy(),
        std::process::id()
    ))
}

/// A new, empty folder beside `name`, created exclusively (`create_dir` fails on an existing
/// one, and then another name is tried), so it is this process's to remove.
fn fresh_sibling(parent: &Path, name: &std::ffi::OsStr, what: &str) -> io::Result<PathBuf> {
    for _ in 0..100 {
        let p = fresh_name(parent, name, what);
        match fs::create_dir(&p) {
            Ok(()) => return Ok(p),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(io::Error::new(
                    e.kind(),
                    format!("creating `{}`: {e}", p.display()),
                ));
            }
        }
    }
    Err(io::Error::other(format!(
        "could not find a free name beside `{}`",
        parent.join(name).display()
    )))
}

/// Whether `path` is a regular file (not a link to one) holding exactly `bytes`.
fn same_file_contents(path: &Path, bytes: &[u8]) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
        && fs::read(path).is_ok_and(|old| old == bytes)
}

/// Replacing the output folder deletes it: never do that to a folder that holds a site's
/// sources or to the folder the build runs in.
fn refuse_dangerous_target(out: &Path) -> io::Result<()> {
    let looks_like_sources = ["site.toml", "content", "Cargo.toml", ".git"]
        .iter()
        .any(|f| out.join(f).exists());
    let is_cwd = fs::canonicalize(out)
        .ok()
        .zip(
            std::env::current_dir()
                .ok()
                .and_then(|c| fs::canonicalize(c).ok()),
        )
        .is_some_and(|(a, b)| b.starts_with(&a));
    if looks_like_sources || is_cwd {
        return Err(io::Error::other(format!(
            "refusing to replace `{}`: it holds sources or the current folder; choose an output folder such as `public`",
            out.display()
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(pairs: &[(&str, &str)]) -> BTreeMap<String, Vec<u8>> {
        pairs
            .iter()
            .map(|(p, b)| (p.to_string(), b.as_bytes().to_vec()))
            .collect()
    }

    /// A whole build through a staging folder, as `shiori build` does.
    fn write_atomic(files: &BTreeMap<String, Vec<u8>>, out: &Path) -> io::Result<()> {
        let staging = Staging::new(out)?;
        for (rel, bytes) in files {
            staging.put(rel.clone(), bytes.clone().into())?;
        }
        staging.commit()
    }

    #[test]
    fn a_build_that_is_not_committed_leaves_the_output_as_it_was_and_no_staging_folder() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        write_atomic(&files(&[("a/index.html", "1")]), &out).unwrap();
        {
            let staging = Staging::new(&out).unwrap();
            staging
                .put("a/index.html".into(), b"2".to_vec().into())
                .unwrap();
            staging
                .put("b/index.html".into(), b"3".to_vec().into())
                .unwrap();
            // Dropped without commit: the build failed.
        }
        assert_eq!(fs::read_to_string(out.join("a/index.html")).unwrap(), "1");
        assert!(!out.join("b").exists());
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["public"]);
    }

    #[test]
    fn a_file_given_twice_is_replaced_without_touching_the_previous_site() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        write_atomic(&files(&[("style.css", "old")]), &out).unwrap();
        let staging = Staging::new(&out).unwrap();
        // The same bytes as before (linked from the previous site), then other bytes.
        staging
            .put("style.css".into(), b"old".to_vec().into())
            .unwrap();
        staging
            .put("style.css".into(), b"site's own".to_vec().into())
            .unwrap();
        assert_eq!(fs::read_to_string(out.join("style.css")).unwrap(), "old");
        staging.commit().unwrap();
        assert_eq!(
            fs::read_to_string(out.join("style.css")).unwrap(),
            "site's own"
        );
    }

    #[test]
    fn files_may_come_from_many_threads_at_once() {
        use rayon::prelude::*;
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        let staging = Staging::new(&out).unwrap();
        (0..200).into_par_iter().for_each(|i| {
            staging
                .put(
                    format!("d{}/p{i}/index.html", i % 7),
                    i.to_string().into_bytes().into(),
                )
                .unwrap();
        });
        staging.commit().unwrap();
        for i in 0..200 {
            let path = out.join(format!("d{}/p{i}/index.html", i % 7));
            assert_eq!(fs::read_to_string(path).unwrap(), i.to_string());
        }
    }

    #[test]
    fn one_file_is_replaced_whole_and_leaves_no_temporary_behind() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("glossary/keps.toml");
        write_file_atomic(&p, b"old").unwrap();
        write_file_atomic(&p, b"new").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"new");
        let names: Vec<_> = fs::read_dir(dir.path().join("glossary"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["keps.toml"]);
    }

    #[test]
    fn replaces_the_whole_folder() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        write_atomic(&files(&[("a/index.html", "1"), ("old.txt", "x")]), &out).unwrap();
        write_atomic(&files(&[("a/index.html", "2")]), &out).unwrap();
        assert_eq!(fs::read_to_string(out.join("a/index.html")).unwrap(), "2");
        assert!(!out.join("old.txt").exists(), "stale files go");
        let leftovers: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(leftovers, ["public"]);
    }

    #[cfg(unix)]
    #[test]
    fn unchanged_files_are_linked_from_the_previous_output_changed_ones_written() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        write_atomic(&files(&[("same.html", "a"), ("changed.html", "1")]), &out).unwrap();
        let inode = |name: &str| fs::metadata(out.join(name)).unwrap().ino();
        let (same, changed) = (inode("same.html"), inode("changed.html"));
        write_atomic(&files(&[("same.html", "a"), ("changed.html", "2")]), &out).unwrap();
        assert_eq!(inode("same.html"), same, "linked, not rewritten");
        assert_ne!(inode("changed.html"), changed);
        assert_eq!(fs::read_to_string(out.join("changed.html")).unwrap(), "2");
        assert_eq!(
            fs::metadata(out.join("same.html")).unwrap().nlink(),
            1,
            "the old name is gone"
        );
    }

    #[test]
    fn refuses_a_source_folder() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("site.toml"), "").unwrap();
        assert!(write_atomic(&files(&[("x", "y")]), dir.path()).is_err());
        assert!(dir.path().join("site.toml").exists());
    }
}
