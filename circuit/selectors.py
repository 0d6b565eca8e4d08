"""Reads of the results server: a club by its token, the public pages' data, a circuit's
standings (the season's arithmetic, `tournament.season.season_rank`) and the players that
the comité must tell apart.

Players across clubs: one person per licence (folded as the register folds it); without a
licence, one person per name, first name and home club (case and look-alike forms folded,
as the register's import compares names). Namesakes without licence of different home clubs
are different people. A player without licence whose name, first name and home club are
also those of players with a licence may be one of them: until the comité chooses
(`SamePerson`, `services.same_person_choose`), they are a person of their own, and
`circuit_ambiguities` lists them.

A circuit's concours are in order of date (then of arrival): « counted » indexes them from
0, and equal results count the earlier one (`season_rank`'s rule).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any, NamedTuple

from tournament.models.players import licence_key
from tournament.season import Entry, Line, Rule, season_rank
from tournament.validators import same_name, search_key

from .models import Circuit, CircuitTable, MemberClub, ReceivedConcours, ReceivedSeason, SamePerson
from .rules import checked_rule, qualified_count, qualifiers
from .tokens import hashed

Identity = tuple[str, ...]


def club_by_token(token: str) -> MemberClub | None:
    """The club whose token this is, unless revoked (one query)."""
    if not token:
        return None
    return MemberClub.objects.filter(token_hash=hashed(token), revoked__isnull=True).first()


def circuit_rule(circuit: Circuit) -> Rule:
    # The stored fields were checked by the service that wrote them.
    return checked_rule(kind=circuit.kind, points_table=circuit.points_table,
                        beyond=circuit.beyond, participation=circuit.participation,
                        best=circuit.best, min_ranked=circuit.min_ranked,
                        tie_breaks=circuit.tie_breaks)


def name_key(player: dict[str, Any]) -> str:
    """The folded name, first name and home club (the key of a player without licence)."""
    return "\n".join(same_name(player[key]) for key in ("name", "first_name", "club"))


def identity(player: dict[str, Any], choices: dict[str, str] | None = None) -> Identity:
    licence = licence_key(player["licence"] or "")
    if licence:
        return ("licence", licence)
    key = name_key(player)
    chosen = (choices or {}).get(key, "")
    return ("licence", chosen) if chosen else ("name", key)


@dataclass
class Person:
    """A player of the circuit as first seen (their texts as that concours gave them)."""

    name: str
    first_name: str
    club: str
    licence: str | None


@dataclass
class CircuitRow:
    person: Person
    line: Line


@dataclass
class CircuitStandings:
    circuit: Circuit
    concours: list[ReceivedConcours]
    rows: list[CircuitRow] = field(default_factory=list)
    qualified: list[int] = field(default_factory=list)  # indexes of rows
    places: int = 0  # the qualification's count (fewer qualify when fewer are ranked)
    # Qualified beyond `places`: tied (after the circuit's tie-breaks) with the line at the
    # last qualifying place, so qualified with it (indexes of rows).
    tied_beyond: list[int] = field(default_factory=list)

    @property
    def participants(self) -> int:
        return len(self.rows)


def circuit_concours(circuit: Circuit) -> list[ReceivedConcours]:
    return list(circuit.concours.select_related("club").order_by("date", "pk"))


def circuit_standings(circuit: Circuit) -> CircuitStandings:
    """The circuit's standings and qualifiers (two queries: its concours, with their
    clubs, and the comité's choices)."""
    concours = circuit_concours(circuit)
    choices = dict(SamePerson.objects.filter(circuit=circuit)
                   .values_list("name_key", "licence_key"))
    people: dict[Identity, Person] = {}
    entries: list[tuple[Identity, int, dict[str, Any], int]] = []
    for index, received in enumerate(concours):
        standings = received.content["standings"]
        for line in standings:
            for player in line["players"]:
                who = identity(player, choices)
                people.setdefault(who, Person(player["name"], player["first_name"],
                                              player["club"], player["licence"] or None))
                entries.append((who, index, line, len(standings)))
    # Ids in the order of names: lines still tied after the tie-breaks are listed so.
    order = sorted(people, key=lambda who: (same_name(people[who].name),
                                            same_name(people[who].first_name),
                                            same_name(people[who].club), who))
    ids = {who: number for number, who in enumerate(order)}
    lines = season_rank([Entry(player=ids[who], concours=index, place=line["place"],
                               entrants=entrants, wins=line["wins"], score=line["score"],
                               ranking_points=line["ranking_points"])
                         for who, index, line, entrants in entries], circuit_rule(circuit))
    standings = CircuitStandings(circuit, concours,
                                 [CircuitRow(people[order[line.player]], line)
                                  for line in lines])
    standings.places = qualified_count(circuit.qualify, standings.participants)
    standings.qualified, standings.tied_beyond = qualifiers(
        [row.line.rank for row in standings.rows], standings.places)
    return standings


@dataclass(frozen=True)
class Ambiguity:
    """A player without licence who may be one of several (or one) players with a licence
    of the same name, first name and home club: the comité chooses."""

    name_key: str
    person: Person
    candidates: list[Person]
    chosen: str | None  # the licence key chosen, "" for « a person of their own », None
    candidate_keys: tuple[str, ...] = ()  # the candidates' licence keys, in their order

    @property
    def choices(self) -> list[tuple[str, Person | None]]:
        """What the comité may answer: each candidate (its licence key), or "" (none)."""
        return [*zip(self.candidate_keys, self.candidates, strict=True), ("", None)]


