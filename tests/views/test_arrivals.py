"""The pointage page and its two addresses per entrant (arrive, absent): the organiser's
(the desk's), the row and the counts replaced in place for htmx, the page again without a
script; everyone else refused with nothing changed; the draw page's counts."""

import pytest
from django.urls import reverse

from tests.builders import melee, organiser, tournament
from tournament import services
from tournament.models import AuditEntry, Team

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def concours(owner):
    return tournament(owner=owner, teams=4, slug="pointage", published=False)


def arrived(t) -> list[int]:
    return list(Team.objects.filter(tournament=t, round__isnull=True, arrived=True)
                .order_by("number").values_list("number", flat=True))


def test_the_page_lists_every_entrant_with_its_number_names_and_the_counts(client, owner,
                                                                           concours):
    services.team_create(tournament=concours, name="Les Élégants", player1="Hélène Lefèvre",
                         player2="Zoé", club="Cœur d'Atout")
    client.force_login(owner)
    page = client.get(reverse("tournament:arrivals", args=["pointage"])).content.decode()
    assert 'id="arrival-5"' in page and "Les Élégants" in page and "Hélène Lefèvre et Zoé" in page
    # What the filter matches, folded as the script folds what is typed.
    assert 'data-search="5 les elegants helene lefevre et zoe coeur d&#x27;atout"' in page
    assert "5 inscrites" in page and "0 arrivée" in page and "5 absentes" in page
    assert reverse("tournament:entrant_arrive", args=["pointage", 5]) in page


def test_an_htmx_mark_answers_the_row_and_the_counts_in_place(client, owner, concours):
    client.force_login(owner)
    response = client.post(reverse("tournament:entrant_arrive", args=["pointage", 2]), **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<li id="arrival-2"') and 'class="arrived"' in html
    assert reverse("tournament:entrant_absent", args=["pointage", 2]) in html
    assert 'id="arrival-counts" class="arrival-counts" hx-swap-oob="true"' in html
    assert "1 arrivée" in html and "3 absentes" in html
    assert "N° 2, Équipe 2 : arrivée pointée." in html
    assert arrived(concours) == [2]
    entry = AuditEntry.objects.get(tournament=concours, kind="arrival")
    assert entry.user == owner
    client.post(reverse("tournament:entrant_absent", args=["pointage", 2]), **HTMX)
    assert arrived(concours) == []


def test_without_a_script_a_mark_comes_back_to_the_page(client, owner, concours):
    client.force_login(owner)
    response = client.post(reverse("tournament:entrant_arrive", args=["pointage", 3]))
    assert response.status_code == 302
    assert response["Location"] == reverse("tournament:arrivals", args=["pointage"])
    assert arrived(concours) == [3]


def test_a_refusal_is_said_in_french_beside_the_unchanged_row(client, owner, concours):
    services.round_generate(tournament=concours, seed=1)  # drawn without pointage
    client.force_login(owner)
    html = client.post(reverse("tournament:entrant_arrive", args=["pointage", 1]),
                       **HTMX).content.decode()
    assert 'class="error"' in html and "tirée sans pointage" in html
    assert 'class="arrived"' not in html and arrived(concours) == []
    page = client.get(reverse("tournament:arrivals", args=["pointage"])).content.decode()
    assert "tirée sans pointage" in page and " disabled" in page


def test_after_a_draw_without_pointage_nobody_is_called_absent(client, owner, concours):
    """Issue 32: drawn with nobody pointed, the page counted every team absent and marked
    each row « absente »; it now says the draw was made without pointage, that everyone
    registered was drawn, and what the page is for."""
    services.round_generate(tournament=concours, seed=1)
    client.force_login(owner)
    page = client.get(reverse("tournament:arrivals", args=["pointage"])).content.decode()
    assert "tirée sans pointage" in page and "tirage fait sans pointage" in page
    assert "toutes les équipes inscrites ont été tirées" in page
    assert "pointer les arrivées avant le premier tirage" in page
    assert "absente<" not in page and "absentes" not in page and "0 arrivée" not in page
    assert page.count('<span class="arrival-state">inscrite</span>') == 4


def test_an_unknown_number_is_a_404_and_a_get_is_refused(client, owner, concours):
    client.force_login(owner)
    assert client.post(reverse("tournament:entrant_arrive", args=["pointage", 99])
                       ).status_code == 404
    assert client.get(reverse("tournament:entrant_arrive", args=["pointage", 1])
                      ).status_code == 405
    assert arrived(concours) == []


@pytest.mark.parametrize("name", ["tournament:entrant_arrive", "tournament:entrant_absent"])
@pytest.mark.parametrize("role", ["anonymous", "other_organiser"])
@pytest.mark.parametrize("published", [False, True])
def test_nobody_but_the_clubs_desk_marks_an_arrival(client, concours, name, role, published):
    services.entrant_arrive(tournament=concours, team=concours.teams.get(number=1),
                            arrived=True)  # something to unmark
    services.tournament_publish(tournament=concours, published=published)
    if role == "other_organiser":
        client.force_login(organiser("intrus"))
    before = (arrived(concours), AuditEntry.objects.count())
    response = client.post(reverse(name, args=["pointage", 1 if "absent" in name else 2]),
                           **HTMX)
    if response.status_code == 302:
        assert role == "anonymous" and response["Location"].startswith(reverse("login"))
    else:
        # Not a member of the club: the page does not exist, published or not.
        assert response.status_code == 404
    assert (arrived(concours), AuditEntry.objects.count()) == before


def test_the_page_is_the_clubs_desk_only(client, concours):
    services.tournament_publish(tournament=concours, published=True)
    client.force_login(organiser("intrus"))
    assert client.get(reverse("tournament:arrivals", args=["pointage"])).status_code == 404


def test_the_draw_page_says_registered_arrived_absent_and_names_the_absent(client, owner,
                                                                           concours):
    for number in (1, 2, 4):
        services.entrant_arrive(tournament=concours, team=concours.teams.get(number=number),
                                arrived=True)
    client.force_login(owner)
    page = client.get(reverse("tournament:round_generate", args=["pointage"])).content.decode()
    assert "4 inscrites" in page and "3 arrivées" in page and "1 absente" in page
    assert "Absentes, non tirées :" in page and "3. Équipe 3" in page
    assert "3 équipes tirées." in page


def test_the_draw_page_says_everyone_is_drawn_when_nobody_is_marked(client, owner, concours):
    client.force_login(owner)
    page = client.get(reverse("tournament:round_generate", args=["pointage"])).content.decode()
    assert "toutes les inscrites seront tirées" in page and "4 équipes tirées." in page


def test_a_melee_marks_its_players_by_number(client, owner):
    m = melee(owner=owner, players=5, slug="melee-pointage", published=False)
    client.force_login(owner)
    html = client.post(reverse("tournament:entrant_arrive", args=["melee-pointage", 4]),
                       **HTMX).content.decode()
    assert "1 arrivé" in html and "4 absents" in html and "arrivé ✓" in html
    assert list(m.players.filter(arrived=True).values_list("number", flat=True)) == [4]
    page = client.get(reverse("tournament:round_generate", args=["melee-pointage"]))
    assert "Absents, non tirés :" in page.content.decode()
