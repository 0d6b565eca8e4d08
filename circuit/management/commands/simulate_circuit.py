"""`manage.py simulate_circuit`: a circuit across clubs rehearsed in the database, for the
tests, the independent checks and rehearsals.

    python manage.py simulate_circuit --clubs C --concours K --players N --shared S
        --points-table "100,90,80,…" --participation B --best M --qualify Q --seed X [--keep]

It creates C clubs (each with its responsable's account), each with N players in its
register: the first max(S, N/2) of them have a licence, the others none. S of each club's
players (with their licence) also play the concours of the other clubs: each concours of a
club takes a random part of its own register and about half of the other clubs' shared
players. Clubs two by two (the 1st and the 2nd, the 3rd and the 4th…) each have a player
without licence of the same name and first name: namesakes of different home clubs, so
different people. Each club plays K doublette concours (teams drawn anew each time) through
the project's services as `simulate_concours` does (four parties, realistic donnes at every
table). The clubs join the server with a one-time code, a circuit is created (the points
table, places beyond it score zero; a participation bonus; the best M results), and each
concours is pushed to it through the same service as the push endpoint
(`circuit.services.concours_push`, on the JSON of the push's contract). It prints ONE JSON
object on standard output:

    {"concours": [{"club", "name", "standings": [{"place", "players": [{"licence", "name",
                   "first_name", "club"}]}]}],
     "circuit": [{"rank", "licence", "name", "first_name", "club", "points", "played",
                  "counted": [concours indexes]}],
     "qualified": [circuit row indexes]}

- `concours` are the circuit's, in order of date: the concours k of every club (clubs in
  order) are played before the concours k + 1 of any; its `club` is the organising club;
  a standings' `club` is the player's home club, `licence` null when none.
- A player's circuit points are their best M concours' points (`--best 0`: all), each the
  points table's value of the place (ties share a place, each scoring it; a place beyond
  the table scores 0), plus the participation bonus B for EVERY concours played (counted or
  not), as the club's season does (`tournament.season`). `counted` are the indexes of the
  counted concours (between equal results, the earlier concours counts).
- Lines are best first: points, then the tie-breaks — the best single result (points of
  one concours, without bonus), then the number of concours played — and lines equal on
  all three share a rank (1, 1, 3), listed by name, first name and home club.
- `qualified`: the first Q lines (indexes in `circuit`), and every line after them that
  shares the rank of the Q-th (tied after the tie-breaks: ex aequo at the last qualifying
  place, all qualify; circuit/rules.py).

Without `--keep` everything it created is deleted at the end (even after a failure).

Refusals are a French message on standard error and exit status 1: a points table that
cannot be read, numbers out of bounds (clubs 1 to 50, concours 1 to 20, players 4 to 500,
shared 0 to the players, participation 0 to 10,000, best 0 to 1,000, qualify 0 to 10,000,
seed as simulate_concours'), more than 200 concours in all.
"""

from __future__ import annotations

import datetime
import json
import random
import secrets
from typing import Any, NoReturn

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from circuit import selectors
from circuit import services as server
from circuit.models import Circuit, MemberClub
from tournament import demo, services
from tournament.errors import UserError
from tournament.management.commands.simulate_concours import (
    Refusal,
    _play,
    _team_name,
    _whole,
)
from tournament.models import Club, ClubPlayer, Tournament
from tournament.publish.wire import canonical
from tournament.season import parse_points_table
from tournament.season.standings import TableError
from tournament.selectors.season import concours_standings
from tournament.validators import MAX_SEED

MAX_CLUBS = 50
MAX_CONCOURS = 20
MAX_TOTAL = 200
MAX_PLAYERS = 500
MAX_PARTICIPATION = 10_000
MAX_BEST = 1000
MAX_QUALIFY = 10_000
PARTIES = 4
TOWNS = ["Auch", "Condom", "Eauze", "Fleurance", "Lectoure", "Mirande", "Nogaro", "Samatan",
         "Gimont", "Vic-Fezensac", "Marciac", "Lombez", "Riscle", "Masseube", "Mauvezin",
         "Plaisance"]


