"""What a new club volunteer tripped on walking through the club's pages (register, seasons,
site export, members) and a concours' navigation."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

from tests.builders import organiser, tournament

pytestmark = pytest.mark.django_db
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_no_template_comment_spans_lines():
    # Django's {# … #} ends at the line's end: a comment over two lines is printed on the page.
    open_comments = [f"{path.relative_to(TEMPLATES)}:{number}"
                     for path in sorted(TEMPLATES.rglob("*.html"))
                     for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
                     if "{#" in line and "#}" not in line]
    assert open_comments == []


def test_the_concours_navigation_prints_no_template_comment(client):
    owner = organiser()
    t = tournament(owner=owner, teams=2)
    client.force_login(owner)
    page = client.get(reverse("tournament:detail", args=[t.slug])).content.decode()
    nav = re.search(r'<nav class="tournament-nav">.*?</nav>', page, re.S)
    assert nav is not None
    assert "{#" not in nav.group(0) and "access.py" not in nav.group(0)
    assert "Pointage" in nav.group(0)
