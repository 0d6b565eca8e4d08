"""The final pack: what the club pins on the wall and sends to the local paper at the end of
the evening.

- One PDF: the final standings (the standings PDF itself, so both never differ), the
  palmarès, and each partie's results by table (table, both teams, scores, winner; byes,
  forfeits, paper totals and time called said). The parts are rendered apart and joined
  (`weasy.join`): the standings and the results are landscape, the palmarès
  portrait.
- The workbook: the same figures — the standings with each line's lot, the palmarès, every
  partie by table — and the lots as typed (`final_workbook`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from scoring import Side

from ..choices import SIDE_NAMES, SIDE_SHORT
from ..models import Game, Team, Tournament
from ..selectors import standings_scope
from ..selectors.documents import concours_games, concours_tables
from ..selectors.games import awaiting_games
from ..selectors.money import cash_prizes_by_position
from ..selectors.phases import tableau_partie_names
from ..selectors.prizes import Award, award_indexes, lot_words
from . import documents, palmares, pdf, weasy, workbook
from .files import concours_file_name

# --- Each partie's results by table ---------------------------------------------------------


@dataclass(frozen=True)
class TableResult:
    table: int | None  # None: a bye (an exempt team plays at no table)
    ns: Team
    ew: Team | None  # None: the bye
    score_ns: int
    score_ew: int | None
    won: str  # the winning side, "NS" or "EW"; "" while playing, or for a tie
    note: str  # "forfait : …", "saisie des totaux", "en cours", …
    # Each side as the documents name it (documents.who): a team's name ("Les As"), or in
    # a mêlée the partie team's players with their numbers ("3. Anne et 7. Basile").
    ns_name: str = ""
    ew_name: str = ""
    melee: bool = False

    @property
    def ns_label(self) -> str:
        """As the PDF prints the side: "12. Les As"; a mêlée's players as they are."""
        return self.ns_name if self.melee else f"{self.ns.number}. {self.ns_name}"

    @property
    def ew_label(self) -> str:
        if self.ew is None:
            return ""
        return self.ew_name if self.melee else f"{self.ew.number}. {self.ew_name}"

    @property
    def winner(self) -> str:
        return {"NS": self.ns_name, "EW": self.ew_name}.get(self.won, "")


@dataclass(frozen=True)
class PartieResults:
    number: int
    tables: list[TableResult]
    # In phases: « Poules », or a tableau's round in words (« Finale — consolante »).
    phase_words: str = ""


def _name(team: Team | None, melee: bool) -> str:
    if team is None:
        return ""
    return documents.who(team, melee).label if melee else team.name


def _note(game: Game, melee: bool, awaiting: set[int]) -> str:
    """What a reader must know of a game beyond its scores."""
    notes = []  # a bye says "exempte" in its Est-Ouest column
    if game.forfeit and not game.is_bye:
        forfeiting = game.team_ns if game.forfeit == "NS" else game.team_ew
        notes.append(_("forfait : %(team)s") % {"team": _name(forfeiting, melee) or
                                                  SIDE_SHORT.get(game.forfeit, "")})
    if game.by_totals:
        notes.append(_("saisie des totaux"))
    if game.stop_after is not None:
        notes.append(_("fin du temps"))
    if game.pk in awaiting:
        notes.append("* " + _("score à confirmer"))
    if not game.finished:
        notes.append(_("en cours"))
    elif not game.winner and not game.is_bye:
        notes.append(_("égalité"))
    return ", ".join(notes)


def _result(game: Game, melee: bool, awaiting: set[int]) -> TableResult:
    won = game.winner if game.finished else ""
    if game.is_bye and game.finished:
        won = "NS"  # an exempt team wins its partie (the bye's points)
    return TableResult(None if game.is_bye else game.table, game.team_ns, game.team_ew,
                       game.score_ns, None if game.is_bye else game.score_ew, won,
                       _note(game, melee, awaiting), _name(game.team_ns, melee),
                       _name(game.team_ew, melee), melee)


def partie_results(tournament: Tournament) -> list[PartieResults]:
    """Every partie drawn, its tables in order then its byes: one query (two with the two
    confirmations: the scores awaiting one are said)."""
    melee = tournament.by_player
    awaiting = awaiting_games(tournament)
    parties: dict[int, list[Game]] = {}
    for game in concours_games(tournament):
        parties.setdefault(game.round.number, []).append(game)
    # In phases the tableaux' parties are named by their rounds (one query more).
    names = (tableau_partie_names(tournament)
             if any(partie[0].round.phase for partie in parties.values()) else {})
    poules = _("Poules")
    return [PartieResults(number, [_result(game, melee, awaiting) for game in sorted(
        partie, key=lambda game: (game.is_bye, game.table))],
        poules if partie[0].round.phase == "poule" else names.get(number, ""))
        for number, partie in parties.items()]


