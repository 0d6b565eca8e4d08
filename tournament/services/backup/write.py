"""A backup that passed every check (read.py) written in one transaction: imported from a
file, restored into the concours it is opened from, or copied under a new address.

Its players are linked to the register of the club the concours goes to
(services.matching.entrants_link): a version 5 file's register uid finds the same entry,
else the licence, then the name (register_match.py); an ambiguous one is linked as the
person chose (`choices`, indexed by the file's order of players: `Backup.identities`, the
restore page asks), or refused, or a new entry when `ambiguous_new` (the command line's
way); a new person is registered, with the file's identity (and uid, when no register of
this database has it)."""

from __future__ import annotations

from typing import Any, Literal

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.translation import gettext as _

from ...errors import UserError
from ...formats import format_of
from ...models import (
    AuditEntry,
    CashPrize,
    Club,
    DonneRecord,
    Game,
    Payment,
    Player,
    Prize,
    Round,
    Season,
    Team,
    Tournament,
    new_donne_key,
    new_token,
)
from ...selectors.backup import last_entry
from ..autobackup_folders import autobackup_carry
from ..clubs import club_of_organiser, runs_club
from ..common import slug_checked, text_field
from ..donnes import byes_rescore, game_scored
from ..matching import Choices, entrants_link
from ..register import entrants_anonymised_again
from ..tournaments import tournament_delete
from .export import export_data
from .hall import hall_write
from .phases import phases_write
from .read import Backup, check_database, read

RESTORE_MODES = ("replace", "copy")
# The organiser restoring (a view passes its request's user: signed in, the page says).
Organiser = User | AnonymousUser


def import_data(data: object, *, organiser: Organiser, replace: bool = False,
                choices: Choices | None = None, ambiguous_new: bool = False) -> Tournament:
    """Restore a tournament exported by `export_data`, owned by `organiser`. An existing
    tournament with the same slug is replaced only when asked, and only if `organiser`
    organises it. The whole document is checked before anything is written; its players
    are linked to the club's register (`choices`, `ambiguous_new`: the module's docstring).

    The check runs outside any transaction: on SQLite a transaction takes the write lock at
    BEGIN (IMMEDIATE), and the tables' phones must not wait while a large file is read. What
    the database decides (the slug, the tokens and keys already taken) is checked again
    inside the transaction that writes."""
    backup = read(data)
    check_database(backup, organiser, replace)  # refuses early, before the lock
    return _write(backup, organiser, replace, choices, ambiguous_new)


def _season_of(club: Club, values: dict[str, Any] | None) -> Season | None:
    """The club's season a restored concours counts for: the club's season of the file's name
    and dates (its own rule then stands), or a new one made of the file's values."""
    if values is None:
        return None
    found = (Season.objects.filter(club=club, name=values["name"], start=values["start"],
                                   end=values["end"]).order_by("pk").first())
    return found or Season.objects.create(club=club, **values)


