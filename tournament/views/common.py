"""What every view module shares: who makes a change, and a service's refusal in a form."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest

from ..errors import UserError
from ..journal import Actor


def _by(request: HttpRequest) -> Actor:
    return Actor.of_user(request.user)


def _form_error(form, error: UserError) -> None:
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


def _form_refusals(request: HttpRequest, form) -> None:
    """A form posted from a page that does not show it again: each refusal as a message on
    the page the view redirects to."""
    for errors in form.errors.values():
        for error in errors:
            messages.error(request, str(error))


def table_link_base(request: HttpRequest) -> str:
    """Where table links start: DJANGO_PUBLIC_URL (the address phones reach), else this one."""
    return settings.PUBLIC_URL or request.build_absolute_uri("/").rstrip("/")
