//! Feature gates named in prose.
//!
//! A CamelCase word is a gate when the text says so:
//! * next to the keyword: `FeatureGate X`, `FeatureGate, X`, `FeatureGate名は X`,
//!   `Feature Gate の X`, `フィーチャーゲート X`, `X FeatureGate`, `X フィーチャーゲート`,
//!   `Alpha X FeatureGate`, `GAしているFeatureGate X が削除` — and the names listed with it
//!   (`FeatureGate A および B`, `A と B FeatureGate`, `A, B`);
//! * inside the flag: `--feature-gates=A=true,B=false`;
//! * or when the registry knows the name (exactly, or ignoring case for names of 12+ letters,
//!   which catches `Customresourcefieldselectors`), provided the word is not an API field, kind,
//!   resource, controller, metric, plugin or volume type (`ImageMaximumGCAge フィールド`,
//!   `Job.ManagedBy`, `` The `Foo` API ``, `ReadWriteOncePodボリューム`) and its sentence is
//!   about gates, stages, defaults or switching something on (`KMSv2 サービス` is the service,
//!   `KMSv2 FeatureGate` the gate; `ValidatingAdmissionPolicyの[APIドキュメント]` the API), or
//!   it begins a one-link list item under a heading or lead that states a stage
//!   (`* [AppArmor support](https://kep.k8s.io/24)` under `### GAへの昇格`), or a heading or
//!   short list item gives it whole in a code span there (`### Podレベルのリソース指定
//!   (\`PodLevelResources\`)` under `## ベータに昇格した新機能`);
//! * in a table column headed as gates (`フィーチャーゲート`, or `機能名` under a heading about
//!   gates), or leading a list item in a code span or link under a heading about gates
//!   (`- \`AllowExtTrafficLocalEndpoints\`: 説明` under `### フィーチャーゲート`), or there as
//!   a name the registry knows before a colon or dash (`- SidecarContainers: 説明`);
//! * a name the registry knows leading a list item in a code span before a colon or dash, where
//!   the item, its lead or its heading states a stage (`` - `NFTablesProxyMode`: 説明。ベータに
//!   昇格しました `` under `## ベータになった機能`), or whole in a code span in a block that
//!   states one stage (`` `X` で見えるようになります。まだアルファです。 ``).
//! * a name the registry knows as the whole of a table cell in a row that states a stage
//!   (`| SidecarContainers | GA |`), in a code span or not;
//! * a name the registry knows followed in brackets by the KEP it came with
//!   (`InPlacePodVerticalScaling（KEP-1287）の話`), even of a kind's name, or as the object of
//!   its promotion (`` `MutatingAdmissionPolicy` を beta に昇格 ``);
//!
//! * a name the registry knows written whole in a code span or as a link's whole text, anywhere
//!   (`` `SidecarContainers` を使うと… ``), said in passing unless a rule above makes it what a
//!   stage was stated of (`GateMention::passing`), and not a name that also names a component,
//!   plugin, access mode or security module (`CPUManager`, `PodSecurity`);
//! * a name set to true or false: `` `X: true` ``, `` `featureGates.X: true` ``, `X=true` in prose;
//! * a heading or list item that is the name and its stage alone (`- MutatingAdmissionPolicy
//!   (Beta)`), even of a kind's name; a known name leading a stage item in prose or bold
//!   (`- **KubeletPSI**: …`).
//!
//! Names in code spans and in the author's link text count as in prose (a chip links them);
//! code blocks have no blocks and so no mentions.
//!
//! API kinds and fields (`PodDisruptionBudget`, `ResourceClaim`, `ServiceCIDR`, `ManagedBy`)
//! and GitHub handles (`@HirazawaUi`) are therefore not gates unless the text or the registry
//! says so.
use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::refs::place_of;
use super::scan::{Token, TokenKind};
use super::{BlockView, GateEvidence, GateMention, KepMention, Place, stage};
use crate::model::ids::FeatureGateName;
use crate::parse::blocks::Doc;
use crate::registry::Registry;

/// Registry names this long are also recognised when the text gets their case wrong.
const CASE_FOLD_MIN_LEN: usize = 12;

