"""The hall's screens (`/t/<slug>/ecrans/<n>/`): the views a screen may show in turn, as a
registry, and its rotation written as text ("tables:15,classement:20"), each view with its
seconds. Pure: the model stores the text, the desk's form and the screen's page read it."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _l

# The views, in the order a screen shows them; the projector's own (screen.html) and three of
# the screens' (a message, the countdown, the club's sponsors).
VIEWS: dict[str, Promise] = {
    # Named as the screen titles them: « ou » was « Les appels », the title of « tables » in
    # a concours in phases, and the desk set the wrong one.
    "tables": _l("Les tables de la partie (en phases : les appels, chaque match à sa table)"),
    "ou": _l("Où je joue ? : chaque équipe (chaque joueur) et sa table"),
    # A concours in phases (BRACKETS.md 7): during the poules, the tableaux; « tables » is
    # then the calls of every tableau.
    "poules": _l("Les poules : grilles et classements (concours en phases)"),
    "tableaux": _l("Les tableaux : les tours en cours (concours en phases)"),
    "classement": _l("Le classement, par pages"),
    "palmares": _l("Le palmarès (une fois le concours fini)"),
    "message": _l("Le message"),
    "chrono": _l("Le compte à rebours de la partie"),
    "partenaires": _l("Les partenaires (les logos du club)"),
}
# Each view in a word, for the desk's list of screens (« Poules 20 s, Tableaux 20 s »).
VIEW_NAMES: dict[str, Promise] = {
    "tables": _l("Tables"), "ou": _l("Où je joue ?"), "poules": _l("Poules"),
    "tableaux": _l("Tableaux"), "classement": _l("Classement"), "palmares": _l("Palmarès"),
    "message": _l("Message"), "chrono": _l("Compte à rebours"),
    "partenaires": _l("Partenaires"),
}
MIN_SECONDS, MAX_SECONDS = 5, 600  # a view's time: read, never a flash, never forever
MAX_SCREENS = 20  # screens a concours may have
MESSAGE_LENGTH = 300
SPONSORS_PER_PAGE = 6  # logos a page of the sponsors' view: read from the back of the hall
DEFAULT_ROTATION = "tables:15,classement:20"
# A concours in phases: its poules, then its tableaux, each shown in its time (a view with
# nothing to show is passed over).
PHASES_ROTATION = "tables:15,poules:20,tableaux:20,classement:20"


def rotation_text(seconds: dict[str, int]) -> str:
    """The views shown (more than 0 seconds), in the registry's order, as the model keeps
    them. The form has bounded each time (MIN_SECONDS to MAX_SECONDS, or 0)."""
    return ",".join(f"{key}:{seconds[key]}" for key in VIEWS if seconds.get(key, 0) > 0)


def rotation_of(text: str) -> dict[str, int]:
    """The rotation kept as text, each view's seconds (a view unknown, or a time out of
    bounds, left out: a stored text is never trusted to be well made)."""
    found: dict[str, int] = {}
    for part in text.split(","):
        key, _sep, value = part.partition(":")
        if key in VIEWS and value.isdigit() and MIN_SECONDS <= int(value) <= MAX_SECONDS:
            found[key] = int(value)
    return found
