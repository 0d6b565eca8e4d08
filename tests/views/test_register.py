"""The register's pages and the type-ahead, for every role: the club's responsable,
organisateur and table de marque, a member of another club, an anonymous visitor."""

import html

import pytest
from django.urls import reverse

from tests.builders import organiser, play_partie, tournament
from tests.views.test_roles import text_of
from tournament import services
from tournament.choices import ROLE_MARQUE, ROLE_ORGANISATEUR
from tournament.models import ClubPlayer, Membership, RegisterEntry, Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner():
    return organiser("presidente")


@pytest.fixture
def club(owner):
    return services.club_of_organiser(owner)


@pytest.fixture
def accounts(owner, club):
    """Each role's account: the club's three roles, and the responsable of another club."""
    orga, marque, stranger = organiser("orga"), organiser("marque"), organiser("voisin")
    Membership.objects.create(club=club, user=orga, role=ROLE_ORGANISATEUR)
    Membership.objects.create(club=club, user=marque, role=ROLE_MARQUE)
    services.club_of_organiser(stranger)
    return {"responsable": owner, "organisateur": orga, "marque": marque, "stranger": stranger,
            "anonymous": None}


@pytest.fixture
def helene(club):
    return services.club_player_create(club=club, name="Dupré", first_name="Hélène",
                                       licence="AB12", home_club="Metz")


def as_role(client, accounts, role):
    if accounts[role] is not None:
        client.force_login(accounts[role])
    return client


def refused(response, role) -> bool:
    """Refused as the role should be: a 404 for an outsider (the club does not exist for
    them), the login for an anonymous visitor, a 403 for a member whose role may not."""
    if role == "anonymous":
        return response.status_code == 302 and response["Location"].startswith(
            reverse("login"))
    return response.status_code == (404 if role == "stranger" else 403)


def register_url(club, *rest) -> str:
    return reverse("tournament:club_register", args=[club.slug]) + "".join(rest)


# --- Reading --------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ["responsable", "organisateur", "marque", "stranger",
                                  "anonymous"])
def test_every_member_reads_the_register_and_a_players_page_nobody_else(
        client, accounts, club, helene, role):
    as_role(client, accounts, role)
    for url in (register_url(club),
                reverse("tournament:club_player", args=[club.slug, helene.pk])):
        response = client.get(url)
        if role in ("stranger", "anonymous"):
            assert response.status_code == 404 if role == "stranger" else refused(response, role)
            assert "Dupré" not in response.content.decode()
        else:
            assert response.status_code == 200
            assert "Hélène" in text_of(response)


def test_the_register_filters_as_one_types(client, accounts, club, helene):
    services.club_player_create(club=club, name="Martin", first_name="Paul")
    client.force_login(accounts["marque"])
    page = client.get(register_url(club, "?q=DUPRE"), headers={"HX-Request": "true"})
    text = page.content.decode()
    assert "Dupré" in text and "Martin" not in text
    assert "<html" not in text  # the table alone
    assert "Martin" in client.get(register_url(club)).content.decode()


def test_the_register_names_a_player_first_name_first_as_the_teams_list_does(
        client, accounts, club, owner):
    """Issue 32: the teams' list said « Paul Durand », the register « Durand Paul ». Both say
    « Prénom Nom », as every page, sheet and export of the concours names an entrant."""
    durand = services.club_player_create(club=club, name="Durand", first_name="Paul",
                                         licence="L1002")
    t = tournament(owner=owner)
    services.team_create(tournament=t, name="Les As", player1="Paul Durand",
                         player2="Jean Martin", registered1=durand.pk)
    client.force_login(owner)
    for url in (register_url(club), reverse("tournament:teams", args=[t.slug])):
        text = text_of(client.get(url))
        assert "Paul Durand" in text and "Durand Paul" not in text
    # Sorted as it reads: « Zoé Arnaud » after « Marcel Roux », first name apart or not.
    services.club_player_create(club=club, name="Arnaud", first_name="Zoé")
    services.club_player_create(club=club, name="Marcel Roux")
    text = text_of(client.get(register_url(club)))
    assert text.index("Marcel Roux") < text.index("Paul Durand") < text.index("Zoé Arnaud")


def test_no_merge_is_offered_until_the_register_holds_two_players(client, owner, club):
    """Issue 32: the merge button (and its column of boxes) showed on an empty register."""
    client.force_login(owner)
    merge = reverse("tournament:club_player_merge", args=[club.slug])
    assert merge not in client.get(register_url(club)).content.decode()
    services.club_player_create(club=club, name="Durand", first_name="Paul")
    assert merge not in client.get(register_url(club)).content.decode()
    services.club_player_create(club=club, name="Martin", first_name="Jean")
    body = client.get(register_url(club)).content.decode()
    assert merge in body and 'name="pick"' in body


