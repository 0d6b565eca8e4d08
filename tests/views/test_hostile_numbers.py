"""Numbers as a hostile visitor types them: thousands of digits, beyond the database's integers,
in an address, a query string, a hidden field or a typed figure. Each is a 404 or a French
message, never a server error, and nothing is written."""

import pytest
from django import forms as django_forms
from django.urls import reverse

from tests.builders import drawn, made, tournament
from tests.forms.test_forms_text import rules_data
from tournament import services
from tournament.forms import DonneForm
from tournament.models import AuditEntry, DonneRecord, Game

pytestmark = pytest.mark.django_db

HUGE = "9" * 5000  # int() refuses more than 4,300 digits
TWENTY = "9" * 20  # beyond any integer column
BEYOND_BIGINT = str(2**63)
DONNE = {"taker": "NS", "contract": "80", "trump": "H", "coinche": "none",
         "taker_points": "100"}


@pytest.fixture
def concours(owner):
    """Round 1 drawn (two tables), one donne entered at table 1."""
    t = drawn(owner=owner)
    services.donne_record(game=game_of(t), number=None, donne=made())
    return t


def game_of(t) -> Game:
    return Game.objects.get(round__tournament=t, round__number=1, table=1)


def state(t):
    """Everything a number could change."""
    return (list(DonneRecord.objects.order_by("pk").values_list()),
            list(Game.objects.order_by("pk").values_list("team_ns", "team_ew", "score_ns",
                                                          "score_ew")),
            t.rounds.count(), AuditEntry.objects.count())


def game_url(t, suffix=""):
    return reverse("tournament:game", args=[t.slug, 1, 1]) + suffix


@pytest.mark.parametrize("number", [HUGE, BEYOND_BIGINT, TWENTY, "0"])
def test_editing_a_donne_numbered_beyond_any_column_is_not_found(client, owner, concours,
                                                                  number):
    client.force_login(owner)
    before = state(concours)
    assert client.get(game_url(concours, f"?edit={number}")).status_code == 404
    link = reverse("tournament:table_link", args=[game_of(concours).token])
    assert client.get(f"{link}?edit={number}").status_code == 404
    assert state(concours) == before


@pytest.mark.parametrize("number", [TWENTY, HUGE])
def test_deleting_a_donne_numbered_beyond_any_column_is_not_found(client, owner, concours,
                                                                   number):
    client.force_login(owner)
    before = state(concours)
    url = game_url(concours, f"donnes/{number}/delete/")
    assert client.post(url).status_code == 404
    assert state(concours) == before


@pytest.mark.parametrize("field", ["number", "position"])
@pytest.mark.parametrize("number", [TWENTY, HUGE, "0", "-1", "1.0"])
@pytest.mark.parametrize("fragment", [False, True])
def test_a_hidden_donne_number_that_is_not_one_is_refused_in_french(client, owner, concours,
                                                                    field, number, fragment):
    client.force_login(owner)
    before = state(concours)
    headers = {"X-Fragment": "1"} if fragment else {}
    response = client.post(game_url(concours), {**DONNE, field: number}, headers=headers)
    assert response.status_code == (422 if fragment else 200)
    assert "Numéro de donne invalide" in response.content.decode()
    assert state(concours) == before


@pytest.mark.parametrize("number", [TWENTY, HUGE])
def test_a_table_link_refuses_a_hidden_donne_number_that_is_not_one(client, concours, number):
    link = reverse("tournament:table_link", args=[game_of(concours).token])
    before = state(concours)
    response = client.post(link, {**DONNE, "number": number})
    assert response.status_code == 200 and "Numéro de donne invalide" in response.content.decode()
    preview = client.post(link + "preview/", {**DONNE, "number": number})
    assert preview.status_code == 422
    assert "Numéro de donne invalide" in preview.json()["errors"]["__all__"][0]
    assert state(concours) == before


