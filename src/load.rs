//! The load stage: the only code that reads a site from disk.
//!
//! It takes a site root and gives `Sources`: `site.toml`, every Markdown file under
//! `content/`, the data files under `glossary/`, template overrides under `templates/` and
//! the files under `static/`, each as (path relative to the root, contents), in sorted order so
//! that everything downstream is deterministic.
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

/// A text file of the site, with its path relative to the site root.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SourceFile {
    pub path: PathBuf,
    pub text: String,
}

#[derive(Debug, Clone, Default, Hash)]
pub struct Sources {
    pub root: PathBuf,
    pub site_toml: Option<String>,
    pub content: Vec<SourceFile>,
    pub glossary: Vec<SourceFile>,
    pub templates: Vec<SourceFile>,
    pub static_files: Vec<(PathBuf, Vec<u8>)>,
    /// Articles that are not UTF-8 text: path, byte offset and line of the first byte that is
    /// not. The build reports each as a content error (an editor can fix it), not an I/O error.
    pub not_utf8: Vec<(PathBuf, usize, usize)>,
    /// The other files of page bundles: a folder under `content/` holding an `index.md` and,
    /// beside it or below it, its images and downloads (Hugo's leaf bundles).
    pub bundle_files: Vec<(PathBuf, Vec<u8>)>,
}

impl Sources {
    /// The files read that hold nothing, relative to the root: what a save in place leaves for
    /// a moment (it truncates, then writes), so the dev server asks whether one is half saved.
    pub fn empty_files(&self) -> Vec<PathBuf> {
        let site_toml = (self.site_toml.as_deref() == Some(""))
            .then(|| PathBuf::from("site.toml"))
            .into_iter();
        let texts = [&self.content, &self.glossary, &self.templates]
            .into_iter()
            .flatten()
            .filter(|f| f.text.is_empty())
            .map(|f| f.path.clone());
        let bytes = [&self.static_files, &self.bundle_files]
            .into_iter()
            .flatten()
            .filter(|(_, b)| b.is_empty())
            .map(|(p, _)| p.clone());
        site_toml.chain(texts).chain(bytes).collect()
    }

    pub fn glossary_file(&self, name: &str) -> Option<&SourceFile> {
        self.glossary
            .iter()
            .find(|f| f.path == Path::new("glossary").join(name))
    }
}

/// The folders and files `serve` watches: a change to any of them rebuilds the site.
pub const WATCHED: [&str; 5] = ["content", "templates", "glossary", "static", "site.toml"];

/// Whether `path` (absolute, under `root`) is a file the build reads: under one of the
/// `WATCHED` folders (or `site.toml` itself) and not an editor's swap or backup file.
pub fn is_source(root: &Path, path: &Path) -> bool {
    let Ok(rel) = path.strip_prefix(root) else {
        return false;
    };
    let editors = rel
        .file_name()
        .is_some_and(|n| is_editor_file(&n.to_string_lossy()));
    !editors && WATCHED.iter().any(|w| rel.starts_with(w))
}

/// Reads the site at `root`. A missing folder is an empty folder; a file that is not UTF-8
/// text (where text is expected) is an error naming it.
pub fn load(root: &Path) -> io::Result<Sources> {
    if !root.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("site root `{}` is not a directory", root.display()),
        ));
    }
    let site_toml = match fs::read_to_string(root.join("site.toml")) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(with_path(e, &root.join("site.toml"))),
    };
    let (content, not_utf8) = read_articles(root)?;
    Ok(Sources {
        root: root.to_path_buf(),
        site_toml,
        content,
        not_utf8,
        glossary: read_texts(root, "glossary", &["toml"])?,
        templates: read_texts(root, "templates", &["html", "xml", "txt"])?,
        static_files: read_bytes(root, "static")?,
        bundle_files: read_bundle_files(root)?,
    })
}

/// The article at `path` (absolute, or relative to the working folder) read again on its own,
/// as [`load`] reads articles: for the dev server, which renders an edited article's page
/// before it loads the whole site again. `None` when `path` is not an article [`load`] would
/// read (not a Markdown file under `content/`, an editor's file, not UTF-8 text).
pub fn article(root: &Path, path: &Path) -> Option<SourceFile> {
    let rel = path.strip_prefix(root).ok()?;
    let markdown = rel
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| ARTICLE_EXTS.contains(&e));
    let skipped = is_editor_file(&rel.file_name()?.to_string_lossy());
    if !rel.starts_with("content") || !markdown || skipped {
        return None;
    }
    let text = String::from_utf8(fs::read(path).ok()?).ok()?;
    Some(SourceFile {
        path: rel.to_path_buf(),
        text,
    })
}

/// The extensions of articles under `content/`.
const ARTICLE_EXTS: [&str; 2] = ["md", "markdown"];

/// Editors leave swap and backup files beside the ones being edited.
fn is_editor_file(name: &str) -> bool {
    name.starts_with('.') || name.ends_with('~')
}

fn files_under(root: &Path, dir: &str) -> io::Result<Vec<PathBuf>> {
    let base = root.join(dir);
    if !base.is_dir() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for entry in WalkDir::new(&base).sort_by_file_name() {
        let entry = entry.map_err(io::Error::other)?;
        if is_editor_file(&entry.file_name().to_string_lossy()) {
            continue;
        }
        // A symbolic link to a file is read as the file (authors link shared articles in);
        // links to folders are not followed, so a link cannot make the walk loop.
        let is_file = entry.file_type().is_file()
            || (entry.path_is_symlink() && fs::metadata(entry.path()).is_ok_and(|m| m.is_file()));
        if !is_file {
            continue;
        }
        out.push(
            entry
                .path()
                .strip_prefix(root)
                .expect("walked under root")
                .to_path_buf(),
        );
    }
    Ok(out)
}

