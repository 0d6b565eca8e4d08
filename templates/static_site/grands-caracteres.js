// « Grands caractères »: the box at the top of every page enlarges the text by CSS alone
// (style.css, :has), so it works without this script; the script only keeps the choice on
// this device (the browser's storage for this site) from one page to the next.
(function () {
  "use strict";
  var box = document.getElementById("grands-caracteres");
  var key = "grands-caracteres-site";
  if (!box) {
    return;
  }
  try {
    box.checked = localStorage.getItem(key) === "1";
  } catch (e) {
    // Storage refused (private browsing, a page opened from the disk): the box still works.
  }
  box.addEventListener("change", function () {
    try {
      localStorage.setItem(key, box.checked ? "1" : "0");
    } catch (e) {
      // As above: the choice lasts for this page only.
    }
  });
})();
