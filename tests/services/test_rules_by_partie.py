"""Rules by partie: the target and the number of donnes change from a given partie on, the
parties before keep theirs, and every partie records the rules it was played with (so a
backup and a recomputation give the same scores)."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from tests.backup.test_backup import as_version_3
from tests.builders import form_posted, made, tournament
from tests.checks import assert_scores_recomputed
from tournament import services
from tournament.errors import UserError
from tournament.models import AuditEntry, Game, Round, Tournament
from tournament.services import backup

pytestmark = pytest.mark.django_db


def _play(game, donnes: int | None = None) -> None:
    """Enter plain donnes (NS 80 ♥, 100 points) until the game ends, or `donnes` of them."""
    game.refresh_from_db()
    while not game.finished and (donnes is None or game.played < donnes):
        services.donne_record(game=game, number=None, donne=made(points=100))
        game.refresh_from_db()


def _play_round(round_) -> None:
    for game in round_.games.filter(team_ew__isnull=False):
        _play(game)


def _scores(t, numbers) -> list[tuple]:
    return list(Game.objects.filter(round__tournament=t, round__number__in=numbers)
                .order_by("round__number", "table")
                .values_list("score_ns", "score_ew", "finished", "winner", "played"))


@pytest.fixture
def twelve(owner):
    """Four teams, 12 donnes a game (no target), parties 1 and 2 played."""
    t = tournament(owner=owner, teams=4, slug="douze", target=None, max_donnes=12)
    for _partie in (1, 2):
        _play_round(services.round_generate(tournament=t, seed=3))
    return Tournament.objects.get(pk=t.pk)


def test_a_game_of_partie_3_ends_after_8_donnes_while_partie_2_kept_12(twelve):
    services.tournament_rules_update(tournament=twelve, max_donnes=8, from_partie=3)
    third = services.round_generate(tournament=twelve)
    _play_round(third)
    assert set(Game.objects.filter(round=third).values_list("played", flat=True)) == {8}
    assert set(Game.objects.filter(round__number=2, round__tournament=twelve)
               .values_list("played", flat=True)) == {12}
    limits = dict(Round.objects.filter(tournament=twelve).values_list("number", "max_donnes"))
    assert limits == {1: 12, 2: 12, 3: 8}
    twelve.refresh_from_db()
    assert twelve.max_donnes == 8  # the default for the parties drawn later
    assert Round.objects.get(tournament=twelve, number=2).rules.max_donnes == 12


def test_a_partie_records_the_tournaments_end_of_a_game_when_it_is_drawn(twelve):
    first = Round.objects.get(tournament=twelve, number=1)
    assert (first.target, first.max_donnes) == (None, 12)
    # Changed behind the services' back, the tournament no longer rules a partie drawn.
    Tournament.objects.filter(pk=twelve.pk).update(max_donnes=20)
    first.refresh_from_db()
    assert first.rules.max_donnes == 12


def test_a_change_from_partie_3_on_recomputes_partie_3_only_and_parties_1_2_keep_their_scores(
        twelve):
    third = services.round_generate(tournament=twelve)
    game = third.games.get(table=1)
    _play(game, donnes=5)
    before = _scores(twelve, [1, 2])
    with pytest.raises(UserError) as error:  # partie 3 has donnes: confirm first
        services.tournament_rules_update(tournament=twelve, max_donnes=8, from_partie=3)
    assert error.value.field == "confirm" and "parties 3" in error.value.message
    assert Round.objects.get(pk=third.pk).max_donnes == 12
    services.tournament_rules_update(tournament=twelve, max_donnes=8, from_partie=3, confirm=True)
    _play(game)
    game.refresh_from_db()
    assert (game.played, game.finished) == (8, True)
    # A recomputation of every game gives the same scores: each partie by its own rules.
    for each in Game.objects.filter(round__tournament=twelve).select_related(
            "round__tournament"):
        services.game_recompute(game=each)
    assert _scores(twelve, [1, 2]) == before
    assert set(Game.objects.filter(round__tournament=twelve, round__number__in=[1, 2])
               .values_list("played", flat=True)) == {12}
    game.refresh_from_db()
    assert game.played == 8


def test_a_change_the_entered_donnes_refuse_changes_nothing(twelve):
    """Partie 2 has 12 donnes a game: ending it after 10 is refused (the donnes entered go
    beyond the end), naming the game; nothing changes."""
    entries = AuditEntry.objects.count()
    with pytest.raises(UserError) as error:
        services.tournament_rules_update(tournament=twelve, max_donnes=10, from_partie=2,
                                   confirm=True)
    assert "Partie 2" in error.value.message and "pas été changé" in error.value.message
    assert list(Round.objects.filter(tournament=twelve).values_list("max_donnes", flat=True)) \
        == [12, 12]
    assert Tournament.objects.get(pk=twelve.pk).max_donnes == 12
    assert AuditEntry.objects.count() == entries


def test_a_change_from_the_next_partie_to_draw_needs_no_confirmation_and_rescores_nothing(
        twelve):
    before = _scores(twelve, [1, 2])
    changed = services.tournament_rules_update(tournament=twelve, max_donnes=8, target=1000,
                                         from_partie=3)
    assert sorted(changed) == ["max_donnes", "target"]
    assert _scores(twelve, [1, 2]) == before
    entry = AuditEntry.objects.filter(kind="rules", action="update").latest("id")
    assert entry.round_number == 3  # the journal: "Règlement : correction — partie 3"
    assert (entry.before["max_donnes"], entry.after["max_donnes"]) == (12, 8)


def test_the_journal_shows_the_change_and_the_partie_it_starts_from(client, owner, twelve):
    services.tournament_rules_update(tournament=twelve, max_donnes=8, from_partie=3)
    client.force_login(owner)
    page = client.get(reverse("tournament:journal", args=[twelve.slug])).content.decode()
    row = next(line for line in page.split("<tr") if "correction — partie 3" in line)
    assert "nombre de donnes : 12" in row and "nombre de donnes : 8" in row
    assert "illisible" not in page


def test_a_partie_later_than_the_next_to_draw_is_refused_in_french(twelve):
    for wrong in (0, 4, "3", True):
        with pytest.raises(UserError) as error:
            services.tournament_rules_update(tournament=twelve, max_donnes=8, from_partie=wrong)
        assert error.value.field == "from_partie" and "de 1 à 3" in error.value.message
    assert Tournament.objects.get(pk=twelve.pk).max_donnes == 12


def test_the_other_options_still_apply_to_every_partie(twelve):
    services.tournament_rules_update(tournament=twelve, rounding=False, from_partie=3, confirm=True)
    for game in Game.objects.filter(round__tournament=twelve).select_related("round"):
        rules = game.round.rules
        assert (rules.rounding, rules.max_donnes) == (False, 12)
        assert_scores_recomputed(game)
    scores = Game.objects.filter(round__tournament=twelve).values_list("score_ew", flat=True)
    assert any(score % 10 for score in scores)  # unrounded scores were written


def test_a_game_must_still_end_somewhere_in_every_partie(twelve):
    with pytest.raises(UserError) as error:
        services.tournament_rules_update(tournament=twelve, max_donnes=None, from_partie=3)
    assert error.value.field == "target"


def test_a_change_then_a_later_one_keeps_each_partie_its_own(twelve):
    services.tournament_rules_update(tournament=twelve, max_donnes=10, from_partie=3)
    services.round_generate(tournament=twelve)
    services.tournament_rules_update(tournament=twelve, max_donnes=None, target=1000, from_partie=4)
    rules = {round_.number: (round_.rules.target, round_.rules.max_donnes)
             for round_ in Round.objects.filter(tournament=twelve)}
    assert rules == {1: (None, 12), 2: (None, 12), 3: (None, 10)}
    _play_round(Round.objects.get(tournament=twelve, number=3))
    fourth = services.round_generate(tournament=twelve)
    assert (fourth.rules.target, fourth.rules.max_donnes) == (1000, None)


# --- Backups --------------------------------------------------------------------------------


def test_the_backup_round_trip_keeps_each_parties_rules_and_scores(owner, twelve):
    services.tournament_rules_update(tournament=twelve, max_donnes=8, from_partie=3)
    _play_round(services.round_generate(tournament=twelve))
    data = backup.export_data(twelve)
    assert data["version"] >= 3  # the first version recording each partie's end of a game
    assert [(r["target"], r["max_donnes"]) for r in data["rounds"]] == [
        (None, 12), (None, 12), (None, 8)]
    scores = _scores(twelve, [1, 2, 3])
    services.tournament_delete(tournament=twelve)
    restored = backup.import_data(data, organiser=owner)
    assert _scores(restored, [1, 2, 3]) == scores
    assert list(restored.rounds.values_list("max_donnes", flat=True)) == [12, 12, 8]
    assert backup.export_data(restored)["rounds"] == data["rounds"]


def test_a_version_2_file_gives_its_parties_the_tournaments_rules(owner, twelve):
    data = as_version_3(backup.export_data(twelve))  # then without version 3's own fields
    data["version"] = 2
    for row in data["rounds"]:
        del row["target"], row["max_donnes"]
    scores = _scores(twelve, [1, 2])
    services.tournament_delete(tournament=twelve)
    restored = backup.import_data(data, organiser=owner)
    assert _scores(restored, [1, 2]) == scores
    for round_ in restored.rounds.all():
        assert (round_.rules.target, round_.rules.max_donnes) == (None, 12)


@pytest.mark.parametrize("value", [0, 65, -1, "8", True, 8.0])
def test_a_backup_partie_with_a_bad_number_of_donnes_is_refused_in_french(owner, twelve,
                                                                          value):
    data = backup.export_data(twelve)
    data["rounds"][1]["max_donnes"] = value
    with pytest.raises(UserError) as error:
        backup.import_data(data, organiser=owner, replace=True)
    assert error.value.message.startswith("Partie 2, nombre de donnes")
    assert Round.objects.get(tournament=twelve, number=2).max_donnes == 12


def test_a_backup_partie_whose_games_go_beyond_its_own_end_is_refused(owner, twelve):
    data = backup.export_data(twelve)
    data["rounds"][1]["max_donnes"] = 10  # its games hold 12 donnes
    with pytest.raises(UserError) as error:
        backup.import_data(data, organiser=owner, replace=True)
    assert error.value.message.startswith("Partie 2, table")


# --- The rules page --------------------------------------------------------------------------


def test_the_rules_page_offers_the_next_partie_beside_the_number_of_donnes(client, owner,
                                                                         twelve):
    client.force_login(owner)
    url = reverse("tournament:rules", args=[twelve.slug])
    response = client.get(url)
    page = response.content.decode()
    assert response.context["form"]["from_partie"].value() == 3
    assert page.index('name="max_donnes"') < page.index('name="from_partie"')
    assert "À partir de la partie" in page
    assert "parties 1 et 2 en 12 donnes" in page
    # The current partie while none of its donnes is entered.
    third = services.round_generate(tournament=twelve)
    assert client.get(url).context["form"]["from_partie"].value() == 3
    _play(third.games.get(table=1), donnes=1)
    assert client.get(url).context["form"]["from_partie"].value() == 4


def test_the_rules_page_changes_the_donnes_from_a_partie_with_a_confirmation(client, owner,
                                                                            twelve):
    client.force_login(owner)
    url = reverse("tournament:rules", args=[twelve.slug])
    data = form_posted(client.get(url).context["form"])
    data.update({"max_donnes": "8", "from_partie": "2"})
    response = client.post(url, data)
    assert response.status_code == 200
    assert "recalculera les parties 2" in response.content.decode()
    assert Round.objects.get(tournament=twelve, number=2).max_donnes == 12
    data["from_partie"] = "3"  # the next partie: no game touched, no confirmation
    response = client.post(url, data, follow=True)
    assert "à partir de la partie 3" in response.content.decode()
    assert list(Round.objects.filter(tournament=twelve).values_list("max_donnes", flat=True)) \
        == [12, 12]
    assert Tournament.objects.get(pk=twelve.pk).max_donnes == 8


def test_the_rules_page_refuses_a_partie_not_yet_drawable_under_its_field(client, owner,
                                                                         twelve):
    client.force_login(owner)
    url = reverse("tournament:rules", args=[twelve.slug])
    data = form_posted(client.get(url).context["form"])
    data.update({"max_donnes": "8", "from_partie": "7"})
    response = client.post(url, data)
    assert response.context["form"].errors["from_partie"]
    assert Tournament.objects.get(pk=twelve.pk).max_donnes == 12


def test_before_the_first_draw_the_page_has_no_partie_to_choose(client, owner):
    t = tournament(owner=owner, slug="neuf")
    client.force_login(owner)
    page = client.get(reverse("tournament:rules", args=[t.slug])).content.decode()
    assert 'name="from_partie"' not in page


# --- Migration 0006 ---------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_migration_0006_gives_existing_parties_their_tournaments_values():
    before, after = [("tournament", "0005_recompute_v2")], [("tournament", "0006_round_rules")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    user = old.get_model("auth", "User").objects.create(username="ancien")
    made_tournament = old.get_model("tournament", "Tournament").objects.create(
        name="Ancien", slug="ancien", date=datetime.date(2026, 1, 1), organiser_id=user.pk,
        preset="ffb-coinche", game="coinche", counting="faits", multiply="score",
        surcoinche_factor=4, litige=True, tie_to_takers=False, rounding=True, sa_ta=False,
        annonces=True, target=1500, max_donnes=16)
    for number in (1, 2):
        old.get_model("tournament", "Round").objects.create(tournament=made_tournament,
                                                            number=number)
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    assert list(new.get_model("tournament", "Round").objects.values_list(
        "target", "max_donnes")) == [(1500, 16), (1500, 16)]
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())  # back to the latest schema


def test_both_ends_of_a_game_cleared_after_a_draw_is_refused_on_the_page(client):
    """Clearing "partie en" and "nombre de donnes" leaves no rules (a game must end): the
    page says so in French and keeps the concours as stored (the refused form had written
    into the instance the page read: a server error)."""
    from tests.builders import criteria_post, organiser
    from tests.builders import tournament as make_tournament
    from tournament.models import Tournament

    owner = organiser("fins")
    t = make_tournament(owner=owner, teams=5, slug="fins", target=1000)
    services.round_generate(tournament=t, seed=1)
    client.force_login(owner)
    form = client.get(reverse("tournament:rules", args=[t.slug])).context["form"]
    data: dict[str, object] = {}
    for name in form.fields:
        value = form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = value if isinstance(value, list) else str(value)
    data.pop("criteria")
    data.update({"target": "", "max_donnes": "", **criteria_post("wins", "points")})
    response = client.post(reverse("tournament:rules", args=[t.slug]), data)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert errors and "finir" in str(errors), errors
    stored = Tournament.objects.get(pk=t.pk)
    assert (stored.target, stored.max_donnes) == (t.target, t.max_donnes)
