"""The hall's screens: the rotation kept as text, the desk's settings refused in French and
changing nothing when wrong, and the screen's page carrying its views and times."""

import json

import pytest
from django.urls import reverse

from tournament import services
from tournament.errors import UserError
from tournament.screens import MAX_SCREENS, rotation_of, rotation_text


def test_a_rotation_keeps_the_registry_s_order_and_leaves_out_what_is_not_a_view():
    assert rotation_text({"classement": 20, "tables": 12, "message": 0}) == (
        "tables:12,classement:20")
    assert rotation_of("tables:12,classement:20") == {"tables": 12, "classement": 20}
    # A stored text is not trusted: an unknown view, a time out of bounds, garbage.
    assert rotation_of("tables:3,script:10,classement:9999,ou:x,,palmares:30") == {
        "palmares": 30}


def test_screens_are_numbered_and_bounded(concours):
    numbers = [services.screen_add(tournament=concours).number for _ in range(MAX_SCREENS)]
    assert numbers == list(range(1, MAX_SCREENS + 1))
    with pytest.raises(UserError, match="20 écrans au plus"):
        services.screen_add(tournament=concours)


@pytest.mark.django_db
def test_a_wrong_setting_is_refused_and_changes_nothing(concours):
    screen = services.screen_add(tournament=concours)
    with pytest.raises(UserError, match="de 5 à 600 secondes"):
        services.screen_set(screen=screen, name="Bar", seconds={"tables": 2}, message="")
    with pytest.raises(UserError, match="au moins une vue"):
        services.screen_set(screen=screen, name="Bar", seconds={"tables": 0}, message="")
    with pytest.raises(UserError, match="besoin d'un message"):
        services.screen_set(screen=screen, name="Bar", seconds={"message": 10}, message="")
    screen.refresh_from_db()
    assert (screen.name, screen.rotation) == ("", "tables:15,classement:20")


@pytest.mark.django_db
def test_the_desk_sets_a_screen_and_the_screen_shows_its_views_and_follows(
        client, concours, owner):
    screen = services.screen_add(tournament=concours)
    state_url = reverse("tournament:hall_screen_state", args=[concours.slug, 1])
    before = json.loads(client.get(state_url).content)["changed"]
    client.force_login(owner)
    url = reverse("tournament:screen_settings", args=[concours.slug, 1])
    refused = client.post(url, {"name": "Bar", "seconds_tables": "700", "message": ""})
    assert refused.status_code == 422 and "600" in refused.content.decode()
    saved = client.post(url, {"name": "Télé du bar", "seconds_tables": "0",
                              "seconds_classement": "30", "seconds_message": "8",
                              "message": "Buvette <ouverte>", **{
                                  f"seconds_{key}": "0" for key in ("ou", "palmares",
                                                                    "chrono", "partenaires")}})
    assert saved.status_code == 302
    screen.refresh_from_db()
    assert screen.rotation == "classement:30,message:8" and screen.name == "Télé du bar"
    # The desk's list says each view in a word, not its key.
    listed = client.get(reverse("tournament:screens", args=[concours.slug])).content.decode()
    assert "Classement 30 s, Message 8 s" in listed
    assert json.loads(client.get(state_url).content)["changed"] != before
    page = client.get(reverse("tournament:hall_screen", args=[concours.slug, 1]))
    text = page.content.decode()
    assert 'data-rotation="classement:30,message:8"' in text
    assert "Buvette &lt;ouverte&gt;" in text and 'data-view="message"' in text
    assert client.get(reverse("tournament:hall_screen", args=[concours.slug, 2])
                      ).status_code == 404
