//! Table tests: every reference form and every negative of issue 3, each a line of Markdown.
#![allow(clippy::type_complexity)]
use std::path::Path;

use super::*;
use crate::check::references::{check_stage_disagreements, check_unknown_refs};
use crate::model::ids::{ItemKind, Release, Slug};
use crate::parse::frontmatter::RefHint;
use crate::registry::{GateEntry, GateStage, KepEntry, Registry};

fn front(refs: Option<RefHint>) -> FrontMatter {
    FrontMatter {
        release: Some("1.32".parse().unwrap()),
        sigs: vec![SigName::parse("api-machinery").unwrap()],
        refs,
        ..FrontMatter::new("t".into(), Slug::parse("t").unwrap())
    }
}

fn rel(s: &str) -> Release {
    s.parse().unwrap()
}

fn gate(name: &str, stages: &[(Stage, &str, Option<bool>)]) -> GateEntry {
    GateEntry {
        name: FeatureGateName(name.into()),
        kep: None,
        stages: stages
            .iter()
            .map(|(stage, from, default_on)| GateStage {
                stage: *stage,
                from: rel(from),
                to: None,
                default_on: *default_on,
                locked: false,
            })
            .collect(),
        removed: None,
        line: 1,
    }
}

fn registry() -> Registry {
    let mut keps = vec![KepEntry {
        number: KepNumber(3962),
        title: "Mutating Admission Policies".into(),
        sig: SigName::parse("api-machinery"),
        milestones: [(Stage::Alpha, rel("1.32")), (Stage::Beta, rel("1.34"))].into(),
        line: 1,
    }];
    keps.push(KepEntry {
        number: KepNumber(3157),
        title: "Allow informers for getting a stream of data instead of chunking".into(),
        sig: SigName::parse("api-machinery"),
        milestones: [(Stage::Alpha, rel("1.27")), (Stage::Beta, rel("1.32"))].into(),
        line: 9,
    });
    let mut removed = gate(
        "HPAContainerMetrics",
        &[(Stage::Stable, "1.30", Some(true))],
    );
    removed.removed = Some(rel("1.32"));
    let watch_list = GateEntry {
        kep: Some(KepNumber(3157)),
        ..gate(
            "WatchList",
            &[
                (Stage::Alpha, "1.27", Some(false)),
                (Stage::Beta, "1.32", Some(true)),
            ],
        )
    };
    let gates = vec![
        watch_list,
        gate(
            "InPlacePodVerticalScaling",
            &[(Stage::Alpha, "1.27", Some(false))],
        ),
        gate(
            "CustomResourceFieldSelectors",
            &[(Stage::Stable, "1.32", Some(true))],
        ),
        gate(
            "ConsistentListFromCache",
            &[(Stage::Beta, "1.31", Some(true))],
        ),
        gate("KMSv2", &[(Stage::Stable, "1.29", Some(true))]),
        gate("WatchListClient", &[(Stage::Beta, "1.30", Some(false))]),
        gate("ImageMaximumGCAge", &[(Stage::Alpha, "1.29", Some(false))]),
        gate("SELinuxMount", &[(Stage::Alpha, "1.30", Some(false))]),
        gate("ServerSideApply", &[(Stage::Stable, "1.22", Some(true))]),
        gate("PodLevelResources", &[(Stage::Alpha, "1.32", Some(false))]),
        gate("RetryGenerateName", &[(Stage::Stable, "1.32", Some(true))]),
        removed,
    ];
    let mut reg = Registry::from_entries(keps, gates);
    reg.keps_path = "glossary/keps.toml".into();
    reg.gates_path = "glossary/feature-gates.toml".into();
    reg
}

fn run_with(md: &str, refs: Option<RefHint>) -> (Doc, Mentions) {
    let doc = crate::parse::blocks::parse(md, 1);
    let r = extract(&doc, &front(refs), &registry());
    (doc, r)
}

fn run(md: &str) -> (Doc, Mentions) {
    run_with(md, None)
}

fn at<'d>(doc: &'d Doc, block: usize, range: &Range<usize>) -> &'d str {
    &doc.blocks[block].text[range.clone()]
}

fn keps(md: &str, refs: Option<RefHint>) -> Vec<(u32, String, KepForm, Option<Stage>)> {
    let (doc, r) = run_with(md, refs);
    r.keps
        .iter()
        .map(|m| {
            (
                m.kep.0,
                at(&doc, m.block, &m.range).to_string(),
                m.form,
                m.stage,
            )
        })
        .collect()
}

fn prs(md: &str, refs: Option<RefHint>) -> Vec<(u32, String, Option<String>)> {
    let (doc, r) = run_with(md, refs);
    r.prs
        .iter()
        .map(|m| {
            (
                m.pr.number,
                at(&doc, m.block, &m.range).to_string(),
                m.author.as_ref().map(|h| h.0.clone()),
            )
        })
        .collect()
}

fn gates(md: &str) -> Vec<(String, String, GateEvidence, Option<Stage>, Option<bool>)> {
    let (doc, r) = run(md);
    r.gates
        .iter()
        .map(|m| {
            (
                m.gate.0.clone(),
                at(&doc, m.block, &m.range).to_string(),
                m.evidence,
                m.stage,
                m.default_on,
            )
        })
        .collect()
}

fn gate_names(md: &str) -> Vec<String> {
    gates(md).into_iter().map(|g| g.0).collect()
}

#[test]
fn kep_forms() {
    use KepForm::*;
    let table: &[(&str, (u32, &str))] = &[
        (
            "詳細はKEP-4603: tune-crashloopbackoff参照してください。",
            (4603, "KEP-4603"),
        ),
        (
            "可能になりました(KEP 3962: mutating admission policy)。",
            (3962, "KEP 3962"),
        ),
        ("KEP-4191はこちら。", (4191, "KEP-4191")),
        (
            "設計の詳細は KEP-3157: allow informers for getting a stream of data instead of chunkingを参照",
            (3157, "KEP-3157"),
        ),
        ("（KEP-3902）(#119208, @atosatto)", (3902, "KEP-3902")),
        ("詳細はＫＥＰ－３１５７を参照", (3157, "ＫＥＰ－３１５７")),
        ("kep-753 lower case", (753, "kep-753")),
        ("KEP #4358の一部として実施されました。", (4358, "KEP #4358")),
    ];
    for (md, (n, text)) in table {
        let got = keps(md, None);
        assert_eq!(got.len(), 1, "{md}: {got:?}");
        assert_eq!(
            (got[0].0, got[0].1.as_str(), got[0].2),
            (*n, *text, Prefixed),
            "{md}"
        );
    }
}

#[test]
fn kep_titles_after_the_colon() {
    let (_, r) = run(
        "詳細はKEP-4603: tune-crashloopbackoff参照。KEP-2837: Pod Level Resource Specificationsを参照。(KEP 3962: mutating admission policy)",
    );
    let titles: Vec<Option<&str>> = r.keps.iter().map(|m| m.title.as_deref()).collect();
    assert_eq!(
        titles,
        [
            Some("tune-crashloopbackoff"),
            Some("Pod Level Resource Specifications"),
            Some("mutating admission policy")
        ]
    );
}

#[test]
fn heading_form_takes_title_stage_and_feature_group() {
    let md = "## Kubernetes 1.31 のApps\n\n### #3017 PodDisruptionBudget の PodHealthyPolicy\n\n- Stage: Graduating to Stable\n- Feature group: sig-apps\n\n本文。\n\n### #3998ジョブの成功/完了ポリシー\n\n- Stage: Net New to Alpha\n- Feature group: sig-apps\n\n### #2395 ツリー内クラウドプロバイダーコードの削除\n\nおそらく削除されました。\n";
    let (_, r) = run_with(md, Some(RefHint::Kep));
    let got: Vec<(u32, Option<&str>, Option<Stage>, Option<&str>)> = r
        .keps
        .iter()
        .map(|m| {
            (
                m.kep.0,
                m.title.as_deref(),
                m.stage,
                m.sig.as_ref().map(SigName::as_str),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (
                3017,
                Some("PodDisruptionBudget の PodHealthyPolicy"),
                Some(Stage::Stable),
                Some("apps")
            ),
            (
                3998,
                Some("ジョブの成功/完了ポリシー"),
                Some(Stage::Alpha),
                Some("apps")
            ),
            // No Stage line: the 削除 in the title or the prose is not the KEP's stage.
            (
                2395,
                Some("ツリー内クラウドプロバイダーコードの削除"),
                None,
                None
            ),
        ]
    );
    assert!(r.keps.iter().all(|m| m.form == KepForm::Heading));
    // Headings are KEPs even without the hint; `refs = "pr"` turns that off.
    assert_eq!(keps("### #3962 ミューテーティング\n", None)[0].0, 3962);
    assert!(keps("### #3962 ミューテーティング\n", Some(RefHint::Pr)).is_empty());
    assert_eq!(
        prs("### #3962 ミューテーティング\n", Some(RefHint::Pr))[0].0,
        3962
    );
}

#[test]
fn stage_lines() {
    for (line, stage) in [
        ("Graduating to Stable", Some(Stage::Stable)),
        ("Graduating to Beta", Some(Stage::Beta)),
        ("Net New to Alpha", Some(Stage::Alpha)),
        ("Net New to Stable", Some(Stage::Stable)),
        ("Deprecation", Some(Stage::Deprecated)),
        ("Major Change to GA", Some(Stage::Stable)),
        // a later release's removal is a plan, not the line's stage
        ("非推奨（v1.36 で削除されます）", Some(Stage::Deprecated)),
        ("Unknown", None),
    ] {
        assert_eq!(refs::stage_line(line), stage, "{line}");
    }
}

#[test]
fn kep_negatives() {
    for md in [
        "```\nKEP-1234\n```\n",
        "[関連 PR](https://github.com/kubernetes/enhancements/pull/1234) は KEP ではなく PR",
        "see https://example.com/KEP-1234 now",
        "この KEP は前者に対応します。SIG, KEPについてはこちら",
        "KEP-3157a is not a KEP",
        "SKEP-12 neither",
    ] {
        assert!(keps(md, Some(RefHint::Kep)).is_empty(), "{md}");
    }
}

#[test]
fn pull_request_forms() {
    let table: &[(&str, u32, &str, Option<&str>)] = &[
        (
            "サブリソースを利用してください。 (#128266)",
            128266,
            "#128266",
            None,
        ),
        (
            "sleep アクションが追加されました。 (#119026, @AxeZhan) [sig/node]",
            119026,
            "#119026",
            Some("AxeZhan"),
        ),
        (
            "共通の実装です。 ([#126503] (https://github.com/kubernetes/kubernetes/pull/126503))",
            126503,
            "#126503",
            None,
        ),
        (
            "共通の実装です。 ([#126503] (<https://github.com/kubernetes/kubernetes/pull/126503>))",
            126503,
            "#126503",
            None,
        ),
        ("📝 #128318のclient-go側の修正です", 128318, "#128318", None),
        (
            "計測結果は一つ前のPR(#126754)にのっています。",
            126754,
            "#126754",
            None,
        ),
        ("全角（＃１２８２６６）も", 128266, "＃１２８２６６", None),
    ];
    for (md, n, text, author) in table {
        let got = prs(md, None);
        assert_eq!(got.len(), 1, "{md}: {got:?}");
        assert_eq!(
            (got[0].0, got[0].1.as_str(), got[0].2.as_deref()),
            (*n, *text, *author),
            "{md}"
        );
    }
    let (_, r) = run("kubernetes/website#48000 を参照");
    assert_eq!(r.prs[0].pr.repo, "kubernetes/website");
    assert_eq!(r.prs[0].pr.number, 48000);
    assert_eq!(r.prs[0].pr.kind, crate::model::ids::ItemKind::Pull);
    // The word before says it is an issue.
    for md in [
        "Issue kubernetes/kubernetes#132401 で報告されています",
        "関連イシュー kubernetes/kubernetes#132401",
    ] {
        let (_, r) = run(md);
        assert_eq!(
            r.prs[0].pr,
            crate::model::ids::PullRequest::issue("kubernetes/kubernetes", 132401),
            "{md}"
        );
    }
}

#[test]
fn a_short_form_takes_the_kind_the_article_says_elsewhere() {
    use crate::model::ids::ItemKind;
    let kinds = |md: &str| -> Vec<(u32, ItemKind)> {
        let (_, r) = run(md);
        r.prs.iter().map(|m| (m.pr.number, m.pr.kind)).collect()
    };
    // The URL and the label say issue; the short forms of the same number follow.
    let md = "kubernetes/kubernetes#125367 が原因でした。\n\n詳しくは https://github.com/kubernetes/kubernetes/issues/125367 を参照。\n\n修正は kubernetes/kubernetes#125400 です。\n\nIssue #125367 です。\n\n#125401 で直りました。\n";
    assert_eq!(
        kinds(md),
        [
            (125367, ItemKind::Issue),
            (125367, ItemKind::Issue),
            (125400, ItemKind::Pull),
            (125367, ItemKind::Issue),
            (125401, ItemKind::Pull)
        ]
    );
    // Another repository's number is another item.
    let md = "kubernetes/kubernetes#1234 と https://github.com/kubernetes/website/issues/1234\n";
    assert_eq!(kinds(md), [(1234, ItemKind::Pull), (1234, ItemKind::Issue)]);
}

#[test]
fn an_enhancements_issue_in_short_form_is_the_kep() {
    // The enhancements repository's issues are the KEPs' tracking issues.
    let (_, r) = run("Enhancement: kubernetes/enhancements#4639");
    let got: Vec<u32> = r.keps.iter().map(|m| m.kep.0).collect();
    assert_eq!(got, [4639]);
    assert!(r.prs.is_empty(), "{:?}", r.prs);
    // Linked, the target says what it is: the issue is the KEP, once; a PR is the PR.
    let (_, r) = run(
        "([kubernetes/enhancements#3488](https://github.com/kubernetes/enhancements/issues/3488))",
    );
    let got: Vec<u32> = r.keps.iter().map(|m| m.kep.0).collect();
    assert_eq!(got, [3488]);
    assert!(r.prs.is_empty(), "{:?}", r.prs);
    let (_, r) =
        run("[kubernetes/enhancements#4012](https://github.com/kubernetes/enhancements/pull/4012)");
    assert!(r.keps.is_empty(), "{:?}", r.keps);
    let got: Vec<(String, u32)> = r
        .prs
        .iter()
        .map(|m| (m.pr.repo.clone(), m.pr.number))
        .collect();
    assert_eq!(got, [("kubernetes/enhancements".to_string(), 4012)]);
}

#[test]
fn a_number_a_quoted_commit_line_refers_to_is_a_pull_request_or_issue() {
    for (md, number, issue) in [
        (
            "コミットメッセージは `Merge pull request #121412 from gjkim42/fix` です。",
            121412,
            false,
        ),
        (
            "`cherry-pick of #127162` というタイトルの PR です。",
            127162,
            false,
        ),
        (
            "`kubelet: fix sidecar restart (#121412)` がそのコミットです。",
            121412,
            false,
        ),
        ("PR の本文には `Fixes #115934` とあります。", 115934, true),
    ] {
        let (_, r) = run(md);
        let got: Vec<(u32, bool)> = r.prs.iter().map(|m| (m.pr.number, m.kind_said)).collect();
        assert_eq!(got, [(number, issue)], "{md}");
    }
    // Code that is no commit line, and small numbers, stay code.
    for md in [
        "`#include <stdio.h>` はコード",
        "`kubectl get pods # 121412 件` はコード",
        "`Fixes #12` は小さな番号",
    ] {
        assert!(prs(md, None).is_empty(), "{md}");
    }
}

#[test]
fn pull_request_negatives() {
    for md in [
        "クラスターを壊す結果が生じる可能性があります。 (#1275b13)",
        "`#1282` はコード",
        "詳細については、https://kubernetes.io/docs/reference/using-api/deprecation-guide/#flowcontrol-resources-v132 を参照",
        "HTML の &#123; は参照ではない",
        "Kubernetes 1.29: SIG-Node (kubelet) 変更内容 #kubernetes",
        "C#1 は言語",
        "[#128266](https://example.com/x) の番号は、リンク先がPRでなければ何でもない",
    ] {
        assert!(prs(md, None).is_empty(), "{md}");
    }
}

#[test]
fn bare_hash_is_a_kep_or_a_pr_by_the_documented_rule() {
    // No hint: a pull request.
    assert_eq!(prs("#2395 の話", None)[0].0, 2395);
    // `refs = "kep"`: a KEP, written as a bare hash.
    assert_eq!(
        keps("#2395 の話", Some(RefHint::Kep)),
        [(2395, "#2395".to_string(), KepForm::Hash, None)]
    );
    // The CHANGELOG shape and five-digit numbers stay pull requests whatever the hint.
    assert_eq!(prs("(#9999, @pohly)", Some(RefHint::Kep))[0].0, 9999);
    assert_eq!(prs("(#128266)", Some(RefHint::Kep))[0].0, 128266);
}

#[test]
fn handles() {
    let (doc, r) = run("筆者(@y1r96)による補足。 (#118653, @pohly) [sig/node]");
    let got: Vec<&str> = r
        .handles
        .iter()
        .map(|h| at(&doc, h.block, &h.range))
        .collect();
    assert_eq!(got, ["@y1r96", "@pohly"]);
    assert_eq!(r.handles[1].handle.name(), "pohly");
    for md in [
        "user@example.com に連絡",
        "@ 記号で始まり",
        "`@pohly`",
        "**質問者: @k8s_beginner_taro**",
        "回答: @sre_hanako さん",
    ] {
        assert!(run(md).1.handles.is_empty(), "{md}");
    }
}

#[test]
fn a_speaker_opening_a_line_of_a_chat_log_is_no_github_handle() {
    for md in [
        "@kimura: 本当です。そのゲートは 1.33 で削除されています。",
        "> @ito： 1.34 で起動しないって本当？",
        "- @tanaka : 了解です",
        "ログより。\n@watanabe: 確認します",
    ] {
        assert!(run(md).1.handles.is_empty(), "{md}");
    }
    // Named in the text, or crediting a change, the same name is a handle.
    for md in [
        "レビューは @kimura さんが担当しました: 感謝です",
        "実装: @pohly",
        "@pohly が実装しました。",
    ] {
        let (doc, r) = run(md);
        let got: Vec<&str> = r
            .handles
            .iter()
            .map(|h| at(&doc, h.block, &h.range))
            .collect();
        assert_eq!(got.len(), 1, "{md}: {got:?}");
    }
}

#[test]
fn in_a_qiita_article_a_handle_is_a_qiita_user_and_a_pr_author_stays_on_github() {
    let md =
        "詳しくは @nakamura さんと @k8s_beginner_taro の記事、(#118653, @pohly)、user@example.com";
    let doc = crate::parse::blocks::parse(md, 1);
    let qiita = FrontMatter {
        qiita: true,
        ..front(None)
    };
    let r = extract(&doc, &qiita, &registry());
    let got: Vec<(&str, String)> = r
        .handles
        .iter()
        .map(|h| (at(&doc, h.block, &h.range), h.handle.url()))
        .collect();
    assert_eq!(
        got,
        [
            ("@nakamura", "https://qiita.com/nakamura".to_string()),
            (
                "@k8s_beginner_taro",
                "https://qiita.com/k8s_beginner_taro".to_string()
            ),
            ("@pohly", "https://github.com/pohly".to_string()),
        ]
    );
    // Elsewhere the same `@nakamura` is a GitHub login.
    assert_eq!(
        run(md).1.handles[0].handle.url(),
        "https://github.com/nakamura"
    );
}

#[test]
fn sigs() {
    let (doc, r) = run(
        "- 追加されました。 (#119026, @AxeZhan) [sig/node,sig/api-machinery]\n- Feature group: sig-apps\n- Kubernetes 1.29: SIG-Node (kubelet) と SIG-API Machinery の変更\n- SIG, KEPについてはこちら\n",
    );
    let got: Vec<(&str, &str, SigForm)> = r
        .sigs
        .iter()
        .map(|m| (m.sig.as_str(), at(&doc, m.block, &m.range), m.form))
        .collect();
    assert_eq!(
        got,
        [
            ("node", "sig/node", SigForm::Label),
            ("api-machinery", "sig/api-machinery", SigForm::Label),
            ("apps", "sig-apps", SigForm::FeatureGroup),
            ("node", "SIG-Node", SigForm::Prose),
            ("api-machinery", "SIG-API Machinery", SigForm::Prose),
        ]
    );
    let article: Vec<&str> = r.article_sigs.iter().map(SigName::as_str).collect();
    assert_eq!(article, ["api-machinery", "apps", "node"]);
}

#[test]
fn gate_forms_from_the_issue() {
    use GateEvidence::*;
    let table: &[(&str, &[(&str, &str, GateEvidence)])] = &[
        (
            "これをノードに対して設定するには、FeatureGate KubeletCrashLoopBackoffMax を有効にし",
            &[(
                "KubeletCrashLoopBackoffMax",
                "KubeletCrashLoopBackoffMax",
                Keyword,
            )],
        ),
        (
            "管理者アクセスを許可するには、1.32 から DRAAdminAccess FeatureGateの有効化が必要です。",
            &[("DRAAdminAccess", "DRAAdminAccess", Keyword)],
        ),
        (
            "UserNamespacesPodSecurityStandards フィーチャーゲートが追加されました。",
            &[(
                "UserNamespacesPodSecurityStandards",
                "UserNamespacesPodSecurityStandards",
                Keyword,
            )],
        ),
        (
            "GA したフィーチャーゲート CSIMigrationvSphere が削除されました。",
            &[("CSIMigrationvSphere", "CSIMigrationvSphere", Keyword)],
        ),
        (
            "オプション --feature-gates=AllowUnsafeMalformedObjectDeletion=true を設定",
            &[(
                "AllowUnsafeMalformedObjectDeletion",
                "AllowUnsafeMalformedObjectDeletion",
                Flag,
            )],
        ),
        (
            "--feature-gates=AllAlpha=true,KMSv2=false",
            &[("AllAlpha", "AllAlpha", Flag), ("KMSv2", "KMSv2", Flag)],
        ),
        (
            "client-goでは環境変数 `KUBE_FEATURE_WatchListClient=true` で有効にできます。",
            &[("WatchListClient", "WatchListClient", Flag)],
        ),
        (
            "KUBE_FEATURE_MyFeature=false KUBE_FEATURE_=true KUBE_FEATURE_WatchlistClient=true go run .",
            &[("WatchListClient", "WatchlistClient", Flag)],
        ),
        (
            "大きな変更です！FeatureGate名は PodLevelResources で、現在アルファ、デフォルト無効です。",
            &[("PodLevelResources", "PodLevelResources", Keyword)],
        ),
        (
            "これを有効にするには、Alpha ExternalServiceAccountTokenSigner FeatureGateを有効にした上で",
            &[(
                "ExternalServiceAccountTokenSigner",
                "ExternalServiceAccountTokenSigner",
                Keyword,
            )],
        ),
        (
            "GAしているFeatureGate HPAContainerMetrics が削除されました。",
            &[("HPAContainerMetrics", "HPAContainerMetrics", Keyword)],
        ),
        (
            "戦略を変更するためのFeatureGate, CoordinatedLeaderElection で利用するAPIです。",
            &[(
                "CoordinatedLeaderElection",
                "CoordinatedLeaderElection",
                Keyword,
            )],
        ),
        (
            "Feature Gate の ImageVolume が無効であっても",
            &[("ImageVolume", "ImageVolume", Keyword)],
        ),
        (
            "FeatureGate StrictCostEnforcementForVAP および StrictCostEnforcementForWebhooks が昇格されました。",
            &[
                (
                    "StrictCostEnforcementForVAP",
                    "StrictCostEnforcementForVAP",
                    Keyword,
                ),
                (
                    "StrictCostEnforcementForWebhooks",
                    "StrictCostEnforcementForWebhooks",
                    Keyword,
                ),
            ],
        ),
        (
            "KMSv2 および KMSv2KDF FeatureGateが削除されました。",
            &[
                ("KMSv2", "KMSv2", Keyword),
                ("KMSv2KDF", "KMSv2KDF", Keyword),
            ],
        ),
        (
            "client-go FeatureGate ClientsAllowCBOR と ClientsPreferCBOR を使用して",
            &[
                ("ClientsAllowCBOR", "ClientsAllowCBOR", Keyword),
                ("ClientsPreferCBOR", "ClientsPreferCBOR", Keyword),
            ],
        ),
        (
            "The FooBarBaz feature gate graduated to beta.",
            &[("FooBarBaz", "FooBarBaz", Keyword)],
        ),
        (
            "ＦｅａｔｕｒｅＧａｔｅ ＰｏｄＬｅｖｅｌＲｅｓｏｕｒｃｅｓ を有効に",
            &[(
                "PodLevelResources",
                "ＰｏｄＬｅｖｅｌＲｅｓｏｕｒｃｅｓ",
                Keyword,
            )],
        ),
        // Names the registry knows, without the keyword.
        (
            "一方、前回入らなかったWatchListはベータに昇格しました。",
            &[("WatchList", "WatchList", Registry)],
        ),
        (
            "⭐ Customresourcefieldselectors がGAに昇格し、デフォルトで有効になりました。",
            &[(
                "CustomResourceFieldSelectors",
                "Customresourcefieldselectors",
                Registry,
            )],
        ),
        (
            "ConsistentListFromCache, WatchList と、改善が進んでますね。",
            &[
                (
                    "ConsistentListFromCache",
                    "ConsistentListFromCache",
                    Registry,
                ),
                ("WatchList", "WatchList", Registry),
            ],
        ),
        (
            "ServerSideApply および X に関する GAしている FeatureGateが削除されました。",
            &[("ServerSideApply", "ServerSideApply", Registry)],
        ),
        (
            "SELinuxMount 機能が有効になっている場合に",
            &[("SELinuxMount", "SELinuxMount", Registry)],
        ),
    ];
    for (md, want) in table {
        let got = gates(md);
        let got: Vec<(&str, &str, GateEvidence)> = got
            .iter()
            .map(|g| (g.0.as_str(), g.1.as_str(), g.2))
            .collect();
        assert_eq!(&got, want, "{md}");
    }
}

#[test]
fn gate_negatives() {
    for md in [
        "Kubernetes 1.31 では、PodDisruptionBudget (PDB) 用の PodHealthyPolicy が導入されています。",
        "ResourceClaim.Status にドライバー用のフィールドが追加されました。",
        "ServiceCIDR は作成後は変更できません。",
        "Jobの ManagedBy フィールドがBeta版に昇格しました。",
        "kubeProxyVersion フィールドが設定されなくなります。 (#120954, @HirazawaUi) [sig/node]",
        "KMSv2 サービスによって送信されたリクエストが無効な authority ヘッダーのために拒否される問題が修正されました。",
        "Kubelet の設定に、ImageMaximumGCAge フィールドが追加されました。",
        "kubelet設定ファイル 内の CrashLoopBackOff.MaxContainerRestartPeriod フィールドを設定します。",
        "このフィールドとFeatureGateは、SELinux が有効なクラスターでのみ役立ちます。",
        "FeatureGateはv1.30で追加されましたが、その時はFeatureGateの追加のみで",
        "WatchList に対応する、クライアント側の機能です。",
        "The `InPlacePodVerticalScaling` API is now GA.",
        "`SidecarContainers` リソースがベータに昇格しました。",
        "```\nWatchList FeatureGate\n```\n",
    ] {
        assert!(gate_names(md).is_empty(), "{md}: {:?}", gates(md));
    }
}

#[test]
fn gate_stages_and_defaults() {
    use Stage::*;
    let table: &[(&str, Option<Stage>, Option<bool>)] = &[
        (
            "FeatureGate StatefulSetAutoDeletePVC がBeta版からGAに昇格しました。",
            Some(Stable),
            None,
        ),
        (
            "`InPlacePodVerticalScaling` feature gate is promoted to beta and enabled by default.",
            Some(Beta),
            Some(true),
        ),
        (
            "The `NodeSwap` feature gate is now generally available and on by default.",
            Some(Stable),
            Some(true),
        ),
        (
            "The `ImageVolume` feature gate moves to beta, disabled by default.",
            Some(Beta),
            Some(false),
        ),
        (
            "The `ImageVolume` feature gate is beta and not enabled by default.",
            Some(Beta),
            Some(false),
        ),
        (
            "`UserNamespacesSupport` フィーチャーゲートは GA にはならず、引き続きベータです。",
            Some(Beta),
            None,
        ),
        (
            "`SchedulerQueueingHints` フィーチャーゲートはまだ GA に昇格していません。",
            None,
            None,
        ),
        (
            "`CloudDualStackNodeIPs` フィーチャーゲートは1.32で削除され、使用できなくなりました。",
            Some(Removed),
            None,
        ),
        (
            "SidecarContainers フィーチャーゲートが beta に昇格して、デフォルトで有効になりました。",
            Some(Beta),
            Some(true),
        ),
        (
            "以前はAlphaだった DRAControlPlaneController FeatureGateは利用できなくなりました。",
            Some(Removed),
            None,
        ),
        (
            "GAしているFeatureGate HPAContainerMetrics が削除されました。",
            Some(Removed),
            None,
        ),
        (
            "ComponentSLIs フィーチャーゲートが、GAに昇格して、無条件で有効になりました。このフィーチャーゲートは v1.31 で削除されます。",
            Some(Stable),
            None,
        ),
        (
            "FeatureGate名は PodLevelResources で、現在アルファ、デフォルト無効です。",
            Some(Alpha),
            Some(false),
        ),
        (
            "BtreeWatchCache FeatureGateは今回初めて入りましたが、アルファではなくベータでデフォルト有効になっています。",
            Some(Beta),
            Some(true),
        ),
        (
            "使用するには、 MutatingAdmissionPolicy FeatureGateを有効にし、 admissionregistration.k8s.io/v1alpha1 API を有効にします。",
            Some(Alpha),
            None,
        ),
        (
            "FeatureGate FooBar は非推奨になりました。",
            Some(Deprecated),
            None,
        ),
        (
            "InPlacePodVerticalScalingは一時Beta昇格のPull-Requestがマージされていましたが、他の機能のテストに影響がでていたため見送られています。",
            None,
            None,
        ),
        (
            "(これは alpha であり、現在デフォルトで無効になっています) SELinuxChangePolicy FeatureGate",
            Some(Alpha),
            Some(false),
        ),
    ];
    for (md, stage, default_on) in table {
        let got = gates(md);
        assert_eq!(got.len(), 1, "{md}: {got:?}");
        assert_eq!((got[0].3, got[0].4), (*stage, *default_on), "{md}");
    }
}

/// (stage, its release, history) of each gate mention of `md` in a 1.32 article.
fn gate_histories(
    md: &str,
) -> Vec<(
    String,
    Option<Stage>,
    Option<Release>,
    Vec<(Release, Stage)>,
)> {
    let (_, r) = run(md);
    r.gates
        .iter()
        .map(|m| {
            (
                m.gate.0.clone(),
                m.stage,
                m.stage_release,
                m.history.iter().map(|d| (d.release, d.stage)).collect(),
            )
        })
        .collect()
}

#[test]
fn a_sentence_that_tells_a_gates_history_keeps_every_dated_stage() {
    use Stage::*;
    let h = |pairs: &[(&str, Stage)]| -> Vec<(Release, Stage)> {
        pairs.iter().map(|(r, s)| (rel(r), *s)).collect()
    };
    // Each expectation is read from the sentence: the stage for the article's release (1.32) or
    // the last one, and every other stage the sentence dates, oldest first.
    let table: &[(&str, Option<Stage>, Option<&str>, Vec<(Release, Stage)>)] = &[
        (
            "`SidecarContainers` フィーチャーゲートは 1.28 でアルファ、1.29 でベータ、1.33 で GA になります。",
            Some(Stable),
            Some("1.33"),
            h(&[("1.28", Alpha), ("1.29", Beta)]),
        ),
        (
            "`JobSuccessPolicy` フィーチャーゲートが v1.32 で GA になりました（v1.30 でアルファ、v1.31 でベータ）。",
            Some(Stable),
            Some("1.32"),
            h(&[("1.30", Alpha), ("1.31", Beta)]),
        ),
        (
            "`WatchList` フィーチャーゲートは 1.27 でアルファとして導入されましたが、1.30 でのベータ昇格は見送られ、1.32 でベータになりました。",
            Some(Beta),
            Some("1.32"),
            vec![],
        ),
        // In a 1.32 article, the beta of 1.33 is planned with the GA of 1.35; one of 1.31 is done.
        (
            "`InPlacePodVerticalScaling` フィーチャーゲートは 1.27 でアルファ、1.33 でベータ、1.35 で GA を目指しています。",
            Some(Alpha),
            Some("1.27"),
            vec![],
        ),
        (
            "`InPlacePodVerticalScaling` フィーチャーゲートは 1.27 でアルファ、1.31 でベータ、1.35 で GA を目指しています。",
            Some(Beta),
            Some("1.31"),
            h(&[("1.27", Alpha)]),
        ),
        // A default stated for the article's release: still beta there, now on by default.
        (
            "`NodeSwap` フィーチャーゲートは v1.22 でアルファ、v1.28 でベータに昇格、v1.32 でデフォルトで有効になりました。",
            Some(Beta),
            Some("1.32"),
            h(&[("1.22", Alpha), ("1.28", Beta)]),
        ),
        // Two subjects: each its own stage, no history from the other's words.
        (
            "`DRAAdminAccess` フィーチャーゲートは 1.31 でアルファ、`DRAPrioritizedList` フィーチャーゲートは 1.32 でベータです。",
            Some(Alpha),
            Some("1.31"),
            vec![],
        ),
    ];
    for (md, stage, release, history) in table {
        let got = gate_histories(md);
        assert_eq!(
            (got[0].1, got[0].2, &got[0].3),
            (*stage, release.map(rel), history),
            "{md}: {got:?}"
        );
    }
}

#[test]
fn a_heading_of_a_gate_over_a_table_of_releases_and_stages_tells_its_history() {
    use Stage::*;
    // Read from the tables: the row for the article's release (1.32) is the stage, the other
    // rows the history; a release the table does not list states no stage.
    let md = "## `WatchList`\n\n| バージョン | ステージ |\n|---|---|\n| v1.27 | アルファ |\n| v1.32 | ベータ |\n\n\
              ## KMSv2\n\n| リリース | 状態 | 備考 |\n|---|---|---|\n| 1.25 | alpha | 導入 |\n| 1.27 | beta | |\n| 1.29 | GA | |\n";
    assert_eq!(
        gate_histories(md),
        [
            (
                "WatchList".to_string(),
                Some(Beta),
                Some(rel("1.32")),
                vec![(rel("1.27"), Alpha)]
            ),
            (
                "KMSv2".to_string(),
                None,
                None,
                vec![
                    (rel("1.25"), Alpha),
                    (rel("1.27"), Beta),
                    (rel("1.29"), Stable)
                ]
            ),
        ]
    );
    // A planned row is left out; the rest still tell the story.
    let md = "## `WatchList`\n\n| バージョン | ステージ |\n|---|---|\n| v1.32 | Alpha |\n| v1.34 | Beta（予定） |\n";
    assert_eq!(
        gate_histories(md),
        [(
            "WatchList".to_string(),
            Some(Alpha),
            Some(rel("1.32")),
            vec![]
        )]
    );
    // Of two rows for one release the first is kept.
    let md = "## `WatchList`\n\n| リリース | ステージ |\n|---|---|\n| v1.27 | ベータ |\n| v1.27 | アルファ |\n| v1.32 | GA |\n";
    assert_eq!(gate_histories(md)[0].3, vec![(rel("1.27"), Beta)]);
    // A heading of two names is no one gate's: neither takes the table's history.
    let md = "## `WatchList` と `KMSv2`\n\n| リリース | ステージ |\n|---|---|\n| v1.27 | アルファ |\n| v1.32 | ベータ |\n";
    assert!(
        gate_histories(md)
            .iter()
            .all(|g| g.3.is_empty() && g.1.is_none()),
        "{:?}",
        gate_histories(md)
    );
    // A table of other values, or one with a column of names, is no history of the heading's.
    for md in [
        "## `WatchList`\n\n| 項目 | 値 |\n|---|---|\n| 1.27 | 10 |\n| 1.32 | 20 |\n",
        "## `WatchList`\n\n| ゲート名 | リリース | ステージ |\n|---|---|---|\n| `KMSv2` | 1.27 | ベータ |\n| `SELinuxMount` | 1.30 | アルファ |\n",
    ] {
        assert!(
            gate_histories(md)
                .iter()
                .all(|g| g.0 != "WatchList" || g.3.is_empty()),
            "{md}: {:?}",
            gate_histories(md)
        );
    }
}

#[test]
fn a_name_before_gate_de_that_switches_something_is_a_gate() {
    assert_eq!(
        gate_names("クライアント側は `WatchListClient` ゲートで、サーバー側は別です。"),
        ["WatchListClient"]
    );
    assert_eq!(
        gate_names("この挙動は `FooBar` ゲートで制御されています。"),
        ["FooBar"]
    );
    // A scheduler's gate where Pods wait is no feature gate.
    assert!(gate_names("すべてのPodは`WaitOnPermit`ゲートで待機します。").is_empty());
}

#[test]
fn what_will_happen_is_not_what_the_release_did() {
    use Stage::*;
    let table: &[(&str, Option<Stage>)] = &[
        (
            "The `FooBar` feature gate has been deprecated and will be removed in v1.35.",
            Some(Deprecated),
        ),
        (
            "The `FooBar` feature gate will graduate to GA in v1.33.",
            None,
        ),
        (
            "The `FooBar` feature gate will be promoted to beta, and is alpha in v1.32.",
            Some(Alpha),
        ),
        (
            "`FooBar` フィーチャーゲートも削除されています。",
            Some(Removed),
        ),
    ];
    for (md, stage) in table {
        let got = gate_histories(md);
        assert_eq!(got[0].1, *stage, "{md}: {got:?}");
    }
}

#[test]
fn deprecating_a_way_of_setting_is_not_the_gates_deprecation() {
    let got = gate_histories(
        "`InPlacePodVerticalScaling` フィーチャーゲートは 1.33 でベータになる予定で、`--feature-gates` での設定は非推奨です。",
    );
    assert_eq!(got[0].1, None, "{got:?}");
    // The gate itself deprecated in a later clause still is.
    let got = gate_histories(
        "`FooBar` フィーチャーゲートは 1.30 で導入されましたが、このゲートは非推奨になりました。",
    );
    assert_eq!(got[0].1, Some(Stage::Deprecated), "{got:?}");
}

#[test]
fn a_cleft_sentence_answers_the_release_of_the_stage() {
    for (md, stage, release) in [
        (
            "`SidecarContainers` がベータになったのは 1.29 です。",
            Stage::Beta,
            "1.29",
        ),
        (
            "`SidecarContainers` が GA に昇格したのは v1.29 でした。",
            Stage::Stable,
            "1.29",
        ),
        (
            "`SidecarContainers` が削除されたのは 1.31。",
            Stage::Removed,
            "1.31",
        ),
    ] {
        let g = &gate_facts(md)[0];
        assert_eq!((g.1, g.2), (Some(stage), Some(rel(release))), "{md}");
    }
    // What comes is a plan, not a release reached.
    let g = &gate_facts("`SidecarContainers` が GA になるのは 1.34 です。")[0];
    assert_ne!(g.2, Some(rel("1.34")));
}

#[test]
fn a_question_of_a_stage_takes_none_from_its_section() {
    let md = "## ノードのスワップ\n\n`NodeSwap` は 1.32 でもベータ。\n\n`NodeSwap` って GA になったんですか？\n";
    let stages: Vec<_> = gate_facts(md).into_iter().map(|g| g.1).collect();
    assert_eq!(stages, [Some(Stage::Beta), None]);
}

#[test]
fn taking_a_setting_out_of_a_configuration_is_not_the_gates_removal() {
    for md in [
        "- [x] 開発環境の `SidecarContainers=true` を削除済み",
        "`SidecarContainers` の設定を削除しました。",
    ] {
        assert_eq!(gate_facts(md)[0].1, None, "{md}");
    }
    // The gate removed is.
    for md in [
        "`SidecarContainers` フィーチャーゲートを削除しました。",
        "`SidecarContainers` は v1.32 で削除されました。",
    ] {
        assert_eq!(gate_facts(md)[0].1, Some(Stage::Removed), "{md}");
    }
}

#[test]
fn stage_falls_back_to_the_block_when_the_sentence_is_silent() {
    // RetryGenerateName: the flag's sentence only says it will be removed later.
    let got = gates(
        "RetryGenerateName をGAに昇格させました。このはデフォルトで有効です。kube-apiserver バイナリでは --feature-gates=RetryGenerateName=true は不要で、今後のリリースで削除されます。",
    );
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got.iter().all(|g| g.3 == Some(Stage::Stable)), "{got:?}");
    // KEP-3157's sentence is silent; its note block says WatchList went beta.
    let (_, r) = run(
        "ついに WatchList がベータに昇格しました。設計の詳細は KEP-3157: allow informers を参照してください。",
    );
    assert_eq!(r.keps[0].stage, Some(Stage::Beta));
    // A block that names two stages lends neither.
    let (_, r) = run("アルファからベータへ。詳細は KEP-1: x を参照。");
    assert_eq!(r.keps[0].stage, None);
}

#[test]
fn a_stage_another_sentence_states_for_another_entity_is_not_lent() {
    // SELinuxMount is deprecated, not InPlacePodVerticalScaling; KEP-1, not KEP-3962, went beta.
    let got = gates(
        "`InPlacePodVerticalScaling`フィーチャーゲートについて説明します。`SELinuxMount`フィーチャーゲートは非推奨になりました。",
    );
    let stages: Vec<_> = got.iter().map(|g| (g.0.as_str(), g.3)).collect();
    assert_eq!(
        stages,
        [
            ("InPlacePodVerticalScaling", None),
            ("SELinuxMount", Some(Stage::Deprecated))
        ]
    );
    let (_, r) = run("KEP-3962 の概要です。KEP-1 はベータに昇格しました。");
    let stages: Vec<_> = r.keps.iter().map(|m| (m.kep.0, m.stage)).collect();
    assert_eq!(stages, [(3962, None), (1, Some(Stage::Beta))]);
    // A sentence stating it for nobody else still lends it.
    let (_, r) = run("KEP-3962 の概要です。KEP-1 はベータに昇格しました。この機能もベータです。");
    assert_eq!(r.keps[0].stage, Some(Stage::Beta));
    // The gate a KEP introduced (the registry ties WatchList to KEP-3157) is the same change.
    let (_, r) = run("KEP-3157 の話です。WatchList がベータに昇格しました。");
    assert_eq!(r.keps[0].stage, Some(Stage::Beta));
    // `…も` says the same of the mention.
    let (_, r) = run("KEP-1 はベータに昇格しました。KEP-3962 と KEP-24 もです。");
    let stages: Vec<_> = r.keps.iter().map(|m| (m.kep.0, m.stage)).collect();
    assert_eq!(
        stages,
        [
            (1, Some(Stage::Beta)),
            (3962, Some(Stage::Beta)),
            (24, Some(Stage::Beta))
        ]
    );
    let (_, r) = run("KEP-1 はベータに昇格しました。KEP-3962 の概要もご覧ください。");
    assert_eq!(r.keps[1].stage, None);
    // Without the block's stage the mention keeps its section's.
    let (_, r) =
        run("## ベータに昇格した機能\n\nKEP-3962 の概要です。KEP-1 は非推奨になりました。");
    let stages: Vec<_> = r.keps.iter().map(|m| (m.kep.0, m.stage)).collect();
    assert_eq!(
        stages,
        [(3962, Some(Stage::Beta)), (1, Some(Stage::Deprecated))]
    );
}

#[test]
fn every_range_lies_inside_one_plain_range() {
    let md = "- ＦｅａｔｕｒｅＧａｔｅ ＰｏｄＬｅｖｅｌＲｅｓｏｕｒｃｅｓ と `code` と （＃１２８２６６）、ＫＥＰ－３１５７ @pohly [sig/node]\n";
    let (doc, r) = run(md);
    let mut ranges: Vec<(usize, Range<usize>)> = Vec::new();
    ranges.extend(r.keps.iter().map(|m| (m.block, m.range.clone())));
    ranges.extend(r.prs.iter().map(|m| (m.block, m.range.clone())));
    ranges.extend(r.gates.iter().map(|m| (m.block, m.range.clone())));
    ranges.extend(r.sigs.iter().map(|m| (m.block, m.range.clone())));
    ranges.extend(r.handles.iter().map(|m| (m.block, m.range.clone())));
    assert_eq!(ranges.len(), 5);
    for (b, range) in ranges {
        let block = &doc.blocks[b];
        assert!(
            block
                .plain
                .iter()
                .any(|p| p.start <= range.start && range.end <= p.end),
            "{range:?} in {:?}",
            block.text
        );
    }
}

#[test]
fn sentences_are_quoted_from_the_original_text() {
    let (doc, r) = run(
        "前置き。FeatureGate名は ＰｏｄＬｅｖｅｌＲｅｓｏｕｒｃｅｓ で、現在アルファです。後書き。",
    );
    let m = &r.gates[0];
    assert_eq!(
        at(&doc, m.block, &m.sentence),
        "FeatureGate名は ＰｏｄＬｅｖｅｌＲｅｓｏｕｒｃｅｓ で、現在アルファです。"
    );
}

#[test]
fn disagreements_with_the_registry_are_warnings_with_both_facts() {
    let md = "### #3962 ミューテーティング\n\n- Stage: Net New to Alpha\n\n- 前回入らなかったWatchListはベータに昇格しました。\n- WatchList はデフォルトで有効です。\n- GAしているFeatureGate HPAContainerMetrics が削除されました。\n";
    let doc = crate::parse::blocks::parse(md, 10);
    let mut f = front(Some(RefHint::Kep));
    f.release = Some(rel("1.31"));
    let reg = registry();
    let refs = extract(&doc, &f, &reg);
    let d = check_stage_disagreements(Path::new("content/a.md"), &doc, &f, &refs, &reg);
    let msgs: Vec<String> = d
        .iter()
        .map(|d| format!("{}: {}", d.line.unwrap(), d.message))
        .collect();
    assert_eq!(
        msgs,
        [
            "10: the article says `KEP-3962` is `alpha` in 1.31, but glossary/keps.toml records no stage for it by 1.31 (`alpha` from 1.32)",
            "14: the article says feature gate `WatchList` is `beta` in 1.31, but glossary/feature-gates.toml has it at `alpha` in 1.31 (`beta` from 1.32)",
            "15: the article says feature gate `WatchList` is on by default in 1.31, but glossary/feature-gates.toml has it off by default",
            "16: the article says feature gate `HPAContainerMetrics` is `removed` in 1.31, but glossary/feature-gates.toml has it at `stable` in 1.31 (`removed` from 1.32)",
        ]
    );
}

#[test]
fn unknown_keps_and_gates_are_reported_once() {
    let md = "KEP-9999 と KEP-9999、FeatureGate NoSuchGate と FeatureGate NoSuchGate\n";
    let doc = crate::parse::blocks::parse(md, 1);
    let f = front(None);
    let reg = registry();
    let refs = extract(&doc, &f, &reg);
    let d = check_unknown_refs(Path::new("content/a.md"), &doc, &f, &refs, &reg);
    let msgs: Vec<&str> = d.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        msgs,
        [
            "`KEP-9999` is not in glossary/keps.toml",
            "feature gate `NoSuchGate` is not in glossary/feature-gates.toml"
        ]
    );
    assert!(d[0].help.as_deref().unwrap().contains("number = 9999"));
    // The article's release is where the new gate starts.
    assert!(
        d[1].help.as_deref().unwrap().contains("from = \"1.32\""),
        "{:?}",
        d[1].help
    );
    // A misspelled gate: the known one it means.
    let md = "FeatureGate WatchLists を有効にします\n";
    let doc = crate::parse::blocks::parse(md, 1);
    let refs = extract(&doc, &f, &reg);
    let d = check_unknown_refs(Path::new("content/a.md"), &doc, &f, &refs, &reg);
    assert!(
        d[0].help
            .as_deref()
            .unwrap()
            .starts_with("did you mean `WatchList`?"),
        "{:?}",
        d[0].help
    );
}

#[test]
fn heading_number_may_run_into_the_title() {
    let (_, r) = run("### #3715Elastic Indexed ジョブ\n\n- Stage: Graduating to Stable\n");
    assert_eq!(r.keps.len(), 1);
    assert_eq!(r.keps[0].kep.0, 3715);
    assert_eq!(r.keps[0].title.as_deref(), Some("Elastic Indexed ジョブ"));
    // ... but a commit hash in a heading is still no reference.
    assert!(run("### #1275b13 の修正\n").1.keps.is_empty());
}

#[test]
fn postponement_cancels_only_what_precedes_it() {
    let g = gates(
        "v1.27で追加され、前回のv1.31では一旦リバートされていましたが、ついに WatchList がベータに昇格しました。",
    );
    assert_eq!(g[0].3, Some(Stage::Beta));
    let g = gates(
        "InPlacePodVerticalScalingは一時Beta昇格のPull-Requestがマージされていましたが、見送られています。",
    );
    assert_eq!(g[0].3, None);
}

#[test]
fn bracketed_question_mark_does_not_end_the_sentence() {
    let (doc, r) = run(
        "また、待望の(?)MutatingAdmissionPolicyの実装や、PodLevelResourcesという大きな変更もそれぞれアルファで入っています。",
    );
    let m = &r.gates[0];
    assert!(at(&doc, m.block, &m.sentence).starts_with("また、待望の(?)"));
}

// ---------------------------------------------------------------------------------------------
// Real articles write references as links and code spans (issue 8): every form, each negative.

/// The registry above plus gates real release articles name.
fn real_registry() -> Registry {
    let base = registry();
    let mut gates: Vec<GateEntry> = base.gates().cloned().collect();
    for name in [
        "ValidatingAdmissionPolicy",
        "NewVolumeManagerReconstruction",
        "SELinuxMountReadWriteOncePod",
        "CRDValidationRatcheting",
        "AppArmor",
        "VolumeAttributesClass",
        "PodDisruptionBudget",
        "SchedulerQueueingHints",
        "NodeSwap",
        "SidecarContainers",
        "ReadWriteOncePod",
        "SecurityContextDeny",
        "JobPodFailurePolicy",
        "JobSuccessPolicy",
        "JobBackoffLimitPerIndex",
        "AppArmorFields",
        "JobPodReplacementPolicy",
        "StorageNamespaceIndex",
        "NFTablesProxyMode",
        "MultiCIDRServiceAllocator",
        "KubeletPodResourcesDynamicResources",
        "NodeOutOfServiceVolumeDetach",
        "WaitOnPermit",
    ] {
        gates.push(gate(name, &[(Stage::Alpha, "1.20", Some(false))]));
    }
    Registry::from_entries(base.keps().cloned().collect(), gates)
}

fn real(md: &str) -> (Doc, Mentions) {
    let doc = crate::parse::blocks::parse(md, 1);
    let r = extract(&doc, &front(None), &real_registry());
    (doc, r)
}

#[test]
fn kep_forms_of_real_articles() {
    let table: &[(&str, &[u32])] = &[
        ("[KEP-4381](https://kep.k8s.io/4381)", &[4381]),
        ("MAP こと kep/3962 が beta になりました。", &[3962]),
        (
            "[KEP-4191](https://github.com/kubernetes/enhancements/issues/4191)",
            &[4191],
        ),
        (
            "[KEP-2395](https://github.com/kubernetes/enhancements/blob/master/keps/sig-cloud-provider/2395-removing-in-tree-cloud-providers/README.md)",
            &[2395],
        ),
        (
            "[詳細](https://github.com/kubernetes/enhancements/tree/master/keps/sig-network/0752-endpointslices)",
            &[752],
        ),
        ("[構造化パラメーター](https://kep.k8s.io/4381)", &[4381]),
        ("[KEP \\#4818](https://kep.k8s.io/4818)", &[4818]),
        ("[#5007](https://kep.k8s.io/issues/5007)", &[5007]),
        ("<https://kep.k8s.io/24>", &[24]),
        ("詳細は https://kep.k8s.io/1287 を参照", &[1287]),
        ("KEP 1234 の一部です", &[1234]),
        (
            "KEP-1287, 2400, 753 がまとめて進みました",
            &[1287, 2400, 753],
        ),
        ("KEP-1287、2400、753の三つ", &[1287, 2400, 753]),
        ("KEP 4639と4815が対象", &[4639, 4815]),
        ("KEPs 1287/2400 を参照", &[1287, 2400]),
        ("KEP-3157 and 4222 landed", &[3157, 4222]),
        ("KEP issue 4639 で追跡", &[4639]),
        ("KEP番号: 4639 を参照", &[4639]),
        ("KEP番号4639", &[4639]),
        ("enhancements#127 を参照", &[127]),
        ("k/enhancements#5055 を参照", &[5055]),
        ("停止シグナルの KEP（#4960）で提案", &[4960]),
        ("KEP (#4960)", &[4960]),
        ("KEP issue #4639 で追跡", &[4639]),
        ("Enhancement issue #4639 を参照", &[4639]),
        ("KEP #1234 の一部です", &[1234]),
        ("(KEP: 1287) の変更", &[1287]),
        ("ＫＥＰ　＃１２３４ の一部です", &[1234]),
        ("`KEP-3157` はコードでも記述", &[3157]),
        (
            "[KEP-3157: allow informers for getting a stream of data](https://kep.k8s.io/3157)",
            &[3157],
        ),
        ("[a](https://kep.k8s.io/3157/)", &[3157]),
        (
            "[Issue](https://github.com/kubernetes/enhancements/issues/4222/)",
            &[4222],
        ),
        (
            "[kep.yaml](https://github.com/kubernetes/enhancements/blob/master/keps/sig-node/753-sidecar-containers/kep.yaml)",
            &[753],
        ),
        (
            "[i](https://www.github.com/kubernetes/enhancements/issues/753)",
            &[753],
        ),
        ("[e](http://kep.k8s.io/3157)", &[3157]),
        // Written out in prose without a scheme, as the short links are spoken.
        ("詳細は kep.k8s.io/3157 を参照", &[3157]),
        ("詳細はkep.k8s.io/3157/を参照", &[3157]),
        (
            "Issue(github.com/kubernetes/enhancements/issues/753)で議論",
            &[753],
        ),
        (
            "www.github.com/kubernetes/enhancements/issues/4222 を参照",
            &[4222],
        ),
    ];
    for (md, want) in table {
        let (_, r) = real(md);
        let got: Vec<u32> = r.keps.iter().map(|m| m.kep.0).collect();
        assert_eq!(&got, want, "{md}");
    }
    // The link text is the title a KEP page shows beside the registry's.
    let (_, r) = real("[動的なリソース割り当ての構造化パラメーター](https://kep.k8s.io/4381)");
    assert_eq!(
        r.keps[0].title.as_deref(),
        Some("動的なリソース割り当ての構造化パラメーター")
    );
    let (_, r) =
        real("[KEP-3157: allow informers for getting a stream of data](https://kep.k8s.io/3157)");
    assert_eq!(
        r.keps[0].title.as_deref(),
        Some("allow informers for getting a stream of data")
    );
    // A heading names the KEP it ends with in parentheses.
    let (_, r) = real(
        "### 動的なリソース割り当てのための構造化パラメーター ([KEP-4381](https://kep.k8s.io/4381))",
    );
    assert_eq!(
        r.keps[0].title.as_deref(),
        Some("動的なリソース割り当てのための構造化パラメーター")
    );
    let (_, r) = real("### 構造化パラメーター (KEP-4381)");
    assert_eq!(r.keps[0].title.as_deref(), Some("構造化パラメーター"));
}

#[test]
fn kep_negatives_of_real_articles() {
    for md in [
        "[KEPの更新](https://github.com/kubernetes/enhancements/pull/4012)",
        "[KEPの一覧](https://github.com/kubernetes/enhancements/blob/master/keps/README.md)",
        "```\n[KEP-1234](https://kep.k8s.io/1234)\n```\n",
        "[ブログ](https://kubernetes.io/blog/2024/#kep-1234)",
        // How many KEPs, not which.
        "3つのKEPと、KEP 3つ、KEP2つ。v1.31のKEP 12件。",
        "このリリースにはKEP 5本とKEP 10件以上が含まれます",
        "ＫＥＰ　３つ",
    ] {
        let (_, r) = real(md);
        assert!(r.keps.is_empty(), "{md}: {:?}", r.keps);
    }
    // What follows a KEP and is not a KEP number: a count, a year, a release, code.
    for (md, only) in [
        ("KEP-1287、2つ目はスケジューラーの変更です", 1287),
        ("KEP-4639, 2024年に提案", 4639),
        ("KEP-1287, 1.30でベータ", 1287),
        ("KEP-1287と`2400`", 1287),
        ("KEP-1287, 12345", 1287),
        ("KEP-753、2019 年に提出。", 753),
        ("KEP-753 と 2019 年からの議論", 753),
        ("KEP-1287 と 3 つの関連 KEP。", 1287),
        ("KEP-1287, 2 years in the making.", 1287),
        ("KEP-753 と 4000 行の PR", 753),
    ] {
        let (_, r) = real(md);
        let got: Vec<u32> = r.keps.iter().map(|m| m.kep.0).collect();
        assert_eq!(got, [only], "{md}");
    }
    // A unit's character that begins a word does not make the number a quantity.
    for md in [
        "KEP-4639 と 4815 名前",
        "KEP-1287 と 2400 日本語訳",
        "KEP-4639 と 4815 回避策",
    ] {
        let (_, r) = real(md);
        let got: Vec<u32> = r.keps.iter().map(|m| m.kep.0).collect();
        assert_eq!(got.len(), 2, "{md}: {got:?}");
    }
    // A number a KEP list takes is that KEP alone, never a pull request as well.
    for md in [
        "KEP #3998 と #3850",
        "KEP-3998, #3850",
        "KEPs #3998 and #3850",
    ] {
        let (_, r) = real(md);
        let got: Vec<u32> = r.keps.iter().map(|m| m.kep.0).collect();
        assert_eq!(got, [3998, 3850], "{md}");
        assert!(r.prs.is_empty(), "{md}: {:?}", r.prs);
    }
}

#[test]
fn pull_request_and_issue_forms_of_real_articles() {
    let pull = |repo: &str, n: u32| PullRequest::pull(repo, n);
    let issue = |repo: &str, n: u32| PullRequest::issue(repo, n);
    let k = "kubernetes/kubernetes";
    let table: Vec<(&str, Vec<PullRequest>)> = vec![
        (
            "- 修正しました。 ([#12345](https://github.com/kubernetes/kubernetes/pull/12345), [@user](https://github.com/user)) [SIG Node]",
            vec![pull(k, 12345)],
        ),
        (
            "kubernetes/website#12345 で翻訳",
            vec![pull("kubernetes/website", 12345)],
        ),
        (
            "kubernetes-sigs/kueue#77 を参照",
            vec![pull("kubernetes-sigs/kueue", 77)],
        ),
        (
            "[PR](https://github.com/kubernetes-sigs/cluster-api/pull/9)",
            vec![pull("kubernetes-sigs/cluster-api", 9)],
        ),
        (
            "[このPRで修正されました](https://github.com/kubernetes/kubernetes/pull/127566)",
            vec![pull(k, 127566)],
        ),
        (
            "[KEPの更新](https://github.com/kubernetes/enhancements/pull/4012)",
            vec![pull("kubernetes/enhancements", 4012)],
        ),
        (
            "[CVE-2020-8554](https://github.com/kubernetes/kubernetes/issues/97076)",
            vec![issue(k, 97076)],
        ),
        (
            "https://github.com/kubernetes/kubernetes/pull/128266 を参照",
            vec![pull(k, 128266)],
        ),
        ("Issue #125689 で報告された問題", vec![issue(k, 125689)]),
        ("PR#125100 で修正", vec![pull(k, 125100)]),
        ("Issue#125689 で報告", vec![issue(k, 125689)]),
        ("pr.k8s.io/456 で修正", vec![pull(k, 456)]),
        ("PR 125103 で修正されました", vec![pull(k, 125103)]),
        ("PR番号 125102 を参照", vec![pull(k, 125102)]),
        ("PR番号：１２５１０２ を参照", vec![pull(k, 125102)]),
        ("プルリクエスト 128266 で追加", vec![pull(k, 128266)]),
        ("pull request 12345 added it", vec![pull(k, 12345)]),
        ("Issue 123456 で報告", vec![issue(k, 123456)]),
        ("イシュー 98765 として", vec![issue(k, 98765)]),
        (
            "kubernetes/website PR 4567 で翻訳",
            vec![pull("kubernetes/website", 4567)],
        ),
        ("kubernetes/kubernetes PR 125103", vec![pull(k, 125103)]),
        // How many, not which; a path; a version.
        ("PR 100件以上がマージされました", vec![]),
        ("Issue 12個", vec![]),
        ("PR 1.30で", vec![]),
        ("PR 12345abc", vec![]),
        ("k/k#130900 で修正", vec![pull(k, 130900)]),
        (
            "k/website#4567 で翻訳",
            vec![pull("kubernetes/website", 4567)],
        ),
        (
            "k-sigs/kueue#77 を参照",
            vec![pull("kubernetes-sigs/kueue", 77)],
        ),
        ("(issue.k8s.io/789)を参照", vec![issue(k, 789)]),
        (
            "github.com/kubernetes/kubernetes/pull/120000/files を参照",
            vec![pull(k, 120000)],
        ),
        // Another project's, named before the label.
        (
            "containerd の PR #10254 と kind の issue #3875、Helm PR 12345",
            vec![
                pull("containerd/containerd", 10254),
                issue("kubernetes-sigs/kind", 3875),
                pull("helm/helm", 12345),
            ],
        ),
        // Another organization's repository, named before `の PR` (not a source path or a pair).
        (
            "社内リポジトリ platform/batch-scheduler の PR #4820 と、Helm チャート（platform/helm-charts の PR #1190）",
            vec![
                pull("platform/batch-scheduler", 4820),
                pull("platform/helm-charts", 1190),
            ],
        ),
        // A project's organization makes its plain owner/name a repository.
        (
            "rancher/rke2 の issue #6421 で議論されていました（修正は rancher/rke2 の PR #6502）",
            vec![issue("rancher/rke2", 6421), pull("rancher/rke2", 6502)],
        ),
        (
            "pkg/kubelet の PR #128267 と IPv4/IPv6 の PR #128268",
            vec![pull(k, 128267), pull(k, 128268)],
        ),
        // Two plain words are a pair or a path; placeholders are no repository.
        (
            "amd64/arm64 の PR #128269、kubelet/cm の PR #128270、keps/sig-node の PR #128271",
            vec![pull(k, 128269), pull(k, 128270), pull(k, 128271)],
        ),
        (
            "user/repo の issue #3 と your-name/your-repo の PR #1",
            vec![],
        ),
        // A number alone in its sentence follows the repository its block named last, unless
        // the text between says Kubernetes' own.
        (
            "- argoproj/argo-cd#23855 は revert されました。#23910 で直っています。",
            vec![
                pull("argoproj/argo-cd", 23855),
                pull("argoproj/argo-cd", 23910),
            ],
        ),
        (
            "kubernetes-sigs/kueue#3012 がマージされました。本体の #12345 も見てください。",
            vec![pull("kubernetes-sigs/kueue", 3012), pull(k, 12345)],
        ),
        // The number's own sentence names its project.
        (
            "argoproj/argo-cd#23855 は revert されました。Helm 側でも #13000 で直っています。",
            vec![pull("argoproj/argo-cd", 23855), pull("helm/helm", 13000)],
        ),
        (
            "argoproj/argo-cd#23855 は revert されました。k/k 側は #98765、SIG Node の #98766 です。",
            vec![
                pull("argoproj/argo-cd", 23855),
                pull(k, 98765),
                pull(k, 98766),
            ],
        ),
        (
            "kubernetes/website の #50000 と website リポジトリの PR #50001",
            vec![
                pull("kubernetes/website", 50000),
                pull("kubernetes/website", 50001),
            ],
        ),
        (
            "Docker の issue #45678、GitHub Discussions #1234、社内チケット #4521、第 #1024 回、ADR #1042",
            vec![],
        ),
        (
            "手順は社内 Wiki #1234 にまとめました。Confluence #2345、社内ウィキ #3456 も参照。",
            vec![],
        ),
        // A list takes the repository and label its first number has.
        (
            "helm の PR #13001 と #13002、Docker の issue #45678, #45679",
            vec![pull("helm/helm", 13001), pull("helm/helm", 13002)],
        ),
        (
            "containerd の Issue #11001 や #11002 / #11003",
            vec![
                issue("containerd/containerd", 11001),
                issue("containerd/containerd", 11002),
                issue("containerd/containerd", 11003),
            ],
        ),
        (
            "Redmine #8888、Terraform の issue #30000、Backlog #1234",
            vec![issue("hashicorp/terraform", 30000)],
        ),
        // A tool of its own: a hyphenated name (in a code span too), a provider, a merge request;
        // Kubernetes' own components and SIGs keep kubernetes/kubernetes.
        (
            "`kubectl-neat` の issue #12345、kubectl-ai の PR #23456、Terraform provider の issue #23457、社内 GitLab の MR #12346",
            vec![],
        ),
        (
            "Dex の PR #3918、SPIRE の issue #5910、krew の issue #12347、kube-state-metrics の PR #2567",
            vec![
                pull("dexidp/dex", 3918),
                issue("spiffe/spire", 5910),
                issue("kubernetes-sigs/krew", 12347),
                pull("kubernetes/kube-state-metrics", 2567),
            ],
        ),
        (
            "kube-apiserver の PR #123456、sig-node の PR #123457",
            vec![pull(k, 123456), pull(k, 123457)],
        ),
        // A project as the topic of a Kubernetes PR (a dependency bump) is not its repository.
        (
            "Go は #129688 で 1.24 に、etcd も PR #128000 で 3.5.16 に更新されました。",
            vec![pull(k, 129688), pull(k, 128000)],
        ),
        // Projects of two words, and projects an article does not link.
        (
            "Argo CD の issue #21000、Gateway API の PR #3500、Knative の PR #15000",
            vec![
                issue("argoproj/argo-cd", 21000),
                pull("kubernetes-sigs/gateway-api", 3500),
            ],
        ),
        // Kubernetes' own, named or not.
        (
            "Kubernetes の PR #128266 と kubelet の PR #128300、SIG Node の issue #128301",
            vec![pull(k, 128266), pull(k, 128300), issue(k, 128301)],
        ),
        ("kubernetes/kubernetes の #128266", vec![pull(k, 128266)]),
        // A path or a pair before it names no repository.
        (
            "pkg/kubelet の PR #128266 と IPv4/IPv6 の PR #128267",
            vec![pull(k, 128266), pull(k, 128267)],
        ),
    ];
    for (md, want) in table {
        let (_, r) = real(md);
        let got: Vec<PullRequest> = r.prs.iter().map(|m| m.pr.clone()).collect();
        assert_eq!(got, want, "{md}");
    }
    // A PR written out in prose without a scheme becomes a link to it; a bare URL is a link
    // already (an autolink, as on GitHub), and one in the author's link stays theirs.
    let (_, r) = real("https://github.com/kubernetes/kubernetes/pull/128266 を参照");
    assert!(matches!(r.prs[0].place, Place::Span(_)));
    let (_, r) = real("pr.k8s.io/456 を参照");
    assert_eq!(r.prs[0].place, Place::Prose);
    // A KEP URL in prose keeps its text and gets a chip, with or without a scheme.
    let (_, r) = real("kep.k8s.io/3157 を参照");
    assert_eq!(r.keps[0].place, Place::Url);
    let (_, r) = real("[#128266](https://github.com/kubernetes/kubernetes/pull/128266)");
    assert!(matches!(r.prs[0].place, Place::Span(_)));
}

fn real_gates(md: &str) -> Vec<String> {
    let (_, r) = real(md);
    r.gate_names().into_iter().map(str::to_string).collect()
}

#[test]
fn gate_forms_of_real_articles() {
    let table: &[(&str, &[&str])] = &[
        (
            "`KubeletEnsureSecretPulledImages=true` を設定します。",
            &["KubeletEnsureSecretPulledImages"],
        ),
        ("`WatchList` はロックされ、常に有効です。", &["WatchList"]),
        (
            "`ValidatingAdmissionPolicy` フィーチャーゲートを有効にします。",
            &["ValidatingAdmissionPolicy"],
        ),
        (
            "フィーチャーゲート `NewVolumeManagerReconstruction` が有効です。",
            &["NewVolumeManagerReconstruction"],
        ),
        (
            "対応するフィーチャーゲートは `SELinuxMountReadWriteOncePod` です。",
            &["SELinuxMountReadWriteOncePod"],
        ),
        (
            "`CRDValidationRatcheting` [feature gate](/docs/reference/command-line-tools-reference/feature-gates/)",
            &["CRDValidationRatcheting"],
        ),
        (
            "`UnknownGateName` フィーチャーフラグを設定します。",
            &["UnknownGateName"],
        ),
        (
            "The `MyNewGate` feature gate is now enabled by default.",
            &["MyNewGate"],
        ),
        (
            "The deprecated feature gates `AlphaOne`, `BetaTwo` and `GammaThree` have been removed.",
            &["AlphaOne", "BetaTwo", "GammaThree"],
        ),
        ("AppArmor graduates to GA.", &["AppArmor"]),
        ("JobPodFailurePolicy is now GA.", &["JobPodFailurePolicy"]),
        (
            "FEATURE STATE: フィーチャーゲート `NodeSwap`",
            &["NodeSwap"],
        ),
        (
            "`SidecarContainers` と `NodeSwap` の両方のフィーチャーゲートを有効にする",
            &["NodeSwap", "SidecarContainers"],
        ),
        (
            "Set `--feature-gates=SchedulerQueueingHints=true` on the scheduler.",
            &["SchedulerQueueingHints"],
        ),
        (
            "[InPlacePodVerticalScaling](https://kubernetes.io/) を有効にしてください。",
            &["InPlacePodVerticalScaling"],
        ),
        (
            "`SecurityContextDeny`フィーチャーゲートは非推奨です。",
            &["SecurityContextDeny"],
        ),
    ];
    for (md, want) in table {
        assert_eq!(real_gates(md), *want, "{md}");
    }
    // A table of gates: the header names the column.
    let md = "| フィーチャーゲート | デフォルト | ステージ |\n|---|---|---|\n| `SomeAlphaGate` | `false` | Alpha |\n| `OtherGate` | `true` | Beta |\n";
    assert_eq!(real_gates(md), ["OtherGate", "SomeAlphaGate"]);
    // Under a heading about gates, a `機能名` column.
    let md = "## AlphaまたはBetaのフィーチャーゲート\n\n| 機能名 | デフォルト値 |\n|---|---|\n| `APIListChunking` | `false` |\n";
    assert_eq!(real_gates(md), ["APIListChunking"]);
    // A graduation list of KEP links under a stage heading.
    let md = "### GAへの昇格\n\n* [AppArmor support](https://kep.k8s.io/24)\n* [PodHealthyPolicy for PodDisruptionBudget](https://kep.k8s.io/3017)\n";
    assert_eq!(real_gates(md), ["AppArmor"]);
}

#[test]
fn gate_negatives_of_real_articles() {
    for md in [
        "The `ValidatingAdmissionPolicy` API is now GA.",
        "`VolumeAttributesClass` API objects can be created.",
        "[VolumeAttributesClass](/docs/) APIが、v1.31でベータになります。",
        "ValidatingAdmissionPolicyの[APIドキュメント](/docs/)を参照してください。",
        "この機能はv1.28で`ReadWriteOncePod`ボリュームに対するベータとして導入されました。",
        "SecurityContextDenyアドミッションプラグインが削除されました。",
        "Removed the SecurityContextDeny admission plugin, deprecated since v1.27",
        "`NodeSwap` メトリクスがベータになりました。",
        "`--keep-terminated-pod-volumes` フラグは削除されました。",
        "```yaml\nfeatureGates:\n  NodeSwap: true\n```\n",
        "| 名前 | 説明 |\n|---|---|\n| `PodSpec` | Podの仕様 |\n",
        "* [PodHealthyPolicy for PodDisruptionBudget](https://kep.k8s.io/3017)",
        // A setting that is not a gate's shape, a field set in a code span.
        "`replicas=true` を設定します。",
        "`spec.enabled=true` を設定します。",
        // A name that also names a thing, followed by the word for which thing.
        "古い方式は非推奨で、AppArmor admission に移行しました。",
        "`AppArmor` プロファイルは v1.30 で GA になりました。",
    ] {
        assert!(real_gates(md).is_empty(), "{md}: {:?}", real_gates(md));
    }
}

#[test]
fn stages_of_real_sentences() {
    use Stage::*;
    let table: &[(&str, Option<Stage>)] = &[
        ("KEP-3962 graduates to beta in this release.", Some(Beta)),
        ("KEP-3962 was promoted to stable.", Some(Stable)),
        ("KEP-3962 is now GA.", Some(Stable)),
        ("KEP-3962 is deprecated.", Some(Deprecated)),
        ("KEP-3962 has been removed.", Some(Removed)),
        (
            "KEP-3962: the admissionregistration.k8s.io/v1alpha1 API is added.",
            Some(Alpha),
        ),
        ("KEP-3962 がベータに昇格しました。", Some(Beta)),
        ("KEP-3962 は延期されました（アルファの予定でした）。", None),
        (
            "KEP-3962 はアルファの予定でしたが見送りとなりました。",
            None,
        ),
        ("KEP-3962 はマイルストーンから削除されました。", None),
        ("KEP-3962 (alpha) was deferred to the next release.", None),
        ("KEP-3962 alpha was pulled from the release.", None),
    ];
    for (md, stage) in table {
        let (_, r) = real(md);
        assert_eq!(r.keps[0].stage, *stage, "{md}");
    }
}

#[test]
fn a_postponement_cancels_only_its_own_subjects_stage() {
    use Stage::*;
    // The articles of these tests are about 1.32.
    let table: &[(&str, &[(u32, Option<Stage>, Option<Release>)])] = &[
        (
            "KEP-4639 moved to beta; KEP-3157 was removed from the milestone.",
            &[(4639, Some(Beta), None), (3157, None, None)],
        ),
        (
            "KEP-4639 はベータに昇格しましたが、KEP-3157 はマイルストーンから外れました。",
            &[(4639, Some(Beta), None), (3157, None, None)],
        ),
        (
            "KEP-3157 は延期され、KEP-4639 はベータに昇格しました。",
            &[(3157, None, None), (4639, Some(Beta), None)],
        ),
        (
            "KEP-3157 was deferred, but KEP-4639 graduated to beta.",
            &[(3157, None, None), (4639, Some(Beta), None)],
        ),
        (
            "KEP-4639 graduated to beta and KEP-3157 was deferred.",
            &[(4639, Some(Beta), None), (3157, None, None)],
        ),
        (
            "KEP-4639 graduated to beta, while KEP-3157 was deferred to 1.34.",
            &[(4639, Some(Beta), None), (3157, None, None)],
        ),
        // The sentence's opening release is the first subject's.
        (
            "1.33 では KEP-4639 がベータに昇格し、KEP-3157 は 1.34 に延期されました。",
            &[(4639, Some(Beta), Some(rel("1.33"))), (3157, None, None)],
        ),
        // One subject: the postponement is its own, whatever the clause after it names.
        (
            "KEP-4639 はベータに昇格する予定でしたが、延期されました。",
            &[(4639, None, None)],
        ),
        (
            "KEP-4639 はベータに昇格しましたが、KEP-3157 との互換性の問題でリバートされました。",
            &[(4639, None, None), (3157, None, None)],
        ),
        (
            "KEP-4639 は一度リバートされましたが、1.33 で再びベータに昇格しました。",
            &[(4639, Some(Beta), Some(rel("1.33")))],
        ),
    ];
    for (md, want) in table {
        assert_eq!(kep_stages(md), *want, "{md}");
    }
    // Names listed before one predicate share it.
    for md in [
        "`SidecarContainers` と `NodeSwap` はベータに昇格し、`AppArmor` は延期されました。",
        "`SidecarContainers`、`NodeSwap` はベータに昇格し、`AppArmor` は延期されました。",
    ] {
        let stages: Vec<_> = gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
        assert_eq!(
            stages,
            [
                ("SidecarContainers".into(), Some(Beta)),
                ("NodeSwap".into(), Some(Beta)),
                ("AppArmor".into(), None)
            ],
            "{md}"
        );
    }
    let md = "`NodeSwap` のベータ昇格は延期されましたが、`SidecarContainers` は予定通り GA になりました。";
    let stages: Vec<_> = gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
    assert_eq!(
        stages,
        [
            ("NodeSwap".into(), None),
            ("SidecarContainers".into(), Some(Stable))
        ]
    );
}

#[test]
fn removals_going_on_in_a_clause_or_an_aside_and_words_of_not_yet() {
    use Stage::*;
    // The articles of these tests are about 1.32.
    let table: &[(&str, Option<Stage>)] = &[
        (
            "`SidecarContainers` が削除され、起動しなくなりました。",
            Some(Removed),
        ),
        (
            "`SidecarContainers` は 1.32 で削除され、代替はありません。",
            Some(Removed),
        ),
        (
            "`SidecarContainers` は GA を経て削除され、指定は不要です。",
            Some(Removed),
        ),
        ("- `SidecarContainers`（1.32 で削除）", Some(Removed)),
        // Removed while still in a stage, told with a plain copula.
        (
            "高橋: `SidecarContainers` だけは alpha のまま削除です。",
            Some(Removed),
        ),
        ("`SidecarContainers` は削除です。", Some(Removed)),
        (
            "- `SidecarContainers` の指定を外す（GA 後 1.32 で削除）",
            Some(Removed),
        ),
        ("`SidecarContainers` ゲートの変更は撤回されました。", None),
        // An object's deletion, a plan.
        (
            "`SidecarContainers` が有効な場合は、Podは強制的に削除され、再作成されます。",
            None,
        ),
        (
            "`SidecarContainers` ゲートは 1.35 で削除される予定です。",
            None,
        ),
        // Carried over, under review now, a guess, hearsay.
        ("`SidecarContainers` のベータ昇格は 1.34 に持ち越し。", None),
        (
            "`SidecarContainers` のベータ昇格 PR は現在レビュー中です。",
            None,
        ),
        ("`SidecarContainers` は次で GA っぽい", None),
        ("`SidecarContainers` は 1.34 で beta になるらしい", None),
        // Words that only look like them.
        (
            "素晴らしい `SidecarContainers` が GA になりました。",
            Some(Stable),
        ),
    ];
    for (md, stage) in table {
        let facts = gate_facts(md);
        assert_eq!(facts.len(), 1, "{md}");
        assert_eq!(facts[0].1, *stage, "{md}");
    }
    // The code's removal, not the KEP's.
    assert_eq!(
        kep_stages("コードは削除され、KEP-3157が残ります。"),
        [(3157, None, None)]
    );
    // A volume's deprecation long before, then what the KEP brings about.
    assert_eq!(
        kep_stages(
            "`gitRepo` ボリュームは v1.11 から非推奨でしたが、KEP-3157 により v1.32 でドライバがデフォルトで無効になりました。"
        ),
        [(3157, None, None)]
    );
}

#[test]
fn a_list_or_sections_stage_is_not_an_items_that_tells_it_was_not_reached() {
    use Stage::*;
    let md = "## ベータに昇格するもの\n\n- `SidecarContainers`: ベータへの昇格は 1.35 に延期されました\n- `WatchList`: ベータ昇格 PR はマージ待ちです\n- `KMSv2`: 1.35 で GA を目指します\n- `PodLevelResources`: 説明のみ\n";
    let stages: Vec<_> = gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
    assert_eq!(
        stages,
        [
            ("SidecarContainers".into(), None),
            ("WatchList".into(), None),
            // A plan of another stage leaves it in the section's.
            ("KMSv2".into(), Some(Beta)),
            ("PodLevelResources".into(), Some(Beta)),
        ]
    );
    // A paragraph that states another gate's stage leads no list.
    let md = "`KMSv2` は 1.34 でようやくベータになります。\n\n- `WatchList`、1.33 で default off に戻ってた\n";
    assert_eq!(
        gate_facts(md),
        [
            ("KMSv2".into(), Some(Beta), Some(rel("1.34")), None),
            ("WatchList".into(), None, None, Some(false)),
        ]
    );
}

#[test]
fn an_adverb_between_the_release_and_the_stage_keeps_the_release() {
    assert_eq!(
        kep_stages("KEP-3157 により 1.31 で完全に削除されました。"),
        [(3157, Some(Stage::Removed), Some(rel("1.31")))]
    );
    // And a clause with a release of its own ends a postponement.
    assert_eq!(
        kep_stages(
            "KEP-3157 は 1.33 でベータを目指していましたが見送られ、1.34 でようやくベータになります。"
        ),
        [(3157, Some(Stage::Beta), Some(rel("1.34")))]
    );
}

#[test]
fn notes_write_the_default_and_switching_on_short() {
    assert_eq!(
        gate_facts("`SidecarContainers` は beta で default ON。")[0].3,
        Some(true)
    );
    assert_eq!(
        gate_facts("`SidecarContainers` は default-off のまま")[0].3,
        Some(false)
    );
    for md in [
        "`SidecarContainers` 有効時に Pod が再起動する問題を修正しました。",
        "`SidecarContainers` が有効な場合に起きる問題を修正しました。",
    ] {
        assert_eq!(
            gate_facts(md),
            [("SidecarContainers".into(), None, None, None)],
            "{md}"
        );
    }
}

#[test]
fn what_the_subject_and_removal_rules_leave_alone() {
    use Stage::*;
    // A stage word the postponement is about, a name that is no subject of its own, a list of
    // names before one predicate: the whole sentence is postponed.
    for md in [
        "KEP-4639 の GA は、KEP-3157 との競合が見つかったため延期されました。",
        "KEP-4639 のベータ昇格は、KEP-3157 が GA になるまで延期されました。",
        "v1.32 でベータに昇格するはずだった KEP-4639、KEP-3157 はいずれも延期されました。",
        "Beta graduation of KEP-4639 and KEP-3157 was deferred to v1.33.",
        "KEP-4639 (beta) and KEP-3157 were both deferred.",
    ] {
        assert_eq!(
            kep_stages(md),
            [(4639, None, None), (3157, None, None)],
            "{md}"
        );
    }
    // A Japanese connective after the break still cuts.
    assert_eq!(
        kep_stages("KEP-4639 はベータに昇格しましたが、一方 KEP-3157 は延期されました。"),
        [(4639, Some(Beta), None), (3157, None, None)]
    );
    // What had been carried over, and a guess of something else, state the stage after all.
    assert_eq!(
        kep_stages(
            "前回から持ち越しとなっていた KEP-4639 のベータ昇格が、ついに v1.32 で実現しました。"
        )[0]
        .1,
        Some(Beta)
    );
    for (md, stage) in [
        (
            "GA になった `SidecarContainers` でバグっぽい挙動を見つけました。",
            Some(Stable),
        ),
        (
            "`SidecarContainers` は 1.32 でベータになったっぽい。",
            Some(Beta),
        ),
        (
            "GA になった `SidecarContainers` では起動順序を保証するらしいです。",
            Some(Stable),
        ),
        // An object's deletion near the gate.
        (
            "`SidecarContainers` では、メインコンテナが終了するとサイドカーも削除され、Pod が完了します。",
            None,
        ),
    ] {
        assert_eq!(gate_facts(md).first().and_then(|g| g.1), stage, "{md}");
    }
    // A validity, a token's lifetime and English `the default on` say nothing of the gate.
    for md in [
        "`SidecarContainers` で発行されるトークンの有効時間は 1 時間です。",
        "`SidecarContainers` sets RuntimeDefault, which is the default on most container runtimes.",
    ] {
        assert_eq!(
            gate_facts(md),
            [("SidecarContainers".into(), None, None, None)],
            "{md}"
        );
    }
    // A postponement of something else keeps the section's stage.
    let md = "## GA に昇格した機能\n\n- `SidecarContainers`: 1.28 の導入時に見送られていた再起動ポリシーの拡張も入りました\n";
    assert_eq!(gate_facts(md)[0].1, Some(Stable));
    // A lead that says 以下の leads its list though it names a KEP.
    let md = "以下のフィーチャーゲートが削除されました（KEP-4569 の整理の一環）。\n\n- `SidecarContainers`\n- `NodeSwap`\n";
    let stages: Vec<_> = gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
    assert_eq!(
        stages,
        [
            ("SidecarContainers".into(), Some(Removed)),
            ("NodeSwap".into(), Some(Removed))
        ]
    );
    // A nested note naming a stage in passing makes no stage.
    let md = "- `SidecarContainers`\n  - アルファ版の頃の実装とは挙動が違うので注意\n";
    assert!(gate_facts(md).iter().all(|g| g.1.is_none()), "{md}");
    // A column of a later release than the article's is a forecast, no history.
    let md = "| ゲート | v1.31 | v1.32 | v1.33 |\n|---|---|---|---|\n| `SidecarContainers` | アルファ | ベータ | GA |\n";
    let (_, r) = real(md);
    assert_eq!(
        (r.gates[0].stage, r.gates[0].stage_release),
        (Some(Beta), Some(rel("1.32")))
    );
    let history: Vec<_> = r.gates[0]
        .history
        .iter()
        .map(|d| (d.release, d.stage))
        .collect();
    assert_eq!(history, [(rel("1.31"), Alpha)]);
}

#[test]
fn a_gate_named_after_a_kind_as_the_subject_itself_or_in_a_terse_move() {
    assert_eq!(
        real_gates("`ValidatingAdmissionPolicy` 自体は 1.30 で GA になっています。"),
        ["ValidatingAdmissionPolicy"]
    );
    assert_eq!(
        real_gates("- `VolumeAttributesClass` → β"),
        ["VolumeAttributesClass"]
    );
    // The spoken topic `って`.
    assert_eq!(
        real_gates("`VolumeAttributesClass` って、1.34 で GA になったんですよ。"),
        ["VolumeAttributesClass"]
    );
    for md in [
        "- `VolumeAttributesClass` 1.34 で β！",
        "- `VolumeAttributesClass` v1.34 で GA",
    ] {
        assert_eq!(real_gates(md), ["VolumeAttributesClass"], "{md}");
    }
    // The kind in a sentence of its use stays a kind.
    assert_eq!(
        real_gates("- `VolumeAttributesClass` 1.34 で使えるようになった設定です"),
        Vec::<String>::new()
    );
    assert_eq!(
        real_gates("`VolumeAttributesClass` → 作成してから PVC で指定します。"),
        Vec::<String>::new()
    );
}

#[test]
fn a_gate_named_after_a_kind_described_by_a_clause_of_its_stage() {
    let (_, r) = real(
        "本記事では、Kubernetes 1.31 でベータになった `VolumeAttributesClass` を検証した結果を共有します。",
    );
    let g = &r.gates[0];
    assert_eq!(g.gate.0, "VolumeAttributesClass");
    assert_eq!(
        (g.stage, g.stage_release),
        (Some(Stage::Beta), Some(rel("1.31")))
    );
    assert_eq!(
        real_gates(
            "v1.29 でアルファとして導入された `VolumeAttributesClass` の使い方を見ていきます。"
        ),
        ["VolumeAttributesClass"]
    );
    // A clause of something else before the kind, or the kind used in a clause: still the kind.
    assert_eq!(
        real_gates("ベータになった機能を使い、`VolumeAttributesClass` を作成します。"),
        Vec::<String>::new()
    );
    assert_eq!(
        real_gates("GA した後も `VolumeAttributesClass` を作成するときは注意します。"),
        Vec::<String>::new()
    );
}

#[test]
fn a_stage_stated_for_another_release_is_recorded_for_it() {
    let (_, r) = real("KEP-3962 は v1.26でアルファとして追加され、v1.29でベータに昇格しました。");
    assert_eq!(r.keps[0].stage, Some(Stage::Beta));
    assert_eq!(r.keps[0].stage_release, Some(rel("1.29")));
    let (_, r) = real("KEP-3962 has been GA since v1.29.");
    assert_eq!(r.keps[0].stage, Some(Stage::Stable));
    assert_eq!(r.keps[0].stage_release, Some(rel("1.29")));
    let (_, r) = real("KEP-3962 がベータに昇格しました。");
    assert_eq!(r.keps[0].stage_release, None, "the article's own release");
}

#[test]
fn a_history_sentence_gives_the_stage_of_the_articles_release() {
    // The articles of these tests are about 1.32.
    assert_eq!(
        kep_stages("KEP-3962: v1.32でベータ、v1.27でアルファとして導入。"),
        [(3962, Some(Stage::Beta), Some(rel("1.32")))]
    );
    assert_eq!(
        gate_facts("`WatchList`はv1.27でアルファ、v1.32でベータ、v1.33でGAとなりました。")[0].1,
        Some(Stage::Beta)
    );
    // The release a sentence opens with is its stage words' (`v1.31では、`).
    assert_eq!(
        gate_facts("- v1.31では、`WatchList`がGAに昇格しました。")[0],
        (
            "WatchList".into(),
            Some(Stage::Stable),
            Some(rel("1.31")),
            None
        )
    );
    // A release written right before the stage word, arrows between.
    assert_eq!(
        gate_facts("- `WatchList`（KEP-3157）: 1.27 alpha → 1.29 beta → 1.31 GA")[0].1,
        Some(Stage::Stable)
    );
    assert_eq!(
        kep_stages("- `WatchList`（KEP-3157）: 1.27 alpha → 1.29 beta → 1.31 GA")[0],
        (3157, Some(Stage::Stable), Some(rel("1.31")))
    );
    // A bracketed aside states the past; the stage outside it is the release's.
    assert_eq!(
        gate_facts("- WatchList: GA（v1.29からベータだった）")[0],
        ("WatchList".into(), Some(Stage::Stable), None, None)
    );
    // The word the sentence settles on gives the release, not an earlier word of its stage.
    assert_eq!(
        gate_facts("v1.31でアルファとして導入された`WatchList`は引き続きアルファです。")[0],
        ("WatchList".into(), Some(Stage::Alpha), None, None)
    );
    // A default stated for the article's release (1.32) says what the gate is there: still
    // beta, now on by default; the earlier release's beta is its history.
    assert_eq!(
        gate_facts("`WatchList`はv1.30からベータでしたが、v1.32でデフォルトで有効になっています。")
            [0],
        (
            "WatchList".into(),
            Some(Stage::Beta),
            Some(rel("1.32")),
            Some(true)
        )
    );
    assert_eq!(
        gate_facts("`WatchList`はv1.32でベータになり、v1.32でデフォルトで有効になりました。")[0],
        (
            "WatchList".into(),
            Some(Stage::Beta),
            Some(rel("1.32")),
            Some(true)
        )
    );
    // A block naming one stage gives the release a sentence states it for the article's.
    assert_eq!(
        gate_facts(
            "v1.27で、この機能はベータ版として卒業しました。対応するフィーチャーゲートは `WatchList` です。v1.32でもベータ版のままです。"
        )[0],
        (
            "WatchList".into(),
            Some(Stage::Beta),
            Some(rel("1.32")),
            None
        )
    );
    // A release opening the sentence before the name, after a connective too.
    for md in [
        "v1.31で`WatchList`がGAに昇格しました。",
        "なお、Kubernetes 1.31で`WatchList`がGAに昇格しました。",
    ] {
        assert_eq!(
            gate_facts(md)[0],
            (
                "WatchList".into(),
                Some(Stage::Stable),
                Some(rel("1.31")),
                None
            ),
            "{md}"
        );
    }
    // A bare `で` scopes its first clause only.
    assert_eq!(
        gate_facts(
            "v1.27で追加され、前回は一旦リバートされていましたが、ついに `WatchList` がベータに昇格しました。"
        )[0],
        ("WatchList".into(), Some(Stage::Beta), None, None)
    );
    // A default inside the stage's brackets goes with the stage's release.
    assert_eq!(
        gate_facts("`WatchList`はv1.31でベータ(デフォルトで有効)に昇格しました。")[0],
        (
            "WatchList".into(),
            Some(Stage::Beta),
            Some(rel("1.31")),
            Some(true)
        )
    );
    // A question states no stage.
    for md in [
        "`WatchList` は GA になるのでしょうか？",
        "次は `WatchList` が GA になるかどうかに注目しています。",
        "- Q: `WatchList` はいつ GA？",
        "`WatchList` は使えるので、GA はいつ？",
        "まだ試せていないけど、`WatchList` は GA？",
        "`WatchList` は v1.34 で GA になるのでは、と期待されていましたよね?",
    ] {
        assert_eq!(gate_facts(md)[0].1, None, "{md}");
    }
    // A stage a cause or a contrast before the question takes as known is stated.
    for md in [
        "- `WatchList` はベータでもデフォルト無効なので、本番投入は次のリリース以降？",
        "`WatchList` は GA になりましたが、もう使っていますか？",
    ] {
        assert!(gate_facts(md)[0].1.is_some(), "{md}");
    }
    // No stage stated for the article's release: the sentence's rules decide.
    assert_eq!(
        kep_stages("KEP-3962 は v1.26でアルファとして追加され、v1.29でベータに昇格しました。"),
        [(3962, Some(Stage::Beta), Some(rel("1.29")))]
    );
}

#[test]
fn release_note_sig_labels_name_every_sig() {
    let (doc, r) = real(
        "- 追加されました。 ([#119026](https://github.com/kubernetes/kubernetes/pull/119026), [@AxeZhan](https://github.com/AxeZhan)) [SIG API Machinery, Apps, Node and Testing]",
    );
    let got: Vec<(&str, &str)> = r
        .sigs
        .iter()
        .map(|m| (m.sig.as_str(), &doc.blocks[m.block].text[m.range.clone()]))
        .collect();
    assert_eq!(
        got,
        [
            ("api-machinery", "SIG API Machinery"),
            ("apps", "Apps"),
            ("node", "Node"),
            ("testing", "Testing")
        ]
    );
    assert_eq!(
        r.prs[0].author.as_ref().map(|a| a.0.as_str()),
        Some("AxeZhan")
    );
}

/// The stage and release of each KEP mention, in document order.
fn kep_stages(md: &str) -> Vec<(u32, Option<Stage>, Option<Release>)> {
    let (_, r) = real(md);
    r.keps
        .iter()
        .map(|m| (m.kep.0, m.stage, m.stage_release))
        .collect()
}

/// The stage, release and default of each gate mention, in document order.
fn gate_facts(md: &str) -> Vec<(String, Option<Stage>, Option<Release>, Option<bool>)> {
    let (_, r) = real(md);
    r.gates
        .iter()
        .map(|m| (m.gate.0.clone(), m.stage, m.stage_release, m.default_on))
        .collect()
}

#[test]
fn an_aim_is_a_plan_not_the_stage_of_the_release() {
    // 1.32 release post: the GA is planned for 1.33, and the mention is in the next sentence.
    let md = "3. サイドカーコンテナ機能は、v1.33でStableへの昇格を目指しています。\n残りの作業項目については、Issueの[#753](https://github.com/kubernetes/enhancements/issues/753#issuecomment-2350136594)のコメントをご覧ください。";
    assert_eq!(kep_stages(md), [(753, None, None)]);
    for md in [
        "KEP-3962 は次のリリースでベータに昇格する予定です。",
        "KEP-3962 はGAへの昇格が見込まれています。",
        "KEP-3962 aims to graduate to GA in v1.33.",
        "KEP-3962 is expected to reach beta in the next release.",
        // An aim and a guess right after the stage.
        "KEP-3962 は v1.35 でのベータ化を目論んでいます。",
        "KEP-3962 はベータになるかもしれません。",
        "KEP-3962 はベータに昇格させたいとのこと。",
        // A wish, a condition, a guess of a removal, a proposal or deliberation under way.
        "SIG API Machinery は KEP-3962 を v1.34 で GA にしたいと考えています。",
        "KEP-3962 がベータ版に昇格した場合は、手動での移行が不要になります。",
        "KEP-3962 のコードは v1.35 以降、完全に削除されるかもしれません。",
        "v1.33 では、KEP-3962 をベータ版に昇格させることが提案されています。",
        "KEP-3962 はベータに昇格させずに将来的に非推奨とすることも検討されています。",
    ] {
        assert_eq!(kep_stages(md), [(3962, None, None)], "{md}");
    }
    // Words of aim, proposal, expectation and comment around a fact leave it one.
    for md in [
        "ご存じかもしれませんが、KEP-3962 はベータに昇格しました。",
        "KEP-3962 は GA になるかもしれませんが、現時点ではベータです。",
        "KEP-3962 may be enabled once it is beta.",
        "KEP-3962 で提案されている Pod レベルのリソース指定がベータになりました。",
        "期待されていた KEP-3962 がついにベータになりました。",
        "検討中だった KEP-3962 がベータに昇格しました。",
        "大規模クラスタを視野に入れて設計された KEP-3962 がベータに昇格しました。",
        "ベータに昇格した KEP-3962 は今後広く利用されるでしょう。",
        "次回の勉強会で紹介した KEP-3962 はベータになりました。",
        "KEP-3962 を有効にしたい場合に備えて、ベータに昇格しました。",
        "KEP-3962 で提案されていたとおり、ベータに昇格しました。",
        "ベータに昇格したことが発表された KEP-3962 を試しました。",
        "目次で紹介した KEP-3962 はベータに昇格しました。",
        "KEP-3962 is now beta and the feature is on track for wider adoption.",
        "With KEP-3962 now beta you may go ahead and try it.",
    ] {
        assert_eq!(kep_stages(md), [(3962, Some(Stage::Beta), None)], "{md}");
    }
    // As planned is done; a clause before the plan still counts.
    assert_eq!(
        kep_stages("KEP-3962 は予定通りベータに昇格しました。"),
        [(3962, Some(Stage::Beta), None)]
    );
    assert_eq!(
        kep_stages("KEP-3962 はv1.29でベータに昇格し、次のリリースでGAを目指します。"),
        [(3962, Some(Stage::Beta), Some(rel("1.29")))]
    );
}

#[test]
fn a_promotion_in_a_continuative_clause_is_planned_with_the_predicate_it_joins() {
    // The tense of `昇格し、` is the last predicate's: both are planned (the front matter's release
    // is 1.32).
    for md in [
        "KEP-3962 は v1.32 ではベータに昇格し、デフォルトで有効になる見込みです。",
        "KEP-3962 はベータに昇格し、デフォルトで有効になる予定です。",
        "KEP-3962 はアルファとして導入され、kube-apiserver で利用できるようになる予定です。",
    ] {
        assert_eq!(kep_stages(md), [(3962, None, None)], "{md}");
    }
    // A fact and a plan of its own: a later stage or release, another time, a removal to come,
    // a stage dated before the release, or a predicate that is done.
    for (md, stage, release) in [
        (
            "KEP-3962 はベータに昇格し、v1.35 での GA を目指す予定です。",
            Stage::Beta,
            None,
        ),
        (
            "KEP-3962 はベータに昇格し、今後さらに改善される予定です。",
            Stage::Beta,
            None,
        ),
        (
            "KEP-3962 は非推奨となり、将来のリリースで削除される予定です。",
            Stage::Deprecated,
            None,
        ),
        (
            "KEP-3962 は v1.31 でベータに昇格し、デフォルトで有効になる見込みです。",
            Stage::Beta,
            Some(rel("1.31")),
        ),
        (
            "KEP-3962 はベータに昇格し、デフォルトで有効になりました。",
            Stage::Beta,
            None,
        ),
        // From review: the next release is another time, and a plan of what someone does with
        // the feature is not what it becomes.
        (
            "KEP-3962 はベータに昇格し、次のリリースで GA を目指す予定です。",
            Stage::Beta,
            None,
        ),
        (
            "KEP-3962 はベータに昇格し、次のリリースではデフォルトで有効になる予定です。",
            Stage::Beta,
            None,
        ),
        (
            "KEP-3962 がベータに昇格し、社内でも検証を始める予定です。",
            Stage::Beta,
            None,
        ),
        (
            "KEP-3962 はベータに昇格し、より多くのユーザーからフィードバックを集めることを目指しています。",
            Stage::Beta,
            None,
        ),
    ] {
        assert_eq!(kep_stages(md), [(3962, Some(stage), release)], "{md}");
    }
}

#[test]
fn a_release_next_to_a_stage_is_its_own_unless_the_stage_still_holds() {
    for md in [
        "KEP-3962: Beta → GA (v1.32)",
        "KEP-3962 は GA（v1.32）です。",
        "KEP-3962 は GA (1.32~) です。",
        "| KEP | ステージ |\n|---|---|\n| KEP-3962 | GA（v1.32〜） |\n",
    ] {
        assert_eq!(
            kep_stages(md),
            [(3962, Some(Stage::Stable), Some(rel("1.32")))],
            "{md}"
        );
    }
    // Since a release and still: the stage of the article's release.
    assert_eq!(
        kep_stages("KEP-3962 は 1.29 からベータのままです。"),
        [(3962, Some(Stage::Beta), None)]
    );
    assert_eq!(
        kep_stages("KEP-3962 は 1.29 からベータになりました。"),
        [(3962, Some(Stage::Beta), Some(rel("1.29")))]
    );
    // A bracket that goes on to state its own stage keeps its release to it.
    assert_eq!(
        kep_stages("KEP-3962 は v1.31 で GA（v1.29 でベータ）になりました。"),
        [(3962, Some(Stage::Stable), Some(rel("1.31")))]
    );
}

#[test]
fn hopes_and_guesses_are_plans_and_a_plan_in_brackets_is_only_the_asides() {
    for md in [
        "次は KEP-3962 の GA を待ちたい。",
        "KEP-3962 の GA が待ち遠しいですね。",
        "KEP-3962 は早く GA になってほしい。",
        "KEP-3962 は 1.34 で GA になりそうです。",
        "KEP-3962 は GA 目前です。",
        "KEP-3962 の GA はまだ先です。",
        "KEP-3962 は次のリリースでベータになります。",
        "KEP-3962 is slated for beta in v1.34.",
    ] {
        assert_eq!(kep_stages(md), [(3962, None, None)], "{md}");
    }
    // Everyday words around a statement of fact are no plan.
    for md in [
        "KEP-3962 は GA に向けてベータに昇格しました。",
        "Windows ノードに向けた KEP-3962 がベータになりました。",
        "長らく待たれていた KEP-3962 がベータになりました。",
        "ご存知の方もいるかもしれませんが KEP-3962 はベータになりました。",
        "リリース候補版で KEP-3962 がベータになりました。",
        "You might notice KEP-3962 is now beta.",
    ] {
        assert_eq!(kep_stages(md), [(3962, Some(Stage::Beta), None)], "{md}");
    }
    // A plan in brackets with no stage of its own is the stage's (`GA（予定）`).
    for md in [
        "KEP-3962 は v1.34 で GA（予定）です。",
        "KEP-3962 は GA（v1.34 予定）",
        "KEP-3962 is GA in v1.34 (planned).",
    ] {
        assert_eq!(kep_stages(md), [(3962, None, None)], "{md}");
    }
    // The bracket's plan is its own; the sentence around it states the release's stage.
    assert_eq!(
        kep_stages("KEP-3962 は 1.31 でベータに昇格しました（GA は v1.35 予定）。"),
        [(3962, Some(Stage::Beta), Some(rel("1.31")))]
    );
    assert_eq!(
        kep_stages("KEP-3962 は v1.30 でもまだアルファです（v1.31 でベータになる予定）。"),
        [(3962, Some(Stage::Alpha), Some(rel("1.30")))]
    );
    assert_eq!(
        kep_stages("KEP-3962 is beta in 1.31 (it will be GA in v1.33)."),
        [(3962, Some(Stage::Beta), Some(rel("1.31")))]
    );
    // A stage joined to a plan without a comma is the release's; the plan is the change after
    // the release.
    for (md, stage) in [
        (
            "KEP-3962 は非推奨で 1.36 で削除予定です。",
            Stage::Deprecated,
        ),
        (
            "KEP-3962 は非推奨になり 1.36 で削除される予定です。",
            Stage::Deprecated,
        ),
        (
            "KEP-3962 は非推奨となって v1.36 で削除されます。",
            Stage::Deprecated,
        ),
        (
            "KEP-3962 は非推奨（v1.36 で削除予定）です。",
            Stage::Deprecated,
        ),
        ("KEP-3962 はベータで v1.34 で GA 予定です。", Stage::Beta),
    ] {
        assert_eq!(kep_stages(md), [(3962, Some(stage), None)], "{md}");
    }
    // With no change of its own after the release, the whole clause is the plan.
    assert_eq!(
        kep_stages("KEP-3962 はアルファで v1.34 に追加される予定です。"),
        [(3962, None, None)]
    );
    // A plan outside the brackets still mutes its clause.
    assert_eq!(
        kep_stages("KEP-3962（ベータ）は v1.33 で GA になる予定です。"),
        [(3962, None, None)]
    );
}

#[test]
fn a_stage_from_another_sentence_keeps_its_release() {
    assert_eq!(
        kep_stages("詳細はKEP-3962をご覧ください。この機能はv1.29でベータに昇格しました。"),
        [(3962, Some(Stage::Beta), Some(rel("1.29")))]
    );
}

#[test]
fn the_object_of_a_stage_word_is_what_changes_stage() {
    // 1.34: KEP-3015 deprecates `PreferClose`; the KEP itself is not deprecated.
    let md = "[KEP-3015](https://kep.k8s.io/3015)では`PreferClose`を非推奨とし、2つの新しい値`PreferSameZone`と`PreferSameNode`を導入します。\nこの機能はv1.34でベータに昇格しました。";
    assert_eq!(kep_stages(md), [(3015, None, None)]);
    // The mention heads the object: its own stage.
    assert_eq!(
        gate_facts("`FooBar`フィーチャーゲートを非推奨とします。"),
        [("FooBar".to_string(), Some(Stage::Deprecated), None, None)]
    );
    assert_eq!(
        kep_stages("SIG NodeはKEP-3962をv1.34でGAに昇格させました。"),
        [(3962, Some(Stage::Stable), Some(rel("1.34")))]
    );
}

#[test]
fn a_stage_of_another_projects_release_is_not_the_mentions() {
    for md in [
        "`PodLevelResources` を試すために containerd 2.1 のベータ版を入れました。",
        "`PodLevelResources` は CRI-O v1.34.0 のアルファ版でも動きます。",
        "`PodLevelResources` の検証には Helm のベータ版を使いました。",
    ] {
        assert_eq!(
            gate_facts(md),
            [("PodLevelResources".to_string(), None, None, None)],
            "{md}"
        );
    }
    // Kubernetes' own release, its components, a release alone and the mention itself do
    // state the mention's stage.
    for md in [
        "`PodLevelResources` は Kubernetes 1.34 のベータ機能です。",
        "`PodLevelResources` は kubelet 1.34 のベータ機能です。",
        "`PodLevelResources` は v1.34 のベータ機能です。",
        "`PodLevelResources` 1.34 のベータでは挙動が変わりました。",
        "`PodLevelResources` は client-go v0.34 のベータ機能です。",
        "`PodLevelResources` は cgroup v2 のベータ機能です。",
        "`PodLevelResources` は Linux のベータ機能です。",
    ] {
        assert_eq!(gate_facts(md)[0].1, Some(Stage::Beta), "{md}");
    }
    assert_eq!(
        kep_stages("KEP-3962 のベータ版が入りました。"),
        [(3962, Some(Stage::Beta), None)]
    );
}

#[test]
fn a_key_value_list_or_table_gives_its_stage_key_to_its_one_kep() {
    for md in [
        "### Pod レベルのリソース\n\n- KEP: KEP-2837\n- ステータス: ベータ\n- SIG: Node\n",
        "- **KEP**：[KEP-2837](https://kep.k8s.io/2837)\n- **Stage**：Beta\n",
        "| 項目 | 内容 |\n|---|---|\n| KEP | KEP-2837 |\n| ステージ | ベータ |\n| SIG | Node |\n",
    ] {
        assert_eq!(kep_stages(md), [(2837, Some(Stage::Beta), None)], "{md}");
    }
    // The stage key's release goes with it.
    assert_eq!(
        kep_stages("- KEP: KEP-2837\n- ステータス: v1.34 でベータ\n"),
        [(2837, Some(Stage::Beta), Some(rel("1.34")))]
    );
    // Two KEPs in one list: whose stage it is, is not said.
    assert_eq!(
        kep_stages("- KEP: KEP-2837, KEP-3962\n- ステータス: ベータ\n"),
        [(2837, None, None), (3962, None, None)]
    );
    // A key that only holds a stage key's word is none.
    assert_eq!(
        kep_stages(
            "- 関連 KEP: KEP-2837\n- 状態の確認方法: アルファ API の `resize` フィールドを見る\n"
        ),
        [(2837, None, None)]
    );
    // A list of keys without a stage key, and one that is not of keys, state nothing.
    assert_eq!(
        kep_stages("- KEP: KEP-2837\n- SIG: Node\n- ベータ\n"),
        [(2837, None, None)]
    );
    // A two-column table of names and their stages is read by its header, as before.
    assert_eq!(
        kep_stages("| KEP | 状態 |\n|---|---|\n| KEP-2837 | ベータ |\n| KEP-3962 | アルファ |\n"),
        [
            (2837, Some(Stage::Beta), None),
            (3962, Some(Stage::Alpha), None)
        ]
    );
}

#[test]
fn a_past_default_is_not_the_default_of_the_release() {
    // mid-cycle 1.30: what NodeSwap was before 1.30.
    let md = "以前のKubernetesバージョンでは、`NodeSwap`フィーチャーゲートはデフォルトで無効化されており、有効化された場合、デフォルトの動作として`UnlimitedSwap`動作が使用されていました。";
    assert_eq!(gate_facts(md), [("NodeSwap".to_string(), None, None, None)]);
    for md in [
        "これまでは`NodeSwap`フィーチャーゲートはデフォルトで無効でした。",
        "従来は`NodeSwap`フィーチャーゲートはベータで、デフォルトで無効でした。",
        "Previously the NodeSwap feature gate was beta.",
        "Before v1.30, the NodeSwap feature gate was beta.",
    ] {
        assert_eq!(
            gate_facts(md),
            [("NodeSwap".to_string(), None, None, None)],
            "{md}"
        );
    }
    // A new clause says what holds now.
    assert_eq!(
        gate_facts(
            "以前は`NodeSwap`フィーチャーゲートはデフォルトで無効でしたが、今回デフォルトで有効になりました。"
        ),
        [("NodeSwap".to_string(), None, None, Some(true))]
    );
}

#[test]
fn a_kep_named_in_a_heading_takes_the_stage_its_section_states() {
    let md = "## 主な変更点\n\n### コンテナリソースをもとにしたPodの自動スケーリング ([KEP-1610](https://kep.k8s.io/1610))\n\n`ContainerResource`メトリクスに基づく水平Pod自動スケーリングは、v1.32で安定版に移行します。\n";
    assert_eq!(
        kep_stages(md),
        [(1610, Some(Stage::Stable), Some(rel("1.32")))]
    );
    // What the section says of an earlier release is history, not the heading's stage.
    let md = "### 構造化パラメーター ([KEP-4381](https://kep.k8s.io/4381))\n\n動的なリソース割り当て(DRA)はv1.26でアルファ機能としてKubernetesに追加されました。\n";
    assert_eq!(kep_stages(md), [(4381, None, None)]);
}

#[test]
fn a_heading_about_one_removal_gives_its_kep_that_stage() {
    let md = "## 非推奨、削除、コミュニティの更新\n\n### `gitRepo`ボリュームドライバーの削除 {#remove-gitrepo-volume-driver}\n\n`gitRepo`ボリュームタイプはv1.11以降非推奨となっていました。\n\nこの削除の詳細については、[KEP-5040: Remove gitRepo volume driver](https://kep.k8s.io/5040)をご参照ください。\n";
    assert_eq!(kep_stages(md), [(5040, Some(Stage::Removed), None)]);
    let md = "### Serviceの.spec.externalIPsの非推奨化\n\n詳細は[KEP-5707](https://kep.k8s.io/5707)をご覧ください。\n";
    assert_eq!(kep_stages(md), [(5707, Some(Stage::Deprecated), None)]);
    // Two KEPs: the old one removed, the new one stays.
    let md = "#### 古いDRA実装の廃止\n\n[KEP #3063](https://github.com/kubernetes/enhancements/issues/3063)により、Kubernetes 1.26でDRAが導入されました。\n\n元の実装に関連するコードは削除され、[KEP #4381](https://github.com/kubernetes/enhancements/issues/4381)が残ります。\n";
    assert_eq!(kep_stages(md), [(3063, None, None), (4381, None, None)]);
    // A section of many changes names a kind, not what each did.
    let md = "### 非推奨化と削除\n\n詳細は[KEP-5707](https://kep.k8s.io/5707)をご覧ください。\n";
    assert_eq!(kep_stages(md), [(5707, None, None)]);
    // A removal heading whose section states a graduation is about more than the removal.
    let md = "#### 手動でのcgroupドライバー設定の非推奨化\n\nそのサポートはv1.34でGAに昇格しました。\n\nこの作業は[KEP \\#4033](https://kep.k8s.io/4033)の一環として行われました。\n";
    assert_eq!(kep_stages(md), [(4033, None, None)]);
    // A removal the section says is proposed or planned is none of the release.
    let md = "## 恒久対策: gitRepo ボリュームの削除\n\nこの CVE をきっかけに、gitRepo ボリュームドライバーを無効化する [KEP-5040](https://kep.k8s.io/5040) が提案されました。\nv1.33 でデフォルト無効にし、将来的には削除する計画です。\n";
    assert_eq!(kep_stages(md), [(5040, None, None)]);
    // A gate there is the switch for the change, unless the heading is about gates.
    let md = "#### Nodeの`status.nodeInfo.kubeProxyVersion`フィールドの非推奨化\n\nv1.31では、`DisableNodeKubeProxyVersion`フィーチャーゲートが`true`に設定されます。\n";
    assert_eq!(gate_facts(md)[0].1, None);
    let md = "#### インツリープロバイダーのフィーチャーゲートの削除\n\n`DisableCloudProviders`フィーチャーゲートはなくなりました。\n";
    assert_eq!(gate_facts(md)[0].1, Some(Stage::Removed));
}

#[test]
fn headings_about_one_removal() {
    use super::stage::one_thing_removal as one;
    assert_eq!(
        one("`gitRepo`ボリュームドライバーの削除"),
        Some(Stage::Removed)
    );
    assert_eq!(
        one("Nodeの`status.nodeInfo.kubeProxyVersion`フィールドの非推奨化(KEP 4004)"),
        Some(Stage::Deprecated)
    );
    assert_eq!(one("古いDRA実装の廃止"), Some(Stage::Removed));
    assert_eq!(
        one("クラウドプロバイダーとの全てのインツリー統合の削除"),
        Some(Stage::Removed)
    );
    assert_eq!(
        one("Removal of the gitRepo volume driver"),
        Some(Stage::Removed)
    );
    assert_eq!(
        one("SecurityContextDeny admission plugin deprecation"),
        Some(Stage::Deprecated)
    );
    for category in [
        "非推奨化と削除",
        "非推奨、削除、コミュニティの更新",
        "v1.36での昇格、非推奨、削除",
        "1.31における機能の昇格、非推奨化、および削除",
        "Deprecations and removals",
        "APIの非推奨と削除",
    ] {
        assert_eq!(one(category), None, "{category}");
    }
}

#[test]
fn a_table_row_states_the_stage_of_its_gate() {
    // v1.30 blog: a `v1.30でのステージ` column under `## New alpha features`.
    let md = "## New alpha features\n\n### Speed up recursive SELinux label change\n\n| フィーチャーゲート|v1.30でのステージ|動作変更\n|---|---|---|\n| SELinuxMountReadWriteOncePod |  Beta | No |\n| SELinuxMount | Alpha | Yes |\n\nすべてのボリュームでこの機能をテストするには、`SELinuxMountReadWriteOncePod` と `SELinuxMount` の両方の機能ゲートを有効にする必要があります。\n";
    let got = gate_facts(md);
    let r130 = Some(rel("1.30"));
    assert_eq!(
        got,
        [
            (
                "SELinuxMountReadWriteOncePod".to_string(),
                Some(Stage::Beta),
                r130,
                None
            ),
            ("SELinuxMount".to_string(), Some(Stage::Alpha), r130, None),
            // The paragraph's own sentence states nothing: the row says more than the heading.
            (
                "SELinuxMountReadWriteOncePod".to_string(),
                Some(Stage::Beta),
                r130,
                None
            ),
            ("SELinuxMount".to_string(), Some(Stage::Alpha), r130, None),
        ]
    );
    // The feature-gates index: a release column and a column of defaults, under a heading naming
    // two stages.
    let md = "### AlphaまたはBetaのフィーチャーゲート\n\n| 機能 | デフォルト | ステージ | 導入開始バージョン | 最終利用可能バージョン |\n|---|---|---|---|---|\n| `APIListChunking` | `false` | Alpha | 1.8 | 1.8 |\n| `APIListChunking` | `true` | Beta | 1.9 | 1.28 |\n";
    assert_eq!(
        gate_facts(md),
        [
            (
                "APIListChunking".to_string(),
                Some(Stage::Alpha),
                Some(rel("1.8")),
                Some(false)
            ),
            (
                "APIListChunking".to_string(),
                Some(Stage::Beta),
                Some(rel("1.9")),
                Some(true)
            ),
        ]
    );
}

#[test]
fn a_feature_state_line_states_its_release_and_its_section_stage() {
    let md = "## Topology Manager\n\nFEATURE STATE: `Kubernetes v1.16 [alpha]`\n\n`TopologyManager`フィーチャーゲートを使います。\n\n## 次の節\n\n`TopologyManager`フィーチャーゲートを使います。\n";
    assert_eq!(
        gate_facts(md),
        [
            (
                "TopologyManager".to_string(),
                Some(Stage::Alpha),
                Some(rel("1.16")),
                None
            ),
            ("TopologyManager".to_string(), None, None, None),
        ]
    );
}

#[test]
fn gate_list_items_under_a_gates_heading_name_gates() {
    let md = "### フィーチャーゲート\n\n- `AllowExtTrafficLocalEndpoints`: サービスがトラフィックをローカルに送ることを許可します。\n- `Podの仕様`: 説明\n- 説明の`SomeOtherName`\n\n### その他\n\n- `AllowOtherThing`: 説明\n";
    assert_eq!(gate_names(md), ["AllowExtTrafficLocalEndpoints"]);
}

#[test]
fn a_sentence_names_a_stage_as_the_scanner_reads_stage_words() {
    for s in [
        "resource.k8s.io/v1 APIはGAに昇格し、現在はデフォルトで利用可能です。",
        "この機能はベータになりました。",
        "gitRepoボリュームは削除されました。",
        "The feature graduates to stable.",
        "The flag is deprecated.",
    ] {
        assert!(super::names_stage(s), "{s}");
    }
    for s in [
        "アプリケーション開発者は長い間、環境変数宣言のより柔軟な方法を求めてきました。",
        "`EnvFiles`フィーチャーゲートによって、実行時に環境変数を宣言する機能を導入します。",
        "The Galaxy of betas is a stableman's tale.",
    ] {
        assert!(!super::names_stage(s), "{s}");
    }
}

#[test]
fn a_citation_after_the_sentence_takes_that_sentences_stage_and_quote() {
    // Every release post's removal section cites the KEP after the sentence's full stop.
    let md = "v1.26でアルファとして追加された、Windows Podのホストネットワークサポートが削除されました。([KEP-3503](https://kep.k8s.io/3503))\n\nWatchListがベータになりました。（KEP-3157）\n";
    let (doc, r) = run(md);
    let got: Vec<(u32, Option<Stage>, &str)> = r
        .keps
        .iter()
        .map(|m| (m.kep.0, m.stage, at(&doc, m.block, &m.sentence)))
        .collect();
    assert_eq!(
        got,
        [
            (
                3503,
                Some(Stage::Removed),
                "v1.26でアルファとして追加された、Windows Podのホストネットワークサポートが削除されました。(KEP-3503)"
            ),
            (
                3157,
                Some(Stage::Beta),
                "WatchListがベータになりました。（KEP-3157）"
            ),
        ]
    );
}

#[test]
fn a_citation_closing_a_sentence_that_states_then_plans_takes_what_it_states_of_its_gate() {
    // KEP-3157's gate is `WatchList` (the test registry); the plan is a later
    // clause's, the citation the whole sentence's.
    let md = "`WatchList`はv1.31でベータ版に昇格しており、v1.33でGAになる見込みです([KEP-3157](https://kep.k8s.io/3157))。\n";
    assert_eq!(
        kep_stages(md),
        [(3157, Some(Stage::Beta), Some(rel("1.31")))]
    );
    // A reference inside the planning clause, or a citation of a sentence that only plans,
    // takes nothing.
    for md in [
        "`WatchList`はv1.31でベータ版に昇格しており、[KEP-3157](https://kep.k8s.io/3157)はv1.33でGAになる見込みです。\n",
        "`WatchList`はv1.33でGAになる見込みです([KEP-3157](https://kep.k8s.io/3157))。\n",
    ] {
        let got = kep_stages(md);
        assert_eq!(got.len(), 1, "{md}");
        assert_eq!(got[0].1, None, "{md}");
    }
}

#[test]
fn a_mention_whose_own_clause_states_a_stage_after_the_sentences_takes_its_clauses() {
    let stages = |md: &str| -> Vec<(String, Option<Stage>, Option<String>)> {
        let (_, r) = real(md);
        r.gates
            .iter()
            .map(|m| {
                (
                    m.gate.0.clone(),
                    m.stage,
                    m.stage_release.map(|r| r.to_string()),
                )
            })
            .collect()
    };
    let g = |name: &str, stage: Stage, release: Option<&str>| {
        (name.to_string(), Some(stage), release.map(str::to_string))
    };
    // Two clauses, each with its own subject and stage.
    assert_eq!(
        stages("`SidecarContainers`と`NodeSwap`がベータへ、`AppArmor`はアルファで追加されます。"),
        [
            g("SidecarContainers", Stage::Beta, None),
            g("NodeSwap", Stage::Beta, None),
            g("AppArmor", Stage::Alpha, None),
        ]
    );
    // A history in one sentence: the stage the sentence settles on, after the mention's clause.
    assert_eq!(
        stages("`SidecarContainers`はv1.28でアルファ、v1.29でベータ、v1.33でGAになりました。"),
        [g("SidecarContainers", Stage::Stable, Some("1.33"))]
    );
    // Names listed after the stage word, each in a clause of its own without one.
    assert_eq!(
        stages("ベータに昇格したのは`NodeSwap`、`AppArmor`です。"),
        [
            g("NodeSwap", Stage::Beta, None),
            g("AppArmor", Stage::Beta, None)
        ]
    );
}

#[test]
fn a_gate_in_a_code_span_titling_an_item_under_a_stage_heading_is_the_gate() {
    let (_, r) = real(concat!(
        "## ベータに昇格した新機能\n\n",
        "### サイドカーの再起動 (`SidecarContainers`)\n\n",
        "本文です。\n\n",
        "## 安定版 (GA)\n\n",
        "- KEP-3488 `ValidatingAdmissionPolicy` GA\n",
        "- `NodeSwap`\n",
        "- このように長い文章の中で `AppArmor` を使う項目は、タイトルではなく説明なので、ゲートとは読みません。\n\n",
        "## その他\n\n",
        "- `ReadWriteOncePod`\n",
    ));
    let got: Vec<(String, Option<Stage>)> = r
        .gates
        .iter()
        .map(|m| (m.gate.0.clone(), m.stage))
        .collect();
    assert_eq!(
        got,
        [
            ("SidecarContainers".to_string(), Some(Stage::Beta)),
            ("ValidatingAdmissionPolicy".to_string(), Some(Stage::Stable)),
            ("NodeSwap".to_string(), Some(Stage::Stable)),
        ]
    );
}

#[test]
fn other_words_for_ga_and_removal_are_stages() {
    for (md, want) in [
        ("`SidecarContainers`は正式版になりました。", Stage::Stable),
        (
            "`SidecarContainers`が一般提供（GA）になりました。",
            Stage::Stable,
        ),
        ("`NodeSwap`は廃止されました。", Stage::Removed),
        ("`NodeSwap`は廃止予定です。", Stage::Deprecated),
    ] {
        let (_, r) = real(md);
        let got: Vec<Option<Stage>> = r.gates.iter().map(|m| m.stage).collect();
        assert_eq!(got, [Some(want)], "{md}");
    }
}

#[test]
fn a_known_gate_leading_an_item_under_a_gates_heading_is_the_gate_without_a_code_span() {
    let (_, r) = real(
        "## フィーチャーゲート\n\n- SidecarContainers: サイドカーコンテナ\n- NodeSwap — スワップ\n- Unknownname: 不明\n- AppArmorのサポート\n",
    );
    assert_eq!(r.gate_names(), ["NodeSwap", "SidecarContainers"]);
}

#[test]
fn a_hash_number_in_a_kep_column_is_the_kep() {
    let (_, r) = run(concat!(
        "| 機能 | KEP | PR |\n|---|---|---|\n",
        "| サイドカー | #753 | #116429 |\n",
        "| スワップ | #2400 | #118764 |\n\n",
        "| 機能 | KEP番号 |\n|---|---|\n| Pod | #1287 |\n\n",
        "| 機能 | 番号 |\n|---|---|\n| 不明 | #5000 |\n",
    ));
    let keps: Vec<u32> = r.keps.iter().map(|m| m.kep.0).collect();
    assert_eq!(keps, [753, 2400, 1287]);
    let prs: Vec<u32> = r.prs.iter().map(|m| m.pr.number).collect();
    assert_eq!(prs, [116429, 118764, 5000], "another column keeps its PRs");
}

#[test]
fn a_list_of_gate_names_takes_the_stage_its_lead_or_heading_states() {
    let md = "## v1.32で削除されたフィーチャーゲート\n\n以下のフィーチャーゲートが削除されました:\n\n- `CloudDualStackNodeIPs`\n- NewVolumeManagerReconstruction\n- `KMSv2KDF`（GA済み）\n\n## アルファ\n\n- `NodeSwap`\n";
    assert_eq!(
        gate_facts(md)
            .into_iter()
            .map(|(g, s, _, _)| (g, s))
            .collect::<Vec<_>>(),
        [
            ("CloudDualStackNodeIPs".to_string(), Some(Stage::Removed)),
            (
                "NewVolumeManagerReconstruction".to_string(),
                Some(Stage::Removed)
            ),
            // The item's own statement is its.
            ("KMSv2KDF".to_string(), Some(Stage::Stable)),
            ("NodeSwap".to_string(), Some(Stage::Alpha)),
        ]
    );
    // A word in a list that is not a gate the registry knows stays a word.
    assert!(gate_facts("## 削除されたフィーチャーゲート\n\n- Kubernetes\n- 何か\n").is_empty());
}

#[test]
fn a_numbered_heading_takes_its_stage_line_or_its_sections_stage() {
    let md = "### #3962 x\n\nnftablesモードがベータに昇格し、使いやすくなりました。\n\n### #3157 y\n\nステージ: 安定版への昇格\n\n### #2644 z\n\n**段階**: アルファからベータへ\n";
    assert_eq!(
        kep_stages(md),
        [
            (3962, Some(Stage::Beta), None),
            (3157, Some(Stage::Stable), None),
            (2644, Some(Stage::Beta), None),
        ]
    );
    // A paragraph naming several stages: the sentence stating the article's release's.
    let md = "### Volume Populators（KEP-1495）\n\n1.24 でベータになって以来、長くベータのままでしたが、ついに GA になりました。\n";
    assert_eq!(kep_stages(md), [(1495, Some(Stage::Stable), None)]);
    // A removal of something else in the section is not the heading's.
    let md = "### #2644 PersistentVolume\n\nHonorPVReclaimPolicy はデフォルトで有効になりました。ストレージが削除された後にのみ削除されます。\n";
    assert_eq!(kep_stages(md), [(2644, None, None)]);
}

#[test]
fn a_table_with_a_column_per_release_states_the_articles_releases_stage() {
    // The articles of these tests are about 1.32.
    let md = "| KEP | 機能 | 1.31 | 1.32 |\n|---|---|---|---|\n| KEP-3157 | WatchList | アルファ | ベータ |\n| 3962 | MAP | - | アルファ |\n";
    assert_eq!(
        kep_stages(md),
        [
            (3157, Some(Stage::Beta), Some(rel("1.32"))),
            (3962, Some(Stage::Alpha), Some(rel("1.32"))),
        ]
    );
    let md = "| フィーチャーゲート | v1.31でのステージ | v1.32でのステージ |\n|---|---|---|\n| WatchList | Alpha | Beta |\n";
    assert_eq!(gate_facts(md)[0].1, Some(Stage::Beta));
    // What the article's release changes, beside where the row stands before it.
    let md = "| ゲート | 現在のステージ | 1.32 での変化 |\n|---|---|---|\n| `WatchList` | ベータ | GA |\n";
    let g = &gate_facts(md)[0];
    assert_eq!((g.1, g.2), (Some(Stage::Stable), Some(rel("1.32"))));
    // Another release's column only: its stage, for that release.
    let md = "| フィーチャーゲート | v1.30でのステージ |\n|---|---|\n| WatchList | Alpha |\n";
    assert_eq!(gate_facts(md)[0].2, Some(rel("1.30")));
    // A column headed ゲート名 holds gate names; a bare number under KEP番号 is the KEP, a
    // bare number elsewhere nothing.
    // The stage header's release beats the row's introduced-in cell.
    let md = "| フィーチャーゲート | 導入 | v1.32でのステージ |\n|---|---|---|\n| WatchList | v1.27 | Beta |\n";
    assert_eq!(gate_facts(md)[0].2, Some(rel("1.32")));
    let md = "| フィーチャーゲート | 備考 |\n|---|---|\n| WatchList | ベータに昇格 |\n";
    assert_eq!(gate_facts(md)[0].1, Some(Stage::Beta));
    let md = "| ゲート名 | 説明 |\n|---|---|\n| WatchList | x |\n";
    assert_eq!(gate_facts(md).len(), 1);
    let md = "| 機能 | ステージ | ゲート / KEP |\n|---|---|---|\n| Pod 証明書 | α | `PodDisruptionBudget` |\n";
    assert_eq!(gate_facts(md).len(), 1);
    let md = "| KEP番号 | 機能 | 件数 |\n|---|---|---|\n| 1287 | x | 12 |\n";
    assert_eq!(kep_stages(md), [(1287, None, None)]);
    // The article's release's cell states nothing: the latest earlier release's stage.
    let md = "| KEP | 機能 | 1.30 | 1.31 | 1.32 |\n|---|---|---|---|---|\n| KEP-3157 | WatchList | GA | 削除 | ー |\n| KEP-3962 | MAP | α | β | ー |\n";
    assert_eq!(
        kep_stages(md),
        [
            (3157, Some(Stage::Removed), Some(rel("1.31"))),
            (3962, Some(Stage::Beta), Some(rel("1.31"))),
        ]
    );
}

#[test]
fn a_heading_opening_with_a_bare_number_and_a_dash_is_that_kep() {
    let md = "#### 3960 - Pod lifecycle sleep action\n\n- Stage: Graduating to Stable\n\n### 3157: WatchList\n\nベータに昇格しました。\n";
    let (_, r) = real(md);
    let got: Vec<(u32, Option<&str>, Option<Stage>)> = r
        .keps
        .iter()
        .map(|m| (m.kep.0, m.title.as_deref(), m.stage))
        .collect();
    assert_eq!(
        got,
        [
            (
                3960,
                Some("Pod lifecycle sleep action"),
                Some(Stage::Stable)
            ),
            (3157, Some("WatchList"), Some(Stage::Beta)),
        ]
    );
    // A year, a count, a release, a step number: no KEP.
    for md in [
        "### 2024 年のまとめ\n",
        "### 3 つの変更\n",
        "### 1.33 - 変更点\n",
        "### 12 - 手順\n",
        "### 12345 - 大きすぎる\n",
    ] {
        assert!(real(md).1.keps.is_empty(), "{md}");
    }
    // `refs = "pr"`: numbers are pull requests.
    let doc = crate::parse::blocks::parse("### 3960 - x\n", 1);
    let r = extract(&doc, &front(Some(RefHint::Pr)), &real_registry());
    assert!(r.keps.is_empty());
}

#[test]
fn names_listed_before_the_object_marker_share_its_stage() {
    // A changelog digest: both gates are graduated, both removed.
    let stages = |md: &str| -> Vec<(String, Option<Stage>)> {
        gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect()
    };
    assert_eq!(
        stages("Job: `JobSuccessPolicy` と `JobBackoffLimitPerIndex` を GA に昇格しました。"),
        [
            ("JobSuccessPolicy".to_string(), Some(Stage::Stable)),
            ("JobBackoffLimitPerIndex".to_string(), Some(Stage::Stable))
        ]
    );
    assert_eq!(
        stages("- `AppArmor` と `AppArmorFields` フィーチャーゲートを削除しました。"),
        [
            ("AppArmor".to_string(), Some(Stage::Removed)),
            ("AppArmorFields".to_string(), Some(Stage::Removed))
        ]
    );
    assert_eq!(
        stages("`SidecarContainers`、`JobPodReplacementPolicy` をベータに昇格しました。"),
        [
            ("SidecarContainers".to_string(), Some(Stage::Beta)),
            ("JobPodReplacementPolicy".to_string(), Some(Stage::Beta))
        ]
    );
}

#[test]
fn a_stage_the_text_says_did_not_come_is_no_stage() {
    for md in [
        "KEP-3962 は GA になったわけではありません。",
        "KEP-3962 がすぐに非推奨になるわけではない点に注意。",
        "KEP-3962 は GA には至っていません。",
        "KEP-3962 はベータにはまだなっていない。",
        "KEP-3962 は GA扱いではありません。",
        "KEP-3962 は非推奨とはされていません。",
        "KEP-3962 は GA 昇格ならず。",
        "KEP-3962 has not graduated to beta.",
        "KEP-3962 はベータになったわけではありません。",
        "KEP-3962 did not make it to beta in this release.",
        "KEP-3962 で cgroup v1 はメンテナンスモードに。非推奨化ではない。",
        "KEP-3962 は非推奨化ではなく、新機能の追加が止まるだけ。",
    ] {
        assert_eq!(kep_stages(md), [(3962, None, None)], "{md}");
    }
}

#[test]
fn a_stage_word_inside_a_name_or_at_an_arrows_end() {
    // `beta` in an annotation's key says nothing of the gate.
    let got = gate_facts(
        "`NodeSwap` フィーチャーゲートを有効にするには `foo.beta.kubernetes.io/bar` を設定します。",
    );
    assert_eq!(got, [("NodeSwap".to_string(), None, None, None)]);
    // The end of a transition is the stage, a bare removal too.
    assert_eq!(
        kep_stages("KEP-3962 のサイドカーの流れ: 起動 → 実行 → 削除\n"),
        [(3962, None, None)]
    );
    for md in [
        "- KEP-3962: GA→削除\n",
        "- KEP-3962 非推奨 -> 削除\n",
        "- KEP-3962 は GA 後に削除\n",
        "- KEP-3962 は GA の後に削除\n",
    ] {
        assert_eq!(kep_stages(md), [(3962, Some(Stage::Removed), None)], "{md}");
    }
}

#[test]
fn terse_and_spoken_forms_of_stages_and_defaults() {
    // `デフォルト OFF` is a default, so the stage keeps the article's release (1.32 in tests).
    assert_eq!(
        gate_facts(
            "`PodLevelResources` は 1.31 でβ版になっていて、1.32 でもデフォルト OFF の β のままです。"
        ),
        [(
            "PodLevelResources".to_string(),
            Some(Stage::Beta),
            Some(rel("1.32")),
            Some(false)
        )]
    );
    assert_eq!(
        gate_facts("`PodLevelResources` はベータでデフォルト ON です。")[0].3,
        Some(true)
    );
    // A bare removal after a name, and 撤去.
    for md in [
        "- KEP-3962 削除\n",
        "- `PodLevelResources`: 削除\n",
        "KEP-3962 は撤去されました。",
    ] {
        let (_, r) = real(md);
        let stages: Vec<Option<Stage>> = r
            .keps
            .iter()
            .map(|m| m.stage)
            .chain(r.gates.iter().map(|m| m.stage))
            .collect();
        assert_eq!(stages, [Some(Stage::Removed)], "{md}");
    }
    // What held up to an earlier release ends where the article's release is named.
    assert_eq!(
        gate_facts("1.31 以前はアルファだった `PodLevelResources` が 1.32 でベータに。"),
        [(
            "PodLevelResources".to_string(),
            Some(Stage::Beta),
            Some(rel("1.32")),
            None
        )]
    );
}

#[test]
fn a_bare_removal_titles_only_with_a_colon() {
    // `削除:` titles its items; `- 削除` among operations does not.
    assert_eq!(
        kep_stages("- KEP-753 のサイドカーコンテナ\n  - 作成\n  - 削除\n"),
        [(753, None, None)]
    );
    for md in [
        "削除:\n\n- `SidecarContainers`\n",
        "5. 削除:\n   1. `SidecarContainers`\n",
    ] {
        assert_eq!(
            gate_facts(md),
            [(
                "SidecarContainers".to_string(),
                Some(Stage::Removed),
                None,
                None
            )],
            "{md}"
        );
    }
    // A configuration kind holding gates is none.
    let (_, r) = real(
        "`--feature-gates` や KubeletConfiguration の `featureGates` に残っていると起動しません。",
    );
    assert!(r.gates.is_empty(), "{:?}", r.gates);
}

#[test]
fn a_release_said_of_a_stage_is_its_release() {
    for (md, stage, release) in [
        ("KEP-3962 のベータは 1.33 です。", Stage::Beta, "1.33"),
        (
            "KEP-3962 は GA が v1.34 になっています。",
            Stage::Stable,
            "1.34",
        ),
        (
            "KEP-3962 のベータ昇格は v1.30 でした。",
            Stage::Beta,
            "1.30",
        ),
    ] {
        assert_eq!(
            kep_stages(md),
            [(3962, Some(stage), Some(rel(release)))],
            "{md}"
        );
    }
}

#[test]
fn a_gate_in_the_item_of_its_kep_is_a_mention() {
    let gates = |md: &str| -> Vec<String> {
        let (_, r) = run(md);
        r.gates.iter().map(|m| m.gate.0.clone()).collect()
    };
    // The registry ties WatchList to KEP-3157.
    assert_eq!(gates("- KEP-3157 WatchList\n"), ["WatchList"]);
    assert_eq!(
        gates("- KEP-3157 informer の改善\n  - `WatchList`\n"),
        ["WatchList"]
    );
    // Not in an item, or beside another KEP: the name alone says nothing.
    assert!(gates("KEP-3157 WatchList の話。\n").is_empty());
    assert!(gates("- KEP-3962 WatchList\n").is_empty());
}

#[test]
fn a_stage_cell_spanning_rows_is_the_stage_of_each() {
    let md = "<table>\n<tr><th>ゲート名</th><th>ステージ</th><th>結果</th></tr>\n<tr><td><code>SidecarContainers</code></td><td rowspan=\"2\">ベータ</td><td>○</td></tr>\n<tr><td><code>NodeSwap</code></td><td>○</td></tr>\n<tr><td><code>AppArmorFields</code></td><td>アルファ</td><td>×</td></tr>\n</table>\n";
    let got: Vec<(String, Option<Stage>)> =
        gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
    assert_eq!(
        got,
        [
            ("SidecarContainers".to_string(), Some(Stage::Beta)),
            ("NodeSwap".to_string(), Some(Stage::Beta)),
            ("AppArmorFields".to_string(), Some(Stage::Alpha)),
        ]
    );
}

#[test]
fn an_api_kinds_name_switched_on_is_its_gate() {
    let md = "| 機能 | ステージ | 備考 |\n|---|---|---|\n| Pod 証明書 | ベータ（デフォルト無効） | `PodDisruptionBudget` を明示的に有効化する必要あり |\n";
    let (_, r) = real(md);
    let gates: Vec<&str> = r.gates.iter().map(|m| m.gate.0.as_str()).collect();
    assert_eq!(gates, ["PodDisruptionBudget"]);
    // The kind itself is no gate.
    let (_, r) = real("`PodDisruptionBudget` オブジェクトを作成します。");
    assert!(r.gates.is_empty(), "{:?}", r.gates);
}

#[test]
fn a_parent_item_titles_its_nested_items_as_a_heading_would() {
    let md = "- **GA に昇格したもの**\n  - サイドカーコンテナ（`SidecarContainers`）\n  - KEP-3962\n- アルファとして追加:\n  - `PodLevelResources`\n";
    assert_eq!(
        gate_facts(md),
        [
            (
                "SidecarContainers".to_string(),
                Some(Stage::Stable),
                None,
                None
            ),
            (
                "PodLevelResources".to_string(),
                Some(Stage::Alpha),
                None,
                None
            ),
        ]
    );
    assert_eq!(kep_stages(md), [(3962, Some(Stage::Stable), None)]);
    // A parent item that names a KEP is an entry, not a title; a statement or a topic is none.
    for md in [
        "- KEP-3157 はベータです\n  - KEP-3962\n",
        "- サイドカーコンテナが GA に\n  - KEP-3962\n",
        "- ベータ機能の使い方\n  - KEP-3962 を読む\n",
        "- アルファ機能を試すには:\n  - KEP-3962\n",
    ] {
        assert_eq!(kep_stages(md).last(), Some(&(3962, None, None)), "{md}");
    }
}

#[test]
fn a_parent_item_introducing_its_list_heads_its_nested_items() {
    let md = "- v1.33 で以下が削除されました。\n  - `SidecarContainers`\n  - `WatchList`\n- 次の機能がベータになりました\n  - `PodLevelResources`\n";
    let removed = Some(rel("1.33"));
    assert_eq!(
        gate_facts(md),
        [
            (
                "SidecarContainers".to_string(),
                Some(Stage::Removed),
                removed,
                None
            ),
            ("WatchList".to_string(), Some(Stage::Removed), removed, None),
            (
                "PodLevelResources".to_string(),
                Some(Stage::Beta),
                None,
                None
            ),
        ]
    );
    // An introducer that says no change, or names a gate itself, heads nothing.
    for md in [
        "- 以下はベータ機能の一覧を読むためのメモです\n  - KEP-3962\n",
        "- 以下の `WatchList` はベータです。\n  - KEP-3962\n",
    ] {
        assert_eq!(kep_stages(md).last(), Some(&(3962, None, None)), "{md}");
    }
}

#[test]
fn the_first_name_of_a_stage_sections_first_paragraph_or_item_is_its_gate() {
    use Stage::*;
    for (md, name, stage) in [
        (
            "## GA に昇格した機能\n\n### Pod の再起動\n\n`RetryGenerateName` により、名前の生成を再試行できます。\n",
            "RetryGenerateName",
            Stable,
        ),
        (
            "## アルファとして追加された機能\n\n`PodLevelResources` を使うと Pod 全体のリソースを指定できます。\n",
            "PodLevelResources",
            Alpha,
        ),
        (
            "## ベータに昇格した機能\n\n- `WatchList` により、一覧をストリームで受け取れます。\n",
            "WatchList",
            Beta,
        ),
        (
            "## 安定版\n\n### セキュリティ\n\nセキュリティの強化 (`KMSv2`) が利用できます。\n",
            "KMSv2",
            Stable,
        ),
    ] {
        assert_eq!(
            gate_facts(md),
            [(name.to_string(), Some(stage), None, None)],
            "{md}"
        );
    }
    // A name said in passing (in a later paragraph, after another name, or under no stage) is
    // the gate, but not what the section says reached its stage.
    for md in [
        "## GA に昇格した機能\n\nPod の名前を生成し直せるようになりました。\n\n`WatchList` と組み合わせても使えます。\n",
        "## GA に昇格した機能\n\nKEP-3962 の `WatchList` 連携が使えます。\n",
        "## GA に昇格した機能\n\n- 一覧を読むときは `WatchList` と組み合わせます。\n",
        "## 使い方\n\n`WatchList` により、一覧をストリームで受け取れます。\n",
    ] {
        assert_eq!(
            gate_facts(md),
            [("WatchList".to_string(), None, None, None)],
            "{md}"
        );
    }
}

#[test]
fn a_release_spelled_with_its_patch_or_more_words_dates_the_stage() {
    use Stage::*;
    // The test article is of 1.32.
    for (md, stage, release) in [
        ("`NodeSwap` は v1.31.0 でベータになりました。", Beta, "1.31"),
        ("`NodeSwap` は 1.31.2 でベータになりました。", Beta, "1.31"),
        (
            "`NodeSwap` は 1.31 リリースでベータに昇格しています。",
            Beta,
            "1.31",
        ),
        (
            "`NodeSwap` は v1.31 リリースにてベータに昇格しました。",
            Beta,
            "1.31",
        ),
        ("`NodeSwap` は 1.31+ でベータです。", Beta, "1.31"),
        ("`NodeSwap` は v1.31~ ベータ。", Beta, "1.31"),
        (
            "`NodeSwap` は Kubernetes v1.31 で追加されたアルファ機能です。",
            Alpha,
            "1.31",
        ),
        (
            "`NodeSwap` は Kubernetes 1.27 から長らくアルファでした。",
            Alpha,
            "1.27",
        ),
        (
            "Kubernetes 1.31 以降、`NodeSwap` は GA です。",
            Stable,
            "1.31",
        ),
    ] {
        assert_eq!(
            gate_facts(md).first().map(|g| (g.1, g.2)),
            Some((Some(stage), Some(rel(release)))),
            "{md}"
        );
    }
}

#[test]
fn next_time_said_of_a_stage_is_a_plan() {
    for md in [
        "`NodeSwap` のベータ昇格は次回リリースで。",
        "`NodeSwap` は次回ベータ。",
        "- [ ] `NodeSwap` ベータ（次回）\n",
    ] {
        assert_eq!(gate_facts(md)[0].1, None, "{md}");
    }
    // Next time said of the article is no plan of the stage.
    assert_eq!(
        gate_facts("`NodeSwap` フィーチャーゲートはベータになりました。詳細は次回の記事で。")[0].1,
        Some(Stage::Beta)
    );
}

#[test]
fn a_link_to_a_gate_on_the_feature_gates_page_names_it() {
    for md in [
        "利用するには[フィーチャーゲート](https://kubernetes.io/ja/docs/reference/command-line-tools-reference/feature-gates/#NodeSwap)を確認してください。",
        "詳しくは[こちら](https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/#nodeswap)をご覧ください。",
        "[ゲートの説明](/docs/reference/command-line-tools-reference/feature-gates/NodeSwap/)",
    ] {
        assert_eq!(real_gates(md), ["NodeSwap"], "{md}");
    }
    // The page itself, or an anchor of no known gate, names none.
    for md in [
        "[フィーチャーゲート](https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/)の一覧",
        "[概要](https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/#overview)",
    ] {
        assert!(real_gates(md).is_empty(), "{md}");
    }
}

#[test]
fn names_in_code_spans_joined_by_a_slash_are_each_a_gate() {
    let got: Vec<_> = gate_facts("`JobSuccessPolicy`/`NodeSwap` が GA になりました。")
        .into_iter()
        .map(|g| (g.0, g.1))
        .collect();
    assert_eq!(
        got,
        [
            ("JobSuccessPolicy".to_string(), Some(Stage::Stable)),
            ("NodeSwap".to_string(), Some(Stage::Stable))
        ]
    );
    // A path in one span is still no gate.
    assert!(real_gates("`pkg/NodeSwap` を読みます。").is_empty());
}

#[test]
fn removals_said_in_everyday_words() {
    for md in [
        "`NodeSwap` は使えなくなりました。",
        "`NodeSwap` フィーチャーゲートは使えなくなりました。",
        "`NodeSwap` ゲートがなくなりました。",
        "`NodeSwap` ゲートは削除となりました。",
        "### `NodeSwap` の削除\n\n本文です。\n",
        "- `NodeSwap` の削除\n",
    ] {
        assert_eq!(
            gate_facts(md).first().map(|g| g.1),
            Some(Some(Stage::Removed)),
            "{md}"
        );
    }
    // A heading that is the bare noun titles the removals under it.
    for md in [
        "## 削除\n\n- `NodeSwap`\n",
        "## 廃止\n\n- `NodeSwap`: 古いスワップのゲート\n",
    ] {
        assert_eq!(
            gate_facts(md).first().map(|g| g.1),
            Some(Some(Stage::Removed)),
            "{md}"
        );
    }
    // Not a removal: another thing gone, a deletion among other words, a future.
    for md in [
        "`NodeSwap` を有効にすると心配がなくなりました。",
        "`NodeSwap` の削除手順を説明します。",
        "`NodeSwap` フィーチャーゲートを有効にすると古い設定が使えなくなります。",
    ] {
        assert!(
            gate_facts(md).iter().all(|g| g.1 != Some(Stage::Removed)),
            "{md}: {:?}",
            gate_facts(md)
        );
    }
    // A planned removal names the gate, with no stage.
    assert_eq!(
        gate_facts("`NodeSwap` は v1.36 で削除予定です。"),
        [("NodeSwap".to_string(), None, None, None)]
    );
}

#[test]
fn a_denied_stage_is_no_stage() {
    assert_eq!(
        gate_facts("`StorageNamespaceIndex` フィーチャーゲートは非推奨ではありません。")[0].1,
        None
    );
    // Without the keyword the known gate is still named, with no stage.
    let got = gate_facts("`StorageNamespaceIndex` は非推奨ではありません。");
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].1, None);
    assert_eq!(
        kep_stages(
            "The `cgroupfs` driver is not deprecated, but see [KEP-4569](https://kep.k8s.io/4569)."
        ),
        [(4569, None, None)]
    );
    // What it is instead still counts.
    assert_eq!(
        kep_stages("KEP-3962 はベータではなくGAになりました。"),
        [(3962, Some(Stage::Stable), None)]
    );
    // It did not get there (a CHANGELOG memo's `今回 GA へは進みませんでした`).
    for md in [
        "KEP-3962 は今回 GA へは進みませんでした。",
        "KEP-3962 は GA に至りませんでした。",
        "KEP-3962 は GA には進まず、ベータのままです。",
    ] {
        let got = kep_stages(md);
        assert_ne!(got[0].1, Some(Stage::Stable), "{md}: {got:?}");
    }
    // Asked when it will, it has not (`…がいつ GA になるのか、という質問です`).
    for md in [
        "KEP-3962 がいつ GA になるのか、という質問です。",
        "KEP-3962 はいつ GA になるのか気になります。",
        "KEP-3962 はいつ GA になるのでしょうか？",
        "KEP-3962 はいつ GA になりますか？",
        // A question in a section of no stage takes none from the section's other sentences.
        "## 今後の予定\n\nベータ昇格の条件としては、containerd でのサポートなどが検討されています。\n\n**KEP-3962 はいつデフォルトで有効になりますか？**\n",
    ] {
        assert_eq!(kep_stages(md), [(3962, None, None)], "{md}");
    }

    // A step that was taken is one.
    assert_eq!(
        kep_stages("KEP-3962 は GA へ進みました。"),
        [(3962, Some(Stage::Stable), None)]
    );
}

#[test]
fn pulled_is_a_postponement_only_when_pulled_from_the_release() {
    assert_eq!(
        kep_stages(
            "[Ensure secret pulled images](https://github.com/kubernetes/enhancements/blob/master/keps/sig-node/2535-ensure-secret-pulled-images/kep.yaml)は、v1.33でアルファになりました。"
        ),
        [(2535, Some(Stage::Alpha), Some(rel("1.33")))]
    );
    assert_eq!(
        kep_stages("KEP-3962 was pulled from the release after reaching beta."),
        [(3962, None, None)]
    );
}

#[test]
fn a_known_gate_leading_an_item_or_spanned_in_a_block_of_one_stage_is_a_gate() {
    let md = "## ベータになった機能\n\n- `NFTablesProxyMode`: kube-proxy の nftables バックエンド。ベータに昇格しました。\n- `MultiCIDRServiceAllocator`: 複数の Service CIDR。説明だけです。\n";
    let got: Vec<(String, Option<Stage>)> =
        gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
    assert_eq!(
        got,
        [
            ("NFTablesProxyMode".to_string(), Some(Stage::Beta)),
            ("MultiCIDRServiceAllocator".to_string(), Some(Stage::Beta))
        ]
    );
    let got = gate_facts(
        "A. `KubeletPodResourcesDynamicResources` で見えるようになります。まだアルファです。",
    );
    assert_eq!(got[0].1, Some(Stage::Alpha), "{got:?}");
    // Without a stage anywhere the name is the gate, of no stage.
    for md in [
        "- `NFTablesProxyMode`: kube-proxy の nftables バックエンド。",
        "`NFTablesProxyMode` で見えるようになります。",
    ] {
        assert_eq!(
            gate_facts(md),
            [("NFTablesProxyMode".into(), None, None, None)],
            "{md}"
        );
    }
}

#[test]
fn a_name_before_the_short_gate_word_is_a_gate_and_a_list_of_them_takes_the_headings_stage() {
    let md = "## 削除されたもの\n\n- `KMSv2` ゲート\n- `NodeOutOfServiceVolumeDetach` ゲート\n";
    let got: Vec<(String, Option<Stage>)> =
        gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
    assert_eq!(
        got,
        [
            ("KMSv2".to_string(), Some(Stage::Removed)),
            (
                "NodeOutOfServiceVolumeDetach".to_string(),
                Some(Stage::Removed)
            )
        ]
    );
    // A scheduler's gate, a gateway and a quality gate are not the keyword: a name the registry
    // does not know stays no gate, and one it knows (in a code span of its own) is the gate
    // without the page's stage.
    for md in [
        "{{< feature-state state=\"alpha\" >}}\n\nすべてのPodは`SchedulingPermitStep`ゲートで待機します。",
        "`KMSv3Proxy` ゲートウェイ",
        "品質ゲート `KMSv3Proxy` を通過",
    ] {
        assert!(gate_facts(md).is_empty(), "{md}: {:?}", gate_facts(md));
    }
    for (md, name) in [
        (
            "{{< feature-state state=\"alpha\" >}}\n\nすべてのPodは`WaitOnPermit`ゲートで待機します。",
            "WaitOnPermit",
        ),
        ("`KMSv2` ゲートウェイ", "KMSv2"),
        ("品質ゲート `KMSv2` を通過", "KMSv2"),
    ] {
        assert_eq!(gate_facts(md), [(name.into(), None, None, None)], "{md}");
    }
}

#[test]
fn a_known_gate_in_a_row_whose_stage_column_states_one_takes_that_rows_stage_and_release() {
    let md = "| リリース | ステージ | 内容 |\n|---|---|---|\n| v1.27 | アルファ | `InPlacePodVerticalScaling`の導入 |\n";
    assert_eq!(
        gate_facts(md),
        [(
            "InPlacePodVerticalScaling".to_string(),
            Some(Stage::Alpha),
            Some(rel("1.27")),
            None
        )]
    );
}

#[test]
fn an_introduced_in_column_is_the_alpha_release_and_a_since_column_the_stages() {
    use Stage::*;
    let md = "| フィーチャーゲート | ステージ | 導入 |\n|---|---|---|\n| `InPlacePodVerticalScaling` | Beta | 1.27 |\n| `PodLevelResources` | Alpha | 1.32 |\n";
    assert_eq!(
        gate_histories(md),
        [
            (
                "InPlacePodVerticalScaling".to_string(),
                Some(Beta),
                None,
                vec![(rel("1.27"), Alpha)]
            ),
            (
                "PodLevelResources".to_string(),
                Some(Alpha),
                Some(rel("1.32")),
                // The release it settles on is no history.
                vec![]
            ),
        ]
    );
    // `Since` is the release of the row's stage.
    let md = "| Feature | Stage | Since |\n|---|---|---|\n| `InPlacePodVerticalScaling` | Beta | 1.31 |\n";
    assert_eq!(gate_facts(md)[0].2, Some(rel("1.31")));
}

#[test]
fn a_ditto_mark_in_a_stage_column_repeats_the_cell_above() {
    use Stage::*;
    let md = "| ゲート | ステージ |\n|---|---|\n| `WatchList` | ベータ |\n| `PodLevelResources` | 〃 |\n| `SELinuxMount` | 同上 |\n| `KMSv2` | GA |\n| `ImageMaximumGCAge` | ″ |\n";
    let stages: Vec<_> = gate_facts(md).into_iter().map(|f| f.1).collect();
    assert_eq!(
        stages,
        [
            Some(Beta),
            Some(Beta),
            Some(Beta),
            Some(Stable),
            Some(Stable)
        ]
    );
    // A ditto mark with nothing stated above repeats nothing.
    let md = "| ゲート | ステージ |\n|---|---|\n| `WatchList` | 調査中 |\n| `PodLevelResources` | 〃 |\n";
    assert_eq!(gate_facts(md)[1].1, None);
}

#[test]
fn a_gate_named_as_an_annotation_is_the_annotation() {
    // AppArmor's annotations were deprecated, not the AppArmor gate.
    for md in [
        "AppArmor のアノテーションによる指定は v1.30 から非推奨です。",
        "AppArmor annotations are deprecated since v1.30.",
    ] {
        assert!(gate_facts(md).is_empty(), "{md}: {:?}", gate_facts(md));
    }
    assert_eq!(
        gate_facts("AppArmor フィーチャーゲートは GA です。")[0].1,
        Some(Stage::Stable)
    );
}

#[test]
fn a_list_item_takes_the_one_stage_its_nested_items_state_for_it() {
    // A 1.32 study memo (the test front matter's release).
    let md = "- KEP-3157 informers\n  - 1.27 α → 1.32 β\n- KEP-3962\n  - `InPlacePodVerticalScaling` α\n- KEP-1 の話\n  - 何も言わない\n";
    assert_eq!(
        kep_stages(md),
        [
            (3157, Some(Stage::Beta), Some(rel("1.32"))),
            (3962, None, None),
            (1, None, None)
        ]
    );
    // The gate the registry ties to the KEP is the same change; a loose list reads the same.
    let md = "- KEP-3157\n\n  - `WatchList` α\n";
    assert_eq!(kep_stages(md)[0].1, Some(Stage::Alpha));
    // A definition list's term takes its definitions' stage the same way.
    let md = "KEP-3157\n: informer の一覧取得\n: v1.32 でベータに昇格\n\nKEP-3962\n: 説明のみ\n";
    assert_eq!(
        kep_stages(md),
        [
            (3157, Some(Stage::Beta), Some(rel("1.32"))),
            (3962, None, None)
        ]
    );
}

#[test]
fn a_known_name_alone_over_stated_definitions_or_items_is_the_gate() {
    // The test registry knows `SidecarContainers` and `WatchList`; `Pod` is no gate.
    let md = "`SidecarContainers`\n: 1.29 でベータになったゲート。\n\nWatchList\n: 1.32 でベータ\n\nPod\n: 1.29 でベータ\n";
    assert_eq!(
        gate_facts(md),
        [
            (
                "SidecarContainers".into(),
                Some(Stage::Beta),
                Some(rel("1.29")),
                None
            ),
            (
                "WatchList".into(),
                Some(Stage::Beta),
                Some(rel("1.32")),
                None
            )
        ]
    );
    // Nested items, in a tight and a loose list.
    for md in [
        "- `SidecarContainers`\n  - 1.29 でベータ\n",
        "- `SidecarContainers`\n\n  - 1.29 でベータ\n",
    ] {
        assert_eq!(
            gate_facts(md),
            [(
                "SidecarContainers".into(),
                Some(Stage::Beta),
                Some(rel("1.29")),
                None
            )],
            "{md}"
        );
    }
    // A nested item that is the stage alone, with no release: the article's release's.
    for (md, stage) in [
        (
            "- `SidecarContainers`\n  - ベータに昇格（デフォルト無効）\n",
            Stage::Beta,
        ),
        (
            "- `SidecarContainers`\n  - ステージ: アルファ\n",
            Stage::Alpha,
        ),
        ("- `SidecarContainers`\n  - GA\n", Stage::Stable),
    ] {
        let got: Vec<_> = gate_facts(md)
            .into_iter()
            .map(|g| (g.0, g.1, g.2))
            .collect();
        assert_eq!(
            got,
            [("SidecarContainers".into(), Some(stage), None)],
            "{md}"
        );
    }
    // A nested item pointing back at the item, or telling the item's stage as its topic, tells
    // it; one about a subject of its own does not.
    for md in [
        "- KEP-3962: 変更の管理\n  - この機能は 1.29 でベータ\n",
        "- KEP-3962: 変更の管理\n  - ステージは 1.29 でベータ\n",
        "- KEP-3962: 変更の管理\n  - `MutatingAdmissionPolicy` は 1.29 でベータ\n",
    ] {
        assert_eq!(kep_stages(md)[0].1, Some(Stage::Beta), "{md}");
    }
    assert_eq!(
        kep_stages("- KEP-1287: VPA の設定を見直す\n  - VPA の別モードはまだアルファ相当\n"),
        [(1287, None, None)]
    );
    // Nested items telling a history: the article's release's stage (1.32 here).
    assert_eq!(
        kep_stages(
            "- KEP-3962 ミューテーティングポリシー\n  - v1.31: アルファ\n  - v1.32: ベータ\n"
        ),
        [(3962, Some(Stage::Beta), Some(rel("1.32")))]
    );
    assert_eq!(
        kep_stages("- KEP-3962\n  - v1.30: アルファ\n  - v1.31: ベータ\n  - v1.34: GA\n"),
        [(3962, Some(Stage::Beta), Some(rel("1.31")))]
    );
    // Definitions that state no stage, or a name with more words, give the gate no stage.
    for md in [
        "`SidecarContainers`\n: 設定方法は後述\n",
        "- `SidecarContainers`\n  - ベータ機能の使い方\n",
        "- `SidecarContainers` の設定\n  - 1.29 でベータ\n",
    ] {
        assert_eq!(
            gate_facts(md),
            [("SidecarContainers".into(), None, None, None)],
            "{md}"
        );
    }
}

#[test]
fn a_line_wrapped_by_the_editor_goes_on_with_its_sentence() {
    // Hard-wrapped Markdown: the soft line break is no sentence end in a block with full stops.
    let md = "今回、KEP-3962 は\nGA になりました。KEP-3157 はベータです。";
    assert_eq!(
        kep_stages(md),
        [
            (3962, Some(Stage::Stable), None),
            (3157, Some(Stage::Beta), None)
        ]
    );
    let md = "`InPlacePodVerticalScaling` というゲートは\n非推奨になりました。";
    assert_eq!(gate_facts(md)[0].1, Some(Stage::Deprecated));
    // A line per item, each opening with its reference, keeps its own statement.
    let md = "[KEP-3962](https://kep.k8s.io/3962) ベータに昇格\n[KEP-3157](https://kep.k8s.io/3157) GA になりました。";
    assert_eq!(
        kep_stages(md),
        [
            (3962, Some(Stage::Beta), None),
            (3157, Some(Stage::Stable), None)
        ]
    );
    // Without full stops every line is a statement of its own.
    let md = "KEP-3962 ベータ\nKEP-3157 GA";
    assert_eq!(
        kep_stages(md),
        [
            (3962, Some(Stage::Beta), None),
            (3157, Some(Stage::Stable), None)
        ]
    );
}

#[test]
fn references_after_the_full_stop_cite_the_sentence_before() {
    let md =
        "- in-tree のクラウドプロバイダーは削除されました。[KEP-3962](https://kep.k8s.io/3962)";
    assert_eq!(kep_stages(md), [(3962, Some(Stage::Removed), None)]);
    let md = "`WatchList` がベータになりました。KEP-3157, #128266";
    assert_eq!(kep_stages(md), [(3157, Some(Stage::Beta), None)]);
    // A sentence with words of its own is no citation.
    let md = "`WatchList` は削除されました。関連: KEP-3962";
    assert_eq!(kep_stages(md), [(3962, None, None)]);
}

#[test]
fn a_stage_cell_that_says_removed_as_a_noun_is_a_removal() {
    let md = "| フィーチャーゲート | 状態 |\n|---|---|\n| `KMSv2` | 削除 |\n| `SELinuxMount` | v1.31 で削除 |\n| `ImageMaximumGCAge` | 削除予定 |\n";
    assert_eq!(
        gate_facts(md),
        [
            ("KMSv2".to_string(), Some(Stage::Removed), None, None),
            (
                "SELinuxMount".to_string(),
                Some(Stage::Removed),
                Some(rel("1.31")),
                None
            ),
            ("ImageMaximumGCAge".to_string(), None, None, None),
        ]
    );
}

#[test]
fn a_cell_of_gate_names_broken_by_br_or_commas_names_each() {
    let md = "| フィーチャーゲート | ステージ |\n|---|---|\n| `KMSv2`<br>`SELinuxMount` | ベータ |\n| `PodLevelResources`, `RetryGenerateName` | GA |\n| `KMSv2` の説明 | GA |\n";
    let facts: Vec<(String, Option<Stage>)> =
        gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
    assert_eq!(
        facts,
        [
            ("KMSv2".to_string(), Some(Stage::Beta)),
            ("SELinuxMount".to_string(), Some(Stage::Beta)),
            ("PodLevelResources".to_string(), Some(Stage::Stable)),
            ("RetryGenerateName".to_string(), Some(Stage::Stable)),
            ("KMSv2".to_string(), Some(Stage::Stable)),
        ]
    );
}

#[test]
fn a_kep_number_after_a_minus_sign_or_a_long_vowel_mark_is_the_kep() {
    // U+2212, U+2013, U+2014 and the input method's ー between the label and the number.
    for md in [
        "ＫＥＰ−３９６２",
        "KEP–3962",
        "KEP—3962",
        "KEPー3962",
        "ＫＥＰー３９６２",
    ] {
        assert_eq!(
            keps(md, None).iter().map(|k| k.0).collect::<Vec<_>>(),
            [3962],
            "{md}"
        );
    }
}

#[test]
fn a_heading_that_is_a_date_is_no_kep() {
    for md in [
        "## 2025-04-26",
        "### 2024-08-19（月）",
        "## 2025-4-1 作業ログ",
    ] {
        assert!(keps(md, None).is_empty(), "{md}: {:?}", keps(md, None));
    }
    assert_eq!(
        keps("#### 3960 - Pod lifecycle sleep action", None)[0].0,
        3960
    );
}

#[test]
fn the_short_word_gate_as_a_label_introduces_the_name_after_it() {
    for md in [
        "- ↑ ゲートは `KMSv2`",
        "- 推しゲート: `KMSv2`",
        "ゲート名：KMSv2 です。",
    ] {
        assert_eq!(gate_names(md), ["KMSv2"], "{md}");
    }
    assert!(gate_names("品質ゲートは厳しい。").is_empty());
}

#[test]
fn a_bare_removal_noun_after_its_subject_or_release_is_a_removal() {
    for md in [
        "`KMSv2` ゲートも削除 (#128003)",
        "`KMSv2` は v1.32 で削除",
        "`KMSv2` フィーチャーゲートは削除。",
    ] {
        assert_eq!(gate_facts(md)[0].1, Some(Stage::Removed), "{md}");
    }
    // What a feature does, a verb, a plan: no removal.
    for md in [
        "- KEP-3962 StatefulSet の PVC 自動削除 (#127489)",
        "- KEP-3962 復号できないリソースの削除 (#127870)",
        "KEP-3962 では古いオブジェクトを削除する",
    ] {
        assert_eq!(kep_stages(md)[0].1, None, "{md}");
    }
}

#[test]
fn a_bare_number_below_the_first_thousand_is_no_pull_request() {
    for md in [
        "Kubernetes Meetup Tokyo #70 で話しました。",
        "誤りがあれば Issue #42 まで",
        "誤りがあれば Issue 42 まで",
        "上述の要件#3を満たす",
    ] {
        assert!(prs(md, None).is_empty(), "{md}: {:?}", prs(md, None));
    }
    assert_eq!(prs("修正しました (#1234)", None)[0].0, 1234);
    assert_eq!(prs("(#70, @thockin)", None)[0].0, 70);
}

#[test]
fn a_kep_and_its_gate_share_the_stage_one_of_them_states_in_another_sentence() {
    // The block names two stages, so it lends none; the registry ties WatchList to KEP-3157.
    let md = "KEP-3157 ですね。`WatchList` は v1.32 で GA です。ベータの期間（v1.27〜v1.31）に直しました。";
    assert_eq!(
        kep_stages(md),
        [(3157, Some(Stage::Stable), Some(rel("1.32")))]
    );
    let md = "KEP-3157 がアルファで入りました。`WatchList` ゲートを有効にすると使えます。`KMSv2` はベータです。";
    assert_eq!(gate_facts(md)[0].1, Some(Stage::Alpha));
    // A KEP the registry does not tie to the gate takes nothing.
    let md = "KEP-3962 ですね。`WatchList` は v1.32 で GA です。ベータの期間に直しました。";
    assert_eq!(kep_stages(md), [(3962, None, None)]);
}

#[test]
fn a_clause_opening_with_a_release_states_its_stages_for_that_release() {
    let md = "`InPlacePodVerticalScaling` は v1.27 でアルファになりましたが、v1.33 でデフォルト有効のベータになりました。";
    let f = &gate_facts(md)[0];
    assert_eq!((f.1, f.2), (Some(Stage::Beta), Some(rel("1.33"))));
    let md = "`InPlacePodVerticalScaling` は v1.33 でデフォルトで有効なベータです。";
    assert_eq!(gate_facts(md)[0].2, Some(rel("1.33")));
}

/// The stage and release of each KEP mention of an article with no release of its own.
fn kep_stages_without_release(md: &str) -> Vec<(u32, Option<Stage>, Option<Release>)> {
    let doc = crate::parse::blocks::parse(md, 1);
    let front = FrontMatter {
        release: None,
        ..front(None)
    };
    let r = extract(&doc, &front, &real_registry());
    r.keps
        .iter()
        .map(|m| (m.kep.0, m.stage, m.stage_release))
        .collect()
}

#[test]
fn a_column_per_release_in_an_article_of_no_release_is_read_to_its_latest() {
    let md = "| KEP | 1.30 | 1.31 | 1.32 | 1.33 |\n|---|---|---|---|---|\n| KEP-753 | ベータ | ベータ | ベータ | GA |\n| KEP-3157 | アルファ | ベータ | - | - |\n";
    assert_eq!(
        kep_stages_without_release(md),
        [
            (753, Some(Stage::Stable), Some(rel("1.33"))),
            (3157, Some(Stage::Beta), Some(rel("1.31")))
        ]
    );
    // A column per stage of the release it came in: the latest stage given, in its release.
    let table = "| KEP | 非推奨になったバージョン | 削除されたバージョン | 削除予定バージョン |\n|---|---|---|---|\n| KEP-753 | 1.31 | 1.32 | |\n| KEP-3157 | 1.32 | | 1.35 |\n| KEP-3962 | - | - | - |\n";
    assert_eq!(
        kep_stages(table),
        [
            (753, Some(Stage::Removed), Some(rel("1.32"))),
            (3157, Some(Stage::Deprecated), Some(rel("1.32"))),
            (3962, None, None)
        ]
    );
    // A checklist's terse headers, a stage alone (`非推奨`, `削除`), say the same; `未定` is no release.
    let table = "| API / 機能 | 非推奨 | 削除 | 代替 | KEP |\n|---|---|---|---|---|\n| `v1` Endpoints | 1.32 | 未定 | EndpointSlice | KEP-753 |\n| `kubeProxyVersion` | 1.31 | 1.32 | なし | KEP-3157 |\n| hostNetwork | 1.32 | 1.32 | なし | KEP-3962 |\n";
    assert_eq!(
        kep_stages(table),
        [
            (753, Some(Stage::Deprecated), Some(rel("1.32"))),
            (3157, Some(Stage::Removed), Some(rel("1.32"))),
            (3962, Some(Stage::Removed), Some(rel("1.32"))),
        ]
    );
    let table = "## 削除されたフィーチャーゲート\n\nGA 済みのゲートがいくつか削除されています。\n\n| フィーチャーゲート | GA になったバージョン | 削除 |\n|---|---|---|\n| KEP-753 | 1.30 | 1.32 |\n";
    assert_eq!(
        kep_stages(table),
        [(753, Some(Stage::Removed), Some(rel("1.32")))]
    );
    // The other columns are the row's history.
    let doc = crate::parse::blocks::parse(md, 1);
    let front = FrontMatter {
        release: None,
        ..front(None)
    };
    let r = extract(&doc, &front, &real_registry());
    let history: Vec<(String, Stage)> = r.keps[0]
        .history
        .iter()
        .map(|d| (d.release.to_string(), d.stage))
        .collect();
    assert_eq!(
        history,
        [
            ("1.30".into(), Stage::Beta),
            ("1.31".into(), Stage::Beta),
            ("1.32".into(), Stage::Beta)
        ]
    );
}

#[test]
fn a_release_a_title_or_a_heading_names_is_the_release_of_its_stages() {
    // A release post's title, as a roundup links it.
    let md = "- [Kubernetes 1.31: Pod の失敗ポリシーが GA に](https://kubernetes.io/blog/x/) — KEP-3329 の経緯";
    assert_eq!(
        kep_stages_without_release(md),
        [(3329, Some(Stage::Stable), Some(rel("1.31")))]
    );
    let md = "In-place resize は v1.31 でもまだアルファ（KEP-1287）";
    assert_eq!(
        kep_stages_without_release(md),
        [(1287, Some(Stage::Alpha), Some(rel("1.31")))]
    );
    // A roundup's section about one release.
    let md = "## 🚀 v1.31 の注目機能\n\n- AppArmor サポートが GA（KEP-24）\n\n## v1.30 と v1.31 の違い\n\n- KEP-3866 がベータに\n";
    assert_eq!(
        kep_stages_without_release(md),
        [
            (24, Some(Stage::Stable), Some(rel("1.31"))),
            (3866, Some(Stage::Beta), None)
        ]
    );
}

#[test]
fn a_stage_in_an_aside_after_another_name_or_after_an_arrow_to_another_subject_is_not_the_mentions()
{
    let md = "`ImageMaximumGCAge` の挙動と `SELinuxMount`（1.32 でベータ）を調べた。";
    let facts: Vec<(String, Option<Stage>)> =
        gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
    assert_eq!(
        facts,
        [
            ("ImageMaximumGCAge".to_string(), None),
            ("SELinuxMount".to_string(), Some(Stage::Beta))
        ]
    );
    let md = "- `KMSv2` GA → kubelet の cgroupDriver 設定は非推奨へ";
    assert_eq!(gate_facts(md)[0].1, Some(Stage::Stable));
    // An arrow between the stages of one subject is its transition.
    let md = "- `KMSv2`: 1.30 α → 1.32 β";
    assert_eq!(gate_facts(md)[0].1, Some(Stage::Beta));
}

#[test]
fn a_digest_line_of_a_keps_title_and_its_gate_under_a_stage_heading_names_the_gate() {
    let md = "## Graduating to Stable\n\n- [KEP-3545] Improved multi-numa alignment in Topology Manager for the kubelet — `SELinuxMount` (#128078)\n";
    assert_eq!(gate_facts(md)[0].1, Some(Stage::Stable));
}

#[test]
fn each_clause_with_a_subject_of_its_own_keeps_its_stage() {
    for md in [
        "- `KMSv2` はベータ、`SELinuxMount` と `PodLevelResources` はアルファ",
        "- `KMSv2` β、`SELinuxMount` α",
    ] {
        let facts: Vec<(String, Option<Stage>)> =
            gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
        assert_eq!(facts[0], ("KMSv2".to_string(), Some(Stage::Beta)), "{md}");
        assert_eq!(
            facts[1],
            ("SELinuxMount".to_string(), Some(Stage::Alpha)),
            "{md}"
        );
    }
    assert_eq!(
        kep_stages("KEP-3962 はベータ、KEP-3157 はアルファです。"),
        [
            (3962, Some(Stage::Beta), None),
            (3157, Some(Stage::Alpha), None)
        ]
    );
    // The same subject's later clause is its later stage.
    assert_eq!(
        gate_facts("`KMSv2`はv1.28でアルファ、v1.32でGA")[0].1,
        Some(Stage::Stable)
    );
    // An aside after one name is not the next name's.
    let md = "`SELinuxMount`（v1.32 でアルファ）と `KMSv2` を特集します。";
    let facts: Vec<Option<Stage>> = gate_facts(md).into_iter().map(|g| g.1).collect();
    assert_eq!(facts, [Some(Stage::Alpha), None]);
}

#[test]
fn a_column_headed_result_is_a_stage_column() {
    let md = "| KEP | ゲート | 結果 |\n|---|---|---|\n| KEP-3962 | `KMSv2` | Stable |\n";
    assert_eq!(kep_stages(md), [(3962, Some(Stage::Stable), None)]);
}

#[test]
fn a_column_headed_status_or_progress_is_a_stage_column() {
    for header in ["状況", "状況（登壇時点）", "進捗"] {
        let md = format!("| KEP | {header} |\n|---|---|\n| KEP-3962 | 1.31 で beta |\n");
        assert_eq!(
            kep_stages(&md),
            [(3962, Some(Stage::Beta), Some(rel("1.31")))],
            "{md}"
        );
    }
}

#[test]
fn a_release_column_with_a_note_is_still_the_releases_column() {
    // The articles of these tests are about 1.32.
    for (old, new) in [
        ("1.31（現行）", "1.32（新）"),
        ("v1.31 (current)", "v1.32 (new)"),
        ("1.31", "1.32 以降"),
        ("1.31 旧", "1.32 新"),
    ] {
        let md = format!(
            "| フィーチャーゲート | {old} | {new} |\n|---|---|---|\n| `WatchList` | Beta（有効） | **GA** |\n"
        );
        let g = &gate_facts(&md)[0];
        assert_eq!((g.1, g.2), (Some(Stage::Stable), Some(rel("1.32"))), "{md}");
    }
    // A release planned for is no release's column of facts.
    let md = "| フィーチャーゲート | 1.32（予定） |\n|---|---|\n| `WatchList` | GA |\n";
    assert_eq!(gate_facts(md)[0].1, None);
}

#[test]
fn items_led_by_a_name_take_the_stage_their_lead_states() {
    let md = "**新しいアルファ機能:** どれも有効化しない。\n\n1. `SELinuxMount` — Pod spec で指定\n2. `PodLevelResources` — リソース。ベータになったら検討\n\n**ベータに昇格した機能:**\n\n1. `KMSv2`（KEP-3962）\n2. `RetryGenerateName` と `ImageMaximumGCAge`\n";
    let facts: Vec<(String, Option<Stage>)> =
        gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
    assert_eq!(
        facts,
        [
            ("SELinuxMount".to_string(), Some(Stage::Alpha)),
            ("PodLevelResources".to_string(), Some(Stage::Alpha)),
            ("KMSv2".to_string(), Some(Stage::Beta)),
            ("RetryGenerateName".to_string(), Some(Stage::Beta)),
            ("ImageMaximumGCAge".to_string(), Some(Stage::Beta)),
        ]
    );
    assert_eq!(kep_stages(md), [(3962, Some(Stage::Beta), None)]);
}

#[test]
fn a_stage_line_under_a_kep_heading_keeps_the_release_it_names() {
    for md in [
        "### KEP-3962: Deprecate something\n\n**Stage:** Deprecated (since v1.31)\n",
        "### KEP-3962: Deprecate something\n\n**Stage:** Deprecated (v1.31)\n",
    ] {
        assert_eq!(
            kep_stages(md),
            [(3962, Some(Stage::Deprecated), Some(rel("1.31")))],
            "{md}"
        );
    }
    // Prose telling the story from an earlier release gives the heading no stage.
    assert_eq!(
        kep_stages(
            "### KEP-3962: 何かの機能\n\nこの機能は v1.27 でアルファとして導入されました。\n"
        ),
        [(3962, None, None)]
    );
}

#[test]
fn a_stage_said_of_an_earlier_subject_is_not_the_mentions() {
    let md = "`status.nodeInfo.kubeProxyVersion` フィールドは v1.29 から非推奨で、v1.32 では `PodLevelResources` がデフォルトで有効になります。";
    assert_eq!(
        gate_facts(md),
        [("PodLevelResources".to_string(), None, None, Some(true))]
    );
    // An earlier clause without a subject of its own is the mention's.
    assert_eq!(
        gate_facts("v1.32 でベータに昇格し、`PodLevelResources` はデフォルトで有効になりました。")
            [0]
        .1,
        Some(Stage::Beta)
    );
}

#[test]
fn a_denial_reaches_only_its_own_stage() {
    assert_eq!(
        kep_stages("KEP-3962 が GA になり困るわけではない。"),
        [(3962, Some(Stage::Stable), None)]
    );
    assert_eq!(
        kep_stages("KEP-3962, not KEP-3157, graduated to GA.")[0],
        (3962, Some(Stage::Stable), None)
    );
    // An earlier release named with より前 is still the past.
    assert_eq!(
        gate_facts("従来は 1.32 より前のバージョンでは `PodLevelResources` はアルファでした。")[0]
            .1,
        None
    );
}

#[test]
fn the_gate_as_a_later_subject_is_the_gate_just_named() {
    for (md, stage, release) in [
        (
            "`APIListChunking` フィーチャーゲートは 1.29 で GA になり、ゲートは 1.31 で削除されました。",
            Stage::Removed,
            Some(rel("1.31")),
        ),
        (
            "`APIListChunking` フィーチャーゲートは 1.28 で GA になっており、1.32 ではゲート自体が削除されています。",
            Stage::Removed,
            Some(rel("1.32")),
        ),
    ] {
        let got = gate_facts(md);
        assert_eq!(got.len(), 1, "{md}: {got:?}");
        assert_eq!((got[0].1, got[0].2), (Some(stage), release), "{md}");
    }
    // Another subject still has its own stage.
    let got = gate_facts(
        "`APIListChunking` フィーチャーゲートは 1.29 で GA になり、kubelet の設定は非推奨になりました。",
    );
    assert_eq!(
        (got[0].1, got[0].2),
        (Some(Stage::Stable), Some(rel("1.29")))
    );
}

#[test]
fn hopes_conditions_pending_work_and_denials_of_doing_it_state_no_stage() {
    for md in [
        "来年は KEP-4639 の GA が楽しみです。",
        "来年は KEP-4639 の GA と、KEP-3962 の GA が楽しみです。",
        "- A: 「1.32 で KEP-4639 が GA になるまでは慎重に」",
        "- 「KEP-4639 をベータにしたら、HPA との連携も検討したい」",
        "- KEP-4639 のベータ昇格 PR（#132004）はレビュー中です",
        "- KEP-4639 のベータ昇格 PR はマージ待ち",
        "- 「KEP-4639 はベータにはまだしていません」",
        "- KEP-4639 はまだベータにしていません",
        "- KEP-4639 のベータ昇格は 1.32 では行わない",
        "- KEP-4639 のベータは次回",
        "- KEP-4639 β は次回〜",
        "この変更は KEP-4639 を非推奨にするものではありません。",
        // Expectations, giving up and refusals.
        "v1.33 では KEP-1287 のベータ昇格と KEP-753 の GA が期待されています。",
        "KEP-753 の GA が期待されます。",
        "KEP-753 が 1.35 で GA になることを期待しています。",
        "KEP-1287 は今回ベータ昇格を断念しました。",
        "KEP-1287 はベータ昇格を諦めました。",
        "KEP-1287 のベータ昇格は exception request が却下されました。",
        // A condition: what follows when it comes.
        "KEP-753 は 1.33 で GA になるとゲートがロックされ、このワークアラウンドは使えなくなります。",
    ] {
        assert!(
            kep_stages(md).iter().all(|(_, stage, _)| stage.is_none()),
            "{md}: {:?}",
            kep_stages(md)
        );
    }
    // A fact beside them keeps its stage.
    for md in [
        "楽しみにしていた KEP-4639 がついにベータに昇格しました。",
        "KEP-4639 はベータに昇格しました。",
        "期待されていた KEP-4639 がついにベータに昇格しました。",
        "KEP-4639 は期待通りベータに昇格しました。",
        "KEP-4639 はベータになると同時に、デフォルトで有効になりました。",
        "KEP-4639 はベータに昇格すると共にデフォルト有効となりました。",
        "KEP-4639 はベータになると、デフォルトで有効になりました。",
        "KEP-4639 がベータになったので、自前の init コンテナ方式は断念しました。",
        "KEP-4639 がベータになったため、独自実装は諦めて標準機能を使うことにしました。",
        // It nearly happened, so it did not: the stage stands.
        "KEP-4639 のベータ昇格は一度マージされた後に revert されかけてヒヤッとしました（最終的には入りました）。",
    ] {
        assert_eq!(kep_stages(md), [(4639, Some(Stage::Beta), None)], "{md}");
    }
}

#[test]
fn a_stage_word_in_a_hyphenated_name_is_none() {
    let md = "`pull-kubernetes-e2e-kind-alpha-features` で KEP-4639 関連のテストが失敗しています。";
    assert_eq!(kep_stages(md), [(4639, None, None)]);
    let md = "KEP-4639 は beta に昇格しました。";
    assert_eq!(kep_stages(md), [(4639, Some(Stage::Beta), None)]);
}

#[test]
fn a_target_column_is_a_plan_and_a_kind_column_a_stage() {
    let md = "| KEP | 名前 | 目標ステージ | 状況 |\n|---|---|---|---|\n| [#4222](https://github.com/kubernetes/enhancements/issues/4222) | CBOR Serializer | Beta | ❌ removed from milestone |\n";
    assert_eq!(kep_stages(md), [(4222, None, None)]);
    for md in [
        "KEP-4222 was removed from milestone v1.32.",
        "KEP-4222 was removed from the v1.32 milestone.",
    ] {
        assert_eq!(kep_stages(md), [(4222, None, None)], "{md}");
    }
    assert_eq!(
        kep_stages("KEP-4222 was removed in v1.32."),
        [(4222, Some(Stage::Removed), Some(rel("1.32")))]
    );
    let md = "| 変更内容 | 種別 | 影響 |\n|---|---|---|\n| KEP-4639 | ベータ | 小 |\n";
    assert_eq!(kep_stages(md), [(4639, Some(Stage::Beta), None)]);
}

#[test]
fn a_release_after_an_answers_or_examples_label_opens_the_sentence() {
    for (md, stage, release) in [
        (
            "回答: 1.31 で AppArmor サポート（KEP-24）が GA になりました。",
            Stage::Stable,
            "1.31",
        ),
        ("例: 1.31 では KEP-3857 がベータです。", Stage::Beta, "1.31"),
        (
            "- 確認項目（例: 1.31 では KEP-3857 がベータでデフォルト有効）",
            Stage::Beta,
            "1.31",
        ),
    ] {
        assert_eq!(
            kep_stages(md).first().map(|k| (k.1, k.2)),
            Some((Some(stage), Some(rel(release)))),
            "{md}"
        );
    }
}

#[test]
fn a_clause_opening_with_from_a_release_on_is_that_releases() {
    let got = gate_facts(
        "`KMSv2` フィーチャーゲートは v1.25 でアルファになり、v1.27 以降はベータになりました。",
    );
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!((got[0].1, got[0].2), (Some(Stage::Beta), Some(rel("1.27"))));
}

#[test]
fn the_subject_of_an_aside_has_the_asides_stage() {
    let got = gate_facts("- フィールドは 1.30 で GA（`AppArmor` ゲートは 1.31 で GA）");
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(
        (got[0].1, got[0].2),
        (Some(Stage::Stable), Some(rel("1.31")))
    );
    // A name the aside only gives keeps the sentence's stage.
    let got = gate_facts(
        "サイドカーコンテナ（`SidecarContainers`、v1.29 からベータ）が GA に昇格しました。",
    );
    assert_eq!(got[0].1, Some(Stage::Stable), "{got:?}");
}

#[test]
fn a_release_and_a_colon_before_a_stage_date_it() {
    let md = "| KEP | 名前 | ステージの推移 |\n|---|---|---|\n| [KEP-753](https://kep.k8s.io/753) | サイドカー | 1.28: α / 1.29: β / 1.32: GA |\n";
    assert_eq!(
        kep_stages(md),
        [(753, Some(Stage::Stable), Some(rel("1.32")))]
    );
}

#[test]
fn the_value_of_a_gate_key_in_a_table_of_keys_is_a_gate() {
    let md = "| 項目 | 内容 |\n|---|---|\n| KEP | KEP-3157 |\n| ステージ | ベータ |\n| フィーチャーゲート | `WatchList` |\n";
    let got = gate_facts(md);
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].0, "WatchList");
    assert_eq!(got[0].1, Some(Stage::Beta));
    // A value that is a sentence is not a list of names.
    let md = "| 項目 | 内容 |\n|---|---|\n| フィーチャーゲート | 特になし、`SupplementalGroupsPolicy` は別記事で |\n";
    assert!(gate_facts(md).is_empty());
}

#[test]
fn facts_around_the_new_plan_denial_and_subject_words_keep_their_stage() {
    for (md, stage) in [
        (
            "KEP-753 はアルファから GA になるまで 4 リリースかかりました。",
            Stage::Stable,
        ),
        (
            "ついに GA になった KEP-753 を本番で使うのが楽しみです。",
            Stage::Stable,
        ),
        (
            "1.32 でベータに昇格した KEP-4639 のドキュメント PR はレビュー中です。",
            Stage::Beta,
        ),
        (
            "KEP-753 が 1.32 で GA になったことを考えると、次は KEP-1287 の GA が楽しみです。",
            Stage::Stable,
        ),
        (
            "KEP-3157 の GA 昇格は既存のクライアントには影響しません。",
            Stage::Stable,
        ),
        (
            "KEP-3157 のベータ昇格はユーザー側の対応なしで行われました。",
            Stage::Beta,
        ),
        ("KEP-753 は beta-level の品質に達しました。", Stage::Beta),
        (
            "KEP-753 は GA になり、他のゲートは非推奨になりました。",
            Stage::Stable,
        ),
        (
            "KEP-4368 はベータ、他の多くのゲートはアルファです。",
            Stage::Beta,
        ),
        (
            "| KEP | ボリュームの種類 | ステージ |\n|---|---|---|\n| KEP-4639 | OCI イメージ（アルファ時代は image） | ベータ |\n",
            Stage::Beta,
        ),
    ] {
        assert_eq!(
            kep_stages(md).first().and_then(|k| k.1),
            Some(stage),
            "{md}: {:?}",
            kep_stages(md)
        );
    }
    // A release in a relative clause after a label or a point in time is that clause's.
    for md in [
        "注意: 1.31 で導入された KEP-4639 は今回ベータに昇格しました。",
        "1.30 の時点でアルファだった KEP-4639 は、今回ベータに昇格しました。",
    ] {
        let got = kep_stages(md);
        assert_eq!(got[0].1, Some(Stage::Beta), "{md}");
        assert!(
            !matches!(got[0].2, Some(r) if r == rel("1.31") || r == rel("1.30")),
            "{md}: {got:?}"
        );
    }
    // A handle right before `さん` is still the handle.
    let (_, r) = run("この機能は @pohly_さん が実装しました。");
    assert_eq!(r.handles[0].handle.name(), "pohly");
}

#[test]
fn a_hope_in_the_mentions_own_clause_lends_it_no_other_clauses_stage() {
    for md in [
        "KEP-753 は GA に昇格し、次は KEP-4639 のベータが楽しみです。",
        "KEP-753 は GA に昇格したと、KEP-4639 のベータが楽しみです。",
    ] {
        let got = kep_stages(md);
        assert_eq!(got[0], (753, Some(Stage::Stable), None), "{md}");
        assert_eq!(got[1], (4639, None, None), "{md}");
    }
}

#[test]
fn asides_that_tell_more_than_the_names_stage_and_colons_of_titles_lend_nothing() {
    // Asides that are conditions, histories or about another name keep the sentence's stage.
    for (md, stage) in [
        (
            "補助グループの制御（KEP-3619）は v1.32 でベータに昇格しました（`SupplementalGroupsPolicy` フィーチャーゲートを使うには CRI ランタイム側のアルファ実装が必要です）。",
            Stage::Beta,
        ),
        (
            "KMS v2 API が v1.32 で GA になりました（`KMSv2` は `KMSv1` が非推奨になったため推奨される方式）。",
            Stage::Stable,
        ),
        (
            "In-Place リサイズ（`InPlacePodVerticalScaling` は 1.27 からアルファ）が v1.32 でベータに昇格しました。",
            Stage::Beta,
        ),
        (
            "KMS v2 が GA になりました（`KMSv2` は 1.27 でベータだったもの）。",
            Stage::Stable,
        ),
        (
            "Kubernetes v1.32: アルファだった `ImageVolume` フィーチャーゲートがベータに昇格しました。",
            Stage::Beta,
        ),
    ] {
        let got = gate_facts(md);
        let last = got.iter().rev().find(|g| g.1.is_some()).map(|g| g.1);
        assert!(
            got.iter().any(|g| g.1 == Some(stage)) && last == Some(Some(stage)),
            "{md}: {got:?}"
        );
    }
    // A plan after a clause of the mention's own stays the mention's stage.
    for md in [
        "v1.32 でベータに昇格し、KEP-4639 は今後 GA を目指します。",
        "ベータに昇格したのは、KEP-4639 です（GA は 1.35 を予定）。",
    ] {
        assert_eq!(kep_stages(md)[0].1, Some(Stage::Beta), "{md}");
    }
    // A key that says more than the gate holds something else.
    let md = "| 項目 | 内容 |\n|---|---|\n| KEP | KEP-3157 |\n| フィーチャーゲートの設定先 | `KubeletConfiguration` |\n| ステージ | ベータ |\n";
    assert!(gate_facts(md).is_empty(), "{:?}", gate_facts(md));
    assert_eq!(kep_stages(md), [(3157, Some(Stage::Beta), None)]);
}

#[test]
fn a_kind_named_gate_right_after_its_kep_is_the_gate() {
    let base = registry();
    let mut gates: Vec<GateEntry> = base.gates().cloned().collect();
    gates.push(GateEntry {
        kep: Some(KepNumber(3962)),
        ..gate(
            "MutatingAdmissionPolicy",
            &[(Stage::Alpha, "1.32", Some(false))],
        )
    });
    let reg = Registry::from_entries(base.keps().cloned().collect(), gates);
    let run = |md: &str| {
        let doc = crate::parse::blocks::parse(md, 1);
        let r = extract(&doc, &front(None), &reg);
        (doc, r)
    };
    let (_, r) = run(
        "- KEP-3962 MutatingAdmissionPolicy: 1.32 α → 1.34 β\n- KEP-3962: `MutatingAdmissionPolicy`\n",
    );
    let gates: Vec<&str> = r.gates.iter().map(|g| g.gate.0.as_str()).collect();
    assert_eq!(
        gates,
        ["MutatingAdmissionPolicy", "MutatingAdmissionPolicy"]
    );
    // In brackets after the KEP's title.
    let (_, r) = run(
        "Mutating Admission Policies（`MutatingAdmissionPolicy`）は 1.32 でアルファとして入りました。",
    );
    assert_eq!(r.gate_names(), ["MutatingAdmissionPolicy"]);
    assert_eq!(r.keps.iter().map(|m| m.kep.0).collect::<Vec<_>>(), [3962]);
    // The API kind elsewhere in the item, or as an object right after the KEP, is the kind.
    for md in [
        "- KEP-3962 の実装で MutatingAdmissionPolicy オブジェクトを作成する手順\n",
        "- KEP-3962 `MutatingAdmissionPolicy` を kubectl apply で作成すると、API サーバーがリクエストを書き換えます。\n",
        "- 詳しくは KEP-3962 - MutatingAdmissionPolicy のマニフェスト例を参照してください。\n",
    ] {
        let (_, r) = run(md);
        assert!(r.gates.is_empty(), "{md}: {:?}", r.gates);
    }
    // Set apart in a code span in a sentence writing the flag, it is a gate to give the flag.
    let (_, r) = run(
        "本番では `--feature-gates=NodeSwap=true` のみとし、`MutatingAdmissionPolicy` は指定しないでください。\n",
    );
    let gates: Vec<&str> = r.gates.iter().map(|g| g.gate.0.as_str()).collect();
    assert_eq!(gates, ["NodeSwap", "MutatingAdmissionPolicy"]);
    // Bare in such a sentence, it is the kind.
    let (_, r) = run(
        "`--feature-gates=MutatingAdmissionPolicy=true` を付けると MutatingAdmissionPolicy を作成できます。\n",
    );
    assert_eq!(r.gates.len(), 1, "{:?}", r.gates);
}

#[test]
fn a_sentence_of_the_name_alone_takes_the_next_sentences_stage() {
    for md in [
        "[KEP-4601](https://kep.k8s.io/4601) です。v1.31 でアルファとして追加され、v1.32 でベータに昇格しました。",
        "KEP 4601。v1.31 アルファ → v1.32 ベータ。",
    ] {
        assert_eq!(
            kep_stages(md),
            [(4601, Some(Stage::Beta), Some(rel("1.32")))],
            "{md}"
        );
    }
    // A name cited in brackets closing its sentence, then a sentence of no subject of its own.
    assert_eq!(
        kep_stages(
            "ValidatingAdmissionPolicy（VAP）は、CEL で書いたルールで API リクエストを検証する仕組みです（KEP-3488）。1.26 でアルファ、1.28 でベータになり、1.30 で GA になりました。"
        ),
        [(3488, Some(Stage::Stable), Some(rel("1.30")))]
    );
    for md in [
        "検証の仕組みです（KEP-3488）。`A` は 1.26 でアルファ、`B` は 1.28 でベータ。",
        "スキューポリシーも変わりました（KEP-3488）。1.28 でアルファだった機能の多くがベータになっています。",
    ] {
        let got = kep_stages(md);
        assert_eq!(got[0].1, None, "{md}: {got:?}");
    }
    // A sentence that says more than the name, or a next one naming another, lends nothing.
    let got = kep_stages("KEP-4601 について調べました。v1.31 でアルファ、v1.32 でベータ。");
    assert_eq!(got[0].1, None, "{got:?}");
    let got = kep_stages("KEP-4601 です。KEP-3619 は v1.31 でアルファ、v1.32 でベータ。");
    assert_eq!(got[0].1, None, "{got:?}");
}

#[test]
fn a_raw_tables_cells_lead_no_list_after_it() {
    let md = "<table><tr><th>ゲート</th><th>ステージ</th></tr><tr><td><code>KMSv2</code></td><td>ベータ</td></tr></table>\n\n- `WatchList`: 説明。\n\n`SELinuxMount`\n: 説明。v1.32 で GA。\n";
    let got = gate_facts(md);
    let of = |name: &str| got.iter().find(|g| g.0 == name).map(|g| g.1);
    assert_eq!(of("KMSv2"), Some(Some(Stage::Beta)), "{got:?}");
    assert!(
        got.iter()
            .filter(|g| g.0 != "KMSv2")
            .all(|g| g.1 != Some(Stage::Beta)),
        "{got:?}"
    );
}

#[test]
fn the_next_sentence_lends_no_removal_history_or_stage_over_a_sections() {
    for md in [
        "KEP-4601 です。このリリースでは、v1alpha1 API は削除されました。",
        "KEP-4601 です。v1.30 ではアルファでした。v1.32 で GA になりました。",
    ] {
        let got = kep_stages(md);
        assert_ne!(got[0].1, Some(Stage::Removed), "{md}: {got:?}");
        assert_ne!(got[0].1, Some(Stage::Alpha), "{md}: {got:?}");
    }
    let md = "## GA に昇格した機能\n\n- KEP-4601 です。v1.30 でアルファとして導入され、v1.31 でベータになりました。\n";
    assert_eq!(kep_stages(md)[0].1, Some(Stage::Stable));
}

#[test]
fn a_name_said_to_be_a_gate_with_toiu_is_a_gate() {
    assert_eq!(
        gate_names("`AppArmorFields` というゲートがあります。"),
        ["AppArmorFields"]
    );
    // A gate something waits at is a scheduler's gate, as without `という`.
    assert!(gate_names("`WaitOnPermit`というゲートで Pod を待たせます。").is_empty());
}

#[test]
fn a_default_is_said_of_its_own_names() {
    let defaults = |md: &str| -> Vec<(String, Option<bool>)> {
        gate_facts(md).into_iter().map(|g| (g.0, g.3)).collect()
    };
    let on = |a: Option<bool>, b: Option<bool>| {
        vec![("NodeSwap".to_string(), a), ("WatchList".to_string(), b)]
    };
    for (md, want) in [
        (
            "`NodeSwap`（デフォルトで有効）と `WatchList` がベータになりました。",
            on(Some(true), None),
        ),
        (
            "`NodeSwap` と `WatchList`（デフォルトで無効）がベータになりました。",
            on(None, Some(false)),
        ),
        (
            "`NodeSwap` はデフォルトで有効、`WatchList` はデフォルトで無効です。",
            on(Some(true), Some(false)),
        ),
        (
            "`NodeSwap` はベータ（default off）、`WatchList` はベータ（default on）です。",
            on(Some(false), Some(true)),
        ),
        (
            "`NodeSwap` はベータに昇格しました（`WatchList` はデフォルト無効のまま）。",
            on(None, Some(false)),
        ),
        (
            "`NodeSwap` is now beta and enabled by default, while `WatchList` remains off by default.",
            on(Some(true), Some(false)),
        ),
        // Names sharing one predicate share its default.
        (
            "`NodeSwap` と `WatchList` はデフォルトで有効です。",
            on(Some(true), Some(true)),
        ),
        (
            "`NodeSwap`、`WatchList` がアルファとして追加されました（いずれもデフォルト無効）。",
            on(Some(false), Some(false)),
        ),
    ] {
        assert_eq!(defaults(md), want, "{md}");
    }
    // A clause naming one of the names gives the default to that name only.
    assert_eq!(
        defaults("`NodeSwap` と `WatchList` がベータになり、`NodeSwap` はデフォルトで有効です。"),
        [
            ("NodeSwap".to_string(), Some(true)),
            ("WatchList".to_string(), None),
            ("NodeSwap".to_string(), Some(true)),
        ]
    );
    // A clause of no name is the sentence's one name's.
    assert_eq!(
        defaults("`NodeSwap` は v1.32 でベータになり、デフォルトで有効です。"),
        [("NodeSwap".to_string(), Some(true))]
    );
}

#[test]
fn denied_and_keyed_defaults() {
    for (md, want) in [
        (
            "`NodeSwap` はベータになりましたが、デフォルトでは有効になっていません。",
            Some(false),
        ),
        (
            "`NodeSwap` はベータですが、デフォルトで有効になったわけではありません。",
            Some(false),
        ),
        (
            "`--feature-gates=NodeSwap=true` で有効化できます（デフォルトは false）。",
            Some(false),
        ),
        (
            "`NodeSwap` はベータで、デフォルト値は true です。",
            Some(true),
        ),
        ("`NodeSwap` ゲート（デフォルト: 無効）", Some(false)),
        (
            "`NodeSwap` フィーチャーゲートは、デフォルトで有効になることもありません。",
            Some(false),
        ),
    ] {
        assert_eq!(gate_facts(md)[0].3, want, "{md}");
    }
}

#[test]
fn everyday_words_near_a_name_state_nothing_of_it() {
    // Another gate gone, another thing removed, deletion as an operation: no removal.
    for md in [
        "`NodeSwap` を有効にしたところ、CI の品質ゲートがなくなりました。",
        "`NodeSwap` を使うと、Pod のスケジューリングゲートがなくなりました。",
        "`NodeSwap` を使うので、古いボリュームは削除となりました。",
        "`NodeSwap` を有効にすると、古いボリュームプラグインが使えなくなりました。",
        "## 後片付け\n\n### `ValidatingAdmissionPolicy` の削除\n\n作成したポリシーを消します。\n",
    ] {
        assert!(
            gate_facts(md).iter().all(|g| g.1 != Some(Stage::Removed)),
            "{md}: {:?}",
            gate_facts(md)
        );
    }
    // A deletion that happens is no removal of the gate.
    assert_eq!(
        gate_facts("`NodeSwap` を指定した Pod は、ノードの退避時に削除されます。"),
        [("NodeSwap".into(), None, None, None)]
    );
    // An address or another project's version is no release of Kubernetes.
    for md in [
        "`NodeSwap` は 10.1.30.4 でベータとして検証しました。",
        "`NodeSwap` は Go 1.22.3 でベータ扱いです。",
        "`NodeSwap` は containerd 1.7.0 でベータ機能として使えます。",
    ] {
        assert_eq!(gate_facts(md)[0].2, None, "{md}");
    }
    // A release candidate dates its release.
    assert_eq!(
        gate_facts("`NodeSwap` は 1.29.0-rc.1 で GA になりました。")[0].2,
        Some(rel("1.29"))
    );
    // A stage dated after the article's release (1.32) before a plan is planned too.
    assert_eq!(
        gate_facts("`NodeSwap` は 1.33 でベータになり 1.34 で GA になる予定です。")[0].1,
        None
    );
    // Next time said of the article, not of the stage.
    for md in [
        "`NodeSwap` はベータ（次回で詳しく解説します）。",
        "`NodeSwap` のベータについては次回リリースノートで扱います。",
    ] {
        assert_eq!(gate_facts(md)[0].1, Some(Stage::Beta), "{md}");
    }
    // A stage section's first paragraph naming a gate in passing, or after 以前は: the gate,
    // not what reached the section's stage.
    for md in [
        "## GA に昇格した機能\n\n### 検証環境\n\n`NodeSwap` を試したときと同じ kind クラスタを使います。\n",
        "## GA に昇格した機能\n\n### Job の成功ポリシー\n\nJob の成功条件を指定できます。以前は `NodeSwap` と組み合わせると不具合がありました。\n",
    ] {
        assert_eq!(
            gate_facts(md),
            [("NodeSwap".into(), None, None, None)],
            "{md}"
        );
    }
    // A sentence introducing a list of conditions heads no name in them.
    let md =
        "- 以下の条件を満たしたため、ベータに昇格しました。\n  - `NodeSwap` のテストが安定した\n";
    assert!(gate_facts(md).iter().all(|g| g.1.is_none()), "{md}");
}

#[test]
fn a_sections_one_kep_takes_the_stage_its_prose_states() {
    // The release post's layout: what it does, the stage, then the KEP it was part of.
    let md = "## 新機能\n\n### Job の成功ポリシー\n\nJob の成功条件を指定できます。\n\nこの機能は v1.32 で GA に昇格しました。\n\nこの作業は [KEP #3962](https://kep.k8s.io/3962) の一環として行われました。\n";
    assert_eq!(kep_stages(md), [(3962, Some(Stage::Stable), None)]);
    // A removal or deprecation in the prose is as often of something else; two KEPs, two
    // stages, or the article's opening section settle nothing.
    for md in [
        "## 新機能\n\n### 回収ポリシー\n\nストレージが削除された後にのみ消えます。\n\n詳しくは KEP-3962 を。\n",
        "## 新機能\n\n### 二つ\n\nこの機能は v1.32 で GA に昇格しました。\n\nKEP-3962 と KEP-3157 の一環です。\n",
        "## 新機能\n\n### 二つ\n\nA は v1.32 で GA、B はベータになりました。\n\nKEP-3962 の一環です。\n",
        "この機能は v1.32 で GA に昇格しました。\n\nKEP-3962 の一環です。\n",
    ] {
        assert!(
            kep_stages(md).iter().all(|k| k.1.is_none()),
            "{md}: {:?}",
            kep_stages(md)
        );
    }
}

#[test]
fn a_column_of_defaults_gives_each_row_its_default() {
    let md = "| 機能 | デフォルト | ステージ |\n|---|---|---|\n| `NodeSwap` | `false` | Alpha |\n| `WatchList` | 有効 | Beta |\n| `KMSv2` | - | GA |\n";
    let got: Vec<_> = gate_facts(md)
        .into_iter()
        .map(|g| (g.0, g.1, g.3))
        .collect();
    assert_eq!(
        got,
        [
            ("NodeSwap".to_string(), Some(Stage::Alpha), Some(false)),
            ("WatchList".to_string(), Some(Stage::Beta), Some(true)),
            ("KMSv2".to_string(), Some(Stage::Stable), None),
        ]
    );
    let md = "| KEP | Gate | Default |\n|---|---|---|\n| KEP-3962 | `WatchList` | on |\n";
    assert_eq!(gate_facts(md)[0].3, Some(true));
}

#[test]
fn a_question_takes_the_stage_its_answer_states() {
    for md in [
        "Q: `NodeSwap` は今どのステージ？\n\nA: 1.32 でベータになり、デフォルトで有効です。\n",
        "Q. `NodeSwap` フィーチャーゲートは今どのステージ？\n\n答え: ベータです。\n",
        "### Q. `NodeSwap` はデフォルトで有効？\n\nいいえ、ベータですがデフォルトでは無効です。\n",
        // An interview: one speaker asks, another answers.
        "**筆者**: `NodeSwap` はどうですか？\n\n**M さん**: 1.32 でようやくベータになりました。\n",
        // A question and its answer in one paragraph.
        "Q1. `NodeSwap` はどうなった？ A1. ベータになりました。",
        "Q: `NodeSwap` はどうなった？ A: ベータになりました。",
        "`NodeSwap` はどうなった？ 答え: ベータになりました。",
        // A quoted question, its answer after an arrow.
        "- 「`NodeSwap` はどうなったんだっけ？」→ はい、ベータになりました。",
    ] {
        assert_eq!(
            gate_facts(md).first().map(|g| g.1),
            Some(Some(Stage::Beta)),
            "{md}: {:?}",
            gate_facts(md)
        );
    }
    // An answer about another gate, or a next paragraph that is no answer, tells nothing.
    for md in [
        "Q: `NodeSwap` は今どのステージ？\n\nA: `WatchList` はベータです。\n",
        "`NodeSwap` は今どのステージ？\n\n次の話題です。ベータ機能は多いです。\n",
        // The same speaker goes on: no answer.
        "**筆者**: `NodeSwap` はどうですか？\n\n**筆者**: ベータ機能は多いですね。\n",
        "Q. `NodeSwap` は？ A. `WatchList` はベータです。",
        "Q. `NodeSwap` は？ A. `WatchList` はベータ、`KMSv2` は GA です。",
    ] {
        assert!(
            gate_facts(md)
                .iter()
                .all(|g| g.0 != "NodeSwap" || g.1.is_none()),
            "{md}: {:?}",
            gate_facts(md)
        );
    }
}

#[test]
fn a_question_in_a_paragraph_takes_the_stage_its_labelled_answer_states() {
    let md =
        "Q. `NodeSwap` は？ A. 1.34 で GA です。Q. `SidecarContainers` は？ A. 1.34 でベータです。";
    let got: Vec<(String, Option<Stage>)> =
        gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
    assert_eq!(
        got,
        [
            ("NodeSwap".to_string(), Some(Stage::Stable)),
            ("SidecarContainers".to_string(), Some(Stage::Beta)),
        ]
    );
}

#[test]
fn a_yes_on_the_next_speakers_line_confirms_the_stage_asked() {
    let md = "**A**：サイドカー（KEP-3962）はもう GA ですよね？\n**B**：そうそう、1.33 で。\n";
    assert_eq!(
        kep_stages(md),
        [(3962, Some(Stage::Stable), Some(rel("1.33")))]
    );
    // Turns in paragraphs of their own.
    let md = "**さとう**：KEP-3962 はもう GA ですよね？\n\n**すずき**：はい、1.33 で GA です。\n\n**さとう**：KEP-3962 はもう GA ですよね？\n\n**すずき**：そうですね。\n";
    assert_eq!(
        kep_stages(md),
        [
            (3962, Some(Stage::Stable), Some(rel("1.33"))),
            (3962, Some(Stage::Stable), None)
        ]
    );
    // A no, or the same speaker going on, confirms nothing.
    for md in [
        "**さとう**：KEP-3962 はもう GA ですよね？\n**すずき**：いや、まだです。\n",
        "**さとう**：KEP-3962 はもう GA ですよね？\n**さとう**：そうそう、1.33 で。\n",
    ] {
        assert_eq!(kep_stages(md), [(3962, None, None)], "{md}");
    }
}

#[test]
fn an_answer_turn_stating_a_removal_gives_it_to_the_question() {
    let md = "> @ito: `KMSv2` を設定に残したままだと、1.34 で起動しないって本当？\n\n@kimura: 本当です。そのゲートは 1.33 で削除されています。\n";
    let g = &gate_facts(md)[0];
    assert_eq!((g.0.as_str(), g.1), ("KMSv2", Some(Stage::Removed)));
}

#[test]
fn a_pull_request_brings_the_stage_its_sentence_states_of_its_gates() {
    let pr_stages = |md: &str| -> Vec<(u32, Option<Stage>, Option<Release>)> {
        let (_, r) = real(md);
        r.prs
            .iter()
            .map(|m| (m.pr.number, m.stage, m.stage_release))
            .collect()
    };
    assert_eq!(
        pr_stages("- Promoted `WatchList` to GA. (#131549, @carlory)\n"),
        [(131549, Some(Stage::Stable), None)]
    );
    assert_eq!(
        pr_stages("`WatchList` は 1.31 で beta に昇格しました（kubernetes/kubernetes#128011）。"),
        [(128011, Some(Stage::Beta), Some(rel("1.31")))]
    );
    // Gates of two stages, no stage stated, a list's stage, or an issue: none.
    for md in [
        "`WatchList` はベータ、`KMSv2` は GA になりました（#128011）。",
        "`WatchList` のバグを直しました（#128011）。",
        "## GA に昇格した機能\n\n- `WatchList` (#128011)\n",
        "`WatchList` は GA になりました（Issue #128011）。",
    ] {
        assert!(
            pr_stages(md).iter().all(|p| p.1.is_none()),
            "{md}: {:?}",
            pr_stages(md)
        );
    }
    // A release note's entry: its citation after the full stop and before the SIG label, or
    // after a second sentence, cites the whole entry.
    for (md, stage) in [
        (
            "- `WatchList` をベータに昇格しました。 (#132123) [SIG API Machinery]\n",
            Stage::Beta,
        ),
        (
            "- Graduated `WatchList` to GA. ([#132656](https://github.com/kubernetes/kubernetes/pull/132656), [@liggitt](https://github.com/liggitt)) [SIG API Machinery and Testing]\n",
            Stage::Stable,
        ),
        (
            "- `WatchList` をベータに昇格しました。デフォルトでは無効です。 (#130822)\n",
            Stage::Beta,
        ),
        (
            "- Graduated `WatchList` to GA. The feature gate is now locked to enabled. (#129731, @user) [sig/api-machinery,sig/node]\n",
            Stage::Stable,
        ),
        // Hanging on the entry's last sentence, with no full stop after it.
        (
            "- KEP-3157 がベータに。`WatchList` の既定が変わります (#132012, @kannon92)\n",
            Stage::Beta,
        ),
        // A table's cell holding only the reference cites its row.
        (
            "| PR | 内容 |\n|---|---|\n| #123405 | `WatchList` を GA に昇格 |\n",
            Stage::Stable,
        ),
    ] {
        assert_eq!(pr_stages(md)[0].1, Some(stage), "{md}");
    }
    // A reference inside the entry's text, one a later sentence of its own words follows, one
    // its sentence's full stop follows, and a row's fix cite their sentence only.
    for md in [
        "`WatchList` をベータに昇格しました。関連: #130822 でドキュメントも直しています。\n",
        "`WatchList` をベータに昇格しました。 (#130822) 詳しくは後述します。\n",
        "`WatchList` はベータに昇格しました。サブリソースの変更は要注意です（PR #130225）。\n",
        "| 内容 | PR |\n|---|---|\n| GA になった `WatchList` のバグ修正 | #130822 |\n",
    ] {
        assert_eq!(pr_stages(md)[0].1, None, "{md}");
    }
}

#[test]
fn a_note_mark_opening_a_sentence_is_not_its_first_word() {
    for md in [
        "📝 v1.32 では `WatchList` はベータでデフォルト有効です。",
        "※ v1.32 では `WatchList` はベータでデフォルト有効です。",
        "補足: v1.32 では `WatchList` はベータでデフォルト有効です。",
    ] {
        let g = &gate_facts(md)[0];
        assert_eq!((g.1, g.2), (Some(Stage::Beta), Some(rel("1.32"))), "{md}");
    }
    let md = "- The `WatchList` feature gate is now enabled by default. (#129800)\n  - 📝 ゲート自体は v1.31 から非推奨です。\n";
    let g = &gate_facts(md)[0];
    assert_eq!((g.1, g.2), (Some(Stage::Deprecated), Some(rel("1.31"))));
}

#[test]
fn a_move_denied_in_plain_or_spoken_form_states_no_stage() {
    for md in [
        "- KEP-4191: GA 昇格はしていません",
        "- KEP-4191 は beta に昇格しなかった",
        "- KEP-4191 は GA になってない",
        "- KEP-4191 は今回も GA 昇格せず",
        "- KEP-4191 は GA 昇格なし",
        "- KEP-4191 は GA にはなってません",
        "今回 beta 昇格しなかった KEP: KEP-4191",
    ] {
        assert_eq!(kep_stages(md), [(4191, None, None)], "{md}");
    }
    // The beta an answer states stands beside the GA it denies.
    let md = "伊藤: `WatchList` はどうなりました？\n\n鈴木: 1.33 で beta になりました。GA にはなってません。\n";
    let g = &gate_facts(md)[0];
    assert_eq!((g.1, g.2), (Some(Stage::Beta), Some(rel("1.33"))));
}

#[test]
fn a_stage_coming_in_spoken_verbs_under_a_condition_guess_or_wait_is_none() {
    for md in [
        "`WatchList` が GA に上がったら本番投入する。",
        "`WatchList` がベータに入ったら試す。",
        "`WatchList` は 1.35 で GA に上がるかも。",
        "`WatchList` は 1.35 でアルファとして入るらしい。",
        "`WatchList` が GA に上がるのを待っています。",
        "次は 1.33 で `WatchList` が GA になるのを待って、移行を進めたいと思っています。",
        "`WatchList` の GA が来るはずです。",
        "`WatchList` のベータが来そうです。",
        "`WatchList` は 1.35 でベータになるはずなので、検証します。",
    ] {
        assert_eq!(gate_facts(md)[0].1, None, "{md}");
    }
    // Said of something else, the verbs leave the stage alone.
    let md = "`WatchList` は 1.32 でベータになりました。1.34 が来たら試します。";
    assert_eq!(gate_facts(md)[0].1, Some(Stage::Beta));
}

#[test]
fn a_digests_terse_removal_and_lock_lines_state_the_stage() {
    for (md, stage) in [
        ("- `WatchList` ゲートを削除 (#128400)\n", Stage::Removed),
        ("- `WatchList` を削除 (#128401)\n", Stage::Removed),
        ("- `WatchList` ゲートをロック (#128353)\n", Stage::Stable),
        (
            "- `WatchList` is now locked to true. (#128350)\n",
            Stage::Stable,
        ),
        (
            "- The `WatchList` feature gate is now locked to enabled. (#128351)\n",
            Stage::Stable,
        ),
        (
            "`WatchList` のゲートはロックされたので、もう無効化はできません。",
            Stage::Stable,
        ),
    ] {
        assert_eq!(gate_facts(md)[0].1, Some(stage), "{md}");
    }
    // Taken out of a configuration, or a lock of something else: none.
    for md in [
        "kubelet の設定から `WatchList` を削除しました。",
        "`WatchList` を設定から削除しました。",
        "Secret をロックします。`WatchList` は使っていません。",
    ] {
        assert_eq!(gate_facts(md)[0].1, None, "{md}");
    }
}

#[test]
fn spoken_forms_state_what_their_written_forms_do() {
    use Stage::*;
    let stage_release = |md: &str| {
        let g = &gate_facts(md)[0];
        (g.1, g.2)
    };
    // A denial in speech (`じゃなくて`), as `ではなく` is.
    let spoken = stage_release("`NodeSwap` は 1.31 ではまだ GA じゃなくて、ベータのままです。");
    assert_eq!(spoken.0, Some(Beta));
    assert_eq!(
        spoken,
        stage_release("`NodeSwap` は 1.31 ではまだ GA ではなく、ベータのままです。")
    );
    // `削除されてます` is `削除されています`.
    assert_eq!(
        stage_release("`KMSv2` のゲートは 1.31 で削除されてます。"),
        (Some(Removed), Some(rel("1.31")))
    );
    // `1.31 のときは` dates its clause as `1.31 では` does.
    for md in [
        "1.31 のときは `NodeSwap` はまだ beta でした。",
        "1.31 の頃は `NodeSwap` はまだ beta でした。",
    ] {
        assert_eq!(stage_release(md), (Some(Beta), Some(rel("1.31"))), "{md}");
    }
    // A guess of what comes in (`入るかもしれません`) states no stage.
    assert_eq!(
        kep_stages("KEP-3962 は 1.33 でアルファとして入るかもしれません。"),
        [(3962, None, None)]
    );
}

#[test]
fn a_question_of_whether_it_is_true_states_nothing() {
    for md in [
        "`NodeSwap` は 1.31 で GA になったと聞いたのですが、本当ですか？",
        "`NodeSwap` が 1.31 で GA になったって本当？",
    ] {
        assert_eq!(gate_facts(md)[0].1, None, "{md}");
    }
}

#[test]
fn a_release_before_the_name_of_its_topic_dates_the_stage() {
    for md in [
        "1.31 の `NodeSwap` は alpha です。",
        "Kubernetes 1.31 の `NodeSwap` はまだ alpha でした。",
    ] {
        let g = &gate_facts(md)[0];
        assert_eq!((g.1, g.2), (Some(Stage::Alpha), Some(rel("1.31"))), "{md}");
    }
}

#[test]
fn a_policy_for_the_features_of_a_stage_lends_its_section_nothing() {
    let md = "## 社内ポリシー\n\nbeta の機能は本番では有効にしない方針です。\n\n`--feature-gates=NodeSwap=true` は検証クラスターだけで付けています。\n";
    assert_eq!(gate_facts(md)[0].1, None);
}

#[test]
fn a_stage_given_as_the_cause_of_what_is_put_off_stands() {
    let g =
        &gate_facts("`NodeSwap` は 1.31 でも beta（デフォルト無効）なので今回は見送ります。")[0];
    assert_eq!((g.1, g.2), (Some(Stage::Beta), Some(rel("1.31"))));
    // A cause given after the stage's clause is the revert's: the stage did not hold.
    assert_eq!(
        gate_facts("`NodeSwap` は GA になりましたが、バグのためリバートされました。")[0].1,
        None
    );
}

#[test]
fn struck_through_text_states_nothing() {
    use Stage::*;
    let g = &gate_facts("~~`NodeSwap` は 1.29 で GA になった~~ → 1.30 から beta でした。")[0];
    assert_eq!(
        (g.0.as_str(), g.1, g.2),
        ("NodeSwap", Some(Beta), Some(rel("1.30")))
    );
    // The name struck through is still named.
    assert_eq!(gate_facts("~~`NodeSwap` は GA~~").len(), 1);
    assert_eq!(gate_facts("~~`NodeSwap` は GA~~")[0].1, None);
}

#[test]
fn a_lead_gives_its_stage_to_items_titled_then_naming_the_gate_in_brackets() {
    let md = "1.31 で GA になった機能:\n\n- Swap サポート（`NodeSwap`）\n- KMS v2（`KMSv2`、KEP-3299）\n- 説明が続く項目（`WatchList`）。これはまだ検討中です\n";
    let got: Vec<(String, Option<Stage>)> =
        gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
    assert_eq!(
        got,
        [
            ("NodeSwap".to_string(), Some(Stage::Stable)),
            ("KMSv2".to_string(), Some(Stage::Stable)),
            ("WatchList".to_string(), None),
        ]
    );
}

#[test]
fn names_and_stages_listed_respectively_pair_in_order() {
    for md in [
        "KEP-3962、KEP-3157 はそれぞれベータ、GA に昇格しました。",
        "KEP-3962 と KEP-3157 がそれぞれベータと GA になりました。",
        "KEP-3962 and KEP-3157 graduated to beta and GA respectively.",
    ] {
        assert_eq!(
            kep_stages(md),
            [
                (3962, Some(Stage::Beta), None),
                (3157, Some(Stage::Stable), None)
            ],
            "{md}"
        );
    }
    // Without それぞれ, or with as many stages as names but not after them, the sentence reads
    // as before.
    assert_eq!(
        kep_stages("KEP-3962 と KEP-3157 が GA になりました。"),
        [
            (3962, Some(Stage::Stable), None),
            (3157, Some(Stage::Stable), None)
        ]
    );
}

#[test]
fn a_default_said_in_a_sentence_of_no_name_is_the_blocks() {
    let defaults =
        |md: &str| -> Vec<Option<bool>> { gate_facts(md).into_iter().map(|g| g.3).collect() };
    assert_eq!(
        defaults("`NodeSwap` と `WatchList` がベータになりました。どちらもデフォルトで有効です。"),
        [Some(true), Some(true)]
    );
    assert_eq!(
        defaults("`NodeSwap` はベータに昇格しました。デフォルト: 無効"),
        [Some(false)]
    );
    // What held before, or two defaults that disagree, give none; a name's own default stays.
    for md in [
        "`NodeSwap` はベータです。以前はデフォルトで無効でした。",
        "`NodeSwap` はベータです。A はデフォルトで有効、B はデフォルトで無効です。",
    ] {
        assert_eq!(defaults(md), [None], "{md}");
    }
    assert_eq!(
        defaults("`NodeSwap` はデフォルトで無効です。ほかはデフォルトで有効です。"),
        [Some(false)]
    );
}

#[test]
fn a_known_name_whole_in_a_code_span_is_the_gate_said_in_passing() {
    use Stage::*;
    // Said of nothing but itself: the gate, of no stage.
    for md in [
        "`SidecarContainers` を使うと、Pod の起動順序を制御できます。",
        "`JobPodReplacementPolicy` の詳細は公式ドキュメントを参照。",
        "- `NodeSwap`\n  - デフォルト: false\n",
    ] {
        let names: Vec<_> = gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
        assert_eq!(names.len(), 1, "{md}: {names:?}");
        assert_eq!(names[0].1, None, "{md}");
    }
    // Its own sentence still states its stage.
    assert_eq!(
        gate_facts("`NodeSwap` は 1.30 でベータになりました。"),
        [("NodeSwap".into(), Some(Beta), Some(rel("1.30")), None)]
    );
    // Not written whole in a span, or the name of an access mode or component: no gate.
    for md in [
        "NodeSwap を使うと便利です。",
        "`NodeSwap=true` の例",
        "`ReadWriteOncePod` のボリュームを使います。",
    ] {
        assert!(
            gate_facts(md).iter().all(|g| g.0 != "ReadWriteOncePod"),
            "{md}"
        );
    }
    assert!(gate_facts("NodeSwap を使うと便利です。").is_empty());
    // Under a stage heading, in passing (with its full stop or without): not what reached the
    // stage.
    for md in [
        "## ベータに昇格した機能\n\n- 検証には `NodeSwap` の記事と同じクラスターを使いました。\n",
        "## ベータに昇格した機能\n\n- 検証には `NodeSwap` の記事と同じクラスターを使いました\n",
    ] {
        assert!(gate_facts(md).iter().all(|g| g.1.is_none()), "{md}");
    }
    // A name that also names an access mode or security module leads no stage item in prose.
    let md = "## ベータに昇格した機能\n\n- ReadWriteOncePod: アクセスモードの話\n- AppArmor: アノテーションからフィールドへ\n";
    assert!(gate_facts(md).is_empty(), "{md}: {:?}", gate_facts(md));
    // A subresource, a label, a provider: not the gate.
    for md in [
        "`NodeSwap` サブリソース",
        "`NodeSwap` というラベル",
        "`NodeSwap` プロバイダー",
    ] {
        assert!(gate_facts(md).is_empty(), "{md}: {:?}", gate_facts(md));
    }
}

#[test]
fn a_row_that_describes_its_name_states_its_stage_and_default() {
    use Stage::*;
    // No column of stages: the description cell says it.
    let md = "| フィーチャーゲート | 概要 |\n|---|---|\n| `SidecarContainers` | サイドカー。ベータに昇格し、デフォルトで有効。 |\n| `NodeSwap` | スワップ。アルファとして追加。 |\n";
    assert_eq!(
        gate_facts(md),
        [
            ("SidecarContainers".into(), Some(Beta), None, Some(true)),
            ("NodeSwap".into(), Some(Alpha), None, None)
        ]
    );
    let md = "| KEP | 概要 |\n|---|---|\n| KEP-4317 | Pod 証明書。アルファとして追加。 |\n";
    assert_eq!(kep_stages(md), [(4317, Some(Alpha), None)]);
    let md = "| 機能 | 説明 |\n|---|---|\n| `JobPodReplacementPolicy` | Pod の置き換え方針が v1.29 でベータに昇格 |\n";
    assert_eq!(
        gate_facts(md),
        [(
            "JobPodReplacementPolicy".into(),
            Some(Beta),
            Some(rel("1.29")),
            None
        )]
    );
    // A stage said of something else the row brings, in passing, or in columns that are no
    // description (a vendor's); a before and after is the after's (below).
    for md in [
        "| 機能 | 説明 |\n|---|---|\n| `NodeSwap` | cgroup v1 は非推奨になりました。利用は cgroup v2 で |\n",
        "| 機能 | 説明 |\n|---|---|\n| `NodeSwap` | ベータ版の頃とは挙動が違うので注意 |\n",
        "| 機能 | EKS | GKE |\n|---|---|---|\n| `NodeSwap` | アルファ | GA |\n",
    ] {
        assert_eq!(gate_facts(md)[0].1, None, "{md}");
    }
    let md = "| 機能 | Before | After |\n|---|---|---|\n| `NodeSwap` | アルファ | ベータ |\n";
    assert_eq!(gate_facts(md)[0].1, Some(Beta), "{md}");
    // A description naming another gate speaks of that one.
    let md = "| ゲート | 概要 |\n|---|---|\n| `SidecarContainers` | `NodeSwap` の後に入った。NodeSwap はベータ。 |\n";
    let got = gate_facts(md);
    assert_eq!(got[0].0, "SidecarContainers");
    assert_eq!(got[0].1, None, "{got:?}");
    // A column of stages says more than a description.
    let md =
        "| ゲート | ステージ | 説明 |\n|---|---|---|\n| `NodeSwap` | GA | ベータの頃から使えた |\n";
    assert_eq!(gate_facts(md)[0].1, Some(Stable));
}

#[test]
fn marks_in_a_column_of_defaults_and_a_default_in_a_stage_cell() {
    use Stage::*;
    for (mark, on) in [
        ("✅", true),
        (":white_check_mark:", true),
        ("✔️", true),
        ("○", true),
        ("◯", true),
        ("❌", false),
        (":x:", false),
        ("×", false),
        ("✘", false),
    ] {
        let md = format!(
            "| ゲート | ステージ | デフォルト |\n|---|---|---|\n| `NodeSwap` | Beta | {mark} |\n"
        );
        let got = gate_facts(&md);
        assert_eq!((got[0].1, got[0].3), (Some(Beta), Some(on)), "{mark}");
    }
    let md = "| ゲート | ステージ |\n|---|---|\n| `NodeSwap` | Beta（デフォルト有効） |\n";
    assert_eq!(
        gate_facts(md),
        [("NodeSwap".into(), Some(Beta), None, Some(true))]
    );
}

#[test]
fn columns_headed_by_where_a_feature_stands_now_are_stages() {
    use Stage::*;
    for header in ["現在", "現状", "レベル", "1.34 での扱い"] {
        let md = format!("| 機能 | {header} |\n|---|---|\n| `NodeSwap` | β |\n");
        assert_eq!(gate_facts(&md)[0].1, Some(Beta), "{header}");
    }
    // Only as the whole header: a log level is no stage.
    let md = "| 機能 | ログレベル |\n|---|---|\n| `NodeSwap` | β |\n";
    assert_eq!(gate_facts(md)[0].1, None);
}

#[test]
fn defaults_and_stages_in_other_words() {
    use Stage::*;
    for (md, on) in [
        ("`NodeSwap` はベータで、既定で有効です。", true),
        ("`NodeSwap` はベータで、標準で有効になっています。", true),
        ("`NodeSwap` はベータで、デフォルトで true です。", true),
        ("`NodeSwap` はベータで、初期値は true です。", true),
        ("`NodeSwap` はベータで、既定値は false です。", false),
        ("`NodeSwap` はベータで、オプトインで利用できます。", false),
    ] {
        assert_eq!(gate_facts(md)[0].3, Some(on), "{md}");
    }
    for (md, stage) in [
        (
            "`StorageNamespaceIndex` は deprecate されました。",
            Deprecated,
        ),
        (
            "`StorageNamespaceIndex` ゲートはデプリケートされました。",
            Deprecated,
        ),
        ("`NodeSwap` がジーエーになりました。", Stable),
    ] {
        assert_eq!(gate_facts(md)[0].1, Some(stage), "{md}");
    }
    // The release's own release, a denied deprecation, and a KEP's English title, are no stage.
    for md in [
        "v1.34 の正式リリースに合わせて KEP-4639 の記事を書きました。",
        "Kubernetes v1.34 が正式リリースされました。KEP-4639 などの変更を紹介します。",
        "KEP-4639 は deprecate されません。",
        "KEP-4639 はデプリケートされていません。",
        "KEP-4639 は deprecate しない方針です。",
    ] {
        assert_eq!(kep_stages(md), [(4639, None, None)], "{md}");
    }
    // Words that go on past the default, or say no default at all.
    for md in [
        "`NodeSwap` はベータです。トークンは既定で有効期限が 1 時間です。",
        "`NodeSwap` はベータで、標準でオンプレミス環境にも対応します。",
        "`NodeSwap` はベータで、既定でオフラインのノードでは動きません。",
        "`NodeSwap` はベータで、導入初期は無効でした。",
        "`NodeSwap` は GA になり、オプトインは不要になりました。",
    ] {
        assert_eq!(gate_facts(md)[0].3, None, "{md}");
    }
    assert_eq!(
        gate_facts("`NodeSwap` はベータで、デフォルトで有効化されています。")[0].3,
        Some(true)
    );
    assert_eq!(
        kep_stages("### KEP-3962: Deprecate the old flags"),
        [(3962, None, None)]
    );
}

#[test]
fn kep_numbers_written_with_no_parentheses_or_a_middle_dot() {
    for (md, want) in [
        ("KEP No.4639 を読みました。", &[4639][..]),
        ("KEP no. 4639 を読みました。", &[4639]),
        ("KEP（3962）の話です。", &[3962]),
        (
            "KEP-4205・4818・2837 をまとめて紹介します。",
            &[4205, 4818, 2837],
        ),
        // A pick's number, not a KEP's.
        ("## 注目KEP（1）：サイドカーコンテナ", &[]),
        ("KEP no.1 のおすすめ", &[]),
    ] {
        let got: Vec<u32> = kep_stages(md).into_iter().map(|k| k.0).collect();
        assert_eq!(got, want, "{md}");
    }
}

#[test]
fn releases_written_as_posts_write_them_date_the_stage() {
    use Stage::*;
    for md in [
        "k8s 1.33 で `NodeSwap` が GA になりました。",
        "1.33系では `NodeSwap` が GA です。",
        "`NodeSwap` は Kubernetes 1.33 系で GA になりました。",
        "`NodeSwap` は ver.1.33 で GA になりました。",
        "`NodeSwap` は 1.33 版で GA になりました。",
        "`NodeSwap` は v1.33時点で GA でした。",
        "`NodeSwap` は 1.33 のタイミングで GA になりました。",
        "`NodeSwap` は Kubernetes v1.33（Octarine）で GA になりました。",
        "`NodeSwap` は「v1.33」で GA になりました。",
        "前回の v1.33 で `NodeSwap` が GA になりました。",
        "`NodeSwap` は v1.33（2025 年 4 月）で GA になりました。",
        "`NodeSwap` は v1.33（2025年4月リリース）で GA に昇格しました。",
        "- v1.33 (2025-04): `NodeSwap` が GA に",
        // Asides, adverbs and a platform's release before the topic release.
        "ちなみに 1.33 では `NodeSwap` が GA になっています。",
        "すでに 1.33 で `NodeSwap` が GA になっています。",
        "実は 1.33 では `NodeSwap` が GA になっています。",
        "EKS 1.33 では `NodeSwap` が GA です。",
        "v1.33 には `NodeSwap` の GA が含まれています。",
        // The release a relative clause of the stage describes.
        "`NodeSwap` が GA になった 1.33 に上げたタイミングで導入しました。",
        "`NodeSwap` は GA 済みの 1.33 に上げてから使い始めました。",
    ] {
        assert_eq!(
            gate_facts(md),
            [("NodeSwap".into(), Some(Stable), Some(rel("1.33")), None)],
            "{md}"
        );
    }
    // A word in brackets in Japanese or a plan is no release's name or date; `k8s` alone is no
    // release.
    for md in [
        "`NodeSwap` は v1.33（仮）で GA になりました。",
        "`NodeSwap` は v1.33（2025年4月リリース予定）で GA になりました。",
    ] {
        assert_eq!(gate_facts(md)[0].2, None, "{md}");
    }
    let text = "k8s のクラスター";
    let tokens = scan::scan(text, std::slice::from_ref(&(0..text.len())), &[]);
    assert!(
        tokens
            .iter()
            .all(|t| !matches!(t.kind, scan::TokenKind::Release(_)))
    );
}

#[test]
fn a_name_set_to_true_or_false_in_prose_or_configuration_is_a_gate() {
    for (md, name) in [
        (
            "KubeletConfiguration に `featureGates.NodeSwap: true` を追記します。",
            "NodeSwap",
        ),
        (
            "kubelet の設定に `NodeSwap: true` を追加します。",
            "NodeSwap",
        ),
        ("私の環境では NodeSwap=true にしています。", "NodeSwap"),
        (
            "kube-apiserver を --feature-gates=\"SidecarContainers=true\" を付けて起動します。",
            "SidecarContainers",
        ),
        // A name the registry does not know, set so, is a gate too.
        ("`MyNewThing=false` で止めます。", "MyNewThing"),
    ] {
        let got: Vec<_> = gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
        assert_eq!(got, [(name.to_string(), None)], "{md}");
    }
    // A value that only begins with true is no setting.
    assert!(gate_facts("MyNewThing=trueish な値").is_empty());
}

#[test]
fn a_heading_looking_back_or_ahead_at_another_release_dates_its_sections_stages() {
    use Stage::*;
    let md = concat!(
        "## 1.33 の振り返り\n\n- `SidecarContainers` がベータになりました\n\n",
        "## 1.35 で予定されていること\n\n- `NodeSwap` がベータに昇格します\n\n",
        "## 1.33 からの変更点\n\n- `JobPodReplacementPolicy` がベータになりました\n",
    );
    let got = gates_in_release(md, "1.34");
    let got: Vec<_> = got.iter().map(|(g, s, r)| (g.as_str(), *s, *r)).collect();
    assert_eq!(
        got,
        [
            ("SidecarContainers", Some(Beta), Some(rel("1.33"))),
            ("NodeSwap", Some(Beta), Some(rel("1.35"))),
            ("JobPodReplacementPolicy", Some(Beta), None)
        ]
    );
}

#[test]
fn a_title_of_the_name_and_its_stage_names_the_gate_even_of_a_kinds_name() {
    use Stage::*;
    for (md, name, stage) in [
        (
            "- ValidatingAdmissionPolicy (Beta)\n",
            "ValidatingAdmissionPolicy",
            Beta,
        ),
        (
            "- PodDisruptionBudget [Alpha]\n",
            "PodDisruptionBudget",
            Alpha,
        ),
        (
            "### ⭐ 【GA】VolumeAttributesClass\n",
            "VolumeAttributesClass",
            Stable,
        ),
        (
            "- [x] KEP-3962 ValidatingAdmissionPolicy ベータ昇格\n",
            "ValidatingAdmissionPolicy",
            Beta,
        ),
    ] {
        let got: Vec<_> = gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
        assert_eq!(got, [(name.to_string(), Some(stage))], "{md}");
    }
    // More words than the name and its stage: the kind, not the gate.
    for md in [
        "- ValidatingAdmissionPolicy を作成 (Beta)\n",
        "### VolumeAttributesClass の使い方【GA】\n",
    ] {
        assert!(gate_facts(md).is_empty(), "{md}: {:?}", gate_facts(md));
    }
}

#[test]
fn issues_by_their_words_and_closing_keywords() {
    for md in [
        "Fixes #128281",
        "Closes #128311",
        "Issue: #128271",
        "関連 issue: #128312",
        "元の issue は #128280 です。",
        "Fixes kubernetes/kubernetes#128290",
    ] {
        let (_, r) = real(md);
        assert_eq!(r.prs.len(), 1, "{md}");
        assert_eq!(r.prs[0].pr.kind, ItemKind::Issue, "{md}: {:?}", r.prs[0].pr);
    }
    let (_, r) = real("修正は #128281 です。");
    assert_eq!(r.prs[0].pr.kind, ItemKind::Pull);
}

#[test]
fn sigs_as_keys_columns_and_short_names() {
    let sigs = |md: &str| -> Vec<String> {
        let (_, r) = real(md);
        r.sigs.iter().map(|s| s.sig.as_str().to_string()).collect()
    };
    assert_eq!(sigs("担当 SIG: Node"), ["node"]);
    assert_eq!(sigs("- SIG：Storage"), ["storage"]);
    assert_eq!(sigs("SIG Arch で議論されました。"), ["architecture"]);
    assert_eq!(
        sigs(
            "| 機能 | 担当SIG |\n|---|---|\n| `NodeSwap` | Node |\n| KEP-4639 | API Machinery, Apps |\n"
        ),
        ["node", "api-machinery", "apps"]
    );
    // A column of something else holds no SIG.
    assert!(sigs("| 機能 | 担当者 |\n|---|---|\n| `NodeSwap` | Node |\n").is_empty());
}

#[test]
fn a_question_or_plan_of_a_stage_takes_no_stage_from_its_block() {
    // `次の v1.33 で` dates the stage; a question of it is a plan.
    assert_eq!(
        gate_facts("次の v1.33 で `NodeSwap` が GA になりました。"),
        [(
            "NodeSwap".into(),
            Some(Stage::Stable),
            Some(rel("1.33")),
            None
        )]
    );
    for md in [
        "v1.33 で `NodeSwap` が GA になるか注目です。",
        "v1.34 は DRA の GA という大きな節目でした。次の v1.35 では `NodeSwap` の GA が予定されています。",
    ] {
        assert_eq!(gate_facts(md)[0].1, None, "{md}");
    }
    assert_eq!(kep_stages("KEP 番号: 4639 の話"), [(4639, None, None)]);
}

#[test]
fn a_kep_folder_a_spanned_pr_number_and_hearsay_of_a_fact() {
    for md in [
        "設計は keps/sig-node/2400-node-swap にあります。",
        "`keps/sig-node/2400-node-swap/README.md` を読みました。",
    ] {
        let got: Vec<u32> = kep_stages(md).into_iter().map(|k| k.0).collect();
        assert_eq!(got, [2400], "{md}");
    }
    // A SIG's name may hold a digit: the number is the folder's, not the first digit.
    let got: Vec<u32> = kep_stages("`keps/sig-k8s-infra/2345-image-promoter` を参照。")
        .into_iter()
        .map(|k| k.0)
        .collect();
    assert_eq!(got, [2345]);
    for md in ["修正は `#128308` です。", "修正は `PR#128310` です。"] {
        let (_, r) = real(md);
        assert_eq!(r.prs.len(), 1, "{md}");
    }
    // Code, and a short number in code, are no pull request.
    for md in ["`#include` を書きます。", "`#123` を書きます。"] {
        let (_, r) = real(md);
        assert!(r.prs.is_empty(), "{md}");
    }
    // Under a column headed as KEPs or pull requests, the column says what a short one is.
    let (_, r) =
        real("| KEP | 内容 |\n|---|---|\n| `#4004` | kubeProxyVersion フィールドの非推奨化 |\n");
    assert_eq!(r.kep_numbers(), [KepNumber(4004)]);
    assert!(r.prs.is_empty());
    let (_, r) = real("| PR | 内容 |\n|---|---|\n| `#9876` | 修正 |\n| `#include` | コード |\n");
    assert_eq!(r.pr_numbers(), [9876]);
    assert!(r.keps.is_empty());
    assert_eq!(
        gate_facts("`NodeSwap` は GA になったらしい。")[0].1,
        Some(Stage::Stable)
    );
    assert_eq!(
        gate_facts("`NodeSwap` が GA になったら使います。")[0].1,
        None
    );
}

/// `repo#number` of every pull request or issue of `md`.
fn pr_repos(md: &str) -> Vec<String> {
    let (_, r) = real(md);
    r.prs
        .iter()
        .map(|m| format!("{}#{}", m.pr.repo, m.pr.number))
        .collect()
}

#[test]
fn a_bare_number_said_of_another_project_is_that_projects() {
    let table: &[(&str, &[&str])] = &[
        // Its sentence names the project.
        (
            "Cilium 1.16.1 で直った #34000 のバグに当たりました。",
            &["cilium/cilium#34000"],
        ),
        (
            "containerd 側の問題（#10500）は containerd 1.7.21 で修正済み。",
            &["containerd/containerd#10500"],
        ),
        // Its item's earlier sentence does.
        (
            "- Cilium 1.16 がリリースされました。`#32859` で BGP コントロールプレーンが改善。",
            &["cilium/cilium#32859"],
        ),
        // Listed after another repository's number.
        (
            "- containerd/containerd#10956 と #10957 がマージされました。",
            &["containerd/containerd#10956", "containerd/containerd#10957"],
        ),
        // Its row names the project.
        (
            "| プロジェクト | バージョン | トピック |\n|---|---|---|\n| containerd | 2.0.3 | `#11403` で CRI のタイムアウトを修正 |\n",
            &["containerd/containerd#11403"],
        ),
        // Its section is the project's.
        (
            "### containerd 2.0\n\n- CRI v1alpha2 のサポートが削除されました（#10580）。\n",
            &["containerd/containerd#10580"],
        ),
        // Two projects: one of theirs, which one unknown.
        ("Cilium と Calico の両方で直った問題 (#34001) です。", &[]),
        // Kubernetes taking a new version, or Kubernetes named beside the project: Kubernetes'.
        (
            "etcd を v3.5.16 に更新しました (#27000)。",
            &["kubernetes/kubernetes#27000"],
        ),
        (
            "kubelet の containerd 2.0 対応 (#27001) が入りました。",
            &["kubernetes/kubernetes#27001"],
        ),
        (
            "Kubernetes 1.31 と containerd 2.0 の組み合わせの問題 (#27002) です。",
            &["kubernetes/kubernetes#27002"],
        ),
        // Go, `kind` (a word) and kubernetes' own repositories are not a context.
        (
            "Go 1.23 でビルドするようになりました (#27003)。",
            &["kubernetes/kubernetes#27003"],
        ),
        (
            "### kubeadm\n\n- 証明書の期限を延ばせるようにしました (#27004)\n",
            &["kubernetes/kubernetes#27004"],
        ),
        // A longer name is not the project's (`helmfile`), nor a heading that says more.
        (
            "helmfile で直した #27005 の話。",
            &["kubernetes/kubernetes#27005"],
        ),
        (
            "### containerd との付き合い方\n\n- 修正が入りました (#27006)\n",
            &["kubernetes/kubernetes#27006"],
        ),
        // Numbers only kubernetes/kubernetes has reached are its own, whatever project is named.
        (
            "- etcd への不要なリクエストを削減しました (#125943)",
            &["kubernetes/kubernetes#125943"],
        ),
        (
            "containerd/containerd#10956 の修正に追従して、#127520 で CRI の実装が変更されました。",
            &[
                "containerd/containerd#10956",
                "kubernetes/kubernetes#127520",
            ],
        ),
        // Beside a KEP, a small number edits the KEP, or is the KEP's own issue; not one a
        // project of the sentence has.
        (
            "KEP-2400 の Swap 対応は、CRI-O 側でも #7500 で実装されました。",
            &["cri-o/cri-o#7500"],
        ),
        (
            "- KEP-3157 の更新（#4950）がマージされました。",
            &["kubernetes/enhancements#4950"],
        ),
        ("- KEP-3157（#3157）は WatchList の KEP です。", &[]),
        // A talk's number is none, whatever project its sentence names.
        ("LT #2 では Istio の設定を置き換えた話がありました。", &[]),
        ("KEP-3157 について LT #3 で話しました。", &[]),
        (
            "- KEP-3157 を実装する PR（#122000）がマージされました。",
            &["kubernetes/kubernetes#122000"],
        ),
    ];
    for (md, want) in table {
        assert_eq!(pr_repos(md), *want, "{md}");
    }
}

#[test]
fn a_pull_request_to_the_enhancements_repository_and_component_repositories() {
    for md in [
        "PR kubernetes/enhancements#5124 がマージされました。",
        "KEP の PR（kubernetes/enhancements#5126）が出ています。",
        "KEP の PR は kubernetes/enhancements#5010 でマージされました。",
    ] {
        let (_, r) = real(md);
        assert!(r.keps.is_empty(), "{md}: {:?}", r.keps);
        assert_eq!(r.prs.len(), 1, "{md}");
        assert_eq!(r.prs[0].pr.repo, "kubernetes/enhancements", "{md}");
    }
    // Without the word, the enhancements issue is the KEP.
    assert_eq!(
        kep_stages("Enhancement: kubernetes/enhancements#4639"),
        [(4639, None, None)]
    );
    for (md, repo) in [
        ("kubeadm の issue #3152 を参照", "kubernetes/kubeadm"),
        ("kubectl の issue #1600 を参照", "kubernetes/kubectl"),
    ] {
        let (_, r) = real(md);
        assert_eq!(r.prs[0].pr.repo, repo, "{md}");
    }
    // A heading's own numbering.
    assert!(kep_stages("## #1 はじめに").is_empty());
}

#[test]
fn a_loose_items_later_paragraph_tells_its_stage() {
    let md = "- KEP-2837 Pod レベルリソース\n\n  1.34 でベータに昇格しました。デフォルトで有効です。\n\n- KEP-4317 Pod 証明書\n\n  アルファとして追加。\n";
    assert_eq!(
        kep_stages(md),
        [
            (2837, Some(Stage::Beta), Some(rel("1.34"))),
            (4317, Some(Stage::Alpha), None)
        ]
    );
    // A later paragraph that names a stage in passing, or speaks of another KEP, tells none.
    let md = "- KEP-2837 Pod レベルリソース\n\n  ベータ版の頃とは挙動が違うので注意。\n";
    assert_eq!(kep_stages(md), [(2837, None, None)]);
    let md = "- KEP-2837 Pod レベルリソース\n\n  KEP-4317 は 1.34 でアルファになりました。\n";
    assert_eq!(kep_stages(md)[0], (2837, None, None));
}

#[test]
fn review_mends_of_the_new_forms() {
    use Stage::*;
    // A release's name of several words.
    assert_eq!(
        gate_facts("`NodeSwap` は v1.34（Of Wind & Will）でベータになりました。")[0].2,
        Some(rel("1.34"))
    );
    // A reason and another verb's question are no plan.
    for md in [
        "`NodeSwap` は GA になるから、安心して使えます。",
        "挙動が異なるか確かめたうえで `NodeSwap` を GA にしました。",
    ] {
        assert_eq!(gate_facts(md)[0].1, Some(Stable), "{md}");
    }
    // No longer opt-in is no default off.
    assert_eq!(
        gate_facts("`NodeSwap` は GA になり、オプトインではなくなりました。")[0].3,
        None
    );
    // A two-digit KEP's folder, and a SIG column listed with `、`.
    assert_eq!(
        kep_stages("設計は keps/sig-node/24-apparmor-support にあります。"),
        [(24, None, None)]
    );
    let (_, r) = real("| 機能 | 担当SIG |\n|---|---|\n| `NodeSwap` | Node、Apps |\n");
    let sigs: Vec<_> = r.sigs.iter().map(|s| s.sig.as_str()).collect();
    assert_eq!(sigs, ["node", "apps"]);
    // `fix` is a noun as often: the fixing pull request.
    let (_, r) = real("この fix #128266 で直りました。");
    assert_eq!(r.prs[0].pr.kind, ItemKind::Pull);
    // kubeadm's pull requests are in kubernetes/kubernetes.
    let (_, r) = real("kubeadm の PR #128266 で直りました。");
    assert_eq!(r.prs[0].pr.repo, "kubernetes/kubernetes");
    // A description that talks about the stage is no move to it.
    let md = "| 機能 | 説明 |\n|---|---|\n| `NodeSwap` | ベータについては後述 |\n";
    assert_eq!(gate_facts(md)[0].1, None);
}

#[test]
fn a_sig_cell_of_japanese_text_or_a_labelled_name() {
    let sigs = |md: &str| -> Vec<String> {
        let (_, r) = real(md);
        r.sigs.iter().map(|s| s.sig.as_str().to_string()).collect()
    };
    // A cell opening with a kana past the fourth byte does not panic and names no SIG.
    assert!(sigs("| 機能 | 担当SIG |\n|---|---|\n| `NodeSwap` | aノード |\n").is_empty());
    assert_eq!(
        sigs("| 機能 | SIG |\n|---|---|\n| `NodeSwap` | Sig-Node |\n"),
        ["node"]
    );
}

#[test]
fn a_line_wrapped_after_the_release_keeps_it_with_the_stage() {
    use Stage::*;
    let g = gate_histories("`WatchList` というフィーチャーゲートは v1.34 で\nGA になりました。\n");
    assert_eq!((g[0].1, g[0].2), (Some(Stable), Some(rel("1.34"))));
    let g = gate_histories("`WatchList` は v1.34 で\nベータに昇格しました。\n");
    assert_eq!((g[0].1, g[0].2), (Some(Beta), Some(rel("1.34"))));
}

#[test]
fn a_later_sentence_of_the_same_subject_tells_where_it_stands_now() {
    use Stage::*;
    // The article is about 1.32 (see `front`).
    let g = gate_histories(
        "`WatchList`フィーチャーゲートは、v1.30でアルファ機能として導入され、v1.31でベータに昇格しました。 現在、この機能はGAになりました。\n",
    );
    assert_eq!(
        g,
        [(
            "WatchList".to_string(),
            Some(Stable),
            None,
            vec![(rel("1.30"), Alpha), (rel("1.31"), Beta)]
        )]
    );
    let g = gate_histories(
        "`WatchList`は v1.27 でアルファとして導入されました。v1.32 で GA になりました。\n",
    );
    assert_eq!(
        g,
        [(
            "WatchList".to_string(),
            Some(Stable),
            Some(rel("1.32")),
            vec![(rel("1.27"), Alpha)]
        )]
    );
    // What happened in between, said with a subject of its own in an earlier clause, leaves the
    // story the gate's.
    let g = gate_histories(
        "`WatchList`は v1.28 でアルファとして導入され、v1.29 でベータに昇格しました。その後、多くのバグ修正が行われ、v1.32 で GA に到達しました。\n",
    );
    assert_eq!((g[0].1, g[0].2), (Some(Stable), Some(rel("1.32"))), "{g:?}");
    // A plan, then where it stands.
    let g = gate_histories("`WatchList` は v1.34 で GA になる予定です。現在はベータです。\n");
    assert_eq!((g[0].1, g[0].2), (Some(Beta), None));
    // A later sentence naming another gate is that gate's; an undated one not saying now is no
    // statement for the release.
    let g = gate_histories(
        "`WatchList`は v1.27 でアルファとして導入されました。`InPlacePodVerticalScaling` は GA になりました。\n",
    );
    assert_eq!((g[0].1, g[0].2), (Some(Alpha), Some(rel("1.27"))));
    let g = gate_histories(
        "`WatchList`は v1.27 でアルファとして導入されました。その後ベータになりました。\n",
    );
    assert_eq!((g[0].1, g[0].2), (Some(Alpha), Some(rel("1.27"))));
    // A stage dated after the article's release is no past for a later sentence to update.
    let g = gate_histories(
        "`WatchList` は v1.33 でベータに昇格しました。現在、この機能は GA になりました。\n",
    );
    assert_eq!((g[0].1, g[0].2), (Some(Beta), Some(rel("1.33"))));
    // A later sentence with a subject of its own, or a deprecation, is another story.
    for md in [
        "`WatchList` は v1.27 でアルファとして導入されました。今回のリリースでは古い `resources` フィールドが非推奨になりました。\n",
        "`WatchList` は v1.27 でアルファとして導入されました。また今回、サイドカーコンテナが GA になりました。\n",
        "`WatchList` は v1.27 でアルファとして導入されました。It is well known that GA is planned.\n",
    ] {
        let g = gate_histories(md);
        assert_eq!((g[0].1, g[0].2), (Some(Alpha), Some(rel("1.27"))), "{md}");
    }
}

#[test]
fn a_stage_in_the_clause_of_another_name_is_not_the_mentions() {
    use Stage::*;
    let got = gates("`SidecarContainers` が GA に昇格し、`WatchList` のバグも修正されました。\n");
    let watch = got.iter().find(|g| g.0 == "WatchList").unwrap();
    assert_eq!(watch.3, None);
    // Each name's own clause still states its own.
    let got =
        gates("`WatchList` が GA に昇格し、`InPlacePodVerticalScaling` もベータになりました。\n");
    let stages: Vec<(&str, Option<Stage>)> = got.iter().map(|g| (g.0.as_str(), g.3)).collect();
    assert_eq!(
        stages,
        [
            ("WatchList", Some(Stable)),
            ("InPlacePodVerticalScaling", Some(Beta))
        ]
    );
}

#[test]
fn a_number_alone_under_a_pr_or_issue_header_is_that_item() {
    let (_, r) = run("| PR | 内容 |\n|---|---|\n| 128266 | 修正 |\n| 12 | 件数 |\n");
    let got: Vec<(u32, ItemKind)> = r.prs.iter().map(|m| (m.pr.number, m.pr.kind)).collect();
    assert_eq!(got, [(128266, ItemKind::Pull)]);
    let (_, r) = run("| Issue | 内容 |\n|---|---|\n| 127000 | 報告 |\n");
    let got: Vec<(u32, ItemKind)> = r.prs.iter().map(|m| (m.pr.number, m.pr.kind)).collect();
    assert_eq!(got, [(127000, ItemKind::Issue)]);
    // Under another header a number is a count.
    assert!(
        run("| 件数 | 内容 |\n|---|---|\n| 128266 | 修正 |\n")
            .1
            .prs
            .is_empty()
    );
}

#[test]
fn a_colour_in_digits_is_not_a_pull_request() {
    assert!(prs("背景色は #123456 で、文字色は #101010 です。\n", None).is_empty());
    assert!(prs("color: #445566 を指定します。\n", None).is_empty());
    assert!(prs("- アクセント: #112233\n- 配色は #334455\n", None).is_empty());
    // Seven digits and more are no kubernetes/kubernetes number (a date, another system's).
    assert!(prs("懇親会（予約番号 #20241211）\n", None).is_empty());
    assert_eq!(prs("#1234567 と #134567\n", None).len(), 1);
    assert_eq!(prs("#123456 を修正しました。\n", None)[0].0, 123456);
    assert_eq!(
        prs("色々な修正が入りました (#128266)。\n", None)[0].0,
        128266
    );
    // A colour word elsewhere in the sentence says nothing of the number.
    assert_eq!(
        prs(
            "`kubectl diff` がカラー出力に対応しました (#120312)。\n",
            None
        )[0]
        .0,
        120312
    );
    assert_eq!(
        prs("背景色の変更 #120312 がマージされました。\n", None)[0].0,
        120312
    );
}

#[test]
fn a_sig_label_alone_in_a_code_span_is_a_sig() {
    let (_, r) = run("担当は `sig/node` ラベルです。\n");
    let got: Vec<(&str, SigForm)> = r.sigs.iter().map(|m| (m.sig.as_str(), m.form)).collect();
    assert_eq!(got, [("node", SigForm::Label)]);
    for md in [
        "`sig-node.yaml` を編集します。\n",
        "`kubectl label pr sig/node` を実行します。\n",
    ] {
        assert!(run(md).1.sigs.is_empty(), "{md}");
    }
}

#[test]
fn a_name_glued_to_a_link_is_a_word_of_its_own() {
    // A block's text holds `ImmutableEphemeralVolumesfeature gate`: the code span ends the name.
    let names = gate_names(
        "`ImmutableEphemeralVolumes`[feature gate](https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/)によって制御されます。\n",
    );
    assert_eq!(names, ["ImmutableEphemeralVolumes"]);
}

#[test]
fn a_default_said_for_another_release_is_not_the_mentions() {
    // The article is about 1.32.
    let got =
        gates("`WatchList` は v1.32 で GA になりました。v1.31 ではデフォルトで無効でした。\n");
    assert_eq!((got[0].3, got[0].4), (Some(Stage::Stable), None));
    let got = gates("`WatchList` は v1.32 でベータになりました。デフォルトで有効です。\n");
    assert_eq!((got[0].3, got[0].4), (Some(Stage::Beta), Some(true)));
    let got =
        gates("`WatchList` は v1.32 でベータになりました。v1.32 ではデフォルトで有効です。\n");
    assert_eq!((got[0].3, got[0].4), (Some(Stage::Beta), Some(true)));
    // Another release named for something else leaves the default the block's.
    let got = gates(
        "`WatchList` は v1.32 でベータになりました。1.31 で導入されたこの機能は、今回からデフォルトで有効になりました。\n",
    );
    assert_eq!(got[0].4, Some(true));
}

#[test]
fn a_removal_a_release_makes_is_stated_for_it() {
    // The article is about 1.32.
    let got = gate_histories("`WatchList` は v1.32 で削除されます。\n");
    assert_eq!(
        (got[0].1, got[0].2),
        (Some(Stage::Removed), Some(rel("1.32")))
    );
    // An object's deletion, a plan, and a removal said of no release are none.
    for md in [
        "`WatchList` を有効にすると、古い Pod は削除されます。\n",
        "`WatchList` は v1.34 で削除される予定です。\n",
        "`WatchList` は今後削除されます。\n",
        // a later release's removal is a plan
        "`WatchList` は v1.34 で削除されます。\n",
    ] {
        assert_eq!(gate_histories(md)[0].1, None, "{md}");
    }
}

#[test]
fn a_kep_title_as_the_subject_of_a_stage_is_the_kep() {
    use Stage::*;
    // The article is about 1.32; the registry's KEP-3962 is `Mutating Admission Policies`,
    // alpha in 1.32 and beta in 1.34.
    assert_eq!(
        kep_stages("Mutating Admission Policies は今回のリリースでアルファとして導入されました。"),
        [(3962, Some(Alpha), Some(rel("1.32")))]
    );
    assert_eq!(
        kep_stages(
            "変更を加えるポリシー(mutating admission policies)はこのリリースでアルファ版として追加されました。"
        ),
        [(3962, Some(Alpha), Some(rel("1.32")))]
    );
    assert_eq!(
        kep_stages("_Mutating Admission Policies_ が v1.34 でベータになりました。"),
        [(3962, Some(Beta), Some(rel("1.34")))]
    );
    // Named by number in the same sentence: one mention.
    let (_, r) = run("KEP-3962: Mutating Admission Policies はベータに昇格しました。\n");
    assert_eq!(r.keps.len(), 1);
    assert_eq!(r.keps[0].form, KepForm::Prefixed);
    // A title said in passing, in code, inside a longer name, or with a stage the registry does
    // not give the KEP in that release (a feature's everyday name) is none.
    for md in [
        "Mutating Admission Policies を使うと、リクエストを書き換えられます。\n",
        "Mutating Admission Policies のドキュメントがアルファ向けに追加されました。\n",
        "`Mutating Admission Policies` はアルファとして導入されました。\n",
        "Mutating Admission PoliciesV2 はアルファとして導入されました。\n",
        "Mutating Admission Policies はとても便利です。\n",
        "Mutating Admission Policies は今回のリリースで GA になりました。\n",
    ] {
        assert!(run(md).1.keps.is_empty(), "{md}");
    }
}

#[test]
fn a_heading_that_is_a_kep_title_names_the_kep_at_the_stage_it_or_its_section_states() {
    use Stage::*;
    // The article is about 1.32; the registry's KEP-3962 is `Mutating Admission Policies`,
    // alpha in 1.32 and beta later.
    let stage_of = |md: &str| -> Vec<(u32, Option<Stage>)> {
        kep_stages(md).into_iter().map(|(k, s, _)| (k, s)).collect()
    };
    for md in [
        // A section per feature under a section per stage, the SIG in brackets.
        "## New alpha features\n\n### Mutating admission policies ([SIG API Machinery](https://github.com/kubernetes/community/tree/master/sig-api-machinery))\n\n本文です。\n",
        // The stage in the heading itself, in brackets or before a colon; letters compared.
        "## Mutating Admission Policies (alpha) {#map}\n\n本文です。\n",
        "## Alpha: Mutating-Admission Policies\n\n本文です。\n",
    ] {
        assert_eq!(stage_of(md), [(3962, Some(Alpha))], "{md}");
    }
    for md in [
        // No stage said; a stage the registry does not give the KEP in 1.32; more than the title.
        "## Mutating Admission Policies\n\n本文です。\n",
        "## New beta features\n\n### Mutating Admission Policies\n\n本文です。\n",
        "## Mutating Admission Policies の使い方 (alpha)\n\n本文です。\n",
        "## Migrating from webhooks to Mutating Admission Policies (alpha)\n\n本文です。\n",
    ] {
        assert_eq!(stage_of(md), [], "{md}");
    }
    // Named by number too: one mention, by its number.
    let (_, r) = real(
        "## Mutating Admission Policies ([KEP-3962](https://kep.k8s.io/3962)) (alpha)\n\n本文です。\n",
    );
    assert_eq!(r.keps.len(), 1, "{:?}", r.keps);
    assert_ne!(r.keps[0].form, KepForm::Title);
}

#[test]
fn a_link_of_several_code_spans_ends_the_word_glued_to_it() {
    // The link's text ends after plain words that follow two code spans.
    let names = gate_names(
        "[`A` と `B` の feature gate](https://kubernetes.io/docs/reference/command-line-tools-reference/feature-gates/)`ImmutableEphemeralVolumes` フィーチャーゲートを有効にします。\n",
    );
    assert!(
        names.contains(&"ImmutableEphemeralVolumes".to_string()),
        "{names:?}"
    );
}

#[test]
fn a_credit_line_names_the_kep_of_the_sections_subject_beside_a_gate_of_another_kep() {
    // `WatchList` is tied to KEP-3157 in the test registry; the section's work is KEP-3962's.
    let md = "### 安定版: 新しいリスト取得\n\nv1.32では、`WatchList`フィーチャーゲートが安定版に昇格しました。\n\nこの作業はSIG API Machineryが主導した[KEP #3962](https://kep.k8s.io/3962)の一環として行われました。\n";
    assert_eq!(kep_stages(md), [(3962, Some(Stage::Stable), None)]);
    // Another KEP said in passing there is not credited.
    let md = "### 安定版: 新しいリスト取得\n\nv1.32では、`WatchList`フィーチャーゲートが安定版に昇格しました。\n\n[KEP #3962](https://kep.k8s.io/3962)と組み合わせると便利です。\n";
    assert_eq!(kep_stages(md), [(3962, None, None)]);
}

#[test]
fn a_heading_stating_the_stage_of_a_subject_of_its_own_lends_it_only_to_that_subject() {
    // Another KEP said under it is context, not the heading's subject.
    let md = "## サイドカーコンテナが GA 🎉\n\nKEP-753 が GA になりました。\n\nIn-place Pod Resize（KEP-1287）と組み合わせると便利です。\n";
    assert_eq!(
        kep_stages(md),
        [(753, Some(Stage::Stable), None), (1287, None, None)]
    );
    let md = "### Podレベルリソースのインプレース更新(アルファ)\n\n[Pod Level Resource Specifications](https://kep.k8s.io/2837)と組み合わせて、新しい機能が追加されました。\n\nKEP-5419 はv1.32でアルファとして追加されました。\n";
    assert_eq!(
        kep_stages(md),
        [
            (2837, None, None),
            (5419, Some(Stage::Alpha), Some(rel("1.32")))
        ]
    );
    // The section's one KEP takes it.
    let md = "### Job の成功ポリシー (GA)\n\nKEP-3998 で提案された機能です。\n";
    assert_eq!(kep_stages(md), [(3998, Some(Stage::Stable), None)]);
    // A heading that is only a stage (and words of a list of changes) lends it to all.
    let md = "## GA に昇格した機能\n\nサイドカー（KEP-753）やインプレース（KEP-1287）など。\n";
    assert_eq!(
        kep_stages(md),
        [
            (753, Some(Stage::Stable), None),
            (1287, Some(Stage::Stable), None)
        ]
    );
}

#[test]
fn a_hope_takes_no_stage_from_its_section_and_a_pull_requests_purpose_is_no_stage() {
    let md = "## おわりに\n\nサイドカーが GA になりました。\n\n次は `PodLevelResources` のベータが楽しみです。\n";
    let got = gate_facts(md);
    assert_eq!(got[0].0, "PodLevelResources");
    assert_eq!(got[0].1, None, "{got:?}");
    let md = "## 関連メモ\n\n- k/k#129543 の GA PR\n- KEP-4639 のメモ\n";
    assert_eq!(kep_stages(md), [(4639, None, None)]);
    let md = "## 関連メモ\n\n- ベータ昇格のプルリクを追う\n- KEP-4639 のメモ\n";
    assert_eq!(kep_stages(md), [(4639, None, None)]);
}

#[test]
fn an_earlier_stage_in_an_items_aside_is_history_under_a_lead_stating_the_release() {
    let md = "以下のフィーチャーゲートが削除されました:\n\n- `JobPodFailurePolicy`（1.31 で GA 済み）\n- `AppArmor`, `AppArmorFields`（1.31 で GA 済み）\n";
    let (_, r) = real(md);
    let got: Vec<_> = r
        .gates
        .iter()
        .map(|m| (m.gate.0.as_str(), m.stage, m.history.clone()))
        .collect();
    let ga_in_1_31 = vec![Dated {
        release: rel("1.31"),
        stage: Stage::Stable,
    }];
    assert_eq!(
        got,
        [
            (
                "JobPodFailurePolicy",
                Some(Stage::Removed),
                ga_in_1_31.clone()
            ),
            ("AppArmor", Some(Stage::Removed), vec![]),
            ("AppArmorFields", Some(Stage::Removed), ga_in_1_31.clone()),
        ]
    );
    // A note after a colon or a dash that only dates stages is such an aside; a note saying more
    // is the item's own statement.
    let md = "v1.32では、以前のリリースでGAとなった以下のフィーチャーゲートが削除されました。\n\n- `JobPodFailurePolicy`: 1.31 で GA\n- `AppArmor` — v1.30 でベータ、1.31 で GA\n- `AppArmorFields`: 1.31 で GA になったばかりなので注意\n";
    let (_, r) = real(md);
    let got: Vec<_> = r
        .gates
        .iter()
        .map(|m| (m.gate.0.as_str(), m.stage, m.stage_release))
        .collect();
    assert_eq!(
        got,
        [
            (
                "JobPodFailurePolicy",
                Some(Stage::Removed),
                Some(rel("1.32"))
            ),
            ("AppArmor", Some(Stage::Removed), Some(rel("1.32"))),
            ("AppArmorFields", Some(Stage::Stable), Some(rel("1.31"))),
        ]
    );
    assert_eq!(r.gates[0].history, ga_in_1_31);
}

#[test]
fn a_later_paragraph_telling_a_removed_gates_earlier_stage_leaves_the_removal() {
    // The article is about 1.32 (`real` has no release: the stages have none either).
    let md = "以下のフィーチャーゲートが削除されました:\n\n- `KMSv2`\n- `AppArmorFields`\n\n`AppArmorFields` は最後まで alpha でした。\n";
    let got: Vec<_> = gate_facts(md).into_iter().map(|f| (f.0, f.1)).collect();
    assert_eq!(
        got,
        [
            ("KMSv2".into(), Some(Stage::Removed)),
            ("AppArmorFields".into(), Some(Stage::Removed)),
            ("AppArmorFields".into(), Some(Stage::Alpha)),
        ]
    );
    // A later deprecation is a stage of its own, more precise than the lead's.
    let md = "以下のフィーチャーゲートが削除されました:\n\n- `KMSv2`\n- `AppArmorFields`\n\n`AppArmorFields` は非推奨になりました。\n";
    assert_eq!(gate_facts(md)[1].1, Some(Stage::Deprecated));
}

#[test]
fn an_aside_with_a_later_stage_than_its_section_is_where_the_name_stands() {
    // No feature goes back from GA to alpha: a name under an alpha section whose aside dates its
    // GA is said in passing, and the aside is its stage.
    let md = "## アルファの新機能\n\n書き味は `ValidatingAdmissionPolicy`（1.30 で GA）とほぼ同じです。\n";
    let got = gate_facts(md);
    assert_eq!(
        got,
        [(
            "ValidatingAdmissionPolicy".into(),
            Some(Stage::Stable),
            Some(rel("1.30")),
            None
        )]
    );
    // An aside about something else (its predecessor, its parent feature) is no stage of the
    // name: the section's stands.
    for md in [
        "## アルファの新機能\n\n- `SidecarContainers`（前身の仕組みは 1.30 で GA）\n",
        "## アルファの新機能\n\n- `SidecarContainers`（1.30 で GA になった仕組みがベース）\n",
    ] {
        let got = gate_facts(md);
        assert_eq!(got[0].1, Some(Stage::Alpha), "{md}: {got:?}");
    }
    // An aside before the section's stage stays its history.
    let md = "## ベータに昇格した機能\n\n- `SidecarContainers`（1.30 でアルファ）\n";
    let got = gate_facts(md);
    assert_eq!(got[0].1, Some(Stage::Beta), "{got:?}");
}

#[test]
fn a_sentence_about_a_field_or_another_release_lends_the_block_no_stage() {
    // The field's deprecation and removal are the field's.
    let md = "v1.30で非推奨化された`.status.nodeInfo.kubeProxyVersion`フィールドは、v1.32で削除されました。\n`SidecarContainers`ゲートはv1.32でデフォルトで有効になっています。\n";
    let got = gate_facts(md);
    assert_eq!(got, [("SidecarContainers".into(), None, None, Some(true))]);
    // What held in an earlier release is no stage of a sentence about the release.
    let md = "この機能は、v1.30以降ベータでしたが、デフォルトでは無効でした。\nv1.32では`SidecarContainers`がデフォルトで有効になりました。\n";
    let got = gate_facts(md);
    assert_eq!(got, [("SidecarContainers".into(), None, None, Some(true))]);
    // A sentence of no release of its own still takes the block's.
    let md =
        "この機能は v1.30 でベータになりました。\n`SidecarContainers`がデフォルトで有効です。\n";
    assert_eq!(gate_facts(md)[0].1, Some(Stage::Beta));
}

#[test]
fn a_story_opened_before_the_mention_and_a_plan_beside_its_gate() {
    // The sentence pointing back continues the story the earlier one opened: GA now, the rest
    // history.
    let md = "このたび、Kubernetes v1.32において、サイドカーコンテナがGAとなりました!\nこの機能は[KEP-753](https://kep.k8s.io/753)として提案され、v1.28でアルファとして導入されました。\n";
    let (_, r) = real(md);
    let m = &r.keps[0];
    assert_eq!((m.kep.0, m.stage), (753, Some(Stage::Stable)));
    assert_eq!(
        m.history,
        [Dated {
            release: rel("1.28"),
            stage: Stage::Alpha
        }]
    );
    // A KEP whose own sentence plans its stage takes none from its gate's sentence.
    let md = "サイドカー([KEP-753](https://kep.k8s.io/753))は、v1.33でGAに昇格する予定です。\n`SidecarContainers`は現在ベータです。\n";
    assert_eq!(kep_stages(md), [(753, None, None)]);
}

#[test]
fn a_graduation_dated_before_the_release_leaves_a_deprecation_heading_its_section() {
    let md = "### Endpoints APIの非推奨化\n\nEndpointSlices APIはv1.21から安定版となっており、元のEndpoints APIを実質的に置き換えています。\nv1.32では、Endpoints APIが正式に非推奨になりました。\n詳細は[KEP-4974](https://kep.k8s.io/4974)を参照してください。\n";
    assert_eq!(kep_stages(md), [(4974, Some(Stage::Deprecated), None)]);
}

#[test]
fn a_stage_from_nested_items_takes_the_release_the_sections_heading_names() {
    let md = "## 🚀 v1.32 の注目機能\n\n- KEP-4247 キューイングヒント\n  - α→β（デフォルト有効）\n";
    assert_eq!(
        kep_stages_without_release(md),
        [(4247, Some(Stage::Beta), Some(rel("1.32")))]
    );
}

#[test]
fn a_release_in_the_clause_of_the_move_dates_the_stage_the_next_clause_names() {
    for md in [
        "`SidecarContainers`はv1.29で昇格し、安定版になりました。",
        "`SidecarContainers`はv1.29で卒業し、安定版になりました。",
        "`SidecarContainers`はv1.29で正式にサポートされ、GAとなりました。",
    ] {
        let got = gate_facts(md);
        assert_eq!(
            (got[0].1, got[0].2),
            (Some(Stage::Stable), Some(rel("1.29"))),
            "{md}"
        );
    }
}

#[test]
fn a_table_of_before_and_after_takes_the_after_column() {
    for md in [
        "| ゲート | 変更前 | 変更後 |\n|---|---|---|\n| `SidecarContainers` | Beta | GA |\n",
        "| ゲート | Before | After |\n|---|---|---|\n| `SidecarContainers` | Beta | GA |\n",
        "| ゲート | 旧 | 新 |\n|---|---|---|\n| `SidecarContainers` | Beta | GA |\n",
        "| ゲート | 以前 | 現在 |\n|---|---|---|\n| `SidecarContainers` | Beta | GA |\n",
    ] {
        assert_eq!(gate_facts(md)[0].1, Some(Stage::Stable), "{md}");
    }
}

#[test]
fn a_changelog_line_graduating_a_gate_named_after_its_kind_is_that_gate() {
    let md = "- Promoted `VolumeAttributesClass` to GA. (#131549, @carlory) [SIG Storage]\n- Graduated `ValidatingAdmissionPolicy` to beta. (#132071, @jpbetz)\n";
    let got = gate_facts(md);
    assert_eq!(
        got.iter().map(|g| (g.0.as_str(), g.1)).collect::<Vec<_>>(),
        [
            ("VolumeAttributesClass", Some(Stage::Stable)),
            ("ValidatingAdmissionPolicy", Some(Stage::Beta))
        ]
    );
    // `の方は` points at the name itself.
    let got =
        gate_facts("ValidatingAdmissionPolicy の方は 1.30 で GA 済みなので、移行しましょう。\n");
    assert_eq!(got[0].0, "ValidatingAdmissionPolicy");
    assert_eq!(
        (got[0].1, got[0].2),
        (Some(Stage::Stable), Some(rel("1.30")))
    );
    // The kind said otherwise stays the kind.
    assert!(real_gates("- Added a field to `VolumeAttributesClass` to track status.\n").is_empty());
}

#[test]
fn only_a_subject_pointing_back_continues_an_earlier_story_and_counted_category_headings_lend() {
    let md = "今回のリリースでは10個の機能がGAになりました。これに加えて、KEP-753 は次のリリースで GA になる予定です。\n";
    assert_eq!(kep_stages(md), [(753, None, None)]);
    // (`主要` goes whole, not as `主` leaving `要`.)
    let md = "## 主要なベータ機能\n\nKEP-753 はベータになりました。\n\nインプレース（KEP-1287）の話です。\n";
    assert_eq!(
        kep_stages(md),
        [
            (753, Some(Stage::Beta), None),
            (1287, Some(Stage::Beta), None)
        ]
    );
    let md =
        "## GA に昇格した 23 個の機能\n\nサイドカー（KEP-753）やインプレース（KEP-1287）など。\n";
    assert_eq!(
        kep_stages(md),
        [
            (753, Some(Stage::Stable), None),
            (1287, Some(Stage::Stable), None)
        ]
    );
    // A one-name list item under a heading with a subject of its own takes nothing from it.
    let md = "## サイドカーコンテナが GA\n\nKEP-753 が GA になりました。関連:\n\n- KEP-1287\n";
    assert_eq!(kep_stages(md)[1], (1287, None, None));
}

#[test]
fn a_history_written_as_a_chain_ends_in_its_last_step() {
    use Stage::*;
    // The articles of these tests are about 1.32.
    for md in [
        "- `SidecarContainers`: v1.29 GA → v1.32 削除",
        "- `SidecarContainers`: 1.30: GA / 1.32: 削除",
        "- `SidecarContainers`: v1.29 非推奨 → v1.32 削除",
        "- `SidecarContainers`: v1.29 で GA → v1.32 で削除",
    ] {
        let facts = gate_facts(md);
        assert_eq!(
            facts.first().map(|g| (g.1, g.2)),
            Some((Some(Removed), Some(rel("1.32")))),
            "{md}"
        );
    }
    // Stage first, then its release: the last step, and no title.
    let (_, r) = real("- KEP-753: Alpha v1.28 → Beta v1.29 → GA v1.32");
    assert_eq!(
        r.keps
            .iter()
            .map(|m| (m.kep.0, m.stage, m.stage_release, m.title.clone()))
            .collect::<Vec<_>>(),
        [(753, Some(Stable), Some(rel("1.32")), None)]
    );
    // A release written before a file path or a ratio is no step (`v1.2 /path` is not a chain).
    assert_eq!(
        gate_facts("- `SidecarContainers` の設定: /etc/kubernetes 削除")
            .first()
            .map(|g| g.1),
        Some(None)
    );
}

#[test]
fn how_long_a_feature_was_in_a_stage_is_no_stage_of_the_release() {
    use Stage::*;
    for md in [
        "`InPlacePodVerticalScaling` は長らくアルファでした。",
        "`InPlacePodVerticalScaling` はずっとアルファのままでした。",
        "`InPlacePodVerticalScaling` はかつてはベータでした。",
        "`InPlacePodVerticalScaling` は長い間ベータのままでした。",
    ] {
        assert_eq!(gate_facts(md).first().map(|g| g.1), Some(None), "{md}");
    }
    // Dated, it is the stage of that release; the next clause's stage is the release's.
    assert_eq!(
        gate_facts("`InPlacePodVerticalScaling` は 1.27 から長らくアルファでした。")
            .first()
            .map(|g| (g.1, g.2)),
        Some((Some(Alpha), Some(rel("1.27"))))
    );
    assert_eq!(
        gate_facts(
            "長らくアルファだった `InPlacePodVerticalScaling` が、ついにベータになりました。"
        )
        .first()
        .map(|g| g.1),
        Some(Some(Beta))
    );
}

#[test]
fn a_table_of_names_takes_its_removal_heading_or_lead() {
    use Stage::*;
    // The articles of these tests are about 1.32.
    let stages = |md: &str| -> Vec<(String, Option<Stage>)> {
        gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect()
    };
    let removed = |name: &str| (name.to_string(), Some(Removed));
    for md in [
        "## 削除されたフィーチャーゲート\n\n| フィーチャーゲート | KEP |\n|---|---|\n| `SidecarContainers` | KEP-753 |\n| `NodeSwap` | KEP-2400 |\n",
        "1.32 では、以下のフィーチャーゲートが削除されました。\n\n| フィーチャーゲート | 備考 |\n|---|---|\n| `SidecarContainers` | |\n| `NodeSwap` | |\n",
        // A column dating an earlier stage is history.
        "## 削除されたフィーチャーゲート\n\n| フィーチャーゲート | GA になったバージョン |\n|---|---|\n| `SidecarContainers` | v1.29 |\n| `NodeSwap` | v1.30 |\n",
    ] {
        assert_eq!(
            stages(md),
            [removed("SidecarContainers"), removed("NodeSwap")],
            "{md}"
        );
    }
    let (_, r) = real(
        "## 削除されたフィーチャーゲート\n\n| フィーチャーゲート | GA になったバージョン |\n|---|---|\n| `SidecarContainers` | v1.29 |\n",
    );
    assert!(
        r.gates[0]
            .history
            .iter()
            .any(|d| d.release == rel("1.29") && d.stage == Stable),
        "{:?}",
        r.gates[0].history
    );
    // Deprecated likewise; a name said in a cell among other words is no entry of the table.
    assert_eq!(
        stages(
            "## 非推奨になったフィーチャーゲート\n\n| フィーチャーゲート | KEP |\n|---|---|\n| `SidecarContainers` | KEP-753 |\n"
        ),
        [("SidecarContainers".to_string(), Some(Deprecated))]
    );
    assert_eq!(
        stages(
            "## 削除されたフィーチャーゲート\n\n| 項目 | 説明 |\n|---|---|\n| 影響 | `SidecarContainers` を使う Pod は再作成が必要 |\n"
        ),
        [("SidecarContainers".to_string(), None)]
    );
}

#[test]
fn a_table_of_stages_by_release_keeps_its_rows_under_a_deprecation_heading() {
    use Stage::*;
    // kubernetes.io's table of graduated or deprecated gates: one row per stage.
    let md = "### GraduatedまたはDeprecatedのフィーチャーゲート\n\n| 機能名 | デフォルト値 | ステージ | 導入開始バージョン | 最終利用可能バージョン |\n|---|---|---|---|---|\n| `NodeSwap` | `false` | Alpha | 1.22 | 1.27 |\n| `NodeSwap` | `true` | Beta | 1.28 | - |\n";
    let stages: Vec<_> = gate_facts(md).into_iter().map(|g| (g.1, g.2)).collect();
    assert_eq!(
        stages,
        [
            (Some(Alpha), Some(rel("1.22"))),
            (Some(Beta), Some(rel("1.28")))
        ]
    );
}

#[test]
fn graduation_criteria_are_requirements_not_stages() {
    for md in [
        "## 卒業基準\n\n### アルファからベータへ\n\n- `SidecarContainers` をデフォルトで有効にする\n",
        "## Graduation Criteria\n\n### Beta\n\n- `SidecarContainers` を VPA と組み合わせた e2e テストがある\n",
    ] {
        assert_eq!(gate_facts(md).first().map(|g| g.1), Some(None), "{md}");
    }
    // After the criteria, a stage heading lends again.
    let md = "## 卒業基準\n\n### Beta\n\n- テストの追加\n\n## ベータに昇格した機能\n\n- `SidecarContainers`\n";
    assert_eq!(gate_facts(md).first().map(|g| g.1), Some(Some(Stage::Beta)));
}

#[test]
fn names_joined_by_a_slash_take_their_lists_stage() {
    let md = "## 削除されたゲート\n\n* `SidecarContainers` / `NodeSwap`\n";
    let stages: Vec<_> = gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
    assert_eq!(
        stages,
        [
            ("SidecarContainers".to_string(), Some(Stage::Removed)),
            ("NodeSwap".to_string(), Some(Stage::Removed))
        ]
    );
    // A path after a name is no second name.
    let md = "## 削除されたゲート\n\n* `SidecarContainers` / 設定ファイルから外す手順\n";
    assert_eq!(gate_facts(md).first().map(|g| g.1), Some(None));
}

#[test]
fn a_gates_name_written_as_words_is_its_kep_where_it_is_the_subject_of_its_stage() {
    let in_place = GateEntry {
        kep: Some(KepNumber(1287)),
        ..gate(
            "InPlacePodVerticalScaling",
            &[
                (Stage::Alpha, "1.27", Some(false)),
                (Stage::Beta, "1.32", Some(true)),
            ],
        )
    };
    let keps = vec![KepEntry {
        number: KepNumber(1287),
        title: "In-place Update of Pod Resources".into(),
        sig: SigName::parse("node"),
        milestones: [(Stage::Alpha, rel("1.27")), (Stage::Beta, rel("1.32"))].into(),
        line: 1,
    }];
    let registry = Registry::from_entries(keps, vec![in_place]);
    let found = |md: &str| -> Vec<(u32, Option<Stage>, Option<String>)> {
        let doc = crate::parse::blocks::parse(md, 1);
        let r = extract(&doc, &front(None), &registry);
        assert!(r.gates.is_empty(), "{md}: the words are no gate");
        r.keps
            .iter()
            .map(|m| (m.kep.0, m.stage, m.title.clone()))
            .collect()
    };
    assert_eq!(
        found("Kubernetes v1.32 で **In-Place Pod Vertical Scaling** がベータに昇格しました。"),
        [(
            1287,
            Some(Stage::Beta),
            Some("In-Place Pod Vertical Scaling".to_string())
        )]
    );
    // A stage the registry does not have it reach, a name in passing, part of a longer word.
    for md in [
        "In-Place Pod Vertical Scaling が GA に昇格しました。",
        "In-Place Pod Vertical Scaling を試してみます。",
        "MyIn-Place Pod Vertical Scaling がベータになりました。",
    ] {
        assert_eq!(found(md), [], "{md}");
    }
}

#[test]
fn a_list_lead_about_another_release_dates_its_items() {
    use Stage::*;
    // The articles of these tests are about 1.32.
    let md = "ちなみに 1.31 では以下のような変更もありました。\n\n- `SidecarContainers` が GA\n- `NodeSwap` がベータ\n";
    let facts: Vec<_> = gate_facts(md).into_iter().map(|g| (g.1, g.2)).collect();
    assert_eq!(
        facts,
        [
            (Some(Stable), Some(rel("1.31"))),
            (Some(Beta), Some(rel("1.31")))
        ]
    );
    // A lead about the article's own release, or naming a release in passing, dates nothing.
    for md in [
        "1.32 では以下のような変更がありました。\n\n- `SidecarContainers` が GA\n",
        "1.31 から使っている人は以下に注意してください。\n\n- `SidecarContainers` が GA\n",
    ] {
        assert_eq!(
            gate_facts(md).first().map(|g| (g.1, g.2)),
            Some((Some(Stable), None)),
            "{md}"
        );
    }
}

#[test]
fn an_item_or_paragraph_summing_up_a_list_states_its_items_stage() {
    use Stage::{Alpha, Stable};
    // The articles of these tests are about 1.32.
    for md in [
        "- `NodeSwap`: スワップ\n- `SidecarContainers`: サイドカー\n- どれも v1.31 でアルファとして追加\n",
        "- `NodeSwap`\n- `SidecarContainers`\n\nこれらはすべて v1.31 でアルファとして追加されました。\n",
        "- `NodeSwap`\n  - スワップを使う\n- `SidecarContainers`\n- 2つとも v1.31 でアルファ\n",
    ] {
        let facts: Vec<_> = gate_facts(md).into_iter().map(|g| (g.1, g.2)).collect();
        assert_eq!(
            facts,
            [
                (Some(Alpha), Some(rel("1.31"))),
                (Some(Alpha), Some(rel("1.31")))
            ],
            "{md}"
        );
    }
    // An item stating its own stage keeps it; a later sentence not about the list, or a
    // paragraph after another block, lends nothing.
    let md = "- `NodeSwap` は GA になりました\n- `SidecarContainers`\n- どれも 1.31 でアルファ\n";
    assert_eq!(gate_facts(md)[0].1, Some(Stable));
    for md in [
        "- `NodeSwap`\n- `SidecarContainers`\n- Pod は 1.31 でアルファ\n",
        "- `NodeSwap`\n\n## 次\n\nどれも 1.31 でアルファ。\n",
        "- `NodeSwap`\n\n| a |\n|---|\n| b |\n\nどれも 1.31 でアルファ。\n",
    ] {
        assert_eq!(gate_facts(md)[0].1, None, "{md}");
    }
}

#[test]
fn a_release_alone_in_brackets_dates_the_stage_after_it() {
    for md in [
        "- `NodeSwap` は（v1.31）で beta",
        "- `NodeSwap` は (v1.31) で beta",
    ] {
        let g = &gate_facts(md)[0];
        assert_eq!((g.1, g.2), (Some(Stage::Beta), Some(rel("1.31"))), "{md}");
    }
}

#[test]
fn a_heading_picking_items_of_a_stage_lends_it_to_them() {
    let md =
        "## アルファで面白いもの\n\n- `NodeSwap`: スワップ\n- `SidecarContainers`: サイドカー\n";
    let stages: Vec<_> = gate_facts(md).into_iter().map(|g| g.1).collect();
    assert_eq!(stages, [Some(Stage::Alpha), Some(Stage::Alpha)]);
}

#[test]
fn a_name_alone_in_an_item_under_a_subject_heading_is_its_subject() {
    use Stage::*;
    for md in [
        "## インプレースの Pod リサイズ（ベータ）\n\n- `NodeSwap`\n- Pod を作り直さずに CPU / メモリを変更\n",
        "## スワップ対応がベータに\n\n- `NodeSwap`\n- メモリを増やさずに済む\n",
    ] {
        assert_eq!(
            gate_facts(md).first().map(|g| g.1),
            Some(Some(Beta)),
            "{md}"
        );
    }
    // A name among other words is said in passing; another subject stating the stage itself
    // is the heading's.
    for md in [
        "## インプレースの Pod リサイズ（ベータ）\n\n- `NodeSwap` と組み合わせると便利\n",
        "## サイドカーコンテナが GA\n\n`SidecarContainers` が GA になりました。\n\n- `NodeSwap`\n",
    ] {
        assert_eq!(
            gate_facts(md)
                .iter()
                .find(|g| g.0 == "NodeSwap")
                .map(|g| g.1),
            Some(None),
            "{md}"
        );
    }
}

#[test]
fn a_stage_word_describing_the_subject_is_no_graduation_of_a_removal_section() {
    let md =
        "## Foo API の非推奨化\n\n安定版の Foo API が非推奨になりました。\n\n- KEP: KEP-3962\n";
    assert_eq!(
        kep_stages(md).first().map(|k| k.1),
        Some(Some(Stage::Deprecated))
    );
    // A graduation the section states for the release is more than the removal.
    let md =
        "## Foo API の非推奨化\n\nそのサポートは v1.32 で GA に昇格しました。\n\n- KEP: KEP-3962\n";
    assert_ne!(
        kep_stages(md).first().map(|k| k.1),
        Some(Some(Stage::Deprecated))
    );
}

#[test]
fn a_key_of_stages_in_turn_gives_the_last() {
    let md = "- KEP: KEP-3962\n- ステージの推移: v1.30 アルファ → v1.32 ベータ\n";
    assert_eq!(
        kep_stages(md),
        [(3962, Some(Stage::Beta), Some(rel("1.32")))]
    );
}

#[test]
fn upstream_kubernetes_in_a_platforms_notes_names_the_release() {
    // The articles of these tests are about 1.32 (a platform's notes, say).
    for md in [
        "上流 Kubernetes 1.31 で `SidecarContainers` が GA になりました。",
        "上流の Kubernetes 1.31 では、`SidecarContainers` が GA になりました。",
    ] {
        assert_eq!(
            gate_facts(md).first().map(|g| (g.1, g.2)),
            Some((Some(Stage::Stable), Some(rel("1.31")))),
            "{md}"
        );
    }
}

#[test]
fn second_reading_of_this_rounds_rules() {
    use Stage::*;
    let stage_of = |md: &str, name: &str| {
        gate_facts(md)
            .into_iter()
            .find(|g| g.0 == name)
            .map(|g| (g.1, g.2))
    };
    // A later column of a removal table (a replacement) is not removed.
    let md = "## 削除されたフィーチャーゲート\n\n| 削除されたゲート | 代替 |\n|---|---|\n| `SidecarContainers` | `NodeSwap` |\n";
    assert_eq!(
        stage_of(md, "SidecarContainers").map(|s| s.0),
        Some(Some(Removed))
    );
    assert_eq!(stage_of(md, "NodeSwap").map(|s| s.0), Some(None));
    // A lead stating a stage says what happened now, not the release it names in passing.
    let md = "前回の 1.31 ではアルファだった以下の機能が、今回ベータに昇格しました。\n\n- `SidecarContainers`\n";
    assert_eq!(stage_of(md, "SidecarContainers"), Some((Some(Beta), None)));
    // A slash between two stage words joins two topics.
    let md = "## 非推奨 / 削除\n\n- `SidecarContainers`\n";
    assert_eq!(stage_of(md, "SidecarContainers").map(|s| s.0), Some(None));
    // Under a lead, a list under a subject heading is what the lead says.
    let md = "## サイドカーコンテナ（GA）\n\n併用できる機能:\n\n- `NodeSwap`\n";
    assert_eq!(stage_of(md, "NodeSwap").map(|s| s.0), Some(None));
    // A release earlier in the sentence dates the stage it is said of, not the one 長らく qualifies.
    let md = "v1.32 で、長らくベータだった `SidecarContainers` が GA に昇格しました。";
    assert_eq!(
        stage_of(md, "SidecarContainers").map(|s| s.0),
        Some(Some(Stable))
    );
    // Graduation criteria under a subject heading lend nothing either.
    assert_eq!(
        kep_stages("## 卒業基準\n\n### ベータへの昇格条件\n\n- KEP-3962\n")
            .first()
            .map(|k| k.1),
        Some(None)
    );
    // Any arrow separates a chain's steps.
    assert_eq!(
        real("- KEP-3962: Alpha v1.30 ➡ Beta v1.32").1.keps[0].stage_release,
        Some(rel("1.32"))
    );
}

#[test]
fn a_default_said_to_come_in_a_later_release_is_that_releases() {
    use Stage::*;
    // The articles of these tests are about 1.32.
    let facts = |md: &str| gate_facts(md).first().map(|g| (g.1, g.2, g.3));
    assert_eq!(
        facts(
            "`NodeSwap` は 1.30 でベータになりましたが、デフォルトで有効になったのは 1.32 からです。"
        ),
        Some((Some(Beta), Some(rel("1.32")), Some(true)))
    );
    // Said for another release than the article's, it is no default of the stage's release.
    assert_eq!(
        facts(
            "`NodeSwap` は 1.30 でベータになりましたが、デフォルトで有効になったのは 1.31 からです。"
        ),
        Some((Some(Beta), Some(rel("1.30")), None))
    );
}

/// `(gate, stage, release)` of every gate mention of `md`, read with the built-in registry.
fn builtin_gate_stages(md: &str) -> Vec<(String, Option<Stage>, Option<Release>)> {
    let doc = crate::parse::blocks::parse(md, 1);
    extract(&doc, &front(None), Registry::builtin())
        .gates
        .iter()
        .map(|g| (g.gate.0.clone(), g.stage, g.stage_release))
        .collect()
}

#[test]
fn a_stage_said_of_another_subject_is_not_lent_to_the_next_sentence() {
    let none = |name: &str| vec![(name.to_string(), None, None)];
    // Another project's release, or another gate, is the subject of the stage.
    for (md, name) in [
        (
            "- Istio 1.24 ではアンビエントモードが GA になりました。Kubernetes の `SidecarContainers` を使うモードも引き続きサポートされます。",
            "SidecarContainers",
        ),
        (
            "- Karpenter v1.0 が GA になりました。`NodeSwap` との相性について議論があります。",
            "NodeSwap",
        ),
        (
            "VPA 1.4.0 では更新モードがアルファとして利用可能になりました。`InPlacePodVerticalScaling` が有効なクラスターが必要です。",
            "InPlacePodVerticalScaling",
        ),
    ] {
        assert_eq!(builtin_gate_stages(md), none(name), "{md}");
    }
    assert_eq!(
        builtin_gate_stages(
            "- `WatchListClient` は v1.31 でベータになりました。`WatchList` はサーバー側の機能です。"
        ),
        [
            (
                "WatchListClient".to_string(),
                Some(Stage::Beta),
                Some(rel("1.31"))
            ),
            ("WatchList".to_string(), None, None)
        ]
    );
    // A sentence with no subject, or the feature's Japanese name as its subject, still lends.
    assert_eq!(
        builtin_gate_stages(
            "- `KubeletSeparateDiskGC` の PR がマージされました。v1.31 でベータです。"
        ),
        [(
            "KubeletSeparateDiskGC".to_string(),
            Some(Stage::Beta),
            Some(rel("1.31"))
        )]
    );
    assert_eq!(
        builtin_gate_stages(
            "サイドカーコンテナ機能が v1.29 でベータになりました。`SidecarContainers` フィーチャーゲートを有効にすると使えます。"
        )[0]
        .1,
        Some(Stage::Beta)
    );
}

#[test]
fn a_chain_of_dated_stages_after_a_cited_kep_is_its_story() {
    assert_eq!(
        kep_stages(
            "ValidatingAdmissionPolicy（VAP）は、CEL で書いたルールで API リクエストを検証する仕組みです（KEP-3488）。1.26 でアルファ、1.28 でベータになり、1.30 で GA になりました。"
        ),
        [(3488, Some(Stage::Stable), Some(rel("1.30")))]
    );
    // Two subjects' stages in the chain's sentence: none lent.
    assert_eq!(
        kep_stages(
            "KEP-3488 の仕組みです。`A` は 1.26 でアルファ、`B` は 1.28 でベータになりました。"
        ),
        [(3488, None, None)]
    );
}

/// `(kep, stage, release)` of every KEP mention of `md` in a 1.32 article.
fn keps_in_1_32(md: &str) -> Vec<(u32, Option<Stage>, Option<Release>)> {
    let doc = crate::parse::blocks::parse(md, 1);
    let front = FrontMatter {
        release: Some(rel("1.32")),
        ..front(None)
    };
    extract(&doc, &front, &registry())
        .keps
        .iter()
        .map(|m| (m.kep.0, m.stage, m.stage_release))
        .collect()
}

#[test]
fn a_list_of_dated_stages_to_come_before_a_plan_is_planned_whole() {
    for md in [
        "KEP-4639 は 1.31 でアルファとして入り、1.33 でベータ、1.35 で GA を目指しています。",
        "KEP-4639 は 1.31 でアルファとして入り、1.33 でのベータ、1.35 での GA を計画しています。",
    ] {
        assert_eq!(
            keps_in_1_32(md),
            [(4639, Some(Stage::Alpha), Some(rel("1.31")))],
            "{md}"
        );
    }
    // A stage dated in a release already out is a fact, and so is a clause with a verb of its own.
    assert_eq!(
        keps_in_1_32("KEP-4639 は 1.31 でアルファ、1.32 でベータ、1.35 で GA を目指しています。"),
        [(4639, Some(Stage::Beta), Some(rel("1.32")))]
    );
    assert_eq!(
        keps_in_1_32("KEP-4639 は 1.32 でベータになり、次は 1.35 で GA を目指しています。"),
        [(4639, Some(Stage::Beta), Some(rel("1.32")))]
    );
}

#[test]
fn a_column_of_the_upstream_release_beside_a_platforms_is_a_column_of_stages() {
    let md = "EKS ではアップストリームでデフォルト有効のベータ機能は有効です。\n\n| フィーチャーゲート | アップストリーム 1.32 | EKS 1.32 |\n|---|---|---|\n| KEP-4639 | Alpha | 無効 |\n";
    assert_eq!(
        kep_stages(md),
        [(4639, Some(Stage::Alpha), Some(rel("1.32")))]
    );
}

#[test]
fn an_earlier_scene_set_by_an_aside_dates_no_later_clause() {
    for md in [
        "既に 1.31 では KEP-753 を有効にして使っていましたが、今回ベータに昇格しました。",
        "ちなみに 1.31 では動かなかった KEP-753 が、ベータになって動くようになりました。",
        "1.31 にはなかった KEP-753 が今回ベータとして追加されました。",
        "v1.31 には KEP-753 のベータ実装が入っていましたが、今回 GA になりました。",
    ] {
        let got = keps_in_1_32(md);
        assert!(
            got.iter()
                .all(|(_, _, r)| r.is_none() || *r == Some(rel("1.32"))),
            "{md}: {got:?}"
        );
    }
}

#[test]
fn a_clause_of_this_time_after_a_dated_one_is_the_articles_release() {
    assert_eq!(
        keps_in_1_32("KEP-753 は 1.29 でベータになり、今回はベータのままバグ修正に集中しました。"),
        [(753, Some(Stage::Beta), Some(rel("1.32")))]
    );
    assert_eq!(
        keps_in_1_32(
            "- KEP-4639: 1.31 でアルファとして入ったもので、今回はアルファのまま改善のみでした。"
        ),
        [(4639, Some(Stage::Alpha), Some(rel("1.32")))]
    );
}

#[test]
fn a_stage_of_another_projects_release_is_not_the_names_in_its_sentence() {
    for md in [
        "Istio 1.19 ではネイティブサイドカーのサポートがアルファとして入りました（Kubernetes の `SidecarContainers` を利用）。",
        "Karpenter v1.0 が GA になったので、`SidecarContainers` と組み合わせて使い始めました。",
        "- cilium v1.16.0 で netkit が GA、`SidecarContainers` との相性も良さそう",
        "- containerd 2.1 で `ImageVolume` 対応がベータに",
        "## F\n\nIstio 1.24 ではアンビエントモードが GA になりました。`WatchList` はサーバー側の機能です。",
    ] {
        let got = builtin_gate_stages(md);
        assert!(
            got.iter().all(|(_, stage, _)| stage.is_none()),
            "{md}: {got:?}"
        );
    }
    for md in [
        "Cilium 1.16 ではトラフィック分散（KEP-4444）がベータとしてサポートされました。",
        "Kyverno 1.12 では KEP-3488 の VAP 生成がベータになりました。",
        "Bottlerocket 1.20 で cgroup v1 のサポートが削除されたため、KEP-4569 の影響はありません。",
    ] {
        let got = kep_stages(md);
        assert!(
            got.iter().all(|(_, stage, _)| stage.is_none()),
            "{md}: {got:?}"
        );
    }
    // A tool's release in an earlier clause: the stage is the name's.
    assert_eq!(
        kep_stages(
            "Go 1.23 で書かれたコントローラーから、GA になった KEP-753 の API を使ってみました。"
        )[0]
        .1,
        Some(Stage::Stable)
    );
    // The name itself the subject, or a condition of another project: the stage is the name's.
    assert_eq!(
        builtin_gate_stages(
            "containerd 2.0 以降の環境では、`ImageVolume` がベータとして使えます。"
        )[0]
        .1,
        Some(Stage::Beta)
    );
}

#[test]
fn a_release_written_after_the_stage_or_as_a_tag_dates_it() {
    let table: &[(&str, Stage, &str)] = &[
        (
            "- `JobSuccessPolicy` がアルファとして 1.32 に入ります。",
            Stage::Alpha,
            "1.32",
        ),
        (
            "- `JobSuccessPolicy` を GA に（1.33）",
            Stage::Stable,
            "1.33",
        ),
        (
            "- `JobSuccessPolicy` が GA に (v1.34)",
            Stage::Stable,
            "1.34",
        ),
        (
            "- [1.33] `JobSuccessPolicy` が GA に",
            Stage::Stable,
            "1.33",
        ),
        (
            "- 【v1.33】`JobSuccessPolicy` が GA に",
            Stage::Stable,
            "1.33",
        ),
        (
            "- `JobSuccessPolicy` は 1.31 以降で beta です。",
            Stage::Beta,
            "1.31",
        ),
        (
            "- `JobSuccessPolicy` を有効化（beta, 1.29+）。",
            Stage::Beta,
            "1.29",
        ),
        (
            "`JobSuccessPolicy` はベータ（v1.33時点）です。",
            Stage::Beta,
            "1.33",
        ),
        (
            "- Job の成功ポリシーが beta（`JobSuccessPolicy`、v1.31 から）",
            Stage::Beta,
            "1.31",
        ),
        (
            "- `JobSuccessPolicy` は beta（デフォルト有効、v1.34〜）",
            Stage::Beta,
            "1.34",
        ),
        (
            "- 勉強会では 1.32 の `JobSuccessPolicy`（alpha）を取り上げました。",
            Stage::Alpha,
            "1.32",
        ),
        (
            "- 次回は 1.33 の `JobSuccessPolicy` beta 化について",
            Stage::Beta,
            "1.33",
        ),
    ];
    for (md, stage, release) in table {
        let got = gate_facts(md);
        assert_eq!(
            (got[0].1, got[0].2),
            (Some(*stage), Some(rel(release))),
            "{md}"
        );
    }
    // A release inside the aside of another stage, or one of a longer phrase, is not the stage's.
    let got = gate_facts("- `JobSuccessPolicy` は GA（v1.29からベータだった）");
    assert_eq!((got[0].1, got[0].2), (Some(Stage::Stable), None));
    let got = gate_facts("- `JobSuccessPolicy` は GA（1.33 の新機能とあわせて）");
    assert_eq!((got[0].1, got[0].2), (Some(Stage::Stable), None));
}

#[test]
fn a_gate_locked_on_has_graduated() {
    let got = gate_facts("- `AppArmorFields` フィーチャーゲートは v1.31 でロックされました。");
    assert_eq!(
        (got[0].1, got[0].2),
        (Some(Stage::Stable), Some(rel("1.31")))
    );
    let got =
        gate_facts("`WatchList` フィーチャーゲートはロックされ、無効にすることはできません。");
    assert_eq!(got[0].1, Some(Stage::Stable));
    // Locked off is no graduation, and `ブロックされ` (blocked) no lock.
    let got = gate_facts("`WatchList` フィーチャーゲートは無効にロックされました。");
    assert_eq!(got[0].1, None);
    let got = gate_facts("`WatchList` フィーチャーゲートがないとドレインがブロックされます。");
    assert_eq!(got[0].1, None);
}

#[test]
fn a_dated_stage_before_a_plan_of_what_the_sentence_does_is_a_fact() {
    for md in [
        "明日は `MutatingAdmissionPolicy`（v1.32 で alpha）のセッションを聴く予定です。",
        "次回の勉強会では、1.32 で alpha になった `MutatingAdmissionPolicy` を取り上げる予定です。",
        // After the plan word, an aside only dating the stage.
        "次のリリースでは `MutatingAdmissionPolicy`（1.32 で alpha）の GA が気になります。",
    ] {
        assert_eq!(
            builtin_gate_stages(md),
            [(
                "MutatingAdmissionPolicy".to_string(),
                Some(Stage::Alpha),
                Some(rel("1.32"))
            )],
            "{md}"
        );
    }
    // The stage planned itself, in the clause or the aside, is none.
    for md in [
        "`JobSuccessPolicy` は 1.34 で GA になる予定です。",
        "次回は `JobSuccessPolicy`（ベータ予定）を扱います。",
        "次回は `JobSuccessPolicy`（1.34 で GA 予定）を扱います。",
    ] {
        assert_eq!(gate_facts(md)[0].1, None, "{md}");
    }
}

#[test]
fn a_gate_named_so_in_a_predicate_and_an_expectation_that_failed() {
    let got = gate_facts(
        "`ControlPlaneKubeletLocalMode` は kubeadm のフィーチャーゲートで、v1.31 で alpha として追加されました。",
    );
    assert_eq!(
        got[0],
        (
            "ControlPlaneKubeletLocalMode".into(),
            Some(Stage::Alpha),
            Some(rel("1.31")),
            None
        )
    );
    assert_eq!(
        gate_names("`KubeletFineGrainedAuthz` はフィーチャーゲートです。"),
        ["KubeletFineGrainedAuthz"]
    );
    // A gate used by means of, not named as, is no predicate.
    assert!(gate_names("`FooBarWidget` はフィーチャーゲートで有効にできます。").is_empty());
    // What was expected is no stage; what it stayed is.
    let got = gate_facts(
        "1.31 で GA になると思われていた `JobSuccessPolicy` は、結局 beta のままでした。",
    );
    assert_eq!(got[0].1, Some(Stage::Beta));
    let got = gate_facts("`JobSuccessPolicy` は 1.31 で GA になるはずでしたが、見送られました。");
    assert_eq!(got[0].1, None);
}

#[test]
fn the_steps_of_the_process_and_a_second_beta() {
    let (_, r) = real("- KEP-3762 を例に、alpha → beta → GA の流れを解説");
    assert_eq!(r.keps[0].stage, None);
    let (_, r) = real("- KEP-3762 で GA へのプロセスを説明しました。");
    assert_eq!(r.keps[0].stage, None);
    // `という流れ`, `の順に`, and a chain ending in a bare removal noun.
    for md in [
        "KEP-4639 はアルファ → ベータ → GA という流れで進みます。",
        "KEP-1287 はアルファ → ベータ → GA の順に進みます。",
        "KEP-5040 は非推奨 → 削除という流れです。",
        "KEP-753 は GA → 削除という流れです。",
    ] {
        assert_no_kep_stage(md);
    }
    // `の段階` is where it stands.
    for md in [
        "KEP-753 は現在 GA の段階にあります。",
        "KEP-753 は GA の段階に到達しました。",
    ] {
        assert_eq!(kep_stages(md), [(753, Some(Stage::Stable), None)], "{md}");
    }
    // A chain of dated steps is history, whatever follows it.
    assert_eq!(
        kep_stages("KEP-4639 は 1.31 でアルファ → 1.33 でベータという流れで昇格しました。"),
        [(4639, Some(Stage::Beta), Some(rel("1.33")))]
    );
    // A stage reached, then the process: the stage stands.
    let (_, r) = real("- KEP-3762 は GA になりました。");
    assert_eq!(r.keps[0].stage, Some(Stage::Stable));
    let got = gate_facts("- `NodeSwap` は 1.30 で beta2 になりましたが、今回は触っていません。");
    assert_eq!((got[0].1, got[0].2), (Some(Stage::Beta), Some(rel("1.30"))));
}

#[test]
fn where_the_story_ended_after_a_revert_is_the_stage() {
    let got = builtin_gate_stages(
        "- `#126412` の revert: `KubeletSeparateDiskGC` のベータ化 PR が一度リバートされ、その後 `#126453` で再マージされました。最終的に v1.31 でベータです。",
    );
    assert_eq!((got[0].1, got[0].2), (Some(Stage::Beta), Some(rel("1.31"))));
    // Without the end of the story, the revert leaves no stage.
    let got = builtin_gate_stages("- `KubeletSeparateDiskGC` のベータ化 PR はリバートされました。");
    assert_eq!(got[0].1, None);
}

#[test]
fn a_title_naming_the_way_to_a_stage_states_none() {
    for md in [
        "### Sidecar Containers: From KEP to GA\n\n[KEP-753](https://github.com/kubernetes/enhancements/issues/753) の長い歴史の話。\n",
        "- KEP-753: The Road to GA\n",
    ] {
        let (_, r) = real(md);
        assert_eq!(r.keps[0].stage, None, "{md}");
    }
    let (_, r) = real("- Promoted KEP-753 from beta to GA.\n");
    assert_eq!(r.keps[0].stage, Some(Stage::Stable));
}

#[test]
fn second_reading_of_locks_processes_tags_conditions_and_expectations() {
    // A lock of something else, a gate locked off or on the way out: no graduation.
    for md in [
        "`CSIMigrationPortworx` フィーチャーゲートは非推奨となり、true にロックされました。",
        "`AppArmorFields` フィーチャーゲートは無効な状態でロックされました。",
        "`ImmutableEphemeralVolumes` フィーチャーゲートを有効にすると、Secret や ConfigMap の内容がロックされます。",
    ] {
        assert_ne!(builtin_gate_stages(md)[0].1, Some(Stage::Stable), "{md}");
    }
    // A chain of dated steps is the feature's, whatever word follows it.
    assert_eq!(
        builtin_gate_stages(
            "`SidecarContainers` は v1.28 alpha → v1.29 beta → v1.33 GA の流れで昇格しました。"
        ),
        [(
            "SidecarContainers".to_string(),
            Some(Stage::Stable),
            Some(rel("1.33"))
        )]
    );
    // A pre-release's tag is no stage.
    assert_eq!(
        builtin_gate_stages("`ImageVolume` を CRI-O v1.31.0-beta2 で試しました。")[0].1,
        None
    );
    // Another project's release as a condition, not the subject, still lends.
    assert_eq!(
        builtin_gate_stages(
            "containerd 2.0 以降の環境では、ユーザー名前空間のサポートが v1.30 でベータになりました。`UserNamespacesSupport` フィーチャーゲートで制御されます。"
        )[0]
        .1,
        Some(Stage::Beta)
    );
    // What is expected of something else after the stage is no expectation of the stage.
    assert_eq!(
        builtin_gate_stages("`JobPodFailurePolicy` は v1.31 で GA に昇格し多くのユーザーに使われると予想されています。")[0].1,
        Some(Stage::Stable)
    );
}

#[test]
fn a_denial_of_another_subject_leaves_the_earlier_clause_its_stage() {
    // The later clause has a subject of its own: the denial is that subject's.
    assert_eq!(
        kep_stages("KEP-753 は GA になりましたが、KEP-1287 のベータ昇格は断念されました。"),
        [(753, Some(Stage::Stable), None), (1287, None, None)]
    );
    assert_eq!(
        kep_stages("KEP-753 は 1.31 でベータになりましたが、1.32 での GA は見送られました。"),
        [(753, Some(Stage::Beta), Some(rel("1.31")))]
    );
    assert_eq!(
        kep_stages("KEP-753 はベータになりましたが、デフォルト有効化は延期されました。"),
        [(753, Some(Stage::Beta), None)]
    );
    assert_eq!(
        kep_stages("KEP-753 は GA になりましたが、私たちのチームは導入を見送りました。"),
        [(753, Some(Stage::Stable), None)]
    );
    // The same subject, the same stage, a promotion or PR with no stage of its own, one
    // pointing back, or a cause told first: the denial cancels it.
    for md in [
        "KEP-753 は GA になりましたが、リグレッションが見つかり、1.30.1 でリバートされました。",
        "KEP-753 は GA になりましたが、SIG Node は GA を撤回しました。",
        "KEP-753 は GA になりましたが、GA 昇格 PR はリバートされました。",
        "KEP-753 は GA になりましたが、後にこの昇格はリバートされました。",
        "KEP-753 は GA になりましたが、その後リバートされました。",
        "KEP-753 は 1.32 で GA になりましたが、その GA は撤回されました。",
        "KEP-753 は GA になる予定でしたが、KEP-1287 の影響で見送られました。",
    ] {
        assert_no_kep_stage(md);
    }
}

#[test]
fn a_denial_whose_subject_is_a_reason_or_the_mentions_topic_cancels_the_stage() {
    for md in [
        "KEP-4639 はベータに昇格しましたが、KEP-3157 との互換性の問題でリバートされました。",
        "KEP-4639 の GA は、KEP-3157 との競合が見つかったため延期されました。",
        "KEP-4639 はベータになりましたが、テストに影響が出たので見送られました。",
    ] {
        assert_no_kep_stage(md);
    }
    // A continuative clause states its stage as a contrast does.
    assert_eq!(
        kep_stages("KEP-753 は GA になり、KEP-1287 のベータ昇格は見送られました。"),
        [(753, Some(Stage::Stable), None), (1287, None, None)]
    );
}

/// Every KEP mention of `md` has no stage.
#[track_caller]
fn assert_no_kep_stage(md: &str) {
    let stages = kep_stages(md);
    assert!(
        stages.iter().all(|(_, stage, _)| stage.is_none()),
        "{md}: {stages:?}"
    );
}

#[test]
fn wishes_waiting_and_conditions_on_a_stage_are_none() {
    for md in [
        "`InPlacePodVerticalScaling` のベータ昇格も実現してほしいですね。",
        "個人的には `NodeSwap` のベータ昇格に期待しています。",
        "- `NodeSwap`: 1.33 でアルファとして入れたい。",
        "次は 1.34 で `NodeSwap` の GA を待ちます。",
        "`NodeSwap` の GA を待っています。",
        "`NodeSwap` は GA 待ちです。",
        "- 本番投入は `NodeSwap` の GA を待つのが無難",
        "`PodLevelResources` は 1.33 ではまだベータになっていないので、有効化はしていません。",
        "`NodeSwap` が GA になってから検討します。",
        "`NodeSwap` は GA になるまで本番では使いません。",
        "`NodeSwap` が GA したら本番でも使いたいです。",
        "`NodeSwap` は GA になり次第、本番に入れます。",
        "`NodeSwap` が GA になってもすぐには使えないかも。",
    ] {
        let facts = gate_facts(md);
        assert!(
            !facts.is_empty() && facts.iter().all(|(_, stage, _, _)| stage.is_none()),
            "{md}: {facts:?}"
        );
    }
    // A condition the sentence narrates, a state since then, and the past words stay as they were.
    for (md, stage, release) in [
        (
            "`SidecarContainers` は 1.31 でアルファになってから 2 年が経ちました。",
            Some(Stage::Alpha),
            Some("1.31"),
        ),
        (
            "`SidecarContainers` は 1.31 でアルファになってから安定しています。",
            Some(Stage::Alpha),
            Some("1.31"),
        ),
        (
            "`SidecarContainers` は 1.29 でベータになるまで 4 リリースかかりました。",
            Some(Stage::Beta),
            Some("1.29"),
        ),
        (
            "`SidecarContainers` は 1.29 でベータになってから、デフォルトで有効です。",
            Some(Stage::Beta),
            Some("1.29"),
        ),
        (
            "`SidecarContainers` が 1.32 で GA になるまでの経緯を振り返ってみましょう。",
            Some(Stage::Stable),
            Some("1.32"),
        ),
        (
            "多くのユーザーが GA を待っていた `SidecarContainers` が 1.32 で GA に昇格しました。",
            Some(Stage::Stable),
            Some("1.32"),
        ),
        (
            "`SidecarContainers` は 1.31 で GA になってもデフォルトでは無効です。",
            Some(Stage::Stable),
            Some("1.31"),
        ),
        // A wish for what follows from the stage, not for the stage.
        (
            "`SidecarContainers` が 1.31 でベータになったので本番に入れたいです。",
            Some(Stage::Beta),
            Some("1.31"),
        ),
    ] {
        let facts = gate_facts(md);
        assert_eq!(
            facts.iter().map(|f| (f.1, f.2)).collect::<Vec<_>>(),
            [(stage, release.map(rel))],
            "{md}"
        );
    }
}

#[test]
fn a_release_as_the_topic_dates_its_clause() {
    for (md, stage, release) in [
        (
            "- KEP-2400 (Node Swap): 1.33 はベータのまま。",
            Stage::Beta,
            "1.33",
        ),
        (
            "1.33 は KEP-753 が GA になったのが大きい。",
            Stage::Stable,
            "1.33",
        ),
        // In a 1.32 article, the stage of its release.
        (
            "KEP-2400: 1.32 はアルファ、1.33 はベータ。",
            Stage::Alpha,
            "1.32",
        ),
    ] {
        assert_eq!(
            kep_stages(md),
            [(kep_number(md), Some(stage), Some(rel(release)))],
            "{md}"
        );
    }
    // `1.32 は` says when, not another subject: the later clause is the mention's too.
    assert_eq!(
        kep_stages_without_release("KEP-2400: 1.32 はアルファ、1.33 はベータ。"),
        [(2400, Some(Stage::Beta), Some(rel("1.33")))]
    );
}

/// The number of the first `KEP-N` in `md`.
fn kep_number(md: &str) -> u32 {
    let at = md.find("KEP-").expect("a KEP") + 4;
    md[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .expect("a number")
}

#[test]
fn a_managed_platforms_release_column_is_the_kubernetes_release() {
    let md = "| フィーチャーゲート | GKE 1.30 | GKE 1.31 | GKE 1.32 |\n|---|---|---|---|\n| `SidecarContainers` | ベータ | ベータ | GA |\n";
    assert_eq!(gate_stages(md), [(Some(Stage::Stable), Some(rel("1.32")))]);
    // Beside the upstream release's column, the platform's column is the platform's.
    let md = "| 機能 | アップストリーム 1.31 | EKS 1.31 |\n|---|---|---|\n| `NodeSwap` | ベータ | 未対応 |\n";
    assert_eq!(gate_stages(md), [(Some(Stage::Beta), Some(rel("1.31")))]);
}

#[test]
fn a_stage_up_to_a_release_is_that_releases() {
    assert_eq!(
        keps_in_1_32("KEP-753 は 1.31 まではベータでした。"),
        [(753, Some(Stage::Beta), Some(rel("1.31")))]
    );
    assert_eq!(
        keps_in_1_32("KEP-753 は 1.31 まではベータでしたが、1.32 で GA になりました。"),
        [(753, Some(Stage::Stable), Some(rel("1.32")))]
    );
}

/// The stage and release of each gate mention, in document order.
fn gate_stages(md: &str) -> Vec<(Option<Stage>, Option<Release>)> {
    gate_facts(md).into_iter().map(|f| (f.1, f.2)).collect()
}

#[test]
fn an_aside_before_a_platforms_release_and_from_a_release_on() {
    for (md, stage, release) in [
        (
            "ちなみに EKS 1.31 では `NodeSwap` がベータとして有効化されています。",
            Stage::Beta,
            "1.31",
        ),
        (
            "なお GKE 1.31 では `NodeSwap` がアルファです。",
            Stage::Alpha,
            "1.31",
        ),
        (
            "ちなみに、EKS 1.31 では `NodeSwap` がベータです。",
            Stage::Beta,
            "1.31",
        ),
        (
            "ただし v1.24 以降、`NodeSwap` はベータです。",
            Stage::Beta,
            "1.24",
        ),
        // A distribution's release and the Kubernetes release it ships.
        (
            "OpenShift 4.16（Kubernetes 1.29）では `NodeSwap` がまだベータでした。",
            Stage::Beta,
            "1.29",
        ),
    ] {
        assert_eq!(gate_stages(md), [(Some(stage), Some(rel(release)))], "{md}");
    }
}

#[test]
fn a_plan_at_the_end_of_a_chain_is_its_own_steps() {
    for (md, stage, release) in [
        (
            "- KEP-4639: 1.31 alpha → 1.33 beta → GA は未定",
            Stage::Beta,
            "1.33",
        ),
        (
            "- KEP-2837: 1.32 alpha → 1.34 beta（予定）",
            Stage::Alpha,
            "1.32",
        ),
        (
            "- KEP-1287: 1.27 alpha → 1.33 beta → 1.35 GA（予定）",
            Stage::Beta,
            "1.33",
        ),
        (
            "- KEP-753: 1.28 alpha → 1.29 beta → 1.33 GA",
            Stage::Stable,
            "1.33",
        ),
    ] {
        assert_eq!(
            kep_stages_without_release(md),
            [(kep_number(md), Some(stage), Some(rel(release)))],
            "{md}"
        );
    }
}

#[test]
fn what_the_release_rules_of_a_topic_and_an_end_leave_alone() {
    // A release up to which a stage will last is no release of it.
    for md in [
        "KEP-2400 は 1.35 までは非推奨のまま残ります。",
        "KEP-2400 は少なくとも 1.34 まではベータのままでしょう。",
    ] {
        assert!(
            keps_in_1_32(md)
                .iter()
                .all(|(_, _, release)| *release != Some(rel("1.35"))
                    && *release != Some(rel("1.34"))),
            "{md}: {:?}",
            keps_in_1_32(md)
        );
    }
    // A release as the topic reaches no further than its clause, a comma or a join.
    for md in [
        "1.30 は検証していませんが KEP-753 は GA です。",
        "1.30 はもう EOL なので GA の KEP-753 は使えません。",
        "ちなみに EKS 1.30 では試していませんが KEP-753 は GA になりました。",
    ] {
        assert!(
            keps_in_1_32(md)
                .iter()
                .all(|(_, _, release)| *release != Some(rel("1.30"))),
            "{md}: {:?}",
            keps_in_1_32(md)
        );
    }
    // Beside a column of the release itself, a platform's column is the platform's.
    let md = "| 機能 | GKE 1.29 | 1.29 |\n|---|---|---|\n| `NodeSwap` | GA | ベータ |\n";
    assert_eq!(gate_stages(md), [(Some(Stage::Beta), Some(rel("1.29")))]);
}

#[test]
fn a_known_name_filling_a_cell_of_a_staged_row_is_the_gate() {
    let md =
        "| 機能 | 状態 |\n|---|---|\n| SidecarContainers | GA |\n| NodeSwap | 1.30 でベータ |\n";
    assert_eq!(
        gate_facts(md)
            .into_iter()
            .map(|f| (f.0, f.1, f.2))
            .collect::<Vec<_>>(),
        [
            ("SidecarContainers".to_string(), Some(Stage::Stable), None),
            ("NodeSwap".to_string(), Some(Stage::Beta), Some(rel("1.30"))),
        ]
    );
    // No stage in the row, or more than the name in the cell: prose needs what prose needs.
    for md in [
        "| 機能 | 説明 |\n|---|---|\n| SidecarContainers | サイドカー |\n",
        "| 機能 | 状態 |\n|---|---|\n| SidecarContainers の設定例 | GA |\n",
    ] {
        assert!(gate_facts(md).is_empty(), "{md}: {:?}", gate_facts(md));
    }
}

#[test]
fn a_guess_states_no_stage() {
    for md in [
        "KEP-1287 は 1.34 で GA かな。",
        "KEP-1287 の GA は 1.34 だと思います。",
        "KEP-1287 の GA は早ければ 1.34 かな、と勝手に思っています。",
        "KEP-1287 の GA は早くても 1.35 じゃないかな。",
        "KEP-1287 は 1.34 で GA かも。",
        "KEP-1287 は 1.34 で GA だろう。",
        "KEP-1287 は 1.34 で GA でしょう。",
        "KEP-1287 は 1.34 で GA になるはず。",
        "KEP-753 はたぶん 1.33 で GA。",
        "KEP-753 はおそらく、1.33 で GA になります。",
        // Hearsay of what comes.
        "KEP-1287 は 1.34 で GA らしい。",
        "KEP-1287 の GA は 1.35 とのこと。",
        "KEP-1287 は 1.34 で GA って聞いた",
        "KEP-1287 は 1.34 で GA になると聞きました。",
        "KEP-1287 が 1.34 で GA になるという噂です。",
        // What comes, as the topic of a guessed release.
        "KEP-1287 が GA になるのは 1.34 だと思います。",
        "KEP-2400 が GA になるのは 1.34 かな、と思っています。",
    ] {
        assert_no_kep_stage(md);
    }
    for (md, want) in [
        // Hearsay of the past reports a fact.
        (
            "KEP-2400 は 1.30 でベータになったらしい。",
            (2400, Some(Stage::Beta), Some(rel("1.30"))),
        ),
        (
            "KEP-2400 は 1.30 でベータになったと聞きました。",
            (2400, Some(Stage::Beta), Some(rel("1.30"))),
        ),
        // Hearsay covers its own clause: a stage told before it stands.
        (
            "KEP-2340 は v1.31 から beta、v1.34 で GA って聞いた",
            (2340, Some(Stage::Beta), Some(rel("1.31"))),
        ),
        // The stage as the topic of an opinion, or a cause before it, is a fact.
        (
            "KEP-1287 が 1.30 でベータになったのは大きいと思います。",
            (1287, Some(Stage::Beta), Some(rel("1.30"))),
        ),
        (
            "KEP-753 は 1.29 で GA になったので、安心して使えると思います。",
            (753, Some(Stage::Stable), Some(rel("1.29"))),
        ),
        // A guess in an earlier clause, of something else.
        (
            "KEP-4222 はたぶん知らない人も多いと思いますが、1.30 でベータになりました。",
            (4222, Some(Stage::Beta), Some(rel("1.30"))),
        ),
        // The guess covers its own clause only.
        (
            "KEP-3157 は 1.30 でベータになり、1.31 で GA になるはず。",
            (3157, Some(Stage::Beta), Some(rel("1.30"))),
        ),
        // `はず` and hearsay of what is done report it.
        (
            "KEP-753 は 1.29 で GA になっているはずです。リリースノートにも書かれています。",
            (753, Some(Stage::Stable), Some(rel("1.29"))),
        ),
        (
            "KEP-753 は 1.29 で GA になってるらしいです。",
            (753, Some(Stage::Stable), Some(rel("1.29"))),
        ),
        // Emphasis, and an opinion of the stage.
        (
            "今回の変更点で一番大きいのは KEP-753 の GA でしょう。",
            (753, Some(Stage::Stable), None),
        ),
        (
            "1.29 での KEP-753 の GA は嬉しいと思います。",
            (753, Some(Stage::Stable), Some(rel("1.29"))),
        ),
        (
            "KEP-1287 が 1.30 でベータになったことで Pod の再起動が減ると思います。",
            (1287, Some(Stage::Beta), Some(rel("1.30"))),
        ),
        // An adverb reaches no further than its clause.
        (
            "たぶん皆さんご存じのとおり、KEP-753 は 1.29 で GA になりました。",
            (753, Some(Stage::Stable), Some(rel("1.29"))),
        ),
        (
            "きっと多くの人が待っていた KEP-753 が、1.29 でついに GA になりました。",
            (753, Some(Stage::Stable), Some(rel("1.29"))),
        ),
    ] {
        assert_eq!(kep_stages(md), [want], "{md}");
    }
}

#[test]
fn a_release_and_its_jiten_are_the_release() {
    for md in [
        "`NodeSwap` は 1.28 の時点でベータになっていました。",
        "`NodeSwap` は 1.28 時点でベータになっていました。",
    ] {
        assert_eq!(
            gate_stages(md),
            [(Some(Stage::Beta), Some(rel("1.28")))],
            "{md}"
        );
    }
}

#[test]
fn a_row_of_release_columns_reached_its_stage_where_the_run_begins() {
    // beta, then GA twice: GA came in the first column that says it.
    // (The tests' articles are of 1.32.)
    let md = "| feature gate | 1.30 | 1.31 | 1.32 |\n| --- | --- | --- | --- |\n| `SidecarContainers` | beta | GA | GA |\n";
    assert_eq!(gate_stages(md), [(Some(Stage::Stable), Some(rel("1.31")))]);
    // A run back to the first column shows no move: the article's release, as before.
    let md = "| feature gate | 1.31 | 1.32 |\n| --- | --- | --- |\n| `NodeSwap` | beta | beta |\n";
    assert_eq!(gate_stages(md), [(Some(Stage::Beta), Some(rel("1.32")))]);
}

#[test]
fn a_stage_cell_waiting_for_the_stage_states_none() {
    let md = "| 担当者 | 機能 | ステータス |\n|---|---|---|\n| 鈴木 | `NodeSwap` | GA 待ち |\n";
    assert!(
        gate_stages(md).iter().all(|(stage, _)| stage.is_none()),
        "{:?}",
        gate_stages(md)
    );
}

#[test]
fn a_name_beside_its_kep_or_promoted_as_an_object_is_the_gate() {
    // The name followed in brackets by the KEP the registry ties it to.
    assert_eq!(
        builtin_gate_stages("InPlacePodVerticalScaling（KEP-1287）の話。"),
        [("InPlacePodVerticalScaling".to_string(), None, None)]
    );
    // An API kind's name as the object of its promotion.
    for md in [
        "`MutatingAdmissionPolicy` を beta に昇格（1.32）",
        "`MutatingAdmissionPolicy` を 1.32 で beta に昇格",
    ] {
        let got = builtin_gate_stages(md);
        assert_eq!(
            got.iter().map(|g| (g.0.as_str(), g.1)).collect::<Vec<_>>(),
            [("MutatingAdmissionPolicy", Some(Stage::Beta))],
            "{md}"
        );
    }
    // Another KEP in brackets, the kind as any other object, or a promotion not done, is not.
    for md in [
        "InPlacePodVerticalScaling（KEP-753）の話。",
        "`MutatingAdmissionPolicy` を作成します。",
        "`MutatingAdmissionPolicy` を beta に昇格させませんでした。",
        "`MutatingAdmissionPolicy` を beta に昇格させるべきです。",
        "`MutatingAdmissionPolicy` を beta に昇格させたら、本番で使います。",
    ] {
        assert!(builtin_gate_stages(md).is_empty(), "{md}");
    }
}

#[test]
fn a_lead_choosing_among_gates_by_their_past_states_what_it_did_to_them() {
    let md = "GA 済みでロックされていたゲートのうち、以下が 1.32 で削除されました。\n\n| フィーチャーゲート | GA になったバージョン |\n| --- | --- |\n| `SidecarContainers` | 1.29 |\n";
    assert_eq!(gate_stages(md), [(Some(Stage::Removed), Some(rel("1.32")))]);
}

#[test]
fn a_name_in_a_clause_modifying_the_subject_takes_no_stage() {
    let got =
        gate_facts("`NodeSwap` を前提とする `SidecarContainers` は 1.29 でベータになりました。");
    assert_eq!(
        got.iter().map(|g| (g.0.as_str(), g.1)).collect::<Vec<_>>(),
        [("NodeSwap", None), ("SidecarContainers", Some(Stage::Beta))]
    );
    // Names joined as subjects share it.
    for md in [
        "`NodeSwap` と `SidecarContainers` が GA になりました。",
        "`NodeSwap` に加えて `SidecarContainers` が GA になりました。",
    ] {
        assert!(
            gate_facts(md).iter().all(|g| g.1 == Some(Stage::Stable)),
            "{md}: {:?}",
            gate_facts(md)
        );
    }
}

#[test]
fn a_platforms_cluster_or_channel_a_place_and_a_supposed_world_are_no_stage_of_the_gate() {
    for md in [
        "`NodeSwap` は GKE のアルファクラスタでしか使えません。",
        "`NodeSwap` をベータチャネルで試しました。",
        "仮に `NodeSwap` が 1.32 でアルファのままだったとすると、本番では使えません。",
    ] {
        assert!(
            gate_stages(md).iter().all(|(stage, _)| stage.is_none()),
            "{md}: {:?}",
            gate_stages(md)
        );
    }
    assert_eq!(
        gate_stages(
            "`NodeSwap` は 1.30 からアップストリームではベータですが、デフォルト無効です。"
        ),
        [(Some(Stage::Beta), Some(rel("1.30")))]
    );
}

#[test]
fn a_cluster_a_supposition_and_a_modifying_clause_only_where_they_are() {
    // Written apart, the noun starts another phrase; a concession returns to the facts; a
    // platform's release set against upstream dates nothing; a clause stating the first
    // name's own stage is left to its own rules.
    for (md, want) in [
        (
            "`NodeSwap` がベータ クラスタ全体で使えます。",
            Some(Stage::Beta),
        ),
        (
            "仮にバグがあったとしても、`NodeSwap` は 1.30 でベータになっています。",
            Some(Stage::Beta),
        ),
        (
            "仮に `NodeSwap` を使う場合でも、`NodeSwap` は 1.30 でベータなので注意が必要です。",
            Some(Stage::Beta),
        ),
    ] {
        assert!(
            gate_stages(md).iter().any(|(stage, _)| *stage == want),
            "{md}: {:?}",
            gate_stages(md)
        );
    }
    assert_ne!(
        gate_stages(
            "`NodeSwap` は GKE 1.30 からアップストリームではベータの機能を先行提供しています。"
        ),
        [(Some(Stage::Beta), Some(rel("1.30")))]
    );
}

/// Readers' notes on memos, feature posts and interviews: what the writer doubts, a label before
/// a removal heading, the time since a stage, a withdrawal, this release, a replacement or a
/// contrast, a stage the writer could not reach, the writer's own choice, and a wish.
#[test]
fn doubts_labels_withdrawals_replacements_and_this_release() {
    use Stage::*;
    let none: &[(Option<Stage>, Option<Release>)] = &[(None, None)];
    for md in [
        // A doubted belief.
        "`WatchList` がこのリリースでベータになった…はず。要確認。",
        "`WatchList` はベータになったはず（未確認）。",
        // `until` a removal to come.
        "Users can re-enable it with the `GitRepoVolumeDriver` feature gate until it is removed in a future release.",
        // What to use instead, and a contrast opening the next sentence.
        "gitRepo ボリュームは 1.32 で非推奨になりました。代わりに `NodeSwap` を使ってください。",
        "Pod 全体の resources を指定できる（`PodLevelResources`）。アルファ。ただ、`InPlacePodVerticalScaling` との組み合わせは未対応らしい。",
        // A stage the release could not reach.
        "`NodeSwap` は v1.32 で GA にできませんでした。",
        "`NodeSwap` は v1.32 でベータに上げられませんでした。",
        "`NodeSwap` は v1.32 でベータへの昇格ができなかった。",
        "`NodeSwap` は v1.32 でベータになれませんでした。",
        // A wish.
        "`NodeSwap` は v1.33 で GA にできればと考えています。",
    ] {
        // (The last gate named: the one the sentence sets apart.)
        assert_eq!(gate_stages(md).last(), none.first(), "{md}");
    }
    // A belief the writer is sure of, and `は` before `ずっと`, stay facts.
    assert_eq!(
        gate_stages("`WatchList` は 1.31 でベータになっているはずです。"),
        [(Some(Beta), Some(rel("1.31")))]
    );
    // Gone: `消えた` of the gate; `警告が消えた` is something else's.
    assert_eq!(
        gate_stages("`KMSv2` は 1.32 で消えた。"),
        [(Some(Removed), Some(rel("1.32")))]
    );
    assert_eq!(
        gate_stages("`KMSv2` を有効にしたら警告が消えた。"),
        [(None, None)]
    );
    // A label before a removal heading, and a lead counting the time since GA.
    for md in [
        "## 参考: 1.31 で削除されたゲート\n\n- `KMSv2`\n",
        "## 補足 1.31 で削除されたゲート\n\n- `KMSv2`\n",
        "## 1.31 で削除されたゲート\n\nGA から一定期間たったゲートが消えている。\n\n- `KMSv2`\n",
    ] {
        assert_eq!(
            gate_stages(md),
            [(Some(Removed), Some(rel("1.31")))],
            "{md}"
        );
    }
    // A stage dated in a release still dates it, however long ago.
    assert_eq!(
        gate_stages("`KMSv2` は 1.29 で GA になってから 1 年が経ちました。"),
        [(Some(Stable), Some(rel("1.29")))]
    );
    // A KEP withdrawn, and the gate its sentence deprecates.
    let md = "[KEP #3503](https://github.com/kubernetes/enhancements/issues/3503) は取り下げられ、関連する `WindowsHostNetwork` フィーチャーゲートは非推奨になりました。";
    assert_eq!(kep_stages(md), [(3503, Some(Removed), None)]);
    assert_eq!(gate_stages(md), [(Some(Deprecated), None)]);
    // This release ends a chain of stages (the article is about 1.32).
    assert_eq!(
        gate_stages(
            "`InPlacePodVerticalScaling`はv1.31でベータに昇格し、本リリースでGAとなりました。"
        ),
        [(Some(Stable), Some(rel("1.32")))]
    );
    // The writer's own choice not to adopt it denies nothing of the release.
    assert_eq!(
        gate_stages("`NodeSwap` は 1.32 でベータになりましたが、弊社では導入を見送りました。"),
        [(Some(Beta), Some(rel("1.32")))]
    );
    // A question answered by a wish.
    assert_eq!(
        kep_stages(
            "**Q:** KEP-1287はどうなりますか?\n\n**A:** v1.33でGAにできればと考えています。\n"
        ),
        [(1287, None, None)]
    );
}

/// A name the registry knows titling its section, and a kind's name on a terse digest line,
/// are the gate; a component's name alone is not.
#[test]
fn a_heading_of_the_name_and_a_terse_line_name_the_gate() {
    for (md, want) in [
        ("### NodeSwap\n", &["NodeSwap"][..]),
        ("### NodeSwap の話\n", &["NodeSwap"]),
        (
            "- `ValidatingAdmissionPolicy` beta 予定\n",
            &["ValidatingAdmissionPolicy"],
        ),
        (
            "- `ValidatingAdmissionPolicy` の GA はまだ先\n",
            &["ValidatingAdmissionPolicy"],
        ),
        ("### AppArmor\n", &[]),
        ("- `ValidatingAdmissionPolicy` を作成する\n", &[]),
    ] {
        assert_eq!(real_gates(md), want, "{md}");
    }
}

/// A clause set against the next (`…のに対し、`, `…一方で、`) keeps its own stage, though the next
/// opens with a release rather than a name.
#[test]
fn a_clause_set_against_the_next_keeps_its_own_stage() {
    assert_eq!(
        gate_facts(
            "`NodeSwap`がアルファとして追加されたのに対し、v1.31でベータに昇格した`SidecarContainers`は今回変更がありません。"
        )
        .into_iter()
        .map(|f| (f.0, f.1, f.2))
        .collect::<Vec<_>>(),
        [
            ("NodeSwap".to_string(), Some(Stage::Alpha), None),
            (
                "SidecarContainers".to_string(),
                Some(Stage::Beta),
                Some(rel("1.31"))
            ),
        ]
    );
}

/// What the rules above leave alone: a contrast about the block's own subject, `代わりに` of
/// something else, a warning gone, a promotion withdrawn, a past `until`, an API version's
/// deprecation, a particle `に対し`, and a sure belief before a guess.
#[test]
fn what_the_doubt_removal_and_contrast_rules_leave_alone() {
    use Stage::*;
    for (md, want) in [
        (
            "ベータに昇格しました。ただし、`SidecarContainers` はデフォルトで無効です。",
            (Some(Beta), None),
        ),
        (
            "ベータに昇格しました。`NodeSwap` を使うとコピーする代わりに直接マウントできます。",
            (Some(Beta), None),
        ),
        (
            "`NodeSwap` を有効にすると出ていた警告が v1.31 で消えました。",
            (None, None),
        ),
        (
            "`NodeSwap` remained in beta until it graduated to GA in v1.31.",
            (Some(Stable), Some(rel("1.31"))),
        ),
        (
            "`KMSv2` はベータ版で指摘された問題に対し、v1.29 で GA となりました。",
            (Some(Stable), Some(rel("1.29"))),
        ),
        (
            "`WatchList` は 1.31 でベータになっているはずです。たぶん 1.33 で GA",
            (Some(Beta), Some(rel("1.31"))),
        ),
    ] {
        assert_eq!(gate_stages(md), [want], "{md}");
    }
    assert_eq!(
        kep_stages("KEP-4639 のベータ昇格は v1.32 で取り下げられました。"),
        [(4639, None, None)]
    );
    // The name as the clause's topic, a short cause between: withdrawn, so removed.
    assert_eq!(
        kep_stages("特に KEP-4639 は、設計の変更で取り下げられました。"),
        [(4639, Some(Stage::Removed), None)]
    );
    assert!(real_gates("- `ValidatingAdmissionPolicy` ベータ API (v1beta1) は非推奨\n").is_empty());
}

#[test]
fn a_listed_stage_a_stage_told_of_something_else_and_a_dated_lead_over_an_aside() {
    use Stage::*;
    // `非推奨や削除の一覧`: stages listed as kinds of change are a topic.
    assert_eq!(
        kep_stages(
            "非推奨や削除の公式な一覧は、各リリースのリリースノートで告知されます。\nまた、[kubernetes/enhancements#5040](https://github.com/kubernetes/enhancements/issues/5040) など、個々の KEP の issue でも議論を追えます。"
        ),
        [(5040, None, None)]
    );
    // A stage told of a volume type before a sentence about another release is not lent to it.
    let md = "in-tree の `gitRepo` ボリュームタイプは v1.11 から非推奨となっていました。\n[KEP-5040](https://kep.k8s.io/5040) に基づき、v1.33 では `GitRepoVolumeDriver` フィーチャーゲートが追加され、このドライバーはデフォルトで無効になりました。";
    assert_eq!(kep_stages(md), [(5040, None, None)]);
    assert_eq!(gate_stages(md), [(None, None)]);
    // A stage told after the sentence goes on with its story.
    assert_eq!(
        gate_stages(
            "この機能は`PreferSameTrafficDistribution`フィーチャーゲートの下でv1.33で導入されました。\nv1.34でベータに昇格し、デフォルトで有効になっています。"
        ),
        [(Some(Beta), Some(rel("1.34")))]
    );
    // In a 1.37 article, a lead dating a removal in 1.36 is where the item stands; its aside's
    // GA in 1.31 is history.
    let md = "参考までに、前回の v1.36 で削除されたフィーチャーゲートを挙げておきます。\n\n- `JobPodFailurePolicy`（v1.31 で GA）\n- `PDBUnhealthyPodEvictionPolicy`\n";
    assert_eq!(
        gates_in_release(md, "1.37")[0],
        (
            "JobPodFailurePolicy".to_string(),
            Some(Removed),
            Some(rel("1.36"))
        )
    );
}

/// The gate, stage and release of each gate mention of an article about `release`.
fn gates_in_release(md: &str, release: &str) -> Vec<(String, Option<Stage>, Option<Release>)> {
    let doc = crate::parse::blocks::parse(md, 1);
    let front = FrontMatter {
        release: Some(rel(release)),
        ..front(None)
    };
    let r = extract(&doc, &front, &real_registry());
    r.gates
        .iter()
        .map(|m| (m.gate.0.clone(), m.stage, m.stage_release))
        .collect()
}

#[test]
fn a_cell_under_a_releases_header_and_a_cluster_of_a_release_date_the_stage() {
    use Stage::*;
    let md = "| 項目 | v1.32 まで | v1.33 |\n|---|---|---|\n| ゲート | `InPlacePodVerticalScaling`（アルファ、無効） | `InPlacePodVerticalScaling`（ベータ、有効） |\n";
    let got = gates_in_release(md, "1.33");
    assert_eq!(
        got,
        [
            (
                "InPlacePodVerticalScaling".to_string(),
                Some(Alpha),
                Some(rel("1.32"))
            ),
            (
                "InPlacePodVerticalScaling".to_string(),
                Some(Beta),
                Some(rel("1.33"))
            ),
        ]
    );
    for md in [
        "1.28 のクラスタでは `SidecarContainers` はアルファでデフォルト無効です。",
        "v1.28 環境では `SidecarContainers` はアルファです。",
        // Clusters described before their release.
        "延長サポート中の 1.28 クラスタでは、`SidecarContainers` はアルファのままです。",
    ] {
        assert_eq!(
            gates_in_release(md, "1.32"),
            [(
                "SidecarContainers".to_string(),
                Some(Alpha),
                Some(rel("1.28"))
            )],
            "{md}"
        );
    }
}

#[test]
fn a_name_presented_alone_takes_the_story_the_next_sentences_tell() {
    use Stage::*;
    // A gate in a code span presented by its own sentence, as a KEP is.
    for md in [
        "`JobSuccessPolicy` です。v1.31 でアルファとして追加され、v1.32 でベータに昇格しました。",
        "最後は `JobSuccessPolicy` です。v1.31 でアルファとして追加され、v1.32 でベータに昇格しました。",
    ] {
        assert_eq!(
            gate_facts(md),
            [(
                "JobSuccessPolicy".to_string(),
                Some(Beta),
                Some(rel("1.32")),
                None
            )],
            "{md}"
        );
    }
    // The story over several sentences: where it stands in the article's release (1.32).
    assert_eq!(
        kep_stages(
            "次は KEP-1287 です。v1.27 でアルファとして入りました。v1.32 でベータになりました。"
        ),
        [(1287, Some(Beta), Some(rel("1.32")))]
    );
    // A gate's name written as words, presented so, is its KEP (the registry has KEP-1287
    // reach beta in 1.33).
    let md = "次は In-Place Pod Vertical Scaling です。v1.27 でアルファとして入りました。v1.33 でベータになりました。";
    let doc = crate::parse::blocks::parse(md, 1);
    let front = FrontMatter {
        release: Some(rel("1.33")),
        ..front(None)
    };
    let r = extract(&doc, &front, Registry::builtin());
    let got: Vec<_> = r
        .keps
        .iter()
        .map(|m| (m.kep.0, m.stage, m.stage_release))
        .collect();
    assert_eq!(got, [(1287, Some(Beta), Some(rel("1.33")))]);
    // A story that tells nothing of the article's release leaves the name without a stage.
    assert_eq!(
        kep_stages("KEP-1287 です。v1.27 でアルファとして入りました。v1.30 でベータになりました。"),
        [(1287, None, None)]
    );
    // A sentence with a subject of its own ends the story.
    assert_eq!(
        kep_stages(
            "KEP-1287 です。v1.27 でアルファとして入りました。VPA は v1.32 でベータになりました。"
        ),
        [(1287, None, None)]
    );
}

#[test]
fn a_feature_withdrawn_is_removed_when_its_kep_cites_it_in_brackets() {
    assert_eq!(
        kep_stages("Windows Pod のホストネットワーク対応（KEP-3503）は取り下げられました。"),
        [(3503, Some(Stage::Removed), None)]
    );
    // Withdrawing a request is no removal of the feature.
    assert_eq!(
        kep_stages("KEP-4639 のベータ昇格は v1.32 で取り下げられました。"),
        [(4639, None, None)]
    );
}

#[test]
fn another_projects_feature_gate_is_not_a_kubernetes_gate() {
    assert!(
        real_gates("Karpenter の `SpotToSpotConsolidation` フィーチャーゲートはまだアルファです。")
            .is_empty()
    );
    // A gate the registry knows stays the gate, whoever is said to have it.
    assert_eq!(
        real_gates("kubelet の `SidecarContainers` フィーチャーゲートを有効にします。"),
        ["SidecarContainers"]
    );
    assert_eq!(
        real_gates("`SpotToSpotConsolidation` フィーチャーゲートはまだアルファです。"),
        ["SpotToSpotConsolidation"]
    );
    // In an entry citing another repository's pull request.
    assert!(
        real_gates("- kubernetes-sigs/kueue#3254: `ProvisioningACC` のゲートが GA に\n").is_empty()
    );
    assert_eq!(
        real_gates("- kubernetes/kubernetes#3254: `ProvisioningACC` のゲートが GA に\n"),
        ["ProvisioningACC"]
    );
}

#[test]
fn a_stage_modifying_the_name_after_it_is_that_names() {
    use Stage::*;
    let facts = |md| {
        gate_facts(md)
            .into_iter()
            .map(|(g, s, r, _)| (g, s, r))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        facts(
            "v1.32 でアルファになった `PodLevelResources` を使う Pod に対しても、`InPlacePodVerticalScaling` でリサイズを試しました。"
        ),
        [
            (
                "PodLevelResources".to_string(),
                Some(Alpha),
                Some(rel("1.32"))
            ),
            ("InPlacePodVerticalScaling".to_string(), None, None),
        ]
    );
    // Listed with the name, the mention shares its stage.
    assert_eq!(
        facts(
            "v1.32 でアルファになった `PodLevelResources` と `InPlacePodVerticalScaling` を試しました。"
        ),
        [
            (
                "PodLevelResources".to_string(),
                Some(Alpha),
                Some(rel("1.32"))
            ),
            (
                "InPlacePodVerticalScaling".to_string(),
                Some(Alpha),
                Some(rel("1.32"))
            ),
        ]
    );
}

#[test]
fn a_stage_said_of_another_project_lends_nothing_to_the_section() {
    for aside in [
        "ちなみに「VPA のインプレースモードは、まだアルファ相当です」という補足もありました。",
        "ちなみに、セッション中に「VPA がこの機能を使って再起動なしにリソースを変えるモードは、まだアルファ相当です」という補足もありました。",
    ] {
        assert_eq!(
            kep_stages(&format!(
                "## In-Place Pod Resize\n\nKEP 本体は [kep.k8s.io/1287](https://kep.k8s.io/1287) です。\n\n{aside}\n"
            )),
            [(1287, None, None)],
            "{aside}"
        );
    }
    // The section's own subject still lends its stage.
    assert_eq!(
        kep_stages(
            "## In-Place Pod Resize\n\nKEP 本体は [kep.k8s.io/1287](https://kep.k8s.io/1287) です。\n\nインプレースでのリサイズは、まだアルファです。\n"
        ),
        [(1287, Some(Stage::Alpha), None)]
    );
}

#[test]
fn an_api_kinds_name_bracketed_by_its_kep_is_the_gate() {
    // The built-in registry ties the gate to KEP-3962.
    let md =
        "- アルファのまま: Pod レベルリソース（KEP-2837）、MutatingAdmissionPolicy（KEP-3962）\n";
    let doc = crate::parse::blocks::parse(md, 1);
    let r = extract(&doc, &front(None), Registry::builtin());
    assert_eq!(r.gate_names(), ["MutatingAdmissionPolicy"]);
    // Named alone in prose, the kind is the API object.
    let md = "- アルファのまま: MutatingAdmissionPolicy の作り方\n";
    let doc = crate::parse::blocks::parse(md, 1);
    let r = extract(&doc, &front(None), Registry::builtin());
    assert!(r.gate_names().is_empty());
}

#[test]
fn a_post_s_lines_end_at_an_emoji_or_before_a_label() {
    use Stage::*;
    let stages = |md| {
        gate_facts(md)
            .into_iter()
            .map(|(g, s, _, _)| (g, s))
            .collect::<Vec<_>>()
    };
    // A paragraph with full stops elsewhere: the line closing with an emoji is a statement.
    assert_eq!(
        stages("`SidecarContainers` が GA🎊\nあと `NodeSwap` もベータ。見える"),
        [
            ("SidecarContainers".to_string(), Some(Stable)),
            ("NodeSwap".to_string(), Some(Beta)),
        ]
    );
    // A line opening with a label and a colon heads a statement of its own.
    assert_eq!(
        stages("GA：`SidecarContainers`\nベータ：`NodeSwap`\n以上！おつかれさまでした"),
        [
            ("SidecarContainers".to_string(), Some(Stable)),
            ("NodeSwap".to_string(), Some(Beta)),
        ]
    );
    // A line the editor wrapped still goes on.
    assert_eq!(
        stages("`SidecarContainers` というゲートは\nGA になりました。"),
        [("SidecarContainers".to_string(), Some(Stable))]
    );
}

#[test]
fn an_api_kinds_name_said_to_have_a_default_is_the_gate() {
    let md = "- KEP-3962 はベータに昇格しました。ただし `MutatingAdmissionPolicy` はデフォルトで無効です。\n";
    let doc = crate::parse::blocks::parse(md, 1);
    let r = extract(&doc, &front(None), Registry::builtin());
    assert_eq!(r.gate_names(), ["MutatingAdmissionPolicy"]);
}

#[test]
fn a_stage_coming_into_view_is_a_prospect() {
    assert_eq!(
        gate_facts("来年は `SidecarContainers` も、`NodeSwap` との組み合わせが整えば GA が見えてくるはずです。")
            .into_iter()
            .map(|(g, s, _, _)| (g, s))
            .collect::<Vec<_>>(),
        [
            ("SidecarContainers".to_string(), None),
            ("NodeSwap".to_string(), None),
        ]
    );
}

#[test]
fn a_heading_over_a_list_of_releases_and_stages_tells_its_history() {
    use Stage::*;
    let md = "### サイドカーコンテナ（KEP-753）\n\n- 2023-08 (v1.28): アルファ\n- 2023-12 (v1.29): ベータ\n- 2025-04 (v1.33): GA\n";
    let history = |release: Option<&str>| {
        let doc = crate::parse::blocks::parse(md, 1);
        let front = FrontMatter {
            release: release.map(rel),
            ..front(None)
        };
        let r = extract(&doc, &front, &registry());
        r.keps
            .iter()
            .map(|m| {
                (
                    m.kep.0,
                    m.stage,
                    m.stage_release,
                    m.history
                        .iter()
                        .map(|d| (d.release, d.stage))
                        .collect::<Vec<_>>(),
                )
            })
            .collect::<Vec<_>>()
    };
    let steps = [
        (rel("1.28"), Alpha),
        (rel("1.29"), Beta),
        (rel("1.33"), Stable),
    ];
    // In the release of a step, that step; the others are the history.
    assert_eq!(
        history(Some("1.33")),
        [(753, Some(Stable), Some(rel("1.33")), steps[..2].to_vec())]
    );
    // Elsewhere, or in an article of no release, no stage, and every step is history.
    for release in [Some("1.34"), None] {
        assert_eq!(
            history(release),
            [(753, None, None, steps.to_vec())],
            "{release:?}"
        );
    }
    // A list of items naming KEPs is no one's history.
    let md = "### まとめ（KEP-753）\n\n- KEP-1287 (v1.33): ベータ\n- KEP-2400 (v1.34): GA\n";
    let doc = crate::parse::blocks::parse(md, 1);
    let r = extract(&doc, &front(None), &registry());
    assert!(r.keps.iter().all(|m| m.history.is_empty()));
}

#[test]
fn an_exception_requested_for_a_stage_is_no_stage() {
    for md in [
        "KEP-4742 もベータ昇格の Exception を出しましたが、却下されました。",
        "KEP-4742 もベータ昇格の例外申請を出しましたが、却下されました。",
    ] {
        assert_eq!(kep_stages(md), [(4742, None, None)], "{md}");
    }
    // An exception of anything else is no word of the scanner's.
    assert_eq!(
        kep_stages("Exception が出ても KEP-753 は GA になりました。"),
        [(753, Some(Stage::Stable), None)]
    );
}

#[test]
fn a_removal_dated_in_the_next_sentence_goes_on_with_the_story() {
    use Stage::*;
    assert_eq!(
        gate_facts(
            "`JobSuccessPolicy` ゲートは v1.31 で GA になりました。そして v1.32 で削除されました。"
        )
        .into_iter()
        .map(|(g, s, r, _)| (g, s, r))
        .collect::<Vec<_>>(),
        [(
            "JobSuccessPolicy".to_string(),
            Some(Removed),
            Some(rel("1.32"))
        )]
    );
    // So is one said of the gates named before.
    assert_eq!(
        gate_facts("`JobSuccessPolicy` と `NodeSwap` は v1.31 で GA になりました。そして v1.32 では、この 2 つのゲート自体が削除されました。")
            .into_iter()
            .map(|(g, s, r, _)| (g, s, r))
            .collect::<Vec<_>>(),
        [
            ("JobSuccessPolicy".to_string(), Some(Removed), Some(rel("1.32"))),
            ("NodeSwap".to_string(), Some(Removed), Some(rel("1.32"))),
        ]
    );
    // A removal of something else, with a subject of its own, is skipped: the story goes on.
    assert_eq!(
        gate_facts("`JobSuccessPolicy` は v1.30 でアルファとして導入されました。古いフラグは v1.31 で削除されました。v1.32 で GA になりました。")
            .into_iter()
            .map(|(g, s, r, _)| (g, s, r))
            .collect::<Vec<_>>(),
        [("JobSuccessPolicy".to_string(), Some(Stable), Some(rel("1.32")))]
    );
    // A removal of something else, with a subject of its own, is no step of the story.
    assert_eq!(
        gate_facts("`JobSuccessPolicy` ゲートは v1.31 で GA になりました。古いフラグは v1.32 で削除されました。")
            .into_iter()
            .map(|(g, s, r, _)| (g, s, r))
            .collect::<Vec<_>>(),
        [("JobSuccessPolicy".to_string(), Some(Stable), Some(rel("1.31")))]
    );
}

#[test]
fn a_blocks_default_is_not_lent_to_a_mention_dated_in_another_release() {
    use Stage::*;
    // The test articles are of 1.32.
    assert_eq!(
        gate_facts(
            "この機能は v1.32 でベータに昇格し、デフォルトで有効になりました。1.31 ではアルファなので、`JobSuccessPolicy` を有効にしない限り使えません。"
        ),
        [(
            "JobSuccessPolicy".to_string(),
            Some(Alpha),
            Some(rel("1.31")),
            None
        )]
    );
    // Dated with the article's release, it takes the block's default.
    assert_eq!(
        gate_facts("`JobSuccessPolicy` は v1.32 でベータになりました。デフォルトで有効です。"),
        [(
            "JobSuccessPolicy".to_string(),
            Some(Beta),
            Some(rel("1.32")),
            Some(true)
        )]
    );
}

#[test]
fn the_release_a_writer_runs_given_as_a_cause_dates_the_sentence() {
    use Stage::*;
    // A chat line in a 1.34 article: the speaker's clusters run 1.32, where WatchList is beta.
    for md in [
        "> @sre_hanako: うちはまだ 1.32 なので WatchList がベータでデフォルト有効になったところです。",
        "うちはまだ 1.32 なので WatchList がベータでデフォルト有効になったところです。",
        "1.32 なら `WatchList` はベータです。",
    ] {
        assert_eq!(
            gates_in_release(md, "1.34"),
            [("WatchList".to_string(), Some(Beta), Some(rel("1.32")))],
            "{md}"
        );
    }
}

#[test]
fn a_kind_named_gate_followed_by_no_and_gate_is_the_gate() {
    for md in [
        "- `ValidatingAdmissionPolicy` のゲート指定は 1.32 以降エラーになるので消しましょう",
        "`ValidatingAdmissionPolicy` のゲートは 1.30 でロックされました。",
    ] {
        assert_eq!(gate_names(md), ["ValidatingAdmissionPolicy"], "{md}");
    }
}

/// Number, kind, stage and release of each pull request or issue, in document order.
fn pr_facts(md: &str) -> Vec<(u32, ItemKind, Option<Stage>, Option<Release>)> {
    let (_, r) = real(md);
    r.prs
        .iter()
        .map(|m| (m.pr.number, m.pr.kind, m.stage, m.stage_release))
        .collect()
}

#[test]
fn an_emoji_after_words_ends_a_statement() {
    assert_eq!(
        kep_stages("KEP-2400 がついに GA 🎉 1.30 で beta だったので長かった。"),
        [(2400, Some(Stage::Stable), None)]
    );
}

#[test]
fn a_connective_and_its_comma_open_the_first_clause() {
    for md in [
        "また、1.30 で alpha だった KEP-3998 が今回 beta になりました。",
        "あと、1.30 で alpha だった KEP-3998 が今回 beta になりました。",
    ] {
        // (`今回`, the article's release: here none.)
        assert_eq!(kep_stages(md), [(3998, Some(Stage::Beta), None)], "{md}");
    }
}

#[test]
fn items_opening_with_a_kep_number_take_their_leads_stage() {
    let md = "以下の機能がベータに昇格しました:\n\n- KEP-4191 Split Image Filesystem\n- KEP-4216\n- KEP #3998: ジョブの成功ポリシー\n";
    assert_eq!(
        kep_stages(md),
        [
            (4191, Some(Stage::Beta), None),
            (4216, Some(Stage::Beta), None),
            (3998, Some(Stage::Beta), None)
        ]
    );
}

#[test]
fn an_item_denying_a_stage_takes_none_from_its_heading() {
    let md =
        "## GA になった機能\n\n- `WatchList` (KEP-3157) は今回 beta 昇格ならず\n- `NodeSwap`\n";
    let (_, r) = real(md);
    assert_eq!(r.keps[0].stage, None);
    let gates: Vec<_> = r
        .gates
        .iter()
        .map(|g| (g.gate.0.as_str(), g.stage))
        .collect();
    assert_eq!(
        gates,
        [("WatchList", None), ("NodeSwap", Some(Stage::Stable))]
    );
}

#[test]
fn looking_forward_to_a_stage_states_none() {
    for md in [
        "- 「次回は KEP-2837 の beta と KEP-3962 の beta を楽しみにしてます」",
        "KEP-3962 の beta、楽しみ！",
    ] {
        assert!(
            kep_stages(md).iter().all(|k| k.1.is_none()),
            "{md}: {:?}",
            kep_stages(md)
        );
    }
}

#[test]
fn a_planning_headings_section_states_what_is_planned() {
    let md = "## 次のリリースの予定\n\n- `WatchList` のベータ昇格 (#132123)\n- `NodeSwap` は 1.32 でベータになりました。\n";
    let g = gate_facts(md);
    assert_eq!((g[0].1, g[1].1), (None, Some(Stage::Beta)));
    assert_eq!(pr_facts(md)[0].2, None);
    // Under a heading that only looks ahead, a stage told of what is done stands.
    let md = "## 今後\n\n`WatchList` は 1.32 で入ったアルファのゲートで、試すと面白いです。\n";
    assert_eq!(gate_facts(md)[0].1, Some(Stage::Alpha));
    // `予定通り` tells what was done.
    let md = "## 予定通り GA になったもの\n\n- `WatchList` → GA\n";
    assert_eq!(gate_facts(md)[0].1, Some(Stage::Stable));
}

#[test]
fn a_stage_and_its_default_given_as_the_cause_of_what_the_writer_puts_off_stand() {
    for md in [
        "`WatchList` は 1.33 でもベータでデフォルト無効なので今回は見送ります。",
        "`WatchList` はベータですが、デフォルト無効なので採用を見送りました。",
    ] {
        assert_eq!(gate_facts(md)[0].1, Some(Stage::Beta), "{md}");
    }
    // The feature's own move put off: none.
    let md = "`WatchList` のベータへの移行は見送られました。";
    assert_eq!(gate_facts(md)[0].1, None);
}

#[test]
fn a_checklists_line_of_a_kind_named_gate_and_a_colon_is_the_gate() {
    let g = &gate_facts("- `VolumeAttributesClass`: 1.34 で GA\n")[0];
    assert_eq!(
        (g.0.as_str(), g.1, g.2),
        (
            "VolumeAttributesClass",
            Some(Stage::Stable),
            Some(rel("1.34"))
        )
    );
    let md = "- `VolumeAttributesClass`: GA になるのは 1.34 らしいので、それまでは様子見\n";
    let g = &gate_facts(md)[0];
    assert_eq!((g.0.as_str(), g.1), ("VolumeAttributesClass", None));
}

#[test]
fn the_release_the_writers_clusters_were_taken_to_or_run_dates_the_stage() {
    for (md, stage, release) in [
        (
            "1.34 にアップグレードしたら `WatchList` がベータになっていました。",
            Stage::Beta,
            "1.34",
        ),
        (
            "1.34 に上げたら `WatchList` がベータになるので試したい。",
            Stage::Beta,
            "1.34",
        ),
        (
            "うちの EKS は 1.32 なので `WatchList` はまだアルファです。",
            Stage::Alpha,
            "1.32",
        ),
        (
            "GKE 1.32 なので `WatchList` はまだアルファです。",
            Stage::Alpha,
            "1.32",
        ),
        (
            "- `WatchList` ゲートは 1.29 でもう削除済み",
            Stage::Removed,
            "1.29",
        ),
        (
            "v1.32 では `WatchList` が削除されていました。",
            Stage::Removed,
            "1.32",
        ),
    ] {
        let g = &gate_facts(md)[0];
        assert_eq!((g.1, g.2), (Some(stage), Some(rel(release))), "{md}");
    }
}

#[test]
fn an_issue_is_told_by_its_section_or_the_words_after_it() {
    for md in [
        "## イシュー\n\n- #129870 は重複として閉じられました。\n",
        "- kubernetes/website#49500: 日本語版の一覧が古い、という issue\n",
        "- issue 報告: kubernetes/kubernetes#133022\n",
        "- issue を立てました → #133023\n",
    ] {
        assert_eq!(pr_facts(md)[0].1, ItemKind::Issue, "{md}");
    }
    for md in [
        "## PR とイシュー\n\n- #129870 がマージされました。\n",
        "## イシュー\n\n- PR #129871 で直りました。\n",
    ] {
        assert_eq!(pr_facts(md)[0].1, ItemKind::Pull, "{md}");
    }
}

#[test]
fn a_fix_or_a_cherry_pick_brings_no_stage() {
    for md in [
        "- v1.33.0 で GA になった `WatchList` のバグ修正 (#131100)\n",
        "- Fixed a crash of pods with `WatchList` enabled in beta. (#131952, @u) [SIG Node]\n",
        "📝 元 PR は #131500 で、`WatchList` は v1.32 から GA です。",
    ] {
        assert_eq!(pr_facts(md)[0].2, None, "{md}");
    }
    let md = "- `WatchList` フィーチャーゲートが非推奨になりました。`X` に依存しているクライアントは修正してください。 (#130254)\n";
    assert_eq!(pr_facts(md)[0].2, Some(Stage::Deprecated));
}

#[test]
fn a_move_proposed_in_a_noun_is_none() {
    for md in [
        "- `WatchList` のベータ昇格が提案されています。",
        "- `WatchList` の GA も検討されている。",
        "- kustomize の非推奨化が提案されています（KEP-3157）。",
    ] {
        let (_, r) = real(md);
        assert!(
            r.gates.iter().all(|g| g.stage.is_none()) && r.keps.iter().all(|k| k.stage.is_none()),
            "{md}"
        );
    }
}

#[test]
fn a_kep_title_moved_to_a_stage_as_an_object_is_the_kep() {
    for md in [
        "- Mutating Admission Policies を 1.34 でベータに昇格 (#129818)\n",
        "- 1.32 では Mutating Admission Policies のアルファ実装が入りました\n",
    ] {
        let k = kep_stages(md);
        assert_eq!(k.len(), 1, "{md}");
        assert_eq!(k[0].0, 3962, "{md}");
        assert!(k[0].1.is_some(), "{md}");
    }
    // Said in passing, no reference.
    assert!(kep_stages("Mutating Admission Policies を使ってみました。").is_empty());
    // A digest's or slide's line moving it by an arrow, in the release the registry has it
    // reach that stage.
    assert_eq!(
        keps_in_1_32("1.32 のハイライト:\n\n- Mutating Admission Policies → Alpha\n"),
        [(3962, Some(Stage::Alpha), None)]
    );
    assert!(keps_in_1_32("- Mutating Admission Policies → 検証中\n").is_empty());
    // A post's title capitalizes the verb.
    assert_eq!(
        keps_in_1_32("Kubernetes v1.32: Mutating Admission Policies Graduated to Alpha\n"),
        [(3962, Some(Stage::Alpha), Some(rel("1.32")))]
    );
}

#[test]
fn a_nested_note_naming_the_kep_of_its_parents_gate_shares_its_stage() {
    let md = "- `WatchList` をベータに昇格 (#128011)\n  - 📝 [KEP-3157](https://kep.k8s.io/3157) です。\n";
    assert_eq!(kep_stages(md), [(3157, Some(Stage::Beta), None)]);
    // A nested note naming another KEP: none.
    let md = "- `WatchList` をベータに昇格 (#128011)\n  - 📝 [KEP-3962](https://kep.k8s.io/3962) です。\n";
    assert_eq!(kep_stages(md), [(3962, None, None)]);
}

#[test]
fn a_removal_told_of_the_gate_pointed_back_at_is_the_gates() {
    for md in [
        "設定に `KMSv2` が残っていました。このゲートは 1.32 で削除されています。",
        "設定に `KMSv2` が残っていました。これは 1.32 で削除されたゲートです。",
    ] {
        let g = &gate_facts(md)[0];
        assert_eq!(
            (g.1, g.2),
            (Some(Stage::Removed), Some(rel("1.32"))),
            "{md}"
        );
    }
    // A removal of something else with a subject of its own: none.
    let md = "`KMSv2` を使っていました。古い API は 1.32 で削除されました。";
    assert_eq!(gate_facts(md)[0].1, None);
}

#[test]
fn gone_in_a_heading_or_lead_over_gates_is_a_removal() {
    let md = "## 1.32 で消えたフィーチャーゲート\n\n- `KMSv2`\n\n## 調査\n\n1.32 で以下のゲートが消えました:\n\n- `ServerSideApply`\n\n## 気になったこと\n\n警告が 1.32 で消えました。`WatchList` は使っています。\n";
    let got: Vec<_> = gate_facts(md)
        .into_iter()
        .map(|g| (g.0, g.1, g.2))
        .collect();
    assert_eq!(
        got,
        [
            ("KMSv2".to_string(), Some(Stage::Removed), Some(rel("1.32"))),
            (
                "ServerSideApply".to_string(),
                Some(Stage::Removed),
                Some(rel("1.32"))
            ),
            ("WatchList".to_string(), None, None),
        ]
    );
}

#[test]
fn spoken_removals_state_the_removal() {
    let md = "きむら: `KMSv2` と `ServerSideApply` のゲートが 1.32 で消えてます。";
    let got: Vec<_> = gate_facts(md).into_iter().map(|g| (g.1, g.2)).collect();
    assert_eq!(got, [(Some(Stage::Removed), Some(rel("1.32"))); 2]);
    let md = "`KMSv2` はゲートごと削除。1.31 で GA になってたので。";
    assert_eq!(gate_facts(md)[0].1, Some(Stage::Removed));
    let md = "`KMSv2` は 1.32 でゲートごと削除されています。";
    assert_eq!(gate_stages(md), [(Some(Stage::Removed), Some(rel("1.32")))]);
}

#[test]
fn an_api_kinds_gate_fills_a_cell_of_a_row_stating_a_stage() {
    let md = "| 機能 | ステージ |\n|---|---|\n| `ValidatingAdmissionPolicy` | ベータ |\n| VolumeAttributesClass | GA |\n";
    let got: Vec<_> = gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
    assert_eq!(
        got,
        [
            ("ValidatingAdmissionPolicy".into(), Some(Stage::Beta)),
            ("VolumeAttributesClass".into(), Some(Stage::Stable)),
        ]
    );
    // A row stating none names the API.
    let md = "| API | 説明 |\n|---|---|\n| `ValidatingAdmissionPolicy` | 検証を行う |\n";
    assert!(gate_facts(md).is_empty());
}

#[test]
fn what_the_writer_only_half_remembers_states_nothing() {
    for md in [
        "`KMSv2` は 1.32 でアルファ…だった気がする。要確認",
        "`KMSv2` は 1.32 でアルファ（うろ覚え）",
        "`KMSv2` は 1.32 でアルファだったような。",
        "KEP-3962 のベータ昇格は早くて 1.33 か 1.34 だと思いますが、Webhook を置き換えられる日が楽しみです。",
    ] {
        let (_, r) = real(md);
        assert!(
            r.gates.iter().all(|g| g.stage.is_none()) && r.keps.iter().all(|k| k.stage.is_none()),
            "{md}"
        );
    }
}

#[test]
fn a_kind_named_gate_after_its_abbreviation_or_a_checklists_adverb_is_the_gate() {
    for (md, stage, release) in [
        (
            "VAP（`ValidatingAdmissionPolicy`）は 1.30 で GA。",
            Stage::Stable,
            Some(rel("1.30")),
        ),
        (
            "- `VolumeAttributesClass`: まだアルファ\n",
            Stage::Alpha,
            None,
        ),
        (
            "- `VolumeAttributesClass`: 1.33 でもベータ\n",
            Stage::Beta,
            Some(rel("1.33")),
        ),
    ] {
        let g = &gate_facts(md)[0];
        assert_eq!((g.1, g.2), (Some(stage), release), "{md}");
    }
}

#[test]
fn the_same_release_said_again_dates_the_stage() {
    let g = &gate_facts("同じ 1.30 で `WatchList` がベータとして追加されています。")[0];
    assert_eq!((g.1, g.2), (Some(Stage::Beta), Some(rel("1.30"))));
}

#[test]
fn an_issue_tracking_a_move_states_no_stage_and_a_fix_in_a_pull_request_is_one() {
    let md = "## 参考リンク\n\n- ベータ昇格の追跡 Issue: https://github.com/kubernetes/enhancements/issues/3157\n";
    assert_eq!(kep_stages(md), [(3157, None, None)]);
    let md = "issue #133301 読んだ。Fixes は k/k#133320 で、1.34.1 に入る見込み";
    let kinds: Vec<_> = pr_facts(md).into_iter().map(|p| (p.0, p.1)).collect();
    assert_eq!(kinds, [(133301, ItemKind::Issue), (133320, ItemKind::Pull)]);
}

#[test]
fn a_chat_threads_answers_give_the_stage_the_question_asks() {
    for md in [
        // The answer states the stage and says the next one has not come.
        "> **@yamada** 14:35\n> `WatchList` は GA？\n\n> **@suzuki** 14:37\n> いや、ベータ。しかもデフォルト無効のまま。GA はまだ\n",
        "Q. `WatchList` はもう GA ですか？\n\nA. いえ、ベータのままです。GA はもう少し先ですね。\n",
        // A yes echoing the question's verb.
        "**sato**: `WatchList` ってベータになった？\n\n**suzuki**: なった。でもデフォルト無効。\n",
        // A yes under a chat export's header line.
        "> **@sato** 10:41\n> `WatchList` もベータだっけ？\n\n> **@suzuki** 10:42\n> そうそう。デフォルト有効になってる\n",
        // An afterthought after the question.
        "> **@tanaka** 15:10\n> `WatchList` ってベータになった？ informer のやつ\n\n> **@suzuki** 15:12\n> ベータ、デフォルト無効。\n",
        // An unlabelled answer to a quoted question, and to a scrap's own question.
        "> `WatchList`、デフォルト有効って本当？\n\n本当です。ベータになって、デフォルト有効です。\n",
        "`WatchList` ってどのステージだっけ？\n\nベータになってた。\n",
    ] {
        assert_eq!(gate_facts(md)[0].1, Some(Stage::Beta), "{md}");
    }
    // A paragraph after a question that names a KEP or gate of its own answers nothing.
    let md = "`WatchList` ってどうなった？\n\n`NodeSwap` は GA になりました。\n";
    assert_eq!(gate_facts(md)[0].1, None);
}

#[test]
fn words_the_writer_quotes_and_takes_back_state_nothing() {
    for (md, stage) in [
        (
            "いとう: 前回の放送で「`WatchList` は GA」って言っちゃったんですけど、あれ間違いで、ベータです。",
            Some(Stage::Beta),
        ),
        (
            "訂正：昨日「`WatchList` は削除済み」と書いたのは間違い。まだベータのまま。",
            Some(Stage::Beta),
        ),
        (
            "`WatchList` は GA と書きましたが、誤りでした。正しくはベータです。",
            Some(Stage::Beta),
        ),
        // Quoted and confirmed: it stands.
        (
            "さっき `WatchList` は GA って書いたけど、確認したら合ってた。",
            Some(Stage::Stable),
        ),
    ] {
        assert_eq!(gate_facts(md)[0].1, stage, "{md}");
    }
}

#[test]
fn an_item_nested_under_a_timelines_step_takes_that_steps_stage() {
    let md = "## タイムライン\n\n- 1.27: アルファ\n  - `WatchList` フィーチャーゲートで有効化\n- 1.32: ベータ（デフォルト有効）\n  - `resize` サブリソース経由に一本化\n";
    let g = &gate_facts(md)[0];
    assert_eq!((g.1, g.2), (Some(Stage::Alpha), Some(rel("1.27"))));
}

#[test]
fn a_sentence_pointing_back_at_the_time_just_told_is_of_its_release() {
    let md = "1.29 で `NodeSwap` はベータに昇格しました。`WatchList` は、この時点ではまだアルファでした。";
    let g = &gate_facts(md)[1];
    assert_eq!(
        (g.0.as_str(), g.1, g.2),
        ("WatchList", Some(Stage::Alpha), Some(rel("1.29")))
    );
}

#[test]
fn a_stage_of_what_a_gate_is_combined_with_is_not_the_gates() {
    let md = "- `WatchList` との組み合わせはまだ alpha 扱い\n";
    assert_eq!(gate_facts(md)[0].1, None);
    let md = "- `WatchList` はまだ alpha 扱い\n";
    assert_eq!(gate_facts(md)[0].1, Some(Stage::Alpha));
}

#[test]
fn the_enhancements_reference_where_a_keps_text_was_changed_is_a_pull_request() {
    let md = "KEP の本文の更新は kubernetes/enhancements#5146 で行われました。";
    let (_, r) = real(md);
    assert!(r.keps.is_empty());
    assert_eq!(
        (
            r.prs[0].pr.repo.as_str(),
            r.prs[0].pr.number,
            r.prs[0].pr.kind
        ),
        ("kubernetes/enhancements", 5146, ItemKind::Pull)
    );
    // So is one in brackets after a KEP's update.
    let md = "KEP-4191 の更新（kubernetes/enhancements#5123）はレビュー中です。";
    let (_, r) = real(md);
    assert_eq!(r.keps.iter().map(|k| k.kep.0).collect::<Vec<_>>(), [4191]);
    assert_eq!(
        (r.prs[0].pr.number, r.prs[0].pr.kind),
        (5123, ItemKind::Pull)
    );
    // The tracking issue named otherwise is the KEP.
    assert_eq!(
        kep_stages("詳しくは kubernetes/enhancements#3157 を参照。"),
        [(3157, None, None)]
    );
}

#[test]
fn a_sneak_peeks_heading_over_a_section_telling_the_stage_as_a_plan_lends_nothing() {
    // A credit line under a heading whose section aims at the stage it names.
    let md = "### スワップのサポートがGAへ\n\nKEP-2400 は v1.30 でベータになりました。v1.32 では GA に昇格させることを目指しています。\n\nこの作業は KEP-2400 の一部として SIG Node が主導しています。\n";
    assert_eq!(
        keps_in_1_32(md),
        [
            (2400, Some(Stage::Beta), Some(rel("1.30"))),
            (2400, None, None)
        ]
    );
    let md = "### CELによるミューテーションのベータ昇格\n\nこの機能は v1.32 でベータに昇格する予定です。\n\nこの作業は KEP-3962 の一部として SIG API Machinery が主導しています。\n";
    assert_eq!(keps_in_1_32(md), [(3962, None, None)]);
    // Told as done, the heading's stage is lent.
    let md = "### CELによるミューテーションのベータ昇格\n\nこの機能は v1.32 でベータに昇格しました。\n\nこの作業は KEP-3962 の一部として SIG API Machinery が主導しています。\n";
    assert_eq!(keps_in_1_32(md), [(3962, Some(Stage::Beta), None)]);
}

#[test]
fn a_heading_pairing_two_stages_lends_neither_and_a_closing_note_is_no_subject() {
    // `ベータ・GA` heads features of either stage; `ベータ → GA` is one move.
    let md = "## ベータ・GA になったゲート\n\n- `PodLevelResources`\n";
    assert_eq!(gate_stages(md), [(None, None)]);
    let md = "## ベータ → GA になったゲート\n\n- `PodLevelResources`\n";
    assert_eq!(gate_stages(md), [(Some(Stage::Stable), None)]);
    // A sub-heading with a note of what to do heads its table as a heading of a stage does.
    let md = "## GA になったゲート\n\n### アルファで入ったもの（触らない）\n\n| ゲート名 | KEP |\n|---|---|\n| `PodLevelResources` | KEP-2837 |\n";
    assert_eq!(gate_stages(md), [(Some(Stage::Alpha), None)]);
    assert_eq!(kep_stages(md), [(2837, Some(Stage::Alpha), None)]);
}

#[test]
fn two_gates_of_one_kep_share_no_stage_across_paragraphs_of_a_section() {
    let md = "### WatchList について\n\n`WatchList` は 1.32 でベータに昇格し、デフォルトで有効になりました。\n\nただ、クライアント側の `WatchListClient` はまだデフォルト無効です。\n";
    let got: Vec<_> = gate_facts(md)
        .into_iter()
        .map(|g| (g.0, g.1, g.3))
        .collect();
    assert_eq!(
        got,
        [
            // The heading, a name and `について`, takes its section's.
            ("WatchList".into(), Some(Stage::Beta), None),
            ("WatchList".into(), Some(Stage::Beta), Some(true)),
            ("WatchListClient".into(), None, Some(false)),
        ]
    );
}

#[test]
fn another_projects_name_and_the_items_under_its_gates_are_no_kubernetes_gates() {
    let md = "## OpenShift のフィーチャーゲートの考え方\n\nアップストリームでベータかつデフォルト無効のゲートを使うには、`featureSet` を切り替えます。\n";
    assert!(gate_facts(md).is_empty(), "{:?}", gate_facts(md));
    let md = "## OpenShift のフィーチャーゲート\n\n- `TechPreviewNoUpgrade`: テクノロジープレビューの機能も有効化\n- `CustomNoUpgrade`: 任意のゲートを指定\n";
    assert!(gate_facts(md).is_empty(), "{:?}", gate_facts(md));
    // Kubernetes' own gates under such a heading are still named by the registry, and a heading
    // about Kubernetes' gates lists gates.
    let md = "## OpenShift のフィーチャーゲート\n\n- `SidecarContainers`: 有効\n";
    assert_eq!(gate_facts(md).len(), 1);
    let md = "## kubelet のフィーチャーゲート\n\n- `FooBarBaz`: 説明\n";
    assert_eq!(gate_facts(md).len(), 1);
}

#[test]
fn a_planned_step_of_a_timeline_list_breaks_no_timeline() {
    let md = "### Mutating Admission Policies（KEP-3962）\n\n- 1.31 でアルファとして追加\n- 1.32 でもまだアルファ\n- ベータは 1.34 を目指している\n\nKEP-3488 は 1.30 で GA です。\n";
    let got = keps_in_1_32(md);
    assert_eq!(got[0], (3962, Some(Stage::Alpha), Some(rel("1.32"))));
}

#[test]
fn work_toward_a_stage_and_a_stage_not_yet_decided_state_none() {
    for md in [
        "KEP-3962 は GA に向けて作業中です。",
        "KEP-3962 の GA に向けて、利用者からのフィードバックを募集しています。",
        "KEP-3962 の GA はまだ決まっていません。",
        "KEP-3962 は 1.29 でベータになりました。GA についてはまだ決まっていないようです。",
    ] {
        assert!(
            kep_stages(md).iter().all(|k| k.1 != Some(Stage::Stable)),
            "{md}: {:?}",
            kep_stages(md)
        );
    }
    // Toward a release, the words leave the stage alone.
    assert_eq!(
        kep_stages("KEP-3962 は 1.33 に向けた準備を経て GA に昇格しました。")[0].1,
        Some(Stage::Stable)
    );
    // A heading looking ahead plans what its items name.
    let md = "## 来年に向けて\n\n来年は次のあたりに注目しています。\n\n1. `WatchList` の GA\n2. KEP-3962 のベータ昇格\n";
    assert_eq!(gate_stages(md), [(None, None)]);
    assert_eq!(kep_stages(md), [(3962, None, None)]);
}

#[test]
fn a_stage_alone_titles_the_definitions_or_items_under_it() {
    let md = "ベータ\n: `PodLevelResources`、`WatchList`\n\nGA\n: `SidecarContainers`\n";
    let got: Vec<_> = gate_facts(md).into_iter().map(|g| (g.0, g.1)).collect();
    assert_eq!(
        got,
        [
            ("PodLevelResources".into(), Some(Stage::Beta)),
            ("WatchList".into(), Some(Stage::Beta)),
            ("SidecarContainers".into(), Some(Stage::Stable)),
        ]
    );
    let md = "- ベータ\n  - `PodLevelResources`、`WatchList`\n";
    assert!(gate_facts(md).iter().all(|g| g.1 == Some(Stage::Beta)));
}

#[test]
fn a_column_headed_now_with_its_release_in_brackets_holds_that_releases_stages() {
    let md = "| KEP | 機能 | 現在 (v1.34) |\n|---|---|---|\n| KEP-3157 | WatchList | ベータ |\n";
    assert_eq!(
        kep_stages_without_release(md),
        [(3157, Some(Stage::Beta), Some(rel("1.34")))]
    );
}

#[test]
fn a_name_described_as_a_topic_takes_the_story_the_next_sentence_tells() {
    let md = "`SidecarContainers` は PV の削除ポリシーを守るための機能です。1.23 でアルファ、1.31 でベータ、1.33 で GA になりました。GA 後もしばらくゲートは残りますが、中身は常に有効です。";
    let g = &gate_facts(md)[0];
    assert_eq!((g.1, g.2), (Some(Stage::Stable), Some(rel("1.33"))));
}

#[test]
fn an_item_headed_by_a_name_and_a_colon_note_takes_the_story_after_the_note() {
    let md = "- `SidecarContainers`: サイドカーコンテナのサポート。1.28 でアルファ、1.29 でベータ、1.33 で GA\n- **`JobPodReplacementPolicy`**：Pod の置き換えを選べる機能。1.28 でアルファ、1.29 でベータ。\n";
    let got: Vec<_> = gate_facts(md).iter().map(|g| (g.1, g.2)).collect();
    assert_eq!(
        got,
        [
            (Some(Stage::Stable), Some(rel("1.33"))),
            (Some(Stage::Beta), Some(rel("1.29")))
        ]
    );
}

#[test]
fn a_lead_saying_its_list_is_as_of_a_release_dates_the_items() {
    let md = "よく見るゲートを挙げておきます（ステージは 2025 年 9 月時点、1.34 のもの）。\n\n- `WatchList`: ベータ\n\n以下は v1.33 時点のステージです。\n\n- `SidecarContainers`: GA\n\nステージは 1.31 現在のもの:\n\n- `InPlacePodVerticalScaling`: アルファ\n";
    let got: Vec<_> = gate_facts(md).iter().map(|g| (g.1, g.2)).collect();
    assert_eq!(
        got,
        [
            (Some(Stage::Beta), Some(rel("1.34"))),
            (Some(Stage::Stable), Some(rel("1.33"))),
            (Some(Stage::Alpha), Some(rel("1.31")))
        ]
    );
    // A thing of 1.34 (`1.34 のもの`) without saying it is of stages dates nothing.
    let md = "1.34 のものと比べてください。\n\n- `WatchList`: ベータ\n";
    assert_eq!(gate_facts(md)[0].2, None);
}

#[test]
fn a_sentence_opening_with_its_release_removes_the_gates_it_names_as_its_subject() {
    let md = "v1.35では、次のフィーチャーゲートが削除されます。\n\n- `ComponentSLIs`（v1.32でGA）\n- `SidecarContainers`\n\n1.35 で以下のゲートが削除されます:\n\n- `WatchList`\n";
    let removed = (Some(Stage::Removed), Some(rel("1.35")));
    assert!(
        gates_in_release(md, "1.35")
            .iter()
            .all(|g| (g.1, g.2) == removed),
        "{:?}",
        gates_in_release(md, "1.35")
    );
    // An object's deletion is no gate's removal.
    let md = "v1.35では、`WatchList` を有効にすると古い Pod が削除されます。\n";
    assert_eq!(gates_in_release(md, "1.35")[0].1, None);
}

#[test]
fn a_removal_pointed_back_at_under_a_heading_of_the_gate_is_the_headings() {
    let md = "### `SidecarContainers`\n\nこのゲートは 1.35 で削除されました。1.34 まではアルファのままで、GA にはならずに消えています。\n";
    assert_eq!(
        gates_in_release(md, "1.35")[0],
        (
            "SidecarContainers".to_string(),
            Some(Stage::Removed),
            Some(rel("1.35"))
        )
    );
}

#[test]
fn the_earliest_release_a_stage_may_come_in_states_none() {
    let md =
        "## 追記\n\n- ベータ昇格は早くても 1.34 以降だった\n- 設定は `WatchList=true` のまま\n";
    assert_eq!(gate_stages(md), [(None, None)]);
    assert_eq!(
        kep_stages("KEP-3962 の GA は最短でも 1.35 です。"),
        [(3962, None, None)]
    );
    // Fast is no earliest.
    assert_eq!(
        gate_stages("起動が早くて、`WatchList` は 1.33 で GA になりました。"),
        [(Some(Stage::Stable), Some(rel("1.33")))]
    );
}

#[test]
fn a_stage_dated_after_the_move_before_it_goes_on_with_the_story() {
    let md = "KEP-2400 は 1.28 でベータになり、1.34 で GA です。";
    assert_eq!(
        kep_stages_without_release(md),
        [(2400, Some(Stage::Stable), Some(rel("1.34")))]
    );
}

#[test]
fn a_heading_naming_a_kep_and_its_gate_names_the_gate() {
    // `WatchList` came with KEP-3157 (the test registry says so).
    let md = "## KEP-3157: WatchList\n\n本文。\n";
    let doc = crate::parse::blocks::parse(md, 1);
    let r = extract(&doc, &front(None), &registry());
    assert_eq!(
        r.gates
            .iter()
            .map(|g| g.gate.0.as_str())
            .collect::<Vec<_>>(),
        ["WatchList"]
    );
}

#[test]
fn an_items_note_of_how_long_it_was_at_an_earlier_stage_is_history() {
    let md = "### 1.32 で GA\n\n- `WatchList`: 1.27 からずっとベータでした\n";
    assert_eq!(
        gates_in_release(md, "1.32"),
        [(
            "WatchList".to_string(),
            Some(Stage::Stable),
            Some(rel("1.32"))
        )]
    );
}

#[test]
fn an_aside_saying_both_is_said_of_every_name_before_it() {
    let md = "- `WatchList` / `SidecarContainers`（どちらも 1.32 で削除）\n";
    assert_eq!(
        gate_stages(md),
        [(Some(Stage::Removed), Some(rel("1.32"))); 2]
    );
    // Without it, the aside is the last name's.
    let md = "- `WatchList` / `SidecarContainers`（1.32 で削除）\n";
    assert_eq!(
        gate_stages(md),
        [(None, None), (Some(Stage::Removed), Some(rel("1.32")))]
    );
}

#[test]
fn a_pull_request_cited_in_a_sentence_telling_a_revert_brings_no_stage() {
    let md =
        "- `WatchList` の GA 昇格は一度 revert されました (#123680)。最終的に 1.32 で GA です。\n";
    let (_, r) = real(md);
    assert_eq!(r.prs[0].stage, None);
    assert_eq!(gate_stages(md), [(Some(Stage::Stable), Some(rel("1.32")))]);
}

#[test]
fn an_exception_asked_for_a_stage_said_as_the_topic_is_a_plan() {
    assert_eq!(
        kep_stages("KEP-3962 の GA は Exception 申請が出ています。"),
        [(3962, None, None)]
    );
}

#[test]
fn a_digests_label_before_a_headings_kep_title_is_no_part_of_it() {
    let md = "## 今週のKEP: Mutating Admission Policies\n\nv1.32 でアルファとして入りました。\n";
    let (_, r) = real(md);
    let got: Vec<_> = r.keps.iter().map(|m| (m.kep.0, m.stage)).collect();
    assert_eq!(got, [(3962, Some(Stage::Alpha))]);
}

#[test]
fn this_weeks_topic_presents_the_name_whose_story_follows() {
    let md = "今週は KEP-3962 です。v1.30 でアルファとして入りました。v1.32 でベータになりました。";
    assert_eq!(
        kep_stages(md),
        [(3962, Some(Stage::Beta), Some(rel("1.32")))]
    );
}

#[test]
fn a_gate_locked_now_or_named_in_a_code_span_is_locked_on() {
    for md in [
        "`WatchList` ゲートはこれでロックされました。",
        "`WatchList` は true にロックされた。",
    ] {
        assert_eq!(gate_stages(md)[0].0, Some(Stage::Stable), "{md}");
    }
    assert_eq!(
        gate_stages("`WatchList` を有効にすると Secret の内容がロックされます。")[0].0,
        None
    );
}

#[test]
fn an_entry_ending_in_what_it_is_calls_its_reference_an_issue() {
    let (_, r) = run("- kubernetes/kubectl#1760: KYAML 出力オプションに関する issue\n");
    assert_eq!(r.prs[0].pr.kind, crate::model::ids::ItemKind::Issue);
    let (_, r) = run("- kubernetes/kubectl#1761: PR と issue\n");
    assert_eq!(r.prs[0].pr.kind, crate::model::ids::ItemKind::Pull);
}

#[test]
fn an_enhancements_reference_said_to_change_a_kep_is_a_pull_request() {
    let (_, r) = real("- kubernetes/enhancements#4735 は KEP-3962 の本文の更新\n");
    assert_eq!(r.keps.iter().map(|m| m.kep.0).collect::<Vec<_>>(), [3962]);
    assert_eq!(r.prs[0].pr.repo, "kubernetes/enhancements");
}

#[test]
fn an_item_or_cell_that_is_a_kep_title_whole_names_the_kep_where_the_registry_agrees() {
    // (The articles of these tests are about 1.32, where the registry has KEP-3962 come in as
    // alpha.)
    let md = "## Highlights of new alpha features\n\n- Mutating Admission Policies\n\n## その他\n\n- Mutating Admission Policies\n\n| 機能 | ステージ |\n|---|---|\n| Mutating Admission Policies | Alpha |\n| MutatingAdmissionPolicies | Alpha |\n";
    let (doc, r) = real(md);
    let got: Vec<_> = r
        .keps
        .iter()
        .map(|m| (m.kep.0, doc.blocks[m.block].cell.is_some(), m.stage))
        .collect();
    assert_eq!(
        got,
        [
            (3962, false, Some(Stage::Alpha)),
            (3962, true, Some(Stage::Alpha))
        ]
    );
}

#[test]
fn a_hope_said_strongly_states_no_stage() {
    for md in [
        "`WatchList` の GA はかなり楽しみ。",
        "`WatchList` の GA がとても楽しみです。",
    ] {
        assert_eq!(gate_stages(md), [(None, None)], "{md}");
    }
}

#[test]
fn a_removal_of_things_joined_after_the_name_is_the_names() {
    for md in [
        "- `WatchList` ゲートと、古いキャッシュの実装を削除。\n",
        "- `WatchList` と古いキャッシュを削除。\n",
    ] {
        assert_eq!(gate_stages(md)[0].0, Some(Stage::Removed), "{md}");
    }
    // What works with it is another thing.
    assert_eq!(
        gate_stages("- `WatchList` と連携するコントローラーを削除。\n")[0].0,
        None
    );
}

#[test]
fn a_headings_removal_its_section_tells_only_as_a_plan_states_none() {
    let md = "### Removal of the `WatchList` feature gate\n\n`WatchList` ゲートは非推奨になっており、v1.35 で削除される予定。\n";
    let got: Vec<_> = gates_in_release(md, "1.35").iter().map(|g| g.1).collect();
    assert_eq!(got, [None, Some(Stage::Deprecated)]);
    let md = "### Removal of the `WatchList` feature gate\n\n`WatchList` ゲートは v1.35 で削除されました。\n";
    let got: Vec<_> = gates_in_release(md, "1.35").iter().map(|g| g.1).collect();
    assert_eq!(got, [Some(Stage::Removed), Some(Stage::Removed)]);
}

#[test]
fn a_core_kind_in_the_sentence_a_story_points_back_at_is_no_other_name() {
    let md = "Kubernetes v1.32で、PersistentVolumeのリークを防止する機能がGAとなりました。この機能は`WatchList`フィーチャーゲートで制御されており、v1.23でアルファとして導入され、v1.31でベータに昇格していました。";
    assert_eq!(gate_stages(md), [(Some(Stage::Stable), Some(rel("1.32")))]);
}

#[test]
fn the_parts_of_a_fields_path_name_no_gate_in_a_sentence_about_the_field() {
    let md = "v1.31 で非推奨となった Node の `Status.NodeInfo.KubeProxyVersion` フィールドは、v1.32 で削除された。関連するゲートは `WatchList`。";
    assert_eq!(gate_stages(md), [(None, None)]);
}

#[test]
fn an_english_plan_after_and_leaves_the_stage_of_the_clause_before() {
    assert_eq!(
        gate_stages(
            "The `WatchList` feature gate has been beta since v1.30 and is planned to reach GA in this release."
        ),
        [(Some(Stage::Beta), Some(rel("1.30")))]
    );
    // Two names joined by `and` share the plan.
    assert!(
        gate_stages("`WatchList` and `PodLevelResources` are planned to reach GA in v1.33.")
            .iter()
            .all(|g| g.0.is_none())
    );
}

#[test]
fn the_short_gate_word_before_a_name_in_a_code_span_names_the_gate() {
    let md = "📝 ゲートの `MutatingAdmissionPolicy` は 1.30 から存在していた。";
    assert_eq!(real_gates(md), ["MutatingAdmissionPolicy"]);
    assert!(real_gates("ゲートの挙動が変わりました。").is_empty());
}
#[test]
fn a_last_step_said_with_to_narimashita_ends_the_story() {
    assert_eq!(
        gate_stages("`WatchList`はv1.27でベータに昇格し、今回GAとなりました。"),
        [(Some(Stage::Stable), None)]
    );
}

#[test]
fn a_gate_opening_a_subject_headings_section_as_its_means_takes_its_stage() {
    for md in [
        "### 安定版: 一覧のストリーミング\n\n`WatchList`により、一覧をストリームで受け取れます。\n",
        "## GAに昇格した機能\n\n### 一覧のストリーミング\n\n`WatchList`を利用すると、一覧をストリームで受け取れます。\n",
    ] {
        assert_eq!(gate_stages(md), [(Some(Stage::Stable), None)], "{md}");
    }
    // Later in the section it is said in passing.
    let md = "### 安定版: 一覧のストリーミング\n\n一覧をストリームで受け取れます。\n\n`WatchList`を利用すると便利です。\n";
    assert_eq!(gate_stages(md), [(None, None)]);
}

#[test]
fn a_removal_said_before_the_gates_it_makes_is_the_releases() {
    let md = "## v1.32で削除されるフィーチャーゲート\n\n- `WatchList`\n";
    assert_eq!(gates_in_release(md, "1.32")[0].1, Some(Stage::Removed));
    // In an article of an earlier release it is a plan, and so is a sentence opening with a
    // later release.
    assert_eq!(gates_in_release(md, "1.31")[0].1, None);
    let md = "v1.35では、次のフィーチャーゲートが削除されます。\n\n- `WatchList`\n";
    assert_eq!(gates_in_release(md, "1.32")[0].1, None);
}

#[test]
fn a_removal_label_before_a_name_titles_its_removal() {
    let md = "### 削除: `WatchList`\n\n本文です。\n";
    assert_eq!(gates_in_release(md, "1.32")[0].1, Some(Stage::Removed));
    // A label of no name is no removal of one.
    let md = "### 削除: 古いキャッシュ\n\n`WatchList` を使います。\n";
    assert!(gates_in_release(md, "1.32").iter().all(|g| g.1.is_none()));
}

#[test]
fn where_a_name_stands_now_under_a_planning_heading_is_a_fact() {
    let md = "## 今後の予定・予想\n\n- `WatchList` は今回もアルファのまま\n- `PodLevelResources` はベータになりそう\n";
    assert_eq!(gate_stages(md), [(Some(Stage::Alpha), None), (None, None)]);
}

#[test]
fn a_heading_that_is_a_gates_name_as_code_spells_it_is_no_kep_title() {
    let in_place = GateEntry {
        kep: Some(KepNumber(1287)),
        ..gate(
            "InPlacePodVerticalScaling",
            &[(Stage::Beta, "1.32", Some(true))],
        )
    };
    let keps = vec![KepEntry {
        number: KepNumber(1287),
        title: "In-place Update of Pod Resources".into(),
        sig: SigName::parse("node"),
        milestones: [(Stage::Beta, rel("1.32"))].into(),
        line: 1,
    }];
    let registry = Registry::from_entries(keps, vec![in_place]);
    let keps_of = |md: &str| -> Vec<u32> {
        let doc = crate::parse::blocks::parse(md, 1);
        let r = extract(&doc, &front(None), &registry);
        r.keps.iter().map(|m| m.kep.0).collect()
    };
    assert!(keps_of("### InPlacePodVerticalScaling\n\nv1.32 でベータになりました。\n").is_empty());
    // Written as words, it is the feature: the KEP.
    assert_eq!(
        keps_of("### In-Place Pod Vertical Scaling\n\nv1.32 でベータになりました。\n"),
        [1287]
    );
}

#[test]
fn a_last_clause_opening_with_its_release_removes_the_gate_it_names() {
    let md = "`WatchList`はv1.27でGAに昇格しており、v1.32でフィーチャーゲートが削除されます。";
    assert_eq!(gates_in_release(md, "1.32")[0].1, Some(Stage::Removed));
    // In an earlier release's article the removal is a plan, and the GA stands.
    assert_eq!(gates_in_release(md, "1.31")[0].1, Some(Stage::Stable));
}
