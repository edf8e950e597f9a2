//! Writing the README's screenshots (shared by the screenshot examples).

use std::path::Path;

/// Writes `bytes` to `png`, with fewer colours when `pngquant` is there so the picture stays
/// small, and prints its path and size; returns the size in bytes.
pub fn write_small_png(png: &Path, bytes: &[u8]) -> u64 {
    std::fs::write(png, bytes).expect("write the PNG");
    let _ = std::process::Command::new("pngquant")
        .args(["--force", "--skip-if-larger", "--quality=70-95", "--output"])
        .arg(png)
        .arg(png)
        .status();
    let size = std::fs::metadata(png).expect("the PNG").len();
    println!("{} ({size} bytes)", png.display());
    size
}
