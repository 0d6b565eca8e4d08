"""`{% automatic_backups tournament %}`: the concours page's list of its automatic backups
(nothing while they are off, as under `make run`)."""

from __future__ import annotations

from typing import Any

from django import template

from ..models import Tournament
from ..services.autobackups import autobackup_list

register = template.Library()


@register.inclusion_tag("launcher/backups.html", takes_context=True)
def automatic_backups(context: template.Context, tournament: Tournament) -> dict[str, Any]:
    # The page's CSRF token, for each backup's « Restaurer… » form.
    return {"tournament": tournament, "backups": autobackup_list(tournament),
            "csrf_token": context.get("csrf_token")}
