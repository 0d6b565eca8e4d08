"""`manage.py simulate_concours`: a whole concours rehearsed in the database, for the
organiser, the tests and the benchmarks.

    python manage.py simulate_concours --format {doublettes,melee}
        --draw {standings,random,rotation,melee} --entrants N --parties P
        --preset KEY --seed S [--keep] [--organiser USERNAME]

It creates a concours through the services (its organiser too, unless `--organiser` names an
existing account), registers N teams or players, draws every partie through
`services.round_generate`, enters realistic donnes at every table (`demo.realistic_donne`)
and prints ONE JSON object on standard output:

    {"entrants", "parties", "format", "draw", "tables": [real tables, per partie],
     "exempt": {"<entrant name>": times exempt (entrants never exempt are not listed)},
     "repeated_opponents": pairs of entrants (players in a mêlée) who met as opponents more
     than once, "repeated_partners": pairs of players partnered more than once (mêlée; 0
     otherwise), "standings": [{"rank", "name", "points", "wins", "ranking_points"}],
     "draw_seconds": [time of round_generate, per partie]}

Without `--keep` everything it created is deleted at the end (even after a failure): the
concours and the organiser account it made. With `--keep` the concours stays (its address
is written on standard error) for the organiser to look through.

The donnes are written in bulk, each game's then rescored by `services.game_recompute` (the
one service that writes a game's caches): entering 7,000 donnes of a 512-player mêlée one by
one through `donne_record` would only slow the rehearsal, and the caches come out the same.

Refusals are a French message on standard error and exit status 1: an unknown format, draw
or preset, a draw that does not suit the format, numbers out of bounds (entrants 2 to 2,000
teams, 4 to 2,000 players; 1 to 30 parties, the concours' own bound), too few entrants, and
a rotation asked for more parties than its movement plays without a repeated meeting (the
draw itself would start the movement again; a rehearsal of a rotation concours stops where
its tableau de marche does, as the clubs' charts do).
"""

from __future__ import annotations

import datetime
import json
import random
import secrets
import time
from collections import Counter
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from scoring import PRESETS, Rules, score_game
from tournament import demo, selectors, services
from tournament.bounds import OPTION_BOUNDS
from tournament.draw import METHODS, repeated_pairs
from tournament.errors import UserError
from tournament.formats import FORMATS as FORMAT_REGISTRY
from tournament.formats import format_of
from tournament.models import DonneRecord, Game, Round, Tournament
from tournament.services.entrants import PlayerLine, players_import
from tournament.validators import MAX_SEED

# A federation's championship: 1,000 teams, or a mêlée of 2,000 players (issue 24).
MAX_ENTRANTS = 2000
MIN_PARTIES, MAX_PARTIES = OPTION_BOUNDS["parties_planned"]
# A game ends long before this many donnes under any preset; beyond, the scoring is broken.
MAX_DONNES = 300
FORMATS = tuple(FORMAT_REGISTRY)  # the keys the command takes: doublettes, melee


class Refusal(Exception):
    """A French message for the person who typed the command."""


def _whole(text: str, label: str, low: int, high: int, said_low: int | None = None) -> int:
    """`text` as a whole number from `low` to `high`, or a refusal naming `label` (and
    `said_low` as the lowest, when the caller refuses low numbers in its own words)."""
    text = text.strip()
    shown = low if said_low is None else said_low
    refusal = Refusal(f"{label} : un nombre entier de {shown} à {high} est attendu "
                      f"(« {text[:30]} »).")
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(high)):
        raise refusal
    if not low <= int(text) <= high:
        raise refusal
    return int(text)


def checked(format: str, draw: str | None, entrants: str, parties: str, preset: str,
            seed: str) -> dict[str, Any]:
    """The options as plain values, or a `Refusal` saying what is wrong."""
    if format not in FORMATS:
        raise Refusal(f"Formule inconnue : « {format} » (doublettes ou melee).")
    melee = format_of(format).by_player
    draw = draw or format_of(format).default_draw
    method = METHODS.get(draw)
    if method is None:
        raise Refusal(f"Tirage inconnu : « {draw} » ({', '.join(METHODS)}).")
    if not format_of(format).allows_draw(method.entrant):
        raise Refusal(f"Le tirage « {draw} » ne convient pas à la formule « {format} » : "
                      + ("une mêlée se tire avec « melee »." if melee else
                         "« melee » tire des joueurs, pour une mêlée seulement."))
    if preset not in PRESETS:
        raise Refusal(f"Règlement inconnu : « {preset} » ({', '.join(PRESETS)}).")
    label = "Joueurs (--entrants)" if melee else "Équipes (--entrants)"
    low = 4 if melee else 2
    # Read from 0, so that a number too small gets the reason why (too few to draw).
    count = _whole(entrants, label, 0, MAX_ENTRANTS, said_low=low)
    if count < low:
        raise Refusal(("Il faut au moins quatre joueurs pour une mêlée" if melee
                       else "Il faut au moins deux équipes") + f" (--entrants {count}).")
    count_parties = _whole(parties, "Parties (--parties)", MIN_PARTIES, MAX_PARTIES)
    reach = METHODS[draw].max_parties
    if reach is not None and count_parties > reach(count):
        raise Refusal(f"Le tableau de marche de {count} équipes joue "
                      f"{reach(count)} parties sans que deux équipes se "
                      f"rencontrent deux fois : {count_parties} demandées.")
    return {"format": format, "draw": draw, "entrants": count, "parties": count_parties,
            "preset": preset, "seed": _whole(seed, "Graine (--seed)", 0, MAX_SEED)}


