//! The stage a sentence states for the KEP or gate it mentions, and the default it states.
//!
//! Words: アルファ/α/alpha → `alpha`, ベータ/β/beta → `beta`, GA/ステーブル/stable/安定版/ジーエー/
//! generally available → `stable`, 非推奨/デプリケート/deprecated/`deprecate され` → `deprecated`, 削除されました/削除されています/
//! 削除済み/削除した/取り除かれました/撤廃されました/除去されました/利用できなくなりました/
//! 使用できなくなりました/使えなくなりました/削除となりました/removed → `removed` (a planned removal, 削除される予定 or
//! 今後...削除されます, is not one; `v1.33 で削除されます` said of the article's own release is), and
//! デフォルトで有効/デフォルト無効/デフォルトでアクティブ/既定で有効/標準で有効/初期値は true/
//! オプトインで (off)/enabled by default/off by default for the default (not where its word goes
//! on: `既定で有効期限`). API versions (`v1alpha1`) are words of their own and never stages.
//!
//! When a sentence has several stage words:
//! 1. a removal wins (`GAしているFeatureGate X が削除されました` is a removal);
//! 2. else a stage stated for the article's release wins (`v1.31でGAになりました（v1.29でアルファ、
//!    v1.30でベータ）` is stable in a 1.31 article);
//! 3. else the target of a transition wins: a stage word followed by `に`/`へ`/`版に` or `した`,
//!    or preceded by `to` (`Beta版からGAに昇格` → stable, `Net New から Alpha に移行` → alpha);
//! 4. else the last one (Japanese puts the predicate last).
//!
//! Words saying the change was postponed or reverted (見送, 延期, リバート, revert) cancel the
//! stage words before them in the sentence. A plan (目指しています, 予定です, 見込み, 計画, a question
//! of it, `GA になるか`, aims to,
//! is planned / expected, targeting) mutes the stage and default words of its clause, `will` those
//! after it up to `and`/`but` or the clause's end (`deprecated and will be removed`), and a word
//! of the past (以前の…では, これまでは, 従来は, previously, before v1.30) those after it up to a
//! new clause: neither states what the release did.
//!
//! A sentence that dates the stage in a past release is history when a later sentence of its
//! block tells where the same subject stands in the article's release ([`told_now`]).
//!
//! A stage word whose object is something else (`KEP-3015では\`PreferClose\`を非推奨とし`) is the
//! object's, and one of another project's release (`containerd 2.1 のベータ版`) that project's:
//! the mention gets no stage at all.
//!
//! When a mention's sentence states no stage, in this order (nothing, when the sentence speaks of
//! a stage it does not state: a plan, a denial, a postponement): the block's stage if the block names
//! exactly one (removals excluded: 削除 is too common a verb to spread) and not only for another
//! KEP or gate (`stated_for_others`), for a list item the one stage its nested items state
//! (`from_nested_items`), its table row's (a
//! column headed `ステージ` / `Stage` / `段階` / `状態` / `備考`, or by a release as in
//! `| 1.32 | 1.33 |`, the article's release's column first; with none, a description cell
//! saying the row moved to a stage), for a heading what the first
//! stage-stating paragraph of its section says for the article's release, for a list item of
//! one name its lead's or heading's, for a KEP or gate in a list or table of keys and values its
//! stage key's value (`from_key_values`), else the section's `feature-state` line or heading. A stage
//! taken from elsewhere keeps the release stated with it, and what a section's text states for a
//! gate or KEP beats its heading. A heading about one removal or deprecation
//! (`### \`gitRepo\`ボリュームドライバーの削除`) gives that stage to its section's one KEP (see
//! `removal_sections`). A heading looking back or ahead at another release (`## 1.33 の振り返り`)
//! dates its section's stages. A gate said in passing (`GateMention::passing`) takes only its own
//! sentence's, block's, row's or heading's stage: no list, section or nested item lends it one.
use std::collections::HashMap;
use std::ops::Range;

use super::scan::{Token, TokenKind, names_a_kep_or_gate};
use super::{BlockView, PROMOTION_WORDS, Views};
use crate::model::ids::{Dated, Release, Stage};
use crate::parse::blocks::{BlockKind, Doc};
use crate::parse::shortcodes::FEATURE_STATE_LABEL;
use crate::registry::Registry;

/// A stage and the release it is stated for (`None`: the article's release).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stated {
    pub stage: Stage,
    pub release: Option<Release>,
}

/// What the text states for one mention.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Facts {
    pub stage: Option<Stage>,
    pub default_on: Option<bool>,
    /// The release the stage is stated for, when the text names one (`v1.26でアルファ`);
    /// else the stage is for the article's release.
    pub release: Option<Release>,
    /// The stage is the enclosing list's or section's, not one the text states for the mention.
    pub inherited: bool,
    /// The stage is the block's, stated in another sentence (see [`Borrowed`]).
    pub borrowed: Option<Borrowed>,
    /// The stages the mention's sentence states for other releases (see [`history`]).
    pub history: Vec<Dated>,
}

impl Facts {
    /// The facts without what the enclosing list or section lends: the mention's own
    /// sentence's, block's, row's or heading's.
    fn without_inherited(mut self) -> Facts {
        if self.inherited {
            self.stage = None;
            self.release = None;
            self.inherited = false;
        }
        if let Some(b) = &mut self.borrowed
            && b.inherited
        {
            b.instead = None;
            b.inherited = false;
        }
        self
    }
}

/// A stage a mention took from other sentences of its block (`block_stage`), kept until
/// [`stated_for_others`] knows whether those sentences state it for another KEP or gate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Borrowed {
    /// Original byte offsets (in the block's text) of the sentences stating the stage.
    sentences: Vec<usize>,
    /// What the mention states without the block's stage: its row's or heading's stage, else its
    /// list's or section's (then `inherited`).
    instead: Option<Stated>,
    inherited: bool,
}

/// Stage and default stated for the mention at normalized range `mention` of the block: the
/// sentence's, else the block's, else its table row's, else (for a list item of one name) its
/// list's, else (for a heading) what the heading or its section's text states, else its
/// section's. A stage taken from elsewhere keeps the release stated with it.
///
/// When the sentence's stage word has an object other than the mention
/// (`[KEP-3015](…)では\`PreferClose\`を非推奨とし`), the stage is the object's and the mention
/// gets none, from the sentence or anywhere else.
pub(super) fn facts_for(view: &BlockView, mention: Range<usize>) -> Facts {
    let mut f = facts_lent(view, mention, true);
    // A stage a cell under a release's header states is that release's.
    if f.stage.is_some() && f.release.is_none() && !f.inherited && f.borrowed.is_none() {
        f.release = view.column_release;
    }
    f
}

/// [`facts_for`] a name said in passing: what its own sentence, block, table row or heading
/// states, not what its list or section lends, nor the next sentence after a sentence that is
/// only the name (a note under it: `` - `X` `` / `  - アルファ版の頃とは挙動が違う ``).
pub(super) fn own_facts_for(view: &BlockView, mention: Range<usize>) -> Facts {
    facts_lent(view, mention, false).without_inherited()
}

fn facts_lent(view: &BlockView, mention: Range<usize>, lent: bool) -> Facts {
    let (f, own_stretch) = own_subject(view, &mention);
    let f = respectively(view, &mention).unwrap_or(f);
    let f = own_aside(view, &mention, f);
    let f = own_clause(view, &mention, f);
    // What the mention has from beyond its sentence, the block's stage aside.
    let elsewhere = || {
        let around = view
            .list_stage
            .get()
            .or(view.section_stage.get())
            .filter(|s| !tells_not_reached(view, s.stage) && !denies_a_stage(view));
        let row = view
            .row_stage
            .get()
            .filter(|_| row_before_a_removal(view).is_none());
        let own = row.or(view.heading_stage.get());
        let stated = own.or(around);
        (stated, own.is_none() && stated.is_some())
    };
    let mut history = Vec::new();
    let (stated, inherited, borrowed) = match (f.stage, f.stage_at) {
        // `` - `AppArmor`, `AppArmorFields`（1.31 で GA 済み） `` under a lead: the aside is the
        // other name's, and the list's stage is the mention's.
        (Some(_), Some(at)) if lent && aside_of_another(view, &mention, at) => {
            let (stated, inherited) = elsewhere();
            (stated, inherited, None)
        }
        (Some(_), Some(at))
            if object_is_other(view, &mention, at)
                || aside_of_another(view, &mention, at)
                || of_another_project(view, &mention, at)
                || stated_of_another_release(view, &mention, at)
                || said_of_an_earlier_subject(view, &mention, at)
                || modifies_another_subject(view, &mention, at)
                || modifies_the_name_after_it(view, &mention, at)
                || paired_with_another(view, &mention, at)
                || lent_over_a_muted_stage(view, &mention, at)
                || (f.stage == Some(Stage::Deprecated)
                    && deprecates_a_setting(view, &mention, at))
                || (f.stage == Some(Stage::Removed) && removes_a_setting(view, &mention, at)) =>
        {
            (None, false, None)
        }
        (Some(stage), _) => {
            let own = Stated {
                stage,
                release: f.release,
            };
            history = self::history(view, &mention, &f, f.release.or(view.release));
            // A sentence that dates the stage in a past release, followed by one telling where
            // the story stands now: the past one is history.
            // (Only a release before the article's: a later one is not the story's past.)
            let past = own
                .release
                .zip(view.release)
                .is_some_and(|(own, article)| own < article);
            // `- \`JobPodFailurePolicy\`（1.31 で GA 済み）` under `以下のフィーチャーゲートが削除されま
            // した:`: an aside dating an earlier stage is the item's history; its list or
            // section states where it stands in the release.
            let now = past
                .then(|| told_now(view, &mention))
                .flatten()
                .or_else(|| {
                    let at = f.stage_at.filter(|&at| {
                        past && lent
                            && (in_an_aside(view, at) || in_an_items_note(view, &mention, at))
                    })?;
                    elsewhere()
                        .0
                        // The list's stage is the later one: undated (the article's release),
                        // or dated after the aside's (`前回の v1.36 で削除されたゲート` over
                        // `（v1.31 で GA）` in a 1.37 article).
                        .filter(|s| s.release.is_none_or(|r| own.release.is_some_and(|o| r > o)))
                        // `ValidatingAdmissionPolicy（1.30 で GA）` under an alpha section: no
                        // feature goes back from GA to alpha, so the name is said in passing and
                        // its aside is where it stands; an aside about something else
                        // (`（前身の VAP は 1.30 で GA）`) leaves the section's.
                        .filter(|s| s.stage >= own.stage || !only_dates_a_stage(view, at))
                });
            match now {
                Some(now) if now.release.or(view.release) != own.release => {
                    if let Some(r) = own.release
                        && !history.iter().any(|h| h.release == r)
                    {
                        history.push(Dated {
                            release: r,
                            stage: own.stage,
                        });
                    }
                    (Some(now), false, None)
                }
                _ => (Some(own), false, None),
            }
        }
        _ if elsewhere().0.is_none()
            && let Some(told) = named_then_told(view, &mention, lent) =>
        {
            (Some(told), false, None)
        }
        // The mention's stretch of a sentence of several subjects said nothing of its stage: the
        // block's stage is another subject's. So is it when the mention's own sentence speaks of
        // a stage it does not state (`次の v1.35 では \`X\` の GA が予定されています`).
        _ if own_stretch || speaks_of_an_unstated_stage(view, &mention) => {
            match (!own_stretch).then(|| told_now(view, &mention)).flatten() {
                Some(now) => (Some(now), false, None),
                None => {
                    let (stated, inherited) = elsewhere();
                    (stated, inherited, None)
                }
            }
        }
        // `ユーザー名前空間は、v1.30以降ベータでしたが…。v1.33では\`UserNamespacesSupport\`がデフォルト
        // で有効になりました。`: a sentence about another release lends its stage to no sentence
        // that names its own.
        _ => match view.block_stage().filter(|block| {
            // (A release anywhere in a sentence that states no stage is what it is about, when
            // the stage was told before it: `…ボリュームタイプは v1.11 から非推奨でした。[KEP-5040]
            // に基づき、v1.33 では \`X\` が追加されました` borrows no 1.11 stage. A stage told
            // after it goes on with its story: `\`X\` の下で v1.33 で導入されました。v1.34 で
            // ベータに昇格し` is beta in 1.34.)
            let sentence = view.sentence_at(mention.start);
            let told_before = view.block_stage_at().iter().all(|&at| at < sentence.start);
            let own_release = f
                .release
                .or_else(|| topic_release(view, &sentence).map(|(r, _)| r))
                .or_else(|| {
                    told_before
                        .then(|| {
                            view.tokens_in(&sentence).iter().find_map(|t| match t.kind {
                                TokenKind::Release(r) => Some(r),
                                _ => None,
                            })
                        })
                        .flatten()
                });
            (block.release.is_none() || own_release.is_none() || block.release == own_release)
                && !sets_itself_apart(view, &mention)
                && !view
                    .block_stage_at()
                    .iter()
                    .all(|&at| said_of_another_subject(view, &mention, at))
        }) {
            Some(block) => {
                let (instead, inherited) = elsewhere();
                let borrowed = Borrowed {
                    sentences: view.block_stage_sentences(),
                    instead,
                    inherited,
                };
                (Some(block), false, Some(borrowed))
            }
            None => {
                let (stated, inherited) = elsewhere();
                (stated, inherited, None)
            }
        },
    };
    let release = stated.and_then(|s| dated_in_section(view, s).release);
    if let Some(Stated {
        stage,
        release: Some(r),
    }) = row_before_a_removal(view)
        && !history.iter().any(|h| h.release == r)
    {
        history.push(Dated { release: r, stage });
    }
    // A heading's section table of releases and stages is its history too.
    for d in view.timeline.borrow().iter() {
        if Some(d.release) != release.or(view.release)
            && !history.iter().any(|h| h.release == d.release)
        {
            history.push(*d);
        }
    }
    history.sort();
    Facts {
        stage: stated.map(|s| s.stage),
        default_on: own_default(view, &mention)
            .unwrap_or(f.default_on)
            .or(view.row_default.get())
            // (The block's default is the article's release's: not lent to a mention dated in
            // another, `試験環境の 1.32 ではアルファなので、\`X\` を…` after `…デフォルトで有効に`.)
            .or_else(|| {
                view.nameless_default()
                    .filter(|_| release.is_none_or(|r| Some(r) == view.release))
            }),
        release,
        inherited,
        borrowed,
        history,
    }
}

/// The mention is named as what to use instead (`` 代わりに `ImageVolume` を使ってください ``,
/// `` 後継は `X` ``, `use X instead`), or its sentence opens with a contrast (`` ただ、`X` との組み合わせは
/// 未対応 ``) in a block that names another KEP or gate: what the block's other sentences state
/// is not the mention's. (`ただし、\`X\` はデフォルトで無効です` after `X`'s own promotion, and
/// `コピーする代わりに直接マウント`, still take it.)
fn sets_itself_apart(view: &BlockView, mention: &Range<usize>) -> bool {
    const REPLACEMENT: [&str; 7] = [
        "代わりに",
        "代替は",
        "代替として",
        "後継は",
        "後継の",
        "移行先は",
        "移行先の",
    ];
    const CONTRAST: [&str; 6] = ["ただ、", "ただし", "しかし", "一方", "でも、", "ですが、"];
    let text = view.text();
    let sentence = view.sentence_at(mention.start);
    let before = text[sentence.start..mention.start].trim_end_matches([' ', '`', '[', '*', '「']);
    let after = text[mention.end..sentence.end].to_ascii_lowercase();
    let replaces = REPLACEMENT.iter().any(|w| before.ends_with(w))
        || after
            .trim_start_matches(['`', ']'])
            .trim_start()
            .starts_with("instead")
        || before.to_ascii_lowercase().ends_with("replaced by");
    let name = &text[mention.clone()];
    let another_named = || {
        view.tokens
            .iter()
            .any(|t| names_a_kep_or_gate(text, t) && &text[t.range.clone()] != name)
    };
    let opening = text[sentence].trim_start();
    replaces || (CONTRAST.iter().any(|w| opening.starts_with(w)) && another_named())
}

/// The mention's sentence names a stage, plans one, denies one or postpones one: what it says of
/// the mention's stage, though no stage, is its own (the block's stage is not lent to it).
fn speaks_of_an_unstated_stage(view: &BlockView, mention: &Range<usize>) -> bool {
    let sentence = view.sentence_at(mention.start);
    // (Not of words the writer took back: `` `X` は GA と書きましたが、誤りでした ``.)
    let first = view
        .tokens
        .partition_point(|t| t.range.start < sentence.start);
    let taken_back = &view.taken_back()[first..];
    view.tokens_in(&sentence)
        .iter()
        .zip(taken_back)
        .any(|(t, &back)| {
            (matches!(t.kind, TokenKind::StageWord(_)) || t.kind.hopes_or_denies()) && !back
        })
}

/// In a sentence naming several KEPs or gates, the default said of the mention's name
/// (`` `A`（デフォルトで有効）と `B` がベータに `` is on for A only; `` `A` はデフォルトで有効、`B` は
/// デフォルトで無効 `` on for A, off for B): a default in an aside right after a name is that
/// name's; one in a clause naming names is theirs; one in a clause of no name is every name's
/// that has none of its own. `None` when the rule does not apply (a sentence of one name, or a
/// mention with no name of its own): the sentence's default stands.
fn own_default(view: &BlockView, mention: &Range<usize>) -> Option<Option<bool>> {
    // Read per mention only where the sentence (read once) states a default at all.
    view.sentence_facts(mention.start).default_on?;
    let text = view.text();
    let sentence = view.sentence_at(mention.start);
    let (tokens, muted) = view.tokens_and_muted_in(&sentence);
    let names = kep_and_gate_names(text, tokens);
    let name_of = |t: &super::scan::Token| &text[t.range.clone()];
    let own = names
        .iter()
        .find(|t| t.range.start >= mention.start && t.range.end <= mention.end)
        .map(|t| name_of(t))?;
    if names.iter().all(|t| name_of(t) == own) {
        return None;
    }
    // Each default word and the names it is said of (none: every name's).
    let mut owned: Option<bool> = None;
    let mut shared: Option<bool> = None;
    for (t, _) in tokens.iter().zip(muted).filter(|(_, m)| !**m) {
        let TokenKind::Default(on) = t.kind else {
            continue;
        };
        let names_in = |r: Range<usize>| -> Vec<&str> {
            names
                .iter()
                .filter(|n| n.range.start >= r.start && n.range.end <= r.end)
                .map(|n| name_of(n))
                .collect()
        };
        // An aside's default is said of the names in it (`（\`X\` はデフォルト無効のまま）`), else
        // of the name right before its bracket (`` `X`（デフォルト無効） ``), else of its clause's.
        let aside = aside_around(text, sentence.clone(), t.range.start);
        let in_aside = (aside != sentence).then(|| names_in(aside.clone()));
        let before_aside = || {
            let open = text[..aside.start]
                .trim_end_matches(['(', '（'])
                .trim_end_matches([' ', '`']);
            names
                .iter()
                .filter(|n| n.range.end == open.len())
                .map(|n| name_of(n))
                .collect::<Vec<_>>()
        };
        let in_clause = || {
            let mut start = clause_start(text, sentence.start, t.range.start);
            // `` `A`、`B`、`C` がアルファとして追加されました（いずれもデフォルト無効） ``: a comma
            // between names lists them, it ends no clause.
            while start > sentence.start {
                let comma = text[..start]
                    .char_indices()
                    .next_back()
                    .map_or(start, |(k, _)| k);
                let ends_a_name = names
                    .iter()
                    .any(|n| n.range.end == text[..comma].trim_end_matches([' ', '`']).len());
                let opens_a_name = names.iter().any(|n| {
                    n.range.start
                        == start
                            + (text[start..].len()
                                - text[start..].trim_start_matches([' ', '`']).len())
                });
                if !(ends_a_name && opens_a_name) {
                    break;
                }
                start = clause_start(text, sentence.start, comma);
            }
            let end = text[t.range.end..sentence.end]
                .find(CLAUSE_BREAKS)
                .map_or(sentence.end, |p| t.range.end + p);
            names_in(start..end)
        };
        let of: Vec<&str> = match in_aside {
            Some(inside) if !inside.is_empty() => inside,
            Some(_) if !before_aside().is_empty() => before_aside(),
            _ => in_clause(),
        };
        if of.is_empty() {
            shared = Some(on);
        } else if of.contains(&own) {
            owned = Some(on);
        }
    }
    Some(owned.or(shared))
}

/// The tokens of `tokens` that name a KEP or a gate, in order.
fn kep_and_gate_names<'t>(
    text: &str,
    tokens: &'t [super::scan::Token],
) -> Vec<&'t super::scan::Token> {
    tokens
        .iter()
        .filter(|t| names_a_kep_or_gate(text, t))
        .collect()
}

/// `` `A` と `B` がベータになりました。どちらもデフォルトで有効です。 ``, `` `X` はベータに昇格しました。
/// デフォルト: 無効 ``: the one default the block's sentences of no KEP or gate state, for a mention
/// whose own sentence states none. A default said of another name stays that name's.
pub(super) fn nameless_default(view: &BlockView) -> Option<bool> {
    let text = view.text();
    let mut said: Option<bool> = None;
    for sentence in &view.sentences {
        let (tokens, muted) = view.tokens_and_muted_in(sentence);
        if !kep_and_gate_names(text, tokens).is_empty() {
            continue;
        }
        for (k, (t, _)) in tokens
            .iter()
            .zip(muted)
            .enumerate()
            .filter(|(_, (_, m))| !**m)
        {
            if let TokenKind::Default(on) = t.kind {
                // `v1.31 ではデフォルトで無効でした`: a default said for another release.
                if view.release.is_some()
                    && release_next_to(text, tokens, k).is_some_and(|r| Some(r) != view.release)
                {
                    continue;
                }
                if said.is_some_and(|s| s != on) {
                    return None;
                }
                said = Some(on);
            }
        }
    }
    said
}

/// `KEP-4639、KEP-753 はそれぞれベータ、GA に昇格しました`, `A and B graduated to beta and GA
/// respectively`: names listed before `それぞれ` (or `respectively` after the stages) take the
/// stages listed in the same order, one each; the mention's is the one at its place.
fn respectively(view: &BlockView, mention: &Range<usize>) -> Option<SentenceFacts> {
    let whole = view.sentence_facts(mention.start);
    if !whole.in_order {
        return None;
    }
    let text = view.text();
    let sentence = view.sentence_at(mention.start);
    let said = &text[sentence.clone()];
    let marker = said
        .find("それぞれ")
        .or_else(|| said.to_ascii_lowercase().find("respectively"))?;
    let (tokens, muted) = view.tokens_and_muted_in(&sentence);
    let names = kep_and_gate_names(text, tokens);
    let stages: Vec<(Stage, usize)> = tokens
        .iter()
        .zip(muted)
        .filter(|(_, m)| !**m)
        .filter_map(|(t, _)| match t.kind {
            TokenKind::StageWord(stage) => Some((stage, t.range.start)),
            _ => None,
        })
        .collect();
    // The names stand before the stages, as many of each.
    let last_name = names.last()?.range.end;
    if names.len() < 2
        || names.len() != stages.len()
        || stages.iter().any(|&(_, at)| at < last_name)
        || sentence.start + marker < last_name
    {
        return None;
    }
    let place = names
        .iter()
        .position(|t| t.range.start >= mention.start && t.range.end <= mention.end)?;
    let (stage, at) = stages[place];
    Some(SentenceFacts {
        stage: Some(stage),
        stage_at: Some(at),
        ..whole
    })
}

/// `` - `X` (KEP-4603) は今回 beta 昇格ならず `` under `## GA になった機能`: a block that denies a
/// stage of its own tells of a move not made, and no list or section lends it theirs.
fn denies_a_stage(view: &BlockView) -> bool {
    view.tokens
        .iter()
        .zip(view.muted())
        .any(|(t, &muted)| t.kind == TokenKind::DeniedStage && !muted)
}

/// `` - `KubeletPSI`: ベータへの昇格は 1.35 に延期されました `` under `## ベータに昇格するもの`,
/// `` - `X`: ベータ昇格 PR はマージ待ち ``: the block tells that the move to the stage of its list
/// or section was postponed (a postponement after a word of that stage, in its sentence) or is
/// still a plan (a muted word of that stage), so the mention is not at that stage. A
/// postponement of something else (`1.28 の導入時に見送られていた拡張も入りました`) tells nothing.
fn tells_not_reached(view: &BlockView, stage: Stage) -> bool {
    let mut last_stage: Option<(Stage, usize)> = None;
    for (t, &muted) in view.tokens.iter().zip(view.muted()) {
        let sentence = || view.sentence_at(t.range.start).start;
        match t.kind {
            TokenKind::StageWord(s) if muted && s == stage => return true,
            TokenKind::StageWord(s) => last_stage = Some((s, sentence())),
            TokenKind::Negation if !muted && last_stage == Some((stage, sentence())) => {
                return true;
            }
            _ => {}
        }
    }
    false
}

/// `[KEP-4601](…) です。v1.31 でアルファとして追加され、v1.32 でベータに昇格しました。`: a
/// sentence that is only the name (or presents it, `次は X です。`, or cites it in brackets at its
/// end), then the one sentence of the block that states a stage and names nothing else (the name
/// is its subject, left unsaid): that sentence's stage and release; or several such sentences,
/// a story of which the one for the article's release tells where it stands.
/// A stage the mention has from its row, heading, list or section comes first. A name said in
/// passing (`lent` false) takes it only when its sentence presents it.
fn named_then_told(view: &BlockView, mention: &Range<usize>, lent: bool) -> Option<Stated> {
    let text = view.text();
    let at = view.sentence_index(mention.start);
    let sentence = view.sentences.get(at)?;
    let bare = |s: &'_ str| -> bool {
        let s = s.trim_matches(|c: char| {
            c.is_whitespace()
                || matches!(
                    c,
                    '。' | '.' | '!' | '！' | '`' | '「' | '」' | '-' | '*' | '・'
                )
        });
        matches!(s, "" | "です" | "だ" | "のこと")
    };
    // `…仕組みです（KEP-3488）。1.26 でアルファ、…1.30 で GA になりました。`: the name cited in
    // brackets closing its sentence, for the subject the next sentence goes on about.
    let cited = text[..mention.start].trim_end().ends_with(['(', '（'])
        && text[mention.end..sentence.end]
            .trim()
            .trim_start_matches([')', '）'])
            .trim_start()
            .trim_end_matches(['。', '.'])
            .is_empty();
    let before = &text[sentence.start..mention.start];
    // `` `X` は PV の削除ポリシーを守るための機能です。1.23 でアルファ、…1.33 で GA になりました。 ``:
    // the name as the topic of a sentence describing it, stating no stage and naming nothing
    // else, then its story.
    let described = bare(before)
        && describes_its_topic(&text[mention.end..sentence.end])
        && !view.tokens_in(sentence).iter().any(|t| {
            matches!(
                t.kind,
                TokenKind::StageWord(_) | TokenKind::ApiVersion(_) | TokenKind::Default(_)
            ) || (t.range.start != mention.start && names_a_kep_or_gate(text, t))
        });
    let cited = cited || described;
    if !cited
        && (!(bare(before) || introduces_the_next(before))
            || !bare(&text[mention.end..sentence.end]))
    {
        return None;
    }
    // Said in passing (a code span of a gate), the name's sentence must present it (`\`X\` です。`,
    // `最後は \`X\` です。`): a bare name is an item's head, and what follows is a note of its own.
    if !lent && !cited && !presents(&text[mention.end..sentence.end]) {
        return None;
    }
    let next = view.sentences.get(at + 1)?;
    // (Cited, the next sentence must be the name's story: no subject of its own, every stage
    // dated, `1.26 でアルファ、1.28 でベータになり、1.30 で GA に`; not `1.28 でアルファだった機能の
    // 多くがベータに`.)
    let next_tokens = view.tokens_in(next);
    if cited
        && (has_a_subject(&text[next.clone()])
            || next_tokens.iter().enumerate().any(|(k, t)| {
                matches!(t.kind, TokenKind::StageWord(_))
                    && release_next_to(text, next_tokens, k).is_none()
            }))
    {
        return None;
    }
    if next_tokens.iter().any(|t| names_a_kep_or_gate(text, t)) {
        return None;
    }
    // Only that sentence states a stage, and not a removal, which is as often of something else
    // (`古い API バージョンは削除されました`).
    let later = &view.sentences[at + 2..];
    if !later
        .iter()
        .any(|s| view.sentence_facts(s.start).stage.is_some())
    {
        let said = view.sentence_facts(next.start);
        return continued_stage(&said).map(|stage| Stated {
            stage,
            release: said.release,
        });
    }
    // `KEP-1287 です。v1.27 でアルファとして入りました。v1.33 でベータになりました。`: the story goes on
    // over several sentences, none with a subject or name of its own; where it stands in the
    // article's release is the last of them dated with it (or saying now).
    let mut now = None;
    // The story's sentences that state a stage.
    let mut told: Vec<Stated> = Vec::new();
    for (k, s) in std::iter::once(next).chain(later).enumerate() {
        let tokens = view.tokens_in(s);
        if has_a_subject(&text[s.clone()]) || tokens.iter().any(|t| names_a_kep_or_gate(text, t)) {
            // (After a described name's story, a sentence of another subject ends it: `GA 後も
            // しばらくゲートは残ります…`.)
            if described && k > 0 {
                break;
            }
            return None;
        }
        let said = view.sentence_facts(s.start);
        if said.stage.is_some() {
            now = stated_for_the_release(view, s, &said).or(now);
        }
        if let Some(stage) = continued_stage(&said) {
            told.push(Stated {
                stage,
                release: said.release,
            });
        }
    }
    // (A described name's story told in one sentence is that sentence's, as above.)
    match told[..] {
        [one] if now.is_none() && described => Some(one),
        _ => now,
    }
}

/// `次は`, `最後は`, `2つ目は`, `続いては`, `今週は`, `今週の KEP は`: words before a name that present it as the next topic,
/// whose story the following sentences tell ([`named_then_told`]).
fn introduces_the_next(before: &str) -> bool {
    static NEXT_TOPIC: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^(?:次|最後|最初|まず|続いて|もう(?:1|一)つ|今週|今日|本日|今回|今月|[0-9０-９一二三四五六七八九十]+(?:つ目|番目|点目))(?:に紹介するの|の(?:KEP|テーマ|ネタ|お題))?は$").unwrap()
    });
    NEXT_TOPIC.is_match(before.trim())
}

/// `` は PV の削除ポリシーを守るための機能です。 ``: after a name, the topic's `は` and a noun
/// with the copula closing the sentence, describing what it is. `` : Pod の置き換えを選べる。``,
/// `` ：Pod にラベルを付ける機能。``: after a name heading its item, a colon and a note saying
/// what it is (the caller makes sure the note states no stage and names nothing else).
fn describes_its_topic(after: &str) -> bool {
    let after = after.trim_start_matches(['`', ' ', '\u{3000}', '*']);
    if let Some(note) = after.strip_prefix([':', '：']) {
        return !note.trim_matches([' ', '\u{3000}', '。', '.']).is_empty();
    }
    let Some(rest) = after.strip_prefix('は') else {
        return false;
    };
    let rest = rest.trim_end_matches(['。', '.', ' ']);
    [
        "機能です",
        "ゲートです",
        "仕組みです",
        "ものです",
        "機能でした",
        "ゲートでした",
    ]
    .iter()
    .any(|w| rest.ends_with(w))
}

/// `` `X` です。``, `` `X` だ。``, `` `X` のことです。``: the copula that makes a sentence of a name alone
/// present it.
pub(super) fn presents(after: &str) -> bool {
    let after = after
        .trim_start_matches(['`', ' ', '\u{3000}'])
        .trim_end_matches(['。', '.', '!', '！', ' ']);
    matches!(after, "です" | "だ" | "のことです")
}

/// The stage a later sentence of a block states for the subject an earlier one named, without
/// naming it again ([`named_then_told`], [`told_now`]): not a removal or deprecation, which is
/// as often of something else (`古い API バージョンは削除されました`, `古いフィールドが非推奨に`).
fn continued_stage(said: &SentenceFacts) -> Option<Stage> {
    said.stage
        .filter(|s| !matches!(s, Stage::Removed | Stage::Deprecated))
}

/// Words that point back at the subject just named (`この機能は`, `本機能が`, `これは`).
const REFERS_BACK: [&str; 8] = [
    "この機能",
    "本機能",
    "同機能",
    "このゲート",
    "この KEP",
    "このKEP",
    "これ",
    "この変更",
];

/// Whether `text` holds words that point back at the subject just named ([`REFERS_BACK`]), or at
/// the gates a sentence before named (`これらのゲート`, `この 2 つのゲート`, `両ゲート`).
fn refers_back(text: &str) -> bool {
    static GATES_BACK: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?:この|これらの|両)\s*(?:[0-9一二三四五]+\s*つの\s*)?(?:フィーチャー)?ゲート",
        )
        .unwrap()
    });
    REFERS_BACK.iter().any(|w| text.contains(w)) || GATES_BACK.is_match(text)
}

/// Where the story of the mention's subject stands in the article's release, told by a later
/// sentence of its block: the sentences after the mention's, up to one that names a KEP or
/// gate, go on about the same subject without naming it again (`` `X` は v1.30 でアルファとして
/// 導入され、v1.31 でベータに昇格しました。現在、この機能は GA になりました。 ``, `` `X` は v1.34 で
/// GA になる予定です。現在はベータです。 ``). The last of them that states a stage for the
/// article's release (dated with it, or undated and saying now: 現在, 今回, このリリース), or that
/// says where the story ended (最終的に, 結局), is it.
/// A sentence with a subject of its own (not `この機能は`) ends the story, and a removal or
/// deprecation is left out ([`continued_stage`]). When no later sentence tells it, a mention's
/// sentence whose subject points back (`この機能は[KEP-1287](…)として提案され、…`) continues the
/// story the nearest earlier sentence of the block opened, when that one states the stage for
/// the article's release (`このたび、v1.35において…がGAとなりました`).
fn told_now(view: &BlockView, mention: &Range<usize>) -> Option<Stated> {
    let text = view.text();
    let at = view.sentence_index(mention.start);
    let names_another = |s: &Range<usize>| {
        view.tokens_in(s)
            .iter()
            .any(|t| names_a_kep_or_gate(text, t))
    };
    let mut now = None;
    for s in view.sentences.iter().skip(at + 1) {
        if names_another(s) {
            break;
        }
        let said = view.sentence_facts(s.start);
        let (Some(stage), Some(at)) = (said.stage, said.stage_at) else {
            continue;
        };
        let at = at.max(s.start);
        // `\`X\` ゲートは v1.31 で GA になりました。そして v1.33 で削除されました。`: a removal or
        // deprecation dated with a release, with no subject before it or one pointing back
        // (`この 2 つのゲート自体が`), goes on with the story too. One with a subject of its own
        // (`古いフラグは削除されました`), as often of something else, is skipped.
        let opening = &text[s.start..at];
        if continued_stage(&said).is_none()
            && !(said.release.is_some() && (!has_a_subject(opening) || refers_back(opening)))
        {
            continue;
        }
        // `…今回のリリースでは古い \`resources\` フィールドが非推奨に`, `また今回、サイドカーコンテナが
        // GA に`: a subject of its own, the story has moved on. (Of the stage's own clause: in
        // `その後、多くのバグ修正が行われ、v1.33 で GA に到達しました` the fixes are an earlier
        // clause's subject, and the story's goes on.)
        let before = &text[clause_start(text, s.start, at)..at];
        if has_a_subject(before) && !refers_back(before) {
            break;
        }
        now = stated_for_the_release_as(view, s, &said, stage).or(now);
    }
    // `このたび、v1.35 において…が GA となりました！この機能は KEP-1287 として提案され、v1.27 で
    // アルファとして導入されました。`: a sentence pointing back at its subject continues the story
    // an earlier sentence opened, where it stands now.
    // (Only a sentence whose subject points back, `この機能は…`, not `これまで` or `これに加えて`,
    // and that plans or denies nothing of its own.)
    let own = text[view.sentences[at].start..mention.start].trim_start();
    let points_back = REFERS_BACK.iter().any(|w| {
        own.strip_prefix(w)
            .is_some_and(|rest| *w != "これ" || rest.starts_with(['は', 'が']))
    });
    let plans = view
        .tokens_in(&view.sentences[at])
        .iter()
        .any(|t| t.kind.hopes_or_denies());
    if now.is_none() && points_back && !plans {
        for s in view.sentences[..at].iter().rev() {
            if names_another(s) {
                break;
            }
            let said = view.sentence_facts(s.start);
            if continued_stage(&said).is_some() {
                return stated_for_the_release(view, s, &said);
            }
        }
    }
    now
}

/// The stage sentence `s` states (`said`) where the story stands in the article's release: dated
/// with it, or undated and saying now ([`says_now`]); not a removal or deprecation.
fn stated_for_the_release(
    view: &BlockView,
    s: &Range<usize>,
    said: &SentenceFacts,
) -> Option<Stated> {
    stated_for_the_release_as(view, s, said, continued_stage(said)?)
}

/// [`stated_for_the_release`] of `stage`, whichever stage it is.
fn stated_for_the_release_as(
    view: &BlockView,
    s: &Range<usize>,
    said: &SentenceFacts,
    stage: Stage,
) -> Option<Stated> {
    let sentence = &view.text()[s.clone()];
    // `最終的に v1.31 でベータです`, `結局ベータのままでした`: where the story ended, whichever
    // release it names.
    let finally = ["最終的に", "結局", "結果的に"]
        .iter()
        .any(|w| sentence.contains(w));
    let for_the_release = finally
        || match said.release {
            Some(r) => view.release == Some(r),
            None => says_now(sentence),
        };
    for_the_release.then_some(Stated {
        stage,
        release: said.release,
    })
}

/// Words that put an undated statement in the article's release.
fn says_now(sentence: &str) -> bool {
    let lower = sentence.to_ascii_lowercase();
    let letter = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphabetic());
    let word_now = lower.match_indices("now").any(|(k, w)| {
        !letter(lower[..k].chars().next_back()) && !letter(lower[k + w.len()..].chars().next())
    });
    word_now
        || lower.contains("this release")
        || ["現在", "今回", "このたび", "この度"]
            .iter()
            .chain(&super::scan::THIS_RELEASE)
            .any(|w| sentence.contains(w))
}

