"""The club: its creation, the club a concours goes to when none is named, and its members
(the responsable invites an account and hands over a one-time link, changes a role, removes
a member; the club keeps a record of each: models.ClubEntry).

An account joins a club only by accepting an invitation (models.MemberInvite): a new account
through its link (valid 48 hours, used once), where it chooses its password; an account that
already exists once its owner is signed in. No password is ever shown, printed or mailed.
The link's token is shown once; only its SHA-256 is stored."""

from __future__ import annotations

import datetime
import hashlib
import secrets

from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from .. import validators
from ..choices import ROLE_CHOICES, ROLE_ORGANISATEUR, ROLE_RESPONSABLE
from ..errors import UserError
from ..journal import Actor
from ..models import Club, ClubEntry, MemberInvite, Membership
from .common import text_field

__all__ = ["club_create", "club_first", "club_of_organiser", "club_rename", "invitation_accept",
           "invitation_decline", "invite_accept", "invite_valid", "member_create",
           "member_link", "member_remove", "member_role_set"]

INVITE_HOURS = 48
USERNAME_MAX = 150  # Django's User.username

# Roles that create and run concours.
ORGANISING_ROLES = (ROLE_RESPONSABLE, ROLE_ORGANISATEUR)


def _free_slug(name: str) -> str:
    base = (slugify(name) or "club")[:50]
    slug, number = base, 1
    while Club.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug


@transaction.atomic
def club_create(*, name: str, responsable: User) -> Club:
    """A new club, `responsable` its first member (role responsable)."""
    name = text_field(Club, "name", name)
    club = Club.objects.create(name=name, slug=_free_slug(name))
    Membership.objects.create(club=club, user=responsable, role=ROLE_RESPONSABLE)
    return club


FIRST_CLUB = "Mon club"


@transaction.atomic
def club_first(*, responsable: User) -> Club:
    """The first start's club (`first_run`, the installed command's first start): « Mon
    club », `responsable` its responsable, unless they already belong to a club (then the
    first of theirs)."""
    membership = (Membership.objects.filter(user=responsable).select_related("club")
                  .order_by("pk").first())
    if membership is not None:
        return membership.club
    return club_create(name=FIRST_CLUB, responsable=responsable)


@transaction.atomic
def club_rename(*, club: Club, name: str, by: Actor) -> Club:
    """The club's name (« Mon club » at the first start), as the site export, the season's
    PDF and the pages print it; its address (slug) stays, or links already given would die.
    Recorded in the club's record of changes."""
    name = text_field(Club, "name", name, label=_("Nom du club"))
    club = Club.objects.select_for_update().get(pk=club.pk)
    if club.name != name:
        _record(club, by, "rename", "", before=club.name, after=name)
        club.name = name
        club.save(update_fields=["name"])
    return club


def runs_club(user: User | AnonymousUser, club_id: int) -> bool:
    """Whether `user` runs the concours of club `club_id` (responsable or organisateur)."""
    return user.is_authenticated and Membership.objects.filter(
        user=user, club_id=club_id, role__in=ORGANISING_ROLES).exists()


def club_of_organiser(user: User) -> Club:
    """The club a concours created by `user` goes to when none is named: the first club in
    which `user` organises (responsable or organisateur); a club of their own, of which they
    are the responsable, when they organise in none (an account made before clubs, a test)."""
    membership = (Membership.objects.filter(user=user, role__in=ORGANISING_ROLES)
                  .select_related("club").order_by("pk").first())
    if membership is not None:
        return membership.club
    return club_create(name=f"Club de {user.get_username()}", responsable=user)


# --- Members ---------------------------------------------------------------------------


def _record(club: Club, by: Actor, action: str, member: str, before: str = "",
            after: str = "") -> None:
    ClubEntry.objects.create(club=club, actor=by.label[:150], action=action,
                             member=member[:150], before=before, after=after)


def _role_checked(role: object) -> str:
    if role not in dict(ROLE_CHOICES):
        raise UserError(_("Rôle inconnu."), "role")
    return str(role)


