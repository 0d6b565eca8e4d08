"""Writes of a concours: create; change its details, its rules (from a partie on), its
format, how its results come in; publish, delete; the demo."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import json
from pathlib import Path
from typing import Any

from django.core import serializers
from django.core.management.color import no_style
from django.db import connection, transaction
from django.utils.translation import gettext as _

from scoring import PRESETS, Rules

from .. import journal as audit
from ..formats import format_of
from ..journal import SYSTEM, Actor
from ..models import (
    RULE_FIELDS,
    Club,
    DonneRecord,
    Game,
    Player,
    Round,
    Season,
    Team,
    Tournament,
)
from ..selectors.rules import games_with_results
from .clubs import club_of_organiser
from .common import (
    UserError,
    _bool_checked,
    _only_rule_options,
    criteria_checked,
    date_checked,
    default_draw_method,
    draw_method_checked,
    exempt_rule_checked,
    format_checked,
    ranking_points_checked,
    rules_bounded,
    rules_from,
    slug_checked,
    stamp_checked,
    text_field,
    values_stamp,
    whole_field,
)
from .donnes import byes_rescore, game_recompute


class Keep(enum.Enum):
    """An argument not given: the concours keeps its value (where None is a value: ranking
    points, None meaning none)."""

    KEEP = "keep"


KEEP = Keep.KEEP

# --- Tournament -------------------------------------------------------------------------


@transaction.atomic
def tournament_create(*, organiser, club: Club | None = None, name: str, slug: str,
                      date: datetime.date,
                      place: str = "", preset: str = "ffb-coinche",
                      parties_planned: int | None = None, criteria: list[str] | None = None,
                      bye_points: int | None = None, forfeit_points: int | None = None,
                      format: str = "doublettes", draw_method: str | None = None,
                      exempt_rule: str = "fixed", points_win: int | None = None,
                      points_loss: int | None = None, points_exempt: int | None = None,
                      points_forfeit: int | None = None,
                      published: bool = False, by: Actor = SYSTEM,
                      **rule_options: Any) -> Tournament:
    """A new concours with the preset's rules, adjusted by `rule_options` (named by
    RULE_FIELDS, anything else is a TypeError); the other options default when None.

    `format`: "doublettes" or "melee"; `draw_method`: a key of draw.METHODS for that format
    (None: the format's usual one); `exempt_rule`: "fixed", "half" or "average"; the
    ranking points of a win, a loss, an exemption and a forfeit: None (none) or 0..10,000.
    `club`: the club that owns it (None: `club_of_organiser`)."""
    _only_rule_options(rule_options)
    if preset not in PRESETS:
        raise UserError(_("Règlement inconnu."), "preset")
    format = format_checked(format)
    tournament = Tournament(
        club=club if club is not None else club_of_organiser(organiser),
        organiser=organiser, name=text_field(Tournament, "name", name),
        slug=slug_checked(slug), date=date_checked(date),
        place=text_field(Tournament, "place", place),
        published=_bool_checked(published, "published", _("Publié")),
        format=format,
        draw_method=draw_method_checked(
            default_draw_method(format) if draw_method is None else draw_method, format),
        exempt_rule=exempt_rule_checked(exempt_rule),
        points_win=ranking_points_checked("points_win", points_win),
        points_loss=ranking_points_checked("points_loss", points_loss),
        points_exempt=ranking_points_checked("points_exempt", points_exempt),
        points_forfeit=ranking_points_checked("points_forfeit", points_forfeit),
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


# --- Settings: one service per thing the organiser changes ------------------------------
#
# The settings page posts all of them at once, as one value (TournamentSettings):
# tournament_settings_change calls each, in its transaction, the page's version (`stamp`)
# checked by the first. Each locks the concours, refuses a stale stamp, and journals a
# "rules" entry when what it changes is journaled (audit.rules_values: not the name, date
# and place).


@transaction.atomic
def tournament_details_update(*, tournament: Tournament, name: str | None = None,
                              date: datetime.date | None = None, place: str | None = None,
                              season: Season | Keep | None = KEEP,
                              stamp: str | None = None, by: Actor = SYSTEM) -> None:
    """The concours' name, date and place: each given (not None) is checked and set; and its
    season (None: none), given as KEEP it stays.

    `stamp`: the version of the concours (tournament_stamp) the page showed; a stale one is
    refused and nothing changes. Only the season is journaled (the journal follows what
    scores and ranks, and what a season counts)."""
    tournament = _settings_locked(tournament, stamp)
    name = None if name is None else text_field(Tournament, "name", name)
    date = None if date is None else date_checked(date)
    place = None if place is None else text_field(Tournament, "place", place)
    before = tournament.season
    after = before if isinstance(season, Keep) else season
    day = tournament.date if date is None else date
    if after is not None and after.club_id != tournament.club_id:
        raise UserError(_("Cette saison n'est pas du club du concours."), "season")
    if after is not None and not after.start <= day <= after.end:
        # As the season's form refuses a concours outside its dates: the season would count
        # it, then refuse any change of its own until the date came back. (A date changed
        # only: a concours moved out before this check still saves its other settings.)
        if after == before and date is not None and date != tournament.date:
            raise UserError(_("Le %(date)s n'est pas dans les dates de la saison « %(season)s » "
                              "(du %(start)s au %(end)s) : retirez d'abord le concours de la "
                              "saison, ou choisissez une date de la saison.")
                            % {"date": day.strftime("%d/%m/%Y"), "season": after.name,
                               "start": after.start.strftime("%d/%m/%Y"),
                               "end": after.end.strftime("%d/%m/%Y")}, "date")
        if after != before:
            raise UserError(_("Le %(date)s n'est pas dans les dates de la saison « %(season)s » "
                              "(du %(start)s au %(end)s).")
                            % {"date": day.strftime("%d/%m/%Y"), "season": after.name,
                               "start": after.start.strftime("%d/%m/%Y"),
                               "end": after.end.strftime("%d/%m/%Y")}, "season")
    for field, value in (("name", name), ("date", date), ("place", place)):
        if value is not None:
            setattr(tournament, field, value)
    if after != before:
        audit.log(tournament, by, "season", "update",
                  before={"season": before.name if before else None},
                  after={"season": after.name if after else None})
        tournament.season = after
    tournament.save()


@dataclasses.dataclass(frozen=True)
class TournamentSettings:
    """What the rules page edits, as one value (TournamentRulesForm.settings builds it): the
    concours' details, its rule set, the other journaled options, its format and ranking
    points, and how results come in. `format`, `draw_method` and `exempt_rule` None keep the
    concours' own (a post without them: a script, an older page); the ranking points None
    are none."""

    name: str
    date: datetime.date
    place: str
    preset: str
    rules: Rules
    parties_planned: int
    criteria: list[str]
    bye_points: int
    forfeit_points: int
    format: str | None
    draw_method: str | None
    exempt_rule: str | None
    points_win: int | None
    points_loss: int | None
    points_exempt: int | None
    points_forfeit: int | None
    paper_by_tables: bool
    two_confirmations: bool
    # The club's season it counts for (None: none); KEEP: as it is (a post without the field,
    # an older page).
    season: Season | Keep | None = KEEP


@transaction.atomic
def tournament_settings_change(*, tournament: Tournament, settings: TournamentSettings,
                               from_partie: int | None = None, confirm: bool = False,
                               stamp: str | None = None, by: Actor = SYSTEM) -> list[str]:
    """Everything the rules page edits, all or nothing: its details, then its rules
    (tournament_rules_change: `from_partie`, `confirm`), its format and ranking points, how
    results come in. Each part is journaled as its own service journals it (a "rules" entry
    when it changes a journaled value). `stamp`: the version of the concours
    (tournament_stamp) the page showed, checked once, by the first part, under the concours'
    lock; a stale one is refused and nothing changes. Returns the names of the rule options
    that changed."""
    tournament_details_update(tournament=tournament, name=settings.name, date=settings.date,
                              place=settings.place, season=settings.season, stamp=stamp, by=by)
    changed = tournament_rules_change(
        tournament=tournament, rules=settings.rules, preset=settings.preset,
        parties_planned=settings.parties_planned, criteria=settings.criteria,
        bye_points=settings.bye_points, forfeit_points=settings.forfeit_points,
        from_partie=from_partie, confirm=confirm, by=by)
    tournament_format_update(
        tournament=tournament, format=settings.format, draw_method=settings.draw_method,
        exempt_rule=settings.exempt_rule, points_win=settings.points_win,
        points_loss=settings.points_loss, points_exempt=settings.points_exempt,
        points_forfeit=settings.points_forfeit, by=by)
    tournament_results_update(tournament=tournament,
                              paper_by_tables=settings.paper_by_tables,
                              two_confirmations=settings.two_confirmations, by=by)
    return changed


@transaction.atomic
def tournament_rules_update(*, tournament: Tournament, preset: str | None = None,
                            parties_planned: int | None = None,
                            criteria: list[str] | None = None, bye_points: int | None = None,
                            forfeit_points: int | None = None, from_partie: int | None = None,
                            confirm: bool = False, stamp: str | None = None,
                            by: Actor = SYSTEM, **rule_options: Any) -> list[str]:
    """tournament_rules_change with only some rule options given, by name (RULE_FIELDS,
    anything else is a TypeError; None included where it is a value): those left out keep
    the concours' values. For scripts, tests and the journal's restore, which change one or
    two options rather than post the whole rule set."""
    _only_rule_options(rule_options)
    _preset_checked(preset)
    locked = _settings_locked(tournament, stamp)
    rules = rules_from({**dataclasses.asdict(locked.rules), **rule_options})
    return tournament_rules_change(
        tournament=locked, rules=rules, preset=preset, parties_planned=parties_planned,
        criteria=criteria, bye_points=bye_points, forfeit_points=forfeit_points,
        from_partie=from_partie, confirm=confirm, by=by)


@transaction.atomic
def tournament_rules_change(*, tournament: Tournament, rules: Rules,
                            preset: str | None = None, parties_planned: int | None = None,
                            criteria: list[str] | None = None, bye_points: int | None = None,
                            forfeit_points: int | None = None, from_partie: int | None = None,
                            confirm: bool = False, stamp: str | None = None,
                            by: Actor = SYSTEM) -> list[str]:
    """Change the rules to `rules` (the whole rule set, as the rules form builds it), and
    each other named field given (not None): the preset's name, the parties planned, the
    ranking criteria, the score of a bye (under the fixed exempt rule) and of a forfeit.
    The rule options that differ from the stored ones are what changes (and what the
    journal's "rules" entry shows); returns their names.

    The end of a game (`target`, `max_donnes`) changes from partie `from_partie` on (None:
    from the first): the parties before keep theirs, the later ones drawn and to draw take
    the new values. Every other option applies to every partie. Rule changes need `confirm`
    once a partie they touch has donnes; only the games they touch are recomputed (all of
    them when the points of a bye or a forfeit change).

    `stamp`: the version of the concours (tournament_stamp) the rules page showed; a stale
    one is refused and nothing changes."""
    _preset_checked(preset)
    tournament = _settings_locked(tournament, stamp)
    rules = rules_bounded(rules)
    stored = tournament.rules
    changed = [option for option in RULE_FIELDS
               if getattr(rules, option) != getattr(stored, option)]
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
    new_limits, touched, everywhere = _parties_touched(rounds, rules, changed, from_partie)
    if not confirm:
        _confirmed_unless_played(rounds, touched)
    points_changed = ((bye_points is not None and bye_points != tournament.bye_points)
                      or (forfeit_points is not None
                          and forfeit_points != tournament.forfeit_points))
    before = audit.rules_values(tournament)
    for option in RULE_FIELDS:
        setattr(tournament, option, getattr(rules, option))
    # The named fields given (checked above); None leaves a field as it is.
    given = {"preset": preset, "parties_planned": parties_planned, "criteria": criteria,
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
    # A change of the end of a game from a later partie names that partie where the journal
    # names a donne's: "Règlement : correction — partie 3".
    since = (from_partie if from_partie > 1
             and any(option in _LIMIT_FIELDS for option in changed) else None)
    _journaled(tournament, before, by, round_number=since)
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


@transaction.atomic
def tournament_format_update(*, tournament: Tournament, format: str | None = None,
                             draw_method: str | None = None, exempt_rule: str | None = None,
                             points_win: int | Keep | None = KEEP,
                             points_loss: int | Keep | None = KEEP,
                             points_exempt: int | Keep | None = KEEP,
                             points_forfeit: int | Keep | None = KEEP,
                             stamp: str | None = None, by: Actor = SYSTEM) -> None:
    """Change the format and how it is drawn and ranked: each of `format`, `draw_method`
    and `exempt_rule` given (not None), and the ranking points given (None included: no
    points; left out, KEEP, they stay).

    The format changes only while nobody is registered; a draw method must suit the format
    (when the format changes without one, the new format's usual method replaces one that
    no longer suits). A new exempt rule rewrites every bye's score. `stamp`: as
    tournament_rules_change's."""
    tournament = _settings_locked(tournament, stamp)
    draw_options = _draw_options_checked(tournament, format, draw_method)
    if exempt_rule is not None:
        exempt_rule = exempt_rule_checked(exempt_rule)
    points = {field: ranking_points_checked(field, value) for field, value in (
        ("points_win", points_win), ("points_loss", points_loss),
        ("points_exempt", points_exempt), ("points_forfeit", points_forfeit))
        if not isinstance(value, Keep)}
    exempt_changed = exempt_rule is not None and exempt_rule != tournament.exempt_rule
    before = audit.rules_values(tournament)
    for field, option in {**draw_options, "exempt_rule": exempt_rule}.items():
        if option is not None:
            setattr(tournament, field, option)
    for field, number in points.items():  # None included: no points for that result
        setattr(tournament, field, number)
    tournament.save()
    _journaled(tournament, before, by)
    if exempt_changed:  # the byes of every partie score by the new rule
        for round_ in (Round.objects.select_for_update().filter(tournament=tournament)
                       .order_by("number")):
            round_.tournament = tournament
            byes_rescore(round_=round_)


@transaction.atomic
def tournament_results_update(*, tournament: Tournament, paper_by_tables: bool | None = None,
                              two_confirmations: bool | None = None,
                              stamp: str | None = None, by: Actor = SYSTEM) -> None:
    """How results come in: the tables may enter their sheet's totals (`paper_by_tables`),
    both captains confirm a final score (`two_confirmations`); each given (not None) is set.
    `stamp`: as tournament_rules_change's."""
    tournament = _settings_locked(tournament, stamp)
    if paper_by_tables is not None:
        paper_by_tables = _bool_checked(paper_by_tables, "paper_by_tables",
                                        _("Totaux saisis par les tables"))
    if two_confirmations is not None:
        two_confirmations = _bool_checked(two_confirmations, "two_confirmations",
                                          _("Double confirmation"))
    before = audit.rules_values(tournament)
    for field, value in (("paper_by_tables", paper_by_tables),
                         ("two_confirmations", two_confirmations)):
        if value is not None:
            setattr(tournament, field, value)
    tournament.save()
    _journaled(tournament, before, by)


def _parties_touched(rounds: list[Round], rules: Rules, changed: list[str],
                     from_partie: int) -> tuple[dict[int, tuple[int | None, int | None]],
                                                set[int], list[str]]:
    """What a change of the rules to `rules` does to the drawn parties: each one's end of a
    game after it, the parties it touches, and the options it changes in every partie.

    Only the ends the change names (those that differ from the concours') are given to the
    parties from `from_partie` on: the rules page posts both every time, and a partie played
    in 12 donnes keeps them when only the criteria, or only the target, change."""
    limits = {round_.number: _limits(round_.rules) for round_ in rounds}
    new_limits = {number: _limits_changed(old, rules, changed) if number >= from_partie
                  else old for number, old in limits.items()}
    touched = {number for number in limits if new_limits[number] != limits[number]}
    everywhere = [option for option in changed if option not in _LIMIT_FIELDS]
    if everywhere:
        touched = set(limits)
    return new_limits, touched, everywhere


def _confirmed_unless_played(rounds: list[Round], touched: set[int]) -> None:
    """Refuse, asking for a confirmation, a change that recomputes a partie with a result
    (donnes, paper totals or a forfeit)."""
    if not touched:
        return
    with_donnes = set(games_with_results(Game.objects.filter(round__in=rounds))
                      .values_list("round__number", flat=True).distinct())
    if not touched & with_donnes:
        return
    if touched == {round_.number for round_ in rounds}:
        message = _("Des donnes sont déjà saisies : changer le règlement recalculera "
                    "toutes les parties. Confirmez pour continuer.")
    else:
        message = _("Des donnes sont déjà saisies : changer le règlement recalculera les "
                    "parties %(n)s. Confirmez pour continuer.") % {
            "n": ", ".join(str(number) for number in sorted(touched))}
    raise UserError(message, "confirm")


def _preset_checked(preset: str | None) -> None:
    if preset is not None and preset not in PRESETS:
        raise UserError(_("Règlement inconnu."), "preset")


def _settings_locked(tournament: Tournament, stamp: str | None) -> Tournament:
    """The concours read again and locked for update (the first rank of the lock order);
    a stale page's `stamp` is refused."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    stamp_checked(stamp, _page_values(locked), changed=_("Le concours vient d'être modifié"))
    return locked


def _journaled(tournament: Tournament, before: dict[str, Any], by: Actor, *,
               round_number: int | None = None) -> None:
    """A "rules" entry of the change from `before`, when there is one."""
    after = audit.rules_values(tournament)
    if after != before:
        audit.log(tournament, by, "rules", "update", before=before, after=after,
                  round_number=round_number)


def tournament_stamp(tournament: Tournament) -> str:
    """The version of what the rules page edits (common.values_stamp)."""
    return values_stamp(_page_values(tournament))


def _page_values(tournament: Tournament) -> dict[str, Any]:
    return {**audit.rules_values(tournament), "name": tournament.name,
            "date": tournament.date, "place": tournament.place}


def _draw_options_checked(tournament: Tournament, format: str | None,
                          draw_method: str | None) -> dict[str, str]:
    """The format and draw method to store (only those that change): the format only while
    nobody is registered, a method that suits the format."""
    options = {}
    new_format = tournament.format
    if format is not None and format_checked(format) != tournament.format:
        if (Player.objects.filter(tournament=tournament).exists()
                or Team.objects.filter(tournament=tournament).exists()):
            raise UserError(_("La formule ne change plus une fois des joueurs ou des équipes "
                              "inscrits."), "format")
        new_format = options["format"] = format
    if draw_method is not None:
        options["draw_method"] = draw_method_checked(draw_method, new_format)
    elif format_of(new_format) is not format_of(tournament):
        try:
            draw_method_checked(tournament.draw_method, new_format)
        except UserError:
            options["draw_method"] = default_draw_method(new_format)
    return options


# The options that end a game: they change from a given partie on (Round.target, max_donnes).
_LIMIT_FIELDS = ("target", "max_donnes")


def _limits(rules: Rules) -> tuple[int | None, int | None]:
    return rules.target, rules.max_donnes


def _limits_changed(old: tuple[int | None, int | None], rules: Rules,
                    changed: list[str]) -> tuple[int | None, int | None]:
    """A partie's end of a game `old` with the concours' new values (`rules`) of the ends
    that `changed` only; both, when one alone would leave the game without an end."""
    target = rules.target if "target" in changed else old[0]
    max_donnes = rules.max_donnes if "max_donnes" in changed else old[1]
    if target is None and max_donnes is None:
        return _limits(rules)
    return target, max_donnes


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
    """Delete a tournament and everything in it (games first: they protect their teams; then
    the teams: they protect their players)."""
    Game.objects.filter(round__tournament=tournament).delete()
    Team.objects.filter(tournament=tournament).delete()
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
    club = club_of_organiser(organiser)
    for entry in objects:
        if entry["model"] == "tournament.tournament":
            entry["fields"]["organiser"] = organiser.pk
            entry["fields"]["club"] = club.pk
    for loaded in serializers.deserialize("json", json.dumps(objects)):
        loaded.save()
    # The fixture brings its own keys: move PostgreSQL's sequences past them, as loaddata does.
    models = [Tournament, Player, Team, Round, Game, DonneRecord]
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(statement)
    return Tournament.objects.get(slug="demo")


__all__ = [
    "TournamentSettings",
    "demo_load",
    "tournament_create",
    "tournament_delete",
    "tournament_details_update",
    "tournament_format_update",
    "tournament_publish",
    "tournament_results_update",
    "tournament_rules_change",
    "tournament_rules_update",
    "tournament_settings_change",
    "tournament_stamp",
]
