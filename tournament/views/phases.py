"""A concours in phases (BRACKETS.md): its formule's page (linked from the rules page), the
poules' page (public: the grids and rankings; the organiser's draw, swap and parties), one
URL per action."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from .. import services
from ..access import at_desk, is_member, is_organiser, organised, readable
from ..errors import UserError
from ..forms.phases import PhasePlanForm, PoulesDrawForm, PoulesSwapForm, TableForm
from ..selectors.phases import (
    blank_tableaux,
    formule_summary,
    phase_plan_formule,
    phase_plan_of,
    phases_standings,
    poules_view,
    tableaux_view,
)
from .common import _by, _form_error, _form_refusals


@login_required
def phase_plan(request: HttpRequest, slug: str) -> HttpResponse:
    """The « formule en phases »: its options and what they make of the entrants so far."""
    tournament = organised(request, slug)
    plan = phase_plan_of(tournament)
    form = PhasePlanForm(request.POST or None, plan=plan, melee=tournament.by_player)
    if request.method == "POST" and form.is_valid():
        values = form.cleaned_data
        try:
            services.phase_plan_set(
                tournament=tournament, qualification=values["qualification"],
                poule_style=values["poule_style"], qualified=values["qualified"],
                parties=values["parties"], principal=values["principal"],
                consolante=values["consolante"], cadrage=values["cadrage"],
                placement=values["placement"], separate_clubs=values["separate_clubs"],
                tetes=values["tetes"], by=_by(request))
        except UserError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Formule en phases enregistrée."))
            return redirect("tournament:phase_plan", slug=slug)
    summary = formule_summary(tournament, phase_plan_formule(plan, tournament)) if plan else None
    return render(request, "tournament/organiser/phase_plan.html", {
        "tournament": tournament, "form": form, "plan": plan, "summary": summary},
        status=422 if form.is_bound else 200)


@require_GET
def poules(request: HttpRequest, slug: str) -> HttpResponse:
    """Every poule: its teams by position, its grid and ranking as the results come in."""
    tournament = readable(request, slug)
    plan = phase_plan_of(tournament)
    return render(request, "tournament/public/poules.html", {
        "tournament": tournament, "plan": plan, "view": poules_view(tournament, plan),
        "is_organiser": is_organiser(request, tournament),
        "draw_form": PoulesDrawForm(), "swap_form": PoulesSwapForm()})


def _done(request: HttpRequest, slug: str, action, success: str) -> HttpResponse:
    return _done_to(request, "tournament:poules", slug, action, success)


@login_required
@require_POST
def poules_draw(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organised(request, slug)
    form = PoulesDrawForm(request.POST)
    if not form.is_valid():
        _form_refusals(request, form)
        return redirect("tournament:poules", slug=slug)
    return _done(request, slug, lambda: services.poules_draw(
        tournament=tournament, seed=form.cleaned_data["seed"], by=_by(request)),
        _("Poules tirées."))


@login_required
@require_POST
def poules_undraw(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organised(request, slug)
    return _done(request, slug, lambda: services.poules_undraw(tournament=tournament,
                                                               by=_by(request)),
                 _("Tirage des poules annulé."))


@login_required
@require_POST
def poules_swap(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organised(request, slug)
    form = PoulesSwapForm(request.POST)
    if not form.is_valid():
        _form_refusals(request, form)
        return redirect("tournament:poules", slug=slug)
    first, second = form.cleaned_data["first"], form.cleaned_data["second"]
    return _done(request, slug, lambda: services.poules_swap(
        tournament=tournament, first=first, second=second, by=_by(request)),
        _("Équipes n° %(a)d et %(b)d échangées.") % {"a": first, "b": second})


@login_required
@require_POST
def poule_partie_generate(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organised(request, slug)
    try:
        round_ = services.poule_partie_generate(tournament=tournament, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
        return redirect("tournament:poules", slug=slug)
    messages.success(request, _("Partie %(n)d des poules tirée.") % {"n": round_.number})
    return redirect("tournament:round", slug=slug, number=round_.number)


# --- The tableaux -----------------------------------------------------------------------


@require_GET
def tableaux(request: HttpRequest, slug: str) -> HttpResponse:
    """Each tableau as a tree: its rounds in columns, each match with its teams, its table
    and its score; the desk calls a match whose teams are known and undoes a call."""
    tournament = readable(request, slug)
    plan = phase_plan_of(tournament)
    view = poules_view(tournament, plan) if plan is not None else None
    drawn = tableaux_view(tournament)
    return render(request, "tournament/public/tableaux.html", {
        "tournament": tournament, "plan": plan, "tableaux": drawn,
        "blank": blank_tableaux(plan, view) if plan is not None and view is not None
        and not drawn else [],
        "final": phases_standings(tournament) if plan is not None else None,
        "poules_over": view is not None and view.drawn and view.parties_drawn == 3 and all(
            poule.finished for poule in view.poules),
        "is_organiser": is_organiser(request, tournament),
        "is_desk": is_member(request, tournament)})


@login_required
@require_POST
def tableaux_draw(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = organised(request, slug)
    try:
        services.tableaux_draw(tournament=tournament, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Tirage fait : appelez les matchs."))
    return redirect("tournament:tableaux", slug=slug)


def _tableau(tournament, name: str):
    found = tournament.tableaux.filter(name=name).first()
    if found is None:
        raise Http404(_("Ce tableau n'existe pas."))
    return found


@login_required
@require_POST
def tableau_match_call(request: HttpRequest, slug: str, tableau: str, round_index: int,
                       index: int, low: int = 0) -> HttpResponse:
    """Call a match to a table: the one typed, else the lowest free. A match of the bracket
    by its round and place in it (from 1); a placing match by its group's first place and
    size, and its place in the group (from 1)."""
    tournament = at_desk(request, slug)
    chosen = _tableau(tournament, tableau)
    form = TableForm(request.POST)
    if not form.is_valid():
        _form_refusals(request, form)
        return redirect("tournament:tableaux", slug=slug)
    try:
        match = services.tableau_match_call(
            tableau=chosen, low=low, round_index=round_index if low else round_index - 1,
            index=index - 1, table=form.cleaned_data["table"], by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        game = match.game
        messages.success(request, _("Table %(t)d : %(a)s – %(b)s.") % {
            "t": game.table, "a": game.team_ns.name,
            "b": game.team_ew.name if game.team_ew else ""})
    return redirect("tournament:tableaux", slug=slug)


@login_required
@require_POST
def tableau_match_uncall(request: HttpRequest, slug: str, tableau: str, round_index: int,
                         index: int, low: int = 0) -> HttpResponse:
    tournament = at_desk(request, slug)
    chosen = _tableau(tournament, tableau)
    match = chosen.matches.filter(low=low, round_index=round_index if low else round_index - 1,
                                  index=index - 1).first()
    if match is None:
        raise Http404(_("Ce match n'est pas appelé."))
    return _done_to(request, "tournament:tableaux", slug, lambda: services.tableau_match_uncall(
        match=match, by=_by(request)), _("Appel annulé."))


def _done_to(request: HttpRequest, page: str, slug: str, action, success: str) -> HttpResponse:
    try:
        action()
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, success)
    return redirect(page, slug=slug)
