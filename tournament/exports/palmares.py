"""The palmarès: who wins which lot, in large type, printed to be read out at the end of the
evening (A4 portrait, WeasyPrint). Its data is built apart from its rendering."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import Tournament
from ..selectors import StandingsLine, StandingsScope, standings_scope
from ..selectors.prizes import Award, Awards, lot_words, standings_awards
from . import weasy


@dataclass(frozen=True)
class Palmares:
    tournament: Tournament
    awards: Awards
    scope: StandingsScope
    melee: bool

    @property
    def rows(self) -> list[Award]:
        return self.awards.awarded

    @property
    def provisional(self) -> bool:
        """Printed before the last partie is over: its lots may still change hands."""
        return (self.scope.current is not None
                or self.scope.complete < self.tournament.parties_planned)

    @property
    def unawarded(self) -> list[str]:
        """The lots nobody receives, in words ("24e au 30e : bouteille")."""
        return [f"{lot_words(lot, self.melee)} : {lot.label}" for lot in self.awards.unawarded]

    @property
    def unplaced(self) -> list[str]:
        """Who takes no place, and why: "Équipe 3 (retirée)"."""
        return [f"{award.name} ({award.unplaced_reason})" for award in self.awards.unplaced]

    @property
    def who(self) -> str:
        return _("Joueur") if self.melee else _("Équipe")


def palmares(tournament: Tournament, lines: Sequence[StandingsLine] | None = None) -> Palmares:
    """The palmarès of the standings as they stand (`lines`: already built by the caller)."""
    return Palmares(tournament, standings_awards(tournament, lines),
                    standings_scope(tournament), tournament.format == "melee")


def palmares_html(tournament: Tournament,
                  lines: Sequence[StandingsLine] | None = None) -> str:
    data = palmares(tournament, lines)
    return render_to_string("printing/palmares.html", {
        "tournament": tournament, "palmares": data, "printed": timezone.localtime(),
    })


def palmares_pdf(tournament: Tournament, lines: Sequence[StandingsLine] | None = None) -> bytes:
    return weasy.html_to_pdf(palmares_html(tournament, lines))
