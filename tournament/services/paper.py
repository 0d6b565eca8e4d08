"""Paper totals: a game entered as its score sheet's final totals instead of its donnes.

Many clubs score on paper; the organiser (or, if the concours allows it, a table link) types
the sheet's two totals and its number of donnes, with the belotes and capots when the rules
let `scoring.paper` check the totals exactly. A game is entered by its donnes or by its
totals, never both (`Game.by_totals`): switching either way asks for a confirmation and is
journaled. Switching to totals removes the donnes entered, each journaled with its values
(kind "donne", action "delete"); switching back may put them back, as they were.

A paper game's cache (`services.game_recompute`) is a finished game: its totals as its
score, the higher one the winner (`scoring.paper_winner`: equal totals are refused, the sheet
must say who won), its donnes played as `played`. The standings, the workbook and the sheets
treat it as any finished game; their donne columns say "saisie des totaux".

The journal's "game" entries (kind "game") hold plain values whose shapes
`journal.game.check_game_value` states (see that module):
- "totals": before None (a game without donnes), the totals replaced, or the donnes removed
  (`{"donnes": n, "keys": [their keys]}`); after the totals (`totals_values`);
- "untotals": before the totals; after None, or the donnes put back (same shape);
- "confirm", "dispute" (services.confirmations): `{"awaiting", "disputed", "score_ns",
  "score_ew"}` before and after.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import Donne, Side
from scoring.paper import PaperTotals, paper_winner

from .. import journal as audit
from ..errors import UserError, scoring_refusals
from ..journal import SYSTEM, Actor
from ..models import AuditEntry, DonneRecord, Game, new_donne_key
from .donnes import _donne_insert, game_locked, game_recompute, paper_totals, score_changed


def totals_values(totals: PaperTotals) -> dict[str, Any]:
    """The totals as the journal keeps them."""
    return dataclasses.asdict(totals)


def _set_totals(game: Game, totals: PaperTotals | None) -> None:
    """Store `totals` on the game (None: none, the game is entered by donnes)."""
    game.by_totals = totals is not None
    game.paper_ns = totals.score_ns if totals else None
    game.paper_ew = totals.score_ew if totals else None
    game.paper_donnes = totals.donnes if totals else None
    game.paper_passed = totals.passed if totals else 0
    game.paper_belotes = totals.belotes if totals else None
    game.paper_capots = totals.capots if totals else None
    game.paper_awarded_ns = totals.awarded_ns if totals else 0
    game.paper_awarded_ew = totals.awarded_ew if totals else 0


@transaction.atomic
def game_totals_record(*, game: Game, totals: PaperTotals, confirm: bool = False,
                       side: Side | str | None = None, by: Actor = SYSTEM) -> Game:
    """Enter (or correct) a game's paper totals. Refused unless `scoring.paper` accepts them
    under the partie's rules and they say who won (no equal totals). A game with donnes
    switches to totals only with `confirm`: its donnes are removed, each journaled with its
    values. `side`: the table link's side or its value (None: the organiser); a link needs
    the concours' `paper_by_tables`, an open partie, and a game without donnes. Journaled;
    with two confirmations a link's entry awaits the other side."""
    side = None if side is None else Side(side)
    game = game_locked(game)
    tournament = game.round.tournament
    if side is not None:
        if not tournament.paper_by_tables:
            raise UserError(_("L'organisateur n'a pas ouvert la saisie des totaux aux tables."))
        if game.round.closed:
            raise UserError(_("Cette partie est close : seul l'organisateur peut encore "
                              "modifier ses scores."))
    if game.is_bye:
        raise UserError(_("Une équipe exempte ne joue pas de donne."))
    if game.forfeit:
        raise UserError(_("Cette table est déclarée forfait."))
    with scoring_refusals():
        paper_winner(totals, game.round.rules)  # the check, and who won
    records = list(game.donnes.order_by("number"))
    if records and side is not None:
        raise UserError(_("Des donnes sont saisies à cette table : seul l'organisateur peut "
                          "passer à la saisie des totaux."))
    if records and not confirm:
        raise UserError(ngettext(
            "Cette table a %(n)d donne saisie : les totaux la remplaceront (le journal la "
            "garde, elle pourra être rétablie). Confirmez pour continuer.",
            "Cette table a %(n)d donnes saisies : les totaux les remplaceront (le journal les "
            "garde, elles pourront être rétablies). Confirmez pour continuer.",
            len(records)) % {"n": len(records)}, "confirm")
    before: dict[str, Any] | None = None
    if game.by_totals:
        before = _stored_values(game)
    elif records:
        where = {"round_number": game.round.number, "table": game.table}
        AuditEntry.objects.bulk_create([
            audit.entry(tournament, by, "donne", "delete", number=record.number,
                        donne_key=record.key, before=audit.donne_values(record), **where)
            for record in records])
        game.donnes.all().delete()
        before = {"donnes": len(records), "keys": [record.key for record in records]}
    after = totals_values(totals)
    _set_totals(game, totals)
    game.save()
    game_recompute(game=game)
    if before != after:
        audit.log(tournament, by, "game", "totals", round_number=game.round.number,
                  table=game.table, before=before, after=after)
        score_changed(game, side)
    return game


