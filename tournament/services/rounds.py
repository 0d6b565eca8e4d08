"""Writes of parties: draw, undo, close, seat late teams, call time, swap and seat tables.

The draw is `tournament.draw` (pure functions on ids, one per method): `round_generate`
builds its input from the database (`draw_input`) and saves what it gives. In a doublette
concours the entrants are the registered teams; in a mêlée they are the active players, and
each partie's draw creates that partie's teams (`Team.round`): two a table, and a team of one
for each exempt player.

A bye is a game without an East-West team (`Game.is_bye`). A mêlée partie may have up to
three, so byes are numbered after the real tables (N + 1, N + 2, …): the real tables stay
numbered 1 to N, as the room is, and every page recognises a bye by `is_bye`, never by its
number.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max, Q, QuerySet
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .. import journal as audit
from .. import selectors
from ..draw import METHODS, Draw, DrawError, DrawInput
from ..journal import SYSTEM, Actor
from ..models import (
    AuditEntry,
    DonneRecord,
    Game,
    Player,
    Round,
    Team,
    Tournament,
)
from ..selectors.rules import games_with_results
from ..validators import MAX_SMALL
from . import autobackups
from .common import UserError, draw_method_checked, entrant_kind, whole_field
from .donnes import game_recompute

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


def draw_uses_seed(method: str, partie: int) -> bool:
    """Whether drawing partie `partie` by `method` uses a seed (shown, reusable): the
    method says (DrawMethod.uses_seed)."""
    return method in METHODS and METHODS[method].uses_seed(partie)


def draw_reach(methods: list[tuple[str, str | Promise]], entrants: int) -> int | None:
    """How many parties the first of `methods` that knows it in advance (a tableau de
    marche) plays without a repeated meeting for this field; None when none does."""
    reaches = [METHODS[key].max_parties for key, _label in methods
               if key in METHODS and METHODS[key].max_parties is not None]
    reach = reaches[0] if reaches else None
    return None if reach is None or entrants < 2 else reach(entrants)


def draw_has_chart(tournament: Tournament) -> bool:
    """Whether the concours' method prints a tableau de marche."""
    method = METHODS.get(tournament.draw_method)
    return method is not None and method.chart


def draw_methods(tournament: Tournament) -> list[tuple[str, str | Promise]]:
    """The draw methods that suit the concours' format, in the registry's order:
    (key, French label)."""
    kind = entrant_kind(tournament.format)
    return [(key, method.label) for key, method in METHODS.items() if method.entrant == kind]


def active_entrants(tournament: Tournament) -> list[tuple[int, int]]:
    """(id, registration number) of who the next partie draws, by number: the active players
    of a mêlée, the active registered teams otherwise."""
    if tournament.format == "melee":
        players = Player.objects.filter(tournament=tournament, active=True)
        return list(players.order_by("number").values_list("id", "number"))
    teams = Team.objects.filter(tournament=tournament, round__isnull=True, active=True)
    return list(teams.order_by("number").values_list("id", "number"))


