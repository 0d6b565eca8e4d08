"""The organiser's pages of a concours' entrants: a doublette's teams, a mêlée's players —
the list with the registration form, the file import, an entrant's page (its parties, its
form), withdrawing, bringing back, deleting; a team's forfeit.

The concours' format says which kind it registers (`Format.entrant`): the other kind's
addresses send to its own list (a mêlée's « Équipes » leads to its « Joueurs »). Each page is
written once, for the kind the address names (views.entrant_kinds: `TEAMS`, `PLAYERS`, passed
by urls.py): what truly differs between the kinds — the form, the services, an entrant's
parties and the sentences said — is in the kind.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.forms import BaseForm
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import at_desk, is_member, is_organiser, organised, readable, require_desk
from ..errors import UserError
from ..models import Tournament
from . import imports
from .common import _by, _form_error
from .entrant_kinds import TEAMS, Entrant, Entrants
from .register import with_type_ahead


def _here(tournament: Tournament, kind: Entrants) -> bool:
    return tournament.format_spec.entrant == kind.entrant


def entrant_list(request: HttpRequest, slug: str, kind: Entrants) -> HttpResponse:
    """The entrants registered; a POST registers one (the import has its own address)."""
    tournament = readable(request, slug)
    if not _here(tournament, kind):
        return redirect(kind.elsewhere, slug=slug)
    form = kind.new_form(None, tournament)
    if request.method == "POST":  # the desk registers entrants
        require_desk(request, tournament)
        form = kind.new_form(request.POST, tournament)
        if form.is_valid():
            try:
                entrant = kind.create(tournament=tournament, by=_by(request),
                                      **form.cleaned_data)
            except UserError as error:
                _form_error(form, error)
            else:
                messages.success(request, kind.registered_said(entrant))
                _spelling_said(request, kind.typed(form.cleaned_data, entrant))
                # No #fragment: scrolling to one takes the focus away from the name field,
                # and the next team's first letters were lost ("œur d'Atout").
                return redirect(kind.list_url, slug=slug)
    return _list_page(request, tournament, kind, form, kind.import_form(),
                      status=422 if form.is_bound else 200)


@login_required
@require_POST
def entrants_import(request: HttpRequest, slug: str, kind: Entrants) -> HttpResponse:
    """Register the entrants of a file (CSV or workbook), whole or not at all; refused
    beside the field."""
    tournament = at_desk(request, slug)
    if not _here(tournament, kind):
        return redirect(kind.elsewhere, slug=slug)
    import_form = kind.import_form(request.POST, request.FILES)
    if import_form.is_valid():
        lines = import_form.cleaned_data["file"]
        notes: list[str] = []
        try:
            entrants = kind.import_(tournament=tournament, by=_by(request), lines=lines,
                                    notes=notes)
        except services.Ambiguous:
            # The file passed every check but names the register finds ambiguous: they are
            # chosen first, nothing written before.
            return imports.choose_page(request, tournament, kind.key, lines)
        except UserError as error:
            import_form.add_error("file", error.message)
        else:
            messages.success(request, kind.done(len(entrants)))
            imports.notes_said(request, notes)
            return redirect(kind.list_url, slug=slug)
    return _list_page(request, tournament, kind, kind.new_form(None, tournament), import_form,
                      status=422)


def _spelling_said(request: HttpRequest, names: list[tuple[str, str]]) -> None:
    """Say where the register's spelling replaced the name typed (services.register_spelling):
    the desk sees what the standings will print."""
    for typed, entered in names:
        if typed and entered and typed != entered:
            messages.info(request, _("Nom du registre retenu : « %(name)s » (tapé : "
                                     "« %(typed)s »).") % {"typed": typed, "name": entered})


def _list_page(request: HttpRequest, tournament: Tournament, kind: Entrants, form: BaseForm,
               import_form: BaseForm, status: int = 200) -> HttpResponse:
    # The cursor is in the name field as soon as the page is there (autofocus, not a script
    # run later); teams.js saves without leaving the page, so nothing typed is lost.
    form.fields["name"].widget.attrs["autofocus"] = True
    with_type_ahead(form, tournament)
    registered = list(kind.registered(tournament))
    desk = is_member(request, tournament)
    return render(request, "tournament/organiser/entrant_list.html", {
        "tournament": tournament, "kind": kind, "entrants": registered,
        "form": form, "import_form": import_form,
        "is_organiser": is_organiser(request, tournament), "is_desk": desk,
        "count_said": kind.count_said(len(registered),
                                      sum(1 for entrant in registered if entrant.active)),
        "last_change": selectors.last_change(tournament, kinds=("team", "player"))
        if desk else None,
        "club": tournament.club,
    }, status=status)


def entrant_detail(request: HttpRequest, slug: str, number: int,
                   kind: Entrants) -> HttpResponse:
    """An entrant's page: their parties (opponents, score); the desk corrects them here."""
    tournament = readable(request, slug)
    if not _here(tournament, kind):
        if kind.detail_elsewhere:
            return redirect(kind.elsewhere, slug=slug)
        # A mêlée in phases has teams of its own, its pairs: drawn, never edited as entrants.
        raise Http404(str(kind.not_here))
    entrant = kind.lookup(tournament, number)
    form = kind.edit_form(None, entrant, tournament)
    if request.method == "POST":  # the desk corrects an entrant
        require_desk(request, tournament)
        if kind.old_actions and "active" in request.POST:  # an action of before: its address
            return redirect(kind.withdraw_url if request.POST["active"] != "1"
                            else kind.detail_url, slug=slug, number=number)
        form = kind.edit_form(request.POST, entrant, tournament)
        if form.is_valid():
            try:
                kind.update(entrant, by=_by(request), stamp=request.POST.get("stamp") or None,
                            **form.cleaned_data)
            except UserError as error:
                _form_error(form, error)
            else:
                messages.success(request, str(kind.saved))
                return redirect(kind.detail_url, slug=slug, number=number)
    rows = kind.parties(entrant)
    desk = is_member(request, tournament)
    if desk:
        with_type_ahead(form, tournament)
    return render(request, "tournament/organiser/entrant_detail.html", {
        "tournament": tournament, "kind": kind, "entrant": entrant, "rows": rows, "form": form,
        "is_organiser": is_organiser(request, tournament),
        "is_desk": desk,
        # The version the form shows (the posted one after a refusal: still stale if it was).
        "stamp": (request.POST.get("stamp", "") if request.method == "POST"
                  else kind.stamp(entrant)),
        "seated": bool(rows) or kind.seated(entrant),
        **(kind.desk_page(entrant) if desk else {}),
    })


