//! Glossary tests over the three seed articles (`content/*.md`) and the curated data
//! (`glossary/terms.toml`).
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::LazyLock;

use super::*;
use crate::parse::blocks;
use crate::parse::frontmatter;
use crate::parse::shortcodes;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The seed articles, parsed as the pipeline does: front matter, shortcodes, Markdown.
static SEEDS: LazyLock<Vec<(Slug, Doc)>> = LazyLock::new(|| {
    let dir = root().join("content");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("content/ holds the seed articles")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 3, "{files:?}");
    files
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            let mut w = Vec::new();
            let split = frontmatter::split(p, &text, &mut w).unwrap();
            let body = shortcodes::degrade(split.body, &shortcodes::Page::default());
            (
                split.front.slug.clone(),
                blocks::parse(&body, split.body_line),
            )
        })
        .collect()
});

fn seeds() -> Vec<(&'static Slug, &'static Doc)> {
    SEEDS.iter().map(|(s, d)| (s, d)).collect()
}

static CURATED: LazyLock<Terms> = LazyLock::new(|| {
    let path = root().join("glossary/terms.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let (terms, diags) = Terms::parse(Path::new("glossary/terms.toml"), &text);
    assert!(
        diags.is_empty(),
        "{}",
        crate::model::diag::Diagnostics(diags)
    );
    terms
});

/// The registry's names (KEP titles, gate names), plus "garbage collector", which the seeds
/// never write in English and the registry does not hold (the curated glossary does).
fn registry() -> Vec<String> {
    let read = |f: &str| std::fs::read_to_string(root().join("glossary").join(f)).unwrap();
    let (reg, diags) = crate::registry::Registry::parse(
        Path::new("glossary/keps.toml"),
        &read("keps.toml"),
        Path::new("glossary/feature-gates.toml"),
        &read("feature-gates.toml"),
    );
    assert!(diags.is_empty(), "{diags:?}");
    let mut names = registry_names(&reg);
    assert!(names.iter().any(|n| n == "MutatingAdmissionPolicy"));
    names.push("garbage collector".to_string());
    names
}

/// The seeds with no curated data: what pairing finds on its own.
static UNCURATED: LazyLock<Glossary> =
    LazyLock::new(|| build(&Terms::empty(), &seeds(), &registry()));

static CURATED_GLOSSARY: LazyLock<Glossary> =
    LazyLock::new(|| build(&CURATED, &seeds(), &registry()));

fn pair_for<'a>(g: &'a Glossary, ja: &str) -> Option<&'a Pair> {
    let key = terms::form_key(ja);
    g.pairing.pairs.iter().find(|p| {
        std::iter::once(&p.ja)
            .chain(&p.ja_forms)
            .any(|j| terms::form_key(j) == key)
    })
}

fn english_of(p: &Pair) -> Vec<String> {
    std::iter::once(&p.en)
        .chain(&p.en_forms)
        .map(|e| pairing::english_compact(e))
        .collect()
}

#[test]
fn curated_glossary_parses_cleanly_with_the_issue_terms() {
    assert!(CURATED.len() >= 60, "{}", CURATED.len());
    let f = CURATED.get("finalizer").unwrap();
    assert_eq!(f.typos, ["Fainalizer"]);
    let m = CURATED.get("mutating-admission-policy").unwrap();
    assert_eq!(m.ja, "ミューテーティングアドミッションポリシー");
    assert!(m.keps.contains(&KepNumber(3962)));
    assert!(
        m.gates
            .contains(&FeatureGateName("MutatingAdmissionPolicy".into()))
    );
    for (form, id) in [
        ("SidecarContainers", "sidecar-container"),
        ("ガーベジコレクター", "garbage-collector"),
        ("ガベージコレクター", "garbage-collector"),
        ("クラスタ", "cluster"),
        ("Webhook", "webhook"),
        ("非推奨", "deprecation"),
        ("監査ログ", "audit-log"),
        ("暗号化設定", "encryption-configuration"),
    ] {
        assert_eq!(
            CURATED.lookup(form).map(|t| t.id.0.as_str()),
            Some(id),
            "{form}"
        );
    }
}

