"""Reads of the desk's money: who owes what and who paid how, the totals by method, the cash
prize pool by place, and the balance the treasurer keeps:

    balance = fees collected − refunds − cash prizes − lots' values

An entrant is a registered team (doublettes) or a player (mêlée). What it owes (`due_of`):
the fee per team, or per player (a team of two pays it twice); a mêlée's player pays the fee
once whatever it says. A percentage of the pool is of the fees collected net of refunds,
rounded down to the cent place by place (amounts.pool_amounts).

The places the pool and the lots reach are those of the palmarès: its placed lines once a
partie is played (selectors.prizes), the active entrants before. Lots' values count once per
place their lot goes to. `caisse` reads all of it in a constant number of queries (the
standings' when a partie is drawn); `payment_rows` gives the payments as plain rows (an
export, a backup). The cash prizes by place (`cash_prizes_by_position`, and for each line
of the standings `standings_cash`) are one query: the fees summed by the database, no
entrant loaded (1,000 teams' standings page need not read the desk).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import F, IntegerField, OuterRef, Subquery, Sum
from django.db.models.functions import Coalesce

from ..amounts import PoolLine, pool_amounts, split_equally
from ..choices import FEE_PER_PLAYER, PAYMENT_METHOD_CHOICES, PAYMENT_OFFERED
from ..models import CashPrize, Payment, Player, Team, Tournament
from ..validators import search_key
from .prizes import Awards, award_indexes, lot_of, standings_awards


def due_of(tournament: Tournament, players: int) -> int:
    """What an entrant of `players` players owes, in cents."""
    if tournament.by_player or tournament.fee_per != FEE_PER_PLAYER:
        return tournament.fee
    return tournament.fee * players


@dataclass(frozen=True)
class EntrantMoney:
    """An entrant at the desk: its number, name (its players for a team), whether it is
    still in the concours, what it owes, and its payment (None: not paid)."""

    number: int
    name: str
    detail: str
    active: bool
    due: int
    payment: Payment | None

    @property
    def paid(self) -> bool:
        return self.payment is not None

    @property
    def search(self) -> str:
        """What the desk's filter matches: number, name and players, accents and case
        folded (the page folds what is typed the same way)."""
        return search_key(f"{self.number} {self.name} {self.detail}")


def entrants_money(tournament: Tournament) -> list[EntrantMoney]:
    """Every entrant in number order with what it owes and its payment: one query."""
    if tournament.by_player:
        players = Player.objects.filter(tournament=tournament).select_related(
            "payment").order_by("number")
        return [EntrantMoney(player.number, player.name, player.club, player.active,
                             due_of(tournament, 1), _payment(player))
                for player in players]
    teams = (Team.objects.filter(tournament=tournament, round__isnull=True)
             .select_related("first", "second", "payment").order_by("number"))
    return [EntrantMoney(team.number, team.name, team.players, team.active,
                         due_of(tournament, 1 if team.second_id is None else 2),
                         _payment(team))
            for team in teams]


def _payment(entrant: Team | Player) -> Payment | None:
    try:
        return entrant.payment
    except Payment.DoesNotExist:
        return None


def pool_of(tournament: Tournament) -> list[PoolLine]:
    """The cash prize pool's lines in order: one query."""
    return [_pool_line(row)
            for row in CashPrize.objects.filter(tournament=tournament).order_by("order", "id")]


def _pool_line(row: CashPrize) -> PoolLine:
    return PoolLine(row.start, row.end, row.amount, row.percent, row.tableau)


@dataclass(frozen=True)
class MethodTotal:
    method: str
    label: str
    count: int
    amount: int  # cents received
    refunded: int  # cents given back


@dataclass(frozen=True)
class LotValue:
    label: str
    value: int | None  # each place's, cents
    places: int  # the places it goes to

    @property
    def total(self) -> int:
        return (self.value or 0) * self.places