pub(super) fn extract_block(
    view: &BlockView,
    doc: &Doc,
    registry: &Registry,
    keps: &[KepMention],
    out: &mut Vec<GateMention>,
) {
    let text = view.text();
    let tokens = &view.tokens;
    let mut explicit = vec![false; tokens.len()];
    for (j, t) in tokens.iter().enumerate() {
        if t.kind != TokenKind::GateKeyword {
            continue;
        }
        // `FeatureGate X`, then `X および Y ...`.
        if let Some(first) = j.checked_add(1).filter(|&i| i < tokens.len())
            && candidate(view, registry, first)
            && is_follow_gap(&text[t.range.end..tokens[first].range.start])
        {
            mark_chain(view, registry, first, 1, &mut explicit);
        }
        // `X FeatureGate`, then `... および X`.
        if let Some(last) = j.checked_sub(1)
            && candidate(view, registry, last)
            && is_lead_gap(&text[tokens[last].range.end..t.range.start])
        {
            mark_chain(view, registry, last, -1, &mut explicit);
        }
        if let Some(name) = named_a_gate_by_predicate(view, registry, j) {
            explicit[name] = true;
        }
    }
    let listed = registry_lists(view, registry);
    // `| \`APIListChunking\` | \`false\` | Alpha |` in a column of gate names, and a cell of
    // several (`` `A`<br>`B` ``, `A, B`).
    if view.gate_column.get() && only_names(text, tokens) {
        explicit.fill(true);
    }
    // `` `KubeletEnsureSecretPulledImages=true` を設定 ``, `` `KubeletPSI: true` ``,
    // `` `featureGates.PodLevelResources: true` ``, and in prose `EnvFiles=true にしています`: a
    // name set to true or false, as the flag or kubelet's configuration does, is a gate setting.
    for (i, t) in tokens.iter().enumerate() {
        if t.kind != TokenKind::Ident {
            continue;
        }
        let word = &text[t.range.clone()];
        let set = if t.plain {
            let after = &text[t.range.end..];
            ["=true", "=false"].iter().any(|v| {
                after.starts_with(v)
                    && !after[v.len()..].starts_with(|c: char| c.is_ascii_alphanumeric())
            })
        } else {
            view.span_text(t).is_some_and(|span| {
                let span = span.strip_prefix("featureGates.").unwrap_or(span);
                span.strip_prefix(word).is_some_and(|value| {
                    // `=true`, `: true`, `= false`: blanks aside.
                    let mut value = value.chars().filter(|c| !c.is_whitespace());
                    matches!(value.next(), Some('=' | ':'))
                        && matches!(value.collect::<String>().as_str(), "true" | "false")
                })
            })
        };
        // The shape last: it parses the name.
        explicit[i] |= set && gate_shaped(word);
    }
    // `- \`AllowExtTrafficLocalEndpoints\`: サービスが…` under `### フィーチャーゲート`: a list of
    // gates, each item led by its name in a code span or link.
    // Written without a code span, a name the registry knows leads the item the same way
    // (`- SidecarContainers: サイドカーコンテナ`) or is the whole item (`- SidecarContainers`).
    if view.gate_item.get()
        && let Some(first) = tokens.first()
        && first.kind == TokenKind::Ident
        && text[..first.range.start].trim().is_empty()
        && gate_shaped(&text[first.range.clone()])
        && (if first.span.is_some() {
            is_whole_span(view, first)
        } else {
            registry_name(registry, &text[first.range.clone()]).is_some() && {
                let after = text[first.range.end..].trim_start();
                after.is_empty() || after.starts_with([':', '：', '-', '–', '—', '(', '（'])
            }
        })
    {
        explicit[0] = true;
    }
    linked_gates(view, doc, registry, out);
    for (i, t) in tokens.iter().enumerate() {
        if !t.mentionable() {
            continue;
        }
        match t.kind {
            TokenKind::Flag => flag_gates(view, registry, t, out),
            TokenKind::Ident if explicit[i] => {
                // The registry's spelling when the text gets the case wrong.
                let word = &text[t.range.clone()];
                let known = registry
                    .gate(word)
                    .or_else(|| registry.gate_ignore_case(word));
                if known.is_none()
                    && (owned_by_another_project(text, t)
                        || super::refs::is_another_project(&word.to_ascii_lowercase())
                        || about_another_project(view))
                {
                    continue;
                }
                let name = known.map_or(word, |g| g.name.0.as_str());
                push(view, t, t.range.clone(), name, GateEvidence::Keyword, out)
            }
            TokenKind::Ident => {
                let word = &text[t.range.clone()];
                let Some(name) = registry_name(registry, word) else {
                    continue;
                };
                if names_a_thing_too(name) && says_which_thing(&text[t.range.end..]) {
                    continue; // `PodSecurity admission`, `CPUManager のポリシー`: the thing itself
                }
                if listed[i] {
                    push(view, t, t.range.clone(), name, GateEvidence::Registry, out);
                    continue;
                }
                if is_field_path(view, t) || names_a_field(view, i) {
                    continue;
                }
                let titled = titles_a_stage_item(view, i) || titled_with_its_stage(view, i);
                let for_the_flag =
                    || is_whole_span(view, t) && beside_the_flag(view, t.range.start);
                if is_api_kind(name)
                    && !is_subject_of_a_stage(view, i)
                    && !titled
                    && !is_switched_on(view, i)
                    && !titles_its_kep(view, registry, keps, t, name)
                    && !bracketed_by_its_kep(view, registry, keps, i, name)
                    && !for_the_flag()
                    && !fills_a_cell_of_a_staged_row(view)
                {
                    continue;
                }
                // `- KEP-3157 WatchList`, `- KEP-4960 …` over ``  - `ContainerStopSignals` ``: the
                // gate of the KEP its item names (an API kind's name needs more, above).
                if titled
                    || is_gate_of_a_named_kep(view, registry, keps, name)
                    || bracketed_by_its_kep(view, registry, keps, i, name)
                    || sentence_is_about_gates(view, t.range.start)
                    || heads_a_stage_list_item(view, i)
                    || leads_an_item_of_a_stage(view, i)
                    || spans_in_a_block_of_one_stage(view, i)
                    || fills_a_cell_of_a_staged_row(view)
                    || titles_a_timeline(view)
                    || titles_nested_stages(view)
                    || opens_a_stage_section(view, i)
                    || (titles_its_section(view, t) && !names_a_thing_too(name))
                    || view.names_the_subject.get()
                {
                    push(view, t, t.range.clone(), name, GateEvidence::Registry, out);
                } else if is_whole_span(view, t) && !names_a_thing_too(name) {
                    // `` `SidecarContainers` を使うと… ``: a name the registry knows, written whole
                    // in a code span, is the gate wherever it stands. Said in passing, it is not
                    // what its list or section says reached a stage: it takes only what its own
                    // sentence, block or table row states.
                    let facts = stage::own_facts_for(view, t.range.clone());
                    let r = t.range.clone();
                    push_facts(
                        view,
                        place_of(t),
                        r,
                        name,
                        (GateEvidence::Registry, true),
                        facts,
                        out,
                    );
                }
            }
            _ => {}
        }
    }
}

/// `` Karpenter の `SpotToSpotConsolidation` フィーチャーゲート ``: a name the registry does not know,
/// owned by a project that has releases of its own, is that project's gate, not Kubernetes'.
fn owned_by_another_project(text: &str, t: &Token) -> bool {
    let before = text[..t.range.start].trim_end_matches(['`', ' ', '\u{3000}']);
    let Some(owner) = before.strip_suffix('の') else {
        return false;
    };
    let name = stage::trailing(owner.trim_end(), |c| {
        c.is_ascii_alphanumeric() || matches!(c, '-' | '_')
    });
    super::refs::numbers_its_own_versions(&name.to_ascii_lowercase())
}

/// `` - kubernetes-sigs/kueue#3254: `ProvisioningACC` のゲートが GA に ``: a block citing another
/// repository's pull request or issue is about that project, and a name the registry does not
/// know there is that project's gate. (Naming a project is not enough: a Kubernetes gate's note
/// says `Docker デーモンで…有効にすべき`.)
fn about_another_project(view: &BlockView) -> bool {
    let text = view.text();
    view.tokens.iter().any(|t| {
        t.kind == TokenKind::RepoHash
            && super::refs::repository_of(&text[t.range.clone()]).is_some_and(|repo| {
                !KUBERNETES_REPOS
                    .iter()
                    .any(|k| repo.eq_ignore_ascii_case(k))
            })
    })
}

/// The repositories whose pull requests and issues are Kubernetes' own features'.
const KUBERNETES_REPOS: [&str; 2] = [
    crate::model::ids::PullRequest::DEFAULT_REPO,
    "kubernetes/enhancements",
];

/// `## OpenShift のフィーチャーゲート`: a heading about the gates of another project, whose
/// items (`` - `TechPreviewNoUpgrade` ``) are not Kubernetes' gates.
pub(super) fn of_another_project(title: &str) -> bool {
    let n = crate::text::japanese::nfkc(title).to_lowercase();
    stage::GATES_SAID
        .iter()
        .filter_map(|k| n.find(k).map(|at| n[..at].trim_end()))
        .filter_map(|before| before.strip_suffix('の').map(str::trim_end))
        .any(|owner| {
            let word = stage::trailing(owner, |c| {
                c.is_ascii_alphanumeric() || matches!(c, '-' | '_')
            });
            !word.is_empty() && super::refs::is_another_project(word)
        })
}

/// Gate names that also name a component, admission plugin, access mode or security module
/// (`CPUManager`, `PodSecurity`, `ReadWriteOncePod`, `AppArmor`): in a code span of their own
/// they are mostly that thing, and need what any prose name needs to be the gate.
fn names_a_thing_too(name: &str) -> bool {
    [
        "AppArmor",
        "CPUManager",
        "DevicePlugins",
        "MemoryManager",
        "PodSecurity",
        "ReadWriteOncePod",
        "StorageObjectInUseProtection",
        "Sysctls",
        "TopologyManager",
    ]
    .contains(&name)
}

/// The words after a name that also names a thing say which thing it is: `PodSecurity admission`,
/// `` `AppArmor` プロファイル ``, `CPUManager ポリシー`.
fn says_which_thing(after: &str) -> bool {
    let after = after.trim_start_matches([' ', '`', '\u{3000}']);
    let after = after.strip_prefix('の').unwrap_or(after);
    let lower = after.to_ascii_lowercase();
    [
        "admission",
        "plugin",
        "controller",
        "manager",
        "module",
        "profile",
        "policy",
        "annotation",
    ]
    .iter()
    .any(|w| lower.starts_with(w))
        || [
            "アドミッション",
            "プラグイン",
            "コントローラ",
            "マネージャ",
            "モジュール",
            "プロファイル",
            "ポリシー",
            "アノテーション",
        ]
        .iter()
        .any(|w| after.starts_with(w))
}