#[test]
fn seed_articles_yield_the_pairs_the_issue_lists() {
    let g = &*UNCURATED;
    for (ja, en) in [
        ("ファイナライザー", "finalizer"),
        ("サイドカーコンテナ", "sidecarcontainer"),
        (
            "ミューテーティングアドミッションポリシー",
            "mutatingadmissionpolicy",
        ),
        ("ガーベジコレクター", "garbagecollector"),
        ("コンテナランタイム", "containerruntime"),
        ("非推奨", "deprecation"),
        ("クラスター", "cluster"),
        ("ポッド", "pod"),
        ("ノード", "node"),
    ] {
        let p = pair_for(g, ja).unwrap_or_else(|| panic!("no pair for {ja}"));
        assert!(
            english_of(p).contains(&en.to_string()),
            "{ja}: {} {:?}",
            p.en,
            p.en_forms
        );
        assert!(!p.evidence.is_empty());
        assert!(
            p.confidence >= pairing::MIN_TERM_CONFIDENCE,
            "{ja}: {}",
            p.confidence
        );
    }
    // Deprecation comes from the section title `Deprecation (非推奨になったAPI)`.
    let d = pair_for(g, "非推奨").unwrap();
    assert!(
        matches!(
            &d.evidence[0],
            Evidence::Parenthesized { trimmed: true, .. }
        ),
        "{:?}",
        d.evidence
    );
}

#[test]
fn articles_scanned_once_give_the_same_glossary() {
    let docs = seeds();
    let scans: Vec<candidates::ArticleScan> =
        docs.iter().map(|(_, d)| candidates::analyze(d)).collect();
    let refs: Vec<&candidates::ArticleScan> = scans.iter().collect();
    let g = build_scanned(&CURATED, &docs, &refs, &registry(), None);
    assert_eq!(to_json(&g), to_json(&CURATED_GLOSSARY));
    assert_eq!(suggest(&g), suggest(&CURATED_GLOSSARY));
}

#[test]
fn kept_occurrences_give_the_glossary_a_build_from_nothing_gives() {
    let seeds = seeds();
    let cache = std::cell::RefCell::new(OccurrenceCache::default());
    let both = |docs: &[(&Slug, &Doc)], curated: &Terms| {
        let scans: Vec<candidates::ArticleScan> =
            docs.iter().map(|(_, d)| candidates::analyze(d)).collect();
        let refs: Vec<&candidates::ArticleScan> = scans.iter().collect();
        let fresh = build_scanned(curated, docs, &refs, &registry(), None);
        let kept = build_scanned(
            curated,
            docs,
            &refs,
            &registry(),
            Some(&mut cache.borrow_mut()),
        );
        assert_eq!(to_json(&kept), to_json(&fresh));
        assert_eq!(format!("{:?}", kept.terms), format!("{:?}", fresh.terms));
        for a in 0..docs.len() {
            assert_eq!(
                kept.hits(a).collect::<Vec<_>>(),
                fresh.hits(a).collect::<Vec<_>>()
            );
        }
        fresh
    };
    let first = both(&seeds, &CURATED);
    assert!(first.terms.iter().any(|t| t.mentions > 0));
    // The articles in another order, the first one left out: every article index moves.
    let moved: Vec<(&Slug, &Doc)> = seeds.iter().skip(1).rev().copied().collect();
    both(&moved, &CURATED);
    // A new curated term: the forms change, so nothing kept is taken.
    let text = std::fs::read_to_string(root().join("glossary/terms.toml")).unwrap()
        + "\n[[term]]\nid = \"milestone-x\"\nen = \"milestone\"\nja = \"マイルストーン\"\nkind = \"term\"\ndef_ja = \"リリースの節目。\"\ndef_en = \"A point in the release cycle.\"\n";
    let (more, diags) = Terms::parse(Path::new("glossary/terms.toml"), &text);
    assert!(diags.is_empty(), "{diags:?}");
    let g = both(&moved, &more);
    assert!(
        g.terms
            .iter()
            .any(|t| t.id.0 == "milestone-x" && t.mentions > 0)
    );
    both(&moved, &more);
}

