"""The data folder: the database, the secret key, the logs and the backups, and nothing of
the command's anywhere else. Settings read it from the environment (DJANGO_VAR_DIR,
DJANGO_SQLITE_PATH), which `environment` gives before Django starts."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "concours-belote"
DATABASE = "concours.sqlite3"


def default_folder() -> Path:
    """The user's data folder of the platform: %LOCALAPPDATA%\\concours-belote on Windows,
    ~/Library/Application Support/concours-belote on macOS, ~/.local/share/concours-belote
    on Linux."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False, roaming=False))


def prepare_folder(folder: Path) -> Path:
    """`folder`, made (its owner's only) if missing; absolute, so that a later change of the
    working folder changes nothing."""
    folder = folder.expanduser().resolve()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


def environment(folder: Path, *, public_url: str, allowed_hosts: list[str]) -> dict[str, str]:
    """The variables settings read, for a server on the club's network from `folder`."""
    return {
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DJANGO_VAR_DIR": str(folder),
        "DJANGO_SQLITE_PATH": str(folder / DATABASE),
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": ",".join(allowed_hosts),
        "DJANGO_PUBLIC_URL": public_url,
        "DJANGO_AUTO_BACKUP_DIR": str(folder / "sauvegardes"),
    }


def apply(variables: dict[str, str]) -> None:
    """Set the variables this process's Django reads; a DATABASE_URL left in the user's
    environment would send the command's data elsewhere, so it is dropped."""
    os.environ.pop("DATABASE_URL", None)
    os.environ.update(variables)