@pytest.mark.parametrize("number", [HUGE, TWENTY, "32768"])
def test_a_swap_of_a_team_numbered_beyond_any_column_is_refused_in_french(client, owner, number):
    t = tournament(owner=owner, teams=4, slug="echange")
    services.round_generate(tournament=t, seed=5)
    client.force_login(owner)
    before = state(t)
    response = client.post(reverse("tournament:round", args=[t.slug, 1]),
                           {"team_a": "1", "team_b": number})
    assert response.status_code == 200
    errors = response.context["swap_form"].errors["team_b"]
    assert errors and all("Assurez-vous" in e or "nombre entier" in e for e in errors)
    assert state(t) == before


@pytest.mark.parametrize("seed", [BEYOND_BIGINT, str(10**18), HUGE])
def test_a_seed_beyond_the_database_is_refused_in_french(client, owner, seed):
    t = tournament(owner=owner, teams=4, slug="graine")
    client.force_login(owner)
    response = client.post(reverse("tournament:round_generate", args=[t.slug]), {"seed": seed},
                           follow=True)
    assert response.status_code == 200
    assert "La graine du tirage est un nombre entier de 18 chiffres" in response.content.decode()
    assert not t.rounds.exists()


def test_a_seed_as_large_as_the_draw_shows_can_be_typed_again(client, owner):
    # The draw picks seeds below 10**9: typing one back must give the same draw.
    t = tournament(owner=owner, teams=4, slug="graine")
    client.force_login(owner)
    client.post(reverse("tournament:round_generate", args=[t.slug]), {"seed": "987654321"})
    assert t.rounds.get().seed == 987654321


SMALL_NUMBER_PATHS = [
    "rounds/{n}/", "rounds/{n}/tables/1/", "rounds/1/tables/{n}/", "teams/{n}/",
    "rounds/{n}/sheets.pdf", "rounds/{n}/pairings.pdf", "rounds/1/tables/{n}/history/",
    "rounds/1/tables/1/donnes/{n}/delete/",
]
ADDRESSES = [(path, number) for path in SMALL_NUMBER_PATHS
             for number in ("99999999999999999999", "32768", HUGE)]
# A journal entry is a row id (any size a BigAutoField reaches), bounded at 18 digits.
ADDRESSES += [("journal/{n}/restore/", number) for number in ("9" * 19, TWENTY, HUGE)]


@pytest.mark.parametrize(("path", "number"), ADDRESSES)
def test_an_address_with_a_number_beyond_any_column_is_not_found(client, owner, concours, path,
                                                                 number):
    client.force_login(owner)
    before = state(concours)
    url = f"/t/{concours.slug}/" + path.format(n=number)
    assert client.get(url).status_code == 404
    assert client.post(url).status_code == 404
    assert state(concours) == before


def test_every_address_keeps_its_shape(concours):
    # Printed QR codes, score sheets and bookmarks point at these: the converters change none.
    entry = AuditEntry.objects.order_by("pk").last()
    assert reverse("tournament:round", args=["concours", 1]) == "/t/concours/rounds/1/"
    assert reverse("tournament:game", args=["concours", 1, 2]) == "/t/concours/rounds/1/tables/2/"
    assert reverse("tournament:donne_delete", args=["concours", 1, 2, 3]) == (
        "/t/concours/rounds/1/tables/2/donnes/3/delete/")
    assert reverse("tournament:team", args=["concours", 32767]) == "/t/concours/teams/32767/"
    assert reverse("tournament:restore", args=["concours", entry.pk]) == (
        f"/t/concours/journal/{entry.pk}/restore/")


def test_a_journal_entry_id_beyond_a_small_integer_still_resolves():
    from django.urls import resolve

    match = resolve("/t/concours/journal/123456789012/restore/")
    assert match.kwargs == {"slug": "concours", "entry": 123456789012}


@pytest.mark.parametrize("annonces", ["40000", str(10**20), "551", HUGE])
@pytest.mark.parametrize("side", ["annonces_ns", "annonces_ew"])
def test_annonces_above_four_carres_are_refused_by_the_form(client, owner, concours, annonces,
                                                            side):
    client.force_login(owner)
    before = state(concours)
    response = client.post(game_url(concours), {**DONNE, side: annonces})
    assert response.status_code == 200
    assert response.context["form"].errors[side]
    if len(annonces) < 100:  # a number, too big: the message says the bound
        assert "550 points d&#x27;annonces au plus" in response.content.decode()
    link = reverse("tournament:table_link", args=[game_of(concours).token])
    assert client.post(link, {**DONNE, side: annonces}).status_code == 200
    assert state(concours) == before


