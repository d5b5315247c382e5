/*
 * The referee's tablet: record hands on a score sheet, even on flaky venue Wi-Fi.
 *
 * Every hand the referee records goes first into an outbox kept in localStorage (per sheet), with
 * a random client key; the outbox is then sent in order to POST /api/sheets/<id>/hands/. A hand
 * gets its number when it is first sent: the number the server gave as next (from the sheet, a
 * 201 or a 409), so a slow or failed refresh cannot make the tablet reuse a number. A hand leaves
 * the outbox when the server has it: 201 (recorded), or 200 (a retry the server had already
 * recorded: the client key makes retries harmless). A refusal (400: invalid hand; 409: that number
 * was taken by another tablet) keeps the hand in the outbox, held, and puts it back into the form
 * with the reason, also after a reload; the hands queued after it wait until it is entered again
 * (it then takes the server's next number) or discarded. A network failure keeps the outbox and
 * retries when the browser is back online and every few seconds; a 401/403/404 (logged out, or no
 * longer this referee's sheet) keeps it and asks for a login. The page shows what is pending, and
 * the hand being entered is labelled with its number and winds, counting the hands still queued.
 *
 * Closing, confirmations, signing and taking back a hand need the connection and say so; a
 * confirmation or signature names the sheet version shown, so one given for figures since changed
 * is refused (409).
 */