def _stored_values(game: Game) -> dict[str, Any]:
    """A by-totals game's totals as the journal keeps them, read as stored."""
    return {"score_ns": game.paper_ns, "score_ew": game.paper_ew, "donnes": game.paper_donnes,
            "passed": game.paper_passed, "belotes": game.paper_belotes,
            "capots": game.paper_capots, "awarded_ns": game.paper_awarded_ns,
            "awarded_ew": game.paper_awarded_ew}


def removed_donnes(game: Game) -> list[AuditEntry]:
    """The donnes that the game's last switch from donnes to totals removed, as the journal
    keeps them (their "delete" entries, in donne order): what `game_totals_clear` can put
    back. Empty when that switch removed none, or the game is not entered by totals."""
    if not game.by_totals:
        return []
    where = {"tournament_id": game.round.tournament_id, "round_number": game.round.number,
             "table": game.table}
    switch = None
    for entry in AuditEntry.objects.filter(kind="game", action="totals", **where) \
            .order_by("-at", "-id"):
        if entry.before is None or (isinstance(entry.before, dict)
                                    and "keys" in entry.before):
            switch = entry  # the last switch from donnes (later ones corrected the totals)
            break
    if switch is None or not audit.well_formed(switch) or switch.before is None:
        return []
    keys = switch.before["keys"]
    latest: dict[str, AuditEntry] = {}
    for entry in AuditEntry.objects.filter(kind="donne", action="delete", donne_key__in=keys,
                                           id__lt=switch.id, **where).order_by("id"):
        latest[entry.donne_key] = entry  # the last deletion of each: the switch's
    entries = [latest[key] for key in keys if key in latest]
    return entries if len(entries) == len(keys) and all(
        audit.well_formed(entry) for entry in entries) else []


@transaction.atomic
def game_totals_clear(*, game: Game, confirm: bool = False, restore: bool = False,
                      by: Actor = SYSTEM) -> Game:
    """Back to entering the game by its donnes: its totals go (journaled; only with
    `confirm`). `restore` puts back the donnes the switch to totals removed, as they were
    (each journaled as restored); refused, changing nothing, if the rules now refuse them."""
    game = game_locked(game)
    if not game.by_totals:
        raise UserError(_("Cette table est déjà saisie par donnes."))
    if not confirm:
        raise UserError(_("Confirmez le retour à la saisie par donnes : les totaux de la "
                          "feuille seront effacés (le journal les garde)."), "confirm")
    removed = removed_donnes(game) if restore else []
    if restore and not removed:
        raise UserError(_("Aucune donne à rétablir : la table est passée aux totaux sans "
                          "donne saisie."), "restore")
    before = _stored_values(game)
    _set_totals(game, None)
    game.save()
    after: dict[str, Any] | None = None
    keys = []
    for number, entry in enumerate(removed, start=1):
        values: dict[str, Any] = {field.name: field.default
                                  for field in dataclasses.fields(Donne)}
        values.update(entry.before or {})
        key = entry.donne_key
        if DonneRecord.objects.filter(key=key).exists():  # put back elsewhere meanwhile
            key = new_donne_key()
        _donne_insert(game=game, number=number, donne=Donne(**values), key=key, by=by)
        keys.append(key)
    if removed:
        after = {"donnes": len(keys), "keys": keys}
    game.refresh_from_db()
    game_recompute(game=game)
    audit.log(game.round.tournament, by, "game", "untotals", round_number=game.round.number,
              table=game.table, before=before, after=after)
    score_changed(game, None)
    return game


__all__ = [
    "game_totals_clear",
    "game_totals_record",
    "paper_totals",
    "removed_donnes",
    "totals_values",
]
