"""Writes of teams: register, change, withdraw, forfeit, delete, import."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _

from scoring import Side

from .. import audit, validators
from ..audit import SYSTEM, Actor
from ..models import AuditEntry, Game, Player, Team, Tournament
from .common import UserError, _bool_checked, text_field, whole_field
from .donnes import game_forfeit

# --- Teams ------------------------------------------------------------------------------


def _name_taken(tournament: Tournament, name: str, exclude: int | None = None) -> bool:
    # Compared in Python with validators.same_name: SQLite's case-insensitive match ignores
    # accents' case (É, é), and "É" may be typed as one character or as E + accent.
    names = tournament.teams.exclude(pk=exclude).values_list("name", flat=True)
    return validators.same_name(name) in {validators.same_name(other) for other in names}


def _next_team_number(tournament: Tournament) -> int:
    return (tournament.teams.aggregate(n=Max("number"))["n"] or 0) + 1


def _next_player_number(tournament: Tournament) -> int:
    return (tournament.players.aggregate(n=Max("number"))["n"] or 0) + 1


def player_name_checked(value: object, field: str) -> str:
    """A player's name as stored (Player.name), refused with `field` named (the team form's
    "player1" or "player2")."""
    label = _("Joueur 2") if field == "player2" else _("Joueur 1")
    try:
        return text_field(Player, "name", value, label=label)
    except UserError as error:
        raise UserError(error.message, field) from None


def _team_players(tournament: Tournament, number: int, names: tuple[str, str],
                  club: str) -> tuple[Player, Player]:
    first = Player.objects.create(tournament=tournament, number=number, name=names[0],
                                  club=club)
    second = Player.objects.create(tournament=tournament, number=number + 1, name=names[1],
                                   club=club)
    return first, second


@transaction.atomic
def team_create(*, tournament: Tournament, name: str, player1: str, player2: str,
                club: str = "", number: int | None = None, by: Actor = SYSTEM) -> Team:
    name = text_field(Team, "name", name)
    player1 = player_name_checked(player1, "player1")
    player2 = player_name_checked(player2, "player2")
    club = text_field(Team, "club", club)
    if _name_taken(tournament, name):
        raise UserError(_("L'équipe « %(name)s » est déjà inscrite.") % {"name": name}, "name")
    if number is None:
        number = _next_team_number(tournament)
    else:
        number = whole_field(Team, "number", number, minimum=1)
    if tournament.teams.filter(number=number).exists():
        raise UserError(_("Le numéro %(n)d est déjà pris.") % {"n": number}, "number")
    first, second = _team_players(tournament, _next_player_number(tournament),
                                  (player1, player2), club)
    team = Team.objects.create(tournament=tournament, number=number, name=name,
                               first=first, second=second, club=club)
    audit.log(tournament, by, "team", "create", after=audit.team_values(team), number=number)
    return team


@transaction.atomic
def team_update(*, team: Team, name: str | None = None, player1: str | None = None,
                player2: str | None = None, club: str | None = None,
                active: bool | None = None, by: Actor = SYSTEM,
                action: str = "update") -> Team:
    """Change the fields given (not None); the team's number and tournament never change."""
    team = (Team.objects.select_for_update().select_related("tournament", "first", "second")
            .get(pk=team.pk))
    name = None if name is None else text_field(Team, "name", name)
    player1 = None if player1 is None else player_name_checked(player1, "player1")
    player2 = None if player2 is None else player_name_checked(player2, "player2")
    club = None if club is None else text_field(Team, "club", club)
    active = None if active is None else _bool_checked(active, "active", _("Active"))
    if name is not None and _name_taken(team.tournament, name, exclude=team.pk):
        raise UserError(_("L'équipe « %(name)s » est déjà inscrite.") % {"name": name}, "name")
    before = audit.team_values(team)
    if name is not None:
        team.name = name
    if club is not None:
        team.club = club
    if active is not None:
        team.active = active
    team.save()
    # A doublette's players carry its club; their names are theirs.
    for player, new_name in ((team.first, player1), (team.second, player2)):
        if player is None:
            continue
        if new_name is not None:
            player.name = new_name
        player.club = team.club
        player.save(update_fields=["name", "club"])
    if audit.team_values(team) != before:
        audit.log(team.tournament, by, "team", action, before=before,
                  after=audit.team_values(team), number=team.number)
    return team


