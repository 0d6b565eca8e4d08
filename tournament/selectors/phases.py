"""Reads of a concours in phases (BRACKETS.md): its formule and the words that say it, its
poules as drawn, and each poule's grid and ranking as the results come in.

The rules are the pure core's (`tournament.brackets`): these functions load the rows, hand
the core team numbers (a team's number is its id there) and the results, and return rows
for the pages. A known number of queries: the formule (one), the entrants (one or two), the
seats with their teams (one), the poules' games with their teams (one).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.db.models import Q
from django.utils.translation import gettext as _

from ..brackets import BracketError, Game, Match
from ..brackets.bracket import (
    PlacingSlot,
    bracket_size,
    bracket_slots,
    first_round,
    mend_poule_pairs,
    placing_slots,
    poule_seeds,
    round_names,
    tableau_placing,
)
from ..brackets.bracket import Round as BracketRound
from ..brackets.bracket import Tableau as BracketTableau
from ..brackets.formule import Formule
from ..brackets.poules import clashes, poule_name, poule_ranking
from ..brackets.standings import Place, final_standings, how_words, ordinal_words
from ..brackets.summary import formule_words
from ..models import Game as GameRow
from ..models import PhasePlan, PouleSeat, Round, Tableau, TableauMatch, Team, Tournament
from .arrivals import entrants_drawn

# What a formule's summary counts a partie as, until the concours has a countdown of its own.
DEFAULT_MINUTES = 45


def phase_plan_of(tournament: Tournament) -> PhasePlan | None:
    """The concours' formule en phases, or None: it plays drawn parties (one query)."""
    return PhasePlan.objects.filter(tournament=tournament).first()


def partie_to_draw(tournament: Tournament, rounds: Iterable[Round]) -> int | None:
    """The number of the next partie drawn by lot (« Tirer la partie n »), or None when the
    formule en phases decides the parties: the poules' parties are drawn from their page,
    a tableau's matches called as their teams are known; after parties qualificatives, only
    those (no query: `rounds`, the concours' parties, and its formule read with it by
    access.readable)."""
    rounds = list(rounds)
    plan = getattr(tournament, "phase_plan", None)  # None: a concours of drawn parties
    if plan is None:
        return len(rounds) + 1
    if plan.qualification != "parties" or plan.parties is None:
        return None
    if any(partie.phase for partie in rounds) or len(rounds) >= plan.parties:
        return None
    return len(rounds) + 1


def phase_plan_formule(plan: PhasePlan, tournament: Tournament) -> Formule:
    """The pure formule, ranked in a poule by the concours' own criteria (2.4)."""
    return plan.formule(tuple(tournament.criteria) or None)


def partie_minutes(tournament: Tournament) -> int:
    """A partie's length for the summary: the last countdown used, else 45 minutes."""
    last = (Round.objects.filter(tournament=tournament, clock_minutes__isnull=False)
            .order_by("-number").values_list("clock_minutes", flat=True).first())
    return last or DEFAULT_MINUTES


@dataclass(frozen=True)
class Summary:
    entrants: int
    words: str  # the formule in plain words, "" when refused for this count
    refusal: str  # why the draw would refuse it with these entrants, "" when it would not
    # A mêlée's odd count after parties qualificatives, with a consolante: who will be left
    # with no partner, said before the evening ("" otherwise).
    alone: str = ""

    @property
    def refusal_after_colon(self) -> str:
        """The refusal as the page says it after « Avec les 5 équipes d'aujourd'hui : »: no
        capital after the colon, and a full stop (the brackets' own messages, BRACKETS.md's
        words, are sentences of their own)."""
        text = self.refusal[:1].lower() + self.refusal[1:]
        return text if text.endswith((".", "!", "?")) else f"{text}."


