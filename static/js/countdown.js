/*
 * Countdowns to a deadline: <time data-countdown datetime="ISO-8601">…</time> shows the time left
 * (mm:ss, or h:mm:ss) and gets the class "expired" when it has passed. Used for the appeal
 * window of rule 3.12.2. Inside a [data-countdown-phrase] (the translated "… left"), the whole phrase
 * reads the expired text once the deadline has passed.
 */
(function () {
  "use strict";
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    var now = Date.now();
    document.querySelectorAll("time[data-countdown]").forEach(function (node) {
      var left = Math.floor((Date.parse(node.getAttribute("datetime")) - now) / 1000);
      if (left <= 0) {
        node.classList.add("expired");
        // The whole phrase ("28:57 left", "剩余 28:57") becomes "closed", not "closed left".
        var phrase = node.closest("[data-countdown-phrase]");
        if (phrase && node.dataset.expiredText) {
          phrase.classList.add("expired");
          phrase.textContent = node.dataset.expiredText;
          return;
        }
        node.textContent = node.dataset.expiredText || "0:00";
        return;
      }
      var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
      node.textContent = (h ? h + ":" + pad(m) : m) + ":" + pad(s);
    });
  }
  document.addEventListener("DOMContentLoaded", function () { tick(); window.setInterval(tick, 1000); });
})();
