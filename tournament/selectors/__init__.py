"""Every read that feeds the pages, the forms and the exports, each in a constant number of
queries, by area: the standings, the parties (the draw's input and options, seats, what can be
undone), the rules as each partie played them, the games, the teams and players, the entry
sheet, the prizes. Reachable as `selectors.<name>` (each module's `__all__`). Selectors write
nothing and import no service (tests/test_import_rules.py)."""

from .arrivals import *  # noqa: F403
from .clubs import *  # noqa: F403
from .documents import *  # noqa: F403
from .entry import *  # noqa: F403
from .finder import *  # noqa: F403
from .games import *  # noqa: F403
from .matching import *  # noqa: F403
from .money import *  # noqa: F403
from .players import *  # noqa: F403
from .prizes import *  # noqa: F403
from .register import *  # noqa: F403
from .rounds import *  # noqa: F403
from .rules import *  # noqa: F403
from .screens import *  # noqa: F403
from .season import *  # noqa: F403
from .sponsors import *  # noqa: F403
from .standings import *  # noqa: F403
from .teams import *  # noqa: F403
