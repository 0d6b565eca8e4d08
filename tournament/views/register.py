"""The club's register of players: its page (filtered as one types, counts, add), a
player's page (their concours; correct), merging two players and undoing it, anonymising
one; and the type-ahead that suggests register players in a concours' registration forms.

Who: any member of the club reads; the responsable and organisateurs add and correct; the
responsable alone merges and anonymises (access.club_member). Anyone else finds no club.
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from .. import selectors, services, validators
from ..access import REGISTER_EDITORS, REGISTER_KEEPERS, at_desk, club_member, club_role
from ..errors import UserError
from ..forms import AnonymiseForm, ClubPlayerForm, MergeForm
from ..forms.register import register_id
from ..models import Club, ClubPlayer, RegisterEntry, Tournament
from .common import _by, _form_error

# The registration forms' name fields that suggest register players, and the hidden field
# each fills with the chosen player's id.
SUGGESTING = {"player1": "registered1", "player2": "registered2", "name": "registered"}
# The licence field a chosen player's licence fills, where the form has one.
LICENCE_OF = {"player1": "licence1", "player2": "licence2", "name": "licence"}


def with_type_ahead(form: forms.BaseForm, tournament: Tournament) -> None:
    """Give a registration form's name fields their type-ahead: htmx asks for suggestions
    as one types (register_suggestions), register.js chooses one with the arrows and Enter
    and fills the hidden field, the licence and the club."""
    url = reverse("tournament:register_suggestions", args=[tournament.slug])
    for field, hidden in SUGGESTING.items():
        if field not in form.fields or hidden not in form.fields:
            continue
        target = f"suggest-{field}"
        form.fields[field].widget.attrs.update({
            "data-register": hidden, "hx-get": url, "hx-trigger": "input changed delay:120ms",
            "hx-target": f"#{target}", "hx-swap": "innerHTML", "hx-sync": "this:replace",
            "hx-vals": json.dumps({"for": field}), "role": "combobox",
            "data-licence": LICENCE_OF[field],
            "aria-autocomplete": "list", "aria-controls": target, "aria-expanded": "false",
        })


# No login redirect: htmx would put the login page in the list. A visitor finds nothing.
def register_suggestions(request: HttpRequest, slug: str) -> HttpResponse:
    """The type-ahead's suggestions for what is typed in a registration field: at most ten
    register players of the concours' club (by name or licence, accents and case ignored);
    those already entrants of the concours are shown, not offered."""
    tournament = at_desk(request, slug)  # the desk registers entrants
    field = request.GET.get("for", "")
    if field not in SUGGESTING:
        field = "q"
    query = request.GET.get(field, "")[:selectors.register.QUERY_MAX]
    players = selectors.register_search(tournament.club_id, query)
    entered = selectors.register_entered(tournament, [player.pk for player in players])
    # « Nouveau joueur »: the name typed is another person than the register's namesakes
    # (services.entrant_registered asks when the register has the name under another club).
    typed = validators.name_rotations(query)
    new_name = query.strip() if any(player.key in typed for player in players) else ""
    return render(request, "tournament/register/suggestions.html", {
        "players": players, "entered": entered, "field": field, "new_name": new_name,
    })


# --- The register's pages ---------------------------------------------------------------------


def _register_page(request: HttpRequest, club: Club, form: ClubPlayerForm,
                   status: int = 200) -> HttpResponse:
    query = request.GET.get("q", "")[:selectors.register.QUERY_MAX]
    page = selectors.register_page(club, query)
    role = club_role(request, club)
    context = {"club": club, "page": page, "query": query, "form": form,
               "can_edit": role in REGISTER_EDITORS,
               "can_merge": role in REGISTER_KEEPERS and page.mergeable,
               "merges": selectors.register_merges(club) if role in REGISTER_KEEPERS else []}
    if request.headers.get("HX-Request") and request.method == "GET":
        return render(request, "tournament/register/table.html", context)
    return render(request, "tournament/register/register.html", context, status=status)


@login_required
def club_register(request: HttpRequest, club_slug: str) -> HttpResponse:
    """The club's register: its counts, its players filtered as one types, the form that
    adds one, and (for the responsable) the merges that can be undone."""
    club = club_member(request, club_slug)
    return _register_page(request, club, ClubPlayerForm())


@login_required
@require_POST
def club_player_add(request: HttpRequest, club_slug: str) -> HttpResponse:
    club = club_member(request, club_slug, roles=REGISTER_EDITORS)
    form = ClubPlayerForm(request.POST)
    if form.is_valid():
        try:
            player = services.club_player_create(club=club, by=_by(request),
                                                 **form.cleaned_data)
        except UserError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Fiche ajoutée au registre : %(name)s.")
                             % {"name": player.full_name})
            namesakes = selectors.register_namesakes(player)
            if namesakes:  # added twice (two volunteers, a double submit)? Said, not refused:
                # two people may share a name and a club.
                messages.warning(request, ngettext(
                    "Le registre avait déjà un joueur de ce nom et de ce club (fiche n° "
                    "%(ids)s) : si c'est la même personne, fusionnez les deux fiches.",
                    "Le registre avait déjà des joueurs de ce nom et de ce club (fiches n° "
                    "%(ids)s) : si c'est la même personne, fusionnez les fiches.",
                    len(namesakes)) % {"ids": ", ".join(str(other.pk) for other in namesakes)})
            return redirect("tournament:club_register", club_slug=club.slug)
    return _register_page(request, club, form, status=422)


def _club_player(club: Club, pk: int) -> ClubPlayer:
    return get_object_or_404(ClubPlayer, club=club, pk=pk)


def _player_page(request: HttpRequest, club: Club, player: ClubPlayer,
                 form: ClubPlayerForm | None = None, status: int = 200) -> HttpResponse:
    role = club_role(request, club)
    if form is None:
        form = ClubPlayerForm(initial=services.club_player_values(player))
    return render(request, "tournament/register/player.html", {
        "club": club, "player": player, "lines": selectors.club_player_concours(player),
        "seasons": selectors.season_lines(player), "form": form,
        "can_edit": role in REGISTER_EDITORS and not player.anonymised,
        "can_merge": role in REGISTER_KEEPERS and not player.anonymised,
    }, status=status)


@login_required
def club_player_detail(request: HttpRequest, club_slug: str, pk: int) -> HttpResponse:
    """A register player: every concours of the club they entered (date, partners, place,
    points, wins), the season's totals (to come), and the form that corrects them."""
    club = club_member(request, club_slug)
    return _player_page(request, club, _club_player(club, pk))


