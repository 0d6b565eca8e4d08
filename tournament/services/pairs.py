"""A mêlée in phases (BRACKETS.md 1): its players drawn once into pairs, each saved as a team
of the concours (its number, its two players, no partie: `Team.round` empty, as a registered
doublette), so that the poules, the tableaux, the desk, the phones and the backups seat and
score a pair as a doublette, while the standings of the parties still rank its players.

Called by services.phases inside its own transaction, the concours locked: these helpers are
not services of their own.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from ..brackets import BracketError
from ..brackets.pairs import MeleeParties, melee_direct_seeds, melee_poules_deal
from ..brackets.poules import Deal
from ..errors import UserError
from ..models import Player, Team, Tournament
from ..selectors.arrivals import entrants_drawn
from ..selectors.rounds import partie_team_name
from ..validators import same_name


def drawn_players(tournament: Tournament) -> dict[int, Player]:
    """The players the draw takes now (the arrived ones once the pointage is in use), by
    number."""
    return {player.number: player for player in entrants_drawn(tournament)
            if isinstance(player, Player)}


def melee_poules_dealt(tournament: Tournament, *, seed: int,
                       separate_clubs: bool) -> tuple[list[Team], Deal]:
    """Draw the pairs among the players the draw takes, save them, and deal them into poules
    (2.2, a pair's clubs both of its players'): the pairs as teams numbered 1, 2, … and the
    deal of their numbers. Refused in French (an odd count, fewer than 12 players)."""
    players = drawn_players(tournament)
    clubs = {number: {player.club} for number, player in players.items() if player.club}
    try:
        made = melee_poules_deal(sorted(players), seed=seed, clubs=clubs,
                                 separate_clubs=separate_clubs)
    except BracketError as error:
        raise UserError(str(error)) from None
    return pairs_save(tournament, [(players[a], players[b]) for a, b in made.pairs]), made.deal


def melee_direct_drawn(tournament: Tournament, *, seed: int) -> tuple[list[Team], list[int]]:
    """`direct` in a mêlée: the pairs drawn among the players the draw takes, saved, and
    their numbers by seed (by lot). Refused in French (an odd count, fewer than 4)."""
    players = drawn_players(tournament)
    try:
        made = melee_direct_seeds(sorted(players), seed=seed)
    except BracketError as error:
        raise UserError(str(error)) from None
    teams = pairs_save(tournament, [(players[a], players[b]) for a, b in made.pairs])
    return teams, made.seeds


def melee_tableaux_saved(tournament: Tournament, made: MeleeParties
                         ) -> tuple[list[Team], list[list[int]]]:
    """After a mêlée's parties qualificatives: its tableaux' pairs saved (numbered as
    drawn), then each player in neither tableau as a team of one (numbered after them), so
    that the final standings place it (BRACKETS.md 6); those teams' numbers by place group,
    as `Tableau.rest` keeps them."""
    players = {player.pk: player for player in Player.objects.filter(tournament=tournament)}
    teams = pairs_save(tournament, [(players[a], players[b]) for a, b in made.pairs])
    limit = Team._meta.get_field("name").max_length or 120
    taken = {same_name(team.name) for team in teams}
    alone = []
    for number, player in enumerate((players[one] for group in made.rest for one in group),
                                    start=len(teams) + 1):
        name = player.name
        if same_name(name) in taken:
            suffix = f" ({number})"
            name = name[:limit - len(suffix)] + suffix
        taken.add(same_name(name))
        alone.append(Team(tournament=tournament, number=number, name=name, first=player,
                          club=player.club))
    numbers = iter(team.number for team in Team.objects.bulk_create(alone))
    return teams, [[next(numbers) for _one in group] for group in made.rest]


def pairs_save(tournament: Tournament, pairs: Sequence[tuple[Player, Player]]) -> list[Team]:
    """Each pair as a team numbered from 1 in the order drawn, named by its players (« Anne
    et Basile »; two pairs of namesakes are told apart by their number, as team names are
    unique in a concours)."""
    if Team.objects.filter(tournament=tournament, round__isnull=True).exists():
        raise UserError(_("Les paires de la mêlée sont déjà tirées."))
    limit = Team._meta.get_field("name").max_length or 120
    seen: set[str] = set()
    teams = []
    for number, (first, second) in enumerate(pairs, start=1):
        name = partie_team_name(first.name, second.name)
        if same_name(name) in seen:
            suffix = f" ({number})"
            name = name[:limit - len(suffix)] + suffix
        seen.add(same_name(name))
        teams.append(Team(tournament=tournament, number=number, name=name, first=first,
                          second=second, club=_pair_club(first, second)))
    return Team.objects.bulk_create(teams)


def _pair_club(first: Player, second: Player) -> str:
    """The club shown for a pair: its players' one club, « A / B » for two (cut to the
    column; the deal reads the players' own clubs)."""
    clubs = sorted({club for club in (first.club, second.club) if club})
    text = " / ".join(clubs)
    limit = Team._meta.get_field("club").max_length or 120
    return text if len(text) <= limit else text[:limit - 1] + "…"


def pairs_numbers(teams: Sequence[Team]) -> list[list[int]]:
    """The pairs by their players' numbers, pair 1 first: what the journal keeps."""
    return [[team.first.number, team.second.number if team.second else 0] for team in teams]


def pairs_delete(tournament: Tournament) -> None:
    """The pairs go with the poules' draw that made them (its seats and games first)."""
    Team.objects.filter(tournament=tournament, round__isnull=True).delete()

