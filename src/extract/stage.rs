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
use super::scan::TokenKind;
use crate::model::ids::{Release, Stage};
use crate::parse::blocks::{BlockKind, Doc, SpanKind};

/// Stage and default stated around normalized offset `at` of the block: the sentence's, else
/// the block's, else (for a one-link list item) its list's, else its section heading's.
pub(super) fn facts_for(view: &BlockView, at: usize) -> (Option<Stage>, Option<bool>) {
    let f = view.sentence_facts(at);
    (
        f.stage
            .or_else(|| view.block_stage())
            .or(view.list_stage)
            .or(view.section_stage),
        f.default_on,
    )
}

/// Everything one sentence states, computed once per sentence (`BlockView::sentence_facts`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SentenceFacts {
    pub stage: Option<Stage>,
    pub default_on: Option<bool>,
    /// The release the stage is stated for, when the sentence names one next to it.
    pub release: Option<Release>,
    /// The sentence mentions gates, a stage, a default or switching something on or off.
    pub about_gates: bool,
}

impl SentenceFacts {
    pub(super) fn of(view: &BlockView, sentence: Range<usize>) -> SentenceFacts {
        let (stage, default_on) = sentence_facts(view, sentence.clone());
        let release = stage.and_then(|s| release_for(view, &sentence, s));
        let about_gates = view.tokens_in(&sentence).iter().any(|t| {
            matches!(
                t.kind,
                TokenKind::GateKeyword
                    | TokenKind::Flag
                    | TokenKind::StageWord(_)
                    | TokenKind::ApiVersion(_)
                    | TokenKind::Enable
                    | TokenKind::Default(_)
            )
        });
        SentenceFacts {
            stage,
            default_on,
            release,
            about_gates,
        }
    }
}

/// The stages the leads of lists and the headings state. Blocks are visited in order and the
/// enclosing headings kept on a stack (at most six deep), so finding them costs nothing per
/// block: walking back from every block was quadratic in a document of a million table cells.
#[derive(Default)]
pub(super) struct Leads {
    /// Stage each heading or lead block states, computed once.
    stated: std::collections::HashMap<usize, Option<Stage>>,
    /// The open headings, outermost first: (level, block).
    headings: Vec<(u8, usize)>,
    /// The last paragraph of the current section (a list's lead).
    lead: Option<usize>,
}

impl Leads {
    /// Moves to the block of `view` (call in order, once per block) and gives its list stage
    /// and section stage.
    pub(super) fn visit(&mut self, doc: &Doc, view: &BlockView) -> (Option<Stage>, Option<Stage>) {
        let index = view.index;
        let block = &doc.blocks[index];
        if let BlockKind::Heading(level) = block.kind {
            // Its own stage, for the blocks below it, from the view already made.
            self.stated.insert(index, whole_block_stage(view));
            while self.headings.last().is_some_and(|&(l, _)| l >= level) {
                self.headings.pop();
            }
            // A heading's section stage is its parents'.
            let section = self.section_stage(doc);
            self.headings.push((level, index));
            self.lead = None;
            return (None, section);
        }
        let list = if block.kind == BlockKind::ListItem && is_one_link(doc, index) {
            self.list_stage(doc)
        } else {
            None
        };
        if block.kind == BlockKind::Paragraph {
            self.lead = Some(index);
        }
        (list, self.section_stage(doc))
    }

    fn stated(&mut self, doc: &Doc, i: usize) -> Option<Stage> {
        *self
            .stated
            .entry(i)
            .or_insert_with(|| stage_of_block(doc, i))
    }

    /// The stage the nearest heading above states, walking up through its parents. Removals and
    /// deprecations are left out: `## 非推奨化と削除` names what the section is about, not what
    /// each item did.
    fn section_stage(&mut self, doc: &Doc) -> Option<Stage> {
        for k in (0..self.headings.len()).rev() {
            let h = self.headings[k].1;
            match self.stated(doc, h) {
                Some(Stage::Removed) | Some(Stage::Deprecated) => return None,
                Some(s) => return Some(s),
                None => {}
            }
        }
        None
    }

    /// For a list item that is one link, the stage the paragraph before its list (in the same
    /// section) states, else its section heading's: `このリリースには、GAに昇格した合計23の機能強化が
    /// 含まれています:` or `### GAへの昇格` → stable.
    fn list_stage(&mut self, doc: &Doc) -> Option<Stage> {
        let heading = self.headings.last().map(|&(_, h)| h);
        [self.lead, heading]
            .into_iter()
            .flatten()
            .find_map(|i| self.stated(doc, i))
    }
}

/// Whether the block's text is one link and nothing else (a list of KEPs by title).
fn is_one_link(doc: &Doc, index: usize) -> bool {
    let b = &doc.blocks[index];
    let text = b.text.trim();
    b.spans.iter().any(|&s| {
        let span = &doc.spans[s];
        matches!(span.kind, SpanKind::Link { .. }) && b.text[span.range.clone()].trim() == text
    })
}

