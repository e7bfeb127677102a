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

  // Ticks survive a live update: a board form marked data-keep-ticks keeps the boxes the player
  // ticked (and the radio buttons picked) when the new board has a form with the same id; a
  // board changes that id when the ticks no longer mean the same (a new round, the player's own
  // move). Not hx-preserve: htmx drops preserved elements in a swap with a view transition.
  var keptTicks = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    keptTicks = null;
    if (!target || target.id !== "board") return;
    keptTicks = [];
    target.querySelectorAll("form[data-keep-ticks][id]").forEach(function (form) {
      var boxes = [];
      form.querySelectorAll("input[type=checkbox], input[type=radio]").forEach(function (box) {
        boxes.push({ name: box.name, value: box.value, checked: box.checked });
      });
      keptTicks.push({ id: form.id, boxes: boxes });
    });
  });
  document.addEventListener("htmx:afterSwap", function () {
    var kept = keptTicks;
    keptTicks = null;
    if (!kept) return;
    kept.forEach(function (entry) {
      var form = document.getElementById(entry.id);
      if (!form || !form.hasAttribute("data-keep-ticks")) return;
      entry.boxes.forEach(function (b) {
        var box = form.querySelector(
          'input[name="' + CSS.escape(b.name) + '"][value="' + CSS.escape(b.value) + '"]'
        );
        if (box) box.checked = b.checked;
      });
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
