//! KEPs, pull requests, GitHub handles and SIGs from a block's tokens, plus the `Stage:` and
//! `Feature group:` lines under a heading-form KEP. The rules are in the parent module's doc.
use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::scan::{Token, TokenKind};
use super::{
    BlockView, HandleMention, KepForm, KepMention, Mentions, Place, PrMention, SigForm, SigMention,
    stage,
};
use crate::model::ids::{
    GitHubHandle, KepNumber, PullRequest, QiitaUser, Release, SigName, Stage, UserHandle,
};
use crate::parse::blocks::Doc;
use crate::parse::frontmatter::{FrontMatter, RefHint};
use crate::registry::Registry;

/// Enhancements issues have not reached five digits; kubernetes/kubernetes passed #10000 in 2015.
const FIRST_PR_ONLY_NUMBER: u32 = 10_000;

/// kubernetes/kubernetes numbers its pull requests and issues in six digits (it passed #135000 in
/// 2026): a bare `#N` of seven digits or more is a date (`予約番号 #20241211`) or another
/// system's number.
const PAST_KUBERNETES_NUMBERS: u32 = 1_000_000;

/// kubernetes/kubernetes had its first thousand pull requests and issues in 2014, before any
/// release these articles are about: a bare `#N` below this is a meetup's number
/// (`Kubernetes Meetup Tokyo #70`) or another project's issue (`誤りがあれば Issue #42 まで`).
const FIRST_CITED_PR_NUMBER: u32 = 1_000;

/// Whether a kubernetes/kubernetes number written without its repository is too early to be one
/// an article cites ([`FIRST_CITED_PR_NUMBER`]).
fn before_kubernetes_releases(number: u32) -> bool {
    number < FIRST_CITED_PR_NUMBER
}

static STAGE_LINE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^\s*(?:stage|ステージ|段階)\s*:\s*(.+?)\s*$").unwrap());
static FEATURE_GROUP_LINE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^\s*feature\s+group\s*:\s*(\S.*?)\s*$").unwrap());

pub(super) fn extract_block(view: &BlockView, doc: &Doc, front: &FrontMatter, out: &mut Mentions) {
    let text = view.text();
    let feature_group = FEATURE_GROUP_LINE.is_match(text);
    for (i, t) in view.tokens.iter().enumerate() {
        if !t.mentionable() {
            continue;
        }
        let place = place_of(t);
        match t.kind {
            TokenKind::Kep => {
                if let Some(m) = prefixed_kep(view, t, doc) {
                    out.keps.push(m);
                    if t.plain {
                        listed_keps(view, t, out);
                    }
                }
            }
            TokenKind::Labelled { issue } if t.plain => labelled(view, t, issue, out),
            // In a link, the target says what `#N` is (`[#5007](https://kep.k8s.io/5007)`);
            // in a code span it is code (`#include`).
            TokenKind::Hash if t.plain || is_spanned_pr_number(view, t, doc) => {
                hash(view, i, doc, front, out)
            }
            // In the author's link, the target says what it is
            // (`[kubernetes/enhancements#3488](…/issues/3488)` is the KEP, not a PR).
            TokenKind::RepoHash if matches!(place, Place::Span(i) if doc.spans[i].is_link()) => {}
            TokenKind::RepoHash => {
                let Some((repo, number)) = repo_and_number(&text[t.range.clone()]) else {
                    continue;
                };
                let repo = &repo;
                // `PR kubernetes/enhancements#5124`, `KEP の PR（kubernetes/enhancements#5126）`: a pull
                // request that edits a KEP, not the KEP.
                if repo.eq_ignore_ascii_case("kubernetes/enhancements")
                    && !says_pr(&text[..t.range.start])
                    && !made_the_change(&text[t.range.end..])
                    && !cites_a_change(&text[..t.range.start])
                {
                    // The enhancements repository's issues are the KEPs' tracking issues:
                    // `Enhancement: kubernetes/enhancements#4639` names KEP-4639.
                    let title = heading_title(view, t.range.start);
                    out.keps.push(kep_at(view, t, number, KepForm::Url, title));
                } else if super::targets::is_repo(repo) {
                    // `Issue kubernetes/kubernetes#132401`, `イシュー k/k#1`, `Fixes k/k#1`: the
                    // word says which.
                    let is_issue = says_issue(&text[..t.range.start])
                        || called_an_issue(view, t)
                        || (!says_pr(&text[..t.range.start]) && in_an_issues_section(view, doc));
                    out.prs.push(PrMention {
                        pr: PullRequest::item(repo, number, is_issue),
                        block: view.index,
                        place,
                        range: view.norm.orig_range(t.range.clone()),
                        sentence: view.orig_sentence(t.range.start),
                        author: None,
                        kind_said: is_issue,
                        stage: None,
                        stage_release: None,
                    });
                }
            }
            // In a code span or link, past the rules above, only a SIG label alone counts.
            _ if !t.plain && !is_spanned_sig_label(view, t, doc) => {}
            TokenKind::Handle => {
                // On Qiita `@name` is a Qiita user; a pull request's author, `(#N, @user)`, is
                // GitHub's wherever it is written.
                let found = if front.qiita && !is_changelog_author(view, i) {
                    qiita_user(text, t.range.clone())
                        .map(|(user, range)| (UserHandle::Qiita(user), range))
                } else {
                    handle(text, t.range.clone()).map(|h| (UserHandle::GitHub(h), t.range.clone()))
                };
                if let Some((handle, range)) = found {
                    out.handles.push(HandleMention {
                        handle,
                        block: view.index,
                        range: view.norm.orig_range(range),
                    });
                }
            }
            TokenKind::Sig => {
                if followed_by_word_char(text, t.range.end) {
                    continue;
                }
                if let Some(sig) = SigName::parse(&text[t.range.clone()]) {
                    let raw = &text[t.range.clone()];
                    let form = if feature_group {
                        SigForm::FeatureGroup
                    } else if raw[..4].ends_with('/') {
                        SigForm::Label
                    } else {
                        SigForm::Prose
                    };
                    out.sigs.push(SigMention {
                        sig,
                        block: view.index,
                        range: view.norm.orig_range(t.range.clone()),
                        form,
                    });
                }
            }
            _ => {}
        }
    }
    release_note_sigs(view, out);
    sig_cell(view, out);
    bare_kep_cell(view, out);
    bare_pr_cell(view, out);
    bare_heading_kep(view, doc, front, out);
}

/// A SIG's name alone (`Node`, `api-machinery`, `Arch`), as release notes' labels and SIG columns
/// list them.
static SIG_NAME: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!(r"(?i)^(?:{})$", super::scan::SIG_NAMES)).unwrap());

/// `| Node |`, `| API Machinery, Apps |` under a `SIG` header: each name of a known SIG in the
/// cell is that SIG.
fn sig_cell(view: &BlockView, out: &mut Mentions) {
    if !view.sig_column.get() {
        return;
    }
    let text = view.text();
    for part in text.split([',', '、', '/', '&']) {
        let name = part.trim();
        // Offsets from the pieces themselves: `、` is three bytes.
        let start = name.as_ptr() as usize - text.as_ptr() as usize;
        let range = view.norm.orig_range(start..start + name.len());
        if name.is_empty()
            || !SIG_NAME.is_match(name)
            || out.sigs.iter().any(|s| {
                s.block == view.index && range.start < s.range.end && s.range.start < range.end
            })
        {
            continue;
        }
        if let Some(sig) = SigName::parse(name) {
            out.sigs.push(SigMention {
                sig,
                block: view.index,
                range,
                form: SigForm::Prose,
            });
        }
    }
}

/// The (table, column) of each table column whose header names SIGs: `SIG`, `担当SIG`,
/// `Owning SIG`.
pub(super) fn sig_columns(doc: &Doc) -> std::collections::HashSet<(usize, usize)> {
    columns_headed(doc, |header| {
        matches!(
            header.trim_start_matches("担当").trim(),
            "sig" | "sigs" | "sig名" | "owning sig" | "owner sig"
        )
    })
}

/// The (table, column) of each column whose header (NFKC, lowercase, trimmed) `names` accepts.
fn columns_headed(
    doc: &Doc,
    names: impl Fn(&str) -> bool,
) -> std::collections::HashSet<(usize, usize)> {
    doc.blocks
        .iter()
        .filter_map(|b| {
            let cell = b.cell.filter(|c| c.head)?;
            let header = crate::text::japanese::nfkc(b.text.trim()).to_lowercase();
            names(&header).then_some((cell.table, cell.column))
        })
        .collect()
}

/// The number a block (a table cell) holds alone, of at most `digits` digits and outside any
/// code span, with its normalized range.
fn number_alone(view: &BlockView, digits: usize) -> Option<(u32, Range<usize>)> {
    let text = view.text();
    let number = text.trim();
    let start = text.len() - text.trim_start().len();
    let range = start..start + number.len();
    if number.is_empty()
        || number.len() > digits
        || !number.bytes().all(|b| b.is_ascii_digit())
        || view.in_span(range.start)
    {
        return None;
    }
    Some((number.parse().ok()?, range))
}

/// `| 4876 | …` under a `KEP` header: a cell that is only a number is that KEP.
fn bare_kep_cell(view: &BlockView, out: &mut Mentions) {
    if !view.kep_column.get() {
        return;
    }
    let Some((n, range)) = number_alone(view, 4) else {
        return;
    };
    let cell = Token::prose(TokenKind::Kep, range);
    out.keps
        .push(kep_at(view, &cell, n, KepForm::Prefixed, None));
}

/// `| 128266 | …` under a `PR` header: a cell that is only a number is that pull request (or,
/// under `Issue`, that issue) of kubernetes/kubernetes. Numbers too early to be cited
/// ([`before_kubernetes_releases`]) are a row's count, not a reference.
fn bare_pr_cell(view: &BlockView, out: &mut Mentions) {
    let Some(issue) = view.pr_column.get() else {
        return;
    };
    let Some((n, range)) = number_alone(view, 7) else {
        return;
    };
    if before_kubernetes_releases(n) {
        return;
    }
    let repo = PullRequest::DEFAULT_REPO;
    out.prs.push(PrMention {
        pr: PullRequest::item(repo, n, issue),
        block: view.index,
        place: Place::Prose,
        range: view.norm.orig_range(range.clone()),
        sentence: view.orig_sentence(range.start),
        author: None,
        kind_said: issue,
        stage: None,
        stage_release: None,
    });
}

/// The table columns whose header names pull requests (`PR`, `PR #`, `PR番号`, `Pull Request`,
/// `プルリクエスト`) or issues (`Issue`, `イシュー`), each with whether it names issues.
pub(super) fn pr_columns(doc: &Doc) -> std::collections::HashMap<(usize, usize), bool> {
    let names = |header: &str, kinds: &[&str]| {
        kinds.contains(&header.trim_end_matches([' ', '#', '番', '号']).trim())
    };
    let pulls = columns_headed(doc, |h| {
        names(
            h,
            &[
                "pr",
                "prs",
                "pr no.",
                "pull request",
                "pull requests",
                "プルリクエスト",
                "プルリク",
            ],
        )
    });
    let issues = columns_headed(doc, |h| names(h, &["issue", "issues", "イシュー"]));
    let pulls = pulls.into_iter().map(|c| (c, false));
    pulls.chain(issues.into_iter().map(|c| (c, true))).collect()
}

