from django.urls import reverse


def test_the_home_page_speaks_french_and_lists_the_presets(client):
    response = client.get(reverse("tournament:home"))
    assert response.status_code == 200
    content = response.content.decode()
    assert '<html lang="fr">' in content
    assert "Concours de belote" in content
    for key in ("ffb-coinche", "ffb-classique", "contrat-seul", "contrat-multiplie"):
        assert key in content


def test_settings_are_french_in_paris(settings):
    assert settings.LANGUAGE_CODE == "fr"
    assert settings.TIME_ZONE == "Europe/Paris"
    assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
