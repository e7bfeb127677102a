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

  document.addEventListener("htmx:sseError", startPolling);
  document.addEventListener("htmx:sseClose", startPolling);
  document.addEventListener("htmx:sseOpen", stopPolling);

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