fn push(
    view: &BlockView,
    t: &Token,
    r: Range<usize>,
    name: &str,
    evidence: GateEvidence,
    out: &mut Vec<GateMention>,
) {
    push_at(view, place_of(t), r, name, evidence, out);
}

fn push_at(
    view: &BlockView,
    place: Place,
    r: Range<usize>,
    name: &str,
    evidence: GateEvidence,
    out: &mut Vec<GateMention>,
) {
    let facts = stage::facts_for(view, r.clone());
    push_facts(view, place, r, name, (evidence, false), facts, out);
}

/// Records the mention with `facts`; `passing` as [`GateMention::passing`].
fn push_facts(
    view: &BlockView,
    place: Place,
    r: Range<usize>,
    name: &str,
    (evidence, passing): (GateEvidence, bool),
    facts: stage::Facts,
    out: &mut Vec<GateMention>,
) {
    out.push(GateMention {
        gate: FeatureGateName(name.to_string()),
        block: view.index,
        place,
        range: view.norm.orig_range(r.clone()),
        sentence: view.orig_sentence(r.start),
        evidence,
        stage: facts.stage,
        default_on: facts.default_on,
        stage_release: facts.release,
        inherited: facts.inherited,
        borrowed: facts.borrowed,
        history: facts.history,
        passing,
    });
}

/// `[フィーチャーゲート](https://kubernetes.io/ja/docs/reference/command-line-tools-reference/feature-gates/#RecursiveReadOnlyMounts)`,
/// `[こちら](…/feature-gates/KubeletPSI/)`: a link to a gate the registry knows on the Kubernetes
/// feature-gates page names that gate, whatever the link's text says.
fn linked_gates(view: &BlockView, doc: &Doc, registry: &Registry, out: &mut Vec<GateMention>) {
    for &i in &view.block.spans {
        let span = &doc.spans[i];
        let crate::parse::blocks::SpanKind::Link { dest } = &span.kind else {
            continue;
        };
        let Some(word) = feature_gates_page_anchor(dest) else {
            continue;
        };
        let Some(gate) = registry
            .gate(word)
            .or_else(|| registry.gate_ignore_case(word))
        else {
            continue;
        };
        let start = view.norm.norm_offset(span.range.start);
        let end = view.norm.norm_offset(span.range.end);
        let name = gate.name.0.clone();
        push_at(
            view,
            Place::Span(i),
            start..end,
            &name,
            GateEvidence::Keyword,
            out,
        );
    }
}

/// The gate a link to the feature-gates page points at: its fragment
/// (`…/command-line-tools-reference/feature-gates/#KubeletPSI`) or the page of its own under it
/// (`…/feature-gates/KubeletPSI/`, `…/feature-gates/KubeletPSI.md`).
fn feature_gates_page_anchor(dest: &str) -> Option<&str> {
    const PAGE: &str = "/command-line-tools-reference/feature-gates/";
    let at = dest.find(PAGE)? + PAGE.len();
    let rest = &dest[at..];
    let word = match rest.split_once('#') {
        Some((_, fragment)) => fragment,
        None => rest.split(['?', '/']).next()?.trim_end_matches(".md"),
    };
    (!word.is_empty() && word.bytes().all(|c| c.is_ascii_alphanumeric())).then_some(word)
}

/// Token `i` could be a gate name: a CamelCase identifier in prose, a code span or a link's
/// text, not part of a field path; or a name the registry knows in another case
/// (`csiMigrationRBD` for `CSIMigrationRBD`).
fn candidate(view: &BlockView, registry: &Registry, i: usize) -> bool {
    let t = &view.tokens[i];
    if t.kind != TokenKind::Ident || !t.mentionable() || is_field_path(view, t) {
        return false;
    }
    let word = &view.text()[t.range.clone()];
    // `KubeletConfiguration の featureGates`: a configuration kind holds gates and is none.
    let config_kind = ["Configuration", "Config"]
        .iter()
        .any(|w| word.ends_with(w))
        && registry.gate(word).is_none()
        && registry.gate_ignore_case(word).is_none();
    !config_kind
        && (gate_shaped(word)
            || (word.len() >= CASE_FOLD_MIN_LEN && registry.gate_ignore_case(word).is_some()))
}

/// `InPlacePodVerticalScaling`, `KMSv2`, `CSIMigrationvSphere`: a gate name (`FeatureGateName`'s
/// rule) of four or more characters that mixes case and has a second capital or a digit, so
/// that prose words such as `Alpha` or `Stage` are not taken for one.
pub(crate) fn gate_shaped(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 4
        && s.parse::<FeatureGateName>().is_ok()
        && b.iter().any(u8::is_ascii_lowercase)
        && (b.iter().filter(|c| c.is_ascii_uppercase()).count() >= 2
            || b.iter().any(u8::is_ascii_digit))
}

/// What may stand between the keyword and the name after it: nothing, `,`, `名は`, `の`, `:`,
/// `(` (`フィーチャーゲート(\`X\`)`).
fn is_follow_gap(gap: &str) -> bool {
    matches!(
        gap.trim(),
        "" | ","
            | "、"
            | ":"
            | "名は"
            | "の名前は"
            | "の"
            | "は"
            | "名:"
            | "名"
            | "("
            | "である"
            | "として"
            | "として、"
    )
}

/// `` `ControlPlaneKubeletLocalMode` は kubeadm のフィーチャーゲートで、… ``, `X はフィーチャーゲート
/// です`: the sentence says the name is a gate (of a component, or of Kubernetes), the keyword at
/// `tokens[j]` its predicate. The name's token index.
fn named_a_gate_by_predicate(view: &BlockView, registry: &Registry, j: usize) -> Option<usize> {
    let text = view.text();
    let tokens = &view.tokens;
    let keyword = &tokens[j];
    let after = text[keyword.range.end..].trim_start();
    if !["です", "であり", "で、", "で,", "だ", "の一つ", "のひとつ"]
        .iter()
        .any(|w| after.starts_with(w))
    {
        return None;
    }
    let mut at = j.checked_sub(1)?;
    let mut gap = text[tokens[at].range.end..keyword.range.start].trim();
    // `kubeadm の` between: whose gate it is.
    if super::refs::KUBERNETES_WORDS
        .contains(&text[tokens[at].range.clone()].to_ascii_lowercase().as_str())
        && gap == "の"
    {
        at = at.checked_sub(1)?;
        gap = text[tokens[at].range.end..tokens[at + 1].range.start].trim();
    }
    let gap = gap.trim_start_matches('`').trim();
    (matches!(gap, "は" | "も") && candidate(view, registry, at)).then_some(at)
}

/// What may stand between a name and the keyword after it: nothing, `の`, `という`, `(`
/// (`X(フィーチャーゲート)`).
fn is_lead_gap(gap: &str) -> bool {
    matches!(gap.trim(), "" | "の" | "という" | "と呼ばれる" | "(" | "、")
}

