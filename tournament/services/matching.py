"""Entrants linked to the club's register as they come in by a file or a backup: exact
matches linked, new people registered, ambiguous ones as the person chose (register_match.py
says which is which; selectors.register_ambiguities lists them for the page).

Called inside the transaction of the service that writes the entrants (teams_import,
players_import, the backup's write): a refusal there changes nothing, the register
included."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from ..errors import UserError
from ..models import Club, ClubPlayer
from ..register_match import AMBIGUOUS, LINKED, Incoming
from ..selectors.matching import register_matches
from ..validators import name_spelled

# An ambiguous entrant's choice, by its index in the incoming list: a register entry's id,
# or None for « nouveau joueur ».
Choices = Mapping[int, int | None]


class Ambiguous(UserError):
    """An entrant whom several register players may be, and no choice for them: the page
    that imports then asks (views.imports), the file's other checks passed."""


def _uid(value: str) -> uuid.UUID | None:
    """The backup's uid for a new register entry, if it is one and no register uses it (a
    uid is unique in the whole database, every club's register included)."""
    try:
        uid = uuid.UUID(value)
    except ValueError:
        return None
    return None if ClubPlayer.objects.filter(uid=uid).exists() else uid


def _register(club: Club, incoming: Incoming) -> ClubPlayer:
    # A name typed in a file is written by the register's rule (validators.name_spelled); a
    # backup's register identity (its uid) keeps the spelling its register gave it.
    spell = (lambda text: text) if incoming.uid else name_spelled
    entry = ClubPlayer(club=club, name=spell(incoming.name),
                       first_name=spell(incoming.first_name),
                       licence=incoming.licence, home_club=incoming.club)
    uid = _uid(incoming.uid) if incoming.uid else None
    if uid is not None:
        entry.uid = uid
    entry.save()
    return entry


@transaction.atomic
def entrants_link(*, club: Club, incoming: Sequence[Incoming], choices: Choices | None = None,
                  ambiguous_new: bool = False) -> list[ClubPlayer]:
    """The register entry of each of `incoming`, in order: the one it matches exactly; for
    an ambiguous one, the entry `choices` names (one of its candidates) or a new entry
    (None); a new entry for the others. New people of the batch who are the same person
    (same licence, or same name and club) are one entry.

    An ambiguous entrant without a choice is refused (UserError), unless `ambiguous_new`:
    then it becomes a new entry (the command line's way, which says so)."""
    choices = choices or {}
    found = register_matches(club, incoming)
    picked: dict[int, int | None] = {}
    for index, match in enumerate(found):
        if match.kind != AMBIGUOUS:
            continue
        if index not in choices:
            if ambiguous_new:
                picked[index] = None
                continue
            raise Ambiguous(_("« %(name)s » peut être plusieurs joueurs du registre : "
                              "choisissez lequel (ou un nouveau joueur).")
                            % {"name": incoming[index].full_name})
        choice = choices[index]
        if choice is not None and choice not in match.candidates:
            raise UserError(_("« %(name)s » : le joueur choisi n'est plus un de ceux du "
                              "registre qui lui correspondent ; choisissez à nouveau.")
                            % {"name": incoming[index].full_name})
        picked[index] = choice
    wanted = {pk for pk in picked.values() if pk is not None}
    wanted.update(match.candidates[0] for match in found if match.kind == LINKED)
    entries = ClubPlayer.objects.in_bulk(wanted)
    created: dict[tuple[str, ...], ClubPlayer] = {}
    links: list[ClubPlayer] = []
    for index, (identity, match) in enumerate(zip(incoming, found, strict=True)):
        if match.kind == LINKED:
            links.append(entries[match.candidates[0]])
        elif picked.get(index) is not None:
            links.append(entries[picked[index]])  # type: ignore[index]
        else:
            # A new person, or an ambiguous one chosen « nouveau joueur »: keyed apart from
            # the batch's new people (it is not the candidates it looked like).
            key = match.new_key or ("chosen", str(index))
            if key not in created:
                created[key] = _register(club, identity)
            links.append(created[key])
    return links


__all__ = ["Ambiguous", "Choices", "entrants_link"]
