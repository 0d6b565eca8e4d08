// The partie's countdown, on the projector, the phones and the partie's page. The server
// sends only when it ends (data-ends, seconds since 1970) and its own time (data-now): each
// page counts down on its own clock, corrected by the difference between the two clocks, so
// that no page asks the server every second. Every element `.countdown` is read again at each
// tick: a sheet swapped in by htmx (a phone's save) brings a new one, and is counted at once.
//
// Sound: two short beeps `data-warn` seconds before the end (5 minutes by default), three
// long ones at the end, generated here with WebAudio (no sound file: the app works without
// Internet). A browser plays sound only after a touch or a key: « Activer le son » is that
// touch. Only a crossing seen by this page beeps: a page opened after the end stays silent.
//
// `data-poll` (seconds): the page is fetched again that often and its `[data-clock-area]`
// swapped in, so that a countdown started (or time called) after it was opened reaches it.
(() => {
  "use strict";

  let audio = null;
  const heard = new Map(); // ends → the remaining seconds last seen (crossings beep once)

  function enableSound() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    audio = audio || new Context();
    audio.resume();
    beep(1, 0.08);
  }

  function beep(count, length) {
    if (!audio) return;
    const start = audio.currentTime + 0.02;
    for (let i = 0; i < count; i += 1) {
      const at = start + i * (length + 0.18);
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.type = "square";
      tone.frequency.value = 880;
      volume.gain.setValueAtTime(0.0001, at);
      volume.gain.exponentialRampToValueAtTime(0.3, at + 0.01);
      volume.gain.exponentialRampToValueAtTime(0.0001, at + length);
      tone.connect(volume).connect(audio.destination);
      tone.start(at);
      tone.stop(at + length + 0.02);
    }
  }

  function words(seconds) {
    const whole = Math.max(0, Math.ceil(seconds));
    const hours = Math.floor(whole / 3600);
    const minutes = Math.floor((whole % 3600) / 60);
    const rest = String(whole % 60).padStart(2, "0");
    return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
  }

  function remaining(element) {
    const ends = Number(element.dataset.ends);
    // The difference between the two clocks, taken when the element was first seen.
    if (element.dataset.offset === undefined) {
      element.dataset.offset = String(Number(element.dataset.now) * 1000 - Date.now());
    }
    return ends - (Date.now() + Number(element.dataset.offset)) / 1000;
  }

  function tick() {
    for (const element of document.querySelectorAll(".countdown[data-ends]")) {
      const left = remaining(element);
      const time = element.querySelector("[data-role=time]");
      if (time) time.textContent = left > 0 ? words(left) : element.dataset.overText || "0:00";
      const warn = Number(element.dataset.warn || 300);
      element.classList.toggle("soon", left > 0 && left <= warn);
      element.classList.toggle("over", left <= 0);
      document.body.classList.toggle("clock-over", left <= 0);
      const sound = element.querySelector("[data-role=sound]");
      if (sound) {
        sound.hidden = Boolean(audio);
        if (!sound.dataset.bound) {
          sound.dataset.bound = "1";
          sound.addEventListener("click", enableSound);
        }
      }
      const key = element.dataset.ends;
      const before = heard.get(key);
      if (before !== undefined) {
        if (before > warn && left <= warn && left > 0) beep(2, 0.25);
        if (before > 0 && left <= 0) beep(3, 0.7);
      }
      heard.set(key, left);
    }
    // What waits for the end (« fin du temps » on the partie's page) is shown once it is over.
    for (const element of document.querySelectorAll("[data-when-clock-over]")) {
      const clock = document.querySelector(".countdown[data-ends]");
      element.hidden = !(clock && remaining(clock) <= 0);
    }
  }

  async function poll() {
    try {
      const response = await fetch(location.href, {cache: "no-store"});
      if (!response.ok) return;
      const html = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = html.querySelector("[data-clock-area]");
      const current = document.querySelector("[data-clock-area]");
      if (fresh && current && fresh.innerHTML !== current.innerHTML) {
        current.replaceWith(document.adoptNode(fresh));
        tick();
      }
    } catch {
      // Offline: the countdown goes on from what it knows.
    }
  }

  const area = document.querySelector("[data-clock-area][data-poll]");
  if (area) {
    const seconds = Math.max(15, Number(area.dataset.poll) || 60);
    setInterval(poll, seconds * 1000);
  }
  window.belotCountdown = {tick, enableSound};
  tick();
  setInterval(tick, 250);
})();
