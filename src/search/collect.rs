//! What the site gives the search index (index stage, input side): search documents, ID entries
//! and synonyms, taken from the parsed articles and the reference graph of a [`RenderCtx`].
//!
//! - **Documents**: every heading-level section of every article, long sections cut at block
//!   boundaries into parts of about [`PART_CHARS`] characters, each part linking to its first
//!   block (`articles/<slug>/#li-12`) and titled with the article title and the section heading;
//!   one document per KEP, feature-gate and SIG page, holding its names, the titles articles give
//!   it and its first mentions.
//! - **ID entries**: `kep:<n>` → `keps/<n>/`, `gate:<Name>` → `feature-gates/<Name>/`,
//!   `sig:<name>` and `sig:sig-<name>` → `sigs/<name>/`, and `pr:<n>` → the first block (or
//!   its list item, see [`item_anchor`]) of each article that mentions the pull request, first
//!   article first, with that sentence as a snippet; and a curated or official glossary term's
//!   names → the KEPs it is about and its page (see [`term_entries`]).
//! - **Synonyms** the site already knows: a KEP's English title (registry) and the Japanese
//!   titles articles give it. Glossary pairs are added by the caller (see [`super::index_site`]).
//!
//! Everything follows the order of the site (articles newest first, entities by key), so the
//! index is deterministic. Only the article text the reader sees is indexed: code blocks are
//! not blocks, and the text of a part is its blocks' inline text.
use std::collections::{BTreeMap, BTreeSet};

use rayon::prelude::*;

use super::index::{DocKind, DocText, ENTRIES_PER_ID, IdEntry, SearchDoc};
use crate::graph::Mention;
use crate::model::Article;
use crate::model::ids::KepNumber;
use crate::model::urls;
use crate::parse::blocks::{Block, BlockKind, Doc, Section};
use crate::render::RenderCtx;
use crate::render::entity_links::kep_title;
use crate::text::truncate_chars;

/// A section longer than this many characters is cut into parts at block boundaries.
pub const PART_CHARS: usize = 800;
/// Characters of text an entity document (KEP, gate, SIG page) holds at most.
const ENTITY_CHARS: usize = 800;
/// Mention sentences an entity document holds at most.
const ENTITY_MENTIONS: usize = 3;
/// Characters of a pull request's sentence kept as the snippet of its ID entry.
const PR_DETAIL_CHARS: usize = 160;

/// All search documents of the site: entity pages first (KEPs, gates, SIGs, by key), then the
/// sections of every article in site order.
pub fn documents<'a>(site: &RenderCtx<'a>) -> Vec<SearchDoc<'a>> {
    let mut docs = entity_docs(site);
    let sections: Vec<SearchDoc<'a>> = site
        .articles
        .par_iter()
        .flat_map_iter(|a| article_docs(a))
        .collect();
    docs.extend(sections);
    docs
}

/// The most search documents one article makes (about 1.6 MB of text in parts).
const MAX_DOCS_PER_ARTICLE: usize = 2000;

/// The documents of one article: its sections, long ones in parts.
pub fn article_docs(a: &Article) -> Vec<SearchDoc<'_>> {
    let url = a.url();
    let doc = &a.doc;
    let mut out = Vec::new();
    let mut start = 0;
    // A real article has tens of sections; a hostile one with half a million headings would
    // make as many index files. Past this many documents the article is not indexed further.
    while start < doc.blocks.len() && out.len() < MAX_DOCS_PER_ARTICLE {
        let section = doc.blocks[start].section;
        let end = doc.blocks[start..]
            .iter()
            .position(|b| b.section != section)
            .map_or(doc.blocks.len(), |n| start + n);
        let heading = &doc.sections[section];
        let parts = section_parts(&doc.blocks[start..end]);
        if parts.is_empty() && !heading.title.is_empty() {
            // A heading directly followed by a subheading is still found by its title, and
            // its snippet lists what it holds: its subheadings' titles.
            out.push(section_doc(
                a,
                &url,
                &heading.anchor,
                &heading.title,
                DocText::Own(subheadings(&doc.sections, section).join(" / ")),
            ));
        }
        for (i, (anchor, text)) in parts.into_iter().enumerate() {
            // The first part starts at the heading itself.
            let anchor = if i == 0 && !heading.anchor.is_empty() {
                heading.anchor.as_str()
            } else {
                anchor
            };
            out.push(section_doc(a, &url, anchor, &heading.title, text));
        }
        start = end;
    }
    out
}

