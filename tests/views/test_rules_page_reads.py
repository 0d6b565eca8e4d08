"""The rules page reads its concours once: the form cleans into a copy, so the page around
a refused form never has to read the concours again to undo what the form wrote."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.builders import organiser, tournament

pytestmark = pytest.mark.django_db


def _reads_by_id(queries) -> list[str]:
    return [query["sql"] for query in queries
            if 'FROM "tournament_tournament" WHERE "tournament_tournament"."id" =' in query["sql"]]


@pytest.fixture
def desk(client):
    t = tournament(owner=organiser("lecture"), teams=4, slug="lecture", name="Jeudi")
    client.force_login(t.organiser)
    return client


def test_the_page_reads_the_concours_once(desk):
    with CaptureQueriesContext(connection) as queries:
        assert desk.get(reverse("tournament:rules", args=["lecture"])).status_code == 200
    assert _reads_by_id(queries.captured_queries) == []


def test_a_refused_form_shows_the_concours_as_stored_around_it(desk):
    url = reverse("tournament:rules", args=["lecture"])
    with CaptureQueriesContext(connection) as queries:
        page = desk.post(url, {"name": "Vendredi", "target": "", "max_donnes": ""})
    assert page.status_code == 200 and _reads_by_id(queries.captured_queries) == []
    text = page.content.decode()
    assert "<title>" in text and "Jeudi" in text.split("<form")[0]  # the page: as stored
    assert 'value="Vendredi"' in text  # the form: as typed
