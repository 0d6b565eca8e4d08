"""What the static site shows, read apart from its rendering: each concours' standings, its
parties table by table and its palmarès, and every person who played with their results.

A person is the club's register entry when the entrant is linked to one (`Player.registered`),
so that one page follows a player across the concours exported together; else the concours'
entrant alone. Names are the stored ones: a linked entrant is named by the register (an
anonymised entry's stored name, never the entrant's own), an unlinked one by its entry; no
licence is read. A concours is read in a constant number of queries (standings 3, lots 1,
cash prizes 1, parties' states 1, players 1, games 1).

A line's cash prize is published with its lot, as the palmarès prints it and the organiser
reads it out in the hall (places ex aequo share theirs, `cash_shared_by_ties`); what the
desk took (fees, payments, who paid how) never is: only the amount each place wins.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Literal

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from ...models import Tournament
from ...selectors import (
    StandingsLine,
    criteria_labels,
    name_key,
    standings_lines,
    standings_scope,
    uses_ranking_points,
)
from ...selectors.documents import game_rows, player_rows
from ...selectors.money import cash_prizes_by_position, cash_shared_by_ties
from ...selectors.prizes import lot_words, ordinal, standings_awards
from ...validators import search_key
from .. import documents

Outcome = Literal["win", "loss", "tie", "exempt", "forfeit", "playing"]


def outcome_words(outcome: Outcome) -> str:
    return {
        "win": _("gagnée"), "loss": _("perdue"), "tie": _("égalité"),
        "exempt": _("exempt"), "forfeit": _("forfait"), "playing": _("en cours"),
    }[outcome]


@dataclass(eq=False)  # one object a person: compared by identity
class Person:
    """Someone with a page: `key` names its file (`joueurs/<key>.html`)."""

    key: str
    name: str
    results: list[PersonResult] = field(default_factory=list)

    @property
    def path(self) -> str:
        return f"joueurs/{self.key}.html"

    @property
    def sort_key(self) -> tuple[str, str]:
        return name_key(self.name)


@dataclass(frozen=True)
class Side:
    """One side of a table: a team ("12. Les As", its players) or a mêlée's players."""

    label: str  # "12. Les As"; "" in a mêlée (its people are the side)
    people: tuple[Person, ...]


@dataclass(frozen=True)
class TableRow:
    table: int | None  # None: a bye
    ns: Side
    ew: Side | None  # None: the bye
    score_ns: int
    score_ew: int | None
    won: str  # "NS", "EW", or "" (playing, a tie)
    note: str


@dataclass(frozen=True)
class Partie:
    number: int
    tables: list[TableRow]


@dataclass(frozen=True)
class StandingRow:
    rank: int
    place: str  # "1er", "2e"
    name: str  # a team's name; a mêlée player's name
    people: tuple[Person, ...]
    played: int
    wins: int
    points: int
    conceded: int
    ranking_points: int
    lot: str
    active: bool
    # A concours in phases: the tableau that placed it and how (BRACKETS.md 6).
    tableau: str = ""
    how: str = ""
    cash: int | None = None  # its cash prize in cents (None: none)

    @property
    def diff(self) -> int:
        return self.points - self.conceded


@dataclass(frozen=True)
class Prize:
    place: str
    name: str
    people: tuple[Person, ...]
    lot: str
    tableau: str = ""  # a concours in phases: the palmarès' heading (« Consolante »)
    how: str = ""
    cash: int | None = None  # its cash prize in cents (None: none)
    tied: bool = False  # ex aequo with another line (their cash prizes shared)


@dataclass(frozen=True)
class Played:
    """A person's partie in a concours."""

    number: int
    table: int | None
    partners: tuple[Person, ...]
    opponents: tuple[Person, ...]
    score_for: int | None
    score_against: int | None
    outcome: Outcome
    # Decided by a forfeit, either side's: its points are the rules' forfeit points, not a
    # game's, so the page says « forfait » rather than a 1000–0 never played.
    forfeit: bool = False

    @property
    def outcome_words(self) -> str:
        if self.forfeit and self.outcome == "win":
            return _("gagnée par forfait")
        return outcome_words(self.outcome)


@dataclass(frozen=True)
class PersonResult:
    """A person's evening: its concours, its place, its team, its parties."""

    concours: SiteConcours
    place: str  # "3e"; "" when the person's line takes none
    team: str  # the team's name (doublettes); "" in a mêlée
    games: list[Played]


