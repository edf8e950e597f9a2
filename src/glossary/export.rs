//! The glossary as files other programs read: `/api/glossary.json` (the JSON API contract in
//! DESIGN.md), `/glossary.csv` and `/glossary.tsv` for spreadsheets, and `/glossary.tbx`
//! (TermBase eXchange, TBX-Basic) for translation tools.
//!
//! Pure functions from a [`Glossary`] to text or JSON; the write stage puts them on disk.
//! Terms come out in id order, so two builds give identical bytes. Typos are never exported:
//! they link articles to a term but are not spellings anyone should adopt.
use serde_json::{Value, json};

use super::{Glossary, Term};
use crate::text::japanese::is_kana_or_kanji;

/// `{"version": 1, "terms": [{id, en, ja, aliases[], kind, source, url, mentions}]}`.
pub fn to_json(g: &Glossary) -> Value {
    let terms: Vec<Value> = g
        .terms
        .iter()
        .map(|t| {
            json!({
                "id": t.id.0,
                "en": t.en,
                "ja": t.ja,
                "aliases": t.aliases,
                "kind": t.kind.as_str(),
                "source": t.source.as_str(),
                "url": t.url(),
                "mentions": t.mentions,
            })
        })
        .collect();
    json!({ "version": 1, "terms": terms })
}

const COLUMNS: [&str; 13] = [
    "id", "en", "ja", "aliases", "kind", "source", "def_ja", "def_en", "keps", "gates", "related",
    "mentions", "url",
];

fn row(t: &Term) -> [String; 13] {
    let join = |v: Vec<String>| v.join(" | ");
    [
        t.id.0.clone(),
        t.en.clone(),
        t.ja.clone(),
        join(t.aliases.clone()),
        t.kind.as_str().to_string(),
        t.source.as_str().to_string(),
        t.def_ja.clone(),
        t.def_en.clone(),
        join(t.keps.iter().map(|k| format!("KEP-{k}")).collect()),
        join(t.gates.iter().map(|g| g.0.clone()).collect()),
        join(t.related.iter().map(|r| r.0.clone()).collect()),
        t.mentions.to_string(),
        t.url(),
    ]
}

/// One field, quoted when it holds the separator, a quote or a line break (RFC 4180), and
/// kept from being read as a formula by spreadsheet programs.
fn field(v: &str, sep: char) -> String {
    let v = if v.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{v}")
    } else {
        v.to_string()
    };
    if v.contains([sep, '"', '\n', '\r']) {
        format!("\"{}\"", v.replace('"', "\"\""))
    } else {
        v
    }
}

fn delimited(g: &Glossary, sep: char) -> String {
    // The BOM makes Excel and Numbers read UTF-8 instead of the locale's code page.
    let mut out = String::from("\u{feff}");
    let line = |cells: &[String]| {
        cells
            .iter()
            .map(|c| field(c, sep))
            .collect::<Vec<_>>()
            .join(&sep.to_string())
    };
    out.push_str(&line(&COLUMNS.map(String::from)));
    out.push_str("\r\n");
    for t in &g.terms {
        out.push_str(&line(&row(t)));
        out.push_str("\r\n");
    }
    out
}

/// `/glossary.csv`: UTF-8 with BOM, CRLF, RFC 4180 quoting.
pub fn to_csv(g: &Glossary) -> String {
    delimited(g, ',')
}

/// `/glossary.tsv`: UTF-8 with BOM, CRLF, tab-separated, quoted like CSV where needed.
pub fn to_tsv(g: &Glossary) -> String {
    delimited(g, '\t')
}

fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 forbids.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

fn is_japanese(s: &str) -> bool {
    s.chars().any(is_kana_or_kanji)
}

fn tig(out: &mut String, term: &str, status: &str) {
    out.push_str("        <tig>\n");
    out.push_str(&format!("          <term>{}</term>\n", xml_escape(term)));
    out.push_str("          <termNote type=\"partOfSpeech\">noun</termNote>\n");
    out.push_str(&format!(
        "          <termNote type=\"administrativeStatus\">{status}</termNote>\n"
    ));
    out.push_str("        </tig>\n");
}

fn lang_set(
    out: &mut String,
    lang: &str,
    main: &str,
    others: &[&str],
    def: &str,
    main_status: &str,
) {
    out.push_str(&format!("      <langSet xml:lang=\"{lang}\">\n"));
    if !def.is_empty() {
        out.push_str(&format!(
            "        <descrip type=\"definition\">{}</descrip>\n",
            xml_escape(def)
        ));
    }
    tig(out, main, main_status);
    for o in others {
        tig(out, o, "admittedTerm-admn-sts");
    }
    out.push_str("      </langSet>\n");
}

/// `/glossary.tbx`: TBX-Basic (martif), one `termEntry` per term with an English and a
/// Japanese `langSet`; the main forms are preferred terms, aliases admitted terms; extracted
/// pairs carry their confidence in a note.
pub fn to_tbx(g: &Glossary) -> String {
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str("<martif type=\"TBX-Basic\" xml:lang=\"en\">\n");
    out.push_str("  <martifHeader>\n    <fileDesc>\n");
    out.push_str("      <titleStmt><title>shiori glossary: Kubernetes English/Japanese</title></titleStmt>\n");
    out.push_str("      <sourceDesc><p>Generated by shiori from glossary/terms.toml and the articles.</p></sourceDesc>\n");
    out.push_str("    </fileDesc>\n");
    out.push_str("    <encodingDesc><p type=\"XCSURI\">TBXBasicXCSV02.xcs</p></encodingDesc>\n");
    out.push_str("  </martifHeader>\n  <text>\n    <body>\n");
    for t in &g.terms {
        out.push_str(&format!("    <termEntry id=\"{}\">\n", xml_escape(&t.id.0)));
        out.push_str("      <descrip type=\"subjectField\">Kubernetes</descrip>\n");
        let mut note = format!("kind: {}; source: {}", t.kind.as_str(), t.source.as_str());
        if t.source == super::TermSource::Extracted {
            note.push_str(&format!("; confidence: {:.2}", t.confidence));
        }
        out.push_str(&format!("      <note>{}</note>\n", xml_escape(&note)));
        for r in &t.related {
            let target = g.term(&r.0).map(|x| x.en.as_str()).unwrap_or(&r.0);
            out.push_str(&format!(
                "      <ref type=\"crossReference\" target=\"{}\">{}</ref>\n",
                xml_escape(&r.0),
                xml_escape(target)
            ));
        }
        let (ja_aliases, en_aliases): (Vec<&str>, Vec<&str>) = t
            .aliases
            .iter()
            .map(String::as_str)
            .filter(|a| *a != t.en && *a != t.ja)
            .partition(|a| is_japanese(a));
        let status = if t.source == super::TermSource::Curated {
            "preferredTerm-admn-sts"
        } else {
            "admittedTerm-admn-sts"
        };
        lang_set(&mut out, "en", &t.en, &en_aliases, &t.def_en, status);
        lang_set(&mut out, "ja", &t.ja, &ja_aliases, &t.def_ja, status);
        out.push_str("    </termEntry>\n");
    }
    out.push_str("    </body>\n  </text>\n</martif>\n");
    out
}