/// `` `SidecarContainers`は1.28でアルファ、1.29でベータ、1.33でGAになりました ``,
/// `v1.31でGAになりました（v1.29でアルファ、v1.30でベータ）`: the stages a mention's sentence states
/// for releases other than the one it settles on (stated for `settled`), each with
/// the release written next to it, oldest first. Only a sentence whose names all stand before its
/// first stage word is one entity's chronology (`` `A`はベータ、`B`はアルファ `` is not). The dated
/// words are the sentence's own ([`SentenceFacts::dated`]): a plan's words, words of the past and
/// words a postponement cancels are not among them.
fn history(
    view: &BlockView,
    mention: &Range<usize>,
    f: &SentenceFacts,
    settled: Option<Release>,
) -> Vec<Dated> {
    let text = view.text();
    let sentence = view.sentence_at(mention.start);
    let tokens = view.tokens_in(&sentence);
    let Some(first_stage) = tokens
        .iter()
        .position(|t| matches!(t.kind, TokenKind::StageWord(_)))
    else {
        return Vec::new();
    };
    if tokens[first_stage..]
        .iter()
        .any(|t| names_a_kep_or_gate(text, t))
    {
        return Vec::new();
    }
    // The settled word too: its own release is in the history when the mention's release is a
    // later one (a default stated for the article's release).
    let mut out: Vec<Dated> = Vec::new();
    for d in &f.dated {
        if Some(d.release) != settled && !out.iter().any(|o| o.release == d.release) {
            out.push(*d);
        }
    }
    out.sort();
    out
}

/// The bracketed aside holding byte `at` says only when stages were reached, each piece between
/// its commas an [`is_a_bare_dated_stage`] (`（1.30 で GA）`, `（1.26 でアルファ、1.30 で GA）`), no
/// subject of its own (`（親機能は 1.33 でベータ）`, `（前身の VAP は 1.30 で GA）`).
fn only_dates_a_stage(view: &BlockView, at: usize) -> bool {
    let aside = aside_around(view.text(), view.sentence_at(at), at);
    only_dated_stages(view, aside)
}

/// `range` of the block's text is dated stages and nothing more (`1.26 でアルファ、1.30 で GA`):
/// each of its comma-parted pieces [`is_a_bare_dated_stage`].
fn only_dated_stages(view: &BlockView, range: Range<usize>) -> bool {
    let text = view.text();
    let mut start = range.start;
    text[range].split_inclusive(['、', ',']).all(|piece| {
        let end = start + piece.trim_end_matches(['、', ',']).len();
        let bare = is_a_bare_dated_stage(text, &view.tokens, start, end).is_some();
        start += piece.len();
        bare
    })
}

/// `` - `CSINodeExpandSecret`: v1.29でGA ``, `` - `X` — v1.28 でベータ、v1.30 で GA ``: a list item
/// that is the name, a colon or a dash, and a note of dated stages (the stage at `at` among
/// them) says in its note what an aside would (`` - `X`（v1.29 で GA） ``).
fn in_an_items_note(view: &BlockView, mention: &Range<usize>, at: usize) -> bool {
    if view.block.kind != BlockKind::ListItem || at < mention.end {
        return false;
    }
    let text = view.text();
    let sentence = view.sentence_at(at);
    let name_first = text[sentence.start..mention.start]
        .trim_matches(|c: char| c == '`' || c == '*' || c.is_whitespace())
        .is_empty();
    let after_name = &text[mention.end..sentence.end];
    let marks = after_name.trim_start_matches(['`', '*', ' ']);
    let Some(note) = marks.strip_prefix([':', '：', '-', '–', '—']) else {
        return false;
    };
    let note = note.trim_start();
    let start = sentence.end - note.len();
    let end = start + note.trim_end_matches(['。', '.', ' ', '\n']).len();
    name_first && start <= at && only_dated_stages(view, start..end)
}

/// Byte `at` of the block's text stands in a bracketed aside of its sentence.
fn in_an_aside(view: &BlockView, at: usize) -> bool {
    let sentence = view.sentence_at(at);
    aside_around(view.text(), sentence.clone(), at) != sentence
}

/// `フィールドは 1.30 で GA（\`AppArmor\` ゲートは 1.31 で GA）`: a mention that is the subject
/// of a bracketed aside after the sentence's statement, the aside saying its stage and no more,
/// has the aside's stage and release, not the sentence's. A name the aside only gives
/// (`（\`SidecarContainers\`、v1.29 からベータ）`) or a history it tells keeps the sentence's.
fn own_aside(view: &BlockView, mention: &Range<usize>, f: SentenceFacts) -> SentenceFacts {
    let text = view.text();
    let sentence = view.sentence_at(mention.start);
    let aside = aside_around(text, sentence.clone(), mention.start);
    if aside == sentence {
        return f;
    }
    // The statement comes first and the aside comments on it: `…で GA（…）`, not `X（…）が GA に`.
    if f.stage_at.is_none_or(|at| at > aside.start) {
        return f;
    }
    static SUBJECT_THEN_WHEN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"^\s*(?:(?:フィーチャー|機能)?ゲート)?\s*(?:は|が)\s*(?:v?1\.[0-9]{1,2}\s*(?:で|では|に)?\s*)?$",
        )
        .unwrap()
    });
    let said = SentenceFacts::of(view, aside.clone());
    match said.stage_at {
        // `（\`AppArmor\` ゲートは 1.31 で GA）`: the name, its particle, at most a release, the
        // stage; not a history (`だった`, `された`) or anything longer.
        Some(at)
            if at > mention.end
                && SUBJECT_THEN_WHEN.is_match(&text[mention.end..at])
                && !["だった", "でした", "された", "もの"]
                    .iter()
                    .any(|w| text[at..aside.end].contains(w)) =>
        {
            said
        }
        _ => f,
    }
}

/// `KEP-4639 はベータに昇格しましたが、KEP-3157 はマイルストーンから外れました`, `KEP-3157 was
/// deferred, but KEP-4639 graduated to beta`: in a sentence that tells of a postponement, each
/// subject's stretch ([`subject_stretch`]) states its own subject's stage, so the postponement
/// cancels only its own subject's stage words and a stage stated after it is another subject's.
/// A sentence without one is read whole (its subjects' clauses are [`own_clause`]'s). Also gives
/// whether the facts are of a stretch narrower than the sentence.
fn own_subject(view: &BlockView, mention: &Range<usize>) -> (SentenceFacts, bool) {
    let whole = view.sentence_facts(mention.start);
    let sentence = view.sentence_at(mention.start);
    if !tells_a_negation(view, &sentence) {
        return (whole, false);
    }
    let stretch = subject_stretch(view, &sentence, mention.start);
    if stretch == sentence {
        return (whole, false);
    }
    (SentenceFacts::of(view, stretch), true)
}

/// Sentence `sentence` of `view` tells a postponement, revert or withdrawal (a scanner's
/// [`TokenKind::Negation`] not muted).
fn tells_a_negation(view: &BlockView, sentence: &Range<usize>) -> bool {
    let first = view
        .tokens
        .partition_point(|t| t.range.start < sentence.start);
    view.tokens_in(sentence)
        .iter()
        .zip(&view.muted()[first..])
        .any(|(t, &muted)| !muted && t.kind == TokenKind::Negation)
}

/// The stretch of `sentence` about the subject at offset `at`: the sentence is cut before each
/// later name that opens a clause as its subject ([`opens_a_subject`]), once the stretch before
/// it has said something of its own subject (a stage or a postponement after a name, not muted:
/// `v1.32 でベータに昇格するはずだった KEP-4639、KEP-3157 は…` is one list of subjects). So a
/// list of names (`` `A`、`B` はベータ ``) shares the predicate after it.
fn subject_stretch(view: &BlockView, sentence: &Range<usize>, at: usize) -> Range<usize> {
    let text = view.text();
    let first = view
        .tokens
        .partition_point(|t| t.range.start < sentence.start);
    let muted = &view.muted()[first..];
    let mut start = sentence.start;
    let (mut named, mut stated) = (false, false);
    for (t, &mute) in view.tokens_in(sentence).iter().zip(muted) {
        let entity = names_a_kep_or_gate(text, t);
        if stated
            && entity
            && let Some(cut) = opens_a_subject(text, start, t.range.start, sentence.end)
        {
            if cut > at {
                return start..cut;
            }
            start = cut;
            (named, stated) = (false, false);
        }
        // A stage in brackets is an aside (`KEP-4639 (beta) and KEP-3157 were both deferred`).
        let aside = {
            let before = &text[start..t.range.start];
            before.matches(['(', '（']).count() > before.matches([')', '）']).count()
        };
        if named
            && !mute
            && !aside
            && matches!(t.kind, TokenKind::StageWord(_) | TokenKind::Negation)
        {
            stated = true;
        }
        named |= entity;
    }
    start..sentence.end
}

/// Where the clause opened by the name at `name_at` begins, when the name opens it as its
/// subject: right after a clause break (`、`, `,`, `;`) or at an English contrast or list word
/// (`but`, `while`), with only markup, spaces and a connective (`一方`, `しかし`) between, the
/// clause before ending as a predicate does (not in a particle: `KEP-4639 のベータ昇格は、`). In
/// Japanese the name's own particle says it is the subject (`` 、`B` は延期 ``, `、KEP-3157 が`;
/// not `` 、`B` との競合で ``); in English the name is followed by its verb (`KEP-3157 was
/// deferred`), and a bare `and` cuts only so (it joins names as often: `graduation of KEP-4639
/// and KEP-3157 was deferred` has its stage before the names).
fn opens_a_subject(text: &str, from: usize, name_at: usize, end: usize) -> Option<usize> {
    const JA_CONNECTIVES: [&str; 6] = ["一方で", "一方", "しかし", "他方", "また", "なお"];
    const EN_CONNECTIVES: [&str; 6] = ["but", "while", "whereas", "and", "however", "though"];
    let lead = text[from..name_at]
        .trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '`' | '[' | '*' | '「'));
    let lead = JA_CONNECTIVES
        .iter()
        .find_map(|w| lead.strip_suffix(w))
        .map_or(lead, |l| l.trim_end_matches(' '));
    let english = EN_CONNECTIVES.iter().find_map(|w| {
        let l = lead.strip_suffix(w)?;
        (l.ends_with(' ') || l.ends_with(CLAUSE_BREAKS)).then_some(l)
    });
    let (cut, before) = match english {
        Some(l) => (from + l.len(), l),
        None if lead.ends_with(CLAUSE_BREAKS) => (from + lead.len(), lead),
        None => return None,
    };
    let before = before.trim_end().trim_end_matches(CLAUSE_BREAKS).trim_end();
    if before.ends_with(['は', 'も', 'の', 'を', 'と', 'や']) {
        return None;
    }
    let after = name_end_rest(&text[name_at..end]);
    let japanese = after
        .chars()
        .take(8)
        .any(crate::text::japanese::is_kana_or_kanji);
    let subject = if japanese {
        after.starts_with(['は', 'が', 'も'])
    } else {
        ENGLISH_VERB.find(after).is_some_and(|m| m.start() == 0)
    };
    subject.then_some(cut)
}

/// What follows a name at the start of `text`: past the name's own characters, its code span's
/// backtick, a link's bracket, a gate word (`ゲート`) and spaces.
fn name_end_rest(text: &str) -> &str {
    let rest = text.trim_start_matches(|c: char| {
        c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '`' | ']' | '#')
    });
    let rest = GATE_WORDS
        .iter()
        .find_map(|w| rest.trim_start().strip_prefix(w))
        .unwrap_or(rest);
    rest.trim_start()
}

/// Where a clause ends: the sentence's enumerations and contrasts are cut at these.
const CLAUSE_BREAKS: [char; 5] = ['、', '，', ',', ';', '；'];

/// `` `DRAPrioritizedList`と`DRAAdminAccess`がベータへ、`DRAResourceClaimDeviceStatus`はアルファで追加されます ``:
/// when the stage word a sentence settles on stands in a clause before the mention's, and the
/// mention's own clause states a stage, that clause's stage is the mention's. So it is when the
/// stage word stands in a later clause with a subject of its own (`` `A` はベータ、`B` はアルファ ``
/// is beta for A). A stage word in a later clause of the same subject is left to the sentence
/// (`` `X`はv1.28でアルファ、v1.33でGA `` is GA in 1.33).
fn own_clause(view: &BlockView, mention: &Range<usize>, f: SentenceFacts) -> SentenceFacts {
    let Some(settled_at) = f.stage_at else {
        return own_clause_before_a_denial(view, mention, f);
    };
    let text = view.text();
    let Range { start, end } = mention_clause(view, mention);
    // `` `A` β、`B` α ``: a later clause opening with another name is about that name.
    let opens_with_name = || {
        view.tokens
            .iter()
            .find(|t| t.range.start > end)
            .is_some_and(|t| {
                t.range.start < settled_at
                    && text[end..t.range.start]
                        .chars()
                        .all(|c| c.is_whitespace() || CLAUSE_BREAKS.contains(&c))
                    && names_a_kep_or_gate(text, t)
            })
    };
    // `、1.30でのベータ昇格は見送られ、1.32でベータに`: a promotion as the subject is the mention's.
    let later = &text[end.min(settled_at)..settled_at];
    // `、今回はベータのまま`: a time as the topic, not another subject.
    let later = later.trim_start_matches(|c: char| c.is_whitespace() || CLAUSE_BREAKS.contains(&c));
    let later = ["今回は", "今回も"]
        .iter()
        .find_map(|w| later.strip_prefix(w))
        .unwrap_or(later);
    // `` `A` がアルファとして追加されたのに対し、v1.34 でベータに昇格した `B` は… ``: a clause set
    // against the next is about another subject, whatever the next opens with.
    let set_against = CONTRASTED_BY
        .iter()
        .any(|w| text[start..end].trim_end().ends_with(w));
    let later_subject = settled_at >= end
        && ((has_a_subject(later) && !PROMOTION_WORDS.iter().any(|w| later.contains(w)))
            || opens_with_name()
            || set_against);
    if settled_at >= start && !later_subject {
        return f;
    }
    stated_in_clause(sentence_facts(view, start..end), f)
}

/// How a clause ends when it is set against the next (`…のに対し、`, `…一方で、`).
const CONTRASTED_BY: [&str; 4] = ["のに対し", "のに対して", "一方", "一方で"];

/// What a clause `said` on its own, in place of the sentence's `f`; `f` when it states no stage.
fn stated_in_clause(said: Said, f: SentenceFacts) -> SentenceFacts {
    match said.stage {
        Some(stage) => SentenceFacts {
            stage: Some(stage),
            stage_at: said.stage_at,
            release: said.release,
            ..f
        },
        None => f,
    }
}

/// `KEP-753 は GA になりましたが、KEP-1287 のベータ昇格は見送られました`: a denial (見送, 断念, revert)
/// cancels every stage before it in its sentence, but one in a later clause with a subject of
/// its own (`、KEP-1287 のベータ昇格は`, `、1.32 での GA は`, `、デフォルト有効化は`) denies that subject,
/// not the mention's clause, which then states the mention's stage. No other subject
/// (`、その後リバートされました`) or one pointing back (`、その GA は撤回されました`): still none.
fn own_clause_before_a_denial(
    view: &BlockView,
    mention: &Range<usize>,
    f: SentenceFacts,
) -> SentenceFacts {
    if f.stage.is_some() {
        return f;
    }
    let text = view.text();
    let clause = mention_clause(view, mention);
    let sentence = view.sentence_at(mention.start);
    let after = clause.end..sentence.end;
    let Some(denial) = view
        .tokens_in(&after)
        .iter()
        .find(|t| t.kind == TokenKind::Negation)
    else {
        return f;
    };
    let before_denial = clause.end..denial.range.start;
    let later = text[before_denial.clone()]
        .trim_start_matches(|c: char| c.is_whitespace() || CLAUSE_BREAKS.contains(&c));
    // The mention's clause ends in a predicate joined to the next (`なりましたが、`, `なり、`,
    // `昇格し、`), not in its topic (`KEP-4639 の GA は、…ため延期されました`).
    let own = text[clause.clone()].trim_end();
    let ends_a_predicate = CONTRAST_ENDINGS.iter().any(|w| own.ends_with(w))
        || ["なり", "し", "て"].iter().any(|w| own.ends_with(w));
    // (`、弊社では導入を見送りました`: the writer's own choice is a subject of its own.)
    const WRITERS: [&str; 8] = [
        "弊社",
        "当社",
        "自社",
        "社内",
        "我々",
        "うち",
        "チーム",
        "私",
    ];
    let the_writer = WRITERS.iter().any(|w| later.starts_with(w));
    if !ends_a_predicate || !(has_a_subject(later) || the_writer) {
        return f;
    }
    // What the later clause denies is something else: another KEP or gate, another stage than the
    // clause's (`ベータになりましたが、GA への昇格は見送られました`), a default, or the readers'
    // own adoption (`私たちのチームは導入を見送りました`). A promotion, PR or commit with no stage of
    // its own (`、昇格 PR はリバートされました`), the same stage (`、GA を撤回しました`), one pointing
    // back (`、後にこの昇格は`) or a cause told first (`、問題が見つかり、`, `…ので`) is the mention's.
    let own_said = sentence_facts(view, clause);
    let own_stage = own_said.stage;
    let denied = view.tokens_in(&before_denial);
    let another = denied.iter().any(|t| match t.kind {
        TokenKind::StageWord(s) => Some(s) != own_stage,
        TokenKind::Default(_) => true,
        _ => names_a_kep_or_gate(text, t),
    }) || ["導入を", "採用を", "利用を", "サポート", "対応は"]
        .iter()
        .any(|w| later.contains(w));
    let points_back = ["その", "この", "それ", "これ", "同"]
        .iter()
        .any(|w| later.contains(w));
    let gives_a_cause = [
        "ため",
        "ので",
        "から",
        "によ",
        "で、",
        "見つか",
        "報告さ",
        "通らず",
        "なり、",
        "あり、",
    ]
    .iter()
    .any(|w| later.contains(w));
    if !another || points_back || gives_a_cause {
        return f;
    }
    stated_in_clause(own_said, f)
}

/// How a clause that states something ends when a contrast follows (`なりましたが、`, `けれど、`,
/// `していませんが`).
const CONTRAST_ENDINGS: [&str; 9] = [
    "たが",
    "だが",
    "すが",
    "せんが",
    "るが",
    "けど",
    "けれど",
    "けれども",
    "ものの",
];

/// `` `A` は GA に昇格し、次は `B` のベータが楽しみです ``: the stage the sentence settles on at
/// `at` stands in a clause before the mention's, and the mention's clause speaks of the mention's stage as a
/// hope, a plan or a question (a stage word it holds is muted): the other clause's stage is not
/// lent to it.
fn lent_over_a_muted_stage(view: &BlockView, mention: &Range<usize>, at: usize) -> bool {
    let clause = mention_clause(view, mention);
    let text = view.text();
    let sentence = view.sentence_at(mention.start);
    // The earlier clauses are another subject's (`` `A` は GA に昇格し、 ``), not the mention's
    // own (`v1.33 でベータに昇格し、\`X\` は今後 GA を目指します`).
    let earlier = sentence.start..clause.start;
    let other_subject = has_a_subject(&text[earlier.clone()])
        || view
            .tokens_in(&earlier)
            .iter()
            .any(|t| names_a_kep_or_gate(text, t));
    at < clause.start && other_subject && states_a_muted_stage(view, &clause)
}

/// `` `InPlacePodVerticalScaling` との組み合わせはまだ alpha 扱い ``: the stage at `at` is of what
/// the name is combined with, said right after it (`との組み合わせ`, `との併用`), not the name's.
fn paired_with_another(view: &BlockView, mention: &Range<usize>, at: usize) -> bool {
    let text = view.text();
    at > mention.end && {
        let after = text[mention.end..at].trim_start_matches(['`', ' ']);
        ["との組み合わせ", "との併用", "と組み合わせ", "と併用"]
            .iter()
            .any(|w| after.starts_with(w))
    }
}

/// The clause of its sentence `mention` stands in (cut at [`CLAUSE_BREAKS`]).
fn mention_clause(view: &BlockView, mention: &Range<usize>) -> Range<usize> {
    let text = view.text();
    let sentence = view.sentence_at(mention.start);
    let start = clause_start(text, sentence.start, mention.start);
    let end = text[mention.end..sentence.end]
        .find(CLAUSE_BREAKS)
        .map_or(sentence.end, |i| mention.end + i);
    start..end
}

/// Whether `clause` holds a stage word that a plan, a hope or a question muted.
fn states_a_muted_stage(view: &BlockView, clause: &Range<usize>) -> bool {
    let muted = view.muted();
    let first = view
        .tokens
        .partition_point(|t| t.range.start < clause.start);
    view.tokens[first..]
        .iter()
        .zip(&muted[first..])
        .take_while(|(t, _)| t.range.start < clause.end)
        .any(|(t, &m)| m && matches!(t.kind, TokenKind::StageWord(_) | TokenKind::ApiVersion(_)))
}

/// `` `X`は1.33でベータになる予定で、`--feature-gates`での設定は非推奨です ``: the deprecation at
/// `stage_at` stands in a later clause whose subject is a way of setting something (a flag, a
/// field, an option), not the mention. (Its removal: [`removes_a_setting`].)
fn deprecates_a_setting(view: &BlockView, mention: &Range<usize>, stage_at: usize) -> bool {
    let text = view.text();
    let sentence = view.sentence_at(mention.start);
    if !sentence.contains(&stage_at) || stage_at <= mention.end {
        return false;
    }
    let start = clause_start(text, mention.end, stage_at);
    let later = &text[start..stage_at];
    start > mention.end && has_a_subject(later) && SETTING_WORDS.iter().any(|w| later.contains(w))
}

/// `` 開発環境の `SidecarContainers=true` を削除済み ``, `` `X` の設定を削除しました ``: the removal at
/// `stage_at` is of the mention's setting (the name written with its value, or a setting
/// word before the object marker), which someone took out of a configuration, not of the
/// feature.
fn removes_a_setting(view: &BlockView, mention: &Range<usize>, stage_at: usize) -> bool {
    let text = view.text();
    if stage_at <= mention.end || !view.sentence_at(mention.start).contains(&stage_at) {
        return false;
    }
    let with_value = text[mention.end..].starts_with(['=', ':']);
    let between = &text[mention.end..stage_at];
    // `kubelet の設定から \`X\` を削除しました`, `` `X` を設定から削除しました ``: taken out of
    // something named as its source (not a release's: `1.32 から`).
    let source = |before: &str| {
        before
            .strip_suffix("から")
            .is_some_and(|b| !b.trim_end().ends_with(|c: char| c.is_ascii_digit()))
    };
    let from_a_source = (source(text[..mention.start].trim_end_matches([' ', '`']))
        && between.trim_end().ends_with('を'))
        || (between.trim_start_matches([' ', '`']).starts_with('を') && source(between.trim_end()));
    // (The object of the removal word itself: not `の指定を外す（GA 後 1.32 で削除）`.)
    !between.contains(['(', '（', '、', '。'])
        && (from_a_source
            || (between.trim_end().ends_with('を')
                && (with_value || SETTING_WORDS.iter().any(|w| between.contains(w)))))
}

/// Words naming a setting, a field or an annotation: its deprecation is its own, not the
/// feature's ([`deprecates_a_setting`], [`block_stage`]).
const SETTING_WORDS: [&str; 14] = [
    "設定",
    "フラグ",
    "オプション",
    "フィールド",
    "指定",
    "アノテーション",
    "field",
    "fields",
    "flag",
    "flags",
    "option",
    "options",
    "annotation",
    "annotations",
];

/// `### サイドカーコンテナ（KEP-753）`, `` ### `SidecarContainers` の歩み ``: a block that names one KEP
/// or gate, whatever else it says.
fn names_one(view: &BlockView) -> bool {
    let text = view.text();
    view.tokens
        .iter()
        .filter(|t| names_a_kep_or_gate(text, t))
        .count()
        == 1
}

/// `` `SidecarContainers` ``, `ImageVolume`: a block whose text is one gate-shaped name (in a
/// code span or not) and nothing else.
pub(super) fn is_only_a_name(view: &BlockView) -> bool {
    let text = view.text();
    let mut names = view
        .tokens
        .iter()
        .filter(|t| t.kind != TokenKind::SentenceEnd);
    match (names.next(), names.next()) {
        (Some(t), None) => {
            names_a_kep_or_gate(text, t)
                && text[..t.range.start].trim_matches(['`', ' ']).is_empty()
                && text[t.range.end..].trim_matches(['`', ' ']).is_empty()
        }
        _ => false,
    }
}

/// `…1.29 でベータになり、今回はベータのまま…`: the clause of the stage word at `at` opens with
/// `今回` (this time: the article's release), after an earlier clause of the sentence.
fn clause_opens_with_this_release(text: &str, sentence_start: usize, at: usize) -> bool {
    let start = clause_start(text, sentence_start, at);
    start > sentence_start
        && ["今回は", "今回も", "今回で", "今回、"]
            .iter()
            .any(|w| text[start..at].trim_start().starts_with(w))
}

/// Where the clause holding offset `at` starts: after the last clause break between `from` (a
/// sentence's start) and `at`, else at `from`.
fn clause_start(text: &str, from: usize, at: usize) -> usize {
    text[from..at].rfind(CLAUSE_BREAKS).map_or(from, |i| {
        let at = from + i;
        at + text[at..].chars().next().map_or(1, char::len_utf8)
    })
}

/// Where the clause a plan word ends begins: at the last clause break or arrow before it, but across
/// the `と、` / `や、` of a list of stages the plan is about (`` `A` の GA と、`B` の GA が楽しみです ``
/// is a hope for both; `…を考えると、` is no list).
fn plan_clause_start(
    text: &str,
    tokens: &[super::scan::Token],
    now: Option<Release>,
    from: usize,
    at: usize,
) -> usize {
    let mut end = at;
    loop {
        // (`1.31 alpha → 1.33 beta → GA は未定`: each step of a chain is a clause of its own.)
        let arrow = super::scan::ARROWS
            .iter()
            .filter_map(|a| text[from..end].rfind(a))
            .max();
        // (`has been beta since v1.30 and is planned to reach GA`: `and` after a clause with a
        // verb of its own joins a second predicate.)
        let and = text[from..end]
            .rfind(" and ")
            .filter(|&a| ENGLISH_VERB.is_match(&text[from..from + a]));
        let Some(p) = text[from..end].rfind(CLAUSE_BREAKS).max(arrow).max(and) else {
            return from;
        };
        let p = from + p;
        let before = text[from..p].trim_end();
        let listed = before.strip_suffix(['と', 'や']).is_some_and(|b| {
            super::scan::follows_a_stage(text, tokens, from + b.trim_end().len(), false)
        });
        let planned_too = is_a_bare_dated_stage(text, tokens, clause_start(text, from, p), p)
            .zip(now)
            .is_some_and(|(dated, now)| dated > now);
        if !listed && !planned_too && !continues_into_the_plan(text, tokens, now, from, p, at) {
            return p;
        }
        end = p;
    }
}

/// An English clause's finite verb (`was`, `has`, `graduated`, `will`): what makes a name before
/// it a subject ([`opens_a_subject`]), and `… and …` two predicates rather than two names.
static ENGLISH_VERB: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"(?i)\b(?:was|were|is|are|has|have|had|will|won't|did|does|didn't|doesn't|remains?|remained|stays?|stayed|graduat\w*|mov\w*|reach\w*|got|gets|became|becomes|goes|went|slipped|missed|promoted)\b").unwrap()
});

/// `ベータに昇格し、デフォルトで有効になる見込みです`: a clause ending in a verb's continuative form
/// (`昇格し、`, `導入され、`, `なり、`) takes its tense from the sentence's last predicate, so a
/// promotion there is planned with it. Not when the plan's clause (`p..at`) has a release or a
/// stage of its own or opens another time (`今後`, `将来`, `次のリリースで`: `ベータに昇格し、今後さら
/// に改善される予定です`), plans what someone does rather than what the feature becomes (`社内でも
/// 検証する予定です`), nor for a deprecation or removal (`非推奨となり、将来削除される予定です` tells
/// the deprecation as done), nor when the earlier clause dates its stage before the article's
/// release.
fn continues_into_the_plan(
    text: &str,
    tokens: &[super::scan::Token],
    now: Option<Release>,
    from: usize,
    p: usize,
    at: usize,
) -> bool {
    const CONTINUATIVE: [char; 4] = ['し', 'れ', 'り', 'て'];
    const ANOTHER_TIME: [&str; 8] = [
        "今後",
        "将来",
        "次",
        "いずれ",
        "ゆくゆく",
        "さらに",
        "引き続き",
        "来月",
    ];
    // What the feature becomes (`デフォルトで有効になる`, `利用できるようになる`), not what someone
    // does with it (`社内でも検証を始める予定`, `フィードバックを集めることを目指しています`).
    const BECOMES: [&str; 6] = ["有効", "無効", "なる", "される", "られる", "できるよう"];
    let before = text[from..p].trim_end();
    if !before.ends_with(CONTINUATIVE) {
        return false;
    }
    // The plan's clause through its plan word (`次のリリースで` is one).
    let clause = &text[p..text[at..]
        .find(['。', '、', '\n'])
        .map_or(text.len(), |e| at + e)];
    if ANOTHER_TIME.iter().any(|w| clause.contains(w))
        || !BECOMES.iter().any(|w| clause.contains(w))
        || names_a_removal(clause)
    {
        return false;
    }
    let inside = |r: Range<usize>| {
        tokens
            .iter()
            .filter(move |t| t.range.start >= r.start && t.range.end <= r.end)
    };
    let plan_has_its_own = inside(p..at).any(|t| {
        matches!(
            t.kind,
            TokenKind::Release(_) | TokenKind::StageWord(_) | TokenKind::ApiVersion(_)
        )
    });
    if plan_has_its_own {
        return false;
    }
    let earlier = clause_start(text, from, p)..p;
    let promotes = inside(earlier.clone()).any(|t| {
        matches!(
            t.kind,
            TokenKind::StageWord(Stage::Alpha | Stage::Beta | Stage::Stable)
        )
    });
    let dated_before = inside(earlier)
        .any(|t| matches!(t.kind, TokenKind::Release(r) if now.is_some_and(|now| r < now)));
    promotes && !dated_before
}

/// `1.33 でベータ、` before `1.35 で GA を目指しています`, `（1.31 で GA 済み）`: the clause or aside
/// `start..end` is only a release and a stage (no verb, no subject), one of a list of dated stages
/// a plan after it may be about (when that release is still to come: the release, returned), or an
/// aside that only dates its name's stage.
fn is_a_bare_dated_stage(
    text: &str,
    tokens: &[super::scan::Token],
    start: usize,
    end: usize,
) -> Option<Release> {
    let first = tokens.partition_point(|t| t.range.start < start);
    let inside = &tokens[first..first + tokens[first..].partition_point(|t| t.range.end <= end)];
    // (`1.27 からずっとベータでした`: how long it was so between them, told as the past.)
    let (release, stage, how_long) = match inside {
        [release, stage] => (release, stage, false),
        [release, long, stage]
            if long.kind == TokenKind::Past && is_how_long(&text[long.range.clone()]) =>
        {
            (release, stage, true)
        }
        _ => return None,
    };
    let TokenKind::Release(r) = release.kind else {
        return None;
    };
    let between = if how_long {
        text[release.range.end..inside[1].range.start].trim()
    } else {
        text[release.range.end..stage.range.start].trim()
    };
    let after = text[stage.range.end..end].trim();
    (matches!(stage.kind, TokenKind::StageWord(_))
        && text[start..release.range.start].trim().is_empty()
        && ["で", "に", "では", "での", "には", "から", "以降"].contains(&between)
        && (if how_long {
            between == "から" && matches!(after, "でした" | "だった")
        } else {
            [
                "",
                "へ",
                "昇格",
                "化",
                "に",
                "へ昇格",
                "に昇格",
                "済み",
                "済",
            ]
            .contains(&after)
        }))
    .then_some(r)
}

/// The words of a removal the scanner makes no stage word of when planned (`削除予定`,
/// `v1.36 で削除される予定`, `（v1.36 で廃止予定）`): what a plan after them is about.
fn names_a_removal(s: &str) -> bool {
    ["削除", "廃止"].iter().any(|w| s.contains(w))
}

/// Where a plan's own clause begins after a stage joined to it without a comma: a stage word,
/// a connective and a release, then the planned change (`非推奨で 1.36 で削除予定`, `非推奨になり
/// v1.36 で削除される予定`, `ベータで v1.34 で GA 予定`). The stage before is what the release did;
/// only the change after the release is planned. Without a change of its own after the release
/// (`アルファで v1.34 に追加される予定`), or when the stage before is itself dated after the article's
/// release (`1.34 でベータになり 1.35 で GA になる予定` in a 1.33 article), the whole clause is
/// the plan.
fn stage_connective_end(
    text: &str,
    tokens: &[super::scan::Token],
    now: Option<Release>,
    from: usize,
    at: usize,
) -> Option<usize> {
    const CONNECTIVES: [&str; 6] = ["であり", "になって", "となって", "になり", "となり", "で"];
    let first = tokens.partition_point(|u| u.range.start < from);
    let within = || tokens[first..].iter().take_while(|u| u.range.start < at);
    within()
        .enumerate()
        .filter(|(_, u)| matches!(u.kind, TokenKind::StageWord(_) | TokenKind::Default(_)))
        .filter(|&(k, _)| {
            let dated = release_next_to(text, tokens, first + k);
            dated.is_none_or(|r| now.is_none_or(|now| r <= now))
        })
        .filter_map(|(_, u)| {
            let rest = text[u.range.end..at].trim_start();
            let joined = CONNECTIVES.iter().find_map(|c| rest.strip_prefix(c))?;
            let release_at = at - joined.trim_start().len();
            let release = within().find(|r| r.range.start == release_at)?;
            if !matches!(release.kind, TokenKind::Release(_)) {
                return None;
            }
            let planned = within().any(|p| {
                p.range.start > release.range.end && matches!(p.kind, TokenKind::StageWord(_))
            }) || names_a_removal(&text[release.range.end..at]);
            planned.then_some(release_at)
        })
        .last()
}

/// Whether a stretch of a sentence holds a subject of its own: a noun, not a kana particle's
/// end, before `は` or `が` (`` 、`B` はアルファ ``, `、kubelet の設定は非推奨`; not `、v1.33でGA`).
/// `ゲートは`, `ゲート自体が`, `このゲートは` point back at the gate just named (`` `X` は 1.29 で
/// GA になり、ゲートは 1.33 で削除 ``): the same subject, not one of its own; `1.27 以降は`,
/// `1.30 の時点では`, `現在は` are a time, not a subject.
pub(super) fn has_a_subject(text: &str) -> bool {
    text.char_indices().any(|(k, c)| {
        let before = text[..k].trim_end();
        matches!(c, 'は' | 'が')
            && before.chars().next_back().is_some_and(|p| {
                !crate::text::japanese::is_hiragana(p) && !CLAUSE_BREAKS.contains(&p)
            })
            && !names_the_gate_again(before)
            && !TIMES.iter().any(|w| before.ends_with(w))
            && !ends_with_a_release(before)
    })
}

/// `1.32 は`, `v1.33 は`: a release before `は` says when, as [`TIMES`] do.
fn ends_with_a_release(before: &str) -> bool {
    let number = before.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    let written = &before[number.len()..];
    written.starts_with("1.")
        && written.len() > 2
        && !number.ends_with(|c: char| c.is_ascii_alphanumeric() && c != 'v')
}

/// Words before `は` that say when, not who (see [`has_a_subject`]).
const TIMES: [&str; 4] = ["以降", "以後", "時点", "現在"];

/// `、ゲートは`, `、1.32 ではゲート自体が`, `、このゲートは`: the clause's subject is the gate itself,
/// nothing more (`他のゲートは`, `古い KMSv1 のゲートは` are other gates).
fn names_the_gate_again(before: &str) -> bool {
    static AGAIN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^\s*(?:v?1\.[0-9]{1,2}\s*(?:では|で|には)?\s*)?(?:この|その|同|当該)?(?:フィーチャー|機能)?ゲート(?:自体|自身|そのもの)?$").unwrap()
    });
    // Only the clause's own words (after its break), so the check reads a few characters, not
    // the whole text before every `は`.
    let clause = before
        .rsplit(|c: char| CLAUSE_BREAKS.contains(&c) || c == '→')
        .next()
        .unwrap_or(before);
    AGAIN.is_match(&clause[super::note_mark_len(clause)..])
}

/// A KEP or gate a mention names, as the rules that compare mentions read it.
#[derive(PartialEq)]
enum Entity<'m> {
    Kep(u32),
    Gate(&'m str),
}

impl Entity<'_> {
    /// The KEP it is: itself, or the one the registry says introduced the gate.
    fn kep(&self, registry: &Registry) -> Option<u32> {
        match self {
            Entity::Kep(n) => Some(*n),
            Entity::Gate(g) => registry.gate(g).and_then(|g| g.kep).map(|k| k.0),
        }
    }

    /// The same entity, or one change with it: a gate and the KEP that introduced it.
    /// (Two gates of one KEP are two switches, `WatchList` and `WatchListClient`: not tied.)
    fn is_tied_to(&self, other: &Entity, registry: &Registry) -> bool {
        self == other
            || (!matches!((self, other), (Entity::Gate(_), Entity::Gate(_)))
                && self
                    .kep(registry)
                    .is_some_and(|k| other.kep(registry) == Some(k)))
    }
}

/// A KEP or gate mention as the passes that settle stages after the whole article is read see
/// it: what it names, where, and what it states.
trait Staged {
    fn entity(&self) -> Entity<'_>;
    fn block(&self) -> usize;
    /// Its range and its sentence's, in the block's original text.
    fn at(&self) -> (&Range<usize>, &Range<usize>);
    fn stage(&self) -> Option<Stage>;
    /// The release its stage is stated for, when the text names one.
    fn release(&self) -> Option<Release>;
    /// The stage is its own sentence's: neither inherited nor borrowed.
    fn states_own(&self) -> bool;
    /// Its section says the change did not happen.
    fn deferred(&self) -> bool;
    fn borrowed(&self) -> Option<&Borrowed>;
    /// Said in passing (`GateMention::passing`): no list, section or nested item lends it a
    /// stage.
    fn passing(&self) -> bool;
    /// Sets what it states: the stage, its release, whether inherited; a borrowed stage is
    /// settled so.
    fn set(&mut self, stated: Option<Stated>, inherited: bool);
}

