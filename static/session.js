// shiori session checklist: on a release page and its handout, each change ([data-item]) can be
// marked 既読 / 議論する / 担当 (a name). The marks are kept in the browser (localStorage, one
// entry per release, shared by the release page and the handout), can be exported as Markdown
// and CSV for the meeting notes, and the items to discuss can be shared as a URL
// (`?discuss=kep-2837,gate-WatchList`), which opens with those items marked and shown alone.
// Also: the handout's date line is today's date, and its print button prints.
(function () {
  "use strict";

  document.querySelectorAll("[data-print]").forEach(function (b) {
    b.addEventListener("click", function () { window.print(); });
  });
  document.querySelectorAll("time[data-today]").forEach(function (t) {
    var d = new Date();
    var iso = d.getFullYear() + "-" + String(d.getMonth() + 1).padStart(2, "0") + "-" +
      String(d.getDate()).padStart(2, "0");
    t.setAttribute("datetime", iso);
    t.textContent = iso;
  });

  var scope = document.querySelector("[data-release]");
  if (!scope) return;
  var release = scope.getAttribute("data-release");
  var items = Array.prototype.slice.call(scope.querySelectorAll("[data-item]"));
  if (!items.length) return;
  // One entry per site and release: the site's root folder tells two sites apart, which on
  // file:// share one origin.
  var root = new URL(document.documentElement.getAttribute("data-root") || "./", location.href);
  var KEY = "shiori.session:" + root.pathname + ":" + release;

  function load() {
    try {
      var v = JSON.parse(localStorage.getItem(KEY) || "{}");
      return v && typeof v === "object" && v.items ? v : { items: {} };
    } catch (e) {
      return { items: {} };
    }
  }
  var state = load();
  function save() {
    try { localStorage.setItem(KEY, JSON.stringify(state)); } catch (e) { /* private mode */ }
  }
  function mark(id) {
    return state.items[id] || (state.items[id] = { read: false, discuss: false, owner: "" });
  }

  // A shared link: the items it names are to be discussed, and shown alone.
  var params = new URLSearchParams(location.search);
  var shared = (params.get("discuss") || "").split(",").filter(Boolean);
  shared.forEach(function (id) { mark(id).discuss = true; });
  if (shared.length) save();

  function text(el, sel) {
    var x = el.querySelector(sel);
    return x ? x.textContent.trim() : "";
  }
  // What an item is, read from its markup: the release page's <li> or the handout's <tr>.
  function describe(el) {
    return {
      id: el.getAttribute("data-item"),
      stage: el.getAttribute("data-stage-label") || "",
      label: text(el, "a.chip") || text(el, "th a"),
      title: text(el, ".change-title") || text(el, "td.title"),
    };
  }

  function control(el) {
    var id = el.getAttribute("data-item");
    var box = document.createElement("span");
    box.className = "checklist";
    function check(field, label) {
      var l = document.createElement("label");
      var c = document.createElement("input");
      c.type = "checkbox";
      c.setAttribute("data-mark", field);
      l.appendChild(c);
      l.appendChild(document.createTextNode(label));
      c.addEventListener("change", function () {
        mark(id)[field] = c.checked;
        save();
        paint();
      });
      box.appendChild(l);
    }
    check("read", "既読");
    check("discuss", "議論する");
    var owner = document.createElement("input");
    owner.type = "text";
    owner.placeholder = "担当";
    owner.setAttribute("aria-label", "担当");
    owner.setAttribute("data-mark", "owner");
    owner.addEventListener("input", function () {
      mark(id).owner = owner.value;
      save();
      paint();
    });
    box.appendChild(owner);
    var host = el.querySelector("td.memo") || el;
    host.appendChild(box);
  }
  items.forEach(control);

  var only = false;
  var tools = document.createElement("div");
  tools.className = "session-tools";
  tools.innerHTML =
    '<span class="summary" aria-live="polite"></span>' +
    '<button type="button" data-act="only" aria-pressed="false">議論する項目だけ表示</button>' +
    '<button type="button" data-act="share">共有用 URL</button>' +
    '<button type="button" data-act="md">Markdown で書き出す</button>' +
    '<button type="button" data-act="csv">CSV で書き出す</button>' +
    '<button type="button" data-act="clear">印をすべて消す</button>' +
    '<textarea class="export" readonly hidden aria-label="書き出した内容"></textarea>';
  if (scope.tagName === "TABLE") scope.parentNode.insertBefore(tools, scope);
  else scope.insertBefore(tools, scope.querySelector(".stage-group, ul") || scope.firstChild);
  var out = tools.querySelector("textarea");

  function paint() {
    var read = 0, discuss = 0;
    items.forEach(function (el) {
      var m = state.items[el.getAttribute("data-item")] || {};
      el.querySelectorAll("[data-mark]").forEach(function (c) {
        var f = c.getAttribute("data-mark");
        if (c.type === "checkbox") {
          c.checked = !!m[f];
          c.parentNode.classList.toggle("on", !!m[f]);
        } else if (document.activeElement !== c) {
          c.value = m[f] || "";
        }
      });
      el.classList.toggle("is-read", !!m.read);
      el.classList.toggle("is-discuss", !!m.discuss);
      el.hidden = only && !m.discuss;
      if (m.read) read += 1;
      if (m.discuss) discuss += 1;
    });
    tools.querySelector(".summary").textContent =
      items.length + "件中 既読 " + read + "・議論する " + discuss;
    var b = tools.querySelector('[data-act="only"]');
    b.setAttribute("aria-pressed", only ? "true" : "false");
    // A stage group whose every item is hidden hides with them.
    scope.querySelectorAll(".stage-group").forEach(function (g) {
      g.hidden = only && !g.querySelector("[data-item]:not([hidden])");
    });
  }

  function rows() {
    return items.map(function (el) {
      var d = describe(el);
      var m = state.items[d.id] || {};
      d.read = !!m.read;
      d.discuss = !!m.discuss;
      d.owner = m.owner || "";
      return d;
    });
  }

  function markdown() {
    var lines = ["# Kubernetes " + release + " 勉強会メモ", ""];
    var stage = null;
    rows().forEach(function (r) {
      if (r.stage !== stage) {
        if (stage !== null) lines.push("");
        lines.push("## " + r.stage, "");
        stage = r.stage;
      }
      var tags = [];
      if (r.discuss) tags.push("議論する");
      if (r.owner) tags.push("担当: " + r.owner);
      lines.push("- [" + (r.read ? "x" : " ") + "] " + r.label + (r.title ? " " + r.title : "") +
        (tags.length ? " — " + tags.join("、") : ""));
    });
    return lines.join("\n") + "\n";
  }

  // A cell a spreadsheet would read as a formula starts with a quote instead.
  function cell(v) {
    v = String(v);
    if (/^[=+\-@]/.test(v)) v = "'" + v;
    return /[",\n\r]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v;
  }
  function csv() {
    var lines = [["stage", "id", "label", "title", "read", "discuss", "owner"].join(",")];
    rows().forEach(function (r) {
      lines.push([r.stage, r.id, r.label, r.title, r.read ? "1" : "0", r.discuss ? "1" : "0", r.owner]
        .map(cell).join(","));
    });
    return lines.join("\r\n") + "\r\n";
  }

  function shareUrl() {
    var ids = rows().filter(function (r) { return r.discuss; }).map(function (r) { return r.id; });
    var u = new URL(location.href);
    u.hash = "";
    if (ids.length) u.searchParams.set("discuss", ids.join(","));
    else u.searchParams.delete("discuss");
    return u.toString();
  }

  function show(content, file, type) {
    out.hidden = false;
    out.value = content;
    out.select();
    if (file) {
      // A download made here, from a Blob: works from file:// and needs no server.
      var a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([type === "text/csv" ? "\ufeff" + content : content],
        { type: type + ";charset=utf-8" }));
      a.download = file;
      document.body.appendChild(a);
      a.click();
      setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 0);
    }
  }

  tools.addEventListener("click", function (e) {
    var b = e.target.closest("button[data-act]");
    if (!b) return;
    var act = b.getAttribute("data-act");
    if (act === "only") { only = !only; paint(); }
    else if (act === "share") {
      var u = shareUrl();
      show(u);
      if (navigator.clipboard) navigator.clipboard.writeText(u).catch(function () {});
    }
    else if (act === "md") show(markdown(), "k8s-" + release + "-session.md", "text/markdown");
    else if (act === "csv") show(csv(), "k8s-" + release + "-session.csv", "text/csv");
    else if (act === "clear" && confirm("このリリースの印をすべて消しますか？")) {
      state = { items: {} };
      save();
      paint();
    }
  });

  if (shared.length) only = true;
  paint();
})();
