//! Text helpers shared by every stage, with no stage of their own: Japanese text ([`japanese`]:
//! the one lindera segmenter, NFKC, kana and spelling-variant folding, the character and word
//! counts a reader sees) and cutting text to a length ([`truncate_chars`]).
pub mod japanese;

/// `s` cut to its first `n` characters (not bytes), with `…` when anything was cut.
pub fn truncate_chars(s: &str, n: usize) -> String {
    let mut it = s.chars();
    let head: String = it.by_ref().take(n).collect();
    if it.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}
