/*
 * What the pages once did in inline event-handler attributes, which the Content-Security-Policy
 * (config/security_headers.py: script-src 'self', no 'unsafe-inline') no longer runs:
 *   <form data-confirm="Question?">   asks before submitting (was onsubmit="return confirm(...)");
 *   <select data-autosubmit>          submits its form on change (the language switcher);
 *   <input data-select-on-focus>      selects its text on focus (a link to copy);
 *   <a data-print>                    prints the page.
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