/// List separators between names: `A および B`, `A と B`, `A, B`.
fn is_list_gap(gap: &str) -> bool {
    matches!(
        gap.trim(),
        "," | "、" | "と" | "および" | "及び" | "や" | "・" | "and" | "or" | "/"
    )
}

/// Marks token `from` and the names listed with it, walking in direction `step`.
fn mark_chain(
    view: &BlockView,
    registry: &Registry,
    from: usize,
    step: isize,
    explicit: &mut [bool],
) {
    let text = view.text();
    let tokens = &view.tokens;
    explicit[from] = true;
    let mut cur = from;
    while let Some(next) = cur.checked_add_signed(step).filter(|&n| n < tokens.len()) {
        // `and` / `or` are identifiers themselves: step over them.
        let (next, gap) = if tokens[next].kind == TokenKind::Ident
            && matches!(&text[tokens[next].range.clone()], "and" | "or")
        {
            let Some(after) = next.checked_add_signed(step).filter(|&n| n < tokens.len()) else {
                break;
            };
            (after, "and")
        } else {
            let (a, b) = if step > 0 { (cur, next) } else { (next, cur) };
            (next, &text[tokens[a].range.end..tokens[b].range.start])
        };
        if !candidate(view, registry, next) || !is_list_gap(gap) {
            break;
        }
        explicit[next] = true;
        cur = next;
    }
}

/// `ConsistentListFromCache, WatchList, WatchListClient, BtreeWatchCache と`: two or more names
/// the registry knows, listed together and nothing else in the list, are gates (an API kind
/// list such as `Pod, Service` has names the registry does not know).
fn registry_lists(view: &BlockView, registry: &Registry) -> Vec<bool> {
    let text = view.text();
    let tokens = &view.tokens;
    let mut listed = vec![false; tokens.len()];
    let known = |i: usize| {
        candidate(view, registry, i)
            && registry_name(registry, &text[tokens[i].range.clone()]).is_some()
            && !names_a_field(view, i)
    };
    let mut i = 0;
    while i < tokens.len() {
        if !known(i) {
            i += 1;
            continue;
        }
        let mut run = vec![i];
        let mut j = i;
        while j + 1 < tokens.len()
            && tokens[j + 1].kind == TokenKind::Ident
            && is_list_gap(&text[tokens[j].range.end..tokens[j + 1].range.start])
        {
            if !known(j + 1) {
                run.clear();
                break;
            }
            run.push(j + 1);
            j += 1;
        }
        if run.len() >= 2 {
            for &r in &run {
                listed[r] = true;
            }
        }
        i = j + 1;
    }
    listed
}

/// Whether a block's text is gate-shaped names and nothing else but line breaks and the
/// separators of a list ([`is_list_gap`]).
fn only_names(text: &str, tokens: &[Token]) -> bool {
    let (Some(first), Some(last)) = (tokens.first(), tokens.last()) else {
        return false;
    };
    tokens
        .iter()
        .all(|t| t.kind == TokenKind::Ident && gate_shaped(&text[t.range.clone()]))
        && text[..first.range.start].trim().is_empty()
        && text[last.range.end..].trim().is_empty()
        && tokens.windows(2).all(|w| {
            let gap = &text[w[0].range.end..w[1].range.start];
            gap.trim().is_empty() || is_list_gap(gap)
        })
}

/// The (table, column) pairs whose header names feature gates: `フィーチャーゲート`,
/// `Feature gate`, or a plain name header (`機能名`, `Name`) under a heading about feature gates.
pub(super) fn gate_columns(doc: &Doc) -> std::collections::HashSet<(usize, usize)> {
    let says_gate = stage::names_gates;
    let mut out = std::collections::HashSet::new();
    for b in &doc.blocks {
        let Some(cell) = b.cell.filter(|c| c.head) else {
            continue;
        };
        let header = b.text.trim();
        let normalized = crate::text::japanese::nfkc(header).to_lowercase();
        let gate_name = is_gate_label(&normalized);
        let plain_name = matches!(
            normalized.as_str(),
            "機能名" | "名前" | "機能" | "name" | "feature" | "features"
        );
        let heading = &doc.sections[b.section].title;
        if says_gate(header) || gate_name || (plain_name && says_gate(heading)) {
            out.insert((cell.table, cell.column));
        }
    }
    out
}

/// `ゲート名`, `フィーチャーゲート` say gates by themselves (`機能名` only under a heading about
/// gates); `ゲート / KEP`: a column of gates or KEPs. `normalized` is NFKC and lowercase.
fn is_gate_label(normalized: &str) -> bool {
    normalized.split(['/', '・', '、']).any(|part| {
        matches!(
            part.trim(),
            "ゲート名"
                | "ゲート"
                | "フィーチャーゲート"
                | "機能ゲート"
                | "gate"
                | "gates"
                | "gate name"
                | "feature gate"
                | "feature gates"
                | "featuregate"
        )
    })
}

/// The rows of two-column tables of keys and values whose key says gates (`| フィーチャーゲート |
/// \`SupplementalGroupsPolicy\` |`, `| Feature gate | … |`): their value cells hold gates, as a
/// column headed so does.
pub(super) fn gate_rows(doc: &Doc) -> std::collections::HashSet<(usize, usize)> {
    let wide: std::collections::HashSet<usize> = doc
        .blocks
        .iter()
        .filter_map(|b| b.cell.filter(|c| c.column >= 2).map(|c| c.table))
        .collect();
    doc.blocks
        .iter()
        .filter_map(|b| b.cell.filter(|c| !c.head && c.column == 0).map(|c| (b, c)))
        .filter(|(b, c)| {
            let key = crate::text::japanese::nfkc(b.text.trim()).to_lowercase();
            // The key is the word alone: `フィーチャーゲートの設定先` holds something else.
            !wide.contains(&c.table) && is_gate_label(&key)
        })
        .map(|(_, c)| (c.table, c.row))
        .collect()
}

/// `--feature-gates=A=true,B=false`: one mention per name; `KUBE_FEATURE_A`: A, when the
/// registry knows it (client-go's docs explain the variables with `KUBE_FEATURE_MyFeature`).
fn flag_gates(view: &BlockView, registry: &Registry, t: &Token, out: &mut Vec<GateMention>) {
    let text = view.text();
    let raw = &text[t.range.clone()];
    if let Some(word) = raw.strip_prefix(super::scan::GATE_ENV_PREFIX) {
        if let Some(name) = registry_name(registry, word) {
            let at = t.range.end - word.len();
            push(view, t, at..t.range.end, name, GateEvidence::Flag, out);
        }
        return;
    }
    // `--feature-gates="A=true,B=false"`: the list in quotes.
    let quoted = raw["--feature-gates=".len()..].starts_with(['"', '\'']);
    let list_start = t.range.start + "--feature-gates=".len() + usize::from(quoted);
    let mut pos = list_start;
    for item in text[list_start..t.range.end].split(',') {
        let name = item.split('=').next().unwrap_or("");
        // The flag says these are gates, so any gate name counts (`AllAlpha`, `KMSv2`).
        if name.parse::<FeatureGateName>().is_ok() {
            push(
                view,
                t,
                pos..pos + name.len(),
                name,
                GateEvidence::Flag,
                out,
            );
        }
        pos += item.len() + 1;
    }
}

