"""The partie's countdown (services.countdown): started from the partie's page, shown on the
projector, on every table's phone and on the partie's page, « fin du temps » offered once it
has run out; and a phone told that time was called (its last donne)."""

import datetime
import html

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring import Side
from tests.builders import made, organiser, play_to_the_end, tournament
from tournament import services
from tournament.errors import UserError
from tournament.services.countdown import round_clock_start, round_clock_stop

pytestmark = pytest.mark.django_db


@pytest.fixture
def partie():
    t = tournament(owner=organiser("chrono"), teams=4, slug="chrono")
    return services.round_generate(tournament=t, seed=1)


def text(response) -> str:
    return html.unescape(response.content.decode())


def test_the_countdown_ends_its_length_after_it_starts(partie):
    now = timezone.now()
    started = round_clock_start(round_=partie, minutes=45, now=now)
    assert started.clock_ends == now + datetime.timedelta(minutes=45)
    partie.refresh_from_db()
    assert (partie.clock_minutes, partie.clock_ends) == (45, now + datetime.timedelta(minutes=45))
    assert not partie.clock_over
    round_clock_stop(round_=partie)
    partie.refresh_from_db()
    assert (partie.clock_minutes, partie.clock_ends) == (None, None)


@pytest.mark.parametrize("minutes", [0, -5, 601, 10**9, True, "30"])
def test_a_length_out_of_bounds_is_refused_and_changes_nothing(partie, minutes):
    with pytest.raises(UserError):
        round_clock_start(round_=partie, minutes=minutes)
    partie.refresh_from_db()
    assert partie.clock_ends is None


def test_a_closed_partie_gets_no_countdown(partie):
    for game in partie.games.filter(team_ew__isnull=False):
        play_to_the_end(game)
    services.round_generate(tournament=partie.tournament, seed=2)
    with pytest.raises(UserError, match="close"):
        round_clock_start(round_=partie, minutes=30)


def test_the_organiser_starts_it_from_the_partie_page_and_every_page_shows_it(client, partie):
    client.force_login(partie.tournament.organiser)
    round_url = reverse("tournament:round", args=["chrono", 1])
    page = text(client.get(round_url))
    assert "Lancer le chrono" in page and 'id="countdown"' not in page
    said = text(client.post(reverse("tournament:round_clock", args=["chrono", 1]),
                            {"minutes": "40"}, follow=True))
    assert "Chrono lancé : 40 minutes" in said
    partie.refresh_from_db()
    ends = partie.clock_ends.timestamp()
    assert abs(ends - (timezone.now().timestamp() + 40 * 60)) < 60
    mark = f'data-ends="{int(ends)}"'
    assert mark in said and "Relancer le chrono" in said
    game = partie.games.get(table=1)
    client.logout()
    phone = text(client.get(reverse("tournament:table_link", args=[game.token])))
    assert mark in phone and "countdown.js" in phone and "Temps restant" in phone
    screen = text(client.get(reverse("tournament:screen", args=["chrono"])))
    assert mark in screen and "countdown.js" in screen


def test_a_bad_length_from_the_page_is_refused_in_french(client, partie):
    client.force_login(partie.tournament.organiser)
    said = text(client.post(reverse("tournament:round_clock", args=["chrono", 1]),
                            {"minutes": "0"}, follow=True))
    assert "Chrono non lancé : une durée de 1 à 600 minutes est attendue." in said
    partie.refresh_from_db()
    assert partie.clock_ends is None


def test_fin_du_temps_is_offered_once_the_countdown_has_run_out(client, partie):
    client.force_login(partie.tournament.organiser)
    round_url = reverse("tournament:round", args=["chrono", 1])
    round_clock_start(round_=partie, minutes=30)
    page = client.get(round_url).content.decode()
    assert 'id="clock-over" data-when-clock-over hidden' in page  # shown by the page's clock
    round_clock_start(round_=partie, minutes=30,
                      now=timezone.now() - datetime.timedelta(minutes=31))
    page = client.get(round_url).content.decode()
    assert 'id="clock-over" data-when-clock-over>' in page
    assert reverse("tournament:round_time", args=["chrono", 1]) in page


def test_stopping_the_countdown_takes_it_off_the_phones(client, partie):
    round_clock_start(round_=partie, minutes=30)
    client.force_login(partie.tournament.organiser)
    client.post(reverse("tournament:round_clock_cancel", args=["chrono", 1]))
    game = partie.games.get(table=1)
    assert 'id="countdown"' not in client.get(
        reverse("tournament:table_link", args=[game.token])).content.decode()


def test_the_phone_is_told_time_was_called_and_which_donne_is_the_last(client, partie):
    game = partie.games.get(table=1)
    services.donne_record(game=game, number=None, donne=made())
    link = reverse("tournament:table_link", args=[game.token])
    assert "Fin du temps" not in text(client.get(link))
    services.round_time_call(round_=partie, in_play=[1])
    assert "Fin du temps annoncée : dernière donne (la donne 2)." in text(client.get(link))
    other = partie.games.get(table=2)  # nothing entered: it plays one donne
    assert "dernière donne (la donne 1)" in text(
        client.get(reverse("tournament:table_link", args=[other.token])))


def test_a_tie_after_time_called_says_one_more_donne_decides(client, partie):
    game = partie.games.get(table=1)
    services.donne_record(game=game, number=None, donne=made(Side.NS))
    services.donne_record(game=game, number=None, donne=made(Side.EW))  # the same, mirrored
    services.round_time_call(round_=partie, in_play=[])  # stops after donne 2: a tie
    game.refresh_from_db()
    assert game.score_ns == game.score_ew and not game.finished
    page = text(client.get(reverse("tournament:table_link", args=[game.token])))
    assert "égalité, une donne de plus départage les équipes" in page


def test_the_help_page_explains_the_countdown_and_its_sound(client):
    page = text(client.get(reverse("help")))
    assert "« Lancer le chrono »" in page and "« Activer le son »" in page


def test_the_next_partie_offers_the_length_used_before(client, partie):
    client.force_login(partie.tournament.organiser)
    page = client.get(reverse("tournament:round", args=["chrono", 1])).content.decode()
    assert 'name="minutes" min="1" max="600" required value="45"' in page
    round_clock_start(round_=partie, minutes=35)
    for game in partie.games.filter(team_ew__isnull=False):
        play_to_the_end(game)
    services.round_generate(tournament=partie.tournament, seed=2)
    page = client.get(reverse("tournament:round", args=["chrono", 2])).content.decode()
    assert 'name="minutes" min="1" max="600" required value="35"' in page
    assert 'id="countdown"' not in page  # partie 2's own countdown is not started yet
