"""The services' one lock order (services/__init__.py) under load: phones enter donnes while
the organiser changes the rules, calls time and undoes it, closes and reopens the partie,
swaps, seats, draws and undoes, and edits teams, all at once. No deadlock, no error: every
refusal is a French user error.

PostgreSQL only: SQLite has one writer at a time (tests/system/test_sqlite_writers.py);
`make test-postgres`, which CI runs, runs it."""

import threading
import time
from collections import Counter
from collections.abc import Callable

import pytest
from django.db import OperationalError, connection, connections, transaction

from tests.builders import made, tournament
from tournament import services
from tournament.errors import GameGone, UserError
from tournament.models import Game, Team

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="row locks: PostgreSQL's (SQLite locks the whole database)"),
]

ROUNDS = 15  # each worker's operations


def _worker(start: threading.Barrier, outcomes: Counter, errors: list,
            steps: list[Callable[[], object]]) -> threading.Thread:
    def run() -> None:
        try:
            start.wait(timeout=60)
            for step in steps:
                try:
                    step()
                    outcomes["done"] += 1
                except UserError:
                    outcomes["refused"] += 1  # a French answer, as a page shows it
                except OperationalError as error:
                    if "deadlock" in str(error):
                        outcomes["deadlock"] += 1
                    else:
                        errors.append(repr(error))
                except Exception as error:  # a phone's 500
                    errors.append(repr(error))
        finally:
            connections.close_all()

    return threading.Thread(target=run)


def test_phones_entries_and_organiser_changes_at_once_never_deadlock():
    concours = tournament(teams=9, target=None, max_donnes=32)  # four tables and a bye
    round_ = services.round_generate(tournament=concours, seed=1)
    games = list(Game.objects.filter(round=round_, team_ew__isnull=False).order_by("table"))
    teams = list(Team.objects.filter(tournament=concours).order_by("number"))
    tables = [game.table for game in games]
    late = [services.team_create(tournament=concours, name=f"En retard {index}",
                                 player1="A", player2="B") for index in range(3)]

    def phone(game: Game) -> list[Callable[[], object]]:
        return [lambda: services.donne_record(game=game, side="NS", number=None,
                                             donne=made(points=90))
                for _step in range(ROUNDS)]

    def rules() -> list[Callable[[], object]]:
        return [lambda step=step: (
            services.tournament_rules_update(
                tournament=concours, forfeit_points=300 + step, rounding=bool(step % 2),
                confirm=True),
            services.tournament_format_update(
                tournament=concours, exempt_rule="average" if step % 2 else "fixed"))
            for step in range(ROUNDS)]

    def partie() -> list[Callable[[], object]]:
        steps: list[Callable[[], object]] = []
        for step in range(ROUNDS):
            steps += [
                lambda: services.round_time_call(round_=round_, in_play=tables),
                lambda: services.round_time_cancel(round_=round_),
                lambda: services.round_close(round_=round_, closed=True),
                lambda: services.round_close(round_=round_, closed=False),
                lambda step=step: services.team_update(team=teams[step % 9],
                                                       name=f"Équipe {step} bis"),
            ]
        return steps

    def draws() -> list[Callable[[], object]]:
        steps: list[Callable[[], object]] = []
        for _step in range(ROUNDS):
            steps += [
                lambda: services.round_swap_teams(round_=round_, team_a=teams[0].pk,
                                                  team_b=teams[1].pk),
                lambda: services.round_undo(round_=round_),
                lambda: services.round_generate(tournament=concours),
                lambda: services.team_forfeit(team=teams[2]),
            ]
        steps += [  # late teams seated while the others play: once each, then refused
            lambda: services.round_seat_new_table(round_=round_, team_ns=late[0],
                                                  team_ew=late[1]),
            lambda: services.round_seat_against_bye(round_=round_, team=late[2]),
            lambda: services.round_seat_as_exempt(round_=round_, team=late[2]),
        ] * 2
        return steps

    outcomes: Counter = Counter()
    errors: list[str] = []
    workers = [phone(game) for game in games] + [rules(), partie(), draws()]
    start = threading.Barrier(len(workers))
    threads = [_worker(start, outcomes, errors, steps) for steps in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert not any(thread.is_alive() for thread in threads)
    assert outcomes["deadlock"] == 0, outcomes
    assert errors == []
    assert outcomes["done"] >= len(games) * 3, outcomes  # the phones got through


def test_a_swap_waiting_for_an_entry_sees_its_donne_and_is_refused():
    concours = tournament(teams=4)
    round_ = services.round_generate(tournament=concours, seed=1)
    game = round_.games.get(table=1)
    team_a, team_b = game.team_ns_id, round_.games.get(table=2).team_ns_id
    entered = threading.Event()
    answers: list[str] = []

    def swap() -> None:
        try:
            entered.wait(timeout=60)
            services.round_swap_teams(round_=round_, team_a=team_a, team_b=team_b)
            answers.append("swapped")
        except UserError as error:
            answers.append(error.message)
        finally:
            connections.close_all()

    thread = threading.Thread(target=swap)
    thread.start()
    with transaction.atomic():
        services.donne_record(game=game, side="NS", number=None, donne=made())
        entered.set()
        time.sleep(0.5)  # the swap is under way, waiting for the entry's locks
    thread.join(timeout=60)
    assert answers and "a commencé" in answers[0]
    game.refresh_from_db()
    assert game.team_ns_id == team_a


def test_an_entry_waiting_for_an_undone_draw_is_told_its_table_is_gone():
    concours = tournament(teams=4)
    round_ = services.round_generate(tournament=concours, seed=1)
    game = round_.games.get(table=1)
    undoing = threading.Event()
    answers: list[object] = []

    def phone() -> None:
        try:
            undoing.wait(timeout=60)
            services.donne_record(game=game, side="NS", number=None, donne=made())
            answers.append("entered")
        except Exception as error:  # a UserError expected; anything else fails below
            answers.append(error)
        finally:
            connections.close_all()

    thread = threading.Thread(target=phone)
    thread.start()
    with transaction.atomic():
        services.round_undo(round_=round_)
        undoing.set()
        time.sleep(0.5)  # the entry is under way, waiting for the undo's locks
    thread.join(timeout=60)
    assert len(answers) == 1 and isinstance(answers[0], GameGone), answers


def test_two_tabs_changing_players_of_a_melee_at_once_never_deadlock():
    from tests.builders import melee

    concours = melee(players=8)
    players = list(concours.players.order_by("number"))
    outcomes: Counter = Counter()
    errors: list[str] = []
    workers = [[lambda step=step, player=player: services.player_update(
        player=player, club=f"Club {step}") for step in range(ROUNDS)]
        for player in players[:4]]
    start = threading.Barrier(len(workers))
    threads = [_worker(start, outcomes, errors, steps) for steps in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert outcomes["deadlock"] == 0, outcomes
    assert errors == [] and outcomes["done"] == 4 * ROUNDS
