"""A mêlée's players (issue 12): registered alone through the service, the form and a file
(one player a line), changed, withdrawn, brought back, deleted while no partie drew them;
every refusal in French, changing nothing; a doublette's players are its teams'."""

import csv
import io

import pytest
from django import forms
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import Workbook

from tests.builders import melee, play_to_the_end, tournament
from tournament import journal as audit
from tournament import selectors, services
from tournament.errors import UserError
from tournament.forms import PlayerImportForm
from tournament.forms.imports import MAX_BYTES, read_player_file
from tournament.models import AuditEntry, Game, Player, Team
from tournament.services import PlayerLine

pytestmark = pytest.mark.django_db


def state(t) -> tuple:
    """Everything a refused change must leave as it was."""
    return (list(t.players.values_list("number", "name", "club", "licence", "active")),
            list(t.teams.values_list("number", "name", "round")),
            AuditEntry.objects.filter(tournament=t).count())


# --- Services ---------------------------------------------------------------------------------


def test_a_player_registers_alone_numbered_after_the_last_and_journaled():
    t = melee(players=2)
    player = services.player_create(tournament=t, name="  Ana\u00a0Lys ", club=" Metz ",
                                    licence="FR 0123")
    assert (player.number, player.name, player.club, player.licence, player.active) == (
        3, "Ana Lys", "Metz", "FR 0123", True)
    assert not t.teams.exists()  # a mêlée registers no team
    entry = AuditEntry.objects.filter(tournament=t).latest("id")
    assert (entry.kind, entry.action, entry.number) == ("player", "create", 3)
    assert entry.after == {"name": "Ana Lys", "club": "Metz", "licence": "FR 0123",
                           "active": True}
    assert audit.summary("player", entry.after) == "Ana Lys (Metz) licence FR 0123"


@pytest.mark.parametrize(("values", "field", "words"), [
    ({"name": "joueur 1"}, "name", "déjà inscrit"),
    ({"name": "JOUEUR 1"}, "name", "déjà inscrit"),
    ({"name": "\u200b"}, "name", "invisible"),
    ({"name": ""}, "name", "obligatoire"),
    ({"name": "x" * 121}, "name", "120 caractères"),
    ({"name": "Bob", "club": "\x1b[2J"}, "club", "contrôle"),
    ({"name": "Bob", "licence": "y" * 31}, "licence", "30 caractères"),
    ({"name": "Bob", "licence": "lic-1"}, "licence", "déjà celle de Joueur 1"),
])
def test_a_refused_player_is_named_in_french_and_changes_nothing(values, field, words):
    t = melee(players=1)
    services.player_update(player=t.players.get(number=1), licence="LIC-1")
    before = state(t)
    with pytest.raises(UserError) as error:
        services.player_create(tournament=t, **values)
    assert error.value.field == field and words in error.value.message
    assert state(t) == before


def test_the_same_name_typed_with_a_combining_accent_is_the_same_player():
    t = melee()
    services.player_create(tournament=t, name="Élodie")
    with pytest.raises(UserError, match="déjà inscrit"):
        services.player_create(tournament=t, name="E\u0301LODIE")
    assert t.players.count() == 1


def test_a_player_is_recognised_across_a_season_as_a_concours_tells_players_apart():
    # A licence copied from a card: case and spaces do not make another player.
    card, typed = Player(name="Ana", licence="AB12"), Player(name="Bob", licence="ab 12")
    assert card.identity == typed.identity == ("licence", "ab12")
    assert Player(name="Ana", licence="AB13").identity != card.identity
    # Without a licence: the name and club folded as validators.same_name folds them (an
    # accent typed combining, another case), neither dropped.
    ana = Player(name="Zoé Lys", club="Lyon")
    assert Player(name="ZOE\u0301 LYS", club="lyon").identity == ana.identity
    assert Player(name="Zoé Lys", club="Metz").identity != ana.identity
    assert Player(name="Zoé Lys", club="Lyon", licence=" ").identity == ana.identity
    # In one concours the same licence is refused, spaces or not, and nothing changes.
    t = melee(players=2)
    services.player_update(player=t.players.get(number=1), licence="AB12")
    before = state(t)
    with pytest.raises(UserError, match="déjà celle de Joueur 1") as error:
        services.player_create(tournament=t, name="Carl", licence="ab 12")
    assert error.value.field == "licence" and state(t) == before
    with pytest.raises(UserError, match="déjà celle de"):
        services.players_import(tournament=t, lines=[PlayerLine(2, "Dan", "", "A B 1 2")])
    assert state(t) == before


