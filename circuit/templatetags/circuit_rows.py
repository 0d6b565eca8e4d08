"""The circuit page's long lists (a hundred lines of standings, the circuit's concours: 200
and more) written as HTML here rather than by template loops, as the season's grid is
(tournament/templatetags/season_rows.py): the template engine's loops took most of the
page's time. format_html escapes every name."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from ..models import ReceivedConcours
from ..selectors import TableRow

register = template.Library()


@register.filter
def circuit_rows(rows: Iterable[TableRow]) -> SafeString:
    """The standings' lines (<tr>), each cell labelled for the narrow screens' cards."""
    rank, player, club = _("Rang"), _("Joueur"), _("Club")
    points, played = _("Points"), _("Concours")
    final = {0: "", 1: format_html("<strong>{}</strong>", _("qualifié pour la finale")),
             2: format_html("<strong>{}</strong>", _("qualifié pour la finale (ex aequo à "
                                                     "la dernière place qualificative)"))}
    return format_html_join(
        "", '<tr><td data-label="{}">{}</td><td data-label="{}">{} {}</td>'
        '<td data-label="{}">{}</td><td data-label="{}">{}</td><td data-label="{}">{}</td>'
        "<td>{}</td></tr>",
        ((rank, row.rank if row.rank is not None else "–", player, row.first_name, row.name,
          club, row.club, points, row.points, played, row.played, final[row.qualified])
         for row in rows))


@register.filter
def circuit_concours_items(concours: Iterable[ReceivedConcours]) -> SafeString:
    """The circuit's concours (<li>), each a link to its standings."""
    ongoing = " (" + _("en cours") + ")"
    return format_html_join(
        "", '<li><a href="{}">{}</a> — {}, {}{}</li>',
        ((reverse("circuit:concours", args=[received.club.slug, received.pk]), received.name,
          received.club.name, date_format(received.date, "d/m/Y"),
          "" if received.finished else ongoing)
         for received in concours))
