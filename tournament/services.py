"""Every write of the tournament app: small atomic functions named <thing>_<action>.

Views validate a form and call one of these. A `UserError` carries a French message (and
the field at fault, when there is one) for the form; anything else is a bug.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import json
import secrets
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from django.core import serializers
from django.core.management.color import no_style
from django.db import connection, models, transaction
from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import PRESETS, Donne, DonneScore, GameScore, Rules, ScoringError, Side, score_game

from . import audit, pairing, queries, validators
from .audit import SYSTEM, Actor
from .bounds import OPTION_BOUNDS
from .models import (
    RULE_FIELDS,
    AuditEntry,
    DonneRecord,
    Game,
    Round,
    Team,
    Tournament,
    new_donne_key,
)
from .standings import CRITERIA


class UserError(ValueError):
    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


# --- Checks shared by every way in (forms, files, backups, the journal) -------------------


def text_field(model: type[models.Model], field: str, value: object, *,
               label: str | None = None) -> str:
    """`value` as the text to store in `model.field`: validators.clean_text with the column's
    length, required unless the column may be blank. `label` names it in the message."""
    column = model._meta.get_field(field)
    try:
        return validators.clean_text(value, label=label or capfirst(column.verbose_name),
                                     max_length=column.max_length, required=not column.blank)
    except validators.InvalidText as error:
        raise UserError(str(error), field) from None


def whole_field(model: type[models.Model], field: str, value: object, *,
                label: str | None = None, minimum: int = 0) -> int:
    """`value` as a whole number for `model.field`: an int (not a bool) from `minimum` to the
    largest the column holds in every database (a smallint column stops at 32,767)."""
    column = model._meta.get_field(field)
    low, high = BaseDatabaseOperations.integer_field_ranges[column.get_internal_type()]
    if model is Tournament and field in OPTION_BOUNDS:  # a concours' own bounds (bounds.py)
        low, high = OPTION_BOUNDS[field]
    low = max(low, minimum)
    if type(value) is not int or not low <= value <= high:
        raise UserError(_("%(label)s : un nombre entier de %(min)d à %(max)d est attendu.")
                        % {"label": label or capfirst(column.verbose_name), "min": low,
                           "max": high}, field)
    return value


def slug_checked(value: object) -> str:
    try:
        return validators.check_slug(value)
    except validators.InvalidText as error:
        raise UserError(str(error), "slug") from None


def criteria_checked(value: object) -> list[str]:
    """Ranking criteria: keys of standings.CRITERIA, at least one, each once."""
    if not isinstance(value, list) or not all(isinstance(key, str) for key in value):
        raise UserError(_("Critères de classement : une liste de critères est attendue."),
                        "criteria")
    unknown = [key for key in value if key not in CRITERIA]
    if unknown:
        raise UserError(_("Critère inconnu : %(keys)s.") % {"keys": ", ".join(unknown)[:200]},
                        "criteria")
    if not value or len(set(value)) != len(value):
        raise UserError(_("Au moins un critère, chacun une seule fois."), "criteria")
    return list(value)


def date_checked(value: object) -> datetime.date:
    if not isinstance(value, datetime.date) or isinstance(value, datetime.datetime):
        raise UserError(_("Date : une date est attendue."), "date")
    return value


def _bool_checked(value: object, field: str, label: str) -> bool:
    if type(value) is not bool:
        raise UserError(_("%(label)s : oui ou non.") % {"label": label}, field)
    return value


def _only_rule_options(options: Mapping[str, Any]) -> None:
    """The rule options a service takes by name are RULE_FIELDS, and nothing else."""
    unknown = sorted(set(options) - set(RULE_FIELDS))
    if unknown:
        raise TypeError(f"not a rule option: {', '.join(unknown)}")


@contextlib.contextmanager
def scoring_refusals(where: str = "") -> Iterator[None]:
    """The one place where scoring's refusal (an impossible donne or rule set) becomes a
    user error, on the field it names; `where` says which game."""
    try:
        yield
    except ScoringError as error:
        message = f"{where} : {error.message}" if where else error.message
        raise UserError(message, error.field) from None


def rules_from(options: Mapping[str, Any]) -> Rules:
    """Build the rule set, turning scoring's refusal into a user error on the field; a number
    beyond its column (a target of 10**12) is refused too."""
    with scoring_refusals():
        rules = Rules(**{name: options[name] for name in RULE_FIELDS})
    for name in RULE_FIELDS:
        column = Tournament._meta.get_field(name)
        if (column.get_internal_type() in BaseDatabaseOperations.integer_field_ranges
                and getattr(rules, name) is not None):
            whole_field(Tournament, name, getattr(rules, name))
    return rules


# --- Tournament -------------------------------------------------------------------------


@transaction.atomic
def tournament_create(*, organiser, name: str, slug: str, date: datetime.date,
                      place: str = "", preset: str = "ffb-coinche",
                      parties_planned: int | None = None, criteria: list[str] | None = None,
                      bye_points: int | None = None, forfeit_points: int | None = None,
                      published: bool = False, by: Actor = SYSTEM,
                      **rule_options: Any) -> Tournament:
    """A new concours with the preset's rules, adjusted by `rule_options` (named by
    RULE_FIELDS, anything else is a TypeError); the other options default when None."""
    _only_rule_options(rule_options)
    if preset not in PRESETS:
        raise UserError(_("Règlement inconnu."), "preset")
    tournament = Tournament(
        organiser=organiser, name=text_field(Tournament, "name", name),
        slug=slug_checked(slug), date=date_checked(date),
        place=text_field(Tournament, "place", place),
        published=_bool_checked(published, "published", _("Publié")),
    )
    tournament.apply_preset(preset)
    rules = rules_from({**dataclasses.asdict(PRESETS[preset]), **rule_options})
    for option in RULE_FIELDS:
        setattr(tournament, option, getattr(rules, option))
    if parties_planned is not None:
        tournament.parties_planned = whole_field(Tournament, "parties_planned",
                                                 parties_planned, minimum=1)
    if criteria is not None:
        tournament.criteria = criteria_checked(criteria)
    if bye_points is not None:
        tournament.bye_points = whole_field(Tournament, "bye_points", bye_points)
    if forfeit_points is not None:
        tournament.forfeit_points = whole_field(Tournament, "forfeit_points", forfeit_points)
    if Tournament.objects.filter(slug=tournament.slug).exists():
        raise UserError(_("Cette adresse est déjà prise par un autre concours."), "slug")
    tournament.save()
    audit.log(tournament, by, "rules", "create", after=audit.rules_values(tournament))
    return tournament


@transaction.atomic
def tournament_update(*, tournament: Tournament, name: str | None = None,
                      date: datetime.date | None = None, place: str | None = None,
                      parties_planned: int | None = None, criteria: list[str] | None = None,
                      bye_points: int | None = None, forfeit_points: int | None = None,
                      preset: str | None = None, from_partie: int | None = None,
                      confirm: bool = False, by: Actor = SYSTEM,
                      **rule_options: Any) -> list[str]:
    """Change the tournament: each named field given (not None), and the rule options given
    by their RULE_FIELDS names (anything else is a TypeError: the organiser, the slug or
    `published` never change here). Returns the names of the rule options that changed.

    The end of a game (`target`, `max_donnes`) changes from partie `from_partie` on (None:
    from the first): the parties before keep theirs, the later ones drawn and to draw take
    the new values. Every other option applies to every partie. Rule changes need `confirm`
    once a partie they touch has donnes; only the games they touch are recomputed."""
    _only_rule_options(rule_options)
    if preset is not None and preset not in PRESETS:
        raise UserError(_("Règlement inconnu."), "preset")
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    changed = [option for option in RULE_FIELDS
               if option in rule_options and rule_options[option] != getattr(tournament, option)]
    rules = rules_from({option: rule_options.get(option, getattr(tournament, option))
                        for option in RULE_FIELDS})
    name = None if name is None else text_field(Tournament, "name", name)
    date = None if date is None else date_checked(date)
    place = None if place is None else text_field(Tournament, "place", place)
    if parties_planned is not None:
        parties_planned = whole_field(Tournament, "parties_planned", parties_planned,
                                      minimum=1)
    criteria = None if criteria is None else criteria_checked(criteria)
    if bye_points is not None:
        bye_points = whole_field(Tournament, "bye_points", bye_points)
    if forfeit_points is not None:
        forfeit_points = whole_field(Tournament, "forfeit_points", forfeit_points)
    rounds = list(Round.objects.select_for_update().filter(tournament=tournament)
                  .order_by("number"))
    for round_ in rounds:
        round_.tournament = tournament  # its rules read these options: before, then after
    from_partie = _from_partie_checked(from_partie, rounds)
    # Each drawn partie's end of a game, before and after the change.
    limits = {round_.number: _limits(round_.rules) for round_ in rounds}
    new_limits = {number: _limits(rules) if number >= from_partie else old
                  for number, old in limits.items()}
    touched = {number for number in limits if new_limits[number] != limits[number]}
    everywhere = [option for option in changed if option not in _LIMIT_FIELDS]
    if everywhere:
        touched = set(limits)
    with_donnes = set(DonneRecord.objects.filter(game__round__in=rounds)
                      .values_list("game__round__number", flat=True).distinct())
    if touched & with_donnes and not confirm:
        if touched == set(limits):
            message = _("Des donnes sont déjà saisies : changer le règlement recalculera "
                        "toutes les parties. Confirmez pour continuer.")
        else:
            message = _("Des donnes sont déjà saisies : changer le règlement recalculera les "
                        "parties %(n)s. Confirmez pour continuer.") % {
                "n": ", ".join(str(number) for number in sorted(touched))}
        raise UserError(message, "confirm")
    points_changed = ((bye_points is not None and bye_points != tournament.bye_points)
                      or (forfeit_points is not None
                          and forfeit_points != tournament.forfeit_points))
    before = audit.rules_values(tournament)
    for option in RULE_FIELDS:
        setattr(tournament, option, getattr(rules, option))
    # The named fields given (checked above); None leaves a field as it is.
    given = {"preset": preset, "name": name, "date": date, "place": place,
             "parties_planned": parties_planned, "criteria": criteria,
             "bye_points": bye_points, "forfeit_points": forfeit_points}
    for field, value in given.items():
        if value is not None:
            setattr(tournament, field, value)
    tournament.save()
    recorded = []
    for round_ in rounds:  # every partie records its own end, whatever the tournament's
        if (round_.target, round_.max_donnes) != new_limits[round_.number]:
            round_.target, round_.max_donnes = new_limits[round_.number]
            recorded.append(round_)
    Round.objects.bulk_update(recorded, ["target", "max_donnes"])
    after = audit.rules_values(tournament)
    if after != before:
        # A change of the end of a game from a later partie names that partie where the
        # journal names a donne's: "Règlement : correction — partie 3".
        since = (from_partie if from_partie > 1
                 and any(option in _LIMIT_FIELDS for option in changed) else None)
        audit.log(tournament, by, "rules", "update", before=before, after=after,
                  round_number=since)
    if everywhere or points_changed:
        games = Game.objects.filter(round__tournament=tournament)
    else:
        games = Game.objects.filter(round__tournament=tournament, round__number__in=touched)
    for game in games.select_related("round__tournament").order_by("round__number", "table"):
        try:
            game_recompute(game=game)
        except UserError as error:  # the game names itself; the transaction undoes all
            unchanged = _("Le règlement n'a pas été changé.")
            raise UserError(f"{error.message} {unchanged}", error.field) from None
    return changed


# The options that end a game: they change from a given partie on (Round.target, max_donnes).
_LIMIT_FIELDS = ("target", "max_donnes")


def _limits(rules: Rules) -> tuple[int | None, int | None]:
    return rules.target, rules.max_donnes


def _from_partie_checked(value: object, rounds: list[Round]) -> int:
    """The partie a change of the end of a game starts from: 1 to the next one to draw (a
    later one would leave the parties drawn in between with the tournament's new values)."""
    if value is None:
        return 1
    last = max((round_.number for round_ in rounds), default=0) + 1  # the next to draw
    if type(value) is not int or not 1 <= value <= last:
        raise UserError(_("À partir de la partie : un numéro de 1 à %(n)d est attendu.")
                        % {"n": last}, "from_partie")
    return value


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
    # Compared in Python with validators.same_name: SQLite's case-insensitive match ignores
    # accents' case (É, é), and "É" may be typed as one character or as E + accent.
    names = tournament.teams.exclude(pk=exclude).values_list("name", flat=True)
    return validators.same_name(name) in {validators.same_name(other) for other in names}


def _next_team_number(tournament: Tournament) -> int:
    return (tournament.teams.aggregate(n=Max("number"))["n"] or 0) + 1


@transaction.atomic
def team_create(*, tournament: Tournament, name: str, player1: str, player2: str,
                club: str = "", number: int | None = None, by: Actor = SYSTEM) -> Team:
    name = text_field(Team, "name", name)
    player1, player2 = text_field(Team, "player1", player1), text_field(Team, "player2", player2)
    club = text_field(Team, "club", club)
    if _name_taken(tournament, name):
        raise UserError(_("L'équipe « %(name)s » est déjà inscrite.") % {"name": name}, "name")
    if number is None:
        number = _next_team_number(tournament)
    else:
        number = whole_field(Team, "number", number, minimum=1)
    if tournament.teams.filter(number=number).exists():
        raise UserError(_("Le numéro %(n)d est déjà pris.") % {"n": number}, "number")
    team = Team.objects.create(tournament=tournament, number=number, name=name,
                               player1=player1, player2=player2, club=club)
    audit.log(tournament, by, "team", "create", after=audit.team_values(team), number=number)
    return team


@transaction.atomic
def team_update(*, team: Team, name: str | None = None, player1: str | None = None,
                player2: str | None = None, club: str | None = None,
                active: bool | None = None, by: Actor = SYSTEM,
                action: str = "update") -> Team:
    """Change the fields given (not None); the team's number and tournament never change."""
    team = Team.objects.select_for_update().select_related("tournament").get(pk=team.pk)
    name = None if name is None else text_field(Team, "name", name)
    player1 = None if player1 is None else text_field(Team, "player1", player1)
    player2 = None if player2 is None else text_field(Team, "player2", player2)
    club = None if club is None else text_field(Team, "club", club)
    active = None if active is None else _bool_checked(active, "active", _("Active"))
    if name is not None and _name_taken(team.tournament, name, exclude=team.pk):
        raise UserError(_("L'équipe « %(name)s » est déjà inscrite.") % {"name": name}, "name")
    before = audit.team_values(team)
    if name is not None:
        team.name = name
    if player1 is not None:
        team.player1 = player1
    if player2 is not None:
        team.player2 = player2
    if club is not None:
        team.club = club
    if active is not None:
        team.active = active
    team.save()
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
    team.delete()
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
    teams: list[Team] = []
    seen = {validators.same_name(name)
            for name in tournament.teams.values_list("name", flat=True)}
    for line in lines:
        problems = []
        values = {}
        for field, value in (("name", line.name), ("player1", line.player1),
                             ("player2", line.player2), ("club", line.club)):
            try:
                values[field] = text_field(Team, field, value)
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
            teams.append(Team(tournament=tournament, **values))
    if not lines:
        errors.append(_("Le fichier ne contient aucune équipe."))
    if errors:
        raise UserError("\n".join(errors))
    start = _next_team_number(tournament)
    for index, team in enumerate(teams):
        team.number = start + index
    teams = Team.objects.bulk_create(teams)
    AuditEntry.objects.bulk_create(
        audit.entry(tournament, by, "team", "import", number=team.number,
                    after=audit.team_values(team))
        for team in teams
    )
    return teams


# --- Rounds -----------------------------------------------------------------------------


def tables_phrase(tables: Iterable[int]) -> str:
    """Table numbers in French words: "table 3", "tables 3 et 7", "tables 2, 3 et 7"."""
    numbers = [str(table) for table in sorted(tables)]
    if len(numbers) == 1:
        return _("table %(t)s") % {"t": numbers[0]}
    return _("tables %(list)s et %(last)s") % {"list": ", ".join(numbers[:-1]),
                                               "last": numbers[-1]}


def round_unfinished_tables(round_: Round) -> list[int]:
    return list(Game.objects.filter(round=round_, finished=False)
                .order_by("table").values_list("table", flat=True))


def round_beyond_planned(tournament: Tournament) -> bool:
    """Whether the next draw would be a partie past those planned."""
    return tournament.rounds.count() >= tournament.parties_planned


@transaction.atomic
def round_generate(*, tournament: Tournament, seed: int | None = None,
                   beyond_planned: bool = False, by: Actor = SYSTEM) -> Round:
    """Draw the next round: random for round 1 (seeded), by standings afterwards. The
    previous round, finished at every table, is closed: its table links stop working. A
    partie past the planned number needs `beyond_planned` (the organiser confirmed it)."""
    if seed is not None:  # kept in a BigIntegerField: beyond it, a refusal, not a crash
        whole_field(Round, "seed", seed, label=_("Graine du tirage"))
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    last = tournament.rounds.order_by("-number").first()
    if last is not None:
        unfinished = round_unfinished_tables(last)
        if unfinished:
            raise UserError(_("La partie %(n)d n'est pas terminée à toutes les tables : "
                              "%(tables)s.") % {"n": last.number,
                                                "tables": tables_phrase(unfinished)})
    number = 1 if last is None else last.number + 1
    if number > tournament.parties_planned and not beyond_planned:
        raise UserError(
            ngettext("Tirer une partie %(n)d alors que %(planned)d est prévue ?",
                     "Tirer une partie %(n)d alors que %(planned)d sont prévues ?",
                     tournament.parties_planned)
            % {"n": number, "planned": tournament.parties_planned}, "beyond_planned")
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
            # A team with no seat yet (registered late) is not given the bye while others
            # can be: it would win a partie without ever playing.
            seated = set(Game.objects.filter(round__tournament=tournament, team_ew__isnull=False)
                         .values_list("team_ns_id", "team_ew_id").distinct())
            played = {team for pair in seated for team in pair}
            draw = pairing.pair_by_standings(
                ranked, pairs, byes.values_list("team_ns_id", flat=True),
                not_played=[team for team in ranked if team not in played],
            )
    except pairing.PairingError as error:
        raise UserError(str(error)) from None
    if last is not None and not last.closed:
        # `number` in the entry says that this draw closed it: undoing the draw reopens it.
        _round_close_logged(round_=last, by=by, closed_by_draw=number)
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
    return _round_close_logged(round_=round_, closed=closed, by=by)


def _round_close_logged(*, round_: Round, closed: bool = True, by: Actor,
                        closed_by_draw: int | None = None) -> Round:
    """round_close; `closed_by_draw`: the number of the partie whose draw closes this one,
    kept in the entry's `number` (round_undo reopens what the draw closed, nothing else)."""
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if round_.closed != closed:
        round_.closed = closed
        round_.save(update_fields=["closed"])
        audit.log(round_.tournament, by, "round", "close" if closed else "reopen",
                  round_number=round_.number, number=closed_by_draw,
                  before={"closed": not closed}, after={"closed": closed})
    return round_


def round_undoable(round_: Round) -> bool:
    """A draw can be undone while it is the last partie and nothing is played in it."""
    return (not round_.tournament.rounds.filter(number__gt=round_.number).exists()
            and not round_started(round_))


@transaction.atomic
def round_undo(*, round_: Round, by: Actor = SYSTEM) -> Round | None:
    """"Annuler le tirage": delete the last partie while none of its donnes is entered and no
    forfeit recorded. Each table is journaled as deleted (its teams before); the previous
    partie, if this draw closed it, is reopened. Returns the previous partie (None for 1)."""
    tournament = Tournament.objects.select_for_update().get(pk=round_.tournament_id)
    round_ = Round.objects.select_for_update().filter(pk=round_.pk).first()
    if round_ is None:
        raise UserError(_("Ce tirage est déjà annulé."))
    if tournament.rounds.filter(number__gt=round_.number).exists():
        raise UserError(_("Seul le tirage de la dernière partie peut être annulé."))
    if DonneRecord.objects.filter(game__round=round_).exists():
        raise UserError(_("Des donnes de la partie %(n)d sont saisies : son tirage ne peut "
                          "plus être annulé.") % {"n": round_.number})
    if round_.games.filter(~Q(forfeit="")).exists():
        raise UserError(_("Un forfait est déclaré à la partie %(n)d : son tirage ne peut plus "
                          "être annulé.") % {"n": round_.number})
    tables = _tables(round_)
    number = round_.number
    round_.games.all().delete()
    round_.delete()
    AuditEntry.objects.bulk_create(
        audit.entry(tournament, by, "pairing", "delete", round_number=number,
                    table=int(table), before=teams)
        for table, teams in tables.items()
    )
    previous = tournament.rounds.filter(number=number - 1).first()
    if previous is not None and previous.closed:
        last_state = (AuditEntry.objects.filter(tournament=tournament, kind="round",
                                                round_number=previous.number,
                                                action__in=("close", "reopen"))
                      .order_by("-at", "-id").first())
        if last_state is not None and last_state.action == "close" and last_state.number == number:
            round_close(round_=previous, closed=False, by=by)
            previous.refresh_from_db()
    return previous


def round_waiting_teams(round_: Round) -> list[Team]:
    """Active teams with no seat in this partie (registered after its draw, or returned)."""
    seated = Game.objects.filter(round=round_)
    return list(round_.tournament.teams.filter(active=True)
                .exclude(id__in=seated.values("team_ns_id"))
                .exclude(id__in=seated.filter(team_ew__isnull=False).values("team_ew_id"))
                .order_by("number"))


def _late_checked(round_: Round, teams: list[Team]) -> Round:
    """The partie locked, if `teams` may still be seated in it: the last partie, open, each
    team active and not seated in it yet. The tournament is locked as the draw locks it."""
    Tournament.objects.select_for_update().get(pk=round_.tournament_id)
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if round_.tournament.rounds.filter(number__gt=round_.number).exists():
        raise UserError(_("Une partie suivante est tirée : l'équipe jouera à partir de "
                          "celle-ci."))
    if round_.closed:
        raise UserError(_("La partie est close : rouvrez-la pour y placer une équipe."))
    for team in teams:
        if team.tournament_id != round_.tournament_id:
            raise UserError(_("Cette équipe n'est pas inscrite à ce concours."))
        if not team.active:
            raise UserError(_("L'équipe « %(name)s » est retirée du concours.")
                            % {"name": team.name})
        game = round_.games.filter(Q(team_ns=team) | Q(team_ew=team)).first()
        if game is not None:
            raise UserError(
                _("L'équipe « %(name)s » est déjà exempte de cette partie.") % {"name": team.name}
                if game.is_bye else
                _("L'équipe « %(name)s » joue déjà cette partie, table %(t)d.")
                % {"name": team.name, "t": game.table})
    return round_


def _next_table(round_: Round) -> int:
    return (round_.games.aggregate(n=Max("table"))["n"] or 0) + 1


@transaction.atomic
def round_seat_against_bye(*, round_: Round, team: Team, by: Actor = SYSTEM) -> Game:
    """Seat a late team in the current partie against its exempt team: the bye becomes a real
    table (the next number), and its bye result disappears until the game is played."""
    round_ = _late_checked(round_, [team])
    bye = round_.games.select_for_update().filter(team_ew__isnull=True).first()
    if bye is None:
        raise UserError(_("Cette partie n'a pas d'équipe exempte : placez l'équipe à une "
                          "nouvelle table avec une autre équipe en attente."))
    before = [bye.team_ns.number, None]
    bye.table = _next_table(round_)
    bye.team_ew = team
    bye.save(update_fields=["table", "team_ew"])
    bye = Game.objects.select_related("round__tournament", "team_ns", "team_ew").get(pk=bye.pk)
    game_recompute(game=bye)
    audit.log(round_.tournament, by, "pairing", "create", round_number=round_.number,
              table=bye.table, before=before, after=[bye.team_ns.number, team.number])
    return bye


@transaction.atomic
def round_seat_new_table(*, round_: Round, team_ns: Team, team_ew: Team,
                         by: Actor = SYSTEM) -> Game:
    """Seat two late teams in the current partie at a new table (the next number)."""
    if team_ns.pk == team_ew.pk:
        raise UserError(_("Choisissez deux équipes différentes."))
    round_ = _late_checked(round_, [team_ns, team_ew])
    game = Game.objects.create(round=round_, table=_next_table(round_), team_ns=team_ns,
                               team_ew=team_ew)
    audit.log(round_.tournament, by, "pairing", "create", round_number=round_.number,
              table=game.table, after=[team_ns.number, team_ew.number])
    return game


@transaction.atomic
def round_time_call(*, round_: Round, in_play: Iterable[int], by: Actor = SYSTEM) -> list[Game]:
    """"Fin du temps": every unfinished game of the round ends after its donnes entered, plus
    one at the tables `in_play` (a donne is being played there). A table that has entered no
    donne always plays one: a game cannot end before its first donne. Returns the games
    stopped; a game whose totals are then equal plays on, one donne at a time (SCORING.md)."""
    # The tournament is locked as round_generate locks it: no partie is drawn meanwhile.
    Tournament.objects.select_for_update().get(pk=round_.tournament_id)
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if round_.time_called is not None:
        raise UserError(_("La fin du temps est déjà annoncée pour cette partie."))
    games = list(round_.games.select_for_update().select_related("round__tournament")
                 .filter(finished=False, team_ew__isnull=False, forfeit="").order_by("table"))
    if not games:
        raise UserError(_("Toutes les tables ont fini leur partie : il n'y a pas de temps à "
                          "arrêter."))
    in_play = set(in_play)
    unknown = in_play - {game.table for game in games}
    if unknown:
        raise UserError(_("Table %(t)s : elle n'a pas de partie en cours.")
                        % {"t": ", ".join(str(table) for table in sorted(unknown))})
    stops: dict[str, int] = {}
    for game in games:
        entered = game.donnes.count()
        game.stop_after = entered + 1 if game.table in in_play or entered == 0 else entered
        game_recompute(game=game)
        stops[str(game.table)] = game.stop_after
    round_.time_called = timezone.now()
    round_.save(update_fields=["time_called"])
    audit.log(round_.tournament, by, "round", "time", round_number=round_.number,
              after={"stop_after": stops})
    return games


@transaction.atomic
def round_time_cancel(*, round_: Round, by: Actor = SYSTEM) -> None:
    """Undo "fin du temps" while no later partie is drawn: the stopped games play on."""
    # Locked as round_generate locks it: "no later partie" stays true until this commits.
    Tournament.objects.select_for_update().get(pk=round_.tournament_id)
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if round_.time_called is None:
        raise UserError(_("La fin du temps n'est pas annoncée pour cette partie."))
    if round_.tournament.rounds.filter(number__gt=round_.number).exists():
        raise UserError(_("Une partie suivante est déjà tirée : la fin du temps ne peut plus "
                          "être annulée."))
    stops: dict[str, int] = {}
    for game in (round_.games.select_for_update().select_related("round__tournament")
                 .filter(stop_after__isnull=False).order_by("table")):
        stops[str(game.table)] = game.stop_after
        game.stop_after = None
        game_recompute(game=game)
    round_.time_called = None
    round_.save(update_fields=["time_called"])
    audit.log(round_.tournament, by, "round", "untime", round_number=round_.number,
              before={"stop_after": stops})


def round_time_undoable(round_: Round) -> bool:
    """Time called can be undone while no later partie exists."""
    return round_.time_called is not None and not round_.tournament.rounds.filter(
        number__gt=round_.number).exists()


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


def game_recompute(*, game: Game) -> None:
    """Rewrite the game's cached scores from its donnes (scoring.score_game) under its
    partie's rules. A game the rules refuse (stored under other rules) is a UserError naming
    it; nothing is written."""
    tournament = game.round.tournament
    rules = game.round.rules
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
    with scoring_refusals(where=str(game)):
        result = score_game([record.to_donne() for record in records], rules,
                            stop_after=game.stop_after)
    _store_result(game, records, result)


def _validated(donnes: list[Donne], rules: Rules, stop_after: int | None) -> GameScore:
    """score_game, its refusal turned into a user error on the field."""
    with scoring_refusals():
        return score_game(donnes, rules, stop_after=stop_after)


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
    rules = game.round.rules
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
    result = _validated(donnes, rules, game.stop_after)
    record.set_donne(donne)
    _set_score(record, result.donnes[records.index(record)])  # saved with its score at once
    record.save()
    _store_result(game, records, result)  # the validation's scores are the game's scores
    after = audit.donne_values(record)
    if after != before:
        audit.log(game.round.tournament, by, "donne", "create" if before is None else "update",
                  round_number=game.round.number, table=game.table, number=record.number,
                  donne_key=record.key, before=before, after=after)
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
              table=game.table, number=number, donne_key=record.key, before=before)


