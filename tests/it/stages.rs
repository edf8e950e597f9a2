//! The stages the repository's real articles state, read off the built site's JSON API (what the
//! KEP, gate and release pages are made from) and `check`'s findings. Each expectation comes
//! from reading the article's sentence; the comments quote it.
use serde_json::Value;

use crate::support::Fixture;

/// `(stage, release)` of every mention article `slug` makes of the entry of `file`'s `list`
/// whose `key` is `id`.
fn stages(
    out: &shiori::pipeline::Output,
    file: &str,
    list: &str,
    (key, id): (&str, Value),
    slug: &str,
) -> Vec<(Value, Value)> {
    let doc: Value = serde_json::from_slice(&out.files[file]).unwrap();
    let entry = doc[list]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e[key] == id)
        .unwrap_or_else(|| panic!("{id} is not in {file}"));
    entry["mentions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["article"] == slug)
        .map(|m| (m["stage"].clone(), m["release"].clone()))
        .collect()
}

fn kep(out: &shiori::pipeline::Output, number: u32, slug: &str) -> Vec<(Value, Value)> {
    stages(
        out,
        "api/keps.json",
        "keps",
        ("number", number.into()),
        slug,
    )
}

fn gate(out: &shiori::pipeline::Output, name: &str, slug: &str) -> Vec<(Value, Value)> {
    stages(
        out,
        "api/feature-gates.json",
        "feature_gates",
        ("name", name.into()),
        slug,
    )
}

#[test]
fn real_articles_state_the_stages_their_sentences_state() {
    let out = Fixture::with_all_repo_content().build();
    let s = |v: &str| Value::from(v);

    // 1.32: `サイドカーコンテナ機能は、v1.33でStableへの昇格を目指しています。` is a plan.
    let m = kep(&out, 753, "kubernetes-v1-32-release");
    assert!(!m.is_empty());
    assert!(
        !m.contains(&(s("stable"), s("1.32"))),
        "KEP-753 is not GA in 1.32: {m:?}"
    );

    // 1.34: `[KEP-3015](…)では\`PreferClose\`を非推奨とし` deprecates PreferClose, not the KEP.
    let m = kep(&out, 3015, "kubernetes-v1-34-release");
    assert!(!m.is_empty());
    assert!(m.iter().all(|(stage, _)| stage != "deprecated"), "{m:?}");

    // v1.30 blog: `| SELinuxMountReadWriteOncePod |  Beta | No |` in the `v1.30でのステージ`
    // column, under `## New alpha features`; the section's other mentions follow the row.
    let m = gate(
        &out,
        "SELinuxMountReadWriteOncePod",
        "release-memo-v1-30-blog",
    );
    assert!(m.contains(&(s("beta"), s("1.30"))), "{m:?}");
    assert!(m.iter().all(|(stage, _)| stage != "alpha"), "{m:?}");

    // mid-cycle 1.30: `### コンテナリソースをもとにしたPodの自動スケーリング ([KEP-1610](…))`
    // over `…v1.30で安定版に移行します。`
    assert_eq!(
        kep(&out, 1610, "kubernetes-1-30-upcoming-changes"),
        [(s("stable"), s("1.30"))]
    );

    // 1.36: `### \`gitRepo\`ボリュームドライバーの削除`, whose one KEP is KEP-5040.
    assert_eq!(
        kep(&out, 5040, "kubernetes-v1-36-release"),
        [(s("removed"), s("1.36"))]
    );

    // mid-cycle 1.30: `以前のKubernetesバージョンでは、\`NodeSwap\`フィーチャーゲートはデフォルトで
    // 無効化されており` is the default before 1.30; the registry has it on.
    let nodeswap: Vec<&str> = out
        .findings
        .iter()
        .map(|d| d.message.as_str())
        .filter(|m| m.contains("`NodeSwap`"))
        .collect();
    assert!(nodeswap.is_empty(), "{nodeswap:?}");

    // The findings those false readings made are gone; what the articles do state stays.
    let messages: Vec<&str> = out.findings.iter().map(|d| d.message.as_str()).collect();
    for gone in [
        "`KEP-753` is `stable` in 1.32",
        "`KEP-3015` is `deprecated` in 1.34",
        "`SELinuxMountReadWriteOncePod` is `alpha` in 1.30",
        "`KEP-1488` is `removed`",
    ] {
        assert!(
            !messages.iter().any(|m| m.contains(gone)),
            "{gone}: {messages:#?}"
        );
    }
    assert!(
        messages
            .iter()
            .any(|m| m.contains("`KEP-3962` is `alpha` in 1.31")),
        "the 1.31 preview does call KEP-3962 alpha: {messages:#?}"
    );
}

/// The rows of the gate page's 段階の推移 table: (release, stated stages, article titles).
fn timeline_rows(html: &str) -> Vec<(String, Vec<String>, Vec<String>)> {
    let table = &html[html.find("timeline-table").expect("a timeline table")..];
    let table = &table[..table.find("</table>").unwrap()];
    table
        .split("<tr")
        .skip(2)
        .map(|row| {
            let cells: Vec<&str> = row.split("<td>").collect();
            let release = row
                .split("<th scope=\"row\">")
                .nth(1)
                .map(|r| strip_tags(&r[..r.find("</th>").unwrap()]))
                .unwrap_or_default();
            let stated = cells[2]
                .split("class=\"stage stage-")
                .skip(1)
                .map(|s| s[..s.find('"').unwrap()].to_string())
                .collect();
            let articles = cells[3]
                .split("<a ")
                .skip(1)
                .map(|a| strip_tags(&a[a.find('>').unwrap() + 1..a.find("</a>").unwrap()]))
                .collect();
            (release, stated, articles)
        })
        .collect()
}