@pytest.mark.parametrize(("field", "value", "valid"), [
    ("annonces_ns", "550", True), ("annonces_ns", "551", False), ("annonces_ew", "-20", False),
    ("belote_ns", "1", True), ("belote_ns", "5", False), ("belote_ew", "-1", False),
    ("taker_points", "162", True), ("taker_points", "163", False),
    ("taker_points", "-1", False), ("version", TWENTY, False),
])
def test_the_donne_forms_bounds(concours, field, value, valid):
    form = DonneForm({**DONNE, field: value}, rules=concours.rules)
    form.is_valid()
    assert (field not in form.errors) is valid


# Django's IntegerField reads what int() reads: « 1_00 » was 100, Arabic-Indic « ٨٠ » 80 and
# « 80.0 » 80. A figure is plain digits, or refused (forms.fields.WholeNumberField).
NOT_PLAIN = ["1_00", "\u0668\u0660", "80.0", "8 0", "0x50", "²"]


@pytest.mark.parametrize("field", ["taker_points", "contract"])
@pytest.mark.parametrize("typed", NOT_PLAIN)
def test_a_donne_figure_not_in_plain_digits_is_refused_and_nothing_is_written(
        client, owner, concours, field, typed):
    client.force_login(owner)
    before = state(concours)
    response = client.post(game_url(concours), {**DONNE, field: typed},
                           headers={"X-Fragment": "1"})
    assert response.status_code == 422
    assert "Un nombre" in response.content.decode()
    assert state(concours) == before


@pytest.mark.parametrize("typed", NOT_PLAIN)
def test_every_whole_number_field_refuses_what_is_not_plain_digits(typed):
    from tournament.forms import TournamentRulesForm
    from tournament.forms.fields import WholeNumberField
    from tournament.forms.paper import PaperTotalsForm
    from tournament.views.countdown import ClockForm

    assert isinstance(TournamentRulesForm.base_fields["target"], WholeNumberField)
    assert not ClockForm({"minutes": typed}).is_valid()
    field = WholeNumberField(min_value=-5)
    assert (field.clean(" 42 "), field.clean("+7"), field.clean("-3")) == (42, 7, -3)
    with pytest.raises(django_forms.ValidationError):
        field.clean(typed)
    totals = PaperTotalsForm.base_fields["score_ns"]
    assert isinstance(totals, WholeNumberField)
    with pytest.raises(django_forms.ValidationError):
        totals.clean(typed)


def test_the_rules_target_typed_with_an_underscore_is_refused(client, owner):
    t = tournament(owner=owner, teams=4, slug="cible")
    client.force_login(owner)
    target = t.target
    response = client.post(reverse("tournament:rules", args=[t.slug]),
                           rules_data(t, target="2_000"))
    assert response.status_code in (200, 400, 422)
    assert "target" in response.context["form"].errors
    t.refresh_from_db()
    assert t.target == target


@pytest.mark.parametrize("closed", ["abc", "", "2", None])
def test_closing_a_partie_with_neither_close_nor_reopen_changes_nothing(client, owner, concours,
                                                                       closed):
    client.force_login(owner)
    before = state(concours)
    data = {} if closed is None else {"closed": closed}
    response = client.post(reverse("tournament:round_close", args=[concours.slug, 1]), data,
                           follow=True)
    assert "Ni « clore » ni « rouvrir »" in response.content.decode()
    assert not concours.rounds.get(number=1).closed and state(concours) == before


def test_a_forfeit_of_a_side_the_page_does_not_offer_is_said(client, owner, concours):
    client.force_login(owner)
    before = state(concours)
    response = client.post(game_url(concours, "forfeit/"), {"side": "XX"}, follow=True)
    assert "XX" in response.content.decode() and "choix valide" in response.content.decode()
    assert state(concours) == before and game_of(concours).forfeit == ""