def _donne_insert(*, game: Game, number: int, donne: Donne, key: str, by: Actor) -> None:
    """Put a donne back at place `number`, the later ones moving down (restoring a deleted
    donne, under its own `key` so that the journal's entries about it find it again). The
    whole game is validated first: an impossible game changes nothing."""
    game = Game.objects.select_for_update().select_related("round__tournament").get(pk=game.pk)
    records = list(game.donnes.order_by("number"))
    if not 1 <= number <= len(records) + 1:
        raise UserError(_("La donne %(n)d ne peut plus être rétablie à sa place.")
                        % {"n": number})
    donnes = [r.to_donne() for r in records]
    donnes.insert(number - 1, donne)
    result = _validated(donnes, game.round.rules, game.stop_after)
    for later in reversed(records[number - 1:]):  # from the last, so numbers never collide
        later.number += 1
        later.save(update_fields=["number"])
    record = DonneRecord(game=game, number=number, key=key)
    record.set_donne(donne)
    _set_score(record, result.donnes[number - 1])
    record.save()
    records.insert(number - 1, record)
    _store_result(game, records, result)
    audit.log(game.round.tournament, by, "donne", "restore", round_number=game.round.number,
              table=game.table, number=number, donne_key=key,
              after=audit.donne_values(record))


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


