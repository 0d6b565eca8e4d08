"""A concours in phases in a backup (version 8, issue 35): its formule, its poules as dealt,
its tableaux and their called matches (BRACKETS.md; models/phases.py).

`phases` is null for a concours of drawn parties, else {"plan", "seats", "tableaux"}:
- `plan`: the formule's options (PhasePlan's fields, the têtes de série by team number);
- `seats`: each team's place in its poule ({"poule", "position", "team"}, poule 1 is A);
- `tableaux`: each tableau ({"name", "seeds", "unmended", "seed", "rest", "matches"}), its
  matches naming their game as the rest of the file does, by partie number and table
  ({"low", "round_index", "index", "partie", "table"}).
Each partie says its phase (`phase`, `poule`: read.py). Everything names teams by their
number and parties by theirs, never a database key. A file is from anywhere: every value is
checked (bounds, choices, the teams and games of the file, a poule's sizes as the deal makes
them, a match's game in a partie of its tableau and played by its entrants).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from ...brackets import BracketError
from ...brackets.bracket import bracket_size
from ...brackets.poules import poule_sizes
from ...models import (
    Game,
    PhasePlan,
    PouleSeat,
    Round,
    Tableau,
    TableauMatch,
    Team,
    Tournament,
)
from ...models.phases import (
    CADRAGE_CHOICES,
    PLACEMENT_CHOICES,
    POULE_STYLE_CHOICES,
    QUALIFICATION_CHOICES,
    TABLEAU_CHOICES,
)
from ...selectors.phases import tableaux_view
from ...validators import MAX_SEED
from .checks import boolean, choice, fail, listed, named, whole, within

PHASES_FIELDS = ["plan", "seats", "tableaux"]
PLAN_FIELDS = ["qualification", "poule_style", "qualified", "parties", "principal",
               "consolante", "cadrage", "placement", "separate_clubs", "tetes", "deal_seed"]
SEAT_FIELDS = ["poule", "position", "team"]
TABLEAU_FIELDS = ["name", "seeds", "unmended", "seed", "rest", "matches"]
MATCH_FIELDS = ["low", "round_index", "index", "partie", "table"]
# The bounds services.phases keeps (MAX_PARTIES, MAX_PRINCIPAL; not imported: services.phases
# imports the rounds' services, which import the automatic backups, which import this).
MAX_PARTIES = 30
MAX_TABLEAU = 1024


@dataclasses.dataclass
class Phases:
    """The phases of a file that passed every check, as the values to write."""

    plan: dict[str, Any]
    seats: list[dict[str, Any]]
    tableaux: list[dict[str, Any]]  # each with its `matches`


def phases_row(tournament: Tournament) -> dict[str, Any] | None:
    plan = PhasePlan.objects.filter(tournament=tournament).first()
    if plan is None:
        return None
    tableaux = []
    for tableau in Tableau.objects.filter(tournament=tournament).order_by("pk"):
        matches = (TableauMatch.objects.filter(tableau=tableau)
                   .select_related("game__round").order_by("low", "round_index", "index"))
        tableaux.append({
            "name": tableau.name, "seeds": list(tableau.seeds),
            "unmended": [list(pair) for pair in tableau.unmended], "seed": tableau.seed,
            "rest": [list(group) for group in tableau.rest],
            "matches": [{"low": match.low, "round_index": match.round_index,
                         "index": match.index, "partie": match.game.round.number,
                         "table": match.game.table} for match in matches]})
    return {
        "plan": {**{name: getattr(plan, name) for name in PLAN_FIELDS if name != "tetes"},
                 "tetes": list(plan.tetes)},
        "seats": [{"poule": seat.poule, "position": seat.position, "team": seat.team.number}
                  for seat in PouleSeat.objects.filter(tournament=tournament)
                  .select_related("team").order_by("poule", "position")],
        "tableaux": tableaux,
    }


def _team(value: object, where: str, label: str, teams: set[int]) -> int:
    number = whole(Team, "number", value, where, label, minimum=1)
    if number not in teams:
        fail(where, _("l'équipe %(n)d n'existe pas.") % {"n": number})
    return number


def _numbers(value: object, where: str, teams: set[int]) -> list[int]:
    """A list of team numbers of the file, each once."""
    numbers = [_team(item, where, _("équipe"), teams) for item in listed(value, where)]
    if len(set(numbers)) != len(numbers):
        fail(where, _("une équipe y figure deux fois."))
    return numbers


def _read_plan(value: object, teams: set[int]) -> dict[str, Any]:
    where = _("Formule en phases")
    fields = named(value, where, PLAN_FIELDS)
    plan: dict[str, Any] = {
        "qualification": choice(fields["qualification"], dict(QUALIFICATION_CHOICES), where,
                                _("qualification")),
        "poule_style": choice(fields["poule_style"], dict(POULE_STYLE_CHOICES), where,
                              _("poules")),
        "qualified": whole(PhasePlan, "qualified", fields["qualified"], where,
                           _("qualifiés par poule"), minimum=1, maximum=2),
        "parties": whole(PhasePlan, "parties", fields["parties"], where,
                         _("parties qualificatives"), minimum=1, maximum=MAX_PARTIES,
                         optional=True),
        "principal": whole(PhasePlan, "principal", fields["principal"], where,
                           _("équipes du tableau principal"), minimum=2,
                           maximum=MAX_TABLEAU, optional=True),
        "consolante": boolean(fields["consolante"], where, _("consolante")),
        "cadrage": choice(fields["cadrage"], dict(CADRAGE_CHOICES), where, _("cadrage")),
        "placement": choice(fields["placement"], dict(PLACEMENT_CHOICES), where,
                            _("placement")),
        "separate_clubs": boolean(fields["separate_clubs"], where, _("séparer les clubs")),
        "tetes": _numbers(fields["tetes"], within(where, _("têtes de série")), teams),
        "deal_seed": whole(PhasePlan, "deal_seed", fields["deal_seed"], where,
                           _("graine du tirage des poules"), maximum=MAX_SEED, optional=True),
    }
    # As the formule's service keeps them (services.phases.phase_plan_set).
    if (plan["qualification"] == "parties") != (plan["parties"] is not None
                                                 and plan["principal"] is not None):
        fail(where, _("les parties qualificatives, et elles seules, ont leur nombre et le "
                      "nombre de qualifiés du tableau principal."))
    if plan["qualification"] == "parties" and plan["tetes"]:
        fail(where, _("les têtes de série placent les poules ou le tableau direct, pas les "
                      "parties qualificatives."))
    return plan


def _read_seats(value: object, teams: set[int], plan: dict[str, Any]) -> list[dict[str, Any]]:
    """The poules as dealt: numbered 1, 2, 3… with the sizes the deal gives their count of
    teams (BRACKETS.md 2.1), positions 1, 2, 3… in each, each team once."""
    rows = listed(value, _("Poules"))
    if rows and plan["qualification"] != "poules":
        fail(_("Poules"), _("seule une formule en poules a des poules."))
    seats: list[dict[str, Any]] = []
    places: set[tuple[int, int]] = set()
    seated: set[int] = set()
    for index, row in enumerate(rows, start=1):
        where = _("Poules, place %(i)d") % {"i": index}
        fields = named(row, where, SEAT_FIELDS)
        seat = {"poule": whole(PouleSeat, "poule", fields["poule"], where, _("poule"),
                               minimum=1, maximum=len(rows)),
                "position": whole(PouleSeat, "position", fields["position"], where,
                                  _("position"), minimum=1, maximum=4),
                "team": _team(fields["team"], where, _("équipe"), teams)}
        if (seat["poule"], seat["position"]) in places:
            fail(where, _("cette place de la poule figure deux fois."))
        if seat["team"] in seated:
            fail(where, _("l'équipe %(n)d est déjà dans une poule.") % {"n": seat["team"]})
        places.add((seat["poule"], seat["position"]))
        seated.add(seat["team"])
        seats.append(seat)
    if seats:
        try:
            sizes = poule_sizes(len(seats))
        except BracketError:  # fewer than 6 teams seated
            fail(_("Poules"), _("des poules se tirent à partir de 6 équipes."))
        expected = {(poule, position) for poule, size in enumerate(sizes, start=1)
                    for position in range(1, size + 1)}
        if places != expected:
            unknown = sorted(places - expected) or sorted(expected - places)
            fail(_("Poules"), _("la poule %(p)d n'a pas de place %(n)d : %(count)d équipes "
                                "se répartissent en poules de %(sizes)s.")
                 % {"p": unknown[0][0], "n": unknown[0][1], "count": len(seats),
                    "sizes": ", ".join(str(size) for size in sizes)})
    return seats


def _read_matches(value: object, where: str, name: str, seeds: list[int],
                  games: dict[tuple[int, int], tuple[str | None, int, int | None]],
                  used: set[tuple[int, int]]) -> list[dict[str, Any]]:
    matches: list[dict[str, Any]] = []
    keys: set[tuple[int, int, int]] = set()
    size = len(seeds)
    for index, row in enumerate(listed(value, where), start=1):
        at = _("%(where)s, match %(i)d") % {"where": where, "i": index}
        fields = named(row, at, MATCH_FIELDS)
        # The bracket's rounds and matches from 0, or a placing match's places within the
        # tableau (models.TableauMatch).
        match = {"low": whole(TableauMatch, "low", fields["low"], at, _("première place"),
                              maximum=size),
                 "round_index": whole(TableauMatch, "round_index", fields["round_index"], at,
                                      _("tour"), maximum=size),
                 "index": whole(TableauMatch, "index", fields["index"], at, _("match"),
                                maximum=size)}
        key = (match["low"], match["round_index"], match["index"])
        # A match of the bracket: its round, and its place among the round's matches.
        rounds = bracket_size(size).bit_length() - 1
        if match["low"] == 0 and not (match["round_index"] < rounds
                                      and match["index"] < 2 ** (rounds - 1 - key[1])):
            fail(at, _("le tableau de %(n)d équipes n'a pas de match %(i)d au tour %(r)d.")
                 % {"n": size, "i": match["index"] + 1, "r": match["round_index"] + 1})
        if key in keys:
            fail(at, _("ce match figure deux fois."))
        keys.add(key)
        partie = whole(Round, "number", fields["partie"], at, _("partie"), minimum=1)
        table = whole(Game, "table", fields["table"], at, _("table"), minimum=1)
        game = games.get((partie, table))
        if game is None:
            fail(at, _("la partie %(p)d n'a pas de table %(t)d.") % {"p": partie, "t": table})
        phase, ns, ew = game
        if phase != name:
            fail(at, _("la partie %(p)d n'est pas une partie de ce tableau.") % {"p": partie})
        if (partie, table) in used:
            fail(at, _("la table %(t)d de la partie %(p)d est déjà celle d'un autre match.")
                 % {"t": table, "p": partie})
        used.add((partie, table))
        for number in (ns, ew):
            if number is None or number not in seeds:
                fail(at, _("l'équipe %(n)s ne joue pas ce tableau.")
                     % {"n": "—" if number is None else number})
        matches.append({**match, "partie": partie, "table": table})
    return matches


def _read_tableaux(value: object, teams: set[int],
                   games: dict[tuple[int, int], tuple[str | None, int, int | None]]
                   ) -> list[dict[str, Any]]:
    tableaux: list[dict[str, Any]] = []
    names: set[str] = set()
    used: set[tuple[int, int]] = set()
    for index, row in enumerate(listed(value, _("Tableaux")), start=1):
        where = _("Tableau %(i)d") % {"i": index}
        fields = named(row, where, TABLEAU_FIELDS)
        name = choice(fields["name"], dict(TABLEAU_CHOICES), where, _("tableau"))
        if name in names:
            fail(where, _("le tableau « %(name)s » figure deux fois.") % {"name": name})
        names.add(name)
        seeds = _numbers(fields["seeds"], within(where, _("têtes de série")), teams)
        if not 2 <= len(seeds) <= MAX_TABLEAU:
            fail(where, _("un tableau prend de 2 à %(n)d équipes.") % {"n": MAX_TABLEAU})
        unmended = []
        for pair in listed(fields["unmended"], where):
            pair = _numbers(pair, within(where, _("paires d’une poule")), set(seeds))
            if len(pair) != 2:
                fail(where, _("une paire d’une poule est de deux équipes."))
            unmended.append(pair)
        rest = [_numbers(group, within(where, _("équipes hors tableau")), teams)
                for group in listed(fields["rest"], where)]
        left = [number for group in rest for number in group]
        if len(set(left)) != len(left) or set(left) & set(seeds):
            fail(where, _("une équipe hors tableau y figure deux fois."))
        tableaux.append({
            "name": name, "seeds": seeds, "unmended": unmended, "rest": rest,
            "seed": whole(Tableau, "seed", fields["seed"], where, _("graine"),
                          maximum=MAX_SEED, optional=True),
            "matches": _read_matches(fields["matches"], where, name, seeds, games, used)})
    tableau_games = {key for key, (phase, _ns, _ew) in games.items()
                     if phase in dict(TABLEAU_CHOICES)}
    if tableau_games - used:
        partie, table = min(tableau_games - used)
        fail(_("Tableaux"), _("la table %(t)d de la partie %(p)d n'est le match d'aucun "
                              "tableau.") % {"t": table, "p": partie})
    return tableaux


def _check_parties(plan: dict[str, Any], seats: list[dict[str, Any]],
                   games: dict[tuple[int, int], tuple[str | None, int, int | None]]) -> None:
    """A poule's partie pairs two teams of one poule (2.3), a partie qualificative is the
    formule's: the poules' page and the standings read them so."""
    poule_of = {seat["team"]: seat["poule"] for seat in seats}
    for (partie, table), (phase, ns, ew) in sorted(games.items()):
        where = _("Partie %(p)d, table %(t)d") % {"p": partie, "t": table}
        if phase == "poule" and (ns not in poule_of or poule_of.get(ew) != poule_of[ns]):
            fail(where, _("une partie de poule oppose deux équipes d'une même poule."))
        if phase == "qualification" and plan["qualification"] != "parties":
            fail(where, _("une partie qualificative est celle d'une formule en parties "
                          "qualificatives."))


def read_phases(value: object, teams: set[int],
                games: dict[tuple[int, int], tuple[str | None, int, int | None]],
                poules: set[int]) -> Phases | None:
    """The phases of a file (None: a concours of drawn parties). `teams`: the registered
    teams' numbers; `games`: each game's phase, Nord-Sud and Est-Ouest teams by partie
    number and table; `poules`: the poules the parties name. A mêlée's registered teams
    are its pairs (services.pairs): its phases read as a doublettes'."""
    if value is None:
        if any(phase is not None for phase, _ns, _ew in games.values()):
            fail(_("Formule en phases"), _("des parties sont celles d'une formule en phases "
                                           "que le fichier ne donne pas."))
        return None
    fields = named(value, _("Formule en phases"), PHASES_FIELDS)
    plan = _read_plan(fields["plan"], teams)
    seats = _read_seats(fields["seats"], teams, plan)
    count = max((seat["poule"] for seat in seats), default=0)
    _check_parties(plan, seats, games)
    if any(poule > count for poule in poules):
        fail(_("Poules"), _("une partie nomme la poule %(p)d, que le fichier n'a pas.")
             % {"p": max(poules)})
    return Phases(plan=plan, seats=seats, tableaux=_read_tableaux(fields["tableaux"], teams,
                                                                  games))


