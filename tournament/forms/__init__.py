"""Forms: they turn what was typed into plain values and show every refusal in French.

One module per subject; views import from here.
"""

from .donnes import DonneForm, ForfeitForm, SwapForm
from .matching import ChoicesForm
from .players import PlayerForm, PlayerImportForm
from .rounds import RoundDrawForm
from .teams import TeamEditForm, TeamForm, TeamImportForm
from .tournament import TournamentCreateForm, TournamentRulesForm

__all__ = [
    "ChoicesForm",
    "DonneForm",
    "ForfeitForm",
    "PlayerForm",
    "PlayerImportForm",
    "RoundDrawForm",
    "SwapForm",
    "TeamEditForm",
    "TeamForm",
    "TeamImportForm",
    "TournamentCreateForm",
    "TournamentRulesForm",
]
