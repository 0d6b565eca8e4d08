"""The club's register of players: adding and correcting a player, linking a concours'
entrants to it, merging two players and undoing it, anonymising one (RGPD). A refusal
changes nothing."""

import pytest

from tests.builders import melee, melee_partie, organiser, play_partie, tournament
from tournament import services
from tournament.errors import UserError
from tournament.journal import Actor
from tournament.models import AuditEntry, Club, ClubPlayer, Player, RegisterEntry, Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner():
    return organiser("presidente")


@pytest.fixture
def club(owner) -> Club:
    return services.club_of_organiser(owner)


def snapshot():
    """Everything a register's service may write."""
    return (list(ClubPlayer.objects.order_by("pk").values_list(
                "pk", "name", "first_name", "licence", "home_club", "anonymised")),
            list(Player.objects.order_by("pk").values_list("pk", "name", "licence",
                                                           "registered")),
            RegisterEntry.objects.count(), AuditEntry.objects.count())


# --- Adding and correcting ------------------------------------------------------------------


def test_a_player_is_added_to_the_register_and_logged(club):
    player = services.club_player_create(club=club, name="Dupré", first_name="Hélène",
                                         licence="AB 12", home_club="Metz",
                                         by=Actor("presidente", None))
    assert (player.full_name, player.key, player.licence_key) == (
        "Hélène Dupré", "helene dupre", "ab12")
    entry = RegisterEntry.objects.get()
    assert (entry.action, entry.player, entry.actor) == ("create", player, "presidente")


def test_a_licence_already_in_the_register_is_refused_and_nothing_changes(club):
    services.club_player_create(club=club, name="Dupré", licence="AB12")
    before = snapshot()
    with pytest.raises(UserError) as refused:
        services.club_player_create(club=club, name="Autre", licence="ab 12")
    assert refused.value.field == "licence" and "Dupré" in refused.value.message
    assert snapshot() == before


def test_another_club_may_have_the_same_licence(club):
    services.club_player_create(club=club, name="Dupré", licence="AB12")
    other = services.club_of_organiser(organiser("voisin"))
    assert services.club_player_create(club=other, name="Dupré", licence="AB12").pk


def test_a_name_with_a_control_character_is_refused(club):
    with pytest.raises(UserError) as refused:
        services.club_player_create(club=club, name="Du\tpré")
    assert refused.value.field == "name"
    assert not ClubPlayer.objects.exists()


def test_a_correction_refuses_another_players_licence_and_changes_nothing(club):
    services.club_player_create(club=club, name="Dupré", licence="AB12")
    player = services.club_player_create(club=club, name="Martin")
    before = snapshot()
    with pytest.raises(UserError):
        services.club_player_update(player=player, first_name="Paul", licence="ab12")
    assert snapshot() == before
    services.club_player_update(player=player, first_name="Paul", licence="CD34")
    player.refresh_from_db()
    assert (player.full_name, player.licence_key) == ("Paul Martin", "cd34")
    assert RegisterEntry.objects.filter(action="update").get().before["first_name"] == ""


# --- A concours' entrants and the register ----------------------------------------------------


def test_a_new_team_adds_its_players_to_the_register(owner, club):
    t = tournament(owner=owner)
    team = services.team_create(tournament=t, name="Les As", player1="Hélène Dupré",
                                player2="Paul Martin", club="Metz")
    assert team.first.registered.full_name == "Hélène Dupré"
    assert team.first.registered.home_club == "Metz"
    assert team.second.registered.club == club
    assert ClubPlayer.objects.count() == 2


def test_the_next_concours_finds_the_same_players_accents_and_case_aside(owner, club):
    first = tournament(owner=owner)
    old = services.team_create(tournament=first, name="Les As", player1="Hélène Dupré",
                               player2="Paul Martin", club="Metz")
    second = tournament(owner=owner)
    new = services.team_create(tournament=second, name="Les Rois", player1="HELENE DUPRE",
                               player2="martin paul", club="metz")
    assert new.first.registered == old.first.registered
    assert new.second.registered == old.second.registered  # words in another order too
    assert ClubPlayer.objects.count() == 2