macro_rules! staged {
    ($ty:ty, |$m:ident| $entity:expr, deferred) => {
        staged!(@impl $ty, |$m| $entity, |m| m.deferred, |_m| false);
    };
    ($ty:ty, |$m:ident| $entity:expr, passing) => {
        staged!(@impl $ty, |$m| $entity, |_m| false, |m| m.passing);
    };
    (@impl $ty:ty, |$m:ident| $entity:expr, |$d:ident| $deferred:expr, |$p:ident| $passing:expr) => {
        impl Staged for $ty {
            fn entity(&self) -> Entity<'_> {
                let $m = self;
                $entity
            }
            fn block(&self) -> usize {
                self.block
            }
            fn at(&self) -> (&Range<usize>, &Range<usize>) {
                (&self.range, &self.sentence)
            }
            fn stage(&self) -> Option<Stage> {
                self.stage
            }
            fn release(&self) -> Option<Release> {
                self.stage_release
            }
            fn states_own(&self) -> bool {
                !self.inherited && self.borrowed.is_none()
            }
            fn deferred(&self) -> bool {
                let $d = self;
                $deferred
            }
            fn borrowed(&self) -> Option<&Borrowed> {
                self.borrowed.as_ref()
            }
            fn passing(&self) -> bool {
                let $p = self;
                $passing
            }
            fn set(&mut self, stated: Option<Stated>, inherited: bool) {
                self.stage = stated.map(|s| s.stage);
                self.stage_release = stated.and_then(|s| s.release);
                self.inherited = inherited;
                self.borrowed = None;
            }
        }
    };
}
staged!(super::KepMention, |m| Entity::Kep(m.kep.0), deferred);
staged!(super::GateMention, |m| Entity::Gate(&m.gate.0), passing);

/// Every KEP and gate mention, KEPs first.
fn staged(out: &super::Mentions) -> impl Iterator<Item = &dyn Staged> {
    let keps = out.keps.iter().map(|m| m as &dyn Staged);
    keps.chain(out.gates.iter().map(|m| m as &dyn Staged))
}

/// [`staged`], to change.
fn staged_mut(out: &mut super::Mentions) -> impl Iterator<Item = &mut dyn Staged> {
    let keps = out.keps.iter_mut().map(|m| m as &mut dyn Staged);
    keps.chain(out.gates.iter_mut().map(|m| m as &mut dyn Staged))
}

/// `- KEP-4381 構造化パラメーター` over `  - 1.30 α → 1.32 β`: a KEP or gate named in a list item
/// that states no stage for it takes the one stage its nested items state (read as a sentence
/// is: the article's release's first), when they name no other KEP or gate than one the
/// registry ties to it. Study notes put a feature's history under its name so.
pub(super) fn from_nested_items(views: &Views, out: &mut super::Mentions, registry: &Registry) {
    if !staged(out).any(|m| m.stage().is_none() && !m.deferred()) {
        return;
    }
    let doc = views.doc;
    // The item a block's text belongs to: the item itself, or a loose item's paragraph's.
    let item_of = |b: usize| match doc.blocks[b].kind {
        BlockKind::ListItem => Some(b),
        BlockKind::Paragraph => doc.blocks[b].parent_item,
        _ => None,
    };
    // A loose item's later paragraph (`- KEP-2837 Pod レベルリソース` / blank / `  1.34 でベータに
    // 昇格しました。`): it tells of its own item, as a nested item does of its parent, when it
    // dates the stage or is the stage alone.
    let mut first_paragraph: HashMap<usize, usize> = HashMap::new();
    for (b, block) in doc.blocks.iter().enumerate() {
        if block.kind == BlockKind::Paragraph
            && let Some(item) = block.parent_item
        {
            first_paragraph.entry(item).or_insert(b);
        }
    }
    let continues = |b: usize| {
        let block = &doc.blocks[b];
        block.kind == BlockKind::Paragraph
            && block
                .parent_item
                .is_some_and(|item| first_paragraph.get(&item) != Some(&b))
    };
    // Per parent item: the stages its nested items (and its later paragraphs) state.
    let mut stages: HashMap<usize, Vec<Stated>> = HashMap::new();
    let parent_of = |b: usize| item_of(b).and_then(|i| doc.blocks[i].parent_item);
    let told_of = |b: usize| {
        if continues(b) {
            item_of(b)
        } else {
            parent_of(b)
        }
    };
    for (b, block) in doc.blocks.iter().enumerate() {
        if !matches!(block.kind, BlockKind::ListItem | BlockKind::Paragraph) {
            continue;
        }
        let view = views.get(b);
        if let Some(p) = told_of(b)
            && !tells_of_a_subject_of_its_own(view)
            && let Some(s) = whole_block_stage(view)
                .filter(|s| !continues(b) || s.release.is_some() || is_a_bare_stage(view))
        {
            stages.entry(p).or_default().push(s);
        }
    }
    if stages.is_empty() {
        return;
    }
    // The one stage the nested items of the mention's item state for it; of a history
    // (`v1.32: アルファ`, `v1.33: ベータ`), the article's release's, else the latest before it.
    settle_by_group(
        views,
        out,
        registry,
        told_of,
        item_of,
        Lends::Around,
        |item| {
            let said = stages.get(&item).cloned().unwrap_or_default();
            match said.iter().map(|s| s.release).collect::<Option<Vec<_>>>() {
                Some(_) if said.len() > 1 => said
                    .iter()
                    .filter(|s| views.release.is_none_or(|now| s.release <= Some(now)))
                    .max_by_key(|s| s.release)
                    .into_iter()
                    .copied()
                    .collect(),
                _ => said,
            }
        },
    );
}

/// Words that point back at what the item above names (`この機能は`, `こちらは`).
const POINTING_BACK: [&str; 8] = ["この", "その", "こちら", "これ", "それ", "本", "同", "当該"];

/// Topics of a stage said of the item above (`ステージはベータ`, `デフォルトは無効`).
const STAGE_TOPICS: [&str; 8] = [
    "ステージ",
    "段階",
    "状態",
    "ステータス",
    "デフォルト",
    "既定",
    "初期値",
    "現在",
];

/// The block's first stage word.
fn first_stage_word<'v>(view: &'v BlockView) -> Option<&'v Token> {
    view.tokens
        .iter()
        .find(|t| matches!(t.kind, TokenKind::StageWord(_)))
}

/// `- KEP-1287: VPA の設定を見直す` over `  - VPA の別モードはまだアルファ相当`: a nested block whose
/// stage is said of a subject of its own, named before its first stage word, tells nothing of
/// the item above (`  - この機能は 1.33 でベータ`, `  - ステージはベータ`, `` - `X` は 1.33 でベータ ``
/// do).
fn tells_of_a_subject_of_its_own(view: &BlockView) -> bool {
    let text = view.text();
    let Some(first) = first_stage_word(view) else {
        return false;
    };
    let before = text[..first.range.start].trim_start();
    // (A KEP or gate named as the subject is the item's, or one `settle_by_group` rules out.)
    let names_one = view
        .tokens
        .iter()
        .take_while(|t| t.range.start < first.range.start)
        .any(|t| names_a_kep_or_gate(text, t));
    has_a_subject(before)
        && !names_one
        && !POINTING_BACK.iter().any(|w| before.starts_with(w))
        && !STAGE_TOPICS.iter().any(|w| {
            before
                .match_indices(w)
                .any(|(i, _)| before[i + w.len()..].starts_with(['は', 'が']))
        })
}

/// `Q: \`InPlacePodVerticalScaling\` は今どのステージ？` over `A: 1.33 でベータになり、デフォルトで有効です。`:
/// a KEP or gate named in a question takes the one stage its answer, the next block labelled as
/// one (`A:`, `A.`, `答え:`, `回答:`) or the first block under a question as a heading, states, when the answer names no other KEP or gate than one
/// the registry ties to it. Study memos and FAQs ask so.
pub(super) fn from_answers(views: &Views, out: &mut super::Mentions, registry: &Registry) {
    if !staged(out).any(|m| m.stage().is_none() && !m.deferred()) {
        return;
    }
    let doc = views.doc;
    // (Or a question and an afterthought after it: `` `X` ってベータになった？ OCI イメージを
    // volume にするやつ ``.)
    let is_question = |b: usize| {
        let text = doc.blocks[b].text.trim_end();
        text.ends_with(['?', '？'])
            || text.rfind(['?', '？']).is_some_and(|at| {
                let after = text[at..].trim_start_matches(['?', '？']).trim();
                after.chars().count() <= 30 && !after.contains(['。', '.', '\n'])
            })
    };
    // The question each answer answers.
    let mut answers: HashMap<usize, usize> = HashMap::new();
    let mut asker =
        crate::text::japanese::nfkc(doc.blocks.first().map_or("", |b| b.text.trim_start()));
    for (b, block) in doc.blocks.iter().enumerate().skip(1) {
        let text = crate::text::japanese::nfkc(block.text.trim_start());
        // (An interview's turns, `**筆者**: … ？` then `**M さん**: …`, are a question and its answer.)
        let spoken = || matches!((speaker(&asker), speaker(&text)), (Some(q), Some(a)) if q != a);
        let labelled = ["A:", "A.", "A ", "答え:", "答:", "回答:", "→"]
            .iter()
            .any(|w| text.starts_with(w))
            || spoken();
        // A question as a heading is answered by its section's first block.
        let under_a_question_heading = matches!(doc.blocks[b - 1].kind, BlockKind::Heading(_));
        // `> \`X\`、デフォルト有効って本当？` / `本当です。1.34 でベータに…`, a scrap's `\`X\` って
        // どのステージだっけ？` / `1.33 でベータになってた。`: a paragraph that names no KEP or
        // gate right after a question paragraph answers it, unlabelled.
        let unlabelled = || {
            if block.kind != BlockKind::Paragraph || doc.blocks[b - 1].kind != BlockKind::Paragraph
            {
                return false;
            }
            let view = views.get(b);
            let norm = view.text();
            // (Its first sentence answers: a yes or no, or the stage itself; not `次の話題です。
            // ベータ機能は多いです。`.)
            let first = view.sentences.first().cloned().unwrap_or(0..norm.len());
            let opens = norm[first.clone()].trim_start();
            let answers = AFFIRMATIONS
                .iter()
                .chain(&NO_OR_TRUE)
                .any(|w| opens.starts_with(w))
                || view
                    .tokens_in(&first)
                    .iter()
                    .any(|t| matches!(t.kind, TokenKind::StageWord(_)));
            let same_speaker = matches!(
                (speaker(&asker), speaker(&text)),
                (Some(q), Some(a)) if q == a
            );
            answers
                && !same_speaker
                && !speaks_of_a_stage_in_general(view)
                && !view.tokens.iter().any(|t| names_a_kep_or_gate(norm, t))
        };
        if (labelled || under_a_question_heading || unlabelled())
            && matches!(block.kind, BlockKind::Paragraph | BlockKind::ListItem)
            && is_question(b - 1)
        {
            answers.insert(b, b - 1);
        }
        asker = text;
    }
    if answers.is_empty() {
        return;
    }
    let asked: HashMap<usize, usize> = answers.iter().map(|(&a, &q)| (q, a)).collect();
    let names_for = |b: usize| {
        answers
            .get(&b)
            .copied()
            .or_else(|| asked.contains_key(&b).then_some(b))
    };
    let group_of = |b: usize| asked.contains_key(&b).then_some(b);
    settle_by_group(views, out, registry, names_for, group_of, Lends::Own, |q| {
        asked
            .get(&q)
            .and_then(|&a| answer_stage(views.get(a)).or_else(|| confirmed_turn(views, q, a)))
            .into_iter()
            .collect()
    });
}

/// The one stage an answer states: its block's, or, for a block whose stage words do not
/// settle on one (a removal is no block's stage: `削除` is as often an object's deletion), the
/// one stage its sentences state, each read as a statement (`本当です。そのゲートは 1.33 で削除
/// されています。`).
fn answer_stage(view: &BlockView) -> Option<Stated> {
    if let Some(stated) = view.block_stage() {
        return Some(stated);
    }
    let mut said = view.sentences.iter().filter_map(|s| {
        let f = view.sentence_facts(s.start);
        Some(Stated {
            stage: f.stage?,
            release: f.release,
        })
    });
    let first = said.next()?;
    said.all(|s| s == first).then_some(first)
}

/// `Q. \`NodeSwap\` は？ A. 1.34 で GA です。Q. \`DRAAdminAccess\` は？ A. 1.34 でベータです。`: FAQs
/// written as one paragraph. A KEP or gate named in a question (a sentence ending in `？`) takes
/// the stage the next sentence states when that sentence is labelled as its answer (`A.`, `A:`,
/// `答え:`) and names no other KEP or gate than one the registry ties to it. (A question and its
/// answer in blocks of their own are [`from_answers`]'.)
pub(super) fn from_inline_answers(views: &Views, out: &mut super::Mentions, registry: &Registry) {
    if !staged(out).any(|m| m.stage().is_none() && !m.deferred()) {
        return;
    }
    // The answer sentence (normalized range) of the question sentence a mention stands in: the
    // next one, labelled as an answer or opening another speaker's line (`**B**：そうそう`).
    let answer_to = |m: &dyn Staged| -> Option<(usize, Range<usize>)> {
        let view = views.get(m.block());
        let text = view.text();
        let question = view.sentence_at(view.norm.norm_offset(m.at().0.start));
        if !text[question.clone()].trim_end().ends_with(['?', '？']) {
            return None;
        }
        // (A line break after the question may stand as a sentence of its own.)
        let next = view
            .sentences
            .iter()
            .find(|s| s.start >= question.end && !text[(*s).clone()].trim().is_empty())?;
        // (`「…GA なんだっけ？」→ はい、…`: the quote's close stays after the question's end.)
        let answer = text[next.clone()]
            .trim_start()
            .trim_start_matches(CLOSING_QUOTES)
            .trim_start();
        let asker = text[..question.start]
            .rfind('\n')
            .map_or(&text[..question.end], |at| &text[at + 1..question.end]);
        let turn = || {
            text[question.end..next.start + (next.len() - answer.len())].contains('\n')
                && matches!((speaker(asker), speaker(answer)), (Some(q), Some(a)) if q != a)
        };
        (ANSWER_LABELS.iter().any(|w| answer.starts_with(w)) || turn())
            .then(|| (m.block(), next.clone()))
    };
    let asked: Vec<Option<(usize, Range<usize>)>> = staged(out)
        .map(|m| {
            (m.stage().is_none() && !m.deferred())
                .then(|| answer_to(m))
                .flatten()
        })
        .collect();
    if asked.iter().all(Option::is_none) {
        return;
    }
    // What each answer names: the mentions standing in it.
    let named_in = |block: usize, answer: &Range<usize>| -> Vec<Entity> {
        let view = views.get(block);
        staged(out)
            .filter(|o| o.block() == block)
            .filter(|o| answer.contains(&view.norm.norm_offset(o.at().0.start)))
            .map(|o| o.entity())
            .collect()
    };
    let found: Vec<Option<Stated>> = staged(out)
        .zip(&asked)
        .map(|(m, asked)| {
            let (block, answer) = asked.as_ref()?;
            let entity = m.entity();
            if named_in(*block, answer)
                .iter()
                .any(|o| !o.is_tied_to(&entity, registry))
            {
                return None;
            }
            let view = views.get(*block);
            let f = view.sentence_facts(answer.start);
            let stated = match f.stage {
                Some(stage) => Stated {
                    stage,
                    release: f.release,
                },
                None => {
                    let question = view.sentence_at(view.norm.norm_offset(m.at().0.start));
                    confirmed(asked_stage(view, &question)?, view, answer)?
                }
            };
            Some(in_section_release(views, m, stated))
        })
        .collect();
    for (m, s) in staged_mut(out).zip(found) {
        if s.is_some() {
            m.set(s, true);
        }
    }
}

/// The one stage a question asks about (`もう GA ですよね？`), muted as it is.
fn asked_stage(view: &BlockView, question: &Range<usize>) -> Option<Stage> {
    let mut stages = view
        .tokens_in(question)
        .iter()
        .filter_map(|t| match t.kind {
            TokenKind::StageWord(s) => Some(s),
            _ => None,
        });
    let stage = stages.next()?;
    stages.all(|s| s == stage).then_some(stage)
}

/// `サイドカーはもう GA ですよね？` answered `そうそう、1.33 で。`: an answer (sentence `answer` of
/// `view`) that says yes to a question asking one stage confirms that stage, for the one release
/// the answer names, if any.
fn confirmed(stage: Stage, view: &BlockView, answer: &Range<usize>) -> Option<Stated> {
    let text = view.text();
    let said = without_chat_header(text[answer.clone()].trim_start());
    let said = speaker(said).map_or(said, |name| {
        said[said.find(name).map_or(0, |at| at + name.len())..].trim_start_matches([':', ' '])
    });
    if !AFFIRMATIONS.iter().any(|w| said.starts_with(w)) {
        return None;
    }
    let mut releases = view.tokens_in(answer).iter().filter_map(|t| match t.kind {
        TokenKind::Release(r) => Some(r),
        _ => None,
    });
    let release = releases.next();
    if releases.next().is_some() {
        return None;
    }
    Some(Stated { stage, release })
}

/// Block `a` answering block `q` with a yes (`**たなか**：そうそう、1.33 で。`) confirms the stage
/// `q`'s last sentence asks about (see [`confirmed`]).
fn confirmed_turn(views: &Views, q: usize, a: usize) -> Option<Stated> {
    let question = views.get(q);
    let asked = asked_stage(question, question.sentences.last()?)?;
    let answer = views.get(a);
    let text = answer.text();
    let first = answer
        .sentences
        .iter()
        .find(|s| !text[(*s).clone()].trim().is_empty())?;
    confirmed(asked, answer, first)
}

/// `@suzuki 10:42⏎そうそう、1.33 で。`: a chat export's message, its header (the speaker and the
/// time) on a line of its own, without that line.
fn without_chat_header(said: &str) -> &str {
    static HEADER: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^@?[^\s:：]{1,20}\s+[0-9]{1,2}:[0-9]{2}\s*\n").unwrap()
    });
    HEADER
        .find(said)
        .map_or(said, |m| said[m.end()..].trim_start())
}

/// Besides a yes ([`AFFIRMATIONS`]), how an unlabelled answer opens: a no, or that what was
/// asked is true (`本当です。`).
const NO_OR_TRUE: [&str; 5] = ["いいえ", "いや", "いえ", "本当", "ほんと"];

/// How a yes opens (after NFKC).
const AFFIRMATIONS: [&str; 20] = [
    // (A yes that echoes the question's verb: `…ベータになった？` / `なった。`.)
    "なった",
    "なってる",
    "なってます",
    "なっています",
    "なりました",
    "入った",
    "入ってる",
    "入ってます",
    "入りました",
    "上がった",
    "上がってる",
    "そうそう",
    "そうです",
    "そうですね",
    "その通り",
    "そのとおり",
    "はい",
    "ええ",
    "うん",
    "yes",
];

/// `## 次のリリースの予定`, `## 今後の予定`, `## 1.35 で予定されていること` over `` - `X` のベータ昇格
/// (#132123) ``: what a planning heading's section says of a stage is the plan, for every KEP and
/// gate there, unless told as done (`…ベータになりました`) or for a release not after the
/// article's.
pub(super) fn under_planning_headings(doc: &Doc, out: &mut super::Mentions) {
    let planned = planned_sections(doc);
    if !planned.contains(&true) {
        return;
    }
    for m in staged_mut(out) {
        let block = &doc.blocks[m.block()];
        // (A stage dated for a release, `1.35 でベータに`, is what that release brings: the
        // heading's own release, `## 1.35 で予定されていること`, dates them so.)
        if m.stage().is_none() || m.release().is_some() || !planned[block.section] {
            continue;
        }
        // (Without a citation closing it: `…しました。 (#128400) [SIG Node]`.)
        let said = super::without_sig_labels(block.text[m.at().1.clone()].trim())
            .trim_end_matches(['。', '.', ' ']);
        let said = said
            .rsplit_once(['(', '（'])
            .filter(|(_, cite)| cite.contains(['#', '@']))
            .map_or(said, |(said, _)| said)
            .trim_end_matches(['。', '.', ' ']);
        // (`` `X` は 1.32 で入ったアルファのゲートで、… `` tells of what is done too.)
        let done = [
            "ました",
            "した",
            "った",
            "済み",
            "済",
            "だった",
            "でした",
            "された",
        ]
        .iter()
        .any(|w| said.contains(w))
            // (`` `X` は今回もアルファのまま ``: where it stands in the article's release.)
            || says_now(said);
        if !done {
            m.set(None, false);
        }
    }
}

/// Words of a heading over what is planned (`## 今後の予定`); `予定通り` tells what was done,
/// `リリース予定日` a date.
const PLANNING_WORDS: [&str; 12] = [
    "予定",
    "今後",
    // `## 来年に向けて`, `## これからの注目`, `## 今後の展望`.
    "来年",
    "に向けて",
    "これから",
    "展望",
    "ロードマップ",
    "次のリリース",
    "次期リリース",
    "次回",
    "予告",
    // (Compared with the title lowercased.)
    "roadmap",
];

/// Per section of `doc`, whether it or a heading above it is a planning heading
/// ([`PLANNING_WORDS`]).
fn planned_sections(doc: &Doc) -> Vec<bool> {
    let mut out: Vec<bool> = Vec::with_capacity(doc.sections.len());
    for (i, section) in doc.sections.iter().enumerate() {
        let title = section.title.to_lowercase();
        let own = !["予定通り", "予定どおり", "予定日"]
            .iter()
            .any(|w| title.contains(w))
            && PLANNING_WORDS.iter().any(|w| title.contains(w));
        let parent = doc.sections[..i]
            .iter()
            .rposition(|p| p.level < section.level && p.level > 0)
            .is_some_and(|p| out[p]);
        out.push(i > 0 && (own || parent));
    }
    out
}

/// `` - Promoted `VolumeAttributesClass` to GA. (#131549, @carlory) ``, `` `X` は 1.33 で beta に昇格
/// しました（kubernetes/kubernetes#128011） ``: a pull request cited in a sentence that states a
/// stage of the KEPs and gates it names, of their own (not a list's, section's or another
/// sentence's), brought that stage, when they state one (with one release). An issue brings
/// none, nor does a sentence naming no KEP or gate.
pub(super) fn for_pull_requests(views: &Views, out: &mut super::Mentions) {
    if out.prs.is_empty() {
        return;
    }
    let doc = views.doc;
    // (block, sentence start) → what its KEPs and gates state of their own, `None` when they
    // disagree or one states nothing; block → what those that state a stage of their own
    // there state, `None` when they disagree.
    let mut said: HashMap<(usize, usize), Option<Stated>> = HashMap::new();
    let mut said_in_block: HashMap<usize, Option<Stated>> = HashMap::new();
    // (table, row) → the same for the cells of a table's row.
    let mut said_in_row: HashMap<(usize, usize), Option<Stated>> = HashMap::new();
    for m in staged(out) {
        let own = m.stage().filter(|_| m.states_own() && !m.deferred());
        let own = own.map(|stage| Stated {
            stage,
            release: m.release(),
        });
        agree(&mut said, (m.block(), m.at().1.start), own);
        if let (Some(cell), Some(_)) = (doc.blocks[m.block()].cell, own) {
            // (`| \`X\`（GA）のバグ修正 | #131100 |`: a fix brings no stage.)
            let own = own.filter(|_| !fixes_or_picks(&doc.blocks[m.block()].text));
            agree(&mut said_in_row, (cell.table, cell.row), own);
        }
        if own.is_some() {
            agree(&mut said_in_block, m.block(), own);
        }
    }
    for pr in &mut out.prs {
        if pr.pr.kind == crate::model::ids::ItemKind::Issue
            || fixes_or_picks(&doc.blocks[pr.block].text[pr.sentence.clone()])
            || cited_in_a_negation(views.get(pr.block), pr.range.start)
        {
            continue;
        }
        let stated = match said.get(&(pr.block, pr.sentence.start)).copied().flatten() {
            Some(s) => Some(s),
            None if cites_its_entry(&doc.blocks[pr.block].text, &pr.range) => {
                said_in_block.get(&pr.block).copied().flatten()
            }
            // `| #123405 | \`X\` を GA に昇格 |`: a cell holding only the reference cites its row.
            None => doc.blocks[pr.block]
                .cell
                .filter(|_| only_the_reference(&doc.blocks[pr.block].text, &pr.range))
                .and_then(|cell| said_in_row.get(&(cell.table, cell.row)).copied().flatten()),
        };
        if let Some(s) = stated {
            pr.stage = Some(s.stage);
            pr.stage_release = s.release;
        }
    }
}

/// Notes `own` for `key`: what all that was noted for it agrees on, `None` once two differ.
fn agree<K: std::hash::Hash + Eq>(
    map: &mut HashMap<K, Option<Stated>>,
    key: K,
    own: Option<Stated>,
) {
    map.entry(key)
        .and_modify(|s| {
            if *s != own {
                *s = None;
            }
        })
        .or_insert(own);
}

/// The text of a block is the reference at `range` alone (besides brackets and spaces).
fn only_the_reference(text: &str, range: &Range<usize>) -> bool {
    let bare = |s: &str| {
        s.chars()
            .all(|c| c.is_whitespace() || matches!(c, '(' | ')' | '[' | ']' | '（' | '）'))
    };
    bare(&text[..range.start]) && bare(&text[range.end..])
}

/// `GA になった \`X\` のバグ修正 (#131100)`, `元 PR は #131500 で、…`, `cherry-pick of #N`: a
/// pull request that fixes, or is the original of a cherry-pick, brings no stage the sentence
/// states of a feature.
fn fixes_or_picks(sentence: &str) -> bool {
    static ENGLISH: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\b(?:fix(?:e[sd])?|bug|regression|cherry[- ]pick(?:ed)?)\b")
            .unwrap()
    });
    // (Not `修正` alone: `…を見るように修正してください` asks readers to change their code.)
    [
        "バグ",
        "不具合",
        "デグレ",
        "リグレッション",
        "チェリーピック",
        "元 PR",
        "元PR",
        "元の PR",
    ]
    .iter()
    .any(|w| sentence.contains(w))
        || ENGLISH.is_match(sentence)
}

/// `` `X` をベータに昇格しました。デフォルトでは無効です。 (#130822) [SIG Node] ``, `Graduated \`X\`
/// to GA. The feature gate is now locked to enabled. (#129731, @user)`: a reference in the
/// citation closing its block, after the entry's last sentence, cites the whole entry (a
/// release note's), not that sentence alone; so does one hanging on the last sentence of an
/// entry of several (`KEP-2400 の swap サポートが GA に。LimitedSwap が既定になります (#132012)`).
fn cites_its_entry(text: &str, range: &Range<usize>) -> bool {
    let before = text[..range.start].trim_end();
    let opened = before.ends_with(['(', '（', '[']);
    let before = before.trim_end_matches(['(', '（', '[']).trim_end();
    // After it, only what closes the citation: more references, an author (`, [@u](…)`),
    // brackets, the SIG label.
    let after = super::without_sig_labels(&text[range.end..]);
    let mut depth = usize::from(opened);
    // (`…要注意です（PR #130225）。`: a citation the sentence's full stop follows is its own.)
    let of_several =
        (before.contains('。') || before.contains(". ")) && !after.contains(['。', '.']);
    (before.ends_with(['。', '.']) || of_several)
        && after.chars().all(|c| match c {
            '(' | '[' | '（' => {
                depth += 1;
                true
            }
            ')' | ']' | '）' => {
                depth = depth.saturating_sub(1);
                true
            }
            _ => {
                depth > 0
                    || c.is_whitespace()
                    || c.is_ascii_digit()
                    || matches!(c, ',' | '、' | '#' | '/' | '.' | '。')
            }
        })
}

/// `` `X` の GA 昇格は一度 revert されました (#123680)。``: a pull request cited (at original offset
/// `at`) in a sentence telling a revert or postponement brought no stage, whatever a later
/// sentence says the story ended at.
fn cited_in_a_negation(view: &BlockView, at: usize) -> bool {
    view.sentences
        .iter()
        .find(|s| view.norm.orig_range((*s).clone()).contains(&at))
        .is_some_and(|s| tells_a_negation(view, s))
}

/// The marks that close a quote, left after the end of the sentence quoted.
const CLOSING_QUOTES: [char; 4] = ['」', '』', '"', '”'];

/// How an answer opens (after NFKC): `A.`, `A:`, `A1.`, `答え:`, `回答:`, `→`.
const ANSWER_LABELS: [&str; 10] = [
    "A.", "A:", "A ", "A1", "A2", "A3", "答え:", "答:", "回答:", "→",
];

/// The speaker a turn of an interview opens with (`筆者: `, `M さん: `, NFKC-normalized): a
/// short name, then a colon.
fn speaker(text: &str) -> Option<&str> {
    // (A chat export's header line, `@suzuki 10:42`, names the speaker too.)
    let header = without_chat_header(text);
    if header.len() < text.len() {
        return text.split_whitespace().next();
    }
    let (name, _) = text.split_once(':')?;
    let name = name.trim();
    (!name.is_empty()
        && name.chars().count() <= 12
        && !name.contains(['。', '、', '`', '?', '？', '(', '（'])
        && !name.starts_with(|c: char| c.is_ascii_digit()))
    .then_some(name)
}

/// `### Job の成功ポリシー` over a paragraph of what it does, `この機能は v1.33 で GA に昇格しました。`
/// and `この作業は [KEP #3998](…) の一環として行われました。`: a KEP or gate named in a section that
/// states no stage for it takes the one stage the section's prose states for the article's
/// release (not a removal or deprecation), when the section names no other KEP or gate than one
/// the registry ties to it. Release posts tell one feature per section so, its name in any
/// paragraph.
/// `- 1.27: アルファ` over `` - `InPlacePodVerticalScaling` フィーチャーゲートで有効化 ``: a KEP or
/// gate named in an item nested under an item that dates a stage as a timeline's step does
/// ([`timeline_step`]; its list need not date every item: `- 2019 年: KEP が提案される`) that
/// states none takes that step's stage and release, not the section's latest.
pub(super) fn from_timeline_steps(views: &Views, out: &mut super::Mentions) {
    let doc = views.doc;
    let found: Vec<Option<Stated>> = staged(out)
        .map(|m| {
            if m.stage().is_some() || m.deferred() {
                return None;
            }
            let parent = doc.blocks[m.block()].parent_item?;
            timeline_step(views.get(parent)).map(|d| Stated {
                stage: d.stage,
                release: Some(d.release),
            })
        })
        .collect();
    for (m, s) in staged_mut(out).zip(found) {
        if s.is_some() {
            m.set(s, true);
        }
    }
}

pub(super) fn from_section_text(views: &Views, out: &mut super::Mentions, registry: &Registry) {
    if !staged(out).any(|m| m.stage().is_none() && !m.deferred()) {
        return;
    }
    let doc = views.doc;
    let mut stages: HashMap<usize, Vec<Stated>> = HashMap::new();
    for (b, block) in doc.blocks.iter().enumerate() {
        // The article's opening section is no one feature's.
        if block.section == 0
            || block.cell.is_some()
            || !matches!(block.kind, BlockKind::Paragraph | BlockKind::ListItem)
        {
            continue;
        }
        // Removals and deprecations are left out: 削除 and 非推奨 are as often said of a field,
        // an API or storage the feature handles (`ストレージが削除された後に`) as of the feature.
        // The one stage the block names (`A は GA、B はベータ` names two, of others).
        let view = views.get(b);
        if let Some(s) = view.block_stage().filter(|s| {
            (s.release.is_none() || s.release == views.release)
                && !matches!(s.stage, Stage::Removed | Stage::Deprecated)
                && !states_only_another_release(view)
                && !staged_of_another_project(view)
                && !views.is_timeline_item(b)
                && !speaks_of_a_stage_in_general(view)
        }) {
            stages.entry(block.section).or_default().push(s);
        }
    }
    if stages.is_empty() {
        return;
    }
    let section_of = |b: usize| Some(doc.blocks[b].section).filter(|&s| s != 0);
    settle_by_group(
        views,
        out,
        registry,
        section_of,
        section_of,
        Lends::Around,
        |section| {
            let mut said: Vec<Stage> = stages
                .get(&section)
                .into_iter()
                .flatten()
                .map(|s| s.stage)
                .collect();
            said.sort();
            said.dedup();
            match said[..] {
                [stage] => vec![Stated {
                    stage,
                    release: None,
                }],
                _ => Vec::new(),
            }
        },
    );
}

/// `beta の機能は本番では有効にしない方針です。`: each stage word of the block names the features
/// of that stage in general (`ベータ版の機能を`, `alpha の機能も`), and it names no KEP or gate: a
/// policy or a remark, no stage of the section's feature.
fn speaks_of_a_stage_in_general(view: &BlockView) -> bool {
    let text = view.text();
    let mut stage_words = view
        .tokens
        .iter()
        .filter(|t| matches!(t.kind, TokenKind::StageWord(_)))
        .peekable();
    stage_words.peek().is_some()
        && !view.tokens.iter().any(|t| names_a_kep_or_gate(text, t))
        && stage_words.all(|t| {
            let after = text[t.range.end..].trim_start_matches([' ', '版']);
            let after = after.strip_prefix('の').unwrap_or(after);
            ["機能", "フィーチャー", "feature"]
                .iter()
                .find_map(|w| after.strip_prefix(w))
                .is_some_and(|rest| {
                    ["は", "を", "も", "だけ", "には", "について"]
                        .iter()
                        .any(|p| rest.starts_with(p))
                })
        })
}

/// `## サイドカーコンテナが GA 🎉` over `KEP-753 …`: a heading that states a stage of a subject of its
/// own ([`has_a_subject_of_its_own`]) lends it to its section's KEPs and gates (its subsections'
/// too) that state none, unless another KEP or gate there, one the registry does not tie to the
/// mention, states that stage itself: that one is the heading's subject, and
/// `In-place Pod Resize（KEP-1287）と組み合わせると便利です` under it is not GA. The KEPs a section
/// cites for its subject (`### アルファ: Workload Aware Scheduling` / `複数のKEP(#4671、#5547…)の
/// 一環として`) share it. Removals and deprecations are `removal_sections`'.
pub(super) fn from_subject_headings(views: &Views, out: &mut super::Mentions, registry: &Registry) {
    let doc = views.doc;
    let heading_of: HashMap<usize, usize> = doc
        .blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| matches!(b.kind, BlockKind::Heading(_)))
        .map(|(i, b)| (b.section, i))
        .collect();
    // The nearest heading (its section's or above) that states a stage, when that heading has a
    // subject of its own: its section and the stage.
    let mut lent: HashMap<usize, Option<(usize, Stated)>> = HashMap::new();
    let mut lent_to = |section: usize| -> Option<(usize, Stated)> {
        *lent.entry(section).or_insert_with(|| {
            let mut level = u8::MAX;
            for k in (1..=section).rev() {
                let s = &doc.sections[k];
                if s.level >= level {
                    continue;
                }
                level = s.level;
                let view = views.get(*heading_of.get(&k)?);
                if heads_criteria(view.text()) {
                    return None;
                }
                if let Some(stated) = heading_stage(views, view) {
                    return (has_a_subject_of_its_own(view)
                        && !matches!(stated.stage, Stage::Removed | Stage::Deprecated))
                    .then_some((k, stated));
                }
            }
            None
        })
    };
    let lends: Vec<Option<(usize, Stated)>> = staged(out)
        .map(|m| lent_to(doc.blocks[m.block()].section))
        .collect();
    if lends.iter().all(Option::is_none) {
        return;
    }
    // Who states the lent stage itself, with the heading it is lent from.
    let subjects: Vec<(Entity, usize)> = staged(out)
        .zip(&lends)
        .filter_map(|(m, l)| {
            let (heading, stated) = (*l)?;
            (m.states_own() && m.stage() == Some(stated.stage)).then(|| (m.entity(), heading))
        })
        .collect();
    let found: Vec<Option<Stated>> = staged(out)
        .zip(&lends)
        .map(|(m, l)| {
            let (heading, stated) = (*l)?;
            if m.stage().is_some() || m.deferred() || m.passing() || hopes_or_denies(views, m) {
                return None;
            }
            let entity = m.entity();
            // (A credit line, `この作業はSIG Nodeが主導した[KEP #4381](…)の一環として行われまし
            // た。`, names the KEP of its own section's subject, whatever gate of another KEP the
            // section also states it of.)
            let another_subject = subjects
                .iter()
                .any(|(o, h)| *h == heading && !o.is_tied_to(&entity, registry));
            let credited =
                || heading == doc.blocks[m.block()].section && credits_the_section(views, m);
            (!another_subject || credited()).then_some(in_section_release(views, m, stated))
        })
        .collect();
    drop(subjects);
    for (m, s) in staged_mut(out).zip(found) {
        if s.is_some() {
            m.set(s, true);
        }
    }
}

/// `この作業はSIG Nodeが主導した[KEP #4381](…)の一環として行われました。`: mention `m` is a KEP its
/// sentence credits the work of its section to ([`super::credits_work`]).
fn credits_the_section(views: &Views, m: &dyn Staged) -> bool {
    let (view, _, sentence) = placed(views, m);
    matches!(m.entity(), Entity::Kep(_)) && super::credits_work(&view.text()[sentence])
}

/// `stated` for mention `m`, an undated stage dated with the release its section's heading names.
fn in_section_release(views: &Views, m: &dyn Staged, stated: Stated) -> Stated {
    dated_in_section(views.get(m.block()), stated)
}

/// `stated` in block `view`: an undated stage is the release's its section's heading names, if
/// any (`## 🚀 v1.32 の注目機能` in an article of no release).
fn dated_in_section(view: &BlockView, stated: Stated) -> Stated {
    Stated {
        release: stated.release.or(view.section_release.get()),
        ..stated
    }
}

