"""The organiser's pages of a concours' entrants: a doublette's teams, a mêlée's players —
the list with the registration form, the file import, an entrant's page (its parties, its
form), withdrawing, bringing back, deleting; a team's forfeit.

The concours' format says which kind it registers (`Format.entrant`): the other kind's
addresses send to its own list (a mêlée's « Équipes » leads to its « Joueurs »). Each page is
written once, for the kind the address names (`TEAMS`, `PLAYERS`, passed by urls.py): what
truly differs between the kinds — the form, the services, an entrant's parties and the
sentences said — is in the kind.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import QuerySet
from django.forms import BaseForm
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.functional import Promise, lazy
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from .. import selectors, services
from ..access import at_desk, is_member, is_organiser, organised, readable, require_desk
from ..errors import UserError
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
from . import imports
from .common import _by, _form_error
from .register import with_type_ahead

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
    registered_said=lambda team: _("Équipe %(team)s inscrite.") % {"team": team},
    saved=gettext_lazy("Équipe enregistrée."),
    withdrawn=gettext_lazy("Équipe « %(name)s » retirée : elle ne sera plus placée."),
    reinstated=gettext_lazy("Équipe réintégrée : elle sera placée aux parties suivantes."),
    deleted=gettext_lazy("Équipe « %(name)s » supprimée."),
    not_here=gettext_lazy("Les équipes d'un concours à la mêlée sont tirées à chaque partie."),
    old_actions=True,
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


def _here(tournament: Tournament, kind: Entrants) -> bool:
    return tournament.format_spec.entrant == kind.entrant


def entrant_list(request: HttpRequest, slug: str, kind: Entrants) -> HttpResponse:
    """The entrants registered; a POST registers one (the import has its own address)."""
    tournament = readable(request, slug)
    if not _here(tournament, kind):
        return redirect(kind.elsewhere, slug=slug)
    form = kind.new_form(None, tournament)
    if request.method == "POST":  # the desk registers entrants
        require_desk(request, tournament)
        form = kind.new_form(request.POST, tournament)
        if form.is_valid():
            try:
                entrant = kind.create(tournament=tournament, by=_by(request),
                                      **form.cleaned_data)
            except UserError as error:
                _form_error(form, error)
            else:
                messages.success(request, kind.registered_said(entrant))
                _spelling_said(request, kind.typed(form.cleaned_data, entrant))
                # No #fragment: scrolling to one takes the focus away from the name field,
                # and the next team's first letters were lost ("œur d'Atout").
                return redirect(kind.list_url, slug=slug)
    return _list_page(request, tournament, kind, form, kind.import_form(),
                      status=422 if form.is_bound else 200)


@login_required
@require_POST
def entrants_import(request: HttpRequest, slug: str, kind: Entrants) -> HttpResponse:
    """Register the entrants of a file (CSV or workbook), whole or not at all; refused
    beside the field."""
    tournament = at_desk(request, slug)
    if not _here(tournament, kind):
        return redirect(kind.elsewhere, slug=slug)
    import_form = kind.import_form(request.POST, request.FILES)
    if import_form.is_valid():
        lines = import_form.cleaned_data["file"]
        notes: list[str] = []
        try:
            entrants = kind.import_(tournament=tournament, by=_by(request), lines=lines,
                                    notes=notes)
        except services.Ambiguous:
            # The file passed every check but names the register finds ambiguous: they are
            # chosen first, nothing written before.
            return imports.choose_page(request, tournament, kind.key, lines)
        except UserError as error:
            import_form.add_error("file", error.message)
        else:
            messages.success(request, imports.KINDS[kind.key].done(len(entrants)))
            imports.notes_said(request, notes)
            return redirect(kind.list_url, slug=slug)
    return _list_page(request, tournament, kind, kind.new_form(None, tournament), import_form,
                      status=422)


def _spelling_said(request: HttpRequest, names: list[tuple[str, str]]) -> None:
    """Say where the register's spelling replaced the name typed (services.register_spelling):
    the desk sees what the standings will print."""
    for typed, entered in names:
        if typed and entered and typed != entered:
            messages.info(request, _("Nom du registre retenu : « %(name)s » (tapé : "
                                     "« %(typed)s »).") % {"typed": typed, "name": entered})


def _list_page(request: HttpRequest, tournament: Tournament, kind: Entrants, form: BaseForm,
               import_form: BaseForm, status: int = 200) -> HttpResponse:
    # The cursor is in the name field as soon as the page is there (autofocus, not a script
    # run later); teams.js saves without leaving the page, so nothing typed is lost.
    form.fields["name"].widget.attrs["autofocus"] = True
    with_type_ahead(form, tournament)
    registered = list(kind.registered(tournament))
    desk = is_member(request, tournament)
    return render(request, "tournament/organiser/entrant_list.html", {
        "tournament": tournament, "kind": kind, "entrants": registered,
        "form": form, "import_form": import_form,
        "is_organiser": is_organiser(request, tournament), "is_desk": desk,
        "count_said": kind.count_said(len(registered),
                                      sum(1 for entrant in registered if entrant.active)),
        "last_change": selectors.last_change(tournament, kinds=("team", "player"))
        if desk else None,
        "club": tournament.club,
    }, status=status)


def entrant_detail(request: HttpRequest, slug: str, number: int,
                   kind: Entrants) -> HttpResponse:
    """An entrant's page: their parties (opponents, score); the desk corrects them here."""
    tournament = readable(request, slug)
    if not _here(tournament, kind) and kind.detail_elsewhere:
        return redirect(kind.elsewhere, slug=slug)
    entrant = kind.lookup(tournament, number)
    form = kind.edit_form(None, entrant, tournament)
    if request.method == "POST":  # the desk corrects an entrant
        require_desk(request, tournament)
        if kind.old_actions and "active" in request.POST:  # an action of before: its address
            return redirect(kind.withdraw_url if request.POST["active"] != "1"
                            else kind.detail_url, slug=slug, number=number)
        form = kind.edit_form(request.POST, entrant, tournament)
        if form.is_valid():
            try:
                kind.update(entrant, by=_by(request), stamp=request.POST.get("stamp") or None,
                            **form.cleaned_data)
            except UserError as error:
                _form_error(form, error)
            else:
                messages.success(request, str(kind.saved))
                return redirect(kind.detail_url, slug=slug, number=number)
    rows = kind.parties(entrant)
    desk = is_member(request, tournament)
    if desk:
        with_type_ahead(form, tournament)
    return render(request, "tournament/organiser/entrant_detail.html", {
        "tournament": tournament, "kind": kind, "entrant": entrant, "rows": rows, "form": form,
        "is_organiser": is_organiser(request, tournament),
        "is_desk": desk,
        # The version the form shows (the posted one after a refusal: still stale if it was).
        "stamp": (request.POST.get("stamp", "") if request.method == "POST"
                  else kind.stamp(entrant)),
        "seated": bool(rows) or kind.seated(entrant),
        **(kind.desk_page(entrant) if desk else {}),
    })


