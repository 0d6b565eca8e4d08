"""`concours-belote`: start the concours application from the data folder, on the club's
network, and open the browser on it. French throughout: its users never read English."""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import TextIO

# Before anything that needs 3.12: pip refuses the wheel on an older Python by its own screen
# (Django's versions listed, in English), which no code of the wheel can replace; this is for
# a checkout's `python -m tournament.launcher`, or a wheel forced with --ignore-requires-python.
MINIMUM_PYTHON = (3, 12)


def python_too_old(version: tuple[int, int]) -> str | None:
    """The French refusal for an interpreter older than MINIMUM_PYTHON, or None."""
    if version >= MINIMUM_PYTHON:
        return None
    return (f"Python 3.12 ou plus récent est nécessaire (celui-ci est Python "
            f"{version[0]}.{version[1]}). Sous Windows, installez plutôt le programme "
            f"d'installation concours-belote-…-setup.exe, qui a son propre Python.")


if _refusal := python_too_old((sys.version_info.major, sys.version_info.minor)):
    raise SystemExit(_refusal)

from tournament.launcher import __version__, bundle, data, network  # noqa: E402

DEFAULT_PORT = 8000
FIRST_START_PATH = "/premier-demarrage/"

# argparse's own words (its messages go through gettext, and no catalogue ships with Python).
_ARGPARSE_FRENCH = {
    "usage: ": "utilisation : ",
    "options": "options",
    "show this help message and exit": "afficher cette aide et quitter",
    "%(prog)s: error: %(message)s\n": "%(prog)s : erreur : %(message)s\n",
    "unrecognized arguments: %s": "arguments inconnus : %s",
    "expected one argument": "une valeur est attendue",
    "argument %(argument_name)s: %(message)s": "argument %(argument_name)s : %(message)s",
    "invalid %(type)s value: %(value)r": "valeur invalide (%(type)s attendu) : %(value)r",
    "the following arguments are required: %s": "arguments obligatoires manquants : %s",
    "ambiguous option: %(option)s could match %(matches)s":
        "option ambiguë : %(option)s peut être %(matches)s",
}


def _french(message: str) -> str:
    return _ARGPARSE_FRENCH.get(message, message)


def _port(value: str) -> int:
    try:
        port = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"« {value} » n'est pas un numéro de port") from None
    if not 1024 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"le port doit être entre 1024 et 65535, pas {port}")
    return port


def parser() -> argparse.ArgumentParser:
    argparse._ = _french  # type: ignore[attr-defined]  # the module's gettext, see above
    parser = argparse.ArgumentParser(
        prog="concours-belote",
        description="Ouvre l'application Concours de belote : le serveur sur cet ordinateur "
                    "(et le réseau du club, pour les téléphones des tables), puis le "
                    "navigateur. Ctrl+C pour l'arrêter.",
        epilog="Les données (base, clé secrète, journaux, sauvegardes) restent dans le "
               f"dossier de données : {data.default_folder()} par défaut.")
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT,
                        help=f"port du serveur (par défaut {DEFAULT_PORT})")
    parser.add_argument("--data", type=Path, metavar="DOSSIER",
                        help="dossier de données (par défaut celui de l'utilisateur)")
    parser.add_argument("--local", action="store_true",
                        help="cet ordinateur seulement : pas d'accès depuis le réseau du club")
    parser.add_argument("--no-browser", action="store_true",
                        help="ne pas ouvrir le navigateur")
    parser.add_argument("--version", action="version", help="afficher la version et quitter",
                        version=f"concours-belote {__version__}")
    return parser


def _ask(question: str, stdin: TextIO) -> bool:
    """A yes/no question when someone can answer it (a console); no otherwise."""
    if not stdin.isatty():
        return False
    try:
        answer = input(question)
    except EOFError:
        return False
    return answer.strip().lower() in {"", "o", "oui", "y", "yes"}


def choose_port(host: str, port: int, *, out: TextIO, stdin: TextIO) -> int | None:
    """`port` if free; otherwise say so, and offer the next free one (asked in a console;
    without one, the command to type). None: nothing to start on."""
    if network.port_free(host, port):
        return port
    print(f"Le port {port} est déjà utilisé sur cet ordinateur : le concours est peut-être "
          f"déjà ouvert (http://127.0.0.1:{port}/), ou un autre programme l'occupe.",
          file=out)
    free = network.next_free_port(host, port)
    if free is None:
        print("Aucun port libre à côté : choisissez-en un avec --port.", file=out)
        return None
    print(f"Le port {free} est libre.", file=out)
    if _ask(f"Démarrer sur le port {free} ? [O/n] ", stdin):
        return free
    print(f"Pour l'utiliser : concours-belote --port {free}", file=out)
    return None


