//! The seed articles in `content/`, parsed as the pipeline parses them, against the references
//! a careful reader finds in them (lists written from reading the articles, not from the
//! extractor's output): 32 KEP mentions of 31 KEPs (3962 in two articles), every parenthesized
//! pull request, and every feature gate each article names.
use std::collections::BTreeMap;
use std::path::Path;

use shiori::check::references::{check_stage_disagreements, check_unknown_refs};
use shiori::extract::{KepForm, Mentions, extract};
use shiori::model::ids::Stage;
use shiori::parse::blocks::Doc;
use shiori::parse::frontmatter::FrontMatter;
use shiori::registry::Registry;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn registry() -> Registry {
    let k = std::fs::read_to_string(root().join("glossary/keps.toml")).unwrap();
    let g = std::fs::read_to_string(root().join("glossary/feature-gates.toml")).unwrap();
    let (reg, d) = Registry::parse(
        Path::new("glossary/keps.toml"),
        &k,
        Path::new("glossary/feature-gates.toml"),
        &g,
    );
    assert!(d.is_empty(), "{d:?}");
    reg
}

fn article(name: &str) -> (Doc, FrontMatter, Mentions) {
    let text = std::fs::read_to_string(root().join("content").join(name)).unwrap();
    let mut warnings = Vec::new();
    let split = shiori::parse::frontmatter::split(Path::new(name), &text, &mut warnings).unwrap();
    let body = shiori::parse::shortcodes::degrade(
        split.body,
        &shiori::parse::shortcodes::Page::of(
            &split.front,
            &Default::default(),
            shiori::registry::Registry::builtin(),
        ),
    );
    let doc = shiori::parse::blocks::parse(&body, split.body_line);
    let refs = extract(&doc, &split.front, &registry());
    (doc, split.front, refs)
}

const V129: &str = "k8s-1-29-sig-node.md";
const V131: &str = "k8s-1-31-whats-new.md";
const V132: &str = "k8s-1-32-sig-api-machinery.md";

#[test]
fn kep_sets_per_article() {
    let expected: [(&str, &[u32]); 3] = [
        (V129, &[753, 3902, 4191, 4216]),
        (
            V131,
            &[
                24, 1880, 2305, 2395, 2400, 2644, 3017, 3104, 3314, 3335, 3488, 3633, 3715, 3751,
                3762, 3836, 3962, 3998, 4006, 4193, 4292, 4444, 4569, 4706,
            ],
        ),
        (V132, &[2837, 3157, 3962, 4603]),
    ];
    let mut total = 0;
    let mut distinct = std::collections::BTreeSet::new();
    for (name, keps) in expected {
        let (_, _, refs) = article(name);
        let got: Vec<u32> = refs.kep_numbers().iter().map(|k| k.0).collect();
        assert_eq!(got, keps, "{name}");
        total += got.len();
        distinct.extend(got);
    }
    assert_eq!((total, distinct.len()), (32, 31));
}

#[test]
fn heading_keps_of_the_1_31_article_take_their_stage_and_feature_group() {
    use Stage::*;
    let (_, _, refs) = article(V131);
    let got: BTreeMap<u32, (Option<Stage>, Option<String>)> = refs
        .keps
        .iter()
        .filter(|m| m.form == KepForm::Heading)
        .map(|m| {
            (
                m.kep.0,
                (m.stage, m.sig.as_ref().map(|s| s.as_str().to_string())),
            )
        })
        .collect();
    let s = |x: &str| Some(x.to_string());
    let expected: BTreeMap<u32, (Option<Stage>, Option<String>)> = [
        // The editor's picks have no Stage or Feature group lines.
        (2395, (None, None)),
        (2644, (None, None)),
        (4292, (None, None)),
        (3017, (Some(Stable), s("apps"))),
        (3335, (Some(Stable), s("apps"))),
        (3998, (Some(Beta), s("apps"))),
        (4006, (Some(Beta), s("cli"))),
        (4706, (Some(Alpha), s("cli"))),
        (3104, (Some(Alpha), s("cli"))),
        (2305, (Some(Stable), s("instrumentation"))),
        (3836, (Some(Stable), s("network"))),
        (4444, (Some(Beta), s("network"))),
        (1880, (Some(Beta), s("network"))),
        (2400, (Some(Stable), s("node"))),
        (4569, (Some(Stable), s("node"))),
        (24, (Some(Stable), s("node"))),
        (3633, (Some(Beta), s("scheduling"))),
        (3762, (Some(Stable), s("storage"))),
        (3751, (Some(Beta), s("storage"))),
        (3314, (Some(Alpha), s("storage"))),
        (4193, (Some(Beta), s("auth"))),
        (3962, (Some(Alpha), s("api-machinery"))),
        (3715, (Some(Stable), s("apps"))),
    ]
    .into();
    assert_eq!(got, expected);
    let titles: BTreeMap<u32, &str> = refs
        .keps
        .iter()
        .filter_map(|m| Some((m.kep.0, m.title.as_deref()?)))
        .collect();
    assert_eq!(titles[&3962], "ミューテーティングアドミッションポリシー");
    assert_eq!(titles[&3715], "Elastic Indexed ジョブ");
}

