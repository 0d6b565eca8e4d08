"""Who may see and change what. A concours belongs to a club; an account reaches it through
its membership of that club (models.club.Membership), whose role decides what it may do:

- *responsable* and *organisateur*: everything of the club's concours (`organised`); the
  responsable also manages the club's members (`managed_club`);
- *table de marque*: the desk (`at_desk`): enters and corrects donnes and paper totals,
  records forfeits and confirmations, registers entrants, seats a late team, prints every
  document. Running the concours (rules, draws and their undo, time called, closing a partie,
  publishing, deleting, restoring) is refused: a 403 with a French message, nothing changed;
- a table link (/table/<token>/): that one game, and entering its donnes until the round is
  closed — nothing else, the token is the whole credential;
- everyone else (an anonymous visitor, a member of another club): the pairings, games,
  standings and screen view once the concours is published; anything else of the concours,
  and the whole concours before publication, does not exist for them (404).

Views call these helpers (never a test of their own): the role matrix test
(tests/views/test_role_matrix.py) walks every URL with every role. Every object is looked
up under its tournament, so a slug never reaches another's data.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import Side

from .choices import ROLE_MARQUE, ROLE_ORGANISATEUR, ROLE_RESPONSABLE
from .models import Club, Game, Membership, Round, Season, Tournament

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# The roles that run a club's concours; every role sits at its desk.
RUNNING_ROLES = frozenset({ROLE_RESPONSABLE, ROLE_ORGANISATEUR})
DESK_ROLES = frozenset({*RUNNING_ROLES, ROLE_MARQUE})

_ROLES = "_club_roles"  # the account's roles by club id, read once a request


# Who may do what, as the help page shows it (templates/help/aide.html): what each role
# may do, in the order of the columns: responsable, organisateur, table de marque, a table's
# link, anyone (once the concours is published). The views decide through the helpers below;
# tests/views/test_role_matrix.py checks every address against them.
WHO_MAY: list[tuple[StrOrPromise, tuple[bool, bool, bool, bool, bool]]] = [
    (gettext_lazy("Voir les tables, le classement, l'écran, les documents publics"),
     (True, True, True, False, True)),
    (gettext_lazy("Voir un concours non publié"), (True, True, True, False, False)),
    (gettext_lazy("Saisir et corriger les donnes de sa table"), (True, True, True, True, False)),
    (gettext_lazy("Saisir et corriger les donnes et les totaux de toutes les tables"),
     (True, True, True, False, False)),
    (gettext_lazy("Confirmer un score, déclarer un forfait"), (True, True, True, False, False)),
    (gettext_lazy("Inscrire et corriger les équipes et les joueurs"),
     (True, True, True, False, False)),
    (gettext_lazy("Placer une équipe en retard"), (True, True, True, False, False)),
    (gettext_lazy("Pointer les arrivées, encaisser et rembourser les droits d'inscription"),
     (True, True, True, False, False)),
    (gettext_lazy("Lire le registre des joueurs du club et ses saisons"),
     (True, True, True, False, False)),
    (gettext_lazy("Imprimer les feuilles de marque, télécharger la sauvegarde, lire le journal"),
     (True, True, True, False, False)),
    (gettext_lazy("Créer un concours, changer son règlement, ses lots, ses droits et prix en "
                  "espèces"), (True, True, False, False, False)),
    (gettext_lazy("Ajouter et corriger les joueurs du registre ; créer et changer les saisons"),
     (True, True, False, False, False)),
    (gettext_lazy("Tirer une partie, annuler un tirage, échanger deux équipes"),
     (True, True, False, False, False)),
    (gettext_lazy("Fin du temps, chrono, clore ou rouvrir une partie"),
     (True, True, False, False, False)),
    (gettext_lazy("Retirer, réintégrer, supprimer une équipe ou un joueur"),
     (True, True, False, False, False)),
    (gettext_lazy("Publier, supprimer, copier un concours"), (True, True, False, False, False)),
    (gettext_lazy("Rétablir une valeur du journal, restaurer une sauvegarde"),
     (True, True, False, False, False)),
    (gettext_lazy("Fusionner et anonymiser les joueurs du registre"),
     (True, False, False, False, False)),
    (gettext_lazy("Gérer les membres du club et leurs rôles"), (True, False, False, False, False)),
]


def club_roles(user: AbstractBaseUser | AnonymousUser) -> dict[int, str]:
    """The account's role in each of its clubs, by club id (one query, kept on the request's
    user for the rest of the request)."""
    if not user.is_authenticated:
        return {}
    roles = getattr(user, _ROLES, None)
    if roles is None:
        # Unordered: Membership's order (by club name, then username) joined both tables.
        roles = dict(Membership.objects.filter(user_id=user.pk).order_by()
                     .values_list("club_id", "role"))
        setattr(user, _ROLES, roles)
    return roles


def role_in(request: HttpRequest, tournament: Tournament) -> str | None:
    """The visitor's role in the concours' club, None when not a member."""
    return club_roles(request.user).get(tournament.club_id)


def is_member(request: HttpRequest, tournament: Tournament) -> bool:
    """At the concours' desk: a member of its club, whatever the role."""
    return role_in(request, tournament) in DESK_ROLES


