//! The stage a sentence states for the KEP or gate it mentions, and the default it states.
//!
//! Words: アルファ/alpha → `alpha`, ベータ/beta → `beta`, GA/ステーブル/stable/安定版 → `stable`,
//! 非推奨/deprecated → `deprecated`, 削除されました/削除した/利用できなくなりました/removed →
//! `removed` (a planned removal, 削除される予定 or 今後...削除されます, is not one), and
//! デフォルトで有効/デフォルト無効/デフォルトでアクティブ for the default. API versions
//! (`v1alpha1`) are words of their own and never stages.
//!
//! When a sentence has several stage words:
//! 1. a removal wins (`GAしているFeatureGate X が削除されました` is a removal);
//! 2. else the target of a transition wins: a stage word followed by `に`/`へ`/`版に` or `した`,
//!    or preceded by `to` (`Beta版からGAに昇格` → stable, `Net New から Alpha に移行` → alpha);
//! 3. else the last one (Japanese puts the predicate last).
//!
//! Words saying the change was postponed or reverted (見送, 延期, リバート, revert) cancel the
//! stage words before them in the sentence. When a mention's sentence states no stage, the block's stage is used if the
//! block names exactly one (removals excluded: 削除 is too common a verb to spread).
use std::ops::Range;

use super::BlockView;
use super::scan::Kind;
use crate::ids::{Release, Stage};

/// Stage and default stated around normalized offset `at` of the block.
pub(super) fn facts_for(view: &BlockView, at: usize) -> (Option<Stage>, Option<bool>) {
    let sentence = view.sentence_at(at);
    let (stage, default_on) = sentence_facts(view, sentence);
    (stage.or_else(|| block_stage(view)), default_on)
}

/// Stage and default one sentence states.
pub(super) fn sentence_facts(
    view: &BlockView,
    sentence: Range<usize>,
) -> (Option<Stage>, Option<bool>) {
    let text = view.text();
    let mut removed = false;
    let mut target = None;
    let mut last = None;
    let mut default_on = None;
    let mut prev_ident: Option<&str> = None;
    for t in view
        .tokens
        .iter()
        .filter(|t| sentence.start <= t.range.start && t.range.end <= sentence.end)
    {
        match t.kind {
            Kind::StageWord(Stage::Removed) => removed = true,
            Kind::StageWord(s) => {
                let after = &text[t.range.end..sentence.end];
                let to_before = prev_ident.is_some_and(|w| w.eq_ignore_ascii_case("to"));
                if to_before || is_transition_target(after) {
                    target = Some(s);
                }
                last = Some(s);
            }
            // `...見送られています`: what came before did not happen; what follows still counts
            // (`一旦リバートされていましたが、ついに WatchList がベータに昇格しました`).
            Kind::Negation => {
                removed = false;
                target = None;
                last = None;
            }
            Kind::Default(on) => default_on = Some(on),
            _ => {}
        }
        prev_ident = (t.kind == Kind::Ident).then(|| &text[t.range.clone()]);
    }
    let stage = if removed {
        Some(Stage::Removed)
    } else {
        target.or(last)
    };
    (stage, default_on)
}

/// The release a sentence states a stage for, when it names one right next to a stage word:
/// `v1.26でアルファ`, `v1.21でGAに`, `GA since v1.29`, `beta in 1.30`, `(GA: 1.29)`. A mention whose
/// sentence says this records the stage for that release, not the article's.
pub(super) fn stated_release(view: &BlockView, at: usize) -> Option<Release> {
    let sentence = view.sentence_at(at);
    let text = view.text();
    let tokens: Vec<_> = view
        .tokens
        .iter()
        .filter(|t| sentence.start <= t.range.start && t.range.end <= sentence.end)
        .collect();
    for (i, t) in tokens.iter().enumerate() {
        let Kind::StageWord(_) = t.kind else { continue };
        if let Some(prev) = i.checked_sub(1).map(|p| tokens[p])
            && let Kind::Release(r) = prev.kind
            && matches!(
                text[prev.range.end..t.range.start].trim(),
                "で" | "から" | "にて" | "において" | "では" | "に" | "で、" | "の"
            )
        {
            return Some(r);
        }
        let mut j = i + 1;
        while let Some(n) = tokens.get(j) {
            match n.kind {
                Kind::Ident
                    if matches!(
                        text[n.range.clone()].to_ascii_lowercase().as_str(),
                        "since" | "in" | "as" | "of" | "from"
                    ) =>
                {
                    j += 1
                }
                Kind::Release(r) if j > i + 1 || text[t.range.end..n.range.start].trim() == ":" => {
                    return Some(r);
                }
                _ => break,
            }
        }
    }
    None
}

fn is_transition_target(after: &str) -> bool {
    let a = after.trim_start();
    let a = a.strip_prefix('版').unwrap_or(a).trim_start();
    a.starts_with('に') || a.starts_with('へ') || a.starts_with("した") || a.starts_with("しました")
}

/// The one stage a block names, if it names exactly one (after the last postponement).
pub(super) fn block_stage(view: &BlockView) -> Option<Stage> {
    let mut found: Option<Stage> = None;
    for t in &view.tokens {
        match t.kind {
            Kind::Negation => found = None,
            Kind::StageWord(Stage::Removed) => {}
            Kind::StageWord(s) => match found {
                None => found = Some(s),
                Some(f) if f == s => {}
                Some(_) => return None,
            },
            _ => {}
        }
    }
    found
}
