"""What a backup carries of each model it covers, and what it deliberately leaves out.

A backup is what a club falls back on after a crash during a live concours: a column of a
concours that is neither carried nor listed here would be lost at the restore without anyone
noticing (as the partie's chrono was before version 9). tests/backup/test_carried.py walks
every concrete column of the concours and of every model under it (any model whose foreign
keys lead to a Tournament), and of the club's rows the file carries (its season, logos,
register identities): each is in `CARRIED` (the file holds it, under the name export.py's
field lists give it) or in `NOT_CARRIED`, with the reason, never both. A new column is
decided here: carried (export, read, write and a version step, as upgrade.py says), or
listed with its reason.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Model

from ...lots import LOT_KEYS, LOT_TABLEAU
from ...models import (
    AuditEntry,
    CashPrize,
    ClubPlayer,
    DonneRecord,
    Game,
    HallScreen,
    Payment,
    PhasePlan,
    Player,
    PouleSeat,
    Prize,
    Round,
    Season,
    Sponsor,
    Tableau,
    TableauMatch,
    Team,
    Tournament,
)
from .export import (
    AUDIT_FIELDS,
    CASH_PRIZE_FIELDS,
    DONNE_FIELDS,
    GAME_FIELDS,
    LOT_VALUE,
    PAPER_FIELDS,
    PAYMENT_FIELDS,
    PLAYER_FIELDS,
    REGISTERED_FIELDS,
    ROUND_FIELDS,
    SEASON_FIELDS,
    TEAM_FIELDS,
    TOURNAMENT_FIELDS,
)
from .hall import SCREEN_FIELDS, SPONSOR_FIELDS
from .phases import MATCH_FIELDS, PLAN_FIELDS, SEAT_FIELDS, TABLEAU_FIELDS


def _columns(fields: Iterable[str], *, but: Iterable[str] = (),
             plus: Iterable[str] = ()) -> frozenset[str]:
    """A model's columns a file's row holds: its field list but the keys that are no column
    of it (`but`), plus the columns it names another way (`plus`: a team by its number…)."""
    return frozenset(fields) - frozenset(but) | frozenset(plus)


# Each model's columns (attnames) the file carries, by the export's field lists.
CARRIED: dict[type[Model], frozenset[str]] = {
    # `season`: the season's row (SEASON_FIELDS), joined or made at restore (write.py).
    Tournament: _columns(TOURNAMENT_FIELDS, plus={"date", "season_id"}),
    # `registered`: the register entry's identity (REGISTERED_FIELDS), linked at restore.
    Player: _columns(PLAYER_FIELDS, but={"registered"}, plus={"registered_id"}),
    # Players by number; a partie's team is listed under its partie (`round_id`).
    Team: _columns(TEAM_FIELDS, but={"first", "second"},
                   plus={"first_id", "second_id", "round_id"}),
    Round: _columns(ROUND_FIELDS, but={"teams", "games"}),
    # Teams by number; `paper` (null or the sheet's totals) is by_totals and paper_*.
    Game: _columns(GAME_FIELDS, but={"ns", "ew", "paper", "donnes", "result"},
                   plus={"team_ns_id", "team_ew_id", "by_totals",
                         *(f"paper_{name}" for name in PAPER_FIELDS)}),
    DonneRecord: _columns(DONNE_FIELDS),
    # A lot as the journal stores it, its value, its place in the file's list (`order`).
    Prize: _columns([*LOT_KEYS, LOT_TABLEAU, LOT_VALUE], plus={"order"}),
    # The entrant by number (a team, or a mêlée's player).
    Payment: _columns(PAYMENT_FIELDS, but={"number"}, plus={"team_id", "player_id"}),
    CashPrize: _columns(CASH_PRIZE_FIELDS, plus={"tableau", "order"}),
    # The account by its user name.
    AuditEntry: _columns(AUDIT_FIELDS, plus={"at", "user_id"}),
    Season: _columns(SEASON_FIELDS),
    HallScreen: _columns(SCREEN_FIELDS),
    Sponsor: _columns(SPONSOR_FIELDS),
    ClubPlayer: _columns(REGISTERED_FIELDS),
    PhasePlan: _columns(PLAN_FIELDS),
    PouleSeat: _columns(SEAT_FIELDS, but={"team"}, plus={"team_id"}),
    Tableau: _columns(TABLEAU_FIELDS, but={"matches"}),
    # The match's game by its partie and table.
    TableauMatch: _columns(MATCH_FIELDS, but={"partie", "table"}, plus={"game_id"}),
}

# The columns a backup deliberately does not carry ("Model.column"; a model's name alone:
# none of its columns), each for the reason said.
NOT_CARRIED: frozenset[str] = frozenset({
    # Database keys: the file names things as people do (numbers, parties, tables), so that
    # it restores into any database; each row gets its own key and its parent's.
    "Tournament.id", "Player.id", "Player.tournament_id", "Team.id", "Team.tournament_id",
    "Round.id", "Round.tournament_id", "Game.id", "Game.round_id", "DonneRecord.id",
    "DonneRecord.game_id", "Prize.id", "Prize.tournament_id", "Payment.id",
    "Payment.tournament_id", "CashPrize.id", "CashPrize.tournament_id", "AuditEntry.id",
    "AuditEntry.tournament_id", "Season.id", "HallScreen.id", "HallScreen.tournament_id",
    "Sponsor.id", "ClubPlayer.id", "PhasePlan.id", "PhasePlan.tournament_id", "PouleSeat.id",
    "PouleSeat.tournament_id", "Tableau.id", "Tableau.tournament_id", "TableauMatch.id",
    "TableauMatch.tableau_id",
    # The club and the organiser are those restoring (write.py: the concours' own club when
    # it is restored over itself, else the restorer's); the season, the logos and the
    # register entries join that club.
    "Tournament.club_id", "Tournament.organiser_id", "Season.club_id", "Sponsor.club_id",
    "ClubPlayer.club_id",
    # When a row entered this database: a restored one is new here. The exports' cache keys
    # on the concours' (exports/cache.py), so a replaced concours' cached PDFs are never
    # served for the restored one; a screen's `changed` is what the hall's screens reload
    # on (views.screens), so they show the restored concours at once.
    "Tournament.created", "Season.created", "Sponsor.added", "ClubPlayer.created",
    "HallScreen.changed",
    # Caches rewritten from the donnes (services.game_recompute): the file writes a game's
    # under `result` for whoever reads it, and the restore computes them again.
    "Game.score_ns", "Game.score_ew", "Game.finished", "Game.winner", "Game.played",
    "DonneRecord.score_ns", "DonneRecord.score_ew", "DonneRecord.outcome",
    # Drawn again from the logo at restore, as an upload is (logos.logo_checked).
    "Sponsor.width", "Sponsor.height", "Sponsor.digest",
    # The register's search keys, made from the name and licence at restore; whether an
    # entry was anonymised is the restoring club's register's (the restore anonymises its
    # players again: services.register.entrants_anonymised_again).
    "ClubPlayer.licence_key", "ClubPlayer.key", "ClubPlayer.anonymised",
    # This database's exchange with the results server (the concours' identity there, the
    # circuits typed at the desk, the versions sent and confirmed, the retry queue), bound
    # to the club's server account, whose token a backup never carries. Restored in the same
    # database, the concours takes it back (outbox.publication_of); on another computer it
    # is published anew from that club's account, under a new identity (the server's entry
    # under the old one is no longer updated) and with its circuits typed again.
    "Publication",
})
