"""`manage.py simulate_brackets`: a concours in phases rehearsed, exactly as BRACKETS.md
section 9 says (its JSON is read by independent checks).

    python manage.py simulate_brackets --entrants N --qualification {poules,parties,direct}
        [--poule-style {toutes,gagnants}] [--qualified K] [--parties Q --principal M]
        [--consolante | --no-consolante] [--cadrage {tetes,tirage}]
        [--placement {partagees,petite-finale,complet}] [--clubs C [--separate-clubs]]
        [--tetes T] --seed S

N doublette entrants, ids 1 … N; with `--clubs`, spread over « Club 1 » … « Club C » with
sizes proportional to C, C − 1, … 1 (rounded down, the remainder one each to the first
clubs), ids in club order; with `--tetes`, entrants 1 … T are têtes de série. Every partie
is played with random donnes (`demo.realistic_donne`) under the concours' default rules
(`scoring.Rules()`) until it has a winner (a level game goes on donne by donne, 3.3), and
ranked by the default criteria (wins, points, difference). One JSON object is printed:

    {"entrants": [{"id", "club"}],
     "poules": [{"name", "entrants", "parties": [{"partie", "a", "b", "winner"}],
                 "ranking", "exempt"}],
     "tableaux": [{"name", "seeds", "size", "rounds": [{"name", "matches": [{"a", "b",
                   "winner", "bye"}]}], "placing": [{"name", "matches": [...]}]}],
     "places": [{"place", "entrant", "tableau"}]}

Decisions where section 9 is silent: the concours lives in memory only (pure modules, ids 1
… N as the spec numbers them; nothing is written to the database); `--seed` is required
(0 to 10¹⁸); N is 2 to 1,024, Q 1 to 30; `--qualified`, `--parties`, `--principal` and
`--separate-clubs` are read only where they apply; a consolante of fewer than 2 entrants
(`direct`) is not played and not listed in `tableaux`. A refusal prints its French message
on standard error, nothing on standard output, and exits 1.
"""

from __future__ import annotations

import json
import random
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring import Donne, Rules, Side, score_game
from tournament import demo
from tournament.bounds import OPTION_BOUNDS
from tournament.brackets import BracketError, Game
from tournament.brackets.bracket import PLACEMENTS, Placement
from tournament.brackets.formule import Cadrage, Concours, Formule, Qualification, formule_play
from tournament.brackets.poules import POULE_STYLES, PouleStyle, poule_name
from tournament.validators import MAX_SEED

MAX_ENTRANTS = 1024
MIN_PARTIES, MAX_PARTIES = OPTION_BOUNDS["parties_planned"]
# A game ends long before this many donnes; beyond, the scoring is broken.
MAX_DONNES = 300
QUALIFICATIONS: tuple[Qualification, ...] = ("poules", "parties", "direct")
CADRAGES: tuple[Cadrage, ...] = ("tetes", "tirage")


class Refusal(Exception):
    """A French message for the person who typed the command."""


def _whole(text: str | None, label: str, low: int, high: int) -> int:
    """`text` as a whole number from `low` to `high`, or a refusal naming `label`."""
    shown = (text or "").strip()
    if (not (shown.isascii() and shown.isdigit()) or len(shown) > len(str(high))
            or not low <= int(shown) <= high):
        raise Refusal(f"{label} : un nombre entier de {low} à {high} est attendu "
                      f"(« {shown[:30]} »).")
    return int(shown)


def _choice(text: str, label: str, choices: tuple[str, ...]) -> str:
    if text not in choices:
        raise Refusal(f"{label} : « {text[:30]} » inconnu ({', '.join(choices)}).")
    return text