@dataclass(frozen=True)
class Caisse:
    tournament: Tournament
    entrants: list[EntrantMoney]
    by_method: list[MethodTotal]
    pool: list[PoolLine]
    cash_by_place: dict[int, int]  # place → cents
    lots: list[LotValue]
    places: int  # the field the pool and the lots are counted in

    @property
    def melee(self) -> bool:
        return self.tournament.by_player

    @property
    def unpaid(self) -> list[EntrantMoney]:
        return [entrant for entrant in self.entrants if not entrant.paid]

    @property
    def to_collect(self) -> list[EntrantMoney]:
        """The unpaid who owe something: a free concours lists nobody « à encaisser » at
        0,00 € (issue 32); an entrant owing nothing is not asked at the desk."""
        return [entrant for entrant in self.unpaid if entrant.due > 0]

    @property
    def paid(self) -> list[EntrantMoney]:
        return [entrant for entrant in self.entrants if entrant.paid]

    @property
    def collected(self) -> int:
        return sum(total.amount for total in self.by_method)

    @property
    def refunded(self) -> int:
        return sum(total.refunded for total in self.by_method)

    @property
    def expected(self) -> int:
        """What the active entrants owe in all (paid or not; « offert » owes nothing)."""
        return sum(entrant.due for entrant in self.entrants if entrant.active and not (
            entrant.payment is not None and entrant.payment.method == PAYMENT_OFFERED))

    @property
    def outstanding(self) -> int:
        """What the active entrants not yet paid owe."""
        return sum(entrant.due for entrant in self.unpaid if entrant.active)

    @property
    def cash_prizes(self) -> int:
        return sum(self.cash_by_place.values())

    @property
    def lots_value(self) -> int:
        return sum(lot.total for lot in self.lots)

    @property
    def balance(self) -> int:
        return self.collected - self.refunded - self.cash_prizes - self.lots_value


def net_fees(entrants: list[EntrantMoney]) -> int:
    """The fees collected less the refunds, in cents: what a pool's percentage is of."""
    return sum(entrant.payment.amount - entrant.payment.refunded
               for entrant in entrants if entrant.payment is not None)


def field_places(tournament: Tournament, entrants: list[EntrantMoney]
                 ) -> tuple[int, dict[str, list[list[int]]]]:
    """The places the palmarès hands out: its placed lines once a partie is played, else
    (nothing played yet) the active entrants; and each tableau's places among them (a
    concours in phases once its tableaux are over, `Awards.tableaux`)."""
    awards = standings_awards(tournament) if tournament.rounds.exists() else None
    placed = awards.placed_count if awards is not None else 0
    return (placed or sum(1 for entrant in entrants if entrant.active),
            awards.tableaux if awards is not None else {})


def caisse(tournament: Tournament) -> Caisse:
    """The desk's page and the treasurer's documents: a few queries (and the standings'
    once a partie is drawn)."""
    entrants = entrants_money(tournament)
    counts: Counter[str] = Counter()
    amounts: Counter[str] = Counter()
    refunds: Counter[str] = Counter()
    for entrant in entrants:
        if entrant.payment is not None:
            counts[entrant.payment.method] += 1
            amounts[entrant.payment.method] += entrant.payment.amount
            refunds[entrant.payment.method] += entrant.payment.refunded
    by_method = [MethodTotal(key, str(label), counts[key], amounts[key], refunds[key])
                 for key, label in PAYMENT_METHOD_CHOICES]
    places, tableaux = field_places(tournament, entrants)
    pool = pool_of(tournament)
    prizes = list(tournament.prizes.order_by("order", "id"))
    lots = [lot_of(prize) for prize in prizes]
    given = Counter(award_indexes(lots, places, tableaux).values())
    return Caisse(tournament, entrants, by_method, pool,
                  pool_amounts(pool, net_fees(entrants), places, tableaux),
                  [LotValue(prize.label, prize.value, given[index])
                   for index, prize in enumerate(prizes)], places)


