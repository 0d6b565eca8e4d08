"""The season's grid (a row per player, a cell per concours: 200 × 30 cells) written as
HTML here rather than by a template loop, as the projector's long lists are
(screen_rows): Django's template engine took most of a second on those 6,000 cells,
format_html a fraction of that. format_html escapes each name."""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from ..selectors.season import Cell, SeasonStandings

register = template.Library()
_EMPTY = mark_safe('<td class="num"></td>')  # no value in it


def _cell(cell: Cell, counted_title: str, dropped_title: str) -> SafeString:
    if cell.points is None:
        return _EMPTY
    if cell.counted:
        return format_html('<td class="num counted" title="{}"><strong>{}</strong></td>',
                           counted_title % {"p": cell.place}, cell.points)
    return format_html('<td class="num dropped" title="{}">({})</td>',
                       dropped_title % {"p": cell.place}, cell.points)


@register.filter
def season_grid_rows(standings: SeasonStandings) -> SafeString:
    yes, no = _("oui"), _("non")
    counted_title, dropped_title = _("%(p)se, compté"), _("%(p)se, non compté")
    return format_html_join(
        "", '<tr data-player="{}"><td class="num">{}</td><td>{}</td>'
        '<td class="num"><strong>{}</strong></td><td class="num">{}</td><td class="num">{}'
        '</td><td class="num">{}</td><td>{}</td>{}</tr>',
        ((row.line.player, row.line.rank if row.line.rank is not None else "—", row.name,
          row.line.points, row.line.played, row.line.wins, row.line.score,
          yes if row.line.lot else no,
          format_html_join("", "{}", ((_cell(cell, counted_title, dropped_title),)
                                      for cell in row.cells)))
         for row in standings.rows))
