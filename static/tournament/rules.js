// The rules page: choosing a preset fills every option with its values, and only the options
// that apply to the game chosen are shown (data-show-if="game=coinche counting=faits", where
// "counting=faits|faits_seuls" holds for either value).
// The rules page and the new concours page: the draw methods offered are those of the format
// chosen (each option's data-format), a mêlée drawing players and the others teams.
(function () {
  "use strict";
  const form = document.getElementById("rules-form") || document.getElementById("create-form");
  if (!form) return;
  const data = document.getElementById("preset-options");
  const presets = data ? JSON.parse(data.textContent) : {};

  function input(name) { return form.elements.namedItem(name); }

  function current(name) {
    const element = input(name);
    if (!element) return "";
    if (element.type === "checkbox") return element.checked ? "1" : "0";
    return element.value;  // a group of radio buttons gives the checked one's value
  }

  function showApplicable() {
    form.querySelectorAll("[data-show-if]").forEach((row) => {
      const applies = row.dataset.showIf.split(" ").every((condition) => {
        const [name, values] = condition.split("=");
        return values.split("|").includes(current(name));
      });
      // A refused option stays shown, condition or not, so that its error is seen.
      row.hidden = !applies && !row.querySelector(".errorlist");
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

  function offerDrawMethods() {
    const select = input("draw_method");
    const format = current("format");
    if (!select || !select.options || !format) return;
    let first = null;
    Array.from(select.options).forEach((option) => {
      const fits = !option.dataset.format || option.dataset.format.split(" ").includes(format);
      option.hidden = !fits;
      option.disabled = !fits;
      if (fits && first === null) first = option;
    });
    const chosen = select.options[select.selectedIndex];
    if ((!chosen || chosen.disabled) && first !== null) select.value = first.value;
  }

  form.addEventListener("change", (event) => {
    if (event.target.name === "preset") applyPreset(event.target.value);
    if (event.target.name === "format") offerDrawMethods();
    showApplicable();
  });
  offerDrawMethods();
  showApplicable();
})();