/// The titles of the headings right under section `s` (one level down, up to the next heading
/// of its level or above), in order.
fn subheadings(sections: &[Section], s: usize) -> Vec<&str> {
    let level = sections[s].level;
    let under = sections[s + 1..]
        .iter()
        .take_while(|h| h.level > level)
        .collect::<Vec<_>>();
    let Some(child_level) = under.iter().map(|h| h.level).min() else {
        return Vec::new();
    };
    under
        .into_iter()
        .filter(|h| h.level == child_level && !h.title.is_empty())
        .map(|h| h.title.as_str())
        .collect()
}

fn section_doc<'a>(
    a: &Article,
    url: &str,
    anchor: &str,
    section: &str,
    text: DocText<'a>,
) -> SearchDoc<'a> {
    SearchDoc {
        url: format!("{url}#{anchor}"),
        title: a.front.title.clone(),
        section: section.to_string(),
        kind: DocKind::Section,
        text,
        boost_words: Vec::new(),
    }
}

/// The body blocks of one section cut into parts of about [`PART_CHARS`] characters at block
/// boundaries: (anchor of the part's first block, text). A block longer than that is cut at
/// sentence ends into parts of its own, all linking to the block, so every word the index
/// holds for a part is in the text its snippet is made from; blocks without text (a list item
/// holding paragraphs) are left out.
fn section_parts(blocks: &[Block]) -> Vec<(&str, DocText<'_>)> {
    let mut parts: Vec<(&str, Vec<&str>)> = Vec::new();
    let mut chars = 0;
    for b in blocks {
        if matches!(b.kind, BlockKind::Heading(_)) || b.text.trim().is_empty() {
            continue;
        }
        let n = b.text.chars().count();
        if n > PART_CHARS {
            parts.extend(
                sentence_pieces(&b.text, PART_CHARS)
                    .into_iter()
                    .map(|t| (b.anchor.as_str(), vec![t])),
            );
            chars = PART_CHARS;
            continue;
        }
        match parts.last_mut() {
            Some((_, lines)) if chars + n <= PART_CHARS => {
                lines.push(&b.text);
                chars += n + 1;
            }
            _ => {
                parts.push((b.anchor.as_str(), vec![&b.text]));
                chars = n;
            }
        }
    }
    parts
        .into_iter()
        .map(|(anchor, lines)| (anchor, DocText::Lines(lines)))
        .collect()
}

/// `text` cut into pieces of at most `max` characters, each ending at a sentence end
/// ([`crate::text::ends_sentence`], or a newline) where one falls inside it, else at `max`.
fn sentence_pieces(text: &str, max: usize) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut rest = text;
    while rest.chars().count() > max {
        let mut cut = None;
        let mut last_end = None;
        for (count, (i, c)) in rest.char_indices().enumerate() {
            if count == max {
                cut = Some(last_end.unwrap_or(i));
                break;
            }
            if crate::text::ends_sentence(c) || c == '\n' {
                last_end = Some(i + c.len_utf8());
            }
        }
        let Some(at) = cut else { break };
        pieces.push(&rest[..at]);
        rest = &rest[at..];
    }
    pieces.push(rest);
    pieces
}

