"""The text and the numbers of the tournament and team forms: names normalised to NFC,
control and invisible characters refused, the address checked or made from the name, and the
rules' numbers bounded, each refusal in French under its field."""

import dataclasses
import html
import unicodedata

import pytest
from django.urls import reverse

from tests.builders import criteria_post, tournament
from tournament.forms import PlayerForm, TeamForm, TournamentCreateForm, TournamentRulesForm
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

NFD_NAME = unicodedata.normalize("NFD", "Fête à Sète")
assert NFD_NAME != "Fête à Sète"


def create_form(**changes) -> TournamentCreateForm:
    data = {"name": "Coinche de Noël", "slug": "noel", "date": "2026-12-20",
            "place": "Salle des fêtes", "preset": "ffb-coinche", **changes}
    return TournamentCreateForm(data)


def page_text(response) -> str:
    return html.unescape(response.content.decode())


# --- Creating a tournament: the address ------------------------------------------------------


@pytest.mark.parametrize("slug", ["new", "nouveau", "admin", "table"])
def test_a_route_word_is_refused_as_an_address(slug):
    form = create_form(slug=slug)
    assert not form.is_valid()
    assert form.errors["slug"] == [f"Adresse : « {slug} » est réservée, choisissez-en une autre."]


@pytest.mark.parametrize("slug", ["Noel", "noël", "a b", "a--b", "-a", "x" * 61])
def test_an_address_of_other_characters_is_refused_in_french(slug):
    form = create_form(slug=slug)
    assert not form.is_valid()
    assert "des lettres minuscules sans accent" in form.errors["slug"][0]


def test_the_address_new_is_refused_on_the_page_and_nothing_is_created(client, owner):
    client.force_login(owner)
    response = client.post(reverse("tournament:create"), {
        "name": "Nouveau", "slug": "new", "date": "2026-12-20", "preset": "ffb-coinche"})
    assert response.status_code == 422
    assert "« new » est réservée" in response.context["form"].errors["slug"][0]
    assert not Tournament.objects.exists()


def test_an_address_left_empty_is_made_from_the_name(client, owner):
    form = create_form(name="Fête du village", slug="")
    assert form.is_valid(), form.errors
    assert form.cleaned_data["slug"] == "fete-du-village"
    client.force_login(owner)
    response = client.post(reverse("tournament:create"), {
        "name": "Fête du village", "slug": "", "date": "2026-07-14", "preset": "ffb-coinche"})
    assert response.status_code == 302
    assert Tournament.objects.get().slug == "fete-du-village"


def test_an_address_made_from_a_name_already_used_takes_the_next_free_number(owner):
    tournament(owner=owner, slug="fete-du-village")
    tournament(owner=owner, slug="fete-du-village-2")
    form = create_form(name="Fête du village", slug="")
    assert form.is_valid(), form.errors
    assert form.cleaned_data["slug"] == "fete-du-village-3"


def test_an_address_made_from_a_route_word_is_not_that_word():
    form = create_form(name="New", slug="")
    assert form.is_valid(), form.errors
    assert form.cleaned_data["slug"] not in {"new", ""}


def test_an_address_already_taken_is_reported_under_the_address(client, owner):
    tournament(owner=owner, slug="noel")
    client.force_login(owner)
    response = client.post(reverse("tournament:create"), {
        "name": "Coinche de Noël", "slug": "noel", "date": "2026-12-20",
        "preset": "ffb-coinche"})
    form = response.context["form"]
    assert response.status_code == 422 and "déjà prise" in form.errors["slug"][0]
    assert "name" not in form.errors and Tournament.objects.count() == 1


# --- Creating a tournament: name and place ---------------------------------------------------


def test_a_tournament_name_and_place_are_stored_in_nfc():
    form = create_form(name=f"  {NFD_NAME}  ", place=NFD_NAME)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["name"] == form.cleaned_data["place"] == "Fête à Sète"