/// The (table, column) of each table column whose header names KEPs: `KEP`, `KEP番号`,
/// `KEP #`, `KEPs`, `Enhancement`, `KEP issue`.
pub(super) fn kep_columns(doc: &Doc) -> std::collections::HashSet<(usize, usize)> {
    columns_headed(doc, |header| {
        matches!(
            header.trim_end_matches([' ', '#', '番', '号']).trim(),
            "kep" | "keps" | "kep issue" | "enhancement" | "enhancements" | "kep no." | "kep no"
        )
    })
}

/// `[SIG API Machinery, Apps, Node and Testing]`, the label the release notes end an entry
/// with: the SIGs after the first are written without `SIG`. Each known name in prose becomes
/// a SIG mention (the first is one already, as `SIG API Machinery`).
fn release_note_sigs(view: &BlockView, out: &mut Mentions) {
    static LABEL: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\[(?i:sig)\s+([^\]\n]{1,200})\]").unwrap());
    let text = view.text();
    if !text.contains("[SIG") && !text.contains("[sig") {
        return;
    }
    for c in LABEL.captures_iter(text) {
        let list = c.get(1).expect("group 1");
        let mut at = list.start();
        for (n, part) in list
            .as_str()
            .split([',', '、'])
            .flat_map(|p| p.split(" and "))
            .enumerate()
        {
            let start = at + list.as_str()[at - list.start()..].find(part).unwrap_or(0);
            at = start + part.len();
            let name = part.trim();
            let offset = start + (part.len() - part.trim_start().len());
            if n == 0 || !SIG_NAME.is_match(name) {
                continue;
            }
            let range = offset..offset + name.len();
            if !view.tokens_in(&range).iter().all(|t| t.plain) {
                continue;
            }
            if let Some(sig) = SigName::parse(name) {
                out.sigs.push(SigMention {
                    sig,
                    block: view.index,
                    range: view.norm.orig_range(range),
                    form: SigForm::Label,
                });
            }
        }
    }
}

/// Where token `t` stands.
pub(super) fn place_of(t: &Token) -> Place {
    match t.span {
        Some(i) if !t.plain => Place::Span(i),
        _ => Place::Prose,
    }
}

/// `KEP-4603`, `KEP 3962: mutating admission policy`, `[KEP-4381: Structured parameters](...)`.
fn prefixed_kep(view: &BlockView, t: &Token, doc: &Doc) -> Option<KepMention> {
    let text = view.text();
    let raw = &text[t.range.clone()];
    if followed_by_word_char(text, t.range.end) {
        return None; // `KEP-3157a`
    }
    if counter_follows(&text[t.range.end..]) {
        return None; // `KEP 3つ`, `KEP 12件`: how many KEPs, not which
    }
    // `keps/sig-node/2400-node-swap`: the KEP's folder, whose name opens with its number (a
    // SIG's name may hold digits too: `keps/sig-k8s-infra/…`).
    let number = if raw.starts_with("keps/") {
        super::targets::kep_folder(raw)?.0
    } else {
        let digits = raw.trim_start_matches(|c: char| !c.is_ascii_digit());
        let digits = &digits[..digits.bytes().take_while(u8::is_ascii_digit).count()];
        // `注目KEP（1）`, `KEP no.1 のおすすめ`: a bracket or `no.` before a short number
        // counts the article's picks; a KEP written so has three digits or more
        // (`KEP（3962）`).
        let after_prefix = raw[3..].trim_start_matches(['s', 'S', ' ']);
        let numbered = after_prefix
            .get(..2)
            .is_some_and(|w| w.eq_ignore_ascii_case("no"));
        if digits.len() < 3 && (raw.contains('(') || numbered) {
            return None;
        }
        digits.parse().ok()?
    };
    // Inside a link the title ends with the link text; in prose it ends at Japanese text.
    let title = match place_of(t) {
        Place::Span(i) => {
            let end = view.norm.norm_offset(doc.spans[i].range.end);
            title_after(&text[t.range.end..end.max(t.range.end)], true)
        }
        _ => title_after(&text[t.range.end..], false),
    }
    .or_else(|| heading_title(view, t.range.start));
    let mut m = kep_at(view, t, number, KepForm::Prefixed, title);
    // `### KEP-4817: …` over `…マイルストーンから削除されました`: the release did not do it.
    m.deferred = view.is_heading() && section_says_deferred(doc, view.index);
    Some(m)
}

/// `KEP-1287, 2400, 753`, `KEP 1287/2400`, `KEP-4639と4815`, `KEP-4205・4818`: the numbers listed after a
/// prefixed KEP in prose are KEPs too. A listed number must end where a word or clause does
/// (`KEP-1287、2つ目は`, `KEP-4639, 2024年` and `KEP-1287, 1.30で` list none).
fn listed_keps(view: &BlockView, t: &Token, out: &mut Mentions) {
    static NEXT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^\s*(?:[,、/&・]|and|と|や|および|及び)\s*#?([0-9]{1,4})").unwrap()
    });
    let text = view.text();
    let mut at = t.range.end;
    while let Some(c) = NEXT.captures(&text[at..]) {
        let number = c.get(1).expect("group 1");
        let range = at + number.start()..at + number.end();
        let after = &text[range.end..];
        if !ends_a_listed_number(after) || unit_follows(after) || view.in_span(range.start) {
            break;
        }
        let Ok(n) = number.as_str().parse::<u32>() else {
            break;
        };
        let listed = Token {
            range: range.clone(),
            ..t.clone()
        };
        out.keps
            .push(kep_at(view, &listed, n, KepForm::Prefixed, None));
        at = range.end;
    }
}

/// Whether `after`, past the blanks after a number, begins with a unit or a counter: the
/// number is a quantity (`KEP-753、2019 年に提出`, `KEP-1287 と 3 つの関連 KEP`, `4000 行`,
/// `2 years`), not a KEP of the list.
fn unit_follows(after: &str) -> bool {
    // The counters of `counter_follows` (`3 つ`, `5 件`) and the units of time and size.
    if counter_follows(after) {
        return true;
    }
    const UNITS: &[&str] = &[
        "年", "月", "日", "週", "時間", "分", "秒", "行", "人", "名", "回", "社", "台", "文字",
        "倍", "万", "%", "％",
    ];
    const WORDS: &[&str] = &[
        "year", "month", "week", "day", "hour", "minute", "line", "people", "person", "time",
        "commit", "percent",
    ];
    let after = after.trim_start_matches([' ', '\u{3000}', '\t']);
    // A one-character unit joined to more of a word (`名前`, `回避`, `日本語`, `行う`) is that
    // word; the unit stands before a particle or punctuation (`2019 年に`, `4000 行の`).
    let stands = |rest: &str| {
        rest.chars().next().is_none_or(|c| {
            !('\u{4e00}'..='\u{9fff}').contains(&c)
                && (!crate::text::japanese::is_hiragana(c)
                    || "のにでがをはともかへやほまず".contains(c))
        })
    };
    if UNITS.iter().any(|u| {
        after
            .strip_prefix(u)
            .is_some_and(|rest| u.chars().count() > 1 || stands(rest))
    }) {
        return true;
    }
    let word: String = after
        .chars()
        .take_while(char::is_ascii_alphabetic)
        .collect::<String>()
        .to_ascii_lowercase();
    let singular = word.strip_suffix('s').unwrap_or(&word);
    WORDS.contains(&singular)
}

/// Whether `after`, the text after a listed number, lets it stand as a number of its own: the
/// end, a space, punctuation (but not a decimal point), or a particle.
fn ends_a_listed_number(after: &str) -> bool {
    let mut chars = after.chars();
    match chars.next() {
        None => true,
        Some('.') => !chars.next().is_some_and(|c| c.is_ascii_digit()),
        Some(c) if c.is_whitespace() => true,
        Some(
            ',' | '、' | '・' | '。' | ')' | '）' | ']' | ':' | ';' | '/' | '&' | 'の' | 'は'
            | 'が' | 'を' | 'で' | 'に' | 'と' | 'や' | 'も' | 'へ' | 'か',
        ) => true,
        Some(_) => false,
    }
}

/// `PR 125103`, `PR番号: 125102`, `Issue 123`, `kubernetes/website PR 4567`, `KEP issue 4639`:
/// the number the label names, in the repository written before it (else kubernetes/kubernetes);
/// a KEP's or enhancement's issue is the KEP.
fn labelled(view: &BlockView, t: &Token, is_issue: bool, out: &mut Mentions) {
    static REPO_BEFORE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"([A-Za-z0-9_.\-]+/[A-Za-z0-9_.\-]+)\s?$").unwrap());
    let text = view.text();
    let raw = &text[t.range.clone()];
    if counter_follows(&text[t.range.end..]) || preceded_by(text, t.range.start, |c| c == '/') {
        return; // `Issue 100件`, `github.com/…/pr 123` (a path)
    }
    let digits = raw.len() - raw.trim_start_matches(|c: char| !c.is_ascii_digit()).len();
    let Ok(number) = raw[digits..].parse::<u32>() else {
        return;
    };
    let before = &text[..t.range.start];
    if is_issue && kep_labels(before) {
        out.keps
            .push(kep_at(view, t, number, KepForm::Prefixed, None));
        return;
    }
    let written = match named_before(before) {
        Some(Named::Repo(repo)) => Some(repo),
        Some(Named::Elsewhere) => return,
        None => REPO_BEFORE
            .captures(before)
            .map(|c| c[1].to_string())
            .filter(|r| super::targets::is_repo(r)),
    };
    if written.is_none() && before_kubernetes_releases(number) {
        return;
    }
    let repo = item_repo(written.as_deref(), is_issue);
    out.prs.push(PrMention {
        pr: PullRequest::item(repo, number, is_issue),
        block: view.index,
        place: Place::Prose,
        range: view.norm.orig_range(t.range.clone()),
        sentence: view.orig_sentence(t.range.start),
        author: None,
        kind_said: true,
        stage: None,
        stage_release: None,
    });
}

/// What the words before a pull request's or issue's number say it belongs to.
#[derive(Debug, PartialEq)]
enum Named {
    /// A repository other than kubernetes/kubernetes: `containerd の PR #10254`,
    /// `kubernetes/website の #50000`, `website リポジトリの PR #50000`.
    Repo(String),
    /// A project or tracker whose repository is not known (`Docker の issue #123`,
    /// `GitHub Discussions #1234`, `社内チケット #4521`): no reference at all.
    Elsewhere,
}