def circuit_ambiguities(circuit: Circuit) -> list[Ambiguity]:
    """The circuit's players without licence that match players with one (two queries)."""
    choices = dict(SamePerson.objects.filter(circuit=circuit)
                   .values_list("name_key", "licence_key"))
    licensed: dict[str, dict[str, Person]] = {}
    bare: dict[str, Person] = {}
    for received in circuit_concours(circuit):
        for line in received.content["standings"]:
            for player in line["players"]:
                person = Person(player["name"], player["first_name"], player["club"],
                                player["licence"] or None)
                key = licence_key(player["licence"] or "")
                if key:
                    licensed.setdefault(name_key(player), {}).setdefault(key, person)
                else:
                    bare.setdefault(name_key(player), person)
    return [Ambiguity(key, person, list(licensed[key].values()), choices.get(key),
                      tuple(licensed[key]))
            for key, person in sorted(bare.items()) if key in licensed]


class TableRow(NamedTuple):
    """A line of the public standings (no licence)."""

    position: int  # from 0, in the whole table
    rank: int | None
    first_name: str
    name: str
    club: str
    points: int
    played: int
    qualified: int  # 0 no, 1 yes, 2 yes, tied at the last qualifying place beyond the count


@dataclass
class StandingsTable:
    """A circuit's standings as stored for the public page (CircuitTable)."""

    version: int
    computed: datetime
    participants: int
    places: int
    rows: list[TableRow]

    @cached_property
    def keys(self) -> list[str]:
        """Each row's folded « first name name club », for the search (made at the first
        search of this version in this process, not at each page)."""
        return [search_key(f"{row.first_name} {row.name} {row.club}") for row in self.rows]

    @cached_property
    def qualified(self) -> int:
        return sum(1 for row in self.rows if row.qualified)

    @cached_property
    def tied_beyond(self) -> int:
        return sum(1 for row in self.rows if row.qualified == 2)

    def search(self, text: str) -> list[TableRow]:
        """The rows whose player's first name, name or club hold every word typed (case and
        accents ignored)."""
        words = search_key(text).split()
        return [row for row, key in zip(self.rows, self.keys, strict=True)
                if all(word in key for word in words)]


def table_content(standings: CircuitStandings) -> dict[str, Any]:
    """What CircuitTable.table stores of these standings: the public page's data only."""
    qualified, beyond = set(standings.qualified), set(standings.tied_beyond)
    return {"participants": standings.participants, "places": standings.places,
            "rows": [[row.line.rank, row.person.first_name, row.person.name, row.person.club,
                      row.line.points, row.line.played,
                      2 if index in beyond else 1 if index in qualified else 0]
                     for index, row in enumerate(standings.rows)]}


# The table last read per circuit, in this process: a circuit of 10,000 players is a megabyte
# of JSON that each page of 100 lines would otherwise read and decode, and under 200 clubs'
# pushes its version changes every few seconds. A process reads it again once TABLE_FRESH
# seconds have passed (the public pages are up to 30 s late anyway: never wrong, a version
# behind at most); keyed by the circuit's row and its creation, never another's table.
TABLE_FRESH = 10.0
_tables: dict[tuple[int, datetime], tuple[float, StandingsTable]] = {}
_tables_lock = threading.Lock()


def circuit_table(circuit: Circuit) -> StandingsTable | None:
    """The circuit's stored standings (None before the first are computed): no query when
    this process read them less than TABLE_FRESH seconds ago, two otherwise (one when the
    version read before is still the last)."""
    key = (circuit.pk, circuit.created)
    now = time.monotonic()
    read_at, known = _tables.get(key, (0.0, None))
    if known is not None and now - read_at < TABLE_FRESH:
        return known
    stamp = (CircuitTable.objects.filter(circuit=circuit)
             .values_list("version", "computed").first())
    if stamp is None:
        return None
    if known is None or (known.version, known.computed) != stamp:
        stored = CircuitTable.objects.filter(circuit=circuit).first()
        if stored is None:
            return None
        rows = [TableRow(position, *line)
                for position, line in enumerate(stored.table["rows"])]
        known = StandingsTable(stored.version, stored.computed,
                               stored.table["participants"], stored.table["places"], rows)
    with _tables_lock:
        _tables[key] = (now, known)
    return known


def circuit_concours_list(circuit: Circuit) -> list[ReceivedConcours]:
    """The circuit's concours for its page: without their content (their standings)."""
    return list(circuit.concours.select_related("club").defer("content")
                .order_by("date", "pk"))


def public_clubs() -> list[MemberClub]:
    return list(MemberClub.objects.all())


def public_circuits() -> list[Circuit]:
    return list(Circuit.objects.all())


def club_concours(club: MemberClub) -> list[ReceivedConcours]:
    return list(club.concours.filter(withdrawn__isnull=True).order_by("-date", "-pk"))


def club_seasons(club: MemberClub) -> list[ReceivedSeason]:
    """The club's seasons its laptop publishes, latest first (their standings not read)."""
    return list(club.seasons.filter(withdrawn__isnull=True).defer("content")
                .order_by("-start", "-pk"))


def public_standings(received: ReceivedConcours) -> list[dict[str, Any]]:
    """A concours' standings as the public pages show them: no licence."""
    return [{"place": line["place"], "wins": line["wins"], "score": line["score"],
             "players": [{key: player[key] for key in ("name", "first_name", "club")}
                         for player in line["players"]]}
            for line in received.content["standings"]]
