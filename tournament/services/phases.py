"""Writes of a concours in phases (BRACKETS.md): its formule, its poules' deal, a swap of two
teams between poules, and the poules' parties.

The rules are the pure core's (`tournament.brackets`); these services lock the concours,
hand the core team numbers (a team's number is its id there), save what it gives and write
the journal (kind "phases") in the same transaction.

Decisions where BRACKETS.md is silent:
- a poule partie k is one partie of the concours (number k, phase "poule"): every poule's
  pairs of that partie, each on its own table, poule A's first. So the desk, the phones, the
  sheets and the projector work on it as on any partie. The exempt of a poule of three has
  no table: in a poule it scores nothing (2.3), and the poule's page names it;
- the formule is refused while the poules are drawn (undo their draw to change it), which
  is earlier than the spec's « once a poule has a donne »: a deal made under other options
  is never kept;
- a formule is checked against the entrants registered when there are enough of them to
  play it; before, only its own options are checked, and the formule's page says what the
  draw will refuse with the entrants so far;
- a mêlée plays in poules: its pairs are drawn with the poules (one seed, one button, one
  undo), among the players the draw takes, and saved as teams (services.pairs). An odd
  count of players is refused, as are têtes de série (a pair is not known before its draw).
  In `direct`, its pairs are drawn with the principal (by lot, then seeded by lot). After
  `parties`, the players ranked by the parties qualificatives, the principal's M pairs are
  drawn among the top 2M (brackets.pairs.melee_parties_tableaux); a player in neither
  tableau becomes a team of one, placed after them as the parties placed it.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from .. import journal as audit
from ..brackets import BracketError
from ..brackets.bracket import mend_poule_pairs, poule_seeds, seeds_by_lot
from ..brackets.formule import Formule, formule_check
from ..brackets.pairs import melee_parties_tableaux
from ..brackets.poules import PARTIES, poule_pairs, poules_deal
from ..errors import UserError
from ..journal import SYSTEM, Actor
from ..models import (
    CashPrize,
    Game,
    PhasePlan,
    Player,
    PouleSeat,
    Prize,
    Round,
    Tableau,
    TableauMatch,
    Team,
    Tournament,
)
from ..selectors.arrivals import entrants_drawn, entrants_registered
from ..selectors.phases import (
    Slot,
    direct_leaving,
    free_table,
    phase_plan_formule,
    poules_view,
    tableaux_view,
)
from ..selectors.rounds import round_unfinished_tables, tables_phrase
from ..selectors.rules import games_with_results
from ..selectors.standings import standings
from ..validators import MAX_SEED
from .donnes import game_forfeit
from .pairs import (
    melee_direct_drawn,
    melee_poules_dealt,
    melee_tableaux_saved,
    pairs_delete,
    pairs_numbers,
)
from .rounds import round_close

__all__ = ["phase_plan_set", "poule_partie_generate", "poules_draw", "poules_swap",
           "poules_undraw", "tableau_match_call", "tableau_match_uncall", "tableaux_draw"]

MAX_PRINCIPAL = 1024  # the most entrants a tableau takes (simulate_brackets' bound)
MAX_PARTIES = 30


def _locked(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _plan_values(plan: PhasePlan) -> dict[str, object]:
    return {"qualification": plan.qualification, "poule_style": plan.poule_style,
            "qualified": plan.qualified, "parties": plan.parties, "principal": plan.principal,
            "consolante": plan.consolante, "cadrage": plan.cadrage,
            "placement": plan.placement, "separate_clubs": plan.separate_clubs,
            "tetes": list(plan.tetes)}


def _checked_with(formule: Formule, registered: int) -> int:
    """The count of entrants a formule is checked against when it is set: the teams
    registered once they are enough to play it (6 in poules, M and two more for a
    consolante after parties qualificatives, 2 in a direct tableau); before, a count that
    lets only its own options be refused (the page says what the draw would refuse)."""
    if formule.qualification == "poules":
        fewest, roomy = 6, max(6, 4 * len(formule.tetes))
    elif formule.qualification == "parties":
        fewest = roomy = (formule.principal or 2) + (2 if formule.consolante else 0)
    else:
        fewest, roomy = 2, max(2, len(formule.tetes))
    return registered if registered >= fewest else roomy


@transaction.atomic
def phase_plan_set(*, tournament: Tournament, qualification: str, poule_style: str = "toutes",
                   qualified: int = 2, parties: int | None = None,
                   principal: int | None = None, consolante: bool = True,
                   cadrage: str = "tetes", placement: str = "partagees",
                   separate_clubs: bool = False, tetes: Sequence[int] = (),
                   by: Actor = SYSTEM) -> PhasePlan:
    """Set the concours' formule en phases (BRACKETS.md 1), refused in French as section 8
    says, and while the poules are drawn."""
    tournament = _locked(tournament)
    if tournament.by_player and tetes:
        raise UserError(_("Une mêlée n'a pas de têtes de série : ses paires sont tirées au "
                          "sort avec les poules."), "tetes")
    if tournament.rounds.exists():
        raise UserError(_("Des parties sont tirées : la formule ne change plus. Annulez "
                          "leur tirage pour la changer."))
    if PouleSeat.objects.filter(tournament=tournament).exists():
        raise UserError(_("Les poules sont tirées : annulez leur tirage pour changer la "
                          "formule."))
    if parties is not None and not 1 <= parties <= MAX_PARTIES:
        raise UserError(_("Parties qualificatives : de 1 à %(n)d.") % {"n": MAX_PARTIES},
                        "parties")
    if principal is not None and not 2 <= principal <= MAX_PRINCIPAL:
        raise UserError(_("Le tableau principal prend de 2 à %(n)d équipes.")
                        % {"n": MAX_PRINCIPAL}, "principal")
    if qualification != "parties":
        parties = principal = None
    tetes = list(tetes)
    if len(set(tetes)) != len(tetes):
        raise UserError(_("Une tête de série est nommée deux fois."), "tetes")
    registered = {team.number for team in entrants_registered(tournament)
                  if isinstance(team, Team)}
    unknown = [number for number in tetes if number not in registered]
    if unknown:
        raise UserError(_("Tête de série : aucune équipe n° %(n)d n'est inscrite.")
                        % {"n": unknown[0]}, "tetes")
    formule = Formule(qualification=qualification,  # type: ignore[arg-type]
                      poule_style=poule_style,  # type: ignore[arg-type]
                      qualified=qualified, parties=parties, principal=principal,
                      consolante=consolante, cadrage=cadrage,  # type: ignore[arg-type]
                      placement=placement,  # type: ignore[arg-type]
                      separate_clubs=separate_clubs, tetes=tuple(tetes))
    count = (entrants_registered(tournament).count() // 2 if tournament.by_player
             else len(registered))
    try:
        formule_check(formule, _checked_with(formule, count))
    except BracketError as error:
        raise UserError(str(error)) from None
    if not consolante and (Prize.objects.filter(tournament=tournament, tableau="consolante")
                           .exists() or CashPrize.objects.filter(
                               tournament=tournament, tableau="consolante").exists()):
        # Else they would silently reach nobody (the lots page would list them as such).
        raise UserError(_("Des lots ou des prix en espèces vont à la consolante : donnez-les "
                          "à d'autres places avant de la retirer de la formule."), "consolante")
    plan = PhasePlan.objects.filter(tournament=tournament).first()
    before = _plan_values(plan) if plan is not None else None
    if plan is None:
        plan = PhasePlan(tournament=tournament)
    plan.qualification, plan.poule_style, plan.qualified = (qualification, poule_style,
                                                            qualified)
    plan.parties, plan.principal, plan.consolante = parties, principal, consolante
    plan.cadrage, plan.placement = cadrage, placement
    plan.separate_clubs, plan.tetes = separate_clubs, tetes
    plan.full_clean(exclude=["tournament"])
    plan.save()
    after = _plan_values(plan)
    if before != after:
        audit.log(tournament, by, "phases", "update", before=before, after=after)
    return plan


def _plan_for_poules(tournament: Tournament) -> PhasePlan:
    plan = PhasePlan.objects.filter(tournament=tournament).first()
    if plan is None or plan.qualification != "poules":
        raise UserError(_("Ce concours ne se joue pas en poules : choisissez d'abord sa "
                          "formule."))
    return plan


@transaction.atomic
def poules_draw(*, tournament: Tournament, seed: int | None = None,
                by: Actor = SYSTEM) -> PhasePlan:
    """Deal the entrants the draw takes now (the arrived teams once the pointage is in use)
    into poules (BRACKETS.md 2.2): by lot with `seed` (drawn when None, recorded, shown),
    the têtes de série first, the clubs apart when asked."""
    tournament = _locked(tournament)
    plan = _plan_for_poules(tournament)
    if PouleSeat.objects.filter(tournament=tournament).exists():
        raise UserError(_("Les poules sont déjà tirées."))
    if tournament.rounds.exists():
        raise UserError(_("Des parties sont déjà tirées : les poules se tirent avant."))
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise UserError(_("Graine du tirage : de 0 à %(n)d.") % {"n": MAX_SEED}, "seed")
    teams = {team.number: team for team in entrants_drawn(tournament)
             if isinstance(team, Team)}
    absent = [number for number in plan.tetes if number not in teams]
    if absent:
        raise UserError(_("La tête de série n° %(n)d n'est pas du tirage (absente ou "
                          "retirée) : retirez-la de la formule.") % {"n": absent[0]})
    seed = secrets.randbelow(10**9) if seed is None else seed
    if tournament.by_player:
        return _melee_poules_draw(tournament, plan, seed, by)
    clubs = {number: {team.club} for number, team in teams.items() if team.club}
    try:
        formule_check(phase_plan_formule(plan, tournament), len(teams))
        deal = poules_deal(sorted(teams), seed=seed, tetes=plan.tetes, clubs=clubs,
                           separate_clubs=plan.separate_clubs)
    except BracketError as error:
        raise UserError(str(error)) from None
    PouleSeat.objects.bulk_create(
        PouleSeat(tournament=tournament, poule=index, position=position, team=teams[number])
        for index, poule in enumerate(deal.poules, start=1)
        for position, number in enumerate(poule, start=1))
    plan.deal_seed = seed
    plan.save(update_fields=["deal_seed"])
    audit.log(tournament, by, "phases", "create",
              after={"seed": seed, "poules": deal.poules})
    return plan


def _melee_poules_draw(tournament: Tournament, plan: PhasePlan, seed: int,
                       by: Actor) -> PhasePlan:
    """A mêlée's poules (1): its players drawn into pairs, then the pairs dealt as teams,
    both by lot with `seed`."""
    pairs, deal = melee_poules_dealt(tournament, seed=seed,
                                     separate_clubs=plan.separate_clubs)
    try:
        formule_check(phase_plan_formule(plan, tournament), len(pairs))
    except BracketError as error:
        raise UserError(str(error)) from None
    by_number = {team.number: team for team in pairs}
    PouleSeat.objects.bulk_create(
        PouleSeat(tournament=tournament, poule=index, position=position,
                  team=by_number[number])
        for index, poule in enumerate(deal.poules, start=1)
        for position, number in enumerate(poule, start=1))
    plan.deal_seed = seed
    plan.save(update_fields=["deal_seed"])
    audit.log(tournament, by, "phases", "create",
              after={"seed": seed, "poules": deal.poules, "pairs": pairs_numbers(pairs)})
    return plan


def _seated(tournament: Tournament) -> list[list[int]]:
    poules: dict[int, list[int]] = {}
    for poule, number in (PouleSeat.objects.filter(tournament=tournament)
                          .order_by("poule", "position")
                          .values_list("poule", "team__number")):
        poules.setdefault(poule, []).append(number)
    return [poules[key] for key in sorted(poules)]


@transaction.atomic
def poules_undraw(*, tournament: Tournament, by: Actor = SYSTEM) -> None:
    """Undo the poules' deal while no poule partie is drawn."""
    tournament = _locked(tournament)
    plan = _plan_for_poules(tournament)
    if tournament.rounds.exists():
        raise UserError(_("Une partie des poules est tirée : annulez d'abord son tirage."))
    seated = _seated(tournament)
    if not seated:
        raise UserError(_("Les poules ne sont pas tirées."))
    PouleSeat.objects.filter(tournament=tournament).delete()
    before: dict[str, object] = {"seed": plan.deal_seed, "poules": seated}
    if tournament.by_player:  # a mêlée's pairs were drawn with its poules: they go too
        before["pairs"] = pairs_numbers(list(Team.objects.filter(
            tournament=tournament, round__isnull=True).select_related("first", "second")))
        pairs_delete(tournament)
    plan.deal_seed = None
    plan.save(update_fields=["deal_seed"])
    audit.log(tournament, by, "phases", "delete", before=before)