/// The mention's own sentence hopes, plans, denies, postpones or asks a stage (`次は \`X\` の
/// ベータが楽しみ`, `` `X` って GA になったんですか？ ``): it takes no stage from around it.
fn hopes_or_denies(views: &Views, m: &dyn Staged) -> bool {
    let (view, _, sentence) = placed(views, m);
    // A stage the sentence guesses at (`X の GA は早くても 1.35 じゃないかな`) is a hope too.
    let guessed = view.guessed();
    let muted = view.muted();
    let first = view
        .tokens
        .partition_point(|t| t.range.start < sentence.start);
    let asks = view.text()[sentence.clone()]
        .trim_end()
        .ends_with(['?', '？']);
    view.tokens_in(&sentence).iter().enumerate().any(|(k, t)| {
        t.kind.hopes_or_denies()
            || (matches!(t.kind, TokenKind::StageWord(_))
                && (guessed[first + k] || (asks && muted[first + k])))
    })
}

/// Where mention `m` stands: its block's view, its normalized offset there, and its sentence.
fn placed<'v>(views: &'v Views, m: &dyn Staged) -> (&'v BlockView<'v>, usize, Range<usize>) {
    let view = views.get(m.block());
    let at = view.norm.norm_offset(m.at().0.start);
    (view, at, view.sentence_at(at))
}

/// `` …v1.33 でベータ版に昇格しており、v1.35 で GA になる見込みです（[KEP-1287](…)）。 ``: mention
/// `m` stands in a bracketed aside that closes its sentence and holds references only, a citation
/// of the whole sentence.
fn cites_its_sentence(views: &Views, m: &dyn Staged) -> bool {
    let (view, at, sentence) = placed(views, m);
    let text = view.text();
    let aside = aside_around(text, sentence.clone(), at);
    if aside == sentence {
        return false;
    }
    let closes = text[aside.end..sentence.end]
        .trim_start_matches([')', '）'])
        .trim()
        .trim_end_matches(['。', '.'])
        .is_empty();
    let only_references = view
        .tokens_in(&aside)
        .iter()
        .all(|t| t.kind.is_reference() || t.kind == TokenKind::SentenceEnd);
    closes && only_references
}

/// What a group's stage is to its mentions: what they say themselves (the answer to their
/// question, the value of their table's stage key), or what is around them (their item's nested
/// items, their section), which a name said in passing does not take.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lends {
    Own,
    Around,
}

/// Gives each KEP or gate mention that states no stage (and is not deferred) the one stage
/// its group states (`stages_of`), when the group names no other KEP or gate than one the
/// registry ties to it; the stage is then inherited. A mention's block is in the group
/// `group_of` says, and names what it names for the group `names_for` says.
fn settle_by_group(
    views: &Views,
    out: &mut super::Mentions,
    registry: &Registry,
    names_for: impl Fn(usize) -> Option<usize>,
    group_of: impl Fn(usize) -> Option<usize>,
    lends: Lends,
    stages_of: impl Fn(usize) -> Vec<Stated>,
) {
    let mut named: HashMap<usize, Vec<Entity>> = HashMap::new();
    for m in staged(out) {
        if let Some(g) = names_for(m.block()) {
            named.entry(g).or_default().push(m.entity());
        }
    }
    let settled = |m: &dyn Staged| -> Option<Stated> {
        if m.stage().is_some()
            || m.deferred()
            || (lends == Lends::Around && (m.passing() || hopes_or_denies(views, m)))
        {
            return None;
        }
        let group = group_of(m.block())?;
        let entity = m.entity();
        let others = named
            .get(&group)
            .is_some_and(|n| n.iter().any(|o| !o.is_tied_to(&entity, registry)));
        let mut said = stages_of(group);
        said.dedup();
        (said.len() == 1 && !others).then(|| said[0])
    };
    // An undated stage is stated for the release the section's heading names, if any (`## 🚀
    // v1.32 の注目機能` in an article of no release).
    let found: Vec<Option<Stated>> = staged(out)
        .map(|m| settled(m).map(|s| in_section_release(views, m, s)))
        .collect();
    drop(named);
    for (m, s) in staged_mut(out).zip(found) {
        if s.is_some() {
            m.set(s, true);
        }
    }
}

/// `` `A`について説明します。`B`フィーチャーゲートは非推奨になりました。 ``: a mention whose stage
/// is its block's, stated in other sentences, loses it when each of those sentences states it
/// for another KEP or gate, one the registry does not tie to the mention (a gate and the KEP
/// that introduced it are one change): `A` is not deprecated. It keeps what it has beyond the
/// block (its row's, heading's, list's or section's stage).
pub(super) fn stated_for_others(doc: &Doc, out: &mut super::Mentions, registry: &Registry) {
    /// One KEP or gate mention of the block, as this rule reads it.
    struct Said<'m> {
        entity: Entity<'m>,
        sentence: usize,
        /// The stage its own sentence states.
        own: Option<Stage>,
    }
    let mut by_block: HashMap<usize, Vec<Said>> = HashMap::new();
    for m in staged(out) {
        by_block.entry(m.block()).or_default().push(Said {
            entity: m.entity(),
            sentence: m.at().1.start,
            own: m.stage().filter(|_| m.states_own()),
        });
    }
    // Whether each sentence stating the borrowed stage states it only for others.
    let lent = |m: &dyn Staged, b: &Borrowed, stage: Stage| {
        let said = &by_block[&m.block()];
        let (entity, sentence) = (m.entity(), m.at().1.start);
        b.sentences.iter().all(|&s| {
            s != sentence
                && said.iter().any(|o| o.sentence == s && o.own == Some(stage))
                && !said
                    .iter()
                    .any(|o| o.sentence == s && o.entity.is_tied_to(&entity, registry))
        })
    };
    // `KEP-3962 と KEP-24 も。`: the mention's sentence says the same of it.
    let also = |m: &dyn Staged| {
        let (mention, sentence) = m.at();
        let text = &doc.blocks[m.block()].text;
        sentence.end >= mention.end && says_also(&text[mention.end..sentence.end])
    };
    let loses = |m: &dyn Staged| {
        m.borrowed()
            .zip(m.stage())
            .is_some_and(|(b, stage)| !also(m) && lent(m, b, stage))
            .then(|| m.borrowed().cloned())
            .flatten()
    };
    let lost: Vec<Option<Borrowed>> = staged(out).map(loses).collect();
    drop(by_block);
    for (m, b) in staged_mut(out).zip(lost) {
        if let Some(b) = b {
            m.set(b.instead, b.inherited);
        }
    }
}

/// `` KEP-753 ですね。`SidecarContainers` は v1.33 で GA です。…ベータの期間（v1.29〜v1.32）に… ``:
/// a KEP or gate with no stage takes the one stage another sentence of its block states for its
/// own mention of the same change, the gate the registry ties to the KEP or the KEP to the gate
/// (not another gate of the same KEP).
/// (The block's one stage, which `facts_for` lends, is none here: the block names two.)
pub(super) fn shared_by_tied(views: &Views, out: &mut super::Mentions, registry: &Registry) {
    if !staged(out).any(|m| m.stage().is_none() && !m.deferred()) {
        return;
    }
    let stated: Vec<(usize, Entity, Stated, Range<usize>)> = staged(out)
        .filter(|m| m.states_own())
        .filter_map(|m| {
            let stage = m.stage()?;
            let release = m.release();
            let (_, _, sentence) = placed(views, m);
            Some((m.block(), m.entity(), Stated { stage, release }, sentence))
        })
        .collect();
    let shared = |m: &dyn Staged| -> Option<Stated> {
        // (A mention whose sentence plans its own stage takes none from its gate's; a citation
        // closing the sentence is of the whole of it, and takes what it states of the name it
        // cites, the sentence's plan being a later clause's.)
        if m.stage().is_some() || m.deferred() {
            return None;
        }
        let planned = hopes_or_denies(views, m);
        let cites = planned && cites_its_sentence(views, m);
        if planned && !cites {
            return None;
        }
        // (A citation takes only what its own sentence states.)
        let cited = cites.then(|| placed(views, m).2);
        let entity = m.entity();
        // (Two gates of one KEP are two features: `` `WatchListClient` は v1.31 でベータ。`WatchList`
        // はサーバー側の機能です。`` says nothing of `WatchList`'s stage.)
        let both_gates = |e: &Entity| matches!((e, &entity), (Entity::Gate(_), Entity::Gate(_)));
        // (`` - `X` を GA に昇格 `` over `  - 📝 [KEP-2644](…) です。`: a nested item that only
        // names the parent's KEP or gate is of the parent's change.)
        let parent = views.doc.blocks[m.block()].parent_item.filter(|_| {
            let view = views.get(m.block());
            names_one(view)
                && !view
                    .tokens
                    .iter()
                    .any(|t| matches!(t.kind, TokenKind::StageWord(_)))
        });
        let mut said = stated
            .iter()
            .filter(|(b, e, _, sentence)| {
                (*b == m.block() || Some(*b) == parent)
                    && *e != entity
                    && !both_gates(e)
                    && e.is_tied_to(&entity, registry)
                    && cited.as_ref().is_none_or(|c| c == sentence)
            })
            .map(|(_, _, s, _)| *s);
        let first = said.next()?;
        said.all(|s| s == first).then_some(first)
    };
    let found: Vec<Option<Stated>> = staged(out).map(shared).collect();
    drop(stated);
    for (m, s) in staged_mut(out).zip(found) {
        if s.is_some() {
            m.set(s, true);
        }
    }
}

/// `` と `KEP-24` も``, `` `X`フィーチャーゲートも``: the text after a mention makes it a subject of
/// `も` (also), with at most other names, `と`/`や`/`、` and a gate word in between.
fn says_also(after: &str) -> bool {
    after
        .find('も')
        .is_some_and(|at| only_more_names(&after[..at]))
}

/// `## New alpha features` over a table row `| SELinuxMountReadWriteOncePod | Beta |` and a later
/// `\`SELinuxMountReadWriteOncePod\` と \`SELinuxMount\` の両方の機能ゲートを有効に`: what the
/// section's text states for a gate or KEP is more precise than its heading, so a mention whose
/// stage is only the heading's (or its list's) takes the first stage the same section's text
/// states for the same gate or KEP. An inherited removal stays: an earlier stage the text
/// states then is the removed feature's history.
pub(super) fn prefer_own_statements(doc: &Doc, out: &mut super::Mentions) {
    fn settle<M>(
        doc: &Doc,
        mentions: &mut [M],
        key: impl Fn(&M) -> String,
        facts: impl Fn(&mut M) -> (usize, &mut Option<Stage>, &mut Option<Release>, &mut bool),
    ) {
        let mut own: HashMap<(usize, String), (Option<Stage>, Option<Release>)> = HashMap::new();
        for m in mentions.iter_mut() {
            let k = key(m);
            let (block, stage, release, inherited) = facts(m);
            if stage.is_some() && !*inherited {
                own.entry((doc.blocks[block].section, k))
                    .or_insert((*stage, *release));
            }
        }
        for m in mentions.iter_mut() {
            let k = key(m);
            let (block, stage, release, inherited) = facts(m);
            let Some(&(s, r)) = own.get(&(doc.blocks[block].section, k)) else {
                continue;
            };
            // Under `以下のフィーチャーゲートが削除されました:`, `` `X` は最後まで alpha でした ``
            // tells the removed gate's history, no other end.
            let history_of_a_removal = *stage == Some(Stage::Removed)
                && matches!(s, Some(Stage::Alpha | Stage::Beta | Stage::Stable));
            if *inherited && !history_of_a_removal {
                (*stage, *release, *inherited) = (s, r, false);
            }
        }
    }
    settle(
        doc,
        &mut out.gates,
        |m| m.gate.0.clone(),
        |m| {
            (
                m.block,
                &mut m.stage,
                &mut m.stage_release,
                &mut m.inherited,
            )
        },
    );
    settle(
        doc,
        &mut out.keps,
        |m| m.kep.0.to_string(),
        |m| {
            (
                m.block,
                &mut m.stage,
                &mut m.stage_release,
                &mut m.inherited,
            )
        },
    );
}

/// `Xでは\`PreferClose\`を非推奨とし`: the stage word at `stage_at` has an object (`…を` right
/// before it, a release in between at most), and a particle (`は`, `が`, `で`, `、`, ...) parts
/// the mention from that object, so the object is something else. `\`Foo\`フィーチャーゲートを
/// 非推奨` keeps its stage: the mention heads the object (or the things it lists,
/// [`heads_the_objects`]).
fn object_is_other(view: &BlockView, mention: &Range<usize>, stage_at: usize) -> bool {
    let text = view.text();
    if mention.end > stage_at || !text.is_char_boundary(mention.end) {
        return false;
    }
    let before = &text[mention.end..stage_at];
    let Some(o) = before.rfind('を') else {
        return false;
    };
    // Only a release (`をv1.34で非推奨`) may stand between the object and the stage word.
    let tail = &before[o + 'を'.len_utf8()..];
    let tail_is_release = tail.len() <= 24
        && tail
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | ' ' | 'で' | '、' | ','));
    if !tail_is_release {
        return false;
    }
    // `` `A` と `B` を GA に ``: the mention is one of the names the object lists.
    let object = &before[..o];
    if only_more_names(object) || heads_the_objects(object) {
        return false;
    }
    object.contains(['は', 'が', 'で', 'に', 'と', 'も', '、', ','])
}

/// `` `DRAControlPlaneController` ゲートと、classic DRA の実装を削除 ``: after the mention, the
/// object goes on with more things joined to it (not `と連携するコントローラー`, what works with it).
fn heads_the_objects(object: &str) -> bool {
    let rest = object
        .trim_start_matches(['`', ' ', '\u{3000}'])
        .trim_start_matches("フィーチャーゲート")
        .trim_start_matches("ゲート")
        .trim_start();
    super::scan::JOINERS.iter().any(|w| rest.starts_with(w))
        && !["する", "した", "して", "される", "された", "できる"]
            .iter()
            .any(|v| rest.contains(v))
}

/// `…フィールドは KEP-4004 により v1.29 から非推奨で、v1.33 では \`X\` がデフォルトで有効になり`:
/// the stage word stands in an earlier clause of the sentence whose subject is a field, flag,
/// annotation, API, code, plugin, driver, volume, option or command (`コードは削除され、KEP-4381が
/// 残ります`, `` `gitRepo` ボリュームは v1.11 から非推奨でしたが、KEP-5040 により… ``), and the
/// mention heads its own clause (its subject, or the means of what it tells), so the stage is
/// that other subject's.
fn said_of_an_earlier_subject(view: &BlockView, mention: &Range<usize>, stage_at: usize) -> bool {
    let text = view.text();
    let sentence = view.sentence_at(mention.start);
    if !sentence.contains(&stage_at) || stage_at >= mention.start {
        return false;
    }
    let start = clause_start(text, sentence.start, mention.start);
    if stage_at >= start {
        return false;
    }
    let earlier_start = clause_start(text, sentence.start, stage_at);
    let earlier = &text[earlier_start..stage_at];
    let after = text[mention.end..]
        .trim_start_matches(['`', ' ', ']', ')'])
        .trim_start();
    let after = GATE_WORDS
        .iter()
        .find_map(|w| after.strip_prefix(w))
        .unwrap_or(after)
        .trim_start();
    // `` `SidecarContainers` が GA に昇格し、`WatchList` のバグも修正されました ``: the stage is the
    // earlier clause's KEP or gate's. When the two are one change (`KEP-753 が Stable に昇格し、
    // \`SidecarContainers\` は常に有効`), the mention shares it by the rule that compares
    // mentions (`shared_by_tied`).
    let name = |t: &super::scan::Token| text[t.range.clone()].trim_matches('`');
    let own_names: Vec<&str> = view
        .tokens_in(mention)
        .iter()
        .filter(|t| names_a_kep_or_gate(text, t))
        .map(name)
        .collect();
    // A name that opens its clause's subject (`` `A` が ``, `KEP-3960 の改善が`), not one inside
    // a word (`SELinuxマウントオプションのサポートが`).
    let heads_the_subject = |t: &super::scan::Token| {
        let rest = text[t.range.end..stage_at].trim_start_matches(['`', ' ', ']', ')']);
        let rest = GATE_WORDS
            .iter()
            .find_map(|w| rest.strip_prefix(w))
            .unwrap_or(rest)
            .trim_start();
        rest.starts_with(['が', 'は', 'も', 'の'])
    };
    let earlier_names: Vec<&str> = view
        .tokens_in(&(earlier_start..stage_at))
        .iter()
        .filter(|t| names_a_kep_or_gate(text, t) && heads_the_subject(t))
        .map(name)
        .collect();
    if !earlier_names.is_empty() && !earlier_names.iter().any(|n| own_names.contains(n)) {
        return true;
    }
    let names_one = !earlier_names.is_empty();
    // Only a subject that is plainly something else: a field, flag, annotation or API
    // (`サポートが`, `この機能は` are the feature itself, told in words).
    let other_subject = earlier.char_indices().any(|(k, c)| {
        matches!(c, 'は' | 'が')
            && [
                "フィールド",
                "フラグ",
                "アノテーション",
                "API",
                "ラベル",
                "コード",
                "プラグイン",
                "ドライバー",
                "ドライバ",
                "ボリューム",
                "オプション",
                "コマンド",
                "annotation",
                "field",
            ]
            .iter()
            .any(|w| earlier[..k].trim_end().trim_end_matches('`').ends_with(w))
    });
    // The mention heads its own clause as its subject, or as the means or cause of what that
    // clause tells (`、KEP-5040 により v1.33 で…無効になりました`).
    let heads_its_clause = after.starts_with(['が', 'は', 'も'])
        || ["により", "によって", "では"]
            .iter()
            .any(|w| after.starts_with(w));
    !names_one && other_subject && heads_its_clause
}

/// The end of `text` whose characters `keep` accepts.
pub(super) fn trailing(text: &str, keep: impl Fn(char) -> bool) -> &str {
    let len: usize = text
        .chars()
        .rev()
        .take_while(|&c| keep(c))
        .map(char::len_utf8)
        .sum();
    &text[text.len() - len..]
}

/// `Istio 1.24 ではアンビエントモードが GA になりました。`, `Karpenter v1.0 が GA になりました。`,
/// `` `WatchListClient` は v1.31 でベータになりました。 ``: the sentence of the stage word at
/// `stage_at` says it of another project's release, or of another KEP or gate as its subject, so
/// it lends the stage to no name in a neighbouring sentence (`` Kubernetes の `SidecarContainers`
/// を使うモードも… ``). A Japanese name as the subject (`サイドカーコンテナ機能が v1.29 でベータに`)
/// may be the feature of the gate named next, and lends, as does any to a mention that says `も`.
fn said_of_another_subject(view: &BlockView, mention: &Range<usize>, stage_at: usize) -> bool {
    let text = view.text();
    // `KEP-1 はベータに昇格しました。KEP-3962 と KEP-24 もです。`: the mention's sentence says the
    // same of it.
    if says_also(&text[mention.end..view.sentence_at(mention.start).end]) {
        return false;
    }
    let sentence = view.sentence_at(stage_at);
    let named = &text[mention.clone()];
    let another_name = view.tokens_in(&(sentence.start..stage_at)).iter().any(|t| {
        names_a_kep_or_gate(text, t)
            && text[t.range.clone()] != *named
            && text[t.range.end..]
                .trim_start_matches(['`', ' '])
                .starts_with(['が', 'は', 'も'])
    });
    another_name || names_another_release(&text[sentence.start..stage_at])
}

/// `` `SidecarContainers` を前提とする `JobManagedBy` は 1.32 でベータに ``, `` `A` の sleep 0 秒を許可する
/// `B` は GA に ``: the mention stands in a clause modifying the next name, the subject of the
/// stage at `stage_at` (a verb's attributive form right before that name and its `は`/`が`).
fn modifies_another_subject(view: &BlockView, mention: &Range<usize>, stage_at: usize) -> bool {
    let text = view.text();
    let from = view.tokens.partition_point(|t| t.range.start < mention.end);
    let Some(next) = view.tokens[from..]
        .iter()
        .find(|t| names_a_kep_or_gate(text, t))
        .filter(|t| t.range.end <= stage_at && text[t.range.clone()] != text[mention.clone()])
    else {
        return false;
    };
    let between = text[mention.end..next.range.start].trim_matches(['`', ' ']);
    // (A clause stating the first name's own stage, `X の 1.33 でのベータ昇格を受けて設計された Y`,
    // is left to the rules of its own.)
    let states_its_own = view
        .tokens_in(&(mention.end..next.range.start))
        .iter()
        .any(|t| matches!(t.kind, TokenKind::StageWord(_)));
    let modifies = !states_its_own
        && between.starts_with(['を', 'の', 'に', 'で'])
        && between.chars().count() <= 40
        && !between.contains(CLAUSE_BREAKS)
        // A verb's plain form (`とする`, `を使う`, `を含む`, `した`) before the name.
        && between.ends_with(['う', 'く', 'ぐ', 'す', 'つ', 'ぶ', 'む', 'る', 'た']);
    let subject = text[next.range.end..]
        .trim_start_matches(['`', ' '])
        .starts_with(['は', 'が']);
    modifies && subject
}

/// `` v1.32 でアルファになった `PodLevelResources` を使う Pod にも、`InPlacePodVerticalScaling` で… ``:
/// the stage word at `stage_at` modifies the name right after it (an attributive verb or `の`
/// between them), so it is that name's, not the mention's, unless the mention is listed with
/// that name (`` アルファになった `A` と `B` ``).
fn modifies_the_name_after_it(view: &BlockView, mention: &Range<usize>, stage_at: usize) -> bool {
    static ATTRIBUTIVE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^(?:版|段階)?(?:(?:に|と|へ)?(?:なった|なる|なっている|昇格した|移行した)|として(?:導入|追加)された|で(?:導入|追加)された|の)$").unwrap()
    });
    let text = view.text();
    let k = view.tokens.partition_point(|t| t.range.start < stage_at);
    if view.tokens.get(k).is_none_or(|t| t.range.start != stage_at) {
        return false;
    }
    let Some(name) = view.tokens[k + 1..]
        .iter()
        .find(|t| names_a_kep_or_gate(text, t))
    else {
        return false;
    };
    let blanks = ['`', ' ', '\u{3000}'];
    if name.range == *mention
        || text[name.range.clone()] == text[mention.clone()]
        || !ATTRIBUTIVE
            .is_match(text[view.tokens[k].range.end..name.range.start].trim_matches(blanks))
    {
        return false;
    }
    let (first, second) = if mention.start < name.range.start {
        (mention.end, name.range.start)
    } else {
        (name.range.end, mention.start)
    };
    let gap = text[first..second].trim_matches(blanks);
    let gap = ["フィーチャーゲート", "ゲート"]
        .iter()
        .find_map(|w| gap.strip_prefix(w))
        .unwrap_or(gap)
        .trim_matches(blanks);
    !matches!(gap, "と" | "や" | "、" | "," | "および" | "及び" | "・")
}

/// `Kyverno 1.12 では KEP-3488 の VAP 生成がベータに`, `Karpenter v1.0 が GA になったので、
/// \`SidecarContainers\` と…`, `containerd 2.1 で \`ImageVolume\` 対応がベータに`: the stage word's
/// sentence, up to it, is about another project's release, so the stage is that project's, not
/// the mention's; unless the mention is the subject of the stage itself (`` Istio 1.24 では
/// `X` がベータ扱い ``).
fn stated_of_another_release(view: &BlockView, mention: &Range<usize>, stage_at: usize) -> bool {
    let text = view.text();
    let sentence = view.sentence_at(stage_at);
    let before = &text[sentence.start..stage_at];
    let subject = mention.start > sentence.start
        && mention.end <= stage_at
        && text[mention.end..]
            .trim_start_matches(['`', ' '])
            .starts_with(['が', 'は', 'も']);
    // (`で` only in the stage word's own clause: `Go 1.23 で書かれたコントローラーから、GA になった
    // KEP-753 の API を使ってみました` names a tool.)
    let clause = before.rfind(CLAUSE_BREAKS).map_or(before, |i| &before[i..]);
    !subject && (names_another_release(before) || project_release_before(clause, "で"))
}

/// `Istio 1.24 ではアンビエントモードが GA になりました。`: every sentence of the block that states a
/// stage states it of another project's release, so the block states none for a section's
/// KEPs and gates.
fn states_only_another_release(view: &BlockView) -> bool {
    let mut stating = view
        .sentences
        .iter()
        .filter(|s| view.sentence_facts(s.start).stage.is_some())
        .peekable();
    stating.peek().is_some() && stating.all(|s| names_another_release(&view.text()[s.clone()]))
}

/// `Istio 1.24`, `Karpenter v1.0`, `VPA 1.4.0`: `text` names a release of a project that numbers
/// its own versions ([`super::refs::numbers_its_own_versions`]).
fn names_another_release(text: &str) -> bool {
    // The release is the sentence's topic or subject (`Istio 1.24 では`, `Karpenter v1.0 が`), not
    // a condition (`containerd 2.0 以降の環境では`, `Go 1.22 でビルドされた`): read back from each
    // particle as [`of_another_project`] reads back from `の`.
    ["では", "が", "は", "も"]
        .iter()
        .any(|particle| project_release_before(text, particle))
}

/// Whether `particle` stands somewhere in `text` right after another project's release
/// (`Istio 1.24 では`, `cilium v1.16.0 で`).
fn project_release_before(text: &str, particle: &str) -> bool {
    text.match_indices(particle).any(|(at, _)| {
        let before = text[..at].trim_end();
        let version = trailing(before, |c| c.is_ascii_digit() || c == '.');
        let rest = &before[..before.len() - version.len()];
        let rest = rest.strip_suffix(['v', 'V']).unwrap_or(rest).trim_end();
        let name = trailing(rest, |c| {
            c.is_ascii_alphanumeric() || matches!(c, '-' | '_')
        });
        version.contains('.')
            && super::refs::is_version(version)
            && super::refs::numbers_its_own_versions(&name.to_ascii_lowercase())
    })
}

/// `` `ImageVolume` を試すために containerd 2.1 のベータ版を入れました ``: the stage word is that of
/// another project's release (`containerd 2.1 の`, `Helm の`, `Go 1.25 の`), not of the mention.
/// The name, with a version or without, is one of the projects articles cite
/// ([`super::refs::is_other_software`]).
fn of_another_project(view: &BlockView, mention: &Range<usize>, stage_at: usize) -> bool {
    let text = view.text();
    let sentence = view.sentence_at(stage_at);
    let Some(before) = text[sentence.start..stage_at]
        .trim_end()
        .strip_suffix('の')
        .map(str::trim_end)
    else {
        return false;
    };
    let version = trailing(before, |c| c.is_ascii_digit() || matches!(c, '.' | 'x'));
    let has_version = version.starts_with(|c: char| c.is_ascii_digit());
    let rest = if has_version {
        let rest = &before[..before.len() - version.len()];
        rest.strip_suffix(['v', 'V']).unwrap_or(rest).trim_end()
    } else {
        before
    };
    let name = trailing(rest, |c| {
        c.is_ascii_alphanumeric() || matches!(c, '-' | '_')
    })
    .to_ascii_lowercase();
    let name_end = sentence.start + rest.len();
    // `KEP-4639 のベータ`, `` `ImageVolume` 1.33 の `` : the mention's own stage.
    let names_an_entity_there = view.tokens.iter().any(|t| {
        (t.range.end == name_end || t.range.end == sentence.start + before.len())
            && (t.range == *mention || names_a_kep_or_gate(text, t))
    });
    // Only software known to have releases of its own: `cgroup v2 の GA`, `Ingress v1 の GA`,
    // `client-go v0.34 の`, `Linux のアルファ機能` are Kubernetes' own.
    !names_an_entity_there && super::refs::is_other_software(&name)
}

/// `` `A` の挙動と `B`（1.33 でベータ） ``: the stage word stands in a bracketed aside right after
/// another name, so it is said of that name, not of the mention (unless the aside says it of
/// both, `（どちらも…）`).
fn aside_of_another(view: &BlockView, mention: &Range<usize>, stage_at: usize) -> bool {
    let text = view.text();
    let sentence = view.sentence_at(stage_at);
    let before = &text[sentence.start..stage_at];
    let Some(open) = before.rfind(['(', '（']) else {
        return false;
    };
    if before[open..].contains([')', '）']) {
        return false;
    }
    // A mention inside the aside (`` `WatchList`（KEP-3157、ベータ） ``) shares it.
    let close = text[stage_at..sentence.end]
        .find([')', '）'])
        .map_or(sentence.end, |c| stage_at + c);
    if (sentence.start + open..close).contains(&mention.start) {
        return false;
    }
    // `` `A` / `B`（どちらも 1.32 で削除） ``: the aside says it of every name before it.
    if sums_up(before[open..].trim_start_matches(['(', '（'])) {
        return false;
    }
    let name_end = sentence.start + before[..open].trim_end().len();
    // `Node Cgroup Driver (beta)` in a post's title names no KEP or gate.
    view.tokens
        .iter()
        .any(|t| t.range.end == name_end && t.range != *mention && names_a_kep_or_gate(text, t))
}

/// `` と `B` ``, `` 、`B` フィーチャーゲート``: nothing but more names, joined by `と`/`や`/`、`/`・`,
/// and gate words (the text after a name that shares what is said of it).
fn only_more_names(between: &str) -> bool {
    let without = GATE_WORDS
        .iter()
        .fold(between.to_string(), |s, w| s.replace(w, ""));
    without
        .chars()
        .all(|c| c.is_ascii() || matches!(c, 'と' | 'や' | '、' | '・' | '　'))
}

/// The words that say the name before them is a gate's (`` `KMSv2` ゲート ``), longest first.
const GATE_WORDS: [&str; 4] = [
    "フィーチャーゲート",
    "ゲート",
    "FeatureGate",
    "feature gate",
];

/// Everything one sentence states, computed once per sentence (`BlockView::sentence_facts`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SentenceFacts {
    pub stage: Option<Stage>,
    /// Normalized offset of the stage word the sentence settles on.
    pub stage_at: Option<usize>,
    pub default_on: Option<bool>,
    /// The release the stage is stated for, when the sentence names one next to it.
    pub release: Option<Release>,
    /// The sentence mentions gates, a stage, a default or switching something on or off.
    pub about_gates: bool,
    /// Its stage words that state a fact and have a release written next to them, in text order
    /// (what [`history`] is made of).
    pub dated: Vec<Dated>,
    /// It pairs names with stages in order (`それぞれ`, `respectively`; see [`respectively`]).
    pub in_order: bool,
}

impl SentenceFacts {
    pub(super) fn of(view: &BlockView, sentence: Range<usize>) -> SentenceFacts {
        let said = sentence_facts(view, sentence.clone());
        let about_gates = view.tokens_in(&sentence).iter().any(|t| {
            matches!(
                t.kind,
                TokenKind::GateKeyword
                    | TokenKind::Flag
                    | TokenKind::StageWord(_)
                    | TokenKind::DeniedStage
                    | TokenKind::ApiVersion(_)
                    | TokenKind::Enable
                    | TokenKind::Default(_)
            )
        }) || {
            // `` `X` は v1.36 で削除予定です ``: a planned removal is about gates too, though it
            // states no stage, and so is a question of its stage (`` `X` は今どのステージ？ ``).
            let text = view.text();
            let said = text[sentence.clone()].trim_end();
            let asks_a_stage = said.ends_with(['?', '？']) && {
                let said = said.to_lowercase();
                STAGE_KEYS.iter().any(|k| said.contains(k))
            };
            asks_a_stage
                || view.tokens_in(&sentence).iter().any(|t| {
                    t.kind == TokenKind::Plan
                        && names_a_removal(&text[sentence.start..t.range.start])
                })
        };
        let text = &view.text()[sentence];
        let in_order = text.contains("それぞれ")
            || text
                .as_bytes()
                .windows(b"respectively".len())
                .any(|w| w.eq_ignore_ascii_case(b"respectively"));
        SentenceFacts {
            stage: said.stage,
            stage_at: said.stage_at,
            default_on: said.default_on,
            release: said.release,
            about_gates,
            dated: said.dated,
            in_order,
        }
    }
}

/// How a relative clause stating a stage ends right before the name it describes (`ベータ` +
/// `になった` + `` `VolumeAttributesClass` ``), spaces left out.
pub(super) const RELATIVE_CLAUSE_ENDINGS: [&str; 14] = [
    "になった",
    "となった",
    "になっている",
    "に昇格した",
    "へ昇格した",
    "に昇格された",
    "に昇格済みの",
    "に移行した",
    "として導入された",
    "として追加された",
    "として実装された",
    "で導入された",
    "した",
    "入りした",
];

/// `` 明日は `X`（v1.32 で alpha）のセッションを聴く予定です ``, `` 次回は 1.32 で alpha になった `X`
/// を取り上げる予定です ``: stage word `tokens[j]`, before the plan word at `plan`, is a fact dated
/// with its release, in a closed aside or in a relative clause ending before the name it describes:
/// the plan is of what the sentence goes on to do, not of that stage. After the plan word, an
/// aside that only dates the stage is such a fact too.
fn done_before_a_plan(
    text: &str,
    tokens: &[super::scan::Token],
    sentence: &Range<usize>,
    j: usize,
    plan: usize,
) -> bool {
    let u = &tokens[j];
    if !matches!(u.kind, TokenKind::StageWord(_)) {
        return false;
    }
    // (After the plan word, an aside that only dates the stage: `次のリリースでは \`X\`（1.33 で
    // ベータ）の GA が気になります`.)
    if u.range.end > plan {
        let aside = aside_around(text, sentence.clone(), u.range.start);
        return aside != *sentence
            && is_a_bare_dated_stage(text, tokens, aside.start, aside.end).is_some();
    }
    let dated = release_next_to(text, tokens, j).is_some();
    let aside = aside_around(text, sentence.clone(), u.range.start);
    let in_a_closed_aside = aside != *sentence
        && aside.end <= plan
        && tokens.iter().any(|r| {
            matches!(r.kind, TokenKind::Release(_))
                && aside.contains(&r.range.start)
                && r.range.end <= u.range.start
        });
    let after: String = text[u.range.end..plan]
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let relative = RELATIVE_CLAUSE_ENDINGS.iter().any(|w| {
        after.strip_prefix(w).is_some_and(|rest| {
            rest.starts_with(|c: char| matches!(c, '`' | '[') || c.is_ascii_alphabetic())
        })
    });
    dated && (in_a_closed_aside || relative)
}

/// `Sidecar Containers: From KEP to GA`, `The Road to GA`, `Path to Beta`: a talk's or post's
/// title naming the way to a stage, not a stage reached; `before` is the text before the stage
/// word.
fn on_the_way_to(before: &str) -> bool {
    let lower = before.trim_end().to_ascii_lowercase();
    let Some(rest) = lower.strip_suffix("to") else {
        return false;
    };
    if rest.ends_with(|c: char| c.is_ascii_alphabetic()) {
        return false;
    }
    let rest = rest.trim_end();
    ["road", "journey", "path", "way", "roadmap"]
        .iter()
        .any(|w| rest.ends_with(w))
        // (Not `Promoted X from beta to GA`, a changelog's graduation.)
        || ["from kep", "from idea", "from proposal", "from zero", "from scratch"]
            .iter()
            .any(|w| rest.ends_with(w))
}

/// Whether the text after a stage word makes it a step of the graduation process
/// (`の流れ`, `のプロセス`, `までの過程`, `のライフサイクル`, `という流れ`, `の順に`).
fn names_the_process(after: &str) -> bool {
    let mut after = after.trim_start();
    // `非推奨 → 削除という流れ`: a bare removal noun ending the chain is no token of its own.
    while let Some(rest) = super::scan::ARROWS
        .iter()
        .find_map(|a| after.strip_prefix(a))
        .map(str::trim_start)
        .and_then(|r| r.strip_prefix("削除").or_else(|| r.strip_prefix("廃止")))
    {
        after = rest.trim_start();
    }
    // `GA の段階で` is where it stands; `という段階を踏む` the steps.
    let named = after.starts_with("という") || after.starts_with("といった");
    let after = after
        .strip_prefix("までの")
        .or_else(|| after.strip_prefix("への"))
        .or_else(|| after.strip_prefix("という"))
        .or_else(|| after.strip_prefix("といった"))
        .or_else(|| after.strip_prefix('の'));
    after.is_some_and(|rest| {
        let rest = rest.trim_start();
        [
            "流れ",
            "プロセス",
            "過程",
            "ライフサイクル",
            "道のり",
            "仕組み",
            "順",
        ]
        .iter()
        .any(|w| rest.starts_with(w))
            || (named && ["段階", "ステップ"].iter().any(|w| rest.starts_with(w)))
    })
}

/// Adverbs of a guess (`たぶん 1.34 で GA`): what follows them, up to the clause's end, is guessed.
const GUESS_ADVERBS: [&str; 7] = [
    "たぶん",
    "多分",
    "おそらく",
    "恐らく",
    "きっと",
    "もしかしたら",
    "もしかすると",
];

/// How a question asks whether what it says is true (before `？`).
const TRUTH_QUESTIONS: [&str; 10] = [
    "本当ですか",
    "本当でしょうか",
    "本当なのでしょうか",
    "本当なの",
    "本当",
    "ほんと",
    "ホント",
    "マジ",
    "合っていますか",
    "合ってますか",
];

/// Endings of hearsay (`…らしい`, `…とのこと`, `…って聞いた`): of what comes, a guess; of the
/// past (`GA になったらしい`, `GA になったと聞きました`), a fact reported.
const HEARSAY_ENDINGS: [&str; 24] = [
    "らしい",
    "らしいです",
    "とのこと",
    "とのことです",
    "みたい",
    "みたいです",
    "そうです",
    "って聞いた",
    "って聞きました",
    "って聞いてる",
    "って聞いてます",
    "と聞いた",
    "と聞きました",
    "と聞いている",
    "と聞いています",
    "と聞いてます",
    "って話",
    "って話です",
    "という話",
    "という話です",
    "って噂",
    "という噂",
    "という噂です",
    "と噂されている",
];

/// Where a clause ends, for a guess: a contrast or a cause joins the next clause, and a stage
/// named as the topic of an opinion (`GA になったのは大きいと思います`) is a fact.
const GUESS_BOUNDS: [&str; 7] = ["のは", "のが", "ことは", "ことが", "のに", "て、", "。"];

/// Endings of a state reached (`なっている`, `なってる`): besides the past
/// ([`super::scan::ends_in_the_past`]), hearsay or a `はず` of these reports a fact (`GA になったらしい`,
/// `GA になっているはずです`).
const REACHED_ENDINGS: [&str; 6] = ["ている", "ています", "てる", "てます", "でいる", "でいます"];

