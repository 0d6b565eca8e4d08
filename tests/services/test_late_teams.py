"""Late and leaving teams: a team registered after the draw seated in the current partie
(against the exempt team, or at a new table with another late team) or joining from the next
one without a free bye; a withdrawn team confirmed, and its game offered as a forfeit."""

import pytest
from django.urls import reverse

from tests.builders import drawn, made, play_to_the_end, tournament
from tournament import selectors, services
from tournament.draw import standings as pairing
from tournament.errors import UserError
from tournament.models import AuditEntry, Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def concours(owner):
    """Five teams, partie 1 drawn (two tables and a bye), then a late team registered."""
    t = drawn(owner=owner, teams=5, slug="retard", published=False)
    services.team_create(tournament=t, name="Les Retardataires", player1="Lent", player2="Tard")
    return t


def late(t, name="Les Retardataires"):
    return t.teams.get(name=name)


def test_a_late_team_is_waiting_in_the_current_partie(concours):
    assert selectors.round_waiting_teams(concours.rounds.get()) == [late(concours)]


def test_a_late_team_seated_against_the_exempt_team_makes_a_real_table(concours):
    round_ = concours.rounds.get()
    bye = round_.games.get(team_ew__isnull=True)
    assert bye.finished and bye.score_ns == concours.bye_points
    game = services.round_seat_against_bye(round_=round_, team=late(concours))
    assert (game.pk, game.table, game.team_ns_id) == (bye.pk, 3, bye.team_ns_id)
    assert game.team_ew == late(concours)
    # The bye's result is gone: the game is to play, and the standings no longer count it.
    assert (game.finished, game.score_ns, game.score_ew, game.winner) == (False, 0, 0, "")
    assert not any(row.played for row in selectors.standings(concours))
    assert selectors.round_waiting_teams(round_) == []
    entry = AuditEntry.objects.get(kind="pairing", action="create")
    assert (entry.round_number, entry.table, entry.before, entry.after) == (
        1, 3, [bye.team_ns.number, None], [bye.team_ns.number, 6])
    # It is played like any table, and counts once finished.
    services.donne_record(game=game, number=None, donne=made())
    play_to_the_end(game)
    rows = {row.team: row for row in selectors.standings(concours)}
    assert rows[late(concours).pk].played == 1


def test_two_late_teams_play_at_a_new_table(concours):
    services.team_create(tournament=concours, name="Les Derniers", player1="A", player2="B")
    round_ = concours.rounds.get()
    game = services.round_seat_new_table(round_=round_, team_ns=late(concours),
                                         team_ew=late(concours, "Les Derniers"))
    assert game.table == 3 and not game.finished and game.token
    # The bye stays, numbered after the real tables: 1 to 3 are the room's tables.
    assert round_.games.get(team_ew__isnull=True).table == 4
    entry = AuditEntry.objects.get(kind="pairing", action="create")
    assert (entry.table, entry.before, entry.after) == (3, None, [6, 7])


def test_a_team_already_seated_is_refused(concours):
    round_ = concours.rounds.get()
    seated = round_.games.get(table=1).team_ns
    with pytest.raises(UserError, match=r"joue déjà cette partie, table 1"):
        services.round_seat_against_bye(round_=round_, team=seated)
    exempt = round_.games.get(team_ew__isnull=True).team_ns
    with pytest.raises(UserError, match="déjà exempte"):
        services.round_seat_new_table(round_=round_, team_ns=late(concours), team_ew=exempt)
    assert round_.games.count() == 3


def test_a_team_cannot_play_itself(concours):
    with pytest.raises(UserError, match="deux équipes différentes"):
        services.round_seat_new_table(round_=concours.rounds.get(), team_ns=late(concours),
                                      team_ew=late(concours))


def test_without_an_exempt_team_the_bye_seat_is_refused(owner):
    t = tournament(owner=owner, teams=4)
    round_ = services.round_generate(tournament=t, seed=1)
    newcomer = services.team_create(tournament=t, name="Seule", player1="A", player2="B")
    with pytest.raises(UserError, match="pas d'équipe exempte"):
        services.round_seat_against_bye(round_=round_, team=newcomer)


def test_a_withdrawn_team_a_closed_or_past_partie_are_refused(concours):
    round_ = concours.rounds.get()
    services.team_withdraw(team=late(concours))
    with pytest.raises(UserError, match="retirée du concours"):
        services.round_seat_against_bye(round_=round_, team=late(concours))
    services.team_withdraw(team=late(concours), active=True)
    services.round_close(round_=round_)
    with pytest.raises(UserError, match="La partie est close"):
        services.round_seat_against_bye(round_=round_, team=late(concours))
    services.round_close(round_=round_, closed=False)
    for game in round_.games.filter(team_ew__isnull=False):
        play_to_the_end(game)
    services.round_generate(tournament=concours)
    with pytest.raises(UserError, match="partie suivante est tirée"):
        services.round_seat_against_bye(round_=round_, team=late(concours))


