"""Small fixes a new user found walking through the app: the words of the pages, the journal,
the documents."""

import io
import re

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.builders import melee, organiser, play_to_the_end, tournament
from tournament import services
from tournament.exports import final_pack, workbook
from tournament.forms import DonneForm
from tournament.journal import Actor
from tournament.models import AuditEntry, Game, Tournament

pytestmark = pytest.mark.django_db


def result(page: str) -> str:
    """The end-of-game sentence, tags dropped."""
    found = re.search(r'<p class="result" id="result">(.*?)</p>', page, re.S)
    assert found is not None
    return re.sub(r"<[^>]+>", "", found.group(1))


# --- 1. The winner's verb agrees with the side ---------------------------------------------------


@pytest.mark.parametrize("concours, verb", [
    (lambda owner: melee(owner=owner, players=4), "gagnent"),
    (lambda owner: tournament(owner=owner, teams=2), "gagne"),
])
def test_the_end_of_game_sentence_agrees_with_a_pair_or_a_team(client, concours, verb):
    owner = organiser()
    t = concours(owner)
    services.round_generate(tournament=t, seed=1)
    game = Game.objects.get(round__tournament=t, table=1)
    play_to_the_end(game)
    game.refresh_from_db()
    winner = game.team_ns if game.winner == "NS" else game.team_ew
    expected = f"Partie terminée : {winner.name} {verb}, "
    client.force_login(owner)
    laptop = client.get(reverse("tournament:game", args=[t.slug, 1, 1])).content.decode()
    phone = client.get(reverse("tournament:table_link", args=[game.token])).content.decode()
    for page in (laptop, phone):
        assert result(page).startswith(expected), result(page)
    if verb == "gagnent":
        assert " et " in winner.name


# --- 2. The phone's inputs are inside their form, not tied to it by id --------------------------


def test_only_the_laptops_inputs_name_the_donne_form():
    laptop, phone = DonneForm(), DonneForm(phone=True)
    assert all(f.widget.attrs.get("form") == "donne-form" for f in laptop.fields.values())
    assert not any("form" in f.widget.attrs for f in phone.fields.values())
    assert 'form="donne-form"' in str(laptop["taker"])
    assert 'form="donne-form"' not in str(phone["taker"]) + str(phone["taker_points"])


# --- 3. The journal names each side's link ------------------------------------------------------


@pytest.mark.parametrize("two, ns, ew", [
    (True, "Table 1 (lien NS)", "Table 1 (lien EO)"),
    (False, "Table 1 (lien)", "Table 1 (lien EO)"),
])
def test_the_journal_names_the_link_a_change_came_from(client, two, ns, ew):
    t = tournament(teams=2)
    Tournament.objects.filter(pk=t.pk).update(two_confirmations=two)
    services.round_generate(tournament=t, seed=1)
    game = Game.objects.get(round__tournament=t, table=1)
    posted = {"taker": "NS", "contract": "80", "trump": "H", "coinche": "",
              "taker_points": "100", "position": "1"}
    assert client.post(reverse("tournament:table_link", args=[game.token]),
                       posted).status_code == 302
    assert AuditEntry.objects.get(kind="donne", action="create").actor == ns
    assert Actor.of_table(game, "EW").label == ew


# --- 4. Blank sheets: one table for four players in a mêlée -------------------------------------


@pytest.mark.parametrize("build, words", [
    # Written beside the box (issue 20: a placeholder was cut by the box's width).
    (melee, '<span class="help" id="blank-sheets-hint">(1 table pour 4 joueurs)</span>'),
    (tournament, '<span class="help" id="blank-sheets-hint">(1 table pour 2 équipes)</span>'),
])
def test_the_blank_sheets_hint_counts_what_the_concours_registers(client, build, words):
    owner = organiser()
    t = build(owner=owner)
    client.force_login(owner)
    page = client.get(reverse("tournament:detail", args=[t.slug])).content.decode()
    assert words in page


# --- 7. The final pack's pages are numbered across the whole file -------------------------------


def test_the_final_packs_pages_count_the_whole_file():
    t = tournament(teams=6)
    services.round_generate(tournament=t, seed=1)
    for game in Game.objects.filter(round__tournament=t):
        play_to_the_end(game)
    reader = PdfReader(io.BytesIO(final_pack.final_pack_pdf(t)))
    total = len(reader.pages)
    assert total >= 3  # standings, palmarès, results: laid out apart
    for number, page in enumerate(reader.pages, start=1):
        counters = re.findall(r"page (\d+)/(\d+)", page.extract_text())
        assert counters == [(str(number), str(total))], (number, counters)


# --- 8. The workbook's players carry their licences ---------------------------------------------


def test_the_workbooks_players_sheet_gives_each_players_licence():
    t = melee(players=3)
    first, second, _third = t.players.all()
    services.player_update(player=first, licence="0042")
    services.player_update(player=second, licence="13-0107")
    sheet = load_workbook(io.BytesIO(workbook.standings_workbook(t, licences=True)))["Joueurs"]
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    start = next(index for index, row in enumerate(rows) if row[0] == "N°")  # under the title
    assert rows[start][:5] == ["N°", "Joueur", "Club", "Licence", "Actif"]
    licences = {row[1]: row[3] for row in rows[start + 1:]}
    assert licences == {"Joueur 1": "0042", "Joueur 2": "13-0107", "Joueur 3": None}