# The results a part holds, about: WeasyPrint keeps a document's pages in memory until it is
# written, and a part of 2,500 results (1,000 teams, 5 parties) grew its process to 426 MB;
# parts of 1,000 stay under 300 MB. Parts of 500 (a partie of 500 tables) let the renderer
# share them evenly between the cores (ten parts on two: none waits for the last one).
RESULTS_A_PART = 500


def results_htmls(tournament: Tournament) -> list[str]:
    """Each partie's results as HTML: one document, or for a long concours several (whole
    parties each, in order), which the renderer lays out on every core. WeasyPrint
    lays a table cell out in about 0.25 ms: 5,000 games (1,000 teams, 10 parties) are
    25,000 cells."""
    parties = partie_results(tournament)
    results = sum(len(partie.tables) for partie in parties)
    # As many parts as RESULTS_A_PART asks, each of whole parties, about as long: the
    # renderer lays them out a core at a time, the longest first.
    chunks = min(max(1, -(-results // RESULTS_A_PART)), max(1, len(parties)))
    context = {"tournament": tournament, "scope": standings_scope(tournament),
               "printed": timezone.localtime(), "melee": tournament.by_player,
               # In phases the scope's « après la partie 17 » counts the tableaux' matches:
               # the pack's standings say « Classement final » already.
               "in_phases": any(partie.phase_words for partie in parties)}
    return [render_to_string("printing/final_pack.html", {
        **context, "parties": group, "first": index == 0})
        for index, group in enumerate(_even_groups(parties, chunks))]


def _even_groups(parties: list[PartieResults], count: int) -> list[list[PartieResults]]:
    """`parties` in `count` runs, in order, of about as many results each (one run of none
    without parties)."""
    total = sum(len(partie.tables) for partie in parties)
    groups: list[list[PartieResults]] = [[]]
    done = 0
    for partie in parties:
        # A run ends where the results laid out so far reach its share of the whole.
        if groups[-1] and done >= total * len(groups) / count:
            groups.append([])
        groups[-1].append(partie)
        done += len(partie.tables)
    return groups


# The tables (games of every partie) beyond which the pack is not prepared: 1,024 (256 teams
# × 8 parties) took 17.7 s; a 512-team concours of 8 parties is the most it is made for.
MAX_TABLES = 2_048
# From this many games the final pack takes seconds: its organiser gets it made in the
# background, with progress (a visitor's request renders it, as any document).
BACKGROUND_GAMES = 600
GAMES_A_SECOND = 150  # the results' rows a core lays out a second (the progress's estimate)


def pack_tables(tournament: Tournament) -> int:
    return concours_tables(tournament)


def final_pack_pdf(tournament: Tournament,
                   step: Callable[[str], None] | None = None) -> bytes:
    """The standings, the palmarès and every partie's results, in one PDF, its pages
    numbered across the whole file (`step` hears where it is: a background job's
    progress)."""
    def said(text: str) -> None:
        if step is not None:
            step(text)

    pdf.warm_up_for_standings(tournament)
    scope = standings_scope(tournament)
    standing = documents.standings(tournament, scope)  # read once for both parts
    # The parts are laid out apart (on every core), so each part's "page n/total" would
    # count its own pages only: the parts print no counter, the file has one.
    said(_("Mise en page du classement…"))
    htmls = [pdf.unnumbered(html) for html in pdf.standings_htmls(tournament, standing, scope)]
    htmls.append(pdf.unnumbered(palmares.palmares_html(tournament, standing.lines)))
    htmls += results_htmls(tournament)
    if len(htmls) == 3:  # a small concours: one part each, laid out here
        content = weasy.join([weasy.html_to_pdf(html) for html in htmls])
    else:
        # Every part at once, through the renderer (as many laid out at a time as there
        # are cores, the longest first; one after the other where it cannot fork): a part
        # of 500 results is not laid out in the server's own process, and no core waits
        # for another between parts.
        def done(count: int) -> None:
            said(_("Mise en page des résultats (%(done)d/%(parts)d)…")
                 % {"done": count, "parts": len(htmls)})

        done(0)
        content = weasy.htmls_to_pdf(htmls, done=done)
    said(_("Numérotation des pages…"))
    # The file's title (a PDF reader's window shows it) is the pack's, not its first part's.
    return pdf.numbered(content, title=_("%(name)s — dossier de fin de concours")
                        % {"name": tournament.name})


# --- The workbook ---------------------------------------------------------------------------


def filename(tournament: Tournament, when: datetime) -> str:
    return concours_file_name("resultats", tournament, "xlsx")


def _placed_by(award: Award) -> list[str | None]:
    """The tableau that placed a line and how (None, None: in no tableau)."""
    phase = award.line.phase
    if phase is None:
        return [None, None]
    return [capfirst(phase.tableau) or None, phase.how or None]


def final_workbook(tournament: Tournament, when: datetime | None = None) -> bytes:
    """The figures of the final pack, as a workbook: "Classement" (the standings workbook's
    own sheet, each line's lot in it), "Lots" (the palmarès), "Parties" (every partie by
    table, as the PDF prints them) and "Liste des lots" (the lots as typed). The donnes are
    in the standings workbook (standings.xlsx): reading that file back to add sheets cost
    5 s for 160 teams (openpyxl loads every cell), so both are written by `workbook.Book`."""
    melee = tournament.by_player
    who = _("Joueur") if melee else _("Équipe")
    withdrawn = _("retiré") if melee else _("retirée")
    standing = documents.standings(tournament)
    assert standing.awards is not None  # documents.standings reads the lots
    data = standing.awards
    book = workbook.Book(workbook.title(tournament, when))
    workbook.add_standings(book, standing)

    # As the palmarès: each place's lot, and its cash prize where the desk has a pool.
    pool = cash_prizes_by_position(tournament, data.placed_count, data.tableaux)
    lots = palmares.awards_with_cash(data, pool)
    # A concours in phases: each lot's tableau and how it was won (BRACKETS.md 6).
    phases = standing.phases
    book.sheet(_("Lots"), [
        (_("Place"), 7), (_("Rang"), 7), (who, 30), (_("Joueurs"), 34),
        *([(_("Tableau"), 18), (_("Comment"), 34)] if phases else []), (_("Lot"), 40),
        *([(_("Prix en espèces"), 16)] if pool else []), (_("État"), 10),
    ], [[award.position, award.rank, award.name, award.detail or None,
         *(_placed_by(award) if phases else []), award.label or None,
         *([None if cash is None else workbook.Euros(cash)] if pool else []),
         None if award.active else withdrawn] for award, cash in lots], len(lots))

    results = [(partie.number, partie.phase_words, result)
               for partie in partie_results(tournament) for result in partie.tables]
    bye = _("exempt") if melee else _("exempte")
    # In phases, each partie's poules or tableau round (« Quarts de finale — consolante »).
    in_phases = any(words for _number, words, _row in results)
    book.sheet(_("Parties"), [
        (_("Partie"), 8), *([(_("Tour"), 34)] if in_phases else []), (_("Table"), 7),
        (_("N° NS"), 7), (str(SIDE_NAMES[Side.NS]), 30),
        (_("Score NS"), 10), (_("N° EO"), 7), (str(SIDE_NAMES[Side.EW]), 30),
        (_("Score EO"), 10), (_("Gagnant"), 30), (_("Remarque"), 24),
    ], [[number, *([words] if in_phases else []), result.table,
         None if melee else result.ns.number, result.ns_name,
         result.score_ns, None if melee or result.ew is None else result.ew.number,
         result.ew_name or bye, result.score_ew,
         result.winner or None, result.note or None] for number, words, result in results],
        len(results))

    reached: dict[int, int] = {}
    for index in award_indexes(data.lots, data.placed_count, data.tableaux).values():
        reached[index] = reached.get(index, 0) + 1
    first, last, yes, no = _("premier"), _("dernier"), _("oui"), _("non")
    book.sheet(_("Liste des lots"), [
        (_("Ordre"), 7), (_("Du rang"), 9), (_("Au rang"), 9), (_("En partant du dernier"), 20),
        (_("Rangs"), 30), (_("Lot"), 40), (_("Places attribuées"), 18),
    ], [[index + 1, lot.start,
         lot.end if lot.end is not None else first if lot.from_last else last,
         yes if lot.from_last else no, lot_words(lot, melee), lot.label,
         reached.get(index, 0)] for index, lot in enumerate(data.lots)], len(data.lots))
    return book.save()