(function () {
  "use strict";

  var root = document.getElementById("sheet");
  if (!root) return;
  var form = document.getElementById("hand-form");
  var outboxView = document.getElementById("outbox");
  var errorsView = document.getElementById("sheet-errors");
  var storageKey = "mcr-outbox-sheet-" + root.dataset.sheetId;
  var sending = false;
  var retryTimer = null;
  var stopped = false;  // the server refused us (logged out): keep everything, send nothing
  var serverNext = state().nextNumber;  // the next hand number, as the server last said
  var windsNode = document.getElementById("sheet-winds");
  var winds = windsNode ? JSON.parse(windsNode.textContent) : [];  // hands 1-16: prevalent, seat winds, dealer
  var discardButton = document.getElementById("discard-held");

  function text(name, n) {
    return (root.dataset["text" + name] || "").replace("{n}", n);
  }

  function csrfToken() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function randomUUID() {
    // crypto.randomUUID needs a secure context, which a venue LAN address is not.
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 0x100).toString(16).slice(1); }).join("");
    return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
  }

  function loadOutbox() {
    try { return JSON.parse(window.localStorage.getItem(storageKey) || "[]"); } catch (e) { return []; }
  }

  function saveOutbox(entries) {
    window.localStorage.setItem(storageKey, JSON.stringify(entries));
    renderOutbox(entries);
  }

  function state() {
    var node = document.querySelector("#sheet-state [data-sheet-state]");
    return {
      version: parseInt(node.dataset.version, 10),
      nextNumber: parseInt(node.dataset.nextNumber, 10),
      status: node.dataset.status
    };
  }

  function held(entries) {
    return entries.length > 0 && !!entries[0].held;
  }

  function renderOutbox(entries) {
    entries = entries || loadOutbox();
    relabel(entries);
    // Closing, confirming, signing and taking back wait until every hand here is on the server:
    // the players must confirm the sheet with all its hands, and a take-back must not cross a
    // hand still on its way.
    document.querySelectorAll("#sheet-state [data-action] button, #sheet-state button[data-action]").forEach(function (button) {
      button.disabled = entries.length > 0 || button.hasAttribute("data-disabled");
    });
    if (!outboxView) return;
    outboxView.hidden = entries.length === 0;
    outboxView.textContent = entries.length ? text("Pending", entries.length) + (navigator.onLine ? "" : " — " + text("Offline")) : "";
  }

  function relabel(entries) {
    // The hand in the form comes after the hands still queued (a held hand is the first of them).
    var number = serverNext + (held(entries) ? 0 : entries.length);
    var hand = winds[number - 1];
    var label = document.querySelector("[data-next-label]");
    if (!label) return;
    if (!hand) { label.textContent = "—"; return; }  // past hand 16: the sheet is full
    label.textContent = text("Hand", number);
    document.querySelector("[data-prevalent]").textContent = hand.prevalent;
    document.querySelectorAll("[data-wind-now]").forEach(function (cell) {
      var seat = parseInt(cell.dataset.seat, 10);
      cell.textContent = hand.seat_winds[seat] + (hand.dealer === seat ? " (" + text("Dealer") + ")" : "");
    });
  }

  function showErrors(messages) {
    errorsView.innerHTML = "";
    messages.forEach(function (message) {
      var p = document.createElement("p");
      p.textContent = message;
      errorsView.appendChild(p);
    });
  }

  function refreshState() {
    return fetch(root.dataset.pageUrl, { headers: { "HX-Request": "true" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) return;
        document.getElementById("sheet-state").innerHTML = html;
        var current = state();
        serverNext = current.nextNumber;
        if (form) form.hidden = current.status !== "open" && !held(loadOutbox());
        renderOutbox();
      })
      .catch(function () { renderOutbox(); });
  }

  function readForm() {
    var data = new FormData(form);
    var outcome = data.get("outcome");
    if (outcome === "draw") return { result: "draw" };
    var entry = {
      result: "win",
      winner: data.get("winner") === null ? null : parseInt(data.get("winner"), 10),
      discarder: outcome === "self" || data.get("discarder") === null ? null : parseInt(data.get("discarder"), 10),
      tiles: data.get("tiles") || "",
      flowers: parseInt(data.get("flowers") || "0", 10),
      last_of_kind: data.get("last_of_kind") !== null,
      last_wall_tile: data.get("last_wall_tile") !== null,
      kong_replacement: data.get("kong_replacement") !== null,
      robbing_kong: data.get("robbing_kong") !== null
    };
    var declared = data.getAll("declared_fans").map(function (n) { return parseInt(n, 10); });
    if (!entry.tiles && declared.length) entry.declared_fans = declared;
    return entry;
  }

  function problems(entry) {
    if (entry.result === "draw") return [];
    var found = [];
    if (entry.winner === null) found.push(text("ChooseWinner"));
    var selfDrawn = form.querySelector("input[name=outcome][value=self]").checked;
    if (!selfDrawn && (entry.discarder === null || entry.discarder === entry.winner)) found.push(text("ChooseDiscarder"));
    if (!entry.tiles && !entry.declared_fans) found.push(text("NeedTiles"));
    return found;
  }

  function resetForm() {
    form.reset();
    var picker = form.querySelector("[data-tile-picker]");
    if (picker && picker.tilePicker) picker.tilePicker.clear();
    syncVisibility();
  }

  function fillForm(entry) {
    var outcome = entry.result === "draw" ? "draw" : (entry.discarder === null ? "self" : "discard");
    form.querySelector("input[name=outcome][value=" + outcome + "]").checked = true;
    ["winner", "discarder"].forEach(function (name) {
      form.querySelectorAll("input[name=" + name + "]").forEach(function (input) {
        input.checked = entry[name] !== null && entry[name] !== undefined && input.value === String(entry[name]);
      });
    });
    if (entry.result === "win") {
      form.querySelector("select[name=flowers]").value = String(entry.flowers || 0);
      ["last_of_kind", "last_wall_tile", "kong_replacement", "robbing_kong"].forEach(function (name) {
        form.querySelector("input[name=" + name + "]").checked = !!entry[name];
      });
      var picker = form.querySelector("[data-tile-picker]");
      if (picker && picker.tilePicker && entry.tiles) picker.tilePicker.set(entry.tiles);
      form.querySelectorAll("input[name=declared_fans]").forEach(function (input) { input.checked = false; });
      (entry.declared_fans || []).forEach(function (number) {
        var box = form.querySelector("input[name=declared_fans][value='" + number + "']:not(:checked)");
        if (box) box.checked = true;
      });
    }
    syncVisibility();
  }

  function send() {
    if (sending || stopped) return;
    var entries = loadOutbox();
    if (!entries.length || held(entries)) return;
    sending = true;
    var entry = entries[0];
    if (!entry.number) {
      if (entry.expected && entry.expected !== serverNext) {
        // The sheet changed while it waited (a take-back, another tablet): as hand N it would get
        // other winds and dealer than the referee saw when entering it. Back to the referee.
        sending = false;
        entry.held = [text("Renumbered", entry.expected).replace("{m}", serverNext)];
        saveOutbox(entries);
        hold(entry);
        return;
      }
      entry.number = serverNext;  // kept from now on: a retry must carry the number it was sent with
      saveOutbox(entries);
    }
    fetch(root.dataset.apiHands, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken(), "Accept": "application/json" },
      body: JSON.stringify(Object.assign({ number: entry.number, client_key: entry.client_key }, entry.hand))
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (body) { return { status: response.status, body: body }; });
    }).then(function (answer) {
      sending = false;
      if (answer.status >= 500) { scheduleRetry(); return; }
      if (answer.status === 401 || answer.status === 403 || answer.status === 404) {
        // Logged out, or the sheet is no longer this referee's: the hands stay on the tablet.
        stopped = true;
        showErrors([text("LoggedOut")]);
        renderOutbox();
        return;
      }
      var current = loadOutbox();
      if (!current.length || current[0].client_key !== entry.client_key) return;  // discarded meanwhile
      if (answer.status === 201 || answer.status === 200) {
        serverNext = answer.body.number + 1;
        current.shift();
        saveOutbox(current);
        refreshState().then(send);
        return;
      }
      // Refused (400, or 409: another tablet took that number): the hand stays first in the
      // outbox, held, and goes back into the form; the hands queued after it wait.
      var messages;
      if (answer.status === 409) {
        if (answer.body.next_number) serverNext = answer.body.next_number;
        messages = [text("Conflict", entry.number)].concat(answer.body.next_number ? [] : [answer.body.detail || ""]);
      } else {
        messages = (answer.body.errors || []).map(function (e) { return e.message; });
        if (!messages.length) {
          messages = Object.keys(answer.body).map(function (k) { return k + ": " + [].concat(answer.body[k]).join(" "); });
        }
        messages = [text("Refused", entry.number)].concat(messages);
      }
      current[0].held = messages.filter(Boolean);
      current[0].number = null;  // entered again, it takes the server's next number
      saveOutbox(current);
      hold(current[0]);
      refreshState();
    }).catch(function () {
      sending = false;
      renderOutbox();
      scheduleRetry();
    });
  }

  function hold(entry) {
    if (!form) return;
    form.hidden = false;
    showErrors(entry.held);
    fillForm(entry.hand);
    if (discardButton) discardButton.hidden = false;
  }

  function scheduleRetry() {
    if (retryTimer) return;
    retryTimer = window.setTimeout(function () { retryTimer = null; send(); }, 5000);
  }

  function syncVisibility() {
    if (!form) return;
    var outcome = (form.querySelector("input[name=outcome]:checked") || {}).value;
    form.querySelector(".win-only").hidden = outcome === "draw";
    form.querySelector(".discard-only").hidden = outcome !== "discard";
  }

  function postAction(path, body) {
    showErrors([]);
    return fetch(root.dataset.apiBase + path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken(), "Accept": "application/json" },
      body: JSON.stringify(body || {})
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (answer) {
        if (!response.ok) {
          var messages = (answer.errors || []).map(function (e) { return e.message; });
          if (answer.detail) messages.push(answer.detail);
          showErrors(messages.length ? messages : [String(response.status)]);
        }
        return refreshState();
      });
    }).catch(function () { showErrors([text("Offline")]); });
  }

  if (form) {
    form.addEventListener("change", function (event) {
      if (event.target.name === "outcome") syncVisibility();
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var hand = readForm();
      var found = problems(hand);
      showErrors(found);
      if (found.length) return;
      var entries = loadOutbox();
      // The number the form showed: the hand's winds and dealer were read for it.
      var entry = { client_key: randomUUID(), hand: hand, expected: serverNext + (held(entries) ? 0 : entries.length) };
      if (held(entries)) {
        entries[0] = entry;  // the corrected hand takes the refused one's place, ahead of the rest
      } else {
        entries.push(entry);
      }
      saveOutbox(entries);
      resetForm();
      if (discardButton) discardButton.hidden = true;
      send();
    });
    if (discardButton) {
      discardButton.addEventListener("click", function () {
        var entries = loadOutbox();
        if (held(entries)) entries.shift();
        saveOutbox(entries);
        resetForm();
        showErrors([]);
        discardButton.hidden = true;
        refreshState().then(send);
      });
    }
    syncVisibility();
  }

  document.getElementById("sheet-state").addEventListener("click", function (event) {
    var action = event.target.dataset && event.target.dataset.action;
    if (action === "take-back") {
      // One tap must not remove a hand: on a closed sheet the tablet cannot enter it again.
      var current = state();
      var question = text(current.status === "closed" ? "TakeBackClosed" : "TakeBack", current.nextNumber - 1);
      if (window.confirm(question)) postAction("hands/take-back/", { version: current.version });
    }
    if (action === "close") postAction("close/", { version: state().version });
    if (action === "sign") postAction("sign/", { version: state().version });
  });
  document.getElementById("sheet-state").addEventListener("submit", function (event) {
    var action = event.target.dataset.action;
    if (action !== "confirm" && action !== "sign-without") return;
    event.preventDefault();
    var data = new FormData(event.target);
    if (action === "confirm") {
      postAction("confirm/", { entry: parseInt(data.get("entry"), 10), pin: data.get("pin"), version: state().version });
    } else {
      postAction("sign/", { version: state().version, reason: data.get("reason") || "" });
    }
  });

  window.addEventListener("online", send);
  window.addEventListener("offline", function () { renderOutbox(); });
  var waiting = loadOutbox();
  renderOutbox(waiting);
  // A hand held before a reload goes back into the form once the tile picker (a deferred script
  // after this one) is ready.
  if (held(waiting)) document.addEventListener("DOMContentLoaded", function () { hold(loadOutbox()[0]); });
  send();
})();