/// The text files under `dir` with one of `exts`, and those that are not UTF-8: path, byte
/// offset and line of the first byte that is not.
type Texts = (Vec<SourceFile>, Vec<(PathBuf, usize, usize)>);

fn read_text_files(root: &Path, dir: &str, exts: &[&str]) -> io::Result<Texts> {
    let mut texts = Vec::new();
    let mut bad = Vec::new();
    for rel in files_under(root, dir)? {
        let ext = rel.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !exts.contains(&ext) {
            continue;
        }
        let bytes = fs::read(root.join(&rel)).map_err(|e| with_path(e, &rel))?;
        match String::from_utf8(bytes) {
            Ok(text) => texts.push(SourceFile { path: rel, text }),
            Err(e) => {
                let at = e.utf8_error().valid_up_to();
                let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
                bad.push((rel, at, line));
            }
        }
    }
    Ok((texts, bad))
}

/// Articles: a file that is not UTF-8 is the author's to fix, so it is listed, not fatal.
fn read_articles(root: &Path) -> io::Result<Texts> {
    read_text_files(root, "content", &ARTICLE_EXTS)
}

/// Site data (glossary, templates): a file that is not UTF-8 stops the load.
fn read_texts(root: &Path, dir: &str, exts: &[&str]) -> io::Result<Vec<SourceFile>> {
    let (texts, bad) = read_text_files(root, dir, exts)?;
    if let Some((rel, ..)) = bad.first() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{} is not UTF-8 text; save it as UTF-8", rel.display()),
        ));
    }
    Ok(texts)
}

fn read_bytes(root: &Path, dir: &str) -> io::Result<Vec<(PathBuf, Vec<u8>)>> {
    files_under(root, dir)?
        .into_iter()
        .map(|rel| {
            let bytes = fs::read(root.join(&rel)).map_err(|e| with_path(e, &rel))?;
            Ok((rel, bytes))
        })
        .collect()
}

/// Files under `content/` that are not Markdown and sit in (or below) a folder with an
/// `index.md`: the page bundle's resources.
fn read_bundle_files(root: &Path) -> io::Result<Vec<(PathBuf, Vec<u8>)>> {
    let files = files_under(root, "content")?;
    let bundles: Vec<&Path> = files
        .iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n == "index.md" || n == "index.markdown")
        })
        .filter_map(|p| p.parent())
        .collect();
    files
        .iter()
        .filter(|p| {
            !matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("md" | "markdown")
            )
        })
        .filter(|p| bundles.iter().any(|b| p.starts_with(b)))
        .map(|rel| {
            let bytes = fs::read(root.join(rel)).map_err(|e| with_path(e, rel))?;
            Ok((rel.clone(), bytes))
        })
        .collect()
}

fn with_path(e: io::Error, path: &Path) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loads_sorted_and_skips_editor_files() {
        let dir = tempfile::tempdir().unwrap();
        let c = dir.path().join("content");
        fs::create_dir_all(c.join("sub")).unwrap();
        fs::write(c.join("b.md"), "b").unwrap();
        fs::write(c.join("a.md"), "a").unwrap();
        fs::write(c.join("sub/c.md"), "c").unwrap();
        fs::write(c.join(".a.md.swp"), "x").unwrap();
        fs::write(c.join("notes.txt"), "x").unwrap();
        let s = load(dir.path()).unwrap();
        let names: Vec<_> = s
            .content
            .iter()
            .map(|f| f.path.to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["content/a.md", "content/b.md", "content/sub/c.md"]);
        assert!(s.site_toml.is_none());
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_article_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let c = dir.path().join("content");
        fs::create_dir_all(&c).unwrap();
        fs::write(dir.path().join("shared.md"), "shared").unwrap();
        std::os::unix::fs::symlink(dir.path().join("shared.md"), c.join("linked.md")).unwrap();
        let s = load(dir.path()).unwrap();
        assert_eq!(s.content.len(), 1);
        assert_eq!(s.content[0].path, PathBuf::from("content/linked.md"));
        assert_eq!(s.content[0].text, "shared");
    }

    #[test]
    fn page_bundles_bring_their_files_and_nothing_else_does() {
        let dir = tempfile::tempdir().unwrap();
        let c = dir.path().join("content");
        fs::create_dir_all(c.join("release/img")).unwrap();
        fs::write(c.join("release/index.md"), "x").unwrap();
        fs::write(c.join("release/logo.png"), [1, 2]).unwrap();
        fs::write(c.join("release/img/a.svg"), "<svg/>").unwrap();
        fs::write(c.join("loose.png"), [3]).unwrap();
        let s = load(dir.path()).unwrap();
        let names: Vec<_> = s
            .bundle_files
            .iter()
            .map(|(p, _)| p.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            names,
            ["content/release/img/a.svg", "content/release/logo.png"]
        );
    }

    #[test]
    fn non_utf8_articles_are_listed_with_where_they_break() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("content")).unwrap();
        fs::write(
            dir.path().join("content/x.md"),
            [b'a', b'\n', 0xa4, 0xa2, 0xff],
        )
        .unwrap();
        fs::write(dir.path().join("content/y.md"), [0xff]).unwrap();
        fs::write(dir.path().join("content/z.md"), "ok").unwrap();
        let s = load(dir.path()).unwrap();
        assert_eq!(
            s.not_utf8,
            [
                (PathBuf::from("content/x.md"), 2, 2),
                (PathBuf::from("content/y.md"), 0, 1)
            ]
        );
        assert_eq!(s.content.len(), 1);
    }
}
