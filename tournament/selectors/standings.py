"""Reads of the standings: each partie's state, the results, the ranked rows and their scope,
in a constant number of queries."""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from django.db.models import Count, Q
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..addresses import addresses
from ..draw import METHODS
from ..models import Game, Player, Round, Team, Tournament
from ..ranking import CRITERIA, PointsScale, Result, Row, rank, tally
from .phases import TABLEAU_PHASES, FinalPlace, FinalStandings, phases_standings


def name_key(name: str) -> tuple[str, str]:
    """French order for names: accents, case and ligatures ignored first ("Les Ânes" before
    "Les Trèfles", "Cœur" as "coeur"), then the name itself, so two names differing only by
    an accent keep one fixed order."""
    bare = "".join(char for char in unicodedata.normalize("NFKD", name)
                   if not unicodedata.combining(char))
    return bare.casefold().replace("œ", "oe").replace("æ", "ae"), name


# --- Standings ------------------------------------------------------------------------------
#
# A game played counts as soon as it is finished. A bye or a forfeit is "finished" from the
# moment it exists, but its team has not played yet: it counts once its partie is played —
# every other table of the partie finished, or the partie closed, or a later one drawn. Else a
# team given the bye would jump up the standings as soon as the partie is drawn.


@dataclass(frozen=True)
class PartieState:
    number: int
    closed: bool
    tables: int  # tables with two teams (a forfeit included; the bye not)
    finished: int  # of those, the tables whose game is over
    # The phase of a concours in phases (Round.phase), None for a drawn partie.
    phase: str | None = None

    @property
    def in_play(self) -> bool:
        return self.finished < self.tables


def partie_states(tournament: Tournament) -> list[PartieState]:
    """Every partie drawn, in order, with its count of finished tables: one query."""
    two_teams = Q(games__team_ew__isnull=False)
    rows = (Round.objects.filter(tournament=tournament).order_by("number")
            .annotate(tables=Count("games", filter=two_teams),
                      finished=Count("games", filter=two_teams & Q(games__finished=True)))
            .values_list("number", "closed", "tables", "finished", "phase"))
    return [PartieState(*row) for row in rows]


def _played(states: list[PartieState]) -> set[int]:
    """The parties whose byes and forfeits count (see above)."""
    last = states[-1].number if states else 0
    return {state.number for state in states
            if not state.in_play or state.closed or state.number < last}


# The columns of a finished game the standings read (`result_of`), its partie's number, and
# in a mêlée the partie teams' players (joined in the same query).
RESULT_FIELDS = ("team_ns_id", "team_ew_id", "score_ns", "score_ew", "winner", "forfeit",
                 "round__number")
MELEE_FIELDS = ("team_ns__first_id", "team_ns__second_id", "team_ew__first_id",
                "team_ew__second_id")


def played_parties(states: list[PartieState]) -> set[int]:
    """The parties whose byes and forfeits count (see above)."""
    return _played(states)


def result_of(values: tuple, played: set[int], melee: bool) -> Result | None:
    """A finished game read as `RESULT_FIELDS` (+ `MELEE_FIELDS` in a mêlée) as the standings
    see it, or None for a bye or forfeit whose partie is not played yet."""
    ns, ew, score_ns, score_ew, winner, forfeit, number, *players = values
    if number not in played and (ew is None or forfeit):
        return None
    if melee:
        ns_side = _players(players[0], players[1])
        ew_side = None if ew is None else _players(players[2], players[3])
    else:
        ns_side, ew_side = (ns,), None if ew is None else (ew,)
    return Result(ns_side, ew_side, score_ns, score_ew, winner, forfeit)


def results(tournament: Tournament, states: list[PartieState] | None = None) -> list[Result]:
    """Finished games as the standings see them; byes and forfeits once their partie is
    played. Each side names the concours' entrants: `(team,)` for a doublette concours, the
    partie team's players in a mêlée (`(first, second)`, or `(first,)` for an exempt
    player). One query (two with `states` not given)."""
    played = _played(partie_states(tournament) if states is None else states)
    melee = tournament.by_player
    fields = RESULT_FIELDS + (MELEE_FIELDS if melee else ())
    games = Game.objects.filter(round__tournament=tournament, finished=True).values_list(*fields)
    return [found for values in games
            if (found := result_of(values, played, melee)) is not None]