@pytest.mark.parametrize(("value", "words"), [
    ("\u200b", "caractère invisible ou de contrôle refusé (U+200B)"),
    ("Coinche\u200bde Noël", "(U+200B)"),
    ("Coinche\x00", "caractère nul"),  # Django's own check, before clean_text, in French
    ("Coinche\x1b[31m", "(U+001B)"),
    ("Coinche\u202e", "(U+202E)"),
    ("x" * 201, "200 caractères au plus (il y en a 201)"),
    # A tab or a line feed inside is refused, not folded into a space (Django strips the ends).
    ("Coinche\tde Noël", "(U+0009)"),
    ("Coinche\nde Noël", "(U+000A)"),
    ("Coinche\u2028de Noël", "(U+2028)"),
    # Blank look-alikes and a lone combining mark are no name.
    ("\u3164", "(U+3164)"),
    ("\u2800 \u2800", "(U+2800)"),
    ("\u0301", "aucun caractère visible"),
])
def test_a_tournament_name_with_invisible_or_control_characters_is_refused(value, words):
    form = create_form(name=value)
    assert not form.is_valid()
    assert words in " ".join(form.errors["name"]), form.errors
    form = create_form(place=value)
    assert not form.is_valid()
    assert words in " ".join(form.errors["place"]), form.errors


def test_a_name_of_200_characters_decomposed_is_200_characters():
    form = create_form(name=unicodedata.normalize("NFD", "é" * 200))
    assert form.is_valid(), form.errors
    assert form.cleaned_data["name"] == "é" * 200


def test_the_place_may_stay_empty():
    form = create_form(place="")
    assert form.is_valid(), form.errors
    assert form.cleaned_data["place"] == ""


# --- The rules form ----------------------------------------------------------------------------


def rules_data(concours: Tournament, **changes) -> dict:
    """What the rules page posts for `concours` unchanged, with `changes`."""
    form = TournamentRulesForm(tournament=concours)
    data = {key: value for key, value in form.initial.items()
            if value is not None and value is not False}
    data.pop("criteria", None)
    data.update({"date": concours.date.isoformat(), **criteria_post(*concours.criteria)})
    data.update(changes)
    return data


@pytest.fixture
def concours(owner):
    return tournament(owner=owner, slug="concours", teams=4)


@pytest.mark.parametrize(("field", "low", "high"), [
    ("max_donnes", 1, 64),
    ("target", 100, 10_000),
    ("parties_planned", 1, 30),
    ("bye_points", 0, 10_000),
    ("forfeit_points", 0, 10_000),
])
def test_the_rules_numbers_are_bounded_with_french_messages(concours, field, low, high):
    for value in (low, high):
        form = TournamentRulesForm(rules_data(concours, **{field: value}), tournament=concours)
        assert form.is_valid(), form.errors
        assert form.cleaned_data[field] == value
    form = TournamentRulesForm(rules_data(concours, **{field: low - 1}), tournament=concours)
    assert not form.is_valid()
    assert form.errors[field] == [
        f"Assurez-vous que cette valeur est supérieure ou égale à {low}."]
    form = TournamentRulesForm(rules_data(concours, **{field: high + 1}), tournament=concours)
    assert not form.is_valid()
    assert form.errors[field] == [
        f"Assurez-vous que cette valeur est inférieure ou égale à {high}."]


def test_a_partie_of_3000_donnes_is_refused_on_the_rules_page(client, owner, concours):
    client.force_login(owner)
    url = reverse("tournament:rules", args=[concours.slug])
    response = client.post(url, rules_data(concours, max_donnes=3000))
    assert response.status_code == 200
    assert "inférieure ou égale à 64" in page_text(response)
    concours.refresh_from_db()
    assert concours.max_donnes is None


def test_the_rules_page_stores_a_name_in_nfc_and_refuses_an_invisible_one(
        client, owner, concours):
    client.force_login(owner)
    url = reverse("tournament:rules", args=[concours.slug])
    response = client.post(url, rules_data(concours, name="\u200b\u200b"))
    assert response.status_code == 200 and "(U+200B)" in page_text(response)
    response = client.post(url, rules_data(concours, name=NFD_NAME, place=NFD_NAME))
    assert response.status_code == 302
    concours.refresh_from_db()
    assert concours.name == concours.place == "Fête à Sète"


def test_the_rules_form_still_refuses_unknown_criteria(concours):
    form = TournamentRulesForm(rules_data(concours, **criteria_post("wins", "chance")),
                               tournament=concours)
    assert not form.is_valid() and "Sélectionnez un choix valide" in str(form.errors["criteria"])
    form = TournamentRulesForm(rules_data(concours, **criteria_post("wins", "wins")),
                               tournament=concours)
    assert not form.is_valid()
    assert "Au moins un critère, chacun une seule fois." in form.errors["criteria"]
    form = TournamentRulesForm(rules_data(concours, **criteria_post("", "", "")),
                               tournament=concours)
    assert not form.is_valid() and "criteria" in form.errors