#[test]
fn every_parenthesized_pull_request() {
    let expected: [(&str, &[u32]); 3] = [
        (
            V129,
            &[
                100448, 112599, 115702, 116897, 117615, 118568, 118619, 118653, 118704, 118705,
                118760, 118846, 119026, 119208, 119447, 119522, 119659, 119665, 119969, 119986,
                120248, 120249, 120255, 120269, 120281, 120312, 120336, 120338, 120461, 120518,
                120574, 120616, 120620, 120678, 120680, 120715, 120784, 120868, 120871, 120914,
                120942, 120954, 121028, 121041, 121059, 121065, 121077, 121121, 121193, 121240,
                121246, 121252, 121254, 121257, 121275, 121291, 121579, 121739,
            ],
        ),
        (V131, &[]),
        (
            V132,
            &[
                115834, 122890, 123549, 125577, 125634, 125796, 126038, 126096, 126359, 126503,
                126512, 126545, 126645, 126665, 126698, 126727, 126733, 126749, 126754, 126809,
                126840, 126841, 126862, 126894, 126930, 126957, 126977, 126996, 126999, 127001,
                127010, 127012, 127017, 127058, 127093, 127134, 127266, 127277, 127279, 127302,
                127341, 127360, 127388, 127402, 127511, 127524, 127551, 127581, 127587, 127663,
                127673, 127857, 127981, 128003, 128009, 128011, 128013, 128035, 128038, 128053,
                128073, 128099, 128101, 128119, 128168, 128169, 128172, 128179, 128182, 128190,
                128240, 128247, 128259, 128266, 128318, 128374, 128377, 128407, 128415, 128444,
                128501, 128503, 128539, 128601, 128681, 129083,
            ],
        ),
    ];
    for (name, prs) in expected {
        let (_, _, refs) = article(name);
        assert_eq!(refs.pr_numbers(), prs, "{name}");
    }
    let (_, _, refs) = article(V129);
    let sleep = refs.prs.iter().find(|m| m.pr.number == 119026).unwrap();
    assert_eq!(sleep.author.as_ref().unwrap().0, "AxeZhan");
}

#[test]
fn feature_gates_each_article_names() {
    let expected: [(&str, &[&str]); 3] = [
        (
            V129,
            &[
                "CSIMigrationvSphere",
                "ComponentSLIs",
                "DevicePluginCDIDevices",
                "DisableNodeKubeProxyVersion",
                "DownwardAPIHugePages",
                "EventedPLEG",
                "GRPCContainerProbe",
                "ProbeTerminationGracePeriod",
                "ReadWriteOncePod",
                "SeccompDefault",
                "SidecarContainers",
                "TopologyManager",
                "UserNamespacesPodSecurityStandards",
            ],
        ),
        (V131, &["HonorPVReclaimPolicy"]),
        (
            V132,
            &[
                "AllowOverwriteTerminationGracePeriodSeconds",
                "AllowUnsafeMalformedObjectDeletion",
                "AuthorizeNodeWithSelectors",
                "AuthorizeWithSelectors",
                "BtreeWatchCache",
                "CBORServingAndStorage",
                "ClientsAllowCBOR",
                "ClientsPreferCBOR",
                "CloudDualStackNodeIPs",
                "ConsistentListFromCache",
                "CoordinatedLeaderElection",
                "CustomResourceFieldSelectors",
                "DRAAdminAccess",
                "DRAControlPlaneController",
                "ExternalServiceAccountTokenSigner",
                "HPAContainerMetrics",
                "ImageVolume",
                "InPlacePodVerticalScaling",
                "InPlacePodVerticalScalingAllocatedStatus",
                "KMSv2",
                "KMSv2KDF",
                "KubeletCrashLoopBackoffMax",
                "MutatingAdmissionPolicy",
                "PodLevelResources",
                "RetryGenerateName",
                "SELinuxChangePolicy",
                "SELinuxMount",
                "ServerSideApply",
                "ServerSideFieldValidation",
                "ServiceAccountTokenNodeBindingValidation",
                "StableLoadBalancerNodeSet",
                "StatefulSetAutoDeletePVC",
                "StrictCostEnforcementForVAP",
                "StrictCostEnforcementForWebhooks",
                "StructuredAuthorizationConfiguration",
                "ValidatingAdmissionPolicy",
                "WatchList",
                "WatchListClient",
                "ZeroLimitedNominalConcurrencyShares",
            ],
        ),
    ];
    for (name, gates) in expected {
        let (_, _, refs) = article(name);
        assert_eq!(refs.gate_names(), gates, "{name}");
    }
}

