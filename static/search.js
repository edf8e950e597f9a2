/*
 * shiori search, the browser half (the Rust half is src/search/).
 *
 * - units()/tokenize() mirror src/search/tokenize.rs rule for rule; tests/search-vectors.json
 *   is checked against both.
 * - Index files are scripts under <root>search/ that call __shioriSearch.push([name, data]),
 *   so they load from file:// too; a query loads the manifest, one ID bucket, one token shard
 *   per query token, one completion shard, and one doc file per result shown.
 * - The search box (#search-input inside form.search) becomes an ARIA combobox with a listbox;
 *   the /search/ page fills <ol id="search-results"> for ?q=.
 */
(function () {
  'use strict';

  var script = document.currentScript;

  // --- site root -------------------------------------------------------------------------
  // <html data-root="../../"> gives the way to the site root; without it, this script's own
  // URL does (it lives at <root>static/search.js). Either works under a sub-path and file://.
  function siteRoot() {
    var attr = document.documentElement.getAttribute('data-root');
    if (attr !== null) return new URL(attr || './', location.href).href;
    if (script && script.src) return new URL('../', script.src).href;
    return new URL('./', location.href).href;
  }
  var ROOT = siteRoot();
  var FILE = location.protocol === 'file:';

  // Directory URLs do not open index.html under file://, so spell it out there.
  function pageHref(url) {
    var href = ROOT + url;
    if (FILE) href = href.replace(/\/(?=[?#]|$)/, '/index.html');
    return href;
  }

  // --- tokenizer (mirror of src/search/tokenize.rs) --------------------------------------
  function isCjk(c) {
    return c === 0x3005 || c === 0x3006 ||
      (c >= 0x3041 && c <= 0x309f) ||
      (c >= 0x30a0 && c <= 0x30ff) ||
      (c >= 0x31f0 && c <= 0x31ff) ||
      (c >= 0x3400 && c <= 0x4dbf) ||
      (c >= 0x4e00 && c <= 0x9fff) ||
      (c >= 0xf900 && c <= 0xfaff);
  }
  function isDigit(c) { return c >= 48 && c <= 57; }
  function isUpper(c) { return c >= 65 && c <= 90; }
  function isLower(c) { return c >= 97 && c <= 122; }
  function isAlnum(c) { return isDigit(c) || isUpper(c) || isLower(c); }

  var VU = { 'ァ': 'バ', 'ィ': 'ビ', 'ェ': 'ベ', 'ォ': 'ボ' };
  // Mirror of japanese::fold_kana.
  function foldKana(s) {
    var chars = Array.from(s), out = '';
    for (var i = 0; i < chars.length; i++) {
      var c = chars[i];
      if (c === 'ー' || c === '・') continue;
      if (c === 'ヴ') {
        var f = VU[chars[i + 1]];
        if (f) { out += f; i++; } else out += 'ブ';
        continue;
      }
      if (c === 'ヂ') out += 'ジ';
      else if (c === 'ヅ') out += 'ズ';
      else out += c;
    }
    return out;
  }

  function wordParts(cps) {
    var parts = [], start = 0;
    for (var i = 1; i < cps.length; i++) {
      var prev = cps[i - 1], cur = cps[i], next = cps[i + 1];
      var boundary = isDigit(prev) !== isDigit(cur) ||
        (isLower(prev) && isUpper(cur)) ||
        (isUpper(prev) && isUpper(cur) && next !== undefined && isLower(next));
      if (boundary) {
        parts.push(String.fromCodePoint.apply(null, cps.slice(start, i)).toLowerCase());
        start = i;
      }
    }
    parts.push(String.fromCodePoint.apply(null, cps.slice(start)).toLowerCase());
    return parts;
  }

  function wordUnit(cps) {
    var whole = String.fromCodePoint.apply(null, cps).toLowerCase();
    if (cps.every(isDigit)) return { kind: 'number', text: whole, tokens: [whole] };
    var tokens = [whole];
    var parts = wordParts(cps);
    if (parts.length > 1) {
      parts.forEach(function (p) {
        if (p.length > 1 || /^[0-9]$/.test(p)) tokens.push(p);
      });
    }
    return { kind: 'word', text: whole, tokens: tokens };
  }

  function cjkUnit(run) {
    var folded = foldKana(run), chars = Array.from(folded), tokens = [];
    if (chars.length === 0) return null;
    if (chars.length === 1) tokens.push(folded);
    for (var i = 0; i + 1 < chars.length; i++) tokens.push(chars[i] + chars[i + 1]);
    return { kind: 'cjk', text: folded, tokens: tokens };
  }

  function units(text) {
    var cps = Array.from(String(text).normalize('NFKC'), function (ch) { return ch.codePointAt(0); });
    var out = [], i = 0, end;
    while (i < cps.length) {
      var c = cps[i];
      if (isAlnum(c)) {
        for (end = i; end < cps.length && isAlnum(cps[end]); end++);
        out.push(wordUnit(cps.slice(i, end)));
        i = end;
      } else if (isCjk(c)) {
        for (end = i; end < cps.length && isCjk(cps[end]); end++);
        var u = cjkUnit(String.fromCodePoint.apply(null, cps.slice(i, end)));
        if (u) out.push(u);
        i = end;
      } else {
        i++;
      }
    }
    return out;
  }

  function tokenize(text) {
    var out = [];
    units(text).forEach(function (u) { out.push.apply(out, u.tokens); });
    return out;
  }

  // Mirror of index::id_value: NFKC, lowercase, no '-' or ' ', katakana folded, only ASCII
  // letters/digits and CJK kept.
  function idValue(raw) {
    var s = foldKana(String(raw).normalize('NFKC').toLowerCase().replace(/[- ]/g, ''));
    return Array.from(s).filter(function (ch) {
      var c = ch.codePointAt(0);
      return isAlnum(c) || isCjk(c);
    }).join('');
  }

  function fnv(s) {
    var bytes = new TextEncoder().encode(s), h = 0x811c9dc5;
    for (var i = 0; i < bytes.length; i++) {
      h ^= bytes[i];
      h = Math.imul(h, 0x01000193);
    }
    return h >>> 0;
  }
  function bucketName(folder, key, bits) {
    return folder + '/' + ((fnv(key) & ((1 << bits) - 1)) >>> 0).toString(16);
  }

  // --- loading index files ---------------------------------------------------------------
  var store = {}, pending = {}, loadedNames = [];
  function onPush(entry) {
    store[entry[0]] = entry[1];
    if (pending[entry[0]]) pending[entry[0]].resolve(entry[1]);
  }
  var early = window.__shioriSearch;
  window.__shioriSearch = { push: onPush };
  if (Array.isArray(early)) early.forEach(onPush);

  // Resolves with the file's data, or null when it is missing.
  function load(name) {
    if (pending[name]) return pending[name].promise;
    var p = {};
    p.promise = new Promise(function (resolve) { p.resolve = resolve; });
    pending[name] = p;
    if (Object.prototype.hasOwnProperty.call(store, name)) {
      p.resolve(store[name]);
      return p.promise;
    }
    loadedNames.push(name);
    var s = document.createElement('script');
    s.src = ROOT + 'search/' + name + '.js';
    s.async = true;
    s.onload = s.onerror = function () {
      s.remove();
      p.resolve(Object.prototype.hasOwnProperty.call(store, name) ? store[name] : null);
    };
    document.head.appendChild(s);
    return p.promise;
  }

  // --- postings --------------------------------------------------------------------------
  var DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
  var DIGIT_VALUE = {};
  for (var d = 0; d < 64; d++) DIGIT_VALUE[DIGITS[d]] = d;

  // "delta << 3 | impact" varints, 5 bits a character, low bits first, 32 = "more follows".
  function decodePostings(s) {
    var ids = [], impacts = [], v = 0, mul = 1, prev = 0;
    for (var i = 0; i < s.length; i++) {
      var x = DIGIT_VALUE[s[i]];
      v += (x & 31) * mul;
      if (x < 32) {
        prev += Math.floor(v / 8);
        ids.push(prev);
        impacts.push(v % 8);
        v = 0;
        mul = 1;
      } else {
        mul *= 32;
      }
    }
    return { ids: ids, impacts: impacts };
  }

  // --- ID queries ------------------------------------------------------------------------
  var NUMBER_QUERY = /^(?:(kep|pr|pull|issue)\s*[-#:]?\s*)?#?\s*([0-9]+)$/;
  var KIND_ORDER = ['gate', 'kep', 'pr', 'sig', 'release', 'glossary', 'term'];
  function kindRank(kind) {
    var i = KIND_ORDER.indexOf(kind);
    return i < 0 ? KIND_ORDER.length : i;
  }

  // `1.33`, `v1.33`, `Kubernetes 1.33`, `k8s v1.33.2`: a release (index.rs, `id_row_value`).
  var RELEASE_QUERY = /^(?:kubernetes|k8s)?\s*v?([0-9]+)\.([0-9]+)(?:\.[0-9]+)?$/;

  // A pasted GitHub URL: a pull request or issue (`…/kubernetes/pull/122082`), a KEP's issue
  // (`…/enhancements/issues/3157`) or its folder (`…/keps/sig-node/753-sidecar-containers`).
  var URL_QUERY = /^(?:https?:\/\/)?(?:www\.)?github\.com\/[\w.-]+\/([\w.-]+)\/(?:(pull|issues)\/([0-9]+)|(?:tree|blob)\/[^\/]+\/keps\/[^\/]+\/([0-9]+)-)/;

  // A number as the index keys it: without leading zeros (`0753` is 753).
  function idNumber(digits) { return digits.replace(/^0+(?=.)/, ''); }

  function parseIdQuery(query) {
    var q = String(query).normalize('NFKC').toLowerCase().trim();
    var u = URL_QUERY.exec(q);
    if (u) {
      var kep = u[4] || (u[1] === 'enhancements' && u[2] === 'issues' && u[3]);
      return kep ? { number: idNumber(kep), hint: 'kep' } : { number: idNumber(u[3]), hint: 'pr' };
    }
    var r = RELEASE_QUERY.exec(q);
    if (r) return { release: (+r[1]) + '.' + (+r[2]) };
    var m = NUMBER_QUERY.exec(q);
    if (m) return { number: idNumber(m[2]), hint: m[1] === 'pull' ? 'pr' : m[1] || null };
    var name = idValue(q);
    // Two characters name a term whole (認証, 昇格, ベータ folded to ベタ); a prefix is looked
    // up from three (`matchIds`); a gate's, only of a name written as one word: `in-place` is
    // words, not the start of `InPlacePodVerticalScaling` (`pod level resources` still names
    // the gate whole, and `sig api` starts SIG API Machinery).
    if (Array.from(name).length >= 2 && !/^[0-9]+$/.test(name)) {
      return { name: name, words: /[\s\-_.\/]/.test(q) };
    }
    return null;
  }

  function idBucketKey(id) {
    if (id.release !== undefined) return '@' + id.release;
    return id.number !== undefined ? '#' + id.number : Array.from(id.name).slice(0, 3).join('');
  }

  function matchIds(id, rows) {
    var found = [];
    (rows || []).forEach(function (row, order) {
      var kind = row[0], value = row[1];
      var exact, rank;
      if (id.release !== undefined) {
        if (kind !== 'release' || value !== id.release) return;
        exact = true;
        rank = 0;
      } else if (id.number !== undefined) {
        if (value !== id.number) return;
        exact = true;
        rank = kind === id.hint ? -1 : kind === 'kep' ? 0 : kind === 'pr' ? 1 : 2;
      } else {
        exact = value === id.name;
        // A glossary term's names (and the KEPs they are about) are found whole only: their
        // first letters are other words' too (`クラスタ` starts a dozen terms).
        if (!exact && (kind === 'glossary' || kind === 'kep')) return;
        if (!exact && !(value.indexOf(id.name) === 0 && id.name.length >= 3)) return;
        if (!exact && kind === 'gate' && id.words) return;
        rank = kindRank(kind);
      }
      found.push({ kind: kind, value: value, url: row[2], title: row[3], detail: row[4] || '', exact: exact, rank: rank, order: order });
    });
    found.sort(function (a, b) {
      return (b.exact - a.exact) || (a.rank - b.rank) || (a.value.length - b.value.length) ||
        (a.value < b.value ? -1 : a.value > b.value ? 1 : 0) || (a.order - b.order);
    });
    return found;
  }

  // --- full-text query -------------------------------------------------------------------
  function unique(list) {
    var seen = {}, out = [];
    list.forEach(function (x) { if (!seen[x]) { seen[x] = true; out.push(x); } });
    return out;
  }

  // A group is one part of the query that a result should cover: a unit, or several units
  // joined by a synonym ("garbage collector"). Its alternatives are the unit's own tokens,
  // synonyms and completions of the word being typed, each with a weight.
  function makeGroups(us) {
    return us.map(function (u) {
      return { units: [u], alts: [{ tokens: unique(u.tokens), w: 1, units: [u] }] };
    });
  }

  function addSynonyms(groups, tokenShard) {
    var tokenSet = {};
    groups.forEach(function (g) { g.alts[0].tokens.forEach(function (t) { tokenSet[t] = true; }); });
    Object.keys(tokenSet).forEach(function (t) {
      var shard = tokenShard(t);
      var entries = shard && shard.s && shard.s[t];
      if (!entries) return;
      entries.forEach(function (entry) {
        var termTokens = unique(tokenize(entry[0]));
        if (!termTokens.every(function (x) { return tokenSet[x]; })) return;
        var first = -1, last = -1;
        groups.forEach(function (g, i) {
          if (g.alts[0].tokens.some(function (x) { return termTokens.indexOf(x) >= 0; })) {
            if (first < 0) first = i;
            last = i;
          }
        });
        if (first < 0) return;
        var merged = groups[first];
        if (last > first) {
          var span = groups.slice(first, last + 1), us = [], toks = [];
          span.forEach(function (g) { us.push.apply(us, g.units); toks.push.apply(toks, g.alts[0].tokens); });
          merged = { units: us, alts: [{ tokens: unique(toks), w: 1, units: us }] };
          groups.splice(first, last - first + 1, merged);
        }
        entry[1].forEach(function (other) {
          var ou = units(other);
          var toks = [];
          ou.forEach(function (u) { toks.push.apply(toks, u.tokens); });
          toks = unique(toks);
          if (toks.length && !merged.alts.some(function (a) { return a.tokens.join(' ') === toks.join(' '); })) {
            merged.alts.push({ tokens: toks, w: 0.9, units: ou });
          }
        });
      });
    });
    return groups;
  }

  function completionKey(u) {
    if (u.kind === 'word' && u.text.length >= 3) return u.text.slice(0, 3);
    if (u.kind === 'cjk' && Array.from(u.text).length === 1) return u.text;
    return null;
  }

  var MIN_COVERAGE = 0.3;

  function idf(n, df) { return Math.log(1 + (n - df + 0.5) / (df + 0.5)); }

  function score(groups, tokenData, m) {
    var n = Math.max(m.docs, 1), unit = (m.k1 + 1) / 8;
    var totals = {}, coverSum = {}, written = {}, numberHits = [];
    groups.forEach(function (g) {
      var best = {};
      g.alts.forEach(function (alt, k) {
        var weightAll = 0, sums = {}, covered = {};
        alt.tokens.forEach(function (t) {
          var entry = tokenData[t];
          var df = entry ? entry.df : 0;
          var w = idf(n, df);
          weightAll += w;
          if (!entry) return;
          var p = entry.postings;
          for (var i = 0; i < p.ids.length; i++) {
            var id = p.ids[i];
            sums[id] = (sums[id] || 0) + w * (p.impacts[i] + 0.5) * unit;
            covered[id] = (covered[id] || 0) + w;
          }
        });
        // A short word (`ラーメン`, `認証`: two bigrams or fewer) is found whole or not at all:
        // one shared bigram (ドキュ[メン]ト) is another word.
        var whole = alt.units.length === 1 && alt.units[0].kind === 'cjk' && alt.tokens.length <= 2;
        Object.keys(sums).forEach(function (id) {
          var cov = weightAll > 0 ? covered[id] / weightAll : 0;
          if (whole && cov < 0.999) return;
          // The words as written (alternative 0), all of them: not a synonym, a completion
          // or a bigram it shares.
          if (k === 0 && cov > 0.999) written[id] = (written[id] || 0) + 1;
          var s = alt.w * sums[id] * cov * cov;
          var b = best[id];
          if (!b || s > b.s) best[id] = { s: s, cov: cov };
        });
      });
      Object.keys(best).forEach(function (id) {
        totals[id] = (totals[id] || 0) + best[id].s;
        coverSum[id] = (coverSum[id] || 0) + best[id].cov;
      });
      if (g.units.every(function (u) { return u.kind === 'number'; })) numberHits.push(best);
    });
    // A number in the query (`KEP-99999`, `1.33`) is what the reader is after: a result
    // without it is no answer, however much of the rest it has.
    var hits = Object.keys(totals).filter(function (id) {
      return numberHits.every(function (best) { return best[id]; });
    }).map(function (id) {
      var cov = coverSum[id] / groups.length;
      return { id: +id, score: totals[id] * cov * cov, cov: cov, written: written[id] || 0 };
    });
    // A result that shares only a common bigram or two with the query (した, リソ) is noise
    // as long as better-covered results exist.
    var covered = hits.filter(function (h) { return h.cov >= MIN_COVERAGE; });
    if (covered.length) hits = covered;
    // With several words (`DRA 削除`), results holding more of them as written come first: one
    // that has `DRA` and reaches `削除` only through a synonym's bigram is a weaker answer than
    // one with both, however often it repeats `DRA`.
    var several = groups.length > 1;
    hits.sort(function (a, b) {
      return (several ? b.written - a.written : 0) || (b.score - a.score) || (a.id - b.id);
    });
    return hits;
  }

  // Runs a query: { ids: [ID matches], hits: [{id, score}], groups, manifest }.
  // `sidecarcontainers`, one word in one case, is the gate `SidecarContainers`: searched as the
  // gate's name is written, whose capitals give the words articles use (`sidecar containers`).
  // Typed in one case the name has no parts, and only the gate's own pages hold it whole.
  async function spelledAsItsGate(us, id, idPromise) {
    if (!id || !id.name || us.length !== 1 || us[0].kind !== 'word' || us[0].tokens.length !== 1) return us;
    var idData = await idPromise;
    var gate = matchIds(id, idData && idData.i).filter(function (e) { return e.exact && e.kind === 'gate'; })[0];
    var spelled = gate ? units(gate.title) : [];
    return spelled.length === 1 && spelled[0].text === us[0].text && spelled[0].tokens.length > 1 ? spelled : us;
  }

  async function search(query, opts) {
    opts = opts || {};
    var m = await load('manifest');
    var empty = { ids: [], hits: [], groups: [], manifest: m };
    if (!m || !String(query).trim()) return empty;
    var us = units(query);
    var typing = opts.typing !== false && !/\s$/.test(query);

    var tokenShardName = function (t) { return bucketName('t', t, m.tb); };
    var tokenShard = function (t) { return store[tokenShardName(t)]; };

    var id = parseIdQuery(query);
    if (id && id.name && !m.icjk && Array.from(id.name).some(function (ch) { return isCjk(ch.codePointAt(0)); })) id = null;
    var idPromise = id ? load(bucketName('i', idBucketKey(id), m.ib)) : Promise.resolve(null);
    us = await spelledAsItsGate(us, id, idPromise);
    var groups = makeGroups(us);
    var lastUnit = us[us.length - 1];
    var ckey = typing && lastUnit ? completionKey(lastUnit) : null;
    var vocabPromise = ckey ? load(bucketName('v', ckey, m.vb)) : Promise.resolve(null);
    var firstTokens = unique(tokenize(query));
    await Promise.all(firstTokens.map(function (t) { return load(tokenShardName(t)); }));

    addSynonyms(groups, tokenShard);
    var vocab = await vocabPromise;
    if (ckey && vocab && vocab.v && vocab.v[ckey]) {
      var g = groups[groups.length - 1];
      vocab.v[ckey].filter(function (e) {
        return e[0] !== lastUnit.text && e[0].indexOf(lastUnit.text) === 0;
      }).slice(0, 3).forEach(function (e) {
        g.alts.push({ tokens: [e[0]], w: 0.7, units: [{ kind: lastUnit.kind, text: e[0], tokens: [e[0]] }] });
      });
    }
    var allTokens = [];
    groups.forEach(function (g) { g.alts.forEach(function (a) { allTokens.push.apply(allTokens, a.tokens); }); });
    allTokens = unique(allTokens);
    await Promise.all(allTokens.map(function (t) { return load(tokenShardName(t)); }));

    var tokenData = {};
    allTokens.forEach(function (t) {
      var shard = tokenShard(t);
      var e = shard && shard.t && shard.t[t];
      if (e) tokenData[t] = { df: e[0], postings: decodePostings(e[1]) };
    });
    var idData = await idPromise;
    var ids = id ? matchIds(id, idData && idData.i) : [];
    return { ids: ids, hits: score(groups, tokenData, m), groups: groups, manifest: m };
  }

  // A doc file: { a: [[page url, title]], d: [[page, fragment, section, kind, text]] }.
  async function docRecord(m, id) {
    var file = await load('d/' + Math.floor(id / m.slots).toString(16));
    var r = file && file.d && file.d[id % m.slots];
    var page = r && file.a[r[0]];
    if (!page) return null;
    return {
      id: id, url: page[0] + (r[1] ? '#' + r[1] : ''), title: page[1],
      section: r[2], kind: r[3], text: r[4]
    };
  }

  // Results of a query, ID matches first, fetched page by page: `more(n)` loads the doc files
  // of the next n hits only, so a query costs one doc file per result shown.
  async function openResults(query, opts) {
    var res = await search(query, opts);
    var seen = {}, queued = [], next = 0;
    var needles = highlightNeedles(res.groups);
    res.ids.slice(0, 5).forEach(function (e) {
      if (seen[e.url]) return;
      seen[e.url] = true;
      queued.push({
        url: e.url, title: e.title, section: '', kind: e.kind, id: true,
        html: e.detail ? highlight(e.detail, needles, 160).html : ''
      });
    });
    var idCount = queued.length, dropped = 0;
    return {
      // The results there are: ID matches and text hits, less the hits met so far that
      // repeat a page or section already listed (a KEP page is an ID match and a text hit; a
      // long section is several parts) or whose doc file is missing. Once every hit is
      // loaded it is the length of the list.
      total: function () { return idCount + res.hits.length - dropped; },
      hasMore: function () { return queued.length > 0 || next < res.hits.length; },
      more: async function (n) {
        var out = queued.splice(0, n);
        while (out.length < n && next < res.hits.length) {
          var batch = res.hits.slice(next, next + n - out.length);
          next += batch.length;
          var docs = await Promise.all(batch.map(function (h) { return docRecord(res.manifest, h.id); }));
          docs.forEach(function (r) {
            // A long section is indexed in parts: the best-scoring part stands for it.
            var sectionKey = r && r.section ? r.url.split('#')[0] + '#\u0000' + r.section : null;
            if (!r || seen[r.url] || (sectionKey && seen[sectionKey])) { dropped++; return; }
            seen[r.url] = true;
            if (sectionKey) seen[sectionKey] = true;
            out.push({
              url: r.url, title: r.title, section: r.section, kind: r.kind,
              sectionHtml: highlight(r.section, needles, 0).html,
              html: highlight(r.text, needles, 160).html
            });
          });
        }
        return out;
      }
    };
  }

  async function results(query, limit, opts) {
    return (await openResults(query, opts)).more(limit);
  }

  // --- snippets --------------------------------------------------------------------------
  function highlightNeedles(groups) {
    var needles = [];
    groups.forEach(function (g) {
      g.alts.forEach(function (a) {
        a.units.forEach(function (u) {
          if (!needles.some(function (n) { return n.text === u.text; })) {
            needles.push({ kind: u.kind, text: u.text });
          }
        });
      });
    });
    return needles;
  }

  // The text normalized the way the tokenizer sees it (NFKC, lowercase, kana folded), with
  // each normalized UTF-16 unit mapped back to the original character it came from.
  function normalizeWithMap(text) {
    var norm = [], from = [], to = [];
    var i = 0;
    for (var ch of text) {
      var n = ch.normalize('NFKC').toLowerCase();
      for (var c of n) {
        if (c === 'ー' || c === '・') {
          // Dropped by the folding, but part of the word a match ends in (サイドカー).
          if (norm.length) to[norm.length - 1] = i + ch.length;
          continue;
        }
        var last = norm.length - 1;
        if (last >= 0 && norm[last] === 'ヴ' && VU[c]) {
          norm[last] = VU[c];
          to[last] = i + ch.length;
          continue;
        }
        norm.push(c === 'ヂ' ? 'ジ' : c === 'ヅ' ? 'ズ' : c);
        from.push(i);
        to.push(i + ch.length);
      }
      i += ch.length;
    }
    for (var k = 0; k < norm.length; k++) if (norm[k] === 'ヴ') norm[k] = 'ブ';
    // Expand to one slot per UTF-16 unit so String#indexOf offsets index the maps.
    var s = '', f = [], t = [];
    norm.forEach(function (c, k) {
      s += c;
      for (var u = 0; u < c.length; u++) { f.push(from[k]); t.push(to[k]); }
    });
    return { s: s, from: f, to: t };
  }

  function findAll(hay, needle) {
    var out = [], at = hay.indexOf(needle);
    while (needle && at >= 0) {
      out.push(at);
      at = hay.indexOf(needle, at + needle.length);
    }
    return out;
  }

  // The longest stretches of `s` made of the needle's bigrams, one after another (a
  // one-character needle: its character): `サイドカーコンテナ` marks the whole word where the
  // text has it, and only where no longer stretch exists, its pieces. One pass over each,
  // so a pasted paragraph costs no more than its length.
  function cjkRanges(s, text) {
    var chars = Array.from(text), ranges = [];
    if (chars.length === 1) {
      findAll(s, chars[0]).forEach(function (at) { ranges.push([at, at + chars[0].length]); });
      return ranges;
    }
    var pairs = {};
    for (var i = 0; i + 1 < chars.length; i++) pairs[chars[i] + chars[i + 1]] = true;
    var cs = Array.from(s), offsets = [], at = 0;
    cs.forEach(function (c) { offsets.push(at); at += c.length; });
    offsets.push(at);
    var runs = [], longest = 0, start = -1;
    for (var k = 0; k + 1 <= cs.length; k++) {
      var inPair = k + 1 < cs.length && pairs[cs[k] + cs[k + 1]];
      if (inPair && start < 0) start = k;
      if (!inPair && start >= 0) {
        // Characters start..k (the pair ending at k is the last one).
        var len = k - start + 1;
        runs.push([start, k + 1, len]);
        if (len > longest) longest = len;
        start = -1;
      }
    }
    runs.forEach(function (r) {
      if (r[2] === longest) ranges.push([offsets[r[0]], offsets[r[1]]]);
    });
    return ranges;
  }

  function matchRanges(norm, original, needle) {
    var s = norm.s, ranges = [];
    if (needle.kind === 'cjk') return cjkRanges(s, needle.text);
    findAll(s, needle.text).forEach(function (at) {
      var before = at > 0 ? s.charCodeAt(at - 1) : 32;
      var after = at + needle.text.length < s.length ? s.charCodeAt(at + needle.text.length) : 32;
      var startsWord = !isAlnum(before) ||
        (isDigit(before) !== isDigit(s.charCodeAt(at))) ||
        (isUpper(original.charCodeAt(norm.from[at])) && !isUpper(original.charCodeAt(norm.from[at - 1])));
      if (!startsWord) return;
      if (needle.kind === 'number' && isDigit(after)) return;
      if (needle.text.length <= 2 && isAlnum(after)) return;
      ranges.push([at, at + needle.text.length]);
    });
    return ranges;
  }

  function escapeHtml(s) {
    return s.replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }

  // HTML of `text` (or of a window of about `width` characters around the densest matches
  // when width > 0) with the needles in <mark>.
  function highlight(text, needles, width) {
    text = text || '';
    var norm = normalizeWithMap(text), marks = [];
    needles.forEach(function (n, k) {
      matchRanges(norm, text, n).forEach(function (r) {
        marks.push({ start: norm.from[r[0]], end: norm.to[r[1] - 1], needle: k });
      });
    });
    marks.sort(function (a, b) { return a.start - b.start || b.end - a.end; });
    var merged = [];
    marks.forEach(function (mk) {
      var last = merged[merged.length - 1];
      if (last && mk.start <= last.end) {
        last.end = Math.max(last.end, mk.end);
        last.needles[mk.needle] = true;
      } else {
        var needlesHit = {};
        needlesHit[mk.needle] = true;
        merged.push({ start: mk.start, end: mk.end, needles: needlesHit });
      }
    });
    var from = 0, to = text.length;
    if (width > 0 && text.length > width) {
      var bestStart = 0, bestCount = -1;
      merged.forEach(function (mk) {
        var lo = Math.max(0, mk.start - 30), hit = {}, count = 0;
        merged.forEach(function (o) {
          if (o.start >= lo && o.end <= lo + width) {
            Object.keys(o.needles).forEach(function (k) { if (!hit[k]) { hit[k] = true; count++; } });
          }
        });
        if (count > bestCount) { bestCount = count; bestStart = lo; }
      });
      from = bestStart;
      to = Math.min(text.length, from + width);
      // Do not cut a surrogate pair.
      if (from > 0 && /[\udc00-\udfff]/.test(text[from])) from--;
      if (to < text.length && /[\udc00-\udfff]/.test(text[to])) to++;
    }
    var html = from > 0 ? '…' : '', at = from;
    merged.forEach(function (mk) {
      if (mk.end <= from || mk.start >= to) return;
      var s = Math.max(mk.start, at), e = Math.min(mk.end, to);
      html += escapeHtml(text.slice(at, s)) + '<mark>' + escapeHtml(text.slice(s, e)) + '</mark>';
      at = e;
    });
    html += escapeHtml(text.slice(at, to)) + (to < text.length && !/…$/.test(text.slice(0, to)) ? '…' : '');
    return { html: html, marks: merged.length };
  }

  // --- the UI ----------------------------------------------------------------------------
  var KIND_LABEL = {
    kep: 'KEP', gate: 'フィーチャーゲート', pr: 'PR', sig: 'SIG', release: 'リリース',
    glossary: '用語', term: '用語', article: '記事', section: ''
  };

  var PAGE_SIZE = 10, BOX_SIZE = 6;

  function searchPageHref(q) {
    return ROOT + 'search/' + (FILE ? 'index.html' : '') + '?q=' + encodeURIComponent(q);
  }

  function resultTitle(r) {
    var title = escapeHtml(r.title);
    if (r.section) title += ' <span class="search-result-section">› ' + (r.sectionHtml || escapeHtml(r.section)) + '</span>';
    return title;
  }

  function renderResultItem(r, tag, attrs) {
    var li = document.createElement(tag);
    li.className = 'search-result' + (r.id ? ' search-result-id' : '');
    Object.keys(attrs || {}).forEach(function (k) { li.setAttribute(k, attrs[k]); });
    var label = KIND_LABEL[r.kind];
    li.innerHTML = '<a href="' + escapeHtml(pageHref(r.url)) + '"' + (tag === 'li' && attrs && attrs.role ? ' tabindex="-1"' : '') + '>' +
      (label ? '<span class="kind">' + escapeHtml(label) + '</span> ' : '') +
      '<span class="search-result-title">' + resultTitle(r) + '</span></a>' +
      (r.html ? '<p class="snippet">' + r.html + '</p>' : '');
    return li;
  }

  function setupPage() {
    var list = document.getElementById('search-results');
    if (!list) return;
    var q = new URLSearchParams(location.search).get('q') || '';
    ['search-input', 'search-page-input'].forEach(function (id) {
      var input = document.getElementById(id);
      if (input && q) input.value = q;
    });
    var status = document.getElementById('search-status');
    if (!status) {
      status = document.createElement('p');
      status.id = 'search-status';
      list.parentNode.insertBefore(status, list);
    }
    status.setAttribute('role', 'status');
    if (!q.trim()) {
      list.dataset.state = 'done';
      status.textContent = '検索語を入力してください。';
      return;
    }
    list.dataset.state = 'loading';
    status.textContent = '検索中…';
    var t0 = performance.now();
    var set;
    openResults(q, { typing: false }).then(function (rs) {
      set = rs;
      return rs.more(PAGE_SIZE);
    }).then(function (rs) {
      list.textContent = '';
      rs.forEach(function (r) { list.appendChild(renderResultItem(r, 'li')); });
      var ms = Math.round(performance.now() - t0);
      showCount(status, q, set, rs.length);
      list.dataset.ms = String(ms);
      // Since the navigation started: page, script and index files included.
      list.dataset.done = String(Math.round(performance.now()));
      list.dataset.state = 'done';
      document.title = q + ' - ' + document.title;
      if (set.hasMore()) addMoreButton(list, set);
    }).catch(function (err) {
      status.textContent = '検索できませんでした: ' + err;
      list.dataset.state = 'error';
      throw err;
    });
  }

  // "「q」の検索結果: N件": N counts the results the list holds once every page is shown.
  function showCount(status, q, set, shown) {
    if (!shown) {
      status.textContent = '「' + q + '」に一致するページは見つかりませんでした。';
      return;
    }
    status.textContent = '「' + q + '」の検索結果: ' + set.total() + '件';
  }

  function addMoreButton(list, set) {
    var button = document.createElement('button');
    button.type = 'button';
    button.id = 'search-more';
    button.className = 'search-more-button';
    button.textContent = 'さらに表示';
    list.parentNode.insertBefore(button, list.nextSibling);
    button.addEventListener('click', function () {
      button.disabled = true;
      set.more(PAGE_SIZE).then(function (rs) {
        var first = null;
        rs.forEach(function (r) {
          var li = renderResultItem(r, 'li');
          first = first || li;
          list.appendChild(li);
        });
        button.disabled = false;
        var status = document.getElementById('search-status');
        if (status) showCount(status, new URLSearchParams(location.search).get('q') || '', set, list.children.length);
        if (!set.hasMore()) button.remove();
        // Keyboard users continue at the first new result.
        var a = first && first.querySelector('a');
        if (a) a.focus();
      });
    });
  }

  function setupBox() {
    var input = document.getElementById('search-input');
    if (!input) return;
    var form = input.form || input.closest('form');
    var listbox = document.getElementById('search-listbox');
    if (!listbox) {
      listbox = document.createElement('ul');
      listbox.id = 'search-listbox';
      (form || input.parentNode).appendChild(listbox);
    }
    listbox.setAttribute('role', 'listbox');
    listbox.setAttribute('aria-label', '検索候補');
    listbox.className = 'search-listbox';
    listbox.hidden = true;
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', listbox.id);
    input.setAttribute('aria-expanded', 'false');
    input.setAttribute('autocomplete', 'off');
    var active = -1, seq = 0, timer = null;

    function options() { return listbox.querySelectorAll('[role="option"]'); }
    function close() {
      listbox.hidden = true;
      input.setAttribute('aria-expanded', 'false');
      input.removeAttribute('aria-activedescendant');
      active = -1;
    }
    function open() {
      // On a narrow screen the listbox spans the viewport just below the box (search.css).
      listbox.style.setProperty('--search-top', Math.round(input.getBoundingClientRect().bottom + 4) + 'px');
      listbox.hidden = false;
      input.setAttribute('aria-expanded', 'true');
    }
    function setActive(i) {
      var opts = options();
      if (!opts.length) return;
      active = (i + opts.length) % opts.length;
      opts.forEach(function (o, k) { o.setAttribute('aria-selected', k === active ? 'true' : 'false'); });
      input.setAttribute('aria-activedescendant', opts[active].id);
      opts[active].scrollIntoView({ block: 'nearest' });
    }
    function update() {
      var q = input.value, mine = ++seq;
      if (!q.trim()) { close(); listbox.textContent = ''; return; }
      results(q, BOX_SIZE).then(function (rs) {
        if (mine !== seq) return;
        listbox.textContent = '';
        rs.forEach(function (r, k) {
          listbox.appendChild(renderResultItem(r, 'li', { role: 'option', id: 'search-opt-' + k, 'aria-selected': 'false' }));
        });
        var more = document.createElement('li');
        more.className = 'search-more';
        more.setAttribute('role', 'option');
        more.id = 'search-opt-more';
        more.setAttribute('aria-selected', 'false');
        more.innerHTML = '<a tabindex="-1" href="' + escapeHtml(searchPageHref(q)) + '">' +
          (rs.length ? 'すべての結果を表示' : '一致なし — 検索ページで探す') + '</a>';
        listbox.appendChild(more);
        active = -1;
        input.removeAttribute('aria-activedescendant');
        open();
      });
    }

    input.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(update, 60);
    });
    input.addEventListener('focus', function () {
      if (input.value.trim() && listbox.children.length) open();
    });
    // Pages load this script when the reader first goes to the box: what was typed before it
    // arrived is searched now.
    if (document.activeElement === input && input.value.trim()) update();
    input.addEventListener('keydown', function (e) {
      if (e.isComposing || e.keyCode === 229) return; // an IME is converting
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        if (listbox.hidden) {
          if (listbox.children.length) open(); else update();
          return;
        }
        setActive(active + (e.key === 'ArrowDown' ? 1 : -1));
      } else if (e.key === 'Enter') {
        var opts = options();
        if (!listbox.hidden && active >= 0 && opts[active]) {
          e.preventDefault();
          location.href = opts[active].querySelector('a').href;
        }
      } else if (e.key === 'Escape') {
        if (!listbox.hidden) { e.preventDefault(); close(); } else if (input.value) { input.value = ''; }
      }
    });
    listbox.addEventListener('mousedown', function (e) { e.preventDefault(); });
    input.addEventListener('blur', function () { setTimeout(close, 150); });
    if (form) {
      form.addEventListener('submit', function (e) {
        e.preventDefault();
        if (input.value.trim()) location.href = searchPageHref(input.value);
      });
    }
    document.addEventListener('keydown', function (e) {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
      var t = e.target;
      if (t && (t.isContentEditable || /^(input|textarea|select)$/i.test(t.tagName))) return;
      e.preventDefault();
      input.focus();
      input.select();
    });
  }

  function init() {
    setupBox();
    setupPage();
  }

  window.shioriSearch = {
    units: units,
    tokenize: tokenize,
    idValue: idValue,
    fnv: fnv,
    search: search,
    results: results,
    highlight: function (text, query) { return highlight(text, highlightNeedles(makeGroups(units(query))), 0).html; },
    loaded: function () { return loadedNames.slice(); },
    root: ROOT
  };

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