fn entity_docs<'a>(site: &RenderCtx<'a>) -> Vec<SearchDoc<'a>> {
    let g = site.graph;
    let mut docs = Vec::new();
    // A KEP or gate no article mentions is found by its number or name (`id_entries`); as a
    // text document it would only crowd out what the articles say.
    for k in g.keps.values().filter(|k| !k.mentions.is_empty()) {
        let mut text = k.number.label();
        if let Some(t) = &k.title {
            push_line(&mut text, t);
        }
        for t in &k.article_titles {
            push_line(&mut text, t);
        }
        for gate in &k.gates {
            push_line(&mut text, &gate.0);
        }
        if let Some(s) = &k.sig {
            push_line(&mut text, &format!("SIG {}", s.display_name()));
        }
        push_mentions(&mut text, &k.mentions);
        docs.push(SearchDoc {
            url: urls::kep(k.number),
            title: kep_title(k.number, g),
            section: String::new(),
            kind: DocKind::Kep,
            text: DocText::Own(truncate_chars(&text, ENTITY_CHARS)),
            boost_words: k.article_titles.clone(),
        });
    }
    for gate in g.gates.values().filter(|g| !g.mentions.is_empty()) {
        let mut text = format!("フィーチャーゲート {}", gate.name);
        if let Some(n) = gate.kep {
            push_line(&mut text, &kep_title(n, g));
        }
        if let Some(s) = &gate.sig {
            push_line(&mut text, &format!("SIG {}", s.display_name()));
        }
        push_mentions(&mut text, &gate.mentions);
        docs.push(SearchDoc {
            url: urls::feature_gate(&gate.name),
            title: gate.name.to_string(),
            section: String::new(),
            kind: DocKind::FeatureGate,
            text: DocText::Own(truncate_chars(&text, ENTITY_CHARS)),
            boost_words: vec![gate.name.to_string()],
        });
    }
    for (name, node) in &g.sigs {
        // Only the SIG's names and KEP numbers: with the titles of its KEPs and gates, a short
        // SIG page would outrank the sections that tell about them (`sidecar` → SIG Node).
        let display = format!("SIG {}", name.display_name());
        let mut text = format!("{display}\nsig-{name}");
        for n in &node.keps {
            push_line(&mut text, &n.label());
        }
        docs.push(SearchDoc {
            url: urls::sig(name),
            title: display,
            section: String::new(),
            kind: DocKind::Sig,
            text: DocText::Own(truncate_chars(&text, ENTITY_CHARS)),
            boost_words: vec![name.to_string()],
        });
    }
    docs
}

fn push_line(text: &mut String, line: &str) {
    text.push('\n');
    text.push_str(line);
}

/// The first few distinct sentences that mention an entity (an entity of thousands of articles
/// is read only as far as it takes).
fn push_mentions(text: &mut String, mentions: &[Mention]) {
    let mut seen: Vec<&str> = Vec::new();
    for m in mentions {
        if seen.len() == ENTITY_MENTIONS {
            break;
        }
        let sentence = m.sentence.trim();
        if !sentence.is_empty() && !seen.contains(&sentence) {
            push_line(text, sentence);
            seen.push(sentence);
        }
    }
}

/// ID entries of every KEP, gate, SIG and pull request the site has a page or a mention for.
pub fn id_entries(site: &RenderCtx) -> Vec<IdEntry> {
    let g = site.graph;
    let mut ids = Vec::new();
    for k in g.keps.values() {
        ids.push(IdEntry {
            key: format!("kep:{}", k.number),
            url: urls::kep(k.number),
            title: kep_title(k.number, g),
            detail: String::new(),
        });
    }
    for name in g.gates.keys() {
        ids.push(IdEntry {
            key: format!("gate:{name}"),
            url: urls::feature_gate(name),
            title: name.to_string(),
            detail: String::new(),
        });
    }
    for name in g.sigs.keys() {
        // `node` and `sig-node` (`SIG Node`, `sig/node`) both name it.
        for key in [format!("sig:{name}"), format!("sig:sig-{name}")] {
            ids.push(IdEntry {
                key,
                url: urls::sig(name),
                title: format!("SIG {}", name.display_name()),
                detail: String::new(),
            });
        }
    }
    for (release, node) in &g.releases {
        ids.push(IdEntry {
            key: format!("{}:{release}", super::index::RELEASE_KIND),
            url: urls::release(*release),
            title: format!("Kubernetes {release}"),
            detail: match node.articles.len() {
                0 => String::new(),
                n => format!("{n} 本の記事"),
            },
        });
    }
    ids.extend(term_entries(site));
    let articles: BTreeMap<&str, &Article> = site
        .articles
        .iter()
        .map(|a| (a.front.slug.as_str(), &**a))
        .collect();
    for pr in g.prs.values() {
        let label = if pr.pr.repo == crate::model::ids::PullRequest::DEFAULT_REPO {
            format!("#{}", pr.pr.number)
        } else {
            format!("{}#{}", pr.pr.repo, pr.pr.number)
        };
        // The first mention of each article, as many articles as the index keeps.
        let mut seen: BTreeSet<&str> = BTreeSet::new();
        for m in &pr.mentions {
            if seen.len() == ENTRIES_PER_ID {
                break;
            }
            if !seen.insert(m.article.as_str()) {
                continue;
            }
            let anchor = articles
                .get(m.article.as_str())
                .map_or(m.anchor.as_str(), |a| item_anchor(&a.doc, &m.anchor));
            ids.push(IdEntry {
                key: format!("pr:{}", pr.pr.number),
                url: format!("{}#{anchor}", urls::article(&m.article)),
                title: format!("{label}（{}）", m.article_title),
                detail: truncate_chars(&m.sentence.replace('\n', " "), PR_DETAIL_CHARS),
            });
        }
    }
    ids
}

