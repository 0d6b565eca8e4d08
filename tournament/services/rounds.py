"""Writes of parties: draw, undo, close, seat late teams, call time, swap and seat tables.

The draw is `tournament.draw` (pure functions on ids, one per method): `round_generate`
builds its input from the database (`selectors.draw_input`) and saves what it gives. In a
doublette concours the entrants are the registered teams; in a mêlée they are the active
players, and each partie's draw creates that partie's teams (`Team.round`): two a table, and a
team of one for each exempt player.

A bye is a game without an East-West team (`Game.is_bye`). A mêlée partie may have up to
three, so byes are numbered after the real tables (N + 1, N + 2, …): the real tables stay
numbered 1 to N, as the room is, and every page recognises a bye by `is_bye`, never by its
number.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .. import journal as audit
from ..draw import METHODS, Draw, DrawError
from ..errors import UserError
from ..journal import SYSTEM, Actor
from ..models import (
    AuditEntry,
    DonneRecord,
    Game,
    PhasePlan,
    Player,
    Round,
    Team,
    Tournament,
)
from ..selectors.phases import TABLEAU_PHASES
from ..selectors.rounds import (
    draw_input,
    partie_team_name,
    round_started,
    round_teams,
    round_unfinished_tables,
    tables_phrase,
)
from ..selectors.rules import games_with_results
from ..validators import MAX_SMALL
from .arrivals import entrants_mark_arrived
from .autobackups import on_partie_closed
from .common import draw_method_checked, whole_field
from .donnes import game_recompute

# --- Rounds -----------------------------------------------------------------------------


    # the concours' method uses one


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
    plan = PhasePlan.objects.filter(tournament=tournament).first()
    if plan is not None and plan.qualification != "parties":
        # The poules' parties are drawn by their pairs, a tableau's matches called as their
        # teams are known (services.phases): never by lot.
        raise UserError(_("Ce concours se joue en poules ou en tableaux : ses parties se "
                          "tirent depuis la page des poules ou des tableaux."))
    key = draw_method_checked(tournament.draw_method if method is None else method,
                              tournament.format)
    last = tournament.rounds.order_by("-number").first()
    if plan is not None and plan.parties is not None and last is not None and (
            last.phase or last.number >= plan.parties):
        # After its parties qualificatives, the formule goes on in tableaux.
        raise UserError(ngettext(
            "La partie qualificative est tirée : la suite se joue en tableaux, depuis la "
            "page des tableaux.",
            "Les %(n)d parties qualificatives sont tirées : la suite se joue en tableaux, "
            "depuis la page des tableaux.", plan.parties) % {"n": plan.parties})
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
    if tournament.by_player:
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
            on_partie_closed(tournament_id=round_.tournament_id, number=round_.number)
    return round_


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
    if round_.phase in TABLEAU_PHASES:
        # Its tables are the matches' calls: each is undone on its own, from the tableaux.
        raise UserError(_("Une partie de tableau ne s'annule pas d'un bloc : annulez l'appel "
                          "de chaque match sur la page des tableaux."))
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


def _late_checked(round_: Round, teams: list[Team]) -> Round:
    """The partie locked, if `teams` may still be seated in it: the last partie, open, each
    team active and not seated in it yet. The tournament is locked as the draw locks it."""
    round_ = partie_locked(round_)
    if round_.tournament.rounds.filter(number__gt=round_.number).exists():
        raise UserError(_("Une partie suivante est tirée : l'équipe jouera à partir de "
                          "celle-ci."))
    if round_.closed:
        raise UserError(_("La partie est close : rouvrez-la pour y placer une équipe."))
    if round_.tournament.by_player:
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
    entrants_mark_arrived(tournament=round_.tournament, teams=[team], by=by)
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
    entrants_mark_arrived(tournament=round_.tournament, teams=[team], by=by)
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
    entrants_mark_arrived(tournament=round_.tournament, teams=[team_ns, team_ew], by=by)
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


@transaction.atomic
def round_swap_teams(*, round_: Round, team_a: int, team_b: int, by: Actor = SYSTEM) -> None:
    """Exchange two teams' seats before the round starts. The partie is locked before it is
    checked: a donne entered meanwhile (its entry locks the partie for share) is seen."""
    if team_a == team_b:
        raise UserError(_("Choisissez deux équipes différentes."))
    round_ = partie_locked(round_)
    if round_.phase:
        # A poule's pairs are its positions, a tableau's its bracket (BRACKETS.md 2.3, 3.2):
        # a team moved to another table would play another poule's or another match's game.
        raise UserError(_("Les tables d'une partie des poules ou d'un tableau suivent leur "
                          "tirage : deux équipes de deux poules s'échangent sur la page des "
                          "poules, avant leur première partie."))
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


__all__ = [
    "round_close",
    "round_generate",
    "round_seat",
    "round_seat_against_bye",
    "round_seat_as_exempt",
    "round_seat_new_table",
    "round_swap_teams",
    "round_time_call",
    "round_time_cancel",
    "round_undo",
]