def formule_summary(tournament: Tournament, formule: Formule) -> Summary:
    """The formule said for the entrants the draw would take now, or, once the poules are
    drawn, for those the poules seated (2 to 4 queries): a team withdrawn during the poules
    made the règlement say « 15 équipes : 4 poules (3 de 4 et 1 de 3) » of an evening
    played in four poules of four."""
    seated = PouleSeat.objects.filter(tournament=tournament).count()
    count = seated or entrants_drawn(tournament).count()
    words = tournament.format_spec.words
    one, many = str(words.one), str(words.many)
    alone = ""
    if seated and tournament.by_player:
        one, many = _("paire"), _("paires")  # a mêlée's poules seat its pairs
    elif tournament.by_player:
        # A mêlée plays in pairs drawn among its players (BRACKETS.md 1): the formule is
        # said for its pairs.
        if count % 2 and formule.qualification != "parties":  # after parties: one alone
            return Summary(count, "", _("%(n)d joueurs : une mêlée en phases se joue en "
                                        "paires, il faut un nombre pair de joueurs.")
                           % {"n": count})
        if count % 2 and formule.consolante:
            alone = _("%(n)d joueurs, un nombre impair : le dernier classé des parties "
                      "qualificatives après le tableau principal restera sans partenaire ; il "
                      "ne jouera pas la consolante et sera classé %(n)de.") % {"n": count}
        count, one, many = count // 2, _("paire"), _("paires")
    try:
        text = formule_words(formule, count, minutes=partie_minutes(tournament),
                             target=tournament.target, donnes=tournament.max_donnes,
                             one=one, many=many)
    except BracketError as error:
        return Summary(count, "", str(error))
    return Summary(count, text, "", alone)


# --- The poules -----------------------------------------------------------------------


@dataclass
class PouleRow:
    """A team of a poule, by position, with its tally over the poule's parties."""

    position: int
    number: int
    name: str
    club: str
    wins: int = 0
    played: int = 0
    scored: int = 0
    conceded: int = 0
    place: int | None = None
    # Its score against each team of the poule by position (« 1620–1380 »; "" not played
    # yet, « — » itself): a row of the poule's grid.
    cells: list[str] = field(default_factory=list)
    active: bool = True  # withdrawn: its parties left are forfeits (BRACKETS.md 3.3)

    @property
    def diff(self) -> int:
        return self.scored - self.conceded


@dataclass
class PouleView:
    number: int  # 1 is A
    name: str
    rows: list[PouleRow]  # by position, each with its line of the grid
    ranking: list[PouleRow]  # best first, once a partie is played
    exempt: list[int | None]  # the team number exempt at partie 1, 2, 3
    clash: str = ""  # two teams of one club left in the poule (2.2), named
    matches: list[tuple[int, Match]] = field(default_factory=list)
    finished: bool = False
    # The (a, b) of its matches won by forfait: the grid says so, not the 1000–0 it counts.
    forfeits: set[tuple[int, int]] = field(default_factory=set)


@dataclass
class Poules:
    drawn: bool
    seed: int | None
    poules: list[PouleView]
    parties_drawn: int  # poule parties drawn so far (0 to 3)
    started: bool  # a poule partie has a result: no more swaps


def poule_games(tournament: Tournament) -> list[GameRow]:
    """The games of the poules' parties with their teams (one query)."""
    return list(GameRow.objects.filter(round__tournament=tournament, round__phase="poule")
                .select_related("round", "team_ns", "team_ew").order_by("round__number",
                                                                         "table"))