@transaction.atomic
def poules_swap(*, tournament: Tournament, first: int, second: int,
                by: Actor = SYSTEM) -> None:
    """Exchange two teams (by number) of two poules, each taking the other's position, while
    no poule partie has a result (2.2: the organiser mends the deal by hand). The parties
    drawn already follow: their pairs are by position (2.3), so the two teams exchange their
    tables too."""
    tournament = _locked(tournament)
    _plan_for_poules(tournament)
    seats = {seat.team.number: seat for seat in PouleSeat.objects.select_for_update()
             .filter(tournament=tournament, team__number__in=[first, second])
             .select_related("team")}
    for number in (first, second):
        if number not in seats:
            raise UserError(_("L'équipe n° %(n)d n'est dans aucune poule.") % {"n": number})
    one, two = seats[first], seats[second]
    if one.poule == two.poule:
        raise UserError(_("Les équipes n° %(a)d et %(b)d sont dans la même poule : "
                          "échangez deux équipes de deux poules.") % {"a": first, "b": second})
    games = Game.objects.filter(round__tournament=tournament, round__phase="poule")
    if games_with_results(games).exists():
        raise UserError(_("Une partie des poules a un résultat : les poules ne changent "
                          "plus."))
    before = [[one.poule, one.position], [two.poule, two.position]]
    # The unique (poule, position) constraint holds at each save: one seat steps aside.
    spot_one, spot_two = (one.poule, one.position), (two.poule, two.position)
    one.poule, one.position = 0, 0
    one.save(update_fields=["poule", "position"])
    two.poule, two.position = spot_one
    two.save(update_fields=["poule", "position"])
    one.poule, one.position = spot_two
    one.save(update_fields=["poule", "position"])
    team_one, team_two = one.team, two.team
    for game in games.select_for_update(of=("self",)).order_by("round__number", "table"):
        changed = False
        for side in ("team_ns_id", "team_ew_id"):
            if getattr(game, side) == team_one.pk:
                setattr(game, side, team_two.pk)
                changed = True
            elif getattr(game, side) == team_two.pk:
                setattr(game, side, team_one.pk)
                changed = True
        if changed:
            game.save(update_fields=["team_ns", "team_ew"])
    audit.log(tournament, by, "phases", "swap",
              before={"teams": [first, second], "places": before},
              after={"teams": [first, second],
                     "places": [[one.poule, one.position], [two.poule, two.position]]})