/// Projects and trackers articles about Kubernetes cite numbers of, by the name they write
/// (lowercase), with their repository (`None`: no GitHub repository a number could be linked
/// to, as for Docker, `社内チケット` or `第 #N 回`).
const OTHER_PROJECTS: &[(&str, Option<&str>)] = &[
    ("website", Some("kubernetes/website")),
    ("minikube", Some("kubernetes/minikube")),
    ("kubeadm", Some("kubernetes/kubeadm")),
    ("kubectl", Some("kubernetes/kubectl")),
    ("kops", Some("kubernetes/kops")),
    ("ingress-nginx", Some("kubernetes/ingress-nginx")),
    ("kind", Some("kubernetes-sigs/kind")),
    ("kustomize", Some("kubernetes-sigs/kustomize")),
    ("kubespray", Some("kubernetes-sigs/kubespray")),
    ("kueue", Some("kubernetes-sigs/kueue")),
    ("karpenter", Some("kubernetes-sigs/karpenter")),
    // Versioned on its own (`VPA 1.4.0`), its pull requests kubernetes/autoscaler's.
    ("vpa", Some("kubernetes/autoscaler")),
    ("containerd", Some("containerd/containerd")),
    ("nerdctl", Some("containerd/nerdctl")),
    ("cri-o", Some("cri-o/cri-o")),
    ("crio", Some("cri-o/cri-o")),
    ("runc", Some("opencontainers/runc")),
    ("podman", Some("containers/podman")),
    ("moby", Some("moby/moby")),
    ("helm", Some("helm/helm")),
    ("istio", Some("istio/istio")),
    ("cilium", Some("cilium/cilium")),
    ("calico", Some("projectcalico/calico")),
    ("etcd", Some("etcd-io/etcd")),
    ("coredns", Some("coredns/coredns")),
    ("envoy", Some("envoyproxy/envoy")),
    ("prometheus", Some("prometheus/prometheus")),
    ("golang", Some("golang/go")),
    ("go", Some("golang/go")),
    ("argocd", Some("argoproj/argo-cd")),
    ("argo cd", Some("argoproj/argo-cd")),
    ("argo-cd", Some("argoproj/argo-cd")),
    ("flux", Some("fluxcd/flux2")),
    ("fluxcd", Some("fluxcd/flux2")),
    ("keda", Some("kedacore/keda")),
    ("grafana", Some("grafana/grafana")),
    ("cert-manager", Some("cert-manager/cert-manager")),
    ("kyverno", Some("kyverno/kyverno")),
    ("crossplane", Some("crossplane/crossplane")),
    ("vpc cni", Some("aws/amazon-vpc-cni-k8s")),
    ("amazon-vpc-cni-k8s", Some("aws/amazon-vpc-cni-k8s")),
    ("gateway-api", Some("kubernetes-sigs/gateway-api")),
    ("gateway api", Some("kubernetes-sigs/gateway-api")),
    ("cluster-api", Some("kubernetes-sigs/cluster-api")),
    ("cluster api", Some("kubernetes-sigs/cluster-api")),
    ("metrics-server", Some("kubernetes-sigs/metrics-server")),
    ("external-dns", Some("kubernetes-sigs/external-dns")),
    ("cri-tools", Some("kubernetes-sigs/cri-tools")),
    ("kubebuilder", Some("kubernetes-sigs/kubebuilder")),
    ("cluster-autoscaler", Some("kubernetes/autoscaler")),
    ("autoscaler", Some("kubernetes/autoscaler")),
    ("test-infra", Some("kubernetes/test-infra")),
    ("terraform", Some("hashicorp/terraform")),
    ("vault", Some("hashicorp/vault")),
    ("rancher", Some("rancher/rancher")),
    ("rke2", Some("rancher/rke2")),
    ("okd", None),
    ("k3s", Some("k3s-io/k3s")),
    ("linkerd", Some("linkerd/linkerd2")),
    ("metallb", Some("metallb/metallb")),
    ("velero", Some("vmware-tanzu/velero")),
    ("trivy", Some("aquasecurity/trivy")),
    ("falco", Some("falcosecurity/falco")),
    ("kubevirt", Some("kubevirt/kubevirt")),
    // Operating systems for nodes, versioned on their own (`Bottlerocket 1.20 で`).
    ("bottlerocket", Some("bottlerocket-os/bottlerocket")),
    ("talos", Some("siderolabs/talos")),
    ("flatcar", Some("flatcar/Flatcar")),
    ("longhorn", Some("longhorn/longhorn")),
    ("rook", Some("rook/rook")),
    ("traefik", Some("traefik/traefik")),
    ("dapr", Some("dapr/dapr")),
    ("buildkit", Some("moby/buildkit")),
    ("kube-state-metrics", Some("kubernetes/kube-state-metrics")),
    (
        "node-problem-detector",
        Some("kubernetes/node-problem-detector"),
    ),
    ("krew", Some("kubernetes-sigs/krew")),
    ("descheduler", Some("kubernetes-sigs/descheduler")),
    ("kwok", Some("kubernetes-sigs/kwok")),
    ("dex", Some("dexidp/dex")),
    ("spire", Some("spiffe/spire")),
    ("gatekeeper", Some("open-policy-agent/gatekeeper")),
    (
        "external-secrets",
        Some("external-secrets/external-secrets"),
    ),
    ("spiffe", None),
    ("nginx", None),
    ("terraform provider", None),
    ("docker", None),
    ("argo", None),
    ("knative", None),
    ("kubeflow", None),
    ("openshift", None),
    ("tekton", None),
    ("jenkins", None),
    ("opentelemetry", None),
    ("gitlab", None),
    ("bitbucket", None),
    ("redmine", None),
    ("backlog", None),
    ("linux", None),
    ("systemd", None),
    ("discussions", None),
    ("discussion", None),
    ("adr", None),
    ("rfc", None),
    ("jira", None),
    ("ticket", None),
    ("チケット", None),
    // An internal wiki's page numbers (`社内 Wiki #1234`).
    ("wiki", None),
    ("ウィキ", None),
    ("confluence", None),
    ("notion", None),
    ("第", None),
];

/// The repository or project the text before a number names, between it and a `PR`/`issue`
/// label (`containerd の PR #10254`, `kind の issue #3875`, `Helm PR #12345`,
/// `kubernetes/website の #50000`, `website リポジトリの PR #50000`, `社内チケット #4521`);
/// `None` when it names none (kubernetes/kubernetes is the default).
fn named_before(before: &str) -> Option<Named> {
    let mut rest = before.trim_end();
    for label in ["プルリクエスト", "プルリク", "イシュー"] {
        rest = rest.strip_suffix(label).unwrap_or(rest);
    }
    let word_len = rest
        .chars()
        .rev()
        .take_while(char::is_ascii_alphabetic)
        .map(char::len_utf8)
        .sum::<usize>();
    let word = rest[rest.len() - word_len..].to_ascii_lowercase();
    if ["mr", "mrs"].contains(&word.as_str()) {
        return Some(Named::Elsewhere); // a GitLab merge request: never a GitHub number
    }
    let labelled = ["pr", "prs", "issue", "issues"].contains(&word.as_str());
    if labelled {
        rest = &rest[..rest.len() - word_len];
    }
    let mut rest = rest.trim_end();
    // `Calico の issue`; not `etcd も PR #N で更新`, `Go は #N で更新`, whose PR is Kubernetes'.
    let of = rest.ends_with('の');
    rest = rest.strip_suffix('の').unwrap_or(rest).trim_end();
    rest = rest.strip_suffix("リポジトリ").unwrap_or(rest).trim_end();
    // `` `kubectl-neat` の issue ``: the name in a code span.
    rest = rest.strip_suffix('`').unwrap_or(rest);
    let name_len = rest
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '/'))
        .map(char::len_utf8)
        .sum::<usize>();
    let name = &rest[rest.len() - name_len..];
    if name.contains('/') {
        // Only a repository of an organization articles cite: `pkg/kubelet の PR`, `IPv4/IPv6 の
        // PR` are a path and a pair, not repositories.
        let repo = full_repo(name.trim_start_matches('/'));
        let owner = repo.split('/').next().unwrap_or("").to_ascii_lowercase();
        let known = matches!(owner.as_str(), "kubernetes" | "kubernetes-sigs")
            || OTHER_PROJECTS
                .iter()
                .any(|(_, r)| r.is_some_and(|r| r.eq_ignore_ascii_case(&repo)));
        let is_kubernetes = repo.eq_ignore_ascii_case(PullRequest::DEFAULT_REPO);
        // `社内リポジトリ platform/batch-scheduler の PR #4820`: another organization's repository,
        // named as the number's own (not a path of the Kubernetes source, `pkg/kubelet`).
        // A repository's own name is hyphenated or said to be one (`…リポジトリ`, `社内の`); two
        // plain words are a pair or a path (`amd64/arm64`, `kubelet/cm`, `apps/v1`), and
        // `user/repo`, `foo/bar`, `your-name/your-repo` are placeholders.
        let (_, repo_name) = repo.split_once('/').unwrap_or(("", ""));
        let said_to_be = ["リポジトリ", "社内", "自社"]
            .iter()
            .any(|w| before.contains(w))
            || PROJECT_OWNERS.contains(&owner.as_str());
        let placeholder = [
            "user", "foo", "owner", "org", "example", "octocat", "your", "my",
        ]
        .iter()
        .any(|p| owner == *p || owner.starts_with(&format!("{p}-")));
        let own_repository = of
            && labelled
            && !SOURCE_ROOTS.contains(&owner.as_str())
            && !owner.starts_with("sig-")
            && !placeholder
            && (repo_name.contains('-') || said_to_be)
            && name.bytes().all(|b| !b.is_ascii_uppercase());
        return ((known || own_repository) && super::targets::is_repo(&repo) && !is_kubernetes)
            .then(|| Named::Repo(repo.into_owned()));
    }
    // `Argo CD の issue`, `Gateway API の PR`: a project of two words.
    let two_words = rest
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ' ')))
        .map_or(rest, |at| &rest[at..])
        .trim_start_matches(|c: char| !c.is_ascii())
        .to_ascii_lowercase();
    if let Some((_, repo)) = OTHER_PROJECTS.iter().find(|(w, _)| {
        w.contains(' ')
            && two_words.ends_with(w)
            && !two_words[..two_words.len() - w.len()]
                .ends_with(|c: char| c.is_ascii_alphanumeric())
    }) {
        return Some(repo.map_or(Named::Elsewhere, |r| Named::Repo(r.to_string())));
    }
    let lower = name.to_ascii_lowercase();
    let word = if lower.is_empty() {
        // `社内チケット`, `第 #1024 回`: a Japanese word right before.
        OTHER_PROJECTS
            .iter()
            .find(|(w, _)| !w.is_ascii() && rest.ends_with(w))
            .map(|(w, _)| *w)
    } else {
        Some(lower.as_str())
    };
    match OTHER_PROJECTS.iter().find(|(w, _)| Some(*w) == word) {
        Some((_, repo)) => Some(repo.map_or(Named::Elsewhere, |r| Named::Repo(r.to_string()))),
        None => (of && labelled && is_tool_name(name)).then_some(Named::Elsewhere),
    }
}

