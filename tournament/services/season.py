"""A club's seasons: their creation, change and deletion, and the concours they include.

A concours joining or leaving a season is journaled in that concours (kind "season"); no
result of a concours changes then (the season's standings are read from the concours'
results: selectors.season). A season's own settings (its name, its rule) are the club's. A concours
belongs to at most one season, of its own club, and is dated within the season's dates.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from ..errors import UserError
from ..journal.log import SYSTEM, Actor, log
from ..models import Club, Season, Tournament
from ..season import BEYOND, KINDS, TIE_BREAKS, parse_points_table
from ..season.standings import TableError
from .common import text_field, whole_field

__all__ = ["season_create", "season_delete", "season_update"]

SEASON_MAX = 500  # concours, places, best N: far above a season's 52 Fridays
PARTICIPATION_MAX = 10_000


def season_values_checked(*, name: object, start: object, end: object, kind: object,
                          points_table: str, beyond: object, participation: object,
                          best: object, min_ranked: object, min_lot: object,
                          tie_breaks: Sequence[str], published: bool) -> dict[str, object]:
    """A season's name, dates and rule as its form (or a backup) gives them, checked: the
    values to store, or a UserError naming the field at fault. `points_table` is the text
    typed (« 100,90,80 »)."""
    values: dict[str, object] = {"name": text_field(Season, "name", name)}
    if not isinstance(start, datetime.date) or not isinstance(end, datetime.date):
        raise UserError(_("Les dates de début et de fin de la saison sont obligatoires."),
                        "start")
    if end < start:
        raise UserError(_("La saison finit avant de commencer : la date de fin doit suivre "
                          "celle du début."), "end")
    if kind not in KINDS:
        raise UserError(_("Règle inconnue : un barème, la formule ou la somme des "
                          "résultats."), "kind")
    table: tuple[int, ...] = ()
    if points_table.strip() or kind == "table":
        try:
            table = parse_points_table(points_table)
        except TableError as error:
            raise UserError(_("Barème : %(why)s") % {"why": error}, "points_table") from None
    if beyond not in BEYOND:
        raise UserError(_("Places au-delà du barème : la dernière valeur ou zéro."), "beyond")
    if (not isinstance(tie_breaks, (list, tuple)) or len(set(tie_breaks)) != len(tie_breaks)
            or not set(tie_breaks) <= set(TIE_BREAKS)):
        raise UserError(_("Départages : des critères connus, chacun une seule fois."),
                        "tie_breaks")
    values.update(
        start=start, end=end, kind=kind, points_table=list(table), beyond=beyond,
        participation=whole_field(Season, "participation", participation,
                                  maximum=PARTICIPATION_MAX),
        best=None if best is None else whole_field(Season, "best", best, minimum=1,
                                                   maximum=SEASON_MAX),
        min_ranked=whole_field(Season, "min_ranked", min_ranked, maximum=SEASON_MAX),
        min_lot=whole_field(Season, "min_lot", min_lot, maximum=SEASON_MAX),
        tie_breaks=list(tie_breaks), published=bool(published))
    return values


def _include(season: Season, concours: Sequence[int], by: Actor) -> None:
    """Make `concours` (ids) the season's concours, checked and locked (rank 1 of the lock
    order: the concours' rows, by id)."""
    if len(concours) > SEASON_MAX:
        raise UserError(_("Au plus %(n)d concours dans une saison.") % {"n": SEASON_MAX},
                        "concours")
    wanted = sorted(set(concours))
    chosen = set(wanted)
    # Both the concours chosen and those the season holds now, locked in one go by id.
    locked = list(Tournament.objects.select_for_update(of=("self",))
                  .filter(Q(pk__in=wanted) | Q(season=season)).select_related("season")
                  .order_by("pk"))
    rows = [tournament for tournament in locked if tournament.pk in chosen]
    if len(rows) != len(wanted):
        raise UserError(_("Un des concours choisis n'existe plus."), "concours")
    for tournament in rows:
        if tournament.club_id != season.club_id:
            raise UserError(_("« %(name)s » n'est pas un concours du club.")
                            % {"name": tournament.name}, "concours")
        if tournament.season is not None and tournament.season_id != season.pk:
            raise UserError(_("« %(name)s » est déjà dans la saison « %(season)s » : un "
                              "concours compte pour une saison au plus.")
                            % {"name": tournament.name, "season": tournament.season.name},
                            "concours")
        if not season.start <= tournament.date <= season.end:
            raise UserError(_("« %(name)s » (le %(date)s) n'est pas dans les dates de la "
                              "saison.") % {"name": tournament.name,
                                           "date": tournament.date.strftime("%d/%m/%Y")},
                            "concours")
    leaving = [tournament for tournament in locked
               if tournament.season_id == season.pk and tournament.pk not in chosen]
    joining = [tournament for tournament in rows if tournament.season_id != season.pk]
    for tournament in leaving:
        log(tournament, by, "season", "update", before={"season": season.name},
            after={"season": None})
    for tournament in joining:
        log(tournament, by, "season", "update", before={"season": None},
            after={"season": season.name})
    Tournament.objects.filter(pk__in=[tournament.pk for tournament in leaving]).update(
        season=None)
    Tournament.objects.filter(pk__in=[tournament.pk for tournament in joining]).update(
        season=season)


@transaction.atomic
def season_create(*, club: Club, name: str, start: datetime.date, end: datetime.date,
                  kind: str = "table", points_table: str = "", beyond: str = "zero",
                  participation: int = 0, best: int | None = None, min_ranked: int = 0,
                  min_lot: int = 0, tie_breaks: Sequence[str] = ("wins", "score"),
                  published: bool = False, concours: Sequence[int] = (),
                  by: Actor = SYSTEM) -> Season:
    """A new season of `club` including the concours of ids `concours`."""
    values = season_values_checked(
        name=name, start=start, end=end, kind=kind, points_table=points_table, beyond=beyond,
        participation=participation, best=best, min_ranked=min_ranked, min_lot=min_lot,
        tie_breaks=tie_breaks, published=published)
    season = Season(club=club, **values)
    season.save()
    _include(season, concours, by)
    return season


@transaction.atomic
def season_update(*, season: Season, name: str, start: datetime.date, end: datetime.date,
                  kind: str, points_table: str, beyond: str, participation: int,
                  best: int | None, min_ranked: int, min_lot: int, tie_breaks: Sequence[str],
                  published: bool, concours: Sequence[int], by: Actor = SYSTEM) -> Season:
    """Change every setting of `season` and the concours it includes."""
    # Read again, not locked: the concours' rows are locked first (services' lock order).
    locked = Season.objects.select_related("club").get(pk=season.pk)
    values = season_values_checked(
        name=name, start=start, end=end, kind=kind, points_table=points_table, beyond=beyond,
        participation=participation, best=best, min_ranked=min_ranked, min_lot=min_lot,
        tie_breaks=tie_breaks, published=published)
    for field, value in values.items():
        setattr(locked, field, value)
    locked.save()
    _include(locked, concours, by)
    return locked


@transaction.atomic
def season_delete(*, season: Season, by: Actor = SYSTEM) -> None:
    """Delete the season; its concours stay, in no season."""
    _include(season, [], by)
    season.delete()
