//! References written as URLs: the target of an author's link (`[KEP-4381](https://kep.k8s.io/4381)`,
//! `[#128266](https://github.com/kubernetes/kubernetes/pull/128266)`, `[PR](...)`, a sentence
//! linked to a pull request) and URLs written out in prose.
//!
//! | target | mention |
//! |---|---|
//! | `kep.k8s.io/N` (also `kep.k8s.io/issues/N`) | KEP N |
//! | `github.com/kubernetes/enhancements/issues/N` | KEP N |
//! | `github.com/kubernetes/enhancements/(tree\|blob)/<branch>/keps/<sig>/<N>-<name>[/...]`, `git.k8s.io/enhancements/keps/...` | KEP N |
//! | `github.com/<org>/<repo>/pull/N[/files\|#...]`, `pr.k8s.io/N` | pull request of that repository (enhancements' too) |
//! | `github.com/<org>/<repo>/issues/N`, `issue.k8s.io/N` | issue of that repository |
//!
//! Any of them with `http://` or `https://`, `www.github.com`, a trailing slash, or (in prose, as
//! the short links are spoken) no scheme at all: `pr.k8s.io/456`. The scanner finds the URLs in
//! prose; this module reads them.
//!
//! A link's mention takes the link's text as its range (the render stage puts its chip after the
//! link) and, for a KEP, the text as its title when the text is more than `KEP-N` or `#N`. A URL in
//! prose takes its own range.
use std::sync::LazyLock;

use regex::Regex;

use super::refs::{place_of, title_after};
use super::scan::TokenKind;
use super::{BlockView, KepForm, KepMention, Mentions, Place, PrMention, stage};
use crate::model::ids::{KepNumber, PullRequest, SigName};
use crate::parse::blocks::{Doc, SpanKind};

/// What a URL names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Target {
    Kep(KepNumber),
    Item(PullRequest),
    /// `github.com/kubernetes/community/tree/master/sig-node`: the SIG's home.
    Sig(SigName),
}

static SIG_HOME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:https?://)?(?:www\.)?github\.com/kubernetes/community/(?:tree|blob)/[^/]+/(sig-[a-z0-9-]+)(?:[/#?]|$)").unwrap()
});

static GITHUB: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?ix)^(?:https?://)?(?:www\.)?github\.com/
        ([A-Za-z0-9][A-Za-z0-9\-]*)/([A-Za-z0-9_.\-]+)/
        (pull|pulls|issues|tree|blob)/([^?\#]*)",
    )
    .unwrap()
});
static KEP_SHORT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:https?://)?kep\.k8s\.io/(?:issues?/)?0*([0-9]{1,6})(?:[/?#]|$)").unwrap()
});
static K8S_SHORT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:https?://)?(prs?|issues?)\.k8s\.io/0*([0-9]{1,7})(?:[/?#]|$)").unwrap()
});
static GIT_K8S: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:https?://)?git\.k8s\.io/enhancements/keps/[^/]+/0*([0-9]{1,6})-").unwrap()
});
/// `keps/sig-node/753-sidecar-containers` inside a tree or blob path.
static KEP_FOLDER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?:^|/)keps/[^/]+/0*([0-9]{1,6})-[^/]*").unwrap());

/// The KEP whose folder `path` names (`keps/sig-node/2400-node-swap`, alone or in a longer path).
pub(crate) fn kep_folder(path: &str) -> Option<KepNumber> {
    let c = KEP_FOLDER.captures(path)?;
    c[1].parse().ok().map(KepNumber)
}

/// The KEP, pull request or issue `url` names, if any.
pub(crate) fn parse(url: &str) -> Option<Target> {
    let url = url.trim();
    if let Some(c) = KEP_SHORT.captures(url) {
        return c[1].parse().ok().map(|n| Target::Kep(KepNumber(n)));
    }
    if let Some(c) = GIT_K8S.captures(url) {
        return c[1].parse().ok().map(|n| Target::Kep(KepNumber(n)));
    }
    if let Some(c) = K8S_SHORT.captures(url) {
        let n: u32 = c[2].parse().ok()?;
        let repo = PullRequest::DEFAULT_REPO;
        return Some(Target::Item(
            if c[1].to_ascii_lowercase().starts_with("pr") {
                PullRequest::pull(repo, n)
            } else {
                PullRequest::issue(repo, n)
            },
        ));
    }
    if let Some(c) = SIG_HOME.captures(url) {
        return SigName::parse(&c[1]).map(Target::Sig);
    }
    let c = GITHUB.captures(url)?;
    let (org, repo, kind, rest) = (&c[1], &c[2], c[3].to_ascii_lowercase(), &c[4]);
    let repo = repo.trim_end_matches(".git");
    let full = format!("{org}/{repo}");
    let enhancements = full.eq_ignore_ascii_case("kubernetes/enhancements");
    let number = || -> Option<u32> {
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok().filter(|&n| n > 0)
    };
    match kind.as_str() {
        "tree" | "blob" if enhancements => KEP_FOLDER
            .captures(rest)
            .and_then(|k| k[1].parse().ok())
            .map(|n| Target::Kep(KepNumber(n))),
        "issues" if enhancements => number().map(|n| Target::Kep(KepNumber(n))),
        "issues" => number().map(|n| Target::Item(PullRequest::issue(&full, n))),
        "pull" | "pulls" => number().map(|n| Target::Item(PullRequest::pull(&full, n))),
        _ => None,
    }
}

