"""Every write of the tournament app: small atomic functions named <thing>_<action>.

Views validate a form and call one of these. A `UserError` carries a French message (and
the field at fault, when there is one) for the form; anything else is a bug.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from django.core import serializers
from django.core.management.color import no_style
from django.db import connection, transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _

from scoring import Donne, DonneScore, GameScore, Rules, ScoringError, Side, score_game

from . import audit, pairing, queries
from .audit import SYSTEM, Actor
from .models import RULE_FIELDS, AuditEntry, DonneRecord, Game, Round, Team, Tournament


class UserError(ValueError):
    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


# --- Tournament -------------------------------------------------------------------------


def rules_from(options: Mapping[str, Any]) -> Rules:
    """Build the rule set, turning scoring's refusal into a user error on the field."""
    try:
        return Rules(**{name: options[name] for name in RULE_FIELDS})
    except ScoringError as error:
        raise UserError(error.message, error.field) from None


@transaction.atomic
def tournament_create(*, organiser, name: str, slug: str, date, place: str = "",
                      preset: str = "ffb-coinche", by: Actor = SYSTEM,
                      **options: Any) -> Tournament:
    tournament = Tournament(organiser=organiser, name=name, slug=slug, date=date, place=place)
    tournament.apply_preset(preset)
    for key, value in options.items():
        setattr(tournament, key, value)
    rules_from({name: getattr(tournament, name) for name in RULE_FIELDS})
    if Tournament.objects.filter(slug=slug).exists():
        raise UserError(_("Cette adresse est déjà prise par un autre concours."), "slug")
    tournament.save()
    audit.log(tournament, by, "rules", "create", after=audit.rules_values(tournament))
    return tournament


def _changed(tournament: Tournament, values: Mapping[str, Any], names: list[str]) -> list[str]:
    return [name for name in names if name in values and values[name] != getattr(
        tournament, name)]