def test_a_doublette_registers_teams_and_a_melee_players_each_refusing_the_other():
    doublettes, mixed = tournament(teams=1), melee(players=1)
    team = doublettes.teams.get()
    before = state(doublettes), state(mixed)
    with pytest.raises(UserError, match="avec leur équipe"):
        services.player_create(tournament=doublettes, name="Seul")
    with pytest.raises(UserError, match="avec leur équipe"):
        services.player_update(player=team.first, name="Autre")
    with pytest.raises(UserError, match="avec leur équipe"):
        services.player_delete(player=team.first)
    with pytest.raises(UserError, match="avec leur équipe"):
        services.players_import(tournament=doublettes, lines=[PlayerLine(1, "A", "", "")])
    with pytest.raises(UserError, match="s'inscrivent seuls"):
        services.team_create(tournament=mixed, name="Les As", player1="A", player2="B")
    with pytest.raises(UserError, match="s'inscrivent seuls"):
        services.teams_import(tournament=mixed,
                              lines=[services.ImportLine(1, "Les As", "A", "B", "")])
    assert (state(doublettes), state(mixed)) == before


def test_changing_a_player_renames_the_teams_the_draw_formed():
    t = melee(players=8)
    round_ = services.round_generate(tournament=t, seed=3)
    player = t.players.get(number=5)
    team = Team.objects.get(round=round_, first=player) if Team.objects.filter(
        round=round_, first=player).exists() else Team.objects.get(round=round_, second=player)
    partner = team.second if team.first == player else team.first
    services.player_update(player=player, name="Zoé Rival", club="Lyon")
    team.refresh_from_db()
    assert "Zoé Rival" in team.name and partner.name in team.name
    assert "Joueur 5" not in "".join(Team.objects.filter(round=round_)
                                     .values_list("name", flat=True))
    entry = AuditEntry.objects.filter(kind="player", action="update").get()
    assert (entry.before["name"], entry.after["name"], entry.after["club"]) == (
        "Joueur 5", "Zoé Rival", "Lyon")
    # A partie's team is no registration: it is not changed as one.
    with pytest.raises(UserError, match="modifiez ses joueurs"):
        services.team_update(team=team, name="Autre nom")


def test_a_change_that_changes_nothing_is_not_journaled():
    t = melee(players=1)
    player = t.players.get()
    count = AuditEntry.objects.count()
    services.player_update(player=player, name="Joueur 1", club="Club A")
    assert AuditEntry.objects.count() == count


def test_a_withdrawn_player_is_not_drawn_until_brought_back():
    t = melee(players=9)
    leaving = t.players.get(number=4)
    services.player_withdraw(player=leaving)
    leaving.refresh_from_db()
    assert not leaving.active
    first = services.round_generate(tournament=t, seed=1)
    drawn = Player.objects.filter(first_of__round=first) | Player.objects.filter(
        second_of__round=first)
    assert leaving not in drawn and drawn.distinct().count() == 8
    services.player_withdraw(player=leaving, active=True)
    assert [entry.action for entry in AuditEntry.objects.filter(kind="player", number=4)
            .order_by("id")] == ["create", "withdraw", "return"]
    assert audit.summary("player", AuditEntry.objects.get(kind="player", action="withdraw")
                         .after).endswith("(retiré)")


def test_a_player_is_deleted_until_a_partie_draws_them():
    t = melee(players=5)
    mistake = services.player_create(tournament=t, name="Joueur 1 bis")
    services.player_delete(player=mistake)
    assert not t.players.filter(name="Joueur 1 bis").exists()
    entry = AuditEntry.objects.get(kind="player", action="delete")
    assert (entry.number, entry.before["name"], entry.after) == (6, "Joueur 1 bis", None)
    services.round_generate(tournament=t, seed=2)
    seated = t.players.get(number=1)
    before = state(t)
    with pytest.raises(UserError, match="retirez-le plutôt"):
        services.player_delete(player=seated)
    assert state(t) == before


