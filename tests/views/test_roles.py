"""What the role matrix (test_role_matrix.py) cannot see from a status: what a page shows.

Who may open or post to each address, published or not, and that a refusal changes nothing,
is the matrix's. Here: no page or document of a concours shows another tournament's data
(the leak check reads the TEXT of PDFs, workbooks, zips and JSON, proved able to find it),
what a table's link shows and writes (its own game only, the version check, two phones, a
closed partie), what the home page lists, the organiser's own writes, and the menu."""

import html
import io
import json
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.builders import made, tournament
from tournament import services
from tournament.errors import UserError
from tournament.models import AuditEntry, DonneRecord, Game

pytestmark = pytest.mark.django_db

SECRETS = ("Les Voisins", "Secret", "à côté")  # the other tournament's names


# The conftest's concours: unpublished; round 1 at two tables and a bye (five teams).
CONCOURS = {"teams": 5, "published": False}


@pytest.fixture
def other():
    t = tournament(slug="autre", name="Le concours d'à côté", published=True)
    for name in ("Les Voisins", "Les Étrangers"):
        services.team_create(tournament=t, name=name, player1="Secret", player2="Caché")
    services.round_generate(tournament=t, seed=1)
    return t


def table(t, number) -> Game:
    return Game.objects.get(round__tournament=t, round__number=1, table=number)


def link(game, suffix="") -> str:
    return reverse("tournament:table_link", args=[game.token]) + suffix


DONNE = {"taker": "NS", "contract": "80", "trump": "H", "taker_points": "100"}

# Pages anyone may read once the tournament is published: the leak checks read them.
PUBLIC = [
    lambda t: reverse("tournament:detail", args=[t.slug]),
    lambda t: reverse("tournament:teams", args=[t.slug]),
    lambda t: reverse("tournament:team", args=[t.slug, 1]),
    lambda t: reverse("tournament:round", args=[t.slug, 1]),
    lambda t: reverse("tournament:game", args=[t.slug, 1, 1]),
    lambda t: reverse("tournament:standings", args=[t.slug]),
    lambda t: reverse("tournament:standings_pdf", args=[t.slug]),
    lambda t: reverse("tournament:standings_xlsx", args=[t.slug]),
    lambda t: reverse("tournament:pairings_pdf", args=[t.slug, 1]),
    lambda t: reverse("tournament:screen", args=[t.slug]),
    lambda t: reverse("tournament:palmares_pdf", args=[t.slug]),
    lambda t: reverse("tournament:final_pdf", args=[t.slug]),
    lambda t: reverse("tournament:final_xlsx", args=[t.slug]),
    lambda t: reverse("tournament:reglement_pdf", args=[t.slug]),
]
# Pages only the organiser may open, published or not: the leak checks read them as the
# organiser (who else may open them is the role matrix's).
ORGANISER_ONLY = [
    lambda t: reverse("tournament:rules", args=[t.slug]),
    lambda t: reverse("tournament:score_sheets", args=[t.slug, 1]),
    lambda t: reverse("tournament:journal", args=[t.slug]),
    lambda t: reverse("tournament:history", args=[t.slug, 1, 1]),
    lambda t: reverse("tournament:backup", args=[t.slug]),
    lambda t: reverse("tournament:backup_restore", args=[t.slug]),
    lambda t: reverse("tournament:round_time", args=[t.slug, 1]),
    lambda t: reverse("tournament:round_undo", args=[t.slug, 1]),
    lambda t: reverse("tournament:team_withdraw", args=[t.slug, 1]),
    lambda t: reverse("tournament:team_delete", args=[t.slug, 1]),
    lambda t: reverse("tournament:tournament_delete", args=[t.slug]),
    lambda t: reverse("tournament:blank_score_sheets", args=[t.slug]),
    lambda t: reverse("tournament:prizes", args=[t.slug]),
    lambda t: reverse("tournament:round_generate", args=[t.slug]),
    lambda t: reverse("tournament:game_totals", args=[t.slug, 1, 1]),
    lambda t: reverse("tournament:concours_site", args=[t.slug]),
    lambda t: reverse("tournament:arrivals", args=[t.slug]),
    # The desk's money (issue 25).
    lambda t: reverse("tournament:caisse", args=[t.slug]),
    lambda t: reverse("tournament:caisse_settings", args=[t.slug]),
    lambda t: reverse("tournament:caisse_pdf", args=[t.slug]),
    lambda t: reverse("tournament:caisse_xlsx", args=[t.slug]),
]


