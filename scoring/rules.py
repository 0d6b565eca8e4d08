"""A tournament's rule set (SCORING.md, "Rule sets") and the four presets.

A `Rules` that exists is consistent: contradictions are refused when it is built, so the
scoring functions never have to guess what a rule set meant.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import ScoringError

GAMES = ("coinche", "classique")
COUNTINGS = ("faits", "demandes")
MULTIPLIES = ("score", "contract")
SURCOINCHE_FACTORS = (4, 3)


def _is_int(value: object) -> bool:
    # bool is an int subclass: True must not pass for a target of 1.
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Rules:
    game: str = "coinche"
    counting: str = "faits"
    multiply: str = "score"
    surcoinche_factor: int = 4
    litige: bool = True
    tie_to_takers: bool = False
    rounding: bool = True
    sa_ta: bool = False
    annonces: bool = True
    target: int | None = 2000
    max_donnes: int | None = None

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ScoringError("Jeu inconnu : « coinche » ou « classique ».", "game")
        if self.counting not in COUNTINGS:
            raise ScoringError(
                "Décompte inconnu : « faits » (points faits + demandés) ou « demandes ».",
                "counting",
            )
        if self.multiply not in MULTIPLIES:
            raise ScoringError(
                "La coinche multiplie « score » (tout le score) ou « contract » (le contrat).",
                "multiply",
            )
        if not _is_int(self.surcoinche_factor) or self.surcoinche_factor not in SURCOINCHE_FACTORS:
            raise ScoringError("La surcoinche multiplie par 4 ou par 3.", "surcoinche_factor")
        for name in ("litige", "tie_to_takers", "rounding", "sa_ta", "annonces"):
            if not isinstance(getattr(self, name), bool):
                raise ScoringError(f"L'option « {name} » vaut oui ou non.", name)
        for name in ("target", "max_donnes"):
            value = getattr(self, name)
            if value is not None and (not _is_int(value) or value <= 0):
                label = "Le score à atteindre" if name == "target" else "Le nombre de donnes"
                raise ScoringError(f"{label} doit être un entier positif.", name)
        if self.target is None and self.max_donnes is None:
            raise ScoringError(
                "Une partie doit finir : fixez un score à atteindre ou un nombre de donnes.",
                "target",
            )
        if self.counting == "demandes" and self.annonces:
            raise ScoringError(
                "Au décompte des seuls points demandés, les annonces ne comptent pas : "
                "désactivez les annonces.",
                "annonces",
            )
        if self.game == "classique" and self.counting == "demandes":
            raise ScoringError(
                "La belote classique n'a pas d'enchère chiffrée : pas de décompte des demandés.",
                "counting",
            )


PRESETS: dict[str, Rules] = {
    "ffb-coinche": Rules(),
    "ffb-classique": Rules(game="classique", rounding=False, target=1000),
    "contrat-seul": Rules(
        counting="demandes",
        multiply="contract",
        surcoinche_factor=3,
        litige=False,
        tie_to_takers=False,
        rounding=False,
        annonces=False,
        target=1000,
    ),
    "contrat-multiplie": Rules(multiply="contract"),
}