/// Organizations on GitHub whose repositories articles about platforms and distributions cite
/// (`rancher/rke2 の issue #6421`): an owner/name after them is a repository even unhyphenated.
const PROJECT_OWNERS: [&str; 26] = [
    "rancher",
    "k3s-io",
    "aws",
    "awslabs",
    "azure",
    "googlecloudplatform",
    "openshift",
    "red-hat-storage",
    "cilium",
    "istio",
    "containerd",
    "cri-o",
    "projectcalico",
    "argoproj",
    "fluxcd",
    "prometheus",
    "helm",
    "etcd-io",
    "opencontainers",
    "kubevirt",
    "knative",
    "envoyproxy",
    "grafana",
    "kyverno",
    "open-policy-agent",
    "vmware-tanzu",
];

/// The first folders of paths in the Kubernetes source, its enhancements and its website
/// (`pkg/kubelet の PR`, `keps/sig-node の PR`, `content/ja の PR`): not an owner.
const SOURCE_ROOTS: [&str; 14] = [
    "pkg", "cmd", "staging", "test", "hack", "api", "vendor", "plugin", "cluster", "build", "keps",
    "content", "docs", "website",
];

/// Words that name Kubernetes or one of its components: a number said beside them is
/// kubernetes/kubernetes' even in a sentence that also names another project (`kubelet の
/// containerd 2.0 対応 (#27000)`).
pub(super) const KUBERNETES_WORDS: [&str; 10] = [
    "kubernetes",
    "k8s",
    "kubelet",
    "kube-proxy",
    "kube-apiserver",
    "kube-scheduler",
    "kube-controller-manager",
    "kubectl",
    "kubeadm",
    "apiserver",
];

/// Words of Kubernetes taking a new version of a dependency (`etcd を v3.5.16 に更新 (#127000)`,
/// `Bump CoreDNS to v1.11.3`): the number is the pull request to kubernetes/kubernetes that did.
const UPDATE_WORDS: [&str; 9] = [
    "更新",
    "アップデート",
    "アップグレード",
    "引き上げ",
    "バンプ",
    "追従",
    "bump",
    "update",
    "upgrade",
];

/// The other project a bare `#N` belongs to when no word right before it says
/// ([`named_before`]) but its context does: the nearest reference before it in its sentence is
/// another repository's (`containerd/containerd#10956 と #10957`) or a KEP (a number below
/// [`FIRST_PR_ONLY_NUMBER`] is then the enhancements repository's); or its sentence, else its
/// block (`- Cilium 1.16 がリリースされました。\`#32859\` で…`), else its table row (`| containerd
/// | 2.0.3 | #11403 で修正 |`), else the heading of its section when that is only a project's
/// name and version (`### containerd 2.0`), names one project of its own repository and neither
/// Kubernetes nor an update of that project (`etcd を v3.5.16 に更新`, whose pull request is
/// Kubernetes'). Two such projects there: the number is one of theirs, not linked
/// ([`Named::Elsewhere`]). Projects of the kubernetes organization are left out (kubeadm's and
/// kubectl's changes are kubernetes/kubernetes pull requests; kubernetes-sigs' projects are
/// not), and so are Go and `kind` (a word). Numbers below [`FIRST_CITED_PR_NUMBER`] (`LT #2`) or
/// from [`KUBERNETES_ONLY_NUMBER`] on take no owner from their context.
fn owner_in_context(
    view: &BlockView,
    doc: &Doc,
    keps: &[KepMention],
    i: usize,
    number: u32,
) -> Option<Named> {
    let text = view.text();
    let t = &view.tokens[i];
    let sentence = view.sentence_at(t.range.start);
    // `LT #2 では…Istio の…`, `Meetup #65`: a small number is a talk's or an event's; and no
    // other project has numbers as high as kubernetes/kubernetes' recent ones (`etcd への
    // リクエストを削減 (#125943)` in a changelog digest is Kubernetes').
    if before_kubernetes_releases(number) || number >= KUBERNETES_ONLY_NUMBER {
        return None;
    }
    let said = |scope: &str| ProjectsSaid::of(scope);
    let in_sentence = said(&text[sentence.clone()]);
    let prev = view.tokens[..i]
        .iter()
        .rev()
        .take_while(|p| p.range.start >= sentence.start)
        .find(|p| p.kind.is_reference());
    // `KEP-3157 の更新（#4950）`: a number too small for kubernetes/kubernetes beside a KEP is a
    // pull request to the KEPs' repository, or the KEP's own issue (`KEP-3157（#3157）`); not one
    // a project of the sentence is said to have (`CRI-O 側でも #7500 で実装`).
    if let Some(kep) = prev.filter(|p| p.kind == TokenKind::Kep)
        && number < FIRST_PR_ONLY_NUMBER
        && in_sentence.repos.is_empty()
    {
        // The KEP the token was read as, a moment ago.
        let at = view.norm.orig_range(kep.range.clone());
        let same = keps
            .iter()
            .any(|m| m.block == view.index && m.range == at && m.kep.0 == number);
        return Some(if same {
            Named::Elsewhere
        } else {
            Named::Repo("kubernetes/enhancements".to_string())
        });
    }
    // `argoproj/argo-cd#23855 は revert されました。#23910 で直っています。`: with no reference
    // before it in its sentence, and no project said there (`Helm 側でも #13000`, `k/k 側は`,
    // `SIG Node の #98765`, `cilium/cilium でも`), the number follows the repository last named
    // in its block.
    let names_a_project = || {
        !in_sentence.repos.is_empty()
            || in_sentence.kubernetes
            || text[sentence.start..t.range.start].contains('/')
            || view.tokens[..i]
                .iter()
                .rev()
                .take_while(|p| p.range.start >= sentence.start)
                .any(|p| p.kind == TokenKind::Sig)
    };
    let prev = prev.or_else(|| {
        view.tokens[..i]
            .iter()
            .rev()
            .find(|p| p.kind.is_reference())
            .filter(|p| p.kind == TokenKind::RepoHash && !names_a_project())
    });
    if let Some(prev) = prev.filter(|p| p.kind == TokenKind::RepoHash)
        && let Some((repo, _)) = repo_and_number(&text[prev.range.clone()])
        && !repo.eq_ignore_ascii_case(PullRequest::DEFAULT_REPO)
        && !said(&text[prev.range.end..t.range.start]).kubernetes
        // (`…がマージされました。本体の #12345 も`: Kubernetes' own.)
        && !text[prev.range.end..t.range.start].contains("本体")
        && super::targets::is_repo(&repo)
    {
        return Some(Named::Repo(repo.into_owned()));
    }
    let row = || match view.block.cell {
        Some(cell) => doc
            .blocks
            .iter()
            .filter_map(|b| b.cell.map(|c| (b, c)))
            .filter(|(_, c)| c.table == cell.table && c.row == cell.row)
            .map(|(b, _)| b.text.as_str())
            .collect::<Vec<_>>()
            .join(" | "),
        None => String::new(),
    };
    let heading = || {
        doc.sections
            .get(view.block.section)
            .map(|s| s.title.as_str())
            .filter(|title| {
                let words: Vec<&str> = title.split_whitespace().collect();
                words.len() <= 2 && words.get(1).is_none_or(|v| is_version(v))
            })
            .unwrap_or("")
    };
    // Widened only while the narrower scope names no project (each is read only when needed).
    let wider: [&dyn Fn() -> ProjectsSaid; 3] =
        [&|| said(text), &|| said(&row()), &|| said(heading())];
    for scope in std::iter::once(in_sentence).chain(wider.iter().map(|f| f())) {
        if scope.kubernetes {
            return None;
        }
        match scope.repos.as_slice() {
            [] => continue,
            [repo] => return Some(Named::Repo(repo.to_string())),
            _ => return Some(Named::Elsewhere),
        }
    }
    None
}

/// kubernetes/kubernetes passed #100000 in 2021, before the releases articles cite; the other
/// projects articles name have not reached such numbers.
const KUBERNETES_ONLY_NUMBER: u32 = 100_000;

/// What a stretch of text says of whose a number is: the other projects it names (their
/// repositories, sorted), and whether it names Kubernetes or one of its components, or an update
/// a project's new version comes in by (then the number is Kubernetes').
struct ProjectsSaid {
    repos: Vec<&'static str>,
    kubernetes: bool,
}

impl ProjectsSaid {
    fn of(scope: &str) -> ProjectsSaid {
        let lower = scope.to_ascii_lowercase();
        let kubernetes = KUBERNETES_WORDS.iter().any(|w| lower.contains(w))
            || UPDATE_WORDS.iter().any(|w| lower.contains(w));
        let mut repos: Vec<&'static str> = OTHER_PROJECTS
            .iter()
            .filter(|(w, repo)| {
                w.is_ascii()
                    && !matches!(*w, "go" | "golang" | "kind")
                    && repo.is_some_and(|r| !r.starts_with("kubernetes/"))
                    && has_word(&lower, w)
            })
            .filter_map(|(_, repo)| *repo)
            .collect();
        repos.sort_unstable();
        repos.dedup();
        ProjectsSaid { repos, kubernetes }
    }
}

/// Whether `word` stands in `text` (both lowercase) as a word: not inside a longer ASCII name
/// (`go` in `google`, `helm` in `helmfile`) or a path.
fn has_word(text: &str, word: &str) -> bool {
    let joins = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '/' | '.');
    text.match_indices(word).any(|(at, _)| {
        let after = &text[at + word.len()..];
        // A full stop ends the word (`Cilium.`); `helm.sh` is a longer name.
        let joined_after = after.starts_with(|c: char| joins(c) && c != '.')
            || after
                .strip_prefix('.')
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_alphabetic()));
        !text[..at].ends_with(joins) && !joined_after
    })
}

