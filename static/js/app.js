// Small progressive enhancements; every page works without this file.
(function () {
  "use strict";

  function flash(text, kind) {
    var area = document.getElementById("flash");
    if (!area) return;
    var p = document.createElement("p");
    p.className = "flash flash-" + (kind || "error");
    p.textContent = text;
    area.replaceChildren(p);
  }

  var statusText = {
    400: "That didn't work. Reload the page and try again.",
    403: "You don't have access to that, or the page was open too long. Reload the page.",
    404: "That is no longer here. Reload the page.",
    409: "Someone else changed this first. Reload the page.",
    413: "That was too much to send at once. Choose a smaller file.",
  };

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-print]");
    if (button) {
      window.print();
    }
  });

  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr.status;
    flash(statusText[status] || "Something went wrong on our side (" + status + "). Please try again.");
  });

  document.addEventListener("htmx:sendError", function () {
    flash("We can't reach the server. Check the connection and try again.");
  });

  // Live boards listen to server-sent events; if the stream breaks, poll until it is back.
  var pollTimer = null;
  function startPolling() {
    if (pollTimer) return;
    pollTimer = setInterval(function () {
      document.querySelectorAll("[hx-trigger*='poll']").forEach(function (el) {
        if (window.htmx) window.htmx.trigger(el, "poll");
      });
    }, 2000);
  }
  function stopPolling() {
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = null;
  }
  // The other way round: a move sent while a live update is on its way waits on the board
  // (hx-sync) behind it, and htmx drops a waiting request whose form has left the page. So
  // that live update is not swapped in: the move goes from the board the child tapped, and
  // its answer brings the newest board. (With pieces gliding the swap came late enough for
  // the move to leave first; with reduced motion it came at once and the move was lost.)
  var liveRequest = null;
  var moveWaiting = false;
  function isLiveUpdate(detail) {
    return !!detail && detail.elt && detail.elt.id === "board" && detail.requestConfig &&
      detail.requestConfig.verb === "get";
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isLiveUpdate(event.detail)) liveRequest = event.detail.xhr;
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (!isLiveUpdate(event.detail) || liveRequest !== event.detail.xhr) return;
    liveRequest = null;
    moveWaiting = false;  // the waiting move, if any, is sent now
  });
  document.addEventListener("htmx:confirm", function (event) {
    var board = document.getElementById("board");
    var elt = event.detail.elt;
    if (liveRequest && board && elt !== board && board.contains(elt) && event.detail.verb !== "get") {
      moveWaiting = true;
    }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (isLiveUpdate(event.detail) && moveWaiting) event.detail.shouldSwap = false;
  });

  // A tap on a board just swapped in, before htmx has bound its forms (it binds new content
  // when it settles, 20 ms later, or after the glide), would post the form as a plain page:
  // without the CSRF token that htmx boards leave out, a "Forbidden" page and a lost move.
  // Bind the form now and send the tap through htmx, with the button that was pressed.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!window.htmx || !(form instanceof HTMLFormElement) || !form.hasAttribute("hx-post")) return;
    var data = form["htmx-internal-data"];
    if (data && data.initHash) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    window.htmx.process(form);
    var submitter = event.submitter && event.submitter.form === form ? event.submitter : null;
    window.setTimeout(function () {  // not from inside this submit: the browser ignores that
      if (!form.isConnected) return;
      if (submitter) submitter.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
      form.requestSubmit(submitter || undefined);
    }, 0);
  }, true);

  // A live update that arrives while the player's own move is being answered waits on the
  // board and is dropped when the answer replaces the board: remember the newest version the
  // stream announced, and catch up as soon as the new board has settled.
  var newestVersion = 0;
  document.addEventListener("htmx:sseMessage", function (event) {
    var version = parseInt(event.detail && event.detail.data, 10);
    if (!isNaN(version) && version > newestVersion) newestVersion = version;
  });
  document.addEventListener("htmx:afterSettle", function () {
    var board = document.getElementById("board");
    if (!board || !window.htmx) return;
    if (parseInt(board.getAttribute("data-version"), 10) < newestVersion) {
      window.htmx.trigger(board, "poll");
    }
  });

  // When the server cannot pass live updates on (its Redis is down) the stream says "paused":
  // the board says so and polls; a stream that stays open for two seconds means they are back.
  var pausedSinceOpen = false;
  var liveTimer = null;
  function liveNote(show) {
    var note = document.getElementById("live-note");
    if (note) note.hidden = !show;
  }
  document.addEventListener("sse:paused", function () {
    pausedSinceOpen = true;
    liveNote(true);
    startPolling();
  });
  document.addEventListener("htmx:sseError", startPolling);
  document.addEventListener("htmx:sseClose", startPolling);
  document.addEventListener("htmx:sseOpen", function () {
    pausedSinceOpen = false;
    if (liveTimer) clearTimeout(liveTimer);
    liveTimer = setTimeout(function () {
      if (pausedSinceOpen) return;
      liveNote(false);
      stopPolling();
    }, 2000);
  });

  // Clocks: the server decides when time is up (and the live update shows it); this only
  // counts the seconds down on screen. <span class="countdown" data-seconds="N">N s</span>
  setInterval(function () {
    document.querySelectorAll(".countdown[data-seconds]").forEach(function (el) {
      var left = Math.max(0, parseInt(el.getAttribute("data-seconds"), 10) - 1);
      if (isNaN(left)) return;
      el.setAttribute("data-seconds", String(left));
      el.textContent = left + " s";
      el.classList.toggle("hurry", left <= 5);
    });
  }, 1000);

  // Focus after a swap (a move, a live update, a picture picked at sign-in): back on the same
  // control if the new content has it, else on the control the page marks as the next action
  // (data-focus-next), else (a board) on the turn banner, so a keyboard player never starts
  // again from the top of the page.
  var focusKey = null;
  var focusRoot = null;
  function keyOf(el) {
    if (!el || el === document.body) return null;
    if (el.id) return "#" + CSS.escape(el.id);
    var attrs = ["data-ref", "data-action", "data-card", "data-key", "data-focus-key"];
    for (var i = 0; i < attrs.length; i++) {
      var value = el.getAttribute(attrs[i]);
      if (value !== null) return "[" + attrs[i] + '="' + CSS.escape(value) + '"]';
    }
    if (el.name) {
      var sel = el.tagName.toLowerCase() + '[name="' + CSS.escape(el.name) + '"]';
      return el.value ? sel + '[value="' + CSS.escape(el.value) + '"]' : sel;
    }
    return null;
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    var active = document.activeElement;
    focusKey = focusRoot = null;
    if (!target || !target.id) return;
    if (target.contains(active)) {
      focusKey = keyOf(active) || "@inside";
    } else if (target.id === "board" && active === document.body) {
      focusKey = "@body";  // a live update: focus the next action if it is now the player's
    }
    if (focusKey) focusRoot = target.id;
  });
  function usable(el) {
    return el && !el.disabled && !el.closest("[disabled]") && el.getClientRects().length > 0;
  }
  document.addEventListener("htmx:afterSettle", function () {
    var root = focusRoot && document.getElementById(focusRoot);
    var key = focusKey;
    focusKey = focusRoot = null;
    if (!root || !key) return;
    var next = root.querySelector("[data-focus-next]");
    var active = document.activeElement;
    // htmx puts the focus back on an element with the same id (the turn banner) by itself:
    // that is not where a player whose turn came back should be left.
    var onBanner = active && active.id === "board-status" && usable(next);
    if (root.contains(active) && !onBanner) return;
    var same = key.charAt(0) !== "@" ? root.querySelector(key) : null;
    if (same && same.id === "board-status" && usable(next)) same = null;  // the turn came back
    var target = usable(same) ? same : usable(next) ? next : null;
    if (!target && key === "@body") return;  // the player was not on the board: leave it be
    if (!target && root.id === "board") {
      target = document.getElementById("board-status");
      target.setAttribute("tabindex", "-1");
    }
    target = target || root.querySelector("button, input, select, textarea, a[href]");
    if (target) target.focus({ preventScroll: !!same });
  });

  // Every tap lands (issue 30, docs/rules.md "Every tap lands"): a selection is built on the
  // page (ticked checkboxes, radio buttons) and sent with the move that uses it, so no tap
  // waits for the server. A form marked data-keep-ticks="<what its ticks mean>" keeps them
  // through every new board: all of them while the new board's form (same id) says they mean
  // the same (a live update, a refused move, a move that left them alone); else, when the new
  // board answers the player's own move, the ticks made after that move was sent. A tick goes
  // back on the same card: data-tick names it where the input's value is a place that may hold
  // another card next time, and data-card (on the input or its label) must still match. With
  // data-tick-order the ticks are numbered in the order made (data-order) and sent in that
  // order. Not hx-preserve: htmx drops preserved elements in a swap with a view transition.
  var taps = [];  // the player's own ticks, oldest first: {form, key, card, checked, at}
  function now() { return window.performance ? window.performance.now() : Date.now(); }
  function isTick(el) { return !!el && (el.type === "checkbox" || el.type === "radio"); }
  function tickInputs(form) {
    return Array.prototype.filter.call(form.elements, isTick);
  }
  function keepsTicks(form) {
    return !!form && form.tagName === "FORM" && form.id && form.hasAttribute("data-keep-ticks");
  }
  // A box the server disabled takes no kept tick; one the page's own script disabled for now
  // (data-page-disabled: a covered card) does, and that script checks it again on ticks:change.
  function canTick(box) { return !box.disabled || box.hasAttribute("data-page-disabled"); }
  function tickKey(box) { return box.getAttribute("data-tick") || box.name + "=" + box.value; }
  function tickCard(box) {
    var holder = box.hasAttribute("data-card") ? box : box.closest("[data-card]");
    return holder ? holder.getAttribute("data-card") : "";
  }
  function findTick(form, key, card) {
    var found = null;
    tickInputs(form).forEach(function (box) {
      if (!found && tickKey(box) === key && tickCard(box) === card) found = box;
    });
    return found;
  }
  function orderOf(box) {
    var order = parseInt(box.getAttribute("data-order"), 10);
    return isNaN(order) ? Infinity : order;
  }
  function renumber(form) {  // 1, 2, 3 ... in the order ticked (ties: the page's order)
    if (!form.hasAttribute("data-tick-order")) return;
    var boxes = tickInputs(form);
    var ticked = boxes.filter(function (box) { return box.checked; });
    ticked.sort(function (a, b) { return orderOf(a) - orderOf(b); });
    boxes.forEach(function (box) { if (!box.checked) box.removeAttribute("data-order"); });
    ticked.forEach(function (box, i) { box.setAttribute("data-order", String(i + 1)); });
  }
  function tick(box, checked) {  // as the player's tap left it; the last tick goes last
    box.checked = checked;
    if (!checked) return;
    var last = 0;
    tickInputs(box.form).forEach(function (other) {
      if (other !== box && other.checked && orderOf(other) !== Infinity) {
        last = Math.max(last, orderOf(other));
      }
    });
    box.setAttribute("data-order", String(last + 1));
  }
  function ticksChanged(form) {
    renumber(form);
    form.dispatchEvent(new CustomEvent("ticks:change", { bubbles: true }));
  }
  function logTap(form, box) {
    taps.push({ form: form.id, key: tickKey(box), card: tickCard(box), checked: box.checked, at: now() });
    if (taps.length > 200) taps.shift();
  }
  document.addEventListener("change", function (event) {
    var box = event.target;
    if (!isTick(box) || !keepsTicks(box.form)) return;
    tick(box, box.checked);
    logTap(box.form, box);
    ticksChanged(box.form);
  });
  // "Put the cards back": a form's reset button starts the pick again.
  document.addEventListener("reset", function (event) {
    var form = event.target;
    if (!keepsTicks(form)) return;
    window.setTimeout(function () {  // the browser resets the form after this event
      tickInputs(form).forEach(function (box) {
        if (form.hasAttribute("data-tick-order") && box.type === "checkbox") box.checked = false;
        logTap(form, box);
      });
      ticksChanged(form);
    }, 0);
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.xhr) event.detail.xhr.factoriumSentAt = now();
  });
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt;
    if (!keepsTicks(form) || !form.hasAttribute("data-tick-order")) return;
    var data = event.detail.formData;
    var ticked = tickInputs(form).filter(function (box) { return box.checked && box.name; });
    ticked.sort(function (a, b) { return orderOf(a) - orderOf(b); });
    ticked.forEach(function (box) { data.delete(box.name); });
    ticked.forEach(function (box) { data.append(box.name, box.value); });
    if (data.has("order")) data.set("order", "tapped");
  });
  // What a new board keeps goes with its request (boards may be swapped in one after another
  // while a view transition waits to swap the first).
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    var xhr = event.detail.xhr;
    var config = event.detail.requestConfig;
    if (!xhr || !target || target.id !== "board" || !event.detail.shouldSwap) return;
    var own = !!config && config.verb === "post";
    var keptTicks = xhr.factoriumKept = {
      forms: {},
      sentAt: own ? xhr.factoriumSentAt : undefined,
      applied: own && xhr.status >= 200 && xhr.status < 300,
      readAt: now(),
    };
    // The boxes themselves, read once the new board is in: with a view transition the old
    // board stays (and takes taps) until the transition swaps it, after this event.
    target.querySelectorAll("form[data-keep-ticks][id]").forEach(function (form) {
      keptTicks.forms[form.id] = {
        meaning: form.getAttribute("data-keep-ticks"),
        boxes: tickInputs(form).map(function (box) {
          return { box: box, key: tickKey(box), card: tickCard(box) };
        }),
      };
    });
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var xhr = event.detail.xhr;
    var kept = xhr && xhr.factoriumKept;
    var board = document.getElementById("board");
    if (!kept || !board) return;
    xhr.factoriumKept = null;
    board.querySelectorAll("form[data-keep-ticks][id]").forEach(function (form) {
      var before = kept.forms[form.id];
      if (!before) return;
      if (before.meaning === form.getAttribute("data-keep-ticks")) {
        // The boxes read are those of the board this one replaces, as they are now; a tap
        // since on another board (one swapped in meanwhile by an earlier update) is newer.
        var since = {};
        taps.forEach(function (t) {
          if (t.form === form.id && t.at >= kept.readAt) since[t.key + "\n" + t.card] = t;
        });
        before.boxes.forEach(function (b) {
          var box = findTick(form, b.key, b.card);
          if (!box || !canTick(box)) return;
          var tap = since[b.key + "\n" + b.card];
          if (tap && tap.checked !== b.box.checked) return tick(box, tap.checked);
          box.checked = b.box.checked;
          var order = orderOf(b.box);
          if (box.checked && order !== Infinity) box.setAttribute("data-order", String(order));
        });
      } else if (kept.applied && kept.sentAt !== undefined) {
        taps.forEach(function (t) {
          if (t.form !== form.id || t.at < kept.sentAt) return;
          var box = findTick(form, t.key, t.card);
          if (box && canTick(box)) tick(box, t.checked);
        });
      }
      ticksChanged(form);
    });
  });

  // A live game tells the player when it is their turn (the tab's title, and a chime), and
  // plays a sound for a good set, a mistake and a win; sounds can be switched off (the
  // "Sound" button; the class's default otherwise). Only changes seen on this page sound.
  var baseTitle = document.title;
  var seenVersion = null;
  var wasMyTurn = null;
  var sounds = {};
  function soundOn() {
    var button = document.querySelector("[data-sound-switch]");
    return !!button && button.getAttribute("aria-pressed") === "true";
  }
  function play(name) {
    if (!name || !soundOn()) return;
    var url = document.querySelector("[data-sound-switch]").getAttribute("data-sound-" + name);
    if (!url) return;
    var audio = sounds[name] || (sounds[name] = new Audio(url));
    audio.currentTime = 0;
    var playing = audio.play();
    if (playing && playing.catch) playing.catch(function () { /* no sound before a click */ });
  }
  function boardChanged() {
    var board = document.getElementById("board");
    if (!board) return;
    var version = parseInt(board.getAttribute("data-version"), 10);
    var banner = document.getElementById("board-status");
    var myTurn = !!banner && banner.classList.contains("my-turn");
    document.title = (myTurn ? "● Your turn · " : "") + baseTitle;
    // A newer version, or the answer to the player's own move (which keeps the version when
    // only they can see it: a changed secret choice, a hint).
    var fresh = seenVersion !== null && (version > seenVersion || board.hasAttribute("data-answer"));
    if (fresh || (seenVersion !== null && board.getAttribute("data-sound") === "mistake")) {
      var sound = board.getAttribute("data-sound");
      if (!sound && myTurn && wasMyTurn === false) sound = "turn";
      play(sound);
    }
    if (seenVersion === null || version > seenVersion) seenVersion = version;
    wasMyTurn = myTurn;
  }
  document.addEventListener("DOMContentLoaded", boardChanged);
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.detail.target && event.detail.target.id === "board") boardChanged();
  });

  // A transition cut short by the next swap (a move's answer, then a live update) is fine: the
  // newer board simply shows. Browsers report it as a rejected promise nobody waits for.
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    if (reason && reason.name === "AbortError" && /transition/i.test(String(reason.message))) {
      event.preventDefault();
    }
  });

  // Pieces move to their new places when a board is swapped (View Transitions): every
  // element with a unique data-piece gets a view-transition-name. Off for reduced motion.
  var stillPlease = window.matchMedia("(prefers-reduced-motion: reduce)");
  function namePieces(root) {
    if (!root || !document.startViewTransition) return;
    var pieces = root.querySelectorAll("[data-piece]");
    var count = {};
    pieces.forEach(function (el) {
      var key = el.getAttribute("data-piece");
      count[key] = (count[key] || 0) + 1;
    });
    pieces.forEach(function (el) {
      var key = el.getAttribute("data-piece");
      el.style.viewTransitionName = count[key] === 1 ? "piece-" + key.replace(/[^A-Za-z0-9_-]/g, "_") : "";
    });
  }
  document.addEventListener("DOMContentLoaded", function () { namePieces(document.getElementById("board")); });
  // Opening a game on your turn: the keyboard starts at the next action, not at the top.
  document.addEventListener("DOMContentLoaded", function () {
    var board = document.getElementById("board");
    var next = board && board.querySelector("[data-focus-next]");
    if (next && document.activeElement === document.body && usable(next)) next.focus();
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "board" || stillPlease.matches || !document.startViewTransition) return;
    if (document.visibilityState !== "visible" || !event.detail.shouldSwap) return;
    event.detail.swapOverride = "outerHTML transition:true";
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var board = document.getElementById("board");
    if (board && event.detail.target && event.detail.target.id === "board") namePieces(board);
  });
  // A tap while pieces glide lands too (issue 30, "Every tap lands"): during a transition the
  // browser sends every tap to the page itself, not to the card under the finger. The tap
  // ends the glide at once (the new board is already there underneath) and goes to the card.
  var gliding = null;
  var tapDuringGlide = null;
  if (document.startViewTransition) {
    var startTransition = document.startViewTransition.bind(document);
    document.startViewTransition = function (update) {
      var transition = startTransition(update);
      gliding = transition;
      transition.finished.finally(function () {
        if (gliding === transition) gliding = null;
      });
      return transition;
    };
  }
  function endGlide(event) {  // a finger down, or lifted, while pieces glide
    if (!gliding) return;
    gliding.skipTransition();
    gliding = null;
    tapDuringGlide = { x: event.clientX, y: event.clientY, at: now() };
  }
  window.addEventListener("pointerdown", endGlide, true);
  window.addEventListener("pointerup", endGlide, true);
  window.addEventListener("click", function (event) {
    var tap = tapDuringGlide;
    tapDuringGlide = null;
    if (!tap || event.target !== document.documentElement || now() - tap.at > 1000) return;
    var under = document.elementFromPoint(tap.x, tap.y);
    if (!under || under === document.documentElement) return;
    event.stopPropagation();
    if (typeof under.focus === "function" && under.matches("input, button, select, textarea, a[href]")) {
      under.focus({ preventScroll: true });
    }
    under.click();
  }, true);

  // How to play over the board: htmx loads the steps into the dialog, which then opens; the
  // game stays as it was underneath, and focus goes back to the button when it closes.
  var dialogOpener = null;
  document.addEventListener("click", function (event) {
    var opener = event.target.closest("[data-opens-dialog]");
    if (opener) dialogOpener = opener;
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "how-body") return;
    var dialog = document.getElementById("how-dialog");
    if (dialog && !dialog.open) dialog.showModal();
  });
  document.addEventListener("close", function (event) {
    if (event.target.id === "how-dialog" && dialogOpener && document.contains(dialogOpener)) {
      dialogOpener.focus();
    }
  }, true);

  // Learn to play: the coach points at the board elements its step is about, and brings the
  // first of them into view.
  function pointAtCoachTargets() {
    var coach = document.querySelector("[data-coach-highlight]");
    var board = document.getElementById("board");
    if (!coach || !board) return;
    var first = null;
    coach.getAttribute("data-coach-highlight").split(",").forEach(function (selector) {
      try {
        board.querySelectorAll(selector.trim()).forEach(function (el) {
          el.classList.add("coach-target");
          first = first || el;
        });
      } catch (error) { /* a selector this browser cannot read: point at nothing */ }
    });
    if (first) {
      var box = first.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) {
        var still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        first.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
      }
    }
  }
  document.addEventListener("DOMContentLoaded", pointAtCoachTargets);
  document.addEventListener("htmx:afterSettle", pointAtCoachTargets);

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.requestConfig && event.detail.requestConfig.verb === "get") return;
    var area = document.getElementById("flash");
    if (area) area.replaceChildren();
  });
})();