def test_a_namesake_of_another_club_typed_at_the_desk_is_asked_about_and_nothing_changes(
        owner):
    first = tournament(owner=owner)
    old = services.team_create(tournament=first, name="Les As", player1="Paul Martin",
                               player2="Anne Roy", club="Metz")
    second = tournament(owner=owner)
    before = snapshot()
    with pytest.raises(UserError) as asked:
        services.team_create(tournament=second, name="B", player1="Paul Martin",
                             player2="Léa Roy", club="Nancy")
    assert asked.value.field == "player1"
    assert "Metz" in asked.value.message and f"fiche n° {old.first.registered_id}" in (
        asked.value.message)
    assert "Nouveau joueur" in asked.value.message
    assert snapshot() == before  # no second Paul Martin in the register


def test_a_namesake_of_another_club_said_new_at_the_desk_is_another_player(owner):
    old = services.team_create(tournament=tournament(owner=owner), name="Les As",
                               player1="Paul Martin", player2="Anne Roy", club="Metz")
    new = services.team_create(tournament=tournament(owner=owner), name="B",
                               player1="Paul Martin", player2="Léa Roy", club="Nancy",
                               registered1=services.NEW_REGISTER_PLAYER)
    assert new.first.registered != old.first.registered
    assert new.first.registered.home_club == "Nancy"


def test_a_namesake_of_another_club_chosen_at_the_desk_is_the_same_player(owner):
    old = services.team_create(tournament=tournament(owner=owner), name="Les As",
                               player1="Mireille Castel", player2="Anne Roy", club="Metz")
    new = services.team_create(tournament=tournament(owner=owner), name="B",
                               player1="Mireille Castel", player2="Léa Roy", club="Nancy",
                               registered1=old.first.registered_id)
    assert new.first.registered == old.first.registered
    assert ClubPlayer.objects.filter(name="Mireille Castel").count() == 1


def test_a_mele_player_namesake_of_another_club_is_asked_about(owner):
    services.player_create(tournament=melee(owner=owner), name="Mireille Castel",
                           club="Metz")
    with pytest.raises(UserError) as asked:
        services.player_create(tournament=melee(owner=owner), name="castel mireille",
                               club="Nancy")
    assert asked.value.field == "name" and "Metz" in asked.value.message
    assert ClubPlayer.objects.count() == 1


def test_a_licence_finds_its_player_whatever_the_name(owner, club):
    known = services.club_player_create(club=club, name="Dupré", first_name="Hélène",
                                        licence="AB12")
    player = services.player_create(tournament=melee(owner=owner), name="H. Dupré",
                                    licence="ab 12")
    assert player.registered == known


def test_a_licence_typed_teaches_the_register_the_one_it_lacked(owner, club):
    known = services.club_player_create(club=club, name="Paul Martin", home_club="Metz")
    player = services.player_create(tournament=melee(owner=owner), name="Paul Martin",
                                    club="Metz", licence="CD34")
    known.refresh_from_db()
    assert player.registered == known and known.licence == "CD34"


def test_the_player_chosen_in_the_form_is_linked_and_lends_its_licence(owner, club):
    chosen = services.club_player_create(club=club, name="Dupré", first_name="Hélène",
                                         licence="AB12")
    t = tournament(owner=owner)
    team = services.team_create(tournament=t, name="Les As", player1="Hélène Dupré",
                                player2="Paul Martin", registered1=chosen.pk)
    assert team.first.registered == chosen and team.first.licence == "AB12"


def test_a_player_of_another_club_cannot_be_chosen_and_nothing_changes(owner):
    stranger = services.club_player_create(
        club=services.club_of_organiser(organiser("voisin")), name="Secret")
    t = tournament(owner=owner)
    before = snapshot()
    with pytest.raises(UserError) as refused:
        services.team_create(tournament=t, name="Les As", player1="Secret",
                             player2="Paul Martin", registered1=stranger.pk)
    assert refused.value.field == "player1"
    assert snapshot() == before and not t.teams.exists()


def test_a_player_chosen_twice_in_a_concours_is_refused(owner, club):
    chosen = services.club_player_create(club=club, name="Dupré")
    t = tournament(owner=owner)
    services.team_create(tournament=t, name="A", player1="Dupré", player2="X",
                         registered1=chosen.pk)
    with pytest.raises(UserError) as refused:
        services.team_create(tournament=t, name="B", player1="Dupré", player2="Y",
                             registered2=chosen.pk)
    assert refused.value.field == "player2" and "déjà inscrit" in refused.value.message
    with pytest.raises(UserError, match="deux fois dans l'équipe"):
        services.team_create(tournament=t, name="C", player1="Dupré", player2="Dupré",
                             registered1=chosen.pk, registered2=chosen.pk)
    assert t.teams.count() == 1