@transaction.atomic
def poule_partie_generate(*, tournament: Tournament, by: Actor = SYSTEM) -> Round:
    """Draw the poules' next partie (1, 2, 3; BRACKETS.md 2.3): every poule's pairs, each on
    its own table in poule order, the first named at Nord-Sud. The partie before, finished at
    every table, is closed (as a drawn partie closes the one before)."""
    tournament = _locked(tournament)
    plan = _plan_for_poules(tournament)
    seated = _seated(tournament)
    if not seated:
        raise UserError(_("Tirez d'abord les poules."))
    last = tournament.rounds.order_by("-number").first()
    number = 1 if last is None else last.number + 1
    if number > PARTIES:
        raise UserError(_("Les trois parties des poules sont tirées."))
    if last is not None:
        unfinished = round_unfinished_tables(last)
        if unfinished:
            raise UserError(_("La partie %(n)d n'est pas terminée à toutes les tables : "
                              "%(tables)s.") % {"n": last.number,
                                                "tables": tables_phrase(unfinished)})
    view = poules_view(tournament, plan)
    pairs: list[tuple[int, int]] = []
    for poule in view.poules:
        entrants = [row.number for row in poule.rows]
        played = [match for partie, match in poule.matches if partie < number]
        try:
            pairs += poule_pairs(entrants, plan.poule_style,  # type: ignore[arg-type]
                                 number, played)
        except BracketError:
            raise UserError(_("Poule %(p)s : une partie est à égalité ; elle se poursuit "
                              "donne par donne jusqu'à la donne décisive.")
                            % {"p": poule.name}) from None
    if last is not None and not last.closed:
        round_close(round_=last, by=by)
    teams = {team.number: team.pk for team in Team.objects.filter(
        tournament=tournament, round__isnull=True)}
    round_ = Round.objects.create(tournament=tournament, number=number, phase="poule")
    Game.objects.bulk_create(
        Game(round=round_, table=table, team_ns_id=teams[a], team_ew_id=teams[b])
        for table, (a, b) in enumerate(pairs, start=1))
    audit.log(tournament, by, "round", "create", round_number=number,
              after={"seed": None, "tables": {str(table): [a, b] for table, (a, b)
                                              in enumerate(pairs, start=1)}})
    # A mêlée's pair is withdrawn with either player: its players read with it, not a row at
    # a time.
    players = (("team_ns__first", "team_ns__second", "team_ew__first", "team_ew__second")
               if tournament.by_player else ())
    for game in round_.games.select_related("team_ns", "team_ew", *players):
        _withdrawn_forfeits(game, by)
    return round_


