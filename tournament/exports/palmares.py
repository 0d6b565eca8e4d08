"""The palmarès: who wins which lot, in large type, printed to be read out at the end of the
evening (A4 portrait, WeasyPrint). Its data is built apart from its rendering."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import Tournament
from ..selectors import StandingsLine, StandingsScope, standings_scope
from ..selectors.money import cash_prizes_by_position, cash_shared_by_ties
from ..selectors.prizes import Award, Awards, lot_words, standings_awards
from . import weasy
from .sponsors import pdf_logos


@dataclass(frozen=True)
class Palmares:
    tournament: Tournament
    awards: Awards
    scope: StandingsScope
    melee: bool
    # Position → its cash prize in cents (the desk's pool, selectors.money): shown with the
    # lots; a line with a cash prize and no lot is on the palmarès too.
    cash: dict[int, int] = dataclasses.field(default_factory=dict)

    @property
    def rows(self) -> list[Award]:
        return [award for award, _cash in self.cash_rows]

    @property
    def cash_rows(self) -> list[tuple[Award, int | None]]:
        """The palmarès' lines with their cash prize (None: none)."""
        return awards_with_cash(self.awards, self.cash)

    @property
    def sections(self) -> list[tuple[str, list[tuple[Award, int | None]]]]:
        """The lines under their headings: a concours in phases gives each tableau its own
        (« Tableau principal », « Consolante », then « Autres places »: BRACKETS.md 6); any
        other concours, one section without a heading."""
        return palmares_sections(self.cash_rows)

    @property
    def tied_cash(self) -> bool:
        """Whether lines ex aequo share a cash prize (the rule is then printed)."""
        return any(award.tied and cash for award, cash in self.cash_rows)

    @property
    def provisional(self) -> bool:
        """Printed before the last partie is over: its lots may still change hands. A
        concours in phases is over once its tableaux give the final places."""
        if any(award.line.phase is not None for award in self.awards.lines):
            return False
        if any(state.phase for state in self.scope.states):
            return True  # in phases, its tableaux not over
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


def awards_with_cash(awards: Awards, cash: dict[int, int]) -> list[tuple[Award, int | None]]:
    """The palmarès' lines, each with its cash prize in cents (None: none): those with a lot,
    and where the desk has a pool, those with a cash prize too."""
    if not cash:
        return [(award, None) for award in awards.awarded]
    cash = cash_shared_by_ties(awards, cash)
    return [(award, cash.get(award.position) if award.placed else None)
            for award in awards.lines if award.label or (award.placed and award.position in cash)]


OTHER_PLACES = "autres places"


def palmares_sections(rows: list[tuple[Award, int | None]]
                      ) -> list[tuple[str, list[tuple[Award, int | None]]]]:
    """`rows` under the heading of the tableau that placed each (in the standings' order:
    the principal, the consolante, then the others); one section headed "" when no line
    has a tableau."""
    if not any(award.line.phase is not None for award, _cash in rows):
        return [("", rows)] if rows else []
    sections: list[tuple[str, list[tuple[Award, int | None]]]] = []
    for award, cash in rows:
        phase = award.line.phase
        heading = phase.tableau if phase is not None and phase.tableau else OTHER_PLACES
        if not sections or sections[-1][0] != heading:
            sections.append((heading, []))
        sections[-1][1].append((award, cash))
    return sections


def palmares(tournament: Tournament, lines: Sequence[StandingsLine] | None = None) -> Palmares:
    """The palmarès of the standings as they stand (`lines`: already built by the caller)."""
    awards = standings_awards(tournament, lines)
    return Palmares(tournament, awards, standings_scope(tournament),
                    tournament.by_player,
                    cash_prizes_by_position(tournament, awards.placed_count, awards.tableaux))


def palmares_html(tournament: Tournament,
                  lines: Sequence[StandingsLine] | None = None) -> str:
    data = palmares(tournament, lines)
    return render_to_string("printing/palmares.html", {
        "tournament": tournament, "palmares": data, "printed": timezone.localtime(),
        "sponsor_logos": pdf_logos(tournament),
    })


def palmares_pdf(tournament: Tournament, lines: Sequence[StandingsLine] | None = None) -> bytes:
    return weasy.html_to_pdf(palmares_html(tournament, lines))