def test_one_name_twice_in_a_team_is_refused_typed_or_chosen(owner, club):
    """Typed twice, the second was left out of the register and the season; chosen twice,
    it was said « déjà inscrit à ce concours » of a player not yet in it."""
    t = tournament(owner=owner)
    with pytest.raises(UserError) as refused:
        services.team_create(tournament=t, name="Les Capots", player1="Fabre Pierre",
                             player2="FABRE  pierre")
    assert refused.value.field == "player2" and "deux fois dans l'équipe" in str(refused.value)
    marie = services.club_player_create(club=club, name="Fabre", first_name="Marie")
    with pytest.raises(UserError) as refused:
        services.team_create(tournament=t, name="Les Capots", player1="Marie Fabre",
                             player2="Marie Fabre", registered1=marie.pk,
                             registered2=marie.pk)
    assert "deux fois dans l'équipe" in str(refused.value)
    team = services.team_create(tournament=t, name="Les Capots", player1="Pierre Fabre",
                                player2="Pierre Fabre fils")
    with pytest.raises(UserError, match="deux fois dans l'équipe"):
        services.team_update(team=team, player2="Pierre Fabre")
    assert t.teams.get().second.name == "Pierre Fabre fils"
    # A file's line too, named by its number; nothing of the file registered.
    with pytest.raises(UserError, match="Ligne 3 : Joueur 2 : « Ana Roux » deux fois"):
        services.teams_import(tournament=t, lines=[
            services.ImportLine(2, "Les Rois", "Carl Petit", "Dan Ruiz", ""),
            services.ImportLine(3, "Les Dames", "Ana Roux", "Ana Roux", "")])
    assert t.teams.count() == 1
    # A team of before the check, one name twice: its other changes still go (its page posts
    # both names back), and its journal's undo.
    Player.objects.filter(pk=team.second_id).update(name="Pierre Fabre")
    team.refresh_from_db()
    services.team_update(team=team, name="Les Capots bis", player1="Pierre Fabre",
                         player2="Pierre Fabre")
    services.team_withdraw(team=team)
    assert t.teams.get().name == "Les Capots bis" and not t.teams.get().active


def test_an_anonymised_player_is_never_chosen(owner, club):
    gone = services.club_player_create(club=club, name="Dupré")
    services.club_player_anonymise(player=gone)
    with pytest.raises(UserError):
        services.player_create(tournament=melee(owner=owner), name="Dupré",
                               registered=gone.pk)


# --- Merging -----------------------------------------------------------------------------------


@pytest.fixture
def twice(owner, club):
    """« Hélène Dupré » registered twice: once with her licence, once without (another
    concours, the name typed otherwise)."""
    first, second = tournament(owner=owner), tournament(owner=owner)
    a = services.team_create(tournament=first, name="Les As", player1="Hélène Dupré",
                             player2="Paul Martin", club="Metz", licence1="AB12")
    b = services.team_create(tournament=second, name="Les Rois", player1="Dupré H.",
                             player2="Anne Roy", club="Metz")
    return a.first.registered, b.first.registered


def test_a_merge_moves_the_duplicates_concours_and_removes_it(twice):
    kept, duplicate = twice
    gone = duplicate.pk
    entry = services.club_player_merge(kept=duplicate, duplicate=kept)  # kept: no licence
    assert not ClubPlayer.objects.filter(pk=kept.pk).exists()
    duplicate.refresh_from_db()
    assert duplicate.entries.count() == 2 and duplicate.licence == "AB12"
    assert entry.action == "merge" and entry.player_id == gone


