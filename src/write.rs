//! The write stage: the only code that writes the site to disk.
//!
//! The new site is written into a sibling folder, then swapped into place with two renames, so
//! the output folder is always either the previous complete site or the new complete site:
//! a failed or interrupted build never leaves a half-written site behind.
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
use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// The file shiori writes into every output folder: a later build may replace a folder that
/// holds it.
pub const MARKER: &str = ".shiori-output";

const MARKER_TEXT: &[u8] =
    b"This folder is a site built by shiori; `shiori build` replaces it whole on the next build.\n";

/// The sources of a site, relative to its root: an output may be none of them, hold none of
/// them and lie inside none of them.
const SOURCES: [&str; 5] = ["content", "glossary", "static", "templates", "site.toml"];

/// Why an output folder is refused, and what to do instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub message: String,
    pub help: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}\n  help: {}", self.message, self.help)
    }
}

/// Whether `out` may be replaced by a build of the site at `root`; see the module doc.
pub fn check_target(root: &Path, out: &Path, force: bool) -> Result<(), Refusal> {
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

/// Writes `files` (relative path → bytes) as the folder `out`, replacing what was there; the
/// caller has checked `out` with `check_target`.
pub fn write_atomic(files: &BTreeMap<String, Vec<u8>>, out: &Path) -> io::Result<()> {
    refuse_dangerous_target(out)?;
    let parent = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(parent)?;
    let name = out
        .file_name()
        .ok_or_else(|| io::Error::other(format!("`{}` has no folder name", out.display())))?;
    let stage = fresh_sibling(parent, name, "new")?;
    let previous = out.is_dir().then_some(out);
    if let Err(e) = write_tree(files, &stage, previous) {
        let _ = fs::remove_dir_all(&stage);
        return Err(e);
    }
    let had_old = out.exists();
    let old = if had_old {
        // A fresh name for the previous site: reserve it, then rename over the empty folder.
        let old = fresh_sibling(parent, name, "old")?;
        fs::remove_dir(&old)?;
        if let Err(e) = fs::rename(out, &old) {
            let _ = fs::remove_dir_all(&stage);
            return Err(io::Error::new(
                e.kind(),
                format!("moving `{}` aside: {e}", out.display()),
            ));
        }
        Some(old)
    } else {
        None
    };
    if let Err(e) = fs::rename(&stage, out) {
        // Put the previous site back before reporting.
        if let Some(old) = &old {
            let _ = fs::rename(old, out);
        }
        let _ = fs::remove_dir_all(&stage);
        return Err(io::Error::new(
            e.kind(),
            format!("moving the new site to `{}`: {e}", out.display()),
        ));
    }
    if let Some(old) = old {
        fs::remove_dir_all(&old)?;
    }
    Ok(())
}

/// Writes one file so that readers see the old or the new contents, never a part: the bytes go
/// to a hidden sibling of a fresh name (which `load` skips), then a rename replaces the file.
pub fn write_file_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
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

fn write_tree(
    files: &BTreeMap<String, Vec<u8>>,
    dir: &Path,
    previous: Option<&Path>,
) -> io::Result<()> {
    fs::create_dir_all(dir)?;
    fs::write(dir.join(MARKER), MARKER_TEXT)?;
    for (rel, bytes) in files {
        let path = dir.join(rel);
        if let Some(p) = path.parent() {
            fs::create_dir_all(p)?;
        }
        if let Some(old) = previous.map(|p| p.join(rel))
            && same_file_contents(&old, bytes)
            && fs::hard_link(&old, &path).is_ok()
        {
            continue;
        }
        fs::write(&path, bytes)
            .map_err(|e| io::Error::new(e.kind(), format!("writing `{}`: {e}", path.display())))?;
    }
    Ok(())
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
