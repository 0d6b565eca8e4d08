"""The club's members, for its responsable (access.managed_club): the list with each role,
a new member's account and its one-time link (shown once, on this page only), a role
changed, a member removed; and the link's page, where the new member chooses a password.
One URL per action."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import managed_club
from ..errors import UserError
from ..forms.members import ClubNameForm, InvitePasswordForm, MemberForm, RoleForm
from ..models import Club, ClubEntry, Membership
from ..services.clubs import INVITE_HOURS
from .common import _by, _form_error, table_link_base

ENTRIES = 30  # the club's latest member changes shown under the list


def _page(request: HttpRequest, club: Club, form: MemberForm | None = None,
          link: str = "", linked: str = "", status: int = 200,
          name_form: ClubNameForm | None = None) -> HttpResponse:
    form = form or MemberForm()
    form.fields["username"].widget.attrs["autofocus"] = True
    members = selectors.club_members(club)
    return render(request, "tournament/organiser/members.html", {
        "club": club, "form": form, "link": link, "linked": linked, "hours": INVITE_HOURS,
        "name_form": name_form or ClubNameForm(initial={"name": club.name}),
        "rows": [(member, RoleForm(initial={"role": member.role},
                                   prefix=f"m{member.pk}")) for member in members],
        "invitations": selectors.club_invitations(club),
        "entries": ClubEntry.objects.filter(club=club)[:ENTRIES],
    }, status=status)


def _link(request: HttpRequest, token: str) -> str:
    return table_link_base(request) + reverse("tournament:invite", args=[token])


@login_required
def member_list(request: HttpRequest, slug: str) -> HttpResponse:
    return _page(request, managed_club(request, slug))


@login_required
@require_POST
@never_cache
def member_add(request: HttpRequest, slug: str) -> HttpResponse:
    """A member invited; the link to hand over is shown on the page this answers, once,
    the same whether the user name is new or already an account (services.member_create)."""
    club = managed_club(request, slug)
    form = MemberForm(request.POST)
    if form.is_valid():
        try:
            name, token = services.member_create(
                club=club, username=form.cleaned_data["username"],
                role=form.cleaned_data["role"], by=_by(request))
        except UserError as error:
            _form_error(form, error)
        else:
            return _page(request, club, link=_link(request, token), linked=name)
    return _page(request, club, form, status=400)


def _member(request: HttpRequest, slug: str, member: int) -> Membership:
    club = managed_club(request, slug)
    return get_object_or_404(Membership.objects.select_related("club", "user"), club=club,
                             pk=member)


@login_required
@require_POST
def member_role(request: HttpRequest, slug: str, member: int) -> HttpResponse:
    membership = _member(request, slug, member)
    form = RoleForm(request.POST, prefix=f"m{membership.pk}")
    if not form.is_valid():
        messages.error(request, _("Choisissez un rôle de la liste."))
    else:
        try:
            changed = services.member_role_set(membership=membership,
                                               role=form.cleaned_data["role"], by=_by(request))
        except UserError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("%(name)s : %(role)s.") % {
                "name": membership.user.get_username(), "role": changed.get_role_display()})
    return redirect("tournament:members", slug=slug)


@login_required
@require_POST
def member_remove(request: HttpRequest, slug: str, member: int) -> HttpResponse:
    membership = _member(request, slug, member)
    try:
        services.member_remove(membership=membership, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("« %(name)s » ne fait plus partie du club.")
                         % {"name": membership.user.get_username()})
    return redirect("tournament:members", slug=slug)


@login_required
@require_POST
@never_cache
def member_link(request: HttpRequest, slug: str, member: int) -> HttpResponse:
    """A new one-time link for a member who has not chosen a password yet."""
    membership = _member(request, slug, member)
    try:
        token = services.member_link(membership=membership, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
        return redirect("tournament:members", slug=slug)
    return _page(request, membership.club, link=_link(request, token),
                 linked=membership.user.get_username())


@login_required
@require_POST
def invitation_accept(request: HttpRequest, invitation: int) -> HttpResponse:
    """The signed-in account accepts its own pending invitation (home page)."""
    try:
        club = services.invitation_accept(user=request.user, invitation=invitation)
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Vous faites partie du club %(club)s.")
                         % {"club": club.name})
    return redirect("tournament:home")


@login_required
@require_POST
def invitation_decline(request: HttpRequest, invitation: int) -> HttpResponse:
    """The signed-in account declines its own pending invitation (home page)."""
    try:
        club = services.invitation_decline(user=request.user, invitation=invitation)
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Invitation du club %(club)s refusée.")
                         % {"club": club.name})
    return redirect("tournament:home")


@never_cache
def invite(request: HttpRequest, token: str) -> HttpResponse:
    """The one-time link: a new account chooses its password, joins the club and is signed
    in. The page is the same for an account that already existed (its owner signs in and
    accepts from the home page): the link tells no one which user names exist."""
    found = services.invite_valid(token)
    if found is None:
        return render(request, "registration/invite_invalid.html", status=404)
    form = InvitePasswordForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            account = services.invite_accept(token=token,
                                             password=form.cleaned_data["password1"],
                                             confirmation=form.cleaned_data["password2"])
        except UserError as error:
            _form_error(form, error)
        else:
            login(request, account, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Mot de passe enregistré : vous êtes connecté."))
            return redirect("tournament:home")
    return render(request, "registration/invite.html",
                  {"form": form, "invite": found}, status=400 if form.errors else 200)


@login_required
@require_POST
def club_rename(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's name, its responsable's (« Mon club » at the first start was printed on
    the site export and the season's PDF)."""
    club = managed_club(request, slug)
    form = ClubNameForm(request.POST)
    if form.is_valid():
        try:
            club = services.club_rename(club=club, name=form.cleaned_data["name"],
                                        by=_by(request))
        except UserError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Le club s'appelle désormais « %(name)s ».")
                             % {"name": club.name})
            return redirect("tournament:members", slug=slug)
    return _page(request, club, name_form=form, status=400)
