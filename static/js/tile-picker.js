/*
 * Tile picker: tap tiles to build an MCR hand in the scoring engine's notation.
 * Vanilla JS, no build step, no libraries.
 *
 * Use (any Django form, e.g. the calculator or a referee's score sheet):
 *
 *   <form ...>
 *     {% include "scoring/_tile_picker.html" with name="tiles" value=form.tiles.value %}
 *   </form>
 *
 * The include loads this file and css/tile-picker.css and renders <div data-tile-picker> holding
 * <input type="hidden" name="tiles"> (or the `name` given), the 34 tile buttons (each face drawn in
 * inline SVG by scoring/tile_svg.py, with a caption in the page's language), the modes (tile, exposed chow / pung / kong,
 * concealed kong, winning tile), Undo and Clear. Tapping a shown tile or meld of the hand removes it.
 *
 * Whenever the hand changes:
 *   - the hidden input holds the notation, e.g. "[123m]{1111p}456s78sEE+9s" (melds first, then the
 *     concealed tiles, "+" and the winning tile), and a bubbling "change" event fires on it, so
 *     hx-trigger="change" on the form (htmx) or form.addEventListener("change", ...) sees it;
 *   - a bubbling CustomEvent "tilepicker:change" fires on the picker with
 *     detail = {notation, standing, needed, melds, winning, complete}.
 *
 * JS API: pickers initialise themselves on DOMContentLoaded and on htmx:load (content htmx swaps in).
 *   TilePicker.init(root)      initialise one picker (idempotent); returns its controller;
 *   root.tilePicker.set(text)  load a hand from notation (fires the events);
 *   root.tilePicker.clear(), .undo(), .notation(), .state(), .mode()
 *
 * The mode chosen (chow, pung, kong, concealed kong, winning tile) stays until another is chosen or
 * the same one is tapped again; a winning tile is refused until the hand has its other tiles, and the
 * status line says how many are missing.
 */