def _username_checked(username: object) -> str:
    try:
        name = validators.clean_text(username, label=_("Identifiant"), max_length=USERNAME_MAX)
        UnicodeUsernameValidator()(name)
    except validators.InvalidText as error:
        raise UserError(str(error), "username") from None
    except ValidationError:
        raise UserError(_("Identifiant : des lettres, des chiffres et @ . + - _ seulement, "
                          "sans espace."), "username") from None
    return name


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _new_link(club: Club, user: User, by: Actor, *, role: str, joins: bool) -> str:
    """A new one-time link inviting `user` to `club`; the account's earlier links to this
    club no longer open (its links to other clubs are theirs)."""
    MemberInvite.objects.filter(club=club, user=user, used__isnull=True).update(
        expires=timezone.now())
    token = secrets.token_urlsafe(32)
    MemberInvite.objects.create(
        club=club, user=user, token_hash=_token_hash(token), created_by_id=by.user_id,
        role=role, joins=joins,
        expires=timezone.now() + datetime.timedelta(hours=INVITE_HOURS))
    return token


@transaction.atomic
def member_create(*, club: Club, username: str, role: str, by: Actor) -> tuple[str, str]:
    """Invite `username` to `club` with `role`: the user name and the invitation's one-time
    link's token, shown once. A new account (no password) chooses its password through the
    link; an account that already exists (a league's server: one account, several clubs)
    is only invited: its owner accepts once signed in (invitation_accept), and the link
    sets no password. The answer is the same either way, so that the form tells no one
    which user names exist; the membership exists once the invitation is accepted."""
    name, role = _username_checked(username), _role_checked(role)
    users = get_user_model()
    account = users.objects.select_for_update().filter(username__iexact=name).first()
    if account is not None and Membership.objects.filter(club=club, user=account).exists():
        # Only the club's own members: its responsable sees them on the same page.
        raise UserError(_("« %(name)s » est déjà membre du club.") % {"name": name},
                        "username")
    # An account the club created that has no password yet gets a new link that sets it
    # (the first one lost); any other existing account is only invited to join.
    joins = account is not None and (account.has_usable_password()
                                     or not _created_by(club.pk, account.pk))
    if account is None:
        account = users(username=name)
        account.set_unusable_password()
        account.save()
    _record(club, by, "invite", name, after=role)
    return name, _new_link(club, account, by, role=role, joins=joins)


def _locked_membership(membership: Membership) -> Membership:
    # The club's memberships locked (by id), so that two responsables cannot each remove
    # the other one at once and leave the club without one.
    locked = list(Membership.objects.select_for_update().filter(club_id=membership.club_id)
                  .order_by("pk"))
    for row in locked:
        if row.pk == membership.pk:
            return row
    raise UserError(_("Ce membre n'est plus dans le club."))


def _last_responsable(membership: Membership) -> bool:
    return membership.role == ROLE_RESPONSABLE and not Membership.objects.filter(
        club_id=membership.club_id, role=ROLE_RESPONSABLE).exclude(pk=membership.pk).exists()


@transaction.atomic
def member_role_set(*, membership: Membership, role: str, by: Actor) -> Membership:
    """Change a member's role; the club's last responsable keeps theirs."""
    role = _role_checked(role)
    current = _locked_membership(membership)
    if role == current.role:
        return current
    if _last_responsable(current):
        raise UserError(_("C'est le dernier responsable du club : nommez d'abord un autre "
                          "responsable."), "role")
    before, current.role = current.role, role
    current.save(update_fields=["role"])
    _record(current.club, by, "role", current.user.get_username(), before=before, after=role)
    return current


@transaction.atomic
def member_remove(*, membership: Membership, by: Actor) -> None:
    """Remove a member from the club (the account stays: it may belong to other clubs);
    never the club's last responsable. Its links not yet used no longer open."""
    current = _locked_membership(membership)
    if _last_responsable(current):
        raise UserError(_("C'est le dernier responsable du club : il ne peut pas être "
                          "retiré."))
    MemberInvite.objects.filter(club_id=current.club_id, user_id=current.user_id,
                                used__isnull=True).update(expires=timezone.now())
    _record(current.club, by, "remove", current.user.get_username(), before=current.role)
    current.delete()


def _created_by(club_id: int, user_id: int) -> bool:
    # The club that created the account is the one whose first invitation made it (not an
    # invitation of an account that already existed).
    first = (MemberInvite.objects.filter(user_id=user_id).order_by("created", "pk")
             .values_list("club_id", "joins").first())
    return first is not None and first == (club_id, False)


