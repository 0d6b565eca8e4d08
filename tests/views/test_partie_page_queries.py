"""A partie's page reads a fixed number of queries, whatever its number of tables: the
organiser's, at the last partie with every table finished (the next draw's form shown, the
tableau de marche's movement counted), drawn by standings (bench/bench_structure.py)."""

import pytest
from django.urls import reverse

from tests.builders import drawn, played
from tournament import services

pytestmark = pytest.mark.django_db

# The partie and its concours; the session, the account, its clubs; its tables, whether a
# result is in with them; the parties (the menu, whether this one is the last, the next one's
# number, the countdown offered); the registered teams (those waiting, the pointage, the next
# draw's entrants, partie 1's movement among them); the journal's last change; partie 1's
# journal entry (its movement).
QUERIES = 9


@pytest.mark.parametrize("teams", [4, 12])
def test_the_partie_page_reads_the_same_queries_for_any_number_of_tables(
        client, owner, teams, django_assert_num_queries):
    t = drawn(owner=owner, teams=teams, slug=f"requetes-{teams}")
    played(t)
    services.round_generate(tournament=t, seed=3)
    played(t)
    client.force_login(owner)
    url = reverse("tournament:round", args=[t.slug, 2])
    with django_assert_num_queries(QUERIES):
        page = client.get(url)
    assert page.status_code == 200
    assert b"Tirer la partie suivante" in page.content  # the next draw's form is counted in