# What restoring an entry may change, per kind: a team's TEAM_FIELDS, the tournament's
# RULE_OPTIONS (the rule set, points of byes and forfeits, criteria, parties planned), a
# donne's input (scoring.Donne's fields), a table's seats or its forfeit. Nothing else: the
# values are checked by audit.check_value, then passed by name.


@transaction.atomic
def audit_restore(*, entry: AuditEntry, which: str = "before", by: Actor = SYSTEM) -> None:
    """Give back the value an entry recorded (`which`: "before" or "after" the change),
    through the same service as any change: validated, rescored and logged in turn."""
    if which not in ("before", "after"):
        raise UserError(_("Choisissez la valeur à rétablir."))
    try:
        audit.check_value(entry.kind, entry.action, entry.before)
        audit.check_value(entry.kind, entry.action, entry.after)
    except audit.BadValue as error:
        raise UserError(_("Cette entrée du journal est abîmée : %(e)s") % {"e": error}) from None
    value = getattr(entry, which)
    tournament = entry.tournament
    if entry.kind == "donne":
        _restore_donne(entry, value, by)
    elif entry.kind == "team" and value is not None:
        team = tournament.teams.filter(number=entry.number).first()
        if team is None:
            raise UserError(_("Cette équipe n'existe plus."))
        team_update(team=team, name=value["name"], player1=value["player1"],
                    player2=value["player2"], club=value["club"], active=value["active"],
                    by=by, action="restore")
    elif entry.kind == "rules" and value is not None:
        tournament_update(
            tournament=tournament, parties_planned=value.get("parties_planned"),
            criteria=value.get("criteria"), bye_points=value.get("bye_points"),
            forfeit_points=value.get("forfeit_points"), preset=value.get("preset"),
            from_partie=entry.round_number, confirm=True, by=by,
            # An entry written before an option existed leaves that option as it is.
            **{option: value[option] for option in RULE_FIELDS if option in value},
        )
    elif entry.kind == "pairing" and value is not None:
        game = Game.objects.filter(round__tournament=tournament, round__number=entry.round_number,
                                   table=entry.table).select_related("round").first()
        if game is None:
            raise UserError(_("Cette table n'existe plus."))
        if entry.action == "forfeit":
            game_forfeit(game=game, side=value["forfeit"], by=by)
        else:
            round_seat(round_=game.round, table=game.table, teams=value, by=by)
    else:
        raise UserError(_("Cette modification ne se rétablit pas."))


