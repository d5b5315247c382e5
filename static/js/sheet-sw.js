/*
 * The referee's sheet, offline-first (issue 29): a reload or a tap while the venue's network is down showed the
 * browser's own error page. This service worker, served from /t/sheets/sw.js (scope /t/sheets/), keeps:
 *   - each score sheet page (/t/sheets/<id>/): network first, the copy kept here when the network fails;
 *   - the files those pages use (/static/: scripts, styles, tile faces): the copy kept here at once, refreshed
 *     from the network behind it.
 * The page asks it to keep a sheet and its files on first load (a "keep" message), before it controls the page.
 * Hands are never stored here: they go through the page's outbox (static/js/outbox.js, localStorage), which
 * keeps sending when the network returns. Nothing but GET is touched; other pages pass through.
 */
var CACHE = "mcr-sheet-v1";
var SHEET = /^\/t\/sheets\/\d+\/$/;

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

function keep(cache, url, response) {
  if (response && response.ok && response.type === "basic") return cache.put(url, response);
  return Promise.resolve();
}

self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.keep) || [];
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return fetch(url, { credentials: "same-origin" }).then(function (response) {
        return keep(cache, url, response);
      }).catch(function () {});
    }));
  }).then(function () {
    if (event.source) event.source.postMessage({ kept: urls.length });
  }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && SHEET.test(url.pathname)) {
    event.respondWith(fetch(request).then(function (response) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { keep(cache, url.pathname, copy); });
      return response;
    }).catch(function () {
      return caches.match(url.pathname).then(function (hit) { return hit || Response.error(); });
    }));
    return;
  }
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (hit) {
        var fresh = fetch(request).then(function (response) {
          keep(cache, request, response.clone());
          return response;
        });
        if (hit) { fresh.catch(function () {}); return hit; }
        return fresh;
      });
    }));
  }
});
