"""The standings table (django-tables2): sortable, rank first, criteria already applied.

One table for both formats: a line per registered team (doublettes) or per player (mêlée);
`selectors.StandingsLine.entrant` names either. A mêlée's table has no "Joueurs" column (a
player's name says it) and shows each player's club; the ranking points show when the
concours gives some or ranks by them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from .selectors.standings import StandingsLine

if TYPE_CHECKING:  # django-stubs' alias of a text or a lazy translation (tests only install it)
    from django_stubs_ext import StrOrPromise

NUMERIC = {"td": {"class": "num"}, "th": {"class": "num"}}


# A name kept on one line: on a phone the table scrolls sideways instead ("9. Joueur 9" broken
# over three lines made every row three times as high).
ONE_LINE = {"td": {"style": "white-space: nowrap"}}


def _entrant_column(label: StrOrPromise) -> tables.Column:
    # Sorted in French order (selectors.name_key): "Les Ânes" before "Les Trèfles". Named
    # "team" in both formats so that a sorted address (?sort=team) keeps working.
    return tables.Column(label, accessor="entrant__name", order_by=("name_key",),
                         attrs=ONE_LINE)


class StandingsTable(tables.Table):
    rank = tables.Column(_("Rang"), accessor="row__rank")
    team = _entrant_column(_("Équipe"))
    players = tables.Column(_("Joueurs"), accessor="entrant__players", orderable=False)
    club = tables.Column(_("Club"), accessor="entrant__club", attrs=ONE_LINE)
    played = tables.Column(_("Jouées"), accessor="row__played", attrs=NUMERIC)
    wins = tables.Column(_("Gagnées"), accessor="row__wins", attrs=NUMERIC)
    points = tables.Column(_("Points marqués"), accessor="row__points", attrs=NUMERIC)
    conceded = tables.Column(_("Points concédés"), accessor="row__conceded", attrs=NUMERIC)
    diff = tables.Column(_("Différence"), accessor="row__diff", attrs=NUMERIC)
    ranking_points = tables.Column(_("Points de classement"), accessor="row__ranking_points",
                                   attrs=NUMERIC)
    # Each line's lot, when the concours has lots (the standings' order gives them).
    lot = tables.Column(_("Lot"), empty_values=(), orderable=False)

    class Meta:
        attrs = {"class": "standings", "id": "standings"}
        orderable = True
        # Ranking points, when shown, beside the name: a concours that gives them ranks by
        # them first, and a phone shows the first columns without scrolling.
        sequence = ("rank", "team", "players", "ranking_points", "played", "wins", "points",
                    "conceded", "diff", "club", "lot")
        row_attrs = {
            # None leaves the attribute out: a team's line names its team, a player's its player.
            "data-team": lambda record: None if record.entrant.is_player else record.number,
            "data-player": lambda record: record.number if record.entrant.is_player else None,
        }

    def __init__(self, data: Sequence[StandingsLine], *, melee: bool | None = None,
                 ranking_points: bool | None = None, lots: dict[int, str] | None = None,
                 awaiting: frozenset[int] = frozenset(), **kwargs: Any) -> None:
        """`melee`: lines of players (None: read from the lines); `ranking_points`: show
        them (None: when a line has some); `lots`: each entrant's lot by its id (None: the
        concours has none, no column); `awaiting`: the entrants one of whose results awaits
        a confirmation, their points marked "*"."""
        if melee is None:
            melee = any(line.entrant.is_player for line in data)
        if ranking_points is None:
            ranking_points = any(line.row.ranking_points for line in data)
        self.lots = lots or {}
        self.awaiting = awaiting
        exclude = ["players"] if melee else ["club"]
        if not ranking_points:
            exclude.append("ranking_points")
        if lots is None:
            exclude.append("lot")
        extra = [("team", _entrant_column(_("Joueur")))] if melee else None
        super().__init__(data, exclude=exclude, extra_columns=extra, **kwargs)

    def render_team(self, record: StandingsLine, value: str) -> SafeString:
        entrant = record.entrant
        withdrawn = "" if entrant.active else format_html(
            ' <small class="withdrawn-mark">{}</small>',
            _("(retiré)") if entrant.is_player else _("(retirée)"))
        return format_html('<a href="{}">{}. {}</a>{}', entrant.url, entrant.number, value,
                           withdrawn)

    def render_points(self, record: StandingsLine, value: int) -> SafeString | int:
        if record.entrant.id not in self.awaiting:
            return value
        return format_html('{}&nbsp;<abbr class="awaiting" title="{}">*</abbr>', value,
                           _("score à confirmer"))

    def render_lot(self, record: StandingsLine) -> str:
        return self.lots.get(record.entrant.id, "")

    def render_diff(self, value: int) -> str:
        return f"+{value}" if value > 0 else str(value)
