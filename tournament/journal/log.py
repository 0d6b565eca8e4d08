"""Writing the journal: who changes what (`Actor`), and the entry of each change (`log`).

Services call `log` inside their own transaction, so an entry exists exactly when its change
does. Values are plain JSON built by the `*_values` helpers below. This module imports only
models (and scoring's plain types): every service can import it, and it imports none.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _

from scoring import Donne, Side

from ..models import RULE_FIELDS, AuditEntry, DonneRecord, Game, Player, Team, Tournament

# Options of the tournament whose changes are logged as "rules": the rule set, the points of
# byes and forfeits and the ranking criteria, which change results just as much.
RULE_OPTIONS = [*RULE_FIELDS, "bye_points", "forfeit_points", "criteria", "parties_planned",
                "preset",
                # The formats and results (issues 12, 13): entries written before lack them,
                # and restoring such an entry leaves them as they are (services.journal).
                "format", "draw_method", "exempt_rule", "points_win", "points_loss",
                "points_exempt", "points_forfeit", "paper_by_tables", "two_confirmations"]
# A "rules" entry of the lots (services.prizes) holds only the whole list: {"prizes": [...]}.
PRIZES = "prizes"
TEAM_FIELDS = ["name", "player1", "player2", "club", "active"]
# The players' licences (issue 12): entries written before have none.
TEAM_LICENCES = ["licence1", "licence2"]
# A mêlée's player, registered alone (kind "player", numbered by the player's number).
PLAYER_FIELDS = ["name", "club", "licence", "active"]
# A donne's input, as `donne_values` writes it (the fields of scoring.Donne).
DONNE_FIELDS = [field.name for field in dataclasses.fields(Donne)]


@dataclasses.dataclass(frozen=True)
class Actor:
    """Who makes a change: an organiser's account, or a table through its link."""

    label: str
    user_id: int | None = None

    @classmethod
    def of_user(cls, user: AbstractBaseUser | AnonymousUser) -> Actor:
        return cls(user.get_username(), user.pk)

    @classmethod
    def of_table(cls, game: Game, side: str = Side.NS.value) -> Actor:
        """A table through its link. With two confirmations each side has its own link, and
        the journal says which ("lien NS", "lien EO"); otherwise the table's one link."""
        if side == Side.EW.value:
            return cls(_("Table %(t)d (lien EO)") % {"t": game.table})
        if game.round.tournament.two_confirmations:
            return cls(_("Table %(t)d (lien NS)") % {"t": game.table})
        return cls(_("Table %(t)d (lien)") % {"t": game.table})


SYSTEM = Actor("système")


def donne_values(record: DonneRecord) -> dict[str, Any]:
    return {
        name: value.value if isinstance(value, enum.Enum) else value
        for name, value in dataclasses.asdict(record.to_donne()).items()
    }


def team_values(team: Team) -> dict[str, Any]:
    second = team.second
    return {**{name: getattr(team, name) for name in TEAM_FIELDS},
            "licence1": team.first.licence,
            "licence2": second.licence if second is not None else ""}


def player_values(player: Player) -> dict[str, Any]:
    return {name: getattr(player, name) for name in PLAYER_FIELDS}


def rules_values(tournament: Tournament) -> dict[str, Any]:
    return {name: getattr(tournament, name) for name in RULE_OPTIONS}


def entry(tournament: Tournament, by: Actor, kind: str, action: str, *, before: Any = None,
          after: Any = None, round_number: int | None = None, table: int | None = None,
          number: int | None = None, donne_key: str = "") -> AuditEntry:
    """An entry, not yet saved (`log` saves one; a batch goes through bulk_create). A donne's
    entry names it by its key (`donne_key`): its number shifts when an earlier one goes.
    `kind`: a key of the registry (AuditEntry.kinds); another is a bug, refused."""
    if kind not in AuditEntry.kinds:
        raise ValueError(f"not a journal entry kind: {kind!r}")
    return AuditEntry(
        tournament=tournament, user_id=by.user_id, actor=by.label, kind=kind, action=action,
        round_number=round_number, table=table, number=number, donne_key=donne_key,
        before=before, after=after,
    )


def log(tournament: Tournament, by: Actor, kind: str, action: str, *, before: Any = None,
        after: Any = None, round_number: int | None = None, table: int | None = None,
        number: int | None = None, donne_key: str = "") -> AuditEntry:
    record = entry(tournament, by, kind, action, before=before, after=after,
                   round_number=round_number, table=table, number=number,
                   donne_key=donne_key)
    record.save()
    return record