/// `2.0`, `v1.16.1`, `1.7`: a version number.
pub(super) fn is_version(word: &str) -> bool {
    let digits = word.strip_prefix(['v', 'V']).unwrap_or(word);
    !digits.is_empty()
        && digits
            .split('.')
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether `name` (lowercase), written before `の PR`/`の issue`, is the name of a tool of its own
/// shiori does not know (`kubectl-ai`, `kubectl-neat`, `aws-load-balancer-controller`): a
/// lowercase name joined with hyphens, other than Kubernetes' own components and SIGs, whose
/// pull requests are in kubernetes/kubernetes.
fn is_tool_name(name: &str) -> bool {
    const KUBERNETES_OWN: &[&str] = &[
        "kube-apiserver",
        "kube-proxy",
        "kube-scheduler",
        "kube-controller-manager",
        "cloud-controller-manager",
        "kube-aggregator",
        "apiextensions-apiserver",
        "pod-security-admission",
        "cri-api",
        "client-go",
        "kube-openapi",
        // Features written with hyphens.
        "dual-stack",
        "in-place",
        "pod-level",
        "scale-to-zero",
    ];
    name.contains('-')
        && !name.chars().any(|c| c.is_ascii_uppercase())
        && !name.starts_with("sig-")
        && !name.starts_with("wg-")
        && !KUBERNETES_OWN.contains(&name)
}

/// The repository of a number written with the repository `named` (if any): kubernetes/kubernetes
/// when none is named, and for a pull request of kubeadm or kubectl, whose code lives in
/// kubernetes/kubernetes (their own repositories track issues, and `kubeadm の PR #N` is a pull
/// request there).
fn item_repo(named: Option<&str>, is_issue: bool) -> &str {
    let tracks_issues_only = |repo: &str| {
        ["kubernetes/kubeadm", "kubernetes/kubectl"]
            .iter()
            .any(|r| r.eq_ignore_ascii_case(repo))
    };
    named
        .filter(|r| is_issue || !tracks_issues_only(r))
        .unwrap_or(PullRequest::DEFAULT_REPO)
}

/// Whether `name` (lowercase) is a project other than Kubernetes with a repository of its own
/// ([`OTHER_PROJECTS`]): software with releases of its own.
pub(super) fn is_other_software(name: &str) -> bool {
    OTHER_PROJECTS
        .iter()
        .any(|(w, repo)| *w == name && repo.is_some_and(|r| !r.starts_with("kubernetes")))
}

/// Whether `name` (lowercase) is a project of [`OTHER_PROJECTS`] whose version numbers are its
/// own (`Karpenter v1.1`, `Istio 1.23`, `VPC CNI v1.19`): every one but Kubernetes' own tools
/// and pages released with Kubernetes, and the projects numbered after its releases
/// (`kubeadm 1.33`, `kubectl v1.33`, `kops 1.30`, `K3s v1.31`, `CRI-O 1.31`).
pub(crate) fn numbers_its_own_versions(name: &str) -> bool {
    const WITH_KUBERNETES: [&str; 10] = [
        "kubeadm",
        "kubectl",
        "kops",
        "website",
        "k3s",
        "cri-o",
        "crio",
        "cri-tools",
        "cluster-autoscaler",
        "autoscaler",
    ];
    OTHER_PROJECTS
        .iter()
        .any(|(w, repo)| *w == name && repo.is_some())
        && !WITH_KUBERNETES.contains(&name)
}

/// `OpenShift`, `Karpenter`, `EKS`: `name` (lowercased) is another project or platform, one no
/// feature gate of Kubernetes is named after, and whose own gates (`OpenShift のフィーチャーゲート`)
/// are not Kubernetes'.
pub(crate) fn is_another_project(name: &str) -> bool {
    // (Kubernetes' own repositories are among the projects, for their pull requests.)
    const KUBERNETES_OWN: [&str; 3] = ["kubeadm", "kubectl", "website"];
    (OTHER_PROJECTS.iter().any(|(w, _)| *w == name) && !KUBERNETES_OWN.contains(&name))
        || super::stage::PLATFORMS
            .iter()
            .any(|p| p.eq_ignore_ascii_case(name))
}

/// The repository (written out) of a [`TokenKind::RepoHash`], `kubernetes-sigs/kueue` for
/// `k-sigs/kueue#3254`.
pub(super) fn repository_of(written: &str) -> Option<std::borrow::Cow<'_, str>> {
    repo_and_number(written).map(|(repo, _)| repo)
}

/// `kubernetes/website#123`, `k/k#1`: the repository (written out, [`full_repo`]) and the number
/// of a [`TokenKind::RepoHash`].
fn repo_and_number(written: &str) -> Option<(std::borrow::Cow<'_, str>, u32)> {
    let (repo, number) = written.rsplit_once('#')?;
    Some((full_repo(repo), number.parse().ok()?))
}

/// `k/k` → `kubernetes/kubernetes`, `k/website` → `kubernetes/website`, `k-sigs/kueue` →
/// `kubernetes-sigs/kueue`: the community's short names for its organizations.
fn full_repo(repo: &str) -> std::borrow::Cow<'_, str> {
    let (owner, name) = repo.split_once('/').unwrap_or((repo, ""));
    let owner = match owner {
        "k" | "k8s" => "kubernetes",
        "k-sigs" | "k8s-sigs" => "kubernetes-sigs",
        _ => return repo.into(),
    };
    let name = if name == "k" { "kubernetes" } else { name };
    format!("{owner}/{name}").into()
}

/// Whether `before`, the text before a number, labels it a KEP: it ends with `KEP` or
/// `enhancement`, then an `issue` label or an opening bracket at most. A KEP's tracking issue
/// is the KEP (`KEP issue 4639`, `Enhancement issue #4639`), and so is the number the word KEP
/// brackets (`停止シグナルのKEP（#4960）`).
fn kep_labels(before: &str) -> bool {
    let before = before.trim_end();
    let before = before
        .strip_suffix("issue")
        .or_else(|| before.strip_suffix("Issue"))
        .or_else(|| before.strip_suffix(['(', '（']))
        .unwrap_or(before);
    let word = before
        .trim_end()
        .rsplit(|c: char| !c.is_ascii_alphanumeric())
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(
        word.as_str(),
        "kep" | "keps" | "enhancement" | "enhancements"
    )
}

/// The mention of KEP `number` that token `t` writes, with the stage its text states.
fn kep_at(
    view: &BlockView,
    t: &Token,
    number: u32,
    form: KepForm,
    title: Option<String>,
) -> KepMention {
    let facts = stage::facts_for(view, t.range.clone());
    kep_with(view, t, number, form, title, facts)
}

/// A KEP mention at token `t` with the stage facts already read for it.
fn kep_with(
    view: &BlockView,
    t: &Token,
    number: u32,
    form: KepForm,
    title: Option<String>,
    facts: stage::Facts,
) -> KepMention {
    KepMention {
        kep: KepNumber(number),
        block: view.index,
        place: place_of(t),
        range: view.norm.orig_range(t.range.clone()),
        sentence: view.orig_sentence(t.range.start),
        form,
        title,
        sig: None,
        stage: facts.stage,
        stage_release: facts.release,
        inherited: facts.inherited,
        borrowed: facts.borrowed,
        history: facts.history,
        deferred: false,
    }
}

/// `Pod Scheduling Readiness は今回のリリースで安定版に昇格しました`, `構造化認可設定(Structured
/// Authorization Configuration)はこのリリースでベータ版を卒業しました`: a KEP's title as the
/// registry writes it, in prose, the subject of a sentence that states the stage the registry
/// has the KEP reach in that release, is that KEP. Said otherwise (`kubectl debug を使うと`,
/// `Dynamic Resource Allocation(DRA)のコア部分`) a title is the feature's name in passing, no
/// reference. A gate's name of three words or more written as words, in such a sentence (or one
/// that presents it, its stage told by the next), is
/// likewise the KEP the registry ties the gate to: the feature, not the gate, which is the name
/// as code spells it (`Kubernetes v1.33 で In-Place Pod Vertical Scaling がベータに昇格し` is
/// KEP-1287).
pub(super) fn titled_keps(view: &BlockView, registry: &Registry, out: &mut Mentions) {
    let text = view.text();
    if !text.bytes().any(|b| b.is_ascii_alphabetic()) {
        return;
    }
    for (range, kep) in registry.kep_phrases_in(text) {
        // (Or a sentence presenting it, `次は In-Place Pod Vertical Scaling です。`, whose story the
        // next sentences tell.)
        let presented = || stage::presents(&text[range.end..view.sentence_at(range.start).end]);
        if view.in_span(range.start)
            || !(heads_a_subject(&text[range.end..])
                || moved_as_an_object(&text[range.end..])
                || moved_by_an_arrow(view, range.end)
                || presented())
        {
            continue;
        }
        let sentence = view.orig_sentence(range.start);
        // The sentence names the KEP by number too (`KEP-3521: Pod Scheduling Readiness`).
        if out
            .keps
            .iter()
            .any(|m| m.block == view.index && m.kep == kep && m.sentence == sentence)
        {
            continue;
        }
        // What its own sentence states, not what the block or its surroundings lend.
        let own = stage::own_facts_for(view, range.clone());
        if own.stage.is_none() || own.borrowed.is_some() {
            continue;
        }
        let title = text[range.clone()].to_string();
        let t = Token::prose(TokenKind::Kep, range);
        let m = kep_with(view, &t, kep.0, KepForm::Title, Some(title), own);
        if registry_agrees(view, registry, kep, m.stage, m.stage_release) {
            out.keps.push(m);
        }
    }
}

/// A title is often a feature's everyday name (`Dynamic Resource Allocation` is KEP-3063's,
/// while the DRA that reached GA in 1.34 is KEP-4381): it names the KEP only where the registry
/// has the KEP reach the stage said, in the release said (else the article's).
fn registry_agrees(
    view: &BlockView,
    registry: &Registry,
    kep: KepNumber,
    stage: Option<Stage>,
    release: Option<Release>,
) -> bool {
    let release = release.or(view.release);
    stage.zip(release).is_some_and(|(stage, release)| {
        registry
            .kep(kep)
            .is_some_and(|k| k.milestones.get(&stage) == Some(&release))
    })
}

/// `### Robust VolumeManager reconstruction after kubelet restart ([SIG Storage](…))` under `##
/// Improvements that graduated to stable in Kubernetes v1.30`, `## Pod replacement policy for
/// Jobs (alpha)`, `## Generally available: …`: English release posts title each feature's
/// section, and the memos that translate them keep those headings; a heading that is a KEP's
/// title ([`Registry::kep_titled`]: letters and digits compared), besides its asides in
/// brackets and the stage it announces, names that KEP. As for a title in prose
/// ([`titled_keps`]), only where the registry has the KEP reach the stage the heading or its
/// section states, in that release.
/// So does a list item or table cell that is such a title whole (`- Multiple Service CIDRs`
/// under `## Highlights of features graduating to Stable`, `| CSI Changed Block Tracking | … |
/// Alpha |`).
pub(super) fn titled_whole(view: &BlockView, registry: &Registry, out: &mut Mentions) {
    static ANNOUNCED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"(?i)^(?:(?:generally available|general availability|ga|stable|beta|alpha)\s*[:：]\s*)?(.+?)(?:\s+(?:graduates?|graduated|moves?|promoted|is now|reaches)(?:\s+to)?\s+(?:alpha|beta|stable|ga|general availability))?$",
        )
        .expect("valid regex")
    });
    // (An item's or cell's title is a short line of words, no sentence.)
    const ITEM_TITLE_BYTES: usize = 160;
    let text = view.text();
    let as_a_title =
        view.block.kind == crate::parse::blocks::BlockKind::ListItem || view.block.cell.is_some();
    if !(view.is_heading()
        || (as_a_title && text.len() <= ITEM_TITLE_BYTES && !text.contains('。')))
    {
        return;
    }
    let whole = text.trim_end();
    let bare = without_trailing_asides(whole);
    // `## 今週のKEP: In-Place Pod Vertical Scaling`, `### 注目: …`: a digest's short label
    // before the title.
    let unlabelled = |part: &'_ str| -> Option<usize> {
        let (label, title) = part.split_once([':', '：'])?;
        let short = label.trim().chars().count() <= 16 && !label.contains(['。', '、']);
        short.then(|| part.len() - title.len())
    };
    // (An item's or cell's title is written as words: `AnyVolumeDataSource` in a cell is the gate.)
    let as_words = |title: &str| view.is_heading() || title.trim().contains(' ');
    let found = [bare, whole]
        .into_iter()
        .flat_map(|part| {
            std::iter::once(0)
                .chain(unlabelled(part))
                .map(move |skip| (part, skip))
        })
        .find_map(|(part, skip)| {
            let rest = &part[skip..];
            let title = ANNOUNCED.captures(rest.trim())?.get(1)?;
            let start = skip + title.start() + (rest.len() - rest.trim_start().len());
            let range = start..start + title.as_str().len();
            // (`### ReadWriteOncePod`: a gate's name as code spells it is the gate.)
            if !as_words(title.as_str()) || registry.gate(title.as_str().trim()).is_some() {
                return None;
            }
            registry.kep_titled(title.as_str()).map(|kep| (range, kep))
        });
    let Some((range, kep)) = found else { return };
    if out
        .keps
        .iter()
        .any(|m| m.block == view.index && m.kep == kep)
    {
        return;
    }
    let facts = stage::facts_for(view, range.clone());
    if registry_agrees(view, registry, kep, facts.stage, facts.release) {
        let title = text[range.clone()].to_string();
        let t = Token::prose(TokenKind::Kep, range);
        out.keps.push(kep_with(
            view,
            &t,
            kep.0,
            KepForm::Title,
            Some(title),
            facts,
        ));
    }
}