def _entry_values(value: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A donne's value as `audit.donne_values` writes it today: an entry written before
    points attribués existed has no such keys, which mean 0."""
    if value is None:
        return None
    defaults = {field.name: field.default for field in dataclasses.fields(Donne)}
    return {name: value.get(name, defaults[name]) for name in audit.DONNE_FIELDS}


def _restore_donne(entry: AuditEntry, value: Mapping[str, Any] | None, by: Actor) -> None:
    """Give a donne the value `value` (None: no donne). The donne is the one the entry names
    by its key; an entry written before donnes had keys names it by number. Only a donne in
    one of the two states the entry knows (before or after its change) is touched: after
    other changes the entry would act on something it does not describe, so it refuses."""
    # The game is locked first, as every donne service does: the donne compared with the
    # entry below cannot change (nor move) before it is written.
    game = (Game.objects.select_for_update()
            .filter(round__tournament=entry.tournament, round__number=entry.round_number,
                    table=entry.table).first())
    if game is None:
        raise UserError(_("Cette table n'existe plus."))
    if entry.donne_key:
        record = game.donnes.filter(key=entry.donne_key).first()
    elif entry.action == "delete" and value is not None:
        record = None  # the deleted donne, to put back at its place
    else:
        record = game.donnes.filter(number=entry.number).first()
    target = _entry_values(value)
    if record is not None:
        current = audit.donne_values(record)
        if current not in (_entry_values(entry.before), _entry_values(entry.after)):
            raise UserError(
                _("La donne %(n)d a été modifiée depuis : rétablissez plutôt une entrée plus "
                  "récente de son historique.") % {"n": record.number})
        if target is None:
            donne_delete(game=game, number=record.number, by=by)
        elif target != current:
            donne_record(game=game, number=record.number, donne=Donne(**target),
                         version=record.version, by=by)
    elif target is None:
        raise UserError(_("Cette donne n'existe plus."))
    else:
        key = entry.donne_key or new_donne_key()
        if DonneRecord.objects.filter(key=key).exists():
            raise UserError(_("Cette donne est ailleurs : elle ne peut pas être rétablie ici."))
        if entry.number is None:
            raise UserError(_("La place de cette donne n'est pas connue."))
        _donne_insert(game=game, number=entry.number, donne=Donne(**target), key=key, by=by)


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
