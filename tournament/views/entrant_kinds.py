"""The two kinds of entrant as the organiser's pages see them (`TEAMS`, `PLAYERS`, and
`KINDS` by the list's URL name): what truly differs between a doublette's teams and a mêlée's
players — the model's lookup, the forms, the services, the file's lines, an entrant's
parties and the sentences said, where French tells a team (she) from a player (he).

views.entrants writes each page once for the kind its address names; views.imports asks
the kind how a kept-aside file's lines are read, written and counted.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from django.db.models import QuerySet
from django.forms import BaseForm
from django.shortcuts import get_object_or_404
from django.utils.functional import Promise, lazy
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .. import selectors, services
from ..formats import EntrantKind
from ..forms import (
    PlayerForm,
    PlayerImportForm,
    PlayerRegistrationForm,
    TeamEditForm,
    TeamForm,
    TeamImportForm,
)
from ..models import Player, Team, Tournament

Entrant = Any  # a Team or a Player, as the kind reads and writes it


def _said(text: Promise) -> SafeString:
    """A sentence of the code's own (never user text) for a template: the template's
    `{% translate %}` of a literal is not escaped, nor is this (« l'équipe » stays so)."""
    return lazy(lambda: mark_safe(str(text)), SafeString)()


@dataclasses.dataclass(frozen=True)
class PageWords:
    """What the pages say of a kind of entrant, where French tells a team (she) from a
    player (he). `_said` sentences, shown as written."""

    title: str  # « Équipes »
    intro: str  # under the list's title, if anything
    withdrawn: str  # « retirée »
    none: str  # the empty list
    register: str  # the registration form's title
    anchor: str  # the registration section's id
    fields: str  # the registration's fields, in the order typed (teams.js)
    not_sent: str  # the server did not answer
    not_saved: str  # the server refused
    refused: str  # « … n'est pas inscrite »
    typing: str  # how to type a row
    importing: str  # the import's title
    withdraw: str  # the entrant page's action…
    reinstate: str
    delete: str
    all: str  # a link back to the list, if any
    back: str  # back to the entrant's page
    delete_title: Promise  # with {name} (format_html)
    seated: str  # why it is not deleted
    mistaken: str  # what deleting is for
    delete_button: str
    already: str  # already withdrawn
    withdraw_says: str  # what withdrawing does
    withdraw_button: str


@dataclasses.dataclass(frozen=True)
class Entrants:
    """A kind of entrant as its pages see it."""

    entrant: EntrantKind  # the format's (Format.entrant); also an entrant's URL name
    key: str  # the list's URL name (« teams », « players »), the import's kind (views.imports)
    elsewhere: str  # the list a concours of the other kind is sent to
    withdraw_url: str
    reinstate_url: str
    delete_url: str
    # The entrants the concours registered, and one of them by its number (404 if none).
    registered: Callable[[Tournament], QuerySet[Any]]
    lookup: Callable[[Tournament, int], Entrant]
    new_form: Callable[[Any, Tournament], BaseForm]  # (POST or None, concours)
    edit_form: Callable[[Any, Entrant, Tournament], BaseForm]  # (POST or None, entrant, …)
    import_form: Callable[..., BaseForm]
    create: Callable[..., Entrant]
    update: Callable[..., Entrant]  # (entrant, by=, stamp=, **the form's values)
    withdraw: Callable[..., Entrant]  # (entrant, active=, by=)
    delete: Callable[..., None]  # (entrant, by=)
    stamp: Callable[[Entrant], str]
    import_: Callable[..., list[Entrant]]
    parties: Callable[[Entrant], list[dict[str, Any]]]  # its page's rows
    seated: Callable[[Entrant], bool]  # a seat in a partie: withdrawn, never deleted
    # What its page shows beside the parties, for the club's members.
    desk_page: Callable[[Entrant], dict[str, Any]]
    current_game: Callable[[Entrant], Any]  # the game a withdrawal leaves to declare forfeit
    # The names typed and those entered (the register's spelling may replace them).
    typed: Callable[[dict[str, Any], Entrant], list[tuple[str, str]]]
    registered_said: Callable[[Entrant], str]
    saved: Promise
    withdrawn: Promise  # with %(name)s
    reinstated: Promise  # with %(name)s (or not)
    deleted: Promise  # with %(name)s
    not_here: Promise  # the 404 of an entrant's action in a concours of the other kind
    # A file's lines: their class (services.ImportLine, PlayerLine), where each player of
    # them is in the file (the ambiguous names' page), the count said once written.
    line: Callable[..., Any]
    places: Callable[[Sequence[Any]], list[str]]
    done: Callable[[int], str]
    # « 3 équipes inscrites, 2 actives. »: (registered, active) → the list's count.
    count_said: Callable[[int, int], str]
    people: Callable[[Entrant], str]  # a team's players, said after its name
    words: PageWords
    # A team's page of before took its actions as POST keys: its address still sends there.
    old_actions: bool = False
    # An entrant's page in a concours of the other kind sends to its list (else: not found).
    detail_elsewhere: bool = False

    @property
    def list_url(self) -> str:
        return f"tournament:{self.key}"

    @property
    def detail_url(self) -> str:
        return f"tournament:{self.entrant}"

    @property
    def confirm_url(self) -> str:  # the import's choice of ambiguous names
        return f"tournament:{self.key}_import_confirm"

    # Where the pages differ beyond words: the list's table, an entrant's parties.
    @property
    def table_template(self) -> str:
        return f"tournament/organiser/entrants/{self.entrant}_table.html"

    @property
    def parties_template(self) -> str:
        return f"tournament/organiser/entrants/{self.entrant}_parties.html"


def _team_form(data: Any, tournament: Tournament) -> BaseForm:
    return TeamForm() if data is None else TeamForm(data, tournament=tournament)


def _team_edit_form(data: Any, team: Team, tournament: Tournament) -> BaseForm:
    if data is None:
        return TeamEditForm(instance=team)
    # A copy of the row: the form's instance takes the posted values, the service its own.
    return TeamEditForm(data, instance=Team.objects.get(pk=team.pk), tournament=tournament)


def _player_edit_form(data: Any, player: Player, tournament: Tournament) -> BaseForm:
    initial = {"name": player.name, "club": player.club, "licence": player.licence}
    return PlayerForm(initial=initial) if data is None else PlayerForm(data, initial=initial)


TEAMS = Entrants(
    entrant="team", key="teams", elsewhere="tournament:players",
    withdraw_url="tournament:team_withdraw", reinstate_url="tournament:team_reinstate",
    delete_url="tournament:team_delete",
    registered=lambda t: selectors.registered_teams(t).select_related("first", "second"),
    lookup=lambda t, number: get_object_or_404(
        Team.objects.select_related("tournament", "first", "second"), tournament=t,
        number=number, round__isnull=True),
    new_form=_team_form, edit_form=_team_edit_form, import_form=TeamImportForm,
    create=services.team_create,
    update=lambda team, **values: services.team_update(team=team, **values),
    withdraw=lambda team, **values: services.team_withdraw(team=team, **values),
    delete=lambda team, **values: services.team_delete(team=team, **values),
    stamp=services.team_stamp, import_=services.teams_import,
    parties=selectors.team_parties, seated=selectors.team_seated,
    desk_page=lambda team: {"pending_forfeit": selectors.team_pending_forfeit(team)},
    current_game=selectors.team_current_game,
    typed=lambda values, team: [(values["player1"], team.first.name),
                                (values["player2"], team.player2)],
    # Its number and its name told apart (« Équipe 16. Les Pique-Nique inscrite. » read as
    # two sentences).
    registered_said=lambda team: _("Équipe n° %(n)d « %(name)s » inscrite.")
    % {"n": team.number, "name": team.name},
    saved=gettext_lazy("Équipe enregistrée."),
    withdrawn=gettext_lazy("Équipe « %(name)s » retirée : elle ne sera plus placée."),
    reinstated=gettext_lazy("Équipe réintégrée : elle sera placée aux parties suivantes."),
    deleted=gettext_lazy("Équipe « %(name)s » supprimée."),
    not_here=gettext_lazy("Les équipes d'un concours à la mêlée sont tirées à chaque partie."),
    old_actions=True,
    line=services.ImportLine,
    places=lambda lines: [_("ligne %(n)d, équipe « %(team)s », joueur %(p)d")
                          % {"n": line.line, "team": line.name, "p": position}
                          for line in lines for position in (1, 2)],
    done=lambda n: ngettext("%(n)d équipe inscrite.", "%(n)d équipes inscrites.", n)
    % {"n": n},
    count_said=lambda n, active: ngettext(
        "%(n)d équipe inscrite", "%(n)d équipes inscrites", n) % {"n": n} + (
        "" if active == n else ", " + ngettext("%(n)d active", "%(n)d actives", active)
        % {"n": active}) + ".",
    people=lambda team: _("%(first)s et %(second)s") % {"first": team.player1,
                                                       "second": team.player2},
    words=PageWords(
        title=_said(gettext_lazy("Équipes")), intro="",
        withdrawn=_said(gettext_lazy("retirée")),
        none=_said(gettext_lazy("Aucune équipe inscrite.")),
        register=_said(gettext_lazy("Inscrire une équipe")), anchor="nouvelle",
        fields="name player1 player2 club",
        not_sent=_said(gettext_lazy("non enregistrée : le serveur ne répond pas. Rien n'est "
                                    "perdu, réessayez.")),
        not_saved=_said(gettext_lazy("non enregistrée : le serveur a refusé l'enregistrement. "
                                     "Rien n'est perdu, réessayez.")),
        refused=_said(gettext_lazy("n'est pas inscrite")),
        typing=_said(gettext_lazy(
            "Nom de l'équipe, Tab, joueur 1, Tab, joueur 2 (Tab, club), puis Entrée : l'équipe "
            "est inscrite et le curseur revient au nom ; tapez la suivante sans attendre. Une "
            "équipe incomplète n'est pas inscrite : elle reste affichée pour être reprise.")),
        importing=_said(gettext_lazy("Importer des équipes")),
        withdraw=_said(gettext_lazy("Retirer l'équipe du concours…")),
        reinstate=_said(gettext_lazy("Réintégrer l'équipe")),
        delete=_said(gettext_lazy("Supprimer l'équipe (inscrite deux fois)…")),
        all="", back=_said(gettext_lazy("Revenir à l'équipe")),
        delete_title=gettext_lazy("Supprimer l'équipe « {name} » ?"),
        seated=_said(gettext_lazy("Cette équipe a déjà une place dans une partie : elle ne "
                                  "peut plus être supprimée. Retirez-la plutôt du concours.")),
        mistaken=_said(gettext_lazy("Pour une équipe inscrite deux fois ou par erreur : elle "
                                    "disparaît de la liste.")),
        delete_button=_said(gettext_lazy("Supprimer l'équipe")),
        already=_said(gettext_lazy("Cette équipe est déjà retirée.")),
        withdraw_says=_said(gettext_lazy(
            "Elle ne sera plus placée aux parties suivantes ; ses parties jouées restent au "
            "classement. Elle peut être réintégrée plus tard.")),
        withdraw_button=_said(gettext_lazy("Retirer l'équipe")),
    ),
)
PLAYERS = Entrants(
    entrant="player", key="players", elsewhere="tournament:teams",
    withdraw_url="tournament:player_withdraw", reinstate_url="tournament:player_return",
    delete_url="tournament:player_delete",
    registered=lambda t: t.players.all(),
    lookup=lambda t, number: get_object_or_404(Player.objects.select_related("tournament"),
                                               tournament=t, number=number),
    new_form=lambda data, t: PlayerRegistrationForm(data),
    edit_form=_player_edit_form, import_form=PlayerImportForm,
    create=services.player_create,
    update=lambda player, **values: services.player_update(player=player, **values),
    withdraw=lambda player, **values: services.player_withdraw(player=player, **values),
    delete=lambda player, **values: services.player_delete(player=player, **values),
    stamp=services.player_stamp, import_=services.players_import,
    parties=selectors.player_parties, seated=selectors.player_seated,
    desk_page=lambda player: {},
    current_game=lambda player: None,  # a mêlée's team is drawn anew: no forfeit to declare
    typed=lambda values, player: [(values["name"], player.name)],
    registered_said=lambda player: _("Inscription enregistrée : %(n)d. %(name)s.")
    % {"n": player.number, "name": player.name},
    saved=gettext_lazy("Joueur enregistré."),
    withdrawn=gettext_lazy("Joueur « %(name)s » retiré : il ne sera plus tiré."),
    reinstated=gettext_lazy("Joueur « %(name)s » réintégré : il sera tiré aux parties "
                            "suivantes."),
    deleted=gettext_lazy("Joueur « %(name)s » supprimé."),
    not_here=gettext_lazy("Les joueurs d'un concours en doublettes sont sur la page de leur "
                          "équipe."),
    detail_elsewhere=True,
    line=services.PlayerLine,
    places=lambda lines: [_("ligne %(n)d") % {"n": line.line} for line in lines],
    done=lambda n: ngettext("%(n)d joueur inscrit.", "%(n)d joueurs inscrits.", n)
    % {"n": n},
    count_said=lambda n, active: ngettext(
        "%(n)d joueur inscrit", "%(n)d joueurs inscrits", n) % {"n": n} + (
        "" if active == n else ", " + ngettext("%(n)d actif", "%(n)d actifs", active)
        % {"n": active}) + ".",
    people=lambda player: "",
    words=PageWords(
        title=_said(gettext_lazy("Joueurs")),
        intro=_said(gettext_lazy("Concours à la mêlée : chaque joueur s'inscrit seul, les "
                                 "équipes sont tirées à chaque partie.")),
        withdrawn=_said(gettext_lazy("retiré")),
        none=_said(gettext_lazy("Aucun joueur inscrit.")),
        register=_said(gettext_lazy("Inscrire un joueur")), anchor="nouveau",
        fields="name club licence",
        not_sent=_said(gettext_lazy("non enregistré : le serveur ne répond pas. Rien n'est "
                                    "perdu, réessayez.")),
        not_saved=_said(gettext_lazy("non enregistré : le serveur a refusé l'enregistrement. "
                                     "Rien n'est perdu, réessayez.")),
        refused=_said(gettext_lazy("n'est pas inscrit")),
        typing=_said(gettext_lazy(
            "Nom du joueur (Tab, club, Tab, licence), puis Entrée : le joueur est inscrit et le "
            "curseur revient au nom ; tapez le suivant sans attendre. Un joueur refusé reste "
            "affiché pour être repris.")),
        importing=_said(gettext_lazy("Importer des joueurs")),
        withdraw=_said(gettext_lazy("Retirer le joueur du concours…")),
        reinstate=_said(gettext_lazy("Réintégrer le joueur")),
        delete=_said(gettext_lazy("Supprimer le joueur (inscrit deux fois)…")),
        all=_said(gettext_lazy("Tous les joueurs")),
        back=_said(gettext_lazy("Revenir au joueur")),
        delete_title=gettext_lazy("Supprimer le joueur « {name} » ?"),
        seated=_said(gettext_lazy("Ce joueur a déjà une place dans une partie : il ne peut "
                                  "plus être supprimé. Retirez-le plutôt du concours.")),
        mistaken=_said(gettext_lazy("Pour un joueur inscrit deux fois ou par erreur : il "
                                    "disparaît de la liste.")),
        delete_button=_said(gettext_lazy("Supprimer le joueur")),
        already=_said(gettext_lazy("Ce joueur est déjà retiré.")),
        withdraw_says=_said(gettext_lazy(
            "Il ne sera plus tiré aux parties suivantes ; ses parties jouées restent au "
            "classement. Il peut être réintégré plus tard.")),
        withdraw_button=_said(gettext_lazy("Retirer le joueur")),
    ),
)


KINDS = {kind.key: kind for kind in (TEAMS, PLAYERS)}