def cash_prizes_by_position(tournament: Tournament, places: int,
                            tableaux: dict[str, list[list[int]]] | None = None
                            ) -> dict[int, int]:
    """Position in the palmarès (1..`places`) → its cash prize in cents (the palmarès page
    and PDF, the prizes page, the final pack, the static site): one query (`pool_and_net_fees`:
    the fees summed by the database, not every entrant loaded). `tableaux`: each tableau's
    places (`Awards.tableaux`), which a tableau's line of the pool counts its places in."""
    pool, net = pool_and_net_fees(tournament)
    return pool_amounts(pool, net, places, tableaux) if pool else {}


def cash_shared_by_ties(awards: Awards, cash: dict[int, int]) -> dict[int, int]:
    """`cash` (position → cents) with the prizes of lines ex aequo (the same rank) added up
    and shared equally among them (`amounts.split_equally`): two teams tied 2nd of a pool
    paying 100 € and 50 € each take 75 €, where the first in the list took 100 €."""
    by_rank: dict[int, list[int]] = {}
    for award in awards.lines:
        if award.placed:
            by_rank.setdefault(award.rank, []).append(award.position)
    shared = dict(cash)
    for positions in by_rank.values():
        total = sum(cash.get(position, 0) for position in positions)
        if len(positions) < 2 or not total:
            continue
        for position, amount in zip(sorted(positions),
                                    split_equally(total, len(positions)), strict=True):
            shared[position] = amount
    return dict(sorted(shared.items()))


def pool_and_net_fees(tournament: Tournament) -> tuple[list[PoolLine], int]:
    """The pool's lines in order and the fees collected net of refunds (`net_fees`, what a
    percentage is of): one query, the fees summed by the database beside each line."""
    # The same payments as `entrants_money`'s: a mêlée's players', else the registered teams'.
    entrants = ({"player__isnull": False} if tournament.by_player
                else {"team__isnull": False, "team__round__isnull": True})
    fees = (Payment.objects.filter(tournament=OuterRef("tournament"), **entrants)
            .order_by().values("tournament")
            .annotate(net=Sum(F("amount") - F("refunded"))).values("net"))
    rows = list(CashPrize.objects.filter(tournament=tournament).order_by("order", "id")
                .annotate(net=Coalesce(Subquery(fees, output_field=IntegerField()), 0)))
    pool = [_pool_line(row) for row in rows]
    return pool, rows[0].net if rows else 0


def standings_cash(tournament: Tournament, awards: Awards) -> dict[int, int] | None:
    """Each standings line's cash prize (entrant id → cents) as the palmarès pays it: a
    tableau's line to that tableau's places, lines ex aequo sharing theirs to the cent
    (`cash_shared_by_ties`); a line winning nothing is left out. None when the concours has
    no cash prize (no column). One query, whatever the number of lines."""
    cash = cash_prizes_by_position(tournament, awards.placed_count, awards.tableaux)
    if not cash:
        return None
    shared = cash_shared_by_ties(awards, cash)
    return {award.line.entrant.id: shared[award.position] for award in awards.lines
            if award.placed and award.position in shared}


def payment_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """Every payment as a plain row (what an export or a backup writes): the entrant's
    number, what it owed, paid, how, when, and what was refunded (cents; times in ISO)."""
    def iso(when: datetime | None) -> str | None:
        return when.isoformat() if when is not None else None

    return [{"number": entrant.number, "due": entrant.payment.due,
             "amount": entrant.payment.amount, "method": entrant.payment.method,
             "paid_at": iso(entrant.payment.paid_at), "refunded": entrant.payment.refunded,
             "refunded_at": iso(entrant.payment.refunded_at)}
            for entrant in entrants_money(tournament) if entrant.payment is not None]


__all__ = [
    "Caisse",
    "EntrantMoney",
    "caisse",
    "cash_prizes_by_position",
    "cash_shared_by_ties",
    "due_of",
    "entrants_money",
    "payment_rows",
    "pool_and_net_fees",
    "pool_of",
    "standings_cash",
]