/// The registry's spelling of `word`, if it names a known gate.
fn registry_name<'r>(registry: &'r Registry, word: &str) -> Option<&'r str> {
    if let Some(g) = registry.gate(word) {
        return Some(g.name.0.as_str());
    }
    if word.len() >= CASE_FOLD_MIN_LEN && word.as_bytes()[0].is_ascii_uppercase() {
        return registry.gate_ignore_case(word).map(|g| g.name.0.as_str());
    }
    None
}

/// `CrashLoopBackOff.MaxContainerRestartPeriod`, `ResourceClaim.Status`: a field path.
pub(super) fn is_field_path(view: &BlockView, t: &Token) -> bool {
    // `` `A`/`B` ``: a code span that is the whole name ends the path at its edges.
    if is_whole_span(view, t) {
        return false;
    }
    let text = view.text();
    let r = t.range.clone();
    let before = text[..r.start].chars().next_back();
    let mut after = text[r.end..].chars();
    matches!(before, Some('.' | '/' | '-' | '_' | '$'))
        || (after.next() == Some('.') && after.next().is_some_and(|c| c.is_ascii_alphanumeric()))
}

/// `ImageMaximumGCAge フィールド`, `` `Foo` API ``, `FooのAPIドキュメント`, `the Foo admission
/// plugin`: the name of a field, kind or component, not the gate.
fn names_a_field(view: &BlockView, i: usize) -> bool {
    let text = view.text();
    let tokens = &view.tokens;
    let gap_ok = |a: usize, b: usize| {
        matches!(
            text[tokens[a].range.end..tokens[b].range.start].trim(),
            "" | "の" | "という"
        )
    };
    let Some(next) = tokens.get(i + 1) else {
        return false;
    };
    if next.kind == TokenKind::FieldWord {
        return gap_ok(i, i + 1);
    }
    // One English word between: `the SecurityContextDeny admission plugin`.
    next.kind == TokenKind::Ident
        && text[next.range.clone()]
            .bytes()
            .all(|b| b.is_ascii_lowercase())
        && gap_ok(i, i + 1)
        && tokens
            .get(i + 2)
            .is_some_and(|n| n.kind == TokenKind::FieldWord && gap_ok(i + 1, i + 2))
}

/// Gates named after the API kind they introduced. Articles mostly use these names for the
/// kind (`EndpointSliceを作成します`, `Endpoints APIは非推奨となり、EndpointSliceを使用するよう`), so
/// without the keyword they count only as the subject of a stage (`VolumeAttributesClassが
/// v1.34でGAに昇格しました`, `[MutatingAdmissionPolicy](...)のGA昇格`, `EndpointSlice (KEP-752)が
/// v1.15でアルファとして導入され`).
const API_KINDS: &[&str] = &[
    "CSIStorageCapacity",
    "ClusterTrustBundle",
    "EndpointSlice",
    "MutatingAdmissionPolicy",
    "PodCertificateRequest",
    "PodDisruptionBudget",
    "RuntimeClass",
    "TokenRequest",
    "ValidatingAdmissionPolicy",
    "VolumeAttributesClass",
];

/// Whether `name` is an API kind's (`Pod`, `ValidatingAdmissionPolicy`).
pub(super) fn is_api_kind(name: &str) -> bool {
    API_KINDS.contains(&name)
}

/// Kinds of the core API shaped like a gate's name that no gate is named after
/// (`PersistentVolumeのリークを防止する機能`): the objects articles write of, never a KEP's or
/// gate's name.
const CORE_KINDS: &[&str] = &[
    "ClusterRole",
    "ClusterRoleBinding",
    "ConfigMap",
    "CronJob",
    "CustomResourceDefinition",
    "DaemonSet",
    "HorizontalPodAutoscaler",
    "IngressClass",
    "LimitRange",
    "NetworkPolicy",
    "PersistentVolume",
    "PersistentVolumeClaim",
    "PriorityClass",
    "ReplicaSet",
    "ResourceQuota",
    "RoleBinding",
    "ServiceAccount",
    "StatefulSet",
    "StorageClass",
];

/// Whether `name` is one of [`CORE_KINDS`].
pub(super) fn is_core_kind(name: &str) -> bool {
    CORE_KINDS.contains(&name)
}

/// Token `i` is what the sentence says reached a stage: `Xが…GA`, `Xは…ベータ`, `XのGA昇格`,
/// `X (KEP-752)がv1.15でアルファ`, `X graduates to GA`, `X is now GA`.
/// Whether the registry says gate `name` came with a KEP that the block's list item, or the
/// item it is nested in, names: an entry of a feature's KEP and gate.
fn is_gate_of_a_named_kep(
    view: &BlockView,
    registry: &Registry,
    keps: &[KepMention],
    name: &str,
) -> bool {
    let Some(kep) = registry.gate(name).and_then(|g| g.kep) else {
        return false;
    };
    // (A heading too, `## KEP-3157: WatchList`, unless the name also names a thing: `### #24
    // AppArmor サポート` is the security module's support.)
    let item = match view.block.kind {
        crate::parse::blocks::BlockKind::ListItem => Some(view.index),
        crate::parse::blocks::BlockKind::Heading(_) if !names_a_thing_too(name) => Some(view.index),
        _ => None,
    };
    let parent = view.block.parent_item;
    keps.iter().any(|m| {
        m.kep == kep && (Some(m.block) == item || (item.is_some() && Some(m.block) == parent))
    })
}

/// After `を beta に昇格`: the promotion done or headlined (`昇格しました`, `昇格させた`, `昇格（1.34）`,
/// the line's end), not denied, proposed, supposed or still to come (`昇格させませんでした`,
/// `昇格させるべき`, `昇格させたら`, `昇格させる前に`).
fn promoted(rest: &str) -> bool {
    let rest = rest.trim_start();
    rest.is_empty()
        || rest.starts_with(['（', '(', '。', '、', '！', '!', '.'])
        || ["しました", "しています", "済", "され"]
            .iter()
            .any(|w| rest.starts_with(w))
        || ["した", "させた", "させました"].iter().any(|w| {
            rest.strip_prefix(w)
                .is_some_and(|after| !after.starts_with(['ら', 'り']))
        })
}

/// `InPlacePodVerticalScaling（KEP-1287）`: a name followed in brackets by the KEP the registry
/// says the gate came with is the gate, even when an API kind has the same name
/// (`MutatingAdmissionPolicy（KEP-3962）`), as in [`titles_its_kep`].
fn bracketed_by_its_kep(
    view: &BlockView,
    registry: &Registry,
    keps: &[KepMention],
    i: usize,
    name: &str,
) -> bool {
    let Some(kep) = registry.gate(name).and_then(|g| g.kep) else {
        return false;
    };
    let text = view.text();
    let Some(next) = view.tokens.get(i + 1).filter(|n| n.kind == TokenKind::Kep) else {
        return false;
    };
    let gap = text[view.tokens[i].range.end..next.range.start].trim_matches([' ', '`', '[']);
    let at = view.norm.orig_range(next.range.clone());
    matches!(gap, "(" | "（")
        && keps
            .iter()
            .any(|m| m.block == view.index && m.range == at && m.kep == kep)
}