@transaction.atomic
def tournament_update(*, tournament: Tournament, confirm: bool = False, by: Actor = SYSTEM,
                      **values: Any) -> list[str]:
    """Change the tournament; rule changes need `confirm` once donnes exist, then every game
    is recomputed. Returns the names of the rule options that changed."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    changed = _changed(tournament, values, RULE_FIELDS)
    merged = {name: values.get(name, getattr(tournament, name)) for name in RULE_FIELDS}
    rules_from(merged)
    has_donnes = DonneRecord.objects.filter(game__round__tournament=tournament).exists()
    if changed and has_donnes and not confirm:
        raise UserError(
            _("Des donnes sont déjà saisies : changer le règlement recalculera toutes les "
              "parties. Confirmez pour continuer."),
            "confirm",
        )
    points_changed = _changed(tournament, values, ["bye_points", "forfeit_points"])
    before = audit.rules_values(tournament)
    for key, value in values.items():
        setattr(tournament, key, value)
    tournament.save()
    if audit.rules_values(tournament) != before:
        audit.log(tournament, by, "rules", "update", before=before,
                  after=audit.rules_values(tournament))
    if changed or points_changed:
        for game in Game.objects.filter(round__tournament=tournament):
            try:
                game_recompute(game=game, rules=tournament.rules)
            except ScoringError as error:
                raise UserError(
                    _("%(game)s : %(error)s Le règlement n'a pas été changé.")
                    % {"game": game, "error": error.message},
                    error.field,
                ) from None
    return changed


@transaction.atomic
def tournament_delete(*, tournament: Tournament) -> None:
    """Delete a tournament and everything in it (games first: they protect their teams)."""
    Game.objects.filter(round__tournament=tournament).delete()
    tournament.delete()


@transaction.atomic
def tournament_publish(*, tournament: Tournament, published: bool) -> None:
    """Open (or close) the pairings, standings and screen view to everyone."""
    Tournament.objects.filter(pk=tournament.pk).update(published=published)
    tournament.published = published


# --- Teams ------------------------------------------------------------------------------


def _name_taken(tournament: Tournament, name: str, exclude: int | None = None) -> bool:
    # Compared in Python: SQLite's case-insensitive match ignores accents' case (É, é).
    names = tournament.teams.exclude(pk=exclude).values_list("name", flat=True)
    return name.casefold() in {other.casefold() for other in names}


def _next_team_number(tournament: Tournament) -> int:
    return (tournament.teams.aggregate(n=Max("number"))["n"] or 0) + 1


@transaction.atomic
def team_create(*, tournament: Tournament, name: str, player1: str, player2: str,
                club: str = "", number: int | None = None, by: Actor = SYSTEM) -> Team:
    name, player1, player2 = name.strip(), player1.strip(), player2.strip()
    if not (name and player1 and player2):
        raise UserError(_("Une équipe a un nom et deux joueurs."), "name")
    if _name_taken(tournament, name):
        raise UserError(_("L'équipe « %(name)s » est déjà inscrite.") % {"name": name}, "name")
    number = number or _next_team_number(tournament)
    if tournament.teams.filter(number=number).exists():
        raise UserError(_("Le numéro %(n)d est déjà pris.") % {"n": number}, "number")
    team = Team.objects.create(tournament=tournament, number=number, name=name,
                               player1=player1, player2=player2, club=club.strip())
    audit.log(tournament, by, "team", "create", after=audit.team_values(team), number=number)
    return team


@transaction.atomic
def team_update(*, team: Team, by: Actor = SYSTEM, action: str = "update",
                **values: Any) -> Team:
    team = Team.objects.select_for_update().select_related("tournament").get(pk=team.pk)
    name = values.get("name", team.name).strip()
    if not name or not values.get("player1", team.player1).strip() or not values.get(
            "player2", team.player2).strip():
        raise UserError(_("Une équipe a un nom et deux joueurs."), "name")
    if _name_taken(team.tournament, name, exclude=team.pk):
        raise UserError(_("L'équipe « %(name)s » est déjà inscrite.") % {"name": name}, "name")
    before = audit.team_values(team)
    for key, value in values.items():
        setattr(team, key, value.strip() if isinstance(value, str) else value)
    team.save()
    if audit.team_values(team) != before:
        audit.log(team.tournament, by, "team", action, before=before,
                  after=audit.team_values(team), number=team.number)
    return team


def team_withdraw(*, team: Team, active: bool = False, by: Actor = SYSTEM) -> Team:
    return team_update(team=team, active=active, by=by,
                       action="withdraw" if not active else "return")


@dataclasses.dataclass(frozen=True)
class ImportLine:
    line: int
    name: str
    player1: str
    player2: str
    club: str


@transaction.atomic
def teams_import(*, tournament: Tournament, lines: Iterable[ImportLine],
                 by: Actor = SYSTEM) -> list[Team]:
    """Register every line, or none: each bad line is reported with its number."""
    lines = list(lines)
    errors: list[str] = []
    seen = {name.casefold() for name in tournament.teams.values_list("name", flat=True)}
    for line in lines:
        if not line.name or not line.player1 or not line.player2:
            errors.append(_("Ligne %(n)d : il faut le nom de l'équipe et deux joueurs.")
                          % {"n": line.line})
        elif line.name.casefold() in seen:
            errors.append(_("Ligne %(n)d : l'équipe « %(name)s » est déjà inscrite.")
                          % {"n": line.line, "name": line.name})
        seen.add(line.name.casefold())
    if not lines:
        errors.append(_("Le fichier ne contient aucune équipe."))
    if errors:
        raise UserError("\n".join(errors))
    start = _next_team_number(tournament)
    teams = Team.objects.bulk_create(
        Team(tournament=tournament, number=start + index, name=line.name, player1=line.player1,
             player2=line.player2, club=line.club)
        for index, line in enumerate(lines)
    )
    AuditEntry.objects.bulk_create(
        audit.entry(tournament, by, "team", "import", number=team.number,
                    after=audit.team_values(team))
        for team in teams
    )
    return teams


# --- Rounds -----------------------------------------------------------------------------


@transaction.atomic
def round_generate(*, tournament: Tournament, seed: int | None = None,
                   by: Actor = SYSTEM) -> Round:
    """Draw the next round: random for round 1 (seeded), by standings afterwards. The
    previous round, finished at every table, is closed: its table links stop working."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    last = tournament.rounds.order_by("-number").first()
    if last is not None and Game.objects.filter(round=last, finished=False).exists():
        raise UserError(_("La partie %(n)d n'est pas terminée à toutes les tables.")
                        % {"n": last.number})
    number = 1 if last is None else last.number + 1
    active = list(tournament.teams.filter(active=True).values_list("id", flat=True))
    try:
        if number == 1:
            seed = secrets.randbelow(10**9) if seed is None else seed
            draw = pairing.draw_random(active, seed)
        else:
            seed = None
            ranked = [row.team for row in queries.standings(tournament) if row.team in active]
            met = Game.objects.filter(round__tournament=tournament, team_ew__isnull=False)
            pairs = met.values_list("team_ns_id", "team_ew_id")
            byes = Game.objects.filter(round__tournament=tournament, team_ew__isnull=True)
            draw = pairing.pair_by_standings(
                ranked, pairs, byes.values_list("team_ns_id", flat=True)
            )
    except pairing.PairingError as error:
        raise UserError(str(error)) from None
    if last is not None and not last.closed:
        round_close(round_=last, by=by)
    round_ = Round.objects.create(tournament=tournament, number=number, seed=seed)
    games = [
        Game(round=round_, table=table, team_ns_id=ns, team_ew_id=ew)
        for table, (ns, ew) in enumerate(draw.tables, start=1)
    ]
    if draw.bye is not None:
        games.append(Game(round=round_, table=0, team_ns_id=draw.bye))
    Game.objects.bulk_create(games)
    if draw.bye is not None:
        game_recompute(game=round_.games.get(table=0))
    audit.log(tournament, by, "round", "create", round_number=number,
              after={"seed": seed, "tables": _tables(round_)})
    return round_