# --- The tableaux -----------------------------------------------------------------------


@transaction.atomic
def tableaux_draw(*, tournament: Tournament, seed: int | None = None,
                  by: Actor = SYSTEM) -> list[Tableau]:
    """Seed the principal and the consolante from the poules' rankings once every poule has
    played its parties (BRACKETS.md 3.1, 4): the 1sts in poule order, the 2nds crossed, the
    mending of 3.2 so that no first-round pair joins one poule; under the cadrage « par
    tirage », by lot with `seed` (drawn when None). The poules' last partie is closed."""
    tournament = _locked(tournament)
    plan = PhasePlan.objects.filter(tournament=tournament).first()
    drawn = set(Tableau.objects.filter(tournament=tournament).values_list("name", flat=True))
    if (plan is not None and plan.qualification == "direct" and plan.consolante
            and drawn == {"principal"}):
        return [_direct_consolante(tournament, plan, by)]
    if drawn:
        raise UserError(_("Les tableaux sont déjà tirés."))
    if plan is not None and plan.qualification == "direct":
        return [_direct_draw(tournament, plan, seed, by)]
    if plan is not None and plan.qualification == "parties":
        return _parties_draw(tournament, plan, seed, by)
    plan = _plan_for_poules(tournament)
    view = poules_view(tournament, plan)
    if not view.drawn or view.parties_drawn < PARTIES or not all(
            poule.finished for poule in view.poules):
        unfinished = [poule.name for poule in view.poules if not poule.finished]
        raise UserError(_("Les poules n'ont pas fini leurs parties (%(p)s) : les tableaux se "
                          "tirent ensuite.") % {"p": ", ".join(unfinished) or "—"})
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise UserError(_("Graine du tirage : de 0 à %(n)d.") % {"n": MAX_SEED}, "seed")
    rankings = [[row.number for row in poule.ranking] for poule in view.poules]
    # A withdrawn entrant is never sent to a consolante (3.3): the first place left in its
    # poule is the next one's (4), and it is placed in neither tableau, by its poule place (6).
    withdrawn = _withdrawn(tournament)
    sent = [ranking[:plan.qualified] + [number for number in ranking[plan.qualified:]
                                        if number not in withdrawn] for ranking in rankings]
    groups = [("principal", list(range(plan.qualified)))]
    if plan.consolante:
        groups.append(("consolante", list(range(plan.qualified, 4))))
    lot = plan.cadrage == "tirage"
    seed = (secrets.randbelow(10**9) if seed is None else seed) if lot else None
    made = []
    for offset, (name, places) in enumerate(groups):
        seeds = poule_seeds(rankings if name == "principal" else sent, places)
        unmended: list[tuple[int, int]] = []
        if lot:
            assert seed is not None
            entrants = seeds_by_lot([one.entrant for one in seeds], seed=seed + offset)
        elif len(seeds) >= 2:
            mended, unmended = mend_poule_pairs(seeds)
            entrants = [one.entrant for one in mended]
        else:
            entrants = [one.entrant for one in seeds]
        if len(entrants) < 2:
            continue  # a consolante of fewer than 2 is not played (4)
        made.append(Tableau.objects.create(tournament=tournament, name=name, seeds=entrants,
                                           unmended=[list(pair) for pair in unmended],
                                           seed=seed, rest=_poules_rest(plan, rankings,
                                                                        withdrawn, name)))
        audit.log(tournament, by, "phases", "tableau",
                  after={"tableau": name, "seeds": entrants})
    for round_ in tournament.rounds.filter(phase="poule", closed=False):
        round_close(round_=round_, by=by)
    return made


