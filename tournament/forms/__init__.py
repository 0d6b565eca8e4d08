"""Forms: they turn what was typed into plain values and show every refusal in French.

One module per subject; views import from here.
"""

from .donnes import DonneForm, ForfeitForm, SwapForm
from .entrants import (
    PlayerForm,
    PlayerImportForm,
    PlayerRegistrationForm,
    TeamEditForm,
    TeamForm,
    TeamImportForm,
)
from .matching import ChoicesForm
from .register import AnonymiseForm, ClubPlayerForm, MergeForm
from .rounds import ClockForm, RoundDrawForm
from .tournament import TournamentCreateForm, TournamentRulesForm

__all__ = [
    "AnonymiseForm",
    "ChoicesForm",
    "ClockForm",
    "ClubPlayerForm",
    "DonneForm",
    "ForfeitForm",
    "MergeForm",
    "PlayerForm",
    "PlayerImportForm",
    "PlayerRegistrationForm",
    "RoundDrawForm",
    "SwapForm",
    "TeamEditForm",
    "TeamForm",
    "TeamImportForm",
    "TournamentCreateForm",
    "TournamentRulesForm",
]
