"""Writes of games and donnes: record, delete, forfeit, and the cache recomputation."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from scoring import Donne, DonneScore, GameScore, Rules, Side, score_game
from scoring.paper import PaperTotals, paper_winner

from .. import journal as audit
from ..errors import DonneEnteredMeanwhile, GameGone, UserError, scoring_refusals
from ..journal import SYSTEM, Actor
from ..models import (
    DonneRecord,
    Game,
    Round,
    Tournament,
)
from ..ranking import TableScore, exempt_score
from ..selectors.phases import tableau_correction_refused

# --- Games and donnes -------------------------------------------------------------------

BY_TOTALS = _l("Cette table est saisie par les totaux de sa feuille : revenez à la saisie par "
               "donnes (page de la table) pour saisir ou rétablir une donne.")


def game_recompute(*, game: Game) -> None:
    """Rewrite the game's cached scores from its donnes (scoring.score_game) under its
    partie's rules. A game the rules refuse (stored under other rules) is a UserError naming
    it; nothing is written."""
    records = ([] if game.is_bye or game.by_totals
               else list(game.donnes.order_by("number")))
    changed = game_scored(game=game, records=records, rules=game.round.rules)
    if changed:
        DonneRecord.objects.bulk_update(changed, ["score_ns", "score_ew", "outcome"])
    game.save()
    if not game.is_bye:
        _byes_follow(game.round)


def game_scored(*, game: Game, records: list[DonneRecord], rules: Rules) -> list[DonneRecord]:
    """Put into the caches of `game` and of its donnes (`records`, in order) the scores
    computed from them under `rules`, in memory; the records whose cache changed are given
    back, for the caller to write. No query, but for a bye's score under an exempt rule that
    depends on its partie's other games (exempt_points). A game the rules refuse is a
    UserError naming it. game_recompute writes what it sets; a restore sets a whole concours
    so before inserting it (services.backup)."""
    if game.is_bye:
        game.score_ns, game.score_ew = exempt_points(round_=game.round), 0
        game.finished, game.winner = True, Side.NS.value
        return []
    if game.forfeit:  # its donnes (if any) keep their scores, which count for nothing
        points = game.round.tournament.forfeit_points
        winner = Side(game.forfeit).other
        game.score_ns, game.score_ew = (points, 0) if winner is Side.NS else (0, points)
        game.finished, game.winner = True, winner.value
        game.played = len(records)
        return []
    if game.by_totals:  # typed as its sheet's totals (services.paper): no donne is stored
        records, result = [], _paper_result(game, rules)
    else:
        with scoring_refusals(where=str(game)):
            result = score_game([record.to_donne() for record in records], rules,
                                stop_after=game.stop_after)
    changed = [record for record, score in zip(records, result.donnes, strict=True)
               if _set_score(record, score)]
    _set_result(game, result)
    return changed


def paper_totals(game: Game) -> PaperTotals:
    """The totals a game entered by its paper sheet stores, as scoring checks them."""
    score_ns, score_ew, donnes = game.paper_ns, game.paper_ew, game.paper_donnes
    if score_ns is None or score_ew is None or donnes is None:
        raise UserError(_("%(game)s : les totaux de la feuille manquent.") % {"game": game})
    return PaperTotals(
        score_ns=score_ns, score_ew=score_ew, donnes=donnes, passed=game.paper_passed,
        belotes=game.paper_belotes, capots=game.paper_capots,
        awarded_ns=game.paper_awarded_ns, awarded_ew=game.paper_awarded_ew,
    )


def _paper_result(game: Game, rules: Rules) -> GameScore:
    """A paper game's score: finished, the sheet's totals, the higher one the winner
    (scoring.paper_winner; equal totals are refused), its donnes played."""
    totals = paper_totals(game)
    with scoring_refusals(where=str(game)):
        winner = paper_winner(totals, rules)
    return GameScore(donnes=(), ns=totals.score_ns, ew=totals.score_ew, finished=True,
                     winner=winner, played=totals.donnes)


def _validated(donnes: list[Donne], rules: Rules, stop_after: int | None) -> GameScore:
    """score_game, its refusal turned into a user error on the field."""
    with scoring_refusals():
        return score_game(donnes, rules, stop_after=stop_after)


def _set_score(record: DonneRecord, score: DonneScore) -> bool:
    """Put a donne's computed score into its record's cache; True if that changed it."""
    new = (score.ns, score.ew, score.outcome.value)
    changed = (record.score_ns, record.score_ew, record.outcome) != new
    record.score_ns, record.score_ew, record.outcome = new
    return changed


# What a game's result writes: a donne's entry changes nothing else of its game, so it saves
# these columns only (game_recompute saves the whole game: its callers change other columns).
RESULT_FIELDS = ["score_ns", "score_ew", "finished", "played", "winner"]


def _store_result(game: Game, records: list[DonneRecord], result: GameScore, *,
                  result_only: bool = False) -> None:
    """Write a game's scores (`result`, from its `records` in order) into the caches. Only
    the donnes whose score changed are written: entering a donne rarely rescores others.
    `result_only`: the caller changed no other column of the game (RESULT_FIELDS)."""
    changed = [record for record, score in zip(records, result.donnes, strict=True)
               if _set_score(record, score)]
    if changed:
        DonneRecord.objects.bulk_update(changed, ["score_ns", "score_ew", "outcome"])
    _set_result(game, result)
    game.save(update_fields=RESULT_FIELDS if result_only else None)
    _byes_follow(game.round)


def _set_result(game: Game, result: GameScore) -> None:
    game.score_ns, game.score_ew = result.ns, result.ew
    game.finished, game.played = result.finished, result.played
    game.winner = result.winner.value if result.winner else ""


# --- Exempt scores ------------------------------------------------------------------------
#
# A bye's score (Game.score_ns) follows the concours' exempt rule (ranking.exempt): under
# "half" and "average" it depends on the partie's other games, so every write of a game's
# result (above) rewrites the byes of its partie, in the same transaction.


def exempt_points(*, round_: Round) -> int:
    """What an exempt entrant of `round_` scores now, by the concours' exempt rule: one
    query under "half" and "average", none under "fixed"."""
    tournament = round_.tournament
    if tournament.exempt_rule == "fixed":
        return tournament.bye_points
    games = Game.objects.filter(round=round_).values_list(
        "score_ns", "score_ew", "finished", "team_ew_id", "forfeit")
    return exempt_score(tournament.exempt_rule, tournament.bye_points, [
        TableScore(score_ns, score_ew, finished, bye=ew is None, forfeit=bool(forfeit))
        for score_ns, score_ew, finished, ew, forfeit in games])


def byes_rescore(*, round_: Round) -> None:
    """Rewrite the score of every bye of `round_` by the exempt rule: one query without a
    bye, three with. The byes are locked before the partie's scores are read: two tables of
    the partie entered at once (PostgreSQL runs them side by side) then rescore the byes one
    after the other, the second reading the first's result, never both from the scores
    before either."""
    # The games' rows only (of=self), by table: Game's default ordering joins the round,
    # which FOR UPDATE would then lock too, against the entries' shared lock on it (two
    # tables entered at once deadlocked), and an order makes two byes lock alike.
    byes = list(Game.objects.select_for_update(of=("self",))
                .filter(round=round_, team_ew__isnull=True).order_by("table")
                .values_list("pk", flat=True))
    if not byes:
        return
    points = exempt_points(round_=round_)
    Game.objects.filter(pk__in=byes).exclude(score_ns=points).update(score_ns=points)


def _byes_follow(round_: Round) -> None:
    """After a game of `round_` changed: its byes follow, unless their score is fixed (then
    it changes only with the concours' fixed score, and a donne's entry costs no query)."""
    if round_.tournament.exempt_rule != "fixed":
        byes_rescore(round_=round_)


def game_locked(game: Game) -> Game:
    """`game` read again and locked for the rest of the transaction, with its round and
    tournament: every write of a game's donnes starts here.

    On PostgreSQL the tournament's row then the round's are locked for share, then the game's
    row for update (one writer a game), in the services' lock order (services/__init__.py):
    the entries of different games run side by side, while a change of the partie or of the
    concours (its rules, its close, its draw undone: each locks those rows for update, the
    concours first) waits for the entries under way, and they for it. The game is read after
    those locks, so its round and tournament are read as they stand. (Locking the three rows
    for update made every entry of a concours wait for the one before.) SQLite has one
    writer at a time: its transactions lock the whole database at BEGIN.

    A game gone meanwhile (its draw undone while a phone posted) is a user error."""
    if connection.vendor == "postgresql":
        _partie_shared(game.round_id)
    locked = (Game.objects.select_for_update(of=("self",)).select_related("round__tournament")
              .filter(pk=game.pk).first())
    if locked is None:
        raise GameGone(_("Cette table n'existe plus : le tirage de sa partie vient d'être "
                         "annulé. Rechargez la page."))
    refused = tableau_correction_refused(locked)  # no query outside a tableau
    if refused:
        raise UserError(refused)
    return locked


def _partie_shared(round_id: int) -> None:
    """Lock the rows of round `round_id`'s tournament, then of the round, FOR SHARE
    (PostgreSQL; Django's select_for_update knows no shared lock). Two statements: one
    joining both would lock them in the join's order, the round first, against the order
    every change of the concours takes (which deadlocked)."""
    quote = connection.ops.quote_name
    round_table, tournament_table = quote(Round._meta.db_table), quote(Tournament._meta.db_table)
    with connection.cursor() as cursor:  # the models' table names; the id a parameter
        cursor.execute(
            f"SELECT 1 FROM {tournament_table} WHERE id = "
            f"(SELECT tournament_id FROM {round_table} WHERE id = %s) FOR SHARE", [round_id])
        cursor.execute(f"SELECT 1 FROM {round_table} WHERE id = %s FOR SHARE", [round_id])


@dataclass(frozen=True)
class Written:
    """What an entry wrote: the donne (`record`); its game as written (`game`: its scores,
    its end, what it awaits) and all its donnes in order with their scores (`records`), as
    the transaction leaves them, for a page to show without reading them again; whether
    the sheet changed (False: the same donne saved again, nothing journaled)."""

    record: DonneRecord
    game: Game
    records: list[DonneRecord]
    changed: bool


def _donne_write(*, game: Game, number: int | None, donne: Donne, version: int | None,
                 expect: int | None, by: Actor, open_only: bool,
                 key: str | None = None) -> Written:
    """`donne_record`'s work on a game already locked (`game_locked`) in the caller's
    transaction. Four queries: the donnes, the donne written, the game's result, the journal
    (and none for the byes under a fixed exempt rule)."""
    if open_only and game.round.closed:
        raise UserError(_("Cette partie est close : seul l'organisateur peut encore modifier "
                          "ses donnes."))
    if game.is_bye:
        raise UserError(_("Une équipe exempte ne joue pas de donne."))
    if game.forfeit:
        raise UserError(_("Cette table est déclarée forfait."))
    if game.by_totals:  # a game is entered by its donnes or by its totals, never both
        raise UserError(str(BY_TOTALS))
    records = list(game.donnes.order_by("number"))
    before = None
    if number is None:
        if expect is not None and expect != len(records) + 1:
            raise DonneEnteredMeanwhile(
                _("La donne %(n)d vient d'être saisie depuis un autre appareil : vérifiez le "
                  "tableau avant d'en saisir une autre.") % {"n": len(records)})
        record = DonneRecord(game=game, number=len(records) + 1)
        records.append(record)
        donnes = [r.to_donne() for r in records[:-1]] + [donne]
    else:
        record = _addressed(records, number, key)
        if version is not None and version != record.version:
            raise UserError(
                _("La donne %(n)d vient d'être modifiée par quelqu'un d'autre : "
                  "rechargez la page avant de la corriger.") % {"n": number},
                "version",
            )
        record.version += 1
        before = audit.donne_values(record)
        donnes = [donne if r.number == number else r.to_donne() for r in records]
    # The whole game is scored again, not only from the donne changed: ≤ 32 donnes cost
    # about 0.1 ms (bench/bench_entry.py), and a game's cache is always one score_game.
    result = _validated(donnes, game.round.rules, game.stop_after)
    record.set_donne(donne)
    _set_score(record, result.donnes[records.index(record)])  # saved with its score at once
    record.save()
    # The validation's scores are the game's scores; nothing but its result changes.
    _store_result(game, records, result, result_only=True)
    after = audit.donne_values(record)
    if after != before:
        audit.log(game.round.tournament, by, "donne", "create" if before is None else "update",
                  round_number=game.round.number, table=game.table, number=record.number,
                  donne_key=record.key, before=before, after=after)
    return Written(record=record, game=game, records=records, changed=after != before)


@transaction.atomic
def donne_record(*, game: Game, number: int | None, donne: Donne,
                 side: Side | str | None = None, version: int | None = None,
                 expect: int | None = None, by: Actor = SYSTEM, open_only: bool = False,
                 key: str | None = None) -> Written:
    """The one door for recording a donne: enter a new donne (number None) or correct donne
    `number`; every later donne is rescored, then what the game awaits is set
    (`score_changed`), in one transaction: the game locked once, no savepoint.

    `side`: the table link's side ("NS" or "EW", or a Side) that enters it, None for the
    organiser (the two confirmations); `key` (the donne's stable key, as the page showed it)
    makes sure donne `number` is still that donne, `version` that nobody corrected it
    meanwhile; `expect` (the number the form showed for a new donne) guards against
    entering one donne twice from two devices (DonneEnteredMeanwhile); `open_only` (a table
    link) refuses a closed round. Returns what was written (`Written`: the donne, the game
    and its donnes as the entry left them)."""
    written = _donne_write(game=game_locked(game), number=number, donne=donne,
                           version=version, expect=expect, by=by, open_only=open_only,
                           key=key)
    if written.changed:  # the same donne saved again changes nothing, a confirmation included
        score_changed(written.game, side)
    return written


def score_changed(game: Game, side: Side | str | None) -> None:
    """Inside the transaction of a change of `game`'s score made from `side`'s table link
    (a side or its value; None: by the organiser): set what the game awaits now (see
    services.confirmations' docstring). No query unless that changes (without the option,
    and nothing pending, a donne's entry costs nothing here). After the organiser's own
    change outside the entry (a journal's restore), `score_changed(game, None)` clears what
    was pending; `game` may then be the copy locked before the change."""
    awaiting = ""
    if side is not None and game.finished and not game.forfeit \
            and game.round.tournament.two_confirmations:
        awaiting = Side(side).other.value
    if (game.awaiting, game.disputed) != (awaiting, False):
        game.awaiting, game.disputed = awaiting, False
        game.save(update_fields=["awaiting", "disputed"])



def _addressed(records: list[DonneRecord], number: int, key: str | None) -> DonneRecord:
    """Donne `number` of a game's `records`, which must still be the donne of stable key
    `key` when one is given (the page's): after a donne before it was deleted or put back,
    `number` names another donne, and a stale page is refused rather than act on it."""
    record = next((r for r in records if r.number == number), None)
    if key is not None and (record is None or record.key != key):
        moved = next((r for r in records if r.key == key), None)
        if moved is None:
            raise UserError(_("La donne %(n)d a été supprimée depuis l'ouverture de la page : "
                              "rien n'est changé. Rechargez la page.") % {"n": number},
                            "version")
        raise UserError(_("La donne %(n)d est devenue la donne %(now)d (une donne a été "
                          "supprimée ou rétablie) : rien n'est changé. Rechargez la page.")
                        % {"n": number, "now": moved.number}, "version")
    if record is None:
        raise UserError(_("La donne %(n)d n'existe pas.") % {"n": number})
    return record


@transaction.atomic
def donne_delete(*, game: Game, number: int, key: str | None = None,
                 by: Actor = SYSTEM) -> None:
    """Delete donne `number` (which must still be the donne of stable key `key`, when
    given: `_addressed`); the later ones move up one place and are rescored."""
    game = game_locked(game)
    record = _addressed(list(game.donnes.order_by("number")), number, key)
    before = audit.donne_values(record)
    record.delete()
    for later in game.donnes.filter(number__gt=number).order_by("number"):
        later.number -= 1
        later.save(update_fields=["number"])
    game_recompute(game=game)
    audit.log(game.round.tournament, by, "donne", "delete", round_number=game.round.number,
              table=game.table, number=number, donne_key=record.key, before=before)


def _donne_insert(*, game: Game, number: int, donne: Donne, key: str, by: Actor) -> None:
    """Put a donne back at place `number`, the later ones moving down (restoring a deleted
    donne, under its own `key` so that the journal's entries about it find it again). The
    whole game is validated first: an impossible game changes nothing."""
    game = game_locked(game)
    if game.by_totals:
        raise UserError(str(BY_TOTALS))
    records = list(game.donnes.order_by("number"))
    if not 1 <= number <= len(records) + 1:
        raise UserError(_("La donne %(n)d ne peut plus être rétablie à sa place.")
                        % {"n": number})
    donnes = [r.to_donne() for r in records]
    donnes.insert(number - 1, donne)
    result = _validated(donnes, game.round.rules, game.stop_after)
    for later in reversed(records[number - 1:]):  # from the last, so numbers never collide
        later.number += 1
        later.save(update_fields=["number"])
    record = DonneRecord(game=game, number=number, key=key)
    record.set_donne(donne)
    _set_score(record, result.donnes[number - 1])
    record.save()
    records.insert(number - 1, record)
    _store_result(game, records, result, result_only=True)
    audit.log(game.round.tournament, by, "donne", "restore", round_number=game.round.number,
              table=game.table, number=number, donne_key=key,
              after=audit.donne_values(record))


@transaction.atomic
def game_forfeit(*, game: Game, side: str, by: Actor = SYSTEM) -> Game:
    """Record that `side` forfeits this game ("" cancels the forfeit)."""
    game = game_locked(game)
    if game.is_bye:
        raise UserError(_("Une équipe exempte ne peut pas déclarer forfait."))
    if side not in ("", Side.NS.value, Side.EW.value):
        raise UserError(_("Choisissez le camp forfait."), "forfeit")
    before = game.forfeit
    game.forfeit = side
    game.save(update_fields=["forfeit"])
    game_recompute(game=game)
    if before != side:
        audit.log(game.round.tournament, by, "pairing", "forfeit",
                  round_number=game.round.number, table=game.table,
                  before={"forfeit": before}, after={"forfeit": side})
    return game


__all__ = [
    "donne_delete",
    "donne_record",
    "game_forfeit",
    "game_recompute",
    "game_scored",
]
