"""The partie's countdown in a real browser: on the projector at 1920×1080 and on a phone at
360 px (screenshots), counting down on the page's own clock, beeping (WebAudio, recorded by a
stand-in here) 5 minutes before the end and at the end, and offering « fin du temps » on the
partie's page once it has run out."""

import datetime
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.builders import organiser, tournament
from tournament import services
from tournament.services.countdown import round_clock_start

from .test_game_entry import log_in

pytestmark = pytest.mark.django_db(transaction=True)

# A stand-in for WebAudio that records the frequency of every tone started: a headless
# browser has no speaker to listen to.
FAKE_AUDIO = """
window.beeps = [];
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  resume() { return Promise.resolve(); }
  createOscillator() {
    const tone = {type: "", frequency: {value: 0}, connect: (next) => next,
                  start: () => window.beeps.push(tone.frequency.value), stop() {}};
    return tone;
  }
  createGain() {
    return {gain: {setValueAtTime() {}, exponentialRampToValueAtTime() {}},
            connect: (next) => next};
  }
};
"""


def beeps(page, count: int) -> list[int]:
    """The tones played, once there are `count` of them (or after 15 s)."""
    for _ in range(150):
        played = page.evaluate("window.beeps")
        if len(played) >= count:
            break
        page.wait_for_timeout(100)
    page.wait_for_timeout(500)  # and none more
    return page.evaluate("window.beeps")


def drawn(slug: str, teams: int = 20):
    t = tournament(owner=organiser(slug), teams=teams, slug=slug,
                   name="Concours de la Saint-Martin")
    return services.round_generate(tournament=t, seed=3)


def ends_in(partie, seconds: float, minutes: int = 45) -> None:
    """The countdown of `minutes`, started so that it ends `seconds` from now."""
    now = timezone.now() - datetime.timedelta(minutes=minutes) + datetime.timedelta(
        seconds=seconds)
    round_clock_start(round_=partie, minutes=minutes, now=now)


def test_the_projector_counts_down_and_beeps_five_minutes_before_the_end(
        browser, live_server, shot):
    partie = drawn("projecteur")
    ends_in(partie, 5 * 60 + 12)  # the sound is enabled before 5:00
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="fr-FR")
    try:
        page = context.new_page()
        page.add_init_script(FAKE_AUDIO)
        page.goto(f"{live_server.url}/t/projecteur/screen/")
        clock = page.locator("#screen-clock .countdown-time")
        expect(clock).to_have_text(re.compile(r"^5:(0\d|1[0-2])$"))
        fits = page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert fits
        box = clock.bounding_box()
        assert box is not None and box["height"] >= 50  # readable from the back of a hall
        page.click("#screen-clock [data-role=sound]")
        assert page.evaluate("window.beeps.length") == 1  # the touch that allows sound
        expect(page.locator("#screen-clock [data-role=sound]")).to_be_hidden()
        expect(page.locator("#screen-clock .countdown")).to_have_class(
            re.compile(r"\bsoon\b"), timeout=30_000)
        expect(clock).to_have_text(re.compile(r"^4:5\d$"))
        assert beeps(page, 3) == [880] * 3  # then two at 5 minutes
        shot(page, "countdown-projector-1920")
    finally:
        context.close()


def test_a_phone_at_360_px_counts_down_and_beeps_at_the_end(browser, live_server, shot):
    partie = drawn("telephone")
    game = partie.games.get(table=1)
    ends_in(partie, 4)
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True, locale="fr-FR")
    try:
        phone = context.new_page()
        phone.add_init_script(FAKE_AUDIO)
        phone.goto(f"{live_server.url}/table/{game.token}/")
        clock = phone.locator("#countdown .countdown-time")
        expect(clock).to_have_text(re.compile(r"^0:0\d$"))
        phone.locator("#countdown [data-role=sound]").tap()
        expect(clock).to_have_text("Temps écoulé", timeout=15_000)
        expect(phone.locator("#countdown")).to_have_class(re.compile(r"\bover\b"))
        assert beeps(phone, 4) == [880] * 4  # 1 when enabled, 3 at the end
        assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
        shot(phone, "countdown-phone-360-over")
        # A fresh countdown reaches an open page by itself (fetched again every minute):
        # shown here by asking for it at once.
        ends_in(partie, 20 * 60)
        phone.evaluate("""async () => {
            const response = await fetch(location.href);
            const html = new DOMParser().parseFromString(await response.text(), "text/html");
            document.querySelector("[data-clock-area]").replaceWith(
                html.querySelector("[data-clock-area]"));
        }""")
        expect(clock).to_have_text(re.compile(r"^(20:00|19:5\d)$"))
        shot(phone, "countdown-phone-360")
    finally:
        context.close()


def test_the_partie_page_offers_fin_du_temps_when_the_countdown_runs_out(page, live_server,
                                                                         shot):
    partie = drawn("organisateur", teams=4)
    log_in(page, live_server, "organisateur")
    ends_in(partie, 3)
    page.goto(f"{live_server.url}/t/organisateur/rounds/1/")
    expect(page.locator("#clock-over")).to_be_hidden()
    expect(page.locator("#clock-over")).to_be_visible(timeout=15_000)
    expect(page.locator("#countdown")).to_have_class(re.compile(r"\bover\b"))
    shot(page, "round-countdown-over")
    page.locator("#clock-over a").click()
    expect(page.locator("h1")).to_contain_text("Fin du temps")