def test_a_player_of_another_club_is_not_found_under_this_one(client, accounts, club):
    other = services.club_of_organiser(accounts["stranger"])
    secret = services.club_player_create(club=other, name="Secret")
    client.force_login(accounts["responsable"])
    url = reverse("tournament:club_player", args=[club.slug, secret.pk])
    assert client.get(url).status_code == 404


# --- Writing, by role ---------------------------------------------------------------------


@pytest.mark.parametrize("role", ["responsable", "organisateur", "marque", "stranger",
                                  "anonymous"])
def test_the_responsable_and_organisateurs_add_and_correct(client, accounts, club, helene,
                                                             role):
    as_role(client, accounts, role)
    add = client.post(reverse("tournament:club_player_add", args=[club.slug]),
                      {"name": "Martin", "first_name": "Paul", "licence": "",
                       "home_club": ""})
    edit = client.post(reverse("tournament:club_player_edit", args=[club.slug, helene.pk]),
                       {"name": "Dupré", "first_name": "Hélène", "licence": "AB13",
                        "home_club": "Metz"})
    helene.refresh_from_db()
    if role in ("responsable", "organisateur"):
        assert add.status_code == edit.status_code == 302
        assert ClubPlayer.objects.filter(name="Martin").exists() and helene.licence == "AB13"
    else:
        assert refused(add, role) and refused(edit, role)
        assert not ClubPlayer.objects.filter(name="Martin").exists()
        assert helene.licence == "AB12"


def test_a_refused_addition_says_why_beside_the_field(client, accounts, club, helene):
    client.force_login(accounts["organisateur"])
    response = client.post(reverse("tournament:club_player_add", args=[club.slug]),
                           {"name": "Autre", "licence": "ab 12"})
    assert response.status_code == 422
    assert "La licence ab 12 est déjà celle de Hélène Dupré" in text_of(response)
    assert ClubPlayer.objects.count() == 1


@pytest.mark.parametrize("role", ["responsable", "organisateur", "marque", "stranger",
                                  "anonymous"])
def test_only_the_responsable_merges_and_undoes(client, accounts, club, helene, role):
    double = services.club_player_create(club=club, name="Dupré H.")
    as_role(client, accounts, role)
    url = reverse("tournament:club_player_merge", args=[club.slug])
    page = client.get(url, {"pick": [helene.pk, double.pk]})
    merged = client.post(url, {"kept": helene.pk, "pick": [helene.pk, double.pk]})
    if role != "responsable":
        assert refused(page, role) and refused(merged, role)
        assert ClubPlayer.objects.count() == 2
        return
    assert page.status_code == 200 and "Dupré H." in text_of(page)
    assert merged.status_code == 302
    assert list(ClubPlayer.objects.all()) == [helene]
    entry = RegisterEntry.objects.get(action="merge")
    register = client.get(register_url(club))
    assert "Annuler la fusion" in text_of(register)
    undo = client.post(reverse("tournament:club_merge_undo", args=[club.slug, entry.pk]))
    assert undo.status_code == 302 and ClubPlayer.objects.count() == 2


def test_an_organisateur_cannot_undo_a_merge(client, accounts, club, helene):
    double = services.club_player_create(club=club, name="Dupré H.")
    entry = services.club_player_merge(kept=helene, duplicate=double)
    client.force_login(accounts["organisateur"])
    response = client.post(reverse("tournament:club_merge_undo", args=[club.slug, entry.pk]))
    assert response.status_code == 403 and ClubPlayer.objects.count() == 1


@pytest.mark.parametrize("role", ["responsable", "organisateur", "marque", "stranger",
                                  "anonymous"])
def test_only_the_responsable_anonymises_once_confirmed(client, accounts, club, helene, role):
    as_role(client, accounts, role)
    url = reverse("tournament:club_player_anonymise", args=[club.slug, helene.pk])
    page = client.get(url)
    unconfirmed = client.post(url, {})
    if role != "responsable":
        assert refused(page, role) and refused(unconfirmed, role)
    else:
        assert page.status_code == 200 and "définitif" in text_of(page)
        assert unconfirmed.status_code == 422 and "Cochez la confirmation" in text_of(
            unconfirmed)
    helene.refresh_from_db()
    assert not helene.anonymised
    confirmed = client.post(url, {"confirm": "on"})
    helene.refresh_from_db()
    assert helene.anonymised == (role == "responsable")
    if role == "responsable":
        assert confirmed.status_code == 302