/// The list item a mention stands in, when its block is the first paragraph of a loose list
/// item (`- text` items separated by blank lines: the item has no text of its own and its
/// paragraph follows it); else the block's own anchor. A search result for a pull request then
/// opens the whole item, notes included, as the item of a tight list does.
pub fn item_anchor<'a>(doc: &'a Doc, anchor: &'a str) -> &'a str {
    let Some(i) = doc.blocks.iter().position(|b| b.anchor == anchor) else {
        return anchor;
    };
    match (i.checked_sub(1).map(|p| &doc.blocks[p]), &doc.blocks[i]) {
        (Some(item), block)
            if item.kind == BlockKind::ListItem
                && item.text.trim().is_empty()
                && block.kind == BlockKind::Paragraph =>
        {
            &item.anchor
        }
        _ => anchor,
    }
}

/// A curated or official glossary term's names (English, Japanese and aliases) as ID entries:
/// a query that is a term's whole name (`サイドカーコンテナ`, `DRA`) lands on the KEPs the term
/// is about first, then on the term's page, before the text hits (whole names only: the browser
/// matches these kinds by no prefix). Extracted pairs are candidates, not names to land on.
fn term_entries(site: &RenderCtx) -> Vec<IdEntry> {
    let g = site.graph;
    let mut ids = Vec::new();
    for t in site
        .glossary
        .terms
        .iter()
        .filter(|t| t.source != crate::glossary::TermSource::Extracted)
    {
        let mut names: Vec<&str> = vec![&t.ja, &t.en];
        names.extend(t.aliases.iter().map(String::as_str));
        let mut seen = BTreeSet::new();
        names.retain(|n| !n.trim().is_empty() && seen.insert(super::index::id_value(n)));
        let title = t.title();
        // The newest KEP first: a later KEP about the same thing is where it stands now
        // (`DRA`: structured parameters, KEP-4381, before the classic DRA, KEP-3063).
        let mut keps: Vec<(KepNumber, String)> = t
            .keps
            .iter()
            .filter(|n| g.keps.contains_key(n))
            .map(|&n| (n, kep_title(n, g)))
            .collect();
        keps.sort_by_key(|(n, _)| std::cmp::Reverse(*n));
        // Each row's snippet holds the name it is found by, which the browser marks as matched.
        for name in names {
            let detail = truncate_chars(&format!("{name} — {}", t.def_ja), PR_DETAIL_CHARS);
            for (n, kep) in &keps {
                ids.push(IdEntry {
                    key: format!("kep:{name}"),
                    url: urls::kep(*n),
                    title: kep.clone(),
                    detail: format!("用語「{name}」: {title}"),
                });
            }
            ids.push(IdEntry {
                key: format!("glossary:{name}"),
                url: urls::term(&t.id),
                title: title.clone(),
                detail,
            });
        }
        // A misspelling the glossary knows finds the term's page, and says what it is a
        // misspelling of; it is not a name of the term's KEPs.
        for typo in t
            .typos
            .iter()
            .filter(|n| seen.insert(super::index::id_value(n)))
        {
            ids.push(IdEntry {
                key: format!("glossary:{typo}"),
                url: urls::term(&t.id),
                title: title.clone(),
                detail: truncate_chars(&format!("{typo} → {title}: {}", t.def_ja), PR_DETAIL_CHARS),
            });
        }
    }
    ids
}

