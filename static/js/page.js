/*
 * What the pages once did in inline event-handler attributes, which the Content-Security-Policy
 * (config/security_headers.py: script-src 'self', no 'unsafe-inline') no longer runs:
 *   <form data-confirm="Question?">   asks before submitting (was onsubmit="return confirm(...)");
 *   <select data-autosubmit>          submits its form on change (the language switcher);
 *   <input data-select-on-focus>      selects its text on focus (a link to copy);
 *   <a data-print>                    prints the page;
 *   <form data-logout>                on a shared tablet, first drops the score sheets the service worker kept
 *                                     (static/js/sheet-sw.js): nobody reads them offline after the logout.
 *                                     The hands a referee queued stay, sealed to them (static/js/outbox.js).
 * And on the login page, [data-waiting-hands] says whose hands wait on this device to be sent.
 * And htmx's trigger filters, which need eval (off: templates/base.html's htmx-config):
 *   an element with data-poll-when-visible does not poll while the page is hidden, and
 *   "page-visible from:document" fires when the page is shown again
 *   (was "every 5s [document.visibilityState === 'visible']").
 */
(function () {
  "use strict";

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form && form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) event.preventDefault();
  }, true);

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || !form.hasAttribute || !form.hasAttribute("data-logout") || form.dataset.cleared) return;
    if (!window.caches) return;
    event.preventDefault();
    var done = function () { form.dataset.cleared = "1"; form.submit(); };
    window.caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) { return key.indexOf("mcr-sheet") === 0; })
        .map(function (key) { return window.caches.delete(key); }));
    }).then(done, done);
  });

  document.addEventListener("DOMContentLoaded", function () {  // after every deferred script (outbox.js)
    var waitingBox = document.querySelector("[data-waiting-hands]");
    if (!waitingBox || !window.SheetOutbox) return;
    var lines = window.SheetOutbox.waiting(window.localStorage).map(function (item) {
      return waitingBox.dataset.template.replace("{count}", item.count).split("{name}").join(item.name || "?");
    });
    lines.forEach(function (line) {
      var p = document.createElement("p");
      p.textContent = line;
      waitingBox.appendChild(p);
    });
    waitingBox.hidden = !lines.length;
  });

  document.addEventListener("change", function (event) {
    var field = event.target;
    if (field && field.hasAttribute && field.hasAttribute("data-autosubmit") && field.form) field.form.submit();
  });

  document.addEventListener("focusin", function (event) {
    var field = event.target;
    if (field && field.hasAttribute && field.hasAttribute("data-select-on-focus")) field.select();
  });

  document.addEventListener("click", function (event) {
    var link = event.target && event.target.closest && event.target.closest("[data-print]");
    if (link) {
      event.preventDefault();
      window.print();
    }
  });

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") document.dispatchEvent(new CustomEvent("page-visible"));
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    var element = event.target;
    if (document.visibilityState !== "visible" && element && element.closest &&
        element.closest("[data-poll-when-visible]")) {
      event.preventDefault();
    }
  });
})();
