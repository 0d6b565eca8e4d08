"""Every write of the tournament app: small atomic functions named <thing>_<action>, by area
(tournaments, teams, rounds, donnes, the journal).

Views validate a form and call one of these. A refusal is a `UserError` (tournament/errors.py)
carrying a French message (and the field at fault, when there is one) for the form; anything
else is a bug. Every service is reachable as `services.<name>`: each module names its public
ones once, in its `__all__`, gathered here. Reads (what a page or a document shows, what a
form offers) are selectors (tournament/selectors/), which import no service.

One lock order everywhere (PostgreSQL locks rows; SQLite locks the whole database at BEGIN,
so there it is moot). A service takes, in this order, only what it needs of:

1. the concours' row (`Tournament`): for update by every change of the concours or of one
   of its parties (rules, draw and its undo, close, time called and its undo, late seating,
   swaps: `rounds.partie_locked`, `tournament_rules_change` and the other settings,
   `round_generate`); for share by a game's entry (`donnes.game_locked`) and by a change
   of a team or a player (`common.concours_shared`), which then run side by side;
2. the partie's row (`Round`), the same way (for update by a change of it, for share by an
   entry);
3. the games' rows (`Game`): one for an entry; a partie's, by table, for a change of it;
   the byes last (`donnes.byes_rescore`);
4. then the rest: donnes, teams, players, lots, the journal.

Taking a row of a later rank, then one of an earlier rank, is what deadlocks (an entry once
locked the partie, then the concours, while the rules page locked them the other way): a
new service starts from the top of this list. So does a shared lock made exclusive: a
`select_for_update()` through a join (select_related, or Game's default ordering by its
round) locks the joined rows for update too, so rows of a later rank are locked alone
(`of=("self",)`) and in a stated order. tests/tournament/test_lock_order.py runs
phones' entries and organiser changes at once on PostgreSQL.
"""

# Each module's public names are its __all__; the journal's restore is named here (its module
# keeps no list).
from .arrivals import *  # noqa: F403
from .clubs import *  # noqa: F403
from .common import *  # noqa: F403
from .confirmations import *  # noqa: F403
from .donnes import *  # noqa: F403
from .entrants import *  # noqa: F403
from .journal import audit_restore as audit_restore
from .matching import *  # noqa: F403
from .money import *  # noqa: F403
from .paper import *  # noqa: F403
from .phases import *  # noqa: F403
from .prizes import *  # noqa: F403
from .register import *  # noqa: F403
from .rounds import *  # noqa: F403
from .screens import *  # noqa: F403
from .season import *  # noqa: F403
from .sponsors import *  # noqa: F403
from .tournaments import *  # noqa: F403