def club_sizes(entrants: int, clubs: int) -> list[int]:
    """Sizes proportional to C, C − 1, … 1, rounded down; the remainder one each to the
    first clubs (section 9)."""
    weight = clubs * (clubs + 1) // 2
    sizes = [entrants * (clubs - index) // weight for index in range(clubs)]
    for index in range(entrants - sum(sizes)):
        sizes[index] += 1
    return sizes


def checked(options: dict[str, Any]) -> tuple[int, dict[int, str], Formule, int]:
    """(N, each entrant's club, the formule, the seed), or a `Refusal`."""
    if options.get("seed") is None:
        raise Refusal("La graine (--seed) est obligatoire.")
    seed = _whole(options["seed"], "Graine (--seed)", 0, MAX_SEED)
    if options.get("entrants") is None:
        raise Refusal("Le nombre d'équipes (--entrants) est obligatoire.")
    # Read from 0, so that too few entrants get the rules' own refusal (6 for poules, 2 for
    # a tableau), from the formule's check.
    count = _whole(options["entrants"], "Équipes (--entrants)", 0, MAX_ENTRANTS)
    if options.get("qualification") is None:
        raise Refusal("La qualification (--qualification poules, parties ou direct) est "
                      "obligatoire.")
    qualification: Qualification = _choice(  # type: ignore[assignment]
        options["qualification"], "Qualification (--qualification)", QUALIFICATIONS)
    style: PouleStyle = _choice(  # type: ignore[assignment]
        options["poule_style"], "Style de poule (--poule-style)", POULE_STYLES)
    cadrage: Cadrage = _choice(  # type: ignore[assignment]
        options["cadrage"], "Cadrage (--cadrage)", CADRAGES)
    placement: Placement = _choice(  # type: ignore[assignment]
        options["placement"], "Placement (--placement)", PLACEMENTS)
    if options["qualified"] not in ("1", "2"):
        raise Refusal("Les qualifiés par poule (--qualified) sont 1 ou 2, pas « "
                      f"{str(options['qualified'])[:30]} ».")
    qualified = int(options["qualified"])
    clubs_count = None
    if options.get("clubs") is not None:
        clubs_count = _whole(options["clubs"], "Clubs (--clubs)", 0, MAX_ENTRANTS)
        if not 1 <= clubs_count <= count:
            raise Refusal(f"Clubs (--clubs) : de 1 à {count} (le nombre d'équipes), pas "
                          f"{clubs_count}.")
    if options["separate_clubs"] and clubs_count is None:
        raise Refusal("Séparer les clubs (--separate-clubs) demande des clubs (--clubs).")
    tetes = 0
    if options.get("tetes") is not None:
        tetes = _whole(options["tetes"], "Têtes de série (--tetes)", 0, MAX_ENTRANTS)
        if qualification == "parties":
            raise Refusal("Les têtes de série (--tetes) ne s'emploient pas avec les parties "
                          "qualificatives.")
    parties = principal = None
    if qualification == "parties":
        if options.get("parties") is None or options.get("principal") is None:
            raise Refusal("Les parties qualificatives demandent --parties et --principal.")
        parties = _whole(options["parties"], "Parties qualificatives (--parties)",
                         MIN_PARTIES, MAX_PARTIES)
        # From 0: fewer than 2, or more than the entrants, get the rules' own refusal.
        principal = _whole(options["principal"], "Tableau principal (--principal)", 0,
                           MAX_ENTRANTS)
    clubs: dict[int, str] = {}
    if clubs_count is not None:
        number = 1
        for index, size in enumerate(club_sizes(count, clubs_count), start=1):
            for _member in range(size):
                clubs[number] = f"Club {index}"
                number += 1
    formule = Formule(
        qualification=qualification, poule_style=style, qualified=qualified,
        parties=parties, principal=principal, consolante=options["consolante"],
        cadrage=cadrage, placement=placement, separate_clubs=options["separate_clubs"],
        tetes=tuple(range(1, tetes + 1)))
    if tetes > count:  # the formule's own check says it for poules (more than poules)
        raise Refusal(f"Plus de têtes de série ({tetes}) que d'équipes ({count}).")
    return count, clubs, formule, seed


def partie_player(seed: int, rules: Rules | None = None) -> Any:
    """A callback that plays one partie with random donnes until it has a winner."""
    rules = rules or Rules()
    rng = random.Random(f"{seed}:donnes")

    def play(a: int, b: int) -> Game:
        donnes: list[Donne] = []
        while True:
            donnes.append(demo.realistic_donne(rng, rules))
            result = score_game(donnes, rules)
            if result.finished:
                break
            if len(donnes) >= MAX_DONNES:
                raise RuntimeError(f"{a}–{b}: no end after {MAX_DONNES} donnes")
        return Game(a if result.winner is Side.NS else b, result.ns, result.ew)

    return play


def report(count: int, clubs: dict[int, str], concours: Concours) -> dict[str, Any]:
    """The JSON object of section 9."""

    def matches(listed: Any) -> list[dict[str, Any]]:
        return [{"a": match.a, "b": match.b, "winner": match.winner, "bye": match.bye}
                for match in listed]

    return {
        "entrants": [{"id": entrant, "club": clubs.get(entrant)}
                     for entrant in range(1, count + 1)],
        "poules": [{"name": poule_name(index), "entrants": poule.entrants,
                    "parties": [{"partie": partie, "a": match.a, "b": match.b,
                                 "winner": match.winner} for partie, match in poule.matches],
                    "ranking": poule.ranking, "exempt": poule.exempt}
                   for index, poule in enumerate(concours.poules)],
        "tableaux": [{"name": name, "seeds": tableau.seeds, "size": tableau.size,
                      "rounds": [{"name": round_.name, "matches": matches(round_.matches)}
                                 for round_ in tableau.rounds],
                      "placing": [{"name": round_.name, "matches": matches(round_.matches)}
                                  for round_ in tableau.placing]}
                     for name, tableau in concours.tableaux],
        "places": [{"place": place.place, "entrant": place.entrant, "tableau": place.tableau}
                   for place in concours.places],
    }


def simulate(options: dict[str, Any]) -> dict[str, Any]:
    """The command's JSON object for its options (strings, as typed), or a `Refusal` /
    `BracketError`."""
    count, clubs, formule, seed = checked(options)
    concours = formule_play(list(range(1, count + 1)), formule, seed=seed,
                            play=partie_player(seed), clubs=clubs or None)
    return report(count, clubs, concours)


class Command(BaseCommand):
    help = ("Simule un concours en poules et tableaux (BRACKETS.md) et affiche son "
            "déroulement en JSON.")

    def add_arguments(self, parser: CommandParser) -> None:
        # Plain strings: their refusals are this command's French ones, exit status 1.
        parser.add_argument("--entrants", default=None, help="équipes inscrites (N)")
        parser.add_argument("--qualification", default=None, help="poules, parties ou direct")
        parser.add_argument("--poule-style", default="toutes", help="toutes ou gagnants")
        parser.add_argument("--qualified", default="2", help="qualifiés par poule : 1 ou 2")
        parser.add_argument("--parties", default=None, help="parties qualificatives (Q)")
        parser.add_argument("--principal", default=None,
                            help="qualifiés des parties pour le principal (M)")
        parser.add_argument("--consolante", dest="consolante", action="store_true",
                            default=True, help="une consolante (par défaut)")
        parser.add_argument("--no-consolante", dest="consolante", action="store_false",
                            help="sans consolante")
        parser.add_argument("--cadrage", default="tetes", help="tetes ou tirage")
        parser.add_argument("--placement", default="partagees",
                            help="partagees, petite-finale ou complet")
        parser.add_argument("--clubs", default=None, help="nombre de clubs (C)")
        parser.add_argument("--separate-clubs", action="store_true",
                            help="séparer les clubs dans les poules")
        parser.add_argument("--tetes", default=None,
                            help="les équipes 1 … T sont têtes de série")
        parser.add_argument("--seed", default=None, help="graine de toute la simulation")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            result = simulate(options)
        except (Refusal, BracketError) as refusal:
            self.stderr.write(str(refusal))
            raise SystemExit(1) from None
        self.stdout.write(json.dumps(result, ensure_ascii=False))