/// Words that make `…でしょう` and `…だろう` emphasis rather than a guess (`今回の目玉は何と言っても
/// X の GA でしょう`).
const EMPHASIS: [&str; 9] = [
    "目玉",
    "注目",
    "トピック",
    "一番",
    "最大",
    "ハイライト",
    "何といっても",
    "何と言っても",
    "なんといっても",
];

/// A stretch of a sentence that a guess covers, and whether it guesses only when a stage or a
/// release is its predicate (an ending guesses what its clause ends in; an adverb what follows).
struct Guess {
    range: Range<usize>,
    of_the_predicate: bool,
}

/// The stretches of `sentence` (byte ranges) that a guess covers: from a guessing adverb to its
/// clause's end (a comma or a joining predicate), and the last clause of a sentence ending in a
/// guess (`かな`, `だと思います`, `でしょう`, `はず` of what comes) or in hearsay of what comes.
fn guessed(sentence: &str) -> Vec<Guess> {
    let bound = |s: &str| -> Option<usize> {
        CONTRAST_ENDINGS
            .iter()
            .chain(&CAUSES)
            .chain(&GUESS_BOUNDS)
            .filter_map(|w| s.find(w))
            .chain(s.find(CLAUSE_BREAKS))
            .min()
    };
    let mut out = Vec::new();
    for adverb in GUESS_ADVERBS {
        for (at, _) in sentence.match_indices(adverb) {
            // `たぶん、1.33 で GA`: the comma right after the adverb ends nothing.
            let rest = &sentence[at + adverb.len()..];
            let from = sentence.len()
                - rest
                    .trim_start_matches(|c: char| c == ' ' || CLAUSE_BREAKS.contains(&c))
                    .len();
            let end = bound(&sentence[from..]).map_or(sentence.len(), |i| from + i);
            out.push(Guess {
                range: at..end,
                of_the_predicate: false,
            });
        }
    }
    // `ベータ昇格は早くても 1.34 以降`, `GA は最短で 1.35`: the earliest the stage may come, so not
    // yet, the whole sentence.
    static EARLIEST: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?:早くても|早くて|早ければ|最短でも|最短で)\s*(?:v|Kubernetes\s*)?[0-9]",
        )
        .unwrap()
    });
    // `` `X` は 1.32 でアルファ（うろ覚え） ``, `…（要確認）`: what the writer only half remembers.
    let half_remembered = ["うろ覚え", "(要確認)", "(未確認)"]
        .iter()
        .any(|w| sentence.contains(w));
    if EARLIEST.is_match(sentence) || half_remembered {
        out.push(Guess {
            range: 0..sentence.len(),
            of_the_predicate: false,
        });
    }
    // `X は 1.33 で GA になったと聞いたのですが、本当ですか？`, `…起動しないって本当？`: what the
    // sentence asks is true, to the question.
    let asked = sentence.trim_end_matches(|c: char| {
        c.is_whitespace() || matches!(c, '?' | '？' | '。' | '!' | '！')
    });
    if sentence.trim_end().ends_with(['?', '？'])
        && let Some(w) = TRUTH_QUESTIONS.iter().find(|w| asked.ends_with(*w))
    {
        out.push(Guess {
            range: 0..asked.len() - w.len(),
            of_the_predicate: false,
        });
    }
    // `仮に X が 1.33 でアルファのままだったとすると、…`: a supposed world, to the sentence's end,
    // unless a concession or contrast returns to the facts (`仮にバグがあったとしても、X は GA
    // です`), or brackets or a line end close it; not the word quoted (`「仮に」`).
    if let Some(at) = sentence.find("仮に")
        && !sentence[at + "仮に".len()..].starts_with(['」', '』', 'も'])
    {
        let from = at + "仮に".len();
        let rest = &sentence[from..];
        let end = [
            "ても",
            "でも、",
            "にせよ",
            "なら",
            "が、",
            "けど",
            "ので",
            "\n",
            "．",
            "）",
            ")",
        ]
        .iter()
        .filter_map(|w| rest.find(w))
        .min()
        .map_or(sentence.len(), |i| from + i);
        out.push(Guess {
            range: at..end,
            of_the_predicate: false,
        });
    }
    let main = sentence.trim_end_matches(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '。' | '.' | '!' | '！' | 'ー' | '〜' | 'ね' | 'よ' | 'w' | 'ｗ'
            )
    });
    // `…1.34 かな、と勝手に思っています`: a thought quoted with と before 思う is a guess too; what
    // the writer means to do (`X のベータも試してみたいと思います`, `使おうと思います`) is none.
    let thought = [
        "思っています",
        "思ってます",
        "思っている",
        "思います",
        "思う",
    ]
    .iter()
    .any(|w| main.ends_with(w))
    .then(|| main.rfind('と'))
    .flatten();
    let done = |at: usize| {
        let before = sentence[..at].trim_end();
        super::scan::ends_in_the_past(before) || REACHED_ENDINGS.iter().any(|w| before.ends_with(w))
    };
    let guess = super::scan::GUESS_ENDINGS
        .iter()
        .find(|w| main.ends_with(*w))
        .map(|w| (main.len() - w.len(), *w))
        .filter(|&(at, w)| {
            let emphatic =
                matches!(w, "でしょう" | "だろう") && EMPHASIS.iter().any(|e| sentence.contains(e));
            let known = w.starts_with("はず") && done(at);
            !(emphatic || known)
        })
        .map(|(at, _)| at)
        .or(thought)
        .filter(|&at| {
            let before = main[..at].trim_end_matches([' ', '、', ',']);
            !["たい", "よう", "おう"].iter().any(|w| before.ends_with(w))
        });
    let hearsay_at = |main: &str| {
        HEARSAY_ENDINGS
            .iter()
            .find(|w| main.ends_with(*w))
            .map(|w| main.len() - w.len())
            .filter(|&at| !done(at))
    };
    let hearsay = hearsay_at(main);
    // `ベータになるのは 1.34 らしいので、それまでは…`: hearsay closing a clause given as a cause
    // or a contrast, of that clause.
    // (And a guess: `早くて 1.33 か 1.34 だと思いますが、…`.)
    let guessed_at = |head: &str| {
        super::scan::GUESS_ENDINGS
            .iter()
            .find(|w| head.ends_with(*w))
            .map(|w| head.len() - w.len())
            .filter(|&at| !done(at))
    };
    let mut ends: Vec<usize> = guess.or(hearsay).into_iter().collect();
    for w in ["ので", "から", "けど", "けれど", "が、", "ため"] {
        for (i, _) in sentence.match_indices(w) {
            let head = sentence[..i].strip_suffix('な').unwrap_or(&sentence[..i]);
            if i < main.len()
                && let Some(at) = hearsay_at(head).or_else(|| guessed_at(head))
                && !ends.contains(&at)
            {
                ends.push(at);
            }
        }
    }
    for at in ends {
        let before = sentence[..at].trim_end_matches(|c: char| {
            c.is_whitespace() || CLAUSE_BREAKS.contains(&c) || matches!(c, '」' | '』')
        });
        let before = super::scan::GUESS_ENDINGS
            .iter()
            .find_map(|w| before.strip_suffix(w))
            .unwrap_or(before);
        let at = before.len();
        let clause_start = |before: &str| {
            CONTRAST_ENDINGS
                .iter()
                .chain(&CAUSES)
                .chain(&GUESS_BOUNDS)
                .filter_map(|w| before.rfind(w).map(|i| i + w.len()))
                .chain(
                    before
                        .rfind(CLAUSE_BREAKS)
                        .map(|i| i + before[i..].chars().next().map_or(0, char::len_utf8)),
                )
                .max()
                .unwrap_or(0)
        };
        let mut start = clause_start(before);
        // `X が GA になるのは 1.34 だと思います`: what comes, as the topic of a guessed release.
        if let Some(topic) = before[..start].strip_suffix("のは")
            && topic.ends_with('る')
        {
            start = clause_start(topic);
        }
        out.push(Guess {
            range: start..at,
            of_the_predicate: true,
        });
    }
    out
}

/// Whether `tail`, the text between the last stage word or release of a guessed clause and its
/// guessing ending, makes that stage or release the clause's predicate (`GA かな`, `GA になるはず`,
/// `1.35 だと思う`), not the topic of an opinion (`GA は嬉しいと思います`, `GA になったことで
/// Pod の再起動が減ると思います`).
fn is_a_predicate_tail(tail: &str) -> bool {
    // (`アルファ…だった気がする`: trailing off first.)
    let mut rest = tail.trim().replace(['…', '‥', '.'], "");
    for word in ["昇格", "移行", "到達", "入り", "化"] {
        rest = rest.replace(word, "");
    }
    rest.chars().count() <= 12
        && !rest.contains(['が', 'を'])
        && rest
            .chars()
            .all(|c| c == ' ' || crate::text::japanese::is_hiragana(c))
}

/// Whether the text after a stage word makes it a relative clause in the past before a noun
/// (`に昇格した KEP-3962`, `になった \`X\``, `になった機能`): a stage the sentence takes as known.
fn modifies_a_noun(after: &str) -> bool {
    let rest = after.trim_start();
    let rest = rest
        .strip_prefix(['に', 'へ', 'と'])
        .unwrap_or(rest)
        .trim_start();
    let Some(rest) = [
        "なった",
        "昇格した",
        "移行した",
        "上がった",
        "された",
        "した",
        "入った",
        "だった",
    ]
    .iter()
    .find_map(|w| rest.strip_prefix(w)) else {
        return false;
    };
    let hedged = super::scan::GUESS_ENDINGS
        .iter()
        .chain(&HEARSAY_ENDINGS)
        .chain(&["と思", "の", "ん"])
        .any(|w| rest.starts_with(w));
    !hedged
        && rest.chars().next().is_some_and(|c| {
            c == ' '
                || c == '`'
                || c == '['
                || c.is_ascii_alphanumeric()
                || crate::text::japanese::is_katakana(c)
                || (crate::text::japanese::is_kana_or_kanji(c)
                    && !crate::text::japanese::is_hiragana(c))
        })
}

/// Words by which a writer takes back what they wrote or said.
const RETRACTIONS: [&str; 6] = ["間違い", "誤り", "誤記", "訂正", "嘘でした", "ウソでした"];

/// The stretches of `text` that quote the writer's own earlier words, taken back after them
/// (`「…」と書いたのは間違い`, `…と書きましたが、誤りでした`, `…って言っちゃったんですけど、あれ間違いで`):
/// from the opening `「` before the quoting verb, else from its clause's start (after a `訂正:`
/// label), to the verb.
fn retracted(text: &str) -> Vec<Range<usize>> {
    const QUOTED: [&str; 10] = [
        "と書いた",
        "って書いた",
        "と書きました",
        "と書いてしま",
        "と言った",
        "って言った",
        "って言っちゃ",
        "と言ってしま",
        "と言いました",
        "と紹介しました",
    ];
    let mut out = Vec::new();
    for w in QUOTED {
        for (at, _) in text.match_indices(w) {
            // (Taken back after it: `ごめん訂正、さっき…って書いたけど、合ってた` takes nothing back.)
            if !RETRACTIONS.iter().any(|r| text[at..].contains(r)) {
                continue;
            }
            let before = &text[..at];
            let start = match before.trim_end().strip_suffix(['」', '』']) {
                Some(quoted) => quoted.rfind(['「', '『']).unwrap_or(0),
                None => {
                    let clause = before.rfind(['。', '\n', '、']).map_or(0, |i| {
                        i + before[i..].chars().next().map_or(0, char::len_utf8)
                    });
                    let label = before[clause..].find(':').map_or(0, |i| i + 1);
                    clause + label
                }
            };
            out.push(start..at);
        }
    }
    out
}

/// Per token of a block, whether it states no fact of the release, and whether a guess is why,
/// or the writer's taking the words back ([`retracted`]).
pub(super) struct Muted {
    pub(super) all: Vec<bool>,
    pub(super) guessed: Vec<bool>,
    pub(super) taken_back: Vec<bool>,
}

/// Which tokens of the block state no fact of the release: the stage and default words of a
/// clause that is a plan (`v1.33でStableへの昇格を目指しています`, `is expected to reach GA`), and
/// those after a word of the past up to a new clause (`以前のKubernetesバージョンでは、…デフォルトで
/// 無効化されており`, `previously`, `before v1.30`). A removal after a word of the past stays
/// (`以前はAlphaだった X は利用できなくなりました` is a removal now). A question (`…GAになるのでしょうか？`,
/// `…かどうか`) and a guess (`たぶん`, `…かな`, `…だと思います`, `…らしい` of what comes) state
/// nothing.
pub(super) fn muted_tokens(view: &BlockView) -> Muted {
    let text = view.text();
    let tokens = &view.tokens;
    let mut muted = vec![false; tokens.len()];
    let mut guessed_tokens = vec![false; tokens.len()];
    fn states(k: TokenKind) -> bool {
        matches!(
            k,
            TokenKind::StageWord(_) | TokenKind::ApiVersion(_) | TokenKind::Default(_)
        )
    }
    /// Mutes the stating tokens that start in `r`.
    fn mute(tokens: &[super::scan::Token], muted: &mut [bool], r: Range<usize>) {
        let from = tokens.partition_point(|u| u.range.start < r.start);
        for (j, u) in tokens.iter().enumerate().skip(from) {
            if u.range.start >= r.end {
                break;
            }
            if states(u.kind) {
                muted[j] = true;
            }
        }
    }
    // `…GAになるのでしょうか？`, `…GAになるかどうかに注目しています`: a question states nothing.
    // What a cause or a contrast before it takes as known still stands (`ベータでもデフォルト無効
    // なので、本番投入は次以降？`): the question is its last clause.
    for sentence in &view.sentences {
        let said = text[sentence.clone()].trim_end();
        if said.contains("かどうか") || said.contains("でしょうか") {
            mute(tokens, &mut muted, sentence.clone());
        } else if said.ends_with(['?', '？']) {
            // (A cause or contrast closes its clause with a comma: `GA になるのでは、と期待`
            // asks all of it.)
            let asked_from = CONTRAST_ENDINGS
                .iter()
                .chain(&["ので", "ため"])
                .filter_map(|w| {
                    said.match_indices(w)
                        .map(|(i, _)| i + w.len())
                        .filter(|&end| said[end..].starts_with(['、', ',']))
                        .last()
                })
                .max()
                .unwrap_or(0);
            mute(
                tokens,
                &mut muted,
                sentence.start + asked_from..sentence.end,
            );
        }
    }
    // `「\`X\` は 1.33 で GA」って言っちゃったんですけど、あれ間違いで、ベータです`, `\`X\` は GA と
    // 書きましたが、誤りでした。正しくはベータです。`: what the writer quotes of their own earlier
    // words and takes back states nothing.
    let mut taken_back = vec![false; tokens.len()];
    if RETRACTIONS.iter().any(|w| text.contains(w)) {
        for r in retracted(text) {
            mute(tokens, &mut taken_back, r);
        }
        for (m, &t) in muted.iter_mut().zip(&taken_back) {
            *m |= t;
        }
    }
    // `たぶん 1.33 で GA`, `GA は 1.35 だと思う`, `1.34 で GA かな`: a guess states nothing; a
    // stage told of the noun it modifies (`ベータに昇格した KEP-3962 は…でしょう`) is taken as known.
    for sentence in &view.sentences {
        // (Most sentences state no stage: read only those that do.)
        let first = tokens.partition_point(|u| u.range.start < sentence.start);
        if !tokens[first..]
            .iter()
            .take_while(|u| u.range.start < sentence.end)
            .any(|u| states(u.kind))
        {
            continue;
        }
        for guess in guessed(&text[sentence.clone()]) {
            let range = sentence.start + guess.range.start..sentence.start + guess.range.end;
            let from = tokens.partition_point(|u| u.range.start < range.start);
            let inside = || {
                tokens[from..]
                    .iter()
                    .enumerate()
                    .take_while(|(_, u)| u.range.start < range.end)
                    .map(move |(k, u)| (from + k, u))
            };
            if guess.of_the_predicate {
                let last = inside()
                    .filter(|(_, u)| states(u.kind) || matches!(u.kind, TokenKind::Release(_)))
                    .last();
                match last {
                    Some((_, u)) if is_a_predicate_tail(&text[u.range.end..range.end]) => {}
                    _ => continue,
                }
            }
            let guessed: Vec<usize> = inside()
                .filter(|(_, u)| states(u.kind) && !modifies_a_noun(&text[u.range.end..]))
                .map(|(j, _)| j)
                .collect();
            for j in guessed {
                muted[j] = true;
                guessed_tokens[j] = true;
            }
        }
    }
    // `alpha → beta → GA の流れを解説`, `ベータのプロセス`, `From KEP to GA`: stages named as the
    // steps of the process every feature goes through, not stages a feature reached.
    for (i, t) in tokens.iter().enumerate() {
        // (Not a chain of dated steps, `v1.28 alpha → v1.29 beta → v1.33 GA の流れで昇格`.)
        if !matches!(t.kind, TokenKind::StageWord(_))
            || !(names_the_process(&text[t.range.end..]) || on_the_way_to(&text[..t.range.start]))
            || release_next_to(text, tokens, i).is_some()
        {
            continue;
        }
        muted[i] = true;
        let mut k = i;
        while let Some(p) = k.checked_sub(1)
            && matches!(tokens[p].kind, TokenKind::StageWord(_))
            && super::scan::ARROWS
                .contains(&text[tokens[p].range.end..tokens[k].range.start].trim())
        {
            muted[p] = true;
            k = p;
        }
    }
    // `非推奨や削除の公式な一覧`, `アルファやベータの機能`: stages listed as kinds of change, a
    // topic, not a stage anything reached.
    // (`削除` alone is no stage word: it is read as one only where it ends a statement.)
    for (i, t) in tokens.iter().enumerate() {
        if !matches!(t.kind, TokenKind::StageWord(_)) {
            continue;
        }
        let Some(listed) = text[t.range.end..].trim_start().strip_prefix('や') else {
            continue;
        };
        let next_is_stage = tokens.get(i + 1).is_some_and(|n| {
            matches!(n.kind, TokenKind::StageWord(_))
                && text[t.range.end..n.range.start].trim() == "や"
        });
        if next_is_stage
            || ["削除", "廃止"]
                .iter()
                .any(|w| listed.trim_start().starts_with(w))
        {
            muted[i] = true;
            if next_is_stage {
                muted[i + 1] = true;
            }
        }
    }
    // `GA から一定期間たったゲートが消えている`, `非推奨から 2 リリース経過した API`: the time since a
    // stage is counted, the thing's history, not where it stands (`ベータから GA に昇格` is a
    // transition, read by its target; `1.31 でアルファになってから 2 年` still dates the alpha).
    for (i, t) in tokens.iter().enumerate() {
        if matches!(t.kind, TokenKind::StageWord(_))
            && counts_time_since(&text[t.range.end..])
            && release_next_to(text, tokens, i).is_none()
        {
            muted[i] = true;
        }
    }
    // `k/k#129543 の GA PR`, `ベータ昇格のプルリク`: the stage names what a pull request is for,
    // not a stage reached.
    for (i, t) in tokens.iter().enumerate() {
        if matches!(t.kind, TokenKind::StageWord(_)) && names_a_pull_request(&text[t.range.end..]) {
            muted[i] = true;
        }
    }
    // `非推奨となって v1.36 で削除されます` in a 1.33 article: a removal a later release will
    // make is a plan; in the article's own release (`v1.33 で削除されます`) it is the release's.
    // (The last release before the removal in its sentence: `v1.35 で削除されます`, `v1.35では、
    // 次のフィーチャーゲートが削除されます。`)
    for (i, t) in tokens.iter().enumerate() {
        if !super::scan::is_future_removal(text, t) {
            continue;
        }
        let sentence = view.sentence_at(t.range.start);
        let release = tokens[..i]
            .iter()
            .rev()
            .take_while(|u| u.range.start >= sentence.start)
            .find(|u| matches!(u.kind, TokenKind::Release(_)));
        if release
            .is_some_and(|u| matches!(u.kind, TokenKind::Release(r) if Some(r) != view.release))
        {
            muted[i] = true;
        }
    }
    for (i, t) in tokens.iter().enumerate() {
        match t.kind {
            TokenKind::Plan => {
                // `ベータに昇格しました（GA は v1.35 予定）`: a plan in brackets with a stage of its
                // own is the aside's; `GA（予定）` is the stage's.
                let sentence = view.sentence_at(t.range.start);
                let aside = aside_around(text, sentence.clone(), t.range.start);
                let states_own = tokens
                    .iter()
                    .any(|u| aside.contains(&u.range.start) && states(u.kind));
                // `非推奨（v1.36 で削除予定）`: a planned removal in brackets is the aside's too
                // (`削除予定` is no stage word, see the scanner).
                let plans_a_removal =
                    aside != sentence && names_a_removal(&text[aside.start..t.range.start]);
                let sentence = if states_own || plans_a_removal {
                    aside
                } else {
                    sentence
                };
                let start =
                    plan_clause_start(text, tokens, view.release, sentence.start, t.range.start);
                let start = stage_connective_end(text, tokens, view.release, start, t.range.start)
                    .unwrap_or(start);
                let end = text[t.range.end..sentence.end]
                    .find(CLAUSE_BREAKS)
                    .map_or(sentence.end, |p| t.range.end + p);
                let from = tokens.partition_point(|u| u.range.start < start);
                for j in from..tokens.len() {
                    let u = &tokens[j];
                    if u.range.start >= end {
                        break;
                    }
                    if states(u.kind)
                        && !done_before_a_plan(text, tokens, &sentence, j, t.range.start)
                    {
                        muted[j] = true;
                    }
                }
            }
            // `has been deprecated and will be removed in v1.35`: what will happen, up to the
            // clause's end or the next `and`/`but`, is not what the release did.
            TokenKind::Will => {
                let sentence = aside_around(text, view.sentence_at(t.range.start), t.range.start);
                for (j, u) in tokens.iter().enumerate().skip(i + 1) {
                    let word = &text[u.range.clone()];
                    if u.range.start >= sentence.end
                        || text[t.range.end..u.range.start].contains(CLAUSE_BREAKS)
                        || (u.kind == TokenKind::Ident
                            && (word.eq_ignore_ascii_case("and")
                                || word.eq_ignore_ascii_case("but")))
                    {
                        break;
                    }
                    if states(u.kind) {
                        muted[j] = true;
                    }
                }
            }
            TokenKind::Past => {
                let sentence = view.sentence_at(t.range.start);
                // `長らくアルファでした`, `かつてはベータ`: the stage right after was so long
                // before the release (`長らく待たれていた KEP-3962 がベータに` says nothing of a
                // stage); `1.27 から長らくアルファでした` dates it (see `release_next_to`).
                if is_how_long(&text[t.range.clone()]) {
                    if let Some(u) = tokens.get(i + 1)
                        && matches!(u.kind, TokenKind::StageWord(_))
                        && matches!(text[t.range.end..u.range.start].trim(), "" | "は" | "、")
                        && how_long_since(text, tokens, i).is_none()
                    {
                        muted[i + 1] = true;
                    }
                    continue;
                }
                for (j, u) in tokens.iter().enumerate().skip(i + 1) {
                    // `1.33 以前はアルファだった X が 1.34 でベータに`: the article's release (or a
                    // later one) is no longer the past.
                    let now = matches!(u.kind, TokenKind::Release(r) if view.release.is_some_and(|v| r >= v))
                        && !["より前", "未満", "以前", "まで"]
                            .iter()
                            .any(|w| text[u.range.end..].trim_start().starts_with(w));
                    if u.range.start >= sentence.end
                        || is_clause_break(&text[t.range.end..u.range.start])
                        || now
                    {
                        break;
                    }
                    if states(u.kind) && u.kind != TokenKind::StageWord(Stage::Removed) {
                        muted[j] = true;
                    }
                }
            }
            _ => {}
        }
    }
    Muted {
        all: muted,
        guessed: guessed_tokens,
        taken_back,
    }
}

/// Whether a first-column body cell that is only a name stands twice in the table whose first
/// cell is block `first`.
fn repeats_a_name(doc: &Doc, first: usize) -> bool {
    let Some(table) = doc.blocks[first].cell.map(|c| c.table) else {
        return false;
    };
    // A table's cells are blocks in a row, from its first.
    let mut seen = std::collections::HashSet::new();
    doc.blocks[first..]
        .iter()
        .enumerate()
        .take_while(|(_, b)| b.cell.is_some_and(|c| c.table == table))
        .filter(|(k, b)| {
            b.cell.is_some_and(|c| c.column == 0 && !c.head) && is_one_name(doc, first + k)
        })
        .any(|(_, b)| !seen.insert(b.text.trim()))
}

