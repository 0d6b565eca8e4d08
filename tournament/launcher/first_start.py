"""The installed command's first start: the first account exists with no password until its
owner chooses one in the browser, on a page only this computer reaches (views/launcher.py).

`make run` keeps its own way (`manage.py first_run`: an account with a printed password), so
a database made by `make run` has no first start pending and the page is not found there."""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction

from tournament import services
from tournament.models import Tournament

ORGANISER = "organisateur"


def is_this_computer(remote_addr: str) -> bool:
    """Whether a request's client address is this computer's loopback (127.0.0.0/8, ::1).
    The server is reached directly (no proxy), so REMOTE_ADDR is the client's own."""
    try:
        return ipaddress.ip_address(remote_addr.split("%")[0]).is_loopback
    except ValueError:
        return False


def pending_account() -> User | None:
    """The first account while its password is still to be chosen: the only account, with
    no usable password and never logged in."""
    users = list(get_user_model().objects.order_by("pk")[:2])
    if len(users) != 1:
        return None
    user = users[0]
    return user if not user.has_usable_password() and user.last_login is None else None


@transaction.atomic
def prepare() -> bool:
    """At every start: the first account (no password yet) in a database without any, and
    the demo concours in one without concours. True while the first start is pending."""
    users = get_user_model()
    if not users.objects.exists():
        account = users(username=ORGANISER, is_staff=True)
        account.set_unusable_password()
        account.save()
        services.club_first(responsable=account)  # « Mon club », its responsable
    if not Tournament.objects.exists():
        owner = users.objects.filter(is_staff=True).order_by("pk").first()
        owner = owner or users.objects.order_by("pk").first()
        if owner is not None:
            services.club_first(responsable=owner)  # the demo goes to that club
        services.demo_load(organiser=owner, path=settings.SHARE_DIR / "fixtures" / "demo.json")
    return pending_account() is not None