def _organised(request: HttpRequest, slug: str, number: int, kind: Entrants, *,
               desk: bool = False) -> Entrant:
    """An entrant of a concours of its kind, for its organisers only (`desk`: for any member
    of its club)."""
    tournament = at_desk(request, slug) if desk else organised(request, slug)
    if not _here(tournament, kind):
        raise Http404(str(kind.not_here))
    return kind.lookup(tournament, number)


@login_required
def entrant_withdraw(request: HttpRequest, slug: str, number: int,
                     kind: Entrants) -> HttpResponse:
    """Withdraw an entrant, once confirmed: no longer placed at the next parties (a team's
    unfinished game is then offered as a forfeit)."""
    entrant = _organised(request, slug, number, kind)
    if request.method == "POST":
        if entrant.active:
            try:
                kind.withdraw(entrant, by=_by(request))
            except UserError as error:
                messages.error(request, error.message)
            else:
                messages.success(request, str(kind.withdrawn) % {"name": entrant.name})
        return redirect(kind.detail_url, slug=slug, number=number)
    return render(request, "tournament/organiser/entrant_withdraw.html", {
        "tournament": entrant.tournament, "kind": kind, "entrant": entrant,
        "game": kind.current_game(entrant),
    })


@login_required
@require_POST
def entrant_reinstate(request: HttpRequest, slug: str, number: int,
                      kind: Entrants) -> HttpResponse:
    """A withdrawn entrant comes back: placed again from the next partie."""
    entrant = _organised(request, slug, number, kind)
    try:
        kind.withdraw(entrant, active=True, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, str(kind.reinstated) % {"name": entrant.name})
    return redirect(kind.detail_url, slug=slug, number=number)


@login_required
def entrant_delete(request: HttpRequest, slug: str, number: int,
                   kind: Entrants) -> HttpResponse:
    """Delete an entrant registered by mistake (twice, say), while no partie placed them."""
    entrant = _organised(request, slug, number, kind)
    if request.method == "POST":
        try:
            kind.delete(entrant, by=_by(request))
        except UserError as error:
            messages.error(request, error.message)
            return redirect(kind.detail_url, slug=slug, number=number)
        messages.success(request, str(kind.deleted) % {"name": entrant.name})
        return redirect(kind.list_url, slug=slug)
    return render(request, "tournament/organiser/entrant_delete.html", {
        "tournament": entrant.tournament, "kind": kind, "entrant": entrant,
        "seated": kind.seated(entrant), "people": kind.people(entrant),
        # The sentence as written, the name escaped (as blocktranslate does).
        "title": format_html(str(kind.words.delete_title), name=entrant.name),
    })


@login_required
@require_POST
def team_forfeit(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A team that left forfeits its unfinished game (a mêlée's teams are drawn anew)."""
    team = _organised(request, slug, number, TEAMS, desk=True)  # the desk records forfeits
    try:
        game = services.team_forfeit(team=team, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Forfait déclaré pour « %(name)s » à la table %(t)d.")
                         % {"name": team.name, "t": game.table})
    if request.POST.get("back") == "round":
        last = team.tournament.rounds.order_by("-number").first()
        if last is not None:
            return redirect("tournament:round", slug=slug, number=last.number)
    return redirect("tournament:team", slug=slug, number=number)
