"""Entrants matched to the club's register of players: pure (no ORM), like the draw methods.

A file of teams or players, or a backup restored on another computer, brings identities
(a name, perhaps a licence and a club, a backup's register uid). Each is matched to the
register entries it may be, in this order:

1. the uid a backup carries: the same register entry, whatever its name became;
2. the licence (`models.players.licence_key`): a licence is one person;
3. the name, folded as the register's type-ahead folds it (`validators.search_key`: accents,
   case and runs of spaces ignored), its words in any rotation (as the desk matches them),
   compared to the entry's « Prénom Nom » and « Nom Prénom »; an entry whose licence is
   another than the incoming one is another person.
   With a club given, the entry of that home club is the one; an entry of another home
   club is never linked on its own (two Jean Martin of two clubs are two people), only
   offered.

The result says `linked` (one entry), `ambiguous` (several, or one whose club differs: the
person chooses one of the candidates or « nouveau joueur ») or `new` (a register entry is to
be created). Identities of one batch that are the same new person (same licence, or same
name and club) are one new entry: `Match.new_key` says which.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Literal

from .models.players import licence_key
from .validators import name_rotations, search_key

LINKED: Literal["linked"] = "linked"
AMBIGUOUS: Literal["ambiguous"] = "ambiguous"
NEW: Literal["new"] = "new"


@dataclasses.dataclass(frozen=True)
class Known:
    """A register entry as the matcher sees it."""

    id: int
    name: str
    first_name: str = ""
    licence: str = ""
    home_club: str = ""
    uid: str = ""

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.name}" if self.first_name else self.name

    @property
    def name_keys(self) -> frozenset[str]:
        """« Prénom Nom » and « Nom Prénom », folded: a file writes either."""
        return frozenset({search_key(self.full_name), search_key(f"{self.name} "
                                                                 f"{self.first_name}")})


@dataclasses.dataclass(frozen=True)
class Incoming:
    """An identity to match: an entrant's name (« Prénom Nom » or « NOM Prénom » in one, as a
    file or a form has it; a backup's register identity has its first name apart), its
    licence and club ("" when unknown), and the register uid a backup carries."""

    name: str
    first_name: str = ""
    licence: str = ""
    club: str = ""
    uid: str = ""

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.name}" if self.first_name else self.name


@dataclasses.dataclass(frozen=True)
class Match:
    kind: Literal["linked", "ambiguous", "new"]
    # linked: the one entry; ambiguous: the entries to choose from (register order); new: ().
    candidates: tuple[int, ...] = ()
    # How it was found ("uid", "licence", "name"; "" when new).
    by: str = ""
    # new: identities of the batch with the same key are one new register entry.
    new_key: tuple[str, ...] = ()

    @property
    def linked(self) -> int | None:
        return self.candidates[0] if self.kind == LINKED else None


def _new_key(incoming: Incoming) -> tuple[str, ...]:
    licence = licence_key(incoming.licence)
    if licence:
        return ("licence", licence)
    if incoming.uid:
        return ("uid", incoming.uid)
    return ("name", search_key(incoming.full_name), search_key(incoming.club))


class Register:
    """A club's register, indexed once for a batch of identities."""

    def __init__(self, entries: Iterable[Known]) -> None:
        self.entries = list(entries)
        self.by_uid = {entry.uid: entry for entry in self.entries if entry.uid}
        self.by_licence = {licence_key(entry.licence): entry for entry in self.entries
                           if licence_key(entry.licence)}
        self.position = {entry.id: index for index, entry in enumerate(self.entries)}
        self.by_name: dict[str, list[Known]] = {}
        for entry in self.entries:
            for key in entry.name_keys:
                self.by_name.setdefault(key, []).append(entry)

    def match(self, incoming: Incoming) -> Match:
        if incoming.uid and incoming.uid in self.by_uid:
            return Match(LINKED, (self.by_uid[incoming.uid].id,), "uid")
        licence = licence_key(incoming.licence)
        if licence and licence in self.by_licence:
            return Match(LINKED, (self.by_licence[licence].id,), "licence")
        # Its words in any rotation, as the desk matches them (validators.name_rotations):
        # « MIREILLE CASTEL » in a file is the register's « Castel Mireille ».
        found = {entry.id: entry for key in sorted(name_rotations(incoming.full_name))
                 for entry in self.by_name.get(key, [])}
        named = [entry for entry in sorted(found.values(), key=lambda e: self.position[e.id])
                 if not (licence and licence_key(entry.licence)
                         and licence_key(entry.licence) != licence)]
        if not named:
            return Match(NEW, new_key=_new_key(incoming))
        club = search_key(incoming.club)
        same_club = [entry for entry in named if club and search_key(entry.home_club) == club]
        if len(same_club) == 1:
            return Match(LINKED, (same_club[0].id,), "name")
        if len(named) == 1 and (not club or not named[0].home_club):
            return Match(LINKED, (named[0].id,), "name")
        return Match(AMBIGUOUS, tuple(entry.id for entry in (same_club or named)), "name")


def matches(register: Iterable[Known], incoming: Sequence[Incoming]) -> list[Match]:
    """The match of each identity of `incoming`, in order."""
    index = Register(register)
    return [index.match(identity) for identity in incoming]
