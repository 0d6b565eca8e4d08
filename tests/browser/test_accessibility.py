"""axe-core (static/vendor/axe-core, vendored from npm) over every page the role matrix
knows, opened by an account that may see it, at the desk's size (1366×768) and the phone's
(390×844), in normal type and in « grands caractères »: no violation of the WCAG 2.2 AA
rules; and the pages a player's phone opens in large type by default, measured in it at
390 px: text 20 px, contrast 7:1 (WCAG AAA), touch targets 48 px. One browser, one
signed-in context per account, each page opened once and checked four times in a row; every
violation of every page is listed before the test fails."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.views import test_role_matrix as matrix
from tournament import services

pytestmark = pytest.mark.django_db(transaction=True)

AXE = Path(__file__).resolve().parents[2] / "static" / "vendor" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SIZES = {"bureau": {"width": 1366, "height": 768}, "téléphone": {"width": 390, "height": 844}}



@pytest.fixture
def world(transactional_db) -> matrix.World:
    """The role matrix's world (a concours drawn, a donne saved, a late team, a lot, a
    season, a screen, the club's members), built for this test: the matrix keeps its own
    in a transaction of its module, which a live server's thread would not see."""
    users = get_user_model()
    accounts = {name: users.objects.create_user(name, password="motdepasse-long")
                for name in ("responsable", "organisateur", "marque", "other_club")}
    return matrix.world_build(accounts)

# Addresses that answer no page: documents, a spreadsheet, an archive, JSON, htmx's
# fragments; the stand-ins answer 404 (the 404 page is checked on its own below).
NOT_PAGES = {"tournament:hall_screen_state", "tournament:register_suggestions",
             "tournament:backup", "circuit:qualifiers_csv",
             "tournament:club_sponsor_logo", "tournament:sponsor_logo",  # images
             # Documents by their key (exports.registry): PDFs and workbooks.
             "tournament:document", "tournament:partie_document",
             "tournament:season_document"}
DOCUMENTS = (".pdf", ".xlsx", ".zip", ".csv", ".json")
WHO = {matrix.OPEN: "anonymous", matrix.TOKEN: "link", matrix.STAFF: "staff"}

# Run on the page: the class and event of large-type.js (the switch's effect, without
# keeping a choice), then axe-core's WCAG 2.2 AA rules.
CHECK = """async (large) => {
  document.documentElement.classList.toggle("large", large);
  document.dispatchEvent(new Event("large-type"));
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const result = await axe.run(document, {runOnly: {type: "tag", values: TAGS},
                                          resultTypes: ["violations"]});
  return result.violations.map((v) => v.id + " " + v.nodes.slice(0, 3).map(
    (n) => n.target.join(" ") + (n.any[0] ? " (" + n.any[0].message + ")" : "")).join(" | "));
}""".replace("TAGS", json.dumps(TAGS))


def address(name: str, w: matrix.World) -> str | None:
    """The page's address, or None for an address that answers no page."""
    row = matrix.ROWS[name]
    if row.stand_in or name in NOT_PAGES:
        return None
    found = reverse(name, args=[w.game.token] if row.get == matrix.TOKEN else row.args(w))
    return None if found.endswith(DOCUMENTS) else found


def pages(w: matrix.World) -> list[tuple[str, str]]:
    """(account, address) of every page a GET shows to someone, then the concours' public
    pages as a player's phone sees them once it is published (account « public »)."""
    found = []
    for name, row in sorted(matrix.ROWS.items()):
        shown = address(name, w)
        if shown and row.get not in (matrix.POST_ONLY, matrix.NONE, matrix.GET_ONLY):
            found.append((WHO.get(row.get, "responsable"), shown))
    found.append(("anonymous", "/cette-page-n-existe-pas/"))
    for name, row in sorted(matrix.ROWS.items()):
        shown = address(name, w)
        if shown and row.get == matrix.PUBLIC:
            found.append(("public", shown))
    finder = reverse("tournament:finder", args=[w.t.slug])
    found += [("public", f"{finder}?q=1"), ("public", f"{finder}?q=joueur")]  # found, a choice
    return found


