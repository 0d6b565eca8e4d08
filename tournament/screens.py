"""The hall's screens (`/t/<slug>/ecrans/<n>/`): the views a screen may show in turn, as a
registry, and its rotation written as text ("tables:15,classement:20"), each view with its
seconds. Pure: the model stores the text, the desk's form and the screen's page read it."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _l


@dataclass(frozen=True)
class ScreenView:
    """A view a screen may show: its line in the desk's form, and its word in the desk's list
    of screens (« Poules 20 s, Tableaux 20 s »)."""

    label: Promise
    word: Promise


# The views, in the order a screen shows them; the projector's own (screen.html) and three of
# the screens' (a message, the countdown, the club's sponsors).
VIEWS: dict[str, ScreenView] = {
    # Named as the screen titles them: « ou » was « Les appels », the title of « tables » in
    # a concours in phases, and the desk set the wrong one.
    "tables": ScreenView(
        _l("Les tables de la partie (en phases : les appels, chaque match à sa table)"),
        _l("Tables")),
    "ou": ScreenView(_l("Où je joue ? : chaque équipe (chaque joueur) et sa table"),
                     _l("Où je joue ?")),
    # A concours in phases (BRACKETS.md 7): during the poules, the tableaux; « tables » is
    # then the calls of every tableau.
    "poules": ScreenView(_l("Les poules : grilles et classements (concours en phases)"),
                         _l("Poules")),
    "tableaux": ScreenView(_l("Les tableaux : les tours en cours (concours en phases)"),
                           _l("Tableaux")),
    "classement": ScreenView(_l("Le classement, par pages"), _l("Classement")),
    "palmares": ScreenView(_l("Le palmarès (une fois le concours fini)"), _l("Palmarès")),
    "message": ScreenView(_l("Le message"), _l("Message")),
    "chrono": ScreenView(_l("Le compte à rebours de la partie"), _l("Compte à rebours")),
    "partenaires": ScreenView(_l("Les partenaires (les logos du club)"), _l("Partenaires")),
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
