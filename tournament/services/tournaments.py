"""Writes of a concours: create, change its rules and options, publish, delete; the demo."""

from __future__ import annotations

import dataclasses
import datetime
import json
from pathlib import Path
from typing import Any

from django.core import serializers
from django.core.management.color import no_style
from django.db import connection, transaction
from django.utils.translation import gettext as _

from scoring import PRESETS, Rules

from .. import audit
from ..audit import SYSTEM, Actor
from ..models import (
    RULE_FIELDS,
    DonneRecord,
    Game,
    Round,
    Team,
    Tournament,
)
from .common import (
    UserError,
    _bool_checked,
    _only_rule_options,
    criteria_checked,
    date_checked,
    rules_from,
    slug_checked,
    text_field,
    whole_field,
)
from .donnes import game_recompute

# --- Tournament -------------------------------------------------------------------------


@transaction.atomic
def tournament_create(*, organiser, name: str, slug: str, date: datetime.date,
                      place: str = "", preset: str = "ffb-coinche",
                      parties_planned: int | None = None, criteria: list[str] | None = None,
                      bye_points: int | None = None, forfeit_points: int | None = None,
                      published: bool = False, by: Actor = SYSTEM,
                      **rule_options: Any) -> Tournament:
    """A new concours with the preset's rules, adjusted by `rule_options` (named by
    RULE_FIELDS, anything else is a TypeError); the other options default when None."""
    _only_rule_options(rule_options)
    if preset not in PRESETS:
        raise UserError(_("Règlement inconnu."), "preset")
    tournament = Tournament(
        organiser=organiser, name=text_field(Tournament, "name", name),
        slug=slug_checked(slug), date=date_checked(date),
        place=text_field(Tournament, "place", place),
        published=_bool_checked(published, "published", _("Publié")),
    )
    tournament.apply_preset(preset)
    rules = rules_from({**dataclasses.asdict(PRESETS[preset]), **rule_options})
    for option in RULE_FIELDS:
        setattr(tournament, option, getattr(rules, option))
    if parties_planned is not None:
        tournament.parties_planned = whole_field(Tournament, "parties_planned",
                                                 parties_planned, minimum=1)
    if criteria is not None:
        tournament.criteria = criteria_checked(criteria)
    if bye_points is not None:
        tournament.bye_points = whole_field(Tournament, "bye_points", bye_points)
    if forfeit_points is not None:
        tournament.forfeit_points = whole_field(Tournament, "forfeit_points", forfeit_points)
    if Tournament.objects.filter(slug=tournament.slug).exists():
        raise UserError(_("Cette adresse est déjà prise par un autre concours."), "slug")
    tournament.save()
    audit.log(tournament, by, "rules", "create", after=audit.rules_values(tournament))
    return tournament