def test_a_merge_is_undone_with_its_id_uid_and_concours(twice):
    kept, duplicate = twice
    uid, entrants = duplicate.uid, set(duplicate.entries.values_list("pk", flat=True))
    before = snapshot()[:2]
    entry = services.club_player_merge(kept=kept, duplicate=duplicate)
    restored = services.club_player_merge_undo(entry=entry)
    assert (restored.pk, restored.uid) == (duplicate.pk, uid)
    assert set(restored.entries.values_list("pk", flat=True)) == entrants
    assert snapshot()[:2] == before
    entry.refresh_from_db()
    assert entry.undone is not None
    with pytest.raises(UserError):
        services.club_player_merge_undo(entry=entry)


def test_a_merge_is_not_undone_once_the_kept_player_changed(twice):
    kept, duplicate = twice
    entry = services.club_player_merge(kept=kept, duplicate=duplicate)
    services.club_player_update(player=kept, first_name="Hélène")
    before = snapshot()
    with pytest.raises(UserError):
        services.club_player_merge_undo(entry=entry)
    assert snapshot() == before


def test_two_players_of_one_concours_are_not_merged(owner):
    team = services.team_create(tournament=tournament(owner=owner), name="A",
                                player1="Paul Martin", player2="Paule Martin")
    before = snapshot()
    with pytest.raises(UserError) as refused:
        services.club_player_merge(kept=team.first.registered,
                                   duplicate=team.second.registered)
    assert "même concours" in refused.value.message
    assert snapshot() == before


def test_two_licences_are_two_people(club):
    a = services.club_player_create(club=club, name="Dupré", licence="AB12")
    b = services.club_player_create(club=club, name="Dupré", licence="CD34")
    before = snapshot()
    with pytest.raises(UserError):
        services.club_player_merge(kept=a, duplicate=b)
    with pytest.raises(UserError):
        services.club_player_merge(kept=a, duplicate=a)
    assert snapshot() == before


# --- Anonymising -------------------------------------------------------------------------------


def test_anonymising_erases_the_name_everywhere_and_keeps_the_results(owner, club):
    t = tournament(owner=owner, teams=3)
    team = services.team_create(tournament=t, name="Dupré et Martin",
                                player1="Hélène Dupré", player2="Paul Martin", club="Metz",
                                licence1="AB12")
    services.team_update(team=team, player1="Hélène Dupré")  # a journal entry more
    services.round_generate(tournament=t, seed=3)
    play_partie(t.rounds.get())
    from tournament.selectors import standings

    results = [(row.entrant, row.points, row.wins) for row in standings(t)]
    player = team.first.registered
    services.club_player_anonymise(player=player)

    player.refresh_from_db()
    assert (player.name, player.first_name, player.licence, player.home_club,
            player.anonymised) == (f"Joueur n° {player.pk}", "", "", "", True)
    team.refresh_from_db()
    assert team.player1 == f"Joueur n° {player.pk}" and team.first.licence == ""
    assert team.name == f"Équipe n° {team.number}"  # it was named after her
    assert team.player2 == "Paul Martin"  # her partner keeps his name
    assert [(row.entrant, row.points, row.wins) for row in standings(t)] == results
    journal = repr(list(AuditEntry.objects.values_list("before", "after")))
    assert "Dupré" not in journal and "AB12" not in journal
    assert AuditEntry.objects.filter(action="anonymise", kind="team").exists()
    log = repr(list(RegisterEntry.objects.values_list("before", "after")))
    assert "Dupré" not in log and "AB12" not in log
    with pytest.raises(UserError):
        services.club_player_anonymise(player=player)
    with pytest.raises(UserError):
        services.club_player_update(player=player, name="Dupré")


def test_a_team_named_otherwise_keeps_its_name(owner):
    team = services.team_create(tournament=tournament(owner=owner), name="Les Duprés du coin",
                                player1="Hélène Dupré", player2="Paul Martin")
    services.club_player_anonymise(player=team.first.registered)
    team.refresh_from_db()
    assert team.name == "Les Duprés du coin"  # « Duprés » is not her name


def test_anonymising_a_melee_player_renames_the_parties_teams(owner):
    t = melee(owner=owner, players=7)
    services.player_update(player=t.players.get(number=3), licence="XY9")
    melee_partie(t)
    player = t.players.get(number=3)
    services.club_player_anonymise(player=player.registered)
    player.refresh_from_db()
    assert (player.name, player.club, player.licence) == (
        f"Joueur n° {player.registered_id}", "", "")
    names = list(Team.objects.filter(round__isnull=False).values_list("name", flat=True))
    assert not any("Joueur 3" in name.split(" et ") for name in names)
    assert any(f"Joueur n° {player.registered_id}" in name for name in names)
    journal = repr(list(AuditEntry.objects.values_list("before", "after")))
    assert "'Joueur 3'" not in journal and "XY9" not in journal


