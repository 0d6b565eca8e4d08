"""`manage.py simulate_season`: a club's season rehearsed in the database, for the tests, the
bar and rehearsals.

    python manage.py simulate_season --concours K --format {doublettes,melee} --players N
        --points-table "100,90,80,…" --participation B --best M --seed S [--keep]

It creates a club (and its responsable's account) with N players in its register, then K
concours of that club, a week apart, each of a random part of the register (at least half
of it; an even count in doublettes, whose teams are drawn anew each time, so partners
change from one concours to the next), plays each concours' four parties as
`simulate_concours` does (its draws through the services, realistic donnes at every
table), makes a season of the K concours ranked by the points table (places beyond it
score zero), the participation bonus and the best M results (`--best 0` or none: all
count), and prints ONE JSON object on standard output:

    {"concours": [{"name", "standings": [{"place", "players": [register ids], "points"}]}],
     "season": [{"rank", "player", "points", "counted": [concours indexes], "played"}]}

`standings` are each concours' final places (ties sharing a place) and the points the
season gives them; `counted` the indexes (from 0, in `concours`' order) of the concours
that count; the season's lines are best first.

Without `--keep` everything it created is deleted at the end (even after a failure); with
`--keep` it stays (the season's address is written on standard error).

Refusals are a French message on standard error and exit status 1: an unknown format, a
points table that cannot be read, numbers out of bounds (concours 1 to 100, players 4 to
2,000, participation 0 to 10,000, best 0 to 100, seed as simulate_concours').
"""

from __future__ import annotations

import datetime
import json
import random
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from tournament import demo, selectors, services
from tournament.errors import UserError
from tournament.formats import FORMATS as FORMAT_REGISTRY
from tournament.formats import format_of
from tournament.models import Club, ClubPlayer, Player, Season, Tournament
from tournament.season import parse_points_table
from tournament.season.standings import TableError
from tournament.services.entrants import PlayerLine, players_import
from tournament.validators import MAX_SEED

from .simulate_concours import Refusal, _play, _team_name, _whole

FORMATS = tuple(FORMAT_REGISTRY)  # the keys the command takes: doublettes, melee
MAX_CONCOURS = 100
MAX_PLAYERS = 2000
MAX_PARTICIPATION = 10_000
MAX_BEST = MAX_CONCOURS
PARTIES = 4


def checked(*, concours: str, format: str, players: str, points_table: str,
            participation: str, best: str, seed: str) -> dict[str, Any]:
    """The options as plain values, or a `Refusal` saying what is wrong."""
    if format not in FORMATS:
        raise Refusal(f"Formule inconnue : « {format} » (doublettes ou melee).")
    count = _whole(players, "Joueurs (--players)", 0, MAX_PLAYERS, said_low=4)
    if count < 4:
        raise Refusal(f"Il faut au moins quatre joueurs dans le registre (--players {count}).")
    try:
        table = parse_points_table(points_table)
    except TableError as error:
        raise Refusal(f"Barème (--points-table) : {error}") from None
    best_count = _whole(best, "Meilleurs résultats (--best)", 0, MAX_BEST) if best else 0
    return {
        "concours": _whole(concours, "Concours (--concours)", 1, MAX_CONCOURS),
        "format": format, "players": count, "table": table,
        "participation": _whole(participation, "Participation (--participation)", 0,
                                MAX_PARTICIPATION),
        "best": best_count or None,
        "seed": _whole(seed, "Graine (--seed)", 0, MAX_SEED),
    }


def _register(club: Club, rng: random.Random, count: int) -> list[ClubPlayer]:
    """`count` players in the club's register, all names distinct (numbered namesakes
    beyond the demo's names, as clubs tell them apart)."""
    pool = [(first, last) for first in demo.FIRST_NAMES for last in demo.LAST_NAMES]
    rng.shuffle(pool)
    players = []
    for index in range(count):
        first, last = pool[index % len(pool)]
        suffix = f" {index // len(pool) + 1}" if index >= len(pool) else ""
        player = ClubPlayer(club=club, name=f"{last}{suffix}", first_name=first,
                            home_club=club.name)
        player.save()  # its folded keys (save() computes them)
        players.append(player)
    return players


