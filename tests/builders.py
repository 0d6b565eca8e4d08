"""Small builders for tournaments, teams and games, through the services (a mêlée's players
and parties also written directly, for the standings' tests of large mêlées)."""

import datetime
import io
import itertools
from decimal import Decimal

from django import forms
from django.contrib.auth import get_user_model
from openpyxl import Workbook

from scoring import Donne, Side, Trump
from tournament import services
from tournament.amounts import PoolLine
from tournament.draw import METHODS, DrawInput
from tournament.journal import Actor
from tournament.models import ClubPlayer, Game, Player, Round, Team

_counter = itertools.count(1)


def organiser(username: str | None = None):
    username = username or f"orga{next(_counter)}"
    return get_user_model().objects.create_user(username=username, password="motdepasse-long")


def tournament(*, owner=None, teams: int = 0, **options):
    """A tournament, published unless told otherwise (most tests read it as a visitor)."""
    number = next(_counter)
    options.setdefault("published", True)
    created = services.tournament_create(
        organiser=owner or organiser(),
        name=options.pop("name", f"Concours {number}"),
        slug=options.pop("slug", f"concours-{number}"),
        date=options.pop("date", datetime.date(2026, 11, 21)),
        **options,
    )
    for index in range(1, teams + 1):
        services.team_create(tournament=created, name=f"Équipe {index}",
                             player1=f"Joueur {index}A", player2=f"Joueur {index}B")
    return created


def drawn(*, owner=None, teams: int = 4, seed: int = 5, **options):
    """A tournament (as `tournament` builds it, slug "concours" unless told) with partie 1
    drawn by `seed`."""
    options.setdefault("slug", "concours")
    created = tournament(owner=owner, teams=teams, **options)
    services.round_generate(tournament=created, seed=seed)
    return created


def teams_written(t, count: int, clubs: dict[int, str] | None = None) -> None:
    """`count` doublettes « Équipe n » of « Joueur … » written in two queries (registration
    through the services is tested on its own; for a concours in poules it would be most of
    a test's time). `clubs`: a team number's club."""
    players = Player.objects.bulk_create(Player(tournament=t, number=number,
                                                name=f"Joueur {number}")
                                         for number in range(1, 2 * count + 1))
    Team.objects.bulk_create(
        Team(tournament=t, number=number, name=f"Équipe {number}",
             first=players[2 * number - 2], second=players[2 * number - 1],
             club=(clubs or {}).get(number, ""))
        for number in range(1, count + 1))


def melee(*, owner=None, players: int = 0, **options):
    """A mêlée concours (players register alone), published unless told otherwise, with
    `players` players "Joueur 1", "Joueur 2"… of the club "Club A" or "Club B"."""
    created = tournament(owner=owner, format="melee", **options)
    for index in range(1, players + 1):
        services.player_create(tournament=created, name=f"Joueur {index}",
                               club="Club A" if index % 2 else "Club B")
    return created


def criteria_post(*keys: str) -> dict[str, str]:
    """The rules page's criteria as posted: one drop-down per rank (criteria_0, _1, …)."""
    return {f"criteria_{index}": key for index, key in enumerate(keys)}


def made(taker: Side = Side.NS, contract: int = 80, points: int = 100, **figures) -> Donne:
    return Donne(taker=taker, contract=contract, trump=Trump.HEARTS, taker_points=points,
                 **figures)


def play_to_the_end(game, taker: Side = Side.NS) -> None:
    """Enter donnes until the game ends: a surcoinched 160 made each time."""
    from scoring import Coinche

    game.refresh_from_db()
    while not game.finished:
        services.donne_record(game=game, number=None,
                              donne=made(taker, 160, 162, coinche=Coinche.SURCOINCHE))
        game.refresh_from_db()


def melee_bulk(*, players: int, owner=None, **options):
    """A mêlée concours with `players` registered alone (Joueur 1, Joueur 2…, of the clubs
    "Club 0" to "Club 2"), written in one query rather than through the services."""
    t = tournament(owner=owner, format="melee", **options)
    Player.objects.bulk_create(Player(tournament=t, number=number, name=f"Joueur {number}",
                                      club=f"Club {number % 3}")
                               for number in range(1, players + 1))
    return t


def melee_partie(t, seed: int = 1) -> Round:
    """Draw the next partie of a mêlée with the mêlée method and save it as the schema says:
    the partie's teams (Team.round), a game per table, a team of one and a bye game per
    exempt player (tables numbered after the real ones). Written here from the pure draw
    while the services' mêlée draw is being integrated."""
    number = t.rounds.count() + 1
    players = list(t.players.filter(active=True).order_by("number").values_list("id",
                                                                              flat=True))
    partners = Team.objects.filter(round__tournament=t, second__isnull=False)
    draw = METHODS["melee"].draw(DrawInput(
        players, number, seed, partners=list(partners.values_list("first_id", "second_id"))))
    round_ = Round.objects.create(tournament=t, number=number, seed=seed,
                                  draw_method="melee")
    names = dict(t.players.values_list("id", "name"))
    teams = []

    def team(side):
        created = Team.objects.create(
            tournament=t, round=round_, number=len(teams) + 1, first_id=side[0],
            second_id=side[1] if len(side) > 1 else None,
            name=" et ".join(names[player] for player in side))
        teams.append(created)
        return created

    for table, seats in enumerate(draw.tables, start=1):
        Game.objects.create(round=round_, table=table, team_ns=team(seats.ns),
                            team_ew=team(seats.ew))
    for offset, player in enumerate(draw.exempt, start=1):
        bye = Game.objects.create(round=round_, table=len(draw.tables) + offset,
                                  team_ns=team((player,)))
        services.game_recompute(game=Game.objects.select_related("round__tournament")
                                .get(pk=bye.pk))
    return round_