#[test]
fn stages_the_1_32_article_states_for_its_gates() {
    use Stage::*;
    let (_, _, refs) = article(V132);
    // The first stage the article states for each gate.
    let mut stated: BTreeMap<&str, Stage> = BTreeMap::new();
    for m in &refs.gates {
        if let Some(s) = m.stage {
            stated.entry(m.gate.0.as_str()).or_insert(s);
        }
    }
    for (gate, stage) in [
        ("InPlacePodVerticalScaling", Alpha),
        ("WatchList", Beta),
        ("PodLevelResources", Alpha),
        ("MutatingAdmissionPolicy", Alpha),
        ("CustomResourceFieldSelectors", Stable),
        ("StatefulSetAutoDeletePVC", Stable),
        ("HPAContainerMetrics", Removed),
        ("DRAControlPlaneController", Removed),
        ("KMSv2KDF", Removed),
        ("BtreeWatchCache", Beta),
        ("RetryGenerateName", Stable),
    ] {
        assert_eq!(stated.get(gate), Some(&stage), "{gate}");
    }
    let btree = refs
        .gates
        .iter()
        .find(|m| m.gate.0 == "BtreeWatchCache" && m.default_on.is_some())
        .unwrap();
    assert_eq!(btree.default_on, Some(true));
}

#[test]
fn check_reports_exactly_the_real_disagreements() {
    let reg = registry();
    let mut got = Vec::new();
    for name in [V129, V131, V132] {
        let (doc, front, refs) = article(name);
        assert!(
            check_unknown_refs(Path::new(name), &doc, &front, &refs, &reg).is_empty(),
            "{name}"
        );
        for d in check_stage_disagreements(Path::new(name), &doc, &front, &refs, &reg) {
            let entity = d.message.split('`').nth(1).unwrap().to_string();
            got.push((name, entity));
        }
    }
    assert_eq!(
        got,
        [
            // CHANGELOG 1.29 promoted it; the website documents it as GA only from 1.32.
            (V129, "ComponentSLIs".to_string()),
            // The 1.31 preview listed enhancements that later slipped to 1.32–1.34.
            (V131, "KEP-3104".to_string()),
            (V131, "KEP-2400".to_string()),
            (V131, "KEP-3314".to_string()),
            (V131, "KEP-3962".to_string()),
            // The 1.32 digest has `PodLevelResources` alpha in 1.32 (the gate's first release);
            // the KEP's kep.yaml dates its alpha milestone v1.33.
            (V132, "KEP-2837".to_string()),
        ]
    );
}

#[test]
fn every_mention_range_lies_inside_one_plain_range() {
    for name in [V129, V131, V132] {
        let (doc, _, refs) = article(name);
        let mut spans: Vec<(usize, std::ops::Range<usize>)> = Vec::new();
        spans.extend(refs.keps.iter().map(|m| (m.block, m.range.clone())));
        spans.extend(refs.prs.iter().map(|m| (m.block, m.range.clone())));
        spans.extend(refs.gates.iter().map(|m| (m.block, m.range.clone())));
        spans.extend(refs.sigs.iter().map(|m| (m.block, m.range.clone())));
        spans.extend(refs.handles.iter().map(|m| (m.block, m.range.clone())));
        for (b, r) in spans {
            let block = &doc.blocks[b];
            assert!(
                block
                    .plain
                    .iter()
                    .any(|p| p.start <= r.start && r.end <= p.end),
                "{name}: {r:?} of {:?}",
                block.text
            );
        }
    }
}

#[test]
fn the_link_stage_joins_kep_3962_across_two_releases() {
    use shiori::graph::{ArticleMeta, link};
    let reg = registry();
    let parsed: Vec<(Doc, FrontMatter, Mentions)> =
        [V129, V131, V132].iter().map(|n| article(n)).collect();
    let inputs: Vec<(ArticleMeta, &Doc, &Mentions)> = parsed
        .iter()
        .zip([V129, V131, V132])
        .map(|((doc, front, refs), name)| {
            let meta = ArticleMeta {
                slug: front.slug.clone(),
                title: front.title.as_str().into(),
                release: front.release,
                path: Path::new("content").join(name),
            };
            (meta, doc, refs)
        })
        .collect();
    let g = link(&inputs, &reg);
    let k = &g.keps[&shiori::model::ids::KepNumber(3962)];
    let by_release: Vec<(String, Option<Stage>)> = k
        .mentions
        .iter()
        .map(|m| (m.release.unwrap().to_string(), m.stage))
        .collect();
    assert_eq!(
        by_release,
        [
            ("1.31".to_string(), Some(Stage::Alpha)),
            ("1.32".to_string(), Some(Stage::Alpha))
        ]
    );
    assert_eq!(k.disagreements.len(), 1);
    assert!(
        k.mentions[1]
            .url
            .starts_with("articles/k8s-1-32-sig-api-machinery/#")
    );
    // The 31 mentioned KEPs, plus the KEPs of mentioned gates that the registry knows.
    assert!(g.keps.len() >= 31);
    assert_eq!(
        g.keps.values().filter(|k| !k.mentions.is_empty()).count(),
        31
    );
}
