/*
 * The score sheet's outbox: the protocol by which a referee's tablet sends hands, even on flaky
 * venue Wi-Fi. State transitions only: no DOM, no network, no timers. The storage (localStorage on
 * the tablet) is injected; score-sheet.js does the HTTP calls, the retry timer and the page.
 *
 * The protocol:
 *   - Every hand the referee records goes first into an outbox kept in the storage, one per sheet
 *     (key "mcr-outbox-sheet-<id>"), with a random client key, and is sent in order, oldest first,
 *     to POST /api/sheets/<id>/hands/ with {number, client_key, ...hand}. One hand is in flight at a
 *     time.
 *   - A hand gets its number when it is first sent: the number the server gave as next (from the
 *     sheet, a 201 or a 409), so a slow or failed refresh cannot make the tablet reuse a number. The
 *     number is then kept: a retry carries the number it was first sent with. A hand remembers the
 *     number the form showed when it was entered (its winds and dealer were read for it); if the
 *     server's next number is another by the time it is sent (a take-back, another tablet), it is
 *     held instead of sent ("Renumbered").
 *   - A hand leaves the outbox when the server has it: 201 (recorded) or 200 (a retry the server
 *     had already recorded: the client key makes retries harmless); the server's next number is
 *     then the hand's number + 1.
 *   - A refusal (400: invalid hand; 409: that number was taken; any other 4xx
 *     not below) keeps the hand first in the outbox, held, with the reasons, and without a number;
 *     a 409 carries the server's next number. The reasons are the messages of the API's one error
 *     shape, {errors: [{field, code, message}], next_number?} (config/api_errors.py). The hands
 *     queued after a held hand wait until it is entered again (the corrected hand takes its place
 *     and then the server's next number) or discarded. The held hand and its reasons are in the
 *     storage: they survive a reload.
 *   - A network failure or a 5xx keeps the outbox as it is: retry later (when the browser is back
 *     online, and every few seconds).
 *   - The tablet remembers the numbers of the hands it had recorded ("<key>-recorded"): a 409 on one of them
 *     says this tablet's hand was entered before it learned of its own hand ("ConflictOwn"), and only
 *     otherwise that another device recorded it ("Conflict"); both say the held hand, entered again, becomes
 *     the server's next hand (the form shows that hand's winds and dealer).
 *   - A 401/403/404 (logged out, or no longer this referee's sheet) keeps the outbox and stops
 *     sending until the page is loaded again.
 *   - The outbox belongs to the user who recorded its hands (key "mcr-outbox-sheet-<id>-user-<user id>"):
 *     a tablet shared by two referees never sends A's hands under B's login. A's hands wait, sealed,
 *     until A signs in again; the login page counts them (SheetOutbox.waiting) by the names the sheet
 *     pages remembered (SheetOutbox.rememberName, key "mcr-outbox-names").
 *
 * Entries, as stored (a JSON list): {client_key, hand, expected, number?, held?: [messages]}.
 *
 * API (window.SheetOutbox):
 *   SheetOutbox.open(options) -> outbox, where options are
 *     storage     an object with getItem/setItem (window.localStorage);
 *     sheetId     the sheet's id;
 *     user        the signed-in user's id: whose outbox it is (left out: one outbox for the sheet);
 *     serverNext  the next hand number, as the server last said;
 *     text        text(name, n) -> message, for the reasons of a held hand ("Renumbered" with
 *                 {n} and {m}, "Conflict", "Refused"); defaults to the name;
 *     newKey      () -> client key; defaults to SheetOutbox.newClientKey (a random UUID);
 *     onChange    called with the entries after every change to the storage.
 *   outbox.entries()          the queued hands, oldest first;
 *   outbox.held()             the held hand (always the first), or null;
 *   outbox.serverNext(), outbox.setServerNext(n)   the next number, as the server last said;
 *   outbox.formNumber()       the number of the hand being entered: after the hands queued (a held
 *                             hand is the first of them, entered again);
 *   outbox.add(hand)          queue a hand (in place of the held one, if any); returns its entry;
 *   outbox.discardHeld()      drop the held hand; returns whether there was one;
 *   outbox.next()             the next step: null (nothing to send: empty, held, one in flight, or
 *                             stopped), {hold: entry} (it was just held: renumbered), or
 *                             {send: entry, body: request body} (now in flight);
 *   outbox.settle(clientKey, answer)   the server's answer to the hand in flight, {status, body},
 *                             or null for a network failure; returns {kind, entry} with kind one of
 *                             "sent" (removed), "held", "retry", "stopped", "stale" (the hand is no
 *                             longer first: discarded meanwhile);
 *   outbox.stopped()          whether sending stopped (401/403/404).
 */
