// Glossary tooltips in articles (shiori).
//
// Each term is <span class="term"><a aria-describedby="tip-N">…</a><span class="term-tip"
// role="tooltip" id="tip-N">EN / JA — definition</span></span>. CSS alone shows the tip on
// hover (where the device can hover) and on keyboard focus; this script adds:
//  - tap: the first tap on a term opens its tip instead of following the link, a second tap on
//    the same term follows it, a tap anywhere else closes it;
//  - Escape closes the tip that is showing (it stays closed until focus or pointer leave);
//  - placement: a tip that would run off the side of the window is shifted back in, and one
//    that would run off the top opens below the term.
//  - the reader's switch (button.terms-toggle): term links off (plain text, no tooltips) or on,
//    kept in localStorage ("shiori-terms") for every page and tab; article.html applies a
//    stored "off" before the page paints.
// Without this script, hover and focus still work and a tap follows the link.
(function () {
  "use strict";

  function termOf(node) {
    return node && node.closest ? node.closest(".term") : null;
  }

  function tipOf(term) {
    return term.querySelector(".term-tip");
  }

  function place(term) {
    var tip = tipOf(term);
    if (!tip) return;
    tip.style.removeProperty("--shift");
    term.classList.remove("below");
    // On narrow screens the tip is a sheet fixed to the bottom: nothing to place.
    if (window.getComputedStyle(tip).position === "fixed") return;
    var r = tip.getBoundingClientRect();
    var margin = 8;
    var width = document.documentElement.clientWidth;
    var shift = 0;
    if (r.right > width - margin) shift = width - margin - r.right;
    if (r.left + shift < margin) shift = margin - r.left;
    if (shift) tip.style.setProperty("--shift", Math.round(shift) + "px");
    if (r.top < margin) term.classList.add("below");
  }

  function close(term) {
    term.classList.remove("open");
  }

  function closeAll(except) {
    document.querySelectorAll(".term.open").forEach(function (t) {
      if (t !== except) close(t);
    });
  }

  // The touch that is going on: its term, and whether that term's tip was already open.
  var tap = null;

  document.addEventListener("pointerdown", function (e) {
    var term = termOf(e.target);
    if (!term) closeAll(null);
    tap = term && e.pointerType !== "mouse" ? { term: term, open: term.classList.contains("open") } : null;
  }, true);

  document.addEventListener("click", function (e) {
    var term = termOf(e.target);
    var t = tap;
    tap = null;
    if (!term || !t || t.term !== term) return;
    if (!t.open) {
      // First tap: show the pair and the definition; the next tap follows the link.
      e.preventDefault();
      closeAll(term);
      term.classList.remove("dismissed");
      place(term);
      term.classList.add("open");
    }
  });

  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape" && e.key !== "Esc") return;
    document.querySelectorAll(".term.open, .term:hover, .term:focus-within").forEach(function (t) {
      close(t);
      t.classList.add("dismissed");
    });
  });

  function reset(e) {
    var term = termOf(e.target);
    if (!term || term.contains(e.relatedTarget)) return;
    term.classList.remove("dismissed");
    if (e.type === "focusout") close(term);
  }
  document.addEventListener("focusout", reset);
  document.addEventListener("pointerout", reset);

  function show(e) {
    var term = termOf(e.target);
    if (term && !term.contains(e.relatedTarget)) place(term);
  }
  document.addEventListener("focusin", show);
  document.addEventListener("pointerover", show);

  // --- the reader's switch ------------------------------------------------------------------
  var KEY = "shiori-terms";
  function storedOn() {
    try { return window.localStorage.getItem(KEY) !== "off"; } catch (e) { return true; }
  }
  function setTerms(on) {
    document.documentElement.classList.toggle("terms-off", !on);
    // Off, the words are text: out of the tab order too.
    document.querySelectorAll(".term > a").forEach(function (a) {
      if (on) a.removeAttribute("tabindex"); else a.setAttribute("tabindex", "-1");
    });
    document.querySelectorAll(".terms-toggle").forEach(function (b) {
      b.setAttribute("aria-pressed", on ? "true" : "false");
    });
    if (!on) closeAll(null);
  }
  document.querySelectorAll(".terms-toggle").forEach(function (b) {
    b.hidden = false;
    b.addEventListener("click", function () {
      var on = b.getAttribute("aria-pressed") !== "true";
      try { window.localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* file:// or private mode */ }
      setTerms(on);
    });
  });
  setTerms(storedOn());
  // Another tab switched: follow it.
  window.addEventListener("storage", function (e) { if (e.key === KEY) setTerms(storedOn()); });
})();
