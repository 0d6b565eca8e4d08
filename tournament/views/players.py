"""The pages of a mêlée's players (the "Joueurs" page replaces "Équipes" there): register a
player alone, import a file of players, change, withdraw, bring back, delete.

A doublette concours has no page of players: its players are its teams', so these pages send
there.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import at_desk, is_member, is_organiser, organised, readable, require_desk
from ..errors import UserError
from ..forms import PlayerForm, PlayerImportForm, PlayerRegistrationForm
from ..models import Player, Tournament
from . import imports
from .common import _by, _form_error
from .register import with_type_ahead


def _list_page(request: HttpRequest, tournament: Tournament, form: PlayerRegistrationForm,
               import_form: PlayerImportForm, status: int = 200) -> HttpResponse:
    # The cursor is in the name field as soon as the page is there (teams.js then saves
    # without leaving the page, so nothing typed is lost).
    form.fields["name"].widget.attrs["autofocus"] = True
    with_type_ahead(form, tournament)
    players = list(tournament.players.all())
    return render(request, "tournament/organiser/player_list.html", {
        "tournament": tournament, "players": players, "form": form,
        "import_form": import_form, "is_organiser": is_organiser(request, tournament),
        "is_desk": is_member(request, tournament), "player_count": len(players),
        "last_change": selectors.last_change(tournament, kinds=("team", "player"))
        if is_member(request, tournament) else None,
        "active_count": sum(1 for player in players if player.active),
        "club": tournament.club,
    }, status=status)


def player_list(request: HttpRequest, slug: str) -> HttpResponse:
    """The players of a mêlée, and (for its organiser) the form that registers one."""
    tournament = readable(request, slug)
    if not tournament.by_player:
        return redirect("tournament:teams", slug=slug)
    form = PlayerRegistrationForm()
    if request.method == "POST":  # the desk registers entrants
        require_desk(request, tournament)
        form = PlayerRegistrationForm(request.POST)
        if form.is_valid():
            try:
                player = services.player_create(tournament=tournament, by=_by(request),
                                                **form.cleaned_data)
            except UserError as error:
                _form_error(form, error)
            else:
                messages.success(request, _("Inscription enregistrée : %(n)d. %(name)s.")
                                 % {"n": player.number, "name": player.name})
                if player.name != form.cleaned_data["name"]:
                    messages.info(request, _("Nom du registre retenu : « %(name)s » "
                                             "(tapé : « %(typed)s »).")
                                  % {"typed": form.cleaned_data["name"], "name": player.name})
                return redirect("tournament:players", slug=slug)
    return _list_page(request, tournament, form, PlayerImportForm(),
                      status=422 if form.is_bound else 200)


@login_required
@require_POST
def players_import(request: HttpRequest, slug: str) -> HttpResponse:
    """A file of players (one a line), registered whole or not at all."""
    tournament = at_desk(request, slug)
    if not tournament.by_player:
        return redirect("tournament:teams", slug=slug)
    import_form = PlayerImportForm(request.POST, request.FILES)
    if import_form.is_valid():
        lines = import_form.cleaned_data["file"]
        notes: list[str] = []
        try:
            players = services.players_import(tournament=tournament, by=_by(request),
                                              lines=lines, notes=notes)
        except services.Ambiguous:
            # The file passed every check but names the register finds ambiguous: they are
            # chosen first, nothing written before.
            return imports.choose_page(request, tournament, "players", lines)
        except UserError as error:
            import_form.add_error("file", error.message)
        else:
            messages.success(request, ngettext(
                "%(n)d joueur inscrit.", "%(n)d joueurs inscrits.", len(players))
                % {"n": len(players)})
            imports.notes_said(request, notes)
            return redirect("tournament:players", slug=slug)
    return _list_page(request, tournament, PlayerRegistrationForm(), import_form, status=422)


def _player(tournament: Tournament, number: int) -> Player:
    return get_object_or_404(Player.objects.select_related("tournament"),
                             tournament=tournament, number=number)


def player_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A player of a mêlée: their parties (partner, opponents, score); the organiser changes
    them here."""
    tournament = readable(request, slug)
    if not tournament.by_player:
        return redirect("tournament:teams", slug=slug)
    player = _player(tournament, number)
    initial = {"name": player.name, "club": player.club, "licence": player.licence}
    form = PlayerForm(initial=initial)
    if request.method == "POST":  # the desk corrects an entrant
        require_desk(request, tournament)
        form = PlayerForm(request.POST, initial=initial)
        if form.is_valid():
            try:
                services.player_update(player=player, by=_by(request),
                                       stamp=request.POST.get("stamp") or None,
                                       **form.cleaned_data)
            except UserError as error:
                _form_error(form, error)
            else:
                messages.success(request, _("Joueur enregistré."))
                return redirect("tournament:player", slug=slug, number=number)
    rows = selectors.player_parties(player)
    if is_member(request, tournament):
        with_type_ahead(form, tournament)
    return render(request, "tournament/organiser/player_detail.html", {
        "tournament": tournament, "player": player, "rows": rows, "form": form,
        "is_organiser": is_organiser(request, tournament),
        "is_desk": is_member(request, tournament),
        # The version the form shows (the posted one after a refusal: still stale if it was).
        "stamp": (request.POST.get("stamp", "") if request.method == "POST"
                  else services.player_stamp(player)),
        "seated": bool(rows) or selectors.player_seated(player),
    })


def _organised_player(request: HttpRequest, slug: str, number: int) -> Player:
    """A player of a mêlée, for its organiser only (a doublette's players are its teams')."""
    tournament = organised(request, slug)
    if not tournament.by_player:
        raise Http404(_("Les joueurs d'un concours en doublettes sont sur la page de leur "
                        "équipe."))
    return _player(tournament, number)


@login_required
def player_withdraw(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Withdraw a player, once confirmed: no longer drawn at the next parties."""
    player = _organised_player(request, slug, number)
    if request.method == "POST":
        if player.active:
            try:
                services.player_withdraw(player=player, by=_by(request))
            except UserError as error:
                messages.error(request, error.message)
            else:
                messages.success(request, _("Joueur « %(name)s » retiré : il ne sera plus "
                                            "tiré.") % {"name": player.name})
        return redirect("tournament:player", slug=slug, number=number)
    return render(request, "tournament/organiser/player_withdraw.html", {
        "tournament": player.tournament, "player": player,
    })


@login_required
@require_POST
def player_return(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Bring a withdrawn player back: drawn again from the next partie."""
    player = _organised_player(request, slug, number)
    try:
        services.player_withdraw(player=player, active=True, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Joueur « %(name)s » réintégré : il sera tiré aux "
                                    "parties suivantes.") % {"name": player.name})
    return redirect("tournament:player", slug=slug, number=number)


@login_required
def player_delete(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Delete a player registered by mistake, while no partie has drawn them."""
    player = _organised_player(request, slug, number)
    if request.method == "POST":
        try:
            services.player_delete(player=player, by=_by(request))
        except UserError as error:
            messages.error(request, error.message)
            return redirect("tournament:player", slug=slug, number=number)
        messages.success(request, _("Joueur « %(name)s » supprimé.") % {"name": player.name})
        return redirect("tournament:players", slug=slug)
    return render(request, "tournament/organiser/player_delete.html", {
        "tournament": player.tournament, "player": player,
        "seated": selectors.player_seated(player),
    })
