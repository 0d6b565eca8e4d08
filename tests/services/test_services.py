"""The services: every write, its validation, and the recomputations it triggers."""

import datetime

import pytest

from scoring import PRESETS, Coinche, Donne, Side, score_game
from tests.builders import made, organiser, play_to_the_end, tournament
from tests.checks import assert_scores_recomputed
from tournament import services
from tournament.errors import UserError
from tournament.models import RULE_FIELDS, AuditEntry, DonneRecord, Game, Tournament
from tournament.services import ImportLine

pytestmark = pytest.mark.django_db


def test_a_tournament_takes_its_preset_and_adjusted_options():
    t = tournament(preset="contrat-seul", target=1500)
    assert t.rules == PRESETS["contrat-seul"].__class__(**{
        **PRESETS["contrat-seul"].__dict__, "target": 1500})


def test_contradictory_options_are_refused_and_nothing_is_saved():
    tournaments, entries = Tournament.objects.count(), AuditEntry.objects.count()
    with pytest.raises(UserError) as error:
        tournament(slug="bad", counting="demandes")  # annonces still on
    assert error.value.field == "annonces"
    assert (Tournament.objects.count(), AuditEntry.objects.count()) == (tournaments, entries)


def test_a_slug_is_taken_once():
    tournament(slug="pareil")
    with pytest.raises(UserError) as error:
        tournament(slug="pareil")
    assert error.value.field == "slug"


def test_teams_are_numbered_and_names_are_unique():
    t = tournament(teams=2)
    assert list(t.teams.values_list("number", flat=True)) == [1, 2]
    with pytest.raises(UserError):
        services.team_create(tournament=t, name="équipe 1", player1="a", player2="b")


def test_an_import_with_a_bad_line_imports_nothing_and_lists_every_bad_line():
    t = tournament(teams=1)
    lines = [
        ImportLine(2, "Les As", "Ana", "Bob", ""),
        ImportLine(3, "", "Cid", "Dan", ""),
        ImportLine(4, "Équipe 1", "Eve", "Fay", ""),
        ImportLine(5, "Les As", "Gus", "Hal", ""),
    ]
    with pytest.raises(UserError) as error:
        services.teams_import(tournament=t, lines=lines)
    assert "Ligne 3" in error.value.message and "Ligne 4" in error.value.message
    assert "Ligne 5" in error.value.message and "Ligne 2" not in error.value.message
    assert t.teams.count() == 1


def test_an_import_registers_every_line_in_order():
    t = tournament(teams=1)
    services.teams_import(tournament=t, lines=[ImportLine(2, "Les As", "Ana", "Bob", "Club")])
    assert list(t.teams.values_list("number", "name", "club")) == [
        (1, "Équipe 1", ""), (2, "Les As", "Club")]


def test_round_one_is_a_seeded_draw_with_a_bye_for_an_odd_count():
    t = tournament(teams=5)
    round_ = services.round_generate(tournament=t, seed=7)
    games = list(round_.games.order_by("table"))
    assert round_.seed == 7
    # The bye is numbered after the real tables, and known by its missing opponent.
    assert [(g.table, g.is_bye) for g in games] == [(1, False), (2, False), (3, True)]
    bye = games[-1]
    assert bye.finished and bye.score_ns == t.bye_points

    other = tournament(teams=5)
    again = services.round_generate(tournament=other, seed=7)
    numbers = lambda r: [(g.team_ns.number, g.team_ew and g.team_ew.number)  # noqa: E731
                         for g in r.games.order_by("table")]
    assert numbers(again) == numbers(round_)


def test_withdrawn_teams_are_left_out_of_the_draw():
    t = tournament(teams=6)
    withdrawn = t.teams.get(number=3)
    services.team_withdraw(team=withdrawn)
    round_ = services.round_generate(tournament=t, seed=1)
    seated = {g.team_ns_id for g in round_.games.all()} | {g.team_ew_id for g in round_.games.all()}
    assert withdrawn.id not in seated and len(seated - {None}) == 5