#[test]
fn the_hits_the_build_records_are_what_find_in_doc_finds() {
    let g = &*CURATED_GLOSSARY;
    for (i, (slug, d)) in seeds().into_iter().enumerate() {
        let recorded: Vec<_> = g.hits(i).collect();
        assert_eq!(recorded, g.find_in_doc(d), "{slug}");
        assert!(recorded.len() > 100, "{slug}: {}", recorded.len());
    }
}

#[test]
fn the_scan_counts_words_as_word_count_does() {
    for (slug, d) in seeds() {
        let scan = candidates::analyze(d);
        assert_eq!(
            scan.words,
            crate::text::japanese::word_count(&d.plain_text()),
            "{slug}"
        );
        assert!(scan.words > 1000 && scan.len() > 100, "{slug}");
    }
}

#[test]
fn a_katakana_term_is_never_paired_with_a_different_word() {
    let g = &*UNCURATED;
    let pod = pair_for(g, "ポッド").unwrap();
    assert!(!english_of(pod).contains(&"node".to_string()));
    // Acronyms are spelled out in Japanese, never transliterated (CSI is not キャッシュ).
    for p in &g.pairing.pairs {
        for e in std::iter::once(&p.en).chain(&p.en_forms) {
            let acronym = romanize::split_identifier(e)
                .iter()
                .any(|w| w.len() >= 2 && w.chars().all(|c| c.is_ascii_uppercase()));
            let transliterated = p
                .evidence
                .iter()
                .all(|e| matches!(e, Evidence::Transliteration { .. }));
            assert!(!(acronym && transliterated), "{} ↔ {e}", p.ja);
        }
    }
}

#[test]
fn the_1_31_and_1_32_spellings_lead_to_the_same_term() {
    let g = &*CURATED_GLOSSARY;
    let ja = g.find_in("CEL式を使用してミューテーティングアドミッションポリシーを追加");
    let en = g.find_in("使用するには、 MutatingAdmissionPolicy FeatureGateを有効にし");
    let id = |v: &[(Range<usize>, &TermId)], s: &str| {
        v.iter()
            .find(|(r, _)| r.len() == s.len())
            .map(|(_, id)| id.0.clone())
    };
    assert_eq!(
        id(&ja, "ミューテーティングアドミッションポリシー").as_deref(),
        Some("mutating-admission-policy")
    );
    assert_eq!(
        id(&en, "MutatingAdmissionPolicy").as_deref(),
        Some("mutating-admission-policy")
    );
    let t = g.term("mutating-admission-policy").unwrap();
    assert_eq!(t.keps, [KepNumber(3962)]);
    assert_eq!(t.gates, [FeatureGateName("MutatingAdmissionPolicy".into())]);
    let articles: BTreeSet<&str> = t
        .occurrences
        .iter()
        .map(|o| g.articles[o.article].as_str())
        .collect();
    assert!(
        articles.contains("k8s-1-31-whats-new") && articles.contains("k8s-1-32-sig-api-machinery"),
        "{articles:?}"
    );
}

#[test]
fn spelling_variants_and_typos_link_to_their_curated_term() {
    let g = &*CURATED_GLOSSARY;
    for (text, form, id) in [
        (
            "安全でない削除はFainalizer制約を無視し",
            "Fainalizer",
            "finalizer",
        ),
        ("クラスタ管理者が簡単に確認", "クラスタ", "cluster"),
        (
            "リソースが空いている軽負荷のクラスターでの",
            "クラスター",
            "cluster",
        ),
        (
            "ガーベジコレクターは最終的に",
            "ガーベジコレクター",
            "garbage-collector",
        ),
        (
            "イメージがガベージコレクトされる",
            "ガベージコレクト",
            "garbage-collector",
        ),
        ("ウェブフックの管理の複雑さ", "ウェブフック", "webhook"),
        ("webhook認証呼び出し", "webhook", "webhook"),
        ("監査ログに記録されます", "監査ログ", "audit-log"),
        (
            "暗号化設定の処理に使用できる",
            "暗号化設定",
            "encryption-configuration",
        ),
        (
            "SidecarContainers 機能が beta に昇格",
            "SidecarContainers",
            "sidecar-container",
        ),
        (
            "サイドカーコンテナの終了",
            "サイドカーコンテナ",
            "sidecar-container",
        ),
    ] {
        let found = g.find_in(text);
        let hit = found.iter().find(|(r, _)| &text[r.clone()] == form);
        assert_eq!(
            hit.map(|(_, t)| t.0.as_str()),
            Some(id),
            "{text}: {found:?}"
        );
    }
}