def text_of(response) -> str:
    """What a reader of the response sees: a PDF's or a workbook's TEXT, not its bytes (both
    are compressed: a name searched in their bytes is never found, leaked or not)."""
    content_type = response["Content-Type"]
    if content_type == "application/pdf":
        reader = PdfReader(io.BytesIO(response.content))
        return "\n".join(page.extract_text() for page in reader.pages)
    if content_type.startswith("application/vnd.openxmlformats-officedocument.spreadsheetml"):
        book = load_workbook(io.BytesIO(response.content), read_only=True)
        return "\n".join(str(value) for sheet in book.worksheets
                         for row in sheet.iter_rows(values_only=True)
                         for value in row if value is not None)
    if content_type == "application/zip":  # the static site: its pages' text
        with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
            return html.unescape("\n".join(archive.read(name).decode()
                                            for name in archive.namelist()))
    if content_type.startswith("application/json"):
        # "à côté" is escaped as "\u00e0 c\u00f4t\u00e9" in the file: read it back first.
        return json.dumps(json.loads(response.content), ensure_ascii=False)
    return html.unescape(response.content.decode())


def no_secrets(response) -> bool:
    text = text_of(response)
    return not any(secret in text for secret in SECRETS)


DOCUMENTS = {"standings_pdf", "standings_xlsx", "pairings_pdf", "score_sheets", "backup",
             "final_pdf", "final_xlsx", "caisse_pdf", "caisse_xlsx"}


@pytest.mark.once  # pages read the same way on both databases: make test only
@pytest.mark.parametrize("url", PUBLIC + ORGANISER_ONLY)
def test_the_leak_check_finds_the_other_tournaments_names_in_its_own_pages(client, other, url):
    # The control that makes the leak checks below mean something: read the other
    # tournament's own pages and documents, the same check must find its names there.
    client.force_login(other.organiser)
    response = client.get(url(other))
    assert response.status_code == 200
    assert not no_secrets(response), text_of(response)[:300]


def test_the_leak_check_reads_the_text_of_pdfs_and_workbooks(client, other):
    client.force_login(other.organiser)
    for name in sorted(DOCUMENTS):
        args = [other.slug, 1] if name in {"pairings_pdf", "score_sheets"} else [other.slug]
        response = client.get(reverse(f"tournament:{name}", args=args))
        assert "Les Voisins" in text_of(response), name
        if name != "backup":  # compressed: the raw bytes never show a name
            assert b"Les Voisins" not in response.content, name


@pytest.mark.once  # pages read the same way on both databases: make test only
@pytest.mark.parametrize("url", PUBLIC + ORGANISER_ONLY)
def test_the_organiser_opens_every_page(client, owner, concours, other, url):
    client.force_login(owner)
    response = client.get(url(concours))
    assert response.status_code == 200
    assert no_secrets(response)


@pytest.mark.once  # pages read the same way on both databases: make test only
@pytest.mark.parametrize("url", PUBLIC)
def test_published_pages_are_open_to_everyone(client, concours, other, url):
    services.tournament_publish(tournament=concours, published=True)
    response = client.get(url(concours))
    assert response.status_code == 200
    assert no_secrets(response)


def test_the_home_page_lists_published_tournaments_and_ones_own(client, owner, concours,
                                                                 other):
    anonymous = client.get(reverse("tournament:home")).content.decode()
    assert other.name.replace("'", "&#x27;") in anonymous and concours.name not in anonymous
    client.force_login(owner)
    assert concours.name in client.get(reverse("tournament:home")).content.decode()


