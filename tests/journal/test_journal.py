"""The audit log: every change of a donne, a pairing, a team or the rules says who, when,
before and after; the organiser sees a table's history and restores an earlier value."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from scoring import Side
from tests.builders import made, organiser, tournament
from tests.checks import assert_scores_recomputed
from tournament import journal as audit
from tournament import services
from tournament.errors import UserError
from tournament.journal import Actor
from tournament.models import AuditEntry, DonneRecord, Game, Tournament

pytestmark = pytest.mark.django_db
OWNER = "arbitre"  # the conftest's owner, as the journal names it


CONCOURS = {"slug": "journal", "seed": 3}  # the conftest's concours: two tables


def game_of(t, number=1) -> Game:
    return Game.objects.get(round__tournament=t, round__number=1, table=number)


def test_each_donne_change_is_logged_with_who_before_and_after(owner, concours):
    game = game_of(concours)
    by = Actor.of_user(owner)
    services.donne_record(game=game, number=None, donne=made(points=100), by=by)
    services.donne_record(game=game, number=1, donne=made(points=70), by=Actor.of_table(game))
    services.donne_delete(game=game, number=1, by=by)
    entries = list(AuditEntry.objects.filter(kind="donne").order_by("at", "id"))
    assert [(e.action, e.actor) for e in entries] == [
        ("create", "arbitre"), ("update", "Table 1 (lien)"), ("delete", "arbitre")]
    create, update, delete = entries
    assert create.before is None and create.after["taker_points"] == 100
    assert update.before["taker_points"] == 100 and update.after["taker_points"] == 70
    assert delete.before["taker_points"] == 70 and delete.after is None
    assert all((e.round_number, e.table, e.number) == (1, 1, 1) for e in entries)
    assert create.user == owner and update.user is None


def test_a_refused_donne_logs_nothing(concours):
    with pytest.raises(UserError):
        services.donne_record(game=game_of(concours), number=None, donne=made(contract=85))
    assert not AuditEntry.objects.filter(kind="donne").exists()


def test_team_rules_and_pairing_changes_are_logged(owner, concours):
    by = Actor.of_user(owner)
    team = concours.teams.get(number=2)
    services.team_update(team=team, name="Les Rebaptisés", by=by)
    services.team_withdraw(team=team, by=by)
    services.tournament_rules_update(tournament=concours, rounding=False, by=by)
    game = game_of(concours)
    services.round_swap_teams(round_=concours.rounds.get(), team_a=game.team_ns_id,
                              team_b=game_of(concours, 2).team_ns_id, by=by)
    actions = list(AuditEntry.objects.exclude(kind="donne").order_by("at", "id")
                   .values_list("kind", "action"))
    assert actions[-6:] == [("round", "create"), ("team", "update"), ("team", "withdraw"),
                            ("rules", "update"), ("pairing", "swap"), ("pairing", "swap")]
    rules = AuditEntry.objects.get(kind="rules", action="update")
    assert rules.before["rounding"] is True and rules.after["rounding"] is False
    rename = AuditEntry.objects.get(kind="team", action="update")
    assert (rename.before["name"], rename.after["name"]) == ("Équipe 2", "Les Rebaptisés")


def test_restoring_a_corrected_donne_rescores_the_game(owner, concours):
    game = game_of(concours)
    for points in (100, 90, 120):
        services.donne_record(game=game, number=None, donne=made(points=points))
    services.donne_record(game=game, number=2, donne=made(points=30))  # a slip: now a chute
    slip = AuditEntry.objects.get(kind="donne", action="update")
    services.audit_restore(entry=slip, which="before", by=Actor.of_user(owner))
    assert game.donnes.get(number=2).taker_points == 90
    assert_scores_recomputed(game)
    last = AuditEntry.objects.filter(kind="donne").first()
    assert (last.action, last.before["taker_points"], last.after["taker_points"]) == (
        "update", 30, 90)


def test_restoring_a_deleted_donne_puts_it_back_in_its_place(concours):
    game = game_of(concours)
    for points in (100, 90, 120):
        services.donne_record(game=game, number=None, donne=made(points=points))
    services.donne_delete(game=game, number=2)
    deleted = AuditEntry.objects.get(kind="donne", action="delete")
    services.audit_restore(entry=deleted, which="before")
    assert list(game.donnes.values_list("number", "taker_points")) == [
        (1, 100), (2, 90), (3, 120)]
    assert_scores_recomputed(game)


def test_restoring_before_a_creation_removes_the_donne(concours):
    game = game_of(concours)
    services.donne_record(game=game, number=None, donne=made(points=100))
    services.audit_restore(entry=AuditEntry.objects.get(kind="donne"), which="before")
    assert not game.donnes.exists()
    assert_scores_recomputed(game)


def test_a_restore_the_rules_refuse_changes_nothing(concours):
    services.tournament_rules_update(tournament=concours, max_donnes=2, target=None, confirm=True)
    game = game_of(concours)
    services.donne_record(game=game, number=None, donne=made(points=100))
    services.donne_record(game=game, number=None, donne=made(points=110))
    services.donne_delete(game=game, number=1)
    services.donne_record(game=game, number=None, donne=made(points=90))  # game over again
    deleted = AuditEntry.objects.get(kind="donne", action="delete")
    with pytest.raises(UserError):
        services.audit_restore(entry=deleted, which="before")  # a third donne of two
    assert list(game.donnes.values_list("taker_points", flat=True)) == [110, 90]


def test_changing_the_ranking_criteria_is_logged_and_restorable(concours):
    services.tournament_rules_update(tournament=concours, criteria=["points", "wins"])
    entry = AuditEntry.objects.get(kind="rules", action="update")
    assert entry.before["criteria"] == ["wins", "points", "diff"]
    assert entry.after["criteria"] == ["points", "wins"]
    services.audit_restore(entry=entry)
    concours.refresh_from_db()
    assert concours.criteria == ["wins", "points", "diff"]


def test_the_journal_shows_only_the_options_that_changed(client, owner, concours):
    services.tournament_rules_update(tournament=concours, rounding=False, by=Actor.of_user(owner))
    client.force_login(owner)
    response = client.get(reverse("tournament:journal", args=[concours.slug]) + "?kind=rules")
    rows = response.context["rows"]
    assert (rows[0]["before"], rows[0]["after"]) == ("arrondi : oui", "arrondi : non")
    # AuditEntry.kind has no choices: each entry's and the filter's labels are the registry's.
    page = response.content.decode()
    assert "Règlement : correction" in page
    assert '<a href="?kind=pairing">tables</a>' in page


def test_restoring_a_team_and_the_rules(concours):
    team = concours.teams.get(number=1)
    services.team_update(team=team, name="Faute de frappe")
    services.audit_restore(entry=AuditEntry.objects.get(kind="team", action="update"))
    team.refresh_from_db()
    assert team.name == "Équipe 1"
    services.tournament_rules_update(tournament=concours, litige=False, tie_to_takers=True)
    services.audit_restore(entry=AuditEntry.objects.get(kind="rules", action="update"))
    concours.refresh_from_db()
    assert concours.litige is True and concours.tie_to_takers is False


def test_restoring_a_seating_before_the_round_starts(concours):
    round_ = concours.rounds.get()
    before = {g.table: (g.team_ns_id, g.team_ew_id) for g in round_.games.all()}
    one, two = game_of(concours, 1), game_of(concours, 2)
    services.round_swap_teams(round_=round_, team_a=one.team_ew_id, team_b=two.team_ns_id)
    entry = AuditEntry.objects.filter(kind="pairing", table=1).get()
    services.audit_restore(entry=entry, which="before")
    assert {g.table: (g.team_ns_id, g.team_ew_id) for g in round_.games.all()} == before


def test_the_organiser_sees_a_tables_history_and_restores_from_it(client, owner, concours):
    client.force_login(owner)
    game = game_of(concours)
    url = reverse("tournament:game", args=[concours.slug, 1, 1])
    client.post(url, {"taker": "NS", "contract": "80", "trump": "H", "taker_points": "100"})
    client.post(url, {"number": "1", "version": "1", "key": game.donnes.get(number=1).key,
                      "taker": "NS", "contract": "80", "trump": "H", "taker_points": "40"})
    history = reverse("tournament:history", args=[concours.slug, 1, 1])
    page = client.get(history)
    assert page.status_code == 200
    rows = page.context["rows"]
    assert [row["entry"].action for row in rows] == ["update", "create"]
    assert rows[0]["before"] == "NS 80 ♥ 100 pts" and rows[0]["after"] == "NS 80 ♥ 40 pts"
    response = client.post(reverse("tournament:restore", args=[concours.slug, rows[0]["entry"].pk]),
                           {"which": "before", "next": history})
    assert response.status_code == 302 and response["Location"] == history
    assert game.donnes.get().taker_points == 100
    assert_scores_recomputed(game)


def test_restoring_needs_the_organiser(client, concours):
    game = game_of(concours)
    services.donne_record(game=game, number=None, donne=made(points=100))
    entry = AuditEntry.objects.get(kind="donne")
    client.force_login(organiser("intrus"))
    url = reverse("tournament:restore", args=[concours.slug, entry.pk])
    assert client.post(url, {"which": "before"}).status_code == 404  # another club's
    assert game.donnes.count() == 1


def test_an_entry_is_restored_only_under_its_own_tournament(client, owner, concours):
    other = tournament(owner=owner, teams=2)
    services.round_generate(tournament=other, seed=1)
    foreign = Game.objects.get(round__tournament=other, table=1)
    services.donne_record(game=foreign, number=None, donne=made(points=100))
    entry = AuditEntry.objects.get(kind="donne")
    client.force_login(owner)
    url = reverse("tournament:restore", args=[concours.slug, entry.pk])
    assert client.post(url, {"which": "before"}).status_code == 404
    assert foreign.donnes.count() == 1


# --- Restoring writes only what its kind of entry may change --------------------------------


def snapshot(t) -> tuple:
    """Everything a restore could change, to prove a refused one changed nothing."""
    t = Tournament.objects.get(pk=t.pk)
    return (Tournament.objects.filter(pk=t.pk).values().get(), list(t.teams.values()),
            list(DonneRecord.objects.filter(game__round__tournament=t).values()),
            list(Game.objects.filter(round__tournament=t).values()), t.audit.count())


def test_a_rules_entry_holding_the_organiser_never_changes_the_organiser(concours):
    thief = organiser("voleur")
    services.tournament_rules_update(tournament=concours, rounding=False)
    entry = AuditEntry.objects.get(kind="rules", action="update")
    entry.before = {**entry.before, "organiser_id": thief.pk}
    entry.save()
    before = snapshot(concours)
    with pytest.raises(UserError, match="organiser_id"):
        services.audit_restore(entry=entry, which="before")
    assert snapshot(concours) == before
    assert Tournament.objects.get(pk=concours.pk).organiser.username == "arbitre"


@pytest.mark.parametrize(("kind", "action", "value"), [
    ("team", "update", {"name": "X", "player1": "a", "player2": "b", "club": "",
                        "active": True, "number": 4}),
    ("team", "update", {"name": ["X"], "player1": "a", "player2": "b", "club": "",
                        "active": True}),
    ("team", "update", {"name": "X", "player1": "a", "player2": "b", "club": "",
                        "active": "yes"}),
    ("team", "update", ["name", "X"]),
    ("team", "update", {"name": "X", "player1": "a", "player2": "b", "club": "",
                        "active": True, "licence1": 75, "licence2": ""}),
    ("player", "update", {"name": "Ana", "club": "", "licence": ""}),
    ("player", "update", {"name": "A" * 201, "club": "", "licence": "", "active": True}),
    ("player", "update", {"name": "Ana", "club": "", "licence": None, "active": True}),
    ("rules", "update", {"slug": "ailleurs"}),
    ("rules", "update", {"criteria": [{"deep": ["er"]}]}),
    ("donne", "update", {**dict.fromkeys(audit.DONNE_FIELDS, 0), "game_id": 1}),
    ("donne", "update", {"taker": "NS"}),
    ("donne", "update", "passe"),
    ("pairing", "swap", {"tables": [1, 2]}),
    ("pairing", "forfeit", {"forfeit": "NS", "score_ns": 9999}),
])
def test_a_crafted_entry_is_refused_in_french_and_changes_nothing(concours, kind, action,
                                                                  value):
    game = game_of(concours)
    record = services.donne_record(game=game, number=None, donne=made(points=100)).record
    entry = AuditEntry.objects.create(
        tournament=concours, actor="faussaire", kind=kind, action=action, round_number=1,
        table=1, number=1, donne_key=record.key if kind == "donne" else "", before=value)
    before = snapshot(concours)
    with pytest.raises(UserError, match="abîmée"):
        services.audit_restore(entry=entry, which="before")
    assert snapshot(concours) == before


def test_a_rules_entry_restores_only_the_options_it_holds(concours):
    services.tournament_rules_update(tournament=concours, rounding=False)
    services.tournament_details_update(tournament=concours, name="Autre nom", place="Ailleurs")
    entry = AuditEntry.objects.get(kind="rules", action="update")
    services.tournament_details_update(tournament=concours, name="Troisième nom")
    services.audit_restore(entry=entry, which="before")
    concours.refresh_from_db()
    assert concours.rounding is True
    assert (concours.name, concours.place) == ("Troisième nom", "Ailleurs")


def three_donnes(t):
    game = game_of(t)
    for points in (100, 90, 120):
        services.donne_record(game=game, number=None, donne=made(points=points))
    return game


def test_undoing_a_correction_after_an_earlier_deletion_acts_on_the_same_donne(concours):
    game = three_donnes(concours)
    services.donne_record(game=game, number=3, donne=made(points=130))  # 120 -> 130
    correction = AuditEntry.objects.get(kind="donne", action="update")
    services.donne_delete(game=game, number=1)  # the corrected donne is now number 2
    services.audit_restore(entry=correction, which="before")
    assert list(game.donnes.values_list("number", "taker_points")) == [(1, 90), (2, 120)]
    assert_scores_recomputed(game)
    services.audit_restore(entry=correction, which="after")
    assert list(game.donnes.values_list("number", "taker_points")) == [(1, 90), (2, 130)]


def test_cancelling_an_entry_after_an_earlier_deletion_removes_that_donne(concours):
    game = three_donnes(concours)
    second = AuditEntry.objects.get(kind="donne", action="create", number=2)
    services.donne_delete(game=game, number=1)  # 90 is now number 1, 120 number 2
    services.audit_restore(entry=second, which="before")  # "annuler la saisie" of the 90
    assert list(game.donnes.values_list("number", "taker_points")) == [(1, 120)]
    assert_scores_recomputed(game)


def test_a_donne_changed_since_the_entry_is_not_restored_over(concours):
    game = three_donnes(concours)
    created = AuditEntry.objects.get(kind="donne", action="create", number=3)
    services.donne_record(game=game, number=3, donne=made(Side.EW, 100, 110))
    before = snapshot(concours)
    with pytest.raises(UserError, match="modifiée depuis"):
        services.audit_restore(entry=created, which="before")  # would delete a new input
    assert snapshot(concours) == before


def test_a_deleted_donne_cannot_be_cancelled_again_and_comes_back_with_its_key(concours):
    game = three_donnes(concours)
    key = game.donnes.get(number=2).key
    created = AuditEntry.objects.get(kind="donne", action="create", number=2)
    services.donne_delete(game=game, number=2)
    before = snapshot(concours)
    with pytest.raises(UserError, match="n'existe plus"):
        services.audit_restore(entry=created, which="before")
    assert snapshot(concours) == before
    deleted = AuditEntry.objects.get(kind="donne", action="delete")
    services.audit_restore(entry=deleted, which="before")
    assert game.donnes.get(number=2).key == key
    services.audit_restore(entry=created, which="before")  # the same donne: found again
    assert list(game.donnes.values_list("taker_points", flat=True)) == [100, 120]


def test_an_entry_from_before_donne_keys_acts_only_on_a_donne_it_describes(concours):
    game = three_donnes(concours)
    AuditEntry.objects.filter(kind="donne").update(donne_key="")  # as migration 0004 left them
    second = AuditEntry.objects.get(kind="donne", action="create", number=2)
    services.donne_delete(game=game, number=1)  # number 2 is now the 120
    before = snapshot(concours)
    with pytest.raises(UserError, match="modifiée depuis"):
        services.audit_restore(entry=second, which="before")
    assert snapshot(concours) == before


@pytest.mark.django_db(transaction=True)
def test_migration_0004_gives_existing_donnes_distinct_keys():
    before, after = [("tournament", "0003_scoring_v2")], [("tournament", "0004_donne_keys")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    user = old.get_model("auth", "User").objects.create(username="ancien")
    t = old.get_model("tournament", "Tournament").objects.create(
        name="Ancien", slug="ancien", date=datetime.date(2026, 1, 1), organiser_id=user.pk,
        preset="ffb-coinche", game="coinche", counting="faits", multiply="score",
        surcoinche_factor=4, litige=True, tie_to_takers=False, rounding=True, sa_ta=False,
        annonces=True)
    teams = [old.get_model("tournament", "Team").objects.create(
        tournament=t, number=n, name=f"É{n}", player1="a", player2="b") for n in (1, 2)]
    round_ = old.get_model("tournament", "Round").objects.create(tournament=t, number=1)
    game = old.get_model("tournament", "Game").objects.create(
        round=round_, table=1, team_ns=teams[0], team_ew=teams[1], token="t" * 22)
    for number in (1, 2, 3):
        old.get_model("tournament", "DonneRecord").objects.create(game=game, number=number)
    old.get_model("tournament", "AuditEntry").objects.create(
        tournament=t, actor="x", kind="donne", action="create", number=1)

    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    keys = list(new.get_model("tournament", "DonneRecord").objects.values_list("key", flat=True))
    assert len(set(keys)) == 3 and all(len(key) == 22 for key in keys)
    assert new.get_model("tournament", "AuditEntry").objects.get().donne_key == ""
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())  # back to the latest schema


def test_the_journal_shows_a_crafted_entry_without_reading_it(client, owner, concours):
    AuditEntry.objects.create(tournament=concours, actor="faussaire", kind="donne",
                              action="update", round_number=1, table=1, number=1,
                              before={"taker": "??"}, after=["x"])
    client.force_login(owner)
    response = client.get(reverse("tournament:journal", args=[concours.slug]))
    assert response.status_code == 200
    row = next(row for row in response.context["rows"] if row["entry"].actor == "faussaire")
    assert (row["before"], row["restorable"]) == ("(valeur illisible)", False)


def test_the_journal_describes_a_melees_players_and_a_teams_licences(client, owner):
    from tests.builders import melee

    t = melee(owner=owner, players=1, slug="melee-journal")
    services.player_update(player=t.players.get(), licence="L-1", club="Metz")
    services.player_withdraw(player=t.players.get())
    doublette = tournament(owner=owner, teams=1, slug="licences")
    services.team_update(team=doublette.teams.get(), licence2="B-2")
    client.force_login(owner)
    rows = client.get(reverse("tournament:journal", args=[t.slug])).context["rows"]
    assert [(row["before"], row["after"]) for row in rows[:3]] == [
        ("Joueur 1 (Metz) licence L-1", "Joueur 1 (Metz) licence L-1 (retiré)"),
        ("Joueur 1 (Club A)", "Joueur 1 (Metz) licence L-1"),
        ("—", "Joueur 1 (Club A)"),
    ]
    assert [row["entry"].kind for row in rows] == ["player", "player", "player", "rules"]
    entry = AuditEntry.objects.get(tournament=doublette, kind="team", action="update")
    assert (entry.before["licence2"], entry.after["licence2"]) == ("", "B-2")
    assert audit.well_formed(entry)


def test_the_journal_tells_the_format_options_and_the_lots_in_french(client, owner):
    t = tournament(owner=owner, teams=4, slug="options")
    services.tournament_format_update(tournament=t, draw_method="random", exempt_rule="half",
                                      points_win=4)
    services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Un jambon")
    client.force_login(owner)
    rows = client.get(reverse("tournament:journal", args=[t.slug])).context["rows"]
    lots, options = rows[0], rows[1]
    assert lots["entry"].kind == "rules" and audit.well_formed(lots["entry"])
    assert (lots["before"], lots["after"]) == ("lots : aucun lot", "lots : 1er : Un jambon")
    after = options["after"]
    assert "tirage : Au hasard à chaque partie" in after and "random" not in after
    assert "score d'une exemption : la moitié d'une partie" in after and "half" not in after
    assert "points de classement d'une victoire : 4" in after
    assert options["before"].startswith("tirage : Au classement")
    entry = AuditEntry.objects.filter(kind="rules", action="update").first()
    assert {"draw_method", "exempt_rule", "points_win"} <= set(entry.after)
    # A lots entry of another shape is refused, as any crafted value.
    with pytest.raises(audit.BadValue):
        audit.check_value("rules", "update", {"prizes": [{"start": 1}]})
    with pytest.raises(audit.BadValue):
        audit.check_value("rules", "update", {"prizes": [], "litige": True})
