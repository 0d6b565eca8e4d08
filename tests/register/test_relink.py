"""An entrant corrected on its page is linked to the register again: the player chosen by
mistake at the desk (« Lefè » → Anne Lefebvre, where Raymond Lefèvre played) no longer gets
the results, in a season, on the register's page or on the club's site."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.builders import melee, tournament
from tournament import services
from tournament.errors import UserError
from tournament.models import ClubPlayer, Player, Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def concours(owner):
    """No partie drawn, no team: the tests register their own (conftest's is drawn)."""
    return tournament(owner=owner, slug="vendredi")


def register(t, name, first_name, home_club=""):
    return services.club_player_create(club=t.club, name=name, first_name=first_name,
                                       home_club=home_club)


def test_a_player_renamed_on_the_team_page_is_linked_to_the_register_player_of_that_name(
        concours):
    anne = register(concours, "Lefebvre", "Anne", "Metz")
    raymond = register(concours, "Lefèvre", "Raymond", "Metz")
    team = services.team_create(tournament=concours, name="Les Roquevairois",
                                player1="Anne Lefebvre", player2="Émile Garcia", club="Metz",
                                registered1=anne.pk)
    services.team_update(team=team, player1="Raymond Lefèvre")
    team = Team.objects.get(pk=team.pk)
    assert team.first.name == "Raymond Lefèvre" and team.first.registered == raymond
    assert not Player.objects.filter(registered=anne).exists()
    # Émile, not renamed, keeps his link.
    assert team.second.registered.full_name == "Émile Garcia"


def test_the_register_player_chosen_on_the_team_page_is_the_one_linked(concours):
    anne = register(concours, "Lefebvre", "Anne")
    team = services.team_create(tournament=concours, name="Les As", player1="Lefeb",
                                player2="Paul Martin")
    lefeb = team.first.registered
    assert lefeb is not None and lefeb.name == "Lefeb"
    services.team_update(team=team, player1="Anne Lefebvre", registered1=anne.pk)
    first = Player.objects.get(pk=team.first.pk)
    assert first.registered == anne and first.name == "Anne Lefebvre"


def test_the_two_players_swapped_keep_each_their_own_register_player(concours):
    team = services.team_create(tournament=concours, name="Les As", player1="Ana Roux",
                                player2="Bob Leroy")
    ana, bob = team.first.registered, team.second.registered
    services.team_update(team=team, player1="Bob Leroy", player2="Ana Roux")
    team = Team.objects.get(pk=team.pk)
    assert (team.first.registered, team.second.registered) == (bob, ana)


def test_choosing_an_entrant_of_the_concours_already_is_refused_and_changes_nothing(concours):
    first = services.team_create(tournament=concours, name="Les As", player1="Ana Roux",
                                 player2="Bob Leroy")
    other = services.team_create(tournament=concours, name="Les Rois", player1="Carl Petit",
                                 player2="Dan Ruiz")
    carl = other.first.registered
    with pytest.raises(UserError, match="déjà inscrit à ce concours"):
        services.team_update(team=first, player1="Carl Petit", registered1=carl.pk)
    first = Team.objects.get(pk=first.pk)
    assert first.first.name == "Ana Roux" and first.first.registered.full_name == "Ana Roux"


def test_a_melee_player_renamed_is_linked_again(owner):
    t = melee(owner=owner, players=0, slug="melee")
    anne = services.club_player_create(club=t.club, name="Lefebvre", first_name="Anne")
    raymond = services.club_player_create(club=t.club, name="Lefèvre", first_name="Raymond")
    player = services.player_create(tournament=t, name="Anne Lefebvre", registered=anne.pk)
    services.player_update(player=player, name="Raymond Lefèvre")
    assert Player.objects.get(pk=player.pk).registered == raymond
    services.player_update(player=player, registered=anne.pk, name="Anne Lefebvre")
    assert Player.objects.get(pk=player.pk).registered == anne


def test_the_team_page_offers_the_type_ahead_and_links_the_player_chosen(client, owner,
                                                                         concours):
    anne = register(concours, "Lefebvre", "Anne")
    team = services.team_create(tournament=concours, name="Les As", player1="Lefeb",
                                player2="Paul Martin")
    client.force_login(owner)
    url = reverse("tournament:team", args=[concours.slug, team.number])
    page = client.get(url).content.decode()
    assert 'data-register="registered1"' in page and 'name="registered1"' in page
    assert 'data-licence="licence1"' in page and "register.js" in page
    response = client.post(url, {
        "name": "Les As", "player1": "Anne Lefebvre", "player2": "Paul Martin", "club": "",
        "licence1": "", "licence2": "", "registered1": str(anne.pk),
        "stamp": services.team_stamp(team)})
    assert response.status_code == 302
    assert Player.objects.get(pk=team.first.pk).registered == anne
    assert ClubPlayer.objects.filter(name="Lefeb").exists()  # left in the register, unplayed


def test_a_name_typed_without_a_club_is_the_register_s_one_player_of_that_name(concours):
    """« Denis Petit » typed with no club was a second Denis Petit in the register (and the
    season); a file's line was linked. Now both link, as register_match says."""
    denis = register(concours, "Petit", "Denis", "Aubagne")
    team = services.team_create(tournament=concours, name="Les As", player1="Denis Petit",
                                player2="Paul Martin")
    assert team.first.registered == denis
    # Two Jean Roux of two clubs: typed without a club, neither is guessed: the desk is
    # asked, as a file's line is, and « Nouveau joueur » adds a third.
    register(concours, "Roux", "Jean", "Metz")
    register(concours, "Roux", "Jean", "Nancy")
    with pytest.raises(UserError) as asked:
        services.team_create(tournament=concours, name="Les Rois", player1="Jean Roux",
                             player2="Marc Blanc")
    assert "Metz" in asked.value.message and "Nancy" in asked.value.message
    other = services.team_create(tournament=concours, name="Les Rois", player1="Jean Roux",
                                 player2="Marc Blanc",
                                 registered1=services.NEW_REGISTER_PLAYER)
    assert other.first.registered.home_club == ""
    assert ClubPlayer.objects.filter(club=concours.club, name="Jean Roux").count() == 1
    # With a club said, another club's namesake is not taken for the player: asked too.
    with pytest.raises(UserError):
        services.team_create(tournament=concours, name="Les Dames", player1="Denis Petit",
                             player2="Zoé Faure", club="Marseille")
    third = services.team_create(tournament=concours, name="Les Dames", player1="Denis Petit",
                                 player2="Zoé Faure", club="Marseille",
                                 registered1=services.NEW_REGISTER_PLAYER)
    assert third.first.registered != denis and third.first.registered.home_club == "Marseille"


def test_a_licence_that_came_with_the_player_chosen_by_mistake_goes_with_it(concours):
    """Anne (licence A123) chosen by mistake: her licence was copied to the entrant, and a
    corrected name still found her by it."""
    anne = services.club_player_create(club=concours.club, name="Lefebvre", first_name="Anne",
                                       licence="A123")
    raymond = services.club_player_create(club=concours.club, name="Lefèvre",
                                          first_name="Raymond")
    team = services.team_create(tournament=concours, name="Les As", player1="Anne Lefebvre",
                                player2="Paul Martin", registered1=anne.pk)
    assert team.first.licence == "A123"
    # The team's page posts the licence it shows back, with the name corrected.
    services.team_update(team=team, player1="Raymond Lefèvre", licence1="A123")
    first = Player.objects.get(pk=team.first.pk)
    assert first.registered == raymond and first.licence == ""
    # A name corrected for the same person (her licence kept) keeps her.
    other = services.team_create(tournament=concours, name="Les Rois", player1="Anne Lefebvr",
                                 player2="Carl Petit", licence1="A123")
    assert other.first.registered == anne
    services.team_update(team=other, player1="Anne Lefebvre", licence1="A123")
    assert Player.objects.get(pk=other.first.pk).registered == anne