def _withdrawn(tournament: Tournament) -> set[int]:
    """The numbers of the registered teams withdrawn: never sent to a consolante (3.3)."""
    return set(Team.objects.filter(tournament=tournament, round__isnull=True, active=False)
               .values_list("number", flat=True))


def _poules_rest(plan: PhasePlan, rankings: list[list[int]], withdrawn: set[int],
                 name: str) -> list[list[int]]:
    """The entrants from poules in neither tableau, by poule place (6), kept on the
    principal: every place after the qualified when there is no consolante; with one, the
    withdrawn entrants it was not sent (3.3), a group for each place from the first after
    the qualified, empty ones included, so that a group's index says its place."""
    if name != "principal":
        return []
    if not plan.consolante:
        return [group for place in range(plan.qualified, 4)
                if (group := [ranking[place] for ranking in rankings if place < len(ranking)])]
    rest = [[ranking[place] for ranking in rankings
             if place < len(ranking) and ranking[place] in withdrawn]
            for place in range(plan.qualified, 4)]
    while rest and not rest[-1]:
        rest.pop()
    return rest


def _parties_draw(tournament: Tournament, plan: PhasePlan, seed: int | None,
                  by: Actor) -> list[Tableau]:
    """After the parties qualificatives (3.1, 4): the top M of the standings to the
    principal by their place (teams tied at the cut by lot with `seed`, drawn when None),
    the others to the consolante; under « par tirage », each tableau's seeds by lot."""
    assert plan.parties is not None and plan.principal is not None
    last = tournament.rounds.order_by("-number").first()
    if last is None or last.number < plan.parties or round_unfinished_tables(last):
        raise UserError(_("Les %(n)d parties qualificatives ne sont pas finies : les tableaux "
                          "se tirent ensuite.") % {"n": plan.parties})
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise UserError(_("Graine du tirage : de 0 à %(n)d.") % {"n": MAX_SEED}, "seed")
    seed = secrets.randbelow(10**9) if seed is None else seed
    if tournament.by_player:
        return _melee_parties_draw(tournament, plan, seed, last, by)
    rng = random.Random(seed)
    numbers = dict(Team.objects.filter(tournament=tournament, round__isnull=True,
                                       active=True).values_list("pk", "number"))
    groups: dict[int, list[int]] = {}
    for row in standings(tournament):
        if row.entrant in numbers:
            groups.setdefault(row.rank, []).append(numbers[row.entrant])
    ranked = [sorted(group) for _rank, group in sorted(groups.items())]
    order = []
    for group in ranked:
        rng.shuffle(group)  # teams tied on every criterion: by lot (3.1)
        order += group
    try:
        formule_check(phase_plan_formule(plan, tournament), len(order))
    except BracketError as error:
        raise UserError(str(error)) from None
    principal, others = order[:plan.principal], order[plan.principal:]
    lot = plan.cadrage == "tirage"
    made = []
    for name, entrants in (("principal", principal),
                           ("consolante", others if plan.consolante else [])):
        if len(entrants) < 2:
            continue
        if lot:
            entrants = seeds_by_lot(entrants, seed=rng.randrange(10**9))
        kept = set(principal)
        rest = [] if plan.consolante or name != "principal" else [
            left for group in ranked if (left := [n for n in group if n not in kept])]
        made.append(Tableau.objects.create(tournament=tournament, name=name, seeds=entrants,
                                           seed=seed, rest=rest))
        audit.log(tournament, by, "phases", "tableau",
                  after={"tableau": name, "seeds": entrants})
    if not last.closed:
        round_close(round_=last, by=by)
    return made


