"""« Exporter pour le site »: the results as a folder of static HTML pages, zipped, that the
club posts on its website or opens from a USB key.

- `data`: what the pages show, read from the selectors (standings, lots, parties, persons);
- `registry`: the pages (key, French title, relative file name, context, template);
- `builder`: renders them with the templates of `templates/static_site/` and zips them.

The pages have no external asset and no link to the application: one relative `style.css`,
one script of the site's own (`grands-caracteres.js`: it keeps the « grands caractères »
box's choice on the device; the box works by CSS alone without it), links relative to
each page (`concours/<slug>/classement.html`, `joueurs/<id>.html`), so the folder opens
from `file://` in any browser. A person's page is the club's register entry when the
entrant is linked to one, named as the register stores it (an anonymised player stays
« Joueur n° … »); no licence is ever written.

The club's sponsors' logos are files of the site (`partenaires/<n>.png`), shown at the foot of
every page.

The season pages (a season's standings and its grid: `season.py`) are rendered for each
season given to `club_zip` (`seasons`: `season.site_season(season_standings(season))`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.utils import timezone

from ...logos import EXTENSIONS
from ...models import Club, Season, Tournament
from ..files import concours_file_name, site_file_name
from ..sponsors import club_logos
from . import builder, data, registry, season

__all__ = ["club_filename", "club_zip", "concours_filename", "concours_zip", "registry",
           "season"]


def concours_zip(tournament: Tournament, when: datetime | None = None) -> bytes:
    """The site of one concours."""
    when = when or timezone.now()
    return builder.site_zip(data.site(tournament.name, tournament.club.name, [tournament],
                                      when, sponsors=site_logos(tournament.club_id)))


def club_zip(club: Club, tournaments: Sequence[Tournament], when: datetime | None = None,
             seasons: Sequence[season.SiteSeason] = ()) -> bytes:
    """The site of `tournaments` of `club` (newest first), their players' pages across them,
    and the pages of `seasons`."""
    when = when or timezone.now()
    ordered = sorted(tournaments, key=lambda tournament: (tournament.date, tournament.pk),
                     reverse=True)
    return builder.site_zip(data.site(club.name, club.name, ordered, when, seasons,
                                      site_logos(club.pk)))


def site_logos(club_id: int) -> list[data.SiteLogo]:
    """The club's sponsors' logos, each a file of the site (its own, never linked to)."""
    return [data.SiteLogo(logo.name, f"partenaires/{index}{EXTENSIONS[logo.kind][0]}",
                          logo.data)
            for index, logo in enumerate(club_logos(club_id), start=1)]


def concours_filename(tournament: Tournament, when: datetime) -> str:
    return concours_file_name("site", tournament, "zip")


def club_filename(club: Club, tournaments: Sequence[Tournament],
                  seasons: Sequence[Season] = ()) -> str:
    """By the club's current name and the dates of what it holds, not the download's."""
    days = [tournament.date for tournament in tournaments]
    days += [day for each in seasons for day in (each.start, each.end)]
    return site_file_name(club.name, days)