/// `- KEP-3962 MutatingAdmissionPolicy`, `KEP-3962: \`MutatingAdmissionPolicy\``,
/// `` Pod Certificates（`PodCertificateRequest`） ``: the name right after the KEP the registry
/// says the gate came with (by number or by title) is the KEP's title, so the gate, even when an
/// API kind has the same name.
fn titles_its_kep(
    view: &BlockView,
    registry: &Registry,
    keps: &[KepMention],
    t: &Token,
    name: &str,
) -> bool {
    let Some(kep) = registry.gate(name).and_then(|g| g.kep) else {
        return false;
    };
    let at = view.norm.orig_range(t.range.clone());
    let text = &view.block.text;
    // The name is the whole title: the item ends, or a colon, a bracket or a dash follows, or
    // the bracket it stands in after the KEP's title closes (`` Pod Certificates（`X`）は ``; not
    // `` `PodCertificateRequest` を kubelet が作成し ``, where the kind is an object).
    let after = text[at.end..].trim_start_matches(['`', ' ']);
    if !(after.trim().is_empty()
        || after.starts_with([':', '：', '(', '（', ')', '）', '-', '–', '—', '|']))
    {
        return false;
    }
    keps.iter().any(|m| {
        m.kep == kep
            && m.block == view.index
            && m.range.end <= at.start
            && text[m.range.end..at.start]
                .trim_matches(|c: char| {
                    c.is_whitespace()
                        || matches!(c, ':' | '：' | '`' | '-' | '–' | '—' | '(' | '（' | ']')
                })
                .is_empty()
    })
}

/// `` `PodCertificateRequest` を明示的に有効化する ``, `` `X` を有効にして ``, `enable X`,
/// `` `X` はデフォルトで無効です ``: the name is what is switched on or off, or what has a default,
/// which a gate is and an API kind is not.
fn is_switched_on(view: &BlockView, i: usize) -> bool {
    let text = view.text();
    let t = &view.tokens[i];
    let after = text[t.range.end..].trim_start_matches([' ', '`']);
    let before = text[..t.range.start].trim_end_matches([' ', '`']);
    let object = after.strip_prefix('を').is_some_and(|rest| {
        let rest = rest.trim_start();
        let rest = ["明示的に", "手動で", "必ず"]
            .iter()
            .find_map(|w| rest.strip_prefix(w))
            .unwrap_or(rest)
            .trim_start();
        ["有効化", "有効に", "無効化", "無効に", "オンに", "オフに"]
            .iter()
            .any(|w| rest.starts_with(w))
    });
    let english = ["enable", "disable", "enabling", "disabling"]
        .iter()
        .any(|w| before.to_ascii_lowercase().ends_with(w));
    let defaults = after.strip_prefix(['は', 'が', 'も']).is_some_and(|rest| {
        let at = text.len() - rest.trim_start().len();
        view.tokens
            .get(i + 1)
            .is_some_and(|d| d.range.start == at && matches!(d.kind, TokenKind::Default(_)))
    });
    object || english || defaults
}

/// The longest aside after a name that states its stage (`（v1.32 で alpha）`, `(beta, 1.29+)`).
const ASIDE_CHARS: usize = 16;

/// `1.33 でも `, `v1.33 では `: a release and its particle before the stage (see
/// [`is_subject_of_a_stage`]).
static DATED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^v?1\.[0-9]{1,2}\s*(?:でも|では|で)\s*(?:まだ|もう)?\s*").unwrap()
});

fn is_subject_of_a_stage(view: &BlockView, i: usize) -> bool {
    let text = view.text();
    let t = &view.tokens[i];
    let sentence = view.sentence_at(t.range.start);
    let stage_after = |from: usize| {
        view.tokens_in(&(from..sentence.end))
            .iter()
            .any(|s| matches!(s.kind, TokenKind::StageWord(_) | TokenKind::ApiVersion(_)))
    };
    if staged_by_the_clause_before(view, t, sentence.start) {
        return true;
    }
    let mut rest = text[t.range.end..sentence.end].trim_start_matches(['`', ' ']);
    // `MAP（\`MutatingAdmissionPolicy\`）は…`: the name an abbreviation stands for, in brackets
    // after it, is the subject.
    let before = text[..t.range.start].trim_end_matches(['`', ' ']);
    if let Some(abbr) = before.strip_suffix('(')
        && (2..=6).contains(&stage::trailing(abbr.trim_end(), |c| c.is_ascii_uppercase()).len())
        && let Some(after) = rest.strip_prefix(')')
    {
        rest = after.trim_start();
    }
    // `` `MutatingAdmissionPolicy`（v1.32 で alpha） ``: an aside of the name's stage.
    if let Some(inner) = rest.strip_prefix('(')
        && let Some((aside, _)) = inner.split_once(')')
        && aside.chars().count() <= ASIDE_CHARS
    {
        let at = sentence.end - inner.len();
        if view
            .tokens_in(&(at..at + aside.len()))
            .iter()
            .any(|s| matches!(s.kind, TokenKind::StageWord(_)))
        {
            return true;
        }
    }
    // A parenthetical right after the name (`EndpointSlice (KEP-752)が`).
    if let Some(inner) = rest.strip_prefix('(') {
        rest = inner
            .split_once(')')
            .map_or("", |(_, after)| after)
            .trim_start();
    }
    // `` `ValidatingAdmissionPolicy` 自体は 1.30 で GA ``, `ValidatingAdmissionPolicy の方は`: the
    // name itself.
    rest = rest.strip_prefix("自体").unwrap_or(rest);
    rest = rest
        .strip_prefix("の方")
        .or_else(|| rest.strip_prefix("のほう"))
        .map_or(rest, str::trim_start);
    // `` - `MutatingAdmissionPolicy`: 1.34 でベータ ``: a checklist's line, the name, a colon and
    // what it says of the name's stage.
    // (`- X: まだアルファ`, `- X: 1.33 でもアルファ`: an adverb or the release first.)
    let colon = rest.strip_prefix([':', '：']).map(|after| {
        let after = after.trim_start();
        let after = ["まだ", "もう", "すでに", "引き続き"]
            .iter()
            .find_map(|a| after.strip_prefix(a))
            .unwrap_or(after)
            .trim_start();
        DATED.find(after).map_or(after, |m| &after[m.end()..])
    });
    if let Some(after) = colon {
        rest = after;
    }
    let at = sentence.end - rest.len();
    if colon.is_some()
        && view
            .tokens_in(&(at..sentence.end))
            .first()
            .is_some_and(|s| s.range.start == at && matches!(s.kind, TokenKind::StageWord(_)))
    {
        return true;
    }
    // `` `VolumeAttributesClass` → β ``: a terse line of the name's move.
    if let Some(after) = ["→", "->", "⇒"].iter().find_map(|a| rest.strip_prefix(a)) {
        let at = sentence.end - after.trim_start().len();
        return view
            .tokens_in(&(at..sentence.end))
            .first()
            .is_some_and(|s| s.range.start == at && matches!(s.kind, TokenKind::StageWord(_)));
    }
    if let Some(after) = rest.strip_prefix('の') {
        // `XのGA昇格`, `X の GA はまだ先`: the stage word right after `の`.
        let at = sentence.end - after.trim_start().len();
        return view
            .tokens_in(&(at..sentence.end))
            .first()
            .is_some_and(|s| {
                s.range.start == at
                    && matches!(
                        s.kind,
                        TokenKind::StageWord(_) | TokenKind::ApiVersion(_) | TokenKind::DeniedStage
                    )
            });
    }
    // (`` `VolumeAttributesClass` って、1.34 で GA に ``: the spoken topic.)
    if rest.starts_with(['が', 'は', 'も']) || rest.starts_with("って") {
        return stage_after(at);
    }
    // `` `MutatingAdmissionPolicy` を beta に昇格 ``: the name as the object of its promotion.
    if let Some(after) = rest.strip_prefix('を') {
        let mut at = sentence.end - after.trim_start().len();
        // (`を 1.34 で beta に昇格`: its release first.)
        if let Some(r) = view.tokens_in(&(at..sentence.end)).first()
            && r.range.start == at
            && matches!(r.kind, TokenKind::Release(_))
            && let Some(gap) = text[r.range.end..].trim_start().strip_prefix('で')
        {
            at = sentence.end.min(text.len() - gap.trim_start().len());
        }
        return view
            .tokens_in(&(at..sentence.end))
            .first()
            .is_some_and(|s| {
                s.range.start == at
                    && matches!(s.kind, TokenKind::StageWord(_))
                    && stage::PROMOTED_TO
                        .iter()
                        .chain(&["に格上げ"])
                        .find_map(|w| text[s.range.end..].trim_start().strip_prefix(w))
                        .is_some_and(promoted)
            });
    }
    // `` - `MutatingAdmissionPolicy` beta 予定 ``: a digest's terse line, the stage right after
    // the name, ending the line or planned (not `` `X` ベータ API (v1beta1) は非推奨 ``, the API's).
    if let [first, rest @ ..] = view.tokens_in(&(at..sentence.end))
        && first.range.start == at
        && matches!(first.kind, TokenKind::StageWord(_))
        && rest
            .first()
            .is_none_or(|next| next.kind == TokenKind::Plan || next.kind == TokenKind::SentenceEnd)
    {
        return true;
    }
    // `` - `MutatingAdmissionPolicy` 1.34 で β！ ``: a digest's terse line, the particle dropped.
    if let Some(first) = view.tokens_in(&(at..sentence.end)).first()
        && first.range.start == at
        && matches!(first.kind, TokenKind::Release(_))
        && let Some(stage) = view.tokens_in(&(first.range.end..sentence.end)).first()
        && matches!(stage.kind, TokenKind::StageWord(_))
        && matches!(
            text[first.range.end..stage.range.start].trim(),
            "で" | "で、" | "に" | ":"
        )
    {
        return true;
    }
    // `Graduated \`MutatingAdmissionPolicy\` to beta`, `Promoted X to GA`: a CHANGELOG line whose
    // verb stands before the name and whose stage follows `to`.
    let before = text[sentence.start..t.range.start]
        .trim_end_matches([' ', '`'])
        .to_ascii_lowercase();
    let verb = before.trim_start_matches(['-', '*', ' ']);
    let verb_first = !verb.contains(' ')
        && super::PROMOTION_WORDS.iter().any(|p| verb.starts_with(p))
        && rest
            .trim_start_matches('`')
            .trim_start()
            .to_ascii_lowercase()
            .starts_with("to ");
    if verb_first {
        return stage_after(at);
    }
    let verb = rest
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(
        verb.as_str(),
        "graduates"
            | "graduated"
            | "graduating"
            | "is"
            | "was"
            | "has"
            | "moves"
            | "moved"
            | "promoted"
            | "reaches"
            | "reached"
            | "goes"
            | "becomes"
            | "now"
    ) && stage_after(at)
}

