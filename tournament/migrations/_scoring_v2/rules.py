"""A tournament's rule set (SCORING.md, "Rule sets" and "Options") and the six presets.

A `Rules` that exists is consistent: its enum fields hold members (string values are
normalised when it is built) and contradictions are refused, so the scoring functions never
have to guess what a rule set meant.
"""

from __future__ import annotations

from dataclasses import dataclass

from .checks import is_whole, member
from .enums import Counting, Game, Multiply
from .errors import ScoringError

SURCOINCHE_FACTORS = (4, 3)
CAPOT_POINTS_CHOICES = (252, 250)  # 000 §9.2 (dix de der worth 100), or 004
MIN_CONTRACT = 80
MAX_CONTRACT = 500

# The boolean options, in field order, with the French words a form shows beside them.
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
}
_LIMITS = (("target", "Le score à atteindre"), ("max_donnes", "Le nombre de donnes"))


@dataclass(frozen=True)
class Rules:
    """The options of SCORING.md's table, with the `ffb-coinche` preset as defaults.

    `game`, `counting` and `multiply` accept their string values and hold members.
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

    def __post_init__(self) -> None:
        # Frozen: the string values given for enum fields are replaced by their members once,
        # here, so that scoring compares members by identity.
        normalise = object.__setattr__
        if type(self.game) is not Game:
            message = "Jeu inconnu : « coinche » ou « classique »."
            normalise(self, "game", member(self.game, Game, "game", message))
        if type(self.counting) is not Counting:
            message = "Décompte inconnu : « faits » (points faits + demandés) ou « demandes »."
            normalise(self, "counting", member(self.counting, Counting, "counting", message))
        if type(self.multiply) is not Multiply:
            message = "La coinche multiplie « score » (tout le score) ou « contract » (le contrat)."
            normalise(self, "multiply", member(self.multiply, Multiply, "multiply", message))
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
            raise ScoringError("Points d'un capot : 252 (dix de der à 100) ou 250.", "capot_points")
        if (
            not is_whole(self.max_contract)
            or not MIN_CONTRACT <= self.max_contract <= MAX_CONTRACT
            or self.max_contract % 10
        ):
            raise ScoringError(
                f"Contrat maximal : un multiple de 10 entre {MIN_CONTRACT} et {MAX_CONTRACT}.",
                "max_contract",
            )

        # Options that contradict each other.
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
        if self.game is Game.CLASSIQUE and self.counting is Counting.DEMANDES:
            raise ScoringError(
                "La belote classique n'a pas d'enchère chiffrée : pas de décompte des demandés.",
                "counting",
            )
        if self.game is Game.CLASSIQUE and not self.beat_defence:
            raise ScoringError(
                "La belote classique n'a pas de contrat chiffré : les preneurs doivent "
                "battre la défense.",
                "beat_defence",
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
    ),
    # 003: reaching the contract is enough; 162 points, so no rounding; SA and TA described.
    "contrat-multiplie": Rules(
        multiply=Multiply.CONTRACT,
        rounding=False,
        sa_ta=True,
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
}
