"""A tournament's rule set (SCORING.md v3, "Rule sets" and "Options") and the eight presets.

A `Rules` that exists is consistent: its enum fields hold members (string values are
normalised when it is built) and contradictions are refused, so the scoring functions never
have to guess what a rule set meant.
"""

from __future__ import annotations

from dataclasses import dataclass

from .checks import is_whole, member
from .enums import CoincheMade, Counting, Game, LosingBelote, Multiply
from .errors import ScoringError

SURCOINCHE_FACTORS = (4, 3)
# 000 §9.2 (dix de der worth 100), 004, or (v3) no capot bonus at all ([coinchons]).
CAPOT_POINTS_CHOICES = (252, 250, 162)
CHUTE_BASE_CHOICES = (160, 162)
MIN_CONTRACT = 80
MAX_CONTRACT = 500
# A flat bid's score (v3: `capot_bid_score`, `generale_score`): a multiple of ten in this range.
MIN_FLAT_SCORE = 250
MAX_FLAT_SCORE = 2000

# The boolean options, in field order, with the French words that name them in a refusal.
BOOL_OPTIONS = {
    "litige": "Litige",
    "tie_to_takers": "Égalité aux preneurs",
    "rounding": "Arrondi",
    "sa_ta": "Sans atout / tout atout",
    "annonces": "Annonces",
    "belote_multiplied": "Belote multipliée",
    "belote_in_contract": "Belote dans le contrat",
    "demandes_belote": "Belote marquée aux demandés",
    "belote_exception": "Exception de la belote en fin de partie",
    "beat_defence": "Battre la défense",
    "rounding_160": "Arrondi à 160 (preneurs dès 6, défense dès 7)",
    "rounding_decides": "Contrat jugé sur les points arrondis",
    "capot_takes_annonces": "Le capot prend les annonces de la défense",
    "defence_capot_bonus": "Capot de la défense compté à la chute",
}
_FLAT_SCORES = (
    ("capot_bid_score", "Capot annoncé"),
    ("generale_score", "Générale"),
)
_LIMITS = (("target", "Le score à atteindre"), ("max_donnes", "Le nombre de donnes"))


@dataclass(frozen=True)
class Rules:
    """The options of SCORING.md's table, with the `ffb-coinche` preset as defaults.

    The enum fields (`game`, `counting`, `multiply`, `coinche_made`, `losing_belote`) accept
    their string values and hold members; `coinche_made` and `chute_base` None is "none".
    """

    game: Game = Game.COINCHE
    counting: Counting = Counting.FAITS
    multiply: Multiply = Multiply.SCORE
    surcoinche_factor: int = 4
    litige: bool = True
    tie_to_takers: bool = False
    rounding: bool = True
    sa_ta: bool = False
    annonces: bool = True
    target: int | None = 2000
    max_donnes: int | None = None
    belote_multiplied: bool = True
    belote_in_contract: bool = True
    demandes_belote: bool = False
    belote_exception: bool = True
    beat_defence: bool = True
    capot_points: int = 252
    max_contract: int = MAX_CONTRACT
    # Version 3, appended: each default scores as version 2.
    coinche_made: CoincheMade | None = None
    chute_base: int | None = None
    rounding_160: bool = False
    rounding_decides: bool = False
    losing_belote: LosingBelote = LosingBelote.KEPT
    capot_takes_annonces: bool = True
    defence_capot_bonus: bool = False
    capot_bid_score: int | None = None
    generale_score: int | None = None

    def __post_init__(self) -> None:
        # Each step in the order the checks always ran: the first wrong value found is the
        # one refused, whatever else is wrong.
        self._members()
        self._numbers()
        self._version_3()
        self._coherent()

    def _members(self) -> None:
        """The game, counting and multiplication given as strings become their members."""
        # Frozen: the string values given for enum fields are replaced by their members once,
        # here, so that scoring compares members by identity.
        normalise = object.__setattr__
        if type(self.game) is not Game:
            message = "Jeu inconnu : « coinche » ou « classique »."
            normalise(self, "game", member(self.game, Game, "game", message))
        if type(self.counting) is not Counting:
            message = (
                "Décompte inconnu : « faits » (points faits + demandés), « demandes » ou "
                "« faits_seuls » (points faits seuls)."
            )
            normalise(self, "counting", member(self.counting, Counting, "counting", message))
        if type(self.multiply) is not Multiply:
            message = "La coinche multiplie « score » (tout le score) ou « contract » (le contrat)."
            normalise(self, "multiply", member(self.multiply, Multiply, "multiply", message))

    def _numbers(self) -> None:
        """The options that are numbers or yes/no, each within its bounds."""
        if not is_whole(self.surcoinche_factor) or self.surcoinche_factor not in SURCOINCHE_FACTORS:
            raise ScoringError("La surcoinche multiplie par 4 ou par 3.", "surcoinche_factor")
        for name, label in BOOL_OPTIONS.items():
            if type(getattr(self, name)) is not bool:
                raise ScoringError(f"{label} : oui ou non.", name)
        for name, label in _LIMITS:
            value = getattr(self, name)
            if value is not None and (not is_whole(value) or value <= 0):
                raise ScoringError(f"{label} doit être un entier positif.", name)
        if not is_whole(self.capot_points) or self.capot_points not in CAPOT_POINTS_CHOICES:
            raise ScoringError(
                "Points d'un capot : 252 (dix de der à 100), 250 ou 162 (pas de prime).",
                "capot_points",
            )
        if (
            not is_whole(self.max_contract)
            or not MIN_CONTRACT <= self.max_contract <= MAX_CONTRACT
            or self.max_contract % 10
        ):
            raise ScoringError(
                f"Contrat maximal : un multiple de 10 entre {MIN_CONTRACT} et {MAX_CONTRACT}.",
                "max_contract",
            )

    def _version_3(self) -> None:
        """Version 3's options: the coinche made, the losing side's belote, the chute's
        base and the flat scores."""
        normalise = object.__setattr__
        # Version 3. "none" is Python None: the string "none" is no member and is refused.
        if self.coinche_made is not None and type(self.coinche_made) is not CoincheMade:
            message = "Contrat coinché réussi : « base », « points », ou rien (None)."
            normalise(
                self,
                "coinche_made",
                member(self.coinche_made, CoincheMade, "coinche_made", message),
            )
        if type(self.losing_belote) is not LosingBelote:
            message = "Belote du perdant : « kept », « winner » ou « lost »."
            normalise(
                self,
                "losing_belote",
                member(self.losing_belote, LosingBelote, "losing_belote", message),
            )
        if self.chute_base is not None and (
            not is_whole(self.chute_base) or self.chute_base not in CHUTE_BASE_CHOICES
        ):
            raise ScoringError(
                "Base de la chute : 160, 162, ou rien (None : selon l'arrondi).", "chute_base"
            )
        for name, label in _FLAT_SCORES:
            value = getattr(self, name)
            if value is not None and (
                not is_whole(value)
                or not MIN_FLAT_SCORE <= value <= MAX_FLAT_SCORE
                or value % 10
            ):
                raise ScoringError(
                    f"{label} : un multiple de 10 entre {MIN_FLAT_SCORE} et {MAX_FLAT_SCORE}, "
                    "ou rien (None).",
                    name,
                )

    def _coherent(self) -> None:
        """Options that contradict each other."""
        if self.target is None and self.max_donnes is None:
            raise ScoringError(
                "Une partie doit finir : fixez un score à atteindre ou un nombre de donnes.",
                "target",
            )
        if self.counting is Counting.DEMANDES and self.annonces:
            raise ScoringError(
                "Au décompte des seuls points demandés, les annonces ne comptent pas : "
                "désactivez les annonces.",
                "annonces",
            )
        if self.game is Game.CLASSIQUE and self.counting is not Counting.FAITS:
            raise ScoringError(
                "La belote classique n'a pas d'enchère chiffrée : elle compte les points faits "
                "et rien d'autre.",
                "counting",
            )
        if self.game is Game.CLASSIQUE and not self.beat_defence:
            raise ScoringError(
                "La belote classique n'a pas de contrat chiffré : les preneurs doivent "
                "battre la défense.",
                "beat_defence",
            )
        if self.counting is Counting.FAITS_SEULS and self.multiply is Multiply.CONTRACT:
            raise ScoringError(
                "Aux points faits seuls, le contrat n'est pas marqué : la coinche ne peut pas "
                "multiplier le contrat.",
                "multiply",
            )
        self._rounding_coherent()

    def _rounding_coherent(self) -> None:
        """The roundings' options need the rounding to the ten."""
        if not self.rounding:
            if self.rounding_160:
                raise ScoringError(
                    "L'arrondi à 160 demande l'arrondi à la dizaine.", "rounding_160"
                )
            if self.rounding_decides:
                raise ScoringError(
                    "Juger le contrat sur les points arrondis demande l'arrondi à la dizaine.",
                    "rounding_decides",
                )