def play_partie(round_, taker=Side.NS) -> None:
    for game in round_.games.filter(team_ew__isnull=False).order_by("table"):
        play_to_the_end(game, taker)


def xlsx_file(rows) -> io.BytesIO:
    """A workbook of `rows` as the teams' form receives an uploaded file (equipes.xlsx)."""
    workbook = Workbook()
    for row in rows:
        workbook.active.append(row)
    data = io.BytesIO()
    workbook.save(data)
    data.seek(0)
    data.name = "equipes.xlsx"
    return data


def form_posted(form) -> dict:
    """A form (the rules') as the browser posts it unchanged."""
    data = {}
    for bound in form:
        value = bound.value()
        if isinstance(bound.field, forms.BooleanField):
            if value:
                data[bound.name] = "on"
        elif isinstance(bound.field, forms.MultiValueField):  # the criteria, one per rank
            for index, item in enumerate(bound.field.widget.decompress(value)):
                data[f"{bound.html_name}_{index}"] = item or ""
        elif isinstance(value, datetime.date):
            data[bound.name] = value.isoformat()
        elif value is not None:
            data[bound.name] = str(value)
    return data


def register_players(t):
    """Link each player of `t` that is linked to none to a new entry of its club's register,
    named as the player (as registering an entrant does once the register links them): a
    backup of `t` then restores identically, each player to its own entry."""
    for player in t.players.filter(registered__isnull=True):
        player.registered = ClubPlayer.objects.create(
            club=t.club, name=player.name, licence=player.licence, home_club=player.club)
        player.save(update_fields=["registered"])
    return t


def register_linked(t):
    """Link every entrant of `t` to its club's register by name (a register player made for
    a name not yet in it): the same names in two concours of a club are the same players."""
    from tournament.models import ClubPlayer

    for player in Player.objects.filter(tournament=t):
        found = ClubPlayer.objects.filter(club_id=t.club_id, name=player.name).first()
        if found is None:
            found = ClubPlayer.objects.create(club_id=t.club_id, name=player.name)
        player.registered = found
        player.save(update_fields=["registered"])
    return t


def played(t, *, winners: str = "NS") -> None:
    """Play every game of the concours' last partie to the end, `winners` taking each."""
    for game in Game.objects.filter(round__tournament=t, team_ew__isnull=False):
        play_to_the_end(game, Side.NS if winners == "NS" else Side.EW)


def with_money(t, owner):
    """The desk's money and the pointage of `t` (a concours with no partie yet, of four
    entrants or more): every entrant arrived but the last, a fee of 10 € per player, four
    payments (cash, a cheque of less than due, an « offert », a card partly refunded), two
    lots (one valued), a cash prize pool of a percentage and an amount; then partie 1
    drawn. `owner` does it all (the journal names them)."""
    by = Actor.of_user(owner)
    melee_ = t.format == "melee"
    last = t.players.count() if melee_ else t.teams.count()
    for number in range(1, last):
        entrant = {"player": t.players.get(number=number)} if melee_ else {
            "team": t.teams.get(number=number, round__isnull=True)}
        services.entrant_arrive(tournament=t, by=by, **entrant)
    services.fee_set(tournament=t, fee=1000, fee_per="player", by=by)
    services.payment_take(tournament=t, number=1, method="especes", by=by)
    services.payment_take(tournament=t, number=2, method="cheque", amount=1850, by=by)
    services.payment_take(tournament=t, number=3, method="offert", by=by)
    services.payment_take(tournament=t, number=4, method="carte", by=by)
    services.payment_refund(tournament=t, number=4, amount=500, by=by)
    ham = services.prize_add(tournament=t, start=1, end=1, from_last=False, label="Un jambon",
                             by=by)
    services.prize_add(tournament=t, start=1, end=1, from_last=True, label="Une bouteille",
                       by=by)
    services.prize_value_set(prize=ham, value=2500, by=by)
    services.cash_pool_set(tournament=t, lines=[PoolLine(1, 1, percent=Decimal("12.5")),
                                                PoolLine(2, 3, amount=1000)], by=by)
    services.round_generate(tournament=t, seed=3, by=by)
    t.refresh_from_db()
    return register_players(t)


def tableaux_played(t) -> None:
    """Every match of every tableau called and won by its Nord-Sud side, in order."""
    from tournament.selectors.phases import tableaux_view

    while ready := [(view.tableau, slot) for view in tableaux_view(t)
                    for _name, slots in view.rounds + view.placing for slot in slots
                    if slot.state == "ready"]:
        tableau, slot = ready[0]
        match = services.tableau_match_call(tableau=tableau, low=slot.low,
                                            round_index=slot.round_index, index=slot.index)
        services.game_forfeit(game=match.game, side="EW")
