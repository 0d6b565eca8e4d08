"""A season's documents: its standings and the grid player × concours, as a PDF (WeasyPrint)
and a workbook (openpyxl), both from `selectors.season_standings` (the page's own rows).

They are rendered at each download, not kept: a season's rows are read from every included
concours (a few milliseconds), and a PDF of 200 players × 30 concours takes a second or two
of the render slots every document takes (`cache.render_slot`)."""

from __future__ import annotations

from datetime import datetime

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..models import Season
from ..season import Rule
from ..selectors.season import SeasonStandings, season_standings
from . import weasy
from .files import season_file_name
from .workbook import Bold, Book


def rule_text(standings: SeasonStandings) -> str:
    """The season's rule in words, as every page and document says it."""
    return rule_words(standings.rule)


def rule_words(rule: Rule) -> str:
    """A rule of the season's arithmetic in words (a club's season, a circuit)."""
    if rule.kind == "table":
        table = ", ".join(map(str, rule.table))
        beyond = (_("au-delà, %(n)d points") % {"n": rule.table[-1]}
                  if rule.beyond == "last" and rule.table else _("au-delà, zéro"))
        parts = [_("points par place : %(table)s (%(beyond)s)")
                 % {"table": table, "beyond": beyond}]
    elif rule.kind == "formula":
        parts = [_("points par place : inscrits − place + 1")]
    else:
        parts = [_("somme des résultats de chaque concours (points de classement et scores)")]
    if rule.participation:
        parts.append(_("%(n)d points par concours joué") % {"n": rule.participation})
    if rule.best is not None:
        parts.append(ngettext("le meilleur résultat compte", "les %(n)d meilleurs résultats "
                              "comptent", rule.best) % {"n": rule.best})
    if rule.min_ranked:
        parts.append(_("classé à partir de %(n)d concours") % {"n": rule.min_ranked})
    if rule.min_lot:
        parts.append(_("un lot à partir de %(n)d concours") % {"n": rule.min_lot})
    labels = {"wins": _("victoires"), "score": _("total des scores"),
              "played": _("concours joués"), "best": _("meilleur résultat")}
    if rule.tie_breaks:
        parts.append(_("départage : %(keys)s")
                     % {"keys": ", ".join(labels[key] for key in rule.tie_breaks)})
    return " ; ".join(parts)


def filename(season: Season, extension: str, when: datetime) -> str:
    """By the season, its club's current name and its dates, not the download's (`when` is
    kept for the registry's signature)."""
    return season_file_name(season.club.name, season.name, season.start, season.end,
                            extension)


def season_pdf(season: Season, when: datetime | None = None) -> bytes:
    standings = season_standings(season)
    html = render_to_string("printing/season.html", {
        "season": season, "standings": standings, "rule": rule_text(standings),
        "printed": timezone.localtime(when or timezone.now()),
    })
    return weasy.html_to_pdf(html)


def season_workbook(season: Season, when: datetime | None = None) -> bytes:
    """Two sheets: the standings (rank, player, points, played, counted, wins, scores, lot)
    and the grid (a player's points in each concours, numbers, in bold those counted)."""
    standings = season_standings(season)
    when = timezone.localtime(when or timezone.now())
    book = Book(_("%(name)s — exporté le %(day)s à %(time)s") % {
        "name": season.name, "day": f"{when:%d/%m/%Y}", "time": f"{when:%H:%M}"})
    columns = [(_("Rang"), 7), (_("Joueur"), 30), (_("Points"), 10), (_("Concours joués"), 16),
               (_("Victoires"), 11), (_("Total des scores"), 17), (_("Lot"), 8)]
    book.sheet(_("Classement"), columns, (
        [row.line.rank, row.name, row.line.points, row.line.played, row.line.wins,
         row.line.score, _("oui") if row.line.lot else _("non")]
        for row in standings.rows), len(standings.rows))
    grid = [(_("Rang"), 7), (_("Joueur"), 30)] + [
        (f"{standing.tournament.date:%d/%m} {standing.tournament.name}", 14)
        for standing in standings.concours] + [(_("Points"), 10)]
    book.sheet(_("Grille"), grid, (
        [row.line.rank, row.name,
         *(None if cell.points is None else Bold(cell.points) if cell.counted else cell.points
           for cell in row.cells), row.line.points]
        for row in standings.rows), len(standings.rows))
    return book.save()