/// `## 卒業基準`, `## Graduation Criteria`, `### 昇格の条件`: a heading over what a KEP must do to
/// reach its stages (in a KEP's README and its translations).
fn heads_criteria(heading: &str) -> bool {
    let lower = heading.to_ascii_lowercase();
    [
        "卒業基準",
        "卒業条件",
        "昇格基準",
        "昇格条件",
        "昇格の条件",
        "卒業の条件",
        "graduation criteria",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// Every stage word of the block is one stage (`## 削除されたフィーチャーゲート`; not `Graduated
/// または Deprecated`).
fn states_one_stage(view: &BlockView) -> bool {
    // `GA 済みでロックされていたゲートのうち、以下が 1.33 で削除されました。`: what comes before
    // `のうち` says which of them, not what they did.
    let text = view.text();
    let from = ["のうち", "の中から", "の中で"]
        .iter()
        .filter_map(|w| text.rfind(w).map(|i| i + w.len()))
        .max()
        .unwrap_or(0);
    let mut stages = view.tokens.iter().filter_map(|t| match t.kind {
        TokenKind::StageWord(s) if t.range.start >= from => Some(s),
        _ => None,
    });
    stages.next().is_none_or(|first| stages.all(|s| s == first))
}

/// `| フィーチャーゲート | GA になったバージョン |` under `## 削除されたフィーチャーゲート` or a lead
/// saying so: the stage of a cell's row, dated before the release, where the table's lead or
/// heading removes or deprecates its entries in the release. It is the entry's history; the
/// lead says where it stands.
fn row_before_a_removal(view: &BlockView) -> Option<Stated> {
    let row = view.row_stage.get()?;
    let earlier = row
        .release
        .zip(view.release)
        .is_some_and(|(r, now)| r < now);
    let removal_now = view.list_stage.get().is_some_and(|l| {
        matches!(l.stage, Stage::Removed | Stage::Deprecated)
            && l.release.is_none_or(|r| Some(r) == view.release)
    });
    (earlier && removal_now).then_some(row)
}

/// One of [`super::scan::HOW_LONG_WORDS`].
fn is_how_long(word: &str) -> bool {
    super::scan::HOW_LONG_WORDS.contains(&word)
}

/// `1.27 から長らくアルファでした`: the release the how-long word `tokens[i]` counts from, named
/// right before it (`v1.32 で、長らくベータだった X が GA に` dates the GA, not the beta).
fn how_long_since(text: &str, tokens: &[super::scan::Token], i: usize) -> Option<Release> {
    let u = &tokens[i.checked_sub(1)?];
    let TokenKind::Release(r) = u.kind else {
        return None;
    };
    matches!(
        text[u.range.end..tokens[i].range.start].trim(),
        "から" | "以来" | "以降" | "より"
    )
    .then_some(r)
}

/// The text after a stage word counts the time since it (`から一定期間たった`, `から 2 リリース
/// 経過した`, `から1年`, `になってから3リリース後`): within a few words after `から`, a span of time.
fn counts_time_since(after: &str) -> bool {
    let Some(rest) = ["になってから", "してから", "から"]
        .iter()
        .find_map(|w| after.trim_start().strip_prefix(w))
    else {
        return false;
    };
    let window: String = rest.chars().take(12).collect();
    const SPANS: [&str; 8] = [
        "期間",
        "経っ",
        "たっ",
        "経過",
        "年",
        "か月",
        "ヶ月",
        "リリース後",
    ];
    SPANS.iter().any(|w| window.contains(w))
}

/// The text after a stage word goes on to the pull request it qualifies: `GA PR`, `GA 化 PR`,
/// `ベータ昇格の PR`, `ベータへの昇格プルリク`, or the issue tracking the move (`ベータ昇格の追跡
/// Issue`, `GA tracking issue`).
fn names_a_pull_request(after: &str) -> bool {
    let mut rest = after.trim_start();
    for word in ["への", "に", "へ", "昇格", "化", "の", " "] {
        rest = rest.strip_prefix(word).unwrap_or(rest).trim_start();
    }
    rest.starts_with("PR") && !rest[2..].starts_with(|c: char| c.is_ascii_alphabetic())
        || rest.starts_with("プルリク")
        || rest.starts_with("pull request")
        || ["追跡 issue", "追跡issue", "tracking issue", "追跡イシュー"]
            .iter()
            .any(|w| {
                rest.len() >= w.len()
                    && rest.is_char_boundary(w.len())
                    && rest[..w.len()].eq_ignore_ascii_case(w)
            })
}

/// The bracketed aside of `sentence` that holds byte `at` (`（GA は v1.35 予定）`, `(will be GA)`),
/// inside its brackets, or the whole sentence when `at` is in none.
pub(super) fn aside_around(text: &str, sentence: Range<usize>, at: usize) -> Range<usize> {
    let mut depth = 0usize;
    let mut open = None;
    for (i, c) in text[sentence.start..at].char_indices().rev() {
        match c {
            ')' | '）' => depth += 1,
            '(' | '（' if depth > 0 => depth -= 1,
            '(' | '（' => {
                open = Some(sentence.start + i + c.len_utf8());
                break;
            }
            _ => {}
        }
    }
    let Some(open) = open else {
        return sentence;
    };
    let mut depth = 0usize;
    for (i, c) in text[at..sentence.end].char_indices() {
        match c {
            '(' | '（' => depth += 1,
            ')' | '）' if depth > 0 => depth -= 1,
            ')' | '）' => return open..at + i,
            _ => {}
        }
    }
    sentence
}

/// The stages the leads of lists, the headings and `feature-state` lines state. Blocks are
/// visited in order and the enclosing headings kept on a stack (at most six deep), so finding
/// them costs nothing per block: walking back from every block was quadratic in a document of a
/// million table cells.
/// A heading whose section the visit is in.
#[derive(Clone, Copy)]
struct OpenHeading {
    level: u8,
    block: usize,
    /// The one release it names, in an article of no release of its own.
    release: Option<Release>,
    /// It states the stage of a subject of its own ([`has_a_subject_of_its_own`]): its stage is
    /// that subject's (`from_subject_headings`), not its section's.
    of_a_subject: bool,
    /// It heads what a KEP must do to reach a stage (`## 卒業基準`, `## Graduation Criteria`):
    /// the stages of the headings and leads under it are requirements, not what happened.
    criteria: bool,
}

#[derive(Default)]
pub(super) struct Leads {
    /// Stage each heading or lead block states, computed once.
    stated: HashMap<usize, Option<Stated>>,
    /// The open headings, outermost first.
    headings: Vec<OpenHeading>,
    /// The last paragraph of the current section (a list's lead).
    lead: Option<usize>,
    /// The `feature-state` line of the current section (`FEATURE STATE: Kubernetes v1.16 [alpha]`).
    feature_state: Option<Stated>,
    /// Whether the current section has had a paragraph of prose.
    said: bool,
    /// The table being visited.
    table: Option<OpenTable>,
    /// The last list summary looked for ([`Leads::summed_up`]).
    summary: Option<Summary>,
}

/// What [`Leads::summed_up`] found for the items of a list (by their parent item) before block
/// `until` (the summary, or where the list ended): every item before it has the same answer.
#[derive(Debug, Clone, Copy)]
struct Summary {
    parent: Option<usize>,
    until: usize,
    stated: Option<Stated>,
}

/// A table being visited: which, the paragraph before it (its lead, as a list's), and whether
/// its first column names a thing in two rows (a table of stages by release,
/// `| \`X\` | Alpha | 1.7 |` / `| \`X\` | Beta | 1.8 |`, which states each row's stage itself).
#[derive(Debug, Clone, Copy)]
struct OpenTable {
    index: usize,
    lead: Option<usize>,
    repeats: bool,
}

impl Leads {
    /// Moves to the block of `view` (call in order, once per block) and sets its list, heading
    /// and section stages.
    pub(super) fn visit(&mut self, views: &Views, view: &BlockView) {
        let doc = views.doc;
        let index = view.index;
        let block = &doc.blocks[index];
        if let BlockKind::Heading(level) = block.kind {
            // Its own stage, for the blocks below it, from the view already made.
            self.stated.insert(index, heading_stage(views, view));
            while self.headings.last().is_some_and(|h| h.level >= level) {
                self.headings.pop();
            }
            // A heading's section stage is its parents'.
            view.section_stage.set(self.section_stage(views));
            // A removal heading's stage is settled for its whole section (`removal_sections`).
            // (Of a heading that names one KEP or gate: `### サイドカーコンテナ（KEP-753）`.)
            let timeline = if names_one(view) {
                views.timeline(block.section)
            } else {
                &[]
            };
            if one_thing_removal(&block.text).is_none() {
                // The section's text first, then its timeline's step for the article's release.
                let from_table = || {
                    timeline
                        .iter()
                        .find(|d| Some(d.release) == view.release)
                        .map(|d| Stated {
                            stage: d.stage,
                            release: Some(d.release),
                        })
                };
                view.heading_stage.set(
                    body_stage(views, index)
                        .filter(|s| s.release.is_none() || s.release == view.release)
                        .or_else(from_table)
                        .or_else(|| stage_line(views, index)),
                );
            }
            view.timeline.replace(timeline.to_vec());
            let release = one_release(view).filter(|&r| match view.release {
                None => true,
                Some(now) => r != now && looks_at_another_release(view.text()),
            });
            self.headings.push(OpenHeading {
                level,
                block: index,
                release,
                of_a_subject: has_a_subject_of_its_own(view),
                criteria: heads_criteria(view.text()),
            });
            self.lead = None;
            self.feature_state = None;
            self.said = false;
            return;
        }
        if block.text.trim_start().starts_with(FEATURE_STATE_LABEL) {
            self.feature_state = whole_block_stage(view);
        }
        // `- **GA に昇格したもの**` over `  - サイドカーコンテナ（\`SidecarContainers\`）`: the parent
        // item heads its nested items as a heading does its section.
        let parent_form = block
            .parent_item
            .filter(|_| block.kind == BlockKind::ListItem)
            .and_then(|p| lead_form(views.get(p)).map(|form| (p, form)));
        let parent_lead = parent_form.and_then(|(p, _)| self.stated(views, p));
        if block.kind == BlockKind::ListItem && is_one_name(doc, index) {
            let subject_heading = self
                .headings
                .last()
                .filter(|h| h.of_a_subject && !h.criteria)
                .map(|h| h.block);
            // (Under a lead, `併用できる機能:`, the list is what the lead says it is.)
            view.names_the_subject.set(
                block.parent_item.is_none()
                    && self.lead.is_none()
                    && subject_heading.is_some_and(|h| self.stated(views, h).is_some()),
            );
        }
        if block.kind == BlockKind::ListItem
            && (is_one_name(doc, index) || led_by_a_name(doc, index))
        {
            view.list_stage.set(
                parent_lead
                    .or_else(|| self.summed_up(views, index))
                    .or_else(|| self.list_stage(views)),
            );
        }
        // `## 削除されたフィーチャーゲート` or `1.32 では、以下のフィーチャーゲートが削除されました。`
        // over `| フィーチャーゲート | KEP |` / `` | `PodHostIPs` | KEP-2681 | ``: a first-column
        // body cell that is only a name is an entry of the table as of a list, and takes the
        // stage its lead or heading states (not a later column's, `| 代替 |`, `| 新ゲート |`).
        if let Some(cell) = block.cell {
            let table = match self.table {
                Some(t) if t.index == cell.table => t,
                _ => OpenTable {
                    index: cell.table,
                    lead: self.lead,
                    repeats: repeats_a_name(doc, index),
                },
            };
            self.table = Some(table);
            if !cell.head && cell.column == 0 && !table.repeats && is_one_name(doc, index) {
                // (`### GraduatedまたはDeprecatedのフィーチャーゲート` over a table of stages per
                // release names no one stage of its entries.)
                view.list_stage.set(
                    self.list_stage_from(views, table.lead)
                        .filter(|&(_, i)| states_one_stage(views.get(i)))
                        .map(|(s, _)| s),
                );
            }
        }
        // A table's cells lead no list (a raw `<table>`'s cells are paragraphs), and a table
        // between a paragraph and a list parts them.
        if block.cell.is_some() {
            self.lead = None;
        } else if block.kind == BlockKind::Paragraph {
            self.lead = Some(index);
            if block.parent_item.is_none() && !block.in_note {
                view.opens_section.set(!self.said);
                self.said = true;
            }
        }
        // `ちなみに 1.31 では以下のような変更もありました。` over its items: the release the lead
        // is about dates what they say, as a heading naming it would.
        let lead_release = self
            .lead
            .filter(|_| block.kind == BlockKind::ListItem)
            .and_then(|p| release_a_lead_is_about(views.get(p)))
            .filter(|&r| Some(r) != view.release);
        view.section_release
            .set(lead_release.or_else(|| self.headings.iter().rev().find_map(|h| h.release)));
        // A title heads whatever its items say; a sentence introducing its list only the items
        // that are names (`- 以下の条件を満たしたため、ベータに昇格しました。` over a condition).
        let parent_lead = parent_lead
            .filter(|_| parent_form.is_some_and(|(_, form)| form == LeadForm::Title))
            .filter(|s| !matches!(s.stage, Stage::Removed | Stage::Deprecated));
        view.section_stage.set(
            parent_lead
                .or(self.feature_state)
                .or_else(|| self.section_stage(views)),
        );
    }

    fn stated(&mut self, views: &Views, i: usize) -> Option<Stated> {
        *self
            .stated
            .entry(i)
            .or_insert_with(|| whole_block_stage(views.get(i)))
    }

    /// The stage the nearest heading above states, walking up through its parents. Removals and
    /// deprecations are left out: `## 非推奨化と削除` names what the section is about, not what
    /// each item did (a heading about one removal is `removal_sections`' business).
    fn section_stage(&mut self, views: &Views) -> Option<Stated> {
        if self.in_criteria() {
            return None;
        }
        for k in (0..self.headings.len()).rev() {
            let OpenHeading {
                block: h,
                of_a_subject,
                ..
            } = self.headings[k];
            if of_a_subject {
                continue;
            }
            match self.stated(views, h) {
                Some(Stated {
                    stage: Stage::Removed | Stage::Deprecated,
                    ..
                }) => return None,
                Some(s) => return Some(s),
                None => {}
            }
        }
        None
    }

    /// For a list item of one name, the stage the paragraph before its list (in the same
    /// section) states, else its section heading's: `このリリースには、GAに昇格した合計23の機能強化が
    /// 含まれています:` or `### GAへの昇格` → stable.
    fn list_stage(&mut self, views: &Views) -> Option<Stated> {
        self.list_stage_from(views, self.lead).map(|(s, _)| s)
    }

    /// The stage a later item of the list of item `index`, or the paragraph right after the
    /// list, states of all its items (`- どれも v1.33 でアルファとして追加`, `これらはすべて GA に昇格
    /// しました。`), when it names no KEP or gate of its own.
    fn summed_up(&mut self, views: &Views, index: usize) -> Option<Stated> {
        let doc = views.doc;
        let parent = doc.blocks[index].parent_item;
        // (Each item of a list would read the rest of it again: a long list is read once.)
        if let Some(s) = self.summary
            && s.parent == parent
            && index < s.until
        {
            return s.stated;
        }
        let (until, stated) = self.find_summary(views, index);
        self.summary = Some(Summary {
            parent,
            until,
            stated,
        });
        stated
    }

    /// [`Leads::summed_up`] read from the text: the block where the reading stopped, and the
    /// stage found there.
    fn find_summary(&mut self, views: &Views, index: usize) -> (usize, Option<Stated>) {
        let doc = views.doc;
        let parent = doc.blocks[index].parent_item;
        // Whether block `j` stands inside an item of this list from `index` on.
        let inside_the_list = |j: usize| {
            let mut at = doc.blocks[j].parent_item;
            while let Some(k) = at {
                if k >= index && doc.blocks[k].parent_item == parent {
                    return true;
                }
                at = doc.blocks[k].parent_item;
            }
            false
        };
        for j in index + 1..doc.blocks.len() {
            let b = &doc.blocks[j];
            let sibling = b.kind == BlockKind::ListItem && b.parent_item == parent;
            if !sibling && inside_the_list(j) {
                continue;
            }
            let after = parent.is_none()
                && b.kind == BlockKind::Paragraph
                && b.parent_item.is_none()
                && b.cell.is_none();
            if !(sibling || after) {
                return (j, None);
            }
            let view = views.get(j);
            let text = view.text();
            if sums_up(text) && !view.tokens.iter().any(|t| names_a_kep_or_gate(text, t)) {
                return (j, self.stated(views, j));
            }
            if after {
                return (j, None);
            }
        }
        (doc.blocks.len(), None)
    }

    /// Whether a heading open now heads a KEP's graduation criteria.
    fn in_criteria(&self) -> bool {
        self.headings.iter().any(|h| h.criteria)
    }

    /// [`Leads::list_stage`] of a list (or table) led by paragraph `lead`, with the block that
    /// states it.
    fn list_stage_from(&mut self, views: &Views, lead: Option<usize>) -> Option<(Stated, usize)> {
        if self.in_criteria() {
            return None;
        }
        // (A heading with a subject of its own lends its stage to that subject only.)
        let heading = self
            .headings
            .last()
            .filter(|h| !h.of_a_subject)
            .map(|h| h.block);
        // A paragraph that names a KEP or gate states that one's stage (`` `A` は 1.34 でベータに
        // なります。 `` before a list of notes), unless it introduces the list (`…以下のゲートが
        // ベータになりました:`).
        // (`KEP-753 が GA になりました。関連:` states KEP-753's, and its last sentence, which
        // introduces the list, none.)
        let lead = lead.filter(|&p| {
            let view = views.get(p);
            let text = view.text().trim_end();
            let last = view.sentences.last().cloned().unwrap_or(0..text.len());
            let introduces = (text.ends_with([':', '：'])
                && view
                    .tokens_in(&last)
                    .iter()
                    .any(|t| matches!(t.kind, TokenKind::StageWord(_))))
                || introduces_a_list(text)
                || !text.ends_with(['。', '.', ':', '：']);
            introduces || !view.tokens.iter().any(|t| names_a_kep_or_gate(text, t))
        });
        [lead, heading]
            .into_iter()
            .flatten()
            .find_map(|i| self.stated(views, i).map(|s| (s, i)))
    }
}

/// Words that open a sentence about every item of the list before it (`どれも`, `これらはすべて`,
/// `上記の機能は`, `3つとも`).
const SUMMING_UP: &[&str] = &[
    "どれも",
    "いずれも",
    "いずれの",
    "すべて",
    "全て",
    "全部",
    "これら",
    "以上の",
    "以上は",
    "上記",
    "どちらも",
    "両方",
    "ともに",
    "共に",
    "all of these",
    "all of them",
    "these",
];

/// Whether `text` opens with words about every item of the list before it, or with a count of
/// them and `とも` (`3つとも`, `三つとも`).
fn sums_up(text: &str) -> bool {
    let text = text.trim_start();
    let lower = text.to_ascii_lowercase();
    SUMMING_UP.iter().any(|w| lower.starts_with(w))
        || text.split_once("とも").is_some_and(|(count, _)| {
            let count = count.trim_end_matches(['つ', '個', '件']);
            !count.is_empty()
                && count
                    .chars()
                    .all(|c| c.is_ascii_digit() || "一二三四五六七八九十".contains(c))
        })
}

/// Words a heading about a stage is made of besides the stage and the release
/// (`GA に昇格した機能`, `v1.33 で新たにアルファになったもの`, `Graduating to Stable`): a heading with
/// any other word has a subject of its own.
const CATEGORY_WORDS: &[&str] = &[
    "フィーチャーゲート",
    "ハイライト",
    "アップデート",
    "リリース",
    "ステージ",
    "トピック",
    "ゲート",
    "機能強化",
    "新機能",
    "変更点",
    "機能",
    "強化",
    "変更",
    "主",
    "注目",
    "一覧",
    "項目",
    "昇格",
    "卒業",
    "到達",
    "追加",
    "導入",
    "新規",
    "新",
    "今回",
    "以降",
    "版",
    "正式",
    "段階",
    "済",
    "入",
    "化",
    "予定",
    "候補",
    "今後",
    "目指",
    // The author's view of the items (`アルファで面白いもの`, `気になる GA 機能`): which of them the
    // section picks, not what it is about.
    "面白",
    "気になる",
    "便利",
    "嬉",
    "個人的",
    "推し",
    "オススメ",
    "ピックアップ",
    "チェック",
    // A label in front of the heading (`参考: 1.32 で削除されたゲート`, `補足 GA になったもの`): what
    // kind of section it is, not what it is about.
    "参考",
    "メモ",
    "補足",
    "備考",
    "余談",
    "番外編",
    "付録",
    "復習",
    "早見表",
    "features",
    "feature",
    "enhancements",
    "enhancement",
    "appendix",
    "summary",
    "recap",
    "bonus",
    "notes",
    "note",
    "graduating",
    "graduated",
    "graduate",
    "graduations",
    "promoted",
    "highlights",
    "updates",
    "changes",
    "new",
    "net",
    "to",
    "in",
    "and",
    "the",
    "kubernetes",
    "keps",
    "kep",
    "gates",
    "improvements",
    "improvement",
    "that",
    "which",
    "have",
    "has",
    "been",
    "were",
    "was",
    "are",
    "is",
    "for",
    "of",
    "with",
    "what",
    "now",
    "into",
    "from",
    "release",
    "other",
    "notable",
    "major",
    "key",
    "list",
    "this",
    "these",
    "主要",
    "その他",
    "他",
    "移行",
    "個",
    "件",
];

/// A heading that states a stage of a subject of its own (`サイドカーコンテナが GA 🎉`,
/// `Podレベルリソースのインプレース更新(アルファ)`, `` `VolumeAttributesClass` 【GA】 ``), not a stage
/// its section's items share (`GA に昇格した機能`, `🎉 Stable`): what remains of it without its
/// stage words, releases, category words, symbols and emoji is a word.
fn has_a_subject_of_its_own(view: &BlockView) -> bool {
    if !view.is_heading() {
        return false;
    }
    let text = without_closing_note(view.text());
    let mut rest = String::with_capacity(text.len());
    let mut at = 0;
    for t in view.tokens.iter().filter(|t| t.range.end <= text.len()) {
        if matches!(
            t.kind,
            TokenKind::StageWord(_) | TokenKind::Release(_) | TokenKind::Default(_)
        ) {
            rest.push_str(&text[at..t.range.start.max(at)]);
            rest.push(' ');
            at = at.max(t.range.end);
        }
    }
    rest.push_str(&text[at.min(text.len())..]);
    // Longest first, so that `主要` goes whole, not as `主` leaving `要`.
    static CATEGORY: std::sync::LazyLock<aho_corasick::AhoCorasick> =
        std::sync::LazyLock::new(|| {
            aho_corasick::AhoCorasick::builder()
                .match_kind(aho_corasick::MatchKind::LeftmostLongest)
                .build(CATEGORY_WORDS)
                .expect("the category words build a matcher")
        });
    let rest = CATEGORY.replace_all(&rest.to_lowercase(), &[" "; CATEGORY_WORDS.len()]);
    // Kana between words are particles and endings (`が`, `になった`, `したもの`): only kanji,
    // katakana and Latin letters make a subject.
    rest.chars().any(|c| {
        use crate::text::japanese::{is_hiragana, is_kana_or_kanji};
        c.is_ascii_alphabetic()
            || (is_kana_or_kanji(c) && !is_hiragana(c) && !matches!(c, 'ー' | '・'))
    })
}

/// `アルファで入ったもの（触らない）`: a heading without the short note closing it in brackets,
/// kanji and kana only, that says what to do with what it heads rather than what that is.
fn without_closing_note(heading: &str) -> &str {
    const NOTE_CHARS: usize = 12;
    let trimmed = heading.trim_end();
    let Some(body) = trimmed.strip_suffix(['）', ')']) else {
        return heading;
    };
    let Some(open) = body.rfind(['（', '(']) else {
        return heading;
    };
    let note = &body[open + body[open..].chars().next().map_or(1, char::len_utf8)..];
    let plain = note.chars().count() <= NOTE_CHARS
        && note.chars().all(|c| {
            use crate::text::japanese::{is_hiragana, is_kana_or_kanji};
            is_hiragana(c) || (is_kana_or_kanji(c) && !crate::text::japanese::is_katakana(c))
        });
    if plain && !body[..open].trim().is_empty() {
        &body[..open]
    } else {
        heading
    }
}

/// Words by which a sentence introduces the list after it (`以下のゲートがベータになりました。`,
/// `v1.33 で次のものが削除されました。`).
const LIST_INTRODUCERS: [&str; 4] = ["以下", "次の", "下記", "following"];

/// The sentence introduces the list after it.
fn introduces_a_list(text: &str) -> bool {
    LIST_INTRODUCERS.iter().any(|w| text.contains(w))
}

/// How a list item heads its nested items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LeadForm {
    /// `- **GA に昇格したもの**`, `- アルファとして追加:`: as a heading would.
    Title,
    /// `- v1.33 で以下が削除されました。`: a sentence introducing the names below it.
    Introducer,
}

/// Whether a list item heads its nested items (`- **GA に昇格したもの**`, `- アルファとして追加:`,
/// `- v1.33 で以下が削除されました。`), and how: short, one line, naming no KEP or gate and
/// stating a stage.
fn lead_form(view: &BlockView) -> Option<LeadForm> {
    const TITLE_CHARS: usize = 40;
    // A sentence introducing its list says more than a title (`v1.33 では、長く非推奨だった次の
    // フィーチャーゲートが削除されました。`).
    const INTRODUCER_CHARS: usize = 80;
    let text = view.text().trim();
    // `GA に昇格したもの`, `ベータになった機能`, `アルファとして追加:`; not a statement
    // (`サイドカーコンテナが GA に`) or a topic (`ベータ機能の使い方`, `アルファ機能を試すには:`).
    let bare = text.trim_end_matches([':', '：']).trim_end();
    let says_a_change = [
        "昇格",
        "追加",
        "なった",
        "として",
        "削除",
        "非推奨",
        "移行",
        "になりま",
        "となりま",
    ]
    .iter()
    .any(|w| bare.contains(w));
    let titles = bare.len() < text.len()
        || ["もの", "機能", "ゲート", "一覧"]
            .iter()
            .any(|w| bare.ends_with(w));
    // `ベータ` over `: \`A\`、\`B\``, `- GA` over its items: a stage alone titles them.
    let only_a_stage = matches!(
        &view.tokens[..],
        [t] if matches!(t.kind, TokenKind::StageWord(_)) && t.range == (0..bare.len())
    );
    if only_a_stage && !view.muted().first().copied().unwrap_or(true) {
        return Some(LeadForm::Title);
    }
    let chars = text.chars().count();
    let form = if titles && chars <= TITLE_CHARS {
        LeadForm::Title
    } else if introduces_a_list(bare) && chars <= INTRODUCER_CHARS {
        LeadForm::Introducer
    } else {
        return None;
    };
    (says_a_change
        && !text.contains('\n')
        && !view
            .tokens
            .iter()
            .any(|t| names_a_kep_or_gate(view.text(), t))
        && whole_block_stage(view).is_some())
    .then_some(form)
}

/// `## 1.33 の振り返り`, `## 1.35 で予定されていること` in a 1.34 article: a heading that looks back
/// at its release or ahead to it, so the stages its section states are that release's. Other
/// headings naming a release name it for context (`### v1.33 で非推奨になった API の削除`,
/// `## 1.33 からの変更点`), and their sections stay the article's.
fn looks_at_another_release(heading: &str) -> bool {
    const LOOKS: [&str; 11] = [
        "振り返",
        "ふりかえ",
        "おさらい",
        "復習",
        "予定",
        "展望",
        "予告",
        "今後",
        "見通し",
        "ロードマップ",
        "で入った",
    ];
    const SPANS: [&str; 9] = [
        "から", "以降", "以前", "まで", "→", "~", "〜", "比較", "違い",
    ];
    LOOKS.iter().any(|w| heading.contains(w)) && !SPANS.iter().any(|w| heading.contains(w))
}

/// `1.31 では以下のような変更もありました。`, `v1.30 で入った次の変更:`: the one release a
/// paragraph introducing a list names as its topic.
/// So is the release a paragraph before a list dates what the list says as of
/// (`以下は v1.33 時点のステージです。`, `…挙げておきます（ステージは 2025 年 9 月時点、1.34 のもの）。`,
/// `ステージは 1.32 現在のもの:`), in an article of no release or of another.
fn release_a_lead_is_about(view: &BlockView) -> Option<Release> {
    let text = view.text().trim_end();
    // (`前回の 1.31 ではアルファだった以下の機能が、今回ベータに`, `1.31 では非推奨だった以下の
    // ゲートが削除されました`: a lead stating a stage says what happened now.)
    if text.contains("今回")
        || view
            .tokens
            .iter()
            .any(|t| matches!(t.kind, TokenKind::StageWord(_)))
    {
        return None;
    }
    let r = one_release(view)?;
    let t = view
        .tokens
        .iter()
        .find(|t| t.kind == TokenKind::Release(r))?;
    let after = text[t.range.end..].trim_start();
    let about = [
        "では",
        "で、",
        "には",
        "で入った",
        "で次",
        "で以下",
        "の変更",
    ]
    .iter()
    .any(|w| after.starts_with(w));
    let as_of = ["時点", "の時点", "現在"]
        .iter()
        .any(|w| after.starts_with(w))
        || ((text.contains("ステージ") || text.contains("状態")) && after.starts_with("のもの"));
    let leads = introduces_a_list(text) || text.ends_with([':', '：']);
    ((leads && about) || as_of).then_some(r)
}

/// The release a heading (or a timeline's item) names, when it names exactly one (`## 🚀 v1.31
/// の注目機能`, not `## v1.30 と v1.31 の違い`).
fn one_release(view: &BlockView) -> Option<Release> {
    let mut releases = view.tokens.iter().filter_map(|t| match t.kind {
        TokenKind::Release(r) => Some(r),
        _ => None,
    });
    let first = releases.next()?;
    releases.all(|r| r == first).then_some(first)
}

/// The stage the text under heading `heading` states, for what the heading names
/// (`### コンテナリソースをもとにしたPodの自動スケーリング ([KEP-1610](…))` over
/// `…v1.30で安定版に移行します。`): the first paragraph or list item of its section (before any
/// sub-heading) with a stage word, if it names exactly one, else if one of its sentences states
/// one for the article's release.
fn body_stage(views: &Views, heading: usize) -> Option<Stated> {
    section_views(views, heading)
        .filter(|v| matches!(v.block.kind, BlockKind::Paragraph | BlockKind::ListItem))
        .filter(|v| !staged_of_another_project(v) && !views.is_timeline_item(v.index))
        .find_map(|v| {
            states_a_stage(v, |_, _| true).then(|| {
                removal_pointed_back(v).or_else(|| {
                    v.block_stage()
                        .or_else(|| current_stage(v))
                        .filter(|_| !states_only_another_release(v))
                })
            })
        })
        .flatten()
}

/// `このゲートは 1.35 で削除されました。` under `` ### `X` ``: a removal told of what the heading
/// named, pointed back at (`このゲート`, `この機能`): unlike 削除 said of anything, it is the
/// heading's.
fn removal_pointed_back(view: &BlockView) -> Option<Stated> {
    let text = view.text();
    view.sentences.iter().find_map(|s| {
        let f = view.sentence_facts(s.start);
        (f.stage == Some(Stage::Removed) && refers_back(&text[s.clone()])).then_some(Stated {
            stage: Stage::Removed,
            release: f.release,
        })
    })
}

/// `ちなみに「VPA がこの機能を使うモードは、まだアルファ相当です」`: a block whose first stage is said
/// of another project or a part of it (before the stage word, in its sentence, the project's name
/// and `の`, `は` or `が`: `VPA の…は`, `Karpenter は`) states nothing of what its section is about.
fn staged_of_another_project(view: &BlockView) -> bool {
    let text = view.text();
    let Some(first) = first_stage_word(view) else {
        return false;
    };
    let sentence = view.sentence_at(first.range.start);
    view.tokens_in(&(sentence.start..first.range.start))
        .iter()
        .any(|t| {
            t.kind == TokenKind::Ident
                && text[t.range.end..]
                    .trim_start()
                    .starts_with(['の', 'は', 'が'])
                && super::refs::numbers_its_own_versions(
                    &text[t.range.clone()].to_ascii_lowercase(),
                )
        })
}

/// `### KEP-4974: …` over `**Stage:** Deprecated (since v1.33)`: the stage a section's first
/// `Stage:` (`ステージ:`, `状態:`) line states, with the release it names. Unlike the prose of a
/// section, which may tell a feature's story from its first release, the line states the
/// feature's stage, whichever release it names.
fn stage_line(views: &Views, heading: usize) -> Option<Stated> {
    let doc = views.doc;
    section_views(views, heading)
        .find(|v| {
            matches!(v.block.kind, BlockKind::Paragraph | BlockKind::ListItem)
                && is_stage_key(key_of(doc, v.index))
        })
        .and_then(whole_block_stage)
}

/// `1.24 でベータになって以来、長くベータのままでしたが、ついに GA になりました。`: in a block naming
/// several stages, the first sentence's that states one for the article's release (not a
/// removal: as for `block_stage`, 削除 is too common a verb to spread).
fn current_stage(view: &BlockView) -> Option<Stated> {
    view.sentences.iter().find_map(|s| {
        let f = view.sentence_facts(s.start);
        let stage = f.stage.filter(|s| *s != Stage::Removed)?;
        (f.release.is_none() || f.release == view.release).then_some(Stated {
            stage,
            release: f.release,
        })
    })
}

/// The blocks of heading `heading`'s own section (up to the next heading), as views.
fn section_views<'v, 'd>(
    views: &'v Views<'d>,
    heading: usize,
) -> impl Iterator<Item = &'v BlockView<'d>> {
    let doc = views.doc;
    let section = doc.blocks[heading].section;
    doc.blocks[heading + 1..]
        .iter()
        .take_while(move |b| b.section == section && !matches!(b.kind, BlockKind::Heading(_)))
        .enumerate()
        .map(move |(k, _)| views.get(heading + 1 + k))
}

/// The stage heading `view` states for its section: its whole text's, unless the section tells
/// it as a plan ([`told_as_a_plan`]).
fn heading_stage(views: &Views, view: &BlockView) -> Option<Stated> {
    if names_two_stages(view) {
        return None;
    }
    whole_block_stage(view).filter(|s| !told_as_a_plan(views, view.index, s.stage))
}

/// `## ベータ・GA になったゲート`, `## アルファ／ベータの新機能`: two stages joined as a pair, not a
/// move from one to the other (`ベータ → GA`): the heading heads features of either.
fn names_two_stages(view: &BlockView) -> bool {
    let text = view.text();
    let stages: Vec<&super::scan::Token> = view
        .tokens
        .iter()
        .zip(view.muted())
        .filter(|(t, muted)| !**muted && matches!(t.kind, TokenKind::StageWord(_)))
        .map(|(t, _)| t)
        .collect();
    stages.windows(2).any(|pair| {
        let gap = text[pair[0].range.end..pair[1].range.start].trim();
        pair[0].kind != pair[1].kind
            && matches!(
                gap,
                "・" | "/" | "／" | "、" | "," | "と" | "や" | "&" | "and"
            )
    })
}

/// `### スワップのサポートがGAへ` over `v1.34 では GA に昇格させることを目指しています。`: a sneak
/// peek's heading names the stage its section tells as a plan (or a hope, a guess), and states it
/// nowhere as done; the heading is that plan's title.
fn told_as_a_plan(views: &Views, heading: usize, stage: Stage) -> bool {
    let mut planned = false;
    for v in section_views(views, heading)
        .filter(|v| matches!(v.block.kind, BlockKind::Paragraph | BlockKind::ListItem))
    {
        // (`v1.35 で削除される予定`: the scanner keeps no word of a removal to come.)
        if stage == Stage::Removed && plans_a_removal(v) {
            planned = true;
        }
        for (t, &muted) in v.tokens.iter().zip(v.muted()) {
            if t.kind == TokenKind::StageWord(stage) {
                if !muted {
                    return false;
                }
                planned = true;
            }
        }
    }
    planned
}

/// `v1.35 で削除される予定`, `削除予定`: a plan word right after the words of a removal
/// ([`names_a_removal`]), which the scanner makes no stage word of.
fn plans_a_removal(view: &BlockView) -> bool {
    let text = view.text();
    let mut from = 0;
    view.tokens.iter().any(|t| {
        let before = &text[from..t.range.start];
        from = t.range.end;
        t.kind == TokenKind::Plan && names_a_removal(before)
    })
}

/// A heading's own mention whose stage is the heading's (`### Removal of the \`X\` feature gate`)
/// keeps none when its section tells that stage only as a plan ([`told_as_a_plan`]: `v1.35 で削除
/// される予定`).
pub(super) fn headings_told_as_plans(views: &Views, out: &mut super::Mentions) {
    for m in staged_mut(out) {
        let view = views.get(m.block());
        let Some(stage) = m.stage() else { continue };
        if view.is_heading()
            && whole_block_stage(view).is_some_and(|s| s.stage == stage)
            && told_as_a_plan(views, m.block(), stage)
        {
            m.set(None, false);
        }
    }
}

/// Whether the block has a stage word that states a fact of the release and is `wanted`.
fn states_a_stage(view: &BlockView, wanted: impl Fn(Stage, usize) -> bool) -> bool {
    view.tokens.iter().zip(view.muted()).any(|(t, &m)| {
        !m && matches!(t.kind, TokenKind::StageWord(s) | TokenKind::ApiVersion(s) if wanted(s, t.range.start))
    })
}

/// A heading about one removal or deprecation (`### \`gitRepo\`ボリュームドライバーの削除`) gives
/// its stage to what its section names and states no stage for: its one KEP (a section naming
/// two, `古いDRA実装の廃止` with the old KEP and the new, is about more than one thing), and the
/// gates when the heading says it is about gates (`インツリープロバイダーのフィーチャーゲートの削除`;
/// elsewhere a gate in such a section is the switch for the change, not what is removed). A
/// section whose text states alpha, beta or GA (`…そのサポートはv1.34でGAに昇格しました` under
/// `手動でのcgroupドライバー設定の非推奨化`) is about more than the removal and gives nothing.
pub(super) fn removal_sections(views: &Views, out: &mut super::Mentions) {
    let doc = views.doc;
    for (h, block) in doc.blocks.iter().enumerate() {
        if !matches!(block.kind, BlockKind::Heading(_)) {
            continue;
        }
        let Some(stage) = one_thing_removal(&block.text) else {
            continue;
        };
        // (`EndpointSlices APIはv1.21から安定版となっており` is background: a graduation dated for
        // an earlier release tells no more of the section's release.)
        // (`安定版の Endpoints API が非推奨になりました`: a stage word the sentence does not settle
        // on describes its subject.)
        let graduates_now = |v: &BlockView| {
            states_a_stage(v, |s, at| {
                let said = v.sentence_facts(at);
                matches!(s, Stage::Alpha | Stage::Beta | Stage::Stable)
                    && said.stage == Some(s)
                    && said
                        .release
                        .zip(v.release)
                        .is_none_or(|(said, article)| said >= article)
            })
        };
        // `…を無効化する KEP-5040 が提案されました。…将来的には削除する計画です。`: a removal still
        // proposed or planned in the section's prose is no removal of its release.
        let planned = |v: &BlockView| {
            let text = v.text();
            text.contains("提案さ")
                || v.tokens
                    .iter()
                    .any(|t| t.kind == TokenKind::Plan && names_a_removal(&text[..t.range.start]))
        };
        if section_views(views, h).any(|v| graduates_now(v) || planned(v)) {
            continue;
        }
        let section = block.section;
        let in_section = |b: usize| doc.blocks[b].section == section;
        // A heading-form KEP (`### #2395 …の削除`) takes only its `Stage:` line.
        let applies =
            |m: &super::KepMention| in_section(m.block) && m.form != super::KepForm::Heading;
        let mut keps: Vec<u32> = out
            .keps
            .iter()
            .filter(|m| applies(m))
            .map(|m| m.kep.0)
            .collect();
        keps.sort_unstable();
        keps.dedup();
        if keps.len() == 1 {
            for m in out.keps.iter_mut() {
                if applies(m) && m.stage.is_none() {
                    m.stage = Some(stage);
                }
            }
        }
        if names_gates(&block.text) {
            for m in out.gates.iter_mut() {
                if in_section(m.block) && m.stage.is_none() {
                    m.stage = Some(stage);
                }
            }
        }
    }
}

/// `フィーチャーゲート`, `Feature gate`: the text is about feature gates.
pub(super) fn names_gates(s: &str) -> bool {
    let n = crate::text::japanese::nfkc(s).to_lowercase();
    GATES_SAID.iter().any(|k| n.contains(k))
}

/// The words by which a heading or lead says it is about feature gates (compared with its text
/// NFKC-normalized and lowercased).
pub(super) const GATES_SAID: [&str; 6] = [
    "フィーチャーゲート",
    "機能ゲート",
    "feature gate",
    "featuregate",
    "feature-gate",
    "feature flag",
];

/// `\`gitRepo\`ボリュームドライバーの削除`, `Serviceの.spec.externalIPsの非推奨化`, `Removal of X`,
/// `X deprecation`: a heading that names one thing and says it is removed or deprecated. A
/// heading naming both, or a list of stages (`非推奨化と削除`, `v1.36での昇格、非推奨、削除`,
/// `Deprecations and removals`), names a kind of section and gives no stage.
pub(super) fn one_thing_removal(heading: &str) -> Option<Stage> {
    let text = crate::text::japanese::nfkc(heading);
    // A trailing `(KEP-4004)` or `([KEP 4004](…))` says which enhancement, not what happened.
    let mut t = text.trim();
    if t.ends_with(')')
        && let Some(open) = t.rfind('(')
    {
        t = t[..open].trim_end();
    }
    let lower = t.to_lowercase();
    let removal = ["削除", "廃止", "remov"].iter().any(|w| lower.contains(w));
    let deprecation = ["非推奨", "deprecat"].iter().any(|w| lower.contains(w));
    // Both a removal and a deprecation, a graduation too, or a list (`、`) is a kind of section;
    // `と` alone is no list (`クラウドプロバイダーとの全てのインツリー統合の削除`).
    let other = lower.contains('、') || PROMOTION_WORDS.iter().any(|w| lower.contains(w));
    if removal == deprecation || other {
        return None;
    }
    let japanese = ["の", "を", "が"].iter().any(|p| {
        ["削除", "廃止", "非推奨化", "非推奨"]
            .iter()
            .any(|w| lower.strip_suffix(w).is_some_and(|r| r.ends_with(p)))
    });
    let english = [
        "removal of ",
        "removing ",
        "remove ",
        "deprecation of ",
        "deprecating ",
        "deprecate ",
    ]
    .iter()
    .any(|p| lower.starts_with(p))
        || [" removal", " removed", " deprecation", " deprecated"]
            .iter()
            .any(|w| lower.ends_with(w));
    (japanese || english).then_some(if removal {
        Stage::Removed
    } else {
        Stage::Deprecated
    })
}

/// The words that title a stage: a table's column (`| 機能 | ステージ |`), a key-value list's key
/// (`- ステータス: ベータ`).
const STAGE_KEYS: [&str; 10] = [
    "ステージ",
    "stage",
    "段階",
    "成熟度",
    "maturity",
    "状態",
    "状況",
    "進捗",
    "ステータス",
    "status",
];

/// Column headers that also head stages, besides [`STAGE_KEYS`], when they are the whole header:
/// `| 機能 | 現在 |`, `| 現状 |`, `| レベル |`, where the feature stands now (not `| ログレベル |` or
/// `| Current default |`; as a key or in a question they are too common to say so).
const STAGE_COLUMNS: [&str; 5] = ["現在", "現状", "レベル", "level", "current"];

/// `### Pod Certificates` over `- KEP: 4317` / `- ステータス: ベータ` / `- SIG: Auth`, or a
/// two-column table of keys and values (`| KEP | 4317 |` / `| ステータス | ベータ |`): a KEP or
/// gate named in the value of one key takes the stage the value of a stage key states, when that
/// list or table names no other KEP or gate than one the registry ties to it. Slide notes and
/// feature summaries write a feature's facts so.
pub(super) fn from_key_values(views: &Views, out: &mut super::Mentions, registry: &Registry) {
    if !staged(out).any(|m| m.stage().is_none() && !m.deferred()) {
        return;
    }
    let doc = views.doc;
    let groups = key_value_groups(doc);
    if groups.is_empty() {
        return;
    }
    let group_of = |b: usize| groups.iter().position(|g| g.contains(&b));
    settle_by_group(views, out, registry, group_of, group_of, Lends::Own, |g| {
        groups[g]
            .iter()
            .filter(|&&b| is_stage_key(key_of(doc, b)))
            .filter_map(|&b| whole_block_stage(views.get(value_block(doc, b))))
            .collect()
    });
}

/// The key-value lists and tables of `doc`, each as its blocks: a list item's block for a list
/// (`- KEP: 4317`, each item of the list a `key: value` or `key：value`), a row's key cell and
/// value cell for a two-column table whose first column names a stage in some row.
fn key_value_groups(doc: &Doc) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut run: Vec<usize> = Vec::new();
    let close = |run: &mut Vec<usize>, groups: &mut Vec<Vec<usize>>| {
        if run.len() >= 2 && run.iter().any(|&b| is_stage_key(key_of(doc, b))) {
            groups.push(std::mem::take(run));
        }
        run.clear();
    };
    for (b, block) in doc.blocks.iter().enumerate() {
        let joins = block.kind == BlockKind::ListItem
            && key_of(doc, b).is_some()
            && run
                .last()
                .is_none_or(|&l| l + 1 == b && doc.blocks[l].parent_item == block.parent_item);
        if !joins {
            close(&mut run, &mut groups);
            if block.kind == BlockKind::ListItem && key_of(doc, b).is_some() {
                run.push(b);
            }
        } else {
            run.push(b);
        }
    }
    close(&mut run, &mut groups);
    // Tables of two columns, keys in the first.
    let mut tables: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for (b, block) in doc.blocks.iter().enumerate() {
        if let Some(c) = block.cell {
            tables.entry(c.table).or_default().push(b);
        }
    }
    for cells in tables.values() {
        let two_columns = cells
            .iter()
            .all(|&b| doc.blocks[b].cell.is_some_and(|c| c.column < 2));
        let body: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&b| doc.blocks[b].cell.is_some_and(|c| !c.head))
            .collect();
        if two_columns && body.iter().any(|&b| is_stage_key(key_of(doc, b))) {
            groups.push(body);
        }
    }
    groups
}

/// The key a block states: a list item's text before its first `:`/`：` (at most 20 characters
/// and no sentence), a key cell's (first column's) whole text.
fn key_of(doc: &Doc, b: usize) -> Option<&str> {
    let block = &doc.blocks[b];
    if let Some(c) = block.cell {
        return (c.column == 0).then_some(block.text.trim());
    }
    let (key, _) = block.text.split_once([':', '：'])?;
    let key = key.trim().trim_matches('*').trim();
    (!key.is_empty() && key.chars().count() <= 20 && !key.contains(['。', '、', '\n']))
        .then_some(key)
}

fn is_stage_key(key: Option<&str>) -> bool {
    key.is_some_and(|k| {
        let k = crate::text::japanese::nfkc(k).to_lowercase();
        // `ステータス`, `ステータス（1.34）`, `現在のステージ`; not `状態の確認方法`, `クラスタの状態`,
        // `ステータスコード` or a name holding the word (`PodStatus`).
        let k = k.split(['(', '（']).next().unwrap_or("").trim();
        let k = ["現在の", "今の", "v1.", "1."]
            .iter()
            .find_map(|p| {
                k.strip_prefix(p).map(|r| {
                    r.trim_start_matches(|c: char| {
                        c.is_ascii_digit() || c == ' ' || c == 'で' || c == 'の'
                    })
                })
            })
            .unwrap_or(k);
        // `ステージの推移: v1.29 アルファ → v1.31 ベータ`: the stages in turn, the last where it
        // stands.
        let k = [
            "の推移",
            "推移",
            "の変遷",
            "変遷",
            "の履歴",
            "履歴",
            " history",
        ]
        .iter()
        .find_map(|w| k.strip_suffix(w))
        .unwrap_or(k)
        .trim();
        STAGE_KEYS.contains(&k)
    })
}

/// The block holding a key's value: a key cell's right neighbour, else the item itself.
fn value_block(doc: &Doc, b: usize) -> usize {
    match doc.blocks[b].cell {
        Some(c)
            if c.column == 0
                && doc
                    .blocks
                    .get(b + 1)
                    .and_then(|n| n.cell)
                    .is_some_and(|n| n.table == c.table && n.row == c.row) =>
        {
            b + 1
        }
        _ => b,
    }
}

