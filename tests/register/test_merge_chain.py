"""Merges undone newest first: each one undoes, the first too."""

import pytest

from tests.builders import organiser, tournament
from tournament import services
from tournament.models import ClubPlayer, Player

pytestmark = pytest.mark.django_db


def test_a_chain_of_merges_undone_newest_first_undoes_the_first_too():
    owner = organiser("presidente")
    spellings = [("Hélène Dupré", "AB12", ""), ("Hélène Duprez", "", "Metz"),
                 ("Hélène Dupret", "", "")]
    players = []
    for index, (name, licence, club) in enumerate(spellings):
        team = services.team_create(tournament=tournament(owner=owner), name=f"Équipe {index}",
                                    player1=name, player2=f"Partenaire {index}",
                                    licence1=licence, club=club)
        players.append(team.first.registered)
    kept = players[0]
    # The second merges the first's kept player into another: the first's entry lost its
    # player with it, and never found it again once the second was undone.
    first = services.club_player_merge(kept=kept, duplicate=players[1])
    second = services.club_player_merge(kept=players[2],
                                        duplicate=ClubPlayer.objects.get(pk=kept.pk))
    services.club_player_merge_undo(entry=second)
    services.club_player_merge_undo(entry=first)
    assert ClubPlayer.objects.filter(pk__in=[p.pk for p in players]).count() == 3
    for player in players:
        assert Player.objects.get(registered_id=player.pk).name == player.full_name
    kept.refresh_from_db()
    assert (kept.licence, kept.home_club) == ("AB12", "")
