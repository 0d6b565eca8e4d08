"""A whole tournament as one JSON document of the latest version (upgrade.VERSION).

The document names things as people do (team numbers, partie and table numbers), never by
database keys, so it can be restored into any database. Scores are written for whoever reads
the file, but on import they are recomputed from the donnes (read.py, write.py). The field
lists below are the latest version's shape: the reader checks a file against them.

Version 4 (issues 12 and 13) holds the players: a list of players (number, name, club,
licence), each registered team naming its two players by number, and the teams a mêlée's draw
formed for each partie (in the partie: its `teams`, which its games then name); the concours'
format, draw method, exempt rule, ranking points and results options; each partie's draw
method and end of a game; each game's East-West link, awaited confirmation, paper totals and
time called; each donne's key; the lots. Older versions: upgrade.py.

Version 5 (issue 22) gives each player its club's register identity (`registered`: the
register entry's uid, licence, name, first name and home club; null for a player linked to
none), so that a concours restored on another computer links its players to that club's
register (write.py: the same uid, else by licence, then name).

Version 6 (issue 25) holds the money at the desk and the arrivals: the concours' entry fee
(`fee` in cents, `fee_per` team or player); each registered team's and each player's
`arrived` (the pointage); each lot's `value` (cents, null when not said); the `payments`,
each naming its entrant as people do (the team's number in doublettes, the player's in a
mêlée: selectors.money.payment_rows), with what it owed, paid, how, when and what was
refunded; the `cash_prizes`, the pool's lines in order (places `start` to `end`, an
`amount` in cents or a `percent` written as text, "30.00": JSON has no exact decimal).
Every amount is integer cents, never a float. And the club's `season` the concours counts for
(null: none): its name, dates (ISO) and rule as the season's form sets them; restoring joins
the restoring club's season of the same name and dates, made when it has none (write.py).

Version 7 (issue 37) holds the hall: the concours' screens and its club's sponsors' logos
(hall.py), and the concours' `sponsors_in_pdfs`.

Version 8 (issue 35) holds a concours in phases: each partie's `phase` and `poule`, and the
`phases` (phases.py): the formule, the poules as dealt, the tableaux and their matches.

Version 9 holds each partie's countdown: `clock_minutes` (its length) and `clock_ends` (when
it ends, ISO; null: no chrono running), so that a concours restored mid-evening counts down
to the same end on the screens and phones. What the file deliberately leaves out of the
models it covers, and why: carried.py.
"""

from __future__ import annotations

import json
from typing import Any

from ...models import (
    RULE_FIELDS,
    ClubPlayer,
    DonneRecord,
    Game,
    Player,
    Prize,
    Season,
    Team,
    Tournament,
)
from ...selectors.money import payment_rows, pool_of
from ...selectors.prizes import lot_of, lots_value
from ..common import RANKING_POINTS_FIELDS
from ..money import pool_value
from .hall import screen_rows, sponsor_rows
from .phases import phases_row
from .upgrade import FORMAT, VERSION

# The concours' options of issues 12 and 13 (version 4).
FORMAT_FIELDS = ["format", "draw_method", "exempt_rule", *RANKING_POINTS_FIELDS,
                 "paper_by_tables", "two_confirmations"]
# The concours' entry fee (version 6).
FEE_FIELDS = ["fee", "fee_per"]
TOURNAMENT_FIELDS = ["name", "slug", "place", "preset", *RULE_FIELDS, "parties_planned",
                     "criteria", "bye_points", "forfeit_points", "published", *FORMAT_FIELDS,
                     *FEE_FIELDS, "sponsors_in_pdfs"]
PLAYER_FIELDS = ["number", "name", "club", "licence", "active", "arrived", "registered"]
# A player's register identity (version 5), as ClubPlayer names its fields.
REGISTERED_FIELDS = ["uid", "licence", "name", "first_name", "home_club"]
# A team names its players by their numbers (`second` None: a mêlée's exempt player alone).
# A team a mêlée's draw formed for a partie is never pointed: only a registered team arrives.
PARTIE_TEAM_FIELDS = ["number", "name", "first", "second", "club", "active"]
TEAM_FIELDS = [*PARTIE_TEAM_FIELDS, "arrived"]
# A lot as the journal stores it (lots.LOT_KEYS), and its value (version 6).
LOT_VALUE = "value"
# Version 6: a payment names its entrant by number (selectors.money.payment_rows); a cash
# prize line as the journal stores it (services.money.pool_value).
PAYMENT_FIELDS = ["number", "due", "amount", "method", "paid_at", "refunded", "refunded_at"]
CASH_PRIZE_FIELDS = ["start", "end", "amount", "percent"]
DONNE_FIELDS = ["number", "key", "taker", "contract", "capot_bid", "trump", "coinche",
                "taker_points", "capot", "belote_ns", "belote_ew", "annonces_ns", "annonces_ew",
                "awarded_ns", "awarded_ew", "version", "generale_bid", "generale_made"]
ROUND_FIELDS = ["number", "seed", "closed", "time_called", "target", "max_donnes",
                "draw_method", "phase", "poule", "clock_minutes", "clock_ends", "teams",
                "games"]
GAME_FIELDS = ["table", "ns", "ew", "first_dealer", "forfeit", "token", "token_ew",
               "awaiting", "disputed", "paper", "stop_after", "donnes", "result"]