/// Whether `s` looks like `org/repo` (for `kubernetes/website#123`): GitHub's own rules for
/// owner and repository names, so `v1.2/x#3` or a path is not one.
pub(crate) fn is_repo(s: &str) -> bool {
    let Some((org, repo)) = s.split_once('/') else {
        return false;
    };
    !org.is_empty()
        && org.len() <= 39
        && org.starts_with(|c: char| c.is_ascii_alphanumeric())
        && org.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        && !repo.is_empty()
        && repo
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// The mentions one block's link targets and prose URLs make.
pub(super) fn extract_block(view: &BlockView, doc: &Doc, out: &mut Mentions) {
    let mut seen = Seen::of_block(view.index, out);
    for (k, &i) in view.block.spans.iter().enumerate() {
        let span = &doc.spans[i];
        let SpanKind::Link { dest } = &span.kind else {
            continue;
        };
        let Some(target) = parse(dest) else {
            continue;
        };
        if let Target::Sig(sig) = &target {
            // The author's link to a SIG's home names the SIG the article is about; it stays
            // the author's link (no chip), and the SIG's page lists the article.
            out.linked_sigs.push(sig.clone());
            continue;
        }
        if !seen.first(&target) {
            continue;
        }
        let start = view.norm.norm_offset(span.range.start);
        let end = view.norm.norm_offset(span.range.end);
        let is_item = matches!(target, Target::Item(_));
        push(view, target, Place::Span(i), start..end, out);
        if is_item
            && let Some(author) = changelog_author(view, doc, k)
            && let Some(m) = out.prs.last_mut()
        {
            m.author = Some(author);
        }
    }
    for t in &view.tokens {
        if t.kind != TokenKind::Url || !t.mentionable() {
            continue;
        }
        // A URL inside a link's text is the link itself (`<https://...>`): its target counts.
        if !t.plain {
            continue;
        }
        let url = view.text()[t.range.clone()].trim_end_matches(['.', ',', ')', '）', '>']);
        if let Some(target) = parse(url) {
            if !seen.first(&target) {
                continue;
            }
            let place = match (&target, place_of(t)) {
                (Target::Item(_), Place::Prose) => Place::Prose,
                (_, Place::Prose) => Place::Url,
                (_, p) => p,
            };
            let r = t.range.start..t.range.start + url.len();
            push(view, target, place, r, out);
        }
    }
}

/// `([#12345](…/pull/12345), [@user](https://github.com/user))`: the link right after the PR's
/// link, past a comma, to a GitHub profile is its author.
fn changelog_author(
    view: &BlockView,
    doc: &Doc,
    k: usize,
) -> Option<crate::model::ids::GitHubHandle> {
    static PROFILE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^https?://(?:www\.)?github\.com/([A-Za-z0-9][A-Za-z0-9\-]{0,38})/?$").unwrap()
    });
    let this = &doc.spans[*view.block.spans.get(k)?];
    let next = view.block.spans[k + 1..]
        .iter()
        .map(|&j| &doc.spans[j])
        .find(|s| s.is_link())?;
    let SpanKind::Link { dest } = &next.kind else {
        return None;
    };
    let gap = view.block.text.get(this.range.end..next.range.start)?;
    if gap.trim() != "," {
        return None;
    }
    let user = PROFILE.captures(dest.trim())?.get(1)?.as_str().to_string();
    Some(crate::model::ids::GitHubHandle(user))
}

/// What the block already mentions: `[KEP-4381](https://kep.k8s.io/4381)`,
/// `([#126503] (https://github.com/.../pull/126503))` say it once. A set, so a block of many
/// links stays linear.
struct Seen {
    keps: std::collections::HashSet<KepNumber>,
    items: std::collections::HashSet<PullRequest>,
}

impl Seen {
    /// The block's mentions so far (the text's, found before the targets; they are the last
    /// ones pushed).
    fn of_block(block: usize, out: &Mentions) -> Seen {
        Seen {
            keps: out
                .keps
                .iter()
                .rev()
                .take_while(|m| m.block == block)
                .map(|m| m.kep)
                .collect(),
            items: out
                .prs
                .iter()
                .rev()
                .take_while(|m| m.block == block)
                .map(|m| m.pr.clone())
                .collect(),
        }
    }

