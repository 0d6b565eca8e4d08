"""The data of every printed document, built in a constant number of queries."""

from __future__ import annotations

from dataclasses import dataclass, field

import segno
from django.db.models import Prefetch
from django.urls import reverse
from django.utils.translation import gettext as _

from ..models import DonneRecord, Game, Round, Tournament
from ..queries import DonneLine, StandingsLine, criteria_labels, donne_lines, standings_lines

SHEET_ROWS_TO_A_TARGET = 24  # grid rows printed for a game played to a target


def rules_line(tournament: Tournament) -> str:
    """The active rules on one line, as printed on a score sheet."""
    rules = tournament.rules
    end = []
    if rules.target:
        end.append(_("partie en %(n)d points") % {"n": rules.target})
    if rules.max_donnes:
        end.append(_("%(n)d donnes") % {"n": rules.max_donnes})
    yes_no = {True: _("oui"), False: _("non")}
    parts = [
        tournament.get_preset_display(),
        " ou ".join(end),
        _("litige : %s") % yes_no[rules.litige],
        _("arrondi : %s") % yes_no[rules.rounding],
        _("SA/TA : %s") % yes_no[rules.sa_ta],
        _("annonces : %s") % yes_no[rules.annonces],
    ]
    if rules.game == "coinche":
        parts.append(_("coinche × 2, surcoinche × %(f)d") % {"f": rules.surcoinche_factor})
    return " — ".join(parts)


@dataclass
class ScoreSheet:
    game: Game
    rows: list[DonneLine] = field(default_factory=list)
    link: str = ""  # the table link, printed as a QR code
    qr: str = ""  # that QR code, a PNG data URI


def table_link(game: Game, link_base: str) -> str:
    return link_base + reverse("tournament:table_link", args=[game.token])


def qr_code(url: str) -> str:
    # PNG, not SVG: WeasyPrint places a small raster far faster than it draws vector paths.
    return segno.make(url, error="m").png_data_uri(scale=4, border=2)


def score_sheets(round_: Round, link_base: str = "") -> list[ScoreSheet]:
    """One sheet per table: a grid of `max_donnes` rows (24 for a game to a target), filled
    with the donnes already entered and their computed scores, and the table's link (given
    the address phones reach, `link_base`) as a QR code."""
    tournament = round_.tournament
    sheets = []
    games = (round_.games.filter(team_ew__isnull=False).select_related("team_ns", "team_ew")
             .prefetch_related(Prefetch("donnes",
                                        queryset=DonneRecord.objects.order_by("number")))
             .order_by("table"))
    for game in games:
        records = list(game.donnes.all())
        size = max(tournament.max_donnes or SHEET_ROWS_TO_A_TARGET, len(records))
        blank = [DonneLine(n, game.dealer(n)) for n in range(len(records) + 1, size + 1)]
        sheet = ScoreSheet(game, donne_lines(game, records) + blank)
        if link_base:
            sheet.link = table_link(game, link_base)
            sheet.qr = qr_code(sheet.link)
        sheets.append(sheet)
    return sheets


@dataclass(frozen=True)
class Seat:
    team_number: int
    team_name: str
    players: str
    table: int | None  # None: a bye
    side: str


def pairings(round_: Round) -> tuple[list[Game], list[Seat]]:
    """The round by table, and every team's seat by team name ("where do I play?")."""
    games = list(round_.games.select_related("team_ns", "team_ew").order_by("table"))
    seats = []
    for game in games:
        for team, side in ((game.team_ns, "NS"), (game.team_ew, "EO")):
            if team is not None:
                seats.append(Seat(team.number, team.name, team.players,
                                  None if game.is_bye else game.table, side))
    seats.sort(key=lambda seat: seat.team_name.casefold())
    return [g for g in games if not g.is_bye], seats


@dataclass(frozen=True)
class Standings:
    lines: list[StandingsLine]
    criteria: list[str]


def standings(tournament: Tournament) -> Standings:
    """The one builder behind the standings page, its PDF and the workbook."""
    return Standings(standings_lines(tournament), criteria_labels(tournament))
