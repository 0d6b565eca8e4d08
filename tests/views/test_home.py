import pytest
from django.urls import reverse

from tests.builders import organiser, tournament

pytestmark = pytest.mark.django_db


def test_the_home_page_speaks_french_and_lists_the_tournaments(client):
    tournament(name="Coinche du Vieux-Port")
    content = client.get(reverse("tournament:home")).content.decode()
    assert '<html lang="fr">' in content
    assert "Coinche du Vieux-Port" in content and "samedi 21 novembre 2026" in content
    assert "Nouveau concours" not in content


def test_a_logged_in_organiser_is_offered_a_new_tournament(client):
    client.force_login(organiser())
    assert "Nouveau concours" in client.get(reverse("tournament:home")).content.decode()


def test_settings_are_french_in_paris(settings):
    assert settings.LANGUAGE_CODE == "fr"
    assert settings.TIME_ZONE == "Europe/Paris"
