"""What an entry kind is: its key, its French label, its shape check, its words, what
restoring one of its entries may write, and how it is restored. Each kind is one module of
this package, giving one `KIND`; `registry` lists them.

The journal sits below the services (they write it), so a kind's restorer cannot import them:
it is handed the writes it may go through (`Writes`, which services.journal fills with the
services themselves), and calls them by name like any other change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.functional import Promise

from ..models import AuditEntry, Game

if TYPE_CHECKING:
    from .log import Actor


@dataclass(frozen=True)
class Writes:
    """The services a restore goes through (services.journal.WRITES: each is the service of
    that name, validated, journaled and rescored as any change). A restorer needing another
    adds it here and there."""

    team_update: Callable[..., Any]
    player_update: Callable[..., Any]
    prizes_replace: Callable[..., Any]
    tournament_rules_update: Callable[..., Any]
    tournament_format_update: Callable[..., Any]
    tournament_results_update: Callable[..., Any]
    round_seat: Callable[..., Any]
    game_forfeit: Callable[..., Any]
    # A game locked as every entry locks it (services.donnes.game_locked).
    game_locked: Callable[[Game], Game]
    donne_record: Callable[..., Any]
    donne_delete: Callable[..., Any]
    donne_insert: Callable[..., Any]
    score_changed: Callable[..., Any]


# restore(entry, value, by, writes): give back `value` (the entry's before or after, checked
# well formed) through `writes`; a refusal is a UserError.
Restorer = Callable[["AuditEntry", Any, "Actor", Writes], None]


@dataclass(frozen=True)
class EntryKind:
    key: str  # AuditEntry.kind
    label: str | Promise  # the journal's filter says it
    # check(action, value): raise BadValue for a value (never None) this kind never holds.
    check: Callable[[str, object], None]
    # words(value, melee): a well-formed value (never None) in a few words.
    words: Callable[[Any, bool], str]
    # The fields a restore may write (the restorer passes these on by name, and nothing
    # else); empty: an entry of this kind is not restored.
    restores: tuple[str, ...] = ()
    # How an entry is restored (None: by services.journal.RESTORERS, the old way, for a kind
    # declared before restorers lived with their kind).
    restore: Restorer | None = None


def entry_game(entry: AuditEntry, writes: Writes | None = None) -> Game | None:
    """The game at the partie and table an entry names (None: it names none, or no longer
    exists); locked through `writes` when given."""
    if entry.round_number is None or entry.table is None:
        return None
    game = Game.objects.select_related("round").filter(
        round__tournament=entry.tournament, round__number=entry.round_number,
        table=entry.table).first()
    # Locked as every entry locks it (game_locked: the partie and the concours for share,
    # then the game): locking in another order could deadlock with a table's entry.
    return writes.game_locked(game) if writes is not None and game is not None else game