def phases_write(tournament: Tournament, phases: Phases | None, teams: dict[int, Team],
                 games: dict[tuple[int, int], Game]) -> None:
    """The restored concours' phases (`teams` by number, `games` by partie number and
    table). Inside the restore's transaction."""
    if phases is None:
        return
    PhasePlan.objects.create(tournament=tournament, **phases.plan)
    PouleSeat.objects.bulk_create(
        PouleSeat(tournament=tournament, poule=seat["poule"], position=seat["position"],
                  team=teams[seat["team"]]) for seat in phases.seats)
    for row in phases.tableaux:
        tableau = Tableau.objects.create(
            tournament=tournament, name=row["name"], seeds=row["seeds"],
            unmended=row["unmended"], seed=row["seed"], rest=row["rest"])
        TableauMatch.objects.bulk_create(
            TableauMatch(tableau=tableau, low=match["low"], round_index=match["round_index"],
                         index=match["index"], game=games[match["partie"], match["table"]])
            for match in row["matches"])
    _flows(tournament)


def _flows(tournament: Tournament) -> None:
    """Each match restored is a match of its tableau as its seeds and the results make it,
    played by the teams the tableau brings to it (a crafted file could name others, and
    the tableau's page could not be drawn): else refused, and the restore undone."""
    try:
        views = tableaux_view(tournament)
    except ValueError:  # the bracket's own check of a winner (brackets.bracket_slots)
        fail(_("Tableaux"), _("un match est gagné par une équipe que le tableau n'y amène "
                              "pas."))
    slots = {(view.tableau.pk, slot.low, slot.round_index, slot.index): slot
             for view in views for _name, row in view.rounds + view.placing for slot in row}
    for match in (TableauMatch.objects.filter(tableau__tournament=tournament)
                  .select_related("tableau", "game__round")):
        slot = slots.get((match.tableau_id, match.low, match.round_index, match.index))
        game = match.game
        if slot is None or (slot.a and slot.a.pk, slot.b and slot.b.pk) != (
                game.team_ns_id, game.team_ew_id):
            fail(_("%(tableau)s, partie %(p)d, table %(t)d")
                 % {"tableau": capfirst(match.tableau.get_name_display()),
                    "p": game.round.number,
                    "t": game.table},
                 _("ce ne sont pas les équipes que le tableau amène à ce match."))