    /// Whether `target` is new to the block (and remember it).
    fn first(&mut self, target: &Target) -> bool {
        match target {
            Target::Kep(k) => self.keps.insert(*k),
            Target::Item(p) => self.items.insert(p.clone()),
            Target::Sig(_) => false,
        }
    }
}

fn push(
    view: &BlockView,
    target: Target,
    place: Place,
    r: std::ops::Range<usize>,
    out: &mut Mentions,
) {
    let range = view.norm.orig_range(r.clone());
    let sentence = view.orig_sentence(r.start);
    match target {
        Target::Kep(kep) => {
            let facts = stage::facts_for(view, r.clone());
            let title = match place {
                Place::Span(_) => link_title(&view.text()[r.clone()], kep),
                _ => None,
            }
            .or_else(|| super::refs::heading_title(view, r.start));
            out.keps.push(KepMention {
                kep,
                block: view.index,
                place,
                range,
                sentence,
                form: KepForm::Url,
                title,
                sig: None,
                stage: facts.stage,
                stage_release: facts.release,
                inherited: facts.inherited,
                borrowed: facts.borrowed,
                history: facts.history,
                deferred: false,
            });
        }
        Target::Item(pr) => out.prs.push(PrMention {
            pr,
            block: view.index,
            place,
            range,
            sentence,
            author: None,
            kind_said: true,
            stage: None,
            stage_release: None,
        }),
        Target::Sig(_) => {}
    }
}