def test_an_anonymised_player_leaves_no_trace_in_pages_and_documents(client, owner, club):
    t = tournament(owner=owner, teams=3, slug="vendredi")
    team = services.team_create(tournament=t, name="Les Dupré", player1="Hélène Dupré",
                                player2="Paul Martin", club="Metz", licence1="AB12")
    services.round_generate(tournament=t, seed=3)
    play_partie(t.rounds.get())
    client.force_login(owner)
    # Rendered once before: a document kept from before must not be served again.
    assert "Dupré" in text_of(client.get(reverse("tournament:standings_pdf", args=[t.slug])))
    services.club_player_anonymise(player=team.first.registered)
    for name in ("teams", "standings", "standings_pdf", "standings_xlsx", "journal",
                 "detail"):
        text = text_of(client.get(reverse(f"tournament:{name}", args=[t.slug])))
        assert "Dupré" not in text and "AB12" not in text, name
        assert f"Joueur n° {team.first.registered_id}" in text or name in ("journal",
                                                                           "detail"), name
    page = client.get(reverse("tournament:club_player", args=[club.slug,
                                                              team.first.registered_id]))
    assert "Dupré" not in text_of(page) and "Paul Martin" in text_of(page)


# --- The type-ahead ---------------------------------------------------------------------------


def suggest(client, t, field="player1", typed="dup"):
    return client.get(reverse("tournament:register_suggestions", args=[t.slug]),
                      {"for": field, field: typed})


@pytest.mark.parametrize("role", ["responsable", "organisateur", "marque", "stranger",
                                  "anonymous"])
def test_the_type_ahead_serves_the_clubs_members_only(client, accounts, owner, helene, role):
    t = tournament(owner=owner, published=True)
    as_role(client, accounts, role)
    response = suggest(client, t)
    if role in ("stranger", "anonymous"):
        assert response.status_code == 404  # never the login page inside the list
        assert "Dupré" not in response.content.decode()
    else:
        assert response.status_code == 200
        assert f'data-id="{helene.pk}"' in response.content.decode()


def test_the_type_ahead_suggests_by_name_or_licence_accents_and_case_aside(
        client, owner, club, helene):
    for number in range(12):
        services.club_player_create(club=club, name=f"Dupont {number:02d}")
    t = tournament(owner=owner)
    client.force_login(owner)
    text = suggest(client, t, typed="DUPRE").content.decode()
    assert 'data-name="Hélène Dupré"' in text and 'data-licence="AB12"' in text
    assert 'data-club="Metz"' in text and "Dupont" not in text
    assert 'data-name="Hélène Dupré"' in suggest(client, t, "name", "ab 1").content.decode()
    assert suggest(client, t, typed="dup").content.decode().count("<li") == 10
    assert suggest(client, t, typed="zzz").content.decode().strip() == ""


def test_a_player_already_entered_is_shown_not_offered(client, owner, helene):
    t = tournament(owner=owner)
    services.team_create(tournament=t, name="A", player1="Hélène Dupré", player2="X",
                         registered1=helene.pk)
    client.force_login(owner)
    text = suggest(client, t, "player2").content.decode()
    assert 'aria-disabled="true"' in text and "data-id" not in text and "déjà inscrit" in text


def test_a_name_the_register_has_is_offered_as_a_new_player_too(client, owner, club):
    """The desk is asked about a namesake of another club (services.entrant_registered):
    the type-ahead offers « Nouveau joueur » beside the register's players of that name,
    which the form posts as « new »."""
    services.club_player_create(club=club, name="Castel", first_name="Mireille",
                                home_club="Metz")
    t = tournament(owner=owner)
    client.force_login(owner)
    text = suggest(client, t, typed="castel mireille").content.decode()
    assert 'data-id="new" data-name="castel mireille"' in text and "Nouveau joueur" in text
    assert "Nouveau joueur" not in suggest(client, t, typed="cast").content.decode()
    response = client.post(reverse("tournament:teams", args=[t.slug]), {
        "name": "Les As", "player1": "Mireille Castel", "player2": "Paul Roy",
        "club": "Nancy", "registered1": "new", "registered2": ""})
    assert response.status_code == 302
    castels = ClubPlayer.objects.filter(key__in=["castel mireille", "mireille castel"])
    assert [p.home_club for p in castels.order_by("pk")] == ["Metz", "Nancy"]


def test_a_name_with_markup_is_shown_as_text(client, owner, club):
    services.club_player_create(club=club, name='<b onclick="x">Dupré</b>')
    t = tournament(owner=owner)
    client.force_login(owner)
    text = suggest(client, t, typed="<b").content.decode()
    assert "<b " not in text and "&lt;b onclick=&quot;x&quot;&gt;Dupré&lt;/b&gt;" in text


