"""Migration 0005 rescores every game's cached scores under scoring version 2, from a frozen
copy of it (tournament/migrations/_scoring_v2), in bulk: stale caches come back as version 2
computes them, a game it refuses keeps its scores and is named, and the migration never
reads the live `scoring` package (a later scoring change must not rescore old databases)."""

import ast
import importlib
from pathlib import Path

import pytest
from django.apps import apps

from scoring import Coinche, Side
from tests.builders import drawn, made
from tournament import services
from tournament.models import DonneRecord, Game

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("tournament.migrations.0005_recompute_v2")


def caches(game):
    game.refresh_from_db()
    return ((game.score_ns, game.score_ew, game.finished, game.played, game.winner),
            list(game.donnes.order_by("number").values_list("score_ns", "score_ew",
                                                              "outcome")))


def test_stale_caches_are_rescored_and_a_refused_game_keeps_its_scores(capsys,
                                                                        django_assert_max_num_queries):
    t = drawn(teams=4, slug="ancien")
    first, second = Game.objects.filter(round__tournament=t).order_by("table")
    for donne in (made(Side.NS, 80, 100), made(Side.EW, 120, 70),
                  made(Side.NS, 90, 130, coinche=Coinche.COINCHE)):
        services.donne_record(game=first, number=None, donne=donne)
    services.donne_record(game=second, number=None, donne=made(Side.EW, 100, 120))
    scored = caches(first)
    # NS 80 made with 100: 180 – 60; EW's 120 down with 70: 280 to NS; NS 90 coinché made
    # with 130: (160 + 90) × 2 = 500 to NS.
    assert scored == ((960, 60, False, 3, ""), [(180, 60, "made"), (280, 0, "down"),
                                                 (500, 0, "made")])
    # As version 1 left them: caches that no longer match the donnes.
    DonneRecord.objects.filter(game=first).update(score_ns=1, score_ew=2, outcome="down")
    Game.objects.filter(pk=first.pk).update(score_ns=7, score_ew=8, played=0)
    # A donne stored before the bound on annonces existed: version 2 refuses it.
    DonneRecord.objects.filter(game=second).update(annonces_ns=600, score_ns=11)
    Game.objects.filter(pk=second.pk).update(score_ns=13)
    refused = caches(second)

    with django_assert_max_num_queries(6):  # the concours, its games, their donnes, 2 writes
        MIGRATION.recompute(apps, None)

    assert caches(first) == scored
    assert caches(second) == refused
    out = capsys.readouterr().out
    assert "Concours « ancien », partie 1, table 2 : Annonces" in out
    assert "Scores inchangés : corrigez cette donne." in out


def test_the_migration_reads_a_frozen_scoring_not_the_live_package():
    path = Path(MIGRATION.__file__)
    imported = {node.module for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                 if isinstance(node, ast.Import) for alias in node.names}
    assert "scoring" not in imported and not any(name.startswith("scoring.")
                                                 for name in imported if name)
    assert MIGRATION.score_game.__module__ == "tournament.migrations._scoring_v2.game"