def test_an_import_registers_every_line_or_none_naming_each_bad_line():
    t = melee(players=1)
    services.player_update(player=t.players.get(), licence="L1")
    before = state(t)
    with pytest.raises(UserError) as error:
        services.players_import(tournament=t, lines=[
            PlayerLine(2, "Ana", "Metz", ""),
            PlayerLine(3, "joueur 1", "", ""),  # already registered
            PlayerLine(4, "Bob", "", "l1"),  # Joueur 1's licence
            PlayerLine(5, "Carl", "", "L9"),
            PlayerLine(6, "Dan", "", "L9"),  # Carl's licence, two lines above
            PlayerLine(7, "\x00", "", ""),
        ])
    message = error.value.message
    for line in (3, 4, 6, 7):
        assert f"Ligne {line} :" in message
    assert "Ligne 2" not in message and "Ligne 5" not in message
    assert "déjà celle de Carl" in message and "déjà celle de Joueur 1" in message
    assert state(t) == before
    players = services.players_import(tournament=t, lines=[
        PlayerLine(2, "Ana", "Metz", ""), PlayerLine(3, "Bob", "", "L2")])
    assert [(p.number, p.name, p.club, p.licence) for p in players] == [
        (2, "Ana", "Metz", ""), (3, "Bob", "", "L2")]
    assert list(AuditEntry.objects.filter(kind="player", action="import")
                .values_list("number", flat=True).order_by("number")) == [2, 3]
    with pytest.raises(UserError, match="aucun joueur"):
        services.players_import(tournament=t, lines=[])


def test_the_parties_of_a_player_name_partner_and_opponents():
    t = melee(players=9)  # two tables and an exempt player each partie
    for seed in (5, 6):
        round_ = services.round_generate(tournament=t, seed=seed)
        for game in round_.games.filter(team_ew__isnull=False):
            play_to_the_end(game)
    for player in t.players.all():
        rows = selectors.player_parties(player)
        assert [row["game"].round.number for row in rows] == [1, 2]
        for row in rows:
            team = row["team"]
            assert player in (team.first, team.second)
            if row["game"].is_bye:
                assert row["partner"] is None and row["opponents"] is None
            else:
                assert row["partner"] is not None and row["partner"] != player
                opponents = {row["opponents"].first, row["opponents"].second}
                assert player not in opponents and row["partner"] not in opponents


# --- Licences of a doublette's players ----------------------------------------------------------


def test_a_doublettes_players_take_their_licences_on_the_team():
    t = tournament()
    team = services.team_create(tournament=t, name="Les As", player1="Ana", player2="Bob",
                                licence1="A-1")
    assert (team.first.licence, team.second.licence) == ("A-1", "")
    services.team_update(team=team, licence2=" B-2 ")
    team.refresh_from_db()
    assert (team.first.licence, team.second.licence) == ("A-1", "B-2")
    entry = AuditEntry.objects.filter(kind="team", action="update").get()
    assert (entry.before["licence2"], entry.after["licence2"]) == ("", "B-2")
    other = services.team_create(tournament=t, name="Les Rois", player1="C", player2="D")
    before = state(t)
    with pytest.raises(UserError) as error:
        services.team_update(team=other, licence1="a-1")
    assert error.value.field == "licence1" and "déjà celle de Ana" in error.value.message
    with pytest.raises(UserError) as error:
        services.team_update(team=other, licence1="X", licence2="x")
    assert error.value.field == "licence2"
    with pytest.raises(UserError) as error:
        services.team_create(tournament=t, name="Les Valets", player1="E", player2="F",
                             licence2="\u200b")
    assert error.value.field == "licence2" and "Licence du joueur 2" in error.value.message
    assert state(t) == before
    # Entries written before licences existed are still well formed (and restorable).
    old = {"name": "Les As", "player1": "Ana", "player2": "Bob", "club": "", "active": True}
    audit.check_value("team", "update", old)


# --- The file reader --------------------------------------------------------------------------


def xlsx(rows: list[list[object]]) -> bytes:
    workbook = Workbook()
    for row in rows:
        workbook.active.append(row)
    written = io.BytesIO()
    workbook.save(written)
    return written.getvalue()


def read(name: str, data: bytes):
    """What the player import form makes of a file: its lines, or its French refusal."""
    form = PlayerImportForm(data={}, files={"file": SimpleUploadedFile(name, data)})
    if form.is_valid():
        return [(line.line, line.name, line.club, line.licence)
                for line in form.cleaned_data["file"]]
    return form.errors["file"]