def _melee_parties_draw(tournament: Tournament, plan: PhasePlan, seed: int, last: Round,
                        by: Actor) -> list[Tableau]:
    """A mêlée after its parties qualificatives (BRACKETS.md 1): its active players ranked
    as today, the principal's pairs drawn among the top 2M, the consolante's among the
    others; a player in neither tableau is placed by its place in the parties."""
    assert plan.principal is not None
    # The active players the parties qualificatives seated: one registered but never
    # arrived is in no tableau (nor in the standings, issue 32).
    seated = {player for pair in Team.objects.filter(tournament=tournament,
                                                     round__isnull=False)
              .values_list("first_id", "second_id") for player in pair}
    active = set(Player.objects.filter(tournament=tournament, active=True, pk__in=seated)
                 .values_list("pk", flat=True))
    groups: dict[int, list[int]] = {}
    for row in standings(tournament):
        if row.entrant in active:
            groups.setdefault(row.rank, []).append(row.entrant)
    try:
        made = melee_parties_tableaux([group for _rank, group in sorted(groups.items())],
                                      principal=plan.principal, consolante=plan.consolante,
                                      seed=seed)
    except BracketError as error:
        raise UserError(str(error)) from None
    pairs, rest = melee_tableaux_saved(tournament, made)
    made_tableaux = []
    for name, seeds in (("principal", made.principal), ("consolante", made.consolante)):
        if len(seeds) < 2:
            continue
        made_tableaux.append(Tableau.objects.create(
            tournament=tournament, name=name, seeds=seeds, seed=seed,
            rest=rest if name == "principal" else []))
        after: dict[str, object] = {"tableau": name, "seeds": seeds}
        if name == "principal":
            after["pairs"] = pairs_numbers(pairs)
        audit.log(tournament, by, "phases", "tableau", after=after)
    if not last.closed:
        round_close(round_=last, by=by)
    return made_tableaux