#[test]
fn curated_entries_win_over_automatic_pairs() {
    let g = &*CURATED_GLOSSARY;
    let p = pair_for(g, "ファイナライザー").unwrap();
    assert_eq!(p.status, PairStatus::Confirms(TermId("finalizer".into())));
    // No extracted term repeats a curated form.
    for t in g.terms.iter().filter(|t| t.source == TermSource::Extracted) {
        for f in t.forms() {
            assert!(
                CURATED.lookup(f).is_none(),
                "extracted `{}` repeats curated `{f}`",
                t.id
            );
        }
    }
    // Curated terms come first among equal forms and are all present.
    assert!(
        g.terms
            .iter()
            .filter(|t| t.source == TermSource::Curated)
            .count()
            == CURATED.len()
    );
    let ids: Vec<&str> = g.terms.iter().map(|t| t.id.0.as_str()).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(ids, sorted);
    assert_eq!(ids.len(), ids.iter().collect::<BTreeSet<_>>().len());
}

#[test]
fn terms_are_never_found_in_code_link_text_or_headings() {
    let d = blocks::parse(
        "## Finalizer\n\n`Finalizer` と [Finalizer](https://k8s.io) と Finalizer\n",
        1,
    );
    let g = &*CURATED_GLOSSARY;
    let found = g.find_in_doc(&d);
    assert_eq!(found.len(), 1, "{found:?}");
    let (b, r, id) = &found[0];
    assert_eq!(&d.blocks[*b].text[r.clone()], "Finalizer");
    assert_eq!(d.blocks[*b].text[..r.start].matches("Finalizer").count(), 2);
    assert_eq!(id.0, "finalizer");
}

#[test]
fn occurrences_carry_a_keyword_in_context_line() {
    let g = &*CURATED_GLOSSARY;
    let t = g.term("audit-log").unwrap();
    assert!(!t.occurrences.is_empty());
    for o in &t.occurrences {
        let doc = &SEEDS[o.article].1;
        let block = &doc.blocks[o.block];
        let k = o.kwic(&block.text);
        assert!(k.hit.starts_with("監査ログ"), "{}", k.hit);
        assert!(k.left.chars().count() <= KWIC_CHARS && k.right.chars().count() <= KWIC_CHARS);
        assert!(
            block
                .plain
                .iter()
                .any(|p| p.start <= o.range.start && o.range.end <= p.end)
        );
        assert_eq!(o.section, block.section);
    }
}

#[test]
fn readings_give_the_gojuon_row() {
    assert_eq!(reading_of("監査ログ"), "カンサログ");
    for (reading, row) in [
        ("カンサログ", Some('か')),
        ("ガベージ", Some('か')),
        ("アルファ", Some('あ')),
        ("ヴォリューム", Some('あ')),
        ("ポッド", Some('は')),
        ("ワークロード", Some('わ')),
        ("ラベル", Some('ら')),
        ("ユーザー", Some('や')),
        ("ひすいしょう", Some('は')),
        ("kubelet", None),
    ] {
        assert_eq!(gojuon_row(reading), row, "{reading}");
    }
    let g = &*CURATED_GLOSSARY;
    let idx = g.gojuon_index();
    let ka: Vec<&str> = idx[&Some('か')].iter().map(|t| t.id.0.as_str()).collect();
    assert!(
        ka.contains(&"audit-log") && ka.contains(&"garbage-collector"),
        "{ka:?}"
    );
    assert_eq!(g.term("deprecation").unwrap().gojuon, Some('は'));
    assert!(
        g.alphabet_index()[&'F']
            .iter()
            .any(|t| t.id.0 == "finalizer")
    );
}