def test_the_next_round_waits_for_every_table_to_finish():
    t = tournament(teams=4)
    services.round_generate(tournament=t, seed=1)
    with pytest.raises(UserError, match="pas terminée"):
        services.round_generate(tournament=t)


def test_round_two_pairs_by_standings_without_a_rematch():
    t = tournament(teams=4, target=500)
    first = services.round_generate(tournament=t, seed=3)
    for game in first.games.all():
        play_to_the_end(game)
    second = services.round_generate(tournament=t)
    met = {frozenset((g.team_ns_id, g.team_ew_id)) for g in first.games.all()}
    for game in second.games.all():
        assert frozenset((game.team_ns_id, game.team_ew_id)) not in met
    # The two winners of round 1 meet at table 1.
    winners = {g.team_ns_id for g in first.games.all()}
    table_one = second.games.get(table=1)
    assert {table_one.team_ns_id, table_one.team_ew_id} == winners


def test_a_donne_is_scored_and_the_game_totals_equal_score_game():
    t = tournament(teams=2)
    game = services.round_generate(tournament=t, seed=1).games.get()
    services.donne_record(game=game, number=None, donne=made(points=95))
    services.donne_record(game=game, number=None, donne=made(Side.EW, 100, 98))
    game.refresh_from_db()
    expected = score_game([made(points=95), made(Side.EW, 100, 98)], t.rules)
    assert (game.score_ns, game.score_ew, game.played) == (expected.ns, expected.ew, 2)
    assert list(game.donnes.values_list("score_ns", "score_ew")) == [(180, 70), (260, 0)]
    assert_scores_recomputed(game)


def test_an_invalid_donne_is_refused_with_its_field_and_nothing_is_saved():
    t = tournament(teams=2)
    game = services.round_generate(tournament=t, seed=1).games.get()
    with pytest.raises(UserError) as error:
        services.donne_record(game=game, number=None, donne=made(contract=85))
    assert error.value.field == "contract"
    assert not DonneRecord.objects.exists()


def test_correcting_an_earlier_donne_rescores_the_later_ones():
    t = tournament(teams=2)
    game = services.round_generate(tournament=t, seed=1).games.get()
    services.donne_record(game=game, number=None, donne=made(points=81))  # litige, pot 80
    services.donne_record(game=game, number=None, donne=made(Side.EW, 90, 100))
    assert game.donnes.get(number=2).score_ew == 270
    record = game.donnes.get(number=1)
    services.donne_record(game=game, number=1, donne=made(points=95), version=record.version)
    assert game.donnes.get(number=2).score_ew == 190  # no pot any more
    assert game.donnes.get(number=1).version == 2


def test_a_stale_correction_is_refused():
    t = tournament(teams=2)
    game = services.round_generate(tournament=t, seed=1).games.get()
    services.donne_record(game=game, number=None, donne=made())
    services.donne_record(game=game, number=1, donne=made(points=120), version=1)
    with pytest.raises(UserError) as error:
        services.donne_record(game=game, number=1, donne=made(points=90), version=1)
    assert error.value.field == "version"
    assert game.donnes.get(number=1).taker_points == 120


def test_deleting_a_donne_renumbers_and_rescores_the_rest():
    t = tournament(teams=2)
    game = services.round_generate(tournament=t, seed=1).games.get()
    services.donne_record(game=game, number=None, donne=made(points=81))
    services.donne_record(game=game, number=None, donne=made(Side.EW, 90, 100))
    services.donne_delete(game=game, number=1)
    assert list(game.donnes.values_list("number", "score_ew")) == [(1, 190)]
    with pytest.raises(UserError):
        services.donne_delete(game=game, number=5)


def test_a_donne_after_the_end_of_the_game_is_refused():
    t = tournament(teams=2, target=500)
    game = services.round_generate(tournament=t, seed=1).games.get()
    play_to_the_end(game)
    with pytest.raises(UserError, match="terminée"):
        services.donne_record(game=game, number=None, donne=made())


