"""The database that cannot write: a French 503 instead of a server error.

A full disk ("database or disk is full") or a database file that became read-only ("attempt
to write a readonly database") is not a bug of the app but of its machine: the organiser must
free some space or fix the file, then send again. Whatever the request was, nothing was saved
(the transaction rolled back), and the page says so in French with a 503 (try again later).

Two places see the error: the middleware's process_exception, for a view's (most of them: a
save), and the 500 handler, for the rest (a session or a message written after the view, in
another middleware's response). Any other error stays a 500: a bug is never hidden.
"""

from __future__ import annotations

import errno
import logging
import sys
from collections.abc import Callable

from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.template import loader
from django.views.decorators.csrf import requires_csrf_token

logger = logging.getLogger("tournament.errors")  # the name its log lines have always had

# SQLite's messages (sqlite3 errors SQLITE_FULL, SQLITE_READONLY) and PostgreSQL's (disk full:
# "could not extend file … No space left on device"; a standby or a read-only transaction).
_CANNOT_WRITE = (
    "database or disk is full",
    "readonly database",
    "read-only",
    "no space left on device",
)


_NO_WRITE_ERRNOS = {errno.ENOSPC, errno.EROFS, errno.EDQUOT}


def cannot_write(error: BaseException | None) -> bool:
    """Whether `error` says the database cannot write (a full disk, a read-only file). The
    writers' lock file beside an SQLite database (config.sqlite) fails as an OSError: no space
    left, a read-only file system, a quota."""
    if isinstance(error, OSError) and error.errno in _NO_WRITE_ERRNOS:
        return True
    if not isinstance(error, DatabaseError):
        return False
    text = str(error).lower()
    return any(words in text for words in _CANNOT_WRITE)


def unavailable() -> HttpResponse:
    """The French 503 page (rendered without a request: it reads nothing from the database)."""
    response = HttpResponse(loader.render_to_string("503.html"), status=503)
    response["Retry-After"] = "60"
    return response


class DatabaseUnavailableMiddleware:
    """A view's database error that says it cannot write: the 503 page, logged as a warning."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest,
                          exception: Exception) -> HttpResponse | None:
        if not cannot_write(exception):
            return None  # Django's own handling: a bug stays a 500
        logger.warning("La base ne peut pas écrire (%s %s) : %s", request.method,
                       request.path, exception)
        return unavailable()


@requires_csrf_token
def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: the 503 page if the error being handled says the database cannot write
    (raised outside a view), else the French 500 page (Django's own, without context)."""
    if cannot_write(sys.exception()):
        return unavailable()
    return HttpResponseServerError(loader.render_to_string("500.html"))