@pytest.mark.parametrize(("name", "data", "expected"), [
    ("joueurs.csv", b"Ana Lys\nBob Roi\n\nCarl\n",
     [(1, "Ana Lys", "", ""), (2, "Bob Roi", "", ""), (4, "Carl", "", "")]),
    ("joueurs.csv", "Joueur;Club;Licence\nAna;Metz;123\nBob;;\n".encode("cp1252"),
     [(2, "Ana", "Metz", "123"), (3, "Bob", "", "")]),
    ("joueurs.csv", b"joueur,club\nAna,Metz\n", [(2, "Ana", "Metz", "")]),
    ("joueurs.csv", b"Ana\tMetz\tL1\nBob\tNancy\t\n",
     [(1, "Ana", "Metz", "L1"), (2, "Bob", "Nancy", "")]),
    # One comma among names alone is a name, not two columns.
    ("joueurs.csv", b"Ana\nBob\n\"Martin, Jean\"\nDan\n",
     [(1, "Ana", "", ""), (2, "Bob", "", ""), (3, "Martin, Jean", "", ""),
      (4, "Dan", "", "")]),
    ("joueurs.xlsx", xlsx([["Joueur", "Club", "Licence"], ["Ana", "Metz", 75123],
                           [None], ["Bob", None, None]]),
     [(2, "Ana", "Metz", "75123"), (4, "Bob", "", "")]),
])
def test_a_file_of_players_gives_back_its_players(name, data, expected):
    assert read(name, data) == expected