@transaction.atomic  # all or nothing: a restore that fails half-way leaves no trace
def _write(backup: Backup, organiser: Organiser, replace: bool,
           choices: Choices | None = None, ambiguous_new: bool = False) -> Tournament:
    check_database(backup, organiser, replace)  # again, under the write lock
    # The views that restore are an organiser's, signed in (never the anonymous user).
    assert isinstance(organiser, User)
    # A concours restored over itself stays in its club; another goes to the restorer's.
    club: Club = (backup.replaces.club if backup.replaces is not None
                  else club_of_organiser(organiser))
    links = entrants_link(club=club, incoming=backup.identities(), choices=choices,
                          ambiguous_new=ambiguous_new)
    replaced = backup.replaces.pk if backup.replaces is not None else None
    season = _season_of(club, backup.season)
    if backup.replaces is not None:
        # A backup written before the concours joined its season says none: the concours
        # stays in it (the confirmation page says so), or the season would lose it unseen.
        if season is None:
            season = backup.replaces.season
        tournament_delete(tournament=backup.replaces)
    tournament = Tournament.objects.create(club=club, organiser=organiser, season=season,
                                           **backup.tournament)
    if replaced is not None:
        autobackup_carry(from_id=replaced, to_id=tournament.pk)
    players = {player.number: player for player in Player.objects.bulk_create(
        Player(tournament=tournament, registered=entry,
               **{name: value for name, value in row.items() if name != "registered"})
        for row, entry in zip(backup.players, links, strict=True))}

    def teams_of(rows: list[dict[str, Any]], round_: Round | None) -> dict[int, Team]:
        return {team.number: team for team in Team.objects.bulk_create(
            Team(tournament=tournament, round=round_, number=row["number"], name=row["name"],
                 club=row["club"], active=row["active"],
                 arrived=row.get("arrived", False), first=players[row["first"]],
                 second=players[row["second"]] if row["second"] is not None else None)
            for row in rows)}

    registered = teams_of(backup.teams, None)
    Prize.objects.bulk_create(
        Prize(tournament=tournament, start=lot.start, end=lot.end, from_last=lot.from_last,
              label=lot.label, value=value, order=order, tableau=lot.tableau)
        for order, (lot, value) in enumerate(zip(backup.lots, backup.lot_values, strict=True),
                                             start=1))
    # A payment names its entrant: a registered team, or a mêlée's player (read.py).
    melee = format_of(backup.tournament["format"]).by_player
    Payment.objects.bulk_create(
        Payment(tournament=tournament, team=None if melee else registered[row["number"]],
                player=players[row["number"]] if melee else None,
                **{name: value for name, value in row.items() if name != "number"})
        for row in backup.payments)
    CashPrize.objects.bulk_create(
        CashPrize(tournament=tournament, start=line.start, end=line.end, amount=line.amount,
                  percent=line.percent, order=order, tableau=line.tableau)
        for order, line in enumerate(backup.pool, start=1))
    # Each partie's games and donnes are inserted with their scores already computed (as
    # game_recompute computes them): one insert of games and one of donnes a partie, then
    # its byes' scores (a tableau's match names its game by partie and table: `called`).
    # Inserting then rescoring each game (an update of its donnes, of the
    # game, of the partie's byes) held the write lock 35 s for a 1,000-team concours.
    called: dict[tuple[int, int], Game] = {}
    for round_row in backup.rounds:
        round_ = Round.objects.create(tournament=tournament, **round_row.fields)
        rules = round_.rules
        teams = teams_of(round_row.teams, round_) if round_row.teams else registered
        games, records = [], []
        for game_row in round_row.games:
            game = Game(round=round_, team_ns=teams[game_row.ns],
                        team_ew=teams[game_row.ew] if game_row.ew is not None else None,
                        **game_row.fields)
            donnes = []
            for donne in game_row.donnes:
                record = DonneRecord(game=game, **{name: value for name, value in donne.items()
                                                   if name != "key"})
                if donne["key"] is not None:  # else the default: a new key
                    record.key = donne["key"]
                donnes.append(record)
            game_scored(game=game, records=donnes, rules=rules)
            games.append(game)
            records += donnes
        Game.objects.bulk_create(games)  # their ids set: the donnes' game ids follow
        called.update(((round_.number, game.table), game) for game in games)
        DonneRecord.objects.bulk_create(records)
        byes_rescore(round_=round_)
    users = {user.get_username(): user for user in get_user_model().objects.filter(
        username__in={row["user"] for row in backup.audit if row["user"]})}
    AuditEntry.objects.bulk_create(
        AuditEntry(tournament=tournament, user=users.get(row["user"]),
                   **{name: value for name, value in row.items() if name != "user"})
        for row in backup.audit)
    hall_write(tournament, club, backup.screens, backup.sponsors)
    phases_write(tournament, backup.phases, registered, called)
    # A backup written before a player's anonymisation (RGPD) holds their real name: the
    # anonymisation is applied again, never undone by a restore.
    entrants_anonymised_again(tournament=tournament)
    return tournament




# --- Restore from the browser, or copy a concours -----------------------------------------
#
# The organiser's page (views.restore) and the automatic backups call `backup_restore`: a
# backup restored into the concours it is opened from (its address kept), or as a copy under
# a new address and name with new table links. The same checks as `import_data`, all or
# nothing; the file is read as `import_tournament` reads it (`parse_document`).

