"""The standings table (django-tables2): sortable, rank first, criteria already applied."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

NUMERIC = {"td": {"class": "num"}, "th": {"class": "num"}}


class StandingsTable(tables.Table):
    rank = tables.Column(_("Rang"), accessor="row__rank")
    # Sorted in French order (selectors.name_key): "Les Ânes" before "Les Trèfles".
    team = tables.Column(_("Équipe"), accessor="team__name", order_by=("name_key",))
    players = tables.Column(_("Joueurs"), accessor="team__players", orderable=False)
    played = tables.Column(_("Jouées"), accessor="row__played", attrs=NUMERIC)
    wins = tables.Column(_("Gagnées"), accessor="row__wins", attrs=NUMERIC)
    points = tables.Column(_("Points marqués"), accessor="row__points", attrs=NUMERIC)
    conceded = tables.Column(_("Points concédés"), accessor="row__conceded", attrs=NUMERIC)
    diff = tables.Column(_("Différence"), accessor="row__diff", attrs=NUMERIC)

    class Meta:
        attrs = {"class": "standings", "id": "standings"}
        orderable = True
        row_attrs = {"data-team": lambda record: record.team.number}

    def render_team(self, record, value):
        url = reverse("tournament:team", args=[record.team.tournament.slug, record.team.number])
        withdrawn = "" if record.team.active else format_html(
            ' <small class="withdrawn-mark">{}</small>', _("(retirée)"))
        return format_html('<a href="{}">{}. {}</a>{}', url, record.team.number, value, withdrawn)

    def render_diff(self, value):
        return f"+{value}" if value > 0 else str(value)
