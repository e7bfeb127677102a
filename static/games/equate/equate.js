// Equate: putting tiles on the board (templates/games/equate/board.html). Loaded once with the
// match page; boards swapped in by htmx are found through event delegation, never inline
// scripts. A child picks a rack tile (it lifts) and then a square, or drags the tile there
// (pointer events: mouse, pen and touch), or types its symbol on the board (one tab stop, a
// cursor moved by the arrow keys). Placed tiles are only on this screen until "Play" posts them
// as hidden `tiles` fields ("row:col:pos", "row:col:=", "row:col:pos:face" for a blank); the
// server judges everything. The read-out reads the line being made; it works out the value of
// each side only when the teacher turned values on (data-values-shown): otherwise the
// arithmetic is the child's. A refused play comes back with the same version: the tiles the
// child put down are put back on the new board, so they can fix it.
(function () {
  "use strict";
  if (window.equateBoard) return;
  window.equateBoard = true;
  document.documentElement.classList.add("eq-js");

  var SIZE = 19;
  var GLYPHS = { "1/2": "½", "1/3": "⅓", "2/3": "⅔", "1/4": "¼", "3/4": "¾", "1/6": "⅙", "5/6": "⅚" };
  var OPERATORS = ["+", "−", "×", "÷"];
  var KEYS = { "+": "+", "-": "−", "−": "−", "*": "×", "x": "×", "X": "×", "×": "×", "/": "÷", "÷": "÷", "=": "=" };
  var NUMBERS = {};
  (function () {
    var d;
    for (d = 0; d < 10; d++) {
      NUMBERS[String(d)] = true;
      NUMBERS[d + "²"] = true;
    }
    for (d = 1; d < 10; d++) NUMBERS["-" + d] = true;
    NUMBERS["2³"] = NUMBERS["3³"] = true;
    Object.keys(GLYPHS).forEach(function (f) { NUMBERS[f] = true; });
  })();
  var states = new WeakMap();
  var saved = null; // tiles put down, kept through a board swap that keeps the version
  var dragging = null;
  var suppressClick = false;

  function show(face) { return GLYPHS[face] || face; }
  function isNumber(face) { return NUMBERS[face] === true; }

  // --- the board's parts -----------------------------------------------------------------
  function rootOf(el) { return el && el.closest ? el.closest("#eq") : null; }
  function stateOf(root) {
    var st = states.get(root);
    if (!st) {
      st = { pending: [], lifted: null, cells: root.querySelectorAll("#eq-board [data-row]"), blankEntry: null };
      states.set(root, st);
    }
    return st;
  }
  function playing(root) { return !!root && root.classList.contains("eq-mine"); }
  function cellAt(root, row, col) {
    if (row < 0 || col < 0 || row >= SIZE || col >= SIZE) return null;
    return stateOf(root).cells[row * SIZE + col] || null;
  }
  function pos(cell) { return [parseInt(cell.getAttribute("data-row"), 10), parseInt(cell.getAttribute("data-col"), 10)]; }
  function pendingAt(st, row, col) {
    for (var i = 0; i < st.pending.length; i++) {
      if (st.pending[i].row === row && st.pending[i].col === col) return st.pending[i];
    }
    return null;
  }
  function boardFace(root, row, col) {
    var cell = cellAt(root, row, col);
    return cell && cell.classList.contains("eq-full") ? cell.getAttribute("data-face") : null;
  }
  function faceAt(root, st, row, col) {
    var entry = pendingAt(st, row, col);
    if (entry) return entry.face;
    return boardFace(root, row, col);
  }
  function isFree(root, st, row, col) {
    var cell = cellAt(root, row, col);
    return !!cell && !cell.classList.contains("eq-full") && !pendingAt(st, row, col);
  }
  function say(root, text) {
    var out = root.querySelector("#eq-say");
    if (!out) return;
    out.textContent = "";
    window.setTimeout(function () { out.textContent = text; }, 30);
  }
  function cursorCell(root) { return root.querySelector("#eq-board [tabindex='0']") || cellAt(root, 9, 9); }
  function moveCursor(root, cell, focus) {
    var old = cursorCell(root);
    if (old && old !== cell) old.setAttribute("tabindex", "-1");
    cell.setAttribute("tabindex", "0");
    if (focus) cell.focus({ preventScroll: false });
  }

  // --- lifting, placing and taking back ----------------------------------------------------
  function lift(root, tile) {
    var st = stateOf(root);
    if (st.lifted && st.lifted !== tile) st.lifted.setAttribute("aria-pressed", "false");
    st.lifted = tile;
    if (tile) tile.setAttribute("aria-pressed", "true");
    root.classList.toggle("eq-lifting", !!tile);
  }
  function tileText(tile) {
    return tile.classList.contains("eq-blank") ? "the blank tile" : tile.getAttribute("data-display");
  }

  function place(root, tile, cell, face) {
    var st = stateOf(root);
    var at = pos(cell);
    if (!isFree(root, st, at[0], at[1]) || tile.disabled) return null;
    var blank = tile.classList.contains("eq-blank");
    var entry = {
      row: at[0],
      col: at[1],
      tile: tile.hasAttribute("data-pos") ? tile.getAttribute("data-pos") : "=",
      rackFace: tile.getAttribute("data-face"),
      face: blank ? face || null : tile.getAttribute("data-face"),
      score: tile.getAttribute("data-score") || "0",
      blank: blank,
      el: tile,
      cell: cell,
    };
    st.pending.push(entry);
    if (st.lifted === tile) lift(root, null);
    tile.setAttribute("aria-pressed", "false");
    tile.disabled = true;
    draw(entry);
    refresh(root);
    if (blank && !entry.face) askBlank(root, entry);
    return entry;
  }

  function draw(entry) {
    var cell = entry.cell;
    var old = cell.querySelector(".eq-mine-t");
    if (old) old.remove();
    if (!cell.hasAttribute("data-label")) cell.setAttribute("data-label", cell.getAttribute("aria-label"));
    var t = document.createElement("span");
    t.className = "eq-t eq-mine-t";
    var f = document.createElement("span");
    f.className = "eq-f";
    f.textContent = entry.face ? show(entry.face) : "?";
    var s = document.createElement("span");
    s.className = "eq-s";
    s.textContent = entry.score;
    t.append(f, s);
    cell.appendChild(t);
    cell.classList.add("eq-pending");
    cell.classList.toggle("eq-blank", entry.blank);
    if (entry.face) cell.setAttribute("data-pending-face", entry.face);
    cell.setAttribute("aria-label", "Row " + (entry.row + 1) + ", column " + (entry.col + 1) + ", your tile " +
      (entry.face ? show(entry.face) : "blank") + (entry.blank ? " (a blank tile)" : "") + ", not played yet: press Enter to take it back");
  }

  function unplace(root, entry) {
    var st = stateOf(root);
    var at = st.pending.indexOf(entry);
    if (at < 0) return;
    st.pending.splice(at, 1);
    var cell = entry.cell;
    var t = cell.querySelector(".eq-mine-t");
    if (t) t.remove();
    cell.classList.remove("eq-pending", "eq-blank");
    cell.removeAttribute("data-pending-face");
    if (cell.hasAttribute("data-label")) cell.setAttribute("aria-label", cell.getAttribute("data-label"));
    entry.el.disabled = false;
    refresh(root);
  }

  function takeBackAll(root) {
    var st = stateOf(root);
    st.pending.slice().forEach(function (entry) { unplace(root, entry); });
    lift(root, null);
  }

  // --- the blank's picker ------------------------------------------------------------------
  function askBlank(root, entry) {
    var dialog = root.querySelector("#eq-blank-dialog");
    var st = stateOf(root);
    if (!dialog || !dialog.showModal) {
      unplace(root, entry);
      return;
    }
    st.blankEntry = entry;
    dialog.returnValue = "";
    dialog.showModal();
  }
  document.addEventListener("close", function (event) {
    var dialog = event.target;
    if (!dialog || dialog.id !== "eq-blank-dialog") return;
    var root = rootOf(dialog);
    if (!root) return;
    var st = stateOf(root);
    var entry = st.blankEntry;
    st.blankEntry = null;
    if (!entry) return;
    if (dialog.returnValue) {
      entry.face = dialog.returnValue;
      draw(entry);
      refresh(root);
      say(root, "Your blank tile is " + show(entry.face) + ".");
    } else {
      unplace(root, entry);
    }
    moveCursor(root, entry.cell, true);
  }, true);

  // --- after every change: the hidden fields, the buttons, the read-out ----------------------
  function refresh(root) {
    var st = stateOf(root);
    var box = root.querySelector("#eq-placed");
    if (box) {
      box.replaceChildren();
      st.pending.forEach(function (entry) {
        if (entry.blank && !entry.face) return;
        var input = document.createElement("input");
        input.type = "hidden";
        input.name = "tiles";
        input.value = entry.row + ":" + entry.col + ":" + entry.tile + (entry.blank ? ":" + entry.face : "");
        box.appendChild(input);
      });
    }
    var ready = st.pending.length > 0 && st.pending.every(function (e) { return !e.blank || e.face; });
    var play = root.querySelector("#eq-play");
    if (play) play.disabled = !ready;
    var back = root.querySelector("#eq-takeback");
    if (back) back.disabled = st.pending.length === 0;
    readout(root, st);
  }

  // --- the read-out ------------------------------------------------------------------------
  function lineThrough(root, st, row, col, dr, dc) {
    while (faceAt(root, st, row - dr, col - dc)) { row -= dr; col -= dc; }
    var line = [];
    while (faceAt(root, st, row, col)) {
      line.push([row, col]);
      row += dr;
      col += dc;
    }
    return line;
  }

  function mainStep(root, st) {
    var p = st.pending;
    if (p.length > 1) {
      if (p.every(function (e) { return e.row === p[0].row; })) return [0, 1];
      if (p.every(function (e) { return e.col === p[0].col; })) return [1, 0];
      return null;
    }
    var r = p[0].row, c = p[0].col;
    var beside = boardFace(root, r, c - 1) || boardFace(root, r, c + 1);
    var empty = !root.querySelector("#eq-board .eq-full");
    return beside || empty ? [0, 1] : [1, 0];
  }

  function lineText(faces) {
    var text = "";
    faces.forEach(function (face, i) {
      var joined = i === 0 || (isNumber(faces[i - 1]) && isNumber(face));
      text += (joined ? "" : " ") + show(face);
    });
    return text;
  }

  function readout(root, st) {
    var out = root.querySelector("#eq-readout");
    if (!out) return;
    out.replaceChildren();
    var main = document.createElement("span");
    main.className = "eq-readout-main";
    out.appendChild(main);
    function more(text, warn) {
      var span = document.createElement("span");
      span.className = "eq-readout-more" + (warn ? " eq-warn-text" : "");
      span.textContent = text;
      out.appendChild(span);
    }
    if (!st.pending.length) {
      main.textContent = "Put tiles on the board to make an equation.";
      return;
    }
    var step = mainStep(root, st);
    if (!step) {
      main.textContent = "Put your tiles in one row or one column.";
      main.className += " eq-warn-text";
      return;
    }
    var first = st.pending[0];
    var line = lineThrough(root, st, first.row, first.col, step[0], step[1]);
    var inLine = st.pending.every(function (e) {
      return line.some(function (sq) { return sq[0] === e.row && sq[1] === e.col; });
    });
    var faces = line.map(function (sq) { return faceAt(root, st, sq[0], sq[1]) || "?"; });
    main.appendChild(document.createTextNode("You are making: "));
    var strong = document.createElement("strong");
    strong.textContent = lineText(faces);
    main.appendChild(strong);
    if (faces.indexOf("?") < 0 && root.hasAttribute("data-values-shown")) {
      main.appendChild(document.createTextNode(" — " + valuesText(faces)));
    }
    if (!inLine) more("Leave no gap between your tiles.", true);
    var boardEmpty = !root.querySelector("#eq-board .eq-full");
    if (boardEmpty && !pendingAt(st, 9, 9)) more("The first play must cover the ★ in the middle.", true);
    if (!boardEmpty) {
      var touching = st.pending.some(function (e) {
        return boardFace(root, e.row - 1, e.col) || boardFace(root, e.row + 1, e.col) ||
          boardFace(root, e.row, e.col - 1) || boardFace(root, e.row, e.col + 1);
      });
      if (!touching) more("Your tiles must touch a tile on the board.", true);
    }
    var across = [];
    st.pending.forEach(function (e) {
      var other = lineThrough(root, st, e.row, e.col, step[1], step[0]);
      if (other.length > 1) across.push(lineText(other.map(function (sq) { return faceAt(root, st, sq[0], sq[1]) || "?"; })));
    });
    if (across.length) more((step[0] ? "Going across" : "Going down") + " you also make: " + across.join(" and "));
  }

  // --- values, only when the teacher turned them on (exact fractions, × ÷ before + −) -------
  function gcd(a, b) {
    a = a < 0n ? -a : a;
    while (b) { var t = a % b; a = b; b = t; }
    return a || 1n;
  }
  function frac(n, d) {
    if (d < 0n) { n = -n; d = -d; }
    var g = gcd(n, d);
    return { n: n / g, d: d / g };
  }
  function add(a, b) { return frac(a.n * b.d + b.n * a.d, a.d * b.d); }
  function sub(a, b) { return frac(a.n * b.d - b.n * a.d, a.d * b.d); }
  function mul(a, b) { return frac(a.n * b.n, a.d * b.d); }
  function div(a, b) { return frac(a.n * b.d, a.d * b.n); }

  function readNumber(run) {
    for (var i = 0; i < run.length; i++) {
      var f = run[i];
      if (f.charAt(0) === "-" && i > 0) return null;
      if ((GLYPHS[f] || /[²³]$/.test(f)) && i < run.length - 1) return null;
    }
    if (run[0] === "0" && run.length > 1) return null;
    var last = run[run.length - 1];
    var negative = run[0].charAt(0) === "-";
    var power = /²$/.test(last) ? 2 : /³$/.test(last) ? 3 : 0;
    if (power && negative) return null;
    var wholes = GLYPHS[last] ? run.slice(0, -1) : run;
    var digits = wholes.map(function (f) { return f.replace("-", "").replace(/[²³]/, ""); }).join("");
    var value = frac(BigInt(digits || "0"), 1n);
    if (GLYPHS[last]) {
      var parts = last.split("/");
      value = add(value, frac(BigInt(parts[0]), BigInt(parts[1])));
    }
    if (power) value = frac(value.n ** BigInt(power), value.d ** BigInt(power));
    return negative ? frac(-value.n, value.d) : value;
  }

  function sideValue(tokens) {
    if (!tokens.length || !tokens[0].run || !tokens[tokens.length - 1].run) return null;
    for (var i = 0; i < tokens.length; i++) {
      if (!!tokens[i].run !== (i % 2 === 0)) return null;
    }
    var total = frac(0n, 1n), adding = true, k = 0;
    while (k < tokens.length) {
      var term = tokens[k].value;
      while (k + 2 < tokens.length && (tokens[k + 1].op === "×" || tokens[k + 1].op === "÷")) {
        var operand = tokens[k + 2].value;
        if (tokens[k + 1].op === "÷") {
          if (operand.n === 0n) return "zero";
          term = div(term, operand);
        } else {
          term = mul(term, operand);
        }
        k += 2;
      }
      total = adding ? add(total, term) : sub(total, term);
      if (k + 1 < tokens.length) adding = tokens[k + 1].op === "+";
      k += 2;
    }
    return total;
  }

  var SUPER = "⁰¹²³⁴⁵⁶⁷⁸⁹", SUB = "₀₁₂₃₄₅₆₇₈₉";
  function figures(number, table) {
    return String(number).split("").map(function (d) { return table.charAt(parseInt(d, 10)); }).join("");
  }
  function formatValue(v) {
    var negative = v.n < 0n;
    var n = negative ? -v.n : v.n;
    var whole = n / v.d, rest = n % v.d;
    var sign = negative ? "-" : "";
    if (rest === 0n) return sign + whole;
    var face = rest + "/" + v.d;
    var small = GLYPHS[face] || figures(rest, SUPER) + "⁄" + figures(v.d, SUB);
    return sign + (whole ? String(whole) : "") + small;
  }

  function valuesText(faces) {
    var tokens = [], run = [];
    faces.forEach(function (f) {
      if (isNumber(f)) { run.push(f); return; }
      if (run.length) { tokens.push({ run: run }); run = []; }
      tokens.push(f === "=" ? { equals: true } : { op: f });
    });
    if (run.length) tokens.push({ run: run });
    var equals = tokens.filter(function (t) { return t.equals; }).length;
    if (equals > 1) return "it has two = signs";
    for (var i = 0; i < tokens.length; i++) {
      if (tokens[i].run) {
        tokens[i].value = readNumber(tokens[i].run);
        if (!tokens[i].value) return "not a number yet";
      }
    }
    var at = tokens.findIndex(function (t) { return t.equals; });
    var sides = at < 0 ? [tokens] : [tokens.slice(0, at), tokens.slice(at + 1)];
    var values = sides.map(sideValue);
    if (values.indexOf("zero") >= 0) return "nobody can divide by 0";
    if (values.some(function (v) { return v === null; })) return "not finished yet";
    if (values.length === 1) return "its value is " + formatValue(values[0]);
    return "left side " + formatValue(values[0]) + ", right side " + formatValue(values[1]);
  }

  // --- clicks and taps -----------------------------------------------------------------------
  document.addEventListener("click", function (event) {
    var target = event.target;
    var root = rootOf(target);
    if (!root) return;
    if (suppressClick) {
      suppressClick = false;
      event.preventDefault();
      return;
    }
    var st = stateOf(root);
    var zoom = target.closest("#eq-zoom");
    if (zoom) { setZoom(root, !root.classList.contains("eq-zoomed"), true); return; }
    if (!playing(root)) return;
    var tile = target.closest(".eq-rack-tile");
    if (tile && !tile.disabled) {
      if (st.lifted === tile) {
        lift(root, null);
        say(root, "Put back in your rack.");
        return;
      }
      lift(root, tile);
      if (event.detail === 0) {
        moveCursor(root, cursorCell(root), true);
        say(root, tileText(tile) + " picked up. Move with the arrow keys, then press Enter to put it down.");
      } else {
        say(root, tileText(tile) + " picked up. Now tap a square.");
      }
      return;
    }
    var cell = target.closest("#eq-board [data-row]");
    if (cell) { useSquare(root, cell); return; }
    if (target.closest("#eq-takeback")) {
      takeBackAll(root);
      var firstTile = root.querySelector(".eq-rack-tile:not(:disabled)");
      if (firstTile) firstTile.focus();
      say(root, "All your tiles are back in your rack.");
      return;
    }
    if (target.closest("#eq-shuffle")) { shuffle(root); return; }
    if (target.closest("#eq-trade")) { trading(root, true); return; }
    if (target.closest(".eq-trade-cancel")) { trading(root, false); return; }
  });

  function useSquare(root, cell) {
    var st = stateOf(root);
    var at = pos(cell);
    moveCursor(root, cell, false);
    var entry = pendingAt(st, at[0], at[1]);
    if (entry) {
      unplace(root, entry);
      say(root, "Taken back.");
      return;
    }
    if (!isFree(root, st, at[0], at[1])) return;
    if (st.lifted) {
      var tile = st.lifted;
      place(root, tile, cell);
      say(root, "Put down " + tileText(tile) + ".");
    } else {
      say(root, "Pick a tile in your rack first, or type its symbol.");
    }
  }

  function shuffle(root) {
    var rack = root.querySelector("#eq-rack");
    if (!rack) return;
    var tiles = Array.prototype.slice.call(rack.querySelectorAll(".eq-rack-tile[data-pos]"));
    for (var i = tiles.length - 1; i > 0; i--) {
      var j = Math.floor(Math.random() * (i + 1));
      var t = tiles[i]; tiles[i] = tiles[j]; tiles[j] = t;
    }
    var equals = rack.querySelector("#eq-equals");
    tiles.forEach(function (tile) { rack.insertBefore(tile, equals); });
    say(root, "Your tiles are mixed up.");
  }

  function trading(root, on) {
    var form = root.querySelector("#eq-trade-form");
    if (!form) return;
    if (on) takeBackAll(root);
    root.classList.toggle("eq-trading", on);
    form.classList.toggle("eq-open", on);
    var button = root.querySelector("#eq-trade");
    if (button) button.setAttribute("aria-expanded", on ? "true" : "false");
    if (on) {
      form.querySelectorAll("input[name=tiles]").forEach(function (box) { box.checked = false; });
      countTrade(form);
      var box = form.querySelector("input[name=tiles]");
      if (box) box.focus();
    } else if (button) {
      button.focus();
    }
  }

  function countTrade(form) {
    var ticked = form.querySelectorAll("input[name=tiles]:checked").length;
    var bag = parseInt(form.getAttribute("data-bag"), 10);
    var go = form.querySelector("#eq-trade-go");
    var msg = form.querySelector(".eq-trade-msg");
    if (go) go.disabled = ticked === 0 || ticked > bag;
    if (msg) {
      msg.textContent = ticked > bag ? "The bag has only " + bag + " tile" + (bag === 1 ? "" : "s") + ": untick some." :
        ticked ? "Trade " + ticked + " tile" + (ticked === 1 ? "" : "s") + "." : "";
    }
  }
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("#eq-trade-form");
    if (form && event.target.name === "tiles" && document.documentElement.classList.contains("eq-js")) countTrade(form);
  });

  // --- the keyboard on the board --------------------------------------------------------------
  var ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

  function direction(root, st) {
    if (st.pending.length > 1) return mainStep(root, st) || [0, 1];
    if (st.pending.length === 1) {
      var e = st.pending[0];
      var sideways = boardFace(root, e.row, e.col - 1) || boardFace(root, e.row, e.col + 1);
      var upDown = boardFace(root, e.row - 1, e.col) || boardFace(root, e.row + 1, e.col);
      return upDown && !sideways ? [1, 0] : [0, 1];
    }
    return [0, 1];
  }

  function advance(root, st, cell) {
    var at = pos(cell);
    var step = direction(root, st);
    var r = at[0] + step[0], c = at[1] + step[1];
    while (r < SIZE && c < SIZE && !isFree(root, st, r, c)) { r += step[0]; c += step[1]; }
    var next = cellAt(root, r, c);
    moveCursor(root, next || cell, true);
  }

  function typed(root, key) {
    var st = stateOf(root);
    var face = /^[0-9]$/.test(key) ? key : key === "?" ? "?" : KEYS[key];
    if (!face) return false;
    var cell = document.activeElement;
    var at = pos(cell);
    if (!isFree(root, st, at[0], at[1])) {
      say(root, "This square has a tile. Move to an empty square.");
      return true;
    }
    var tile = null;
    if (face === "=") {
      tile = root.querySelector("#eq-equals:not(:disabled)");
    } else {
      root.querySelectorAll("#eq-rack .eq-rack-tile[data-pos]:not(:disabled)").forEach(function (t) {
        if (!tile && t.getAttribute("data-face") === face) tile = t;
      });
    }
    if (!tile) {
      say(root, face === "?" ? "You have no blank tile." : "You have no " + show(face) + " tile to put down.");
      return true;
    }
    place(root, tile, cell);
    if (face === "?") return true;  // the picker asks what it stands for, then comes back here
    say(root, "Put down " + show(face) + ".");
    advance(root, st, cell);
    return true;
  }

  document.addEventListener("keydown", function (event) {
    var cell = event.target.closest && event.target.closest("#eq-board [data-row]");
    if (!cell || event.altKey || event.ctrlKey || event.metaKey) return;
    var root = rootOf(cell);
    var st = stateOf(root);
    var at = pos(cell);
    var move = ARROWS[event.key];
    if (move) {
      var next = cellAt(root, at[0] + move[0], at[1] + move[1]);
      if (next) moveCursor(root, next, true);
      event.preventDefault();
      return;
    }
    if (event.key === "Home" || event.key === "End") {
      moveCursor(root, cellAt(root, at[0], event.key === "Home" ? 0 : SIZE - 1), true);
      event.preventDefault();
      return;
    }
    if (!playing(root) || root.classList.contains("eq-trading")) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      var entry = pendingAt(st, at[0], at[1]);
      if (entry) {
        unplace(root, entry);
        say(root, "Taken back.");
      } else if (st.lifted && isFree(root, st, at[0], at[1])) {
        var tile = st.lifted;
        place(root, tile, cell);
        say(root, "Put down " + tileText(tile) + ".");
      } else if (!st.lifted) {
        say(root, "Type a symbol from your rack, or pick a tile in your rack first.");
      }
      return;
    }
    if (event.key === "Backspace" || event.key === "Delete") {
      event.preventDefault();
      var lastEntry = st.pending[st.pending.length - 1];
      if (lastEntry) {
        unplace(root, lastEntry);
        moveCursor(root, lastEntry.cell, true);
        say(root, "Took back " + (lastEntry.face ? show(lastEntry.face) : "the blank") + ".");
      }
      return;
    }
    if (event.key === "Escape" && st.lifted) {
      lift(root, null);
      say(root, "Put back in your rack.");
      return;
    }
    if (typed(root, event.key)) event.preventDefault();
  });

  // --- dragging (mouse, pen, touch) -----------------------------------------------------------
  document.addEventListener("pointerdown", function (event) {
    if (event.button !== 0) return;
    var root = rootOf(event.target);
    if (!playing(root) || root.classList.contains("eq-trading")) return;
    var tile = event.target.closest(".eq-rack-tile");
    var cell = event.target.closest("#eq-board .eq-pending");
    if (tile && tile.disabled) tile = null;
    if (!tile && !cell) return;
    dragging = { root: root, tile: tile, cell: cell, x: event.clientX, y: event.clientY, id: event.pointerId, ghost: null };
  });

  document.addEventListener("pointermove", function (event) {
    if (!dragging || event.pointerId !== dragging.id) return;
    if (!dragging.ghost) {
      if (Math.abs(event.clientX - dragging.x) + Math.abs(event.clientY - dragging.y) < 8) return;
      var source = dragging.tile || dragging.cell.querySelector(".eq-mine-t");
      var ghost = document.createElement("span");
      ghost.className = "eq-tile eq-drag";
      ghost.setAttribute("aria-hidden", "true");
      ghost.innerHTML = "";
      source.querySelectorAll(".eq-f, .eq-s").forEach(function (part) { ghost.appendChild(part.cloneNode(true)); });
      document.body.appendChild(ghost);
      dragging.ghost = ghost;
      if (dragging.tile) lift(dragging.root, dragging.tile);
    }
    dragging.ghost.style.left = event.clientX + "px";
    dragging.ghost.style.top = event.clientY + "px";
    event.preventDefault();
  });

  function endDrag(event, cancelled) {
    if (!dragging || event.pointerId !== dragging.id) return;
    var drag = dragging;
    dragging = null;
    if (!drag.ghost) return;
    drag.ghost.remove();
    suppressClick = true;
    window.setTimeout(function () { suppressClick = false; }, 350);
    if (cancelled) return;
    var root = drag.root;
    var st = stateOf(root);
    var under = document.elementFromPoint(event.clientX, event.clientY);
    var cell = under && under.closest && under.closest("#eq-board [data-row]");
    if (!cell || rootOf(cell) !== root) return;
    var at = pos(cell);
    if (!isFree(root, st, at[0], at[1])) return;
    if (drag.tile) {
      place(root, drag.tile, cell);
    } else {
      var from = pos(drag.cell);
      var entry = pendingAt(st, from[0], from[1]);
      if (!entry) return;
      var face = entry.face;
      unplace(root, entry);
      place(root, entry.el, cell, face);
    }
    moveCursor(root, cell, false);
  }
  document.addEventListener("pointerup", function (event) { endDrag(event, false); });
  document.addEventListener("pointercancel", function (event) { endDrag(event, true); });

  // --- zoom (phones) --------------------------------------------------------------------------
  function zoomWanted() {
    try { return window.sessionStorage.getItem("eq-zoom") === "1"; } catch (error) { return false; }
  }
  function setZoom(root, on, remember) {
    var button = root.querySelector("#eq-zoom");
    root.classList.toggle("eq-zoomed", on);
    if (button) {
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.textContent = on ? "Zoom out" : "Zoom in";
    }
    if (remember) {
      try { window.sessionStorage.setItem("eq-zoom", on ? "1" : "0"); } catch (error) { /* private mode */ }
    }
    if (on) centreOn(root, cursorCell(root));
  }
  function centreOn(root, cell) {
    var frame = root.querySelector("#eq-frame");
    if (!frame || !cell) return;
    var box = frame.getBoundingClientRect(), at = cell.getBoundingClientRect();
    frame.scrollLeft += at.left - box.left - (frame.clientWidth - at.width) / 2;
    frame.scrollTop += at.top - box.top - (frame.clientHeight - at.height) / 2;
  }

  // --- a new board: zoom as before, and tiles put back after a refused play ------------------
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "board") return;
    var root = document.getElementById("eq");
    saved = null;
    if (!root || !playing(root)) return;
    var st = stateOf(root);
    if (!st.pending.length) return;
    saved = {
      version: root.getAttribute("data-version"),
      tiles: st.pending.map(function (e) {
        return { row: e.row, col: e.col, tile: e.tile, rackFace: e.rackFace, face: e.face };
      }),
    };
  });

  function restore(root) {
    var keep = saved;
    saved = null;
    if (!keep || !playing(root) || root.getAttribute("data-version") !== keep.version) return;
    keep.tiles.forEach(function (t) {
      var tile = t.tile === "=" ? root.querySelector("#eq-equals") :
        root.querySelector('#eq-rack .eq-rack-tile[data-pos="' + t.tile + '"]');
      var cell = cellAt(root, t.row, t.col);
      if (!tile || !cell || tile.getAttribute("data-face") !== t.rackFace) return;
      if (tile.classList.contains("eq-blank") && !t.face) return;
      place(root, tile, cell, t.face);
    });
  }

  function start() {
    var root = document.getElementById("eq");
    if (!root || root.hasAttribute("data-eq-ready")) return;
    root.setAttribute("data-eq-ready", "");
    stateOf(root);
    if (zoomWanted()) setZoom(root, true, false);
    restore(root);
  }
  // After htmx has settled the swap: settling puts back the classes the server drew on #eq,
  // which would undo the zoom set any earlier.
  document.addEventListener("htmx:afterSettle", start);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
