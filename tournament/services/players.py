"""Writes of players: a mêlée's registration (register, change, withdraw, return, delete,
import), and the checks a doublette's players share with it (name, licence).

In a mêlée concours players register alone: there is no registered team, the draw forms the
teams of each partie (`Team.round`). In a doublette concours players are registered with
their team (services.team_create) and changed on the team's page, so these services refuse
them: a player of a doublette is its team's.

A player's entries in the journal are of kind "player", numbered by the player's number,
with `audit.player_values`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _

from .. import journal as audit
from .. import validators
from ..errors import UserError
from ..journal import SYSTEM, Actor
from ..models import AuditEntry, Payment, Player, Team, Tournament
from ..models.players import licence_key
from ..register_match import Incoming
from ..selectors.arrivals import arrival_marked_on_registration
from ..selectors.players import player_seated
from ..selectors.rounds import partie_team_name
from .common import (
    _bool_checked,
    concours_shared,
    lines_checked,
    stamp_checked,
    text_field,
    values_stamp,
)
from .matching import Choices, entrants_link
from .register import (
    entrant_registered,
    entrant_relinked,
    licence_holder,
    register_licence_learnt,
    register_licences_from_file,
    register_spelling,
)


def next_player_number(tournament: Tournament) -> int:
    return (tournament.players.aggregate(n=Max("number"))["n"] or 0) + 1


def player_name_checked(value: object, field: str = "name", label: str | None = None) -> str:
    """A player's name as stored (Player.name), refused naming `field` (the player form's
    "name", the team form's "player1" or "player2")."""
    try:
        return text_field(Player, "name", value, label=label or _("Joueur"))
    except UserError as error:
        raise UserError(error.message, field) from None


def licence_checked(value: object, field: str = "licence", label: str | None = None) -> str:
    """A licence number as stored: optional, one line of visible text, the column's length."""
    try:
        return text_field(Player, "licence", value, label=label or _("Licence"))
    except UserError as error:
        raise UserError(error.message, field) from None


def _licence_refused(licence: str, holder: Player, field: str) -> UserError:
    return UserError(_("La licence %(licence)s est déjà celle de %(name)s.")
                     % {"licence": licence, "name": holder.name}, field)


def _name_holder(tournament: Tournament, name: str, exclude: int | None = None) -> bool:
    # Compared in Python with validators.same_name, as the teams' names are: SQLite's
    # case-insensitive match ignores accents' case (É, é).
    players = tournament.players.all() if exclude is None else tournament.players.exclude(
        pk=exclude)
    names = players.values_list("name", flat=True)
    return validators.same_name(name) in {validators.same_name(other) for other in names}


def _melee_only(tournament: Tournament) -> None:
    if not tournament.by_player:
        raise UserError(_("Dans un concours en doublettes, les joueurs s'inscrivent avec leur "
                          "équipe, sur la page des équipes."))


@transaction.atomic
def player_create(*, tournament: Tournament, name: str, club: str = "", licence: str = "",
                  registered: int | None = None, by: Actor = SYSTEM) -> Player:
    """Register a player of a mêlée, numbered after the last one, linked to the club's
    register: `registered` the register player chosen in the form, else as
    services.entrant_registered finds or adds it."""
    _melee_only(tournament)
    name = player_name_checked(name)
    club = text_field(Player, "club", club, label=_("Club"))
    licence = licence_checked(licence)
    if _name_holder(tournament, name):
        raise UserError(_("Le joueur « %(name)s » est déjà inscrit.") % {"name": name}, "name")
    found, licence = entrant_registered(tournament=tournament, name=name, licence=licence,
                                        home_club=club, registered=registered, by=by)
    holder = licence_holder(tournament, licence)
    if holder is not None:
        raise _licence_refused(licence, holder, "licence")
    spelled = register_spelling(found, name)  # the register's spelling wins when linked
    if spelled != name and _name_holder(tournament, spelled):
        raise UserError(_("Le joueur « %(name)s » est déjà inscrit.") % {"name": spelled},
                        "name")
    name = spelled
    # Registered at the desk after partie 1 while the pointage is in use: the player is there.
    player = Player.objects.create(tournament=tournament, number=next_player_number(tournament),
                                   name=name, club=club, licence=licence, registered=found,
                                   arrived=arrival_marked_on_registration(tournament))
    audit.log(tournament, by, "player", "create", after=audit.player_values(player),
              number=player.number)
    return player


