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
