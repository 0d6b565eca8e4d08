// Donne entry, on the organiser's game page and on a table link's phone page. htmx posts the
// row: the server previews it (a partial placed out of band) and answers a save with the whole
// sheet. This script only says what htmx cannot: a save that failed for any reason is "non
// enregistrée" on the row, what was typed stays, and nothing but the app's own answers is ever
// swapped in; the cursor goes to the first wrong field, or to the next row's first field.
(function () {
  "use strict";
  if (!window.htmx) return;
  // A refused row (422) is swapped like a success: it carries its errors beside the fields.
  // Any other 4xx/5xx swaps nothing and is an error (htmx:responseError below).
  htmx.config.responseHandling = [
    { code: "204", swap: false },
    { code: "[23]..", swap: true },
    { code: "422", swap: true },
    { code: "[45]..", swap: false, error: true },
    { code: "...", swap: false },
  ];
  const REASONS = {
    "-1": "réponse inattendue du serveur (rechargez la page)",
    0: "pas de réponse du serveur (réseau ?)",
    403: "accès refusé : la partie est peut-être close, ou la connexion a expiré (rechargez la page)",
    404: "cette table n'existe plus (rechargez la page)",
    409: "conflit avec une autre saisie (rechargez la page)",
    413: "envoi trop gros",
    429: "trop de demandes : réessayez dans un instant",
    503: "le serveur ne peut pas enregistrer pour le moment (disque plein ?) : prévenez l'organisateur, puis réessayez",
  };
  let saves = 0; // a preview asked before a save is stale once the save has answered

  // The element that asked: the form (a save) or the row (a preview). detail.elt is the target
  // in some of htmx's events, requestConfig.elt always the asker.
  function isSave(event) {
    const config = event.detail.requestConfig;
    const elt = config ? config.elt : event.detail.elt;
    return Boolean(elt) && elt.id === "donne-form";
  }

  function reason(status) {
    if (REASONS[status]) return REASONS[status];
    if (status >= 500) return `erreur du serveur (${status}) : réessayez, ou prévenez l'organisateur`;
    return `réponse inattendue (${status})`;
  }

  function notSaved(status) {
    const box = document.getElementById("entry-status");
    if (!box) return;
    box.textContent = `Donne non enregistrée : ${reason(status)}. Ce qui est saisi est gardé : réessayez.`;
    box.className = "entry-status error";
  }

  // With no row left (the donne just saved ended the game), « Table suivante » (or « Retour
  // à la partie ») takes the focus: Enter goes on, and keys typed out of habit for another
  // row land on nothing else (they once reached the table's link and a « corriger »).
  function focusRow() {
    const wrong = document.querySelector('#game-sheet [aria-invalid="true"]');
    const first = wrong || document.querySelector('#game-sheet [name="taker"]');
    if (!first) {
      const next = document.querySelector("#next-table, #next-totals, #back-to-round");
      if (next) next.focus();
      return;
    }
    first.focus();
    const row = document.getElementById("entry");
    if (row && row.scrollIntoView) row.scrollIntoView({ block: "nearest" });
  }

  document.addEventListener("htmx:beforeRequest", (event) => {
    if (isSave(event)) {
      saves += 1;
      const box = document.getElementById("entry-status");
      if (box) { box.textContent = "Enregistrement…"; box.className = "entry-status"; }
    }
    event.detail.xhr.entrySaves = saves;
  });

  document.addEventListener("htmx:beforeSwap", (event) => {
    const xhr = event.detail.xhr;
    const expected = isSave(event) ? "sheet" : "preview";
    if (!event.detail.shouldSwap) return;
    if (xhr.getResponseHeader("X-Entry") !== expected) {
      // A login page after a redirect, a proxy's page…: never pasted into the sheet.
      event.detail.shouldSwap = false;
      if (expected === "sheet") notSaved(xhr.status === 200 ? -1 : xhr.status);
    } else if (expected === "preview" && xhr.entrySaves !== saves) {
      event.detail.shouldSwap = false;
    }
  });

  document.addEventListener("htmx:responseError", (event) => {
    if (isSave(event)) notSaved(event.detail.xhr.status);
  });
  document.addEventListener("htmx:sendError", (event) => {
    if (isSave(event)) notSaved(0);
  });
  // In the same task as the swap (htmx has just given the focus back to the field of the same
  // id; the forms settle at once, "settle:0ms", so the new row listens already): nothing typed
  // meanwhile can land in the wrong field or go unpreviewed.
  document.addEventListener("htmx:afterSwap", (event) => {
    if (!isSave(event)) return;
    keepChoices();
    dropStaleMessages();
    focusRow();
  });

  // The page's messages (« Donne 2 supprimée… », « Score confirmé. ») were said when it was
  // loaded: once a save answers, the row's own status is the news, and they would sit above it
  // as if they were.
  function dropStaleMessages() {
    for (const list of document.querySelectorAll("main > ul.messages")) list.remove();
  }

  // The answer's choice buttons (radios) are `checked`, but htmx inserts the new sheet before
  // it removes the old one: for a moment two forms have the id "donne-form". The old radios,
  // checked by a touch and tied to the form by form="donne-form", then belong to the new form
  // (the first of that id), so their group now holds the new radios, which they uncheck. A
  // refused row came back with its figures but without its taker and trump. The server's
  // answer is the truth: every radio gets back the state it was sent with.
  function keepChoices() {
    const sheet = document.getElementById("game-sheet");
    if (!sheet) return;
    for (const input of sheet.querySelectorAll('input[type="radio"]')) {
      input.checked = input.defaultChecked;
    }
  }

  // Enter saves from any field of the row, a drop-down included (P then Enter: a passe).
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (event.key !== "Enter" || !(target instanceof HTMLSelectElement)) return;
    // The laptop's fields name their form (form="donne-form"); the phone's sit inside it.
    if ((target.form && target.form.id) !== "donne-form") return;
    event.preventDefault();
    document.getElementById("donne-form").requestSubmit();
  });

  // On arrival (a new row, or « modifier »): the cursor in the row's first field, once the
  // page is laid out (a focus given while it loads may be taken back).
  if (document.readyState === "complete") focusRow();
  else window.addEventListener("load", focusRow);
})();

// The phone's contract buttons fill the contract's field (the one value sent) and say it is
// a value, not a capot or générale bid: the bid buttons are released. Choosing a bid empties
// the value. Only what the row shows; the server reads and checks the row.
(function () {
  "use strict";
  function mark(value) {
    for (const button of document.querySelectorAll("[data-contract]")) {
      button.classList.toggle("chosen", button.dataset.contract === value);
    }
  }
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("[data-contract]");
    if (!button) return;
    const field = document.querySelector('#donne-form [name="contract"]');
    if (!field) return;
    field.value = button.dataset.contract;
    for (const bid of document.querySelectorAll('#donne-form [name="bid"]')) bid.checked = false;
    mark(field.value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
  // A row shown with its contract (a correction, a refused row): its button marked too.
  function markTyped() {
    const field = document.querySelector('#donne-form [name="contract"]');
    if (field) mark(field.value.trim());
  }
  document.addEventListener("htmx:afterSwap", markTyped);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", markTyped);
  else markTyped();
  document.addEventListener("input", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement) || !target.form || target.form.id !== "donne-form") return;
    if (target.name === "contract") mark(target.value.trim());
    if (target.name === "bid" && target.checked) {
      const field = target.form.querySelector('[name="contract"]');
      if (field) { field.value = ""; mark(""); }
    }
  });
})();