def player_stamp(player: Player) -> str:
    """The version of what a player's form edits (common.values_stamp)."""
    return values_stamp(audit.player_values(player))


@transaction.atomic
def player_update(*, player: Player, name: str | None = None, club: str | None = None,
                  licence: str | None = None, registered: int | None = None,
                  active: bool | None = None, stamp: str | None = None, by: Actor = SYSTEM,
                  action: str = "update") -> Player:
    """Change the fields given (not None) of a mêlée's player; the number never changes. The
    teams of the parties already drawn take the new name. Renamed, or given `registered`
    (the register player chosen on its page), the player is linked to the register again
    (entrant_relinked). `stamp`: the player's version (player_stamp) the page showed; a
    stale one is refused and nothing changes."""
    concours_shared(player.tournament_id)  # the lock order: the concours first
    # of=self: the concours' row is locked for share above; FOR UPDATE through the join
    # would lock it for update too (two writes of players at once then deadlocked).
    player = (Player.objects.select_for_update(of=("self",)).select_related("tournament")
              .get(pk=player.pk))
    stamp_checked(stamp, audit.player_values(player),
                  changed=_("Le joueur vient d'être modifié"))
    tournament = player.tournament
    _melee_only(tournament)
    name = None if name is None else player_name_checked(name)
    club = None if club is None else text_field(Player, "club", club, label=_("Club"))
    licence = None if licence is None else licence_checked(licence)
    active = None if active is None else _bool_checked(active, "active", _("Actif"))
    if name is not None and _name_holder(tournament, name, exclude=player.pk):
        raise UserError(_("Le joueur « %(name)s » est déjà inscrit.") % {"name": name}, "name")
    if licence is not None:
        holder = licence_holder(tournament, licence, exclude=[player.pk])
        if holder is not None:
            raise _licence_refused(licence, holder, "licence")
    before = audit.player_values(player)
    relink = (name is not None and name != player.name) or (
        registered is not None and registered != player.registered_id)
    for field, value in (("name", name), ("club", club), ("licence", licence),
                         ("active", active)):
        if value is not None:
            setattr(player, field, value)
    player.save()
    if relink:
        entrant_relinked(player=player, home_club=player.club, registered=registered, by=by)
    if player.licence and (licence or relink):
        register_licence_learnt(player=player, by=by)
    if name is not None and before["name"] != player.name:
        for team in (Team.objects.filter(Q(first=player) | Q(second=player))
                     .select_related("first", "second")):
            second = team.second.name if team.second is not None else None
            team.name = partie_team_name(team.player1, second)  # as the draw names it
            team.save(update_fields=["name"])
    if audit.player_values(player) != before:
        audit.log(tournament, by, "player", action, before=before,
                  after=audit.player_values(player), number=player.number)
    return player


def player_withdraw(*, player: Player, active: bool = False, by: Actor = SYSTEM) -> Player:
    """Withdraw a player of a mêlée (no longer drawn; the parties played stay), or bring
    them back (`active=True`)."""
    return player_update(player=player, active=active, by=by,
                         action="return" if active else "withdraw")


