"""A concours in phases (BRACKETS.md v1): poules, knock-out tableaux, placement and the final
standings, as pure functions on entrant ids (no ORM), like the draw methods and the ranking.

The steps a service takes, in order, each a plain function of plain values:

- `poules`: `poule_sizes(n)`, `poule_name(i)`, `poules_deal(...)` (2.1–2.2: the deal by lot
  with the seed, têtes de série, clubs apart and the repair; the clashes that remain),
  `poule_pairs(...)` (2.3: the pairs of partie 1, 2, 3 of a poule, from the results so far)
  and `poule_ranking(...)` (2.4).
- `bracket`: the seeds (`poule_seeds` from the poules' rankings, with the levels of 3.1 and
  the mending of 3.2; `seeds_by_lot`), `standard_order`, `round_names`, and a tableau played
  match by match (`tableau_rounds`, then `direct_consolante` and `tableau_placing` for the
  placing matches and the order of its places, section 5).
- `standings`: the final standings (section 6) from the tableaux' places and the entrants in
  neither tableau.
- `formule`: a whole concours in phases played through a callback that plays one partie
  (`formule_play`), what `manage.py simulate_brackets` prints and what a service can follow
  step by step.

A refusal is a `BracketError` carrying the spec's French message (section 8); a caller's
bug (an entrant twice, a seed out of its list) is a plain ValueError.
"""

from .base import BracketError, Clubs, Game, Match

__all__ = ["BracketError", "Clubs", "Game", "Match"]