def phone_pages(w: matrix.World) -> set[str]:
    """The pages a player's phone opens in large type by default: « Où est ma table ? »
    (a search, its table found, a choice of names) and the table's link."""
    finder = reverse("tournament:finder", args=[w.t.slug])
    return {finder, f"{finder}?q=1", f"{finder}?q=joueur",
            reverse("tournament:table_link", args=[w.game.token])}


# Large type on a phone (issue 37), measured: every text the page shows at 20 px at least,
# every control 48 px at least each way (the invisible radio under a choice's button apart:
# the button is what a finger touches), nothing wider than the phone, the table's save
# button on the screen. Returns what falls short.
MEASURE = """() => {
  const shown = (el) => { const box = el.getBoundingClientRect(), style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== "hidden"
      && style.opacity !== "0"; };
  const short = [];
  for (const el of document.body.querySelectorAll("*")) {
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (text && shown(el) && size < 20) short.push(`text ${size} px: ${el.textContent.trim()}`);
  }
  for (const el of document.querySelectorAll(
      "a[href], button, input:not([type=hidden]), select, textarea, summary")) {
    const box = el.getBoundingClientRect();
    if (shown(el) && (box.width < 48 || box.height < 48)) {
      short.push(`target ${Math.round(box.width)}×${Math.round(box.height)} px: `
                 + (el.textContent.trim() || el.name || el.id));
    }
  }
  if (document.documentElement.scrollWidth > innerWidth) {
    short.push(`page ${document.documentElement.scrollWidth} px wide`);
  }
  // The tables' page: « Enregistrer la donne » on the screen as it opens, no scrolling.
  const save = document.getElementById("entry-save");
  const box = save && save.getBoundingClientRect();
  if (save && (box.top < 0 || box.bottom > innerHeight || box.right > innerWidth)) {
    short.push("« Enregistrer la donne » off the screen");
  }
  return short;
}"""
AAA = """async () => (await axe.run(document, {runOnly: ["color-contrast-enhanced"]})).violations
  .flatMap((v) => v.nodes.map((n) => "contrast under 7:1: " + n.target.join(" ")))"""


def test_every_page_has_no_wcag_aa_violation_at_both_sizes_and_type_sizes(
        browser, live_server, world):
    staff = get_user_model().objects.create_user("comite", password="x", is_staff=True)
    accounts = {"responsable": world.accounts["responsable"], "staff": staff}
    found: list[str] = []
    checked = measured = 0
    phones = phone_pages(world)
    by_account: dict[str, list[str]] = {}
    for account, address in pages(world):
        by_account.setdefault(account, []).append(address)
    for account, addresses in by_account.items():
        if account == "public":
            services.tournament_publish(tournament=world.t, published=True)
        context = browser.new_context(viewport=SIZES["bureau"], locale="fr-FR")
        context.add_init_script(path=str(AXE))
        if account in accounts:
            client = Client()
            client.force_login(accounts[account])
            context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                                  "url": live_server.url}])
        page = context.new_page()
        for address in addresses:
            response = page.goto(live_server.url + address)
            assert response is not None and "text/html" in response.headers["content-type"], (
                address)
            # Each account sees its pages, not the login page it would be sent to.
            assert "/login/" not in page.url or address == "/login/", address
            if account in ("public", "link") and address in phones:
                # Large by default on a phone that never chose, and readable as such.
                assert page.evaluate("document.documentElement.classList.contains('large')")
                page.set_viewport_size(SIZES["téléphone"])
                measured += 1
                found += [f"{address} (téléphone, grands caractères): {short}"
                          for short in page.evaluate(MEASURE) + page.evaluate(AAA)]
            for size, viewport in SIZES.items():
                page.set_viewport_size(viewport)
                for large in (False, True):
                    checked += 1
                    for violation in page.evaluate(CHECK, large):
                        found.append(f"{address} ({account}, {size}"
                                     f"{', grands caractères' if large else ''}): {violation}")
        context.close()
    assert checked >= 4 * 60 and measured == len(phones)
    assert found == [], "\n".join(found)