def test_the_teams_page_offers_the_type_ahead_and_links_the_player_chosen(
        client, owner, helene):
    t = tournament(owner=owner)
    client.force_login(owner)
    url = reverse("tournament:teams", args=[t.slug])
    page = client.get(url).content.decode()
    suggestions = reverse("tournament:register_suggestions", args=[t.slug])
    assert f'hx-get="{suggestions}"' in page and 'data-register="registered1"' in page
    assert 'type="hidden" name="registered2"' in page and "register.js" in page
    response = client.post(url, {"name": "Les As", "player1": "Hélène Dupré",
                                 "player2": "Paul Martin", "club": "Metz",
                                 "registered1": str(helene.pk), "registered2": ""})
    assert response.status_code == 302
    team = Team.objects.get(tournament=t)
    assert team.first.registered == helene and team.first.licence == "AB12"
    assert team.second.registered.full_name == "Paul Martin"


def test_a_forged_register_id_is_matched_by_name_instead(client, owner, helene):
    t = tournament(owner=owner, format="melee")
    client.force_login(owner)
    url = reverse("tournament:players", args=[t.slug])
    assert 'data-register="registered"' in client.get(url).content.decode()
    response = client.post(url, {"name": "Hélène Dupré", "club": "Metz", "licence": "",
                                 "registered": "9" * 40})
    assert response.status_code == 302
    assert t.players.get().registered == helene  # found by name and club


def test_a_player_added_twice_is_said_and_namesakes_are_told_apart(client, owner, club):
    """Two identical « Jean Martin — Gémenos » were added without a word, then offered as
    two identical lines to the type-ahead and the import's choice."""
    client.force_login(owner)
    add = reverse("tournament:club_player_add", args=[club.slug])
    data = {"name": "Martin", "first_name": "Jean", "licence": "", "home_club": "Gémenos"}
    first = text_of(client.post(add, data, follow=True))
    assert "Fiche ajoutée au registre" in first and "déjà un joueur de ce nom" not in first
    second = text_of(client.post(add, data, follow=True))
    older, newer = ClubPlayer.objects.filter(club=club).order_by("pk")
    assert f"déjà un joueur de ce nom et de ce club (fiche n° {older.pk})" in second
    assert ClubPlayer.objects.filter(club=club).count() == 2  # said, not refused
    t = tournament(owner=owner, slug="vendredi")
    services.team_create(tournament=t, name="Les As", player1="Jean Martin",
                         player2="Paul Roux", club="Gémenos", registered1=older.pk)
    other = tournament(owner=owner, slug="samedi")
    suggestions = text_of(client.get(
        reverse("tournament:register_suggestions", args=[other.slug]),
        {"for": "player1", "player1": "martin"}))
    assert "1 concours" in suggestions and "0 concours" in suggestions
    from tournament.forms.matching import candidate_label
    from tournament.register_match import Incoming
    from tournament.selectors import register_ambiguities

    [ambiguity] = register_ambiguities(club, [Incoming("Jean Martin", club="Gémenos")])
    labels = [candidate_label(entry) for entry in ambiguity.candidates]
    assert labels[0].endswith(f"1 concours joué, fiche n° {older.pk})")
    assert labels[1].endswith(f"0 concours joué, fiche n° {newer.pk})")  # French: 0 is one


def test_the_namesake_warning_finds_a_player_registered_at_a_concours(client, owner, club):
    """Registered at a concours, a player is « Henri Lebrun » in one field; added here, it is
    « Lebrun » and « Henri »: the same key in the other order."""
    t = tournament(owner=owner, slug="vendredi")
    team = services.team_create(tournament=t, name="Les As", player1="Henri Lebrun",
                                player2="Paul Roux")
    client.force_login(owner)
    page = text_of(client.post(reverse("tournament:club_player_add", args=[club.slug]),
                               {"name": "Lebrun", "first_name": "Henri"}, follow=True))
    assert f"(fiche n° {team.first.registered_id})" in page


def test_a_linked_entrant_takes_the_registers_spelling_and_the_desk_is_told(client, owner,
                                                                              club):
    """Issue 32: a team kept the spelling typed (« CASTEL mireile », found by her licence),
    the register another: the standings and the season wrote two names for one person."""
    mireille = services.club_player_create(club=club, name="Castel", first_name="Mireille",
                                           licence="AB12")
    t = tournament(owner=owner)
    client.force_login(owner)
    response = client.post(reverse("tournament:teams", args=[t.slug]), {
        "name": "Les As", "player1": "CASTEL mireile", "player2": "Paul Roy", "club": "",
        "registered1": str(mireille.pk), "registered2": ""}, follow=True)
    team = Team.objects.get(tournament=t)
    assert (team.first.name, team.first.registered) == ("Mireille Castel", mireille)
    assert team.second.name == "Paul Roy"  # a new register player: the name typed
    page = html.unescape(response.content.decode())
    assert "Nom du registre retenu : « Mireille Castel » (tapé : « CASTEL mireile »)" in page