#[test]
fn glossary_json_follows_the_contract() {
    let g = &*CURATED_GLOSSARY;
    let j = to_json(g);
    assert_eq!(j["version"], 1);
    let terms = j["terms"].as_array().unwrap();
    assert_eq!(terms.len(), g.terms.len());
    let ids: Vec<&str> = terms.iter().map(|t| t["id"].as_str().unwrap()).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(ids, sorted);
    let f = terms.iter().find(|t| t["id"] == "finalizer").unwrap();
    let keys: BTreeSet<&str> = f.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        BTreeSet::from([
            "id", "en", "ja", "aliases", "kind", "source", "url", "mentions"
        ])
    );
    assert_eq!(f["url"], "glossary/finalizer/");
    assert_eq!(f["source"], "curated");
    assert!(f["mentions"].as_u64().unwrap() >= 4, "{f}");
    // typos are linked, never exported
    assert!(
        !f["aliases"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a == "Fainalizer")
    );
    assert!(terms.iter().any(|t| t["source"] == "extracted"));
}

#[test]
fn building_twice_gives_identical_output() {
    let again = build(&CURATED, &seeds(), &registry());
    assert_eq!(to_json(&again), to_json(&CURATED_GLOSSARY));
    assert_eq!(to_tbx(&again), to_tbx(&CURATED_GLOSSARY));
    assert_eq!(suggest(&again), suggest(&CURATED_GLOSSARY));
}

#[test]
fn csv_and_tsv_open_in_spreadsheets() {
    let g = &*CURATED_GLOSSARY;
    let csv = to_csv(g);
    assert!(csv.starts_with("\u{feff}id,en,ja,aliases,kind,source,"));
    assert_eq!(csv.matches("\r\n").count(), g.terms.len() + 1);
    // a field with the separator or a quote is quoted, quotes doubled
    assert_eq!(export_field_roundtrip("a,b \"c\""), "\"a,b \"\"c\"\"\"");
    let tsv = to_tsv(g);
    assert!(tsv.starts_with("\u{feff}id\ten\tja\t"));
    for l in tsv.trim_end().split("\r\n") {
        assert_eq!(l.matches('\t').count(), 12, "{l}");
    }
}

fn export_field_roundtrip(v: &str) -> String {
    // The CSV of a one-term glossary whose definition is `v`, reduced to that field.
    let mut t = CURATED_GLOSSARY.term("finalizer").unwrap().clone();
    t.def_ja = v.to_string();
    let g = Glossary {
        terms: vec![t],
        articles: Vec::new(),
        pairing: Pairing::default(),
        hits: Vec::new(),
        matchers: MatcherPair::new(&[], |_| true),
    };
    let csv = to_csv(&g);
    let row = csv.split("\r\n").nth(1).unwrap();
    let start = row.find(",\"a,b").unwrap() + 1;
    row[start..start + v.len() + 4].to_string()
}