/// `text` without the asides in brackets at its end (`Pod replacement policy for Jobs (alpha)
/// ([SIG Apps](…))` → `Pod replacement policy for Jobs`).
fn without_trailing_asides(text: &str) -> &str {
    let mut rest = text.trim_end();
    while let Some(close) = rest.strip_suffix([')', '）']).map(str::len) {
        // The aside the closing bracket ends, as the stage rules find one.
        let aside = stage::aside_around(rest, 0..rest.len(), close);
        let Some(open) = rest[..aside.start]
            .char_indices()
            .next_back()
            .map(|(i, _)| i)
        else {
            break;
        };
        if aside.end != close || open == 0 {
            break;
        }
        rest = rest[..open].trim_end();
    }
    rest
}

/// Whether the text after a name makes it the subject: a particle (`は`, `が`, `も`), past closing
/// marks and one short aside in brackets (`…Configuration)は`, `_Contextual Logging_ (CL) が`),
/// or an English verb (`… is now GA`, `… graduates to beta`).
/// `Multiple Service CIDRs を GA に昇格`, `CSI Changed Block Tracking のアルファ実装`: a digest's
/// line of a title moved to a stage, the title its object or the owner of the stage's
/// implementation.
fn moved_as_an_object(after: &str) -> bool {
    static MOVED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^\s*(?:を\s*(?:v?1\.[0-9]{1,2}\s*で\s*)?(?:ga|stable|beta|alpha|ベータ|アルファ|安定版)版?\s*(?:に|へ)\s*(?:昇格|移行)|の\s*(?:ga|beta|alpha|ベータ|アルファ)版?\s*(?:実装|サポート|対応|昇格|化))").unwrap()
    });
    MOVED.is_match(after)
}

pub(super) fn heads_a_subject(after: &str) -> bool {
    let closing = [' ', '_', '*', ')', '）', '」', '』', '"', '\u{3000}'];
    let mut rest = after.trim_start_matches(closing);
    if let Some(inner) = rest.strip_prefix(['(', '（'])
        && let Some(end) = inner.find([')', '）'])
        && inner[..end].chars().count() <= 30
    {
        rest = inner[end..].trim_start_matches(closing);
    }
    // (A post's title capitalizes them: `Pod Level Resources Graduated to Beta`.)
    rest.starts_with(['は', 'が', 'も'])
        || ["is ", "has ", "was ", "graduate", "moves ", "reached "]
            .iter()
            .any(|w| {
                rest.get(..w.len())
                    .is_some_and(|h| h.eq_ignore_ascii_case(w))
            })
}

/// `Pod Certificates → Beta`: a digest's or a slide's line moving what ends at byte `end` to the
/// stage word right after the arrow.
fn moved_by_an_arrow(view: &BlockView, end: usize) -> bool {
    let text = view.text();
    let after = text[end..].trim_start();
    let Some(rest) = super::scan::ARROWS
        .iter()
        .find_map(|a| after.strip_prefix(a))
    else {
        return false;
    };
    let at = text.len() - rest.trim_start().len();
    view.tokens
        .iter()
        .any(|t| t.range.start == at && matches!(t.kind, TokenKind::StageWord(_)))
}

/// The title a heading gives the KEP it names in parentheses at its end:
/// `### 動的なリソース割り当てのための構造化パラメーター ([KEP-4381](https://kep.k8s.io/4381))` →
/// `動的なリソース割り当てのための構造化パラメーター`. `at` is the mention's normalized offset.
pub(super) fn heading_title(view: &BlockView, at: usize) -> Option<String> {
    if !view.is_heading() {
        return None;
    }
    let text = view.text();
    let open = text[..at].rfind(['(', '['])?;
    let title = text[..open]
        .trim()
        .trim_end_matches([':', '-', '–', '—'])
        .trim();
    (title.chars().count() >= 2
        && title.chars().any(char::is_alphabetic)
        && !is_generic_title(title))
    .then(|| title.to_string())
}

/// Whether `text`, a link's text or what follows `KEP-N:`, only says where a KEP is and not what
/// it is called: the number itself (`4381`, `#4381`, `KEP-4381`, `issue 4381`), or words like
/// `KEP`, `Issue`, `こちら`, `詳細`, `here`, `this KEP`, `KEPの図`, `KEP issue`. A title has a word
/// of its own (`サイドカーのKEP` is one).
pub(super) fn is_generic_title(text: &str) -> bool {
    const WORDS: [&str; 42] = [
        "kep",
        "keps",
        "issue",
        "issues",
        "pr",
        "pull",
        "request",
        "enhancement",
        "enhancements",
        "kubernetes",
        "k8s",
        "link",
        "here",
        "this",
        "that",
        "the",
        "a",
        "see",
        "details",
        "detail",
        "more",
        "info",
        "page",
        "readme",
        "readme.md",
        "kep.yaml",
        "proposal",
        "github",
        "tracking",
        "図",
        "詳細",
        "こちら",
        "ここ",
        "リンク",
        "ページ",
        "説明",
        "資料",
        "提案",
        "この",
        "その",
        "ドキュメント",
        "issue番号",
    ];
    let lower = text.to_lowercase();
    let mut words = lower
        .split(|c: char| {
            c.is_whitespace()
                || c == 'の'
                || (c.is_ascii_punctuation() && c != '.')
                || matches!(c, '（' | '）' | '「' | '」' | '、' | '。' | '：' | '＃')
        })
        .map(|w| w.trim_matches('.'))
        .filter(|w| !w.is_empty())
        .peekable();
    words.peek().is_some()
        && words.all(|w| {
            // `kep4381` as well as `kep`, `4381`.
            let word = w.trim_end_matches(|c: char| c.is_ascii_digit());
            word.is_empty() || WORDS.contains(&word)
        })
}

/// The title after `KEP-3157: `: in prose the ASCII run up to the first Japanese character or
/// bracket; in a link's text (`whole`) the rest of the text.
pub(super) fn title_after(rest: &str, whole: bool) -> Option<String> {
    let rest = rest.trim_start().strip_prefix(':')?.trim_start();
    let end = if whole {
        rest.find('\n').unwrap_or(rest.len())
    } else {
        rest.find(|c: char| !c.is_ascii() || matches!(c, '(' | ')' | '[' | ']' | '\n'))
            .unwrap_or(rest.len())
    };
    let title = rest[..end].trim().trim_end_matches([',', '.', ';']);
    (title.chars().any(|c| c.is_alphabetic())
        && !is_generic_title(title)
        && !is_stage_history(title))
    .then(|| title.to_string())
}

