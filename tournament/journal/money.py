"""Kind "money": the desk's money (services.money). Its actions and values:

- "fee": the entry fee, {"fee": cents, "fee_per": "team" | "player"};
- "pay", "unpay", "refund", "unrefund": an entrant's payment (numbered by the entrant's
  number), {"name", "due", "amount", "method", "refunded"} (cents);
- "pool": the cash prize pool, {"pool": [{"start", "end", "amount", "percent"}]} (a
  percentage as text, « 12.50 »: JSON has no exact decimals);
- "lot_value": a lot's value, {"label", "value"} (cents, or null).

Not restored: a payment is undone by its own button at the desk, where the money is.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..amounts import MAX_AMOUNT, MAX_POOL, PoolLine, amount_text, pool_line_words
from ..choices import FEE_PER_CHOICES, PAYMENT_METHOD_CHOICES, PAYMENT_METHODS
from ..lots import TABLEAUX
from .kind import EntryKind
from .shape import BadValue, keys, one_of, short_text, whole

PAYMENT_FIELDS = ["name", "due", "amount", "method", "refunded"]
POOL_FIELDS = ["start", "end", "amount", "percent"]
POOL_TABLEAU = "tableau"
PAYMENT_ACTIONS = ("pay", "unpay", "refund", "unrefund")


def _cents(value: object, name: str, nullable: bool = False) -> None:
    if nullable and value is None:
        return
    if not whole(value, MAX_AMOUNT):
        raise BadValue(_("« %(name)s » : un montant en centimes est attendu.") % {"name": name})


def _percent(value: object) -> Decimal | None:
    if value is None:
        return None
    try:
        percent = Decimal(value) if isinstance(value, str) and len(value) <= 8 else None
    except InvalidOperation:
        percent = None
    if percent is None or not percent.is_finite() or not 0 < percent <= 100:
        raise BadValue(_("« percent » : un pourcentage de 0 à 100 est attendu."))
    return percent


def pool_lines(value: object) -> list[PoolLine]:
    """The pool lines a "pool" value holds (its shape checked)."""
    if not isinstance(value, list) or len(value) > MAX_POOL:
        raise BadValue(_("« pool » : une liste de %(max)d lignes au plus est attendue.")
                       % {"max": MAX_POOL})
    lines = []
    for item in value:
        # A tableau's line (a concours in phases) adds its tableau; others leave it out.
        line = keys(item, [*POOL_FIELDS, POOL_TABLEAU], POOL_FIELDS)
        tableau = line.get(POOL_TABLEAU, "")
        if tableau not in ("", *TABLEAUX):
            raise BadValue(_("« tableau » : le tableau principal ou la consolante."))
        if not whole(line["start"], 9_999, 1) or not whole(line["end"], 9_999, line["start"]):
            raise BadValue(_("« pool » : des rangs dans l'ordre sont attendus."))
        _cents(line["amount"], "amount", nullable=True)
        percent = _percent(line["percent"])
        if (line["amount"] is None) == (percent is None):
            raise BadValue(_("« pool » : un montant ou un pourcentage par ligne."))
        lines.append(PoolLine(line["start"], line["end"], line["amount"], percent, tableau))
    return lines


def check(action: str, value: object) -> None:
    if action == "fee":
        fee = keys(value, ["fee", "fee_per"], ["fee", "fee_per"])
        _cents(fee["fee"], "fee")
        if not one_of(fee["fee_per"], dict(FEE_PER_CHOICES)):
            raise BadValue(_("« fee_per » : par équipe ou par joueur."))
    elif action in PAYMENT_ACTIONS:
        payment = keys(value, PAYMENT_FIELDS, PAYMENT_FIELDS)
        if not short_text(payment["name"]):
            raise BadValue(_("« name » : un texte court est attendu."))
        for name in ("due", "amount", "refunded"):
            _cents(payment[name], name)
        if not one_of(payment["method"], PAYMENT_METHODS):
            raise BadValue(_("« method » : un moyen de paiement est attendu."))
    elif action == "pool":
        pool_lines(keys(value, ["pool"], ["pool"])["pool"])
    elif action == "lot_value":
        lot = keys(value, ["label", "value"], ["label", "value"])
        if not short_text(lot["label"]):
            raise BadValue(_("« label » : un texte court est attendu."))
        _cents(lot["value"], "value", nullable=True)
    else:
        raise BadValue(_("action inconnue pour la caisse : %(a)s.") % {"a": str(action)[:20]})


def words(value: Any, melee: bool = False) -> str:
    if "fee_per" in value:
        if not value["fee"]:
            return _("gratuit")
        return f"{amount_text(value['fee'])} {dict(FEE_PER_CHOICES)[value['fee_per']]}"
    if "pool" in value:
        lines = pool_lines(value["pool"])
        return " ; ".join(pool_line_words(line) for line in lines) if lines else _("aucun prix")
    if "label" in value:
        worth = _("sans valeur") if value["value"] is None else amount_text(value["value"])
        return f"{value['label']} : {worth}"
    method = dict(PAYMENT_METHOD_CHOICES)[value["method"]]
    said = f"{value['name']} : {amount_text(value['amount'])} ({str(method).lower()})"
    if value["refunded"]:
        said += _(", remboursé %(amount)s") % {"amount": amount_text(value["refunded"])}
    return said


KIND = EntryKind("money", gettext_lazy("caisse"), check, words)
