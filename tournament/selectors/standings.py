"""Reads of the standings: each partie's state, the results, the ranked rows and their scope,
in a constant number of queries."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..models import Game, Round, Team, Tournament
from ..standings import CRITERIA, Result, Row, compute, rank


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

    @property
    def in_play(self) -> bool:
        return self.finished < self.tables


def partie_states(tournament: Tournament) -> list[PartieState]:
    """Every partie drawn, in order, with its count of finished tables: one query."""
    two_teams = Q(games__team_ew__isnull=False)
    rows = (Round.objects.filter(tournament=tournament).order_by("number")
            .annotate(tables=Count("games", filter=two_teams),
                      finished=Count("games", filter=two_teams & Q(games__finished=True)))
            .values_list("number", "closed", "tables", "finished"))
    return [PartieState(*row) for row in rows]


def _played(states: list[PartieState]) -> set[int]:
    """The parties whose byes and forfeits count (see above)."""
    last = states[-1].number if states else 0
    return {state.number for state in states
            if not state.in_play or state.closed or state.number < last}


def results(tournament: Tournament, states: list[PartieState] | None = None) -> list[Result]:
    """Finished games as the standings see them; byes and forfeits once their partie is
    played."""
    played = _played(partie_states(tournament) if states is None else states)
    games = Game.objects.filter(round__tournament=tournament, finished=True).values_list(
        "team_ns_id", "team_ew_id", "score_ns", "score_ew", "winner", "forfeit", "round__number"
    )
    return [
        Result(ns, ew, score_ns, score_ew, ns if winner == "NS" else ew if winner == "EW" else None)
        for ns, ew, score_ns, score_ew, winner, forfeit, number in games
        if number in played or (ew is not None and not forfeit)
    ]


def standings(tournament: Tournament) -> list[Row]:
    team_ids = tournament.teams.values_list("id", flat=True)
    return rank(compute(team_ids, results(tournament)), tournament.criteria)


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
class StandingsLine:
    row: Row
    team: Team

    @property
    def name_key(self) -> tuple[str, str]:
        """The team's name in French order: the standings table sorts its names by it."""
        return name_key(self.team.name)


def standings_lines(tournament: Tournament) -> list[StandingsLine]:
    """The one source of the standings page (and, later, its PDF and workbook)."""
    teams = {team.id: team for team in tournament.teams.all()}
    return [StandingsLine(row, teams[row.team]) for row in standings(tournament)]


def criteria_labels(tournament: Tournament) -> list[str]:
    return [str(CRITERIA[key]) for key in tournament.criteria]
