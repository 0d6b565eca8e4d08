// The pointage page: the filter works in the page (no request per key), folded as the
// server folds `data-search` (validators.search_key: case and accents ignored). A number
// typed then Enter marks that entrant (or the one row left by a name); ↓/↑ move along the
// rows, Enter or Space marks the focused one (a button: the browser clicks it, htmx posts),
// Escape goes back to the filter. Each answer replaces its row and the counts in place.
(function () {
  "use strict";
  const filter = document.getElementById("arrival-filter");
  const list = document.getElementById("arrivals");
  const none = document.getElementById("arrival-none");
  if (!filter || !list) return;

  function fold(text) {
    return text.toLowerCase().replace(/ß/g, "ss").replace(/œ/g, "oe").replace(/æ/g, "ae")
      .normalize("NFKD")
      .replace(/\p{M}/gu, "").split(/\s+/).filter(Boolean).join(" ");
  }

  function rows() { return Array.from(list.querySelectorAll("li")); }
  function shown() { return rows().filter((row) => !row.hidden); }

  function apply() {
    const query = fold(filter.value);
    let count = 0;
    for (const row of rows()) {
      row.hidden = query !== "" && !row.dataset.search.includes(query);
      if (!row.hidden) count += 1;
    }
    if (none) none.hidden = count > 0 || rows().length === 0;
  }

  function mark(row) {
    const button = row && row.querySelector("button");
    if (!button || button.disabled) return false;
    button.click();
    return true;
  }

  filter.addEventListener("input", apply);
  filter.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      const query = filter.value.trim();
      let row = null;
      if (/^[0-9]+$/.test(query)) {
        row = rows().find((candidate) => candidate.dataset.number === String(Number(query)));
      } else if (shown().length === 1) {
        row = shown()[0];
      }
      if (mark(row)) {
        filter.value = "";
        apply();
      }
    } else if (event.key === "ArrowDown") {
      const first = shown().map((row) => row.querySelector("button")).find((b) => !b.disabled);
      if (first) { event.preventDefault(); first.focus(); }
    }
  });

  list.addEventListener("keydown", (event) => {
    const row = event.target.closest("li");
    if (!row) return;
    if (event.key === "Escape") {
      event.preventDefault();
      filter.focus();
      filter.select();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const buttons = shown().map((item) => item.querySelector("button"))
      .filter((button) => !button.disabled);
    const index = buttons.indexOf(event.target.closest("button"));
    const next = buttons[index + (event.key === "ArrowDown" ? 1 : -1)];
    if (next) next.focus();
    else if (event.key === "ArrowUp") filter.focus();
  });

  // The row answered replaces the one that was focused: the focus follows it, so that
  // Enter or Space again undoes a wrong mark. Once settled: htmx gives the new button its
  // handler then, and a key pressed on it before would post the form without htmx.
  let refocus = null;
  document.body.addEventListener("htmx:beforeRequest", (event) => {
    const row = event.target.closest && event.target.closest("#arrivals li");
    refocus = row && row.contains(document.activeElement) ? row.id : null;
  });
  document.body.addEventListener("htmx:afterSettle", () => {
    apply();
    if (refocus) {
      const button = document.querySelector("#" + refocus + " button");
      if (button) button.focus();
      refocus = null;
    }
  });
  apply();
})();