def has_screen() -> bool:
    """Whether a browser window can open: always on Windows and macOS; on Linux and the
    other Unixes, only in a graphical session (without one, webbrowser would start a text
    browser such as lynx in this very console, over the server's words)."""
    if sys.platform in {"win32", "darwin"}:
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _banner(*, local_url: str, phone_url: str | None, folder: Path, out: TextIO) -> None:
    rule = "=" * 64
    print(rule, file=out)
    print(f"Concours de belote {__version__} ouvert : {local_url}/", file=out)
    if phone_url:
        print(f"Adresse pour les téléphones (même Wi-Fi) : {phone_url}/", file=out)
        # A console without block characters: the address above is enough.
        with contextlib.suppress(UnicodeEncodeError):
            network.segno_terminal(phone_url, out)
    else:
        print("Cet ordinateur seulement (--local, ou pas de réseau).", file=out)
    print(f"Données : {folder}", file=out)
    print("Ctrl+C, ou fermez cette fenêtre pour arrêter.", file=out)
    print(rule, file=out, flush=True)


def main(argv: list[str] | None = None) -> int:
    arguments = parser().parse_args(argv)
    if sys.platform == "win32" and (libraries := bundle.libraries_folder(sys.executable)):
        # The Windows installer's Pango and fonts, before WeasyPrint is first imported.
        data.apply(bundle.environment(libraries, os.environ.get("PATH", "")))
    try:
        folder = data.prepare_folder(arguments.data or data.default_folder())
    except OSError as error:  # a file of that name, a folder without the right to write
        print(f"Dossier de données impossible : {error.filename} ({error.strerror}).",
              file=sys.stderr)
        return 2
    if sys.stdout is None:  # started without a console (pythonw): its words go to a file
        log = folder / "console.log"
        sys.stdout = sys.stderr = log.open("a", encoding="utf-8")
    out = sys.stdout
    host = "127.0.0.1" if arguments.local else "0.0.0.0"
    port = choose_port(host, arguments.port, out=out, stdin=sys.stdin)
    if port is None:
        return 2
    lan = None if arguments.local else network.lan_address()
    local_url = f"http://127.0.0.1:{port}"
    phone_url = f"http://{lan}:{port}" if lan else None
    hosts = ["127.0.0.1", "localhost", socket.gethostname()] + ([lan] if lan else [])
    data.apply(data.environment(folder, public_url=phone_url or local_url,
                                allowed_hosts=hosts))

    import django
    from django.core.management import call_command

    django.setup()
    from tournament.launcher import first_start, server

    print("Préparation de la base de données…", file=out, flush=True)
    # Without the system checks (the developers' `make run` and tests run them): they import
    # every view, a second of the start.
    call_command("migrate", interactive=False, verbosity=0, skip_checks=True)
    pending = first_start.prepare()
    try:
        waitress = server.create(host, port)
    except OSError as error:  # taken between the check and now
        print(f"Le port {port} n'a pas pu être ouvert : {error.strerror}.", file=out)
        return 2
    _banner(local_url=local_url, phone_url=phone_url, folder=folder, out=out)
    if pending:
        print(f"Premier démarrage : choisissez le mot de passe de l'organisateur sur "
              f"{local_url}{FIRST_START_PATH}", file=out, flush=True)
    if not arguments.no_browser and has_screen():
        # After the socket listens (create_server has bound it): the page answers at once.
        address = local_url + (FIRST_START_PATH if pending else "/")
        threading.Thread(target=webbrowser.open, args=(address,), daemon=True).start()
    from tournament.launcher.backups import BackupThread
    from tournament.launcher.publishing import PublishThread

    backups, publishing = BackupThread(), PublishThread()
    backups.start()
    publishing.start()

    def at_stop() -> None:
        publishing.stop()
        backups.stop()

    server.run_until_stopped(waitress, folder / data.DATABASE, at_stop=at_stop)
    print("Concours arrêté ; données enregistrées.", file=out, flush=True)
    return 0