def _register(tournament: Tournament, rng: random.Random, count: int) -> None:
    if tournament.by_player:
        make = getattr(demo, "melee_players", None)
        if make is not None:
            players = make(rng, count)
        else:  # names two by two, as the doublettes take them
            players = [(name, rng.choice(demo.CLUBS))
                       for pair in demo.players(rng, -(-count // 2)) for name in pair][:count]
        # A rehearsal's entrants are new people: a name the club's register holds twice (an
        # earlier rehearsal of the same club) is a new register player, never a question.
        players_import(tournament=tournament, lines=[
            PlayerLine(line=index, name=name, club=club, licence="")
            for index, (name, club) in enumerate(players, start=1)], ambiguous_new=True)
        return
    names = _team_players(rng, count)
    services.teams_import(tournament=tournament, lines=[
        services.ImportLine(line=index, name=_team_name(index), player1=first,
                            player2=second, club=rng.choice(demo.CLUBS))
        for index, (first, second) in enumerate(names, start=1)], ambiguous_new=True)


def _team_players(rng: random.Random, count: int) -> list[tuple[str, str]]:
    """Two names a team, all distinct; beyond the demo's 1,024 names (512 teams), numbered
    namesakes ("Jean Martin 2"), as clubs tell them apart."""
    pool = [f"{first} {last}" for first in demo.FIRST_NAMES for last in demo.LAST_NAMES]
    rng.shuffle(pool)
    names = [pool[index % len(pool)] + (f" {index // len(pool) + 1}" if index >= len(pool)
                                        else "") for index in range(2 * count)]
    return [(names[2 * i], names[2 * i + 1]) for i in range(count)]


def _team_name(number: int) -> str:
    if number <= len(demo.TEAM_NAMES):
        return demo.TEAM_NAMES[number - 1]
    return f"Équipe {number}"


def _play(round_: Round, rng: random.Random) -> None:
    """Realistic donnes at every table of the partie until its game ends, written in bulk;
    then each game rescored by the service (its caches, and the byes that follow it)."""
    rules: Rules = round_.rules
    games = list(round_.games.filter(team_ew__isnull=False)
                 .select_related("round__tournament"))
    records = []
    for game in games:
        donnes = [demo.realistic_donne(rng, rules)]
        while not (result := score_game(donnes, rules)).finished:
            if len(donnes) >= MAX_DONNES:
                raise RuntimeError(f"{game}: no end after {MAX_DONNES} donnes")
            donnes.append(demo.realistic_donne(rng, rules))
        for number, (donne, score) in enumerate(zip(donnes, result.donnes, strict=True),
                                                start=1):
            record = DonneRecord(game=game, number=number, score_ns=score.ns,
                                 score_ew=score.ew, outcome=score.outcome.value)
            record.set_donne(donne)
            records.append(record)
    DonneRecord.objects.bulk_create(records, batch_size=2000)
    for game in games:
        services.game_recompute(game=game)


def _figures(tournament: Tournament) -> dict[str, Any]:
    """What the JSON reports of the concours played: exempt counts, repeated meetings and
    the standings."""
    melee = tournament.by_player
    opponents: list[tuple[int, int]] = []
    partners: list[tuple[int, int]] = []
    exempt: Counter[str] = Counter()
    games = (Game.objects.filter(round__tournament=tournament)
             .select_related("team_ns__first", "team_ns__second", "team_ew__first",
                             "team_ew__second"))
    for game in games:
        if game.team_ew is None:
            exempt[game.team_ns.first.name if melee else game.team_ns.name] += 1
            continue
        if melee:
            sides = [(game.team_ns.first_id, game.team_ns.second_id),
                     (game.team_ew.first_id, game.team_ew.second_id)]
            partners += [(a, b) for a, b in sides if b is not None]
            opponents += [(a, b) for a in sides[0] for b in sides[1]
                          if a is not None and b is not None]
        else:
            opponents.append((game.team_ns_id, game.team_ew.pk))
    return {
        "exempt": dict(sorted(exempt.items())),
        "repeated_opponents": repeated_pairs(opponents),
        "repeated_partners": repeated_pairs(partners),
        "standings": [{"rank": line.row.rank, "name": line.name, "points": line.row.points,
                       "wins": line.row.wins, "ranking_points": line.row.ranking_points}
                      for line in selectors.standings_lines(tournament)],
    }


def simulate(*, format: str, draw: str, entrants: int, parties: int, preset: str, seed: int,
             keep: bool = False, organiser: str | None = None,
             report: Any = None) -> dict[str, Any]:
    """The simulation on checked options (`checked`): the JSON's object. `report(text)`
    receives what is said on standard error (where a kept concours is)."""
    rng = random.Random(seed)
    users = get_user_model()
    made_user = organiser is None
    if organiser is None:
        owner = users.objects.create_user(f"simulation-{secrets.token_hex(4)}")
        owner.set_unusable_password()
        owner.save(update_fields=["password"])
    else:
        found = users.objects.filter(username=organiser).first()
        if found is None:
            raise Refusal(f"Aucun compte « {organiser} » : --organiser nomme un compte "
                          "existant.")
        owner = found
    tournament = None
    try:
        tournament = services.tournament_create(
            organiser=owner, name=f"Simulation {format} {draw} {entrants} × {parties}",
            slug=f"simulation-{secrets.token_hex(4)}", date=datetime.date.today(),
            preset=preset, parties_planned=parties, format=format, draw_method=draw)
        _register(tournament, rng, entrants)
        tables, seconds = [], []
        for _number in range(parties):
            started = time.perf_counter()
            round_ = services.round_generate(tournament=tournament,
                                             seed=rng.randrange(10**9))
            seconds.append(round(time.perf_counter() - started, 4))
            tables.append(round_.games.filter(team_ew__isnull=False).count())
            with transaction.atomic():
                _play(round_, rng)
        result = {"entrants": entrants, "parties": parties, "format": format, "draw": draw,
                  "tables": tables, **_figures(tournament), "draw_seconds": seconds}
        # The keys in the order the command's documentation gives them.
        order = ["entrants", "parties", "format", "draw", "tables", "exempt",
                 "repeated_opponents", "repeated_partners", "standings", "draw_seconds"]
        if keep and report is not None:
            report(f"Concours gardé : /t/{tournament.slug}/ (organisateur {owner.username}"
                   + (", sans mot de passe : --organiser le donne à un compte existant)"
                      if made_user else ")"))
        return {key: result[key] for key in order}
    finally:
        if not keep:
            if tournament is not None:
                services.tournament_delete(tournament=tournament)
            if made_user:
                owner.delete()


class Command(BaseCommand):
    help = ("Simule un concours complet (inscriptions, tirages, donnes) et affiche ses "
            "chiffres en JSON.")

    def add_arguments(self, parser: CommandParser) -> None:
        # Plain strings: their refusals are this command's French ones, exit status 1.
        parser.add_argument("--format", default="doublettes",
                            help="doublettes (équipes formées) ou melee")
        parser.add_argument("--draw", default=None,
                            help="standings, random, rotation ou melee (défaut : celui de "
                                 "la formule)")
        parser.add_argument("--entrants", default="16", help="équipes ou joueurs inscrits")
        parser.add_argument("--parties", default="4", help="parties jouées (1 à 30)")
        parser.add_argument("--preset", default="ffb-coinche", help="règlement (clé)")
        parser.add_argument("--seed", default="1", help="graine de toute la simulation")
        parser.add_argument("--keep", action="store_true",
                            help="garde le concours créé (sinon il est supprimé)")
        parser.add_argument("--organiser", default=None,
                            help="compte existant à qui donner le concours (sinon un compte "
                                 "est créé, puis supprimé sans --keep)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            values = checked(options["format"], options["draw"], options["entrants"],
                             options["parties"], options["preset"], options["seed"])
            result = simulate(**values, keep=options["keep"], organiser=options["organiser"],
                              report=self.stderr.write)
        except (Refusal, UserError) as refusal:
            self.stderr.write(str(refusal.message if isinstance(refusal, UserError)
                                  else refusal))
            raise SystemExit(1) from None
        self.stdout.write(json.dumps(result, ensure_ascii=False))