#[test]
fn tbx_is_well_formed_and_every_entry_has_both_languages() {
    use quick_xml::Reader;
    use quick_xml::events::Event as X;
    let g = &*CURATED_GLOSSARY;
    let tbx = to_tbx(g);
    let mut r = Reader::from_str(&tbx);
    let mut stack: Vec<String> = Vec::new();
    let mut entries = 0;
    let mut ids = BTreeSet::new();
    let mut langs: Vec<String> = Vec::new();
    let mut terms_in_lang = 0;
    let mut root = None;
    loop {
        match r.read_event().expect("well-formed XML") {
            X::Start(e) => {
                let name = e.name().as_ref().to_string();
                let attr = |k: &str| {
                    e.attributes()
                        .flatten()
                        .find(|a| a.key.as_ref() == k)
                        .map(|a| a.value.to_string())
                };
                match name.as_str() {
                    "martif" => {
                        root = Some((stack.len(), attr("type")));
                    }
                    "termEntry" => {
                        assert_eq!(stack.last().map(String::as_str), Some("body"));
                        assert!(ids.insert(attr("id").expect("termEntry has an id")));
                        langs.clear();
                    }
                    "langSet" => {
                        assert_eq!(stack.last().map(String::as_str), Some("termEntry"));
                        langs.push(attr("xml:lang").expect("langSet has xml:lang"));
                        terms_in_lang = 0;
                    }
                    "term" => {
                        assert_eq!(stack.last().map(String::as_str), Some("tig"));
                        terms_in_lang += 1;
                    }
                    _ => {}
                }
                stack.push(name);
            }
            X::End(e) => {
                let name = e.name().as_ref().to_string();
                assert_eq!(stack.pop().as_deref(), Some(name.as_str()));
                if name == "langSet" {
                    assert!(terms_in_lang >= 1, "a langSet without a term");
                }
                if name == "termEntry" {
                    assert_eq!(langs, ["en", "ja"], "entry {}", entries);
                    entries += 1;
                }
            }
            X::Eof => break,
            _ => {}
        }
    }
    assert!(stack.is_empty());
    assert_eq!(root, Some((0, Some("TBX-Basic".to_string()))));
    assert_eq!(entries, g.terms.len());
    assert!(tbx.contains("<term>ミューテーティングアドミッションポリシー</term>"));
}

#[test]
fn suggestions_paste_into_terms_toml() {
    let g = &*UNCURATED;
    let s = suggest(g);
    assert!(s.contains("[[term]]"));
    assert!(
        s.contains("# evidence: transliteration `fainaraizaa`"),
        "{s}"
    );
    assert!(
        s.contains("# evidence: parenthesized `Deprecation (非推奨になったAPI)`"),
        "{s}"
    );
    let (t, diags) = Terms::parse(Path::new("suggest.toml"), &s);
    assert!(
        !diags.iter().any(|d| d.is_error()),
        "{}",
        crate::model::diag::Diagnostics(diags)
    );
    assert!(t.len() >= 20, "{}", t.len());
    // With the curated glossary, curated pairs are not suggested again.
    let s2 = suggest(&CURATED_GLOSSARY);
    let (t2, _) = Terms::parse(Path::new("suggest.toml"), &s2);
    assert!(
        t2.terms
            .iter()
            .all(|t| CURATED.lookup(&t.ja).is_none() && CURATED.lookup(&t.en).is_none())
    );
}

/// A sound match that does not hold word by word is offered to a curator, never shown; one
/// that does is shown.
#[test]
fn a_compound_that_does_not_say_each_english_word_is_suggested_not_shown() {
    let a = Slug::parse("flows").unwrap();
    let b = Slug::parse("nfs").unwrap();
    let c = Slug::parse("services").unwrap();
    let docs = [
        blocks::parse("次のネットワークフローがサポートされます。\n", 1),
        blocks::parse("nfs は Network File System の略です。\n", 1),
        blocks::parse(
            "ネットワークサービスを使います。Network Service と呼ばれます。\n",
            1,
        ),
    ];
    let input: Vec<(&Slug, &Doc)> = [&a, &b, &c].into_iter().zip(docs.iter()).collect();
    let g = build(&Terms::default(), &input, &[]);
    let flow = pair_for(&g, "ネットワークフロー").expect("paired for suggest");
    assert_eq!(flow.en, "Network File");
    assert!(flow.confidence >= pairing::MIN_TERM_CONFIDENCE);
    assert!(g.terms.iter().all(|t| t.ja != "ネットワークフロー"));
    assert!(!suggest(&g).is_empty());
    assert!(
        g.terms
            .iter()
            .any(|t| t.ja == "ネットワークサービス" && t.en == "Network Service"),
        "{:?}",
        g.terms.iter().map(|t| (&t.en, &t.ja)).collect::<Vec<_>>()
    );
}
