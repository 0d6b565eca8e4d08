"""The static site's season pages: a season's standings and its grid player × concours, read
from `selectors.season.season_standings` (the page of the app shows the same figures).

A player's name links to the player's page when the site has one (a register player who
played one of the exported concours: the club export adds a chosen season's concours)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _l

from ...selectors.season import SeasonStandings
from .data import Person, Site
from .registry import Page, register


@dataclass(frozen=True)
class SiteSeason:
    """A season as the site shows it; `str()` is its name (the index lists it so)."""

    pk: int
    name: str
    standings: SeasonStandings

    def __str__(self) -> str:
        return self.name

    @property
    def folder(self) -> str:
        return f"saisons/{self.pk}/"


@dataclass(frozen=True)
class SeasonLine:
    rank: int | None
    name: str
    person: Person | None  # None: no page on this site
    points: int
    played: int
    wins: int
    score: int
    lot: bool
    cells: list[tuple[int | None, int | None, bool]]  # (points, place, counted) per concours


def site_season(standings: SeasonStandings) -> SiteSeason:
    return SiteSeason(standings.season.pk, standings.season.name, standings)


def _context(site: Site, season: SiteSeason) -> dict[str, Any]:
    people = {person.key: person for person in site.people}
    lines = [SeasonLine(row.line.rank, row.name, people.get(str(row.player)),
                        row.line.points, row.line.played, row.line.wins, row.line.score,
                        row.line.lot,
                        [(cell.points, cell.place, cell.counted) for cell in row.cells])
             for row in season.standings.rows]
    return {"season": season, "lines": lines,
            "concours": [standing.tournament for standing in season.standings.concours],
            "model": season.standings.season}


register(Page("season_standings", _l("Classement de la saison"), "season",
              lambda season: f"{season.folder}classement.html", _context,
              "static_site/season_standings.html"))
register(Page("season_grid", _l("Grille de la saison"), "season",
              lambda season: f"{season.folder}grille.html", _context,
              "static_site/season_grid.html"))