def _players(first: int, second: int | None) -> tuple[int, ...]:
    return (first,) if second is None else (first, second)


def points_scale(tournament: Tournament) -> PointsScale:
    """The concours' ranking points per result."""
    return PointsScale(win=tournament.points_win, loss=tournament.points_loss,
                       exempt=tournament.points_exempt, forfeit=tournament.points_forfeit)


def _entrants(tournament: Tournament) -> list[Team] | list[Player]:
    """Who is ranked: the players of a mêlée, the registered teams otherwise (a mêlée's
    teams are drawn per partie: they are not ranked). One query."""
    if tournament.by_player:
        return list(Player.objects.filter(tournament=tournament))
    return list(Team.objects.filter(tournament=tournament, round__isnull=True)
                .select_related("first", "second"))


def _ranked(tournament: Tournament, entrant_ids: list[int]) -> list[Row]:
    rows = tally(entrant_ids, results(tournament), points_scale(tournament))
    return rank(rows, tournament.criteria)


def standings(tournament: Tournament) -> list[Row]:
    """The ranked rows, best first: one per player in a mêlée (`Row.entrant` a player id),
    per registered team otherwise (a team id; `Row.team` names it too). Three queries.
    The entrants' ids only (each draw by standings reads this: a thousand teams and their
    players made into objects cost more than ranking them)."""
    if tournament.by_player:
        ids = list(Player.objects.filter(tournament=tournament).values_list("id", flat=True))
    else:
        ids = list(Team.objects.filter(tournament=tournament, round__isnull=True)
                   .values_list("id", flat=True))
    return _ranked(tournament, ids)


@dataclass(frozen=True)
class StandingsScope:
    """Which parties the standings include, in words for the page and the documents."""

    states: list[PartieState]

    @property
    def current(self) -> PartieState | None:
        """The last partie, while tables of it are still playing."""
        if self.states and self.states[-1].in_play:
            return self.states[-1]
        return None

    @property
    def complete(self) -> int:
        """The parties counted whole: 1 to this number."""
        if not self.states:
            return 0
        return self.states[-1].number - (1 if self.current else 0)

    @property
    def text(self) -> str:
        """ "Classement après la partie 3 ; partie 4 en cours : 5 tables sur 8 terminées." """
        current, complete = self.current, self.complete
        if current is None and not complete:
            return _("Aucune partie tirée : le classement est vide.")
        after = _("Classement après la partie %(n)d") % {"n": complete} if complete else ""
        if current is None:
            return f"{after}."
        values = {"n": current.number, "done": current.finished, "all": current.tables}
        if current.finished:  # 0 is singular in French, not in gettext's default rule
            playing = ngettext("partie %(n)d en cours : %(done)d table sur %(all)d terminée",
                               "partie %(n)d en cours : %(done)d tables sur %(all)d terminées",
                               current.finished) % values
        else:
            playing = _("partie %(n)d en cours : aucune table sur %(all)d terminée") % values
        return f"{after} ; {playing}." if after else f"{playing[0].upper()}{playing[1:]}."


def standings_scope(tournament: Tournament) -> StandingsScope:
    return StandingsScope(partie_states(tournament))


@dataclass(frozen=True)
class Entrant:
    """Who a standings line ranks, as every page and document names it: a registered team
    (doublettes) or a player (mêlée)."""

    kind: Literal["team", "player"]
    id: int
    number: int
    name: str
    club: str
    active: bool
    player1: str  # a team's players; a player: its own name, then ""
    player2: str
    url: str  # its page

    @property
    def is_player(self) -> bool:
        return self.kind == "player"

    @property
    def players(self) -> str:
        """A team's players ("Anne et Basile"); "" for a player (its name says it)."""
        if self.is_player:
            return ""
        return f"{self.player1} et {self.player2}" if self.player2 else self.player1


class _EntrantModels:
    """The lines' teams (players) as models, read in one query the first time a line is asked
    for its `team` or `player` (the static site, the season's tests): the pages and documents
    name their lines from `Entrant`, read as plain values (a thousand teams and their two
    thousand players made into objects were a third of the projector's page)."""

    def __init__(self, tournament: Tournament) -> None:
        self._tournament = tournament
        self._by_id: dict[int, Team | Player] | None = None

    def get(self, entrant: int) -> Team | Player:
        if self._by_id is None:
            self._by_id = {found.id: found for found in _entrants(self._tournament)}
        return self._by_id[entrant]