def _organised(request: HttpRequest, slug: str, number: int, kind: Entrants, *,
               desk: bool = False) -> Entrant:
    """An entrant of a concours of its kind, for its organisers only (`desk`: for any member
    of its club)."""
    tournament = at_desk(request, slug) if desk else organised(request, slug)
    if not _here(tournament, kind):
        raise Http404(str(kind.not_here))
    return kind.lookup(tournament, number)


@login_required
def entrant_withdraw(request: HttpRequest, slug: str, number: int,
                     kind: Entrants) -> HttpResponse:
    """Withdraw an entrant, once confirmed: no longer placed at the next parties (a team's
    unfinished game is then offered as a forfeit)."""
    entrant = _organised(request, slug, number, kind)
    if request.method == "POST":
        if entrant.active:
            try:
                kind.withdraw(entrant, by=_by(request))
            except UserError as error:
                messages.error(request, error.message)
            else:
                messages.success(request, str(kind.withdrawn) % {"name": entrant.name})
        return redirect(kind.detail_url, slug=slug, number=number)
    return render(request, "tournament/organiser/entrant_withdraw.html", {
        "tournament": entrant.tournament, "kind": kind, "entrant": entrant,
        "game": kind.current_game(entrant),
    })


@login_required
@require_POST
def entrant_reinstate(request: HttpRequest, slug: str, number: int,
                      kind: Entrants) -> HttpResponse:
    """A withdrawn entrant comes back: placed again from the next partie."""
    entrant = _organised(request, slug, number, kind)
    try:
        kind.withdraw(entrant, active=True, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, str(kind.reinstated) % {"name": entrant.name})
    return redirect(kind.detail_url, slug=slug, number=number)


@login_required
def entrant_delete(request: HttpRequest, slug: str, number: int,
                   kind: Entrants) -> HttpResponse:
    """Delete an entrant registered by mistake (twice, say), while no partie placed them."""
    entrant = _organised(request, slug, number, kind)
    if request.method == "POST":
        try:
            kind.delete(entrant, by=_by(request))
        except UserError as error:
            messages.error(request, error.message)
            return redirect(kind.detail_url, slug=slug, number=number)
        messages.success(request, str(kind.deleted) % {"name": entrant.name})
        return redirect(kind.list_url, slug=slug)
    return render(request, "tournament/organiser/entrant_delete.html", {
        "tournament": entrant.tournament, "kind": kind, "entrant": entrant,
        "seated": kind.seated(entrant), "people": kind.people(entrant),
        # The sentence as written, the name escaped (as blocktranslate does).
        "title": format_html(str(kind.words.delete_title), name=entrant.name),
    })


@login_required
@require_POST
def team_forfeit(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """A team that left forfeits its unfinished game (a mêlée's teams are drawn anew)."""
    team = _organised(request, slug, number, TEAMS, desk=True)  # the desk records forfeits
    try:
        game = services.team_forfeit(team=team, by=_by(request))
    except UserError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Forfait déclaré pour « %(name)s » à la table %(t)d.")
                         % {"name": team.name, "t": game.table})
    if request.POST.get("back") == "round":
        last = team.tournament.rounds.order_by("-number").first()
        if last is not None:
            return redirect("tournament:round", slug=slug, number=last.number)
    return redirect("tournament:team", slug=slug, number=number)
