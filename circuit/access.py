"""Who may do what on the results server: the public reads, a club pushes with its token
(views.push), and the comité — the server's staff accounts — uploads fiches and tells
players apart. Decided here, never by a view's own test."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _


def comite_refusal(request: HttpRequest) -> HttpResponse | None:
    """None for the comité; the login page for a visitor; a 403 for anyone else."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not request.user.is_staff:
        raise PermissionDenied(_("Seul le comité (un compte de l'équipe du serveur) peut "
                                 "faire cela."))
    return None


def visitor_limited(request: HttpRequest) -> bool:
    """Whether the request's downloads count against a visitor's limit a minute: everyone's
    but the comité's (as a club's own organiser's are not counted on its laptop)."""
    return not (request.user.is_authenticated and request.user.is_staff)