def _tables(round_: Round) -> dict[str, list[int | None]]:
    """The round's seating by team numbers: {"table": [ns, ew]} (ew None for a bye)."""
    games = round_.games.select_related("team_ns", "team_ew").order_by("table")
    return {str(game.table): [game.team_ns.number, game.team_ew.number if game.team_ew else None]
            for game in games}


@transaction.atomic
def round_close(*, round_: Round, closed: bool = True, by: Actor = SYSTEM) -> Round:
    """Close a round (its table links stop accepting donnes) or reopen it."""
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if round_.closed != closed:
        round_.closed = closed
        round_.save(update_fields=["closed"])
        audit.log(round_.tournament, by, "round", "close" if closed else "reopen",
                  round_number=round_.number, before={"closed": not closed},
                  after={"closed": closed})
    return round_


def round_started(round_: Round) -> bool:
    return DonneRecord.objects.filter(game__round=round_).exists() or round_.games.filter(
        ~Q(forfeit="")).exists()


@transaction.atomic
def round_swap_teams(*, round_: Round, team_a: int, team_b: int, by: Actor = SYSTEM) -> None:
    """Exchange two teams' seats before the round starts."""
    if round_started(round_):
        raise UserError(_("La partie a commencé : les tables ne peuvent plus être changées."))
    if team_a == team_b:
        raise UserError(_("Choisissez deux équipes différentes."))
    seats: dict[int, tuple[Game, str]] = {}
    for game in round_.games.select_for_update():
        for side in ("team_ns_id", "team_ew_id"):
            team = getattr(game, side)
            if team in (team_a, team_b):
                seats[team] = (game, side)
    if set(seats) != {team_a, team_b}:
        raise UserError(_("Ces deux équipes ne jouent pas toutes deux cette partie."))
    (game_a, side_a), (game_b, side_b) = seats[team_a], seats[team_b]
    before = _tables(round_)
    setattr(game_a, side_a, team_b)
    if game_a.pk == game_b.pk:
        setattr(game_a, side_b, team_a)
        game_a.save()
    else:
        setattr(game_b, side_b, team_a)
        game_a.save()
        game_b.save()
    _log_seating(round_, by, "swap", before)


