/*
 * The foul form on the tablet (penalties/sheet_fouls.html): only the fields the chosen foul needs.
 * The page gives {foul code: [field names]} (penalties.catalogue.foul_fields) in <script id="foul-fields">;
 * the foul, the offender and the note are always shown. A hidden field is also disabled, so a value
 * typed for another foul is not sent. Without this script every field shows (the server checks each).
 */
(function () {
  "use strict";
  var ALWAYS = ["foul", "offender", "note", "csrfmiddlewaretoken"];

  function init(form) {
    var data = document.getElementById("foul-fields");
    var select = form.querySelector("select[name=foul]");
    if (!data || !select) return;
    var needs = JSON.parse(data.textContent);

    function sync() {
      var wanted = needs[select.value] || [];
      form.querySelectorAll("input[name], select[name], textarea[name]").forEach(function (input) {
        if (ALWAYS.indexOf(input.name) !== -1 || input.type === "hidden") return;
        var show = wanted.indexOf(input.name) !== -1;
        var box = input.closest("div") || input;
        box.hidden = !show;
        input.disabled = !show;
      });
    }
    select.addEventListener("change", sync);
    sync();
  }

  function initAll() {
    document.querySelectorAll("form[data-foul-form]").forEach(init);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", initAll);
  else initAll();
})();