def test_the_organiser_publishes_from_the_dashboard(client, owner, concours):
    client.force_login(owner)
    client.post(reverse("tournament:detail", args=[concours.slug]), {"published": "1"})
    concours.refresh_from_db()
    assert concours.published
    client.logout()
    assert client.get(reverse("tournament:standings", args=[concours.slug])).status_code == 200


# --- Table links ------------------------------------------------------------------------


def test_a_table_link_shows_its_own_game_only(client, concours, other):
    mine, theirs = table(concours, 1), table(concours, 2)
    page = client.get(link(mine)).content.decode()
    assert mine.team_ns.name in page and mine.team_ew.name in page
    assert theirs.team_ns.name not in page and theirs.team_ew.name not in page
    assert "Table 1" in page and not any(secret in page for secret in SECRETS)
    # Nothing on it leads to the organiser's pages.
    assert reverse("tournament:detail", args=[concours.slug]) not in page


def test_a_table_enters_a_donne_through_its_link(client, concours):
    game = table(concours, 1)
    response = client.post(link(game), DONNE)
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.played == 1 and (game.score_ns, game.score_ew) == (180, 60)
    entry = AuditEntry.objects.get(kind="donne")
    assert entry.actor == "Table 1 (lien)" and entry.user is None
    assert not table(concours, 2).donnes.exists()


def test_a_table_link_previews_and_corrects_with_the_version_check(client, concours):
    game = table(concours, 1)
    preview = client.post(link(game, "preview/"), DONNE).json()
    assert (preview["ns"], preview["ew"]) == (180, 60)
    assert not DonneRecord.objects.exists()
    client.post(link(game), DONNE)
    fix = {**DONNE, "taker_points": "70", "number": "1", "version": "1",
           "key": game.donnes.get().key}
    assert client.post(link(game), fix).status_code == 302
    stale = client.post(link(game), {**fix, "taker_points": "120"})
    assert stale.status_code == 200
    assert "vient d&#x27;être modifiée" in stale.content.decode()
    record = game.donnes.get()
    assert (record.taker_points, record.version) == (70, 2)


def test_one_donne_sent_from_two_phones_is_stored_once(client, concours):
    game = table(concours, 1)
    other_phone = Client()
    first = client.post(link(game), {**DONNE, "position": "1"})
    second = other_phone.post(link(game), {**DONNE, "position": "1"})
    assert first.status_code == 302 and second.status_code == 200
    assert "vient d&#x27;être saisie depuis un autre appareil" in second.content.decode()
    assert game.donnes.count() == 1
    # The page shown with the refusal proposes donne 2: sent again, it is a new donne.
    assert 'name="position" value="2"' in second.content.decode()
    assert other_phone.post(link(game), {**DONNE, "position": "2"}).status_code == 302
    assert game.donnes.count() == 2


def test_another_tables_link_cannot_reach_this_game(client, concours):
    mine, theirs = table(concours, 1), table(concours, 2)
    client.post(link(theirs), DONNE)
    # Naming this game's donne through the other link corrects the other game, never this one.
    client.post(link(theirs), {**DONNE, "number": "1", "taker_points": "60",
                               "key": theirs.donnes.get().key})
    assert not mine.donnes.exists()
    assert theirs.donnes.get().taker_points == 60
    # And a link is not a login: the organiser's entry for this game stays closed.
    response = client.post(reverse("tournament:game", args=[concours.slug, 1, 1]), DONNE)
    assert response.status_code == 404  # unpublished: not even there
    services.tournament_publish(tournament=concours, published=True)
    response = client.post(reverse("tournament:game", args=[concours.slug, 1, 1]), DONNE)
    assert response.status_code == 404  # published: the page is, the entry is the desk's
    assert not mine.donnes.exists()


def test_a_link_from_another_tournament_writes_only_there(client, concours, other):
    foreign = Game.objects.get(round__tournament=other, table=1)
    client.post(link(foreign), DONNE)
    assert foreign.donnes.count() == 1
    assert not DonneRecord.objects.filter(game__round__tournament=concours).exists()