(function () {
  "use strict";
  if (window.TilePicker) return;

  var ORDER = [];
  ["m", "p", "s"].forEach(function (suit) {
    for (var r = 1; r <= 9; r++) ORDER.push(r + suit);
  });
  ["E", "S", "W", "N", "C", "F", "P"].forEach(function (h) { ORDER.push(h); });
  var RANK = {};
  ORDER.forEach(function (code, i) { RANK[code] = i; });

  function isSuited(code) { return code.length === 2; }
  function bySeat(a, b) { return RANK[a] - RANK[b]; }

  // "123m" / "EEE" style notation of a group of tiles (3.1 tile kinds).
  function groupNotation(tiles) {
    var out = "", run = null;
    tiles.forEach(function (t) {
      if (!isSuited(t)) {
        if (run) { out += run; run = null; }
        out += t;
      } else {
        if (run && run !== t[1]) out += run;
        run = t[1];
        out += t[0];
      }
    });
    return run ? out + run : out;
  }

  function parseTiles(text) {
    var tiles = [], digits = "";
    for (var i = 0; i < text.length; i++) {
      var ch = text[i];
      if (ch >= "1" && ch <= "9") digits += ch;
      else if ("mps".indexOf(ch) >= 0) {
        for (var j = 0; j < digits.length; j++) tiles.push(digits[j] + ch);
        digits = "";
      } else if ("ESWNCFP".indexOf(ch) >= 0) tiles.push(ch);
    }
    return tiles;
  }

  // Reads what notation() writes; anything else it cannot read leaves an empty hand.
  function parseNotation(text) {
    var state = { melds: [], standing: [], winning: null };
    text = (text || "").replace(/\s+/g, "");
    var meld = /^(\[([^\]]*)\]|\{([^}]*)\})/, m;
    while ((m = meld.exec(text))) {
      var tiles = parseTiles(m[2] || m[3] || "").sort(bySeat);
      var kind = m[3] !== undefined ? "concealed" : tiles.length === 4 ? "kong" : tiles[0] === tiles[1] ? "pung" : "chow";
      state.melds.push({ kind: kind, tiles: tiles });
      text = text.slice(m[0].length);
    }
    var parts = text.split("+");
    state.standing = parseTiles(parts[0]).sort(bySeat);
    if (parts.length > 1) state.winning = parseTiles(parts[1])[0] || null;
    return state;
  }

  function copy(state) {
    return {
      melds: state.melds.map(function (m) { return { kind: m.kind, tiles: m.tiles.slice() }; }),
      standing: state.standing.slice(),
      winning: state.winning,
    };
  }

  function init(root) {
    if (root.tilePicker) return root.tilePicker;
    var input = root.querySelector("input[data-role=notation]");
    var handBox = root.querySelector("[data-role=hand]");
    var countBox = root.querySelector("[data-role=count]");
    var notationBox = root.querySelector("[data-role=notation-text]");
    var hintBox = root.querySelector("[data-role=hint]");
    var buttons = Array.prototype.slice.call(root.querySelectorAll("button[data-tile]"));
    var modeButtons = Array.prototype.slice.call(root.querySelectorAll("button[data-mode]"));
    var faces = {};
    buttons.forEach(function (b) { faces[b.dataset.tile] = b; });
    var state = parseNotation(input.value);
    var history = [];
    var mode = "tile";

    function needed(s) { return 13 - 3 * s.melds.length; }  // 3.7.2: four sets and a pair

    function used(code) {
      var n = state.standing.filter(function (t) { return t === code; }).length;
      state.melds.forEach(function (m) { n += m.tiles.filter(function (t) { return t === code; }).length; });
      return n + (state.winning === code ? 1 : 0);
    }

    function chowTiles(code) {
      if (!isSuited(code) || +code[0] > 7) return null;
      return [0, 1, 2].map(function (k) { return (+code[0] + k) + code[1]; });
    }

    // Tiles still to add before the winning tile (3.7.2: four sets and a pair, 14 tiles with the winning one).
    function missing() { return Math.max(0, needed(state) - state.standing.length); }

    // "1 more tile" / "{n} more tiles" in the page's language (plural forms from the template).
    function missingText(n) {
      var text = n === 1 ? root.dataset.textMissingOne : root.dataset.textMissingMany;
      return (text || "").replace("{n}", n);
    }

    function roomForMeld() {
      return state.melds.length < 4 && state.standing.length <= needed(state) - 3;
    }

    // Whether a tap on `code` does something in the current mode (no fifth copy of a tile, 3.1).
    function allowed(code) {
      if (mode === "tile") {
        if (state.standing.length < needed(state)) return used(code) < 4;
        return used(code) - (state.winning === code ? 1 : 0) < 4;
      }
      if (mode === "win") return missing() === 0 && used(code) - (state.winning === code ? 1 : 0) < 4;
      if (!roomForMeld()) return false;
      if (mode === "chow") {
        var trio = chowTiles(code);
        return !!trio && trio.every(function (t) { return used(t) < 4; });
      }
      if (mode === "pung") return used(code) <= 1;
      return used(code) === 0;  // kong, concealed kong
    }

    function notation() {
      var text = state.melds.map(function (m) {
        var body = groupNotation(m.tiles);
        return m.kind === "concealed" ? "{" + body + "}" : "[" + body + "]";
      }).join("");
      text += groupNotation(state.standing.slice().sort(bySeat));
      return state.winning ? text + "+" + state.winning : text;
    }

    function faceNode(code) {
      var span = document.createElement("span");
      span.className = "tile-face tile-" + (faces[code] ? faces[code].dataset.kind : "");
      span.innerHTML = faces[code] ? faces[code].innerHTML : code;
      return span;
    }

    function removable(node, label, onRemove) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "tp-group";
      b.setAttribute("aria-label", root.dataset.textRemove + ": " + label);
      b.appendChild(node);
      b.addEventListener("click", function () { change(onRemove); });
      return b;
    }

    function render() {
      handBox.textContent = "";
      state.melds.forEach(function (m, i) {
        var box = document.createElement("span");
        box.className = "tp-meld " + (m.kind === "concealed" ? "tp-concealed" : "tp-exposed");
        m.tiles.forEach(function (t) { box.appendChild(faceNode(t)); });
        handBox.appendChild(removable(box, groupNotation(m.tiles), function () { state.melds.splice(i, 1); }));
      });
      state.standing.slice().sort(bySeat).forEach(function (t) {
        handBox.appendChild(removable(faceNode(t), faces[t] ? faces[t].title : t, function () {
          state.standing.splice(state.standing.indexOf(t), 1);
        }));
      });
      if (state.winning) {
        var win = document.createElement("span");
        win.className = "tp-winning";
        win.appendChild(faceNode(state.winning));
        var tag = document.createElement("span");
        tag.className = "tp-winning-label";
        tag.textContent = root.dataset.textWinning;
        win.appendChild(tag);
        handBox.appendChild(removable(win, root.dataset.textWinning, function () { state.winning = null; }));
      }
      if (!state.melds.length && !state.standing.length && !state.winning) {
        var empty = document.createElement("span");
        empty.className = "muted";
        empty.textContent = root.dataset.textEmpty;
        handBox.appendChild(empty);
      }
      // a kong counts as a set of three here: 14 tiles make a hand (3.7.2)
      var count = 3 * state.melds.length + state.standing.length + (state.winning ? 1 : 0);
      countBox.textContent = root.dataset.textCount.replace("{count}", count).replace("{needed}", 14);
      notationBox.textContent = notation();
      var hint = root.dataset["hint" + mode[0].toUpperCase() + mode.slice(1)] || "";
      if (mode === "win" && missing() > 0) hint = missingText(missing());  // no winning tile before the hand
      else if (mode !== "tile" && mode !== "win" && !roomForMeld()) hint = root.dataset.textNoRoom || hint;
      hintBox.textContent = hint;
      hintBox.classList.toggle("tp-refused", mode === "win" && missing() > 0);
      if (missing() > 0 && count > 0) countBox.textContent += " · " + missingText(missing());
      modeButtons.forEach(function (b) { b.setAttribute("aria-pressed", String(b.dataset.mode === mode)); });
      buttons.forEach(function (b) { b.disabled = !allowed(b.dataset.tile); });
    }

    function announce() {
      var text = notation();
      input.value = text;
      input.dispatchEvent(new Event("change", { bubbles: true }));
      root.dispatchEvent(new CustomEvent("tilepicker:change", {
        bubbles: true,
        detail: {
          notation: text,
          standing: state.standing.length,
          needed: needed(state),
          melds: state.melds.length,
          winning: state.winning,
          complete: !!state.winning && state.standing.length === needed(state),
        },
      }));
    }

    function change(edit) {
      history.push(copy(state));
      edit();
      render();
      announce();
    }

    function tap(code) {
      if (!allowed(code)) return;
      change(function () {
        if (mode === "tile") {
          if (state.standing.length < needed(state)) state.standing.push(code);
          else state.winning = code;
        } else if (mode === "win") {
          state.winning = code;
        } else if (mode === "chow") {
          state.melds.push({ kind: "chow", tiles: chowTiles(code) });
        } else {
          var size = mode === "pung" ? 3 : 4;
          state.melds.push({ kind: mode, tiles: Array(size).fill(code) });
        }
        // the mode stays until the referee changes it: Chow, 1m, 4p gives two chows
      });
    }

    buttons.forEach(function (b) {
      b.addEventListener("click", function () { tap(b.dataset.tile); });
    });
    modeButtons.forEach(function (b) {
      b.addEventListener("click", function () {
        mode = mode === b.dataset.mode ? "tile" : b.dataset.mode;
        render();
      });
    });
    root.querySelector("[data-action=undo]").addEventListener("click", function () {
      if (!history.length) return;
      state = history.pop();
      render();
      announce();
    });
    root.querySelector("[data-action=clear]").addEventListener("click", function () {
      change(function () { state = { melds: [], standing: [], winning: null }; mode = "tile"; });
    });

    root.tilePicker = {
      set: function (text) { change(function () { state = parseNotation(text); }); },
      clear: function () { change(function () { state = { melds: [], standing: [], winning: null }; mode = "tile"; }); },
      mode: function () { return mode; },
      undo: function () { root.querySelector("[data-action=undo]").click(); },
      notation: notation,
      state: function () { return copy(state); },
    };
    render();
    input.value = notation();
    return root.tilePicker;
  }

  function initAll(scope) {
    var roots = (scope || document).querySelectorAll("[data-tile-picker]");
    Array.prototype.forEach.call(roots, init);
  }

  window.TilePicker = { init: init, initAll: initAll, parse: parseNotation };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { initAll(document); });
  } else {
    initAll(document);
  }
  document.addEventListener("htmx:load", function (event) { initAll(event.target); });
})();
