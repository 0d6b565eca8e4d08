"""Random donne forms posted to the organiser's game page and to a table link: never a server
error, never a partial write. A post either changes nothing at all, or leaves a game whose
every cached score equals a full recomputation, with one more entry in the journal."""

import datetime

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from tests.builders import made
from tests.checks import assert_scores_recomputed
from tournament import services
from tournament.models import AuditEntry, DonneRecord, Game

JUNK = st.one_of(
    st.text(max_size=8),
    st.integers(min_value=-10**6, max_value=10**6).map(str),
    st.sampled_from(["", " ", "c", "capot", "80", "160", "250", "NS", "EW", "H", "SA", "TA",
                     "coinche", "surcoinche", "none", "1e3", "0x10", "٣", "NaN", "-0"]),
)
FIELDS = ["taker", "contract", "trump", "coinche", "taker_points", "capot", "belote_ns",
          "belote_ew", "annonces_ns", "annonces_ew", "number", "version", "position"]
PLAUSIBLE = {
    "taker": st.sampled_from(["NS", "EW", ""]),
    "contract": st.sampled_from(["80", "90", "100", "120", "160", "c", "", "85"]),
    "trump": st.sampled_from(["S", "H", "D", "C", "SA", "TA", ""]),
    "coinche": st.sampled_from(["none", "coinche", "surcoinche"]),
    "taker_points": st.integers(-5, 170).map(str),
    "capot": st.sampled_from(["", "NS", "EW"]),
    "belote_ns": st.sampled_from(["", "0", "1", "2"]),
    "annonces_ns": st.sampled_from(["", "20", "50", "30"]),
    "number": st.sampled_from(["", "1", "2", "9"]),
    "version": st.sampled_from(["", "1", "2"]),
    "position": st.sampled_from(["", "1", "2", "3"]),
}
FORMS = st.one_of(
    st.dictionaries(st.sampled_from(FIELDS), JUNK, max_size=len(FIELDS)),
    st.fixed_dictionaries({}, optional=PLAUSIBLE),
)


def snapshot(game: Game):
    game.refresh_from_db()
    donnes = list(DonneRecord.objects.filter(game=game).order_by("number").values_list())
    return (game.score_ns, game.score_ew, game.finished, game.winner, game.played, donnes,
            AuditEntry.objects.count())


def assert_consistent(game: Game):
    assert_scores_recomputed(game)  # the donnes numbered 1..n, every cached score recomputed


class RandomDonnePosts(TestCase):
    @classmethod
    def setUpTestData(cls):
        owner = get_user_model().objects.create_user("hasard", password="x" * 12)
        cls.owner = owner
        tournament = services.tournament_create(
            organiser=owner, name="Hasard", slug="hasard", date=datetime.date(2026, 11, 22),
            max_donnes=4, target=None)
        for n in range(4):
            services.team_create(tournament=tournament, name=f"É{n}", player1="a", player2="b")
        services.round_generate(tournament=tournament, seed=2)
        cls.game = Game.objects.get(round__tournament=tournament, table=1)
        services.donne_record(game=cls.game, number=None, donne=made(points=100))

    def check(self, client: Client, url: str, data: dict, fragment: bool):
        before = snapshot(self.game)
        headers = {"X-Fragment": "1"} if fragment else {}
        response = client.post(url, data, headers=headers)  # an exception fails the test
        assert response.status_code in (200, 302, 422), response.status_code
        after = snapshot(self.game)
        if after != before:
            assert response.status_code in (200, 302) and not (
                response.status_code == 200 and response.context
                and response.context.get("form") is not None
                and response.context["form"].errors)
            assert after[-1] == before[-1] + 1  # exactly one journal entry: one change
        assert_consistent(self.game)

    @settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
    @given(data=FORMS, fragment=st.booleans())
    def test_the_organisers_game_page(self, data, fragment):
        client = Client()
        client.force_login(self.owner)
        url = reverse("tournament:game", args=["hasard", 1, 1])
        self.check(client, url, data, fragment)

    @settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
    @given(data=FORMS, fragment=st.booleans())
    def test_a_table_link(self, data, fragment):
        url = reverse("tournament:table_link", args=[self.game.token])
        self.check(Client(), url, data, fragment)

    @settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
    @given(data=FORMS)
    def test_the_previews_write_nothing(self, data):
        before = snapshot(self.game)
        response = Client().post(
            reverse("tournament:table_link_preview", args=[self.game.token]), data)
        assert response.status_code in (200, 422)
        assert snapshot(self.game) == before