def poules_view(tournament: Tournament, plan: PhasePlan | None = None) -> Poules:
    """Every poule: its teams by position, the grid of its results, its ranking as it stands
    (2.4; `toutes rencontres` ranks as the results come in, `gagnants-perdants` once its
    barrage is played) and the clubs left together."""
    plan = plan if plan is not None else phase_plan_of(tournament)
    seats = list(PouleSeat.objects.filter(tournament=tournament)
                 .select_related("team__first", "team__second"))
    if plan is None or not seats:
        return Poules(False, None, [], 0, False)
    formule = phase_plan_formule(plan, tournament)
    by_poule: dict[int, list[PouleSeat]] = {}
    for seat in seats:
        by_poule.setdefault(seat.poule, []).append(seat)
    views: dict[int, PouleView] = {}
    poule_of: dict[int, int] = {}
    for number, members in sorted(by_poule.items()):
        rows = [PouleRow(seat.position, seat.team.number, seat.team.name, seat.team.club,
                         active=seat.team.active) for seat in members]
        entrants = [row.number for row in rows]
        exempt = [None, None, None] if len(rows) == 4 else entrants
        for at, row in enumerate(rows):
            row.cells = ["—" if other == at else "" for other in range(len(rows))]
        views[number] = PouleView(number, poule_name(number - 1), rows, [], list(exempt))
        poule_of.update({row.number: number for row in rows})
    parties = set()
    started = False
    for game in poule_games(tournament):
        parties.add(game.round.number)
        if game.team_ew is None:
            continue
        a, b = game.team_ns.number, game.team_ew.number
        started = started or game.played > 0 or bool(game.forfeit) or game.by_totals
        if not game.finished or (game.score_ns == game.score_ew and not game.forfeit):
            continue  # a level game goes on (donne décisive): no result yet
        winner = a if _ns_won(game) else b
        if game.forfeit:
            views[poule_of[a]].forfeits.add((a, b))
        views[poule_of[a]].matches.append(
            (game.round.number, Match(a, b, winner, Game(winner, game.score_ns,
                                                         game.score_ew))))
    melee = tournament.by_player
    clubs = {seat.team.number: entrant_clubs(seat.team, melee) for seat in seats}
    noun = _("paires") if melee else _("équipes")
    for index, view in enumerate(views.values()):
        _fill(view, formule, plan.deal_seed or 0, index)
        found = clashes([[row.number for row in view.rows]], clubs)
        view.clash = "; ".join(sorted({f"Poule {view.name} : deux {noun} du club {c.club}"
                                       for c in found}))
    return Poules(True, plan.deal_seed, list(views.values()), len(parties), started)


def entrant_clubs(team: Team, melee: bool) -> set[str]:
    """A team's club, or a mêlée pair's: both of its players' clubs (BRACKETS.md 1)."""
    if not melee:
        return {team.club} if team.club else set()
    return {player.club for player in (team.first, team.second)
            if player is not None and player.club}


def _ns_won(game: GameRow) -> bool:
    if game.winner:
        return game.winner == "NS"
    return game.score_ns > game.score_ew


def _fill(view: PouleView, formule: Formule, seed: int, index: int) -> None:
    position = {row.number: at for at, row in enumerate(view.rows)}
    for _partie, match in view.matches:
        assert match.a is not None and match.b is not None and match.game is not None
        for entrant, other, scored, conceded in (
                (match.a, match.b, match.game.score_a, match.game.score_b),
                (match.b, match.a, match.game.score_b, match.game.score_a)):
            row = view.rows[position[entrant]]
            row.played += 1
            row.wins += match.winner == entrant
            row.scored += scored
            row.conceded += conceded
            row.cells[position[other]] = (
                f"{scored}–{conceded}" if (match.a, match.b) not in view.forfeits
                else _("gagné par forfait") if match.winner == entrant else _("forfait"))
    expected = 5 if formule.poule_style == "gagnants" and len(view.rows) == 4 else 3 * (
        len(view.rows) - 2)
    view.finished = len(view.matches) == expected
    if not view.matches:
        return
    style = formule.poule_style if view.finished else "toutes"
    # Each poule's lot its own, from the deal's seed: the same page gives the same order.
    order = poule_ranking([row.number for row in view.rows], style,  # type: ignore[arg-type]
                          [match for _partie, match in view.matches], seed=seed + index,
                          criteria=formule.criteria)
    by_number = {row.number: row for row in view.rows}
    view.ranking = [by_number[number] for number in order]
    for place, row in enumerate(view.ranking, start=1):
        row.place = place


def poule_teams(tournament: Tournament) -> dict[int, Team]:
    """The teams seated in a poule, by number (one query)."""
    return {seat.team.number: seat.team for seat in
            PouleSeat.objects.filter(tournament=tournament).select_related("team")}


# --- The tableaux ---------------------------------------------------------------------


