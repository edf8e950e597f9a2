// Facet filters for the KEP, feature-gate and SIG tables and the glossary index (shiori).
//
// A form.filters[data-filter="ID"] filters the element with that id: the rows of a table, or
// the [data-id] items inside anything else. The facets are the names of the form's checkboxes.
// Table rows carry data-rs="1.31:alpha 1.32:none" (release:stage pairs their mentions state; a
// bare "1.29:" is a release with no stage claim): the release and stage facets must hold for
// one pair. Any other facet NAME matches the item's data-NAME (space-separated values, e.g.
// data-sig="node", data-kind="api_kind"). An item shows when every facet matches: AND across
// facets, OR within one; an empty facet matches everything. Items sharing a data-id are one
// entry for the count (the glossary lists each term in two indexes), and a [data-filter-group]
// whose items are all hidden is hidden too. The choice lives in the query string
// (?release=1.31&stage=alpha&sig=node, ?kind=api_kind), so a filtered view can be shared and is
// restored on load. Without this script the form stays hidden and everything shows. A printed
// page has no form: the p.filter-print after it says what is chosen and how many show.
(function () {
  "use strict";

  function facetsOf(form) {
    var names = [];
    form.querySelectorAll("input[type='checkbox'][name]").forEach(function (box) {
      if (names.indexOf(box.name) < 0) names.push(box.name);
    });
    return names;
  }

  function chosen(form, facets) {
    var out = {};
    facets.forEach(function (name) {
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

  function valuesOf(item, name) {
    return (item.getAttribute("data-" + name) || "").split(" ").filter(Boolean);
  }

  function matches(item, c, facets) {
    var ok = facets.every(function (name) {
      if (name === "release" || name === "stage" || !c[name].length) return true;
      return valuesOf(item, name).some(function (v) { return c[name].indexOf(v) >= 0; });
    });
    if (!ok) return false;
    var release = c.release || [], stage = c.stage || [];
    if (!release.length && !stage.length) return true;
    return pairsOf(item).some(function (p) {
      // A bare "1.29:" says nothing about stages: it matches only when no stage is chosen.
      var stageOk = stage.length ? p.stage !== "" && stage.indexOf(p.stage) >= 0 : true;
      var releaseOk = release.length ? release.indexOf(p.release) >= 0 : true;
      return stageOk && releaseOk;
    });
  }

  function toQuery(c, facets) {
    var parts = [];
    facets.forEach(function (name) {
      c[name].forEach(function (v) {
        parts.push(encodeURIComponent(name) + "=" + encodeURIComponent(v));
      });
    });
    return parts.length ? "?" + parts.join("&") : "";
  }

  function fromQuery(form, facets) {
    var query = window.location.search.replace(/^\?/, "");
    if (!query) return;
    query.split("&").forEach(function (kv) {
      var i = kv.indexOf("=");
      if (i < 0) return;
      var name = decodeURIComponent(kv.slice(0, i));
      var value = decodeURIComponent(kv.slice(i + 1).replace(/\+/g, " "));
      if (facets.indexOf(name) < 0) return;
      form.querySelectorAll("input[name='" + name + "']").forEach(function (box) {
        if (box.value === value) box.checked = true;
      });
    });
  }

  function itemsOf(target) {
    if (target.tBodies) return target.tBodies[0] ? Array.prototype.slice.call(target.tBodies[0].rows) : [];
    return Array.prototype.slice.call(target.querySelectorAll("[data-id]"));
  }

  function apply(form, target, remember) {
    var facets = facetsOf(form);
    var c = chosen(form, facets);
    var all = {}, shown = {}, total = 0, count = 0;
    itemsOf(target).forEach(function (item, i) {
      var ok = matches(item, c, facets);
      item.hidden = !ok;
      var key = item.getAttribute("data-id") || "#" + i;
      if (!all[key]) { all[key] = true; total++; }
      if (ok && !shown[key]) { shown[key] = true; count++; }
    });
    target.querySelectorAll("[data-filter-group]").forEach(function (group) {
      group.hidden = !group.querySelector("[data-id]:not([hidden])");
    });
    var out = form.querySelector(".filter-count");
    if (out) out.textContent = total + "件中 " + count + "件を表示";
    describeForPrint(form, total + "件中 " + count + "件を表示");
    var empty = document.querySelector(".filter-empty");
    if (empty) empty.hidden = count > 0;
    if (remember) {
      try {
        window.history.replaceState(null, "", window.location.pathname + toQuery(c, facets) + window.location.hash);
      } catch (e) {
        // Some browsers refuse history changes on file:// pages; the filter still works.
      }
    }
  }

  // "絞り込み: リリース 1.31 / 段階 アルファ、ベータ — 160件中 12件を表示" in the p.filter-print
  // after the form; hidden when nothing is chosen.
  function describeForPrint(form, counted) {
    var note = form.nextElementSibling;
    if (!note || !note.classList.contains("filter-print")) return;
    var said = [];
    form.querySelectorAll("fieldset").forEach(function (fieldset) {
      var picked = [];
      fieldset.querySelectorAll("input:checked").forEach(function (box) {
        picked.push(box.parentNode.textContent.trim());
      });
      var legend = fieldset.querySelector("legend");
      if (picked.length) said.push((legend ? legend.textContent.trim() + " " : "") + picked.join("、"));
    });
    note.textContent = "絞り込み: " + said.join(" / ") + " — " + counted;
    note.hidden = !said.length;
  }

  document.querySelectorAll("form.filters[data-filter]").forEach(function (form) {
    var target = document.getElementById(form.getAttribute("data-filter"));
    if (!target) return;
    form.hidden = false;
    fromQuery(form, facetsOf(form));
    apply(form, target, false);
    form.addEventListener("change", function () { apply(form, target, true); });
    form.addEventListener("submit", function (e) { e.preventDefault(); });
    form.addEventListener("reset", function () {
      // The boxes are cleared after this event returns.
      window.setTimeout(function () { apply(form, target, true); }, 0);
    });
  });

  // A table wider than the screen says so below it (p.scroll-hint), until the reader has
  // scrolled it to its end.
  document.querySelectorAll(".table-scroll").forEach(function (box) {
    var hint = box.nextElementSibling;
    if (!hint || !hint.classList.contains("scroll-hint")) return;
    function update() {
      hint.hidden = box.scrollWidth - box.clientWidth < 2 || box.scrollLeft + box.clientWidth >= box.scrollWidth - 2;
    }
    box.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    update();
  });
})();
