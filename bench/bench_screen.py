"""Benchmark (not a test): the projector's pages of a 1,000-team concours turning in a real
Chromium (issue 24: « the projector's pages for 1,000 teams cycle without a gap »).

A concours of 1,000 teams × 10 parties made by `simulate_concours` in a throwaway SQLite
database, published, served by `manage.py runserver` on loopback; Debian's Chromium
(`scripts/ensure-chromium`) shows its screen at 1920×1080, each page for 1 s
(`?secondes=1`), through a whole cycle of its views (the tables, where each team plays,
the standings) and the refresh of its rows at the end of the cycle (once a minute). Measured
in the page on every frame (tests/browser/screen_gaps.py): the longest time between two page
switches, the longest time with no page of rows on show, and the longest frame (nothing
moves). Each is printed beside its target with « met » or « over ». The machine is shared:
a busy machine lengthens the frames.
"""

from __future__ import annotations

import os
import platform
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEAMS, PARTIES, SEED = 1000, 10, 1
SECONDS = 1  # a page's time
TARGETS = {
    "interval": SECONDS + 0.25,  # seconds between two switches: the page's time, a frame's slack
    "blank": 0.0,  # ms with no page of rows on show
    "frame": 200.0,  # ms of the longest frame (a freeze a hall would see)
}
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def verdict(value: float, key: str) -> str:
    return "met" if value <= TARGETS[key] else "over"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def main() -> None:
    print(f"Python {platform.python_version()}, the projector's screen in Chromium")
    if not Path(CHROMIUM).exists():
        print(f"projector's page switches: skipped, no Chromium at {CHROMIUM} "
              "(scripts/ensure-chromium installs it)")
        return
    sys.path.insert(0, str(ROOT))
    folder = Path(tempfile.mkdtemp())
    env = {**os.environ, "DJANGO_SQLITE_PATH": str(folder / "bench.sqlite3"),
           "DJANGO_VAR_DIR": str(folder / "var"), "DJANGO_SETTINGS_MODULE": "config.settings",
           "DJANGO_ALLOWED_HOSTS": "127.0.0.1,testserver"}
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tournament.management.commands.simulate_concours import checked, simulate
    from tournament.models import Tournament

    call_command("migrate", verbosity=0)
    print(f"Simulating {TEAMS} teams × {PARTIES} parties (simulate_concours)…", flush=True)
    started = time.perf_counter()
    owner = get_user_model().objects.create_user("bench-screen")
    simulate(**checked("doublettes", None, str(TEAMS), str(PARTIES), "ffb-coinche", str(SEED)),
             keep=True, organiser=owner.username)
    concours = Tournament.objects.get(organiser=owner)
    concours.published = True
    concours.save(update_fields=["published"])
    print(f"  made in {time.perf_counter() - started:.0f} s (no target)", flush=True)

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "runserver", f"127.0.0.1:{port}",
         "--noreload"], env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}/t/{concours.slug}/screen/"
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url, timeout=5).read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        measure(f"{url}?secondes={SECONDS}")
    finally:
        server.terminate()
        server.wait(10)


def measure(url: str) -> None:
    from playwright.sync_api import sync_playwright

    from tests.browser import screen_gaps

    flags = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync"]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=flags,
                                             headless=True)
        page = browser.new_context(viewport={"width": 1920, "height": 1080},
                                   locale="fr-FR").new_page()
        started = time.perf_counter()
        page.goto(url)
        screen_gaps.start(page)
        first = time.perf_counter() - started
        # Until the refreshed rows' pages swap in (past the minute, at the end of a cycle),
        # then a few pages of the new cycle.
        page.wait_for_function("document.body.dataset.swaps", timeout=600_000, polling=1000)
        page.wait_for_timeout(5000)
        gaps = screen_gaps.read(page)
        swaps = page.evaluate("Number(document.body.dataset.swaps)")
        browser.close()
    print(f"projector's screen, {TEAMS} teams × {PARTIES} parties at 1920×1080: first page "
          f"after {first:.1f} s (no target), {len(gaps.switches)} page switches at "
          f"{SECONDS} s a page, {gaps.wraps()} new cycle(s), {swaps} refresh(es) of the rows "
          "swapped in")
    print(f"  longest time between two pages: {gaps.longest_interval:.2f} s, "
          f"target ≤ {TARGETS['interval']:.2f} s: {verdict(gaps.longest_interval, 'interval')}")
    print(f"  longest time with no page of rows on show: {gaps.blank_ms:.0f} ms, "
          f"target {TARGETS['blank']:.0f} ms: {verdict(gaps.blank_ms, 'blank')}")
    print(f"  longest frame: {gaps.longest_frame_ms:.0f} ms, target ≤ {TARGETS['frame']:.0f} ms: "
          f"{verdict(gaps.longest_frame_ms, 'frame')}", flush=True)


if __name__ == "__main__":
    main()