@dataclass
class SiteConcours:
    tournament_id: int
    name: str
    slug: str
    date: date
    place: str
    melee: bool
    criteria: list[str]
    scope: str  # "Classement après la partie 4."
    over: bool
    ranking_points: bool
    standings: list[StandingRow] = field(default_factory=list)
    parties: list[Partie] = field(default_factory=list)
    prizes: list[Prize] = field(default_factory=list)
    unawarded: list[str] = field(default_factory=list)
    phases: bool = False  # places given by the tableaux of a concours in phases
    cash: bool = False  # the desk has a cash prize pool: the pages show a « Prix » column

    @property
    def tied_cash(self) -> bool:
        """Whether lines ex aequo share a cash prize (the page then says the rule)."""
        return any(prize.tied and prize.cash for prize in self.prizes)

    @property
    def folder(self) -> str:
        return f"concours/{self.slug}/"


class People:
    """The persons of a site, shared by the concours read into it."""

    def __init__(self) -> None:
        self.by_key: dict[str, Person] = {}

    def get(self, key: str, name: str) -> Person:
        person = self.by_key.get(key)
        if person is None:
            person = self.by_key[key] = Person(key, name)
        return person

    def sorted(self) -> list[Person]:
        """The persons with a result to show (one who only never arrived has no page)."""
        return sorted((person for person in self.by_key.values() if person.results),
                      key=lambda person: (person.sort_key, person.key))


_PLAYER_FIELDS = ("id", "number", "name", "registered_id", "registered__name",
                  "registered__first_name")


def _persons(tournament: Tournament, people: People) -> dict[int, Person]:
    """Each entrant of `tournament` (player id) as a person: one query."""
    found = {}
    for pk, number, name, registered, last, first in (
            player_rows(tournament, _PLAYER_FIELDS)):
        if registered is not None:
            # The register's stored name (« Joueur n° 12 » once anonymised): never the
            # entrant's own name, which an anonymisation may not have reached.
            found[pk] = people.get(str(registered), f"{first} {last}" if first else last)
        else:
            found[pk] = people.get(f"{tournament.slug}-{number}", name)
    return found


_GAME_FIELDS = ("round__number", "table", "team_ns_id", "team_ew_id", "team_ns__first_id",
                "team_ns__second_id", "team_ew__first_id", "team_ew__second_id", "score_ns",
                "score_ew", "winner", "finished", "forfeit", "by_totals", "stop_after")


def _outcome(finished: bool, bye: bool, forfeit: str, winner: str, side: str) -> Outcome:
    if bye:
        return "exempt"
    if not finished:
        return "playing"
    if forfeit == side:
        return "forfeit"
    if winner == side:
        return "win"
    return "loss" if winner else "tie"


def _note(finished: bool, bye: bool, forfeit: str, winner: str, by_totals: bool,
          stop_after: object) -> str:
    notes = []
    if forfeit and not bye:
        notes.append(_("forfait"))
    if by_totals:
        notes.append(_("saisie des totaux"))
    if stop_after is not None:
        notes.append(_("fin du temps"))
    if not finished:
        notes.append(_("en cours"))
    elif not winner and not bye:
        notes.append(_("égalité"))
    return ", ".join(notes)


def _ids(*ids: int | None) -> tuple[int, ...]:
    return tuple(pk for pk in ids if pk is not None)