PRESETS: dict[str, Rules] = {
    # 000: the FFB's coinche, and the default of every option.
    "ffb-coinche": Rules(),
    # 001: the FFB's classique.
    "ffb-classique": Rules(game=Game.CLASSIQUE, rounding=False, target=1000),
    # 002, coinche: only the bid is marked, by either side, no belote; ×3 for a surcoinche.
    "contrat-seul": Rules(
        counting=Counting.DEMANDES,
        multiply=Multiply.CONTRACT,
        surcoinche_factor=3,
        litige=False,
        tie_to_takers=False,
        rounding=False,
        annonces=False,
        target=1000,
        demandes_belote=False,
        belote_exception=False,
        max_contract=160,  # 002: « entre 80 et 160 » (written out in v3)
    ),
    # 003: reaching the contract is enough; 162 points, so no rounding; SA and TA described.
    "contrat-multiplie": Rules(
        multiply=Multiply.CONTRACT,
        rounding=False,
        sa_ta=True,
        litige=False,  # v3 writes these two out; no effect as given
        belote_multiplied=False,
        beat_defence=False,
    ),
    # 002, belote: 82 card points of 162 "hors Belote", a tie is a chute, no annonces.
    "classique-sans-annonces": Rules(
        game=Game.CLASSIQUE,
        litige=False,
        tie_to_takers=False,
        rounding=False,
        annonces=False,
        target=1000,
        belote_in_contract=False,
        belote_exception=False,
    ),
    # 004: a classique whose capot is worth 250.
    "classique-capot-250": Rules(
        game=Game.CLASSIQUE, rounding=False, target=1000, capot_points=250
    ),
    # [coinchons]: no annonces, no capot bonus unbid, a capot bid worth 500 made or failed.
    "coinche-concours": Rules(annonces=False, capot_points=162, capot_bid_score=500),
    # [contree.org]'s marque: a tie is dedans, the dedans takes every point (252 on the
    # defence's capot) and the takers' belote; a takers' capot leaves the defence its annonces.
    "classique-dedans": Rules(
        game=Game.CLASSIQUE,
        rounding=False,
        litige=False,
        tie_to_takers=False,
        target=1000,
        losing_belote=LosingBelote.WINNER,
        capot_takes_annonces=False,
        defence_capot_bonus=True,
    ),
}
