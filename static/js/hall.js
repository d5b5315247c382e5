/*
 * The hall display (tournaments/hall): runs for hours on a projector, unattended.
 *
 * - Polls the live fragment every poll_seconds with If-None-Match: a 304 costs nothing; a 200
 *   replaces the fragment's markup (one innerHTML swap, so no nodes or listeners pile up: the
 *   fragment has none of its own; the few listeners here are set once on nodes that stay).
 * - Network down or server restarting: retries with a backoff (retry_seconds, 2 s, doubling, at most 30 s), shows
 *   "Reconnecting…", and carries on from where it was when the server answers again.
 * - Rotates the standings pages every page_seconds, keeping the page across fragment swaps.
 * - Counts the session clock down each second from the fragment's data-ends-at, corrected by the
 *   server's clock (data-now), highlighting the last 15 minutes (3.5.6) as the board does.
 * - Between sessions, shows the "type your entry number" lookup over the next session's seats.
 * Three timers in all, created once.
 */
(function () {
  "use strict";
  var config = JSON.parse(document.getElementById("hall-config").textContent);
  var live = document.getElementById("hall-live");
  var lookup = document.getElementById("hall-lookup");
  var entryInput = document.getElementById("hall-entry");
  var seatOutput = document.getElementById("hall-seat");
  var offline = document.getElementById("hall-offline");
  var etag = live.getAttribute("data-etag") || "";
  var page = 0;
  var skew = 0;  // server clock minus this machine's, in ms
  var failures = 0;

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function readSkew() {
    var root = live.querySelector(".hall-live");
    var now = root && Date.parse(root.getAttribute("data-now"));
    if (now) { skew = now - Date.now(); }
  }

  function showPage() {
    var pages = live.querySelectorAll(".hall-page");
    if (!pages.length) { return; }
    page = page % pages.length;
    for (var i = 0; i < pages.length; i++) { pages[i].hidden = i !== page; }
  }

  function tickClock() {
    var clock = live.querySelector(".hall-clock[data-ends-at]");
    if (!clock) { return; }
    var now = Date.now() + skew;
    var left = Math.max(0, Math.floor((Date.parse(clock.getAttribute("data-ends-at")) - now) / 1000));
    var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    clock.querySelector("[data-clock]").textContent = (h ? h + ":" + pad(m) : m) + ":" + pad(s);
    clock.classList.toggle("last-minutes", now >= Date.parse(clock.getAttribute("data-warn-at")));
    clock.classList.toggle("time-up", left === 0);
    clock.querySelector(".hall-clock-up").hidden = left !== 0;
  }

  function lookupSeat() {
    var seats = document.getElementById("hall-seats");
    var entry = entryInput.value.replace(/\D/g, "");
    if (!seats || !entry) { seatOutput.textContent = ""; return; }
    var seat = JSON.parse(seats.textContent)[String(parseInt(entry, 10))];
    seatOutput.textContent = seat
      ? config.seat_text.replace("%(table)s", seat[0]).replace("%(seat)s", seat[1])
      : config.not_found;
  }

  function afterSwap() {
    readSkew();
    showPage();
    tickClock();
    var between = !!live.querySelector('.hall-live[data-mode="between"]');
    lookup.hidden = !between;
    if (between) { lookupSeat(); }
  }

  function schedule(seconds) { window.setTimeout(poll, seconds * 1000); }

  function poll() {
    var request = new XMLHttpRequest();
    request.open("GET", config.live_url, true);
    request.timeout = 15000;
    if (etag) { request.setRequestHeader("If-None-Match", etag); }
    request.onload = function () {
      if (request.status === 200 || request.status === 304) {
        failures = 0;
        offline.hidden = true;
        if (request.status === 200) {
          etag = request.getResponseHeader("ETag") || "";
          live.innerHTML = request.responseText;
          afterSwap();
        }
        schedule(config.poll_seconds);
      } else {
        retry();
      }
    };
    request.onerror = request.ontimeout = retry;
    request.send();
  }

  function retry() {
    failures += 1;
    offline.hidden = false;
    schedule(Math.min(30, config.retry_seconds * Math.pow(2, failures - 1)));
  }

  entryInput.addEventListener("input", lookupSeat);
  lookup.addEventListener("submit", function (event) { event.preventDefault(); lookupSeat(); });
  afterSwap();
  window.setInterval(tickClock, 1000);
  window.setInterval(function () { page += 1; showPage(); }, config.page_seconds * 1000);
  schedule(config.poll_seconds);
})();