def _direct_consolante(tournament: Tournament, plan: PhasePlan, by: Actor) -> Tableau:
    """`direct` (4): the losers of their first partie in the principal, seeded by their
    seeds there (by lot under « par tirage »), once those parties are played."""
    view = next(view for view in tableaux_view(tournament)
                if view.tableau.name == "principal")
    leaving = direct_leaving(view)
    if leaving is None:
        raise UserError(_("Les premières parties du tableau principal ne sont pas toutes "
                          "jouées : la consolante se tire ensuite."))
    # A withdrawn entrant is never sent to a consolante: it keeps the place of the round it
    # left in the principal (3.3, 4).
    withdrawn = _withdrawn(tournament)
    leaving = [number for number in leaving if number not in withdrawn]
    if len(leaving) < 2:
        raise UserError(_("La consolante aurait moins de 2 équipes : elle n'est pas jouée."))
    seed = None
    if plan.cadrage == "tirage":
        seed = secrets.randbelow(10**9)
        leaving = seeds_by_lot(leaving, seed=seed)
    tableau = Tableau.objects.create(tournament=tournament, name="consolante", seeds=leaving,
                                     seed=seed)
    audit.log(tournament, by, "phases", "tableau",
              after={"tableau": "consolante", "seeds": leaving})
    return tableau


def _direct_draw(tournament: Tournament, plan: PhasePlan, seed: int | None,
                 by: Actor) -> Tableau:
    """`direct` (3.1): every entrant the draw takes to the principal, by lot with `seed`
    (drawn when None, recorded), the têtes de série first in their order (none under the
    cadrage « par tirage »). Decision: its consolante of first losers (4) is not drawn by
    the application yet."""
    if tournament.rounds.exists():
        raise UserError(_("Des parties sont déjà tirées."))
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise UserError(_("Graine du tirage : de 0 à %(n)d.") % {"n": MAX_SEED}, "seed")
    teams = sorted(team.number for team in entrants_drawn(tournament)
                   if isinstance(team, Team))
    tetes = [] if plan.cadrage == "tirage" else list(plan.tetes)
    absent = [number for number in tetes if number not in teams]
    if absent:
        raise UserError(_("La tête de série n° %(n)d n'est pas du tirage (absente ou "
                          "retirée) : retirez-la de la formule.") % {"n": absent[0]})
    seed = secrets.randbelow(10**9) if seed is None else seed
    after: dict[str, object] = {"tableau": "principal"}
    try:
        if tournament.by_player:
            pairs, seeds = melee_direct_drawn(tournament, seed=seed)
            after["pairs"] = pairs_numbers(pairs)
        else:
            seeds = seeds_by_lot(teams, seed=seed, tetes=tetes)
        formule_check(phase_plan_formule(plan, tournament), len(seeds))
    except BracketError as error:
        raise UserError(str(error)) from None
    tableau = Tableau.objects.create(tournament=tournament, name="principal", seeds=seeds,
                                     seed=seed)
    audit.log(tournament, by, "phases", "tableau", after={**after, "seeds": seeds})
    return tableau


def _slot(tournament: Tournament, tableau: Tableau, low: int, round_index: int,
          index: int) -> Slot:
    for view in tableaux_view(tournament):
        if view.tableau.pk != tableau.pk:
            continue
        for _name, slots in view.rounds + view.placing:
            for slot in slots:
                if slot.key == (low, round_index, index):
                    return slot
    raise UserError(_("Ce match n'existe pas dans ce tableau."))