/// The stage each table row states in a column headed as a stage (`v1.30でのステージ`, `Stage`,
/// `段階`), keyed by (table, row), with the release a release column (`開始`, `Since`) or the
/// header (`v1.30でのステージ`) states: `| SELinuxMountReadWriteOncePod | Beta |`. A row says more
/// about its gate than the section's heading does.
pub(super) fn row_stages(views: &Views) -> RowStages {
    let doc = views.doc;
    // (table, column) → the release the header names.
    let mut stage_columns: HashMap<(usize, usize), Option<Release>> = HashMap::new();
    // (table, column) → the stage whose release its cells give (`| 非推奨になったバージョン |`).
    let mut when_columns: HashMap<(usize, usize), Stage> = HashMap::new();
    // (table, column) → whether it is the release the row's feature was introduced in (`導入`),
    // not the release of its stage (`開始`, `Since`).
    let mut release_columns: HashMap<(usize, usize), bool> = HashMap::new();
    // (table, row) → its release cell, and whether that is the release it was introduced in.
    let mut releases: HashMap<(usize, usize), (Release, bool)> = HashMap::new();
    let mut stages: Vec<((usize, usize), usize, Stated)> = Vec::new();
    // The columns of defaults (`| デフォルト |`, `| Default |`) and each row's default.
    let mut default_columns: std::collections::HashSet<(usize, usize)> = Default::default();
    let mut defaults: HashMap<(usize, usize), bool> = HashMap::new();
    // (table, column) → the last row a stage cell covered and its stage, for a ditto mark below.
    let mut above: HashMap<(usize, usize), (usize, Stated)> = HashMap::new();
    // (table, row) → what a cell other than a stage's or a default's says: the first stage a
    // description cell states, the first default a stage or description cell states.
    let mut described: HashMap<(usize, usize), Stated> = HashMap::new();
    let mut described_defaults: HashMap<(usize, usize), bool> = HashMap::new();
    // The columns describing their rows (`| 概要 |`, `| 説明 |`).
    let mut description_columns: std::collections::HashSet<(usize, usize)> = Default::default();
    // Tables with a column of planned stages (`目標ステージ`): their other cells state no stage.
    let mut planned_tables: std::collections::HashSet<usize> = Default::default();
    // Tables with a column of the Kubernetes release itself (`| アップストリーム 1.31 | EKS 1.31 |`,
    // `| 1.31 | EKS 1.31 |`, `| ステージ | EKS 1.33 |`): their platform columns are the platform's.
    let upstream_tables: std::collections::HashSet<usize> = doc
        .blocks
        .iter()
        .filter_map(|b| b.cell.filter(|c| c.head).map(|c| (c, header_text(&b.text))))
        .filter(|(_, h)| {
            UPSTREAM.iter().any(|w| h.starts_with(w))
                || h.starts_with("oss")
                || (release_header(h).is_some() && platform_release(h).is_none())
                || STAGE_COLUMNS.contains(&h.as_str())
                || h.contains("ステージ")
        })
        .map(|(c, _)| c.table)
        .collect();
    for (i, b) in doc.blocks.iter().enumerate() {
        let Some(cell) = b.cell else {
            continue;
        };
        let key = (cell.table, cell.column);
        if cell.head {
            let h = header_text(&b.text);
            if upstream_tables.contains(&cell.table) && platform_release(&h).is_some() {
                continue;
            }
            // `| KEP | 機能 | 1.32 | 1.33 |`: a column per release, its cells the stages.
            // `目標ステージ`, `Target stage`, `予定`: what the row aims at, a plan.
            if [
                "目標",
                "予定",
                "候補",
                "想定",
                "見込",
                "予測",
                "予想",
                "target",
                "planned",
                "goal",
                "candidate",
                "forecast",
            ]
            .iter()
            .any(|w| h.contains(w))
            {
                planned_tables.insert(cell.table);
                continue;
            }
            // `| 機能 | 概要 |`: a column describing the row.
            if [
                "概要",
                "説明",
                "内容",
                "詳細",
                "summary",
                "description",
                "details",
            ]
            .iter()
            .any(|w| h.contains(w))
            {
                description_columns.insert(key);
            }
            // `| 機能 | デフォルト | ステージ |`: the feature-gates index's column of defaults.
            if h.contains("デフォルト") || h.split_whitespace().next() == Some("default") {
                default_columns.insert(key);
                continue;
            }
            // `| 非推奨になったバージョン | 削除されたバージョン |`, `| GA (version) |`: a stage and
            // a word of release, its cells the release of that stage.
            // So is a header that is only a stage (`| 非推奨 | 削除 |` in a checklist of releases).
            let only_a_stage = || {
                let view = views.get(i);
                view.tokens.len() == 1
                    && view.tokens[0].range == (0..view.text().trim_end().len())
                    && matches!(view.tokens[0].kind, TokenKind::StageWord(_))
            };
            let when = (["バージョン", "version", "リリース", "release"]
                .iter()
                .any(|w| h.contains(w))
                || only_a_stage())
            .then(|| whole_block_stage(views.get(i)))
            .flatten()
            // `| 削除 |`: the noun alone, as a stage cell says it.
            .or_else(|| removal_cell(views.get(i)).filter(|s| s.release.is_none()));
            // `| ゲート | 変更前 | 変更後 |`, `| Before | After |`: what held before is the row's
            // past, what holds after its stage.
            let english = |words: &[&str]| h.split_whitespace().any(|w| words.contains(&w));
            let before = ["変更前", "以前", "旧"].iter().any(|w| h.contains(w))
                || english(&["before", "old", "previous"]);
            let after = ["変更後", "以後"].iter().any(|w| h.contains(w))
                || english(&["after"])
                || ["新", "new", "now"].contains(&h.as_str());
            if before && !after {
                continue;
            }
            if let Some(when) = when {
                when_columns.insert(key, when.stage);
            } else if after && release_header(&h).is_none() {
                stage_columns.insert(key, None);
            } else if let Some(r) = release_header(&h) {
                stage_columns.insert(key, Some(r));
            } else if STAGE_KEYS
                .iter()
                .chain(&["備考", "変更", "notes", "結果", "result"])
                .any(|w| h.contains(w))
                || STAGE_COLUMNS.contains(&h.as_str())
                // `種別` and `種類` alone: a kind of change (`ボリュームの種類` is not).
                || h == "種別"
                || h == "種類"
            {
                let release = views.get(i).tokens.iter().find_map(|t| match t.kind {
                    TokenKind::Release(r) => Some(r),
                    _ => None,
                });
                stage_columns.insert(key, release);
            } else if !["終了", "最終"].iter().any(|w| h.contains(w))
                && !h.split_whitespace().any(|w| w == "to" || w == "until")
                && [
                    "開始",
                    "導入",
                    "since",
                    "from",
                    "リリース",
                    "release",
                    "バージョン",
                    "version",
                ]
                .iter()
                .any(|w| h.contains(w))
            {
                // `導入開始バージョン` is the feature-gates index's `Since`.
                let introduced = (h.contains("導入") && !h.contains("開始"))
                    || ["追加", "introduced", "added"]
                        .iter()
                        .any(|w| h.contains(w));
                release_columns.insert(key, introduced);
            }
            continue;
        }
        if default_columns.contains(&key) {
            if let Some(on) = default_cell(&b.text) {
                defaults.insert((cell.table, cell.row), on);
            }
            continue;
        }
        if let Some(&stage) = when_columns.get(&key) {
            // A release after the article's is a forecast.
            if let Some(release) =
                Release::read(&b.text).filter(|r| views.release.is_none_or(|now| *r <= now))
            {
                let s = Stated {
                    stage,
                    release: Some(release),
                };
                stages.push(((cell.table, cell.row), cell.column, s));
            }
        } else if stage_columns.contains_key(&key) {
            let view = views.get(i);
            // `| \`UserNamespacesSupport\` | 〃 |`: the stage of the cell right above.
            let ditto = || {
                above
                    .get(&key)
                    .filter(|&&(row, _)| is_ditto(&b.text) && row + 1 == cell.row)
                    .map(|&(_, s)| s)
            };
            // `| Beta（デフォルト有効）|`: a default said in the stage's cell.
            if let Some(on) = view.nameless_default() {
                described_defaults
                    .entry((cell.table, cell.row))
                    .or_insert(on);
            }
            if let Some(s) = whole_block_stage(view)
                .or_else(|| removal_cell(view))
                .or_else(ditto)
            {
                // `<td rowspan="2">ベータ</td>`: the stage of each row the cell covers.
                let rows = cell.row..cell.row + cell.rows.clamp(1, MAX_ROWSPAN);
                above.insert(key, (rows.end - 1, s));
                for row in rows {
                    stages.push(((cell.table, row), cell.column, s));
                }
            }
        } else if let Some(&introduced) = release_columns.get(&key) {
            if !releases.contains_key(&(cell.table, cell.row))
                && let Some(r) = Release::read(&b.text)
            {
                releases.insert((cell.table, cell.row), (r, introduced));
            }
        } else if description_columns.contains(&key)
            && !planned_tables.contains(&cell.table)
            && !stage_columns
                .keys()
                .chain(when_columns.keys())
                .any(|&(table, _)| table == cell.table)
        {
            // `| \`KubeletPSI\` | PSI メトリクス。ベータに昇格し、デフォルトで有効。 |`: in a table
            // with no column of stages, a cell describing the row (naming no KEP or gate of its
            // own) states the row's stage and default: a move to a stage, or a stage in brackets
            // (not a removal or deprecation, as often of something else the row brings, nor a
            // stage said in passing, `ベータ版の頃とは挙動が違う`).
            let view = views.get(i);
            if kep_and_gate_names(view.text(), &view.tokens).is_empty() {
                let row = (cell.table, cell.row);
                if let Some(s) = whole_block_stage(view)
                    .filter(|s| !matches!(s.stage, Stage::Removed | Stage::Deprecated))
                    .filter(|s| describes_a_move(view, s.stage))
                {
                    described.entry(row).or_insert(s);
                }
                if let Some(on) = view.nameless_default() {
                    described_defaults.entry(row).or_insert(on);
                }
            }
        }
    }
    // A row's stage is its stage column's, the column for the article's release first
    // (`| v1.32でのステージ | v1.33でのステージ |` in a 1.33 article), then a column for no
    // release in particular, then the latest earlier release's (`| GA | 削除 | ー |` in a 1.34
    // article is the removal in 1.33), then the earliest later one's. In an article of no
    // release of its own (`v1.30〜v1.34 の比較`), the latest release's that states one.
    let rank = |release: Option<Release>| match (release, views.release) {
        (Some(r), Some(now)) if r == now => (0, None),
        (None, _) => (1, None),
        (Some(r), Some(now)) if r < now => (2, Some(std::cmp::Reverse(r))),
        (Some(r), None) => (2, Some(std::cmp::Reverse(r))),
        (Some(_), _) => (3, None),
    };
    let mut ranked: HashMap<(usize, usize), (_, Stated)> = HashMap::new();
    let mut dated: HashMap<(usize, usize), Vec<Dated>> = HashMap::new();
    for (row, column, said) in stages {
        // A column of a stage's releases ranks as a column per release.
        let header_release = match when_columns.contains_key(&(row.0, column)) {
            true => said.release,
            false => stage_columns.get(&(row.0, column)).copied().flatten(),
        };
        // A column of a release after the article's is a forecast, no history.
        if let Some(release) = header_release.filter(|r| views.release.is_none_or(|now| *r <= now))
        {
            dated.entry(row).or_default().push(Dated {
                release,
                stage: said.stage,
            });
        }
        let r = rank(header_release);
        // Columns of stages dated in the same release (`| 非推奨 | 削除 |` / `| 1.33 | 1.33 |`): the
        // later stage is where the row ended.
        let later_in_same = |best, kept: Stated| {
            best == r && when_columns.contains_key(&(row.0, column)) && said.stage > kept.stage
        };
        if ranked
            .get(&row)
            .is_some_and(|&(best, kept)| best <= r && !later_in_same(best, kept))
        {
            continue;
        }
        // A header naming the release (`v1.33でのステージ`) beats the cell's own (`v1.32 で削除`),
        // which beats the row's release cell. A feature introduced (`導入`) in a release was
        // alpha then: that release is a later stage's history, not its release.
        let release_cell = releases
            .get(&row)
            .filter(|&&(_, introduced)| !introduced || said.stage == Stage::Alpha)
            .map(|&(r, _)| r);
        let release = header_release.or(said.release).or(release_cell);
        ranked.insert(
            row,
            (
                r,
                Stated {
                    stage: said.stage,
                    release,
                },
            ),
        );
    }
    for (&row, &(release, introduced)) in &releases {
        if introduced && views.release.is_none_or(|now| release <= now) {
            dated.entry(row).or_default().push(Dated {
                release,
                stage: Stage::Alpha,
            });
        }
    }
    for steps in dated.values_mut() {
        steps.sort();
        steps.dedup_by_key(|d| d.release);
    }
    // `| 1.32 | 1.33 | 1.34 |` over `| beta | GA | GA |`: the row reached GA in the first
    // release of the run of columns that say GA, not in the last.
    for (row, (_, s)) in ranked.iter_mut() {
        if let (Some(release), Some(steps)) = (s.release, dated.get(row)) {
            s.release = Some(first_of_the_run(steps, release, s.stage));
        }
    }
    for (row, s) in described {
        ranked.entry(row).or_insert((rank(None), s));
    }
    for (row, on) in described_defaults {
        defaults.entry(row).or_insert(on);
    }
    RowStages {
        stage: ranked.into_iter().map(|(row, (_, s))| (row, s)).collect(),
        dated,
        default: defaults,
    }
}

/// The earliest release of the steps (sorted by release) from which every step up to `release`
/// states `stage`, when a step before that run states another: where the row is seen to reach
/// the stage. `release` itself when the run goes back to the first step (`| ベータ | ベータ |`
/// tells no move), or when `release` is no step.
fn first_of_the_run(steps: &[Dated], release: Release, stage: Stage) -> Release {
    let Some(at) = steps.iter().position(|d| d.release == release) else {
        return release;
    };
    let run = steps[..=at]
        .iter()
        .rev()
        .take_while(|d| d.stage == stage)
        .count();
    // (A run of none: the step of `release` says another stage.)
    if run == 0 || run == at + 1 {
        release
    } else {
        steps[at + 1 - run].release
    }
}

/// `ベータに昇格し`, `アルファとして追加`, `GA 化`, `（アルファ）`: the cell says its row moved to
/// `stage`, or gives the stage in brackets, at the stage's first word.
fn describes_a_move(view: &BlockView, stage: Stage) -> bool {
    let text = view.text();
    let Some(word) = view
        .tokens
        .iter()
        .find(|t| t.kind == TokenKind::StageWord(stage))
    else {
        return false;
    };
    let after = text[word.range.end..].trim_start();
    let bracketed = text[..word.range.start].trim_end().ends_with(['(', '（'])
        && after.starts_with([')', '）']);
    bracketed
        || PROMOTED_TO
            .iter()
            .chain(&["になり", "になっ", "として", "化", "入り"])
            .any(|w| after.starts_with(w))
}

/// What follows a stage word promoted to (`ベータに昇格`, `GA へ移行`).
pub(super) const PROMOTED_TO: [&str; 4] = ["に昇格", "へ昇格", "に移行", "へ移行"];

/// The default a cell of a column of defaults gives: `true`, `有効`, `on`, `enabled` / `false`,
/// `無効`, `off`, `disabled` (case aside).
fn default_cell(cell: &str) -> Option<bool> {
    // `✔️` carries a variation selector that asks for the emoji form of `✔`.
    let value = crate::text::japanese::nfkc(cell)
        .replace('\u{FE0F}', "")
        .trim()
        .to_lowercase();
    match value.as_str() {
        "true" | "有効" | "オン" | "on" | "enabled" | "yes" => Some(true),
        "false" | "無効" | "オフ" | "off" | "disabled" | "no" => Some(false),
        // The marks of Japanese tables (○/×) and of GitHub's (✅/❌, `:white_check_mark:`/`:x:`,
        // which the parse stage has made emoji).
        "✅" | "✓" | "✔" | "○" | "◯" | "〇" | "⭕" | "☑" => Some(true),
        "❌" | "✗" | "✘" | "×" | "✕" | "❎" | "☒" => Some(false),
        _ => None,
    }
}

/// A table cell repeating the one above: `〃`, `同上`, `″`, `ditto`.
fn is_ditto(cell: &str) -> bool {
    matches!(
        cell.trim(),
        "〃" | "〃〃" | "同上" | "″" | "ditto" | "Ditto"
    )
}

/// What the stage columns of each table row (by (table, row)) state.
pub(super) struct RowStages {
    /// The row's stage ([`row_stages`] says which column's).
    pub stage: HashMap<(usize, usize), Stated>,
    /// For a column per release (`| 1.30 | 1.31 | 1.32 |`), each release's stage, oldest first:
    /// the history of what the row names.
    pub dated: HashMap<(usize, usize), Vec<Dated>>,
    /// The row's default, from a column of defaults (`| デフォルト | true |`).
    pub default: HashMap<(usize, usize), bool>,
}

/// The most rows one cell's stage is spread over: HTML allows `rowspan="65534"`, which a table
/// of a few rows should not turn into as many entries.
const MAX_ROWSPAN: usize = 1000;

/// `` ## `SidecarContainers` `` over `| バージョン | ステージ |` with rows `| v1.28 | アルファ |`,
/// `| v1.33 | GA |`: a table of at most three columns, none of names (gates, KEPs), whose every
/// row states a stage with a release, is the history of what its section's heading names. By
/// section, the first such table's stages, oldest first (one per release, the first row's).
pub(super) fn section_timelines(
    doc: &Doc,
    row_stages: &HashMap<(usize, usize), Stated>,
    gate_columns: &std::collections::HashSet<(usize, usize)>,
    kep_columns: &std::collections::HashSet<(usize, usize)>,
) -> HashMap<usize, Vec<Dated>> {
    // table → (section, columns, body rows, whether it has a column of names)
    let mut tables: std::collections::BTreeMap<usize, (usize, usize, Vec<usize>, bool)> =
        Default::default();
    for b in &doc.blocks {
        let Some(cell) = b.cell else {
            continue;
        };
        let key = (cell.table, cell.column);
        let t = tables
            .entry(cell.table)
            .or_insert((b.section, 0, Vec::new(), false));
        t.1 = t.1.max(cell.column + 1);
        t.3 |= gate_columns.contains(&key) || kep_columns.contains(&key);
        // Cells come in row order.
        if !cell.head && t.2.last() != Some(&cell.row) {
            t.2.push(cell.row);
        }
    }
    let mut out: HashMap<usize, Vec<Dated>> = HashMap::new();
    for (table, (section, columns, rows, names)) in tables {
        if names || columns > 3 || rows.len() < 2 || out.contains_key(&section) {
            continue;
        }
        // A row of a plan (`| v1.33 | Beta（予定） |`) states no stage and is left out; the table
        // is a timeline when most of its rows date one.
        let mut dated: Vec<Dated> = rows
            .iter()
            .filter_map(|&row| {
                let s = row_stages.get(&(table, row))?;
                Some(Dated {
                    release: s.release?,
                    stage: s.stage,
                })
            })
            .collect();
        if dated.is_empty() || dated.len() * 2 < rows.len() {
            continue;
        }
        // Stable: of two rows for one release the first stays.
        dated.sort_by_key(|d| d.release);
        dated.dedup_by_key(|d| d.release);
        out.insert(section, dated);
    }
    out
}

/// `### サイドカーコンテナ（KEP-753）` over `- 2023-08 (v1.28): アルファ`, `- 2023-12 (v1.29): ベータ`,
/// `- 2025-04 (v1.33): GA`: the first list of a section whose items (two or more, none naming a
/// KEP or gate) each state a stage with its release is the history of what the section's heading
/// names, as a table of releases and stages is ([`section_timelines`]). By section, its steps
/// oldest first and its items.
/// The release and stage a top list item dates, as a step of a timeline list: naming no KEP or
/// gate, its stage dated by its release (`2023-08 (v1.28): アルファ`: the one release it names).
fn timeline_step(view: &BlockView) -> Option<Dated> {
    // (Most lists date nothing: an item with no stage word is read no further.)
    first_stage_word(view)?;
    if view
        .tokens
        .iter()
        .any(|t| names_a_kep_or_gate(view.text(), t))
    {
        return None;
    }
    let s = whole_block_stage(view)?;
    Some(Dated {
        release: s.release.or_else(|| one_release(view))?,
        stage: s.stage,
    })
}

pub(super) fn list_timelines(views: &Views) -> HashMap<usize, (Vec<Dated>, Vec<usize>)> {
    let doc = views.doc;
    let mut out: HashMap<usize, (Vec<Dated>, Vec<usize>)> = HashMap::new();
    let top_item = |i: usize| {
        let x = &doc.blocks[i];
        x.kind == BlockKind::ListItem && x.parent_item.is_none() && x.cell.is_none()
    };
    let mut b = 0;
    while b < doc.blocks.len() {
        let block = &doc.blocks[b];
        if !top_item(b) || block.section == 0 || out.contains_key(&block.section) {
            b += 1;
            continue;
        }
        // (The list's items, each with its nested ones: `- 1.27: アルファ` / `  - \`X\` で有効化`.)
        let list = (b..doc.blocks.len())
            .take_while(|&i| {
                let x = &doc.blocks[i];
                x.kind == BlockKind::ListItem && x.cell.is_none() && x.section == block.section
            })
            .count();
        let items: Vec<usize> = (b..b + list).filter(|&i| top_item(i)).collect();
        b += list;
        // (A step still planned, `- ベータは 1.34 を目指している`, is no step yet, and breaks no
        // timeline.)
        let steps: Option<Vec<Option<Dated>>> = items
            .iter()
            .map(|&i| {
                let view = views.get(i);
                timeline_step(view)
                    .map(Some)
                    .or_else(|| planned_step(view).then_some(None))
            })
            .collect();
        let dated = steps.map(|s| s.into_iter().flatten().collect::<Vec<Dated>>());
        if let Some(mut dated) = dated.filter(|d| d.len() >= 2) {
            dated.sort_by_key(|d| d.release);
            dated.dedup_by_key(|d| d.release);
            out.insert(block.section, (dated, items));
        }
    }
    out
}

/// `- ベータは 1.34 を目指している`: a list item whose every stage word a plan or hope mutes, and
/// that names a release.
fn planned_step(view: &BlockView) -> bool {
    let stages = || {
        view.tokens
            .iter()
            .zip(view.muted())
            .filter(|(t, _)| matches!(t.kind, TokenKind::StageWord(_)))
    };
    stages().next().is_some()
        && stages().all(|(_, &muted)| muted)
        && view
            .tokens
            .iter()
            .any(|t| matches!(t.kind, TokenKind::Release(_)))
}

/// A stage cell that says only that the thing was removed, as a noun: `削除`, `廃止`, `削除済み`,
/// `v1.32 で削除`, `削除（v1.32）`. In prose 削除 alone is too common a word to be a removal (the
/// scanner takes only its past forms), but a cell of a stage column has nothing else to say.
fn removal_cell(view: &BlockView) -> Option<Stated> {
    let text = view.text();
    let mut release = None;
    // The cell's text without its release and full stops.
    let mut words = String::new();
    let mut at = 0;
    for t in &view.tokens {
        match t.kind {
            TokenKind::Release(r) if release.is_none() => release = Some(r),
            TokenKind::SentenceEnd => {}
            _ => return None,
        }
        words.push_str(&text[at..t.range.start]);
        at = t.range.end;
    }
    words.push_str(&text[at..]);
    words.retain(|c| !c.is_whitespace() && !matches!(c, '(' | ')' | '[' | ']' | '【' | '】'));
    let words = words
        .trim_start_matches("にて")
        .trim_start_matches("から")
        .trim_start_matches(['で', 'に']);
    ["削除", "削除済", "削除済み", "廃止", "廃止済", "廃止済み"]
        .contains(&words)
        .then_some(Stated {
            stage: Stage::Removed,
            release,
        })
}

/// Words naming the Kubernetes project itself, set against a platform (a release's column in a
/// platform's notes, `1.30 からアップストリームでは`).
const UPSTREAM: [&str; 4] = ["アップストリーム", "upstream", "上流", "本家"];

/// `eks 1.31`, `gke 1.33` (normalized and lowercased): a managed platform's release, whose minor
/// version is the Kubernetes release it runs; what follows the platform's name.
fn platform_release(header: &str) -> Option<&str> {
    PLATFORMS
        .iter()
        .find_map(|w| {
            header
                .get(..w.len())
                .filter(|h| h.eq_ignore_ascii_case(w))
                .map(|_| &header[w.len()..])
        })
        .filter(|rest| rest.trim_start().trim_start_matches('v').starts_with("1."))
}

/// Managed Kubernetes platforms whose releases are numbered after the Kubernetes release they run
/// (`EKS 1.33`), the longer name first.
pub(super) const PLATFORMS: [&str; 4] = ["Amazon EKS", "EKS", "GKE", "AKS"];

/// A header cell's text as the table rules read it: normalized, trimmed, lowercased.
fn header_text(cell: &str) -> String {
    crate::text::japanese::nfkc(cell).trim().to_lowercase()
}

/// By (table, column), the release a header cell is only the name of (`| 項目 | v1.32 まで |
/// v1.33 |`): what a cell below it states, it states for that release.
pub(super) fn column_releases(doc: &Doc) -> HashMap<(usize, usize), Release> {
    doc.blocks
        .iter()
        .filter_map(|b| {
            let cell = b.cell.filter(|c| c.head)?;
            let h = header_text(&b.text);
            let release = release_header(&h).filter(|_| platform_release(&h).is_none())?;
            Some(((cell.table, cell.column), release))
        })
        .collect()
}

/// The release a header cell is only the name of: `1.33`, `v1.33`, `Kubernetes 1.33`,
/// `v1.33時点`, `v1.32 まで`, `EKS 1.33` (normalized and lowercased).
fn release_header(header: &str) -> Option<Release> {
    // `現在 (v1.34)`, `最新 (1.34)`: the note first, the release in brackets after it.
    if let Some(inner) = RELEASE_NOTES
        .iter()
        .find_map(|n| header.strip_prefix(n))
        .map(str::trim_start)
        .and_then(|rest| rest.strip_prefix('('))
        .and_then(|rest| rest.trim_end().strip_suffix(')'))
    {
        return release_header(inner.trim());
    }
    // (`アップストリーム 1.31` beside `EKS 1.31` in a platform's notes: the Kubernetes release.)
    let rest = UPSTREAM
        .iter()
        .find_map(|w| header.strip_prefix(w))
        .or_else(|| platform_release(header))
        .unwrap_or(header)
        .trim_start()
        .trim_start_matches("kubernetes")
        .trim_start_matches("k8s")
        .trim()
        .trim_start_matches('v');
    let digits = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(rest.len());
    let tail = rest[digits..].trim();
    // `1.33（新）`, `1.32 (現行)`, `1.33 以降`: a note saying which release is the new one, or
    // that the cell holds from it on, is still only the release.
    let note = tail
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(tail)
        .trim();
    let tail = if RELEASE_NOTES.contains(&note) {
        ""
    } else {
        tail
    };
    [
        "",
        "時点",
        "での状態",
        "の状態",
        "での扱い",
        "の扱い",
        "時点の状態",
        "リリース",
        "release",
        // `1.33 での変化` beside `現在のステージ`: what the release does to the row.
        "での変化",
        "の変化",
        "での変更",
        "の変更",
        "での変更点",
        "の変更点",
        // `v1.32 まで` beside `v1.33`: the column of the last release before the change.
        "まで",
    ]
    .contains(&tail)
    .then(|| Release::read(&rest[..digits]))
    .flatten()
}

/// Notes after a release in a column's header that leave it the release's column
/// (`| 1.32（現行） | 1.33（新） |`, `| 1.33 以降 |`; lowercased). `予定` is no note: it makes the
/// table a plan's.
const RELEASE_NOTES: [&str; 14] = [
    "新", "現行", "現在", "今回", "旧", "最新", "以降", "以上", "から", "new", "old", "current",
    "latest", "now",
];

/// Whether the block's text is one name and nothing else: one link (a list of KEPs by title),
/// one code span or one word (a list of gates: `` - `CloudDualStackNodeIPs` ``), a gate word
/// after it allowed (`` - `KMSv2` ゲート ``).
fn is_one_name(doc: &Doc, index: usize) -> bool {
    let b = &doc.blocks[index];
    let text = b.text.trim();
    let text = GATE_WORDS
        .iter()
        .find_map(|w| text.strip_suffix(w))
        .map_or(text, str::trim_end);
    let one_word = !text.is_empty()
        && text.starts_with(|c: char| c.is_ascii_alphabetic())
        && text.bytes().all(|c| c.is_ascii_alphanumeric());
    one_word
        || b.spans
            .iter()
            .any(|&s| b.text[doc.spans[s].range.clone()].trim() == text)
}

/// Whether a list item opens with a name, whole in a code span or a link, then a colon or dash
/// and its description, a bracket, or more names (`` 1. `ContainerStopSignals` — Pod spec で… ``,
/// `` `SupplementalGroupsPolicy`（KEP-3619） ``, `` `A` と `B` ``): an entry of a list the lead
/// or heading gives its stage.
fn led_by_a_name(doc: &Doc, index: usize) -> bool {
    let b = &doc.blocks[index];
    let lead = b.text.len() - b.text.trim_start().len();
    let Some(span) = b
        .spans
        .iter()
        .map(|&s| &doc.spans[s])
        .find(|s| s.range.start == lead)
    else {
        return titled_then_named(doc, index) || led_by_a_kep(&b.text[lead..]);
    };
    let after = b.text[span.range.end..].trim_start();
    after.is_empty()
        || after.starts_with([':', '：', '—', '–', '(', '（', '、', ','])
        // `` `KMSv2` / `KMSv2KDF` ``: names joined by a slash.
        || after.strip_prefix(['/', '／']).is_some_and(|rest| {
            let next = b.text.len() - rest.trim_start().len();
            b.spans.iter().any(|&s| doc.spans[s].range.start == next)
        })
        || after.starts_with("- ")
        || (after.starts_with('と') && only_more_names(after))
}

/// `- KEP-4191`, `- KEP-4191 Split Image Filesystem`, `- KEP #4191: …`: an item opening with a
/// KEP's number written out, then its title or a description.
fn led_by_a_kep(text: &str) -> bool {
    static KEP: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^(?i:kep)[\s\-#:]*[0-9]{2,5}(?:$|[\s:：—–(（、,])").unwrap()
    });
    KEP.is_match(text)
}

/// `` - Swap サポート（`NodeSwap`） ``, `` - 構造化認証設定（`X`、KEP-3331） ``: an item that is a short
/// title, then the name in brackets opening them, and nothing after: the name's entry of the
/// list, as one opening the item is.
fn titled_then_named(doc: &Doc, index: usize) -> bool {
    let b = &doc.blocks[index];
    let text = b.text.trim_end();
    let Some(open) = text.find(['(', '（']) else {
        return false;
    };
    let title = text[..open].trim();
    let inner = open + text[open..].chars().next().map_or(1, char::len_utf8);
    !title.is_empty()
        && title.chars().count() <= 30
        && !title.contains(['。', '、', ',', ':', '：', '(', '（'])
        // The first closing bracket ends the item.
        && text[inner..]
            .find([')', '）'])
            .is_some_and(|e| text[inner + e..].chars().count() == 1)
        && b.spans.iter().any(|&s| doc.spans[s].range.start == inner)
}

/// The list items and definition terms whose nested items or definitions state a stage
/// (`` `SidecarContainers` `` over `: 1.29 でベータになったゲート。`): the stage [`from_nested_items`]
/// gives a name that is the whole item.
pub(super) fn items_over_stages(views: &Views) -> std::collections::HashSet<usize> {
    let doc = views.doc;
    doc.blocks
        .iter()
        .enumerate()
        .filter(|(_, block)| matches!(block.kind, BlockKind::ListItem | BlockKind::Paragraph))
        .filter_map(|(b, block)| {
            let item = match block.kind {
                BlockKind::ListItem => b,
                _ => block.parent_item?,
            };
            let parent = doc.blocks[item].parent_item?;
            // A dated statement (`1.29 でベータ`) or an item that is the stage alone
            // (`ベータに昇格（デフォルト無効）`, `ステージ: アルファ`), not a note that names a stage
            // in passing (`アルファ版の頃の実装とは挙動が違う`).
            let view = views.get(b);
            whole_block_stage(view)
                .filter(|s| s.release.is_some() || is_a_bare_stage(view))
                .map(|_| parent)
        })
        .collect()
}

/// What may follow a stage word in a block or title that says the stage and nothing more
/// (`ベータ`, `ベータに昇格`, `GA 化`, `アルファとして追加`, asides aside).
pub(super) const BARE_STAGE_ENDINGS: [&str; 19] = [
    "",
    "版",
    "に",
    "へ",
    "化",
    "入り",
    "です",
    "昇格",
    "に昇格",
    "へ昇格",
    "に昇格しました",
    "へ昇格しました",
    "に移行",
    "に移行しました",
    "になりました",
    "になった",
    "として追加",
    "として追加されました",
    "として導入",
];

/// A block that says a stage and nothing more: the stage word after at most a stage key, then
/// at most a word of transition and asides (`ベータ`, `ベータに昇格（デフォルト無効）`,
/// `ステージ: アルファ`, `GA になりました。`).
fn is_a_bare_stage(view: &BlockView) -> bool {
    let text = view.text();
    let Some(word) = view
        .tokens
        .iter()
        .find(|t| t.kind != TokenKind::SentenceEnd)
    else {
        return false;
    };
    if !matches!(word.kind, TokenKind::StageWord(_)) {
        return false;
    }
    let key = text[..word.range.start]
        .trim()
        .trim_end_matches([':', '：']);
    if !key.is_empty() && !is_stage_key(Some(key)) {
        return false;
    }
    let mut rest = String::new();
    let mut depth = 0usize;
    for c in text[word.range.end..].chars() {
        match c {
            '(' | '（' => depth += 1,
            ')' | '）' => depth = depth.saturating_sub(1),
            _ if depth == 0 && !c.is_whitespace() => rest.push(c),
            _ => {}
        }
    }
    BARE_STAGE_ENDINGS.contains(&rest.trim_end_matches(['。', '.']))
}

/// The stage a whole block states.
fn whole_block_stage(view: &BlockView) -> Option<Stated> {
    let said = sentence_facts(view, 0..view.text().len());
    Some(Stated {
        stage: said.stage?,
        release: said.release,
    })
}

/// What one sentence says.
struct Said {
    stage: Option<Stage>,
    stage_at: Option<usize>,
    /// The release the stage is stated for, when the text names one (`v1.26でアルファ`, or a
    /// sentence opening `v1.33では、`).
    release: Option<Release>,
    default_on: Option<bool>,
    /// The stage words reached (not muted, not cancelled) with a release next to them.
    dated: Vec<Dated>,
}

/// The stage words of one sentence a rule may settle on, as (stage, offset, token index).
#[derive(Default, Clone, Copy)]
struct Candidates {
    removed: Option<(Stage, usize, usize)>,
    /// Stated for the article's release.
    current: Option<(Stage, usize, usize)>,
    target: Option<(Stage, usize, usize)>,
    last: Option<(Stage, usize, usize)>,
}

impl Candidates {
    fn settled(&self) -> Option<(Stage, usize, usize)> {
        self.removed.or(self.current).or(self.target).or(self.last)
    }

    /// Notes stage word `at`: a removal, or a stage that may be a transition's target and may
    /// be stated for the article's release.
    fn note(&mut self, at: (Stage, usize, usize), target: bool, current: bool) {
        if at.0 == Stage::Removed {
            self.removed = Some(at);
            return;
        }
        if target {
            self.target = Some(at);
        }
        if current {
            self.current = Some(at);
        }
        self.last = Some(at);
    }
}

/// Stage and default one sentence states. Stage words in brackets are an aside
/// (`GA（v1.29からベータだった）`): they count only when none stands outside.
fn sentence_facts(view: &BlockView, sentence: Range<usize>) -> Said {
    let text = view.text();
    let muted = view.muted();
    let first = view
        .tokens
        .partition_point(|t| t.range.start < sentence.start);
    let mut all = Candidates::default();
    let mut outside = Candidates::default();
    let mut default: Option<(bool, usize)> = None;
    let mut dated: Vec<Dated> = Vec::new();
    let mut prev_ident: Option<&str> = None;
    let mut depth = 0usize;
    let mut scanned = sentence.start;
    // End of the last negation: stage words after it in the same clause were not reached
    // either (`延期されました（アルファの予定でした）`).
    let mut negated_at: Option<usize> = None;
    let tokens = view.tokens_in(&sentence);
    for (k, t) in tokens.iter().enumerate() {
        for c in text[scanned.min(t.range.start)..t.range.start].chars() {
            match c {
                '(' | '（' => depth += 1,
                ')' | '）' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        scanned = t.range.end;
        if muted[first + k] {
            continue;
        }
        if let Some(n) = negated_at
            && matches!(t.kind, TokenKind::StageWord(_) | TokenKind::ApiVersion(_))
        {
            if !negation_ends(text, tokens, n, k) {
                continue;
            }
            negated_at = None;
        }
        match t.kind {
            TokenKind::StageWord(s) | TokenKind::ApiVersion(s) => {
                let after = &text[t.range.end..sentence.end];
                let to_before = prev_ident.is_some_and(|w| w.eq_ignore_ascii_case("to"));
                let next_to = release_next_to(text, tokens, k);
                // `1.28 でベータになり、1.34 で GA です`: a stage dated later than the move before it
                // goes on with that story, as its next move.
                let goes_on = next_to.is_some()
                    && all.target.is_some_and(|(_, _, j)| {
                        release_next_to(text, tokens, j).is_some_and(|r| Some(r) < next_to)
                    });
                let target = to_before || is_transition_target(after) || goes_on;
                let current = view.release.is_some()
                    && (next_to == view.release
                        || (next_to.is_none()
                            && clause_opens_with_this_release(
                                text,
                                sentence.start,
                                t.range.start,
                            )));
                let at = (s, t.range.start, k);
                if let (TokenKind::StageWord(_), Some(release)) = (t.kind, next_to) {
                    dated.push(Dated { release, stage: s });
                }
                all.note(at, target, current);
                if depth == 0 {
                    outside.note(at, target, current);
                }
            }
            // `...見送られています`: what came before did not happen; what follows still counts
            // (`一旦リバートされていましたが、ついに WatchList がベータに昇格しました`).
            TokenKind::Negation if !follows_its_cause(text, tokens, k) => {
                all = Candidates::default();
                outside = Candidates::default();
                dated.clear();
                negated_at = Some(t.range.end);
            }
            TokenKind::Default(on) => default = Some((on, k)),
            _ => {}
        }
        prev_ident = (t.kind == TokenKind::Ident).then(|| &text[t.range.clone()]);
    }
    let settled = outside.settled().or(all.settled());
    let release = settled.and_then(|(_, at, k)| {
        release_next_to(text, tokens, k)
            .or_else(|| release_said_of_stage(text, tokens, k))
            .or_else(|| release_opening_clause(text, tokens, k, sentence.start))
            .or_else(|| {
                clause_opens_with_this_release(text, sentence.start, at)
                    .then_some(view.release)
                    .flatten()
            })
            .or_else(|| release_pointed_back(text, &view.tokens, sentence.start, at))
            .or_else(|| {
                // `1.31 にはなかった X が今回ベータとして追加`: this time, the article's release,
                // said before the stage word, ends the topic's reach.
                topic_release(view, &sentence)
                    .filter(|(_, scope)| at < *scope && !text[sentence.start..at].contains("今回"))
                    .map(|(r, _)| r)
            })
    });
    let default_for = default.map(|(on, k)| {
        (
            on,
            release_next_to(text, tokens, k).or_else(|| release_said_of_default(text, tokens, k)),
        )
    });
    // `v1.28でベータに昇格、v1.30でデフォルトで有効に` in a 1.30 article: still beta, now on by
    // default, in the article's release (the promotion's release goes to the history).
    let release = match (settled, release, view.release, default_for) {
        (
            Some((Stage::Alpha | Stage::Beta, _, _)),
            Some(earlier),
            Some(now),
            Some((_, Some(d))),
        ) if d == now && earlier < now => Some(now),
        _ => release,
    };
    // A default stated for another release than the stage is not the default of the mention's
    // release (`v1.30からベータでしたが、v1.33でデフォルトで有効に`); one with no release of its own
    // goes with the stage (`v1.33でベータ(デフォルトで有効)に`).
    let default_on = default_for.and_then(|(on, stated_for)| {
        (settled.is_none() || stated_for.is_none_or(|r| Some(r) == release.or(view.release)))
            .then_some(on)
    });
    Said {
        stage: settled.map(|(s, _, _)| s),
        stage_at: settled.map(|(_, at, _)| at),
        release,
        default_on,
        dated,
    }
}

/// The release written right after the stage or default word `tokens[k]` as the answer of a
/// cleft sentence (`…になったのは 1.33 です`), when what follows it is one of `ends` or nothing:
/// the release, and the words between the two (`になったのは`).
fn cleft_answer<'t>(
    text: &'t str,
    tokens: &[super::scan::Token],
    k: usize,
    ends: &[&str],
) -> Option<(Release, &'t str)> {
    let next = tokens.get(k + 1)?;
    let TokenKind::Release(r) = next.kind else {
        return None;
    };
    let after = text[next.range.end..].trim_start();
    (after.is_empty() || ends.iter().any(|w| after.starts_with(w)))
        .then(|| (r, text[tokens[k].range.end..next.range.start].trim()))
}

/// `ベータになったのは 1.29 です`, `GA に昇格したのは v1.33 でした`, `削除されたのは 1.32`: the
/// release a stage is said to have been reached in, written after it as the answer of a cleft
/// sentence (of the past only: `GA になるのは 1.35 です` is a plan).
fn release_said_of_stage(text: &str, tokens: &[super::scan::Token], k: usize) -> Option<Release> {
    let (r, between) = cleft_answer(
        text,
        tokens,
        k,
        &["です", "でした", "。", "だ", "で、", "のこと"],
    )?;
    // (`削除された` is a stage word of its own: only `のは` follows it.)
    let word_is_a_past_verb = text[tokens[k].range.clone()].ends_with('た');
    let told = between
        .strip_suffix("のは")
        .or_else(|| between.strip_suffix("のが"))
        .is_some_and(|verb| {
            (verb.is_empty() && word_is_a_past_verb)
                || [
                    "になった",
                    "に昇格した",
                    "へ昇格した",
                    "に移行した",
                    "化した",
                    "入りした",
                    "として追加された",
                    "として導入された",
                    "として入った",
                    "された",
                ]
                .contains(&verb.trim())
        });
    told.then_some(r)
}

/// `1.29 で X はベータに昇格しました。同じ SIG の Y は、この時点ではまだアルファでした。`: a
/// sentence pointing back at the time just told (`この時点で`, `当時`, `その頃`) before its stage
/// word at `at` is of the last release the block named before it.
fn release_pointed_back(
    text: &str,
    tokens: &[super::scan::Token],
    sentence_start: usize,
    at: usize,
) -> Option<Release> {
    let before = &text[sentence_start..at];
    if ![
        "この時点で",
        "その時点で",
        "当時",
        "このとき",
        "その頃",
        "この頃",
        "そのころ",
    ]
    .iter()
    .any(|w| before.contains(w))
    {
        return None;
    }
    tokens
        .iter()
        .take_while(|t| t.range.start < sentence_start)
        .filter_map(|t| match t.kind {
            TokenKind::Release(r) => Some(r),
            _ => None,
        })
        .last()
}

/// `OpenShift 4.16（Kubernetes 1.29）では…`: a sentence opening with a distribution's release and
/// the Kubernetes release it ships in brackets, as its topic: that Kubernetes release.
fn distribution_release(sentence: &str) -> Option<Release> {
    static OPENING: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"^[\s\-*>・]*[A-Za-z][A-Za-z0-9 \-]*?\s*v?\d+(?:\.\d+)*\s*[（(]\s*(?:Kubernetes|k8s|K8s)\s*v?(1\.\d{1,2})(?:\.\d+)?\s*[)）]\s*(?:では|で|には|の|,|、)",
        )
        .unwrap()
    });
    OPENING.captures(sentence)?.get(1)?.as_str().parse().ok()
}