def test_a_late_team_joins_from_the_next_partie_without_a_free_bye(concours):
    round_ = concours.rounds.get()
    for game in round_.games.filter(team_ew__isnull=False):
        play_to_the_end(game)
    services.team_create(tournament=concours, name="Les Derniers", player1="A", player2="B")
    # Seven active teams: the two late ones, ranked last, have played nothing.
    second = services.round_generate(tournament=concours)
    bye = second.games.get(team_ew__isnull=True).team_ns
    assert bye.name not in ("Les Retardataires", "Les Derniers")
    assert bye != round_.games.get(team_ew__isnull=True).team_ns  # nor the team exempt in partie 1
    seated = {team for game in second.games.all() for team in (game.team_ns, game.team_ew)}
    assert late(concours) in seated and late(concours, "Les Derniers") in seated


def test_the_bye_goes_to_the_lowest_ranked_team_that_has_played():
    assert pairing.choose_bye([1, 2, 3, 4, 5], had_bye=[], not_played=[5]) == 4
    assert pairing.choose_bye([1, 2, 3, 4, 5], had_bye=[4], not_played=[5]) == 3
    # When every team that played has had its bye, a late team gets it.
    assert pairing.choose_bye([1, 2, 3], had_bye=[1, 2], not_played=[3]) == 3
    assert pairing.choose_bye([1, 2, 3], had_bye=[1, 2, 3], not_played=[3]) == 3


# --- Leaving teams ------------------------------------------------------------------------


def test_a_withdrawn_team_s_game_waits_for_its_forfeit(concours):
    game = concours.rounds.get().games.get(table=2)
    leaving = game.team_ew
    services.donne_record(game=game, number=None, donne=made())
    assert selectors.team_pending_forfeit(leaving) is None  # still playing
    services.team_withdraw(team=leaving)
    leaving.refresh_from_db()
    assert selectors.team_pending_forfeit(leaving) == game
    played = services.team_forfeit(team=leaving)
    assert (played.forfeit, played.winner, played.finished) == ("EW", "NS", True)
    assert selectors.team_pending_forfeit(leaving) is None
    with pytest.raises(UserError, match="pas de partie en cours"):
        services.team_forfeit(team=leaving)


def test_withdrawing_is_confirmed_on_its_own_page(client, owner, concours):
    game = concours.rounds.get().games.get(table=1)
    client.force_login(owner)
    url = reverse("tournament:team_withdraw", args=[concours.slug, game.team_ns.number])
    page = client.get(url).content.decode()
    assert "Retirer « Équipe" in page and "Sa partie à la table 1 (partie 1)" in page
    assert concours.teams.get(pk=game.team_ns_id).active  # a GET changes nothing
    # The old one-click form now leads to the confirmation.
    team_url = reverse("tournament:team", args=[concours.slug, game.team_ns.number])
    assert client.post(team_url, {"active": "0"})["Location"] == url
    assert concours.teams.get(pk=game.team_ns_id).active
    client.post(url)
    assert not concours.teams.get(pk=game.team_ns_id).active
    page = client.get(team_url).content.decode()
    assert "La table 1 attend un forfait : déclarer forfait pour" in page


def test_the_partie_page_marks_the_forfeit_to_declare_until_done(client, owner, concours):
    game = concours.rounds.get().games.get(table=1)
    services.team_withdraw(team=game.team_ns)
    client.force_login(owner)
    round_url = reverse("tournament:round", args=[concours.slug, 1])
    assert "forfait à déclarer" in client.get(round_url).content.decode()
    response = client.post(reverse("tournament:team_forfeit",
                                   args=[concours.slug, game.team_ns.number]), {"back": "round"})
    assert response["Location"] == round_url
    game.refresh_from_db()
    assert game.forfeit == "NS" and game.winner == "EW"
    assert "forfait à déclarer" not in client.get(round_url).content.decode()


def test_the_partie_page_offers_the_waiting_teams_a_seat(client, owner, concours):
    services.team_create(tournament=concours, name="Les Derniers", player1="A", player2="B")
    client.force_login(owner)
    round_url = reverse("tournament:round", args=[concours.slug, 1])
    page = client.get(round_url).content.decode()
    assert "Équipes en attente" in page and "Placer contre l'exempte (Équipe" in page
    assert "Nouvelle table avec" in page
    client.post(reverse("tournament:round_late_table", args=[concours.slug, 1]),
                {"team_a": "6", "team_b": "7"})
    assert Game.objects.get(round__tournament=concours, table=3).team_ew.name == "Les Derniers"
    assert "Équipes en attente" not in client.get(round_url).content.decode()


def test_a_refused_seat_says_why_on_the_partie_page(client, owner, concours):
    client.force_login(owner)
    response = client.post(reverse("tournament:round_late_bye", args=[concours.slug, 1]),
                           {"team": "1"}, follow=True)
    assert "joue déjà cette partie" in response.content.decode()
    response = client.post(reverse("tournament:round_late_bye", args=[concours.slug, 1]),
                           {"team": "x"}, follow=True)
    assert "Choisissez une équipe en attente." in response.content.decode()
    assert Game.objects.get(round__tournament=concours, table=3).is_bye