def _renew_links(backup: Backup) -> None:
    """New table links and donne keys for a copy (the original keeps its own), the journal's
    donne keys following theirs."""
    keys: dict[str, str] = {}
    for round_ in backup.rounds:
        for game in round_.games:
            game.fields["token"] = new_token()
            if "token_ew" in game.fields:
                game.fields["token_ew"] = new_token()
            for donne in game.donnes:
                if donne["key"] is not None:
                    old, donne["key"] = donne["key"], new_donne_key()
                    keys[old] = donne["key"]
    for entry in backup.audit:
        if entry["donne_key"]:
            # A deleted donne's key is in no game: a new key, the same for all its entries.
            entry["donne_key"] = keys.setdefault(entry["donne_key"], new_donne_key())


def _clocks_stopped(backup: Backup) -> None:
    """A copy counts down to nothing: a partie's running chrono is the original's evening
    (its screens and phones), not the copy's. Its length stays, the one the copy's partie
    page offers when its organiser starts one."""
    for round_ in backup.rounds:
        round_.fields["clock_ends"] = None


def backup_restore(*, organiser: Organiser, data: object, mode: Literal["replace", "copy"],
                   tournament: Tournament | None = None, slug: str | None = None,
                   name: str | None = None, seen: int | None = None,
                   choices: Choices | None = None) -> Tournament:
    """Restore the backup `data` (a parsed JSON document) for `organiser`, all or nothing:

    - "replace": into `tournament` (theirs), which the backup's concours replaces under
      `tournament`'s address; `seen`, if given, is the last journal entry the organiser saw
      listed on the confirmation page: a concours changed since is not replaced;
    - "copy": as a new concours at address `slug` named `name`, unpublished, with new table
      links and donne keys (the original, if it still exists, keeps its own), and no running
      chrono.

    The whole document is checked first, as `import_data` does; a refusal is a UserError in
    French and changes nothing. Its players are linked to the club's register, ambiguous
    ones as `choices` says (the module's docstring)."""
    if mode not in RESTORE_MODES:
        raise UserError(_("Restauration : « remplacer » ou « copier » est attendu."))
    backup = read(data)
    if mode == "replace":
        if tournament is None or not runs_club(organiser, tournament.club_id):
            raise UserError(_("Seul l'organisateur d'un concours peut le remplacer."))
        backup.tournament["slug"] = tournament.slug
        return _restore_replacing(backup, organiser, tournament, seen, choices)
    backup.tournament["slug"] = slug_checked(slug)
    backup.tournament["name"] = text_field(Tournament, "name", name,
                                                    label=_("Nom du concours"))
    backup.tournament["published"] = False
    if Tournament.objects.filter(slug=backup.tournament["slug"]).exists():
        raise UserError(_("Cette adresse est déjà prise par un autre concours."), "slug")
    _renew_links(backup)
    _clocks_stopped(backup)
    check_database(backup, organiser, replace=False)  # refuses early, before the lock
    return _write(backup, organiser, replace=False, choices=choices)


@transaction.atomic
def _restore_replacing(backup: Backup, organiser: Organiser, tournament: Tournament,
                       seen: int | None, choices: Choices | None) -> Tournament:
    current = Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    if current is None:
        raise UserError(_("Ce concours n'existe plus."))
    if seen is not None and last_entry(current) != seen:
        raise UserError(_("Le concours a changé depuis la confirmation : relisez ce qui sera "
                          "remplacé et confirmez à nouveau."))
    return _write(backup, organiser, replace=True, choices=choices)


def tournament_copy(*, tournament: Tournament, organiser: Organiser, slug: str,
                    name: str) -> Tournament:
    """« Copier ce concours »: its backup restored as a copy (`backup_restore`), in no
    season: in the original's, the season would count the same games twice (the organiser
    puts the copy in a season on its settings page, and the original out of it)."""
    if not runs_club(organiser, tournament.club_id):
        raise UserError(_("Seul l'organisateur d'un concours peut le copier."))
    data = export_data(tournament)
    data["season"] = None
    return backup_restore(organiser=organiser, data=data, mode="copy", slug=slug, name=name)