def test_the_rules_form_builds_the_rule_set_and_shows_scorings_refusal_on_its_field(concours):
    form = TournamentRulesForm(rules_data(concours, counting="demandes", annonces="on"),
                               tournament=concours)
    assert not form.is_valid()
    assert form.errors["annonces"] == [
        "Au décompte des seuls points demandés, les annonces ne comptent pas : désactivez les "
        "annonces."]
    form = TournamentRulesForm(rules_data(concours, target="", max_donnes=12),
                               tournament=concours)
    assert form.is_valid(), form.errors
    settings = form.settings()
    assert settings.rules == dataclasses.replace(concours.rules, target=None, max_donnes=12)
    assert (settings.name, settings.criteria) == (concours.name, list(concours.criteria))


# --- The team form ----------------------------------------------------------------------------


def team_form(**changes) -> TeamForm:
    return TeamForm({"name": "Les As", "player1": "Ana", "player2": "Bob", "club": "Metz",
                     **changes})


def test_a_team_is_stored_in_nfc():
    form = team_form(name=NFD_NAME, player1=NFD_NAME, player2=f" {NFD_NAME} ", club=NFD_NAME)
    assert form.is_valid(), form.errors
    texts = {value for field, value in form.cleaned_data.items()
             if not field.startswith("registered")}  # the register's hidden choices: None
    assert texts == {"Fête à Sète"}


@pytest.mark.parametrize("field", ["name", "player1", "player2", "club"])
@pytest.mark.parametrize(("value", "words"), [
    ("\u200b", "(U+200B)"),
    ("Les\u200bAs", "(U+200B)"),
    ("Les\x07As", "(U+0007)"),
    ("Les\tAs", "(U+0009)"),
    ("Les\x1fAs", "(U+001F)"),
    ("Les\x85As", "(U+0085)"),
    ("\u3164", "(U+3164)"),
    ("\uffa0", "(U+FFA0)"),
    ("\u115f\u1160", "(U+115F)"),
    ("\u2800", "(U+2800)"),
    ("Les\u3164As", "(U+3164)"),
    ("\u0301", "aucun caractère visible"),
    (" \u0301 \u0308 ", "aucun caractère visible"),
    ("x" * 121, "120 caractères au plus (il y en a 121)"),
    ("x" * 5000, "120 caractères au plus (il y en a 5000)"),
])
def test_a_team_text_with_invisible_or_control_characters_or_too_long_is_refused(
        field, value, words):
    form = team_form(**{field: value})
    assert not form.is_valid()
    assert words in " ".join(form.errors[field]), form.errors


@pytest.mark.parametrize("name", [
    "Cœur d'Atout", "Les Ânes", "L'Équipe 🂡", "Æ", "李小龍", "김민준", "Zoë & Chloé",
    "❤\ufe0f Les Cœurs", "٣ أصدقاء", "!",
])
def test_a_real_team_name_with_accents_emoji_or_another_script_is_kept(name):
    form = team_form(name=name, club=name)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["name"] == form.cleaned_data["club"] == name


def test_invisible_team_names_are_not_registered_on_the_team_page(client, owner, concours):
    client.force_login(owner)
    url = reverse("tournament:teams", args=[concours.slug])
    before = concours.teams.count()
    for name in ("\u3164", "\u2800", "\uffa0", "\u115f", "\u1160", "\u0301",
                 "\u3164 \u3164", " \u2800 \u0301 "):
        response = client.post(url, {"name": name, "player1": "Ana", "player2": "Bob"})
        assert response.status_code == 422, repr(name)
        text = page_text(response)
        assert ("Équipe : caractère invisible" in text
                or "Équipe : aucun caractère visible" in text), repr(name)
    assert concours.teams.count() == before


def test_a_team_name_of_120_characters_decomposed_is_accepted():
    form = team_form(name=unicodedata.normalize("NFD", "É" * 120))
    assert form.is_valid(), form.errors
    assert form.cleaned_data["name"] == "É" * 120


