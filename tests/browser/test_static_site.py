"""« Exporter pour le site »: the zip, unpacked, opens from the file system in Chromium; every
link of every page leads to a page of the folder (and to its anchor), and no request leaves
the file system. The standings fit a wide screen and a 360 px phone, in large type too."""

import datetime
import io
import json
import re
import zipfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.test_accessibility import AXE, SIZES, TAGS
from tests.builders import drawn, melee, melee_partie, organiser, play_partie
from tournament import services
from tournament.amounts import PoolLine
from tournament.exports import static_site
from tournament.models import ClubPlayer, Player

pytestmark = pytest.mark.django_db
WHEN = datetime.datetime(2026, 11, 21, 23, 30, tzinfo=datetime.UTC)


def _club_site(tmp_path: Path) -> tuple[Path, str]:
    owner = organiser()
    doublettes = drawn(owner=owner, teams=6, slug="saint-martin",
                       name="Concours de la Saint-Martin", parties_planned=2,
                       date=datetime.date(2026, 11, 11), place="Salle des fêtes")
    services.team_update(team=doublettes.teams.get(number=1, round__isnull=True),
                         name="Les Très Longs Noms de l'Amicale Bouliste & Belotière")
    play_partie(doublettes.rounds.get())
    services.round_generate(tournament=doublettes, seed=8)
    play_partie(doublettes.rounds.get(number=2))
    for start, end, label in ((1, 1, "Un jambon"), (2, 3, "Deux bouteilles")):
        services.prize_add(tournament=doublettes, start=start, end=end, from_last=False,
                           label=label)
    # A cash prize pool: the standings' « Prix » column, and on a phone under the name.
    services.cash_pool_set(tournament=doublettes, lines=[PoolLine(1, 1, amount=12050),
                                                         PoolLine(2, 2, amount=5625)])
    mixed = melee(owner=owner, players=9, slug="jeudi", name="Mêlée du jeudi",
                  date=datetime.date(2026, 11, 19))
    for seed in (1, 2):
        play_partie(melee_partie(mixed, seed))
    # One player of the register in both concours, another anonymised.
    regular = ClubPlayer.objects.create(club=doublettes.club, name="Martin", first_name="Jeanne")
    Player.objects.filter(tournament=doublettes, number=1).update(registered=regular)
    Player.objects.filter(tournament=mixed, number=3).update(registered=regular)
    hidden = ClubPlayer.objects.create(club=doublettes.club, name="Joueur n° ?",
                                       anonymised=True)
    hidden.name = f"Joueur n° {hidden.pk}"
    hidden.save()
    Player.objects.filter(tournament=mixed, number=4).update(registered=hidden,
                                                             name="Gaston Secret")
    content = static_site.club_zip(doublettes.club, [doublettes, mixed], WHEN)
    folder = tmp_path / "site"
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        archive.extractall(folder)
    return folder, str(regular.pk)


def _path(url: str) -> Path:
    return Path(unquote(urlsplit(url).path))


def test_the_static_site_opens_from_the_file_system_and_every_link_works(page, tmp_path,
                                                                          shot):
    folder, regular = _club_site(tmp_path)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    start = (folder / "index.html").as_uri()
    to_visit, seen, anchors = [start], set(), []
    while to_visit:
        url = to_visit.pop()
        if url in seen:
            continue
        seen.add(url)
        page.goto(url)
        assert page.locator("header.top a").count() == 1, url  # a page of the site, styled
        assert page.evaluate("getComputedStyle(document.querySelector('header.top'))"
                             ".backgroundColor") == "rgb(31, 78, 61)", url
        for href in page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)"):
            assert href.startswith("file://"), (url, href)
            target = _path(href)
            assert target.is_file() and folder in target.parents, (url, href)
            address, _hash, fragment = href.partition("#")
            if fragment:
                anchors.append((address, fragment))
            to_visit.append(address)
    pages = {path for path in folder.rglob("*.html")}
    assert {_path(url) for url in seen} == pages  # every page is reached from the index
    assert len(pages) == 2 * 3 + 1 + 12 + 9 - 1  # two concours, the index, the players
    for address, fragment in set(anchors):
        page.goto(f"{address}#{fragment}")
        assert page.locator(f"#{fragment}").count() == 1, (address, fragment)
    assert requests and all(url.startswith("file://") for url in requests), [
        url for url in requests if not url.startswith("file://")]
    # The register's player: one page, with both concours; the anonymised one stays so.
    page.goto((folder / "joueurs" / f"{regular}.html").as_uri())
    assert page.locator("h2").count() == 2
    assert "Gaston Secret" not in "".join(path.read_text() for path in pages)

    standings = (folder / "concours" / "saint-martin" / "classement.html").as_uri()
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(standings)
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    # The first's cash prize, or its share of the first two's (tied, to the cent).
    expect(page.locator("table.standings tbody tr").first.locator("td").last).to_have_text(
        re.compile(r"^(120,50|88,38)\u00a0€$"))
    shot(page, "static-site-standings-1366")
    page.goto(start)
    shot(page, "static-site-index-1366")
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(standings)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    expect(page.locator("table.standings .lot-inline").first).to_have_text(
        re.compile(r"^Lot : Un jambon · Prix : (120,50|88,38)\u00a0€$"))
    shot(page, "static-site-standings-360")
    page.goto((folder / "joueurs" / f"{regular}.html").as_uri())
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "static-site-player-360")
    page.goto((folder / "concours" / "jeudi" / "parties.html").as_uri())
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "static-site-parties-360")
    # « Grands caractères »: the box enlarges the text (20 px), the page still fits the
    # phone, and the choice is kept on the device from one page to the next.
    page.click("label[for=grands-caracteres]")
    assert page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)") >= 20
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.goto(standings)
    assert page.is_checked("#grands-caracteres")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "static-site-standings-360-large")


# axe-core's WCAG 2.2 AA rules on the page as it stands, the « grands caractères » box set
# as asked (the site's own switch: a checkbox the style reads, no class).
AXE_CHECK = """async (large) => {
  const box = document.getElementById("grands-caracteres");
  if (box) box.checked = large;
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const result = await axe.run(document, {runOnly: {type: "tag", values: TAGS},
                                          resultTypes: ["violations"]});
  return result.violations.map((v) => v.id + " " + v.nodes.slice(0, 2).map(
    (n) => n.target.join(" ")).join(" | "));
}""".replace("TAGS", json.dumps(TAGS))


def test_every_page_of_the_static_site_has_no_wcag_aa_violation(browser, tmp_path):
    """Issue 37: the site's pages, as the app's (tests/browser/test_accessibility.py), at the
    desk's and the phone's widths, in both type sizes."""
    folder, _regular = _club_site(tmp_path)
    context = browser.new_context(locale="fr-FR")
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    found, checked = [], 0
    for path in sorted(folder.rglob("*.html")):
        page.goto(path.as_uri())
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            for large in (False, True):
                checked += 1
                found += [f"{path.relative_to(folder)} ({size}"
                          f"{', grands caractères' if large else ''}): {violation}"
                          for violation in page.evaluate(AXE_CHECK, large)]
    context.close()
    assert checked == 4 * (2 * 3 + 1 + 12 + 9 - 1)
    assert found == [], "\n".join(found)