def test_a_licence_given_at_the_desk_is_learnt_by_the_register_unless_taken():
    t = melee(players=3)
    first, second = t.players.get(number=1), t.players.get(number=2)
    services.player_update(player=first, licence="AB 12")
    first.registered.refresh_from_db()
    assert first.registered.licence == "AB 12"
    assert RegisterEntry.objects.filter(player=first.registered, action="update").exists()
    # Another player of the club holds it: the register keeps its entry without licence.
    ClubPlayer.objects.filter(pk=first.registered.pk).update(licence="")
    services.club_player_create(club=t.club, name="Autre", licence="CD 34")
    services.player_update(player=second, licence="cd34")
    second.registered.refresh_from_db()
    assert second.registered.licence == ""


def test_anonymising_scrubs_the_caisse_s_and_the_arrivals_entries_too(owner):
    """The caisse names an entrant « 16. L'Équipe à Dédé », the arrivals by its name: both
    kept the old team name after the anonymisation (the journal page, the backup)."""
    t = tournament(owner=owner, teams=2)
    team = services.team_create(tournament=t, name="L'Équipe à Dédé", player1="Dédé Roux",
                                player2="Léandre Petit")
    services.fee_set(tournament=t, fee=500, fee_per="team")
    services.payment_take(tournament=t, number=team.number, method="especes")
    services.entrant_arrive(tournament=t, team=team, arrived=True)
    services.club_player_anonymise(player=team.first.registered)
    team.refresh_from_db()
    assert team.name == f"Équipe n° {team.number}"
    journal = repr(list(AuditEntry.objects.filter(tournament=t)
                        .values_list("kind", "before", "after")))
    assert "Dédé" not in journal and "Roux" not in journal
    assert f"{team.number}. Équipe n° {team.number}" in journal  # the caisse's entry
    assert "Léandre Petit" in journal  # his partner's name, a word apart, stays whole


def test_anonymising_a_melee_player_keeps_another_players_club_in_the_journal(owner):
    """Its own club is erased from its own entries only: « Metz » of another player stays."""
    t = melee(owner=owner, players=0)
    gone = services.player_create(tournament=t, name="Dédé Roux", club="Metz", licence="Z9")
    services.player_create(tournament=t, name="Léa Petit", club="Metz")
    services.club_player_anonymise(player=gone.registered)
    mine = repr(list(AuditEntry.objects.filter(tournament=t, number=gone.number)
                     .values_list("before", "after")))
    theirs = repr(list(AuditEntry.objects.filter(tournament=t).exclude(number=gone.number)
                       .values_list("before", "after")))
    assert "Metz" not in mine and "Z9" not in mine and "Dédé" not in mine
    assert "Metz" in theirs and "Léa Petit" in theirs


def test_anonymising_touches_no_other_entrant_s_entries_and_every_name_it_had(owner):
    """Two « Jean Martin » of two teams are two people, « Marie Dupont-Moretti » another
    than « Marie Dupont »; a name corrected at the desk (« Jean Dupnt ») is gone too."""
    t = tournament(owner=owner, teams=0)
    ours = services.team_create(tournament=t, name="Les As", player1="Jean Dupnt",
                                player2="Marie Dupont")
    services.team_update(team=ours, player1="Jean Martin")  # the name corrected
    services.team_create(tournament=t, name="Les Rois", player1="Jean Martin",
                         player2="Marie Dupont-Moretti", club="Metz")
    services.club_player_anonymise(player=Team.objects.get(pk=ours.pk).first.registered)
    other = repr(list(AuditEntry.objects.filter(tournament=t, kind="team", number=2)
                      .values_list("before", "after")))
    assert "'Jean Martin'" in other and "Marie Dupont-Moretti" in other
    mine = repr(list(AuditEntry.objects.filter(tournament=t, kind="team", number=1)
                     .values_list("before", "after")))
    assert "Jean Martin" not in mine and "Dupnt" not in mine and "Marie Dupont" in mine
