"""The models, by what they are: the concours and its rules, who plays, the parties with their
games and donnes, and the journal. Everything is importable from `tournament.models`, as the
migrations and the rest of the app do."""

from ..choices import (  # noqa: F401  (re-exported: the one vocabulary, reachable from here)
    COINCHE_CHOICES,
    COINCHE_VALUES,
    EXEMPT_CHOICES,
    FORMAT_CHOICES,
    PRESET_CHOICES,
    SEATS,
    SIDE_CHOICES,
    SIDE_SHORT,
    SIDE_VALUES,
    TRUMP_CHOICES,
    TRUMP_SHORT,
    TRUMP_VALUES,
)
from .audit import AuditEntry
from .club import Club, ClubEntry, ClubPlayer, MemberInvite, Membership, RegisterWord
from .money import CashPrize, Payment
from .phases import PhasePlan, PouleSeat, Tableau, TableauMatch
from .players import Player, Team
from .prizes import Prize
from .publish import Publication, ResultsServer, SeasonPublication
from .register import RegisterEntry
from .rounds import (
    TOKEN_PATTERN,
    DonneRecord,
    Game,
    Round,
    donne_from,
    new_donne_key,
    new_token,
    partie_rules,
)
from .screens import HallScreen
from .season import Season
from .sponsors import Sponsor
from .tournament import RANKING_POINTS_FIELDS, RULE_FIELDS, Tournament, default_criteria

__all__ = [
    "RANKING_POINTS_FIELDS",
    "RULE_FIELDS",
    "TOKEN_PATTERN",
    "AuditEntry",
    "CashPrize",
    "Club",
    "ClubEntry",
    "ClubPlayer",
    "DonneRecord",
    "Game",
    "HallScreen",
    "MemberInvite",
    "Membership",
    "Payment",
    "PhasePlan",
    "Player",
    "PouleSeat",
    "Prize",
    "Publication",
    "RegisterEntry",
    "RegisterWord",
    "ResultsServer",
    "Round",
    "Season",
    "SeasonPublication",
    "Sponsor",
    "Tableau",
    "TableauMatch",
    "Team",
    "Tournament",
    "default_criteria",
    "donne_from",
    "new_donne_key",
    "new_token",
    "partie_rules",
]
