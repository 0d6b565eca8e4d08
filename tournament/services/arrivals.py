"""Writes of the pointage: the desk marks each registered entrant arrived (or absent again)
before the first draw, and the draw seats the arrived ones (selectors/arrivals.py says the
rule).

Once partie 1 is drawn, an entrant is no longer marked absent (one that leaves is withdrawn);
one still absent may be marked arrived when the pointage is in use: it plays from the next
partie, unless the organiser seats it late (which marks it too, `entrants_mark_arrived`).
Without the pointage at partie 1 everyone plays, and there is nothing left to mark.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.utils.translation import gettext as _

from .. import journal as audit
from ..errors import UserError
from ..journal import SYSTEM, Actor
from ..models import Player, Team, Tournament
from ..selectors.arrivals import arrivals_in_use
from .common import concours_shared


def _arrival_values(entrant: Team | Player) -> dict[str, object]:
    return {"name": entrant.name, "arrived": entrant.arrived}


def _entrant_locked(tournament: Tournament, team: Team | None,
                    player: Player | None) -> Team | Player:
    """The entrant read again and locked, if it is an active entrant of this concours."""
    melee = tournament.by_player
    if (team is None) == (player is None):
        raise UserError(_("Choisissez une équipe ou un joueur."))
    if team is not None:
        found: Team | Player | None = (
            None if melee else
            Team.objects.select_for_update(of=("self",))
            .filter(pk=team.pk, tournament=tournament, round__isnull=True).first())
    else:
        assert player is not None
        found = (Player.objects.select_for_update(of=("self",))
                 .filter(pk=player.pk, tournament=tournament).first() if melee else None)
    if found is None:
        raise UserError(_("Cette équipe n'est pas inscrite à ce concours.") if team is not None
                        else _("Ce joueur n'est pas inscrit à ce concours."))
    if not found.active:
        # The name is the subject of no adjective: « Simone … est retiré » read wrong.
        raise UserError(_("« %(name)s » : inscription retirée du concours ; annulez d'abord "
                          "le retrait.") % {"name": found.name})
    return found


@transaction.atomic
def entrant_arrive(*, tournament: Tournament, team: Team | None = None,
                   player: Player | None = None, arrived: bool = True,
                   by: Actor = SYSTEM) -> Team | Player:
    """Mark a registered team (doublettes) or player (mêlée) arrived at the desk, or absent
    again (`arrived` False). Marking it as it already is changes nothing and writes no
    entry: a key pressed twice by two people at the desk is harmless."""
    concours_shared(tournament.pk)  # the lock order: the concours first (a draw waits)
    entrant = _entrant_locked(tournament, team, player)
    if entrant.arrived == arrived:
        return entrant
    if tournament.rounds.exists():
        if not arrived:
            raise UserError(_("La partie 1 est tirée : « %(name)s » ne peut plus être pointé "
                              "absent ; s'il ne joue plus, retirez-le du concours.")
                            % {"name": entrant.name})
        if not arrivals_in_use(tournament):
            raise UserError(_("La partie 1 a été tirée sans pointage : tous les inscrits "
                              "jouent, il n'y a rien à pointer."))
    _mark(tournament, entrant, arrived, by)
    return entrant


def _mark(tournament: Tournament, entrant: Team | Player, arrived: bool, by: Actor) -> None:
    before = _arrival_values(entrant)
    entrant.arrived = arrived
    entrant.save(update_fields=["arrived"])
    audit.log(tournament, by, "arrival", "arrive" if arrived else "absent",
              number=entrant.number, before=before, after=_arrival_values(entrant))


def entrants_mark_arrived(*, tournament: Tournament, teams: Iterable[Team],
                          by: Actor = SYSTEM) -> None:
    """Teams seated late are there: marked arrived (journaled) when the pointage is in use,
    so that the next draws seat them. Without the pointage everyone is drawn: nothing to
    mark (a mark would put the pointage in use and leave the others out). Called inside the
    seating's transaction, the concours locked."""
    if not arrivals_in_use(tournament):
        return
    # Read again: the teams given were read before the seating's locks.
    for team in (Team.objects.select_for_update(of=("self",))
                 .filter(pk__in=[team.pk for team in teams], arrived=False).order_by("number")):
        _mark(tournament, team, True, by)


__all__ = [
    "entrant_arrive",
    "entrants_mark_arrived",
]