def test_a_forfeit_gives_the_opponent_the_forfeit_points():
    t = tournament(teams=2, forfeit_points=700)
    game = services.round_generate(tournament=t, seed=1).games.get()
    services.game_forfeit(game=game, side="NS")
    game.refresh_from_db()
    assert (game.finished, game.winner, game.score_ns, game.score_ew) == (True, "EW", 0, 700)
    with pytest.raises(UserError, match="forfait"):
        services.donne_record(game=game, number=None, donne=made())
    services.game_forfeit(game=game, side="")
    game.refresh_from_db()
    assert not game.finished


def test_a_rule_change_needs_confirmation_once_donnes_exist_then_recomputes():
    t = tournament(teams=2)
    game = services.round_generate(tournament=t, seed=1).games.get()
    services.donne_record(game=game, number=None, donne=made(points=95))
    with pytest.raises(UserError) as error:
        services.tournament_rules_update(tournament=t, rounding=False)
    assert error.value.field == "confirm"
    assert Game.objects.get(pk=game.pk).score_ns == 180
    assert services.tournament_rules_update(tournament=t, rounding=False,
                                            confirm=True) == ["rounding"]
    assert Game.objects.get(pk=game.pk).score_ns == 175


def test_a_rule_change_that_makes_a_donne_invalid_is_refused_whole():
    t = tournament(teams=2)
    game = services.round_generate(tournament=t, seed=1).games.get()
    services.donne_record(game=game, number=None, donne=made(annonces_ns=50))
    with pytest.raises(UserError):
        services.tournament_rules_update(tournament=t, annonces=False, confirm=True)
    t.refresh_from_db()
    assert t.annonces is True


def test_teams_can_be_swapped_before_the_round_starts_only():
    t = tournament(teams=4)
    round_ = services.round_generate(tournament=t, seed=1)
    one, two = round_.games.get(table=1), round_.games.get(table=2)
    services.round_swap_teams(round_=round_, team_a=one.team_ns_id, team_b=two.team_ew_id)
    assert round_.games.get(table=1).team_ns_id == two.team_ew_id
    assert round_.games.get(table=2).team_ew_id == one.team_ns_id
    services.donne_record(game=one, number=None, donne=Donne())
    with pytest.raises(UserError, match="commencé"):
        services.round_swap_teams(round_=round_, team_a=one.team_ns_id, team_b=two.team_ns_id)


def test_a_coinche_level_reaches_the_score():
    t = tournament(teams=2)
    game = services.round_generate(tournament=t, seed=1).games.get()
    record = services.donne_record(
        game=game, number=None,
        donne=made(contract=120, points=130, coinche=Coinche.COINCHE)).record
    assert (record.score_ns, record.score_ew, record.outcome) == (560, 0, "made")


def test_changing_the_bye_and_forfeit_points_rescores_those_games():
    t = tournament(teams=3)
    round_ = services.round_generate(tournament=t, seed=1)
    forfeited = round_.games.get(table=1)
    services.game_forfeit(game=forfeited, side="EW")
    services.tournament_rules_update(tournament=t, bye_points=800, forfeit_points=600)
    bye, forfeited = round_.games.get(team_ew__isnull=True), round_.games.get(table=1)
    assert not forfeited.is_bye
    assert (bye.score_ns, bye.finished, bye.winner) == (800, True, "NS")
    assert (forfeited.score_ns, forfeited.score_ew) == (600, 0)


def test_a_record_round_trips_a_donne():
    from tournament.models import DonneRecord

    donne = Donne(taker=Side.EW, contract=None, capot_bid=True, trump="TA",
                  coinche=Coinche.SURCOINCHE, taker_points=162, capot=Side.EW, belote_ns=1,
                  belote_ew=2, annonces_ns=0, annonces_ew=150)
    record = DonneRecord()
    record.set_donne(donne)
    assert record.to_donne() == Donne(**{**donne.__dict__, "trump": "TA"})
    assert (record.taker, record.trump, record.coinche, record.capot) == (
        "EW", "TA", "surcoinche", "EW")