/// The stage a whole block states.
fn stage_of_block(doc: &Doc, index: usize) -> Option<Stage> {
    whole_block_stage(&BlockView::new(index, &doc.blocks[index], doc))
}

fn whole_block_stage(view: &BlockView) -> Option<Stage> {
    sentence_facts(view, 0..view.text().len()).0
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
    // End of the last negation: stage words after it in the same clause were not reached
    // either (`延期されました（アルファの予定でした）`).
    let mut negated_at: Option<usize> = None;
    for t in view.tokens_in(&sentence) {
        if let Some(n) = negated_at
            && matches!(t.kind, TokenKind::StageWord(_) | TokenKind::ApiVersion(_))
        {
            if !is_clause_break(&text[n..t.range.start]) {
                continue;
            }
            negated_at = None;
        }
        match t.kind {
            TokenKind::StageWord(Stage::Removed) => removed = true,
            TokenKind::StageWord(s) | TokenKind::ApiVersion(s) => {
                let after = &text[t.range.end..sentence.end];
                let to_before = prev_ident.is_some_and(|w| w.eq_ignore_ascii_case("to"));
                if to_before || is_transition_target(after) {
                    target = Some(s);
                }
                last = Some(s);
            }
            // `...見送られています`: what came before did not happen; what follows still counts
            // (`一旦リバートされていましたが、ついに WatchList がベータに昇格しました`).
            TokenKind::Negation => {
                removed = false;
                target = None;
                last = None;
                negated_at = Some(t.range.end);
            }
            TokenKind::Default(on) => default_on = Some(on),
            _ => {}
        }
        prev_ident = (t.kind == TokenKind::Ident).then(|| &text[t.range.clone()]);
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
    view.sentence_facts(at).release
}

fn release_for(view: &BlockView, sentence: &Range<usize>, stage: Stage) -> Option<Release> {
    let text = view.text();
    let tokens = view.tokens_in(sentence);
    // `v1.15でアルファとして導入され、v1.21でGAに`: the release next to the stage word the
    // sentence settles on (stable), not the first one.
    let mut found = None;
    for (i, t) in tokens.iter().enumerate() {
        let (TokenKind::StageWord(s) | TokenKind::ApiVersion(s)) = t.kind else {
            continue;
        };
        if s != stage {
            continue;
        }
        if let Some(prev) = i.checked_sub(1).map(|p| &tokens[p])
            && let TokenKind::Release(r) = prev.kind
            && matches!(
                text[prev.range.end..t.range.start].trim(),
                "で" | "から" | "にて" | "において" | "では" | "に" | "で、" | "の"
            )
        {
            found = Some(r);
            continue;
        }
        let mut j = i + 1;
        while let Some(n) = tokens.get(j) {
            match n.kind {
                TokenKind::Ident
                    if matches!(
                        text[n.range.clone()].to_ascii_lowercase().as_str(),
                        "since" | "in" | "as" | "of" | "from"
                    ) =>
                {
                    j += 1
                }
                TokenKind::Release(r)
                    if j > i + 1 || text[t.range.end..n.range.start].trim() == ":" =>
                {
                    found = Some(r);
                    break;
                }
                _ => break,
            }
        }
    }
    found
}

/// `...リバートされていましたが、ついに...`, `..., but ...`: a new clause whose stage counts.
fn is_clause_break(between: &str) -> bool {
    [
        "が、",
        "けど",
        "しかし",
        "ついに",
        "but ",
        "However",
        "however",
    ]
    .iter()
    .any(|w| between.contains(w))
}

fn is_transition_target(after: &str) -> bool {
    let a = after.trim_start();
    let a = a.strip_prefix('版').unwrap_or(a).trim_start();
    a.starts_with('に') || a.starts_with('へ') || a.starts_with("した") || a.starts_with("しました")
}

/// The one stage a block names, if it names exactly one (after the last postponement).
pub(super) fn block_stage(view: &BlockView) -> Option<Stage> {
    let text = view.text();
    let mut found: Option<Stage> = None;
    let mut negated_at: Option<usize> = None;
    for t in &view.tokens {
        if let Some(n) = negated_at
            && matches!(t.kind, TokenKind::StageWord(_))
        {
            if !is_clause_break(&text[n..t.range.start]) {
                continue;
            }
            negated_at = None;
        }
        match t.kind {
            TokenKind::Negation => {
                found = None;
                negated_at = Some(t.range.end);
            }
            TokenKind::StageWord(Stage::Removed) => {}
            TokenKind::StageWord(s) => match found {
                None => found = Some(s),
                Some(f) if f == s => {}
                Some(_) => return None,
            },
            _ => {}
        }
    }
    found
}