/// `デフォルトで有効になったのは 1.33 からです`: the release a default is said to have come in,
/// written after it.
fn release_said_of_default(text: &str, tokens: &[super::scan::Token], k: usize) -> Option<Release> {
    let (r, between) = cleft_answer(text, tokens, k, &["から", "以降", "です", "。"])?;
    ["になったのは", "になるのは", "にされたのは", "になったのが"]
        .contains(&between)
        .then_some(r)
}

/// `v1.33では、\`JobSuccessPolicy\`がGAに昇格しました`, `v1.33で\`X\`が…`, `なお、Kubernetes 1.28で…`,
/// `In v1.33, …`: the release a sentence opens with as its topic, which its stage words without
/// a release of their own are stated for, with where its scope ends (the sentence's end, or its
/// first clause's for a bare `で`).
fn topic_release(view: &BlockView, sentence: &Range<usize>) -> Option<(Release, usize)> {
    let text = view.text();
    let tokens = view.tokens_in(sentence);
    // (The line break a sentence may open with ends the one before.)
    // (So does `in`, and a managed platform's name before its release of Kubernetes.)
    // (And a chat line's speaker, `@sre_hanako:`, whatever tokens its name is cut into.)
    let speaker_end = tokens
        .iter()
        .find(|t| t.kind != TokenKind::SentenceEnd)
        .filter(|t| t.kind == TokenKind::Handle)
        .and_then(|t| super::scan::speaker_label_end(text, t.range.start))
        .unwrap_or(0);
    let i = tokens.iter().position(|t| {
        !(t.kind == TokenKind::SentenceEnd
            || t.range.start < speaker_end
            || (t.kind == TokenKind::Ident
                && ["in", "eks", "gke", "aks", "amazon"]
                    .contains(&text[t.range.clone()].to_ascii_lowercase().as_str())))
    })?;
    if let Some(r) = distribution_release(&text[sentence.clone()]) {
        return Some((r, sentence.end));
    }
    let t = &tokens[i];
    let TokenKind::Release(r) = t.kind else {
        return None;
    };
    // `v1.31でアルファとして導入された\`X\`は引き続きアルファです`: a release bound to the stage
    // word right after it is that word's, not the sentence's topic.
    if tokens.get(i + 1).is_some_and(|next| {
        matches!(
            next.kind,
            TokenKind::StageWord(_) | TokenKind::ApiVersion(_)
        ) && release_next_to(text, tokens, i + 1) == Some(r)
    }) {
        return None;
    }
    let lead = text[sentence.start.max(speaker_end)..t.range.start]
        .trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '-' | '*' | '・' | '>'))
        .trim_end_matches([' ', '、', ',']);
    // `- [1.33] \`X\` が GA に`, `【v1.33】…`: a digest's tag of the release its line is about.
    if matches!(lead, "[" | "【" | "［")
        && text[t.range.end..]
            .trim_start()
            .starts_with([']', '】', '］'])
    {
        return Some((r, sentence.end));
    }
    const CONNECTIVES: &[&str] = &[
        // `上流 Kubernetes 1.30 で…` in a platform's notes: the Kubernetes release itself.
        "上流",
        "上流の",
        "アップストリーム",
        "アップストリームの",
        "本家",
        "本家の",
        "upstream",
        "Upstream",
        "なお",
        "また",
        "さらに",
        "そして",
        "一方",
        "まず",
        "次に",
        "最後に",
        "ついに",
        // `前回の v1.33 で…`, `次の v1.33 で…`: which release, said again.
        "前回の",
        "次の",
        // `同じ 1.30 で…`: the release said before, again.
        "同じ",
        "同じく",
        "前回",
        "今回の",
        "今回",
    ];
    // Asides and adverbs before the topic (`ちなみに 1.33 では…`, `すでに 1.33 で…`) and, with
    // `PLATFORMS`, a managed platform's release of Kubernetes (`EKS 1.33 では…`): the topic of the
    // first clause only, as
    // they as often set an earlier scene (`既に 1.31 では使っていましたが、今回ベータに`).
    const ASIDES: &[&str] = &[
        "ちなみに",
        "すでに",
        "既に",
        "もともと",
        "元々",
        "ただし",
        "但し",
        "実は",
        "とはいえ",
        "ところで",
        "ようやく",
        "やっと",
        "ちょうど",
    ];
    // `回答: 1.31 で …`, `例: 1.31 では …`, `（例: 1.31 では …）`: an answer's or an example's
    // label before it.
    let labelled = lead
        .strip_suffix([':', '：'])
        .map(|l| l.rsplit(['(', '（']).next().unwrap_or(l).trim())
        .is_some_and(|l| {
            ["回答", "答え", "A", "A.", "Answer", "例", "例えば", "結論"].contains(&l)
        });
    // `ちなみに EKS 1.32 では`, `なお、GKE 1.32 では`: an aside or a connective, then a platform.
    let platform_after = |l: &str| {
        ASIDES
            .iter()
            .chain(CONNECTIVES)
            .find_map(|a| l.strip_prefix(a))
            .map(|rest| rest.trim_start_matches(['、', ',', ' ']).trim_end())
            .is_some_and(|rest| PLATFORMS.contains(&rest))
    };
    let aside = ASIDES.contains(&lead) || PLATFORMS.contains(&lead) || platform_after(lead);
    let after = past_release_words(&text[t.range.end..]);
    // `うちはまだ 1.32 なので X がベータで…`, `@hanako: 1.33 なら X は GA です`: the release the
    // writer's clusters run, given as the cause or the condition of what the sentence says.
    if (lead.is_empty() || RUNS_ON.contains(&lead) || runs_on_a_platform(lead))
        && CAUSES_OF_A_RELEASE.iter().any(|w| after.starts_with(w))
    {
        return Some((r, sentence.end));
    }
    // `1.34 に上げたら \`X\` がベータに`, `1.34 にアップグレードしたら…`: the release the
    // writer's clusters were taken to, what the sentence says of them.
    if (lead.is_empty() || RUNS_ON.contains(&lead) || runs_on_a_platform(lead))
        && UPGRADED_TO.iter().any(|w| after.starts_with(w))
    {
        return Some((r, sentence.end));
    }
    // `1.28 のクラスタでは`, `v1.28 環境では`: a cluster of that release is the
    // release itself.
    let of_clusters = [
        "のクラスター",
        "のクラスタ",
        "クラスター",
        "クラスタ",
        "の環境",
        "環境",
    ]
    .iter()
    .find_map(|w| after.strip_prefix(w))
    .map(str::trim_start);
    // (`延長サポート中の 1.29 クラスタでは`: words describing those clusters before it.)
    let describes_the_clusters = of_clusters.is_some() && lead.ends_with('の');
    if !(lead.is_empty()
        || lead.eq_ignore_ascii_case("in")
        || CONNECTIVES.contains(&lead)
        || aside
        || labelled
        || describes_the_clusters)
    {
        return None;
    }
    let after = of_clusters.unwrap_or(after);
    // The first clause ends at a comma, or where a predicate joins the next without one
    // (`1.32 は検証していませんが X は GA です`, `なお EKS 1.32 では未検証ですが…`).
    let first_clause_end = || {
        let rest = &text[t.range.end..sentence.end];
        let comma = rest.find(CLAUSE_BREAKS).unwrap_or(rest.len());
        let joined = CONTRAST_ENDINGS
            .iter()
            .chain(&CAUSES)
            .filter_map(|w| rest.find(w).map(|i| i + w.len()))
            .min()
            .unwrap_or(rest.len());
        t.range.end + comma.min(joined)
    };
    // `v1.30 には修正が含まれており、…`: what the release holds, in its clause; `1.33 は \`X\` が
    // GA になったのが大きい`: the release as the topic of its clause.
    if after.starts_with("には") || after.starts_with('は') {
        return Some((r, first_clause_end()));
    }
    // `Kubernetes 1.31: Pod の失敗ポリシーが GA に`: a release post's title; `Kubernetes 1.33 以降、`:
    // from that release on.
    if [
        "では",
        "で、",
        "において",
        "にて",
        ",",
        ":",
        "：",
        "以降、",
        "以降は",
    ]
    .iter()
    .any(|w| after.starts_with(w))
    {
        // (`ただし v1.24 以降、X はベータです`: from that release on, the clause after it too.)
        let scope = if aside && after.starts_with("以降、") {
            let next = t.range.end + after_comma(&text[t.range.end..sentence.end]);
            text[next..sentence.end]
                .find(CLAUSE_BREAKS)
                .map_or(sentence.end, |i| next + i)
        } else if aside {
            first_clause_end()
        } else {
            sentence.end
        };
        return Some((r, scope));
    }
    // `v1.33で\`X\`がGAに昇格しました` but not `v1.27で追加され、…ついにベータに昇格しました`:
    // without a comma the release is its first clause's.
    after.starts_with('で').then(|| (r, first_clause_end()))
}

/// What a writer says of the clusters they run before naming its release (`うちはまだ 1.32 なので`).
const RUNS_ON: [&str; 10] = [
    "うちは",
    "うちはまだ",
    "まだ",
    "今は",
    "今はまだ",
    "現在は",
    "弊社は",
    "弊社はまだ",
    "本番は",
    "本番はまだ",
];

/// `うちの EKS は`, `GKE`, `本番の GKE も`: the writer's clusters named by their managed platform,
/// before the release they run.
fn runs_on_a_platform(lead: &str) -> bool {
    let lead = ["うちの", "弊社の", "本番の", "社内の", "うちは", "弊社は"]
        .iter()
        .find_map(|w| lead.strip_prefix(w))
        .unwrap_or(lead)
        .trim();
    let lead = lead
        .strip_suffix(['は', 'も', 'が'])
        .unwrap_or(lead)
        .trim_end();
    let lead = lead.strip_suffix("はまだ").unwrap_or(lead).trim_end();
    PLATFORMS.contains(&lead)
}

/// Words after a release the writer's clusters were upgraded to (`1.34 に上げたら`).
const UPGRADED_TO: [&str; 10] = [
    "に上げたら",
    "に上げると",
    "に上げて",
    "に上げた",
    "にアップグレードしたら",
    "にアップグレードすると",
    "にアップグレードして",
    "にアップグレードした",
    "に更新したら",
    "に更新して",
];

/// A release given as a cause or a condition: `1.32 なので`, `1.33 なら`.
const CAUSES_OF_A_RELEASE: [&str; 4] = ["なので", "だから", "なら", "だと"];

/// Besides a contrast ([`CONTRAST_ENDINGS`]), how a predicate joins the next clause without a
/// comma: a cause or a condition (`…なので`, `…ため`, `…なら`).
const CAUSES: [&str; 3] = ["ので", "ため", "なら"];

/// The byte just past the first clause break of `text` (its end when there is none).
fn after_comma(text: &str) -> usize {
    text.find(CLAUSE_BREAKS).map_or(text.len(), |i| {
        i + text[i..].chars().next().map_or(0, char::len_utf8)
    })
}

/// `` `X` は v1.27 でアルファになりましたが、v1.33 でベータになりました ``: the release a clause of the
/// sentence opens with (`v1.33 で`, `v1.33 では`, `1.33 から`) is the release of the stage words in
/// that clause. Clauses are cut at `、` `,` `;`; `tokens[i]` is the stage word; the sentence's
/// first clause is left to [`topic_release`].
fn release_opening_clause(
    text: &str,
    tokens: &[super::scan::Token],
    i: usize,
    sentence_start: usize,
) -> Option<Release> {
    let clause_start = clause_start(text, sentence_start, tokens[i].range.start);
    // The sentence's first clause is `topic_release`'s, after a connective too (`また、`, `あと、`,
    // `ちなみに、`: a word of a few characters and a comma, no clause of its own).
    let lead = text[sentence_start..clause_start]
        .trim()
        .trim_end_matches(['、', ',']);
    if clause_start == sentence_start
        || (lead.chars().count() <= 5
            && !tokens.iter().any(|t| {
                (sentence_start..clause_start).contains(&t.range.start)
                    && t.kind != TokenKind::SentenceEnd
            }))
    {
        return None;
    }
    let first = tokens[..i]
        .iter()
        .position(|t| t.range.start >= clause_start)?;
    let TokenKind::Release(r) = tokens[first].kind else {
        return None;
    };
    if !text[clause_start..tokens[first].range.start]
        .trim()
        .is_empty()
    {
        return None;
    }
    let after = past_release_words(&text[tokens[first].range.end..]);
    // `…非推奨で、v1.29 以降はデフォルトで無効`: from that release on (not `1.29 以降のクラスタ`).
    ["で", "から", "にて", "において", "以降は", "以降、"]
        .iter()
        .any(|w| after.starts_with(w))
        .then_some(r)
}

/// The release written right next to stage word `tokens[i]`: before it (`v1.26でアルファ`,
/// `1.29 beta`, `Kubernetes v1.16 [alpha]`) or after it (`GA since v1.29`, `beta in 1.30`,
/// `(GA: 1.29)`).
fn release_next_to(text: &str, tokens: &[super::scan::Token], i: usize) -> Option<Release> {
    let t = &tokens[i];
    let mut p = i.checked_sub(1);
    let mut next_start = t.range.start;
    // `v1.34 で⏎GA になりました`: a line the editor wrapped after the release's particle (a
    // line ending on `で` ends no statement).
    if let Some(d) = p
        && tokens[d].kind == TokenKind::SentenceEnd
        && text[tokens[d].range.clone()].trim().is_empty()
        && text[tokens[d].range.end..t.range.start].trim().is_empty()
        && let Some(r) = d.checked_sub(1)
        && matches!(tokens[r].kind, TokenKind::Release(_))
        && !release_gap(&text[tokens[r].range.end..tokens[d].range.start]).is_empty()
    {
        next_start = tokens[d].range.start;
        p = Some(r);
    }
    // `v1.33 でデフォルト有効のベータ`: the default said of the stage stands between them.
    while let Some(d) = p
        && matches!(tokens[d].kind, TokenKind::Default(_))
        && matches!(
            text[tokens[d].range.end..next_start].trim(),
            "の" | "な" | ""
        )
    {
        next_start = tokens[d].range.start;
        p = d.checked_sub(1);
    }
    // `v1.33（Octarine）でベータ`, `v1.34（Of Wind & Will）で`: the release's name in brackets
    // between them (its words are the tokens back to the release).
    let word = |t: &super::scan::Token| {
        text[t.range.clone()]
            .bytes()
            .all(|b| b.is_ascii_alphabetic())
    };
    if let Some(d) = p
        && word(&tokens[d])
        && let Some(r) = tokens[..d]
            .iter()
            .rposition(|t| !word(t))
            .filter(|&r| matches!(tokens[r].kind, TokenKind::Release(_)))
        && release_name(text[tokens[r].range.end..].trim_start())
            .is_some_and(|rest| text.len() - rest.len() >= tokens[d].range.end)
    {
        p = Some(r);
    }
    // `1.27 から長らくアルファでした`: how long it was so stands between them.
    if let Some(d) = p
        && tokens[d].kind == TokenKind::Past
        && is_how_long(&text[tokens[d].range.clone()])
        && text[tokens[d].range.end..next_start].trim().is_empty()
    {
        return how_long_since(text, tokens, d);
    }
    // `1.29 からベータのままです`: beta since then and still, so in the article's release too.
    // `1.32 まではアルファでした`: up to that release, told as the past (`1.35 までは非推奨のまま
    //残ります` is what will be).
    let up_to = |between: &str| {
        matches!(between, "まで" | "までは") && super::scan::tells_the_past(&text[t.range.end..])
    };
    let still = |between: &str| {
        matches!(between, "から" | "以来")
            && ["のまま", "が続", "を維持"]
                .iter()
                .any(|w| text[t.range.end..].trim_start().starts_with(w))
    };
    // `v1.34で昇格し、安定版になりました`, `v1.34で正式にサポートされ、GAとなりました`: the release
    // of the move the next clause names the stage of.
    let moved_then = |gap: &str| {
        let g = gap.strip_prefix('で').unwrap_or("");
        let g = g.strip_prefix("正式に").unwrap_or(g);
        [
            "昇格し、",
            "昇格して",
            "卒業し、",
            "卒業して",
            "サポートされ、",
            "導入され、",
        ]
        .contains(&g)
    };
    // `GKE 1.32 からアップストリームではベータの機能を`: the platform's release, set against
    // upstream, dates nothing upstream.
    let upstream_after_a_platform = |prev: &super::scan::Token| {
        let gap = &text[prev.range.end..next_start];
        UPSTREAM.iter().any(|w| gap.contains(w))
            && PLATFORMS
                .iter()
                .any(|p| text[..prev.range.start].trim_end().ends_with(p))
    };
    // `` `X` は（v1.33）で beta ``: a release alone in brackets is read as written bare.
    let unbracketed = |prev: &super::scan::Token| {
        let gap = &text[prev.range.end..next_start];
        text[..prev.range.start]
            .trim_end()
            .ends_with(['(', '（'])
            .then(|| gap.trim_start().strip_prefix([')', '）']))
            .flatten()
            .unwrap_or(gap)
    };
    if let Some(prev) = p.map(|p| &tokens[p])
        && let TokenKind::Release(r) = prev.kind
        && !upstream_after_a_platform(prev)
        && let gap = release_gap(unbracketed(prev))
        && !still(gap)
        && (moved_then(gap)
            || up_to(gap)
            || matches!(
                gap,
                "" | "で"
                    | "でも"
                    | "から"
                    | "にて"
                    | "において"
                    | "では"
                    | "は"
                    | "に"
                    | "で、"
                    | "の"
                    | "["
                    | "以降"
                    | "以降は"
                    | "以降、"
                    | "以降で"
                    | "以降も"
                    | "からは"
            ))
    {
        return Some(r);
    }
    // `1.32 の \`PodLevelResources\`（alpha）`, `1.33 の \`X\` beta 化`, `1.31 の X は alpha です`:
    // the stage said of a name right after it, or of it as the topic, the name of a release.
    if let Some(d) = p
        && tokens[d].kind == TokenKind::Ident
        && matches!(
            text[tokens[d].range.end..next_start]
                .trim_matches(|c: char| c == '`' || c.is_whitespace()),
            "" | "(" | "（" | "は" | "が" | "も" | "はまだ" | "はもう" | "もまだ" | "はすでに"
        )
        && let Some(r) = d.checked_sub(1).map(|r| &tokens[r])
        && let TokenKind::Release(release) = r.kind
        && text[r.range.end..tokens[d].range.start]
            .trim_matches(|c: char| c == '`' || c.is_whitespace())
            == "の"
    {
        return Some(release);
    }
    // `1.28: α / 1.29: β / 1.33: GA`: a release and a colon date the stage word when the word
    // ends its step (not `Kubernetes v1.33: アルファだった X が…`, a post's title).
    if let Some(prev) = p.map(|p| &tokens[p])
        && let TokenKind::Release(r) = prev.kind
        && matches!(text[prev.range.end..next_start].trim(), ":" | "：")
        && text[t.range.end..]
            .trim_start()
            .chars()
            .next()
            .is_none_or(|c| matches!(c, '/' | '、' | ',' | '→' | ')' | '）' | '|' | '\n'))
    {
        return Some(r);
    }
    // `GA (v1.34)`, `GA（1.34〜）`: the release in brackets right after the stage is its own.
    if let Some(n) = tokens.get(i + 1)
        && let TokenKind::Release(r) = n.kind
        && matches!(text[t.range.end..n.range.start].trim(), "(" | "（")
        && text[n.range.end..]
            .trim_start()
            .starts_with([')', '）', '~', '〜', '～'])
    {
        return Some(r);
    }
    if let Some(r) = release_in_an_aside_after(text, tokens, i) {
        return Some(r);
    }
    // `アルファとして 1.32 に入ります`, `GA として v1.33 でマージされました`: the release the feature
    // came into as that stage.
    if let Some(n) = tokens.get(i + 1)
        && let TokenKind::Release(r) = n.kind
        && text[t.range.end..n.range.start].trim() == "として"
        && [
            "に入",
            "で入",
            "でマージ",
            "に含まれ",
            "で導入",
            "で追加",
            "から",
        ]
        .iter()
        .any(|w| past_release_words(&text[n.range.end..]).starts_with(w))
    {
        return Some(r);
    }
    // `` `X` がベータになった 1.33 に上げた ``, `GA 済みの 1.33 で`: the release a relative clause
    // of the stage describes.
    if let Some(n) = tokens.get(i + 1)
        && let TokenKind::Release(r) = n.kind
        && RELATIVE_CLAUSE_ENDINGS
            .iter()
            .chain(&["済みの", "済の", "化された", "化した"])
            .any(|w| *w == text[t.range.end..n.range.start].trim())
    {
        return Some(r);
    }
    // `Alpha v1.28 → Beta v1.29 → GA v1.33`, `alpha v1.28 / beta v1.29`: a step of a chain
    // written stage first, the release right after the stage and ending the step.
    if let Some(n) = tokens.get(i + 1)
        && let TokenKind::Release(r) = n.kind
        && matches!(text[t.range.end..n.range.start].trim(), "" | ":" | "：")
        && {
            let after = text[n.range.end..].trim_start_matches(super::scan::INLINE_SPACE);
            after.is_empty()
                || after.starts_with(['\n', '、', ',', '|'])
                || super::scan::chain_separators().any(|a| after.starts_with(a))
        }
    {
        return Some(r);
    }
    // `KEP-127 のベータは 1.35 です`, `GA が 1.36 になっています`, `ベータ昇格は v1.35 以降`: the stage
    // is the topic and the release what is said of it.
    if let Some(n) = tokens.get(i + 1)
        && let TokenKind::Release(r) = n.kind
        && matches!(
            text[t.range.end..n.range.start].trim(),
            "は" | "が" | "昇格は" | "への昇格は" | "入りは" | "化は"
        )
        && [
            "です",
            "でした",
            "になって",
            "になりま",
            "から",
            "以降",
            "。",
            "予定",
        ]
        .iter()
        .any(|w| text[n.range.end..].trim_start().starts_with(w))
    {
        return Some(r);
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
                return Some(r);
            }
            _ => return None,
        }
    }
    None
}

/// `GA に（1.33）`, `（beta, 1.29+）`, `` beta（`NFTablesProxyMode`、v1.31 から） ``: a release in the
/// brackets right after stage word `tokens[i]` (or in the same brackets, after a comma), with at
/// most names and a default (`（デフォルト有効、v1.34〜）`) before it there and nothing after it but
/// `から`, `以降`, `+` or `〜` before the bracket closes.
fn release_in_an_aside_after(
    text: &str,
    tokens: &[super::scan::Token],
    i: usize,
) -> Option<Release> {
    let t = &tokens[i];
    let (k, n) = tokens.iter().enumerate().skip(i + 1).find(|(_, n)| {
        !matches!(
            n.kind,
            TokenKind::Ident | TokenKind::Kep | TokenKind::Default(_)
        )
    })?;
    let TokenKind::Release(r) = n.kind else {
        return None;
    };
    let between = &text[t.range.end..n.range.start];
    // Opened right after the stage (`GA に（`, `beta（`), or the stage itself inside (`（beta, `).
    let (before, inside) = match between.find(['(', '（']) {
        Some(open) => (&between[..open], &between[open..]),
        None => ("", between),
    };
    let opened_here = between.contains(['(', '（']);
    let in_brackets_already = {
        let upto = &text[..t.range.start];
        upto.rfind(['(', '（'])
            .is_some_and(|open| !upto[open..].contains([')', '）']))
    };
    if !(opened_here || in_brackets_already)
        || !matches!(
            before.trim(),
            "" | "に" | "へ" | "化" | "に昇格" | "へ昇格" | "昇格"
        )
        || inside.contains([')', '）'])
    {
        return None;
    }
    // Between the stage and the release: the bracket, commas and the names of the tokens skipped.
    let mut rest = inside.to_string();
    for skipped in &tokens[i + 1..k] {
        rest = rest.replacen(&text[skipped.range.clone()], "", 1);
    }
    if !rest
        .chars()
        .all(|c| c.is_whitespace() || matches!(c, '(' | '（' | '、' | ',' | '`' | ':' | '：'))
    {
        return None;
    }
    // (`GA（v1.29からベータだった）`: the release of another stage inside the aside.)
    let after = text[n.range.end..].trim_start();
    // (`ベータ（v1.33時点）`: as of that release.)
    let after = ["から", "以降", "時点", "現在", "+", "~", "〜", "～"]
        .iter()
        .find_map(|w| after.strip_prefix(w))
        .unwrap_or(after)
        .trim_start();
    after.starts_with([')', '）']).then_some(r)
}

/// `でもまだ` → `でも`, `では引き続き` → `では`: the particle after a release with the adverb that
/// may follow it (`v1.31 でもまだアルファ`).
fn without_adverb(gap: &str) -> &str {
    [
        "まだ",
        "引き続き",
        "ついに",
        "正式に",
        "すでに",
        "既に",
        "晴れて",
        "無事",
        "完全に",
        "ようやく",
        "やっと",
        "とうとう",
        "めでたく",
        "再び",
        "改めて",
        "長らく",
        "長く",
        "ずっと",
        "もう",
    ]
    .iter()
    .find_map(|a| gap.strip_suffix(a))
    .or_else(|| upstream_here(gap))
    .map_or(gap, str::trim_end)
}

/// `1.30 からアップストリームではベータ`: `gap` up to an [`UPSTREAM`] word and `では` ending it,
/// where the stage holds, not when.
fn upstream_here(gap: &str) -> Option<&str> {
    let place = gap.strip_suffix("では")?.trim_end();
    UPSTREAM.iter().find_map(|u| place.strip_suffix(u))
}

/// The text after a release past the words that only say more of it: `リリース`
/// (`1.31 リリースで`), `+`, `~`, `〜` (`1.31+ でベータ`, `v1.31~ ベータ`), `系` (`1.33 系で`), `版`,
/// `時点`, `の時点`, `のタイミング`, `のとき`, `の頃`, `当時`, a closing quote (`「v1.33」で`) and the release's name in brackets
/// (`v1.33（Octarine）で`).
fn past_release_words(after: &str) -> &str {
    let after = after
        .trim_start()
        .trim_start_matches(['」', '』', '"', '\'']);
    let after = release_name(after).map_or(after, str::trim_start);
    [
        "リリース",
        "+",
        "~",
        "〜",
        "～",
        "系",
        "版",
        "時点",
        "の時点",
        "のタイミング",
        "のとき",
        "の時",
        "のころ",
        "の頃",
        "当時",
        "の当時",
    ]
    .iter()
    .find_map(|w| after.strip_prefix(w))
    .map_or(after, str::trim_start)
}

/// `（Octarine）で` → `で`, `(Of Wind & Will)` → ``, `（2025年4月リリース）で` → `で`: the text past a
/// release's name or date in brackets (a few English words, or a year with its month and day;
/// not `（仮）`, `（予定）`, `（2025年4月リリース予定）`).
fn release_name(after: &str) -> Option<&str> {
    let inner = after.strip_prefix(['(', '（'])?;
    let end = inner.find([')', '）'])?;
    let name = &inner[..end];
    let close = inner[end..].chars().next()?.len_utf8();
    let english_name = !name.trim().is_empty()
        && name.chars().count() <= 24
        && name
            .chars()
            .all(|c| c.is_ascii_alphabetic() || matches!(c, ' ' | '&' | '\'' | '-'));
    (english_name || is_a_release_date(name)).then(|| &inner[end + close..])
}

/// `2025年4月`, `2025 年 4 月リリース`, `2025-04`, `2023/08/15`: when a release came out, as an
/// aside after it.
fn is_a_release_date(aside: &str) -> bool {
    let date = aside.trim();
    let date = ["リリース", "released", "release"]
        .iter()
        .find_map(|w| date.strip_suffix(w))
        .unwrap_or(date)
        .trim();
    let year = date.chars().take_while(char::is_ascii_digit).count() == 4;
    year && date
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '年' | '月' | '日' | '-' | '/' | '.' | ' '))
}

/// What stands between a release and the stage word after it, as [`release_next_to`] reads it:
/// past the words of the release, an adverb (`1.27 から長らくアルファ`) and a verb of introduction
/// (`v1.31 で追加されたアルファ機能`, `1.30 で導入されたベータ`).
fn release_gap(between: &str) -> &str {
    let gap = past_release_words(between).trim_end();
    let gap = ["追加された", "導入された", "登場した"]
        .iter()
        .find_map(|w| gap.strip_suffix(w))
        .map_or(gap, str::trim_end);
    // `1.32 でゲートごと削除`: the gate and all, between the release and the removal.
    let gap = gap
        .strip_suffix(super::scan::GATE_AND_ALL)
        .map_or(gap, str::trim_end);
    without_adverb(gap)
}

/// Whether stage word `tokens[k]` stands past the reach of a negation ending at `n`: in a new
/// clause (`...リバートされていましたが、ついに...`), or in a clause with a release of its own
/// (`1.30でのベータ昇格は見送られ、1.32でベータになりました`). Else it was not reached either
/// (`延期されました（アルファの予定でした）`).
fn negation_ends(text: &str, tokens: &[super::scan::Token], n: usize, k: usize) -> bool {
    let between = &text[n..tokens[k].range.start];
    is_clause_break(between)
        || (between.contains(CLAUSE_BREAKS) && release_next_to(text, tokens, k).is_some())
}

/// `ImageVolume は 1.34 でも beta なので今回は見送ります`: the negation `tokens[n]` follows a clause
/// whose stage, right before `なので` (`だから`, `のため`, `になったので`), is the cause of what is
/// put off (the writer's adoption), so it cancels no stage. (`GA になりましたが、バグのため
/// リバートされました` gives its cause after the stage's clause: the stage is cancelled.)
fn follows_its_cause(text: &str, tokens: &[super::scan::Token], n: usize) -> bool {
    static DEFAULT_AFTER_A_STAGE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(
        || {
            regex::Regex::new(r"^(?:で|です(?:が|けど)?[、,]?|だけど[、,]?|だが[、,]?)\s*(?:デフォルト|既定)(?:では|で)?\s*(?:無効|有効|オフ|オン|OFF|ON|off|on)(?:のまま)?\s*").unwrap()
        },
    );
    let Some(stage) = tokens[..n]
        .iter()
        .rfind(|t| matches!(t.kind, TokenKind::StageWord(_)))
    else {
        return false;
    };
    let after = text[stage.range.end..tokens[n].range.start].trim_start_matches([' ', '版']);
    // (An aside of the stage's default first: `beta（デフォルト無効）なので`.)
    let after = after
        .strip_prefix(['(', '（'])
        .and_then(|a| a.split_once([')', '）']))
        .map_or(after, |(_, rest)| rest)
        .trim_start();
    // (Or its default said after it: `ベータでデフォルト無効なので`, `ベータですが、デフォルト
    // 無効なので`.)
    let after = DEFAULT_AFTER_A_STAGE
        .find(after)
        .map_or(after, |m| &after[m.end()..]);
    // `…、採用を見送りました`, `導入は見送り`: the writer's own step put off, whatever comes
    // between.
    let before = text[..tokens[n].range.start].trim_end();
    if WRITERS_STEPS.iter().any(|w| {
        before
            .strip_suffix(['を', 'は', 'も'])
            .is_some_and(|b| b.trim_end().ends_with(w))
    }) {
        return true;
    }
    [
        "なので",
        "ですので",
        "だから",
        "ですから",
        "のため",
        "になったので",
        "になったため",
        "になったから",
        "になっているので",
        "のままなので",
    ]
    .iter()
    .any(|w| after.starts_with(w))
}

/// The writer's own steps with a feature (`採用`, `導入`, `本番投入`): putting one off is no
/// postponement of the feature's stage.
const WRITERS_STEPS: [&str; 8] = [
    "採用",
    "導入",
    "利用",
    "検証",
    "有効化",
    "適用",
    "本番投入",
    "試すの",
];

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

/// The text after a stage word makes it the target of a move: `ベータに`, `GA へ`, `GA となりました`,
/// `GA した`.
fn is_transition_target(after: &str) -> bool {
    let a = after.trim_start();
    let a = a.strip_prefix('版').unwrap_or(a).trim_start();
    a.starts_with('に')
        || a.starts_with('へ')
        || a.starts_with("した")
        || a.starts_with("しました")
        || a.starts_with("となり")
        || a.starts_with("となっ")
}

/// The one stage a block names, if it names exactly one (after the last postponement), with
/// the release a sentence naming it states (the article's if one states it for that, else the
/// first's), and the normalized offsets of its words.
/// `設定に \`KMSv2\` が残っていました。このゲートは 1.32 で削除されています。`, `これは 1.32 で
/// 削除されたゲートです`: a removal whose clause opens pointing back at the gate just named (a
/// removal is else as often of something else, `古い API は削除されました`).
fn removal_points_back(view: &BlockView, t: &Token) -> bool {
    let text = view.text();
    let sentence = view.sentence_at(t.range.start);
    let opening =
        text[clause_start(text, sentence.start, t.range.start)..t.range.start].trim_start();
    let opening = &opening[super::note_mark_len(opening)..];
    [
        "このゲート",
        "そのゲート",
        "当該ゲート",
        "これは",
        "こちらは",
        "ゲート自体は",
        "ゲートは",
    ]
    .iter()
    .any(|w| opening.starts_with(w))
}

pub(super) fn block_stage(view: &BlockView) -> Option<(Stated, Vec<usize>)> {
    let text = view.text();
    let muted = view.muted();
    // `v1.31で非推奨化された\`.status.nodeInfo.kubeProxyVersion\`フィールドは、v1.33で削除されました。`:
    // a sentence about a field, naming no KEP or gate (the parts of a field's path,
    // `Status.NodeInfo.KubeProxyVersion`, are none), deprecates the field, not the block's
    // feature (a field that comes as alpha, `アルファ版として…フィールドが導入されました`, comes with
    // the feature's gate).
    let about_a_field = |at: usize| {
        let tokens = view.tokens_in(&view.sentence_at(at));
        tokens.iter().any(|t| {
            t.kind == TokenKind::FieldWord
                && SETTING_WORDS.contains(&text[t.range.clone()].to_ascii_lowercase().as_str())
        }) && !tokens
            .iter()
            .any(|t| names_a_kep_or_gate(text, t) && !super::gates::is_field_path(view, t))
    };
    // The stage and where each of its words stands.
    let mut found: Option<(Stage, Vec<usize>)> = None;
    let mut negated_at: Option<usize> = None;
    for (k, t) in view.tokens.iter().enumerate() {
        if muted[k]
            || (t.kind == TokenKind::StageWord(Stage::Deprecated) && about_a_field(t.range.start))
        {
            continue;
        }
        if let Some(n) = negated_at
            && matches!(t.kind, TokenKind::StageWord(_))
        {
            if !negation_ends(text, &view.tokens, n, k) {
                continue;
            }
            negated_at = None;
        }
        match t.kind {
            TokenKind::Negation if !follows_its_cause(text, &view.tokens, k) => {
                found = None;
                negated_at = Some(t.range.end);
            }
            TokenKind::StageWord(Stage::Removed) if !removal_points_back(view, t) => {}
            TokenKind::StageWord(s) => match &mut found {
                None => found = Some((s, vec![t.range.start])),
                Some((f, at)) if *f == s => at.push(t.range.start),
                Some(_) => return None,
            },
            _ => {}
        }
    }
    let (stage, at) = found?;
    // `v1.27でベータ版として卒業しました。… v1.30でもベータ版のままです。` in a 1.30 article: the
    // sentence stating the stage for the article's release, else the first.
    let release_at = |at: usize| {
        let f = view.sentence_facts(at);
        f.release.filter(|_| f.stage == Some(stage))
    };
    let release = at
        .iter()
        .map(|&a| release_at(a))
        .find(|r| r.or(view.release) == view.release)
        .unwrap_or_else(|| release_at(at[0]));
    Some((Stated { stage, release }, at))
}
