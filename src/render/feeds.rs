//! Files for machines: the Atom feed (`atom.xml`), `sitemap.xml` and `robots.txt`. These carry
//! absolute URLs (from `base_url`), unlike pages, which link relatively. Render stage: takes the
//! config and the articles, and `pipeline::build` adds the files once the pages are made (the
//! sitemap lists them).
use std::collections::BTreeSet;
use std::sync::Arc;

use crate::model::config::Config;
use crate::text::escape_xml as escape;

use crate::model::Article;

/// `atom.xml`, `sitemap.xml` (every page among `files`, the paths of the site's files) and
/// `robots.txt`.
pub(crate) fn files(
    config: &Config,
    articles: &[Arc<Article>],
    files: &BTreeSet<String>,
) -> Vec<(String, Vec<u8>)> {
    let pages: Vec<String> = files
        .iter()
        .filter(|p| p.ends_with("index.html"))
        .map(|p| p.trim_end_matches("index.html").to_string())
        .collect();
    vec![
        ("atom.xml".into(), atom(config, articles).into_bytes()),
        ("sitemap.xml".into(), sitemap(config, &pages).into_bytes()),
        (
            "robots.txt".into(),
            format!(
                "User-agent: *\nAllow: /\nSitemap: {}sitemap.xml\n",
                config.base()
            )
            .into_bytes(),
        ),
    ]
}

fn timestamp(date: Option<&str>) -> String {
    format!("{}T00:00:00Z", date.unwrap_or("1970-01-01"))
}

pub(crate) fn atom(config: &Config, articles: &[Arc<Article>]) -> String {
    let base = config.base();
    let mut entries: Vec<&Article> = articles.iter().map(|a| &**a).collect();
    entries.sort_by(|a, b| (&b.front.date, &a.front.slug).cmp(&(&a.front.date, &b.front.slug)));
    let updated = entries
        .first()
        .map(|a| timestamp(a.front.date.as_deref()))
        .unwrap_or_else(|| timestamp(None));
    let mut x = String::new();
    x.push_str("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"ja\">\n");
    x.push_str(&format!("  <title>{}</title>\n", escape(&config.title)));
    x.push_str(&format!(
        "  <subtitle>{}</subtitle>\n",
        escape(&config.description)
    ));
    x.push_str(&format!("  <link href=\"{base}atom.xml\" rel=\"self\" type=\"application/atom+xml\"/>\n  <link href=\"{base}\"/>\n"));
    x.push_str(&format!(
        "  <id>{base}</id>\n  <updated>{updated}</updated>\n"
    ));
    for a in entries {
        let url = format!("{base}{}", a.url());
        let author = a
            .front
            .source
            .author
            .clone()
            .unwrap_or_else(|| config.author.clone());
        x.push_str("  <entry>\n");
        x.push_str(&format!("    <title>{}</title>\n", escape(&a.front.title)));
        x.push_str(&format!("    <link href=\"{url}\"/>\n    <id>{url}</id>\n"));
        x.push_str(&format!(
            "    <updated>{}</updated>\n",
            timestamp(a.front.date.as_deref())
        ));
        x.push_str(&format!(
            "    <author><name>{}</name></author>\n",
            escape(&author)
        ));
        x.push_str(&format!("    <summary>{}</summary>\n", escape(&a.summary)));
        x.push_str("  </entry>\n");
    }
    x.push_str("</feed>\n");
    x
}

pub(crate) fn sitemap(config: &Config, pages: &[String]) -> String {
    let base = config.base();
    let mut x = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for p in pages {
        x.push_str(&format!(
            "  <url><loc>{}{}</loc></url>\n",
            escape(&base),
            escape(p)
        ));
    }
    x.push_str("</urlset>\n");
    x
}