def checked(*, clubs: str, concours: str, players: str, shared: str, points_table: str,
            participation: str, best: str, qualify: str, seed: str) -> dict[str, Any]:
    """The options as plain values, or a `Refusal` saying what is wrong."""
    club_count = _whole(clubs, "Clubs (--clubs)", 1, MAX_CLUBS)
    per_club = _whole(concours, "Concours par club (--concours)", 1, MAX_CONCOURS)
    if club_count * per_club > MAX_TOTAL:
        raise Refusal(f"Au plus {MAX_TOTAL} concours en tout ({club_count} clubs × "
                      f"{per_club} concours demandés).")
    count = _whole(players, "Joueurs par club (--players)", 0, MAX_PLAYERS, said_low=4)
    if count < 4:
        raise Refusal(f"Il faut au moins quatre joueurs dans le registre de chaque club "
                      f"(--players {count}).")
    shared_count = _whole(shared, "Joueurs partagés (--shared)", 0, MAX_PLAYERS)
    if shared_count > count:
        raise Refusal(f"Joueurs partagés (--shared {shared_count}) : au plus les {count} "
                      "joueurs du registre de chaque club.")
    try:
        table = parse_points_table(points_table)
    except TableError as error:
        raise Refusal(f"Barème (--points-table) : {error}") from None
    best_count = _whole(best, "Meilleurs résultats (--best)", 0, MAX_BEST) if best else 0
    return {
        "clubs": club_count, "concours": per_club, "players": count, "shared": shared_count,
        "table": table,
        "participation": _whole(participation, "Participation (--participation)", 0,
                                MAX_PARTICIPATION),
        "best": best_count or None,
        "qualify": _whole(qualify, "Qualifiés (--qualify)", 0, MAX_QUALIFY),
        "seed": _whole(seed, "Graine (--seed)", 0, MAX_SEED),
    }


def _club_name(index: int) -> str:
    town = TOWNS[index % len(TOWNS)]
    return f"Belote de {town}" + (f" {index // len(TOWNS) + 1}" if index >= len(TOWNS) else "")