# A game entered by its paper sheet's totals (Game.by_totals): what the check of the totals
# reads (scoring.PaperTotals), under the Game's paper_* column names.
PAPER_FIELDS = ["ns", "ew", "donnes", "passed", "belotes", "capots", "awarded_ns",
                "awarded_ew"]
RESULT_FIELDS = ["score_ns", "score_ew", "finished", "winner", "played"]
AUDIT_FIELDS = ["actor", "kind", "action", "round_number", "table", "number", "donne_key",
                "before", "after"]
DOCUMENT_FIELDS = ["format", "version", "tournament", "players", "prizes", "teams", "rounds",
                   "audit", "payments", "cash_prizes", "season", "screens", "sponsors", "phases"]
# The club's season the concours counts for (version 6): its name, dates and rule, so that a
# concours restored in another database joins the season of that name and dates there.
SEASON_FIELDS = ["name", "start", "end", "kind", "points_table", "beyond", "participation",
                 "best", "min_ranked", "min_lot", "tie_breaks", "published"]


def _team_row(team: Team) -> dict[str, Any]:
    """A team a partie's draw formed (a mêlée); a registered team adds its arrival."""
    return {"number": team.number, "name": team.name, "first": team.first.number,
            "second": team.second.number if team.second is not None else None,
            "club": team.club, "active": team.active}


def _registered_team_row(team: Team) -> dict[str, Any]:
    return {**_team_row(team), "arrived": team.arrived}


def _lot_rows(prizes: list[Prize]) -> list[dict[str, Any]]:
    return [{**row, LOT_VALUE: prize.value}
            for row, prize in zip(lots_value([lot_of(prize) for prize in prizes]), prizes,
                                  strict=True)]


def _registered_row(entry: ClubPlayer | None) -> dict[str, Any] | None:
    if entry is None:
        return None
    return {"uid": str(entry.uid), **{name: getattr(entry, name)
                                      for name in REGISTERED_FIELDS if name != "uid"}}


def _player_row(player: Player) -> dict[str, Any]:
    return {**{name: getattr(player, name) for name in PLAYER_FIELDS if name != "registered"},
            "registered": _registered_row(player.registered)}


def _paper_row(game: Game) -> dict[str, Any] | None:
    if not game.by_totals:
        return None
    return {name: getattr(game, f"paper_{name}") for name in PAPER_FIELDS}


def export_data(tournament: Tournament) -> dict[str, Any]:
    """The document of `tournament`, as `export_json` writes it."""
    games = (Game.objects.filter(round__tournament=tournament)
             .select_related("round", "team_ns", "team_ew").order_by("round__number", "table"))
    teams = list(tournament.teams.select_related("first", "second").order_by("number"))
    donnes: dict[int, list[dict[str, Any]]] = {}
    for record in DonneRecord.objects.filter(game__round__tournament=tournament).order_by(
            "game_id", "number"):
        donnes.setdefault(record.game_id, []).append(
            {name: getattr(record, name) for name in DONNE_FIELDS})
    rounds: dict[int, dict[str, Any]] = {}
    for round_ in tournament.rounds.order_by("number"):
        rounds[round_.pk] = {
            "number": round_.number, "seed": round_.seed, "closed": round_.closed,
            "time_called": round_.time_called.isoformat() if round_.time_called else None,
            "target": round_.target, "max_donnes": round_.max_donnes,
            "draw_method": round_.draw_method, "phase": round_.phase, "poule": round_.poule,
            "clock_minutes": round_.clock_minutes,
            "clock_ends": round_.clock_ends.isoformat() if round_.clock_ends else None,
            "teams": [_team_row(team) for team in teams if team.round_id == round_.pk],
            "games": []}
    for game in games:
        rounds[game.round_id]["games"].append({
            "table": game.table, "ns": game.team_ns.number,
            "ew": game.team_ew.number if game.team_ew else None,
            "first_dealer": game.first_dealer, "forfeit": game.forfeit, "token": game.token,
            "token_ew": game.token_ew, "awaiting": game.awaiting, "disputed": game.disputed,
            "paper": _paper_row(game),
            "stop_after": game.stop_after, "donnes": donnes.get(game.pk, []),
            "result": {name: getattr(game, name) for name in RESULT_FIELDS},
        })
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {"date": tournament.date.isoformat(),
                       **{name: getattr(tournament, name) for name in TOURNAMENT_FIELDS}},
        "players": [_player_row(player) for player in
                    tournament.players.select_related("registered").order_by("number")],
        "prizes": _lot_rows(list(tournament.prizes.order_by("order", "id"))),
        "teams": [_registered_team_row(team) for team in teams if team.round_id is None],
        "rounds": list(rounds.values()),
        "audit": [{"at": entry.at.isoformat(), "user": entry.user.get_username()
                   if entry.user else None,
                   **{name: getattr(entry, name) for name in AUDIT_FIELDS}}
                  for entry in tournament.audit.select_related("user").order_by("at", "id")],
        "payments": payment_rows(tournament),
        "cash_prizes": pool_value(pool_of(tournament)),
        "season": _season_row(tournament.season),
        "screens": screen_rows(tournament),
        "sponsors": sponsor_rows(tournament),
        "phases": phases_row(tournament),
    }


def _season_row(season: Season | None) -> dict[str, Any] | None:
    if season is None:
        return None
    row = {name: getattr(season, name) for name in SEASON_FIELDS}
    row.update(start=season.start.isoformat(), end=season.end.isoformat())
    return row


def export_json(tournament: Tournament) -> str:
    return json.dumps(export_data(tournament), ensure_ascii=False, indent=1)