/// `Kubernetes 1.31 でベータになった \`VolumeAttributesClass\` を検証`, `GA に昇格した X を使う`: a
/// relative clause whose stage word ends right before the name (nothing but the clause's verb
/// between them) says what the name reached, so it is the feature, even an API kind's name.
fn staged_by_the_clause_before(view: &BlockView, t: &Token, sentence_start: usize) -> bool {
    let Some(stage) = view
        .tokens_in(&(sentence_start..t.range.start))
        .iter()
        .rev()
        .find(|s| matches!(s.kind, TokenKind::StageWord(_)))
    else {
        return false;
    };
    let between: String = view.text()[stage.range.end..t.range.start]
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '`' | '['))
        .collect();
    stage::RELATIVE_CLAUSE_ENDINGS.contains(&between.as_str())
}

/// `* [AppArmor support](https://kep.k8s.io/24)` under `### GAへの昇格`, `### SizeMemoryBackedVolumes
/// のサポート` under `## GAに昇格した機能のハイライト`: a one-link list item or a heading that begins
/// with the name, where the list's lead or the enclosing heading states a stage. Release posts
/// list and title their graduations this way.
fn heads_a_stage_list_item(view: &BlockView, i: usize) -> bool {
    let stated = view.list_stage.get().is_some()
        || (view.is_heading() && view.section_stage.get().is_some());
    stated
        && view
            .tokens
            .iter()
            .position(|t| t.kind == TokenKind::Ident)
            .is_some_and(|first| first == i)
}

/// `` - `NFTablesProxyMode`: kube-proxy の nftables バックエンド。ベータに昇格しました `` under
/// `## ベータになった機能`: a list item led by the name (whole in a code span or a link, or in
/// prose as `- **KubeletPSI**: …` writes it, then a colon or dash) that the item, its list's lead
/// or its heading gives a stage. Notes and digests list a release's gates so, the stage in the
/// item's second sentence or in the heading.
fn leads_an_item_of_a_stage(view: &BlockView, i: usize) -> bool {
    let t = &view.tokens[i];
    let text = view.text();
    let led = view.block.kind == crate::parse::blocks::BlockKind::ListItem
        && text[..t.range.start].trim().is_empty()
        && ((t.plain && !names_a_thing_too(&text[t.range.clone()])) || is_whole_span(view, t));
    let after = text[t.range.end..].trim_start_matches(['`', ']', ' ']);
    let after = after
        .split_once(')')
        .filter(|_| after.starts_with('('))
        .map_or(after, |(_, a)| a);
    led && after.trim_start().starts_with([':', '：', '-', '–', '—'])
        && (view.block_stage().is_some()
            || view.list_stage.get().is_some()
            || view.section_stage.get().is_some())
}

/// `` A. `KubeletPodResourcesDynamicResources` で見えるようになります。まだアルファです。 ``: a name
/// the registry knows, whole in a code span, in a block that states one stage or a table row
/// whose stage column states one (`` | v1.27 | アルファ | `X`の導入 | ``).
fn spans_in_a_block_of_one_stage(view: &BlockView, i: usize) -> bool {
    let t = &view.tokens[i];
    is_whole_span(view, t) && (view.block_stage().is_some() || view.row_stage.get().is_some())
}

/// `| SidecarContainers | GA |` under `| 機能 | 状態 |`: a name the registry knows, the whole of a
/// body cell, in a row whose stage column states a stage. Written without a code span, it is
/// the gate as much as `` `SidecarContainers` `` there is.
fn fills_a_cell_of_a_staged_row(view: &BlockView) -> bool {
    view.block.cell.is_some_and(|c| !c.head)
        && view.row_stage.get().is_some()
        && stage::is_only_a_name(view)
}

/// `` `SidecarContainers` `` over `: 1.29 でベータになったゲート。`, `- SidecarContainers` over
/// `  - 1.29 でベータ`: a definition term or list item that is only the name, whose definitions or
/// nested items state a stage. Glossaries and study notes define their gates so.
fn titles_nested_stages(view: &BlockView) -> bool {
    view.over_stages.get() && stage::is_only_a_name(view)
}