def _log_seating(round_: Round, by: Actor, action: str, before: dict) -> None:
    """One entry per table whose teams changed, holding that table's teams before/after."""
    after = _tables(round_)
    for table, teams in after.items():
        if before.get(table) != teams:
            audit.log(round_.tournament, by, "pairing", action, round_number=round_.number,
                      table=int(table), before=before.get(table), after=teams)


@transaction.atomic
def round_seat(*, round_: Round, table: int, teams: list[int | None],
               by: Actor = SYSTEM) -> None:
    """Seat the teams numbered `teams` ([ns, ew]) at `table`, exchanging with the teams now
    there (used to restore a logged seating). Refused once the round has started."""
    game = round_.games.select_related("team_ns", "team_ew").filter(table=table).first()
    if game is None or game.is_bye != (teams[1] is None):
        raise UserError(_("Cette table n'existe plus dans cette partie."))
    numbers = dict(round_.tournament.teams.values_list("number", "id"))
    for seat, new in enumerate(teams):
        old = _tables(round_)[str(table)][seat]  # read again: a swap may have moved it
        if old != new and old is not None:
            if new not in numbers:
                raise UserError(_("L'équipe %(n)s n'existe plus.") % {"n": new})
            round_swap_teams(round_=round_, team_a=numbers[old], team_b=numbers[new], by=by)


# --- Games and donnes -------------------------------------------------------------------


def game_recompute(*, game: Game, rules: Rules | None = None) -> None:
    """Rewrite the game's cached scores from its donnes (scoring.score_game)."""
    tournament = game.round.tournament
    rules = rules or tournament.rules
    if game.is_bye:
        game.score_ns, game.score_ew = tournament.bye_points, 0
        game.finished, game.winner = True, Side.NS.value
        game.save()
        return
    if game.forfeit:
        points = tournament.forfeit_points
        winner = Side(game.forfeit).other
        game.score_ns, game.score_ew = (points, 0) if winner is Side.NS else (0, points)
        game.finished, game.winner = True, winner.value
        game.played = game.donnes.count()
        game.save()
        return
    records = list(game.donnes.order_by("number"))
    _store_result(game, records, score_game([record.to_donne() for record in records], rules))


def _validated(donnes: list[Donne], rules: Rules) -> GameScore:
    """score_game, its refusal turned into a user error on the field."""
    try:
        return score_game(donnes, rules)
    except ScoringError as error:
        raise UserError(error.message, error.field) from None


def _set_score(record: DonneRecord, score: DonneScore) -> bool:
    """Put a donne's computed score into its record's cache; True if that changed it."""
    new = (score.ns, score.ew, score.outcome.value)
    changed = (record.score_ns, record.score_ew, record.outcome) != new
    record.score_ns, record.score_ew, record.outcome = new
    return changed


def _store_result(game: Game, records: list[DonneRecord], result: GameScore) -> None:
    """Write a game's scores (`result`, from its `records` in order) into the caches. Only
    the donnes whose score changed are written: entering a donne rarely rescores others."""
    changed = [record for record, score in zip(records, result.donnes, strict=True)
               if _set_score(record, score)]
    if changed:
        DonneRecord.objects.bulk_update(changed, ["score_ns", "score_ew", "outcome"])
    game.score_ns, game.score_ew = result.ns, result.ew
    game.finished, game.played = result.finished, result.played
    game.winner = result.winner.value if result.winner else ""
    game.save()


