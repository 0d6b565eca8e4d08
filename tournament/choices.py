"""The one vocabulary of the app: the labels of `scoring`'s enums (sides, trumps, coinche
levels, outcomes) and of the rule presets, built here once and used by the models, forms,
templates, PDFs and the workbook."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from scoring import Coinche, CoincheMade, Counting, LosingBelote, Outcome, Side, Trump

from . import formats

PRESET_CHOICES = [
    ("ffb-coinche", _("FFB belote coinchée")),
    ("ffb-classique", _("FFB belote classique")),
    ("contrat-seul", _("Coinche, contrat seul")),
    ("contrat-multiplie", _("Coinche, contrat multiplié")),
    ("classique-sans-annonces", _("Belote classique sans annonces")),
    ("classique-capot-250", _("Belote classique, capot à 250")),
    ("coinche-concours", _("Coinche de concours (sans annonces, capot annoncé à 500)")),
    ("classique-dedans", _("Belote classique, dedans (belote prenable)")),
]
# The labels of the rule options' values (scoring's enums, and the figures of the spec).
COUNTING_CHOICES = [
    (Counting.FAITS.value, _("Points faits + demandés")),
    (Counting.DEMANDES.value, _("Points demandés")),
    (Counting.FAITS_SEULS.value, _("Points faits seuls (le contrat est un seuil)")),
]
COINCHE_MADE_CHOICES = [
    (CoincheMade.BASE.value, _("la base aux preneurs, sa belote à la défense")),
    (CoincheMade.POINTS.value, _("chaque camp ses points")),
]
LOSING_BELOTE_CHOICES = [
    (LosingBelote.KEPT.value, _("gardée (imprenable)")),
    (LosingBelote.WINNER.value, _("au gagnant (prenable)")),
    (LosingBelote.LOST.value, _("perdue")),
]
CAPOT_POINTS_CHOICES = [(252, "252"), (250, "250"), (162, _("162 (pas de prime)"))]
CHUTE_BASE_CHOICES = [(160, "160"), (162, "162")]
SIDE_CHOICES = [(Side.NS.value, _("Nord-Sud")), (Side.EW.value, _("Est-Ouest"))]
SIDE_SHORT = {Side.NS.value: "NS", Side.EW.value: "EO"}  # printed: EO for est-ouest
# The values stored for a side, a trump and a coinche level (checked in backups and journal
# entries, which come from files).
SIDE_VALUES = frozenset(side.value for side in Side)
TRUMP_VALUES = frozenset(trump.value for trump in Trump)
COINCHE_VALUES = frozenset(coinche.value for coinche in Coinche)
TRUMP_CHOICES = [
    (Trump.SPADES.value, "♠"),
    (Trump.HEARTS.value, "♥"),
    (Trump.DIAMONDS.value, "♦"),
    (Trump.CLUBS.value, "♣"),
    (Trump.NO_TRUMP.value, _("Sans atout")),
    (Trump.ALL_TRUMP.value, _("Tout atout")),
]
# Where space is short (score sheets, journal): the suits' signs, SA and TA.
TRUMP_SHORT = {
    Trump.SPADES.value: "♠", Trump.HEARTS.value: "♥", Trump.DIAMONDS.value: "♦",
    Trump.CLUBS.value: "♣", Trump.NO_TRUMP.value: "SA", Trump.ALL_TRUMP.value: "TA",
}
COINCHE_CHOICES = [
    (Coinche.NONE.value, "—"),
    (Coinche.COINCHE.value, _("Coinché")),
    (Coinche.SURCOINCHE.value, _("Surcoinché")),
]
# Where space is short, as typed on the game page and printed on a score sheet: C and SC; in
# the journal's sentences and the workbook's cells, the word.
COINCHE_SHORT = {Coinche.COINCHE.value: "C", Coinche.SURCOINCHE.value: "SC"}
COINCHE_WORDS = {Coinche.COINCHE.value: "coinché", Coinche.SURCOINCHE.value: "surcoinché"}
SEATS = ["N", "E", "S", "O"]  # the dealer turns to the left: nord, est, sud, ouest

FORMAT_CHOICES = formats.choices()  # the registry's: doublettes formées, mêlée
# What an exempt entrant scores: a fixed number of points (Tournament.bye_points), half of
# the points played at the partie's tables on average, or the average of the partie's scores.
EXEMPT_CHOICES = [
    ("fixed", _("un score fixe")),
    ("half", _("la moitié d'une partie")),
    ("average", _("la moyenne de la partie")),
]

# A side's name in full, for sentences ("Nord-Sud déclare forfait").
SIDE_NAMES = dict(SIDE_CHOICES)
OUTCOME_LABELS = {
    Outcome.MADE.value: _("réussi"),
    Outcome.DOWN.value: _("chuté"),
    Outcome.LITIGE.value: _("litige"),
    Outcome.PASSED.value: _("passe"),
}

# --- The club (issue 22) ---------------------------------------------------------------------
# A member's role in a club, from the most to the least it may do (tournament/access.py says
# what each may do).
ROLE_RESPONSABLE = "responsable"
ROLE_ORGANISATEUR = "organisateur"
ROLE_MARQUE = "marque"
ROLE_CHOICES = [
    (ROLE_RESPONSABLE, _("Responsable")),
    (ROLE_ORGANISATEUR, _("Organisateur")),
    (ROLE_MARQUE, _("Table de marque")),
]

# --- Money at the desk (issue 25) -------------------------------------------------------------
# How an entrant paid its fee: « offert » is a fee waived (counted as paid, no money received).
PAYMENT_CASH = "especes"
PAYMENT_OFFERED = "offert"
PAYMENT_METHOD_CHOICES = [
    (PAYMENT_CASH, _("Espèces")),
    ("cheque", _("Chèque")),
    ("virement", _("Virement")),
    ("carte", _("Carte")),
    (PAYMENT_OFFERED, _("Offert")),
]
PAYMENT_METHODS = frozenset(key for key, _label in PAYMENT_METHOD_CHOICES)
# Whom the entry fee is asked of: each team, or each player (a team of two pays it twice). A
# mêlée's entrants are players: its fee is per player whatever this says.
FEE_PER_TEAM = "team"
FEE_PER_PLAYER = "player"
FEE_PER_CHOICES = [(FEE_PER_TEAM, _("par équipe")), (FEE_PER_PLAYER, _("par joueur"))]
