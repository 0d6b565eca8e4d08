"""Reads of parties: what the draw knows and offers, who is seated or waiting, what can be
undone. The draw itself and every change of a partie are services/rounds.py.

In a doublette concours the entrants are the registered teams; in a mêlée they are the
active players, and each partie's draw creates that partie's teams (`Team.round`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Exists, Max, OuterRef, Q, QuerySet, prefetch_related_objects
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from ..draw import METHODS, DrawInput
from ..formats import format_of
from ..models import AuditEntry, DonneRecord, Game, Round, Team, Tournament
from ..models.rounds import CLOCK_OFFERED
from .arrivals import entrants_drawn, entrants_registered
from .rules import games_with_results
from .standings import standings


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
    of a mêlée, the active registered teams otherwise; only those marked arrived once the
    pointage is in use (selectors/arrivals.py)."""
    return list(entrants_drawn(tournament).order_by("number").values_list("id", "number"))


@dataclass(frozen=True)
class Registered:
    """A registered entrant (a team; a mêlée's player), withdrawn or not, as the pointage and
    the next draw see it."""

    id: int
    number: int
    active: bool
    arrived: bool


def registered_entrants(tournament: Tournament) -> list[Registered]:
    """Every registered entrant (arrivals.entrants_registered), by number, in one query: a
    partie's page tells from it the teams waiting, whether the pointage is in use and the
    next draw's entrants, which took five queries read one by one."""
    return [Registered(*values) for values in entrants_registered(tournament)
            .order_by("number").values_list("id", "number", "active", "arrived")]


def pointage_in_use(registered: Sequence[Registered]) -> bool:
    """arrivals_in_use, from the entrants already read: any of them marked arrived."""
    return any(entrant.arrived for entrant in registered)


def entrants_among(registered: Sequence[Registered]) -> list[tuple[int, int]]:
    """active_entrants, from the entrants already read (registered_entrants, by number)."""
    in_use = pointage_in_use(registered)
    return [(entrant.id, entrant.number) for entrant in registered
            if entrant.active and (entrant.arrived or not in_use)]


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
    # The draw's page shows the arrivals too (`arrivals_board`): read there, not on a
    # partie's page, whose draw button needs none of a thousand teams' rows.


