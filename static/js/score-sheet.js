/*
 * The referee's tablet: record hands on a score sheet, even on flaky venue Wi-Fi.
 *
 * Every hand the referee records goes first into the sheet's outbox (outbox.js, loaded before this
 * file, states the protocol: client keys, numbering from the server's next number, held hands
 * after a refusal, retries, stopping on 401/403/404); this file is the page around it. It sends
 * the outbox's hands to POST /api/sheets/<id>/hands/ one at a time, retries when the browser is
 * back online and every few seconds, puts a held hand back into the form with the reason (also
 * after a reload), and asks for a login when the server no longer accepts the tablet. The page
 * shows what is pending, and the hand being entered is labelled with its number and winds,
 * counting the hands still queued.
 *
 * Before a hand is recorded the page shows the engine's count of the tiles (POST .../hands/preview/,
 * nothing written); with declared scoring (3.9.1.4) the declared fans beside it, a fan the tiles
 * refuse marked, the fans the winner missed listed (shown only, never added), and an
 * under-declaration offered as a false win (3.11.6.6) with a link to the foul page.
 *
 * A refused hand's reasons show at the form, by "Record the hand", scrolled into view; the outbox
 * lists the hands still queued (while offline too), apart from the held one. Closing the sheet,
 * discarding a held hand and taking back a hand ask first; closing states the session's time left
 * (3.5.6). The confirmation form lists who has confirmed and thanks the player who just did.
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
  var retryTimer = null;
  var windsNode = document.getElementById("sheet-winds");
  var winds = windsNode ? JSON.parse(windsNode.textContent) : [];  // hands 1-16: prevalent, seat winds, dealer
  var discardButton = document.getElementById("discard-held");
  var declaredMode = root.dataset.scoringMode === "declared";
  var previewView = document.getElementById("hand-preview");
  var previewTimer = null;
  var previewSeq = 0;
  var formErrorsView = document.getElementById("hand-form-errors");
  var thanks = null;  // the player whose confirmation was just recorded, thanked after the refresh
  var notice = null;  // the server's words for a confirmation already given, shown after the refresh
  // The hands queued here are this user's (a shared tablet never sends them under another login).
  if (root.dataset.userId) window.SheetOutbox.rememberName(window.localStorage, root.dataset.userId, root.dataset.userName);
  var outbox = window.SheetOutbox.open({
    storage: window.localStorage,
    sheetId: root.dataset.sheetId,
    user: root.dataset.userId,
    serverNext: state().nextNumber,
    text: text,
    onChange: renderOutbox
  });

  function text(name, n, more) {
    var out = (root.dataset["text" + name] || "").replace("{n}", n);
    Object.keys(more || {}).forEach(function (key) { out = out.replace("{" + key + "}", more[key]); });
    return out;
  }

  // The winner's chip label ("24 Timothée Ngô") for a seat, to list the queued hands in words.
  function playerName(seat) {
    var input = form && form.querySelector("input[name=winner][value='" + seat + "']");
    return input ? input.parentNode.textContent.trim() : String(seat);
  }

  function csrfToken() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function state() {
    var node = document.querySelector("#sheet-state [data-sheet-state]");
    return {
      version: parseInt(node.dataset.version, 10),
      nextNumber: parseInt(node.dataset.nextNumber, 10),
      status: node.dataset.status
    };
  }

  function renderOutbox(entries) {
    entries = entries || outbox.entries();
    relabel();
    renderBanner();
    // Closing, confirming, signing and taking back wait until every hand here is on the server:
    // the players must confirm the sheet with all its hands, and a take-back must not cross a
    // hand still on its way.
    // Said at the buttons, not left to guess (issue 29): why Close, Take back and the confirmations wait.
    var waiting = entries.length === 0 ? "" : entries[0].held ? text("WaitHeld", entries[0].expected)
      : text("WaitQueued", entries.length);
    document.querySelectorAll("#sheet-state [data-action] button, #sheet-state button[data-action]").forEach(function (button) {
      button.disabled = entries.length > 0 || button.hasAttribute("data-disabled");
      if (waiting) button.title = waiting; else button.removeAttribute("title");
    });
    document.querySelectorAll("#sheet-state [data-outbox-wait]").forEach(function (note) {
      note.textContent = waiting;
      note.hidden = !waiting;
    });
    if (!outboxView) return;
    // A held hand is not waiting to be sent: it waits for the referee (its reasons are at the form).
    var held = entries.length > 0 && !!entries[0].held;
    var queued = held ? entries.slice(1) : entries;
    outboxView.hidden = entries.length === 0;
    outboxView.classList.toggle("outbox-held", held);
    outboxView.textContent = "";
    if (held) {
      var heldLine = document.createElement("p");
      heldLine.textContent = text("Held", entries[0].expected);
      outboxView.appendChild(heldLine);
    }
    if (queued.length) {
      var line = document.createElement("p");
      line.textContent = (queued.length === 1 ? text("PendingOne", 1) : text("PendingMany", queued.length)) +
        (navigator.onLine ? "" : " " + text("Offline"));
      outboxView.appendChild(line);
      var list = document.createElement("ol");
      list.className = "outbox-list";
      queued.forEach(function (entry) {
        var item = document.createElement("li");
        var number = entry.number || entry.expected;
        var hand = entry.hand || {};
        item.textContent = hand.result === "draw" ? text("QueuedDraw", number)
          : text("QueuedWin", number, { winner: playerName(hand.winner) }) + (hand.tiles ? " · " + hand.tiles : "");
        list.appendChild(item);
      });
      outboxView.appendChild(list);
    }
  }

  function relabel() {
    // The hand in the form comes after the hands still queued (a held hand is the first of them).
    var number = outbox.formNumber();
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

  // The reasons a hand cannot be recorded, at the form's "Record the hand" button where the referee is.
  function showFormErrors(messages) {
    var view = formErrorsView || errorsView;
    view.innerHTML = "";
    messages.forEach(function (message) {
      var p = document.createElement("p");
      p.textContent = message;
      view.appendChild(p);
    });
    if (messages.length && view.scrollIntoView) view.scrollIntoView({ block: "center" });
  }

  // On a slow network two refreshes can answer out of order: only the newest request's answer is drawn,
  // so an older state (a confirmation not yet counted) never replaces a newer one. What a player is typing
  // into the confirmation form stays in the redrawn form.
  var refreshes = 0;
  function typedConfirmation() {
    var typed = {};
    document.querySelectorAll("#sheet-state form.confirm-form input").forEach(function (input) {
      if (input.value) typed[input.name] = input.value;
    });
    return typed;
  }
  function refreshState() {
    var mine = ++refreshes;
    return fetch(root.dataset.pageUrl, { headers: { "HX-Request": "true" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null || mine !== refreshes) return;
        var typed = typedConfirmation();
        document.getElementById("sheet-state").innerHTML = html;
        document.querySelectorAll("#sheet-state form.confirm-form input").forEach(function (input) {
          if (typed[input.name] && !input.value) input.value = typed[input.name];
        });
        showThanks();
        keepPage();
        var current = state();
        outbox.setServerNext(current.nextNumber);
        if (form) form.hidden = current.status !== "open" && !outbox.held();
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
    // Declared scoring sends the declared fans with the tiles; otherwise they stand in for tiles not recorded.
    if ((declaredMode || !entry.tiles) && declared.length) entry.declared_fans = declared;
    return entry;
  }

  function problems(entry) {
    if (entry.result === "draw") return [];
    var found = [];
    if (entry.winner === null) found.push(text("ChooseWinner"));
    var selfDrawn = form.querySelector("input[name=outcome][value=self]").checked;
    if (!selfDrawn && (entry.discarder === null || entry.discarder === entry.winner)) found.push(text("ChooseDiscarder"));
    if (!entry.tiles && !entry.declared_fans) found.push(text("NeedTiles"));
    if (declaredMode && entry.tiles && !entry.declared_fans) found.push(text("NeedDeclared"));
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
    schedulePreview();
  }

  function send() {
    var step = outbox.next();
    if (!step) return;
    if (step.hold) { hold(step.hold); return; }
    var clientKey = step.send.client_key;
    fetch(root.dataset.apiHands, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken(), "Accept": "application/json" },
      body: JSON.stringify(step.body)
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (body) { return { status: response.status, body: body }; });
    }).then(function (answer) {
      var outcome = outbox.settle(clientKey, answer);
      if (outcome.kind === "retry") { scheduleRetry(); return; }
      if (outcome.kind === "stopped") {
        showErrors([text("LoggedOut")]);
        renderOutbox();
        return;
      }
      if (outcome.kind === "sent") { refreshState().then(send); return; }
      if (outcome.kind === "held") {
        hold(outcome.entry);
        refreshState();
      }
    }).catch(function () {
      outbox.settle(clientKey, null);  // a network failure: the hand stays, sent again later
      renderOutbox();
      scheduleRetry();
    });
  }

  function hold(entry) {
    if (!form) return;
    form.hidden = false;
    fillForm(entry.hand);
    if (discardButton) discardButton.hidden = false;
    showFormErrors(entry.held);  // in view, at the form the referee corrects
  }

  function showThanks() {
    if (notice) {
      var feedback = document.querySelector("#sheet-state [data-confirm-feedback]");
      if (feedback) { feedback.textContent = notice; feedback.hidden = false; }
      notice = null;
      return;
    }
    if (!thanks) return;
    var item = document.querySelector("#sheet-state .confirm-list li[data-entry='" + thanks + "']");
    var box = document.querySelector("#sheet-state [data-confirm-feedback]");
    if (item && box) {
      box.textContent = text("Thanks", "", { name: item.dataset.name });
      box.hidden = false;
    }
    thanks = null;
  }

  function scheduleRetry() {
    if (retryTimer) return;
    retryTimer = window.setTimeout(function () { retryTimer = null; send(); }, 5000);
  }

  function fanItems(list, fans, refused) {
    list.innerHTML = "";
    fans.forEach(function (fan) {
      var li = document.createElement("li");
      li.textContent = fan.number + ". " + fan.name + (fan.count > 1 ? " ×" + fan.count : "") + " (" + fan.points + ")";
      if (refused && refused.indexOf(fan.number) !== -1) {
        li.className = "refused";
        li.textContent += " — " + text("RefusedFan");
      }
      list.appendChild(li);
    });
  }

  function part(name) { return previewView.querySelector("[data-preview=" + name + "]"); }

  // Declared scoring in a few taps (issue 29): the fans the tiles hold, from the engine's reading, as chips;
  // a tap ticks the next box of that fan (a second tap, a second time), "−" takes one back. Only the ticked
  // boxes are the declaration: nothing is ticked for the referee.
  var quick = form && form.querySelector("[data-fan-quick]");
  var chips = form && form.querySelector("[data-fan-chips]");
  function declaredBoxes(number, checked) {
    return Array.prototype.slice.call(form.querySelectorAll(
      "input[name=declared_fans][value='" + number + "']" + (checked === undefined ? "" : checked ? ":checked" : ":not(:checked)")));
  }
  function updateChips() {
    if (!chips) return;
    chips.querySelectorAll("[data-fan-chip]").forEach(function (chip) {
      var ticked = declaredBoxes(chip.dataset.fanChip, true).length;
      chip.querySelector(".fan-chip-count").textContent = ticked ? "✓" + (ticked > 1 ? "×" + ticked : "") : "";
      chip.classList.toggle("ticked", ticked > 0);
      chip.parentNode.querySelector("[data-fan-untick]").hidden = ticked === 0;
    });
  }
  function renderChips(fans) {
    if (!quick || !declaredMode) return;
    chips.innerHTML = "";
    (fans || []).forEach(function (fan) {
      if (fan.number === 81 || !declaredBoxes(fan.number).length) return;  // flowers are a count, not a tick
      var wrap = document.createElement("span");
      wrap.className = "fan-chip-wrap";
      var chip = document.createElement("button");
      chip.type = "button";
      chip.className = "chip fan-chip";
      chip.dataset.fanChip = fan.number;
      chip.textContent = fan.number + ". " + fan.name + (fan.count > 1 ? " ×" + fan.count : "") + " ";
      var count = document.createElement("strong");
      count.className = "fan-chip-count";
      chip.appendChild(count);
      chip.addEventListener("click", function () {
        var box = declaredBoxes(fan.number, false)[0];
        if (box) { box.checked = true; updateChips(); schedulePreview(); }
      });
      var minus = document.createElement("button");
      minus.type = "button";
      minus.className = "link fan-untick";
      minus.dataset.fanUntick = fan.number;
      minus.textContent = "−";
      minus.setAttribute("aria-label", "− " + fan.number);
      minus.addEventListener("click", function () {
        var boxes = declaredBoxes(fan.number, true);
        if (boxes.length) { boxes[boxes.length - 1].checked = false; updateChips(); schedulePreview(); }
      });
      wrap.appendChild(chip);
      wrap.appendChild(minus);
      chips.appendChild(wrap);
    });
    quick.hidden = chips.children.length === 0;
    updateChips();
  }
  var search = form && form.querySelector("[data-fan-search]");
  if (search) {
    search.addEventListener("input", function () {
      var words = search.value.trim().toLowerCase();
      form.querySelectorAll("[data-fan-grid] label").forEach(function (label) {
        label.hidden = !!words && label.dataset.fanSearchText.indexOf(words) === -1;
      });
    });
  }
  if (form) form.addEventListener("change", function (event) {
    if (event.target.name === "declared_fans") updateChips();
  });

  function renderPreview(answer) {
    renderChips(answer && answer.engine ? answer.engine.fans : []);
    if (!answer || !answer.engine) {
      previewView.hidden = !(answer && answer.problems && answer.problems.length);
      part("engine-total").textContent = "";
      part("engine-fans").innerHTML = "";
      part("declared").hidden = true;
      part("false-win").hidden = true;
      part("problems").innerHTML = "";
      ((answer && answer.problems) || []).forEach(function (message) {
        var p = document.createElement("p"); p.textContent = message; part("problems").appendChild(p);
      });
      return;
    }
    previewView.hidden = false;
    part("engine-total").textContent = text("EngineCount", answer.engine.fan_points) +
      (answer.engine.message ? " — " + answer.engine.message : "");
    fanItems(part("engine-fans"), answer.engine.fans);
    var declared = answer.declared;
    part("declared").hidden = !declared;
    if (declared) {
      part("declared-total").textContent = text("DeclaredCount", declared.fan_points);
      fanItems(part("declared-fans"), declared.fans, declared.unsupported);
      part("missed-title").textContent = declared.missed.length ? text("Missed") : "";
      fanItems(part("missed-fans"), declared.missed);
    }
    part("problems").innerHTML = "";
    answer.problems.forEach(function (message) {
      var p = document.createElement("p"); p.textContent = message; part("problems").appendChild(p);
    });
    var link = part("false-win-link");
    part("false-win").hidden = !(answer.false_win && answer.false_win_url);
    if (answer.false_win && answer.false_win_url) {
      link.href = answer.false_win_url;
      link.textContent = text("RecordFalseWin");
    }
  }

  function preview() {
    if (!previewView || !form) return;
    var entry = readForm();
    if (entry.result !== "win" || entry.winner === null || !entry.tiles) { renderPreview(null); return; }
    entry.number = outbox.formNumber();
    if (!(entry.number >= 1 && entry.number <= 16)) { renderPreview(null); return; }
    var seq = ++previewSeq;
    fetch(root.dataset.apiPreview, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken(), "Accept": "application/json" },
      body: JSON.stringify(entry)
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (body) {
        if (seq !== previewSeq) return;  // a later change is on its way
        if (!response.ok) {
          renderPreview({ problems: (body.errors || []).map(function (e) { return e.message; }) });
          return;
        }
        renderPreview(body);
      });
    }).catch(function () {
      if (seq === previewSeq) renderPreview({ problems: [text(declaredMode ? "DeclaredOffline" : "PreviewOffline")] });
    });
  }

  function schedulePreview() {
    if (previewTimer) window.clearTimeout(previewTimer);
    previewTimer = window.setTimeout(function () { previewTimer = null; preview(); }, 300);
  }

  function syncVisibility() {
    if (!form) return;
    var outcome = (form.querySelector("input[name=outcome]:checked") || {}).value;
    form.querySelector(".win-only").hidden = outcome === "draw";
    form.querySelector(".discard-only").hidden = outcome !== "discard";
  }

  function postAction(path, body, onSuccess) {
    showErrors([]);
    return fetch(root.dataset.apiBase + path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken(), "Accept": "application/json" },
      body: JSON.stringify(body || {})
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (answer) {
        if (!response.ok) {
          // The API's one error shape: {errors: [{field, code, message}]} (config/api_errors.py).
          var messages = (answer.errors || []).map(function (e) { return e.message; });
          showErrors(messages.length ? messages : [String(response.status)]);
        } else if (onSuccess) {
          onSuccess(answer);
        }
        return refreshState();
      });
    }).catch(function () { showErrors([text("Offline")]); });
  }

  if (form) {
    form.addEventListener("change", function (event) {
      if (event.target.name === "outcome") syncVisibility();
      schedulePreview();
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var hand = readForm();
      var found = problems(hand);
      showFormErrors(found);
      if (found.length) return;
      outbox.add(hand);  // in the held hand's place, if any
      resetForm();
      if (discardButton) discardButton.hidden = true;
      send();
    });
    if (discardButton) {
      discardButton.addEventListener("click", function () {
        var held = outbox.held();
        if (held && !window.confirm(text("DiscardHeld", held.expected))) return;
        outbox.discardHeld();
        resetForm();
        showFormErrors([]);
        discardButton.hidden = true;
        refreshState().then(send);
      });
    }
    syncVisibility();
  }

  // 3.5.6: closing before the 16th hand ends the table's session; the question states the time left.
  function closeQuestion(button) {
    var hands = button.dataset.hands;
    if (button.hasAttribute("data-full")) return text("CloseFull", hands);
    if (!button.dataset.endsAt) return text("CloseUnknown", hands);
    var left = Math.ceil((new Date(button.dataset.endsAt).getTime() - Date.now()) / 60000);
    if (left <= 0) return text("CloseTimeUp", hands);
    return text("CloseEarly", hands, { minutes: left, time: button.dataset.endsAtLabel });
  }

  document.getElementById("sheet-state").addEventListener("click", function (event) {
    var action = event.target.dataset && event.target.dataset.action;
    if (action === "take-back") {
      // One tap must not remove a hand: on a closed sheet the tablet cannot enter it again.
      var current = state();
      var question = text(current.status === "closed" ? "TakeBackClosed" : "TakeBack", current.nextNumber - 1);
      if (window.confirm(question)) postAction("hands/take-back/", { version: current.version });
    }
    if (action === "close" && window.confirm(closeQuestion(event.target))) postAction("close/", { version: state().version });
    if (action === "sign") postAction("sign/", { version: state().version });
  });
  document.getElementById("sheet-state").addEventListener("submit", function (event) {
    var action = event.target.dataset.action;
    if (action !== "confirm" && action !== "sign-without") return;
    event.preventDefault();
    var data = new FormData(event.target);
    if (action === "confirm") {
      event.target.reset();  // sent: the PIN is not kept for the next player, nor carried into a redrawn form
      var entryNumber = parseInt(data.get("entry"), 10);
      thanks = null;
      postAction("confirm/", { entry: entryNumber, pin: data.get("pin"), version: state().version }, function (answer) {
        // A second confirmation records nothing; the server says so, and the tablet shows its words.
        if (answer.notice) notice = answer.notice; else thanks = entryNumber;
      });
    } else {
      postAction("sign/", { version: state().version, reason: data.get("reason") || "" });
    }
  });

  window.addEventListener("online", send);
  window.addEventListener("offline", function () { renderOutbox(); });
  renderOutbox();

  // Offline-first (issue 29): the service worker keeps this sheet and its files, so a reload while the venue's
  // network is down shows the sheet, with its held and queued hands, instead of the browser's error page.
  var banner = document.getElementById("offline-banner");
  function renderBanner() {
    if (!banner) return;
    var unsent = outbox.entries().length;
    banner.hidden = navigator.onLine;
    banner.textContent = text("OfflineBanner") + (unsent ? " " + text("OfflineUnsent", unsent) : "") +
      (declaredMode ? " " + text("DeclaredOffline") : "");
  }
  window.addEventListener("offline", renderBanner);
  window.addEventListener("online", renderBanner);
  renderBanner();
  if ("serviceWorker" in navigator && root.dataset.serviceWorker && navigator.onLine) {
    navigator.serviceWorker.register(root.dataset.serviceWorker, { scope: "/t/sheets/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var files = [window.location.pathname];
      document.querySelectorAll("script[src], link[rel=stylesheet][href], img[src]").forEach(function (node) {
        var address = node.getAttribute("src") || node.getAttribute("href");
        if (address && address.indexOf("/static/") === 0) files.push(address);
      });
      navigator.serviceWorker.addEventListener("message", function (event) {
        if (event.data && event.data.kept) root.dataset.offlineReady = "1";
      });
      if (registration.active) registration.active.postMessage({ keep: files });
    }).catch(function () {});  // no worker (an old browser, a private window): the page works online as before
  }
  // The kept copy follows the sheet: after each refresh from the server (a hand recorded, a confirmation), the
  // worker fetches the page again, so a reload offline shows the hands, next number, winds and dealer as this
  // tablet last learned them, not as the page was first loaded (hands entered offline would be misnumbered).
  function keepPage() {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ keep: [window.location.pathname] });
  }

  // A hand held before a reload goes back into the form once the tile picker (a deferred script
  // after this one) is ready.
  if (outbox.held()) document.addEventListener("DOMContentLoaded", function () { hold(outbox.held()); });
  send();
})();