def round_undone_seed(tournament: Tournament) -> int | None:
    """The seed of the next partie's draw as it was before an undo ("retirer avec la même
    graine"): None if that partie was never drawn and undone, or drew without a seed."""
    number = (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    entry = (AuditEntry.objects.filter(tournament=tournament, kind="round", action="create",
                                       round_number=number)
             .order_by("-at", "-id").first())
    if entry is None or not isinstance(entry.after, dict):
        return None
    seed = entry.after.get("seed")
    return seed if type(seed) is int else None


@dataclass(frozen=True)
class DrawOptions:
    """What the draw button of the next partie offers."""

    number: int  # the partie it draws
    entrants: int  # active entrants: players of a mêlée, registered teams otherwise
    methods: list[tuple[str, str | Promise]]  # (key, label) suiting the format
    method: str  # the concours' own, preselected
    seeded: list[str]  # the methods that use a seed for this partie
    rotation_teams: int  # the teams of the rotation's movement (partie 1's, withdrawn or not)
    rotation_parties: int | None  # the movement's parties without a repeated meeting
    undone_seed: int | None  # the seed of this partie's undone draw ("même graine"), when
    # the concours' method uses one


def round_draw_options(tournament: Tournament) -> DrawOptions:
    number = (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    methods = draw_methods(tournament)
    entrants = active_entrants(tournament)
    movement = len(_movement(tournament, number, entrants))
    return DrawOptions(
        number=number, entrants=len(entrants), methods=methods, method=tournament.draw_method,
        seeded=[key for key, _label in methods if draw_uses_seed(key, number)],
        rotation_teams=movement, rotation_parties=draw_reach(methods, movement),
        # Offered beside the concours' method, preselected: the same seed redraws the same
        # partie by the same method (the journal does not say which method the undone draw
        # used; its seed is also given in the undo's message).
        undone_seed=(round_undone_seed(tournament)
                     if draw_uses_seed(tournament.draw_method, number) else None))


def draw_input(tournament: Tournament, number: int, seed: int) -> DrawInput:
    """What the draw of partie `number` knows, read from the database: the active entrants
    (registration order for partie 1, the standings' order afterwards), and from the games
    already drawn, who met whom, who partnered whom (mêlée), who was exempt and how often,
    and who has not played yet (late arrivals). Four queries, five with the standings."""
    entrants = active_entrants(tournament)
    numbers = _movement(tournament, number, entrants)
    ids = [entrant for entrant, _number in entrants]
    if number > 1:
        active = set(ids)
        ids = [row.entrant for row in selectors.standings(tournament) if row.entrant in active]
    melee = tournament.format == "melee"
    opponents: list[tuple[int, int]] = []
    partners: list[tuple[int, int]] = []
    byes: Counter[int] = Counter()
    played: set[int] = set()
    games = Game.objects.filter(round__tournament=tournament).values_list(
        "team_ns_id", "team_ew_id", "team_ns__first_id", "team_ns__second_id",
        "team_ew__first_id", "team_ew__second_id")
    for team_ns, team_ew, *players in games:
        if melee:  # the entrants are the partie teams' players
            ns = _side(players[0], players[1])
            ew = None if team_ew is None else _side(players[2], players[3])
        else:
            ns, ew = (team_ns,), None if team_ew is None else (team_ew,)
        if ew is None:
            byes.update(ns)
            continue
        opponents += [(a, b) for a in ns for b in ew]
        partners += [(side[0], side[1]) for side in (ns, ew) if len(side) == 2]
        played.update(ns + ew)
    return DrawInput(entrants=ids, partie=number, seed=seed, opponents=opponents,
                     partners=partners, byes=dict(byes),
                     not_played=[entrant for entrant in ids if entrant not in played],
                     numbers=numbers)


def _movement(tournament: Tournament, number: int,
              entrants: list[tuple[int, int]]) -> dict[int, int]:
    """The teams of the rotation's movement for partie `number`, id -> registration number.
    Its positions are fixed at partie 1 (withdrawn teams keep theirs, late ones have none):
    the active `entrants` (active_entrants) for partie 1 and in a mêlée, partie 1's teams
    after it (`rotation_roster`), not the active ones."""
    return (dict(entrants) if number == 1 or tournament.format == "melee"
            else rotation_roster(tournament))


def rotation_roster(tournament: Tournament) -> dict[int, int]:
    """The teams of a doublette concours' tableau de marche, id -> registration number: the
    active teams before partie 1, then the teams partie 1's draw seated (its journal entry:
    a team seated late on partie 1's page is not one of them), withdrawn since or not. Two
    queries before partie 1, three once it is drawn."""
    teams = Team.objects.filter(tournament=tournament, round__isnull=True)
    if not tournament.rounds.filter(number=1).exists():
        return dict(teams.filter(active=True).values_list("id", "number"))
    entry = (AuditEntry.objects.filter(tournament=tournament, kind="round", action="create",
                                       round_number=1)
             .order_by("-at", "-id").first())
    tables = (entry.after.get("tables")
              if entry is not None and isinstance(entry.after, dict) else None)
    if isinstance(tables, dict):
        drawn = {number for seats in tables.values() if isinstance(seats, list)
                 for number in seats if type(number) is int}
        return dict(teams.filter(number__in=drawn).values_list("id", "number"))
    # No journal entry (a concours imported with its parties): partie 1's teams.
    games = Game.objects.filter(round__tournament=tournament, round__number=1)
    return dict(teams.filter(Q(games_ns__in=games) | Q(games_ew__in=games)).distinct()
                .values_list("id", "number"))


def _side(first: int, second: int | None) -> tuple[int, ...]:
    return (first,) if second is None else (first, second)


@transaction.atomic
def round_generate(*, tournament: Tournament, seed: int | None = None,
                   method: str | None = None, beyond_planned: bool = False,
                   by: Actor = SYSTEM) -> Round:
    """Draw the next partie by `method` (a key of draw.METHODS that suits the format; None:
    the concours' own), recorded on the partie. A method that draws at random uses `seed`
    (drawn when None) and records it: the same seed after an undo gives the same draw. The
    previous partie, finished at every table, is closed: its table links stop working. A
    partie past the planned number needs `beyond_planned` (the organiser confirmed it)."""
    if seed is not None:  # kept in a BigIntegerField: beyond it, a refusal, not a crash
        whole_field(Round, "seed", seed, label=_("Graine du tirage"))
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    key = draw_method_checked(tournament.draw_method if method is None else method,
                              tournament.format)
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
    if seed is None:
        # Nine digits: short enough to read out and type again, plenty for a club's draws.
        seed = secrets.randbelow(10**9)
    try:
        draw = METHODS[key].draw(draw_input(tournament, number, seed))
    except DrawError as error:
        raise UserError(str(error)) from None
    if last is not None and not last.closed:
        # `number` in the entry says that this draw closed it: undoing the draw reopens it.
        _round_close_logged(round_=last, by=by, closed_by_draw=number)
    round_ = Round.objects.create(tournament=tournament, number=number, seed=draw.seed,
                                  draw_method=key)
    if tournament.format == "melee":
        _save_melee(round_, draw)
    else:
        _save_doublettes(round_, draw)
    for bye in (Game.objects.filter(round=round_, team_ew__isnull=True)
                .select_related("round__tournament")):
        game_recompute(game=bye)
    audit.log(tournament, by, "round", "create", round_number=number,
              after={"seed": draw.seed, "tables": _tables(round_)})
    return round_


def _save_doublettes(round_: Round, draw: Draw) -> None:
    games = [Game(round=round_, table=table, team_ns_id=seats.ns[0], team_ew_id=seats.ew[0])
             for table, seats in draw.numbered()]
    games += [Game(round=round_, table=table, team_ns_id=team)
              for table, team in enumerate(draw.exempt, start=draw.first_exempt())]
    Game.objects.bulk_create(games)


def partie_team_name(first: str, second: str | None) -> str:
    """A mêlée partie's team named after its players ("Anne et Basile"; an exempt player's
    team: the player's name), cut to the column's length: two long names may not fit."""
    name = first if second is None else f"{first} et {second}"
    limit = Team._meta.get_field("name").max_length or len(name)
    return name if len(name) <= limit else name[:limit - 1] + "…"


def _save_melee(round_: Round, draw: Draw) -> None:
    """The partie's teams (numbered 1, 2 at table 1, 3, 4 at table 2, …, then one per exempt
    player), then the games between them."""
    names = dict(Player.objects.filter(tournament=round_.tournament_id)
                 .values_list("id", "name"))
    sides = [side for table in draw.tables for side in (table.ns, table.ew)]
    sides += [(player,) for player in draw.exempt]
    teams = Team.objects.bulk_create(
        Team(tournament_id=round_.tournament_id, round=round_, number=index,
             name=partie_team_name(names[side[0]], names[side[1]] if len(side) > 1 else None),
             first_id=side[0], second_id=side[1] if len(side) > 1 else None, club="")
        for index, side in enumerate(sides, start=1))
    tables = len(draw.tables)
    games = [Game(round=round_, table=table, team_ns=teams[2 * table - 2],
                  team_ew=teams[2 * table - 1]) for table in range(1, tables + 1)]
    games += [Game(round=round_, table=tables + index, team_ns=team)
              for index, team in enumerate(teams[2 * tables:], start=1)]
    Game.objects.bulk_create(games)


def round_teams(round_: Round) -> QuerySet[Team]:
    """The teams a partie's seats are exchanged between, by their numbers: the partie's own
    teams in a mêlée, the registered teams otherwise."""
    if round_.tournament.format == "melee":
        return Team.objects.filter(round=round_)
    return Team.objects.filter(tournament=round_.tournament_id, round__isnull=True)


def _tables(round_: Round) -> dict[str, list[int | None]]:
    """The round's seating by team numbers: {"table": [ns, ew]} (ew None for a bye)."""
    games = round_.games.select_related("team_ns", "team_ew").order_by("table")
    return {str(game.table): [game.team_ns.number, game.team_ew.number if game.team_ew else None]
            for game in games}


def partie_locked(round_: Round) -> Round:
    """The partie read again with its concours, both rows locked for update in the lock
    order (services/__init__.py): the concours, then the partie. Every change of a partie
    starts here; a partie gone meanwhile (its draw undone) is a user error."""
    Tournament.objects.select_for_update().filter(pk=round_.tournament_id).first()
    locked = (Round.objects.select_for_update().select_related("tournament")
              .filter(pk=round_.pk).first())
    if locked is None:
        raise UserError(_("Cette partie n'existe plus : son tirage a été annulé."))
    return locked


@transaction.atomic
def round_close(*, round_: Round, closed: bool = True, by: Actor = SYSTEM) -> Round:
    """Close a round (its table links stop accepting donnes) or reopen it."""
    return _round_close_logged(round_=round_, closed=closed, by=by)


def _round_close_logged(*, round_: Round, closed: bool = True, by: Actor,
                        closed_by_draw: int | None = None) -> Round:
    """round_close; `closed_by_draw`: the number of the partie whose draw closes this one,
    kept in the entry's `number` (round_undo reopens what the draw closed, nothing else)."""
    round_ = partie_locked(round_)
    if round_.closed != closed:
        round_.closed = closed
        round_.save(update_fields=["closed"])
        audit.log(round_.tournament, by, "round", "close" if closed else "reopen",
                  round_number=round_.number, number=closed_by_draw,
                  before={"closed": not closed}, after={"closed": closed})
        if closed:
            autobackups.on_partie_closed(tournament_id=round_.tournament_id, number=round_.number)
    return round_


def round_undoable(round_: Round) -> bool:
    """A draw can be undone while it is the last partie and nothing is played in it."""
    return (not round_.tournament.rounds.filter(number__gt=round_.number).exists()
            and not round_started(round_))


@transaction.atomic
def round_undo(*, round_: Round, by: Actor = SYSTEM) -> Round | None:
    """"Annuler le tirage": delete the last partie while none of its games has a result (no
    donne, no paper totals, no forfeit). Each table is journaled as deleted (its teams
    before); the previous partie, if this draw closed it, is reopened. Returns the previous
    partie (None for 1)."""
    tournament = Tournament.objects.select_for_update().get(pk=round_.tournament_id)
    locked = (Round.objects.select_for_update().select_related("tournament")
              .filter(pk=round_.pk).first())
    if locked is None:
        raise UserError(_("Ce tirage est déjà annulé."))
    round_ = locked
    if tournament.rounds.filter(number__gt=round_.number).exists():
        raise UserError(_("Seul le tirage de la dernière partie peut être annulé."))
    if DonneRecord.objects.filter(game__round=round_).exists():
        raise UserError(_("Des donnes de la partie %(n)d sont saisies : son tirage ne peut "
                          "plus être annulé.") % {"n": round_.number})
    if round_.games.filter(~Q(forfeit="")).exists():
        raise UserError(_("Un forfait est déclaré à la partie %(n)d : son tirage ne peut plus "
                          "être annulé.") % {"n": round_.number})
    if games_with_results(round_.games.all()).exists():  # the sheets' totals
        raise UserError(_("Des totaux de la partie %(n)d sont saisis : son tirage ne peut "
                          "plus être annulé.") % {"n": round_.number})
    tables = _tables(round_)
    number = round_.number
    round_.games.all().delete()
    # A mêlée partie's teams were made by its draw: they go with it (after the games, which
    # protect them).
    Team.objects.filter(round=round_).delete()
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
    """Active teams with no seat in this partie (registered after its draw, or returned).
    None in a mêlée: a player arriving late plays from the next partie's draw."""
    if round_.tournament.format == "melee":
        return []
    seated = Game.objects.filter(round=round_)
    return list(round_.tournament.teams.filter(active=True, round__isnull=True)
                .exclude(id__in=seated.values("team_ns_id"))
                .exclude(id__in=seated.filter(team_ew__isnull=False).values("team_ew_id"))
                .order_by("number"))


def _late_checked(round_: Round, teams: list[Team]) -> Round:
    """The partie locked, if `teams` may still be seated in it: the last partie, open, each
    team active and not seated in it yet. The tournament is locked as the draw locks it."""
    round_ = partie_locked(round_)
    if round_.tournament.rounds.filter(number__gt=round_.number).exists():
        raise UserError(_("Une partie suivante est tirée : l'équipe jouera à partir de "
                          "celle-ci."))
    if round_.closed:
        raise UserError(_("La partie est close : rouvrez-la pour y placer une équipe."))
    if round_.tournament.format == "melee":
        raise UserError(_("Dans une mêlée, un joueur arrivé après le tirage joue à partir de "
                          "la partie suivante."))
    for team in teams:
        if team.tournament_id != round_.tournament_id or team.round_id is not None:
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
    """The number of a new real table: after the real tables (the byes come after it)."""
    return (round_.games.filter(team_ew__isnull=False).aggregate(n=Max("table"))["n"] or 0) + 1


def _park_byes(round_: Round) -> list[Game]:
    """Move the byes to numbers no table holds (the top of the column), in their order, so
    that a late table can take the next number: (round, table) is unique. Returns them."""
    byes = list(round_.games.select_for_update().filter(team_ew__isnull=True).order_by("table"))
    for index, bye in enumerate(byes):
        bye.table = MAX_SMALL - len(byes) + 1 + index
        bye.save(update_fields=["table"])
    return byes


def _byes_after_tables(round_: Round) -> None:
    """Number the byes after the last real table again (N + 1, N + 2, … in their order):
    the real tables keep their numbers, as the room does."""
    byes = list(round_.games.select_for_update().filter(team_ew__isnull=True).order_by("table"))
    for table, bye in enumerate(byes, start=_next_table(round_)):
        if bye.table != table:
            bye.table = table
            bye.save(update_fields=["table"])


def _late_stop(round_: Round) -> int | None:
    """Where a table seated late stops: after one donne once time is called (README « Fin du
    temps »: a table that has entered nothing plays one; it played a full game, and time could
    not be called for it), else nowhere. Undoing time called lets it play on, as the others."""
    return 1 if round_.time_called is not None else None


@transaction.atomic
def round_seat_as_exempt(*, round_: Round, team: Team, by: Actor = SYSTEM) -> Game:
    """A late team that could not be seated (no exempt team, no other late team) scores as
    exempt in the current partie, on the organiser's request: a bye of its own, after the
    tables and the byes, scored by the concours' exempt rule like any bye (and counted as one
    by the next draws)."""
    round_ = _late_checked(round_, [team])
    last = round_.games.aggregate(n=Max("table"))["n"] or 0
    game = Game.objects.create(round=round_, table=last + 1, team_ns=team)
    game = Game.objects.select_related("round__tournament", "team_ns").get(pk=game.pk)
    game_recompute(game=game)
    audit.log(round_.tournament, by, "pairing", "create", round_number=round_.number,
              table=game.table, after=[team.number, None])
    return game


@transaction.atomic
def round_seat_against_bye(*, round_: Round, team: Team, by: Actor = SYSTEM) -> Game:
    """Seat a late team in the current partie against its exempt team: the bye becomes a real
    table (the next number), and its bye result disappears until the game is played."""
    round_ = _late_checked(round_, [team])
    byes = _park_byes(round_)
    if not byes:
        raise UserError(_("Cette partie n'a pas d'équipe exempte : placez l'équipe à une "
                          "nouvelle table avec une autre équipe en attente."))
    bye = byes[0]
    before = [bye.team_ns.number, None]
    bye.table = _next_table(round_)
    bye.team_ew = team
    bye.stop_after = _late_stop(round_)
    bye.save(update_fields=["table", "team_ew", "stop_after"])
    _byes_after_tables(round_)
    bye = Game.objects.select_related("round__tournament", "team_ns", "team_ew").get(pk=bye.pk)
    game_recompute(game=bye)
    audit.log(round_.tournament, by, "pairing", "create", round_number=round_.number,
              table=bye.table, before=before, after=[bye.team_ns.number, team.number])
    return bye


@transaction.atomic
def round_seat_new_table(*, round_: Round, team_ns: Team, team_ew: Team,
                         by: Actor = SYSTEM) -> Game:
    """Seat two late teams in the current partie at a new table (the next number; the byes
    move after it)."""
    if team_ns.pk == team_ew.pk:
        raise UserError(_("Choisissez deux équipes différentes."))
    round_ = _late_checked(round_, [team_ns, team_ew])
    _park_byes(round_)
    game = Game.objects.create(round=round_, table=_next_table(round_), team_ns=team_ns,
                               team_ew=team_ew, stop_after=_late_stop(round_))
    _byes_after_tables(round_)
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
    round_ = partie_locked(round_)
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
    round_ = partie_locked(round_)
    if round_.time_called is None:
        raise UserError(_("La fin du temps n'est pas annoncée pour cette partie."))
    if round_.tournament.rounds.filter(number__gt=round_.number).exists():
        raise UserError(_("Une partie suivante est déjà tirée : la fin du temps ne peut plus "
                          "être annulée."))
    stops: dict[str, int | None] = {}
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
    """Whether a game of the partie has a result: donnes, paper totals or a forfeit."""
    return games_with_results(round_.games.all()).exists()


@transaction.atomic
def round_swap_teams(*, round_: Round, team_a: int, team_b: int, by: Actor = SYSTEM) -> None:
    """Exchange two teams' seats before the round starts. The partie is locked before it is
    checked: a donne entered meanwhile (its entry locks the partie for share) is seen."""
    if team_a == team_b:
        raise UserError(_("Choisissez deux équipes différentes."))
    round_ = partie_locked(round_)
    if round_started(round_):
        raise UserError(_("La partie a commencé : les tables ne peuvent plus être changées."))
    seats: dict[int, tuple[Game, str]] = {}
    for game in round_.games.select_for_update():
        for side in ("team_ns_id", "team_ew_id"):
            team = getattr(game, side)
            if team in (team_a, team_b):
                seats[team] = (game, side)
    if set(seats) != {team_a, team_b}:
        raise UserError(_("Ces deux équipes ne jouent pas toutes deux cette partie."))
    (game_a, side_a), (game_b, side_b) = seats[team_a], seats[team_b]
    # A mêlée's exempt player is a team of one: swapped with a doublette, a table would have
    # a side of one player (and the doublette would be exempt).
    sizes = dict(Team.objects.filter(id__in=(team_a, team_b))
                 .values_list("id", "second_id"))
    if (sizes[team_a] is None) != (sizes[team_b] is None):
        raise UserError(_("Un joueur exempt ne peut pas échanger sa place avec une doublette : "
                          "échangez deux doublettes, ou deux joueurs exempts."))
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
    numbers = dict(round_teams(round_).values_list("number", "id"))
    for seat, new in enumerate(teams):
        old = _tables(round_)[str(table)][seat]  # read again: a swap may have moved it
        if old != new and old is not None:
            if new not in numbers:
                raise UserError(_("L'équipe %(n)s n'existe plus.") % {"n": new})
            round_swap_teams(round_=round_, team_a=numbers[old], team_b=numbers[new], by=by)