@transaction.atomic
def tableau_match_call(*, tableau: Tableau, round_index: int, index: int, low: int = 0,
                       table: int | None = None, by: Actor = SYSTEM) -> TableauMatch:
    """Call a match whose two entrants are known (3.3) to `table` (None: the lowest free
    one): its game, in the partie of its tableau's round (made with the first match
    called), with its score sheet, its table link and its line on the projector. `low`: a
    placing match's first place (its group's size as `round_index`), 0 for the bracket."""
    tournament = _locked(tableau.tournament)
    slot = _slot(tournament, tableau, low, round_index, index)
    if slot.state != "ready":
        raise UserError(_("Ce match ne peut pas être appelé : ses deux équipes ne sont pas "
                          "connues, ou il est déjà appelé."))
    assert slot.a is not None and slot.b is not None
    sibling = (TableauMatch.objects.filter(tableau=tableau, low=low, round_index=round_index)
               .select_related("game__round").first())
    round_ = sibling.game.round if sibling is not None else None
    if table is None:
        table = free_table(tournament, round_)
    elif not 1 <= table <= MAX_TABLE:
        raise UserError(_("Table : de 1 à %(n)d.") % {"n": MAX_TABLE}, "table")
    elif not _table_free(tournament, round_, table):
        raise UserError(_("La table %(t)d est occupée.") % {"t": table}, "table")
    if round_ is None:
        last = tournament.rounds.order_by("-number").first()
        round_ = Round.objects.create(tournament=tournament,
                                      number=1 if last is None else last.number + 1,
                                      phase=tableau.name)
    game = Game.objects.create(round=round_, table=table, team_ns=slot.a, team_ew=slot.b)
    _withdrawn_forfeits(game, by)
    match = TableauMatch.objects.create(tableau=tableau, low=low, round_index=round_index,
                                        index=index, game=game)
    where = [low, round_index, index] if low else [round_index, index]
    audit.log(tournament, by, "phases", "call", round_number=round_.number, table=table,
              after={"tableau": tableau.name, "match": where,
                     "teams": [slot.a.number, slot.b.number]})
    return match


MAX_TABLE = 999


def _withdrawn_forfeits(game: Game, by: Actor) -> None:
    """A withdrawn team loses every partie left to it by forfeit (3.3), in its poule and in
    its tableau: its opponent goes through « par forfait ». A mêlée's pair is withdrawn
    with either of its players (decision: the pair was drawn once, nobody replaces one)."""
    for side, team in (("NS", game.team_ns), ("EW", game.team_ew)):
        if team is not None and (not team.active or (game.round.tournament.by_player and any(
                player is not None and not player.active
                for player in (team.first, team.second)))):
            game_forfeit(game=game, side=side, by=by)
            return


def _table_free(tournament: Tournament, round_: Round | None, table: int) -> bool:
    busy = Game.objects.filter(round__tournament=tournament, finished=False,
                               team_ew__isnull=False, table=table).exists()
    return not busy and (round_ is None or not round_.games.filter(table=table).exists())


@transaction.atomic
def tableau_match_uncall(*, match: TableauMatch, by: Actor = SYSTEM) -> None:
    """Undo a call while its game has no result (no donne, no totals, no forfeit): the
    match is to call again; its partie goes with its last match."""
    tournament = _locked(match.tableau.tournament)
    locked = (TableauMatch.objects.select_related("game__round", "tableau")
              .filter(pk=match.pk).first())
    if locked is None:
        raise UserError(_("Cet appel est déjà annulé."))
    game = locked.game
    if games_with_results(Game.objects.filter(pk=game.pk)).exists():
        raise UserError(_("Le match de la table %(t)d a un résultat : son appel ne peut plus "
                          "être annulé.") % {"t": game.table})
    round_ = game.round
    where = ([locked.low, locked.round_index, locked.index] if locked.low
             else [locked.round_index, locked.index])
    before = {"tableau": locked.tableau.name, "match": where,
              "teams": [game.team_ns.number, game.team_ew.number if game.team_ew else 0]}
    game.delete()  # and its match (cascade)
    if not round_.games.exists():
        round_.delete()
    audit.log(tournament, by, "phases", "uncall", round_number=round_.number,
              table=game.table, before=before)
