// Prime Challenge and Prime Solitaire: picking up cards on the player's own screen (issue 30,
// docs/rules.md "Every tap lands"). The cards are checkboxes of one form (data-pick); app.js
// keeps the ticks through every new board, numbers them in the order tapped and sends them in
// that order with "Take this set". This file only shows the pick: the cards' order numbers,
// the line under the pick (in the words of the rules' own lines: challenge/view.py pick_claim
// and product_so_far; solitaire/state.py claim_line, selection_line and the verdicts), the buttons
// that need a pick, Solitaire's covered cards, and Enter picking a card as a tap does. The
// rules judge the set when it is taken. Loaded once with the page; boards swapped in by htmx
// are found at each change.
(function () {
  "use strict";
  if (window.primePakPicks) return;
  window.primePakPicks = true;
  document.documentElement.classList.add("pp-js");

  var TAKE = "“Take this set”";

  function ticked(form) {
    var boxes = Array.prototype.filter.call(form.elements, function (el) {
      return el.type === "checkbox" && el.checked;
    });
    boxes.sort(function (a, b) {
      return (parseInt(a.getAttribute("data-order"), 10) || 0) - (parseInt(b.getAttribute("data-order"), 10) || 0);
    });
    return boxes;
  }
  function label(box) { return box.closest("[data-card]").getAttribute("data-card"); }
  function product(numbers) { return numbers.reduce(function (a, b) { return a * b; }, 1); }
  function setText(el, text) { if (el && el.textContent !== text) el.textContent = text; }

  // --- Prime Challenge: the pick in the order picked up, the answer first ------------------
  function soFar(labels) {  // challenge/view.py product_so_far
    if (!labels.length) return "Pick the answer first, then the numbers that multiply to make it.";
    var first = labels[0];
    if (first === "prime") return "A prime card can't be the answer: start with a number card.";
    var rest = labels.slice(1);
    if (!rest.length) return "Answer " + first + ": now pick numbers that multiply to make " + first + ".";
    var numbers = rest.filter(function (l) { return l !== "prime"; }).map(Number);
    var wilds = rest.length - numbers.length;
    var shown = numbers.map(String).concat(Array(wilds).fill("prime")).join(" × ");
    var said = numbers.length > 1 && !wilds ? shown + " = " + product(numbers) : shown;
    return said + " so far (you want " + first + ").";
  }
  function claim(labels) {  // challenge/view.py pick_claim
    if (labels.length < 2 || labels[0] === "prime") return soFar(labels);
    var answer = labels[0], numbers = labels.slice(1).join(" × ");
    if (labels.length === 2) {
      return answer + " = " + numbers + " × … Pick more numbers that multiply to make " + answer + ".";
    }
    return answer + " = " + numbers + "? Multiply to check, then press " + TAKE + ".";
  }
  function showChallenge(form) {
    var boxes = ticked(form);
    var labels = boxes.map(label);
    Array.prototype.forEach.call(form.querySelectorAll(".pc-card .order"), function (badge) {
      var box = badge.parentNode.querySelector(".pc-tick");
      setText(badge, box && box.checked ? box.getAttribute("data-order") || "" : "");
    });
    var says = document.getElementById("pc-pick-says");
    if (says) {
      var row = says.querySelector(".pc-picked");
      row.replaceChildren();
      labels.forEach(function (text) {
        var mini = document.createElement("span");
        mini.className = "pc-mini" + (text === "prime" ? " wild" : "");
        mini.textContent = text;
        row.appendChild(mini);
      });
      if (!labels.length) {
        var none = document.createElement("span");
        none.className = "pc-none";
        none.textContent = "No cards picked up";
        row.appendChild(none);
      }
      setText(says.querySelector(".pc-product"),
        form.hasAttribute("data-product-shown") ? soFar(labels) : claim(labels));
    }
    buttons(form, boxes.length, 3);
  }

  // --- Prime Solitaire: a set in any order, the biggest card its answer ----------------------
  var MORE = "Choose more cards: a factor set has at least 3.";
  var READY = "That is a factor set! Press " + TAKE + ".";
  var CHECK = "Multiply to check, then press " + TAKE + ". Not a set? The game says why.";
  var NO_ANSWER_YET = "None of these cards is the answer yet. Add the card they make, or put a card back.";
  var SKIPPED = "Take the top card of the face-up pile and the cards right under it. No skipping!";
  var NO_LAYOUT = "Every set needs at least one card from the layout.";
  function others(cards) {
    var rest = cards.slice();
    rest.splice(rest.indexOf(Math.max.apply(null, cards)), 1);
    return rest;
  }
  function claimLine(cards) {  // solitaire.claim_line
    if (cards.length <= 1) return cards.join(" ");
    var rest = others(cards), said = rest.join(" × ");
    return Math.max.apply(null, cards) + " = " + said + (rest.length === 1 ? " × ?" : "?");
  }
  function reading(cards) {  // solitaire._reading: [answer or null, the multipliers]
    var answer = Math.max.apply(null, cards), rest = others(cards), made = product(rest);
    if ((made === answer && cards.length >= 3) || 2 * made <= answer) return [answer, rest];
    return [null, cards.slice()];
  }
  function selectionLine(cards) {  // solitaire.selection_line
    if (cards.length <= 1) return cards.join(" ");
    var read = reading(cards), said = read[1].join(" × "), made = product(read[1]);
    if (read[0] === null) return said + " = " + made;
    if (read[1].length === 1) return read[0] + " = " + said + " × ?";
    return made === read[0] ? said + " = " + made + " ✓" : said + " = " + made + ", not " + read[0];
  }
  function verdict(cards, refs) {  // solitaire._selection_view with the products shown
    if (cards.length < 3) return [MORE, false];
    var read = reading(cards);
    if (read[0] === null || product(read[1]) !== read[0]) {
      return [read[0] === null ? NO_ANSWER_YET : "Not " + read[0] + " yet: choose more cards, or put some back.", false];
    }
    var depths = refs.filter(function (r) { return r.charAt(0) === "s"; })
      .map(function (r) { return parseInt(r.slice(1), 10); }).sort(function (a, b) { return a - b; });
    if (depths.length === refs.length) return [NO_LAYOUT, false];
    if (depths.some(function (d, i) { return d !== i; })) return [SKIPPED, false];
    return [READY, true];
  }
  function covered(form) {  // a layout card may be chosen once every card lying on it is
    var chosen = {};
    ticked(form).forEach(function (box) { chosen[box.value] = true; });
    var changed = false;
    Array.prototype.forEach.call(form.querySelectorAll(".ps-tick[data-on]"), function (box) {
      var free = box.getAttribute("data-on").split(" ").every(function (ref) { return chosen[ref]; });
      box.disabled = !free;
      // Disabled here, not by the server: app.js may put a kept tick back on it, and this
      // check runs again once every kept tick is back (a card under one kept is free again).
      box.toggleAttribute("data-page-disabled", !free);
      if (!free && box.checked) {  // a card lying on it was put back: it goes back too
        box.checked = false;
        changed = true;
        box.dispatchEvent(new Event("change", { bubbles: true }));
      }
    });
    return changed;
  }
  function showSolitaire(form) {
    if (covered(form)) return;  // the change events it sent show the pick again
    var boxes = ticked(form);
    var cards = boxes.map(function (box) { return parseInt(label(box), 10); });
    var refs = boxes.map(function (box) { return box.value; });
    var says = document.getElementById("ps-pick-says");
    var take = document.querySelector("[data-pick-take]");
    var ok = false;
    if (says) {
      var line = "Choose cards that make a factor set: a number and the numbers that multiply to make it.";
      var note = "", kind = "";
      if (cards.length) {
        var shown = form.hasAttribute("data-product-shown");
        line = shown ? selectionLine(cards) : claimLine(cards);
        var said = shown ? verdict(cards, refs) : [cards.length < 3 ? MORE : CHECK, false];
        note = said[0];
        ok = said[1];
        kind = ok ? "ok" : cards.length < 3 || !shown ? "tip" : "";
      }
      var strong = says.querySelector(".ps-product strong");
      setText(strong || says.querySelector(".ps-product"), line);
      var lead = says.querySelector(".ps-product-lead");
      if (lead) lead.hidden = !cards.length;
      var verdictEl = says.querySelector(".ps-verdict");
      setText(verdictEl, note);
      verdictEl.hidden = !note;
      verdictEl.className = "ps-verdict" + (kind ? " " + kind : "");
    }
    buttons(form, boxes.length, 1);
    // With the products shown the keyboard goes to "Take this set" once the cards make a set
    // (hidden, moving it would tell the child the cards are a set).
    var active = document.activeElement;
    if (ok && take && active && active.form === form) take.focus();
  }

  // --- both -------------------------------------------------------------------------------
  function buttons(form, count, needed) {
    document.querySelectorAll("[data-pick-take]").forEach(function (button) {
      button.disabled = count < needed;
    });
    document.querySelectorAll("[data-pick-reset]").forEach(function (button) {
      button.disabled = count === 0;
    });
    document.querySelectorAll("[data-pick-only]").forEach(function (el) {
      el.hidden = count === 0;
    });
  }
  function show(form) {
    if (!form || !form.hasAttribute("data-pick")) return;
    if (form.getAttribute("data-pick") === "challenge") showChallenge(form);
    else showSolitaire(form);
  }
  function showAll() { document.querySelectorAll("form[data-pick]").forEach(show); }

  document.addEventListener("ticks:change", function (event) { show(event.target); });
  // Enter picks a card up (or puts it back) as a tap does: a card looks like a button.
  document.addEventListener("keydown", function (event) {
    var box = event.target;
    if (event.key !== "Enter" || box.type !== "checkbox" || !box.form || !box.form.hasAttribute("data-pick")) return;
    event.preventDefault();
    box.click();
  });
  document.addEventListener("htmx:afterSwap", showAll);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", showAll);
  } else {
    showAll();
  }
})();
