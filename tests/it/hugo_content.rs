//! A site of the forms the review of real Japanese Kubernetes pages found misread: Hugo
//! shortcodes (callouts, tabs with `codelang`, `heading`, `param`/`skew`, `code_sample`, an
//! escaped quote in a parameter, a shortcode quoted in a code span, `_build: render: never`),
//! references written as URLs in every form an author may use, and numbers that count KEPs.
//! Asserted on the built article page and on the JSON API.
use std::collections::BTreeSet;

use serde_json::Value;

use crate::support::{Fixture, page};

const RELEASE: &str = "title = \"Kubernetes v1.34の変更\"\nslug = \"k8s-1-34\"\nrelease = \"1.34\"";

const BODY: &str = r#"## {{% heading "whatsnext" %}}

{{< note >}}
`SidecarContainers`フィーチャーゲートの注記です。
{{< /note >}}

{{< caution >}}
控えめな注意です。
{{< /caution >}}

{{< warning >}}
強い警告です。
{{< /warning >}}

{{< tabs name="t" >}}
{{< tab name="マニフェスト" codelang="yaml" >}}
apiVersion: v1
kind: Pod
---
spec: {}
{{< /tab >}}
{{% tab name="説明" %}}
**太字**の説明です。
{{% /tab %}}
{{< /tabs >}}

詳しくは[APIリファレンス](https://kubernetes.io/docs/reference/generated/kubernetes-api/{{< param "version" >}}/#pod-v1-core)を参照し、kubectl {{< skew currentVersion >}} を使います。

{{% code_sample file="pods/pod.yaml" %}}

{{< figure src="a.png" alt="\"引用\"の図" >}}

ショートコードは `{{< note >}}` と書きます。

リンクの形: [a](https://kep.k8s.io/3157/) [b](https://github.com/kubernetes/enhancements/issues/4222/) [c](https://github.com/kubernetes/enhancements/blob/master/keps/sig-node/753-sidecar-containers/kep.yaml)。

プロースでは kep.k8s.io/2400 と pr.k8s.io/456 と issue.k8s.io/789 と www.github.com/kubernetes/enhancements/issues/4381 と書きます。

このリリースには3つのKEPと、KEP 3つ、KEP2つ。v1.31のKEP 12件、KEP 5本が含まれます。
"#;

#[test]
fn hugo_shortcodes_url_forms_and_counted_keps_read_as_written() {
    let f = Fixture::with_article("a", RELEASE, BODY);
    f.article(
        "docs",
        "title = \"ドキュメント\"\nslug = \"docs\"",
        "kubectl {{< skew currentVersion >}} と [API](/docs/{{< param \"version\" >}}/)\n",
    );
    f.write(
        "content/hidden.md",
        "---\ntitle: 含めるだけ\nslug: hidden\n_build:\n  render: never\n---\n本文 KEP-9999\n",
    );
    let out = f.build();
    let html = page(&out, "articles/k8s-1-34/index.html");

    // The heading Hugo's ja i18n prints, never an empty one.
    assert!(html.contains(">次の項目</h2>"), "{html}");
    assert!(!html.contains("<h2 id=\"section\"></h2>"), "{html}");
    // Callouts are the alert boxes; kubernetes.io's caution is the milder one.
    assert!(
        html.contains("<blockquote class=\"markdown-alert-note\">"),
        "{html}"
    );
    assert!(
        html.contains(
            "<blockquote class=\"markdown-alert-warning\">\n<p id=\"p-2\">控えめな注意です。"
        ),
        "{html}"
    );
    assert!(
        html.contains(
            "<blockquote class=\"markdown-alert-caution\">\n<p id=\"p-3\">強い警告です。"
        ),
        "{html}"
    );
    // A tab with codelang is a code block in that language under its name; YAML's `---` is no rule.
    assert!(
        html.contains("<pre class=\"code\" data-lang=\"yaml\" data-title=\"マニフェスト\">"),
        "{html}"
    );
    assert!(!html.contains("<hr"), "{html}");
    assert!(html.contains("<strong>説明</strong>"), "{html}");
    // The release the article is about fills the URL and the text.
    assert!(
        html.contains("href=\"https://kubernetes.io/docs/reference/generated/kubernetes-api/v1.34/#pod-v1-core\""),
        "{html}"
    );
    assert!(html.contains(" 1.34 を使います"), "{html}");
    assert!(
        html.contains(
            "<a href=\"https://k8s.io/examples/pods/pod.yaml\"><code>pods/pod.yaml</code></a>"
        ),
        "{html}"
    );
    assert!(html.contains("alt=\"&quot;引用&quot;の図\""), "{html}");
    assert!(
        html.contains("<code>{{&lt; note &gt;}}</code> と書きます"),
        "{html}"
    );
    assert!(!html.contains("``"), "{html}");
    // A PR or issue written out in prose is a link to it.
    assert!(
        html.contains("<a class=\"ref ref-pr\" href=\"https://github.com/kubernetes/kubernetes/pull/456\">pr.k8s.io/456</a>"),
        "{html}"
    );
    assert!(
        html.contains("href=\"https://github.com/kubernetes/kubernetes/issues/789\""),
        "{html}"
    );

    // Without a release the version stays visible; the URL has no hole.
    let docs = page(&out, "articles/docs/index.html");
    assert!(docs.contains(" X.Y と "), "{docs}");
    assert!(docs.contains("href=\"../../docs/vX.Y/\""), "{docs}");
    // Hugo builds no page for `_build: render: never`, and neither does shiori.
    assert!(!out.files.contains_key("articles/hidden/index.html"));

    let json = |p: &str| -> Value { serde_json::from_slice(&out.files[p]).unwrap() };
    let keps: BTreeSet<u64> = json("api/keps.json")["keps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|k| {
            k["mentions"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["article"] == "k8s-1-34")
        })
        .map(|k| k["number"].as_u64().unwrap())
        .collect();
    // Every URL form names its KEP; the counted ones (3つ, 2つ, 12件, 5本) name none.
    assert_eq!(keps, BTreeSet::from([753, 2400, 3157, 4222, 4381]));
    assert!(
        !json("api/keps.json")["keps"]
            .as_array()
            .unwrap()
            .iter()
            .any(|k| k["number"] == 9999),
        "an unrendered page mentions nothing"
    );
    let items: BTreeSet<(String, u64)> = json("api/pull-requests.json")["pull_requests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["kind"].as_str().unwrap_or("pull").to_string(),
                p["number"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        items,
        BTreeSet::from([("pull".into(), 456), ("issue".into(), 789)])
    );
    // The gate in the callout is a mention like any other.
    let gates = json("api/feature-gates.json");
    assert!(
        gates["feature_gates"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["name"] == "SidecarContainers"),
        "{gates}"
    );
}
