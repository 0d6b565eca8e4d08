"""The desk's publication status and the results server's public circuit page in a real
browser, at 1366 px and on a 390 px phone (issue 36: « screenshots of the desk's status and
the public circuit page looked at »): online, waiting, refused, withdrawn, each said in words
and none scrolling sideways. The live server is both the laptop and the results server; the
pushes are made by the test (the desk's button would ask the one live server from within
one of its own requests)."""

import datetime
import socket

import pytest
from django.core.cache import cache

from circuit import services as server_side
from tests.browser.test_desk_roles import sign_in
from tests.builders import drawn, organiser, play_to_the_end
from tournament import services
from tournament.models import Game, ResultsServer
from tournament.publish import outbox

pytestmark = pytest.mark.django_db(transaction=True)
WIDTHS = (1366, 390)


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def look(page, url, shot, name, width) -> str:
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(url)
    shot(page, f"{name}-{width}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    return page.inner_text("main") if page.locator("main").count() else page.inner_text("body")


def test_the_desks_publication_states_and_the_public_circuit_page(browser, live_server, shot):
    owner = organiser("desk")
    t = drawn(owner=owner, name="Concours du vendredi soir de la Belote d'Auch",
              date=datetime.date(2026, 12, 4))
    member = server_side.member_club_create(name="Belote d'Auch")
    circuit = server_side.circuit_create(
        name="Circuit du Gers", start=datetime.date(2026, 9, 1), end=datetime.date(2027, 6, 30),
        kind="table", points_table=[100, 80, 60, 40], beyond="zero", participation=5,
        best=None, min_ranked=0, tie_breaks=["best", "played"],
        qualify={"kind": "top", "count": 2})
    server_side.circuit_club_add(circuit=circuit, club=member)
    server = outbox.results_server_join(club=t.club, url=live_server.url,
                                        code=server_side.join_code_create(club=member))
    outbox.publication_circuits_set(tournament=t, circuits=circuit.slug)
    context, page = sign_in(browser, live_server, "desk")
    desk = f"{live_server.url}/t/{t.slug}/publication/"

    def state(name: str, expected: str) -> None:
        for width in WIDTHS:
            words = page.inner_text("#publication-state") if look(
                page, desk, shot, f"publication-{name}", width) else ""
            assert words.startswith(expected), words

    assert outbox.publication_push(tournament=t, force=True).state == "online"
    state("online", "En ligne : publié à ")
    for game in Game.objects.filter(round__tournament=t):
        play_to_the_end(game)
    ResultsServer.objects.filter(pk=server.pk).update(url=f"http://127.0.0.1:{closed_port()}")
    outbox.publication_push(tournament=t, force=True)
    state("waiting", "En attente : pas de connexion depuis ")
    ResultsServer.objects.filter(pk=server.pk).update(url=live_server.url)
    assert outbox.publication_push(tournament=t, force=True).state == "online"
    cache.clear()  # the public pages are cached by address: none of another test's
    for width in WIDTHS:
        text = look(page, f"{live_server.url}/circuit/circuits/{circuit.slug}/", shot,
                    "circuit-public", width)
        assert "Circuit du Gers" in text and "Concours du vendredi soir" in text
    server_side.club_revoke(club=member)
    outbox.publication_push(tournament=t, force=True)
    state("refused", "Refusé : Jeton inconnu ou révoqué")
    outbox.results_server_join(club=t.club, url=live_server.url,
                               code=server_side.join_code_create(club=member))
    services.tournament_publish(tournament=t, published=False)
    t.refresh_from_db()
    assert outbox.publication_push(tournament=t, force=True).state == "withdrawn"
    state("withdrawn", "Retiré du serveur à ")
    context.close()