fn strip_tags(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.trim().to_string()
}

#[test]
fn a_sentence_telling_a_gates_history_fills_its_timeline_not_its_mentions() {
    let f = crate::support::Fixture::with_article(
        "history",
        "title = \"サイドカーの歩み\"\nslug = \"history\"\nrelease = \"1.33\"",
        "`SidecarContainers` フィーチャーゲートは 1.28 でアルファ、1.29 でベータ、1.33 で GA になりました。\n",
    );
    let out = f.build();
    // One mention: the stage the sentence settles on, for the release it names.
    assert_eq!(
        gate(&out, "SidecarContainers", "history"),
        [(Value::from("stable"), Value::from("1.33"))]
    );
    // The other dated stages are rows of the timeline, each with the article.
    let html = crate::support::page(&out, "feature-gates/SidecarContainers/index.html");
    let rows = timeline_rows(&html);
    let row = |r: &str| {
        rows.iter()
            .find(|row| row.0 == r)
            .unwrap_or_else(|| panic!("no {r} row in {rows:?}"))
    };
    assert_eq!(row("1.28").1, ["alpha"], "{rows:?}");
    assert_eq!(row("1.29").1, ["beta"], "{rows:?}");
    assert_eq!(row("1.33").1, ["stable"], "{rows:?}");
    for r in ["1.28", "1.29", "1.33"] {
        assert_eq!(row(r).2, ["サイドカーの歩み"], "{r}: {rows:?}");
    }
    // The mention's row shows the history next to its stage.
    assert!(
        html.contains("<span class=\"history\""),
        "history beside the mention"
    );
}

/// A note.com-style post: its lists are lines led by `・`, and a digest's items lead with the
/// name in bold. Each line is an item of the heading's stage; expectations read off the text.
#[test]
fn dot_led_lines_and_bold_leads_are_items_of_their_headings_stage() {
    let f = Fixture::new();
    f.article(
        "note",
        "title = \"1.34 まとめ\"\nslug = \"note\"\nrelease = \"1.34\"",
        concat!(
            "## GAになった機能\n\n",
            "・`PodLifecycleSleepAction`（KEP-3960）\n",
            "・`KubeletTracing`（KEP-2831）\n\n",
            "## ベータに昇格したもの\n\n",
            "- **KubeletPSI**: ノードの PSI メトリクス\n",
            "- **PreferSameTrafficDistribution** — トラフィック分散\n",
        ),
    );
    let out = f.build();
    let stable = [(Value::from("stable"), Value::from("1.34"))];
    let beta = [(Value::from("beta"), Value::from("1.34"))];
    assert_eq!(gate(&out, "PodLifecycleSleepAction", "note"), stable);
    assert_eq!(gate(&out, "KubeletTracing", "note"), stable);
    assert_eq!(kep(&out, 3960, "note"), stable);
    assert_eq!(kep(&out, 2831, "note"), stable);
    assert_eq!(gate(&out, "KubeletPSI", "note"), beta);
    assert_eq!(gate(&out, "PreferSameTrafficDistribution", "note"), beta);
    // Each dot line is a list item of the page.
    let html = crate::support::page(&out, "articles/note/index.html");
    assert!(html.contains("<li id=\"li-1\">"), "{html}");
    assert!(!html.contains("・<code>"), "the dots became items");
}

/// A paragraph telling a gate's story names it twice: where the story stands is the later
/// release's stage, one mention of the paragraph, and the earlier stage is the gate's history.
#[test]
fn a_name_said_twice_in_a_paragraph_takes_the_later_releases_stage() {
    let f = Fixture::new();
    f.article(
        "swap",
        "title = \"Kubernetes v1.34: スワップ\"\nslug = \"swap\"\nrelease = \"1.34\"",
        "`NodeSwap`はv1.28でベータになりました。そしてv1.34で、`NodeSwap`はGAとなりました。\n",
    );
    let out = f.build();
    assert_eq!(
        gate(&out, "NodeSwap", "swap"),
        [(Value::from("stable"), Value::from("1.34"))]
    );
    // The gate's timeline has the article in both rows: beta stated in 1.28, GA in 1.34.
    let html = crate::support::page(&out, "feature-gates/NodeSwap/index.html");
    let row = |release: &str| {
        html.split("<tr>")
            .map(|r| &r[..r.find("</tr>").unwrap_or(r.len())])
            .find(|r| {
                r.find("</th>").is_some_and(|end| {
                    r[..end].ends_with(&format!(">{release}</a>"))
                        || r[..end].ends_with(&format!(">{release}"))
                })
            })
            .unwrap_or_else(|| panic!("{release} is on the timeline: {html}"))
            .to_string()
    };
    for (release, stage) in [("1.28", "stage-beta"), ("1.34", "stage-stable")] {
        let row = row(release);
        assert!(row.contains("articles/swap/#p-1"), "{release}: {row}");
        assert_eq!(row.matches(stage).count(), 2, "registry and article: {row}");
    }
}
