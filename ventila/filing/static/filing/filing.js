/* The public form: after a server-side error, the error summary takes the focus (GOV.UK), so that a
   screen reader reads it first and the keyboard starts from it. Served from 'self' (the CSP allows no
   inline script). */
(function () {
  "use strict";
  function focusSummary() {
    var summary = document.getElementById("errores");
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