@dataclass(frozen=True)
class StandingsLine:
    """One line of the standings: the row (rank and figures) and who it ranks. `team` is the
    registered team of a doublette concours (None in a mêlée), `player` the player of a mêlée
    (None otherwise), both read on first use (one query for every line); `entrant` names
    either."""

    row: Row
    entrant: Entrant
    models: _EntrantModels | None = field(default=None, compare=False, repr=False)
    # A concours in phases, once its tableaux are over: the place they gave it (its
    # tableau, how), which `row.rank` follows (BRACKETS.md 6). None otherwise.
    phase: FinalPlace | None = field(default=None, compare=False)

    @property
    def team(self) -> Team | None:
        if self.entrant.is_player or self.models is None:
            return None
        found = self.models.get(self.entrant.id)
        assert isinstance(found, Team)
        return found

    @property
    def player(self) -> Player | None:
        if not self.entrant.is_player or self.models is None:
            return None
        found = self.models.get(self.entrant.id)
        assert isinstance(found, Player)
        return found

    @property
    def name_key(self) -> tuple[str, str]:
        """The entrant's name in French order: the standings table sorts its names by it."""
        return name_key(self.entrant.name)

    # What a document reads of any line, team or player alike.
    @property
    def number(self) -> int:
        return self.entrant.number

    @property
    def name(self) -> str:
        return self.entrant.name

    @property
    def detail(self) -> str:
        """A team's players; "" for a player."""
        return self.entrant.players

    @property
    def club(self) -> str:
        return self.entrant.club

    @property
    def active(self) -> bool:
        return self.entrant.active


# What the lines read of the entrants: plain values, their players' names joined.
_TEAM_FIELDS = ("id", "number", "name", "club", "active", "first__name", "second__name")
_PLAYER_FIELDS = ("id", "number", "name", "club", "active")


def _entrant_values(tournament: Tournament) -> list[Entrant]:
    """Who is ranked (as `_entrants`), as the lines name them. One query."""
    if tournament.by_player:
        url = addresses("tournament:player", tournament.slug)
        return [Entrant("player", pk, number, name, club, active, name, "", url(number))
                for pk, number, name, club, active in Player.objects.filter(
                    tournament=tournament).values_list(*_PLAYER_FIELDS)]
    # Reversed once (a thousand reverses took a quarter of the standings page).
    url = addresses("tournament:team", tournament.slug)
    return [Entrant("team", pk, number, name, club, active, first, second or "", url(number))
            for pk, number, name, club, active, first, second in Team.objects.filter(
                tournament=tournament, round__isnull=True).values_list(*_TEAM_FIELDS)]


def standings_lines(tournament: Tournament, *, seated_only: bool = True) -> list[StandingsLine]:
    """The one source of the standings page, its PDF and the workbook: a line per player in a
    mêlée, per registered team otherwise, those the draw has placed (`_seated`). Four
    queries, whatever the number of entrants (one more, the first time a line's `team` or
    `player` is read)."""
    entrants = _entrant_values(tournament)
    by_id = {entrant.id: entrant for entrant in entrants}
    models = _EntrantModels(tournament)
    # « Où est ma table ? » finds a team registered after the draw too (`seated_only` False:
    # no query for the seats).
    seated = _seated(tournament) if seated_only else None
    ids = [entrant.id for entrant in entrants if seated is None or entrant.id in seated]
    states = partie_states(tournament)
    rows = rank(tally(ids, results(tournament, states), points_scale(tournament)),
                tournament.criteria)
    placed: dict[int, FinalPlace] = {}
    if any(state.phase in TABLEAU_PHASES for state in states):
        final = phases_standings(tournament)
        if not final.waiting:
            placed = _entrant_places(tournament, final)
            rows = _phase_places(placed, rows)
    return [StandingsLine(row, by_id[row.entrant], models, placed.get(row.entrant))
            for row in rows]


def phase_ranked(tournament: Tournament, rows: list[Row]) -> tuple[list[Row], bool]:
    """`rows` (ranked by the criteria) as a concours in phases places them once its tableaux
    are over (BRACKETS.md 6), and whether they are (the season reads a concours so; a few
    queries)."""
    final = phases_standings(tournament)
    if final.waiting:
        return rows, False
    return _phase_places(_entrant_places(tournament, final), rows), True


