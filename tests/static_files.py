"""WhiteNoise's middleware for the tests: the static files' index built once a process.

Each test's new `Client` loads the middleware again at its first request, and WhiteNoise's
reads every static file then (the finders' folders and STATIC_ROOT: about 0.17 s, the most of
many a view test's time). Its index of the same folders is the same each time: this subclass
keeps it, by the settings that choose those files, and gives it to every later instance. What
it serves, and how, is WhiteNoise's own (production's settings are untouched; tests/conftest.py
puts it in MIDDLEWARE's place for the tests)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from django.conf import settings
from whitenoise.middleware import WhiteNoiseMiddleware

MIDDLEWARE = "whitenoise.middleware.WhiteNoiseMiddleware"


class WhiteNoiseIndexedOnce(WhiteNoiseMiddleware):
    # Each scan's entries (url -> WhiteNoise's StaticFile), by what chose its files.
    _scanned: ClassVar[dict[tuple, dict[str, Any]]] = {}

    def add_files(self, root: Any, prefix: str | None = None) -> None:
        self._once(("root", str(root), prefix), lambda: super(
            WhiteNoiseIndexedOnce, self).add_files(root, prefix=prefix))

    def add_files_from_finders(self) -> None:
        self._once(("finders", self.static_prefix, repr(settings.STATICFILES_DIRS),
                    tuple(settings.STATICFILES_FINDERS), tuple(settings.INSTALLED_APPS)),
                   super().add_files_from_finders)

    def _once(self, key: tuple, scan: Callable[[], None]) -> None:
        if self.autorefresh:  # nothing indexed: each request looks for its file
            scan()
            return
        key = (*key, *_chosen_by())
        entries = self._scanned.get(key)
        if entries is None:
            before = dict(self.files)
            scan()
            entries = {url: found for url, found in self.files.items()
                       if before.get(url) is not found}
            self._scanned[key] = entries
        else:
            self.files.update(entries)


def _chosen_by() -> tuple:
    """The settings that shape WhiteNoise's files besides their folders: its own, DEBUG (its
    defaults), where static files are served."""
    own = sorted((name, repr(getattr(settings, name))) for name in dir(settings)
                 if name.startswith("WHITENOISE_"))
    return (*own, settings.DEBUG, settings.STATIC_URL, settings.FORCE_SCRIPT_NAME)


def indexed_once(middleware: list[str]) -> list[str]:
    """`middleware` (settings.MIDDLEWARE) with WhiteNoise's in its place indexing once."""
    return [f"{__name__}.WhiteNoiseIndexedOnce" if path == MIDDLEWARE else path
            for path in middleware]
