"""Addresses of results (issue 13): prizes, the palmarès, the final pack, paper totals and
confirmations."""

from django.urls import path

urlpatterns: list = []

# --- Prizes, the palmarès and the final pack ---------------------------------------------
from .views import prizes  # noqa: E402

PRIZE = "t/<slug:slug>/prizes/<row_id:prize>/"
urlpatterns += [
    path("t/<slug:slug>/prizes/", prizes.prize_list, name="prizes"),
    path(PRIZE, prizes.prize_edit, name="prize"),
    path(PRIZE + "delete/", prizes.prize_delete, name="prize_delete"),
    path(PRIZE + "up/", prizes.prize_move, {"step": -1}, name="prize_up"),
    path(PRIZE + "down/", prizes.prize_move, {"step": 1}, name="prize_down"),
]

# --- Paper totals and confirmations (a game's page; the table links' are in urls_entry) ---
from .views import entry  # noqa: E402

GAME = "t/<slug:slug>/rounds/<number:number>/tables/<number:table>/"
urlpatterns += [
    path(GAME + "totals/", entry.game_totals, name="game_totals"),
    path(GAME + "totals/clear/", entry.game_totals_clear, name="game_totals_clear"),
    path(GAME + "confirm/", entry.game_confirm, name="game_confirm"),
]

# --- Money at the desk (issue 25): the caisse, its settings, the treasurer's documents -----
from .views import money  # noqa: E402

CAISSE = "t/<slug:slug>/caisse/"
urlpatterns += [
    path(CAISSE, money.caisse, name="caisse"),
    path(CAISSE + "<number:number>/pay/", money.caisse_pay, name="caisse_pay"),
    path(CAISSE + "<number:number>/undo/", money.caisse_undo, name="caisse_undo"),
    path(CAISSE + "<number:number>/refund/", money.caisse_refund, name="caisse_refund"),
    path(CAISSE + "<number:number>/unrefund/", money.caisse_unrefund, name="caisse_unrefund"),
    path(CAISSE + "settings/", money.caisse_settings, name="caisse_settings"),
    path(CAISSE + "settings/fee/", money.caisse_fee, name="caisse_fee"),
    path(CAISSE + "settings/pool/", money.caisse_pool, name="caisse_pool"),
    path(CAISSE + "settings/lots/", money.caisse_lot_values, name="caisse_lot_values"),
    path(CAISSE + "settings/lots/<row_id:prize>/", money.caisse_lot_value,
         name="caisse_lot_value"),
]
