"""Every write of the tournament app: small atomic functions named <thing>_<action>, by area
(tournaments, teams, rounds, donnes, the journal).

Views validate a form and call one of these. A `UserError` carries a French message (and
the field at fault, when there is one) for the form; anything else is a bug. Every service is
reachable as `services.<name>`.
"""

from .common import (
    UserError,
    criteria_checked,
    date_checked,
    rules_from,
    scoring_refusals,
    slug_checked,
    text_field,
    whole_field,
)
from .confirmations import (
    awaiting_games,
    disputed_games,
    donne_enter,
    game_confirm,
    game_dispute,
)
from .donnes import (
    donne_delete,
    donne_record,
    game_forfeit,
    game_recompute,
)
from .journal import (
    audit_restore,
)
from .paper import (
    game_totals_clear,
    game_totals_record,
    paper_check,
    removed_donnes,
)
from .prizes import (
    lot_checked,
    prize_add,
    prize_delete,
    prize_move,
    prize_update,
    prizes_replace,
)
from .rounds import (
    round_beyond_planned,
    round_close,
    round_generate,
    round_seat,
    round_seat_against_bye,
    round_seat_new_table,
    round_started,
    round_swap_teams,
    round_time_call,
    round_time_cancel,
    round_time_undoable,
    round_undo,
    round_undoable,
    round_unfinished_tables,
    round_waiting_teams,
    tables_phrase,
)
from .teams import (
    ImportLine,
    team_create,
    team_current_game,
    team_delete,
    team_forfeit,
    team_pending_forfeit,
    team_update,
    team_withdraw,
    teams_import,
)
from .tournaments import (
    demo_load,
    tournament_create,
    tournament_delete,
    tournament_publish,
    tournament_update,
)

__all__ = [
    "ImportLine",
    "UserError",
    "audit_restore",
    "awaiting_games",
    "criteria_checked",
    "date_checked",
    "demo_load",
    "disputed_games",
    "donne_delete",
    "donne_enter",
    "donne_record",
    "game_confirm",
    "game_dispute",
    "game_forfeit",
    "game_recompute",
    "game_totals_clear",
    "game_totals_record",
    "lot_checked",
    "paper_check",
    "prize_add",
    "prize_delete",
    "prize_move",
    "prize_update",
    "prizes_replace",
    "removed_donnes",
    "round_beyond_planned",
    "round_close",
    "round_generate",
    "round_seat",
    "round_seat_against_bye",
    "round_seat_new_table",
    "round_started",
    "round_swap_teams",
    "round_time_call",
    "round_time_cancel",
    "round_time_undoable",
    "round_undo",
    "round_undoable",
    "round_unfinished_tables",
    "round_waiting_teams",
    "rules_from",
    "scoring_refusals",
    "slug_checked",
    "tables_phrase",
    "team_create",
    "team_current_game",
    "team_delete",
    "team_forfeit",
    "team_pending_forfeit",
    "team_update",
    "team_withdraw",
    "teams_import",
    "text_field",
    "tournament_create",
    "tournament_delete",
    "tournament_publish",
    "tournament_update",
    "whole_field",
]