@transaction.atomic
def player_delete(*, player: Player, by: Actor = SYSTEM) -> None:
    """Delete a player registered by mistake (twice, say), while no partie has drawn them."""
    concours_shared(player.tournament_id)  # the lock order: the concours first
    # of=self: the concours' row is locked for share above; FOR UPDATE through the join
    # would lock it for update too (two writes of players at once then deadlocked).
    player = (Player.objects.select_for_update(of=("self",)).select_related("tournament")
              .get(pk=player.pk))
    _melee_only(player.tournament)
    if player_seated(player):
        raise UserError(_("Le joueur « %(name)s » a déjà une place dans une partie : il ne peut "
                          "plus être supprimé, retirez-le plutôt du concours.")
                        % {"name": player.name})
    if Payment.objects.filter(player=player).exists():  # the desk's money is never lost
        raise UserError(_("Le joueur « %(name)s » a payé son inscription : annulez d'abord "
                          "son paiement à la caisse.") % {"name": player.name})
    before = audit.player_values(player)
    number = player.number
    player.delete()
    audit.log(player.tournament, by, "player", "delete", before=before, number=number)


@dataclasses.dataclass(frozen=True)
class PlayerLine:
    """A line of a file of players, as read (forms.imports.read_player_file)."""

    line: int
    name: str
    club: str
    licence: str

    def identities(self) -> list[Incoming]:
        """The player as the club's register matches it."""
        return [Incoming(self.name, licence=self.licence, club=self.club)]


@transaction.atomic
def players_import(*, tournament: Tournament, lines: Iterable[PlayerLine],
                   choices: Choices | None = None, ambiguous_new: bool = False,
                   notes: list[str] | None = None, by: Actor = SYSTEM) -> list[Player]:
    """Register every line as a player of the mêlée, or none: each bad line is reported with
    its number. A line goes through the player form's checks; a name (validators.same_name)
    and a licence are taken once, among the players already registered and the file's own
    lines. Each player is linked to the club's register as `teams_import` links them
    (`choices` indexed by line, in order), and gives their licences as it does (`notes`)."""
    _melee_only(tournament)
    names = {validators.same_name(name)
             for name in tournament.players.values_list("name", flat=True)}
    licences = {licence_key(licence): name for name, licence in
                tournament.players.exclude(licence="").values_list("name", "licence")}

    def check_line(line: PlayerLine) -> tuple[dict[str, str], list[str]]:
        problems: list[str] = []
        values: dict[str, str] = {}
        for field, check in (("name", player_name_checked), ("licence", licence_checked)):
            try:
                values[field] = check(getattr(line, field))
            except UserError as error:
                problems.append(error.message)
        try:
            values["club"] = text_field(Player, "club", line.club, label=_("Club"))
        except UserError as error:
            problems.append(error.message)
        if "name" in values:
            key = validators.same_name(values["name"])
            if key in names:
                problems.append(_("le joueur « %(name)s » est déjà inscrit.")
                                % {"name": values["name"]})
            names.add(key)
        if values.get("licence"):
            key = licence_key(values["licence"])
            if key in licences:
                problems.append(_("la licence %(licence)s est déjà celle de %(name)s.")
                                % {"licence": values["licence"], "name": licences[key]})
            else:
                licences[key] = values.get("name", "")
        return values, problems

    rows = lines_checked(lines, check_line, empty=_("Le fichier ne contient aucun joueur."))
    links = entrants_link(
        club=tournament.club, choices=choices, ambiguous_new=ambiguous_new,
        incoming=[Incoming(values["name"], licence=values["licence"], club=values["club"])
                  for values in rows])
    learnt = register_licences_from_file(
        club_id=tournament.club_id, by=by,
        linked=[(links[index], values["licence"], values["name"])
                for index, values in enumerate(rows)])
    if notes is not None:
        notes.extend(learnt)
    start = next_player_number(tournament)
    players = Player.objects.bulk_create(
        # The register's spelling, as at the desk (register_spelling): one name a person.
        Player(tournament=tournament, number=start + index,
               name=register_spelling(links[index], values["name"]),
               club=values["club"], licence=values["licence"], registered=links[index])
        for index, values in enumerate(rows))
    AuditEntry.objects.bulk_create(
        audit.entry(tournament, by, "player", "import", number=player.number,
                    after=audit.player_values(player))
        for player in players
    )
    return players


__all__ = [
    "PlayerLine",
    "player_create",
    "player_delete",
    "player_stamp",
    "player_update",
    "player_withdraw",
    "players_import",
]
