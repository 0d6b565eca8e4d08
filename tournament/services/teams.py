"""Writes of teams: register, change, withdraw, forfeit, delete, import."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _

from scoring import Side

from .. import journal as audit
from .. import validators
from ..errors import UserError
from ..journal import SYSTEM, Actor
from ..models import AuditEntry, Game, Payment, Player, PouleSeat, Team, Tournament
from ..models.players import licence_key
from ..register_match import Incoming
from ..selectors.arrivals import arrival_marked_on_registration
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
from .players import (
    PlayerLine,
    licence_checked,
    next_player_number,
    player_name_checked,
)
from .register import (
    entrant_registered,
    entrant_relinked,
    licence_holder,
    register_licence_learnt,
    register_licences_from_file,
    register_spelling,
)

# --- Teams ------------------------------------------------------------------------------
# A concours' registered teams are those of no partie (`round` empty): a mêlée's teams are
# drawn per partie, numbered within it, and are no registration.


def _name_taken(tournament: Tournament, name: str, exclude: int | None = None) -> bool:
    # Compared in Python with validators.same_name: SQLite's case-insensitive match ignores
    # accents' case (É, é), and "É" may be typed as one character or as E + accent.
    teams = registered_teams(tournament)
    if exclude is not None:
        teams = teams.exclude(pk=exclude)
    names = teams.values_list("name", flat=True)
    return validators.same_name(name) in {validators.same_name(other) for other in names}


def name_repeated(name: str, seen: set[str]) -> bool:
    """Whether a registered team's `name` is one of `seen` (keys of validators.same_name),
    which it then joins: a name is taken once, in a list's import as in a backup."""
    key = validators.same_name(name)
    repeated = key in seen
    seen.add(key)
    return repeated


def team_stamp(team: Team) -> str:
    """The version of what a team's form edits (common.values_stamp); `team` read with its
    players."""
    return values_stamp(audit.team_values(team))


def team_name_refusal(tournament: Tournament, name: str,
                      exclude: int | None = None) -> str | None:
    """The French refusal of `name` when a registered team of the concours (but `exclude`)
    has it, else None. The team form says it beside its other errors at once; the services
    check it again, under their lock."""
    if not _name_taken(tournament, name, exclude=exclude):
        return None
    return _("L'équipe « %(name)s » est déjà inscrite.") % {"name": name}


def _next_team_number(tournament: Tournament) -> int:
    return (registered_teams(tournament).aggregate(n=Max("number"))["n"] or 0) + 1


def _player_label(field: str) -> str:
    return _("Joueur 2") if field == "player2" else _("Joueur 1")


def _licence_label(field: str) -> str:
    return _("Licence du joueur 2") if field == "licence2" else _("Licence du joueur 1")


def _doublettes_only(tournament: Tournament) -> None:
    if tournament.by_player:
        raise UserError(_("Dans un concours à la mêlée, les joueurs s'inscrivent seuls : les "
                          "équipes sont tirées à chaque partie."))


def _licences_checked(tournament: Tournament, licences: dict[str, str],
                      players: Iterable[Player]) -> None:
    """A team's licences (field → licence, "" none), each once: not another player's of the
    concours (the team's own players excluded), nor the same for both players."""
    given = [(field, licence) for field, licence in licences.items() if licence]
    own = [player.pk for player in players]
    for field, licence in given:
        holder = licence_holder(tournament, licence, exclude=own)
        if holder is not None:
            raise UserError(_("La licence %(licence)s est déjà celle de %(name)s.")
                            % {"licence": licence, "name": holder.name}, field)
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
    _doublettes_only(tournament)
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
    concours_shared(team.tournament_id)  # the lock order: the concours first
    # of=self: PostgreSQL locks no row of an outer join (a team of one has no second).
    team = (Team.objects.select_for_update(of=("self",))
            .select_related("tournament", "first", "second")
            .get(pk=team.pk))
    stamp_checked(stamp, audit.team_values(team), changed=_("L'équipe vient d'être modifiée"))
    if team.round_id is not None:
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
    # A doublette's players carry its club; their names and licences are theirs.
    relinked = []
    for player, new_name, licence, chosen, field in (
            (team.first, player1, licence1, registered1, "player1"),
            (team.second, player2, licence2, registered2, "player2")):
        if player is None:
            continue
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
    for player, licence in ((team.first, licence1), (team.second, licence2)):
        if player is not None and player.licence and (licence or player.pk in relinked_pks):
            register_licence_learnt(player=player, by=by)
    if audit.team_values(team) != before:
        audit.log(team.tournament, by, "team", action, before=before,
                  after=audit.team_values(team), number=team.number)
    return team


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
    concours_shared(team.tournament_id)  # the lock order: the concours first
    # of=self: the concours' row is locked for share above, not for update through the join.
    team = (Team.objects.select_for_update(of=("self",)).select_related("tournament")
            .get(pk=team.pk))
    if Game.objects.filter(Q(team_ns=team) | Q(team_ew=team)).exists():
        raise UserError(_("L'équipe « %(name)s » a déjà une place dans une partie : elle ne "
                          "peut plus être supprimée, retirez-la plutôt du concours.")
                        % {"name": team.name})
    if PouleSeat.objects.filter(team=team).exists():  # a poule keeps its three or four
        raise UserError(_("L'équipe « %(name)s » est dans une poule : annulez d'abord le "
                          "tirage des poules, ou retirez-la du concours.")
                        % {"name": team.name})
    if Payment.objects.filter(team=team).exists():  # the desk's money is never lost
        raise UserError(_("L'équipe « %(name)s » a payé son inscription : annulez d'abord son "
                          "paiement à la caisse.") % {"name": team.name})
    before = audit.team_values(team)
    number = team.number
    players = [player for player in (team.first, team.second) if player is not None]
    team.delete()
    Player.objects.filter(pk__in=[player.pk for player in players]).delete()
    audit.log(team.tournament, by, "team", "delete", before=before, number=number)


