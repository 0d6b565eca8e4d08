"""A whole tournament as one JSON document, and back.

The document names things as people do (team numbers, partie and table numbers), never by
database keys, so it can be restored into any database. Scores are written for whoever reads
the file, but on import they are recomputed from the donnes: a file edited by hand cannot
bring in a score the rules do not give, and a bad file changes nothing (one transaction).
"""

from __future__ import annotations

import datetime
import json
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from scoring import ScoringError

from . import services
from .models import RULE_FIELDS, AuditEntry, DonneRecord, Game, Round, Team, Tournament
from .services import UserError

FORMAT = "concours-belote"
VERSION = 1
TOURNAMENT_FIELDS = ["name", "slug", "place", "preset", *RULE_FIELDS, "parties_planned",
                     "criteria", "bye_points", "forfeit_points", "published"]
TEAM_FIELDS = ["number", "name", "player1", "player2", "club", "active"]
DONNE_FIELDS = ["number", "taker", "contract", "capot_bid", "trump", "coinche", "taker_points",
                "capot", "belote_ns", "belote_ew", "annonces_ns", "annonces_ew", "version"]
RESULT_FIELDS = ["score_ns", "score_ew", "finished", "winner", "played"]
AUDIT_FIELDS = ["actor", "kind", "action", "round_number", "table", "number", "before", "after"]


def export_data(tournament: Tournament) -> dict[str, Any]:
    games = (Game.objects.filter(round__tournament=tournament)
             .select_related("round", "team_ns", "team_ew").order_by("round__number", "table"))
    donnes: dict[int, list[dict]] = {}
    for record in DonneRecord.objects.filter(game__round__tournament=tournament).order_by(
            "game_id", "number"):
        donnes.setdefault(record.game_id, []).append(
            {name: getattr(record, name) for name in DONNE_FIELDS})
    rounds: dict[int, dict] = {}
    for round_ in tournament.rounds.order_by("number"):
        rounds[round_.pk] = {"number": round_.number, "seed": round_.seed,
                             "closed": round_.closed, "games": []}
    for game in games:
        rounds[game.round_id]["games"].append({
            "table": game.table, "ns": game.team_ns.number,
            "ew": game.team_ew.number if game.team_ew else None,
            "first_dealer": game.first_dealer, "forfeit": game.forfeit, "token": game.token,
            "donnes": donnes.get(game.pk, []),
            "result": {name: getattr(game, name) for name in RESULT_FIELDS},
        })
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {"date": tournament.date.isoformat(),
                       **{name: getattr(tournament, name) for name in TOURNAMENT_FIELDS}},
        "teams": [{name: getattr(team, name) for name in TEAM_FIELDS}
                  for team in tournament.teams.order_by("number")],
        "rounds": list(rounds.values()),
        "audit": [{"at": entry.at.isoformat(), "user": entry.user.get_username()
                   if entry.user else None,
                   **{name: getattr(entry, name) for name in AUDIT_FIELDS}}
                  for entry in tournament.audit.select_related("user").order_by("at", "id")],
    }


def export_json(tournament: Tournament) -> str:
    return json.dumps(export_data(tournament), ensure_ascii=False, indent=1)


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise UserError(message)


@transaction.atomic
def import_data(data: Any, *, organiser, replace: bool = False) -> Tournament:
    """Restore a tournament exported by `export_data`, owned by `organiser`. An existing
    tournament with the same slug is replaced only when asked."""
    _check(isinstance(data, dict) and data.get("format") == FORMAT,
           _("Ce fichier n'est pas une sauvegarde de concours."))
    _check(data.get("version") == VERSION,
           _("Version de sauvegarde inconnue : %(v)s.") % {"v": data.get("version")})
    try:
        return _import(data, organiser, replace)
    except UserError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IntegrityError) as error:
        raise UserError(_("Sauvegarde incomplète ou abîmée (%(e)s).") % {"e": error}) from None


def _import(data: dict, organiser, replace: bool) -> Tournament:
    fields = data["tournament"]
    existing = Tournament.objects.filter(slug=fields["slug"]).first()
    if existing is not None:
        _check(replace, _("Le concours « %(slug)s » existe déjà : demandez à le remplacer.")
               % {"slug": fields["slug"]})
        services.tournament_delete(tournament=existing)
    tournament = Tournament(organiser=organiser, date=datetime.date.fromisoformat(fields["date"]),
                            **{name: fields[name] for name in TOURNAMENT_FIELDS})
    services.rules_from({name: getattr(tournament, name) for name in RULE_FIELDS})
    tournament.save()
    teams = {team.number: team for team in Team.objects.bulk_create(
        Team(tournament=tournament, **{name: row[name] for name in TEAM_FIELDS})
        for row in data["teams"])}
    for round_row in data["rounds"]:
        round_ = Round.objects.create(tournament=tournament, number=round_row["number"],
                                      seed=round_row["seed"], closed=round_row["closed"])
        for row in round_row["games"]:
            _check(row["ns"] in teams and (row["ew"] is None or row["ew"] in teams),
                   _("Partie %(n)d, table %(t)d : équipe inconnue.")
                   % {"n": round_.number, "t": row["table"]})
            game = Game.objects.create(
                round=round_, table=row["table"], team_ns=teams[row["ns"]],
                team_ew=teams[row["ew"]] if row["ew"] is not None else None,
                first_dealer=row["first_dealer"], forfeit=row["forfeit"], token=row["token"])
            DonneRecord.objects.bulk_create(
                DonneRecord(game=game, **{name: donne[name] for name in DONNE_FIELDS})
                for donne in row["donnes"])
            try:
                services.game_recompute(game=game, rules=tournament.rules)
            except ScoringError as error:
                raise UserError(_("Partie %(n)d, table %(t)d : %(e)s")
                                % {"n": round_.number, "t": game.table, "e": error.message}
                                ) from None
    users = {user.get_username(): user for user in get_user_model().objects.filter(
        username__in={row["user"] for row in data["audit"] if row["user"]})}
    AuditEntry.objects.bulk_create(
        AuditEntry(tournament=tournament, at=datetime.datetime.fromisoformat(row["at"]),
                   user=users.get(row["user"]), **{name: row[name] for name in AUDIT_FIELDS})
        for row in data["audit"])
    return tournament
