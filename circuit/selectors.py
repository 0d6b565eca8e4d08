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

from dataclasses import dataclass, field
from typing import Any

from tournament.models.players import licence_key
from tournament.season import Entry, Line, Rule, season_rank
from tournament.validators import same_name

from .models import Circuit, MemberClub, ReceivedConcours, ReceivedSeason, SamePerson
from .rules import checked_rule, qualified_count
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
    count = qualified_count(circuit.qualify, standings.participants)
    standings.qualified = [index for index, row in enumerate(standings.rows)
                           if row.line.rank is not None][:count]
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
