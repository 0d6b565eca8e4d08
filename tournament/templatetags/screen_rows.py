"""The projector's long lists (printing a partie of 500 tables, where 1,000 teams play, and
the standings of 1,000 teams) written as HTML here rather than by template loops: Django's
template engine spent 0.3 s on their 2,500 rows, format_html a fraction of that. The same
HTML as the template wrote (tournament/public/screen.html); format_html escapes each name."""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from ..exports.documents import Screen, Who

register = template.Library()


def _who(side: Who, melee: bool) -> SafeString | str:
    if melee:
        return format_html_join("", '<span class="player">{}</span>',
                                ((name,) for name in side.names))
    return side.team


@register.filter
def table_rows(screen: Screen) -> SafeString:
    melee = screen.melee
    bye_word = _("exempt") if melee else _("exempte")
    tables = format_html_join(
        "", '<tr><td class="table-number">{}</td><td class="name">{}</td>'
        '<td class="name">{}</td></tr>',
        ((seating.table, _who(seating.ns, melee), _who(seating.ew, melee))
         for seating in screen.tables))
    byes = format_html_join(
        "", '<tr class="bye"><td class="table-number">—</td><td class="name">{}</td>'
        '<td class="note">{}</td></tr>', ((_who(bye, melee), bye_word) for bye in screen.byes))
    return tables + byes


@register.filter
def seat_rows(screen: Screen) -> SafeString:
    melee = screen.melee
    bye = format_html('<span class="note">{}</span>', _("exempt") if melee else _("exempte"))
    unseated = format_html('<span class="note">{}</span>', _("à placer"))
    withdrawn = format_html(' <span class="note">{}</span>',
                            _("retiré") if melee else _("retirée"))
    return format_html_join(
        "", '<tr><td class="name">{}</td><td class="table-number">{}</td>'
        '<td class="place">{}{}</td></tr>',
        ((seat.name, seat.table if seat.table else "—",
          seat.side if seat.table else bye if seat.is_bye else unseated,
          withdrawn if seat.withdrawn else "") for seat in screen.seats))


@register.filter
def standings_rows(screen: Screen) -> SafeString:
    standing, melee = screen.standings, screen.melee
    withdrawn = format_html(' <span class="note">{}</span>',
                            _("retiré") if melee else _("retirée"))
    awaiting = mark_safe('<span class="awaiting">*</span>')  # no value in it
    points = standing.ranking_points
    return format_html_join(
        "", '<tr><td class="num">{}</td><td class="name">{}{}</td>{}<td class="num">{}</td>'
        '<td class="num">{}{}</td><td class="num">{}</td></tr>',
        ((entry.line.row.rank, entry.line.name, "" if entry.line.active else withdrawn,
          format_html('<td class="num">{}</td>', entry.line.row.ranking_points)
          if points else "", entry.line.row.wins, entry.line.row.points,
          awaiting if entry.awaiting else "", entry.line.row.diff)
         for entry in standing.entries))
