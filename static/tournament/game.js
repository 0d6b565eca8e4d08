// The game page: a complete row shows its score at once (preview), Enter saves it without
// reloading, and the cursor goes back to the first field of the next row.
(function () {
  "use strict";
  const sheet = document.getElementById("game-sheet");
  if (!sheet) return;
  const previewUrl = sheet.dataset.preview;
  const outcomes = { made: "réussi", down: "chuté", litige: "litige", passed: "passe" };
  let timer = null;

  function form() { return document.getElementById("donne-form"); }
  function field(name) { return document.querySelector(`[form="donne-form"][name="${name}"]`); }

  function complete() {
    const taker = field("taker");
    if (!taker) return false;
    if (taker.value === "") return true; // passe
    const contract = field("contract");
    const hasContract = !contract || contract.value.trim() !== "";
    const capot = field("capot");
    const points = field("taker_points");
    return hasContract && field("trump").value !== "" &&
      (points.value !== "" || (capot && capot.value !== ""));
  }

  function clearPreview(message) {
    document.querySelectorAll(".preview[data-key]").forEach((td) => { td.textContent = ""; });
    const box = document.getElementById("preview-message");
    if (box) box.textContent = message || "";
  }

  async function preview() {
    if (!complete()) { clearPreview(""); return; }
    const response = await fetch(previewUrl, { method: "POST", body: new FormData(form()) });
    const data = await response.json();
    if (!response.ok) {
      clearPreview(Object.values(data.errors || {}).flat().join(" "));
      return;
    }
    document.querySelectorAll(".preview[data-key]").forEach((td) => { td.textContent = data[td.dataset.key]; });
    let message = outcomes[data.outcome] || "";
    if (data.finished) {
      message += ` — fin de la partie : ${data.winner === "NS" ? "Nord-Sud" : "Est-Ouest"} gagne, ${data.final_ns} – ${data.final_ew}`;
    }
    document.getElementById("preview-message").textContent = message;
  }

  function focusEntry() {
    const first = field("taker");
    if (first) first.focus();
  }

  sheet.addEventListener("input", (event) => {
    if (event.target.getAttribute("form") !== "donne-form") return;
    clearTimeout(timer);
    timer = setTimeout(preview, 150);
  });

  sheet.addEventListener("submit", async (event) => {
    if (event.target.id !== "donne-form") return;
    event.preventDefault();
    const response = await fetch(window.location.pathname, {
      method: "POST", body: new FormData(event.target), headers: { "X-Fragment": "1" },
    });
    sheet.innerHTML = await response.text();
    if (response.ok && window.location.search) history.replaceState(null, "", window.location.pathname);
    focusEntry();
  });

  focusEntry();
})();
