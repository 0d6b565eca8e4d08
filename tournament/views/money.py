"""The desk's money: the caisse page (who has not paid, one key or one touch to mark paid,
undo, refunds, totals by method, the balance), its settings (the fee, the cash prize pool,
lots' values) and the treasurer's documents. One URL per action.

The caisse is the desk's (any member of the club: the table de marque takes money, refunds,
prints the treasurer's documents: `at_desk`); the fee, the cash prize pool and the lots'
values are the concours' settings, its organisers' (`organised`)."""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import at_desk, organised
from ..amounts import amount_text, pool_line_words
from ..choices import FEE_PER_CHOICES, PAYMENT_CASH, PAYMENT_METHOD_CHOICES
from ..errors import UserError
from ..forms.money import FeeForm, LotValueForm, PaymentForm, PoolForm, RefundForm
from ..models import Prize, Tournament
from ..selectors.phases import phase_plan_of
from .common import _by, _form_error


def _back(slug: str, *, last: int | None = None, method: str = "") -> HttpResponse:
    """Back to the caisse, the filter empty for the next entrant; `last` offers its undo."""
    url = reverse("tournament:caisse", args=[slug])
    query = {key: value for key, value in (("fait", last), ("moyen", method)) if value}
    return redirect(f"{url}?{urlencode(query)}" if query else url)


def _refused(request: HttpRequest, form: forms.Form, prefix: str = "") -> None:
    """A small form's errors (an amount typed wrong) as messages on the page it returns to."""
    for errors in form.errors.values():
        messages.error(request, prefix + " ".join(str(error) for error in errors))


@login_required
def caisse(request: HttpRequest, slug: str) -> HttpResponse:
    # the desk (any member: the table de marque takes money)
    tournament = at_desk(request, slug)
    data = selectors.caisse(tournament)
    methods = dict(PAYMENT_METHOD_CHOICES)
    method = request.GET.get("moyen", "")
    last = next((entrant for entrant in data.paid
                 if str(entrant.number) == request.GET.get("fait", "")), None)
    return render(request, "tournament/organiser/caisse.html", {
        "tournament": tournament, "caisse": data, "melee": data.melee,
        "methods": PAYMENT_METHOD_CHOICES,
        "method": method if method in methods else PAYMENT_CASH,
        "last": last,
        "fee_text": amount_text(tournament.fee),
        "fee_per": dict(FEE_PER_CHOICES)[tournament.fee_per],
        "pool": [(line, pool_line_words(line)) for line in data.pool],
    })