def test_a_team_name_decomposed_or_with_a_zero_width_space_is_not_a_second_team(
        client, owner, concours):
    client.force_login(owner)
    url = reverse("tournament:teams", args=[concours.slug])
    assert client.post(url, {"name": "Les Éclairs", "player1": "Ana",
                             "player2": "Bob"}).status_code == 302
    response = client.post(url, {"name": "Les E\u0301clairs", "player1": "Carl",
                                 "player2": "Dan"})
    assert response.status_code == 422 and "déjà inscrite" in page_text(response)
    response = client.post(url, {"name": "Les\u200bÉclairs", "player1": "Carl",
                                 "player2": "Dan"})
    assert response.status_code == 422 and "(U+200B)" in page_text(response)
    # Full-width letters (NFKC) look the same: the same team too.
    response = client.post(url, {"name": "Ｌｅｓ Éclairs", "player1": "Carl",
                                 "player2": "Dan"})
    assert response.status_code == 422 and "déjà inscrite" in page_text(response)
    assert list(concours.teams.filter(name__contains="clairs").values_list(
        "name", flat=True)) == ["Les Éclairs"]


def test_a_team_renamed_on_its_page_is_stored_in_nfc(client, owner, concours):
    client.force_login(owner)
    team = concours.teams.get(number=1)
    url = reverse("tournament:team", args=[concours.slug, 1])
    response = client.post(url, {"name": NFD_NAME, "player1": team.player1,
                                 "player2": team.player2, "club": ""})
    assert response.status_code == 302
    team.refresh_from_db()
    assert team.name == "Fête à Sète"


# --- A mêlée's player form, and a doublette's licences --------------------------------------


def player_form(**changes) -> PlayerForm:
    return PlayerForm({"name": "Ana Lys", "club": "Metz", "licence": "", **changes})


def test_a_player_is_stored_in_nfc_club_and_licence_optional():
    form = player_form(name=NFD_NAME, club="", licence=f" {NFD_NAME} ")
    assert form.is_valid(), form.errors
    assert form.cleaned_data == {"name": "Fête à Sète", "club": "", "licence": "Fête à Sète",
                                 "registered": None}


@pytest.mark.parametrize(("field", "value", "words"), [
    ("name", "", "Ce champ est obligatoire."),
    ("name", "\u3164", "Joueur : caractère invisible ou de contrôle refusé (U+3164)"),
    ("name", "x" * 121, "120 caractères au plus (il y en a 121)"),
    ("club", "Les\tAs", "Club : caractère invisible ou de contrôle refusé (U+0009)"),
    ("licence", "\u200b", "Licence : caractère invisible"),
    ("licence", "1" * 31, "Licence : 30 caractères au plus (il y en a 31)"),
])
def test_a_player_text_is_refused_in_french_under_its_field(field, value, words):
    form = player_form(**{field: value})
    assert not form.is_valid()
    assert words in " ".join(form.errors[field]), form.errors


def test_the_team_page_takes_each_players_licence(client, owner, concours):
    client.force_login(owner)
    team = concours.teams.get(number=1)
    url = reverse("tournament:team", args=[concours.slug, 1])
    page = client.get(url).content.decode()
    assert 'name="licence1"' in page and 'name="licence2"' in page
    post = {"name": team.name, "player1": team.player1, "player2": team.player2, "club": ""}
    response = client.post(url, {**post, "licence1": "\u200b", "licence2": ""})
    assert "Licence du joueur 1 : caractère invisible" in page_text(response)
    assert client.post(url, {**post, "licence1": NFD_NAME, "licence2": "B-2"}).status_code == 302
    team.refresh_from_db()
    assert (team.first.licence, team.second.licence) == ("Fête à Sète", "B-2")
    page = page_text(client.get(url))
    assert "licence Fête à Sète" in page and "licence B-2" in page
    # The registration form stays as it was: four fields, Enter after the second player.
    assert "licence1" not in TeamForm().fields


def test_the_team_forms_fields_follow_the_keyboard_path():
    # Name, Tab, player 1, Tab, player 2 (Tab, club), as the page says: a form listing the
    # club second made the browser test's second team lose its players.
    assert [field.name for field in TeamForm().visible_fields()] == [
        "name", "player1", "player2", "club"]
    # The register players chosen in the type-ahead travel hidden, after them.
    assert [field.name for field in TeamForm().hidden_fields()] == ["registered1", "registered2"]
    from tournament.forms import TeamEditForm

    assert [field.name for field in TeamEditForm().visible_fields()] == [
        "name", "player1", "player2", "club", "licence1", "licence2"]
    # The team's page has the type-ahead too: a player corrected is linked again.
    assert [field.name for field in TeamEditForm().hidden_fields()] == [
        "registered1", "registered2"]