@dataclass
class Slot:
    """A match of a tableau as the results so far make it (3.3): its entrants (None: not
    known yet), and its state — "bye" (« exempt »), "waiting" (an entrant not known),
    "ready" (both known: to call), "called" (at its table), "level" (finished level: the
    donne décisive to play), "played". A placing match (5) has its group's first place as
    `low` and the group's size as `round_index`; a match of the bracket has `low` 0."""

    round_index: int
    index: int
    a: Team | None
    b: Team | None
    state: str
    table: int | None = None
    round_number: int | None = None
    score_a: int | None = None
    score_b: int | None = None
    winner: int | None = None  # team number
    # Level after its last donne (or time called): it goes on donne by donne (3.3; the
    # scoring plays on while the totals that decide are equal).
    decisive: bool = False
    low: int = 0
    forfeit: bool = False  # won by forfait (its paper says so, not a score)

    @property
    def callable(self) -> bool:
        return self.state == "ready"

    @property
    def key(self) -> tuple[int, int, int]:
        """(low, round or group size, index), from 1 in addresses: see urls_phases."""
        return self.low, self.round_index, self.index


@dataclass
class TableauView:
    tableau: Tableau
    label: str
    rounds: list[tuple[str, list[Slot]]]  # (its name, 3.2; its matches in bracket order)
    unmended: list[tuple[str, str]]  # first-round pairs from one poule, by team names
    # The placing matches (5): (« petite finale », « places 5–8 »…; its matches).
    placing: list[tuple[str, list[Slot]]] = field(default_factory=list)
    gone: list[int] = field(default_factory=list)  # left for the consolante (`direct`)

    @property
    def ready(self) -> list[Slot]:
        return [slot for _name, slots in self.rounds + self.placing for slot in slots
                if slot.callable]


def _game_winner(game: GameRow) -> int | None:
    """The team number that won a finished game, None while it goes on or ends level."""
    if not game.finished or game.team_ew is None:
        return None
    if not game.forfeit and game.score_ns == game.score_ew:
        return None
    return game.team_ns.number if _ns_won(game) else game.team_ew.number


Called = dict[tuple[int, int, int, int], GameRow]  # (tableau, low, round/size, index)


def direct_leaving(view: TableauView) -> list[int] | None:
    """Who leaves a `direct` principal for the consolante (4), by seed: the losers of their
    first partie — the cadrage's (or the first round's), and the bye-holders beaten in the
    round after the cadrage unless it is a semi-final or the final; None while one of those
    parties is not played."""
    seeds = list(view.tableau.seeds)
    size = bracket_size(len(seeds))
    leaving: list[int] = []
    firsts = [(0, slot) for slot in view.rounds[0][1]]
    cadrage = size != len(seeds)
    if cadrage and view.rounds[1][0] not in ("demi-finales", "finale"):
        byes = set(seeds[:size - len(seeds)])
        firsts += [(1, slot) for slot in view.rounds[1][1]
                   if (slot.a and slot.a.number in byes) or (slot.b and slot.b.number in byes)]
    for round_index, slot in firsts:
        if slot.state == "bye":
            continue
        if slot.state != "played" or slot.a is None or slot.b is None:
            return None
        loser = slot.b.number if slot.winner == slot.a.number else slot.a.number
        if round_index == 0 or loser in set(seeds[:size - len(seeds)]):
            leaving.append(loser)
    seed_of = {entrant: number for number, entrant in enumerate(seeds)}
    return sorted(leaving, key=seed_of.__getitem__)


def tableaux_view(tournament: Tournament) -> list[TableauView]:
    """Every tableau drawn, as a bracket of its rounds and its placing matches (four
    queries: the tableaux, the formule, the teams, the matches called with their games)."""
    tableaux = list(Tableau.objects.filter(tournament=tournament))
    if not tableaux:
        return []
    plan = phase_plan_of(tournament)
    placement = plan.placement if plan is not None else "partagees"
    teams = {team.number: team for team in Team.objects.filter(tournament=tournament,
                                                               round__isnull=True)}
    called: Called = {}
    for match in (TableauMatch.objects.filter(tableau__tournament=tournament)
                  .select_related("game__round", "game__team_ns", "game__team_ew")):
        called[(match.tableau_id, match.low, match.round_index, match.index)] = match.game
    # A `direct` concours' consolante takes the losers of their first partie: they play no
    # placing match in the principal (4).
    gone: set[int] = set()
    if plan is not None and plan.qualification == "direct":
        gone = {number for tableau in tableaux if tableau.name == "consolante"
                for number in tableau.seeds}
    return [_tableau_view(tableau, teams, called, placement,
                          gone if tableau.name == "principal" else set())
            for tableau in tableaux]