@login_required
@require_POST
def caisse_pay(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    # the desk (any member: the table de marque takes money)
    tournament = at_desk(request, slug)
    form = PaymentForm(request.POST)
    if not form.is_valid():
        _refused(request, form)
        return _back(slug)
    method = form.cleaned_data["method"]
    try:
        payment = services.payment_take(tournament=tournament, number=number, method=method,
                                        amount=form.cleaned_data["amount"], by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
        return _back(slug, method=method)
    messages.success(request, _("N° %(n)d : payé %(amount)s (%(method)s).") % {
        "n": number, "amount": amount_text(payment.amount),
        "method": dict(PAYMENT_METHOD_CHOICES)[payment.method].lower()})
    # The next entrant is offered espèces again, not this one's method: a chèque's stuck to
    # the cash payments that followed, recorded wrong without a word (issue 32). A refused
    # payment keeps its method, to be sent again.
    return _back(slug, last=number)


@login_required
@require_POST
def caisse_undo(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    # the desk (any member: the table de marque takes money)
    tournament = at_desk(request, slug)
    try:
        services.payment_undo(tournament=tournament, number=number, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("N° %(n)d : paiement annulé.") % {"n": number})
    return _back(slug)


@login_required
@require_POST
def caisse_refund(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    # the desk (any member: the table de marque takes money)
    tournament = at_desk(request, slug)
    form = RefundForm(request.POST)
    if not form.is_valid():
        _refused(request, form)
        return _back(slug)
    try:
        payment = services.payment_refund(tournament=tournament, number=number,
                                          amount=form.cleaned_data["amount"], by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("N° %(n)d : remboursé %(amount)s.")
                         % {"n": number, "amount": amount_text(payment.refunded)})
    return _back(slug)


@login_required
@require_POST
def caisse_unrefund(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    # the desk (any member: the table de marque takes money)
    tournament = at_desk(request, slug)
    try:
        services.refund_undo(tournament=tournament, number=number, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("N° %(n)d : remboursement annulé.") % {"n": number})
    return _back(slug)


def _settings_page(request: HttpRequest, tournament: Tournament, *,
                   fee_form: FeeForm | None = None, pool_form: PoolForm | None = None,
                   status: int = 200) -> HttpResponse:
    prizes = list(tournament.prizes.order_by("order", "id"))
    return render(request, "tournament/organiser/caisse_settings.html", {
        "tournament": tournament, "melee": tournament.by_player,
        "fee_form": fee_form or FeeForm(initial={"fee": tournament.fee,
                                                 "fee_per": tournament.fee_per}),
        "pool_form": pool_form or PoolForm.of(selectors.pool_of(tournament)),
        "lots": [(prize, LotValueForm(initial={"value": prize.value}, prefix=f"lot{prize.pk}"))
                 for prize in prizes],
        # A concours in phases: a line may go to a tableau's places (the help says how).
        "in_phases": phase_plan_of(tournament) is not None,
    }, status=status)


@login_required
def caisse_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """The fee, the cash prize pool and the lots' values: three forms, each its own URL."""
    # the concours' settings: its organisers
    return _settings_page(request, organised(request, slug))


@login_required
@require_POST
def caisse_fee(request: HttpRequest, slug: str) -> HttpResponse:
    # the concours' settings: its organisers
    tournament = organised(request, slug)
    form = FeeForm(request.POST)
    if form.is_valid():
        try:
            services.fee_set(tournament=tournament, by=_by(request), **form.values())
        except UserError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Droit d'inscription enregistré."))
            return redirect("tournament:caisse_settings", slug=slug)
    return _settings_page(request, tournament, fee_form=form, status=400)


@login_required
@require_POST
def caisse_pool(request: HttpRequest, slug: str) -> HttpResponse:
    # the concours' settings: its organisers
    tournament = organised(request, slug)
    form = PoolForm(request.POST)
    if form.is_valid():
        try:
            services.cash_pool_set(tournament=tournament, lines=form.cleaned_data["pool"],
                                   by=_by(request))
        except UserError as error:
            _form_error(form, error)
        else:
            messages.success(request, _("Prix en espèces enregistrés."))
            return redirect("tournament:caisse_settings", slug=slug)
    return _settings_page(request, tournament, pool_form=form, status=400)


@login_required
@require_POST
def caisse_lot_value(request: HttpRequest, slug: str, prize: int) -> HttpResponse:
    # the concours' settings: its organisers
    tournament = organised(request, slug)
    lot = get_object_or_404(Prize, tournament=tournament, pk=prize)
    form = LotValueForm(request.POST, prefix=f"lot{lot.pk}")
    if not form.is_valid():
        _refused(request, form, f"« {lot.label} » : ")
        return redirect("tournament:caisse_settings", slug=slug)
    try:
        services.prize_value_set(prize=lot, value=form.cleaned_data["value"], by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Valeur de « %(label)s » enregistrée.") % {"label": lot.label})
    return redirect("tournament:caisse_settings", slug=slug)


@login_required
@require_POST
def caisse_lot_values(request: HttpRequest, slug: str) -> HttpResponse:
    """The lots' values, all in one form (Entrée in any field sends them all): each checked,
    then all saved or none. A lot the page did not show (added meanwhile) is left as is."""
    # the concours' settings: its organisers
    tournament = organised(request, slug)
    shown = [(lot, LotValueForm(request.POST, prefix=f"lot{lot.pk}"))
             for lot in tournament.prizes.order_by("order", "id")
             if f"lot{lot.pk}-value" in request.POST]
    refused = [(lot, form) for lot, form in shown if not form.is_valid()]
    for lot, form in refused:
        _refused(request, form, f"« {lot.label} » : ")
    if refused:
        messages.error(request, _("Aucune valeur n'est enregistrée : corrigez et renvoyez."))
        return redirect("tournament:caisse_settings", slug=slug)
    try:
        services.prize_values_set(
            tournament=tournament, by=_by(request),
            values={lot.pk: form.cleaned_data["value"] for lot, form in shown})
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Valeurs des lots enregistrées."))
    return redirect("tournament:caisse_settings", slug=slug)
