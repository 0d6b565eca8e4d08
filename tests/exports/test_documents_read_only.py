"""Documents never write: making any of them holds no SQLite write lock, so the tables keep
entering their donnes while the 500-table score sheets are laid out (issue 24). Checked with
SQLite's count of the rows this connection changed, and on every statement sent."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.builders import play_to_the_end, tournament
from tournament import services
from tournament.exports import final_pack, palmares, pdf, workbook

pytestmark = pytest.mark.django_db

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER")


def test_no_document_writes_to_the_database():
    t = tournament(teams=6, slug="lecture")
    round_ = services.round_generate(tournament=t, seed=1)
    play_to_the_end(round_.games.filter(team_ew__isnull=False).first())
    makers = {
        "standings": lambda: pdf.standings_pdf(t),
        "pairings": lambda: pdf.pairings_pdf(round_),
        "sheets": lambda: pdf.score_sheets_pdf(round_, "http://192.168.1.2:8000"),
        "final pack": lambda: final_pack.final_pack_pdf(t),
        "palmarès": lambda: palmares.palmares_pdf(t),
        "workbook": lambda: workbook.standings_workbook(t),
    }
    connection.ensure_connection()
    for name, make in makers.items():
        sqlite = connection.vendor == "sqlite"  # SQLite's own count of the rows changed
        changes = connection.connection.total_changes if sqlite else 0
        with CaptureQueriesContext(connection) as queries:
            make()
        assert not sqlite or connection.connection.total_changes == changes, name
        sent = [query["sql"] for query in queries.captured_queries
                if query["sql"].lstrip().upper().startswith(WRITES)]
        assert sent == [], name
