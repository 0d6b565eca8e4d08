"""The standings table writes its rows in one pass (`StandingsTable.rows_html`): the same
rows, cells, attributes and order as django-tables2's own per-cell rendering, which it
replaces for speed (1,000 teams)."""

import pytest
from django.test import RequestFactory
from django.utils.html import conditional_escape
from django_tables2 import RequestConfig

from tests.builders import melee, organiser, play_to_the_end, tournament
from tournament import services
from tournament.exports import documents
from tournament.tables import StandingsTable

pytestmark = pytest.mark.django_db


def _tables2_rows(table: StandingsTable) -> str:
    """What django-tables2's template (django_tables2/table.html) writes for the rows."""
    rows = []
    for row in table.rows:
        cells = "".join(f"<td {column.attrs['td'].as_html()}>{conditional_escape(cell)}</td>"
                        for column, cell in row.items())
        rows.append(f"<tr {row.attrs.as_html()}>{cells}</tr>")
    return "\n".join(rows)


def _table(t, sort: str, **options) -> StandingsTable:
    standing = documents.standings(t)
    table = StandingsTable(standing.lines, melee=standing.melee, **options)
    RequestConfig(RequestFactory().get("/", {"sort": sort} if sort else {}),
                  paginate=False).configure(table)
    return table


@pytest.fixture
def played():
    """Seven teams (names and clubs to escape, one without a club, one withdrawn), partie 1
    drawn and two of its tables played."""
    t = tournament(owner=organiser(), teams=0, points_win=3, points_loss=1)
    for index in range(1, 8):
        services.team_create(tournament=t, name=f"<b>Les Ânes & {index}</b>",
                             player1=f"Anne \"{index}\"", player2="Basile",
                             club="" if index == 2 else "Club <i>")
    services.round_generate(tournament=t, seed=5)
    games = list(t.rounds.get().games.filter(team_ew__isnull=False).order_by("table"))
    play_to_the_end(games[0])
    play_to_the_end(games[1])
    services.team_withdraw(team=t.teams.get(number=4))
    return t


@pytest.mark.parametrize("sort", ["", "rank", "-team", "diff", "-points", "club"])
def test_the_rows_are_django_tables2s_for_teams_in_any_order(played, sort):
    lines = documents.standings(played).lines
    lots = {lines[0].entrant.id: "Un jambon <entier>", lines[2].entrant.id: ""}
    awaiting = frozenset({lines[1].entrant.id, lines[3].entrant.id})
    table = _table(played, sort, ranking_points=True, lots=lots, awaiting=awaiting)
    html = table.rows_html()
    assert html == _tables2_rows(table)
    assert "&lt;b&gt;Les Ânes &amp; 1&lt;/b&gt;" in html and "<b>" not in html
    assert "(retirée)" in html and 'class="awaiting"' in html and "jambon &lt;entier&gt;" in html


@pytest.mark.parametrize("sort", ["", "-team", "wins"])
def test_the_rows_are_django_tables2s_for_a_melee(sort):
    t = melee(owner=organiser(), players=8)
    services.player_create(tournament=t, name="Zoé <sans club>")  # its club: "—"
    services.round_generate(tournament=t, seed=3)
    play_to_the_end(t.rounds.get().games.filter(team_ew__isnull=False).first())
    table = _table(t, sort)
    assert table.rows_html() == _tables2_rows(table)
    assert 'data-player="' in table.rows_html() and "nowrap\">—</td>" in table.rows_html()


def test_the_page_writes_the_rows_once_with_its_header_sortable(client, played):
    response = client.get(f"/t/{played.slug}/standings/?sort=-team")
    html = response.content.decode()
    table = response.context["table"]
    assert html.count("<tr") == 8  # the header's and seven lines
    assert table.rows_html() in html
    assert 'href="?sort=team"' in html  # the sorted column's link turns the order round