@pytest.mark.parametrize(("name", "data", "words"), [
    ("joueurs.csv", b"Ana;Metz;L1;en trop\n", ["Ligne 1 : 4 colonnes, 3 au plus",
                                               "joueur, club, licence"]),
    ("joueurs.csv", b"Ana\nBob\nana\n", ["Ligne 3 : le joueur « ana » est déjà à "
                                                 "la ligne 1."]),
    ("joueurs.csv", b"Joueur;Licence\nAna;L\n", ["Ligne 1 : l'en-tête doit nommer"]),
    ("joueurs.csv", b"\n\n", ["ne contient aucun joueur"]),
    ("joueurs.csv", b"Joueur;Club\n", ["ne contient aucun joueur"]),
    ("joueurs.csv", "Ana\n\u200bBob\n".encode(), ["Ligne 2 : Joueur : caractère invisible"]),
    ("joueurs.csv", ("Ana;" + "c" * 121 + "\n").encode(), ["Ligne 1 : Club : 120"]),
    ("joueurs.txt", b"Ana\n", ["Choisissez un fichier .xlsx ou .csv."]),
    ("joueurs.csv", b"Ana\x00\n", ["octets nuls"]),
    ("joueurs.xlsx", b"PK\x03\x04 pas un classeur", ["ne peut pas être lu"]),
    ("joueurs.csv", b"a\n" * (MAX_BYTES // 2 + 1), ["dépasse 2 Mo", "liste de joueurs"]),
])
def test_a_bad_file_of_players_is_refused_whole_in_french(name, data, words):
    refusal = read(name, data)
    assert isinstance(refusal, list), refusal
    text = " ".join(refusal)
    for word in words:
        assert word in text, text


@given(st.lists(st.lists(st.text(max_size=20), max_size=5), max_size=8),
       st.sampled_from([";", ",", "\t"]))
def test_random_rows_are_players_or_a_french_refusal_never_an_exception(rows, separator):
    text = io.StringIO()
    csv.writer(text, delimiter=separator).writerows(rows)
    try:
        lines = read_player_file(SimpleUploadedFile("j.csv", text.getvalue().encode(
            "utf-8", errors="replace")))
    except forms.ValidationError as refusal:
        assert refusal.messages
        assert all(message.startswith(("Ligne ", "Ce fichier ", "Le fichier "))
                   for message in refusal.messages), refusal.messages
    else:
        assert lines and all(line.name for line in lines)


# --- Pages ------------------------------------------------------------------------------------


@pytest.fixture
def concours(owner):
    return melee(owner=owner, players=3, slug="melee")


def url(name: str, t, *args) -> str:
    return reverse(f"tournament:{name}", args=[t.slug, *args])


def test_the_teams_address_of_a_melee_leads_to_its_players_and_back(client, concours):
    doublettes = tournament(teams=1)
    assert client.get(url("teams", concours))["Location"] == url("players", concours)
    assert client.get(url("players", doublettes))["Location"] == url("teams", doublettes)
    assert client.get(url("player", doublettes, 1))["Location"] == url("teams", doublettes)
    page = client.get(url("players", concours)).content.decode()
    assert "Joueurs" in page and "Joueur 3" in page and "3 joueurs inscrits" in page
    assert 'id="player-form"' not in page  # a visitor reads, the organiser registers


def test_the_organiser_registers_a_player_with_the_form(client, owner, concours):
    client.force_login(owner)
    response = client.post(url("players", concours),
                           {"name": "Ana Lys", "club": "Metz", "licence": ""}, follow=True)
    assert "Inscription enregistrée : 4. Ana Lys." in response.content.decode()
    assert concours.players.get(number=4).name == "Ana Lys"
    before = state(concours)
    refused = client.post(url("players", concours), {"name": "ana lys", "club": "",
                                                     "licence": ""})
    assert refused.status_code == 422
    assert "Le joueur « ana lys » est déjà inscrit." in refused.content.decode()
    assert state(concours) == before


def test_the_organiser_imports_a_file_whole_or_not_at_all(client, owner, concours):
    client.force_login(owner)
    before = state(concours)
    unreadable = SimpleUploadedFile("j.csv", "Ana\nB\u200bob\n".encode())
    page = client.post(url("players_import", concours), {"file": unreadable}).content.decode()
    assert "Ligne 2 : Joueur : caractère invisible" in page and "Ligne 1" not in page
    registered = SimpleUploadedFile("j.csv", b"Ana\nJoueur 2\n")
    page = client.post(url("players_import", concours), {"file": registered}).content.decode()
    assert "Ligne 2 : le joueur « Joueur 2 » est déjà inscrit." in page
    assert state(concours) == before
    good = SimpleUploadedFile("j.csv", b"joueur;club;licence\nAna;Metz;1\nBob;;\n")
    response = client.post(url("players_import", concours), {"file": good}, follow=True)
    assert "2 joueurs inscrits." in response.content.decode()
    assert list(concours.players.values_list("name", flat=True)) == [
        "Joueur 1", "Joueur 2", "Joueur 3", "Ana", "Bob"]


def test_a_players_page_shows_their_parties_and_changes_them(client, owner, concours):
    services.player_create(tournament=concours, name="Joueur 4")
    services.round_generate(tournament=concours, seed=1)
    game = Game.objects.get(round__tournament=concours, table=1)
    player = game.team_ns.first
    page = client.get(url("player", concours, player.number)).content.decode()
    assert game.team_ns.second.name in page and game.team_ew.first.name in page
    assert "delete-player" not in page
    client.force_login(owner)
    client.post(url("player", concours, player.number),
                {"name": "Nouveau Nom", "club": "Lyon", "licence": "L-7"})
    player.refresh_from_db()
    assert (player.name, player.club, player.licence) == ("Nouveau Nom", "Lyon", "L-7")
    page = client.get(url("player", concours, player.number)).content.decode()
    assert "licence L-7" in page
    # The registered teams' pages know no partie team.
    assert client.get(url("team", concours, 1)).status_code == 404


def test_withdrawing_bringing_back_and_deleting_a_player(client, owner, concours):
    client.force_login(owner)
    confirm = client.get(url("player_withdraw", concours, 2))
    assert "Retirer « Joueur 2 » du concours ?" in confirm.content.decode()
    client.post(url("player_withdraw", concours, 2))
    assert not concours.players.get(number=2).active
    assert "1 joueur inscrit" not in client.get(url("players", concours)).content.decode()
    assert "2 actifs" in client.get(url("players", concours)).content.decode()
    client.post(url("player_return", concours, 2))
    assert concours.players.get(number=2).active
    assert "Supprimer le joueur" in client.get(url("player_delete", concours, 3)).content.decode()
    response = client.post(url("player_delete", concours, 3))
    assert response["Location"] == url("players", concours)
    assert not concours.players.filter(number=3).exists()
    # Once drawn, a player is no longer deleted, only withdrawn.
    services.player_create(tournament=concours, name="Joueur 5")
    services.player_create(tournament=concours, name="Joueur 6")
    services.round_generate(tournament=concours, seed=1)
    assert "ne peut plus être supprimé" in client.get(
        url("player_delete", concours, 1)).content.decode()
    client.post(url("player_delete", concours, 1), follow=True)
    assert concours.players.filter(number=1).exists()
    # The pages of a doublette's players are its teams'.
    doublettes = tournament(owner=owner, teams=1)
    assert client.get(url("player_withdraw", doublettes, 1)).status_code == 404