def _entrant_places(tournament: Tournament, final: FinalStandings) -> dict[int, FinalPlace]:
    """Each ranked entrant's final place: a team's own, or in a mêlée, both players of the
    pair that place went to (BRACKETS.md 1)."""
    if tournament.by_player:
        return {player: place for place in final.places
                for player in (place.team.first_id, place.team.second_id)
                if player is not None}
    return {place.team.pk: place for place in final.places}


def _phase_places(placed: dict[int, FinalPlace], rows: list[Row]) -> list[Row]:
    """A concours in phases ranks by the places its tableaux give (BRACKETS.md 6) once they
    are all decided; until then, by its criteria, as any concours in play. In a mêlée the
    pairs' places rank players (`FinalPlace.rank`): a pair's two players share their rank
    and the next pair's come after both (1, 1, 3, 3, then 5 for a shared 3rd place of
    pairs), as ex aequo do."""
    place_of = {entrant: place.rank for entrant, place in placed.items()}
    after = len(place_of) + 1  # a team in no tableau nor poule (withdrawn before): last
    ordered = sorted(enumerate(rows), key=lambda pair: (
        place_of.get(pair[1].entrant, after), pair[0]))
    return [dataclasses.replace(row, rank=place_of.get(row.entrant, after))
            for _index, row in ordered]


def _seated(tournament: Tournament) -> set[int] | None:
    """The entrants the draw has placed in some partie (None before the first draw: every
    entrant is listed). One entrant never placed (registered, never arrived) is left out of
    the standings, not ranked 40th with 0 played (issue 32); the draw reads `standings`,
    which keeps it (a late team is drawn at the next partie). One query."""
    pairs: Iterable[tuple[int | None, int | None]]
    if tournament.by_player:
        # A partie's drawn teams, and in phases the pairs drawn once (no partie of their own).
        pairs = Team.objects.filter(tournament=tournament).values_list("first_id",
                                                                       "second_id")
    else:
        pairs = Game.objects.filter(round__tournament=tournament).values_list(
            "team_ns_id", "team_ew_id")
    seated = {entrant for pair in pairs for entrant in pair if entrant is not None}
    return seated or None


def criteria_labels(tournament: Tournament) -> list[str]:
    return [str(CRITERIA[key]) for key in tournament.criteria]


def uses_ranking_points(tournament: Tournament) -> bool:
    """Whether the standings show ranking points: a scale is set, or they rank."""
    return ("ranking_points" in tournament.criteria
            or any(value is not None for value in (
                tournament.points_win, tournament.points_loss, tournament.points_exempt,
                tournament.points_forfeit)))


def has_registrations(tournament: Tournament) -> bool:
    """Whether players or teams are registered (the format then no longer changes)."""
    return (Player.objects.filter(tournament=tournament).exists()
            or Team.objects.filter(tournament=tournament).exists())


def entrants_count(tournament: Tournament) -> int:
    """The active entrants: players of a mêlée, registered teams otherwise."""
    if tournament.by_player:
        return Player.objects.filter(tournament=tournament, active=True).count()
    return Team.objects.filter(tournament=tournament, round__isnull=True, active=True).count()


def ranking_summary(tournament: Tournament) -> str:
    """The ranking points in words, as the concours' page shows them ("" when none):
    "victoire 4, défaite 2, exemption 3"."""
    parts = [(_("victoire"), tournament.points_win), (_("défaite"), tournament.points_loss),
             (_("exemption"), tournament.points_exempt),
             (_("forfait"), tournament.points_forfeit)]
    return ", ".join(f"{label} {points}" for label, points in parts if points is not None)


def draw_label(key: str) -> str:
    """A draw method's French name (its key when no method has it any more)."""
    method = METHODS.get(key)
    return capfirst(str(method.label)) if method is not None else key


__all__ = [
    "MELEE_FIELDS",
    "RESULT_FIELDS",
    "Entrant",
    "PartieState",
    "StandingsLine",
    "StandingsScope",
    "criteria_labels",
    "draw_label",
    "entrants_count",
    "has_registrations",
    "name_key",
    "partie_states",
    "phase_ranked",
    "played_parties",
    "points_scale",
    "ranking_summary",
    "result_of",
    "results",
    "standings",
    "standings_lines",
    "standings_scope",
    "uses_ranking_points",
]