(function () {
  "use strict";
  if (window.SheetOutbox) return;

  function newClientKey() {
    // crypto.randomUUID needs a secure context, which a venue LAN address is not.
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 0x100).toString(16).slice(1); }).join("");
    return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20);
  }

  var PREFIX = "mcr-outbox-sheet-";
  var NAMES = "mcr-outbox-names";

  function storageKey(sheetId, user) {
    return PREFIX + sheetId + (user ? "-user-" + user : "");
  }

  function names(storage) {
    try { return JSON.parse(storage.getItem(NAMES) || "{}"); } catch (e) { return {}; }
  }

  function rememberName(storage, user, name) {
    var known = names(storage);
    if (known[user] === name) return;
    known[user] = name;
    storage.setItem(NAMES, JSON.stringify(known));
  }

  // [{user, name, count}]: the hands each user left queued on this device, for the login page.
  function waiting(storage) {
    var counts = {};
    for (var i = 0; i < storage.length; i++) {
      var match = /^mcr-outbox-sheet-\d+-user-(\d+)$/.exec(storage.key(i) || "");
      if (!match) continue;
      var entries;
      try { entries = JSON.parse(storage.getItem(storage.key(i)) || "[]"); } catch (e) { entries = []; }
      if (entries.length) counts[match[1]] = (counts[match[1]] || 0) + entries.length;
    }
    var known = names(storage);
    return Object.keys(counts).map(function (user) {
      return { user: user, name: known[user] || "", count: counts[user] };
    });
  }

  function open(options) {
    var storage = options.storage;
    var key = storageKey(options.sheetId, options.user);
    var text = options.text || function (name) { return name; };
    var newKey = options.newKey || newClientKey;
    var onChange = options.onChange || function () {};
    var serverNext = options.serverNext;
    var inFlight = null;  // the client key of the hand being sent
    var stopped = false;  // the server refused us (logged out): keep everything, send nothing

    function load() {
      try { return JSON.parse(storage.getItem(key) || "[]"); } catch (e) { return []; }
    }

    function save(entries) {
      storage.setItem(key, JSON.stringify(entries));
      onChange(entries);
    }

    function isHeld(entries) {
      return entries.length > 0 && !!entries[0].held;
    }

    function formNumber(entries) {
      return serverNext + (isHeld(entries) ? 0 : entries.length);
    }

    function recorded() {
      try { return JSON.parse(storage.getItem(key + "-recorded") || "[]"); } catch (e) { return []; }
    }

    function remember(number) {
      var numbers = recorded().filter(function (n) { return n !== number; }).concat([number]);
      storage.setItem(key + "-recorded", JSON.stringify(numbers.slice(-32)));
    }

    function refusal(entry, answer) {
      // Every API error answers {errors: [{field, code, message}]}; a 409 adds the server's
      // next_number when the hand's number was taken. (A body that is no JSON, from a proxy say,
      // arrives as {}: the hand is refused without reasons.)
      var body = answer.body || {};
      var reasons = (body.errors || []).map(function (e) { return e.message; });
      if (answer.status === 409) {
        if (!body.next_number) return [text("Conflict", entry.number)].concat(reasons).filter(Boolean);
        serverNext = body.next_number;
        // The number was taken: by this tablet's own earlier hand (its page had not learned of it), or
        // by another device. Either way the hand, entered again, is the server's next one.
        var own = recorded().indexOf(entry.number) !== -1;
        return [text(own ? "ConflictOwn" : "Conflict", entry.number).split("{m}").join(body.next_number)];
      }
      return [text("Refused", entry.number)].concat(reasons).filter(Boolean);
    }

    return {
      entries: load,
      held: function () {
        var entries = load();
        return isHeld(entries) ? entries[0] : null;
      },
      serverNext: function () { return serverNext; },
      setServerNext: function (number) { serverNext = number; },
      formNumber: function () { return formNumber(load()); },
      stopped: function () { return stopped; },

      add: function (hand) {
        var entries = load();
        // The number the form showed: the hand's winds and dealer were read for it.
        var entry = { client_key: newKey(), hand: hand, expected: formNumber(entries) };
        if (isHeld(entries)) {
          entries[0] = entry;  // the corrected hand takes the refused one's place, ahead of the rest
        } else {
          entries.push(entry);
        }
        save(entries);
        return entry;
      },

      discardHeld: function () {
        var entries = load();
        var found = isHeld(entries);
        if (found) entries.shift();
        save(entries);
        return found;
      },

      next: function () {
        if (inFlight || stopped) return null;
        var entries = load();
        if (!entries.length || isHeld(entries)) return null;
        var entry = entries[0];
        if (!entry.number) {
          if (entry.expected && entry.expected !== serverNext) {
            // The sheet changed while it waited (a take-back, another tablet): as hand N it would
            // get other winds and dealer than the referee saw when entering it. Back to the referee.
            entry.held = [text("Renumbered", entry.expected).replace("{m}", serverNext)];
            save(entries);
            return { hold: entry };
          }
          entry.number = serverNext;  // kept from now on: a retry must carry the number it was sent with
          save(entries);
        }
        inFlight = entry.client_key;
        var body = { number: entry.number, client_key: entry.client_key };
        Object.keys(entry.hand).forEach(function (k) { body[k] = entry.hand[k]; });
        return { send: entry, body: body };
      },

      settle: function (clientKey, answer) {
        if (inFlight === clientKey) inFlight = null;
        if (!answer || answer.status >= 500) return { kind: "retry", entry: null };
        if (answer.status === 401 || answer.status === 403 || answer.status === 404) {
          // Logged out, or the sheet is no longer this referee's: the hands stay on the tablet.
          stopped = true;
          return { kind: "stopped", entry: null };
        }
        var entries = load();
        if (!entries.length || entries[0].client_key !== clientKey) return { kind: "stale", entry: null };
        var entry = entries[0];
        if (answer.status === 201 || answer.status === 200) {
          serverNext = answer.body.number + 1;
          remember(answer.body.number);
          entries.shift();
          save(entries);
          return { kind: "sent", entry: entry };
        }
        // Refused (400, or 409: another tablet took that number): the hand stays first in the
        // outbox, held, and goes back to the referee; the hands queued after it wait.
        entry.held = refusal(entry, answer);
        entry.number = null;  // entered again, it takes the server's next number
        save(entries);
        return { kind: "held", entry: entry };
      }
    };
  }

  window.SheetOutbox = {
    open: open, storageKey: storageKey, newClientKey: newClientKey, rememberName: rememberName, waiting: waiting
  };
})();
