"""Every game's cached scores recomputed under scoring version 2.

Migration 0003 keeps the options that reproduce version-1 scores, but the caches were written
by version 1: where version 2 reads the rule texts differently without an option (the literal
belote exception, a takers' capot taking the defence's annonces before the outcome), a cached
score or winner could differ from what any later recomputation gives — silently, perhaps
after the next partie was drawn on it. So every game is scored again now.

A game version 2 refuses (annonces above 550 for one side, stored before the bound existed)
keeps its version-1 scores and is named on the console: the organiser corrects its donne
(the services then refuse it with the reason, in French) instead of meeting a server error.
"""

from collections import defaultdict

from django.db import migrations

# A frozen copy, not the live `scoring` package: this migration means version 2's scores.
from ._scoring_v2 import Coinche, Donne, Rules, ScoringError, Side, Trump, score_game

RULE_FIELDS = ["game", "counting", "multiply", "surcoinche_factor", "litige", "tie_to_takers",
               "rounding", "sa_ta", "annonces", "target", "max_donnes", "belote_multiplied",
               "belote_in_contract", "demandes_belote", "belote_exception", "beat_defence",
               "capot_points", "max_contract"]
BATCH = 500  # rows a bulk update writes at once


def _donne(record) -> Donne:
    return Donne(
        taker=Side(record.taker) if record.taker else None, contract=record.contract,
        capot_bid=record.capot_bid, trump=Trump(record.trump) if record.trump else None,
        coinche=Coinche(record.coinche), taker_points=record.taker_points,
        capot=Side(record.capot) if record.capot else None, belote_ns=record.belote_ns,
        belote_ew=record.belote_ew, annonces_ns=record.annonces_ns,
        annonces_ew=record.annonces_ew, awarded_ns=record.awarded_ns,
        awarded_ew=record.awarded_ew)


def recompute(apps, schema_editor):
    """Each concours in three queries and its bulk updates: its games, their donnes, then
    the changed donnes and every game written back."""
    Tournament = apps.get_model("tournament", "Tournament")
    Game = apps.get_model("tournament", "Game")
    DonneRecord = apps.get_model("tournament", "DonneRecord")
    for tournament in Tournament.objects.all():
        try:
            rules = Rules(**{name: getattr(tournament, name) for name in RULE_FIELDS})
        except ScoringError as error:
            print(f"  Concours « {tournament.slug} » : règlement refusé ({error.message}) ; "
                  "scores inchangés.")
            continue
        games = list(Game.objects.filter(round__tournament=tournament, team_ew__isnull=False,
                                         forfeit="")
                     .select_related("round").order_by("round__number", "table", "pk"))
        donnes = defaultdict(list)
        records = DonneRecord.objects.filter(
            game__round__tournament=tournament, game__team_ew__isnull=False, game__forfeit="")
        for record in records.order_by("game_id", "number"):
            donnes[record.game_id].append(record)
        changed, scored = [], []
        for game in games:
            records = donnes[game.pk]
            try:
                result = score_game([_donne(r) for r in records], rules,
                                    stop_after=game.stop_after)
            except ScoringError as error:
                print(f"  Concours « {tournament.slug} », partie {game.round.number}, "
                      f"table {game.table} : {error.message} Scores inchangés : corrigez "
                      "cette donne.")
                continue
            for record, score in zip(records, result.donnes, strict=True):
                new = (score.ns, score.ew, score.outcome.value)
                if (record.score_ns, record.score_ew, record.outcome) != new:
                    record.score_ns, record.score_ew, record.outcome = new
                    changed.append(record)
            game.score_ns, game.score_ew = result.ns, result.ew
            game.finished, game.played = result.finished, result.played
            game.winner = result.winner.value if result.winner else ""
            scored.append(game)
        DonneRecord.objects.bulk_update(changed, ["score_ns", "score_ew", "outcome"],
                                        batch_size=BATCH)
        Game.objects.bulk_update(scored, ["score_ns", "score_ew", "finished", "played",
                                          "winner"], batch_size=BATCH)


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0004_donne_keys"),
    ]

    operations = [
        migrations.RunPython(recompute, migrations.RunPython.noop),
    ]
