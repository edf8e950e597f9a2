//! Fixture sites for integration tests: a temporary site root with `site.toml` and articles,
//! built in memory or with the real binary; a WebDriver client for headless Chromium
//! (`browser`), a static HTTP server for serving a site under a sub-path (`http`), and search
//! page helpers (`search`).
//!
//! The helpers that can fail are `#[track_caller]`, so a failure names the test's line.

pub mod browser;
pub mod http;
pub mod search;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use shiori::load;
use shiori::pipeline::{self, BuildOptions, Output};

/// The seed articles, as first received and tested since.
pub const SEEDS: [&str; 3] = [
    "k8s-1-29-sig-node.md",
    "k8s-1-31-whats-new.md",
    "k8s-1-32-sig-api-machinery.md",
];

pub struct Fixture {
    pub dir: tempfile::TempDir,
}

impl Fixture {
    /// An empty site: `site.toml` with a title and a `base_url` under a sub-path.
    pub fn new() -> Fixture {
        let f = Fixture {
            dir: tempfile::tempdir().unwrap(),
        };
        f.write(
            "site.toml",
            "title = \"テストサイト\"\nbase_url = \"https://example.org/k8s/\"\n",
        );
        f
    }

    /// An empty site with one article, `content/{name}.md` (see [`Fixture::article`]).
    #[track_caller]
    pub fn with_article(name: &str, front: &str, body: &str) -> Fixture {
        let f = Fixture::new();
        f.article(name, front, body);
        f
    }

    /// The three seed articles of this repository (`content/k8s-1-*.md`) and its glossary data:
    /// the site most tests assert on, whose every reference is listed in `tests/it/extract_seeds.rs`.
    pub fn with_repo_content() -> Fixture {
        let f = Fixture::new();
        let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
        copy_tree(&repo.join("glossary"), &f.root().join("glossary"));
        for seed in SEEDS {
            let to = f.root().join("content").join(seed);
            fs::create_dir_all(to.parent().unwrap()).unwrap();
            fs::copy(repo.join("content").join(seed), to).unwrap();
        }
        f
    }

    /// All of this repository's articles (the seeds and the real release articles) and its
    /// glossary data.
    pub fn with_all_repo_content() -> Fixture {
        let f = Fixture::new();
        let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
        for dir in ["content", "glossary"] {
            copy_tree(&repo.join(dir), &f.root().join(dir));
        }
        f
    }

    /// The repository's site built by the real binary into `public/`.
    #[track_caller]
    pub fn built_repo_site() -> Fixture {
        Fixture::built_repo_site_with(&[])
    }

    /// The repository's site built by the real binary with `shiori build <flags>`.
    #[track_caller]
    pub fn built_repo_site_with(flags: &[&str]) -> Fixture {
        let f = Fixture::with_repo_content();
        let args: Vec<&str> = std::iter::once("build")
            .chain(flags.iter().copied())
            .collect();
        let built = f.run(&args);
        assert!(
            built.status.success(),
            "{}",
            String::from_utf8_lossy(&built.stderr)
        );
        f
    }

    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    /// Writes `text` to `rel` under the site root, making its folders.
    #[track_caller]
    pub fn write(&self, rel: &str, text: &str) {
        let p = self.root().join(rel);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    }

    /// Writes `content/{name}.md`: TOML front matter `front` between `+++` lines, then `body`.
    #[track_caller]
    pub fn article(&self, name: &str, front: &str, body: &str) {
        self.write(
            &format!("content/{name}.md"),
            &format!("+++\n{front}\n+++\n{body}"),
        );
    }

    /// Builds the site in memory; panics with the diagnostics if it does not build.
    #[track_caller]
    pub fn build(&self) -> Output {
        match self.try_build() {
            Ok(o) => o,
            Err(d) => panic!("fixture site failed to build:\n{d}"),
        }
    }

    #[track_caller]
    pub fn try_build(&self) -> Result<Output, shiori::model::diag::Diagnostics> {
        let sources = load::load(self.root()).unwrap();
        pipeline::build(&sources, &BuildOptions::default())
    }

    /// Runs the real binary in the site root.
    #[track_caller]
    pub fn run(&self, args: &[&str]) -> std::process::Output {
        Command::new(env!("CARGO_BIN_EXE_shiori"))
            .args(args)
            .current_dir(self.root())
            .output()
            .unwrap()
    }

    pub fn public(&self) -> PathBuf {
        self.root().join("public")
    }
}

/// The JSON file at `path` in the output, parsed; panics (at the caller) if there is none.
#[track_caller]
pub fn json(out: &Output, path: &str) -> serde_json::Value {
    serde_json::from_str(&page(out, path)).unwrap()
}

/// The page at `path` in the output, as text; panics (at the caller) if there is none.
#[track_caller]
pub fn page(out: &Output, path: &str) -> String {
    let Some(bytes) = out.files.get(path) else {
        panic!(
            "no {path} in output; have: {:?}",
            out.files.keys().take(40).collect::<Vec<_>>()
        )
    };
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[track_caller]
pub fn copy_tree(from: &Path, to: &Path) {
    if !from.exists() {
        return;
    }
    for e in walkdir::WalkDir::new(from) {
        let e = e.unwrap();
        let rel = e.path().strip_prefix(from).unwrap();
        let dest = to.join(rel);
        if e.file_type().is_dir() {
            fs::create_dir_all(&dest).unwrap();
        } else {
            fs::copy(e.path(), &dest).unwrap();
        }
    }
}

/// Every file under `dir` with its bytes, for comparing whole output folders.
#[track_caller]
pub fn snapshot_dir(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut m = BTreeMap::new();
    for e in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let e = e.unwrap();
        if e.file_type().is_file() {
            m.insert(
                e.path()
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned(),
                fs::read(e.path()).unwrap(),
            );
        }
    }
    m
}

/// The file a relative link `path` (percent-encoded, `/`-separated) from a page in `dir` names.
pub fn resolve(dir: &Path, path: &str) -> PathBuf {
    let mut p = dir.to_path_buf();
    for part in shiori::model::urls::percent_decode(path).split('/') {
        match part {
            "" | "." => {}
            ".." => {
                p.pop();
            }
            name => p.push(name),
        }
    }
    p
}
