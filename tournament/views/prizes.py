"""The lots (organiser only: list, add, change, move, delete) and the documents of the end of
the evening (readable as the standings are): the palmarès and the final pack."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import organised
from ..errors import UserError
from ..forms.prizes import PrizeForm
from ..models import Prize, Tournament
from ..selectors.phases import phase_plan_of
from ..selectors.prizes import lot_of, lot_words
from ..validators import MAX_SMALL
from .common import _by, _form_error


def _page(request: HttpRequest, tournament: Tournament, form: PrizeForm,
          editing: Prize | None = None, status: int = 200) -> HttpResponse:
    melee = tournament.by_player
    prizes = list(tournament.prizes.order_by("order", "id"))
    awards = selectors.standings_awards(tournament)
    # The cash prizes (the desk's pool) beside the lots: a line with either is listed.
    cash = selectors.cash_shared_by_ties(
        awards, selectors.cash_prizes_by_position(tournament, awards.placed_count,
                                                  awards.tableaux))
    awarded = [(award, cash.get(award.position) if award.placed else None)
               for award in awards.lines
               if award.label or (award.placed and award.position in cash)]
    # The cursor waits in "du rang": the organiser types the next lot at once.
    form.fields["start"].widget.attrs["autofocus"] = True
    return render(request, "tournament/organiser/prizes.html", {
        "tournament": tournament, "form": form, "editing": editing,
        "rows": [(prize, lot_words(lot_of(prize), melee)) for prize in prizes],
        "awards": awards, "awarded": awarded, "cash": bool(cash),
        "count": awards.placed_count, "melee": melee,
        "max_prizes": selectors.MAX_PRIZES,
        # A concours in phases: which final ranks each tableau's places are (before its
        # tableaux are drawn, that they will be said here).
        "tableau_ranks": selectors.tableau_ranks(tournament),
        "in_phases": form.in_phases,
        "phases": any(award.line.phase is not None for award in awards.lines),
    }, status=status)


def _next_start(tournament: Tournament) -> int | None:
    """The rank after the last one a lot counted from the top reaches: what the organiser
    most likely types next ("1er", then "2e à 5e", then "6e à 10e")."""
    # (A tableau's lots count their own places: not the concours' next rank.)
    ends = [end for end, from_last in tournament.prizes.filter(tableau="").values_list(
        "end", "from_last") if not from_last]
    if any(end is None for end in ends):
        return None  # a lot already reaches the last place
    return min(max((end for end in ends if end is not None), default=0) + 1, MAX_SMALL)


@login_required
def prize_list(request: HttpRequest, slug: str) -> HttpResponse:
    """The lots, and the one-line form that adds one (POST)."""
    tournament = organised(request, slug)
    if request.method == "POST":
        form = PrizeForm(request.POST, plan=phase_plan_of(tournament))
        if form.is_valid():
            try:
                prize = services.prize_add(tournament=tournament, by=_by(request), **form.lot())
            except UserError as error:
                _form_error(form, error)
            else:
                messages.success(request, _("Lot « %(label)s » ajouté.") % {"label": prize.label})
                return redirect("tournament:prizes", slug=slug)
        return _page(request, tournament, form, status=400)
    return _page(request, tournament, PrizeForm(initial={"start": _next_start(tournament)},
                                                plan=phase_plan_of(tournament)))


def _prize_of(request: HttpRequest, slug: str, prize: int) -> Prize:
    """A lot of a concours, for its organiser only; looked up under its concours."""
    tournament = organised(request, slug)
    return get_object_or_404(Prize.objects.select_related("tournament"),
                             tournament=tournament, pk=prize)


@login_required
def prize_edit(request: HttpRequest, slug: str, prize: int) -> HttpResponse:
    """The lots, with this one's line in the form (GET), or its change saved (POST)."""
    lot = _prize_of(request, slug, prize)
    if request.method == "POST":
        form = PrizeForm(request.POST, plan=phase_plan_of(lot.tournament))
        if form.is_valid():
            try:
                services.prize_update(prize=lot, by=_by(request), **form.lot())
            except UserError as error:
                _form_error(form, error)
            else:
                messages.success(request, _("Lot enregistré."))
                return redirect("tournament:prizes", slug=slug)
        return _page(request, lot.tournament, form, editing=lot, status=400)
    return _page(request, lot.tournament, PrizeForm.of(lot, phase_plan_of(lot.tournament)),
                 editing=lot)


@login_required
@require_POST
def prize_delete(request: HttpRequest, slug: str, prize: int) -> HttpResponse:
    lot = _prize_of(request, slug, prize)
    try:
        services.prize_delete(prize=lot, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Lot « %(label)s » supprimé.") % {"label": lot.label})
    return redirect("tournament:prizes", slug=slug)


@login_required
@require_POST
def prize_move(request: HttpRequest, slug: str, prize: int, step: int) -> HttpResponse:
    """One place up (`step` -1) or down (+1) in the list (the URL says which)."""
    lot = _prize_of(request, slug, prize)
    try:
        services.prize_move(prize=lot, step=step, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    return redirect("tournament:prizes", slug=slug)
