/* Every staff form (issue 29), as the public one: after a server-side error the error summary
   (#errores, an alert with tabindex -1) takes the focus, so that a screen reader reads it first and the
   keyboard starts from its links to the fields. Served from 'self' (the CSP allows no inline script). */
(function () {
  "use strict";
  function focusSummary() {
    var summary = document.getElementById("errores") || document.querySelector(".error-summary[tabindex='-1']");
    if (summary && summary.getAttribute("tabindex") === "-1") {
      summary.focus();
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", focusSummary);
  } else {
    focusSummary();
  }
})();
/* A hint that depends on a choice (issue 29: the e-mail hint of «Notificar» names the recipient chosen): the
   hints are spans [data-hint-for=<value>], all but the one of the checked radio hidden. */
(function () {
  "use strict";
  function follow() {
    var hints = document.querySelectorAll("[data-hint-for]");
    if (!hints.length) { return; }
    var radios = document.querySelectorAll("input[type=radio][name=recipient]");
    function show() {
      var checked = document.querySelector("input[type=radio][name=recipient]:checked");
      var value = checked ? checked.value : "";
      hints.forEach(function (h) { h.hidden = h.getAttribute("data-hint-for") !== value; });
    }
    radios.forEach(function (r) { r.addEventListener("change", show); });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", follow);
  } else {
    follow();
  }
})();