# --- Explicit arguments, and every text checked as the forms check it ----------------------


@pytest.mark.parametrize("update", [
    services.tournament_details_update, services.tournament_rules_update,
    services.tournament_format_update, services.tournament_results_update])
def test_a_tournament_update_takes_no_field_it_does_not_name(update):
    t = tournament()
    thief = organiser("voleur")
    with pytest.raises(TypeError):
        update(tournament=t, organiser_id=thief.pk)
    with pytest.raises(TypeError):
        update(tournament=t, slug="ailleurs", published=False)
    t.refresh_from_db()
    assert t.organiser != thief and t.slug != "ailleurs" and t.published


def test_the_rules_update_takes_every_rule_option_by_name_and_keeps_those_left_out():
    # It takes each option of scoring.Rules by name (one added there needs nothing more here),
    # and no other name.
    t = tournament(teams=2)
    every_option = {option: getattr(t.rules, option) for option in RULE_FIELDS}
    assert services.tournament_rules_update(tournament=t, **every_option) == []
    with pytest.raises(TypeError):
        services.tournament_rules_update(tournament=t, not_an_option=True)
    assert services.tournament_rules_update(tournament=t, max_donnes=12, target=None) == [
        "target", "max_donnes"]
    t.refresh_from_db()
    assert (t.target, t.max_donnes, t.rounding) == (None, 12, True)


