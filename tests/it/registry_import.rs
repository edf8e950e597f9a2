//! `shiori registry import` over small checkouts in the real formats of kubernetes/enhancements
//! (`keps/**/kep.yaml`) and kubernetes/website (gate pages with YAML front matter), including
//! the untidy parts of real trees: a template, a production-readiness file that is not a KEP,
//! a malformed kep.yaml, milestones written `v1.27`, `1.32`, `""` and null, a gate name `None`,
//! patch versions, and an index page that is not a gate.
use std::path::{Path, PathBuf};

use shiori::model::ids::{KepNumber, Release, Stage};
use shiori::registry::{Registry, import};

fn fixture() -> (PathBuf, PathBuf) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/registry-import");
    (root.join("enhancements"), root.join("website"))
}

fn r(s: &str) -> Release {
    s.parse().unwrap()
}

#[test]
fn import_builds_both_files_from_the_checkouts() {
    let (enhancements, website) = fixture();
    let out = import(&enhancements, &website).unwrap();
    assert_eq!((out.kep_count, out.gate_count), (4, 6));

    // The malformed kep.yaml is the only warning, with its file and line.
    assert_eq!(out.warnings.len(), 1, "{:?}", out.warnings);
    let w = &out.warnings[0];
    assert!(
        w.path.ends_with("4603-tune-crashloopbackoff/kep.yaml"),
        "{w}"
    );
    assert!(w.line.is_some(), "{w}");

    let (reg, diags) = Registry::parse(
        Path::new("glossary/keps.toml"),
        &out.keps,
        Path::new("glossary/feature-gates.toml"),
        &out.gates,
    );
    assert!(diags.is_empty(), "{diags:?}");

    let mut numbers: Vec<u32> = reg.keps().map(|k| k.number.0).collect();
    numbers.sort();
    assert_eq!(numbers, [753, 3157, 3314, 3962]);
    let k3962 = reg.kep(KepNumber(3962)).unwrap();
    assert_eq!(k3962.title, "Mutating Admission Policies");
    assert_eq!(k3962.sig.as_ref().unwrap().as_str(), "api-machinery");
    assert_eq!(k3962.milestone(Stage::Alpha), Some(r("1.32")));
    assert_eq!(
        reg.kep(KepNumber(3157)).unwrap().milestone(Stage::Beta),
        Some(r("1.32"))
    );
    assert!(
        reg.kep(KepNumber(3314))
            .unwrap()
            .milestone(Stage::Stable)
            .is_none()
    );

    // Gates take their KEP from kep.yaml `feature-gates`.
    assert_eq!(reg.gate("WatchList").unwrap().kep, Some(KepNumber(3157)));
    assert_eq!(
        reg.gate("WatchListClient").unwrap().kep,
        Some(KepNumber(3157))
    );
    assert_eq!(
        reg.gate("SidecarContainers").unwrap().kep,
        Some(KepNumber(753))
    );
    assert_eq!(reg.gate("HPAContainerMetrics").unwrap().kep, None);
    assert_eq!(
        reg.gate("HPAContainerMetrics").unwrap().removed,
        Some(r("1.32"))
    );
    let w = reg.gate("WatchList").unwrap();
    assert_eq!(w.stages.len(), 4);
    assert_eq!(w.stage_at(r("1.33")).unwrap().default_on, Some(false));
    let d = reg.gate("DisableNodeKubeProxyVersion").unwrap();
    assert_eq!(d.stage_at(r("1.31")).unwrap().stage, Stage::Beta);
    assert_eq!(d.stage_at(r("1.32")).unwrap().stage, Stage::Deprecated);
    assert!(
        reg.gates_of_kep(KepNumber(3962))
            .iter()
            .any(|g| g.0 == "MutatingAdmissionPolicy")
    );
}

#[test]
fn import_is_deterministic_and_reviewable() {
    let (enhancements, website) = fixture();
    let a = import(&enhancements, &website).unwrap();
    let b = import(&enhancements, &website).unwrap();
    assert_eq!((&a.keps, &a.gates), (&b.keps, &b.gates));
    insta::assert_snapshot!("imported_keps", a.keps);
    insta::assert_snapshot!("imported_gates", a.gates);
}

#[test]
fn import_refuses_a_folder_that_is_not_a_checkout() {
    let (enhancements, website) = fixture();
    let e = import(&website, &website).unwrap_err();
    assert!(e.message.contains("kubernetes/enhancements"), "{e}");
    let e = import(&enhancements, &enhancements).unwrap_err();
    assert!(e.message.contains("kubernetes/website"), "{e}");
}
