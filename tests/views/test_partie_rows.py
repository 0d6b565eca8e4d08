"""A partie's page writes its tables' rows in one pass (`views.rounds.rows_html`, 500
tables): what each row says, escaped, in a constant number of queries."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import Side
from tests.builders import made, organiser, tournament
from tournament import selectors, services
from tournament.models import Game, Team, Tournament
from tournament.views.rounds import RowsPage, TableRow, rows_html

pytestmark = pytest.mark.django_db


def _games(t):
    return selectors.partie_tables(t.rounds.get(number=1))


def test_each_row_says_where_its_game_stands_escaped():
    t = tournament(owner=organiser(), teams=7)
    services.round_generate(tournament=t, seed=5)
    played, leaving, bye = _games(t)[0], _games(t)[1], _games(t)[-1]
    services.donne_record(game=Game.objects.get(pk=played.pk), number=None,
                          donne=made(Side.NS))
    Team.objects.filter(pk=leaving.team_ew.id).update(name="<i>L'Équipe & co</i>",
                                                      active=False)
    page = RowsPage(slug=t.slug, desk=True, melee=False, two_links=True,
                    link_base="http://club", csrf_input='<input name="csrf">')
    games = {game.pk: game for game in _games(t)}
    html = rows_html([TableRow.of(games[played.pk], disputed={played.pk}),
                      TableRow.of(games[leaving.pk]), TableRow.of(games[bye.pk])], page)
    assert "1 donne" in html and f'data-disputed="{played.table}">contesté' in html
    assert ("forfait à déclarer (&lt;i&gt;L&#x27;Équipe &amp; co&lt;/i&gt; s'est retirée)"
            in html)
    assert '<input name="csrf"><input type="hidden" name="back" value="round">' in html
    assert "NS : <a" in html and "<br>EO : <a" in html
    assert '<tr class="bye"><td>—</td>' in html and "<i>" not in html
    public = rows_html([TableRow.of(games[leaving.pk])],
                       RowsPage(slug=t.slug, desk=False, melee=False, two_links=False,
                                link_base="", csrf_input=""))
    assert "<form" not in public and 'class="link"' not in public and "saisir" not in public


@pytest.mark.parametrize("who", ["organiser", "visitor"])
def test_the_partie_page_costs_the_same_queries_for_4_or_24_tables(client, who):
    owner = organiser()
    counts = []
    for teams in (8, 48):
        t = tournament(owner=owner, teams=teams)
        Tournament.objects.filter(pk=t.pk).update(two_confirmations=True)
        services.round_generate(tournament=t, seed=1)
        if who == "organiser":
            client.force_login(owner)
        url = reverse("tournament:round", args=[t.slug, 1])
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1]


def test_the_partie_page_warns_when_its_table_links_lead_to_this_computer_alone(
        owner, client, settings):
    # The same check as the phones page of `--local` (launcher.network): 127.0.0.1 and any
    # loopback address, not a name the network resolves.
    from tests.builders import drawn

    settings.ALLOWED_HOSTS = ["*"]
    t = drawn(owner=owner, teams=4, slug="liens-locaux")
    client.force_login(owner)
    url = reverse("tournament:round", args=[t.slug, 1])
    for host, local in (("127.0.0.1", True), ("127.0.1.1", True), ("localhost", True),
                        ("192.168.1.20", False)):
        page = client.get(url, HTTP_HOST=host).content.decode()
        assert ("les téléphones ne joignent" in page) == local, host
