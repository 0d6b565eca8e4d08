"""Writes of a concours' entrants: a doublette's teams and a mêlée's players — register,
change, withdraw, forfeit, delete, import.

The concours' format says which kind it registers (`Format.entrant`): a doublette registers
teams of two (their players are Player rows, changed on the team's page), a mêlée players
alone (its teams are drawn for each partie, `Team.round`, and are no registration). What the
two kinds do alike — a name taken once, the lock, the version, the journal, the money that
forbids a deletion, a file's import — is written once here, read from the kind (`TEAM`,
`PLAYER`); what truly differs (a team's two players, a mêlée's teams renamed after a player)
stays in the kind's own service.

A kind's entries in the journal are of its kind ("team", "player"), numbered by the entrant's
number, with `audit.team_values` or `audit.player_values`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from django.db import models, transaction
from django.db.models import Max, Q, QuerySet
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import Side

from .. import journal as audit
from .. import validators
from ..errors import UserError
from ..formats import EntrantKind
from ..journal import SYSTEM, Actor
from ..models import AuditEntry, Game, Payment, Player, PouleSeat, Team, Tournament
from ..models.players import licence_key
from ..register_match import Incoming
from ..selectors.arrivals import arrival_marked_on_registration
from ..selectors.players import player_seated
from ..selectors.rounds import partie_team_name
from ..selectors.teams import registered_teams, team_current_game
from .common import (
    _bool_checked,
    concours_shared,
    lines_checked,
    stamp_checked,
    text_field,
    values_stamp,
    whole_field,
)
from .donnes import game_forfeit
from .matching import Choices, entrants_link
from .register import (
    entrant_registered,
    entrant_relinked,
    licence_holder,
    register_licence_learnt,
    register_licences_from_file,
    register_spelling,
)

# --- The two kinds of entrant: what differs, said once -----------------------------------


@dataclasses.dataclass(frozen=True)
class _Kind:
    entrant: EntrantKind  # the format's (Format.entrant): the kind of concours it belongs to
    model: type[models.Model]
    registered: Callable[[Tournament], QuerySet[Any]]  # the concours' registered entrants
    values: Callable[[Any], dict[str, Any]]  # what the journal and the version read
    elsewhere: Promise  # the refusal in a concours of the other kind
    taken: Promise  # « … déjà inscrit(e) », with %(name)s: the form's and the service's
    taken_in_file: Promise  # the same, inside a file's line sentence
    paid: Promise  # the desk's money is never lost: a paid entrant is not deleted
    changed: Promise  # its page's version is stale
    empty_file: Promise
    people: tuple[tuple[str, str], ...]  # a line's (name field, licence field) per player

    @property
    def journal(self) -> str:
        return self.entrant


TEAM = _Kind(
    entrant="team", model=Team, registered=registered_teams, values=audit.team_values,
    elsewhere=gettext_lazy("Dans un concours à la mêlée, les joueurs s'inscrivent seuls : les "
                           "équipes sont tirées à chaque partie."),
    taken=gettext_lazy("L'équipe « %(name)s » est déjà inscrite."),
    taken_in_file=gettext_lazy("l'équipe « %(name)s » est déjà inscrite."),
    paid=gettext_lazy("L'équipe « %(name)s » a payé son inscription : annulez d'abord son "
                      "paiement à la caisse."),
    changed=gettext_lazy("L'équipe vient d'être modifiée"),
    empty_file=gettext_lazy("Le fichier ne contient aucune équipe."),
    people=(("player1", "licence1"), ("player2", "licence2")),
)
PLAYER = _Kind(
    entrant="player", model=Player, registered=lambda tournament: tournament.players.all(),
    values=audit.player_values,
    elsewhere=gettext_lazy("Dans un concours en doublettes, les joueurs s'inscrivent avec leur "
                           "équipe, sur la page des équipes."),
    taken=gettext_lazy("Le joueur « %(name)s » est déjà inscrit."),
    taken_in_file=gettext_lazy("le joueur « %(name)s » est déjà inscrit."),
    paid=gettext_lazy("Le joueur « %(name)s » a payé son inscription : annulez d'abord "
                      "son paiement à la caisse."),
    changed=gettext_lazy("Le joueur vient d'être modifié"),
    empty_file=gettext_lazy("Le fichier ne contient aucun joueur."),
    people=(("name", "licence"),),
)


def _kind_checked(tournament: Tournament, kind: _Kind) -> None:
    if tournament.format_spec.entrant != kind.entrant:
        raise UserError(str(kind.elsewhere))


def _name_taken(kind: _Kind, tournament: Tournament, name: str,
                exclude: int | None = None) -> bool:
    # Compared in Python with validators.same_name: SQLite's case-insensitive match ignores
    # accents' case (É, é), and "É" may be typed as one character or as E + accent.
    entrants = kind.registered(tournament)
    if exclude is not None:
        entrants = entrants.exclude(pk=exclude)
    names = entrants.values_list("name", flat=True)
    return validators.same_name(name) in {validators.same_name(other) for other in names}


def _name_refusal(kind: _Kind, tournament: Tournament, name: str,
                  exclude: int | None = None) -> str | None:
    if not _name_taken(kind, tournament, name, exclude=exclude):
        return None
    return str(kind.taken) % {"name": name}


def _locked[E: (Team, Player)](kind: _Kind, entrant: E, *related: str) -> E:
    """The entrant's row again, locked, the concours' first (the lock order)."""
    concours_shared(entrant.tournament_id)
    # of=self: the concours' row is locked for share above, not for update through the join
    # (two writes at once then deadlocked), and PostgreSQL locks no row of an outer join (a
    # team of one has no second).
    found: E = (kind.model.objects.select_for_update(of=("self",))  # type: ignore[attr-defined]
                .select_related("tournament", *related).get(pk=entrant.pk))
    return found


def _stamp(kind: _Kind, entrant: Team | Player) -> str:
    return values_stamp(kind.values(entrant))


def _deleted(kind: _Kind, entrant: Team | Player, by: Actor,
             also: Sequence[Player] = ()) -> None:
    """Delete an entrant (and `also`, a team's players) once its own checks passed: never
    one who paid; journaled."""
    if Payment.objects.filter(**{kind.journal: entrant}).exists():
        raise UserError(str(kind.paid) % {"name": entrant.name})
    before = kind.values(entrant)
    number = entrant.number
    entrant.delete()
    if also:
        Player.objects.filter(pk__in=[player.pk for player in also]).delete()
    audit.log(entrant.tournament, by, kind.journal, "delete", before=before, number=number)


def _journaled(kind: _Kind, entrant: Team | Player, before: dict[str, Any], action: str,
               by: Actor) -> None:
    if kind.values(entrant) != before:
        audit.log(entrant.tournament, by, kind.journal, action, before=before,
                  after=kind.values(entrant), number=entrant.number)


# --- The checks a team's players share with a mêlée's --------------------------------------


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


def _player_club(value: object) -> str:
    """A mêlée's player's club (a doublette's players carry their team's)."""
    return text_field(Player, "club", value, label=_("Club"))


def _licence_refused(licence: str, holder: Player, field: str) -> UserError:
    return UserError(_("La licence %(licence)s est déjà celle de %(name)s.")
                     % {"licence": licence, "name": holder.name}, field)


def name_repeated(name: str, seen: set[str]) -> bool:
    """Whether a registered entrant's `name` is one of `seen` (keys of validators.same_name),
    which it then joins: a name is taken once, in a list's import as in a backup."""
    key = validators.same_name(name)
    repeated = key in seen
    seen.add(key)
    return repeated


# --- Teams (a doublette's) -----------------------------------------------------------------


def team_stamp(team: Team) -> str:
    """The version of what a team's form edits (common.values_stamp); `team` read with its
    players."""
    return _stamp(TEAM, team)


def team_name_refusal(tournament: Tournament, name: str,
                      exclude: int | None = None) -> str | None:
    """The French refusal of `name` when a registered team of the concours (but `exclude`)
    has it, else None. The team form says it beside its other errors at once; the services
    check it again, under their lock."""
    return _name_refusal(TEAM, tournament, name, exclude=exclude)


def _next_team_number(tournament: Tournament) -> int:
    return (registered_teams(tournament).aggregate(n=Max("number"))["n"] or 0) + 1


def _player_label(field: str) -> str:
    return _("Joueur 2") if field == "player2" else _("Joueur 1")


def _licence_label(field: str) -> str:
    return _("Licence du joueur 2") if field == "licence2" else _("Licence du joueur 1")


def _licences_checked(tournament: Tournament, licences: dict[str, str],
                      players: Iterable[Player]) -> None:
    """A team's licences (field → licence, "" none), each once: not another player's of the
    concours (the team's own players excluded), nor the same for both players."""
    given = [(field, licence) for field, licence in licences.items() if licence]
    own = [player.pk for player in players]
    for field, licence in given:
        holder = licence_holder(tournament, licence, exclude=own)
        if holder is not None:
            raise _licence_refused(licence, holder, field)
    if len(given) == 2 and licence_key(given[0][1]) == licence_key(given[1][1]):
        raise UserError(_("Les deux joueurs ne peuvent pas avoir la même licence."), "licence2")


@transaction.atomic
def team_create(*, tournament: Tournament, name: str, player1: str, player2: str,
                club: str = "", licence1: str = "", licence2: str = "",
                number: int | None = None, registered1: int | None = None,
                registered2: int | None = None, by: Actor = SYSTEM) -> Team:
    """Register a doublette with its two players (Player rows, with the team's club and
    their licences, both optional), each linked to the club's register: `registered1`,
    `registered2` the register players chosen in the form, else as
    services.entrant_registered finds or adds them."""
    _kind_checked(tournament, TEAM)
    name = text_field(Team, "name", name)
    player1 = player_name_checked(player1, "player1", _player_label("player1"))
    player2 = player_name_checked(player2, "player2", _player_label("player2"))
    club = text_field(Team, "club", club)
    licence1 = licence_checked(licence1, "licence1", _licence_label("licence1"))
    licence2 = licence_checked(licence2, "licence2", _licence_label("licence2"))
    refusal = team_name_refusal(tournament, name)
    if refusal is not None:
        raise UserError(refusal, "name")
    _two_players_checked(player1, player2)
    if number is None:
        number = _next_team_number(tournament)
    else:
        number = whole_field(Team, "number", number, minimum=1)
    if registered_teams(tournament).filter(number=number).exists():
        raise UserError(_("Le numéro %(n)d est déjà pris.") % {"n": number}, "number")
    found1, licence1 = entrant_registered(tournament=tournament, name=player1,
                                          licence=licence1, home_club=club,
                                          registered=registered1, field="player1", by=by)
    found2, licence2 = entrant_registered(
        tournament=tournament, name=player2, licence=licence2, home_club=club,
        registered=registered2, field="player2",
        taken=set() if found1 is None else {found1.pk}, by=by)
    _licences_checked(tournament, {"licence1": licence1, "licence2": licence2}, [])
    # The register's spelling wins when linked (the views say so, comparing with what was
    # typed).
    player1, player2 = register_spelling(found1, player1), register_spelling(found2, player2)
    start = next_player_number(tournament)
    first = Player.objects.create(tournament=tournament, number=start, name=player1,
                                  club=club, licence=licence1, registered=found1)
    second = Player.objects.create(tournament=tournament, number=start + 1, name=player2,
                                   club=club, licence=licence2, registered=found2)
    # Registered at the desk after partie 1 while the pointage is in use: the team is there.
    team = Team.objects.create(tournament=tournament, number=number, name=name,
                               first=first, second=second, club=club,
                               arrived=arrival_marked_on_registration(tournament))
    audit.log(tournament, by, "team", "create", after=audit.team_values(team), number=number)
    return team


def _same_player_twice(player1: str, player2: str) -> str | None:
    """A doublette is two people: the same name twice is a slip (or two namesakes, who are
    told apart by their names, or the season and the site would take them for one). The
    refusal, named after the second player's field; None for two names."""
    if validators.same_name(player1) != validators.same_name(player2):
        return None
    return _("%(label)s : « %(name)s » deux fois dans l'équipe, un joueur ne fait pas équipe "
             "avec lui-même. Deux homonymes ? Distinguez-les (par exemple « %(name)s fils »).") % {
        "label": _player_label("player2"), "name": player2}


def _two_players_checked(player1: str, player2: str) -> None:
    refusal = _same_player_twice(player1, player2)
    if refusal is not None:
        raise UserError(refusal, "player2")


@transaction.atomic
def team_update(*, team: Team, name: str | None = None, player1: str | None = None,
                player2: str | None = None, club: str | None = None,
                licence1: str | None = None, licence2: str | None = None,
                registered1: int | None = None, registered2: int | None = None,
                active: bool | None = None, stamp: str | None = None, by: Actor = SYSTEM,
                action: str = "update") -> Team:
    """Change the fields given (not None) of a registered doublette; the team's number and
    tournament never change. `licence1` and `licence2` are its players' licences ("": none).
    A player renamed, or given `registered1`/`registered2` (the register player chosen on
    the team's page), is linked to the register again (entrant_relinked). `stamp`: the
    team's version (team_stamp) its page showed; a stale one is refused and nothing
    changes."""
    team = _locked(TEAM, team, "first", "second")
    stamp_checked(stamp, audit.team_values(team), changed=str(TEAM.changed))
    # A mêlée's teams are drawn, for a partie or as a concours in phases' pairs: their
    # players are edited, not the team, whose club is its two players' words.
    if team.round_id is not None or team.tournament.by_player:
        raise UserError(_("Une équipe tirée pour une partie de mêlée ne se modifie pas : "
                          "modifiez ses joueurs."))
    name = None if name is None else text_field(Team, "name", name)
    player1 = (None if player1 is None
               else player_name_checked(player1, "player1", _player_label("player1")))
    player2 = (None if player2 is None
               else player_name_checked(player2, "player2", _player_label("player2")))
    club = None if club is None else text_field(Team, "club", club)
    licence1 = (None if licence1 is None
                else licence_checked(licence1, "licence1", _licence_label("licence1")))
    licence2 = (None if licence2 is None
                else licence_checked(licence2, "licence2", _licence_label("licence2")))
    active = None if active is None else _bool_checked(active, "active", _("Active"))
    refusal = None if name is None else team_name_refusal(team.tournament, name,
                                                          exclude=team.pk)
    if refusal is not None:
        raise UserError(refusal, "name")
    if team.second is not None:
        names = (team.first.name if player1 is None else player1,
                 team.second.name if player2 is None else player2)
        if names != (team.first.name, team.second.name):  # a team of before the check: its
            _two_players_checked(*names)  # other changes and its journal's undos still go
    players = [player for player in (team.first, team.second) if player is not None]
    _licences_checked(team.tournament, {
        "licence1": team.first.licence if licence1 is None else licence1,
        "licence2": (licence2 if licence2 is not None
                     else team.second.licence if team.second is not None else ""),
    }, players)
    before = audit.team_values(team)
    if name is not None:
        team.name = name
    if club is not None:
        team.club = club
    if active is not None:
        team.active = active
    team.save()
    _team_players_saved(team, [
        (player, new_name, licence, chosen, field)
        for player, new_name, licence, chosen, field in (
            (team.first, player1, licence1, registered1, "player1"),
            (team.second, player2, licence2, registered2, "player2"))
        if player is not None], by)
    _journaled(TEAM, team, before, action, by)
    return team


def _team_players_saved(
        team: Team, changes: list[tuple[Player, str | None, str | None, int | None, str]],
        by: Actor) -> None:
    """A doublette's players carry its club; their names and licences are theirs. Each
    (player, new name, licence, register player chosen, field); a player renamed or given
    another register player is linked again."""
    relinked = []
    for player, new_name, licence, chosen, field in changes:
        if (new_name is not None and new_name != player.name) or (
                chosen is not None and chosen != player.registered_id):
            relinked.append((player, chosen, field))
        if new_name is not None:
            player.name = new_name
        if licence is not None:
            player.licence = licence
        player.club = team.club
        player.save(update_fields=["name", "club", "licence"])
    previous = {player.pk: player.registered for player, _chosen, _field in relinked}
    for player, _chosen, _field in relinked:  # both links dropped before either is made
        player.registered = None
        player.save(update_fields=["registered"])
    for player, chosen, field in relinked:
        others = {other.registered_id for other in (team.first, team.second)
                  if other is not None and other.pk != player.pk and other.registered_id}
        entrant_relinked(player=player, home_club=team.club, registered=chosen,
                         taken=others, field=field, previous=previous[player.pk], by=by)
    relinked_pks = {player.pk for player, _chosen, _field in relinked}
    for player, _name, licence, _chosen, _field in changes:
        if player.licence and (licence or player.pk in relinked_pks):
            register_licence_learnt(player=player, by=by)


def team_withdraw(*, team: Team, active: bool = False, by: Actor = SYSTEM) -> Team:
    return team_update(team=team, active=active, by=by,
                       action="withdraw" if not active else "return")


@transaction.atomic
def team_forfeit(*, team: Team, by: Actor = SYSTEM) -> Game:
    """Declare the forfeit of a team that left, at its unfinished game of the last partie."""
    game = team_current_game(team)
    if game is None:
        raise UserError(_("L'équipe « %(name)s » n'a pas de partie en cours à déclarer "
                          "forfait.") % {"name": team.name})
    side = Side.NS.value if game.team_ns_id == team.pk else Side.EW.value
    return game_forfeit(game=game, side=side, by=by)


@transaction.atomic
def team_delete(*, team: Team, by: Actor = SYSTEM) -> None:
    """Delete a team registered by mistake (twice, say), while it has no seat in any partie."""
    _kind_checked(team.tournament, TEAM)
    team = _locked(TEAM, team)
    if Game.objects.filter(Q(team_ns=team) | Q(team_ew=team)).exists():
        raise UserError(_("L'équipe « %(name)s » a déjà une place dans une partie : elle ne "
                          "peut plus être supprimée, retirez-la plutôt du concours.")
                        % {"name": team.name})
    if PouleSeat.objects.filter(team=team).exists():  # a poule keeps its three or four
        raise UserError(_("L'équipe « %(name)s » est dans une poule : annulez d'abord le "
                          "tirage des poules, ou retirez-la du concours.")
                        % {"name": team.name})
    _deleted(TEAM, team, by, also=[player for player in (team.first, team.second)
                                   if player is not None])


# --- Players (a mêlée's) -------------------------------------------------------------------


@transaction.atomic
def player_create(*, tournament: Tournament, name: str, club: str = "", licence: str = "",
                  registered: int | None = None, by: Actor = SYSTEM) -> Player:
    """Register a player of a mêlée, numbered after the last one, linked to the club's
    register: `registered` the register player chosen in the form, else as
    services.entrant_registered finds or adds it."""
    _kind_checked(tournament, PLAYER)
    name = player_name_checked(name)
    club = _player_club(club)
    licence = licence_checked(licence)
    refusal = _name_refusal(PLAYER, tournament, name)
    if refusal is not None:
        raise UserError(refusal, "name")
    found, licence = entrant_registered(tournament=tournament, name=name, licence=licence,
                                        home_club=club, registered=registered, by=by)
    holder = licence_holder(tournament, licence)
    if holder is not None:
        raise _licence_refused(licence, holder, "licence")
    spelled = register_spelling(found, name)  # the register's spelling wins when linked
    if spelled != name and _name_taken(PLAYER, tournament, spelled):
        raise UserError(str(PLAYER.taken) % {"name": spelled}, "name")
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
    return _stamp(PLAYER, player)


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
    player = _locked(PLAYER, player)
    stamp_checked(stamp, audit.player_values(player), changed=str(PLAYER.changed))
    tournament = player.tournament
    _kind_checked(tournament, PLAYER)
    name = None if name is None else player_name_checked(name)
    club = None if club is None else _player_club(club)
    licence = None if licence is None else licence_checked(licence)
    active = None if active is None else _bool_checked(active, "active", _("Actif"))
    refusal = None if name is None else _name_refusal(PLAYER, tournament, name,
                                                      exclude=player.pk)
    if refusal is not None:
        raise UserError(refusal, "name")
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
    _journaled(PLAYER, player, before, action, by)
    return player


def player_withdraw(*, player: Player, active: bool = False, by: Actor = SYSTEM) -> Player:
    """Withdraw a player of a mêlée (no longer drawn; the parties played stay), or bring
    them back (`active=True`)."""
    return player_update(player=player, active=active, by=by,
                         action="return" if active else "withdraw")


@transaction.atomic
def player_delete(*, player: Player, by: Actor = SYSTEM) -> None:
    """Delete a player registered by mistake (twice, say), while no partie has drawn them."""
    player = _locked(PLAYER, player)
    _kind_checked(player.tournament, PLAYER)
    if player_seated(player):
        raise UserError(_("Le joueur « %(name)s » a déjà une place dans une partie : il ne peut "
                          "plus être supprimé, retirez-le plutôt du concours.")
                        % {"name": player.name})
    _deleted(PLAYER, player, by)


# --- A file of entrants: a team a line, or a player a line --------------------------------


@dataclasses.dataclass(frozen=True)
class ImportLine:
    """A line of a file of teams, as read (forms.imports.read_team_file)."""

    line: int
    name: str
    player1: str
    player2: str
    club: str
    # The players' licences (optional columns « licence 1 ; licence 2 »; "": none).
    licence1: str = ""
    licence2: str = ""

    def identities(self) -> list[Incoming]:
        """Its players as the club's register matches them (the team's club theirs)."""
        return [Incoming(self.player1, licence=self.licence1, club=self.club),
                Incoming(self.player2, licence=self.licence2, club=self.club)]


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


def import_identities(lines: Iterable[ImportLine] | Iterable[PlayerLine]) -> list[Incoming]:
    """The players of a file's lines, in order: the list the import's `choices` index."""
    return [identity for line in lines for identity in line.identities()]


class _FileChecks:
    """What a file's lines may not repeat: a name (among the kind's registered entrants and
    the file's own lines) and a licence (among the concours' players and the file's)."""

    def __init__(self, kind: _Kind, tournament: Tournament) -> None:
        self.kind = kind
        self.names = {validators.same_name(name)
                      for name in kind.registered(tournament).values_list("name", flat=True)}
        self.licences = {licence_key(licence): name for name, licence in
                         tournament.players.exclude(licence="").values_list("name", "licence")}

    def name(self, values: dict[str, str], problems: list[str]) -> None:
        if "name" in values and name_repeated(values["name"], self.names):
            problems.append(str(self.kind.taken_in_file) % {"name": values["name"]})

    def licence(self, values: dict[str, str], field: str, holder: str,
                problems: list[str]) -> None:
        """The line's licence `field` (checked into `values`), of the player named `holder`."""
        key = licence_key(values.get(field, ""))
        if key and key in self.licences:
            problems.append(_("la licence %(licence)s est déjà celle de %(name)s.")
                            % {"licence": values[field], "name": self.licences[key]})
        elif key:
            self.licences[key] = values.get(holder, "")


def _checked_into(values: dict[str, str], problems: list[str], field: str,
                  check: Callable[..., str], *args: object) -> bool:
    """`check(*args)` into `values[field]`, or its refusal into `problems`."""
    try:
        values[field] = check(*args)
    except UserError as error:
        problems.append(error.message)
        return False
    return True


def _file_players(*, kind: _Kind, tournament: Tournament, rows: list[dict[str, str]],
                  choices: Choices | None, ambiguous_new: bool, notes: list[str] | None,
                  by: Actor) -> list[Player]:
    """The Player rows of a file's checked lines (`kind.people` of each, in order), each
    linked to the club's register (services.matching.entrants_link): exact matches linked,
    new names registered, an ambiguous one as `choices` says; a line's licence goes to its
    register player when it has none (`register_licences_from_file`, what is not added
    appended to `notes`)."""
    people = [(values[field], values[licence], values["club"])
              for values in rows for field, licence in kind.people]
    links = entrants_link(
        club=tournament.club, choices=choices, ambiguous_new=ambiguous_new,
        incoming=[Incoming(name, licence=licence, club=club) for name, licence, club in people])
    learnt = register_licences_from_file(club_id=tournament.club_id, by=by, linked=[
        (links[index], licence, name) for index, (name, licence, _club) in enumerate(people)])
    if notes is not None:
        notes.extend(learnt)
    start = next_player_number(tournament)
    return Player.objects.bulk_create(
        # The register's spelling, as at the desk (register_spelling): one name a person.
        Player(tournament=tournament, number=start + index,
               name=register_spelling(links[index], name), club=club, licence=licence,
               registered=links[index])
        for index, (name, licence, club) in enumerate(people))


def _journal_imported(kind: _Kind, tournament: Tournament, entrants: Iterable[Team | Player],
                      by: Actor) -> None:
    AuditEntry.objects.bulk_create(
        audit.entry(tournament, by, kind.journal, "import", number=entrant.number,
                    after=kind.values(entrant))
        for entrant in entrants
    )


@transaction.atomic
def teams_import(*, tournament: Tournament, lines: Iterable[ImportLine],
                 choices: Choices | None = None, ambiguous_new: bool = False,
                 notes: list[str] | None = None, by: Actor = SYSTEM) -> list[Team]:
    """Register every line, or none: each bad line is reported with its number. A line goes
    through the same checks as the team form (text_field), and a name is taken once, among
    the teams already registered and the file's own lines (validators.same_name).

    Each player is linked to the club's register (`_file_players`; `choices` indexed as
    `import_identities(lines)` lists the players); one ambiguous without a choice is
    refused, unless `ambiguous_new`."""
    _kind_checked(tournament, TEAM)
    checks = _FileChecks(TEAM, tournament)

    def check(line: ImportLine) -> tuple[dict[str, str], list[str]]:
        problems: list[str] = []
        values: dict[str, str] = {}
        _checked_into(values, problems, "name", text_field, Team, "name", line.name)
        for field in ("player1", "player2"):
            _checked_into(values, problems, field, player_name_checked, getattr(line, field),
                          field, _player_label(field))
        _checked_into(values, problems, "club", text_field, Team, "club", line.club)
        for field, player in (("licence1", "player1"), ("licence2", "player2")):
            if _checked_into(values, problems, field, licence_checked, getattr(line, field),
                             field, _licence_label(field)):
                checks.licence(values, field, player, problems)
        if "player1" in values and "player2" in values:
            twice = _same_player_twice(values["player1"], values["player2"])
            if twice is not None:
                problems.append(twice)
        checks.name(values, problems)
        return values, problems

    rows = lines_checked(lines, check, empty=str(TEAM.empty_file))
    players = _file_players(kind=TEAM, tournament=tournament, rows=rows, choices=choices,
                            ambiguous_new=ambiguous_new, notes=notes, by=by)
    start = _next_team_number(tournament)
    teams = Team.objects.bulk_create(
        Team(tournament=tournament, number=start + index, name=values["name"],
             club=values["club"], first=players[2 * index], second=players[2 * index + 1])
        for index, values in enumerate(rows))
    _journal_imported(TEAM, tournament, teams, by)
    return teams


@transaction.atomic
def players_import(*, tournament: Tournament, lines: Iterable[PlayerLine],
                   choices: Choices | None = None, ambiguous_new: bool = False,
                   notes: list[str] | None = None, by: Actor = SYSTEM) -> list[Player]:
    """Register every line as a player of the mêlée, or none: each bad line is reported with
    its number. A line goes through the player form's checks; a name (validators.same_name)
    and a licence are taken once, among the players already registered and the file's own
    lines. Each player is linked to the club's register as `teams_import` links them
    (`choices` indexed by line, in order), and gives their licences as it does (`notes`)."""
    _kind_checked(tournament, PLAYER)
    checks = _FileChecks(PLAYER, tournament)

    def check(line: PlayerLine) -> tuple[dict[str, str], list[str]]:
        problems: list[str] = []
        values: dict[str, str] = {}
        _checked_into(values, problems, "name", player_name_checked, line.name)
        _checked_into(values, problems, "licence", licence_checked, line.licence)
        _checked_into(values, problems, "club", _player_club, line.club)
        checks.name(values, problems)
        checks.licence(values, "licence", "name", problems)
        return values, problems

    rows = lines_checked(lines, check, empty=str(PLAYER.empty_file))
    players = _file_players(kind=PLAYER, tournament=tournament, rows=rows, choices=choices,
                            ambiguous_new=ambiguous_new, notes=notes, by=by)
    _journal_imported(PLAYER, tournament, players, by)
    return players


__all__ = [
    "ImportLine",
    "PlayerLine",
    "import_identities",
    "player_create",
    "player_delete",
    "player_stamp",
    "player_update",
    "player_withdraw",
    "players_import",
    "team_create",
    "team_delete",
    "team_forfeit",
    "team_name_refusal",
    "team_stamp",
    "team_update",
    "team_withdraw",
    "teams_import",
]