def _filled(slot: Slot, game: GameRow | None, winner: int | None) -> Slot:
    if game is not None:
        slot.table, slot.round_number = game.table, game.round.number
        slot.score_a, slot.score_b = game.score_ns, game.score_ew
        slot.winner = winner
        slot.forfeit = bool(game.forfeit)
        slot.state = ("played" if winner is not None else
                      "level" if game.finished else "called")
        last = game.stop_after or game.round.max_donnes
        slot.decisive = slot.state == "called" and last is not None and game.played >= last
    elif slot.a is not None and slot.b is not None:
        slot.state = "ready"
    return slot


def _tableau_view(tableau: Tableau, teams: dict[int, Team], called: Called,
                  placement: str, gone: set[int]) -> TableauView:
    seeds = list(tableau.seeds)
    winners: dict[tuple[int, int], int] = {}
    placed: dict[tuple[int, int, int], int] = {}
    for (owner, low, round_index, index), played in called.items():
        if owner == tableau.pk and (winner := _game_winner(played)) is not None:
            if low:
                placed[(low, round_index, index)] = winner
            else:
                winners[(round_index, index)] = winner
    names = round_names(len(seeds))
    pairs_by_round = bracket_slots(seeds, winners)
    rounds = []
    for round_index, pairs in enumerate(pairs_by_round):
        slots = []
        for index, (a, b) in enumerate(pairs):
            slot = Slot(round_index, index, teams.get(a) if a else None,
                        teams.get(b) if b else None, "waiting")
            if round_index == 0 and b is None:
                slot.state, slot.winner = "bye", a
                slots.append(slot)
                continue
            slots.append(_filled(slot, called.get((tableau.pk, 0, round_index, index)),
                                 winners.get((round_index, index))))
        rounds.append((names[round_index], slots))
    placing: list[tuple[str, list[Slot]]] = []
    found, _places = placing_slots(pairs_by_round, winners, placement,  # type: ignore[arg-type]
                                   len(seeds), placed, gone)
    for pure in found:
        slot = Slot(pure.size, pure.index, teams.get(pure.a) if pure.a else None,
                    teams.get(pure.b) if pure.b else None, "waiting", low=pure.low)
        _filled(slot, called.get((tableau.pk, pure.low, pure.size, pure.index)), pure.winner)
        if not placing or placing[-1][0] != pure.name:
            placing.append((pure.name, []))
        placing[-1][1].append(slot)
    unmended = [(teams[a].name if a in teams else str(a), teams[b].name if b in teams
                 else str(b)) for a, b in tableau.unmended]
    return TableauView(tableau, tableau.get_name_display(), rounds, unmended, placing,
                       sorted(gone))


def free_table(tournament: Tournament, round_: Round | None) -> int:
    """The lowest table number free now (3.3): no unfinished game sits at it in any partie
    of the concours, and the partie the match joins has no game at it (one or two
    queries)."""
    busy = set(GameRow.objects.filter(round__tournament=tournament, finished=False,
                                      team_ew__isnull=False).values_list("table", flat=True))
    if round_ is not None:
        busy |= set(round_.games.values_list("table", flat=True))
    table = 1
    while table in busy:
        table += 1
    return table


TABLEAU_PHASES = ("principal", "consolante")


