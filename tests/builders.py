"""Small builders for tournaments, teams and games, through the services."""

import datetime
import itertools

from django.contrib.auth import get_user_model

from scoring import Donne, Side, Trump
from tournament import services

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
