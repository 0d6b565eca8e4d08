"""Migration 0002 gives every existing game its own table-link token before the column
becomes unique (a database from before table links keeps its games)."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournament", "0001_initial")]
AFTER = [("tournament", "0002_safety")]


def test_existing_games_get_distinct_tokens():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    user = old.get_model("auth", "User").objects.create(username="ancien")
    tournament = old.get_model("tournament", "Tournament").objects.create(
        name="Ancien", slug="ancien", date=datetime.date(2026, 1, 1), organiser_id=user.pk,
        preset="ffb-coinche", game="coinche", counting="faits", multiply="score",
        surcoinche_factor=4, litige=True, tie_to_takers=False, rounding=True, sa_ta=False,
        annonces=True)
    Team = old.get_model("tournament", "Team")
    teams = [Team.objects.create(tournament=tournament, number=n, name=f"É{n}", player1="a",
                                 player2="b") for n in range(1, 5)]
    round_ = old.get_model("tournament", "Round").objects.create(tournament=tournament,
                                                                 number=1)
    Game = old.get_model("tournament", "Game")
    Game.objects.create(round=round_, table=1, team_ns=teams[0], team_ew=teams[1])
    Game.objects.create(round=round_, table=2, team_ns=teams[2], team_ew=teams[3])

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    tokens = list(new.get_model("tournament", "Game").objects.values_list("token", flat=True))
    assert len(tokens) == 2 and len(set(tokens)) == 2 and all(len(t) >= 22 for t in tokens)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())  # back to the latest schema