@transaction.atomic
def donne_record(*, game: Game, number: int | None, donne: Donne,
                 version: int | None = None, expect: int | None = None, by: Actor = SYSTEM,
                 open_only: bool = False) -> DonneRecord:
    """Enter a new donne (number None) or correct donne `number`; every later donne is
    rescored. `version` guards against overwriting someone else's correction, `expect` (the
    number the form showed for a new donne) against entering one donne twice from two
    devices; `open_only` (a table link) refuses a closed round."""
    game = Game.objects.select_for_update().select_related("round__tournament").get(pk=game.pk)
    if open_only and game.round.closed:
        raise UserError(_("Cette partie est close : seul l'organisateur peut encore modifier "
                          "ses donnes."))
    if game.is_bye:
        raise UserError(_("Une équipe exempte ne joue pas de donne."))
    if game.forfeit:
        raise UserError(_("Cette table est déclarée forfait."))
    rules = game.round.tournament.rules
    records = list(game.donnes.order_by("number"))
    before = None
    if number is None:
        if expect is not None and expect != len(records) + 1:
            raise UserError(
                _("La donne %(n)d vient d'être saisie depuis un autre appareil : vérifiez le "
                  "tableau avant d'en saisir une autre.") % {"n": len(records)})
        record = DonneRecord(game=game, number=len(records) + 1)
        records.append(record)
        donnes = [r.to_donne() for r in records[:-1]] + [donne]
    else:
        matches = [r for r in records if r.number == number]
        if not matches:
            raise UserError(_("La donne %(n)d n'existe pas.") % {"n": number})
        record = matches[0]
        if version is not None and version != record.version:
            raise UserError(
                _("La donne %(n)d vient d'être modifiée par quelqu'un d'autre : "
                  "rechargez la page avant de la corriger.") % {"n": number},
                "version",
            )
        record.version += 1
        before = audit.donne_values(record)
        donnes = [donne if r.number == number else r.to_donne() for r in records]
    result = _validated(donnes, rules)
    record.set_donne(donne)
    _set_score(record, result.donnes[records.index(record)])  # saved with its score at once
    record.save()
    _store_result(game, records, result)  # the validation's scores are the game's scores
    after = audit.donne_values(record)
    if after != before:
        audit.log(game.round.tournament, by, "donne", "create" if before is None else "update",
                  round_number=game.round.number, table=game.table, number=record.number,
                  before=before, after=after)
    return record


@transaction.atomic
def donne_delete(*, game: Game, number: int, by: Actor = SYSTEM) -> None:
    """Delete donne `number`; the later ones move up one place and are rescored."""
    game = Game.objects.select_for_update().select_related("round__tournament").get(pk=game.pk)
    record = game.donnes.filter(number=number).first()
    if record is None:
        raise UserError(_("La donne %(n)d n'existe pas.") % {"n": number})
    before = audit.donne_values(record)
    record.delete()
    for later in game.donnes.filter(number__gt=number).order_by("number"):
        later.number -= 1
        later.save(update_fields=["number"])
    game_recompute(game=game)
    audit.log(game.round.tournament, by, "donne", "delete", round_number=game.round.number,
              table=game.table, number=number, before=before)


def _donne_insert(*, game: Game, number: int, donne: Donne, by: Actor) -> None:
    """Put a donne back at place `number`, the later ones moving down (restoring a deleted
    donne). The whole game is validated first: an impossible game changes nothing."""
    game = Game.objects.select_for_update().select_related("round__tournament").get(pk=game.pk)
    records = list(game.donnes.order_by("number"))
    if not 1 <= number <= len(records) + 1:
        raise UserError(_("La donne %(n)d ne peut plus être rétablie à sa place.")
                        % {"n": number})
    donnes = [r.to_donne() for r in records]
    donnes.insert(number - 1, donne)
    result = _validated(donnes, game.round.tournament.rules)
    for later in reversed(records[number - 1:]):  # from the last, so numbers never collide
        later.number += 1
        later.save(update_fields=["number"])
    record = DonneRecord(game=game, number=number)
    record.set_donne(donne)
    _set_score(record, result.donnes[number - 1])
    record.save()
    records.insert(number - 1, record)
    _store_result(game, records, result)
    audit.log(game.round.tournament, by, "donne", "restore", round_number=game.round.number,
              table=game.table, number=number, after=audit.donne_values(record))


