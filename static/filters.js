// Facet filters for the KEP, feature-gate and SIG tables (shiori).
//
// Each row carries data-rs="1.31:alpha 1.32:none" (release:stage pairs its mentions state; a
// bare "1.29:" is a release with no stage claim) and data-sig="node". A row shows when one pair
// matches both the chosen releases and the chosen stages, and its SIG is among the chosen SIGs:
// AND across facets, OR within one; an empty facet matches everything. The choice lives in the
// query string (?release=1.31&stage=alpha&sig=node), so a filtered view can be shared and is
// restored on load. Without this script the form stays hidden and the whole table shows.
(function () {
  "use strict";
  var FACETS = ["release", "stage", "sig"];

  function chosen(form) {
    var out = {};
    FACETS.forEach(function (name) {
      out[name] = [];
      form.querySelectorAll("input[name='" + name + "']:checked").forEach(function (box) {
        out[name].push(box.value);
      });
    });
    return out;
  }

  function pairsOf(row) {
    return (row.getAttribute("data-rs") || "").split(" ").filter(Boolean).map(function (p) {
      var i = p.indexOf(":");
      return { release: p.slice(0, i), stage: p.slice(i + 1) };
    });
  }

  function matches(row, c) {
    if (c.sig.length && c.sig.indexOf(row.getAttribute("data-sig") || "") < 0) return false;
    if (!c.release.length && !c.stage.length) return true;
    return pairsOf(row).some(function (p) {
      // A bare "1.29:" says nothing about stages: it matches only when no stage is chosen.
      var stageOk = c.stage.length ? p.stage !== "" && c.stage.indexOf(p.stage) >= 0 : true;
      var releaseOk = c.release.length ? c.release.indexOf(p.release) >= 0 : true;
      return stageOk && releaseOk;
    });
  }

  function toQuery(c) {
    var parts = [];
    FACETS.forEach(function (name) {
      c[name].forEach(function (v) {
        parts.push(encodeURIComponent(name) + "=" + encodeURIComponent(v));
      });
    });
    return parts.length ? "?" + parts.join("&") : "";
  }

  function fromQuery(form) {
    var query = window.location.search.replace(/^\?/, "");
    if (!query) return;
    query.split("&").forEach(function (kv) {
      var i = kv.indexOf("=");
      if (i < 0) return;
      var name = decodeURIComponent(kv.slice(0, i));
      var value = decodeURIComponent(kv.slice(i + 1).replace(/\+/g, " "));
      if (FACETS.indexOf(name) < 0) return;
      form.querySelectorAll("input[name='" + name + "']").forEach(function (box) {
        if (box.value === value) box.checked = true;
      });
    });
  }

  function apply(form, table, remember) {
    var c = chosen(form);
    var rows = table.tBodies[0] ? table.tBodies[0].rows : [];
    var shown = 0;
    Array.prototype.forEach.call(rows, function (row) {
      var ok = matches(row, c);
      row.hidden = !ok;
      if (ok) shown++;
    });
    var count = form.querySelector(".filter-count");
    if (count) count.textContent = rows.length + "件中 " + shown + "件を表示";
    var empty = document.querySelector(".filter-empty");
    if (empty) empty.hidden = shown > 0;
    if (remember) {
      try {
        window.history.replaceState(null, "", window.location.pathname + toQuery(c) + window.location.hash);
      } catch (e) {
        // Some browsers refuse history changes on file:// pages; the filter still works.
      }
    }
  }

  document.querySelectorAll("form.filters[data-filter]").forEach(function (form) {
    var table = document.getElementById(form.getAttribute("data-filter"));
    if (!table) return;
    form.hidden = false;
    fromQuery(form);
    apply(form, table, false);
    form.addEventListener("change", function () { apply(form, table, true); });
    form.addEventListener("submit", function (e) { e.preventDefault(); });
    form.addEventListener("reset", function () {
      // The boxes are cleared after this event returns.
      window.setTimeout(function () { apply(form, table, true); }, 0);
    });
  });
})();
