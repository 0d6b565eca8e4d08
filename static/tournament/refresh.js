// The desk's shared pages (the pointage, the caisse) show what another member of the desk
// marked meanwhile: the page is read again when it comes back into view, and every
// data-refresh seconds while nobody uses it. Never while something is typed in it, nor
// just after a key or a touch (a search, a method chosen, an amount: nothing is lost).
(function () {
  "use strict";
  const root = document.querySelector("[data-refresh]");
  if (!root) return;
  const every = Number(root.dataset.refresh) * 1000;
  if (!(every > 0)) return;
  let lastUse = Date.now();
  const used = () => { lastUse = Date.now(); };
  ["keydown", "input", "pointerdown"].forEach((kind) => document.addEventListener(kind, used, true));

  function busy() {
    const typed = Array.from(document.querySelectorAll("input[type=search], input[type=text], textarea"))
      .some((field) => field.value.trim() !== "");
    return typed || Date.now() - lastUse < every;
  }
  function refresh() {
    if (!document.hidden && !busy()) window.location.reload();
  }
  window.setInterval(refresh, every);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) { lastUse = 0; refresh(); }
  });
}());