/// Synonym groups the site knows without a glossary: each KEP's English title (from the
/// registry) with the Japanese titles articles give it, when they are written in Japanese.
pub fn site_synonyms(site: &RenderCtx) -> Vec<(String, Vec<String>)> {
    let kep_titles = site.graph.keps.values().filter_map(|k| {
        let en = k.title.clone()?;
        let ja: Vec<String> = k
            .article_titles
            .iter()
            .filter(|t| t.chars().any(crate::text::japanese::is_kana_or_kanji))
            .cloned()
            .collect();
        (!ja.is_empty()).then_some((en, ja))
    });
    // Glossary pairs: `finalizer` also finds ファイナライザー, and every spelling of a term
    // (aliases such as クラスタ/クラスター, ウェブフック/Webhook) finds the others.
    let terms = site
        .glossary
        .terms
        .iter()
        .filter(|t| !t.en.is_empty() && !t.ja.is_empty())
        .map(|t| {
            let mut others = vec![t.ja.clone()];
            others.extend(t.aliases.iter().cloned());
            others.extend(t.variants.iter().cloned());
            others.sort();
            others.dedup();
            (t.en.clone(), others)
        });
    kep_titles.chain(terms).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::blocks;

    #[test]
    fn long_sections_are_cut_at_block_boundaries() {
        let para = "あ".repeat(300);
        let body = format!("## 見出し\n\n{para}\n\n{para}\n\n{para}\n\n- 短い項目\n");
        let d = blocks::parse(&body, 1);
        let blocks: Vec<Block> = d.blocks.clone();
        let parts = section_parts(&blocks);
        let got: Vec<(&str, usize)> = parts
            .iter()
            .map(|(a, t)| (*a, t.get().chars().count()))
            .collect();
        // Two paragraphs (601 characters with the joining newline) fit; the third starts a
        // part, which the short item joins.
        assert_eq!(got, [("p-1", 601), ("p-3", 305)]);
        assert!(
            parts
                .iter()
                .all(|(_, t)| t.get().chars().count() <= PART_CHARS)
        );
    }

    #[test]
    fn a_heading_with_only_subheadings_lists_them_as_its_text() {
        let d = blocks::parse(
            "## 昇格、非推奨化、削除\n\n### GA への昇格\n\n本文\n\n#### 細目\n\n本文\n\n\
             ### 非推奨化\n\n本文\n\n## 次の節\n\n### 別の節\n",
            1,
        );
        // sections: 0 = before any heading, 1 = the `##` with no body of its own.
        assert_eq!(subheadings(&d.sections, 1), ["GA への昇格", "非推奨化"]);
        // A section with nothing under it lists nothing.
        let last = d.sections.len() - 1;
        assert!(subheadings(&d.sections, last).is_empty());
    }

    #[test]
    fn a_block_longer_than_a_part_is_cut_into_parts_of_its_own() {
        let long = "い".repeat(PART_CHARS + 50);
        let d = blocks::parse(&format!("短い\n\n{long}\n\n短い\n"), 1);
        let parts = section_parts(&d.blocks);
        let got: Vec<(&str, usize)> = parts
            .iter()
            .map(|(a, t)| (*a, t.get().chars().count()))
            .collect();
        assert_eq!(
            got,
            [("p-1", 2), ("p-2", PART_CHARS), ("p-2", 50), ("p-3", 2)]
        );
    }

    #[test]
    fn a_long_block_is_cut_at_sentence_ends_so_a_late_word_is_in_its_snippet_text() {
        // 4 sentences of 300 characters; the last one names the word searched for.
        let s = "う".repeat(299) + "。";
        let text = format!("{s}{s}{s}{}ファイナライザー。", "え".repeat(290));
        let d = blocks::parse(&format!("{text}\n"), 1);
        let parts = section_parts(&d.blocks);
        let lens: Vec<usize> = parts.iter().map(|(_, t)| t.get().chars().count()).collect();
        // Two whole sentences fit in a part; the rest (300 + 290 + 9) is the second.
        assert_eq!(lens, [600, 599]);
        assert!(parts[1].1.get().ends_with("ファイナライザー。"));
        assert!(parts.iter().all(|(a, _)| *a == "p-1"));
    }

    #[test]
    fn a_mention_in_a_loose_list_item_points_at_the_item() {
        let d = blocks::parse(
            "- 一つ目 (#128266)\n\n  > 📝 補足\n\n- 二つ目\n\n本文の段落\n\n- 密な項目\n- もう一つ\n",
            1,
        );
        let loose_paragraph = d.blocks.iter().find(|b| b.text.contains("128266")).unwrap();
        assert_eq!(loose_paragraph.kind, BlockKind::Paragraph);
        assert_eq!(item_anchor(&d, &loose_paragraph.anchor), "li-1");
        // The note inside the item is not its first paragraph: left as it is.
        let note = d.blocks.iter().find(|b| b.text.contains("補足")).unwrap();
        assert_eq!(item_anchor(&d, &note.anchor), note.anchor);
        let body = d.blocks.iter().find(|b| b.text == "本文の段落").unwrap();
        assert_eq!(item_anchor(&d, &body.anchor), body.anchor);
        let tight = d.blocks.iter().find(|b| b.text == "密な項目").unwrap();
        assert_eq!(tight.kind, BlockKind::ListItem);
        assert_eq!(item_anchor(&d, &tight.anchor), tight.anchor);
    }
}
