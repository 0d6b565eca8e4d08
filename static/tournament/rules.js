// The rules page: choosing a preset fills every option with its values, and only the options
// that apply to the game chosen are shown (data-show-if="game=coinche counting=faits").
(function () {
  "use strict";
  const form = document.getElementById("rules-form");
  const data = document.getElementById("preset-options");
  if (!form || !data) return;
  const presets = JSON.parse(data.textContent);

  function input(name) { return form.elements.namedItem(name); }

  function current(name) {
    const element = input(name);
    if (!element) return "";
    if (element.type === "checkbox") return element.checked ? "1" : "0";
    return element.value;
  }

  function showApplicable() {
    form.querySelectorAll("[data-show-if]").forEach((row) => {
      const applies = row.dataset.showIf.split(" ").every((condition) => {
        const [name, value] = condition.split("=");
        return current(name) === value;
      });
      row.hidden = !applies;
    });
  }

  function applyPreset(key) {
    const options = presets[key];
    if (!options) return;
    Object.entries(options).forEach(([name, value]) => {
      const element = input(name);
      if (!element) return;
      if (element.type === "checkbox") element.checked = Boolean(value);
      else element.value = value === null ? "" : String(value);
    });
  }

  form.addEventListener("change", (event) => {
    if (event.target.name === "preset") applyPreset(event.target.value);
    showApplicable();
  });
  showApplicable();
})();
