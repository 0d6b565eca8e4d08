// The register's type-ahead in a concours' registration form. htmx asks the server for the
// register players matching what is typed (the input's hx-get) and puts them in the list
// under the field; this script lets the keyboard choose one: ↓ and ↑ move, Enter chooses
// (Enter with nothing highlighted still registers, as before), Escape closes. Choosing fills
// the name, the licence and the club, and the hidden field with the player's id; typing in
// the name afterwards unlinks it (the name typed is then matched or added by the server).
(function () {
  "use strict";
  const inputs = document.querySelectorAll("input[data-register]");
  inputs.forEach((input) => {
    const form = input.form;
    const hidden = form.elements[input.dataset.register];
    const listId = input.getAttribute("aria-controls");
    const list = document.createElement("ul");
    list.id = listId;
    list.className = "suggestions";
    list.setAttribute("role", "listbox");
    input.after(list);
    let active = -1;

    function options() {
      return Array.from(list.querySelectorAll("li[data-id]"));
    }
    function close() {
      list.innerHTML = "";
      active = -1;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
    }
    function highlight(index) {
      const all = options();
      all.forEach((option, at) => option.setAttribute("aria-selected", at === index ? "true" : "false"));
      active = index;
      if (index >= 0 && all[index]) input.setAttribute("aria-activedescendant", all[index].id);
      else input.removeAttribute("aria-activedescendant");
    }
    function fillIfEmpty(name, value) {
      const field = form.elements[name];
      if (field && value && !field.value) field.value = value;
    }
    function choose(option) {
      input.value = option.dataset.name;
      if (hidden) hidden.value = option.dataset.id;
      // The chosen player's licence replaces one there (another player's, chosen before).
      const licence = form.elements[input.dataset.licence || "licence"];
      if (licence && option.dataset.licence) licence.value = option.dataset.licence;
      fillIfEmpty("club", option.dataset.club);
      close();
    }

    input.addEventListener("input", () => { if (hidden) hidden.value = ""; });
    input.addEventListener("keydown", (event) => {
      const all = options();
      if (event.key === "ArrowDown" && all.length) {
        event.preventDefault();
        highlight(Math.min(active + 1, all.length - 1));
      } else if (event.key === "ArrowUp" && all.length) {
        event.preventDefault();
        highlight(Math.max(active - 1, 0));
      } else if (event.key === "Enter" && active >= 0 && all[active]) {
        event.preventDefault();
        event.stopPropagation();
        choose(all[active]);
      } else if (event.key === "Escape" && list.children.length) {
        event.preventDefault();
        close();
      }
    });
    // A click chooses without the field losing its focus first.
    list.addEventListener("mousedown", (event) => {
      const option = event.target.closest("li[data-id]");
      if (!option) return;
      event.preventDefault();
      choose(option);
    });
    input.addEventListener("blur", () => { window.setTimeout(close, 150); });
    list.addEventListener("htmx:afterSwap", () => {
      // An answer arriving after the field was emptied (the team saved) or left is dropped.
      if (!input.value.trim() || document.activeElement !== input) {
        close();
        return;
      }
      active = -1;
      input.setAttribute("aria-expanded", options().length ? "true" : "false");
    });
    // The registration form empties itself when it saves (teams.js, whose handler runs
    // first and has read the form): the chosen ids go with it.
    form.addEventListener("submit", () => {
      if (hidden) hidden.value = "";
      close();
    });
  });
}());