@login_required
@require_POST
def club_player_edit(request: HttpRequest, club_slug: str, pk: int) -> HttpResponse:
    club = club_member(request, club_slug, roles=REGISTER_EDITORS)
    player = _club_player(club, pk)
    form = ClubPlayerForm(request.POST)
    if form.is_valid():
        try:
            services.club_player_update(player=player, by=_by(request), **form.cleaned_data)
        except UserError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Joueur du registre enregistré."))
            return redirect("tournament:club_player", club_slug=club.slug, pk=pk)
    return _player_page(request, club, player, form, status=422)


@login_required
def club_player_merge(request: HttpRequest, club_slug: str) -> HttpResponse:
    """Merge two register players (GET: the two ticked on the register's page, `pick`, to
    choose the one kept; POST: merge). The responsable only."""
    club = club_member(request, club_slug, roles=REGISTER_KEEPERS)
    if request.method == "POST":
        # The page posts the two players (pick) and the one kept: the other is the duplicate.
        kept_id = register_id(request.POST.get("kept"))
        picks = [register_id(value) for value in request.POST.getlist("pick")[:2]]
        others = [pk for pk in picks if pk is not None and pk != kept_id]
        form = MergeForm({"kept": "" if kept_id is None else str(kept_id),
                          "duplicate": str(others[0]) if len(others) == 1 else ""})
        if form.is_valid():
            kept = _club_player(club, form.cleaned_data["kept"])
            duplicate = _club_player(club, form.cleaned_data["duplicate"])
            try:
                services.club_player_merge(kept=kept, duplicate=duplicate, by=_by(request))
            except UserError as error:
                messages.error(request, error.message)
            else:
                messages.success(request, _("%(b)s est fusionné dans %(a)s.")
                                 % {"a": kept.full_name, "b": duplicate.full_name})
                return redirect("tournament:club_player", club_slug=club.slug, pk=kept.pk)
        else:
            messages.error(request, " ".join(str(error) for error in form.non_field_errors()))
        return redirect("tournament:club_register", club_slug=club.slug)
    ids = [register_id(value) for value in request.GET.getlist("pick")[:3]]
    chosen = [_club_player(club, pk) for pk in ids if pk is not None]
    if len(chosen) != 2 or chosen[0].pk == chosen[1].pk:
        messages.error(request, _("Cochez deux joueurs du registre à fusionner."))
        return redirect("tournament:club_register", club_slug=club.slug)
    return render(request, "tournament/register/merge.html", {
        "club": club, "players": [(player, selectors.club_player_concours_count(player))
                                  for player in chosen],
    })


@login_required
@require_POST
def club_merge_undo(request: HttpRequest, club_slug: str, entry: int) -> HttpResponse:
    club = club_member(request, club_slug, roles=REGISTER_KEEPERS)
    record = get_object_or_404(RegisterEntry, club=club, pk=entry, action="merge")
    try:
        duplicate = services.club_player_merge_undo(entry=record, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Fusion annulée : %(name)s est de nouveau au registre.")
                         % {"name": duplicate.full_name})
    return redirect("tournament:club_register", club_slug=club.slug)


@login_required
def club_player_anonymise(request: HttpRequest, club_slug: str, pk: int) -> HttpResponse:
    """Anonymise a player (RGPD), once confirmed: irreversible. The responsable only."""
    club = club_member(request, club_slug, roles=REGISTER_KEEPERS)
    player = _club_player(club, pk)
    form = AnonymiseForm()
    if request.method == "POST":
        form = AnonymiseForm(request.POST)
        if form.is_valid():
            try:
                services.club_player_anonymise(player=player, by=_by(request))
            except UserError as error:
                messages.error(request, error.message)
            else:
                messages.success(request, _("Joueur anonymisé : ses résultats restent, sous "
                                            "« Joueur n° %(pk)d ».") % {"pk": player.pk})
            return redirect("tournament:club_player", club_slug=club.slug, pk=pk)
    return render(request, "tournament/register/anonymise.html", {
        "club": club, "player": player, "form": form,
        "concours": selectors.club_player_concours_count(player),
    }, status=200 if form.is_bound is False or form.is_valid() else 422)
