//! The write stage: the only code that writes the site to disk.
//!
//! The new site is written into a sibling folder, then swapped into place with two renames, so
//! the output folder is always either the previous complete site or the new complete site:
//! a failed or interrupted build never leaves a half-written site behind.
//!
//! A file whose bytes are those of the same file in the previous output is hard-linked from
//! there instead of written: creating files is what a rebuild of thousands of pages (and the
//! search index) spends its time on, and on ext4 creating them right after the previous build
//! deleted as many is slower still (the inode allocator steps around recently deleted inodes).
use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Writes `files` (relative path → bytes) as the folder `out`, replacing what was there.
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
    let stage = sibling(parent, name, "new");
    let old = sibling(parent, name, "old");
    let _ = fs::remove_dir_all(&stage);
    let _ = fs::remove_dir_all(&old);
    let previous = out.is_dir().then_some(out);
    if let Err(e) = write_tree(files, &stage, previous) {
        let _ = fs::remove_dir_all(&stage);
        return Err(e);
    }
    let had_old = out.exists();
    if had_old {
        fs::rename(out, &old)?;
    }
    if let Err(e) = fs::rename(&stage, out) {
        // Put the previous site back before reporting.
        if had_old {
            let _ = fs::rename(&old, out);
        }
        let _ = fs::remove_dir_all(&stage);
        return Err(e);
    }
    if had_old {
        fs::remove_dir_all(&old)?;
    }
    Ok(())
}

/// Writes one file so that readers see the old or the new contents, never a part: the bytes go
/// to a hidden sibling (which `load` skips), then a rename replaces the file.
pub fn write_file_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(parent)?;
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::other(format!("`{}` has no file name", path.display())))?;
    let tmp = sibling(parent, name, "new");
    if let Err(e) = fs::write(&tmp, bytes).and_then(|()| fs::rename(&tmp, path)) {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    Ok(())
}

fn sibling(parent: &Path, name: &std::ffi::OsStr, what: &str) -> PathBuf {
    parent.join(format!(".{}.shiori-{what}", name.to_string_lossy()))
}

fn write_tree(
    files: &BTreeMap<String, Vec<u8>>,
    dir: &Path,
    previous: Option<&Path>,
) -> io::Result<()> {
    fs::create_dir_all(dir)?;
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
        fs::write(&path, bytes)?;
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
