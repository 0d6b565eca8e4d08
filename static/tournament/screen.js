// The projector screen. The server sends every view's rows in #data; this script lays them
// out as pages that fit the viewport exactly (it fills a column row by row, measuring, then
// the next column, then a new page) and shows the pages in turn, each for `?secondes=`
// seconds (12 by default). Once a minute (`?actualiser=` seconds) it fetches the page again
// while the pages keep turning, lays the new rows out in pages hidden behind the one on
// show, a few milliseconds at a time (1,000 teams are thousands of rows to measure: laid
// out at once, they froze the screen for seconds), and swaps them in at the end of the
// cycle, in one step: the screen is never blank nor half drawn, and no page stays longer
// than its time. If the network is down it keeps showing the last rows.
// Keys: → or space for the next page, ← for the previous one, F for full screen.
(() => {
  "use strict";

  const params = new URLSearchParams(location.search);
  const seconds = bounded(params.get("secondes"), 1, 600, 12);
  // A hall screen (/ecrans/<n>/): its views in its order, each its own time, as the desk
  // set them (data-rotation: « tables:15,classement:20 »); the projector: `?vues=`.
  const rotation = new Map((document.body.dataset.rotation || "").split(",").filter(Boolean)
    .map((part) => part.split(":")).map(([key, value]) => [key, bounded(value, 1, 600, 12)]));
  const chosen = rotation.size ? [...rotation.keys()]
    : (params.get("vues") || "").split(",").filter(Boolean);
  // Rows fetched again every `?actualiser=` seconds (60 by default).
  const REFRESH_MS = 1000 * bounded(params.get("actualiser"), 5, 3600, 60);
  const SLICE_MS = 12; // layout work between two frames while a page is on show

  const stage = document.getElementById("stage");
  const title = document.getElementById("view-title");
  const subtitle = document.getElementById("view-subtitle");
  const indicator = document.getElementById("page-indicator");
  const progress = document.getElementById("progress");
  const offline = document.getElementById("offline");
  const time = document.getElementById("time");

  let pages = []; // {section, element, index, count}, in showing order
  let current = 0;
  let timer = null;
  let refreshedAt = Date.now();
  let upcoming = null; // the refreshed rows' pages, laid out, shown from the next cycle
  let preparing = false;
  let generation = 0; // a new layout (a new size) abandons a layout under way

  // Plain digits within the bounds, else the default: « 0x10 » or « 1e1 » are no seconds
  // (Number() read them as 16 and 10).
  function bounded(text, low, high, fallback) {
    if (!text || !/^[0-9]{1,6}$/.test(text)) return fallback;
    const value = Number(text);
    return value >= low && value <= high ? value : fallback;
  }

  function views() {
    const all = [...document.querySelectorAll("#data > section")];
    const some = rotation.size
      ? chosen.map((key) => all.find((section) => section.dataset.view === key)).filter(Boolean)
      : all.filter((section) => chosen.includes(section.dataset.view));
    return some.length ? some : all;
  }

  // A view's rows: its table's, or its blocks (`.screen-block`: a poule's grid, a piece of a
  // bracket), each laid in a column as a row is.
  function itemsOf(section) {
    const blocks = section.querySelectorAll(":scope > .screen-block");
    if (blocks.length) return [...blocks];
    const table = section.querySelector("table");
    return table ? [...table.tBodies[0].rows] : [];
  }

  // An empty page of `section`'s view: as many columns as fit its narrowest readable width,
  // each an empty table like `template`'s (null: an empty column, for blocks).
  function newPage(section, template) {
    const page = document.createElement("div");
    page.className = "page building"; // measured, never seen until it is whole and shown
    page.dataset.view = section.dataset.view;
    stage.append(page);
    const em = parseFloat(getComputedStyle(page).fontSize);
    const gap = 1.2 * em;
    const count = Math.max(1, Math.floor((page.clientWidth + gap) /
                                         (Number(section.dataset.columnEm) * em + gap)));
    page.style.gridTemplateColumns = `repeat(${count}, minmax(0, 1fr))`;
    for (let i = 0; i < count; i += 1) {
      const column = document.createElement("div");
      column.className = "column";
      if (template) {
        const table = template.cloneNode(false);
        const colgroup = template.querySelector("colgroup");
        if (colgroup) table.append(colgroup.cloneNode(true));
        table.append(template.tHead.cloneNode(true), document.createElement("tbody"));
        column.append(table);
      } else {
        column.classList.add("blocks");
      }
      page.append(column);
    }
    return page;
  }

  function done(page) {
    page.hidden = true;
    page.classList.remove("building");
  }

  // `limit`: at most that many rows a page (Infinity: as many as fit). A generator: it
  // yields after each row, so that a layout may be spread over several frames (`prepare`).
  function* paginate(section, limit = Infinity) {
    const blocks = section.querySelector(":scope > .screen-block") !== null;
    const template = blocks ? null : section.querySelector("table");
    const groups = section.querySelectorAll(":scope > .screen-page");
    if (groups.length) { // pages made by the server (the sponsors' logos, a few a page)
      return [...groups].map((group) => {
        const page = document.createElement("div");
        page.className = "page message";
        page.append(group.cloneNode(true));
        stage.append(page);
        done(page);
        return page;
      });
    }
    if (!template && !blocks) { // a message instead of rows
      const page = document.createElement("div");
      page.className = "page message";
      page.append(...[...section.children].map((child) => child.cloneNode(true)));
      stage.append(page);
      done(page);
      return [page];
    }
    const made = [newPage(section, template)];
    let page = made[0];
    let columnIndex = 0;
    let onPage = 0;
    for (const row of itemsOf(section)) {
      if (onPage === limit) {
        done(page);
        page = newPage(section, template);
        made.push(page);
        columnIndex = 0;
        onPage = 0;
      }
      onPage += 1;
      for (;;) {
        const column = page.children[columnIndex];
        const body = blocks ? column : column.querySelector("tbody");
        const clone = row.cloneNode(true);
        body.append(clone);
        // A row taller than a whole column stays alone in its column rather than loop.
        if (column.scrollHeight <= column.clientHeight || body.children.length === 1) break;
        clone.remove();
        columnIndex += 1;
        if (columnIndex === page.children.length) {
          done(page);
          page = newPage(section, template);
          made.push(page);
          columnIndex = 0;
          onPage = 1;
        }
      }
      yield;
    }
    done(page);
    return made;
  }

  // Every view's pages, hidden, in showing order (a generator, as `paginate`).
  function* layOut() {
    const laid = [];
    for (const section of views()) {
      let made = yield* paginate(section);
      // As many pages, the rows shared evenly: never 19 tables then 1 alone on a page.
      const count = itemsOf(section).length;
      if (made.length > 1 && count) {
        made.forEach((page) => page.remove());
        made = yield* paginate(section, Math.ceil(count / made.length));
      }
      made.forEach((element, index) => laid.push({section, element, index, count: made.length}));
    }
    return laid;
  }

  // Lays the pages out at once (the first load, a new size): nothing else is on show.
  function build() {
    generation += 1;
    upcoming = null;
    preparing = false;
    stage.replaceChildren();
    const steps = layOut();
    let step = steps.next();
    while (!step.done) step = steps.next();
    pages = step.value;
  }

  // Fetches the rows again and lays their pages out behind the page on show, SLICE_MS at a
  // time, the browser drawing frames in between; `upcoming` once they are all laid out.
  async function prepare() {
    preparing = true;
    const mine = generation;
    const fresh = await refresh();
    if (generation !== mine) return; // laid out again meanwhile: that layout is current
    if (!fresh) {
      preparing = false;
      return;
    }
    const steps = layOut();
    let since = performance.now();
    let slices = 1;
    let step = steps.next();
    while (!step.done) {
      if (performance.now() - since >= SLICE_MS) {
        await new Promise((resolve) => setTimeout(resolve));
        if (generation !== mine) return;
        since = performance.now();
        slices += 1;
      }
      step = steps.next();
    }
    // In how many slices the last refresh was laid out (the browser test reads it).
    document.body.dataset.slices = String(slices);
    upcoming = step.value;
    preparing = false;
  }

  // The refreshed pages in place of the old ones, in one step (no frame between).
  function swap() {
    pages.forEach(({element}) => element.remove());
    pages = upcoming;
    upcoming = null;
    current = 0;
    show(0);
    // How many times fresh rows came in (the browser test and bench/bench_screen.py wait for it).
    document.body.dataset.swaps = String(Number(document.body.dataset.swaps || 0) + 1);
  }

  function show(position) {
    if (!pages.length) return;
    if (pages[current]) pages[current].element.hidden = true;
    current = (position + pages.length) % pages.length;
    const {section, element, index, count} = pages[current];
    element.hidden = false;
    title.textContent = section.dataset.title;
    subtitle.textContent = section.dataset.subtitle || "";
    indicator.textContent = `page ${index + 1}/${count}`;
    document.body.dataset.view = section.dataset.view;
    document.body.dataset.page = `${section.dataset.view} ${index + 1}/${count}`;
    progress.style.animation = "none";
    void progress.offsetWidth; // restart the animation
    const dwell = rotation.get(section.dataset.view) || seconds;
    progress.style.animation = `dwell ${dwell}s linear forwards`;
    clearTimeout(timer);
    timer = setTimeout(next, dwell * 1000);
  }

  function next() {
    if (current === pages.length - 1 && upcoming) {
      swap();
      return;
    }
    show(current + 1);
    if (!preparing && !upcoming && Date.now() - refreshedAt >= REFRESH_MS) prepare();
  }

  // The page's rows fetched again in place of the old ones: whether it worked.
  async function refresh() {
    refreshedAt = Date.now();
    try {
      const response = await fetch(location.href, {cache: "no-store"});
      if (!response.ok) throw new Error(String(response.status));
      const html = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = html.getElementById("data");
      if (!fresh) throw new Error("no data");
      document.getElementById("data").replaceWith(document.adoptNode(fresh));
      offline.hidden = true;
      return true;
    } catch {
      offline.hidden = false; // the last rows stay on screen
      return false;
    }
  }

  function tick() {
    time.textContent = new Date().toLocaleTimeString("fr-FR", {hour: "2-digit", minute: "2-digit"});
  }

  // A new window size (or full screen) lays the pages out again, from the first.
  let resizing = null;
  let laidOut = null;
  new ResizeObserver(() => {
    const size = `${stage.clientWidth}×${stage.clientHeight}`;
    if (laidOut === null || size === laidOut) { laidOut = size; return; }
    laidOut = size;
    clearTimeout(resizing);
    resizing = setTimeout(() => { build(); current = 0; show(0); }, 300);
  }).observe(stage);
  // « Grands caractères » switched (large-type.js): the same size of window, other rows.
  document.addEventListener("large-type", () => { build(); current = 0; show(0); });
  document.querySelectorAll("[data-fullscreen]").forEach((button) => {
    button.addEventListener("click", () => {
      document.documentElement.requestFullscreen().catch(() => {});
    });
  });
  addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight" || event.key === " " || event.key === "PageDown") {
      event.preventDefault();
      show(current + 1);
    } else if (event.key === "ArrowLeft" || event.key === "PageUp") {
      event.preventDefault();
      show(current - 1);
    } else if (event.key === "f" || event.key === "F") {
      if (document.fullscreenElement) document.exitFullscreen();
      else document.documentElement.requestFullscreen().catch(() => {});
    }
  });

  // A hall screen asks every few seconds whether the desk changed its settings, and
  // reloads when it did (nothing to touch on the screen's side).
  const state = document.body.dataset.state;
  if (state) {
    setInterval(async () => {
      try {
        const response = await fetch(state, {cache: "no-store"});
        // Deleted at the desk (or the concours gone): the screen says so, as the page would.
        if (response.status === 404) location.reload();
        if (!response.ok) return;
        const {changed} = await response.json();
        if (changed !== document.body.dataset.changed) location.reload();
      } catch {
        // Offline: the screen keeps showing its pages.
      }
    }, 1000 * bounded(document.body.dataset.statePoll, 1, 600, 5));
  }

  tick();
  setInterval(tick, 10000);
  build();
  show(0);
})();