def test_a_team_update_takes_no_field_it_does_not_name():
    t = tournament(teams=2)
    team = t.teams.get(number=1)
    with pytest.raises(TypeError):
        services.team_update(team=team, number=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        services.team_update(team=team, tournament_id=tournament().pk)  # type: ignore[call-arg]
    assert list(t.teams.values_list("number", "name")) == [(1, "Équipe 1"), (2, "Équipe 2")]


@pytest.mark.parametrize("slug", ["a/b", "new", "Majuscules", "", "é", "x" * 61])
def test_a_slug_the_address_cannot_hold_is_refused(slug):
    count = Tournament.objects.count()
    with pytest.raises(UserError) as error:
        tournament(slug=slug)
    assert error.value.field == "slug" and "Adresse" in error.value.message
    assert Tournament.objects.count() == count


def test_the_texts_of_a_tournament_are_normalised_and_checked():
    t = tournament(name="  Fe\u0302te   du  village ", place="Salle\u00a0des fêtes")
    assert (t.name, t.place) == ("Fête du village", "Salle des fêtes")
    for name, field in (("\u200b", "name"), ("x" * 201, "name"), ("Nul\x00", "name"),
                        ("Deux\tmots", "name"), ("\u3164", "name")):
        with pytest.raises(UserError) as error:
            services.tournament_details_update(tournament=t, name=name)
        assert error.value.field == field
    with pytest.raises(UserError) as error:
        services.tournament_details_update(tournament=t, place="\x1b[31m")
    assert error.value.field == "place"
    t.refresh_from_db()
    assert t.name == "Fête du village"


@pytest.mark.parametrize(("options", "field"), [
    ({"criteria": ["wins", "chance"]}, "criteria"),
    ({"criteria": []}, "criteria"),
    ({"criteria": ["wins", "wins"]}, "criteria"),
    ({"criteria": "wins"}, "criteria"),
    ({"bye_points": 2**63}, "bye_points"),
    ({"forfeit_points": -1}, "forfeit_points"),
    ({"parties_planned": 40_000}, "parties_planned"),
    ({"parties_planned": True}, "parties_planned"),
    ({"target": 2**31}, "target"),
    ({"max_donnes": 32_768}, "max_donnes"),
])
def test_options_beyond_their_column_or_choices_are_refused(options, field):
    t = tournament()
    before = (Tournament.objects.filter(pk=t.pk).values().get(), AuditEntry.objects.count())
    with pytest.raises(UserError) as error:
        services.tournament_rules_update(tournament=t, **options)
    assert error.value.field == field
    assert (Tournament.objects.filter(pk=t.pk).values().get(),
            AuditEntry.objects.count()) == before


def test_an_unknown_preset_is_refused_in_french():
    with pytest.raises(UserError) as error:
        services.tournament_create(organiser=organiser(), name="X", slug="x",
                                   date=datetime.date(2026, 1, 1), preset="poker")
    assert error.value.field == "preset" and not Tournament.objects.filter(slug="x").exists()


def test_team_texts_are_normalised_and_invisible_names_refused():
    t = tournament()
    team = services.team_create(tournament=t, name=" Les  As ", player1="Ana\u00a0Lys",
                                player2="Bob", club="  ")
    assert (team.name, team.player1, team.club) == ("Les As", "Ana Lys", "")
    for name in ("\u200b", "\u200b\u200c", "x" * 121, "Tab\x07"):
        with pytest.raises(UserError) as error:
            services.team_create(tournament=t, name=name, player1="a", player2="b")
        assert error.value.field == "name"
    with pytest.raises(UserError) as error:
        services.team_update(team=team, player2="\x00")
    assert error.value.field == "player2"
    assert list(t.teams.values_list("name", "second__name")) == [("Les As", "Bob")]


def test_a_name_typed_with_a_combining_accent_is_the_same_team():
    t = tournament()
    services.team_create(tournament=t, name="Élan", player1="a", player2="b")
    with pytest.raises(UserError, match="déjà inscrite"):
        services.team_create(tournament=t, name="E\u0301LAN", player1="c", player2="d")
    other = services.team_create(tournament=t, name="Elan", player1="c", player2="d")
    with pytest.raises(UserError, match="déjà inscrite"):
        services.team_update(team=other, name="e\u0301lan")
    assert t.teams.count() == 2


def test_an_import_compares_names_as_the_form_does_and_checks_every_text():
    t = tournament()
    services.team_create(tournament=t, name="Élan", player1="a", player2="b")
    lines = [
        ImportLine(2, "E\u0301lan", "Ana", "Bob", ""),  # the registered team, decomposed
        ImportLine(3, "Les As", "Cid", "Dan", ""),
        ImportLine(4, "LES AS", "Eve", "Fay", ""),  # twice in the file
        ImportLine(5, "x" * 5000, "Gus", "Hal", ""),
        ImportLine(6, "Nul", "Ian\x00", "Jo", ""),
        ImportLine(7, "\u200b", "Kim", "Lou", ""),
    ]
    with pytest.raises(UserError) as error:
        services.teams_import(tournament=t, lines=lines)
    for line in (2, 4, 5, 6, 7):
        assert f"Ligne {line} :" in error.value.message
    assert "Ligne 3" not in error.value.message
    assert t.teams.count() == 1 and AuditEntry.objects.filter(action="import").count() == 0
    teams = services.teams_import(tournament=t, lines=[ImportLine(2, " Les  As", "Ana", "Bob",
                                                                  "Club\u00a0A")])
    assert [(team.number, team.name, team.club) for team in teams] == [(2, "Les As", "Club A")]


@pytest.mark.parametrize("seed", [2**63, -1, True])
def test_a_seed_beyond_its_column_is_refused_before_the_draw(seed):
    t = tournament(teams=4)
    with pytest.raises(UserError, match="Graine du tirage"):
        services.round_generate(tournament=t, seed=seed)
    assert not t.rounds.exists()


@pytest.mark.parametrize(("option", "value"), [("max_donnes", 3000), ("target", 20_000),
                                               ("parties_planned", 31), ("forfeit_points", -1)])
def test_the_services_hold_the_rules_forms_bounds(option, value):
    # One table of bounds (bounds.py): a journal restore or a script cannot store a 3,000-donne
    # partie the rules form refuses.
    t = tournament()
    with pytest.raises(UserError) as error:
        services.tournament_rules_update(tournament=t, **{option: value})
    assert error.value.field == option and "un nombre entier de" in error.value.message
    t.refresh_from_db()
    assert getattr(t, option) != value