@transaction.atomic
def game_forfeit(*, game: Game, side: str, by: Actor = SYSTEM) -> Game:
    """Record that `side` forfeits this game ("" cancels the forfeit)."""
    game = Game.objects.select_for_update().select_related("round__tournament").get(pk=game.pk)
    if game.is_bye:
        raise UserError(_("Une équipe exempte ne peut pas déclarer forfait."))
    if side not in ("", Side.NS.value, Side.EW.value):
        raise UserError(_("Choisissez le camp forfait."), "forfeit")
    before = game.forfeit
    game.forfeit = side
    game.save(update_fields=["forfeit"])
    game_recompute(game=game)
    if before != side:
        audit.log(game.round.tournament, by, "pairing", "forfeit",
                  round_number=game.round.number, table=game.table,
                  before={"forfeit": before}, after={"forfeit": side})
    return game


# --- Audit --------------------------------------------------------------------------------


@transaction.atomic
def audit_restore(*, entry: AuditEntry, which: str = "before", by: Actor = SYSTEM) -> None:
    """Give back the value an entry recorded (`which`: "before" or "after" the change),
    through the same service as any change: validated, rescored and logged in turn."""
    if which not in ("before", "after"):
        raise UserError(_("Choisissez la valeur à rétablir."))
    value = getattr(entry, which)
    tournament = entry.tournament
    if entry.kind == "donne":
        game = Game.objects.filter(round__tournament=tournament, round__number=entry.round_number,
                                   table=entry.table).first()
        if game is None:
            raise UserError(_("Cette table n'existe plus."))
        exists = game.donnes.filter(number=entry.number).exists()
        if value is None:
            if exists:
                donne_delete(game=game, number=entry.number, by=by)
        elif exists and entry.action != "delete":
            donne_record(game=game, number=entry.number, donne=Donne(**value), by=by)
        else:  # a deleted donne goes back to its place, the later ones moving down
            _donne_insert(game=game, number=entry.number, donne=Donne(**value), by=by)
    elif entry.kind == "team" and value is not None:
        team = tournament.teams.filter(number=entry.number).first()
        if team is None:
            raise UserError(_("Cette équipe n'existe plus."))
        team_update(team=team, by=by, action="restore", **value)
    elif entry.kind == "rules" and value is not None:
        tournament_update(tournament=tournament, confirm=True, by=by, **value)
    elif entry.kind == "pairing" and value is not None and entry.action == "forfeit":
        game = Game.objects.get(round__tournament=tournament, round__number=entry.round_number,
                                table=entry.table)
        game_forfeit(game=game, side=value["forfeit"], by=by)
    elif entry.kind == "pairing" and value is not None:
        round_ = tournament.rounds.get(number=entry.round_number)
        round_seat(round_=round_, table=entry.table, teams=value, by=by)
    else:
        raise UserError(_("Cette modification ne se rétablit pas."))


# --- Demo ---------------------------------------------------------------------------------


@transaction.atomic
def demo_load(*, organiser, path: Path) -> Tournament:
    """Load the demo fixture, owned by `organiser` (the fixture's own owner is not kept)."""
    objects = json.loads(path.read_text(encoding="utf-8"))
    for entry in objects:
        if entry["model"] == "tournament.tournament":
            entry["fields"]["organiser"] = organiser.pk
    for loaded in serializers.deserialize("json", json.dumps(objects)):
        loaded.save()
    # The fixture brings its own keys: move PostgreSQL's sequences past them, as loaddata does.
    models = [Tournament, Team, Round, Game, DonneRecord]
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(statement)
    return Tournament.objects.get(slug="demo")