def team_withdraw(*, team: Team, active: bool = False, by: Actor = SYSTEM) -> Team:
    return team_update(team=team, active=active, by=by,
                       action="withdraw" if not active else "return")


def team_current_game(team: Team) -> Game | None:
    """The team's unfinished game in the last partie drawn (not a bye, no forfeit yet)."""
    last = team.tournament.rounds.order_by("-number").first()
    if last is None:
        return None
    return (Game.objects.filter(Q(team_ns=team) | Q(team_ew=team), round=last,
                                finished=False, team_ew__isnull=False, forfeit="")
            .select_related("round__tournament", "team_ns", "team_ew").first())


def team_pending_forfeit(team: Team) -> Game | None:
    """A withdrawn team's game still waiting for its forfeit ("forfait à déclarer")."""
    return None if team.active else team_current_game(team)


@transaction.atomic
def team_forfeit(*, team: Team, by: Actor = SYSTEM) -> Game:
    """Declare the forfeit of a team that left, at its unfinished game of the last partie."""
    game = team_current_game(team)
    if game is None:
        raise UserError(_("L'équipe « %(name)s » n'a pas de partie en cours à déclarer "
                          "forfait.") % {"name": team.name})
    side = Side.NS.value if game.team_ns_id == team.pk else Side.EW.value
    return game_forfeit(game=game, side=side, by=by)


@transaction.atomic
def team_delete(*, team: Team, by: Actor = SYSTEM) -> None:
    """Delete a team registered by mistake (twice, say), while it has no seat in any partie."""
    team = Team.objects.select_for_update().select_related("tournament").get(pk=team.pk)
    if Game.objects.filter(Q(team_ns=team) | Q(team_ew=team)).exists():
        raise UserError(_("L'équipe « %(name)s » a déjà une place dans une partie : elle ne "
                          "peut plus être supprimée, retirez-la plutôt du concours.")
                        % {"name": team.name})
    before = audit.team_values(team)
    number = team.number
    players = [player for player in (team.first, team.second) if player is not None]
    team.delete()
    Player.objects.filter(pk__in=[player.pk for player in players]).delete()
    audit.log(team.tournament, by, "team", "delete", before=before, number=number)


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
    """Register every line, or none: each bad line is reported with its number. A line goes
    through the same checks as the team form (text_field), and a name is taken once, among
    the teams already registered and the file's own lines (validators.same_name)."""
    lines = list(lines)
    errors: list[str] = []
    rows: list[dict[str, str]] = []
    seen = {validators.same_name(name)
            for name in tournament.teams.values_list("name", flat=True)}
    for line in lines:
        problems = []
        values = {}
        for field, value in (("name", line.name), ("player1", line.player1),
                             ("player2", line.player2), ("club", line.club)):
            try:
                values[field] = (player_name_checked(value, field) if field.startswith("player")
                                 else text_field(Team, field, value))
            except UserError as error:
                problems.append(error.message)
        if "name" in values:
            key = validators.same_name(values["name"])
            if key in seen:
                problems.append(_("l'équipe « %(name)s » est déjà inscrite.")
                                % {"name": values["name"]})
            seen.add(key)
        if problems:
            errors.append(_("Ligne %(n)d : %(problems)s")
                          % {"n": line.line, "problems": " ".join(problems)})
        else:
            rows.append(values)
    if not lines:
        errors.append(_("Le fichier ne contient aucune équipe."))
    if errors:
        raise UserError("\n".join(errors))
    start, player_start = _next_team_number(tournament), _next_player_number(tournament)
    players = Player.objects.bulk_create(
        Player(tournament=tournament, number=player_start + index, name=values[field],
               club=values["club"])
        for index, (values, field) in enumerate((values, field) for values in rows
                                                for field in ("player1", "player2")))
    teams = Team.objects.bulk_create(
        Team(tournament=tournament, number=start + index, name=values["name"],
             club=values["club"], first=players[2 * index], second=players[2 * index + 1])
        for index, values in enumerate(rows))
    AuditEntry.objects.bulk_create(
        audit.entry(tournament, by, "team", "import", number=team.number,
                    after=audit.team_values(team))
        for team in teams
    )
    return teams