def is_organiser(request: HttpRequest, tournament: Tournament) -> bool:
    """Runs the concours: the responsable or an organisateur of its club."""
    return role_in(request, tournament) in RUNNING_ROLES


def readable(request: HttpRequest, slug: str) -> Tournament:
    """The tournament, if this visitor may read it (published, or of one of their clubs).
    Its formule en phases comes with it (a join): the menu of every page asks for it."""
    tournament = get_object_or_404(Tournament.objects.select_related("phase_plan"), slug=slug)
    _require_readable(request, tournament)
    return tournament


def _require_readable(request: HttpRequest, tournament: Tournament) -> None:
    if not tournament.published and not is_member(request, tournament):
        raise Http404(_("Ce concours n'est pas publié."))


def require_desk(request: HttpRequest, tournament: Tournament) -> None:
    """A change the club's desk makes (any member): for anyone else the change does not
    exist (404), whether or not the concours is published."""
    if not is_member(request, tournament):
        raise Http404(_("Cette page n'existe pas."))


def require_organiser(request: HttpRequest, tournament: Tournament) -> None:
    """A change that runs the concours: the club's table de marque is refused (403, in
    French); anyone else is told nothing of it (404)."""
    require_desk(request, tournament)
    if not is_organiser(request, tournament):
        raise PermissionDenied(_("La table de marque ne peut pas faire cela : seuls le "
                                 "responsable du club et ses organisateurs le peuvent."))


def at_desk(request: HttpRequest, slug: str) -> Tournament:
    """The tournament, for a view of the club's desk (any member)."""
    tournament = readable(request, slug)
    require_desk(request, tournament)
    return tournament


def organised(request: HttpRequest, slug: str) -> Tournament:
    """The tournament, for a view that only its organisers (responsable, organisateur) use."""
    tournament = readable(request, slug)
    require_organiser(request, tournament)
    return tournament


def managed_club(request: HttpRequest, slug: str) -> Club:
    """A club, for its responsable (its members' page): another member is refused (403), an
    account of another club is told nothing (404)."""
    club = get_object_or_404(Club, slug=slug)
    role = club_roles(request.user).get(club.pk)
    if role is None:
        raise Http404(_("Cette page n'existe pas."))
    if role != ROLE_RESPONSABLE:
        raise PermissionDenied(_("Seul le responsable du club gère ses membres."))
    return club


def organising_clubs(user: AbstractBaseUser | AnonymousUser) -> list[Club]:
    """The clubs in which `user` creates concours (responsable or organisateur), by name."""
    ids = [club for club, role in club_roles(user).items() if role in RUNNING_ROLES]
    return list(Club.objects.filter(pk__in=ids).order_by("name", "pk"))


def readable_round(request: HttpRequest, slug: str, number: int) -> Round:
    """The partie, if this visitor may read its concours (as `readable`): read with its
    concours in one query, the concours alone only when the partie does not exist."""
    # Sliced, never .first(): a slug and a number name one partie at most, and the ordering
    # .first() adds cost a third of the lookup.
    found = list(Round.objects.select_related("tournament__phase_plan")
                 .filter(tournament__slug=slug, number=number).order_by()[:1])
    round_ = found[0] if found else None
    tournament = round_.tournament if round_ is not None else get_object_or_404(
        Tournament, slug=slug)
    _require_readable(request, tournament)
    if round_ is None:
        raise Http404(_("Cette page n'existe pas."))
    return round_


# A game's page shows its teams and their players: read with the game, in one query. A
# preview (each pause while a row is typed) shows none: its lookup leaves them out, which
# makes it half as costly.
GAME_RULES = ("round__tournament",)
GAME_RELATED = (*GAME_RULES, "team_ns__first", "team_ns__second", "team_ew__first",
                "team_ew__second")