/// The title a KEP link's text gives: `Structured parameters` of `[KEP-4381: Structured
/// parameters](...)`, `構造化パラメーター` of `[構造化パラメーター](...)`; none for `KEP-4381`,
/// `#4381`, a URL, or words that only say where the KEP is (`こちら`, `KEPの図`, `Issue`:
/// [`super::refs::is_generic_title`]).
fn link_title(text: &str, kep: KepNumber) -> Option<String> {
    let t = text.trim();
    let n = kep.to_string();
    if let Some(rest) = t
        .strip_prefix("KEP")
        .or_else(|| t.strip_prefix("kep"))
        .map(|r| r.trim_start_matches([' ', '-', '#']))
        .and_then(|r| r.strip_prefix(n.as_str()))
    {
        return title_after(rest, true);
    }
    if t.contains("://")
        || looks_like_a_url(t)
        || t.chars().count() < 4
        || super::refs::is_generic_title(t)
    {
        return None;
    }
    Some(t.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// `kep.k8s.io/3962`, `github.com/kubernetes/enhancements/issues/5295`: an address written
/// without its scheme, one word of a host name with a dot and a path.
fn looks_like_a_url(text: &str) -> bool {
    let Some((host, _path)) = text.split_once('/') else {
        return false;
    };
    !text.contains(char::is_whitespace)
        && host.contains('.')
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_text_that_is_an_address_is_no_title() {
        for text in [
            "kep.k8s.io/3962",
            "github.com/kubernetes/enhancements/issues/3962",
        ] {
            assert_eq!(link_title(text, KepNumber(3962)), None, "{text}");
        }
        assert_eq!(
            link_title("Pod/コンテナの再起動ポリシー", KepNumber(3962)).as_deref(),
            Some("Pod/コンテナの再起動ポリシー")
        );
    }

    fn kep(n: u32) -> Option<Target> {
        Some(Target::Kep(KepNumber(n)))
    }
    fn pull(repo: &str, n: u32) -> Option<Target> {
        Some(Target::Item(PullRequest::pull(repo, n)))
    }
    fn issue(repo: &str, n: u32) -> Option<Target> {
        Some(Target::Item(PullRequest::issue(repo, n)))
    }

    #[test]
    fn kep_targets_in_every_form() {
        assert_eq!(parse("https://kep.k8s.io/4381"), kep(4381));
        assert_eq!(parse("https://kep.k8s.io/issues/5007"), kep(5007));
        assert_eq!(parse("http://kep.k8s.io/24/"), kep(24));
        assert_eq!(
            parse("https://github.com/kubernetes/enhancements/issues/4191"),
            kep(4191)
        );
        assert_eq!(
            parse("https://github.com/kubernetes/enhancements/issues/753#issuecomment-1"),
            kep(753)
        );
        assert_eq!(
            parse(
                "https://github.com/kubernetes/enhancements/blob/master/keps/sig-cloud-provider/2395-removing-in-tree-cloud-providers/README.md"
            ),
            kep(2395)
        );
        assert_eq!(
            parse(
                "https://github.com/kubernetes/enhancements/tree/master/keps/sig-network/0752-endpointslices"
            ),
            kep(752)
        );
        assert_eq!(
            parse("https://git.k8s.io/enhancements/keps/sig-node/753-sidecar-containers/README.md"),
            kep(753)
        );
        // Any file of the KEP's folder, a trailing slash, `www.`, no scheme.
        for url in [
            "https://github.com/kubernetes/enhancements/blob/master/keps/sig-node/753-sidecar-containers/kep.yaml",
            "https://github.com/kubernetes/enhancements/issues/753/",
            "https://www.github.com/kubernetes/enhancements/issues/753",
            "github.com/kubernetes/enhancements/issues/753",
            "kep.k8s.io/753/",
        ] {
            assert_eq!(parse(url), kep(753), "{url}");
        }
    }

    #[test]
    fn pull_requests_and_issues_keep_their_repository() {
        assert_eq!(
            parse("https://github.com/kubernetes/kubernetes/pull/12345"),
            pull("kubernetes/kubernetes", 12345)
        );
        assert_eq!(
            parse("https://github.com/kubernetes/kubernetes/pull/12345/files#diff-1"),
            pull("kubernetes/kubernetes", 12345)
        );
        assert_eq!(
            parse("https://github.com/kubernetes-sigs/kueue/pull/77"),
            pull("kubernetes-sigs/kueue", 77)
        );
        // An enhancements pull request edits a KEP; it is not the KEP.
        assert_eq!(
            parse("https://github.com/kubernetes/enhancements/pull/4012"),
            pull("kubernetes/enhancements", 4012)
        );
        assert_eq!(
            parse("https://github.com/kubernetes/kubernetes/issues/125689"),
            issue("kubernetes/kubernetes", 125689)
        );
        assert_eq!(
            parse("https://pr.k8s.io/128266"),
            pull("kubernetes/kubernetes", 128266)
        );
        assert_eq!(
            parse("https://issue.k8s.io/97076"),
            issue("kubernetes/kubernetes", 97076)
        );
        assert_eq!(parse("pr.k8s.io/456"), pull("kubernetes/kubernetes", 456));
        assert_eq!(
            parse("issue.k8s.io/789"),
            issue("kubernetes/kubernetes", 789)
        );
    }

    #[test]
    fn sig_homes() {
        assert_eq!(
            parse("https://github.com/kubernetes/community/tree/master/sig-node"),
            Some(Target::Sig(SigName::parse("node").unwrap()))
        );
        assert_eq!(
            parse(
                "https://github.com/kubernetes/community/blob/master/sig-api-machinery/README.md"
            ),
            Some(Target::Sig(SigName::parse("api-machinery").unwrap()))
        );
    }

    #[test]
    fn other_urls_name_nothing() {
        for url in [
            "https://github.com/kubernetes/kubernetes",
            "https://github.com/kubernetes/kubernetes/issues/new/choose",
            "https://github.com/kubernetes/enhancements/blob/master/keps/README.md",
            "https://github.com/kubernetes/kubernetes/blob/master/pkg/features/kube_features.go",
            "https://github.com/advisories/GHSA-xxxx",
            "https://kubernetes.io/docs/concepts/",
            "/ja/docs/reference/command-line-tools-reference/feature-gates/",
            "https://kep.k8s.io/",
        ] {
            assert_eq!(parse(url), None, "{url}");
        }
    }

    #[test]
    fn link_text_titles() {
        let k = KepNumber(4381);
        assert_eq!(link_title("KEP-4381", k), None);
        assert_eq!(link_title("#4381", k), None);
        assert_eq!(link_title("KEP #4381", k), None);
        assert_eq!(
            link_title("KEP-4381: Structured parameters", k).as_deref(),
            Some("Structured parameters")
        );
        assert_eq!(
            link_title("動的なリソース割り当ての構造化パラメーター", k).as_deref(),
            Some("動的なリソース割り当ての構造化パラメーター")
        );
        assert_eq!(link_title("こちら", k), None);
    }

    #[test]
    fn a_link_text_that_only_says_where_is_no_title() {
        let k = KepNumber(3935);
        for generic in [
            "KEPの図",
            "KEP issue",
            "Issue",
            "issue #3935",
            "こちら",
            "詳細",
            "here",
            "this KEP",
            "the KEP",
            "KEP 3935",
            "kubernetes/enhancements#3935",
            "3935",
            "KEPのページ",
            "Tracking issue",
            "KEP-3935: 詳細",
        ] {
            assert_eq!(link_title(generic, k), None, "{generic}");
        }
        for title in [
            "サイドカーのKEP",
            "Sidecar containers",
            "KEP-3935: Sidecar containers",
            "Pod issue handling",
        ] {
            assert!(link_title(title, k).is_some(), "{title}");
        }
    }

    #[test]
    fn repositories_follow_github_naming() {
        assert!(is_repo("kubernetes/website"));
        assert!(is_repo("kubernetes-sigs/cluster-api"));
        assert!(!is_repo("v1.2/x y"));
        assert!(!is_repo("/x"));
    }
}