def _entrants(tournament: Tournament, chosen: list[ClubPlayer]) -> None:
    """Register `chosen` in the concours, linked to the register: teams of two in their
    order (doublettes), or players alone (mêlée)."""
    if tournament.by_player:
        made = players_import(tournament=tournament, lines=[
            PlayerLine(line=index, name=player.full_name, club=player.home_club, licence="")
            for index, player in enumerate(chosen, start=1)])
        links = list(zip(made, chosen, strict=True))
    else:
        pairs = [(chosen[2 * i], chosen[2 * i + 1]) for i in range(len(chosen) // 2)]
        teams = services.teams_import(tournament=tournament, lines=[
            services.ImportLine(line=index, name=_team_name(index), player1=first.full_name,
                                player2=second.full_name, club=first.home_club)
            for index, (first, second) in enumerate(pairs, start=1)])
        links = []
        for team, (first, second) in zip(teams, pairs, strict=True):
            assert team.second is not None
            links += [(team.first, first), (team.second, second)]
    for entrant, player in links:
        entrant.registered = player
    Player.objects.bulk_update([entrant for entrant, _player in links], ["registered"],
                               batch_size=500)


def simulate(*, concours: int, format: str, players: int, table: tuple[int, ...],
             participation: int, best: int | None, seed: int, keep: bool = False,
             report: Any = None) -> dict[str, Any]:
    """The simulation on checked options (`checked`): the JSON's object."""
    rng = random.Random(seed)
    owner = get_user_model().objects.create_user(f"simulation-{secrets.token_hex(4)}")
    owner.set_unusable_password()
    owner.save(update_fields=["password"])
    club: Club | None = None
    tournaments: list[Tournament] = []
    try:
        club = services.club_create(name=f"Club simulé {secrets.token_hex(3)}",
                                    responsable=owner)
        register = _register(club, rng, players)
        first_day = datetime.date.today()
        for index in range(concours):
            size = rng.randint(max(4, players // 2), players)
            if not format_of(format).by_player:
                size -= size % 2
            chosen = rng.sample(register, size)
            tournament = services.tournament_create(
                organiser=owner, club=club, name=f"Concours {index + 1}",
                slug=f"simulation-{secrets.token_hex(4)}",
                date=first_day + datetime.timedelta(days=7 * index),
                parties_planned=PARTIES, format=format)
            tournaments.append(tournament)
            with transaction.atomic():
                _entrants(tournament, chosen)
            for _number in range(PARTIES):
                round_ = services.round_generate(tournament=tournament,
                                                 seed=rng.randrange(10**9))
                with transaction.atomic():
                    _play(round_, rng)
        season = services.season_create(
            club=club, name="Saison simulée", start=first_day,
            end=first_day + datetime.timedelta(days=7 * (concours - 1)), kind="table",
            points_table=",".join(map(str, table)), beyond="zero",
            participation=participation, best=best, tie_breaks=["wins", "score"],
            published=True, concours=[tournament.pk for tournament in tournaments])
        result = _figures(season)
        if keep and report is not None:
            report(f"Saison gardée : /clubs/{club.slug}/saisons/{season.pk}/ (compte "
                   f"{owner.username}, sans mot de passe)")
        return result
    finally:
        if not keep:
            for tournament in tournaments:
                services.tournament_delete(tournament=tournament)
            if club is not None:
                club.delete()
            owner.delete()


def _figures(season: Season) -> dict[str, Any]:
    standings = selectors.season_standings(season)
    return {
        "concours": [{
            "name": standing.tournament.name,
            "standings": [{"place": placed.place, "players": list(placed.players),
                           "points": selectors.season_concours_points(season, standing,
                                                                      placed)}
                          for placed in standing.placed],
        } for standing in standings.concours],
        "season": [{"rank": row.line.rank, "player": row.player, "points": row.line.points,
                    "counted": list(row.line.counted), "played": row.line.played}
                   for row in standings.rows],
    }


class Command(BaseCommand):
    help = ("Simule une saison d'un club (registre, concours joués, challenge) et affiche "
            "ses classements en JSON.")

    def add_arguments(self, parser: CommandParser) -> None:
        # Plain strings: their refusals are this command's French ones, exit status 1.
        parser.add_argument("--concours", default="3", help="concours joués (1 à 100)")
        parser.add_argument("--format", default="doublettes",
                            help="doublettes (équipes tirées à chaque concours) ou melee")
        parser.add_argument("--players", default="16", help="joueurs du registre du club")
        parser.add_argument("--points-table", default="100,90,80,70,60,50,40,30,20,10",
                            help="points par place, du premier au dernier (au-delà : zéro)")
        parser.add_argument("--participation", default="0",
                            help="bonus par concours joué")
        parser.add_argument("--best", default="",
                            help="meilleurs résultats comptés (vide ou 0 : tous)")
        parser.add_argument("--seed", default="1", help="graine de toute la simulation")
        parser.add_argument("--keep", action="store_true",
                            help="garde le club, ses concours et la saison (sinon supprimés)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            values = checked(concours=options["concours"], format=options["format"],
                             players=options["players"], points_table=options["points_table"],
                             participation=options["participation"], best=options["best"],
                             seed=options["seed"])
            result = simulate(**values, keep=options["keep"], report=self.stderr.write)
        except (Refusal, UserError) as refusal:
            self.stderr.write(str(refusal.message if isinstance(refusal, UserError)
                                  else refusal))
            raise SystemExit(1) from None
        self.stdout.write(json.dumps(result, ensure_ascii=False))
