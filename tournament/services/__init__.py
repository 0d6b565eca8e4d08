"""Every write of the tournament app: small atomic functions named <thing>_<action>, by area
(tournaments, teams, rounds, donnes, the journal).

Views validate a form and call one of these. A `UserError` carries a French message (and
the field at fault, when there is one) for the form; anything else is a bug. Every service is
reachable as `services.<name>`.

One lock order everywhere (PostgreSQL locks rows; SQLite locks the whole database at BEGIN,
so there it is moot). A service takes, in this order, only what it needs of:

1. the concours' row (`Tournament`): for update by every change of the concours or of one
   of its parties (rules, draw and its undo, close, time called and its undo, late seating,
   swaps: `rounds.partie_locked`, `tournament_update`, `round_generate`); for share by a
   game's entry (`donnes.game_locked`) and by a change of a team or a player
   (`common.concours_shared`), which then run side by side;
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

from .common import (
    GameGone,
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
from .players import (
    PlayerLine,
    player_create,
    player_delete,
    player_parties,
    player_seated,
    player_stamp,
    player_update,
    player_withdraw,
    players_import,
)
from .prizes import (
    lot_checked,
    lots_checked,
    prize_add,
    prize_delete,
    prize_move,
    prize_update,
    prizes_replace,
)
from .rounds import (
    draw_has_chart,
    draw_input,
    partie_team_name,
    round_beyond_planned,
    round_close,
    round_draw_options,
    round_generate,
    round_seat,
    round_seat_against_bye,
    round_seat_as_exempt,
    round_seat_new_table,
    round_started,
    round_swap_teams,
    round_teams,
    round_time_call,
    round_time_cancel,
    round_time_undoable,
    round_undo,
    round_undoable,
    round_undone_seed,
    round_unfinished_tables,
    round_waiting_teams,
    tables_phrase,
)
from .teams import (
    ImportLine,
    registered_teams,
    team_create,
    team_current_game,
    team_delete,
    team_forfeit,
    team_name_refusal,
    team_pending_forfeit,
    team_stamp,
    team_update,
    team_withdraw,
    teams_import,
)
from .tournaments import (
    demo_load,
    tournament_create,
    tournament_delete,
    tournament_publish,
    tournament_stamp,
    tournament_update,
)

__all__ = [
    "GameGone",
    "ImportLine",
    "PlayerLine",
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
    "draw_has_chart",
    "draw_input",
    "game_confirm",
    "game_dispute",
    "game_forfeit",
    "game_recompute",
    "game_totals_clear",
    "game_totals_record",
    "lot_checked",
    "lots_checked",
    "paper_check",
    "partie_team_name",
    "player_create",
    "player_delete",
    "player_parties",
    "player_seated",
    "player_stamp",
    "player_update",
    "player_withdraw",
    "players_import",
    "prize_add",
    "prize_delete",
    "prize_move",
    "prize_update",
    "prizes_replace",
    "registered_teams",
    "removed_donnes",
    "round_beyond_planned",
    "round_close",
    "round_draw_options",
    "round_generate",
    "round_seat",
    "round_seat_against_bye",
    "round_seat_as_exempt",
    "round_seat_new_table",
    "round_started",
    "round_swap_teams",
    "round_teams",
    "round_time_call",
    "round_time_cancel",
    "round_time_undoable",
    "round_undo",
    "round_undoable",
    "round_undone_seed",
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
    "team_name_refusal",
    "team_pending_forfeit",
    "team_stamp",
    "team_update",
    "team_withdraw",
    "teams_import",
    "text_field",
    "tournament_create",
    "tournament_delete",
    "tournament_publish",
    "tournament_stamp",
    "tournament_update",
    "whole_field",
]
