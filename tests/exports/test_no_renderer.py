"""Where a process can have no renderer (Windows: no fork; a frozen executable: its Python is
the application, which cannot run weasy with -m), every PDF is laid out where it is asked: a
visitor's (`aside`), a long one in parts, the warm-up starts nothing. A frozen build once
answered a visitor's standings PDF with an error 500: its renderer, the application started
with « -m tournament.exports.weasy --serve », refused those arguments."""

import io
import os
import sys

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.builders import drawn, played
from tournament.exports import weasy


@pytest.fixture(params=["frozen", "windows"])
def no_renderer(request, monkeypatch):
    if request.param == "frozen":
        monkeypatch.setattr(sys, "frozen", True, raising=False)
    else:
        monkeypatch.delattr(os, "fork")

    def refused(*args, **kwargs):
        raise AssertionError("the renderer was asked for")

    # Neither a renderer started nor one already running (an earlier test's) used.
    monkeypatch.setattr(weasy.Renderer, "start", refused)
    monkeypatch.setattr(weasy.Renderer, "render", refused)


def texts(content: bytes) -> list[str]:
    return [page.extract_text().strip() for page in PdfReader(io.BytesIO(content)).pages]


def test_every_pdf_is_laid_out_here(no_renderer):
    assert not weasy.has_renderer()
    weasy.warm_up()
    with weasy.aside():
        assert texts(weasy.html_to_pdf("<p>Classement</p>")) == ["Classement"]
        assert texts(weasy.htmls_to_pdf(["<p>un</p>", "<p>deux</p>"])) == ["un", "deux"]


@pytest.mark.django_db
def test_a_visitor_gets_the_standings_pdf(no_renderer, client, owner, settings, tmp_path):
    settings.VAR_DIR = tmp_path
    concours = drawn(owner=owner, teams=4, slug="fige", name="Concours figé")
    played(concours)
    concours.published = True
    concours.save()
    response = client.get(reverse("tournament:standings_pdf", args=["fige"]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "Concours figé" in texts(response.content)[0]


def test_where_it_can_fork_and_is_not_frozen_there_is_a_renderer():
    assert weasy.has_renderer() == (hasattr(os, "fork") and not getattr(sys, "frozen", False))
    assert weasy.has_renderer()  # this machine: Linux, not frozen
