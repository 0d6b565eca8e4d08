"""The standings table (django-tables2): sortable, rank first, criteria already applied.

One table for both formats: a line per registered team (doublettes) or per player (mêlée);
`selectors.StandingsLine.entrant` names either. A mêlée's table has no "Joueurs" column (a
player's name says it) and shows each player's club; the ranking points show when the
concours gives some or ranks by them.

django-tables2 keeps what it does well: the column model (which columns, their headers,
attributes and order) and sorting (`?sort=`). Its rows are another matter: rendering each
cell through a bound row (accessor resolution, introspected render calls, attributes
recomputed per cell) took 86 % of the page at 1,000 teams (807 ms). So the table's template
(`tournament/public/standings_table.html`) writes its rows with `rows_html`, one pass in
Python over the sorted lines, with the same cells (the columns' `render_*` methods, their
defaults, escaping and attributes) as django-tables2 would write.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

import django_tables2 as tables
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from .amounts import amount_text
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
    # A concours in phases once its tableaux are over (BRACKETS.md 6): the tableau that
    # placed the line and how, in place of the figures.
    tableau = tables.Column(_("Tableau"), accessor="phase__tableau", default="—",
                            orderable=False)
    how = tables.Column(_("Comment"), accessor="phase__how", orderable=False)
    # Each line's lot, when the concours has lots (the standings' order gives them).
    lot = tables.Column(_("Lot"), empty_values=(), orderable=False)
    # Each line's cash prize beside its lot, when the concours has cash prizes.
    cash = tables.Column(_("Prix"), empty_values=(), orderable=False,
                         attrs={"td": {"class": "num", "style": "white-space: nowrap"},
                                "th": {"class": "num"}})

    class Meta:
        template_name = "tournament/public/standings_table.html"  # rows by `rows_html`
        attrs = {"class": "standings", "id": "standings"}
        orderable = True
        # Ranking points, when shown, beside the name: a concours that gives them ranks by
        # them first, and a phone shows the first columns without scrolling.
        sequence = ("rank", "team", "players", "tableau", "how", "ranking_points", "played",
                    "wins", "points", "conceded", "diff", "club", "lot", "cash")
        row_attrs = {
            # None leaves the attribute out: a team's line names its team, a player's its player.
            "data-team": lambda record: None if record.entrant.is_player else record.number,
            "data-player": lambda record: record.number if record.entrant.is_player else None,
        }

    def __init__(self, data: Sequence[StandingsLine], *, melee: bool | None = None,
                 ranking_points: bool | None = None, lots: dict[int, str] | None = None,
                 awaiting: frozenset[int] = frozenset(), phases: bool = False,
                 cash: dict[int, int] | None = None, **kwargs: Any) -> None:
        """`melee`: lines of players (None: read from the lines); `ranking_points`: show
        them (None: when a line has some); `lots`: each entrant's lot by its id (None: the
        concours has none, no column); `awaiting`: the entrants one of whose results awaits
        a confirmation, their points marked "*"; `phases`: the final places of a concours
        in phases (its tableau and how for each line, no figures: they did not rank it);
        `cash`: each entrant's cash prize in cents by its id (None: the concours has none,
        no column)."""
        if melee is None:
            melee = any(line.entrant.is_player for line in data)
        if ranking_points is None:
            ranking_points = any(line.row.ranking_points for line in data)
        self.lots = lots or {}
        self.cash = cash or {}
        self.awaiting = awaiting
        exclude = ["players"] if melee else ["club"]
        if phases:
            exclude += ["ranking_points", "played", "wins", "points", "conceded", "diff"]
        else:
            exclude += ["tableau", "how"]
            if not ranking_points:
                exclude.append("ranking_points")
        if lots is None:
            exclude.append("lot")
        if cash is None:
            exclude.append("cash")
        extra = [("team", _entrant_column(_("Joueur")))] if melee else []
        if phases:
            extra.append(("rank", tables.Column(_("Place"), accessor="row__rank")))
        super().__init__(data, exclude=exclude, extra_columns=extra or None, **kwargs)

    def render_team(self, record: StandingsLine, value: str) -> SafeString:
        entrant = record.entrant
        withdrawn = "" if entrant.active else format_html(
            ' <small class="withdrawn-mark">{}</small>',
            _("(retiré)") if entrant.is_player else _("(retirée)"))
        # format_html's work, written out: a thousand lines call this.
        return mark_safe(f'<a href="{escape(entrant.url)}">{entrant.number}. '
                         f'{escape(value)}</a>{withdrawn}')

    def render_points(self, record: StandingsLine, value: int) -> SafeString | int:
        if record.entrant.id not in self.awaiting:
            return value
        return format_html('{}&nbsp;<abbr class="awaiting" title="{}">*</abbr>', value,
                           _("score à confirmer"))

    def render_tableau(self, record: StandingsLine, value: str) -> str:
        return capfirst(value)

    def render_lot(self, record: StandingsLine, value: object = None) -> str:
        return self.lots.get(record.entrant.id, "")

    def render_cash(self, record: StandingsLine, value: object = None) -> str:
        cents = self.cash.get(record.entrant.id)
        return "" if cents is None else amount_text(cents)

    def render_diff(self, record: StandingsLine, value: int) -> str:
        return f"+{value}" if value > 0 else str(value)

    def rows_html(self) -> SafeString:
        """The body's rows, sorted as asked, in one pass: what django-tables2's template
        writes (`<tr data-team="3" class="even"><td class="num">12</td>…`), without its
        per-cell machinery. Each cell is its column's value read by the column's accessor,
        the column's default when empty, passed through the table's `render_<column>`
        method when it has one, and escaped unless the method made it safe."""
        cells = [self._cell_writer(column) for column in self.columns]
        # Meta.row_attrs (functions of the line; None leaves the attribute out), then the
        # even/odd class django-tables2 adds.
        row_attrs = list(self.row_attrs.items())
        rows = []
        for counter, line in enumerate(self.data):
            attrs = "".join(f'{name}="{escape(value)}" ' for name, attr in row_attrs
                            if (value := attr(record=line)) is not None)
            parity = "odd" if counter % 2 else "even"
            rows.append(f'<tr {attrs}class="{parity}">'
                        + "".join(cell(line) for cell in cells) + "</tr>")
        return mark_safe("\n".join(rows))  # every attribute and cell escaped

    def _cell_writer(self, column: tables.columns.BoundColumn) -> Callable[[StandingsLine],
                                                                              str]:
        opening = f"<td {column.attrs['td'].as_html()}>"
        read = attrgetter(str(column.accessor).replace("__", "."))
        empty = column.column.empty_values
        default = conditional_escape(column.default)
        render = getattr(self, f"render_{column.name}", None)

        def cell(line: StandingsLine) -> str:
            try:
                value = read(line)
            except AttributeError:  # a column without a value of its own (the lot)
                value = None
            if value in empty:
                return f"{opening}{default}</td>"
            shown = value if render is None else render(record=line, value=value)
            # A number needs no escaping (most cells: escaping them all cost a third).
            text = str(shown) if type(shown) is int else conditional_escape(shown)
            return f"{opening}{text}</td>"

        return cell
