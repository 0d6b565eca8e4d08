"""Reads of the entry pages (a game's page, a table link's page): the sheet of a game, the
preview of a row being typed, the next table to enter. Each in a known number of queries;
the scoring of a preview runs here, never in a view (STYLE.md)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from django.utils.translation import gettext as _

from scoring import Coinche, Donne, score_game

from ..choices import COINCHE_CHOICES, OUTCOME_LABELS, SIDE_NAMES, SIDE_SHORT, TRUMP_CHOICES
from ..errors import scoring_refusals
from ..models import DonneRecord, Game
from .games import DonneLine, donne_lines

# What an entry may change of a game: its own columns, never its round or its teams. Read
# again after an entry, the game keeps the round, tournament, teams and players read with it.
GAME_STATE = [field.attname for field in Game._meta.concrete_fields if not field.is_relation]


# The labels a sheet's rows show, looked up once a row (a model's get_FOO_display costs more
# than the rest of the row: it flattens the field's choices at every call).
TRUMP_LABELS = dict(TRUMP_CHOICES)
COINCHE_LABELS = {value: label for value, label in COINCHE_CHOICES
                  if value != Coinche.NONE.value}


@dataclass(frozen=True)
class SheetLine:
    """A donne's row on an entry page: the donne as entered (`record`), its dealer, the
    running totals, and its words ready: the taker's side (its name, "" for a passe), the
    trump, the coinche ("" when none), the outcome, the bid in a few words as a phone shows
    it ("NS 80 ♥ Coinché", "NS capot TA"; "" for a passe) and the points attribués ("+50
    NS", "" when none). A row's words cost a lookup each in a template, against a model's
    get_FOO_display flattening its field's choices at every call."""

    number: int
    dealer: str
    record: DonneRecord
    total_ns: int
    total_ew: int
    taker: str
    trump: str
    coinche: str
    outcome_words: str
    bid: str
    awarded: str


def _sheet_line(line: DonneLine) -> SheetLine:
    record = line.record
    if record is None:
        raise ValueError("a sheet's line is a donne entered")
    trump = str(TRUMP_LABELS.get(record.trump, ""))
    coinche = str(COINCHE_LABELS.get(record.coinche, ""))
    bid = ""
    if record.taker:
        if record.generale_bid:
            contract = _("générale réussie") if record.generale_made else _("générale chutée")
        else:
            contract = _("capot") if record.capot_bid else str(record.contract or "")
        bid = " ".join(word for word in (SIDE_SHORT[record.taker], contract, trump, coinche)
                       if word)
    return SheetLine(
        number=line.number, dealer=line.dealer, record=record, total_ns=line.total_ns or 0,
        total_ew=line.total_ew or 0, taker=str(SIDE_NAMES.get(record.taker, "")),
        trump=trump, coinche=coinche, outcome_words=str(OUTCOME_LABELS.get(record.outcome, "")),
        bid=bid, awarded=record.awarded_label)


@dataclass(frozen=True)
class EntrySheet:
    """A game's sheet as the entry pages show it: its donnes with running totals, the
    number and dealer of the row being entered, the side awaited (a name, "" if none)."""

    lines: list[SheetLine]
    next_number: int
    next_dealer: str
    awaiting_name: str


def entry_sheet(game: Game, editing: int | None = None,
                records: list[DonneRecord] | None = None) -> EntrySheet:
    """The sheet of `game`, `editing` the donne being corrected (None: a new one). Its
    donnes as stored (one query), or `records`: all of them in order as an entry just wrote
    them (services.donne_record's `Written.records`; no query)."""
    if records is None:
        records = list(game.donnes.order_by("number"))
    lines = [_sheet_line(line) for line in donne_lines(game, records)]
    number = editing or len(lines) + 1
    return EntrySheet(lines=lines, next_number=number, next_dealer=game.dealer(number),
                      awaiting_name=str(SIDE_NAMES.get(game.awaiting, "")))


def game_reread(game: Game, written: Game | None = None) -> None:
    """Bring `game`'s own columns (its scores, its end, what it awaits) up to date, keeping
    its round, tournament, teams and players as read: from `written`, the copy of the same
    game an entry wrote in its transaction (services.donne_record's `Written.game`; no
    query), else from the database (one query)."""
    if written is None:
        game.refresh_from_db(fields=GAME_STATE)
        return
    if written.pk != game.pk:
        raise ValueError(f"{written} is not {game}")
    for name in GAME_STATE:
        setattr(game, name, getattr(written, name))


def next_table(game: Game) -> Game | None:
    """The partie's next table still to enter after this one (wrapping round), for the
    organiser who enters the score sheets one after the other. One query."""
    waiting = list(game.round.games.filter(finished=False, forfeit="", team_ew__isnull=False)
                   .exclude(pk=game.pk).order_by("table"))
    return next((g for g in waiting if g.table > game.table), waiting[0] if waiting else None)


@dataclass(frozen=True)
class RowPreview:
    """What the preview of a row says: its score and outcome (in words too), the running
    totals up to it, and the end of the game when it ends it (the winner's side and name,
    the final score)."""

    ns: int
    ew: int
    outcome: str
    outcome_words: str
    total_ns: int
    total_ew: int
    finished: bool
    winner: str | None
    winner_name: str
    final_ns: int
    final_ew: int

    def figures(self) -> dict[str, Any]:
        """The preview as scripts read it (JSON): the figures, not the words."""
        return {name: value for name, value in asdict(self).items()
                if name not in ("outcome_words", "winner_name")}


def row_preview(game: Game, donne: Donne, editing: int | None) -> RowPreview:
    """The score `donne` would give as donne `editing` of `game` (None, or past the last:
    the next donne), its other donnes as stored, nothing written. One query (its donnes).
    A game the rules refuse with this donne is a UserError on the field at fault
    (errors.scoring_refusals)."""
    donnes = [record.to_donne() for record in game.donnes.order_by("number")]
    index = editing - 1 if editing and editing <= len(donnes) else len(donnes)
    donnes[index:index + 1] = [donne]
    with scoring_refusals():
        result = score_game(donnes, game.round.rules, stop_after=game.stop_after)
    score = result.donnes[index]
    winner = result.winner.value if result.winner else None
    return RowPreview(
        ns=score.ns, ew=score.ew, outcome=score.outcome.value,
        outcome_words=str(OUTCOME_LABELS[score.outcome.value]),
        total_ns=sum(s.ns for s in result.donnes[: index + 1]),
        total_ew=sum(s.ew for s in result.donnes[: index + 1]),
        finished=result.finished, winner=winner,
        winner_name=str(SIDE_NAMES[winner]) if winner else "",
        final_ns=result.ns, final_ew=result.ew,
    )


__all__ = [
    "EntrySheet",
    "RowPreview",
    "entry_sheet",
    "game_reread",
    "next_table",
    "row_preview",
]
