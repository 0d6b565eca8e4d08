// « Grands caractères »: the switch of every page. The choice is kept on this device
// (localStorage), apart for the pages read in the hall (data-large-default: on unless
// turned off) and the desk's (off unless turned on); large-type_head sets the class
// before the page is drawn, this only follows the switch.
(function () {
  "use strict";
  var root = document.documentElement;
  var key = "grands-caracteres-" + (root.dataset.largeDefault ? "salle" : "bureau");

  function show() {
    var on = root.classList.contains("large");
    document.querySelectorAll("[data-large-switch]").forEach(function (button) {
      button.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-large-switch]");
    if (!button) {
      return;
    }
    var on = root.classList.toggle("large");
    try {
      localStorage.setItem(key, on ? "1" : "0");
    } catch (e) {
      // Private browsing may refuse storage: the switch still works for this page.
    }
    show();
    // The projector lays its pages out again for the new size (screen.js listens).
    document.dispatchEvent(new Event("large-type"));
  });
  show();
})();