/// `` ## `SidecarContainers` ``, `## ImageVolume` over a table of releases and stages
/// (`| v1.28 | アルファ |`): a heading that is only the name, whose section tells its history.
fn titles_a_timeline(view: &BlockView) -> bool {
    matches!(view.block.kind, crate::parse::blocks::BlockKind::Heading(_))
        && !view.timeline.borrow().is_empty()
        && stage::is_only_a_name(view)
}

/// `### Podレベルのリソース指定 (\`PodLevelResources\`)` under `## ベータに昇格した新機能`,
/// `` - KEP-3488 `ValidatingAdmissionPolicy` GA `` under `## 安定版 (GA)`: a heading or a short
/// list item (a title, not a sentence) that gives the name whole in a code span, where the
/// enclosing heading or the list's lead states a stage. Release posts title their
/// graduations so; the code span says the name is meant as written, an API kind too.
fn titles_a_stage_item(view: &BlockView, i: usize) -> bool {
    // A digest's line of a KEP's English title, its Japanese gloss and its gate is this long
    // (`- [KEP-3545] Improved multi-numa alignment in Topology Manager — \`X\` (#128078)`).
    const TITLE_CHARS: usize = 160;
    let t = &view.tokens[i];
    let text = view.text();
    let whole_span = is_whole_span(view, t);
    let stated = view.section_stage.get().is_some() || view.list_stage.get().is_some();
    let title = match view.block.kind {
        crate::parse::blocks::BlockKind::Heading(_) => true,
        crate::parse::blocks::BlockKind::ListItem => {
            let said = text.trim_end();
            text.chars().count() <= TITLE_CHARS
                && !text.contains(['。', '！', '？'])
                && !said.trim_end_matches('.').contains(". ")
                // `- 検証には \`X\` を使いました`: a sentence without its full stop.
                && !["ました", "ます", "です", "でした"].iter().any(|w| said.ends_with(w))
        }
        _ => false,
    };
    whole_span && stated && title
}

/// `- MutatingAdmissionPolicy (Beta)`, `### ⭐ 【GA】VolumeAttributesClass`, `- [x] KEP-3962
/// MutatingAdmissionPolicy ベータ昇格`: a heading or list item that is the name (with its KEP)
/// and its stage, and nothing more. Checklists and digests title a feature's move so; a name
/// named so is what moved, even one that is also an API kind's.
fn titled_with_its_stage(view: &BlockView, i: usize) -> bool {
    if !matches!(
        view.block.kind,
        crate::parse::blocks::BlockKind::Heading(_) | crate::parse::blocks::BlockKind::ListItem
    ) {
        return false;
    }
    let text = view.text();
    let mut stages = 0;
    let mut words = String::new();
    let mut at = 0;
    for (j, t) in view.tokens.iter().enumerate() {
        words.extend(
            text[at..t.range.start]
                .chars()
                .filter(|c| c.is_alphanumeric()),
        );
        at = t.range.end;
        match t.kind {
            _ if j == i => {}
            TokenKind::StageWord(_) => stages += 1,
            TokenKind::Kep | TokenKind::SentenceEnd => {}
            _ => return false,
        }
    }
    words.extend(text[at..].chars().filter(|c| c.is_alphanumeric()));
    stages == 1 && stage::BARE_STAGE_ENDINGS.contains(&words.as_str())
}

/// `## GA に昇格した機能` / `### Job の成功ポリシー` over `` `JobSuccessPolicy` により、…を指定できます。 ``,
/// `## ベータに昇格した機能` over `` - `InPlacePodVerticalScaling` により…。 ``: the first name in a
/// code span of the first sentence of a section's first paragraph, or leading a list item, as
/// the subject or means of what it says (`X により`, `X を利用すると`): the section's or item's
/// topic, which takes what the enclosing heading (`### 安定版: …`), the list's lead or the
/// section states. Release posts open each feature of a stage's section so; a name later in the
/// block, in a later paragraph, after `以前は` or in a comparison (`` `X` と同じ形式で ``) is said
/// in passing.
fn opens_a_stage_section(view: &BlockView, i: usize) -> bool {
    let text = view.text();
    let t = &view.tokens[i];
    // An item led by the name, or by a title glossed with it (`サイドカーコンテナ (\`X\`) が…`);
    // not `- 一覧を読むときは \`X\` と組み合わせます`.
    // What the feature does, said with the name as its subject or means (`X により`, `X は`,
    // `X を使うと`); not a comparison or a setup (`X と同じ形式`, `X を試したときと同じ`).
    const ROLES: [&str; 17] = [
        "により",
        "によって",
        "は",
        "が",
        "では",
        "で",
        "を使うと",
        "を使えば",
        "を使用すると",
        "を利用すると",
        "を利用することで",
        "を使うことで",
        "を使用することで",
        "を有効化すると",
        "を有効にすると",
        "フィーチャーゲート",
        "ゲート",
    ];
    let before = text[..t.range.start].trim_end();
    let glossed = before.ends_with(['(', '（']);
    let led = before.is_empty() || glossed;
    let opens = match view.block.kind {
        crate::parse::blocks::BlockKind::Paragraph => view.opens_section.get(),
        crate::parse::blocks::BlockKind::ListItem => led,
        _ => false,
    };
    let after = text[t.range.end..].trim_start();
    let after = match after.strip_prefix([')', '）']) {
        Some(rest) if glossed => rest.trim_start(),
        _ => after,
    };
    let plays_a_role = ROLES.iter().any(|w| after.starts_with(w));
    let in_first_sentence = view
        .sentences
        .first()
        .is_some_and(|s| s.contains(&t.range.start));
    let first = !view.tokens[..i].iter().any(|t| {
        t.kind.is_reference()
            || t.kind == TokenKind::Past
            || super::scan::names_a_kep_or_gate(text, t)
    });
    opens && first && in_first_sentence && plays_a_role && is_whole_span(view, t)
}

/// `### NodeSwap`, `### NodeSwap の話`, `## SidecarContainers について`: a heading that is the
/// name (a name the registry knows, neither an API kind's nor a component's: see the caller)
/// titles a section about the gate.
fn titles_its_section(view: &BlockView, t: &Token) -> bool {
    const ABOUT: [&str; 7] = ["", "の話", "について", "とは", "の紹介", "の概要", "を試す"];
    let text = view.text().trim();
    view.is_heading()
        && text.starts_with(&view.text()[t.range.clone()])
        && ABOUT.contains(&text[t.range.len()..].trim())
}

/// The token is the whole text of its code span or link (`` `NFTablesProxyMode` ``): the author
/// means the name as written.
fn is_whole_span(view: &BlockView, t: &Token) -> bool {
    t.span.is_some() && view.span_text(t) == Some(&view.text()[t.range.clone()])
}

/// The sentence at `at` writes the `--feature-gates` flag: a name it sets apart in a code span
/// is one to give the flag or not (`` `--feature-gates=A=true` のみとし、`MutatingAdmissionPolicy`
/// は指定しないでください ``).
fn beside_the_flag(view: &BlockView, at: usize) -> bool {
    let sentence = view.sentence_at(at);
    view.tokens_in(&sentence)
        .iter()
        .any(|t| t.kind == TokenKind::Flag)
}

/// The sentence mentions gates, a stage, a default or switching something on or off.
fn sentence_is_about_gates(view: &BlockView, at: usize) -> bool {
    view.sentence_facts(at).about_gates
}