def _registers(clubs: list[Club], rng: random.Random, count: int,
               shared: int) -> list[list[ClubPlayer]]:
    """Each club's register: names all distinct but for the namesakes (see the module's
    doc); licences unique, the first max(shared, count / 2) players of each club."""
    pool = [(first, last) for first in demo.FIRST_NAMES for last in demo.LAST_NAMES]
    rng.shuffle(pool)
    licensed = max(shared, count // 2)
    registers: list[list[ClubPlayer]] = []
    for number, club in enumerate(clubs):
        players = []
        for index in range(count):
            position = number * count + index
            first, last = pool[position % len(pool)]
            suffix = f" {position // len(pool) + 1}" if position >= len(pool) else ""
            name = f"{last}{suffix}"
            if number % 2 == 1 and index == count - 1 and index >= licensed:
                # The namesake of the last player of the club before (without licence too).
                name, first = registers[-1][index].name, registers[-1][index].first_name
            player = ClubPlayer(club=club, name=name, first_name=first,
                                home_club=club.name,
                                licence=f"{number + 1:02d}{index + 1:05d}"
                                if index < licensed else "")
            player.save()  # its folded keys (save() computes them)
            players.append(player)
        registers.append(players)
    return registers


def _visitor(host: Club, player: ClubPlayer, made: dict[tuple[int, int], ClubPlayer]
             ) -> ClubPlayer:
    """`player` of another club in `host`'s register (as the host's desk registers a
    visitor: name, first name, licence, home club)."""
    key = (host.pk, player.pk)
    if key not in made:
        made[key] = ClubPlayer.objects.create(
            club=host, name=player.name, first_name=player.first_name,
            licence=player.licence, home_club=player.home_club)
    return made[key]


def _entrants(tournament: Tournament, chosen: list[ClubPlayer]) -> None:
    """Teams of two of `chosen`, in their order, each player linked to the register entry
    chosen: a team of a host and a visitor is of two home clubs, which the import would
    ask about (`choices` answers, indexed as the import's identities)."""
    pairs = [(chosen[2 * i], chosen[2 * i + 1]) for i in range(len(chosen) // 2)]
    services.teams_import(
        tournament=tournament,
        lines=[services.ImportLine(line=index, name=_team_name(index),
                                   player1=first.full_name, player2=second.full_name,
                                   club=first.home_club)
               for index, (first, second) in enumerate(pairs, start=1)],
        choices={index: player.pk for index, player in
                 enumerate(player for pair in pairs for player in pair)})


def _push_body(tournament: Tournament, version: int, club: MemberClub,
               circuit: Circuit) -> bytes:
    """The push's JSON of a finished concours (circuit/README.md's contract), as the
    laptop's publishing will send it."""
    standing = concours_standings([tournament])[0]
    ids = [player for placed in standing.placed for player in placed.players]
    people = ClubPlayer.objects.in_bulk(ids)
    content = {
        "club": club.slug, "concours": tournament.slug,  # unique on the laptop
        "version": version, "name": tournament.name, "date": tournament.date.isoformat(),
        "format": "doublettes", "finished": not standing.in_progress,
        "circuits": [circuit.slug],
        "standings": [{
            "place": placed.place, "wins": placed.row.wins, "score": placed.row.points,
            "ranking_points": placed.row.ranking_points,
            "players": [{"name": people[player].name,
                         "first_name": people[player].first_name,
                         "club": people[player].home_club,
                         "licence": people[player].licence or None}
                        for player in placed.players],
        } for placed in standing.placed],
    }
    return canonical(content)


def simulate(*, clubs: int, concours: int, players: int, shared: int, table: tuple[int, ...],
             participation: int, best: int | None, qualify: int, seed: int,
             keep: bool = False, report: Any = None) -> dict[str, Any]:
    """The simulation on checked options (`checked`): the JSON's object."""
    rng = random.Random(seed)
    users = get_user_model()
    owners: list[Any] = []
    made_clubs: list[Club] = []
    members: list[MemberClub] = []
    tournaments: list[Tournament] = []
    circuit: Circuit | None = None
    try:
        for index in range(clubs):
            owner = users.objects.create_user(f"simulation-{secrets.token_hex(4)}")
            owner.set_unusable_password()
            owner.save(update_fields=["password"])
            owners.append(owner)
            made_clubs.append(services.club_create(name=_club_name(index), responsable=owner))
        registers = _registers(made_clubs, rng, players, shared)
        first_day = datetime.date.today()
        last_day = first_day + datetime.timedelta(days=clubs * concours)
        circuit = server.circuit_create(
            name=f"Circuit simulé {secrets.token_hex(3)}", start=first_day, end=last_day,
            kind="table", points_table=list(table), beyond="zero",
            participation=participation, best=best, min_ranked=0,
            tie_breaks=["best", "played"], qualify={"kind": "top", "count": qualify})
        for club in made_clubs:
            member = server.member_club_create(name=club.name)
            member, _token = server.club_join(code=server.join_code_create(club=member))
            server.circuit_club_add(circuit=circuit, club=member)
            members.append(member)
        visitors: dict[tuple[int, int], ClubPlayer] = {}
        for round_number in range(concours):
            for number, club in enumerate(made_clubs):
                own = registers[number]
                chosen = rng.sample(own, rng.randint(max(4, players // 2), players))
                chosen += [_visitor(club, player, visitors)
                           for other, register in enumerate(registers) if other != number
                           for player in register[:shared] if rng.random() < 0.5]
                rng.shuffle(chosen)
                if len(chosen) % 2:
                    chosen.pop()
                tournament = services.tournament_create(
                    organiser=owners[number], club=club, name=f"Concours {round_number + 1}",
                    slug=f"simulation-{secrets.token_hex(4)}",
                    date=first_day + datetime.timedelta(days=round_number * clubs + number),
                    parties_planned=PARTIES, format="doublettes")
                tournaments.append(tournament)
                with transaction.atomic():
                    _entrants(tournament, chosen)
                for _partie in range(PARTIES):
                    round_ = services.round_generate(tournament=tournament,
                                                     seed=rng.randrange(10**9))
                    with transaction.atomic():
                        _play(round_, rng)
                server.concours_push(club=members[number],
                                     body=_push_body(tournament, PARTIES, members[number],
                                                     circuit))
        result = _figures(circuit)
        if keep and report is not None:
            report(f"Circuit gardé : /circuit/circuits/{circuit.slug}/")
        return result
    finally:
        if not keep:
            for tournament in tournaments:
                services.tournament_delete(tournament=tournament)
            for club in made_clubs:
                club.delete()
            for owner in owners:
                owner.delete()
            for member in members:
                member.delete()  # its concours with it
            if circuit is not None:
                circuit.delete()


def _figures(circuit: Circuit) -> dict[str, Any]:
    standings = selectors.circuit_standings(circuit)
    return {
        "concours": [{
            "club": received.club.name, "name": received.name,
            "standings": [{"place": line["place"],
                           "players": [{"licence": player["licence"] or None,
                                        "name": player["name"],
                                        "first_name": player["first_name"],
                                        "club": player["club"]}
                                       for player in line["players"]]}
                          for line in received.content["standings"]],
        } for received in standings.concours],
        "circuit": [{"rank": row.line.rank, "licence": row.person.licence,
                     "name": row.person.name, "first_name": row.person.first_name,
                     "club": row.person.club, "points": row.line.points,
                     "played": row.line.played, "counted": list(row.line.counted)}
                    for row in standings.rows],
        "qualified": standings.qualified,
    }


class Command(BaseCommand):
    help = ("Simule un circuit entre clubs (registres, joueurs partagés, concours joués et "
            "publiés sur le serveur de résultats) et affiche ses classements en JSON.")

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        parser = super().create_parser(prog_name, subcommand, **kwargs)

        def refuse(message: str) -> NoReturn:
            # argparse's own refusals (an unknown option, one without its value) are this
            # command's too: French, exit status 1, rather than its English and status 2.
            self.stderr.write(f"Options non comprises ({message}) : voyez « python manage.py "
                              "simulate_circuit --help ».")
            raise SystemExit(1)

        parser.error = refuse  # type: ignore[method-assign]
        return parser

    def add_arguments(self, parser: CommandParser) -> None:
        # Plain strings: their refusals are this command's French ones, exit status 1.
        parser.add_argument("--clubs", default="3", help="clubs du circuit (1 à 50)")
        parser.add_argument("--concours", default="2", help="concours par club (1 à 20)")
        parser.add_argument("--players", default="12", help="joueurs du registre de chaque "
                                                            "club (4 à 500)")
        parser.add_argument("--shared", default="2",
                            help="joueurs de chaque club (licenciés) qui jouent aussi les "
                                 "concours des autres clubs")
        parser.add_argument("--points-table", default="100,90,80,70,60,50,40,30,20,10",
                            help="points par place, du premier au dernier (au-delà : zéro)")
        parser.add_argument("--participation", default="0",
                            help="bonus par concours joué (compté ou non)")
        parser.add_argument("--best", default="",
                            help="meilleurs résultats comptés (vide ou 0 : tous)")
        parser.add_argument("--qualify", default="0",
                            help="qualifiés pour la finale : les Q premiers du classement")
        parser.add_argument("--seed", default="1", help="graine de toute la simulation")
        parser.add_argument("--keep", action="store_true",
                            help="garde les clubs, leurs concours et le circuit")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            values = checked(clubs=options["clubs"], concours=options["concours"],
                             players=options["players"], shared=options["shared"],
                             points_table=options["points_table"],
                             participation=options["participation"], best=options["best"],
                             qualify=options["qualify"], seed=options["seed"])
            result = simulate(**values, keep=options["keep"], report=self.stderr.write)
        except (Refusal, UserError, server.Refused) as refusal:
            message = (refusal.message if isinstance(refusal, UserError | server.Refused)
                       else refusal)
            self.stderr.write(str(message))
            raise SystemExit(1) from None
        self.stdout.write(json.dumps(result, ensure_ascii=False))