def test_unknown_tokens_and_byes_have_no_page(client, concours):
    assert client.get("/table/pas-un-vrai-jeton/").status_code == 404
    bye = Game.objects.get(round__tournament=concours, team_ew__isnull=True)
    assert client.get(link(bye)).status_code == 404
    assert client.post(link(bye), DONNE).status_code == 404


def test_tokens_are_unguessable_and_distinct(concours, other):
    tokens = list(Game.objects.values_list("token", flat=True))
    assert len(set(tokens)) == len(tokens)
    assert all(len(token) >= 22 for token in tokens)  # 128 random bits


def test_a_closed_round_refuses_its_links_but_not_its_organiser(client, owner, concours):
    game = table(concours, 1)
    client.post(link(game), DONNE)
    services.round_close(round_=concours.rounds.get())
    page = client.get(link(game))
    assert page.status_code == 200 and "close" in page.content.decode()
    assert 'id="donne-form"' not in page.content.decode()
    assert client.post(link(game), DONNE).status_code == 403
    assert client.post(link(game, "preview/"), DONNE).status_code == 403
    assert game.donnes.count() == 1
    client.force_login(owner)
    client.post(reverse("tournament:game", args=[concours.slug, 1, 1]), DONNE)
    assert game.donnes.count() == 2


def test_closing_checked_again_inside_the_write(concours):
    game = table(concours, 1)
    services.round_close(round_=concours.rounds.get())
    with pytest.raises(UserError, match="close"):
        services.donne_record(game=game, number=None, open_only=True, donne=made())


def test_the_organiser_closes_and_reopens_a_round(client, owner, concours):
    client.force_login(owner)
    url = reverse("tournament:round", args=[concours.slug, 1])
    page = client.get(url).content.decode()
    assert link(table(concours, 1)) in page and link(table(concours, 2)) in page
    close = reverse("tournament:round_close", args=[concours.slug, 1])
    client.post(close, {"closed": "1"})
    assert concours.rounds.get().closed
    client.post(close, {"closed": "0"})
    assert not concours.rounds.get().closed
    assert list(AuditEntry.objects.filter(kind="round").values_list("action", flat=True)) == [
        "reopen", "close", "create"]


def test_closing_a_round_asks_first_and_says_what_it_does(client, owner, concours):
    """Issue 32: « Clore la partie » closed at once; now the partie's page links to a
    confirmation (no JavaScript) that says what closing does, and only its POST closes."""
    client.force_login(owner)
    close = reverse("tournament:round_close", args=[concours.slug, 1])
    page = client.get(reverse("tournament:round", args=[concours.slug, 1])).content.decode()
    assert f'href="{close}"' in page
    confirm = client.get(close)
    text = confirm.content.decode()
    assert confirm.status_code == 200 and not concours.rounds.get().closed
    assert "arrête les liens des tables" in text and "Rouvrir la partie" in text
    assert "Pas encore finies : tables 1 et 2." in text
    client.post(close, {"closed": "1"})
    assert concours.rounds.get().closed


def test_drawing_the_next_round_closes_the_last(concours):
    from tests.builders import play_to_the_end

    for game in Game.objects.filter(round__tournament=concours, team_ew__isnull=False):
        play_to_the_end(game)
    services.round_generate(tournament=concours)
    assert list(concours.rounds.values_list("closed", flat=True)) == [True, False]


def test_the_organiser_is_warned_when_links_would_point_at_this_laptop(client, owner,
                                                                        concours, settings):
    client.force_login(owner)
    url = reverse("tournament:round", args=[concours.slug, 1])
    assert "Servez l'application sur le réseau du club" in client.get(
        url, HTTP_HOST="127.0.0.1").content.decode()
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    page = client.get(url).content.decode()
    assert "Servez l'application" not in page and "http://192.168.1.20:8000/table/" in page


# --- A mêlée's players (urls_players) --------------------------------------------------------


