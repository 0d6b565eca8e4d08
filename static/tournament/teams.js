// The team form saves without leaving the page. On "Inscrire" (or Enter) the fields empty and
// the cursor is back in the name field at once: what is typed right after lands in the next
// team, never in a page being replaced ("Cœur d'Atout" was saved as "œur d'Atout"). Saves go
// one after the other, in the order typed; a refused or unsent team is shown apart in full
// with its reason, and can be taken back into the form: nothing typed is ever lost.
// The same script registers a mêlée's players (#player-form): the form's data attributes
// name its fields, the parts of the page a save refreshes, and where it reports.
(function () {
  "use strict";
  const form = document.getElementById("team-form") || document.getElementById("player-form");
  if (!form || !window.fetch || !window.DOMParser) return;
  const FIELDS = (form.dataset.fields || "name player1 player2 club").split(" ");
  const REFRESHED = (form.dataset.refreshed || "teams team-count").split(" ");
  const status = document.getElementById(form.dataset.status || "team-status");
  const refusals = document.getElementById(form.dataset.refusals || "team-refused");
  let queue = Promise.resolve();

  function clearErrors(root) {
    root.querySelectorAll(".errorlist").forEach((list) => list.remove());
    root.querySelectorAll("[aria-invalid]").forEach((input) => input.removeAttribute("aria-invalid"));
  }

  // The register players chosen in the type-ahead travel in hidden fields (registered1…):
  // kept with the typed fields, or a team taken back lost its links (a new fiche was made).
  const CHOSEN = [...form.querySelectorAll('input[type="hidden"][name^="registered"]')]
    .map((input) => input.name);

  function fill(values) {
    [...FIELDS, ...CHOSEN].forEach((field) => {
      form.elements[field].value = values[field] || "";
    });
  }

  // The refusal's reasons beside their fields (taking a refused team back into the form).
  function showErrors(fieldErrors) {
    clearErrors(form);
    let first = null;
    for (const [field, text] of fieldErrors) {
      const input = form.elements[field];
      const list = document.createElement("ul");
      list.className = "errorlist";
      list.innerHTML = "<li></li>";
      list.firstChild.textContent = text;
      if (input) {
        input.setAttribute("aria-invalid", "true");
        input.after(list);
        first = first || input;
      } else {
        form.prepend(list);
      }
    }
    (first || form.elements.name).focus();
  }

  // A refused team is shown apart, in full with its reason, and a button takes it back into
  // the form. Never put back by itself: the answer comes while the next team is being
  // typed, and what was typed then went into the refused team's fields (« Fabre
  // MarieBelote et Rebelote »). Taken back, the reasons go beside their fields.
  function refused(values, messages, fieldErrors) {
    const box = document.createElement("p");
    box.className = "warning";
    const what = FIELDS.map((field) => values[field]).filter(Boolean).join(", ");
    box.textContent = `« ${values.name} » ${form.dataset.refused} (${what}) : ${messages.join(" ")} `;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = form.dataset.takeBack;
    button.addEventListener("click", () => {
      fill(values);
      box.remove();
      showErrors(fieldErrors);
    });
    box.append(button);
    refusals.append(box);
    status.textContent = "";
  }

  async function send(data, values) {
    let response;
    let html;
    try {
      response = await fetch(form.action || window.location.pathname, {
        method: "POST", body: data, credentials: "same-origin",
      });
      html = await response.text();
    } catch (error) {
      refused(values, [form.dataset.network], [[null, form.dataset.network]]);
      return;
    }
    if (!response.ok && response.status !== 422) {  // 422: the form, refused
      refused(values, [form.dataset.server], [[null, form.dataset.server]]);
      return;
    }
    const page = new DOMParser().parseFromString(html, "text/html");
    const sent = page.getElementById(form.id);
    if (response.redirected || !sent) {
      // Saved: the list, the count and the message come from the page the server sent back.
      for (const id of REFRESHED) {
        const fresh = page.getElementById(id);
        const current = document.getElementById(id);
        if (fresh && current) current.replaceWith(fresh);
      }
      const message = page.querySelector(".messages li");
      status.textContent = message ? message.textContent : "";
      return;
    }
    // The form came back with its errors: each beside its field.
    const fieldErrors = [];
    sent.querySelectorAll(".errorlist").forEach((list) => {
      const input = list.classList.contains("nonfield") ? null
        : list.parentElement.querySelector("input, select, textarea");
      list.querySelectorAll("li").forEach((item) => {
        fieldErrors.push([input ? input.name : null, item.textContent]);
      });
    });
    refused(values, fieldErrors.map(([, text]) => text), fieldErrors);
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const values = {};
    [...FIELDS, ...CHOSEN].forEach((field) => { values[field] = form.elements[field].value; });
    fill({});
    clearErrors(form);
    form.elements.name.focus();
    queue = queue.then(() => send(data, values));
  });
}());