def game_of(tournament: Tournament, number: int, table: int, *, teams: bool = True) -> Game:
    """Table `table` of round `number`, looked up under its tournament; with its teams and
    their players unless `teams` is False."""
    game = get_object_or_404(
        Game.objects.select_related(*(GAME_RELATED if teams else GAME_RULES)),
        round__tournament=tournament, round__number=number, table=table,
    )
    # The concours as the caller read it (`readable`: with its formule, which the menu
    # asks for), not a second copy that would read the formule again.
    game.round.tournament = tournament
    return game


def readable_game(request: HttpRequest, slug: str, number: int, table: int, *,
                  teams: bool = True) -> Game:
    return game_of(readable(request, slug), number, table, teams=teams)


def linked_side(token: str, *, teams: bool = True) -> tuple[Game, str]:
    """The game a table link opens, and whose link it is, as a side's value: `token` is the
    game's North-South link ("NS") or its East-West one (`token_ew`, "EW"). A real table
    only (a bye has nothing to enter); anything else is a 404. One query, the game's round
    and tournament with it, and its teams and their players unless `teams` is False."""
    # Sliced, never .first(): ordering by Game's Meta (a join on the round) cost more than
    # the rest of the lookup, for a token that names one game at most. A bye is told apart
    # once read (the filter in SQL cost more than the test).
    found = list(Game.objects.select_related(*(GAME_RELATED if teams else GAME_RULES))
                 .filter(Q(token=token) | Q(token_ew=token)).order_by()[:1])
    if not found or found[0].is_bye:
        raise Http404(_("Ce lien de table n'existe pas."))
    game = found[0]
    return game, Side.NS.value if game.token == token else Side.EW.value


# --- The club (issue 22): its members, each with a role ---------------------------------------
# Small helpers for the club's pages (the register of players, the seasons, the site export);
# a member of another club, or a visitor, finds nothing there (404).


def club_role(request: HttpRequest, club: Club) -> str | None:
    """The visitor's role in `club` (choices.ROLE_*), None when not a member."""
    return club_roles(request.user).get(club.pk)


def club_membership(request: HttpRequest, slug: str) -> tuple[Club, str]:
    """The club and the visitor's role in it; a 404 for anyone who is not a member."""
    club = get_object_or_404(Club, slug=slug)
    role = club_role(request, club)
    if role is None:
        raise Http404(_("Ce club n'existe pas."))
    return club, role


def club_member(request: HttpRequest, slug: str,
                roles: Collection[str] | None = None) -> Club:
    """The club `slug`, for one of its members (any role, or one of `roles`): a 404 for
    anyone else, a 403 for a member whose role may not do this."""
    club, role = club_membership(request, slug)
    if roles is not None and role not in roles:
        raise PermissionDenied(_("Votre rôle dans le club ne permet pas de faire cela."))
    return club


# Who edits the register (adds, corrects), and who merges and anonymises its players.
REGISTER_EDITORS = (ROLE_RESPONSABLE, ROLE_ORGANISATEUR)
REGISTER_KEEPERS = (ROLE_RESPONSABLE,)
# Who adds and deletes the club's sponsors' logos (its members all see them).
SPONSOR_EDITORS = (ROLE_RESPONSABLE, ROLE_ORGANISATEUR)


# --- Seasons (issue 25): a club's members read its seasons, its responsable and
# organisateurs change them; a published season's standings are everyone's. ---------------


def may_edit_seasons(role: str | None) -> bool:
    return role in (ROLE_RESPONSABLE, ROLE_ORGANISATEUR)


def club_season_editor(request: HttpRequest, slug: str) -> Club:
    """The club, for a page that changes its seasons (responsable, organisateur)."""
    club, role = club_membership(request, slug)
    if not may_edit_seasons(role):
        raise PermissionDenied(_("Seuls le responsable et les organisateurs du club "
                                 "peuvent changer ses saisons."))
    return club


def season_readable(request: HttpRequest, slug: str, season: int) -> tuple[Season, str | None]:
    """The season (of the club `slug`) and the visitor's role: members read it, everyone
    once it is published; a 404 otherwise."""
    found = get_object_or_404(Season.objects.select_related("club"), pk=season,
                              club__slug=slug)
    role = club_role(request, found.club)
    if role is None and not found.published:
        raise Http404(_("Cette saison n'est pas publiée."))
    return found, role


def season_editable(request: HttpRequest, slug: str, season: int) -> Season:
    found, role = season_readable(request, slug, season)
    if role is None:
        raise Http404(_("Cette saison n'est pas publiée."))
    if not may_edit_seasons(role):
        raise PermissionDenied(_("Seuls le responsable et les organisateurs du club "
                                 "peuvent changer ses saisons."))
    return found