@pytest.fixture
def melee_concours(owner):
    """Unpublished mêlée: players 1-5 drawn in partie 1, player 5 then withdrawn; player 6
    registered after the draw (no seat: deletable)."""
    from tests.builders import melee

    t = melee(owner=owner, players=5, slug="melee", published=False)
    services.round_generate(tournament=t, seed=5)
    services.player_withdraw(player=t.players.get(number=5))
    services.player_create(tournament=t, name="Joueur 6")
    return t


def _players_file() -> SimpleUploadedFile:
    return SimpleUploadedFile("joueurs.csv", b"Intrus;Ailleurs;\n")


class Page:
    """A page by its address's name and arguments: the route table below checks the names."""

    def __init__(self, name: str, *args: int) -> None:
        self.name, self.args = name, args

    def __call__(self, t) -> str:
        return reverse(self.name, args=[t.slug, *self.args])

    def __repr__(self) -> str:
        return self.name


MELEE_PUBLIC = [Page("tournament:players"), Page("tournament:player", 1)]
MELEE_ORGANISER_ONLY = [Page("tournament:player_withdraw", 1),
                        Page("tournament:player_delete", 6)]
MELEE_WRITES = [
    ("tournament:players", lambda t: [t.slug], lambda: {"name": "Intrus"}),
    ("tournament:players_import", lambda t: [t.slug], lambda: {"file": _players_file()}),
    ("tournament:player", lambda t: [t.slug, 1], lambda: {"name": "Piraté"}),
    ("tournament:player_withdraw", lambda t: [t.slug, 1], dict),
    ("tournament:player_return", lambda t: [t.slug, 5], dict),
    ("tournament:player_delete", lambda t: [t.slug, 6], dict),
]


def melee_state(t):
    return (list(t.players.values_list("number", "name", "active")),
            AuditEntry.objects.filter(tournament=t).count())


def test_every_address_of_the_players_is_in_the_tables_above():
    from tournament.urls import urls_players  # after the converters the patterns use

    named = {pattern.name for pattern in urls_players.urlpatterns}
    covered = {name for name, _args, _data in MELEE_WRITES} | {
        page.name for page in MELEE_PUBLIC + MELEE_ORGANISER_ONLY}
    assert named == {"players", "players_import", "players_import_confirm", "player",
                     "player_withdraw", "player_return", "player_delete"}
    # The import's confirmation needs a file kept aside: tests/register/test_file_matching.py.
    assert {f"tournament:{name}" for name in named - {"players_import_confirm"}} <= covered


@pytest.mark.once  # pages read the same way on both databases: make test only
@pytest.mark.parametrize("url", MELEE_PUBLIC + MELEE_ORGANISER_ONLY)
def test_the_organiser_opens_every_page_of_the_players(client, owner, melee_concours, other,
                                                       url):
    client.force_login(owner)
    response = client.get(url(melee_concours))
    assert response.status_code == 200
    assert no_secrets(response)


@pytest.mark.once  # pages read the same way on both databases: make test only
@pytest.mark.parametrize("url", MELEE_PUBLIC)
def test_the_published_players_are_open_to_everyone(client, melee_concours, other, url):
    services.tournament_publish(tournament=melee_concours, published=True)
    response = client.get(url(melee_concours))
    assert response.status_code == 200 and no_secrets(response)
    assert 'id="player-form"' not in response.content.decode()


@pytest.mark.parametrize(("name", "args", "data"), MELEE_WRITES)
def test_the_organiser_changes_the_players(client, owner, melee_concours, name, args, data):
    # The control of the role matrix's rows of the players (refused, these posts change
    # nothing there): the same posts, a real file among them, by the organiser change
    # something.
    client.force_login(owner)
    before = melee_state(melee_concours)
    response = client.post(reverse(name, args=args(melee_concours)), data())
    assert response.status_code == 302
    assert melee_state(melee_concours) != before


def test_the_menu_offers_the_lots_to_the_organiser_only(client, owner, concours):
    url = reverse("tournament:prizes", args=[concours.slug])
    page = reverse("tournament:standings", args=[concours.slug])
    assert f'href="{url}"' not in client.get(page).content.decode()
    client.force_login(owner)
    assert f'href="{url}"' in client.get(page).content.decode()