@dataclasses.dataclass(frozen=True)
class ImportLine:
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


def import_identities(lines: Iterable[ImportLine] | Iterable[PlayerLine]) -> list[Incoming]:
    """The players of a file's lines, in order: the list the import's `choices` index."""
    return [identity for line in lines for identity in line.identities()]


@transaction.atomic
def teams_import(*, tournament: Tournament, lines: Iterable[ImportLine],
                 choices: Choices | None = None, ambiguous_new: bool = False,
                 notes: list[str] | None = None, by: Actor = SYSTEM) -> list[Team]:
    """Register every line, or none: each bad line is reported with its number. A line goes
    through the same checks as the team form (text_field), and a name is taken once, among
    the teams already registered and the file's own lines (validators.same_name).

    Each player is linked to the club's register (services.matching.entrants_link): exact
    matches linked, new names registered, an ambiguous one as `choices` says (indexed as
    `import_identities(lines)` lists the players); one without a choice is refused, unless
    `ambiguous_new`. A line's licence goes to its register player when it has none
    (`register_licences_from_file`); what is not added is appended to `notes`, for the
    import's summary."""
    _doublettes_only(tournament)
    seen = {validators.same_name(name)
            for name in registered_teams(tournament).values_list("name", flat=True)}
    licences = {licence_key(licence): name for name, licence in
                tournament.players.exclude(licence="").values_list("name", "licence")}

    def check(line: ImportLine) -> tuple[dict[str, str], list[str]]:
        problems: list[str] = []
        values: dict[str, str] = {}
        for field, value in (("name", line.name), ("player1", line.player1),
                             ("player2", line.player2), ("club", line.club)):
            try:
                values[field] = (
                    player_name_checked(value, field, _player_label(field))
                    if field.startswith("player") else text_field(Team, field, value))
            except UserError as error:
                problems.append(error.message)
        for field, player in (("licence1", "player1"), ("licence2", "player2")):
            try:
                values[field] = licence_checked(getattr(line, field), field,
                                                _licence_label(field))
            except UserError as error:
                problems.append(error.message)
                continue
            key = licence_key(values[field])
            if key and key in licences:
                problems.append(_("la licence %(licence)s est déjà celle de %(name)s.")
                                % {"licence": values[field], "name": licences[key]})
            elif key:
                licences[key] = values.get(player, "")
        if "player1" in values and "player2" in values:
            twice = _same_player_twice(values["player1"], values["player2"])
            if twice is not None:
                problems.append(twice)
        if "name" in values and name_repeated(values["name"], seen):
            problems.append(_("l'équipe « %(name)s » est déjà inscrite.")
                            % {"name": values["name"]})
        return values, problems

    rows = lines_checked(lines, check, empty=_("Le fichier ne contient aucune équipe."))
    links = entrants_link(
        club=tournament.club, choices=choices, ambiguous_new=ambiguous_new,
        incoming=[Incoming(values[field], licence=values[licence], club=values["club"])
                  for values in rows
                  for field, licence in (("player1", "licence1"), ("player2", "licence2"))])
    learnt = register_licences_from_file(club_id=tournament.club_id, by=by, linked=[
        (links[2 * index + position], values[f"licence{position + 1}"],
         values[f"player{position + 1}"])
        for index, values in enumerate(rows) for position in (0, 1)])
    if notes is not None:
        notes.extend(learnt)
    start, player_start = _next_team_number(tournament), next_player_number(tournament)
    players = Player.objects.bulk_create(
        # The register's spelling, as at the desk (register_spelling): one name a person.
        Player(tournament=tournament, number=player_start + index,
               name=register_spelling(links[index], values[field]),
               club=values["club"], licence=values[licence], registered=links[index])
        for index, (values, field, licence) in enumerate(
            (values, field, licence) for values in rows
            for field, licence in (("player1", "licence1"), ("player2", "licence2"))))
    teams = Team.objects.bulk_create(
        Team(tournament=tournament, number=start + index, name=values["name"],
             club=values["club"], first=players[2 * index], second=players[2 * index + 1])
        for index, values in enumerate(rows))
    AuditEntry.objects.bulk_create(
        audit.entry(tournament, by, "team", "import", number=team.number,
                    after=audit.team_values(team))
        for team in teams
    )
    return teams


__all__ = [
    "ImportLine",
    "import_identities",
    "team_create",
    "team_delete",
    "team_forfeit",
    "team_name_refusal",
    "team_stamp",
    "team_update",
    "team_withdraw",
    "teams_import",
]
