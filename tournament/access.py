"""Who may see and change what. Three roles:

- the tournament's organiser (its Django account): everything of that tournament;
- a table link (/table/<token>/): that one game, and entering its donnes until the round is
  closed — nothing else, the token is the whole credential;
- everyone else: the pairings, games, standings and screen view once the organiser has
  published the tournament; before that, the tournament does not exist for them (404).

Every object is looked up under its tournament, so a slug never reaches another's data.
"""

from __future__ import annotations

from collections.abc import Collection

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from scoring import Side

from .choices import ROLE_ORGANISATEUR, ROLE_RESPONSABLE
from .models import Club, Game, Membership, Round, Season, Tournament


def is_organiser(request: HttpRequest, tournament: Tournament) -> bool:
    return request.user.is_authenticated and request.user.pk == tournament.organiser_id


def readable(request: HttpRequest, slug: str) -> Tournament:
    """The tournament, if this visitor may read it (published, or theirs)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.published and not is_organiser(request, tournament):
        raise Http404(_("Ce concours n'est pas publié."))
    return tournament


def require_organiser(request: HttpRequest, tournament: Tournament) -> None:
    if not is_organiser(request, tournament):
        raise PermissionDenied(_("Seul l'organisateur du concours peut faire cela."))


def organised(request: HttpRequest, slug: str) -> Tournament:
    """The tournament, for a view that only its organiser may use."""
    tournament = readable(request, slug)
    require_organiser(request, tournament)
    return tournament


def readable_round(request: HttpRequest, slug: str, number: int) -> Round:
    tournament = readable(request, slug)
    return get_object_or_404(Round.objects.select_related("tournament"),
                             tournament=tournament, number=number)


# A game's page shows its teams and their players: read with the game, in one query. A
# preview (each pause while a row is typed) shows none: its lookup leaves them out, which
# makes it half as costly.
GAME_RULES = ("round__tournament",)
GAME_RELATED = (*GAME_RULES, "team_ns__first", "team_ns__second", "team_ew__first",
                "team_ew__second")


def game_of(tournament: Tournament, number: int, table: int, *, teams: bool = True) -> Game:
    """Table `table` of round `number`, looked up under its tournament; with its teams and
    their players unless `teams` is False."""
    return get_object_or_404(
        Game.objects.select_related(*(GAME_RELATED if teams else GAME_RULES)),
        round__tournament=tournament, round__number=number, table=table,
    )


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
    if not request.user.is_authenticated:
        return None
    return (Membership.objects.filter(club=club, user_id=request.user.pk)
            .values_list("role", flat=True).first())


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


def registering(request: HttpRequest, slug: str) -> Tournament:
    """A concours, for whoever registers its entrants: its organiser, or a member of its
    club (any role: the table de marque registers entrants too); a 404 for anyone else."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), slug=slug)
    if not is_organiser(request, tournament) and club_role(request, tournament.club) is None:
        raise Http404(_("Ce concours n'existe pas."))
    return tournament


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
