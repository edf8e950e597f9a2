// shiori slides: steps through the <section class="slide"> elements of a deck page one at a
// time. An article's deck is cut here from its HTML (div[data-deck-source]): one slide per
// section, or per item of a section that is a changelog list; a Marp deck at its own `---`.
// Keys: → ← Space PageUp PageDown Home End, f for full screen, Escape back to the page (a term's tooltip that is showing closes
// first). The slide number lives in the URL (#12), so a reload or a shared link lands on the same
// slide. No library, no network: it works from file:// too. Without JavaScript the slides read
// one after another.
(function () {
  "use strict";
  var deck = document.querySelector("main.deck");
  if (!deck) return;

  // A section whose content is a list of more items than this is a changelog: one slide each.
  var LIST_ITEMS_PER_SLIDE = 3;

  // A slide cut from an article is prose, like the article page: the site's styles for its
  // links (terms, references, links that leave the site), IDs kept whole, code and alerts.
  function slide(cls) {
    var s = document.createElement("section");
    s.className = "slide prose " + cls;
    s.setAttribute("aria-roledescription", "スライド");
    return s;
  }

  function kicker(text) {
    var p = document.createElement("p");
    p.className = "kicker";
    p.textContent = text;
    return p;
  }

  // Cuts the article's HTML into slides at its h2/h3 headings; a section that is mostly one
  // long list becomes one slide per item, under the section's title.
  function cut(source) {
    var sections = [];
    var current = { heading: null, nodes: [] };
    Array.prototype.forEach.call(source.children, function (el) {
      if (/^H[1-3]$/.test(el.tagName)) {
        if (current.heading || current.nodes.length) sections.push(current);
        current = { heading: el, nodes: [] };
      } else {
        current.nodes.push(el);
      }
    });
    if (current.heading || current.nodes.length) sections.push(current);
    var out = [];
    sections.forEach(function (sec) {
      var title = sec.heading ? sec.heading.textContent.trim() : "";
      var lists = sec.nodes.filter(function (n) { return /^(UL|OL)$/.test(n.tagName); });
      var items = lists.reduce(function (n, l) { return n + l.children.length; }, 0);
      if (items > LIST_ITEMS_PER_SLIDE) {
        var lead = sec.nodes.filter(function (n) { return lists.indexOf(n) < 0; });
        if (sec.heading || lead.length) {
          var first = slide("slide-section");
          if (sec.heading) first.appendChild(sec.heading);
          lead.forEach(function (n) { first.appendChild(n); });
          out.push(first);
        }
        var k = 0;
        lists.forEach(function (list) {
          Array.prototype.slice.call(list.children).forEach(function (li) {
            k += 1;
            var s = slide("slide-item");
            s.appendChild(kicker((title ? title + " · " : "") + k + " / " + items));
            var l = document.createElement(list.tagName);
            l.className = "slide-one";
            l.appendChild(li);
            s.appendChild(l);
            out.push(s);
          });
        });
      } else {
        var s = slide("slide-section");
        if (sec.heading) s.appendChild(sec.heading);
        sec.nodes.forEach(function (n) { s.appendChild(n); });
        out.push(s);
      }
    });
    replaceWith(source, out);
  }

  // The deck's source gives way to the slides cut from it.
  function replaceWith(source, slides) {
    slides.forEach(function (s) { source.parentNode.insertBefore(s, source); });
    source.parentNode.removeChild(source);
  }

  // A Marp deck (`data-deck-breaks`) is cut where its author cut it: at each `---`, an <hr>
  // between the slides, none of which is shown.
  function cutAtBreaks(source) {
    var out = [], current = slide("slide-section");
    Array.prototype.slice.call(source.children).forEach(function (el) {
      if (el.tagName === "HR") {
        if (current.childNodes.length) out.push(current);
        current = slide("slide-section");
      } else {
        current.appendChild(el);
      }
    });
    if (current.childNodes.length) out.push(current);
    replaceWith(source, out);
  }

  var source = deck.querySelector("[data-deck-source]");
  if (source && source.hasAttribute("data-deck-breaks") && source.querySelector(":scope > hr")) {
    cutAtBreaks(source);
  } else if (source) {
    cut(source);
  }

  var slides = Array.prototype.slice.call(deck.querySelectorAll(":scope > section.slide"));
  var n = slides.length;
  if (!n) return;
  document.documentElement.classList.add("deck-on");
  var count = document.querySelector(".deck-count");
  var back = document.querySelector("[data-deck-back]");
  var current = 0;

  function fromHash() {
    var m = /^#(\d+)$/.exec(location.hash);
    return m ? parseInt(m[1], 10) : 1;
  }

  function show(i) {
    i = Math.max(1, Math.min(n, i));
    current = i;
    slides.forEach(function (s, j) {
      s.hidden = j !== i - 1;
      s.setAttribute("aria-label", (j + 1) + " / " + n);
    });
    if (count) count.textContent = i + " / " + n;
    document.documentElement.setAttribute("data-slide", String(i));
    // replaceState: stepping through a deck is not a hundred entries of history.
    if (location.hash !== "#" + i) history.replaceState(null, "", "#" + i);
    fit(slides[i - 1]);
    slides[i - 1].scrollTop = 0;
  }

  // A slide with more than the screen holds gets smaller type, step by step, down to a floor
  // that stays readable from the back of the room (half the slide's type, and never under 16px,
  // a phone's body text); past that it scrolls.
  var SHRINK_STEP = 0.9;
  var SMALLEST = 0.5;
  var SMALLEST_PX = 16;
  // Measured from the first child's top to the last one's bottom, not by scrollHeight: a term's
  // hidden tooltip below the last line is no text that needs room.
  function overflows(s) {
    var first = s.firstElementChild, last = s.lastElementChild;
    if (!first) return false;
    var cs = window.getComputedStyle(s);
    var room = s.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
    return last.getBoundingClientRect().bottom - first.getBoundingClientRect().top > room + 1;
  }
  function fit(s) {
    s.style.fontSize = "";
    var base = parseFloat(window.getComputedStyle(s).fontSize);
    var size = base;
    var floor = Math.max(base * SMALLEST, SMALLEST_PX);
    while (overflows(s) && size * SHRINK_STEP >= floor) {
      size *= SHRINK_STEP;
      s.style.fontSize = size.toFixed(1) + "px";
    }
  }
  window.addEventListener("resize", function () { fit(slides[current - 1]); });

  function fullscreen() {
    if (document.fullscreenElement) {
      if (document.exitFullscreen) document.exitFullscreen();
    } else if (document.documentElement.requestFullscreen) {
      document.documentElement.requestFullscreen().catch(function () {});
    }
  }

  // A glossary tooltip showing on the slide (static/terms.js): Escape closes it there first.
  function tipShowing() {
    return Array.prototype.some.call(slides[current - 1].querySelectorAll(".term-tip"), function (t) {
      return window.getComputedStyle(t).visibility === "visible";
    });
  }

  // In the capture phase: the deck sees a key before terms.js closes a tooltip on it.
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    switch (e.key) {
      case "ArrowRight": case "PageDown": case "ArrowDown":
        show(current + 1); break;
      case " ": case "Spacebar":
        show(e.shiftKey ? current - 1 : current + 1); break;
      case "ArrowLeft": case "PageUp": case "ArrowUp":
        show(current - 1); break;
      case "Home": show(1); break;
      case "End": show(n); break;
      case "f": case "F": fullscreen(); break;
      case "Escape":
        // In full screen the browser leaves it on Escape itself; otherwise back to the page.
        if (tipShowing()) return;
        if (!document.fullscreenElement && back) location.href = back.href;
        break;
      default: return;
    }
    e.preventDefault();
  }, true);

  document.querySelectorAll("[data-deck]").forEach(function (b) {
    b.addEventListener("click", function () {
      var what = b.getAttribute("data-deck");
      if (what === "prev") show(current - 1);
      else if (what === "next") show(current + 1);
      else fullscreen();
    });
  });

  window.addEventListener("hashchange", function () { show(fromHash()); });
  show(fromHash());
})();
