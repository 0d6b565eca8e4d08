"""The projector's long lists (printing a partie of 500 tables, where 1,000 teams play, and
the standings of 1,000 teams) written as HTML here rather than by template loops: Django's
template engine spent 0.3 s on their 2,500 rows, a string join a tenth of that. The same
HTML as the template wrote (tournament/public/screen.html), each name escaped."""

from __future__ import annotations

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from ..exports.documents import Screen, Who

register = template.Library()


def _who(side: Who, melee: bool) -> str:
    if melee:
        return "".join(f'<span class="player">{escape(name)}</span>' for name in side.names)
    return escape(side.team)


@register.filter
def table_rows(screen: Screen) -> SafeString:
    melee = screen.melee
    bye_word = escape(_("exempt") if melee else _("exempte"))
    rows = [f'<tr><td class="table-number">{seating.table}</td>'
            f'<td class="name">{_who(seating.ns, melee)}</td>'
            f'<td class="name">{_who(seating.ew, melee)}</td></tr>'
            for seating in screen.tables]
    rows += [f'<tr class="bye"><td class="table-number">—</td>'
             f'<td class="name">{_who(bye, melee)}</td><td class="note">{bye_word}</td></tr>'
             for bye in screen.byes]
    return mark_safe("".join(rows))  # every name above is escaped


@register.filter
def seat_rows(screen: Screen) -> SafeString:
    melee = screen.melee
    bye = f'<span class="note">{escape(_("exempt") if melee else _("exempte"))}</span>'
    unseated = f'<span class="note">{escape(_("à placer"))}</span>'
    withdrawn = f' <span class="note">{escape(_("retiré") if melee else _("retirée"))}</span>'
    rows = []
    for seat in screen.seats:
        place = escape(seat.side) if seat.table else bye if seat.is_bye else unseated
        rows.append(f'<tr><td class="name">{escape(seat.name)}</td><td class="table-number">'
                    f'{seat.table if seat.table else "—"}</td><td class="place">{place}'
                    f'{withdrawn if seat.withdrawn else ""}</td></tr>')
    return mark_safe("".join(rows))  # every name above is escaped


@register.filter
def standings_rows(screen: Screen) -> SafeString:
    standing, melee = screen.standings, screen.melee
    withdrawn = f' <span class="note">{escape(_("retiré") if melee else _("retirée"))}</span>'
    rows = []
    for entry in standing.entries:
        line, row = entry.line, entry.line.row
        points = (f'<td class="num">{row.ranking_points}</td>'
                  if standing.ranking_points else "")
        awaiting = '<span class="awaiting">*</span>' if entry.awaiting else ""
        rows.append(f'<tr><td class="num">{row.rank}</td><td class="name">{escape(line.name)}'
                    f'{"" if line.active else withdrawn}</td>{points}'
                    f'<td class="num">{row.wins}</td><td class="num">{row.points}{awaiting}</td>'
                    f'<td class="num">{row.diff}</td></tr>')
    return mark_safe("".join(rows))  # every name above is escaped
