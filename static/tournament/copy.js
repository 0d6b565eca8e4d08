// « Copier ce concours »: the address proposed follows the name as it is typed (made as
// forms.restore.copy_slug makes it: the name's letters and digits, without accents, then
// the date), until the organiser types an address of their own. The hidden proposed_slug
// follows too: the server then knows the address was not chosen by hand, and makes it
// again from the name (with « -2 » when it is taken).
(function () {
  "use strict";
  const form = document.getElementById("copy-form");
  if (!form) return;
  const name = document.getElementById("copy-name");
  const slug = document.getElementById("copy-slug");
  const proposed = form.elements.namedItem("proposed_slug");
  const reserved = ["new", "nouveau", "import", "export", "restore", "admin", "static",
                    "media", "api", "aide", "help", "login", "logout", "table", "screen"];
  const max = Number(slug.getAttribute("maxlength")) || 60;

  function fromName(text) {
    const date = form.dataset.date;
    const words = text.normalize("NFKD").replace(/[^\x00-\x7f]/g, "").toLowerCase()
      .match(/[a-z0-9]+/g) || [];
    let base = words.join("-").slice(0, max).replace(/^-+|-+$/g, "");
    if (base && reserved.includes(base)) base += "-1";
    base = base.slice(0, max - date.length - 1).replace(/-+$/, "");
    return base ? base + "-" + date : date;
  }

  name.addEventListener("input", () => {
    if (slug.value !== proposed.value) return;  // typed by hand: it is the organiser's
    slug.value = proposed.value = fromName(name.value);
  });
})();