def concours(tournament: Tournament, people: People) -> SiteConcours:
    """`tournament` as the site shows it, its persons added to `people`."""
    melee = tournament.by_player
    lines = standings_lines(tournament)
    awards = standings_awards(tournament, lines)
    scope = standings_scope(tournament)
    persons = _persons(tournament, people)
    site = SiteConcours(
        tournament.pk, tournament.name, tournament.slug, tournament.date, tournament.place,
        melee, criteria_labels(tournament), scope.text,
        documents.concours_over(tournament, scope),
        uses_ranking_points(tournament))
    # In phases, over once the tableaux give the places, not at the parties planned.
    site.phases = any(line.phase is not None for line in lines)
    site.over = site.phases or (site.over and not any(state.phase for state in scope.states))
    # Each place's cash prize as the palmarès pays it (a tableau's line counted in its places).
    pool = cash_prizes_by_position(tournament, awards.placed_count, awards.tableaux)
    cash = cash_shared_by_ties(awards, pool) if pool else {}
    site.cash = bool(pool)

    def line_people(line: StandingsLine) -> tuple[Person, ...]:
        if line.player is not None:
            return (persons[line.player.pk],)
        assert line.team is not None
        return tuple(persons[pk] for pk in _ids(line.team.first_id, line.team.second_id))

    def line_name(line: StandingsLine) -> str:
        # A mêlée's line is its player: named as the person, so an anonymised one stays so.
        return persons[line.player.pk].name if line.player is not None else line.name

    teams: dict[int, tuple[str, tuple[Person, ...]]] = {}  # registered team id → label, people
    places: dict[int, str] = {}  # person key's entrant → place
    entrant_of: dict[str, int] = {}  # person key → its entrant (team or player id)
    for award in awards.lines:
        line, row = award.line, award.line.row
        who = line_people(line)
        tableau = capfirst(line.phase.tableau) if line.phase is not None else ""
        how = line.phase.how if line.phase is not None else ""
        amount = cash.get(award.position) if award.placed else None
        site.standings.append(StandingRow(
            row.rank, ordinal(row.rank), line_name(line), who, row.played, row.wins,
            row.points, row.conceded, row.ranking_points, award.label, line.active,
            tableau, how, amount))
        if award.label or amount is not None:
            site.prizes.append(Prize(award.place, line_name(line), who, award.label,
                                     tableau or (_("Autres places") if site.phases else ""),
                                     how, amount, award.tied))
        if line.team is not None:
            teams[line.team.pk] = (f"{line.team.number}. {line.team.name}", who)
        places[line.entrant.id] = award.place if award.placed else ""
        for person in who:
            entrant_of[person.key] = line.entrant.id
    site.unawarded = [f"{lot_words(lot, melee)} : {lot.label}" for lot in awards.unawarded]

    def side(team: int, first: int | None, second: int | None) -> Side:
        if melee:
            return Side("", tuple(persons[pk] for pk in _ids(first, second)))
        return Side(*teams[team])

    games: dict[str, list[Played]] = {}
    by_partie: dict[int, list[TableRow]] = {}
    rows = game_rows(tournament, _GAME_FIELDS)
    for (number, table, ns_id, ew_id, ns1, ns2, ew1, ew2, score_ns, score_ew, winner, finished,
         forfeit, by_totals, stop_after) in rows:
        bye = ew_id is None
        ns = side(ns_id, ns1, ns2)
        ew = None if bye else side(ew_id, ew1, ew2)
        by_partie.setdefault(number, []).append(TableRow(
            None if bye else table, ns, ew, score_ns, None if bye else score_ew,
            ("NS" if bye and finished else winner if finished else ""),
            _note(finished, bye, forfeit, winner, by_totals, stop_after)))
        for mine, theirs, code, score_for, score_against in (
                (ns, ew, "NS", score_ns, None if bye else score_ew),
                (ew, ns, "EW", score_ew, score_ns)):
            if mine is None:
                continue
            for person in mine.people:
                games.setdefault(person.key, []).append(Played(
                    number, None if bye else table,
                    tuple(other for other in mine.people if other is not person),
                    theirs.people if theirs is not None and mine is not theirs else (),
                    score_for, score_against,
                    _outcome(finished, bye, forfeit, winner, code),
                    bool(forfeit) and not bye))
    site.parties = [Partie(number, sorted(tables, key=lambda row: (row.table is None,
                                                                 row.table or 0)))
                    for number, tables in by_partie.items()]
    for person in {person.key: person for person in persons.values()}.values():
        entrant = entrant_of.get(person.key)
        if entrant is None and person.key not in games:
            # Registered, never arrived: left out as the standings and their PDF leave the
            # entrant out (issue 32: its page said « Non classé », as if it had played).
            continue
        team = ""
        if not melee and entrant is not None and entrant in teams:
            team = teams[entrant][0]
        person.results.append(PersonResult(
            site, places.get(entrant, "") if entrant is not None else "", team,
            games.get(person.key, [])))
    return site


@dataclass(frozen=True)
class SiteLogo:
    """A sponsor's logo in the site: its file (the bytes Pillow wrote, logos.py)."""

    name: str
    path: str  # "partenaires/1.png", relative to the site's top
    data: bytes


@dataclass
class Site:
    """Everything a static site shows: its title, the concours exported (newest first), the
    persons who played them, and the seasons (objects the season pages read: none until
    the season pages are registered, see the package's docstring)."""

    title: str
    club: str
    concours: list[SiteConcours]
    people: list[Person]
    generated: datetime
    seasons: Sequence[Any] = ()
    sponsors: Sequence[SiteLogo] = ()  # the club's, at the foot of every page


def site(title: str, club: str, tournaments: Iterable[Tournament], generated: datetime,
         seasons: Sequence[Any] = (), sponsors: Sequence[SiteLogo] = ()) -> Site:
    """The site of `tournaments` (read in the order given: the newest first is best)."""
    people = People()
    found = [concours(tournament, people) for tournament in tournaments]
    for person in people.by_key.values():  # newest concours first on a person's page
        person.results.sort(key=lambda result: (result.concours.date, result.concours.name),
                            reverse=True)
    _tell_apart(people)
    return Site(title, club, found, people.sorted(), generated, seasons, sponsors)


def _tell_apart(people: People) -> None:
    """Namesakes of the register (two « Jean Martin », two people) read as one on the
    players' list (issue 32): each is given its fiche number."""
    groups: dict[str, list[Person]] = {}
    for person in people.by_key.values():
        groups.setdefault(search_key(person.name), []).append(person)
    for group in groups.values():
        if len(group) < 2:
            continue
        for person in group:
            if person.key.isdigit():  # a register player's id (`_persons`)
                person.name += " (" + _("fiche n° %(n)s") % {"n": person.key} + ")"