/// `Alpha v1.28 → Beta v1.29 → GA v1.33`, `stable (v1.33)`, `beta in 1.29`: after `KEP-753:`,
/// the KEP's stages by release, not its title. Every word is a stage, a release or a joining word.
fn is_stage_history(title: &str) -> bool {
    const STAGES: [&str; 8] = [
        "alpha",
        "beta",
        "ga",
        "stable",
        "deprecated",
        "removed",
        "graduated",
        "generally",
    ];
    const JOINING: [&str; 6] = ["in", "since", "from", "to", "available", "v"];
    let lower = title.to_ascii_lowercase();
    let mut words = lower
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
        .map(|w| w.trim_matches('.'))
        .filter(|w| !w.is_empty());
    words.next().is_some_and(|w| STAGES.contains(&w))
        && words.all(|w| {
            let release = w.strip_prefix('v').unwrap_or(w);
            STAGES.contains(&w)
                || JOINING.contains(&w)
                || release
                    .split('.')
                    .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
}

/// `` `#128308` ``, `` `PR#128310` ``: a code span that is only a pull request's number (one a
/// bare `#N` is always a pull request with, [`FIRST_PR_ONLY_NUMBER`] or more), not code
/// (`#include`, `#123`); in a column headed as KEPs or pull requests (`` | `#4004` | ``) any
/// number, which the column says is one. So is a number a quoted commit message or merge line
/// refers to (`` `Merge pull request #121412 from x/fix` ``, `` `Fixes #115934` ``,
/// `` `cherry-pick of #127162` ``, a squashed commit's `` `kubelet: fix … (#121412)` ``).
fn is_spanned_pr_number(view: &BlockView, t: &Token, doc: &Doc) -> bool {
    let text = view.text();
    let raw = &text[t.range.clone()];
    if t.span.is_none_or(|s| doc.spans[s].is_link()) {
        return false;
    }
    let whole = view.span_text(t).is_some_and(|s| {
        let s = s.trim();
        s == raw
            || s.len() > raw.len()
                && s.ends_with(raw)
                && s[..s.len() - raw.len()].eq_ignore_ascii_case("pr")
    }) || in_a_commit_line(text, t);
    let column = view.kep_column.get() || view.pr_column.get().is_some();
    whole
        && raw[1..]
            .parse::<u32>()
            .is_ok_and(|n| n >= FIRST_PR_ONLY_NUMBER || column)
}

/// The words of a commit message or merge line before the number it refers to.
const COMMIT_WORDS: &[&str] = &[
    "merge pull request",
    "fixes",
    "fix",
    "fixed",
    "closes",
    "close",
    "closed",
    "resolves",
    "resolved",
    "cherry-pick of",
    "cherry pick of",
    "backport of",
    "revert",
    "reverts",
    "refs",
];

/// `#N` in a code span right after one of [`COMMIT_WORDS`], or closing it in brackets
/// (`` `… (#121412)` ``).
fn in_a_commit_line(text: &str, t: &Token) -> bool {
    let before = text[..t.range.start].trim_end();
    let after = &text[t.range.end..];
    let lower = before.to_ascii_lowercase();
    COMMIT_WORDS.iter().any(|w| {
        lower.ends_with(w)
            && lower[..lower.len() - w.len()]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_ascii_alphanumeric())
    }) || (before.ends_with('(') && after.starts_with(')') && before.len() > 1)
}

/// `` `sig/node` ``: a code span that is only a SIG's label (as GitHub shows it on issues and pull
/// requests), not code or a path (`` `keps/sig-node/…` ``, `` `sig-node.yaml` ``).
fn is_spanned_sig_label(view: &BlockView, t: &Token, doc: &Doc) -> bool {
    let raw = &view.text()[t.range.clone()];
    t.kind == TokenKind::Sig
        && t.span.is_some_and(|s| !doc.spans[s].is_link())
        && raw.as_bytes().get(3) == Some(&b'/')
        && view.span_text(t).is_some_and(|s| s.trim() == raw)
}

/// Whether the text before a reference says it is a pull request: `PR`, `プルリク`,
/// `プルリクエスト`, `pull request`, before at most a bracket, a colon or the topic's `は`.
fn says_pr(before: &str) -> bool {
    let before = before
        .trim_end()
        .trim_end_matches(['(', '（', ':', '：'])
        .trim_end();
    // (`KEP の PR は kubernetes/enhancements#5010`: the topic.)
    let before = before.strip_suffix('は').unwrap_or(before).trim_end();
    let word = last_word(before);
    before.ends_with("プルリク")
        || before.ends_with("プルリクエスト")
        || word.eq_ignore_ascii_case("pr")
        || (word.eq_ignore_ascii_case("request")
            && last_word(before[..before.len() - word.len()].trim_end())
                .eq_ignore_ascii_case("pull"))
}

/// The ASCII word `text` ends with (`Fixes` of `… Fixes`), empty if it ends otherwise.
fn last_word(text: &str) -> &str {
    text.rsplit(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or("")
}

/// Whether the text before a number says it is an issue: `Issue`, `イシュー`, `関連 issue:`, `元の
/// issue は`, or a verb GitHub closes an issue with (`Fixes`, `Closes`, `Resolves`; not `fix`, a
/// noun as often as a verb: `この fix #N` is the fixing pull request).
fn says_issue(before: &str) -> bool {
    let before = before
        .trim_end()
        .trim_end_matches([':', '：', '→'])
        .trim_end();
    // (`Fixes は k/k#N で`: the fix, the topic, is in that pull request.)
    let topic = before.strip_suffix('は');
    if topic.is_some_and(|b| {
        ["fixes", "fix", "closes", "resolves"]
            .iter()
            .any(|w| last_word(b.trim_end()).eq_ignore_ascii_case(w))
    }) {
        return false;
    }
    let before = topic.unwrap_or(before).trim_end();
    // `issue 報告: #N`, `issue を立てました → #N`: the issue the writer filed.
    let before = [
        "報告",
        "を立てました",
        "を立てた",
        "を起票しました",
        "を起票",
    ]
    .iter()
    .find_map(|w| before.strip_suffix(w))
    .map_or(before, str::trim_end);
    if before.ends_with("イシュー") {
        return true;
    }
    let word = last_word(before);
    [
        "issue", "issues", "fixes", "fixed", "closes", "closed", "resolves", "resolved",
    ]
    .iter()
    .any(|w| word.eq_ignore_ascii_case(w))
}

/// `KEP の本文の更新は kubernetes/enhancements#5146 で行われました`: the reference is where a change
/// was made, a pull request (the KEP itself is what changed).
/// So is one the sentence then says is a change to a KEP: `kubernetes/enhancements#4735 は
/// KEP-4639 の本文の更新`.
fn made_the_change(after: &str) -> bool {
    let after = after.trim_start_matches([')', '）', ' ']);
    let to_a_kep = || {
        let Some(said) = after.strip_prefix(['は', ':', '：']) else {
            return false;
        };
        let said = &said[..said.find(['。', '\n']).unwrap_or(said.len())];
        said.contains("KEP") && CHANGES.iter().any(|w| said.contains(w))
    };
    [
        "で行われ",
        "でマージ",
        "で更新",
        "で修正",
        "で変更",
        "で反映",
    ]
    .iter()
    .any(|w| after.starts_with(w))
        || to_a_kep()
}

/// The words of a change made to a KEP's text.
const CHANGES: [&str; 5] = ["更新", "変更", "修正", "追記", "改訂"];

/// `KEP-4191 の更新（kubernetes/enhancements#5123）`: the reference in brackets after a change to a
/// KEP (its update, edit or fix) is where the change was made, a pull request.
fn cites_a_change(before: &str) -> bool {
    let Some(open) = before.trim_end().strip_suffix(['(', '（']) else {
        return false;
    };
    CHANGES.iter().any(|w| open.trim_end().ends_with(w))
}

/// `kubernetes/website#49500: フィーチャーゲート一覧が古い、という issue`, `kubernetes/kubectl#1760:
/// KYAML 出力に関する issue`: the reference's sentence calls it an issue after it.
fn called_an_issue(view: &BlockView, t: &Token) -> bool {
    let text = view.text();
    let sentence_rest = &text[t.range.end..view.sentence_at(t.range.start).end];
    // (Up to the next reference; `という issue`, spaced or not.)
    let rest = sentence_rest.split('#').next().unwrap_or("");
    let is_issue = |w: &str| {
        w.starts_with("イシュー") || w.get(..5).is_some_and(|c| c.eq_ignore_ascii_case("issue"))
    };
    // `kubernetes/kubectl#1760: KYAML 出力に関する issue`: the entry ending in what it is (not
    // `PR #1 と kind の issue #2`, the next reference's word).
    let ends_as_one = || {
        if rest.len() < sentence_rest.len() {
            return false;
        }
        let bare = rest.trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '。' | '.'));
        let called = ["イシュー", "issue", "Issue"]
            .iter()
            .find_map(|w| bare.strip_suffix(w))
            .map(str::trim_end);
        called.is_some_and(|b| {
            ["に関する", "についての", "の", "を追う"]
                .iter()
                .any(|w| b.ends_with(w))
        })
    };
    rest.match_indices("という")
        .any(|(at, w)| is_issue(rest[at + w.len()..].trim_start()))
        || ends_as_one()
}

/// A reference under `## Issues`, `## イシュー`, `### 気になった issue` (and not a heading of pull
/// requests too): an issue, unless its own words say pull request.
fn in_an_issues_section(view: &BlockView, doc: &Doc) -> bool {
    let title = doc.sections[doc.blocks[view.index].section]
        .title
        .to_lowercase();
    (title.contains("issue") || title.contains("イシュー"))
        && !["pr", "pull", "プルリク", "マージ"]
            .iter()
            .any(|w| title.contains(w))
}

fn hash(view: &BlockView, i: usize, doc: &Doc, front: &FrontMatter, out: &mut Mentions) {
    let text = view.text();
    let t = &view.tokens[i];
    let raw = &text[t.range.clone()];
    // `C#1`, `&#123;` are not references; `PR#125100`, `Issue#123` are.
    let word_before = text[..t.range.start]
        .rsplit(|c: char| !c.is_ascii_alphanumeric())
        .next()
        .unwrap_or("");
    let labelled = ["pr", "issue"]
        .iter()
        .any(|w| word_before.eq_ignore_ascii_case(w));
    if !labelled
        && preceded_by(text, t.range.start, |c| {
            c.is_ascii_alphanumeric() || c == '&'
        })
    {
        return;
    }
    let body = &raw[1..];
    let digits = body.bytes().take_while(u8::is_ascii_digit).count();
    let opens_heading = view.is_heading() && text[..t.range.start].trim().is_empty();
    // `(#1275b13)` is a commit, not a number. Only a heading may run its title into the
    // number (`### #3715Elastic Indexed ジョブ`), and never with hex digits.
    let hex = body
        .bytes()
        .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase());
    if digits < body.len() && (!opens_heading || hex) {
        return;
    }
    let Ok(number) = body[..digits].parse::<u32>() else {
        return;
    };
    // `背景色は #123456`, `color: #445566`: a colour that happens to be all digits.
    if matches!(digits, 3 | 6) && names_a_colour(&text[..t.range.start]) {
        return;
    }
    // `## #1 はじめに`: a heading's own numbering, not KEP-1.
    if opens_heading && number < 10 {
        return;
    }
    let author = changelog_author(view, i);
    let is_kep = if opens_heading {
        front.refs != Some(RefHint::Pr)
    } else if kep_labels(&text[..t.range.start]) {
        true
    } else if author.is_some() || number >= FIRST_PR_ONLY_NUMBER {
        false
    } else {
        // `| サイドカー | #753 |` under a `KEP` header is KEP-753.
        view.kep_column.get() || front.refs == Some(RefHint::Kep)
    };
    let t = &Token {
        range: t.range.start..t.range.start + 1 + digits,
        ..t.clone()
    };
    let range = view.norm.orig_range(t.range.clone());
    let sentence = view.orig_sentence(t.range.start);
    // `KEP #3998 と #3850`: a KEP list took the number already.
    if out
        .keps
        .iter()
        .any(|m| m.block == view.index && m.range.start < range.end && range.start < m.range.end)
    {
        return;
    }
    if !is_kep {
        // `helm の PR #1 と #2`: what names the list's first number names every number's.
        let before = &text[..list_start(view, i)];
        let named =
            named_before(before).or_else(|| owner_in_context(view, doc, &out.keps, i, number));
        if matches!(named, Some(Named::Elsewhere))
            || (before_kubernetes_releases(number) && author.is_none() && named.is_none())
            || (number >= PAST_KUBERNETES_NUMBERS && named.is_none())
        {
            return;
        }
        // `Issue #123456`, `イシュー#123`, `Fixes #123`: an issue of kubernetes/kubernetes, not a
        // pull request.
        let issue = says_issue(before)
            || called_an_issue(view, t)
            || (!says_pr(before) && in_an_issues_section(view, doc));
        let named_repo = match &named {
            Some(Named::Repo(repo)) => Some(repo.as_str()),
            _ => None,
        };
        let repo = item_repo(named_repo, issue);
        out.prs.push(PrMention {
            pr: PullRequest::item(repo, number, issue),
            block: view.index,
            // `` `#128308` ``: a number in a code span stays as written, with a chip.
            place: place_of(t),
            range,
            sentence,
            author,
            kind_said: issue,
            stage: None,
            stage_release: None,
        });
        return;
    }
    let m = if opens_heading {
        heading_kep(view, doc, t, number)
    } else {
        kep_at(view, t, number, KepForm::Hash, None)
    };
    out.keps.push(m);
}

/// Whether the text right before a `#` and digits names a colour it is the value of
/// (`背景色は`, `文字色を`, `color:`, `カラーコード`): then the digits are a colour code. A colour
/// word elsewhere in the sentence says nothing of the number (`カラー出力に対応しました (#120312)`).
fn names_a_colour(before: &str) -> bool {
    let before = before.trim_end();
    let before = before
        .strip_suffix([':', '：', '=', 'は', 'を', 'が'])
        .unwrap_or(before)
        .trim_end();
    let lower = before.to_ascii_lowercase();
    ["color", "colour", "fill", "stroke", "accent"]
        .iter()
        .any(|w| lower.ends_with(w))
        || [
            "色",
            "カラー",
            "カラーコード",
            "色コード",
            "アクセント",
            "配色",
        ]
        .iter()
        .any(|w| before.ends_with(w))
}

