"""The club's sponsors: its page of logos (members read it, the responsable and the
organisateurs add and delete), each logo served to the screens of the club's concours
(public where the concours is), and a concours' choice to print them in its PDFs."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_POST

from .. import selectors, services
from ..access import SPONSOR_EDITORS, club_member, club_role, organised, readable
from ..errors import UserError
from ..forms.sponsors import SponsorForm, SponsorPlaceForm, SponsorsPdfForm
from ..logos import MAX_BYTES, MAX_SPONSORS
from ..models import Club, Sponsor
from .common import _form_error, _form_refusals


def _page(request: HttpRequest, club: Club, form: SponsorForm | None = None,
          status: int = 200) -> HttpResponse:
    return render(request, "tournament/organiser/sponsors.html", {
        "club": club, "form": form or SponsorForm(),
        "sponsors": [(sponsor, SponsorPlaceForm(initial={"order": sponsor.order},
                                                prefix=f"s{sponsor.pk}"))
                     for sponsor in selectors.club_sponsors(club.pk)],
        "most": MAX_SPONSORS,
        "may_edit": club_role(request, club) in SPONSOR_EDITORS,
    }, status=status)


# A logo's bytes and the form's few fields: a request's body larger than this is refused
# before a byte of it is read (Django would otherwise write any upload to a temporary file).
MAX_BODY = MAX_BYTES + 64 * 1024


def _body_size(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return MAX_BODY + 1


# The CSRF check reads the body: the size is checked first, then the CSRF token as usual.
@csrf_exempt
@login_required
def sponsor_list(request: HttpRequest, slug: str) -> HttpResponse:
    if request.method != "POST":
        return _page(request, club_member(request, slug))
    club = club_member(request, slug, SPONSOR_EDITORS)
    if _body_size(request) > MAX_BODY:
        messages.error(request, _("Le fichier est trop lourd : %(mb)d Mo au plus.")
                       % {"mb": MAX_BYTES // (1024 * 1024)})
        return _page(request, club, status=413)
    return _sponsor_add(request, club)


@csrf_protect
def _sponsor_add(request: HttpRequest, club: Club) -> HttpResponse:
    form = SponsorForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            sponsor = services.sponsor_add(club=club, name=form.cleaned_data["name"],
                                           order=form.cleaned_data["order"],
                                           logo=form.cleaned_data["logo"])
        except UserError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Logo de « %(name)s » ajouté.") % {"name": sponsor.name})
            return redirect("tournament:sponsors", club.slug)
    return _page(request, club, form, status=422)


def _sponsor(club: Club, sponsor: int) -> Sponsor:
    found = next((row for row in selectors.club_sponsors(club.pk) if row.pk == sponsor), None)
    if found is None:
        raise Http404
    return found


@login_required
@require_POST
def sponsor_place(request: HttpRequest, slug: str, sponsor: int) -> HttpResponse:
    club = club_member(request, slug, SPONSOR_EDITORS)
    found = _sponsor(club, sponsor)
    form = SponsorPlaceForm(request.POST, prefix=f"s{found.pk}")
    if not form.is_valid():
        _form_refusals(request, form)
    else:
        try:
            services.sponsor_place_set(sponsor=found, order=form.cleaned_data["order"])
        except UserError as error:
            messages.error(request, error.message)
    return redirect("tournament:sponsors", slug)


@login_required
@require_POST
def sponsor_delete(request: HttpRequest, slug: str, sponsor: int) -> HttpResponse:
    club = club_member(request, slug, SPONSOR_EDITORS)
    found = _sponsor(club, sponsor)
    try:
        services.sponsor_delete(sponsor=found)
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Logo de « %(name)s » supprimé.") % {"name": found.name})
    return redirect("tournament:sponsors", slug)


def _logo(found: Sponsor | None) -> HttpResponse:
    """The bytes Pillow wrote, never the file sent, and never to be read as anything else."""
    if found is None:
        raise Http404
    response = HttpResponse(bytes(found.logo), content_type=f"image/{found.kind}")
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "default-src 'none'"
    # Its address carries its digest (`?v=`): a screen reads it once an hour at most.
    response["Cache-Control"] = "max-age=3600"
    return response


@require_GET
def sponsor_logo(request: HttpRequest, slug: str, sponsor: int) -> HttpResponse:
    """A logo as the club's concours show it (its screens), public where the concours is."""
    tournament = readable(request, slug)
    return _logo(selectors.sponsor_logo(tournament.club_id, sponsor))


@require_GET
@login_required
def club_sponsor_logo(request: HttpRequest, slug: str, sponsor: int) -> HttpResponse:
    """A logo on the club's own page, for its members."""
    return _logo(selectors.sponsor_logo(club_member(request, slug).pk, sponsor))


@login_required
@require_POST
def sponsors_in_pdfs(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organised(request, slug)
    form = SponsorsPdfForm(request.POST)
    if not form.is_valid():
        _form_refusals(request, form)
    else:
        services.sponsors_in_pdfs_set(tournament=tournament, shown=form.cleaned_data["shown"])
        messages.success(request, _("Logos des partenaires au pied du classement et du "
                                    "palmarès : %(state)s.")
                         % {"state": _("oui") if form.cleaned_data["shown"] else _("non")})
    return redirect("tournament:screens", slug)