def tableau_correction_refused(game: GameRow) -> str:
    """Why a result of this tableau game can no longer change, or "" (3.3): a match its
    winner or its loser goes on to (the next round, a placing match) is called. Decision:
    refused as soon as that match is called, not only once it has a donne — a result changed
    then would leave the wrong team at its table; its call is undone first while it has no
    result (two queries, none for a game of no tableau)."""
    if game.round.phase not in TABLEAU_PHASES:
        return ""
    match = TableauMatch.objects.filter(game=game).select_related("tableau").first()
    if match is None:
        return ""
    if match.low:
        half = match.round_index // 2
        nexts = [(match.low, half), (match.low + half, half)] if half >= 1 else []
    else:
        groups = bracket_size(len(match.tableau.seeds)) >> (match.round_index + 1)
        nexts = [(0, match.round_index + 1), (groups + 1, groups)]
    if not nexts:
        return ""
    where = Q()
    for low, round_index in nexts:
        where |= Q(low=low, round_index=round_index, index=match.index // 2)
    following = (TableauMatch.objects.filter(where, tableau_id=match.tableau_id)
                 .select_related("game").first())
    if following is None:
        return ""
    return (f"Le match suivant est appelé à la table {following.game.table} : ce résultat "
            "ne change plus. Annulez d'abord cet appel (tant que ce match n'a pas de "
            "résultat).")


@dataclass(frozen=True)
class FinalPlace:
    place: int
    team: Team
    tableau: str  # its heading: « tableau principal », « consolante », or ""
    # How it was placed (« vainqueur du tableau principal », « places 5–8 partagées »,
    # « 3e de la poule B »), its tableau's key ("principal", "consolante", "": none) and
    # its place within that tableau (the lots of a tableau's places read it).
    how: str = ""
    key: str = ""
    within: int = 0
    # The rank its standings lines take: its place, or in a mêlée its players' (after a pair
    # 1st, the 2nd pair's players are 3rd; a player left alone after 6 pairs is 13th).
    rank: int = 0


@dataclass
class FinalStandings:
    places: list[FinalPlace]
    waiting: str  # why the standings are not final yet ("" once they are)


def _played_tableau(view: TableauView) -> BracketTableau | None:
    """The pure core's tableau of a tableau whose every match is played, else None."""
    rounds = []
    for name, slots in view.rounds:
        matches = []
        for slot in slots:
            if slot.state == "bye" and slot.a is not None:
                matches.append(Match(slot.a.number, None, slot.a.number))
            elif (slot.state == "played" and slot.a is not None and slot.b is not None
                  and slot.winner is not None):
                matches.append(Match(slot.a.number, slot.b.number, slot.winner,
                                     Game(slot.winner, slot.score_a or 0, slot.score_b or 0)))
            else:
                return None
        rounds.append(BracketRound(name, matches))
    seeds = list(view.tableau.seeds)
    return BracketTableau(seeds, bracket_size(len(seeds)), rounds)


class _NotPlayed(Exception):
    """A placing match the final standings need is not played yet."""


def _recorded(view: TableauView) -> Callable[[int, int], Game]:
    """The placing matches played, as the pure core's `play` asks for them (a, b)."""
    played: dict[frozenset[int], Slot] = {}
    for _name, slots in view.placing:
        for slot in slots:
            if slot.state == "played" and slot.a is not None and slot.b is not None:
                played[frozenset((slot.a.number, slot.b.number))] = slot

    def play(a: int, b: int) -> Game:
        slot = played.get(frozenset((a, b)))
        if slot is None or slot.a is None or slot.winner is None:
            raise _NotPlayed
        scores = (slot.score_a or 0, slot.score_b or 0)
        return Game(slot.winner, *(scores if slot.a.number == a else scores[::-1]))

    return play


def phases_standings(tournament: Tournament) -> FinalStandings:
    """The final standings of a concours in poules (BRACKETS.md 6): the principal's places,
    the consolante's, then the teams in neither tableau by their place in their poule
    (sharing it); the placing matches (petite finale, every place played) as they were
    played."""
    plan = phase_plan_of(tournament)
    views = tableaux_view(tournament)
    if plan is None or not views:
        return FinalStandings([], "Les tableaux ne sont pas encore tirés.")
    groups: list[tuple[str, list[list[int]]]] = []
    labels: dict[str, str] = {}
    for view in views:
        played = _played_tableau(view)
        if played is None:
            return FinalStandings([], f"Le {view.label} n'est pas fini.")
        try:
            # The cadrage's losers tied on every figure are placed by lot (5): the same
            # draw each time from the tableau's own id.
            tableau_placing(played, plan.placement,  # type: ignore[arg-type]
                            _recorded(view), seed=view.tableau.pk, gone=view.gone)
        except _NotPlayed:
            return FinalStandings([], f"Les matchs de classement du {view.label} ne sont "
                                      "pas finis.")
        groups.append((view.tableau.name, played.places))
        labels[view.tableau.name] = view.label
    # The teams in neither tableau, as the principal's draw left them (6).
    rest: list[list[int]] = next((list(view.tableau.rest) for view in views
                                  if view.tableau.name == "principal"), [])
    teams = {team.number: team for team in Team.objects.filter(tournament=tournament,
                                                               round__isnull=True)}
    sizes = {view.tableau.name: len(view.tableau.seeds) for view in views}
    places = final_standings(groups, rest)
    ranks = _ranks(places, teams, by_player=tournament.by_player)
    rest_words = _rest_words(tournament, plan, rest, ranks)
    return FinalStandings([
        FinalPlace(place.place, teams[place.entrant], labels.get(place.tableau or "", ""),
                   how_words(place, plan.placement, sizes.get(place.tableau or "", 0))
                   or rest_words(place), place.tableau or "", place.within,
                   ranks[place.place][0])
        for place in places], "")


def _ranks(places: list[Place], teams: dict[int, Team], *,
           by_player: bool) -> dict[int, tuple[int, int]]:
    """Each place (`Place.place`) as the standings rank it gives and how many lines share it:
    a team's place as it is; in a mêlée the places' players, as the standings rank them
    (a pair's two players share its rank, the next come after both: selectors.standings)."""
    lines: dict[int, int] = {}
    for place in places:
        team = teams[place.entrant]
        count = (team.first_id is not None) + (team.second_id is not None) if by_player else 1
        lines[place.place] = lines.get(place.place, 0) + count
    ranks: dict[int, tuple[int, int]] = {}
    before = 0
    for place_number, count in lines.items():  # the places in order, best first
        ranks[place_number] = (before + 1, count)
        before += count
    return ranks


def _rest_words(tournament: Tournament, plan: PhasePlan, rest: list[list[int]],
                ranks: dict[int, tuple[int, int]]) -> Callable[[Place], str]:
    """How an entrant in neither tableau was placed: « 3e de la poule B » (its place in its
    poule: the groups of `rest` are the poules' places after the qualified, 6), « 9e des
    parties qualificatives » (one query, for poules only).

    After a mêlée's parties qualificatives the entrants in neither tableau are players,
    each a team of one: their place is said in players, the rank the standings give them
    (the 13th player is « 13e », not the 7th place after six pairs). With a consolante only
    one can be left so: the last of an odd count of players after the principal (ties by
    lot, brackets.pairs.melee_parties_tableaux). The spec is silent on him; the organiser
    asked why he played no tableau answers from the words, which say so."""
    if plan.qualification != "poules":
        alone = (_(" : sans partenaire pour la consolante (nombre impair de joueurs)")
                 if tournament.by_player and plan.consolante else "")

        def by_parties(place: Place) -> str:
            rank, shared = ranks[place.place]
            if shared > 1:
                return _("places %(first)d–%(last)d partagées aux parties qualificatives") % {
                    "first": rank, "last": rank + shared - 1}
            return _("%(place)s des parties qualificatives%(alone)s") % {
                "place": ordinal_words(rank), "alone": alone}
        return by_parties
    poule_of = dict(PouleSeat.objects.filter(tournament=tournament)
                    .values_list("team__number", "poule"))
    poule_place = {number: plan.qualified + index + 1
                   for index, group in enumerate(rest) for number in group}

    def by_poule(place: Place) -> str:
        poule = poule_of.get(place.entrant)
        if poule is None or place.entrant not in poule_place:
            return ""
        return _("%(place)s de la poule %(poule)s") % {
            "place": ordinal_words(poule_place[place.entrant]), "poule": poule_name(poule - 1)}
    return by_poule


def one_match(round_name: str) -> str:
    """A round's name (3.2) said of one of its matches, as a table's phone says it (7):
    « quarts de finale » → « quart de finale », « 8es de finale » → « 8e de finale »,
    « demi-finales » → « demi-finale »; « finale », « cadrage » as they are."""
    if round_name == "quarts de finale":
        return "quart de finale"
    if round_name == "demi-finales":
        return "demi-finale"
    if round_name.endswith("es de finale"):
        return round_name.removesuffix("es de finale") + "e de finale"
    return round_name


def game_phase_words(game: GameRow) -> str:
    """Where a partie of a concours in phases stands, for its sheet and its phones (BRACKETS.md
    7): « Poule B », « Quart de finale — tableau principal », « Petite finale —
    consolante », with « donne décisive » once it goes on past its last donne level. "" for
    a partie of no phase (no query; one or two otherwise)."""
    phase = game.round.phase
    if not phase:
        return ""
    if phase == "poule":
        seat = PouleSeat.objects.filter(team_id=game.team_ns_id).first()
        words = f"Poule {poule_name(seat.poule - 1)}" if seat is not None else "Poule"
    else:
        match = TableauMatch.objects.filter(game=game).select_related("tableau").first()
        if match is None:
            return ""
        if match.low:
            name = PlacingSlot(match.low, match.round_index, match.index, None, None,
                               None).name
        else:
            name = one_match(round_names(len(match.tableau.seeds))[match.round_index])
        words = f"{name[:1].upper()}{name[1:]} — {match.tableau.get_name_display()}"
    last = game.stop_after or game.round.max_donnes
    if not game.finished and last is not None and game.played >= last:
        words += " · donne décisive"
    return words


def tableau_partie_names(tournament: Tournament, number: int | None = None) -> dict[int, str]:
    """Each tableau partie's number → its round in words (« Quarts de finale — tableau
    principal », « Places 5–8 — consolante »): a tableau's partie holds one round of one
    tableau (services.tableau_match_call), and its number (« partie 17 ») says nothing to
    anyone. `number`: that partie only. One query."""
    matches = (TableauMatch.objects.filter(tableau__tournament=tournament)
               .select_related("tableau", "game__round").order_by("game__round__number"))
    if number is not None:
        matches = matches.filter(game__round__number=number)
    names: dict[int, str] = {}
    for match in matches:
        partie = match.game.round.number
        if partie in names:
            continue
        if match.low:  # a placing group: its first place, its size as `round_index`
            name = PlacingSlot(match.low, match.round_index, match.index, None, None,
                               None).name
        else:
            name = round_names(len(match.tableau.seeds))[match.round_index]
        names[partie] = f"{name[:1].upper()}{name[1:]} — {match.tableau.get_name_display()}"
    return names


@dataclass
class BlankTableau:
    """A tableau before the poules end (BRACKETS.md 7): its rounds with the labels of the
    places that will fill them (« 1er poule A », « 2e poule B »; « … » a winner to come)."""

    label: str
    rounds: list[tuple[str, list[tuple[str, str]]]]


def _place_words(place: int, poule: int) -> str:
    return f"{'1er' if place == 0 else f'{place + 1}e'} poule {poule_name(poule)}"


def blank_tableaux(plan: PhasePlan, poules: Poules) -> list[BlankTableau]:
    """The principal and the consolante as the poules drawn will seed them (3.1, 3.2: the
    crossing and the mending by poule), each entrant named by its poule place."""
    if plan.qualification != "poules" or not poules.drawn:
        return []
    sizes = [len(poule.rows) for poule in poules.poules]
    # Stand-in ids for the places: place k of poule p is p * 4 + k + 1.
    rankings = [[index * 4 + place + 1 for place in range(size)]
                for index, size in enumerate(sizes)]
    groups = [("tableau principal", list(range(plan.qualified)))]
    if plan.consolante:
        groups.append(("consolante", list(range(plan.qualified, 4))))
    made = []
    for label, places in groups:
        seeds = poule_seeds(rankings, places)
        if len(seeds) < 2:
            continue
        if plan.cadrage == "tirage":
            order = [seed.entrant for seed in seeds]  # drawn by lot when the poules end
        else:
            order = [seed.entrant for seed in mend_poule_pairs(seeds)[0]]
        names = round_names(len(order))
        words = {code: _place_words((code - 1) % 4, (code - 1) // 4) for code in order}
        rounds = [(names[0], [(words[a], words[b] if b is not None else "exempt")
                              for a, b in first_round(order)])]
        count = len(rounds[0][1]) // 2
        for name in names[1:]:
            rounds.append((name, [("…", "…")] * count))
            count //= 2
        made.append(BlankTableau(label, rounds))
    return made