/// Where the list of `#N` numbers that token `i` ends begins (`helm の PR #1、#2 と #3`): the
/// start of the first number joined to the next by a comma, `と`, `や`, `/`, `and` or a space;
/// token `i`'s own start when it follows no such number.
fn list_start(view: &BlockView, i: usize) -> usize {
    let text = view.text();
    let mut first = i;
    while first > 0 {
        let (prev, this) = (&view.tokens[first - 1], &view.tokens[first]);
        let gap = text[prev.range.end..this.range.start].trim();
        let joined = ["", ",", "、", "と", "や", "/", "&", "and", "および", "及び"].contains(&gap);
        if prev.kind != TokenKind::Hash || !joined {
            break;
        }
        first -= 1;
    }
    view.tokens[first].range.start
}

/// `(#119026, @AxeZhan)`: the handle right after `#N, `.
fn changelog_author(view: &BlockView, i: usize) -> Option<GitHubHandle> {
    let text = view.text();
    let t = &view.tokens[i];
    let next = view.tokens.get(i + 1)?;
    if next.kind != TokenKind::Handle {
        return None;
    }
    let gap = &text[t.range.end..next.range.start];
    if gap.trim() != "," {
        return None;
    }
    handle(text, next.range.clone())
}

/// Whether the handle token `i` is a pull request's author, right after `#N, `
/// (`(#119026, @AxeZhan)`).
fn is_changelog_author(view: &BlockView, i: usize) -> bool {
    i > 0
        && matches!(view.tokens[i - 1].kind, TokenKind::Hash)
        && changelog_author(view, i - 1).is_some()
}

/// Whether the `@` at `r` may start a user's name: not the `@` of `user@example.com`, not a
/// domain (`@example.com`).
fn names_a_user(text: &str, r: &Range<usize>) -> bool {
    let after = &text[r.end..];
    let in_address = preceded_by(text, r.start, |c| {
        c.is_ascii_alphanumeric() || c == '.' || c == '_'
    });
    let domain =
        after.starts_with('.') && after[1..].starts_with(|c: char| c.is_ascii_alphabetic());
    !in_address && !domain
}

/// `@nakamura`, `@k8s_taro` in an article written for Qiita: a Qiita user (a name of letters,
/// digits, `-` and `_`, which the handle token `r` stops short of at a `_`), and the range of
/// its `@name`.
fn qiita_user(text: &str, r: Range<usize>) -> Option<(QiitaUser, Range<usize>)> {
    if !names_a_user(text, &r) {
        return None;
    }
    let len = text[r.start + 1..]
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .unwrap_or(text.len() - r.start - 1);
    let name = text[r.start + 1..r.start + 1 + len].trim_end_matches(['-', '_']);
    if name.is_empty() || name.len() > 39 {
        return None;
    }
    let end = r.start + 1 + name.len();
    Some((QiitaUser(name.to_string()), r.start..end))
}

/// `@pohly`, but not the `@` of `user@example.com`.
fn handle(text: &str, r: Range<usize>) -> Option<GitHubHandle> {
    if !names_a_user(text, &r) {
        return None;
    }
    let name = text[r.start + 1..r.end].trim_end_matches('-');
    if name.is_empty() || name.len() > 39 {
        return None;
    }
    if super::scan::speaker_label_end(text, r.start).is_some() {
        return None;
    }
    let after = &text[r.end..];
    // `@k8s_beginner_taro`: a forum or chat name; a GitHub login has no `_`, so it names no
    // GitHub user (and linking `@k8s` would point at someone else).
    if after
        .strip_prefix('_')
        .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_alphanumeric()))
    {
        return None;
    }
    Some(GitHubHandle(name.to_string()))
}

/// Stage and SIG of a heading-form KEP: the `Stage:` and `Feature group:` lines that follow
/// the heading in its section (they come first, before the prose).
fn heading_kep_facts(doc: &Doc, heading: usize) -> (Option<Stage>, Option<SigName>) {
    let section = doc.blocks[heading].section;
    let mut stage = None;
    let mut sig = None;
    for b in doc.blocks[heading + 1..]
        .iter()
        .take_while(|b| b.section == section)
        .take(6)
    {
        let text = crate::text::japanese::nfkc(&b.text);
        if stage.is_none()
            && let Some(c) = STAGE_LINE.captures(&text)
        {
            stage = stage_line(&c[1]);
        }
        if sig.is_none()
            && let Some(c) = FEATURE_GROUP_LINE.captures(&text)
        {
            sig = c[1].split([',', ' ']).next().and_then(SigName::parse);
        }
    }
    (stage, sig)
}

/// The KEP a heading opens with (`### #3962 タイトル`, `#### 3960 - Pod lifecycle sleep action`),
/// token `t` its number: titled by the rest of the heading, its stage the section's `Stage:` line
/// or else what the section states.
fn heading_kep(view: &BlockView, doc: &Doc, t: &Token, number: u32) -> KepMention {
    let range = view.norm.orig_range(t.range.clone());
    // Collapse the no-break and ideographic spaces headings sometimes carry.
    let title = view.block.text[range.end..]
        .trim_start_matches(|c: char| {
            c.is_whitespace() || matches!(c, '-' | ':' | '：' | '–' | '—')
        })
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let (line_stage, sig) = heading_kep_facts(doc, view.index);
    // Without a `Stage:` line, what the heading or its section's text states
    // (`### #3866 kube-proxyのnftablesモード` over `…がベータに昇格し`).
    let facts = stage::facts_for(view, t.range.clone());
    let (stage, stage_release, inherited, borrowed, history) = match line_stage {
        Some(s) => (Some(s), None, false, None, Vec::new()),
        None => (
            facts.stage,
            facts.release,
            facts.inherited,
            facts.borrowed,
            facts.history,
        ),
    };
    KepMention {
        kep: KepNumber(number),
        block: view.index,
        place: Place::Prose,
        sentence: view.orig_sentence(t.range.start),
        range,
        form: KepForm::Heading,
        title: (!title.is_empty()).then_some(title),
        sig,
        stage,
        stage_release,
        deferred: section_says_deferred(doc, view.index),
        inherited,
        borrowed,
        history,
    }
}

/// `#### 3960 - Pod lifecycle sleep action`, `### 3960: …`: a heading opening with a number of
/// three or four digits, then a dash or colon and a title, is that KEP, as `### #3960 …` is
/// (release-note digests title their KEPs so). Unless `refs = "pr"` says numbers are PRs.
fn bare_heading_kep(view: &BlockView, doc: &Doc, front: &FrontMatter, out: &mut Mentions) {
    static NUMBERED: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"^\s*([0-9]{3,4})\s*[-:–—]\s*[^\s0-9]").unwrap());
    if !view.is_heading() || front.refs == Some(RefHint::Pr) {
        return;
    }
    let text = view.text();
    let Some(c) = NUMBERED.captures(text) else {
        return;
    };
    let number = c.get(1).expect("group 1");
    if view.in_span(number.start()) {
        return;
    }
    let t = Token::prose(TokenKind::Kep, number.range());
    let Ok(n) = number.as_str().parse::<u32>() else {
        return;
    };
    out.keps.push(heading_kep(view, doc, &t, n));
}

/// Whether the prose under heading `heading` says the enhancement was postponed or left out
/// of the release (延期, 見送, deferred, マイルストーンから外れ...).
fn section_says_deferred(doc: &Doc, heading: usize) -> bool {
    static DEFERRED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)延期|見送|マイルストーンから(?:削除|外)|deferred|postponed|pulled from the release").unwrap()
    });
    let section = doc.blocks[heading].section;
    doc.blocks[heading + 1..]
        .iter()
        .take_while(|b| b.section == section)
        .filter(|b| b.kind == crate::parse::blocks::BlockKind::Paragraph)
        .take(2)
        .any(|b| DEFERRED.is_match(&b.text))
}

/// `Graduating to Stable` → stable, `Net New to Alpha` → alpha, `Deprecation` → deprecated;
/// `ベータへの昇格` → beta, `アルファからベータへ` → beta: the last stage word, as the scanner
/// reads stage words.
pub(super) fn stage_line(value: &str) -> Option<Stage> {
    let whole = 0..value.len();
    let last = super::scan::scan(value, std::slice::from_ref(&whole), &[])
        .into_iter()
        .rev()
        .filter(|t| !super::scan::is_future_removal(value, t))
        .find_map(|t| match t.kind {
            TokenKind::StageWord(s) => Some(s),
            _ => None,
        });
    // `Deprecating`, `Removing`: the -ing forms the scanner has no word for.
    last.or_else(|| {
        let v = value.to_ascii_lowercase();
        if v.contains("deprecat") {
            Some(Stage::Deprecated)
        } else {
            v.contains("remov").then_some(Stage::Removed)
        }
    })
}

/// Whether `after`, the text right after a number, opens with a Japanese counter (助数詞): `つ`,
/// `件`, `個`, `本`, `点`, `項目`, `種類`, alone or with `以上`/`以下`/`未満`/`ほど`/`程度`/`ずつ`
/// (`3つ`, `12 件以上`). A number so counted says how many there are, so `KEP 3つ` names no KEP.
/// A one-character counter followed by another kanji is a word of its own (`本体`, `件名`,
/// `点検`), and `つまり` is "that is".
fn counter_follows(after: &str) -> bool {
    const COUNTERS: [&str; 7] = ["項目", "種類", "つ", "件", "個", "本", "点"];
    const AFTER: [&str; 6] = ["以上", "以下", "未満", "ほど", "程度", "ずつ"];
    let after = after.trim_start_matches([' ', '\u{3000}']);
    let Some(counter) = COUNTERS.iter().find(|c| after.starts_with(*c)) else {
        return false;
    };
    let rest = &after[counter.len()..];
    if AFTER.iter().any(|w| rest.starts_with(w)) {
        return true;
    }
    let is_kanji = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c);
    let joined = counter.chars().count() == 1 && rest.chars().next().is_some_and(is_kanji);
    !(joined || after.starts_with("つまり"))
}

fn preceded_by(text: &str, at: usize, f: impl Fn(char) -> bool) -> bool {
    text[..at].chars().next_back().is_some_and(f)
}

fn followed_by_word_char(text: &str, at: usize) -> bool {
    text[at..]
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::counter_follows;

    #[test]
    fn a_number_with_a_counter_counts() {
        for after in [
            "つ",
            "つの",
            "件",
            " 件以上",
            "個",
            "本の",
            "点",
            "項目",
            "種類",
            "つ以上",
            "件未満",
            "つずつ",
            "　件",
            "件以上増加",
        ] {
            assert!(counter_follows(after), "{after}");
        }
        for after in [
            "の",
            "では",
            ": title",
            "本体",
            "件名",
            "つまり",
            "",
            "点検",
        ] {
            assert!(!counter_follows(after), "{after}");
        }
    }
}
