"""The season's grid (a row per player, a cell per concours: 200 × 30 cells) written as
HTML here rather than by a template loop, as the projector's long lists are
(screen_rows): Django's template engine took most of a second on those 6,000 cells, a
string join a few milliseconds. Each name is escaped."""

from __future__ import annotations

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from ..selectors.season import SeasonStandings

register = template.Library()


@register.filter
def season_grid_rows(standings: SeasonStandings) -> SafeString:
    yes, no = escape(_("oui")), escape(_("non"))
    counted_title = escape(_("%(p)se, compté"))
    dropped_title = escape(_("%(p)se, non compté"))
    rows = []
    for row in standings.rows:
        line = row.line
        cells = []
        for cell in row.cells:
            if cell.points is None:
                cells.append('<td class="num"></td>')
            elif cell.counted:
                cells.append(f'<td class="num counted" title="{counted_title % {"p": cell.place}}">'
                             f'<strong>{cell.points}</strong></td>')
            else:
                cells.append(f'<td class="num dropped" title="{dropped_title % {"p": cell.place}}">'
                             f'({cell.points})</td>')
        rows.append(
            f'<tr data-player="{line.player}"><td class="num">'
            f'{line.rank if line.rank is not None else "—"}</td><td>{escape(row.name)}</td>'
            f'<td class="num"><strong>{line.points}</strong></td><td class="num">'
            f'{line.played}</td><td class="num">{line.wins}</td><td class="num">{line.score}'
            f'</td><td>{yes if line.lot else no}</td>{"".join(cells)}</tr>')
    return mark_safe("".join(rows))  # every name above is escaped
