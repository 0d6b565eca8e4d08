"""French everywhere: no English word nor a stored code ("EW", "forfeit", "None", "True",
"wins") is visible on any page, PDF or workbook of a concours that has lived an evening —
draws, a late team, a withdrawal, a forfeit, a penalty, time called, a finished partie."""

import io
import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring import Coinche, Side
from tests.builders import made, organiser, play_to_the_end, tournament
from tournament import services
from tournament.models import Game

pytestmark = pytest.mark.django_db

# Words a French page never shows: Python's values, stored codes, English UI words.
FORBIDDEN = re.compile(
    r"\b(None|True|False|EW|forfeit|closed|wins|made|down|passed|seed|diff|conceded|"
    r"Submit|Save|Delete|Cancel|Error|error|Page not found|Server Error|taker|trump|"
    r"capot_bid|awarded|surcoinche_factor|max_donnes)\b")


class _Text(HTMLParser):
    """The text a reader sees: text nodes outside <script>, <style> and <template>."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self._hidden += 1
        for name, value in attrs:  # what a reader sees of attributes
            if name in ("title", "placeholder", "aria-label", "alt") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template"):
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden:
            self.parts.append(data)


def visible_text(response) -> str:
    kind = response["Content-Type"]
    if kind == "application/pdf":
        return "\n".join(page.extract_text() for page in
                         PdfReader(io.BytesIO(response.content)).pages)
    if kind.startswith("application/vnd.openxmlformats"):
        book = load_workbook(io.BytesIO(response.content), read_only=True)
        return "\n".join(str(value) for sheet in book.worksheets
                         for row in sheet.iter_rows(values_only=True) for value in row
                         if value is not None)
    parser = _Text()
    parser.feed(response.content.decode())
    return " ".join(parser.parts)


@pytest.fixture
def evening():
    owner = organiser("soiree")
    t = tournament(owner=owner, teams=7, slug="soiree", name="Fête du village")
    round_ = services.round_generate(tournament=t, seed=11)
    late = services.team_create(tournament=t, name="Les Retardataires", player1="A",
                                player2="B")
    services.round_seat_against_bye(round_=round_, team=late)
    games = list(round_.games.filter(team_ew__isnull=False).order_by("table"))
    services.donne_record(game=games[0], number=None,
                          donne=made(Side.EW, 90, 100, coinche=Coinche.COINCHE, belote_ew=1,
                                     awarded_ns=50))
    services.donne_record(game=games[0], number=None, donne=made(Side.NS, points=81))
    services.game_forfeit(game=games[1], side="EW")
    play_to_the_end(games[2])
    services.round_time_call(round_=round_, in_play=[])
    for game in Game.objects.filter(round=round_, finished=False):
        play_to_the_end(game)
    services.round_generate(tournament=t, seed=12)
    services.team_withdraw(team=t.teams.get(number=2))
    return owner, t


def test_no_english_word_nor_code_is_visible_anywhere(client, evening):
    owner, t = evening
    client.force_login(owner)
    game = Game.objects.filter(round__number=1, team_ew__isnull=False).order_by("table")[0]
    urls = [
        reverse("tournament:home"), reverse("help"),
        reverse("tournament:detail", args=[t.slug]), reverse("tournament:rules", args=[t.slug]),
        reverse("tournament:teams", args=[t.slug]), reverse("tournament:team", args=[t.slug, 1]),
        reverse("tournament:round", args=[t.slug, 1]),
        reverse("tournament:round", args=[t.slug, 2]),
        reverse("tournament:game", args=[t.slug, 1, game.table]),
        reverse("tournament:history", args=[t.slug, 1, game.table]),
        reverse("tournament:table_link", args=[game.token]),
        reverse("tournament:standings", args=[t.slug]),
        reverse("tournament:journal", args=[t.slug]),
        reverse("tournament:screen", args=[t.slug]),
        reverse("tournament:standings_pdf", args=[t.slug]),
        reverse("tournament:standings_xlsx", args=[t.slug]),
        reverse("tournament:score_sheets", args=[t.slug, 1]),
        reverse("tournament:pairings_pdf", args=[t.slug, 1]),
    ]
    found = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        words = sorted(set(FORBIDDEN.findall(visible_text(response))))
        if words:
            found[url] = words
    assert found == {}


def test_the_check_finds_a_stored_code_when_one_shows(client, evening):
    # The control: the same reading finds a code where one is visible.
    owner, t = evening
    services.team_update(team=t.teams.get(number=3), name="Forfeit EW")
    client.force_login(owner)
    text = visible_text(client.get(reverse("tournament:teams", args=[t.slug])))
    assert "EW" in FORBIDDEN.findall(text)


def test_a_melees_pages_of_players_speak_french(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.builders import melee

    owner = organiser("meneuse")
    t = melee(owner=owner, players=8, slug="melee-fr", name="Mêlée du village")
    client.force_login(owner)
    client.post(reverse("tournament:players_import", args=[t.slug]), {
        "file": SimpleUploadedFile("j.csv", b"joueur;club;licence\nAna;Metz;L1\n")})
    round_ = services.round_generate(tournament=t, seed=3)
    services.player_withdraw(player=t.players.get(number=2))
    late = services.player_create(tournament=t, name="Retardataire")
    exempt = round_.games.filter(team_ew__isnull=True).first()
    urls = [
        reverse("tournament:players", args=[t.slug]),
        reverse("tournament:player", args=[t.slug, 1]),
        reverse("tournament:player", args=[t.slug, 2]),
        reverse("tournament:player", args=[t.slug, late.number]),
        reverse("tournament:player_withdraw", args=[t.slug, 1]),
        reverse("tournament:player_delete", args=[t.slug, 1]),
        reverse("tournament:player_delete", args=[t.slug, late.number]),
        reverse("tournament:journal", args=[t.slug]),
    ]
    if exempt is not None:
        urls.append(reverse("tournament:player", args=[t.slug, exempt.team_ns.first.number]))
    refused = client.post(reverse("tournament:players_import", args=[t.slug]), {
        "file": SimpleUploadedFile("j.csv", b"\x00")})
    found = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        words = sorted(set(FORBIDDEN.findall(visible_text(response))))
        if words:
            found[url] = words
    words = sorted(set(FORBIDDEN.findall(visible_text(refused))))
    assert found == {} and words == []