def round_draw_options(tournament: Tournament, *, drawn: Sequence[int] | None = None,
                       registered: Sequence[Registered] | None = None) -> DrawOptions:
    """The next partie's draw form's options. `drawn`: the numbers of the parties drawn, when
    the caller has read them already (a partie's page, for its menu): two queries fewer;
    `registered`: the registered entrants, read likewise (registered_entrants): three fewer."""
    if drawn is None:
        number = (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
        partie_one = None
    else:
        number, partie_one = max(drawn, default=0) + 1, 1 in drawn
    methods = draw_methods(tournament)
    entrants = (active_entrants(tournament) if registered is None
                else entrants_among(registered))
    movement = len(_movement(tournament, number, entrants, partie_one=partie_one,
                             registered=registered))
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
        ids = [row.entrant for row in standings(tournament) if row.entrant in active]
    melee = tournament.by_player
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


def _movement(tournament: Tournament, number: int, entrants: list[tuple[int, int]], *,
              partie_one: bool | None = None,
              registered: Sequence[Registered] | None = None) -> dict[int, int]:
    """The teams of the rotation's movement for partie `number`, id -> registration number.
    Its positions are fixed at partie 1 (withdrawn teams keep theirs, late ones have none):
    the active `entrants` (active_entrants) for partie 1 and in a mêlée, partie 1's teams
    after it (`rotation_roster`), not the active ones."""
    return (dict(entrants) if number == 1 or tournament.by_player
            else rotation_roster(tournament, partie_one=partie_one, registered=registered))


def rotation_roster(tournament: Tournament, *, partie_one: bool | None = None,
                    registered: Sequence[Registered] | None = None) -> dict[int, int]:
    """The teams of a doublette concours' tableau de marche, id -> registration number: the
    active teams before partie 1, then the teams partie 1's draw seated (its journal entry:
    a team seated late on partie 1's page is not one of them), withdrawn since or not. Four
    queries before partie 1 (the drawn ones: selectors/arrivals.py), three once it is drawn;
    one fewer when the caller knows whether partie 1 is drawn (`partie_one`), and only the
    journal's when it has read the registered teams (`registered`: registered_entrants)."""
    teams = Team.objects.filter(tournament=tournament, round__isnull=True)
    if partie_one is None:
        partie_one = tournament.rounds.filter(number=1).exists()
    if not partie_one:
        if registered is not None:
            return dict(entrants_among(registered))
        return dict(entrants_drawn(tournament).values_list("id", "number"))
    # Its `after` alone: the entry's other columns are of no use here.
    after = (AuditEntry.objects.filter(tournament=tournament, kind="round", action="create",
                                       round_number=1)
             .order_by("-at", "-id").values_list("after", flat=True).first())
    tables = after.get("tables") if isinstance(after, dict) else None
    if isinstance(tables, dict):
        drawn = {number for seats in tables.values() if isinstance(seats, list)
                 for number in seats if type(number) is int}
        if registered is not None:
            return {team.id: team.number for team in registered if team.number in drawn}
        return dict(teams.filter(number__in=drawn).values_list("id", "number"))
    # No journal entry (a concours imported with its parties): partie 1's teams.
    games = Game.objects.filter(round__tournament=tournament, round__number=1)
    return dict(teams.filter(Q(games_ns__in=games) | Q(games_ew__in=games)).distinct()
                .values_list("id", "number"))


# --- A partie's tables, as its page shows them --------------------------------------------


@dataclass(frozen=True)
class SeatedPlayer:
    number: int
    name: str


@dataclass(frozen=True)
class SeatedTeam:
    """A team at a partie's table: a registered team, or a mêlée partie's pair."""

    id: int
    number: int
    name: str
    active: bool
    first: SeatedPlayer | None  # None: its players not read (partie_tables' `players`)
    second: SeatedPlayer | None

    @property
    def players(self) -> str:  # as Team.players
        if self.first is None:
            return ""
        if self.second is None:
            return self.first.name
        return f"{self.first.name} et {self.second.name}"


@dataclass(frozen=True)
class PartieTable:
    """A game of a partie as its page shows it (the score, where it stands, its links)."""

    id: int
    table: int
    team_ns: SeatedTeam
    team_ew: SeatedTeam | None  # None: the bye
    score_ns: int
    score_ew: int
    finished: bool
    forfeit: str
    played: int
    stop_after: int | None
    token: str
    token_ew: str
    # A result is in (selectors.games_with_results): a donne, the sheet's totals, a forfeit.
    has_result: bool = False

    @property
    def pk(self) -> int:
        return self.id

    @property
    def is_bye(self) -> bool:  # as Game.is_bye
        return self.team_ew is None


_GAME_FIELDS = ("id", "table", "score_ns", "score_ew", "finished", "forfeit", "played",
                "stop_after", "token", "token_ew")
_TEAM_FIELDS = ("id", "number", "name", "active")
_PLAYER_FIELDS = ("first__number", "first__name", "second__number", "second__name")


def _table_fields(players: bool) -> tuple[str, ...]:
    team = (*_TEAM_FIELDS, *_PLAYER_FIELDS) if players else _TEAM_FIELDS
    return (*_GAME_FIELDS, *(f"{side}__{field}" for side in ("team_ns", "team_ew")
                             for field in team))


def _seated(values: tuple) -> SeatedTeam | None:
    pk, number, name, active = values[:4]
    if pk is None:
        return None
    if len(values) == 4:  # its players not read
        return SeatedTeam(pk, number, name, active, None, None)
    first_number, first_name, second_number, second_name = values[4:]
    return SeatedTeam(pk, number, name, active, SeatedPlayer(first_number, first_name),
                      None if second_number is None else SeatedPlayer(second_number,
                                                                      second_name))


def partie_tables(round_: Round, *, players: bool = True) -> list[PartieTable]:
    """The partie's games by table, their teams and players as plain values, and whether
    each has a result: one query (500 tables' games, teams and players made into models were
    most of the page's time; whether the partie started was a query of its own). `players`:
    the teams' players too (a mêlée's page names them; a doublette's names its teams: four
    joins fewer, which cost more than the rest of the query to write)."""
    games = len(_GAME_FIELDS)
    teams = len(_TEAM_FIELDS) + (len(_PLAYER_FIELDS) if players else 0)
    tables = []
    donnes = DonneRecord.objects.filter(game=OuterRef("pk"))
    for values in (Game.objects.filter(round=round_).order_by("table")
                   .annotate(has_donnes=Exists(donnes))
                   .values_list(*_table_fields(players), "by_totals", "has_donnes")):
        (pk, table, score_ns, score_ew, finished, forfeit, played, stop_after, token,
         token_ew) = values[:games]
        ns = _seated(values[games:games + teams])
        assert ns is not None  # every game has its NS team
        by_totals, has_donnes = values[-2:]
        tables.append(PartieTable(
            id=pk, table=table, team_ns=ns, team_ew=_seated(values[games + teams:-2]),
            score_ns=score_ns, score_ew=score_ew, finished=finished, forfeit=forfeit,
            played=played, stop_after=stop_after, token=token, token_ew=token_ew,
            # games_with_results' test, row by row: by_totals, a forfeit, a donne stored.
            has_result=bool(by_totals or forfeit or has_donnes)))
    return tables


def partie_started(tables: Iterable[PartieTable]) -> bool:
    """round_started, from the partie's tables already read (partie_tables): no query."""
    return any(table.has_result for table in tables)


def _side(first: int, second: int | None) -> tuple[int, ...]:
    return (first,) if second is None else (first, second)


def partie_team_name(first: str, second: str | None) -> str:
    """A mêlée partie's team named after its players ("Anne et Basile"; an exempt player's
    team: the player's name), cut to the column's length: two long names may not fit."""
    name = first if second is None else f"{first} et {second}"
    limit = Team._meta.get_field("name").max_length or len(name)
    return name if len(name) <= limit else name[:limit - 1] + "…"


def round_teams(round_: Round) -> QuerySet[Team]:
    """The teams a partie's seats are exchanged between, by their numbers: the partie's own
    teams in a mêlée, the registered teams otherwise."""
    if round_.tournament.by_player:
        return Team.objects.filter(round=round_)
    return Team.objects.filter(tournament=round_.tournament_id, round__isnull=True)


def round_undoable(round_: Round) -> bool:
    """A draw can be undone while it is the last partie and nothing is played in it."""
    return (not round_.tournament.rounds.filter(number__gt=round_.number).exists()
            and not round_started(round_))


def drawn_parties(tournament: Tournament) -> list[int]:
    """The numbers of the concours' parties, in order. One query, whose parties are kept on
    `tournament` for the page's menu (`tournament.rounds.all` in the template)."""
    prefetch_related_objects([tournament], "rounds")
    return [partie.number for partie in tournament.rounds.all()]


def round_waiting_teams(round_: Round) -> list[Team]:
    """Active teams with no seat in this partie (registered after its draw, or returned).
    None in a mêlée: a player arriving late plays from the next partie's draw. One query; the
    partie's page reads partie_waiting_teams from what it has already read, and its tests
    compare the two."""
    if round_.tournament.by_player:
        return []
    seated = Game.objects.filter(round=round_)
    return list(round_.tournament.teams.filter(active=True, round__isnull=True)
                .exclude(id__in=seated.values("team_ns_id"))
                .exclude(id__in=seated.filter(team_ew__isnull=False).values("team_ew_id"))
                .order_by("number"))


def partie_waiting_teams(round_: Round, tables: Iterable[PartieTable],
                         registered: Sequence[Registered]) -> list[Team]:
    """round_waiting_teams, from the partie's tables and the registered teams already read
    (partie_tables, registered_entrants): no query while no team waits, one otherwise."""
    if round_.tournament.by_player:
        return []
    seated = {team.id for table in tables for team in (table.team_ns, table.team_ew)
              if team is not None}
    waiting = [team.id for team in registered if team.active and team.id not in seated]
    if not waiting:
        return []
    return list(Team.objects.filter(id__in=waiting).order_by("number"))


def partie_clock_offered(round_: Round, parties: Iterable[Round]) -> int:
    """Round.clock_offered, from the concours' parties already read (the page's menu): no
    query."""
    if round_.clock_minutes is not None:
        return round_.clock_minutes
    earlier = [(partie.number, partie.clock_minutes) for partie in parties
               if partie.number < round_.number and partie.clock_minutes is not None]
    return max(earlier)[1] if earlier else CLOCK_OFFERED


def round_time_undoable(round_: Round) -> bool:
    """Time called can be undone while no later partie exists."""
    return round_.time_called is not None and not round_.tournament.rounds.filter(
        number__gt=round_.number).exists()


def round_started(round_: Round) -> bool:
    """Whether a game of the partie has a result: donnes, paper totals or a forfeit."""
    return games_with_results(round_.games.all()).exists()


def entrant_kind(format: str) -> str:
    """What a concours of `format` draws and ranks: players in a mêlée, teams otherwise."""
    return format_of(format).entrant


__all__ = [
    "DrawOptions",
    "PartieTable",
    "Registered",
    "SeatedPlayer",
    "SeatedTeam",
    "active_entrants",
    "draw_has_chart",
    "draw_input",
    "draw_methods",
    "draw_reach",
    "draw_uses_seed",
    "drawn_parties",
    "entrant_kind",
    "entrants_among",
    "partie_clock_offered",
    "partie_started",
    "partie_tables",
    "partie_team_name",
    "partie_waiting_teams",
    "pointage_in_use",
    "registered_entrants",
    "rotation_roster",
    "round_draw_options",
    "round_started",
    "round_teams",
    "round_time_undoable",
    "round_undoable",
    "round_undone_seed",
    "round_unfinished_tables",
    "round_waiting_teams",
    "tables_phrase",
]