@transaction.atomic
def member_link(*, membership: Membership, by: Actor) -> str:
    """A new one-time link for a member who has not chosen a password yet (the first one
    lost or expired), and only if the club created the account. An account with a
    password, or one another club created, gets none: a link would let whoever holds it
    take the account (and its other clubs)."""
    current = _locked_membership(membership)
    if (current.user.has_usable_password()
            or not _created_by(current.club_id, current.user_id)):
        raise UserError(_("Ce membre a déjà choisi son mot de passe, ou son compte vient "
                          "d'un autre club : il se connecte avec son propre mot de passe."))
    _record(current.club, by, "link", current.user.get_username())
    return _new_link(current.club, current.user, by, role="", joins=False)


def invite_valid(token: str) -> MemberInvite | None:
    """The link's invitation while it opens: known, not used, not expired, and, for a link
    made before invitations were pending (no role), its account still a member of the club.
    None otherwise (a wrong, used or expired link alike)."""
    if not token or len(token) > 100:
        return None
    invite = (MemberInvite.objects.select_related("user", "club")
              .filter(token_hash=_token_hash(token)).first())
    if invite is None or invite.used is not None or invite.expires <= timezone.now():
        return None
    if not invite.role and not Membership.objects.filter(
            club_id=invite.club_id, user_id=invite.user_id).exists():
        return None
    return invite


def _join(invite: MemberInvite) -> None:
    """The invitation's membership (its role), once accepted; a link made before
    invitations were pending already has one."""
    if invite.role and not Membership.objects.filter(club_id=invite.club_id,
                                                     user_id=invite.user_id).exists():
        Membership.objects.create(club_id=invite.club_id, user_id=invite.user_id,
                                  role=invite.role)


@transaction.atomic
def invite_accept(*, token: str, password: str, confirmation: str) -> User:
    """A new account chooses its password through the link and joins the club: Django's
    password validators, the link used once (marked used in the same transaction, the row
    locked). The link of an account that already existed sets nothing: its owner accepts
    the invitation once signed in with their own password."""
    invite = invite_valid(token)
    if invite is None:
        raise UserError(_("Ce lien n'est pas valable : il a déjà servi, il a expiré (48 "
                          "heures) ou il est faux. Demandez-en un nouveau au responsable du "
                          "club."))
    locked = MemberInvite.objects.select_for_update().get(pk=invite.pk)
    if locked.used is not None:
        raise UserError(_("Ce lien a déjà servi."))
    account = invite.user
    if locked.joins or account.has_usable_password():
        raise UserError(_("Ce lien ne choisit pas de mot de passe pour ce compte : "
                          "connectez-vous avec le vôtre, l'invitation vous attend sur la "
                          "page d'accueil."))
    if password != confirmation:
        raise UserError(_("Les deux mots de passe ne sont pas identiques."), "password2")
    try:
        password_validation.validate_password(password, account)
    except ValidationError as error:
        raise UserError(" ".join(error.messages), "password1") from None
    account.set_password(password)
    account.save(update_fields=["password"])
    locked.used = timezone.now()
    locked.save(update_fields=["used"])
    _join(locked)
    _record(invite.club, Actor.of_user(account), "joined", account.get_username())
    return account


def _pending(user: User | AnonymousUser, invitation: int) -> MemberInvite:
    # The account's own invitation only: another's is not found.
    invite = (MemberInvite.objects.select_for_update().select_related("club")
              .filter(pk=invitation, user_id=user.pk or 0, used__isnull=True,
                      expires__gt=timezone.now()).exclude(role="").first())
    if invite is None:
        raise UserError(_("Cette invitation n'est plus valable : demandez-en une nouvelle "
                          "au responsable du club."))
    return invite


@transaction.atomic
def invitation_accept(*, user: User | AnonymousUser, invitation: int) -> Club:
    """The signed-in account accepts its pending invitation `invitation` (its own only):
    it joins the club with the invitation's role. Its club."""
    invite = _pending(user, invitation)
    invite.used = timezone.now()
    invite.save(update_fields=["used"])
    _join(invite)
    _record(invite.club, Actor.of_user(user), "accepted", user.get_username(),
            after=invite.role)
    return invite.club


@transaction.atomic
def invitation_decline(*, user: User | AnonymousUser, invitation: int) -> Club:
    """The signed-in account declines its pending invitation: it no longer opens."""
    invite = _pending(user, invitation)
    invite.expires = timezone.now()
    invite.save(update_fields=["expires"])
    _record(invite.club, Actor.of_user(user), "declined", user.get_username())
    return invite.club