@transaction.atomic
def tournament_update(*, tournament: Tournament, name: str | None = None,
                      date: datetime.date | None = None, place: str | None = None,
                      parties_planned: int | None = None, criteria: list[str] | None = None,
                      bye_points: int | None = None, forfeit_points: int | None = None,
                      preset: str | None = None, from_partie: int | None = None,
                      confirm: bool = False, by: Actor = SYSTEM,
                      **rule_options: Any) -> list[str]:
    """Change the tournament: each named field given (not None), and the rule options given
    by their RULE_FIELDS names (anything else is a TypeError: the organiser, the slug or
    `published` never change here). Returns the names of the rule options that changed.

    The end of a game (`target`, `max_donnes`) changes from partie `from_partie` on (None:
    from the first): the parties before keep theirs, the later ones drawn and to draw take
    the new values. Every other option applies to every partie. Rule changes need `confirm`
    once a partie they touch has donnes; only the games they touch are recomputed."""
    _only_rule_options(rule_options)
    if preset is not None and preset not in PRESETS:
        raise UserError(_("Règlement inconnu."), "preset")
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    changed = [option for option in RULE_FIELDS
               if option in rule_options and rule_options[option] != getattr(tournament, option)]
    rules = rules_from({option: rule_options.get(option, getattr(tournament, option))
                        for option in RULE_FIELDS})
    name = None if name is None else text_field(Tournament, "name", name)
    date = None if date is None else date_checked(date)
    place = None if place is None else text_field(Tournament, "place", place)
    if parties_planned is not None:
        parties_planned = whole_field(Tournament, "parties_planned", parties_planned,
                                      minimum=1)
    criteria = None if criteria is None else criteria_checked(criteria)
    if bye_points is not None:
        bye_points = whole_field(Tournament, "bye_points", bye_points)
    if forfeit_points is not None:
        forfeit_points = whole_field(Tournament, "forfeit_points", forfeit_points)
    rounds = list(Round.objects.select_for_update().filter(tournament=tournament)
                  .order_by("number"))
    for round_ in rounds:
        round_.tournament = tournament  # its rules read these options: before, then after
    from_partie = _from_partie_checked(from_partie, rounds)
    # Each drawn partie's end of a game, before and after the change.
    limits = {round_.number: _limits(round_.rules) for round_ in rounds}
    new_limits = {number: _limits(rules) if number >= from_partie else old
                  for number, old in limits.items()}
    touched = {number for number in limits if new_limits[number] != limits[number]}
    everywhere = [option for option in changed if option not in _LIMIT_FIELDS]
    if everywhere:
        touched = set(limits)
    with_donnes = set(DonneRecord.objects.filter(game__round__in=rounds)
                      .values_list("game__round__number", flat=True).distinct())
    if touched & with_donnes and not confirm:
        if touched == set(limits):
            message = _("Des donnes sont déjà saisies : changer le règlement recalculera "
                        "toutes les parties. Confirmez pour continuer.")
        else:
            message = _("Des donnes sont déjà saisies : changer le règlement recalculera les "
                        "parties %(n)s. Confirmez pour continuer.") % {
                "n": ", ".join(str(number) for number in sorted(touched))}
        raise UserError(message, "confirm")
    points_changed = ((bye_points is not None and bye_points != tournament.bye_points)
                      or (forfeit_points is not None
                          and forfeit_points != tournament.forfeit_points))
    before = audit.rules_values(tournament)
    for option in RULE_FIELDS:
        setattr(tournament, option, getattr(rules, option))
    # The named fields given (checked above); None leaves a field as it is.
    given = {"preset": preset, "name": name, "date": date, "place": place,
             "parties_planned": parties_planned, "criteria": criteria,
             "bye_points": bye_points, "forfeit_points": forfeit_points}
    for field, value in given.items():
        if value is not None:
            setattr(tournament, field, value)
    tournament.save()
    recorded = []
    for round_ in rounds:  # every partie records its own end, whatever the tournament's
        if (round_.target, round_.max_donnes) != new_limits[round_.number]:
            round_.target, round_.max_donnes = new_limits[round_.number]
            recorded.append(round_)
    Round.objects.bulk_update(recorded, ["target", "max_donnes"])
    after = audit.rules_values(tournament)
    if after != before:
        # A change of the end of a game from a later partie names that partie where the
        # journal names a donne's: "Règlement : correction — partie 3".
        since = (from_partie if from_partie > 1
                 and any(option in _LIMIT_FIELDS for option in changed) else None)
        audit.log(tournament, by, "rules", "update", before=before, after=after,
                  round_number=since)
    if everywhere or points_changed:
        games = Game.objects.filter(round__tournament=tournament)
    else:
        games = Game.objects.filter(round__tournament=tournament, round__number__in=touched)
    for game in games.select_related("round__tournament").order_by("round__number", "table"):
        try:
            game_recompute(game=game)
        except UserError as error:  # the game names itself; the transaction undoes all
            unchanged = _("Le règlement n'a pas été changé.")
            raise UserError(f"{error.message} {unchanged}", error.field) from None
    return changed


# The options that end a game: they change from a given partie on (Round.target, max_donnes).
_LIMIT_FIELDS = ("target", "max_donnes")


def _limits(rules: Rules) -> tuple[int | None, int | None]:
    return rules.target, rules.max_donnes


def _from_partie_checked(value: object, rounds: list[Round]) -> int:
    """The partie a change of the end of a game starts from: 1 to the next one to draw (a
    later one would leave the parties drawn in between with the tournament's new values)."""
    if value is None:
        return 1
    last = max((round_.number for round_ in rounds), default=0) + 1  # the next to draw
    if type(value) is not int or not 1 <= value <= last:
        raise UserError(_("À partir de la partie : un numéro de 1 à %(n)d est attendu.")
                        % {"n": last}, "from_partie")
    return value


@transaction.atomic
def tournament_delete(*, tournament: Tournament) -> None:
    """Delete a tournament and everything in it (games first: they protect their teams)."""
    Game.objects.filter(round__tournament=tournament).delete()
    tournament.delete()


@transaction.atomic
def tournament_publish(*, tournament: Tournament, published: bool) -> None:
    """Open (or close) the pairings, standings and screen view to everyone."""
    Tournament.objects.filter(pk=tournament.pk).update(published=published)
    tournament.published = published


# --- Demo ---------------------------------------------------------------------------------


@transaction.atomic
def demo_load(*, organiser, path: Path) -> Tournament:
    """Load the demo fixture, owned by `organiser` (the fixture's own owner is not kept)."""
    objects = json.loads(path.read_text(encoding="utf-8"))
    for entry in objects:
        if entry["model"] == "tournament.tournament":
            entry["fields"]["organiser"] = organiser.pk
    for loaded in serializers.deserialize("json", json.dumps(objects)):
        loaded.save()
    # The fixture brings its own keys: move PostgreSQL's sequences past them, as loaddata does.
    models = [Tournament, Team, Round, Game, DonneRecord]
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(statement)
    return Tournament.objects.get(slug="demo")
